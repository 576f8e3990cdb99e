"""Mansion rules inside a scenario: kerosene and Burn (M-KERO), scenario events (M-EVENT), the
encounter deck (M-ENC), the reserve (M-RESERVE), missions (M-MISSION, MDV-7), MDV-1/2 specials."""
import pytest

from game.engine.defs import Op
from game.engine.mansion.state import Reserved
from tests.kit import act, board, kinds, legal, rules, run_task, tok
from tests.mansion_kit import mcontent, mgame

ROOM = board("AAA", "AAA", start={1: (0, 0), 2: (0, 1)})


def top(s, deck, card):
    d = s.mansion.decks[deck]
    d.remove(card)
    d.insert(0, card)


def op(s, name, **kw):
    return run_task(s, "op", op=Op(op=name, **kw).model_dump(), card="")


# ----------------------------------------------------------------------------- kerosene
def test_M_KERO_1_M_CHAR_3_main_characters_start_with_kerosene_at_their_limit():
    """M-KERO-1, MDV-3: kerosene = limit (Dana 2, Marcus 2, Bram 3, Ivy 1)."""
    s = mgame(ROOM, party=(("dana", 1), ("bram", 2)))
    assert s.mansion.kerosene == {"dana": 2, "bram": 3}
    assert {k: mcontent().kerosene_limit(k) for k in ("dana", "marcus", "bram", "ivy", "theo")} == \
        {"dana": 2, "marcus": 2, "bram": 3, "ivy": 1, "theo": 0}


def test_M_KERO_3_burn_removes_every_corpse_in_one_square_for_an_action_and_a_token():
    """M-KERO-3: Burn a corpse square in reach: all its corpses go, one action and one token spent."""
    s = mgame(ROOM)
    tok(s, "corpse", (1, 1))
    tok(s, "corpse", (1, 1))
    tok(s, "corpse", (2, 2))  # not connected-adjacent to (0, 0)
    opts = [a for a in legal(s) if a.kind == "burn"]
    assert [a.to for a in opts] == [(1, 1)]
    left = s.actions_left
    act(s, "burn", to=(1, 1))
    assert [t.pos for t in s.tokens if t.kind == "corpse"] == [(2, 2)]
    assert s.mansion.kerosene["dana"] == 1 and s.actions_left == left - 1


def test_M_KERO_3_no_burn_without_kerosene():
    """M-KERO-3: a token is needed."""
    s = mgame(ROOM)
    s.mansion.kerosene["dana"] = 0
    tok(s, "corpse", (0, 0))
    assert "burn" not in kinds(s)


def test_M_KERO_2_M_KERO_4_kerosene_can_gains_two_up_to_the_limit():
    """M-KERO-4 / M-KERO-2: the Kerosene Can gives 2, capped at the limit; the excess is lost;
    the card is discarded. Kerosene takes no slot."""
    s = mgame(ROOM)
    s.mansion.kerosene["dana"] = 1
    from tests.kit import card
    u = card(s, "KC", "kerosene_can")
    s.active_char.inventory.append([u])
    slots = len(s.active_char.inventory)
    act(s, "use", item=u)
    assert s.mansion.kerosene["dana"] == 2  # limit 2: one token lost
    assert len(s.active_char.inventory) == slots - 1 and u in s.piles["item_a_discard"]


def test_M_KERO_4_keyword_KEROSENE_needs_room_below_the_limit():
    """M-EVENT-9 KEROSENE n: gain up to the limit; at the limit it cannot be resolved."""
    s = mgame(ROOM)
    r = rules(s)
    assert not r.op_needs(Op(op="KEROSENE", n=2))
    s.mansion.kerosene["dana"] = 0
    op(s, "KEROSENE", n=5)
    assert s.mansion.kerosene["dana"] == 2


def test_M_KERO_2_kerosene_cannot_be_traded_or_stashed():
    """M-KERO-2: kerosene tokens are not cards: no trade, box or search action moves them."""
    s = mgame(ROOM, party=(("dana", 1), ("bram", 2)))
    cards = {u for c in s.characters for sl in c.inventory for u in sl}
    assert all(s.cards[u].defn != "kerosene" for u in cards)
    assert "kerosene" not in mcontent().items


