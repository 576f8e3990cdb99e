"""Saves: versioned JSON, written atomically, read with limits and checked by meaning.

A save holds the scenario id, the party, the seed, the map it was made on (its file and the
SHA-256 of its bytes), UI extras (``extra``: the ``--map`` override, which seats are bots) and a
snapshot of the state with its record of actions.

Writing (:func:`save_game`): a temp file in the same folder (named after the writing process, so
a later start can tell an orphan from a write in progress), flushed and fsynced, the current save
kept as ``<name>.prev.json``, then ``os.replace`` and an fsync of the folder. A process killed at
any moment leaves the previous save intact; :func:`clean_stale_temps` (called at every start of
the window) removes the temp files of processes that are gone.

Reading (:func:`read_save_doc`, :func:`load_game`, :func:`open_save`): at most
:data:`MAX_SAVE_BYTES`, nesting at most :data:`MAX_DEPTH`, integers of at most
:data:`MAX_INT_DIGITS` digits, no NaN/Infinity; then the shape (pydantic), then the meaning
(:func:`game.engine.invariants.check_state`: ids known, models on the board, every card in one
place, values in range, a consistent pending decision), the party against the seats, and the
map's hash against the map on disk. Anything wrong raises :class:`ContentError` naming the file
and the first problem; nothing on disk is changed by reading.

A path in a save (``extra.map``) is only followed inside the game's maps folder, the user's map
library (:func:`user_maps_dir`) or the map the player named on the command line.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Literal

from .errors import ContentError, P_, quoted

if TYPE_CHECKING:  # the engine is imported by the functions that read or write a game (cold start)
    from pydantic import ValidationError

    from ..engine.state import GameState
    from .save_doc import GameSetup, SaveDoc

MAX_SAVE_BYTES = 16 * 1024 * 1024  # a 4-player game of 10,000 steps is about 2 MB
MAX_DEPTH = 48  # the deepest a real save nests is about 8
MAX_INT_DIGITS = 24  # seeds and the RNG state are 64-bit (20 digits)
MAX_FLOAT_CHARS = 32
MAX_RECORD = 50_000  # actions in one saved game (a long 4-player game has a few thousand)
SAVE_FORMAT = "dreadboard-save"
TEMP_SUFFIX = ".tmp"
_TEMP_RE = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d{1,10})\.[0-9a-f]{8}\.tmp$")
_STRING_RE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKET_RE = re.compile(r"[\[\]{}]")
MAP_SUFFIXES = (".tmx", ".tmj")


# ============================================================================ folders and paths
def user_data_dir() -> Path:
    """platformdirs' per-user data folder for Dreadboard (saves, settings, the map library)."""
    from platformdirs import user_data_dir as udd

    return Path(udd("dreadboard", appauthor=False))


def user_maps_dir() -> Path:
    """The user's map library: maps put here may be named by a save."""
    return user_data_dir() / "maps"


def game_maps_dir() -> Path:
    from .loader import ROOT

    return ROOT / "maps"


def prev_path(path: str | Path) -> Path:
    """Where the save before ``path`` is kept: ``save.json`` -> ``save.prev.json``."""
    p = Path(path)
    return p.with_name(p.stem + ".prev" + p.suffix)


def map_allowed(path: str | Path, trusted: str | Path | None = None,
                roots: list[Path] | None = None) -> bool:
    """True if a save may name the map ``path``: a .tmx/.tmj file inside the game's maps folder or
    the user's map library (``roots`` overrides those), or the very map named on the command line
    (``trusted``)."""
    try:
        p = Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    if trusted:
        try:
            if p == Path(trusted).resolve():
                return True
        except (OSError, RuntimeError, ValueError):
            pass
    if p.suffix.lower() not in MAP_SUFFIXES:
        return False
    for root in roots if roots is not None else [game_maps_dir(), user_maps_dir()]:
        try:
            if p.is_relative_to(root.resolve()):
                return True
        except (OSError, RuntimeError, ValueError):
            continue
    return False


def file_sha256(path: str | Path) -> str | None:
    """SHA-256 (hex) of a file's bytes, or None if it cannot be read."""
    import hashlib

    try:
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        return h.hexdigest()
    except OSError:
        return None


