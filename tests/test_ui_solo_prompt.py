"""Issue 25 retest finding 8 (R-SOLO-2): the solo "which survivor?" question on the city map shows no
rule ID with "Show rule IDs" off (it read "… which survivor? (R-SOLO-2)" in English and Japanese),
and says why all four survivors are offered (the rule sets the other three aside, any may take over)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.campaign import CampaignSession, CityMapScene  # noqa: E402
from game.ui.scene import Reset  # noqa: E402
from tests.ui_kit import click, shown_text  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_solo_question_has_no_rule_id_and_says_why_four(tmp_path, lang):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera"], seed=4)
    app.apply(Reset(CityMapScene(s)))
    click(app, "slot", "DT1")
    click(app, "start")
    assert s.cs.pending.kind == "swap"
    try:
        i18n.set_language(lang)
        app.step([], 0.05)
        text = " ".join(shown_text(app))
    finally:
        i18n.set_language("en")
    assert "R-SOLO-2" not in text, text
    why = i18n.catalogue("ja").get(ASIDE, ASIDE) if lang == "ja" else ASIDE
    assert why in text, text


ASIDE = "In solo the other survivors wait aside; any of them may take over, with the items and health."
