"""Write the versus scenarios' Tiled maps (rules/versus.md 20.6, 20.7) from the engine's
definitions (:mod:`game.engine.versus.data`, read from the spec's drawings):

    python -m tools.make_versus_maps          # maps/versus/swift.tmx, maps/versus/sanctuary.tmx
    python -m tools.make_versus_maps --check  # exit 1 if a written map differs

Rooms are board tiles (their borders are walls, R-COMP-3); an open edge between two rooms is an
``archway``; a wall inside a room is a ``wall`` line; doors, floor objects, start squares and items
are the typed versus objects (``vs_door``, ``vs_object``, ``vs_start``, ``vs_item``,
:mod:`game.content.tiled_elements`). ``game.content.versus_maps`` reads a map back to the same
definitions (a test compares them edge by edge).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

from game.engine.versus.data import SCENARIOS, VsScenario, edge_key

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "maps" / "versus"
T = 64

#: the rooms of each map as rectangles (x0, y0, x1, y1), from 20.6's and 20.7's room tables
ROOMS: dict[str, dict[str, tuple[tuple[int, int, int, int], ...]]] = {
    "swift": {"lab": ((0, 0, 2, 7),), "store": ((4, 2, 9, 5),), "exit": ((11, 2, 11, 5),),
              "corridor": ((3, 0, 11, 1), (3, 6, 11, 7), (3, 2, 3, 5), (10, 2, 10, 5))},
    "sanctuary": {"yard": ((0, 0, 17, 0), (0, 12, 17, 12), (0, 1, 0, 11), (17, 1, 17, 11)),
                  "guest_a": ((1, 1, 3, 4),), "guest_b": ((1, 5, 3, 8),), "guest_c": ((1, 9, 3, 11),),
                  "west_corridor": ((4, 1, 5, 11),), "refectory": ((6, 1, 9, 11),), "vestry": ((10, 1, 12, 1),),
                  "chapel": ((10, 2, 12, 10),), "priest": ((13, 1, 16, 4),),
                  "east_hall": ((13, 5, 16, 11), (10, 11, 12, 11))},
}
TITLES = {"swift": "The Swift and the Saw", "sanctuary": "Sanctuary"}


def _props(fields: dict) -> str:
    if not fields:
        return ""
    out = ["   <properties>\n"]
    for k, v in fields.items():
        if isinstance(v, bool):
            out.append(f'    <property name="{k}" type="bool" value="{"true" if v else "false"}"/>\n')
        else:
            out.append(f"    <property name={quoteattr(k)} value={quoteattr(str(v))}/>\n")
    out.append("   </properties>\n")
    return "".join(out)


def build(sid: str) -> str:
    """The .tmx text of versus scenario ``sid``. Raises KeyError for an unknown id and ValueError
    when the room table does not cover the map once."""
    sc: VsScenario = SCENARIOS[sid]
    m = sc.map
    tile_of: dict = {}
    for name, rects in ROOMS[sid].items():
        for x0, y0, x1, y1 in rects:
            for x in range(x0, x1 + 1):
                for y in range(y0, y1 + 1):
                    if (x, y) in tile_of:
                        raise ValueError(f"{sid}: square ({x}, {y}) is in two rooms")
                    tile_of[(x, y)] = name
    missing = [(x, y) for x in range(m.width) for y in range(m.height) if (x, y) not in tile_of]
    if missing:
        raise ValueError(f"{sid}: squares in no room: {missing[:5]}")
    objs: list[str] = []
    oid = 1

    def add(kind: str, x: float, y: float, fields: dict | None = None, extra: str = "", name: str = "",
            size: tuple[float, float] | None = None) -> None:
        nonlocal oid
        nm = f" name={quoteattr(name)}" if name else ""
        wh = f' width="{size[0]:g}" height="{size[1]:g}"' if size else ""
        body = _props(fields or {}) + extra
        head = f'  <object id="{oid}" template="../templates/{kind}.tx"{nm} x="{x:g}" y="{y:g}"{wh}'
        objs.append(head + (f">\n{body}  </object>\n" if body else "/>\n"))
        oid += 1

    for name, rects in ROOMS[sid].items():
        for x0, y0, x1, y1 in rects:
            add("board_tile", x0 * T, y0 * T, {"title": name}, name=name, size=((x1 - x0 + 1) * T, (y1 - y0 + 1) * T))
    doors = {e for d in m.doors for e in d.edges}
    for x in range(m.width):
        for y in range(m.height):
            for b in ((x + 1, y), (x, y + 1)):
                if not m.has(b):
                    continue
                e = edge_key((x, y), b)
                if e in doors:
                    continue
                wall = e in m.walls
                same = tile_of[(x, y)] == tile_of[b]
                vertical = b[0] != x  # (the edge between two squares of one row stands upright)
                if same and wall:
                    pts = f"0,0 0,{T}" if vertical else f"0,0 {T},0"
                    add("wall", b[0] * T if vertical else x * T, y * T if vertical else b[1] * T,
                        extra=f'   <polyline points="{pts}"/>\n')
                elif not same and not wall:
                    px, py = ((b[0] * T, y * T + T / 2) if vertical else (x * T + T / 2, b[1] * T))
                    add("archway", px, py, extra="   <point/>\n")
    for d in m.doors:
        for a, b in d.edges:
            side = "E" if b[0] != a[0] else "S"
            add("vs_door", a[0] * T + T / 2, a[1] * T + T / 2,
                {"label": d.id, "side": side, "kind": d.kind, "locked": d.locked}, extra="   <point/>\n")
    for o in m.objects:
        for q in o.squares:
            add("vs_object", q[0] * T + T / 2, q[1] * T + T / 2, {"label": o.id, "kind": o.kind}, extra="   <point/>\n")
    fixed = sc.fixed or {}
    at = {pos: (cid, facing) for cid, (pos, facing) in fixed.items()}
    for fac, squares in m.starts.items():
        for q in squares:
            f = {"faction": fac}
            if q in at:
                f.update(character=at[q][0], facing=at[q][1])
            add("vs_start", q[0] * T + T / 2, q[1] * T + T / 2, f, extra="   <point/>\n")
    for it in m.items:
        q = it.at if it.at is not None else fixed[it.holder][0]
        f = {"label": it.id, "kind": it.kind}
        if it.holder:
            f["holder"] = it.holder
        add("vs_item", q[0] * T + T / 2, q[1] * T + T / 2, f, extra="   <point/>\n")
    floor = ",\n".join(",".join("1" for _ in range(m.width)) for _ in range(m.height))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{m.width}" height="{m.height}" tilewidth="{T}" tileheight="{T}" infinite="0" '
            f'nextlayerid="3" nextobjectid="{oid}">\n <properties>\n'
            f'  <property name="rules" value="versus"/>\n'
            f'  <property name="scenario" value="{sid}"/>\n'
            f'  <property name="title" value={quoteattr(TITLES[sid])}/>\n </properties>\n'
            f' <tileset firstgid="1" source="../../assets/tiles/dreadboard.tsx"/>\n'
            f' <layer id="1" name="floor" width="{m.width}" height="{m.height}">\n  <data encoding="csv">\n{floor}\n</data>\n </layer>\n'
            f' <objectgroup id="2" name="rules">\n' + "".join(objs) + " </objectgroup>\n</map>\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 if a map differs")
    a = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    bad = 0
    for sid in ROOMS:
        text = build(sid)
        path = OUT / f"{sid}.tmx"
        if a.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path.relative_to(ROOT)} differs from the definitions: run python -m tools.make_versus_maps")
                bad = 1
            continue
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return bad


if __name__ == "__main__":
    sys.exit(main())
