"""Write the fourteen Halloway City campaign maps from their layout sources.

    python -m tools.make_city_maps            # maps/city/layouts/*.yaml -> maps/city/*.tmx
    python -m tools.make_city_maps dt1 ut3    # only these

A layout source (YAML, read with the safe loader) draws the board as ASCII and lists the rest
as short lines; the output is an ordinary Tiled map (orthogonal, 64 px, CSV floor layer, objects
from the templates in maps/templates/) that opens in Tiled and passes ``python -m tools.validate``.
Once written, a map can be edited in Tiled like any other; re-running this script overwrites it.

Layout source fields:

* ``title``: the map's title; ``district``: downtown|uptown|commercial|precinct|clocktower (its floors);
* ``grid``: rows of characters, one per square: a tile letter, or ``.`` for no square;
* ``tiles``: letter -> {name, title, colour (green), unexplored (false), region (0), floor};
* ``edges``: ``"door X,Y E|S [lock=office] [state=open] [one_way=north]"``, ``"archway ..."``,
  ``"barricade ..."``: the grid line east (E) or south (S) of square (X, Y);
* ``walls``: ``"X1,Y1 X2,Y2 ..."``: a polyline along grid lines (grid points, not squares);
* ``tokens``: ``"KIND X,Y [field=value ...]"`` with KIND an element of the map-authoring table
  (start, exit, item, enemy, spawn, fire, corpse, barrel, typewriter, item_box, narrative,
  fixed_narrative, progression, objective, boss_start, stairwell).

Errors name the source file and the line's text. The generated files are committed.
"""
from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

import yaml

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "maps" / "city" / "layouts"
OUT = ROOT / "maps" / "city"
T = 64
FLOORS = {"concrete": 0, "wood": 1, "tiled": 2, "asphalt": 3, "dirt": 4}
MARK_ROW = {"green": 1, "yellow": 2, "amber": 3, "red": 4}
VOID, BLOOD, CRACKS, OIL, RUBBLE = 25, 26, 27, 28, 29
# the look of each district: default floor and the wear painted over it
DISTRICT = {"downtown": ("asphalt", (CRACKS, RUBBLE)), "uptown": ("tiled", (BLOOD,)),
            "commercial": ("tiled", (CRACKS,)), "precinct": ("concrete", (BLOOD, CRACKS)),
            "clocktower": ("wood", (RUBBLE, OIL))}
# field -> (Tiled type, propertytype) for the generated properties
PROPS = {"colour": ("string", "colour"), "state": ("string", "door_state"), "lock": ("string", "lock"),
         "one_way": ("string", "one_way"), "letter": ("string", "letter"), "enemy": ("string", "enemy"),
         "boss": ("string", "boss"), "number": ("int", None), "region": ("int", None),
         "unexplored": ("bool", None), "label": ("string", None), "pair": ("string", None),
         "title": ("string", None)}


class LayoutError(ValueError):
    pass


def _xy(text: str, src: str, line: str) -> tuple[int, int]:
    try:
        x, y = text.split(",")
        return int(x), int(y)
    except ValueError:
        raise LayoutError(f"{src}: '{line}': '{text}' is not X,Y") from None


def _props(fields: dict) -> str:
    if not fields:
        return ""
    out = ["   <properties>"]
    for k, v in fields.items():
        if k not in PROPS:
            raise LayoutError(f"unknown field '{k}'")
        typ, ptype = PROPS[k]
        if typ == "bool":
            v = "true" if v in (True, "true") else "false"
        attrs = f'name="{k}"' + (f' type="{typ}"' if typ != "string" or ptype else "") + \
            (f' propertytype="{ptype}"' if ptype else "")
        out.append(f"    <property {attrs} value={quoteattr(str(v))}/>")
    out.append("   </properties>")
    return "\n".join(out) + "\n"


