"""Versus's two scenarios as Tiled maps (rules/versus.md 20.6, 20.7): written from the
definitions by ``tools/make_versus_maps.py``, read back by the shared Tiled readers into the same
definitions, and clean for ``python -m tools.validate``."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.content.tiled import MapError, validate_board
from game.content.versus_maps import MAPS, load_versus_map, load_versus_scenario
from game.engine.api import apply, legal_actions
from game.engine.versus import SCENARIOS, new_versus, winner
from tools import make_versus_maps, validate


@pytest.mark.parametrize("sid", ["swift", "sanctuary"])
def test_V_BOARD_1_V_BOARD_2_V_SETUP_1_the_tiled_map_is_the_scenario_edge_for_edge(sid):
    """V-BOARD-1/2/5/6, V-DOOR-6/9, V-SETUP-1: the map read from maps/versus/<id>.tmx has the
    drawing's size, every wall, every door (kind, lock, the wide door's two edges), every object,
    start square and item of section 20."""
    want = SCENARIOS[sid]
    got = load_versus_scenario(sid)
    a, b = got.map, want.map
    assert (a.width, a.height) == (b.width, b.height)
    assert a.walls == b.walls
    assert sorted(a.doors, key=lambda d: d.id) == sorted(b.doors, key=lambda d: d.id)
    assert sorted(a.objects, key=lambda o: o.id) == sorted(b.objects, key=lambda o: o.id)
    assert a.starts == b.starts and sorted(a.items, key=lambda i: i.id) == sorted(b.items, key=lambda i: i.id)
    room = "exit" if sid == "swift" else "chapel"
    assert a.rooms[room] == b.rooms[room]
    assert got.fixed == want.fixed and got.forbidden == want.forbidden


def test_the_maps_are_written_from_the_definitions_and_validate_clean(capsys):
    """``tools.make_versus_maps --check`` finds the committed maps up to date; ``tools.validate``
    finds no problem in them."""
    assert make_versus_maps.main(["--check"]) == 0
    assert validate.main([str(MAPS)]) == 0
    out = capsys.readouterr().out
    assert "swift.tmx: ok" in out and "sanctuary.tmx: ok" in out


def test_a_game_plays_on_the_map_read_from_tiled():
    """A whole game on the scenario read from Tiled (the engine takes its definitions)."""
    vs = load_versus_scenario("sanctuary")
    s = new_versus("sanctuary", None, 4, vs=vs)
    n = 0
    while s.result is None and n < 3000:
        apply(s, legal_actions(s)[-1] if s.pending.kind != "activate" else legal_actions(s)[-1], s.pending.seat)
        n += 1
    assert winner(s) in ("draw", "directorate", "syndicate")


def test_a_broken_versus_map_names_the_file_and_the_problem(tmp_path: Path):
    """Bad input: a versus map whose door stands on the border, or without a faction's start, is
    refused with the file and the place named."""
    text = (MAPS / "swift.tmx").read_text(encoding="utf-8")
    bad = text.replace('<property name="faction" value="syndicate"/>', '<property name="faction" value="directorate"/>')
    root = MAPS.parents[1]
    bad = bad.replace('"../../assets/', f'"{root}/assets/').replace('"../templates/', f'"{root}/maps/templates/')
    p = tmp_path / "bad.tmx"
    p.write_text(bad, encoding="utf-8")
    problems = validate_board(p)
    assert any("no start square of the syndicate" in e.problem for e in problems)
    with pytest.raises(MapError):
        load_versus_map(p)
