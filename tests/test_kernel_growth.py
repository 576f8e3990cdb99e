"""The tactics kernel's growing board (issue 23 item 5): a card of squares placed at an exit,
rotated (D-MAP-4, D-EXPLORE-3/4), and an edge that changes during play (a wall destroyed)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.board import Board, Colour, EdgeState, Geometry, Tile, edge_function, edge_key
from game.engine.kernel import EIGHT_WAY, ORTHOGONAL, cheapest_path, geometry, path_costs
from game.engine.kernel.growth import Card, change_edge, exits_facing, grow, grown, placed_squares, rotate

CORE = frozenset((x, y) for x in range(5) for y in range(5))


def start_board() -> Board:
    """A 5x5 start card at (0..4, 6..10) with its N exit half-square at (2, 5)."""
    sq = frozenset((x, y + 6) for x, y in CORE) | {(2, 5)}
    return Board(name="dungeon", width=5, height=11, tiles={"START": Tile("START", "Start", Colour.GREEN, sq)})


def card(cid: str = "C1", walls=()) -> Card:
    """A 5x5 card with its entrance half-square at canonical S (2, 5) and exits N and E (D-MAP-2)."""
    return Card(cid, CORE | {(2, 5), (2, -1), (5, 2)}, anchor=(2, 5), size=5,
                walls=frozenset(edge_key(a, b) for a, b in walls))


def test_D_MAP_4_rotation_of_card_squares():
    assert rotate((1, 0), 0, 5) == (1, 0)
    assert rotate((1, 0), 90, 5) == (4, 1)  # (4 - y, x)
    assert rotate((1, 0), 180, 5) == (3, 4)  # (4 - x, 4 - y)
    assert rotate((1, 0), 270, 5) == (0, 3)  # (y, 4 - x)
    assert rotate((2, 5), 90, 5) == (-1, 2)  # the S half-square turns to W
    with pytest.raises(ValueError, match="rotation 45"):
        rotate((0, 0), 45, 5)


def test_D_EXPLORE_3_a_card_placed_at_an_exit_joins_the_board():
    """The new card's entrance lies on the exit half-square stepped on (a junction kept in the old
    card's tile, D-MAP-5); the way from the start card into the new one is open."""
    b0 = start_board()
    b1 = grow(b0, card(), at=(2, 5), rotation=0)
    assert b0.has((2, 4)) is False and b1.has((2, 4)) and b1.has((2, -1))
    assert b1.tile_of((2, 5)).id == "START"  # the junction stays where it was
    assert b1.tile_of((2, 4)).id == "C1"
    g = geometry(b1, {}, ORTHOGONAL)
    assert cheapest_path(g, (2, 8), (2, 0)) == [(2, 7), (2, 6), (2, 5), (2, 4), (2, 3), (2, 2), (2, 1), (2, 0)]
    assert g.step_ok((2, 5), (1, 4)) is False  # orthogonal movement; only the junction's edge opened
    assert b0.tiles.keys() == {"START"}  # the board passed in is unchanged


def test_D_EXPLORE_4_a_card_placed_at_an_east_exit_is_turned_90_degrees():
    """Exit on side E of the old card: the new card turned 90 so that its entrance faces W."""
    b0 = grow(start_board(), card(), at=(2, 5))
    east = (5, 2)  # C1's E exit half-square, now on the board
    assert b0.has(east)
    b1 = grow(b0, card("C2"), at=east, rotation=90)
    where = placed_squares(card("C2"), east, 90)
    assert where[(2, 5)] == east
    assert where[(0, 0)] == (10, 0)  # card (0,0) -> turned (4,0) -> moved by (6,0), as the anchor (-1,2) -> (5,2)
    assert b1.tile_of((6, 2)).id == "C2"
    assert path_costs(geometry(b1, {}, ORTHOGONAL), (2, 8))[(8, 2)] == 6 + 3 + 3 + 1 - 1


def test_D_EXPLORE_6_a_card_that_would_cover_squares_is_refused():
    b0 = grow(start_board(), card(), at=(2, 5))
    with pytest.raises(ValueError, match=r"card 'C9'.*falls on"):
        grow(b0, card("C9"), at=(2, 3), rotation=0)
    with pytest.raises(ValueError, match="already has a tile 'C1'"):
        grow(b0, card("C1"), at=(5, 2), rotation=90)


