"""Versus saves and replays (issue 27 item 3): a saved game is its scenario, sides, seed, players,
who plays each seat and the record of actions; loading replays the record through the rules
(``replay``: every recorded action must be legal at its step), so a damaged or hostile file is
refused with the file and the reason (and the game goes on), and nothing in it is ever executed.
The same record is the replay.

A game is saved only while nothing is secret (V-HOT-1/3: no deployment, facing or bid committed
and unrevealed), so neither the file nor the save list can carry a secret of either side; the list
shows the scenario, the round and the players' names only. No pygame here.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...content.errors import ContentError, P_
from ...content.saves import SaveInfo, atomic_write_text, read_json_limited
from ...engine import IllegalAction, RulesError, record_of, recorded, replay
from ...engine.query import View
from ...engine.versus import SCENARIOS, scenario
from ...engine.versus.view import VsView
from ...i18n import _f
from . import words as W

FORMAT = "dreadboard-versus"
VERSION = 1
SLOTS = 3
MAX_BYTES = 2 * 1024 * 1024  # a 10-round Sanctuary game is about 60 KB
Name = Annotated[str, Field(max_length=64)]
Ctrl = Literal["human", "random", "greedy", "search:0.5", "search:2", "search:5"]


class VersusSaveDoc(BaseModel):
    """The shape of a versus save (everything else is refused)."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["dreadboard-versus"]
    version: Literal[1]
    scenario: Annotated[str, Field(max_length=32)]
    factions: Annotated[list[Literal["directorate", "syndicate"]], Field(min_length=2, max_length=2)]
    seed: Annotated[int, Field(ge=0, lt=2 ** 63)]
    names: Annotated[list[Name], Field(max_length=2)] = []
    controllers: Annotated[list[Ctrl], Field(max_length=2)] = []
    round: Annotated[int, Field(ge=0, le=100)] = 0
    record: Annotated[list[dict[str, Any]], Field(max_length=20000)]


@dataclass
class SlotInfo:
    """One slot of the save list: its path, and a summary free of secrets (or the reason it cannot
    be opened)."""

    path: Path
    doc: VersusSaveDoc | None
    error: ContentError | None = None


def slot_path(folder: Path, n: int) -> Path:
    return Path(folder) / "versus" / f"slot{n}.json"


def can_save(state: Any) -> bool:
    """V-HOT-1/3: nothing secret is committed and unrevealed (no secret decision pending, the
    deployment revealed), and the game is not over."""
    v = View(state, None)
    p = v.pending
    return v.outcome() is None and VsView(state, None).revealed and not (p is not None and p.secret)


def save(path: Path, state: Any, names: list[str], controllers: list[str]) -> None:
    """Write ``state`` to ``path`` (atomically, the previous save kept). Raises ValueError while a
    secret is open (:func:`can_save`), OSError when the file cannot be written."""
    if not can_save(state):
        raise ValueError("a versus game is saved only while nothing is secret")
    vs = VsView(state, None)
    doc = VersusSaveDoc(format=FORMAT, version=VERSION, scenario=vs.scenario.id, factions=list(vs.factions),
                        seed=View(state).seed, names=list(names)[:2], controllers=list(controllers)[:2],
                        round=vs.round, record=record_of(state))
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, doc.model_dump_json(), keep_previous=True)


def read(path: Path) -> VersusSaveDoc:
    """The save at ``path``, shape-checked within size and depth limits. Raises ContentError naming
    the file and what is wrong."""
    p = Path(path)
    raw = read_json_limited(p, max_bytes=MAX_BYTES)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ContentError(str(p), "", "not a Dreadboard versus save", "pick a file the versus game saved")
    try:
        doc = VersusSaveDoc.model_validate(raw)
    except ValidationError as ex:
        err = ex.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(whole file)"
        raise ContentError(str(p), loc, f"the save is damaged: {loc}: {err['msg']}",
                           "start a new game; the file is left as it is") from None
    if doc.scenario not in SCENARIOS:
        raise ContentError(str(p), "scenario", f"unknown versus scenario '{doc.scenario}'", "start a new game")
    if sorted(doc.factions) != ["directorate", "syndicate"]:
        raise ContentError(str(p), "factions", "the two seats must play one faction each", "start a new game")
    return doc


