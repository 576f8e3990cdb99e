"""Line of sight with blockers chosen per viewer.

Two tests, one per kind of board:

- :func:`line_of_sight`: the city's and the mansion's, between square centres, walls on edges
  (R-LOS-1..3; :meth:`~game.engine.board.Geometry.los`). ``blockers`` are the squares that block
  for this viewer besides the walls (the city's fire, R-LOS-2; the two ends never block).
- :func:`corner_sight`: the dungeon's, from some corner of one square to some corner of the
  other, walls as whole squares (D-LOS-1..5). ``blocked`` are the squares that block for this
  viewer (walls, void, hostile figures, D-LOS-4): see :func:`hostile_squares`.

Exact integer geometry in both; no floating point.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from ..board import Board, Geometry, Sq


def line_of_sight(geo: Geometry, s: Sq, t: Sq, blockers: Collection[Sq] = ()) -> bool:
    """R-LOS-1..3: line of sight between the centres of ``s`` and ``t`` on ``geo``'s board, walls
    and closed doors on edges blocking (touching a corner blocks) and the squares of
    ``blockers`` other than ``s`` and ``t`` blocking where the line enters them (R-LOS-2)."""
    return geo.los(s, t, blockers)


def hostile_squares(figures: Iterable[tuple[Sq, object]], side: object, target: Sq | None = None) -> frozenset[Sq]:
    """D-LOS-2/4: the squares of figures hostile to a viewer on ``side`` (``figures`` as
    ``(square, side)`` pairs), without the target's own square: the per-viewer blockers that
    :func:`corner_sight` adds to walls and void. Figures on the viewer's side never block."""
    return frozenset(q for q, sd in figures if sd != side and q != target)


def corner_sight(board: Board, a: Sq, b: Sq, blocked: Collection[Sq] | Callable[[Sq], bool] = ()) -> bool:
    """D-LOS-4/5: may a figure on ``a`` aim at ``b``? Blocked squares are the squares off the
    play area (walls and void, D-MAP-3, D-TERRAIN-6) and ``blocked`` (a collection or a test;
    the hostile figures of :func:`hostile_squares`). True iff ``a == b``; or they are orthogonally
    adjacent; or some corner of ``a`` and some other corner of ``b`` are joined by a closed
    segment with no point but its ends inside or on the boundary of a blocked square (grazing
    blocks, D-LOS-3); or they are diagonal neighbours and D-LOS-5 does not deny it (both squares
    orthogonally adjacent to both blocked: no LOS). The target's own square never blocks."""
    if a == b:
        return True
    has = board.square_tile.__contains__
    test = blocked if callable(blocked) else blocked.__contains__

    def blocks(q: Sq) -> bool:
        return q != b and (not has(q) or test(q))

    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) + abs(dy) == 1:
        return True
    if abs(dx) == 1 and abs(dy) == 1:  # D-LOS-5: a diagonal pinch
        return not (blocks((a[0] + dx, a[1])) and blocks((a[0], a[1] + dy)))
    boxes = [(x, y) for x in range(min(a[0], b[0]) - 1, max(a[0], b[0]) + 2)
             for y in range(min(a[1], b[1]) - 1, max(a[1], b[1]) + 2) if (x, y) != a and blocks((x, y))]
    corners_a = [(a[0] + i, a[1] + j) for i in (0, 1) for j in (0, 1)]
    corners_b = [(b[0] + i, b[1] + j) for i in (0, 1) for j in (0, 1)]
    for p in corners_a:
        for q in corners_b:
            if p != q and not any(_touches(p, q, box) for box in boxes):
                return True
    return False


def _touches(p: Sq, q: Sq, box: Sq) -> bool:
    """Does the closed segment p-q, its two ends left out, meet the closed unit square ``box``
    (its corner at ``box``)? Liang-Barsky over the parameter t in [0, 1] with closed bounds,
    fractions compared by cross-multiplying; then the interval must reach inside (0, 1)."""
    x0, y0 = box
    ln, ld = 0, 1  # lower bound of t as a fraction ln/ld
    hn, hd = 1, 1  # upper bound hn/hd
    for d, lo, hi, s in ((q[0] - p[0], x0, x0 + 1, p[0]), (q[1] - p[1], y0, y0 + 1, p[1])):
        if d == 0:
            if s < lo or s > hi:
                return False
            continue
        # s + t*d in [lo, hi]  ->  t in [(lo - s)/d, (hi - s)/d] (swapped when d < 0)
        n1, n2 = lo - s, hi - s
        if d < 0:
            n1, n2, d = s - hi, s - lo, -d  # t in [(s-hi)/(-d), (s-lo)/(-d)]
        if n1 * ld > ln * d:
            ln, ld = n1, d
        if n2 * hd < hn * d:
            hn, hd = n2, d
    if ln * hd > hn * ld:  # empty
        return False
    return ln * 1 < 1 * ld and hn > 0  # lower < 1 and upper > 0
