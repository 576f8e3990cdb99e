"""R-SCEN-4 Scenario Actions and the marker objectives of R-SCEN-8."""
from __future__ import annotations

from game.engine import Action, ActionKind
from tests.kit import act, board, card, game, kinds, legal, rigged, with_enemy

MAP = board("AAAA", place=[("objective", (2, 0), {"label": "pump"}), ("exit", (3, 0))])
PLANT = {"id": "plant", "label": "Place the detonator", "at": "objective", "at_label": "pump", "item": "detonator",
         "marker": "charge_set", "effect": [{"op": "DANGER", "n": 1}]}




def test_R_SCEN_4_a_scenario_action_needs_its_place_and_item_costs_an_action_and_sets_its_marker():
    s = game(MAP, intro=False, scenario_actions=[dict(PLANT, item=None)], objective="markers",
             objective_markers=["charge_set"])
    assert ActionKind.SCENARIO not in kinds(s)  # not on the objective token yet
    act(s, "move", to=(1, 0))
    act(s, "move", to=(2, 0))
    left = s.actions_left
    danger = s.danger
    ev = act(s, "scenario", target="plant")
    assert any(e.kind == "scenario_action" and e.rule == "R-SCEN-4" for e in ev)
    assert "charge_set" in s.core.markers and s.danger == danger + 1  # its effect, in the vocabulary
    assert s.result == "success"  # objective "markers": done (R-SCEN-8)
    assert left == 2  # it cost one action (the result ended the game before the count mattered)


def test_R_SCEN_4_the_item_it_needs_is_used_up_and_it_happens_once():
    s = game(MAP, intro=False, scenario_actions=[dict(PLANT, item="lock_pick")], objective="markers_and_exit",
             objective_markers=["charge_set"])
    c = s.active_char
    c.pos = (2, 0)
    pick = next(u for sl in c.inventory for u in sl if s.cards[u].defn == "lock_pick")
    assert Action(kind="scenario", target="plant") in legal(s)
    act(s, "scenario", target="plant")
    assert pick in s.piles["removed"] and all(pick not in sl for sl in c.inventory)
    assert ActionKind.SCENARIO not in kinds(s)  # once per scenario
    s2 = game(MAP, intro=False, scenario_actions=[dict(PLANT, item="lock_pick")])
    s2.active_char.pos = (2, 0)
    s2.active_char.inventory = [sl for sl in s2.active_char.inventory
                                if s2.cards[sl[0]].defn != "lock_pick"]
    assert ActionKind.SCENARIO not in kinds(s2)  # without the item: not offered


def test_R_SCEN_8_markers_and_exit_getting_out_is_not_enough_before_the_objective():
    s = game(MAP, intro=False, scenario_actions=[dict(PLANT, item=None)], objective="markers_and_exit",
             objective_markers=["charge_set"], party=(("vera", 1), ("mateo", 1)))
    s.active_char.pos = (3, 0)
    act(s, "exit")
    assert s.result is None  # Vera is out and Mateo still in, but the charge is not set
    s = game(MAP, intro=False, scenario_actions=[dict(PLANT, item=None)], objective="markers_and_exit",
             objective_markers=["charge_set"])
    s.active_char.pos = (2, 0)
    act(s, "scenario", target="plant")
    act(s, "move", to=(3, 0))
    act(s, "exit")
    assert s.result == "success"


def test_R_SCEN_4_is_a_non_attack_action_so_an_enemy_in_the_square_attacks_first():
    """R-OOS-3 applies to scenario actions: the zombie in the square attacks before it resolves."""
    s = game(MAP, intro=False, scenario_actions=[dict(PLANT, item=None)], objective="markers",
             objective_markers=["charge_set"])
    s.active_char.pos = (2, 0)
    with_enemy(s, "zombie", (2, 0))
    rigged(s, [1, 1, 1])  # the evade fails: the action is cancelled (R-OOS-3)
    ev = act(s, "scenario", target="plant")
    assert any(e.rule == "R-OOS-3" for e in ev)
    assert "charge_set" not in s.core.markers


def test_R_SCEN_8_everyone_leaving_before_the_objective_fails_the_scenario():
    """markers_and_exit: when the last survivor leaves with the objective undone, nobody can
    finish it: the scenario fails (no stuck game without a result or a legal action)."""
    s = game(MAP, intro=False, scenario_actions=[dict(PLANT, item=None)], objective="markers_and_exit",
             objective_markers=["charge_set"])
    s.active_char.pos = (3, 0)
    act(s, "exit")
    assert s.result == "failure" and "objective" in s.result_reason


def test_R_SCEN_8_everyone_leaving_a_plain_markers_objective_fails_too():
    """Issue 29 item 3: objective plain ``markers`` (the manor's 2F West A/B): when the last
    survivor leaves before the markers are set, the scenario fails instead of waiting on nobody."""
    s = game(MAP, intro=False, scenario_actions=[dict(PLANT, item=None)], objective="markers",
             objective_markers=["charge_set"])
    s.active_char.pos = (3, 0)
    act(s, "exit")
    assert s.result == "failure" and "everyone left" in s.result_reason and s.pending is None


def test_R_SCEN_8_the_manor_card_m_w2a_with_dana_leaving_ends_as_a_failure():
    """The case found from outside (issue 29 item 3): m_w2a, Dana alone; she walks out by the
    exit before the lamps are lit: a failure, never a game with no result and no decision."""
    import random

    from game.ai.modes import bot_for
    from game.content.loader import load_scenario
    from game.engine import apply, legal_actions, new_game
    s = new_game(load_scenario("m_w2a"), [("dana", 1)], 21)
    rnd, bot = random.Random(21), bot_for(s, 21)  # seed 21: she reaches the exit at step 51
    while not s.over:
        legal = legal_actions(s)
        assert legal, f"stuck at step {s.step}: phase {s.phase}, no result and no decision"
        out = [a for a in legal if a.kind == "exit"]
        apply(s, out[0] if out else (rnd.choice(legal) if rnd.random() < 0.5 else bot.choose(s)))
    assert s.result in ("failure", "success")


def test_R_TURN_12_the_engine_refuses_to_leave_a_game_neither_over_nor_waiting(monkeypatch):
    """Issue 29 item 3: after every ``apply`` the game is over or waiting on somebody; a rule set
    that leaves neither raises RulesError (StuckGame as its cause) with the state put back."""
    import pytest

    from game.engine import RulesError, StuckGame
    from game.engine.core.end import End
    s = game(MAP, intro=False, scenario_actions=[dict(PLANT, item=None)], objective="markers",
             objective_markers=["charge_set"])
    s.active_char.pos = (3, 0)
    monkeypatch.setattr(End, "_check_objective", lambda self, everyone_out: None)  # the old hole
    before = s.step
    with pytest.raises(RulesError) as err:
        act(s, "exit")
    assert isinstance(err.value.__cause__, StuckGame) and "neither over nor waiting" in str(err.value)
    assert s.step == before and s.pending is not None and not s.active_char.exited  # put back
    # issue 23: the error says what it means by message id and typed parameters, worded by the UI
    from game.ui.errortext import error_text
    from game.i18n.messages import render

    e = err.value
    assert e.msg == "error.rules" and e.params["step"] == before + 1 and e.params["action"].startswith("exit")
    assert e.params["cause"] == {"t": "msg", "id": "error.stuck", "params": {"step": before + 1, "phase": "end",
                                                                            "n": e.params["cause"]["params"]["n"]}}
    assert "neither over nor waiting on anybody" in error_text(e)
    ja = render(e.msg, e.params, "ja")
    assert "ルールエラー" in ja and "neither" not in ja
