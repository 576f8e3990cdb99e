"""Round trips through the real Tiled client (Debian package ``tiled``; CI installs it).

For every shipped map (and the every-element test map):
* ``tiled --export-map --detach-templates json``: the objects Tiled itself sees (ids, types,
  names, positions, sizes, shapes, properties; templates resolved by Tiled) match what our
  loader read, and the squares/edges our Board holds follow from Tiled's positions.
* ``tiled --export-map tmx``: Tiled's re-save loads to an equal Board (sources aside).
"""
from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from game.content.tiled import load_board, read_objects
from game.engine.board import Board, edge_key

ROOT = Path(__file__).resolve().parents[1]
TILED = shutil.which("tiled")
pytestmark = pytest.mark.skipif(TILED is None, reason="the Tiled client is not installed (apt-get install tiled); "
                                                      "CI installs it")
MAPS = sorted((ROOT / "maps").glob("*.tmx")) + sorted((ROOT / "maps" / "city").glob("*.tmx")) + \
    sorted((ROOT / "maps" / "manor").glob("*.tmx")) + [ROOT / "tests/maps/ok" / n for n in
                                                 ("all_elements.tmx", "walkthrough.tmx", "enc_gzip.tmx")]
T = 64


def tiled(tmp: Path, *args: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp / "home"), XDG_CONFIG_HOME=str(tmp / "cfg"),
               XDG_RUNTIME_DIR=str(tmp / "run"))
    for d in ("home", "cfg", "run"):
        (tmp / d).mkdir(mode=0o700, exist_ok=True)
    r = subprocess.run([TILED, *args], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, f"tiled {' '.join(args)} failed:\n{r.stdout}\n{r.stderr}"


def json_objects(doc: dict) -> dict[int, dict]:
    out: dict[int, dict] = {}

    def walk(layers: list) -> None:
        for layer in layers:
            if layer.get("type") == "objectgroup":
                for o in layer["objects"]:
                    out[o["id"]] = o
            elif layer.get("type") == "group":
                walk(layer.get("layers", []))

    walk(doc["layers"])
    return out


def norm(v: object) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def shape_of(o: dict) -> str:
    for k in ("point", "ellipse"):
        if o.get(k):
            return k
    for k in ("polygon", "polyline", "text"):
        if k in o:
            return k
    return "tile" if o.get("gid") else "rectangle"


def centre(o: dict) -> tuple[float, float]:
    if o.get("point"):
        return o["x"], o["y"]
    r = math.radians(o.get("rotation", 0))
    dx, dy = o["width"] / 2, (-o["height"] / 2 if o.get("gid") else o["height"] / 2)
    return o["x"] + dx * math.cos(r) - dy * math.sin(r), o["y"] + dx * math.sin(r) + dy * math.cos(r)


def strip(b: Board) -> Board:
    return replace(b, source="", features={k: replace(v, source="") for k, v in b.features.items()},
                   placements=tuple(replace(p, source="") for p in b.placements))


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, tuple[dict, Path]]:
    tmp = tmp_path_factory.mktemp("tiled")
    out = {}
    for m in MAPS:
        j = tmp / f"{m.stem}.json"
        x = tmp / "resaved" / m.name
        x.parent.mkdir(exist_ok=True)
        tiled(tmp, "--export-map", "--detach-templates", "json", str(m), str(j))
        tiled(tmp, "--export-map", "tmx", str(m), str(x))
        out[m.name] = (json.loads(j.read_text()), x)
    return out


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_tiled_json_objects_match_our_reading(exported, path):
    doc, _ = exported[path.name]
    assert (doc["width"], doc["height"], doc["tilewidth"], doc["orientation"]) == \
        (load_board(path).width, load_board(path).height, T, "orthogonal")
    theirs = json_objects(doc)
    ours = {o.id: o for o in read_objects(path)}
    assert theirs.keys() == ours.keys()
    for oid, t in theirs.items():
        o = ours[oid]
        assert (t.get("type") or t.get("class", "")) == o.element, oid
        assert t.get("name", "") == o.name, oid
        assert shape_of(t) == o.shape, oid
        for k in ("x", "y", "width", "height", "rotation"):
            assert math.isclose(t.get(k, 0), getattr(o, k), abs_tol=1e-6), (oid, k)
        pts = t.get("polyline") or t.get("polygon") or []
        assert [(p["x"], p["y"]) for p in pts] == [tuple(p) for p in o.points], oid
        props = {p["name"]: norm(p["value"]) for p in t.get("properties", [])}
        assert props == {k: v.value for k, v in o.properties.items()}, oid


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_board_follows_from_tiled_positions(exported, path):
    """Squares, edges and tiles computed from Tiled's own JSON agree with the Board."""
    doc, _ = exported[path.name]
    objs = json_objects(doc)
    b = load_board(path)
    for p in b.placements:
        o = objs[int(p.source.rsplit(" ", 1)[1])]
        assert o["type"] == p.kind
        cx, cy = centre(o)
        assert (math.floor(cx / T), math.floor(cy / T)) == p.square, p
    for e, f in b.features.items():
        o = objs[int(f.source.rsplit(" ", 1)[1])]
        assert o.get("point") and o["type"] in ("door", "archway", "barricade")
        x, y = o["x"] / T, o["y"] / T
        if x == round(x):
            a, c = (round(x) - 1, math.floor(y)), (round(x), math.floor(y))
        else:
            a, c = (math.floor(x), round(y) - 1), (math.floor(x), round(y))
        assert edge_key(a, c) == e
    tiles: dict[str, set] = {}
    for o in objs.values():
        if o["type"] == "board_tile":
            x0, y0 = round(o["x"] / T), round(o["y"] / T)
            tiles.setdefault(o["name"], set()).update(
                (x, y) for x in range(x0, x0 + round(o["width"] / T)) for y in range(y0, y0 + round(o["height"] / T)))
    assert {k: frozenset(v) for k, v in tiles.items()} == {k: t.squares for k, t in b.tiles.items()}
    start_objs = {int(next((p["value"] for p in o.get("properties", []) if p["name"] == "number"), 1)): o
                  for o in objs.values() if o["type"] == "start"}
    assert {n: (math.floor(centre(o)[0] / T), math.floor(centre(o)[1] / T)) for n, o in start_objs.items()} == b.start


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_tiled_resave_loads_to_an_equal_board(exported, path):
    _, resaved = exported[path.name]
    text = resaved.read_text()
    assert "<map " in text and 'tiledversion="' in text
    a, b = load_board(path), load_board(resaved)
    assert strip(a) == strip(b)
    assert a.square_tile == b.square_tile


