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
