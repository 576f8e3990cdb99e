"""Idle uses no CPU on any screen (issue 30 item 2): once nothing moves, a screen draws no frame
(``App.frames_drawn`` stays) and the window's loop blocks on the next event with no timeout
(``game.ui.idle.at_rest``); something pending on a clock (a sound queued, a bot to act, the seats to
ask) keeps the timed wait. Counted per screen: the main menu, party set-up's menu overlays, the city
and manor campaign maps, the city and manor play screens."""
from __future__ import annotations

import pygame
import pytest

from game.ui.idle import at_rest

pytestmark = pytest.mark.usefixtures("display")


def settle(app, play=None, seconds: float = 12.0, dt: float = 0.1) -> None:
    """Frames with no input until animations, pulses, notes and toasts are over."""
    for _ in range(int(seconds / dt)):
        if play is not None:
            play.ui.anim.finish()
        app.step([], dt)


def drawn_idle(app, n: int = 40, dt: float = 0.25) -> int:
    """Frames drawn over ``n`` frames with no input (what the window's timed wake-ups would draw)."""
    before = app.frames_drawn
    for _ in range(n):
        app.step([], dt)
    return app.frames_drawn - before


def menu_app(tmp_path, offered: bool):
    from game.ui.app import App

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    if offered:
        app.settings["tutorial_offered"] = True
    return app


@pytest.mark.parametrize("offered", [False, True])
def test_the_main_menu_left_alone_draws_nothing_and_rests(tmp_path, offered):
    app = menu_app(tmp_path, offered)
    settle(app, seconds=1)
    assert drawn_idle(app) == 0 and at_rest(app)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(1, 1), buttons=(0, 0, 0))], 0.1)
    assert app.frames_drawn > 0 and drawn_idle(app) == 0 and at_rest(app)


def test_a_queued_sound_keeps_the_window_awake_until_it_played(tmp_path):
    app = menu_app(tmp_path, True)
    settle(app, seconds=1)
    app.sound.queue.append((app.sound.time + 0.5, "click"))
    assert not at_rest(app)  # the sound is due on a clock
    settle(app, seconds=1)
    assert at_rest(app)


@pytest.mark.parametrize("which", ["city", "manor"])
def test_the_campaign_maps_rest_once_the_seats_were_asked(tmp_path, which):
    from game.ui.app import App
    from game.ui.scene import Reset

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    if which == "city":
        from game.ui.campaign import CampaignSession
        from game.ui.campaign.city_map import CityMapScene

        session = CampaignSession.new(app, ["vera", "mateo"], seed=3)
        scene = CityMapScene(session)
    else:
        from game.ui.manor import ManorSession
        from game.ui.manor.map import ManorMapScene

        session = ManorSession.new(app, ["dana", "ivy"], seed=4)
        scene = ManorMapScene(session)
    session.ask_seats = True
    app.apply(Reset(scene))
    assert not at_rest(app)  # the seats screen opens on the next frame by itself
    app.step([], 0.1)
    while app.top is not scene:  # (the seats screen: closed as its Done would)
        app.stack.pop()
        app.top.enter(app)
    settle(app, seconds=1)
    assert drawn_idle(app) == 0 and at_rest(app)


def test_the_city_play_screen_rests_and_a_bots_turn_does_not(tmp_path):
    from tests.ui_kit import play_at_act

    app, play = play_at_act(tmp_path, "intro")
    settle(app, play)
    assert drawn_idle(app) == 0 and at_rest(app)
    play.controllers = ["bot", "bot"]  # a bot is to act: its delay runs on the clock
    play.bot_t = 0.0
    assert not at_rest(app)


def test_the_play_screen_rests_after_an_overlay_closed_until_the_pointer_moves(tmp_path):
    """Closing an overlay keeps the pointer's tooltips quiet until it moves (``hover_quiet_until`` is
    infinite): that is no clock, the screen still rests."""
    from tests.ui_kit import play_at_act

    app, play = play_at_act(tmp_path, "intro")
    settle(app, play)
    play.enter(app)
    settle(app, play, seconds=2)
    assert drawn_idle(app) == 0 and at_rest(app)


def test_the_manor_play_screen_rests(tmp_path):
    from game.ui.app import App
    from game.ui.manor import ManorSession
    from game.ui.manor.map import ManorMapScene
    from game.ui.play import PlayScene
    from game.ui.scene import Reset
    from tests.ui_kit import click

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana", "ivy"], seed=4)
    app.apply(Reset(ManorMapScene(s)))
    app.step([])
    click(app, "card", "W1A")
    click(app, "start")
    play = app.top
    assert isinstance(play, PlayScene) and play.mode_hud is not None
    for _ in range(40):  # set-up decisions and dialogs the scenario opens: answered with their first option
        settle(app, play, seconds=1)
        if app.top is not play:
            app.stack.pop()
            app.top.enter(app)
    settle(app, play)
    if app.top is play and play.state.pending is not None and play.state.pending.kind == "act":
        assert drawn_idle(app) == 0 and at_rest(app)
    else:
        pytest.fail(f"the manor scenario did not reach an action phase: {play.state.pending}")


