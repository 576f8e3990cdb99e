"""Settings (issue 12): a rebindable keyboard shortcut for every action-phase action, undo, redo and
the rules (kept in settings.json); a colour-blind palette for tiles, health and highlights."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import theme as T  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.bindings import ACTIONS, conflict, current, intent_of, parse  # noqa: E402
from game.ui.scenes.menu import ChoiceMenu  # noqa: E402
from game.ui.settings import KeysScene, SettingsScene  # noqa: E402
from tests.kit import board, game, tok  # noqa: E402
from tests.ui_kit import play_app  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def standard_palette_after(display):
    """The display comes from tests/conftest.py; the standard palette is restored after."""
    yield
    T.apply_palette("standard")


def keydown(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


ROOM = board("AAA", "AAA", start={1: (0, 0)}, place=[("exit", (2, 1)), ("item", (0, 0), {"letter": "A"})])


scene = play_app  # the play screen for a state, Vera's seat human (tests/ui_kit.py)


def test_every_action_has_a_default_shortcut_that_parses():
    intents = {i for i, _l, _k in ACTIONS}
    assert {"search", "attack", "use", "trade", "door", "exit", "end_phase", "undo", "redo", "rules"} <= intents
    assert all(parse(k) is not None for _i, _l, k in ACTIONS)
    assert intent_of(keydown(pygame.K_z, pygame.KMOD_LCTRL), {}) == "undo"
    assert intent_of(keydown(pygame.K_z), {}) is None  # Z alone is nothing
    assert intent_of(keydown(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT), {}) == "redo"


def test_shortcut_searches_and_says_why_when_it_cannot(tmp_path):
    s = game(ROOM)
    app, play = scene(tmp_path, s)
    app.step([keydown(pygame.K_t)])  # trade: nobody here
    assert play.ui.toast == "Nobody to trade with here."
    before = len(s.record)
    app.step([keydown(pygame.K_s)])  # search: one token, taken at once
    assert s.record[before:] and s.record[before]["kind"] == "search"


def test_rebinding_a_key_in_the_keys_screen(tmp_path):
    s = game(ROOM)
    app, play = scene(tmp_path, s)
    keys = KeysScene()
    app.stack = [play, keys]
    app.step([])
    row = keys.zones.find("search")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1)])
    assert keys.waiting == "search"
    app.step([keydown(pygame.K_SPACE)])  # reserved for the game
    assert "kept for the game" in keys.message and current(app.settings)["search"] == "s"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1)])
    app.step([keydown(pygame.K_a)])  # already Attack
    assert "already the key" in keys.message
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1)])
    app.step([keydown(pygame.K_g)])
    assert current(app.settings)["search"] == "g"
    assert App(pygame.Surface((1280, 720)), save_dir=tmp_path).settings["keys"] == {"search": "g"}  # saved
    assert conflict(app.settings, "trade", "g") == "search"
    app.stack = [play]
    before = len(s.record)
    app.step([keydown(pygame.K_s)])
    assert len(s.record) == before  # S no longer searches
    app.step([keydown(pygame.K_g)])
    assert s.record[before]["kind"] == "search"


def test_colour_blind_palette_switches_tiles_health_and_highlights(tmp_path):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    std = (dict(T.TILE_COLOURS), dict(T.HEALTH_COLOURS), T.MOVE_HL)
    settings = SettingsScene()
    app.stack = [settings]
    app.step([])
    row = settings.zones.find("palette")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1)])
    assert app.settings["palette"] == "colour_blind"
    assert T.TILE_COLOURS["green"] == (86, 180, 233) and T.HEALTH_COLOURS[1] == (0, 114, 178)
    assert T.TILE_COLOURS["green"] != std[0]["green"] and T.MOVE_HL != std[2]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1)])
    assert (dict(T.TILE_COLOURS), dict(T.HEALTH_COLOURS), T.MOVE_HL) == std
