"""Per seat, on the play screen, Delve's secret bid (TOY-5) shows nowhere the other seat may look
(issue 23 must-show): the log, the hover texts over the board, the log and the buttons, the undo
list (undo, and its "Undone: ..." line) and the saves the screens show.

Seat 2 looks while seat 1's bid is in: at a hot-seat table (seat 1 bids on the shared screen,
which shows public information only) and with seat 2 the one person at the screen (seat 1 a bot).
Seat 1 looks while seat 2's bid is in: seat 2 (a bot or a remote seat) answered the bid window
first, and the game is on seat 1's screen."""
from __future__ import annotations

import pygame
import pytest

from game.engine import apply, legal_actions
from game.engine.actions import make_typed
from tests.rulesets.delve import BID
from tests.test_toy_delve import PARTY
from tests.test_toy_delve_secrecy import at_the_bid
from tests.ui_kit import play_app, settle, shown_text

SECRET_BID = 1  # what the other seat bids (each seat has one point at this seed)


def _looked_at(app, play) -> str:
    """Everything the screen shows: a frame, hovering over the board, the log and the buttons,
    and an undo attempt (its refusal or its "Undone" line)."""
    seen = list(shown_text(app))
    for y in range(70, 720, 40):
        for x in range(20, 1280, 80):
            seen += shown_text(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))])
    undone = play.undo()
    seen += shown_text(app)
    seen.append(play.ui.toast or "")
    return " | ".join(seen), undone


def _check(app, play, s, me: int) -> None:
    other = 1 - me
    name = s.scenario.content.characters[s.characters[other].cid].name
    assert s.pending.kind == BID and s.pending.seats == (me,)
    text, undone = _looked_at(app, play)
    assert not undone and s.pending.seats == (me,)  # no undo back over the other seat's secret
    for leak in (f"You bid {SECRET_BID}", f"bid · {name} · cp {SECRET_BID}", f"cp={SECRET_BID}"):
        assert leak not in text
    assert all(a.seat == me for a in legal_actions(s, me))  # the buttons: my own bids only
    app.save(s, PARTY)  # the saves the screens show
    info = app.save_info()
    assert info.status == "ok" and "bid" not in info.summary.lower()


@pytest.mark.parametrize("controllers", [["human", "human"], ["bot", "human"]])
def test_TOY_5_seat_2_is_shown_nothing_of_seat_1s_bid(tmp_path, controllers):
    s, _ = at_the_bid()
    app, play = play_app(tmp_path, s, PARTY, controllers=controllers)
    if controllers[0] == "human":
        play.do(make_typed(BID, seat=0, cp=SECRET_BID))  # seat 1 bids on the shared screen
    else:
        play.bot.choose = lambda *a, **k: make_typed(BID, seat=0, cp=SECRET_BID)
        settle(app, 20)
    play.pending_pass = None  # (the screen is handed to seat 2)
    settle(app, 2)
    _check(app, play, s, me=1)


def test_TOY_5_seat_1_is_shown_nothing_of_seat_2s_bid(tmp_path):
    s, _ = at_the_bid()
    apply(s, make_typed(BID, seat=1, cp=SECRET_BID), seat=1)  # seat 2 answers the window first
    app, play = play_app(tmp_path, s, PARTY, controllers=["human", "bot"])
    settle(app, 2)
    _check(app, play, s, me=0)


def test_TOY_5_a_lone_person_sees_their_own_bid_and_a_shared_screen_shows_nobodys(tmp_path):
    """Issue 23 item 3 (a view per seat): with one person at the screen (seat 1; seat 2 a bot) the log
    and the mode's side panel read seat 1's own view, so after seat 1 bids both show that bid while
    seat 2's is still to come; at a hot-seat table the shared screen is nobody's eyes and shows no
    bid at all (the log says only that a bid was made)."""
    from tests.rulesets.delve_kit import registered

    with registered():
        s, _ = at_the_bid()
        app, play = play_app(tmp_path, s, PARTY, controllers=["human", "bot"])
        play.bot.choose = lambda *a, **k: None  # (seat 2 takes its time)
        assert play.viewer() == 0
        play.do(make_typed(BID, seat=0, cp=SECRET_BID))
        assert s.pending.kind == BID and s.pending.seats == (1,)
        text = " | ".join(shown_text(app))
        assert f"your secret bid: {SECRET_BID}" in text and f"You bid {SECRET_BID}." in text

        s2, _ = at_the_bid()
        app2, play2 = play_app(tmp_path / "hot", s2, PARTY, controllers=["human", "human"])
        assert play2.viewer() is None
        play2.do(make_typed(BID, seat=0, cp=SECRET_BID))
        assert s2.pending.seats == (1,)
        text2 = " | ".join(shown_text(app2))
        assert "secret bid:" not in text2 and f"You bid {SECRET_BID}" not in text2 and "has made a bid" in text2
