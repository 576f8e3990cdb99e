"""Saves from anyone (issue 16 items 6-9, issue 13 deliverable 1): a damaged, hostile or
impossible save is listed as damaged with its reason and never keeps the game from opening; a
save remembers its map; writes are atomic, leave no temp files and survive SIGKILL; the main
menu does not re-read the save every frame."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.content import saves
from game.content.errors import ContentError
from game.content.loader import ROOT, load_scenario
from game.content.saves import (clean_stale_temps, inspect_slot, load_game, open_save, prev_path, read_save_doc,
                                save_game)
from game.engine import apply, legal_actions, new_game
from game.ui.app import App
from game.ui.menus import MainMenu
from tests.kit import board, game, kill_mid_save, scenario

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(scope="module")
def intro():
    return load_scenario("intro")


def played(intro, steps=6, seed=3):
    s = new_game(intro, [("vera", 1), ("mateo", 2)], seed)
    for i in range(steps):
        if s.over:
            break
        apply(s, legal_actions(s)[i % len(legal_actions(s))])
    return s


def write_doc(path: Path, doc) -> None:
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")


def good_doc(tmp_path, intro) -> dict:
    p = tmp_path / "model.json"
    save_game(p, played(intro), [("vera", 1), ("mateo", 2)])
    return json.loads(p.read_text())


def menu_app(save_dir: Path, intro=None) -> App:
    factory = (lambda sid, mp, fresh: intro) if intro is not None else None
    app = App(pygame.Surface((1280, 720)), save_dir=save_dir, scenario_factory=factory)
    app.step([])
    return app


def menu_rows(app: App) -> list[str]:
    return [key for _, key, _ in app.top.entries(app)]


# ------------------------------------------------------------------ issue 16 item 6
def test_deeply_nested_save_does_not_stop_the_game_from_opening(tmp_path):
    """Issue 16.6: a save.json nested 100,000 levels deep used to end `python -m game` with a
    RecursionError traceback before the main menu."""
    write_doc(tmp_path / "save.json", "[" * 100_000 + "]" * 100_000)
    app = menu_app(tmp_path)
    assert isinstance(app.top, MainMenu)
    info = app.save_info()
    assert info.status == "damaged" and "save.json" in info.reason and "nested" in info.reason
    assert "continue" not in menu_rows(app)


def test_cli_window_starts_with_a_deeply_nested_save(tmp_path):
    """Issue 16.6 through the real entry point: the window opens (dummy video), draws the menu
    with the damaged save and quits on Esc, exit code 0, no traceback."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=str(tmp_path))
    folder = tmp_path / "dreadboard"
    folder.mkdir()
    write_doc(folder / "save.json", '{"a":' * 50_000 + "1" + "}" * 50_000)
    code = ("import pygame, game.ui.app as A\n"
            "orig = A.App.step\n"
            "n = [0]\n"
            "def step(self, events=None, dt=1/60):\n"
            "    n[0] += 1\n"
            "    if n[0] == 3:\n"
            "        print('menu:', type(self.top).__name__, self.save_info().status, flush=True)\n"
            "        events = [pygame.event.Event(pygame.QUIT)]\n"
            "    return orig(self, events, dt)\n"
            "A.App.step = step\n"
            "from game.__main__ import main\n"
            "raise SystemExit(main([]))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "menu: MainMenu damaged" in out.stdout and "Traceback" not in out.stderr


# ------------------------------------------------------------------ issue 16 item 8
BIG = "@a number with 5000 digits@"


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.__setitem__("seed", BIG), "digits"),
    (lambda d: d["state"].__setitem__("danger", BIG), "digits"),
    (lambda d: d["state"]["rng"].__setitem__("s", BIG), "digits"),
    (lambda d: d.__setitem__("party", [["vera"], 3]), "party"),
    (lambda d: d.__setitem__("party", [["vera", 1, 2, 3]]), "party"),
    (lambda d: d.__setitem__("party", [[{"x": 1}, 1]]), "party"),
    (lambda d: d["state"]["characters"][0].__setitem__("cid", "nobody"), "unknown survivor 'nobody'"),
    (lambda d: d["state"]["characters"][1].__setitem__("seat", 7), "seat"),
    (lambda d: d["state"].__setitem__("active", 9), "active seat 10"),
    (lambda d: d["state"]["characters"][0].__setitem__("pos", [99, 99]), "(99, 99), which is not a square"),
    (lambda d: d["state"]["piles"]["tension"].append("T:no_such:1"), "unknown card 'T:no_such:1'"),
    (lambda d: d["state"]["piles"]["tension_discard"].append(d["state"]["piles"]["tension"][0]), "two places"),
    (lambda d: d["state"]["characters"][0].__setitem__("health", 9), "health step 9"),
    (lambda d: d["state"].__setitem__("danger", 40), "danger level 40"),
    (lambda d: d["state"]["cards"].popitem(), "unknown card"),
    (lambda d: d["state"].__setitem__("pending", None), "no decision is pending"),
    (lambda d: d["state"]["queue"].append({"t": "no_such_task"}), "unknown kind 'no_such_task'"),
    (lambda d: d["state"]["queue"].append({"t": "move_reaction", "enemy": "e999", "rule": "x"}), "e999"),
    (lambda d: d["state"]["enemies"].append(dict(d["state"]["enemies"][0])), "used by two models"),
    (lambda d: d["state"]["enemies"].append({"uid": "e77", "type": "dragon", "pos": [0, 0]}), "dragon"),
    (lambda d: d["state"].__setitem__("flags", float("nan")), "NaN"),
])
def test_impossible_or_malformed_saves_are_refused_naming_the_file_and_the_problem(tmp_path, intro, mutate, words):
    """Issue 16.8 / issue 13.1: refused with the file and the first thing wrong, before any
    crash in the loader or the UI; the menu lists it as damaged and offers no Continue."""
    doc = good_doc(tmp_path, intro)
    mutate(doc)
    p = tmp_path / "save.json"
    p.write_text(json.dumps(doc).replace(json.dumps(BIG), "9" * 5000), encoding="utf-8")
    before = p.read_bytes()
    with pytest.raises(ContentError) as ex:
        load_game(p, intro)
    assert "save.json" in str(ex.value) and words in str(ex.value), str(ex.value)
    assert p.read_bytes() == before  # reading never changes the file
    app = menu_app(tmp_path, intro)
    assert app.save_info().status == "damaged" and "continue" not in menu_rows(app)
    app.step([])  # the menu draws the reason without raising


