"""Issue 25 item 3: a finished scenario says why it ended, and its final board stays until the
player moves on. The condition (R-TURN-12, R-HEALTH-10, R-SCEN-8), who fell to what (R-HEALTH-4,
R-EATK-3) and the last tension card (R-TENSION-1) are said under the final board, on the results
screen, in the campaign's end phase; the campaign sheet keeps each failure's reason."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai.bot import Bot  # noqa: E402
from game.content.loader import load_scenario  # noqa: E402
from game.engine import apply, new_game  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.campaign import CampaignSession, CampaignSheetScene, CityMapScene, EndPhaseScene  # noqa: E402
from game.ui.scenes.game_over import Results  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402
from game.ui.results import cause_lines, stats_of  # noqa: E402
from game.ui.scene import Push, Reset  # noqa: E402
from tests.ui_kit import SIZE, click, end_game, key_event, play_app, shown_text  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py

PARTY = [("vera", 1), ("mateo", 2)]


def lost_game():
    """UT1, seed 11, two bots: Mateo Reyes is knocked down by a Zombie on turn 44 and dies
    (R-HEALTH-10); the last tension card drawn is Boxed In."""
    s = new_game(load_scenario("ut1"), PARTY, 11)
    bot = Bot(11)
    while not s.over:
        apply(s, bot.choose(s))
    assert s.result == "failure" and s.result_reason.startswith("Mateo Reyes died")
    return s


def test_the_cause_names_the_condition_who_fell_to_what_and_the_last_card():
    """R-HEALTH-4 / R-HEALTH-10 / R-EATK-3: replayed from the record, the fall is put down to the
    enemy whose attack knocked the survivor down, on the turn it happened."""
    s = lost_game()
    st = stats_of(s, PARTY)
    assert st.fell["mateo"][0] == 44 and st.fell["mateo"][1:] == ("enemy", {"enemy": "Zombie"})
    lines = cause_lines(s, st, show_ids=False)
    assert lines == ["Scenario failed: Mateo Reyes died.",
                     "Mateo Reyes fell on turn 44 and died: hit by the Zombie.",
                     "The last tension card drawn: Boxed In."]
    assert "(R-HEALTH-10)" in cause_lines(s, st, show_ids=True)[0]


def test_issue23_the_reason_is_worded_from_the_engines_reference_in_japanese():
    """R-HEALTH-10, issue 23 item 1: the results say why from ``View.result_why`` (a message id with
    typed parameters), not from the English ``result_reason``: with that English spoiled the line is
    still right, in Japanese too; a game saved before the reference was kept shows its English."""
    from game import i18n

    s = lost_game()
    assert s.result_why == {"t": "msg", "id": "reason.died", "rule": "R-HEALTH-10",
                            "params": {"char": {"t": "char", "id": "mateo", "name": "Mateo Reyes",
                                                "k": "city.characters.mateo.name"}}}
    st = stats_of(s, PARTY)
    s.result_reason = "garbled"
    assert cause_lines(s, st, show_ids=False)[0] == "Scenario failed: Mateo Reyes died."
    assert cause_lines(s, st, show_ids=True)[0] == "Scenario failed: Mateo Reyes died (R-HEALTH-10)."
    if i18n.japanese_font() is not None:
        i18n.set_language("ja")
        try:
            assert cause_lines(s, st, show_ids=False)[0] == "シナリオ失敗：マテオ・レイエスが死亡した。"
        finally:
            i18n.set_language("en")
    s.result_why, s.result_reason = None, "Mateo Reyes died (R-HEALTH-10)"  # (an old save)
    assert cause_lines(s, st, show_ids=False)[0] == "Scenario failed: Mateo Reyes died."


def test_the_final_board_stays_and_says_why_until_the_player_moves_on(tmp_path):
    s = lost_game()
    app, play = play_app(tmp_path, s, PARTY)
    for _ in range(60):  # six seconds: the board used to give way after 1.2 s
        app.step([], 0.1)
    assert app.top is play, "the final board stays until the player moves on"
    text = " ".join(shown_text(app))
    assert "Mateo Reyes fell on turn 44 and died: hit by the Zombie." in text
    assert "Scenario failed: Mateo Reyes died." in text
    assert any("fell on turn 44" in ln.text for ln in play.ui.log), "the log keeps it too"
    z = play.view.zones.find("over_continue")
    assert z is not None and z.rect.bottom <= play.view.board_area.bottom + 60, "Continue is under the board"
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=z.rect.center, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    for _ in range(3):
        app.step([], 0.1)
    assert isinstance(app.top, Results)
    assert "Mateo Reyes fell on turn 44 and died: hit by the Zombie." in shown_text(app)


def test_enter_moves_on_from_the_final_board(tmp_path):
    s = lost_game()
    app, play = play_app(tmp_path, s, PARTY)
    app.step([], 0.1)
    app.step([key_event(pygame.K_RETURN)], 0.1)
    for _ in range(20):
        app.step([], 0.1)
    assert isinstance(app.top, Results)


def test_a_game_of_bots_alone_still_moves_on_by_itself(tmp_path):
    s = lost_game()
    app, play = play_app(tmp_path, s, PARTY, controllers=["bot", "bot"])
    for _ in range(20):
        app.step([], 0.1)
    assert isinstance(app.top, Results)


def test_the_campaign_end_phase_and_sheet_say_why_the_scenario_failed(tmp_path):
    """R-END-F1 runs after a failure: its screen and the campaign sheet's attempts say why (the
    sheet used to read "UT1 failure · 51 turns")."""
    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3, controllers=["human", "human"])
    app.apply(Reset(CityMapScene(s)))
    app.step([])
    click(app, "slot", "UT1")
    click(app, "start")
    assert isinstance(app.top, PlayScene)
    end_game(app, "failure", EndPhaseScene, reason="the tension deck ran out (R-TENSION-8)")
    assert isinstance(app.top, EndPhaseScene)
    assert "Scenario failed: the tension deck ran out." in shown_text(app)
    app.apply(Push(CampaignSheetScene(s)))
    assert any("the tension deck ran out" in t for t in shown_text(app))


# ---------------------------------------------------------------- issue 25 item 4: the endings
def test_the_ending_pictures_are_drawn_by_the_tool():
    from tools import make_ending_art as M

    got = M.build()
    assert sorted(got) == sorted(M.NAMES) and all(s.get_size() == (M.W, M.H) for s in got.values())
    assert M.main(["--check"]) == 0, "the PNGs are in assets/sprites"


def test_the_city_ending_has_its_picture_route_survivors_and_right_counts(tmp_path, monkeypatch):
    """R-CAMP-17 (the city overrun): the loss screen shows its picture, the route the party took,
    each survivor's figures and counts that agree with the history."""
    from game.ui.campaign import CampaignOverScene

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3, controllers=["human", "human"])
    app.apply(Reset(CityMapScene(s)))
    app.step([])
    click(app, "slot", "DT1")
    click(app, "start")
    app.top.state.danger = 17
    end_game(app, "failure", EndPhaseScene)
    click(app, "next")
    assert isinstance(app.top, CampaignOverScene)
    asked = []
    real = app.art.get
    monkeypatch.setattr(app.art, "get", lambda name, *a, **k: asked.append(name) or real(name, *a, **k))
    text = shown_text(app)
    assert "ending_city_lost" in asked
    assert "THE CITY IS OVERRUN" in text
    assert "1 scenario played (0 won, 1 failed) · 0 cards completed · final danger 17" in text
    assert "Burning Streets (failed)" in text
    assert "Vera Castellan" in text and "Mateo Reyes" in text
    assert sum(t.startswith("1 scenario, 0 won · ends Fine") for t in text) == 2


