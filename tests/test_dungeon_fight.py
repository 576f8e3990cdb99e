"""Part B of the dungeon through the public API (dungeon.md 9-13, 15, 17): Attack actions,
enemy activations, damage, treasure, keywords, abilities, items and the market, from positions
laid out by tests/dungeon_kit.py and dice met by choosing the seed (D-COMP-10)."""
from __future__ import annotations

from game.engine.actions import make_action, make_typed
from game.engine.api import apply, legal_actions
from tests.dungeon_fight_kit import events_of, seed_with
from tests.dungeon_kit import end_turn, enemy, hero, ok, position, run_of


def attack(s, how, target, seat=None):
    seat = s.active if seat is None else seat
    return ok(apply(s, make_typed("dattack", seat=seat, how=how, target=target)))


def uid_at(s, pos):
    return next(e.uid for e in s.dungeon.enemies if tuple(e.pos) == pos)


def test_X1_through_the_rule_set_crush_critical_heavy_treasure():
    """X1 (D-COMBAT-4/6/15, D-KEY-3/4/17, D-ENEMY-22..25): Brannoc (Warbrand) attacks the adjacent
    Grave Sentinel (B2, 4 life): [6, 4] are 9 and 7, two hits, one critical; heavy caps energy at
    1; the critical deals 2, the defence 3 + 2 = 5 fails and deals 2: defeated; the blue treasure
    die shows 4 (B4): +3 treasure; the die is free again."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")],
                 enemies=[enemy("blue", 2, (2, 3))], seed=seed_with(6, 4, 3, 4))
    sent = uid_at(s, (2, 3))
    assert make_typed("dattack", seat=0, how="melee", target=sent) in legal_actions(s)
    ev = attack(s, "melee", sent)
    roll = events_of(ev, "attack_roll")[0]
    assert roll.data["faces"] == [6, 4] and roll.data["mod"] == 3 and roll.data["hits"] == 2 and roll.data["criticals"] == 1
    assert [e.data["n"] for e in events_of(ev, "energy")] == [1]
    assert events_of(ev, "critical")[0].data["damage"] == 2
    d = events_of(ev, "enemy_defence")[0].data
    assert d["face"] == 3 and d["total"] == 5 and not d["blocked"] and d["damage"] == 2
    assert events_of(ev, "enemy_defeated") and not s.dungeon.enemies
    assert events_of(ev, "treasure")[0].data["face"] == 4
    h = s.dungeon.heroes[0]
    assert h.treasure == 3 and h.energy == 1


def test_D_COMBAT_6_energy_per_hit_without_heavy():
    """D-COMBAT-6: 2 hits on a Gutter Lurker (no heavy) give 2 energy, even if one is defended."""
    s = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge")],
                 enemies=[enemy("green", 2, (2, 3))], seed=seed_with(4, 5, 6))
    ev = attack(s, "melee", uid_at(s, (2, 3)))
    assert events_of(ev, "attack_roll")[0].data["hits"] == 2
    assert s.dungeon.heroes[0].energy == 2


def test_D_COMBAT_8_D_COMBAT_9_D_COMBAT_11_attack_options():
    """D-COMBAT-8/9/11: melee only at an orthogonal neighbour; ranged only exactly 2 squares in a
    straight line with LOS; equipment with 0 ranged dice offers no ranged attack."""
    s = position(heroes=[hero("sela", (2, 4), "longbow", "fleetfoot"), hero("brannoc", (1, 4), "oathguard", "battle_surge")],
                 enemies=[enemy("green", 1, (2, 2)), enemy("green", 2, (3, 3)), enemy("green", 3, (0, 2))])
    opts = {(a.how, a.target) for a in legal_actions(s) if a.kind == "dattack"}
    g22, g33 = uid_at(s, (2, 2)), uid_at(s, (3, 3))
    assert ("ranged", g22) in opts  # (0, -2): straight, LOS
    assert ("melee", g33) not in opts and ("ranged", g33) not in opts  # diagonal neighbour: neither
    assert ("ranged", uid_at(s, (0, 2))) in opts  # (-2, -2): diagonal line, LOS
    s2 = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge")], enemies=[enemy("green", 1, (2, 2))])
    assert not [a for a in legal_actions(s2) if a.kind == "dattack"]


def test_D_ENEMY_11_attacking_alerts_the_target_and_its_encounter_group():
    """D-ENEMY-11 (b, c): a hero's attack alerts the enemy and every enemy its encounter placed,
    even when it misses (the dice [1, 1] hit nothing)."""
    s = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge")],
                 enemies=[enemy("green", 2, (2, 3), group=1), enemy("green", 1, (0, 1), group=1),
                          enemy("green", 1, (4, 1), group=2)], seed=seed_with(1, 1))
    attack(s, "melee", uid_at(s, (2, 3)))
    alerted = {tuple(e.pos): e.alerted for e in s.dungeon.enemies}
    assert alerted == {(2, 3): True, (0, 1): True, (4, 1): False}


def test_X6_D_ENEMY_18_through_the_enemy_phase_the_slinger_moves_and_shoots():
    """X6 in play: in the enemy phase the alerted Briar Slinger on (2,1) moves to (3,2) and shoots
    Sela (the weakest) with 2 dice at +1 (D-ENEMY-16..19, D-COMBAT-10)."""
    s = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge", life=10),
                         hero("sela", (1, 4), "longbow", "fleetfoot", life=5)],
                 enemies=[enemy("green", 4, (2, 1), alerted=True)], phase="enemy")
    e = s.dungeon.enemies[0]
    assert tuple(e.pos) == (3, 2)


def test_D_ENEMY_10_unaware_enemy_without_sight_skips_its_turn():
    """D-ENEMY-10: an enemy not alerted and with no LOS to a hero does nothing."""
    s = position(heroes=[hero("brannoc", (0, 3), "oathguard", "battle_surge")],
                 cards=[("C3", (0, 0), 0)], enemies=[enemy("green", 1, (0, 1))], phase="enemy")
    assert tuple(s.dungeon.enemies[0].pos) == (0, 1)  # the wall (0,2) hides them from each other (X7)
    s = position(heroes=[hero("brannoc", (0, 3), "oathguard", "battle_surge")],
                 cards=[("C3", (0, 0), 0)], enemies=[enemy("green", 1, (0, 1), alerted=True)], phase="enemy")
    assert tuple(s.dungeon.enemies[0].pos) != (0, 1)  # alerted, it hunts without sight (D-ENEMY-11)


def solo(*, hero_kw=None, enemies=(), seed=0, **kw):
    """Sela (Yew Longbow, Fleetfoot) on START at (2,3) at her act decision."""
    hk = {"pos": (2, 3), **(hero_kw or {})}
    return position(heroes=[hero("sela", hk.pop("pos"), "longbow", "fleetfoot", **hk)], enemies=list(enemies),
                    seed=seed, **kw)


def test_X2_D_KEY_7_enemy_ranged_attack_with_pierce_in_play():
    """X2 (D-COMBAT-9/13, D-KEY-7): a Hex Acolyte two squares north of Sela shoots: [4, 3] at +2 is
    one hit; her defence die 6 + 0 − 1 = 5 fails: 1 life lost, and she gains no energy."""
    s = solo(hero_kw={"life": 8}, enemies=[enemy("blue", 4, (2, 1), alerted=True)], seed=seed_with(4, 3, 6))
    ev = end_turn(s)
    roll = events_of(ev, "attack_roll")[0].data
    assert roll["how"] == "ranged" and roll["faces"] == [4, 3] and roll["hits"] == 1
    d = events_of(ev, "defence")[0].data
    assert d["face"] == 6 and d["total"] == 5 and not d["saved"]
    h = s.dungeon.heroes[0]
    assert h.life == 7 and h.energy == 0


def test_D_ACT_5_window_c_after_the_roll_and_hits_resolve_against_the_declared_target():
    """D-ACT-5 (c), D-COMBAT-15 step 5: after the Acolyte's dice are rolled and before Sela
    defends, a window opens; Sela uses Fleetfoot to step out of range, and the hits still resolve
    against her."""
    s = solo(hero_kw={"life": 8, "energy": 2}, enemies=[enemy("blue", 4, (2, 1), alerted=True)],
             seed=seed_with(4, 3, 6))
    end_turn(s)
    assert s.pending.kind == "minor_enemy"  # before the activation
    ev = ok(apply(s, make_action("done")))
    assert events_of(ev, "attack_roll") and not events_of(ev, "defence")
    assert s.pending.kind == "minor_enemy"  # after the roll, before any defence die
    ev = ok(apply(s, make_typed("dfleet", seat=0, to=(0, 3))))  # (no energy left: the window closes)
    assert s.dungeon.heroes[0].pos == (0, 3)
    assert events_of(ev, "defence")[0].data["hero"] == "h1" and s.dungeon.heroes[0].life == 7


def test_D_KEY_8_D_KEY_9_siphon_drains_energy_on_the_same_or_adjacent_card():
    """D-KEY-8/9: a Gloom Moth's activation drains 1 energy from each hero on its card, never
    below 0; an unaware Moth that skips (D-ENEMY-10) drains nothing."""
    s = solo(hero_kw={"energy": 1, "pos": (2, 4)}, enemies=[enemy("green", 6, (2, 0), alerted=True)], seed=0)
    end_turn(s)
    assert s.dungeon.heroes[0].energy == 0
    s = position(heroes=[hero("sela", (0, 3), "longbow", "fleetfoot", energy=1)], cards=[("C3", (0, 0), 0)],
                 enemies=[enemy("green", 6, (0, 1))])
    ev = end_turn(s)
    assert events_of(ev, "enemy_unaware") and s.dungeon.heroes[0].energy == 1


def test_D_KEY_10_D_KEY_11_regenerate_at_the_end_of_the_round_up_to_the_maximum():
    """D-KEY-10/11: a wounded Mire Troll regains 1 life in the refresh phase, never above its
    maximum (R5: 4)."""
    s = solo(enemies=[enemy("red", 5, (0, 1), life=2), enemy("red", 6, (4, 1))], phase="refresh")
    lives = {tuple(e.pos): e.life for e in s.dungeon.enemies}
    assert lives == {(0, 1): 3, (4, 1): 5}


def test_D_KEY_12_D_KEY_13_ritual_heals_the_weakest_of_its_side_on_its_card_itself_included():
    """D-KEY-12/13: damage to a Hex Acolyte heals the weakest wounded enemy on its card by 1 — the
    Acolyte itself when it is the weakest (revised 2026-12-07), else the other."""
    # the Acolyte (B4, 3 pips) takes 1 (2 left); a Lurker at 2 of 2 is unwounded: the Acolyte heals itself
    s = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge")],
                 enemies=[enemy("blue", 4, (2, 3)), enemy("green", 2, (0, 1))], seed=seed_with(4, 1, 1))
    ev = attack(s, "melee", uid_at(s, (2, 3)))
    r = events_of(ev, "ritual")
    assert r and r[0].data["enemy"] == r[0].data["source"]
    assert next(e.life for e in s.dungeon.enemies if tuple(e.pos) == (2, 3)) == 3
    # a wounded Lurker at 1 is weaker than the Acolyte at 2: it is healed
    s = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge")],
                 enemies=[enemy("blue", 4, (2, 3)), enemy("green", 2, (0, 1), life=1)], seed=seed_with(4, 1, 1))
    attack(s, "melee", uid_at(s, (2, 3)))
    lives = {tuple(e.pos): e.life for e in s.dungeon.enemies}
    assert lives == {(2, 3): 2, (0, 1): 2}


def test_D_KEY_5_stun_from_equipment_needs_damage_and_red_is_immune():
    """D-KEY-5/6: Bastion Plate & Maul (stun) stuns a blue enemy it damaged; the stunned enemy
    loses its next activation. A red enemy is never stunned."""
    s = position(heroes=[hero("brannoc", (2, 4), "bastion", "battle_surge")],
                 enemies=[enemy("blue", 2, (2, 3))], seed=seed_with(6, 1, 1))
    ev = attack(s, "melee", uid_at(s, (2, 3)))
    assert events_of(ev, "stunned") and s.dungeon.enemies[0].stunned
    ev = end_turn(s)
    assert events_of(ev, "enemy_stunned") and not events_of(ev, "attack_roll")
    assert not s.dungeon.enemies[0].stunned  # cleared once the skipped activation passed
    s = position(heroes=[hero("brannoc", (2, 4), "bastion", "battle_surge")],
                 enemies=[enemy("red", 2, (2, 3))], seed=seed_with(6, 1, 1))
    ev = attack(s, "melee", uid_at(s, (2, 3)))
    assert not events_of(ev, "stunned") and not s.dungeon.enemies[0].stunned


def test_D_KEY_6_stun_from_an_enemy_makes_the_hero_skip_its_next_turn():
    """D-KEY-5/6: a Mire Troll's hit that deals damage stuns the hero."""
    s = solo(hero_kw={"life": 8, "pos": (2, 2)}, enemies=[enemy("red", 5, (2, 1), alerted=True)],
             seed=seed_with(6, 1, 1, 1))
    ev = end_turn(s)
    assert [e.data.get("hero") for e in events_of(ev, "stunned")] == ["h1"]
    kinds = [e.kind for e in ev]
    assert "turn_skipped" in kinds and kinds.index("stunned") < kinds.index("turn_skipped")
    assert not s.dungeon.heroes[0].stunned  # cleared once the lost turn passed


