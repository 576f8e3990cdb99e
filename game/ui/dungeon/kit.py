"""The dungeon's kit (issue 26 item 4): what the dungeon crawl answers when a shared screen asks a
mode (:class:`game.ui.kit.ModeKit`), registered with :func:`game.ui.modes.register_kit` when this
module is imported (the dungeon's set-up and play screens import it).

The dungeon has a play screen of its own (:mod:`.play`), so the shared play screen's hooks (its
strip, dialogs) are not used; the kit says which games are the dungeon's, which bot plays a seat
handed to it (:class:`game.ai.dungeon_bot.DungeonBot`) and which rulebook section F1 opens.
"""
from __future__ import annotations

from typing import Any

from ...ai.dungeon_bot import DungeonBot
from ...engine import View
from ..kit import ModeKit
from ..modes import register_kit


class DungeonKit(ModeKit):
    """The dungeon crawl's answers to the shared screens."""

    rulebook_section = "dungeon"

    def claims(self, state: Any) -> bool:
        """A game of the ``dungeon`` rule set."""
        return View(state).rules == "dungeon"

    def bot(self, seed: int) -> DungeonBot:
        """The dungeon's bot (plays any hero through the public View)."""
        return DungeonBot(seed)


KIT = register_kit(DungeonKit())

__all__ = ["DungeonKit", "KIT"]
