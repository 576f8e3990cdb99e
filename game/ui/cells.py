"""The window presenter's cells (issue 30 item 2: redraw only what changed): the logical screen cut into
bands of ``BAND`` rows and cells of ``BAND`` x ``TILE_W`` px, as bits of an int; changed cells gathered
into boxes, each scaled into the window so that a cell comes out the same whether scaled alone or with
its neighbours (``game.ui.window.Presenter``)."""
from __future__ import annotations

import pygame

from . import theme as T

#: logical rows per band: the presenter compares, scales and redraws the frame band by band
BAND = 40
#: rows above and below a band scaled with it, so the smooth filter meets its neighbours as in one piece
MARGIN = 4


#: logical columns per cell: a band that changed is compared, scaled and redrawn by cells of BAND x TILE_W
TILE_W = 160
COLS = (T.W + TILE_W - 1) // TILE_W
ALL_COLS = (1 << COLS) - 1


def _cells_of(r: pygame.Rect) -> int:
    """The cells a logical rect touches, as bits of an int (band b, column c is ``1 << (b * COLS + c)``)."""
    if r.right <= r.left or r.bottom <= r.top:
        return 0
    nb = (T.H + BAND - 1) // BAND
    b0, b1 = max(0, r.top) // BAND, min(nb - 1, max(r.top, r.bottom - 1) // BAND)
    c0, c1 = max(0, r.left) // TILE_W, min(COLS - 1, max(r.left, r.right - 1) // TILE_W)
    if b1 < b0 or c1 < c0:
        return 0
    row = (1 << (c1 + 1)) - (1 << c0)
    out = 0
    for b in range(b0, b1 + 1):
        out |= row << (b * COLS)
    return out


#: px of ``Presenter._work`` beyond the logical screen to the right and below (the screen's edge repeated)
PAD = 8


def _pad(work: pygame.Surface, r: pygame.Rect) -> None:
    """After ``r`` of ``work`` was taken afresh: where it reaches the screen's right or bottom edge, the
    edge's pixels repeated into the padding beyond it (the margin a box there is scaled with)."""
    if r.right >= T.W:
        col = work.subsurface(pygame.Rect(T.W - 1, r.top, 1, r.height))
        work.blit(pygame.transform.scale(col, (PAD, r.height)), (T.W, r.top))
    if r.bottom >= T.H:
        row = work.subsurface(pygame.Rect(r.left, T.H - 1, min(T.W + PAD, r.right + PAD) - r.left, 1))
        work.blit(pygame.transform.scale(row, (row.get_width(), PAD)), (r.left, T.H))


def _whole_rows(cells: int, nb: int) -> int:
    """``cells`` widened to the whole width of every band they touch."""
    out = 0
    for b in range(nb):
        if cells >> (b * COLS) & ALL_COLS:
            out |= ALL_COLS << (b * COLS)
    return out


def _cell_rect(b: int, c: int) -> pygame.Rect:
    """The logical rect of the cell of band ``b``, column ``c``."""
    x, y = c * TILE_W, b * BAND
    return pygame.Rect(x, y, min(T.W, x + TILE_W) - x, min(T.H, y + BAND) - y)


def _boxes(cells: int, nb: int) -> list[pygame.Rect]:
    """The changed ``cells`` as logical rectangles: each band's runs of neighbouring columns, runs of the
    same columns in neighbouring bands joined (a whole frame is one rectangle)."""
    out: list[list[int]] = []  # [c0, c1, b0, b1]
    open_: dict[tuple[int, int], list[int]] = {}
    for b in range(nb):
        cols = cells >> (b * COLS) & ALL_COLS
        runs = []
        c = 0
        while c < COLS:
            if cols >> c & 1:
                c0 = c
                while c < COLS and cols >> c & 1:
                    c += 1
                runs.append((c0, c))
            else:
                c += 1
        now: dict[tuple[int, int], list[int]] = {}
        for run in runs:
            box = open_.get(run)
            if box is not None and box[3] == b:
                box[3] = b + 1
            else:
                box = [run[0], run[1], b, b + 1]
                out.append(box)
            now[run] = box
        open_ = now
    return [pygame.Rect(c0 * TILE_W, b0 * BAND, min(T.W, c1 * TILE_W) - c0 * TILE_W, min(T.H, b1 * BAND) - b0 * BAND)
            for c0, c1, b0, b1 in out]


def _scale_box(work: pygame.Surface, r: pygame.Rect, k: float, dest: pygame.Rect, window: pygame.Surface,
               exact: bool) -> None:
    """The logical rect ``r`` of ``work`` (cells: its corners on multiples of ``TILE_W`` x ``BAND``)
    scaled into its place in ``window`` at ``k`` window px per logical px, ``4 * k`` a whole number
    (or ``exact``: a whole number, pixels repeated). Scaled with a margin (4 px before it; after it 5 px
    when enlarging, 4 when shrinking, from ``work``'s padding at the screen's edge) so that the smooth
    filter maps window px ``X`` to logical ``X / k`` exactly as any other box does: a cell comes out the
    same whether scaled alone or with its neighbours (no seam where boxes meet, whatever changed before)."""
    inner = scale_rect(r, k, dest)
    grow = 0 if exact else 5 if k > 1 else 4
    m = pygame.Rect(max(0, r.left - 4), max(0, r.top - 4), 0, 0)
    m.w, m.h = r.right + grow - m.left, r.bottom + grow - m.top
    if exact:
        out = (round(m.w * k), round(m.h * k))
        scaled = pygame.transform.scale(work.subsurface(m), out)
    else:  # (pygame's smooth filter maps dst px j to src j * (w - 1) / dw enlarging, j * w / dw shrinking)
        out = (round((m.w - 1) * k), round((m.h - 1) * k)) if k > 1 else (round(m.w * k), round(m.h * k))
        scaled = pygame.transform.smoothscale(work.subsurface(m), out)
    x0, y0 = dest.left + round(m.left * k), dest.top + round(m.top * k)
    window.blit(scaled, inner.topleft, area=pygame.Rect(inner.left - x0, inner.top - y0, inner.width, inner.height))


def scale_rect(r: pygame.Rect, k: float, dest: pygame.Rect) -> pygame.Rect:
    """A logical rect -> the window rect it is shown in."""
    x0, y0 = dest.left + round(r.left * k), dest.top + round(r.top * k)
    x1, y1 = dest.left + round(r.right * k), dest.top + round(r.bottom * k)
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)