# ------------------------------------------------------------------ JSON maps written by Tiled
SHIPPED = [m for m in sorted((ROOT / "maps").glob("*.tmx")) if m.name != "test_small.tmx"]


@pytest.fixture(scope="module")
def tmj_exports(tmp_path_factory) -> dict[str, Path]:
    """Every shipped map saved as .tmj by real Tiled (templates kept as references, tilesets as
    the .tsx), plus the shipped tileset saved as .tsj."""
    tmp = tmp_path_factory.mktemp("tmj")
    out = {}
    for m in SHIPPED:
        j = tmp / f"{m.stem}.tmj"
        tiled(tmp, "--export-map", "json", str(m), str(j))
        out[m.name] = j
    tiled(tmp, "--export-tileset", "json", str(ROOT / "assets/tiles/dreadboard.tsx"), str(tmp / "dreadboard.tsj"))
    out["dreadboard.tsj"] = tmp / "dreadboard.tsj"
    return out


def play(args: list[str], capsys) -> tuple[str, list]:
    """The headless bot game through the real command line: (result line, recorded actions)."""
    from game.__main__ import main

    rec = Path(args[args.index("--record") + 1])
    assert main(args) == 0
    line = [x for x in capsys.readouterr().out.splitlines() if x.startswith("result:")]
    return line[0], json.loads(rec.read_text())["record"]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_tiled_tmj_loads_and_plays_like_its_tmx(tmj_exports, path, tmp_path, capsys):
    """Issue 15: a map Tiled saved as .tmj gives the same Board as the .tmx, and a bot game with
    a fixed seed (headless, through the command line) ends the same way with the same record."""
    from game.content.library import map_rules

    tmj = tmj_exports[path.name]
    assert json.loads(tmj.read_text())["type"] == "map"
    assert strip(load_board(tmj)) == strip(load_board(path))
    sid = map_rules(path)
    for players in (1, 3):
        common = ["--scenario", sid, "--players", str(players), "--seed", "11", "--bot", "--headless"]
        a = play(common + ["--map", str(path), "--record", str(tmp_path / "a.json")], capsys)
        b = play(common + ["--map", str(tmj), "--record", str(tmp_path / "b.json")], capsys)
        assert a == b and a[1]


def test_tiled_tsj_tileset_loads_like_the_tsx(tmj_exports, monkeypatch):
    """A .tmj whose tileset is the .tsj Tiled wrote (next to it, in an allowed folder such as the
    map library): same Board; pytmx (the floor) reads the cells and tile properties through it."""
    from game.content import tiled as tiled_mod

    folder = tmj_exports["dreadboard.tsj"].parent
    monkeypatch.setattr(tiled_mod, "EXTRA_ALLOWED", [folder.resolve()])
    m = json.loads(tmj_exports["intro.tmx"].read_text())
    assert m["tilesets"][0]["source"].endswith("dreadboard.tsx")
    m["tilesets"][0]["source"] = "dreadboard.tsj"
    tmj = folder / "intro_tsj.tmj"
    tmj.write_text(json.dumps(m))
    assert strip(load_board(tmj)) == strip(load_board(ROOT / "maps" / "intro.tmx"))
    tm = tiled_mod.pytmx_map(tmj)
    ref = tiled_mod.pytmx_map(ROOT / "maps" / "intro.tmx")
    cells = [[t.tiledgidmap.get(g, 0) for _, _, g in t.layers[0].iter_data()] for t in (tm, ref)]
    assert cells[0] == cells[1]
    assert tm.get_tile_properties(0, 0, 0) == ref.get_tile_properties(0, 0, 0)
    monkeypatch.setattr(tiled_mod, "EXTRA_ALLOWED", [])
    (e,) = tiled_mod.validate_board(tmj)  # outside the allowed folders the .tsj is refused by name
    assert e.where == "tileset 'dreadboard.tsj'" and "refused" in e.problem
