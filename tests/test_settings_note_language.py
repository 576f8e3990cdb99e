"""Issue 30 (noticed): the main menu's note on a damaged settings file is worded in the player's
language (it was English on the Japanese screen: the notes are made before the file's language is
set)."""
from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.ui.settings_file import DAMAGED_NAME, SETTINGS_NAME, read_settings

needs_font = pytest.mark.skipif(i18n.japanese_font() is None, reason=i18n.FONT_HINT)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def english_after(display):
    yield
    i18n.set_language("en")


@needs_font
def test_a_bad_setting_is_noted_in_japanese_on_a_japanese_screen(tmp_path):
    from game.ui.app import App

    (tmp_path / SETTINGS_NAME).write_text('{"language": "ja", "sfx_volume": "loud", "palette": 3}')
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    msg = app.top.message
    assert "palette" in msg and SETTINGS_NAME in msg and "既定値" in msg and "ほか1件" in msg, msg
    assert "the default is used" not in msg and "more" not in msg


def test_the_notes_keep_their_english_text_and_word_themselves_in_english(tmp_path):
    (tmp_path / SETTINGS_NAME).write_bytes(b"{not json")
    _s, notes = read_settings(tmp_path)
    assert len(notes) == 1 and "every setting is back to its default" in notes[0] and DAMAGED_NAME in notes[0]
    assert notes[0].shown() == str(notes[0]) and not JAPANESE.search(notes[0])
