"""Saves of the dungeon crawl (issue 26 item 4: "saves and replays, as in the city"): a dungeon
game, heroes with their chosen card faces (D-COMP-5/6), goes through the one save path of every
game (game.content.saves) by the rule set's party hooks (``RuleSet.read_party``/``party_of``);
hostile and corrupt dungeon saves are refused naming the file and the place, and the file is left
as it was. The versus game uses the same hooks."""
from __future__ import annotations

import json

import pytest

from game.ai.dungeon_bot import DungeonBot
from game.content.dungeon_pack import dungeon_scenario
from game.content.errors import ContentError
from game.content.saves import inspect_slot, load_game, open_save, save_game
from game.engine.api import apply, legal_actions, new_game
from game.engine.query import View

SR = "sunken_reliquary"
#: second faces on several cards (D-COMP-5/6): the save must keep them
PARTY = [("brannoc", "warbrand:2", "battle_surge"), ("sela:2", "longbow", "fleetfoot:2")]


def _played(steps: int = 40, seed: int = 7, party=PARTY):
    scn = dungeon_scenario(SR)
    s = new_game(scn, party, seed)
    bot = DungeonBot(seed)
    for _ in range(steps):
        if View(s).result is not None:
            break
        apply(s, bot.choose(s))
    return scn, s


def _loader(sid, _map):
    return dungeon_scenario(sid)


def test_a_dungeon_game_with_second_faces_is_saved_and_continued(tmp_path):
    """D-COMP-5/6: the heroes' chosen faces travel with the save; the game loaded is the game
    saved (same state, same party), is offered as a game to continue, and plays on."""
    scn, s = _played(12)
    assert View(s).result is None  # a game in progress
    path = tmp_path / "save.json"
    save_game(path, s, PARTY)
    info = inspect_slot(path, _loader)
    assert info.status == "ok", info.reason
    assert "2 survivors" in info.summary  # (the menu's wording is the UI's; the count is the party's)
    loaded, party, _doc = open_save(path, _loader)
    assert type(loaded) is type(s) and loaded.rules == "dungeon"
    assert loaded.same_as(s)
    assert party == [("brannoc", "warbrand:2", "battle_surge"), ("sela:2", "longbow", "fleetfoot:2")]
    assert [h.faces for h in loaded.dungeon.heroes] == [[0, 1, 0], [1, 0, 1]]
    stamp = json.loads(path.read_text(encoding="utf-8"))["map"]
    assert stamp == {"file": None, "sha256": None}  # the board is the cards laid in play, not one map file
    apply(loaded, legal_actions(loaded)[0])  # it plays on


def test_a_face_written_as_1_is_the_first_face(tmp_path):
    """``"card:1"`` names the first face (D-COMP-5): read back as the plain card id."""
    party = [("brannoc:1", "warbrand", "battle_surge:1")]
    scn, s = _played(10, party=party)
    save_game(tmp_path / "save.json", s, party)
    _state, got = load_game(tmp_path / "save.json", scn)
    assert got == [("brannoc", "warbrand", "battle_surge")]


def _doc(tmp_path):
    scn, s = _played()
    save_game(tmp_path / "save.json", s, PARTY)
    return scn, json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.__setitem__("party", [["brannoc", "warbrand"]]), "party.0"),
    (lambda d: d.__setitem__("party", [["brannoc", "warbrand", "battle_surge", "x"], PARTY[1]]), "party.0"),
    (lambda d: d.__setitem__("party", [list(PARTY[0]), ["sela:3", "longbow", "fleetfoot"]]), "party.1"),
    (lambda d: d.__setitem__("party", [list(PARTY[0]), ["sela", "longbow", "no_such_card"]]), "unknown ability card"),
    (lambda d: d.__setitem__("party", [list(PARTY[0]), ["sela", "longbow", 3]]), "party.1"),
    (lambda d: d.__setitem__("party", [["../etc", "longbow", "fleetfoot"], list(PARTY[1])]), "party"),
    (lambda d: d.__setitem__("party", [list(PARTY[0]), ["sela", "longbow", "fleetfoot:2"]]),
     "party does not match"),
    (lambda d: d.__setitem__("party", [list(PARTY[0])]), "party does not match"),
    (lambda d: d["state"]["dungeon"]["heroes"][0].__setitem__("energy", 99), "trackers out of range"),
    (lambda d: d["state"]["dungeon"]["heroes"][1].__setitem__("pos", d["state"]["dungeon"]["heroes"][0]["pos"]),
     "two figures"),
    (lambda d: d["state"]["dungeon"]["heroes"][0].__setitem__("faces", [1, 1, 1]), "party does not match"),
    (lambda d: d["state"]["dungeon"].__setitem__("heroes", "everyone"), "state"),
    (lambda d: d["state"].__setitem__("rules", "core"), "state.rules"),
    (lambda d: d["state"]["record"].append({"kind": "dmove", "seat": 0, "to": [99, 99]}), "record"),
    (lambda d: d.__setitem__("seed", d["seed"] + 1), "seed"),
])
def test_hostile_or_corrupt_dungeon_saves_are_refused_naming_the_file_and_the_place(tmp_path, mutate, words):
    """Issue 26 item 4 / issue 16 item 8 for the dungeon: a party that is not three known cards
    with faces 1 or 2, a party other than the heroes in the seats (a face changed), impossible
    trackers or positions, another rule set, a record that does not replay: refused before any
    crash, with the file and the place named, and the file unchanged."""
    scn, doc = _doc(tmp_path)
    mutate(doc)
    p = tmp_path / "save.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    before = p.read_bytes()
    with pytest.raises(ContentError) as ex:
        load_game(p, scn)
    assert "save.json" in str(ex.value) and words in str(ex.value), str(ex.value)
    assert p.read_bytes() == before
    assert inspect_slot(p, _loader).status in ("damaged", "ok")  # never raises; a good .prev may be offered


def test_a_city_save_still_reads_its_survivor_and_start():
    """The city's default party hook is unchanged: ``(survivor, start 1|2)``, nothing else."""
    from game.engine.machine import read_city_party

    assert read_city_party(None, ["vera", 2], 0) == ("vera", 2)
    for bad in (["vera", 3], ["vera", "1"], ["vera", True], ["vera"], "vera", ["vera", 1, 2]):
        with pytest.raises(ValueError, match="seat 1"):
            read_city_party(None, bad, 0)


def test_a_versus_game_uses_the_same_save_path(tmp_path):
    """The versus game's party is ``(faction, 0)`` per seat (V-SETUP-1), read by its own hook;
    a save naming the factions the other way round is refused."""
    from game.engine.versus import DIRECTORATE, SYNDICATE, new_versus

    s = new_versus("sanctuary", None, 3)
    for _ in range(6):
        apply(s, legal_actions(s, s.pending.seat)[0], s.pending.seat)
    party = [(DIRECTORATE, 0), (SYNDICATE, 0)]
    save_game(tmp_path / "save.json", s, party)
    loaded, got = load_game(tmp_path / "save.json", s.scenario)
    assert loaded.same_as(s) and got == party
    doc = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    doc["party"] = [[SYNDICATE, 0], [DIRECTORATE, 0]]
    (tmp_path / "save.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ContentError, match="party does not match"):
        load_game(tmp_path / "save.json", s.scenario)
    doc["party"] = [[DIRECTORATE, 1], [SYNDICATE, 0]]
    (tmp_path / "save.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ContentError, match="party.0"):
        load_game(tmp_path / "save.json", s.scenario)
