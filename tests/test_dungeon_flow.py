"""The dungeon's minor-action windows, enemy order, refresh, claim and end (rules/dungeon.md
D-ACT-3..7, D-ROUND-4..7, D-END-2, D-END-4, D-END-6, 16.7 SR-1) through the public API and the test kit."""
from game.engine.actions import make_action, make_typed
from game.engine.api import apply, legal_actions
from game.engine.query import View

from tests.dungeon_kit import end_turn, enemy, hero, move, ok, position, run_of, scenario

C3 = [("START", (0, 0), 0), ("C3", (0, -1), 0)]


def pair(**kw):
    a = {"pos": (2, 3), **kw.pop("a", {})}
    b = {"pos": (1, 4), **kw.pop("b", {})}
    return position(heroes=[hero("brannoc", a.pop("pos"), "warbrand", "battle_surge", **a),
                            hero("sela", b.pop("pos"), "longbow", "fleetfoot", **b)], **kw)


def test_D_ACT_6_D_ACT_3_hand_over_items_to_an_adjacent_hero_diagonals_too():
    """D-ACT-6: give or take an item between heroes at Chebyshev distance 1 (diagonal included);
    D-ACT-3: no action is spent; farther heroes cannot."""
    s = pair(a={"items": ["i1-whetstone"]})
    opts = legal_actions(s)
    give = make_typed("dgive", seat=0, other=1, item="i1-whetstone")
    assert give in opts  # (2,3) and (1,4) are diagonal neighbours
    ok(apply(s, give))
    assert s.dungeon.heroes[1].items == ["i1-whetstone"] and s.actions_left == 2
    far = pair(a={"items": ["i1-whetstone"]}, b={"pos": (4, 2)})
    assert not any(a.kind in ("dgive", "dtake") for a in legal_actions(far))


def test_D_ACT_5_window_b_another_hero_acts_between_the_active_heroes_actions():
    """D-ACT-4, D-ACT-5 (b): minor actions at any time: during hero 0's turn, hero 1 may take its minor actions (here: take an item
    from hero 0) and nothing else; hero 0's turn then goes on where it stopped."""
    s = pair(a={"items": ["i1-whetstone"]})
    theirs = legal_actions(s, 1)
    assert theirs and all(a.kind in ("dgive", "dtake") for a in theirs)
    ok(apply(s, make_typed("dtake", seat=1, other=0, item="i1-whetstone"), seat=1))
    assert s.dungeon.heroes[1].items == ["i1-whetstone"]
    assert s.active == 0 and s.actions_left == 2 and s.pending.kind == "act"


def test_D_ACT_5_window_c_before_each_enemy_activates():
    """D-ACT-5 (c), D-ROUND-4: in the enemy phase a window opens before each enemy's activation
    for every hero who has a minor action; closing it lets that enemy act."""
    s = pair(a={"items": ["i1-whetstone"]}, enemies=[enemy("green", 1, (0, 0)), enemy("blue", 1, (4, 0))],
             phase="enemy")
    assert s.pending.kind == "minor_enemy"
    assert set(s.pending.seats) == {0, 1}
    ok(apply(s, make_typed("dgive", seat=0, other=1, item="i1-whetstone")))
    assert s.pending.kind == "minor_enemy"  # the window opens again after a minor action
    ev = ok(apply(s, make_action("done")))
    assert [e.kind for e in ev][:1] == ["enemy_turn"] and s.pending.kind == "minor_enemy"


def test_D_ACT_7_D_END_2_dead_heroes_take_no_minor_actions_and_lose_all():
    """D-ACT-7/D-END-2: a dead hero is off the map with no items, energy or treasure, takes no
    turn and no minor action; D-ITEM-7: its items leave the game."""
    s = pair(a={"life": 1, "items": ["i1-whetstone"], "treasure": 5, "energy": 4, "pos": (2, 4)},
             b={"pos": (1, 3)})
    move(s, (3, 3))  # the pit
    h = s.dungeon.heroes[0]
    assert h.dead and h.pos is None and (h.items, h.energy, h.treasure) == ([], 0, 0)
    assert s.active == 1 and legal_actions(s, 0) == []
    assert not any(a.kind in ("dgive", "dtake") for a in legal_actions(s))


