"""Where the board's squares are on the screen (:class:`BoardLayout`: pan, zoom, square <-> pixel,
edges under the pointer) and the sizes the board's drawing keeps to."""
from __future__ import annotations

import math
import weakref

import pygame

from ...engine import edge_key, parse_edge_id
from ..playui import BOARD_RECT, Sq


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


def _circle_hits(r: pygame.Rect, ctr: tuple[int, int], rad: int) -> bool:
    """True if the circle (a model's disc) overlaps the rect."""
    nx = max(r.left, min(ctr[0], r.right))
    ny = max(r.top, min(ctr[1], r.bottom))
    return (nx - ctr[0]) ** 2 + (ny - ctr[1]) ** 2 < rad * rad