def test_a_good_save_is_offered_and_continues(tmp_path, intro):
    p = tmp_path / "save.json"
    s = played(intro)
    save_game(p, s, [("vera", 1), ("mateo", 2)])
    app = menu_app(tmp_path, intro)
    info = app.save_info()
    assert info.status == "ok" and not info.fallback and "turn" in info.summary
    assert info.summary.endswith("· 2 survivors"), info.summary  # not "2 survivor(s)"
    assert "continue" in menu_rows(app)
    assert app.continue_game().state.same_as(s)


# ------------------------------------------------------------------ issue 16 item 7
@pytest.fixture
def library(tmp_path, monkeypatch):
    lib = tmp_path / "library"
    lib.mkdir()
    monkeypatch.setattr(saves, "user_maps_dir", lambda: lib)
    return lib


@pytest.fixture
def own_map():
    """A copy of the intro map under maps/ (where its tileset path resolves), removed after."""
    mp = ROOT / "maps" / f"_test_own_{os.getpid()}.tmx"
    shutil.copy(ROOT / "maps" / "intro.tmx", mp)
    yield mp
    mp.unlink(missing_ok=True)


def test_save_on_a_map_that_changed_since_is_refused_with_the_reason(tmp_path, own_map):
    """Issue 16.7: a game played with --map, the map edited, then Continue: the save knows the
    map's hash and refuses instead of putting old positions on a new board."""
    mp = own_map
    scn = load_scenario("intro", map_path=mp)
    save_dir = tmp_path / "saves"
    app = App(pygame.Surface((1280, 720)), save_dir=save_dir, map_path=str(mp))
    play = app.start_game([("vera", 1), ("mateo", 2)], ["human", "human"], seed=4, scenario=scn)
    app.save(play.state, play.party, play.controllers, str(mp))
    doc = json.loads(app.save_path().read_text())
    assert doc["map"]["file"] == mp.name and len(doc["map"]["sha256"]) == 64
    assert app.continue_game().state.same_as(play.state)  # unchanged map: fine
    mp.write_text(mp.read_text() + "\n<!-- edited -->\n")
    app2 = App(pygame.Surface((1280, 720)), save_dir=save_dir)
    info = app2.save_info()
    assert info.status == "damaged" and f"{mp.name} changed since this game was saved" in info.reason
    with pytest.raises(ContentError, match="changed since"):
        app2.continue_game()
    with pytest.raises(ContentError, match="changed since"):
        load_game(app.save_path(), scn, map_file=mp)


def test_brief_map_is_stamped_too(tmp_path, intro):
    p = tmp_path / "save.json"
    save_game(p, played(intro), [("vera", 1), ("mateo", 2)])
    stamp = read_save_doc(p).map
    assert stamp.file == "intro.tmx" and stamp.sha256 == saves.file_sha256(ROOT / "maps" / "intro.tmx")


