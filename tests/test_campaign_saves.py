"""Campaign saves (R-END-X2, R-CAMP-22): slots, versioned JSON with migration, atomic writes
that survive SIGKILL, damaged slots listed with their reason, export for bug reports."""
from __future__ import annotations

import json
import time
from datetime import datetime, timezone

import pytest

from game.content.campaign_saves import (continue_slot, export_for_bug_report, list_slots, load_campaign,
                                         read_campaign_doc, save_campaign, slot_path)
from game.content.errors import ContentError
from game.content.loader import ROOT
from game.content.saves import prev_path
from game.engine import apply as gapply, legal_actions
from tests.campaign_kit import choose, end, new, pack, scenario, until
from tests.kit import content, kill_mid_save

NOW = datetime(2026, 12, 1, 20, 0, tzinfo=timezone.utc)


def _load(p):
    return load_campaign(p, pack(), content(), scenario)


def test_R_END_X2_between_scenarios_save_round_trips(tmp_path):
    """R-END-X2: the save holds the full campaign state, in the middle of an end phase too."""
    cs = new()
    gs = choose(cs, "DT1")
    end(cs, gs)
    p = slot_path("My run", tmp_path)
    save_campaign(p, cs, now=NOW)
    back, g = _load(p)
    assert back.same_as(cs) and g is None and back.pending.kind == cs.pending.kind


def test_mid_scenario_save_resumes_the_game_with_its_carry_in(tmp_path):
    """A save made mid-scenario loads the game in progress; play continues and ends the same way
    as without the save."""
    cs = new()
    gs = choose(cs, "UT1")
    for _ in range(5):
        gapply(gs, legal_actions(gs)[0])
    p = tmp_path / "mid.json"
    save_campaign(p, cs, gs, now=NOW)
    cs2, gs2 = _load(p)
    assert gs2.same_as(gs) and cs2.same_as(cs) and gs2.scenario.carry is not None
    for s in (gs, gs2):
        while not s.over:
            gapply(s, legal_actions(s)[0])
    assert gs2.same_as(gs)


def test_save_list_shows_scenario_turn_danger_date_and_continue_skips_finished(tmp_path):
    """The save list: scenario, turn, danger and date per slot; 'Continue' never offers a finished
    campaign; a damaged slot is listed with its reason and the others still load."""
    cs = new()
    gs = choose(cs, "DT1")
    for _ in range(3):
        gapply(gs, legal_actions(gs)[0])
    save_campaign(slot_path("a", tmp_path), cs, gs, now=NOW)
    done = new(seed=2)
    g2 = choose(done, "DT1")
    g2.danger = 17
    end(done, g2)
    assert done.result == "defeat"
    time.sleep(0.01)
    save_campaign(slot_path("lost", tmp_path), done, now=NOW)
    slot_path("broken", tmp_path).write_text("{not json")
    rows = {r.name: r for r in list_slots(tmp_path)}
    assert rows["a"].status == "ok" and rows["a"].scenario == "DT1" and rows["a"].turn == gs.turn
    assert rows["a"].saved_at.startswith("2026-12-01T20:00")
    assert rows["lost"].status == "finished" and rows["broken"].status == "damaged" and "broken.json" in rows["broken"].reason
    assert continue_slot(tmp_path).name == "a"


def test_campaign_save_migrates_version_1(tmp_path):
    """Versioned JSON with migration: a version-1 save (campaign under 'state') loads."""
    cs = new()
    p = tmp_path / "old.json"
    p.write_text(json.dumps({"format": "dreadboard-campaign", "version": 1, "pack": "city",
                             "state": json.loads(cs.model_dump_json())}))
    back, g = _load(p)
    assert back.same_as(cs) and g is None


@pytest.mark.parametrize("doc, msg", [
    ({"format": "dreadboard-campaign", "version": 99, "pack": "city"}, "newer Dreadboard"),
    ({"format": "something-else", "version": 2}, "not a Dreadboard campaign save"),
    ({"format": "dreadboard-campaign", "version": 2, "pack": "city", "campaign": {"seed": "x"}}, "damaged"),
])
def test_bad_campaign_saves_are_refused_naming_the_file(tmp_path, doc, msg):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=msg) as ex:
        _load(p)
    assert "bad.json" in str(ex.value)


def test_tampered_campaign_cards_are_refused(tmp_path):
    """A save whose cards do not add up (a card in two places) is refused, not loaded."""
    cs = new()
    d = json.loads(cs.model_dump_json())
    d["item_box"] = [[d["piles"]["item_a"][0]]]
    p = tmp_path / "t.json"
    p.write_text(json.dumps({"format": "dreadboard-campaign", "version": 2, "pack": "city", "campaign": d}))
    with pytest.raises(ContentError, match="do not add up"):
        _load(p)


