"""Idle uses no CPU on any screen (issue 30 item 2), counted for every screen and dialog there is: the
screens are found by walking ``game.ui`` for subclasses of ``Scene`` (a new screen without a case here
fails :func:`test_every_screen_and_dialog_has_an_idle_case`), each is opened the way a player meets it
and left alone until its animations are over; then frames with no input draw nothing
(``App.frames_drawn`` stays) and the window may sleep with no timeout (``game.ui.idle.at_rest``); the
pointer moving draws again. The main menu, the campaign maps, the play screens, Pause and Settings are
counted in tests/test_ui_idle_rest.py (:data:`ELSEWHERE`)."""
from __future__ import annotations

import importlib
import pkgutil
from types import SimpleNamespace

import pygame
import pytest

from game.ui.idle import at_rest
from tests.test_ui_idle_rest import drawn_idle, settle

pytestmark = pytest.mark.usefixtures("display")

SIZE = (1280, 720)
MOVE = pygame.event.Event(pygame.MOUSEMOTION, pos=(641, 361), rel=(1, 1), buttons=(0, 0, 0))

#: classes that are no screen of their own (their subclasses are)
BASES = {"game.ui.scene.PickScene", "game.ui.scenes.menu.Menu"}
#: screens counted in tests/test_ui_idle_rest.py (by its test's name)
ELSEWHERE = {
    "game.ui.menus.MainMenu": "test_the_main_menu_left_alone_draws_nothing_and_rests",
    "game.ui.settings_menu.SettingsMenu": "test_menus_over_the_play_screen_and_the_main_menu_rest",
    "game.ui.scenes.pause.Pause": "test_menus_over_the_play_screen_and_the_main_menu_rest",
    "game.ui.campaign.city_map.CityMapScene": "test_the_campaign_maps_rest_once_the_seats_were_asked",
    "game.ui.manor.map.ManorMapScene": "test_the_campaign_maps_rest_once_the_seats_were_asked",
    "game.ui.play.scene.PlayScene": "test_the_city_play_screen_rests_and_a_bots_turn_does_not",
    "game.ui.dungeon.play.DungeonPlay": "test_the_dungeon_screen_left_alone_stops_pulsing_draws_nothing_and_rests",
    "game.ui.versus.scene.VersusScene": "test_versus_hot_seat_rests_on_the_hand_over_and_on_the_board",
    "game.ui.versus.handover.HandOver": "test_versus_hot_seat_rests_on_the_hand_over_and_on_the_board",
}


def screen_classes() -> set[str]:
    """Every subclass of ``Scene`` defined under ``game.ui``, by its module and name."""
    import game.ui
    from game.ui.scene import Scene

    for m in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        importlib.import_module(m.name)
    out, todo = set(), [Scene]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("game.ui."):
                out.add(f"{sub.__module__}.{sub.__qualname__}")
            todo.append(sub)
    return out


# ---------------------------------------------------------------------------------------------- the cases
def new_app(tmp_path, *stack):
    from game.ui.app import App

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    app.settings["tutorial_offered"] = True
    if stack:
        app.stack = list(stack)
    return app


def main_menu(tmp_path):
    return new_app(tmp_path)


def over_main_menu(make):
    def case(tmp_path):
        app = new_app(tmp_path)
        from game.ui.scene import Push

        app.apply(Push(make()))
        return app
    return case


def intro_play(tmp_path):
    from tests.ui_kit import play_at_act

    app, play = play_at_act(tmp_path, "intro")
    settle(app, play)
    return app, play


def over_play(make):
    def case(tmp_path):
        from game.ui.scene import Push

        app, play = intro_play(tmp_path)
        app.apply(Push(make(play)))
        return app
    return case


def city(tmp_path):
    from game.ui.campaign import CampaignSession, CityMapScene
    from game.ui.scene import Reset

    app = new_app(tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3, controllers=["human", "human"])
    app.apply(Reset(CityMapScene(s)))
    app.step([])
    return app, s


def manor(tmp_path):
    from game.ui.manor import ManorMapScene, ManorSession
    from game.ui.scene import Reset

    app = new_app(tmp_path)
    s = ManorSession.new(app, ["dana", "ivy"], seed=4)
    app.apply(Reset(ManorMapScene(s)))
    app.step([])
    return app, s


