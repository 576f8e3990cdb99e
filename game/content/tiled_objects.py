"""Stage 3 of reading a Tiled map (:mod:`game.content.tiled`): objects, templates and typed properties.

Objects are taken from the XML of the map's object layers (also inside group layers, never from
tileset collision shapes), templates (``.tx``) resolved relative to the map file, and each
object's custom properties typed and merged with the project's defaults (element table:
:mod:`game.content.tiled_elements`). Also the geometry of one object on the grid (centre, square,
snapping) and how a problem names it. Imports the read and project stages.
"""
from __future__ import annotations

import math
import os
import xml.etree.ElementTree as ET

from ..engine.board import Sq
from .tiled_elements import ELEMENTS, ENUMS, Element, Field
from .tiled_read import (MAX_OBJECTS, MAX_POINTS, MapObject, RawProperty, _Ctx, _GID_FLAGS, _Stop, _TEMPLATES_OK,
                         _check_properties_tree, _iter_object_nodes, _read_props, _read_xml, _realpath, _rel,
                         _resolve_ref, _tile_classes)
from .errors import P_
from .tiled_project import _to_bool

# How far (in squares) an object may be off the grid and still count as on it.
EDGE_TOLERANCE = 0.25  # a door/archway/barricade centre must be this close to a grid line
SNAP_TOLERANCE = 0.125  # rectangle sides and wall vertices
ON_LINE = 0.01  # a square element this close to a grid line is ambiguous


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
            ctx.err(P_("object '{x}' in layer '{y}'", x=node.get("name", ""), y=layer),
                    P_("the object id {x} is not a number", x=repr(raw_id)), P_("save the map again from Tiled"))
            continue
        if oid in seen:
            ctx.err(P_("object {n}", n=oid), P_("two objects share this id"),
                    P_("save the map again from Tiled (it renumbers)"))
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
            ctx.err(P_("object {n}", n=oid), P_("its position, size or points are not numbers"),
                    P_("save the map again from Tiled"))
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
    where = P_("object {n} (template {x})", n=oid, x=ref)
    real = _resolve_ref(ctx, ctx.path.parent, ref, where, "template")
    if real is None:
        return None
    try:
        root = _read_xml(ctx, real, "template", referrer=ctx.file)
    except _Stop:
        return None
    obj = root.find("object")
    if obj is None:
        ctx.err(where, P_("the template holds no object"), P_("save the template again from Tiled"))
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
    label = P_(o.element) if o.element else P_("no class")
    if o.element == "board_tile" and o.name:
        label = P_("{what} '{x}'", what=P_("board_tile"), x=o.name)
    return P_("object {n} ({x}) at square ({a}, {b})", n=o.id, x=label, a=sx, b=sy)


def _snap(v: float, t: int) -> int | None:
    """``v`` pixels as a whole number of squares, or None when off the grid."""
    q = v / t
    r = round(q)
    return int(r) if abs(q - r) <= SNAP_TOLERANCE else None


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
            ctx.err(_where(o, t), P_("unknown property '{x}' for {what}", x=name, what=P_(el.name)),
                    P_("its fields are: {x}", x=", ".join(f.name for f in el.fields)) if el.fields
                    else P_("{what} has no properties; delete it", what=P_(el.name)))
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
            ctx.err(_where(o, t), P_("{what} needs a '{x}'", what=P_(el.name), x=fl.name),
                    P_("set '{x}' in the Properties view", x=fl.name))
            ok = False
        if fl.choices and v not in fl.choices:
            ctx.err(_where(o, t), P_("'{x}' is {v}; it must be one of {y}", x=fl.name, v=repr(v),
                                     y=", ".join(map(str, fl.choices))),
                    P_("set '{x}' in the Properties view", x=fl.name))
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
            ctx.err(where, P_("'{x}' is {v}, not true or false", x=fl.name, v=repr(raw.value)),
                    P_("tick or untick it in Tiled"))
            return _BAD
    if fl.kind == "int":
        try:
            return int(s)
        except ValueError:
            ctx.err(where, P_("'{x}' is {v}, not a whole number", x=fl.name, v=repr(raw.value)), P_("enter a number"))
            return _BAD
    if fl.enum:
        values = ctx.project.enums.get(fl.enum, ENUMS[fl.enum])
        if raw.type == "int" and s.lstrip("-").isdigit():  # enum stored as an index
            i = int(s)
            if 0 <= i < len(values):
                return values[i]
        if raw.value in values:
            return raw.value
        ctx.err(where, P_("'{x}' is {v}, not one of: {y}", x=fl.name, v=repr(raw.value), y=", ".join(repr(v) for v in values)),
                P_("pick a value from the '{x}' list (load maps/dreadboard.tiled-project in Tiled)", x=fl.enum))
        return _BAD
    return raw.value
