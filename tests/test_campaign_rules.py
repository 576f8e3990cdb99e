"""The campaign (core.md §19-21: R-CAMP-1..23, R-REMOVE, R-EASY, R-SOLO, R-STAND) and the
carry-in/carry-out of a scenario (R-SCEN-3), through the public campaign API."""
from __future__ import annotations

from collections import Counter

import pytest
from game.engine import Action, apply as gapply, legal_actions, new_game
from game.engine.campaign import CampaignError, begin_scenario, conservation, legal, slot_status, standalone_scenario
from game.engine.messages import english
from tests import kit
from tests.campaign_kit import cact, card_of, choose, content, end, hold, new, pack, scenario, until


def test_R_CAMP_1_R_INTRO_9_the_introduction_changes_nothing_in_the_campaign():
    """R-INTRO-9, R-CAMP-1: the Introduction has no end phase; the campaign then starts from its
    own set-up (starting items, Fine, full decks)."""
    cs = new()
    before = cs.model_dump(mode="json")
    cact(cs, "choose", target="intro")
    gs = begin_scenario(cs, kit.content() and scenario_intro())
    gs.char("vera").health = 5
    gs.result, gs.result_reason = "failure", "test"
    from game.engine.campaign import finish_scenario
    finish_scenario(cs, gs)
    assert cs.intro_done and cs.char("vera").health == 1 and cs.piles == before["piles"]
    assert "intro" not in [a.target for a in legal(cs)]


def scenario_intro():
    from game.content.loader import load_scenario
    return load_scenario("intro", kit.content())


def test_R_CAMP_2_R_CAMP_3_starting_items_full_dials_danger_zero():
    """R-CAMP-2: starting items, weapons full except the Knife (no dial); R-CAMP-3: danger 0."""
    cs = new()
    v = cs.char("vera")
    defs = [cs.cards[sl[0]].defn for sl in v.inventory]
    assert defs == ["knife", "handgun", "lock_pick"] and v.health == 1
    assert cs.cards[v.inventory[1][0]].ammo == 6 and cs.cards[v.inventory[0][0]].ammo is None
    assert cs.danger == 0


def test_R_CAMP_4_R_CAMP_5_R_CAMP_7_decks_at_campaign_start():
    """R-CAMP-4: 14 narrative cards shuffled; R-CAMP-5: 6 rare Item A cards set aside, 20 in the
    deck; R-CAMP-7: 22 escalation tension cards set aside, 34 in the deck."""
    cs = new()
    assert len(cs.piles["narrative"]) == 14 and cs.piles["narrative"] != sorted(cs.piles["narrative"])
    assert len(cs.piles["item_a"]) == 20 and len(cs.piles["rare_aside"]) == 6
    assert len(cs.piles["tension"]) == 34 and len(cs.piles["tension_aside"]) == 22
    assert not any(kit.content().tension[cs.cards[u].defn].escalation for u in cs.piles["tension"])
    assert conservation(cs) == []


def test_R_CAMP_6_item_c_is_staged_and_never_shuffled():
    """R-CAMP-6: early cards on top, then middle, then late; the order never changes, even over
    end phases that shuffle other decks."""
    cs = new()
    stages = [kit.content().items[cs.cards[u].defn].stage for u in cs.piles["item_c"]]
    assert stages == [1] * 4 + [2] * 4 + [3] * 4
    order = list(cs.piles["item_c"])
    for result in ("success", "failure", "success"):
        gs = choose(cs, "UT1")
        end(cs, gs, result)
        until(cs, "choose")
    assert cs.piles["item_c"] == order


def test_R_CAMP_8_escalation_packets_once_and_cumulative():
    """R-CAMP-8: setting up a tier-3 scenario first adds E1 and E2 together, removing their Quiet
    Moments from the game; a later tier-2 scenario adds nothing more."""
    cs = new()
    cs.slots["PR2"] = "open"
    gs = choose(cs, "PR2")
    assert cs.packets == ["E1", "E2"]
    assert len(gs.piles["tension"]) == 38  # 34 + 8 - 6 + 8 - 6 (DV-16)
    removed = [u for u in cs.piles["removed"] if cs.cards[u].defn == "quiet_moment"]
    assert len(removed) == 12
    end(cs, gs, "failure"); until(cs, "choose")
    cs.slots["DT2"] = "open"
    gs = choose(cs, "DT2")
    assert cs.packets == ["E1", "E2"] and len(gs.piles["tension"]) == 38


