"""The tactics kernel (game.engine.kernel, issue 23 item 5): occupancy and capacity, movement
and paths in both movement modes (8-way with the wall-corner rule, orthogonal), entering costs
and terrain that hurts. Small hand-made boards; every mode calls the same functions."""
from __future__ import annotations

import pytest

from game.engine.board import Board, Colour, EdgeState, Geometry, Tile, edge_function, edge_key
from game.engine.kernel import (CAPACITY, EIGHT_WAY, ORTHOGONAL, cheapest_path, geometry, harm_along, has_room,
                                path_costs, units_by_square)


def open_board(w: int = 5, h: int = 5, walls=(), missing=()) -> Board:
    """One tile of ``w`` x ``h`` squares, less ``missing`` (void squares), with interior ``walls``."""
    sq = frozenset((x, y) for x in range(w) for y in range(h)) - frozenset(missing)
    return Board(name="t", width=w, height=h, tiles={"T": Tile("T", "T", Colour.GREEN, sq)},
                 walls=frozenset(edge_key(a, b) for a, b in walls))


# ------------------------------------------------------------------ occupancy and capacity
def test_R_COMP_8_a_square_takes_models_up_to_its_capacity():
    b = open_board()
    units = units_by_square([((1, 1), 1), ((1, 1), 2), ((2, 2), 0), (None, 3)])
    assert units == {(1, 1): 3}
    assert CAPACITY == 4
    assert has_room(b, units, (1, 1), 1)
    assert not has_room(b, units, (1, 1), 2)
    assert has_room(b, units, (2, 2), 4)
    assert not has_room(b, units, (9, 9), 1)  # off the play area


def test_D_MOVE_5_a_mode_with_one_figure_per_square_passes_its_capacity():
    b = open_board()
    units = units_by_square([((0, 0), 1)])
    assert not has_room(b, units, (0, 0), 1, capacity=1)
    assert has_room(b, units, (0, 1), 1, capacity=1)


# ------------------------------------------------------------------ movement modes
def test_R_MOVE_4_eight_way_steps_and_the_wall_corner_rule():
    """A diagonal step is refused where a wall touches the corner it crosses (R-COMP-6)."""
    b = open_board(walls=[((1, 1), (2, 1))])
    g = geometry(b, {}, EIGHT_WAY)
    assert (0, 0) in g.neighbours((1, 1))
    assert len(g.neighbours((3, 3))) == 8
    assert g.step_ok((1, 2), (2, 1)) is False  # through the corner the wall (1,1)|(2,1) touches
    assert g.step_ok((1, 1), (2, 1)) is False  # across the wall itself
    assert g.step_ok((1, 0), (2, 1)) is False  # the other end of that wall
    assert g.step_ok((3, 3), (4, 4)) is True


def test_D_MOVE_1_orthogonal_movement_has_no_diagonal_steps():
    b = open_board(walls=[((1, 1), (2, 1))])
    g = geometry(b, {}, ORTHOGONAL)
    assert g.neighbours((3, 3)) == [(3, 2), (2, 3), (4, 3), (3, 4)]
    assert g.step_ok((3, 3), (4, 4)) is False
    assert g.step_ok((1, 1), (2, 1)) is False  # a wall still blocks
    assert path_costs(g, (0, 0))[(4, 4)] == 8  # Manhattan, against 4 on the 8-way board
    assert path_costs(geometry(open_board(), {}, EIGHT_WAY), (0, 0))[(4, 4)] == 4


def test_D_MOVE_1_orthogonal_and_eight_way_neighbour_lists_kept_apart_on_one_board():
    """The neighbour lists kept on the board by edge state are not shared between the modes."""
    b = open_board()
    g8 = geometry(b, {}, EIGHT_WAY, key="k")
    assert len(g8.neighbours((2, 2))) == 8
    g4 = geometry(b, {}, ORTHOGONAL, key="k")
    assert len(g4.neighbours((2, 2))) == 4
    assert len(geometry(b, {}, EIGHT_WAY, key="k").neighbours((2, 2))) == 8


def test_R_COMP_12_unit_costs_equal_the_breadth_first_distances():
    b = open_board(7, 6, walls=[((2, y), (3, y)) for y in range(5)])
    g = Geometry(b, edge_function(b, {}))
    assert path_costs(g, (0, 0)) == g.distances_from((0, 0))
    assert list(path_costs(g, (0, 0))) == list(g.distances_from((0, 0)))  # the same order too
    fire = {(3, 5)}
    assert path_costs(g, (0, 0), through=lambda q: q not in fire) == g.distances_from((0, 0), fire.__contains__)


