"""Fuzzing from outside (issue 13 deliverables 3-4, issue 16 "must show"): mutated saves, card
files and briefs each end in a clean refusal (ContentError naming the file) or a valid load,
never a traceback or a hang; random legal play with bots keeps every invariant, replays and
survives save/load, with a step bound, on every shipped scenario (a short run of tools.fuzz)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.errors import ContentError
from game.content.loader import DATA, SCENARIOS, load_content, load_scenario
from game.content.saves import inspect_slot, save_game
from game.engine import apply, legal_actions, new_game
from game.engine.invariants import check_state
from tools.fuzz import mutate, mutate_text, play_one

ROOT = Path(__file__).resolve().parents[1]
FAST = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@lru_cache(maxsize=1)
def _intro():
    return load_scenario("intro")


@lru_cache(maxsize=1)
def _save_text() -> str:
    s = new_game(_intro(), [("vera", 1), ("mateo", 2)], 21)
    for i in range(25):
        if s.over:
            break
        legal = legal_actions(s)
        apply(s, legal[(i * 3) % len(legal)])
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "save.json"
        save_game(p, s, [("vera", 1), ("mateo", 2)])
        return p.read_text()


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False)
                           | st.text(max_size=8) | st.sampled_from(["zombie", "e1", "t2", "vera", "A1:green_herb"]),
                           lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
                           max_leaves=12)


MUTATION = st.one_of(
    st.tuples(st.just("truncate"), st.floats(0, 1), st.none()),
    st.tuples(st.just("flip"), st.floats(0, 1), st.binary(min_size=1, max_size=3)),
    st.tuples(st.just("value"), st.floats(0, 1), JSON_VALUES),
    st.tuples(st.just("delete"), st.floats(0, 1), st.none()),
    st.tuples(st.just("swap"), st.floats(0, 1), st.floats(0, 1)),
)


@FAST
@given(muts=st.lists(MUTATION, min_size=1, max_size=3))
def test_mutated_saves_are_refused_cleanly_or_load_into_a_valid_game(tmp_path, muts):
    """Truncated, bit-flipped, wrong types, huge numbers, impossible games: the save slot says
    damaged (naming the file) or loads a game that keeps every invariant and plays on."""
    intro = _intro()
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    (folder / "save.json").write_bytes(mutate(_save_text(), muts))
    info = inspect_slot(folder / "save.json", lambda sid, mp: intro if sid == "intro" else load_scenario(sid))
    if info.status == "damaged":
        assert "save.json" in info.reason
        return
    from game.content.saves import open_save
    state, party, _ = open_save(folder / "save.json", lambda sid, mp: intro)
    assert check_state(state) == []
    if not state.over:
        apply(state, legal_actions(state)[0])  # Continue, then the first action
        assert check_state(state) == []


def _copy_content(tmp_path):
    d, sd = tmp_path / "data", tmp_path / "scenarios"
    if not d.exists():
        shutil.copytree(DATA, d)
        sd.mkdir()
        for p in SCENARIOS.glob("*.yaml"):
            shutil.copy(p, sd / p.name)
    return d, sd


TEXT_MUT = st.one_of(
    st.tuples(st.just("truncate"), st.floats(0, 1), st.just("")),
    st.tuples(st.just("insert"), st.floats(0, 1), st.sampled_from(
        ["9" * 60, "-", "[", "{", "&a", "*a", ": ", "\n- ", "  ", "\t", "1000000000", "!!python/object:os.system", "'",
         "~", "null", "\n  n: 99999999\n", "[[[[[[[[", "\x00", "99999999999999999999999999"])),
    st.tuples(st.just("replace_number"), st.floats(0, 1), st.sampled_from(["0", "-1", "1000000000", "7", "1e9", "x"])),
    st.tuples(st.just("delete_line"), st.floats(0, 1), st.just("")),
)


CARD_FILES = ["enemies.yaml", "tension.yaml", "items.yaml", "decks.yaml", "behaviour.yaml", "narrative.yaml",
              "characters.yaml"]


@FAST
@given(name=st.sampled_from(CARD_FILES), muts=st.lists(TEXT_MUT, min_size=1, max_size=3))
def test_mutated_card_files_are_refused_naming_the_file_or_load(tmp_path, name, muts):
    d, sd = _copy_content(tmp_path)
    shutil.copy(DATA / name, d / name)
    (d / name).write_text(mutate_text((DATA / name).read_text(), muts), encoding="utf-8")
    try:
        ct = load_content(d, sd)
    except ContentError as ex:
        assert str(ex.file) and ("data" in str(ex.file) or name in str(ex.file)), str(ex)
        return
    # accepted: the scenarios still set up and play a few steps
    scn = load_scenario("intro", ct)
    s = new_game(scn, [(c, 1) for c in list(ct.characters)[:1]], 3)
    for _ in range(10):
        if s.over:
            break
        apply(s, legal_actions(s)[0])


@settings(FAST, max_examples=20)
@given(name=st.sampled_from(sorted(p.name for p in SCENARIOS.glob("*.yaml"))),
       muts=st.lists(TEXT_MUT, min_size=1, max_size=3))
def test_mutated_briefs_are_refused_naming_the_file_or_load(tmp_path, name, muts):
    d, sd = _copy_content(tmp_path)
    shutil.copy(SCENARIOS / name, sd / name)
    (sd / name).write_text(mutate_text((SCENARIOS / name).read_text(), muts), encoding="utf-8")
    try:
        ct = load_content(d, sd)
        for sid in ct.scenarios:
            load_scenario(sid, ct)
    except ContentError as ex:
        assert "scenarios" in str(ex.file) or "maps" in str(ex.file) or "data" in str(ex.file), str(ex)


# ------------------------------------------------------------------ random legal play (tools.fuzz)
@pytest.mark.parametrize("sid", sorted(load_content().scenarios))
def test_random_legal_play_keeps_invariants_replays_and_ends_on_every_scenario(sid, tmp_path):
    """Issue 16 item 5 / issue 13.3, short version (make test): bots mixed with random legal
    actions, invariants after every step, save/load mid-game, replay at the end, step bound."""
    scn = load_scenario(sid)
    for seed in range(3):
        result, steps, fails = play_one(scn, 1000 + seed, p_random=0.4, save_every=60, max_steps=4000,
                                        save_dir=tmp_path)
        assert not fails, "\n".join(str(f) for f in fails)
        assert result in ("success", "failure")


def test_fuzz_reports_a_broken_invariant_with_seed_and_step(monkeypatch, tmp_path):
    """The checker is really run after every step: a card made to vanish at step 5 is reported
    with the scenario, the seed and that step."""
    import game.engine as E
    real = E.apply
    n = [0]

    def leaky(s, a):
        ev = real(s, a)
        n[0] += 1
        if n[0] == 5:
            s.piles["tension"].pop()
        return ev
    monkeypatch.setattr(E, "apply", leaky)
    _, steps, fails = play_one(load_scenario("intro"), 7, players=2, save_dir=tmp_path)
    assert len(fails) == 1 and fails[0].step == 5 and fails[0].seed == 7 and "in no pile" in fails[0].what
    assert "scenario=intro seed=7 players=2 step=5" in str(fails[0])


def test_fuzz_command_line(tmp_path):
    out = subprocess.run([sys.executable, "-m", "tools.fuzz", "--games", "2", "--scenario", "intro", "--seed", "5"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "fuzz_games: 2 games" in out.stdout and "fuzz_failures: 0 games" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "tools.fuzz", "--scenario", "nowhere"], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert bad.returncode == 2 and "no scenario 'nowhere'" in bad.stderr


# ------------------------------------------------------------------ issue 29: every variant, campaigns, campaign saves
def test_issue29_fuzz_names_every_scenario_variant_a_player_can_start():
    """The 45 variants of issue 29: the core and city briefs, the 14 city scenarios from the
    campaign menu's standalone button, the 13 manor cards."""
    from tools.fuzz import variant_names
    names = variant_names()
    assert len([n for n in names if n.startswith("standalone:")]) == 14
    assert len([n for n in names if n.startswith("m_")]) == 13
    assert len(names) == len(set(names)) and "intro" in names and "dt1" in names