def test_R_CAMP_9_R_CAMP_11_only_the_start_scenarios_at_first():
    """R-CAMP-9, R-CAMP-11: at the start only DT1, UT1 and CM1 can be chosen (and the tutorial)."""
    cs = new()
    assert {a.target for a in legal(cs)} == {"DT1", "UT1", "CM1", "intro"}
    assert slot_status(cs, "DT2")[0] == "unreachable" and "Burning Streets" in english(slot_status(cs, "DT2")[1])


def test_R_CAMP_10_stepping_on_a_progression_token_takes_it():
    """R-CAMP-10: a survivor placed in a progression token's square takes the token."""
    b = kit.board("AAAA", start={1: (0, 0)}, place=[("exit", (3, 0)), ("progression", (1, 0), {"label": "DT2"})])
    s = kit.game(b, intro=False)
    assert any(t.kind == "progression" for t in s.tokens)
    ev = kit.act(s, "move", to=(1, 0))
    assert not any(t.kind == "progression" for t in s.tokens)
    assert any(e.rule == "R-CAMP-10" for e in ev)


def test_R_CAMP_10_path_cards_placed_locked_or_open_and_the_route_flag():
    """R-CAMP-10: the path card goes on its slot locked side up if it has one (P-PR3 has none);
    PR2's CLOCK_TOWER_ROUTE token sets the route flag instead of placing a card."""
    cs = new()
    cs.slots["PR2"] = "open"
    gs = choose(cs, "PR2")
    gs.tokens = [t for t in gs.tokens if t.kind != "progression"]
    end(cs, gs, "failure")
    assert cs.slots["PR3"] == "open" and cs.route
    cs2 = new()
    gs = choose(cs2, "CM1")
    gs.tokens = [t for t in gs.tokens if t.kind != "progression"]
    end(cs2, gs)
    assert cs2.slots["CM2"] == "locked" and cs2.slots["PR1"] == "locked"


def test_R_CAMP_12_flip_needs_the_item_in_an_inventory_and_removes_it():
    """R-CAMP-12, R-REMOVE-1: a held Precinct Key flips P-PR1 and leaves the game; a key in the
    item box does not count in the end-of-scenario unlock step."""
    cs = new()
    cs.slots["PR1"] = "locked"
    cs.slots["DT2"] = "locked"
    gs = choose(cs, "DT1")
    pk = card_of(gs, "precinct_key", "item_c")
    mk = card_of(gs, "maintenance_key", "item_c")
    hold(gs, "vera", pk)
    gs.piles["item_c"].remove(mk) if mk in gs.piles["item_c"] else None
    gs.item_box.append([mk])
    end(cs, gs)
    opts = legal(cs)
    assert Action(kind="choose", target="P-PR1", item=pk) in opts
    assert not [a for a in opts if a.target == "P-DT2"]
    cact(cs, "choose", target="P-PR1", item=pk)
    assert cs.slots["PR1"] == "open" and cs.where(pk) == "removed"


def test_R_CAMP_23_second_unlock_step_reads_the_item_box():
    """R-CAMP-23, R-END-X1: a key stashed in the item box opens its path card in the second unlock
    step; with nothing else playable a card must be flipped (no Done)."""
    cs = new()
    cs.completed = ["DT1", "UT1", "CM1"]
    cs.slots["DT2"] = "locked"
    cs.slots["CM1"] = "open"
    cs.completed.remove("CM1")
    gs = choose(cs, "CM1")
    mk = card_of(gs, "maintenance_key", "item_c")
    gs.piles["item_c"].remove(mk)
    gs.item_box.append([mk])
    gs.tokens = [t for t in gs.tokens if t.kind != "progression" and t.props.get("letter") != "C"]
    end(cs, gs)
    until(cs, "unlock")
    assert cs.phase == "success.unlock2"
    opts = legal(cs)
    assert Action(kind="done") not in opts  # CM1 is now complete: nothing else is playable
    cact(cs, "choose", target="P-DT2", item=mk)
    assert [a.target for a in legal(cs)] == ["DT2"]