def scenario_map_file(scenario: Any, map_path: str | Path | None = None) -> Path:
    """The map file a scenario is played on: the override, else the brief's ``map``."""
    from .loader import ROOT

    return Path(map_path) if map_path else ROOT / scenario.brief.map


# ============================================================================ writing
def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temp_name(path: Path) -> Path:
    import secrets

    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def atomic_write_text(path: str | Path, text: str, keep_previous: bool = False) -> None:
    """Write ``text`` to ``path`` atomically: a temp file in the same folder, fsync, replace,
    fsync the folder. With ``keep_previous`` the file being replaced is kept as
    :func:`prev_path`. On any error the temp file is removed and ``path`` is unchanged.
    Raises OSError."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _temp_name(path)
    try:
        with open(tmp, "x", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if keep_previous and path.is_file():
            _keep_copy(path, prev_path(path))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _keep_copy(src: Path, dst: Path) -> None:
    """``dst`` becomes a copy of ``src`` atomically (a hard link where the file system has them)."""
    tmp = _temp_name(dst)
    try:
        try:
            os.link(src, tmp)
        except OSError:
            with open(src, "rb") as fi, open(tmp, "xb") as fo:
                fo.write(fi.read())
                fo.flush()
                os.fsync(fo.fileno())
        os.replace(tmp, dst)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # our own temp files are never in progress when we clean up
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return True


def clean_stale_temps(folder: str | Path) -> list[Path]:
    """Remove the temp files that killed or crashed writers left in ``folder`` (a writer still
    running keeps its own). Returns what was removed; never raises."""
    out = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return out
    for p in entries:
        m = _TEMP_RE.match(p.name)
        if m and not _pid_alive(int(m["pid"])):
            try:
                p.unlink()
                out.append(p)
            except OSError:
                pass
    return out


def save_game(path: str | Path, state: GameState, party: list[tuple], extra: dict | None = None,
              map_file: str | Path | None = None) -> None:
    """Save a game in progress (snapshot + record) atomically, keeping the save it replaces as
    :func:`prev_path`. ``extra`` holds UI settings (map override, which seats are bots), read
    back with :func:`read_save_extra`. ``party``: what ``new_game`` was given, one tuple per seat
    (the rule set's ``read_party`` hook reads it back: the city's ``(survivor, start)``, the
    dungeon's ``(character, equipment, ability)`` with faces). ``map_file``: the map the game is played on (default: the
    brief's map); its name and SHA-256 are stamped so a changed map is noticed. Raises OSError."""
    from ..engine.state import SAVE_VERSION

    built = state.scenario is None or not getattr(getattr(state.scenario, "brief", None), "map", "")
    # (a game whose board is not one map file, e.g. the dungeon's cards laid in play, stamps none)
    mf = Path(map_file) if map_file else (None if built else scenario_map_file(state.scenario))
    stamp = {"file": mf.name if mf else None, "sha256": file_sha256(mf) if mf else None}
    doc = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "scenario": state.scenario_id,
           "party": [list(p) for p in party], "seed": state.seed, "map": stamp, "extra": extra or {},
           "setup": setup_of(state.scenario).model_dump(), "state": json.loads(state.model_dump_json())}
    atomic_write_text(path, json.dumps(doc), keep_previous=True)


def setup_of(scenario: Any) -> GameSetup:
    """What a save must say about ``scenario`` beyond its id to rebuild it (:class:`GameSetup`):
    the pack of a standalone set-up and easy mode."""
    if scenario is None:
        return _doc().GameSetup()
    brief = getattr(scenario, "brief", None)
    pack = getattr(scenario, "pack", "") if getattr(scenario, "standalone", False) else ""
    return _doc().GameSetup(pack=pack or None, easy=bool(getattr(brief, "easy", False)))