def test_D_ROUND_4_D_ROUND_5_enemy_order_green_blue_red_ranged_first():
    """D-ROUND-4, D-ROUND-5: green before blue before red; within a colour ranged (Briar Slinger G3)
    before melee (Gutter Lurker G1) whatever the spawn order; then spawn order."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")],
                 enemies=[enemy("red", 1, (0, 1)), enemy("green", 1, (0, 2)), enemy("blue", 1, (0, 3)),
                          enemy("green", 3, (4, 1)), enemy("green", 2, (4, 2))])
    ev = end_turn(s)  # (no hero has a minor action: no window opens)
    order = [e.data["enemy"] for e in ev if e.kind == "enemy_turn"]
    types = {e.uid: (e.colour, e.face) for e in s.dungeon.enemies}
    assert [types[u] for u in order] == [("green", 3), ("green", 1), ("green", 2), ("blue", 1), ("red", 1)]


def test_D_ACT_5_enemies_placed_in_the_enemy_phase_first_act_next_round():
    """D-ACT-5: an enemy placed during the enemy phase (an exploration in a window) first acts
    in the next round."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")],
                 enemies=[enemy("green", 1, (0, 1))])
    r = run_of(s)
    s.dungeon.enemies[0].placed_phase, s.dungeon.enemies[0].placed_round = "enemy", 1
    assert r.activation_order() == []
    s.dungeon.enemies[0].placed_round = 0
    assert [e.uid for e in r.activation_order()] == [s.dungeon.enemies[0].uid]


def test_D_ROUND_6_D_ROUND_7_refresh_makes_turns_available_and_counts_the_round():
    """D-ROUND-6, D-ROUND-7: after the refresh every living hero's turn is available again (3) and the
    round number goes up by 1 (4); the players choose the order again (D-ROUND-2)."""
    s = pair()
    end_turn(s)
    end_turn(s)
    assert s.dungeon.round == 2 and not any(h.turn_done for h in s.dungeon.heroes)
    assert s.pending.kind == "turn_order"


def test_D_KEY_6_D_ROUND_2_a_stunned_hero_skips_its_turn():
    """D-KEY-6: a stunned hero loses its next turn whole, and the stun clears."""
    s = pair(b={"stunned": True})
    ev = end_turn(s)
    assert any(e.kind == "turn_skipped" for e in ev)
    assert not s.dungeon.heroes[1].stunned and s.dungeon.round == 2


def test_D_END_4_SR_1_claim_the_reliquary_wins():
    """D-END-4, 16.7 SR-1: on C3's altar, with no enemy on C3 (its junction included), a hero
    may spend an action to claim the reliquary: victory."""
    s = position(cards=C3, heroes=[hero("sela", (2, -6), "longbow", "fleetfoot")], sequence=[])
    claim = make_typed("dother", seat=0, name="claim")
    assert claim in legal_actions(s)
    ok(apply(s, claim))
    assert s.result == "success"
    blocked = position(cards=C3, heroes=[hero("sela", (2, -6), "longbow", "fleetfoot")], sequence=[],
                       enemies=[enemy("green", 1, (2, -1))])  # on the junction
    assert claim not in legal_actions(blocked)
    off = position(cards=C3, heroes=[hero("sela", (2, -5), "longbow", "fleetfoot")], sequence=[])
    assert claim not in legal_actions(off)


def test_D_END_6_defeat_wins_over_victory():
    """D-END-6: victory and defeat checked after every event; both at once: defeat (the last
    round's refresh reached with the reliquary claimed is victory, not both)."""
    s = position(cards=C3, heroes=[hero("sela", (2, -6), "longbow", "fleetfoot")], sequence=[])
    run = run_of(s)
    s.dungeon.claimed = True
    s.dungeon.log["flooded"] = 1
    s.result = None
    run.check_end()
    assert s.result == "failure"


def test_D_OVR_2_the_program_runs_enemies_and_the_next_card():
    """D-OVR-2: no decision asks the players which card comes next or where enemies go: an
    exploration is one Move action."""
    scn = scenario(encounters={"C1": [("green", None), ("green", None)]})
    s = position(scn, heroes=[hero("sela", (4, 2), "longbow", "fleetfoot")])
    step = s.step
    move(s, (5, 2))
    assert s.step == step + 1 and len(s.dungeon.enemies) == 2


def test_D_COMP_8_trackers_are_capped():
    """D-COMP-8: life within 0..max, energy and treasure within 0..20; gains beyond are lost."""
    s = pair(a={"treasure": 19, "energy": 20, "life": 9})
    r = run_of(s)
    h = s.dungeon.heroes[0]
    assert r.gain(h, "treasure", 3) == 1 and h.treasure == 20
    assert r.gain(h, "energy", 1) == 0 and r.gain(h, "life", 5) == 1 and h.life == 10
    assert r.gain(h, "energy", -30) == -20 and h.energy == 0


