"""How the dungeon's enemies act (dungeon.md 10.2, D-ENEMY-9..21; D-ROUND-4/5) and the worked
example X6, on the pure pieces of game.engine.dungeon.enemies over one card of 16.7."""
from __future__ import annotations

from game.engine.dungeon import behaviour as E
from game.engine.dungeon.behaviour import INF, attack_from, distance, movement, plan_activation
from tests.dungeon_fight_kit import C3, START, foe, grid, ground, hero

C2 = ["      x", "  # . . o #", "  . o . . .", "x . . E o .", "  o . . . #", "  # # . . .", "      ^"]


def test_X6_D_ENEMY_16_D_ENEMY_18_slinger_moves_to_the_cheapest_attack_square_and_shoots():
    """X6 (D-ENEMY-16..19, D-COMBAT-10): on START an alerted Briar Slinger on (2,1), Brannoc (10) on
    (2,4), Sela (5) on (1,4). P = Sela; no attack from (2,1); attack squares against her are (1,2),
    (3,2), (3,4) (ranged) and (1,3) (melee), costing 3, 2, 4 (past its speed) and 3; (2,2) is not
    one. It moves to (3,2) and shoots Sela."""
    g = ground(START)
    sela, brannoc = hero(2, (1, 4), life=5), hero(1, (2, 4), life=10)
    heroes = [brannoc, sela]
    me = foe("briar_slinger", (2, 1), life=2)
    reach = movement(g, me.pos, me.life, heroes=E.hero_squares(heroes))
    sq = E.attack_squares(g, me, sela, heroes, [me], reach)
    # X6 also lists (3,4) (cost 4, past the speed of 3); but Brannoc on (2,4) stands between it and
    # Sela, and heroes other than the target block an enemy's shot (D-ENEMY-21): not an attack
    # square. The outcome is the same.
    assert sq == {(1, 2): 3, (3, 2): 2, (1, 3): 3}
    assert E.attack_squares(g, me, sela, [sela], [me], movement(g, me.pos, me.life, heroes={sela.pos}))[(3, 4)] == 4
    assert attack_from(g, me.card, (2, 2), sela, heroes) is None
    assert attack_from(g, me.card, (1, 3), sela, heroes) == "melee"
    plan = plan_activation(g, me, heroes, [me])
    assert plan.dest == (3, 2) and plan.target == 2 and plan.attack == "ranged" and plan.step == 3
    assert plan.path in (((3, 1), (3, 2)), ((2, 2), (3, 2)))


def test_D_ENEMY_9_D_ENEMY_14_attacks_from_where_it_stands_without_moving():
    """D-ENEMY-9/14, D-ENEMY-18 step 2: a Lurker beside its target attacks and does not move; never
    twice (one attack in the plan)."""
    g = ground(START)
    me = foe("gutter_lurker", (2, 2))
    plan = plan_activation(g, me, [hero(1, (2, 3))], [me])
    assert plan.path == () and plan.attack == "melee" and plan.target == 1 and plan.step == 2


def test_D_ENEMY_14_D_FAQ_5_shooter_that_can_only_melee_melees():
    """D-ENEMY-14, D-FAQ-5: a Slinger adjacent to the only hero, with no square to shoot from in
    reach that is cheaper than staying, melees where it stands rather than backing off."""
    g = ground(START)
    me = foe("briar_slinger", (2, 2))
    plan = plan_activation(g, me, [hero(1, (2, 3))], [me])
    assert plan.path == () and plan.attack == "melee"


def test_D_ENEMY_15_water_costs_two_heroes_never_entered_enemies_passed_not_stopped_on():
    """D-ENEMY-15: water costs 2; a hero's square is never entered; another enemy's square is
    passed through but not stopped on."""
    g = ground(START)
    r = movement(g, (1, 1), 3)
    assert r.cost((1, 2)) == 2
    r = movement(g, (2, 0), 3, heroes={(2, 1)})
    assert (2, 1) not in r.best
    me, other = foe("gutter_lurker", (1, 0)), foe("gutter_lurker", (2, 0), uid="o")
    h = hero(1, (3, 1))
    reach = movement(g, me.pos, me.life, heroes={h.pos})
    assert reach.cost((2, 0)) == 1  # passed through
    assert (2, 0) not in E.attack_squares(g, me, h, [h], [me, other], reach)
    assert (3, 0) in E.attack_squares(g, me, h, [h], [me, other], reach)


