"""Saves that survive change: a save written by the previous game (version 1, loose ``flags``)
loads, migrated, into exactly the state the current engine reaches by replaying its record."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.content.loader import load_scenario
from game.content.saves import load_game
from game.engine import apply, legal_actions, replay
from game.engine.migrate import SaveVersionError, migrate_state
from game.engine.state import SAVE_VERSION

SAVES = Path(__file__).parent / "saves"  # written by commit 13c6a4c (save version 1), mid-game
# (intro and outskirts were re-made by that commit at an earlier step of the same games: their later
# steps crossed an R-OOS-5 push-back, whose replay changed with the issue 8 item 8 fix)


@pytest.mark.parametrize("name", ["intro", "outskirts", "practice-burrower"])
def test_a_version_1_save_loads_migrated_and_equals_a_replay_of_its_record(name):
    path = SAVES / f"v1_{name}.json"
    doc = json.loads(path.read_text())
    assert doc["version"] == 1 and "flags" in doc["state"]
    scn = load_scenario(doc["scenario"])
    s, party = load_game(path, scn)
    assert s.version == SAVE_VERSION and s.rules == "core"
    again = replay(scn, party, doc["seed"], doc["state"]["record"])
    assert s.same_as(again)
    for _ in range(5):  # and it plays on
        if s.over:
            break
        apply(s, legal_actions(s)[0])


def test_a_save_from_a_newer_game_is_refused_with_what_to_do(tmp_path):
    doc = json.loads((SAVES / "v1_intro.json").read_text())
    doc["version"] = SAVE_VERSION + 1
    p = tmp_path / "new.json"
    p.write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="newer Dreadboard.*update the game"):
        load_game(p, load_scenario("intro"))


@pytest.mark.parametrize("version", [0, "2", None, True, 1.5])
def test_a_save_version_that_is_not_a_known_number_is_refused(version):
    with pytest.raises(SaveVersionError):
        migrate_state({"flags": {}}, version)


def test_a_version_1_queue_is_put_on_the_phase_table():
    """Version 1 queued ``turn_end`` straight after the tension draws; version 2's tension phase
    queues ``next_phase`` (the phase table), and an early end (R-TURN-8) is phase ``end``."""
    tension = migrate_state({"phase": "tension", "queue": [{"t": "turn_end"}, {"t": "tension_draw"}], "flags": {}}, 1)
    assert [t["t"] for t in tension["queue"]] == ["next_phase", "tension_draw"]
    early = migrate_state({"phase": "reaction", "queue": [{"t": "turn_end"}], "flags": {}}, 1)
    assert early["phase"] == "end" and early["queue"] == [{"t": "turn_end"}]
