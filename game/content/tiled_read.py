"""Stage 1 of reading a Tiled map (:mod:`game.content.tiled`): reading files safely and within limits.

The map file parsed with :mod:`xml.etree` (or a JSON map converted to the same tree by
:mod:`game.content.tiled_json`), its limits (16 MB per file, 256x256 squares, 32 tile layers,
10,000 objects, tile layer data measured before it is unpacked), the header checks (orientation,
cell size, infinite maps), file references that must stay inside ``maps/``, ``assets/`` or the
user's map library, tilesets, property names pytmx reserves, and the parse pytmx gets. Also the
shared context of one reading (:class:`_Ctx`: the problems found so far) and the object records
(:class:`MapObject`, :class:`RawProperty`).

Imports the engine's board types, :mod:`game.content.errors`, :mod:`game.content.tiled_elements`
and :mod:`game.content.tiled_json`; no other stage.
"""
from __future__ import annotations

import base64
import binascii
import copy
import functools
import json
import math
import os
import struct
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from .. import paths
from .errors import MapError, P_, Phrase, quoted
from .tiled_elements import ELEMENTS, ProjectTypes

ROOT = paths.ROOT  # the checkout, or the wheel's game/_data (game/paths.py)
ALLOWED_DIRS = ("maps", "assets")
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_SIDE = 256  # squares; board-game maps are far smaller
MAX_TILE_LAYERS = 32  # each is at most MAX_SIDE x MAX_SIDE cells once unpacked
MAX_OBJECTS = 10_000
MAX_POINTS = 50_000  # polyline/polygon vertices in one map
MAX_PROBLEMS = 30  # problems listed per map; the rest are counted ("and N more")
JSON_SUFFIXES = (".tmj", ".tsj", ".tj", ".json")
PLAIN_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
_ROOT_PREFIX = str(ROOT) + os.sep


def _rel(path: Path | str) -> str:
    """``path`` relative to the repository (posix) when inside it, for messages and sources."""
    p = os.path.abspath(path)
    if p.startswith(_ROOT_PREFIX):
        return p[len(_ROOT_PREFIX):].replace(os.sep, "/")
    return p


@functools.lru_cache(maxsize=8)
def _allowed_bases(extra: tuple[Path, ...]) -> tuple[str, ...]:
    return tuple(os.path.realpath(ROOT / d) for d in ALLOWED_DIRS) + tuple(str(p) for p in extra)


@functools.lru_cache(maxsize=512)
def _realpath(base: str, ref: str) -> str:
    """os.path.realpath of ``ref`` seen from folder ``base`` (cached: the maps of one game
    share their templates and tilesets)."""
    return os.path.realpath(os.path.join(base, ref))


def _allowed(real: str, extra: tuple[Path, ...]) -> bool:
    """Whether ``real`` lies in ``maps/``, ``assets/`` or one of the ``extra`` folders."""
    for base in _allowed_bases(extra):
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
    """One reading of one map: the problems found so far and what the stages learnt. ``error`` is
    the class problems are made of and ``allowed`` the extra folders files may come from, both
    given by :mod:`game.content.tiled` when it starts a reading (its ``MapError`` and
    ``EXTRA_ALLOWED``)."""

    path: Path
    file: str
    project: ProjectTypes
    error: type[MapError] = MapError
    allowed: tuple[Path, ...] = ()
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
            self.problems.append(self.error(file or self.file, where, problem, hint))

    def listed(self) -> list[MapError]:
        """The problems, with one closing "and N more" entry when some were not listed."""
        more = self.count - len(self.problems)
        if more <= 0:
            return self.problems
        return self.problems + [self.error(self.file, "", P_("and {n} more problem(s) not listed", n=more),
                                           P_("fix the ones above first, then check the map again"))]

    def stop(self, where: str, problem: str, hint: str = "", file: str | None = None) -> None:
        self.err(where, problem, hint, file)
        raise _Stop


