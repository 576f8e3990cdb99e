"""Issue 25, the minor items a new player stumbled on: the end-phase question says how long it waits
(item 15), words (item 16: no "the The", "Linden Avenue" without an article, "1 action", no
"MapError:" shown to players), tooltips after an action (item 7)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.errors import MapError  # noqa: E402
from game.ui.choices import room_words  # noqa: E402
from tests.ui_kit import key_event, play_at_act  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def test_item15_the_end_phase_question_says_how_long_it_waits(tmp_path):
    """R-TURN-5 with actions left: the first Space asks, saying the time; after it the next Space asks again."""
    app, play = play_at_act(tmp_path, "ut1")
    step = play.state.step
    app.step([key_event(pygame.K_SPACE)], 0.05)
    assert play.state.step == step
    assert "within 3 seconds" in play.ui.toast and play.ui.toast.startswith("End the phase with 4 actions unused?")
    for _ in range(35):
        app.step([], 0.1)
    assert play.ui.toast_t == 0, "the question is gone when its time is up"
    app.step([key_event(pygame.K_SPACE)], 0.05)
    assert play.state.step == step, "a Space after the time asks again"


def test_item16_room_words():
    assert room_words("Linden Avenue") == "Linden Avenue"
    assert room_words("Market Street") == "Market Street"
    assert room_words("The Boom Gate") == "the Boom Gate"
    assert room_words("Storeroom") == "the Storeroom"


def test_item16_a_failed_reload_shows_no_class_name(tmp_path, monkeypatch):
    app, play = play_at_act(tmp_path, "ut1")

    def broken(*a, **k):
        raise MapError("maps/x.tmx", "object 3", "the exit is off the board", "move it onto a floor tile")

    monkeypatch.setattr(app, "load_scenario", broken)
    play.reload(app)
    assert play.ui.banner and "MapError" not in play.ui.banner and "maps/x.tmx" in play.ui.banner


def test_item16_one_action_left_is_said_in_the_singular(tmp_path):
    from game.ui.play import PlayScene

    app, play = play_at_act(tmp_path, "ut1")
    play.state.actions_left = 1
    msgs = []
    real = play.pill
    play.pill = lambda surf, msg, *a, **k: msgs.append(msg) or real(surf, msg, *a, **k)
    c = play.state.active_char
    from game.ui.whynot import walk_plan

    play.state.actions_left = 4
    far = next(sq for sq in play.state.scenario.board.square_tile
               if max(abs(sq[0] - c.pos[0]), abs(sq[1] - c.pos[1])) > 1 and len(walk_plan(play.state, sq) or []) >= 2)
    play.state.actions_left = 1
    play._preview_key = None
    pos = play.view.layout.centre(far)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.1)
    app.step([], 0.1)
    assert any("more than the 1 action you have left" in m for m in msgs), msgs
    assert PlayScene  # imported for the name


def test_item7_no_tooltip_of_the_state_before_an_action(tmp_path):
    """Just after an action the hover tooltip waits (or for the pointer to move) and is then drawn from
    the new state (it stayed as it was until the mouse moved)."""
    app, play = play_at_act(tmp_path, "ut1")
    c = play.state.active_char
    pos = play.view.layout.centre(tuple(c.pos))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.1)
    for _ in range(8):
        app.step([], 0.1)
    assert play.view.hover_lines or play.ui.marks.hover_char
    move = next(a for a in play.state.pending.options or [] if a.kind == "move") if play.state.pending.options \
        else None
    from game.engine import legal_actions

    move = move or next(a for a in legal_actions(play.state) if a.kind == "move")
    play.do(move)
    app.step([], 0.05)
    assert play.view.hover_lines == [], "no tooltip right after the action"
    for _ in range(8):
        app.step([], 0.1)
    app.step([], 0.1)
    assert play.ui.time >= play.ui.hover_quiet_until


def test_item11_the_tension_panel_names_no_enemy_that_is_not_on_the_board():
    """R-SPECIAL-2: the mark names the special attacks of the enemies on the board only ("Special
    attack now: The Stalker (Tendril)" was shown with no Stalker in play)."""
    from game.ui import dashboard as DB
    from tests.kit import board, game, with_enemy

    s = game(board("AAAA", place=[("exit", (3, 0))]))
    with_enemy(s, "zombie_dog", (3, 0))
    stalker = s.scenario.content.enemies["stalker_one_low"]
    s.tension_symbol_known, s.tension_symbol = True, stalker.special_symbol
    assert stalker.special_symbol != s.scenario.content.enemies["zombie_dog"].special_symbol
    assert "Stalker" not in DB.symbol_short(s) and "Stalker" not in DB.symbol_sentence(s)
    assert DB.symbol_short(s).endswith("no enemy here has that special attack")


def test_item12_the_log_scrolls_alone_says_it_is_scrolled_on_its_own_row_and_comes_back(tmp_path):
    from game.engine import legal_actions
    from game.ui.playui import LOG_BIG_TOP, LOG_RECT

    app, play = play_at_act(tmp_path, "ut1")
    for i in range(30):
        play.log("", f"line {i}", "")
    play.ui.log_big = True
    app.step([], 0.05)
    zoom = play.view.zoom
    pos = (200, LOG_BIG_TOP + 40)
    assert pos[1] < LOG_RECT.top, "over the enlarged log, above the small one"
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.05)
    assert play.view.zoom == zoom, "the board under the enlarged log does not zoom"
    assert play.ui.log_scroll > 0
    app.step([], 0.05)
    top = LOG_BIG_TOP
    rows = [z.rect for z in play.view.zones.items if z.key == "log_line"]
    lh = rows[1].top - rows[0].top
    assert min(r.top for r in rows) >= top + 3 + lh, "the 'scrolled back' row is above the lines"
    end = next(a for a in legal_actions(play.state) if a.kind == "end_phase")
    play.do(end)
    assert play.ui.log_scroll == 0, "a new turn brings the log back to its newest lines"


