"""A board that grows during play (issue 23): map cards placed at an exit, turned, joined by an
archway; the state keeps which cards were placed (saved), and ``state.scenario`` is the scenario
with the grown board, so every reader of the board (rules, View, UI) sees the new squares."""
from __future__ import annotations

import pytest

from game.engine.board import Board, Colour, EdgeFeature, EdgeState, Placement, Tile, edge_key, grow_board, \
    place_card, turn_square
from game.engine.rng import Rng
from game.engine.scenario import Scenario
from game.engine.state import GameState, PlacedCard
from tests.test_machine import duel_scenario


def _card() -> Board:
    """A 3x2 card: squares (0..2, 0..1), a wall inside, an exit placement on (2, 1)."""
    sq = frozenset((x, y) for x in range(3) for y in range(2))
    return Board(name="hall", width=3, height=2, tiles={"H": Tile(id="H", name="Hall", colour=Colour.GREEN, squares=sq)},
                 walls=frozenset({edge_key((0, 0), (1, 0))}),
                 features={edge_key((1, 1), (2, 1)): EdgeFeature(kind=EdgeState.DOOR_CLOSED)},
                 placements=(Placement(kind="exit", square=(2, 1)),))


def test_a_card_turned_a_quarter_keeps_its_top_left_at_zero():
    assert turn_square((0, 0), 1, 3, 2) == (1, 0)
    assert turn_square((2, 1), 1, 3, 2) == (0, 2)
    assert {turn_square((x, y), 1, 3, 2) for x in range(3) for y in range(2)} == \
        {(x, y) for x in range(2) for y in range(3)}
    assert turn_square((2, 1), 4, 3, 2) == (2, 1)


def test_a_placed_card_moves_its_squares_walls_features_and_placements():
    p = place_card(_card(), (10, 5), rot=1, tag="@1")
    assert set(p.tiles) == {"H@1"} and p.width == 12 and p.height == 8
    assert p.has((10, 5)) and p.has((11, 7)) and not p.has((12, 5))
    assert p.walls == {edge_key((11, 5), (11, 6))}  # (0,0)|(1,0) turned: (1,0)|(1,1), moved
    assert p.placements[0].square == (10, 7)
    assert list(p.features.values())[0].kind == EdgeState.DOOR_CLOSED
    with pytest.raises(ValueError, match="squares are not negative"):
        place_card(_card(), (-1, 0))


def test_a_grown_board_joins_the_card_by_an_archway_and_refuses_overlaps():
    base = duel_scenario().board
    edge_sq = max(s for s in base.square_tile if s[1] == 0)  # the rightmost square of the top row
    at = (edge_sq[0] + 1, 0)
    grown = grow_board(base, place_card(_card(), at, tag="@1"), [(edge_sq, at)])
    assert grown.has(at) and grown.width >= at[0] + 3
    assert grown.features[edge_key(edge_sq, at)].kind == EdgeState.ARCHWAY
    assert grown.base_edge(edge_sq, at) == EdgeState.WALL  # tiles stay walled but for the link feature
    with pytest.raises(ValueError, match="would cover square"):
        grow_board(grown, place_card(_card(), at, tag="@2"))
    with pytest.raises(ValueError, match="already on the board"):
        grow_board(grown, place_card(_card(), (at[0], 10), tag="@1"))
    with pytest.raises(ValueError, match="does not join"):
        grow_board(base, place_card(_card(), (at[0], 10), tag="@1"), [(edge_sq, at)])


def test_the_state_keeps_the_placed_cards_and_its_scenario_has_the_grown_board():
    scn0 = duel_scenario()
    scn = Scenario(brief=scn0.brief, board=scn0.board, content=scn0.content, rules="duel", cards={"hall": _card()})
    s = GameState(scenario_id="t", seed=1, rng=Rng.from_seed(1)).attach(scn)
    assert s.scenario is scn and '"grown"' not in s.model_dump_json()  # nothing grown: saves as before
    at = (scn.board.width + 1, 0)
    s.grown.append(PlacedCard(card="hall", at=at, rot=0))
    assert s.scenario.board.has(at) and s.scenario.content is scn.content
    assert s.scenario is s.scenario  # built once per grown list
    assert s.clone().scenario is s.scenario  # shared by clones
    back = GameState.model_validate_json(s.model_dump_json()).attach(scn)
    assert back.grown == s.grown and back.scenario.board.has(at)
    s.grown.append(PlacedCard(card="nowhere", at=(0, 40)))
    with pytest.raises(KeyError, match="'nowhere' is not one of the scenario's cards"):
        s.scenario
