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

from collections import OrderedDict
from collections.abc import Iterator, Mapping
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
    ``placements``: every other element; ``joins``: edges between squares of two tiles that
    are open from the start (where a card placed during play meets the board, see
    :func:`game.engine.kernel.growth.grow`). Sizes are in squares.
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
    joins: frozenset[Edge] = frozenset()

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

    def within(self, s: Sq, r: int) -> frozenset:
        """The squares (on the board or not) at Chebyshev distance ``r`` or less from ``s``
        (R-COMP-13's dR before regions): a frozenset, kept per ``(s, r)``."""
        memo = self.__dict__.get("_within")
        if memo is None:
            memo = self.__dict__["_within"] = {}
        hit = memo.get((s, r))
        if hit is None:
            if len(memo) > 8192:  # a bound on memory
                memo.clear()
            hit = memo[(s, r)] = frozenset((s[0] + dx, s[1] + dy) for dx in range(-r, r + 1)
                                           for dy in range(-r, r + 1))
        return hit

    def region_of(self, s: Sq) -> int:
        """The region of square ``s`` (R-COMP-2)."""
        return self.tiles[self.square_tile[s]].region

    def base_edge(self, a: Sq, b: Sq) -> EdgeState:
        """Edge state before any token is placed or changed: WALL across tiles (except the
        :attr:`joins`), gaps and interior walls, OPEN inside a tile (R-COMP-3, R-COMP-4)."""
        ta = self.square_tile.get(a)
        tb = self.square_tile.get(b)
        if ta is None or tb is None:
            return EdgeState.WALL
        if ta != tb:
            return EdgeState.OPEN if self.joins and edge_key(a, b) in self.joins else EdgeState.WALL
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


def edge_function(board: Board, edges: dict[Edge, EdgeState]) -> EdgeFn:
    """The edge state function of ``board`` with the changed edges ``edges`` (by edge key):
    ``edges`` where given, else :meth:`Board.base_edge`."""
    get = edges.get
    base = board.base_edge

    def edge(a: Sq, b: Sq) -> EdgeState:
        st = get((a, b) if a <= b else (b, a))
        return st if st is not None else base(a, b)
    return edge

#: how many edge states' neighbour lists a board keeps (least recently used dropped first)
GEO_MEMO_KEYS = 256

