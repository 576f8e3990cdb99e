"""Line of sight with blockers chosen per viewer.

Three tests, one per kind of board and game:

- :func:`line_of_sight`: the city's and the mansion's, between square centres, walls on edges
  (R-LOS-1..3; :meth:`~game.engine.board.Geometry.los`). ``blockers`` are the squares that block
  for this viewer besides the walls (the city's fire, R-LOS-2; the two ends never block).
- :func:`corner_sight`: the dungeon's, from some corner of one square to some corner of the
  other, walls as whole squares (D-LOS-1..5). ``blocked`` are the squares that block for this
  viewer (walls, void, hostile figures, D-LOS-4): see :func:`hostile_squares`.
- :func:`detour_sight`: versus's, centre to centre over edges, where a line through a grid
  corner is blocked only if both ways round it are (V-LOS-3/4), with the blocking occupants
  between; :func:`arc` and :func:`facing_side` give the facing arcs it is read with (V-LOS-2,
  V-CC-8).

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


def detour_sight(geo: Geometry, s: Sq, t: Sq, occupants: Collection[Sq] = ()) -> bool:
    """V-LOS-3/4: the obstruction test between the centres of ``s`` and ``t`` on ``geo``'s board
    and edges. Blocked if the segment crosses a blocking edge (an intact wall, a closed door; any
    edge off the play area) away from a grid corner; or enters the interior of a square other
    than the two ends that holds a blocking occupant (``occupants``: living characters other than
    viewer and target, objects that block sight; V-LOS-4/5); or passes exactly through a corner
    from a square to the diagonally opposite one and both ways round it are blocked (a way round
    through square Q: Q holds an occupant, or the edge into Q or out of Q blocks). Walks only the
    squares the segment crosses, in exact integers."""
    if s == t:
        return True
    edge = geo.edge
    occ = occupants if isinstance(occupants, (set, frozenset)) else set(occupants)

    def shut(a: Sq, b: Sq) -> bool:
        return edge(a, b).blocking

    x, y = s
    tx, ty = t
    sx = 1 if tx > x else -1 if tx < x else 0
    sy = 1 if ty > y else -1 if ty < y else 0
    adx, ady = abs(tx - x), abs(ty - y)
    k = m = 1
    while k <= adx or m <= ady:
        if k > adx:
            c = 1
        elif m > ady:
            c = -1
        else:
            c = (2 * k - 1) * ady - (2 * m - 1) * adx
        here = (x, y)
        if c < 0:  # through a column line, not at a corner
            n = (x + sx, y)
            if shut(here, n):
                return False
            x += sx
            k += 1
        elif c > 0:  # through a row line, not at a corner
            n = (x, y + sy)
            if shut(here, n):
                return False
            y += sy
            m += 1
        else:  # exactly through a grid corner, from ``here`` to the diagonally opposite square
            out = (x + sx, y + sy)
            q1, q2 = (x + sx, y), (x, y + sy)
            way1 = q1 in occ or shut(here, q1) or shut(q1, out)
            way2 = q2 in occ or shut(here, q2) or shut(q2, out)
            if way1 and way2:
                return False
            x += sx
            y += sy
            k += 1
            m += 1
        if (x, y) != t and (x, y) in occ:
            return False
    return True


def arc(facing: Sq, offset: Sq) -> str:
    """V-LOS-2: the arc of a figure facing ``facing`` (a unit vector: N (0,-1), E (1,0), S (0,1),
    W (-1,0)) that the square at ``offset`` from it lies in: ``"red"`` (f >= 1 and |s| <= f, the
    90-degree cone ahead), ``"orange"`` (f >= 0 and |s| > f, the rest of the front half) or
    ``"white"`` (f < 0, the rear half), with f and s as in V-CC-8. Raises ValueError for the
    figure's own square."""
    f, sd = _fs(facing, offset)
    if offset == (0, 0):
        raise ValueError("a figure's own square lies in no arc")
    if f >= 1 and abs(sd) <= f:
        return "red"
    if f >= 0:
        return "orange"
    return "white"


def facing_side(facing: Sq, offset: Sq) -> str:
    """V-CC-8: which side of a figure facing ``facing`` an orthogonal neighbour at ``offset``
    touches: ``"front"`` (f = 1), ``"rear"`` (f = -1), ``"right"`` (s = 1) or ``"left"`` (s = -1).
    Raises ValueError for an offset that is not an orthogonal neighbour."""
    if abs(offset[0]) + abs(offset[1]) != 1:
        raise ValueError(f"{offset} is not an orthogonal neighbour's offset")
    f, sd = _fs(facing, offset)
    return "front" if f == 1 else "rear" if f == -1 else "right" if sd == 1 else "left"


def _fs(facing: Sq, offset: Sq) -> tuple[int, int]:
    fx, fy = facing
    dx, dy = offset
    return dx * fx + dy * fy, dx * -fy + dy * fx
