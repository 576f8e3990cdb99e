"""Every saved game the main menu's Continue can open (issue 26): the city's ``save.json`` (the
App's own slot, :meth:`game.ui.app.App.save_info`) and each mode's own slot
(:class:`game.ui.modes.SaveSlot`, a file of its own in the same folder). Continue opens the
newest save of them all; the older ones are offered on rows naming their mode.

A mode's slot is inspected only when its file is in the save folder, so the first menu frame
imports nothing of a mode that has no save (``tests/test_cold_start.py``).
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.errors import ContentError
from ..content.saves import SaveInfo, prev_path, slot_key
from .modes import SaveSlot, resolve, save_slots

if TYPE_CHECKING:
    from .app import App
    from .scene import Scene


class SavedGames:
    """The save slots of every mode, for one App (cached by the files' mtime, size and inode,
    like the App's own slot)."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self._cache: dict[str, tuple[tuple, SaveInfo]] = {}  # slot key -> (its files' key, what it holds)
        self._behind: threading.Thread | None = None  # the check behind the menu (check_behind)
        self._behind_failed = False

    def check_behind(self) -> bool:
        """Check every slot (:meth:`games`) in a thread of its own, so that a window's main menu stays
        responsive while a save is checked (~0.5 s at a start: the engine, the content and the scenario
        loaded, the game replayed; it blocked the second menu frame, issue 30 item 3). True while a check
        runs (one is started when none does); False when the last one failed: the caller checks in its
        own thread, where the error shows."""
        if self._behind is not None and self._behind.is_alive():
            return True
        if self._behind_failed:
            return False
        self._behind = threading.Thread(target=self._check, name="dreadboard-save-check", daemon=True)
        self._behind.start()
        return True

    def _check(self) -> None:
        try:
            self.games()
        except BaseException:
            self._behind_failed = True
            raise

    def of_modes(self, wait: bool = True) -> list[tuple[SaveSlot, SaveInfo]]:
        """(slot, what it holds) for each mode's slot that has a file in the save folder; with
        ``wait=False`` a slot not checked yet holds a SaveInfo of status "checking" (the main menu's
        first frame: checking imports the mode and replays its game, issue 30 item 3)."""
        out = []
        for slot in save_slots():
            p = _newest(self.app.save_dir, slot.file)
            if not p.is_file() and not prev_path(p).is_file():
                self._cache.pop(slot.key, None)
                continue
            key = slot_key(p)
            got = self._cache.get(slot.key)
            if got is None or got[0] != key or (wait and got[1].status == "checking"):
                got = (key, resolve(slot.inspect)(self.app) if wait else SaveInfo("checking", p))
                self._cache[slot.key] = got
            out.append((slot, got[1]))
        return out

    def games(self, wait: bool = True, every: bool = False) -> list[tuple[str, SaveSlot | None, SaveInfo]]:
        """The games Continue can open, newest save first: (key, slot, info); key ``"city"`` and slot
        None for the App's own ``save.json``. Only slots whose status is "ok" (or "checking", with
        ``wait=False``: not checked yet); ``every``: all slots whatever their status. With ``wait``, a
        check behind the menu under way (:meth:`check_behind`) is waited for: its findings, no second check."""
        if wait and self._behind is not None and self._behind is not threading.current_thread():
            self._behind.join()
        games = [("city", None, self.app.save_info(wait))] + [(s.key, s, i) for s, i in self.of_modes(wait)]
        ok = ("ok",) if wait else ("ok", "checking")
        return sorted((g for g in games if every or g[2].status in ok), key=_age, reverse=True)

    def resume(self, key: str | None = None) -> "Scene":
        """The scene that continues saved game ``key`` (None: the newest of all). Raises ContentError
        naming the file, or when there is no such game."""
        games = [g for g in self.games() if key is None or g[0] == key]
        if not games or games[0][1] is None:
            return self.app.continue_game()  # the city's (its slot says why when there is nothing)
        return resolve(games[0][1].resume)(self.app)

    def line(self, game: tuple[str, SaveSlot | None, SaveInfo]) -> str:
        """A mode's saved game in words (its slot's ``describe``); "" for the city's."""
        _key, slot, info = game
        if slot is None:
            return ""
        try:
            return str(resolve(slot.describe)(info))
        except ContentError:
            return info.scenario_id


def saved_games(app: "App") -> SavedGames:
    """The App's :class:`SavedGames` (made on the first ask, kept on the App)."""
    got = getattr(app, "_saved_games", None)
    if got is None or got.app is not app:
        got = SavedGames(app)
        app._saved_games = got  # type: ignore[attr-defined]
    return got


def _newest(folder: Path, file: str) -> Path:
    """The slot's file in ``folder``: ``file`` itself, or the newest file its glob pattern matches
    (``file`` itself when none does, so the caller finds no file)."""
    if not any(c in file for c in "*?["):
        return folder / file
    found = []
    for p in folder.glob(file):
        try:
            found.append((p.stat().st_mtime, p.name, p))
        except OSError:
            continue
    return max(found)[2] if found else folder / file


def _age(game: tuple[Any, Any, SaveInfo]) -> float:
    try:
        return game[2].path.stat().st_mtime if game[2].path is not None else 0.0
    except OSError:
        return 0.0


__all__ = ["SavedGames", "saved_games"]
