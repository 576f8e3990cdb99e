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
from ...i18n import N_, _, _f
from .. import theme as T
from ..keys import MENU_KEYS
from ..scene import Command, Pop, Push, Reset, Scene, left_click
from ..scenes.menu import ChoiceMenu
from ..widgets import Zone, button, panel
from ..words import words
from .board import MOVE, BoardGeometry, draw_closed, draw_entrance, draw_enemy, draw_exit, draw_goal, draw_hero, \
    draw_path, draw_square
from .hud import dice_panel, enemy_card, hero_rows, log_panel, top_bar
from .kit import KIT
from .show import Show
from .words import MINOR, action_label, content, enemy_name, hero_name, intent_text, seat_of_player

if TYPE_CHECKING:
    from ..app import App

BOARD = pygame.Rect(8, 50, 858, 500)
LOG = pygame.Rect(8, 556, 858, 156)
SIDE = pygame.Rect(874, 50, 398, 662)
#: seconds a minor-action window of the enemy phase stays open when a person could use one (D-ACT-5 c)
WINDOW_SECS = 1.6
BOT_SECS = 0.45
#: actions drawn on the board instead of as buttons
ON_BOARD = ("dmove", "dstep")


def start_dungeon(app: "App", sid: str, party: list, controllers: list[str], seed: int | None = None,
                  names: list[str] | None = None) -> "DungeonPlay":
    """A new game of dungeon ``sid`` with ``party`` (one (character, equipment, ability) per hero) on
    the play screen. Raises ValueError for a party the rules refuse (D-SETUP-3..6) or an unknown dungeon."""
    try:
        scn = dungeon_scenario(sid)
    except KeyError as ex:
        raise ValueError(str(ex).strip("'\"")) from None
    if seed is None:
        seed = app.seed if getattr(app, "seed", None) is not None else int.from_bytes(os.urandom(3), "little")
    state, events = new_game_events(scn, [tuple(p) for p in party], seed)
    return DungeonPlay(app, state, party, controllers, events=events, names=names)


