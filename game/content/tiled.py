"""Tiled maps (.tmx, or .tmj JSON) to the engine's :class:`~game.engine.board.Board`.

``load_board(path)`` returns a Board or raises the first :class:`MapError`;
``validate_board(path)`` returns every problem found (``python -m tools.validate``), at most
``MAX_PROBLEMS`` of them and then one "and N more" entry. The conventions are in
``docs/map-authoring.md``; the element table is :mod:`game.content.tiled_elements`.

How a map is read (each file is parsed once):

* The map file is parsed with :mod:`xml.etree` (attributes only, nothing executed; files
  declaring XML entities are refused). A JSON map (``.tmj``, also ``.tsj`` tilesets and ``.tj``
  templates) is converted to the very same tree by :mod:`game.content.tiled_json` (pytmx 3.32
  reads no JSON), so both formats go through the same checks and messages. An empty file is
  called empty.
* A map with no Dreadboard element at all hears "not a Dreadboard board" first. Then what we do
  not support is refused with a clear message: infinite maps, other orientations, non-square
  cells, zstd or XML layer data, file references that leave ``maps/``, ``assets/`` or the user's
  map library, images embedded in the file, property names pytmx reserves, class-typed or
  malformed property values.
* Readers have limits: 16 MB per file, 256x256 squares, 32 tile layers, 10,000 objects. Tile
  layer data is measured *before* it is unpacked: CSV cells are counted, zlib/gzip data is
  inflated at most to width x height x 4 bytes, so a small file that inflates to gigabytes is
  refused at once. Tile layers are only the floor's look: their cells are checked against the
  tilesets, not used for rules. pytmx (``pytmx_map``) reads them where they are drawn, from the
  same parsed tree.
* Objects are taken from the XML of the map's object layers (also inside group layers, never
  from tileset collision shapes), because pytmx drops Tiled 1.9's ``class=`` (#170), does not
  resolve templates (#171) and misplaces rotated tile objects (#198). Templates (``.tx``) are
  resolved here, relative to the map file. Custom-property defaults come from the Tiled project
  file (``maps/dreadboard.tiled-project``), since Tiled stores only changed values.
* Overlapping board tiles are found row by row on a grid of owners (list slices), one problem
  per overlapping rectangle, never one per square.

Coordinates: one Tiled cell is one board square; square (x, y) is cell column x, row y.

This module is the front door (the functions above, the map library's extra folders); the stages
live beside it, each importing only the ones listed before it: :mod:`game.content.tiled_read`
(reading files safely, limits, header, references, tilesets, pytmx), :mod:`game.content.tiled_project`
(the project's enums and defaults), :mod:`game.content.tiled_objects` (objects, templates, typed
properties), :mod:`game.content.tiled_checks` (capacity, starts, exits, reachability) and
:mod:`game.content.tiled_build` (the Board, then those checks).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..engine.board import Board
from .errors import MapError, P_
from .tiled_elements import ProjectTypes
from .tiled_objects import EDGE_TOLERANCE, ON_LINE, SNAP_TOLERANCE  # noqa: F401  (the names this module always had)
from .tiled_read import (ALLOWED_DIRS, JSON_SUFFIXES, MAX_FILE_BYTES, MAX_OBJECTS, MAX_POINTS,  # noqa: F401
                         MAX_PROBLEMS, MAX_SIDE, MAX_TILE_LAYERS, PLAIN_TYPES, RawProperty)
from .tiled_project import DEFAULT_PROJECT  # noqa: F401
from .tiled_read import (MapObject, ROOT, _Ctx, _Stop, _check_for_pytmx, _check_is_board, _check_layer_gids,
                         _check_map_header, _check_references, _pytmx_parse, _read_props, _read_xml, _rel, _resolve_ref)
from .tiled_project import read_project
from .tiled_objects import _collect_objects
from .tiled_build import _build_board


rel = _rel  # public: a path as the loader names it in messages and sources


EXTRA_ALLOWED: list[Path] = []  # more folders files may come from (the user's map library)


def allow_folder(path: str | Path) -> None:
    """Let maps and the files they reference also come from ``path`` (the user's map library,
    :mod:`game.content.library`)."""
    p = Path(os.path.realpath(path))
    if p not in EXTRA_ALLOWED:
        EXTRA_ALLOWED.append(p)


def _new_ctx(path: Path, project: ProjectTypes) -> _Ctx:
    """A reading of ``path``: its problems are this module's ``MapError`` and its files may also
    come from the folders of ``EXTRA_ALLOWED`` (both read now, so a test may replace them)."""
    return _Ctx(path, _rel(path), project, error=MapError, allowed=tuple(EXTRA_ALLOWED))


def load_board(path: str | Path, *, project: str | Path | None = None) -> Board:
    """Load a Tiled map as a Board. Raises the first :class:`MapError` found (never another
    exception for bad input)."""
    board, problems = _analyse(Path(path), project)
    if problems:
        raise problems[0]
    assert board is not None
    return board


def validate_board(path: str | Path, *, project: str | Path | None = None) -> list[MapError]:
    """Every problem of a Tiled map (empty list when it loads cleanly)."""
    return _analyse(Path(path), project)[1]


@dataclass
class MapReport:
    """What the checker says about one map file: ``title`` (the map's ``title`` property or the
    file name), ``width`` x ``height`` in squares (0 when unreadable), ``problems`` (as
    validate_board), ``board`` (None unless clean) and the map's custom ``properties`` (text)."""

    file: str
    title: str
    width: int
    height: int
    problems: list[MapError]
    board: Board | None
    properties: dict[str, str]

    @property
    def ok(self) -> bool:
        return not self.problems


