"""The dungeon's set-up, heroes and trackers (rules/dungeon.md D-OVR, D-COMP, D-SETUP), through
the public API (new_game, legal_actions, apply, View) and the dungeon test kit."""
import pytest

from game.content.dungeon_pack import dungeon_scenario
from game.engine.api import apply, legal_actions, new_game
from game.engine.actions import make_action

from tests.dungeon_kit import SR

TWO = [("brannoc", "warbrand", "battle_surge"), ("sela", "longbow", "fleetfoot")]


def game(party=TWO, seed=1):
    return new_game(dungeon_scenario(SR), party, seed)


def test_D_SETUP_7_D_SETUP_9_D_COMP_7_heroes_start_full_on_the_start_squares():
    """D-SETUP-7: full life, 0 treasure, 0 energy; D-SETUP-9: on START's start squares in seat
    order, one hero a square; D-SETUP-13: seats in creation order; D-COMP-7 the three trackers."""
    s = game()
    a, b = s.dungeon.heroes
    assert (a.seat, a.character, b.seat, b.character) == (0, "brannoc", 1, "sela")
    assert (a.life, a.energy, a.treasure) == (10, 0, 0)
    assert (b.life, b.energy, b.treasure) == (8, 0, 0)
    assert (a.pos, b.pos) == ((2, 3), (1, 4))
    assert [(c.card, tuple(c.slot), c.rot) for c in s.dungeon.cards] == [("START", (0, 0), 0)]


def test_D_SETUP_12_D_SETUP_1_start_encounter_before_round_1():
    """D-SETUP-12: START's encounter (2 green dice: 16.7 lists 1, the shipped dungeon 2 [design],
    docs/balance.md) is placed on its squares 1 (2,0) and 2 (3,0) (D-ENEMY-3) before round 1
    begins with the players choosing who goes first (D-ROUND-2)."""
    s = game()
    assert [(e.colour, e.pos) for e in s.dungeon.enemies] == [("green", (2, 0)), ("green", (3, 0))]
    assert s.dungeon.round == 1 and s.phase == "player"
    assert s.pending.kind == "turn_order"
    assert {a.n for a in legal_actions(s)} == {0, 1}


def test_D_SETUP_8_D_ITEM_market_of_three_from_a_shuffled_deck():
    """D-SETUP-8: 3 market cards face up, the rest of the 12 in the deck; with 3-4 heroes two
    sets' decks are shuffled together (D-SETUP-5, D-SETUP-6: 24 cards)."""
    s = game()
    assert len(s.dungeon.market) == 3 and len(s.dungeon.deck) == 9
    assert sorted(s.dungeon.item_defs[u] for u in s.dungeon.market + s.dungeon.deck) == \
        sorted(dungeon_scenario(SR).pack.items)
    four = game([("brannoc", "warbrand", "battle_surge"), ("sela", "longbow", "fleetfoot"),
                 ("ysolde", "ember_rod", "mending_rite"), ("corvin", "oathguard", "chain_spark")])
    assert len(four.dungeon.market) + len(four.dungeon.deck) == 24 and four.dungeon.sets == 2
    assert game(seed=1).dungeon.market != game(seed=2).dungeon.market or \
        game(seed=1).dungeon.deck != game(seed=2).dungeon.deck


def test_D_SETUP_3_requirement_met_by_character_plus_ability():
    """D-SETUP-3: Warbrand requires Might +2. Corvin (Might +1) with Battle Surge (+1) has +2 and
    may take it; with Fleetfoot (+0) he may not; Ysolde (+0) never."""
    new_game(dungeon_scenario(SR), [("corvin", "warbrand", "battle_surge")], 1)
    with pytest.raises(ValueError, match="D-SETUP-3"):
        new_game(dungeon_scenario(SR), [("corvin", "warbrand", "fleetfoot")], 1)
    with pytest.raises(ValueError, match="requires might"):
        new_game(dungeon_scenario(SR), [("ysolde", "warbrand", "mending_rite")], 1)


def test_D_SETUP_4_D_FAQ_8_no_character_twice():
    """D-SETUP-4 (D-FAQ-8): no two heroes use the same character card, even with two sets."""
    with pytest.raises(ValueError, match="D-SETUP-4"):
        new_game(dungeon_scenario(SR), [("sela", "longbow", "fleetfoot"), ("sela:2", "oathguard", "mending_rite")], 1)