# ----------------------------------------------------------------------------- scenario events
def test_M_EVENT_2_scenario_event_token_resolves_the_brief_entry():
    """M-EVENT-2: a scenario event token is discarded and the brief's entry resolved."""
    fx = {"cache": {"name": "Oil Cache", "text": "Tins of lamp oil.", "effect": [{"op": "KEROSENE", "n": 1}]}}
    s = mgame(ROOM, fixed_events=fx)
    s.mansion.kerosene["dana"] = 0
    t = tok(s, "fixed_narrative", (0, 0), label="cache")
    ev = run_task(s, "narrative", token=t.uid, cid="dana")
    assert s.mansion.kerosene["dana"] == 1 and s.token(t.uid) is None
    assert any(e.rule == "M-EVENT-2" for e in ev)
    assert s.mansion.decks["events_removed"] == []  # the deck is not touched


def test_M_EVENT_6_unresolvable_card_goes_back_and_another_is_drawn():
    """M-EVENT-6: a card that cannot be resolved (RESCUE with no survivor deck) is shuffled back;
    the next card is drawn and resolved."""
    s = mgame(ROOM, campaign=True)
    s.mansion.decks["survivors"] = []
    s.mansion.decks["events"] = ["ev_locked_pantry", "ev_gun_cabinet"]  # RESCUE only: cannot be resolved now
    t = tok(s, "narrative", (0, 0))
    run_task(s, "narrative", token=t.uid, cid="dana")
    assert "ev_locked_pantry" in s.mansion.decks["events"]
    assert s.mansion.decks["events_removed"] == ["ev_gun_cabinet"]


def test_M_EVENT_6_every_card_failing_ends_the_trigger():
    """M-EVENT-6 / MAMB-14: when every card left has failed in this trigger, nothing happens."""
    s = mgame(ROOM, campaign=True)
    s.mansion.decks["survivors"] = []
    s.mansion.decks["events"] = ["ev_locked_pantry", "ev_radio_static"]
    t = tok(s, "narrative", (0, 0))
    ev = run_task(s, "narrative", token=t.uid, cid="dana")
    assert sorted(s.mansion.decks["events"]) == ["ev_locked_pantry", "ev_radio_static"]
    assert s.mansion.decks["events_removed"] == [] and any("trigger ends" in e.text for e in ev)


def test_M_EVENT_8_empty_deck_nothing_happens():
    """M-EVENT-8: with an empty scenario event deck the token is removed and nothing happens."""
    s = mgame(ROOM)
    s.mansion.decks["events"] = []
    t = tok(s, "narrative", (0, 0))
    ev = run_task(s, "narrative", token=t.uid, cid="dana")
    assert s.token(t.uid) is None and any(e.rule == "M-EVENT-8" for e in ev)


def test_M_EVENT_10_choice_card_offers_only_options_that_can_be_carried_out():
    """M-EVENT-10 / R-NARR-5: option A (DANGER -1, POISON) is unavailable at danger 0 with the
    character... available otherwise; choosing A moves danger and poisons."""
    s = mgame(ROOM)
    s.danger = 3
    top(s, "events", "ev_bitten_guide")
    t = tok(s, "narrative", (0, 0))
    run_task(s, "narrative", token=t.uid, cid="dana")
    assert s.pending.kind == "scenario_event" and [a.n for a in legal(s)] == [0, 1]
    act(s, "choose", n=0)
    assert s.danger == 2 and s.active_char.poisoned
    assert "ev_bitten_guide" in s.mansion.decks["events_removed"]  # M-EVENT-7


