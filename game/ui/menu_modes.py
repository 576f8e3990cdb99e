"""Main-menu entries that modes bring from their own packages (issues 26/27: the dungeon, versus).

A mode package under ``game/ui/`` (``game/ui/versus/``, ``game/ui/dungeon/``) that wants a line on
the main menu holds a module ``menu_entry.py`` with one :class:`MenuEntry` named ``ENTRY``; the
main menu lists them (:func:`menu_entries`) without naming any mode, so adding a mode edits no
shared file. ``menu_entry.py`` must stay light (no engine, no map reader: the first menu frame
imports neither, tests/test_cold_start.py): its ``open`` imports the mode's screens when chosen.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

ENTRY_MODULE = "menu_entry"
UI_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class MenuEntry:
    """One main-menu line: ``key`` (unique), ``label`` (untranslated English, marked ``N_``; the
    menu translates it), ``order`` (smaller first, after New game / Continue / Campaign),
    ``open(app) -> Scene`` (the scene pushed when chosen; may raise ContentError, which the
    menu shows)."""

    key: str
    label: str
    open: Callable[[Any], Any]
    order: int = 50


_found: list[MenuEntry] | None = None


def menu_entries(refresh: bool = False) -> list[MenuEntry]:
    """Every mode package's entry (packages of ``game/ui`` with a ``menu_entry`` module), by
    ``order`` then ``key``; found once. Raises ImportError/AttributeError naming the module for a
    ``menu_entry`` without ``ENTRY`` (a programming error, not a player's)."""
    global _found
    if _found is None or refresh:
        out = []
        for m in sorted(pkgutil.iter_modules([str(UI_DIR)]), key=lambda m: m.name):
            if m.ispkg and (UI_DIR / m.name / f"{ENTRY_MODULE}.py").is_file():
                mod = importlib.import_module(f"{__package__}.{m.name}.{ENTRY_MODULE}")
                entry = getattr(mod, "ENTRY", None)
                if not isinstance(entry, MenuEntry):
                    raise AttributeError(f"{mod.__name__} has no ENTRY (a game.ui.menu_modes.MenuEntry)")
                out.append(entry)
        _found = sorted(out, key=lambda e: (e.order, e.key))
    return list(_found)


def entry(key: str) -> MenuEntry | None:
    """The entry with menu key ``key``, or None."""
    return next((e for e in menu_entries() if e.key == key), None)