def test_D_COMBAT_16_attacks_only_at_living_figures_of_the_other_side():
    """D-COMBAT-16: a hero next to another hero and an enemy is offered the enemy only."""
    s = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge"), hero("sela", (1, 4), "longbow", "fleetfoot")],
                 enemies=[enemy("green", 1, (2, 3))])
    assert {a.target for a in legal_actions(s) if a.kind == "dattack"} == {uid_at(s, (2, 3))}


def test_D_ENEMY_12_alerted_enemy_moves_toward_its_priority_hero_and_attacks():
    """D-ENEMY-12: an alerted Gutter Lurker (Nearest, speed 3) three squares from Brannoc walks next
    to him and attacks in the same activation."""
    s = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge")],
                 enemies=[enemy("green", 2, (2, 0), alerted=True)])
    ev = end_turn(s)
    mv = events_of(ev, "enemy_move")[0].data
    assert mv["to"] == [2, 3]
    kinds = [e.kind for e in ev]
    assert kinds.index("enemy_move") < kinds.index("attack_roll")
    assert events_of(ev, "attack_roll")[0].data["how"] == "melee"


def test_D_KEY_6_an_enemys_stun_needs_damage():
    """D-KEY-6: a Mire Troll's two hits both blocked deal no damage, so Brannoc is not stunned."""
    s = position(heroes=[hero("brannoc", (2, 3), "oathguard", "battle_surge")],
                 enemies=[enemy("red", 5, (2, 2), alerted=True)], seed=seed_with(5, 5, 1, 6, 6))
    ev = end_turn(s)
    assert events_of(ev, "attack_roll")[0].data["hits"] == 2
    assert all(e.data["saved"] for e in events_of(ev, "defence")[:2])
    assert not events_of(ev, "stunned") and not s.dungeon.heroes[0].stunned


