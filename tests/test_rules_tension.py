"""Tension phase, spawning, health and the Introduction's set-up (core.md §7, §8.2, §10, §17.1)."""
from collections import Counter

from game.engine import legal_actions
from tests.kit import act, board, content, game, legal, rigged, rules, run_task, settle, with_enemy

MAP = board("AAAA", "AAAA", "BBBB", doors=[((0, 1), (0, 2))], start={1: (0, 0), 2: (3, 0)},
            place=[("exit", (3, 2))], spawns={"A": [(3, 0), (3, 1)], "B": [(0, 2)]})


def draw_now(s):
    return run_task(s, "tension_draw") + settle(s)


def put_on_top(s, defn):
    uid = next(u for u in s.piles["tension"] + s.piles["tension_discard"] if s.cards[u].defn == defn)
    for p in ("tension", "tension_discard"):
        if uid in s.piles[p]:
            s.piles[p].remove(uid)
    s.piles["tension"].insert(0, uid)
    return uid


def intro_game(**kw):
    return game(MAP, tension=content().scenarios["intro"].tension, **kw)


def test_R_INTRO_4_intro_tension_deck_is_15_green_plus_three_named():
    s = intro_game()
    names = Counter(s.cards[u].defn for u in s.piles["tension"])
    assert names == {"quiet_moment": 15, "shambling_stride": 1, "boxed_in": 1, "last_gasp": 1}
    colours = Counter(content().tension[s.cards[u].defn].colour for u in s.piles["tension"])
    assert colours["green"] == 15


def test_R_INTRO_3_intro_item_a_deck_two_herbs_two_ammo():
    sc = content().scenarios["intro"]
    assert Counter(sc.item_a) == {"green_herb": 2, "handgun_ammo": 2}
    assert sc.tension_reshuffle and sc.ignore_symbols


def test_R_TENSION_1_one_card_each_turn_and_R_TENSION_4_discarded():
    s = intro_game()
    put_on_top(s, "quiet_moment")
    n = len(s.piles["tension"])
    act(s, "end_phase")
    assert len(s.piles["tension"]) == n - 1 and len(s.piles["tension_discard"]) == 1


def test_R_TENSION_10_and_R_INTRO_7_intro_reshuffles_empty_deck():
    s = intro_game()
    s.piles["tension_discard"] = s.piles["tension"][1:]
    s.piles["tension"] = s.piles["tension"][:1]
    act(s, "end_phase")  # draws the last card
    ev = act(s, "end_phase")  # empty: reshuffle
    assert any(e.rule == "R-TENSION-10" for e in ev) and s.result is None


def test_R_TENSION_8_empty_deck_fails_outside_reshuffle_scenarios():
    s = game(MAP, intro=False, tension_reshuffle=False)
    s.piles["tension_discard"] = s.piles["tension"]
    s.piles["tension"] = []
    act(s, "end_phase")
    assert s.result == "failure" and "R-TENSION-8" in s.result_reason


def test_R_TENSION_5_unresolvable_card_draws_two_more():
    s = intro_game()
    put_on_top(s, "shambling_stride")  # STIR with no enemies: unresolvable
    ev = draw_now(s)
    drawn = [e for e in ev if e.kind == "tension"]
    assert len(drawn) == 3 and any(e.rule == "R-TENSION-5" for e in ev)


def test_R_TENSION_6_green_none_card_is_never_unresolvable():
    s = intro_game()
    put_on_top(s, "quiet_moment")
    ev = draw_now(s)
    assert len([e for e in ev if e.kind == "tension"]) == 1


def test_R_TENSION_12_stir_moves_every_enemy_on_active_and_linked_tiles():
    s = intro_game()
    a = with_enemy(s, "zombie", (2, 1))
    b = with_enemy(s, "zombie", (3, 2))  # tile B: door closed -> not linked, does not stir
    put_on_top(s, "shambling_stride")
    ev = draw_now(s)
    assert a.pos != (2, 1) and b.pos == (3, 2)


def test_R_TENSION_12_lunge_attacks_active_character_in_range():
    s = intro_game(party=(("mateo", 1),))
    z = with_enemy(s, "zombie", (0, 0))
    put_on_top(s, "last_gasp")
    rigged(s, [1, 1])
    ev = draw_now(s)
    assert any(e.kind == "evade" and e.data["enemy"] == z.uid for e in ev)
    assert s.active_char.health == 2


def test_R_SPAWN_1_boxed_in_spawns_on_nearest_spawn_point():
    s = intro_game()
    s.active_char.pos = (2, 1)
    put_on_top(s, "boxed_in")
    ev = draw_now(s)
    sp = [e for e in ev if e.kind == "spawn"]
    assert len(sp) == 1 and tuple(sp[0].data["pos"]) in {(3, 0), (3, 1)}
    # (3,1) and (3,0) are both at dW 1 and dR 1 from (2,1): R-SPAWN-5 leaves it to the player
    s2 = intro_game()
    s2.active_char.pos = (2, 1)
    put_on_top(s2, "boxed_in")
    run_task(s2, "tension_draw")
    assert s2.pending.kind == "spawn_order"
    assert {a.to for a in legal(s2)} == {(3, 0), (3, 1)}


def test_R_SPAWN_5_nearest_spawn_point_first_by_walking_distance():
    b = board("AAAAA", "AAAAA", walls=[((1, 0), (2, 0))], start={1: (1, 0)}, spawns={"A": [(2, 0), (0, 1)]},
              place=[("exit", (4, 1))])
    s = game(b, tension=content().scenarios["intro"].tension)
    put_on_top(s, "boxed_in")
    ev = draw_now(s)
    # (2,0) is 1 square away in a straight line but 3 by route; (0,1) is 1 by route
    assert tuple([e for e in ev if e.kind == "spawn"][0].data["pos"]) == (0, 1)