def test_R_CAMP_13_R_CAMP_14_R_CAMP_19_tokens_collected_over_attempts():
    """R-CAMP-19: a success commits its Item C tokens, a failure does not; R-CAMP-13: completion
    once all are collected over attempts; R-CAMP-14: until then the scenario stays available."""
    cs = new()
    gs = choose(cs, "UT1")
    cs_tokens = [t for t in gs.tokens if t.kind == "item" and t.props.get("letter") == "C"]
    gs.tokens.remove(cs_tokens[0])
    end(cs, gs, "failure"); until(cs, "choose")
    assert cs.collected_c.get("UT1", []) == []
    gs = choose(cs, "UT1")
    gs.tokens.remove(next(t for t in gs.tokens if t.kind == "item" and t.props.get("letter") == "C"))
    gs.tokens = [t for t in gs.tokens if t.kind != "progression"]
    end(cs, gs); until(cs, "choose")
    assert len(cs.collected_c["UT1"]) == 1 and "UT1" not in cs.completed and slot_status(cs, "UT1")[0] == "open"
    gs = choose(cs, "UT1")
    assert len([t for t in gs.tokens if t.kind == "item" and t.props.get("letter") == "C"]) == 1  # R-CAMP-15
    gs.tokens = [t for t in gs.tokens if not (t.kind == "item" and t.props.get("letter") == "C")]
    end(cs, gs); until(cs, "choose")
    assert "UT1" in cs.completed and "UT1" not in [a.target for a in legal(cs)]


def test_R_CAMP_15_replay_after_success_item_b_only_scenario_items():
    """R-CAMP-15: on a replay after a success the Item B deck holds only the brief's scenario
    items; once those are found the remaining Item B tokens leave the map. (The seed's campaign:
    the city's [design] tier gear would take DT2's Assault Rifle out of the pool first.)"""
    cs = new(seed_rules=True)
    cs.slots["DT2"] = "open"
    gs = choose(cs, "DT2")
    brief = scenario("DT2").brief
    assert len(gs.piles["item_b"]) == len(brief.item_b)
    end(cs, gs); until(cs, "choose")
    gs = choose(cs, "DT2")
    keys = sorted(i for i in brief.item_b if content().items[i].type == "scenario")
    assert keys and sorted(gs.cards[u].defn for u in gs.piles["item_b"]) == keys
    b_tokens = [t for t in gs.tokens if t.kind == "item" and t.props.get("letter") == "B"]
    assert len(b_tokens) == len([p for p in scenario("DT2").board.placements
                                 if p.kind == "item" and p.get("letter") == "B"])
    gs.piles["item_b"] = []  # the scenario items were found
    gs.char("vera").inventory.append([f"B:{keys[0]}:1"])
    ev = gapply(gs, next(a for a in legal_actions(gs) if a.kind == "end_phase"))
    assert not [t for t in gs.tokens if t.kind == "item" and t.props.get("letter") == "B"]
    assert any(e.rule == "R-CAMP-15" for e in ev)


def test_R_CAMP_16_parts_and_route_open_the_first_finale_then_the_final():
    """R-CAMP-16: route found + the four cable-car parts (inventory or item box) open Clock Tower 1
    in the unlock step and leave the game; succeeding in CT1 opens CT2."""
    cs = new()
    cs.route = True
    gs = choose(cs, "DT1")
    parts = [card_of(gs, p, "item_c") for p in pack().parts]
    for p in parts[:3]:
        hold(gs, "vera", p)
    gs.piles["item_c"].remove(parts[3])
    gs.item_box.append([parts[3]])
    end(cs, gs)
    assert cs.slots["CT1"] == "open" and all(cs.where(p) == "removed" for p in parts)
    until(cs, "choose")
    gs = choose(cs, "CT1")
    end(cs, gs); until(cs, "choose")
    assert "CT2" in [a.target for a in legal(cs)]
    gs = choose(cs, "CT2")
    end(cs, gs)
    assert cs.result == "victory"


def test_R_CAMP_16_three_parts_are_not_enough():
    """R-CAMP-16: without all four parts (or without the route) Clock Tower 1 stays closed."""
    cs = new()
    cs.route = True
    gs = choose(cs, "DT1")
    for p in pack().parts[:3]:
        hold(gs, "vera", card_of(gs, p, "item_c"))
    end(cs, gs); until(cs, "choose")
    assert cs.slots["CT1"] == "absent" and "parts 3/4" in english(slot_status(cs, "CT1")[1])


