"""The end phase after success and after failure (core.md §18: R-END-X0, R-END-S0..S11,
R-END-F1..F10, R-END-X1/X2), step by step through the campaign's public API."""
from __future__ import annotations

from game.engine import apply as gapply
from game.engine.campaign import FAILURE_STEPS, SUCCESS_STEPS, CampaignState, conservation, legal
from tests.campaign_kit import cact, card_of, choose, end, hold, new, until

# the rulebook's lists (core.md §18.1/§18.2), in order
SUCCESS_LIST = ["R-END-X0", "R-END-X0", "R-DANGER-6", "R-CAMP-16", "R-END-S0", "R-END-S1", "R-END-S2", "R-END-S3",
                "R-END-S4", "R-END-S5", "R-END-S6", "R-END-S7", "R-END-S8", "R-END-S9", "R-END-X1", "R-CAMP-23",
                "R-END-S11"]
FAILURE_LIST = ["R-END-X0", "R-END-X0", "R-DANGER-6", "R-CAMP-16", "R-END-F1", "R-END-F1a", "R-END-F2", "R-END-F3",
                "R-END-F4", "R-END-F5", "R-END-F6", "R-END-F7", "R-END-X1", "R-CAMP-23", "R-END-F8"]


def test_R_END_step_lists_follow_the_rulebook_order():
    """R-END-S0..S11 and R-END-F1..F8: the phase table holds every step in the rulebook's order."""
    assert [r for _, r in SUCCESS_STEPS] == SUCCESS_LIST
    assert [r for _, r in FAILURE_STEPS] == FAILURE_LIST


def _steps(evs):
    return [e.data["step"] for e in evs if e.kind in ("end_step", "danger") and "step" in e.data]


def test_R_END_success_steps_run_in_order_and_end_at_the_choice():
    """R-END-S1..S11: after a success the automatic steps happen in the rulebook's order and the
    phase ends with choosing the next scenario (R-END-S11)."""
    cs = new(seed_rules=True)
    gs = choose(cs, "DT1")
    evs = end(cs, gs, "success")
    evs += until(cs, "choose")
    assert _steps(evs) == ["sustained", "poison", "overrun", "unlock", "ammo", "scenario_items", "item_a", "spray",
                           "danger", "ribbons", "tension", "unlock"]
    assert cs.phase == "success.choose" and conservation(cs) == []


def test_R_END_S1_design_the_city_success_refills_every_dial_in_inventories():
    """R-END-S1 [design] (the city pack's ``success_refill``, docs/balance.md): a success refills
    every weapon's ammo dial in an inventory to its printed capacity, as R-END-F2 does after a
    failure; weapons in the item box are not refilled; without the pack value the dial stays."""
    for refill in (True, False):
        cs = new(seed_rules=not refill)
        gs = choose(cs, "DT1")
        vgun = next(u for sl in gs.char("vera").inventory for u in sl if gs.cards[u].defn == "handgun")
        mgun = next(u for sl in gs.char("mateo").inventory for u in sl if gs.cards[u].defn == "handgun")
        gs.cards[vgun].ammo = 0
        gs.char("mateo").inventory = [sl for sl in gs.char("mateo").inventory if mgun not in sl]
        gs.item_box.append([mgun])
        gs.cards[mgun].ammo = 1
        evs = end(cs, gs, "success")
        evs += until(cs, "choose")
        assert cs.cards[vgun].ammo == (6 if refill else 0)
        assert cs.cards[mgun].ammo == 1
        assert any(e.data.get("step") == "success_refill" for e in evs) == refill


def test_R_END_failure_steps_run_in_order():
    """R-END-F1..F8 in order after a failure."""
    cs = new()
    gs = choose(cs, "DT1")
    evs = end(cs, gs, "failure")
    evs += until(cs, "choose")
    assert _steps(evs) == ["sustained", "poison", "overrun", "return", "unlock", "refill", "fine", "spray", "danger",
                           "ribbons", "tension", "unlock"]
    assert cs.phase == "failure.choose"


