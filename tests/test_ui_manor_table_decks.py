"""Issue 12's card switch in a manor game (headless): exploring a tile opens the table-entry dialog
with the cards left in the encounter deck (M-ENC-1: each with its top edge, so the two Silence
cards stay apart), the card clicked is the card resolved (M-ENC-2), and the manor campaign sets
its scenarios up with the settings' switches."""
from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import legal_actions  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.entry import EntryDialog, option_label  # noqa: E402
from tests.ui_kit import play_app, settle, shown_text  # noqa: E402
from tests.kit import board  # noqa: E402
from tests.mansion_kit import mcontent, mgame  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")


def test_M_ENC_2_issue12_encounter_dialog_offers_the_deck_and_the_card_clicked_spawns(tmp_path):
    b = board("AAB", "AAB", arches=[((1, 0), (2, 0))], colours={"B": "amber"}, unexplored=["B"],
              spawns={"B": [(2, 1)]})
    s = mgame(b)
    s.manual = ["tension"]
    s.touch()
    ct = mcontent()
    two = next(k for k, e in ct.encounter.items() if e.rows and e.rows["amber"] == ["zombie", "zombie"])
    app, play = play_app(tmp_path, s, party=(("dana", 1),))
    play.do(next(a for a in legal_actions(s) if a.kind == "move" and a.to == (1, 0)))
    settle(app, 5)
    T.CUT.clear()
    play.do(next(a for a in legal_actions(play.state) if a.kind == "move" and a.to == (2, 0)))
    for _ in range(30):
        app.step([], 0.1)
        if isinstance(app.stack[-1], EntryDialog):
            break
    dlg = app.stack[-1]
    assert isinstance(dlg, EntryDialog)
    app.step([], 0.05)
    opts = [z.value for z in dlg.zones.items if z.key == "opt"]
    assert sorted(o.item for o in opts) == sorted(play.state.mansion.decks["encounter"])  # every card left
    assert len(opts) == 30 and all(dlg.rect.contains(z.rect) for z in dlg.zones.items if z.key == "opt")
    assert T.CUT == []  # every card name fits its button
    assert dlg.rect.bottom <= 720
    # the manor's kit asks for its own deck and draws its cards (issue 24: its table_decks, not a
    # shared file's): the instruction names the encounter deck, the buttons the cards by name
    text = " | ".join(shown_text(app))
    assert "Draw the top card of your encounter deck and click the card you drew." in text
    assert "DRAW AT THE TABLE" in text and "Silence" in text
    labels = [option_label(play.state, o) for o in opts]
    silence = [x for x in labels if x.startswith("Drew Silence")]
    assert len(silence) == 2 and silence[0] != silence[1]  # the top edge tells same-named cards apart
    z = next(z for z in dlg.zones.items if z.key == "opt" and z.value.item == two)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    settle(app, 20)
    st = play.state
    assert sorted(e.type for e in st.enemies) == ["zombie", "zombie"]
    assert st.mansion.decks["encounter_discard"] == [two]
    pygame.image.save(app.screen, str(tmp_path / "after.png"))


def test_issue12_manor_campaign_scenario_uses_the_settings_switches(tmp_path):
    """The manor campaign starts its scenarios with ``begin_mansion_scenario(manual=...)``."""
    from game.ui.app import App
    from game.ui.manor import ManorSession

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.set_setting("manual_tension", True)
    sess = ManorSession.new(app, ["dana", "marcus"], seed=3, controllers=["human", "human"])
    cs = sess.cs
    from game.engine.campaign import apply, legal
    while cs.phase != "playing":
        opts = legal(cs)
        apply(cs, next((a for a in opts if a.target == "intro"), opts[0]))
    play = sess.start_scenario(app)
    assert play.state.manual == ["tension"]
