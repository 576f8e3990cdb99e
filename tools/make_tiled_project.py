"""Write the Tiled project file, the object-types file and one template per map element.

    python -m tools.make_tiled_project          # rewrite maps/dreadboard.tiled-project etc.
    python -m tools.make_tiled_project --check  # exit 1 if the files differ from the table

Everything comes from :mod:`game.content.tiled_elements`:

* ``maps/dreadboard.tiled-project``: enum property types (colour, lock, one_way, letter, enemy,
  boss, door_state) and one class per element with its fields and defaults. Tiled 1.9+ offers
  these classes (``useAs: object``) in the object Class list.
* ``maps/dreadboard-objecttypes.xml``: the same elements as Tiled 1.8 "object types" (the
  project's ``objectTypesFile``), so Tiled 1.8 offers them in the object Type list with their
  default properties. Tiled 1.9+ imports it into the same classes.
* ``maps/templates/<element>.tx``: an object template per element (Tiled: Templates view).
* The project's commands ("Check map for Dreadboard", "Play this map in Dreadboard") and its
  extensions folder ``maps/extensions`` (the Dreadboard extension, ``dreadboard.js``).

The game reads default values from the project file (see docs/map-authoring.md).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

from game.content.tiled_elements import ELEMENTS, ENUMS, Element

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
PROJECT = MAPS / "dreadboard.tiled-project"
OBJECT_TYPES = MAPS / "dreadboard-objecttypes.xml"
TEMPLATES = MAPS / "templates"
TILE = 64


def _value_text(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


# Tiled's Commands menu (the gear button): run on the map being edited, saved first. %projectpath is
# the folder of the project file (maps/), so the game's .venv and the repository are one level up.
VENV_PYTHON = "%projectpath/../.venv/bin/python"
COMMANDS = [
    {"name": "Check map for Dreadboard", "arguments": "-m tools.validate %mapfile"},
    {"name": "Play this map in Dreadboard", "arguments": "-m game --map %mapfile"},
]


def commands() -> list[dict]:
    """The project's commands as Tiled stores them (Command::toVariant)."""
    return [{"arguments": c["arguments"], "command": VENV_PYTHON, "enabled": True, "name": c["name"],
             "saveBeforeExecute": True, "shortcut": "", "showOutput": True, "workingDirectory": "%projectpath/.."}
            for c in COMMANDS]


def project_json() -> str:
    """The .tiled-project file text."""
    types: list[dict] = []
    next_id = 1
    for name, values in ENUMS.items():
        types.append({"id": next_id, "name": name, "storageType": "string", "type": "enum",
                      "values": list(values), "valuesAsFlags": False})
        next_id += 1
    for el in ELEMENTS.values():
        members = []
        for f in el.fields:
            m: dict = {"name": f.name, "type": f.tiled_type, "value": f.default}
            if f.enum:
                m["propertyType"] = f.enum
            members.append(m)
        types.append({"color": "#ff" + el.colour.lstrip("#"), "drawFill": True, "id": next_id,
                      "members": members, "name": el.name, "type": "class", "useAs": ["object"]})
        next_id += 1
    doc = {
        "automappingRulesFile": "",
        "commands": commands(),
        "extensionsPath": "extensions",
        "folders": [".", "../assets/tiles"],
        "objectTypesFile": OBJECT_TYPES.name,
        "propertyTypes": types,
    }
    return json.dumps(doc, indent=4) + "\n"


def object_types_xml() -> str:
    """The Tiled 1.8 object types file text."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for el in ELEMENTS.values():
        if not el.fields:
            out.append(f' <objecttype name="{el.name}" color="{el.colour}"/>')
            continue
        out.append(f' <objecttype name="{el.name}" color="{el.colour}">')
        for f in el.fields:
            pt = f' propertytype="{f.enum}"' if f.enum else ""
            default = quoteattr(_value_text(f.default))
            out.append(f'  <property name="{f.name}" type="{f.tiled_type}"{pt} default={default}/>')
        out.append(" </objecttype>")
    out.append("</objecttypes>")
    return "\n".join(out) + "\n"


def template_xml(el: Element) -> str:
    """An object template (.tx) for element ``el``: its type and shape, no properties (the
    defaults come from the project)."""
    if el.template_shape == "rectangle":
        body = f' <object name="tile_a" type="{el.name}" width="{2 * TILE}" height="{2 * TILE}"/>'
    elif el.template_shape == "polyline":
        body = (f' <object type="{el.name}">\n'
                f'  <polyline points="0,0 {2 * TILE},0"/>\n'
                " </object>")
    elif el.template_shape == "text":
        body = (f' <object type="{el.name}" width="{2 * TILE}" height="{TILE // 2}">\n'
                '  <text wrap="1" color="#ffffff">note</text>\n'
                " </object>")
    else:
        body = (f' <object type="{el.name}">\n'
                "  <point/>\n"
                " </object>")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<template>\n{body}\n</template>\n'


def outputs() -> dict[Path, str]:
    """Every generated file and its text."""
    files = {PROJECT: project_json(), OBJECT_TYPES: object_types_xml()}
    for el in ELEMENTS.values():
        files[TEMPLATES / f"{el.name}.tx"] = template_xml(el)
    return files


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 if a file is out of date")
    args = ap.parse_args(argv)
    stale = []
    for path, text in outputs().items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    for p in stale:
        print(("out of date: " if args.check else "wrote ") + str(p.relative_to(ROOT)))
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
