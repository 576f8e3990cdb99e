"""The toy mode's kit (issue 24 item 2, must show): what Delve (:mod:`tests.rulesets.delve`) brings to
the shared play screen, written the way a new mode writes its own, with no edit to a shared UI file:

- a strip in the side panel (``hud``): every delver's points and flares left (TOY-3, TOY-4, TOY-6);
- its results screen's words (``results_words``, ``results_headline``, ``results_columns``,
  ``results_parts``): delvers with their points and flares, none of the city's figures;
- its own choice of the shared side panel's parts (``side_parts``): only the acting delver's profile,
  no health track, inventory, dice rows or tension card;
- a dialog for its own decision kind (``dialogs``): the secret bid (TOY-5) is asked in a box of its
  own over the board, one button per amount, only to the seat that bids;
- its bot (``bot``): steps towards gems and exits, bids one point when it has any, lights no flare;
- ``claims``: a game played by the ``delve`` rule set.

A real mode does the same in its own package under ``game/ui/`` and registers its kit there with
:func:`game.ui.modes.register_kit` (docs/architecture.md, "How a new mode adds its kit"); this one
is registered by the tests that use it (``registered`` below), so other toy tests keep the plain screen.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pygame

from game.engine import Action
from game.engine.query import View
from game.ui import theme as T
from game.ui.kit import ModeKit
from game.ui.modes import forget_kit, register_kit
from game.ui.scene import Command, Pop, Scene, left_click
from game.ui.widgets import button, panel
from tests.rulesets.delve import BID, STEP


class DelveStrip:
    """The side panel's Delve strip: points and flares per delver (public), and, on a screen that is
    one seat's eyes (a lone person at it: ``PlayScene.viewer``), that seat's own secret bid once it is
    in, read from the seat's own view (``View.of(state, seat).visible_state()``: the rule set's redact
    leaves the other seat's bid out)."""

    ROW = 18

    def __init__(self, play: Any):
        self.play = play

    def feed(self, events: list) -> None:
        """Nothing to remember: the strip reads the state each frame."""

    def tick(self, dt: float) -> None:
        pass

    def update(self, dt: float, app: Any) -> Command:
        return None

    def button(self, key: str, value: Any) -> Command:
        return None

    def height(self, state: Any) -> int:
        return 24 + self.ROW * (len(View.of(state).characters) + 1)

    def own_bid(self, state: Any) -> tuple[int, int] | None:
        """(seat, its bid) of the seat whose eyes the screen is, when that seat has bid this round."""
        me = self.play.viewer()
        if me is None:
            return None
        bids = (View.of(state, me).visible_state().get("delve") or {}).get("bids") or {}
        return (me, bids[str(me)]) if str(me) in bids else None

    def draw(self, surf: pygame.Surface, r: pygame.Rect, state: Any, art: Any, zones: Any, mouse: Any,
             dice_rect: pygame.Rect) -> None:
        panel(surf, r, None, fill=(26, 30, 26), edge=T.PANEL_EDGE)
        T.text(surf, "DELVE · points and flares", (r.left + 8, r.top + 4), 13, T.GOLD, bold=True)
        q = View.of(state)
        for i, c in enumerate(q.characters):
            pts, flares = state.delve.points[i], state.delve.flares[i]
            name = q.scenario.content.characters[c.cid].name
            T.text(surf, f"{name}: {pts} point{'s' if pts != 1 else ''} · {flares} flare{'s' if flares != 1 else ''} left",
                   (r.left + 12, r.top + 22 + i * self.ROW), 13, T.TEXT)
        mine = self.own_bid(state)
        if mine is not None:
            T.text(surf, f"Player {mine[0] + 1}, your secret bid: {mine[1]}", (r.left + 12, r.top + 22 + len(q.characters) * self.ROW),
                   13, T.GOLD)


