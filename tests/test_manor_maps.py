"""Hollowmere Manor's maps and briefs (issue 14, mansion.md MDV-4): the Grand Hall Introduction and
the 12 manor scenarios as Tiled maps (maps/manor/m_*.tmx, generated from maps/manor/layouts by
tools/make_manor_maps.py) with briefs (scenarios/manor/m_*.yaml), painted with the manor tileset.

What the mansion rules read from a map (docs: /work/mansion-contract.md): Item C tokens per card
(MDV-4/MDV-5), scenario event tokens (`fixed_narrative` + label, M-EVENT-2) matching the brief's
fixed events, event-card tokens (`narrative`, M-EVENT-3), the mission token (M-MISSION-1), the
bosses (MDV-10); plus every core structure (starts, exits, stairwell pairs, boss arena)."""
from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
import yaml

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.content.loader import load_content  # noqa: E402
from game.content.tiled import load_board, validate_board  # noqa: E402
from game.engine.defs import ScenarioDef  # noqa: E402
from game.engine.scenario import Scenario  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps" / "manor"
BRIEFS = ROOT / "scenarios" / "manor"
IDS = ["m_gh", "m_w1a", "m_e1a", "m_w2a", "m_e2a", "m_bsmt", "m_w1b", "m_e1b", "m_w2b", "m_e2b", "m_cy", "m_gd", "m_lab4"]
# MDV-4: tier and Item C tokens of each card; the finale is tier 4 like the city's (DV-16/DV-21)
TIER = {"m_gh": 0, "m_w1a": 1, "m_e1a": 1, "m_w2a": 1, "m_e2a": 1, "m_bsmt": 2, "m_w1b": 2, "m_e1b": 2, "m_w2b": 2,
        "m_e2b": 2, "m_cy": 3, "m_gd": 3, "m_lab4": 4}
ITEM_C = {"m_w1a": 1, "m_e1a": 1, "m_w2a": 1, "m_e2a": 1, "m_bsmt": 1, "m_w1b": 1, "m_cy": 1, "m_gd": 1}
BOSS = {"m_cy": "great_serpent", "m_lab4": "apex_prototype"}  # MDV-10
FIXED = {"m_e1b": ["RESCUE"], "m_e2b": ["RESCUE", "MISSION"]}  # MDV-4 fixed events
MISSION_TOKENS = {"m_w2b": 1}  # MDV-4: 2F West B carries a mission token


def brief(sid: str) -> ScenarioDef:
    return ScenarioDef.model_validate(yaml.safe_load((BRIEFS / f"{sid}.yaml").read_text(encoding="utf-8")))


def board(sid: str):
    return load_board(MAPS / f"{sid}.tmx")


def kinds(b, kind: str) -> list:
    return [p for p in b.placements if p.kind == kind]


def test_the_thirteen_maps_layouts_and_briefs_exist_and_nothing_else():
    assert sorted(p.stem for p in MAPS.glob("*.tmx")) == sorted(IDS)
    assert sorted(p.stem for p in (MAPS / "layouts").glob("*.yaml")) == sorted(IDS)
    assert sorted(p.stem for p in BRIEFS.glob("*.yaml")) == sorted(IDS)


@pytest.mark.parametrize("sid", IDS)
def test_each_map_loads_and_validates_and_matches_its_layout(sid):
    """The committed map is what the generator writes from its layout, and the validator finds
    nothing (R-COMP-*, R-SCEN-5/6, reachability)."""
    from tools.make_manor_maps import build

    path = MAPS / f"{sid}.tmx"
    assert validate_board(path) == []
    assert build(MAPS / "layouts" / f"{sid}.yaml") == path.read_text(encoding="utf-8"), \
        f"{path} is stale: run python -m tools.make_manor_maps {sid}"


