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
"""
from __future__ import annotations

import base64
import binascii
import copy
import functools
import json
import math
import os
import re
import struct
import xml.etree.ElementTree as ET
import zlib
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from ..engine.board import Board, Colour, Edge, EdgeFeature, EdgeState, Placement, Sq, Tile, edge_key
from .. import paths
from .errors import MapError
from .tiled_elements import ELEMENTS, ENUMS, MAX_UNITS, PLACEMENT_KINDS, Element, Field, ProjectTypes

ROOT = paths.ROOT  # the checkout, or the wheel's game/_data (game/paths.py)
DEFAULT_PROJECT = ROOT / "maps" / "dreadboard.tiled-project"
ALLOWED_DIRS = ("maps", "assets")
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_SIDE = 256  # squares; board-game maps are far smaller
MAX_TILE_LAYERS = 32  # each is at most MAX_SIDE x MAX_SIDE cells once unpacked
MAX_OBJECTS = 10_000
MAX_POINTS = 50_000  # polyline/polygon vertices in one map
MAX_PROBLEMS = 30  # problems listed per map; the rest are counted ("and N more")
JSON_SUFFIXES = (".tmj", ".tsj", ".tj", ".json")

# How far (in squares) an object may be off the grid and still count as on it.
EDGE_TOLERANCE = 0.25  # a door/archway/barricade centre must be this close to a grid line
SNAP_TOLERANCE = 0.125  # rectangle sides and wall vertices
ON_LINE = 0.01  # a square element this close to a grid line is ambiguous

PLAIN_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
_EDGE_KINDS = {"archway": EdgeState.ARCHWAY, "barricade": EdgeState.BARRICADE}


# ---------------------------------------------------------------------------------------------
# small helpers
_ROOT_PREFIX = str(ROOT) + os.sep


def _rel(path: Path | str) -> str:
    """``path`` relative to the repository (posix) when inside it, for messages and sources."""
    p = os.path.abspath(path)
    if p.startswith(_ROOT_PREFIX):
        return p[len(_ROOT_PREFIX):].replace(os.sep, "/")
    return p


rel = _rel  # public: a path as the loader names it in messages and sources


EXTRA_ALLOWED: list[Path] = []  # more folders files may come from (the user's map library)


def allow_folder(path: str | Path) -> None:
    """Let maps and the files they reference also come from ``path`` (the user's map library,
    :mod:`game.content.library`)."""
    p = Path(os.path.realpath(path))
    if p not in EXTRA_ALLOWED:
        EXTRA_ALLOWED.append(p)


@functools.lru_cache(maxsize=8)
def _allowed_bases(extra: tuple[Path, ...]) -> tuple[str, ...]:
    return tuple(os.path.realpath(ROOT / d) for d in ALLOWED_DIRS) + tuple(str(p) for p in extra)


@functools.lru_cache(maxsize=512)
def _realpath(base: str, ref: str) -> str:
    """os.path.realpath of ``ref`` seen from folder ``base`` (cached: the maps of one game
    share their templates and tilesets)."""
    return os.path.realpath(os.path.join(base, ref))


def _allowed(real: str) -> bool:
    for base in _allowed_bases(tuple(EXTRA_ALLOWED)):
        if real == base or real.startswith(base + os.sep):
            return True
    return False


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


class _Stop(Exception):
    """Internal: a problem that makes further checks pointless was recorded."""


@dataclass
class RawProperty:
    """A custom property as Tiled stored it: its Tiled type, custom type and text value."""

    type: str
    propertytype: str
    value: str


@dataclass
class MapObject:
    """One Tiled object after template resolution (pixels, as in the file).

    ``element`` is its class/type; ``shape`` is "rectangle", "point", "ellipse", "polygon",
    "polyline", "text" or "tile"; ``points`` are relative to (x, y) as Tiled stores them;
    ``properties`` are the explicitly set custom properties (template values, overridden by
    the instance), not yet typed or merged with defaults.
    """

    id: int
    element: str
    name: str
    x: float
    y: float
    width: float
    height: float
    rotation: float
    shape: str
    points: tuple[tuple[float, float], ...]
    properties: dict[str, RawProperty]
    layer: str
    template: str | None = None


@dataclass
class _Ctx:
    path: Path
    file: str
    project: ProjectTypes
    problems: list[MapError] = field(default_factory=list)
    tile: int = 64
    width: int = 0
    height: int = 0
    root: ET.Element | None = None
    tilesets: list[tuple[int, int, str]] = field(default_factory=list)  # (firstgid, tilecount, name)
    flagged: set[tuple[str, str]] = field(default_factory=set)  # (where, property) already reported
    tile_info: dict[int, tuple[str, dict[str, RawProperty]]] = field(default_factory=dict)  # gid -> class, props
    count: int = 0  # problems found, listed or not (listing stops at MAX_PROBLEMS)
    ext_tilesets: dict[str, ET.Element] = field(default_factory=dict)  # tileset ref -> its parsed root
    layer_gids: list[tuple[str, list[int]]] = field(default_factory=list)  # (layer name, cells row by row)
    object_layer: dict[int, str] = field(default_factory=dict)  # object id -> its layer (group/name)

    def err(self, where: str, problem: str, hint: str = "", file: str | None = None) -> None:
        self.count += 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(MapError(file or self.file, where, problem, hint))

    def listed(self) -> list[MapError]:
        """The problems, with one closing "and N more" entry when some were not listed."""
        more = self.count - len(self.problems)
        if more <= 0:
            return self.problems
        return self.problems + [MapError(self.file, "", f"and {more} more problem(s) not listed",
                                         "fix the ones above first, then check the map again")]

    def stop(self, where: str, problem: str, hint: str = "", file: str | None = None) -> None:
        self.err(where, problem, hint, file)
        raise _Stop


# ---------------------------------------------------------------------------------------------
# public API
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
    ctx = _Ctx(Path(path), _rel(path), ProjectTypes())
    try:
        ctx.root = _read_xml(ctx, ctx.path, "map")
        _check_map_header(ctx)
        _check_references(ctx)
        return _collect_objects(ctx)
    except _Stop:
        raise ctx.problems[-1] if ctx.problems else MapError(ctx.file, "", "cannot read the map") from None


def read_picture_map(path: str | Path) -> tuple[int, int, Path | None, list[MapObject], list[MapError]]:
    """A map that is a picture with objects on it (the campaign's city map): (width, height in
    pixels, the image layer's picture or None, the objects with templates resolved, problems).
    Read with the same safe parser, limits and reference checks as boards (.tmx or .tmj)."""
    ctx = _Ctx(Path(path), _rel(path), ProjectTypes())
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


def read_project(path: str | Path | None = None) -> ProjectTypes:
    """Enum values and field defaults from the Tiled project file (and the Tiled 1.8 object
    types file it names). Raises MapError naming the project file when it is wrong."""
    p = Path(path) if path else DEFAULT_PROJECT
    try:
        stamp = p.stat().st_mtime_ns
    except OSError:
        raise MapError(_rel(p), "", "the Tiled project file is missing",
                       "restore maps/dreadboard.tiled-project (python -m tools.make_tiled_project)") from None
    return _parse_project_cached(str(p), stamp)


@functools.lru_cache(maxsize=4)
def _parse_project_cached(path: str, stamp: int) -> ProjectTypes:
    """Parsed project, cached per file and modification time (ProjectTypes is read-only)."""
    del stamp  # part of the cache key only
    return _parse_project(Path(path))


# ---------------------------------------------------------------------------------------------
# project file
def _parse_project(p: Path) -> ProjectTypes:
    f = _rel(p)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as ex:
        raise MapError(f, "", f"cannot read the Tiled project file ({ex.__class__.__name__})") from None
    except json.JSONDecodeError as ex:
        raise MapError(f, f"line {ex.lineno}", f"the Tiled project file is not valid JSON ({ex.msg})",
                       "let Tiled save it, or regenerate it with python -m tools.make_tiled_project") from None
    if not isinstance(doc, dict):
        raise MapError(f, "", "not a Tiled project file")
    enums = dict(ENUMS)
    defaults = {e.name: {fl.name: fl.default for fl in e.fields} for e in ELEMENTS.values()}
    types = doc.get("propertyTypes", [])
    if not isinstance(types, list):
        raise MapError(f, "propertyTypes", "must be a list")
    seen_defaults: dict[tuple[str, str], object] = {}
    for t in types:
        if not isinstance(t, dict):
            continue
        name, kind = t.get("name"), t.get("type", "enum")
        if kind == "enum" and name in ENUMS:
            vals = t.get("values")
            if not isinstance(vals, list) or any(v not in ENUMS[name] for v in vals):
                bad = [v for v in (vals if isinstance(vals, list) else [vals]) if v not in ENUMS[name]]
                raise MapError(f, f"enum '{name}'", f"has values the game does not know: {bad}",
                               "allowed: " + ", ".join(repr(v) for v in ENUMS[name]))
            enums[name] = tuple(vals)
        elif kind == "class" and name in ELEMENTS:
            el = ELEMENTS[name]
            for m in t.get("members", []) or []:
                if not isinstance(m, dict):
                    continue
                fl = el.field(str(m.get("name")))
                if fl is None:
                    raise MapError(f, f"class '{name}'", f"member '{m.get('name')}' is not a field of {name}",
                                   "fields: " + (", ".join(x.name for x in el.fields) or "none"))
                val = _convert_default(f, name, fl, m.get("value"))
                defaults[name][fl.name] = val
                seen_defaults[(name, fl.name)] = val
    # Tiled 1.8 keeps object types (with defaults) in a separate file named by the project.
    otf = doc.get("objectTypesFile")
    if isinstance(otf, str) and otf:
        op = (p.parent / otf)
        if op.exists():
            try:
                root = ET.fromstring(op.read_bytes())
            except ET.ParseError as ex:
                raise MapError(_rel(op), f"line {ex.position[0]}", "the object types file is not valid XML",
                               "regenerate it with python -m tools.make_tiled_project") from None
            except (OSError, LookupError, ValueError) as ex:
                raise MapError(_rel(op), "", f"cannot read the object types file ({ex.__class__.__name__})",
                               "regenerate it with python -m tools.make_tiled_project") from None
            for ot in root.findall("objecttype"):
                name = ot.get("name", "")
                el = ELEMENTS.get(name)
                if el is None:
                    continue
                for pr in ot.findall("property"):
                    fl = el.field(pr.get("name", ""))
                    if fl is None:
                        raise MapError(_rel(op), f"object type '{name}'",
                                       f"property '{pr.get('name')}' is not a field of {name}")
                    val = _convert_default(_rel(op), name, fl, pr.get("default", ""))
                    if (name, fl.name) in seen_defaults and seen_defaults[(name, fl.name)] != val:
                        raise MapError(_rel(op), f"object type '{name}'",
                                       f"default of '{fl.name}' is {val!r} here but "
                                       f"{seen_defaults[(name, fl.name)]!r} in {f}",
                                       "make the two files agree (python -m tools.make_tiled_project)")
                    defaults[name][fl.name] = val
    return ProjectTypes(enums=enums, defaults=defaults)


def _convert_default(f: str, cls: str, fl: Field, value: object) -> object:
    try:
        if fl.kind == "bool":
            if isinstance(value, bool):
                return value
            return _to_bool(str(value))
        if fl.kind == "int":
            if isinstance(value, bool):
                raise ValueError
            return int(value)  # type: ignore[arg-type]
        if fl.enum:
            v = "" if value is None else str(value)
            if v not in ENUMS[fl.enum]:
                raise ValueError
            return v
        return "" if value is None else str(value)
    except (TypeError, ValueError):
        raise MapError(f, f"class '{cls}'", f"default {value!r} of '{fl.name}' is not a valid {fl.kind}") from None


def _to_bool(s: str) -> bool:
    t = s.strip().lower()
    if t in ("true", "1"):
        return True
    if t in ("false", "0", ""):
        return False
    raise ValueError(s)


# ---------------------------------------------------------------------------------------------
# the whole analysis
def _analyse(path: Path, project: str | Path | None) -> tuple[Board | None, list[MapError]]:
    board, problems, _ = _analyse_ctx(path, project)
    return board, problems


def _analyse_ctx(path: Path, project: str | Path | None) -> tuple[Board | None, list[MapError], _Ctx | None]:
    try:
        proj = read_project(project)
    except MapError as ex:
        return None, [ex], None
    ctx = _Ctx(path, _rel(path), proj)
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
        ctx.err("", "the map is nested too deeply to read", "save the map again from Tiled")
    problems = ctx.listed()
    for e in problems:  # the object's layer, for the JSON report (Tiled selects the object there)
        m = _WHERE_OBJECT.search(e.where) if e.file == ctx.file else None
        if m and int(m.group(1)) in ctx.object_layer:
            e.layer = ctx.object_layer[int(m.group(1))]
    return (board if not ctx.count else None), problems, ctx


# ---------------------------------------------------------------------------------------------
# reading XML safely
def _read_xml(ctx: _Ctx, path: Path, expect: str, *, referrer: str = "") -> ET.Element:
    """The root element of an XML file, or a recorded problem and _Stop. Tilesets and templates
    are cached per file version (the maps of one game share them)."""
    via = f" (used by {referrer})" if referrer else ""
    try:
        st = path.stat()
    except FileNotFoundError:
        ctx.stop("", f"file not found{via}", "check the path and the file name", file=_rel(path))
    except OSError as ex:
        ctx.stop("", f"cannot read the file ({ex.__class__.__name__}){via}", file=_rel(path))
    if st.st_size > MAX_FILE_BYTES:
        ctx.stop("", f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB{via}", file=_rel(path))
    if expect == "map":
        result = _parse_xml(str(path), expect)
    else:
        result = _parse_xml_cached(str(path), expect, st.st_mtime_ns, st.st_size)
    if isinstance(result, tuple):
        where, problem, hint = result
        ctx.stop(where, problem + via, hint, file=_rel(path))
    assert isinstance(result, ET.Element)
    return result


@functools.lru_cache(maxsize=64)
def _parse_xml_cached(path: str, expect: str, mtime: int, size: int) -> ET.Element | tuple[str, str, str]:
    del mtime, size  # cache key only
    return _parse_xml(path, expect)


_WHAT = {"map": "a Tiled map (.tmx or .tmj)", "tileset": "a Tiled tileset (.tsx or .tsj)",
         "template": "a Tiled object template (.tx or .tj)"}


def _parse_xml(path: str, expect: str) -> ET.Element | tuple[str, str, str]:
    """Parse a Tiled file, XML (.tmx/.tsx/.tx) or JSON (.tmj/.tsj/.tj, converted to the same
    tree by :mod:`game.content.tiled_json`): its root, or (where, problem, hint). Never raises
    for bad content."""
    try:
        data = Path(path).read_bytes()
    except OSError as ex:
        return "", f"cannot read the file ({ex.__class__.__name__})", "check the file"
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head:
        return ("", "the file is empty", "Tiled never saves an empty file: restore the map from a copy, or save it "
                "again from Tiled (File > Save As)")
    if head.startswith((b"{", b"[")) or (path.lower().endswith(JSON_SUFFIXES) and not head.startswith(b"<")):
        return _parse_json(data, expect)
    if b"<!ENTITY" in data:
        return "", "the file declares XML entities, which Dreadboard refuses", "save the file again from Tiled"
    try:
        root = ET.fromstring(data)
    except ET.ParseError as ex:
        line = ex.position[0] if getattr(ex, "position", None) else 0
        return (f"line {line}" if line else "", f"not valid XML: {ex}",
                "the file is damaged; open it in a text editor near that line, or restore it")
    except (LookupError, ValueError, UnicodeError) as ex:  # e.g. an unknown encoding="..." declaration
        return "line 1", f"not valid XML: {ex}", "save the file as UTF-8 from Tiled"
    if root.tag != expect:
        return "", f"not {_WHAT[expect]}: the file holds a <{root.tag}>", \
            "open the right file; Tiled maps are saved as .tmx (XML) or .tmj (JSON)"
    return root


def _parse_json(data: bytes, expect: str) -> ET.Element | tuple[str, str, str]:
    """A Tiled JSON file as the TMX tree (see :mod:`game.content.tiled_json`)."""
    from .tiled_json import JsonShapeError, to_tmx

    try:
        doc = json.loads(data)
    except UnicodeDecodeError:
        return "", "not valid JSON: the file is not UTF-8 text", "save the file again from Tiled"
    except json.JSONDecodeError as ex:
        return (f"line {ex.lineno}", f"not valid JSON: {ex.msg} (line {ex.lineno}, column {ex.colno})",
                "the file is damaged; open it in a text editor near that line, or save it again from Tiled")
    except RecursionError:
        return "", "not valid JSON: nested too deeply", "save the file again from Tiled"
    try:
        root = to_tmx(doc, expect)
    except JsonShapeError as ex:
        return ex.where, f"not a valid Tiled JSON file: {ex.problem}", "save the file again from Tiled"
    except RecursionError:
        return "", "the file is nested too deeply to read", "save the file again from Tiled"
    if root.tag != expect:
        return ("", f"not {_WHAT[expect]}: the JSON file holds a '{root.tag}'",
                "open the right file; Tiled maps are saved as .tmx (XML) or .tmj (JSON)")
    return root


def _int_attr(ctx: _Ctx, node: ET.Element, name: str, default: int | None = None) -> int:
    v = node.get(name)
    if v is None:
        if default is not None:
            return default
        ctx.stop("", f"the map has no '{name}' attribute", "save the map again from Tiled")
    try:
        return int(v)  # type: ignore[arg-type]
    except ValueError:
        ctx.stop("", f"the map's '{name}' is {v!r}, not a whole number", "save the map again from Tiled")
    raise AssertionError  # unreachable


def _check_is_board(ctx: _Ctx) -> None:
    """A map with no Dreadboard element at all (a foreign map) hears that first, before any
    complaint about its tilesets or format. Objects from templates or tiles are judged later,
    once those are read."""
    m = ctx.root
    assert m is not None
    for node, _layer in _iter_object_nodes(m):
        if (node.get("type") or node.get("class") or "") in ELEMENTS or node.get("template") or node.get("gid"):
            return
    ctx.stop("", "not a Dreadboard board: the map has no board_tile objects",
             "draw a rectangle of class board_tile over each board-game tile (docs/map-authoring.md); a map made "
             "for another game cannot be played here")


def _check_layer_data(ctx: _Ctx, name: str, data: ET.Element, enc: str | None, comp: str | None) -> None:
    """The layer's cells are counted (CSV) or its packed data measured *before* anything is
    unpacked: zlib/gzip data is inflated at most to width x height x 4 bytes (+1 to notice more),
    so a small file that would inflate to gigabytes is refused at once."""
    cells = ctx.width * ctx.height
    where = f"layer '{name}'"
    text = data.text or ""
    if enc == "csv":
        n = text.count(",") + 1 if text.strip() else 0
        if n != cells:
            ctx.stop(where, f"the tile layer holds {n} cells; the map is {ctx.width}x{ctx.height} = {cells}",
                     "resize the map with Map > Resize Map so every layer matches, or save it again from Tiled")
        try:
            gids = [int(v) for v in text.split(",")]
        except ValueError:
            ctx.stop(where, "the tile layer's CSV data holds something that is not a tile number",
                     "save the map again from Tiled")
        if any(g < 0 or g > 0xFFFFFFFF for g in gids):
            ctx.stop(where, "the tile layer's CSV data holds a number out of range", "save the map again from Tiled")
        ctx.layer_gids.append((name, gids))
        return
    try:
        raw = base64.b64decode(text.strip(), validate=False)
    except (binascii.Error, ValueError):
        ctx.stop(where, "the tile layer's base64 data is damaged", "save the map again from Tiled")
    limit = cells * 4
    if comp in ("zlib", "gzip"):
        d = zlib.decompressobj(wbits=(31 if comp == "gzip" else 15))
        try:
            out = d.decompress(raw, limit + 1)
        except zlib.error:
            ctx.stop(where, f"the tile layer's {comp} data is damaged", "save the map again from Tiled")
        if len(out) > limit or d.unconsumed_tail:
            ctx.stop(where, f"the tile layer's {comp} data unpacks to more than the map's {ctx.width}x{ctx.height} "
                     f"cells ({limit} bytes); refused before unpacking it all",
                     "save the map again from Tiled; a Dreadboard layer never holds more cells than the map")
        if not d.eof or d.unused_data:
            ctx.stop(where, f"the tile layer's {comp} data is damaged (truncated, or extra data after it)",
                     "save the map again from Tiled")
    else:
        out = raw
    if len(out) != limit:
        ctx.stop(where, f"the tile layer holds {len(out) // 4} cells; the map is {ctx.width}x{ctx.height} = {cells}",
                 "resize the map with Map > Resize Map so every layer matches, or save it again from Tiled")
    ctx.layer_gids.append((name, list(struct.unpack(f"<{cells}I", out))))


def _check_map_header(ctx: _Ctx) -> None:
    m = ctx.root
    assert m is not None
    orient = m.get("orientation", "orthogonal")
    if orient != "orthogonal":
        ctx.stop("", f"the map is {orient}; Dreadboard maps must be orthogonal",
                 "create the map with Map > New Map, Orientation: Orthogonal")
    if m.get("infinite", "0") not in ("0", "") or m.find(".//chunk") is not None:
        ctx.stop("", "the map is infinite; Dreadboard maps must have a fixed size",
                 "in Map > Map Properties untick 'Infinite' (Tiled then asks for a size)")
    tw, th = _int_attr(ctx, m, "tilewidth"), _int_attr(ctx, m, "tileheight")
    if tw <= 0 or tw != th:
        ctx.stop("", f"the map's cells are {tw}x{th} pixels; a board square must be square",
                 "use equal tile width and height (64x64 for the shipped tileset)")
    ctx.tile = tw
    ctx.width, ctx.height = _int_attr(ctx, m, "width"), _int_attr(ctx, m, "height")
    if ctx.width <= 0 or ctx.height <= 0:
        ctx.stop("", f"the map is {ctx.width}x{ctx.height} squares", "give it a size of at least 1x1")
    if ctx.width > MAX_SIDE or ctx.height > MAX_SIDE:
        ctx.stop("", f"the map is {ctx.width}x{ctx.height} squares; at most {MAX_SIDE}x{MAX_SIDE} are supported",
                 "resize it with Map > Resize Map")
    layers = list(m.iter("layer"))
    if len(layers) > MAX_TILE_LAYERS:
        ctx.stop("", f"the map has {len(layers)} tile layers; at most {MAX_TILE_LAYERS} are supported",
                 "merge or delete tile layers (the floor needs one or two)")
    for layer in layers:
        name = layer.get("name", "")
        data = layer.find("data")
        if data is None:
            ctx.stop(f"layer '{name}'", "the tile layer has no data", "save the map again from Tiled")
        enc, comp = data.get("encoding"), data.get("compression")
        if comp == "zstd":
            ctx.stop(f"layer '{name}'", "the tile layer is compressed with zstd, which pytmx cannot read",
                     "in Map > Map Properties set Tile Layer Format to CSV (or Base64 zlib/gzip)")
        if enc is None:
            ctx.stop(f"layer '{name}'", "the tile layer is stored as XML <tile> elements, which pytmx cannot read",
                     "in Map > Map Properties set Tile Layer Format to CSV")
        if enc not in ("csv", "base64") or comp not in (None, "zlib", "gzip"):
            ctx.stop(f"layer '{name}'", f"unsupported tile layer format {enc}/{comp}",
                     "in Map > Map Properties set Tile Layer Format to CSV")
        if data.find("chunk") is not None:
            ctx.stop(f"layer '{name}'", "the tile layer is stored in chunks (an infinite map)",
                     "in Map > Map Properties untick 'Infinite'")
        lw, lh = layer.get("width"), layer.get("height")
        if (lw, lh) != (str(ctx.width), str(ctx.height)):
            ctx.stop(f"layer '{name}'", f"the tile layer is {lw}x{lh} cells; the map is {ctx.width}x{ctx.height}",
                     "resize the map with Map > Resize Map so every layer matches")
        _check_layer_data(ctx, name, data, enc, comp)


# ---------------------------------------------------------------------------------------------
# file references: tilesets, images, templates
def _resolve_ref(ctx: _Ctx, base: Path, ref: str | None, where: str, what: str) -> Path | None:
    """The real path of a reference, or None (problem recorded) if it is empty, leaves the
    allowed folders or does not exist."""
    if not ref:
        ctx.err(where, f"the {what} reference is empty", "pick the file again in Tiled")
        return None
    real = _realpath(str(base), ref)
    if not _allowed(real):
        ctx.err(where, f"the {what} '{ref}' is outside the game's maps/ and assets/ folders; refused "
                f"(it resolves to {real})", "keep your map under the game's maps/ folder, or in your maps folder "
                "(docs/map-authoring.md, 'Map library') with its own tilesets and images next to it; the shipped "
                "tileset is assets/tiles/, the templates maps/templates/")
        return None
    if not os.path.exists(real):
        ctx.err(where, f"the {what} '{ref}' does not exist", "check the file name, or pick it again in Tiled")
        return None
    return Path(real)


def _check_references(ctx: _Ctx) -> None:
    """Tilesets, images, templates' targets and file properties must stay inside maps/ or
    assets/. A tileset that cannot be read stops the analysis (pytmx would fail on it); a
    missing image is only reported."""
    m = ctx.root
    assert m is not None
    base = ctx.path.parent
    fatal = False
    for ts in m.findall("tileset"):
        firstgid = ts.get("firstgid", "1")
        src = ts.get("source")
        if src is None:
            _check_tileset(ctx, ts, base, firstgid, f"tileset '{ts.get('name', '')}'")
            continue
        where = f"tileset '{src}'"
        if not src.lower().endswith((".tsx", ".tsj", ".json")):
            ctx.err(where, "external tilesets must be .tsx (XML) or .tsj (JSON) files",
                    "save the tileset from Tiled as .tsx or .tsj")
            fatal = True
            continue
        real = _resolve_ref(ctx, base, src, where, "tileset")
        if real is None:
            fatal = True
            continue
        try:
            tsx = _read_xml(ctx, real, "tileset", referrer=ctx.file)
        except _Stop:
            fatal = True
            continue
        n = ctx.count
        _check_properties_tree(ctx, tsx, file=_rel(real))
        fatal = fatal or ctx.count > n
        _check_tileset(ctx, tsx, real.parent, firstgid, where)
        ctx.ext_tilesets[src] = tsx  # pytmx gets this tree inlined (read once; pytmx reads no .tsj)
    for il in m.iter("imagelayer"):
        img = il.find("image")
        where = f"image layer '{il.get('name', '')}'"
        if _embedded(ctx, img, where, "image layer"):
            fatal = True
            continue
        if img is None or not img.get("source"):
            ctx.err(where, "the image layer has no image", "pick an image or delete the layer")
            fatal = True
            continue
        _resolve_ref(ctx, base, img.get("source"), where, "image")
    for pr in m.iter("property"):
        if pr.get("type") == "file" and pr.get("value"):
            _resolve_ref(ctx, base, pr.get("value"), f"property '{pr.get('name')}'", "file")
    if fatal:
        raise _Stop


def _check_tileset(ctx: _Ctx, ts: ET.Element, base: Path, firstgid: str, where: str) -> None:
    try:
        first = int(firstgid)
        count = int(ts.get("tilecount", "0") or 0)
    except ValueError:
        ctx.err(where, "the tileset's firstgid or tilecount is not a number", "save the map again from Tiled")
        return
    ctx.tilesets.append((first, count, ts.get("name", "")))
    ctx.tile_info.update({first + k: v for k, v in _tile_classes(ts).items()})
    img = ts.find("image")
    if img is not None and not _embedded(ctx, img, where, "tileset image"):
        if img.get("width") is None or img.get("height") is None:
            ctx.err(where, "the tileset image has no width/height", "open and save the tileset in Tiled")
        _resolve_ref(ctx, base, img.get("source"), where, "tileset image")
    for tile in ts.findall("tile"):
        timg = tile.find("image")
        twhere = f"{where} tile {tile.get('id')}"
        if timg is not None and not _embedded(ctx, timg, twhere, "tile image"):
            _resolve_ref(ctx, base, timg.get("source"), twhere, "tile image")


def _embedded(ctx: _Ctx, img: ET.Element | None, where: str, what: str) -> bool:
    """An image stored inside the file (``<image><data>``) instead of as a file: refused with
    words (pytmx cannot draw it and Dreadboard keeps art as files)."""
    if img is None or img.get("source") or img.find("data") is None:
        return False
    ctx.err(where, f"the {what} is embedded in the file; Dreadboard reads images only from image files",
            "save the picture as a PNG under assets/ (or next to your map) and pick that file in Tiled")
    return True


def _tile_classes(ts: ET.Element) -> dict[int, tuple[str, dict[str, RawProperty]]]:
    """Per tile id of a tileset: its class/type and custom properties (inherited by tile
    objects, as in Tiled)."""
    out = {}
    for tile in ts.findall("tile"):
        try:
            tid = int(tile.get("id", ""))
        except ValueError:
            continue
        out[tid] = (tile.get("type") or tile.get("class") or "", _read_props(tile))
    return out


_GID_FLAGS = 0xF0000000


# ---------------------------------------------------------------------------------------------
# what pytmx would choke on
_RESERVED_FALLBACK = frozenset({"id", "name", "type", "x", "y", "width", "height", "rotation", "gid",
                                "visible", "template"})


def _pytmx():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx  # noqa: PLC0415  (lazy: loading pytmx imports pygame's module, not a display)

    return pytmx


def _reserved(kind: str) -> frozenset[str]:
    """Names pytmx refuses as custom properties of a ``kind`` element (it checks
    ``hasattr(element, name)``, #52/#100): computed from pytmx itself."""
    return _reserved_by_kind().get(kind, _RESERVED_FALLBACK) | _RESERVED_FALLBACK


@functools.lru_cache(maxsize=1)
def _reserved_by_kind() -> dict[str, frozenset[str]]:
    try:
        pt = _pytmx()
        m = pt.TiledMap()
        group = frozenset(dir(pt.TiledObjectGroup(m, ET.fromstring("<objectgroup/>"), {})))
        return {
            "map": frozenset(dir(m)),
            "object": frozenset(dir(pt.TiledObject(m, ET.fromstring('<object id="1"/>'), {}))),
            "objectgroup": group,
            "group": group,
            "layer": frozenset(dir(pt.TiledTileLayer(
                m, ET.fromstring('<layer width="1" height="1"><data encoding="csv">0</data></layer>')))),
            "tileset": frozenset(dir(pt.TiledTileset(m, ET.fromstring('<tileset firstgid="1"/>')))),
            "imagelayer": frozenset(dir(pt.TiledImageLayer(
                m, ET.fromstring('<imagelayer><image source="x.png"/></imagelayer>')))),
        }
    except Exception:  # pragma: no cover - a pytmx version whose classes we cannot build
        return {}


def _where_node(node: ET.Element) -> str:
    if node.tag == "object":
        return f"object {node.get('id', '?')}"
    if node.tag in ("layer", "objectgroup", "imagelayer", "group"):
        return f"layer '{node.get('name', '')}'"
    if node.tag == "tileset":
        return f"tileset '{node.get('name', '')}'"
    if node.tag == "tile":
        return f"tile {node.get('id', '?')}"
    return "map properties" if node.tag == "map" else node.tag


def _check_properties_tree(ctx: _Ctx, root: ET.Element, file: str | None = None) -> None:
    """Property values pytmx would fail to cast, class-typed properties, reserved names."""
    for node in root.iter():
        props = node.find("properties")
        if props is None:
            continue
        where = _where_node(node)
        reserved = _reserved(node.tag) | set(node.attrib) if node.tag in (
            "map", "object", "objectgroup", "layer", "tileset", "imagelayer", "group") else frozenset()
        for pr in props.findall("property"):
            name = pr.get("name", "")
            ptype = pr.get("type", "string")
            value = pr.get("value")
            n_before = ctx.count
            _check_property(ctx, where, reserved, name, ptype, value, file)
            if ctx.count > n_before and file is None:
                ctx.flagged.add((where, name))


def _check_property(ctx: _Ctx, where: str, reserved: Iterable[str], name: str, ptype: str, value: str | None,
                    file: str | None) -> None:
    """One custom property, as pytmx would cast it."""
    if name in reserved:
        ctx.err(where, f"the custom property '{name}' has a name pytmx reserves",
                "rename the property (names like id, name, type, x, y, width, height, rotation, "
                "gid, visible, template are taken)", file=file)
    if ptype == "class":
        ctx.err(where, f"the custom property '{name}' is class-typed; Dreadboard maps use plain and enum "
                "properties only", "use the element's own fields (see docs/map-authoring.md)", file=file)
        return
    if ptype not in PLAIN_TYPES:
        ctx.err(where, f"the custom property '{name}' has unknown type '{ptype}'",
                "save the map again from Tiled", file=file)
        return
    if value is None and ptype in ("int", "float", "bool", "object"):
        ctx.err(where, f"the custom property '{name}' ({ptype}) has no value", file=file)
        return
    try:
        if ptype in ("int", "object"):
            int(value)  # type: ignore[arg-type]
        elif ptype == "float":
            float(value)  # type: ignore[arg-type]
        elif ptype == "bool":
            _pytmx().convert_to_bool(value)
    except (TypeError, ValueError):
        ctx.err(where, f"the custom property '{name}' is {value!r}, not a valid {ptype}",
                "fix the value in the Properties view", file=file)


_NUMERIC_ATTRS = ("id", "x", "y", "width", "height", "rotation", "gid")


def _check_for_pytmx(ctx: _Ctx) -> None:
    m = ctx.root
    assert m is not None
    _check_properties_tree(ctx, m)
    for obj in m.iter("object"):
        for a in _NUMERIC_ATTRS:
            v = obj.get(a)
            if v is None:
                continue
            try:
                if not math.isfinite(float(v) if a not in ("id", "gid") else int(v)):
                    raise ValueError(v)
            except ValueError:
                ctx.err(f"object {obj.get('id', '?')}", f"its {a} is {v!r}, not a number",
                        "save the map again from Tiled")


def _pytmx_parse(ctx: _Ctx, *, objects: bool = True, **kwargs):
    """pytmx's TiledMap of the tree already parsed: the map and its tilesets are parsed once,
    not again by pytmx. External tilesets (``.tsx`` and ``.tsj``, which pytmx cannot read) are
    inlined with their image paths made absolute. ``objects=False`` leaves object layers out
    (the loader reads objects itself). ``kwargs`` go to ``pytmx.TiledMap`` (``image_loader``)."""
    pt = _pytmx()
    root = ctx.root
    assert root is not None
    base = ctx.path.parent
    tree = ET.Element(root.tag, dict(root.attrib))
    for child in root:
        src = child.get("source") if child.tag == "tileset" else None
        if src in ctx.ext_tilesets:
            tree.append(_inline_tileset(ctx.ext_tilesets[src], child.get("firstgid", "1"),
                                        Path(_realpath(str(base), src)).parent))
        elif objects or child.tag != "objectgroup":
            tree.append(child)
    tm = pt.TiledMap(**kwargs)
    tm.filename = str(ctx.path)
    tm.parse_xml(tree)
    return tm


def _inline_tileset(ts: ET.Element, firstgid: str, folder: Path) -> ET.Element:
    """An external tileset's tree as an embedded one (shares unchanged children)."""
    out = ET.Element("tileset", dict(ts.attrib))
    out.set("firstgid", firstgid)
    for child in ts:
        has_image = child.tag == "image" or (child.tag == "tile" and child.find("image") is not None)
        if has_image:
            child = copy.deepcopy(child)
            for img in child.iter("image"):
                if img.get("source"):
                    img.set("source", str(folder / img.get("source", "")))
        out.append(child)
    return out


def pytmx_map(path: str | Path, **kwargs):
    """pytmx's ``TiledMap`` of a .tmx or .tmj map (for drawing the floor: pass
    ``image_loader=pytmx.util_pygame.pygame_image_loader``). Read through the same safe parser
    as :func:`load_board`. Raises MapError for a map that cannot be read; pytmx's own errors pass
    through (call it on maps that :func:`load_board` accepted)."""
    ctx = _Ctx(Path(path), _rel(path), ProjectTypes())
    try:
        ctx.root = _read_xml(ctx, ctx.path, "map")
        _check_references(ctx)
    except _Stop:
        raise ctx.problems[-1] if ctx.problems else MapError(ctx.file, "", "cannot read the map") from None
    return _pytmx_parse(ctx, **kwargs)


def _check_layer_gids(ctx: _Ctx) -> None:
    """Every painted cell uses a tile of one of the map's tilesets (flip flags aside). The cells
    were unpacked by _check_layer_data, within the map's size."""
    ranges = sorted(ctx.tilesets)
    for name, gids in ctx.layer_gids:
        bad_ids = {g & ~_GID_FLAGS for g in set(gids) if g & ~_GID_FLAGS} - {
            tid for tid in {g & ~_GID_FLAGS for g in set(gids)}
            if any(fg <= tid and (cnt == 0 or tid < fg + cnt) for fg, cnt, _ in ranges)}
        if not bad_ids:
            continue
        cells = [i for i, g in enumerate(gids) if g & ~_GID_FLAGS in bad_ids]
        x, y = cells[0] % ctx.width, cells[0] // ctx.width
        ctx.err(f"layer '{name}' cell ({x}, {y})",
                f"{len(cells)} cell(s) use tile number {gids[cells[0]] & ~_GID_FLAGS}, which no tileset of the map has",
                "repaint those cells, or add the missing tileset back")


# ---------------------------------------------------------------------------------------------
# objects
def _iter_object_nodes(node: ET.Element, group: str = "") -> Iterator[tuple[ET.Element, str]]:
    for child in node:
        if child.tag == "objectgroup":
            name = group + child.get("name", "")
            for obj in child.findall("object"):
                yield obj, name
        elif child.tag == "group":
            yield from _iter_object_nodes(child, group + child.get("name", "") + "/")


def _read_props(node: ET.Element | None) -> dict[str, RawProperty]:
    out: dict[str, RawProperty] = {}
    if node is None:
        return out
    props = node.find("properties")
    if props is None:
        return out
    for pr in props.findall("property"):
        value = pr.get("value")
        if value is None:
            value = pr.text or ""
        out[pr.get("name", "")] = RawProperty(pr.get("type", "string"), pr.get("propertytype", ""), value)
    return out


def _shape_of(node: ET.Element) -> tuple[str, tuple[tuple[float, float], ...]] | None:
    for tag in ("point", "ellipse", "text"):
        if node.find(tag) is not None:
            return tag, ()
    for tag in ("polygon", "polyline"):
        sub = node.find(tag)
        if sub is not None:
            pts = []
            for pair in (sub.get("points") or "").split():
                a, _, b = pair.partition(",")
                pts.append((float(a), float(b)))
            return tag, tuple(pts)
    if node.get("gid"):
        return "tile", ()
    return None


def _collect_objects(ctx: _Ctx) -> list[MapObject]:
    m = ctx.root
    assert m is not None
    templates: dict[str, tuple[ET.Element, dict[int, tuple[str, dict[str, RawProperty]]]] | None] = {}
    out: list[MapObject] = []
    seen: set[int] = set()
    nodes = list(_iter_object_nodes(m))
    if len(nodes) > MAX_OBJECTS:
        ctx.stop("", f"the map has {len(nodes)} objects; at most {MAX_OBJECTS} are supported",
                 "a board-game map needs a few hundred at most; delete the extra objects")
    points = sum(len((sub.get("points") or "").split()) for node, _ in nodes
                 for sub in node if sub.tag in ("polygon", "polyline"))
    if points > MAX_POINTS:
        ctx.stop("", f"the map's polylines and polygons have {points} points; at most {MAX_POINTS} are supported",
                 "draw walls as short polylines along grid lines")
    for node, layer in nodes:
        if node.get("id", "").isdigit():
            ctx.object_layer.setdefault(int(node.get("id", "")), layer)
        raw_id = node.get("id", "")
        try:
            oid = int(raw_id)
        except ValueError:
            ctx.err(f"object '{node.get('name', '')}' in layer '{layer}'", f"the object id {raw_id!r} is not a number",
                    "save the map again from Tiled")
            continue
        if oid in seen:
            ctx.err(f"object {oid}", "two objects share this id", "save the map again from Tiled (it renumbers)")
            continue
        seen.add(oid)
        tnode = None
        ttiles: dict[int, tuple[str, dict[str, RawProperty]]] = {}
        tref = node.get("template")
        if tref is not None:
            if tref not in templates:
                templates[tref] = _load_template(ctx, tref, oid)
            loaded = templates[tref]
            if loaded is None:
                continue
            tnode, ttiles = loaded
        attrs = dict(tnode.attrib) if tnode is not None else {}
        attrs.update({k: v for k, v in node.attrib.items() if k != "template"})
        element = node.get("type") or node.get("class") or (
            (tnode.get("type") or tnode.get("class") or "") if tnode is not None else "")
        # a tile object inherits its tile's class and properties (gids of a template's own
        # tileset are local to the template)
        tile_cls, tile_props = "", {}
        try:
            if node.get("gid"):
                tile_cls, tile_props = ctx.tile_info.get(int(node.get("gid", "0")) & ~_GID_FLAGS, ("", {}))
            elif tnode is not None and tnode.get("gid"):
                tile_cls, tile_props = ttiles.get(int(tnode.get("gid", "0")) & ~_GID_FLAGS, ("", {}))
        except ValueError:
            pass
        element = element or tile_cls
        try:
            shape = _shape_of(node) or (_shape_of(tnode) if tnode is not None else None) or ("rectangle", ())
            x, y = float(attrs.get("x", 0)), float(attrs.get("y", 0))
            w, h = float(attrs.get("width", 0)), float(attrs.get("height", 0))
            rot = float(attrs.get("rotation", 0))
            if not all(math.isfinite(v) for v in (x, y, w, h, rot, *(c for p in shape[1] for c in p))):
                raise ValueError("not finite")
        except ValueError:
            ctx.err(f"object {oid}", "its position, size or points are not numbers", "save the map again from Tiled")
            continue
        el = ELEMENTS.get(element)
        props = {k: v for k, v in tile_props.items() if el is not None and el.field(k) is not None}
        props.update(_read_props(tnode))
        props.update(_read_props(node))
        out.append(MapObject(oid, element, attrs.get("name", ""), x, y, w, h, rot, shape[0], shape[1], props,
                             layer, tref))
    out.sort(key=lambda o: o.id)
    return out


_TEMPLATES_OK: dict[tuple[str, str], tuple[tuple[int, int], tuple]] = {}  # templates that loaded cleanly


def _load_template(ctx: _Ctx, ref: str, oid: int
                   ) -> tuple[ET.Element, dict[int, tuple[str, dict[str, RawProperty]]]] | None:
    """A template's object and its tileset's tile classes; a template that loaded cleanly is
    reused while its file is unchanged (the maps of one game share them)."""
    key = (str(ctx.path.parent), ref)
    hit = _TEMPLATES_OK.get(key)
    if hit is not None:
        try:
            st = os.stat(_realpath(*key))
            if (st.st_mtime_ns, st.st_size) == hit[0]:
                return hit[1]  # type: ignore[return-value]
        except OSError:
            pass
    n = ctx.count
    loaded = _load_template_file(ctx, ref, oid)
    if loaded is not None and ctx.count == n:
        st = os.stat(_realpath(*key))
        _TEMPLATES_OK[key] = ((st.st_mtime_ns, st.st_size), loaded)
    return loaded


def _load_template_file(ctx: _Ctx, ref: str, oid: int
                        ) -> tuple[ET.Element, dict[int, tuple[str, dict[str, RawProperty]]]] | None:
    where = f"object {oid} (template {ref})"
    real = _resolve_ref(ctx, ctx.path.parent, ref, where, "template")
    if real is None:
        return None
    try:
        root = _read_xml(ctx, real, "template", referrer=ctx.file)
    except _Stop:
        return None
    obj = root.find("object")
    if obj is None:
        ctx.err(where, "the template holds no object", "save the template again from Tiled")
        return None
    tiles: dict[int, tuple[str, dict[str, RawProperty]]] = {}
    ts = root.find("tileset")
    if ts is not None and ts.get("source"):
        tsx_path = _resolve_ref(ctx, real.parent, ts.get("source"), where, "template tileset")
        if tsx_path is None:
            return None
        try:
            first = int(ts.get("firstgid", "1"))
            tsx = _read_xml(ctx, tsx_path, "tileset", referrer=ctx.file)
            tiles = {first + k: v for k, v in _tile_classes(tsx).items()}
        except (_Stop, ValueError):
            return None
    _check_properties_tree(ctx, root, file=_rel(real))
    return obj, tiles


# ---------------------------------------------------------------------------------------------
# geometry of objects (pixels -> squares)
def _rotate(dx: float, dy: float, deg: float) -> tuple[float, float]:
    if not deg:
        return dx, dy
    r = math.radians(deg)
    c, s = math.cos(r), math.sin(r)
    return dx * c - dy * s, dx * s + dy * c


def _centre(o: MapObject) -> tuple[float, float] | None:
    """Centre in pixels of a point-like object (None for lines and polygons)."""
    if o.shape == "point":
        return o.x, o.y
    if o.shape in ("rectangle", "ellipse", "text"):
        dx, dy = _rotate(o.width / 2, o.height / 2, o.rotation)
        return o.x + dx, o.y + dy
    if o.shape == "tile":  # Tiled anchors tile objects at their bottom-left corner
        dx, dy = _rotate(o.width / 2, -o.height / 2, o.rotation)
        return o.x + dx, o.y + dy
    return None


def _square_at(px: float, py: float, t: int) -> Sq:
    return (math.floor(px / t), math.floor(py / t))


def _where(o: MapObject, t: int) -> str:
    c = _centre(o)
    if c is None and o.points:
        c = (o.x + o.points[0][0], o.y + o.points[0][1])
    if c is None:
        c = (o.x, o.y)
    sx, sy = _square_at(c[0], c[1], t)
    label = o.element or "no class"
    if o.element == "board_tile" and o.name:
        label = f"board_tile '{o.name}'"
    return f"object {o.id} ({label}) at square ({sx}, {sy})"


def _snap(v: float, t: int) -> int | None:
    """``v`` pixels as a whole number of squares, or None when off the grid."""
    q = v / t
    r = round(q)
    return int(r) if abs(q - r) <= SNAP_TOLERANCE else None


# ---------------------------------------------------------------------------------------------
# typed properties
def _typed(ctx: _Ctx, o: MapObject, el: Element) -> tuple[dict[str, object], dict[str, object]] | None:
    """(all values with defaults merged, explicitly set values) of ``o``'s fields."""
    t = ctx.tile
    explicit: dict[str, object] = {}
    ok = True
    for name, raw in o.properties.items():
        if (f"object {o.id}", name) in ctx.flagged:
            ok = False
            continue
        fl = el.field(name)
        if fl is None:
            ctx.err(_where(o, t), f"unknown property '{name}' for {el.name}",
                    ("its fields are: " + ", ".join(f.name for f in el.fields)) if el.fields
                    else f"{el.name} has no properties; delete it")
            ok = False
            continue
        v = _convert(ctx, o, fl, raw)
        if v is _BAD:
            ok = False
            continue
        explicit[name] = v
    if not ok:
        return None
    values = dict(ctx.project.defaults.get(el.name, {}))
    values.update(explicit)
    for fl in el.fields:
        v = values.get(fl.name)
        if fl.required and not str(v or "").strip():
            ctx.err(_where(o, t), f"{el.name} needs a '{fl.name}'", f"set '{fl.name}' in the Properties view")
            ok = False
        if fl.choices and v not in fl.choices:
            ctx.err(_where(o, t), f"'{fl.name}' is {v!r}; it must be one of {', '.join(map(str, fl.choices))}",
                    f"set '{fl.name}' in the Properties view")
            ok = False
    return (values, explicit) if ok else None


_BAD = object()


def _convert(ctx: _Ctx, o: MapObject, fl: Field, raw: RawProperty) -> object:
    where = _where(o, ctx.tile)
    s = raw.value.strip()
    if fl.kind == "bool":
        try:
            return _to_bool(s)
        except ValueError:
            ctx.err(where, f"'{fl.name}' is {raw.value!r}, not true or false", "tick or untick it in Tiled")
            return _BAD
    if fl.kind == "int":
        try:
            return int(s)
        except ValueError:
            ctx.err(where, f"'{fl.name}' is {raw.value!r}, not a whole number", "enter a number")
            return _BAD
    if fl.enum:
        values = ctx.project.enums.get(fl.enum, ENUMS[fl.enum])
        if raw.type == "int" and s.lstrip("-").isdigit():  # enum stored as an index
            i = int(s)
            if 0 <= i < len(values):
                return values[i]
        if raw.value in values:
            return raw.value
        ctx.err(where, f"'{fl.name}' is {raw.value!r}, not one of: " + ", ".join(repr(v) for v in values),
                f"pick a value from the '{fl.enum}' list (load maps/dreadboard.tiled-project in Tiled)")
        return _BAD
    return raw.value


# ---------------------------------------------------------------------------------------------
# building the board
def _build_board(ctx: _Ctx, objs: list[MapObject]) -> Board | None:
    t = ctx.tile
    if not any(o.element == "board_tile" for o in objs):
        ctx.stop("", "not a Dreadboard board: the map has no board_tile objects",
                 "draw a rectangle of class board_tile over each board-game tile (docs/map-authoring.md)")
    by_kind: dict[str, list[tuple[MapObject, dict[str, object]]]] = {}
    explicit: dict[int, dict[str, object]] = {}
    for o in objs:
        if not o.element:
            ctx.err(_where(o, t), "the object has no class/type, so the game does not know what it is",
                    "set its Class (Tiled 1.9+) or Type (Tiled 1.8) to an element, e.g. door; see "
                    "docs/map-authoring.md")
            continue
        el = ELEMENTS.get(o.element)
        if el is None:
            ctx.err(_where(o, t), f"unknown element '{o.element}'",
                    "use one of: " + ", ".join(ELEMENTS))
            continue
        if el.shape == "free":
            continue
        typed = _typed(ctx, o, el)
        if typed is None:
            continue
        by_kind.setdefault(el.name, []).append((o, typed[0]))
        explicit[o.id] = typed[1]
    if "board_tile" not in by_kind:
        raise _Stop  # every board_tile object is broken; their problems are recorded

    square_tile, tiles_acc = _build_tiles(ctx, by_kind["board_tile"], explicit)

    def tile_at(o: MapObject, sq: Sq) -> str | None:
        tid = square_tile.get(sq)
        if tid is None:
            ctx.err(_where(o, t), f"the {o.element} is outside every board tile",
                    "move it onto a square covered by a board_tile rectangle")
        return tid

    def square_of(o: MapObject) -> Sq | None:
        c = _centre(o)
        if c is None:
            ctx.err(_where(o, t), f"a {o.element} must be a point (or a small rectangle or ellipse), not a {o.shape}",
                    "place it with the point tool or its template")
            return None
        fx, fy = c[0] / t, c[1] / t
        if abs(fx - round(fx)) < ON_LINE or abs(fy - round(fy)) < ON_LINE:
            ctx.err(_where(o, t), f"the {o.element} lies on a grid line, so its square is ambiguous",
                    "move it inside a square (use View > Snapping > Snap to Fine Grid)")
            return None
        sq = _square_at(c[0], c[1], t)
        return sq if tile_at(o, sq) is not None else None

    # walls
    walls: set[Edge] = set()
    border_walls: dict[Edge, MapObject] = {}
    for o, _ in by_kind.get("wall", []):
        n = ctx.count
        edges = _wall_edges(ctx, o)
        if ctx.count > n:
            continue
        if not any(a in square_tile or b in square_tile for a, b in edges):
            ctx.err(_where(o, t), "the wall is outside every board tile" if edges else "the wall has no length",
                    "draw walls along grid lines inside a board tile")
        for a, b in edges:
            ta, tb = square_tile.get(a), square_tile.get(b)
            if ta is not None and ta == tb:
                walls.add(edge_key(a, b))
            elif ta is not None and tb is not None:
                border_walls.setdefault(edge_key(a, b), o)  # a tile border: a wall already

    # doors, archways, barricades
    features: dict[Edge, EdgeFeature] = {}
    feature_obj: dict[Edge, int] = {}
    for kind in ("door", "archway", "barricade"):
        for o, props in by_kind.get(kind, []):
            e = _edge_of(ctx, o)
            if e is None:
                continue
            a, b = e
            ta, tb = square_tile.get(a), square_tile.get(b)
            if ta is None or tb is None:
                ctx.err(_where(o, t), f"the {kind} leads off the board: a square beside it is in no tile",
                        f"put the {kind} on the border between two board tiles")
                continue
            if ta == tb:
                ctx.err(_where(o, t), f"the {kind} is not between two squares of different tiles (R-COMP-3): "
                        f"both sides are in tile '{ta}'",
                        f"place the {kind}'s point on the grid line between two tiles; inside a tile use a wall")
                continue
            if tiles_acc[ta].region != tiles_acc[tb].region:
                ctx.err(_where(o, t), f"the {kind} joins tiles '{ta}' and '{tb}' of different regions "
                        "(only stairwells join regions, R-COMP-2)", "give both tiles the same region")
                continue
            key = edge_key(a, b)
            if key in features:
                ctx.err(_where(o, t), f"object {feature_obj[key]} already lies on this edge",
                        "keep one door, archway or barricade per edge")
                continue
            feat = _feature(ctx, o, kind, props, key)
            if feat is not None:
                features[key] = feat
                feature_obj[key] = o.id

    for key, o in sorted(border_walls.items()):
        if key in features:  # a wall drawn over a door would be silently dropped: say so
            ctx.err(_where(o, t), f"the wall runs over object {feature_obj[key]} ({features[key].kind.value}) on the "
                    f"border between squares {key[0]} and {key[1]}; tile borders are walls already (R-COMP-3)",
                    "shorten the wall so it stops at the tile border, or remove it")

    # stairwells
    pairs: dict[str, list[tuple[MapObject, Sq]]] = {}
    for o, props in by_kind.get("stairwell", []):
        sq = square_of(o)
        if sq is not None:
            pairs.setdefault(str(props["pair"]), []).append((o, sq))
    stairs: list[tuple[Sq, Sq]] = []
    for name in sorted(pairs):
        ends = pairs[name]
        if len(ends) != 2:
            o = ends[0][0] if len(ends) == 1 else ends[2][0]
            ctx.err(_where(o, t), f"stairwell pair '{name}' has {len(ends)} end(s); "
                    "a pair needs exactly two (R-STAIR-1)",
                    "place the other end with the same 'pair' name" if len(ends) == 1
                    else "give each pair its own name")
            continue
        if ends[0][1] == ends[1][1]:
            ctx.err(_where(ends[1][0], t), f"both ends of stairwell pair '{name}' are on the same square",
                    "put the ends on different squares")
            continue
        stairs.append((ends[0][1], ends[1][1]))

    # starts
    start: dict[int, Sq] = {}
    for o, props in by_kind.get("start", []):
        sq = square_of(o)
        n = int(props["number"])  # type: ignore[call-overload]
        if sq is None:
            continue
        if n in start:
            ctx.err(_where(o, t), f"there are two start {n} objects", "keep one start 1 and one start 2 (R-SCEN-5)")
            continue
        start[n] = sq

    # placements (in object id order)
    placements: list[tuple[int, Placement]] = []
    for o, props in sorted((x for kind in PLACEMENT_KINDS for x in by_kind.get(kind, [])), key=lambda x: x[0].id):
        el = ELEMENTS[o.element]
        sq = square_of(o)
        if sq is None:
            continue
        fields = tuple(sorted((f.name, props[f.name]) for f in el.fields))
        placements.append((o.id, Placement(kind=el.name, square=sq, props=fields,
                                           source=f"{ctx.file} object {o.id}")))
        if el.name == "spawn":
            tiles_acc[square_tile[sq]].spawns.append((o.id, sq))

    tiles: dict[str, Tile] = {}
    for acc in sorted(tiles_acc.values(), key=lambda a: a.first_id):
        shown = acc.title or acc.name.replace("_", " ").capitalize()  # the room name players see
        tiles[acc.name] = Tile(id=acc.name, name=shown, colour=Colour(acc.colour), squares=frozenset(acc.squares),
                               region=acc.region, unexplored=acc.unexplored,
                               spawn_points=tuple(sq for _, sq in sorted(acc.spawns)))
    title = _map_title(ctx)
    board = Board(name=title, width=ctx.width, height=ctx.height, tiles=tiles, walls=frozenset(walls),
                  features=features, stairs=tuple(stairs), start=start,
                  placements=tuple(p for _, p in placements), source=ctx.file)
    _check_board(ctx, board, objs, placements)
    return board


@dataclass
class _TileInfo:
    name: str
    first_id: int
    squares: set[Sq]
    colour: str
    unexplored: bool
    region: int
    spawns: list[tuple[int, Sq]] = field(default_factory=list)
    title: str = ""


def _build_tiles(ctx: _Ctx, rects: list[tuple[MapObject, dict[str, object]]],
                 explicit: dict[int, dict[str, object]]) -> tuple[dict[Sq, str], dict[str, _TileInfo]]:
    """Which tile each square is in. Rectangles are laid row by row on a grid of owners (list
    slices, never one step per square), so 300 map-sized rectangles cost 300 x height slice
    operations; a rectangle overlapping another tile's is reported once (first square and how
    many) and not laid, and overlaps stop the analysis after the tiles (no follow-on noise)."""
    t = ctx.tile
    owner: list[list[str | None]] = [[None] * ctx.width for _ in range(ctx.height)]
    owner_obj: list[list[int]] = [[0] * ctx.width for _ in range(ctx.height)]
    groups: dict[str, list[tuple[MapObject, dict[str, object]]]] = {}
    for o, props in rects:
        if not o.name.strip():
            ctx.err(_where(o, t), "the board_tile has no name", "give it a name (rectangles of one tile share it)")
            continue
        groups.setdefault(o.name, []).append((o, props))
    overlaps = False
    chosen_of: dict[str, dict[str, tuple[object, int]]] = {}
    for name, members in groups.items():
        chosen: dict[str, tuple[object, int]] = chosen_of.setdefault(name, {})
        for o, _props in members:
            for k, v in explicit.get(o.id, {}).items():
                if k in chosen and chosen[k][0] != v:
                    ctx.err(_where(o, t), f"board tile '{name}' has {k} {v!r} here but {chosen[k][0]!r} on "
                            f"object {chosen[k][1]}", f"set the same {k} on every rectangle of '{name}' "
                            "(or on only one of them)")
                else:
                    chosen.setdefault(k, (v, o.id))
        for o, _props in members:
            box = _rect_bounds(ctx, o)
            if box is None:
                continue
            x0, x1, y0, y1 = box
            clash = 0
            first: tuple[int, int] | None = None
            for y in range(y0, y1):
                row = owner[y][x0:x1]
                n = len(row) - row.count(None) - row.count(name)
                if n:
                    clash += n
                    if first is None:
                        first = (x0 + next(i for i, c in enumerate(row) if c is not None and c != name), y)
            if first is not None:
                overlaps = True
                fx, fy = first
                more = f" and {clash - 1} more square(s) of this rectangle" if clash > 1 else ""
                ctx.err(_where(o, t), f"square ({fx}, {fy}) is in two tiles, '{owner[fy][fx]}' (object "
                        f"{owner_obj[fy][fx]}) and '{name}'{more}", "make the rectangles touch, not overlap")
                continue
            for y in range(y0, y1):
                owner[y][x0:x1] = [name] * (x1 - x0)
                owner_obj[y][x0:x1] = [o.id] * (x1 - x0)
    square_tile: dict[Sq, str] = {}
    squares_of: dict[str, set[Sq]] = {name: set() for name in groups}
    for y, row in enumerate(owner):
        for x, name in enumerate(row):
            if name is not None:
                square_tile[(x, y)] = name
                squares_of[name].add((x, y))
    infos: dict[str, _TileInfo] = {}
    for name, members in groups.items():
        chosen = chosen_of[name]
        squares = squares_of[name]
        defaults = ctx.project.defaults["board_tile"]
        vals = {k: (chosen[k][0] if k in chosen else defaults[k]) for k in defaults}
        first_id = min(o.id for o, _ in members)
        region = vals["region"]
        info = _TileInfo(name, first_id, squares, str(vals["colour"]), bool(vals["unexplored"]),
                         region if isinstance(region, int) else 0, title=str(vals.get("title") or ""))
        infos[name] = info
        if not squares or overlaps:
            continue
        if info.unexplored and info.colour == "green":
            ctx.err(_where(members[0][0], t), f"board tile '{name}' is green and unexplored; green tiles are never "
                    "rolled for (R-EXPLORE-1, R-EXPLORE-2)", "make it yellow, amber or red, or untick unexplored")
        if len(members) > 1 and not _connected(squares):  # one rectangle is always in one piece
            ctx.err(_where(members[0][0], t), f"board tile '{name}' is in pieces that do not touch",
                    "rectangles of one tile must share sides; give separate tiles separate names")
    if overlaps:
        raise _Stop
    return square_tile, infos


def _rect_bounds(ctx: _Ctx, o: MapObject) -> tuple[int, int, int, int] | None:
    """(x0, x1, y0, y1) in squares (x1, y1 exclusive) of a board_tile rectangle, or None with
    the problem recorded."""
    t = ctx.tile
    if o.shape != "rectangle":
        ctx.err(_where(o, t), f"a board_tile must be a rectangle, not a {o.shape}",
                "draw it with the rectangle tool; use several rectangles with one name for L or P shapes")
        return None
    corners = [(o.x + dx, o.y + dy) for dx, dy in
               (_rotate(0, 0, o.rotation), _rotate(o.width, 0, o.rotation),
                _rotate(0, o.height, o.rotation), _rotate(o.width, o.height, o.rotation))]
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    x0, x1, y0, y1 = _snap(min(xs), t), _snap(max(xs), t), _snap(min(ys), t), _snap(max(ys), t)
    if o.rotation % 90 or None in (x0, x1, y0, y1):
        ctx.err(_where(o, t), "the board_tile rectangle is not aligned to the grid",
                "turn on View > Snapping > Snap to Grid and redraw it, or fix X, Y, Width, Height to multiples "
                f"of {t}")
        return None
    assert x0 is not None and x1 is not None and y0 is not None and y1 is not None
    if x1 <= x0 or y1 <= y0:
        ctx.err(_where(o, t), "the board_tile rectangle covers no square", f"make it at least {t}x{t} pixels")
        return None
    if x0 < 0 or y0 < 0 or x1 > ctx.width or y1 > ctx.height:
        ctx.err(_where(o, t), "the board_tile rectangle reaches outside the map",
                "move it inside, or enlarge the map with Map > Resize Map")
        return None
    return x0, x1, y0, y1


def _connected(squares: set[Sq]) -> bool:
    start = next(iter(squares))
    seen = {start}
    q = deque([start])
    while q:
        x, y = q.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in squares and n not in seen:
                seen.add(n)
                q.append(n)
    return len(seen) == len(squares)


def _wall_edges(ctx: _Ctx, o: MapObject) -> list[tuple[Sq, Sq]]:
    t = ctx.tile
    if o.shape in ("polyline", "polygon"):
        pts = [(o.x + dx, o.y + dy) for dx, dy in (_rotate(px, py, o.rotation) for px, py in o.points)]
        if o.shape == "polygon" and pts:
            pts.append(pts[0])
    elif o.shape == "rectangle" and (o.width == 0) != (o.height == 0):
        dx, dy = _rotate(o.width, o.height, o.rotation)
        pts = [(o.x, o.y), (o.x + dx, o.y + dy)]
    else:
        ctx.err(_where(o, t), f"a wall must be a polyline (or a zero-width rectangle), not a {o.shape}",
                "draw it with the polyline tool along grid lines")
        return []
    if len(pts) < 2:
        ctx.err(_where(o, t), "the wall has fewer than two points", "draw it with the polyline tool")
        return []
    out: list[tuple[Sq, Sq]] = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        gx0, gy0, gx1, gy1 = _snap(ax, t), _snap(ay, t), _snap(bx, t), _snap(by, t)
        if None in (gx0, gy0, gx1, gy1) or (gx0 != gx1 and gy0 != gy1):
            ctx.err(_where(o, t), f"the wall segment from ({_fmt(ax)}, {_fmt(ay)}) to ({_fmt(bx)}, {_fmt(by)}) px "
                    "does not run along grid lines", "turn on View > Snapping > Snap to Grid and redraw it")
            continue
        assert gx0 is not None and gy0 is not None and gx1 is not None and gy1 is not None
        if not (0 <= min(gx0, gx1) and max(gx0, gx1) <= ctx.width and 0 <= min(gy0, gy1)
                and max(gy0, gy1) <= ctx.height):
            ctx.err(_where(o, t), "the wall reaches outside the map", "keep walls on the map's grid lines")
            continue
        if gx0 == gx1:
            for j in range(min(gy0, gy1), max(gy0, gy1)):
                out.append(((gx0 - 1, j), (gx0, j)))
        else:
            for i in range(min(gx0, gx1), max(gx0, gx1)):
                out.append(((i, gy0 - 1), (i, gy0)))
    return out


def _edge_of(ctx: _Ctx, o: MapObject) -> tuple[Sq, Sq] | None:
    """The two squares either side of an edge element (first = north/west)."""
    t = ctx.tile
    c = _centre(o)
    if c is None:
        ctx.err(_where(o, t), f"a {o.element} must be a point, not a {o.shape}",
                "place it with the point tool or its template")
        return None
    fx, fy = c[0] / t, c[1] / t
    dv, dh = abs(fx - round(fx)), abs(fy - round(fy))
    on_v, on_h = dv <= EDGE_TOLERANCE, dh <= EDGE_TOLERANCE
    if on_v and on_h:
        ctx.err(_where(o, t), f"the {o.element} is at a corner of the grid, not on one edge",
                "move it to the middle of the grid line between two squares (Snap to Fine Grid helps)")
        return None
    if on_v:
        k, j = round(fx), math.floor(fy)
        return (k - 1, j), (k, j)
    if on_h:
        k, i = round(fy), math.floor(fx)
        return (i, k - 1), (i, k)
    ctx.err(_where(o, t), f"the {o.element} is not on a grid line between two squares",
            "place its point on the grid line between two tiles (Snap to Fine Grid helps)")
    return None


def _feature(ctx: _Ctx, o: MapObject, kind: str, props: dict[str, object], key: Edge) -> EdgeFeature | None:
    src = f"{ctx.file} object {o.id}"
    if kind != "door":
        return EdgeFeature(kind=_EDGE_KINDS[kind], source=src)
    t = ctx.tile
    lock = str(props.get("lock") or "") or None
    one_way = str(props.get("one_way") or "")
    state = EdgeState.DOOR_OPEN if props.get("state") == "open" else EdgeState.DOOR_CLOSED
    if (lock or one_way) and state is EdgeState.DOOR_OPEN:
        ctx.err(_where(o, t), "a locked or one-way door must start closed (R-DOOR-9)", "set state to closed")
        return None
    if lock and one_way:
        ctx.err(_where(o, t), "a door cannot be both locked and one-way: a one-way door is its own lock card "
                "(DV-18 L7/L8)", "clear either 'lock' or 'one_way'")
        return None
    one_way_from = None
    if one_way:
        (a, b) = key  # a is north (same x) or west (same y)
        vertical_line = a[1] == b[1]  # squares side by side: the door is on a vertical grid line
        sides = {"west": a, "east": b} if vertical_line else {"north": a, "south": b}
        if one_way not in sides:
            ctx.err(_where(o, t), f"the door lies on a {'vertical' if vertical_line else 'horizontal'} grid line, "
                    f"so it cannot open from the {one_way}", "use " + " or ".join(sides))
            return None
        one_way_from = sides[one_way]
    return EdgeFeature(kind=state, lock=lock, one_way_from=one_way_from, source=src)


def _map_title(ctx: _Ctx) -> str:
    m = ctx.root
    assert m is not None
    props = _read_props(m)
    title = props.get("title")
    return title.value if title is not None and title.value.strip() else ctx.path.stem


# ---------------------------------------------------------------------------------------------
# whole-board checks (validation)
def _check_board(ctx: _Ctx, board: Board, objs: list[MapObject], placements: list[tuple[int, Placement]]) -> None:
    # capacity (R-COMP-8, R-COMP-9)
    units: dict[Sq, list[tuple[int, str, int]]] = {}
    for oid, p in placements:
        el = ELEMENTS[p.kind]
        u = el.units_for(dict(p.props))
        if u:
            label = f"{p.kind} {p.get('enemy')}" if p.kind == "enemy" else p.kind
            units.setdefault(p.square, []).append((oid, label, u))
    for sq, items in sorted(units.items()):
        total = sum(u for _, _, u in items)
        if total > MAX_UNITS:
            oid, label, _ = items[-1]
            kind = label.split()[0]
            what = ", ".join(f"{k} (object {i}, {u})" for i, k, u in items)
            ctx.err(f"object {oid} ({kind}) at square ({sq[0]}, {sq[1]})",
                    f"the square holds {total} capacity units, more than {MAX_UNITS} (R-COMP-8): {what}",
                    "move some of them to a neighbouring square")
    # starts and exits (R-SCEN-1, R-SCEN-6); objects that failed were reported already
    placed = {o.element for o in objs}
    if 1 not in board.start and "start" not in placed:
        ctx.err("", "the map has no start 1", "add a start object with number 1 (R-SCEN-5)")
    elif 1 not in board.start and not ctx.count:
        ctx.err("", "the map has no start 1", "give one start object the number 1 (R-SCEN-5)")
    if 2 not in board.start and not (ctx.count and "start" in placed):
        ctx.err("", "the map has no start 2", "add a start object with number 2 (R-SCEN-5)")
    if not board.exits and "exit" not in placed and "boss_start" not in placed:
        # boss maps may have no exit: their objective is to kill the boss (R-BOSS-10)
        ctx.err("", "the map has no exit", "add an exit object (R-SCEN-6); only boss maps may leave it out")
    if 1 not in board.start or ctx.count:
        return  # reachability is checked once everything else is right (no follow-on noise)
    # reachability: walls block; doors, archways and barricades pass; stairwells connect
    src = board.start[1]
    reach = _reachable(board, src)
    for n, sq in sorted(board.start.items()):
        if n != 1 and sq not in reach:
            ctx.err(f"start {n} at square ({sq[0]}, {sq[1]})", f"start {n} cannot be reached from start 1 at "
                    f"square ({src[0]}, {src[1]})", "add a door, archway or stairwell between their tiles")
    for oid, p in placements:
        if p.kind == "exit" and p.square not in reach:
            ctx.err(f"object {oid} (exit) at square ({p.square[0]}, {p.square[1]})",
                    f"the exit cannot be reached from start 1 at square ({src[0]}, {src[1]})",
                    "add a door, archway or stairwell on the way, or remove the walls blocking it")


def _reachable(board: Board, src: Sq) -> set[Sq]:
    """Squares reachable from ``src`` walking orthogonally over edges that are not walls
    (doors and barricades count as passable here) and through stairwells."""
    stairs: dict[Sq, list[Sq]] = {}
    for a, b in board.stairs:
        stairs.setdefault(a, []).append(b)
        stairs.setdefault(b, []).append(a)
    square_tile, walls, features = board.square_tile, board.walls, board.features
    seen = {src}
    q = deque([src])
    while q:
        s = q.popleft()
        x, y = s
        tile = square_tile[s]
        nxt: list[Sq] = list(stairs.get(s, ()))
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in seen:
                continue
            other = square_tile.get(n)
            if other is None:
                continue
            k = (s, n) if s <= n else (n, s)  # edge_key
            if (k not in walls) if other == tile else (k in features):
                nxt.append(n)
        for n in nxt:
            if n not in seen:
                seen.add(n)
                q.append(n)
    return seen


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