def inspect_map(path: str | Path, *, project: str | Path | None = None) -> MapReport:
    """Check a map and say what it is (for the validator's JSON report and the map library)."""
    p = Path(path)
    board, problems, ctx = _analyse_ctx(p, project)
    props: dict[str, str] = {}
    title = p.stem
    if ctx is not None and ctx.root is not None and ctx.root.tag == "map":
        props = {k: v.value for k, v in _read_props(ctx.root).items()}
        title = props.get("title", "").strip() or title
    return MapReport(_rel(p), title, ctx.width if ctx else 0, ctx.height if ctx else 0, problems, board, props)


_WHERE_OBJECT = re.compile(r"\bobject (\d+)")
_WHERE_SQUARE = re.compile(r"\b(?:square|cell) \((-?\d+), (-?\d+)\)")
_WHERE_LAYER = re.compile(r"\blayer '([^']*)'")


def problem_record(e: MapError) -> dict:
    """One problem as the validator's JSON report gives it (``python -m tools.validate --json``;
    the Tiled extension reads it): ``file``, ``object`` (Tiled object id or null), ``layer``
    (layer name or null), ``square`` ([x, y] or null; a tile layer cell is its square),
    ``where`` and ``message`` (the place and the problem as in the text output), ``hint``,
    ``severity`` ("error"; "info" for the closing "and N more" line)."""
    m = _WHERE_OBJECT.search(e.where)
    sq = _WHERE_SQUARE.search(e.where)
    lay = _WHERE_LAYER.search(e.where)
    layer = getattr(e, "layer", "") or (lay.group(1) if lay else "")
    more = not e.where and e.problem.startswith("and ") and e.problem.endswith(" more problem(s) not listed")
    return {"file": e.file, "object": int(m.group(1)) if m else None, "layer": layer or None,
            "square": [int(sq.group(1)), int(sq.group(2))] if sq else None, "where": e.where,
            "message": e.problem, "hint": e.hint, "severity": "info" if more else "error"}


