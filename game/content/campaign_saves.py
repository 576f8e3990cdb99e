"""Campaign saves: named slots in the user data folder (platformdirs), versioned JSON with
migration, written atomically (the helpers of :mod:`game.content.saves`), a save list with
scenario, turn, danger and date, and an export for bug reports (R-END-X2, R-CAMP-22).

A campaign save holds the whole campaign state and, when saved mid-scenario, the scenario's
game state too (its scenario object is rebuilt from what the set-up recorded). Reading one
never executes anything from the file and never touches other slots; a damaged slot is
listed with its reason.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from pydantic import ValidationError

from ..engine.campaign import (CAMPAIGN_VERSION, BaseCampaignState, CampaignError, campaign_rules,
                               conservation, rebuild_scenario)
from ..engine.campaign.checks import impossible
from ..engine.migrate import SaveVersionError, migrate_state
from ..engine.state import SAVE_VERSION, GameState
from .errors import ContentError, P_, quoted
from .saves import atomic_write_text, clean_stale_temps, prev_path, read_json_limited, user_data_dir

CAMPAIGN_FORMAT = "dreadboard-campaign"
CAMPAIGN_SAVE_VERSION = 4  # 1: the campaign under "state"; 2: "campaign" + optional "game" + "summary";
#                            3: "name", the campaign's name as the players typed it;
#                            4: the campaign state is pack-shaped (M-CAMP-5: no city fields in a mansion campaign)
AUTOSAVE = "autosave"
NAME_MAX = 40
_SLOT_RE = re.compile(r"[^A-Za-z0-9 _-]+")
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]+")


def campaign_dir() -> Path:
    """The folder of campaign save slots (inside platformdirs' user data folder)."""
    return user_data_dir() / "campaigns"


def slot_path(name: str, folder: Path | None = None) -> Path:
    """The file of slot ``name`` (letters, digits, spaces, '-' and '_' kept; at most 40)."""
    clean = _SLOT_RE.sub("", name).strip()[:40] or "slot"
    return (folder or campaign_dir()) / f"{clean}.json"


def clean_name(name: Any) -> str:
    """A campaign name fit to show and store: text without control characters or runs of spaces,
    at most NAME_MAX characters ('' when nothing is left, or when ``name`` is not text)."""
    if not isinstance(name, str):
        return ""
    return " ".join(_CONTROL_RE.sub(" ", name).split())[:NAME_MAX]


def new_slot_path(name: str, folder: Path | None = None) -> Path:
    """A file for a new campaign called ``name`` that no other save uses yet
    (``<name>.json``, else ``<name> 2.json`` ...)."""
    first = slot_path(name, folder)
    p, n = first, 2
    while p.exists() or prev_path(p).exists():
        p = first.with_name(f"{first.stem} {n}.json")
        n += 1
    return p


def summary(cs: BaseCampaignState, gs: GameState | None) -> dict[str, Any]:
    """What the save list shows: the scenario in play (or the last one), turn, danger, result."""
    sid = cs.playing.scenario if cs.playing else (cs.history[-1].scenario if cs.history else None)
    return {"scenario": sid, "turn": gs.turn if gs is not None else 0, "danger": gs.danger if gs is not None else cs.danger,
            "phase": cs.phase, "result": cs.result, "scenarios_played": sum(1 for h in cs.history if h.scenario != "intro")}


def save_campaign(path: str | Path, cs: BaseCampaignState, gs: GameState | None = None, now: datetime | None = None,
                  extra: dict | None = None, name: str | None = None) -> None:
    """Save a campaign (and the scenario in play) atomically, keeping the save it replaces as
    ``<name>.prev.json``. ``name`` is the campaign's name as typed (default: the file's name).
    Raises OSError."""
    when = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    doc = {"format": CAMPAIGN_FORMAT, "version": CAMPAIGN_SAVE_VERSION, "pack": cs.pack, "saved_at": when,
           "name": clean_name(name) or Path(path).stem,
           "summary": summary(cs, gs), "extra": extra or {}, "campaign": json.loads(cs.model_dump_json()),
           "game": json.loads(gs.model_dump_json()) if gs is not None else None,
           "game_version": SAVE_VERSION}
    atomic_write_text(path, json.dumps(doc), keep_previous=True)


def _v1_to_v2(doc: dict) -> dict:
    """Version 1 kept the campaign under 'state' and could not hold a game in progress."""
    doc["campaign"] = doc.pop("state", None)
    doc["game"] = None
    doc.setdefault("summary", {})
    return doc


def _v2_to_v3(doc: dict) -> dict:
    """Version 2 had no typed name: the slot was known by its file name (filled in on reading)."""
    doc["name"] = ""
    return doc


#: the city's own campaign fields at their empty values: version 3 wrote them into every campaign's state
_CITY_ONLY: dict[str, Any] = {"aside": [], "rares_added": [], "slots": {}, "collected_p": {}, "route": False}


def _v3_to_v4(doc: dict) -> dict:
    """Version 3 wrote the city's path-card, progression, route and set-aside fields, empty, into
    a mansion campaign's state too; from version 4 a campaign state holds only its own pack's
    fields (M-CAMP-5). Empty ones are dropped; one that is not empty is left for the state's
    validation to refuse (such a save was never written by the game)."""
    c = doc.get("campaign")
    if isinstance(c, dict) and c.get("rules", "campaign") != "campaign":
        for k, empty in _CITY_ONLY.items():
            if k in c and c[k] == empty:
                del c[k]
    return doc


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4}


