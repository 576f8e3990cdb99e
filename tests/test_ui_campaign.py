"""Campaign scenes, headless (issue 9): finishing a scenario leads through the end-phase scene to
the city map; choosing a scenario there starts it with the carried inventories; loading a slot
resumes it; the menu reaches the campaign; victory/loss screens."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.campaign import (CampaignMenu, CampaignOverScene, CampaignSession, CampaignSheetScene,  # noqa: E402
                              CityMapScene, EndPhaseScene)
from game.ui.menus import MainMenu  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402
from game.ui.scene import Reset  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    yield


def click(app: App, key: str, value=None) -> None:
    app.step([])
    z = app.top.zones.find(key, value)
    assert z is not None, f"no {key} {value} on {type(app.top).__name__}: {[(x.key, x.value) for x in app.top.zones.items]}"
    pos = z.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)


def make(tmp_path, controllers=("human", "human")):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3, controllers=list(controllers))
    app.apply(Reset(CityMapScene(s)))
    app.step([])
    return app, s


def inv(chars):
    return [(c.cid, [list(sl) for sl in c.inventory]) for c in chars]


def test_main_menu_reaches_the_campaign_menu(tmp_path):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.step([])
    click(app, "campaign")
    assert isinstance(app.top, CampaignMenu)
    click(app, "new")
    assert isinstance(app.top, CityMapScene) and list((tmp_path / "campaigns").glob("*.json"))


def test_choosing_a_scenario_starts_it_with_the_carried_inventories(tmp_path):
    app, s = make(tmp_path)
    vera = s.cs.char("vera")
    herb = s.cs.piles["item_a"].pop(0)
    vera.inventory.append([herb])  # something carried from an earlier scenario
    s.cs.touch()
    click(app, "slot", "UT1")
    click(app, "start")
    assert isinstance(app.top, PlayScene) and app.top.campaign is s
    gs = app.top.state
    assert gs.scenario.brief.id == "ut1" and inv(gs.characters) == inv(s.cs.characters)
    assert [herb] in gs.char("vera").inventory


def test_finishing_a_scenario_goes_through_the_end_phase_to_the_city_map(tmp_path):
    app, s = make(tmp_path)
    click(app, "slot", "DT1")
    click(app, "start")
    play = app.top
    play.state.result, play.state.result_reason = "success", "test"
    for _ in range(40):
        app.step([], 0.1)
        if isinstance(app.top, EndPhaseScene):
            break
    assert isinstance(app.top, EndPhaseScene)
    seen = set()
    for _ in range(30):
        app.step([], 0.5)
        if app.top.zones.find("next"):
            break
        seen.add(s.cs.phase)
        click(app, "act", next(z.value for z in app.top.zones.items if z.key == "act" and z.value.kind == "done"))
    assert {"success.transfer"} <= seen or "success.heal" in seen
    texts = " ".join(t for _, t in s.lines)
    assert "City danger +1" in texts and s.cs.danger == 1
    click(app, "next")
    assert isinstance(app.top, CityMapScene)
    assert s.cs.history[-1].scenario == "DT1"


def test_loading_a_slot_resumes_the_game_in_progress(tmp_path):
    app, s = make(tmp_path)
    click(app, "slot", "CM1")
    click(app, "start")
    play = app.top
    from game.engine import apply, legal_actions
    for _ in range(6):
        apply(play.state, legal_actions(play.state)[0])
    s.autosave(play.state)
    want = play.state.model_dump_json()
    app2 = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app2.step([])
    click(app2, "campaign")
    slot = next(z.value for z in app2.top.zones.items if z.key == "load")
    click(app2, "load", slot)
    assert isinstance(app2.top, PlayScene) and app2.top.state.model_dump_json() == want
    assert app2.top.campaign.cs.same_as(s.cs)


def test_campaign_loss_and_sheet_screens(tmp_path):
    app, s = make(tmp_path)
    click(app, "slot", "DT1")
    click(app, "start")
    st = app.top.state
    st.danger = 17
    st.result, st.result_reason = "failure", "test"
    for _ in range(40):
        app.step([], 0.1)
    assert isinstance(app.top, EndPhaseScene) and s.cs.result == "defeat"
    click(app, "next")
    assert isinstance(app.top, CampaignOverScene)
    click(app, "sheet")
    assert isinstance(app.top, CampaignSheetScene)
    click(app, "close")
    click(app, "menu")
    assert isinstance(app.top, MainMenu)