def _read_xml(ctx: _Ctx, path: Path, expect: str, *, referrer: str = "") -> ET.Element:
    """The root element of an XML file, or a recorded problem and _Stop. Tilesets and templates
    are cached per file version (the maps of one game share them)."""
    def via(problem: Phrase) -> Phrase:  # which file uses this one (a tileset or template of the map)
        return P_("{problem} (used by {x})", problem=problem, x=referrer) if referrer else problem

    try:
        st = path.stat()
    except FileNotFoundError:
        ctx.stop("", via(P_("file not found")), P_("check the path and the file name"), file=_rel(path))
    except OSError as ex:
        ctx.stop("", via(P_("cannot read the file ({why})", why=ex.__class__.__name__)), file=_rel(path))
    if st.st_size > MAX_FILE_BYTES:
        ctx.stop("", via(P_("the file is larger than {n} MB", n=MAX_FILE_BYTES // (1024 * 1024))), file=_rel(path))
    if expect == "map":
        result = _parse_xml(str(path), expect)
    else:
        result = _parse_xml_cached(str(path), expect, st.st_mtime_ns, st.st_size)
    if isinstance(result, tuple):
        where, problem, hint = result
        ctx.stop(where, via(problem), hint, file=_rel(path))
    assert isinstance(result, ET.Element)
    return result


@functools.lru_cache(maxsize=64)
def _parse_xml_cached(path: str, expect: str, mtime: int, size: int) -> ET.Element | tuple[str, str, str]:
    del mtime, size  # cache key only
    return _parse_xml(path, expect)


_WHAT = {"map": P_("a Tiled map (.tmx or .tmj)"), "tileset": P_("a Tiled tileset (.tsx or .tsj)"),
         "template": P_("a Tiled object template (.tx or .tj)")}


def _parse_xml(path: str, expect: str) -> ET.Element | tuple[str, str, str]:
    """Parse a Tiled file, XML (.tmx/.tsx/.tx) or JSON (.tmj/.tsj/.tj, converted to the same
    tree by :mod:`game.content.tiled_json`): its root, or (where, problem, hint). Never raises
    for bad content."""
    try:
        data = Path(path).read_bytes()
    except OSError as ex:
        return "", P_("cannot read the file ({why})", why=ex.__class__.__name__), P_("check the file")
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head:
        return ("", P_("the file is empty"), P_("Tiled never saves an empty file: restore the map from a copy, or "
                                                "save it again from Tiled (File > Save As)"))
    if head.startswith((b"{", b"[")) or (path.lower().endswith(JSON_SUFFIXES) and not head.startswith(b"<")):
        return _parse_json(data, expect)
    if b"<!ENTITY" in data:
        return "", P_("the file declares XML entities, which Dreadboard refuses"), P_("save the file again from Tiled")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as ex:
        line = ex.position[0] if getattr(ex, "position", None) else 0
        return (P_("line {n}", n=line) if line else "", P_("not valid XML: {why}", why=str(ex)),
                P_("the file is damaged; open it in a text editor near that line, or restore it"))
    except (LookupError, ValueError, UnicodeError) as ex:  # e.g. an unknown encoding="..." declaration
        return P_("line {n}", n=1), P_("not valid XML: {why}", why=str(ex)), P_("save the file as UTF-8 from Tiled")
    if root.tag != expect:
        return "", P_("not {what}: the file holds a {x}", what=_WHAT[expect], x="<" + root.tag + ">"), \
            P_("open the right file; Tiled maps are saved as .tmx (XML) or .tmj (JSON)")
    return root


def _parse_json(data: bytes, expect: str) -> ET.Element | tuple[str, str, str]:
    """A Tiled JSON file as the TMX tree (see :mod:`game.content.tiled_json`)."""
    from .tiled_json import JsonShapeError, to_tmx

    try:
        doc = json.loads(data)
    except UnicodeDecodeError:
        return "", P_("not valid JSON: the file is not UTF-8 text"), P_("save the file again from Tiled")
    except json.JSONDecodeError as ex:
        return (P_("line {n}", n=ex.lineno), P_("not valid JSON: {why} (line {n}, column {m})", why=P_(ex.msg),
                                                n=ex.lineno, m=ex.colno),
                P_("the file is damaged; open it in a text editor near that line, or save it again from Tiled"))
    except RecursionError:
        return "", P_("not valid JSON: nested too deeply"), P_("save the file again from Tiled")
    try:
        root = to_tmx(doc, expect)
    except JsonShapeError as ex:
        return ex.where, f"not a valid Tiled JSON file: {ex.problem}", "save the file again from Tiled"
    except RecursionError:
        return "", P_("the file is nested too deeply to read"), P_("save the file again from Tiled")
    if root.tag != expect:
        return ("", P_("not {what}: the JSON file holds a {x}", what=_WHAT[expect], x=quoted(root.tag)),
                P_("open the right file; Tiled maps are saved as .tmx (XML) or .tmj (JSON)"))
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


def _resolve_ref(ctx: _Ctx, base: Path, ref: str | None, where: str, what: str) -> Path | None:
    """The real path of a reference, or None (problem recorded) if it is empty, leaves the
    allowed folders or does not exist."""
    if not ref:
        ctx.err(where, P_("the {what} reference is empty", what=P_(what)), P_("pick the file again in Tiled"))
        return None
    real = _realpath(str(base), ref)
    if not _allowed(real, ctx.allowed):
        ctx.err(where, P_("the {what} '{ref}' is outside the game's maps/ and assets/ folders; refused (it resolves to "
                          "{real})", what=P_(what), ref=ref, real=real),
                P_("keep your map under the game's maps/ folder, or in your maps folder (docs/map-authoring.md, 'Map "
                   "library') with its own tilesets and images next to it; the shipped tileset is assets/tiles/, the "
                   "templates maps/templates/"))
        return None
    if not os.path.exists(real):
        ctx.err(where, P_("the {what} '{ref}' does not exist", what=P_(what), ref=ref),
                P_("check the file name, or pick it again in Tiled"))
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


_TEMPLATES_OK: dict[tuple[str, str], tuple[tuple[int, int], tuple]] = {}  # templates that loaded cleanly