def test_R_END_X0_sustained_cards_go_to_the_discard_and_poison_is_cured():
    """R-END-X0 (1)(2), R-SUST-6: sustained cards reach the tension discard before the refresh;
    every poison is cured."""
    cs = new()
    gs = choose(cs, "DT1")
    t = gs.piles["tension"].pop()
    gs.piles["tension_sustained"].append(t)
    gs.characters[0].poisoned = True
    evs = end(cs, gs)
    assert not cs.characters[0].poisoned
    assert t in cs.piles["tension_discard"] or t in cs.piles["tension"]
    assert any(e.rule == "R-SUST-6" and e.data.get("n") == 1 for e in evs)


def test_R_DANGER_6_R_CAMP_17_overrun_at_the_start_of_the_end_phase_loses():
    """R-CAMP-17, R-DANGER-6: the marker on space 17 when an end phase starts loses the campaign."""
    cs = new()
    gs = choose(cs, "DT1")
    gs.danger = 17
    end(cs, gs, "success")
    assert cs.result == "defeat" and "overrun" in cs.result_reason
    assert legal(cs) == []


def test_R_DANGER_6_marker_pushed_to_17_by_the_end_phase_leaves_one_scenario():
    """R-DANGER-6 [design]: an end phase that puts the marker on 17 does not lose; the next does."""
    cs = new()
    gs = choose(cs, "DT1")
    gs.danger = 16
    end(cs, gs, "success")
    until(cs, "choose")
    assert cs.danger == 17 and cs.result is None
    gs = choose(cs, "UT1")
    end(cs, gs, "success")
    assert cs.result == "defeat"


def test_R_CAMP_16_final_success_wins_even_on_17():
    """R-CAMP-16, R-END-X0 (4): a successful Clock Tower 2 wins, victory before the overrun check."""
    cs = new()
    cs.slots["CT2"] = "open"
    gs = choose(cs, "CT2")
    gs.danger = 17
    end(cs, gs, "success")
    assert cs.result == "victory"


def test_R_END_S1_ammo_items_reload_weapons_and_R_END_S10_trades():
    """R-END-S1: ammunition spent raises the dial by its printed amount; R-END-S10: survivors may
    hand cards to each other during the steps."""
    cs = new(seed_rules=True)
    gs = choose(cs, "DT1")
    m = gs.char("mateo")
    gun = next(u for sl in m.inventory for u in sl if gs.cards[u].defn == "handgun")
    ammo = next(u for sl in m.inventory for u in sl if gs.cards[u].defn == "handgun_ammo")
    gs.cards[gun].ammo = 1
    vgun = next(u for sl in gs.char("vera").inventory for u in sl if gs.cards[u].defn == "handgun")
    gs.cards[vgun].ammo = 2
    end(cs, gs)
    until(cs, "ammo")
    cact(cs, "give", item=ammo, target="vera")  # R-END-S10
    cact(cs, "use", item=ammo, item2=vgun, target="vera")
    assert cs.cards[vgun].ammo == 5  # 2 + 3 (DV-10)
    assert ammo in cs.piles["item_a_discard"] or ammo in cs.piles["other_discard"]


def test_R_END_S10_the_ammo_step_waits_when_only_a_trade_can_reload():
    """R-END-S10 with R-END-S1: trades are allowed during steps S1-S8, so when one survivor holds
    ammunition for a gun only an ally holds (nobody holds ammunition for their own gun), the ammo
    step still asks (it used to be skipped), and the ally's gun is reloaded after the trade."""
    cs = new(seed_rules=True)
    gs = choose(cs, "DT1")
    m = gs.char("mateo")
    gun = next(u for sl in m.inventory for u in sl if gs.cards[u].defn == "handgun")
    ammo = next(u for sl in m.inventory for u in sl if gs.cards[u].defn == "handgun_ammo")
    gs.cards[gun].ammo = 6  # Mateo's own gun is full: his ammunition reloads nothing of his
    vgun = next(u for sl in gs.char("vera").inventory for u in sl if gs.cards[u].defn == "handgun")
    gs.cards[vgun].ammo = 0
    assert not any(gs.cards[u].defn.endswith("_ammo") for sl in gs.char("vera").inventory for u in sl)
    end(cs, gs)
    until(cs, "ammo")  # asserts that the step waits for a decision
    cact(cs, "give", item=ammo, target="vera")
    cact(cs, "use", item=ammo, item2=vgun, target="vera")
    assert cs.cards[vgun].ammo == 3  # 0 + 3 (DV-10)