def test_R_CAMP_18_item_c_tokens_are_searched_from_the_campaign_deck():
    """R-CAMP-18: searching an Item C token draws the top card of the campaign's Item C deck."""
    cs = new()
    top = cs.piles["item_c"][0]
    gs = choose(cs, "DT1")
    tok = next(t for t in gs.tokens if t.kind == "item" and t.props.get("letter") == "C")
    c = gs.char("vera")
    c.pos = tok.pos
    gs.touch()
    gapply(gs, Action(kind="search", target=tok.uid))
    assert [top] in c.inventory


def test_R_CAMP_21_worked_example_commercial_1():
    """R-CAMP-21: CM1 succeeded with both progression tokens and the Precinct Key: P-CM2 and P-PR1
    are placed locked, the key flips PR1; next choices DT1, UT1, PR1; CM2 stays locked."""
    cs = new()
    gs = choose(cs, "CM1")
    hold(gs, "vera", card_of(gs, "precinct_key", "item_c"))
    gs.tokens = [t for t in gs.tokens if t.kind != "progression" and t.props.get("letter") != "C"]
    end(cs, gs)
    cact(cs, "choose", target="P-PR1", item=next(u for u in cs.cards if cs.cards[u].defn == "precinct_key"))
    cact(cs, "done")
    until(cs, "choose")
    assert {a.target for a in legal(cs)} == {"DT1", "UT1", "PR1"}
    assert cs.slots["CM2"] == "locked"


def test_R_SCEN_3_carry_in_keeps_inventories_dials_health_and_the_box():
    """R-SCEN-3 with the campaign state: the next scenario starts with the carried inventories,
    ammo dials, health, Hip Pouch bonus, item box and danger; decks are not rebuilt."""
    cs = new(seed_rules=True)  # the dial as the seed keeps it (no [design] success refill)
    gs = choose(cs, "DT1")
    gun = next(u for sl in gs.char("vera").inventory for u in sl if gs.cards[u].defn == "handgun")
    gs.cards[gun].ammo = 2
    gs.char("vera").health = 3
    gs.char("vera").limit_bonus = 1
    herb = gs.piles["item_a"].pop(0)
    gs.item_box.append([herb])
    end(cs, gs)
    until(cs, "choose")
    gs2 = choose(cs, "UT1")
    v = gs2.char("vera")
    assert gs2.cards[gun].ammo == 2 and v.health == 1 and v.limit_bonus == 1  # healed 2 steps by R-END-S2
    assert [herb] in gs2.item_box and gs2.danger == 1
    assert herb not in gs2.piles["item_a"] and len(gs2.piles["item_a"]) == 19


def test_R_REMOVE_1_removed_cards_are_never_used_again():
    """R-REMOVE-1/2: a removed card is in no deck build: a removed Item B card is skipped when a
    brief lists it (R-ITEM-10)."""
    cs = new()
    for u in [u for u in cs.piles["b_pool"] if cs.cards[u].defn == "first_aid_spray"]:
        cs.piles["b_pool"].remove(u)
        cs.piles["removed"].append(u)
    gs = choose(cs, "DT1")
    assert "first_aid_spray" not in [gs.cards[u].defn for u in gs.piles["item_b"]]
    assert conservation(cs) == []


# ---------------------------------------------------------------------------- modes
def test_R_EASY_1_R_EASY_7_easy_campaign_scenarios_are_easy():
    """R-EASY-1: one ribbon per character in each campaign scenario; R-EASY-7: easy combines with
    the campaign (and solo, below)."""
    cs = new(party=("vera", "mateo", "anton"), easy=True)
    gs = choose(cs, "DT1")
    assert gs.ink_ribbons == 3 and gs.scenario.brief.easy


