"""Versus's mode kit (docs/architecture.md, "How a new mode adds its kit"): what the versus game
brings to the shared UI, registered with :func:`game.ui.modes.register_kit` when this package's
screens are imported (the set-up screen, a loaded versus game).

The shared play screen (``game.ui.play``) is the city's board of tiles and survivors; versus's
board of squares, edges and facings is drawn by its own screen, :class:`~.scene.VersusScene`
(opened by the set-up screen and by a versus save). The kit answers the shared questions the same way:
``claims`` a game of the ``versus`` rule set, its bot for a seat handed to the bot (the greedy
one-ply bot; the set-up screen offers the search bot's strengths), its rulebook section."""
from __future__ import annotations

from typing import Any

from ...ai.versus_bots import make_bot
from ...engine.query import View
from ..kit import ModeKit
from ..modes import register_kit


class SeatBot:
    """A versus bot with the shared screens' call ``choose(state)``: it answers for the seat
    the pending decision is addressed to, from that seat's view only."""

    def __init__(self, seed: int, name: str = "greedy"):
        self.bot = make_bot(name, seed)

    def choose(self, state: Any) -> Any:
        seat = View(state, None).deciding_seats()[0]
        return self.bot.choose(state, seat)


class VersusKit(ModeKit):
    """The versus game's answers."""

    rulebook_section = "versus"

    def claims(self, state: Any) -> bool:
        return View.of(state).rules == "versus"

    def bot(self, seed: int) -> SeatBot:
        return SeatBot(seed)


KIT = register_kit(VersusKit())