def test_R_END_S2_two_steps_even_when_unconscious_then_items():
    """R-END-S2: each survivor recovers 2 steps (6 -> 4); then recovery items recover their amounts,
    on whoever the players choose; herbs may be mixed first."""
    cs = new()
    gs = choose(cs, "DT1")
    gs.char("vera").health = 6
    gs.char("mateo").health = 5
    spray = card_of(gs, "first_aid_spray", "b_pool")
    hold(gs, "mateo", spray)
    evs = end(cs, gs)
    evs += until(cs, "heal")
    assert cs.char("vera").health == 4 and cs.char("mateo").health == 3
    cact(cs, "use", item=spray, target="vera")  # who takes which healing
    assert cs.char("vera").health == 1 and cs.char("mateo").health == 3


def test_R_END_S2_herb_mix_in_the_end_phase():
    """R-END-S2 [design], R-HERB-3: herbs may be mixed in the end phase (G+R = 3)."""
    cs = new(party=("anton", "grigor"))
    gs = choose(cs, "DT1")
    gs.char("anton").health = 5
    g = card_of(gs, "green_herb")
    r = next(u for sl in gs.char("grigor").inventory for u in sl if gs.cards[u].defn == "red_herb")
    hold(gs, "anton", r)
    end(cs, gs)
    until(cs, "heal")
    g = next(u for sl in cs.char("anton").inventory for u in sl if cs.cards[u].defn == "green_herb")
    cact(cs, "mix", item=g, item2=r)
    cact(cs, "use", item=g, target="anton")
    assert cs.char("anton").health == 1  # 5 -2 (S2) = 3, then -3


def test_R_END_S3_scenario_items_leave_inventories_and_the_box():
    """R-END-S3: every scenario item is discarded from inventories and the item box."""
    cs = new()
    gs = choose(cs, "DT1")
    k1, k2 = card_of(gs, "office_key", "b_pool"), card_of(gs, "gate_key", "b_pool")
    hold(gs, "vera", k1)
    gs.piles["b_pool"].remove(k2)
    gs.item_box.append([k2])
    end(cs, gs)
    until(cs, "choose")
    for k in (k1, k2):
        assert cs.where(k) == "b_pool"


def test_R_END_S4_item_a_discards_shuffled_back():
    """R-END-S4: the Item A discard pile goes back into the Item A deck."""
    cs = new()
    gs = choose(cs, "DT1")
    moved = gs.piles["item_a"][:3]
    gs.piles["item_a"] = gs.piles["item_a"][3:]
    gs.piles["item_a_discard"] += moved
    end(cs, gs)
    until(cs, "choose")
    assert cs.piles["item_a_discard"] == [] and set(moved) <= set(cs.piles["item_a"])


def test_R_END_S5_R_END_F4_first_aid_spray_guarantee():
    """R-END-S5 / R-END-F4: no spray held -> one goes into the box; a spray held -> none added."""
    for result in ("success", "failure"):
        cs = new()
        gs = choose(cs, "DT1")
        end(cs, gs, result)
        until(cs, "choose")
        sprays = [u for sl in cs.item_box for u in sl if cs.cards[u].defn == "first_aid_spray"]
        assert len(sprays) == 1
        gs = choose(cs, "UT1")
        end(cs, gs, result)
        until(cs, "choose")
        assert [u for sl in cs.item_box for u in sl if cs.cards[u].defn == "first_aid_spray"] == sprays


def test_R_REMOVE_2_removed_sprays_are_not_used_for_the_guarantee():
    """R-REMOVE-2: removed cards are excluded from the First-Aid Spray lookup; with no free spray
    a new one is made (R-END-S5 [design])."""
    cs = new()
    gs = choose(cs, "DT1")
    for u in [u for u in gs.piles["b_pool"] + gs.piles["item_b"] if gs.cards[u].defn == "first_aid_spray"]:
        (gs.piles["b_pool"] if u in gs.piles["b_pool"] else gs.piles["item_b"]).remove(u)
        gs.piles["removed"].append(u)
    end(cs, gs)
    until(cs, "choose")
    (spray,) = [u for sl in cs.item_box for u in sl]
    assert spray.startswith("X") and cs.where(spray) == "box" and conservation(cs) == []


