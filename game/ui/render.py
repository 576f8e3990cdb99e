"""Drawing the play screen: the board (floor, tiles, walls, doors, tokens, models), the side
panel (survivor, health, inventory, actions, dice, tension card), the prompt bar and the log.

:class:`PlayView` draws a whole frame from a :class:`Game` plus a little UI state
(:class:`PlayUI`) and remembers the clickable zones it drew, so the play scene hit-tests
exactly what the player saw. :func:`screenshot_board` uses the same view with no window.

Only this module maps ids to images and colours (STYLE: rules hold ids).
"""
from __future__ import annotations

import copy
import logging
from collections import OrderedDict
import math
import os
import re
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from ..engine import Action, Event
from ..engine import EdgeState, edge_id, edge_key, parse_edge_id
from ..engine.query import Game, View
from ..i18n import N_, _, _f
from ..i18n import language as i18n_language
from . import boss as BS
from . import dashboard as DB
from . import theme as T
from .words import Said, words
from .anim import FLIP_S, ROLL_S, Animator
from .modes import kit_for
from .art import Art
from .choices import TIE_HELP, TIE_KINDS, ActIndex, attack_label, char_name, current_index, describe
from .dialogs import draw_exchange, draw_gear
from . import enemyphase as EP
from .previews import acting_here, attack_odds_text, evade_text
from .numbers import EnemyNumbers
from .rolls import Roll, rolls_from_events  # noqa: F401  (the play scene's, from here)
from .rulebook import label_tip, rulebook, word_tip, word_zone
from .ruleids import player_text
from .seats import seat_label
from .widgets import Zone, Zones, button, panel, tooltip
from .whynot import why_no_search

log = logging.getLogger(__name__)
Sq = tuple[int, int]

TOP_H = 38
CAPTION_RECT = pygame.Rect(0, TOP_H, 856, 26)
BOARD_RECT = pygame.Rect(0, CAPTION_RECT.bottom, 856, 520)
LOG_BIG_TOP = 330  # the enlarged log's top edge (it covers the lower board until L is pressed again)
PROMPT_RECT = pygame.Rect(0, BOARD_RECT.bottom, 856, 54)
LOG_RECT = pygame.Rect(0, PROMPT_RECT.bottom, 856, T.H - PROMPT_RECT.bottom)
SIDE_RECT = pygame.Rect(856, TOP_H, T.W - 856, T.H - TOP_H)


# ================================================================== UI-side records
@dataclass
class LogLine:
    rule: str
    text: str
    kind: str
    msg: Any = None  # (message id, blanks) to show the line in another language (game.ui.logtext)


@dataclass
class Marks:
    """What the board highlights this frame (all derived from legal actions)."""

    act: ActIndex = field(default_factory=ActIndex)
    choice_squares: dict[Sq, list[Action]] = field(default_factory=dict)
    pick_enemies: dict[str, Action] = field(default_factory=dict)
    pick_chars: dict[str, Action] = field(default_factory=dict)
    subjects: set[str] = field(default_factory=set)  # enemies a decision is about (push, place ...)
    hover_sq: Sq | None = None
    hover_edge: str | None = None
    hover_enemy: str | None = None
    hover_char: str | None = None


@dataclass
class PlayUI:
    """Everything the play screen shows that is not game state."""

    log: list[LogLine] = field(default_factory=list)
    log_scroll: int = 0
    rolls: list[Roll] = field(default_factory=list)  # oldest first; the last ``fresh_rolls`` are new
    fresh_rolls: int = 0
    mouse: tuple[int, int] = (-1, -1)
    marks: Marks = field(default_factory=Marks)
    anim: Animator = field(default_factory=Animator)
    banner: str = ""  # an error that stays until dismissed (F5 failures)
    over_lines: list[str] = field(default_factory=list)  # why the game ended (issue 25 item 3), under the board
    phase: Any = None  # game.ui.enemyphase.PhaseShow of the enemy phase playing or recapped (issue 25 item 1)
    recap_t: float = 0.0  # seconds the phase's recap stays in the strip
    phase_recapped: bool = False  # the recap of ``phase`` has started
    toast: str = ""
    toast_t: float = 0.0
    toast_kind: str = "info"  # "info" | "refusal" (a why-not, an impossible action) | "question"
    time: float = 0.0
    controllers: list[str] = field(default_factory=list)  # per seat: "human" | "bot"
    names: list[str] = field(default_factory=list)  # per seat: the player's name, "" = "Player N" (game.ui.seats)
    scenario_name: str = ""
    hint: str = ""
    hover_key: Any = None
    hover_since: float = 0.0  # square tooltips wait a moment so they never get in the way
    hover_quiet_until: float = 0.0  # no hover tooltip before this time (just after an action; issue 25 item 7)
    woke: float = 0.0  # ui.time of the last input or action: highlights pulse for PULSE_S after it (see pulse)
    boss: BS.BossTracker = field(default_factory=BS.BossTracker)  # the behaviour card on screen
    show_rule_ids: bool = False  # setting "Show rule IDs" (hidden from players by default)
    log_big: bool = False  # L: the log panel enlarged over the board
    can_undo: bool = False  # the play scene's undo window / redo stack (game.ui.undo), for the log buttons
    can_redo: bool = False
    side_extra: Any = None  # a mode's own strip in the side panel (its kit's hud, game.ui.kit)
    numbers: EnemyNumbers = field(default_factory=EnemyNumbers)  # which Zombie is which (game.ui.numbers)


PULSE_S = 4.0  # seconds highlights pulse after the last input or action; then they hold still (idle: no redraw)


def pulse_of(ui: PlayUI, speed: float) -> float:
    """0..1, the glow of a pulsing highlight at ``ui.time`` (``speed`` radians a second); 1 (steady)
    once nothing happened for :data:`PULSE_S`, so a screen left alone stops changing."""
    if ui.time - ui.woke > PULSE_S:
        return 1.0
    return 0.5 + 0.5 * math.sin(ui.time * speed)


# ================================================================== board geometry on screen
NOTE_SECS, NOTE_FADE = 4.0, 1.0  # the zoom/pan note stays, then fades out (s)
MIN_SQ = 36  # squares never start smaller than this: a big map scrolls instead (the wheel can zoom out)
MAX_SQ = 128
DIE_FACES = ["BLANK", "HIT", "HIT_PLUS", "CRIT"]
MASTER_SQ = 64  # the board backdrop is drawn once at this many px per square (a Tiled cell), then scaled
MASTER_PAD = MASTER_SQ // 4  # master px of margin round the board (walls on its outer edge)
MASTER_THICK = 11  # wall thickness in the master (about a sixth of a square at every zoom)
FLOOR_LEVELS = 3  # zoom levels of the backdrop kept in memory (each at most the board area plus a margin)
LEVEL_MARGIN = 64  # px of backdrop scaled beyond each side of the board area, so a short pan needs no rescale
LEVEL_SIZE = (BOARD_RECT.width + 2 * LEVEL_MARGIN, BOARD_RECT.height + 2 * LEVEL_MARGIN)  # one zoom level's buffer
LEVEL_STRIP = 2 * MASTER_SQ  # master rows smoothed per frame after a zoom step (whole squares: exact joins)


#: id(board) -> (weak reference to the board, min x, min y, columns, rows). Weak (issue 29 item 7):
#: every scenario picked loads a new board, and 64 kept boards were ~100,000 live objects
_BOUNDS: dict[int, tuple] = {}


def _forget_bounds(ref: "weakref.ref", key: int) -> None:
    """A board measured by BoardLayout is gone: its entry goes (unless its id now names another)."""
    got = _BOUNDS.get(key)
    if got is not None and got[0] is ref:
        del _BOUNDS[key]


