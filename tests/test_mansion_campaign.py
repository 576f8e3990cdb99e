"""The mansion campaign (rules/mansion.md §2, §7-8, §11-12): the manor map (M-MAP), Item C
(M-ITEMC), set-up and state (M-CAMP), switching (M-SWITCH), the end-phase changes (M-END), the
reserve between scenarios (M-RESERVE-4), modes (M-MODE), and the campaign rows of M-DOC-2."""
import json

import pytest

from game.engine.messages import english
from game.engine.campaign import CampaignError, legal
from game.engine.mansion.campaign import (MansionCampaignState, card_status, conservation, playable,
                                          start_mansion_campaign, standalone_mansion)
from game.engine.mansion.state import Reserved
from tests.campaign_kit import cact, until
from tests.mansion_kit import collect_c, mcard, mchoose, mcontent, mend, mnew, mpack

A_CARDS = ["E1A", "E2A", "W1A", "W2A"]


def test_M_MAP_1_start_layout():
    """M-MAP-1 / MAMB-1: the Grand Hall hub, the four A cards unlocked, Basement locked; only the
    four A cards can be played (and the Introduction)."""
    cs = mnew()
    assert cs.map == {"W1A": "unlocked", "E1A": "unlocked", "W2A": "unlocked", "E2A": "unlocked", "BSMT": "locked"}
    assert sorted(playable(cs)) == A_CARDS
    assert sorted(a.target for a in legal(cs)) == sorted(A_CARDS + ["intro"])
    assert card_status(cs, "GH")[0] == "hub" and card_status(cs, "W1B")[0] == "absent"


def test_M_CAMP_1_M_CHAR_4_setup_decks_and_kerosene():
    """M-CAMP-1: kerosene at the limit, the survivor deck = unchosen mains + reserve-only (MAMB-13),
    mission/event/encounter decks shuffled, Item C staged (M-ITEMC-6); M-CHAR-4: only main
    characters can be chosen."""
    cs = mnew(("bram", "ivy"))
    assert cs.kerosene == {"bram": 3, "ivy": 1}
    assert sorted(cs.decks["survivors"]) == ["dana", "lyle", "marcus", "theo", "victor"]
    assert sorted(cs.decks["missions"]) == sorted(mcontent().missions) and len(cs.decks["encounter"]) == 30
    stages = [mcontent().items[cs.cards[u].defn].stage for u in cs.piles["item_c"]]
    assert stages == [1, 1, 1, 1, 2, 2, 3, 3]
    with pytest.raises(CampaignError):
        start_mansion_campaign(mpack(), mcontent(), ["theo"], 1)
    assert conservation(cs) == []


def test_M_MAP_2_M_MAP_3_M_MAP_8_success_adds_the_next_card_locked_then_sheet_music_flips_it():
    """M-MAP-8 worked example: success in 1F West A adds 1F West B locked side up (M-MAP-2/3);
    once a character holds the Sheet Music it flips (M-MAP-4/6), the item removed from the game."""
    cs = mnew()
    gs = mchoose(cs, "W1A")
    mend(cs, gs, "success")
    assert cs.map["W1B"] == "locked" and "W1B" not in playable(cs)
    music = next(u for u in cs.piles["item_c"] if cs.cards[u].defn == "sheet_music")
    cs.piles["item_c"].remove(music)
    cs.characters[0].inventory.append([music])
    until(cs, "choose")
    gs = mchoose(cs, "E1A")
    mend(cs, gs, "failure")  # M-END-2: a failure's unlock step flips (no card added)
    assert cs.map["W1B"] == "unlocked" and music in cs.piles["removed"]
    assert "E1B" not in cs.map


def test_M_MAP_7_card_added_while_its_item_is_held_flips_at_once():
    """M-MAP-7: cards are added before flipping, so 1F West B flips in the same end phase."""
    cs = mnew()
    gs = mchoose(cs, "W1A")
    music = next(u for u in gs.piles["item_c"] if gs.cards[u].defn == "sheet_music")
    gs.piles["item_c"].remove(music)
    gs.characters[1].inventory.append([music])
    mend(cs, gs, "success")
    assert cs.map["W1B"] == "unlocked"


