"""Odds from the content's own dice (issue 23 item 2): the engine rolls the faces ``dice.yaml`` gives
(DV-1), View works the attack and evade odds out from them, and the previews on screen show them, so
a die changed in content changes the figures a player reads."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil  # noqa: E402

import pytest  # noqa: E402

from game.content.errors import ContentError  # noqa: E402
from game.content.loader import DATA, load_content  # noqa: E402
from game.engine import legal_actions, new_game  # noqa: E402
from game.engine.defs import DV1_DICE, Face, ScenarioDef  # noqa: E402
from game.engine.machine import ruleset_of  # noqa: E402
from game.engine.query import View  # noqa: E402
from game.engine.scenario import Scenario  # noqa: E402
from game.ui.previews import acting_here, attack_odds_text  # noqa: E402
from game.ui.hud.cards import weapon_lines  # noqa: E402
from tests.kit import board, content, with_enemy  # noqa: E402

ROOMS = board("AAAB", "AAAB", doors=[((2, 0), (3, 0))], start={1: (0, 0)}, place=[("exit", (3, 1))])
BLUE_LINE = "  blue: [BLANK, BLANK, HIT, HIT, HIT_PLUS, CRIT]"


def content_with(tmp_path, old: str, new: str):
    """The shipped content with one line of dice.yaml changed."""
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    p = d / "dice.yaml"
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return load_content(d)


def game_with(ct, seed=1):
    brief = ScenarioDef(id="test", name="Test", map="none", intro=True, objective="all_exit",
                        item_a=["green_herb", "green_herb", "handgun_ammo", "handgun_ammo"],
                        tension=["quiet_moment"] * 15, tension_reshuffle=True, ignore_symbols=True, use_danger=False)
    return new_game(Scenario(brief=brief, board=ROOMS, content=ct), [("vera", 1)], seed)


def handgun_attack(s, target):
    s.touch()
    gun = next(u for slot in s.active_char.inventory for u in slot if s.cards[u].defn == "handgun")
    return next(a for a in legal_actions(s) if a.kind == "attack" and a.target == target and a.item == gun
                and not a.n)


def screen_odds(s, z) -> tuple[str, list[str]]:
    """The odds as the play screen words them: the attack menu's figure and the enemy hover card's lines."""
    a = handgun_attack(s, z.uid)
    s.touch()
    attacks = [x for x in legal_actions(s) if x.kind == "attack" and x.target == z.uid]
    return attack_odds_text(s, a), [t for t, *_ in weapon_lines(s, z, attacks)]


def test_DV_1_the_shipped_dice_yaml_is_DV_1():
    assert content().dice == DV1_DICE
    assert View(game_with(content())).dice_faces("blue") == DV1_DICE["blue"]


def test_DV_1_a_die_face_changed_in_content_changes_the_odds_on_screen(tmp_path):
    s = game_with(content())
    z = with_enemy(s, "zombie", (2, 1))
    text, card = screen_odds(s, z)
    assert text == "miss 33% · hit 33% · hit+ 17% · critical 17%"
    assert any(line.strip() == text for line in card)
    # one blank face of the blue die becomes a critical: the handgun (1 blue die) misses 1 in 6
    ct = content_with(tmp_path, BLUE_LINE, "  blue: [BLANK, CRIT, HIT, HIT, HIT_PLUS, CRIT]")
    s2 = game_with(ct)
    z2 = with_enemy(s2, "zombie", (2, 1))
    text2, card2 = screen_odds(s2, z2)
    assert text2 == "miss 17% · hit 33% · hit+ 17% · critical 33%"
    assert any(line.strip() == text2 for line in card2)
    # and the evade chance shown for acting beside an enemy (R-EVADE-1: Vera rolls 3 blue dice)
    with_enemy(s, "zombie", (0, 0))
    with_enemy(s2, "zombie", (0, 0))
    assert round(acting_here(s).chance, 3) == round(1 - (2 / 6) ** 3, 3)
    assert round(acting_here(s2).chance, 3) == round(1 - (1 / 6) ** 3, 3)


def test_DV_1_the_engine_rolls_the_faces_content_gives(tmp_path):
    ct = content_with(tmp_path, BLUE_LINE, "  blue: [CRIT, CRIT, CRIT, CRIT, CRIT, CRIT]")
    s = game_with(ct)
    run = ruleset_of(s).run_class(s)
    assert run.roll(["blue"] * 12) == [Face.CRIT] * 12
    assert View(s).evade_odds(1, 3) == pytest.approx(1.0)
    assert View(s).attack_odds(handgun_attack(s, with_enemy(s, "zombie", (2, 1)).uid))["CRIT"] == pytest.approx(1.0)


def test_DV_1_a_die_without_six_faces_names_the_file_and_line(tmp_path):
    with pytest.raises(ContentError) as ex:
        content_with(tmp_path, BLUE_LINE, "  blue: [BLANK, HIT, HIT, HIT_PLUS, CRIT]")
    msg = str(ex.value)
    assert "dice.yaml" in msg and "line" in msg and "6" in msg
    with pytest.raises(ContentError) as ex:
        content_with(tmp_path / "b", BLUE_LINE, "  blue: [BLANK, BLANK, HIT, HIT, HIT_PLUS, STAR]")
    assert "dice.yaml" in str(ex.value) and "dice.blue" in str(ex.value)


def test_DV_1_a_content_folder_without_dice_yaml_rolls_DV_1(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    (d / "dice.yaml").unlink()
    assert load_content(d).dice == DV1_DICE
