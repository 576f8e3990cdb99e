"""More rule-ID tests for core.md §1-§7 and the design values the Introduction uses."""
from fractions import Fraction
from itertools import product

import pytest

from game.engine import Action, legal_actions, new_game
from game.engine.defs import BLUE_FACES, RED_FACES, Face, face_meets_tier
from game.engine.core.base import HEALTH_LABELS
from game.engine.state import CardState, TokenState
from tests.kit import act, board, content, game, legal, rigged, rules, run_task, scenario, settle, with_enemy

MAP = board("AAAA", "AAAA", "BBBB", doors=[((0, 1), (0, 2))], start={1: (0, 0), 2: (3, 0)},
            place=[("exit", (3, 2))], spawns={"B": [(0, 2)]})


def knife(s):
    return [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "knife"][0]


def test_R_COMP_7_and_R_COMP_9_bases_fill_a_square_as_the_seed_lists():
    s = game(MAP)
    r = rules(s)
    s.active_char.pos = (3, 1)
    ok = [["zombie"] * 4, ["crawler", "zombie", "zombie"], ["crawler", "crawler"]]
    for combo in ok:
        s.enemies = []
        for t in combo:
            with_enemy(s, t, (1, 1))
        assert r.units_at((1, 1)) == 4
        assert not r.room((1, 1), 1)  # nothing else fits
    s.enemies = []
    with_enemy(s, "crawler", (1, 1))
    assert r.room((1, 1), 2) and not r.room((1, 1), 3)
    s.tokens.append(TokenState(uid="box", kind="item_box", pos=(2, 1)))
    assert not r.room((2, 1), 1)  # the item box is a large base


def test_R_COMP_10_no_push_into_full_square():
    s = game(MAP)
    z = with_enemy(s, "zombie", (1, 0))
    for _ in range(4):
        with_enemy(s, "zombie", (2, 0))
    run_task(s, "push_enemy", enemy=z.uid, seat=0, rule="test")
    assert all(a.to != (2, 0) for a in s.pending.options)


def test_R_INV_1_search_puts_card_in_inventory_within_limit():
    b = board("AA", place=[("item", (0, 0), {"letter": "A"}), ("exit", (1, 0))])
    s = game(b)
    n = len(s.active_char.inventory)
    act(s, "search", target=s.tokens[0].uid)
    assert len(s.active_char.inventory) == n + 1 <= 6


def test_R_INV_4_effect_over_limit_forces_discard():
    s = game(MAP)
    c = s.active_char
    for i in range(3):
        s.cards[f"X{i}"] = CardState(uid=f"X{i}", defn="green_herb", deck="A")
        c.inventory.append([f"X{i}"])
    run_task(s, "draw_a", cid=c.cid)
    assert s.pending.kind == "overflow" and len(c.inventory) == 7
    act(s, "discard", item="X0")
    assert len(c.inventory) == 6


def test_R_TURN_2_phases_in_order():
    s = game(MAP)
    z = with_enemy(s, "zombie", (2, 1))
    ev = act(s, "end_phase") + settle(s)
    order = [e.kind for e in ev if e.kind in ("end_phase", "phase", "enemy_move", "tension", "turn")]
    assert order.index("end_phase") < order.index("phase") < order.index("enemy_move") < order.index("tension") \
        < order.index("turn")


def test_R_TURN_12_failure_wins_over_success():
    s = game(MAP, party=(("mateo", 1), ("vera", 2)))
    r = rules(s)
    s.char("vera").exited = True
    s.char("mateo").exited = True
    r.fail("R-X", {"t": "text", "v": "test failure"})
    r.check_end()
    assert s.result == "failure" and s.result_reason == "test failure (R-X)"
    assert s.result_why == {"t": "text", "v": "test failure", "rule": "R-X"}  # (worded by the UI, issue 23)