def test_M_ITEMC_2_M_ITEMC_3_completion_needs_every_item_c_token():
    """M-ITEMC-2/3: a success without its Item C token leaves the card playable (a replay); a
    success with it places the completion token and the card can no longer be played (M-MAP-5:
    playable iff unlocked side up and no completion token)."""
    cs = mnew()
    gs = mchoose(cs, "E1A")
    mend(cs, gs, "success")
    until(cs, "choose")
    assert "E1A" in playable(cs) and "E1A" not in cs.completed
    assert english(card_status(cs, "E1A")[1]).startswith("replay")
    gs = mchoose(cs, "E1A")
    collect_c(gs)
    mend(cs, gs, "success")
    until(cs, "choose")
    assert "E1A" in cs.completed and "E1A" not in playable(cs)


def test_M_ITEMC_4_replay_item_b_deck_holds_only_scenario_items():
    """M-ITEMC-4: on a replay after a success the Item B deck holds only the brief's scenario
    items (the stub W1A lists none: the replay's Item B deck is empty)."""
    cs = mnew()
    gs = mchoose(cs, "W1A")
    assert gs.piles["item_b"]
    mend(cs, gs, "success")
    until(cs, "choose")
    gs = mchoose(cs, "W1A")
    assert gs.piles["item_b"] == []


def test_M_DOC_2_M_ITEMC_5_no_progression_tokens_only_item_c_bookkeeping():
    """R-CAMP-19 (A) -> M-ITEMC-5: the mansion collects only Item C tokens; no path cards, no
    progression tokens, no Clock Tower route: the mansion campaign state has no such fields at all
    (its saved JSON neither), only the Item C tokens collected."""
    cs = mnew()
    gs = mchoose(cs, "W1A")
    collect_c(gs)
    mend(cs, gs, "success")
    until(cs, "choose")
    saved = json.loads(cs.model_dump_json())
    assert list(cs.collected_c) == ["W1A"] and saved["collected_c"] == {"W1A": cs.collected_c["W1A"]}
    assert not {"collected_p", "route", "slots", "aside", "rares_added"} & set(saved)


def test_M_END_2_M_END_4_MAMB_21_completing_the_later_of_courtyard_and_guardhouse_adds_laboratory_4():
    """M-END-2 (0)+(1) / M-END-4 / MAMB-21: the completion token is placed before the COMPLETED
    test in the same unlock step, so finishing Guardhouse after Courtyard adds Laboratory 4."""
    cs = mnew()
    cs.map.update({"CY": "unlocked", "GD": "unlocked"})
    cs.completed += ["CY"]
    gs = mchoose(cs, "GD")
    collect_c(gs)
    mend(cs, gs, "success")
    assert "GD" in cs.completed and cs.map.get("LAB4") == "locked"


def test_M_MAP_9_RESERVE_AT_LEAST_condition_flips_2F_West_B():
    """M-MAP-9: 2F West B flips once the reserve holds a character (condition, nothing spent)."""
    cs = mnew()
    gs = mchoose(cs, "W2A")
    mend(cs, gs, "success")
    assert cs.map["W2B"] == "locked"
    until(cs, "choose")
    gs = mchoose(cs, "E1A")
    gs.mansion.reserve = [Reserved(cid="theo")]
    gs.mansion.decks["survivors"].remove("theo")
    mend(cs, gs, "failure")
    assert cs.map["W2B"] == "unlocked"


def test_M_MAP_10_MAMB_22_second_unlock_step_reads_inventories_after_the_transfers():
    """M-DOC-2 R-CAMP-23 (R) -> M-MAP-10: a Cellar Key in the item box at the end does not flip
    Basement in the first unlock step; taken out at R-END-X1, it flips in the second."""
    cs = mnew()
    gs = mchoose(cs, "E1A")
    key = next(u for u in gs.piles["item_c"] if gs.cards[u].defn == "cellar_key")
    gs.piles["item_c"].remove(key)
    gs.item_box.append([key])
    mend(cs, gs, "success")
    until(cs, "transfer")
    assert cs.map["BSMT"] == "locked"
    cact(cs, "take", item=key, target="dana")
    cact(cs, "done")
    assert cs.map["BSMT"] == "unlocked" and key in cs.piles["removed"]