def read_campaign_doc(path: str | Path) -> dict:
    """The save document brought up to the current version. Raises ContentError (file named)."""
    p = Path(path)
    doc = read_json_limited(p, what="campaign save")
    if not isinstance(doc, dict) or doc.get("format") != CAMPAIGN_FORMAT:
        raise ContentError(str(p), "", P_("not a Dreadboard campaign save"), P_("pick a file the game saved"))
    v = doc.get("version")
    if isinstance(v, bool) or not isinstance(v, int):
        raise ContentError(str(p), "version", P_("the save's version {v} is not a number", v=repr(v)),
                           P_("pick another save"))
    if v > CAMPAIGN_SAVE_VERSION:
        raise ContentError(str(p), "version", P_("made by a newer Dreadboard (campaign save version {v}, this game "
                                                 "reads up to {m})", v=v, m=CAMPAIGN_SAVE_VERSION),
                           P_("update the game to load it"))
    if v < 1:
        raise ContentError(str(p), "version", P_("campaign save version {v} is older than any this game reads", v=v),
                           P_("start a new campaign"))
    while v < CAMPAIGN_SAVE_VERSION:
        doc = MIGRATIONS[v](dict(doc))
        v += 1
        doc["version"] = v
    doc["name"] = clean_name(doc.get("name")) or p.stem  # a save from before names (or a bad one)
    return doc


def rename_campaign(path: str | Path, name: str) -> str:
    """Give the saved campaign at ``path`` a new name (the file keeps its name; the save is
    rewritten atomically, its previous version kept). Returns the name as stored. Raises
    ValueError for a name with nothing printable in it, ContentError for an unreadable save,
    OSError when it cannot be written."""
    new = clean_name(name)
    if not new:
        raise ValueError("a campaign name needs at least one letter or digit")
    doc = read_campaign_doc(path)
    doc["name"] = new
    atomic_write_text(path, json.dumps(doc), keep_previous=True)
    return new


def load_campaign(path: str | Path, pack: Any, content: Any, load_scenario: Callable[[str], Any],
                  notes: list[str] | None = None) -> tuple[BaseCampaignState, GameState | None]:
    """Load a campaign save: the campaign state (pack and content attached) and, if it was saved
    mid-scenario, the game in progress with its scenario rebuilt. ``load_scenario(sid)`` gives
    a slot's scenario. The game in progress passes the same load check as a scenario save
    (:func:`game.content.saves.check_saved_game`: invariants, party, seed, its record replayed;
    ``notes`` as there). Raises ContentError naming the file and what is wrong, and nothing else
    (issue 29 item 4: an unexpected failure of a damaged save is reported as one)."""
    p = Path(path)
    try:
        return _load_campaign(p, pack, content, load_scenario, notes)
    except ContentError:
        raise
    except Exception as ex:  # a damaged save reaching code that assumed a sound one: refused, never a crash
        raise ContentError(str(p), "", P_("the campaign save is damaged and cannot be opened ({why})",
                                          why=ex.__class__.__name__ + ": " + str(ex)[:160]),
                           P_("load another save; this one is left untouched")) from None


