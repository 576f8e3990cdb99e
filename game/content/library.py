"""The map library: maps an author drops into the user maps folder, and which rules a map plays by.

* ``maps_dir()``: platformdirs' user data folder for Dreadboard + ``maps``
  (``~/.local/share/dreadboard/maps`` on Linux); the environment variable
  ``DREADBOARD_MAPS_DIR`` points it elsewhere (tests, portable installs). Maps there, and the
  tilesets, templates and images next to them, may be read (the loader otherwise reads only the
  game's ``maps/`` and ``assets/``).
* ``scan()``: every ``.tmx``/``.tmj`` map in that folder (not below it), each with its title,
  size in squares, the rules it plays by and the checker's verdict (a broken map is listed with
  its problems, not hidden).
* ``map_rules(path)``: the scenario whose rules (brief: decks, goal, tension deck) a map is played
  with: the map's custom property ``scenario`` (a scenario id), else the shipped scenario whose
  brief names this map, else ``intro``.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .errors import ContentError, MapError, P_
from .tiled import MAP_SUFFIXES, allow_folder, inspect_map, rel

ENV = "DREADBOARD_MAPS_DIR"
MAX_MAPS = 200  # files listed from the folder (sorted by name)
DEFAULT_RULES = "intro"
ID_PREFIX = "map:"


def maps_dir() -> Path:
    """The user maps folder (see the module doc); registered as a folder maps may read from.
    Not created here."""
    env = os.environ.get(ENV, "").strip()
    if env:
        folder = Path(env).expanduser()
    else:
        from platformdirs import user_data_dir

        folder = Path(user_data_dir("dreadboard", appauthor=False)) / "maps"
    allow_folder(folder)
    return folder


@dataclass
class LibraryMap:
    """One map of the library. ``id`` ("map:<file name>") is what the scenario picker selects;
    ``rules`` the scenario id it plays by; ``problems`` the checker's findings (empty = ok)."""

    path: Path
    title: str
    width: int
    height: int
    rules: str
    problems: list[ContentError] = field(default_factory=list)

    @property
    def id(self) -> str:
        return ID_PREFIX + self.path.name

    @property
    def ok(self) -> bool:
        return not self.problems

    def verdict(self) -> str:
        """"ok", or the first problem in words (file, place, problem, hint)."""
        if self.ok:
            return "ok"
        more = f" (+{len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        return str(self.problems[0]) + more


def map_rules(path: str | Path, properties: dict[str, str] | None = None, content=None) -> str:
    """The scenario id whose rules map ``path`` is played with (see the module doc).
    ``properties``: the map's custom properties if already read. Never raises for bad maps."""
    maps_dir()  # a map from the library may read the files next to it
    if properties is None:
        try:
            properties = inspect_map(path).properties
        except (ContentError, OSError):
            properties = {}
    sid = (properties.get("scenario") or "").strip()
    if sid:
        return sid
    try:
        if content is None:
            from .loader import load_content

            content = load_content()
        real = Path(os.path.realpath(path))
        from .loader import ROOT

        for brief in content.scenarios.values():
            if brief.map and Path(os.path.realpath(ROOT / brief.map)) == real:
                return brief.id
    except (ContentError, OSError):
        pass
    return DEFAULT_RULES


def check_map(path: str | Path, content=None) -> LibraryMap:
    """The checker's verdict on one map: its Tiled problems, then (when clean) whether the
    scenario named by its rules exists and its enemies are known."""
    p = Path(path)
    rep = inspect_map(p)
    problems: list[ContentError] = list(rep.problems)
    rules = map_rules(p, rep.properties, content)
    if not problems:
        try:
            from .loader import check_board_against_content, load_content

            ct = content if content is not None else load_content()
            if rules not in ct.scenarios:
                problems.append(MapError(rel(p), P_("map properties"),
                                         P_("the property 'scenario' is '{x}', which is no scenario of the game", x=rules),
                                         P_("use one of: {names}", names=", ".join(sorted(ct.scenarios)))))
            else:
                assert rep.board is not None
                check_board_against_content(rep.board, ct, p)
        except ContentError as ex:
            problems.append(ex)
    return LibraryMap(p, rep.title, rep.width, rep.height, rules, problems)


def scan(folder: str | Path | None = None, content=None) -> list[LibraryMap]:
    """Every map in the library folder (default ``maps_dir()``), by file name; [] when the
    folder does not exist. A map that cannot be read is listed with its problem."""
    d = Path(folder) if folder is not None else maps_dir()
    if folder is not None:
        allow_folder(d)
    try:
        files = sorted(p for p in d.iterdir() if p.suffix.lower() in MAP_SUFFIXES and p.is_file())
    except OSError:
        return []
    return [check_map(p, content) for p in files[:MAX_MAPS]]


@dataclass
class PickerEntry:
    """A library map as the scenario picker shows it, shaped like a scenario brief (``id``,
    ``name``, ``description``, ``objective_text``, ``intro``) plus ``kind`` and the ``map``."""

    map: LibraryMap
    id: str
    name: str
    description: str
    objective_text: str = ""
    intro: bool = False
    kind: str = "your map"
    tier: int = 99


def picker_entries(briefs: list, folder: str | Path | None = None, content=None) -> dict[str, PickerEntry]:
    """Picker entries for every map of the library (see scan), by id; ``briefs`` are the game's
    scenario briefs (for the rules' names and goals). The label carries the title and size, and
    "broken" for a map the checker refuses; the description the checker's verdict in words."""
    by_id = {b.id: b for b in briefs}
    out: dict[str, PickerEntry] = {}
    for m in scan(folder, content):
        rules = by_id.get(m.rules)
        size = f"{m.width}x{m.height}" if m.width else ""
        rules_name = rules.name if rules is not None else m.rules
        verdict = ("The checker finds no problem." if m.ok else
                   "The checker refuses it (below): fix the map in Tiled, save, and press F5 here.")
        desc = (f"Your map {m.path.name}{f' ({size} squares)' if size else ''} from {m.path.parent}, played with "
                f"the rules of {rules_name}. {verdict}")
        label = m.title + (f" · {size}" if size else "") + ("" if m.ok else " · broken")
        out[m.id] = PickerEntry(m, m.id, label, desc,
                                rules.objective_text if (rules is not None and m.ok) else "")
    return out
