"""English and Japanese (issue 12): the Japanese catalogue has every message the code and content
use and nothing else, keeps every {blank}; the Japanese rulebook matches the English one; Japanese
text fits its buttons and boxes on the main screens; the language switches without a restart; with
no Japanese font the game says which package to install and stays in English."""
from __future__ import annotations

import re

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.menus import MainMenu  # noqa: E402
from game.ui.scenes.pause import Pause  # noqa: E402
from game.ui.rulebook import GLOSSARY, RulebookScene, rulebook  # noqa: E402
from game.ui.settings import SettingsScene  # noqa: E402
from tools import i18n as tool  # noqa: E402

needs_font = pytest.mark.skipif(i18n.japanese_font() is None, reason=i18n.FONT_HINT)


@pytest.fixture(scope="module", autouse=True)
def english_after(display):
    """The display comes from tests/conftest.py; the language goes back to English after."""
    yield
    i18n.set_language("en")


def test_catalogue_has_no_missing_unused_or_untranslated_message():
    cat = tool.read()
    have = {m.id for m in cat if m.id}
    used = tool.wanted()
    assert sorted(set(used) - have) == [], "run: python -m tools.i18n, then translate the new entries"
    assert sorted(have - set(used)) == [], "unused catalogue entries: run python -m tools.i18n"
    assert [m.id for m in cat if m.id and not m.string] == []
    assert len(have) > 200


def test_translations_keep_every_blank():
    for m in tool.read():
        if m.id:
            assert set(re.findall(r"\{(\w*)\}", m.id)) == set(re.findall(r"\{(\w*)\}", m.string)), m.id
            ids = set(re.findall(r"\((?:R|DV)-[A-Z0-9-]+\)", m.id))
            assert ids <= set(re.findall(r"\((?:R|DV)-[A-Z0-9-]+\)", m.string)), f"rule ID lost: {m.id}"


def test_japanese_rulebook_matches_the_english_one():
    en, ja = rulebook("en"), rulebook("ja")
    assert list(en.sections) == list(ja.sections) and set(en.glossary) == set(ja.glossary)
    assert ja.section_for_rule("R-EVADE-3").id == "evade"
    assert all(not s.text.isascii() for s in ja.sections.values())
    assert ja.glossary["hit_plus"].see == en.glossary["hit_plus"].see


def screens(app: App, intro) -> None:
    """Draw the main menu (with the tutorial offer), the play screen with the tutorial's first prompts,
    the pause menu, the settings, and the rules reference (a section and the glossary)."""
    app.stack = [MainMenu()]
    app.settings["tutorial_offered"] = False
    app.step([])
    play = app.start_tutorial()
    app.stack = [play]
    for _i in range(len(play.tutorial.steps)):
        app.step([])
        play.tutorial.advance(play)
    app.stack = [play, Pause(play)]
    app.step([])
    app.stack = [play, Pause(play), SettingsScene()]
    app.step([])
    book = RulebookScene("evade")
    app.stack = [play, book]
    app.step([])
    book.current = GLOSSARY
    app.step([])


@needs_font
def test_japanese_text_fits_its_buttons_and_boxes(tmp_path, intro):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, scenario_factory=lambda sid, mp, fresh: intro)
    assert app.set_language("ja") == ""
    T.CUT.clear()
    screens(app, intro)
    assert T.CUT == [], f"Japanese texts cut to fit: {T.CUT}"
    app.set_language("en")
    T.CUT.clear()
    screens(app, intro)
    assert T.CUT == [], f"English texts cut to fit: {T.CUT}"


@needs_font
def test_language_switch_in_settings_without_restart(tmp_path, intro):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, scenario_factory=lambda sid, mp, fresh: intro)
    play = app.start_game([("vera", 1)], ["human"], seed=1)
    pause = Pause(play)
    settings = SettingsScene()
    app.stack = [play, pause, settings]
    app.step([])
    assert settings.entries(app)[0][0] == "Language: English"
    row = settings.zones.find("language")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1)])
    assert i18n.language() == "ja" and app.settings["language"] == "ja"
    assert settings.entries(app)[0][0] == "言語：日本語"
    assert pause.entries(app)[0][0] == "再開"  # the screen below switched too
    assert App(pygame.Surface((1280, 720)), save_dir=tmp_path).settings["language"] == "ja"  # remembered
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1)])
    assert i18n.language() == "en" and pause.entries(app)[0][0] == "Resume"


def test_without_a_japanese_font_the_game_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(i18n._state, "jp_font", None)  # the search found nothing (tests/test_japanese_fonts.py)
    monkeypatch.setattr("game.i18n.fonts.system_name", lambda system=None: "Windows")
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    msg = app.set_language("ja")
    assert "Japanese Supplemental Fonts" in msg and i18n.language() == "en"
    with pytest.raises(ValueError):
        i18n.set_language("xx")


@needs_font
def test_log_lines_follow_the_language(tmp_path):
    """The engine writes English; the log shows the common lines (moves, turns, attacks, evades ...) in
    Japanese, also lines written before the switch, and back in English after switching back."""
    from game.engine import legal_actions
    from game.ui.presenters.logtext import shown
    from game.ui.play import PlayScene
    from tests.test_rules_tension import intro_game

    s = intro_game()
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, scenario_factory=lambda sid, mp, fresh: s.scenario)
    play = PlayScene(app, s, [("vera", 1)], ["human"])
    app.stack = [play]
    play.do(next(a for a in legal_actions(s) if a.kind == "move"))
    line = play.ui.log[-1]
    assert line.kind == "move" and line.msg is not None
    english = shown(line.text, line.msg)
    assert english == line.text
    assert app.set_language("ja") == ""
    ja = shown(line.text, line.msg)
    assert ja.startswith("ヴェラ・カステラン") and ja.endswith(("へ移動した。", "内を移動した。"))
    app.set_language("en")
    assert shown(line.text, line.msg) == english


@needs_font
def test_japanese_wrap_keeps_the_line_breaking_rules_and_never_overflows():
    """Japanese line breaking (kinsoku): theme.wrap never starts a line with closing punctuation
    (、。」）… small kana, ー) nor ends one with an opening bracket (「（), and no line is wider than
    its box (the punctuation moves down with the character before it instead of hanging out).
    Checked over every Japanese text of the catalogue at many widths."""
    i18n.set_language("ja")
    try:
        texts = sorted({m.string for m in tool.read() if m.id and m.string and len(m.string) > 6})
        assert len(texts) > 200
        f = T.font(15)
        bad = []
        for width in range(60, 330, 23):
            for s in texts:
                for ln in T.wrap(s, 15, width):
                    if f.size(ln)[0] > width and len(T._tokens(ln)) > 1:
                        bad.append(f"{width}px too wide: {ln!r}")
                for prev, ln in zip(T.wrap(s, 15, width), T.wrap(s, 15, width)[1:]):
                    if ln[:1] in T.NO_LINE_START:
                        bad.append(f"{width}px starts with {ln[:1]!r}: {prev!r} / {ln!r}")
                    if prev[-1:] in T.NO_LINE_END:
                        bad.append(f"{width}px ends with {prev[-1:]!r}: {prev!r} / {ln!r}")
        assert not bad, "\n".join(bad[:20])
        # the case that overflowed before: a full stop that does not fit moves down with its character
        s = "あ" * 9 + "。"
        w = f.size("あ" * 9)[0]
        assert T.wrap(s, 15, w) == ["あ" * 8, "あ。"]
    finally:
        i18n.set_language("en")
