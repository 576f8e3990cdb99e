"""Generated Tiled assets: the floor tileset (tools/make_tileset.py) and the map benchmark."""
from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

ROOT = Path(__file__).resolve().parents[1]
PNG = ROOT / "assets/tiles/dreadboard.png"
TSX = ROOT / "assets/tiles/dreadboard.tsx"
T = 64


def cell(sheet, col: int, row: int):
    return sheet.subsurface((col * T, row * T, T, T))


def grey(s) -> list[int]:
    out = []
    for y in range(0, T, 2):
        for x in range(0, T, 2):
            r, g, b, *_ = s.get_at((x, y))
            out.append((r * 30 + g * 59 + b * 11) // 100)
    return out


def test_tileset_files_agree():
    ts = ET.parse(TSX).getroot()
    img = ts.find("image")
    assert (ts.get("tilewidth"), ts.get("tileheight"), ts.get("columns")) == ("64", "64", "5")
    assert img.get("source") == "dreadboard.png"
    sheet = pygame.image.load(str(PNG))
    assert sheet.get_size() == (int(img.get("width")), int(img.get("height"))) == (320, 384)
    assert int(ts.get("tilecount")) == 30 == len(ts.findall("tile"))


def test_committed_tileset_matches_the_generator():
    from tools import make_tileset

    sheet, meta = make_tileset.build()
    committed = pygame.image.load(str(PNG))
    a, b = pygame.image.tobytes(sheet, "RGB"), pygame.image.tobytes(committed, "RGB")
    # tolerate font-rasteriser differences between pygame builds: < 1% of channels may differ
    differ = sum(abs(x - y) > 40 for x, y in zip(a, b))
    assert len(a) == len(b) and differ < len(a) // 100, \
        f"assets/tiles/dreadboard.png is stale ({differ} channels differ): run python -m tools.make_tileset"
    assert make_tileset.tsx_text(meta) == TSX.read_text()


def test_R_EXPLORE_2_tile_colours_recognisable_without_colour():
    """The four colour marks differ in greyscale (letter, badge shape, frame texture), not only
    in hue: every pair of marked concrete cells differs in many grey pixels."""
    sheet = pygame.image.load(str(PNG))
    marks = [grey(cell(sheet, 0, row)) for row in (1, 2, 3, 4)]  # G, Y, A, R on concrete
    plain = grey(cell(sheet, 0, 0))
    for i in range(4):
        assert sum(abs(a - b) > 24 for a, b in zip(marks[i], plain)) > 60
        for j in range(i + 1, 4):
            differ = sum(abs(a - b) > 24 for a, b in zip(marks[i], marks[j]))
            assert differ > 40, (i, j, differ)


def test_floors_are_dark():
    sheet = pygame.image.load(str(PNG))
    for col in range(5):
        g = grey(cell(sheet, col, 0))
        assert sum(g) / len(g) < 90, col  # survival-horror gloom


def test_bench_map_load_shape():
    from game.content.tiled import load_board
    from tools.bench_maps import bench_map_load, largest_map

    big = largest_map()
    area = load_board(big).width * load_board(big).height
    assert all(load_board(p).width * load_board(p).height <= area for p in (ROOT / "maps").glob("*.tmx"))
    rows = bench_map_load(runs=3)
    stem = big.stem
    assert [(n, u) for n, _, u in rows] == [(f"map_load_validate_{stem}", "ms"), (f"map_pytmx_raw_{stem}", "ms"),
                                          (f"map_load_validate_vs_pytmx_{stem}", "x")]
    (_, ours, _), (_, raw, _), (_, ratio, _) = rows
    assert 0 < raw and 0 < ours < 2000 and abs(ratio - ours / raw) < 0.05