def test_item6_a_long_attack_menu_keeps_every_odds_and_every_option_has_a_key(tmp_path):
    """DV-1: each attack row ends with its odds; with many rows the menu has pages instead of cutting
    them, 1-9 pick on the page shown and PageDown reaches the rest; two zombies on one square say
    which one they are right after the name."""
    from game.ui import theme as T
    from game.ui.scenes.menu import ChoiceMenu
    from tests.kit import board, game, with_enemy
    from tests.ui_kit import play_app

    s = game(board("AAAA", "AAAA", place=[("exit", (3, 1))]))
    for sq in ((1, 0), (2, 0), (2, 0), (1, 1), (2, 1)):
        with_enemy(s, "zombie", sq)
    s.touch()
    app, play = play_app(tmp_path, s)
    cmd = play.side_button("attack_menu", None)
    app.apply(cmd)
    menu = app.top
    assert isinstance(menu, ChoiceMenu) and len(menu.options) >= 10
    T.CUT = []
    app.step([], 0.05)
    assert not T.CUT, "no option is cut"
    assert len(menu.pages) >= 2 and all(len(p) <= 9 for p in menu.pages)
    labels = [lbl for lbl, _ in menu.options]
    assert all(lbl.rstrip().endswith("%") or "there)" in lbl[-20:] or "%" in lbl[-40:] for lbl in labels)
    assert any(lbl.startswith("Zombie, 2 squares east (#2 of 2 there) —") for lbl in labels)
    picked = []
    menu.on_pick = picked.append
    app.step([key_event(pygame.K_PAGEDOWN)], 0.05)
    app.step([key_event(pygame.K_1)], 0.05)
    assert picked == [menu.options[menu.pages[1][0]][1]], "1 on the second page picks its first option"


def test_item9_a_new_city_campaign_chooses_its_survivors_and_asks_the_seats(tmp_path):
    """R-CAMP-1: the players choose who plays, in seat order, and name the seats (person or bot)
    before the first scenario, as New game and the manor do (two survivors were assigned, no name asked)."""
    from game.ui.app import App
    from game.ui.campaign import CampaignMenu, CityMapScene
    from game.ui.scene import Reset
    from game.ui.seats import SeatsScene
    from tests.ui_kit import SIZE, click

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    app.apply(Reset(CampaignMenu()))
    app.step([])
    assert {z.value for z in app.top.zones.items if z.key == "who"} == {"vera", "mateo", "anton", "grigor"}
    click(app, "who", "vera")  # out (the first two are chosen to begin with)
    click(app, "who", "mateo")
    click(app, "who", "anton")
    click(app, "who", "vera")
    click(app, "new")
    assert isinstance(app.top, SeatsScene) and isinstance(app.stack[-2], CityMapScene)
    s = app.stack[-2].s
    assert s.cs.party == ["anton", "vera"]