class DungeonPlay(Scene):
    """The dungeon's play screen (see the module docstring)."""

    holds_game = True
    plays_ambient = True

    def __init__(self, app: "App", state: Any, party: list, controllers: list[str], events: list | None = None,
                 names: list[str] | None = None):
        super().__init__()
        self.app, self.state, self.party = app, state, [tuple(p) for p in party]
        self.controllers = list(controllers) + ["human"] * (len(self.party) - len(controllers))
        self.names = list(names or [])
        self.bot = KIT.bot(state.seed)
        self.show = Show()
        self.show.feed(list(events or []))
        self.show.speed = getattr(app, "bot_speed", 1.0) or 1.0
        self.t = 0.0
        self.wait = 0.0  # seconds the current decision has waited (bots, windows)
        self.paused_window = False  # a person said "wait": the enemy phase waits for their minor action
        self.message = ""
        self.hover: Any = None  # (kind, value) under the pointer
        self.cards_seen = len(state.dungeon.cards)
        self.slide: dict[int, float] = {}  # placement index -> seconds since it was laid
        self.ended = False
        self.quit = False
        self.geo = BoardGeometry.fit(BOARD, [])

    # ------------------------------------------------------------------ the game
    def view(self, seat: int | None = None) -> DungeonView:
        return DungeonView(self.state, seat)

    def deciding(self) -> int | None:
        p = self.state.pending
        return None if p is None else p.seat

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.controllers[seat] == "human"

    def legal(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the deciding seat) now."""
        seat = self.deciding() if seat is None else seat
        return [] if seat is None or self.state.result is not None else self.view(seat).legal()

    def minors_of(self, seat: int) -> list[Action]:
        """The minor actions ``seat`` may take now while another decides (D-ACT-5 a/b/c)."""
        if seat == self.deciding() and self.state.pending.kind == "act":
            return []
        return [a for a in self.legal(seat) if a.kind in MINOR]

    def do(self, a: Action, seat: int | None = None) -> list:
        """Apply legal action ``a`` (answered by ``seat``, default its own seat or the deciding one)."""
        who = seat if seat is not None else getattr(a, "seat", None)
        p = self.state.pending
        if p is not None and a.kind in ("done", "pick", "dreroll", "dassign") and who is None:
            who = p.seat
        v = self.view()
        if p is not None and p.kind == "minor_enemy":  # the window's intents, read before the enemy acts
            self.show.intents = {e.uid: v.enemy_intent(e.uid) for e in v.dungeon.enemies}
        before = {e.uid: (e.colour, e.face, tuple(e.pos), e.life, e.max_life) for e in v.dungeon.enemies}
        events = apply(self.state, a, who if who is not None and p is not None and who != p.seat else None)
        if events and events[0].kind == "impossible":
            self.message = words(events[0])
            return events
        self.message = ""
        self.show.feed(events, before)
        self.wait = 0.0
        self.paused_window = False
        return events

    def update(self, dt: float, app: "App") -> Command:
        self.t += dt
        for k in list(self.slide):
            self.slide[k] += dt
            if self.slide[k] > 0.6:
                del self.slide[k]
        if len(self.state.dungeon.cards) > self.cards_seen:
            for k in range(self.cards_seen, len(self.state.dungeon.cards)):
                self.slide[k] = 0.0
            self.cards_seen = len(self.state.dungeon.cards)
        self.show.tick(dt, lambda uid, it: intent_text(self.view(), uid, it))
        if self.quit:
            return Reset(app.main_menu())
        if self.show.busy:
            return None
        if self.state.result is not None:
            if not self.ended:
                self.ended = True
                return Push(DungeonEnd(self))
            return None
        p = self.state.pending
        if p is None:
            return None
        self.wait += dt
        if p.kind == "minor_enemy":
            people = [s for s in range(len(self.party)) if self.is_human(s) and self.minors_of(s)]
            if self.paused_window or (people and self.wait < WINDOW_SECS):
                return None
            self.do(Action(kind="done"), p.seat)
            return None
        if not self.is_human(p.seat):
            if self.wait >= BOT_SECS / max(0.1, self.show.speed):
                self.do(self.bot.choose(self.state), p.seat)
        return None

    # ------------------------------------------------------------------ input
    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            return None
        if ev.type == pygame.KEYDOWN:
            if MENU_KEYS.get(ev.key) == "back":
                return Push(ChoiceMenu(_("Paused"), [(_("Resume"), "resume"), (_("Quit to menu"), "quit")],
                                       self._paused))
            if ev.key == pygame.K_SPACE and self.show.busy:
                self.show.skip()
            return None
        if not left_click(ev):
            return None
        z = self.zones.at(ev.pos)
        if z is None:
            if self.show.busy:
                self.show.skip()  # a click on the board while the dice act: show it all now
            return None
        return self.pick(z.key, z.value)

    def _paused(self, value: Any) -> None:
        if value == "quit":
            self.quit = True

    def pick(self, key: str, value: Any) -> Command:
        """A zone was clicked: ``act`` (a legal action), ``sq`` (a square), ``enemy`` (an enemy), ``wait``
        (a hero's minor actions)."""
        if self.show.busy and key != "wait":
            self.show.skip()
        if key == "act":
            self.do(value)
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
                return Push(ChoiceMenu(_f("{hero}: wait, I use…", hero=hero_name(v, value)),
                                       [(action_label(v, a), a) for a in opts] + [(_("Nothing after all"), None)],
                                       lambda a: self.do(a) if a is not None else setattr(self, "paused_window", False)))
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        surf.fill(T.BG)
        v = self.view()
        top_bar(surf, pygame.Rect(0, 0, T.W, 44), v, self.names, self.controllers)
        self.draw_board(surf, v)
        log_panel(surf, LOG, self.show.log)
        self.draw_side(surf, v)
        if self.show.banner:
            r = pygame.Rect(BOARD.left + 20, BOARD.top + 8, BOARD.w - 40, 34)
            pygame.draw.rect(surf, (30, 20, 18), r, border_radius=8)
            pygame.draw.rect(surf, T.WARN, r, 1, border_radius=8)
            T.text(surf, T.fit(self.show.banner, 16, r.w - 20, bold=True), r.center, 16, T.WARN, bold=True, anchor="center")
        if self.hover and self.hover[0] == "enemy" and v.dungeon.enemy(self.hover[1]) is not None:
            enemy_card(surf, self.mouse, v, self.hover[1])
        elif self.hover and self.hover[0] == "tip":
            r = pygame.Rect(0, 0, 320, 48)
            r.topleft = (min(self.mouse[0] + 16, T.W - 326), min(self.mouse[1] + 12, T.H - 54))
            panel(surf, r, None, fill=(24, 20, 24), edge=T.PANEL_EDGE)
            T.text_block(surf, self.hover[1], r.inflate(-16, -10), 13, T.TEXT)

    def draw_board(self, surf: pygame.Surface, v: DungeonView) -> None:
        lay = v.layout
        self.geo = geo = BoardGeometry.fit(BOARD, list(lay.terrain), max_cell=64)
        pygame.draw.rect(surf, (14, 12, 15), BOARD)
        seat = self.deciding()
        legal = self.legal() if self.is_human(seat) else []
        moves = {tuple(a.to): a for a in legal if a.kind == "dmove"}
        targets = {a.target for a in legal if a.kind == "dattack"}
        unexplored = set(v.unexplored())
        closed = {tuple(q) for q in v.dungeon.closed}
        goals = set(v.objective_squares())
        hover_sq = geo.square_at(self.mouse) if BOARD.collidepoint(self.mouse) else None
        self.hover = None
        slide = {k: (1 - t / 0.6) ** 2 for k, t in self.slide.items()}
        for q, terr in lay.terrain.items():
            r = geo.sq_rect(q)
            ks = lay.cards_of.get(q, (0,))
            off = max((slide.get(k, 0.0) for k in ks), default=0.0) if all(k in slide for k in ks) else 0.0
            if off:
                r = r.move(0, -int(off * geo.cell * 2))
            if q in unexplored:
                draw_exit(surf, r, lay.exits[q][1].value, self.t)
            elif q in closed:
                draw_closed(surf, r)
            else:
                draw_square(surf, r, terr.value, (q[0] * 7 + q[1] * 13) & 0xff)
            if q in lay.entrances.values() and q not in unexplored:
                draw_entrance(surf, r)
            if q in goals:
                draw_goal(surf, r, self.t)
        for k, (cid, slot, rot) in enumerate(lay.placements):  # each card's outline and name
            x0, y0 = slot[0] * 6, slot[1] * 6
            r = geo.sq_rect((x0, y0)).union(geo.sq_rect((x0 + 4, y0 + 4)))
            pygame.draw.rect(surf, (96, 78, 52), r, 2)
            card = v.scenario.defn.cards.get(cid)
            if card is not None and card.name and geo.cell >= 24:
                T.text(surf, T.fit(content(card.name), 11, r.w - 6), (r.left + 4, r.top + 2), 11, (200, 180, 140))
        for q, a in moves.items():  # where the hero may move (D-MOVE)
            r = geo.sq_rect(q)
            pygame.draw.rect(surf, MOVE, r.inflate(-4, -4), 2, border_radius=4)
            pygame.draw.circle(surf, MOVE, r.center, max(2, geo.cell // 10))
            self.zones.add(_zone(r, "sq", q))
        if self.show.banner_path and self.show.acting:  # the acting enemy's planned path
            e = v.dungeon.enemy(self.show.acting)
            start = self.show.drawn_at(self.show.acting, tuple(e.pos)) if e is not None else None
            if start is not None and self.show.acting not in self.show.walks and self.show.now is not None \
                    and self.show.now.kind == "enemy_turn":
                draw_path(surf, geo, [start] + [tuple(q) for q in self.show.banner_path], T.WARN, self.t)
        for uid, (colour, face, pos, life, most) in self.show.ghosts.items():  # defeated, not shown yet
            r = geo.sq_rect(pos)
            draw_enemy(surf, r, colour, face, life, most, alerted=True, stunned=False, t=self.t)
        for e in v.dungeon.enemies:
            pos = self.show.drawn_at(e.uid, tuple(e.pos))
            if pos is None:
                continue  # its placing is still to be shown
            r = geo.sq_rect((0, 0))
            r.center = geo.centre(pos)
            if e.uid == self.show.acting:
                pygame.draw.rect(surf, T.WARN, r.inflate(6, 6), 3, border_radius=8)
            draw_enemy(surf, r, e.colour, e.face, e.life, e.max_life, alerted=e.alerted, stunned=e.stunned,
                       target=e.uid in targets, t=self.t)
            self.zones.add(_zone(r, "enemy", e.uid))
            if r.collidepoint(self.mouse):
                self.hover = ("enemy", e.uid)
        for h in v.dungeon.heroes:
            if h.pos is None or h.dead:
                continue
            pos = self.show.drawn_at(h.uid, tuple(h.pos)) or tuple(h.pos)
            r = geo.sq_rect((0, 0))
            r.center = geo.centre(pos)
            draw_hero(surf, r, h.seat, active=(v.phase == "player" and v.active_seat == h.seat and v.result is None
                                                and v.pending is not None and v.pending.kind != "turn_order"), t=self.t)
            picks = [a for a in legal if a.kind == "pick" and a.n == h.seat]
            if picks:  # the players choose who goes next (D-ROUND-2): click the hero too
                pygame.draw.rect(surf, T.GOLD, r.inflate(-2, -2), 2, border_radius=6)
                self.zones.add(_zone(r, "act", picks[0]))
        if hover_sq is not None and self.hover is None and self.is_human(seat) and v.pending is not None \
                and v.pending.kind == "act" and hover_sq in lay.terrain:
            self.hover_square(v, seat, hover_sq, moves)

    def hover_square(self, v: DungeonView, seat: int, q: tuple[int, int], moves: dict) -> None:
        """What a Move there would do (``move_preview``) or why not (``move_problem``), from the engine."""
        if q in moves:
            pv = v.move_preview(seat, q)
            if pv is None:
                return
            tip = _f("Move here: {n} movement points", n=pv["points"])
            if pv["pits"]:
                tip += " · " + _f("{n} pit damage", n=pv["pits"])
            if pv["explores"]:
                tip += " · " + _("explores: a new card is laid")
            self.hover = ("tip", tip)
            return
        why = v.move_problem(seat, q)
        if why is not None and why.code not in ("not_your_turn",):
            self.hover = ("tip", _(REASONS.get(why.code, why.code)))

    def draw_side(self, surf: pygame.Surface, v: DungeonView) -> None:
        y = hero_rows(surf, pygame.Rect(SIDE.left, SIDE.top, SIDE.w, 260), v, self.names, self.controllers)
        seat = self.deciding()
        # "wait, I use…": any other hero with a minor action it may take now (D-ACT-5)
        waits = [s for s in range(len(self.party)) if self.is_human(s) and self.minors_of(s)]
        for i, s in enumerate(waits):
            r = pygame.Rect(SIDE.left + (i % 2) * (SIDE.w // 2), y + (i // 2) * 36, SIDE.w // 2 - 6, 32)
            button(surf, self.zones, r, _f("{hero}: wait, I use…", hero=hero_name(v, s)), "wait", s,
                   hover=self.mouse, size=13)
        y += ((len(waits) + 1) // 2) * 36 + 4
        p = v.pending
        box = pygame.Rect(SIDE.left, y, SIDE.w, SIDE.bottom - 200 - y)
        inner = panel(surf, box, None, fill=(24, 21, 25))
        if p is not None and v.result is None:
            if p.kind == "minor_enemy":
                line = _("Before the next enemy acts, any hero may use a minor action.")
            elif self.is_human(p.seat):
                line = words(p) if p.kind != "turn_order" else _("Choose which hero goes next.")
            else:
                line = _f("{player} (bot) is thinking…", player=seat_of_player(self.names, p.seat))
            T.text_block(surf, line, pygame.Rect(inner.left, inner.top, inner.w, 40), 15, T.TEXT)
            by = inner.top + 44
            if self.is_human(seat) and p.kind != "minor_enemy":
                opts = [a for a in self.legal() if a.kind not in ON_BOARD]
                for a in opts[:9]:
                    if by > inner.bottom - 30:
                        break
                    primary = a.kind in ("dother", "pick")
                    button(surf, self.zones, pygame.Rect(inner.left, by, inner.w, 30), action_label(v, a), "act", a,
                           hover=self.mouse, size=14, primary=primary)
                    by += 34
                if p.kind == "act" and any(a.kind == "dmove" for a in self.legal()):
                    T.text(surf, _("Click a lit square to move there; a ringed die to attack it."),
                           (inner.left, min(by, inner.bottom - 16)), 12, T.MUTED)
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(inner.left, inner.bottom - 36, inner.w, 36), 13, T.BAD)
        dice_panel(surf, pygame.Rect(SIDE.left, SIDE.bottom - 196, SIDE.w, 196), v, self.show.rolls)


#: why a square cannot be moved to (DungeonView.move_problem's codes)
REASONS = {"not_a_square": N_("A wall: no figure may enter it."),
           "enemy": N_("An enemy stands there; heroes never pass enemies."),
           "figure": N_("Another figure stands there."), "too_far": N_("Too far for this hero's speed."),
           "no_action": N_("No action left this turn."), "dead": N_("This hero has fallen.")}


def _zone(r: pygame.Rect, key: str, value: Any) -> Zone:
    return Zone(pygame.Rect(r), key, value)


class DungeonEnd(Scene):
    """Victory or defeat (D-END-3/4): the reason in words, the round reached, the heroes' fates; play
    the same dungeon again with the same heroes, or go back to the main menu."""

    overlay = True
    dim_alpha = 170

    def __init__(self, play: DungeonPlay):
        super().__init__()
        self.play = play

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif left_click(ev):
            z = self.zones.at(ev.pos)
            if z is not None and z.key == "end":
                return self.choose(z.value, app)
        elif ev.type == pygame.KEYDOWN and MENU_KEYS.get(ev.key) in ("confirm", "back"):
            return self.choose("menu", app)
        return None

    def choose(self, value: str, app: "App") -> Command:
        p = self.play
        if value == "again":
            return Reset(start_dungeon(app, p.state.dungeon.scenario, p.party, p.controllers, names=p.names))
        if value == "log":
            return Pop()
        return Reset(app.main_menu())

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        v = self.play.view()
        won = v.result == "success"
        r = pygame.Rect(0, 0, 640, 360)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(22, 18, 20), edge=T.GOLD if won else T.ACCENT)
        _emblem(surf, (r.centerx, r.top + 62), won)
        T.text(surf, _("VICTORY") if won else _("DEFEAT"), (r.centerx, r.top + 122), 40, T.GOLD if won else T.ACCENT_HI,
               bold=True, anchor="center")
        T.text_block(surf, words(_Reason(v.result_reason)), pygame.Rect(r.left + 40, r.top + 150, r.w - 80, 50), 16, T.TEXT)
        fates = []
        for s, h in enumerate(v.dungeon.heroes):
            fates.append(_f("{hero}: fallen", hero=hero_name(v, s)) if h.dead else
                         _f("{hero}: {life} life, {treasure} treasure", hero=hero_name(v, s), life=h.life, treasure=h.treasure))
        T.text(surf, _f("Round {n} of {limit}", n=v.round, limit=v.round_limit), (r.centerx, r.top + 206), 15, T.MUTED,
               anchor="center")
        for i, line in enumerate(fates):
            T.text(surf, line, (r.centerx, r.top + 230 + i * 20), 14, T.TEXT, anchor="center")
        bw = 180
        for i, (label, key) in enumerate(((_("Play again"), "again"), (_("See the board"), "log"), (_("Main menu"), "menu"))):
            button(surf, self.zones, pygame.Rect(r.centerx - 3 * bw // 2 - 10 + i * (bw + 10), r.bottom - 58, bw, 40),
                   label, "end", key, hover=self.mouse, size=16, primary=(key == "again"))


class _Reason:
    """The result's reason (a message id) for :func:`game.ui.words.words`."""

    def __init__(self, mid: str):
        self.msg, self.params = mid, {}


def _emblem(surf: pygame.Surface, centre: tuple[int, int], won: bool) -> None:
    """A chalice (the reliquary lifted) or a sinking skull."""
    x, y = centre
    if won:
        col = T.GOLD
        pygame.draw.polygon(surf, col, [(x - 26, y - 30), (x + 26, y - 30), (x + 12, y + 2), (x - 12, y + 2)])
        pygame.draw.rect(surf, col, (x - 4, y + 2, 8, 18))
        pygame.draw.rect(surf, col, (x - 18, y + 20, 36, 7), border_radius=3)
    else:
        col = (200, 190, 180)
        pygame.draw.circle(surf, col, (x, y - 8), 24)
        pygame.draw.rect(surf, col, (x - 14, y + 8, 28, 16), border_radius=4)
        pygame.draw.circle(surf, (22, 18, 20), (x - 9, y - 10), 6)
        pygame.draw.circle(surf, (22, 18, 20), (x + 9, y - 10), 6)
        for i in range(3):
            pygame.draw.line(surf, (60, 110, 160), (x - 40, y + 30 + i * 6), (x + 40, y + 30 + i * 6), 2)


__all__ = ["DungeonEnd", "DungeonPlay", "start_dungeon"]
