"""Tiled maps (.tmx) to the engine's :class:`~game.engine.board.Board`.

``load_board(path)`` returns a Board or raises the first :class:`MapError`;
``validate_board(path)`` returns every problem found (``python -m tools.validate``).
The conventions are in ``docs/map-authoring.md``; the element table is
:mod:`game.content.tiled_elements`.

How a map is read:

* The map file is parsed with :mod:`xml.etree` first (attributes only, nothing executed; files
  declaring XML entities are refused) to refuse what we do not support with a clear message
  before pytmx meets it: infinite maps, other orientations, non-square cells, zstd or XML layer
  data, file references that leave ``maps/`` or ``assets/``, property names pytmx reserves,
  class-typed or malformed property values. pytmx would answer those with a bare
  ``Exception``, ``KeyError``, ``ValueError`` or ``TypeError``, or read outside the game.
* ``pytmx.TiledMap(path)`` (no pygame, no display: images stay file names) then reads the map,
  the tilesets (external ``.tsx`` too) and the tile layers (CSV, base64, zlib, gzip; flipped and
  rotated cells). Tile layers are only the floor's look; they are checked, not used for rules.
* Objects are taken from the XML of the map's object layers (also inside group layers, never
  from tileset collision shapes), because pytmx drops Tiled 1.9's ``class=`` (#170), does not
  resolve templates (#171) and misplaces rotated tile objects (#198). Templates (``.tx``) are
  resolved here, relative to the map file. Custom-property defaults come from the Tiled project
  file (``maps/dreadboard.tiled-project``), since Tiled stores only changed values.

Coordinates: one Tiled cell is one board square; square (x, y) is cell column x, row y.
"""
from __future__ import annotations

import functools
import json
import logging
import math
import os
import xml.etree.ElementTree as ET
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from ..engine.board import Board, Colour, Edge, EdgeFeature, EdgeState, Placement, Sq, Tile, edge_key
from .errors import MapError
from .tiled_elements import ELEMENTS, ENUMS, MAX_UNITS, PLACEMENT_KINDS, Element, Field, ProjectTypes

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PROJECT = ROOT / "maps" / "dreadboard.tiled-project"
ALLOWED_DIRS = ("maps", "assets")
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_SIDE = 256  # squares; board-game maps are far smaller

# How far (in squares) an object may be off the grid and still count as on it.
EDGE_TOLERANCE = 0.25  # a door/archway/barricade centre must be this close to a grid line
SNAP_TOLERANCE = 0.125  # rectangle sides and wall vertices
ON_LINE = 0.01  # a square element this close to a grid line is ambiguous

PLAIN_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
_EDGE_KINDS = {"archway": EdgeState.ARCHWAY, "barricade": EdgeState.BARRICADE}


# ---------------------------------------------------------------------------------------------
# small helpers
def _rel(path: Path | str) -> str:
    """``path`` relative to the repository (posix) when inside it, for messages and sources."""
    p = Path(os.path.abspath(path))
    try:
        return p.relative_to(ROOT).as_posix()
    except ValueError:
        return str(p)


rel = _rel  # public: a path as the loader names it in messages and sources


def _allowed(real: str) -> bool:
    for d in ALLOWED_DIRS:
        base = os.path.realpath(ROOT / d)
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

    def err(self, where: str, problem: str, hint: str = "", file: str | None = None) -> None:
        self.problems.append(MapError(file or self.file, where, problem, hint))

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
        raise ctx.problems[-1] from None


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
    try:
        proj = read_project(project)
    except MapError as ex:
        return None, [ex]
    ctx = _Ctx(path, _rel(path), proj)
    board = None
    try:
        ctx.root = _read_xml(ctx, path, "map")
        _check_map_header(ctx)
        _check_references(ctx)
        _check_for_pytmx(ctx)
        if not ctx.problems:
            _load_with_pytmx(ctx)
        objs = _collect_objects(ctx)
        board = _build_board(ctx, objs)
    except _Stop:
        pass
    except RecursionError:
        ctx.err("", "the map is nested too deeply to read")
    return (board if not ctx.problems else None), ctx.problems


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


def _parse_xml(path: str, expect: str) -> ET.Element | tuple[str, str, str]:
    """Parse an XML file: its root, or (where, problem, hint). Never raises for bad content."""
    try:
        data = Path(path).read_bytes()
    except OSError as ex:
        return "", f"cannot read the file ({ex.__class__.__name__})", "check the file"
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
        what = {"map": "a Tiled map (.tmx)", "tileset": "a Tiled tileset (.tsx)",
                "template": "a Tiled object template (.tx)"}[expect]
        return "", f"not {what}: the file holds a <{root.tag}>", "open the right file; Tiled maps are saved as .tmx"
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
    for layer in m.iter("layer"):
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


