"""Planned walks searched once per step (issue 30: hovering square after square on the play screen
asked up to three whole-board searches for each square): ``explain``'s walk plans and "why no way"
answers read one search from the survivor (``kernel.path_tree``, the kernel's one search for every way at once) kept in the state's derived cache,
and answer exactly as a fresh ``cheapest_path`` per square did (R-MOVE-1, R-OOS-3, R-DOOR-1)."""
from __future__ import annotations

from game.__main__ import default_party
from game.ai.bot import Bot
from game.content.loader import load_scenario
from game.engine import apply, new_game
from game.engine import explain as X
from game.engine.kernel import cheapest_path
from game.engine.query import View


def act_states(sid: str, players: int, seed: int, every: int = 7, steps: int = 120):
    s = new_game(load_scenario(sid), default_party(players), seed)
    bot = Bot(seed)
    for k in range(steps):
        if s.over:
            return
        if s.pending.kind == "act" and k % every == 0 and s.active_char.pos is not None:
            yield s
        apply(s, bot.choose(s))


def test_R_MOVE_1_walk_plans_from_one_search_equal_a_search_per_square():
    n = 0
    for s in act_states("outskirts", 4, 1):
        r, c = View.of(s)._r, s.active_char
        for sq in sorted(s.scenario.board.square_tile):
            for doors, past in ((False, False), (True, False), (False, True)):
                enter, through = X._walk_tests(r, c, through_all=past)
                fresh = cheapest_path(X._DoorsOpen(r) if doors else r.g, tuple(c.pos), sq, enter=enter,
                                      through=through)
                assert X.way_to(X._ways(r, c, doors, past), tuple(c.pos), sq) == fresh, (sq, doors, past)
                n += 1
            assert View.of(s).walk_plan(c, sq) == (cheapest_path(r.g, tuple(c.pos), sq, enter=X._walk_tests(r, c)[0],
                                                                 through=X._walk_tests(r, c)[1]) or [])
    assert n > 1000


def test_hovering_every_square_searches_once_per_kind_of_walk(monkeypatch):
    calls = []
    real = X.path_tree

    def counted(*a, **k):
        calls.append(1)
        return real(*a, **k)

    monkeypatch.setattr(X, "path_tree", counted)
    s = next(act_states("outskirts", 4, 2))
    v = View.of(s)
    for sq in sorted(s.scenario.board.square_tile):
        v.square_problem(sq)
        v.walk_plan(s.active_char, sq)
    assert 1 <= len(calls) <= 3, len(calls)  # plain walks, through doors, past enemies and fire


def test_R_MOVE_1_the_kernel_has_one_search_for_every_way_from_a_square():
    """Issue 23 item 5: ``path_tree`` is the kernel's one "every way at once" search (``ways_from``, a
    second name for the same search, is gone); read with ``way_to`` it gives ``cheapest_path``'s way to
    every square, with and without a limit (R-MOVE-1)."""
    from game.engine import kernel
    from game.engine.kernel import path_tree, way_to

    assert not hasattr(kernel, "ways_from")
    s = next(act_states("outskirts", 4, 3))
    r, c = View.of(s)._r, s.active_char
    enter, through = X._walk_tests(r, c)
    src = tuple(c.pos)
    for limit in (None, 3):
        tree = path_tree(r.g, src, enter=enter, through=through, limit=limit)
        assert set(tree[1]) <= set(tree[0])
        for sq in sorted(s.scenario.board.square_tile):
            assert way_to(tree, src, sq) == cheapest_path(r.g, src, sq, enter=enter, through=through, limit=limit), sq
