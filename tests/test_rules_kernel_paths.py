"""Issue 23 item 5 leftovers: enemy movement (R-EMOVE-5, R-STALK-5) and boss movement (R-BOSS-5,
R-BOSS-18) search the board with the tactics kernel (``kernel.path_tree`` / ``path_costs``), not
searches of their own. These tests hold the outcomes the kernel's parameters decide."""
from tests.kit import begin_phase, boss, settle, tok, top_behaviour
from tests.test_rules_boss_cut_short import long_game


def test_R_BOSS_18_and_R_COMP_8_the_boss_takes_the_long_way_round_barrels():
    """The boss in the corner (6, 0), Mateo four squares west, barrels on both squares one step
    nearer: walking distances that ignored the barrels would leave it no step nearer and it would
    stay. Its route (the kernel's search, through no square holding a space-taking token) goes
    round them: its first step is (6, 1), and it never stands on a barrel."""
    s = long_game(at=(6, 0))
    top_behaviour(s, "surface_strike")  # MOVE ACTIVE 3 -> ATTACK Bite
    s.char("mateo").pos = (2, 0)
    s.char("vera").pos = (0, 2)
    for q in ((5, 0), (5, 1)):
        tok(s, "barrel", q)
    s.actions_left = 0
    ev = begin_phase(s, "tension")
    ev += settle(s)
    path = [tuple(e.data["to"]) for e in ev if e.kind == "enemy_move" and e.data.get("enemy") == boss(s).uid]
    assert path[:1] == [(6, 1)], path
    assert not any(t.pos in path for t in s.tokens)