@pytest.mark.parametrize("sid", IDS)
def test_MDV_4_each_brief_names_its_map_tier_and_texts(sid):
    """A brief per card: its id is the file name, its map is maps/manor/<id>.tmx, its tier is
    MDV-4's, and it has a name, a short intro (description) and a goal (objective_text)."""
    b = brief(sid)
    assert b.id == sid and b.map == f"maps/manor/{sid}.tmx"
    assert b.tier == TIER[sid]
    assert b.name and 60 <= len(b.description) <= 600 and 60 <= len(b.objective_text) <= 600
    assert not b.narrative_deck  # event-card tokens draw the mansion scenario event deck (M-EVENT-3)
    assert b.item_c == []  # the campaign stacks the Item C deck (M-ITEMC-6)


def test_M_INTRO_1_the_grand_hall_is_an_introduction():
    """M-INTRO-1 / R-INTRO-2..7: all tiles green and explored, its own Item A and tension lists,
    the tension deck reshuffles; no Item C, event, mission token or boss."""
    b, bd = brief("m_gh"), board("m_gh")
    assert b.intro and b.tension_reshuffle and b.ignore_symbols and not b.use_danger
    assert sorted(b.item_a) == ["green_herb", "green_herb", "handgun_ammo", "handgun_ammo"]
    assert len(b.tension) == 18
    assert all(t.colour.value == "green" and not t.unexplored for t in bd.tiles.values())
    for k in ("narrative", "fixed_narrative", "mission", "boss_start", "progression"):
        assert kinds(bd, k) == [], k
    assert all(p.get("letter") == "A" for p in kinds(bd, "item")) and len(kinds(bd, "item")) == 4
    assert kinds(bd, "enemy")


@pytest.mark.parametrize("sid", IDS)
def test_MDV_4_item_c_tokens_bosses_events_and_mission_tokens(sid):
    """MDV-4/MDV-5: exactly the card's Item C tokens and no progression token (M-ITEMC-5); the
    MDV-10 boss on its two cards only; a scenario event token for each fixed event and the other
    way round (M-EVENT-2) with the MDV-4 effects; the mission token on 2F West B only."""
    b, bd = brief(sid), board(sid)
    assert sum(1 for p in kinds(bd, "item") if p.get("letter") == "C") == ITEM_C.get(sid, 0)
    assert kinds(bd, "progression") == []
    assert [p.get("boss") for p in kinds(bd, "boss_start")] == ([BOSS[sid]] if sid in BOSS else [])
    assert (b.objective == "kill_boss") == (sid in BOSS)
    labels = Counter(str(p.get("label")) for p in kinds(bd, "fixed_narrative"))
    assert labels == Counter(list(b.fixed_events)), "each fixed event has exactly one token and each token an event"
    assert [op.op for fx in b.fixed_events.values() for op in fx.effect] == FIXED.get(sid, [])
    assert len(kinds(bd, "mission")) == MISSION_TOKENS.get(sid, 0)
    if sid != "m_gh":
        assert 1 <= len(kinds(bd, "narrative")) <= 2  # event-card tokens (M-EVENT-3)


def test_MDV_4_item_c_tokens_total_eight_one_per_card():
    """MDV-5: eight Item C cards, one token each over the twelve scenarios."""
    assert sum(sum(1 for p in kinds(board(s), "item") if p.get("letter") == "C") for s in IDS) == 8


@pytest.mark.parametrize("sid", IDS)
def test_core_structure_starts_exits_stairs_typewriter_and_tiles(sid):
    """R-SCEN-5/6, R-STAIR, R-INK-3, R-EXPLORE-2/4: both starts on one green tile; an exit on
    every map but the boss arenas; stairwells pair up and join another region; campaign maps have a
    typewriter and an item box and unexplored tiles of the danger colours; 4-10 board tiles."""
    bd, b = board(sid), brief(sid)
    start_tiles = {bd.square_tile[bd.start[1]], bd.square_tile[bd.start[2]]}
    assert len(start_tiles) == 1 and bd.tiles[start_tiles.pop()].colour.value == "green"
    assert bool(bd.exits) == (sid not in BOSS)
    for a, c in bd.stairs:
        assert bd.tiles[bd.square_tile[a]].region != bd.tiles[bd.square_tile[c]].region
    assert 4 <= len(bd.tiles) <= 10
    if not b.intro:
        assert kinds(bd, "typewriter") and kinds(bd, "item_box")
        want = {"yellow"} if sid in BOSS else {"yellow", "amber"}  # boss maps: yellow approaches, a red arena
        assert {t.colour.value for t in bd.tiles.values() if t.unexplored} >= want


