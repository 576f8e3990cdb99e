"""The dungeon's round, actions, movement, terrain, exploration and end (rules/dungeon.md
D-ROUND, D-ACT, D-MOVE, D-TERRAIN, D-MAP, D-EXPLORE, D-END), through the public API and the
dungeon test kit."""
from game.engine.actions import make_action, make_typed
from game.engine.api import apply, legal_actions

from tests.dungeon_kit import end_turn, enemy, hero, move, moves, position, run_of, scenario

B = ("brannoc", "warbrand", "battle_surge")


def two(**kw):
    return position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge"), hero("sela", (1, 4), "longbow", "fleetfoot")],
                    **kw)


def test_D_MOVE_1_D_MOVE_6_orthogonal_steps_up_to_speed():
    """D-MOVE-1, D-MOVE-6: orthogonal steps, 1 point a square, up to speed (Brannoc 3): (2,4) reaches
    (2,1) in 3 but not (1,1) (4 steps orthogonally; a diagonal path would be 3); walls never."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")])
    m = moves(s)
    assert (2, 1) in m and (1, 1) not in m
    assert (0, 4) not in m and (4, 4) not in m  # walls


def test_D_TERRAIN_1_water_costs_two():
    """D-TERRAIN-1: water costs 2: from (0,2), (1,2) is water: (2,2) costs 3 through it or 3
    round it... from (1,3) Brannoc reaches the water (1,2) at 2 but (1,1) beyond it at 3 only
    round it; with speed 3 from (0,2) the square (3,2) needs 1+2... is out (4 via water)."""
    s = position(heroes=[hero("brannoc", (0, 2), "warbrand", "battle_surge")])
    m = moves(s)
    assert (1, 2) in m  # 2 points
    assert (3, 2) not in m  # (1,2) water 2 + (2,2) 1 + (3,2) 1 = 4; round it is 4 too
    assert (2, 2) in m  # 3 points through the water or round by (0,1),(1,1),(2,1)... = 3 via (1,2)
    assert run_of(s).move_costs(s.dungeon.heroes[0], 3)[(1, 2)] == (2, 0)


def test_D_MOVE_4_no_passing_enemies():
    """D-MOVE-4: a hero cannot pass through an enemy's square: with a die on (2,3) and (1,4),
    (3,4) walled in by pits... Brannoc on (2,4) reaches (2,2) only round the enemy."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")], enemies=[enemy("green", 1, (2, 3))])
    m = moves(s)
    assert (2, 3) not in m  # the enemy's square
    assert (2, 2) not in m  # 2 steps through the enemy; round it (1,4),(1,3),(1,2)w.. = 4


def test_D_MOVE_5_pass_through_heroes_but_not_stop():
    """D-MOVE-5: a hero may pass through a hero's square but not end there."""
    s = two()
    m = moves(s)
    assert (1, 4) not in m  # Sela stands there
    s2 = position(heroes=[hero("brannoc", (0, 3), "warbrand", "battle_surge"), hero("sela", (0, 2), "longbow", "fleetfoot")])
    assert (0, 1) in moves(s2)  # through Sela's (0,2): 2 steps


def test_D_TERRAIN_2_D_TERRAIN_3_pit_hurts_each_entry_no_defence():
    """D-END-1: at 0 life a hero dies. D-TERRAIN-2, D-TERRAIN-3: entering the pit (3,3) deals 1 damage, no defence roll, every time."""
    s = position(heroes=[hero("brannoc", (3, 4), "warbrand", "battle_surge")])
    ev = move(s, (3, 3))
    assert s.dungeon.heroes[0].life == 9
    assert not any(e.kind == "defence" for e in ev)
    move(s, (4, 3))
    end_turn(s)  # (one hero: the round goes on to the enemy phase and back)
    s = position(heroes=[hero("brannoc", (2, 3), "warbrand", "battle_surge", life=1)])
    move(s, (3, 3))
    assert s.dungeon.heroes[0].dead  # D-END-1


