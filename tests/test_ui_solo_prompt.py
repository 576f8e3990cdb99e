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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_R_SOLO_2_the_prompt_carries_its_rule_typed(tmp_path, lang):
    """R-SOLO-2 (issue 23): the solo question's rule travels as ``Pending.rule``, not in its words; with
    "Show rule IDs" on the city map shows it beside the question (English and Japanese), with it off not."""
    from game.ui import ruleids

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera"], seed=4)
    app.apply(Reset(CityMapScene(s)))
    click(app, "slot", "DT1")
    click(app, "start")
    p = s.cs.pending
    assert p.kind == "swap" and p.rule == "R-SOLO-2" and "R-" not in p.prompt
    try:
        i18n.set_language(lang)
        ruleids.set_show_rule_ids(True)
        app.step([], 0.05)
        on = " ".join(shown_text(app))
        ruleids.set_show_rule_ids(False)
        app.step([], 0.05)
        off = " ".join(shown_text(app))
    finally:
        ruleids.set_show_rule_ids(False)
        i18n.set_language("en")
    assert "(R-SOLO-2)" in on and "R-SOLO-2" not in off, on


def test_R_END_X1_end_phase_prompts_carry_their_rules():
    """R-END-S1, R-END-S2, R-END-X1 (issue 23): the end phase's decisions name their rule in
    ``Pending.rule`` (the step's rule, as the end-phase screen's rule column has it), never in the
    prompt's words; the rule is saved with the state and left out of the JSON when empty."""
    from game.engine.state import Pending
    from tests.campaign_kit import choose, end, new

    cs = new(party=("vera", "mateo"))
    gs = choose(cs, "DT1")
    end(cs, gs)
    seen = {}
    for _ in range(40):
        p = cs.pending
        if p is None or p.kind == "choose":
            break
        seen.setdefault(p.kind, p.rule)
        cs.touch()
        from game.engine.campaign import apply, legal

        opts = legal(cs)
        done = [a for a in opts if a.kind == "done"]
        apply(cs, (done or opts)[0])
    assert seen.get("transfer") == "R-END-X1" and all(seen.values()), seen
    assert Pending("swap", 0, "ask.swap", [], {}, rule="R-SOLO-2").rule == "R-SOLO-2"