def test_D_SETUP_5_D_SETUP_6_duplicates_only_with_two_sets():
    """D-SETUP-5, D-SETUP-6: with 1-2 heroes (one set) an equipment or ability card goes to one hero;
    with 3-4 heroes (two sets) to two at most."""
    with pytest.raises(ValueError, match="D-SETUP-5/6"):
        new_game(dungeon_scenario(SR), [("brannoc", "oathguard", "fleetfoot"), ("sela", "oathguard", "mending_rite")], 1)
    three = [("brannoc", "oathguard", "fleetfoot"), ("sela", "oathguard", "fleetfoot"), ("ysolde", "ember_rod", "mending_rite")]
    s = new_game(dungeon_scenario(SR), three, 1)
    assert s.dungeon.sets == 2
    with pytest.raises(ValueError, match="at most 2"):
        new_game(dungeon_scenario(SR), three[:2] + [("corvin", "oathguard", "fleetfoot")], 1)


def test_D_OVR_1_one_to_four_heroes():
    """D-OVR-1: 1-4 heroes; D-OVR-3: one seat per hero (one person may hold several)."""
    assert len(game(TWO[:1]).dungeon.heroes) == 1
    with pytest.raises(ValueError, match="D-OVR-1"):
        game([])
    five = [("brannoc", "oathguard", "fleetfoot"), ("sela", "longbow", "fleetfoot"), ("ysolde", "ember_rod", "mending_rite"),
            ("corvin", "oathguard", "chain_spark"), ("corvin:2", "glaive", "battle_surge")]
    with pytest.raises(ValueError, match="D-OVR-1"):
        game(five)


def test_D_COMP_5_D_COMP_6_second_faces_give_other_numbers():
    """D-COMP-5, D-COMP-6: every hero card has a second face; ``card:2`` picks it and its numbers are
    used (Brannoc's oathsworn face has 11 life)."""
    scn = dungeon_scenario(SR)
    for table in (scn.pack.characters, scn.pack.equipment, scn.pack.abilities):
        assert all(len(c.faces) == 2 for c in table.values())
    s = game([("brannoc:2", "oathguard:2", "mending_rite:2")])
    h = s.dungeon.heroes[0]
    assert h.faces == [1, 1, 1] and h.life == 11
    with pytest.raises(ValueError, match="face"):
        game([("brannoc:3", "oathguard", "mending_rite")])


def test_D_COMP_10_same_seed_same_game():
    """D-COMP-10: all randomness from one seeded stream: the same seed and actions give the
    same state."""
    a, b = game(seed=7), game(seed=7)
    for s in (a, b):
        apply(s, make_action("pick", n=1))
        apply(s, legal_actions(s)[0])
    assert a.same_as(b)


def test_D_COMP_1_D_COMP_2_D_COMP_3_D_COMP_4_D_SKILL_2_a_hero_is_three_cards():
    """D-COMP-1..4: a hero's numbers come from its character (modifiers, speed, life), its
    equipment (dice, modifiers, keywords, defence, speed) and its ability (skills, energy cost);
    D-COMBAT-2's sums, D-SKILL-2's skill totals. Brannoc + Warbrand + Battle Surge."""
    from game.engine.dungeon import DungeonView
    v = DungeonView(game([("brannoc", "warbrand", "battle_surge"), ("sela", "longbow", "fleetfoot")]), 0)
    st = v.stats(0)
    assert (st.melee, st.ranged, st.defence, st.speed, st.life) == ((2, 3), (0, 0), 1, 3, 10)
    assert st.skills == {"might": 3, "agility": 0, "lore": 0} and st.keywords == ("crush",)
    assert (st.energy_cost, st.ability) == (3, "battle_surge")
    sela = v.stats(1)
    assert (sela.melee, sela.ranged, sela.speed, sela.skills["agility"]) == ((1, 1), (3, 3), 5, 3)


def test_D_SETUP_2_any_three_cards_that_pass_the_checks():
    """D-SETUP-2: a player builds a hero from any character, equipment and ability card, any
    face of each (D-COMP-5), as long as the requirement is met (D-SETUP-3)."""
    for party in ([("ysolde", "oathguard", "battle_surge")], [("sela:2", "glaive", "mending_rite:2")],
                  [("corvin", "ember_rod", "chain_spark:2")], [("brannoc:2", "bastion:2", "battle_surge")]):
        s = game(party)
        assert s.dungeon.heroes[0].faces == [1 if c.endswith(":2") else 0 for c in party[0]]