def test_M_EVENT_7_resolved_card_never_returns():
    """M-EVENT-7: resolved cards leave the deck for good (removed, not discarded)."""
    s = mgame(ROOM)
    n = len(s.mansion.decks["events"])
    for _ in range(3):
        top(s, "events", next(c for c in s.mansion.decks["events"] if c.startswith("ev_gun") or c == "ev_oil_lamp"
                              or c == "ev_lamp_room"))
        t = tok(s, "narrative", (0, 0))
        run_task(s, "narrative", token=t.uid, cid="dana")
        while s.pending is not None and s.pending.kind != "act":
            act(s, legal(s)[0].kind, **{k: v for k, v in legal(s)[0].short().items() if k != "kind"})
    assert len(s.mansion.decks["events"]) == n - 3 and len(s.mansion.decks["events_removed"]) == 3


def test_M_EVENT_9_RESCUE_and_M_MODE_3_standalone_skips_it():
    """M-EVENT-9 RESCUE: the top survivor card joins the reserve (M-RESERVE-1); in standalone play
    there is no reserve, so RESCUE fails its precondition (M-MODE-3)."""
    s = mgame(ROOM, campaign=True)
    first = s.mansion.decks["survivors"][0]
    op(s, "RESCUE")
    assert [r.cid for r in s.mansion.reserve] == [first] and s.mansion.reserve[0].wounds == 0
    assert first not in s.mansion.decks["survivors"]
    alone = mgame(ROOM)
    assert not rules(alone).op_needs(Op(op="RESCUE")) and not rules(alone).op_needs(Op(op="MISSION"))


def test_M_CAMP_1_survivor_deck_is_unchosen_mains_plus_reserve_only():
    """M-CAMP-1 item 2 / MAMB-13: survivor deck = main characters nobody chose + the three
    reserve-only characters."""
    s = mgame(ROOM, party=(("dana", 1), ("ivy", 2)), campaign=True)
    assert sorted(s.mansion.decks["survivors"]) == ["bram", "lyle", "marcus", "theo", "victor"]


def test_M_EVENT_9_WOUND_RESERVE_on_a_chosen_reserve_character():
    """M-EVENT-9 WOUND_RESERVE n: the active player picks the reserve character."""
    s = mgame(ROOM, campaign=True)
    s.mansion.reserve = [Reserved(cid="theo"), Reserved(cid="lyle", wounds=1)]
    op(s, "WOUND_RESERVE", n=2)
    assert s.pending.kind == "wound_reserve"
    act(s, "pick", target="lyle")
    assert s.reserve_of("lyle").wounds == 3 and s.reserve_of("theo").wounds == 0


def test_M_RESERVE_5_M_MISSION_7_five_wounds_kill():
    """M-RESERVE-5 / M-MISSION-7: a reserve character with 5 or more wounds is killed."""
    s = mgame(ROOM, campaign=True)
    s.mansion.reserve = [Reserved(cid="theo", wounds=4)]
    op(s, "WOUND_RESERVE", n=1)
    assert s.mansion.reserve == [] and s.mansion.killed == ["theo"]


def test_M_EVENT_5_event_spawns_on_the_active_tile_nearest_first():
    """M-EVENT-5: an ambush spawns on the active character's tile spawn points (R-SPAWN-5)."""
    b = board("AAAA", "AAAA", start={1: (0, 0)}, spawns={"A": [(3, 1), (1, 1)]})
    s = mgame(b)
    top(s, "events", "ev_cellar_stairs")
    t = tok(s, "narrative", (0, 0))
    run_task(s, "narrative", token=t.uid, cid="dana")
    while s.pending is not None and s.pending.kind != "act":
        act(s, legal(s)[0].kind, **{k: v for k, v in legal(s)[0].short().items() if k != "kind"})
    assert sorted(e.pos for e in s.enemies) == [(1, 1), (3, 1)]


# ----------------------------------------------------------------------------- encounter deck
def test_M_ENC_4_empty_encounter_deck_reshuffles_its_discards():
    """M-ENC-4: an empty encounter deck is rebuilt from its shuffled discard pile."""
    s = mgame(ROOM)
    d = s.mansion.decks
    d["encounter_discard"] = d["encounter"]
    d["encounter"] = []
    tok(s, "corpse", (0, 0))
    run_task(s, "after_action")
    assert len(d["encounter"]) == 29 and len(d["encounter_discard"]) == 1


