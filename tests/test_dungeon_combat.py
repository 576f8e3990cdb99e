"""The dungeon's combat (dungeon.md section 9, the combat keywords of 13, skill checks of 12)
and the worked examples X1-X3 of section 17, on the pure pieces of game.engine.dungeon.combat and
.skills."""
from __future__ import annotations

import pytest

from game.engine.dungeon import combat as C
from game.engine.dungeon.combat import AttackRoll, Target, count_hits, energy_for, resolve_hits
from game.engine.dungeon.behaviour import treasure_roll
from game.engine.dungeon.skills import judge, skill_check, skill_modifier
from game.content.dungeon_pack import dungeon_pack
from game.engine.rng import Rng
from tests.dungeon_fight_kit import C3, START, Dice, ground


# ---------------------------------------------------------------- worked examples (section 17)
def test_X1_D_COMBAT_4_D_KEY_3_D_KEY_4_D_KEY_17_D_ENEMY_24_crush_against_a_heavy_sentinel():
    """X1 (D-COMBAT-2/4/6, D-KEY-3/4/17, D-ENEMY-22..24): Brannoc (melee +2) with Warbrand (2/+1,
    crush) rolls [6, 4] against a Grave Sentinel (4 life, defence +2, heavy): totals 9 and 7, two
    hits, the 6 a critical; heavy caps energy at 1; the critical deals 2 (crush), the defence roll
    3 + 2 = 5 fails and deals 2 more: defeated. The blue treasure die shows B4: +3 treasure."""
    mod = C.hero_modifier(equipment=1, character=2)
    roll = AttackRoll((6, 4), mod, by_hero=True)
    assert roll.totals == (9, 7) and roll.hits == 2 and roll.criticals == 1
    assert energy_for(roll.hits, from_action=True, heavy=True) == 1
    out = resolve_hits(Dice(3), Target(life=4, defence=2), roll.hits, roll.criticals, crush=True)
    assert [(s.critical, s.damage, s.life) for s in out.steps] == [(True, 2, 2), (False, 2, 0)]
    assert out.steps[1].total == 5 and not out.steps[1].blocked
    assert out.defeated and out.life == 0
    assert treasure_roll(Dice(4), dungeon_pack().dice, "blue") == (4, 3)


def test_X2_D_COMBAT_13_D_KEY_7_pierce_makes_a_natural_six_defence_fail():
    """X2 (D-COMBAT-9/13, D-KEY-7): a Hex Acolyte (ranged 2/+2, pierce) two squares north of Sela
    (defence +0) rolls [4, 3]: 6 and 5, one hit; Sela's defence die 6 + 0 − 1 = 5 fails: 1 life lost.
    Without pierce the same die blocks."""
    acolyte = dungeon_pack().enemies["hex_acolyte"]
    roll = AttackRoll((4, 3), acolyte.ranged.mod, by_hero=False)
    assert roll.hits == 1 and roll.criticals == 0
    g = ground(C3)
    assert C.can_shoot(g.board, (2, 1), (2, 3))  # exactly two squares in a straight line, in LOS
    out = resolve_hits(Dice(6), Target(life=8, defence=0), 1, 0, pierce=acolyte.keywords.__contains__("pierce"))
    assert out.steps[0].total == 5 and out.damage == 1 and out.life == 7
    assert resolve_hits(Dice(6), Target(life=8, defence=0), 1, 0, pierce=False).damage == 0


def test_X3_D_SKILL_1_D_SKILL_2_lore_check_with_two_successes():
    """X3 (D-SKILL-1/2): Ysolde (Lore +2) with Mending Rite (Lore +1) has Lore +3; [1, 2, 3, 5] gives
    4, 5, 6, 8: two successes meet Lore 2. The same dice fail Lore 3, and fail Lore 2 with +2 only."""
    mod = skill_modifier(character=2, ability=1)
    assert mod == 3
    r = judge("lore", [1, 2, 3, 5], mod, 2)
    assert r.totals == (4, 5, 6, 8) and r.successes == 2 and r.passed
    assert not judge("lore", [1, 2, 3, 5], mod, 3).passed
    assert not judge("lore", [1, 2, 3, 5], 2, 2).passed


# ---------------------------------------------------------------- D-COMBAT
def test_D_COMBAT_1_each_die_plus_modifier_of_six_or_more_is_a_hit():
    """D-COMBAT-1: the seed's example 2 — an enemy's 3 dice [1, 4, 5] at +1 give 2, 5, 6: one hit."""
    assert count_hits([1, 4, 5], 1, by_hero=False) == (1, 0)
    assert count_hits([1, 4, 5], 2, by_hero=False) == (2, 0)


def test_D_COMBAT_2_hero_modifier_is_equipment_plus_character():
    """D-COMBAT-2: the seed's example 1 — a +1 weapon and a +2 character: [2, 3, 5] give 5, 6, 8,
    two hits."""
    mod = C.hero_modifier(equipment=1, character=2)
    assert mod == 3
    assert count_hits([2, 3, 5], mod, by_hero=True) == (2, 0)


