"""A board that grows during play, kept in the game state (issue 23): the kernel lays a card at an
exit (``game.engine.kernel.growth``); the state keeps which cards were laid (``state.grown``,
saved), and ``state.scenario`` is the scenario with the grown board, so every reader of the
board (the rules, ``View``, the screens) sees the new squares, and a new game, a replay or an
``attach`` still starts from the board as set up."""
from __future__ import annotations

import pytest

from game.engine.api import new_game
from game.engine.kernel.growth import Card
from game.engine.machine import Machine
from game.engine.rng import Rng
from game.engine.scenario import Scenario
from game.engine.state import GameState, PlacedCard
from tests.kit import board, content, scenario

CAVE = board("AA", "AA", start={1: (0, 0)}, place=[("exit", (1, 1))])
HALL = Card(id="hall", squares=frozenset({(x, y) for x in range(3) for y in range(3)} | {(-1, 1)}), anchor=(-1, 1),
            size=3)


def _scn() -> Scenario:
    return Scenario(brief=scenario(CAVE).brief, board=CAVE, content=content(), cards={"hall": HALL})


def _state() -> GameState:
    return GameState(scenario_id="test", seed=1, rng=Rng.from_seed(1)).attach(_scn())


def test_a_state_without_grown_cards_has_its_scenario_and_saves_as_before():
    s = _state()
    assert s.scenario.board is CAVE and '"grown"' not in s.model_dump_json()


def test_a_card_laid_at_the_exit_grows_the_board_every_reader_sees():
    s = _state()
    Machine(s).grow_board("hall", (1, 1), 0)
    b = s.scenario.board
    assert b.has((2, 1)) and b.has((4, 2)) and not CAVE.has((2, 1))
    assert b.tile_of((2, 1)).id == "hall@1"  # a card laid twice gets two tiles
    assert b.base_edge((1, 1), (2, 1)).value == "open"  # the junction is open (kernel joins)
    assert s.scenario is s.scenario and s.clone().scenario is s.scenario  # built once, shared by clones
    assert s.scenario.content is s.scenario.grown_from.content and s.scenario.as_set_up.board is CAVE


def test_the_grown_cards_are_saved_and_a_loaded_game_sees_the_same_board():
    s = _state()
    Machine(s).grow_board("hall", (1, 1), 90)
    back = GameState.model_validate_json(s.model_dump_json()).attach(_scn())
    assert back.grown == [PlacedCard(card="hall", at=(1, 1), rot=90)]
    assert sorted(back.scenario.board.square_tile) == sorted(s.scenario.board.square_tile)


def test_attaching_or_starting_from_a_grown_scenario_starts_from_the_board_as_set_up():
    s = _state()
    Machine(s).grow_board("hall", (1, 1), 0)
    grown = s.scenario
    other = GameState(scenario_id="test", seed=1, rng=Rng.from_seed(1)).attach(grown)
    assert other.scenario.board is CAVE  # (the UI's undo history and saves start games from state.scenario)
    g = new_game(grown, [("vera", 1)], seed=2)
    assert g.scenario.board is CAVE


def test_a_card_that_does_not_fit_or_is_unknown_is_refused_and_the_state_is_unchanged():
    s = _state()
    m = Machine(s)
    with pytest.raises(KeyError, match="'nowhere' is not one of the scenario's cards"):
        m.grow_board("nowhere", (1, 1))
    with pytest.raises(ValueError, match="the board already has"):
        m.grow_board("hall", (0, 1), 0)  # laid over the cave
    assert s.grown == [] and s.scenario.board is CAVE
