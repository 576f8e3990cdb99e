"""Saves: versioned JSON written atomically (temp file, then ``os.replace``).

A save holds the scenario id, the party, the seed, the record of actions and a snapshot of
the state. Loading checks the version and replays nothing unless asked; a corrupt save gives a
ContentError naming the file, and never touches other saves.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..engine.migrate import SaveVersionError, migrate_state
from ..engine.state import SAVE_VERSION, GameState
from .errors import ContentError


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a temp file in the same folder, fsync, replace."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_game(path: str | Path, state: GameState, party: list[tuple[str, int]], extra: dict | None = None) -> None:
    """Save a game in progress (snapshot + record) atomically. ``extra`` holds UI settings
    (map override, which seats are bots), read back with :func:`read_save_extra`."""
    doc = {"format": "dreadboard-save", "version": SAVE_VERSION, "scenario": state.scenario_id,
           "party": [list(p) for p in party], "seed": state.seed, "extra": extra or {},
           "state": json.loads(state.model_dump_json())}
    atomic_write_text(path, json.dumps(doc))


def load_game(path: str | Path, scenario: Any) -> tuple[GameState, list[tuple[str, int]]]:
    """Load a save made by :func:`save_game` and attach ``scenario``.

    Raises ContentError (file named) if the file is missing, not JSON, of another version or
    for another scenario.
    """
    p = Path(path)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(str(p), "", "save file not found", "pick another save") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as ex:
        where = f"line {ex.lineno}" if isinstance(ex, json.JSONDecodeError) else ""
        raise ContentError(str(p), where, "the save is damaged and cannot be read",
                           "load another save; this one is left untouched") from None
    if not isinstance(doc, dict) or doc.get("format") != "dreadboard-save":
        raise ContentError(str(p), "", "not a Dreadboard save", "pick a file the game saved")
    try:  # an older save is brought up to date (game.engine.migrate); a newer one is refused
        doc["state"] = migrate_state(doc.get("state"), doc.get("version"))
    except SaveVersionError as ex:
        raise ContentError(str(p), "version", str(ex), "load another save or start a new game") from None
    if doc.get("scenario") != scenario.id:
        raise ContentError(str(p), "", f"the save is for scenario '{doc.get('scenario')}'",
                           f"load it with that scenario, not '{scenario.id}'")
    try:
        state = GameState.model_validate(doc["state"])
    except (ValidationError, KeyError) as ex:
        raise ContentError(str(p), "state", f"the save's state is damaged ({ex.__class__.__name__})",
                           "load another save") from None
    party = [(str(a), int(b)) for a, b in doc.get("party", [])]
    return state.attach(scenario), party


def read_save_extra(path: str | Path) -> dict:
    """The ``extra`` settings of a save, or {} if the file is unreadable (load_game reports that)."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        ex = doc.get("extra", {}) if isinstance(doc, dict) else {}
        return ex if isinstance(ex, dict) else {}
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