def load(path: Path) -> tuple[Any, VersusSaveDoc]:
    """(game, doc) of the save at ``path``: the record replayed through the rules from the seed.
    Raises ContentError naming the file and the first action that is not legal (a corrupt or
    hostile record)."""
    doc = read(path)
    try:
        state = replay(scenario(doc.scenario), [(f, 0) for f in doc.factions], doc.seed, doc.record)
    except (IllegalAction, RulesError, TypeError, ValueError, KeyError) as ex:
        raise ContentError(str(path), "record", f"the saved actions do not replay: {str(ex)[:200]}",
                           "start a new game; the file is left as it is") from None
    return state, doc


def slots(folder: Path) -> list[SlotInfo]:
    """Every slot with a file, in slot order; a damaged one carries its error."""
    out = []
    for n in range(1, SLOTS + 1):
        p = slot_path(folder, n)
        if not p.is_file():
            continue
        try:
            out.append(SlotInfo(p, read(p)))
        except ContentError as ex:
            out.append(SlotInfo(p, None, ex))
    return out


def free_slot(folder: Path) -> Path:
    """The first empty slot, else the oldest one."""
    paths = [slot_path(folder, n) for n in range(1, SLOTS + 1)]
    for p in paths:
        if not p.exists():
            return p
    return min(paths, key=lambda p: p.stat().st_mtime)


def slot_info(app: Any) -> SaveInfo:
    """What the versus slots hold for the main menu's Continue (issue 26 leftover, never raises): the
    newest slot that loads (``status`` "ok", ``facts``: its scenario, round and the players' names,
    nothing secret, V-HOT-1/3), else "damaged" with the newest file's error, else "none"."""
    folder = Path(getattr(app, "save_dir", "") or ".")
    found = sorted(slots(folder), key=_mtime, reverse=True)
    error: ContentError | None = None
    for s in found:
        try:
            _state, doc = load(s.path)
        except ContentError as ex:
            error = error or ex
            continue
        except Exception as ex:  # a replay failing in an unexpected way: report, never crash the menu
            error = error or ContentError(str(s.path), "", P_("the save cannot be opened ({why})",
                                                                 why=ex.__class__.__name__), P_("start a new game"))
            continue
        return SaveInfo("ok", s.path, scenario_id=doc.scenario, controllers=list(doc.controllers),
                        facts={"scenario": doc.scenario, "round": doc.round, "names": list(doc.names)})
    if error is not None:
        return SaveInfo("damaged", found[0].path, reason=str(error), error=error)
    return SaveInfo("none")


def _mtime(s: SlotInfo) -> float:
    try:
        return s.path.stat().st_mtime
    except OSError:
        return 0.0


def describe(info: SaveInfo) -> str:
    """The saved versus game's line in the current language: "Sanctuary · round 3 · Ada against Bo"
    (the scenario by its key; the names as the players typed them)."""
    f = info.facts or {}
    name = W.scenario_name(f.get("scenario") or info.scenario_id)
    names = [str(n) for n in f.get("names", []) if n]
    if len(names) == 2:
        return _f("{scenario} · round {round} · {a} against {b}", scenario=name, round=f.get("round", 0),
                  a=names[0], b=names[1])
    return _f("{scenario} · round {round}", scenario=name, round=f.get("round", 0))


def record_json(state: Any) -> str:
    """The whole record as JSON (for tests: what a save holds besides its header)."""
    return json.dumps(record_of(state))


__all__ = ["VersusSaveDoc", "SlotInfo", "can_save", "save", "read", "load", "slots", "slot_path", "free_slot",
           "slot_info", "describe"]


class RecordPlayer:
    """Plays a finished game's record back at a watchable pace (a replay), with the frame-loop
    calls of :class:`game.ai.search.worker.BotTurns` (``poll``, ``thinking``, ``skip``, ``cancel``),
    so the play screen shows it as it shows bots: a spectator's view, public information only."""

    def __init__(self, record: list[dict[str, Any]], pace: float = 0.6):
        self.steps = [recorded(e) for e in record]
        self.pace = pace
        self.players = {0: self, 1: self}
        self._last = -1e9
        self._skip = False

    def poll(self, game: Any, now: float) -> tuple[int, Any] | None:
        v = View(game, None)
        i = v.step
        if i >= len(self.steps) or v.outcome() is not None:
            return None
        if not self._skip and now - self._last < self.pace:
            return None
        self._skip, self._last = False, now
        act, by = self.steps[i]
        return (by if by is not None else v.deciding_seats()[0]), act

    def thinking(self) -> int | None:
        return None

    def skip(self) -> None:
        self._skip = True

    def cancel(self) -> bool:
        return True