def test_item8_f1_and_the_tension_panel_say_this_scenario_s_empty_deck_rule(tmp_path):
    """R-TENSION-10 / R-TENSION-8: Barricaded Avenue in the campaign reshuffles (tier 1); the book
    said only the Introduction did. F1 and the tension panel say the rule of the scenario in play."""
    from game.ui.rulebook import RulebookScene
    from tests.ui_kit import click, play_app, shown_text
    from game.ui.app import App
    from game.ui.campaign import CampaignSession, CityMapScene
    from game.ui.scene import Reset
    from tests.ui_kit import SIZE

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    s = CampaignSession.new(app, ["vera", "mateo"], seed=3)
    app.apply(Reset(CityMapScene(s)))
    app.step([])
    click(app, "slot", "UT1")
    click(app, "start")
    play = app.top
    assert play.state.scenario.brief.tension_reshuffle is True
    assert "Empty deck: reshuffled" in " ".join(shown_text(app))
    app.step([key_event(pygame.K_F1)], 0.05)
    book = app.top
    assert isinstance(book, RulebookScene)
    book.current = "tension"
    rows = []
    real = book._lines
    book._lines = lambda surf, body, r: rows.extend(r) or real(surf, body, r)
    app.step([], 0.05)
    assert rows[2][0] == "In this scenario an empty tension deck is reshuffled.", rows[:3]
    app2, play2 = play_at_act(tmp_path / "b", "outskirts")
    assert "Empty deck: the scenario fails" in " ".join(shown_text(app2))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_item17_the_seats_dialog_keeps_its_subtitle_inside_its_border(tmp_path, lang):
    from game import i18n
    from game.ui import theme as T
    from game.ui.seats import SeatsScene

    if lang == "ja" and i18n.japanese_font() is None:
        pytest.skip("no Japanese font")
    app, play = play_at_act(tmp_path, "ut1")
    if lang == "ja":
        i18n.set_language("ja")
    try:
        seats = SeatsScene(play)
        app.stack.append(seats)
        rects = []
        real, real_draw = T.text, seats.draw

        def spy(surf, s, pos, *a, **k):
            r = real(surf, s, pos, *a, **k)
            rects.append((s, r))
            return r

        def draw(surf, app_):  # the dialog's own texts only
            T.text = spy
            try:
                real_draw(surf, app_)
            finally:
                T.text = real

        seats.draw = draw
        app.step([], 0.05)
        panel = pygame.Rect(0, 0, 760, 10)
        panel.centerx = T.W // 2
        assert rects
        outside = [s for s, r in rects if r is not None and (r.left < panel.left or r.right > panel.right)]
        assert not outside, outside
    finally:
        i18n.set_language("en")


def test_item5_the_enemy_card_s_wound_entry_is_the_city_s(tmp_path):
    """R-ENEMY-1: the hover card of a city enemy explains "wound" without the manor's wound tokens."""
    from game.ui.rulebook import rulebook

    t = rulebook().term("wound")
    assert t is not None and "hit points" in t.text
    assert "manor" not in t.text.lower() and "reserve" not in t.text.lower()


def test_item13_a_story_card_s_discard_offers_every_card_of_a_full_inventory(tmp_path):
    """R-NARR, R-INV: a narrative card's follow-up (discard one card of a full inventory) lists every
    option on as many rows as needed; the last ones (Shutter Crank, Blue Herb) fell off the right edge."""
    from game.engine import Action, Event
    from game.ui.narrative import NarrativeDialog
    from tests.kit import board, game
    from tests.ui_kit import play_app

    s = game(board("AAA", place=[("exit", (2, 0))]))
    app, play = play_app(tmp_path, s)
    uids = list(s.cards)[:9]
    assert len(uids) == 9
    card = Event(kind="narrative", rule="R-NARR-2", text="Narrative event: Helping Hands.",
                 data={"name": "Helping Hands", "story": "Someone throws you a bag. Something has to go."})
    dlg = NarrativeDialog(play, card, [])
    follow = [Action(kind="discard", item=u) for u in uids]
    dlg.follow_up = lambda: follow
    app.stack.append(dlg)
    app.step([], 0.05)
    zones = [z for z in dlg.zones.items if z.key == "follow"]
    assert [z.value for z in zones] == follow, "every card can be discarded"
    assert all(dlg.rect.contains(z.rect) for z in zones), "inside the card's dialog"


def test_item5_japanese_lines_leave_room_between_them(tmp_path):
    """The Japanese font reports a line size no taller than its text (13 px for 13 px): the log's lines
    and the hover card's lines touched and overlapped. Every font now spaces lines by 1.3 times its size."""
    from game import i18n
    from game.ui import theme as T

    if i18n.japanese_font() is None:
        pytest.skip("no Japanese font")
    i18n.set_language("ja")
    try:
        for size in (11, 13, 15):
            f = T.font(size)
            assert f.get_linesize() >= round(size * 1.3) and f.get_linesize() >= f.size("あg")[1] + 2
        app, play = play_at_act(tmp_path, "ut1")
        app.step([], 0.05)
        rows = sorted(z.rect.top for z in play.view.zones.items if z.key == "log_line")
        assert len(rows) >= 2 and min(b - a for a, b in zip(rows, rows[1:])) >= 16
    finally:
        i18n.set_language("en")