def test_M_ENC_5_MDV_6_deck_composition():
    """M-ENC-5 / MDV-6: 30 cards, 21 clue and 17 wound symbols, 5 hazard marks, 24 row cards,
    6 special cards; the row contents per colour."""
    from collections import Counter
    enc = mcontent().encounter.values()
    assert len(enc) == 30 and sum(e.clues for e in enc) == 21 and sum(e.wounds for e in enc) == 17
    assert sum(e.hazard for e in enc) == 5
    tops = Counter((e.clues, e.wounds) for e in enc)
    assert tops == Counter({(1, 0): 8, (2, 0): 4, (0, 1): 6, (0, 2): 3, (1, 1): 5, (0, 0): 4})
    rows = [e for e in enc if e.rows]
    assert len(rows) == 24
    red = Counter(tuple(sorted(e.rows["red"])) for e in rows)
    assert red[("zombie", "zombie")] == 5 and red[("crawler",)] == 4 and red[("zombie", "zombie", "zombie")] == 5
    yellow = Counter(len(e.rows["yellow"]) for e in rows)
    assert yellow[0] == 12
    specials = Counter(e.name for e in enc if e.special)
    assert specials == Counter({"Silence": 2, "Ambush": 2, "Dogs in the Dark": 1, "Restless Dead": 1})


def test_M_ENC_2_special_text_card_resolves_its_text():
    """M-ENC-2: a special-text card resolves its text (Dogs in the Dark spawns two dogs) instead
    of a row, on any colour but green."""
    b = board("AAB", "AAB", arches=[((1, 0), (2, 0))], colours={"B": "yellow"}, unexplored=["B"],
              spawns={"B": [(2, 1)]})
    s = mgame(b)
    dogs = next(k for k, e in mcontent().encounter.items() if e.name == "Dogs in the Dark")
    top(s, "encounter", dogs)
    act(s, "move", to=(1, 0))
    act(s, "move", to=(2, 0))
    while s.pending is not None and s.pending.kind != "act":
        act(s, legal(s)[0].kind, **{k: v for k, v in legal(s)[0].short().items() if k != "kind"})
    assert sorted(e.type for e in s.enemies) == ["zombie_dog", "zombie_dog"]


# ----------------------------------------------------------------------------- MDV-1 specials
def test_MDV_1_quick_hands_first_search_each_turn_is_free():
    """MDV-1 Dana's Quick Hands: her first Search in a turn costs no action; the second does."""
    s = mgame(ROOM)
    tok(s, "item", (0, 0), letter="A")
    tok(s, "item", (0, 0), letter="A")
    left = s.actions_left
    t1 = next(a for a in legal(s) if a.kind == "search")
    act(s, "search", target=t1.target)
    assert s.actions_left == left
    t2 = next(a for a in legal(s) if a.kind == "search")
    act(s, "search", target=t2.target)
    assert s.actions_left == left - 1


def test_MDV_1_field_medic_recovers_one_more():
    """MDV-1 Ivy's Field Medic: a Green Herb Ivy uses recovers 2 instead of 1."""
    s = mgame(ROOM, party=(("ivy", 1),))
    s.active_char.health = 4
    herb = next(u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "green_herb")
    act(s, "use", item=herb, target="ivy")
    assert s.active_char.health == 2


