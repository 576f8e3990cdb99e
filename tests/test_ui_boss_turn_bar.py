"""The top bar stays on the turn whose behaviour card is playing out; the end-phase question goes."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.kit import rigged  # noqa: E402
from tests.test_ui_narrative_boss import boss_game, frames, key, play_app  # noqa: E402,F401

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def test_top_bar_keeps_the_boss_turn_until_the_card_is_played_and_the_end_toast_clears(tmp_path):
    s = boss_game()
    uid = next(u for u in s.piles["behaviour"] if s.cards[u].defn == "thrash")
    s.piles["behaviour"].remove(uid)
    s.piles["behaviour"].insert(0, uid)
    s.active_char.pos = (1, 1)
    rigged(s, [6] * 12)
    app, play = play_app(tmp_path, s)
    turn = s.turn
    key(app, pygame.K_SPACE, n=0)
    assert "unused" in play.ui.toast and play.ui.toast_t > 0
    key(app, pygame.K_SPACE, n=0)
    assert s.turn == turn + 1 and play.ui.anim.boss_turn
    assert play.ui.toast_t == 0  # the question was answered: it does not linger into the next turn
    app.step([], 0.01)
    top, phase = play.view.top_text
    assert top.startswith(f"TURN {turn} ") and "The Burrower acts (Vera's turn)" == phase
    frames(app, 16)
    assert not play.ui.anim.boss_turn
    assert play.view.top_text[0].startswith(f"TURN {turn + 1} ")