def test_M_MAP_10_ruling_box_is_read_when_nothing_else_is_playable():
    """M-MAP-10 [ruling, MAMB-22]: with every other card complete and the key left in the box,
    the second unlock step reads the box too: the campaign never stalls."""
    cs = mnew()
    cs.completed += ["W1A", "W2A", "E2A"]
    gs = mchoose(cs, "E1A")
    key = next(u for u in gs.piles["item_c"] if gs.cards[u].defn == "cellar_key")
    gs.piles["item_c"].remove(key)
    gs.item_box.append([key])
    collect_c(gs)
    mend(cs, gs, "success")
    until(cs, "choose")
    assert "BSMT" in playable(cs)


def test_M_RESERVE_4_M_END_3_MAMB_11_reserve_heals_two_on_success_only():
    """M-RESERVE-4 / M-END-3 / MAMB-11: reserve characters discard two wound tokens after a
    success, none after a failure; M-MODE-1: three in easy mode."""
    for easy, result, after in ((False, "success", 1), (False, "failure", 3), (True, "success", 0)):
        cs = mnew(easy=easy)
        gs = mchoose(cs, "E1A")
        gs.mansion.reserve = [Reserved(cid="theo", wounds=3)]
        gs.mansion.decks["survivors"].remove("theo")
        mend(cs, gs, result)
        until(cs, "choose")
        assert cs.reserve_of("theo").wounds == after, (easy, result)


def test_M_KERO_5_M_CAMP_5_kerosene_reserve_and_decks_carry_between_scenarios():
    """M-KERO-5: kerosene is untouched by the end phase; M-CAMP-5: reserve, survivor, mission,
    event and encounter decks carry over in order."""
    cs = mnew()
    gs = mchoose(cs, "E1A")
    gs.mansion.kerosene["dana"] = 1
    gs.mansion.decks["events_removed"].append(gs.mansion.decks["events"].pop(0))
    order = list(gs.mansion.decks["encounter"])
    mend(cs, gs, "failure")
    until(cs, "choose")
    assert cs.kerosene["dana"] == 1 and len(cs.decks["events_removed"]) == 1
    gs2 = mchoose(cs, "E1A")
    assert gs2.mansion.kerosene["dana"] == 1 and gs2.mansion.decks["encounter"] == order
    assert gs2.mansion.campaign and conservation(cs) == []
    back = MansionCampaignState.model_validate_json(cs.model_dump_json())
    assert back.same_as(cs)


def test_M_SWITCH_1_to_7_switching_at_setup():
    """M-SWITCH-1: with a main character in the reserve and fewer than four characters a player may
    switch at set-up, one seat at a time; M-SWITCH-2: the old profile goes into the reserve and a
    main character comes out; M-SWITCH-5 / MDV-9: with health-1 wound tokens, poison lost;
    M-SWITCH-6: the new one starts at 1 + its wounds; M-SWITCH-4: kerosene moves up to the new
    limit; M-SWITCH-3: the items the player moves (limits apply), the rest to the box or discarded;
    M-SWITCH-7: it brings nothing of its own. M-END-5: switching comes after the X1 transfers, at
    the next scenario's set-up."""
    cs = mnew(("dana", "marcus"))
    cs.reserve = [Reserved(cid="ivy", wounds=1)]
    cs.decks["survivors"].remove("ivy")
    cs.char("dana").health = 4
    cs.char("dana").poisoned = True
    cact(cs, "choose", target="E1A")
    assert cs.pending.kind == "switch" and {a.target for a in legal(cs)} == {"dana", "ivy"}
    cact(cs, "pick", target="ivy")
    items = [sl[0] for sl in [] ]  # noqa: F841
    while cs.pending is not None and cs.pending.kind == "switch_items":
        opts = legal(cs)
        cact(cs, opts[0].kind, **{k: v for k, v in opts[0].short().items() if k != "kind"})
    assert cs.party[0] == "ivy" and cs.char("ivy").health == 2 and not cs.char("ivy").poisoned
    assert cs.reserve_of("dana").wounds == 3
    assert cs.kerosene == {"ivy": 1, "marcus": 2}  # Dana's 2 capped at Ivy's limit 1 (M-SWITCH-4)
    assert len(cs.char("ivy").inventory) == 3  # Dana's knife, handgun, lock pick moved over
    assert cs.pending.kind == "switch"  # seat 2 next (M-SWITCH-1: one at a time)
    starting = set(mcontent().characters["ivy"].starting_items)
    assert not any(cs.cards[u].defn in starting - {"knife", "handgun"} for sl in cs.char("ivy").inventory for u in sl)


