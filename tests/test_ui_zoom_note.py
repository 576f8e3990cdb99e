"""The zoom/pan how-to note in the board's corner fades out, and comes back when the view changes."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.loader import load_content, load_scenario  # noqa: E402
from game.engine import new_game_events  # noqa: E402
from tests.test_ui_narrative_boss import frames, play_app  # noqa: E402,F401

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def test_zoom_note_fades_after_a_few_seconds_and_returns_on_zoom(tmp_path):
    scn = load_scenario("outskirts", load_content())
    s, events = new_game_events(scn, [("vera", 1)], 3)
    app, play = play_app(tmp_path, s, events=events)
    assert play.view.layout.overflows and play.view.note_alpha == 255
    frames(app, 24)  # 6 s
    assert play.view.note_alpha == 0
    pos = play.view.board_area.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.05)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.05)
    app.step([], 0.05)
    assert play.view.note_alpha == 255
