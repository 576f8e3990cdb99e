"""Issue 25 (the recheck of the README-only retest, new finding 1): while an enemy phase plays back,
models whose moves are queued behind the one playing stand on their square with the others there
(in its slots, with its count), not all at the square's centre: two zombies sharing a square were
drawn on top of each other, so one seemed to vanish until its own step came."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import apply  # noqa: E402
from game.ui.presenters.anim import Step  # noqa: E402
from tests.test_ui_enemy_phase import PARTY, before_enemy_phase  # noqa: E402
from tests.ui_kit import play_app  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def test_two_enemies_waiting_on_one_square_are_both_seen_while_a_third_moves(tmp_path):
    s, a = before_enemy_phase()
    apply(s, a)
    zs = [e for e in s.enemies][:3]
    assert len(zs) == 3
    c = s.active_char
    home = tuple(c.pos)
    for e in zs[1:]:  # two enemies already moved (the state is after the phase) from one square
        e.pos = home
    s.touch()
    app, play = play_app(tmp_path, s, PARTY)
    anim = play.ui.anim
    anim.steps.clear()
    start = (home[0], home[1] + 1) if (home[0], home[1] + 1) != tuple(zs[0].pos) else (home[0], home[1] - 1)
    anim.steps.extend([
        Step("move", 10.0, ("e", zs[0].uid), frm=tuple(zs[0].pos), to=tuple(zs[0].pos)),  # playing now
        Step("move", 1.0, ("e", zs[1].uid), frm=start, to=home),  # queued: both wait on ``start``
        Step("move", 1.0, ("e", zs[2].uid), frm=start, to=home),
    ])
    anim.t = 0.0
    app.step([], 0.01)
    drawn = {mid: (ctr, rad) for kind, mid, ctr, rad in play.view.models if kind == "e"}
    (c1, r1), (c2, r2) = drawn[zs[1].uid], drawn[zs[2].uid]
    sq = play.view.layout.square_rect(start)
    assert c1 != c2, "the two waiting enemies are drawn apart, not one on the other"
    for ctr, rad in ((c1, r1), (c2, r2)):
        assert sq.collidepoint(ctr), "each waits inside the square it moves from"
