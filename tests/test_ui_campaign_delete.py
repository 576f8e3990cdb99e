"""Deleting a campaign save (play4: "No way to delete a slot"), headless: the city and manor save
lists have Delete on every row; it asks first in a dialog naming the save; Delete removes the slot's
file and the previous save kept beside it, the row leaves the list, the other slots are untouched
(byte for byte); Keep it (and Esc) change nothing; all of it works from the keyboard too."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.saves import prev_path  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.campaign import CampaignMenu, CampaignSession, DeleteSaveDialog  # noqa: E402
from game.ui.manor import ManorCampaignMenu, ManorSession  # noqa: E402
from game.ui.scene import Reset  # noqa: E402
from tests.ui_kit import click, press, shown_text as shown  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def saved(app: App, session_class, names, party) -> list:
    """Campaigns saved under ``names`` (each saved twice, so a previous save is kept beside it)."""
    out = []
    for k, name in enumerate(names):
        s = session_class.new(app, party, seed=k + 1, name=name)
        s.autosave()
        assert prev_path(s.slot).is_file()
        out.append(s.slot)
    return out


def listed(app: App) -> list:
    app.step([])
    return [z.value for z in app.top.zones.items if z.key == "load"]


def test_a_city_save_is_deleted_after_a_dialog_naming_it(tmp_path):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    first, second, third = saved(app, CampaignSession, ["First", "Second", "Third"], ["vera", "mateo"])
    others = {p: p.read_bytes() for p in (first, third, prev_path(first), prev_path(third))}
    app.apply(Reset(CampaignMenu()))
    assert set(listed(app)) == {first, second, third}
    click(app, "delete", second)
    assert isinstance(app.top, DeleteSaveDialog)
    assert "“Second”" in shown(app)  # the dialog names the save
    click(app, "no")  # Keep it: nothing happens
    assert isinstance(app.top, CampaignMenu) and second.is_file() and set(listed(app)) == {first, second, third}
    click(app, "delete", second)
    click(app, "yes")
    assert isinstance(app.top, CampaignMenu)
    assert not second.exists() and not prev_path(second).exists()  # gone from disk, its previous save too
    assert set(listed(app)) == {first, third} and "Deleted Second." in app.top.message
    assert {p: p.read_bytes() for p in others} == others  # the other slots untouched


def test_a_manor_save_is_deleted_from_the_keyboard(tmp_path):
    """Up/Down choose a save, Delete asks, Enter presses the framed button (Keep it at first), Esc
    keeps the save; Right then Enter deletes it."""
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    a, b = saved(app, ManorSession, ["Hall", "Attic"], ["dana", "ivy"])
    keep = {p: p.read_bytes() for p in (a, prev_path(a))}
    app.apply(Reset(ManorCampaignMenu()))
    order = listed(app)  # newest first
    assert set(order) == {a, b}
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert app.top.row_focus == order[1]
    victim = order[1]
    press(app, pygame.K_DELETE)
    assert isinstance(app.top, DeleteSaveDialog) and app.top.info.path == victim
    press(app, pygame.K_RETURN)  # Keep it is framed first: nothing deleted
    assert isinstance(app.top, ManorCampaignMenu) and victim.is_file()
    press(app, pygame.K_DELETE)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ManorCampaignMenu) and victim.is_file()
    press(app, pygame.K_DELETE)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert not victim.exists() and not prev_path(victim).exists() and listed(app) == [order[0]]
    survivor = order[0]
    if survivor == a:
        assert {p: p.read_bytes() for p in keep} == keep
    press(app, pygame.K_RETURN)  # Enter on the save the keyboard is on continues it
    assert not isinstance(app.top, ManorCampaignMenu)


def test_a_damaged_save_can_be_deleted_too(tmp_path):
    """A slot the game cannot read is listed as damaged with its reason; it has Delete as well."""
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    (good,) = saved(app, CampaignSession, ["Good"], ["vera"])
    bad = good.with_name("zz broken.json")
    bad.write_text("{ not json")
    app.apply(Reset(CampaignMenu()))
    app.step([])
    assert app.top.zones.find("delete", bad) is not None and app.top.zones.find("load", bad) is None
    click(app, "delete", bad)
    click(app, "yes")
    assert not bad.exists() and good.is_file() and listed(app) == [good]


# ------------------------------------------------------------------ issue 25 item 10
def _zones(app, key) -> list:
    app.step([])
    return [z.value for z in app.top.zones.items if z.key == key]


def test_issue25_10_a_damaged_save_offers_its_good_previous_save_back(tmp_path):
    """A campaign save damaged on disk with a good ``.prev.json`` beside it: its row offers
    "Restore previous"; that puts the previous save back (and keeps it), and the campaign continues."""
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    (slot,) = saved(app, CampaignSession, ["Ruined"], ["vera", "mateo"])
    good = prev_path(slot).read_bytes()
    slot.write_bytes(slot.read_bytes()[:40])  # truncated
    app.apply(Reset(CampaignMenu()))
    assert _zones(app, "restore") == [slot] and _zones(app, "load") == []
    click(app, "restore", slot)
    assert slot.read_bytes() == good and prev_path(slot).read_bytes() == good
    assert "Restored the previous save of" in app.top.message
    assert _zones(app, "load") == [slot] and _zones(app, "restore") == []
    click(app, "load", slot)
    assert not isinstance(app.top, CampaignMenu)  # it opened


def test_issue25_10_a_save_listed_as_fine_that_does_not_open_is_marked_and_offers_restore(tmp_path):
    """Issue 29 item 4 with 25.10: a save whose state is impossible reads as fine in the list;
    Continue refuses it (no crash), its row then says damaged and offers the previous save."""
    import json
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    (slot,) = saved(app, CampaignSession, ["Edited"], ["vera", "mateo"])
    doc = json.loads(slot.read_text())
    doc["campaign"]["step"] = 200_000  # a step count its record does not have
    slot.write_text(json.dumps(doc))
    app.apply(Reset(CampaignMenu()))
    assert _zones(app, "load") == [slot]
    click(app, "load", slot)
    assert isinstance(app.top, CampaignMenu) and "campaign.step" in app.top.message
    assert _zones(app, "restore") == [slot] and _zones(app, "load") == []
    click(app, "restore", slot)
    assert _zones(app, "load") == [slot]


def test_issue25_10_deleting_the_last_good_copy_is_said_first(tmp_path):
    """Delete on a damaged save whose previous save still opens: the dialog says the last good
    copy goes too (it used to say only "together with its previous save")."""
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    (slot,) = saved(app, CampaignSession, ["Gone"], ["vera", "mateo"])
    slot.write_bytes(b"{")
    app.apply(Reset(CampaignMenu()))
    click(app, "delete", slot)
    assert isinstance(app.top, DeleteSaveDialog)
    assert "last good copy" in " ".join(shown(app))
