"""Write the Hollowmere Manor maps (the mansion campaign, MDV-4) from their layout sources.

    python -m tools.make_manor_maps                  # maps/manor/layouts/*.yaml -> maps/manor/*.tmx
    python -m tools.make_manor_maps m_gh m_bsmt        # only these

Same layout format as the city's (``tools/make_city_maps.py``: ``title``, ``grid``, ``tiles``,
``edges``, ``walls``, ``tokens``), painted with the manor tileset (``assets/tiles/manor.tsx``,
``tools/make_manor_tileset.py``) instead of the city's:

* ``tiles``: letter -> {name, title, colour (green), unexplored (false), region (0), floor}, with
  ``floor`` one of parquet, boards, carpet, marble, flagstone, conservatory, lab, gravel
  (default: the layout's ``floor``);
* ``grid``: a lowercase letter is a square of that board tile; every other character is a cell
  that is not a square, drawn as a wall or fixed furniture: ``.`` void, ``#`` wood panelling,
  ``=`` wallpaper, ``F`` fireplace, ``L`` library shelves, ``W`` moonlit window, ``H`` hedge,
  ``P`` laboratory pipes;
* ``worn``: optional ``"X,Y"`` squares painted with their floor's worn variant (blood, torn
  carpet, cracked marble ...), on top of a few chosen by a fixed pattern.

The output is an ordinary Tiled map (orthogonal, 64 px, CSV floor layer, objects from the
templates in maps/templates/) that opens in Tiled and passes ``python -m tools.validate``.
Errors name the source file and the line. The generated files are committed.
"""
from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

import yaml

from tools.make_city_maps import LayoutError, _fields, _obj, _props, _xy, rectangles, tmx_text, write_maps
from tools.make_manor_tileset import FLOORS, gid

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "maps" / "manor" / "layouts"
OUT = ROOT / "maps" / "manor"
T = 64
DECOR_CHARS = {".": "void", "#": "panelling", "=": "wallpaper", "F": "fireplace", "L": "shelves",
               "W": "window", "H": "hedge", "P": "pipes"}
TERRAIN = {"fire", "corpse", "barrel", "typewriter", "item_box", "stairwell"}


def build(src: Path) -> str:
    """The .tmx text for the layout source ``src``. Raises LayoutError naming the file."""
    name = src.name
    lay = yaml.safe_load(src.read_text(encoding="utf-8"))
    if not isinstance(lay, dict) or "grid" not in lay or "tiles" not in lay or "title" not in lay:
        raise LayoutError(f"{name}: needs 'title', 'grid' and 'tiles'")
    grid = [str(r) for r in lay["grid"]]
    h, w = len(grid), max(len(r) for r in grid)
    tiles = lay["tiles"]
    base = lay.get("floor", "parquet")
    cells: dict[str, set[tuple[int, int]]] = {}
    floor = [[gid("void")] * w for _ in range(h)]
    for y, row in enumerate(grid):
        for x, ch in enumerate(row.ljust(w, ".")):
            if ch.islower():
                if ch not in tiles:
                    raise LayoutError(f"{name}: grid row {y}: letter '{ch}' is not in tiles")
                cells.setdefault(ch, set()).add((x, y))
            elif ch in DECOR_CHARS:
                floor[y][x] = gid(DECOR_CHARS[ch])
            else:
                raise LayoutError(f"{name}: grid row {y}: '{ch}' is neither a tile letter nor one of "
                                  + " ".join(DECOR_CHARS))
    worn = {_xy(p, name, p) for p in lay.get("worn") or []}
    for ch, sq in cells.items():
        t = tiles[ch]
        f = t.get("floor", base)
        if f not in FLOORS:
            raise LayoutError(f"{name}: tile '{ch}': floor '{f}' is not one of {', '.join(FLOORS)}")
        top = min(sq, key=lambda c: (c[1], c[0]))
        for (x, y) in sq:
            pattern = (x * 5 + y * 11 + ord(ch) * 3) % 17 == 0
            floor[y][x] = gid(f"worn:{f}") if ((x, y) in worn or pattern) else gid(f)
        floor[top[1]][top[0]] = gid(f, t.get("colour", "green"))  # the colour mark (R-EXPLORE-2)
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
        if len(words) < 3:
            raise LayoutError(f"{name}: '{line}': expected 'KIND X,Y E|S [field=value ...]'")
        kind, (x, y), side = words[0], _xy(words[1], name, line), words[2]
        if side not in ("E", "S"):
            raise LayoutError(f"{name}: '{line}': side must be E or S")
        px, py = ((x + 1) * T, y * T + T // 2) if side == "E" else (x * T + T // 2, (y + 1) * T)
        edges.append(_obj(oid, kind, px, py, _fields(words[3:], name, line)))
        oid += 1
    groups.append(("doors", edges))
    terrain, tokens, enemies = [], [], []
    for line in lay.get("tokens") or []:
        words = line.split()
        if len(words) < 2:
            raise LayoutError(f"{name}: '{line}': expected 'KIND X,Y [field=value ...]'")
        kind, (x, y) = words[0], _xy(words[1], name, line)
        try:
            o = _obj(oid, kind, x * T + T // 2, y * T + T // 2, _fields(words[2:], name, line))
        except LayoutError as ex:
            raise LayoutError(f"{name}: '{line}': {ex}") from None
        oid += 1
        (terrain if kind in TERRAIN else enemies if kind in ("enemy", "boss_start") else tokens).append(o)
    groups += [("terrain", terrain), ("tokens", tokens), ("enemies", enemies)]
    return tmx_text(w, h, lay["title"], "manor.tsx", floor, groups, oid)


def main(argv: list[str] | None = None) -> int:
    return write_maps(build, SRC, OUT, argv if argv is not None else sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
