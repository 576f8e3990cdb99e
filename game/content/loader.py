"""The front door of the content layer: ``load_content`` (the city's cards and briefs) and
``load_scenario`` (a ready-to-play scenario from any pack: a city brief, else a manor brief).

The packs live beside it: the shared readers in :mod:`game.content.readers`, the city's cards in
:mod:`game.content.city_pack`, the manor's in :mod:`game.content.mansion_pack`. This module sits
above all of them and nothing in them imports it (issue 24 item 6: no import circle); the names
other modules and tools have always imported from here are re-exported.
"""
from __future__ import annotations

from pathlib import Path

from ..engine.scenario import Content, Scenario
from . import city_pack
from .city_pack import (PREFERRED_SURVIVORS, check_board_against_brief, lint, lint_encounters,  # noqa: F401
                        lint_keywords, load_dice, party_for)
from .errors import ContentError, P_
from .readers import (BRIEF_FILES, DATA, MANOR_BRIEFS, MAP_SUFFIXES, MAPS, MAX_NUMBER_CHARS,  # noqa: F401
                      MAX_YAML_ALIASES, MAX_YAML_BYTES, MAX_YAML_DEPTH, MAX_YAML_NODES, ROOT, LimitedLoader, Refuse,
                      brief_map_path, check_behaviour, check_board_against_content, line_of, load_list, read_yaml,
                      rel, validate)

SCENARIOS = city_pack.SCENARIOS  # the city briefs' folder (a test points it at a copy)
# the names these readers had when they were this module's own
_LimitedLoader, _read, _validate, _line_of, _load_list = LimitedLoader, read_yaml, validate, line_of, load_list


def load_content(data_dir: Path | None = None, scen_dir: Path | None = None) -> Content:
    """The city's content (:func:`game.content.city_pack.load_content`), its briefs read from
    ``scen_dir``, else from this module's ``SCENARIOS``. Raises ContentError."""
    return city_pack.load_content(data_dir, scen_dir if scen_dir else SCENARIOS)


def load_scenario(sid: str, content: Content | None = None, map_path: str | Path | None = None) -> Scenario:
    """A ready-to-play scenario: brief + board (Tiled) + content. ``map_path`` overrides the
    brief's map (``python -m game --map``). Raises ContentError / MapError."""
    from .tiled import load_board  # the map readers and the manor pack load only when a scenario does

    ct = content or load_content()
    if sid not in ct.scenarios:
        from .mansion_pack import load_standalone_scenario, mansion_content

        manor = load_standalone_scenario(sid, map_path)  # a manor brief: the mansion rules (M-MODE-3)
        if manor is not None:
            return manor
        declared = _declared_id(SCENARIOS / f"{sid}.yaml")
        if declared is not None and declared != sid:
            raise ContentError(rel(SCENARIOS / f"{sid}.yaml"), "id",
                               P_("the brief {x}.yaml declares the id '{y}', so no scenario has the id '{x}'", x=sid,
                                  y=declared), P_("set 'id: {x}' in that file", x=sid))
        raise ContentError(rel(SCENARIOS), "", P_("no scenario with id '{id}'", id=sid),
                           P_("choose one of: {names}; manor: {more}", names=", ".join(sorted(ct.scenarios)),
                              more=", ".join(sorted(mansion_content().scenarios))))
    brief = ct.scenarios[sid]
    if map_path:
        path = Path(map_path)
    else:
        bf = rel(BRIEF_FILES.get(sid) or SCENARIOS / f"{sid}.yaml")
        found = brief_map_path(brief.map)
        if found is None:
            raise ContentError(bf, P_("scenario '{id}': map", id=sid),
                               P_("the map '{x}' is outside the game's maps/ folder or not a .tmx/.tmj file",
                                  x=brief.map[:200]), P_("put the map under maps/"))
        if not found.is_file():
            raise ContentError(bf, P_("scenario '{id}': map", id=sid), P_("the brief's map {x} does not exist", x=brief.map),
                               P_("put the map there, or fix the brief's 'map:' line"))
        path = found
    board = load_board(path)
    check_board_against_content(board, ct, path)
    if not map_path:
        check_board_against_brief(board, brief, path)
    return Scenario(brief=brief, board=board, content=ct)


def _declared_id(path: Path) -> str | None:
    """The ``id`` a brief file declares, or None when there is no such file or it cannot be read."""
    try:
        data, _node = read_yaml(path) if path.is_file() else (None, None)
    except (ContentError, OSError):
        return None
    return str(data.get("id")) if isinstance(data, dict) and data.get("id") is not None else None


