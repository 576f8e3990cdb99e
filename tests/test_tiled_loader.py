"""The Tiled loader (game/content/tiled.py): shipped maps and the ok/ test maps load to the
expected Board; conventions of docs/map-authoring.md; robustness against bad input."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content import tiled
from game.content.errors import ContentError, MapError
from game.content.tiled import load_board, read_objects, read_project, validate_board
from game.content.tiled_elements import ELEMENTS, ENUMS
from game.engine.board import Board, Colour, EdgeState, Geometry, edge_key

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
OK = ROOT / "tests" / "maps" / "ok"


def open_edges(board: Board):
    """Edge state with every door opened and barricade cleared."""

    def edge(a, b):
        f = board.features.get(edge_key(a, b))
        if f is not None:
            return EdgeState.DOOR_OPEN if f.kind is not EdgeState.ARCHWAY else f.kind
        return board.base_edge(a, b)

    return edge


# --- the Introduction ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def intro() -> Board:
    return load_board(MAPS / "intro.tmx")


def test_R_INTRO_1_intro_map_loads_to_expected_board(intro):
    """Warehouse Breakout: 5 green explored tiles, 14x10 squares, 5 closed doors, 1 archway,
    3 interior walls, 4 item A tokens, 5 zombies, both starts, one exit."""
    b = intro
    assert (b.name, b.width, b.height, b.source) == ("Warehouse Breakout", 14, 10, "maps/intro.tmx")
    assert set(b.tiles) == {"storeroom", "break_room", "warehouse", "loading_bay", "yard"}
    assert all(t.colour is Colour.GREEN and not t.unexplored and t.region == 0 for t in b.tiles.values())
    kinds = [f.kind for f in b.features.values()]
    assert kinds.count(EdgeState.DOOR_CLOSED) == 5 and kinds.count(EdgeState.ARCHWAY) == 1
    assert len(kinds) == 6 and all(f.lock is None and f.one_way_from is None for f in b.features.values())
    assert len(b.walls) == 7  # three wall polylines covering 3 + 2 + 2 unit edges
    items = b.placements_of("item")
    assert len(items) == 4 and {p.get("letter") for p in items} == {"A"}
    enemies = b.placements_of("enemy")
    assert len(enemies) == 5 and {p.get("enemy") for p in enemies} == {"zombie"}
    assert b.start == {1: (1, 2), 2: (1, 7)}
    assert b.exits == [(13, 8)]
    assert b.stairs == ()
    assert sum(len(t.squares) for t in b.tiles.values()) == 140 == len(b.square_tile)


def test_R_INTRO_2_intro_design_constraints(intro):
    """Starts on different tiles; no zombie within 2 squares of a start; 1-2 spawn points per
    tile; the exit on the far side; every door joins two different tiles (R-COMP-3)."""
    b = intro
    assert b.tile_of(b.start[1]).id != b.tile_of(b.start[2]).id
    for p in b.placements_of("enemy"):
        for s in b.start.values():
            assert Geometry.dR_sq(p.square, s) > 2, (p, s)
    for t in b.tiles.values():
        assert 1 <= len(t.spawn_points) <= 2, t.id
        assert all(b.square_tile[s] == t.id for s in t.spawn_points)
    spawn_squares = [p.square for p in b.placements_of("spawn")]
    assert sorted(spawn_squares) == sorted(s for t in b.tiles.values() for s in t.spawn_points)
    (ex,) = b.exits
    assert all(ex[0] - s[0] >= b.width // 2 for s in b.start.values())
    for (a, c) in b.features:
        assert b.square_tile[a] != b.square_tile[c]
    # interior walls lie inside one tile
    for (a, c) in b.walls:
        assert b.square_tile[a] == b.square_tile[c]


def test_R_INTRO_6_intro_exit_reachable_in_a_few_turns(intro):
    """With the doors opened, each start is 10-20 steps from the exit (4 actions a turn: the
    walk alone is 3-5 turns; fights and searches make it roughly 6-12)."""
    g = Geometry(intro, open_edges(intro))
    (ex,) = intro.exits
    for s in intro.start.values():
        d = g.dW(s, ex)
        assert 10 <= d <= 20, (s, d)


def test_R_INTRO_6_intro_is_winnable_by_the_bot():
    """The fair bot (game/ai) wins most seeded 2-survivor games in 4-12 turns per survivor."""
    bot_mod = pytest.importorskip("game.ai.bot")
    from game.content.loader import load_scenario
    from game.engine import apply, new_game

    scn = load_scenario("intro")
    wins, turns = 0, []
    for seed in range(1, 5):
        s = new_game(scn, [("vera", 1), ("mateo", 2)], seed)
        bot = bot_mod.Bot(seed)
        for _ in range(20000):
            if s.over:
                break
            apply(s, bot.choose(s))
        if s.result == "success":
            wins += 1
            turns.append(s.turn / 2)
    assert wins >= 3, wins
    assert 4 <= sum(turns) / len(turns) <= 12, turns


def test_test_small_map():
    b = load_board(MAPS / "test_small.tmx")
    assert set(b.tiles) == {"a", "b"}
    assert b.tiles["b"].colour is Colour.AMBER and b.tiles["b"].unexplored
    assert b.tiles["a"].colour is Colour.GREEN and not b.tiles["a"].unexplored
    assert b.walls == frozenset({((1, 0), (1, 1))})
    assert list(b.features) == [((1, 1), (2, 1))]
    assert b.tiles["b"].spawn_points == ((3, 0),)
    assert [(p.kind, p.square) for p in b.placements] == [("exit", (3, 1)), ("spawn", (3, 0)),
                                                            ("enemy", (2, 2)), ("item", (1, 2))]
    assert b.placements[0].source == "maps/test_small.tmx object 7"


# --- every element ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def every() -> Board:
    return load_board(OK / "all_elements.tmx")


def test_R_COMP_1_L_shaped_tile_from_two_rectangles(every):
    assert every.tiles["hall"].squares == frozenset({(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2),
                                                     (1, 3), (2, 2), (2, 3)})
    assert list(every.tiles) == ["hall", "office", "store", "garden", "roof"]


def test_R_EXPLORE_1_colours_and_unexplored_flags(every):
    t = every.tiles
    assert (t["office"].colour, t["office"].unexplored) == (Colour.YELLOW, True)
    assert (t["store"].colour, t["store"].unexplored) == (Colour.RED, True)
    assert (t["garden"].colour, t["garden"].unexplored) == (Colour.AMBER, False)
    assert (t["hall"].colour, t["hall"].unexplored) == (Colour.GREEN, False)


def test_R_COMP_2_regions_and_R_STAIR_1_stairwell_pair(every):
    assert every.tiles["roof"].region == 1 and every.tiles["hall"].region == 0
    assert every.stairs == (((1, 3), (7, 3)),)
    assert every.stair_partner((7, 3)) == (1, 3)


def test_R_WALL_1_polyline_and_zero_width_rectangle_walls(every):
    assert every.walls == frozenset({((0, 1), (0, 2)), ((0, 3), (1, 3))})


def test_R_DOOR_5_to_9_doors_archway_barricade(every):
    f = every.features
    locked = f[((1, 0), (2, 0))]
    assert (locked.kind, locked.lock, locked.one_way_from) == (EdgeState.DOOR_CLOSED, "office", None)
    one_way = f[((3, 1), (4, 1))]
    assert (one_way.kind, one_way.lock, one_way.one_way_from) == (EdgeState.DOOR_CLOSED, None, (4, 1))
    assert f[((3, 1), (3, 2))].kind is EdgeState.DOOR_OPEN
    assert f[((2, 2), (3, 2))].kind is EdgeState.ARCHWAY
    assert f[((5, 1), (5, 2))].kind is EdgeState.BARRICADE
    assert locked.source == "tests/maps/ok/all_elements.tmx object 9"


def test_R_SCEN_1_every_placement_kind_with_its_fields(every):
    got = {(p.kind, p.square, p.props) for p in every.placements}
    assert got == {
        ("exit", (7, 0), ()), ("item", (0, 1), (("letter", "B"),)),
        ("enemy", (5, 3), (("enemy", "crawler"),)), ("enemy", (5, 3), (("enemy", "zombie_dog"),)),
        ("enemy", (5, 3), (("enemy", "zombie"),)), ("spawn", (5, 1), ()), ("spawn", (4, 0), ()),
        ("fire", (3, 3), ()), ("corpse", (4, 3), ()), ("barrel", (4, 2), ()), ("typewriter", (1, 2), ()),
        ("item_box", (0, 3), ()), ("narrative", (2, 1), ()), ("fixed_narrative", (3, 1), (("label", "radio"),)),
        ("progression", (4, 1), (("label", "P-DT2"),)), ("objective", (2, 3), (("label", ""),)),
        ("boss_start", (7, 1), (("boss", "stalker_two"),)),
    }
    # placements come in object-id order; the note object is ignored
    ids = [int(p.source.rsplit(" ", 1)[1]) for p in every.placements]
    assert ids == sorted(ids) and 38 not in ids
    assert every.start == {1: (0, 0), 2: (1, 0)}


def test_R_COMP_5_spawn_points_ordered_by_object_id(every):
    assert every.tiles["store"].spawn_points == ((5, 1), (4, 0))


# --- formats ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["enc_base64.tmx", "enc_zlib.tmx", "enc_gzip.tmx"])
def test_layer_encodings_load_like_csv(name):
    ref = load_board(OK / "enc_base64.tmx")
    b = load_board(OK / name)
    assert set(b.tiles) == {"a", "b"} and b.exits == [(3, 1)] and b.start == {1: (0, 0), 2: (0, 1)}
    assert b.features.keys() == ref.features.keys()


def test_template_external_tsx_flipped_cells_and_tiled19_class():
    """A map with .tx templates (a board tile too), the external .tsx, flipped/rotated cells,
    Tiled 1.9 class= attributes, an enum stored as an index, a rotated rectangle token and a
    flipped tile object loads."""
    path = OK / "tiled19_templates_flips.tmx"
    text = path.read_text()
    assert 'template="' in text and 'source="../../../assets/tiles/dreadboard.tsx"' in text and 'class="' in text
    b = load_board(path)
    assert b.tiles["a"].squares == frozenset({(0, 0), (1, 0), (0, 1), (1, 1)})  # from board_tile.tx, 128x128
    assert b.tiles["b"].colour is Colour.RED and b.tiles["b"].unexplored  # colour stored as index 3
    door = b.features[((1, 0), (2, 0))]
    assert (door.kind, door.lock) == (EdgeState.DOOR_CLOSED, "gate")
    assert b.start == {1: (0, 0), 2: (0, 1)} and b.exits == [(3, 1)]
    assert [(p.kind, p.square) for p in b.placements] == [("exit", (3, 1)), ("item", (2, 0)), ("enemy", (3, 0)),
                                                            ("spawn", (2, 1))]
    # pytmx saw the flipped cells (flags kept apart from the gid)
    import pytmx

    tm = pytmx.TiledMap(str(path))
    flags = [f for (_, f) in tm.imagemap if not isinstance(f, int)]
    assert any(f.flipped_horizontally for f in flags) and any(f.flipped_diagonally for f in flags)


def test_read_objects_resolves_templates():
    objs = {o.id: o for o in read_objects(OK / "tiled19_templates_flips.tmx")}
    assert (objs[1].element, objs[1].shape, objs[1].width, objs[1].name) == ("board_tile", "rectangle", 128, "a")
    assert (objs[3].element, objs[3].shape) == ("door", "point")
    assert objs[3].properties["lock"].value == "gate"
    assert objs[2].element == "board_tile"  # class= attribute
    assert objs[15].shape == "tile"


# --- project file: defaults and enums ----------------------------------------------------------
def test_project_defaults_match_element_table():
    """Defaults live in the project file; it agrees with game/content/tiled_elements.py."""
    p = read_project()
    for el in ELEMENTS.values():
        assert p.defaults[el.name] == {f.name: f.default for f in el.fields}, el.name
    assert p.enums == ENUMS


def test_generated_project_templates_are_current():
    from tools import make_tiled_project

    for path, text in make_tiled_project.outputs().items():
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: run python -m tools.make_tiled_project"
    assert {p.stem for p in (MAPS / "templates").glob("*.tx")} == set(ELEMENTS)


def test_defaults_are_merged_from_the_project_file(tmp_path):
    """Tiled stores only changed values: an enemy with no property takes the project default."""
    doc = json.loads((MAPS / "dreadboard.tiled-project").read_text())
    for t in doc["propertyTypes"]:
        if t["name"] == "enemy" and t["type"] == "class":
            t["members"][0]["value"] = "zombie_dog"
    del doc["objectTypesFile"]
    proj = tmp_path / "p.tiled-project"
    proj.write_text(json.dumps(doc))
    b = load_board(MAPS / "test_small.tmx", project=proj)
    assert [p.get("enemy") for p in b.placements_of("enemy")] == ["zombie_dog"]
    assert [p.get("enemy") for p in load_board(MAPS / "test_small.tmx").placements_of("enemy")] == ["zombie"]


def test_project_and_object_types_file_must_agree(tmp_path):
    doc = json.loads((MAPS / "dreadboard.tiled-project").read_text())
    for t in doc["propertyTypes"]:
        if t["name"] == "item" and t["type"] == "class":
            t["members"][0]["value"] = "B"
    shutil.copy(MAPS / "dreadboard-objecttypes.xml", tmp_path / "dreadboard-objecttypes.xml")
    proj = tmp_path / "p.tiled-project"
    proj.write_text(json.dumps(doc))
    errs = validate_board(MAPS / "test_small.tmx", project=proj)
    assert len(errs) == 1 and "dreadboard-objecttypes.xml" in errs[0].file and "'letter'" in errs[0].problem


def test_broken_project_file_is_a_map_error(tmp_path):
    proj = tmp_path / "bad.tiled-project"
    proj.write_text("{ not json")
    with pytest.raises(MapError) as ei:
        load_board(MAPS / "test_small.tmx", project=proj)
    assert ei.value.file.endswith("bad.tiled-project") and ei.value.where == "line 1"
    proj.write_text(json.dumps({"propertyTypes": [{"name": "lock", "type": "enum", "values": ["", "vault"]}]}))
    with pytest.raises(MapError, match="vault"):
        load_board(MAPS / "test_small.tmx", project=proj)


# --- errors and robustness ---------------------------------------------------------------------
def test_map_error_format_names_file_where_problem_hint():
    e = MapError("maps/x.tmx", "object 12 (door) at square (3, 4)",
                 "the door is not between two squares of different tiles.",
                 "place the door's point on the grid line between two tiles.")
    assert isinstance(e, ContentError)
    assert str(e) == ("maps/x.tmx: object 12 (door) at square (3, 4): the door is not between two squares of "
                      "different tiles. Hint: place the door's point on the grid line between two tiles.")


def test_missing_file_is_a_map_error(tmp_path):
    with pytest.raises(MapError, match="file not found"):
        load_board(tmp_path / "nope.tmx")


def test_every_accepted_map_is_read_by_pytmx_with_the_same_cells():
    """The loader unpacks tile layers itself (bounded); pytmx, which draws the floor, reads every
    map the loader accepts (shipped and test maps, .tmx) from the same parsed tree, cell for cell."""
    import pytmx

    from game.content.tiled import pytmx_map

    for path in sorted(MAPS.glob("*.tmx")) + sorted(OK.glob("*.tmx")):
        load_board(path)
        tm = pytmx_map(path)
        ref = pytmx.TiledMap(str(path))
        assert (tm.width, tm.height) == (ref.width, ref.height), path
        for a, b in zip(tm.visible_layers, ref.visible_layers):
            if isinstance(a, pytmx.TiledTileLayer):
                assert [tm.tiledgidmap.get(g, 0) for _, _, g in a.iter_data()] == \
                       [ref.tiledgidmap.get(g, 0) for _, _, g in b.iter_data()], path


def test_loader_needs_no_display():
    """Maps load without a display: pygame's display is never initialised, images stay names."""
    load_board(MAPS / "intro.tmx")
    if "pygame" in sys.modules:
        assert not sys.modules["pygame"].display.get_init()


