"""The play area: squares, board-game tiles, edges and the geometry rules over them.

Coordinates are map squares ``(x, y)`` (x to the right, y down), unique across the whole map.
A square belongs to exactly one tile; every tile belongs to one region (R-COMP-2). Squares of
different regions are never adjacent, in range or in line of sight of each other; only
stairwells join regions.

The static layout (which squares exist, interior walls, where doors start) is a frozen
:class:`Board`. What changes during play (a door opened, a barricade cleared) is kept by the
game state as an ``edge_state`` callable handed to the geometry functions below.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import Enum
from typing import Callable, Iterable

Sq = tuple[int, int]
Edge = tuple[Sq, Sq]


class EdgeState(str, Enum):
    """State of the edge between two orthogonally neighbouring squares (R-COMP-4)."""

    OPEN = "open"
    WALL = "wall"
    DOOR_CLOSED = "door_closed"
    DOOR_OPEN = "door_open"
    ARCHWAY = "archway"
    BARRICADE = "barricade"

    @property
    def blocking(self) -> bool:
        """True for WALL, DOOR_CLOSED and BARRICADE (R-COMP-4)."""
        return self in (EdgeState.WALL, EdgeState.DOOR_CLOSED, EdgeState.BARRICADE)

    @property
    def links(self) -> bool:
        """True if this edge links the two tiles it joins (open door or archway, R-COMP-14)."""
        return self in (EdgeState.DOOR_OPEN, EdgeState.ARCHWAY)


class Colour(str, Enum):
    """Board-game tile colour (R-EXPLORE-2)."""

    GREEN = "green"
    YELLOW = "yellow"
    AMBER = "amber"
    RED = "red"


def edge_key(a: Sq, b: Sq) -> Edge:
    """The canonical (sorted) key of the edge between squares ``a`` and ``b``."""
    return (a, b) if a <= b else (b, a)


def edge_id(e: Edge) -> str:
    """A string form of an edge key, ``"x1,y1|x2,y2"``, used in saves."""
    (a, b) = e
    return f"{a[0]},{a[1]}|{b[0]},{b[1]}"


def parse_edge_id(s: str) -> Edge:
    """Inverse of :func:`edge_id`."""
    pa, pb = s.split("|")
    a = tuple(int(v) for v in pa.split(","))
    b = tuple(int(v) for v in pb.split(","))
    return edge_key(a, b)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Tile:
    """A board-game tile: a named group of squares with a colour (R-COMP-1, R-EXPLORE-1)."""

    id: str
    name: str
    colour: Colour
    squares: frozenset[Sq]
    region: int = 0
    unexplored: bool = False
    spawn_points: tuple[Sq, ...] = ()


@dataclass(frozen=True)
class EdgeFeature:
    """A door, archway or barricade token lying on an edge (R-DOOR, R-ARCH, R-BARR).

    ``lock`` is a locked-door card id (DV-18) or None; ``one_way_from`` is the square on the
    side from which a one-way door opens (R-DOOR-7). ``source`` names the map object.
    """

    kind: EdgeState
    lock: str | None = None
    one_way_from: Sq | None = None
    source: str = ""


@dataclass(frozen=True)
class Placement:
    """Something placed on a square at setup: a token, a terrain element or an enemy.

    ``kind`` is one of the element names of docs/map-authoring.md (``item``, ``exit``,
    ``enemy``, ``spawn``, ``fire``, ``corpse``, ``barrel``, ``typewriter``, ``item_box``,
    ``narrative``, ``fixed_narrative``, ``progression``, ``objective``, ``boss_start``);
    ``props`` holds its fields (``letter``, ``enemy``, ``label`` ...); ``source`` names the map
    object for error messages.
    """

    kind: str
    square: Sq
    props: tuple[tuple[str, object], ...] = ()
    source: str = ""

    def get(self, key: str, default: object = None) -> object:
        """The value of property ``key``."""
        for k, v in self.props:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Board:
    """A scenario's play area as authored (immutable).

    ``walls``: interior wall edges; ``features``: doors/archways/barricades by edge;
    ``stairs``: stairwell pairs; ``start``: start squares by number (1, 2);
    ``placements``: every other element. Sizes are in squares.
    """

    name: str
    width: int
    height: int
    tiles: dict[str, Tile]
    walls: frozenset[Edge] = frozenset()
    features: dict[Edge, EdgeFeature] = field(default_factory=dict)
    stairs: tuple[tuple[Sq, Sq], ...] = ()
    start: dict[int, Sq] = field(default_factory=dict)
    placements: tuple[Placement, ...] = ()
    source: str = ""
    square_tile: dict[Sq, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.square_tile:
            m: dict[Sq, str] = {}
            for t in self.tiles.values():
                for s in t.squares:
                    m[s] = t.id
            object.__setattr__(self, "square_tile", m)

    # -- lookups ---------------------------------------------------------------------------
    def has(self, s: Sq) -> bool:
        """True if ``s`` is a square of the play area."""
        return s in self.square_tile

    def tile_of(self, s: Sq) -> Tile:
        """The tile holding square ``s``. Raises KeyError if ``s`` is not a square."""
        return self.tiles[self.square_tile[s]]

    def region_of(self, s: Sq) -> int:
        """The region of square ``s`` (R-COMP-2)."""
        return self.tiles[self.square_tile[s]].region

    def base_edge(self, a: Sq, b: Sq) -> EdgeState:
        """Edge state before any token is placed or changed: WALL across tiles, gaps and
        interior walls, OPEN inside a tile (R-COMP-3, R-COMP-4)."""
        ta = self.square_tile.get(a)
        tb = self.square_tile.get(b)
        if ta is None or tb is None or ta != tb:
            return EdgeState.WALL
        if edge_key(a, b) in self.walls:
            return EdgeState.WALL
        return EdgeState.OPEN

    def stair_partner(self, s: Sq) -> Sq | None:
        """The paired stairwell square of ``s``, or None (R-STAIR-1)."""
        for a, b in self.stairs:
            if a == s:
                return b
            if b == s:
                return a
        return None

    def placements_of(self, kind: str) -> list[Placement]:
        """Every placement of one kind, in map order."""
        return [p for p in self.placements if p.kind == kind]

    @property
    def exits(self) -> list[Sq]:
        """Squares holding an exit token."""
        return [p.square for p in self.placements if p.kind == "exit"]


EdgeFn = Callable[[Sq, Sq], EdgeState]

DIRS8: tuple[Sq, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


class Geometry:
    """Movement, adjacency, distance and LOS over a board with a given edge state.

    ``edge`` returns the current state of the edge between two orthogonal neighbours.
    Instances are cheap; the game state builds one per query batch.
    """

    def __init__(self, board: Board, edge: EdgeFn, key: object = None):
        """``key`` identifies the edge state (e.g. the sorted door states); when given,
        neighbour lists are memoised on the board for that key (a pure cache)."""
        self.board = board
        self.edge = edge
        self._nb: dict[Sq, list[Sq]] = {}
        if key is not None:
            memo = board.__dict__.setdefault("_geo_memo", {})
            if len(memo) > 256:
                memo.clear()
            self._nb = memo.setdefault(key, {})

    # R-COMP-6
    def is_wall_corner(self, px: int, py: int) -> bool:
        """True if lattice point (px, py) is a wall corner: fewer than four squares around it,
        or any of its four incident edges blocking (R-COMP-6)."""
        b = self.board
        nw, ne, sw, se = (px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py)
        if not (b.has(nw) and b.has(ne) and b.has(sw) and b.has(se)):
            return True
        for a, c in ((nw, ne), (sw, se), (nw, sw), (ne, se)):
            if self.edge(a, c).blocking:
                return True
        return False

    # R-MOVE-3, R-MOVE-4
    def step_ok(self, a: Sq, b: Sq) -> bool:
        """Is one step from a to b legal, ignoring occupancy (R-MOVE-3/4, R-COMP-11)?"""
        bd = self.board
        if not bd.has(a) or not bd.has(b):
            return False
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) != 1:
            return False
        if bd.region_of(a) != bd.region_of(b):
            return False
        if dx == 0 or dy == 0:
            return not self.edge(a, b).blocking
        px = max(a[0], b[0])
        py = max(a[1], b[1])
        return not self.is_wall_corner(px, py)

    def neighbours(self, a: Sq) -> list[Sq]:
        """Connected-adjacent squares of ``a`` (R-COMP-11), in a fixed order."""
        nb = self._nb.get(a)
        if nb is None:
            nb = [(a[0] + dx, a[1] + dy) for dx, dy in DIRS8 if self.step_ok(a, (a[0] + dx, a[1] + dy))]
            self._nb[a] = nb
        return nb

    def distances_from(self, src: Sq, blocked: Callable[[Sq], bool] | None = None) -> dict[Sq, int]:
        """Walking distances from ``src`` to every reachable square (BFS, R-COMP-12).

        ``blocked(s)`` makes a square impassable (it is still reached, not passed through).
        """
        dist = {src: 0}
        q = deque([src])
        while q:
            a = q.popleft()
            if a != src and blocked is not None and blocked(a):
                continue
            for n in self.neighbours(a):
                if n not in dist:
                    dist[n] = dist[a] + 1
                    q.append(n)
        return dist

    def distances_from_many(self, sources: Iterable[Sq]) -> dict[Sq, int]:
        """Walking distance from the nearest of several squares (multi-source BFS)."""
        dist: dict[Sq, int] = {}
        q: deque = deque()
        for src in sources:
            if src not in dist:
                dist[src] = 0
                q.append(src)
        while q:
            a = q.popleft()
            for n in self.neighbours(a):
                if n not in dist:
                    dist[n] = dist[a] + 1
                    q.append(n)
        return dist

    def dW(self, a: Sq, b: Sq) -> float:
        """Walking distance in squares, ``inf`` if unreachable (R-COMP-12)."""
        return self.distances_from(b).get(a, float("inf"))

    @staticmethod
    def dR_sq(a: Sq, b: Sq) -> int:
        """Chebyshev distance, ignoring regions (R-COMP-13)."""
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    def dR(self, a: Sq, b: Sq) -> float:
        """Range distance (R-COMP-13): Chebyshev in one region, ``inf`` across regions."""
        if self.board.region_of(a) != self.board.region_of(b):
            return float("inf")
        return self.dR_sq(a, b)

    # R-LOS-3
    def los(self, s: Sq, t: Sq, fire: Iterable[Sq] = ()) -> bool:
        """Line of sight between the centres of squares ``s`` and ``t`` (R-LOS-1..3).

        Blocking edges are closed segments (touching a corner blocks); squares in ``fire``
        other than s and t block if the line enters their open interior (R-LOS-2).
        """
        if s == t:
            return True
        bd = self.board
        if bd.region_of(s) != bd.region_of(t):
            return False
        # Work in doubled coordinates so every point is an integer.
        ax, ay = 2 * s[0] + 1, 2 * s[1] + 1
        bx, by = 2 * t[0] + 1, 2 * t[1] + 1
        x0, x1 = min(s[0], t[0]), max(s[0], t[0])
        y0, y1 = min(s[1], t[1]), max(s[1], t[1])
        # vertical edges at X=k (between squares (k-1, j) and (k, j)), k in x0+1..x1
        for k in range(x0 + 1, x1 + 1):
            for j in range(y0, y1 + 1):
                a, b = (k - 1, j), (k, j)
                if self._edge_blocks(a, b) and _seg_hits(ax, ay, bx, by, 2 * k, 2 * j, 2 * k, 2 * j + 2):
                    return False
        # horizontal edges at Y=k (between squares (i, k-1) and (i, k)), k in y0+1..y1
        for k in range(y0 + 1, y1 + 1):
            for i in range(x0, x1 + 1):
                a, b = (i, k - 1), (i, k)
                if self._edge_blocks(a, b) and _seg_hits(ax, ay, bx, by, 2 * i, 2 * k, 2 * i + 2, 2 * k):
                    return False
        for f in fire:
            if f == s or f == t:
                continue
            if seg_enters_box(ax, ay, bx, by, 2 * f[0], 2 * f[1], 2 * f[0] + 2, 2 * f[1] + 2):
                return False
        return True

    def _edge_blocks(self, a: Sq, b: Sq) -> bool:
        if not self.board.has(a) or not self.board.has(b):
            return True
        return self.edge(a, b).blocking


def _orient(ax: int, ay: int, bx: int, by: int, cx: int, cy: int) -> int:
    v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    return (v > 0) - (v < 0)


def _on_seg(ax: int, ay: int, bx: int, by: int, cx: int, cy: int) -> bool:
    return min(ax, bx) <= cx <= max(ax, bx) and min(ay, by) <= cy <= max(ay, by)


def _seg_hits(ax: int, ay: int, bx: int, by: int, cx: int, cy: int, dx: int, dy: int) -> bool:
    """Do closed segments AB and CD intersect (touching counts)? Exact integer arithmetic."""
    o1 = _orient(ax, ay, bx, by, cx, cy)
    o2 = _orient(ax, ay, bx, by, dx, dy)
    o3 = _orient(cx, cy, dx, dy, ax, ay)
    o4 = _orient(cx, cy, dx, dy, bx, by)
    if o1 != o2 and o3 != o4:
        return True
    if o1 == 0 and _on_seg(ax, ay, bx, by, cx, cy):
        return True
    if o2 == 0 and _on_seg(ax, ay, bx, by, dx, dy):
        return True
    if o3 == 0 and _on_seg(cx, cy, dx, dy, ax, ay):
        return True
    if o4 == 0 and _on_seg(cx, cy, dx, dy, bx, by):
        return True
    return False


def seg_enters_box(ax: int, ay: int, bx: int, by: int, x0: int, y0: int, x1: int, y1: int) -> bool:
    """Does segment AB meet the open interior of box (x0,y0)-(x1,y1)? (Liang-Barsky, exact in
    integers: each bound t = q/p is kept as a fraction and compared by cross-multiplying.)"""
    n0, d0 = 0, 1  # t0 = 0
    n1, d1 = 1, 1  # t1 = 1
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q <= 0:  # parallel and outside or on the boundary line: no interior point
                return False
            continue
        if p < 0:  # r = q/p = (-q)/(-p) with a positive denominator
            rn, rd = -q, -p
            if rn * d0 > n0 * rd:  # r > t0
                n0, d0 = rn, rd
        else:
            rn, rd = q, p
            if rn * d1 < n1 * rd:  # r < t1
                n1, d1 = rn, rd
    return n0 * d1 < n1 * d0
