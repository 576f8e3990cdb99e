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

import math
from typing import Any

import pygame

from ...ai.search.worker import BotTurns
from ...ai.versus_bots import make_bot
from ...engine import Action, apply, record_of, snapshot
from ...engine.board import edge_id
from ...engine.actions import visible_to
from ...engine.query import View
from ...engine.versus import new_versus
from ...engine.versus.view import VsView
from ...i18n import _, _f
from .. import theme as T
from ..rulebook import RulebookScene
from ..scene import Command, Pop, Push, Replace, Reset, Scene, left_click
from ..widgets import Zone, button, panel, tooltip
from ..words import words
from . import art
from . import kit as _kit  # noqa: F401  (registers the versus kit with game.ui.modes)
from . import words as W
from .board import BoardDrawing, Marks
from .coach import Coach
from .handover import HandOver
from .layout import BOARD_AREA, DOOR_COL, MOVE_COL, PICK_COL, TARGET_COL
from .panels import DUEL_KINDS, char_card, draw_duel_dialog, draw_side, draw_victory
from .saves import RecordPlayer, can_save, free_slot, save

SECRET_KINDS = ("vs_deploy", "vs_face", "vs_bid")
PACE = 0.9  # seconds between a bot's answers, so a person can follow (issue 28 item 3)


