"""Missions (M-MISSION-1..13, MDV-7) and the reserve-only characters' mission rules (MDV-2)."""
import shutil

import pytest

from game.content.errors import ContentError
from game.engine.defs import Op
from game.engine.mansion.state import Reserved
from tests.kit import act, board, legal, run_task, tok
from tests.mansion_kit import mcontent, mgame

ROOM = board("AAA", "AAA", start={1: (0, 0), 2: (0, 1)})


def enc(clues, wounds, used=()):
    """An encounter card id with these top-edge symbols (not in ``used``)."""
    return next(k for k, e in mcontent().encounter.items() if (e.clues, e.wounds) == (clues, wounds) and k not in used)


def stack(s, *cards):
    d = s.mansion.decks["encounter"]
    for c in cards:
        d.remove(c)
    d[:0] = list(cards)


def start(s, mission, who, wounds=0, reserve=None):
    s.mansion.reserve = reserve or [Reserved(cid=who, wounds=wounds)]
    d = s.mansion.decks["missions"]
    d.remove(mission)
    d.insert(0, mission)
    run_task(s, "mission_start", rule="test")
    if s.pending is not None and s.pending.kind == "mission_assign":
        act(s, "pick", target=who)


def game():
    return mgame(ROOM, campaign=True)


def test_M_MISSION_2_M_MISSION_4_clues_complete_the_mission_and_the_turn_resumes():
    """M-MISSION-2/4: assign a reserve character, draw until the clues are met, resolve the
    completion text (MS7: KEROSENE 2); M-MISSION-9: the mission card is removed from the game
    and the cards drawn for it go to the encounter discard pile."""
    s = game()
    s.mansion.kerosene["dana"] = 0
    a, b = enc(1, 0), enc(1, 0, used=[enc(1, 0)])
    stack(s, a, b)
    start(s, "MS7", "bram")
    assert s.pending.kind == "mission_continue"  # one clue of two
    act(s, "choose", n=1)
    assert s.mansion.kerosene["dana"] == 2 and s.mansion.mission is None
    assert "MS7" in s.mansion.decks["missions_removed"]  # M-MISSION-9
    assert s.mansion.decks["encounter_discard"][-2:] == [a, b]
    assert s.reserve_of("bram") is not None  # back in the reserve


def test_M_MISSION_3_mission_draws_never_spawn_or_resolve_special_text():
    """M-MISSION-3: only the top edge counts; an Ambush card drawn for a mission spawns nothing."""
    s = game()
    ambush = next(k for k, e in mcontent().encounter.items() if e.name == "Ambush" and e.clues == 1)
    stack(s, ambush)
    start(s, "MS9", "theo")  # 1 clue
    assert not s.enemies and "MS9" in s.mansion.decks["missions_removed"]


def test_M_MISSION_6_wounds_first_death_prevents_completion():
    """M-MISSION-6 / MAMB-12: a card with a clue and a wound kills a 4-wound character before the
    clue could complete the mission: killed, not completed (M-MISSION-7)."""
    s = game()
    stack(s, enc(1, 1))
    s.mansion.kerosene["dana"] = 0
    start(s, "MS9", "marcus", wounds=4)
    assert s.mansion.killed == ["marcus"] and not s.mansion.scout_next
    assert "MS9" in s.mansion.decks["missions_removed"]


def test_M_MISSION_5_wound_symbols_wound_the_assigned_character():
    """M-MISSION-5: a card with two wound symbols places two wound tokens."""
    s = game()
    stack(s, enc(0, 2))
    start(s, "MS7", "marcus")
    assert s.reserve_of("marcus").wounds == 2 and s.pending.kind == "mission_continue"


def test_M_MISSION_8_abandon_keeps_wounds_and_removes_the_card():
    """M-MISSION-8/9: after a card the character may abandon: back to the reserve with its
    wounds; the mission card is removed; no completion."""
    s = game()
    stack(s, enc(0, 1))
    s.mansion.kerosene["dana"] = 0
    start(s, "MS7", "marcus")
    act(s, "decline")
    assert s.reserve_of("marcus").wounds == 1 and s.mansion.kerosene["dana"] == 0
    assert "MS7" in s.mansion.decks["missions_removed"]


def test_M_MISSION_2_MAMB_8_empty_reserve_shuffles_the_card_back():
    """M-MISSION-2 / MAMB-8: a mission starting with nobody in the reserve goes back to the deck."""
    s = game()
    s.mansion.reserve = []
    n = len(s.mansion.decks["missions"])
    ev = run_task(s, "mission_start", rule="test")
    assert len(s.mansion.decks["missions"]) == n and not s.mansion.decks["missions_removed"]
    assert any(e.data.get("step") == "no_reserve" for e in ev)


def test_M_MISSION_10_zero_clue_mission_resolves_at_once():
    """M-MISSION-10: MS4 Safe Room needs 0 clues: nothing is drawn, HEAL_ASSIGNED at once."""
    s = game()
    n = len(s.mansion.decks["encounter"])
    start(s, "MS4", "victor", wounds=3)
    assert s.reserve_of("victor").wounds == 0 and len(s.mansion.decks["encounter"]) == n


def test_M_MISSION_13_WOUND_ASSIGNED_start_text_and_SCOUT_NEXT():
    """M-MISSION-13: MS3's start text wounds the assigned character before drawing; its
    completion sets SCOUT_NEXT for the next scenario."""
    s = game()
    stack(s, enc(2, 0))
    start(s, "MS3", "theo")
    assert s.reserve_of("theo").wounds == 1 and s.mansion.scout_next


