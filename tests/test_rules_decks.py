"""Deck building: Item A/B/C, the campaign tension deck and escalation packets
(core.md §11, R-CAMP-5..8, DV-13, DV-14, DV-16)."""
from collections import Counter

from tests.kit import board, content, game

MAP = board("AAAA", "AAAA", start={1: (0, 0)}, place=[("exit", (3, 1))])
STAGE_C = ["maintenance_key", "bolt_cutter", "machine_oil", "fire_hose", "fuse", "storage_key"]


def test_DV_13_deck_sizes():
    d = content().decks
    assert sum(d.item_a.values()) == 20 and sum(d.item_a_rare.values()) == 6
    assert sum(d.item_b_pool.values()) == 39
    assert sum(d.tension_base.values()) == 34


def test_R_CAMP_5_and_R_ITEM_4_standard_item_a_deck_with_rare_additions():
    s = game(MAP, intro=False, item_a_standard=True, rare_item_a=["hip_pouch"])
    names = Counter(s.cards[u].defn for u in s.piles["item_a"])
    assert sum(names.values()) == 21 and names["hip_pouch"] == 1 and names["green_herb"] == 6
    assert "grenade_rounds" not in names  # other rare cards stay set aside


def test_R_ITEM_5_item_b_deck_from_brief_list():
    s = game(MAP, intro=False, item_b=["shotgun", "first_aid_spray", "office_key"])
    assert sorted(s.cards[u].defn for u in s.piles["item_b"]) == ["first_aid_spray", "office_key", "shotgun"]


def test_R_CAMP_6_and_R_ITEM_7_item_c_staged_early_on_top():
    for seed in range(8):
        s = game(MAP, intro=False, item_c=STAGE_C, seed=seed)
        stages = [content().items[s.cards[u].defn].stage for u in s.piles["item_c"]]
        assert stages == sorted(stages) and len(stages) == 6


def test_R_ITEM_9_every_card_is_its_own_object():
    s = game(MAP, intro=False, item_a_standard=True)
    herbs = [u for u in s.piles["item_a"] if s.cards[u].defn == "green_herb"]
    assert len(set(herbs)) == 6


def test_R_CAMP_7_and_R_CAMP_8_packets_grow_the_deck():
    sizes = []
    for packets in ([], ["E1"], ["E1", "E2"], ["E1", "E2", "E3"]):
        s = game(MAP, intro=False, tension_campaign=True, packets=packets, tension=[])
        sizes.append(len(s.piles["tension"]))
    assert sizes == [34, 36, 38, 40]
    s = game(MAP, intro=False, tension_campaign=True, packets=["E1", "E2", "E3"], tension=[])
    names = Counter(s.cards[u].defn for u in s.piles["tension"])
    assert names["quiet_moment"] == 0 and names["ash_falls"] == 6 and names["rising_dead"] == 2


def test_R_TENSION_7_starting_deck_colours():
    s = game(MAP, intro=False, tension_campaign=True, tension=[])
    colours = Counter(content().tension[s.cards[u].defn].colour for u in s.piles["tension"])
    assert colours == {"green": 22, "amber": 8, "red": 4}


def test_DV_14_twelve_item_c_cards_four_per_stage():
    stages = Counter(i.stage for i in content().items.values() if i.stage)
    assert stages == {1: 4, 2: 4, 3: 4}
