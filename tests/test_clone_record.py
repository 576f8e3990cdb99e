"""GameState.clone shares the record's entries (issue 30: most of a long game's clone was copying
them) but never the record itself: each copy goes on on its own."""
from __future__ import annotations

from game.content.loader import load_scenario
from game.engine import apply, legal_actions, new_game


def test_issue30_a_clone_and_its_original_go_on_apart_after_sharing_record_entries():
    s = new_game(load_scenario("outskirts"), [("vera", 1), ("mateo", 2)], 5)
    for _ in range(12):
        apply(s, legal_actions(s)[0])
    c = s.clone()
    assert c.same_as(s) and c.record == s.record and c.record is not s.record
    before = s.model_dump(mode="json")
    for _ in range(5):
        if c.over:
            break
        apply(c, legal_actions(c)[-1])
    assert s.model_dump(mode="json") == before, "playing on the clone changed the original"
    n = len(c.record)
    apply(s, legal_actions(s)[0])
    assert len(c.record) == n and len(s.record) == 13


def _mutables(v, out: set, depth: int = 0) -> set:
    """The ids of every list, dict, set and record (``Plain``) reachable from ``v``."""
    from game.engine.state import Plain

    if depth > 40:
        return out
    if isinstance(v, (list, dict, set)) or isinstance(v, Plain):
        if id(v) in out:
            return out
        out.add(id(v))
    if isinstance(v, dict):
        for x in v.values():
            _mutables(x, out, depth + 1)
    elif isinstance(v, (list, tuple, set)):
        for x in v:
            _mutables(x, out, depth + 1)
    elif isinstance(v, Plain):
        for f in type(v).__dataclass_fields__:
            _mutables(getattr(v, f), out, depth + 1)
    return out


def test_issue30_a_clone_of_every_rule_set_shares_nothing_it_may_change():
    """``GameState.clone`` copies with ``state.copied`` (issue 30 item 5: faster than ``deepcopy``):
    at every step of a game of each rule set the clone saves as the original does, and no list,
    dict or record of it is the original's (the record's entries aside, shared on purpose); playing
    on from the clone and from the original gives the same game (same seed, same actions)."""
    import copy
    import random

    from tests.test_derived import SAMPLES

    n = 0
    for name, samples in SAMPLES.items():
        make, seed = samples[0]
        s, legal, act, _bot = make(seed)
        if not hasattr(type(s), "clone"):
            continue
        rnd = random.Random(seed)
        for step in range(40):
            if not legal(s):
                break
            c = s.clone()
            assert c.model_dump_json() == s.model_dump_json() == copy.deepcopy(s).model_dump_json(), (name, step)
            entries = {id(e) for e in s.record}
            mine, theirs = set(), set()  # (both walked as they are: ids of live objects only)
            for f in type(s).__dataclass_fields__:
                _mutables(getattr(s, f), mine)
                _mutables(getattr(c, f), theirs)
            shared = (mine & theirs) - entries
            assert not shared, f"{name} step {step}: the clone shares {len(shared)} mutable values"
            a = rnd.choice(legal(s))
            ev_c = act(c, a)
            ev_s = act(s, a)
            assert [(e.kind, e.msg, e.params) for e in ev_c] == [(e.kind, e.msg, e.params) for e in ev_s], (name, step)
            assert c.model_dump_json() == s.model_dump_json(), (name, step)
            n += 1
    assert n >= 150
