"""Versus (rules/versus.md): close combat, combat dice, wounds and death, destruction, end of
round and victory, with the worked examples of section 21 (E1-E4, E8)."""
from __future__ import annotations

from collections import Counter

from game.engine.versus import new_versus, winner
from game.engine.versus.combat import DIE, strength
from game.engine.versus.data import FACE_HITS, FACE_OBJECT
from game.engine.versus.rules import VersusRun
from tests.versus_kit import Dice, act, activate, deployed, fig, layout, options, turn_of


def combat_event(ev):
    return next(e for e in ev if e.kind == "combat")


# ---------------------------------------------------------------- worked examples
def test_E1_V_CC_7_V_WOUND_4_a_direct_kill_from_the_healthy_side(monkeypatch):
    """E1 (V-CC-7..15, V-WOUND-4, V-CC-18): Grist (5,5) N, front DB 4 dice + 2 assault; Mara
    (5,4) W, left LB 0+1, rolls nothing. Faces [1,2,3,5,6,4]: 1 critical, 6 hits against
    defence 1: 5 wounds; Mara flips and dies; Grist is the killer."""
    s = layout(deployed(), {"grist": ((5, 5), "N"), "mara": ((5, 4), "W")})
    Dice(monkeypatch, [1, 2, 3, 5, 6, 4])
    activate(s, "grist", "OT-2")
    ev = act(s, "vs_strike", cp=3, target="fig:mara")
    c = combat_event(ev)
    assert c.data["arcs"] == ["front", "left"] and c.data["colours"] == ["DB", "LB"]
    assert c.data["defender_roll"] == [] and (c.data["attack"], c.data["defence"], c.data["wounds"]) == (6, 1, 5)
    assert fig(s, "mara").dead
    assert [e.data for e in ev if e.kind == "death"] == [{"cid": "mara", "by": "grist"}]
    assert winner(s) == "syndicate"  # 20.7: an agent died


def test_E2_V_CC_12_V_CC_11_simultaneous_criticals_and_a_flip_before_the_comparison(monkeypatch):
    """E2 (V-CC-11/12/15, V-WOUND-2): Tobias (3/4) at a Shambler's rear: [1,3,3] against [1].
    Both criticals land together: the Shambler 1/3, Tobias flips to wounded with 0 counters;
    defence 0+0+1 armour; attack 2: one more wound, the Shambler 2/3."""
    s = layout(deployed(), {"tobias": ((5, 5), "N", "healthy", 3), "shambler1": ((5, 4), "N")})
    Dice(monkeypatch, [1, 3, 3], [1])
    activate(s, "tobias", "OT-2")
    c = combat_event(act(s, "vs_strike", cp=1, target="fig:shambler1"))
    t, z = fig(s, "tobias"), fig(s, "shambler1")
    assert (t.side, t.wounds) == ("wounded", 0)
    assert (z.side, z.wounds) == ("healthy", 2)
    assert (c.data["attack"], c.data["defence"], c.data["crits"]) == (2, 1, [1, 1])


def test_E3_V_DESTROY_7_V_DESTROY_8_breaking_the_chapel_door(monkeypatch):
    """E3 (V-DESTROY-5..8, Breacher): Tobias (9,6) E, 3 CP: 5 dice. [1,5,3,2,4] = 7 + 1 = 8 < 9:
    nothing; [1,5,3,2,5] = 9: the door is destroyed and zombies still cannot enter (S2-SR-1)."""
    s = layout(deployed(), {"tobias": ((9, 6), "E")})
    Dice(monkeypatch, [1, 5, 3, 2, 4])
    activate(s, "tobias", "OT-2")
    ev = act(s, "vs_strike", cp=3, target="edge:9,6|10,6")
    d = next(e for e in ev if e.kind == "destroy")
    assert (d.data["arc"], d.data["total"], d.data["defence"], d.data["destroyed"]) == ("front", 8, 9, False)
    assert s.versus.doors["chapel_west"] == "closed"
    s = layout(deployed(), {"tobias": ((9, 6), "E"), "shambler1": ((9, 5), "E")})
    Dice(monkeypatch, [1, 5, 3, 2, 5])
    activate(s, "tobias", "OT-2")
    ev = act(s, "vs_strike", cp=3, target="edge:9,6|10,6")
    assert next(e for e in ev if e.kind == "destroy").data["total"] == 9
    assert s.versus.doors["chapel_west"] == "destroyed" and VersusRun(s).adjacent((9, 6), (10, 6))
    fig(s, "tobias").pos = (8, 6)
    act(s, "vs_end", facing="E")
    layout(s, {"shambler1": ((9, 6), "E")}, others_off=False)
    activate(s, "shambler1", "OT-1")
    act(s, "vs_move", cp=1)
    assert (10, 6) not in [o.to for o in options(s, "vs_step")]  # S2-SR-1 still holds