def test_M_SWITCH_3_R_ITEM_9_a_campaign_saved_in_the_middle_of_a_switch_adds_up_and_resumes_at_item_placement(tmp_path):
    """M-SWITCH-3: the old character's items are placed one slot at a time; the ones not placed yet
    wait in the switching step. R-ITEM-9: conservation counts them there (it said "S:dana:0 nowhere",
    so a campaign saved mid-switch was refused at load). The slot written after the first item is
    placed loads and asks the next item; finishing there gives the same campaign as without the save."""
    from game.content.campaign_saves import load_campaign, save_campaign, slot_path
    from game.engine.campaign import apply

    def mid_switch():
        cs = mnew(("dana", "marcus"))
        cs.reserve = [Reserved(cid="ivy", wounds=1)]
        cs.decks["survivors"].remove("ivy")
        cact(cs, "choose", target="E1A")
        cact(cs, "pick", target="ivy")
        assert cs.pending.kind == "switch_items"
        apply(cs, legal(cs)[0])  # Dana's first item placed, two still to come
        assert cs.pending.kind == "switch_items"
        return cs

    cs = mid_switch()
    waiting = [u for sl in cs.pending.ctx["task"]["items"] for u in sl]
    assert len(waiting) == 2 and all(cs.where(u) is None for u in waiting)  # in no pile: in transit
    assert conservation(cs) == []
    cs.pending.ctx["task"]["items"].append(cs.char("ivy").inventory[0])  # one card in two places
    assert conservation(cs) and "in 2 places" in conservation(cs)[0]
    cs = mid_switch()
    p = slot_path("mid switch", tmp_path)
    save_campaign(p, cs)
    back, gs = load_campaign(p, mpack(), mcontent(), lambda sid: mcard(sid))
    assert gs is None and back.pending.kind == "switch_items" and back.party == ["ivy", "marcus"]
    assert [a.short() for a in legal(back)] == [a.short() for a in legal(cs)]
    for run in (cs, back):
        while run.pending is not None and run.pending.kind == "switch_items":
            apply(run, legal(run)[0])
    assert back.same_as(cs) and len(back.char("ivy").inventory) == 3 and conservation(back) == []


def test_M_SWITCH_8_reserve_only_characters_are_never_offered_and_four_characters_never_switch():
    """M-SWITCH-8: reserve-only characters stay in the reserve: with only them in the reserve
    nobody is asked to switch, and with a main character there they are not among the options.
    (M-SWITCH-1's "fewer than four" cannot be tested apart: a party of four holds all four main
    characters, so none can be in the reserve.)"""
    cs = mnew()
    cs.reserve = [Reserved(cid="theo"), Reserved(cid="victor")]
    cact(cs, "choose", target="E1A")
    assert cs.phase == "playing"
    cs = mnew()
    cs.reserve = [Reserved(cid="theo"), Reserved(cid="bram")]
    cs.decks["survivors"].remove("bram")
    cact(cs, "choose", target="E1A")
    assert {a.target for a in legal(cs)} == {"dana", "bram"}


def test_M_DOC_2_M_SWITCH_9_M_MODE_2_solo_switches_instead_of_picking_any_character():
    """R-SOLO-2 (R) -> M-SWITCH-9 / M-MODE-2: the solo player is not offered the other profiles
    (the city's swap); with a main character in the reserve it switches like everyone else."""
    cs = mnew(("dana",))
    cact(cs, "choose", target="E1A")
    assert cs.phase == "playing" and cs.pending is None
    cs = mnew(("dana",))
    cs.reserve = [Reserved(cid="bram")]
    cs.decks["survivors"].remove("bram")
    cact(cs, "choose", target="E1A")
    assert cs.pending.kind == "switch" and {a.target for a in legal(cs)} == {"dana", "bram"}
    from tests.campaign_kit import new as city_new
    city = city_new(("vera",))
    cact(city, "choose", target="DT1")
    assert city.pending.kind == "swap" and len(legal(city)) == 4