# ----------------------------------------------------------------------------- coverage of the remaining IDs
def test_M_DOC_1_every_mansion_rule_id_the_code_cites_exists():
    """M-DOC-1: rule IDs are M-<SECTION>-<n>; every M- ID cited in game/engine/mansion and the
    mansion content loader is one of rules/mansion.md's (docs/rule_ids.txt, its index)."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    index = {ln.split(": ", 1)[1] for ln in (root / "docs" / "rule_ids.txt").read_text().splitlines()
             if ln.startswith("mansion.md: ")}
    cited = set()
    for p in list((root / "game" / "engine" / "mansion").glob("*.py")) + [root / "game" / "content" / "mansion_pack.py"]:
        cited |= set(re.findall(r"\bM-[A-Z]+-[0-9]+\b", p.read_text()))
    assert cited and cited <= index, sorted(cited - index)


def test_M_CHAR_1_two_kinds_of_characters():
    """M-CHAR-1: main characters (playable, with evade dice, inventory and kerosene) and
    reserve-only characters (a mission rule only)."""
    ct = mcontent()
    assert all(c.evade_dice >= 1 and c.kerosene_limit >= 1 for c in ct.characters.values())
    assert all(not hasattr(r, "evade_dice") and r.mission_rule for r in ct.reserve_only.values())
    assert not set(ct.characters) & set(ct.reserve_only)


def test_M_ENC_1_cards_show_top_edge_symbols_and_a_body():
    """M-ENC-1: every encounter card has clue/wound symbols (and the hazard mark) on its top edge
    and either spawn rows or special text in its body."""
    for e in mcontent().encounter.values():
        assert 0 <= e.clues <= 2 and 0 <= e.wounds <= 2
        assert (e.rows is None) != (not e.special)


def test_M_EVENT_1_card_anatomy_name_description_rules():
    """M-EVENT-1: a scenario event card shows a name, a description and its rules (effect or a
    choice); there is no Stalker mark; MDV-8's 16 cards in their groups."""
    from collections import Counter
    evs = mcontent().events.values()
    assert len(evs) == 16 and all(e.name and e.text and (e.effect or e.options) for e in evs)
    first = Counter()
    for e in evs:
        ops = [o.op for o in e.effect] or ["choose"]
        first[ops[0]] += 1
    assert first == Counter({"SPAWN": 4, "RESCUE": 3, "MISSION": 3, "DRAW_A": 1, "KEROSENE": 1, "choose": 2,
                             "FIRE": 1, "RISE": 1})


def test_M_EVENT_4_description_is_read_before_the_rules_resolve():
    """M-EVENT-4: the card's description event comes first, then its rules (here a spawn)."""
    b = board("AAAA", "AAAA", start={1: (0, 0)}, spawns={"A": [(3, 1)]})
    s = mgame(b)
    top(s, "events", "ev_under_the_bed")
    t = tok(s, "narrative", (0, 0))
    ev = run_task(s, "narrative", token=t.uid, cid="dana")
    kinds_seen = [e.kind for e in ev]
    assert kinds_seen.index("narrative") < kinds_seen.index("spawn")


def test_M_TENSION_2_typewriter_refreshes_the_tension_deck():
    """M-TENSION-2 (R-INK-4): at a typewriter a character spends an action and a ribbon; the draw
    and discard piles are shuffled together and the typewriter is removed."""
    s = mgame(ROOM)
    tw = tok(s, "typewriter", (1, 0))
    s.piles["tension_discard"] = s.piles["tension"][:5]
    del s.piles["tension"][:5]
    n = len(s.piles["tension"]) + 5
    ribbons = s.ink_ribbons
    act(s, "typewriter", target=tw.uid)
    assert len(s.piles["tension"]) == n and s.piles["tension_discard"] == [] and s.token(tw.uid) is None
    assert s.ink_ribbons == ribbons - 1


def test_M_INK_1_ribbons_one_for_two_characters_two_for_four():
    """M-INK-1: 1 ink ribbon with 1-2 characters, 2 with 3-4 (as R-INK-1)."""
    b = board("AAAA", "AAAA", start={1: (0, 0), 2: (0, 1)})
    assert mgame(b, party=(("dana", 1), ("ivy", 2))).ink_ribbons == 1
    assert mgame(b, party=(("dana", 1), ("ivy", 2), ("bram", 1))).ink_ribbons == 2


def test_M_RESERVE_2_M_RESERVE_3_M_RESERVE_6_rescued_characters_bring_nothing_and_the_reserve_is_unlimited():
    """M-RESERVE-2/3: a rescued character gets no kerosene and no items (a reserve profile holds
    neither); M-RESERVE-6: the reserve has no size limit."""
    s = mgame(ROOM, campaign=True)
    for _ in range(5):
        op(s, "RESCUE")
    assert len(s.mansion.reserve) == 5
    assert set(s.mansion.kerosene) == {"dana"}
    assert set(type(s.mansion.reserve[0]).model_fields) == {"cid", "wounds", "limit_bonus"}


