"""The campaign's tier gear is announced, not silent (cbal's [design] R-CAMP-8 with DV-21: the first
scenario of a tier hands out DV-21's weapons from the Item B pool; the weapons used to simply appear)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from tests import campaign_kit as kit
from tests.ui_kit import SIZE, japanese_dir


@pytest.fixture(autouse=True)
def back_to_english():
    """An App started in Japanese sets the language for the whole process: later tests expect English."""
    yield
    i18n.set_language("en")


def _start_dt2(tmp_path):
    from game.ui.app import App
    from game.ui.campaign import CampaignSession

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    cs = kit.new()
    cs.slots["DT2"] = "open"
    kit.cact(cs, "choose", target="DT2")
    sess = CampaignSession(cs, tmp_path / "gear.json", ["human", "human"])
    play = sess.start_scenario(app)
    return cs, play, [ln for ln in play.ui.log if ln.rule == "R-CAMP-8"]


def test_R_CAMP_8_design_the_handed_tier_gear_is_named_in_the_log_with_who_holds_it(tmp_path):
    """R-CAMP-8 [design]: DT2 (the first tier-2 scenario) hands out two Shotguns and the Assault
    Rifle; the play screen's log names each and the survivor (or item box) that received it."""
    cs, play, lines = _start_dt2(tmp_path)
    assert len(lines) == 1
    text = lines[0].text
    assert text.count("Shotgun") == 2 and "Assault Rifle" in text
    held = {cs.cards[u].defn: c.cid for c in cs.characters for sl in c.inventory for u in sl}
    who = cs.content.characters[held["assault_rifle"]].name
    assert f"Assault Rifle ({who})" in text


def test_R_CAMP_8_design_no_gear_line_on_a_tier_1_scenario(tmp_path):
    """R-CAMP-8 [design]: a tier-1 scenario hands out nothing, so no line is written."""
    from game.ui.app import App
    from game.ui.campaign import CampaignSession

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    cs = kit.new()
    kit.cact(cs, "choose", target="DT1")
    play = CampaignSession(cs, tmp_path / "g.json", ["human", "human"]).start_scenario(app)
    assert not [ln for ln in play.ui.log if ln.rule == "R-CAMP-8"]


def test_R_CAMP_8_design_the_gear_line_in_japanese(tmp_path):
    """The line is drawn in the player's language (kept in English, written again on a switch)."""
    _cs, _play, lines = _start_dt2(japanese_dir(tmp_path))
    ja = lines[0].msg()
    assert "新しいティアの装備" in ja and "Shotgun" not in ja and "Gear" not in ja