def _load_campaign(p: Path, pack: Any, content: Any, load_scenario: Callable[[str], Any],
                   notes: list[str] | None) -> tuple[BaseCampaignState, GameState | None]:
    """:func:`load_campaign` proper."""
    from .saves import check_saved_game

    doc = read_campaign_doc(p)
    if doc.get("pack") != pack.id:
        raise ContentError(str(p), "pack", P_("the save is for campaign {a}", a=quoted(doc.get('pack'))),
                           P_("not '{b}'", b=pack.id))
    # every campaign saves in the same slots; its rule set names its state classes (the mansion's too)
    rules = doc["campaign"].get("rules", "campaign") if isinstance(doc.get("campaign"), dict) else "campaign"
    try:
        run_class = campaign_rules(rules).run_class if isinstance(rules, str) else None
    except CampaignError:
        run_class = None
    if run_class is None:
        raise ContentError(str(p), "campaign.rules", P_("unknown campaign rules {x}", x=repr(rules)),
                           P_("load another save; this one is left untouched"))
    try:
        cs = run_class.STATE.model_validate(doc["campaign"])
    except (ValidationError, KeyError, TypeError) as ex:
        raise ContentError(str(p), "campaign", P_("the campaign state is damaged ({why})", why=ex.__class__.__name__),
                           P_("load another save; this one is left untouched")) from None
    if cs.version != CAMPAIGN_VERSION:
        raise ContentError(str(p), "campaign", P_("campaign state version {v} is not supported", v=cs.version),
                           P_("start a new campaign"))
    cs.attach(pack, content)
    why = impossible_campaign(cs)
    if why:
        raise ContentError(str(p), f"campaign.{why[0]}", P_("the campaign state is impossible: {why}", why=why[1]),
                           P_("load another save; this one is left untouched"))
    bad = conservation(cs)
    if bad:
        raise ContentError(str(p), "campaign", P_("the campaign's cards do not add up ({why})", why=bad[0]),
                           P_("load another save; this one is left untouched"))
    gs = None
    if doc.get("game") is not None:
        ip = cs.playing
        if ip is None:
            raise ContentError(str(p), "game", P_("a game is saved but no scenario is in play"), P_("load another save"))
        try:
            state = migrate_state(doc["game"], doc["game"].get("version") if isinstance(doc["game"], dict) else None)
        except (SaveVersionError, ValidationError, TypeError, AttributeError) as ex:
            raise ContentError(str(p), "game", P_("the scenario in progress is damaged ({why})", why=str(ex)[:160]),
                               P_("load another save")) from None
        scn = load_scenario(ip.scenario)
        try:  # the scenario as its set-up made it, from what the campaign recorded (the carried cards)
            scn = rebuild_scenario(cs, scn)
        except (ValidationError, CampaignError, KeyError, TypeError, ValueError) as ex:
            first = _first_error(ex) if isinstance(ex, ValidationError) else str(ex)[:160]
            raise ContentError(str(p), "campaign.playing.carry", P_("the scenario in progress cannot be set up again "
                                                                    "from what the campaign carried into it: {why}",
                                                                    why=first),
                               P_("load another save; this one is left untouched")) from None
        gs = check_saved_game(p, "game", state, run_class.GAME_STATE, scn, [tuple(x) for x in ip.party], ip.seed, notes)
    return cs, gs


def _first_error(ex: ValidationError) -> str:
    err = ex.errors()[0]
    return f"{'.'.join(str(x) for x in err['loc']) or '(whole)'}: {err['msg']}"


def impossible_campaign(cs: BaseCampaignState, rules: Any = None) -> tuple[str, str] | None:
    """(field, what is wrong) for a campaign state that type-checks but cannot be played on, else
    None: :func:`game.engine.campaign.checks.impossible`, the campaign layer's check of every
    id-bearing field against its pack and content (a hostile save must not crash the game later,
    when the next scenario starts or the end phase goes on). ``rules`` is not used any more."""
    return impossible(cs)


@dataclass
class SlotInfo:
    """One row of the campaign save list."""

    path: Path
    name: str  # the campaign's name as typed (the file's name for saves from before names)
    status: str  # "ok", "finished" or "damaged"
    reason: str = ""
    error: ContentError | None = None  # the reason with its parts, for the screens to translate
    scenario: str | None = None
    turn: int = 0
    danger: int = 0
    saved_at: str = ""
    playing: bool = True  # a scenario is in play ("turn" means something); False between scenarios
    #: the previous save kept beside a damaged one (``<name>.prev.json``) when it reads as a campaign
    #: save, so the menu can offer to restore it (issue 25 item 10); None otherwise
    prev: Path | None = None