def test_M_ITEMC_1_searching_an_item_c_token_draws_the_staged_deck():
    """M-ITEMC-1: an Item C token is searched like any item token and gives the top Item C card;
    the mansion Item C cards are the items that open map cards (MDV-5)."""
    s = mgame(ROOM, item_c=["cellar_key", "square_crank"])
    tok(s, "item", (0, 0), letter="C")
    act(s, "search", target=next(a.target for a in legal(s) if a.kind == "search"))
    held = [s.cards[u].defn for sl in s.active_char.inventory for u in sl]
    assert "cellar_key" in held  # stage I on top of stage II (M-ITEMC-6)
    opens = {i for c in __import__("tests.mansion_kit", fromlist=["mpack"]).mpack().cards if c.unlock
             for i in c.unlock.items}
    assert opens == {k for k, d in mcontent().items.items() if d.stage}


def test_M_MISSION_11_mission_fields():
    """M-MISSION-11: name, description, clues needed 0..4, optional start text, completion text."""
    for m in mcontent().missions.values():
        assert m.name and m.text and 0 <= m.clues <= 4 and m.completion


def test_M_BOSS_1_M_BOSS_5_mansion_bosses_use_behaviour_decks_of_nine():
    """M-BOSS-1 / M-BOSS-5 / MDV-10: each mansion boss has a 9-card behaviour deck in the core
    formats, drawn instead of the tension deck when the active character is on its tile."""
    from collections import Counter
    per = Counter()
    for b in mcontent().behaviour.values():
        per[b.boss] += b.copies
    assert per == {"great_serpent": 9, "apex_prototype": 9}
    gs = mcontent().enemies["great_serpent"]
    ap = mcontent().enemies["apex_prototype"]
    # MDV-10's hit points and Enrage threshold as changed for balance (docs/balance.md, the
    # mansion: Great Serpent 18 -> 14, Apex Prototype 24 -> 18 with Enrage at 9 instead of 12)
    assert (gs.hp, gs.solo_hp, gs.move, ap.hp, ap.solo_hp, ap.move) == (14, 8, 3, 18, 14, 2)
    assert (ap.enrage_at, ap.solo_enrage_at) == (9, 7)
    b = board("AAAA", "AAAA", "AAAA", start={1: (0, 0)}, place=[("boss_start", (2, 1), {"boss": "great_serpent"})])
    s = mgame(b, objective="kill_boss")
    from tests.kit import begin_phase
    ev = begin_phase(s, "tension")
    assert any(e.kind == "behaviour" for e in ev) and not any(e.kind == "tension" for e in ev)


def test_M_BOSS_4_MDV_10_venom_bite_poisons_and_core_boss_limits_hold():
    """MDV-10 Venom: the Great Serpent's Bite also poisons; M-BOSS-4: the core boss rules still
    apply (it is a boss: never pushed, R-BOSS-2)."""
    b = board("AAAA", "AAAA", "AAAA", start={1: (0, 0), 2: (0, 1)},
              place=[("boss_start", (2, 1), {"boss": "great_serpent"})])
    s = mgame(b, party=(("dana", 1), ("marcus", 2)), objective="kill_boss")
    run_task(s, "enemy_attack", enemy=s.core.boss, target="dana", extra=0, profile="basic", unavoidable=True,
             rule="R-BOSS-13")
    assert s.char("dana").poisoned and s.char("dana").health == 3
    assert "boss" in mcontent().enemies["great_serpent"].rules