class VersusScene(Scene):
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
        self.undo: list[tuple[int, Any, int]] = []
        self.coach = Coach(app)  # the tutorial steps, once per kind of decision  # (seat, state before, events kept) for the viewer's own moves

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
        if len(self.humans()) == 2 and (self.secrets_open() or self.viewer is None):
            return self.hand_over(seat)
        self.viewer = seat
        self.clear_selection()
        return None

    def hand_over(self, seat: int) -> Command:
        """V-OVR-2: the screen goes blank until the next person says only they can see it."""
        self.handing = True
        p = View(self.state, None).pending
        why = {"vs_deploy": _("Deploy your characters in secret."), "vs_face": _("Set your facings in secret."),
               "vs_bid": _("Your secret duel bid.")}.get(p.kind if p else "", _("Your turn."))

        def done() -> None:
            self.viewer = seat
            self.handing = False
            self.clear_selection()

        return Push(HandOver(seat, self.seat_label(seat), self.seat_fac(seat), why, done))

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
            if ev.key == pygame.K_SPACE:
                self.bots.skip()
            if ev.key == pygame.K_z and ev.mod & pygame.KMOD_CTRL:
                self.do_undo()
            return None
        if not left_click(ev):
            return None
        self.mouse = ev.pos
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

    def legal(self) -> list[Action]:
        return View(self.state, self.viewer).legal() if self.my_turn() else []

    def board_click(self, pos: tuple[int, int]) -> None:
        """A click on the board: a square or edge the legal actions name, a model to pick."""
        legal = self.legal()
        p = View(self.state, None).pending
        q = self.board.square_at(pos)
        kind = p.kind if p else ""
        if kind == "vs_deploy":
            self.deploy_click(q)
            return
        arrow = self.arrow_at(pos)  # a facing arrow first: it sits on the square's edge, maybe a door's
        if arrow is not None:
            self.do(arrow, self.viewer)
            return
        # an edge: a door to open or close, or a wall / door to strike
        edges = self.edge_actions(legal)
        eid = self.board.edge_at(pos, list(edges))
        if eid is not None:
            self.do(edges[eid], self.viewer)
            return
        if q is None:
            return
        for a in legal:
            if a.kind == "vs_step" and tuple(a.to) == q:
                self.do(a, self.viewer)
                return
        if self.sel_strike is not None:
            for a in legal:
                if a.kind == "vs_strike" and (a.tile, a.sec, a.cp) == self.sel_strike and self.target_square(a.target) == q:
                    self.do(a, self.viewer)
                    return
        vw = self.vw()
        f = next((f for f in vw.figures if f.pos == q and not f.dead), None)
        if f is not None and kind == "activate" and any(a.kind == "vs_activate" and a.cid == f.cid for a in legal):
            self.sel_cid = f.cid

    def edge_actions(self, legal: list[Action]) -> dict[str, Action]:
        """Edge id -> the action a click on it takes: open/close a door (V-DOOR-5/7), or strike
        the wall or closed door there with the section picked (V-DESTROY)."""
        out: dict[str, Action] = {}
        doors = {d.id: d for d in self.board.m.doors}
        for a in legal:
            if a.kind == "vs_door":
                for e in doors[a.door].edges:
                    out[edge_id(e)] = a
            elif a.kind == "vs_strike" and self.sel_strike == (a.tile, a.sec, a.cp) and a.target.startswith("edge:"):
                out[a.target[5:]] = a
        return out

    def target_square(self, t: str):
        kind, _s, tid = t.partition(":")
        vw = self.vw()
        if kind == "fig":
            return vw.fig(tid).pos
        if kind == "obj":
            me = vw.fig(vw.acting).pos if vw.acting else None
            o = self.board.m.object(tid)
            near = [q for q in o.squares if me and abs(q[0] - me[0]) + abs(q[1] - me[1]) == 1]
            return near[0] if near else o.squares[0]
        return None

    # ------------------------------------------------------------------ facing arrows (V-FACE-1, V-SETUP-3)
    def arrow_actions(self) -> tuple[str | None, dict[str, Action]]:
        """The model whose facing may be set now and each direction's action: a free turn while
        moving (V-FACE-1), a duel's Turn (V-DUEL-8), a secret set-up facing (V-SETUP-3)."""
        legal = self.legal()
        p = View(self.state, None).pending
        out: dict[str, Action] = {}
        cid = None
        for a in legal:
            if a.kind == "vs_turn":  # the acting model, or the duel's X while it shifts (V-DUEL-8)
                cid, out[a.facing] = (p.params or {}).get("cid") or self.vw().acting, a
            elif a.kind == "vs_face":
                cid, out[a.facing] = a.cid, a
            elif a.kind == "vs_duel_act" and a.what == "turn":
                cid, out[a.facing] = (p.params or {}).get("cid"), a
        return cid, out

    def arrow_rects(self) -> dict[str, tuple[pygame.Rect, Action]]:
        cid, acts = self.arrow_actions()
        if not cid or not acts:
            return {}
        f = self.vw().fig(cid)
        if f.pos is None:
            return {}
        cx, cy = self.board.centre(f.pos)
        c = self.board.cell
        out = {}
        for d, a in acts.items():
            dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[d]
            r = pygame.Rect(0, 0, 22, 22)
            r.center = (cx + dx * c * .5 + dy * c * .32, cy + dy * c * .5 - dx * c * .32)
            out[d] = (r, a)
        return out

    def arrow_at(self, pos) -> Action | None:
        for d, (r, a) in self.arrow_rects().items():
            if r.collidepoint(pos):
                return a
        return None

    # ------------------------------------------------------------------ deployment (V-SETUP-3)
    def deploy_click(self, q) -> None:
        vw = self.vw()
        fac = vw.factions[self.viewer]
        starts = list(self.board.m.starts[fac])
        mine = [f.cid for f in vw.mine()]
        if not self.deploy:
            self.deploy = dict(zip(mine, starts))
        if q in starts:
            here = next((c for c, s in self.deploy.items() if s == q), None)
            if self.sel_cid and here != self.sel_cid:  # swap the picked model with whoever stands there
                old = self.deploy.get(self.sel_cid)
                self.deploy[self.sel_cid] = q
                if here is not None:
                    self.deploy[here] = old
                self.sel_cid = None
            else:
                self.sel_cid = here

    def deploy_action(self) -> Action | None:
        """The legal deployment that puts every model where the player placed it."""
        vw = self.vw()
        fac = vw.factions[self.viewer]
        starts = list(self.board.m.starts[fac])
        if not self.deploy:
            self.deploy = dict(zip([f.cid for f in vw.mine()], starts))
        at = {s: c for c, s in self.deploy.items()}
        order = ",".join(at.get(s, "") for s in starts)
        return next((a for a in self.legal() if a.kind == "vs_deploy" and a.order == order), None)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, app: Any) -> None:
        self.zones.clear()
        surf.fill(T.BG)
        vw = self.vw()
        self.draw_top(surf, vw)
        self.board.draw(surf, vw, self.marks(vw), self.mouse)
        self.draw_log(surf)
        draw_side(self, surf, vw)
        draw_duel_dialog(self, surf, vw)
        self.draw_arrows(surf)
        self.draw_coach(surf, vw)
        if View(self.state, None).outcome() is not None:
            draw_victory(self, surf, vw)
        if self.menu_open:
            self.draw_menu(surf)
        self.draw_hover(surf, vw)

    def draw_top(self, surf: pygame.Surface, vw: VsView) -> None:
        v = View(self.state, None)
        pygame.draw.rect(surf, T.BG2, (0, 0, T.W, 38))
        T.text(surf, _f("Round {n}", n=max(1, vw.round)), (12, 10), 16, T.GOLD, bold=True)
        T.text(surf, _(W.SCENARIO_NAMES.get(vw.scenario.id, vw.scenario.name)), (110, 11), 14, T.MUTED)
        seats = v.deciding_seats()
        if self.replaying and v.outcome() is None:
            T.text(surf, _f("Replay: action {i} of {n} · Space: the next one now · Esc: stop",
                            i=v.step, n=len(self.bots.steps)), (330, 10), 16, T.GOLD, bold=True)
        elif v.outcome() is None and seats:
            seat = seats[0]
            fac = vw.factions[seat]
            art.faction_symbol(surf, fac, (330, 19), 11)
            who = self.seat_label(seat)
            thinking = self.bots.thinking()
            if thinking is not None:
                dots = "." * (1 + int(self.now * 3) % 3)
                line = _f("{name} ({faction}) is thinking{dots}", name=self.seat_label(thinking),
                          faction=W.faction(vw.factions[thinking]), dots=dots)
                self.draw_thinking(surf, (348, 19))
                T.text(surf, line, (372, 10), 16, T.TEXT, bold=True)
            elif self.my_turn():
                T.text(surf, _f("{name} ({faction}): {prompt}", name=who, faction=W.faction(fac),
                                prompt=W.prompt(v.pending)), (348, 10), 16, T.TEXT, bold=True)
            else:
                T.text(surf, _f("Waiting for {name} ({faction})", name=who, faction=W.faction(fac)), (348, 10), 16,
                       T.MUTED)
        button(surf, self.zones, pygame.Rect(T.W - 44, 6, 36, 26), "?", "rules", hover=self.mouse, size=15,
               tip=_("Rules (F1)"))
        if self.viewer is not None:
            T.text(surf, _f("Screen of {name}", name=self.seat_label(self.viewer)), (T.W - 52, 11), 13, T.DIM,
                   anchor="topright")
        else:
            T.text(surf, _("Spectator: public information only"), (T.W - 52, 11), 13, T.DIM, anchor="topright")

    def draw_thinking(self, surf: pygame.Surface, c: tuple[int, int]) -> None:
        """The bot's "thinking" sign: a turning ring of dots (issue 28 item 2)."""
        for i in range(8):
            a = self.now * 4 + i * math.pi / 4
            k = (i + 1) / 8
            pygame.draw.circle(surf, (int(232 * k), int(190 * k), int(92 * k)),
                               (c[0] + 9 * math.cos(a), c[1] + 9 * math.sin(a)), 2)

    def marks(self, vw: VsView) -> Marks:
        mk = Marks()
        legal = self.legal()
        p = View(self.state, None).pending
        kind = p.kind if p else ""
        if self.my_turn() and kind == "vs_deploy":
            fac = vw.factions[self.viewer]
            starts = list(self.board.m.starts[fac])
            if not self.deploy:
                self.deploy = dict(zip([f.cid for f in vw.mine()], starts))
            mk.starts = {q: str(i + 1) for i, q in enumerate(starts)}
            mk.selected = self.sel_cid
            return mk
        for a in legal:
            if a.kind == "vs_step":
                mk.squares[tuple(a.to)] = (MOVE_COL, "1")
        if self.sel_strike is not None:
            for a in legal:
                if a.kind == "vs_strike" and (a.tile, a.sec, a.cp) == self.sel_strike:
                    if a.target.startswith("edge:"):
                        mk.edges[a.target[5:]] = TARGET_COL
                    else:
                        q = self.target_square(a.target)
                        if q is not None:
                            mk.squares[q] = (TARGET_COL, "")
        for eid, a in self.edge_actions(legal).items():
            if a.kind == "vs_door":
                mk.edges[eid] = DOOR_COL
        if kind == "activate" and self.my_turn():
            for a in legal:
                if a.kind == "vs_activate":
                    f = vw.fig(a.cid)
                    mk.squares[f.pos] = (PICK_COL, "")
        mk.selected = self.sel_cid or vw.acting
        mk.trail = self.trail()
        if self.hover_cid:
            f = vw.fig(self.hover_cid)
            if f.pos is not None and f.facing:
                mk.sight = self.board.sight_arcs(f.facing, f.pos)
        return mk

    def this_round(self) -> list:
        """The events the viewer saw since the round began."""
        evs = visible_to(self.events, self.viewer)
        i = max((k for k, e in enumerate(evs) if e.kind == "round"), default=-1)
        return evs[i + 1:]

    def trail(self) -> list:
        """The squares the acting model walked this activation (V-MOVE-2), so a watcher can follow
        a bot's move: where it stood when activated, then each step."""
        start = self._trail_start
        if start is None or self.vw().acting != start[0]:
            return []
        evs = self.this_round()
        i = max((k for k, e in enumerate(evs) if e.kind == "activate"), default=None)
        steps = [tuple(e.data["to"]) for e in evs[i + 1:] if e.kind == "step"] if i is not None else []
        return [start[1], *steps] if steps else []

    def activation_order(self) -> list[str]:
        """V-ROUND-4/7: the characters activated this round, in order (passes as "")."""
        return [e.data.get("cid", "") if e.kind == "activate" else "" for e in self.this_round()
                if e.kind in ("activate", "pass")]

    def draw_arrows(self, surf: pygame.Surface) -> None:
        if not self.my_turn():
            return
        for d, (r, a) in self.arrow_rects().items():
            hot = r.collidepoint(self.mouse)
            free = a.kind in ("vs_turn", "vs_face")  # V-FACE-1: free while moving; V-SETUP-3; a duel's Turn action
            self.zones.add(Zone(r, "act", a, True, W.action_label(a) if free else _f("Duel: turn to face {facing}",
                                                                                       facing=W.facing(d))))
            pygame.draw.circle(surf, (250, 210, 80) if hot else (30, 26, 22), r.center, 11)
            pygame.draw.circle(surf, (250, 210, 80), r.center, 11, 2)
            art.arrow(surf, d, r.center, 7, (250, 246, 236) if not hot else (20, 18, 14))

    def log_lines(self) -> list[str]:
        """The log as the viewer may read it (V-HOT-3: events of another seat's audience left out)."""
        out = []
        for e in visible_to(self.events, self.viewer):
            if e.msg:
                out.append(self.word(e))
        return out

    def word(self, e: Any) -> str:
        params = {}
        for k, val in (e.params or {}).items():
            params[k] = val
        return words(e)

    def draw_log(self, surf: pygame.Surface) -> None:
        r = pygame.Rect(BOARD_AREA.left, self.board.rect.bottom + 6, BOARD_AREA.w, T.H - self.board.rect.bottom - 10)
        pygame.draw.rect(surf, T.BG2, r, border_radius=4)
        order = self.activation_order()  # V-ROUND-4: who acted this round, in turn
        o = pygame.Rect(r.right - 250, r.top, 250, r.h)
        T.text(surf, _("This round:"), (o.left + 6, o.top + 3), 12, T.MUTED)
        x = o.left + 10
        vw = self.vw()
        for cid in order[-11:]:
            c = (x + 10, o.top + 32)
            if cid:
                fac = vw.factions[vw.fig(cid).seat]
                pygame.draw.circle(surf, art.FACTION_DARK[fac], c, 10)
                art.char_glyph(surf, cid, c, 6, art.faction_colour(fac))
                art.faction_symbol(surf, fac, (c[0] + 7, c[1] + 8), 4)
                self.zones.add(Zone(pygame.Rect(c[0] - 10, c[1] - 10, 20, 20), "tip", None, True, W.char(cid)))
            else:  # a pass
                pygame.draw.line(surf, T.DIM, (c[0] - 6, c[1]), (c[0] + 6, c[1]), 2)
            x += 22
        r.w -= 256
        lines = self.log_lines()
        n = max(1, (r.h - 4) // 17)
        for i, line in enumerate(lines[-n:]):
            T.text(surf, T.fit(line, 13, r.w - 16), (r.left + 8, r.top + 3 + i * 17), 13,
                   T.TEXT if i == len(lines[-n:]) - 1 else T.MUTED)

    def draw_menu(self, surf: pygame.Surface) -> None:
        s = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
        s.fill((0, 0, 0, 200))
        surf.blit(s, (0, 0))
        r = pygame.Rect(0, 0, 360, 230)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=T.PANEL, edge=T.GOLD)
        T.text(surf, _("Paused: the bots have stopped thinking."), (r.centerx, r.top + 24), 15, T.TEXT, anchor="center")
        button(surf, self.zones, pygame.Rect(r.left + 40, r.top + 60, 280, 44), _("Resume"), "menu", "resume",
               hover=self.mouse, primary=True)
        ok = not self.replaying and can_save(self.state)
        button(surf, self.zones, pygame.Rect(r.left + 40, r.top + 116, 280, 40), _("Save and quit to menu"), "menu",
               "save", hover=self.mouse, enabled=ok,
               tip="" if ok else _("A game is saved only while nothing is secret (after the reveal, between bids)."))
        button(surf, self.zones, pygame.Rect(r.left + 40, r.top + 164, 280, 40), _("Quit to menu"), "menu", "quit",
               hover=self.mouse)

    def draw_coach(self, surf: pygame.Surface, vw: VsView) -> None:
        """The tutorial step of the decision in front of the person deciding (once per kind)."""
        p = View(self.state, None).pending
        if not self.my_turn() or p is None or View(self.state).over:
            self.coach.zones.clear()
            return
        key = self.coach.current(p.kind, vw.mp)
        near = [f.pos for f in vw.mine() if f.pos is not None and (f.cid == vw.acting or f.cid == self.sel_cid)]
        low_left = any(q[0] < vw.scenario.map.width * 0.45 and q[1] > vw.scenario.map.height * 0.5 for q in near)
        self.coach.draw(surf, key, self.mouse, top=low_left or p.kind in ("vs_deploy",))

    def draw_hover(self, surf: pygame.Surface, vw: VsView) -> None:
        if self.menu_open:
            return
        if not self.hover_cid:
            z = self.zones.at(self.mouse)
            if z is not None and z.tip:  # a control's or a tile's words under the pointer
                tooltip(surf, [(z.tip, 13, T.TEXT, False)], self.mouse, 320)
            return
        char_card(self, surf, vw, self.hover_cid, self.mouse)
