"""Content checks resolve every id an effect, a table or an action names, at load (issue 29 item
6): an unknown enemy in a scenario action's effects (CT1's winch spawning ``ghoul``, the manor's
power winch) failed mid-game with ``KeyError: 'ghoul'``; a city brief could take a manor card's
id; a manor card without ``item_c_tokens`` was blamed on its map. Each refusal names the file,
the place and what to do (R-SCEN-4, MDV-4)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.content.loader import SCENARIOS, load_content

ROOT = Path(__file__).resolve().parents[1]


def _briefs(tmp_path, name, old, new):
    sd = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS, sd, ignore=shutil.ignore_patterns("manor", "city"))
    p = sd / name
    text = p.read_text()
    assert old in text, old
    p.write_text(text.replace(old, new, 1))
    return sd


def test_R_SCEN_4_an_unknown_enemy_in_a_scenario_actions_effect_is_refused_at_load(tmp_path):
    sd = _briefs(tmp_path, "ct1.yaml", "enemies: [zombie_dog]", "enemies: [ghoul]")
    with pytest.raises(ContentError) as err:
        load_content(scen_dir=sd)
    e = err.value
    assert e.file.endswith("ct1.yaml") and "scenario action" in e.where and "ghoul" in e.problem, str(e)
    assert "enemies.yaml" in e.hint


def test_R_SCEN_4_a_scenario_action_needing_an_unknown_item_is_refused_at_load(tmp_path):
    sd = _briefs(tmp_path, "ct1.yaml", "item: winch_lever", "item: golden_lever")
    with pytest.raises(ContentError) as err:
        load_content(scen_dir=sd)
    assert err.value.file.endswith("ct1.yaml") and "golden_lever" in err.value.problem


def test_M_DOC_2_an_unknown_enemy_in_a_manor_scenario_action_is_refused_at_load(tmp_path):
    from game.content.mansion_pack import MANOR_SCENARIOS, load_mansion_content
    sd = tmp_path / "manor"
    shutil.copytree(MANOR_SCENARIOS, sd)
    p = sd / "m_w2a.yaml"
    p.write_text(p.read_text().replace("enemies: [zombie]", "enemies: [ghoul]", 1))
    with pytest.raises(ContentError) as err:
        load_mansion_content(scen_dir=sd)
    assert err.value.file.endswith("m_w2a.yaml") and "scenario action" in err.value.where
    assert "ghoul" in err.value.problem


def test_a_city_brief_may_not_take_a_manor_cards_id(tmp_path):
    """``id: m_w2b`` in dt3.yaml: refused naming dt3.yaml and the manor brief it would shadow."""
    sd = _briefs(tmp_path, "dt3.yaml", "id: dt3", "id: m_w2b")
    with pytest.raises(ContentError) as err:
        load_content(scen_dir=sd)
    assert err.value.file.endswith("dt3.yaml") and "m_w2b.yaml" in err.value.problem and "dt3" in err.value.hint


def test_asking_for_a_brief_whose_file_declares_another_id_names_that_file(tmp_path, monkeypatch):
    import game.content.loader as L
    sd = _briefs(tmp_path, "dt3.yaml", "id: dt3", "id: dt3b")
    monkeypatch.setattr(L, "SCENARIOS", sd)
    with pytest.raises(ContentError) as err:
        L.load_scenario("dt3", load_content(scen_dir=sd))
    assert err.value.file.endswith("dt3.yaml") and "dt3b" in err.value.problem and "id: dt3" in err.value.hint


def test_MDV_4_a_manor_card_without_item_c_tokens_is_blamed_on_the_pack_file(tmp_path, monkeypatch):
    import game.content.mansion_pack as MP
    text = MP.MANSION_PACK.read_text()
    line = next(ln for ln in text.splitlines() if "id: W1A" in ln)
    assert "item_c_tokens: 1, " in line
    p = tmp_path / "mansion.yaml"
    p.write_text(text.replace(line, line.replace("item_c_tokens: 1, ", ""), 1))
    monkeypatch.setattr(MP, "MANSION_PACK", p)
    pack = MP.load_mansion_pack(MP.mansion_content(), p)
    with pytest.raises(ContentError) as err:
        MP.load_card_scenario(pack, "W1A")
    assert err.value.file.endswith("mansion.yaml") and "W1A" in err.value.where and "item_c_tokens: 1" in err.value.hint
