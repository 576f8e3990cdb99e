"""Settings as a typed model (issue 24 item 4): settings.json is validated on load by a pydantic
model; a damaged file or a bad value gives a clear note naming the file and the setting, and the
defaults are kept; the model answers the screens' dictionary reads and validates writes."""
from __future__ import annotations

import json

import pygame
import pytest
from pydantic import ValidationError

from game.ui.settings_file import DAMAGED_NAME, DEFAULTS, SETTINGS_NAME, Settings, read_settings, validate_settings

pytestmark = pytest.mark.usefixtures("display")


def test_no_file_gives_the_defaults_and_no_note(tmp_path):
    s, notes = read_settings(tmp_path)
    assert s.model_dump() == DEFAULTS and notes == []
    assert s.sfx_volume == 0.8 and s["auto_ties"] is True and s.get("keys") == {}


def test_each_bad_value_keeps_its_default_and_is_named(tmp_path):
    (tmp_path / SETTINGS_NAME).write_text(json.dumps(
        {"music_volume": 4.0, "sfx_volume": "loud", "mute": "yes", "language": "fr", "ui_scale": 9.5,
         "palette": "colour_blind", "seat_names": ["Ann", 3], "anim_speed": -1, "from_a_newer_game": 1}))
    s, notes = read_settings(tmp_path)
    assert s.music_volume == 1.0 and s.anim_speed == 0.25  # numbers are kept in their range
    assert s.sfx_volume == 0.8 and s.mute is False and s.language == "en" and s.ui_scale == 0.0
    assert s.seat_names == [] and s.palette == "colour_blind"  # a good value next to bad ones is kept
    assert s.get("from_a_newer_game") == 1  # kept for the round trip
    named = {n.split(": ")[1] for n in notes}
    assert named == {"sfx_volume", "mute", "language", "ui_scale", "seat_names"}
    assert all(n.startswith(str(tmp_path / SETTINGS_NAME)) and "default is used" in n for n in notes)


@pytest.mark.parametrize("text, says", [("{\"mute\": tru", "damaged and cannot be read"), ("[1, 2]", "not a JSON object"),
                                        ("\xff\xfe", "not UTF-8")])
def test_a_damaged_file_gives_every_default_a_note_and_a_kept_copy(tmp_path, text, says):
    path = tmp_path / SETTINGS_NAME
    path.write_bytes(text.encode("latin-1"))
    s, notes = read_settings(tmp_path)
    assert s.model_dump() == DEFAULTS
    assert len(notes) == 1 and says in notes[0] and "default" in notes[0], notes
    if says != "not a JSON object":  # a file that parsed is not copied: its good values were kept
        assert (tmp_path / DAMAGED_NAME).read_bytes() == text.encode("latin-1")


def test_the_main_menu_says_what_was_wrong_and_a_change_writes_a_valid_file(tmp_path):
    from game.ui.app import App

    (tmp_path / SETTINGS_NAME).write_text('{"sfx_volume": "loud", "auto_ties": false}')
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    assert "sfx_volume" in app.top.message and SETTINGS_NAME in app.top.message
    assert app.settings["auto_ties"] is False and app.settings["sfx_volume"] == 0.8
    app.set_setting("music_volume", 0.5)
    again, notes = read_settings(tmp_path)
    assert notes == [] and again.music_volume == 0.5 and again.auto_ties is False
    with pytest.raises(ValidationError):
        app.set_setting("palette", "purple")


def test_validate_settings_refuses_a_non_object():
    s, notes = validate_settings(3, "x.json")
    assert s == Settings() and notes and notes[0].startswith("x.json: ")


def test_the_defaults_without_a_model_are_the_models_defaults(tmp_path):
    """Issue 30 item 3 (cold start): with no settings file, no pydantic model is built; the defaults
    read then are the model's, and the first change builds and validates it."""
    from game.ui.settings_file import settings_model

    assert settings_model()().model_dump() == DEFAULTS
    s, _notes = read_settings(tmp_path)
    assert s._model is None and s["palette"] == "standard" and "keys" in s and "nope" not in s
    s["music_volume"] = 0.25
    assert s._model is not None and s.music_volume == 0.25 and s.model_dump()["music_volume"] == 0.25
    with pytest.raises(ValidationError):
        s["mute"] = "yes"
