"""The dungeon's save slot (issue 26 item 4: saves as in the city): ``dungeon_save.json`` beside the
city's save, written through the one save path (``game.content.saves``: atomic, the previous save
kept, the record replayed and checked on load; the dungeon's party by its rule set's
``read_party``/``party_of`` hooks). The game saves itself at the start of every round and when the
players save and quit; the set-up screen offers to continue it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...content.dungeon_pack import dungeon_pack, dungeon_scenario
from ...content.errors import ContentError
from ...content.saves import SaveInfo, inspect_slot, open_save, save_game
from ...i18n import _f
from .words import content

SAVE_NAME = "dungeon_save.json"


def slot_path(app: Any) -> Path:
    """Where the dungeon's save lives (the App's save folder)."""
    return Path(app.save_dir) / SAVE_NAME


def load_scenario(sid: str, map_path: str | None = None) -> Any:
    """The dungeon a save names. Raises ContentError naming the dungeons known."""
    try:
        return dungeon_scenario(sid)
    except KeyError as ex:
        raise ContentError("assets/data/dungeon/scenarios", sid, str(ex).strip("'\""), "start a new dungeon") from None


def save(app: Any, play: Any) -> Path:
    """Write ``play``'s game (its heroes, who plays each, the players' names). Raises OSError."""
    p = slot_path(app)
    save_game(p, play.state, [tuple(h) for h in play.party],
              extra={"map": None, "controllers": list(play.controllers), "names": list(play.names)})
    return p


def _facts(state: Any, party: list) -> dict:
    d = state.dungeon
    return {"scenario": d.scenario, "round": d.round, "heroes": len(d.living())}


def slot(app: Any) -> SaveInfo:
    """What the dungeon's save slot holds (never raises): ``status`` none / ok / finished / damaged;
    ``facts``: the dungeon's id, its round and how many heroes live (the main menu's line)."""
    return inspect_slot(slot_path(app), load_scenario, facts=_facts)


def describe(info: SaveInfo) -> str:
    """The saved dungeon's line in the current language: "The Sunken Reliquary · round 3 · 2
    heroes" (its name from the content pack; the id when the pack no longer knows it)."""
    f = info.facts or {}
    sid = f.get("scenario") or info.scenario_id
    try:
        name = content(dungeon_pack().scenarios[sid].name)
    except (KeyError, ContentError):
        name = sid
    n = int(f.get("heroes", 0))
    if "round" not in f:
        return name
    return (_f("{dungeon} · round {round} · 1 hero", dungeon=name, round=f["round"]) if n == 1 else
            _f("{dungeon} · round {round} · {n} heroes", dungeon=name, round=f["round"], n=n))


def resume(app: Any) -> tuple[Any, list, Any]:
    """The saved game: (state, party, save document). Raises ContentError naming the file."""
    info = slot(app)
    if info.status not in ("ok",):
        raise info.error or ContentError(str(slot_path(app)), "", "there is no dungeon in progress", "start a new one")
    return open_save(info.path, load_scenario)


__all__ = ["SAVE_NAME", "describe", "load_scenario", "resume", "save", "slot", "slot_path"]