def test_D_COMBAT_3_temporary_item_bonus_adds_to_each_die():
    """D-COMBAT-3: a Whetstone's +1 turns a 3 at +2 into a hit."""
    assert count_hits([3, 3], C.hero_modifier(1, 1, bonus=1), by_hero=True) == (2, 0)
    assert count_hits([3, 3], C.hero_modifier(1, 1), by_hero=True) == (0, 0)


def test_D_COMBAT_4_heros_natural_six_hits_whatever_the_modifiers_and_is_undefendable():
    """D-COMBAT-4: a hero's natural 6 at −3 is still a hit and a critical; it deals 1 damage with
    no defence die, even against a defence that would always block."""
    assert count_hits([6, 5], -3, by_hero=True) == (1, 1)
    out = resolve_hits(Dice(), Target(life=3, defence=6), 1, 1)
    assert out.damage == 1 and out.steps[0].critical and out.steps[0].natural is None


def test_D_COMBAT_5_enemies_never_score_criticals():
    """D-COMBAT-5: an enemy's natural 6 at −1 totals 5: no hit, no critical."""
    assert count_hits([6], -1, by_hero=False) == (0, 0)
    assert count_hits([6], 0, by_hero=False) == (1, 0)


def test_D_COMBAT_6_energy_per_hit_of_an_attack_action_even_if_defended():
    """D-COMBAT-6: 3 hits of an Attack action give 3 energy, criticals included, whatever the
    defence rolls do."""
    roll = AttackRoll((6, 5, 4), 2, by_hero=True)
    assert roll.hits == 3
    assert energy_for(roll.hits, from_action=True, heavy=False) == 3
    out = resolve_hits(Dice(6, 6), Target(life=5, defence=2), roll.hits, roll.criticals)
    assert out.damage == 1  # two defended, the energy stays


def test_D_COMBAT_7_D_FAQ_1_items_and_abilities_give_no_energy():
    """D-COMBAT-7, D-FAQ-1: hits from an item or an ability give no energy."""
    assert energy_for(2, from_action=False, heavy=False) == 0
    assert energy_for(2, from_action=True, heavy=False) == 2


def test_D_COMBAT_8_melee_only_orthogonal():
    """D-COMBAT-8: melee reaches the four orthogonal neighbours, not a diagonal one."""
    g = ground(START)
    assert C.melee_reaches(g.board, (2, 2), (2, 1))
    assert C.melee_reaches(g.board, (2, 2), (3, 2))
    assert not C.melee_reaches(g.board, (2, 2), (3, 3))
    assert not C.melee_reaches(g.board, (2, 2), (2, 4))


@pytest.mark.parametrize("offset,ok", [((2, 0), True), ((0, -2), True), ((-2, 2), True), ((2, 2), True),
                                       ((1, 0), False), ((1, 1), False), ((1, 2), False), ((2, 1), False),
                                       ((3, 0), False), ((0, 0), False)])
def test_D_COMBAT_9_D_COMBAT_10_ranged_exactly_two_along_a_line(offset, ok):
    """D-COMBAT-9/10: only the eight offsets (±2,0), (0,±2), (±2,±2); adjacent and knight-like
    offsets are out of range."""
    assert C.ranged_offset_ok((5, 5), (5 + offset[0], 5 + offset[1])) is ok


def test_D_COMBAT_9_ranged_needs_line_of_sight():
    """D-COMBAT-9: on C3, (0,1) -> (0,3) is two squares straight but the wall (0,2) blocks (X7);
    a hostile figure between blocks too (D-LOS-2)."""
    g = ground(C3, half_squares=False)
    assert not C.can_shoot(g.board, (0, 1), (0, 3))
    assert C.can_shoot(g.board, (1, 1), (1, 3))
    assert not C.can_shoot(g.board, (1, 0), (3, 0), {(2, 0)})


def test_D_COMBAT_11_no_ranged_attack_without_ranged_dice():
    """D-COMBAT-11: a 0-dice ranged profile rolls nothing, so it can never hit (the rule set offers
    no ranged attack for it); enemy cards with 0 ranged dice are not ranged (D-ROUND-5)."""
    assert dungeon_pack().enemies["gutter_lurker"].is_ranged is False
    assert C.roll_d6(Rng.from_seed(1), 0) == []


def test_D_COMBAT_12_item_ranged_attack_adds_only_the_character_modifier():
    """D-COMBAT-12: a Pitch Flask shot by a +2 character with +1 equipment adds +2 only."""
    assert C.hero_modifier(equipment=1, character=2, from_item=True) == 2
    assert count_hits([3], C.hero_modifier(1, 2, from_item=True), by_hero=True) == (0, 0)


def test_D_COMBAT_13_one_defence_die_per_hit_six_or_more_cancels():
    """D-COMBAT-13: the seed's example — defence +2 against 2 hits rolls 3 and 5: 5 fails (1
    damage), 7 blocks. A permanent item bonus (Warding Amulet) adds to the die."""
    out = resolve_hits(Dice(3, 5), Target(life=10, defence=2), 2, 0)
    assert [s.total for s in out.steps] == [5, 7] and [s.blocked for s in out.steps] == [False, True]
    assert out.damage == 1
    assert resolve_hits(Dice(3, 5), Target(life=10, defence=2), 2, 0, defence_bonus=1).damage == 0


