"""Issue 12, the rules reference for the manor (mansion.md): sections in players' words, English and
Japanese, for the manor map and locked cards, kerosene and Burn, encounter cards, missions and clue
draws, the reserve, wound tokens and switching, scenario events, the manor's bosses and end phase;
a glossary entry for every manor keyword; the manor's rule IDs (M-..., MDV-...) open their section
from a log line; keywords on the manor strip and the mission card open their meaning on hover and
their section on a click; board pictures played by the engine (Burn reach, exploring by colour);
every manor section fits its box in both languages."""
from __future__ import annotations

import os
import re
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.rulebook import RulebookScene, rulebook  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py

ROOT = Path(__file__).resolve().parents[1]
MANOR_SECTIONS = ("manor", "kerosene", "encounter_cards", "manor_missions", "reserve", "switching",
                  "scenario_events", "manor_bosses", "manor_end_phase")


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")


def mansion_rule_ids() -> set[str]:
    """Every M-/MDV- rule ID the mansion engine writes on an event (its emit calls)."""
    src = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "game" / "engine").rglob("*.py"))
    ids = set(re.findall(r'emit\(\s*"[a-z_]+",\s*"((?:M|MDV)-[A-Z0-9-]+)"', src))
    return ids | set(re.findall(r'rule\s*=\s*"((?:M|MDV)-[A-Z0-9-]+)"', src))


def test_every_manor_rule_id_in_the_log_opens_a_manor_section():
    """The manor's log lines carry M-... IDs: each one the engine writes opens a manor section (and
    those of a bot-played manor game, seen on real events); the families land where players look."""
    from game.ai.bot import Bot
    from game.content.mansion_pack import MANSION_PARTY, load_standalone_scenario
    from game.engine import apply, new_game_events

    book = rulebook("en")
    ids = mansion_rule_ids()
    s, events = new_game_events(load_standalone_scenario("m_w2b"), [(c, i + 1) for i, c in
                                                                    enumerate(MANSION_PARTY[:2])], 5)
    bot = Bot(5)
    for _ in range(3000):
        ids |= {e.rule for e in events if e.rule.startswith("M")}
        if s.over:
            break
        events = apply(s, bot.choose(s))
    assert len(ids) > 25
    wrong = sorted(r for r in ids if (book.section_for_rule(r) is None
                                      or book.section_for_rule(r).id not in MANOR_SECTIONS))
    assert not wrong, f"manor rule IDs with no manor section: {wrong}"
    expect = {"M-KERO-3": "kerosene", "MDV-3": "kerosene", "M-ENC-2": "encounter_cards", "M-ENC-3": "encounter_cards",
              "M-MISSION-3": "manor_missions", "M-MISSION-8": "manor_missions", "M-RESERVE-1": "reserve",
              "M-SWITCH-2": "switching", "MDV-9": "switching", "M-EVENT-3": "scenario_events",
              "M-BOSS-2": "manor_bosses", "M-MAP-6": "manor", "M-ITEMC-2": "manor", "M-END-3": "manor_end_phase",
              "M-TENSION-1": "manor_end_phase", "R-EVADE-3": "evade", "DV-2": "evade"}
    assert {r: book.section_for_rule(r).id for r in expect} == expect


@pytest.mark.parametrize("word", ["kerosene", "Burn", "encounter card", "clue", "wound token", "wound", "mission",
                                  "abandon", "reserve", "reserve-only character", "main character", "survivor deck",
                                  "switching", "scenario event", "event-card token", "scenario event token",
                                  "map card", "locked side", "completion token", "Item C", "manor danger",
                                  "Great Serpent", "Apex Prototype", "Quick Hands", "Marksman", "Heavyweight",
                                  "Field Medic", "scouted", "rescued"])
def test_the_glossary_defines_every_manor_keyword_in_both_languages(word):
    en, ja = rulebook("en"), rulebook("ja")
    t = en.term(word)
    assert t is not None and len(t.text) > 30, word
    assert t.see in MANOR_SECTIONS or t.see in ("enemies",)
    j = ja.glossary[t.id]
    assert j.text != t.text and not re.search(r"[A-Za-z]{4,}", j.text.replace("Item", "")), j.text


def test_search_finds_the_manor_sections_and_words_in_both_languages():
    secs, terms = rulebook("en").search("kerosene")
    assert secs[0].id == "kerosene" and any(t.id == "kerosene" for t in terms)
    secs, terms = rulebook("en").search("clue")
    assert "manor_missions" in [s.id for s in secs] and any(t.id == "clue" for t in terms)
    secs, _terms = rulebook("en").search("wound tokens")
    assert secs[0].id == "switching"
    secs, terms = rulebook("ja").search("灯油")
    assert secs[0].id == "kerosene" and any(t.id == "kerosene" for t in terms)
    secs, _terms = rulebook("ja").search("任務")
    assert "manor_missions" in [s.id for s in secs]
    # every manor section has a title and text of its own in Japanese
    en, ja = rulebook("en"), rulebook("ja")
    for sid in MANOR_SECTIONS:
        assert ja.sections[sid].title != en.sections[sid].title
        assert len(ja.sections[sid].text) > 150 and not re.search(r"[A-Za-z]{5,}", ja.sections[sid].text)


