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