def test_M_DOC_2_M_END_1_end_phase_rows():
    """R-END-S*/F* (A) -> M-END-1..4: the mansion success list puts completion in the unlock step
    and reserve healing after S2, with no R-END-S9 row; the failure list is the core's."""
    from game.engine.campaign import SUCCESS_STEPS as CITY
    from game.engine.mansion.campaign import FAILURE_STEPS, SUCCESS_STEPS
    names = [n for n, _ in SUCCESS_STEPS]
    assert "completion" not in names and "completion" in [n for n, _ in CITY]
    assert names.index("reserve_heal") == names.index("heal") + 1
    assert dict(SUCCESS_STEPS)["unlock"] == "M-END-2" and dict(SUCCESS_STEPS)["unlock2"] == "M-MAP-10"
    assert [n for n, _ in FAILURE_STEPS] == [n for n, _ in __import__("game.engine.campaign", fromlist=["x"]).FAILURE_STEPS]


def test_M_CAMP_3_overrun_loses():
    """M-CAMP-3: the danger marker at the end of the track before Laboratory 4 -> lost."""
    cs = mnew()
    gs = mchoose(cs, "E1A")
    gs.danger = 17
    mend(cs, gs, "failure")
    assert cs.result == "defeat" and "overrun" in cs.result_reason


def test_M_CAMP_2_M_CAMP_4_laboratory_4_success_wins_with_a_score():
    """M-CAMP-2: success in Laboratory 4 wins; M-CAMP-4: the score counts characters alive."""
    cs = mnew()
    cs.map["LAB4"] = "unlocked"
    gs = mchoose(cs, "LAB4")
    gs.mansion.reserve = [Reserved(cid="theo")]
    gs.mansion.decks["survivors"].remove("theo")
    gs.danger = 17
    mend(cs, gs, "success")
    assert cs.result == "victory" and "3 characters alive" in cs.result_reason


def test_M_INTRO_1_grand_hall_introduction_has_no_reserve_or_missions():
    """M-INTRO-1: the Introduction is played at the Grand Hall with its own brief, reshuffles,
    and has no reserve, mission or scenario event; it has no end phase."""
    cs = mnew()
    cact(cs, "choose", target="intro")
    from game.engine.mansion.campaign import begin_mansion_scenario
    gs = begin_mansion_scenario(cs, mcard("intro"))
    assert gs.rules == "mansion" and not gs.mansion.campaign and gs.scenario.brief.intro
    assert gs.mansion.decks["events"] == [] and gs.mansion.reserve == []
    mend(cs, gs, "success")
    assert cs.intro_done and cs.pending.kind == "choose" and cs.danger == 0


def test_M_MODE_3_standalone_has_no_reserve_and_follows_the_tier():
    """M-MODE-3: standalone play has no reserve, survivor deck or missions (RESCUE/MISSION fail
    their precondition), no Item C tokens, packets and danger by tier."""
    from game.engine import new_game
    assert mpack().card("E1B").standalone is None  # a tier-2 card with no values of its own
    scn = standalone_mansion(mpack(), mcard("E1B"))
    gs = new_game(scn, [("dana", 1), ("ivy", 2)], 3)
    assert not gs.mansion.campaign and gs.mansion.decks["survivors"] == []
    assert not [t for t in gs.tokens if t.kind == "item" and t.props.get("letter") == "C"]
    assert gs.danger == 4 and scn.brief.packets == ["E1"] and not scn.brief.tension_reshuffle


