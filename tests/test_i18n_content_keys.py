"""Issue 25 item 5: content texts are looked up by a stable key (game.i18n.content_key), so a
scenario story written as a YAML ``>`` block (its text ends in a newline) is shown in Japanese on
the city map too; the catalogue keeps content texts under that key."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.content.loader import load_content  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.campaign import CampaignSession, CityMapScene  # noqa: E402
from game.ui.scene import Reset  # noqa: E402
from tests.ui_kit import SIZE, click, japanese_dir, shown_text  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


@pytest.fixture()
def ja():
    if i18n.japanese_font() is None:
        pytest.skip("no Japanese font")
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_every_scenario_story_and_goal_is_found_in_japanese_with_its_block_newline(ja):
    ct = load_content()
    raw = [(k, f, getattr(d, f)) for k, d in ct.scenarios.items() for f in ("description", "objective_text")
           if getattr(d, f) and getattr(d, f).strip()]
    assert any(text.endswith("\n") for _k, _f, text in raw), "the YAML blocks still end in a newline"
    missed = [(k, f) for k, f, text in raw if i18n._(text) == text]
    assert not missed, f"content texts shown in English in Japanese: {missed}"


def test_the_catalogue_keeps_content_texts_without_the_block_newline():
    from tools.i18n import read, read_content

    keys = [m.id for m in read() if m.id and isinstance(m.id, str)]
    assert not [k for k in keys if k.endswith("\n")]
    assert not [m.id for m in read_content() if m.id and m.string.endswith("\n")]


def test_the_city_map_tells_the_chosen_scenario_s_story_in_japanese(tmp_path, ja):
    app = App(pygame.Surface(SIZE), save_dir=japanese_dir(tmp_path))
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3)
    app.apply(Reset(CityMapScene(s)))
    app.step([])
    click(app, "slot", "UT1")
    story = load_content().scenarios["ut1"].description
    text = "".join(shown_text(app))
    want = i18n.content_catalogue("ja")[story.key]  # (by its stable key: issue 23 item 1)
    assert want[:12] in text, "the story is drawn in Japanese"
    assert story.split()[0] + " " + story.split()[1] not in text, "not in English"