def city_end_phase(tmp_path):
    from game.ui.campaign import EndPhaseScene
    from tests.ui_kit import click, end_game

    app, _s = city(tmp_path)
    click(app, "slot", "DT1")
    click(app, "start")
    end_game(app, "failure", EndPhaseScene)
    return app


def manor_end_phase(tmp_path):
    from game.ui.manor import ManorEndPhaseScene
    from tests.ui_kit import click, end_game

    app, _s = manor(tmp_path)
    click(app, "card", "W1A")
    click(app, "start")
    for _ in range(40):  # the set-up's dialogs answered as they come, to the first action phase
        settle(app, app.stack[0], seconds=1)
        if app.top is not app.stack[0]:
            app.stack.pop()
            app.top.enter(app)
    end_game(app, "failure", ManorEndPhaseScene)
    return app


def city_over(tmp_path):
    from game.ui.campaign import CampaignOverScene
    from game.ui.scene import Reset

    app, s = city(tmp_path)
    s.cs.result, s.cs.result_reason = "defeat", "the city is overrun (danger 17 of 17)"
    app.apply(Reset(CampaignOverScene(s)))
    return app


def manor_over(tmp_path):
    from game.ui.manor import ManorOverScene
    from game.ui.scene import Reset

    app, s = manor(tmp_path)
    s.cs.result, s.cs.result_reason = "defeat", "the manor is overrun"
    app.apply(Reset(ManorOverScene(s)))
    return app


def city_sheet(tmp_path):
    from game.ui.campaign.sheet import CampaignSheetScene
    from game.ui.scene import Push

    app, s = city(tmp_path)
    app.apply(Push(CampaignSheetScene(s)))
    return app


def manor_switch(tmp_path):
    from game.engine import Action
    from game.ui.manor.switch import SwitchScene
    from game.ui.scene import Reset

    app, s = manor(tmp_path)
    s.apply(Action(kind="choose", target="W2A"))
    app.apply(Reset(SwitchScene(s)))
    return app


def campaign_menu(which):
    def case(tmp_path):
        from game.ui.campaign.menu import CampaignMenu
        from game.ui.manor.menu import ManorCampaignMenu
        from game.ui.scene import Push

        app = new_app(tmp_path)
        app.apply(Push(CampaignMenu() if which == "city" else ManorCampaignMenu()))
        return app
    return case


def delete_save(tmp_path):
    from game.ui.campaign.menu import CampaignMenu, DeleteSaveDialog
    from game.ui.scene import Push

    app = new_app(tmp_path)
    app.apply(Push(CampaignMenu()))
    app.apply(Push(DeleteSaveDialog(app.top, SimpleNamespace(name="Night shift", prev=None))))
    return app


def dungeon_setup(tmp_path):
    from game.ui.dungeon.setup import DungeonSetup
    from game.ui.scene import Push

    app = new_app(tmp_path)
    app.apply(Push(DungeonSetup(app)))
    return app


def hero_builder(tmp_path):
    from game.ui.dungeon.builder import HeroBuilder
    from tests.ui_kit import click

    app = dungeon_setup(tmp_path)
    click(app, "next")
    assert isinstance(app.top, HeroBuilder)
    return app


def dungeon_end(tmp_path):
    from game.ui.dungeon.end import DungeonEnd
    from tests.test_ui_dungeon_replay import _finished

    app = new_app(tmp_path)
    play = _finished(app)
    app.stack = [play]
    play.enter(app)
    for _ in range(600):  # the last events shown, then the play screen opens its end screen
        app.step([], 0.1)
        if isinstance(app.top, DungeonEnd):
            break
    return app


def dungeon_replay(tmp_path):
    from game.ui.dungeon.replay import DungeonReplay
    from tests.test_ui_dungeon_replay import _finished

    app = new_app(tmp_path)
    play = _finished(app)
    rp = DungeonReplay(app, play.state, play.party, [])
    app.stack = [rp]
    rp.enter(app)
    return app


def versus_setup(tmp_path):
    from game.ui.scene import Push
    from game.ui.versus.setup import VersusSetup

    app = new_app(tmp_path)
    app.apply(Push(VersusSetup(app)))
    return app


