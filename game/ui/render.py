"""Drawing the play screen: :class:`PlayView` draws a whole frame from a :class:`Game` plus a little
UI state (:class:`game.ui.playui.PlayUI`) and remembers the clickable zones it drew, so the play
scene hit-tests exactly what the player saw. :func:`screenshot_board` uses the same view with no
window.

The view is put together from its parts by concern: the board (:mod:`game.ui.board`: layout, floor,
edges, tokens and models, highlights and effects) and the heads-up display (:mod:`game.ui.hud`: the
bars, the log, the side panel, dice rows, the tension card, hover cards); this module keeps the frame
(what is drawn in which order, the panels' cache, the pan and zoom). Ids map to images and colours
only on the drawing side (STYLE: rules hold ids).
"""
from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pygame

from ..engine.query import Game, View
from ..i18n import language as i18n_language
from . import boss as BS
from . import theme as T
from .art import Art
from .board.edges import EdgeDrawing
from .board.effects import BoardEffects
from .board.floor import FloorDrawing
from .board.layout import BoardLayout
from .board.pieces import PieceDrawing
from .board.surface import BoardSurface
from .choices import current_index
from .dialogs import draw_exchange, draw_gear
from .hud.bars import Bars
from .hud.dice import DiceRows
from .hud.hover import HoverCards
from .hud.log import LogPanel
from .hud.side import SidePanel
from .hud.tension import TensionCard
from .playui import (BOARD_RECT, CAPTION_RECT, LOG_BIG_TOP, LOG_RECT, LogLine, Marks, PlayUI, PROMPT_RECT, SIDE_RECT,
                     Sq, TOP_H)
from .widgets import Zones

# ================================================================== the view
_THEME_DRAW = (T.text, T.render, T.text_block)


def state_sig(state: Game) -> tuple:
    """What the panels show of ``state``, cheaply (:meth:`View.signature`). Equal signatures
    draw equal panels (:meth:`PlayView.memo`)."""
    return View.of(state).signature()