def test_view_sees_the_dungeon_for_every_seat():
    """View per seat: the co-operative dungeon hides nothing; every seat reads the same."""
    s = pair()
    assert View(s, 0).visible_state()["dungeon"] == View(s, 1).visible_state()["dungeon"]


def test_D_MOVE_4_D_MOVE_5_D_MOVE_6_why_not_and_preview_come_from_the_rules():
    """The view answers where a hero may go, what a move would do (points, pit damage
    D-TERRAIN-2, exploring D-EXPLORE-1) and why not (D-MOVE-4 enemy, D-MOVE-5 figure, D-MOVE-6
    wall or void, D-MOVE-1 too far, D-ROUND-2 not its turn) from the rule set itself."""
    from game.engine.dungeon import DungeonView
    from game.engine.dungeon.view import RULE_OF
    s = pair(b={"pos": (3, 4)}, enemies=[enemy("green", 1, (2, 2))])
    v = DungeonView(s, 0)
    assert v.move_problem(0, (0, 0)).code == "not_a_square" and RULE_OF["not_a_square"] == "D-MOVE-6"
    assert v.move_problem(0, (2, 2)).code == "enemy"
    assert v.move_problem(0, (3, 4)).code == "figure"
    assert v.move_problem(0, (4, 0)).code == "not_a_square"
    assert v.move_problem(0, (3, 0)).code == "too_far"
    assert v.move_problem(1, (3, 3)).code == "not_your_turn"
    assert v.move_problem(0, (3, 3)) is None
    assert v.move_preview(0, (3, 3)) == {"points": 1, "pits": 1, "explores": False}
    assert v.move_preview(0, (2, 2)) is None
    s = position(heroes=[hero("sela", (3, 2), "longbow", "fleetfoot")])
    assert DungeonView(s, 0).move_preview(0, (5, 2)) == {"points": 2, "pits": 0, "explores": True}
    assert DungeonView(s, 0).unexplored() == [(2, -1), (5, 2)]


def test_D_ACT_5_window_a_minor_actions_between_two_steps_of_a_move():
    """D-ACT-5 (a): a Move made step by step keeps its points between steps, so the hero may take
    minor actions in between (here: hand an item over) and go on; the whole Move is one action
    (D-ACT-1); stopping early loses the points left (D-MOVE-7)."""
    s = pair(a={"pos": (2, 4), "items": ["i1-whetstone"]}, b={"pos": (1, 3)})
    ok(apply(s, make_typed("dstep", seat=0, to=(2, 3))))
    assert s.actions_left == 1 and s.dungeon.moving == 2
    ok(apply(s, make_typed("dgive", seat=0, other=1, item="i1-whetstone")))
    assert s.dungeon.moving == 2 and not any(a.kind == "dother" for a in legal_actions(s))
    ok(apply(s, make_typed("dstep", seat=0, to=(2, 2))))
    assert s.dungeon.moving == 1 and (2, 0) not in {a.to for a in legal_actions(s) if a.kind == "dmove"}
    ok(apply(s, make_typed("dmove", seat=0, to=(2, 1))))  # the last point: the Move ends
    assert s.dungeon.moving == -1 and s.actions_left == 1 and s.dungeon.heroes[0].pos == (2, 1)
    s = pair(a={"pos": (2, 4)}, b={"pos": (1, 3)})
    ok(apply(s, make_typed("dstep", seat=0, to=(2, 3))))
    ok(apply(s, make_typed("dstop", seat=0)))
    assert s.dungeon.moving == -1 and s.actions_left == 1
    assert (2, 0) in {a.to for a in legal_actions(s) if a.kind == "dmove"}  # a new Move: full speed


def test_D_EXPLORE_8_a_step_onto_an_exit_explores_and_ends_the_move():
    """D-EXPLORE-8: exploring ends the Move in progress; its points are lost."""
    scn = scenario(encounters={}, effects={})
    s = position(scn, heroes=[hero("sela", (4, 2), "longbow", "fleetfoot")])
    ok(apply(s, make_typed("dstep", seat=0, to=(5, 2))))
    assert s.dungeon.moving == -1 and s.actions_left == 1 and len(s.dungeon.cards) == 2