def test_R_EASY_3_R_EASY_4_end_phase_reload_and_spray_to_full():
    """R-EASY-3: reloading in the end phase fills the weapon; R-EASY-4: a spray heals to Fine."""
    cs = new(easy=True, seed_rules=True)  # no [design] success refill, so the reload step asks
    gs = choose(cs, "DT1")
    m = gs.char("mateo")
    gun = next(u for sl in m.inventory for u in sl if gs.cards[u].defn == "handgun")
    gs.cards[gun].ammo = 0
    m.health = 5
    spray = card_of(gs, "first_aid_spray", "b_pool")
    hold(gs, "vera", spray)
    end(cs, gs)
    ammo = next(u for sl in cs.char("mateo").inventory for u in sl if cs.cards[u].defn == "handgun_ammo")
    cact(cs, "use", item=ammo, item2=gun, target="mateo")
    assert cs.cards[gun].ammo == 6
    until(cs, "heal")
    cact(cs, "use", item=spray, target="mateo")
    assert cs.char("mateo").health == 1


def test_R_EASY_2_R_EASY_5_easy_flag_reaches_the_core_rules():
    """R-EASY-2/5 are core rules read from the brief's easy flag (tested in test_rules_modes and
    test_rules_scenario); the campaign sets that flag on every scenario it starts."""
    cs = new(easy=True)
    for sid in ("DT1", "UT1"):
        gs = choose(cs, sid)
        assert gs.scenario.brief.easy
        end(cs, gs); until(cs, "choose")


def test_R_SOLO_1_R_SOLO_2_swap_keeps_health_poison_and_moves_items():
    """R-SOLO-1: one character; R-SOLO-2: at the start of each scenario the player may pick any of
    the four profiles; the new one takes the items, health and poison; overflow goes to the box."""
    cs = new(party=("vera",))
    assert cs.mode.solo and set(cs.aside) == {"mateo", "anton", "grigor"}
    gs = choose(cs, "DT1")
    for u in gs.piles["item_a"][:3]:
        hold(gs, "vera", u)
    gs.char("vera").health = 4
    gs.char("vera").poisoned = True
    end(cs, gs); until(cs, "choose")
    items = [u for sl in cs.char("vera").inventory for u in sl]
    cact(cs, "choose", target="UT1")
    assert {a.target for a in legal(cs)} == {"vera", "mateo", "anton", "grigor"}
    cact(cs, "pick", target="grigor")
    g = cs.char("grigor")
    assert g.health == 2 and cs.party == ["grigor"] and "vera" in cs.aside  # healed 2 in the end phase
    assert sorted(u for sl in g.inventory for u in sl) == sorted(items)
    gs = begin_scenario(cs, scenario("UT1"))
    assert [c.cid for c in gs.characters] == ["grigor"] and gs.characters[0].pos == gs.scenario.board.start[1]


def test_R_SOLO_2_overflow_goes_to_the_box():
    """R-SOLO-2 [design]: items beyond the new survivor's limit go to the item box."""
    cs = new(party=("grigor",))
    gs = choose(cs, "DT1")
    for u in gs.piles["item_a"][:4]:
        hold(gs, "grigor", u)  # 7 cards: Grigor's limit
    end(cs, gs); until(cs, "choose")
    n = len([sl for sl in cs.char("grigor").inventory])
    box = len(cs.item_box)
    cact(cs, "choose", target="UT1")
    cact(cs, "pick", target="vera")
    assert len(cs.char("vera").inventory) == 6 and len(cs.item_box) == box + n - 6


def test_R_SOLO_3_R_SOLO_4_R_SOLO_7_solo_campaign_box_start_ribbons():
    """R-SOLO-3: the item box holds 24 (end-phase transfers); R-SOLO-4: start position 1;
    R-SOLO-7: one ribbon; R-SOLO-8: combines with easy (one ribbon too)."""
    cs = new(party=("vera",))
    gs = choose(cs, "DT1")
    assert gs.ink_ribbons == 1
    for u in gs.piles["b_pool"][:10]:
        gs.piles["b_pool"].remove(u)
        gs.item_box.append([u])
    end(cs, gs)
    until(cs, "transfer")
    assert [a for a in legal(cs) if a.kind == "put"]  # 10 (+spray) < 24
    cs2 = new(party=("vera",), easy=True)
    gs2 = choose(cs2, "DT1")
    assert gs2.ink_ribbons == 1


