"""Bosses and behaviour decks (core.md §16, DV-6, DV-7, R-SOLO-5/6)."""
from collections import Counter

from game.engine import Action, legal_actions
from game.engine.state import CardState, TokenState
from tests.kit import act, board, boss, content, game, legal, rigged, rules, settle, top_behaviour, with_enemy

# tile A: the 5x5 boss arena; tile B: a corridor with an open door into the arena
ARENA = board("AAAAAB", "AAAAAB", "AAAAAB", "AAAAAB", "AAAAAB", open_doors=[((4, 2), (5, 2))],
              start={1: (0, 0), 2: (5, 0)}, place=[("boss_start", (2, 2), {"boss": "burrower"}), ("exit", (5, 4))])


def boss_game(boss="burrower", party=(("mateo", 1), ("vera", 2)), **kw):
    b = ARENA
    if boss != "burrower":
        from dataclasses import replace
        from game.engine.board import Placement
        b = replace(ARENA, placements=tuple(Placement("boss_start", (2, 2), (("boss", boss),)) if p.kind == "boss_start"
                                            else p for p in ARENA.placements))
    return game(b, intro=False, objective="kill_boss", party=party, **kw)




def gun(s):
    return [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "handgun"][0]


def test_R_BOSS_22_and_DV_7_nine_card_decks():
    ct = content()
    per = Counter()
    for b in ct.behaviour.values():
        per[b.boss] += b.copies
    assert per == {"burrower": 9, "stalker_two": 9}
    s = boss_game()
    assert len(s.piles["behaviour"]) == 9


def test_R_BOSS_6_and_R_BOSS_7_boss_health_dial():
    s = boss_game()
    b = boss(s)
    assert rules(s).enemy_hp(b) == 30 and b.type == "burrower"  # DV-6 20, tuned to 30 (docs/balance.md)
    rigged(s, [5])
    s.active_char.pos = (1, 1)
    act(s, "attack", item=gun(s), target=b.uid, n=0)
    assert b.wounds == 1


def test_R_SOLO_5_boss_has_ten_fewer_hit_points_in_solo():
    s = boss_game(party=(("mateo", 1),))
    assert rules(s).enemy_hp(boss(s)) == 20  # 30 - 10


def test_R_BOSS_2_and_R_BOSS_21_boss_never_reacts():
    s = boss_game()
    s.active_char.pos = (1, 1)
    act(s, "end_phase")
    assert boss(s).uid not in s.core.react.reacting


def test_R_BOSS_9_only_from_the_boss_tile():
    s = boss_game()
    s.active_char.pos = (5, 2)  # range 3 but another tile
    assert not [a for a in legal(s) if a.kind == "attack" and a.target == boss(s).uid]
    s.active_char.pos = (4, 2)
    assert [a for a in legal(s) if a.kind == "attack" and a.target == boss(s).uid]


def test_R_BOSS_8_cannot_leave_the_boss_tile():
    s = boss_game()
    s.active_char.pos = (4, 2)
    assert Action(kind="move", to=(5, 2)) not in legal(s)
    s.enemies.remove(boss(s))
    assert Action(kind="move", to=(5, 2)) in legal(s)


def test_R_BOSS_4_and_R_ATK_11_boss_cannot_be_pushed():
    s = boss_game()
    s.active_char.pos = (1, 1)
    rigged(s, [3])  # handgun hit: push only
    act(s, "attack", item=gun(s), target=boss(s).uid, n=0)
    assert s.pending.kind != "push_enemy" and boss(s).pos == (2, 2)


def test_R_BOSS_11_behaviour_card_replaces_tension_when_active_on_boss_tile():
    """R-BOSS-11, and R-TENSION-11: the behaviour draw is not a tension draw (the tension deck is
    untouched) and does not set the tension symbol."""
    s = boss_game()
    s.active_char.pos = (0, 0)
    n_t = len(s.piles["tension"])
    act(s, "end_phase")
    settle(s)
    assert len(s.piles["tension"]) == n_t and len(s.piles["behaviour_discard"]) == 1
    # R-TENSION-11: no change of the tension symbol
    assert not s.tension_symbol_known