def test_D_ENEMY_15_pits_hurt_never_one_that_would_defeat_and_fewer_pits_among_equal_costs():
    """D-ENEMY-15: an enemy may enter a pit (it hurts), never one that would defeat it: with 1 life
    the pit (3,3) of START is closed to it, with 2 life it is open; among equally cheap ways the
    one with fewer pits wins."""
    g = ground(START)
    assert (3, 3) not in movement(g, (3, 2), 1).best
    r = movement(g, (3, 2), 2)
    assert r.best[(3, 3)] == (1, 1)
    # (2,4) from (3,2): through (2,2),(2,3) costs 3 with no pit; through (3,3),(3,4) 3 with one
    assert r.best[(2, 4)] == (3, 0)
    assert r.path((2, 4)) == [(2, 2), (2, 3), (2, 4)]
    assert r.path((3, 4)) == [(3, 3), (3, 4)]  # the pit is the only cheap way there


def test_D_ENEMY_16_distance_is_cost_to_nearest_attack_square_zero_or_infinite():
    """D-ENEMY-16: 0 when already on an attack square; ∞ when none can be reached (a walled-in
    hero)."""
    g = ground(START)
    me = foe("gutter_lurker", (2, 2))
    assert distance(g, me, hero(1, (2, 3)), [hero(1, (2, 3))], [me]) == 0
    h = hero(1, (2, 4))
    assert distance(g, me, h, [h], [me]) == 1  # (2,3)
    boxed = hero(1, (4, 1))
    heroes = [boxed, hero(2, (4, 2)), hero(3, (3, 1)), hero(4, (4, 0))]
    assert distance(g, me, boxed, heroes, [me]) == INF


def test_D_ENEMY_17_priorities_and_ties():
    """D-ENEMY-17: Nearest, Weakest, Strongest, Most energy, Richest; ties to the smaller distance,
    then the lower seat; heroes at ∞ ignored unless all are."""
    a, b = hero(1, (0, 0), life=5, energy=1, treasure=4), hero(2, (0, 0), life=7, energy=3, treasure=2)
    d = {1: 3, 2: 1}
    assert E.pick_target("nearest", [a, b], d).seat == 2
    assert E.pick_target("weakest", [a, b], d).seat == 1
    assert E.pick_target("strongest", [a, b], d).seat == 2
    assert E.pick_target("most_energy", [a, b], d).seat == 2
    assert E.pick_target("richest", [a, b], d).seat == 1
    c = hero(3, (0, 0), life=5)
    assert E.pick_target("weakest", [a, c], {1: 2, 3: 1}).seat == 3  # tie on life: smaller distance
    assert E.pick_target("weakest", [a, c], {1: 1, 3: 1}).seat == 1  # then the lower seat
    assert E.pick_target("weakest", [a, b], {1: INF, 2: 4}).seat == 2  # ∞ ignored
    assert E.pick_target("weakest", [a, b], {1: INF, 2: INF}).seat == 1


def test_D_ENEMY_18_step_4_attacks_another_hero_from_here_when_the_priority_one_is_out_of_reach():
    """D-ENEMY-18 step 4: a slow Grave Sentinel (speed 2) whose nearest... Here an Ogre (priority
    Strongest) cannot reach the strongest hero this activation but stands beside a weaker one:
    it attacks that one without moving."""
    g = ground(C3)
    me = foe("barrow_ogre", (1, 1), life=5)
    strong, weak = hero(1, (4, 3), life=10), hero(2, (1, 2), life=3)
    plan = plan_activation(g, me, [strong, weak], [me])
    assert plan.step == 4 and plan.target == 2 and plan.path == () and plan.attack == "melee"


def test_D_ENEMY_18_step_6_approaches_and_never_retreats():
    """D-ENEMY-18 step 6, D-ENEMY-19: a Sentinel (speed 2) too far from its only target moves to
    the reachable square with the lowest remaining distance, strictly lower than now."""
    g = ground(C3)
    me = foe("grave_sentinel", (2, 0), life=3)
    h = hero(1, (2, 4))
    before = distance(g, me, h, [h], [me])
    plan = plan_activation(g, me, [h], [me])
    assert plan.step == 6 and plan.attack is None and plan.path
    moved = foe("grave_sentinel", plan.dest, life=3)
    assert distance(g, moved, h, [h], [me]) < before


def test_D_ENEMY_19_equally_cheap_squares_go_to_reading_order():
    """D-ENEMY-19: a Lurker on C3 (2,2) with a hero at (2,4)... two attack squares of equal cost
    with LOS: the first in reading order (smallest y, then x) wins."""
    g = ground(C3)
    me = foe("gutter_lurker", (2, 1))
    h = hero(1, (2, 3))
    heroes = [h]
    # attack squares against (2,3): (2,2) cost 1 (the EP square is floor), (1,3) water, (3,3) floor, (2,4)
    plan = plan_activation(g, me, heroes, [me])
    assert plan.dest == (2, 2) and plan.attack == "melee"


