"""What the 10-minute UI soak (python -m tools.soak --ui 600, issue 29) found on the screens."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.content.errors import MapError  # noqa: E402
from tests.ui_kit import play_at_act, shown_text  # noqa: E402


def test_issue29_a_failed_F5_reload_is_written_in_the_log_without_a_crash(tmp_path, monkeypatch):
    """F5 whose reload fails logs 'Reload failed: ...', worded again when the language changes; the
    wording read the except block's ``ex``, unset by then: NameError on the next frame drawn in
    Japanese (seen in the soak)."""
    app, play = play_at_act(tmp_path, "ut1")

    def broken(*a, **k):
        raise MapError("maps/x.tmx", "object 3", "the exit is off the board", "move it onto a floor tile")

    monkeypatch.setattr(app, "load_scenario", broken)
    play.reload(app)
    try:
        assert app.set_language("ja") == ""  # the line is worded again in the language of the moment
        texts = shown_text(app)
    finally:
        app.set_language("en")
    assert any("maps/x.tmx" in t for t in texts), texts


def test_a_finished_games_screen_replaced_gives_memory_back(monkeypatch, tmp_path):
    """Issue 30 (memory from scenario 2 on): when the play screen is replaced (a campaign scenario
    ended, the end phase opens) the App collects garbage and hands freed memory back, as on a Reset;
    replacing any other screen does not (it would cost a collection on every menu step)."""
    import game.ui.app as app_mod
    from game.ui.scene import Replace, Scene

    calls = []
    monkeypatch.setattr(app_mod, "give_back", lambda: calls.append(1) or True)
    app = app_mod.App(None, save_dir=str(tmp_path))

    class Board(Scene):
        holds_game = True

    class Other(Scene):
        pass

    app.apply(Replace(Other()))
    assert calls == []
    app.apply(Replace(Board()))
    app.apply(Replace(Other()))
    assert calls == [1] and isinstance(app.top, Other) and len(app.stack) == 1