def test_M_MODE_3_R_STAND_5_a_cards_own_standalone_values_apply_alone_and_never_in_the_campaign():
    """M-MODE-3 ("as R-STAND"): a map card's own ``standalone`` values (the pack's [design]
    numbers) replace its tier's danger start (R-STAND-5) and packets (R-STAND-2) when it is played
    on its own; in the campaign the same card starts at the campaign's danger. A gear value other
    than 0 or the card's tier is refused when the pack is built."""
    from pydantic import ValidationError

    from game.engine import new_game
    from game.engine.mansion.pack import MansionPack

    pack = mpack()
    sa = pack.card("BSMT").standalone
    assert sa is not None and sa.danger_start != 4  # the tier-2 value (R-STAND-5) is 4
    scn = standalone_mansion(pack, mcard("BSMT"))
    gs = new_game(scn, [("dana", 1), ("ivy", 2)], 3)
    assert gs.danger == sa.danger_start and scn.brief.packets == list(sa.packets)
    assert pack.card("W1A").standalone.danger_start == 6
    cs = mnew()
    cs.intro_done = True
    gs = mchoose(cs, "W1A")
    assert gs.danger == cs.danger == 0  # the campaign's danger, not the card's standalone value
    data = pack.model_dump()
    bad = next(c for c in data["cards"] if c["id"] == "BSMT")
    bad["standalone"] = {"gear": 3, "danger_start": 12, "packets": []}
    with pytest.raises(ValidationError, match="standalone gear 3 must be 0"):
        MansionPack.model_validate(data)


def test_R_STAND_5_M_MODE_3_a_cards_standalone_danger_by_party_size():
    """R-STAND-5 [design] read for the manor (M-MODE-3, docs/balance.md): a card's ``standalone``
    block may name a danger start per party size (``danger_by_party``); played alone with that many
    characters the marker starts there, with any other party size on the block's ``danger_start``;
    in the campaign the card starts at the campaign's danger whatever the party. Sizes outside 1-4
    and spaces off the track are refused when the pack is built."""
    from pydantic import ValidationError

    from game.engine import new_game
    from game.engine.mansion.pack import MansionPack

    pack = mpack()
    sa = pack.card("BSMT").standalone
    assert sa.danger_by_party == {3: 6, 4: 6} and sa.danger_start == 12
    scn = standalone_mansion(pack, mcard("BSMT"))
    party = [("dana", 1), ("marcus", 2), ("bram", 1), ("ivy", 2)]
    for n, want in ((1, 12), (2, 12), (3, 6), (4, 6)):
        gs = new_game(scn, party[:n], 3)
        assert gs.danger == want, (n, gs.danger)
    cs = mnew(party=("dana", "marcus", "bram", "ivy"))
    cs.intro_done = True
    cs.map["BSMT"] = "unlocked"
    cs.danger = 9
    gs = mchoose(cs, "BSMT")
    assert gs.danger == 9  # the campaign's danger, not the card's standalone value for four
    data = pack.model_dump()
    bad = next(c for c in data["cards"] if c["id"] == "BSMT")
    for by, msg in (({5: 6}, "5 characters is not a party size"), ({4: 18}, "danger 18 for 4 characters")):
        bad["standalone"]["danger_by_party"] = by
        with pytest.raises(ValidationError, match=msg):
            MansionPack.model_validate(data)


def test_M_DOC_2_M_CAMP_5_campaign_state_adds_the_mansion_fields():
    """R-CAMP-22 (A) -> M-CAMP-5: the mansion campaign state holds kerosene, the reserve, the four
    decks, the map and killed characters; the city state has none of them."""
    from game.engine.campaign import CampaignState
    extra = set(MansionCampaignState.model_fields) - set(CampaignState.model_fields)
    assert {"kerosene", "reserve", "decks", "map", "killed"} <= extra
    cs = mnew()
    assert cs.rules == "mansion_campaign"


def test_M_DOC_2_R_CAMP_12_city_flip_is_a_choice_mansion_flip_is_automatic():
    """R-CAMP-12 (R) -> M-MAP-6: the city asks whether to flip a path card; the mansion flips
    every card whose requirement is held, in the unlock step, with no decision."""
    cs = mnew()
    key = next(u for u in cs.piles["item_c"] if cs.cards[u].defn == "cellar_key")
    cs.piles["item_c"].remove(key)
    cs.characters[0].inventory.append([key])
    gs = mchoose(cs, "E1A")
    ev = mend(cs, gs, "failure")
    assert cs.map["BSMT"] == "unlocked" and any(e.rule == "M-MAP-6" for e in ev)
    assert key in cs.piles["removed"]
    from tests.campaign_kit import card_of, choose as city_choose, end as city_end, hold, new as city_new
    city = city_new()
    city.slots["DT2"] = "locked"
    hold(city, "vera", card_of(city, "maintenance_key"))
    gs = city_choose(city, "DT1")
    city_end(city, gs, "failure")
    until(city, "unlock")
    assert any(a.kind == "choose" and a.target == "P-DT2" for a in legal(city))
    assert city.slots["DT2"] == "locked"