def rebuild_scenario(path: Path, scenario: Any, setup: GameSetup) -> Any:
    """``scenario`` (its brief as loaded) set up as ``setup`` says: played standalone from its
    campaign pack (R-STAND, M-MODE-3), in easy mode (R-EASY). A scenario that already is what the
    setup asks is returned as it is. Raises ContentError naming the save file and ``setup``."""
    from dataclasses import replace

    if setup.pack and not getattr(scenario, "standalone", False):
        from ..engine.campaign import CampaignError, standalone_scenario

        try:
            if setup.pack == "mansion":
                from .mansion_pack import load_mansion_pack, mansion_content

                pack = load_mansion_pack(mansion_content())
            else:
                from .campaign_pack import load_pack

                pack = load_pack(setup.pack, getattr(scenario, "content", None))
            scenario = standalone_scenario(pack, scenario)
        except (ContentError, CampaignError) as ex:
            raise ContentError(str(path), "setup.pack", P_("the saved game was played standalone from the campaign "
                                                           "{a}, which cannot set up {b}: {why}", a=quoted(setup.pack),
                                                           b=quoted(scenario.id), why=str(ex)[:300]),
                               P_("start a new game")) from None
    if setup.easy and not getattr(scenario.brief, "easy", False):
        scenario = replace(scenario, brief=scenario.brief.model_copy(update={"easy": True}))
    return scenario


# ============================================================================ reading
def _doc():
    """The module of the save file's pydantic models (:mod:`game.content.save_doc`), imported when
    a save is first read or written: the first menu frame with no save builds none (cold start)."""
    from . import save_doc

    return save_doc