def list_slots(folder: Path | None = None) -> list[SlotInfo]:
    """Every campaign save in ``folder``, newest first; stale temp files of killed writers are
    removed first. A damaged save is listed with its reason; other slots are unaffected."""
    folder = folder or campaign_dir()
    clean_stale_temps(folder)
    out = []
    try:
        files = sorted((p for p in folder.glob("*.json") if not p.name.endswith(".prev.json")),
                       key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return out
    for p in files:
        try:
            doc = read_campaign_doc(p)
            sm = doc.get("summary") or {}
            out.append(SlotInfo(path=p, name=doc["name"], status="finished" if sm.get("result") else "ok",
                                scenario=sm.get("scenario"), turn=int(sm.get("turn") or 0),
                                danger=int(sm.get("danger") or 0), saved_at=str(doc.get("saved_at", "")),
                                playing=sm.get("phase", "playing") == "playing"))
        except ContentError as ex:
            out.append(SlotInfo(path=p, name=p.stem, status="damaged", reason=str(ex), error=ex, prev=good_previous(p)))
        except (TypeError, ValueError, AttributeError):  # a summary with numbers that are not numbers
            err = ContentError(str(p), "summary", P_("the campaign save is damaged: its turn or danger is not a number"),
                               P_("load another save; this one is left untouched"))
            out.append(SlotInfo(path=p, name=p.stem, status="damaged", reason=str(err), error=err, prev=good_previous(p)))
    return out


def good_previous(path: str | Path, check: Callable[[Path], Any] | None = None) -> Path | None:
    """The previous save kept beside ``path`` (``<name>.prev.json``) if it reads as a campaign save
    (and passes ``check(prev_path)``, e.g. a full :func:`load_campaign`, when given), else None.
    Never raises."""
    q = prev_path(path)
    if not q.is_file():
        return None
    try:
        read_campaign_doc(q)
        if check is not None:
            check(q)
    except Exception:  # (ContentError, or anything a check meets): not a copy to offer
        return None
    return q


def restore_previous(path: str | Path) -> None:
    """Issue 25 item 10: put the previous save kept beside the damaged save ``path`` back in its
    place. The damaged file is replaced atomically by a copy of ``<name>.prev.json``, which stays
    (so a second failure still has it). Raises ContentError (naming the file) when there is no
    previous save or it is damaged too, OSError when it cannot be written."""
    p = Path(path)
    q = prev_path(p)
    if not q.is_file():
        raise ContentError(str(q), "", P_("there is no previous save beside this one"), P_("delete the damaged save"))
    read_campaign_doc(q)  # a damaged previous save is never put back
    atomic_write_text(p, q.read_text(encoding="utf-8"), keep_previous=False)


def continue_slot(folder: Path | None = None) -> SlotInfo | None:
    """The newest readable campaign save that is not finished ('Continue' never offers a
    finished campaign), or None."""
    return next((s for s in list_slots(folder) if s.status == "ok"), None)


def delete_campaign(path: str | Path) -> None:
    """Remove the campaign save ``path`` and the previous save kept beside it (``.prev.json``), so
    the campaign is gone from the list and cannot come back as a fallback. No other slot is touched.
    Raises ValueError for a file that is not a campaign slot (a ``.prev.json`` or not ``.json``) and
    OSError when the file cannot be removed."""
    p = Path(path)
    if p.suffix != ".json" or p.name.endswith(".prev.json"):
        raise ValueError(f"{p.name} is not a campaign save")
    p.unlink()
    try:
        prev_path(p).unlink()
    except FileNotFoundError:
        pass


def export_for_bug_report(out: str | Path, cs: BaseCampaignState, gs: GameState | None = None) -> Path:
    """Write one file with everything needed to replay the campaign (seed, the party it started
    with, records of every scenario, the state now) for a bug report: ``replay_campaign(pack,
    content, doc["party"], doc["seed"], doc["record"], doc["attempts"], load, doc["easy"])``
    rebuilds it. Returns the path. Raises OSError."""
    doc = {"format": "dreadboard-bug-report", "campaign_save_version": CAMPAIGN_SAVE_VERSION,
           "pack": cs.pack, "seed": cs.seed, "party": list(cs.started_with or cs.party), "easy": cs.mode.easy, "record": cs.record,
           "attempts": [{"scenario": h.scenario, "seed": h.seed, "record": h.record, "party": h.party,
                         "manual": h.manual} for h in cs.history],
           "in_play": None if gs is None else {"scenario": cs.playing.scenario if cs.playing else None,
                                              "seed": gs.seed, "record": gs.record},
           "campaign": json.loads(cs.model_dump_json()),
           "game": json.loads(gs.model_dump_json()) if gs is not None else None}
    atomic_write_text(out, json.dumps(doc, indent=1))
    return Path(out)


__all__ = ["AUTOSAVE", "CAMPAIGN_SAVE_VERSION", "NAME_MAX", "SlotInfo", "campaign_dir", "clean_name", "continue_slot",
           "delete_campaign",
           "export_for_bug_report", "good_previous", "list_slots", "restore_previous", "load_campaign", "new_slot_path", "prev_path", "read_campaign_doc",
           "rename_campaign", "save_campaign", "slot_path"]
