"""The fourteen Halloway City scenarios (issue 10): briefs dt1..ct2 on maps/city/*.tmx.

DV-19 / DV-14 token counts, the fixed events and bosses DV-19 names, objective items of DV-12
used by scenario actions (R-SCEN-4), locked doors with their keys in the Item B deck (DV-18),
every map valid, and the bot playing each scenario, and a whole campaign, to an end."""
from __future__ import annotations

from collections import Counter

import pytest

from game.ai.bot import Bot
from game.ai.campaign_bot import play_campaign
from game.content.campaign_pack import load_campaign_scenario, load_pack
from game.content.loader import ROOT, load_content, load_scenario
from game.content.tiled import validate_board
from game.engine import apply, new_game

IDS = ["DT1", "UT1", "CM1", "DT2", "UT2", "CM2", "PR1", "DT3", "PR2", "UT3", "CM3", "PR3", "CT1", "CT2"]
# DV-19 / DV-14: Item C tokens and progression tokens per scenario
ITEM_C = {"DT1": 1, "UT1": 2, "CM1": 1, "DT2": 1, "UT2": 1, "CM2": 1, "PR1": 1, "DT3": 2, "PR2": 2}
PROGRESSION = {"DT1": ["DT2"], "UT1": ["UT2"], "CM1": ["CM2", "PR1"], "DT2": ["DT3"], "UT2": ["UT3"],
               "CM2": ["CM3"], "PR1": ["PR2"], "PR2": ["CLOCK_TOWER_ROUTE", "PR3"]}
OBJECTIVE_ITEMS = {"detonator", "valve_handle", "battery_pack", "winch_lever"}  # DV-12


@pytest.fixture(scope="module")
def ct():
    return load_content()


@pytest.fixture(scope="module")
def pack(ct):
    return load_pack("city", ct)


@pytest.mark.parametrize("sid", IDS)
def test_DV_19_each_scenario_loads_validates_and_has_its_tokens(sid, ct, pack):
    """DV-19/DV-14: the scenario id in lower case is a brief (``--scenario dt1``), its map is
    valid, it carries exactly the Item C and progression tokens of DV-19, and the campaign
    pack plays it."""
    scn = load_scenario(sid.lower(), ct)
    assert scn.brief.id == sid.lower() and scn.brief.map == f"maps/city/{sid.lower()}.tmx"
    assert validate_board(ROOT / scn.brief.map) == []
    places = scn.board.placements
    assert sum(1 for p in places if p.kind == "item" and p.get("letter") == "C") == ITEM_C.get(sid, 0)
    assert sorted(str(p.get("label")) for p in places if p.kind == "progression") == sorted(PROGRESSION.get(sid, []))
    assert load_campaign_scenario(pack, sid, ct).brief.id == sid.lower()
    assert 4 <= len(scn.board.tiles) <= 12 and scn.brief.objective_text and scn.brief.description


def test_DV_14_twelve_item_c_tokens_in_all():
    """DV-14: exactly 12 Item C tokens over the campaign, one per Item C card."""
    assert sum(ITEM_C.values()) == 12


@pytest.mark.parametrize("sid", IDS)
def test_DV_18_every_locked_door_has_its_key_in_the_item_b_deck(sid, ct):
    """DV-18: a locked door's key is in the brief's Item B list, and there are at least as
    many Item B tokens as Item B cards, so every card (keys, objective items) can be found."""
    scn = load_scenario(sid.lower(), ct)
    keys = {lk for i in scn.brief.item_b for lk in ct.items[i].key_for}
    for f in scn.board.features.values():
        if getattr(f, "lock", None):
            assert f.lock in keys, f"{sid}: lock {f.lock} has no key in item_b"
    b_tokens = sum(1 for p in scn.board.placements if p.kind == "item" and p.get("letter") == "B")
    assert b_tokens >= len(scn.brief.item_b)


def test_DV_19_fixed_events_gear_and_bosses_of_the_optional_and_boss_scenarios(ct):
    """DV-19: UT3 'Field Hospital' (recover to Fine, danger -2), CM3 'Pump Station' (danger -1)
    with the Custom Shotgun, PR3 'Radio Room' (danger -2) with the Magnum; DT3 the Burrower,
    CT2 Stalker Stage Two (kill_boss, R-BOSS-10)."""
    want = {"ut3": ("field_hospital", "Field Hospital", {("RECOVER", 99), ("DANGER", -2)}),
            "cm3": ("pump_station", "Pump Station", {("DANGER", -1)}),
            "pr3": ("radio_room", "Radio Room", {("DANGER", -2)})}
    for sid, (label, name, ops) in want.items():
        scn = load_scenario(sid, ct)
        ev = scn.brief.fixed_events[label]
        assert ev.name == name and {(o.op, o.n) for o in ev.effect} == ops
        assert any(p.kind == "fixed_narrative" and p.get("label") == label for p in scn.board.placements)
    assert "ranger_custom" in load_scenario("cm3", ct).brief.item_b
    assert "magnum" in load_scenario("pr3", ct).brief.item_b
    for sid, boss in (("dt3", "burrower"), ("ct2", "stalker_two")):
        scn = load_scenario(sid, ct)
        assert scn.brief.objective == "kill_boss"
        assert [p.get("boss") for p in scn.board.placements if p.kind == "boss_start"] == [boss]


def test_R_SCEN_4_five_or_more_objectives_use_objective_items_and_two_have_own_rules(ct):
    """R-SCEN-4 with DV-12: at least five scenarios need an objective item at an objective
    token (the item is in the Item B deck, the token on the map); not every scenario is
    'reach the exit'; at least two have a rule of their own in the effect vocabulary."""
    with_items, own_rules, objectives = [], [], Counter()
    for sid in IDS:
        scn = load_scenario(sid.lower(), ct)
        objectives[scn.brief.objective] += 1
        for d in scn.brief.scenario_actions:
            if d.item in OBJECTIVE_ITEMS:
                assert d.item in scn.brief.item_b and d.marker in scn.brief.objective_markers
                assert any(p.kind == d.at and p.get("label") == d.at_label for p in scn.board.placements)
                with_items.append(sid)
            if d.effect:
                own_rules.append(sid)
        if any(label not in ("field_hospital", "pump_station", "radio_room") for label in scn.brief.fixed_events):
            own_rules.append(sid)
    assert len(set(with_items)) >= 5
    assert len(set(own_rules)) >= 2
    assert objectives["all_exit"] < len(IDS) / 2


@pytest.mark.parametrize("sid", IDS)
def test_R_SCEN_8_the_bot_plays_each_scenario_to_an_end(sid, ct):
    """R-SCEN-8: a seeded bot game on each map ends in success or failure (no stall)."""
    from game.__main__ import default_party
    scn = load_scenario(sid.lower(), ct)
    s = new_game(scn, default_party(2), 3)
    bot, steps = Bot(3), 0
    while not s.over and steps < 20000:
        apply(s, bot.choose(s))
        steps += 1
    assert s.over and s.result in ("success", "failure")


def test_R_CAMP_a_bot_campaign_on_the_real_maps_ends_without_a_stalled_scenario(ct, pack):
    """R-CAMP / DV-14 no-deadlock on the real maps: a seeded bot campaign ends (victory or
    loss) and no scenario of it stalls at the step limit."""
    cache: dict = {}

    def load(sid):
        if sid not in cache:
            cache[sid] = load_campaign_scenario(pack, sid, ct)
        return cache[sid]
    cs = play_campaign(pack, ct, ["vera", "mateo"], 2, load=load)
    assert cs.over
    assert cs.history and all("step limit" not in (h.reason or "") for h in cs.history)