def party_setup(tmp_path):
    from game.ui.menus import PartySetup
    from game.ui.scene import Push

    app = new_app(tmp_path)
    app.apply(Push(PartySetup(app)))
    return app


def results(tmp_path):
    from game.ui.scenes.game_over import Results
    from tests.test_ui_text_fit import mid_game

    s = mid_game("intro", 2, 10_000, 3)
    return new_app(tmp_path, Results(s, [(c.cid, 1) for c in s.characters]))


def seats(tmp_path):
    from game.ui.scenes.pause import Pause
    from game.ui.seats import SeatsScene

    app, play = intro_play(tmp_path)
    app.stack = [play, Pause(play), SeatsScene(play)]
    return app


def campaign_seats(tmp_path):
    from game.ui.scene import Push
    from game.ui.seats import SeatsScene

    app, s = city(tmp_path)
    app.apply(Push(SeatsScene(s)))
    return app


def narrative(tmp_path):
    from game.ui.narrative import NarrativeDialog
    from tests.test_ui_narrative_boss import enter_token, narrative_game
    from tests.conftest import play_app

    app, play = play_app(tmp_path, narrative_game("burning_block", danger_start=3))
    enter_token(app, play)
    assert isinstance(app.top, NarrativeDialog)
    return app


def peek(tmp_path):
    from game.ui.scenes.peek import PeekDialog
    from tests.test_ui_narrative_boss import enter_token, key, peek_game
    from tests.conftest import play_app

    s, _ids = peek_game()
    app, play = play_app(tmp_path, s)
    enter_token(app, play)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, PeekDialog)
    return app


def entry(tmp_path):
    from game.content.loader import load_scenario
    from game.engine import legal_actions, new_game
    from game.ui.entry import EntryDialog
    from game.ui.play import PlayScene

    app = new_app(tmp_path)
    s = new_game(load_scenario("intro"), [("vera", 1), ("mateo", 2)], 5, ["dice", "tension"])
    play = PlayScene(app, s, [("vera", 1), ("mateo", 2)], ["human", "human"])
    for _ in range(200):  # on to the first result the table enters
        if s.pending.kind == "enter":
            break
        opts = legal_actions(s)
        play.do(next((a for a in opts if a.kind in ("attack", "end_phase")), opts[0]))
    assert s.pending.kind == "enter"
    app.stack = [play, EntryDialog(play)]
    return app


def mission(tmp_path):
    from game.ui.manor.kit import MissionDialog
    from tests.test_ui_manor import _mission_game, walk_onto

    app, play, tok = _mission_game(tmp_path)
    walk_onto(app, play, tok, lambda: isinstance(app.top, MissionDialog))
    assert isinstance(app.top, MissionDialog)
    return app


def rulebook(tmp_path):
    from game.ui.rulebook import RulebookScene

    return over_play(lambda play: RulebookScene())(tmp_path)


def over_dungeon(key, shown: bool = True):
    """The dungeon's play screen at a person's decision, its show over (``shown``; else still playing the
    opening), then ``key`` pressed (Esc: the Paused menu; F1: the rules)."""
    def case(tmp_path):
        from tests.test_ui_idle_rest import dungeon_app
        from tests.ui_kit import press

        app, play = dungeon_app(tmp_path)
        for _ in range(20 if shown else 0):
            play.show.skip()
            app.step([], 0.1)
        press(app, key)
        assert shown or play.show.busy
        return app
    return case


def rulebook_over_versus(tmp_path):
    from game.engine.versus import new_versus
    from game.ui.versus.scene import VersusScene

    app = new_app(tmp_path)
    sc = VersusScene(app, new_versus("sanctuary", None, 5), ["Ada", "Bo"], ["human", "human"])
    app.stack = [sc]
    app.step([], 0.1)
    settle(app, seconds=1)
    if app.top is not sc:  # the first seat's hand-over: taken
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1)], 0.1)
    assert app.top is sc
    from tests.ui_kit import click

    click(app, "rules")
    return app