def test_E4_V_CC_9_assault_on_an_automatic_hits_row(monkeypatch):
    """E4 (V-CC-9): Mara's DB 0+2 with 3 CP is 2 dice + 2 automatic hits; with 1 CP no dice and
    attack 2."""
    s = layout(deployed(), {"mara": ((5, 5), "N"), "grist": ((5, 4), "E")})
    Dice(monkeypatch, [2, 2], [2, 2])  # Mara's 2 dice (misses); Grist's right (LB) 2 dice
    activate(s, "mara", "OT-2")
    c = combat_event(act(s, "vs_strike", cp=3, target="fig:grist"))
    assert c.data["attacker_roll"] == [2, 2] and c.data["auto"] == 2 and c.data["attack"] == 2
    s = layout(deployed(), {"mara": ((5, 5), "N"), "grist": ((5, 4), "E")})
    Dice(monkeypatch, [2, 2])
    activate(s, "mara", "OT-2")
    c = combat_event(act(s, "vs_strike", cp=1, target="fig:grist"))
    assert c.data["attacker_roll"] == [] and c.data["attack"] == 2


def test_E8_V_WIN_1_victory_right_after_the_step_no_duel():
    """E8 (V-WIN-1): Mara on chapel square (12,4); Kenji steps from (13,3) through the open east
    door to (12,3): the Directorate wins at once, and no duel is asked."""
    s = layout(deployed(), {"mara": ((12, 4), "N"), "kenji": ((13, 3), "W"), "pask": ((12, 2), "S")})
    VersusRun(s).set_door("chapel_east", "open")
    activate(s, "kenji", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(12, 3))
    assert winner(s) == "directorate" and s.pending is None and s.result == "success"


# ---------------------------------------------------------------- V-CC
def test_V_CC_1_V_CC_2_V_CC_3_one_action_names_section_cp_and_an_adjacent_defender():
    """V-CC-1/2/3, V-DOOR-1: a strike names the section, the CP and the target in one action; only
    orthogonal neighbours across a passable edge are defenders (not through a closed door, not
    diagonal); a refused strike spends nothing."""
    s = layout(deployed(), {"tobias": ((3, 2), "E"), "pask": ((4, 2), "W"), "lucinda": ((2, 1), "S")})
    activate(s, "tobias", "OT-2")
    assert not any(o.target.startswith("fig:") for o in options(s, "vs_strike"))
    before = list(s.versus.cp)
    from game.engine.actions import Action
    from game.engine.api import apply
    ev = apply(s, Action(kind="vs_strike", tile="OT-2", sec=0, cp=1, target="fig:pask"))
    assert ev[0].kind == "impossible" and s.versus.cp == before


def test_V_CC_8_arcs_by_facing_vector():
    """V-CC-8: f = 1 front, f = -1 rear, s = 1 right, s = -1 left (facing N: east is right)."""
    assert [strength("kenji", "healthy", "N", off)[0] for off in ((0, -1), (0, 1), (1, 0), (-1, 0))] == \
        ["front", "rear", "right", "left"]
    assert strength("grist", "healthy", "N", (-1, 0))[1:] == ("DB", 4, 0)


def test_V_CC_10_V_DICE_1_V_DICE_2_V_DICE_3_the_combat_die():
    """V-DICE-1..3, V-CC-10: six equally likely faces: a critical, a miss, 1, 1, 2, 2 (the
    bullet ignored): 1.0 hit per die; a critical counts 3 against objects."""
    assert DIE == (1, 2, 3, 4, 5, 6)
    assert [FACE_HITS[f] for f in DIE] == [0, 0, 1, 1, 2, 2] and sum(FACE_HITS.values()) / 6 == 1.0
    assert FACE_OBJECT[1] == 3