def test_R_END_S6_R_END_F5_danger_rises_1_or_2_and_stops_at_17():
    """R-END-S6 (+1), R-END-F5 (+2), R-DANGER-3 (never above 17); together
    R-DANGER-4: +1 after a success, +2 after a failure."""
    cs = new()
    gs = choose(cs, "DT1")
    end(cs, gs, "success"); until(cs, "choose")
    assert cs.danger == 1
    gs = choose(cs, "DT1")
    end(cs, gs, "failure"); until(cs, "choose")
    assert cs.danger == 3
    gs = choose(cs, "DT1")
    gs.danger = 16
    end(cs, gs, "failure"); until(cs, "choose")
    assert cs.danger == 17


def test_R_END_S7_R_END_F6_R_INK_5_unspent_ribbons_discarded():
    """R-END-S7 / R-END-F6: the scenario's unspent ribbons are discarded (not carried)."""
    cs = new()
    gs = choose(cs, "DT1")
    assert gs.ink_ribbons == 1
    evs = end(cs, gs)
    evs += until(cs, "choose")
    assert [e.data["n"] for e in evs if e.data.get("step") == "ribbons"] == [1]
    gs = choose(cs, "UT1")
    assert gs.ink_ribbons == 1  # new ribbons each scenario (R-INK-1), none carried


def test_R_END_S8_R_END_F7_tension_refresh():
    """R-END-S8 / R-END-F7: the tension draw and discard piles are shuffled together."""
    cs = new()
    gs = choose(cs, "DT1")
    drawn = gs.piles["tension"][:5]
    gs.piles["tension"] = gs.piles["tension"][5:]
    gs.piles["tension_discard"] += drawn
    end(cs, gs, "failure")
    until(cs, "choose")
    assert cs.piles["tension_discard"] == [] and len(cs.piles["tension"]) == 34 and set(drawn) <= set(cs.piles["tension"])


def test_R_END_S9_R_CAMP_13_completion_needs_every_token():
    """R-END-S9, R-CAMP-13, R-CAMP-14: success with every Item C and progression token collected
    places the completion token; without them the scenario stays open."""
    cs = new()
    gs = choose(cs, "DT1")
    end(cs, gs)  # nothing collected
    until(cs, "choose")
    assert "DT1" not in cs.completed and "DT1" in [a.target for a in legal(cs)]
    gs = choose(cs, "DT1")
    gs.tokens = [t for t in gs.tokens if t.kind not in ("progression",) and
                 not (t.kind == "item" and t.props.get("letter") == "C")]
    end(cs, gs)
    until(cs, "choose")
    assert "DT1" in cs.completed and "DT1" not in [a.target for a in legal(cs)]


def test_R_END_F1_item_b_and_c_found_go_back_in_order():
    """R-END-F1: Item B cards drawn return to the pool; Item C cards return on top of the deck
    in their previous order; the scenario's Item C tokens count as not collected (R-CAMP-19)."""
    cs = new()
    before_c = list(cs.piles["item_c"])
    gs = choose(cs, "UT1")
    b_deck = list(gs.piles["item_b"])
    c1, c2 = gs.piles["item_c"].pop(0), gs.piles["item_c"].pop(0)
    gs.char("vera").inventory.append([c1])
    gs.item_box.append([c2])
    b = gs.piles["item_b"].pop(0)
    gs.char("mateo").inventory.append([b])
    gs.tokens = [t for t in gs.tokens if not (t.kind == "item" and t.props.get("letter") == "C")]
    end(cs, gs, "failure")
    until(cs, "choose")
    assert cs.piles["item_c"] == before_c
    assert cs.where(b) == "b_pool" and set(b_deck) <= set(cs.piles["b_pool"])
    assert cs.collected_c.get("UT1", []) == []


def test_R_END_F1a_keys_found_in_a_failed_attempt_unlock_nothing():
    """R-END-F1a: the unlock step after a failure sees only items that survived F1."""
    cs = new()
    cs.slots["DT2"] = "locked"
    gs = choose(cs, "DT1")
    key = next(u for u in gs.piles["item_c"] if gs.cards[u].defn == "maintenance_key")
    gs.piles["item_c"].remove(key)
    gs.char("vera").inventory.append([key])
    end(cs, gs, "failure")
    evs = until(cs, "choose")
    assert cs.slots["DT2"] == "locked" and key in cs.piles["item_c"]


