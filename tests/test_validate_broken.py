"""Deliberately broken maps (tests/maps/broken/): each gives the expected message naming the
file, the object id (where there is one) and the problem; load_board raises it as a MapError;
``python -m tools.validate`` prints them and exits 2."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.content.errors import MapError
from game.content.tiled import load_board, validate_board

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "maps" / "broken"

# file -> (where starts with, problem contains); "" where = a whole-map problem
EXPECTED: dict[str, tuple[str, str]] = {
    "no_exit.tmx": ("", "the map has no exit"),
    "no_start1.tmx": ("", "the map has no start 1"),
    "door_inside_tile.tmx": ("object 4 (door) at square (1, 0)",
                             "not between two squares of different tiles (R-COMP-3)"),
    "door_off_board.tmx": ("object 4 (door)", "leads off the board"),
    "door_at_corner.tmx": ("object 4 (archway) at square (2, 1)", "at a corner of the grid"),
    "unknown_type.tmx": ("object 5 (zombie) at square (3, 0)", "unknown element 'zombie'"),
    "no_class.tmx": ("object 5 (no class)", "has no class/type"),
    "unknown_property.tmx": ("object 5 (item)", "unknown property 'leter' for item"),
    "bad_enum.tmx": ("object 5 (enemy)", "'enemy' is 'vampire', not one of"),
    "stairwell_unpaired.tmx": ("object 6 (stairwell) at square (1, 1)", "stairwell pair 'up' has 1 end(s)"),
    "overfull_square.tmx": ("object 22 (corpse) at square (3, 0)", "holds 5 capacity units, more than 4 (R-COMP-8)"),
    "exit_unreachable.tmx": ("object 12 (exit) at square (3, 1)", "cannot be reached from start 1"),
    "spawn_outside.tmx": ("object 7 (spawn) at square (4, 1)", "outside every board tile"),
    "object_on_grid_line.tmx": ("object 7 (item)", "lies on a grid line"),
    "tiles_overlap.tmx": ("object 8 (board_tile 'c')", "square (1, 1) is in two tiles, 'a' (object 1) and 'c'"),
    "tile_in_pieces.tmx": ("object 1 (board_tile 'a')", "in pieces that do not touch"),
    "tile_misaligned.tmx": ("object 2 (board_tile 'b')", "not aligned to the grid"),
    "wall_off_grid.tmx": ("object 9 (wall)", "does not run along grid lines"),
    "wall_outside_tiles.tmx": ("object 9 (wall) at square (5, 0)", "the wall is outside every board tile"),
    "green_unexplored.tmx": ("object 1 (board_tile 'a')", "green and unexplored"),
    "locked_open_door.tmx": ("object 3 (door)", "must start closed (R-DOOR-9)"),
    "one_way_wrong_side.tmx": ("object 3 (door)", "cannot open from the north"),
    "reserved_property.tmx": ("object 5", "'visible' has a name pytmx reserves"),
    "class_property.tmx": ("object 5", "'loot' is class-typed"),
    "bad_int_property.tmx": ("object 5", "'number' is 'two', not a valid int"),
    "infinite.tmx": ("", "the map is infinite"),
    "isometric.tmx": ("", "the map is isometric; Dreadboard maps must be orthogonal"),
    "non_square.tmx": ("", "64x32 pixels; a board square must be square"),
    "zstd.tmx": ("layer 'floor'", "compressed with zstd"),
    "xml_layer.tmx": ("layer 'floor'", "stored as XML <tile> elements"),
    "escaping_tileset.tmx": ("tileset '../../../game/secret.tsx'",
                             "outside the game's maps/ and assets/ folders; refused"),
    "escaping_template.tmx": ("object 5 (template", "outside the game's maps/ and assets/ folders; refused"),
    "escaping_image.tmx": ("tileset 'evil'", "'/etc/dreadboard.png' is outside the game's maps/ and assets/"),
    "missing_template.tmx": ("object 5 (template", "no_such_element.tx' does not exist"),
    "missing_image.tmx": ("tileset 'lost'", "no_such.png' does not exist"),
    "bad_gid.tmx": ("layer 'floor' cell (3, 0)", "tile number 999, which no tileset of the map has"),
    "not_a_board.tmx": ("", "not a Dreadboard board: the map has no board_tile objects"),
    "not_xml.tmx": ("line 28", "not valid XML"),
    "entity.tmx": ("", "declares XML entities"),
    "not_a_map.tmx": ("", "not a Tiled map (.tmx or .tmj)"),
}


def test_every_broken_map_is_listed():
    assert {p.name for p in BROKEN.glob("*.tmx")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_map_reports_file_object_and_problem(name):
    path = BROKEN / name
    where, problem = EXPECTED[name]
    problems = validate_board(path)
    assert problems, f"{name} validated clean"
    assert all(isinstance(p, MapError) for p in problems)
    hits = [p for p in problems if p.where.startswith(where) and problem in p.problem]
    assert hits, f"{name}: expected '{where}' / '{problem}', got:\n" + "\n".join(map(str, problems))
    hit = hits[0]
    assert hit.file == f"tests/maps/broken/{name}"
    assert str(hit).startswith(f"tests/maps/broken/{name}: ")
    assert hit.hint, "every problem carries a hint"
    # load_board refuses the map with the first problem, as a MapError (no traceback)
    with pytest.raises(MapError) as ei:
        load_board(path)
    assert str(ei.value) == str(problems[0])


def test_R_COMP_3_door_between_tiles_of_one_tile_is_refused():
    (p,) = validate_board(BROKEN / "door_inside_tile.tmx")
    assert str(p) == ("tests/maps/broken/door_inside_tile.tmx: object 4 (door) at square (1, 0): the door is not "
                      "between two squares of different tiles (R-COMP-3): both sides are in tile 'a' Hint: place "
                      "the door's point on the grid line between two tiles; inside a tile use a wall")


def test_R_STAIR_1_stairwell_without_pair():
    (p,) = validate_board(BROKEN / "stairwell_unpaired.tmx")
    assert "exactly two (R-STAIR-1)" in p.problem


def test_R_COMP_8_overfull_square_lists_its_contents():
    (p,) = validate_board(BROKEN / "overfull_square.tmx")
    assert "enemy crawler (object 20, 2), enemy crawler (object 21, 2), corpse (object 22, 1)" in p.problem


def test_R_SCEN_6_refused_references_are_never_read(monkeypatch):
    """An escaping tileset is refused before pytmx (or anything) opens it."""
    import pytmx

    def fail(*a, **k):
        raise AssertionError("pytmx must not be reached")

    monkeypatch.setattr(pytmx, "TiledMap", fail)
    for name in ("escaping_tileset.tmx", "infinite.tmx", "zstd.tmx", "xml_layer.tmx", "not_xml.tmx"):
        assert validate_board(BROKEN / name)


def test_validate_collects_all_problems_of_a_map(tmp_path):
    """validate_board lists every problem, load_board raises the first."""
    text = (BROKEN / "unknown_type.tmx").read_text()
    text = text.replace("</objectgroup>", '  <object id="40" type="spawn" x="288" y="32"><point/></object>\n'
                                          '  <object id="41" type="item" x="64" y="32"><point/></object>\n'
                                          " </objectgroup>")
    p = tmp_path / "many.tmx"
    p.write_text(text.replace("../../../assets", str(ROOT / "assets")))
    problems = validate_board(p)
    assert [x.where.split(" (")[0] for x in problems] == ["object 5", "object 40", "object 41"]


def run_validate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tools.validate", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_validate_cli_clean_maps_exit_0():
    r = run_validate()
    assert r.returncode == 0, r.stdout + r.stderr
    assert "maps/intro.tmx: ok" in r.stdout and "maps/test_small.tmx: ok" in r.stdout
    assert "Traceback" not in r.stderr


def test_validate_cli_broken_folder_exit_2_and_prints_every_map():
    r = run_validate("tests/maps/broken", "maps/intro.tmx")
    assert r.returncode == 2
    assert "Traceback" not in r.stdout + r.stderr
    for name in EXPECTED:
        assert f"tests/maps/broken/{name}: " in r.stdout, name
    assert "maps/intro.tmx: ok" in r.stdout
    assert "tests/maps/broken/door_inside_tile.tmx: object 4 (door) at square (1, 0): the door is not between" \
           in r.stdout
