"""The tutorial (issue 12), headless: offered on the main menu at first start and remembered; its
first steps point at what to click and go on when the player does it; Skip ends it."""
from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.menus import MainMenu  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402
from game.ui.tutorial import STEPS, TUTORIAL_PARTY, TUTORIAL_SEED  # noqa: E402


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def click(app, pos, n=2):
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
    for _ in range(n):
        app.step([], 0.1)


def make_app(tmp_path, intro):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, scenario_factory=lambda sid, mp, fresh: intro)
    app.step([])
    return app


def test_offered_at_first_start_and_remembered(tmp_path, intro):
    app = make_app(tmp_path, intro)
    assert isinstance(app.top, MainMenu)
    assert app.top.zones.find("tutorial_no") is not None  # the first-start offer
    click(app, app.top.zones.find("tutorial_no").rect.center)
    assert app.settings["tutorial_offered"] is True
    assert app.top.zones.find("tutorial_no") is None
    app2 = make_app(tmp_path, intro)  # a new start: not offered again, still in the menu
    assert app2.top.zones.find("tutorial_no") is None and app2.top.zones.find("tutorial") is not None


def test_first_steps_point_at_the_target_and_follow_the_player(tmp_path, intro):
    app = make_app(tmp_path, intro)
    offer = [z for z in app.top.zones.items if z.key == "tutorial"][-1]  # the offer's button
    click(app, offer.rect.center)
    play = app.top
    assert isinstance(play, PlayScene) and play.tutorial is not None
    assert [c.cid for c in play.state.characters] == [cid for cid, _ in TUTORIAL_PARTY]
    assert play.state.seed == TUTORIAL_SEED
    # the first tension cards are quiet, so a new player meets no surprise in the first turns
    top = [play.state.cards[u].defn for u in play.state.piles["tension"][:3]]
    assert top == ["quiet_moment"] * 3
    tut = play.tutorial
    assert tut.step is STEPS[0] and tut.zones.find("tut_next") is not None
    assert STEPS[0].target(play) == play.view.layout.square_rect(tuple(play.state.active_char.pos))
    for _ in range(2):  # Welcome, Action phase: Next
        click(app, tut.zones.find("tut_next").rect.center)
    assert tut.step.title == "Move"
    assert tut.zones.find("tut_next") is None  # a move is needed to go on
    target = tut.step.target(play)
    sq = play.view.layout.square_at(target.center)
    assert sq in play.marks.act.moves
    click(app, target.center, n=10)  # the square the tutorial points at
    assert tuple(play.state.active_char.pos) == sq
    assert tut.step.title == "Undo"
    # the arrow ends at the Undo button's frame, not 70 px short of it (played: it pointed into the board)
    undo = tut.step.target(play)
    tip = pygame.Vector2(tut.arrow_tip)
    near = pygame.Vector2(min(max(tip.x, undo.left), undo.right), min(max(tip.y, undo.top), undo.bottom))
    assert (tip - near).length() <= 14, (tut.arrow_tip, undo)
    click(app, tut.zones.find("tut_skip").rect.center)
    assert tut.finished and tut.skipped and tut.step is None
    assert tut.zones.find("tut_next") is None