def test_R_ACT_1_action_list_offered():
    b = board("AAB", "AAB", doors=[((1, 0), (2, 0))], start={1: (1, 0), 2: (1, 1)},
              place=[("exit", (1, 0)), ("item", (1, 0), {"letter": "A"})])
    s = game(b, party=(("anton", 1), ("vera", 2)))
    with_enemy(s, "zombie", (0, 1))
    assert kinds_of(s) >= {"move", "door", "search", "trade", "use", "attack", "exit", "end_phase", "discard"}


def kinds_of(s):
    return {a.kind for a in legal(s)}


def test_R_ACT_4_retaliation_before_oos_moves():
    s = game(MAP)
    z = with_enemy(s, "zombie", (0, 0))
    other = with_enemy(s, "zombie", (3, 1))
    rigged(s, [1])  # knife misses: retaliation, then R-OOS-2 moves
    ev = act(s, "attack", item=knife(s), target=z.uid, n=0) + settle(s)
    kinds = [e.kind for e in ev]
    assert kinds.index("enemy_attack") < kinds.index("enemy_move")


def test_R_MOVE_1_one_square_any_of_eight_directions():
    s = game(board("AAA", "AAA", "AAA", start={1: (1, 1)}, place=[("exit", (0, 0))]))
    assert {a.to for a in legal(s) if a.kind == "move"} == \
        {(x, y) for x in range(3) for y in range(3)} - {(1, 1)}


def test_R_MOVE_2_between_tiles_only_through_open_door():
    s = game(MAP)
    s.active_char.pos = (0, 1)
    assert Action(kind="move", to=(0, 2)) not in legal(s)
    act(s, "door", edge="0,1|0,2")
    assert Action(kind="move", to=(0, 2)) in legal(s)
    assert Action(kind="move", to=(1, 2)) not in legal(s)  # never diagonally through a door


def test_R_MOVE_7_and_R_FIRE_2_fire_square_hurts_after_the_action():
    s = game(MAP, intro=False)
    s.tokens.append(TokenState(uid="f", kind="fire", pos=(1, 0)))
    ev = act(s, "move", to=(1, 0))
    assert s.active_char.health == 2 and any(e.rule == "R-FIRE-2" for e in ev)


def test_R_MOVE_8_and_R_EXPLORE_3_entering_by_push_explores():
    b = board("AB", "AB", open_doors=[((0, 0), (1, 0))], unexplored=("B",), colours={"B": "yellow"},
              place=[("exit", (0, 1))])
    s = game(b, intro=False, party=(("mateo", 1),))
    c = with_enemy(s, "crawler", (0, 1))
    rigged(s, [1, 1, 3])  # evade blanks; then the encounter die: 3 -> 1 zombie (DV-15 yellow)
    act(s, "end_phase")
    ev = act(s, "push", target="mateo", to=(1, 0)) + settle(s)
    assert "B" in s.explored and any(e.kind == "explore" and e.data["roll"] == 3 for e in ev)


def test_R_DOOR_3_enemies_never_open_doors():
    s = game(MAP)
    z = with_enemy(s, "zombie_dog", (1, 2))
    act(s, "move", to=(0, 1))
    act(s, "door", edge="0,1|0,2")
    act(s, "door", edge="0,1|0,2")
    act(s, "end_phase")
    settle(s)
    assert s.edges["0,1|0,2"] == "door_closed" and z.pos == (1, 2)


def test_R_USE_1_used_card_discarded_weapon_kept():
    s = game(MAP, party=(("anton", 1),))
    herb = [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "green_herb"][0]
    act(s, "use", item=herb, target="anton")
    assert herb in s.piles["other_discard"]


def test_R_USE_3_heal_a_survivor_next_to_you():
    s = game(MAP, party=(("anton", 1), ("vera", 2)))
    v = s.char("vera")
    v.pos, v.health = (1, 1), 3
    herb = [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "green_herb"][0]
    act(s, "use", item=herb, target="vera")
    assert v.health == 2
    v.pos = (3, 1)
    assert not [a for a in legal(s) if a.kind == "use" and a.target == "vera"]


