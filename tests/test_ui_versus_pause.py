"""The versus window's Esc menu (issue 27 item 3): it speaks of bots only when a bot plays."""
from __future__ import annotations

import pygame

from game.engine.versus import new_versus
from game.ui.versus.scene import VersusScene
from tests.ui_kit import SIZE, key_event, shown_text


def _menu_text(tmp_path, controllers):
    from game.ui.app import App

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    app.step([])
    sc = VersusScene(app, new_versus("swift", None, 3), ["Ada", "Bo"], controllers, pace=0.0)
    app.stack = [sc]
    app.step([])
    for _ in range(10):  # past the hand-over screen of a hot-seat game
        if app.top is sc:
            break
        app.step([key_event(pygame.K_SPACE)], 0.1)
    app.step([key_event(pygame.K_ESCAPE)])
    assert sc.menu_open
    return " | ".join(shown_text(app))


def test_the_hot_seat_pause_menu_does_not_speak_of_bots(tmp_path):
    text = _menu_text(tmp_path, ["human", "human"])
    assert "Paused" in text and "bots" not in text, text


def test_the_pause_menu_says_the_bots_stopped_when_a_bot_plays(tmp_path):
    text = _menu_text(tmp_path, ["human", "greedy"])
    assert "Paused: the bots have stopped thinking." in text, text