_BASE = (MAPS / "test_small.tmx").read_bytes().replace(
    b'source="../assets/tiles/dreadboard.tsx"', b'source="' + str(ROOT / "assets/tiles/dreadboard.tsx").encode() + b'"')


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(_BASE) - 1), st.integers(0, 12),
                          st.binary(max_size=8) | st.sampled_from([b'"', b"<", b">", b"0", b"-1", b"zstd", b"x"])),
                min_size=1, max_size=4))
def test_no_traceback_for_damaged_maps(tmp_path, edits):
    """Random damage to a valid map gives MapErrors (or a Board), never another exception."""
    data = bytearray(_BASE)
    for pos, cut, new in edits:
        data[pos:pos + cut] = new
    p = tmp_path / "fuzz.tmx"
    p.write_bytes(bytes(data))
    problems = validate_board(p)
    assert all(isinstance(e, MapError) for e in problems)
    assert all(e.file.endswith(("fuzz.tmx", ".tsx", ".tx", ".tiled-project")) for e in problems)
    try:
        b = load_board(p)
    except MapError:
        assert problems
    else:
        assert not problems and isinstance(b, Board)


def test_board_source_strings_name_the_object():
    b = load_board(MAPS / "intro.tmx")
    objs = {o.id: o for o in read_objects(MAPS / "intro.tmx")}
    for p in b.placements:
        oid = int(p.source.rsplit(" ", 1)[1])
        assert objs[oid].element == p.kind
    for f in b.features.values():
        assert objs[int(f.source.rsplit(" ", 1)[1])].element in ("door", "archway", "barricade")
    assert tiled.rel(MAPS / "intro.tmx") == "maps/intro.tmx"