@pytest.mark.parametrize("where", ["/etc/passwd", "outside/intro.tmx", "../../intro.tmx"])
def test_a_saves_map_path_cannot_point_outside_the_maps_folders(tmp_path, library, intro, where):
    """Issue 16.8: extra.map pointing anywhere on the disk is refused and never opened."""
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(ROOT / "maps" / "intro.tmx", outside / "intro.tmx")
    target = where if where.startswith("/") else str(library / where) if where.startswith("..") else \
        str(tmp_path / where)
    doc = good_doc(tmp_path, intro)
    doc["extra"]["map"] = target
    save_dir = tmp_path / "saves"
    save_dir.mkdir()
    write_doc(save_dir / "save.json", doc)
    asked = []

    def factory(sid, mp, fresh):
        asked.append(mp)
        return intro
    app = App(pygame.Surface((1280, 720)), save_dir=save_dir, scenario_factory=factory)
    info = app.save_info()
    assert info.status == "damaged" and "outside the game's maps folders" in info.reason
    assert asked == []  # the scenario (and so the map) was never loaded
    # the map the player names on the command line is theirs to open
    app3 = App(pygame.Surface((1280, 720)), save_dir=save_dir, scenario_factory=factory, map_path=target)
    if Path(target).suffix == ".tmx" and Path(target).is_file():
        assert app3.save_info().status in ("ok", "damaged")


# ------------------------------------------------------------------ issue 16 item 9
def test_main_menu_reads_the_save_once_not_every_frame(tmp_path, intro, monkeypatch):
    """Issue 16.9: the menu used to parse save.json about three times a frame."""
    save_game(tmp_path / "save.json", played(intro), [("vera", 1), ("mateo", 2)])
    reads = []
    orig = saves.read_json_limited
    monkeypatch.setattr(saves, "read_json_limited", lambda *a, **k: reads.append(a[0]) or orig(*a, **k))
    app = menu_app(tmp_path, intro)
    for _ in range(30):
        app.step([])
    assert len(reads) == 1
    time.sleep(0.01)
    save_game(tmp_path / "save.json", played(intro, steps=9), [("vera", 1), ("mateo", 2)])
    for _ in range(5):
        app.step([])
    assert len(reads) == 2  # a changed file is read again, once


# ------------------------------------------------------------------ atomic writes, fallback
def test_save_leaves_no_temp_file_keeps_the_previous_and_syncs_the_folder(tmp_path, intro, monkeypatch):
    synced = []
    orig = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or orig(fd))
    p = tmp_path / "save.json"
    save_game(p, played(intro, 2), [("vera", 1), ("mateo", 2)])
    first = p.read_bytes()
    save_game(p, played(intro, 5), [("vera", 1), ("mateo", 2)])
    assert sorted(x.name for x in tmp_path.iterdir()) == ["save.json", "save.prev.json"]
    assert prev_path(p).read_bytes() == first
    assert len(synced) >= 4  # file data, then the folder, on each save


def test_damaged_last_save_falls_back_to_the_previous_one_and_says_so(tmp_path, intro):
    p = tmp_path / "save.json"
    older = played(intro, 3)
    save_game(p, older, [("vera", 1), ("mateo", 2)])
    save_game(p, played(intro, 7), [("vera", 1), ("mateo", 2)])
    p.write_text(p.read_text()[:500])  # truncated, e.g. a disk that lost the last blocks
    app = menu_app(tmp_path, intro)
    info = app.save_info()
    assert info.status == "ok" and info.fallback and "save.json" in info.reason
    assert "continue" in menu_rows(app)
    assert app.continue_game().state.same_as(older)


def test_stale_temp_files_are_removed_at_start_but_not_those_of_a_running_writer(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        (tmp_path / f".save.json.{dead_pid}.0123abcd.tmp").write_text("half a save")
        (tmp_path / f".save.prev.json.{dead_pid}.89abcdef.tmp").write_text("")
        (tmp_path / f".save.json.{live.pid}.00000000.tmp").write_text("being written")
        (tmp_path / "notes.tmp").write_text("not ours")
        menu_app(tmp_path)
        assert sorted(x.name for x in tmp_path.iterdir()) == [f".save.json.{live.pid}.00000000.tmp", "notes.tmp"]
    finally:
        live.kill()
        live.wait()
    assert [x.name for x in clean_stale_temps(tmp_path)] == [f".save.json.{live.pid}.00000000.tmp"]


def test_size_limit_on_save_files(tmp_path, intro, monkeypatch):
    p = tmp_path / "save.json"
    save_game(p, played(intro), [("vera", 1), ("mateo", 2)])
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1000)
    monkeypatch.setattr(saves.read_json_limited, "__defaults__", (1000, saves.MAX_DEPTH, "save"))
    with pytest.raises(ContentError, match="more than the 0 MB|MB"):
        load_game(p, intro)