def test_a_manor_log_line_opens_its_section(tmp_path):
    """A click on a log line of a mission (M-MISSION-...) offers "Rules: Missions and clue draws";
    picking it opens that section of the rules reference."""
    from game.ui.scenes.menu import ChoiceMenu
    from game.ui.manor.kit import MissionDialog
    from tests.test_ui_manor import _mission_game, walk_onto
    from tests.ui_kit import post_click
    from tests.test_ui_undo import log_zone

    app, play, tok = _mission_game(tmp_path)
    walk_onto(app, play, tok, lambda: isinstance(app.top, MissionDialog))
    assert isinstance(app.top, MissionDialog)
    app.stack = [play]
    app.step([])
    line = next(ln for ln in reversed(play.ui.log) if ln.rule.startswith("M-MISSION"))
    post_click(app, log_zone(play, line).rect.center)
    app.step([])
    menu = app.top
    assert isinstance(menu, ChoiceMenu)
    i = next(i for i, (lbl, _v) in enumerate(menu.options) if lbl.startswith("Rules:"))
    assert menu.options[i][0] == "Rules: Missions and clue draws"
    post_click(app, menu.zones.find("opt", i).rect.center)
    for _ in range(3):
        app.step([], 0.05)
    assert isinstance(app.top, RulebookScene) and app.top.current == "manor_missions"


def test_manor_keywords_on_screen_show_their_meaning_and_open_their_section(tmp_path):
    """Hovering KEROSENE on the manor strip shows the glossary's definition; clicking it opens
    "Kerosene and Burn"; RESERVE opens "The reserve and the team"; the mission card's heading
    opens "Missions and clue draws"."""
    from game.ui.manor.kit import MissionDialog
    from tests.test_ui_manor import _mission_game, walk_onto
    from tests.ui_kit import post_click, shown_text

    app, play, tok = _mission_game(tmp_path)
    app.step([])
    z = next(z for z in play.view.zones.items if z.key == "rules" and z.tip == "term:kerosene")
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=z.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 0.05)
    lines = shown_text(app, warm=False, dt=0.05)
    assert rulebook("en").glossary["kerosene"].text in " ".join(lines)
    post_click(app, z.rect.center)
    app.step([])
    assert isinstance(app.top, RulebookScene) and app.top.current == "kerosene"
    app.stack = [play]
    app.step([])
    z = next(z for z in play.view.zones.items if z.key == "rules" and z.tip == "term:reserve")
    post_click(app, z.rect.center)
    app.step([])
    assert isinstance(app.top, RulebookScene) and app.top.current == "reserve"
    app.stack = [play]
    app.step([])
    walk_onto(app, play, tok, lambda: isinstance(app.top, MissionDialog))
    dlg = app.top
    assert isinstance(dlg, MissionDialog)
    app.step([])
    z = dlg.zones.find("rules")
    assert z is not None and z.tip == "term:mission"
    post_click(app, z.rect.center)
    app.step([])
    assert isinstance(app.top, RulebookScene) and app.top.current == "manor_missions"


def test_the_manor_board_pictures_are_what_the_engine_says():
    """M-KERO-3: Dana can Burn the corpses in her square and next to her, not across the wall corner
    nor two squares away. M-ENC-2, R-EXPLORE-2: stepping into the yellow, amber and red rooms draws an
    encounter card, into the green one nothing."""
    from game.ui.diagrams import _state, diagram_for  # (the manor's diagrams: game/ui/manor/diagrams.py)

    s = _state("kerosene")
    assert diagram_for("kerosene").marks(s) == {(1, 0): "ok", (0, 1): "ok", (2, 1): "no", (3, 0): "no"}
    s = _state("encounter_cards")
    marks = diagram_for("encounter_cards").marks(s)
    colours = {sq: s.scenario.board.tiles[s.scenario.board.square_tile[sq]].colour.value for sq in marks}
    assert {colours[sq]: m for sq, m in marks.items()} == {"yellow": "card", "amber": "card", "red": "card",
                                                           "green": "none"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_manor_section_fits_its_box(tmp_path, lang):
    """Each manor section drawn in the rules reference (with its picture, its words and the section
    list scrolled to it): no text off its box, cut short or out of the panel (tests/test_ui_text_fit)."""
    from tests.test_ui_text_fit import frame

    if lang == "ja" and i18n.japanese_font() is None:
        pytest.skip(i18n.FONT_HINT)
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    assert app.set_language(lang, save=False) == ""
    problems = []
    for sid in MANOR_SECTIONS:
        app.stack = [RulebookScene(sid)]
        problems += [f"{sid}: {p}" for p in frame(app)]
        assert app.top.zones.find("section", sid) is not None, f"{sid} is not in view in the section list"
    assert not problems, "\n".join(problems)


def test_city_card_headings_open_their_word_too(tmp_path):
    """The same lookup on the city's cards: the tension card's TENSION heading and a boss's BOSS and
    BEHAVIOUR DECK headings show the word's meaning and open its section."""
    from tests.ui_kit import play_at_act

    app, play = play_at_act(tmp_path, "practice-burrower")
    tips = {z.tip: z for z in play.view.zones.items if z.key == "rules" and z.tip.startswith("term:")}
    assert {"term:boss", "term:behaviour_deck"} <= set(tips), set(tips)
    for tip, section in (("term:boss", "bosses"), ("term:behaviour_deck", "bosses")):
        app.stack = [play]
        app.step([])
        z = next(z for z in play.view.zones.items if z.key == "rules" and z.tip == tip)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=z.rect.center, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
        app.step([])
        assert isinstance(app.top, RulebookScene) and app.top.current == section
