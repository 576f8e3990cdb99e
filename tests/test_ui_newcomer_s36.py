"""Issue 25, the findings still open at the start of session 36 (/work/notes/s36/open25.md): each
test here fails without its fix (the docstring says what the tester saw)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import apply  # noqa: E402
from tests.test_ui_enemy_phase import PARTY, before_enemy_phase  # noqa: E402
from tests.ui_kit import play_app, shown_text  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def _move(app, pos, dt: float = 0.1) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], dt)


def test_r2_no_hover_card_tells_where_enemies_end_before_the_playback_gets_there(tmp_path):
    """Recheck R2: during the enemy phase's playback the square's hover card listed the Zombies a
    tension card brings in (and where enemies end) before the playback reached them, over the
    moving models. While the phase plays, the board has no hover card."""
    s, a = before_enemy_phase()
    app, play = play_app(tmp_path, s, PARTY)
    play.names = ["Ann", "Ann"]  # one person plays both: no hand-over screen
    ev = play.do(a)
    spawn = next(tuple(e.data["pos"]) for e in ev if e.kind == "spawn" and isinstance(e.data, dict) and "pos" in e.data)
    assert play.ui.anim.beat_now() == 0, "the enemy's beat plays; the card's spawns are still to come"
    _move(app, play.view.layout.centre(spawn))
    for _ in range(9):
        app.step([], 0.1)
    assert play.ui.anim.beat_now() == 0
    assert not any("Zombie" in ln for ln in play.view.hover_lines), play.view.hover_lines
    while play.ui.anim.busy:
        app.step([], 0.1)
    play.ui.phase = None
    _move(app, play.view.layout.centre(spawn))
    for _ in range(9):
        app.step([], 0.1)
    assert any("Zombie" in ln for ln in play.view.hover_lines), "after the playback the card is back"


def _phase_played_for_one_person(tmp_path):
    s, a = before_enemy_phase()
    app, play = play_app(tmp_path, s, PARTY)
    play.names = ["Ann", "Ann"]  # one person plays both: no hand-over screen, the recap is on the play screen
    play.do(a)
    while play.ui.anim.busy:
        app.step([], 0.1)
    return app, play


def test_r3_the_one_player_recap_waits_for_the_player_and_shows_its_lines_whole(tmp_path):
    """Recheck R3: with one player the enemy phase's recap closed by itself after 4-6 s and cut its
    lines to two, ending in '…'. It stays until a click or a key, and every beat's line is whole."""
    from tests.ui_kit import key_event, post_click

    app, play = _phase_played_for_one_person(tmp_path)
    for _ in range(120):  # 12 s
        app.step([], 0.1)
    assert play.ui.phase is not None, "the recap is still there"
    words = " ".join(shown_text(app)).split()
    for item in play.ui.phase.recap():
        assert not item.endswith("…")
        for w in item.split():
            assert w in words or not any(ch.isalnum() for ch in w), (w, item)  # ('→' is drawn as '»')
    app.step([key_event(pygame.K_RETURN)], 0.05)
    assert play.ui.phase is None, "Enter closed it"
    step = play.state.step
    app2, play2 = _phase_played_for_one_person(tmp_path / "b")
    z = play2.view.zones.find("phase_skip")
    body = (z.rect.left + 40, z.rect.top + 40) if z.rect.height > 60 else z.rect.center
    post_click(app2, body)
    assert play2.ui.phase is None and play2.state.step == step, "a click on it closed it and did nothing else"
