"""Write the dungeon crawl's map cards as Tiled maps (rules/dungeon.md D-MAP-2, 16.7) from their
drawings:

    python -m tools.make_dungeon_maps            # maps/dungeon/drawings/*.yaml -> maps/dungeon/<id>/<CARD>.tmx
    python -m tools.make_dungeon_maps --check    # exit 1 if a written map differs from its drawing

A drawing file (YAML, read with the shared safe reader) holds ``id`` (the dungeon's) and ``cards``:
card id -> ``{name, story (optional), rows}``, ``rows`` being 16.7's 7 lines of 7 cells (legend in
16.7, read by :func:`game.engine.dungeon.defs.map_card_from_rows`).

Each card becomes one 7 x 7 map (64 px cells): the core's 5 x 5 squares are cells 1..5, the
half-squares around it cells 0 and 6 (local ``(x, y)`` is cell ``(x + 1, y + 1)``). One
``board_tile`` covers the map; walls, water and pits are ``dn_wall``/``dn_water``/``dn_pit``
objects, exits ``dn_exit``, the ▲ ``dn_entrance``, the encounter point ``dn_encounter``, start
squares ``dn_start`` (seat order = object order) and named squares ``dn_marker`` with a
``label``; the map properties are ``rules`` = ``dungeon``, ``card`` (the id), ``title`` (its
name) and ``story``. :mod:`game.content.dungeon_maps` reads a card back to the same
:class:`~game.engine.dungeon.defs.MapCardDef` (a test compares them). Once written, a card may be
edited in Tiled like any other map; re-running this script overwrites it from its drawing.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

from game.content.readers import read_yaml
from game.engine.dungeon.defs import HALF_SQUARE, MapCardDef, Terrain, map_card_from_rows

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "maps" / "dungeon"
DRAWINGS = OUT / "drawings"
T = 64
SIZE = 7
#: the floor tile drawn under the card in Tiled (the shipped tileset's dirt, tile id 4, + firstgid 1)
FLOOR_GID = 5
_TERRAIN_KIND = {Terrain.WALL: "dn_wall", Terrain.WATER: "dn_water", Terrain.PIT: "dn_pit"}


def cards_of(path: Path) -> tuple[str, dict[str, MapCardDef]]:
    """The dungeon id and its cards drawn in ``path``. Raises ValueError naming the file and card."""
    data, _node = read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict) or not data.get("id"):
        raise ValueError(f"{path}: expected 'id:' and a 'cards:' mapping of card id -> name, story, rows")
    out = {}
    for cid, entry in data["cards"].items():
        try:
            card = map_card_from_rows(str(cid), [r.rstrip() for r in entry["rows"]], name=str(entry.get("name", "")))
        except (ValueError, KeyError, TypeError) as ex:
            raise ValueError(f"{path}: card {cid}: {ex}") from None
        if entry.get("story"):
            card = card.model_copy(update={"story": str(entry["story"])})
        out[str(cid)] = card
    return str(data["id"]), out


def _cell(local: tuple[int, int]) -> tuple[float, float]:
    """The pixel centre of local square ``local`` (a point object's position)."""
    return (local[0] + 1) * T + T / 2, (local[1] + 1) * T + T / 2


def build(card: MapCardDef) -> str:
    """The .tmx text of ``card``."""
    objs: list[str] = []
    oid = 1

    def add(kind: str, local: tuple[int, int], fields: dict | None = None) -> None:
        nonlocal oid
        x, y = _cell(local)
        props = ""
        if fields:
            props = "   <properties>\n" + "".join(
                f"    <property name={quoteattr(k)} value={quoteattr(str(v))}/>\n" for k, v in fields.items()) + \
                "   </properties>\n"
        objs.append(f'  <object id="{oid}" template="../../templates/{kind}.tx" x="{x:g}" y="{y:g}">\n'
                    f'{props}   <point/>\n  </object>\n')
        oid += 1

    objs.append(f'  <object id="{oid}" template="../../templates/board_tile.tx" name={quoteattr(card.id)} '
                f'x="0" y="0" width="{SIZE * T}" height="{SIZE * T}"/>\n')
    oid += 1
    for (x, y) in sorted(card.terrain, key=lambda q: (q[1], q[0])):
        kind = _TERRAIN_KIND.get(card.terrain[(x, y)])
        if kind:
            add(kind, (x, y))
    for side, local in HALF_SQUARE.items():
        if side in card.exits:
            add("dn_exit", local)
        elif side == card.entrance:
            add("dn_entrance", local)
    if card.encounter_point is not None:
        add("dn_encounter", card.encounter_point)
    for q in card.start_squares:
        add("dn_start", q)
    for label, squares in sorted(card.markers.items()):
        for q in squares:
            add("dn_marker", q, {"label": label})
    halves = {(hx + 1, hy + 1) for hx, hy in HALF_SQUARE.values()}
    rows = []
    for cy in range(SIZE):
        rows.append(",".join(str(FLOOR_GID) if (1 <= cx <= 5 and 1 <= cy <= 5) or (cx, cy) in halves else "0"
                             for cx in range(SIZE)))
    story = f'  <property name="story" value={quoteattr(card.story)}/>\n' if card.story else ""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{SIZE}" height="{SIZE}" tilewidth="{T}" tileheight="{T}" infinite="0" '
            f'nextlayerid="3" nextobjectid="{oid}">\n <properties>\n'
            f'  <property name="card" value={quoteattr(card.id)}/>\n'
            f'  <property name="rules" value="dungeon"/>\n' + story +
            f'  <property name="title" value={quoteattr(card.name or card.id)}/>\n </properties>\n'
            f' <tileset firstgid="1" source="../../../assets/tiles/dreadboard.tsx"/>\n'
            f' <layer id="1" name="floor" width="{SIZE}" height="{SIZE}">\n  <data encoding="csv">\n'
            + ",\n".join(rows) + "\n</data>\n </layer>\n"
            f' <objectgroup id="2" name="card">\n' + "".join(objs) + " </objectgroup>\n</map>\n")


def outputs() -> list[tuple[Path, str]]:
    """Every card map to write: (path, text), from every drawing file."""
    out = []
    for path in sorted(DRAWINGS.glob("*.yaml")):
        sid, cards = cards_of(path)
        for cid, card in cards.items():
            out.append((OUT / sid / f"{cid}.tmx", build(card)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 if a map differs")
    a = ap.parse_args(argv)
    bad = 0
    for path, text in outputs():
        if a.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path.relative_to(ROOT)} differs from its drawing: run python -m tools.make_dungeon_maps")
                bad = 1
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return bad


if __name__ == "__main__":
    sys.exit(main())