class BidDialog(Scene):
    """TOY-5: the deciding seat's secret bid, one button per amount from 0 to its points."""

    overlay = True
    dim_alpha = 120

    def __init__(self, play: Any):
        super().__init__()
        self.play = play
        self.seat = play.deciding_seat()

    def options(self) -> list[Action]:
        q = View.of(self.play.state)
        return [a for a in q.legal() if a.kind == BID] if q.pending is not None and q.pending.kind == BID else []

    def handle(self, ev: pygame.event.Event, app: Any) -> Command:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif left_click(ev):
            z = self.zones.at(ev.pos)
            if z is not None and z.key == "bid":
                self.play.do(z.value)
                return Pop()
        return None

    def update(self, dt: float, app: Any) -> Command:
        return None if self.options() else Pop()  # answered (or the game moved on)

    def draw(self, surf: pygame.Surface, app: Any) -> None:
        self.zones.clear()
        opts = self.options()
        r = pygame.Rect(0, 0, max(400, 120 + 70 * len(opts)), 150)
        r.center = (428, 330)
        panel(surf, r, None, fill=(24, 20, 24), edge=T.GOLD)
        T.text(surf, f"Player {self.seat + 1}: your secret bid (TOY-5)", (r.centerx, r.top + 26), 18, T.TEXT,
               bold=True, anchor="center")
        for i, a in enumerate(opts):
            button(surf, self.zones, pygame.Rect(r.centerx - 35 * len(opts) + 70 * i + 5, r.top + 70, 60, 40), str(a.cp), "bid", a,
                   hover=self.mouse, size=18, primary=(i == 0))


class DelveBot:
    """The toy's bot: the step nearest a gem or an exit, a bid of one point when it has any, no flare."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, game: Any) -> Action:
        q = game if isinstance(game, View) else View.deciding(game)
        legal = q.legal()
        if not legal:
            raise ValueError("no legal action")
        kind = q.pending.kind
        if kind == BID:
            return max((a for a in legal if a.kind == BID and a.cp <= 1), key=lambda a: a.cp, default=legal[0])
        if kind == STEP:
            wanted = [tuple(t.pos) for t in q.tokens if t.kind in ("gem", "exit")]
            if wanted:
                def dist(a: Action) -> int:
                    to = tuple(getattr(a, "to", None) or (0, 0))
                    return min(abs(to[0] - w[0]) + abs(to[1] - w[1]) for w in wanted)
                return min(legal, key=dist)
        return next((a for a in legal if a.kind == "done"), legal[0])


class DelveKit(ModeKit):
    """Delve's answers to the shared play screen."""

    dialogs = {BID: lambda play: BidDialog(play) if play.is_human(play.deciding_seat()) else None}
    #: of the shared side panel only the acting delver's profile: Delve has no health track, inventory,
    #: dice rows or tension deck (its strip takes the rest of the panel)
    side_parts = ("profile",)
    #: the results screen in Delve's words: delvers, points and flares, no enemies, tension cards or saves
    results_words = {"won": "DELVE OVER", "lost": "DELVE OVER", "who": "Delver"}
    results_parts = ()

    def results_headline(self, state: Any, stats: Any) -> str:
        q = View.of(state)
        return f"Delve  ·  {q.turn} rounds  ·  {q.result_reason}"

    def results_columns(self, state: Any) -> list:
        seat = {c.cid: i for i, c in enumerate(View.of(state).characters)}
        return [("Points", lambda c, st: state.delve.points[seat[c.cid]]),
                ("Flares left", lambda c, st: state.delve.flares[seat[c.cid]])]

    def claims(self, state: Any) -> bool:
        return View.of(state).rules == "delve"

    def hud(self, play: Any) -> DelveStrip:
        return DelveStrip(play)

    def bot(self, seed: int) -> DelveBot:
        return DelveBot(seed)


KIT = DelveKit()


@contextmanager
def registered() -> Iterator[DelveKit]:
    """Delve's kit known to the play screen within the block (tests register it only where used)."""
    register_kit(KIT)
    try:
        yield KIT
    finally:
        forget_kit(KIT)
