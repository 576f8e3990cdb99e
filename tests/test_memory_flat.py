"""Memory stays flat while playing (issue 29 item 7): content loaded again and again (a scenario
picked in the menu, F5, each new game) used to stay alive in the plain-copy cache of
game.engine.defs (id -> (model, copy), cleared only at 100,000 entries): about 600 objects per
load, 84,000 -> 261,000 live objects in ten minutes of random input. The cache holds its copies
weakly now."""
from __future__ import annotations

import gc

from game.content.loader import load_content, load_scenario
from game.engine import apply, legal_actions, new_game
from game.engine.defs import ItemDef


def _live(cls) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is cls)


def test_issue29_7_content_loaded_for_each_game_does_not_stay_alive():
    def one(seed):
        scn = load_scenario("dt1", load_content())
        s = new_game(scn, [("vera", 1), ("mateo", 2)], seed)
        for _ in range(10):
            if s.over:
                break
            apply(s, legal_actions(s)[0])
    one(0)
    base = _live(ItemDef)
    for seed in range(1, 5):
        one(seed)
    assert _live(ItemDef) <= base, "the definitions of earlier content loads are still alive"


def test_issue29_7_a_plain_copy_lives_while_the_rules_use_it():
    """The weak cache still shares one copy per definition while it is in use (the speed of
    issue 8 kept): asked twice, the same object."""
    from game.engine.defs import plain
    ct = load_content()
    d = next(iter(ct.items.values()))
    a = plain(d)
    assert plain(d) is a and a.id == d.id
