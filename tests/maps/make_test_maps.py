"""Regenerate the test maps: ``python tests/maps/make_test_maps.py``.

``ok/``: maps that must load (every element, every layer encoding, Tiled 1.9 ``class=``,
templates, flipped cells, enums stored as indexes). ``broken/``: one deliberate mistake per map;
``tests/test_validate_broken.py`` lists the message each must produce.
Written by hand-rolled string templates (no Tiled needed); the files are committed.
"""
from __future__ import annotations

import base64
import gzip
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
T = 64
TSX = "../../../assets/tiles/dreadboard.tsx"
TPL = "../../../maps/templates"
FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000


def data_csv(rows: list[list[int]]) -> str:
    return '<data encoding="csv">\n' + ",\n".join(",".join(map(str, r)) for r in rows) + "\n</data>"


def data_b64(rows: list[list[int]], compression: str | None) -> str:
    raw = b"".join(struct.pack("<I", g) for r in rows for g in r)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw, mtime=0)
    comp = f' compression="{compression}"' if compression else ""
    return f'<data encoding="base64"{comp}>\n   {base64.b64encode(raw).decode()}\n  </data>'


def tmx(objects: str, *, w: int = 4, h: int = 2, data: str | None = None, header: str = "", tileset: str | None = None,
        extra_layers: str = "", rows: list[list[int]] | None = None, props: str = "") -> str:
    rows = rows or [[1] * w for _ in range(h)]
    head = header or (f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
                      f'width="{w}" height="{h}" tilewidth="{T}" tileheight="{T}" infinite="0" nextlayerid="3" '
                      f'nextobjectid="100">')
    ts = tileset if tileset is not None else f' <tileset firstgid="1" source="{TSX}"/>\n'
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + head + "\n" + props + ts +
            f' <layer id="1" name="floor" width="{w}" height="{h}">\n  {data or data_csv(rows)}\n </layer>\n' +
            extra_layers +
            ' <objectgroup id="2" name="rules">\n' + objects + " </objectgroup>\n</map>\n")


def obj(i: int, typ: str, x: float, y: float, *, props: dict | None = None, shape: str = "<point/>",
        name: str = "", size: tuple[float, float] | None = None, attr: str = "type", extra: str = "") -> str:
    n = f' name="{name}"' if name else ""
    t = f' {attr}="{typ}"' if typ else ""
    sz = f' width="{size[0]}" height="{size[1]}"' if size else ""
    inner = ""
    if props:
        inner += "  <properties>\n"
        for k, v in props.items():
            if isinstance(v, bool):
                inner += f'    <property name="{k}" type="bool" value="{"true" if v else "false"}"/>\n'
            elif isinstance(v, int):
                inner += f'    <property name="{k}" type="int" value="{v}"/>\n'
            elif isinstance(v, tuple):  # (tiled type, propertytype, value)
                inner += f'    <property name="{k}" type="{v[0]}" propertytype="{v[1]}" value="{v[2]}"/>\n'
            else:
                inner += f'    <property name="{k}" value="{v}"/>\n'
        inner += "  </properties>\n"
    if shape:
        inner += f"   {shape}\n"
    if not inner:
        return f'  <object id="{i}"{n}{t} x="{x}" y="{y}"{sz}{extra}/>\n'
    return f'  <object id="{i}"{n}{t} x="{x}" y="{y}"{sz}{extra}>\n{inner}  </object>\n'


def rect(i: int, name: str, x: int, y: int, w: int, h: int, **props) -> str:
    return obj(i, "board_tile", x * T, y * T, name=name, size=(w * T, h * T), shape="", props=props or None)


def c(sq: tuple[int, int]) -> tuple[int, int]:
    return sq[0] * T + T // 2, sq[1] * T + T // 2


def base(extra: str = "", *, exit_: bool = True, start1: bool = True, door: bool = True) -> str:
    """Two 2x2 tiles a (x 0-1) and b (x 2-3), a door between them, starts in a, exit in b."""
    s = rect(1, "a", 0, 0, 2, 2) + rect(2, "b", 2, 0, 2, 2)
    if door:
        s += obj(3, "door", 2 * T, 32)
    if start1:
        s += obj(10, "start", *c((0, 0)))
    s += obj(11, "start", *c((0, 1)), props={"number": 2})
    if exit_:
        s += obj(12, "exit", *c((3, 1)))
    return s + extra