def test_R_USE_4_passive_items_cannot_be_used():
    s = game(MAP, party=(("vera", 1),))
    pick = [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "lock_pick"][0]
    assert not [a for a in legal(s) if a.kind == "use" and a.item == pick]


def test_R_HERB_5_stack_traded_as_one():
    s = game(MAP, party=(("grigor", 1), ("anton", 2)))
    a = s.char("anton")
    a.pos = (1, 0)
    s.cards["G"] = CardState(uid="G", defn="green_herb", deck="A")
    s.active_char.inventory.append(["G"])
    red = [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "red_herb"][0]
    act(s, "mix", item=red, item2="G")
    act(s, "trade", target="anton")
    assert Action(kind="give", item="G") not in legal(s)
    act(s, "give", item=red)
    assert [red, "G"] in a.inventory


def test_R_ATK_1_and_R_ATK_3_one_target_among_several():
    s = game(MAP)
    a = with_enemy(s, "zombie", (1, 0))
    b = with_enemy(s, "zombie", (1, 0))
    targets = {x.target for x in legal(s) if x.kind == "attack"}
    assert targets == {a.uid, b.uid}
    rigged(s, [5])
    act(s, "attack", item=[u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "handgun"][0],
        target=a.uid, n=0)
    assert s.enemy(a.uid) is None and s.enemy(b.uid) is not None


def test_R_AMMO_2_and_R_AMMO_5_dial_kept_in_trade_lost_on_discard():
    s = game(MAP, party=(("vera", 1),))
    gun = [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "handgun"][0]
    s.cards[gun].ammo = 3
    act(s, "discard", item=gun)
    assert s.cards[gun].ammo is None


def test_R_EATK_1_R_EATK_2_and_R_EATK_5_hit_effects_in_order():
    s = game(MAP, party=(("mateo", 1),), intro=False)
    s.tension_symbol, s.tension_symbol_known = "CLAW", True
    d = with_enemy(s, "zombie_dog", (2, 0))  # Pounce: range 2, Dmg 1, Push, Charge
    rigged(s, [1, 1])
    ev = act(s, "end_phase")
    assert s.pending.kind == "push_char"  # damage done, push next, charge after
    assert s.active_char.health == 2
    ev += act(s, "push", target="mateo", to=(0, 1))
    assert d.pos == (0, 1)  # the charge follows the pushed target
    assert s.pending.kind == "push_enemy"  # then the push-back option (R-EATK-7)
    ev += act(s, "decline") + settle(s)
    kinds = [e.kind for e in ev]
    assert kinds.index("push") < kinds.index("enemy_move")


def test_R_EVADE_3_and_R_EVADE_5_extra_enemies_in_range_raise_tier():
    s = game(MAP, party=(("mateo", 1),))
    z = with_enemy(s, "zombie", (0, 0))
    with_enemy(s, "zombie_dog", (1, 1))
    with_enemy(s, "zombie", (2, 0))  # range 0: not in range of Mateo, does not count
    assert rules(s).oos_extra(s.active_char, z) == 1


def test_R_EMOVE_5_stays_when_no_square_is_closer():
    b = board("AAA", "AAA", start={1: (0, 0)}, place=[("exit", (2, 0))])
    s = game(b)
    for _ in range(4):
        with_enemy(s, "zombie", (1, 0))  # the ways through are full (R-COMP-8)
        with_enemy(s, "zombie", (1, 1))
    z = with_enemy(s, "zombie", (2, 0))
    ev = run_task(s, "move_reaction", enemy=z.uid, rule="test")
    assert z.pos == (2, 0)  # (2,1) is reachable but not closer
    assert any(e.rule == "R-EMOVE-5" for e in ev)


def test_R_OOS_1_player_orders_several_out_of_sequence_moves():
    s = game(MAP)
    a = with_enemy(s, "zombie", (2, 1))
    b = with_enemy(s, "zombie", (3, 1))
    t = with_enemy(s, "zombie", (2, 0))
    rigged(s, [5])
    act(s, "attack", item=[u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "handgun"][0],
        target=t.uid, n=0)
    assert s.pending.kind == "order_moves"
    assert {x.target for x in legal(s) if x.kind == "pick"} == {a.uid, b.uid}