def test_M_MISSION_13_STASH_A_and_REFILL_BOX():
    """M-MISSION-13: STASH_A 2 puts the top two Item A cards into the item box; REFILL_BOX sets
    every weapon in the box to its capacity."""
    s = game()
    top2 = s.piles["item_a"][:2]
    stack(s, enc(2, 0))
    start(s, "MS1", "lyle")
    assert [sl[0] for sl in s.item_box] == top2
    from tests.kit import card
    g = card(s, "G1", "handgun", deck="B", ammo=0)
    s.item_box.append([g])
    run_task(s, "op", op=Op(op="REFILL_BOX").model_dump(), card="")
    assert s.cards[g].ammo == mcontent().items["handgun"].weapon.capacity


def test_MDV_2_M_MISSION_12_captain_counts_extra_clues_and_wounds():
    """MDV-2 Victor Crane: +1 clue on a clue card, +1 wound on a wound card."""
    s = game()
    stack(s, enc(1, 1))
    start(s, "MS7", "victor")  # needs 2: one card with 1 clue counts 2
    assert s.reserve_of("victor").wounds == 2 and "MS7" in s.mansion.decks["missions_removed"]


def test_MDV_2_scout_first_wound_card_places_one_fewer():
    """MDV-2 Theo Ashby: the first card with wound symbols places one wound fewer."""
    s = game()
    a = enc(0, 1)
    b = enc(0, 1, used=[a])
    stack(s, a, b)
    start(s, "MS7", "theo")
    assert s.reserve_of("theo").wounds == 0
    act(s, "choose", n=1)
    assert s.reserve_of("theo").wounds == 1


def test_MDV_2_pilot_completion_lowers_danger():
    """MDV-2 Lyle Brennan: a mission he completes also moves the danger marker down by 1."""
    s = game()
    s.danger = 5
    stack(s, enc(2, 0))
    start(s, "MS7", "lyle")
    assert s.danger == 4


def test_M_MISSION_1_M_MISSION_2_mission_token_starts_a_mission_and_the_turn_resumes():
    """M-MISSION-1: a character placed on a mission token discards it and starts a mission;
    M-MISSION-2: the interrupted turn resumes exactly where it stopped (same actions left)."""
    s = game()
    s.mansion.reserve = [Reserved(cid="theo")]
    d = s.mansion.decks["missions"]
    d.remove("MS9")
    d.insert(0, "MS9")
    stack(s, enc(0, 1), enc(1, 0))
    t = tok(s, "mission", (1, 0))
    left = s.actions_left
    act(s, "move", to=(1, 0))
    assert s.token(t.uid) is None and s.pending.kind == "mission_continue"
    act(s, "choose", n=1)
    assert "MS9" in s.mansion.decks["missions_removed"] and s.mansion.scout_next
    assert s.pending.kind == "act" and s.actions_left == left - 1 and s.active_char.pos == (1, 0)


def test_MDV_7_mission_deck_rules():
    """MDV-7: ten cards, clues 0..4, at most one with 0; MS1..MS6 are the fixed samples."""
    ms = mcontent().missions
    assert len(ms) == 10 and sum(m.clues == 0 for m in ms.values()) == 1
    assert [ms[f"MS{i}"].clues for i in range(1, 7)] == [2, 3, 2, 0, 4, 3]
    assert [o.op for o in ms["MS6"].completion] == ["REFILL_BOX", "KEROSENE"]


@pytest.mark.parametrize("bad,why", [("completion: [{op: SCOUT_NEXT}]}\n", "SPAWN"),
                                     ("clues: 2,", "0 clues")])
def test_MDV_7_loader_refuses_a_harmful_completion_or_a_second_zero(tmp_path, bad, why):
    """MDV-7 deck rules are checked at load, naming the file and the card."""
    from game.content.mansion_pack import MANSION_DATA, load_mansion_content
    d = tmp_path / "m"
    shutil.copytree(MANSION_DATA, d)
    p = d / "missions.yaml"
    t = p.read_text()
    if why == "SPAWN":
        t = t.replace("completion: [{op: SCOUT_NEXT}]}\n", "completion: [{op: SPAWN, n: 1, enemies: [zombie]}]}\n", 1)
    else:
        t = t.replace("{id: MS9, name: Sketch the Cellars, clues: 1,", "{id: MS9, name: Sketch the Cellars, clues: 0,")
    p.write_text(t)
    with pytest.raises(ContentError) as ei:
        load_mansion_content(d)
    assert "missions.yaml" in str(ei.value) and why in str(ei.value)


def test_M_MISSION_13_mission_only_keywords_refused_elsewhere(tmp_path):
    """M-MISSION-13: STASH_A on a scenario event card is refused at load."""
    from game.content.mansion_pack import MANSION_DATA, load_mansion_content
    d = tmp_path / "m"
    shutil.copytree(MANSION_DATA, d)
    p = d / "events.yaml"
    p.write_text(p.read_text().replace("effect: [{op: DRAW_A, n: 2}]", "effect: [{op: STASH_A, n: 2}]"))
    with pytest.raises(ContentError) as ei:
        load_mansion_content(d)
    assert "events.yaml" in str(ei.value) and "M-MISSION-13" in str(ei.value)
