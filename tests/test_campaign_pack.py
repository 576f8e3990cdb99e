"""The campaign pack (DV-19 as data) is checked at load: a broken unlock graph, an unknown item
or a map whose campaign tokens do not match gives one clear error naming the file and the place."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from game.content.campaign_pack import CAMPAIGNS, load_campaign_scenario, load_pack
from game.content.errors import ContentError
from tests.kit import content


def _pack_with(tmp_path: Path, change) -> Path:
    data = yaml.safe_load((CAMPAIGNS / "city.yaml").read_text())
    change(data)
    (tmp_path / "city.yaml").write_text(yaml.safe_dump(data))
    return tmp_path


def test_the_city_pack_is_the_DV_19_graph():
    """DV-19: 14 scenarios, 9 path cards, start DT1/UT1/CM1, CT1 by the route and the four parts."""
    p = load_pack("city", content())
    assert len(p.scenarios) == 14 and len(p.path_cards) == 9 and p.start == ["DT1", "UT1", "CM1"]
    assert p.path_cards["P-PR3"].requires is None and p.path_cards["P-PR1"].requires == "precinct_key"
    assert sum(s.item_c_tokens for s in p.scenarios) == 12  # DV-14: one token per Item C card
    assert p.band(5) == "low" and p.band(6) == "high" and p.band(12) == "extreme"


@pytest.mark.parametrize("change, msg", [
    (lambda d: d["path_cards"].pop("P-DT3"), "unknown path card 'P-DT3'"),
    (lambda d: d["path_cards"]["P-DT2"].update(opens="XX9"), "opens unknown scenario 'XX9'"),
    (lambda d: d["scenarios"][3]["progression"].update(DT3="P-UT2"), "placed by"),
    (lambda d: d.update(start=["DT1", "UT1", "ZZ"]), "'ZZ' is not one of the campaign's scenarios"),
    (lambda d: d["path_cards"]["P-DT2"].update(requires="no_such_item"), "unknown item(s) no_such_item"),
    (lambda d: d.update(bands={"low": [0, 5], "high": [7, 11], "extreme": [12, 17]}), "without gaps"),
])
def test_broken_campaign_packs_are_refused_naming_the_file(tmp_path, change, msg):
    folder = _pack_with(tmp_path, change)
    with pytest.raises(ContentError, match=msg.replace("(", r"\(").replace(")", r"\)")) as ex:
        load_pack("city", content(), folder=folder)
    assert "city.yaml" in str(ex.value)


def test_a_map_whose_campaign_tokens_do_not_match_the_pack_is_refused():
    """The pack says DT1 has one Item C token and the DT2 progression token; a pack that expects
    two Item C tokens there is told which map and what to fix."""
    p = load_pack("city", content())
    broken = p.model_copy(update={"scenarios": [s.model_copy(update={"item_c_tokens": 2}) if s.id == "DT1" else s
                                                for s in p.scenarios]})
    with pytest.raises(ContentError, match="1 Item C token.*says 2") as ex:
        load_campaign_scenario(broken, "DT1", content())
    assert "dt1.tmx" in str(ex.value)
