"""What the dungeon tells a screen or a bot before it acts (the View's previews and reasons for
part B): attack odds that agree with the resolution, why an attack is refused, and what an enemy
will do next (dungeon.md 9, 10.2)."""
from __future__ import annotations

import itertools
from fractions import Fraction

from game.engine.dungeon.combat import AttackRoll, Target, attack_odds, resolve_hits
from game.engine.dungeon.view import RULE_OF, DungeonView
from tests.dungeon_fight_kit import Dice
from tests.dungeon_kit import enemy, hero, position


def brute(dice, mod, defence, crush, pierce):
    """Expected damage by enumerating every attack and defence face (no defeat cut-off)."""
    total = Fraction(0)
    n = 0
    for faces in itertools.product(range(1, 7), repeat=dice):
        r = AttackRoll(faces, mod, True)
        other = r.hits - r.criticals
        for dfaces in itertools.product(range(1, 7), repeat=other):
            out = resolve_hits(Dice(), Target(99, defence), r.hits, r.criticals, crush=crush, pierce=pierce,
                               defence_dice=dfaces)
            total += Fraction(out.damage, 6 ** other)
        n += 1
    return total / n


def test_D_COMBAT_13_attack_odds_agree_with_the_resolution_code():
    """D-COMBAT-1/4/13, D-KEY-3/7: the preview's expected damage equals the average over every
    face of the rolls the resolution makes (X1's numbers: 2 dice at +3, crush, against +2: 5/3)."""
    odds = attack_odds(2, 3, True, 2, crush=True)
    assert odds["hit"] == Fraction(4, 6) and odds["critical"] == Fraction(1, 6)
    assert odds["damage"] == Fraction(5, 3) == brute(2, 3, 2, True, False)
    for dice, mod, d, crush, pierce in ((1, 0, 0, False, False), (3, 1, 1, False, True), (2, -1, 3, True, True)):
        assert attack_odds(dice, mod, True, d, crush=crush, pierce=pierce)["damage"] == brute(dice, mod, d, crush, pierce)


def test_D_COMBAT_8_D_COMBAT_9_D_COMBAT_10_D_COMBAT_11_why_an_attack_is_refused():
    """D-COMBAT-8..11: the View says why: not adjacent, not on a straight line at 2, no LOS, no
    ranged dice; each code names its rule."""
    s = position(heroes=[hero("sela", (2, 3), "longbow", "fleetfoot")],
                 enemies=[enemy("green", 1, (1, 1)), enemy("green", 2, (2, 1)), enemy("green", 1, (4, 1))])
    v = DungeonView(s, 0)
    uid = {tuple(e.pos): e.uid for e in s.dungeon.enemies}
    assert v.attack_problem(0, "ranged", uid[(1, 1)]).code == "not_in_line"  # (-1, -2)
    assert v.attack_problem(0, "ranged", uid[(2, 1)]) is None
    assert v.attack_problem(0, "melee", uid[(2, 1)]).code == "not_adjacent"
    assert v.attack_problem(0, "ranged", uid[(4, 1)]) is None  # (2, -2) in LOS
    for code in ("not_in_line", "not_adjacent", "no_ranged", "no_los", "no_enemy"):
        assert RULE_OF[code].startswith("D-COMBAT")
    s2 = position(heroes=[hero("brannoc", (2, 3), "oathguard", "battle_surge")], enemies=[enemy("green", 2, (2, 1))])
    assert DungeonView(s2, 0).attack_problem(0, "ranged", s2.dungeon.enemies[0].uid).code == "no_ranged"
    p = v.attack_preview(0, "ranged", uid[(2, 1)])
    assert p["dice"] == 3 and p["mod"] == 3 and p["hit"] == Fraction(4, 6)


def test_D_ENEMY_18_the_enemy_hover_card_says_what_it_will_do_next():
    """D-ENEMY-10/18: X6's Slinger will walk to (3,2) and shoot Sela (seat 1); an unaware enemy
    out of sight will skip; a stunned one will lose its activation (D-KEY-6)."""
    s = position(heroes=[hero("brannoc", (2, 4), "oathguard", "battle_surge", life=10),
                         hero("sela", (1, 4), "longbow", "fleetfoot", life=5)],
                 enemies=[enemy("green", 4, (2, 1), alerted=True), enemy("blue", 5, (4, 1), alerted=True, stunned=True)])
    v = DungeonView(s, 0)
    slinger, hound = (e.uid for e in s.dungeon.enemies)
    i = v.enemy_intent(slinger)
    assert i["does"] == "act" and i["path"][-1] == (3, 2) and i["target"] == 1 and i["attack"] == "ranged"
    assert v.enemy_intent(hound)["does"] == "stunned"
    s = position(heroes=[hero("brannoc", (0, 3), "oathguard", "battle_surge")], cards=[("C3", (0, 0), 0)],
                 enemies=[enemy("green", 1, (0, 1))])
    assert DungeonView(s, 0).enemy_intent(s.dungeon.enemies[0].uid)["does"] == "skip"
