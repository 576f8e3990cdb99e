"""Per seat, Delve's secret bid (TOY-5) shows nowhere the other seat may look (issue 23 must-show):
its ``View`` (the visible state, the pending decision), the events it may see, the record as it
may know it and the undo floor. Each seat is checked in turn as the one that has not bid yet,
while the other seat's bid is in; then both bids are public once revealed."""
from __future__ import annotations

import json

import pytest

from game.engine import View, apply, legal_actions, new_game
from game.engine.actions import make_typed
from tests.rulesets.delve import BID, delve_scenario
from tests.seat_kit import seen_by
from tests.test_toy_delve import PARTY, random_play


def at_the_bid(seed: int = 3):
    """A game at the bid phase with both seats still to bid (this seed: one point each)."""
    s = new_game(delve_scenario(), PARTY, seed)
    ev = random_play(s, seed, until=lambda s: s.phase == "bid")
    assert s.pending.kind == BID and s.pending.seats == (0, 1) and s.delve.points == [1, 1]
    return s, ev


@pytest.mark.parametrize("me", [0, 1])
def test_TOY_5_a_seat_sees_nothing_of_the_other_seats_bid_until_both_are_in(me):
    other = 1 - me
    s, ev = at_the_bid()
    step_before = s.step
    ev += apply(s, make_typed(BID, seat=other, cp=1), seat=other)  # the other seat bids first
    mine, theirs = View(s, me), View(s, other)
    # the state as each may see it
    assert mine.visible_state()["delve"]["bids"] == {}
    assert theirs.visible_state()["delve"]["bids"] == {str(other): 1}
    assert View(s, None).visible_state()["delve"]["bids"] == {}  # the table as a whole
    # the events: the bidder alone is told its bid; everyone hears that a bid was made
    assert [e.text for e in mine.events(ev) if e.kind == "bid"] == []
    assert [e.text for e in theirs.events(ev) if e.kind == "bid"] == ["You bid 1."]
    assert [e.kind for e in mine.events(ev)][-1] == "bid_placed"
    # the record: the other seat's answer is a hidden entry for me
    assert mine.record()[-1] == {"kind": "hidden", "by": other}
    assert theirs.record()[-1] == {"kind": BID, "seat": other, "cp": 1, "by": other, "secret": True}
    # the decision left is mine, with my own options only
    assert s.pending.seats == (me,) and all(a.seat == me for a in legal_actions(s, me))
    # no undo back over the other seat's secret
    assert mine.undo_floor() == step_before + 1
    # and nothing else I may look at holds it
    seen = seen_by(s, me, ev)
    assert "You bid" not in seen and f'"{other}": 1' not in seen and '"cp": 1, "by"' not in seen


@pytest.mark.parametrize("me", [0, 1])
def test_TOY_5_once_both_bids_are_in_both_are_shown_to_every_seat(me):
    s, ev = at_the_bid()
    ev += apply(s, make_typed(BID, seat=1, cp=1), seat=1)
    ev += apply(s, make_typed(BID, seat=0, cp=0), seat=0)
    reveal = [e for e in View(s, me).events(ev) if e.kind == "reveal"]
    assert reveal and reveal[0].data["bids"] == [0, 1]
    assert json.loads(seen_by(s, me, ev))["state"]["delve"]["bids"] == {}  # cleared once shown