def test_R_SOLO_5_R_SOLO_6_solo_flag_reaches_the_boss_rules():
    """R-SOLO-5/6 are core boss rules (test_rules_boss) keyed on one character: a solo campaign's
    boss scenario is set up with one character, so the boss has its solo hit points."""
    from game.engine.query import View
    cs = new(party=("vera",))
    cs.slots["DT3"] = "open"
    gs = choose(cs, "DT3")
    boss = next(e for e in gs.enemies if e.type == "burrower")
    assert len(gs.characters) == 1
    assert View(gs).enemy_hp(boss) == kit.content().enemies["burrower"].solo_hp


def _stand(sid):
    return standalone_scenario(pack(), scenario(sid))


def test_R_STAND_1_no_item_c_or_progression_tokens():
    """R-STAND-1: standalone play places no Item C and no progression tokens."""
    s = new_game(_stand("CM1"), [("vera", 1), ("mateo", 2)], 1)
    assert not [t for t in s.tokens if t.kind == "progression" or t.props.get("letter") == "C"]


def test_R_STAND_2_R_STAND_5_tier_packets_and_danger():
    """R-STAND-2: the tier's escalation packets, cumulatively; R-STAND-5: danger start by tier
    (DV-21), 14 narrative cards, full Item A plus the brief's rares, empty box."""
    s = new_game(_stand("PR2"), [("vera", 1), ("mateo", 2)], 1)
    kit.settle(s)
    ct = kit.content()
    esc = Counter(s.cards[u].defn for u in s.cards if s.cards[u].deck == "T" and ct.tension[s.cards[u].defn].escalation)
    assert sum(esc.values()) == 16 and s.danger == 8
    assert len(s.piles["narrative"]) == 14 and s.item_box == []
    assert sum(1 for u in s.cards if s.cards[u].deck == "A") == 21  # 20 + the magnum rounds


def test_R_STAND_3_tier_gear_is_dealt():
    """R-STAND-3, DV-21: tier 3 deals Shotgun x2, Assault Rifle, Grenade Launcher x2."""
    s = new_game(_stand("DT3"), [("vera", 1), ("mateo", 2)], 1)
    assert s.pending.kind == "gear"
    assert sorted(s.cards[u].defn for u in s.piles["gear"]) == sorted(["shotgun", "shotgun", "assault_rifle",
                                                                      "grenade_launcher", "grenade_launcher"])


def test_R_STAND_4_R_STAND_6_normal_rules_and_reshuffle_on_tier_1():
    """R-STAND-4: normal success/failure; R-STAND-6: tier-1 scenarios reshuffle the tension deck."""
    assert _stand("DT1").brief.tension_reshuffle and not _stand("DT2").brief.tension_reshuffle


def test_R_STAND_7_danger_17_turns_success_into_failure():
    """R-STAND-7: in standalone, a marker on 17 when the scenario ends makes it a failure."""
    s = new_game(_stand("DT1"), [("vera", 1)], 1)
    s.danger = 17
    s.characters[0].pos = next(t.pos for t in s.tokens if t.kind == "exit")
    s.enemies = []
    s.touch()
    gapply(s, Action(kind="exit"))
    assert s.result == "failure" and "R-STAND-7" in s.result_reason


def test_begin_scenario_refuses_the_wrong_brief():
    """A campaign scenario set up with another brief is refused with a clear message."""
    cs = new()
    cact(cs, "choose", target="DT1")
    with pytest.raises(CampaignError, match="'dt1'|dt1"):
        begin_scenario(cs, scenario("UT1"))


def test_DV_20_the_four_cable_car_parts_two_middle_two_late():
    """DV-20: the Clock Tower needs four parts: Power Cable and Fuse from the middle stage of the
    Item C deck, Machine Oil and Oil Additive from the late stage."""
    items = content().items
    parts = pack().parts
    assert [items[p].name for p in parts] == ["Power Cable", "Fuse", "Machine Oil", "Oil Additive"]
    assert [items[p].stage for p in parts] == [2, 2, 3, 3]


def _held(cs):
    """Card definitions in the party's inventories and the item box, with their dials."""
    uids = [u for c in cs.characters for sl in c.inventory for u in sl] + [u for sl in cs.item_box for u in sl]
    return [(cs.cards[u].defn, cs.cards[u].ammo) for u in uids]