# ---------------------------------------------------------------------------------------------
# file references: tilesets, images, templates
def _resolve_ref(ctx: _Ctx, base: Path, ref: str | None, where: str, what: str) -> Path | None:
    """The real path of a reference, or None (problem recorded) if it is empty, leaves the
    allowed folders or does not exist."""
    if not ref:
        ctx.err(where, f"the {what} reference is empty", "pick the file again in Tiled")
        return None
    real = os.path.realpath(os.path.join(base, ref))
    if not _allowed(real):
        ctx.err(where, f"the {what} '{ref}' is outside the game's maps/ and assets/ folders; refused "
                f"(it resolves to {real})", "save your map under the game's maps/ folder so that '../assets/...' reaches the "
                "shipped tileset; keep tilesets and images under assets/ and templates under maps/templates/")
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
        if not src.lower().endswith(".tsx"):
            ctx.err(where, "external tilesets must be .tsx (XML) files", "export the tileset as .tsx")
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
        n = len(ctx.problems)
        _check_properties_tree(ctx, tsx, file=_rel(real))
        fatal = fatal or len(ctx.problems) > n
        _check_tileset(ctx, tsx, real.parent, firstgid, where)
    for il in m.iter("imagelayer"):
        img = il.find("image")
        where = f"image layer '{il.get('name', '')}'"
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
    if img is not None:
        if img.get("width") is None or img.get("height") is None:
            ctx.err(where, "the tileset image has no width/height", "open and save the tileset in Tiled")
        _resolve_ref(ctx, base, img.get("source"), where, "tileset image")
    for tile in ts.findall("tile"):
        timg = tile.find("image")
        if timg is not None:
            _resolve_ref(ctx, base, timg.get("source"), f"{where} tile {tile.get('id')}", "tile image")


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
            n_before = len(ctx.problems)
            _check_property(ctx, where, reserved, name, ptype, value, file)
            if len(ctx.problems) > n_before and file is None:
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


