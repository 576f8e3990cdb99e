"""Issue 25 item 2: crowded squares stay readable. Up to a square's capacity (R-COMP-7/8: four
models, space-taking tokens beside them) every model keeps its own place inside its square at every
zoom, survivors are drawn on top, hovering the square opens an inspector listing every model on it,
and the "acting here provokes ..." hint is said under the board, not over the square."""
from __future__ import annotations

import math
import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import apply  # noqa: E402
from game.ui import render as R  # noqa: E402
from tests.test_ui_enemy_phase import PARTY, before_enemy_phase  # noqa: E402
from tests.ui_kit import play_app, shown_text  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


@pytest.mark.parametrize("sq", [24, 30, 36, 44, 56, 64, 88])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_every_model_keeps_its_own_place_inside_its_square(sq, n):
    r = pygame.Rect(200, 200, sq, sq)
    slots = R.PlayView().model_slots(n, r)
    assert len(slots) == n
    for (x, y), rad in slots:
        assert r.left <= x - rad and x + rad <= r.right and r.top <= y - rad and y + rad <= r.bottom, "inside"
        assert rad >= (sq // 8 if n > 4 else sq // 4 if n > 1 else sq // 3), "as big as its share of the square"
    for i, ((x1, y1), r1) in enumerate(slots):
        for (x2, y2), r2 in slots[i + 1:]:
            assert math.dist((x1, y1), (x2, y2)) >= r1 + r2 - 1, "no model on another"


def crowded(tmp_path):
    """Mateo Reyes (Danger) shares his square with a Zombie Dog and, moved there for the test,
    the two Zombies a Breach card brought in (four models: the capacity, R-COMP-8)."""
    s, a = before_enemy_phase()
    apply(s, a)
    c = s.active_char
    zs = [e for e in s.enemies if e.type == "zombie" and tuple(e.pos) != tuple(c.pos)][:2]
    for e in zs:
        e.pos = tuple(c.pos)
    s.touch()
    app, play = play_app(tmp_path, s, PARTY)
    return app, play, s, c


def test_survivors_are_drawn_on_top_and_the_square_has_an_inspector(tmp_path):
    app, play, s, c = crowded(tmp_path)
    for zoom in (1.0, 0.6):  # the fitted board and zoomed out as far as it goes
        play.view.zoom = zoom
        app.step([], 0.1)
        here = [m for m in play.view.models if m[0] == "c" or (m[0] == "e" and tuple(s.enemy(m[1]).pos) == tuple(c.pos))]
        here = [m for m in here if m[0] == "e" or m[1] == c.cid]
        assert len(here) == 4
        assert here[-1][:2] == ("c", c.cid), "the survivor is drawn last, on top of the enemies"
    ctr = play.view.layout.centre(tuple(c.pos))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=ctr, rel=(0, 0), buttons=(0, 0, 0))], 0.1)
    for _ in range(8):
        app.step([], 0.1)
    lines = play.view.hover_lines
    assert lines[0] == "On this square: 4 models"
    # each Zombie with its number, as its badge (issue 25's third play-test by the newcomer: two alike lines)
    assert sum(bool(re.search(r"Zombie \d+ ·", ln)) for ln in lines) == 2 and any("Zombie Dog" in ln for ln in lines)
    assert any("Mateo Reyes (Player 2) · Danger" in ln for ln in lines)


def test_the_acting_here_hint_is_under_the_board(tmp_path, monkeypatch):
    app, play, s, c = crowded(tmp_path)
    pills = []
    real = play.pill
    monkeypatch.setattr(play, "pill", lambda surf, msg, *a, **k: pills.append(msg) or real(surf, msg, *a, **k))
    text = shown_text(app)
    assert any(t.startswith("! Acting here (except attacking) provokes") for t in text)
    assert not [p for p in pills if "Acting here" in p], "no hint over the square"