def test_R_CAMP_8_design_a_tiers_first_scenario_hands_its_DV_21_gear_from_the_item_b_pool():
    """[design] R-CAMP-8 with DV-21, the city pack's ``tier_gear`` (docs/balance.md, 2 Dec third session): bot
    campaigns reached tier 3 without the firepower DV-21 gives a standalone party (Cemetery Park
    from the campaign's own states: 28 % won; 78 % with DV-21's tier-3 gear). When a tier's packet
    is first added, each card of that tier's DV-21 list that the Item B pool still holds leaves
    the pool, dial full, into an inventory (or the item box); a retry or a second scenario of the
    tier hands nothing more, and a card the party already holds is not handed again."""
    ct = content()
    cs = new()
    pool = lambda d: sum(1 for u in cs.piles["b_pool"] if cs.cards[u].defn == d)  # noqa: E731
    assert (pool("shotgun"), pool("assault_rifle"), pool("grenade_launcher")) == (2, 1, 2)
    cs.slots["DT2"] = "open"
    gs = choose(cs, "DT2")
    got = [x for x in _held(cs) if x[0] in ("shotgun", "assault_rifle", "grenade_launcher")]
    full = {d: ct.items[d].weapon.capacity for d in ("shotgun", "assault_rifle", "grenade_launcher")}
    assert sorted(got) == sorted([("shotgun", full["shotgun"])] * 2 + [("assault_rifle", full["assault_rifle"])])
    assert (pool("shotgun"), pool("assault_rifle")) == (0, 0)
    end(cs, gs, "failure")
    until(cs, "choose")
    before = sorted(d for d, _ in _held(cs))
    gs = choose(cs, "DT2")  # the retry: E1 is in, nothing more
    assert sorted(d for d, _ in _held(cs)) == before
    # tier 3 (the packet E2): only the grenade launchers are left in the pool, so only they come
    end(cs, gs, "failure")
    until(cs, "choose")
    cs.slots["DT3"] = "open"
    choose(cs, "DT3")
    got = sorted(d for d, _ in _held(cs) if d in ("shotgun", "assault_rifle", "grenade_launcher"))
    assert got == ["assault_rifle", "grenade_launcher", "grenade_launcher", "shotgun", "shotgun"]
    assert pool("grenade_launcher") == 0
    assert conservation(cs) == []  # every card in exactly one place
    # without the [design] switch (the seed's campaign) nothing is handed
    cs2 = new(seed_rules=True)
    cs2.slots["DT2"] = "open"
    choose(cs2, "DT2")
    assert not [d for d, _ in _held(cs2) if d in ("shotgun", "assault_rifle")]
    assert pack().tier_gear


def test_R_INTRO_9_R_CAMP_22_a_campaign_that_played_the_introduction_replays():
    """Issue 29 item 5: finishing the Introduction adds its attempt (record, seed, seats) to the
    campaign history, so the campaign's record replays ("scenario intro step 1: Not a legal choice
    now" before) and the bug-report export holds its actions; it changes nothing else (R-INTRO-9)."""
    import json

    from game.ai.bot import Bot
    from game.content.campaign_saves import export_for_bug_report
    from game.engine.campaign import attempt_records, finish_scenario, replay_campaign
    cs = new()
    cact(cs, "choose", target="intro")
    gs = begin_scenario(cs, scenario_intro())
    bot = Bot(3)
    while not gs.over:
        gapply(gs, bot.choose(gs))
    finish_scenario(cs, gs)
    assert [h.scenario for h in cs.history] == ["intro"] and cs.history[0].record == gs.record
    gs2 = choose(cs, "DT1")
    for _ in range(5):
        gapply(gs2, legal_actions(gs2)[0])
    end(cs, gs2, "failure")
    until(cs, "choose")
    again = replay_campaign(pack(), content(), cs.party, cs.seed, cs.record, attempt_records(cs),
                            lambda sid: scenario_intro() if sid == "intro" else scenario(sid))
    # (DT1 was ended by hand as "test"; its replay counts it as cut off by a step limit, the same failure)
    again.history[-1].reason = again.ending.reason = "test"
    again.history[-1].why = again.ending.why = None
    assert again.model_dump(mode="json") == cs.model_dump(mode="json")
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        doc = json.loads(export_for_bug_report(Path(d) / "bug.json", cs).read_text())
    assert doc["attempts"][0]["scenario"] == "intro" and doc["attempts"][0]["record"] == json.loads(json.dumps(gs.record))