def over_enemy_phase(make):
    """The city play screen just after its enemy phase began animating, ``make(play)`` pushed over it:
    a screen that does not run the board below it holds it still."""
    def case(tmp_path):
        from game.ui.play import PlayScene
        from game.ui.scene import Push
        from tests.test_ui_enemy_phase import PARTY, before_enemy_phase

        app = new_app(tmp_path)
        s, a = before_enemy_phase()
        play = PlayScene(app, s, PARTY, ["human", "human"])
        app.stack = [play]
        app.step([], 0.1)
        play.do(a)
        app.step([], 0.1)
        assert play.ui.anim.busy
        app.apply(Push(make(play)))
        return app
    return case


def pause_over_enemy_phase(tmp_path):
    from game.ui.scenes.pause import Pause

    return over_enemy_phase(Pause)(tmp_path)


def rules_over_enemy_phase(tmp_path):
    from game.ui.rulebook import RulebookScene

    return over_enemy_phase(lambda play: RulebookScene())(tmp_path)


def pass_device(tmp_path):
    from game.ui.scenes.menu import PassDevice

    return over_play(lambda play: PassDevice(1, "Mateo Reyes", (230, 160, 70), "Mateo Reyes: your turn",
                                             cid="mateo", player="Ben", recap=["A zombie moved."]))(tmp_path)


def choice(tmp_path):
    from game.ui.scenes.menu import ChoiceMenu

    return over_play(lambda play: ChoiceMenu("Attack which enemy?", [("Zombie at 3,4", 1), ("Zombie Dog at 5,2", 2)],
                                             lambda v: None))(tmp_path)


def settings_scene(tmp_path):
    from game.ui.settings import SettingsScene

    return over_main_menu(SettingsScene)(tmp_path)


def keys_scene(tmp_path):
    from game.ui.settings import KeysScene

    return over_main_menu(KeysScene)(tmp_path)


def campaign_kind(tmp_path):
    from game.ui.campaigns import CampaignKindScene

    return over_main_menu(CampaignKindScene)(tmp_path)


#: screen class -> [(what, how it is opened)]
CASES = {
    "game.ui.menus.PartySetup": [("party set-up", party_setup)],
    "game.ui.rulebook.RulebookScene": [("rules reference over the board", rulebook),
                                       ("rules reference over the dungeon", over_dungeon(pygame.K_F1)),
                                       ("rules reference over versus", rulebook_over_versus),
                                       ("rules reference over the enemy phase", rules_over_enemy_phase)],
    "game.ui.scenes.pause.Pause": [("pause over the enemy phase", pause_over_enemy_phase)],
    "game.ui.campaign.end_phase.EndPhaseScene": [("city end phase after a failure", city_end_phase)],
    "game.ui.manor.end.ManorEndPhaseScene": [("manor end phase after a failure", manor_end_phase)],
    "game.ui.scenes.game_over.Results": [("results", results)],
    "game.ui.campaigns.CampaignKindScene": [("choose a campaign", campaign_kind)],
    "game.ui.campaign.menu.CampaignMenu": [("city campaign menu", campaign_menu("city"))],
    "game.ui.manor.menu.ManorCampaignMenu": [("manor campaign menu", campaign_menu("manor"))],
    "game.ui.campaign.menu.DeleteSaveDialog": [("delete a campaign save?", delete_save)],
    "game.ui.campaign.sheet.CampaignSheetScene": [("campaign sheet", city_sheet)],
    "game.ui.campaign.over.CampaignOverScene": [("city ending", city_over)],
    "game.ui.manor.end.ManorOverScene": [("manor ending", manor_over)],
    "game.ui.manor.switch.SwitchScene": [("manor switching", manor_switch)],
    "game.ui.dungeon.setup.DungeonSetup": [("dungeon set-up", dungeon_setup)],
    "game.ui.dungeon.builder.HeroBuilder": [("hero builder", hero_builder)],
    "game.ui.dungeon.end.DungeonEnd": [("dungeon victory or defeat", dungeon_end)],
    "game.ui.dungeon.replay.DungeonReplay": [("dungeon replay", dungeon_replay)],
    "game.ui.versus.setup.VersusSetup": [("versus set-up", versus_setup)],
    "game.ui.seats.SeatsScene": [("seats over Pause", seats), ("seats over the city map", campaign_seats)],
    "game.ui.scenes.menu.ChoiceMenu": [("choice pop-up", choice),
                                       ("paused menu over the dungeon", over_dungeon(pygame.K_ESCAPE)),
                                       ("paused menu over the dungeon's show", over_dungeon(pygame.K_ESCAPE, False))],
    "game.ui.scenes.menu.PassDevice": [("pass the mouse", pass_device)],
    "game.ui.narrative.NarrativeDialog": [("narrative card", narrative)],
    "game.ui.scenes.peek.PeekDialog": [("peek at the tension deck", peek)],
    "game.ui.entry.EntryDialog": [("table entry", entry)],
    "game.ui.manor.kit.MissionDialog": [("manor mission", mission)],
    "game.ui.settings.SettingsScene": [("settings (old screen)", settings_scene)],
    "game.ui.settings.KeysScene": [("keys", keys_scene)],
}