@pytest.mark.parametrize("sid", sorted(BOSS))
def test_R_BOSS_arena_explored_and_entered_from_an_approach(sid):
    """Boss arenas (R-BOSS-8, map-authoring tips): the boss tile is explored (no encounter on top
    of the fight), has spawn points, and the starts lie on another tile joined to the approach."""
    bd = board(sid)
    tile = bd.square_tile[kinds(bd, "boss_start")[0].square]
    assert not bd.tiles[tile].unexplored and bd.tiles[tile].colour.value == "red"
    assert any(bd.square_tile[p.square] == tile for p in kinds(bd, "spawn"))
    assert bd.square_tile[bd.start[1]] != tile
    assert any(p.get("letter") == "C" for p in kinds(bd, "item")) == (sid in ITEM_C)
    for p in kinds(bd, "item"):  # Item C is searchable before the arena locks the survivors in
        if p.get("letter") == "C":
            assert bd.square_tile[p.square] != tile


def test_R_SCEN_4_objectives_differ_between_scenarios():
    """Every scenario's goal is its own: no two briefs share objective kind, markers and actions,
    every kind is used, and every scenario action stands on an objective token of its map whose
    label it names (R-SCEN-4), with its objective item in the Item B list."""
    seen = {}
    for sid in IDS:
        b, bd = brief(sid), board(sid)
        sig = (b.objective, tuple(b.objective_markers), tuple(a.id for a in b.scenario_actions),
               tuple(str(p.get("boss")) for p in kinds(bd, "boss_start")), tuple(b.fixed_events), b.intro)
        assert sig not in seen.values(), (sid, sig)
        seen[sid] = sig
        labels = {str(p.get("label")) for p in kinds(bd, "objective")}
        set_markers = {a.marker for a in b.scenario_actions}
        assert set(b.objective_markers) <= set_markers
        for a in b.scenario_actions:
            assert a.at == "objective" and a.at_label in labels, (sid, a.id)
            assert a.item is None or a.item in b.item_b, (sid, a.item)
            assert set(a.needs_markers) <= set_markers
        assert labels == {a.at_label for a in b.scenario_actions}, sid  # no stray objective token
    assert {s[0] for s in seen.values()} == {"all_exit", "kill_boss", "markers", "markers_and_exit"}
    assert len({brief(s).name for s in IDS}) == len(IDS)


def test_names_are_our_own_and_not_the_citys():
    city = {yaml.safe_load(p.read_text())["name"] for p in (ROOT / "scenarios").glob("*.yaml")}
    for sid in IDS:
        assert brief(sid).name not in city


@pytest.mark.parametrize("sid", IDS)
def test_DV_18_locked_doors_have_keys_and_every_item_b_card_has_a_token(sid):
    bd, b = board(sid), brief(sid)
    ct = load_content()
    keys = {lock for it in b.item_b for lock in (ct.items[it].key_for or [])}
    for f in bd.features.values():
        if f.lock:
            assert f.lock in keys, (sid, f.lock)
    assert sum(1 for p in kinds(bd, "item") if p.get("letter") == "B") >= len(b.item_b)
    for it in b.item_a + b.item_b + b.rare_item_a:
        assert it in ct.items, it


