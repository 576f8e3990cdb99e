"""Stage 2 of reading a Tiled map (:mod:`game.content.tiled`): the project's types.

Enum values and custom-property defaults from the Tiled project file
(``maps/dreadboard.tiled-project``) and the Tiled 1.8 object types file it names, since Tiled
stores only changed values. Raises :class:`MapError` naming the project file when it is wrong.
Imports :mod:`game.content.tiled_read` and :mod:`game.content.tiled_elements`.
"""
from __future__ import annotations

import functools
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from .errors import MapError, P_
from .tiled_elements import ELEMENTS, ENUMS, Field, ProjectTypes
from .tiled_read import ROOT, _rel


DEFAULT_PROJECT = ROOT / "maps" / "dreadboard.tiled-project"


def read_project(path: str | Path | None = None) -> ProjectTypes:
    """Enum values and field defaults from the Tiled project file (and the Tiled 1.8 object
    types file it names). Raises MapError naming the project file when it is wrong."""
    p = Path(path) if path else DEFAULT_PROJECT
    try:
        stamp = p.stat().st_mtime_ns
    except OSError:
        raise MapError(_rel(p), "", P_("the Tiled project file is missing"),
                       P_("restore maps/dreadboard.tiled-project (python -m tools.make_tiled_project)")) from None
    return _parse_project_cached(str(p), stamp)


@functools.lru_cache(maxsize=4)
def _parse_project_cached(path: str, stamp: int) -> ProjectTypes:
    """Parsed project, cached per file and modification time (ProjectTypes is read-only)."""
    del stamp  # part of the cache key only
    return _parse_project(Path(path))


def _parse_project(p: Path) -> ProjectTypes:
    f = _rel(p)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as ex:
        raise MapError(f, "", P_("cannot read the Tiled project file ({why})", why=ex.__class__.__name__)) from None
    except json.JSONDecodeError as ex:
        raise MapError(f, P_("line {n}", n=ex.lineno), P_("the Tiled project file is not valid JSON ({why})", why=ex.msg),
                       P_("let Tiled save it, or regenerate it with python -m tools.make_tiled_project")) from None
    if not isinstance(doc, dict):
        raise MapError(f, "", P_("not a Tiled project file"))
    enums = dict(ENUMS)
    defaults = {e.name: {fl.name: fl.default for fl in e.fields} for e in ELEMENTS.values()}
    types = doc.get("propertyTypes", [])
    if not isinstance(types, list):
        raise MapError(f, P_("propertyTypes"), P_("must be a list"))
    seen_defaults: dict[tuple[str, str], object] = {}
    for t in types:
        if not isinstance(t, dict):
            continue
        name, kind = t.get("name"), t.get("type", "enum")
        if kind == "enum" and name in ENUMS:
            vals = t.get("values")
            if not isinstance(vals, list) or any(v not in ENUMS[name] for v in vals):
                bad = [v for v in (vals if isinstance(vals, list) else [vals]) if v not in ENUMS[name]]
                raise MapError(f, P_("enum '{x}'", x=name), P_("has values the game does not know: {x}", x=bad),
                               P_("allowed: {names}", names=", ".join(repr(v) for v in ENUMS[name])))
            enums[name] = tuple(vals)
        elif kind == "class" and name in ELEMENTS:
            el = ELEMENTS[name]
            for m in t.get("members", []) or []:
                if not isinstance(m, dict):
                    continue
                fl = el.field(str(m.get("name")))
                if fl is None:
                    raise MapError(f, P_("class '{x}'", x=name),
                                   P_("member '{x}' is not a field of {y}", x=m.get("name"), y=name),
                                   P_("fields: {names}", names=", ".join(x.name for x in el.fields))
                                   if el.fields else P_("it has no fields"))
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
                raise MapError(_rel(op), P_("line {n}", n=ex.position[0]), P_("the object types file is not valid XML"),
                               P_("regenerate it with python -m tools.make_tiled_project")) from None
            except (OSError, LookupError, ValueError) as ex:
                raise MapError(_rel(op), "", P_("cannot read the object types file ({why})", why=ex.__class__.__name__),
                               P_("regenerate it with python -m tools.make_tiled_project")) from None
            for ot in root.findall("objecttype"):
                name = ot.get("name", "")
                el = ELEMENTS.get(name)
                if el is None:
                    continue
                for pr in ot.findall("property"):
                    fl = el.field(pr.get("name", ""))
                    if fl is None:
                        raise MapError(_rel(op), P_("object type '{x}'", x=name),
                                       P_("property '{x}' is not a field of {y}", x=pr.get("name"), y=name))
                    val = _convert_default(_rel(op), name, fl, pr.get("default", ""))
                    if (name, fl.name) in seen_defaults and seen_defaults[(name, fl.name)] != val:
                        raise MapError(_rel(op), P_("object type '{x}'", x=name),
                                       P_("default of '{x}' is {a} here but {b} in {y}", x=fl.name, a=repr(val),
                                          b=repr(seen_defaults[(name, fl.name)]), y=f),
                                       P_("make the two files agree (python -m tools.make_tiled_project)"))
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
        raise MapError(f, P_("class '{x}'", x=cls), P_("default {v} of '{x}' is not a valid {what}", v=repr(value),
                                                        x=fl.name, what=P_(fl.kind))) from None


def _to_bool(s: str) -> bool:
    t = s.strip().lower()
    if t in ("true", "1"):
        return True
    if t in ("false", "0", ""):
        return False
    raise ValueError(s)
