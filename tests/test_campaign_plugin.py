"""A third campaign plugs into the campaign layer without any change to game/ (issue 14: "a
campaign is data plus a few registered rules, not a fork of the core"): the pack, state class
and rule set of tests/rulesets/tiny_campaign.py (two city scenarios in order, a short end phase)
are played through the layer's public calls, saved and loaded by the same save code, and the
end phase runs the shared steps its lists name (R-END-S2, R-END-S6, R-END-X1), wins by its final
(R-CAMP-16) and keeps every card in one place (R-ITEM-9)."""
from game.content.campaign_saves import load_campaign, save_campaign
from game.engine.campaign import (begin_scenario, conservation, end_steps, finish_scenario, playable, slot_status,
                                  start_campaign)
from tests.campaign_kit import cact, content, scenario, until
from tests.rulesets.tiny_campaign import PACK, TinyState


def play(cs, sid: str, result: str) -> list:
    cact(cs, "choose", target=sid)
    gs = begin_scenario(cs, scenario(sid))
    assert gs.rules == "core" and [c.cid for c in gs.characters] == ["vera", "mateo"]
    gs.result, gs.result_reason = result, "test"
    return finish_scenario(cs, gs)


def test_R_CAMP_16_a_third_campaign_plays_saves_and_wins_through_the_layer(tmp_path):
    cs = start_campaign(PACK, content(), ["vera", "mateo"], 5)
    assert isinstance(cs, TinyState) and playable(cs) == ["DT1"] and slot_status(cs, "UT1")[0] == "waiting"
    assert not {"slots", "route", "kerosene"} & set(type(cs).model_fields)  # only the layer's and its own
    assert [s for s, _ in end_steps(cs, True)] == ["sustained", "poison", "overrun", "victory", "heal", "danger",
                                                   "transfer", "choose"]
    play(cs, "DT1", "failure")  # R-END-F5: +2, nothing earned
    assert cs.danger == 2 and cs.medals == 0 and cs.phase == "failure.transfer"
    until(cs, "choose")
    ev = play(cs, "DT1", "success")  # R-END-S6: +1; its own hook: a medal, DT1 complete
    assert cs.danger == 3 and cs.medals == 1 and cs.completed == ["DT1"]
    assert [e.rule for e in ev if e.kind == "recover"] == ["R-END-S2", "R-END-S2"]
    until(cs, "choose")
    assert playable(cs) == ["UT1"] and conservation(cs) == []
    path = tmp_path / "tiny.json"
    save_campaign(path, cs)
    back, gs = load_campaign(path, PACK, content(), scenario)
    assert isinstance(back, TinyState) and back.same_as(cs) and gs is None
    play(cs, "UT1", "success")
    assert cs.result == "victory" and cs.result_reason == "Second Street succeeded" and cs.phase == "over"
    assert conservation(cs) == []