def test_the_manor_ending_has_its_own_picture(tmp_path, monkeypatch):
    from game.ui.manor import ManorOverScene, ManorSession

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana", "ivy"], seed=4)
    s.cs.result, s.cs.result_reason = "victory", "Laboratory 4 is won"
    app.apply(Reset(ManorOverScene(s)))
    asked = []
    real = app.art.get
    monkeypatch.setattr(app.art, "get", lambda name, *a, **k: asked.append(name) or real(name, *a, **k))
    text = shown_text(app)
    assert "ending_manor_won" in asked and "OUT OF THE MANOR ALIVE" in text
    assert "0 scenarios played (0 won, 0 failed)" in " ".join(text)


def test_a_fall_to_a_hazard_is_put_down_to_the_hazard_the_event_names():
    """R-FIRE-2 / R-FIRE-3 (fire), R-POISON-3 (poison), R-BARREL-2 (blast): the results screen reads
    the cause from the damage event's typed ``why`` (message ``cause.<key>``), not from its rule ID
    (issue 24: no rule-ID prefix test in a shared screen); an attack's damage names no hazard."""
    from game.engine import Event
    from game.ui.results import GameStats, _blow

    s = new_game(load_scenario("ut1"), PARTY, 11)
    for rule, key in (("R-FIRE-2", "fire"), ("R-FIRE-3", "fire"), ("R-POISON-3", "poison"), ("R-BARREL-2", "blast")):
        ev = Event("damage", rule, msg="damage.char_from", params={"char": {"t": "char", "id": "mateo"}, "n": 1,
                                                                   "why": {"t": "msg", "id": "cause." + key}},
                   data={"char": "mateo"})
        assert _blow(GameStats(), s, ev, [ev], 0) == (key, {})
    hit = Event("damage", "R-FIRE-2", msg="damage.char", params={"char": {"t": "char", "id": "mateo"}, "n": 1,
                                                                 "why": ""}, data={"char": "mateo"})
    assert _blow(GameStats(), s, hit, [hit], 0)[0] == "other"
