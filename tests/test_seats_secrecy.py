"""A view per seat (issue 23 item 3): event audiences, redaction through ``View``, decisions
addressed to several seats at once, and the undo boundary over secrets, shown on the sealed-bid
rule set of :mod:`tests.seat_kit` (a fake secret)."""
from __future__ import annotations

import json

from game.engine import Action, GameState, View, apply, legal_actions, new_game, new_game_events, replay
from game.engine.actions import Event, visible_to
from game.engine.state import Pending
from tests.seat_kit import SECRETS, leaks, sealed_scenario, seen_by

A, B = SECRETS


def started() -> tuple[GameState, list[Event]]:
    s, ev = new_game_events(sealed_scenario(), [], seed=1)
    ev += apply(s, Action(kind="pass"))  # player 1 is ready (public)
    return s, ev


def test_event_audience_default_is_everyone_and_a_secret_reaches_its_seats_only():
    """Issue 23 item 3: every event has an audience; None is everyone, a tuple of seats a secret."""
    pub, sec = Event("x", text="public"), Event("y", text="secret", audience=(1,))
    assert pub.audience is None and pub.seen_by(None) and pub.seen_by(0)
    assert sec.seen_by(1) and not sec.seen_by(0) and not sec.seen_by(None)
    assert visible_to([pub, sec], 0) == [pub] and visible_to([pub, sec], 1) == [pub, sec]
    assert "audience" not in pub.model_dump() and sec.model_dump(mode="json")["audience"] == [1]


def test_a_window_addressed_to_both_seats_takes_either_answer_first():
    """Issue 23 item 3: a pending decision may be addressed to several seats at once."""
    s, _ = started()
    p = s.pending
    assert p.kind == "bid" and p.seats == (0, 1) and p.secret
    assert View(s, 0).decides() and View(s, 1).decides() and not View(s, None).decides()
    assert legal_actions(s, 1) == legal_actions(s, 0) == legal_actions(s)
    assert legal_actions(s, 2) == []
    ev = apply(s, Action(kind="pick", n=2), seat=1)  # the second seat answers first
    assert [e.kind for e in ev] == ["bid", "bid_placed"]
    assert s.pending.seats == (0,)
    assert legal_actions(s, 1) == []
    bad = apply(s, Action(kind="pick", n=1), seat=1)  # seat 1 has answered: not its decision now
    assert [e.kind for e in bad] == ["impossible"] and s.pending.seats == (0,)
    apply(s, Action(kind="pick", n=1), seat=0)
    assert s.result == "success"
    assert s.record[1] == {"kind": "pick", "n": 2, "by": 1, "secret": True}


def test_single_seat_decisions_save_and_record_as_before():
    """Issue 23 item 3: a decision for one seat keeps its old shape in saves and records."""
    p = Pending("act", 0, "x", [], {})
    assert p.seats == (0,) and p.model_dump(mode="json") == {"kind": "act", "seat": 0, "prompt": "x", "options": [],
                                                             "ctx": {}}
    s, _ = new_game_events(sealed_scenario(), [], seed=1)
    apply(s, Action(kind="pass"))
    assert s.record == [{"kind": "pass"}] and "sealed" not in json.loads(s.model_dump_json())


def test_replay_and_a_save_keep_who_answered_a_window():
    """Issue 23 item 3: the record names the seat that answered; replay and load give the same game."""
    s, _ = started()
    apply(s, Action(kind="pick", n=2), seat=1)
    back = GameState.model_validate_json(s.model_dump_json()).attach(s.scenario)
    assert back.pending.seats == (0,) and back.pending.secret and back.sealed == s.sealed == 2
    again = replay(sealed_scenario(), [], 1, s.record)
    assert again.same_as(s)


