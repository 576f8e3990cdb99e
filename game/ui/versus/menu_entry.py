"""The main menu's versus line (found by :func:`game.ui.menu_modes.menu_entries`). Light: the
engine is imported only when the line is chosen (tests/test_cold_start.py)."""
from __future__ import annotations

import importlib
from typing import Any

from ...i18n import N_
from ..menu_modes import MenuEntry


def _open(app: Any) -> Any:
    # the set-up screen imports the engine: loaded only once the line is chosen (the first menu
    # frame imports no engine, tests/test_cold_start.py)
    return importlib.import_module(f"{__package__}.setup").VersusSetup(app)


ENTRY = MenuEntry(key="versus", label=N_("Versus (two players)"), open=_open, order=40)
