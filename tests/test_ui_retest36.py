"""Issue 25, what the session-36 re-test (a README-only new player in the real window) found:
each test here fails without its fix; the docstring says what the tester saw, numbered as in
/work/notes/s36/retest-findings.md (M = major, m = minor)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_M5_manor_map_titles_are_the_places_the_unlock_lines_name(tmp_path, lang):
    """Retest M5 (M-MAP-1/2/9): on the Japanese manor map the card titles were the scenario names
    ("ガラスと棘") while the locked cards said "温室の成功で追加" (added by success in the
    Conservatory): no card said 温室, so a player could not tell which card unlocks which (English
    had it too for short story names: "Deep Water" for the Basement). Every card's place is on the
    map and leads its side panel; the story played there is beside it."""
    from game.ui.app import App
    from game.ui.manor import ManorMapScene, ManorSession
    from game.ui.scene import Reset
    from tests.ui_kit import japanese_dir, shown_text

    app = App(pygame.Surface((1280, 720)), save_dir=japanese_dir(tmp_path) if lang == "ja" else tmp_path)
    s = ManorSession.new(app, ["dana", "marcus"], seed=3)
    scene = ManorMapScene(s)
    app.apply(Reset(scene))
    lines = shown_text(app)
    for c in s.pack.cards:
        place = i18n._(c.name)
        assert place in lines, (lang, c.id, place, lines)
    story, place = s.card_name("E1A"), i18n._(s.pack.card("E1A").name)
    assert story != place
    scene.selected = "E1A"  # the side panel shows the chosen card
    side = shown_text(app)
    assert any(ln.startswith(place + " · ") for ln in side), (lang, side)
    assert any(story in ln for ln in side), (lang, story, side)
