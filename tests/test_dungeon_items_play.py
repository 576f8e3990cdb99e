"""Items, the market and abilities of the dungeon in play (dungeon.md 11, 16.3, 16.4; D-ITEM,
D-ACT-3/5, D-FAQ-2/9, D-KEY-14) through the public API."""
from __future__ import annotations

from game.engine.actions import make_typed
from game.engine.api import apply, legal_actions
from tests.dungeon_fight_kit import events_of, seed_with
from tests.dungeon_kit import enemy, hero, ok, position


def market(s, cards, deck=()):
    s.dungeon.market, s.dungeon.deck = list(cards), list(deck)
    s.touch()
    return s


def uid_at(s, pos):
    return next(e.uid for e in s.dungeon.enemies if tuple(e.pos) == pos)


def use(s, item, seat=0, **kw):
    return ok(apply(s, make_typed("duse", seat=seat, item=item, **({"target": ""} | kw))))


def test_D_ITEM_1_D_ITEM_4_buy_with_own_treasure_and_the_market_refills_at_once():
    """D-ITEM-1/4: a minor action (no action spent) pays the cost from the hero's own treasure and
    the deck's top card takes the bought card's place; a card the hero cannot pay is not offered."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge", treasure=4)])
    market(s, ["i1-healing_draught", "i1-trollblood_tonic", "i1-whetstone"], ["i1-spark_phial", "i1-grave_salt"])
    buys = {a.item for a in legal_actions(s) if a.kind == "dbuy"}
    assert buys == {"i1-healing_draught", "i1-whetstone"}  # the Tonic costs 6
    ev = ok(apply(s, make_typed("dbuy", seat=0, item="i1-healing_draught")))
    h = s.dungeon.heroes[0]
    assert h.treasure == 1 and h.items == ["i1-healing_draught"] and s.actions_left == 2
    assert s.dungeon.market == ["i1-spark_phial", "i1-trollblood_tonic", "i1-whetstone"]
    assert s.dungeon.deck == ["i1-grave_salt"] and events_of(ev, "buy")


def test_D_ITEM_2_D_ITEM_3_a_bought_item_is_used_at_once_and_used_up():
    """D-ITEM-2/3: a Healing Draught bought can be used straight away; after one use it is gone
    (and out of the game, D-ITEM-5)."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge", treasure=3, life=5)])
    market(s, ["i1-healing_draught"])
    ok(apply(s, make_typed("dbuy", seat=0, item="i1-healing_draught")))
    assert make_typed("duse", seat=0, item="i1-healing_draught", target="") in legal_actions(s)
    use(s, "i1-healing_draught")
    h = s.dungeon.heroes[0]
    assert h.life == 8 and h.items == [] and "i1-healing_draught" not in s.dungeon.market + s.dungeon.deck


def test_D_ITEM_6_permanent_items_change_defence_and_speed_and_are_never_used():
    """D-ITEM-6, D-MOVE-3, D-COMBAT-13: Warding Amulet and Striders' Boots add while held and are
    not offered as a use."""
    from tests.dungeon_kit import run_of
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge", items=["i1-warding_amulet", "i1-striders_boots"])])
    st = run_of(s).hero_stats(s.dungeon.heroes[0])
    assert st.defence == 1 + 1 and st.speed == 3 + 1
    assert not [a for a in legal_actions(s) if a.kind == "duse"]


def test_D_ENEMY_25_D_ENEMY_24_an_item_that_defeats_gives_its_user_the_treasure():
    """D-ENEMY-25, 16.4 I-12: Grave Salt deals 1 damage to each orthogonally adjacent enemy (no
    defence, no energy); the user defeats the 1-life one and rolls its die for treasure."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge", items=["i1-grave_salt"])],
                 enemies=[enemy("green", 1, (2, 3)), enemy("blue", 2, (1, 4)), enemy("green", 1, (3, 3))],
                 seed=seed_with(5))
    ev = use(s, "i1-grave_salt")
    h = s.dungeon.heroes[0]
    assert h.energy == 0 and h.treasure == 1  # green face 5: Gloom Moth, 1 pip
    lives = {tuple(e.pos): e.life for e in s.dungeon.enemies}
    assert lives == {(1, 4): 3, (3, 3): 1}  # the diagonal one is untouched
    assert events_of(ev, "treasure")[0].data["face"] == 5


def test_D_ENEMY_23_defeat_at_zero_extra_damage_lost_and_healing_never_above_the_placed_pips():
    """D-ENEMY-22/23: a 1-life enemy hit for 2 (crush) is defeated and gone; a ritual never lifts
    an enemy above the pips it was placed with (an unwounded one is no candidate)."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")],
                 enemies=[enemy("green", 1, (2, 3))], seed=seed_with(5, 1, 1, 1))
    ev = ok(apply(s, make_typed("dattack", seat=0, how="melee", target=uid_at(s, (2, 3)))))
    assert events_of(ev, "enemy_damage")[0].data["n"] == 2 and not s.dungeon.enemies


