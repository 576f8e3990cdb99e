"""The kernel's searches with unit costs run breadth first (issue 30: the enemy phase's moves, the
walks the screen previews): the same squares settled in the same order, reached from the same squares,
as the cost-ordered search (which still serves real costs), on every city board with random squares
refused, squares not walked through, limits and stops (R-EMOVE-5, R-MOVE-1)."""
from __future__ import annotations

import random

from game.content.loader import load_content, load_scenario
from game.engine.core import CoreRun
from game.engine import new_game
from game.engine.kernel import moves as M


def _unit(q) -> int:  # a cost function that is not the kernel's own: the cost-ordered search
    return 1


def test_R_EMOVE_5_breadth_first_equals_the_cost_ordered_search_with_unit_costs():
    rnd = random.Random(5)
    n = 0
    for sid in sorted(load_content().scenarios)[:8]:
        scn = load_scenario(sid)
        s = new_game(scn, [("vera", 1), ("mateo", 2)], 1)
        g = CoreRun(s).g
        squares = sorted(scn.board.square_tile)
        for _ in range(12):
            refused = set(rnd.sample(squares, len(squares) // 6))
            blocked = set(rnd.sample(squares, len(squares) // 8))
            srcs = rnd.sample(squares, rnd.choice((1, 1, 2)))
            limit = rnd.choice((None, 2, 3, 6))
            stop = rnd.choice((None, rnd.choice(squares)))
            enter = (lambda q, r=refused: q not in r) if rnd.random() < 0.8 else None
            through = (lambda q, b=blocked: q not in b) if rnd.random() < 0.6 else None
            fast = M._search(g, list(srcs), M._one, enter, through, limit, stop)
            slow = M._search(g, list(srcs), _unit, enter, through, limit, stop)
            assert list(fast[0].items()) == list(slow[0].items()), (sid, srcs, limit, stop)
            assert fast[1] == slow[1], (sid, srcs, limit, stop)
            n += 1
    assert n >= 48


def test_R_EMOVE_5_reach_equals_the_general_search_it_speeds_up():
    """``kernel.reach`` (the enemy phase's fast path: the squares not to enter as a set, the way back
    only when asked) settles the same squares in the same order, from the same squares, as
    ``path_tree`` with ``enter`` and a limit, on every city board with random squares refused."""
    rnd = random.Random(7)
    n = 0
    for sid in sorted(load_content().scenarios)[:8]:
        scn = load_scenario(sid)
        s = new_game(scn, [("vera", 1), ("mateo", 2)], 1)
        g = CoreRun(s).g
        squares = sorted(scn.board.square_tile)
        for _ in range(12):
            avoid = frozenset(rnd.sample(squares, len(squares) // rnd.choice((3, 6, 12))))
            src = rnd.choice(squares)
            limit = rnd.choice((0, 1, 2, 3, 6))
            steps, came = M.path_tree(g, src, enter=lambda q: q not in avoid, limit=limit)
            fast, ways = M.reach(g, src, avoid, limit, ways=True)
            assert list(fast.items()) == list(steps.items()), (sid, src, limit)
            assert ways == came, (sid, src, limit)
            assert M.reach(g, src, avoid, limit) == (fast, None)
            n += 1
    assert n >= 48
