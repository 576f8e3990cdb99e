"""Geometry rules: edges, corners, movement steps, distances, range, LOS (core.md §1, §4.2, §5)."""
from game.engine.board import EdgeState, Geometry, edge_key
from tests.kit import board, game, legal, rules


def geo(b, overrides=None):
    overrides = overrides or {}

    def edge(a, c):
        return overrides.get(edge_key(a, c), b.base_edge(a, c))
    return Geometry(b, edge)


OPEN6 = board("AAAA", "AAAA", "AAAA")


def test_R_LOS_5_a_clear_line():
    assert geo(OPEN6).los((0, 0), (3, 0))


def test_R_LOS_5_b_wall_blocks():
    b = board("AAAA", "AAAA", walls=[((1, 0), (2, 0))])
    assert not geo(b).los((0, 0), (3, 0))


def test_R_LOS_5_c_through_lattice_point():
    g = geo(OPEN6)
    assert g.los((0, 0), (1, 1))
    # any blocking incident edge of lattice point (1,1) blocks: here the edge (1,0)|(1,1)
    b = board("AAAA", "AAAA", "AAAA", walls=[((1, 0), (1, 1))])
    assert not geo(b).los((0, 0), (1, 1))
    b2 = board("AAAA", "AAAA", "AAAA", walls=[((0, 1), (1, 1))])
    assert not geo(b2).los((0, 0), (1, 1))


def test_R_LOS_5_d_three_crossed_edges():
    assert geo(OPEN6).los((0, 0), (2, 1))
    for w in [((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (2, 1))]:
        b = board("AAAA", "AAAA", "AAAA", walls=[w])
        assert not geo(b).los((0, 0), (2, 1)), w
    # an edge the segment does not touch does not block
    b = board("AAAA", "AAAA", "AAAA", walls=[((2, 0), (3, 0))])
    assert geo(b).los((0, 0), (2, 1))


def test_R_LOS_5_e_fire_blocks_through_not_into():
    g = geo(OPEN6)
    assert not g.los((0, 0), (2, 0), fire=[(1, 0)])
    assert g.los((0, 0), (1, 0), fire=[(1, 0)])
    assert g.los((0, 0), (2, 0), fire=[(1, 1)])  # R-LOS-2 only squares the line passes through


def test_R_LOS_5_f_closed_door_blocks_open_restores():
    b = board("AB", doors=[((0, 0), (1, 0))])
    closed = geo(b, {edge_key((0, 0), (1, 0)): EdgeState.DOOR_CLOSED})
    opened = geo(b, {edge_key((0, 0), (1, 0)): EdgeState.DOOR_OPEN})
    assert not closed.los((0, 0), (1, 0))
    assert opened.los((0, 0), (1, 0))


def test_R_LOS_3_symmetric_and_regions():
    b = board("AAB", "AAB", region={"B": 1}, arches=[((1, 0), (2, 0))])
    g = geo(b, {edge_key((1, 0), (2, 0)): EdgeState.ARCHWAY})
    assert not g.los((1, 0), (2, 0))  # different regions never have LOS
    for s, t in [((0, 0), (1, 1)), ((1, 1), (0, 0))]:
        assert g.los(s, t) == g.los(t, s)


def test_R_LOS_4_models_do_not_block():
    b = board("AAAA", place=[("enemy", (1, 0), {"enemy": "zombie"}), ("exit", (3, 0))])
    s = game(b)
    r = rules(s)
    assert r.g.los((0, 0), (3, 0), r.fire())


def test_R_COMP_4_edge_states_block_as_table():
    blocking = {s for s in EdgeState if s.blocking}
    assert blocking == {EdgeState.WALL, EdgeState.DOOR_CLOSED, EdgeState.BARRICADE}
    assert {s for s in EdgeState if s.links} == {EdgeState.DOOR_OPEN, EdgeState.ARCHWAY}


def test_R_COMP_3_tile_border_is_wall_unless_token():
    b = board("AB")
    assert b.base_edge((0, 0), (1, 0)) == EdgeState.WALL
    assert b.base_edge((0, 0), (0, 1)) == EdgeState.WALL  # no square there


def test_R_COMP_6_wall_corner():
    g = geo(OPEN6)
    assert not g.is_wall_corner(1, 1)
    assert g.is_wall_corner(0, 0)  # fewer than four squares around the map corner
    b = board("AAAA", "AAAA", walls=[((1, 0), (2, 0))])
    assert geo(b).is_wall_corner(2, 1)


def test_R_MOVE_3_orthogonal_step_blocked_by_wall():
    b = board("AAAA", "AAAA", walls=[((1, 0), (2, 0))])
    g = geo(b)
    assert not g.step_ok((1, 0), (2, 0))
    assert g.step_ok((1, 1), (2, 1))


def test_R_MOVE_4_no_diagonal_across_wall_end():
    b = board("AAAA", "AAAA", walls=[((1, 0), (2, 0))])
    g = geo(b)
    # the wall ends at lattice point (2,1): diagonal (1,0)->(2,1) and (1,1)->(2,0) cut that corner
    assert not g.step_ok((1, 0), (2, 1))
    assert not g.step_ok((1, 1), (2, 0))
    assert g.step_ok((0, 0), (1, 1))


def test_R_MOVE_4_doors_crossed_only_orthogonally():
    b = board("AB", "AB", open_doors=[((0, 0), (1, 0))])
    g = geo(b, {edge_key((0, 0), (1, 0)): EdgeState.DOOR_OPEN})
    assert g.step_ok((0, 0), (1, 0))
    assert not g.step_ok((0, 1), (1, 0))


def test_R_COMP_11_adjacent_through_wall_is_not_connected():
    b = board("AAAA", "AAAA", walls=[((1, 0), (2, 0))])
    assert (2, 0) not in geo(b).neighbours((1, 0))


def test_R_COMP_12_walking_distance_goes_around_walls():
    b = board("AAAA", "AAAA", "AAAA", walls=[((1, 0), (2, 0)), ((1, 1), (2, 1))])
    g = geo(b)
    # around the wall end: (1,1), (1,2), (2,2) (no diagonal past the corner, R-MOVE-4), (2,1), (2,0)
    assert g.dW((1, 0), (2, 0)) == 5
    assert geo(OPEN6).dW((0, 0), (3, 2)) == 3


def test_R_COMP_13_range_is_chebyshev_and_infinite_across_regions():
    b = board("AAAAB", region={"B": 1})
    g = geo(b)
    assert g.dR((0, 0), (3, 0)) == 3
    assert g.dR((0, 0), (4, 0)) == float("inf")
    d = geo(OPEN6)
    assert d.dR((0, 0), (2, 2)) == 2 and d.dR((0, 0), (3, 1)) == 3 and d.dR((3, 0), (0, 2)) == 3  # diagonals


def test_R_COMP_14_linking_is_direct_only():
    # A - B - C joined by open doors: B is linked to A, C is not (AMB-5)
    b = board("ABC", open_doors=[((0, 0), (1, 0)), ((1, 0), (2, 0))])
    s = game(b)
    r = rules(s)
    assert r.linked_tiles("A") == {"B"}
    assert r.linked_tiles("B") == {"A", "C"}


def test_R_ARCH_1_archway_links_and_never_closes():
    b = board("AB", arches=[((0, 0), (1, 0))], place=[("exit", (1, 0))])
    s = game(b)
    r = rules(s)
    assert r.linked_tiles("A") == {"B"}
    from game.engine import legal_actions
    assert not [a for a in legal(s) if a.kind == "door"]
