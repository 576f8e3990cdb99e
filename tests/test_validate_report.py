"""The validator's machine-readable report (``python -m tools.validate --json``), which the Tiled
extension (maps/extensions/dreadboard.js) reads: file, object id, layer, square, message, hint,
severity per problem; the human text output stays the default."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.content.tiled import MAX_PROBLEMS, problem_record, validate_board
from tools.validate import REPORT_FORMAT, REPORT_VERSION, report

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "maps" / "broken"
PROBLEM_KEYS = {"file", "object", "layer", "square", "where", "message", "hint", "severity"}
MAP_KEYS = {"file", "path", "title", "width", "height", "ok", "problems"}


def run_json(*args: str) -> tuple[int, dict]:
    r = subprocess.run([sys.executable, "-m", "tools.validate", "--json", *args], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)


def test_json_report_of_a_broken_folder_and_a_clean_map():
    code, doc = run_json("tests/maps/broken", "maps/intro.tmx")
    assert code == 2
    assert (doc["format"], doc["version"]) == (REPORT_FORMAT, REPORT_VERSION) == ("dreadboard-validate", 1)
    by_file = {m["file"]: m for m in doc["maps"]}
    assert len(by_file) == len(list(BROKEN.glob("*.tmx"))) + 1
    for m in doc["maps"]:
        assert set(m) == MAP_KEYS and Path(m["path"]).is_absolute() and Path(m["path"]).is_file()
        assert m["ok"] == (not m["problems"])
        for p in m["problems"]:
            assert set(p) == PROBLEM_KEYS and p["severity"] in ("error", "info") and p["message"]
            assert p["object"] is None or isinstance(p["object"], int)
            assert p["square"] is None or (len(p["square"]) == 2 and all(isinstance(c, int) for c in p["square"]))
    intro = by_file["maps/intro.tmx"]
    assert intro["ok"] and (intro["title"], intro["width"], intro["height"]) == ("Warehouse Breakout", 14, 10)
    door = by_file["tests/maps/broken/door_inside_tile.tmx"]
    assert not door["ok"] and door["problems"] == [{
        "file": "tests/maps/broken/door_inside_tile.tmx", "object": 4, "layer": "rules", "square": [1, 0],
        "where": "object 4 (door) at square (1, 0)",
        "message": "the door is not between two squares of different tiles (R-COMP-3): both sides are in tile 'a'",
        "hint": "place the door's point on the grid line between two tiles; inside a tile use a wall",
        "severity": "error"}]
    (cell,) = by_file["tests/maps/broken/bad_gid.tmx"]["problems"]
    assert (cell["object"], cell["layer"], cell["square"]) == (None, "floor", [3, 0])
    (whole,) = by_file["tests/maps/broken/no_exit.tmx"]["problems"]
    assert (whole["object"], whole["layer"], whole["square"], whole["where"]) == (None, None, None, "")
    (ts,) = by_file["tests/maps/broken/escaping_tileset.tmx"]["problems"]
    assert ts["object"] is None and ts["square"] is None and "outside the game's maps/" in ts["message"]


def test_json_report_clean_map_exits_0():
    code, doc = run_json("maps/intro.tmx")
    assert code == 0 and doc["maps"][0]["ok"] and doc["maps"][0]["problems"] == []


def test_text_output_stays_the_default():
    r = subprocess.run([sys.executable, "-m", "tools.validate", "tests/maps/broken/door_inside_tile.tmx"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout.startswith("tests/maps/broken/door_inside_tile.tmx: object 4 (door)")


def test_capped_list_ends_with_an_info_record(tmp_path):
    """Past MAX_PROBLEMS the report closes with one "and N more" record of severity "info"."""
    from tests.test_map_readers import mk, write

    objs = "".join(mk.rect(i + 1, f"t{i}", 0, 0, 4, 2) for i in range(MAX_PROBLEMS + 5))
    p = write(tmp_path, "many.tmx", mk.tmx(objs))
    doc = report([p])
    problems = doc["maps"][0]["problems"]
    assert len(problems) == MAX_PROBLEMS + 1
    assert all(x["severity"] == "error" and x["object"] is not None for x in problems[:-1])
    assert problems[-1] == {"file": problems[0]["file"], "object": None, "layer": None, "square": None, "where": "",
                            "message": "and 4 more problem(s) not listed",
                            "hint": "fix the ones above first, then check the map again", "severity": "info"}


def test_problem_record_of_an_object_names_its_layer_and_square():
    (p,) = validate_board(BROKEN / "unknown_type.tmx")
    rec = problem_record(p)
    assert rec["object"] == 5 and rec["layer"] == "rules" and rec["square"] == [3, 0]
