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


# ------------------------------------------------------------------ every menu, every scenario
def _core_ids():
    from game.content.loader import load_content
    return sorted(load_content().scenarios)


def _manor_ids():
    from game.content.mansion_pack import mansion_content
    return sorted(mansion_content().scenarios)


def _city_slots():
    from game.content.campaign_pack import load_pack
    return [sl.id for sl in load_pack("city").scenario_defs]


def _play_save_continue(tmp_path, app, play, steps=12):
    """Play ``steps`` legal actions on ``play`` (a PlayScene), save as Esc > Save game does,
    continue in a fresh App over the same folder: the same game, nothing rebuilt, plays on."""
    import pygame

    from game.ui.app import App
    s = play.state
    for i in range(steps):
        if s.over:
            break
        legal = legal_actions(s)
        apply(s, legal[(i * 7) % len(legal)])
    app.save(play.state, play.party, play.controllers, play.map_path, names=play.names)
    again = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    info = again.save_info()
    assert info.status in ("ok", "finished") and not info.note and not info.fallback, info.reason or info.note
    cont = again.continue_game()
    assert cont.state.same_as(s) and type(cont.state) is type(s) and cont.party == play.party
    assert getattr(cont.state.scenario, "standalone", False) == getattr(s.scenario, "standalone", False)
    assert cont.state.scenario.brief == s.scenario.brief  # the same set-up: gear, danger, packets, easy
    if not cont.state.over:
        apply(cont.state, legal_actions(cont.state)[0])


@pytest.mark.usefixtures("display")
@pytest.mark.parametrize("sid", _core_ids() + _manor_ids())
def test_every_scenario_started_from_the_scenario_picker_or_command_line_saves_and_continues(tmp_path, sid):
    """Issue 29 item 2: New game / ``--scenario`` (a manor card id plays the card standalone,
    M-MODE-3): saved and continued, the very game."""
    import pygame

    from game.ui.app import App
    from tools.fuzz import default_party_for
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, scenario_id=sid)
    scn = app.load_scenario(sid)
    party = default_party_for(scn, 2)
    play = app.start_game(party, ["human", "human"], seed=11, scenario=scn, manual=[])
    _play_save_continue(tmp_path, app, play)


@pytest.mark.usefixtures("display")
@pytest.mark.parametrize("easy", [False, True])
@pytest.mark.parametrize("slot", _city_slots())
def test_every_city_scenario_started_from_the_campaign_menus_standalone_button_saves_and_continues(tmp_path, slot, easy):
    """Issue 29 item 2: the campaign menu's standalone button (R-STAND: tier gear, danger,
    packets; easy mode R-EASY) saves the set-up with the game, and Continue rebuilds it instead of
    the plain brief ("damaged: record step 7: Not a legal choice now", or a different game)."""
    import pygame

    from game.ui.app import App
    from game.ui.campaign import CampaignMenu
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, seed=5)
    menu = CampaignMenu()
    menu.easy = easy
    app.stack = [menu]
    cmd = menu.pick("stand", slot, app)
    play = cmd.scene
    assert getattr(play.state.scenario, "standalone", False) and play.state.scenario.brief.easy == easy
    _play_save_continue(tmp_path, app, play, steps=25)
