"""Timing of a failed attack on an enemy in the same square (issue 8 item 8; R-ACT-4, R-OOS-2,
R-OOS-5, R-EATK-7, R-EATK-9).

Ruling: R-ACT-4 orders the steps of an Attack: the attack, then the same-square retaliation
(R-OOS-5, with its push-back R-EATK-7), then the out-of-sequence move reactions (R-OOS-2). Who
makes those moves is fixed when the attack resolves: R-OOS-2 exempts "enemies in the attacking
character's square", and that is judged at that moment, before the retaliation. An enemy the
survivor then pushes out of the square therefore does not make the move reaction, so it cannot
walk straight back in within the same action; enemies elsewhere on the active and linked tiles
still move.
"""
from tests.kit import act, board, game, rigged, settle, with_enemy

HALL = board("AAAAA", "AAAAA", "BBBBB", open_doors=[((0, 1), (0, 2))], start={1: (0, 0)},
             place=[("exit", (4, 2))])


def knife(s):
    return next(u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "knife")


def test_R_OOS_5_and_R_EATK_7_a_retaliating_enemy_pushed_back_does_not_walk_straight_back_in():
    s = game(HALL)
    z = with_enemy(s, "zombie", (1, 1))
    other = with_enemy(s, "zombie", (4, 0))  # on the tile, not in the square: it moves (R-OOS-2)
    s.active_char.pos = (1, 1)
    rigged(s, [1])  # the knife misses: the zombie retaliates, unavoidably (R-OOS-5, R-EATK-9)
    ev = act(s, "attack", item=knife(s), target=z.uid, n=0)
    assert any(e.rule == "R-OOS-5" for e in ev) and s.active_char.health == 2
    assert s.pending.kind == "push_enemy"  # R-EATK-7: Vera pushes it back
    ev = act(s, "push", target=z.uid, to=(2, 1)) + settle(s)
    moved = {e.data["enemy"] for e in ev if e.kind == "enemy_move" and e.rule == "R-OOS-2"}
    assert z.pos == (2, 1) and z.uid not in moved
    assert other.uid in moved


def test_R_OOS_2_enemies_that_shared_the_square_stay_even_when_pushed_out_in_easy_mode():
    """R-EASY-5 / R-EATK-8: every enemy of the square may be pushed back; none of them then makes
    the R-OOS-2 move back into the attacker's square."""
    s = game(HALL, intro=False, easy=True)
    z = with_enemy(s, "zombie", (1, 1))
    y = with_enemy(s, "zombie", (1, 1))
    s.active_char.pos = (1, 1)
    rigged(s, [1])
    act(s, "attack", item=knife(s), target=z.uid, n=0)
    pushes = {z.uid: (2, 1), y.uid: (0, 0)}
    while s.pending is not None and s.pending.kind == "push_enemy":
        uid = next(a.target for a in s.pending.options if a.kind == "push")
        act(s, "push", target=uid, to=pushes[uid])
    settle(s)
    assert (z.pos, y.pos) == ((2, 1), (0, 0))