def test_every_screen_and_dialog_has_an_idle_case():
    """A screen added without a case here (or in tests/test_ui_idle_rest.py) fails."""
    found = screen_classes() - BASES
    missing = sorted(found - set(CASES) - set(ELSEWHERE))
    assert not missing, f"screens with no idle case: {missing}"
    gone = sorted((set(CASES) | set(ELSEWHERE)) - found)
    assert not gone, f"cases for screens that no longer exist: {gone}"


@pytest.mark.parametrize("cls,what,make", [(cls, what, make) for cls, cases in CASES.items() for what, make in cases],
                         ids=[what for cases in CASES.values() for what, _m in cases])
def test_a_screen_left_alone_draws_nothing_and_rests(tmp_path, cls, what, make):
    app = make(tmp_path)
    top = app.top
    assert f"{type(top).__module__}.{type(top).__qualname__}" == cls, (what, type(top))
    settle(app, seconds=8)
    assert app.top is top, (what, type(app.top))
    assert drawn_idle(app) == 0, f"{what}: frames drawn with nothing changing"
    assert at_rest(app), f"{what}: the window would wake on a clock"
    before = app.frames_drawn
    app.step([MOVE], 0.1)
    assert app.frames_drawn == before + 1  # input draws
    settle(app, seconds=5)  # (a play screen's highlights pulse a while after input)
    assert drawn_idle(app) == 0 and at_rest(app), what


@pytest.mark.parametrize("make", [party_setup, seats, rulebook], ids=["party set-up", "seats", "rules reference"])
def test_a_caret_blinks_a_while_after_a_key_then_stays_lit_and_rests(tmp_path, make):
    """Typing a name (or a search) blinks the caret: a frame each half second on the timed wake-ups,
    not one per wake-up; after Caret.BLINK_FOR_S with no key it stays lit and the window sleeps."""
    from game.ui.widgets import Caret

    app = make(tmp_path)
    top = app.top
    settle(app, seconds=1)
    field = getattr(top, "field", None)
    if field is not None:  # a name field: click it first
        field.start(0)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="A")], 0.05)
    assert not at_rest(app)
    drawn = drawn_idle(app, 8, 0.25)  # two seconds of timed wake-ups: the caret turned four times
    assert 3 <= drawn <= 5, drawn
    settle(app, seconds=Caret.BLINK_FOR_S)
    assert drawn_idle(app) == 0 and at_rest(app)
    caret = field.caret if field is not None else top.caret
    assert caret.lit


def test_a_card_dialog_runs_the_board_below_it_and_a_menu_holds_it_still(tmp_path):
    """A card dialog runs the play screen below it (``Scene.runs_below``: a toast fading under it is drawn
    and keeps the window awake); Pause does not run it, so the same toast stands still under Pause:
    nothing is drawn and the window sleeps (before, every wake-up drew the whole frame again)."""
    from game.ui.scene import Push
    from game.ui.scenes.pause import Pause

    app = narrative(tmp_path)
    play = app.stack[0]
    settle(app, seconds=8)
    play.ui.toast_t = 2.0
    assert not at_rest(app) and drawn_idle(app, 4, 0.1) == 4
    settle(app, seconds=3)
    assert drawn_idle(app) == 0 and at_rest(app)
    play.ui.toast_t = 2.0  # a toast fading when Esc opens Pause
    app.apply(Push(Pause(play)))
    app.step([MOVE], 0.1)
    assert drawn_idle(app) == 0 and at_rest(app) and play.ui.toast_t == 2.0
