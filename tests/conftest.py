"""Shared UI test kit: a headless pygame display (SDL dummy drivers) as the ``display`` fixture,
used by every tests/test_ui_*.py module (``pytestmark = pytest.mark.usefixtures("display")``),
and :func:`play_app` (now in tests/ui_kit.py, the shared UI test set-up), the play scene on an
off-screen surface for a given state."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="module")
def display():
    """pygame's display and font modules, and a 1280x720 window on the dummy video driver, for
    one test module; the display is shut again after it (tests elsewhere check that loading
    maps never needs one)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    yield
    pygame.display.quit()


@pytest.fixture(autouse=True)
def rule_ids_hidden_again():
    """Every test starts with "Show rule IDs" off (the setting is mirrored module-wide in
    game.ui.ruleids; a test that turned it on must not change the words the next one reads), and
    ends in the language it started in (an App made with Japanese settings switches the whole
    process to Japanese; test_explain_odds then read Japanese words after
    test_dungeon_party_refused). A language a module-scoped fixture chose is kept: it was chosen
    before the test started."""
    from game import i18n
    from game.ui import ruleids

    ruleids.set_show_rule_ids(False)
    lang = i18n.language()
    yield
    ruleids.set_show_rule_ids(False)
    if i18n.language() != lang:
        i18n.set_language(lang)


@pytest.fixture(scope="module")
def intro():
    """The Introduction's scenario (loaded once per test module)."""
    from game.content.loader import load_scenario

    return load_scenario("intro")


from tests.ui_kit import play_app  # noqa: E402,F401  (the play screen for a state; tests/ui_kit.py)
