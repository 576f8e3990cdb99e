"""The tactics kernel (game.engine.kernel, issue 23 item 5): occupancy and capacity, movement
and paths in both movement modes (8-way with the wall-corner rule, orthogonal), entering costs
and terrain that hurts. Small hand-made boards; every mode calls the same functions."""
from __future__ import annotations

import pytest

from game.engine.board import Board, Colour, EdgeState, Geometry, Tile, edge_function, edge_key
import dataclasses
from fractions import Fraction

from game.engine.defs import BLUE_FACES, RED_FACES, Face
from game.engine.kernel import (CAPACITY, EIGHT_WAY, ORTHOGONAL, best_face_odds, chance_any, cheapest_path,
                                corner_sight, face_chance, geometry, harm_along, has_room, hostile_squares,
                                line_of_sight, path_costs, roll_pool, track_damage, track_recover, units_by_square,
                                wound)


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


# ------------------------------------------------------------------ line of sight
C3 = ("#.A.#", ".....", "#.E.#", ".~.~.", "#...#")  # dungeon.md 16.7, canonical orientation


def card_board(rows) -> Board:
    """A dungeon card's core with its walls as squares off the play area (D-MAP-3, D-TERRAIN-6)."""
    sq = frozenset((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != "#")
    return Board(name="c", width=len(rows[0]), height=len(rows), tiles={"C": Tile("C", "C", Colour.GREEN, sq)})


def test_D_LOS_4_the_worked_cases_of_X7():
    b = card_board(C3)
    assert corner_sight(b, (0, 1), (0, 3)) is False  # the wall at (0,2) on every corner pair
    assert corner_sight(b, (0, 1), (4, 3)) is True
    hero = hostile_squares([((2, 0), "heroes"), ((3, 0), "heroes")], side="enemies", target=(3, 0))
    assert hero == frozenset({(2, 0)})  # the target's own square never blocks
    assert corner_sight(b, (1, 0), (3, 0), hero) is False  # an enemy viewer: the hero between blocks
    assert corner_sight(b, (1, 0), (3, 0), hostile_squares([((2, 0), "heroes")], side="heroes")) is True


def test_D_LOS_5_a_diagonal_pinch_between_two_walls_has_no_sight():
    b = card_board(("#.", ".#"))
    assert corner_sight(b, (1, 0), (0, 1)) is False
    b = card_board(("..", ".#"))
    assert corner_sight(b, (1, 0), (0, 1)) is True  # one of the two shared neighbours is clear
    assert corner_sight(b, (0, 0), (0, 1)) is True  # D-LOS-4 case 2: orthogonal neighbours


def test_D_LOS_4_grazing_a_blocked_square_blocks():
    """A line that only touches a blocked square's corner or edge is blocked (D-LOS-3/4)."""
    b = open_board(5, 5)
    assert corner_sight(b, (0, 2), (4, 2)) is True
    assert corner_sight(b, (0, 2), (4, 2), {(2, 2)}) is False  # every corner pair crosses or runs along it
    assert corner_sight(b, (0, 2), (4, 2), {(2, 1), (2, 3)}) is True  # (1,2)-(4,3) passes between them
    assert corner_sight(b, (0, 0), (2, 2), {(1, 1)}) is False  # every line touches (1,1), a corner at least
    assert corner_sight(b, (0, 0), (4, 0), {(2, 1)}) is True  # (1,0)-(4,1) stays inside row 0
    assert corner_sight(b, (0, 0), (4, 0), {(2, 0)}) is False  # the void above row 0: no line passes it
    assert corner_sight(b, (1, 1), (3, 3), {(1, 2)}) is True
    assert corner_sight(b, (0, 0), (2, 2), lambda q: q == (1, 1)) is False  # a test works as well


def test_R_LOS_2_the_city_line_of_sight_takes_the_viewers_blockers():
    b = open_board(5, 1)
    g = geometry(b, {}, EIGHT_WAY)
    assert line_of_sight(g, (0, 0), (4, 0))
    assert not line_of_sight(g, (0, 0), (4, 0), {(2, 0)})  # fire between
    assert line_of_sight(g, (0, 0), (4, 0), {(4, 0)})  # the ends never block


# ------------------------------------------------------------------ dice
class Seq:
    """An rng that answers ``below`` from a list (and records the sizes asked)."""

    def __init__(self, *v):
        self.v, self.asked = list(v), []

    def below(self, n):
        self.asked.append(n)
        return self.v.pop(0)


def test_R_DIE_1_a_pool_rolls_one_face_per_die_from_its_own_faces():
    d6 = tuple(range(1, 7))
    rng = Seq(0, 5, 3)
    assert roll_pool(rng, [BLUE_FACES, RED_FACES, d6]) == [Face.BLANK, Face.CRIT, 4]
    assert rng.asked == [6, 6, 6]
    assert roll_pool(Seq(1), [("a", "b")]) == ["b"]
    with pytest.raises(ValueError):
        roll_pool(Seq(0), [()])


def test_DV_1_odds_come_from_the_faces():
    hit = lambda f: f.rank >= Face.HIT.rank  # noqa: E731
    assert face_chance(BLUE_FACES, hit) == Fraction(4, 6)
    assert chance_any([BLUE_FACES, BLUE_FACES], hit) == 1 - Fraction(2, 6) ** 2
    assert chance_any([], hit) == 0
    odds = best_face_odds([BLUE_FACES, RED_FACES], lambda f: f.rank)
    assert sum(odds.values()) == 1
    assert odds[Face.BLANK.rank] == Fraction(2, 6) * Fraction(1, 6)
    assert odds[Face.CRIT.rank] == 1 - Fraction(5, 6) * Fraction(4, 6)


def test_DV_1_a_die_changed_in_content_changes_the_city_roll():
    """The city rolls through the kernel with the content's faces (dice.yaml), not a copy of its own."""
    from game.content.loader import load_scenario
    from game.engine import new_game
    from game.engine.machine import ruleset_of
    from game.__main__ import default_party

    scn = load_scenario("outskirts")
    s = new_game(scn, default_party(1), 3)
    run = ruleset_of(s).run_class(s)
    assert tuple(run.ct.dice["blue"]) == BLUE_FACES and tuple(run.ct.dice["red"]) == RED_FACES
    run.ct = dataclasses.replace(scn.content, dice={"blue": (Face.CRIT,) * 6, "red": RED_FACES})
    assert run.roll(["blue", "blue"]) == [Face.CRIT, Face.CRIT]


# ------------------------------------------------------------------ damage
def test_R_HEALTH_2_damage_and_recovery_move_along_the_track():
    assert track_damage(2, 2, 6) == 4
    assert track_damage(5, 3, 6) == 6  # never past the end
    assert track_damage(3, 0, 6) == 3
    assert track_recover(4, 2) == 2
    assert track_recover(2, 5) == 1  # R-HEALTH-3: never before the first step


def test_R_ENEMY_2_wounds_kill_at_the_hit_points():
    assert wound(0, 1, 2) == (1, False)
    assert wound(1, 1, 2) == (2, True)
    assert wound(0, 5, 2) == (5, True)


# ------------------------------------------------------------------ versus: ways round corners, arcs
def test_V_LOS_3_a_wall_that_ends_at_a_corner_is_seen_past_a_straight_wall_line_is_not():
    from game.engine.kernel import detour_sight
    ends = open_board(3, 3, walls=[((0, 0), (1, 0))])
    assert detour_sight(geometry(ends, {}), (0, 0), (2, 2))  # round by (0,1)
    assert not line_of_sight(geometry(ends, {}), (0, 0), (2, 2))  # the city's R-LOS-3 differs there
    line = open_board(3, 3, walls=[((0, 0), (1, 0)), ((0, 1), (1, 1))])
    assert not detour_sight(geometry(line, {}), (0, 0), (2, 2))  # both ways round the corner shut
    assert not detour_sight(geometry(line, {}), (0, 0), (2, 0))  # straight through a wall
    assert detour_sight(geometry(line, {}), (0, 2), (2, 2))


def test_V_LOS_4_living_characters_between_block_the_ends_do_not():
    from game.engine.kernel import detour_sight
    g = geometry(open_board(3, 3), {})
    assert not detour_sight(g, (0, 0), (2, 0), {(1, 0)})
    assert detour_sight(g, (0, 0), (2, 0), {(2, 0), (0, 0)})
    assert detour_sight(g, (0, 0), (1, 1), {(1, 0)})  # one way round is clear
    assert not detour_sight(g, (0, 0), (1, 1), {(1, 0), (0, 1)})
    closed = geometry(open_board(2, 1), {edge_key((0, 0), (1, 0)): EdgeState.DOOR_CLOSED})
    assert not detour_sight(closed, (0, 0), (1, 0))  # a closed door blocks (V-LOS-4)


def test_V_LOS_2_arcs_and_V_CC_8_sides_follow_the_facing():
    from game.engine.kernel import arc, facing_side
    east = (1, 0)
    assert [arc(east, o) for o in [(1, 0), (2, 1), (2, -2), (1, 2), (0, 1), (-1, 0), (-3, 5)]] == \
        ["red", "red", "red", "orange", "orange", "white", "white"]
    assert facing_side(east, (1, 0)) == "front" and facing_side(east, (-1, 0)) == "rear"
    assert facing_side(east, (0, 1)) == "right" and facing_side(east, (0, -1)) == "left"
    assert facing_side((0, -1), (1, 0)) == "right"  # facing north, east is on the right
    with pytest.raises(ValueError):
        facing_side(east, (1, 1))
    with pytest.raises(ValueError):
        arc(east, (0, 0))