class PlayView(BoardSurface, FloorDrawing, EdgeDrawing, PieceDrawing, BoardEffects, Bars, LogPanel, SidePanel,
               DiceRows, TensionCard, HoverCards):
    """Draws the play screen and remembers its zones (buttons, models) for hit-testing."""

    def __init__(self, art: Art | None = None, map_path: str | Path | None = None):
        self.art = art or Art()
        self.map_path = map_path
        self.zones = Zones()
        self.models: list[tuple[str, str, tuple[int, int], int]] = []  # (kind, id, centre, radius)
        self.layout: BoardLayout | None = None
        self.token_zones: list[tuple[str, pygame.Rect]] = []  # space-taking tokens as drawn (barrels ...)
        self.dialog_rect: pygame.Rect | None = None  # the exchange dialog as drawn (item box, trade)
        self.unexplored_at: dict[str, pygame.Rect] = {}  # tile id -> its unexplored token as drawn
        self.hover_lines: list[str] = []  # the text of the hover card drawn this frame (tests read it)
        self._tmx_floor = False
        self._floor_key: Any = None
        self._floor: pygame.Surface | None = None
        self.pan = (0, 0)
        self.zoom = 1.0
        self._follow: Any = None  # (turn, active seat) the view last scrolled to
        self._shades: dict = {}
        self._flip_key: Any = None  # the tension card last shown (a new one turns over)
        # sq -> [master key, rect of the master it shows, that part scaled to this zoom, master rows not
        # yet smoothed], LRU order
        self._floor_levels: "OrderedDict[int, list]" = OrderedDict()
        self._master_key: Any = None
        self._level_pool: list[pygame.Surface] = []  # level buffers ready for the next zoom levels
        self._master_gen = 0
        self._master: pygame.Surface | None = None  # floor + veils + spawn/stairs + walls/doors at MASTER_SQ
        self._unexplored_key: Any = None
        self._unexplored_sq: dict[str, Sq] = {}
        self._first_sq: tuple[Any, dict[str, Sq]] = (None, {})  # (board, tile id -> its top-left square)
        self._label_pills: dict[tuple, pygame.Rect] = {}  # where each tile's label went, by view and models
        self._regions: dict[str, tuple] = {}  # panel name -> (key, picture, zones, attributes): PlayView.memo
        self.actions_rect: pygame.Rect | None = None
        self.toast_rect: pygame.Rect | None = None  # the message over the board as drawn (the tutorial avoids it)
        self.caption_rect = pygame.Rect(CAPTION_RECT)  # the caption as drawn (taller when it wraps)
        self._tmx_buf: dict = {}  # map path -> its floor at one pixel per Tiled pixel (rescaled on zoom)
        self.board_area = pygame.Rect(BOARD_RECT)  # where squares are drawn (the boss column takes the right)
        self.boss_rect: pygame.Rect | None = None
        self.boss_texts: list[str] = []  # what the boss column showed this frame (tests read it)
        self.note_key: Any = None  # (zoom, pan) when the zoom/pan note was last shown afresh
        self.note_since = 0.0
        self.note_alpha = 0  # how opaque the note was drawn last frame (tests read it)
        self.top_text: tuple[str, str] = ("", "")  # the top bar's turn and phase texts (tests read it)
        self.health_marker: tuple[int, pygame.Rect] | None = None  # the step the pointer marks (tests read it)
        self.side_strip_rect: pygame.Rect | None = None  # where the mode's own strip was drawn in the side panel

    def shade(self, size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
        """A translucent rectangle of this size and colour (cached: a few hundred at most)."""
        key = (tuple(size), tuple(rgba))
        img = self._shades.get(key)
        if img is None:
            if len(self._shades) > 256:
                self._shades.clear()
            img = pygame.Surface(size, pygame.SRCALPHA)
            img.fill(rgba)
            self._shades[key] = img
        return img

    def invalidate(self) -> None:
        """Forget cached floors (after F5 reload)."""
        self._floor_key = None
        self._floor = None
        self._floor_levels = OrderedDict()
        self._level_pool = []
        self._master_key = None
        self._master = None
        self._tmx_buf = {}

    def memo(self, name: str, surf: pygame.Surface, rect: pygame.Rect, key: Any, draw, attrs: tuple = (),
             pointer: tuple[int, int] | None = None) -> None:
        """Draw a panel through a cache: when ``key`` equals the key it was last drawn with, the
        picture, zones and attributes ``attrs`` (what tests and the tutorial read) of that frame are
        put back instead of drawing again (a blit instead of hundreds of text and shape calls).
        ``key`` None draws every frame (an animation is playing). ``draw()`` draws inside ``rect`` only.
        ``pointer``: the pointer's position, for a panel whose picture depends on it only through which of
        the zones it drew contain it (buttons lit under the pointer, a log line's row): the key then holds
        those zones, so the pointer moving over the panel redraws it only when it enters or leaves one of them
        (the whole side panel was drawn again for every pixel the pointer moved over it: 2-4 ms, issue 30)."""
        if (T.text, T.render, T.text_block) != _THEME_DRAW or T.SHOWN is not None:
            key = None  # theme's text functions are replaced or a test records what is drawn: draw afresh
        got = self._regions.get(name)
        base = key

        def hits(zones) -> tuple:
            return tuple(i for i, z in enumerate(zones) if z.rect.collidepoint(pointer))
        if pointer is not None and key is not None:
            key = (base, hits(got[2]) if got is not None else None)
        lines = T.crisp_lines(surf.get_abs_parent())  # lines of text recorded for the sharp redraw
        ox, oy = surf.get_abs_offset()
        if key is not None and got is not None and got[0] == key and (lines is None or got[5]):  # lines kept if shown sharp
            surf.blit(got[1], rect)
            self.zones.items.extend(got[2])
            for a, v in got[3]:
                setattr(self, a, v)
            if lines is not None:
                lines.extend(ln.moved(rect.left + ox, rect.top + oy) for ln in got[4])
            return
        n0 = len(self.zones.items)
        l0 = len(lines) if lines is not None else 0
        draw()
        if key is None:
            self._regions.pop(name, None)
            return
        clip = rect.clip(surf.get_rect())
        mine = []
        if lines is not None:  # the panel's lines go with its picture (relative to its corner)
            box = clip.move(ox, oy)
            mine = [ln.moved(-box.left, -box.top) for ln in lines[l0:] if box.contains(ln.area)]
        if pointer is not None:  # kept under the zones the pointer is in as drawn now
            key = (base, hits(self.zones.items[n0:]))
        self._regions[name] = (key, surf.subsurface(clip).copy(), list(self.zones.items[n0:]),
                               tuple((a, getattr(self, a)) for a in attrs), mine, lines is not None)

    def make_layout(self, state: Game) -> BoardLayout:
        """The layout for this frame: pan clamped to the board; on a board that scrolls, a new
        turn brings the active survivor into view."""
        lay = BoardLayout(View.of(state).scenario.board, self.board_area, self.pan, self.zoom)
        mx, my = lay.max_pan()
        pan = (max(-mx, min(mx, self.pan[0])), max(-my, min(my, self.pan[1])))
        follow = (View.of(state).turn, View.of(state).active_seat)
        if follow != self._follow:
            self._follow = follow
            c = View.of(state).active_char
            if lay.overflows and c.pos is not None:
                r = BoardLayout(View.of(state).scenario.board, self.board_area, pan, self.zoom).square_rect(tuple(c.pos))
                if not self.board_area.inflate(-lay.sq, -lay.sq).contains(r):
                    cx, cy = r.center
                    pan = (pan[0] + self.board_area.centerx - cx, pan[1] + self.board_area.centery - cy)
                    pan = (max(-mx, min(mx, pan[0])), max(-my, min(my, pan[1])))
        if pan != tuple(self.pan):
            self.pan = pan
            lay = BoardLayout(View.of(state).scenario.board, self.board_area, self.pan, self.zoom)
        return lay

    def zoom_at(self, state: Game, pos: tuple[int, int], steps: float) -> None:
        """Mouse-wheel zoom, keeping the board point under ``pos`` where it is."""
        lay = self.layout or self.make_layout(state)
        u, v = (pos[0] - lay.ox) / lay.sq, (pos[1] - lay.oy) / lay.sq
        self.zoom = max(0.3, min(3.5, self.zoom * (1.18 ** steps)))
        new = BoardLayout(View.of(state).scenario.board, self.board_area, (0, 0), self.zoom)
        self.zoom = new.sq / new.base  # snap to what is drawn (limits)
        ox0 = self.board_area.left + (self.board_area.width - new.w) // 2
        oy0 = self.board_area.top + (self.board_area.height - new.h) // 2
        self.pan = (int(pos[0] - u * new.sq - ox0), int(pos[1] - v * new.sq - oy0))
        self.layout = self.make_layout(state)

    # ------------------------------------------------------------------ frame
    def draw(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        ui.numbers.observe(View.of(state).enemies)  # a model seen for the first time gets its number
        self.zones.clear()
        self.models = []  # no fill: the panels below cover the whole screen
        self.boss_rect = BS.column_rect(BOARD_RECT) if BS.shows_column(state, ui.boss) else None
        self.board_area = pygame.Rect(BOARD_RECT)
        if self.boss_rect is not None:
            self.board_area.width -= self.boss_rect.width
        self.layout = self.make_layout(state)
        self.draw_board(surf, state, ui)
        self.boss_texts = []
        if self.boss_rect is not None:
            self.boss_texts = BS.draw_boss_column(surf, self.boss_rect, state, ui.boss, ui.anim, self.art, self.zones,
                                                  ui.time)
        self.draw_caption(surf, ui, state)
        sig = (state_sig(state), i18n_language(), T.MOVE_HL, tuple(ui.controllers), ui.show_rule_ids,
               tuple(ui.names))  # a seat renamed mid-game (Seats and players) redraws the top bar
        self.frame_sig = sig
        self._regions = {k: v for k, v in self._regions.items() if v[0] is not None}
        m = ui.mouse  # (the panels below depend on it only through the zones they draw: memo's pointer)
        top = pygame.Rect(0, 0, T.W, TOP_H + 1)  # (with the row its 2-px foot line covers: the caption's top row)
        boss = ui.boss.card if ui.anim.boss_turn else None
        playing = ui.phase_playing()  # the enemy phase's turn stays up on the bars while its beats play
        beat = (id(playing), playing.beats[min(ui.anim.beat_now() or 0, len(playing.beats) - 1)].kind) \
            if playing is not None else None
        self.memo("top", surf, top, (sig, boss, beat, ui.scenario_name),
                  lambda: self.draw_top(surf, state, ui), ("top_text",), pointer=m)
        self.memo("prompt", surf, PROMPT_RECT, (sig, ui.hint, ui.marks.choice_squares, tuple(ui.over_lines)),
                  lambda: self.draw_prompt(surf, state, ui), pointer=m)
        log_r = LOG_RECT if not ui.log_big else pygame.Rect(LOG_RECT.left, LOG_BIG_TOP, LOG_RECT.width,
                                                            LOG_RECT.bottom - LOG_BIG_TOP)
        self.memo("log", surf, log_r, (sig[1:], len(ui.log), ui.log[-1] if ui.log else None, ui.log_hidden_from(), ui.log_scroll,
                                       ui.log_big, ui.can_undo, ui.can_redo),
                  lambda: self.draw_log(surf, ui), pointer=m)
        self.sync_flip(state, ui, ui.tension_shown(View.of(state).last_tension, 0)[0])
        animating = ui.anim.rolling is not None or ui.anim.flipping is not None
        # the side panel in two cached parts: while dice tumble or a tension card turns over only the lower
        # part (dice, strip, tension card) is drawn afresh; the survivor, inventory and buttons are a blit
        extra = ui.side_extra
        self.memo("side", surf, SIDE_RECT,
                  (sig, ui.marks.act, ui.anim.boss_turn, beat, extra is None),
                  lambda: self.draw_side_top(surf, state, ui), ("health_marker", "actions_rect", "side_low_y"), pointer=m)
        self.memo("side_low", surf, self.side_low_rect(),
                  None if animating else (sig, self.side_low_y, beat, id(ui.rolls), len(ui.rolls),
                                          ui.rolls[-1] if ui.rolls else None, ui.fresh_rolls,
                                          id(getattr(extra, "card", None)), extra is None),  # the mode's own card
                  lambda: self.draw_side_low(surf, state, ui), ("tension_rect", "side_strip_rect"), pointer=m)
        if ui.phase is not None:  # the enemy phase, beat by beat, then its recap (issue 25 item 1)
            self.draw_phase(surf, state, ui)
        self.dialog_rect = None
        p = View.of(state).pending
        if p is not None and not (ui.controllers and p.seat < len(ui.controllers) and ui.controllers[p.seat] == "bot"):
            self.dialog_rect = draw_exchange(self, surf, state, ui, self.board_area) or \
                draw_gear(self, surf, state, ui, self.board_area)
        self.draw_hover(surf, state, ui)
        if ui.banner:
            self.draw_banner(surf, ui.banner)
        self.toast_rect = None
        if ui.toast and ui.toast_t > 0:
            self.draw_toast(surf, ui.toast, ui.toast_kind)




# ================================================================== marks from state
def build_marks(state: Game, controllers: list[str] | None = None) -> Marks:
    """Highlights for the current decision (without hover information)."""
    m = Marks()
    p = View.of(state).pending
    if p is None or View.of(state).over:
        return m
    if controllers and p.seat < len(controllers) and controllers[p.seat] == "bot":
        return m
    if p.kind == "act":
        m.act = current_index(state)
        return m
    for a in p.options:
        if a.kind in ("place", "push") and a.to is not None:
            m.choice_squares.setdefault(tuple(a.to), []).append(a)
            if a.target and (View.of(state).enemy(a.target) is not None or a.target in {c.cid for c in View.of(state).characters}):
                m.subjects.add(a.target)
        elif a.kind == "pick" and a.target:
            if View.of(state).enemy(a.target) is not None:
                m.pick_enemies[a.target] = a
            else:
                m.pick_chars[a.target] = a
    return m


# ================================================================== headless screenshot
def screenshot_board(state: Game, path: str | os.PathLike, map_path: str | Path | None = None) -> PlayView:
    """Render the play screen (board + panel) for ``state`` into a PNG, with no window.

    Works with ``SDL_VIDEODRIVER=dummy``. Returns the view used (its layout tells where each
    square was drawn).
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    surf = pygame.Surface((T.W, T.H))
    view = PlayView(map_path=map_path)
    ui = PlayUI(marks=build_marks(state), scenario_name=View.of(state).scenario.brief.name)
    brief = View.of(state).scenario.brief
    goal = brief.goal or brief.objective_text
    ui.anim.last_caption = f"Goal: {goal}" if goal else brief.name
    ui.log = [LogLine("R-SCEN-3", f"{View.of(state).scenario.brief.name}: setup done.", "phase")]
    for rec in View.of(state).record()[-4:]:
        ui.log.append(LogLine("", "action: " + ", ".join(f"{k}={v}" for k, v in rec.items()), "action"))
    view.draw(surf, state, ui)
    pygame.image.save(surf, str(path))
    return view
