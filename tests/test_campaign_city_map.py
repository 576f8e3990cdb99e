"""The campaign's city map is a Tiled map in the campaign pack (issue 15): a picture layer and one
campaign_slot rectangle per scenario (id, district, where its card sits), checked against the
pack's scenario list; the city map screen draws the cards where the map puts them."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content import campaign_map as cm  # noqa: E402
from game.content.campaign_pack import load_pack  # noqa: E402
from game.content.errors import MapError  # noqa: E402
from tools import make_city_map  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CITY = ROOT / "assets" / "campaigns" / "city.tmx"


@pytest.fixture(scope="module")
def pack():
    return load_pack("city")


def variant(tmp_path: Path, old: str, new: str) -> Path:
    text = CITY.read_text()
    assert old in text
    p = tmp_path / "city.tmx"
    p.write_text(text.replace(old, new, 1).replace('source="city_map.png"', f'source="{CITY.parent}/city_map.png"'))
    return p


def test_shipped_city_map_places_every_scenario_of_the_pack(pack):
    city = cm.load_city_map(pack)
    assert city.file == "assets/campaigns/city.tmx" and city.picture.name == "city_map.png"
    assert set(city.slots) == {sl.id for sl in pack.scenarios}
    assert city.size == (872, 560)
    assert pygame.image.load(str(city.picture)).get_size() == city.size
    assert make_city_map.main(["--check"]) == 0  # the file is what tools/make_city_map.py writes


@pytest.mark.parametrize("old,new,where,problem", [
    ('name="DT2"', 'name="ZZ9"', "object 4 (campaign_slot 'ZZ9')", "'ZZ9' is no scenario of the campaign pack"),
    ('name="DT2"', 'name="DT1"', "object 4 (campaign_slot 'DT1')", "scenario DT1 already has a card (object 1)"),
    ('value="Downtown"', 'value="Uptown"', "object 1 (campaign_slot 'DT1')",
     "its district is 'Uptown'; the pack puts DT1 in 'Downtown'"),
    ('x="0" y="158"', 'x="0" y="100"', "object 4 (campaign_slot 'DT2')", "overlaps the card of DT1 (object 1)"),
    ('x="0" y="158"', 'x="800" y="500"', "object 4 (campaign_slot 'DT2')", "reaches outside the 872x560 px map"),
    ('type="campaign_slot" x="0" y="158"', 'type="door" x="0" y="158"', "object 4 (door 'DT2')",
     "only campaign_slot objects belong on the city map"),
])
def test_broken_city_map_names_the_object(pack, tmp_path, old, new, where, problem):
    city, problems = cm.check_city_map(pack, variant(tmp_path, old, new))
    assert city is None
    hit = [e for e in problems if e.where == where and problem in e.problem]
    assert hit, "\n".join(map(str, problems))
    assert hit[0].file.endswith("city.tmx") and hit[0].hint


def test_missing_card_and_missing_picture(pack, tmp_path):
    text = CITY.read_text().replace('source="city_map.png"', f'source="{CITY.parent}/city_map.png"')
    start = text.index('  <object id="4"')
    end = text.index("</object>", start) + len("</object>\n")
    p = tmp_path / "city.tmx"
    p.write_text(text[:start] + text[end:])
    with pytest.raises(MapError) as ei:
        cm.load_city_map(pack, p)
    assert (ei.value.where, ei.value.problem) == ("", "scenario DT2 (Downtown) has no card on the city map")
    start = text.index(" <imagelayer")
    end = text.index("</imagelayer>") + len("</imagelayer>\n")
    p.write_text(text[:start] + text[end:])
    _, problems = cm.check_city_map(pack, p)
    assert [e.problem for e in problems] == ["the city map has no picture layer"]


def test_city_map_screen_draws_cards_where_the_map_puts_them(tmp_path, monkeypatch):
    """Move DT1's card in the Tiled map: the city map screen's clickable card moves with it."""
    from game.ui.app import App
    from game.ui.campaign import CampaignSession, CityMapScene
    from game.ui.scene import Reset

    moved = variant(tmp_path, 'x="0" y="30"', 'x="0" y="420"')
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    try:
        app = App(pygame.Surface((1280, 720)), save_dir=tmp_path / "save")
        s = CampaignSession.new(app, ["vera", "mateo"], seed=3)
        real = cm.map_path
        for path in (None, moved):
            monkeypatch.setattr(cm, "map_path", (lambda pk, p=path: p) if path else real)
            scene = CityMapScene(s)
            app.apply(Reset(scene))
            app.step([], 0.05)
            assert scene.city is not None and scene.message == ""
            zone = next(z for z in scene.zones.items if z.key == "slot" and z.value == "DT1")
            assert zone.rect.topleft == (16 + 0, 80 + (30 if path is None else 420))
            assert zone.rect.size == (168, 122)
        # a broken city map is named on the screen and the cards fall back to district columns
        monkeypatch.setattr(cm, "map_path", lambda pk: variant(tmp_path, 'name="DT2"', 'name="ZZ9"'))
        scene = CityMapScene(s)
        app.apply(Reset(scene))
        app.step([], 0.05)
        assert scene.city is None and "City map not used" in scene.message and "ZZ9" in scene.message
        zone = next(z for z in scene.zones.items if z.key == "slot" and z.value == "DT1")
        assert zone.rect.topleft == (16, 108)
    finally:
        pygame.display.quit()