def test_export_for_bug_report_holds_the_whole_record(tmp_path):
    cs = new()
    gs = choose(cs, "DT1")
    end(cs, gs)
    until(cs, "choose")
    out = export_for_bug_report(tmp_path / "bug.json", cs)
    doc = json.loads(out.read_text())
    assert doc["seed"] == cs.seed and doc["record"] == cs.record and doc["attempts"][0]["scenario"] == "DT1"


KILLER = r"""
import json, os, sys, time
from game.content.campaign_saves import save_campaign
from game.content.campaign_pack import load_pack
from game.content.loader import load_content
from game.engine.campaign import start_campaign
ct = load_content()
cs = start_campaign(load_pack("city", ct), ct, ["vera", "mateo"], 5)
pad = {"pad": "x" * 3_000_000}
if sys.argv[2] == "stall":
    real = os.fsync
    calls = [0]
    def stall(fd):
        calls[0] += 1
        if calls[0] == 3:  # the data fsync of the second save
            print("writing", flush=True)
            time.sleep(60)
        return real(fd)
    os.fsync = stall
n = 0
while True:
    cs.danger = n % 2
    save_campaign(sys.argv[1], cs, extra=pad)
    n += 1
    if n == 1:
        print("saved", flush=True)
"""


def test_kill_while_writing_keeps_the_previous_save_and_no_orphan_temp(tmp_path):
    """A process killed (SIGKILL) while writing a campaign save leaves the previous save intact
    and loadable; the next start (listing the slots) leaves no orphan temporary files."""
    folder = tmp_path / "campaigns"
    folder.mkdir()
    p = folder / "run.json"
    orphans = 0
    for k in range(3):
        mode = "stall" if k == 0 else "run"
        kill_mid_save([KILLER, str(p), mode], mode == "stall", 0.02 + 0.03 * k, ROOT)
        cs, g = _load(p)
        assert cs.party == ["vera", "mateo"] and g is None
        if prev_path(p).exists():
            read_campaign_doc(prev_path(p))
        orphans += sum(1 for x in folder.iterdir() if x.name.endswith(".tmp"))
        list_slots(folder)  # what the next start does
        assert {x.name for x in folder.iterdir()} <= {"run.json", "run.prev.json"}
    assert orphans >= 1


def test_campaign_names_are_typed_stored_and_renamed(tmp_path):
    """Slots are named by the players: the typed name is stored in the save (version 3), shown by
    the save list, changed by rename_campaign (the file keeps its name, the previous save is
    kept), and cleaned of control characters and cut to NAME_MAX."""
    from game.content.campaign_saves import CAMPAIGN_SAVE_VERSION, NAME_MAX, clean_name, new_slot_path, rename_campaign

    cs = new()
    p = new_slot_path("Halloway run", tmp_path)
    save_campaign(p, cs, now=NOW, name="Halloway run")
    doc = json.loads(p.read_text())
    assert CAMPAIGN_SAVE_VERSION >= 3 and doc["version"] == CAMPAIGN_SAVE_VERSION and doc["name"] == "Halloway run"
    assert new_slot_path("Halloway run", tmp_path).name == "Halloway run 2.json"  # never over another save
    assert [r.name for r in list_slots(tmp_path)] == ["Halloway run"]
    assert rename_campaign(p, "  Last\ncar\tout  ") == "Last car out"
    assert [r.name for r in list_slots(tmp_path)] == ["Last car out"] and p.exists()
    assert json.loads(prev_path(p).read_text())["name"] == "Halloway run"
    back, _ = _load(p)
    assert back.same_as(cs)
    with pytest.raises(ValueError):
        rename_campaign(p, " \x00 ")
    assert len(clean_name("x" * 500)) == NAME_MAX and clean_name(["not", "text"]) == ""


def test_version_2_campaign_save_migrates_and_is_named_by_its_file(tmp_path):
    """Versioned with migration: a version-2 save (before typed names) still loads; it is listed
    under its file's name, and renaming it writes a save of the current version."""
    from game.content.campaign_saves import CAMPAIGN_SAVE_VERSION, rename_campaign

    cs = new()
    p = tmp_path / "campaign 3.json"
    p.write_text(json.dumps({"format": "dreadboard-campaign", "version": 2, "pack": "city", "saved_at": "x",
                             "summary": {"scenario": "DT1"}, "campaign": json.loads(cs.model_dump_json()),
                             "game": None}))
    back, g = _load(p)
    assert back.same_as(cs) and g is None
    assert read_campaign_doc(p)["name"] == "campaign 3" and list_slots(tmp_path)[0].name == "campaign 3"
    rename_campaign(p, "Night shift")
    doc = json.loads(p.read_text())
    assert doc["version"] == CAMPAIGN_SAVE_VERSION and doc["name"] == "Night shift"
    assert _load(p)[0].same_as(cs)
