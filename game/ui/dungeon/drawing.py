"""The dungeon play screen's picture (a part of :class:`.play.DungeonPlay`): the top bar, the board,
the log, the market, the heroes' side panel with the decision's buttons and the dice, the banners and
the hover cards.

Issue 30 item 2 (redraw only what changed): the board's still layer is kept (:mod:`.layer`); the
panels are drawn through :class:`game.ui.memo.Memo`, keyed by the game state and its step and what
else each shows (a panel whose key and hovered button are unchanged is put back as a picture); the
rules are asked once per step (``DungeonPlay.view``/``legal``/``asked``), not once per frame.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...engine.dungeon import DungeonView
from ...i18n import _, _f, language
from .. import theme as T
from ..memo import Same
from ..widgets import Zone, button, panel
from ..words import words
from . import hud
from .board import MOVE, SEAT, BoardGeometry, draw_enemy, draw_hero, draw_path
from .hud import dice_panel, enemy_card, hero_rows, log_panel, market_panel, top_bar
from .tips import attack_odds, side_buttons, square_tip
from .words import hero_name, seat_of_player

if TYPE_CHECKING:
    from ..app import App

BOARD = pygame.Rect(8, 50, 858, 500)
LOG = pygame.Rect(8, 556, 858, 156)
SIDE = pygame.Rect(874, 50, 398, 662)
DICE = pygame.Rect(SIDE.left, SIDE.bottom - 196, SIDE.w, 196)
TOP = pygame.Rect(0, 0, T.W, 44)
TOP_DRAWN = pygame.Rect(0, 0, T.W, 45)  # the top bar and its edge line under it
LOG_PANEL = pygame.Rect(LOG.left, LOG.top, LOG.w - 300, LOG.h)
MARKET = pygame.Rect(LOG.right - 292, LOG.top, 292, LOG.h)
MARKET_DRAWN = pygame.Rect(MARKET.left, MARKET.top, MARKET.w, T.H - MARKET.top)  # (its third row reaches out below)


class PlayDrawing:
    """The drawing part of :class:`game.ui.dungeon.play.DungeonPlay` (its attributes are the screen's)."""

    def sig(self) -> tuple:
        """What every panel shows depends on: the game state (by identity) and its step, the language,
        the players' names and who plays each seat."""
        return (Same(self.state), self.state.step, language(), tuple(self.names), tuple(self.controllers))

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        surf.fill(T.BG)
        v = self.view()
        sig = self.sig()
        phase = self.show.phase if self.show.busy and self.show.phase else v.phase
        self.memo.draw("top", surf, TOP_DRAWN, (sig, phase),
                       lambda: top_bar(surf, TOP, v, self.names, self.controllers, phase), self.zones)
        self.draw_board(surf, v)
        rows = tuple(self.show.log[-max(1, (LOG_PANEL.h - 12) // 19):])
        self.memo.draw("log", surf, LOG_PANEL, (rows, language()), lambda: log_panel(surf, LOG_PANEL, self.show.log),
                       self.zones)
        tip = self.memo.draw("market", surf, MARKET_DRAWN, sig,
                             lambda: market_panel(surf, MARKET, v, self.zones, self.mouse), self.zones, self.mouse)
        if tip:
            self.hover = ("tip", tip)
        self.draw_side(surf, v)
        if self.show.banner:
            r = pygame.Rect(BOARD.left + 20, BOARD.top + 8, BOARD.w - 40, 34)
            pygame.draw.rect(surf, (30, 20, 18), r, border_radius=8)
            pygame.draw.rect(surf, T.WARN, r, 1, border_radius=8)
            T.text(surf, T.fit(self.show.banner, 16, r.w - 20, bold=True), r.center, 16, T.WARN, bold=True, anchor="center")
        if self.handover is not None:
            seat = self.handover[0]
            r = pygame.Rect(0, 0, 520, 44)
            r.midtop = (BOARD.centerx, BOARD.top + 4)
            panel(surf, r, None, fill=(24, 20, 24), edge=SEAT[seat % 4])
            draw_hero(surf, pygame.Rect(r.left + 12, r.top + 4, 36, 36), seat, active=False)
            T.text(surf, _f("{player}, your turn: {hero}", player=seat_of_player(self.names, seat), hero=hero_name(v, seat)),
                   (r.left + 60, r.centery), 18, SEAT[seat % 4], bold=True, anchor="midleft")
        if self.hover and self.hover[0] == "enemy" and v.dungeon.enemy(self.hover[1]) is not None:
            card = enemy_card(surf, self.mouse, v, self.hover[1], getattr(self.app, "art", None))
            seat = self.deciding()
            attack_odds(surf, card, v, seat, self.hover[1], self.legal() if self.is_human(seat) else [])
        elif self.hover and self.hover[0] == "tip":
            r = pygame.Rect(0, 0, 320, 48)
            r.topleft = (min(self.mouse[0] + 16, T.W - 326), min(self.mouse[1] + 12, T.H - 54))
            panel(surf, r, None, fill=(24, 20, 24), edge=T.PANEL_EDGE)
            T.text_block(surf, self.hover[1], r.inflate(-16, -10), 13, T.TEXT)

    def fitted(self, rect: pygame.Rect, lay: Any) -> BoardGeometry:
        """The geometry showing every placed square in ``rect`` (once per step)."""
        return self.asked(("fit", tuple(rect)), lambda: BoardGeometry.fit(rect, list(lay.terrain), max_cell=64))

    def draw_board(self, surf: pygame.Surface, v: DungeonView) -> None:
        lay = v.layout
        self.geo = geo = self.fitted(BOARD, lay).zoomed(self.zoom, self.pan)
        pygame.draw.rect(surf, (14, 12, 15), BOARD)
        surf.set_clip(BOARD)  # zoomed in, the board stays in its frame
        try:
            self.draw_map(surf, v, lay, geo)
        finally:
            surf.set_clip(None)
        if self.zoom > 1.0:
            T.text(surf, _("Wheel: zoom · right-drag: move · 0: whole map"), (BOARD.right - 8, BOARD.bottom - 4), 11,
                   T.DIM, anchor="bottomright")

    def draw_map(self, surf: pygame.Surface, v: DungeonView, lay: Any, geo: BoardGeometry) -> None:
        """The cards, exits, highlights and figures (clipped to the board's frame by the caller)."""
        seat = self.deciding()
        legal = self.legal() if self.is_human(seat) else []
        moves = {tuple(a.to): a for a in legal if a.kind == "dmove"}
        targets = {a.target for a in legal if a.kind == "dattack"}
        hover_sq = geo.square_at(self.mouse) if BOARD.collidepoint(self.mouse) else None
        self.hover = None
        slide = {k: (1 - t / 0.6) ** 2 for k, t in self.slide.items()}
        self.layer.draw(surf, v, self.state, lay, geo, slide, self.clock)
        if self.board_pick:  # a minor action's square (Fleetfoot): gold, over the moves
            moves = {}
        for q, a in moves.items():  # where the hero may move (D-MOVE)
            r = geo.sq_rect(q)
            pygame.draw.rect(surf, MOVE, r.inflate(-4, -4), 2, border_radius=4)
            pygame.draw.circle(surf, MOVE, r.center, max(2, geo.cell // 10))
            self.board_zone(r, "sq", q)
        for q, a in (self.board_pick or {}).items():
            r = geo.sq_rect(q)
            pygame.draw.rect(surf, T.GOLD, r.inflate(-4, -4), 3, border_radius=4)
            pygame.draw.polygon(surf, T.GOLD, [(r.centerx, r.top + 6), (r.right - 6, r.centery), (r.centerx, r.bottom - 6),
                                               (r.left + 6, r.centery)], 2)
            self.board_zone(r, "pick_sq", q)
        if self.show.banner_path and self.show.acting:  # the acting enemy's planned path
            e = v.dungeon.enemy(self.show.acting)
            start = self.show.drawn_at(self.show.acting, tuple(e.pos)) if e is not None else None
            if start is not None and self.show.acting not in self.show.walks and self.show.now is not None \
                    and self.show.now.kind == "enemy_turn":
                draw_path(surf, geo, [start] + [tuple(q) for q in self.show.banner_path], T.WARN, self.clock)
        art = getattr(self.app, "art", None)
        for uid, (colour, face, pos, life, most, kind) in self.show.ghosts.items():  # defeated, not shown yet
            r = geo.sq_rect(pos)
            draw_enemy(surf, r, colour, face, life, most, alerted=True, stunned=False, t=self.clock,
                       icon=art.raw(f"dg_{kind}") if art is not None else None)
        for e in v.dungeon.enemies:
            pos = self.show.drawn_at(e.uid, tuple(e.pos))
            if pos is None:
                continue  # its placing is still to be shown
            r = geo.sq_rect((0, 0))
            r.center = geo.centre(pos)
            if e.uid == self.show.acting:
                pygame.draw.rect(surf, T.WARN, r.inflate(6, 6), 3, border_radius=8)
            draw_enemy(surf, r, e.colour, e.face, e.life, e.max_life, alerted=e.alerted, stunned=e.stunned,
                       target=e.uid in targets, t=self.clock, icon=art.raw(f"dg_{e.type}") if art is not None else None)
            self.board_zone(r, "enemy", e.uid)
            if r.collidepoint(self.mouse):
                self.hover = ("enemy", e.uid)
        for h in v.dungeon.heroes:
            if h.pos is None or h.dead:
                continue
            pos = self.show.drawn_at(h.uid, tuple(h.pos)) or tuple(h.pos)
            r = geo.sq_rect((0, 0))
            r.center = geo.centre(pos)
            draw_hero(surf, r, h.seat, active=(v.phase == "player" and v.active_seat == h.seat and v.result is None
                                                and v.pending is not None and v.pending.kind != "turn_order"), t=self.clock)
            picks = [a for a in legal if a.kind == "pick" and a.n == h.seat]
            if picks:  # the players choose who goes next (D-ROUND-2): click the hero too
                pygame.draw.rect(surf, T.GOLD, r.inflate(-2, -2), 2, border_radius=6)
                self.board_zone(r, "act", picks[0])
        if hover_sq is not None and self.hover is None and self.is_human(seat) and v.pending is not None \
                and v.pending.kind == "act" and hover_sq in lay.terrain:
            tip = self.asked(("square_tip", seat, hover_sq), lambda: square_tip(v, seat, hover_sq, moves))
            if tip:
                self.hover = ("tip", tip)

    def board_zone(self, r: pygame.Rect, key: str, value: Any) -> None:
        """A clickable part of the board, cut to the board's frame (none when zoomed out of view)."""
        r = pygame.Rect(r).clip(BOARD)
        if r.w > 0 and r.h > 0:
            self.zones.add(Zone(r, key, value))

    def draw_side(self, surf: pygame.Surface, v: DungeonView) -> None:
        """The side panel (through the cache: the state, the message, undo, the coach's step, a square
        pick, the rolls shown and the hovered button) and the coach's box over the board."""
        seat = self.deciding()
        waits = [s for s in range(len(self.party)) if self.is_human(s) and self.minors_of(s)]
        tip = self.coach.step(self.legal() if self.is_human(seat) else [], v.phase, bool(waits))
        if tip:
            r = pygame.Rect(BOARD.left + 16, BOARD.bottom - 78, BOARD.w - 32, 70)
            pygame.draw.rect(surf, (34, 28, 16), r, border_radius=8)
            pygame.draw.rect(surf, T.GOLD, r, 2, border_radius=8)
            T.text_block(surf, _(tip), pygame.Rect(r.left + 12, r.top + 8, r.w - 130, r.h - 12), 14, T.TEXT)
            button(surf, self.zones, pygame.Rect(r.right - 108, r.centery - 16, 96, 32), _("Got it"), "coach",
                   hover=self.mouse, size=14)
        key = None if hud.DRAWN is not None else (
            self.sig(), self.message, self.undo.can_undo(), tuple(Same(e) for e in self.show.rolls))
        self.memo.draw("side", surf, SIDE, key, lambda: self.side_panel(surf, v, seat, waits), self.zones, self.mouse)

    def side_panel(self, surf: pygame.Surface, v: DungeonView, seat: int | None, waits: list[int]) -> None:
        """The heroes' rows, the "wait, I use…" buttons (D-ACT-5), the decision's box and the dice."""
        y = hero_rows(surf, pygame.Rect(SIDE.left, SIDE.top, SIDE.w, 260), v, self.names, self.controllers)
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
                rows = side_buttons(v, self.legal())
                # every option on screen: rows closer (down to 24 px) before any is left out (4 heroes
                # to pick from under four hero rows did not fit at 34 px, and the fourth was not offered)
                limit = inner.bottom - (64 if self.message or self.undo.can_undo() else 34)
                step = max(24, min(34, (limit - by) // max(1, len(rows))))
                for label, key, value, primary in rows:
                    if by + step - 4 > limit:
                        break
                    button(surf, self.zones, pygame.Rect(inner.left, by, inner.w, step - 4), label, key, value,
                           hover=self.mouse, size=14 if step >= 30 else 13, primary=primary)
                    by += step
                if p.kind == "act" and any(a.kind == "dmove" for a in self.legal()):
                    T.text(surf, _("Click a lit square to move there; a ringed die to attack it."),
                           (inner.left, min(by, inner.bottom - 16)), 12, T.MUTED)
        if self.undo.can_undo():
            button(surf, self.zones, pygame.Rect(inner.right - 96, inner.bottom - 30, 96, 28), _("Undo"), "undo",
                   hover=self.mouse, size=13)
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(inner.left, inner.bottom - 66, inner.w, 36), 13, T.BAD)
        dice_panel(surf, DICE, v, self.show.rolls)
        T.text(surf, _("F1 rules · Ctrl+Z undo · Esc menu"), (SIDE.right - 8, DICE.top + 8), 11, T.DIM, anchor="topright")


__all__ = ["BOARD", "DICE", "LOG", "PlayDrawing", "SIDE"]
