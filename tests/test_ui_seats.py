"""Issue 12, seats: players name their seats at party set-up; the hot-seat prompt says whose turn it
is by name; seats with one person's name never ask to pass the mouse; a seat can be handed to the
bot or another player mid-game; names travel in saves and saves without them still load."""
from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import legal_actions  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.menus import PartySetup  # noqa: E402
from game.ui.scenes.menu import PassDevice  # noqa: E402
from game.ui.scenes.pause import Pause  # noqa: E402
from game.ui.seats import MAX_NAME, SeatsScene, clean_name, seat_label  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")


def type_name(app, scene, seat, text):
    z = scene.zones.find("name", seat)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)]
             + [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text], 0.05)


def end_turn_of_first_player(app, play):
    """End the first player's action phase and play on until the second player is asked (a
    PassDevice on top, or seat 2 deciding with nothing in between)."""
    s = play.state
    first = s.active
    for _ in range(400):
        app.step([], 0.1)
        if isinstance(app.stack[-1], PassDevice):
            return
        if app.stack[-1] is play and s.pending is not None and s.pending.kind == "act":
            if s.active == first:
                play.do(next(a for a in legal_actions(s) if a.kind == "end_phase"))
            elif not play.ui.anim.busy and play.pending_pass is None:
                return
        elif app.stack[-1] is not play and not isinstance(app.stack[-1], PassDevice):
            app.stack = [play]


def setup_two(tmp_path, names):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    ps = PartySetup(app)
    ps.n = 2
    app.stack = [ps]
    app.step([], 0.05)
    for seat, name in enumerate(names):
        type_name(app, ps, seat, name)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.05)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.05)
    return app, app.stack[-1]


def test_issue12_names_typed_at_set_up_are_said_by_the_hot_seat_prompt(tmp_path):
    app, play = setup_two(tmp_path, ["Aiko", "Ben"])
    assert play.names == ["Aiko", "Ben"]
    assert app.settings["seat_names"][:2] == ["Aiko", "Ben"]  # offered again next time
    end_turn_of_first_player(app, play)
    dev = app.stack[-1]
    assert isinstance(dev, PassDevice) and dev.player == "Ben"
    app.step([], 0.05)
    assert "Ben" in play.view.top_text[0].title() or "BEN" in play.view.top_text[0]


def test_issue12_one_person_running_two_survivors_is_not_asked_to_pass_the_mouse(tmp_path):
    app, play = setup_two(tmp_path, ["Aiko", "aiko"])
    end_turn_of_first_player(app, play)
    assert not any(isinstance(sc, PassDevice) for sc in app.stack)
    assert play.state.active == 1


def test_issue12_a_seat_handed_to_the_bot_mid_game_is_played_by_the_bot(tmp_path):
    app, play = setup_two(tmp_path, ["Aiko", "Ben"])
    seats = SeatsScene(play)
    app.stack = [play, Pause(play), seats]
    app.step([], 0.05)
    z = seats.zones.find("ctrl", (0, "bot"))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    assert play.controllers[0] == "bot" and play.ui.controllers[0] == "bot"
    type_name(app, seats, 1, "")  # Ben leaves, Chie takes Mateo: rename the seat
    for _ in range(3):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)], 0.05)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Chie"], 0.05)
    assert play.names[1] == "Chie" and play.ui.names[1] == "Chie"
    app.stack = [play]
    step = play.state.step
    for _ in range(200):
        app.step([], 0.2)
        if play.state.step > step:
            break
    assert play.state.step > step  # the bot acted for seat 1 without anyone clicking


def test_issue12_names_are_saved_and_saves_without_names_still_load(tmp_path):
    app, play = setup_two(tmp_path, ["Aiko", "Ben"])
    path = app.save(play.state, play.party, play.controllers, names=play.names)
    assert App(pygame.Surface((1280, 720)), save_dir=tmp_path).continue_game().names == ["Aiko", "Ben"]
    doc = json.loads(path.read_text())
    del doc["extra"]["names"]  # a save from before seat names
    path.write_text(json.dumps(doc))
    again = App(pygame.Surface((1280, 720)), save_dir=tmp_path).continue_game()
    assert again.names == ["", ""] and seat_label(again.names, 1) == "Player 2"


def test_issue12_seat_names_are_plain_short_text():
    assert clean_name("  Ai\nko \x00 ") == "Aiko"
    assert len(clean_name("x" * 100)) == MAX_NAME
    assert clean_name(None) == "" and clean_name(["a"]) == ""


def test_issue12_campaign_seats_are_reassigned_between_scenarios_and_kept_in_the_slot(tmp_path):
    """Seats between campaign scenarios: on the city map "Seats and players" names the person in each
    seat (one person may run several survivors) and hands seats to the bot; the next scenario is
    played with those seats; the slot keeps them (a reopened campaign has them); after the scenario
    the seats are changed again on the map for the one after it. The manor map offers the same."""
    from game.content.campaign_saves import read_campaign_doc
    from game.ui.campaign import CampaignSession, CityMapScene
    from game.ui.manor import ManorMapScene, ManorSession
    from game.ui.play import PlayScene
    from game.ui.scene import Reset
    from tests.ui_kit import click

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo", "anton"], seed=3, name="Night shift")
    app.apply(Reset(CityMapScene(s)))
    click(app, "seats")
    seats = app.top
    assert isinstance(seats, SeatsScene)
    type_name(app, seats, 0, "Aiko")
    type_name(app, seats, 2, "aiko")  # the same person runs Vera and Anton
    click(app, "ctrl", (1, "bot"))
    click(app, "back")
    assert isinstance(app.top, CityMapScene)
    assert s.names == ["Aiko", "", "aiko"] and s.controllers == ["human", "bot", "human"]
    extra = read_campaign_doc(s.slot)["extra"]
    assert extra["names"] == ["Aiko", "", "aiko"] and extra["controllers"] == ["human", "bot", "human"]
    # the next scenario is played with those seats
    click(app, "slot", "DT1")
    click(app, "start")
    play = app.top
    assert isinstance(play, PlayScene) and play.names == ["Aiko", "", "aiko"]
    assert play.controllers == ["human", "bot", "human"]
    # a reopened campaign has them
    again = CampaignSession.load(app, s.slot)
    assert again.names == ["Aiko", "", "aiko"] and again.controllers == ["human", "bot", "human"]
    # after the scenario: Ben takes Mateo back from the bot for the next one
    play.state.result, play.state.result_reason = "failure", "the tension deck ran out"
    for _ in range(40):
        app.step([], 0.1)
        if not isinstance(app.top, PlayScene):
            break
    app.apply(Reset(CityMapScene(s)))
    click(app, "seats")
    type_name(app, app.top, 1, "Ben")
    click(app, "ctrl", (1, "human"))
    click(app, "back")
    assert s.names == ["Aiko", "Ben", "aiko"] and s.controllers == ["human", "human", "human"]
    assert read_campaign_doc(s.slot)["extra"]["names"] == ["Aiko", "Ben", "aiko"]
    # the manor map offers the same
    m = ManorSession.new(app, ["dana", "ivy"], seed=4)
    app.apply(Reset(ManorMapScene(m)))
    click(app, "seats")
    type_name(app, app.top, 1, "Chie")
    click(app, "back")
    assert m.names == ["", "Chie"] and read_campaign_doc(m.slot)["extra"]["names"] == ["", "Chie"]
    assert ManorSession.load(app, m.slot).names == ["", "Chie"]
