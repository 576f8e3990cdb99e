"""Tiled JSON (``.tmj`` maps, ``.tsj`` tilesets, ``.tj`` templates) to the TMX element tree.

pytmx 3.32 reads only TMX (XML) maps and ``.tsx`` tilesets (its ``parse_json`` reads only the
exported property-types list). So a JSON file written by Tiled is converted, at load time, to the
same :mod:`xml.etree` tree that Tiled would have written as TMX; the loader
(:mod:`game.content.tiled`) then checks and reads it exactly like a ``.tmx`` (same validation,
same messages) and hands the tree to pytmx.

``to_tmx(doc, expect)`` takes the parsed JSON (a dict) and the kind expected ("map", "tileset",
"template") and returns the root element. Bad structure raises :class:`JsonShapeError` with a
JSON path (``layers[2].objects[5].x``) naming the place; nothing here executes or follows
anything from the file (file references are kept as text and checked by the loader).

Format reference: https://doc.mapeditor.org/en/stable/reference/json-map-format/
"""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

MAX_ITEMS = 200_000  # list entries (layers, objects, points, cells) in one JSON file


class JsonShapeError(ValueError):
    """The JSON parses but is not shaped like a Tiled file. ``where``: JSON path; ``problem``."""

    def __init__(self, where: str, problem: str):
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


def _text(v: Any, where: str) -> str:
    """A scalar as TMX writes it in an attribute."""
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise JsonShapeError(where, f"{v} is not a finite number")
        return str(int(v)) if v.is_integer() else repr(v)
    if isinstance(v, str):
        return v
    raise JsonShapeError(where, f"expected a number or text, found {type(v).__name__}")


def _obj(v: Any, where: str) -> dict:
    if not isinstance(v, dict):
        raise JsonShapeError(where, f"expected an object {{...}}, found {type(v).__name__}")
    return v


def _list(v: Any, where: str) -> list:
    if v is None:
        return []
    if not isinstance(v, list):
        raise JsonShapeError(where, f"expected a list [...], found {type(v).__name__}")
    if len(v) > MAX_ITEMS:
        raise JsonShapeError(where, f"the list has {len(v)} entries, more than {MAX_ITEMS}")
    return v


def _attrs(el: ET.Element, d: dict, keys: tuple[str, ...], where: str) -> None:
    for k in keys:
        if k in d and d[k] is not None:
            el.set(k, _text(d[k], f"{where}.{k}"))


def _properties(parent: ET.Element, d: dict, where: str) -> None:
    props = _list(d.get("properties"), f"{where}.properties")
    if not props:
        return
    node = ET.SubElement(parent, "properties")
    for i, p in enumerate(props):
        pw = f"{where}.properties[{i}]"
        p = _obj(p, pw)
        pr = ET.SubElement(node, "property", name=_text(p.get("name", ""), pw + ".name"))
        ptype = p.get("type", "string")
        if ptype != "string":
            pr.set("type", _text(ptype, pw + ".type"))
        if p.get("propertytype"):
            pr.set("propertytype", _text(p["propertytype"], pw + ".propertytype"))
        value = p.get("value")
        if ptype == "class" or isinstance(value, (dict, list)):
            pr.set("type", "class")  # class values are nested; the loader refuses them by name
            continue
        if value is None:
            continue
        if isinstance(value, bool):
            pr.set("value", "true" if value else "false")
        else:
            pr.set("value", _text(value, pw + ".value"))


def _image(parent: ET.Element, d: dict, where: str, key: str = "image") -> None:
    src = d.get(key)
    if src is None:
        return
    img = ET.SubElement(parent, "image", source=_text(src, f"{where}.{key}"))
    for jk, xk in ((f"{key}width", "width"), (f"{key}height", "height")):
        if d.get(jk) is not None:
            img.set(xk, _text(d[jk], f"{where}.{jk}"))
    if d.get("transparentcolor"):
        img.set("trans", _text(d["transparentcolor"], f"{where}.transparentcolor").lstrip("#"))


def _tileset(d: dict, where: str, *, firstgid: bool) -> ET.Element:
    ts = ET.Element("tileset")
    keys = ("firstgid", "source") if firstgid else ()
    _attrs(ts, d, keys + ("name", "tilewidth", "tileheight", "spacing", "margin", "tilecount", "columns"), where)
    if d.get("class") is not None:
        ts.set("class", _text(d["class"], where + ".class"))
    if "source" in d and firstgid:
        return ts  # an external tileset: only its reference
    _properties(ts, d, where)
    _image(ts, d, where)
    for i, t in enumerate(_list(d.get("tiles"), f"{where}.tiles")):
        tw = f"{where}.tiles[{i}]"
        t = _obj(t, tw)
        tile = ET.SubElement(ts, "tile")
        _attrs(tile, t, ("id", "type", "class", "probability"), tw)
        _properties(tile, t, tw)
        _image(tile, t, tw)
        if t.get("objectgroup") is not None:
            tile.append(_layer(_obj(t["objectgroup"], tw + ".objectgroup"), tw + ".objectgroup"))
        anim = _list(t.get("animation"), tw + ".animation")
        if anim:
            a = ET.SubElement(tile, "animation")
            for j, fr in enumerate(anim):
                fw = f"{tw}.animation[{j}]"
                fr = _obj(fr, fw)
                ET.SubElement(a, "frame", tileid=_text(fr.get("tileid", 0), fw),
                              duration=_text(fr.get("duration", 0), fw))
    return ts


