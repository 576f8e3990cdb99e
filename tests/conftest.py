"""Shared UI test kit: a headless pygame display (SDL dummy drivers) as the ``display`` fixture,
used by every tests/test_ui_*.py module (``pytestmark = pytest.mark.usefixtures("display")``),
and :func:`play_app`, the play scene on an off-screen surface for a given state."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="module")
def display():
    """pygame's display and font modules, and a 1280x720 window on the dummy video driver, for
    one test module; the display is shut again after it (tests elsewhere check that loading
    maps never needs one)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    yield
    pygame.display.quit()


def play_app(tmp_path, state, party=(("vera", 1),), controllers=None, events=None):
    """(App, PlayScene) showing ``state`` on an off-screen 1280x720 surface, one frame drawn;
    saves go to ``tmp_path``; every seat human unless ``controllers`` says otherwise."""
    from game.ui.app import App
    from game.ui.play import PlayScene

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, scenario_factory=lambda sid, mp, fresh: state.scenario)
    play = PlayScene(app, state, list(party), controllers or ["human"] * len(party), events=events)
    app.stack = [play]
    app.step([])
    return app, play