def test_docs_walkthrough_map_matches_the_walkthrough():
    """docs/map-authoring.md builds tests/maps/ok/walkthrough.tmx: three tiles, a locked door
    (R-DOOR-5), a barricade (R-BARR-1) and a stairwell pair joining region 1 (R-STAIR-1)."""
    b = load_board(OK / "walkthrough.tmx")
    assert [(t.id, t.colour.value, t.region, t.unexplored) for t in b.tiles.values()] == [
        ("shop", "green", 0, False), ("stockroom", "yellow", 0, True), ("roof", "amber", 1, False)]
    assert b.features[((3, 1), (4, 1))].lock == "storeroom"
    assert b.features[((3, 3), (4, 3))].kind is EdgeState.BARRICADE
    assert b.stairs == (((6, 0), (8, 2)),)
    assert b.walls == frozenset({((1, 0), (2, 0)), ((1, 1), (2, 1))})
    assert b.start == {1: (0, 3), 2: (1, 3)} and b.exits == [(10, 0)]
    assert [p.get("enemy") for p in b.placements_of("enemy")] == ["zombie_dog"]


def test_docs_reference_table_lists_every_element_and_field():
    doc = (ROOT / "docs" / "map-authoring.md").read_text()
    for el in ELEMENTS.values():
        assert f"| `{el.name}` |" in doc, el.name
        for f in el.fields:
            assert f"`{f.name}`" in doc, (el.name, f.name)
    for name, values in ENUMS.items():
        for v in values:
            assert v in doc, (name, v)


def test_tile_objects_inherit_their_tiles_class_and_fields():
    """A tile object with no type takes its tile's type and the tile's properties that are
    fields of that element (Tiled semantics); its own properties win."""
    b = load_board(OK / "tile_objects.tmx")
    assert [(p.square, p.get("enemy")) for p in b.placements_of("enemy")] == [((3, 0), "crawler"), ((2, 0), "zombie")]