def saved_mid_scenario(path, steps: int):
    """A new mansion campaign playing W1A, ``steps`` actions in, saved to ``path``: (cs, gs)."""
    from game.content.campaign_saves import save_campaign
    from game.engine import apply as gapply, legal_actions
    cs = mnew()
    gs = mchoose(cs, "W1A")
    for _ in range(steps):
        gapply(gs, legal_actions(gs)[0])
    save_campaign(path, cs, gs)
    return cs, gs


def test_M_CAMP_5_campaign_save_round_trip_mid_scenario(tmp_path):
    """M-CAMP-5: a mansion campaign saved mid-scenario (same save slots as the city) loads back
    equal, the game in progress included, with the mansion state classes."""
    from game.content.campaign_saves import load_campaign
    from game.engine.mansion.state import MansionState
    path = tmp_path / "manor.json"
    cs, gs = saved_mid_scenario(path, 5)
    cs2, gs2 = load_campaign(path, mpack(), mcontent(), mcard)
    assert isinstance(cs2, MansionCampaignState) and isinstance(gs2, MansionState)
    assert cs2.same_as(cs) and gs2.same_as(gs)
    assert gs2.scenario.rules == "mansion" and gs2.scenario.mansion_carry is not None


def test_M_CAMP_5_version_3_mansion_save_with_the_city_fields_migrates(tmp_path):
    """M-CAMP-5: campaign saves of version 3 wrote the city's path-card, progression, route and
    set-aside fields, empty, into a mansion campaign. They still load (migrated to the
    pack-shaped state, mid-scenario game included, equal to what was saved); a city save keeps
    those fields; a mansion save with such a field not empty was never written by the game and
    is refused naming the file and the place."""
    from game.content.campaign_saves import CAMPAIGN_SAVE_VERSION, load_campaign, read_campaign_doc, save_campaign
    from game.content.errors import ContentError
    path = tmp_path / "manor.json"
    cs, gs = saved_mid_scenario(path, 3)
    doc = json.loads(path.read_text())
    old = {"aside": [], "rares_added": [], "slots": {}, "collected_p": {}, "route": False}
    doc["version"] = 3
    doc["campaign"] = {**doc["campaign"], **old}
    path.write_text(json.dumps(doc))
    assert read_campaign_doc(path)["version"] == CAMPAIGN_SAVE_VERSION > 3
    cs2, gs2 = load_campaign(path, mpack(), mcontent(), mcard)
    assert cs2.same_as(cs) and gs2.same_as(gs) and not set(old) & set(json.loads(cs2.model_dump_json()))
    doc["campaign"]["slots"] = {"DT1": "open"}
    path.write_text(json.dumps(doc))
    with pytest.raises(ContentError) as ex:
        load_campaign(path, mpack(), mcontent(), mcard)
    assert "manor.json" in str(ex.value) and "campaign" in str(ex.value)
    from tests.campaign_kit import content as city_content, new as city_new, pack as city_pack
    city = city_new()
    cpath = tmp_path / "city.json"
    save_campaign(cpath, city)
    cdoc = json.loads(cpath.read_text())
    cdoc["version"] = 3
    cpath.write_text(json.dumps(cdoc))
    back, _ = load_campaign(cpath, city_pack(), city_content(), lambda sid: None)
    assert back.same_as(city) and set(old) <= set(json.loads(back.model_dump_json()))


