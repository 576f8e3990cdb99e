"""Redraw only what changed, and an idle screen costs nothing (issue 30 item 2): the window presenter
scales and redraws only the bands of the picture that changed, presents nothing for a frame like the
last, and a play screen left alone stops changing (its highlights stop pulsing after playui.PULSE_S),
so the App's loop sleeps until an event."""
from __future__ import annotations

import random

import pygame
import pytest

from game.ui import theme as T
from game.ui.window import BAND, Presenter

pytestmark = pytest.mark.usefixtures("display")


def paint(p: Presenter, size, extra: bool) -> bool:
    """Draw the same picture (plus a changed corner with ``extra``) as a frame of a window of ``size``."""
    p.begin(size)
    f = p.frame
    f.fill((0, 0, 0))
    rnd = random.Random(1)
    for _ in range(60):
        f.fill((rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)),
               (rnd.randrange(1200), rnd.randrange(700), 80, 30))
    T.text(f, "a line that stays", (100, 100), 15, T.TEXT)
    if extra:
        f.fill((200, 10, 10), (300, 300, 50, 20))
        T.text(f, "a new line", (600, 310), 15, T.TEXT)
    return True


@pytest.mark.parametrize("size", [(1920, 1080), (1600, 900), (2560, 1440), (1000, 560), (1280, 720)])
def test_a_frame_like_the_last_presents_nothing_and_a_change_redraws_its_bands(size):
    p, win = Presenter(), pygame.Surface(size)

    def frame(extra: bool) -> bool:
        paint(p, size, extra)
        return p.present(win)

    assert frame(False) is True  # the first frame is drawn whole
    before = win.copy()
    assert frame(False) is False and p.changed is False  # nothing changed: nothing drawn
    assert pygame.image.tobytes(win, "RGB") == pygame.image.tobytes(before, "RGB")
    assert frame(True) is True
    fresh, win2 = Presenter(), pygame.Surface(size)
    paint(fresh, size, True)
    fresh.present(win2)
    # only the changed bands were redone, and they look as a whole redraw does (the smooth filter of a
    # band may fall a fraction of a pixel otherwise: within one blend step at hard edges)
    k, dest = Presenter.geometry(size)
    a, b = pygame.image.tobytes(win, "RGB"), pygame.image.tobytes(win2, "RGB")
    rows = {i // (size[0] * 3) for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]}
    lo, hi = dest.top + int(280 * k) - 2, dest.top + int(360 * k) + 2  # bands 7-8 (rows 280-360)
    assert all(lo <= r <= hi for r in rows), (min(rows), max(rows), lo, hi)
    if size != (1280, 720):
        assert {ln.spec[0] for ln, _r, _u in p.drawn} == {"a line that stays", "a new line"}
    assert BAND * 18 == T.H


def test_a_play_screen_left_alone_stops_changing(tmp_path):
    from game.ui.playui import PULSE_S
    from tests.ui_kit import play_at_act

    app, play = play_at_act(tmp_path, "intro")
    pres = Presenter(app.screen)
    win = pygame.Surface((1920, 1080))

    def frame(dt=1 / 60):
        pres.begin(win.get_size())
        app.step([], dt)
        return pres.present(win)

    for _ in range(int((PULSE_S + 1) / 0.1)):
        play.ui.anim.finish()
        frame(0.1)
    assert frame() is False and frame() is False  # idle: nothing to draw
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    assert play.ui.time - play.ui.woke < 0.02  # input: the highlights pulse again


def test_the_window_loop_sleeps_when_nothing_changes(tmp_path, monkeypatch):
    import os

    from game.ui import app as A

    monkeypatch.setenv("DREADBOARD_WINDOW", "1600x900")
    app = A.App(None, save_dir=tmp_path)
    app.settings["tutorial_offered"] = True
    waits, steps = [], []
    real_step = app.step

    def step(events=None, dt=1 / 60):
        steps.append(dt)
        if len(steps) > 400 or len(waits) >= 3:
            app.running = False
        return real_step(events, dt)

    def wait(*args):
        waits.append(args[0] if args else None)
        return pygame.event.Event(pygame.NOEVENT)

    monkeypatch.setattr(app, "step", step)
    monkeypatch.setattr(A.pygame.event, "wait", wait)
    monkeypatch.setattr(A, "IDLE_AFTER_S", 0.2)
    app.run()
    assert waits and waits[0] is None, (len(steps), waits)  # the menu at rest: no timeout (test_ui_idle_rest)
    assert os.environ["DREADBOARD_WINDOW"] == "1600x900"


def test_an_idle_play_screen_draws_nothing_until_something_changes(tmp_path):
    """Issue 30 item 2: once nothing on the play screen runs on a clock, ``App.step`` draws no frame
    (``App.still_key`` equals the last drawn frame's); input, a toast, an action and a hover card
    opening each draw again, and the screen comes to rest again afterwards."""
    from game.engine import legal_actions
    from game.ui.hud.hover import HOVER_OPEN_S
    from game.ui.playui import PULSE_S
    from tests.ui_kit import play_at_act

    app, play = play_at_act(tmp_path, "intro")

    def settle() -> None:
        for _ in range(int((PULSE_S + 8) / 0.1)):  # highlights stop pulsing, notes fade, animations end
            play.ui.anim.finish()
            app.step([], 0.1)

    def drawn(n: int = 10, dt: float = 1 / 60) -> int:
        before = app.frames_drawn
        for _ in range(n):
            app.step([], dt)
        return app.frames_drawn - before

    settle()
    assert app.still_key() is not None
    assert drawn(30) == 0  # idle: nothing drawn
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    assert drawn(3) == 3  # input wakes the highlights: they pulse (drawn every frame)
    settle()
    assert drawn(10) == 0
    play.toast("a toast")
    assert drawn(3) == 3  # a toast on show fades on a clock
    settle()
    move = next(a for a in legal_actions(play.state) if a.kind == "move")
    play.do(move)
    assert drawn(1) == 1  # the state changed
    settle()
    # the pointer comes to rest on a square the survivor may move to: its card opens after HOVER_OPEN_S
    # with no input (a frame drawn on that clock), then the screen rests with the card shown
    sq = sorted(play.marks.act.moves)[0]
    at = play.view.layout.square_rect(sq).center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    play.ui.woke = -100.0  # (no pulse from here: only the hover card's clock)
    app.step([], 0.05)
    before = pygame.image.tobytes(app.screen, "RGB")
    for _ in range(int((HOVER_OPEN_S + 0.2) / 0.05)):
        app.step([], 0.05)
    assert pygame.image.tobytes(app.screen, "RGB") != before, "the hover card opened on its clock with no input"
    shown = pygame.image.tobytes(app.screen, "RGB")
    assert drawn(10) == 0 and pygame.image.tobytes(app.screen, "RGB") == shown  # at rest again, the card shown


@pytest.mark.parametrize("which", ["city", "manor"])
def test_the_campaign_maps_left_alone_draw_nothing(tmp_path, which):
    """Issue 30 item 2: the city and manor campaign maps draw no frame while nothing changes; the
    pointer moving or a card chosen draws again."""
    from game.ui.app import App
    from game.ui.scene import Reset

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    if which == "city":
        from game.ui.campaign import CampaignSession
        from game.ui.campaign.city_map import CityMapScene

        scene = CityMapScene(CampaignSession.new(app, ["vera", "mateo"], seed=3))
    else:
        from game.ui.manor import ManorSession
        from game.ui.manor.map import ManorMapScene

        scene = ManorMapScene(ManorSession.new(app, ["dana", "ivy"], seed=4))
    app.apply(Reset(scene))
    for _ in range(3):
        app.step([], 0.1)
    n = app.frames_drawn
    for _ in range(20):
        app.step([], 0.25)
    assert app.frames_drawn == n, "an idle campaign map drew frames"
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0))], 0.1)
    assert app.frames_drawn == n + 1
    before = pygame.image.tobytes(app.screen, "RGB")
    z = next(z for z in scene.zones.items if z.key in ("slot", "card") and z.enabled)
    scene.pick(z.key, z.value, app)  # (what a click does) a card chosen: its story shows
    app.step([], 0.1)
    assert app.frames_drawn == n + 2 and pygame.image.tobytes(app.screen, "RGB") != before