def test_D_ENEMY_19_D_ENEMY_13_D_FAQ_4_los_filter_on_an_approach():
    """D-ENEMY-19, D-ENEMY-13, D-FAQ-4: an enemy a hero sees never ends its approach where no living
    hero sees it. Here the closest approach square (4,1) is hidden from the hero behind the wall
    (3,1); it takes (4,2), which the hero sees."""
    g = grid(["#......", "##.#.##", "..#....", ".......", "......."])
    me, h = foe("gutter_lurker", (3, 3), life=2), hero(1, (2, 1))
    assert E.seen_by_any(g, [h], me.pos, ())
    assert not E.seen_by_any(g, [h], (4, 1), ())  # the square the approach would pick unfiltered
    plan = plan_activation(g, me, [h], [me])
    assert plan.step == 6 and plan.path == ((3, 2), (4, 2))
    assert E.seen_by_any(g, [h], plan.dest, ())


def test_D_ENEMY_19_los_filter_applies_to_a_move_onto_an_attack_square_too():
    """D-ENEMY-19 (revised 2026-12-07: no exemption for attack squares): a Slinger whose cheapest
    attack square (3,2), a shot at offset (0,−2), is hidden from the hero by a Sentinel standing
    on (3,1) goes to (4,0) instead and attacks in melee."""
    g = grid(["......", ".....#", ".....#", "##....", "..#..."])
    me = foe("briar_slinger", (4, 2), life=2)
    wall = foe("grave_sentinel", (3, 1), uid="s", life=3)
    h = hero(1, (3, 0))
    assert attack_from(g, me.card, (3, 2), h, [h]) == "ranged"
    assert not E.seen_by_any(g, [h], (3, 2), {wall.pos})
    plan = plan_activation(g, me, [h], [me, wall])
    assert plan.step == 3 and plan.path == ((4, 1), (4, 0)) and plan.attack == "melee"


def test_D_ENEMY_19_stays_put_when_no_seen_square_qualifies():
    """D-ENEMY-19: if no square some hero would see brings it closer, it stays put."""
    g = grid([".......", "..#....", "....##.", "...##..", ".....#."])
    me, h = foe("gutter_lurker", (4, 4), life=2), hero(1, (6, 3))
    assert E.seen_by_any(g, [h], me.pos, ())
    plan = plan_activation(g, me, [h], [me])
    assert plan.path == () and plan.attack is None and plan.step == 6


def test_D_ENEMY_21_heroes_other_than_the_target_block_an_enemys_shot_enemies_never():
    """D-ENEMY-21: a Slinger's shot two squares south is blocked by another hero between, never by
    another enemy."""
    g = ground(C3, half_squares=False)
    me = foe("briar_slinger", (1, 1))
    target = hero(1, (1, 3))
    assert attack_from(g, me.card, me.pos, target, [target]) == "ranged"
    assert attack_from(g, me.card, me.pos, target, [target, hero(2, (1, 2))]) is None
    # an enemy on (1,2) is no blocker for the enemy's own shot
    assert E.enemy_sees(g, me.pos, target, [target])


def test_D_ENEMY_10_D_ENEMY_11_unalerted_enemy_acts_only_with_sight_alerted_always():
    """D-ENEMY-10/11: not yet alerted, an enemy acts only with LOS to a living hero; once alerted
    it acts without LOS too."""
    g = ground(C3, half_squares=False)
    h = hero(1, (0, 3))
    hidden = foe("gutter_lurker", (0, 1), alerted=False)  # the wall (0,2) is in the way (X7)
    assert not E.notices(g, hidden, [h])
    assert E.notices(g, foe("gutter_lurker", (0, 1), alerted=True), [h])
    assert E.notices(g, foe("gutter_lurker", (4, 3), alerted=False), [h])


def test_D_ENEMY_20_retired_melee_and_ranged_never_both_against_one_hero_from_one_square():
    """D-ENEMY-20 (retired, reason kept): with ranged range exactly 2 and melee (reach too) at
    distance 1, no enemy type can both melee and shoot one hero from one square, so no choice rule
    is needed; attack_from names melee for every neighbour it reaches."""
    from game.content.dungeon_pack import dungeon_pack
    from game.engine.dungeon.combat import melee_reaches, ranged_offset_ok
    g = grid(["." * 9] * 9)
    for et in dungeon_pack().enemies.values():
        for dx in range(-3, 4):
            for dy in range(-3, 4):
                a, b = (4, 4), (4 + dx, 4 + dy)
                if a == b:
                    continue
                both = melee_reaches(g.board, a, b, "reach" in et.keywords) and ranged_offset_ok(a, b)
                assert not both
                if melee_reaches(g.board, a, b, "reach" in et.keywords):
                    assert attack_from(g, et, a, hero(1, b), [hero(1, b)]) == "melee"