@pytest.mark.parametrize("manual", [("dice", "tension"), ("tension",)])
def test_M_CAMP_5_campaign_played_with_table_draws_replays_from_its_record(manual):
    """Issue 12's automation switches reach the campaign record: scenarios played with the dice
    and/or the tension deck at the table (their results entered as ``enter`` decisions) replay
    from the campaign's record to the same campaign state, because each attempt keeps the
    switches it was played with (``Attempt.manual``, :func:`attempt_records`). Without them the
    first recorded ``enter`` answer is not a legal action and the replay is refused."""
    from game.ai.mansion_bot import MansionBot, choose
    from game.content.mansion_pack import MANSION_PARTY, load_card_scenario
    from game.engine import apply as gapply
    from game.engine.campaign import (CampaignError, apply, attempt_records, begin_mansion_scenario,
                                      finish_mansion_scenario, replay_mansion_campaign, start_mansion_campaign)

    pack, ct = mpack(), mcontent()
    cache = {}

    def load(sid):
        if sid not in cache:
            cache[sid] = load_card_scenario(pack, sid, ct)
        return cache[sid]

    party = list(MANSION_PARTY[:2])
    cs = start_mansion_campaign(pack, ct, party, 5)
    entered = 0
    while not cs.over and len(cs.history) < 3:
        if cs.phase == "playing":
            # the second scenario with the automation on: a campaign may switch between scenarios
            gs = begin_mansion_scenario(cs, load(cs.chosen), manual=() if len(cs.history) == 1 else manual)
            bot = MansionBot(gs.seed)
            for _ in range(3000):
                if gs.over:
                    break
                a = bot.choose(gs)
                entered += a.kind == "enter" or gs.pending.kind.startswith("enter")
                gapply(gs, a)
            assert gs.over
            finish_mansion_scenario(cs, gs)
        else:
            apply(cs, choose(cs))
    assert [list(h.manual) for h in cs.history] == [list(manual), [], list(manual)]
    assert entered > 0  # table draws were entered
    again = replay_mansion_campaign(pack, ct, party, 5, cs.record, attempt_records(cs), load)
    assert again.model_dump_json() == cs.model_dump_json()
    with pytest.raises(CampaignError):  # the records alone, without the switches, do not replay
        replay_mansion_campaign(pack, ct, party, 5, cs.record, [h.record for h in cs.history], load)
    saved = json.loads(cs.model_dump_json())  # the switches are in the save; none saved where none were on
    assert saved["history"][0]["manual"] == list(manual) and "manual" not in saved["history"][1]


def test_R_ITEM_10_M_DOC_2_a_used_up_item_b_card_returns_to_the_campaign_pool():
    """Ruling (session note: "Item B cards that are used up never return to the campaign-wide
    pool"): R-ITEM-10 (the mansion inherits it unchanged, M-DOC-2) says a discarded Item B card
    returns to the pool at once, and using a recovery item discards it (R-USE-3). So a First-Aid
    Spray used up in one manor card is back in the pool after the scenario and is dealt into the
    next brief that lists it; only a card 'removed from the game' (the Hip Pouch, DV-12) leaves it."""
    from game.engine import apply as gapply, legal_actions

    cs = mnew()
    cs.intro_done = True
    gs = mchoose(cs, "W1A")
    sprays = [u for u, c in cs.cards.items() if c.defn == "first_aid_spray"]
    spray = next(u for u in gs.piles["item_b"] + gs.piles["b_pool"] if u in sprays)
    (gs.piles["item_b"] if spray in gs.piles["item_b"] else gs.piles["b_pool"]).remove(spray)
    c = gs.active_char
    c.inventory.append([spray])
    c.health = 4  # Caution: the spray heals
    gs.touch()
    use = next(a for a in legal_actions(gs) if a.kind == "use" and a.item == spray and a.target == c.cid)
    gapply(gs, use)
    assert spray in gs.piles["b_pool"] and c.health == 1
    mend(cs, gs, "success")
    assert cs.where(spray) == "b_pool"  # back in the campaign's pool, not lost
    until(cs, "choose")
    for u in sprays:  # every other spray out of the pool: the next deck can only hold this one
        if u != spray and cs.where(u) == "b_pool":
            cs.piles["b_pool"].remove(u)
            cs.piles["removed"].append(u)
    gs2 = mchoose(cs, "E1A")  # its brief lists a First-Aid Spray
    assert spray in gs2.piles["item_b"]