class BoardLayout:
    """Square <-> pixel mapping for one board inside a screen rect.

    The board fits the rect with squares between MIN_SQ and 88 px; ``zoom`` scales that (mouse
    wheel), down to the size at which the whole board fits; ``pan`` shifts it (arrows, drag)."""

    def __init__(self, board, rect: pygame.Rect, pan: tuple[int, int] = (0, 0), zoom: float = 1.0):
        self.board = board
        got = _BOUNDS.get(id(board))
        if got is None or got[0]() is not board:  # the board is immutable: its bounds are measured once
            sqs = list(board.square_tile) or [(0, 0)]
            mx, my = min(x for x, _ in sqs), min(y for _, y in sqs)
            key = id(board)
            ref = weakref.ref(board, lambda r, key=key: _forget_bounds(r, key))
            got = (ref, mx, my, max(x for x, _ in sqs) - mx + 1, max(y for _, y in sqs) - my + 1)
            if len(_BOUNDS) > 64:
                _BOUNDS.clear()
            _BOUNDS[key] = got
        _b, self.minx, self.miny, self.cols, self.rows = got
        pad = 8
        fit = min((rect.width - 2 * pad) // self.cols, (rect.height - 2 * pad) // self.rows)
        self.base = int(max(MIN_SQ, min(88, fit)))
        lo = max(16, min(self.base, fit))
        self.sq = int(max(lo, min(MAX_SQ, round(self.base * zoom))))
        w, h = self.cols * self.sq, self.rows * self.sq
        self.w, self.h = w, h
        self.hl_inset = max(6, self.sq // 7) // 2 + 3  # highlight frames sit inside the walls
        self.ox = rect.left + (rect.width - w) // 2 + pan[0]
        self.oy = rect.top + (rect.height - h) // 2 + pan[1]
        self.rect = rect

    @property
    def overflows(self) -> bool:
        """The board is larger than its area (it scrolls)."""
        return self.w > self.rect.width or self.h > self.rect.height

    def max_pan(self) -> tuple[int, int]:
        """How far the board may be panned each way: to its edges, plus a square of margin."""
        return (max(0, (self.w - self.rect.width) // 2 + self.sq), max(0, (self.h - self.rect.height) // 2 + self.sq))

    def px(self, x: float, y: float) -> tuple[int, int]:
        """Pixel of lattice point / fractional square coordinate (x, y)."""
        return (int(round(self.ox + (x - self.minx) * self.sq)), int(round(self.oy + (y - self.miny) * self.sq)))

    def square_rect(self, s: Sq) -> pygame.Rect:
        x, y = self.px(s[0], s[1])
        return pygame.Rect(x, y, self.sq, self.sq)

    def centre(self, s: tuple[float, float]) -> tuple[int, int]:
        return self.px(s[0] + 0.5, s[1] + 0.5)

    def square_at(self, pos: tuple[int, int]) -> Sq | None:
        if not self.rect.collidepoint(pos):
            return None
        x = math.floor((pos[0] - self.ox) / self.sq) + self.minx
        y = math.floor((pos[1] - self.oy) / self.sq) + self.miny
        return (x, y) if self.board.has((x, y)) else None

    def edge_segment(self, a: Sq, b: Sq) -> tuple[tuple[int, int], tuple[int, int]]:
        """Pixel end points of the edge between orthogonal neighbours a and b."""
        (x1, y1), (x2, y2) = edge_key(a, b)
        if y1 == y2:  # vertical edge at X = x2
            return self.px(x2, y1), self.px(x2, y1 + 1)
        return self.px(x1, y2), self.px(x1 + 1, y2)

    def edge_near(self, pos: tuple[int, int], edges: list[str], tol: float | None = None) -> str | None:
        """The edge id in ``edges`` whose segment passes within ``tol`` pixels of ``pos``."""
        tol = tol if tol is not None else max(8.0, self.sq * 0.2)
        best, bd = None, tol
        for eid in edges:
            a, b = parse_edge_id(eid)
            (x1, y1), (x2, y2) = self.edge_segment(a, b)
            # distance to the middle 80 % of the segment
            vx, vy = x2 - x1, y2 - y1
            L2 = vx * vx + vy * vy or 1
            t = max(0.1, min(0.9, ((pos[0] - x1) * vx + (pos[1] - y1) * vy) / L2))
            dx, dy = pos[0] - (x1 + t * vx), pos[1] - (y1 + t * vy)
            d = math.hypot(dx, dy)
            if d < bd:
                best, bd = eid, d
        return best


# ================================================================== floors
def _tmx_path(state: Game, override: str | Path | None = None) -> Path | None:
    if override:
        p = Path(override)
        return p if p.is_file() and p.suffix in (".tmx", ".tmj") else None
    scn = View.of(state).scenario
    src = getattr(scn.board, "source", "") or ""
    cands = [Path(src)] if src else []
    from ..content.loader import ROOT

    if src:
        cands.append(ROOT / src)
    mp = getattr(scn.brief, "map", "")
    if mp and mp != "none":
        cands.append(ROOT / mp)
    for c in cands:
        if c.suffix in (".tmx", ".tmj") and c.is_file():
            return c
    return None


def tmx_floor(path: Path, layout: BoardLayout, cache: dict | None = None) -> pygame.Surface | None:
    """The Tiled map's tile layers rendered by pyscroll, scaled to the board's squares.

    The floor is rendered once into a buffer (pyscroll's BufferedRenderer over pytmx's
    TiledMapData) and kept in ``cache`` (per view), so zooming only rescales it; None if the map
    has no drawable tiles or its images cannot be loaded.
    """
    key = str(path)
    if cache is not None and key in cache:
        buf, cells_x, cells_y = cache[key]
        if buf is None:
            return None
        return pygame.transform.smoothscale(buf, (cells_x * layout.sq, cells_y * layout.sq))
    import pyscroll  # a declared dependency (pyproject.toml): no silent fallback when it is missing
    import pytmx.util_pygame

    try:
        if pygame.display.get_surface() is None:
            pygame.display.set_mode((1, 1))  # pytmx converts images; needs a (dummy) display
        from ..content.tiled import pytmx_map

        tmx = pytmx_map(path, image_loader=pytmx.util_pygame.pygame_image_loader)  # .tmx or .tmj
        if not any(isinstance(layer, pytmx.TiledTileLayer) and layer.visible for layer in tmx.visible_layers):
            if cache is not None:
                cache[key] = (None, 0, 0)
            return None
        data = pyscroll.TiledMapData(tmx)
        w, h = tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight
        rend = pyscroll.BufferedRenderer(data, (w, h), clamp_camera=True)
        rend.center((w // 2, h // 2))
        buf = pygame.Surface((w, h))
        buf.fill(T.BG)
        rend.draw(buf, buf.get_rect())
        # one Tiled cell per square; the board may be narrower than the map (trailing gaps)
        cells_x = tmx.width
        cells_y = tmx.height
        if cache is not None:
            cache[key] = (buf, cells_x, cells_y)
        out = pygame.transform.smoothscale(buf, (cells_x * layout.sq, cells_y * layout.sq))
        return out
    except Exception as ex:  # a floor that fails to draw must not stop the game: fall back
        log.warning("floor from %s not drawn (%s: %s); using the built-in floor", path, type(ex).__name__, ex)
        return None


# ================================================================== the view
_THEME_DRAW = (T.text, T.render, T.text_block)


def state_sig(state: Game) -> tuple:
    """What the panels show of ``state``, cheaply (:meth:`View.signature`). Equal signatures
    draw equal panels (:meth:`PlayView.memo`)."""
    return View.of(state).signature()


class PlayView:
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

    def memo(self, name: str, surf: pygame.Surface, rect: pygame.Rect, key: Any, draw, attrs: tuple = ()) -> None:
        """Draw a panel through a cache: when ``key`` equals the key it was last drawn with, the
        picture, zones and attributes ``attrs`` (what tests and the tutorial read) of that frame are
        put back instead of drawing again (a blit instead of hundreds of text and shape calls).
        ``key`` None draws every frame (an animation is playing). ``draw()`` draws inside ``rect`` only."""
        if (T.text, T.render, T.text_block) != _THEME_DRAW or T.SHOWN is not None:
            key = None  # theme's text functions are replaced or a test records what is drawn: draw afresh
        got = self._regions.get(name)
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
        self._regions = {k: v for k, v in self._regions.items() if v[0] is not None}
        m = ui.mouse

        def inside(r: pygame.Rect):
            return m if r.collidepoint(m) else None

        top = pygame.Rect(0, 0, T.W, TOP_H)
        boss = ui.boss.card if ui.anim.boss_turn else None
        self.memo("top", surf, top, (sig, boss, ui.scenario_name, inside(top)),
                  lambda: self.draw_top(surf, state, ui), ("top_text",))
        self.memo("prompt", surf, PROMPT_RECT, (sig, ui.hint, inside(PROMPT_RECT), ui.marks.choice_squares,
                                                tuple(ui.over_lines)),
                  lambda: self.draw_prompt(surf, state, ui))
        log_r = LOG_RECT if not ui.log_big else pygame.Rect(LOG_RECT.left, LOG_BIG_TOP, LOG_RECT.width,
                                                            LOG_RECT.bottom - LOG_BIG_TOP)
        self.memo("log", surf, log_r, (sig[1:], len(ui.log), ui.log[-1] if ui.log else None, ui.log_scroll,
                                       ui.log_big, inside(log_r), ui.can_undo, ui.can_redo),
                  lambda: self.draw_log(surf, ui))
        self.sync_flip(state, ui)
        animating = ui.anim.rolling is not None or ui.anim.flipping is not None
        self.memo("side", surf, SIDE_RECT,
                  None if animating else (sig, ui.marks.act, ui.anim.boss_turn, inside(SIDE_RECT), id(ui.rolls),
                                          len(ui.rolls), ui.rolls[-1] if ui.rolls else None, ui.fresh_rolls,
                                          id(getattr(ui.side_extra, "card", None))),  # the manor's encounter card
                  lambda: self.draw_side(surf, state, ui), ("health_marker", "actions_rect"))
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

    TOAST_LOOK = {  # kind -> (fill, frame, mark): a refusal reads as one by its mark and word, not colour alone
        "refusal": ((46, 16, 16), T.BAD, "no"),
        "question": ((44, 34, 14), T.WARN, "?"),
        "info": ((22, 26, 34), (150, 170, 200), "i"),
    }

    def draw_toast(self, surf: pygame.Surface, msg: str, kind: str = "info") -> None:
        """A short message over the top of the board, wrapped (three lines at most): a refusal in a
        red frame with a no-entry mark, a question with "?", news with "i" (the mark's shape tells
        the kind, not only its colour)."""
        fill, frame, mark = self.TOAST_LOOK.get(kind, self.TOAST_LOOK["info"])
        text = msg
        lines = T.wrap(text, 18, BOARD_RECT.width - 100, True)
        if len(lines) > 3:
            T.CUT.append(text)
            lines = lines[:3]
            lines[-1] = fit(lines[-1] + " …", 18, BOARD_RECT.width - 100, True)
        lines = lines or [""]
        lh = T.font(18, True).get_linesize()
        w = max(T.font(18, True).size(ln)[0] for ln in lines)
        bg = pygame.Rect(0, 0, w + 28 + 34, lh * len(lines) + 14)
        bg.midtop = (BOARD_RECT.centerx, BOARD_RECT.top + 40 - lh // 2 - 7)
        pygame.draw.rect(surf, (0, 0, 0), bg.move(3, 4), border_radius=8)
        pygame.draw.rect(surf, fill, bg, border_radius=8)
        pygame.draw.rect(surf, frame, bg, 2, border_radius=8)
        c = (bg.left + 24, bg.top + 7 + lh // 2)
        pygame.draw.circle(surf, frame, c, 11, 3 if mark == "no" else 0)
        if mark == "no":  # a no-entry sign: a ring with a bar
            pygame.draw.line(surf, frame, (c[0] - 7, c[1] + 7), (c[0] + 7, c[1] - 7), 3)
        else:
            T.text(surf, mark, c, 15, fill, bold=True, anchor="center")
        for i, ln in enumerate(lines):
            T.text(surf, ln, (bg.left + 48, bg.top + 7 + lh * i), 18, T.TEXT, bold=True)
        self.toast_rect = bg

    # ------------------------------------------------------------------ board
    def floor(self, state: Game) -> pygame.Surface:
        """The floor alone (tiles, grid, tile colour bands) at ``MASTER_SQ`` px per square: an opaque
        surface (no per-pixel alpha), drawn once per board and map."""
        mkey = (id(View.of(state).scenario.board), str(self.map_path))
        if self._floor_key != mkey or self._floor is None:
            master = copy.copy(self.layout or self.make_layout(state))
            master.sq, master.ox, master.oy = MASTER_SQ, 0, 0
            fl = self._draw_floor(state, master)
            self._floor = fl.convert() if pygame.display.get_surface() else fl
            self._floor_key = mkey
            self._master_key = None
        return self._floor

    def master_layout(self) -> "BoardLayout":
        """The layout of the backdrop master: ``MASTER_SQ`` px per square, the board's top-left square
        at (MASTER_PAD, MASTER_PAD)."""
        lay = copy.copy(self.layout)
        lay.sq, lay.ox, lay.oy = MASTER_SQ, MASTER_PAD, MASTER_PAD
        lay.w, lay.h = lay.cols * MASTER_SQ, lay.rows * MASTER_SQ
        return lay

    def backdrop_master(self, state: Game) -> pygame.Surface:
        """Everything under the tokens that changes only when a tile is explored, a Blackout starts
        or ends, or an edge changes (a door opens, a barricade is cleared, a lock opens): the floor,
        unexplored veils, spawn points, stairwells, walls, doors, archways and barricades (R-WALL-1,
        R-DOOR, R-BARR, R-EXPLORE-1, R-LOS-6), drawn once at ``MASTER_SQ`` px per square with a
        ``MASTER_PAD`` margin. Opaque; zoom levels are smooth-scaled parts of it (:meth:`backdrop`)."""
        floor = self.floor(state)
        dark_tiles = tuple(sorted(s_.tile for s_ in DB.sustained(state) if s_.name == "Blackout"))
        key = (self._floor_key, tuple(sorted(View.of(state).explored)), dark_tiles,
               tuple(sorted((str(k), str(v)) for k, v in View.of(state).edges.items())),
               tuple(sorted(k for k, v in View.of(state).locks.items() if v)))
        if key == self._master_key and self._master is not None:
            return self._master
        b = View.of(state).scenario.board
        lay = self.master_layout()
        sq = MASTER_SQ
        surf = pygame.Surface((floor.get_width() + 2 * MASTER_PAD, floor.get_height() + 2 * MASTER_PAD))
        surf.fill(T.BG2)
        surf.blit(floor, (MASTER_PAD, MASTER_PAD))
        # unexplored tiles: a hatched veil and the unexplored token of the tile's colour (R-EXPLORE-1)
        veil = pygame.Surface((sq, sq), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        for i in range(-sq, sq, max(6, sq // 6)):
            pygame.draw.line(veil, (0, 0, 0, 70), (i, sq), (i + sq, 0), 2)
        for tid, tile in b.tiles.items():
            if not tile.unexplored or tid in View.of(state).explored:
                continue
            for s in tile.squares:
                surf.blit(veil, lay.square_rect(s))
        # a Blackout darkens its tile (R-LOS-6)
        for s_ in DB.sustained(state):
            if s_.name == "Blackout" and s_.tile in b.tiles:
                dark = pygame.Surface((sq, sq), pygame.SRCALPHA)
                dark.fill((10, 6, 30, 90))
                for s in b.tiles[s_.tile].squares:
                    surf.blit(dark, lay.square_rect(s))
        for tile in b.tiles.values():
            for s in tile.spawn_points:
                img = self.art.get("tok_spawn", int(sq * 0.8))
                if img:
                    surf.blit(img, img.get_rect(center=lay.centre(s)))
        for a_, b_ in b.stairs:
            for s in (a_, b_):
                img = self.art.get("tok_stairs", int(sq * 0.6))
                if img:
                    surf.blit(img, img.get_rect(topleft=lay.square_rect(s).move(2, 2).topleft))
        self._edge_shapes(surf, state, View(state), lay, MASTER_THICK)
        if not self._level_pool and not self._floor_levels:  # every zoom level's buffer, made now, not mid-zoom
            self._level_pool = [self._level_buffer() for _ in range(FLOOR_LEVELS + 1)]
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        self._master_key, self._master = key, surf
        self._master_gen += 1  # every zoom level made from the previous master is stale
        return surf

    @staticmethod
    def _level_buffer() -> pygame.Surface:
        buf = pygame.Surface(LEVEL_SIZE)
        if pygame.display.get_surface() is not None:
            buf = buf.convert()
        buf.fill(T.BG2)  # touch every page now
        return buf

    def backdrop(self, state: Game) -> tuple[pygame.Surface, tuple[int, int]]:
        """The backdrop at this zoom (:meth:`backdrop_master` scaled) and where its top-left goes on
        screen. Only a window over the board area plus ``LEVEL_MARGIN`` px each side is scaled, into
        a buffer of one fixed size that is reused, so a zoom step costs the same on every map and
        allocates nothing. The step's frame scales by nearest pixel; the following frames smooth it
        one strip of ``LEVEL_STRIP`` master rows at a time. The last ``FLOOR_LEVELS`` levels are kept
        and reused while the view stays inside them."""
        master = self.backdrop_master(state)
        lay = self.layout
        sq = lay.sq
        k = sq / MASTER_SQ
        # screen position of the master's (0, 0): the board's first square is MASTER_PAD master px in
        ox, oy = lay.ox - MASTER_PAD * k, lay.oy - MASTER_PAD * k
        mw, mh = master.get_size()
        area = self.board_area
        vis = pygame.Rect(max(0, int((area.left - ox) / k)), max(0, int((area.top - oy) / k)), 0, 0)
        vis.width = max(0, min(mw, int(math.ceil((area.right - ox) / k))) - vis.left)
        vis.height = max(0, min(mh, int(math.ceil((area.bottom - oy) / k))) - vis.top)
        lw, lh = LEVEL_SIZE
        got = self._floor_levels.get(sq)
        if got is None or got[0] != self._master_gen or not got[1].contains(vis):
            x0 = max(0, min(vis.left - int(LEVEL_MARGIN / k), mw - 1))
            y0 = max(0, min(vis.top - int(LEVEL_MARGIN / k), mh - 1))
            src = pygame.Rect(x0, y0, max(1, min(mw - x0, int(lw / k))), max(1, min(mh - y0, int(lh / k))))
            out = (max(1, min(lw, round(src.width * k))), max(1, min(lh, round(src.height * k))))  # int(lw/k)*k <= lw
            cover = pygame.Rect(src)
            buf = (self._level_pool.pop() if self._level_pool else self._level_buffer()) if got is None else got[2]
            if out != LEVEL_SIZE:
                buf.fill(T.BG2)
            pygame.transform.scale(master.subsurface(src), out, buf.subsurface((0, 0), out))
            todo = list(range(src.top, src.bottom, LEVEL_STRIP)) if sq != MASTER_SQ else []
            got = [self._master_gen, cover, buf, todo, src, out]
            self._floor_levels[sq] = got
            while len(self._floor_levels) > FLOOR_LEVELS:
                self._level_pool.append(self._floor_levels.popitem(last=False)[1][2])
        elif got[3]:  # one strip of the smooth version per frame
            src, buf, out = got[4], got[2], got[5]
            y = got[3].pop(0)
            part = pygame.Rect(src.left, y, src.width, min(LEVEL_STRIP, src.bottom - y))
            ty = round((y - src.top) * out[1] / src.height)
            by = min(out[1], round((part.bottom - src.top) * out[1] / src.height))
            if by > ty:
                pygame.transform.smoothscale(master.subsurface(part), (out[0], by - ty),
                                             buf.subsurface((0, ty, out[0], by - ty)))
        self._floor_levels.move_to_end(sq)
        src = got[4]
        return got[2], (int(round(ox + src.left * k)), int(round(oy + src.top * k)))

    def _draw_floor(self, state: Game, lay: "BoardLayout") -> pygame.Surface:
        b = View.of(state).scenario.board
        w, h = lay.cols * lay.sq, lay.rows * lay.sq
        surf = pygame.Surface((w, h))
        surf.fill(T.BG2)
        path = _tmx_path(state, self.map_path)
        tmx = tmx_floor(path, lay, self._tmx_buf) if path else None
        self._tmx_floor = tmx is not None
        if tmx is not None:  # the map's look between tiles too (walls, fireplaces, shelves: cells with no square)
            surf.blit(tmx, (0, 0), area=pygame.Rect(lay.minx * lay.sq, lay.miny * lay.sq, w, h))
        tids = sorted(b.tiles)
        for s, tid in b.square_tile.items():
            r = pygame.Rect((s[0] - lay.minx) * lay.sq, (s[1] - lay.miny) * lay.sq, lay.sq, lay.sq)
            if tmx is not None:
                surf.blit(tmx, r.topleft, area=pygame.Rect(s[0] * lay.sq, s[1] * lay.sq, lay.sq, lay.sq))
            else:
                v = (s[0] * 7 + s[1] * 13 + s[0] * s[1]) % 4
                fl = self.art.get(f"floor_{v}", lay.sq)
                if fl is not None:
                    surf.blit(fl, r.topleft)
                else:
                    pygame.draw.rect(surf, (64, 62, 62), r)
                if tids.index(tid) % 2:  # neighbouring tiles differ slightly in tone
                    surf.fill((10, 10, 14), r, special_flags=pygame.BLEND_RGB_SUB)
        # square grid: faint lines inside tiles
        grid = pygame.Surface((w, h), pygame.SRCALPHA)
        for s in b.square_tile:
            r = pygame.Rect((s[0] - lay.minx) * lay.sq, (s[1] - lay.miny) * lay.sq, lay.sq, lay.sq)
            pygame.draw.rect(grid, (0, 0, 0, 70), r, 1)
        surf.blit(grid, (0, 0))
        # tile colour band inside each tile's outline (board-game tile border)
        band = max(3, lay.sq // 16)
        inset = max(6, lay.sq // 8) // 2 + 2
        for s, tid in b.square_tile.items():
            col = T.TILE_COLOURS.get(b.tiles[tid].colour.value, (120, 120, 120))
            r = pygame.Rect((s[0] - lay.minx) * lay.sq, (s[1] - lay.miny) * lay.sq, lay.sq, lay.sq)
            r2 = pygame.Rect(r)
            for (dx, dy) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if b.square_tile.get((s[0] + dx, s[1] + dy)) != tid:
                    if dx == 1:
                        r2.width -= inset
                    elif dx == -1:
                        r2.left += inset
                        r2.width -= inset
                    elif dy == 1:
                        r2.height -= inset
                    else:
                        r2.top += inset
                        r2.height -= inset
            r = r2
            for (dx, dy) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                n = (s[0] + dx, s[1] + dy)
                if b.square_tile.get(n) == tid:
                    continue
                if dx == 1:
                    pygame.draw.rect(surf, col, (r.right - band, r.top, band, r.height))
                elif dx == -1:
                    pygame.draw.rect(surf, col, (r.left, r.top, band, r.height))
                elif dy == 1:
                    pygame.draw.rect(surf, col, (r.left, r.bottom - band, r.width, band))
                else:
                    pygame.draw.rect(surf, col, (r.left, r.top, r.width, band))
        return surf

    def draw_start_marks(self, surf: pygame.Surface, state: Game) -> None:
        """Start squares (R-SCEN-5): a small numbered flag at a fixed size, readable at every zoom."""
        lay = self.layout
        for n, s in View.of(state).scenario.board.start.items():
            r = lay.square_rect(s)
            fr = pygame.Rect(r.left + 5, r.bottom - 19, 16, 14)
            pygame.draw.rect(surf, (30, 110, 60), fr, border_radius=3)
            pygame.draw.rect(surf, (200, 255, 210), fr, 1, border_radius=3)
            T.text(surf, str(n), fr.center, 11, (240, 255, 240), bold=True, anchor="center")

    def draw_board(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        lay = self.layout
        b = View.of(state).scenario.board
        q = View(state)
        pygame.draw.rect(surf, T.BG2, BOARD_RECT)
        surf.set_clip(self.board_area)
        sq = lay.sq
        img, at = self.backdrop(state)
        surf.blit(img, at)
        self.draw_start_marks(surf, state)
        self.unexplored_at = {}  # tile id -> its unexplored token as drawn (R-EXPLORE-1)
        busy = self.busy_squares(state)
        ukey = (id(b), frozenset(busy), tuple(sorted(View.of(state).explored)))
        if ukey != self._unexplored_key:  # where each token sits changes only when models or tokens move
            self._unexplored_key = ukey
            self._unexplored_sq = {tid: self.token_square(state, tile, busy) for tid, tile in b.tiles.items()
                                   if tile.unexplored and tid not in View.of(state).explored}
        for tid, tile in b.tiles.items():
            if tid in self._unexplored_sq:
                img = self.art.get(f"tok_unexplored_{tile.colour.value}", int(sq * 0.72))
                if img:
                    rr = img.get_rect(center=lay.centre(self._unexplored_sq[tid]))
                    surf.blit(img, rr)
                    self.unexplored_at[tid] = rr
        # highlights under the tokens
        self.draw_highlights(surf, state, ui)
        # tokens
        self.draw_tokens(surf, state, over=False)
        # walls, doors, archways, barricades
        self.draw_edges(surf, state, q, ui)
        # models
        self.draw_models(surf, state, ui, q)
        self.draw_tokens(surf, state, over=True)  # small corner markers stay visible above models
        # tile names, small, top-left of each tile, above the models on a dark pill
        if self._first_sq[0] is not b:
            self._first_sq = (b, {tid: min(t.squares, key=lambda q: (q[1], q[0])) for tid, t in b.tiles.items()})
        models = tuple(self.models)
        if len(self._label_pills) > 400:
            self._label_pills.clear()
        placed: list[pygame.Rect] = []  # labels already placed: the next one steps aside (DT3 crowded, play3 #26)
        order = sorted(b.tiles.items(), key=lambda kv: (self._first_sq[1][kv[0]][1], self._first_sq[1][kv[0]][0]))
        for tid, tile in order if sq >= 40 else ():
            col = T.TILE_COLOURS.get(tile.colour.value, (200, 190, 180))
            lkey = (id(b), tid, i18n_language(), sq, lay.ox, lay.oy, tuple(self.board_area), bool(self._tmx_floor),
                    models, tuple(map(tuple, placed)))
            got = self._label_pills.get(lkey)
            if got is None:  # where each label goes changes only when the view, a model or a label before it moves
                full = f"{_(tile.name)} · {_(tile.colour.value)}"
                got = None
                for label in (full, _(tile.name)):  # the colour word goes first when room is short
                    pill = self.label_pill(tile, self._first_sq[1][tid], T.render(label, 11, col, bold=True).get_size(),
                                           placed)
                    if pill is not None:
                        got = (label, pill)
                        break
                if got is None:
                    got = (full, self.label_pill(tile, self._first_sq[1][tid],
                                                 T.render(full, 11, col, bold=True).get_size(), [], crowded_ok=True))
                self._label_pills[lkey] = got
            label, pill = got
            img = T.render(label, 11, col, bold=True)
            placed.append(pill)
            surf.blit(self.shade(pill.size, (10, 8, 10, 170)), pill)
            T.put(surf, img, img.get_rect(center=pill.center), (label, 11, col, True, False), "center")
        self.draw_explore_outline(surf, state, ui)
        self.draw_sustained(surf, state)
        self.draw_effects(surf, ui)
        self.draw_die_popup(surf, state, ui)
        self.draw_scroll_marks(surf, ui.time)
        surf.set_clip(None)

    def label_pill(self, tile, first: Sq, size: tuple[int, int], placed: list[pygame.Rect] = (),
                   crowded_ok: bool = False) -> pygame.Rect | None:
        """Where a tile's name label goes: top-left of its first square (after the floor's colour
        badge), else further along its top two rows where no model stands under it and no other tile's
        label lies (``placed``); always inside the board area (a long name at the board's right edge is
        moved left, not cut). None when no such place exists, unless ``crowded_ok`` (then the first)."""
        lay, area = self.layout, self.board_area
        rows = sorted((q for q in tile.squares if q[1] <= first[1] + 1), key=lambda q: (q[1], q[0]))
        first_pill = None
        for q in [first] + [q for q in rows if q != first]:
            r = lay.square_rect(q)
            x = r.left + (int(lay.sq * 0.62) if self._tmx_floor and q == first else 8)
            pill = pygame.Rect(x - 4, r.top + 6, size[0] + 8, size[1] + 2)
            if pill.right > area.right - 2:
                pill.right = area.right - 2
            if pill.left < area.left + 2:
                pill.left = area.left + 2
            first_pill = first_pill or pill
            if any(pill.colliderect(p) for p in placed):
                continue
            if not any(_circle_hits(pill, ctr, rad) for _k, _i, ctr, rad in self.models):
                return pill
        if placed and not crowded_ok:
            return None
        return first_pill

    def draw_scroll_marks(self, surf: pygame.Surface, now: float = 0.0) -> None:
        """On a board larger than its area: arrows at the edges where more board lies, and how to
        move around (wheel zoom, right-drag or arrows to pan, Home to reset). The how-to note fades
        NOTE_SECS after the view last changed, so it does not cover tokens in the corner."""
        lay, a = self.layout, self.board_area
        self.note_alpha = 0
        if not lay.overflows and abs(self.zoom - 1.0) < 0.01:
            return
        more = {"left": lay.ox < a.left - 2, "right": lay.ox + lay.w > a.right + 2, "up": lay.oy < a.top - 2,
                "down": lay.oy + lay.h > a.bottom + 2}
        k = 9
        tips = {"left": [(a.left + 4, a.centery), (a.left + 4 + k, a.centery - k), (a.left + 4 + k, a.centery + k)],
                "right": [(a.right - 4, a.centery), (a.right - 4 - k, a.centery - k), (a.right - 4 - k, a.centery + k)],
                "up": [(a.centerx, a.top + 4), (a.centerx - k, a.top + 4 + k), (a.centerx + k, a.top + 4 + k)],
                "down": [(a.centerx, a.bottom - 4), (a.centerx - k, a.bottom - 4 - k),
                         (a.centerx + k, a.bottom - 4 - k)]}
        for side, on in more.items():
            if on:
                pygame.draw.polygon(surf, (0, 0, 0), [(x + 1, y + 2) for x, y in tips[side]])
                pygame.draw.polygon(surf, T.GOLD, tips[side])
        key = (round(self.zoom, 3), self.pan)
        if key != self.note_key:
            self.note_key, self.note_since = key, now
        age = now - self.note_since
        if age >= NOTE_SECS + NOTE_FADE:
            return
        k = 1.0 if age <= NOTE_SECS else 1.0 - (age - NOTE_SECS) / NOTE_FADE
        self.note_alpha = int(255 * k)
        label = _f("zoom {n}% · wheel or +/- zoom · right-drag or arrows pan · Home resets",
                   n=round(100 * lay.sq / lay.base))
        img = T.render(label, 11, T.MUTED)
        pill = img.get_rect(bottomleft=(a.left + 8, a.bottom - 6)).inflate(10, 4)
        if k >= 1.0:
            surf.blit(self.shade(pill.size, (10, 8, 10, 190)), pill)
            T.put(surf, img, img.get_rect(center=pill.center), (label, 11, T.MUTED, False, False), "center")
            return
        back = pygame.Surface(pill.size, pygame.SRCALPHA)  # fading out (one second): drawn afresh
        back.fill((10, 8, 10, int(190 * k)))
        surf.blit(back, pill)
        img = img.copy()  # the cached line is shared: fade a copy
        img.set_alpha(int(255 * k))
        surf.blit(img, img.get_rect(center=pill.center))

    def draw_explore_outline(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """While an exploration roll is shown, the tile being explored pulses in its colour."""
        fx = next((f for f in ui.anim.effects() if f["kind"] == "die"), None)
        tile = View.of(state).scenario.board.tiles.get((fx or {}).get("data", {}).get("tile") or "")
        if tile is None:
            return
        t = fx["t"]
        lay = self.layout
        col = T.TILE_COLOURS.get(tile.colour.value, (200, 200, 200))
        pulse = int(3 + 2 * math.sin(t * 12))
        for s in tile.squares:
            r = lay.square_rect(s)
            for (dx, dy) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (s[0] + dx, s[1] + dy) in tile.squares:
                    continue
                if dx:
                    x = r.right if dx == 1 else r.left
                    pygame.draw.line(surf, col, (x, r.top), (x, r.bottom), pulse)
                else:
                    y = r.bottom if dy == 1 else r.top
                    pygame.draw.line(surf, col, (r.left, y), (r.right, y), pulse)

    def draw_die_popup(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The encounter die being rolled (R-DIE-1): its face and what it meant, in the board's
        top-right corner (R-EXPLORE-3, R-CORPSE-2)."""
        fx = next((f for f in ui.anim.effects() if f["kind"] == "die"), None)
        if fx is None:
            return
        d, t = fx["data"], fx["t"]
        tile = View.of(state).scenario.board.tiles.get(d.get("tile") or "")
        pop = min(1.0, t * 5)  # pops in, then stays
        size = int(64 * (0.6 + 0.4 * pop))
        title = d.get("title", "Encounter die")
        if tile is not None:
            title = f"{title}: {tile.name} ({tile.colour.value})"
        label = f"{d.get('face')} → {d.get('label', '')}"
        w = max(T.font(13, True).size(T.clean(title))[0], T.font(16, True).size(T.clean(label))[0]) + 64 + 30
        box = pygame.Rect(self.board_area.right - w - 10, self.board_area.top + 8, w, 80)
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        back.fill((14, 12, 16, 225))
        surf.blit(back, box)
        hz = d.get("hazard")
        pygame.draw.rect(surf, T.BAD if hz else T.GOLD, box, 2, border_radius=8)
        img = self.art.get(f"enc_{d.get('face')}", size)
        if img:
            surf.blit(img, img.get_rect(center=(box.left + 42, box.centery)))
        T.text(surf, title, (box.left + 80, box.top + 14), 13, T.MUTED, bold=True)
        T.text(surf, label, (box.left + 80, box.top + 38), 16, T.BAD if hz else T.TEXT, bold=True)

    @staticmethod
    def busy_squares(state: Game) -> set:
        """Squares holding a token or a model (where an unexplored token is not put)."""
        return {tuple(t.pos) for t in View.of(state).tokens} | {tuple(e.pos) for e in View.of(state).enemies} \
            | {tuple(c.pos) for c in View.of(state).characters if c.pos is not None}

    @staticmethod
    def token_square(state: Game, tile, busy: set | None = None) -> Sq:
        """Where a tile's unexplored token sits: the square nearest the tile's middle that holds
        no token, spawn point or model (``busy``: PlayView.busy_squares, computed once a frame)."""
        busy = (PlayView.busy_squares(state) if busy is None else busy) | set(tile.spawn_points)
        cx = sum(x for x, _ in tile.squares) / len(tile.squares)
        cy = sum(y for _, y in tile.squares) / len(tile.squares)
        return min(tile.squares, key=lambda s: (s in busy, (s[0] - cx) ** 2 + (s[1] - cy) ** 2, s[1], s[0]))

    def draw_sustained(self, surf: pygame.Surface, state: Game) -> None:
        """Sustained-effect tokens (R-SUST-1): next to the character they affect, or on their
        tile, each with its name and when it ends; hover for the whole rule."""
        lay = self.layout
        b = View.of(state).scenario.board
        per_char: dict[str, int] = {}
        per_tile: dict[str, int] = {}
        f = T.font(11, True)
        isz = max(16, min(22, lay.sq // 3))
        for s in DB.sustained(state):
            if s.where == "char" and s.char:
                ctr = next(((c, r) for k, mid, c, r in self.models if k == "c" and mid == s.char), None)
                if ctr is None:
                    continue
                (cx, cy), rad = ctr
                k = per_char.get(s.char, 0)
                per_char[s.char] = k + 1
                label = ""  # on a model: the token only (its name and end are in the tip and the panel)
                where = ("topleft", (cx + rad - 6 + k * 8, cy - rad - 2))
            elif s.tile in b.tiles:
                tile = b.tiles[s.tile]
                k = per_tile.get(s.tile, 0)
                per_tile[s.tile] = k + 1
                bottom = max(y for _, y in tile.squares)
                rr = lay.square_rect(max((q for q in tile.squares if q[1] == bottom), key=lambda q: q[0]))
                label = f"{_(s.name)} · {s.ends.replace('until the end of', 'to end of')}"
                # on the tile's bottom wall at its right end, where it hides the least of the tile
                where = ("midright", (rr.right - 4, rr.bottom - k * (isz + 3)))
            else:
                continue
            img = self.art.get(s.sprite, isz if label or lay.sq >= 56 else max(11, lay.sq // 3))
            txt = T.render(T.clean(label), 11, T.TEXT, bold=True) if label else None
            w = isz + 6 + txt.get_width() + 6 if txt else img.get_width() + 2 if img else isz + 2
            pill = pygame.Rect(0, 0, w, isz + 2 if txt or not img else img.get_height() + 2)
            setattr(pill, where[0], where[1])
            pill.clamp_ip(self.board_area)
            surf.blit(self.shade(pill.size, (12, 10, 14, 205)), pill)
            pygame.draw.rect(surf, s.colour, pill, 1, border_radius=4)
            if img:
                surf.blit(img, (pill.left + 1, pill.top + 1))
            if txt:
                T.put(surf, txt, (pill.left + isz + 5, pill.centery - txt.get_height() // 2),
                      (T.clean(label), 11, T.TEXT, True, False))
            self.zones.add(Zone(pill, "item_info", None, True, s.tip(state)))

    def draw_highlights(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        lay, m = self.layout, ui.marks
        sq = lay.sq
        pulse = pulse_of(ui, 4.0)

        wall = math.ceil(sq * MASTER_THICK / MASTER_SQ / 2)  # the walls (in the backdrop) stay untinted

        def mark(s: Sq, col, strong: bool) -> None:
            r = lay.square_rect(s)
            surf.blit(self.shade((sq - 2 * wall, sq - 2 * wall), (*col, 120 if strong else 55)),
                      r.inflate(-2 * wall, -2 * wall))
            k = lay.hl_inset
            pygame.draw.rect(surf, col, r.inflate(-2 * k, -2 * k), 3, border_radius=3)

        for s in list(m.act.moves) + list(m.act.stairs):
            mark(s, T.MOVE_HL, s == m.hover_sq)
        for s in m.choice_squares:
            mark(s, T.CHOICE_HL, s == m.hover_sq or pulse > 0.5)

    SMALL_TOKENS = ("item", "narrative", "fixed_narrative", "objective", "progression")

    SPACE_TOKENS = ("corpse", "barrel", "typewriter")  # small bases: they share the square's slots

    def draw_tokens(self, surf: pygame.Surface, state: Game, over: bool) -> None:
        """Under the models: fire, exit, item box. Over them: small corner markers (item, narrative ...)."""
        lay = self.layout
        sq = lay.sq
        by_sq: dict[Sq, list] = {}
        for t in View.of(state).tokens:
            if t.kind not in self.SPACE_TOKENS:
                by_sq.setdefault(tuple(t.pos), []).append(t)
        for s, toks in by_sq.items():
            r = lay.square_rect(s)
            corner = 0
            for t in sorted(toks, key=lambda t: t.kind):
                k = t.kind
                if (k in self.SMALL_TOKENS) != over:
                    continue
                if k == "fire":  # inside the square's walls (the walls are in the backdrop, under it)
                    img = self.art.get("tok_fire", int(sq * 0.86))
                    if img:
                        surf.blit(img, img.get_rect(center=r.center))
                elif k == "exit":
                    img = self.art.get("tok_exit", int(sq * 0.84))
                    if img:
                        surf.blit(img, img.get_rect(center=r.center))
                elif k == "item_box":  # a large base: it fills its square
                    img = self.art.get("tok_item_box", int(sq * 0.9))
                    if img:
                        surf.blit(img, img.get_rect(center=r.center))
                    n = len(getattr(state, "item_box", []) or [])
                    T.text(surf, f"{n}", (r.right - 6, r.bottom - 4), 12, T.GOLD, bold=True, anchor="bottomright",
                           shadow=True)
                else:
                    name = {"item": f"tok_item_{str(t.props.get('letter', 'A')).upper()}",
                            "fixed_narrative": "tok_narrative"}.get(k, f"tok_{k}")
                    size = int(sq * (0.42 if k == "item" else 0.5))
                    img = self.art.get(name, size) or self.art.get("tok_objective", size)
                    pos = [(r.right - size - 1, r.top + 1), (r.left + 1, r.top + 1), (r.left + 1, r.bottom - size - 1),
                           (r.right - size - 1, r.bottom - size - 1)][corner % 4]
                    corner += 1
                    if img:
                        surf.blit(img, pos)

    def draw_edges(self, surf: pygame.Surface, state: Game, q: View, ui: PlayUI) -> None:
        """The glow of doors the player may open, close or clear (R-DOOR-1). Walls, doors, archways
        and barricades themselves are part of the cached backdrop (:meth:`backdrop_master`), redrawn
        only when an edge changes."""
        lay = self.layout
        thick = max(6, lay.sq // 7)
        for eid in ui.marks.act.doors:
            a, b = parse_edge_id(eid)
            p0, p1 = lay.edge_segment(a, b)
            self._door_glow(surf, p0, p1, thick, eid == ui.marks.hover_edge)

    def _door_glow(self, surf, p0, p1, thick: int, hover: bool) -> None:
        horiz = p0[1] == p1[1]
        L = abs(p1[0] - p0[0]) if horiz else abs(p1[1] - p0[1])
        span = L - 2 * int(L * 0.14)
        cx, cy = (p0[0] + p1[0]) // 2, (p0[1] + p1[1]) // 2
        glow = pygame.Rect(0, 0, span + 10, thick * 3 + 10) if horiz else pygame.Rect(0, 0, thick * 3 + 10, span + 10)
        glow.center = (cx, cy)
        surf.blit(self.shade(glow.size, (*T.DOOR_HL, 110 if hover else 45)), glow)
        pygame.draw.rect(surf, T.DOOR_HL, glow, 3 if hover else 2, border_radius=4)

    def _edge_shapes(self, surf: pygame.Surface, state: Game, q: View, lay: "BoardLayout", thick: int) -> None:
        b = View.of(state).scenario.board
        sq = lay.sq
        done: set = set()
        walls: list[pygame.Rect] = []
        feats: list[tuple] = []
        for s in b.square_tile:
            for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                n = (s[0] + dx, s[1] + dy)
                k = edge_key(s, n)
                if k in done:
                    continue
                done.add(k)
                st = q.edge(s, n)
                feat = b.features.get(k)
                p0, p1 = lay.edge_segment(s, n)
                if feat is None:
                    if st == EdgeState.WALL:
                        walls.append(self._wall_rect(p0, p1, thick))
                    continue
                feats.append((p0, p1, st, edge_id(k)))
        # two passes so the red edging never cuts across a joined wall (R-WALL-1)
        for r in walls:
            pygame.draw.rect(surf, T.WALL_EDGE, r.inflate(4, 4))
        for r in walls:
            pygame.draw.rect(surf, T.WALL, r)
        for p0, p1, st, eid in feats:
            self._feature(surf, p0, p1, st, thick, sq, False, False, bool(View.of(state).locks.get(eid)))

    @staticmethod
    def _wall_rect(p0, p1, thick: int) -> pygame.Rect:
        half = thick // 2
        if p0[1] == p1[1]:
            return pygame.Rect(min(p0[0], p1[0]) - half, p0[1] - half, abs(p1[0] - p0[0]) + thick, thick)
        return pygame.Rect(p0[0] - half, min(p0[1], p1[1]) - half, thick, abs(p1[1] - p0[1]) + thick)

    def _wall(self, surf: pygame.Surface, p0, p1, thick: int) -> None:
        """Thick dark line with red edging (R-WALL-1)."""
        r = self._wall_rect(p0, p1, thick)
        pygame.draw.rect(surf, T.WALL_EDGE, r.inflate(4, 4))
        pygame.draw.rect(surf, T.WALL, r)

    def _feature(self, surf, p0, p1, st: EdgeState, thick: int, sq: int, legal: bool, hover: bool,
                 locked: bool) -> None:
        horiz = p0[1] == p1[1]
        L = abs(p1[0] - p0[0]) if horiz else abs(p1[1] - p0[1])
        post = int(L * 0.14)
        # wall stubs at both ends (the door frame)
        if horiz:
            a0, a1 = p0, (p0[0] + post, p0[1])
            b0, b1 = (p1[0] - post, p1[1]), p1
        else:
            a0, a1 = p0, (p0[0], p0[1] + post)
            b0, b1 = (p1[0], p1[1] - post), p1
        self._wall(surf, a0, a1, thick)
        self._wall(surf, b0, b1, thick)
        cx, cy = (p0[0] + p1[0]) // 2, (p0[1] + p1[1]) // 2
        span = L - 2 * post
        if legal:
            glow = pygame.Rect(0, 0, span + 10, thick * 3 + 10) if horiz else pygame.Rect(0, 0, thick * 3 + 10, span + 10)
            glow.center = (cx, cy)
            g = pygame.Surface(glow.size, pygame.SRCALPHA)
            g.fill((*T.DOOR_HL, 150 if hover else 60))
            surf.blit(g, glow)
            pygame.draw.rect(surf, T.DOOR_HL, glow, 3 if hover else 1, border_radius=4)
        # doors, archways and barricades are pictures (tools/make_sprites.py) drawn along the edge
        if st == EdgeState.WALL:
            self._wall(surf, a1, b0, thick)
            return
        name, across = {EdgeState.DOOR_CLOSED: ("door_closed", thick + 14), EdgeState.BARRICADE: ("barricade", thick + 14),
                        EdgeState.ARCHWAY: ("archway", thick + 10)}.get(st, (None, 0))
        if st == EdgeState.BARRICADE:
            self._wall(surf, a1, b0, thick)
        if name is not None:
            img = self.art.get(name, span + (thick if st == EdgeState.ARCHWAY else 0), across)
            if img is not None:
                if not horiz:
                    img = pygame.transform.rotate(img, 90)
                surf.blit(img, img.get_rect(center=(cx, cy)))
            if st == EdgeState.DOOR_CLOSED and locked:  # a padlock on the door (R-DOOR-5)
                lock = self.art.get("tok_padlock", max(14, int(sq * 0.34)))
                if lock:
                    surf.blit(lock, lock.get_rect(center=(cx, cy)))
        elif st == EdgeState.DOOR_OPEN:  # the leaf swung open from the first post (the picture's bottom-left)
            leaf = int(span * 0.95)
            img = self.art.get("door_open", leaf)
            if img is not None:
                if horiz:
                    surf.blit(img, img.get_rect(bottomleft=(a1[0], a1[1] + 3)))
                else:
                    img = pygame.transform.rotate(img, 90)  # hinge at the lower post, leaf to the left of the edge
                    surf.blit(img, img.get_rect(bottomright=(b0[0] + 3, b0[1])))

    # ------------------------------------------------------------------ models
    def model_slots(self, n: int, r: pygame.Rect) -> list[tuple[tuple[int, int], int]]:
        """Centres and radii for ``n`` models and space-taking tokens sharing a square (R-COMP-7/8:
        at most four models, tokens beside them): one big, two side by side, up to four in the
        quadrants, more on a 3x2 or 3x3 grid; every one inside the square, none on another."""
        sq = r.width
        if n <= 1:
            return [(r.center, int(sq * 0.36))]
        rad = int(sq * 0.25)
        lo, hi = int(sq * 0.25 + 0.5), int(sq * 0.75 + 0.5)
        if n == 2:
            return [((r.left + lo, r.centery), rad), ((r.left + hi, r.centery), rad)]
        if n <= 4:
            return [((r.left + lo, r.top + lo), rad), ((r.left + hi, r.top + lo), rad),
                    ((r.left + lo, r.top + hi), rad), ((r.left + hi, r.top + hi), rad)][:n]
        cols, rows = 3, (2 if n <= 6 else 3)
        cw, ch = sq / cols, sq / rows
        rad = max(3, int(min(cw, ch) / 2) - 1)
        return [((int(r.left + cw * (i % cols + 0.5)), int(r.top + ch * (i // cols + 0.5))), rad) for i in range(n)]

    def count_badge(self, surf: pygame.Surface, r: pygame.Rect, n: int) -> None:
        """'×N' on a dark pill at the foot of a square holding N models."""
        size = 11 if r.width < 48 else 13
        img = T.render(f"×{n}", size, (255, 250, 240), bold=True)
        pill = img.get_rect(midbottom=(r.centerx, r.bottom + 3)).inflate(8, 0)
        pygame.draw.rect(surf, (12, 10, 12), pill, border_radius=6)
        pygame.draw.rect(surf, (220, 210, 196), pill, 1, border_radius=6)
        T.put(surf, img, img.get_rect(center=pill.center), (f"×{n}", size, (255, 250, 240), True, False), "center")

    def draw_models(self, surf: pygame.Surface, state: Game, ui: PlayUI, q: View) -> None:
        lay = self.layout
        anim = ui.anim
        moving = anim.positions()
        hidden = anim.hidden()
        by_sq: dict[Sq, list[tuple[str, Any]]] = {}
        floating: list[tuple[str, Any, tuple[float, float]]] = []
        for c in View.of(state).characters:
            if c.pos is None or c.exited:
                continue
            key = ("c", c.cid)
            if key in moving:
                floating.append(("c", c, moving[key]))
            else:
                by_sq.setdefault(tuple(c.pos), []).append(("c", c))
        large: list[tuple[Any, tuple[float, float]]] = []
        for e in View.of(state).enemies:
            key = ("e", e.uid)
            if key in hidden:
                continue
            d = View.of(state).scenario.content.enemies.get(e.type)
            if d is not None and d.base.value == "large":  # a large base fills its square (bosses)
                large.append((e, moving.get(key, tuple(e.pos))))
            elif key in moving:
                floating.append(("e", e, moving[key]))
            else:
                by_sq.setdefault(tuple(e.pos), []).append(("e", e))
        self.token_zones = []
        for e, fpos in large:
            self._large(surf, state, ui, q, e, lay.centre(fpos))
        for t in View.of(state).tokens:
            if t.kind in self.SPACE_TOKENS:
                by_sq.setdefault(tuple(t.pos), []).append(("t", t))
        big = {tuple(e.pos) for e, _ in large}
        for s, occ in by_sq.items():
            # tokens first, then enemies: the survivors are drawn last, on top (issue 25 item 2: they
            # vanished under the enemies on a crowded square)
            occ.sort(key=lambda o: {"t": 0, "e": 1, "c": 2}[o[0]])
            r = lay.square_rect(s)
            # every model inside its own square at every zoom (a fan reached over walls and labels)
            slots = self.model_slots(len(occ), r)
            if s in big:  # a boss fills this square (a shove is pending): the others stand in its corners
                slots = list(reversed(self.model_slots(4, r)))[:len(occ)]
            for (kind, obj), (ctr, rad) in zip(occ, slots):
                self._model(surf, state, ui, q, kind, obj, ctr, rad, pips=rad >= 10 or len(occ) == 1)
            n_models = sum(1 for k, _ in occ if k != "t")
            if n_models >= 2:  # how many models stand here, readable at every zoom
                self.count_badge(surf, r, n_models)
        for kind, obj, fpos in floating:
            ctr = lay.centre(fpos)
            self._model(surf, state, ui, q, kind, obj, ctr, int(lay.sq * 0.30))

    def _large(self, surf: pygame.Surface, state: Game, ui: PlayUI, q: View, e, ctr) -> None:
        """A large-base model (a boss): its sprite fills the square; a thin health bar at its foot;
        target, choice and enrage frames around the square."""
        m = ui.marks
        sq = self.layout.sq
        d = View.of(state).scenario.content.enemies.get(e.type)
        box = pygame.Rect(0, 0, sq - 2, sq - 2)
        box.center = ctr
        enraged = q.enraged(e)
        pulse = pulse_of(ui, 6)
        if enraged:
            glow = pygame.Surface(box.inflate(14, 14).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (255, 50, 30, int(70 + 80 * pulse)), glow.get_rect(), border_radius=10)
            surf.blit(glow, box.inflate(14, 14))
        img = self.art.get(T.enemy_sprite(e.type), box.width) or self.art.get("enemy_generic", box.width)
        if img:
            surf.blit(img, img.get_rect(center=ctr))
        if d is not None:  # the dial in miniature (the full dial is in the boss column)
            full = q.enemy_hp(e)
            left = max(0, full - e.wounds)
            bar = pygame.Rect(box.left + 5, box.bottom - 9, box.width - 10, 6)
            pygame.draw.rect(surf, (0, 0, 0), bar.inflate(2, 2))
            pygame.draw.rect(surf, (70, 30, 30), bar)
            pygame.draw.rect(surf, T.BAD if enraged else T.OK, (bar.left, bar.top, int(bar.width * left / full), bar.h))
            if sq >= 52:
                T.text(surf, f"{left}/{full}", (bar.right, bar.top - 1), 11, T.TEXT, bold=True, anchor="bottomright",
                       shadow=True)
        if e.uid in m.subjects:
            pygame.draw.rect(surf, T.lerp((150, 110, 30), T.CHOICE_HL, pulse), box.inflate(8, 8), 4, border_radius=8)
        if e.uid in m.act.attacks or e.uid in m.pick_enemies:
            col = T.TARGET_HL if e.uid in m.act.attacks else T.CHOICE_HL
            pygame.draw.rect(surf, col, box.inflate(6, 6), 4 if m.hover_enemy == e.uid else 2, border_radius=8)
            for cx, cy in (box.topleft, box.topright, box.bottomleft, box.bottomright):  # crosshair corners
                pygame.draw.circle(surf, col, (cx, cy), 5)
            if e.uid in m.act.attacks and View.of(state).active_char.pos is not None:
                dist = max(abs(e.pos[0] - View.of(state).active_char.pos[0]), abs(e.pos[1] - View.of(state).active_char.pos[1]))
                tag = pygame.Rect(0, 0, 26, 13)
                tag.midtop = (ctr[0], box.bottom + 2)
                pygame.draw.rect(surf, (0, 0, 0), tag.inflate(2, 2), border_radius=4)
                pygame.draw.rect(surf, T.TARGET_HL, tag, border_radius=4)
                T.text(surf, f"r{dist}", tag.center, 10, (255, 255, 255), bold=True, anchor="center")
        self.models.append(("e", e.uid, ctr, sq // 2))

    def draw_effects(self, surf: pygame.Surface, ui: PlayUI) -> None:
        """Flashes of the step playing now, above models, labels and tokens: spawn rings, damage,
        kills, strike lines, fire, barrel blasts."""
        lay = self.layout
        for frm, to, u in ui.anim.paths():  # each reacting enemy's move as an arrow (R-REACT)
            a, b = lay.centre(frm), lay.centre(to)
            end = (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
            self.arrow(surf, a, end, (232, 70, 54), head=u >= 0.999)
        for fx in ui.anim.effects():
            if fx["kind"] == "die":
                continue  # drawn above everything by draw_die_popup
            if fx["kind"] == "wound" or (fx["kind"] == "damage" and fx["data"].get("n")):  # '-n' rises and fades
                ctr = lay.centre(fx["pos"])
                t = fx["t"]
                flash = pygame.Surface((lay.sq, lay.sq), pygame.SRCALPHA)
                pygame.draw.circle(flash, (255, 255, 255, int(170 * (1 - t))), (lay.sq // 2, lay.sq // 2),
                                   int(lay.sq * 0.36))
                surf.blit(flash, flash.get_rect(center=ctr))
                n = fx["data"].get("n") or 1
                T.text(surf, f"-{n}", (ctr[0], int(ctr[1] - lay.sq * (0.35 + 0.45 * t))), max(16, lay.sq // 2),
                       (255, 70, 50) if fx["kind"] == "wound" else (255, 200, 60), bold=True, anchor="center",
                       shadow=True)
                if fx["kind"] == "wound":
                    continue
            ctr = lay.centre(fx["pos"])
            t = fx["t"]
            if fx["kind"] == "explosion":  # a short filled blast over the square and its neighbours
                rad = int(lay.sq * (0.5 + 1.0 * t))
                blast = pygame.Surface((rad * 2 + 8, rad * 2 + 8), pygame.SRCALPHA)
                a = int(200 * (1 - t) ** 1.5)
                pygame.draw.circle(blast, (255, 150, 40, a), (rad + 4, rad + 4), rad)
                pygame.draw.circle(blast, (255, 240, 160, min(255, a + 40)), (rad + 4, rad + 4), max(2, rad // 2))
                pygame.draw.circle(blast, (255, 90, 20, int(255 * (1 - t))), (rad + 4, rad + 4), rad, 4)
                surf.blit(blast, blast.get_rect(center=ctr))
                continue
            if fx["kind"] == "strike" and fx["data"].get("sweep"):  # R-BOSS-14: an arc round the boss, then the line
                to = lay.centre(fx["to"])
                reach = math.hypot(to[0] - ctr[0], to[1] - ctr[1])
                rad = int(max(lay.sq * 0.8, reach))
                ang = math.atan2(-(to[1] - ctr[1]), to[0] - ctr[0])
                span = math.pi * 0.9
                a0 = ang - span / 2 + span * t * 0.5
                box = pygame.Rect(0, 0, rad * 2, rad * 2)
                box.center = ctr
                col = T.lerp((255, 150, 60), (200, 60, 30), t)
                arc = pygame.Surface((rad * 2 + 12, rad * 2 + 12), pygame.SRCALPHA)
                pygame.draw.arc(arc, (*col, int(220 * (1 - 0.5 * t))), (6, 6, rad * 2, rad * 2), a0, a0 + span * 0.6, 7)
                surf.blit(arc, arc.get_rect(center=ctr))
                pygame.draw.line(surf, (0, 0, 0), ctr, to, 6)
                pygame.draw.line(surf, col, ctr, to, 3)
                ok = fx["data"].get("success")
                pygame.draw.circle(surf, T.OK if ok else T.BAD, to, int(lay.sq * (0.22 + 0.1 * t)), 3)
                continue
            if fx["kind"] == "quake":  # Tremor: rings round the survivor
                ok = fx["data"].get("success")
                for k in range(3):
                    rr = int(lay.sq * (0.2 + 0.18 * k + 0.2 * t))
                    pygame.draw.circle(surf, (T.OK if ok else T.WARN), ctr, rr, 2)
                continue
            if fx["kind"] == "smash":  # R-STALK-5: splinters fly from the door it forced
                to = lay.centre(fx["to"])
                mid = ((ctr[0] + to[0]) // 2, (ctr[1] + to[1]) // 2)
                for k in range(8):
                    ang = k * math.pi / 4 + 0.3
                    r0, r1 = lay.sq * (0.1 + 0.2 * t), lay.sq * (0.3 + 0.35 * t)
                    p0 = (mid[0] + math.cos(ang) * r0, mid[1] + math.sin(ang) * r0)
                    p1 = (mid[0] + math.cos(ang) * r1, mid[1] + math.sin(ang) * r1)
                    pygame.draw.line(surf, T.DOOR_DARK, p0, p1, 6)
                    pygame.draw.line(surf, T.DOOR_WOOD, p0, p1, 3)
                continue
            if fx["kind"] == "enrage":  # the boss flares red
                box = pygame.Rect(0, 0, int(lay.sq * (1.0 + 0.4 * t)), int(lay.sq * (1.0 + 0.4 * t)))
                box.center = ctr
                pygame.draw.rect(surf, (255, 60, 30), box, 5, border_radius=10)
                continue
            if fx["kind"] == "strike":  # who attacks whom
                to = lay.centre(fx["to"])
                col = T.lerp((255, 70, 50), (120, 30, 24), t)
                pygame.draw.line(surf, (0, 0, 0), ctr, to, 7)
                pygame.draw.line(surf, col, ctr, to, 4)
                pygame.draw.circle(surf, col, to, int(lay.sq * (0.2 + 0.1 * t)), 3)
                continue
            rad = int(lay.sq * (0.3 + 0.3 * t))
            col = {"spawn": (255, 80, 60), "damage": (255, 40, 40), "killed": (255, 230, 200),
                   "heal": (120, 255, 140), "fire": (255, 140, 30)}.get(fx["kind"], (255, 255, 255))
            a = int(255 * (1 - t))
            ring = pygame.Surface((rad * 2 + 8, rad * 2 + 8), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*col, a), (rad + 4, rad + 4), rad, 4)
            if fx["kind"] == "killed":
                k = rad // 2
                pygame.draw.line(ring, (*col, a), (rad + 4 - k, rad + 4 - k), (rad + 4 + k, rad + 4 + k), 5)
                pygame.draw.line(ring, (*col, a), (rad + 4 - k, rad + 4 + k), (rad + 4 + k, rad + 4 - k), 5)
            surf.blit(ring, ring.get_rect(center=ctr))

    @staticmethod
    def arrow(surf: pygame.Surface, a, b, col, head: bool = True, width: int = 4) -> None:
        """A dark-edged arrow from a to b (enemy paths)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        L = math.hypot(dx, dy)
        if L < 2:
            return
        pygame.draw.line(surf, (0, 0, 0), a, b, width + 3)
        pygame.draw.line(surf, col, a, b, width)
        if head:
            ux, uy = dx / L, dy / L
            k = max(8, width * 3)
            p1 = (b[0] - ux * k - uy * k * 0.6, b[1] - uy * k + ux * k * 0.6)
            p2 = (b[0] - ux * k + uy * k * 0.6, b[1] - uy * k - ux * k * 0.6)
            pygame.draw.polygon(surf, (0, 0, 0), [b, p1, p2], 0)
            pygame.draw.polygon(surf, col, [(b[0] - ux * 2, b[1] - uy * 2), p1, p2])

    def _model(self, surf, state: Game, ui: PlayUI, q: View, kind: str, obj, ctr, rad: int,
               pips: bool = True) -> None:
        """One model or space-taking token; ``pips``: draw an enemy's wound pips over it (not when
        fanned out on a crowded small square, where the hover card tells the wounds)."""
        m = ui.marks
        if kind == "t":  # corpse, barrel, typewriter: space-taking tokens (R-COMP-9)
            img = self.art.get(f"tok_{obj.kind}", int(rad * 2.1))
            box = pygame.Rect(0, 0, rad * 2, rad * 2)
            box.center = ctr
            if img:
                surf.blit(img, img.get_rect(center=ctr))
            if obj.uid in m.act.attacks:  # a barrel that can be shot (R-BARREL-1)
                pygame.draw.rect(surf, T.TARGET_HL, box.inflate(6, 6), 3, border_radius=6)
            self.token_zones.append((obj.uid, box))
            return
        if kind == "c":
            c = obj
            cd = View.of(state).scenario.content.characters[c.cid]
            col = tuple(cd.colour)
            active = View.of(state).characters[View.of(state).active_seat].cid == c.cid and not View.of(state).over
            if active:
                pulse = pulse_of(ui, 5)
                pygame.draw.circle(surf, T.lerp((180, 140, 40), T.GOLD, pulse), ctr, rad + 5, 3)
            if c.cid in m.pick_chars:
                pygame.draw.circle(surf, T.CHOICE_HL, ctr, rad + 7, 3)
            if c.cid in m.subjects:  # the survivor a decision moves (shove R-BOSS-5, push)
                pulse = pulse_of(ui, 6)
                pygame.draw.circle(surf, T.lerp((150, 110, 30), T.CHOICE_HL, pulse), ctr, rad + 7, 4)
            self.art.portrait(surf, c.cid, ctr, rad, col, down=c.health > 5)
            pygame.draw.circle(surf, col, ctr, rad, max(2, rad // 8))  # the survivor's colour as the rim
            if c.health == 6:
                pygame.draw.line(surf, T.BAD, (ctr[0] - rad, ctr[1] - rad), (ctr[0] + rad, ctr[1] + rad), 3)
            if c.poisoned:
                pygame.draw.circle(surf, (120, 220, 60), (ctr[0] + rad - 3, ctr[1] - rad + 3), max(4, rad // 4))
            self.models.append(("c", c.cid, ctr, rad))
        else:
            e = obj
            d = View.of(state).scenario.content.enemies.get(e.type)
            img = self.art.get(T.enemy_sprite(e.type), rad * 2) or self.art.get("enemy_generic", rad * 2)
            is_target = e.uid in m.act.attacks
            if e.uid in m.subjects:  # the enemy a decision is about: a pulsing gold ring
                pulse = pulse_of(ui, 6)
                pygame.draw.circle(surf, T.lerp((150, 110, 30), T.CHOICE_HL, pulse), ctr, rad + 6, 4)
            if is_target and View.of(state).active_char.pos is not None:  # range tag (R-RANGE-2)
                dist = max(abs(e.pos[0] - View.of(state).active_char.pos[0]), abs(e.pos[1] - View.of(state).active_char.pos[1]))
                tag = pygame.Rect(0, 0, 26, 13)
                tag.midtop = (ctr[0], ctr[1] + rad + 1)
                pygame.draw.rect(surf, (0, 0, 0), tag.inflate(2, 2), border_radius=4)
                pygame.draw.rect(surf, T.TARGET_HL, tag, border_radius=4)
                T.text(surf, f"r{dist}", tag.center, 10, (255, 255, 255), bold=True, anchor="center")
            if is_target or e.uid in m.pick_enemies:
                col = T.TARGET_HL if is_target else T.CHOICE_HL
                hov = m.hover_enemy == e.uid
                pygame.draw.circle(surf, col, ctr, rad + 5, 4 if hov else 2)
                for ang in range(4):  # crosshair ticks
                    a = ang * math.pi / 2 + math.pi / 4
                    x1, y1 = ctr[0] + math.cos(a) * (rad + 2), ctr[1] + math.sin(a) * (rad + 2)
                    x2, y2 = ctr[0] + math.cos(a) * (rad + 11), ctr[1] + math.sin(a) * (rad + 11)
                    pygame.draw.line(surf, col, (x1, y1), (x2, y2), 3)
            if img:  # the picture at every size (bold silhouettes: tools/make_sprites.py)
                surf.blit(img, img.get_rect(center=ctr))
            if d is not None and (pips or e.wounds):  # wound pips: red = wounds taken, light = left (R-ENEMY-3)
                n = q.enemy_hp(e)
                pw = max(5, rad // 4)
                total = n * (pw + 2) + 2
                pill = pygame.Rect(0, 0, total, pw + 4)
                pill.midbottom = (ctr[0], ctr[1] - rad + pw // 2 + 1)
                pygame.draw.rect(surf, (0, 0, 0), pill, border_radius=3)
                for i in range(n):
                    pr_ = pygame.Rect(pill.left + 2 + i * (pw + 2), pill.top + 2, pw, pw)
                    pygame.draw.rect(surf, T.BAD if i < e.wounds else (214, 206, 196), pr_)
            no = ui.numbers.number(e.uid)
            if no is not None and rad >= 9:  # which one it is: 'Zombie 2' in the log is the token marked 2
                self.number_badge(surf, (ctr[0] - rad * 7 // 10, ctr[1] + rad * 7 // 10), no, rad)
            self.models.append(("e", e.uid, ctr, rad))

    def number_badge(self, surf: pygame.Surface, at: tuple[int, int], no: int, rad: int) -> None:
        """An enemy model's number (game.ui.numbers) on a dark disc at its lower left."""
        size = 10 if rad < 16 else 12
        label = str(no)
        img = T.render(label, size, (255, 250, 240), bold=True)
        r = max(img.get_width(), img.get_height()) // 2 + 2
        pygame.draw.circle(surf, (12, 10, 12), at, r)
        pygame.draw.circle(surf, (220, 210, 196), at, r, 1)
        T.put(surf, img, img.get_rect(center=at), (label, size, (255, 250, 240), True, False), "center")

    def token_at(self, pos: tuple[int, int]) -> str | None:
        """The uid of the small token drawn under ``pos`` (e.g. a barrel)."""
        for uid, r in reversed(self.token_zones):
            if r.inflate(6, 6).collidepoint(pos):
                return uid
        return None

    def model_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        """The model (kind, id) drawn under ``pos``, topmost first."""
        for kind, mid, ctr, rad in reversed(self.models):
            if (pos[0] - ctr[0]) ** 2 + (pos[1] - ctr[1]) ** 2 <= (rad + 3) ** 2:
                return kind, mid
        return None

    def draw_caption(self, surf: pygame.Surface, ui: PlayUI, state: Game | None = None) -> None:
        """What is happening now (the event being animated), e.g. why an enemy moved; when idle, how to
        answer a tie, else the last caption (the goal at the start). One line at 14 or 13 px; a longer
        text wraps onto up to three lines over the top of the board (never cut short)."""
        r = CAPTION_RECT
        self.caption_rect = pygame.Rect(r)
        pygame.draw.rect(surf, (16, 13, 16), r)
        pygame.draw.line(surf, (50, 40, 46), r.bottomleft, r.bottomright, 1)
        cap = ui.anim.caption
        live = bool(cap)
        colour = T.TEXT if live else T.MUTED
        p = View.of(state).pending if state is not None else None
        if not live and p is not None and p.kind in TIE_KINDS and not View.of(state).over and not (
                ui.controllers and p.seat < len(ui.controllers) and ui.controllers[p.seat] == "bot"):
            cap, colour = _f("To answer: {how}", how=_(TIE_HELP)), T.GOLD  # the prompt bar keeps the question
        cap = cap or ui.anim.last_caption
        if not cap:
            return
        if live:
            pygame.draw.circle(surf, T.ACCENT_HI, (r.left + 14, r.centery), 5)

        from .sentences import translated

        if isinstance(cap, Said) and cap.msg:  # an event: its message in the player's language, then its rule
            cap = words(cap) + (f"  [{cap.rule}]" if cap.rule else "")
        else:
            cap = translated(cap)
        cap = T.clean(player_text(cap, ui.show_rule_ids))
        width = r.width - 36
        for size in (14, 13):
            if T.font(size).size(cap)[0] <= width:
                T.text(surf, cap, (r.left + 26, r.centery), size, colour, anchor="midleft")
                return
        # too long for one line (a long goal, a translation): wrapped over the top of the board, never cut
        lines = T.wrap(cap, 13, width)
        lh = T.font(13).get_linesize()
        shown = lines[:3]
        box = pygame.Rect(r.left, r.top, r.width, max(r.height, lh * len(shown) + 8))
        self.caption_rect = box
        pygame.draw.rect(surf, (16, 13, 16), box)
        pygame.draw.line(surf, (50, 40, 46), box.bottomleft, box.bottomright, 1)
        if len(lines) > 3:
            T.CUT.append(cap)
            shown[-1] = fit(shown[-1] + " …", 13, width)
        for i, ln in enumerate(shown):
            T.text(surf, ln, (r.left + 26, box.top + 4 + i * lh), 13, colour)

    # ------------------------------------------------------------------ top bar
    def draw_top(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        r = pygame.Rect(0, 0, T.W, TOP_H)
        pygame.draw.rect(surf, (18, 14, 18), r)
        pygame.draw.line(surf, T.PANEL_EDGE, (0, TOP_H - 1), (T.W, TOP_H - 1), 2)
        card = ui.boss.card if ui.anim.boss_turn else None
        if card is not None and not (0 <= card.seat < len(View.of(state).characters) and card.turn):
            card = None
        c = View.of(state).characters[card.seat if card is not None else View.of(state).active_seat]  # the boss's turn stays up
        cd = View.of(state).scenario.content.characters[c.cid]
        x = 12
        self.art.portrait(surf, c.cid, (x + 12, TOP_H // 2), 14, tuple(cd.colour))
        x += 32
        ctrl = ""
        if ui.controllers and c.seat < len(ui.controllers) and ui.controllers[c.seat] == "bot":
            ctrl = " (bot)"
        if View.of(state).over:
            s = _("Scenario over: success") if View.of(state).result == "success" else _("Scenario over: failure")
        elif View.of(state).turn == 0:
            s = _("SET-UP: SHARE THE EXTRA GEAR") if View.of(state).pending and View.of(state).pending.kind == "gear" else _("SET-UP")
        else:
            turn = card.turn if card is not None else View.of(state).turn
            s = _f("TURN {turn}  ·  {player}{bot}: {name}", turn=turn, player=seat_label(ui.names, c.seat).upper(),
                   bot=_(" (bot)") if ctrl else "", name=_(cd.name).upper())
        rr = T.text(surf, s, (x, TOP_H // 2), 18, T.TEXT, bold=True, anchor="midleft")
        x = rr.right + 16
        phase = {"action": _("Action phase"), "reaction": _("Reaction phase"), "tension": _("Tension phase"),
                 "end": _("End of turn"), "setup": _("Setup"), "over": _("Over")}.get(View.of(state).phase, View.of(state).phase)
        if card is not None and not View.of(state).over:
            phase = f"{card.boss_name} acts ({cd.name.split()[0]}'s turn)"
        elif View.of(state).phase == "action" and not View.of(state).over:
            phase += "  ·  " + (_f("{n} actions left", n=View.of(state).actions_left) if View.of(state).actions_left != 1
                                else _("1 action left"))
        rr = T.text(surf, phase, (x, TOP_H // 2), 15, T.GOLD, anchor="midleft")
        self.top_text = (s, phase)
        x = rr.right + 16
        p = View.of(state).pending
        if card is None and p is not None and p.seat != View.of(state).active_seat and p.seat < len(View.of(state).characters):
            dc = View.of(state).characters[p.seat]
            rr = T.text(surf, _f("Deciding: {player} ({name})", player=seat_label(ui.names, p.seat),
                                 name=_(char_name(state, dc.cid))),
                        (x, TOP_H // 2), 15,
                        T.ACCENT_HI, bold=True, anchor="midleft")
            x = rr.right + 16
        # the dashboard at the right: city danger track (R-DANGER-3) and ink ribbons (R-INK-2)
        right = T.W - 12
        if DB.shows_danger(state):
            right = DB.draw_danger(surf, right, 2, TOP_H - 4, state, self.zones).left - 18
        if DB.shows_ink(state):
            right = DB.draw_ink(surf, right, TOP_H // 2, state, self.art, self.zones).left - 18
        info = f"{_(ui.scenario_name)}   " + _("Esc menu · F1 rules")
        if T.font(13).size(info)[0] > right - x:
            info = _("Esc menu · F1 rules")
        if T.font(13).size(info)[0] <= right - x:
            T.text(surf, info, (right, TOP_H // 2), 13, T.MUTED, anchor="midright")

    # ------------------------------------------------------------------ prompt bar
    def draw_prompt(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        r = PROMPT_RECT
        pygame.draw.rect(surf, (22, 18, 22), r)
        pygame.draw.line(surf, T.PANEL_EDGE, r.topleft, r.topright, 1)
        p = View.of(state).pending
        mouse = ui.mouse
        if View.of(state).over:
            self.draw_over(surf, state, ui)
            return
        if p is None:
            T.text(surf, _("The scenario is over."), (r.left + 14, r.centery), 16, T.MUTED, anchor="midleft")
            return
        if ui.controllers and p.seat < len(ui.controllers) and ui.controllers[p.seat] == "bot":
            T.text(surf, _f("The bot is deciding for {player}…", player=seat_label(ui.names, p.seat)),
                   (r.left + 14, r.centery), 16, T.MUTED, anchor="midleft")
            return
        if p.kind == "act":
            hint = T.clean(ui.hint or _("Click a framed square to move · click a marked enemy to attack · click a "
                                        "glowing door · Space: end phase"))
            ev = acting_here(state)
            if ev is not None:  # off the board, where it hides nothing (issue 25 item 2)
                inner = r.inflate(-28, -4)
                self.text_lines(surf, hint, pygame.Rect(inner.left, inner.top, inner.width, inner.height // 2), T.MUTED)
                self.text_lines(surf, "! " + T.clean(player_text(evade_text(ev), ui.show_rule_ids)),
                                pygame.Rect(inner.left, inner.centery, inner.width, inner.height // 2), T.WARN, bold=True)
                return
            self.text_lines(surf, hint, r.inflate(-28, -4), T.MUTED)
            return
        # a non-"act" decision: prompt and one button per option; Done/Decline/Auto always at the right
        # (a tie's "how to answer" is in the caption above the board: draw_caption)
        title = T.clean(words(p) or p.kind)
        if p.kind == "push_enemy" and (p.ctx or {}).get("rule") == "R-EATK-7":  # why this push is offered (play3)
            e = next((View.of(state).enemy(a.target) for a in p.options if a.target and View.of(state).enemy(a.target)), None)
            if e is not None:
                d = View.of(state).scenario.content.enemies.get(e.type)
                name = _(d.name) if d else e.type
                title = T.clean(_f("The {enemy} that attacked shares the square: push it away? Pick a square or "
                                   "decline.", enemy=name.removeprefix("The ")))  # never "The The Stalker"
        size = 15 if T.font(15, True).size(title)[0] <= r.width - 28 else 13
        T.text(surf, fit(title, size, r.width - 28, bold=True), (r.left + 14, r.top + 3 + (15 - size)), size, T.GOLD,
               bold=True)
        opts = list(p.options)
        if p.kind in ("trade", "stash", "take", "gear"):
            msg = _("Click who takes it in the dialog over the board, or press its number.") if p.kind == "gear" \
                else _("Use the buttons in the dialog over the board; Space when done.")
            T.text(surf, msg, (r.left + 14, r.top + 30), 13, T.MUTED)
            opts = [a for a in opts if a.kind == "done"]
        fixed = [a for a in opts if a.kind in ("done", "decline", "auto")]
        flow = [a for a in opts if a not in fixed]
        y = r.top + 25
        right = r.right - 10
        for a in reversed(fixed):
            label = describe(state, a)
            w = max(90, T.font(14, True).size(label)[0] + 24)
            right -= w
            button(surf, self.zones, pygame.Rect(right, y, w, 26), label, "option", a, hover=mouse, size=14,
                   primary=True)
            right -= 8
        x = r.left + 14
        widths = [min(240, max(70, T.font(14).size(describe(state, a))[0] + 22)) for a in flow]
        fits = len(flow)
        total = sum(widths) + 6 * len(widths)
        if x + total > right:  # not all fit: keep room for an "All N…" button
            room = right - 100 - x
            fits, acc = 0, 0
            for w in widths:
                if acc + w + 6 > room:
                    break
                acc += w + 6
                fits += 1
        for a, w in zip(flow[:fits], widths[:fits]):
            button(surf, self.zones, pygame.Rect(x, y, w, 26), describe(state, a), "option", a, hover=mouse, size=14)
            x += w + 6
        if fits < len(flow):
            button(surf, self.zones, pygame.Rect(right - 94, y, 90, 26), f"All {len(opts)}…", "more", None,
                   hover=mouse, size=13)

    def draw_phase(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The enemy phase under the board (game.ui.enemyphase): the beat playing and its lines, or
        the recap; the tension card of the beat playing (or the last one drawn) held face up over
        the top of the side panel until the beats end."""
        now = ui.anim.beat_now()
        if now is None and ui.recap_t <= 0:
            return
        p = View.of(state).pending
        if p is not None and p.kind != "act" and not View.of(state).over:
            pass  # a decision's prompt and its caption (how to answer a tie) stay in view; the log has the lines
        else:
            EP.draw_strip(surf, PROMPT_RECT, ui.phase, now, self.zones, ui.mouse, ui.show_rule_ids, recap=now is None)
        if now is not None:
            cards = [b for b in ui.phase.beats[: now + 1] if b.kind == "card"]
            if cards:
                EP.draw_card(surf, pygame.Rect(SIDE_RECT.left + 8, SIDE_RECT.top + 6, SIDE_RECT.width - 16, 250), state,
                             cards[-1], ui.show_rule_ids)

    def draw_over(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The prompt strip under the final board (issue 25 item 3): won or failed and why (who fell,
        to what, the last tension card; game.ui.results.cause_lines), and a Continue button; the
        board stays as it ended until the player moves on. Won/failed is said in words, not colour."""
        r = PROMPT_RECT
        ok = View.of(state).result == "success"
        label = _("Continue »")
        bw = max(120, T.font(15, True).size(label)[0] + 28)
        button(surf, self.zones, pygame.Rect(r.right - bw - 10, r.top + 10, bw, 34), label, "over_continue",
               hover=ui.mouse, primary=True, size=15)
        lines = list(ui.over_lines) or [_("Scenario over: success") if ok else _("Scenario over: failure")]
        room = pygame.Rect(r.left + 14, r.top + 2, r.width - bw - 40, r.height - 4)
        head = fit(lines[0], 15, room.width, bold=True)
        T.text(surf, head, (room.left, room.top + 2), 15, T.OK if ok else T.BAD, bold=True)
        rest = " ".join(lines[1:])
        if rest:
            self.text_lines(surf, rest, pygame.Rect(room.left, room.top + 22, room.width, room.height - 22), T.TEXT)

    @staticmethod
    def text_lines(surf: pygame.Surface, s: str, rect: pygame.Rect, colour, bold: bool = False) -> None:
        """``s`` in ``rect``, centred vertically: one line at 15 or 13 px if it fits, else wrapped at
        13 or 12 px onto as many lines as the height allows; only what still does not fit is cut
        (and recorded in theme.CUT for the text-fit test)."""
        for size in (15, 13):
            if T.font(size, bold).size(s)[0] <= rect.width:
                T.text(surf, s, (rect.left, rect.centery), size, colour, bold=bold, anchor="midleft")
                return
        for size in (13, 12):
            lines = T.wrap(s, size, rect.width, bold)
            lh = T.font(size, bold).get_linesize() - 1
            if len(lines) * lh <= rect.height or size == 12:
                break
        n = max(1, rect.height // lh)
        if len(lines) > n:
            T.CUT.append(s)
            lines = lines[:n]
            lines[-1] = fit(lines[-1] + " …", size, rect.width, bold)
        y = rect.centery - len(lines) * lh // 2
        for ln in lines:
            T.text(surf, ln, (rect.left, y), size, colour, bold=bold)
            y += lh

    # ------------------------------------------------------------------ log
    def draw_log(self, surf: pygame.Surface, ui: PlayUI) -> None:
        """The log; each line is a zone ("log_line", its LogLine) for 'undo to here' and its rule.
        Rule IDs show only with the "Show rule IDs" setting (``ui.show_rule_ids``)."""
        from .logtext import shown

        r = LOG_RECT if not ui.log_big else pygame.Rect(LOG_RECT.left, LOG_BIG_TOP, LOG_RECT.width,
                                                        LOG_RECT.bottom - LOG_BIG_TOP)
        pygame.draw.rect(surf, (14, 12, 15), r)
        pygame.draw.line(surf, T.PANEL_EDGE, r.topleft, r.topright, 2 if ui.log_big else 1)
        f = T.font(13)
        lh = f.get_linesize() - 1
        n = max(1, (r.height - 6) // lh)
        ids = ui.show_rule_ids
        tx = r.left + (118 if ids else 14)
        bw = 150  # the undo / redo / rules buttons at the right
        # only the lines on screen are wrapped (from the newest back), so the cost does not grow
        # with the length of the log; wrapped text and rendered lines are cached (theme)
        scrolled = ui.log_scroll > 0  # then the first row says so, above the lines (it overlapped one)
        if scrolled:
            n = max(1, n - 1)
        need = n + ui.log_scroll
        lines: list[tuple[str, str, str, Any]] = []
        for ln in reversed(ui.log):
            wrapped = T.wrap(player_text(shown(ln.text, ln.msg), ids), 13, r.right - bw - tx - 16)
            lines[:0] = [(ln.rule if i == 0 else "", w, ln.kind, ln) for i, w in enumerate(wrapped)]
            if len(lines) >= need:
                break
        end = len(lines) - ui.log_scroll
        start = max(0, end - n)
        y = r.top + 3 + (lh if scrolled else 0)
        self.zones.add(Zone(r, "log", None))
        for rule, w, kind, ln in lines[start:end]:
            col = T.TEXT if kind not in ("phase", "turn") else T.GOLD
            row = pygame.Rect(r.left + 4, y, r.width - bw - 16, lh)
            if row.collidepoint(ui.mouse):
                pygame.draw.rect(surf, (40, 34, 40), row)
            if rule and ids:
                T.put(surf, T.render(rule, 11, (200, 90, 80), mono=True), (r.left + 10, y + 2),
                      (rule, 11, (200, 90, 80), False, True))
            T.put(surf, T.render(w, 13, col), (tx, y), (w, 13, col, False, False))
            self.zones.add(Zone(row, "log_line", ln, tip="click: the rule behind it, undo to here"))
            y += lh
        if scrolled:  # a row of its own (issue 25 item 12)
            T.text(surf, _f("▲ scrolled back {n} lines (wheel)", n=ui.log_scroll), (r.right - bw - 16, r.top + 3), 12,
                   T.MUTED, anchor="topright")
        T.text(surf, _("L: smaller log") if ui.log_big else _("L: bigger log"), (r.right - 8, r.bottom - 4), 11, T.DIM,
               anchor="bottomright")
        bx, by = r.right - bw - 6, r.top + 4
        for label, key, on, tip in ((_("Undo  Ctrl+Z"), "undo", ui.can_undo, _("take back your last action")),
                                    (_("Redo  Ctrl+Y"), "redo", ui.can_redo, _("do the undone action again")),
                                    (_("Rules  F1"), "rules", True, _("the rules reference and glossary"))):
            button(surf, self.zones, pygame.Rect(bx, by, bw, 23), label, key, hover=ui.mouse, enabled=on, size=12,
                   tip=tip)
            by += 26

    # ------------------------------------------------------------------ side panel
    def draw_side(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        r = SIDE_RECT
        pygame.draw.rect(surf, T.BG2, r)
        pygame.draw.line(surf, T.PANEL_EDGE, r.topleft, r.bottomleft, 2)
        q = View(state)
        seat = View.of(state).pending.seat if View.of(state).pending is not None and View.of(state).pending.seat < len(View.of(state).characters) \
            else View.of(state).active_seat
        c = View.of(state).characters[seat if View.of(state).pending and View.of(state).pending.kind != "act" else View.of(state).active_seat]
        cd = View.of(state).scenario.content.characters[c.cid]
        x0, y = r.left + 14, r.top + 10
        wdt = r.width - 28
        mouse = ui.mouse
        human = not (ui.controllers and c.seat < len(ui.controllers) and ui.controllers[c.seat] == "bot")
        act = ui.marks.act if human else ActIndex()
        # --- profile
        col = tuple(cd.colour)
        self.art.portrait(surf, c.cid, (x0 + 24, y + 24), 26, col, down=c.health > 5)
        pygame.draw.circle(surf, col, (x0 + 24, y + 24), 26, 3)
        T.text(surf, _(cd.name), (x0 + 58, y), 20, T.TEXT, bold=True)
        limit = q.inventory_limit(c)
        who = _f("{player}  ·  inventory {have}/{limit}  ·  evade", player=seat_label(ui.names, c.seat),
                 have=len(c.inventory), limit=limit)
        T.text(surf, who, (x0 + 58, y + 28), 14, T.MUTED)
        ex = x0 + 58 + T.font(14).size(who)[0] + 6
        for i in range(cd.evade_dice):
            img = self.art.get("die_blue_BLANK", 16)
            if img:
                surf.blit(img, (ex + i * 18, y + 30))
        y += 54
        y0 = y
        special = f"{_(cd.special_name)}: {_(cd.special_text)}"  # whole: 13 px, else 12 px, in 2 or 3 lines
        size = 13 if len(T.wrap(special, 13, wdt)) <= 2 else 12
        y = T.text_block(surf, special, pygame.Rect(x0, y, wdt, 54), size, (196, 186, 176),
                         max_lines=2 if len(T.wrap(special, size, wdt)) <= 2 else 3, line_gap=2 if size == 13 else 1) + 4
        self.zones.add(Zone(pygame.Rect(x0, y0, wdt, y - y0), "item_info", None, True,
                            f"{cd.special_name}: {cd.special_text}"))
        # --- health track (DV-3): five numbered steps + unconscious; the current one has a pointer, not only colour
        names = {1: _("Fine"), 2: _("Fine"), 3: _("Caution"), 4: _("Caution"), 5: _("Danger"), 6: _("Out")}
        now = _f("step {n} of 5: {name}", n=c.health, name=names[c.health]) if c.health <= 5 else \
            _("unconscious (Out)")
        T.text(surf, _f("HEALTH  ·  {now}", now=now), (x0, y), 12, T.MUTED, bold=True)
        if c.poisoned:
            T.text(surf, _("POISONED"), (x0 + wdt, y), 12, (140, 230, 80), bold=True, anchor="topright")
        y += 27
        bw = (wdt - 10) // 6
        self.health_marker = None
        for pos in range(1, 7):
            br = pygame.Rect(x0 + (pos - 1) * bw + (10 if pos == 6 else 0), y, bw - 3, 30)
            hc = T.HEALTH_COLOURS[pos]
            on = c.health == pos
            pygame.draw.rect(surf, hc if on else T.shade(hc, 0.32), br, border_radius=4)
            pygame.draw.rect(surf, (250, 245, 235) if on else T.shade(hc, 0.6), br, 3 if on else 1, border_radius=4)
            label = names[pos] if pos == 6 else f"{pos} {names[pos]}"
            size = 12 if T.font(12, on).size(label)[0] <= br.width - 4 else 10
            T.text(surf, label, br.center, size, (14, 12, 12) if on else (200, 190, 180), bold=on, anchor="center")
            if on:  # a pointer shape over the step and "YOU": the step is told by shape and words too
                tip = (br.centerx, br.top - 2)
                pygame.draw.polygon(surf, (250, 245, 235), [(tip[0] - 7, tip[1] - 9), (tip[0] + 7, tip[1] - 9), tip])
                T.text(surf, _("YOU"), (tip[0] + 10, tip[1] - 11), 10, (250, 245, 235), bold=True)
                self.health_marker = (pos, br)
        y += 36
        # --- actions left
        if View.of(state).phase == "action":
            T.text(surf, _("ACTIONS"), (x0, y + 2), 12, T.MUTED, bold=True)
            self.actions_rect = pygame.Rect(x0 - 4, y - 2, 260, 26)  # the tutorial points at it
            for i in range(4):
                cc = (x0 + 80 + i * 22, y + 10)
                if i < View.of(state).actions_left:
                    pygame.draw.circle(surf, T.GOLD, cc, 8)
                else:
                    pygame.draw.circle(surf, (70, 64, 60), cc, 8, 2)
            T.text(surf, _f("{n} of 4 left", n=View.of(state).actions_left), (x0 + 176, y + 2), 14, T.TEXT)
        else:
            T.text(surf, {"reaction": _("REACTION PHASE — the enemies react"), "tension": _("TENSION PHASE"),
                          "end": _("END OF TURN"), "setup": _("SETUP"), "over": _("GAME OVER")}.get(View.of(state).phase, View.of(state).phase.upper()), (x0, y + 2), 13, T.GOLD,
                   bold=True)
        y += 24
        # --- inventory (trades and the item box open the exchange dialog over the board)
        T.text(surf, _f("INVENTORY {have}/{limit}", have=len(c.inventory), limit=limit), (x0, y), 12, T.MUTED, bold=True)
        y += 17

        def own_buttons(uid: str) -> list[tuple[str, str, Any]]:
            bts = []
            if uid in act.use:
                bts.append((_("Use"), "use", uid))
            if uid in act.mix:
                bts.append((_("Mix"), "mix", uid))
            if uid in act.discard:
                bts.append((_("Drop"), "discard", uid))
            return bts

        y = self.inventory_rows(surf, state, q, c, x0, y, wdt, own_buttons, mouse)
        # --- action buttons (only what is legal now)
        bts2: list[tuple[str, str, Any, bool]] = []
        if act.search:
            bts2.append((_("Search"), "search", None, False))
        elif why_no_search(state, q):  # R-SEARCH-1: the button stays and says why when clicked (play3)
            bts2.append((_("Search"), "search_full", None, False))
        if act.trade:
            bts2.append((_("Trade"), "trade", None, False))
        if act.attacks:
            bts2.append((_("Attack…"), "attack_menu", None, False))
        if act.doors:
            bts2.append((_("Door…"), "door_menu", None, False))
        if act.stairs:
            bts2.append((_("Stairs"), "stairs", None, False))
        if act.stash:
            bts2.append((_("Stash"), "stash", None, False))
        if act.typewriter:
            bts2.append((_f("Typewriter ({n})", n=View.of(state).ink_ribbons), "typewriter", None, False))
        if act.ribbons:  # R-EASY-6 hook: a ribbon buys tension cards back (free)
            bts2.append((_f("Ribbon ({n})", n=View.of(state).ink_ribbons), "ribbons", None, False))
        for i, a in enumerate(act.scenario):  # R-SCEN-4: the brief's own actions, one button each
            bts2.append((describe(state, a), "scenario", i, True))
        if act.other:
            bts2.append((_("Other…"), "other_menu", None, False))
        if act.exit is not None:
            bts2.append((_("EXIT"), "exit", None, True))
        bx, by = x0, y
        for label, key, val, prim in bts2:
            w = max(86, T.font(14, prim).size(T.clean(label))[0] + 14)  # as wide as its label needs
            if bx + w > x0 + wdt - 146:
                bx, by = x0, by + 32
            button(surf, self.zones, pygame.Rect(bx, by, w, 28), label, key, val, hover=mouse, size=14, primary=prim,
                   tip=why_no_search(state, q) if key == "search_full" else "")
            bx += w + 5
        if act.end_phase is not None:
            button(surf, self.zones, pygame.Rect(x0 + wdt - 140, y, 140, 28), _("End phase · Space"), "end_phase", None,
                   hover=mouse, size=13, primary=True, tip="Space / Enter")
        elif View.of(state).pending is not None and View.of(state).pending.kind == "act" and human and not ui.anim.boss_turn:
            T.text(surf, _("Must act: an enemy or corpse is here"), (x0 + wdt, y + 6), 12, T.WARN, anchor="topright")
        y = max(by, y) + 36
        # --- last roll, sustained cards beside the play area (R-SUST-2) and the tension card
        tension_h = 108 if DB.shows_symbols(state) else 92
        chips_h = 28 if View(state).sustained() else 0
        extra = ui.side_extra
        extra_h = extra.height(state) + 6 if extra is not None else 0
        dice_rect = pygame.Rect(x0 - 4, y, wdt + 8, r.bottom - y - tension_h - chips_h - extra_h - 14)
        self.draw_rolls(surf, dice_rect, ui.rolls, ui.fresh_rolls, ui.anim.rolling)
        if extra is not None:  # the manor's kerosene, Burn and reserve strip; its encounter card over the dice
            extra.draw(surf, pygame.Rect(x0 - 4, dice_rect.bottom + 4, wdt + 8, extra_h - 6), state, self.art,
                       self.zones, ui.mouse, dice_rect)
        if chips_h:
            DB.draw_sustained_chips(surf, x0, r.bottom - tension_h - chips_h - 6, wdt, state, self.art, self.zones)
        trect = pygame.Rect(x0 - 4, r.bottom - tension_h - 8, wdt + 8, tension_h)
        self.sync_flip(state, ui)
        self.flip_card(surf, trect, ui.anim.flipping, lambda s_, r_: self.draw_tension(s_, r_, state))

    def sync_flip(self, state: Game, ui: PlayUI) -> None:
        """A new tension card turns over (FLIP_S): start the flip when the card on show changed."""
        if View.of(state).last_tension != self._flip_key:
            if self._flip_key is not None or View.of(state).last_tension is None:
                ui.anim.flip_t = 0.0 if View.of(state).last_tension else FLIP_S
            self._flip_key = View.of(state).last_tension

    def inventory_rows(self, surf: pygame.Surface, state: Game, q: View, c, x0: int, y: int, wdt: int,
                       buttons_for, mouse, row_h: int = 28) -> int:
        """One row per inventory slot: icon(s), name(s), ammo dial, and the row's buttons. A mixed
        herb stack is one slot showing every herb's icon (R-HERB-2)."""
        for slot in c.inventory:
            y = self.slot_row(surf, state, q, slot, pygame.Rect(x0, y, wdt, row_h - 3), buttons_for(slot[0]), mouse)
            y += 3
        if not c.inventory:
            T.text(surf, _("(empty)"), (x0, y), 14, T.DIM)
            y += row_h
        return y + 4

    def slot_row(self, surf: pygame.Surface, state: Game, q: View, slot: list[str], rr: pygame.Rect,
                 buttons: list[tuple], mouse) -> int:
        """Draw one inventory / item-box slot in ``rr``; ``buttons`` are (label, zone key, value[,
        enabled]) from the right. Returns the row's bottom."""
        uid = slot[0]
        d = q.item(uid)
        pygame.draw.rect(surf, T.PANEL, rr, border_radius=4)
        tip = " / ".join(_(q.item(u).text) for u in slot if q.item(u).text)  # (card texts by the catalogue)
        from .hints import objective_item_hint

        where = objective_item_hint(state, View.of(state).card(uid).defn) if View.of(state).has_card(uid) else ""
        tip = f"{tip} {where}".strip()  # an objective item says where it is used (it said "Objective item.")
        self.zones.add(Zone(rr, "item_info", uid, True, tip))  # under the row's buttons
        isz = min(22, rr.height - 3)
        ix = rr.left + 4
        for u in slot:
            du = q.item(u)
            icon = self.art.get(self.art.item_icon(du.id, du.type, du.herb), isz)
            if icon:
                surf.blit(icon, (ix, rr.centery - isz // 2))
            ix += isz - 5
        if len(slot) > 1:  # the stack's frame: these cards never split again
            pygame.draw.rect(surf, (90, 150, 80), (rr.left + 2, rr.top + 1, ix - rr.left + 4, rr.height - 2), 1,
                             border_radius=4)
        bx = rr.right
        for b in reversed(buttons):
            label, key, val = b[0], b[1], b[2]
            enabled = b[3] if len(b) > 3 else True
            w = 44 if len(label) <= 4 else 62
            bx -= w + 3
            button(surf, self.zones, pygame.Rect(bx, rr.top + 2, w, rr.height - 4), label, key, val, hover=mouse,
                   size=12, danger=(key == "discard"), enabled=enabled)
        card = View.of(state).card(uid)
        cap = d.weapon.capacity if d.weapon is not None else None
        ammo_w = 0
        if cap:
            ammo_w = 40 if cap > 8 else cap * 10 + 36
        names = fit(" + ".join(_(q.item(u).name) for u in slot), 14, bx - ix - 14 - ammo_w)
        nr = T.text(surf, names, (ix + 9, rr.centery), 14, T.TEXT, anchor="midleft")
        if cap:
            ammo = card.ammo or 0
            if cap > 8:
                T.text(surf, f"{ammo}/{cap}", (nr.right + 8, rr.centery), 13, T.GOLD, bold=True, anchor="midleft")
            else:
                pr, step = 4, 10
                dx = nr.right + 8
                for i in range(cap):  # ammo dial (R-AMMO)
                    p = (dx + i * step + pr, rr.centery)
                    if i < ammo:
                        pygame.draw.circle(surf, T.GOLD, p, pr)
                    else:
                        pygame.draw.circle(surf, (90, 80, 70), p, pr, 1)
                T.text(surf, f"{ammo}/{cap}", (dx + cap * step + 4, rr.centery), 12, T.GOLD, anchor="midleft")
        return rr.bottom

    def draw_rolls(self, surf: pygame.Surface, rect: pygame.Rect, rolls: list[Roll], fresh: int = 0,
                   rolling: float | None = None) -> None:
        """The latest dice rolls, newest first: dice faces drawn, then what they meant. While
        ``rolling`` (0..1) the new dice tumble (faces flicker, dice bounce); their final faces are
        shown as soon as it ends, and the result line is there from the start."""
        if rect.height < 40:
            return
        inner = panel(surf, rect, _("Dice"))
        if not rolls:
            T.text(surf, _("No dice rolled yet. The faces:"), inner.topleft, 14, T.DIM)
            top = inner.top + 24
            faces = (("BLANK", _("blank: nothing")), ("HIT", _("hit: one pip")),
                     ("HIT_PLUS", _("hit+: two pips")), ("CRIT", _("critical: a star")))
            # all four faces always: one column of 26 px rows, tighter rows, or two columns in a short panel
            room = inner.bottom - top
            cols, pitch = (1, 26) if room >= 4 * 26 else (1, 21) if room >= 4 * 21 else (2, max(16, min(26, room // 2)))
            ds = min(22, pitch - 4)
            cw = inner.width // cols
            for n, (face, what) in enumerate(faces):
                x0 = inner.left + (n // (4 // cols)) * cw
                y = top + (n % (4 // cols)) * pitch
                for i, col in enumerate(("blue", "red")):
                    img = self.art.get(f"die_{col}_{face}", ds)
                    if img:
                        surf.blit(img, (x0 + i * (ds + 3), y))
                T.text(surf, what, (x0 + 2 * ds + 12, y + ds // 2), 13 if cols == 1 else 12, T.MUTED, anchor="midleft")
            y = top + (4 // cols) * pitch
            for line in (_("Attack: the best result counts (what it does is on the weapon)."),
                         _("Evade: a critical always evades. Blue = attack/evade die, red = stronger attack die.")):
                n = min(2, len(T.wrap(line, 12, inner.width)))
                if y + n * (T.font(12).get_linesize() + 2) > inner.bottom:
                    break  # a note only where it fits whole
                y = T.text_block(surf, line, pygame.Rect(inner.left, y, inner.width, 34), 12, T.MUTED, max_lines=2)
            return
        y = inner.top
        ds = 30
        for i, roll in enumerate(reversed(rolls)):
            roll = roll.now()  # worded again after a language switch
            if y + ds > inner.bottom:
                break
            old = i >= max(1, fresh)
            x = inner.left
            for j, (col, face) in enumerate(zip(roll.dice, roll.faces)):
                dy = 0
                if rolling is not None and not old:  # tumbling: a face every 60 ms, a falling bounce
                    k = int(rolling * ROLL_S / 0.06) + j * 3 + i
                    face = (list(range(1, 7)) if col == "enc" else DIE_FACES)[k % (6 if col == "enc" else 4)]
                    dy = -int(abs(math.sin(rolling * math.pi * 2.5)) * 8 * (1 - rolling))
                name = f"enc_{face}" if col == "enc" else f"die_{col}_{face}"
                img = self.art.get(name, ds if not old else 24)
                if img:
                    if old:
                        img = self.art.faded(name, 24, 150)
                    surf.blit(img, (x, y + dy))
                x += (ds if not old else 24) + 3
            tx = max(x + 6, inner.left + 3 * (ds + 3) + 6)
            title = roll_title(roll.title, 13, inner.right - tx)  # up to two lines: weapon and target stay
            ty = T.text_block(surf, title, pygame.Rect(tx, y - 1, inner.right - tx, 40), 13,
                              T.MUTED if not old else T.DIM, line_gap=0, max_lines=2)
            colr = T.TEXT if roll.success is None else (T.OK if roll.success else T.BAD)
            if old:
                colr = T.shade(colr, 0.7)
            # the newest roll says all of it on up to three lines ("… Ammo left 3." was cut: issue 25 item 17)
            need = len(T.wrap(roll.meaning, 14, inner.right - tx, True)) if not old else 2
            yy = T.text_block(surf, roll.meaning, pygame.Rect(tx, ty + 1, inner.right - tx, 20 * max(2, need)),
                              14 if not old else 13, colr, bold=not old, max_lines=2 if old else max(2, min(4, need)))
            y = max(y + ds + 6, yy) + 6
            if not old and i + 1 < len(rolls):
                pygame.draw.line(surf, (60, 50, 56), (inner.left, y - 3), (inner.right, y - 3), 1)

    def flip_card(self, surf: pygame.Surface, rect: pygame.Rect, t: float | None, draw_front) -> None:
        """Draw a card at ``rect`` with ``draw_front(surface)``; while ``t`` (0..1) it turns over:
        the back narrows to an edge, then the face widens (FLIP_S, skipped by a click)."""
        if t is None:
            draw_front(surf, rect)
            return
        card = pygame.Surface(rect.size, pygame.SRCALPHA)
        if t < 0.5:  # the back: dark with the skull mark
            pygame.draw.rect(card, (40, 20, 24), card.get_rect(), border_radius=8)
            pygame.draw.rect(card, T.ACCENT, card.get_rect(), 3, border_radius=8)
            mark = self.art.get("mark_stalker", min(48, rect.height - 12))
            if mark:
                card.blit(mark, mark.get_rect(center=card.get_rect().center))
            w = max(2, int(rect.width * (1 - t * 2)))
        else:
            zones, self.zones = self.zones, Zones()  # tips of a card in mid-turn are not clickable
            draw_front(card, card.get_rect())
            self.zones = zones
            w = max(2, int(rect.width * (t - 0.5) * 2))
        img = pygame.transform.smoothscale(card, (w, rect.height))
        surf.blit(img, img.get_rect(center=rect.center))

    def draw_tension(self, surf: pygame.Surface, rect: pygame.Rect, state: Game) -> None:
        self.tension_rect = pygame.Rect(rect)  # the tutorial points at it
        uid = View.of(state).last_tension
        td = View.of(state).scenario.content.tension.get(View.of(state).card(uid).defn) if uid and View.of(state).has_card(uid) else None
        if td is None:
            inner = panel(surf, rect, _("Tension card"))
            left = View.of(state).pile_size("tension")
            T.text(surf, _f("None drawn yet · {n} in the deck", n=left), inner.topleft, 14, T.DIM)
            rule = _("Empty deck: reshuffled (R-TENSION-10)") if View(state).tension_reshuffles() else \
                _("Empty deck: the scenario fails (R-TENSION-8)")  # this scenario's own rule (issue 25 item 8)
            T.text(surf, player_text(rule), (inner.left, inner.top + 20), 12, T.MUTED)
            if DB.shows_symbols(state):
                self.draw_symbol_line(surf, rect, state)
            return
        col = T.TENSION_COLOURS.get(td.colour, (150, 150, 150))
        pygame.draw.rect(surf, (0, 0, 0), rect.move(2, 3), border_radius=8)
        pygame.draw.rect(surf, (30, 26, 30), rect, border_radius=8)
        pygame.draw.rect(surf, col, rect, 3, border_radius=8)
        band = pygame.Rect(rect.left, rect.top, 12, rect.height)
        pygame.draw.rect(surf, col, band, border_top_left_radius=8, border_bottom_left_radius=8)
        x = rect.left + 22

        word_zone(self.zones, T.text(surf, _("TENSION"), (x, rect.top + 6), 11, T.MUTED, bold=True), "tension_deck")
        nr = T.text(surf, _(td.name), (x + 62, rect.top + 3), 17, T.TEXT, bold=True)
        # colour word + swatch (never colour alone)
        sw = pygame.Rect(nr.right + 12, rect.top + 8, 14, 14)
        pygame.draw.rect(surf, col, sw)
        pygame.draw.rect(surf, (240, 240, 240), sw, 1)
        T.text(surf, _(td.colour).upper(), (sw.right + 5, rect.top + 6), 13, col, bold=True)
        left = View.of(state).pile_size("tension")
        sym = DB.shows_symbols(state)
        count = _f("{n} left", n=left)
        # what an empty deck does in this scenario, at the card's foot (issue 25 item 8)
        rule = _("Empty deck: reshuffled (R-TENSION-10)") if View(state).tension_reshuffles() else \
            _("Empty deck: the scenario fails (R-TENSION-8)")
        T.text(surf, player_text(rule), (x, rect.bottom - (38 if sym else 18)), 11, T.MUTED)
        if sym:  # the current tension symbol (R-SPECIAL-3) where the "left" count was
            DB.draw_symbol_badge(surf, rect.right - 10, rect.top + 15, state, self.art)
            T.text(surf, count, (x, rect.top + 20), 11, T.MUTED)
        else:
            T.text(surf, count, (rect.right - 10, rect.top + 6), 12, T.MUTED, anchor="topright")
        T.text_block(surf, _(td.text), pygame.Rect(x, rect.top + 34 if sym else rect.top + 30, rect.width - 32,
                                                rect.height - 34), 13, T.TEXT, max_lines=2 if sym else 3)
        if sym:
            self.draw_symbol_line(surf, rect, state)

    def draw_symbol_line(self, surf: pygame.Surface, rect: pygame.Rect, state: Game) -> None:
        """What the current tension symbol means for special attacks (R-SPECIAL-2), at the card's foot."""
        s, known = DB.symbol_now(state)
        col = T.SYMBOL_COLOURS.get(s or "", T.MUTED) if known else T.MUTED
        r = pygame.Rect(rect.left + 22, rect.bottom - 22, rect.width - 32, 18)
        T.text_block(surf, DB.symbol_short(state), r, 12, col, bold=bool(s), max_lines=1)
        self.zones.add(Zone(r, "item_info", None, True, DB.symbol_sentence(state)))

    # ------------------------------------------------------------------ hover cards
    def crowd_lines(self, state: Game, sq: Sq | None, ui: PlayUI) -> list[tuple[str, int, tuple, bool]]:
        """The inspector of a crowded square (issue 25 item 2): every model on ``sq`` when two or
        more share it, survivors first: name, seat, health or wounds; [] otherwise."""
        if sq is None:
            return []
        sq = tuple(sq)
        q = View.of(state)
        chars = [c for c in q.characters if c.pos is not None and not c.exited and tuple(c.pos) == sq]
        foes = [e for e in q.enemies if tuple(e.pos) == sq]
        if len(chars) + len(foes) < 2:
            return []
        out = [(_f("On this square: {n} models", n=len(chars) + len(foes)), 14, T.GOLD, True)]
        for c in chars:
            cd = q.scenario.content.characters[c.cid]
            out.append((f"• {_(cd.name)} ({seat_label(ui.names, c.seat)}) · {_(T.HEALTH_LABELS[c.health])}", 13,
                        tuple(cd.colour), True))
        for e in foes:
            d = q.scenario.content.enemies.get(e.type)
            name = _(d.name) if d is not None else e.type
            full = q.enemy_hp(e)
            out.append((f"• {name} · " + _f("{left} of {full} health left", left=max(0, full - e.wounds), full=full), 13,
                        T.TEXT, False))
        return out

    def draw_hover(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        self.hover_lines = []
        if ui.time < ui.hover_quiet_until:  # an action was just taken: no tooltip of the state before it
            return
        m = ui.marks
        mouse = ui.mouse
        crowd_sq = m.hover_sq
        if m.hover_enemy and View.of(state).enemy(m.hover_enemy) is not None:
            crowd_sq = View.of(state).enemy(m.hover_enemy).pos
        elif m.hover_char:
            crowd_sq = next((c.pos for c in View.of(state).characters if c.cid == m.hover_char), crowd_sq)
        crowd = self.crowd_lines(state, crowd_sq, ui)
        if crowd:  # a crowded square: its inspector first, then what the pointer is on
            self.hover_lines = [ln[0] for ln in crowd]
            r = tooltip(surf, crowd, mouse, 340, edge=T.GOLD)
            if r is not None:
                mouse = (mouse[0], r.bottom + 6) if r.bottom + 120 < T.H else (mouse[0], max(0, r.top - 120))
        if m.hover_enemy:
            e = View.of(state).enemy(m.hover_enemy)
            if e is not None:
                self.enemy_card(surf, state, e, mouse, m.act.attacks.get(e.uid, []))
                return
        if m.hover_char:
            try:
                c = View.of(state).char(m.hover_char)
            except KeyError:
                c = None
            if c is not None:
                q = View(state)
                cd = View.of(state).scenario.content.characters[c.cid]
                inv = ", ".join(" + ".join(_(q.item(u).name) for u in slot) for slot in c.inventory) or _("nothing")
                lines = [(_(cd.name), 17, tuple(cd.colour), True),
                         (f"{seat_label(ui.names, c.seat)} · {_(T.HEALTH_LABELS[c.health])}"
                          + (" · " + _("poisoned") if c.poisoned else ""), 14, T.TEXT, False),
                         (_f("Carries: {items}", items=inv), 13, T.MUTED, False)]
                if c.cid in m.pick_chars:
                    lines.append((_("Click to choose."), 13, T.CHOICE_HL, True))
                tooltip(surf, lines, mouse, 300)
                return
        z = self.zones.at(mouse)
        if z is not None and (z.key == "item_info" or z.key in kit_for(state).info_zones) and z.tip:
            tooltip(surf, [(z.tip, 13, T.TEXT, False)], mouse, 320)
            return
        if z is not None and z.key == "rules" and z.tip.startswith("term:"):  # a keyword (game.ui.rulebook.word_zone)

            tooltip(surf, word_tip(z.tip), mouse, 340)
            return
        if z is not None and z.label and z.enabled and ui.time - ui.hover_since >= 0.6:

            rows = label_tip(z.label)
            if rows:
                tooltip(surf, rows, mouse, 340)
                return
        if m.hover_edge and m.hover_edge in m.act.doors:
            a = m.act.doors[m.hover_edge]
            st = View(state).edge(*parse_edge_id(m.hover_edge))
            what = {"door_open": _("Close the door"), "door_closed": _("Open the door"),
                    "barricade": _("Clear the barricade")}.get(st.value, describe(state, a))
            tooltip(surf, [(_f("{what} (1 action)", what=what), 14, T.DOOR_HL, True)], mouse, 240)
            return
        if m.hover_sq and m.hover_sq not in m.act.moves and View.of(state).pending is not None \
                and View.of(state).pending.kind == "act" and boss_blocks(state, m.hover_sq):
            tooltip(surf, [(_(NO_WAY_OUT), 14, T.BAD, True),
                           (_("A survivor on the boss's tile cannot leave it: no moves out, no stairwells, no exit."),
                            13, T.MUTED, False)], mouse, 320, edge=T.BAD)
            self.hover_lines = [NO_WAY_OUT]
            return
        if m.hover_sq and ui.time - ui.hover_since >= 0.6:
            lines = self.square_lines(state, m.hover_sq)
            if m.hover_sq in m.act.moves:
                lines = [(_("Move here (1 action)"), 14, T.MOVE_HL, True)] + lines
                if any(e.pos == View.of(state).active_char.pos for e in View.of(state).enemies):
                    lines.append((_("Leaving an enemy's square provokes an attack first (R-OOS-3)"), 13, T.BAD, False))
            elif m.hover_sq in m.choice_squares:
                lines = [(_("Click to choose this square"), 14, T.CHOICE_HL, True)] + lines
            if lines:
                tooltip(surf, lines, mouse, 320)
            return

    TOKEN_TIPS = {  # translated where drawn (square_lines)
        "exit": N_("Exit: spend an action here to leave the play area (R-SCEN-6)."),
        "fire": N_("Fire: 1 damage after an action here; blocks line of sight (R-FIRE-2, R-LOS-2)."),
        "corpse": N_("Corpse: acting here rolls the encounter die; a 6 raises a zombie (R-CORPSE-2)."),
        "barrel": N_("Explosive barrel: shoot it and everything next to it is hit (R-BARREL-1)."),
        "typewriter": N_("Typewriter: spend an ink ribbon to refresh the tension deck (R-INK-4)."),
        "item_box": N_("Item box: stash or take items from this or an adjacent square (R-IBOX-2/3)."),
        "narrative": N_("Narrative event: something happens when a survivor enters (R-NARR)."),
        "fixed_narrative": N_("Fixed narrative event: the first survivor here resolves this scenario's own event (R-NARR-3)."),
        "objective": N_("Objective token (see the scenario goal)."),
    }

    def square_lines(self, state: Game, s: Sq) -> list[tuple[str, int, tuple, bool]]:
        """What a square holds, in words (tokens, spawn point, start square, tile)."""
        b = View.of(state).scenario.board
        out: list[tuple[str, int, tuple, bool]] = []
        kit = kit_for(state)  # a mode's tokens and unexplored tiles say their own rules (the manor's)
        tips = {**self.TOKEN_TIPS, **kit.token_tips}
        for t in View.of(state).tokens:
            if tuple(t.pos) != tuple(s):
                continue
            if t.kind == "item":
                letter = str(t.props.get("letter", "A")).upper()
                out.append((_f("Item token {letter}: Search here to draw an Item {letter} card (R-SEARCH-2).",
                               letter=letter), 13, T.TEXT, False))
            elif t.kind == "progression":  # what it opens, not just "Progression." (play3)
                from .hints import progression_tip

                out.append((progression_tip(state, str(t.props.get("label", ""))), 13, T.TEXT, False))
            else:
                out.append((_(tips[t.kind]) if t.kind in tips else t.kind.replace("_", " ").capitalize() + ".", 13,
                            T.TEXT, False))
        if not b.has(s):
            return out
        tile = b.tile_of(s)
        if tile.unexplored and tile.id not in View.of(state).explored and tile.colour.value in T.UNEXPLORED:
            letter, pips, _glyph = T.UNEXPLORED[tile.colour.value]
            # what the colour means (R-EXPLORE-2): every tile label names its colour, nothing said why (play3)
            meaning = COLOUR_MEANING.get(tile.colour.value, "")
            head = (_f("Unexplored {colour} tile (token {letter}, 1 pip):", colour=_(tile.colour.value), letter=letter)
                    if pips == 1 else
                    _f("Unexplored {colour} tile (token {letter}, {pips} pips):", colour=_(tile.colour.value),
                       letter=letter, pips=pips))
            out.append((head + " " + (_(meaning) + " " if meaning else "")
                        + _(kit.explore_tip), 13, T.WARN, False))
        if s in tile.spawn_points:
            out.append((_("Spawn point: enemies appear here (R-SPAWN-1)."), 13, T.MUTED, False))
        for n, sq in b.start.items():
            if tuple(sq) == tuple(s):
                out.append((_f("Start square {n} (R-SCEN-5).", n=n), 13, T.MUTED, False))
        if b.stair_partner(s) is not None:
            out.append((_("Stairwell: one action to reach its pair (R-STAIR-2)."), 13, T.MUTED, False))
        return out

    def enemy_card(self, surf: pygame.Surface, state: Game, e, mouse, attacks: list[Action]) -> None:
        """The enemy's reference card (R-ENEMY-1, DV-6) plus how the active survivor can attack it."""
        lines = enemy_card_lines(state, e, attacks)
        if lines:

            for t in rulebook().terms_in(" ".join(str(ln[0]) for ln in lines[1:]))[:2]:
                lines = lines + [(f"{t.term}: {t.text}", 12, T.MUTED, False)]
            self.hover_lines = [ln[0] for ln in lines]
            icon = self.art.get(T.enemy_sprite(e.type), 44) or self.art.get("enemy_generic", 44)
            tooltip(surf, lines, mouse, 400, edge=T.ACCENT, icon=icon)

    def draw_banner(self, surf: pygame.Surface, msg: str) -> None:
        r = pygame.Rect(BOARD_RECT.left + 20, BOARD_RECT.top + 44, BOARD_RECT.width - 40, 10)
        lines = T.wrap(msg, 15, r.width - 30)
        r.height = 40 + len(lines) * 20
        pygame.draw.rect(surf, (0, 0, 0), r.move(3, 4), border_radius=8)
        pygame.draw.rect(surf, (60, 14, 14), r, border_radius=8)
        pygame.draw.rect(surf, T.BAD, r, 2, border_radius=8)
        T.text(surf, _("Reload failed — the old board is kept"), (r.left + 14, r.top + 8), 15, T.TEXT, bold=True)
        y = r.top + 30
        for ln in lines:
            T.text(surf, ln, (r.left + 14, y), 15, (255, 220, 210))
            y += 20
        T.text(surf, _("click to dismiss"), (r.right - 12, r.top + 8), 12, T.MUTED, anchor="topright")
        self.zones.add(Zone(r, "dismiss_banner"))


NO_WAY_OUT = N_("No way out until the boss is dead (R-BOSS-8)")  # translated where drawn
#: what an unexplored tile's colour promises (R-EXPLORE-2), said in its tooltip
COLOUR_MEANING = {"yellow": N_("quiet: at most one or two wandering enemies (R-EXPLORE-2)."),  # translated where drawn
                  "amber": N_("risky: several enemies or one stronger one (R-EXPLORE-2)."),
                  "red": N_("very dangerous (R-EXPLORE-2).")}


def boss_blocks(state: Game, sq: Sq) -> bool:
    """Is the active survivor held on the boss's tile, and ``sq`` a square off it (or its exit)? (R-BOSS-8)"""
    c = View.of(state).active_char
    if c.pos is None or not BS.trapped(state) or c.cid not in BS.trapped(state):
        return False
    q = View(state)
    tile = q.board.tile_of(tuple(c.pos))
    if not q.board.has(sq):
        return False
    if tuple(sq) not in tile.squares:
        return max(abs(sq[0] - c.pos[0]), abs(sq[1] - c.pos[1])) <= 2  # the squares a move out would reach
    return any(t.kind == "exit" and tuple(t.pos) == tuple(sq) for t in View.of(state).tokens)


ATTACK_FLAGS = {"push": N_("push"), "charge": N_("charge"), "poison": N_("poison"), "stun": N_("stun"),
                "sweep": N_("sweep")}


def _attack_words(a) -> str:
    bits = [_f("range {n}", n=a.range)]
    if a.damage:
        bits.append(_f("{n} damage", n=a.damage))
    for flag, word in ATTACK_FLAGS.items():
        if getattr(a, flag):
            bits.append(_(word))
    return f"{_(a.name)}: " + ", ".join(bits)


def enemy_card_lines(state: Game, e, attacks: list[Action]) -> list[tuple[str, int, tuple, bool]]:
    """The hover card of an enemy as (text, size, colour, bold) lines: its reference card
    (threat, move, HP and wounds, base size, basic and special attack with the special's symbol,
    R-ENEMY-1, DV-6, R-SPECIAL-2) and, for each weapon the active survivor carries, whether it can
    attack this enemy now and, if not, why (View.target_problem worded by whynot: range, line of sight, ammo)."""
    d = View.of(state).scenario.content.enemies.get(e.type)
    if d is None:
        return []
    q = View(state)
    if "boss" in d.rules:
        lines = boss_card_lines(state, e, d)
        return lines + weapon_lines(state, e, attacks)
    brief = View.of(state).scenario.brief
    tier = q.evade_tier(e)  # the engine's difficulty of its basic attack alone (R-EVADE-2)
    now = q.enemy_move(e)  # Frenzy included (DV-16): the engine says how far it moves
    move = _f("Move {n}", n=d.move) + (_f(" (+{n} Frenzy = {total})", n=now - d.move, total=now) if now != d.move
                                       else "")
    lines = [(_(d.name), 18, T.TEXT, True),  # its picture is drawn beside the name (PlayView.enemy_card)
             (_f("Threat {threat} · {move} · HP {hp} · wounds {wounds} ({left} left)", threat=d.threat, move=move,
                 hp=q.enemy_hp(e), wounds=e.wounds, left=q.enemy_hp(e) - e.wounds), 14, T.GOLD, False),
             (_f("{size} base: evading it {needs} (R-EVADE-3)", size=_(d.base.value).capitalize(),
                 needs=_(T.TIER_NEEDS.get(tier, ''))), 13, T.MUTED, False),
             (_f("Basic — {attack}", attack=_attack_words(d.basic)), 14, T.TEXT, False)]
    if d.special is not None:
        sym = d.special_symbol
        if brief.ignore_symbols:
            note, col = _("ignored in the Introduction (R-INTRO-5)"), T.DIM
        else:
            cur, known = DB.symbol_now(state)
            if not known:
                # play4: "symbol unknown: the deck is cut..." said neither what it means nor what to do
                note, col = _("not known yet whether it uses this attack: when the enemies next react, a card from "
                              "the middle of the tension deck decides. To be safe, keep out of its reach "
                              "(R-SPECIAL-4)."), T.MUTED
            elif cur == sym:
                note, col = _f("LIVE: the tension symbol is {sym} (R-SPECIAL-2)", sym=_(sym)), T.BAD
            else:
                note, col = _f("not now: the tension symbol is {sym}", sym=_(cur) if cur else _("none")), T.MUTED
        lines.append((_f("Special [{sym}] — {attack}", sym=_(sym), attack=_attack_words(d.special)), 14, T.TEXT,
                      False))
        lines.append((f"  {note}", 13, col, col is T.BAD))
    if "stalker" in d.rules:  # R-STALK-4..8: what makes it a pursuer
        band = {"stalker_one_low": N_("Stage One, Low danger card: kept until it leaves play (R-STALK-3)"),
                "stalker_one_high": N_("Stage One, High danger card: kept until it leaves play (R-STALK-3)"),
                "stalker_one_extreme": N_("Stage One, Extreme danger card: kept until it leaves play (R-STALK-3)")
                }.get(e.type)
        if band:  # in the player's language (they were English literals in a Japanese game)
            lines.append((_(band), 13, T.MUTED, False))
        for name, what, rule in STALKER_RULES:
            lines.append((_f("{name}: {what} ({rule})", name=_(name), what=_(what), rule=rule), 13, (214, 196, 170),
                          False))
    elif d.text:
        lines.append((_(d.text), 13, (190, 180, 170), False))
    return lines + weapon_lines(state, e, attacks)


STALKER_RULES = [
    (N_("Relentless"), N_("reacts in every reaction phase, whichever tile it is on"), "R-STALK-4"),
    (N_("Forced entry"), N_("smashes closed doors without a lock open as it moves"), "R-STALK-5"),
    (N_("Pursuit"), N_("with no one in reach it vanishes and reappears on the active survivor's tile, wounds kept"),
     "R-STALK-6"),
    (N_("Supply drop"), N_("whoever deals the final damage draws an Item A card; it does not return this scenario"),
     "R-STALK-8"),
]


def boss_card_lines(state: Game, e, d) -> list[tuple[str, int, tuple, bool]]:
    """A boss's reference card (DV-6): dial, move, named attacks with evade difficulty (R-BOSS-13),
    Enrage, special rule, and what bosses never do (R-BOSS-2..4, R-BOSS-9)."""
    q = View(state)
    full = q.enemy_hp(e)
    enraged = q.enraged(e)
    enr = BS.enrage_at(state, e)
    lines = [(_f("{name}  · boss", name=_(d.name)), 18, T.TEXT, True),
             (_f("Health dial {left}/{full} (R-BOSS-7) · Move {move} · large base", left=full - e.wounds, full=full,
                 move=str(d.move) + (" +1" if enraged else "")), 14, T.GOLD, False)]
    if enr is not None:
        lines.append((_("ENRAGED: Move +1, every attack one step harder to evade (DV-6)") if enraged else
                      _f("Enrage at {n} or less: Move +1, attacks one step harder to evade (DV-6)", n=enr), 13,
                      T.BAD if enraged else (255, 140, 110), enraged))
    for key, att in (d.attacks.items() if d.attacks else [("basic", d.basic)]):
        tier = q.evade_tier(e, key)  # the engine's difficulty: listed, +1 enraged (R-EVADE-6, DV-6)
        lines.append((_f("{attack} · evade {tier}: {needs}", attack=_attack_words(att), tier=tier,
                         needs=_(T.TIER_NEEDS.get(tier, ''))), 13, T.TEXT, False))
    if d.text and not (enr is not None and d.text.startswith("Enrage")):  # Enrage has its own line above
        lines.append((_(d.text), 13, (190, 180, 170), False))
    lines.append((_("Never reacts, never leaves its tile, cannot be pushed; only survivors on its tile can attack it "
                    "(R-BOSS-2..4, R-BOSS-9)."), 12, T.MUTED, False))
    return lines


def weapon_lines(state: Game, e, attacks: list[Action]) -> list[tuple[str, int, tuple, bool]]:
    """For each weapon the active survivor carries: can it attack ``e`` now, and if not, why."""
    q = View(state)
    lines: list[tuple[str, int, tuple, bool]] = []
    c = View.of(state).active_char
    if c.conscious:
        who = char_name(state, c.cid).replace("・", " ").split()[0]
        lines.append((_f("{who}'s weapons:", who=who), 13, T.MUTED, True))
        by_weapon: dict[str, list[Action]] = {}
        for a in attacks:
            by_weapon.setdefault(a.item, []).append(a)
        acting = View.of(state).pending is not None and View.of(state).pending.kind == "act" and not View.of(state).over
        for slot in c.inventory:
            uid = slot[0]
            wd = q.item(uid)
            if wd.weapon is None:
                continue
            if uid in by_weapon:
                base = min(by_weapon[uid], key=lambda a: a.n or 0)
                more = max((a.n or 0) for a in by_weapon[uid])
                rf = _f(" (up to +{n} rapid fire)", n=more) if more else ""
                how = attack_label(state, base).split(": ", 1)[-1]
                lines.append(("  " + _f("{weapon} — can attack: {how}", weapon=_(wd.name), how=how) + rf, 13, T.OK,
                              False))
                odds = attack_odds_text(state, base)  # game.ui.previews: chance of each best result (DV-1)
                if odds:
                    lines.append((f"    {odds}", 12, T.MUTED, False))
                continue
            from .whynot import target_why

            got = target_why(q, c, uid, tuple(e.pos))
            why = got[1] if got is not None else None
            d = View.of(state).scenario.content.enemies.get(e.type)
            if d is not None and "boss" in d.rules and c.pos is not None and \
                    tuple(c.pos) not in q.board.tile_of(tuple(e.pos)).squares:
                why = _("only survivors on the boss's tile can attack it (R-BOSS-9)")
            if why is None:
                why = _("only in the action phase, with an action left (R-ACT-1)") if not acting else \
                    _("not possible now")
            lines.append(("  " + _f("{weapon} — cannot: {why}", weapon=_(wd.name), why=why), 13, (214, 140, 120),
                          False))
        if any(s.name == "Jammed" and s.char == c.cid for s in DB.sustained(state)):
            lines.append(("  " + _f("Jammed: no rapid-fire dice for {who} (R-SUST-1)", who=who), 13,
                          (214, 140, 120), False))
        if attacks:
            lines.append((_("Click the enemy to attack."), 13, T.TARGET_HL, True))
    return lines


def roll_title(s: str, size: int, width: int) -> str:
    """A dice row's title for two lines of ``width``: as it is if it wraps to two, else shortened a
    step at a time (no 'the', no parenthesised aside, the attacker's first name only) so the
    target and the weapon at its end stay readable."""
    def fits(t: str) -> bool:
        return len(T.wrap(t, size, width)) <= 2

    if fits(s):
        return s
    s = " ".join(w for w in s.split(" ") if w.lower() not in ("the", "a", "an"))
    if not fits(s) and "(" in s:
        s = re.sub(r"\s*\([^)]*\)", "", s)
    if not fits(s) and " attacks " in s:
        who, rest = s.split(" attacks ", 1)
        s = f"{who.split()[0]} attacks {rest}"
    return s


_SQUARE = re.compile(r"[\(\[](\d+), ?(\d+)[\)\]]")
_SQUARE_TO = re.compile(r" to [\(\[]\d+, ?\d+[\)\]]")


def _circle_hits(r: pygame.Rect, ctr: tuple[int, int], rad: int) -> bool:
    """True if the circle (a model's disc) overlaps the rect."""
    nx = max(r.left, min(ctr[0], r.right))
    ny = max(r.top, min(ctr[1], r.bottom))
    return (nx - ctr[0]) ** 2 + (ny - ctr[1]) ** 2 < rad * rad


def name_rooms(state: Game, text: str, frm=None) -> str:
    """``text`` with each square '(x, y)' (or '[x, y]', as a loaded game writes it) replaced by the
    room (tile) it lies in, e.g. 'moves to (2, 2).' -> 'moves to the Storeroom.'; squares off the
    board are kept. ``frm``: the square a move started from (the event's ``frm``); a one-square
    sentence whose move stays in one room says 'moves within the Storeroom.'"""
    if "(" not in text and "[" not in text:
        return text
    b = View.of(state).scenario.board
    found = _SQUARE.findall(text)
    if frm is not None and len(found) == 1:
        to = (int(found[0][0]), int(found[0][1]))
        tid = b.square_tile.get(to)
        if tid is not None and b.square_tile.get(tuple(frm)) == tid:
            text = _SQUARE_TO.sub(lambda m: f" within {_the(b.tiles[tid].name)}", text, count=1)

    def room(m: "re.Match") -> str:
        sq = (int(m.group(1)), int(m.group(2)))
        tid = b.square_tile.get(sq)
        if tid is None:
            return m.group(0)
        return _the(b.tiles[tid].name)

    return _SQUARE.sub(room, text)


def _the(name: str) -> str:
    """'the Storeroom'; a room that carries its own article ('The Burning Block') reads 'the Burning
    Block', not 'the The Burning Block' (playtest play3)."""
    return f"the {name[4:]}" if name.startswith("The ") else f"the {name}"


fit = T.fit  # ``s`` cut with an ellipsis to fit ``width`` pixels (theme.fit: modules below render use it too)


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