def _points(pts: Any, where: str) -> str:
    out = []
    for i, p in enumerate(_list(pts, where)):
        p = _obj(p, f"{where}[{i}]")
        out.append(f"{_text(p.get('x', 0), f'{where}[{i}].x')},{_text(p.get('y', 0), f'{where}[{i}].y')}")
    return " ".join(out)


def _object(d: dict, where: str) -> ET.Element:
    o = ET.Element("object")
    _attrs(o, d, ("id", "name", "type", "class", "template"), where)
    if o.get("type") == "":
        del o.attrib["type"]
    if o.get("class") == "":
        del o.attrib["class"]
    if d.get("gid"):
        o.set("gid", _text(d["gid"], where + ".gid"))
    # a template instance stores only what it overrides (Tiled writes no size for it otherwise)
    _attrs(o, d, ("x", "y", "width", "height", "rotation"), where)
    if d.get("visible") is False:
        o.set("visible", "0")
    _properties(o, d, where)
    if d.get("point"):
        ET.SubElement(o, "point")
    elif d.get("ellipse"):
        ET.SubElement(o, "ellipse")
    elif "polygon" in d:
        ET.SubElement(o, "polygon", points=_points(d["polygon"], where + ".polygon"))
    elif "polyline" in d:
        ET.SubElement(o, "polyline", points=_points(d["polyline"], where + ".polyline"))
    elif "text" in d:
        t = _obj(d["text"], where + ".text")
        te = ET.SubElement(o, "text")
        te.text = _text(t.get("text", ""), where + ".text.text")
        if t.get("wrap"):
            te.set("wrap", "1")
    return o


def _data(layer: ET.Element, d: dict, where: str) -> None:
    enc = d.get("encoding", "csv")
    comp = d.get("compression") or None
    if "chunks" in d:  # an infinite map: keep the chunks so the loader names the real reason
        data = ET.SubElement(layer, "data", encoding="csv")
        ET.SubElement(data, "chunk")
        return
    raw = d.get("data")
    if enc == "base64":
        data = ET.SubElement(layer, "data", encoding="base64")
        if comp:
            data.set("compression", _text(comp, where + ".compression"))
        data.text = _text(raw if raw is not None else "", where + ".data")
        return
    if enc != "csv":
        data = ET.SubElement(layer, "data", encoding=_text(enc, where + ".encoding"))
        return
    cells = _list(raw, where + ".data")
    for i, g in enumerate(cells):
        if not isinstance(g, int) or isinstance(g, bool) or g < 0:
            raise JsonShapeError(f"{where}.data[{i}]", f"{g!r} is not a tile number")
    data = ET.SubElement(layer, "data", encoding="csv")
    data.text = ",".join(map(str, cells))


def _layer(d: dict, where: str) -> ET.Element:
    kind = d.get("type")
    tag = {"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}.get(
        kind if isinstance(kind, str) else "")
    if tag is None:
        raise JsonShapeError(where + ".type", f"unknown layer type {kind!r}")
    el = ET.Element(tag)
    _attrs(el, d, ("id", "name", "class", "opacity", "offsetx", "offsety", "parallaxx", "parallaxy", "tintcolor"),
           where)
    if tag == "layer":
        _attrs(el, d, ("width", "height"), where)
    if d.get("visible") is False:
        el.set("visible", "0")
    _properties(el, d, where)
    if tag == "layer":
        _data(el, d, where)
    elif tag == "objectgroup":
        _attrs(el, d, ("draworder", "color"), where)
        for i, o in enumerate(_list(d.get("objects"), where + ".objects")):
            el.append(_object(_obj(o, f"{where}.objects[{i}]"), f"{where}.objects[{i}]"))
    elif tag == "imagelayer":
        _image(el, d, where)
    else:
        for i, sub in enumerate(_list(d.get("layers"), where + ".layers")):
            el.append(_layer(_obj(sub, f"{where}.layers[{i}]"), f"{where}.layers[{i}]"))
    return el


def to_tmx(doc: Any, expect: str) -> ET.Element:
    """The TMX element tree of a parsed Tiled JSON document (see module doc).

    ``expect``: "map", "tileset" or "template". Raises JsonShapeError; returns an element whose
    tag is what the document holds ("map", "tileset", "template" or the JSON ``type`` found) so
    the caller can say the file holds the wrong thing."""
    d = _obj(doc, "the file")
    kind = d.get("type")
    if kind == "map":
        m = ET.Element("map")
        _attrs(m, d, ("version", "tiledversion", "class", "orientation", "renderorder", "width", "height",
                      "tilewidth", "tileheight", "hexsidelength", "staggeraxis", "staggerindex",
                      "nextlayerid", "nextobjectid", "backgroundcolor"), "map")
        m.set("infinite", "1" if d.get("infinite") else "0")
        _properties(m, d, "map")
        for i, ts in enumerate(_list(d.get("tilesets"), "tilesets")):
            m.append(_tileset(_obj(ts, f"tilesets[{i}]"), f"tilesets[{i}]", firstgid=True))
        for i, layer in enumerate(_list(d.get("layers"), "layers")):
            m.append(_layer(_obj(layer, f"layers[{i}]"), f"layers[{i}]"))
        return m
    if kind == "tileset" or (expect == "tileset" and kind is None and "tilewidth" in d):
        return _tileset(d, "tileset", firstgid=False)
    if kind == "template":
        t = ET.Element("template")
        if d.get("tileset") is not None:
            t.append(_tileset(_obj(d["tileset"], "tileset"), "tileset", firstgid=True))
        t.append(_object(_obj(d.get("object"), "object"), "object"))
        return t
    return ET.Element(str(kind) if isinstance(kind, str) and kind.isidentifier() else "unknown")