def test_the_window_loop_blocks_with_no_timeout_at_rest_and_times_out_when_not(tmp_path, monkeypatch):
    from game.ui import app as A

    monkeypatch.setenv("DREADBOARD_WINDOW", "1600x900")
    app = A.App(None, save_dir=tmp_path)
    app.settings["tutorial_offered"] = True
    waits = []
    real_step = app.step
    steps = []

    def step(events=None, dt=1 / 60):
        steps.append(dt)
        if len(steps) > 400 or len(waits) >= 4:
            app.running = False
        if len(waits) == 2:  # a sound queued: the next waits have a timeout
            app.sound.queue.append((app.sound.time + 60.0, "click"))
        return real_step(events, dt)

    def wait(*args):
        waits.append(args[0] if args else None)
        return pygame.event.Event(pygame.NOEVENT)

    monkeypatch.setattr(app, "step", step)
    monkeypatch.setattr(A.pygame.event, "wait", wait)
    monkeypatch.setattr(A, "IDLE_AFTER_S", 0.2)
    app.run()
    assert waits[:2] == [None, None], waits  # at rest: until the next event
    assert A.IDLE_WAIT_MS in waits[2:], waits


def dungeon_app(tmp_path, controllers=("human", "human")):
    from game.ai.dungeon_bot import party
    from game.ui.app import App
    from game.ui.dungeon.play import start_dungeon

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(len(controllers)), list(controllers), seed=3)
    app.stack = [play]
    play.enter(app)
    return app, play


def test_the_dungeon_screen_left_alone_stops_pulsing_draws_nothing_and_rests(tmp_path):
    """Before, its exits, goal and dice pulsed on the screen's clock forever: a frame every wake-up."""
    app, play = dungeon_app(tmp_path)
    for _ in range(200):  # the opening shown (set-up events), then the pulse's seconds with no input
        play.show.skip()
        app.step([], 0.1)
    assert play.state.pending is not None and play.is_human(play.state.pending.seat)
    assert drawn_idle(app) == 0 and at_rest(app)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(1, 1), buttons=(0, 0, 0))], 0.1)
    assert drawn_idle(app, 3, 0.1) == 3  # input: the highlights pulse again
    for _ in range(60):
        app.step([], 0.1)
    assert drawn_idle(app) == 0 and at_rest(app)


def test_a_dungeon_bot_to_act_keeps_the_window_awake(tmp_path):
    app, play = dungeon_app(tmp_path, ("bot", "bot"))
    play.show.skip()
    app.step([], 0.1)
    assert not at_rest(app) and play.still_key(app) is None


def test_versus_hot_seat_rests_on_the_hand_over_and_on_the_board(tmp_path):
    """Two people: the hand-over screen (after its key guard) and the board at a person's decision
    draw nothing and rest; a bot's turn keeps the window awake."""
    from game.engine.versus import new_versus
    from game.ui.app import App
    from game.ui.versus.handover import HandOver
    from game.ui.versus.scene import VersusScene

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    sc = VersusScene(app, new_versus("sanctuary", None, 5), ["Ada", "Bo"], ["human", "human"])
    app.stack = [sc]
    app.step([], 0.1)
    app.step([], 0.1)
    assert isinstance(app.top, HandOver) and not at_rest(app)  # the key guard runs on the clock
    settle(app, seconds=1)
    assert drawn_idle(app) == 0 and at_rest(app)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1)], 0.1)
    assert app.top is sc
    settle(app, seconds=1)
    assert drawn_idle(app) == 0 and at_rest(app)


def test_versus_against_a_thinking_bot_does_not_rest(tmp_path):
    from game.engine.versus import new_versus
    from game.ui.app import App
    from game.ui.versus.scene import VersusScene

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    sc = VersusScene(app, new_versus("sanctuary", None, 5), ["Ada", "Bot"], ["random", "random"])
    app.stack = [sc]
    app.step([], 0.1)
    assert not at_rest(app)


def test_menus_over_the_play_screen_and_the_main_menu_rest(tmp_path):
    """Pause over the play screen and Settings over the main menu draw nothing left alone; the pointer
    moving over them draws again."""
    from game.ui.scenes.pause import Pause
    from game.ui.scene import Push
    from game.ui.settings_menu import SettingsMenu
    from tests.ui_kit import play_at_act

    app, play = play_at_act(tmp_path, "intro")
    settle(app, play)
    app.apply(Push(Pause(play)))
    settle(app, seconds=1)
    assert drawn_idle(app) == 0 and at_rest(app)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 200), rel=(1, 1), buttons=(0, 0, 0))], 0.1)
    assert drawn_idle(app) == 0
    app2 = menu_app(tmp_path / "m", True)
    app2.apply(Push(SettingsMenu()))
    settle(app2, seconds=1)
    assert drawn_idle(app2) == 0 and at_rest(app2)
    app2.top.message = "a note"  # (a plain attribute the menu draws)
    assert drawn_idle(app2, 1) == 1
