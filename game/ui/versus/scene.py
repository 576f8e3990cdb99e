"""The versus play screen (issue 27 items 2, 3, 5; issue 28's UI part).

Everything drawn comes from ONE seat's view (:attr:`VersusScene.viewer`): ``VsView(game, viewer)``
for the board and panels, ``View(game, viewer).events`` for the log (V-HOT-1/3). The viewer is the
person deciding now; between two people the screen changes hands behind a :class:`~.handover.HandOver`
whenever a secret is involved (a secret decision, or any secret still unrevealed), so one side's
deployment, facings or bid never reach the other's screen. With one person against a bot the
viewer is always that person; in a bot-against-bot game a spectator (``None``: public only).

Bots think off the UI thread (:class:`game.ai.search.worker.BotTurns`): the window stays live and
shows which seat is thinking; answers come at a pace a person can follow (Space: the next one at
once); Esc stops a search at once and opens the menu. The screen never changes the game except
through ``apply`` with an action from ``legal_actions`` (the UI asks, the engine decides).
"""
from __future__ import annotations

from typing import Any

import pygame

from ...ai.search.worker import BotTurns
from ...ai.versus_bots import make_bot
from ...engine import Action, apply, record_of, snapshot
from ...engine.query import View
from ...engine.versus import new_versus
from ...engine.versus.view import VsView
from ...i18n import _, _f, language
from .. import theme as T
from ..memo import Memo, Same
from ..rulebook import RulebookScene
from ..scene import Command, Pop, Push, Replace, Reset, Scene, left_click
from . import kit as _kit  # noqa: F401  (registers the versus kit with game.ui.modes)
from . import words as W
from .board import BoardDrawing
from .coach import Coach
from .controls import BoardControls
from .drawing import ScreenDrawing
from .handover import HandOver
from .layout import BOARD_AREA, SIDE
from .legend import draw_legend
from .panels import DUEL_KINDS, draw_duel_dialog, draw_side, draw_victory
from .saves import RecordPlayer, can_save, free_slot, save

SECRET_KINDS = ("vs_deploy", "vs_face", "vs_bid")
PACE = 0.9  # seconds between a bot's answers, so a person can follow (issue 28 item 3)