def test_D_COMBAT_12_D_COMBAT_7_pitch_flask_adds_only_the_character_modifier_and_gives_no_energy():
    """D-COMBAT-12/7, 16.4 I-04: Sela (ranged +2) with a Yew Longbow (+1) throws a Pitch Flask:
    2 dice at +2 (not +3), crush, no energy."""
    s = position(heroes=[hero("sela", (2, 3), "longbow", "fleetfoot", items=["i1-pitch_flask"])],
                 enemies=[enemy("blue", 2, (2, 1))], seed=seed_with(3, 4, 1))
    ev = use(s, "i1-pitch_flask", target=uid_at(s, (2, 1)))
    roll = events_of(ev, "attack_roll")[0].data
    assert roll["mod"] == 2 and roll["hits"] == 1 and roll["source"] == "item"
    assert events_of(ev, "enemy_damage")[0].data["n"] == 2  # crush
    assert s.dungeon.heroes[0].energy == 0


def test_D_COMBAT_3_whetstone_adds_one_to_each_die_of_the_next_melee_attack_only():
    """D-COMBAT-3, 16.4 I-08: after a Whetstone, Brannoc's melee dice get +1 more (+4 in all),
    once."""
    s = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge", items=["i1-whetstone"])],
                 enemies=[enemy("blue", 2, (2, 3))], seed=seed_with(2, 2, 1, 1, 2, 2))
    use(s, "i1-whetstone")
    ev = ok(apply(s, make_typed("dattack", seat=0, how="melee", target=uid_at(s, (2, 3)))))
    assert events_of(ev, "attack_roll")[0].data["mod"] == 4 and events_of(ev, "attack_roll")[0].data["hits"] == 2
    ev = ok(apply(s, make_typed("dattack", seat=0, how="melee", target=uid_at(s, (2, 3)))))
    assert events_of(ev, "attack_roll")[0].data["mod"] == 3


def test_smoke_pellet_stuns_a_non_red_enemy_in_range_without_damage():
    """16.4 I-06, D-KEY-5: Smoke Pellet stuns one non-red enemy within Chebyshev distance 2 in
    LOS; a red one or one 3 squares away is not offered."""
    s = position(heroes=[hero("sela", (2, 3), "longbow", "fleetfoot", items=["i1-smoke_pellet"])],
                 enemies=[enemy("green", 1, (3, 1)), enemy("red", 1, (1, 2)), enemy("blue", 1, (2, 0))])
    targets = {a.target for a in legal_actions(s) if a.kind == "duse"}
    assert targets == {uid_at(s, (3, 1))}
    use(s, "i1-smoke_pellet", target=uid_at(s, (3, 1)))
    assert next(e for e in s.dungeon.enemies if tuple(e.pos) == (3, 1)).stunned


def test_D_EXPLORE_11_D_FAQ_9_wayfinders_chart_explores_from_anywhere_with_placement():
    """D-EXPLORE-11, D-FAQ-9: the Chart explores an exit the hero is not on; the card's enemies are
    placed as if a hero had stepped there; the hero's Move is untouched (no action spent)."""
    s = position(heroes=[hero("ysolde", (2, 4), "oathguard", "mending_rite", items=["i1-wayfinders_chart"])])
    chart = [a for a in legal_actions(s) if a.kind == "duse"]
    assert {a.at for a in chart} == {(2, -1), (5, 2)}
    n = len(s.dungeon.cards)
    ev = use(s, "i1-wayfinders_chart", at=(5, 2))
    assert len(s.dungeon.cards) == n + 1 and events_of(ev, "explore") and events_of(ev, "enemy_placed")
    assert s.dungeon.heroes[0].pos == (2, 4) and s.actions_left == 2