# --- the look: the manor tileset -------------------------------------------------------------
def test_manor_maps_use_only_the_manor_tileset_and_mark_each_tile_with_its_colour():
    """A look of its own: every manor map paints with assets/tiles/manor.tsx (not the city's), and
    each board tile's top-left square carries the colour mark of its danger colour (R-EXPLORE-2)."""
    tsx = ET.parse(ROOT / "assets/tiles/manor.tsx").getroot()
    marks = {int(t.get("id")): {p.get("name"): p.get("value") for p in t.iter("property")} for t in tsx.iter("tile")}
    for sid in IDS:
        root = ET.parse(MAPS / f"{sid}.tmx").getroot()
        sets = [t.get("source") for t in root.iter("tileset")]
        assert sets == ["../../assets/tiles/manor.tsx"], sid
        w = int(root.get("width"))
        cells = [int(v) for v in root.find("layer/data").text.replace("\n", "").split(",")]
        bd = board(sid)
        for tid, tile in bd.tiles.items():
            x, y = min((s for s, t in bd.square_tile.items() if t == tid), key=lambda s: (s[1], s[0]))
            assert marks[cells[y * w + x] - 1]["mark"] == tile.colour.value, (sid, tid)
        for (x, y) in bd.square_tile:
            assert marks[cells[y * w + x] - 1]["floor"] not in ("void", "wall"), (sid, x, y)


def test_committed_manor_tileset_matches_its_generator():
    import pygame

    from tools import make_manor_tileset as mt

    sheet, meta = mt.build()
    committed = pygame.image.load(str(ROOT / "assets/tiles/manor.png"))
    a, b = pygame.image.tobytes(sheet, "RGB"), pygame.image.tobytes(committed, "RGB")
    differ = sum(abs(x - y) > 40 for x, y in zip(a, b))
    assert len(a) == len(b) and differ < len(a) // 100, "assets/tiles/manor.png is stale: python -m tools.make_manor_tileset"
    assert mt.tsx_text(meta) == (ROOT / "assets/tiles/manor.tsx").read_text()


