"""R-SCEN-1: the scenario's objective is shown to the players. Every shipped brief (the city's, the
practice maps', the manor's) has a goal that the caption above the board shows whole on one line
at 1280x720, in English and in Japanese: its one-line ``goal``, or a short ``objective_text``. A
long ``objective_text`` alone wraps over the board and covers the boss panel's title (seen on the
manor's Laboratory 4 before its brief had a ``goal``)."""
from __future__ import annotations

import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.content.loader import load_scenario  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.playui import CAPTION_RECT  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BRIEFS = sorted([p.stem for p in (ROOT / "scenarios").glob("*.yaml")]
                + [p.stem for p in (ROOT / "scenarios" / "manor").glob("*.yaml")])

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")
    T.SHOWN = None


def caption_width(text: str) -> int:
    return T.font(13).size(text)[0]


def goal_of(brief) -> str:
    """What the caption shows before anything happens (game.ui.play.PlayScene.goal_caption)."""
    return brief.goal or brief.objective_text


@pytest.mark.parametrize("sid", BRIEFS)
def test_R_SCEN_1_every_brief_has_a_goal_that_fits_the_caption(sid):
    """R-SCEN-1: each brief's one-line goal fits the caption in English ."""
    brief = load_scenario(sid).brief
    cap = i18n._f("Goal: {text}", text=i18n._(goal_of(brief)))
    assert caption_width(cap) <= CAPTION_RECT.width - 36, (sid, cap)


@pytest.mark.skipif(i18n.japanese_font() is None, reason=i18n.FONT_HINT)
@pytest.mark.parametrize("sid", BRIEFS)
def test_R_SCEN_1_every_goal_is_translated_and_fits_in_japanese(sid):
    """R-SCEN-1 in Japanese: the goal is translated (no English left) and still fits one line."""
    brief = load_scenario(sid).brief
    i18n.set_language("ja")
    T.SHOWN = None
    text = i18n._(goal_of(brief))
    assert text != goal_of(brief), f"{sid}: goal not in the Japanese catalogue: {goal_of(brief)!r}"
    cap = i18n._f("Goal: {text}", text=text)
    assert caption_width(cap) <= CAPTION_RECT.width - 36, (sid, cap)
