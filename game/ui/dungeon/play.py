"""The dungeon's play screen (issue 26 item 4): the board drawn card by card from the View, the legal
actions of the deciding hero clickable (a highlighted square moves there, a ringed enemy is attacked,
the rest are buttons), every other hero's minor actions behind its "Wait, I use…" button (D-ACT-5,
hot-seat: any hero, any window), the enemy phase shown one enemy at a time with the sentence saying
what it goes for (``DungeonView.enemy_intent``, read before it acts), the rolls with every die, the
victory and defeat screens.

Only the engine's public contract: ``new_game_events``, ``apply``, ``DungeonView`` (legal actions,
previews, reasons, intents) and the events; every sentence is worded here (:mod:`.words`, the
catalogues), no rule is re-derived.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pygame

from ...content.dungeon_pack import dungeon_scenario
from ...engine import Action, apply, new_game_events
from ...engine.dungeon import DungeonView
from ...i18n import _, _f
from ..keys import MENU_KEYS
from ..memo import Memo
from ..scene import Command, Push, Reset, Scene, left_click
from ..scenes.menu import ChoiceMenu
from ..rulebook import RulebookScene
from ..undo import UndoHistory
from ..words import words
from .board import BoardGeometry
from . import saving
from .coach import Coach
from .drawing import BOARD, DICE, SIDE, PlayDrawing
from .end import DungeonEnd
from .kit import KIT
from .layer import BoardLayer
from .rest import Resting
from .show import Show
from .words import GROUPED, MINOR, action_label, group_label, enemy_name, hero_name

if TYPE_CHECKING:
    from ..app import App

#: seconds a minor-action window of the enemy phase stays open when a person could use one (D-ACT-5 c)
WINDOW_SECS = 1.6
BOT_SECS = 0.45


def start_dungeon(app: "App", sid: str, party: list, controllers: list[str], seed: int | None = None,
                  names: list[str] | None = None, tips: bool = False) -> "DungeonPlay":
    """A new game of dungeon ``sid`` with ``party`` (one (character, equipment, ability) per hero) on
    the play screen. Raises ValueError for a party the rules refuse (D-SETUP-3..6) or an unknown dungeon."""
    try:
        scn = dungeon_scenario(sid)
    except KeyError as ex:
        raise ValueError(str(ex).strip("'\"")) from None
    if seed is None:
        seed = app.seed if getattr(app, "seed", None) is not None else int.from_bytes(os.urandom(3), "little")
    state, events = new_game_events(scn, [tuple(p) for p in party], seed)
    return DungeonPlay(app, state, party, controllers, events=events, names=names, tips=tips)


class DungeonPlay(Resting, PlayDrawing, Scene):
    """The dungeon's play screen (see the module docstring)."""

    holds_game = True
    plays_ambient = True

    def __init__(self, app: "App", state: Any, party: list, controllers: list[str], events: list | None = None,
                 names: list[str] | None = None, tips: bool = False):
        super().__init__()
        self.app, self.state, self.party = app, state, [tuple(p) for p in party]
        self.controllers = list(controllers) + ["human"] * (len(self.party) - len(controllers))
        self.names = list(names or [])
        self.bot = KIT.bot(state.seed)
        self.show = Show()
        self.show.feed(list(events or []))
        self.show.speed = getattr(app, "bot_speed", 1.0) or 1.0
        self.t = 0.0
        self.woke = 0.0  # self.t at the last input or action: the highlights pulse PULSE_S after it, then hold
        self.wait = 0.0  # seconds the current decision has waited (bots, windows)
        self.paused_window = False  # a person said "wait": the enemy phase waits for their minor action
        self.message = ""
        self.hover: Any = None  # (kind, value) under the pointer
        self.cards_seen = len(state.dungeon.cards)
        self.slide: dict[int, float] = {}  # placement index -> seconds since it was laid
        self.ended = False
        self.quit = False
        self.geo = BoardGeometry.fit(BOARD, [])
        self.undo = UndoHistory()  # undo until new information (game.ui.undo), as in the city
        self.handover: tuple[int, float] | None = None  # (seat, seconds shown): a person's turn begins
        self.last_turn: int | None = None
        self.coach = Coach(tips)  # the tutorial steps of a first game (.coach)
        self.rules = False
        self.saved_round = 0
        self.zoom, self.pan, self.dragging = 1.0, (0, 0), False  # the board's zoom (wheel) and pan (right-drag)
        self.board_pick: dict | None = None  # square -> action of a minor action picked on the board
        self.pending_choice: tuple | None = None  # (actions, seat) to choose among next frame
        self.memo, self.layer = Memo(), BoardLayer()  # the kept panels and board layer (issue 30 item 2)
        self._asked: tuple = (None, -1, {})  # (state, step, answers): the rules asked once per step

    # ------------------------------------------------------------------ the game
    def asked(self, key: Any, ask: Any) -> Any:
        """``ask()``'s answer, asked once per state and step (the rules' answers do not change until the
        next action; issue 30 item 2: not asked again each frame)."""
        st = self.state
        if self._asked[0] is not st or self._asked[1] != st.step:
            self._asked = (st, st.step, {})
        got = self._asked[2]
        if key not in got:
            got[key] = ask()
        return got[key]

    def view(self, seat: int | None = None) -> DungeonView:
        return self.asked(("view", seat), lambda: DungeonView(self.state, seat))

    def deciding(self) -> int | None:
        p = self.state.pending
        return None if p is None else p.seat

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.controllers[seat] == "human"

    def legal(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the deciding seat) now."""
        seat = self.deciding() if seat is None else seat
        if seat is None or self.state.result is not None:
            return []
        return list(self.asked(("legal", seat), lambda: self.view(seat).legal()))

    def minors_of(self, seat: int) -> list[Action]:
        """The minor actions ``seat`` may take now while another decides (D-ACT-5 a/b/c)."""
        if seat == self.deciding() and self.state.pending.kind == "act":
            return []
        return [a for a in self.legal(seat) if a.kind in MINOR]

    def do(self, a: Action, seat: int | None = None, by: str | None = None) -> list:
        """Apply legal action ``a`` (answered by ``seat``, default its own seat or the deciding one)."""
        who = seat if seat is not None else getattr(a, "seat", None)
        p = self.state.pending
        if p is not None and a.kind in ("done", "pick", "dreroll", "dassign") and who is None:
            who = p.seat
        v = self.view()
        if p is not None and p.kind == "minor_enemy":  # the window's intents, read before the enemy acts
            self.show.intents = {e.uid: v.enemy_intent(e.uid) for e in v.dungeon.enemies}
        before = {e.uid: (e.colour, e.face, tuple(e.pos), e.life, e.max_life, e.type) for e in v.dungeon.enemies}
        answer = who if who is not None and p is not None and who != p.seat else None
        by = by or ("person" if self.is_human(who if who is not None else self.deciding()) else "bot")
        self.undo.begin(self.state, a, by,
                        list(self.show.log), list(self.show.rolls), seat=answer)
        events = apply(self.state, a, answer)
        if events and events[0].kind == "impossible":
            self.undo.end(events, self.state, [])
            self.message = words(events[0])
            return events
        self.undo.end(events, self.state, [])
        self.message = ""
        if by == "person":
            self.coach.done()
        self.show.feed(events, before)
        self.board_pick = None
        self.wait = 0.0
        self.paused_window = False
        return events

    def update(self, dt: float, app: "App") -> Command:
        self.advance(dt)
        if self.show.busy or self.slide:  # (the highlights pulse on for PULSE_S after the show)
            self.woke = self.t
        if self.quit:
            return Reset(app.main_menu())
        if self.rules:
            self.rules = False
            return Push(RulebookScene(KIT.rulebook_section))
        if self.pending_choice is not None:
            opts, seat = self.pending_choice
            self.pending_choice = None
            return self.choose_among(opts, seat)
        if self.state.dungeon.round != self.saved_round and self.state.result is None:
            self.saved_round = self.state.dungeon.round  # the game saves itself as each round begins
            self.message = self.save_now() or self.message
        self.track_turn(dt)
        if self.state.pending is not None and self.state.pending.kind == "minor_enemy":
            self.wait += dt  # a window of the enemy phase stays open while the last enemy's turn is shown
        if self.show.busy:
            return None
        if self.state.result is not None:
            if not self.ended:
                self.ended = True
                return Push(DungeonEnd(self, self.restart))
            return None
        p = self.state.pending
        if p is None:
            return None
        if p.kind != "minor_enemy":
            self.wait += dt
        if p.kind == "minor_enemy":
            people = [s for s in range(len(self.party)) if self.is_human(s) and self.minors_of(s)]
            if self.paused_window or (people and self.wait < WINDOW_SECS):
                return None
            self.do(Action(kind="done"), p.seat, by="game")
            return None
        if not self.is_human(p.seat):
            if self.wait >= BOT_SECS / max(0.1, self.show.speed):
                self.do(self.bot.choose(self.state), p.seat)
        return None

    def resumed(self, party: list) -> None:
        """A saved game was opened: the undo window rebuilt from its record (nothing before the load
        is undone unless the record replays to it exactly) and the log shows its last events."""
        self.undo = UndoHistory.from_record(self.state.scenario, [tuple(p) for p in party], self.state.seed,
                                            list(self.state.record), loaded=self.state)
        self.show.log = [(e.kind, words(e)) for e in self.undo.replayed if getattr(e, "msg", "")][-60:]
        self.saved_round = self.state.dungeon.round

    def track_turn(self, dt: float) -> None:
        """Hot-seat: when a person's hero begins its turn and several people play, say whose hands the
        mouse goes to for a moment (gone when the turn ends)."""
        p = self.state.pending
        if p is not None and p.kind == "act" and p.seat != self.last_turn:
            self.last_turn = p.seat
            humans = [x for x in range(len(self.party)) if self.is_human(x)]
            if self.is_human(p.seat) and len(humans) > 1:
                self.handover = (p.seat, 0.0)
        elif p is None or p.kind != "act":
            self.last_turn = None
            self.handover = None
        if self.coach.current == "enemy" and self.state.phase != "enemy":
            self.coach.done()
        if self.handover is not None:
            self.handover = (self.handover[0], self.handover[1] + dt)
            if self.handover[1] > 1.8:
                self.handover = None

    def restart(self, app: "App") -> "DungeonPlay":
        """The same dungeon again with the same heroes and players (a new seed)."""
        return start_dungeon(app, self.state.dungeon.scenario, self.party, self.controllers, names=self.names)

    # ------------------------------------------------------------------ input
    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        self.woke = self.t
        if ev.type == pygame.MOUSEMOTION:
            if self.dragging and self.zoom > 1.0:
                self.pan = (self.pan[0] + ev.pos[0] - self.mouse[0], self.pan[1] + ev.pos[1] - self.mouse[1])
            self.mouse = ev.pos
            return None
        if ev.type == pygame.MOUSEWHEEL and BOARD.collidepoint(self.mouse):
            self.set_zoom(self.zoom * (1.2 ** getattr(ev, "y", 0)))
            return None
        if ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) in (2, 3) and BOARD.collidepoint(ev.pos):
            self.dragging = True
            self.mouse = ev.pos
            return None
        if ev.type == pygame.MOUSEBUTTONUP and getattr(ev, "button", 1) in (2, 3):
            self.dragging = False
            return None
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_MINUS,
                                                    pygame.K_KP_MINUS, pygame.K_0):
            self.set_zoom(1.0 if ev.key == pygame.K_0 else self.zoom * (1.2 if ev.key in (
                pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS) else 1 / 1.2))
            return None
        if ev.type == pygame.KEYDOWN:
            if MENU_KEYS.get(ev.key) == "back":
                return Push(ChoiceMenu(_("Paused"), [(_("Resume"), "resume"), (_("Save and quit to menu"), "save"),
                                                      (_("Rules (F1)"), "rules"), (_("Quit to menu"), "quit")],
                                       self._paused))
            if ev.key == pygame.K_F1:  # the rulebook at what the pointer is over (the kit's section otherwise)
                section = "dungeon_enemies" if self.hover and self.hover[0] == "enemy" else \
                    "dungeon_combat" if DICE.collidepoint(self.mouse) else KIT.rulebook_section
                return Push(RulebookScene(section))
            if ev.key == pygame.K_SPACE and self.show.busy:
                self.show.skip()
            if ev.key in (pygame.K_z, pygame.K_BACKSPACE) and (ev.key == pygame.K_BACKSPACE or getattr(ev, "mod", 0) & pygame.KMOD_CTRL):
                self.take_back()
            return None
        if not left_click(ev):
            return None
        z = self.zones.at(ev.pos)
        if z is None:
            if self.show.busy:
                self.show.skip()  # a click on the board while the dice act: show it all now
            return None
        return self.pick(z.key, z.value)

    def _waited(self, choice: Any) -> None:
        """A hero's "wait, I use…" list was answered with (seat, kind), or None."""
        if choice is None:
            self.paused_window = False
            return
        seat, kind = choice
        opts = [a for a in self.minors_of(seat) if a.kind == kind]
        if len(opts) == 1:
            self.do(opts[0])
        elif opts:
            self.pending_choice = (opts, seat)

    def set_zoom(self, z: float) -> None:
        """Zoom the board between the whole map (1) and three times closer; at 1 the pan resets."""
        self.zoom = max(1.0, min(3.0, z))
        if self.zoom == 1.0:
            self.pan = (0, 0)

    def take_back(self) -> None:
        """Undo the last person's action and what the bots did after it, while nothing new was revealed
        (a die, a card, a shuffle close the window: game.ui.undo)."""
        if self.show.busy:
            self.show.skip()
        step = self.undo.take_back()
        if step is None:
            self.message = self.undo.why_not()
            return
        self.state = step.before
        self.show.log[:] = step.log
        self.show.rolls = list(step.rolls)
        self.undo.redo.clear()  # (a redo is not offered: the dungeon's next step is the players' again)
        self.message = ""
        self.wait = 0.0
        self.cards_seen = len(self.state.dungeon.cards)

    def _paused(self, value: Any) -> None:
        if value == "save":
            self.message = self.save_now() or ""
            self.quit = not self.message
        elif value == "rules":
            self.rules = True
        elif value == "quit":
            self.quit = True

    def save_now(self) -> str:
        """Save the game in the dungeon's slot (.saving); '' or the reason it failed."""
        try:
            saving.save(self.app, self)
        except OSError as ex:
            return _f("The game could not be saved: {why}", why=ex.strerror or str(ex))
        return ""

    def pick(self, key: str, value: Any) -> Command:
        """A zone was clicked: ``act`` (a legal action), ``sq`` (a square), ``enemy`` (an enemy), ``wait``
        (a hero's minor actions)."""
        if self.show.busy and key != "wait":
            self.show.skip()
        if key == "act":
            self.do(value)
        elif key == "undo":
            self.take_back()
        elif key == "coach":
            self.coach.done()
        elif key == "buy":
            seats = [self.deciding()] + [x for x in range(len(self.party)) if x != self.deciding()]
            for seat in seats:
                opts = [a for a in self.legal(seat) if a.kind == "dbuy" and a.item == value] if self.is_human(seat) else []
                if opts:
                    self.do(opts[0])
                    break
            else:
                self.message = _("Nobody may buy that now: it costs more treasure than a hero has, or no window is open.")
        elif key == "group":
            seat = self.deciding()
            return self.choose_among([a for a in self.legal() if a.kind == value], seat)
        elif key == "pick_sq":
            a = (self.board_pick or {}).get(tuple(value))
            self.board_pick = None
            if a is not None:
                self.do(a)
        elif key == "sq":
            moves = [a for a in self.legal() if a.kind == "dmove" and tuple(a.to) == tuple(value)]
            if moves and self.is_human(self.deciding()):
                self.do(moves[0])
        elif key == "enemy":
            if not self.is_human(self.deciding()):
                return None
            opts = [a for a in self.legal() if a.kind == "dattack" and a.target == value]
            if len(opts) == 1:
                self.do(opts[0])
            elif opts:
                return Push(ChoiceMenu(enemy_name(self.view(), value),
                                       [(action_label(self.view(), a), a) for a in opts], self.do))
        elif key == "wait":
            opts = self.minors_of(value)
            if opts:
                self.paused_window = True
                v = self.view(value)
                kinds = sorted({a.kind for a in opts})
                return Push(ChoiceMenu(_f("{hero}: wait, I use…", hero=hero_name(v, value)),
                                       [(group_label(v, next(a for a in opts if a.kind == k), sum(a.kind == k for a in opts))
                                         if k in GROUPED and sum(a.kind == k for a in opts) > 1 else
                                         action_label(v, next(a for a in opts if a.kind == k)), (value, k)) for k in kinds]
                                       + [(_("Nothing after all"), None)], self._waited))
        return None

    def choose_among(self, opts: list[Action], seat: int) -> Command:
        """Several actions of one kind: Fleetfoot's squares are picked on the board; others in a list."""
        v = self.view(seat)
        if opts and all(a.kind == "dfleet" for a in opts):
            self.board_pick = {tuple(a.to): a for a in opts}
            return None
        return Push(ChoiceMenu(group_label(v, opts[0], len(opts)).rstrip("…") if opts else "",
                               [(action_label(v, a), a) for a in opts] + [(_("Nothing after all"), None)],
                               lambda a: self.do(a) if a is not None else setattr(self, "paused_window", False)))


__all__ = ["DungeonPlay", "start_dungeon"]
