"""Content files: validated by the models, errors name file, line and id; saves are safe."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.content.loader import DATA, load_content
from game.content.saves import atomic_write_text, load_game, save_game
from tests.kit import board, content, game, scenario

ROOT = Path(__file__).resolve().parents[1]


def broken_copy(tmp_path, name, old, new):
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    p = d / name
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return d


def test_R_CHAR_1_and_DV_8_four_survivors_with_profiles():
    ct = content()
    assert set(ct.characters) == {"vera", "mateo", "anton", "grigor"}
    v = ct.characters["vera"]
    assert (v.evade_dice, v.inventory_limit, v.starting_items) == (3, 6, ["knife", "handgun", "lock_pick"])
    assert ct.characters["grigor"].inventory_limit == 7
    assert sorted(i for c in ct.characters.values() for i in c.starting_items).count("handgun") == 4


def test_R_ITEM_8_and_DV_13_starting_items_twelve_cards():
    ct = content()
    items = [i for c in ct.characters.values() for i in c.starting_items]
    assert len(items) == 12
    assert items.count("knife") == 4 and items.count("lock_pick") == 1


def test_DV_6_zombie_reference_card():
    z = content().enemies["zombie"]
    assert (z.threat, z.move, z.hp, z.base.value, z.basic.range, z.basic.damage, z.models) == (1, 1, 1, "small", 0, 1, 15)


def test_DV_9_handgun_and_knife_profiles():
    ct = content()
    h = ct.items["handgun"].weapon
    assert (h.capacity, h.range, h.dice, h.count, h.rapid_fire) == (6, 2, "blue", 1, True)
    assert h.hit.push and h.hit_plus.damage == 1 and h.crit.damage == 2
    k = ct.items["knife"].weapon
    assert k.capacity is None and k.range == 0


def test_bad_value_names_file_line_and_card(tmp_path):
    d = broken_copy(tmp_path, "characters.yaml", "evade_dice: 3", "evade_dice: 9")
    with pytest.raises(ContentError) as ex:
        load_content(d)
    msg = str(ex.value)
    assert "characters.yaml" in msg and "line 6" in msg and "'vera'" in msg and "evade_dice" in msg


def test_bad_yaml_syntax_names_line(tmp_path):
    d = broken_copy(tmp_path, "tension.yaml", "  - id: shambling_stride", "  - id: [shambling_stride")
    with pytest.raises(ContentError) as ex:
        load_content(d)
    assert "tension.yaml" in str(ex.value) and "line" in str(ex.value)


def test_unknown_reference_is_linted(tmp_path):
    d = broken_copy(tmp_path, "tension.yaml", "enemies: [zombie]", "enemies: [ghoul]")
    with pytest.raises(ContentError) as ex:
        load_content(d)
    assert "boxed_in" in str(ex.value) and "ghoul" in str(ex.value)


def test_yaml_cannot_execute_code(tmp_path):
    d = broken_copy(tmp_path, "enemies.yaml", "enemies:", "enemies: !!python/object/apply:os.system ['echo pwned']\nx:")
    with pytest.raises(ContentError):
        load_content(d)


def test_cli_broken_card_file_exit_2_no_traceback(tmp_path):
    d = broken_copy(tmp_path, "items.yaml", "capacity: 6", "capacity: -6")
    out = subprocess.run([sys.executable, "-m", "game", "--headless", "--bot", "--content", str(d)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2
    assert "items.yaml" in out.stderr and "line" in out.stderr and "'handgun'" in out.stderr
    assert "Traceback" not in out.stderr


def test_corrupt_save_is_reported_and_left_untouched(tmp_path):
    b = board("AA", place=[("exit", (1, 0))])
    p = tmp_path / "save.json"
    p.write_text('{"format": "dreadboard-save", "version": 1, "sta')
    with pytest.raises(ContentError) as ex:
        load_game(p, scenario(b))
    assert "save.json" in str(ex.value) and "damaged" in str(ex.value)
    assert p.read_text().endswith('"sta')


def test_save_is_atomic_old_save_survives_a_failed_write(tmp_path, monkeypatch):
    b = board("AA", place=[("exit", (1, 0))])
    s = game(b)
    p = tmp_path / "save.json"
    save_game(p, s, [("vera", 1)])
    good = p.read_text()

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(OSError):
        atomic_write_text(p, "garbage")
    assert p.read_text() == good
    assert [x.name for x in tmp_path.iterdir()] == ["save.json"]


def test_json_schemas_in_docs_are_current():
    import json

    from tools.export_schemas import OUT, schemas
    for name, sch in schemas().items():
        assert json.loads((OUT / name).read_text()) == sch, f"docs/schemas/{name} is stale: python -m tools.export_schemas"


def test_every_shipped_scenario_loads_with_its_map():
    from game.content.loader import load_scenario
    ct = content()
    assert {"intro", "outskirts", "practice-burrower", "practice-stalker"} <= set(ct.scenarios)
    for sid in ct.scenarios:
        scn = load_scenario(sid, content=ct)
        assert scn.board.tiles and 1 in scn.board.start
