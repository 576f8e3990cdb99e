"""Validator cases found by a fresh map author: walls over doors, boss maps without an exit."""
from pathlib import Path

import pytest

from game.content.tiled import load_board, validate_board

ROOT = Path(__file__).resolve().parents[1]
SMALL = (ROOT / "maps" / "test_small.tmx").read_text()


@pytest.fixture(autouse=True)
def _cleanup():
    yield
    d = ROOT / "maps" / "_tmp_test"
    if d.exists():
        for f in d.iterdir():
            f.unlink()
        d.rmdir()


def write(tmp_path, text, name="m.tmx"):
    # the map must live under maps/ (references leaving maps/ and assets/ are refused)
    d = ROOT / "maps" / "_tmp_test"
    d.mkdir(exist_ok=True)
    p = d / name
    p.write_text(text.replace('source="../assets/', 'source="../../assets/'))
    return p


def test_R_COMP_3_wall_drawn_over_a_door_is_reported(tmp_path):
    text = SMALL.replace('<object id="3" type="wall" x="64" y="64">\n   <polyline points="0,0 64,0"/>',
                         '<object id="3" type="wall" x="128" y="64">\n   <polyline points="0,0 0,64"/>')
    p = write(tmp_path, text, "wall_over_door.tmx")
    try:
        msgs = [str(e) for e in validate_board(p)]
        assert any("object 3" in m and "runs over object 4" in m for m in msgs), msgs
    finally:
        p.unlink()


def test_R_BOSS_10_boss_map_may_have_no_exit(tmp_path):
    text = SMALL.replace('<object id="7" type="exit" x="224" y="96">',
                         '<object id="7" type="boss_start" x="224" y="96">\n   <properties>\n'
                         '    <property name="boss" value="burrower"/>\n   </properties>')
    p = write(tmp_path, text, "boss_no_exit.tmx")
    try:
        assert validate_board(p) == []
        b = load_board(p)
        assert b.exits == [] and [x.get("boss") for x in b.placements if x.kind == "boss_start"] == ["burrower"]
    finally:
        p.unlink()
    text2 = SMALL.replace('<object id="7" type="exit" x="224" y="96">\n   <point/>\n  </object>', '')
    p2 = write(tmp_path, text2, "no_exit.tmx")
    try:
        assert any("no exit" in str(e) for e in validate_board(p2))
    finally:
        p2.unlink()