class VersusScene(BoardControls, ScreenDrawing, Scene):
    """One versus game on the screen. ``names``: the players' names by seat ("" = "Player N");
    ``controllers``: by seat, ``"human"`` or a bot name (``random``, ``greedy``, ``search:SECONDS``)."""

    holds_game = True

    def __init__(self, app: Any, state: Any, names: list[str], controllers: list[str], pace: float = PACE,
                 replay: list | None = None):
        super().__init__()
        self.app = app
        self.state = state
        self.names = (list(names) + ["", ""])[:2]
        self.controllers = (list(controllers) + ["human", "human"])[:2]
        seed = View(state).seed
        self.replaying = replay is not None  # a finished game's record played back (a spectator's view)
        if self.replaying:
            self.bots: Any = RecordPlayer(replay, pace)
        else:
            self.bots = BotTurns({s: make_bot(c, seed + 7 * s + 1) for s, c in enumerate(self.controllers)
                                  if c != "human"}, pace=pace)
        humans = self.humans()
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.events: list = []  # every event so far (filtered by the viewer when drawn)
        self.board = BoardDrawing(VsView(state, None).scenario.map, BOARD_AREA)
        self.sel_cid: str | None = None  # the model picked (activation) or being placed (deployment)
        self.sel_tiles: list[str] = []
        self.sel_strike: tuple[str, int, int] | None = None  # (tile, section, cp) waiting for a target
        self.deploy: dict[str, tuple[int, int]] = {}  # the viewer's own assignment in progress
        self.hover_cid: str | None = None
        self.menu_open = False
        self.over_shown = False
        self.message = ""
        self.now = 0.0
        self.handing = False
        self._trail_start: tuple[str, Any] | None = None
        self.undo: list[tuple[int, Any, int]] = []  # (seat, state before, events kept) for the viewer's own moves
        self.coach = Coach(app)  # the tutorial steps, once per kind of decision
        self.legend_open = False  # the pictures explained (legend.py)

    # ------------------------------------------------------------------ who is who
    def humans(self) -> list[int]:
        return [] if self.replaying else [s for s, c in enumerate(self.controllers) if c == "human"]

    def vw(self) -> VsView:
        return VsView(self.state, self.viewer)

    def view(self) -> View:
        return View(self.state, self.viewer)

    def seat_fac(self, seat: int) -> str:
        return VsView(self.state, None).factions[seat]

    def seat_label(self, seat: int) -> str:
        return W.seat_name(self.names, seat)

    def human_to_decide(self) -> int | None:
        """The person who must answer now (the first human among the deciding seats), or None."""
        v = View(self.state, None)
        if v.outcome() is not None:
            return None
        return next((s for s in v.deciding_seats() if s in self.humans()), None)

    def my_turn(self) -> bool:
        s = self.human_to_decide()
        return s is not None and s == self.viewer and not self.handing

    def secrets_open(self) -> bool:
        """Whether anything is secret right now (V-HOT-1/3): a secret decision pending (a
        deployment, a facing, a duel bid: the facings and the second bid are asked while the other
        side's are committed and unrevealed) or the deployment not revealed yet."""
        p = View(self.state, None).pending
        return (p is not None and p.secret) or not VsView(self.state, None).revealed

    def used_tiles(self) -> list[list[str]]:
        """The order tiles each seat used this round (V-ORDER-3: public), read once per step from the
        spectator's view of the game."""
        step = View(self.state).step
        if getattr(self, "_used", (None,))[0] != step:
            self._used = (step, View(self.state, None).visible_state()["versus"]["used"])
        return self._used[1]

    # ------------------------------------------------------------------ doing
    def do(self, action: Action, seat: int) -> list:
        """Apply ``action`` for ``seat`` (a legal one) and keep its events."""
        before = snapshot(self.state)
        ev = apply(self.state, action, seat)
        self.events.extend(ev)
        for e in ev:
            if e.kind == "activate":  # (public: the model's square after the reveal)
                self._trail_start = (e.data.get("cid"), VsView(self.state, None).fig(e.data.get("cid")).pos)
        if seat in self.humans():
            self.undo.append((seat, before, len(self.events) - len(ev)))
            self.undo = self.undo[-40:]
        self.clear_selection()
        return ev

    def clear_selection(self) -> None:
        self.sel_tiles, self.sel_strike = [], None
        self.deploy = {}  # (a seat's placement in progress never outlives its answer: the next seat starts afresh)
        self.sel_cid = None

    def can_undo(self) -> bool:
        """Undo only the viewer's own last action, never back over a committed secret or a roll
        (V-HOT-1: ``View.undo_floor``; a roll's dice are known once seen)."""
        if not self.undo or not self.my_turn():
            return False
        seat, before, n = self.undo[-1]
        if seat != self.viewer or View(before).step < View(self.state).undo_floor():
            return False
        return not any(e.kind in ("combat", "destroy", "bid_reveal", "deploy_reveal", "facing_reveal")
                       for e in self.events[n:])

    def do_undo(self) -> None:
        if self.can_undo():
            seat, before, n = self.undo.pop()
            self.state = before
            del self.events[n:]
            self.clear_selection()

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float, app: Any) -> Command:
        self.now += dt
        v = View(self.state, None)
        if v.outcome() is not None:
            if not self.over_shown:
                self.over_shown = True
                self.viewer = self.viewer if len(self.humans()) == 1 else None  # the end: everything public
            return None
        if self.menu_open or self.handing:
            return None
        try:
            got = self.bots.poll(self.state, self.now)
        except Exception as ex:  # a bot's error is shown, the game stays
            self.message = _f("The bot failed: {why}", why=str(ex))
            return None
        if got is not None:
            seat, a = got
            self.do(a, seat)
            return None
        seat = self.human_to_decide()
        if seat is None or seat == self.viewer:
            return None
        p = View(self.state, None).pending
        # between two people the screen changes hands behind a hand-over when a secret is pending or not yet
        # revealed, and before a duel window: declaring leads straight to the declarer's secret bid (V-HOT-2)
        if len(self.humans()) == 2 and (self.secrets_open() or self.viewer is None or (p is not None and p.kind == "duel")):
            return self.hand_over(seat)
        self.viewer = seat
        self.clear_selection()
        return None

    def hand_over(self, seat: int) -> Command:
        """V-OVR-2: the screen goes blank until the next person says only they can see it."""
        self.handing = True
        p = View(self.state, None).pending
        why = {"vs_deploy": _("Deploy your characters in secret."), "vs_face": _("Set your facings in secret."),
               "vs_bid": _("Your secret duel bid."), "duel": _("You may declare a duel (then bid in secret).")
               }.get(p.kind if p else "", _("Your turn."))

        def done() -> None:
            self.viewer = seat
            self.handing = False
            self.clear_selection()

        return Push(HandOver(seat, self.seat_label(seat), self.seat_fac(seat), why, done))

    def still_key(self, app: Any) -> object | None:
        """Everything this screen's picture depends on besides input (issue 30: an idle screen draws
        nothing); None while a bot thinks (its sign turns) or a replay or bot answer is due."""
        if self.bots.thinking() is not None or (self.bots.players and not self.my_turn() and not View(self.state).over):
            return None
        return (View(self.state).step, self.viewer, self.handing, self.menu_open, self.legend_open, self.sel_cid, tuple(self.sel_tiles),
                self.sel_strike, tuple(sorted(self.deploy.items())), self.hover_cid, self.mouse, self.message,
                frozenset(self.coach.seen), self.coach.off, len(self.undo), id(self.state))

    def side_key(self, app: Any) -> tuple | None:
        """What the side panel shows depends on besides the hovered button (its picture is kept while
        this is unchanged; None while a bot thinks or a replay or bot answer is due: drawn each frame)."""
        if self.still_key(app) is None:
            return None
        return (Same(self.state), View(self.state).step, self.viewer, self.handing, self.menu_open, self.sel_cid,
                tuple(self.sel_tiles), self.sel_strike, tuple(sorted(self.deploy.items())), self.message,
                frozenset(self.coach.seen), self.coach.off, len(self.undo), language(), tuple(self.names),
                tuple(self.controllers), len(self.events))

    def at_rest(self, app: Any) -> bool:
        """:meth:`update` has nothing to do until the next input (issue 30 item 2): no bot thinking or
        due, no replay step due, and no seat's turn to hand over or switch to (the end, the Esc menu and
        the hand-over wait for a person)."""
        v = View(self.state, None)
        if v.outcome() is not None:
            return self.over_shown
        if self.menu_open or self.handing:
            return True
        if self.bots.thinking() is not None or (self.bots.players and not self.my_turn()):
            return False
        seat = self.human_to_decide()
        return seat is None or seat == self.viewer

    def leave(self) -> Command:
        self.bots.cancel()  # Esc / quit: the search stops at once
        return Reset(self.app.main_menu()) if self.app is not None and hasattr(self.app, "main_menu") else Pop()

    # ------------------------------------------------------------------ input
    def handle(self, ev: pygame.event.Event, app: Any) -> Command:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            q = self.board.square_at(ev.pos)
            self.hover_cid = None
            if q is not None:
                f = next((f for f in self.vw().figures if f.pos == q and not f.dead), None)
                self.hover_cid = f.cid if f else None
            return None
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                if not self.menu_open:
                    self.bots.cancel()
                self.menu_open = not self.menu_open
                return None
            if ev.key == pygame.K_F1:  # the rulebook's versus section (combat when over a model, duels in one)
                p = View(self.state, None).pending
                sec = "versus_secrets" if p is not None and (p.secret or p.kind in DUEL_KINDS) else \
                    "versus_combat" if self.hover_cid else "versus"
                return Push(RulebookScene(section=sec))
            if ev.key == pygame.K_l:
                self.legend_open = not self.legend_open
            if ev.key == pygame.K_SPACE:
                self.bots.skip()
            if ev.key == pygame.K_z and ev.mod & pygame.KMOD_CTRL:
                self.do_undo()
            return None
        if not left_click(ev):
            return None
        self.mouse = ev.pos
        if self.legend_open:  # a click anywhere closes the legend
            self.legend_open = False
            return None
        if self.my_turn() and not self.menu_open and self.coach.click(ev.pos):
            return None
        z = self.zones.at(ev.pos)
        if z is not None:
            return self.pick(z.key, z.value)
        if self.my_turn():
            self.board_click(ev.pos)
        return None

    def pick(self, key: str, value: Any) -> Command:
        if key == "menu":
            if value == "resume":
                self.menu_open = False
            elif value == "quit":
                return self.leave()
            elif value == "save":
                return self.save_and_quit()
            return None
        if key == "over":
            if value == "replay":
                return self.watch_replay()
            return self.leave() if value == "menu" else self.again()
        if key == "undo":
            self.do_undo()
            return None
        if key == "skip":
            self.bots.skip()
            return None
        if key == "rules":
            return Push(RulebookScene(section="versus"))
        if key == "legend":
            self.legend_open = True
            return None
        if not self.my_turn():
            return None
        if key == "act":
            self.do(value, self.viewer)
        elif key == "tile":
            if value in self.sel_tiles:
                self.sel_tiles.remove(value)
            elif len(self.sel_tiles) < 2:
                self.sel_tiles.append(value)
        elif key == "pick_cid":
            self.sel_cid = value
        elif key == "strike_sec":
            self.sel_strike = value
        elif key == "deploy_ok":
            a = self.deploy_action()
            if a is not None:
                self.do(a, self.viewer)
        return None

    def save_and_quit(self) -> Command:
        """Save to the first free versus slot (only while nothing is secret) and go to the menu."""
        if self.replaying or not can_save(self.state):
            return None
        folder = getattr(self.app, "save_dir", None)
        if folder is None:
            return None
        try:
            save(free_slot(folder), self.state, self.names, self.controllers)
        except OSError as ex:
            self.message = _f("Could not save: {why}", why=str(ex))
            return None
        return self.leave()

    def watch_replay(self) -> Command:
        """The finished game again from its first action, as a spectator sees it (V-HOT-3)."""
        vs = VsView(self.state, None)
        state = new_versus(vs.scenario.id, {fac: i for i, fac in enumerate(vs.factions)}, View(self.state).seed)
        return Replace(VersusScene(self.app, state, self.names, self.controllers, 0.6, replay=record_of(self.state)))

    def again(self) -> Command:
        """A rematch: the same scenario, sides, players and bots, a new seed."""
        self.bots.cancel()
        vs = VsView(self.state, None)
        seed = (View(self.state).seed * 1103515245 + 12345) % (1 << 24)
        state = new_versus(vs.scenario.id, {fac: i for i, fac in enumerate(vs.factions)}, seed)
        return Replace(VersusScene(self.app, state, self.names, self.controllers, self.bots.pace))

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, app: Any) -> None:
        self.zones.clear()
        surf.fill(T.BG)
        vw = self.vw()
        self.draw_top(surf, vw)
        self.board.draw(surf, vw, self.marks(vw), self.mouse)
        self.draw_log(surf)
        memo = self.__dict__.setdefault("memo", Memo())
        memo.draw("side", surf, SIDE, self.side_key(app), lambda: draw_side(self, surf, vw), self.zones, self.mouse)
        draw_duel_dialog(self, surf, vw)
        self.draw_arrows(surf)
        self.draw_coach(surf, vw)
        if View(self.state, None).outcome() is not None:
            draw_victory(self, surf, vw)
        if self.menu_open:
            self.draw_menu(surf)
        if self.legend_open:
            draw_legend(surf)
            return
        self.draw_hover(surf, vw)