def test_R_OOS_6_and_R_SPECIAL_6_out_of_sequence_attacks_are_basic():
    s = game(MAP, party=(("mateo", 1),), intro=False)
    s.tension_symbol, s.tension_symbol_known = "FANG", True
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [1, 1])
    act(s, "move", to=(1, 0))
    assert s.active_char.health == 2  # basic Grab 1, not Bite 2


def test_R_OOS_7_burst_affected_enemies_count_as_hit():
    s = game(MAP)
    s.cards["S"] = CardState(uid="S", defn="shotgun", deck="B", ammo=4)
    s.active_char.inventory.append(["S"])
    c1 = with_enemy(s, "crawler", (1, 0))
    c2 = with_enemy(s, "zombie", (1, 0))
    rigged(s, [5])  # red 5 = CRIT: Dmg 2 + push + burst: zombie dies, crawler survives
    ev = act(s, "attack", item="S", target=c1.uid, n=0)
    act(s, "decline")
    ev += settle(s)
    assert not [e for e in ev if e.kind == "enemy_move" and e.data.get("enemy") == c1.uid and e.rule == "R-OOS-2"]


def test_R_SPECIAL_1_and_R_SPECIAL_3_symbol_from_last_card_read_once_per_phase():
    s = game(MAP, intro=False)
    assert not s.tension_symbol_known  # undefined at scenario start
    act(s, "end_phase")
    settle(s)
    last = s.last_tension
    assert s.tension_symbol_known and s.tension_symbol == s.cards[last].symbol
    assert content().enemies["zombie"].special_symbol == "FANG"


def test_R_SCEN_5_each_start_square_needs_a_survivor():
    sc = scenario(MAP)
    with pytest.raises(ValueError):
        new_game(sc, [("vera", 1), ("mateo", 1)], 1)
    s = new_game(sc, [("vera", 1), ("mateo", 2), ("anton", 1)], 1)
    assert [c.pos for c in s.characters] == [(0, 0), (3, 0), (0, 0)]


def test_R_SCEN_9_and_R_TURN_1_first_player_first():
    s = new_game(scenario(MAP), [("grigor", 2), ("vera", 1)], 5)
    assert s.active_char.cid == "grigor" and s.turn == 1


def test_R_INTRO_8_survivors_start_fine_with_starting_items():
    s = new_game(scenario(MAP), [("vera", 1), ("mateo", 2)], 5)
    for c in s.characters:
        assert c.health == 1 and not c.poisoned
        assert [s.cards[sl[0]].defn for sl in c.inventory] == content().characters[c.cid].starting_items


def test_DV_3_health_track_labels():
    assert [HEALTH_LABELS[i] for i in range(1, 7)] == ["Fine", "Fine", "Caution", "Caution", "Danger", "Unconscious"]


def test_DV_1_die_faces():
    assert BLUE_FACES.count(Face.BLANK) == 2 and BLUE_FACES.count(Face.CRIT) == 1
    assert RED_FACES.count(Face.CRIT) == 2 and RED_FACES.count(Face.BLANK) == 1


def _p(faces, n, tier):
    good = sum(1 for roll in product(faces, repeat=n) if any(face_meets_tier(f, tier) for f in roll))
    return Fraction(good, len(faces) ** n)


@pytest.mark.parametrize("tier,expect", [(1, (0.667, 0.889, 0.963)), (2, (0.333, 0.556, 0.704)),
                                         (3, (0.167, 0.306, 0.421))])
def test_DV_23_and_DV_2_evade_probabilities(tier, expect):
    for n, e in zip((1, 2, 3), expect):
        assert round(float(_p(BLUE_FACES, n, tier)), 3) == e


def test_DV_23_red_attack_success():
    assert round(float(_p(RED_FACES, 1, 1)), 3) == 0.833 and round(float(_p(RED_FACES, 2, 1)), 3) == 0.972