def test_R_BOSS_11_tension_deck_when_active_elsewhere():
    s = boss_game()
    s.active_char.pos = (5, 0)
    n_t = len(s.piles["tension"])
    act(s, "end_phase")
    settle(s)
    assert len(s.piles["tension"]) == n_t - 1 and s.piles["behaviour_discard"] == []


def test_R_BOSS_12_and_R_BOSS_18_move_then_attack_top_to_bottom():
    s = boss_game()
    top_behaviour(s, "surface_strike")  # MOVE ACTIVE 3 -> ATTACK Bite
    s.active_char.pos = (0, 4)
    s.char("vera").pos = (5, 0)
    rigged(s, [6, 6])
    ev = act(s, "end_phase") + settle(s)
    b = boss(s)
    assert rules(s).g.dR(b.pos, (0, 4)) <= 1  # stopped as soon as Bite (range 1) reaches
    assert b.pos != (0, 4)  # never enters its target's square without Charge
    kinds = [e.kind for e in ev]
    assert kinds.index("enemy_move") < kinds.index("evade")


def test_R_BOSS_13_and_R_EVADE_6_listed_evade_difficulty_no_extras():
    s = boss_game()
    top_behaviour(s, "thrash")  # sweep, evade 1
    s.active_char.pos = (1, 1)
    with_enemy(s, "zombie", (1, 2))
    rigged(s, [3, 1])  # a hit meets tier 1
    ev = act(s, "end_phase") + settle(s)
    e = [x for x in ev if x.kind == "evade" and x.data["enemy"] == boss(s).uid][0]
    assert e.data["tier"] == 1 and e.data["success"]


def test_R_BOSS_14_sweep_attacks_everyone_in_reach():
    s = boss_game()
    top_behaviour(s, "thrash")
    s.char("mateo").pos = (1, 1)
    s.char("vera").pos = (3, 3)
    rigged(s, [1, 1, 1, 1, 1])
    ev = act(s, "end_phase") + settle(s)
    assert {e.data["char"] for e in ev if e.kind == "evade"} == {"mateo", "vera"}


def test_R_BOSS_15_stun_knocks_out_and_R_SOLO_6_solo_to_danger():
    s = boss_game("stalker_two")
    top_behaviour(s, "stalk")  # MOVE FARTHEST 3 -> ATTACK Crush (stun, evade 3)
    s.char("mateo").pos = (1, 1)
    s.char("vera").pos = (5, 0)
    s.cards["F"] = CardState(uid="F", defn="first_aid_spray", deck="B")
    s.char("vera").inventory.append(["F"])
    rigged(s, [1, 1])
    act(s, "end_phase")
    settle(s)
    assert s.char("mateo").health == 6
    s2 = boss_game("stalker_two", party=(("mateo", 1),))
    top_behaviour(s2, "stalk")
    s2.char("mateo").pos = (1, 1)
    rigged(s2, [1, 1])
    act(s2, "end_phase")
    settle(s2)
    assert s2.char("mateo").health == 5


def test_R_BOSS_16_unconscious_ignored():
    s = boss_game()
    top_behaviour(s, "thrash")
    s.char("mateo").pos = (0, 0)
    v = s.char("vera")
    v.pos, v.health = (1, 1), 6
    s.cards["F"] = CardState(uid="F", defn="first_aid_spray", deck="B")
    s.char("mateo").inventory.append(["F"])
    ev = act(s, "end_phase") + settle(s)
    assert not [e for e in ev if e.kind == "evade" and e.data.get("char") == "vera"]


def test_R_BOSS_5_shove_pushes_models_out_of_its_way():
    s = boss_game()
    top_behaviour(s, "burrow")  # erupt next to the active character
    s.char("mateo").pos = (0, 0)
    s.char("vera").pos = (1, 0)
    z = with_enemy(s, "zombie", (0, 1))
    s.cards["F"] = CardState(uid="F", defn="first_aid_spray", deck="B")
    s.char("mateo").inventory.append(["F"])
    act(s, "end_phase")
    assert s.pending.kind == "burrow"
    act(s, "place", target=boss(s).uid, to=(1, 0))
    ev = settle(s)
    assert boss(s).pos == (1, 0) and s.char("vera").pos != (1, 0)
    assert s.char("vera").health >= 2  # shoved by Burrow: 1 damage
    assert all(rules(s).tile_id(c.pos) == "A" for c in s.characters if c.pos)


