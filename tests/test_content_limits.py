"""Content files from anyone (issue 16 items 10-11, issue 13 deliverable 2): reader limits on
YAML (size, nesting, aliases, number length), one parse per file, numbers in the ranges the
rules make sense of, references checked at load; every refusal names the file and the place."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from game.content import loader
from game.content.errors import ContentError
from game.content.loader import DATA, SCENARIOS, load_content, load_scenario, party_for

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def dirs(tmp_path):
    d, sd = tmp_path / "data", tmp_path / "scenarios"
    shutil.copytree(DATA, d)
    sd.mkdir()
    for p in SCENARIOS.glob("*.yaml"):
        shutil.copy(p, sd / p.name)
    return d, sd


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def refused(d, sd, *words) -> str:
    with pytest.raises(ContentError) as ex:
        load_content(d, sd)
    msg = str(ex.value)
    for w in words:
        assert w in msg, msg
    return msg


# ------------------------------------------------------------------ reader limits (issue 16.10)
def test_deeply_nested_yaml_is_refused_naming_the_file_not_a_traceback(dirs):
    d, sd = dirs
    (d / "enemies.yaml").write_text("enemies: " + "[" * 50_000 + "]" * 50_000 + "\n")
    refused(d, sd, "enemies.yaml", "nested more than")


def test_a_number_with_thousands_of_digits_is_refused(dirs):
    d, sd = dirs
    edit(d / "enemies.yaml", "    move: 1\n", "    move: " + "9" * 5000 + "\n")
    refused(d, sd, "enemies.yaml", "line 6", "5000 characters")


def test_billion_laughs_is_refused_quickly(dirs):
    d, sd = dirs
    lol = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join('*' + chr(97 + i) for _ in range(10))}]\n" for i in range(8))
    (d / "narrative.yaml").write_text(lol + "narrative: []\n")
    t0 = time.perf_counter()
    refused(d, sd, "narrative.yaml", "aliases")
    assert time.perf_counter() - t0 < 5


def test_size_limit(dirs):
    d, sd = dirs
    with open(d / "characters.yaml", "a") as f:
        f.write(("# padding\n" * 120_000))
    refused(d, sd, "characters.yaml", "KB, more than the 1024 KB")


def test_a_control_character_is_refused_naming_the_file(dirs):
    """Found by tools.fuzz --files: a NUL byte made the YAML reader raise before parsing."""
    d, sd = dirs
    edit(d / "items.yaml", "items:", "items:\x00")
    refused(d, sd, "items.yaml", "not valid YAML")


def test_empty_file_says_empty(dirs):
    d, sd = dirs
    (d / "items.yaml").write_text("\n")
    refused(d, sd, "items.yaml", "empty")


def test_each_file_is_parsed_once(monkeypatch):
    """Issue 16.10: YAML was composed for line numbers and then loaded again."""
    calls = []
    orig = loader._LimitedLoader.get_single_node
    monkeypatch.setattr(loader._LimitedLoader, "get_single_node", lambda self: calls.append(1) or orig(self))
    monkeypatch.setattr(yaml, "load", lambda *a, **k: pytest.fail("second parse"))
    monkeypatch.setattr(yaml, "compose", lambda *a, **k: pytest.fail("second parse"))
    load_content()
    files = len(list(DATA.glob("*.yaml"))) - (1 if (DATA / "rulebook.yaml").exists() else 0) + \
        len(list(SCENARIOS.glob("*.yaml")))
    assert len(calls) <= files


# ------------------------------------------------------------------ ranges (issue 16.10)
@pytest.mark.parametrize("name, old, new, words", [
    ("enemies.yaml", "    move: 1\n", "    move: 1000000000\n", ["enemy 'zombie'", "move", "0..12"]),
    ("tension.yaml", "effect: [{op: SPAWN, n: 1, enemies: [zombie_dog]}]",
     "effect: [{op: SPAWN, n: 1000000000, enemies: [zombie_dog]}]", ["tension card 'hounds_howl'", "SPAWN", "n="]),
    ("decks.yaml", "  green_herb: 6\n", "  green_herb: 100000000\n", ["decks.yaml", "item_a.green_herb", "copies"]),
    ("behaviour.yaml", "copies: 1", "copies: 100000000", ["behaviour.yaml", "copies"]),
    ("items.yaml", "capacity: 6", "capacity: 600000", ["items.yaml", "weapon.capacity"]),
])
def test_values_the_schema_accepts_but_the_rules_cannot_use_are_refused(dirs, name, old, new, words):
    """Issue 16.10: an enemy Move of a billion, SPAWN of a billion, a deck count of a hundred
    million used to hang the game; now refused with the file, the card id and the line."""
    d, sd = dirs
    edit(d / name, old, new)
    msg = refused(d, sd, name, *words)
    assert "line " in msg


# ------------------------------------------------------------------ references (issue 16.11)
def test_encounter_table_naming_an_unknown_enemy_or_with_five_rows_is_refused_at_load(dirs):
    d, sd = dirs
    edit(d / "decks.yaml", "yellow: [[], [], [zombie]", "yellow: [[], [], [wolf]")
    refused(d, sd, "decks.yaml", "yellow face 3", "unknown enemy 'wolf'")
    shutil.copy(DATA / "decks.yaml", d / "decks.yaml")
    edit(d / "decks.yaml", "yellow: [[], [], [zombie], [zombie],", "yellow: [[], [zombie], [zombie],")
    refused(d, sd, "decks.yaml", "yellow", "5 rows", "6 faces")
    shutil.copy(DATA / "decks.yaml", d / "decks.yaml")
    (sd / "outskirts.yaml").write_text((sd / "outskirts.yaml").read_text() +
                                       "encounter_tables: {red: [[zombie], [zombie], [ghoul], [], [], []]}\n")
    refused(d, sd, "outskirts.yaml", "scenario 'outskirts'", "red face 3", "'ghoul'")


def test_two_briefs_with_the_same_id_are_refused(dirs):
    d, sd = dirs
    shutil.copy(sd / "intro.yaml", sd / "zz-copy.yaml")
    refused(d, sd, "zz-copy.yaml", "'intro' is already used by", "intro.yaml")


@pytest.mark.parametrize("where", ["../../../etc/passwd", "/etc/hosts", "assets/data/items.yaml", "maps/../README.md"])
def test_a_briefs_map_may_not_point_outside_the_maps_folder(dirs, where):
    d, sd = dirs
    edit(sd / "intro.yaml", "map: maps/intro.tmx", f"map: {where}")
    refused(d, sd, "intro.yaml", "scenario 'intro': map", "outside the game's maps/")


def test_a_missing_map_is_reported_naming_the_brief(dirs):
    d, sd = dirs
    edit(sd / "intro.yaml", "map: maps/intro.tmx", "map: maps/gone.tmx")
    ct = load_content(d, sd)
    with pytest.raises(ContentError) as ex:
        load_scenario("intro", ct)
    assert "intro.yaml" in str(ex.value) and "maps/gone.tmx does not exist" in str(ex.value)


def test_headless_party_uses_the_survivors_the_content_has(dirs):
    d, sd = dirs
    text = (d / "characters.yaml").read_text()
    (d / "characters.yaml").write_text(text.replace("id: vera", "id: vesna").replace("id: mateo", "id: milo"))
    ct = load_content(d, sd)
    assert [c for c, _ in party_for(ct, 4)] == ["anton", "grigor", "vesna", "milo"]
    with pytest.raises(ContentError, match="5 players need 5 survivors"):
        party_for(ct, 5)
    out = subprocess.run([sys.executable, "-m", "game", "--headless", "--bot", "--players", "2", "--seed", "1",
                          "--content", str(d)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0 and out.stdout.startswith("result:"), out.stderr


def test_cli_refuses_hostile_content_with_exit_2_and_no_traceback(dirs):
    d, _ = dirs
    (d / "tension.yaml").write_text("tension: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n")
    out = subprocess.run([sys.executable, "-m", "game", "--headless", "--bot", "--content", str(d)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 2 and "tension.yaml" in out.stderr and "Traceback" not in out.stderr
