"""One save path for every kind of game (issue 29 items 1 and 2): a game saved is the game
continued, whichever rule set plays it and whichever menu started it."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.content.loader import load_scenario
from game.content.saves import inspect_slot, load_game, open_save, save_game, scenario_map_file
from game.engine import apply, legal_actions, new_game


def _played(scn, party, seed, steps):
    s = new_game(scn, party, seed)
    for i in range(steps):
        if s.over:
            break
        legal = legal_actions(s)
        apply(s, legal[(i * 7) % len(legal)])
    return s


def test_a_saved_manor_game_loads_as_a_manor_game(tmp_path):
    """Issue 29 item 1: a manor card played alone (m_w1a, two characters) is saved and listed as
    a game to continue, not as damaged ("mansion: Unexpected keyword argument"): it is read back
    as a MansionState and is the very game that was saved."""
    scn = load_scenario("m_w1a")
    party = [("dana", 1), ("marcus", 2)]
    s = _played(scn, party, 5, 20)
    save_game(tmp_path / "save.json", s, party)
    info = inspect_slot(tmp_path / "save.json", lambda sid, mp: load_scenario(sid, map_path=mp))
    assert info.status == "ok", info.reason
    loaded, lparty, doc = open_save(tmp_path / "save.json", lambda sid, mp: load_scenario(sid, map_path=mp))
    assert type(loaded) is type(s) and loaded.rules == "mansion"
    assert loaded.same_as(s) and lparty == party
    apply(loaded, legal_actions(loaded)[0])  # and it plays on


def test_a_save_of_one_rule_set_is_refused_for_a_scenario_of_another(tmp_path):
    """The save's ``state.rules`` must be the scenario's rule set; the refusal names the file and
    the field."""
    scn = load_scenario("m_w1a")
    party = [("dana", 1), ("marcus", 2)]
    s = _played(scn, party, 5, 3)
    save_game(tmp_path / "save.json", s, party)
    core = load_scenario("intro")

    class Other:  # the intro's board and content under the manor card's id
        id = "m_w1a"
        rules = "core"
        brief = core.brief
        board = core.board
    with pytest.raises(ContentError) as err:
        load_game(tmp_path / "save.json", Other(), map_file=scenario_map_file(scn))
    assert "state.rules" in str(err.value) and "save.json" in str(err.value)
