"""Issue 29 leftovers: a game given up from outside the rules waits on nobody (the bots' step
limit: play_out_campaign, replay_campaign), and a campaign's bug report replays after an R-SOLO-2
swap changed the party on the way."""
from __future__ import annotations

import json

from game.content.campaign_saves import export_for_bug_report, load_campaign, save_campaign
from game.engine import apply, give_up, legal_actions, new_game
from game.engine.campaign import attempt_records, begin_scenario, finish_scenario, replay_campaign
from game.engine.invariants import check_state
from tests.campaign_kit import cact, new, pack, scenario, until
from tests.kit import content


def _steps(gs, n: int) -> None:
    for _ in range(n):
        if gs.over:
            return
        apply(gs, legal_actions(gs)[0])


def test_issue29_a_game_given_up_is_over_and_waits_on_nobody():
    """give_up (a bot's step limit) used to leave the decision the game waited on: an ended game
    with a decision left, which the invariants and the save loaders refuse."""
    gs = new_game(scenario("DT1"), [("vera", 1), ("mateo", 2)], 4)
    _steps(gs, 6)
    assert not gs.over and gs.pending is not None
    give_up(gs)
    assert gs.over and gs.result == "failure" and gs.result_reason == "unfinished (step limit)"
    assert gs.result_why == {"t": "msg", "id": "reason.step_limit"}  # (worded by the UI, issue 23)
    assert gs.pending is None and gs.queue == [] and legal_actions(gs) == []
    assert check_state(gs) == []


def test_issue29_give_up_leaves_a_finished_game_as_it_is():
    gs = new_game(scenario("DT1"), [("vera", 1)], 4)
    give_up(gs, {"t": "msg", "id": "reason.step_limit"})
    before = gs.model_dump(mode="json")
    give_up(gs, {"t": "msg", "id": "reason.tension_out"})
    assert gs.model_dump(mode="json") == before and gs.result_reason == "unfinished (step limit)"


def _play_and_give_up(cs, gs, n: int) -> None:
    _steps(gs, n)
    give_up(gs)
    finish_scenario(cs, gs)


def _solo_campaign_with_a_swap():
    cs = new(party=("vera",), seed=3)
    cact(cs, "choose", target="DT1")
    cact(cs, "pick", target="vera")
    _play_and_give_up(cs, begin_scenario(cs, scenario("DT1")), 7)
    until(cs, "choose")
    cact(cs, "choose", target="UT1")
    cact(cs, "pick", target="grigor")  # R-SOLO-2: Grigor takes over
    gs = begin_scenario(cs, scenario("UT1"))
    _play_and_give_up(cs, gs, 5)
    until(cs, "choose")
    return cs


def test_issue29_R_SOLO_2_a_bug_report_after_a_swap_replays_from_the_party_it_started_with(tmp_path):
    """export_for_bug_report wrote the party of now (Grigor, after the R-SOLO-2 swap): the record
    did not replay from it. It writes the party the campaign started with."""
    cs = _solo_campaign_with_a_swap()
    assert cs.party == ["grigor"] and cs.started_with == ["vera"]
    doc = json.loads(export_for_bug_report(tmp_path / "bug.json", cs).read_text())
    assert doc["party"] == ["vera"]
    again = replay_campaign(pack(), content(), doc["party"], doc["seed"], doc["record"], doc["attempts"], scenario,
                            easy=doc["easy"])
    assert again.model_dump(mode="json") == cs.model_dump(mode="json")
    assert again.model_dump(mode="json") == replay_campaign(pack(), content(), ["vera"], cs.seed, cs.record,
                                                            attempt_records(cs), scenario).model_dump(mode="json")


def test_issue29_the_party_it_started_with_survives_a_save_and_old_saves_still_load(tmp_path):
    cs = _solo_campaign_with_a_swap()
    p = tmp_path / "c.json"
    save_campaign(p, cs)
    back, _ = load_campaign(p, pack(), content(), scenario)
    assert back.started_with == ["vera"] and back.same_as(cs)
    doc = json.loads(p.read_text())
    del doc["campaign"]["started_with"]  # a save made before the field was kept
    p.write_text(json.dumps(doc))
    old, _ = load_campaign(p, pack(), content(), scenario)
    assert old.started_with == [] and old.party == ["grigor"]
    assert json.loads(export_for_bug_report(tmp_path / "bug.json", old).read_text())["party"] == ["grigor"]


def test_issue29_a_save_whose_first_party_cannot_be_is_refused(tmp_path):
    import pytest

    from game.content.errors import ContentError
    cs = _solo_campaign_with_a_swap()
    p = tmp_path / "c.json"
    save_campaign(p, cs)
    for bad in (["vera", "mateo"], ["nobody"]):
        doc = json.loads(p.read_text())
        doc["campaign"]["started_with"] = bad
        p.write_text(json.dumps(doc))
        with pytest.raises(ContentError, match="started_with"):
            load_campaign(p, pack(), content(), scenario)