def test_V_DICE_4_rolls_come_from_the_seeded_generator():
    """V-DICE-4: the same seed and actions give the same faces; another seed other faces."""
    def faces(seed):
        s = layout(deployed(seed=seed), {"grist": ((5, 5), "N"), "tobias": ((5, 4), "S")})
        activate(s, "grist", "OT-2")
        c = combat_event(act(s, "vs_strike", cp=3, target="fig:tobias"))
        return c.data["attacker_roll"] + c.data["defender_roll"]
    a, b = faces(4), faces(4)
    assert a == b and all(1 <= f <= 6 for f in a)
    assert any(faces(seed) != a for seed in (5, 6, 7))


def test_V_CC_13_V_CC_14_only_a_greater_attack_wounds_by_the_excess(monkeypatch):
    """V-CC-13/14: defence = normal hits + auto + armour; attack = hits + auto; equal does
    nothing, greater wounds by the difference."""
    s = layout(deployed(), {"tobias": ((5, 5), "N"), "lucinda": ((5, 4), "S")})
    Dice(monkeypatch, [5, 3, 2], [3, 2, 2])  # attack 3; defence 1 + 0 + armour 1 = 2 -> 1 wound
    activate(s, "tobias", "OT-2")
    c = combat_event(act(s, "vs_strike", cp=1, target="fig:lucinda"))
    assert (c.data["attack"], c.data["defence"], c.data["wounds"]) == (3, 2, 1) and fig(s, "lucinda").wounds == 1
    s = layout(deployed(), {"tobias": ((5, 5), "N"), "lucinda": ((5, 4), "S")})
    Dice(monkeypatch, [3, 3, 2], [3, 2, 2])  # attack 2 = defence 2: nothing
    activate(s, "tobias", "OT-2")
    c = combat_event(act(s, "vs_strike", cp=1, target="fig:lucinda"))
    assert c.data["wounds"] == 0 and fig(s, "lucinda").wounds == 0


def test_V_CC_15_V_CC_16_a_dead_attacker_still_lands_hits_the_defender_never_wounds(monkeypatch):
    """V-CC-15: the attacker killed by a critical still compares its hits; V-CC-16: the
    defender's hits never wound the attacker."""
    s = layout(deployed(), {"kenji": ((5, 5), "N", "wounded", 1), "lucinda": ((5, 4), "S")})
    Dice(monkeypatch, [5], [1, 6, 6])  # Kenji wounded DB 1+0: 2 hits; Lucinda's crit kills him
    activate(s, "kenji", "OT-2")
    c = combat_event(act(s, "vs_strike", cp=1, target="fig:lucinda"))
    assert fig(s, "kenji").dead
    assert c.data["defence"] == 0 + 4 + 0 + 1 and c.data["wounds"] == 0  # her hits defend only
    s = layout(deployed(), {"kenji": ((5, 5), "N", "healthy", 0), "pask": ((5, 4), "S", "wounded", 0)})
    Dice(monkeypatch, [6], [1])  # Pask's crit wounds Kenji once; Kenji's 2+1 against 0: 3 wounds
    activate(s, "kenji", "OT-2")
    act(s, "vs_strike", cp=1, target="fig:pask")
    assert fig(s, "kenji").wounds == 1 and fig(s, "pask").dead


def test_V_CC_15_a_defender_killed_by_criticals_skips_the_normal_hit_step(monkeypatch):
    """V-CC-15: Pask (wounded, 1/2) dies to Tobias's critical: no defence value is formed and no
    normal-hit wounds are counted (the event says 0 and 0)."""
    s = layout(deployed(), {"tobias": ((5, 5), "N"), "pask": ((5, 4), "E", "wounded", 1)})
    Dice(monkeypatch, [1, 6, 6], [3])
    activate(s, "tobias", "OT-2")
    c = combat_event(act(s, "vs_strike", cp=1, target="fig:pask"))
    assert fig(s, "pask").dead and (c.data["defence"], c.data["wounds"]) == (0, 0) and c.data["attack"] == 4


def test_V_CC_17_V_CC_6_a_second_strike_on_the_same_enemy_moves_nobody(monkeypatch):
    """V-CC-6/17: Brawl's second section may hit the same enemy; neither figure moves or turns."""
    s = layout(deployed(), {"tobias": ((5, 5), "N"), "lucinda": ((5, 4), "E")})
    Dice(monkeypatch, [2, 2, 2, 2], [2, 2], [2, 2, 2], [2, 2])
    activate(s, "tobias", "OT-6")
    act(s, "vs_strike", sec=0, cp=2, target="fig:lucinda")
    act(s, "vs_strike", sec=1, cp=1, target="fig:lucinda")
    assert (fig(s, "lucinda").pos, fig(s, "lucinda").facing) == ((5, 4), "E")