def __getattr__(name: str) -> Any:
    """``SaveDoc``, ``MapStamp``, ``SaveExtra``, ``GameSetup``, ``Ident``: the models of
    :mod:`game.content.save_doc`, built on first use."""
    if name in ("SaveDoc", "MapStamp", "SaveExtra", "GameSetup", "Ident"):
        return getattr(_doc(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Refuse(ValueError):
    pass


def _parse_int(s: str) -> int:
    if len(s.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refuse(P_("a number with {n} digits (at most {m})", n=len(s.lstrip('-')), m=MAX_INT_DIGITS))
    return int(s)


def _parse_float(s: str) -> float:
    if len(s) > MAX_FLOAT_CHARS:
        raise _Refuse(P_("a number written with {n} characters", n=len(s)))
    v = float(s)
    if v != v or v in (float("inf"), float("-inf")):
        raise _Refuse(P_("the number {x} is out of range", x=s[:20]))
    return v


def _parse_constant(s: str) -> Any:
    raise _Refuse(P_("{x} is not a number a save may hold", x=quoted(s)))


def json_depth(text: str, limit: int) -> int:
    """Nesting depth of the JSON ``text``, counted up to ``limit + 1`` (brackets inside strings
    do not count)."""
    depth = best = 0
    for m in _BRACKET_RE.finditer(_STRING_RE.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            if depth > best:
                best = depth
                if best > limit:
                    return best
        else:
            depth -= 1
    return best


def read_json_limited(path: str | Path, max_bytes: int = MAX_SAVE_BYTES, max_depth: int = MAX_DEPTH,
                      what: str = "save") -> Any:
    """Parse a JSON file within limits. Raises ContentError naming the file and the problem."""
    p = Path(path)
    w = P_(what)  # the kind of file, worded in turn ("save", "campaign save", "settings file")
    damaged_hint = P_("start a new game; the file is left as it is") if "save" in what else \
        P_("fix or remove the {what}", what=w)
    mb = max_bytes // (1024 * 1024)
    try:
        size = p.stat().st_size
        if size > max_bytes:
            raise ContentError(str(p), "", P_("the {what} is {n} MB, more than the {m} MB a {what2} may be", what=w,
                                              n=size // (1024 * 1024), m=mb, what2=w), damaged_hint)
        with open(p, "rb") as f:
            raw = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise ContentError(str(p), "", P_("{what} file not found", what=w), P_("pick another {what}", what=w)) from None
    except OSError as ex:
        raise ContentError(str(p), "", P_("the {what} cannot be read ({why})", what=w, why=ex.__class__.__name__),
                           damaged_hint) from None
    if len(raw) > max_bytes:
        raise ContentError(str(p), "", P_("the {what} grew past {n} MB while read", what=w, n=mb), damaged_hint)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as ex:
        raise ContentError(str(p), P_("byte {n}", n=ex.start), P_("the {what} is damaged: not UTF-8 text", what=w),
                           damaged_hint) from None
    if not text.strip():
        raise ContentError(str(p), "", P_("the {what} is empty", what=w), damaged_hint)
    d = json_depth(text, max_depth)
    if d > max_depth:
        raise ContentError(str(p), "", P_("the {what} is damaged: nested more than {n} levels deep", what=w,
                                          n=max_depth), damaged_hint)
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except _Refuse as ex:
        raise ContentError(str(p), "", P_("the {what} is damaged: {why}", what=w, why=ex.args[0]), damaged_hint) from None
    except json.JSONDecodeError as ex:
        raise ContentError(str(p), P_("line {n}", n=ex.lineno), P_("the {what} is damaged and cannot be read ({why})",
                                                                   what=w, why=P_(ex.msg)), damaged_hint) from None
    except (ValueError, RecursionError) as ex:
        raise ContentError(str(p), "", P_("the {what} is damaged and cannot be read ({why})", what=w,
                                          why=ex.__class__.__name__), damaged_hint) from None


def _first_error(ex: ValidationError) -> str:
    err = ex.errors()[0]
    loc = ".".join(str(x) for x in err["loc"]) or "(whole file)"
    return f"{loc}: {err['msg']}"


def read_save_doc(path: str | Path) -> SaveDoc:
    """Read and shape-check a save file (limits, format, version, fields). Raises ContentError."""
    from ..engine.migrate import SaveVersionError, migrate_state
    from ..engine.state import SAVE_VERSION

    p = Path(path)
    doc = read_json_limited(p)
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise ContentError(str(p), "", P_("not a Dreadboard save"), P_("pick a file the game saved"))
    try:  # an older save is brought up to date (game.engine.migrate); a newer one is refused
        doc["state"] = migrate_state(doc.get("state"), doc.get("version"))
        doc["version"] = SAVE_VERSION
    except SaveVersionError as ex:
        raise ContentError(str(p), "version", str(ex)[:300], P_("load another save or start a new game")) from None
    except Exception as ex:  # a migration step meeting data of the wrong shape
        raise ContentError(str(p), "state", P_("the save is damaged: an old save that cannot be brought up to date "
                                               "({why})", why=ex.__class__.__name__),
                           P_("load another save or start a new game")) from None
    from pydantic import ValidationError

    try:
        return _doc().SaveDoc.model_validate(doc)
    except ValidationError as ex:
        raise ContentError(str(p), _first_error(ex).split(":")[0], P_("the save is damaged: {why}", why=_first_error(ex)),
                           P_("start a new game; the file is left as it is")) from None


def load_game(path: str | Path, scenario: Any, map_file: str | Path | None = None,
              doc: SaveDoc | None = None, notes: list[str] | None = None) -> tuple[GameState, list[tuple[str, int]]]:
    """Load a save made by :func:`save_game`, attach ``scenario`` and check it by meaning.

    ``map_file``: the map the scenario was loaded from (default: the brief's map); if the save
    stamped a different map hash, the save is refused. The snapshot must pass the invariants
    and follow from its record (seed + actions replayed); when the record replays to another
    position (rules changed since), the replayed game is returned and a line is added to
    ``notes``. Returns (state, party). Raises
    ContentError (file named, with the first problem) for a missing, damaged, foreign, other
    version, other scenario, changed-map or impossible save.
    """
    p = Path(path)
    doc = doc or read_save_doc(p)
    if doc.scenario != scenario.id:
        raise ContentError(str(p), "scenario", P_("the save is for scenario {a}", a=quoted(doc.scenario)),
                           P_("load it with that scenario, not {b}", b=quoted(scenario.id)))
    state_class = saved_state_class(p, doc.state, scenario)
    if setup_of(scenario) != doc.setup:  # another set-up of the brief would replay another game
        raise ContentError(str(p), "setup", P_("the save was made with the set-up {a}, the scenario given is set up "
                                               "as {b}", a=doc.setup.model_dump(), b=setup_of(scenario).model_dump()),
                           P_("continue it from the menu it was started from, or start a new game"))
    check_map_stamp(p, doc, scenario_map_file(scenario, map_file))
    party = saved_party(p, doc, scenario)
    return check_saved_game(p, "state", doc.state, state_class, scenario, party, doc.seed, notes), party


def saved_party(p: Path, doc: SaveDoc, scenario: Any) -> list[tuple]:
    """The save's party read by the rule set of ``scenario`` (its ``read_party`` hook, the city's
    ``(survivor, start)`` by default): what ``new_game`` takes. Raises ContentError naming the
    file and ``party.<seat index>``."""
    from ..engine.machine import RULESETS, read_saved_party

    rules = RULESETS.get(getattr(scenario, "rules", None) or "core")
    try:
        if rules is None:
            raise ValueError(f"party: the rule set {getattr(scenario, 'rules', None)!r} is not known")
        return read_saved_party(rules, scenario, doc.party)
    except ValueError as ex:
        where, _, why = str(ex).partition(": ")
        raise ContentError(str(p), where, P_("the save is damaged: {why}", why=why),
                           P_("start a new game; the file is left as it is")) from None


def check_saved_game(p: Path, where: str, saved: Any, state_class: type, scenario: Any,
                     party: list[tuple[str, int]], seed: int, notes: list[str] | None = None) -> GameState:
    """The one load check of a saved game, shared by scenario saves (``where`` "state") and the
    game in progress of a campaign save ("game", issue 29 item 4): the shape (``state_class``),
    the invariants (:func:`check_state`: ids, places, cards, values such as a weapon's rounds
    within its dial, step count against the record, a pending decision exactly while not over),
    the party in the seats, then the record replayed from ``seed`` through the engine
    (:func:`_check_record`). Returns the state with ``scenario`` attached (or the replayed game,
    with a line in ``notes``). Raises ContentError naming the file and ``where``."""
    from pydantic import ValidationError

    from ..engine.invariants import check_state  # (imported here: a cold start reads no engine)

    try:
        state = state_class.model_validate(saved)
    except ValidationError as ex:
        raise ContentError(str(p), where, P_("the save's state is damaged: {why}", why=_first_error(ex)) if where == "state"
                           else P_("the save's game is damaged: {why}", why=_first_error(ex)),
                           P_("start a new game; the file is left as it is")) from None
    state.attach(scenario)
    problems = check_state(state)
    from ..engine.machine import party_matches

    if not party_matches(state, party):  # the rule set's party_of hook (the city's survivors by default)
        problems.append("the party does not match the survivors in the seats")
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise ContentError(str(p), where, P_("the saved game is impossible: {why}", why=str(problems[0]) + more),
                           P_("start a new game; the file is left as it is"))
    return _check_record(p, state, party, seed, scenario, notes, where)


def saved_state_class(p: Path, state: dict, scenario: Any) -> type:
    """The state class a saved ``state`` is read as: its rule set's (a manor game is a
    MansionState, issue 29 item 1), which must be the rule set ``scenario`` is played with.
    Raises ContentError naming the file and ``state.rules``."""
    from ..engine import mansion  # noqa: F401  (registers the mansion rule set and its state class)
    from ..engine.machine import state_class_for

    want = getattr(scenario, "rules", None) or "core"
    got = state.get("rules", "core")
    if got != want:
        raise ContentError(str(p), "state.rules", P_("the save's game is played with the {a} rules, its scenario {x} "
                                                     "with the {b} rules", a=repr(str(got)[:40]), x=repr(str(scenario.id)),
                                                     b=repr(want)),
                           P_("load it with the scenario it was saved with, or start a new game"))
    return state_class_for(want)


def _check_record(p: Path, state: GameState, party: list[tuple[str, int]], seed: int, scenario: Any,
                  notes: list[str] | None, where: str = "state") -> GameState:
    """The snapshot must follow from its record: the seed and actions replayed through the
    engine. If the record replays but ends elsewhere (the rules changed since the save, or the
    snapshot was edited), the replayed game is the one loaded, and ``notes`` says so; a record
    that does not replay is refused."""
    from ..engine import replay

    if state.seed != seed:
        raise ContentError(str(p), "seed" if where == "state" else f"{where}.seed",
                           P_("the save's seed and its state's seed differ"), P_("load another save"))
    if len(state.record) > MAX_RECORD:
        raise ContentError(str(p), f"{where}.record", P_("{n} recorded actions, more than {m}", n=len(state.record),
                                                         m=MAX_RECORD), P_("load another save"))
    try:
        again = replay(scenario, party, seed, state.record, state.manual)
    except Exception as ex:  # IllegalAction, a malformed action, or a rules error: the record is not a game
        raise ContentError(str(p), f"{where}.record", P_("the saved game does not follow from its own record: {why}",
                                                         why=str(ex)[:200] or ex.__class__.__name__),
                           P_("load another save; this one is left untouched")) from None
    if again.same_as(state):
        return state
    if _without_text_keys(again.model_dump(mode="json")) == _without_text_keys(state.model_dump(mode="json")):
        return again  # a save made before content texts had stable keys (issue 23): the replay writes them in
    if notes is not None:
        notes.append("the saved position differs from what its record gives with these rules, so the game was "
                     "rebuilt from its record")
    return again


def _without_text_keys(v: Any) -> Any:
    """``v`` (a state as JSON) without the stable keys of content texts in its message references
    (``k``, ``rk``: game.engine.messages.keyed), to compare a save made before they existed."""
    if isinstance(v, dict):
        if isinstance(v.get("t"), str):
            return {k: _without_text_keys(x) for k, x in v.items() if k not in ("k", "rk")}
        return {k: _without_text_keys(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_without_text_keys(x) for x in v]
    return v


def check_map_stamp(path: Path, doc: SaveDoc, map_file: Path) -> None:
    """Refuse a save whose stamped map hash differs from the map file now on disk."""
    if doc.map is None or doc.map.sha256 is None:
        return  # made on a map that is not a file (built in code) or before maps were stamped
    now = file_sha256(map_file)
    if now is None:
        raise ContentError(str(path), "map", P_("the game was saved on the map {a}, which cannot be read now ({b})",
                                                a=doc.map.file, b=map_file), P_("put the map back, or start a new game"))
    if now != doc.map.sha256:
        raise ContentError(str(path), "map", P_("the map {a} changed since this game was saved (its content differs), "
                                                "so the saved positions would not fit it", a=map_file.name),
                           P_("restore the map as it was, or start a new game on the new map"))


def read_save_extra(path: str | Path) -> dict:
    """The ``extra`` settings of a save, or {} if the file is unreadable (load_game reports that)."""
    try:
        return read_save_doc(path).extra.model_dump(exclude_unset=False)
    except ContentError:
        return {}


# ============================================================================ the save slot
@dataclass
class SaveInfo:
    """What the main menu says about the save slot. ``status``: "none" (no save), "ok",
    "finished" (nothing to continue), "damaged" or "checking" (a file not checked yet: the main
    menu's first frame, game.ui.app.App.save_info). ``summary``: a line for the Continue button;
    ``reason``: why it is damaged; ``fallback``: the last save was damaged and ``path`` is the
    previous one, which loads (``reason`` says what was wrong with the last)."""

    status: Literal["none", "ok", "finished", "damaged", "checking"]
    path: Path | None = None
    summary: str = ""
    reason: str = ""
    error: ContentError | None = None
    note: str = ""  # e.g. the game was rebuilt from its record
    fallback: bool = False
    scenario_id: str = ""
    map_path: str = ""
    controllers: list[str] = field(default_factory=list)
    facts: dict = field(default_factory=dict)  # typed figures a mode words its line from (its ``facts`` hook)


ScenarioLoader = Callable[[str, str | None], Any]


def open_save(path: str | Path, load_scenario: ScenarioLoader, trusted_map: str | None = None,
              roots: list[Path] | None = None, notes: list[str] | None = None
              ) -> tuple[GameState, list[tuple[str, int]], SaveDoc]:
    """Load the save at ``path`` for Continue: check its map path (:func:`map_allowed`), load its
    scenario with ``load_scenario(scenario_id, map_path_or_None)``, then :func:`load_game`.
    Raises ContentError naming the save file."""
    p = Path(path)
    doc = read_save_doc(p)
    mp = doc.extra.map or None
    if mp:
        if not map_allowed(mp, trusted_map, roots):
            where = ", ".join(str(r) for r in (roots if roots is not None else [game_maps_dir(), user_maps_dir()]))
            raise ContentError(str(p), "extra.map", P_("the save names the map {a}, outside the game's maps folders "
                                                       "({b})", a=mp, b=where),
                               P_("copy the map into {a} and save again, or start the game with --map {b}",
                                  a=user_maps_dir(), b=mp))
        if not Path(mp).is_file():
            raise ContentError(str(p), "extra.map", P_("the saved game was played on the map {a}, which is no longer "
                                                       "there", a=mp), P_("put the map back, or start a new game"))
    try:
        scn = load_scenario(doc.scenario, mp)
    except ContentError as ex:
        raise ContentError(str(p), "scenario", P_("the saved game's scenario {a} cannot be loaded: {why}",
                                                  a=repr(str(doc.scenario)), why=ex),
                           P_("fix that file, or start a new game")) from None
    scn = rebuild_scenario(p, scn, doc.setup)  # standalone from a campaign menu, easy mode (issue 29 item 2)
    state, party = load_game(p, scn, mp, doc=doc, notes=notes)
    return state, party, doc


def inspect_slot(path: str | Path, load_scenario: ScenarioLoader, trusted_map: str | None = None,
                 roots: list[Path] | None = None, facts: Callable[[Any, list], dict] | None = None) -> SaveInfo:
    """Fully check the save slot ``path`` (and its previous save when the last one is damaged)
    and say what the main menu should offer. ``facts(state, party)``: a mode's typed figures for
    its slot's line (``SaveInfo.facts``; a failing hook leaves them empty). Never raises."""
    p = Path(path)
    if not p.is_file() and not prev_path(p).is_file():
        return SaveInfo("none")
    error: ContentError | None = None
    for cand, fallback in ((p, False), (prev_path(p), True)):
        if not cand.is_file():
            continue
        notes: list[str] = []
        try:
            state, party, doc = open_save(cand, load_scenario, trusted_map, roots, notes)
        except ContentError as ex:
            if not fallback:
                error = ex
                continue
            break
        except Exception as ex:  # a scenario loader failing in an unexpected way: report, do not crash
            if not fallback:
                error = ContentError(str(cand), "", P_("the save cannot be opened ({why})", why=ex.__class__.__name__),
                                     P_("start a new game"))
                continue
            break
        if fallback and error is None:
            error = ContentError(str(p), "", P_("the last save is missing"), "")
        info = SaveInfo("finished" if state.result else "ok", cand, fallback=fallback,
                        reason=str(error) if error else "", error=error, scenario_id=doc.scenario,
                        map_path=doc.extra.map or "", controllers=list(doc.extra.controllers),
                        note="; ".join(notes))
        name = getattr(getattr(state.scenario, "brief", None), "name", doc.scenario)
        info.summary = P_("{name} · turn {turn} · 1 survivor", name=name, turn=state.turn) if len(party) == 1 else \
            P_("{name} · turn {turn} · {n} survivors", name=name, turn=state.turn, n=len(party))
        if facts is not None:
            try:
                info.facts = dict(facts(state, party))
            except Exception:  # a line's figures never stop the slot being offered
                info.facts = {}
        return info
    error = error or ContentError(str(p), "", P_("the save cannot be opened"), P_("start a new game"))
    return SaveInfo("damaged", p, reason=str(error), error=error)



def slot_key(path: str | Path) -> tuple:
    """What identifies the slot's files on disk: (path, (mtime_ns, size) of the save and of its
    previous save). A changed key means re-inspect."""
    out: list = [str(path)]
    for q in (Path(path), prev_path(path)):
        try:
            st = q.stat()
            out.append((st.st_mtime_ns, st.st_size, st.st_ino))
        except OSError:
            out.append(None)
    return tuple(out)