def test_knucklebone_rerolls_one_attack_die_and_a_rerolled_six_is_a_critical():
    """16.4 I-10: right after Brannoc's attack roll [1, 1] he may reroll one die; the new 6 is a
    critical; the Knucklebone is used up."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge", items=["i1-lucky_knucklebone"])],
                 enemies=[enemy("blue", 2, (2, 3))], seed=seed_with(1, 1, 6))
    ok(apply(s, make_typed("dattack", seat=0, how="melee", target=uid_at(s, (2, 3)))))
    assert s.pending.kind == "dreroll"
    ev = ok(apply(s, make_typed("dreroll", seat=0, n=1)))
    assert events_of(ev, "reroll")[0].data["new"] == 6
    assert events_of(ev, "critical") and s.dungeon.heroes[0].items == []


def test_D_KEY_14_D_KEY_15_barrage_hero_assigns_each_hit_die_after_the_roll():
    """D-KEY-14/15: Ysolde with the Ember Rod (barrage) shoots; after the roll she gives each hit
    die a target among the enemies in range; each defends only its own hits."""
    s = position(heroes=[hero("ysolde", (2, 3), "ember_rod", "mending_rite")],
                 enemies=[enemy("green", 2, (2, 1)), enemy("green", 2, (0, 1))], seed=seed_with(6, 6))
    a, b = uid_at(s, (2, 1)), uid_at(s, (0, 1))
    ok(apply(s, make_typed("dattack", seat=0, how="ranged", target=a)))
    assert s.pending.kind == "dassign" and {o.target for o in s.pending.options} == {a, b}
    ok(apply(s, make_typed("dassign", seat=0, n=0, target=a)))
    ev = ok(apply(s, make_typed("dassign", seat=0, n=1, target=b)))
    assert [e.data["target"] for e in events_of(ev, "critical")] == [a, b]
    lives = {tuple(e.pos): e.life for e in s.dungeon.enemies}
    assert lives == {(2, 1): 1, (0, 1): 1}


def test_D_FAQ_2_chain_spark_rolls_separately_against_each_enemy_no_energy():
    """D-FAQ-2, 16.3 Chain Spark: 4 energy, up to 2 enemies at ranged range in LOS, a separate
    2-dice roll against each at the character's ranged modifier only; no energy from its hits."""
    s = position(heroes=[hero("ysolde", (2, 3), "oathguard", "chain_spark", energy=4)],
                 enemies=[enemy("green", 2, (2, 1)), enemy("green", 2, (0, 1))], seed=seed_with(4, 4, 1, 1))
    a, b = uid_at(s, (2, 1)), uid_at(s, (0, 1))
    assert make_typed("dspark", seat=0, target=a, target2=b) in legal_actions(s)
    ev = ok(apply(s, make_typed("dspark", seat=0, target=a, target2=b)))
    rolls = events_of(ev, "attack_roll")
    assert [r.data["target"] for r in rolls] == [a, b] and all(len(r.data["faces"]) == 2 for r in rolls)
    assert rolls[0].data["mod"] == 2 and s.dungeon.heroes[0].energy == 0