def test_D_ACT_5_attacker_defeated_in_window_c_its_rolled_hits_still_land():
    """D-ACT-5: once an enemy's attack dice are rolled, its hits resolve against the declared target
    even if a window-(c) minor action defeats the attacker (Grave Salt on the 1-life Lurker)."""
    s = position(heroes=[hero("brannoc", (2, 3), "oathguard", "battle_surge", items=["i1-grave_salt"], life=9)],
                 enemies=[enemy("green", 1, (2, 2), alerted=True)], seed=seed_with(6, 6, None, 1, 1))
    end_turn(s)
    assert s.pending.kind == "minor_enemy"
    ok(apply(s, make_action("done")))  # the window before the Lurker activates
    assert s.pending.kind == "minor_enemy"  # after its roll [6, 6]: two hits
    ev = ok(apply(s, make_typed("duse", seat=0, item="i1-grave_salt", target="")))
    assert events_of(ev, "enemy_defeated") and not s.dungeon.enemies
    # (nothing more to use: the window closes and the rolled hits resolve in the same step)
    assert len(events_of(ev, "defence")) == 2 and s.dungeon.heroes[0].life == 7


def test_D_ENEMY_15_D_TERRAIN_2_an_enemy_walking_through_a_pit_is_hurt_without_treasure():
    """D-ENEMY-15, D-TERRAIN-2/3: a Fen Hound (3 life) whose cheapest way to its target crosses the
    pit (3,3) of START takes 1 damage there; nobody gains treasure (D-ENEMY-25)."""
    s = position(heroes=[hero("brannoc", (3, 4), "oathguard", "battle_surge", treasure=0)],
                 enemies=[enemy("blue", 6, (3, 2), alerted=True)], seed=seed_with(1, 1, 1))
    ev = end_turn(s)
    mv = events_of(ev, "enemy_move")
    assert mv and [3, 3] in mv[0].data["path"]
    dmg = events_of(ev, "enemy_damage")
    assert dmg and dmg[0].rule == "D-ENEMY-15" and dmg[0].data["n"] == 1
    assert s.dungeon.heroes[0].treasure == 0


