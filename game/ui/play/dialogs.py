"""The dialog each decision kind opens over the board (issue 24 item 2): a table instead of an
if-ladder in ``PlayScene.update``. Each entry is ``opener(play) -> Scene | None`` (None: nothing to
open now; the bot or the board answers). A mode's kit adds or replaces entries
(:attr:`game.ui.kit.ModeKit.dialogs`), so a new mode brings its own dialogs without editing this file.
"""
from __future__ import annotations

from typing import Any, Callable, TYPE_CHECKING

from ..entry import EntryDialog
from ..kit import ModeKit
from ..narrative import NarrativeDialog, pending_story, STORY_DECISIONS
from ..scenes.peek import PeekDialog

if TYPE_CHECKING:
    from ..scene import Scene
    from .scene import PlayScene

Opener = Callable[["PlayScene"], "Scene | None"]


def entry_dialog(play: "PlayScene") -> "Scene | None":
    """An automation switch is off: the table rolls or draws and enters the result (bots' too)."""
    return EntryDialog(play)


def peek_dialog(play: "PlayScene") -> "Scene | None":
    """R-TENSION-12: a person sees the cards and puts them back in order (a bot answers itself)."""
    return PeekDialog(play) if play.is_human(play.deciding_seat()) else None


def story_dialog(play: "PlayScene") -> "Scene | None":
    """A card's choice is waiting (also in a game just loaded): the card is shown again."""
    ev = pending_story(play.state)
    return NarrativeDialog(play, ev) if ev is not None else None


#: the decision kinds every mode shares, with their dialogs
SHARED: dict[str, Opener] = {"enter": entry_dialog, "peek": peek_dialog, **{k: story_dialog for k in STORY_DECISIONS}}


def dialogs_for(kit: ModeKit) -> dict[str, Any]:
    """Decision kind -> opener for a game of ``kit``'s mode: the shared ones, then the kit's own."""
    return {**SHARED, **{k: story_dialog for k in kit.story_decisions}, **kit.dialogs}
