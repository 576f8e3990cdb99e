"""A rules error inside apply (an engine bug) never crashes the play screen: the engine restores the
state, the screen says so and play goes on (issue 13: the game keeps running)."""
from __future__ import annotations

import pytest

from game.engine import legal_actions
from tests.conftest import play_app
from tests.kit import board, game

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def test_a_rules_error_is_shown_and_the_game_goes_on(tmp_path, monkeypatch):
    s = game(board("AAA", place=[("exit", (2, 0))]))
    app, play = play_app(tmp_path, s)
    from game.engine.core import CORE

    def broken(run, c, a):
        raise ZeroDivisionError("a broken rule")
    monkeypatch.setitem(CORE.actions, "move", broken)
    before = s.model_dump_json()
    move = next(a for a in legal_actions(s) if a.kind == "move")
    assert play.do(move) == []
    assert s.model_dump_json() == before  # nothing half-applied
    assert "taken back" in play.ui.toast
    monkeypatch.undo()
    assert play.do(move) and s.active_char.pos == move.to
