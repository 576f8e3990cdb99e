"""Games the long fuzz runs broke, kept as tests (tools.fuzz, issue 13)."""
from __future__ import annotations

from game.content.loader import load_scenario
from tools.fuzz import play_one


def test_R_BOSS_5_a_scenario_that_ends_while_a_shove_waits_leaves_a_valid_final_state():
    """practice-burrower seed 207022 (10,000-game run): Burrow erupts on Vera's square, her shove
    deals the eruption damage, she dies (R-HEALTH-10) and the scenario ends with the zombie still
    waiting to be shoved out of the boss's square. Ruling: play has stopped, it stays there.

    The game's actions are replayed from tests/fuzz_cases/ (recorded before the bot changed, so
    a better bot does not lose the case), with the invariants checked after every step."""
    import json
    from pathlib import Path

    from game.engine import Action, apply, legal_actions, new_game
    from game.engine.invariants import check_state
    from game.engine.query import View

    doc = json.loads((Path(__file__).parent / "fuzz_cases" / "fuzz_practice-burrower_207022.json").read_text())
    s = new_game(load_scenario(doc["scenario"]), [tuple(p) for p in doc["party"]], doc["seed"])
    for i, a in enumerate(doc["record"]):
        act = Action(**a)
        assert act in legal_actions(s), f"step {i + 1}: {a} is not legal"
        apply(s, act)
        assert check_state(s) == [], f"step {i + 1}: {check_state(s)}"
    assert s.result == "failure" and "died" in s.result_reason and len(s.record) == 117
    boss = View(s).boss()
    assert [e.uid for e in s.enemies if e is not boss and e.pos == boss.pos] == ["e6"]  # left where it was


def test_R_SCEN_8_games_where_everyone_left_before_the_objective_end_in_failure():
    """cm1/cm3 seeds from the 10,000-game run: every survivor left by the exit with the objective
    undone and the game had no result and no decision; now it fails (R-SCEN-8). (cm1 215005 was
    the seed found then; after the CM1 balance change (no starting zombie in the Food Court) that
    seed plays differently, and 215077 is the first later cm1 seed that ends this way.)"""
    for sid, seed in (("cm1", 215077), ("cm3", 215113)):
        result, steps, failures = play_one(load_scenario(sid), seed, None, save_every=0)
        assert failures == [] and result == "failure", (sid, seed)
