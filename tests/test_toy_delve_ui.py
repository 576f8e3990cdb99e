"""The toy mode Delve on the UI's play screen (issue 23 must-show): the screens the city uses show a
mode they were not written for, from its rules alone: the grown cave, the delvers, the prompt and
one button per legal option (labelled from the action's kind and payload), in hot-seat."""
from __future__ import annotations

import pygame

from game.engine import apply, legal_actions, new_game
from game.ui.board.layout import BoardLayout
from tests.rulesets.delve import BID, FLARE, delve_scenario
from tests.test_toy_delve import PARTY, random_play
from tests.ui_kit import play_app, shown_text


def _grown_at(kind: str, seed: int = 0):
    s = new_game(delve_scenario(), PARTY, seed)
    random_play(s, seed, until=lambda s: s.grown and s.pending.kind == kind
                and (kind != FLARE or s.delve.flares[s.pending.seat]))
    assert s.grown and s.pending.kind == kind
    return s


def test_the_play_screen_shows_the_grown_cave_and_the_window_options_of_the_deciding_seat(tmp_path):
    s = _grown_at(FLARE, seed=9)  # (the deciding seat still has its flare)
    app, play = play_app(tmp_path, s, PARTY)
    pygame.image.save(app.screen, str(tmp_path / "delve_flare.png"))  # (looked at when written)
    text = " | ".join(shown_text(app))
    assert "Anyone may act now (a flare)" in text  # the window named by its message (window.flare), not its id
    seat = s.pending.seat
    name = s.scenario.content.characters[s.characters[seat].cid].name
    assert f"flare · {name}" in text and "Done" in text  # one button per legal option of the seat
    assert "Cave" in text  # the tile of the grown card is drawn and named
    lay = BoardLayout(s.scenario.board, play.view.board_area, play.view.pan, play.view.zoom)
    assert play.view.board_area.contains(lay.square_rect((4, 1)))  # a square of the new card is on screen


def test_the_play_screen_asks_the_secret_bid_and_an_option_button_answers_it(tmp_path):
    s = _grown_at(BID, seed=0)
    app, play = play_app(tmp_path, s, PARTY)
    pygame.image.save(app.screen, str(tmp_path / "delve_bid.png"))
    text = " | ".join(shown_text(app))
    assert "Your secret bid" in text and "bid · " in text and "cp 0" in text
    before = len(s.record)
    play.do(legal_actions(s)[0])  # what the option button does
    assert len(s.record) == before + 1 and s.record[-1]["secret"] is True


def test_issue23_a_window_shows_each_persons_own_options_and_answers_for_that_seat(tmp_path):
    """Issue 23 item 3 (prompts addressed to several seats): in TOY-4's flare window, with both
    delvers holding a flare at a hot-seat table, the prompt shows each seat's own option, named by
    its player; clicking the other seat's button lights that seat's flare (the record names who
    answered), not the pending seat's."""
    from tests.ui_kit import click

    s = new_game(delve_scenario(), PARTY, 9)
    random_play(s, 9, until=lambda s: s.pending.kind == FLARE and len(s.pending.seats) == 2
                and all(s.delve.flares[i] for i in s.pending.seats))
    assert s.pending.kind == FLARE and len(s.pending.seats) == 2
    other = s.pending.seats[1]
    app, play = play_app(tmp_path, s, PARTY)
    text = " | ".join(shown_text(app))
    for seat in s.pending.seats:
        name = s.scenario.content.characters[s.characters[seat].cid].name
        assert f"Player {seat + 1}: flare · {name}" in text, text
    points = s.delve.points[other]
    click(app, "seat_option", (legal_actions(s, other)[0], other))
    assert s.delve.points[other] == points + 1 and s.delve.flares[other] == 0
    assert s.record[-1].get("by") == other
