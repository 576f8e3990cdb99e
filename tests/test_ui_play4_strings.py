"""What a fresh player (play4) read and could not use, fixed (headless; /work/scratch/play4/report.md §10):
a completed mission said so twice, the end phase's healing said "recovers 2: Fine -> Fine", an
enemy's card said "symbol unknown" without saying what it means or what to do, and the log lines
written before a language switch stayed in the old language. (The undo and why-not wordings are
in tests/test_ui_undo.py and tests/test_ui_whynot.py.)"""
from __future__ import annotations

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.engine import Event  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py
needs_font = pytest.mark.skipif(i18n.japanese_font() is None, reason=i18n.FONT_HINT)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_M_MISSION_4_a_completed_mission_says_so_once(tmp_path):
    """M-MISSION-4 / M-MISSION-9: after "Mission complete: Supply Run." the card and the log also said
    "Mission Supply Run ends (completed).", the same news twice (play4). Now once; an abandoned or
    killed mission still says how it ended."""
    from game.ui.presenters.logtext import repeated
    from game.ui.manor.kit import MissionDialog
    from tests.test_ui_manor import _mission_game, draw_until_done, walk_onto
    from tests.ui_kit import click

    app, play, tok = _mission_game(tmp_path)
    gs = play.state
    walk_onto(app, play, tok, lambda: isinstance(app.top, MissionDialog))
    click(app, "mission_act", next(z.value for z in app.top.zones.items if z.key == "mission_act"
                                   and z.value.target == "theo"))
    draw_until_done(app, gs)
    hud = play.mode_hud
    assert hud.mission["step"] == "completed"
    assert [t for t in hud.mission["lines"] if "ission" in t] == ["Mission complete: Supply Run."]
    log = [ln.text for ln in play.ui.log]
    assert sum("Mission complete" in t for t in log) == 1 and not [t for t in log if "ends (completed)" in t]
    for how in ("abandoned", "killed"):
        assert not repeated(Event("mission", "M-MISSION-9", f"Mission Supply Run ends ({how}).",
                                  {"card": "MS1", "step": how}))


def test_R_END_S2_healing_a_survivor_already_fine_says_nothing_changed(tmp_path):
    """R-END-S2: everybody recovers 2. For a survivor already on the top Fine space the end phase said
    "Vera Castellan recovers 2: Fine -> Fine." (play4); it now says nothing was there to recover, and
    one moved from the second Fine space is back to full health. In Japanese too."""
    from game.ui.app import App
    from game.ui.campaign import CampaignSession, EndPhaseScene
    from game.ui.scene import Reset
    from game.ui.words import words
    from tests.test_i18n_screens import english_in

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3)
    from tests.campaign_kit import cact, scenario
    from game.engine.campaign import begin_scenario

    cact(s.cs, "choose", target="DT1")
    gs = begin_scenario(s.cs, scenario("DT1"))
    gs.char("mateo").health = 2  # the second Fine space
    gs.result, gs.result_reason = "success", "the objective is done"
    app.apply(Reset(s.after_scenario(app, gs)))
    assert isinstance(app.top, EndPhaseScene)
    heal = [t for r, t in s.lines if r == "R-END-S2"]
    assert heal == ["Vera Castellan is already at full health: nothing to recover.",
                    "Mateo Reyes recovers to full health."], heal
    assert not [t for _r, t in s.lines if "Fine -> Fine" in t]
    if i18n.japanese_font() is not None:
        i18n.set_language("ja")
        assert [english_in(words(t)) for t in heal] == [[], []], [words(t) for t in heal]


def test_R_SPECIAL_4_an_unknown_symbol_says_what_it_means_and_what_to_do():
    """R-SPECIAL-4: before any tension card is face up, whether an enemy uses its special attack is
    decided when the enemies next react. The enemy card said "symbol unknown: the deck is cut at the
    next reaction" (play4: jargon); it now says what decides it and what a player can do."""
    from game.content.loader import load_scenario
    from game.engine import new_game
    from game.ui import dashboard as DB
    from game.ui.hud.cards import enemy_card_lines
    from tests.kit import with_enemy

    s = new_game(load_scenario("outskirts"), [("vera", 1)], 1)
    assert DB.symbol_now(s)[1] is False  # nothing drawn yet: not known
    e = with_enemy(s, "zombie_dog", (0, 0))
    s.touch()
    text = " ".join(t for t, *_rest in enemy_card_lines(s, e, []))
    assert "symbol unknown" not in text and "deck is cut" not in text
    assert "when the enemies next react" in text and "keep out of its reach" in text


def _bot_game(tmp_path, sid: str, party, steps: int):
    """A PlayScene on ``sid`` whose seats the bot played for ``steps`` decisions through the scene."""
    from game.ai.bot import Bot
    from game.content.loader import load_scenario
    from game.engine import new_game_events
    from tests.conftest import play_app

    s, ev = new_game_events(load_scenario(sid), party, 3)
    app, play = play_app(tmp_path, s, party=party, events=ev)
    bot = Bot(3)
    for _ in range(steps):
        if s.over:
            break
        play.do(bot.choose(s))
    return app, play


@needs_font
@pytest.mark.parametrize("sid,party", [("cm2", [("vera", 1), ("mateo", 2)]), ("m_e2b", [("dana", 1), ("marcus", 2)])])
def test_issue12_log_lines_follow_a_language_switch_both_ways(tmp_path, sid, party):
    """play4 (c04): after switching to Japanese mid-game, the log lines written before stayed English:
    the goal and briefing lines the screen wrote itself, the engine lines whose squares the log named
    by room ("the Store", "charges within the Kitchen") and its own endings ("so it stays where it is").
    Every line is now kept in English with what it needs and written in the language of the moment, so
    after a switch to Japanese no English word is left, and after switching back no Japanese."""
    from game.ui.presenters.logtext import shown
    from tests.test_i18n_screens import english_in

    app, play = _bot_game(tmp_path, sid, party, 150)
    assert len(play.ui.log) > 60
    assert app.set_language("ja") == ""
    left = [(ln.kind, shown(ln.text, ln.msg)) for ln in play.ui.log if english_in(shown(ln.text, ln.msg))]
    assert left == []
    app.set_language("en")
    assert [ln.text for ln in play.ui.log if JAPANESE.search(shown(ln.text, ln.msg))] == []


@needs_font
def test_issue12_lines_written_in_japanese_come_back_in_english(tmp_path):
    """The other way round: a game begun in Japanese keeps its screen-written lines (the goal, the
    briefing) in English underneath, so switching to English shows them in English."""
    from game.ui.presenters.logtext import shown

    (tmp_path / "settings.json").write_text('{"language": "ja"}')  # an App reads its language from there
    app, play = _bot_game(tmp_path, "cm2", [("vera", 1)], 5)
    assert i18n.language() == "ja"
    goal = [ln for ln in play.ui.log if ln.text.startswith("Goal:")]
    briefing = [ln for ln in play.ui.log if ln.text.startswith("The press:")]  # CM2's special rules (R-SCEN-2)
    assert goal and briefing and all(JAPANESE.search(shown(ln.text, ln.msg)) for ln in goal + briefing)
    app.set_language("en")
    assert [shown(ln.text, ln.msg) for ln in play.ui.log if JAPANESE.search(shown(ln.text, ln.msg))] == []