def test_D_KEY_15_enemy_barrage_cycles_hits_over_the_heroes_in_range():
    """D-KEY-15: a Cinder Witch (barrage, Richest) with 3 ranged hits gives them to the richest
    hero, then the other hero in range, then the richest again."""
    s = position(heroes=[hero("brannoc", (0, 3), "oathguard", "battle_surge", treasure=5),
                         hero("sela", (4, 3), "longbow", "fleetfoot", treasure=1, turn_done=True)],
                 enemies=[enemy("red", 4, (2, 1), alerted=True)], seed=seed_with(5, 5, 5))
    ev = end_turn(s)
    assert events_of(ev, "attack_roll")[0].data["hits"] == 3
    who = [e.data["hero"] for e in events_of(ev, "defence")]
    assert who[:3] == ["h1", "h1", "h2"]


def test_D_KEY_1_D_KEY_2_reach_attacks_a_diagonal_enemy():
    """D-KEY-1/2: the Hooked Glaive (reach) offers a melee attack on a diagonal neighbour; the
    Oathguard does not."""
    s = position(heroes=[hero("brannoc", (2, 3), "glaive", "battle_surge")], enemies=[enemy("green", 1, (3, 2))])
    assert ("melee", uid_at(s, (3, 2))) in {(a.how, a.target) for a in legal_actions(s) if a.kind == "dattack"}
    s = position(heroes=[hero("brannoc", (2, 3), "oathguard", "battle_surge")], enemies=[enemy("green", 1, (3, 2))])
    assert not [a for a in legal_actions(s) if a.kind == "dattack"]


def test_D_KEY_8_siphon_reaches_the_adjacent_card_but_no_farther():
    """D-KEY-8, D-MAP-5: a Gloom Moth on C2 (slot (2,0), joined to C1 at (11,2)) drains the hero on
    C1 (an adjacent card) but not the one on START (two cards away)."""
    cards = [("START", (0, 0), 0), ("C1", (1, 0), 90), ("C2", (2, 0), 90)]
    s = position(cards=cards, heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge", energy=2),
                                      hero("sela", (7, 1), "longbow", "fleetfoot", energy=2, turn_done=True)],
                 enemies=[enemy("green", 6, (14, 2), alerted=True)])
    r = run_of(s)
    assert r.lay.cards_of[(14, 2)] == (2,) and 1 in r.lay.cards_of[(7, 1)]
    end_turn(s)
    while s.pending is not None and s.pending.kind == "minor_enemy":  # (Sela could use Fleetfoot)
        ok(apply(s, make_action("done")))
    assert [h.energy for h in s.dungeon.heroes] == [2, 1]
