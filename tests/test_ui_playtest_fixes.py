"""Small things a playtest (play2, this session) found, each driven through the real scenes:
the caption above the board and a narrative / scenario event card's consequences name rooms, not
'(0, 1)'; the manor end phase sends players to the
manor map, not the city map; the manor menu's "player N" tag no longer covers a long name."""
from __future__ import annotations

import pygame
import pytest

from game.ui import theme as T
from game.ui.app import App
from tests.conftest import play_app
from tests.kit import board, game

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def _record(monkeypatch, module, name="text"):
    """Every string drawn through ``module.<name>`` (theme.text / text_block / widgets.button), with its rect."""
    seen: list[tuple[str, pygame.Rect | None]] = []
    real = getattr(module, name)

    def spy(surf, s, *a, **kw):
        r = real(surf, s, *a, **kw)
        label = a[1] if name == "button" else s  # button(surf, zones, rect, label, ...)
        seen.append((label, r if isinstance(r, pygame.Rect) else None))
        return r
    monkeypatch.setattr(module, name, spy)
    return seen


def test_the_caption_names_the_room_not_the_square_coordinates(tmp_path, monkeypatch):
    """The caption above the board shows an engine sentence such as a spawn (R-SPAWN) with the room
    its square lies in, like the log under the board; it said 'A Zombie appears at (1, 0).'"""
    s = game(board("AAA", place=[("exit", (2, 0))]))
    app, play = play_app(tmp_path, s)
    tile = s.scenario.board.tiles[s.scenario.board.square_tile[(1, 0)]].name
    from game.engine import Event
    from game.ui.words import Said

    # the engine's spawn event (issue 23: the square typed, with the room the map puts it in); the caption
    # keeps it as the animation does (anim.Animator.add_events)
    e = Event("spawn", "", msg="spawn.at", params={"enemy": {"t": "enemy", "id": "e9", "type": "zombie", "name": "Zombie"},
                                                  "square": {"t": "sq", "xy": [1, 0], "room": tile}})
    play.ui.anim.last_caption = Said(e.text, e.msg, e.params)
    seen = _record(monkeypatch, T)
    play.view.draw_caption(app.screen, play.ui, s)
    drawn = [t for t, _r in seen]
    assert f"A Zombie appears at the {tile}." in drawn, drawn
    assert not any("(1, 0)" in t for t in drawn)


def test_the_manor_end_phase_sends_players_to_the_manor_map(tmp_path, monkeypatch):
    """M-END (end of the mansion end phase, R-END-S11 'choose the next scenario'): the last step's text
    and button name the manor map; the manor scene reused the city's 'To the city map'."""
    import game.ui.campaign.end_phase as campaign_ui  # the end phase draws its buttons
    from game.ui.manor import ManorEndPhaseScene, ManorSession
    from game.ui.scene import Reset

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    s = ManorSession.new(app, ["dana", "ivy"], seed=4)
    s.cs.phase = "success.choose"  # the end phase is over: the players choose the next card
    app.apply(Reset(ManorEndPhaseScene(s)))
    labels = _record(monkeypatch, campaign_ui, "button")
    blocks = _record(monkeypatch, campaign_ui.T, "text_block")
    app.step([])
    words = [t for t, _r in labels] + [t for t, _r in blocks]
    assert "To the manor map" in words, words
    assert any("manor map" in t for t, _r in blocks)
    assert not any("city map" in t for t in words), words


def test_the_manor_menu_seat_tag_does_not_cover_the_name(tmp_path, monkeypatch):
    """M-CAMP-1 (seat order): a chosen main character's "player N" tag is drawn clear of the
    character's name (it sat on 'Dana Whitlock' at the card's top right)."""
    from game.ui.manor import ManorCampaignMenu
    from game.ui.scene import Reset

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    menu = ManorCampaignMenu()
    app.apply(Reset(menu))
    app.step([])
    assert menu.chosen == ["dana", "marcus"]  # the first two are chosen to begin with (issue 25, third play-test 11)
    seen = _record(monkeypatch, T)
    app.step([])
    rects = dict((t, r) for t, r in seen if r is not None)
    for name, tag in (("Dana Whitlock", "player 1"), ("Marcus Hale", "player 2")):
        assert name in rects and tag in rects, sorted(rects)
        assert not rects[name].colliderect(rects[tag]), (name, rects[name], rects[tag])