def test_a_seat_sees_nothing_of_the_other_seats_bid_until_the_reveal():
    """Issue 23 item 3: View, events and record of each seat reveal nothing of the other's bid."""
    s, ev = started()
    ev += apply(s, Action(kind="pick", n=1), seat=0)
    assert leaks(s, 0, A, ev)  # one's own bid is seen
    assert not leaks(s, 1, A, ev) and not leaks(s, None, A, ev)
    # the table hears that a bid was placed, never how much
    assert [e.kind for e in View(s, 1).events(ev)] == ["setup", "ready", "bid_placed"]
    assert View(s, 1).record()[-1] == {"kind": "hidden", "by": 0}
    assert View(s, 0).record()[-1] == {"kind": "pick", "n": 1, "by": 0, "secret": True}
    ev += apply(s, Action(kind="pick", n=2), seat=1)
    assert leaks(s, 0, B, ev) and leaks(s, 1, A, ev)  # the reveal is public


def test_the_check_would_see_a_leak():
    """Issue 23 item 3: the secrecy check fails when redaction or the audience is missing."""
    s, ev = started()
    ev += apply(s, Action(kind="pick", n=1), seat=0)
    assert A not in [e.data.get("amount") for e in View(s, 1).events(ev)]
    assert str(A) in json.dumps([e.model_dump(mode="json") for e in ev])  # the raw events hold it
    assert str(A) in s.model_dump_json()  # and the raw state
    assert str(A) not in seen_by(s, 1, ev)


def test_undo_never_steps_back_over_a_secret_commit():
    """Issue 23 item 3: the undo floor is the step of the last secret answer or secret event."""
    s, _ = started()
    assert View(s, 0).undo_floor() == 0  # the public "ready" may be taken back
    apply(s, Action(kind="pick", n=1), seat=0)
    assert View(s, 1).undo_floor() == View(s, 0).undo_floor() == s.step == 2


def test_the_undo_window_closes_on_a_secret_answer():
    """Issue 23 item 3: the play screen's undo never takes back a seat's secret bid."""
    from game.ui.undo import SECRET, UndoHistory
    s, _ = new_game_events(sealed_scenario(), [], seed=1)
    h = UndoHistory()
    for act, seat in ((Action(kind="pass"), None), (Action(kind="pick", n=1), 0)):
        h.begin(s, act, "person", [], [])
        why = h.end(apply(s, act, seat), s, [])
    assert why == SECRET and not h.can_undo() and h.take_back(1) is None
    again = UndoHistory.from_record(sealed_scenario(), [], 1, s.record, s)  # a load keeps the floor
    assert again.floor_reason == SECRET and not again.can_undo()


def test_the_undo_window_stays_open_for_public_actions():
    """Issue 23 item 3: a public action before any secret can still be taken back."""
    from game.ui.undo import UndoHistory
    s, _ = new_game_events(sealed_scenario(), [], seed=1)
    h = UndoHistory()
    h.begin(s, Action(kind="pass"), "person", [], [])
    assert h.end(apply(s, Action(kind="pass")), s, []) == ""
    assert h.can_undo() and View.of(h.take_back(1).before).step == 0


def test_the_views_records_come_redacted_for_a_seat():
    """Issue 23 item 3: RuleSet.redact is wired into View's records (tokens, cards ...) per seat."""
    s, _ = started()
    apply(s, Action(kind="pick", n=1), seat=0)
    amounts = {seat: [t.props["amount"] for t in View(s, seat).tokens if t.kind == "bid"] for seat in (0, 1, None)}
    assert amounts == {0: [A], 1: [None], None: [None]}
    assert [t.props["amount"] for t in s.tokens] == [A]  # the game itself keeps the bid


def test_a_hand_hidden_from_a_seat_shows_as_its_size_only():
    """Issue 23 item 3: a pile the rule set hides from a seat (a hand) gives that seat its size only."""
    import pytest
    s, _ = started()
    apply(s, Action(kind="pick", n=1), seat=0)
    assert View(s, 0).pile("hand0") == [f"card{A}"] and View(s, 1).pile_size("hand0") == 1
    with pytest.raises(ValueError, match="hidden from this seat"):
        View(s, 1).pile("hand0")
