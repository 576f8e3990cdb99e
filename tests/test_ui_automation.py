"""Issue 12, automation switches in the play screen (headless): with "Roll your own dice" on, an
attack opens the table-entry dialog, the faces clicked are the faces the log and the dice panel
show; a mistyped face is undone; with "Draw your own tension cards" on, the card clicked is the
card resolved. The switches come from the settings and travel in the save."""
from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import legal_actions, new_game  # noqa: E402
from game.engine.defs import Face  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.entry import EntryDialog  # noqa: E402
from tests.ui_kit import play_app, settle  # noqa: E402
from tests.kit import board, scenario, with_enemy  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")


def click(app, zone):
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=zone.rect.center, button=1)], 0.05)


def test_issue12_dice_switch_attack_faces_come_from_the_dialog_undo_stops_at_the_entered_roll(tmp_path):
    b = board("AAAA", start={1: (0, 0)})
    s = new_game(scenario(b), [("vera", 1)], 3, ["dice"])
    with_enemy(s, "zombie", (2, 0))
    s.touch()
    app, play = play_app(tmp_path, s)
    att = next(a for a in legal_actions(s) if a.kind == "attack")
    play.do(att)
    settle(app, 3)
    dlg = app.stack[-1]
    assert isinstance(dlg, EntryDialog)
    faces = [z.value.target for z in dlg.zones.items if z.key == "opt"]
    assert faces == [f.value for f in dict.fromkeys(Face)] or set(faces) == {f.value for f in Face}
    assert play.undo()  # before any face is entered the attack itself can be taken back
    settle(app, 3)
    s = play.state  # undo puts back a copy of the state
    assert app.stack[-1] is play and s.pending.kind == "act" and s.actions_left == 4
    play.do(att)
    settle(app, 3)
    dlg = app.stack[-1]
    click(app, next(z for z in dlg.zones.items if z.key == "opt" and z.value.target == Face.HIT_PLUS.value))
    settle(app, 40)
    assert not play.undo()  # the whole roll is entered: the dice are known, the undo window closed
    line = next(ln for ln in reversed(play.ui.log) if ln.kind == "attack")
    assert "hit+" in line.text
    assert play.ui.rolls[0].faces == [Face.HIT_PLUS.value]


def test_issue12_tension_switch_the_card_clicked_is_resolved(tmp_path):
    from game.content.loader import load_scenario

    scn = load_scenario("intro")
    s = new_game(scn, [("vera", 1)], 5, ["tension"])
    app, play = play_app(tmp_path, s)
    play.do(next(a for a in legal_actions(s) if a.kind == "end_phase"))
    for _ in range(60):
        app.step([], 0.1)
        if isinstance(app.stack[-1], EntryDialog):
            break
        if s.pending is not None and s.pending.kind not in ("enter",) and app.stack[-1] is play:
            opts = legal_actions(s)
            play.do(next((a for a in opts if a.kind == "end_phase"), opts[0]))
    dlg = app.stack[-1]
    assert isinstance(dlg, EntryDialog)
    want = next(z for z in dlg.zones.items if z.key == "opt" and s.cards[z.value.item].defn == "boxed_in")
    click(app, want)
    settle(app, 10)
    assert any(ln.kind == "tension" and "Boxed In" in ln.text for ln in play.ui.log)


def test_issue12_switches_come_from_the_settings_and_are_kept_in_the_save(tmp_path):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.set_setting("manual_dice", True)
    play = app.start_game(app.default_party(1), ["human"], seed=4)
    assert play.state.manual == ["dice"]
    s = play.state
    while s.pending.kind != "enter":  # play until the game asks the table for a die
        opts = legal_actions(s)
        play.do(next((a for a in opts if a.kind in ("attack", "move")), opts[0]))
    app.save(s, play.party, play.controllers)
    again = app.continue_game()  # checked against its record, replayed with the switch
    assert again.state.manual == ["dice"] and again.state.pending.kind == "enter"
    assert again.state.same_as(s)
    tut = app.start_tutorial()
    assert tut.state.manual == []  # the tutorial always rolls for you


def test_issue12_a_campaign_scenario_honours_the_dice_switch_and_its_slot_keeps_it(tmp_path):
    """Campaign scenarios are set up with the settings' switches too (begin_scenario(manual=...)),
    and the campaign slot's saved game keeps them."""
    from game.ui.campaign import CampaignSession, CityMapScene
    from game.ui.play import PlayScene
    from game.ui.scene import Reset

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.set_setting("manual_dice", True)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3, controllers=["human", "human"])
    app.apply(Reset(CityMapScene(s)))
    app.step([])
    for key, value in (("slot", "UT1"), ("start", None)):
        z = app.top.zones.find(key, value)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    play = app.top
    assert isinstance(play, PlayScene) and play.state.manual == ["dice"]
    s.autosave(play.state)
    assert '"manual":["dice"]' in s.slot.read_text().replace(" ", "")
