"""Maps from anyone (issue 13): mutated Tiled maps (.tmx and .tmj) end in a clean refusal that
names the file, or a valid board; never a traceback, a hang or a huge allocation."""
from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.errors import ContentError
from game.content.tiled import load_board

ROOT = Path(__file__).resolve().parents[1]
TMX = (ROOT / "maps" / "intro.tmx").read_bytes()


def _load(path: Path) -> None:
    try:
        load_board(path)
    except ContentError as ex:
        assert path.name in str(ex)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, len(TMX)), flips=st.lists(st.tuples(st.integers(0, len(TMX) - 1), st.integers(0, 255)),
                                                    max_size=6))
def test_mutated_tmx_maps_are_refused_cleanly_or_load(tmp_path, cut, flips):
    data = bytearray(TMX[:cut] if cut > len(TMX) // 2 else TMX)
    for i, b in flips:
        if i < len(data):
            data[i] = b
    # beside the shipped maps, so the tileset and templates it names are found (then removed)
    path = ROOT / "maps" / f".fuzz-{tmp_path.name}.tmx"
    path.write_bytes(bytes(data))
    try:
        _load(path)
    finally:
        path.unlink()


JSON_ODD = [None, True, -1, 0, 10**9, 1.5, "x", "", [], {}, [1, 2], {"a": 1}]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=st.lists(st.tuples(st.sampled_from(["width", "height", "layers", "tilesets", "orientation",
                                                 "infinite", "tilewidth", "properties", "version"]),
                                st.sampled_from(range(len(JSON_ODD)))), min_size=1, max_size=4))
def test_mutated_json_maps_are_refused_cleanly_or_load(tmp_path, edits):
    doc = {"type": "map", "version": "1.8", "orientation": "orthogonal", "width": 4, "height": 3,
           "tilewidth": 32, "tileheight": 32, "infinite": False, "layers": [], "tilesets": []}
    for key, k in edits:
        doc[key] = JSON_ODD[k]
    path = tmp_path / "mutant.tmj"
    path.write_text(json.dumps(doc))
    _load(path)