def test_D_EXPLORE_6_D_MAP_5_an_exit_meeting_an_exit_becomes_a_junction_when_joinable():
    """D-EXPLORE-6, D-MAP-5: a card whose exit half-square falls on another card's exit half-square
    shares that square (a junction kept in the old tile, joined to the new card's square beside
    it) when the card declares its exits ``joinable``; without, it is refused as before."""
    b0 = grow(start_board(), card(), at=(2, 5))  # C1 at (0..4, 0..4); its E exit half-square (5, 2)
    # C2 east of C1 (x 6..10), entered from the north (turned 180, its ▲ at (8, -1)): its canonical
    # E exit turns to face W and falls on C1's E exit (5, 2)
    c2 = Card("C2", CORE | {(2, 5), (5, 2)}, anchor=(2, 5), size=5, joinable=frozenset({(5, 2)}))
    at = (8, -1)
    assert placed_squares(c2, at, 180)[(5, 2)] == (5, 2) and placed_squares(c2, at, 180)[(0, 0)] == (10, 4)
    b1 = grow(b0, c2, at=at, rotation=180)
    assert b1.tile_of((5, 2)).id == "C1" and b1.tile_of((6, 2)).id == "C2"
    assert b1.joins - b0.joins == {edge_key((5, 2), (6, 2))}  # the junction joined to C2's square beside it
    g = geometry(b1, {}, ORTHOGONAL)
    assert cheapest_path(g, (4, 2), (8, 2)) == [(5, 2), (6, 2), (7, 2), (8, 2)]  # C1 -> junction -> C2
    assert g.step_ok((4, 1), (5, 1)) is False  # nothing else opened
    with pytest.raises(ValueError, match=r"card 'C2'.*falls on \(5, 2\)"):
        grow(b0, replace(c2, joinable=frozenset()), at=at, rotation=180)
    with pytest.raises(ValueError, match="not its squares"):
        Card("C3", CORE | {(2, 5)}, anchor=(2, 5), size=5, joinable=frozenset({(9, 9)}))


def test_D_MAP_4_walls_turn_with_the_card():
    c = card(walls=[((1, 1), (2, 1))])
    b = grow(start_board(), c, at=(2, 5), rotation=0)
    assert b.base_edge((1, 1), (2, 1)) == EdgeState.WALL
    b90 = grow(Board("x", 1, 1, {"X": Tile("X", "X", Colour.GREEN, frozenset({(0, 0)}))}), c, at=(0, 0), rotation=90)
    a, z = placed_squares(c, (0, 0), 90)[(1, 1)], placed_squares(c, (0, 0), 90)[(2, 1)]
    assert b90.base_edge(a, z) == EdgeState.WALL and abs(a[1] - z[1]) == 1  # a vertical wall turned horizontal


def test_D_EXPLORE_1_the_board_derived_from_placements_is_shared():
    cards = {"C1": card(), "C2": card("C2")}
    b0 = start_board()
    one = grown(b0, cards, [("C1", (2, 5), 0)])
    two = grown(b0, cards, [("C1", (2, 5), 0), ("C2", (5, 2), 90)])
    assert grown(b0, cards, [("C1", [2, 5], 0)]) is one  # (a save's lists give the same board)
    assert grown(b0, cards, [("C1", (2, 5), 0), ("C2", (5, 2), 90)]) is two
    assert grown(b0, cards, []) is b0
    assert two.has((8, 2)) and not one.has((8, 2))


def test_exits_by_side():
    assert exits_facing(card().squares, 5) == {"N": (2, -1), "E": (5, 2), "S": (2, 5)}


# ------------------------------------------------------------------ an edge that changes
def test_R_COMP_4_a_destroyed_wall_opens_the_way():
    sq = frozenset((x, y) for x in range(3) for y in range(2))
    b = Board("w", 3, 2, {"T": Tile("T", "T", Colour.GREEN, sq)},
              walls=frozenset({edge_key((0, 0), (1, 0)), edge_key((0, 1), (1, 1))}))
    g = geometry(b, {}, EIGHT_WAY)
    assert cheapest_path(g, (0, 0), (2, 0)) is None
    edges = change_edge({}, (0, 0), (1, 0), EdgeState.OPEN)
    assert cheapest_path(geometry(b, edges, EIGHT_WAY), (0, 0), (2, 0)) == [(1, 0), (2, 0)]
    with pytest.raises(ValueError, match="not orthogonal neighbours"):
        change_edge({}, (0, 0), (1, 1), EdgeState.OPEN)


def test_R_COMP_4_a_wall_destroyed_in_a_city_game_changes_its_kept_geometry():
    """The city's set_edge on a wall: the run's geometry (kept on the board by edge states) equals
    one built afresh for the new edges."""
    from game.__main__ import default_party
    from game.content.loader import load_scenario
    from game.engine import new_game
    from game.engine.board import parse_edge_id
    from game.engine.machine import ruleset_of

    scn = load_scenario("outskirts")
    s = new_game(scn, default_party(2), 1)
    run = ruleset_of(s).run_class(s)
    wall = sorted(scn.board.walls)[0]
    a, b = wall
    assert b not in run.g.neighbours(a)
    run.set_edge(wall, EdgeState.OPEN)
    assert b in run.g.neighbours(a)
    edges = {parse_edge_id(k): EdgeState(v) for k, v in s.edges.items()}
    fresh = Geometry(scn.board, edge_function(scn.board, edges))
    for q in scn.board.square_tile:
        assert run.g.neighbours(q) == fresh.neighbours(q)