def test_D_MOVE_1_D_TERRAIN_2_cheapest_way_avoids_pits_when_equal():
    """D-MOVE-1 with D-TERRAIN-2: among equally cheap ways the move takes the one with fewer
    pits: (3,4) -> (4,3) costs 2 only through the pit, so it hurts; (2,3) -> (3,2) has a way
    round the pit at the same cost, so it does not."""
    s = position(heroes=[hero("brannoc", (2, 3), "warbrand", "battle_surge")])
    move(s, (3, 2))
    assert s.dungeon.heroes[0].life == 10
    for rows in (["", "  . o . . .", "  . . . . .", "  . . . . .", "  . . . . .", "  . . . . .", ""],
                 ["", "  . . . . .", "  o . . . .", "  . . . . .", "  . . . . .", "  . . . . .", ""]):
        scn = scenario(cards={"P": rows})
        s = position(scn, cards=[("P", (0, 0), 0)], heroes=[hero("brannoc", (0, 0), "warbrand", "battle_surge")])
        move(s, (1, 1))  # two ways of 2 points, one through a pit
        assert s.dungeon.heroes[0].life == 10


def test_D_MOVE_7_points_left_are_lost():
    """D-MOVE-7: a Move of 1 square spends the whole action: the next Move starts afresh from
    the new square with full speed, and the hero has 1 action left."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")])
    move(s, (2, 3))
    assert s.actions_left == 1
    assert (2, 0) not in moves(s) or True
    assert (2, 0) in moves(s)  # 3 steps from (2,3): (2,2),(2,1),(2,0)


def test_D_ACT_1_D_ROUND_3_two_actions_then_the_turn_ends():
    """D-ACT-1, D-ACT-2: two actions (the same twice is fine); D-ROUND-3: then the turn is over; the
    other hero, the only one left, takes its turn without a question (D-ROUND-2)."""
    s = two()
    move(s, (2, 3))
    move(s, (2, 2))
    assert s.active == 1 and s.pending.kind == "act" and s.actions_left == 2


def test_D_ROUND_2_free_order_and_no_interleaving():
    """D-ROUND-2: the players choose who goes first; a hero finishes its turn before another
    begins: while hero 1 has an action left, hero 0's options hold no Move."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge"), hero("sela", (1, 4), "longbow", "fleetfoot")],
                 phase="refresh")
    assert s.pending.kind == "turn_order"
    apply(s, make_action("pick", n=1))
    assert s.active == 1
    move(s, (0, 3))
    assert s.active == 1 and s.actions_left == 1
    assert not any(a.kind == "dmove" for a in legal_actions(s, 0))


def test_D_ROUND_3_end_turn_early_loses_actions():
    """D-ROUND-3: ending the turn early loses the unused actions; the phase ends once every
    living hero has had its turn, and the enemy and refresh phases follow (D-ROUND-1)."""
    s = two()
    end_turn(s)
    assert s.active == 1
    end_turn(s)
    assert s.dungeon.round == 2 and s.pending.kind == "turn_order"


def test_D_ROUND_7_round_limit_is_defeat_at_refresh_step_2():
    """D-ROUND-7 step 2, 16.7 SR-2, D-END-5: reaching the refresh phase of round 12 without
    victory loses; round 11 goes on to round 12."""
    s = position(round=11)
    end_turn(s)
    assert s.result is None and s.dungeon.round == 12
    end_turn(s)
    assert s.result == "failure" and s.dungeon.log.get("flooded")


def test_D_END_3_all_heroes_dead_is_defeat():
    """D-END-3: when every hero is dead the party loses at once (D-END-6)."""
    s = position(heroes=[hero("brannoc", (2, 3), "warbrand", "battle_surge", life=1)])
    move(s, (3, 3))
    assert s.result == "failure"


def test_D_EXPLORE_1_D_EXPLORE_4_D_EXPLORE_8_X4_X5_east_exit_places_C1():
    """X4/X5: stepping onto START's east exit (5,2) places C1 in slot (1,0) turned 90°, its ▲
    on the junction (5,2); its encounter point at (8,2), wall at (10,3); the Move ends
    (D-EXPLORE-8) and the hero may still use its other action (D-EXPLORE-7). C1's two green
    dice go to squares 1 and 2: (9,2) and (9,3) (D-ENEMY-3, D-ENEMY-5)."""
    scn = scenario(encounters={"C1": [("green", 3), ("green", 6)]}, effects={})
    s = position(scn, heroes=[hero("sela", (3, 2), "longbow", "fleetfoot")])
    assert (5, 2) in moves(s)
    assert (6, 2) not in moves(s)  # nothing beyond the unexplored exit
    move(s, (5, 2))
    d = s.dungeon
    assert [(c.card, tuple(c.slot), c.rot) for c in d.cards][1] == ("C1", (1, 0), 90)
    lay = run_of(s).lay
    assert lay.encounter[1] == (8, 2) and lay.terrain[(10, 3)].value == "wall"
    assert (5, 2) in lay.junctions and set(lay.exits) >= {(11, 2), (8, 5)}
    assert [(e.type, e.pos) for e in d.enemies] == [("briar_slinger", (9, 2)), ("gloom_moth", (9, 3))]
    assert s.actions_left == 1 and s.pending.kind == "act"


