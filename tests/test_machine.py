"""The rules machine: rule sets as plug-ins, stable handler names in saves, no half-applied action."""
from __future__ import annotations

import pytest

from game.engine import Action, ActionKind, GameState, RulesError, apply, legal_actions, new_game, replay
from game.engine.machine import Machine, RuleSet, task
from game.engine.scenario import Scenario
from tests.kit import board, content, scenario
from tests.rulesets import duel  # noqa: F401  (registers the "duel" rule set)

ARENA = board("AAAA", "AAAA", "AAAA", place=[("model", (0, 0), {"side": 0}), ("model", (0, 2), {"side": 0}),
                                             ("model", (3, 0), {"side": 1}), ("model", (3, 2), {"side": 1})])


def duel_scenario() -> Scenario:
    base = scenario(ARENA)
    return Scenario(brief=base.brief, board=ARENA, content=content(), rules="duel")


def play(s: GameState, picks: int) -> None:
    for i in range(picks):
        if s.over:
            return
        legal = legal_actions(s)
        apply(s, legal[(i * 7) % len(legal)])


def test_a_second_rule_set_runs_through_the_public_api_with_its_own_phase_table():
    """The duel rule set (tests/rulesets/duel.py) alternates sides and has phases the core lacks."""
    s = new_game(duel_scenario(), [("a", 1), ("b", 2)], seed=3)
    assert s.rules == "duel" and s.phase == "activation" and s.pending.kind == "activate"
    seats = []
    for _ in range(4):
        seats.append(s.pending.seat)
        apply(s, next(a for a in legal_actions(s) if a.kind == ActionKind.ACTIVATE))
    assert seats == [0, 1, 0, 1]  # sides alternate
    assert s.turn == 1 and s.phase == "activation"  # round_end ran and opened the next round


def test_a_second_rule_set_replays_and_survives_save_and_load():
    scn = duel_scenario()
    s = new_game(scn, [("a", 1), ("b", 2)], seed=9)
    play(s, 15)
    again = replay(scn, [("a", 1), ("b", 2)], 9, s.record)
    assert again.same_as(s)
    loaded = GameState.model_validate_json(s.model_dump_json()).attach(scn)
    play(s, 10)
    play(loaded, 10)
    assert loaded.same_as(s)


def test_an_exception_inside_a_task_leaves_the_state_as_before_apply():
    """apply's pipeline: a rule that fails half-way (it zeroed every model's hp, then raised) leaves
    no half-applied action: the state is what it was, and the error says which action."""
    s = new_game(duel_scenario(), [("a", 1), ("b", 2)], seed=1)
    play(s, 3)
    before = s.model_dump_json()
    with pytest.raises(RulesError, match="pass"):
        _apply_unchecked(s, Action(kind="pass", n=13))
    assert s.model_dump_json() == before
    apply(s, legal_actions(s)[0])  # and the game goes on


def _apply_unchecked(s: GameState, a: Action):
    """The failing pass is not in the legal list (n=13 is the test's trigger): list it once."""
    s.cache["legal"] = (s.step, legal_actions(s) + [a])
    return apply(s, a)


def test_saves_hold_stable_handler_names_not_method_names():
    """A pending task in a save names its registered handler; a handler whose Python method is
    renamed still runs from that save."""
    class Renamed(Machine):
        @task("greet")
        def a_method_renamed_later(self, t):
            self.emit("greet", "X", "hello")

    rs = RuleSet(name="renamed", run_class=Renamed, setup=lambda *a: None)
    assert rs.tasks["greet"] is Renamed.a_method_renamed_later
    saved = {"t": "greet"}
    assert "a_method_renamed_later" not in str(saved)


def test_a_name_registered_twice_is_refused():
    class Twice(Machine):
        @task("x")
        def one(self, t):
            pass

        @task("x")
        def two(self, t):
            pass

    with pytest.raises(ValueError, match="registered twice"):
        RuleSet(name="twice", run_class=Twice, setup=lambda *a: None)


def test_an_unknown_rule_set_is_a_clear_error():
    base = scenario(ARENA)
    with pytest.raises(KeyError, match="unknown rule set 'nope'"):
        new_game(Scenario(brief=base.brief, board=ARENA, content=content(), rules="nope"), [("a", 1)], 1)