def _obj(oid: int, kind: str, x: float, y: float, fields: dict | None = None, extra: str = "",
         name: str = "") -> str:
    body = _props(fields or {}) + extra
    nm = f" name={quoteattr(name)}" if name else ""
    head = f'  <object id="{oid}" template="../templates/{kind}.tx"{nm} x="{x:g}" y="{y:g}"'
    return head + (f">\n{body}  </object>\n" if body else "/>\n")


def _fields(words: list[str], src: str, line: str) -> dict:
    out = {}
    for w in words:
        if "=" not in w:
            raise LayoutError(f"{src}: '{line}': expected field=value, got '{w}'")
        k, v = w.split("=", 1)
        out[k] = v
    return out


def rectangles(cells: set[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """Cover ``cells`` with rectangles (x, y, w, h): row runs, merged downwards when equal."""
    runs: dict[int, list[tuple[int, int]]] = {}
    for y in sorted({c[1] for c in cells}):
        xs = sorted(x for x, yy in cells if yy == y)
        start = prev = xs[0]
        for x in xs[1:] + [None]:
            if x is not None and x == prev + 1:
                prev = x
                continue
            runs.setdefault(y, []).append((start, prev - start + 1))
            if x is not None:
                start = prev = x
    out: list[list[int]] = []
    for y in sorted(runs):
        for x0, w in runs[y]:
            hit = next((r for r in out if r[0] == x0 and r[2] == w and r[1] + r[3] == y), None)
            if hit:
                hit[3] += 1
            else:
                out.append([x0, y, w, 1])
    return [tuple(r) for r in out]


def build(src: Path) -> str:
    """The .tmx text for the layout source ``src``. Raises LayoutError naming the file."""
    name = src.name
    lay = yaml.safe_load(src.read_text(encoding="utf-8"))
    grid = [str(r) for r in lay["grid"]]
    h, w = len(grid), max(len(r) for r in grid)
    tiles = lay["tiles"]
    base, wear = DISTRICT[lay.get("district", "downtown")]
    cells: dict[str, set[tuple[int, int]]] = {}
    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            if ch in ". ":
                continue
            if ch not in tiles:
                raise LayoutError(f"{name}: grid row {y}: letter '{ch}' is not in tiles")
            cells.setdefault(ch, set()).add((x, y))
    # floor layer: the tile's floor, a colour mark in its top-left square, wear here and there
    floor = [[VOID + 1] * w for _ in range(h)]
    for ch, sq in cells.items():
        t = tiles[ch]
        f = FLOORS[t.get("floor", base)]
        top = min(sq, key=lambda c: (c[1], c[0]))
        for (x, y) in sq:
            gid = f + 1
            if (x * 7 + y * 13 + ord(ch)) % 11 == 0 and f == FLOORS[base]:
                gid = wear[(x + y) % len(wear)] + 1
            floor[y][x] = gid
        floor[top[1]][top[0]] = MARK_ROW[t.get("colour", "green")] * 5 + f + 1
    objs: list[str] = []
    oid = 1
    for ch in sorted(cells, key=lambda c: min((y, x) for x, y in cells[c])):
        t = tiles[ch]
        fields = {}
        if t.get("colour", "green") != "green":
            fields["colour"] = t["colour"]
        if t.get("unexplored"):
            fields["unexplored"] = True
        if t.get("region"):
            fields["region"] = t["region"]
        if t.get("title"):
            fields["title"] = t["title"]
        for (x, y, rw, rh) in rectangles(cells[ch]):
            objs.append(f'  <object id="{oid}" template="../templates/board_tile.tx" name={quoteattr(t["name"])} '
                        f'x="{x * T}" y="{y * T}" width="{rw * T}" height="{rh * T}"' +
                        (f">\n{_props(fields)}  </object>\n" if fields else "/>\n"))
            oid += 1
    groups = [("board tiles", objs)]
    walls = []
    for line in lay.get("walls") or []:
        pts = [_xy(p, name, line) for p in line.split()]
        x0, y0 = pts[0]
        rel = " ".join(f"{(x - x0) * T},{(y - y0) * T}" for x, y in pts)
        walls.append(_obj(oid, "wall", x0 * T, y0 * T, extra=f'   <polyline points="{rel}"/>\n'))
        oid += 1
    groups.append(("walls", walls))
    edges = []
    for line in lay.get("edges") or []:
        words = line.split()
        kind, (x, y), side = words[0], _xy(words[1], name, line), words[2]
        if side not in ("E", "S"):
            raise LayoutError(f"{name}: '{line}': side must be E or S")
        px, py = ((x + 1) * T, y * T + T // 2) if side == "E" else (x * T + T // 2, (y + 1) * T)
        edges.append(_obj(oid, kind, px, py, _fields(words[3:], name, line)))
        oid += 1
    groups.append(("doors", edges))
    terrain_kinds = {"fire", "corpse", "barrel", "typewriter", "item_box", "stairwell"}
    terrain, tokens, enemies = [], [], []
    for line in lay.get("tokens") or []:
        words = line.split()
        kind, (x, y) = words[0], _xy(words[1], name, line)
        fields = _fields(words[2:], name, line)
        o = _obj(oid, kind, x * T + T // 2, y * T + T // 2, fields)
        oid += 1
        (terrain if kind in terrain_kinds else enemies if kind in ("enemy", "boss_start") else tokens).append(o)
    groups += [("terrain", terrain), ("tokens", tokens), ("enemies", enemies)]
    return tmx_text(w, h, lay["title"], "dreadboard.tsx", floor, groups, oid)


def tmx_text(w: int, h: int, title: str, tileset: str, floor: list[list[int]], groups: list, oid: int) -> str:
    """A Tiled 1.8 map file: ``w`` x ``h`` squares of ``T`` px, the title property, the tileset
    ``assets/tiles/<tileset>``, the floor layer (gids by row) and one object group per
    ``(name, [object XML])`` of ``groups``; ``oid`` is the next object id."""
    csv = ",\n".join(",".join(str(g) for g in row) for row in floor)
    out = [f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
           f'renderorder="right-down" width="{w}" height="{h}" tilewidth="{T}" tileheight="{T}" infinite="0" '
           f'nextlayerid="{len(groups) + 2}" nextobjectid="{oid}">\n <properties>\n'
           f'  <property name="title" value={quoteattr(title)}/>\n </properties>\n'
           f' <tileset firstgid="1" source="../../assets/tiles/{tileset}"/>\n'
           f' <layer id="1" name="floor" width="{w}" height="{h}">\n  <data encoding="csv">\n{csv}\n</data>\n </layer>\n']
    for k, (gname, objs_) in enumerate(groups):
        out.append(f' <objectgroup id="{k + 2}" name="{gname}">\n' + "".join(objs_) + " </objectgroup>\n")
    out.append("</map>\n")
    return "".join(out)


def write_maps(build_one, src_dir: Path, out_dir: Path, names: list[str]) -> int:
    """Build ``src_dir/<name>.yaml`` (all layouts when ``names`` is empty) with ``build_one`` into
    ``out_dir/<name>.tmx``. Returns the exit code: 2 with one line naming the layout on an error."""
    srcs = [src_dir / f"{n}.yaml" for n in names] if names else sorted(src_dir.glob("*.yaml"))
    for src in srcs:
        try:
            text = build_one(src)
        except (LayoutError, KeyError, OSError, yaml.YAMLError) as ex:
            print(f"error: {src.name}: {ex}", file=sys.stderr)
            return 2
        (out_dir / f"{src.stem}.tmx").write_text(text, encoding="utf-8")
    print(f"wrote {len(srcs)} map(s) to {out_dir.relative_to(ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    return write_maps(build, SRC, OUT, argv if argv is not None else sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