def test_manor_floors_are_dark_and_differ_from_the_citys():
    """Survival-horror gloom (mean grey under 95 for every floor) and a look of its own: no manor
    floor equals a city floor."""
    import pygame

    from tools import make_manor_tileset as mt

    manor = pygame.image.load(str(ROOT / "assets/tiles/manor.png"))
    city = pygame.image.load(str(ROOT / "assets/tiles/dreadboard.png"))

    def grey(s, col, row):
        cell = s.subsurface((col * 64, row * 64, 64, 64))
        return [sum(cell.get_at((x, y))[:3]) // 3 for y in range(0, 64, 2) for x in range(0, 64, 2)]

    def rgb(s, col, row):
        cell = s.subsurface((col * 64, row * 64, 64, 64))
        return [cell.get_at((x, y))[:3] for y in range(64) for x in range(64)]

    city_floors = [rgb(city, c, 0) for c in range(5)]
    for col in range(len(mt.FLOORS)):
        g = grey(manor, col, 0)
        assert sum(g) / len(g) < 95, mt.FLOORS[col]
        mine = rgb(manor, col, 0)
        for cf in city_floors:  # a clear mean difference per channel from every city floor
            assert sum(abs(a - b) for p, q in zip(mine, cf) for a, b in zip(p, q)) / (3 * len(mine)) > 8


def test_layout_errors_name_the_file_and_the_line(tmp_path):
    from tools.make_city_maps import LayoutError
    from tools.make_manor_maps import build

    bad = tmp_path / "bad.yaml"
    bad.write_text("title: X\ngrid: ['aa?']\ntiles: {a: {name: a}}\n")
    with pytest.raises(LayoutError, match=r"bad.yaml: grid row 0: '\?'"):
        build(bad)
    bad.write_text("title: X\ngrid: ['aa']\ntiles: {a: {name: a, floor: lino}}\n")
    with pytest.raises(LayoutError, match="bad.yaml: tile 'a': floor 'lino'"):
        build(bad)
    bad.write_text("title: X\ngrid: ['aa']\ntiles: {a: {name: a}}\ntokens: ['start 0;0']\n")
    with pytest.raises(LayoutError, match="bad.yaml: 'start 0;0'"):
        build(bad)


# --- played: the board draws it, the bot finishes it ----------------------------------------
def core_scenario(sid: str, ct) -> Scenario:
    """The brief played with the city rules (core), mansion-only keywords left out: a stand-in until
    the mansion rule set plays these briefs itself."""
    d = yaml.safe_load((BRIEFS / f"{sid}.yaml").read_text(encoding="utf-8"))
    for fx in (d.get("fixed_events") or {}).values():
        fx["effect"] = [o for o in fx.get("effect", []) if o["op"] not in ("RESCUE", "MISSION")]
    b = ScenarioDef.model_validate(d)
    return Scenario(brief=b, board=load_board(ROOT / b.map), content=ct)


def test_the_board_draws_the_manor_floor_and_its_walls(tmp_path, display):
    """The play screen paints the manor tileset: a square shows its manor floor, and a wall cell
    between rooms (no square) shows the panelling instead of the empty background."""
    import pygame

    from game.engine import new_game
    from game.ui import theme as T
    from game.ui.render import screenshot_board
    from tools.make_manor_tileset import gid

    s = new_game(core_scenario("m_w1a", load_content()), [("vera", 1), ("mateo", 2)], 1)
    view = screenshot_board(s, tmp_path / "shot.png")
    img = pygame.image.load(str(tmp_path / "shot.png"))
    sheet = pygame.image.load(str(ROOT / "assets/tiles/manor.png"))

    def mean(surf, rect):
        px = [surf.get_at((x, y))[:3] for x in range(rect.left, rect.right, 3) for y in range(rect.top, rect.bottom, 3)]
        return tuple(sum(p[i] for p in px) // len(px) for i in range(3))

    def tile_mean(g):
        i = g - 1
        return mean(sheet, pygame.Rect((i % 8) * 64 + 8, (i // 8) * 64 + 8, 48, 48))

    lay = view.layout
    r = lay.square_rect((6, 4)).inflate(-lay.sq // 3, -lay.sq // 3)  # a panelling cell: no square there
    assert (6, 4) not in s.scenario.board.square_tile
    got, want = mean(img, r), tile_mean(gid("panelling"))
    assert got != T.BG2 and all(abs(a - b) < 30 for a, b in zip(got, want)), (got, want)
    r = lay.square_rect((1, 5)).inflate(-lay.sq // 3, -lay.sq // 3)  # West Corridor: carpet, explored
    got, want = mean(img, r), tile_mean(gid("carpet"))
    assert all(abs(a - b) < 30 for a, b in zip(got, want)), (got, want)


@pytest.mark.parametrize("sid", [s for s in IDS if s not in BOSS])
def test_R_SCEN_8_the_bot_plays_each_manor_scenario_to_an_end_with_the_city_rules(sid):
    """R-SCEN-8: a seeded bot game on each non-boss manor map, under the core rules, ends in success
    or failure: the objectives can be carried out (tokens reachable, actions available)."""
    from game.ai.bot import Bot
    from game.engine import apply, new_game

    s = new_game(core_scenario(sid, load_content()), [("vera", 1), ("mateo", 2)], 3)
    bot, steps = Bot(3), 0
    while not s.over and steps < 20000:
        apply(s, bot.choose(s))
        steps += 1
    assert s.over and s.result in ("success", "failure")


def test_manor_art_exists_for_characters_bosses_and_the_mission_token():
    """MDV-1/2 portraits, MDV-10 boss pictures and the mission token are committed PNGs drawn by
    tools/make_manor_art.py, at the sizes of the city's."""
    import pygame

    from tools import make_manor_art as ma

    names = set(ma.catalogue())
    assert {f"portrait_{c}" for c in ("dana", "marcus", "bram", "ivy", "theo", "lyle", "victor")} <= names
    assert {"enemy_great_serpent", "enemy_apex_prototype", "tok_mission"} <= names
    for n in names:
        img = pygame.image.load(str(ROOT / "assets/sprites" / f"{n}.png"))
        assert img.get_size() == ((64, 64) if n.startswith("tok_") else (128, 128)), n
        drawn = ma.catalogue()[n]()
        a, b = pygame.image.tobytes(drawn, "RGBA"), pygame.image.tobytes(img, "RGBA")
        assert sum(abs(x - y) > 40 for x, y in zip(a, b)) < len(a) // 100, f"{n}.png is stale: python -m tools.make_manor_art"


def test_portraits_tell_characters_apart_without_colour():
    """Never by colour alone: in greyscale every pair of mansion portraits differs in many pixels."""
    import pygame

    names = [f"portrait_{c}" for c in ("dana", "marcus", "bram", "ivy", "theo", "lyle", "victor")]
    greys = []
    for n in names:
        img = pygame.image.load(str(ROOT / "assets/sprites" / f"{n}.png"))
        greys.append([sum(img.get_at((x, y))[:3]) // 3 for y in range(0, 128, 2) for x in range(0, 128, 2)])
    for i in range(len(greys)):
        for j in range(i + 1, len(greys)):
            assert sum(abs(a - b) > 30 for a, b in zip(greys[i], greys[j])) > 400, (names[i], names[j])


@pytest.mark.parametrize("sid", sorted(BOSS))
def test_a_manor_boss_map_under_rules_without_its_boss_is_refused_naming_the_map_and_object(sid):
    """Bad input, clear error: playing a manor boss map with the city content (``--map``) names the
    map file, the boss_start object and what to do, instead of failing inside the engine."""
    from game.content.errors import ContentError
    from game.content.loader import load_scenario

    with pytest.raises(ContentError) as ex:
        load_scenario("intro", load_content(), map_path=MAPS / f"{sid}.tmx")
    text = str(ex.value)
    assert f"maps/manor/{sid}.tmx" in text and "object" in text and BOSS[sid] in text
    assert "burrower" in text and "stalker_two" in text  # the bosses these rules do have


CARDS = {"m_gh": "intro", "m_w1a": "W1A", "m_e1a": "E1A", "m_w2a": "W2A", "m_e2a": "E2A", "m_bsmt": "BSMT",
         "m_w1b": "W1B", "m_e1b": "E1B", "m_w2b": "W2B", "m_e2b": "E2B", "m_cy": "CY", "m_gd": "GD", "m_lab4": "LAB4"}


@pytest.mark.parametrize("sid", IDS)
def test_R_SCEN_8_each_manor_card_plays_to_an_end_with_the_mansion_rules(sid):
    """R-SCEN-8 with the mansion rule set: the pack's card (MDV-4) loads this brief and map (its
    Item C tokens checked against the pack), and a seeded bot game with two main characters ends
    in success or failure; the boss cards put their MDV-10 boss on the board."""
    from game.ai.modes import bot_for
    from game.content.mansion_pack import load_card_scenario, load_mansion_pack, mansion_content
    from game.engine import apply, new_game

    ct = mansion_content()
    scn = load_card_scenario(load_mansion_pack(ct), CARDS[sid], ct)
    assert scn.brief.id == sid and scn.brief.map == f"maps/manor/{sid}.tmx"
    s = new_game(scn, [("dana", 1), ("marcus", 2)], 5)
    if sid in BOSS:
        assert any(e.type == BOSS[sid] for e in s.enemies)
    bot, steps = bot_for(s, 5), 0
    while not s.over and steps < 20000:
        apply(s, bot.choose(s))
        steps += 1
    assert s.over and s.result in ("success", "failure")
