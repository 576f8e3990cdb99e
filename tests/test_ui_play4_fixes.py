"""What a fresh player (play4) found in the manor campaign and the window, fixed; headless.

Each test drives the real scenes with posted mouse events (SDL dummy drivers) and checks what the
player sees: a hostile campaign save is refused with its reason instead of crashing the game, a
damaged save list row says what is wrong in words, ... (report: /work/scratch/play4/report.md)."""
from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.manor import ManorCampaignMenu, ManorMapScene, ManorSession  # noqa: E402
from game.ui.scene import Reset  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def post_click(app: App, pos) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)


def click(app: App, key: str, value=None) -> None:
    app.step([])
    z = app.top.zones.find(key, value)
    assert z is not None, f"no {key} {value} on {type(app.top).__name__}"
    post_click(app, z.rect.center)


def manor_slot(tmp_path, edit) -> tuple[App, object]:
    """A manor campaign saved on its map (Dana and Ivy), its slot edited by ``edit(campaign_dict)``
    as a hostile hand would; a fresh App on the manor campaign menu."""
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana", "ivy"], seed=4)
    doc = json.loads(s.slot.read_text())
    edit(doc["campaign"])
    s.slot.write_text(json.dumps(doc))
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.apply(Reset(ManorCampaignMenu()))
    app.step([])
    return app, s.slot


HOSTILE = {
    "unknown survivor": lambda c: c.__setitem__("party", ["dana", "nobody"]),
    "twice the same": lambda c: c.__setitem__("party", ["dana", "dana"]),
    "empty party": lambda c: c.__setitem__("party", []),
    "unknown step": lambda c: c.__setitem__("phase", "nonsense"),
    "unknown card": lambda c: (c.__setitem__("chosen", "NOPE"), c.__setitem__("phase", "playing")),
    "danger past the track": lambda c: c.__setitem__("danger", 10 ** 9),
    "negative kerosene": lambda c: c["kerosene"].__setitem__("dana", -7),
    "stranger in the reserve": lambda c: c.__setitem__("reserve", [{"cid": "ghost", "wounds": 2}]),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_campaign_save_is_refused_with_its_reason_not_a_crash(tmp_path, case):
    """play4 #1: a manor save edited by hand (a survivor the game does not know, the same one twice,
    nobody, a step or a card that does not exist, danger past the track, negative kerosene) loaded
    as a good one and the program died later with a traceback (starting the next card, drawing the
    end phase). Now Continue stays on the menu with a message naming the file, the field and what
    to do; the slot is left untouched and the game keeps running."""
    app, slot = manor_slot(tmp_path, HOSTILE[case])
    before = slot.read_bytes()
    click(app, "load", slot)
    assert isinstance(app.top, ManorCampaignMenu)
    msg = app.top.message
    assert slot.name in msg and "campaign" in msg and "load another save" in msg
    assert slot.read_bytes() == before
    app.step([], 0.05)  # and the menu still draws


def test_a_good_manor_slot_still_continues_on_its_map(tmp_path):
    """The load checks refuse only impossible states: an untouched slot opens on the manor map."""
    app, slot = manor_slot(tmp_path, lambda c: None)
    click(app, "load", slot)
    assert isinstance(app.top, ManorMapScene)


def test_a_campaign_the_rules_cannot_go_on_with_is_said_on_the_map_not_a_crash(tmp_path, monkeypatch):
    """play4 #1, the safety net under the load checks: if setting up the next card fails inside
    the rules (a state no check foresaw), the map says so naming the slot; no traceback."""
    from game.ui import campaign as C

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana", "ivy"], seed=4)
    app.apply(Reset(ManorMapScene(s)))
    app.step([])

    def broken(*a, **k):
        raise ValueError("unknown survivor 'nobody'")

    monkeypatch.setattr(C, "begin_scenario", broken)
    click(app, "card", "E1A")
    click(app, "start")
    assert isinstance(app.top, ManorMapScene)
    assert s.slot.name in app.top.message and "unknown survivor 'nobody'" in app.top.message


def test_a_save_list_row_with_a_summary_that_is_not_numbers_says_so_in_words(tmp_path):
    """play4 #2: a slot whose summary turn is text was listed as "invalid literal for int() with
    base 10" (Python's words); now the row says the save is damaged and why, in the game's words,
    and what to do."""
    from game.content.campaign_saves import list_slots

    app, slot = manor_slot(tmp_path, lambda c: None)
    doc = json.loads(slot.read_text())
    doc["summary"]["turn"] = "x" * 50
    slot.write_text(json.dumps(doc))
    info = next(i for i in list_slots(slot.parent) if i.path == slot)
    assert info.status == "damaged" and info.error is not None
    assert "int()" not in info.reason and "turn or danger is not a number" in info.reason
    assert "load another save" in info.reason