def test_R_BOSS_20_charge_moves_into_target_square():
    s = boss_game()
    top_behaviour(s, "lunge")  # range 2, charge
    s.char("mateo").pos = (0, 2)
    s.char("vera").pos = (5, 0)
    rigged(s, [6, 6])
    act(s, "end_phase")
    settle(s)
    assert boss(s).pos == (0, 2) and s.char("mateo").pos != (0, 2)


def test_R_BOSS_17_behaviour_deck_reshuffles():
    s = boss_game()
    s.active_char.pos = (0, 0)
    s.piles["behaviour_discard"] = s.piles["behaviour"]
    s.piles["behaviour"] = []
    ev = act(s, "end_phase") + settle(s)
    assert any(e.rule == "R-BOSS-17" for e in ev)


def test_R_BOSS_10_success_when_boss_dies_even_with_unconscious():
    s = boss_game()
    b = boss(s)
    b.wounds = 29
    s.char("vera").health = 6
    s.cards["F"] = CardState(uid="F", defn="first_aid_spray", deck="B")
    s.char("mateo").inventory.append(["F"])
    s.active_char.pos = (1, 1)
    rigged(s, [5])
    act(s, "attack", item=gun(s), target=b.uid, n=0)
    assert s.result == "success"


def test_DV_6_soft_underbelly_crit_plus_one():
    s = boss_game()
    s.active_char.pos = (1, 1)
    rigged(s, [6])  # handgun crit: 2 +1
    act(s, "attack", item=gun(s), target=boss(s).uid, n=0)
    assert boss(s).wounds == 3


def test_DV_6_enrage_adds_move_and_evade():
    s = boss_game("stalker_two")
    b = boss(s)
    r = rules(s)
    assert not r.enraged(b)
    b.wounds = 15  # dial 17: not yet
    assert not rules(s).enraged(b)
    b.wounds = 16  # dial 16 = half of 32
    assert rules(s).enraged(b)
    top_behaviour(s, "spit")  # evade 1 -> 2 enraged
    s.char("mateo").pos = (0, 0)
    rigged(s, [3, 3])
    ev = act(s, "end_phase") + settle(s)
    e = [x for x in ev if x.kind == "evade"][0]
    assert e.data["tier"] == 2 and not e.data["success"]


def test_R_BOSS_1_R_BOSS_21_and_R_SPAWN_8_tension_effects_ignore_bosses():
    s = boss_game(tension=["shambling_stride"] * 3, tension_reshuffle=True)
    s.active_char.pos = (5, 0)  # elsewhere: tension card drawn; STIR finds no enemy (boss excluded)
    ev = act(s, "end_phase") + settle(s)
    assert boss(s).pos == (2, 2) and any(e.rule == "R-TENSION-5" for e in ev)


def test_R_FIRE_6_bosses_ignore_fire():
    s = boss_game()
    for q in ((1, 2), (1, 1), (1, 3)):
        s.tokens.append(TokenState(uid=f"f{q}", kind="fire", pos=q))
    top_behaviour(s, "surface_strike")
    s.char("mateo").pos = (0, 2)
    s.char("vera").pos = (5, 0)
    rigged(s, [6, 6])
    act(s, "end_phase")
    settle(s)
    assert boss(s).pos in {(1, 1), (1, 2), (1, 3)} and boss(s).wounds == 0


def test_R_OOS_8_bosses_never_answer_out_of_sequence():
    s = boss_game()
    s.active_char.pos = (1, 1)
    rigged(s, [1])  # miss: no R-OOS-2 move for the boss
    ev = act(s, "attack", item=gun(s), target=boss(s).uid, n=0) + settle(s)
    assert boss(s).pos == (2, 2) and not [e for e in ev if e.kind == "enemy_move"]


def test_R_BOSS_3_boss_never_leaves_its_tile():
    s = boss_game()
    top_behaviour(s, "surface_strike")
    s.char("mateo").pos = (4, 2)
    s.char("vera").pos = (5, 2)
    for _ in range(3):
        act(s, "end_phase")
        settle(s)
    assert rules(s).tile_id(boss(s).pos) == "A"