def test_battle_surge_is_a_melee_attack_with_equipment_keywords_and_no_energy():
    """16.3 Battle Surge (D-ACT-3, D-COMBAT-7): 3 energy for a melee attack with Warbrand's crush,
    no action spent, no energy gained."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge", energy=3)],
                 enemies=[enemy("blue", 2, (2, 3))], seed=seed_with(5, 1, 1))
    ev = ok(apply(s, make_typed("dsurge", seat=0, target=uid_at(s, (2, 3)))))
    assert events_of(ev, "enemy_damage")[0].data["n"] == 2 and s.dungeon.heroes[0].energy == 0
    assert s.actions_left == 2


def test_mending_rite_heals_self_or_an_orthogonal_neighbour_up_to_maximum():
    """16.3 Mending Rite: 3 life to the hero or an orthogonally adjacent hero, never above the
    maximum; a diagonal neighbour is not offered."""
    s = position(heroes=[hero("ysolde", (2, 4), "oathguard", "mending_rite", energy=3, life=6),
                         hero("brannoc", (2, 3), "warbrand", "battle_surge", life=4),
                         hero("sela", (1, 3), "longbow", "fleetfoot", life=2)])
    others = {a.other for a in legal_actions(s) if a.kind == "dmend"}
    assert others == {0, 1}
    ok(apply(s, make_typed("dmend", seat=0, other=0)))
    assert s.dungeon.heroes[0].life == 7


def test_fleetfoot_passes_enemies_and_water_costs_one():
    """16.3 Fleetfoot: up to 3 squares, through (not onto) enemy squares, water 1."""
    s = position(heroes=[hero("sela", (2, 4), "longbow", "fleetfoot", energy=2)], enemies=[enemy("green", 1, (2, 3))])
    to = {a.to for a in legal_actions(s) if a.kind == "dfleet"}
    assert (2, 2) in to and (2, 3) not in to  # through the enemy on (2,3)
    assert (1, 2) in to  # (2,4)->(1,4)? no: (1,3),(1,2) water: 1+1+1 = 3


def test_knucklebone_rerolls_a_failed_defence_die_before_the_damage():
    """16.4 I-10 ("attack, defence or skill"): a Gutter Lurker hits Sela once; her defence die 1
    fails; she rerolls it with the Knucklebone, the 6 blocks, and she loses no life."""
    from tests.dungeon_kit import end_turn
    s = position(heroes=[hero("sela", (2, 3), "longbow", "fleetfoot", items=["i1-lucky_knucklebone"], life=8)],
                 enemies=[enemy("green", 2, (2, 2), alerted=True)], seed=seed_with(5, 1, 1, 6))
    end_turn(s)
    assert s.pending.kind == "dreroll"
    ev = ok(apply(s, make_typed("dreroll", seat=0, n=0)))
    assert events_of(ev, "reroll")[0].data["new"] == 6
    assert s.dungeon.heroes[0].life == 8 and s.dungeon.heroes[0].items == []


def test_knucklebone_rerolls_a_die_of_a_failed_skill_check():
    """16.4 I-10, D-SKILL-1: Ysolde (Lore +3) explores C1 with a Knucklebone; the Lore 2 check
    [1, 1, 1, 5] has one success; she rerolls the first die, a 6: two successes, +3 treasure."""
    from tests.dungeon_kit import move
    s = position(heroes=[hero("ysolde", (4, 2), "oathguard", "mending_rite", items=["i1-lucky_knucklebone"])],
                 seed=seed_with(None, None, 1, 1, 1, 5, 6))
    move(s, (5, 2))
    assert s.pending.kind == "dreroll" and s.dungeon.heroes[0].treasure == 0
    ev = ok(apply(s, make_typed("dreroll", seat=0, n=0)))
    assert events_of(ev, "reroll")[0].data["new"] == 6
    sk = events_of(ev, "skill")[0].data
    assert sk["faces"] == [6, 1, 1, 5] and sk["success"]
    assert s.dungeon.heroes[0].treasure == 3 and s.dungeon.heroes[0].items == []


def test_D_KEY_17_heavy_on_any_barrage_target_caps_the_energy():
    """D-KEY-16/17: an Ember Rod roll with two hits, one given to a Grave Sentinel (heavy), gives
    1 energy; the same hits on two Lurkers give 2."""
    for first, want in (((2, 1), 1), ((0, 1), 2)):  # the first hit to the Sentinel, or to a Lurker
        s = position(heroes=[hero("ysolde", (2, 3), "ember_rod", "mending_rite")],
                     enemies=[enemy("green", 2, (0, 1)), enemy("blue", 2, (2, 1)), enemy("green", 2, (4, 1))],
                     seed=seed_with(6, 6))
        a, b = uid_at(s, first), uid_at(s, (4, 1))
        ok(apply(s, make_typed("dattack", seat=0, how="ranged", target=a)))
        ok(apply(s, make_typed("dassign", seat=0, n=0, target=a)))
        ok(apply(s, make_typed("dassign", seat=0, n=1, target=b)))
        assert s.dungeon.heroes[0].energy == want


def test_D_FAQ_2_chain_spark_with_a_knucklebone_asks_after_the_first_roll_then_rolls_the_second():
    """D-FAQ-2 with 16.4 I-10: after the first target's roll the hero may reroll; the second target's
    roll follows the decision (not over it)."""
    s = position(heroes=[hero("ysolde", (2, 3), "oathguard", "chain_spark", energy=4, items=["i1-lucky_knucklebone"])],
                 enemies=[enemy("green", 2, (2, 1)), enemy("green", 2, (0, 1))], seed=seed_with(1, 1, 1, 1))
    a, b = uid_at(s, (2, 1)), uid_at(s, (0, 1))
    ok(apply(s, make_typed("dspark", seat=0, target=a, target2=b)))
    assert s.pending.kind == "dreroll" and s.pending.ctx["target"] == a
    ev = ok(apply(s, make_typed("dreroll", seat=0, n=-1)))  # kept: the first roll resolves
    assert [r.data["target"] for r in events_of(ev, "attack_roll")] == [a]
    assert s.pending.kind == "dreroll" and s.pending.ctx["target"] == b  # the Knucklebone is still held
    ev = ok(apply(s, make_typed("dreroll", seat=0, n=-1)))
    assert [r.data["target"] for r in events_of(ev, "attack_roll")] == [b] and s.pending.kind == "act"
