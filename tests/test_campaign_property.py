"""DV-14 no-deadlock property on the real DV-19 graph (R-CAMP-23, R-CAMP-11, R-CAMP-13): over
random choices of scenario, random results, random token finds, random use of the item box and
random refusals to flip path cards, the campaign never reaches a state with no playable
scenario and no win."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from game.engine.campaign import conservation, finish_scenario, legal, apply
from tests.campaign_kit import begin_scenario, new, scenario


def _play_random(cs, rnd) -> None:
    opts = legal(cs)
    done = [o for o in opts if o.kind == "done"]
    a = done[0] if done and rnd.random() < 0.5 else rnd.choice(opts)
    apply(cs, a)
    if cs.phase != "playing":
        return
    sid = cs.chosen
    if sid == "intro":
        from game.content.loader import load_scenario
        from tests.kit import content
        gs = begin_scenario(cs, load_scenario("intro", content()))
        gs.result, gs.result_reason = rnd.choice(["success", "failure"]), "random"
        finish_scenario(cs, gs)
        return
    gs = begin_scenario(cs, scenario(sid))
    from game.engine.invariants import check_state
    assert check_state(gs) == [], check_state(gs)[:3]  # a carried-in scenario is a sound game state
    # find a random subset of the Item C and progression tokens
    for t in list(gs.tokens):
        if t.kind == "progression" and rnd.random() < 0.6:
            gs.tokens.remove(t)
        elif t.kind == "item" and str(t.props.get("letter")) == "C" and rnd.random() < 0.6:
            gs.tokens.remove(t)
            if gs.piles["item_c"]:
                uid = gs.piles["item_c"].pop(0)
                c = rnd.choice(gs.characters)
                if len(c.inventory) < 6 and rnd.random() < 0.7:
                    c.inventory.append([uid])
                else:
                    gs.item_box.append([uid])
    gs.danger = 0  # the property is about the unlock graph, not the danger track
    gs.result = "success" if rnd.random() < 0.7 else "failure"
    gs.result_reason = "random"
    finish_scenario(cs, gs)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 31), party=st.sampled_from([("vera",), ("vera", "mateo"), ("anton", "grigor", "mateo")]),
       rnd=st.randoms(use_true_random=False))
def test_DV_14_R_CAMP_23_no_deadlock_over_random_unlock_orders(seed, party, rnd):
    """DV-14: whatever the order, a campaign that is not won always has a playable scenario."""
    cs = new(party=party, seed=seed)
    for _ in range(400):
        if cs.result is not None:
            break
        assert cs.pending is not None, f"no decision pending in phase {cs.phase}"
        _play_random(cs, rnd)
        if cs.phase.endswith("choose"):
            assert legal(cs), "no playable scenario"
    assert cs.result != "defeat", cs.result_reason
    assert conservation(cs) == []