def test_D_COMBAT_14_damage_lowers_life_one_per_point():
    """D-COMBAT-14: 3 undefended hits on 5 life leave 2."""
    out = resolve_hits(Dice(1, 1, 1), Target(life=5, defence=0), 3, 0)
    assert out.life == 2 and [s.life for s in out.steps] == [4, 3, 2]


def test_D_COMBAT_15_criticals_first_then_defence_and_hits_after_defeat_discarded():
    """D-COMBAT-15: criticals are applied before any defence die; once the target is defeated the
    hits left are discarded (no die rolled for them)."""
    dice = Dice(1)
    out = resolve_hits(dice, Target(life=2, defence=0), 4, 1)
    assert out.steps[0].critical and not out.steps[1].critical
    assert out.defeated and out.discarded == 2 and dice.faces == []
    with pytest.raises(ValueError):
        resolve_hits(Dice(), Target(life=2, defence=0), 1, 2)


def test_D_KEY_3_D_KEY_4_crush_deals_two_also_on_a_critical():
    """D-KEY-3/4: with crush a hit that gets through deals 2, a critical too."""
    out = resolve_hits(Dice(1), Target(life=9, defence=0), 2, 1, crush=True)
    assert [s.damage for s in out.steps] == [2, 2]
    out = resolve_hits(Dice(1), Target(life=9, defence=0), 2, 1, crush=False)
    assert [s.damage for s in out.steps] == [1, 1]


def test_D_KEY_16_D_KEY_17_heavy_caps_energy_at_one():
    """D-KEY-16/17: heavy (the attacker's gear or any target) caps an attack action at 1 energy."""
    assert energy_for(3, from_action=True, heavy=True) == 1
    assert energy_for(3, from_action=True, heavy=False) == 3
    assert energy_for(0, from_action=True, heavy=True) == 0


def test_D_KEY_15_enemy_barrage_cycles_through_targets_in_priority_order():
    """D-KEY-15: an enemy with barrage assigns its hits one at a time, cycling through the legal
    heroes in priority order starting with its chosen target."""
    assert C.assign_barrage(3, ["sela", "brannoc"]) == ["sela", "brannoc", "sela"]
    assert C.assign_barrage(1, ["sela", "brannoc"]) == ["sela"]
    with pytest.raises(ValueError):
        C.assign_barrage(1, [])


def test_D_KEY_1_D_KEY_2_reach_diagonal_denied_only_by_walls_or_void():
    """D-KEY-1/2: reach adds the diagonals; a diagonal is denied only if both squares beside both
    figures are walls or void, never by figures (C3 of 16.7, canonical)."""
    g = ground(C3, half_squares=False)
    b = g.board
    assert C.melee_reaches(b, (2, 2), (1, 1), reach=True)
    assert not C.melee_reaches(b, (2, 2), (1, 1), reach=False)
    # (1,0)-(0,1): the squares beside both are (0,0) (a wall) and (1,1) (floor): allowed
    assert C.melee_reaches(b, (1, 0), (0, 1), reach=True)
    # (1,2)->(0,3) on C3: beside both are (0,2) (wall) and (1,3) (water, a square): allowed
    assert C.melee_reaches(b, (1, 2), (0, 3), reach=True)
    # with (1,1) a wall too, (1,0)-(0,1) is a pinch between two walls: denied
    pinched = ground(C3, half_squares=False, extra_walls={(1, 1)})
    assert not C.melee_reaches(pinched.board, (1, 0), (0, 1), reach=True)


# ---------------------------------------------------------------- D-SKILL
def test_D_SKILL_1_four_dice_count_totals_of_six_against_the_target():
    """D-SKILL-1: the seed's example — Lore 3 at +2 with [1, 2, 4, 6]: 3, 4, 6, 8, two successes,
    failed."""
    r = judge("lore", [1, 2, 4, 6], 2, 3)
    assert r.successes == 2 and not r.passed
    with pytest.raises(ValueError):
        judge("lore", [1, 2, 4], 2, 3)
    r = skill_check(Dice(6, 6, 6, 1), "might", 0, 3)
    assert r.naturals == (6, 6, 6, 1) and r.passed


def test_D_SKILL_3_three_skills_only():
    """D-SKILL-3: Might, Agility and Lore; anything else is refused."""
    with pytest.raises(ValueError):
        skill_check(Dice(1, 1, 1, 1), "charm", 0, 1)


def test_D_SKILL_4_natural_six_not_special_and_item_bonus_added():
    """D-SKILL-4: a natural 6 at −1 totals 5: no success; a bonus naming the check is added."""
    assert judge("agility", [6, 6, 6, 6], -1, 1).successes == 0
    assert skill_check(Dice(5, 5, 1, 1), "agility", 0, 2, bonus=1).passed
    assert not skill_check(Dice(5, 5, 1, 1), "agility", 0, 2).passed