def ok_maps() -> dict[str, str]:
    maps = {}
    # every element, L-shaped tile, two regions joined by stairwells
    rows = [[1, 1, 2 | FLIP_H, 2, 3 | FLIP_D, 3, 0, 4],
            [1, 1 | FLIP_V, 2, 2 | FLIP_V | FLIP_H, 3, 3, 0, 4],
            [1, 1, 1, 5, 5, 5, 0, 4],
            [28, 1, 1, 5, 5, 5, 0, 4 | FLIP_D | FLIP_H]]
    s = (rect(1, "hall", 0, 0, 2, 4) + rect(2, "hall", 2, 2, 1, 2) +  # L shape from two rectangles
         rect(3, "office", 2, 0, 2, 2, colour=("string", "colour", "yellow"), unexplored=True) +
         rect(4, "store", 4, 0, 2, 2, colour=("string", "colour", "red"), unexplored=True) +
         rect(5, "garden", 3, 2, 3, 2, colour=("string", "colour", "amber")) +
         rect(6, "roof", 7, 0, 1, 4, region=1) +
         obj(7, "wall", 0, 2 * T, shape=f'<polyline points="0,0 {T},0"/>') +
         obj(8, "wall", T, 3 * T, size=(0, T), shape="") +  # zero-width rectangle wall
         obj(9, "door", 2 * T, 32, props={"lock": ("string", "lock", "office")}) +
         obj(13, "door", 4 * T, 96, props={"one_way": ("string", "one_way", "east")}) +
         obj(14, "door", 3 * T + 32, 2 * T, props={"state": ("string", "door_state", "open")}) +
         obj(15, "archway", 3 * T, 2 * T + 32) +
         obj(16, "barricade", 5 * T + 32, 2 * T) +
         obj(17, "stairwell", *c((1, 3)), props={"pair": "roof"}) +
         obj(18, "stairwell", *c((7, 3)), props={"pair": "roof"}) +
         obj(19, "start", *c((0, 0))) + obj(20, "start", *c((1, 0)), props={"number": 2}) +
         obj(21, "exit", *c((7, 0))) +
         obj(22, "item", *c((0, 1)), props={"letter": ("string", "letter", "B")}) +
         obj(23, "enemy", *c((5, 3)), props={"enemy": ("string", "enemy", "crawler")}) +
         obj(24, "enemy", *c((5, 3)), props={"enemy": ("string", "enemy", "zombie_dog")}) +
         obj(25, "enemy", *c((5, 3))) +
         obj(26, "spawn", *c((5, 1))) + obj(27, "spawn", *c((4, 0))) +
         obj(28, "fire", *c((3, 3))) + obj(29, "corpse", *c((4, 3))) + obj(30, "barrel", *c((4, 2))) +
         obj(31, "typewriter", *c((1, 2))) + obj(32, "item_box", *c((0, 3))) +
         obj(33, "narrative", *c((2, 1))) + obj(34, "fixed_narrative", *c((3, 1)), props={"label": "radio"}) +
         obj(35, "progression", *c((4, 1)), props={"label": "P-DT2"}) + obj(36, "objective", *c((2, 3))) +
         obj(37, "boss_start", *c((7, 1)), props={"boss": ("string", "boss", "stalker_two")}) +
         obj(38, "note", 0, 0, size=(T, T / 2), shape='<text wrap="1">the roof is region 1</text>',
             props={"text": "author's note"}))
    maps["all_elements.tmx"] = tmx(s, w=8, h=4, rows=rows)
    # layer encodings
    for name, data in (("enc_base64.tmx", data_b64([[1, 2, 3, 4], [5, 6, 7, 8]], None)),
                       ("enc_zlib.tmx", data_b64([[1, 2 | FLIP_H, 3, 4], [5, 6, 7 | FLIP_V, 8]], "zlib")),
                       ("enc_gzip.tmx", data_b64([[1, 2, 3 | FLIP_D, 4], [5, 6, 7, 8]], "gzip"))):
        maps[name] = tmx(base(), data=data)
    # Tiled 1.9 class=, templates (also a board_tile from a template), flipped cells, enum index,
    # a rotated rectangle token and a tile object
    s = (obj(1, "", 0, 0, extra=f' template="{TPL}/board_tile.tx" name="a"', shape="") +
         obj(2, "board_tile", 2 * T, 0, name="b", size=(2 * T, 2 * T), shape="", attr="class",
             props={"colour": ("int", "colour", 3), "unexplored": True}) +
         obj(3, "", 2 * T, 32, extra=f' template="{TPL}/door.tx"', shape="",
             props={"lock": ("string", "lock", "gate")}) +
         obj(10, "start", *c((0, 0)), attr="class") +
         obj(11, "", *c((0, 1)), extra=f' template="{TPL}/start.tx"', shape="", props={"number": 2}) +
         obj(12, "", *c((3, 1)), extra=f' template="{TPL}/exit.tx"', shape="") +
         obj(13, "item", 2 * T + 8, 8, size=(48, 48), shape="", extra=' rotation="0"') +
         obj(14, "enemy", 3 * T + 32, 16, size=(32, 32), shape="", extra=' rotation="90"') +  # centre at square (3, 0)
         obj(15, "spawn", 2 * T + 8, 2 * T - 8, size=(48, 48), shape="", extra=' gid="2147483655"'))
    maps["tiled19_templates_flips.tmx"] = tmx(
        s, rows=[[1 | FLIP_H, 2 | FLIP_V, 3 | FLIP_D, 4 | FLIP_H | FLIP_V | FLIP_D], [5, 6 | FLIP_H, 7, 8]])
    # the docs/map-authoring.md walkthrough: three tiles, a locked door, a barricade, a stairwell
    def tpl(i: int, el: str, x: float, y: float, props: dict | None = None, extra: str = "") -> str:
        return obj(i, "", x, y, props=props, shape="", extra=f' template="{TPL}/{el}.tx"{extra}')
    s = (tpl(1, "board_tile", 0, 0, extra=f' name="shop" width="{4 * T}" height="{4 * T}"') +
         tpl(2, "board_tile", 4 * T, 0, {"colour": ("string", "colour", "yellow"), "unexplored": True},
             extra=f' name="stockroom" width="{3 * T}" height="{4 * T}"') +
         tpl(3, "board_tile", 8 * T, 0, {"colour": ("string", "colour", "amber"), "region": 1},
             extra=f' name="roof" width="{3 * T}" height="{3 * T}"') +
         obj(4, "", 2 * T, 0, shape=f'<polyline points="0,0 0,{2 * T}"/>', extra=f' template="{TPL}/wall.tx"') +
         tpl(5, "door", 4 * T, T + 32, {"lock": ("string", "lock", "storeroom")}) +
         tpl(6, "barricade", 4 * T, 3 * T + 32) +
         tpl(7, "stairwell", *c((6, 0)), {"pair": "roof"}) + tpl(8, "stairwell", *c((8, 2)), {"pair": "roof"}) +
         tpl(9, "start", *c((0, 3))) + tpl(10, "start", *c((1, 3)), {"number": 2}) +
         tpl(11, "exit", *c((10, 0))) + tpl(12, "item", *c((3, 0))) +
         tpl(13, "item", *c((6, 3)), {"letter": ("string", "letter", "B")}) +
         tpl(14, "spawn", *c((5, 0))) + tpl(15, "spawn", *c((10, 2))) +
         tpl(16, "enemy", *c((9, 1)), {"enemy": ("string", "enemy", "zombie_dog")}))
    rows = [[1] * 4 + [2] * 3 + [26] + [4] * 3 for _ in range(4)]
    rows[0][0], rows[0][4], rows[0][8], rows[3][8:] = 6, 12 + 5, 19 + 0, [26, 26, 26]
    maps["walkthrough.tmx"] = tmx(s, w=11, h=4, rows=rows)
    # tile objects inherit their tile's class and properties (Tiled semantics)
    tokens = (' <tileset firstgid="31" name="tokens" tilewidth="64" tileheight="64" tilecount="1" columns="1">\n'
              '  <image source="../../../assets/tiles/dreadboard.png" width="64" height="64"/>\n'
              '  <tile id="0" type="enemy">\n   <properties>\n    <property name="enemy" value="crawler"/>\n'
              '    <property name="art" value="crawler.png"/>\n   </properties>\n  </tile>\n </tileset>\n')
    maps["tile_objects.tmx"] = tmx(base(obj(5, "", 3 * T, T, size=(T, T), shape="", extra=' gid="31"') +
                                        obj(6, "", 2 * T, T, size=(T, T), shape="", extra=' gid="2147483679"',
                                            props={"enemy": ("string", "enemy", "zombie")})),
                                   tileset=f' <tileset firstgid="1" source="{TSX}"/>\n' + tokens)
    return maps