def test_V_CC_19_the_defenders_auto_hits_and_armour_after_its_flip(monkeypatch):
    """V-CC-19: a Shambler hit at its front flips on a critical; its auto and armour are read
    from the wounded side (the same 3+1 row, armour 1); Tobias's armour 1 -> 0 after his flip
    is what a later defence reads."""
    s = layout(deployed(), {"tobias": ((5, 5), "N"), "shambler1": ((5, 4), "S", "healthy", 2)})
    Dice(monkeypatch, [1, 5, 5], [2, 2, 2])
    activate(s, "tobias", "OT-2")
    c = combat_event(act(s, "vs_strike", cp=1, target="fig:shambler1"))
    z = fig(s, "shambler1")
    assert z.side == "wounded" and c.data["defence"] == 0 + 1 + 1 and c.data["wounds"] == 2 and z.dead


def test_V_CC_20_break_the_door_then_strike_through_with_another_section(monkeypatch):
    """V-CC-20: Grist breaks the closed Guest A door with one section; the two are adjacent at
    once and another Close-combat section strikes Tobias."""
    s = layout(deployed(), {"grist": ((4, 2), "W"), "tobias": ((3, 2), "E")})
    Dice(monkeypatch, [1, 1, 2, 2, 2, 2], [2, 2, 2], [2, 2, 2])
    activate(s, "grist", "OT-2+OT-6")
    act(s, "vs_strike", tile="OT-2", cp=3, target="edge:3,2|4,2")
    assert s.versus.doors["guest_a"] == "destroyed"  # 4 + 4 (Ripsaw) = 8 >= 7
    assert s.pending.kind == "duel"  # (Tobias now sees the brute next to him: the duel window, V-DUEL-2)
    act(s, "done")
    assert {o.target for o in options(s, "vs_strike")} >= {"fig:tobias"}
    assert all(o.tile == "OT-6" for o in options(s, "vs_strike"))


# ---------------------------------------------------------------- V-WOUND, V-DEATH, V-CARD
def test_V_WOUND_1_V_WOUND_2_V_WOUND_3_V_WOUND_5_counters_flip_and_death():
    """V-WOUND-1..3/5: wounds one at a time; at the healthy LP the card flips, counters removed,
    the rest on the wounded side; at the wounded LP the character dies."""
    s = layout(deployed(), {"kenji": ((5, 5), "N"), "pask": ((5, 4), "S")})
    run = VersusRun(s)
    k = fig(s, "kenji")
    run.wound(k, 2, fig(s, "pask"))
    assert (k.side, k.wounds) == ("healthy", 2)
    run.wound(k, 2, fig(s, "pask"))
    assert (k.side, k.wounds, k.dead) == ("wounded", 1, False)
    run.wound(k, 1, fig(s, "pask"))
    assert k.dead


