"""Issue 25 item 1: a watchable enemy phase. The reaction and tension phases (R-TURN-2, R-REACT-4,
R-EVADE-1, R-TENSION-1) play one beat at a time: each enemy's move and attack, each tension card
held face up with what it did; a click, Space or Enter skips; the animation-speed setting scales
it; the hand-over screen shows the phase's recap instead of hiding its results."""
from __future__ import annotations

import re

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai.bot import Bot  # noqa: E402
from game.content.loader import load_scenario  # noqa: E402
from game.engine import Action, apply, new_game  # noqa: E402
from game.ui.presenters.anim import beats_of  # noqa: E402
from game.ui.scenes.menu import PassDevice  # noqa: E402
from tests.ui_kit import key_event, play_app, post_click, shown_text  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py

PARTY = [("vera", 1), ("mateo", 2)]


def before_enemy_phase():
    """UT1 seed 11 with two bots up to the end of an action phase whose enemy phase has an enemy
    attack (R-EVADE-1) and a tension card that spawns (R-TENSION-1); (state, that end_phase action)."""
    s = new_game(load_scenario("ut1"), PARTY, 11)
    bot = Bot(11)
    while not s.over:
        a = bot.choose(s)
        n = len(s.record)
        ev = apply(s, a)
        kinds = [e.kind for e in ev]
        if a.kind == "end_phase" and "evade" in kinds and "tension" in kinds and "spawn" in kinds:
            break
    else:
        raise AssertionError("no such phase")
    rec = s.record[:n]
    s = new_game(load_scenario("ut1"), PARTY, 11)
    for r in rec:
        apply(s, Action(**r))
    return s, a


def test_beats_group_each_enemy_and_each_tension_card():
    """R-REACT-4 / R-TENSION-1: one beat per enemy acting, one per card with what followed it."""
    s, a = before_enemy_phase()
    ev = apply(s, a)
    beats = beats_of(ev)
    kinds = {k: [e.kind for e, b in zip(ev, beats) if b == k] for k in set(beats) if k >= 0}
    assert kinds == {0: ["evade"], 1: ["tension", "spawn", "spawn"]}
    assert beats[[e.kind for e in ev].index("turn")] == -1, "the next turn is not part of the phase"


def started(tmp_path, **kw):
    s, a = before_enemy_phase()
    app, play = play_app(tmp_path, s, PARTY, **kw)
    play.do(a)
    return app, play


def test_the_phase_plays_beat_by_beat_with_the_card_held_face_up(tmp_path):
    app, play = started(tmp_path)
    assert play.ui.anim.beat_now() == 0
    text = " ".join(shown_text(app))
    # (the dog is numbered: the bots' game before the screen opened had other dogs, game.ui.numbers)
    assert "Enemy phase 1/2" in text and re.search(r"Zombie Dog( \d)? attacks Mateo Reyes - evade roll", text)
    t = 0.0
    while play.ui.anim.beat_now() == 0:
        app.step([], 0.1)
        t += 0.1
    assert t >= 1.0, "an enemy's beat is held long enough to read"
    assert play.ui.anim.beat_now() == 1
    text = " ".join(shown_text(app))
    assert "Enemy phase 2/2" in text and "TENSION CARD" in text and "What it did:" in text
    assert re.search(r"(A Zombie|Zombie \d+) appears at the Boom Gate\.", text), text  # (numbered: game.ui.numbers)
    while play.ui.anim.busy:
        app.step([], 0.1)
        t += 0.1
    assert t >= 3.0, "the whole phase takes seconds, not the 1.5 s it took"
    assert not isinstance(app.top, PassDevice) or app.top.recap


def test_a_click_skips_the_phase_and_does_nothing_else(tmp_path):
    app, play = started(tmp_path)
    step = play.state.step
    board = play.view.board_area.center
    post_click(app, board)
    assert not play.ui.anim.busy and play.state.step == step, "the click only skipped"
    app2, play2 = started(tmp_path / "b")
    step = play2.state.step
    app2.step([key_event(pygame.K_SPACE)], 0.05)
    assert not play2.ui.anim.busy and play2.state.step == step, "Space skipped and did not end the next phase"


def test_the_speed_setting_scales_the_phase(tmp_path):
    def length(speed):
        app, play = started(tmp_path / str(speed))
        play.settings["anim_speed"] = speed
        t = 0.0
        while play.ui.anim.busy:
            app.step([], 0.05)
            t += 0.05
        return t

    slow, fast = length(1.0), length(4.0)
    assert fast < slow / 3


def test_the_hand_over_screen_shows_the_recap(tmp_path):
    """Vera's phase ends and Mateo's player takes the mouse: the hand-over screen lists what the
    enemies and the card did, so no result is hidden behind it."""
    app, play = started(tmp_path)
    play.names = ["Ann", "Ben"]  # two people: the hand-over screen comes
    play.last_human_seat = 0
    play.pending_pass = 1
    for _ in range(80):
        app.step([], 0.1)
        if isinstance(app.top, PassDevice):
            break
    assert isinstance(app.top, PassDevice)
    text = " ".join(shown_text(app))
    assert "What the enemies and the tension card did" in text
    assert re.search(r"Zombie Dog( \d)? attacks Mateo Reyes", text) and "Breach" in text