def broken_maps() -> dict[str, str]:
    m: dict[str, str] = {}
    m["no_exit.tmx"] = tmx(base(exit_=False))
    m["no_start1.tmx"] = tmx(base(start1=False))
    m["door_inside_tile.tmx"] = tmx(base(obj(4, "door", T, 32)))
    m["door_off_board.tmx"] = tmx(base(obj(4, "door", 4 * T, 96)), w=5)
    m["door_at_corner.tmx"] = tmx(base(obj(4, "archway", 2 * T, T)))
    m["unknown_type.tmx"] = tmx(base(obj(5, "zombie", *c((3, 0)))))
    m["no_class.tmx"] = tmx(base(obj(5, "", *c((3, 0)))))
    m["unknown_property.tmx"] = tmx(base(obj(5, "item", *c((3, 0)), props={"leter": "B"})))
    m["bad_enum.tmx"] = tmx(base(obj(5, "enemy", *c((3, 0)), props={"enemy": ("string", "enemy", "vampire")})))
    m["stairwell_unpaired.tmx"] = tmx(base(obj(6, "stairwell", *c((1, 1)), props={"pair": "up"})))
    m["overfull_square.tmx"] = tmx(base(
        obj(20, "enemy", *c((3, 0)), props={"enemy": ("string", "enemy", "crawler")}) +
        obj(21, "enemy", *c((3, 0)), props={"enemy": ("string", "enemy", "crawler")}) +
        obj(22, "corpse", *c((3, 0)))))
    m["exit_unreachable.tmx"] = tmx(base(door=False))
    m["spawn_outside.tmx"] = tmx(base(obj(7, "spawn", *c((4, 1)))), w=5)
    m["object_on_grid_line.tmx"] = tmx(base(obj(7, "item", T, 32)))
    m["tiles_overlap.tmx"] = tmx(base(rect(8, "c", 1, 1, 2, 1)))
    m["tile_in_pieces.tmx"] = tmx(
        rect(1, "a", 0, 0, 1, 2) + rect(8, "a", 3, 0, 1, 2) + rect(2, "b", 1, 0, 2, 2) + obj(3, "door", T, 32) +
        obj(10, "start", *c((0, 0))) + obj(11, "start", *c((0, 1)), props={"number": 2}) + obj(12, "exit", *c((2, 1))))
    m["tile_misaligned.tmx"] = tmx(rect(1, "a", 0, 0, 2, 2) + obj(2, "board_tile", 2 * T, 10, name="b",
                                                                     size=(2 * T, 2 * T - 10), shape="") +
                                   obj(3, "door", 2 * T, 96) + obj(10, "start", *c((0, 0))) +
                                   obj(11, "start", *c((0, 1)), props={"number": 2}) + obj(12, "exit", *c((3, 1))))
    m["wall_outside_tiles.tmx"] = tmx(base(obj(9, "wall", 5 * T, 0, shape=f'<polyline points="0,0 0,{T}"/>')),
                                      w=6)
    m["wall_off_grid.tmx"] = tmx(base(obj(9, "wall", T, 10, shape=f'<polyline points="0,0 0,{T}"/>')))
    m["green_unexplored.tmx"] = tmx(base().replace(rect(1, "a", 0, 0, 2, 2), rect(1, "a", 0, 0, 2, 2, unexplored=True)))
    m["locked_open_door.tmx"] = tmx(base().replace(
        obj(3, "door", 2 * T, 32), obj(3, "door", 2 * T, 32, props={"state": ("string", "door_state", "open"),
                                                                     "lock": ("string", "lock", "office")})))
    m["one_way_wrong_side.tmx"] = tmx(base().replace(
        obj(3, "door", 2 * T, 32), obj(3, "door", 2 * T, 32, props={"one_way": ("string", "one_way", "north")})))
    m["reserved_property.tmx"] = tmx(base(obj(5, "item", *c((3, 0)), props={"visible": "yes"})))
    m["class_property.tmx"] = tmx(base(
        '  <object id="5" type="item" x="224" y="32">\n   <properties>\n'
        '    <property name="loot" type="class" propertytype="Loot">\n     <properties>\n'
        '      <property name="count" type="int" value="2"/>\n     </properties>\n    </property>\n'
        '   </properties>\n   <point/>\n  </object>\n'))
    m["bad_int_property.tmx"] = tmx(base(obj(5, "start", *c((3, 0)), props={"number": ("int", "", "two")})))
    m["infinite.tmx"] = tmx(base(), header=(
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="4" '
        f'height="2" tilewidth="{T}" tileheight="{T}" infinite="1" nextlayerid="3" nextobjectid="100">'),
        data='<data encoding="csv">\n   <chunk x="0" y="0" width="16" height="16">\n' +
             ",\n".join(",".join(["1"] * 16) for _ in range(16)) + "\n</chunk>\n  </data>")
    m["isometric.tmx"] = tmx(base(), header=(
        f'<map version="1.8" tiledversion="1.8.2" orientation="isometric" renderorder="right-down" width="4" '
        f'height="2" tilewidth="{T}" tileheight="{T}" infinite="0" nextlayerid="3" nextobjectid="100">'))
    m["non_square.tmx"] = tmx(base(), header=(
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="4" '
        f'height="2" tilewidth="{T}" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="100">'))
    m["zstd.tmx"] = tmx(base(), data='<data encoding="base64" compression="zstd">\n   KLUv/SAgAQEAAAA=\n  </data>')
    m["xml_layer.tmx"] = tmx(base(), data='<data>\n   ' + '<tile gid="1"/>' * 8 + "\n  </data>")
    m["escaping_tileset.tmx"] = tmx(base(), tileset=' <tileset firstgid="1" source="../../../game/secret.tsx"/>\n')
    m["escaping_template.tmx"] = tmx(base(obj(5, "", *c((3, 0)), shape="",
                                              extra=' template="../../../../../etc/passwd.tx"')))
    m["missing_template.tmx"] = tmx(base(obj(5, "", *c((3, 0)), shape="",
                                             extra=f' template="{TPL}/no_such_element.tx"')))
    m["escaping_image.tmx"] = tmx(base(), tileset=(
        ' <tileset firstgid="1" name="evil" tilewidth="64" tileheight="64" tilecount="30" columns="5">\n'
        '  <image source="/etc/dreadboard.png" width="320" height="384"/>\n </tileset>\n'))
    m["missing_image.tmx"] = tmx(base(), tileset=(
        ' <tileset firstgid="1" name="lost" tilewidth="64" tileheight="64" tilecount="30" columns="5">\n'
        '  <image source="../../../assets/tiles/no_such.png" width="320" height="384"/>\n </tileset>\n'))
    m["bad_gid.tmx"] = tmx(base(), rows=[[1, 1, 1, 999], [1, 1, 1, 1]])
    m["not_a_board.tmx"] = tmx(obj(1, "enemy", *c((0, 0))) + obj(2, "exit", *c((1, 1))))
    m["not_xml.tmx"] = tmx(base()).replace("</objectgroup>", "</objectgrop>")
    m["entity.tmx"] = ('<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">]>\n' +
                       tmx(base()).split("\n", 1)[1])
    m["not_a_map.tmx"] = Path(HERE.parents[1] / "maps" / "templates" / "door.tx").read_text()
    return m


def main() -> None:
    for sub, maps in (("ok", ok_maps()), ("broken", broken_maps())):
        d = HERE / sub
        d.mkdir(parents=True, exist_ok=True)
        for old in d.glob("*.tmx"):
            old.unlink()
        for name, text in maps.items():
            (d / name).write_text(text, encoding="utf-8")
        print(f"{sub}: {len(maps)} maps")


if __name__ == "__main__":
    main()