KILLER = r"""
import json, os, sys, time
from game.content.saves import atomic_write_text
doc = json.loads(open(sys.argv[2]).read())
doc["extra"]["pad"] = "x" * 3_000_000  # a big save: a long window to be killed in
texts = []
for n in range(2):
    doc["extra"]["n"] = n
    texts.append(json.dumps(doc))
if sys.argv[3] == "stall":  # stop inside the write of the second save, to be killed there for sure
    real = os.fsync
    calls = [0]
    def stall(fd):
        calls[0] += 1
        if calls[0] == 3:  # the data fsync of the second save (1, 2: data and folder of the first)
            print("writing", flush=True)
            time.sleep(60)
        return real(fd)
    os.fsync = stall
n = 0
while True:
    atomic_write_text(sys.argv[1], texts[n % 2], keep_previous=True)  # what save_game does
    n += 1
    if n == 1:
        print("saved", flush=True)
"""


def test_sigkill_while_saving_keeps_the_previous_save_and_leaves_no_temp_after_restart(tmp_path, intro):
    """Issue 13.1: a process killed (SIGKILL) while writing its save leaves a loadable save and,
    after the next start, no orphan temporary files. The first kill lands inside a write for
    sure (the writer stalls in fsync), the others at varying moments."""
    model = tmp_path / "model.json"
    model.write_text(json.dumps(good_doc(tmp_path, intro)))
    folder = tmp_path / "saves"
    folder.mkdir()
    p = folder / "save.json"
    orphans = 0
    for k in range(4):
        mode = "stall" if k == 0 else "run"
        kill_mid_save([KILLER, str(p), str(model), mode], mode == "stall", 0.01 + 0.023 * k, ROOT)
        state, party = load_game(p, intro)  # the last complete save, never a half-written one
        assert party == [("vera", 1), ("mateo", 2)]
        if prev_path(p).exists():
            load_game(prev_path(p), intro)
        orphans += sum(1 for x in folder.iterdir() if x.name.endswith(".tmp"))
        menu_app(folder)  # the next start cleans up
        assert {x.name for x in folder.iterdir()} <= {"save.json", "save.prev.json"}
    assert orphans >= 1  # the kills did land while a save was being written


def test_open_save_refuses_an_unknown_scenario_naming_the_save(tmp_path, intro):
    doc = good_doc(tmp_path, intro)
    doc["scenario"] = "no-such-scenario"
    write_doc(tmp_path / "save.json", doc)
    info = inspect_slot(tmp_path / "save.json", lambda sid, mp: load_scenario(sid, map_path=mp))
    assert info.status == "damaged" and "save.json" in info.reason and "no-such-scenario" in info.reason


def test_code_built_board_saves_round_trip(tmp_path):
    b = board("AA", place=[("exit", (1, 0))])
    s = game(b)
    p = tmp_path / "save.json"
    save_game(p, s, [("vera", 1)])
    loaded, party = load_game(p, scenario(b))
    assert loaded.same_as(s) and party == [("vera", 1)]
    state, party, doc = open_save(p, lambda sid, mp: scenario(b))
    assert state.same_as(s)


def test_the_snapshot_must_follow_from_its_record(tmp_path, intro):
    """Issue 13.1 (the task stack and pending decision consistent): a record that does not
    replay is refused; a snapshot edited within the invariants is replaced by the game its
    record gives, and the menu says so."""
    doc = good_doc(tmp_path, intro)
    doc["state"]["record"][2] = {"kind": "move", "to": [40, 40]}
    write_doc(tmp_path / "save.json", doc)
    with pytest.raises(ContentError, match="does not follow from its own record"):
        load_game(tmp_path / "save.json", intro)
    doc = good_doc(tmp_path, intro)
    real = doc["state"]["ink_ribbons"]
    doc["state"]["ink_ribbons"] = real + 3
    write_doc(tmp_path / "save.json", doc)
    notes: list[str] = []
    loaded, _ = load_game(tmp_path / "save.json", intro, notes=notes)
    assert loaded.ink_ribbons == real and "rebuilt from its record" in notes[0]
    info = menu_app(tmp_path, intro).save_info()
    assert info.status == "ok" and "rebuilt" in info.note
