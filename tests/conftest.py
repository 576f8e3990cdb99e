"""Shared test fixtures: a headless pygame display for the UI tests (SDL dummy drivers)."""
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