def test_R_SPAWN_2_never_on_a_characters_square_if_another_point_exists():
    s = intro_game(party=(("vera", 1), ("mateo", 2)))  # Mateo stands on spawn point (3, 0)
    s.active_char.pos = (2, 0)
    put_on_top(s, "boxed_in")
    ev = draw_now(s)
    sp = [e for e in ev if e.kind == "spawn"]
    assert tuple(sp[0].data["pos"]) == (3, 1)


def test_R_SPAWN_2_single_spawn_point_exception():
    b = board("AAA", start={1: (2, 0)}, spawns={"A": [(2, 0)]}, place=[("exit", (0, 0))])
    s = game(b, tension=content().scenarios["intro"].tension)
    put_on_top(s, "boxed_in")
    ev = draw_now(s)
    sp = [e for e in ev if e.kind == "spawn"]
    assert tuple(sp[0].data["pos"]) == (2, 0)


def test_R_SPAWN_3_no_room_spawns_adjacent():
    s = intro_game()
    s.active_char.pos = (0, 0)
    for _ in range(4):
        with_enemy(s, "zombie", (3, 0))
        with_enemy(s, "zombie", (3, 1))
    s.enemies = s.enemies[:8]
    put_on_top(s, "boxed_in")
    ev = draw_now(s)
    sp = [e for e in ev if e.kind == "spawn"]
    assert sp and sp[0].rule == "R-SPAWN-6" and tuple(sp[0].data["pos"]) in {(2, 0), (2, 1)}


def test_R_SPAWN_4_fire_on_spawn_point_displaces():
    from game.engine.state import TokenState
    s = intro_game()
    s.active_char.pos = (0, 0)
    s.tokens.append(TokenState(uid="f", kind="fire", pos=(3, 0)))
    s.tokens.append(TokenState(uid="g", kind="fire", pos=(3, 1)))
    put_on_top(s, "boxed_in")
    ev = draw_now(s)
    sp = [e for e in ev if e.kind == "spawn"][0]
    assert tuple(sp.data["pos"]) not in {(3, 0), (3, 1)}


def test_R_COMP_15_no_model_left_spawns_nothing():
    s = intro_game()
    for i in range(15):
        with_enemy(s, "zombie", (i % 4, 2))
    s.enemies = s.enemies[:15]
    put_on_top(s, "boxed_in")  # SPAWN needs a model: unresolvable -> two more draws
    ev = draw_now(s)
    assert not [e for e in ev if e.kind == "spawn"]


def test_R_HEALTH_1_start_fine_and_R_HEALTH_3_positions():
    s = intro_game(party=(("mateo", 1),))
    c = s.active_char
    assert c.health == 1
    r = rules(s)
    r.damage_char(c, 4, "test")
    assert c.health == 5 and s.result is None and s.core.fail is None


def test_R_INTRO_6_and_R_HEALTH_8_past_danger_fails_intro_reaching_danger_does_not():
    s = intro_game(party=(("mateo", 1),))
    c = s.active_char
    c.health = 4
    r = rules(s)
    r.damage_char(c, 1, "test")
    r.check_end()
    assert s.result is None and c.health == 5
    r.damage_char(c, 1, "test")
    r.check_end()
    assert s.result == "failure" and "R-INTRO-6" in s.result_reason


def test_R_HEALTH_4_campaign_rules_unconscious_and_R_TURN_8_turn_ends():
    from game.engine.state import CardState
    s = game(MAP, intro=False, party=(("mateo", 1), ("vera", 2)))
    s.cards["F"] = CardState(uid="F", defn="first_aid_spray", deck="B")
    s.char("vera").inventory.append(["F"])  # a spray in play: Mateo can still be revived
    c = s.active_char
    c.health = 5
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [1, 1])
    act(s, "move", to=(1, 0))  # provokes; the hit knocks Mateo out
    settle(s)
    assert c.health == 6 and not c.conscious
    assert s.active_char.cid == "vera"


def test_R_HEALTH_5_unconscious_ignored_by_enemies():
    """A zombie (Grab, range 0) shares a square with unconscious Mateo. In Vera's reaction phase
    he is no target: nobody is in its reach, so it makes a move reaction toward Vera
    (R-REACT-4) instead of attacking him, and he still takes up space (1 unit)."""
    from game.engine.state import CardState
    s = game(MAP, intro=False, party=(("vera", 1), ("mateo", 2)))
    s.cards["F"] = CardState(uid="F", defn="first_aid_spray", deck="B")
    s.active_char.inventory.append(["F"])  # a spray in play: Mateo is not dead (R-HEALTH-10)
    m = s.char("mateo")
    m.pos, m.health = (3, 1), 6
    z = with_enemy(s, "zombie", (3, 1))
    assert rules(s).units_at((3, 1)) == 2
    ev = act(s, "end_phase") + settle(s)
    assert not [e for e in ev if e.kind in ("evade", "enemy_attack")]
    assert z.pos in {(2, 0), (2, 1)}  # one step (Move 1) toward Vera at (0, 0)
    assert any(e.kind == "enemy_move" and e.data["target"] == "vera" for e in ev)
    assert m.health == 6


def test_R_HEALTH_9_spray_revives_at_caution():
    from game.engine.state import CardState
    s = game(MAP, intro=False, party=(("vera", 1), ("mateo", 2)))
    m = s.char("mateo")
    m.pos, m.health = (1, 0), 6
    z = with_enemy(s, "zombie", (1, 0))
    s.cards["F"] = CardState(uid="F", defn="first_aid_spray", deck="B")
    s.active_char.inventory.append(["F"])
    act(s, "use", item="F", target="mateo")
    assert m.health == 3 and m.conscious