@pytest.mark.parametrize("name", ["standalone:DT1", "standalone:CT2", "m_w2a", "m_gh"])
def test_issue29_random_play_on_standalone_and_manor_variants_saves_as_continue_loads(name, tmp_path):
    """Short version of ``python -m tools.fuzz --scenario all --total 2000``: a standalone city
    scenario and manor cards, bots and random actions, saved and opened as Continue opens them
    (the save's set-up rebuilds the standalone scenario), invariants after every step."""
    from tools.fuzz import _plain_loader, load_variant
    result, steps, fails = play_one(load_variant(name), 3, players=2, p_random=0.4, save_every=25, max_steps=4000,
                                    save_dir=tmp_path, name=name, load_scenario=_plain_loader())
    assert not fails, "\n".join(str(f) for f in fails)


@pytest.mark.parametrize("kind", ["city", "manor"])
def test_issue29_a_random_campaign_saves_and_loads_between_and_inside_scenarios_and_replays(kind, tmp_path):
    """Short version of ``python -m tools.fuzz --campaigns 100``."""
    from tools.fuzz import play_campaign_fuzzed
    result, scenarios, trips, fails = play_campaign_fuzzed(kind, 5, tmp_path, max_scenarios=2, max_steps=400)
    assert not fails, "\n".join(str(f) for f in fails)
    assert scenarios >= 1 and trips >= scenarios


def test_issue29_fuzzed_campaign_saves_are_refused_cleanly_or_load_a_playable_campaign():
    """Short version of ``python -m tools.fuzz --campaign-saves 500``: 0 crashes, 0 impossible
    states loaded."""
    from tools.fuzz import fuzz_campaign_saves
    lines = []
    c = fuzz_campaign_saves(24, 3, out=lines.append)
    assert c["failed"] == 0 and c["files"] == 24 and c["refused"] > 0, lines


def test_issue29_the_campaign_save_fuzz_catches_an_impossible_state_loaded(monkeypatch):
    """The checker is really run: with the campaign load check switched off, the fuzz reports
    impossible states loaded."""
    import game.content.campaign_saves as CS
    import tools.fuzz as F

    def planted(text, muts):  # every mutation names a scenario the pack does not have
        doc = json.loads(text)
        doc["campaign"]["completed"] = ["NOPE"]
        return json.dumps(doc).encode()
    monkeypatch.setattr(CS, "impossible_campaign", lambda cs, rules=None: None)
    monkeypatch.setattr(F, "mutate", planted)
    lines = []
    c = F.fuzz_campaign_saves(4, 3, out=lines.append)
    assert c["failed"] > 0 and any("impossible state" in ln for ln in lines), (c, lines[:3])