def _load_with_pytmx(ctx: _Ctx) -> None:
    """Read the map with pytmx (no images) and check its tile layers."""
    pt = _pytmx()
    log = logging.getLogger("pytmx")
    old = log.level
    log.setLevel(logging.CRITICAL)  # pytmx logs before it raises; we report instead
    try:
        tm = pt.TiledMap(str(ctx.path))
    except Exception as ex:  # pytmx raises bare Exception, KeyError, ValueError, TypeError, ExpatError
        msg = str(ex) or ex.__class__.__name__
        ctx.stop("", f"pytmx cannot read the map: {msg}",
                 "open the map in Tiled and save it again; see docs/map-authoring.md for what is supported")
        return
    finally:
        log.setLevel(old)
    if (tm.width, tm.height, tm.tilewidth) != (ctx.width, ctx.height, ctx.tile):
        ctx.stop("", "pytmx reads a different map size than the file states", "save the map again from Tiled")
    ranges = sorted(ctx.tilesets)
    for layer in tm.layers:
        if not isinstance(layer, pt.TiledTileLayer):
            continue
        if len(layer.data) != ctx.height or any(len(r) != ctx.width for r in layer.data):
            ctx.err(f"layer '{layer.name}'", "the tile layer's size differs from the map's",
                    "resize the map with Map > Resize Map so every layer matches")
            continue
        bad = 0
        first_bad = None
        for x, y, gid in layer.iter_data():
            if not gid:
                continue
            tiled_gid = tm.tiledgidmap.get(gid, 0)
            ok = any(fg <= tiled_gid and (cnt == 0 or tiled_gid < fg + cnt) for fg, cnt, _ in ranges)
            if not ok:
                bad += 1
                first_bad = first_bad or (x, y, tiled_gid)
        if first_bad:
            x, y, g = first_bad
            ctx.err(f"layer '{layer.name}' cell ({x}, {y})",
                    f"{bad} cell(s) use tile number {g}, which no tileset of the map has",
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
    for node, layer in _iter_object_nodes(m):
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


def _load_template(ctx: _Ctx, ref: str, oid: int
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
        n = len(ctx.problems)
        edges = _wall_edges(ctx, o)
        if len(ctx.problems) > n:
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
    t = ctx.tile
    square_tile: dict[Sq, str] = {}
    square_obj: dict[Sq, int] = {}
    groups: dict[str, list[tuple[MapObject, dict[str, object]]]] = {}
    for o, props in rects:
        if not o.name.strip():
            ctx.err(_where(o, t), "the board_tile has no name", "give it a name (rectangles of one tile share it)")
            continue
        groups.setdefault(o.name, []).append((o, props))
    infos: dict[str, _TileInfo] = {}
    for name, members in groups.items():
        squares: set[Sq] = set()
        chosen: dict[str, tuple[object, int]] = {}
        for o, _props in members:
            for k, v in explicit.get(o.id, {}).items():
                if k in chosen and chosen[k][0] != v:
                    ctx.err(_where(o, t), f"board tile '{name}' has {k} {v!r} here but {chosen[k][0]!r} on "
                            f"object {chosen[k][1]}", f"set the same {k} on every rectangle of '{name}' "
                            "(or on only one of them)")
                else:
                    chosen.setdefault(k, (v, o.id))
            sqs = _rect_squares(ctx, o)
            for sq in sqs:
                other = square_tile.get(sq)
                if other is not None and other != name:
                    ctx.err(_where(o, t), f"square ({sq[0]}, {sq[1]}) is in two tiles, '{other}' (object "
                            f"{square_obj[sq]}) and '{name}'", "make the rectangles touch, not overlap")
                    continue
                square_tile[sq] = name
                square_obj[sq] = o.id
                squares.add(sq)
        defaults = ctx.project.defaults["board_tile"]
        vals = {k: (chosen[k][0] if k in chosen else defaults[k]) for k in defaults}
        first = min(o.id for o, _ in members)
        region = vals["region"]
        info = _TileInfo(name, first, squares, str(vals["colour"]), bool(vals["unexplored"]),
                         region if isinstance(region, int) else 0, title=str(vals.get("title") or ""))
        infos[name] = info
        if not squares:
            continue
        if info.unexplored and info.colour == "green":
            ctx.err(_where(members[0][0], t), f"board tile '{name}' is green and unexplored; green tiles are never "
                    "rolled for (R-EXPLORE-1, R-EXPLORE-2)", "make it yellow, amber or red, or untick unexplored")
        if not _connected(squares):
            ctx.err(_where(members[0][0], t), f"board tile '{name}' is in pieces that do not touch",
                    "rectangles of one tile must share sides; give separate tiles separate names")
    return square_tile, infos


def _rect_squares(ctx: _Ctx, o: MapObject) -> set[Sq]:
    t = ctx.tile
    if o.shape != "rectangle":
        ctx.err(_where(o, t), f"a board_tile must be a rectangle, not a {o.shape}",
                "draw it with the rectangle tool; use several rectangles with one name for L or P shapes")
        return set()
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
        return set()
    assert x0 is not None and x1 is not None and y0 is not None and y1 is not None
    if x1 <= x0 or y1 <= y0:
        ctx.err(_where(o, t), "the board_tile rectangle covers no square", f"make it at least {t}x{t} pixels")
        return set()
    if x0 < 0 or y0 < 0 or x1 > ctx.width or y1 > ctx.height:
        ctx.err(_where(o, t), "the board_tile rectangle reaches outside the map",
                "move it inside, or enlarge the map with Map > Resize Map")
        return set()
    return {(x, y) for x in range(x0, x1) for y in range(y0, y1)}


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
    elif 1 not in board.start and not ctx.problems:
        ctx.err("", "the map has no start 1", "give one start object the number 1 (R-SCEN-5)")
    if 2 not in board.start and not (ctx.problems and "start" in placed):
        ctx.err("", "the map has no start 2", "add a start object with number 2 (R-SCEN-5)")
    if not board.exits and "exit" not in placed and "boss_start" not in placed:
        # boss maps may have no exit: their objective is to kill the boss (R-BOSS-10)
        ctx.err("", "the map has no exit", "add an exit object (R-SCEN-6); only boss maps may leave it out")
    if 1 not in board.start or ctx.problems:
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
    seen = {src}
    q = deque([src])
    while q:
        s = q.popleft()
        x, y = s
        nxt: list[Sq] = list(stairs.get(s, ()))
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if not board.has(n):
                continue
            k = edge_key(s, n)
            if board.square_tile[n] == board.square_tile[s]:
                if k not in board.walls:
                    nxt.append(n)
            elif k in board.features:
                nxt.append(n)
        for n in nxt:
            if n not in seen:
                seen.add(n)
                q.append(n)
    return seen


def iter_maps(paths: Iterable[str | Path] = ()) -> list[Path]:
    """The .tmx files named (folders are searched), or every .tmx under maps/."""
    out: list[Path] = []
    for p in (list(paths) or [ROOT / "maps"]):
        p = Path(p)
        if p.is_dir():
            out.extend(sorted(p.rglob("*.tmx")))
        else:
            out.append(p)
    return out