def test_R_MOVE_3_a_closed_door_blocks_until_opened():
    b = open_board(3, 1, walls=[])
    e = edge_key((0, 0), (1, 0))
    closed = geometry(b, {e: EdgeState.DOOR_CLOSED}, ORTHOGONAL)
    assert cheapest_path(closed, (0, 0), (2, 0)) is None
    opened = geometry(b, {e: EdgeState.DOOR_OPEN}, ORTHOGONAL)
    assert cheapest_path(opened, (0, 0), (2, 0)) == [(1, 0), (2, 0)]


# ------------------------------------------------------------------ terrain: costs and harm
def test_D_TERRAIN_1_water_costs_two_points_and_a_way_round_may_be_cheaper():
    """D-MOVE-6: an ordinary square costs 1; water (D-TERRAIN-1) 2."""
    b = open_board(3, 3)
    g = geometry(b, {}, ORTHOGONAL)
    water = {(1, 0): 2, (1, 1): 2}
    costs = path_costs(g, (0, 0), cost=water)
    assert costs[(1, 0)] == 2 and costs[(2, 0)] == 3
    assert cheapest_path(g, (0, 0), (2, 0), cost=water) == [(1, 0), (2, 0)]
    # with water on the straight way and a dry way round of the same cost, the tie keeps the first found
    assert cheapest_path(g, (0, 0), (2, 2), cost=water) == [(0, 1), (0, 2), (1, 2), (2, 2)]
    assert path_costs(g, (0, 0), cost=water, limit=2) == {(0, 0): 0, (0, 1): 1, (1, 0): 2, (0, 2): 2}


def test_D_TERRAIN_2_a_pit_hurts_each_time_it_is_entered():
    pits = {(1, 0): 1}
    assert harm_along([(1, 0), (2, 0)], pits) == 1
    assert harm_along([(1, 0), (1, 1), (1, 0)], pits) == 2  # D-TERRAIN-3: every time
    assert harm_along([], pits) == 0


def test_D_MOVE_4_enemy_squares_are_not_entered_and_full_squares_neither():
    b = open_board(3, 3)
    g = geometry(b, {}, ORTHOGONAL)
    enemy = {(1, 0), (1, 1)}
    way = cheapest_path(g, (0, 0), (2, 0), enter=lambda q: q not in enemy)
    assert way == [(0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0)]
    units = {(1, 2): 4}
    assert cheapest_path(g, (0, 0), (2, 0), enter=lambda q: q not in enemy and has_room(b, units, q, 1)) is None


def test_R_COMP_12_a_square_reached_but_not_passed_through():
    """The city's planned walk stops at fire or an enemy's square (reached, not crossed)."""
    b = open_board(3, 1)
    g = geometry(b, {}, EIGHT_WAY)
    stop = {(1, 0)}
    assert cheapest_path(g, (0, 0), (1, 0), through=lambda q: q not in stop) == [(1, 0)]
    assert cheapest_path(g, (0, 0), (2, 0), through=lambda q: q not in stop) is None
    assert cheapest_path(g, (1, 0), (2, 0), through=lambda q: q not in stop) == [(2, 0)]  # the start is left


def test_D_MAP_3_void_squares_cannot_be_entered():
    b = open_board(3, 3, missing=[(1, 1)])
    g = geometry(b, {}, ORTHOGONAL)
    assert (1, 1) not in path_costs(g, (0, 0))
    assert path_costs(g, (0, 0))[(2, 2)] == 4


@pytest.mark.parametrize("rule", [EIGHT_WAY, ORTHOGONAL])
def test_R_COMP_12_cheapest_path_costs_what_path_costs_says(rule):
    b = open_board(6, 6, walls=[((2, y), (3, y)) for y in range(1, 6)], missing=[(4, 4)])
    g = geometry(b, {}, rule)
    cost = {(0, 3): 3, (5, 0): 2}
    costs = path_costs(g, (0, 5), cost=cost)
    for q, c in costs.items():
        way = cheapest_path(g, (0, 5), q, cost=cost)
        assert sum(cost.get(s, 1) for s in way) == c
