"""The games the main menu offers beside the city's scenarios and campaigns (issues 26, 27): a mode
with screens of its own lists its package here, explicitly (issue 24 item 3), and names nothing
else in a shared UI file.

Each listed package is a light module (it imports no engine, so the first menu frame stays cold,
``tests/test_cold_start.py``) with ``MENU_LABEL`` (the main menu's row, untranslated, ``N_``) and
``MENU_SETUP``, the dotted name of a callable ``(app) -> Scene``: the mode's own set-up screen,
imported only when the row is chosen (:func:`open_game`).
"""
from __future__ import annotations

import importlib
from typing import Any

#: the packages of the modes offered on the main menu, in menu order
PACKAGES: tuple[str, ...] = ("game.ui.dungeon", "game.ui.versus")
#: the key prefix of their rows on the main menu
PREFIX = "game:"


def entries() -> list[tuple[str, str]]:
    """(untranslated label, menu key) of every listed mode. Raises ImportError for a listed
    package that is missing (a broken install: the menu names it rather than hiding the row)."""
    return [(importlib.import_module(p).MENU_LABEL, PREFIX + p) for p in PACKAGES]


def open_game(key: str, app: Any) -> Any:
    """The set-up scene of the mode whose menu key is ``key`` (from :func:`entries`). Raises
    KeyError for a key that names no listed mode."""
    pkg = key[len(PREFIX):] if key.startswith(PREFIX) else ""
    if pkg not in PACKAGES:
        raise KeyError(f"no listed game has the menu key {key!r} (listed: {', '.join(PACKAGES)})")
    module, _, name = importlib.import_module(pkg).MENU_SETUP.rpartition(".")
    return getattr(importlib.import_module(module), name)(app)


__all__ = ["PACKAGES", "PREFIX", "entries", "open_game"]
