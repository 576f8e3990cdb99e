"""Issue 25, what the third play-test (a new player with the shoot tool, end of the 2026-12-07
afternoon session) found: each test here fails without its fix; the docstring says what the tester
saw, numbered as in the closing note's list."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.engine.query import View  # noqa: E402
from tests.ui_kit import press, settle  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def test_1_enter_on_the_tutorials_welcome_goes_next_and_never_ends_the_phase(tmp_path):
    """Tester (1): on the "1/10 Welcome" bubble Enter asked "End the phase with 4 actions unused?",
    a second Enter ended the turn, and the tutorial stayed at 1/10 on turn 2. Enter on a prompt with
    a Next button goes Next; on a prompt that waits for the board it does what it always did."""
    from game.ui.app import App

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    play = app.start_tutorial()
    app.stack = [play]
    settle(app, 3)
    tut = play.tutorial
    assert tut.i == 0 and tut.waits_for_next()
    z = tut.zones.find("tut_next")
    assert z is not None and "Enter" in z.label, z.label
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert tut.i == 2, "two Enters: Welcome, then Action phase"
    st = View.of(play.state)
    assert st.turn == 1 and st.actions_left == 4 and st.pending.kind == "act"
    assert not play.end_toast or play.ui.time >= play.end_confirm_until
    # "Move" waits for the board: Enter there only says so (two would have ended the turn unseen)
    assert not tut.waits_for_next()
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert tut.i == 2 and View.of(play.state).actions_left == 4 and View.of(play.state).turn == 1
    assert play.ui.toast == i18n._("Do it on the board to go on")
    # from the prompt that teaches it on, Enter ends the phase as everywhere (first press asks)
    tut.i = tut.end_phase_step()
    press(app, pygame.K_RETURN)
    assert play.end_toast and play.ui.time < play.end_confirm_until


def _glyph(s: str, size: int = 15) -> bytes:
    from game.ui import theme as T

    return pygame.image.tobytes(T.render(s, size), "RGBA")


@pytest.mark.skipif(i18n.japanese_font() is None, reason="no Japanese font")
def test_2_a_campaign_named_in_japanese_is_readable_in_the_english_saved_list(tmp_path):
    """Tester (2): campaign names saved in Japanese showed as empty boxes ("□□□□□□1") in the
    English saved list. A line with Japanese letters takes the Japanese font while the game is in
    English: two different letters draw two different pictures (boxes are all alike)."""
    from game.ui import theme as T
    from game.ui.app import App
    from game.ui.campaign import CampaignSession
    from game.ui.campaign.menu import CampaignMenu
    from tests.ui_kit import shown_text

    assert i18n.language() == "en"
    assert _glyph("新") != _glyph("館")
    assert _glyph("キ") != _glyph("ン")
    assert T.font_for("Campaign 1", 15) is T.font(15, False, False)  # English lines keep the game's font
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    CampaignSession.new(app, ["vera", "mateo"], seed=3, controllers=["human", "human"], name="夜の館1")
    menu = CampaignMenu()
    app.stack = [menu]
    lines = shown_text(app)
    assert "夜の館1" in lines, lines
    # the width the list fits names by is the width drawn (boxes are narrower than kana)
    assert T.font_for("夜の館1", 15).size("夜の館1")[0] == T.render("夜の館1", 15).get_width()


def test_11_a_default_campaign_name_counts_the_names_saved_in_the_other_language(tmp_path):
    """Tester (11): with "Campaign 1" saved in English, the Japanese default name was again
    "キャンペーン1" (and back in English "Campaign 1" beside "キャンペーン1"). A number is taken
    whichever language its name was saved in."""
    from game.ui.app import App
    from game.ui.campaign import CampaignSession
    from game.ui.campaign.menu import CampaignMenu

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    CampaignSession.new(app, ["vera", "mateo"], seed=3, controllers=["human", "human"], name="Campaign 1")
    menu = CampaignMenu()
    assert menu.default_name(app) == "Campaign 2"
    try:
        i18n.set_language("ja") if i18n.japanese_font() is not None else i18n._state.update(lang="ja")
        i18n.catalogue("ja")
        assert menu.default_name(app) == "キャンペーン2"
        CampaignSession.new(app, ["vera", "mateo"], seed=4, controllers=["human", "human"],
                            name=menu.default_name(app))
    finally:
        i18n.set_language("en")
    menu._slots = None
    assert menu.default_name(app) == "Campaign 3"


def test_3_the_turn_an_enemy_phase_ends_stays_on_screen_while_its_beats_play(tmp_path):
    """Tester (3): while the enemy phase played (its strip with Skip), the top bar already said
    "TURN 2 · PLAYER 2 … 4 actions left", the side panel offered the next survivor's Use/Drop and End
    phase, and the manor's Attack button showed. Until the last beat the turn it ends stays up: its
    number, its survivor, the phase playing, and no action of the next turn is offered."""
    from game.engine import legal_actions
    from tests.ui_kit import play_at_act

    app, play = play_at_act(tmp_path, "intro")
    s = play.state
    first = View.of(s).active_char.cid
    play.do(next(a for a in legal_actions(s) if a.kind == "end_phase"))
    app.step([], 0.05)
    assert play.ui.phase_playing() is not None, "the enemy phase plays beat by beat"
    assert View.of(s).turn == 2 and View.of(s).pending.kind == "act"
    top, phase = play.view.top_text
    assert "TURN 1" in top and first.upper() in top, top
    assert "actions left" not in phase and phase in (i18n._("Reaction phase"), i18n._("Tension phase")), phase
    keys = {z.key for z in play.view.zones.items}
    assert not keys & {"end_phase", "use", "discard", "attack_menu", "search", "move"}, keys
    assert not play.ui.marks.act.moves, "no move squares of the next turn"
    press(app, pygame.K_SPACE)  # skips the beats: the hand-over, then the new turn is on screen
    assert play.ui.phase_playing() is None
    assert type(app.top).__name__ == "PassDevice"
    settle(app, 5)
    press(app, pygame.K_RETURN)
    app.step([], 0.05)
    assert app.top is play
    top, phase = play.view.top_text
    assert "TURN 2" in top and "actions left" in phase, (top, phase)
    assert "end_phase" in {z.key for z in play.view.zones.items}


def test_12_a_bot_seats_health_marker_does_not_say_you(tmp_path):
    """Tester (12): in "Watch the bot" the bot's health-bar marker said "YOU"."""
    from game.content.loader import load_scenario
    from game.engine import new_game
    from tests.ui_kit import play_app, texts_drawn

    s = new_game(load_scenario("intro"), [("vera", 1)], 3)
    app, play = play_app(tmp_path, s, controllers=["bot"])
    play.bot_t = -1e9  # the bot waits: the frame is the bot's seat on screen
    texts = texts_drawn(app)
    assert i18n._("YOU") not in texts and i18n._("Bot").upper() in texts, texts
    (tmp_path / "h").mkdir()
    app2, _play2 = play_app(tmp_path / "h", new_game(load_scenario("intro"), [("vera", 1)], 3))
    assert i18n._("YOU") in texts_drawn(app2)