def test_a_saved_manor_slot_names_its_card_not_its_id(tmp_path, monkeypatch):
    """M-CAMP-1 (saved campaigns): the manor menu's slot line names the card by its place ('card Dining Wing'),
    not 'card W1A'."""
    from game.ui.manor import ManorCampaignMenu
    from game.ui.scene import Reset
    from tests.test_ui_manor import new_manor
    from tests.ui_kit import click

    app, s = new_manor(tmp_path)
    click(app, "card", "W1A")
    click(app, "start")  # 1F West A in play
    s.autosave()
    app.apply(Reset(ManorCampaignMenu()))
    seen = _record(monkeypatch, T)
    app.step([])
    lines = [t for t, _r in seen if t.startswith("card ")]
    assert lines and lines[0].startswith("card Dining Wing ·"), lines


def test_a_story_cards_consequences_name_rooms_not_squares(tmp_path):
    """R-NARR (and M-EVENT-3 scenario event cards, shown by the same dialog): the lines under the
    card say what happened as the log does, e.g. 'A Zombie appears at the <room>.', never
    'A Zombie appears at (1, 0).' (seen on 'Footsteps on the Cellar Stairs')."""
    from game.engine import Event
    from game.ui.narrative import NarrativeDialog

    s = game(board("AAA", place=[("exit", (2, 0))]))
    app, play = play_app(tmp_path, s)
    tile = s.scenario.board.tiles[s.scenario.board.square_tile[(1, 0)]].name
    card = Event(kind="narrative", rule="M-EVENT-3", text="Scenario event: Footsteps.",
                 data={"name": "Footsteps", "story": "Two of the dead climb up."})
    spawn = Event(kind="spawn", rule="R-SPAWN-1", msg="spawn.at",  # (issue 23: the square typed, its room from the map)
                  params={"enemy": {"t": "enemy", "id": "e9", "type": "zombie", "name": "Zombie"},
                          "square": {"t": "sq", "xy": [1, 0], "room": tile}},
                  data={"enemy": "e9", "type": "zombie", "pos": [1, 0]})
    dlg = NarrativeDialog(play, card, [spawn])
    assert dlg.after == [f"A Zombie appears at the {tile}."]


def test_the_manor_map_says_how_the_introduction_ended(tmp_path, monkeypatch):
    """M-INTRO-1: the Introduction has no end phase, so the manor map the players come back to says
    how it ended ('The Introduction ends (success); ...'); it said nothing, and the players could
    not tell whether they had won."""
    from game.ui.manor import ManorMapScene
    from game.ui.scene import Replace
    from tests.test_ui_manor import new_manor
    from tests.ui_kit import click

    app, s = new_manor(tmp_path)
    seen = _record(monkeypatch, T, "text_block")
    app.step([])
    assert not any("Introduction ends" in t for t, _r in seen)  # nothing before it was played
    click(app, "intro")
    click(app, "start")
    gs = app.top.state
    gs.result = "success"
    app.apply(Replace(s.after_scenario(app, gs)))
    assert isinstance(app.top, ManorMapScene)
    seen.clear()
    app.step([])
    assert any("The Introduction ends (success)" in t for t, _r in seen), [t for t, _r in seen]


def test_renaming_a_seat_mid_game_shows_the_new_name_at_once(tmp_path):
    """Seats and players (game.ui.seats): a name typed for a seat during play shows in the top bar
    on the next frame; the cached top bar (PlayView.memo) kept 'PLAYER 1' until the state changed,
    because its cache key left the names out. Compared with the same frame drawn without the cache."""
    s = game(board("AAA", place=[("exit", (2, 0))]))
    app, play = play_app(tmp_path, s)
    for _ in range(3):
        app.step([])
    play.names[0] = "Ana"
    play.ui.names = play.names
    app.step([])
    top = pygame.Rect(0, 0, 1280, 36)
    cached = app.screen.subsurface(top).copy()
    play.view._regions.clear()  # draw every panel afresh
    app.step([])
    fresh = app.screen.subsurface(top).copy()
    assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_the_switch_screen_says_whose_kerosene_moves_over(tmp_path, monkeypatch):
    """M-SWITCH-4: the switching screen says in words that the new character takes over the old
    one's kerosene up to its own limit: Ivy (limit 1) takes 1 of Dana's 2; it read
    'kerosene limit 1: 1 move over', which players could not parse."""
    from game.engine.mansion.state import Reserved
    from game.ui.manor import SwitchScene
    from tests.test_ui_manor import new_manor
    from tests.ui_kit import click

    app, s = new_manor(tmp_path, party=("dana",))
    s.cs.reserve.append(Reserved(cid="ivy", wounds=0))
    s.cs.touch()
    click(app, "card", "E1A")
    click(app, "start")
    assert isinstance(app.top, SwitchScene)
    seen = _record(monkeypatch, T)
    app.step([])
    lines = [t for t, _r in seen if "kerosene" in t]
    assert "takes 1 of Dana's kerosene (limit 1)" in lines, lines