def test_R_END_F2_refill_inventory_weapons_not_box():
    """R-END-F2: every weapon in an inventory to full; weapons in the item box are not refilled."""
    cs = new()
    gs = choose(cs, "DT1")
    gun = next(u for sl in gs.char("vera").inventory for u in sl if gs.cards[u].defn == "handgun")
    gs.cards[gun].ammo = 0
    shotgun = card_of(gs, "shotgun", "b_pool")
    gs.piles["b_pool"].remove(shotgun)
    gs.cards[shotgun].ammo = 1
    gs.item_box.append([shotgun])
    end(cs, gs, "failure")
    until(cs, "choose")
    assert cs.cards[gun].ammo == 6 and cs.cards[shotgun].ammo == 1


def test_R_END_F3_R_HEALTH_11_everybody_back_to_fine_even_the_dead():
    """R-END-F3, R-HEALTH-11: unconscious and dead survivors are restored to Fine."""
    cs = new()
    gs = choose(cs, "DT1")
    gs.char("vera").health = 6
    gs.char("vera").dead = True
    gs.char("mateo").health = 4
    end(cs, gs, "failure")
    until(cs, "choose")
    assert [c.health for c in cs.characters] == [1, 1]


def test_R_END_F8_R_CAMP_20_failure_offers_a_retry():
    """R-END-F8, R-CAMP-20: a failure does not end the campaign; the same scenario may be retried."""
    cs = new()
    gs = choose(cs, "UT1")
    end(cs, gs, "failure")
    until(cs, "choose")
    assert cs.result is None and "UT1" in [a.target for a in legal(cs)]


def test_R_END_F9_rare_cards_stay_after_a_failed_scenario():
    """R-END-F9, R-ITEM-4: rare Item A cards added by a failed scenario stay in the Item A deck,
    and are not added a second time."""
    cs = new()
    cs.slots["DT2"] = "open"
    gs = choose(cs, "DT2")
    pouches = [u for u in gs.piles["item_a"] if gs.cards[u].defn == "hip_pouch"]
    assert len(pouches) == 1
    end(cs, gs, "failure")
    until(cs, "choose")
    assert [u for u in cs.piles["item_a"] if cs.cards[u].defn == "hip_pouch"] == pouches
    gs = choose(cs, "DT2")
    assert [u for u in gs.piles["item_a"] if gs.cards[u].defn == "hip_pouch"] == pouches


def test_R_END_F10_item_a_finds_and_progression_tokens_are_kept():
    """R-END-F10: Item A cards found in a failed scenario are kept; its progression tokens count
    and their path cards stay; removed narrative cards stay removed."""
    cs = new()
    gs = choose(cs, "DT1")
    herb = gs.piles["item_a"].pop(0)
    gs.char("vera").inventory.append([herb])
    gs.tokens = [t for t in gs.tokens if t.kind != "progression"]
    n = gs.piles["narrative"].pop(0)
    gs.piles["narrative_removed"].append(n)
    end(cs, gs, "failure")
    until(cs, "choose")
    assert cs.where(herb) == "inv:vera"
    assert cs.collected_p["DT1"] == ["DT2"] and cs.slots["DT2"] == "locked"
    assert cs.where(n) == "narrative_removed"


def test_R_END_X1_transfers_respect_the_box_limit():
    """R-END-X1, R-IBOX-5, R-IBOX-4: items move between inventories and the box, at most 8 in it."""
    cs = new()
    gs = choose(cs, "DT1")
    for u in [u for u in gs.piles["b_pool"]][:8]:
        gs.piles["b_pool"].remove(u)
        gs.item_box.append([u])
    gs.char("vera").health = 1
    end(cs, gs)
    until(cs, "transfer")
    assert len(cs.item_box) >= 8
    assert not [a for a in legal(cs) if a.kind == "put"]
    take = next(a for a in legal(cs) if a.kind == "take")
    cact(cs, "take", item=take.item, target=take.target)
    assert cs.where(take.item) == f"inv:{take.target}"


def test_R_END_X2_R_CAMP_22_the_campaign_state_round_trips():
    """R-END-X2, R-CAMP-22: the whole campaign state survives JSON (what a save holds)."""
    cs = new()
    gs = choose(cs, "DT1")
    end(cs, gs)
    back = CampaignState.model_validate_json(cs.model_dump_json())
    assert back.same_as(cs) and back.pending == cs.pending
