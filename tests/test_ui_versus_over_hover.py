"""The versus result (issue 27 item 3): once the game is over, no model's hover card is drawn over
the result dialog (it covered 'The Syndicate wins' and its buttons in a play-test)."""
from __future__ import annotations

import random

import pygame

from game.engine import apply, legal_actions
from game.engine.query import View
from game.engine.versus import new_versus
from game.ui.versus.scene import VersusScene
from tests.ui_kit import SIZE, shown_text


def _finished(seed=3):
    rng = random.Random(seed)
    state = new_versus("swift", None, seed)
    for _ in range(5000):
        v = View(state)
        if v.over:
            return state
        seat = v.deciding_seats()[0]
        apply(state, rng.choice(legal_actions(state, seat)), seat)
    raise AssertionError("the random game did not end")


def test_no_model_card_over_the_result_dialog(tmp_path):
    from game.ui.app import App

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    app.step([])
    state = _finished()
    sc = VersusScene(app, state, ["Ada", "Bo"], ["human", "human"], pace=0.0)
    app.stack = [sc]
    for _ in range(5):
        app.step([], 0.1)
    f = next(f for f in sc.vw().figures if f.pos is not None)
    pos = sc.board.centre(tuple(f.pos))
    text = " | ".join(shown_text(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]))
    assert sc.hover_cid is not None  # the pointer is over a model
    assert ("wins" in text) or ("A draw" in text), text
    assert "wounds " not in text and "dice +" not in text, f"a model card over the result: {text}"