def test_MDV_1_marksman_rerolls_one_attack_die_once_per_turn():
    """MDV-1 Marcus's Marksman: after the attack roll he may re-roll one die (it stands); once per
    turn. A handgun miss (blank) re-rolled to a critical kills the zombie next to him."""
    from tests.kit import rigged, with_enemy
    s = mgame(ROOM, party=(("marcus", 1),))
    z = with_enemy(s, "zombie", (1, 0))
    gun = next(u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "handgun")
    rigged(s, [1, 6])  # blank, then the re-roll: critical
    act(s, "attack", item=gun, target=z.uid, n=0)
    assert s.pending.kind == "marksman"
    act(s, "reroll", n=0)
    assert s.enemy(z.uid) is None or s.enemy(z.uid).wounds >= 1
    z2 = with_enemy(s, "zombie", (1, 1))
    rigged(s, [1])
    act(s, "attack", item=gun, target=z2.uid, n=0)
    assert s.pending.kind != "marksman"  # used this turn


def test_MDV_1_heavyweight_push_moves_up_to_two_squares():
    """MDV-1 Bram's Heavyweight: after his push the enemy may be pushed a second square; Dana's
    push stops after one."""
    from tests.kit import rigged, with_enemy
    b = board("AAAAA", "AAAAA", start={1: (0, 0)})
    for who, second in (("bram", True), ("dana", False)):
        s = mgame(b, party=((who, 1),))
        z = with_enemy(s, "zombie", (1, 0))
        run_task(s, "push_enemy", enemy=z.uid, seat=0, rule="R-ATK-7")
        act(s, "push", target=z.uid, to=(2, 0))
        assert (s.pending is not None and s.pending.kind == "push_enemy") == second, who
        if second:
            act(s, "push", target=z.uid, to=(3, 0))
            assert s.enemy(z.uid).pos == (3, 0)


def test_M_KERO_2_M_RESERVE_5_view_shows_kerosene_reserve_and_mission():
    """The View answers the scenes: kerosene (held, limit) (M-KERO-2), the reserve with wounds
    and the MDV-9 health label (M-RESERVE-5), the mission in progress (M-MISSION-2); a city game
    has none of them."""
    from game.engine.query import View
    from tests.kit import game
    s = mgame(ROOM, campaign=True)
    s.mansion.reserve = [Reserved(cid="theo", wounds=3), Reserved(cid="ivy")]
    v = View(s)
    assert v.kerosene("dana") == (2, 2)
    assert [(r["cid"], r["health"], r["label"], r["main"]) for r in v.reserve()] == \
        [("theo", 4, "Caution", False), ("ivy", 1, "Fine", True)]
    assert v.mission() is None
    c = View(game(ROOM))
    assert c.kerosene("vera") is None and c.reserve() == [] and c.mission() is None


def test_M_CAMP_5_invariants_check_the_mansion_part_of_a_state():
    """M-CAMP-5 / M-KERO-2 / M-RESERVE-5: the invariant checker (saves, fuzz) refuses kerosene
    above the limit, a reserve character with 5 wounds and an encounter card in two places."""
    from game.engine.invariants import check_state
    s = mgame(ROOM, campaign=True)
    assert check_state(s) == []
    s.mansion.kerosene["dana"] = 9
    s.mansion.reserve = [Reserved(cid="theo", wounds=5)]
    s.mansion.decks["encounter_discard"].append(s.mansion.decks["encounter"][0])
    probs = " ".join(check_state(s))
    assert "M-KERO-2" in probs and "M-RESERVE-5" in probs and "encounter cards" in probs


def test_MDV_1_field_medic_spray_revives_at_position_two():
    """MDV-1 Ivy's Field Medic: a First-Aid Spray she uses on an unconscious character brings
    them back at position 2 instead of 3 (R-HEALTH-9); used by Dana, the core's 3."""
    from tests.kit import card
    for user, other, want in (("ivy", "dana", 2), ("dana", "ivy", 3)):
        s = mgame(ROOM, party=((user, 1), (other, 2)))
        s.char(other).pos = s.char(user).pos
        s.char(other).health = 6
        u = card(s, "FA", "first_aid_spray", deck="B")
        s.char(user).inventory.append([u])
        act(s, "use", item=u, target=other)
        assert s.char(other).health == want, user