def read_objects(path: str | Path) -> list[MapObject]:
    """The map's objects with templates resolved, sorted by id (for tools and tests).
    Raises MapError if the file cannot be read."""
    ctx = _new_ctx(Path(path), ProjectTypes())
    try:
        ctx.root = _read_xml(ctx, ctx.path, "map")
        _check_map_header(ctx)
        _check_references(ctx)
        return _collect_objects(ctx)
    except _Stop:
        raise ctx.problems[-1] if ctx.problems else MapError(ctx.file, "", P_("cannot read the map")) from None


def read_picture_map(path: str | Path) -> tuple[int, int, Path | None, list[MapObject], list[MapError]]:
    """A map that is a picture with objects on it (the campaign's city map): (width, height in
    pixels, the image layer's picture or None, the objects with templates resolved, problems).
    Read with the same safe parser, limits and reference checks as boards (.tmx or .tmj)."""
    ctx = _new_ctx(Path(path), ProjectTypes())
    image: Path | None = None
    objs: list[MapObject] = []
    try:
        ctx.root = _read_xml(ctx, ctx.path, "map")
        _check_map_header(ctx)
        _check_references(ctx)
        for il in ctx.root.iter("imagelayer"):
            img = il.find("image")
            if img is not None and img.get("source") and image is None:
                image = _resolve_ref(ctx, ctx.path.parent, img.get("source"), f"image layer '{il.get('name', '')}'",
                                     "image")
        objs = _collect_objects(ctx)
    except _Stop:
        pass
    return ctx.width * ctx.tile, ctx.height * ctx.tile, image, objs, ctx.listed()


def _analyse(path: Path, project: str | Path | None) -> tuple[Board | None, list[MapError]]:
    board, problems, _ = _analyse_ctx(path, project)
    return board, problems


def _analyse_ctx(path: Path, project: str | Path | None) -> tuple[Board | None, list[MapError], _Ctx | None]:
    try:
        proj = read_project(project)
    except MapError as ex:
        return None, [ex], None
    ctx = _new_ctx(path, proj)
    board = None
    try:
        ctx.root = _read_xml(ctx, path, "map")
        _check_is_board(ctx)
        _check_map_header(ctx)
        _check_references(ctx)
        _check_for_pytmx(ctx)
        _check_layer_gids(ctx)
        objs = _collect_objects(ctx)
        board = _build_board(ctx, objs)
    except _Stop:
        pass
    except RecursionError:
        ctx.err("", P_("the map is nested too deeply to read"), P_("save the map again from Tiled"))
    problems = ctx.listed()
    for e in problems:  # the object's layer, for the JSON report (Tiled selects the object there)
        m = _WHERE_OBJECT.search(e.where) if e.file == ctx.file else None
        if m and int(m.group(1)) in ctx.object_layer:
            e.layer = ctx.object_layer[int(m.group(1))]
    return (board if not ctx.count else None), problems, ctx


def pytmx_map(path: str | Path, **kwargs):
    """pytmx's ``TiledMap`` of a .tmx or .tmj map (for drawing the floor: pass
    ``image_loader=pytmx.util_pygame.pygame_image_loader``). Read through the same safe parser
    as :func:`load_board`. Raises MapError for a map that cannot be read; pytmx's own errors pass
    through (call it on maps that :func:`load_board` accepted)."""
    ctx = _new_ctx(Path(path), ProjectTypes())
    try:
        ctx.root = _read_xml(ctx, ctx.path, "map")
        _check_references(ctx)
    except _Stop:
        raise ctx.problems[-1] if ctx.problems else MapError(ctx.file, "", P_("cannot read the map")) from None
    return _pytmx_parse(ctx, **kwargs)


MAP_SUFFIXES = (".tmx", ".tmj")


def iter_maps(paths: Iterable[str | Path] = ()) -> list[Path]:
    """The maps named (folders are searched for .tmx and .tmj files), or every map under maps/."""
    out: list[Path] = []
    for p in (list(paths) or [ROOT / "maps"]):
        p = Path(p)
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix.lower() in MAP_SUFFIXES and q.is_file()))
        else:
            out.append(p)
    return out