DIRS8: tuple[Sq, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
#: the orthogonal steps, in the same relative order as in :data:`DIRS8` (D-MOVE-1)
DIRS4: tuple[Sq, ...] = ((0, -1), (-1, 0), (1, 0), (0, 1))


class Geometry:
    """Movement, adjacency, distance and LOS over a board with a given edge state.

    ``edge`` returns the current state of the edge between two orthogonal neighbours.
    ``diagonal``: steps in 8 directions with the wall-corner rule (R-MOVE-3/4, R-COMP-6), or
    orthogonal steps only (False; D-MOVE-1). Instances are cheap; the game state builds one per
    query batch.
    """

    def __init__(self, board: Board, edge: EdgeFn, key: object = None, diagonal: bool = True):
        """``key`` identifies the edge state (e.g. the sorted door states); when given,
        neighbour lists are memoised on the board for that key (a pure cache)."""
        self.board = board
        self.edge = edge
        self.diagonal = diagonal
        self._nb: dict[Sq, list[Sq]] = {}
        if not diagonal and key is not None:
            key = ("orthogonal", key)  # (other neighbour lists than the 8-way ones of the same edges)
        if key is not None:
            memo = board.__dict__.get("_geo_memo")
            if memo is None:
                memo = board.__dict__["_geo_memo"] = OrderedDict()
            nb = memo.get(key)
            if nb is None:
                nb = memo[key] = {}
                if len(memo) > GEO_MEMO_KEYS:  # least recently used edge state out
                    memo.popitem(last=False)
            else:
                memo.move_to_end(key)
            self._nb = nb

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
        if not self.diagonal:  # D-MOVE-1: no diagonal steps
            return False
        px = max(a[0], b[0])
        py = max(a[1], b[1])
        return not self.is_wall_corner(px, py)

    def neighbours(self, a: Sq) -> list[Sq]:
        """Connected-adjacent squares of ``a`` (R-COMP-11; orthogonal ones only without
        ``diagonal``, D-MOVE-1), in a fixed order (:data:`DIRS8` or :data:`DIRS4`)."""
        nb = self._nb.get(a)
        if nb is None:
            dirs = DIRS8 if self.diagonal else DIRS4
            nb = [(a[0] + dx, a[1] + dy) for dx, dy in dirs if self.step_ok(a, (a[0] + dx, a[1] + dy))]
            self._nb[a] = nb
        return nb

    def distances_from(self, src: Sq, blocked: Callable[[Sq], bool] | None = None) -> dict[Sq, int]:
        """Walking distances from ``src`` to every reachable square (BFS, R-COMP-12).

        ``blocked(s)`` makes a square impassable (it is still reached, not passed through).
        The dict lists squares in breadth-first order (nearest first, neighbours in
        :data:`DIRS8` order). Cost: linear in the number of squares reached.
        """
        return self._bfs([src], blocked)

    def lazy_distances(self, src: Sq, blocked: Callable[[Sq], bool] | None = None) -> "LazyDistances":
        """:meth:`distances_from` as a mapping that searches only as far as it is asked: ``get(q)``
        expands the breadth-first search ring by ring until ``q`` is reached, so a question about
        a square ``k`` steps away costs the squares within ``k`` steps, not the whole board."""
        return LazyDistances(self, src, blocked)

    def distances_from_many(self, sources: Iterable[Sq]) -> dict[Sq, int]:
        """Walking distance from the nearest of several squares (multi-source BFS)."""
        return self._bfs(sources, None)

    def _bfs(self, sources: Iterable[Sq], blocked: Callable[[Sq], bool] | None) -> dict[Sq, int]:
        """Breadth-first walking distances from the nearest of ``sources``; a ``blocked`` square
        other than a source is reached but not passed through. Squares in BFS order."""
        dist: dict[Sq, int] = {}
        frontier: list[Sq] = []
        for src in sources:
            if src not in dist:
                dist[src] = 0
                frontier.append(src)
        nb_get = self._nb.get
        neighbours = self.neighbours
        d = 0
        while frontier:
            d += 1
            nxt = []
            for a in frontier:
                if blocked is not None and dist[a] > 0 and blocked(a):
                    continue
                ns = nb_get(a)
                if ns is None:
                    ns = neighbours(a)
                for n in ns:
                    if n not in dist:
                        dist[n] = d
                        nxt.append(n)
            frontier = nxt
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
        other than s and t block if the line enters their open interior (R-LOS-2). Squares off
        the board count as walled off. Walks only the squares the line crosses (Amanatides-Woo
        in exact integers), so the cost grows with the distance, not its square.
        """
        if s == t:
            return True
        bd = self.board
        if bd.region_of(s) != bd.region_of(t):
            return False
        has = bd.square_tile.__contains__
        edge = self.edge
        if fire and not isinstance(fire, (set, frozenset)):
            fire = set(fire)
        x, y = s
        tx, ty = t
        sx = 1 if tx > x else -1 if tx < x else 0
        sy = 1 if ty > y else -1 if ty < y else 0
        adx, ady = abs(tx - x), abs(ty - y)
        # The line leaves the centre of s; it crosses its k-th column line at parameter
        # (2k-1)/(2*adx) and its m-th row line at (2m-1)/(2*ady): compare by cross-multiplying.
        k = m = 1
        while k <= adx or m <= ady:
            if k > adx:
                c = 1
            elif m > ady:
                c = -1
            else:
                c = (2 * k - 1) * ady - (2 * m - 1) * adx
            if c < 0:  # through a column line between two squares of one row
                n = (x + sx, y)
                if not (has(n) and has((x, y)) and not edge((x, y), n).blocking):
                    return False
                x += sx
                k += 1
            elif c > 0:  # through a row line between two squares of one column
                n = (x, y + sy)
                if not (has(n) and has((x, y)) and not edge((x, y), n).blocking):
                    return False
                y += sy
                m += 1
            else:  # exactly through a lattice point: all four edges meeting there count
                px, py = x + (sx > 0), y + (sy > 0)
                nw, ne, sw, se = (px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py)
                if not (has(nw) and has(ne) and has(sw) and has(se)):
                    return False
                for a, b in ((nw, ne), (sw, se), (nw, sw), (ne, se)):
                    if edge(a, b).blocking:
                        return False
                x += sx
                y += sy
                k += 1
                m += 1
            if fire and (x, y) != t and (x, y) in fire:
                return False
        return True

    @staticmethod
    def squares_crossed(s: Sq, t: Sq) -> list[Sq]:
        """The squares whose open interior the segment between the centres of ``s`` and ``t``
        enters, from ``s`` to ``t`` (both included); passing exactly through a corner enters
        neither of the two squares beside it. Same answer as :func:`seg_enters_box` per square."""
        x, y = s
        tx, ty = t
        sx = 1 if tx > x else -1 if tx < x else 0
        sy = 1 if ty > y else -1 if ty < y else 0
        adx, ady = abs(tx - x), abs(ty - y)
        out = [s]
        k = m = 1
        while k <= adx or m <= ady:
            if k > adx:
                c = 1
            elif m > ady:
                c = -1
            else:
                c = (2 * k - 1) * ady - (2 * m - 1) * adx
            if c <= 0:
                x += sx
                k += 1
            if c >= 0:
                y += sy
                m += 1
            out.append((x, y))
        return out


class LazyDistances(Mapping):
    """Breadth-first walking distances from one square, computed ring by ring on demand (see
    :meth:`Geometry.lazy_distances`). A read-only mapping square -> steps; ``get`` stops at the
    ring that holds the square, everything else (iteration, ``len``, ``in``) finishes the search
    first. Same values, and once finished the same order, as :meth:`Geometry.distances_from`."""

    __slots__ = ("_dist", "known", "_frontier", "_d", "_src", "_blocked", "_geo")

    def __init__(self, geo: Geometry, src: Sq, blocked: Callable[[Sq], bool] | None = None):
        self._geo = geo
        self._src = src
        self._blocked = blocked
        self._dist: dict[Sq, int] = {src: 0}
        #: the squares searched so far with their distances, as :meth:`searched` gives it (an attribute:
        #: hot loops read it without a call; read-only)
        self.known = self._dist
        self._frontier: list[Sq] = [src]
        self._d = 0

    def _ring(self) -> None:
        """Reach the next ring of squares."""
        dist = self._dist
        blocked = self._blocked
        src = self._src
        geo = self._geo
        nb_get = geo._nb.get
        self._d += 1
        d = self._d
        nxt = []
        for a in self._frontier:
            if blocked is not None and a != src and blocked(a):
                continue
            ns = nb_get(a)
            if ns is None:
                ns = geo.neighbours(a)
            for n in ns:
                if n not in dist:
                    dist[n] = d
                    nxt.append(n)
        self._frontier = nxt

    def get(self, q: object, default: object = None) -> object:
        v = self._dist.get(q)  # type: ignore[arg-type]
        if v is not None:
            return v
        dist = self._dist
        while self._frontier:
            self._ring()
            v = dist.get(q)  # type: ignore[arg-type]
            if v is not None:
                return v
        return default

    def searched(self) -> dict[Sq, int]:
        """The squares searched so far with their distances (every square nearer than the last
        answer given is in it; read-only): a plain dict for callers that compare with a known
        distance."""
        return self._dist

    def _all(self) -> dict[Sq, int]:
        while self._frontier:
            self._ring()
        return self._dist

    def __getitem__(self, q: Sq) -> int:
        v = self.get(q)
        if v is None:
            raise KeyError(q)
        return v  # type: ignore[return-value]

    def __contains__(self, q: object) -> bool:
        return self.get(q) is not None

    def __iter__(self) -> Iterator[Sq]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


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
