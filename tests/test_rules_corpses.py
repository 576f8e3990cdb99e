"""R-CORPSE-3: four corpses in one square (issue 8 item 8).

Ruling: the rule moves a corpse "so that models can still pass", so the corpse goes to the
nearest square (connected-adjacent first, then rings by walking distance as R-SPAWN-6) where it
still leaves room for a small model: never into a square that is full or that it would fill
(R-COMP-8: a corpse is small, 1 unit). While the square still holds four corpses (a map placed
five), another one is moved. If no square qualifies, the corpses stay.
"""
from dataclasses import replace

from game.engine import new_game
from game.engine.board import Placement
from tests.kit import board, rules, scenario, settle

FIELD = board("AAAAA", "AAAAA", "AAAAA", "AAAAA", "AAAAA", start={1: (0, 0)}, place=[("exit", (4, 4))])


def corpses_at(s, q):
    return sum(1 for t in s.tokens if t.kind == "corpse" and t.pos == q)


def with_corpses(counts: dict):
    extra = tuple(Placement("corpse", q) for q, n in counts.items() for _ in range(n))
    b = replace(FIELD, placements=FIELD.placements + extra)
    return new_game(scenario(b, intro=False), [("vera", 1)], 3)


def test_R_CORPSE_3_a_corpse_is_never_moved_into_a_square_it_would_fill():
    ring = [(x, y) for x in (1, 2, 3) for y in (1, 2, 3) if (x, y) != (2, 2)]
    s = with_corpses({(2, 2): 4, **{q: 3 for q in ring}})  # every neighbour holds 3 of 4 units
    assert s.pending.kind == "corpse_spread"
    assert all(a.to not in ring for a in s.pending.options)
    assert all(rules(s).g.dW(a.to, (2, 2)) == 2 for a in s.pending.options)
    settle(s)
    assert corpses_at(s, (2, 2)) == 3
    r = rules(s)
    squares = {t.pos for t in s.tokens} | {c.pos for c in s.characters}
    assert all(r.units_at(q) <= 3 for q in squares), "a square was left full"


def test_R_CORPSE_3_five_corpses_spread_until_models_can_pass():
    s = with_corpses({(2, 2): 5})
    settle(s)
    assert corpses_at(s, (2, 2)) == 3
    assert sum(1 for t in s.tokens if t.kind == "corpse") == 5