def test_D_MOVE_2_D_MOVE_3_speed_is_character_plus_equipment_plus_items():
    """D-MOVE-2: Sela (speed 4) with the Yew Longbow (+1) moves 5; Brannoc's second Warbrand face
    (-1) leaves him 2. D-MOVE-3: Striders' Boots held add 1."""
    s = position(heroes=[hero("sela", (2, 4), "longbow", "fleetfoot")])
    assert (2, -1) in moves(s)  # 5 steps north, the exit half-square
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand:2", "battle_surge")])
    assert (2, 2) in moves(s) and (2, 1) not in moves(s)
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand:2", "battle_surge", items=["i1-striders_boots"])])
    s.dungeon.item_defs["i1-striders_boots"] = "striders_boots"
    s.touch()
    assert (2, 1) in moves(s)


def test_D_TERRAIN_4_D_TERRAIN_5_D_TERRAIN_6_entrances_and_encounter_point_plain_walls_block():
    """D-TERRAIN-4, D-TERRAIN-5: start squares and the encounter point cost 1 and do nothing
    else; D-TERRAIN-6: walls stop movement and sight."""
    s = position(heroes=[hero("brannoc", (2, 2), "warbrand", "battle_surge")])
    assert run_of(s).move_costs(s.dungeon.heroes[0], 3)[(2, 1)] == (1, 0)  # the encounter point
    assert run_of(s).move_costs(s.dungeon.heroes[0], 3)[(1, 4)] == (3, 0)  # a start square
    ev = move(s, (2, 1))
    assert [e.kind for e in ev] == ["move"] and s.dungeon.heroes[0].life == 10
    assert (0, 0) not in moves(s) and (4, 0) not in moves(s)
    scn = scenario(cards={"W": ["", "  . . . . .", "  . . . . .", "  . . # . .", "  . . . . .", "  . . . . .", ""]})
    s = position(scn, cards=[("W", (0, 0), 0)], heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")])
    r = run_of(s)
    assert not r.sight((2, 1), (2, 3), "hero") and r.sight((1, 1), (1, 3), "hero")
    assert r.move_costs(s.dungeon.heroes[0], 3).get((2, 1)) is None  # round the wall: 4 points


def test_D_EXPLORE_10_enemies_stand_on_exits_and_never_explore():
    """D-EXPLORE-10: an enemy may stand on an unexplored half-square; it does not explore, and no
    hero can enter its square (D-MOVE-4)."""
    s = position(heroes=[hero("sela", (3, 2), "longbow", "fleetfoot")], enemies=[enemy("green", 1, (5, 2))])
    assert (5, 2) not in moves(s)
    end_turn(s)  # the enemy phase passes with the enemy on the exit
    assert [c.card for c in s.dungeon.cards] == ["START"]


def test_D_EXPLORE_11_D_FAQ_9_exploring_from_anywhere_places_enemies_and_effects():
    """D-EXPLORE-11, D-FAQ-9: an exploration made from afar (Wayfinder's Chart: ``explore_at``)
    places the card, its enemies and its map effect as if a hero had stepped there; the user is
    the exploring hero."""
    scn = scenario(encounters={"C1": [("green", 1)]})
    s = position(scn, heroes=[hero("ysolde", (2, 4), "longbow", "mending_rite")])
    r = run_of(s)
    r.explore_at(s.dungeon.heroes[0], (5, 2))
    kinds = [e.kind for e in r.ev]
    assert kinds[:4] == ["explore", "enemy_placed", "skill", "map_effect"]
    assert s.dungeon.heroes[0].pos == (2, 4) and s.dungeon.cards[-1].card == "C1"
