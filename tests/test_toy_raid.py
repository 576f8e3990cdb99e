"""Raid (``tests/rulesets/raid.py``), the toy the search bot is tested on: its secrets stay with
their seat until shown, and its bids, raids and end do what its rules say."""
from __future__ import annotations

import random

from game.engine import View, apply, legal_actions, new_game
from tests.rulesets.raid import raid_scenario


def _act(s, seat, **want):
    a = next(a for a in legal_actions(s, seat) if all(getattr(a, k) == v for k, v in want.items()))
    ev = apply(s, a, seat)
    assert not (len(ev) == 1 and ev[0].kind == "impossible"), ev[0].text
    return ev


def _raid(s, seat: int) -> dict:
    return View(s, seat).visible_state()["raid"]


def test_raid_2_a_deployment_is_hidden_from_the_other_seat_until_both_deployed():
    """RAID-2: seat 1's split (4-0-0 as "4, 0, 0") never reaches seat 0's view, events or record
    before seat 0 has deployed too; then both are shown."""
    s = new_game(raid_scenario(), [], 1)
    ev = _act(s, 1, split="4-0-0")
    assert "4-0-0" not in str(View(s, 0).record())
    # (every split is an option of seat 0's own pending decision, so look at events and records)
    assert not any("4-0-0" in str(e.model_dump(mode="json")) for e in View(s, 0).events(ev))
    assert any("4-0-0" in str(e.model_dump(mode="json")) for e in View(s, 1).events(ev))
    assert "1" not in _raid(s, 0)["guards"] and _raid(s, 1)["guards"]["1"] == [4, 0, 0]
    _act(s, 0, split="1-1-2")
    assert _raid(s, 0)["guards"] == {"0": [1, 1, 2], "1": [4, 0, 0]}


def test_raid_3_the_higher_sealed_bid_pays_and_acts_first_and_is_hidden_until_both_bid():
    """RAID-3: seat 1 bids 2 in secret (seat 0 cannot see it), seat 0 bids 1; seat 1 pays 2 and
    acts first; seat 0 pays nothing."""
    s = new_game(raid_scenario(), [], 1)
    _act(s, 0, split="1-1-2")
    _act(s, 1, split="2-1-1")
    _act(s, 1, cp=2)
    assert _raid(s, 0)["bids"] == {} and _raid(s, 1)["bids"] == {"1": 2}
    _act(s, 0, cp=1)
    assert _raid(s, 0)["cp"] == [3, 1]
    assert View(s, 0).deciding_seats() == (1,)


def test_raid_4_raiding_an_empty_lane_scores_and_raid_5_the_game_ends_after_three_rounds():
    """RAID-4: a won raid on a lane the defender left empty scores a point (a lost one costs the
    attacker a guard there, if any); RAID-5: after three rounds the game is over with the
    outcome by points."""
    s = new_game(raid_scenario(), [], 4)
    _act(s, 0, split="4-0-0")
    _act(s, 1, split="4-0-0")
    rnd = random.Random(0)
    while not s.over:
        seat = View(s, None).deciding_seats()[0]
        if View(s, None).pending.kind == "raid_act":
            before = _raid(s, seat)
            ev = _act(s, seat, op="raid", lane=1)  # both left lane 1 empty: a win scores
            e = next(e for e in ev if e.kind == "raid")
            after = _raid(s, seat)
            won = e.data["att"] > e.data["dfn"]
            assert after["points"][seat] == before["points"][seat] + (1 if won else 0)
        else:
            _act(s, seat, cp=rnd.randrange(2))
    r = _raid(s, 0)
    assert r["rounds"] == 3 and sum(r["points"]) > 0
    p = r["points"]
    assert View(s, 0).outcome() == ((0.5, 0.5) if p[0] == p[1] else ((1.0, 0.0) if p[0] > p[1] else (0.0, 1.0)))
