"""Line of sight and distances, fast versions against the plain definitions (R-LOS-1..3,
R-COMP-12): the square-walking LOS gives exactly the answer of testing every edge in the
bounding box, on random boards with gaps, walls, doors, fire, diagonals and corners."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.board import Board, Colour, EdgeState, Geometry, Tile, edge_key, seg_enters_box


# -- the reference: R-LOS-3 as written (every edge of the bounding box, closed segments) ------------
def _orient(ax, ay, bx, by, cx, cy):
    v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    return (v > 0) - (v < 0)


def _on_seg(ax, ay, bx, by, cx, cy):
    return min(ax, bx) <= cx <= max(ax, bx) and min(ay, by) <= cy <= max(ay, by)


def _seg_hits(ax, ay, bx, by, cx, cy, dx, dy):
    o1, o2 = _orient(ax, ay, bx, by, cx, cy), _orient(ax, ay, bx, by, dx, dy)
    o3, o4 = _orient(cx, cy, dx, dy, ax, ay), _orient(cx, cy, dx, dy, bx, by)
    if o1 != o2 and o3 != o4:
        return True
    return ((o1 == 0 and _on_seg(ax, ay, bx, by, cx, cy)) or (o2 == 0 and _on_seg(ax, ay, bx, by, dx, dy))
            or (o3 == 0 and _on_seg(cx, cy, dx, dy, ax, ay)) or (o4 == 0 and _on_seg(cx, cy, dx, dy, bx, by)))


def reference_los(g: Geometry, s, t, fire=()):
    """The LOS of the engine before it walked squares: quadratic in the distance."""
    if s == t:
        return True
    bd = g.board
    if bd.region_of(s) != bd.region_of(t):
        return False

    def blocks(a, b):
        return not bd.has(a) or not bd.has(b) or g.edge(a, b).blocking
    ax, ay, bx, by = 2 * s[0] + 1, 2 * s[1] + 1, 2 * t[0] + 1, 2 * t[1] + 1
    x0, x1 = min(s[0], t[0]), max(s[0], t[0])
    y0, y1 = min(s[1], t[1]), max(s[1], t[1])
    for k in range(x0 + 1, x1 + 1):
        for j in range(y0, y1 + 1):
            if blocks((k - 1, j), (k, j)) and _seg_hits(ax, ay, bx, by, 2 * k, 2 * j, 2 * k, 2 * j + 2):
                return False
    for k in range(y0 + 1, y1 + 1):
        for i in range(x0, x1 + 1):
            if blocks((i, k - 1), (i, k)) and _seg_hits(ax, ay, bx, by, 2 * i, 2 * k, 2 * i + 2, 2 * k):
                return False
    for f in fire:
        if f != s and f != t and seg_enters_box(ax, ay, bx, by, 2 * f[0], 2 * f[1], 2 * f[0] + 2, 2 * f[1] + 2):
            return False
    return True


STATES = [EdgeState.WALL, EdgeState.DOOR_CLOSED, EdgeState.DOOR_OPEN, EdgeState.ARCHWAY, EdgeState.BARRICADE,
          EdgeState.OPEN]


@st.composite
def boards(draw):
    """A random board up to 9x9: squares in up to three tiles (gaps allowed), random edge states
    (walls, doors, archways, barricades) and fire, plus two squares on it."""
    w, h = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    cells = [(x, y) for y in range(h) for x in range(w)]
    tile_of = {q: draw(st.sampled_from("AAAB.C")) for q in cells}
    tiles: dict[str, set] = {}
    for q, k in tile_of.items():
        if k != ".":
            tiles.setdefault(k, set()).add(q)
    if not tiles:
        tiles = {"A": {(0, 0)}}
    squares = sorted(set().union(*tiles.values()))
    b = Board(name="random", width=w, height=h,
              tiles={k: Tile(id=k, name=k, colour=Colour.GREEN, squares=frozenset(v)) for k, v in tiles.items()})
    edges = {}
    for (x, y) in squares:
        for n in ((x + 1, y), (x, y + 1)):
            if b.has(n) and draw(st.integers(0, 5)) == 0:
                edges[edge_key((x, y), n)] = draw(st.sampled_from(STATES))
    fire = set(draw(st.lists(st.sampled_from(squares), max_size=4)))
    s = draw(st.sampled_from(squares))
    t = draw(st.sampled_from(squares))
    if draw(st.booleans()):  # aim for diagonals and lattice points more often than chance does
        d = draw(st.integers(-8, 8))
        diag = (s[0] + d, s[1] + d * draw(st.sampled_from([1, -1])))
        if b.has(diag):
            t = diag
    return b, edges, fire, s, t


def _geometry(b, edges):
    return Geometry(b, lambda a, c: edges.get(edge_key(a, c), b.base_edge(a, c)))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_R_LOS_3_walking_the_crossed_squares_equals_testing_every_edge(case):
    """R-LOS-1..3: same answer as the bounding-box definition, fire (R-LOS-2) and corners included."""
    b, edges, fire, s, t = case
    g = _geometry(b, edges)
    assert g.los(s, t, fire) == reference_los(g, s, t, fire)
    assert g.los(t, s, fire) == reference_los(g, t, s, fire)
    assert g.los(s, t) == reference_los(g, s, t)


@settings(max_examples=300, deadline=None)
@given(st.tuples(st.integers(-9, 9), st.integers(-9, 9)), st.tuples(st.integers(-9, 9), st.integers(-9, 9)))
def test_R_LOS_2_squares_crossed_are_the_squares_the_line_enters(s, t):
    """The squares the centre-to-centre line enters (fire blocks only those, R-LOS-2)."""
    x0, x1 = min(s[0], t[0]), max(s[0], t[0])
    y0, y1 = min(s[1], t[1]), max(s[1], t[1])
    want = {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)
            if seg_enters_box(2 * s[0] + 1, 2 * s[1] + 1, 2 * t[0] + 1, 2 * t[1] + 1, 2 * x, 2 * y, 2 * x + 2, 2 * y + 2)}
    got = Geometry.squares_crossed(s, t)
    assert set(got) == want and got[0] == s and got[-1] == t and len(got) == len(want)


def test_R_LOS_5_c_corner_between_walls_blocks_an_exact_diagonal():
    """A diagonal line through a lattice point is blocked by any edge meeting there, even when it
    crosses no edge's middle (R-LOS-3: touching counts); an open corner lets it through."""
    b = Board(name="t", width=3, height=3, tiles={"A": Tile(id="A", name="A", colour=Colour.GREEN,
                                                            squares=frozenset((x, y) for x in range(3) for y in range(3)))})
    assert _geometry(b, {}).los((0, 0), (2, 2))
    # edges meeting at the lattice points (1, 1) and (2, 2) the line passes through
    for e in [((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 1), (1, 2)), ((2, 1), (2, 2))]:
        g = _geometry(b, {edge_key(*e): EdgeState.WALL})
        assert not g.los((0, 0), (2, 2)), e
        assert not g.los((2, 2), (0, 0)), e
        assert reference_los(g, (0, 0), (2, 2)) is False
    # a wall beside the line, meeting neither lattice point, does not block
    g = _geometry(b, {edge_key((1, 0), (2, 0)): EdgeState.WALL})
    assert g.los((0, 0), (2, 2)) and reference_los(g, (0, 0), (2, 2))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_R_COMP_12_lazy_distances_equal_the_full_search(case):
    """R-COMP-12: the on-demand breadth-first search gives the full search's distances (fire
    squares reached but not passed through), whichever squares are asked about first."""
    b, edges, fire, s, t = case
    g = _geometry(b, edges)
    full = g.distances_from(s, blocked=fire.__contains__)
    lazy = g.lazy_distances(s, blocked=fire.__contains__)
    assert lazy.get(t, -1) == full.get(t, -1)
    for q in sorted(b.square_tile):
        assert lazy.get(q) == full.get(q)
    assert dict(lazy) == full and list(lazy) == list(full)