def test_V_WOUND_6_no_flip_back_stitch_removes_counters_only():
    """V-WOUND-6, 20.4 Stitch: Pask spends 2 MP to take a counter off an adjacent friend; a
    wounded card stays wounded."""
    s = layout(deployed(), {"pask": ((5, 5), "N"), "grist": ((5, 4), "S", "wounded", 2)})
    activate(s, "pask", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_stitch", cid="grist")
    g = fig(s, "grist")
    assert (g.side, g.wounds) == ("wounded", 1) and s.versus.act["mp"] == 1
    assert options(s, "vs_stitch") == []  # 1 MP left


def test_V_DEATH_1_V_DEATH_3_the_marker_stays_and_the_dead_are_inert(monkeypatch):
    """V-DEATH-1/3: the dead character's marker stays on its square, it is no target, never
    activates; dying in its own activation ends it."""
    s = layout(deployed(), {"pask": ((5, 5), "N", "wounded", 1), "tobias": ((5, 4), "S"), "lucinda": ((4, 5), "E")})
    Dice(monkeypatch, [2, 2], [1, 2, 2])
    activate(s, "pask", "OT-6")
    act(s, "vs_strike", sec=0, cp=2, target="fig:tobias")
    p = fig(s, "pask")
    assert p.dead and p.pos == (5, 5)
    assert s.versus.act == {} and s.pending.kind == "activate"  # the activation ended
    turn_of(s, p.seat)
    assert "pask" not in {o.cid for o in options(s, "vs_activate")}
    layout(s, {"tobias": ((5, 6), "N")}, others_off=False)
    activate(s, "tobias", "OT-2")
    assert "fig:pask" not in {o.target for o in options(s, "vs_strike")}


def test_V_CARD_5_V_CARD_6_the_killer_may_take_the_card_other_items_drop(monkeypatch):
    """V-CARD-5: Tobias kills the card holder and may take the card; V-CARD-6: declined, it lies
    on the dead square; a Mindless killer cannot take it (it lies there)."""
    for take in (True, False):
        s = layout(deployed(), {"tobias": ((5, 5), "N"), "pask": ((5, 4), "S", "wounded", 1)})
        fig(s, "pask").items.append("card")
        Dice(monkeypatch, [5, 5, 5], [2])
        activate(s, "tobias", "OT-2")
        act(s, "vs_strike", cp=1, target="fig:pask")
        assert s.pending.kind == "take" and s.pending.seat == fig(s, "tobias").seat
        act(s, "vs_take", take=take)
        assert ("card" in fig(s, "tobias").items) == take
        assert (s.versus.items.get("card") == [5, 4]) == (not take)
    s = layout(deployed(), {"shambler1": ((5, 5), "N"), "kenji": ((5, 4), "S", "wounded", 1)})
    fig(s, "kenji").items.append("card")
    Dice(monkeypatch, [5, 5, 5], [2])
    activate(s, "shambler1", "OT-2")
    act(s, "vs_strike", cp=1, target="fig:kenji")
    assert s.pending is None and s.versus.items["card"] == [5, 4] and fig(s, "shambler1").items == []


# ---------------------------------------------------------------- V-DESTROY
def test_V_DESTROY_2_V_DESTROY_3_targets_are_adjacent_objects_walls_and_closed_doors():
    """V-DESTROY-2/3: a Close-combat section against an intact object on an adjacent square, a
    wall or a closed door on an edge of the attacker's square."""
    s = layout(deployed(), {"tobias": ((6, 6), "E")})
    activate(s, "tobias", "OT-2")
    targets = {o.target for o in options(s, "vs_strike")}
    assert targets == {"obj:table", "edge:5,6|6,6"}


def test_V_DESTROY_4_V_DESTROY_9_a_multi_square_object_falls_whole(monkeypatch):
    """V-DESTROY-4/9: one successful attack on one square of the table destroys all six squares:
    they stop blocking movement (one flag)."""
    s = layout(deployed(), {"grist": ((6, 6), "E")})
    Dice(monkeypatch, [5, 5, 5, 5, 5, 5])
    activate(s, "grist", "OT-2")
    act(s, "vs_strike", cp=3, target="obj:table")
    assert s.versus.destroyed == ["table"]
    run = VersusRun(s)
    assert all(run.object_at(q) is None for q in ((7, 5), (8, 7)))


def test_V_DESTROY_5_V_DESTROY_11_walls_defend_10_and_leave_a_breach(monkeypatch):
    """V-DESTROY-5/11: a wall needs 10; breached, its edge is passable and see-through."""
    s = layout(deployed(), {"grist": ((5, 6), "E")})
    Dice(monkeypatch, [1, 1, 5, 2, 2, 2])  # 4 + 4 + 2 = 10 (Ripsaw)
    activate(s, "grist", "OT-2")
    ev = act(s, "vs_strike", cp=3, target="edge:5,6|6,6")
    assert next(e for e in ev if e.kind == "destroy").data["defence"] == 10
    assert s.versus.breaches == ["5,6|6,6"] and VersusRun(s).adjacent((5, 6), (6, 6))


def test_V_DESTROY_6_the_arc_toward_the_target_gives_the_strength(monkeypatch):
    """V-DESTROY-6: Tobias with his back to a wall rolls his rear row (0+1 + Breacher)."""
    s = layout(deployed(), {"tobias": ((5, 6), "W")})
    activate(s, "tobias", "OT-2")
    ev = act(s, "vs_strike", cp=1, target="edge:5,6|6,6")
    d = next(e for e in ev if e.kind == "destroy")
    assert (d.data["arc"], d.data["roll"], d.data["auto"], d.data["total"]) == ("rear", [], 2, 2)


def test_V_DESTROY_12_V_DESTROY_13_two_breaches_in_line_are_one_long_breach(monkeypatch):
    """V-DESTROY-12/13: a second short breach next to the first in a straight line is flagged as
    a long breach (no other effect)."""
    s = layout(deployed(), {"grist": ((5, 6), "E")})
    s.versus.breaches.append("5,7|6,7")
    Dice(monkeypatch, [1, 1, 5, 2, 2, 2])
    activate(s, "grist", "OT-2")
    act(s, "vs_strike", cp=3, target="edge:5,6|6,6")
    assert s.versus.long_breaches == [["5,6|6,6", "5,7|6,7"]]


def test_V_DESTROY_14_destruction_never_wounds_the_attacker(monkeypatch):
    """V-DESTROY-14: the target rolls nothing; the attacker takes no wound and nobody is a killer."""
    s = layout(deployed(), {"kenji": ((6, 6), "E", "wounded", 1)})
    Dice(monkeypatch, [1, 1])
    activate(s, "kenji", "OT-6")
    ev = act(s, "vs_strike", sec=0, cp=2, target="obj:table")
    assert fig(s, "kenji").wounds == 1 and not any(e.kind == "death" for e in ev)


# ---------------------------------------------------------------- V-END, V-WIN, V-OVR
def test_V_END_3_V_OVR_4_the_round_limit_swift_syndicate_sanctuary_draw():
    """V-END-3, V-OVR-4, 20.6/20.7: after round 8 of 20.6 the Syndicate wins; after round 10 of
    20.7 the game is a draw (revised 2026-12-07)."""
    s = new_versus("swift", None, 1)
    while s.result is None:
        act(s, "vs_pass")
    assert s.versus.round == 8 and winner(s) == "syndicate"
    s = deployed()
    while s.result is None:
        act(s, "vs_pass")
    assert s.versus.round == 10 and winner(s) == "draw" and s.result == "failure"


def test_V_WIN_2_both_conditions_at_once_the_precedence_line_decides():
    """V-WIN-2: two agents in the chapel and an agent dead at the same check: the Syndicate (first
    in 20.7's line) wins."""
    s = layout(deployed(), {"mara": ((12, 4), "N"), "kenji": ((12, 3), "N"), "tobias": ((2, 2), "N")})
    fig(s, "tobias").dead = True
    run = VersusRun(s)
    run.check_end()
    assert winner(s) == "syndicate"


def test_V_WIN_1_swift_mara_with_the_core_in_the_exit_closet():
    """V-WIN-1, 20.6: Mara carrying the data core steps into the exit closet: the Directorate wins."""
    s = new_versus("swift", None, 1)
    layout(s, {"mara": ((10, 3), "E"), "grist": ((1, 1), "N")})
    fig(s, "mara").items.append("core")
    VersusRun(s).set_door("exit_west", "open")
    activate(s, "mara", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(11, 3))
    assert winner(s) == "directorate"


def test_S1_SR_1_V_MOVE_6_grist_never_enters_the_exit_closet():
    """V-MOVE-6 (S1-SR-1): Grist is not offered an exit-closet square."""
    s = new_versus("swift", None, 1)
    layout(s, {"grist": ((10, 3), "E"), "mara": ((1, 1), "N")})
    VersusRun(s).set_door("exit_west", "open")
    activate(s, "grist", "OT-1")
    act(s, "vs_move", cp=1)
    assert (11, 3) not in [o.to for o in options(s, "vs_step")]


def test_V_DESTROY_7_reference_odds_of_20_5():
    """V-DESTROY-7, 20.5: with 5 dice P(total >= 7) = 0.68 and P(>= 8) = 0.50; with 6 dice
    P(>= 8) = 0.74 and P(>= 10) = 0.42 (exact enumeration of the die's faces)."""
    def dist(n):
        d = Counter({0: 1})
        for _ in range(n):
            nd = Counter()
            for tot, w in d.items():
                for f in DIE:
                    nd[tot + FACE_OBJECT[f]] += w
            d = nd
        return d

    def p(n, k):
        d = dist(n)
        return sum(w for t, w in d.items() if t >= k) / 6 ** n
    assert [round(p(5, 7), 2), round(p(5, 8), 2), round(p(6, 8), 2), round(p(6, 10), 2)] == [0.68, 0.50, 0.74, 0.42]
