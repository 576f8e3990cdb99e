"""Small look fixes from the playtests (issue 11): each checks the thing a player saw go wrong."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.loader import load_content, load_scenario, party_for  # noqa: E402
from game.engine import new_game  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.app import App  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def lines_drawn(draw) -> list[T.Line]:
    """The lines of text ``draw(surface)`` puts on a 1280x720 surface (theme's recording)."""
    surf = pygame.Surface((T.W, T.H))
    T.crisp_begin(surf)
    try:
        draw(surf)
    finally:
        got = T.crisp_end(surf)
    return got


def test_dice_legend_keeps_every_face_in_a_short_panel():
    """The faces legend of the dice panel lists blank, hit, hit+ and critical however short the
    panel is (the manor's side panel lost 'critical')."""
    from game.ui.render import PlayView

    view = PlayView()
    for h in (200, 150, 110, 90):
        got = [ln.spec[0] for ln in lines_drawn(lambda s: view.draw_rolls(s, pygame.Rect(870, 300, 400, h), []))]
        for face in ("blank: nothing", "hit: one pip", "hit+: two pips", "critical: a star"):
            assert face in got, (h, got)
        lines = [ln for ln in lines_drawn(lambda s: view.draw_rolls(s, pygame.Rect(870, 300, 400, h), []))]
        assert all(ln.rect.bottom <= 300 + h for ln in lines), h


def _manor_play(tmp_path, size=(T.W, T.H)):
    from game.ui.play import PlayScene

    scn = load_scenario("m_w1a")
    party = party_for(scn.content, 2)
    s = new_game(scn, party, 4)
    app = App(pygame.Surface(size), save_dir=tmp_path, scenario_factory=lambda *a: scn)
    play = PlayScene(app, s, party, ["human"] * 2)
    app.stack = [play]
    return app, play, s


def test_tile_labels_stay_on_the_board_and_off_the_models(tmp_path):
    """Every tile's name label is drawn whole inside the board area ("Servants' Passage · yello"
    was cut at the right edge of the manor's West Wing A) and no model's disc lies under it."""
    from game.ui.board.layout import _circle_hits

    app, play, s = _manor_play(tmp_path)
    app.step([], 0.02)
    got = lines_drawn(lambda surf: play.view.draw(surf, s, play.ui))
    area = play.view.board_area
    tiles = {t.name for t in s.scenario.board.tiles.values()}
    labels = [ln for ln in got if ln.spec[1] == 11 and ln.spec[0].split(" · ")[0] in tiles]
    names = {ln.spec[0].split(" · ")[0] for ln in labels}
    # (a label keeps off tokens too: where "name · colour" has no free place the name goes alone, its
    # tile's colour in the floor's letter badge; issue 25 item 17)
    assert "Servants' Passage" in names and len(labels) == len(s.scenario.board.tiles)
    for ln in labels:
        assert area.contains(ln.rect), ln.spec[0]
        assert ln.clip == ln.rect, f"{ln.spec[0]} is cut"
        for _k, _i, ctr, rad in play.view.models:
            assert not _circle_hits(ln.rect, ctr, rad), f"a model covers {ln.spec[0]}"


def test_a_label_moves_along_its_tile_when_a_model_stands_under_it(tmp_path):
    app, play, s = _manor_play(tmp_path)
    app.step([], 0.02)
    view = play.view
    tile = next(t for t in s.scenario.board.tiles.values() if t.name == "Long Dining Room")
    first = min(tile.squares, key=lambda q: (q[1], q[0]))
    free = view.label_pill(tile, first, (120, 15))
    view.models = [("c", "x", free.center, 20)]
    moved = view.label_pill(tile, first, (120, 15))
    assert moved != free and view.board_area.contains(moved)
    assert not any(q == first for q in [view.layout.square_at(moved.topleft)])


def test_every_item_has_its_own_picture():
    """No item of the city or the manor shows the '?' picture (Sheet Music did); each picture exists."""
    from pathlib import Path

    from game.content.mansion_pack import mansion_content
    from game.ui.art import Art

    art = Art()
    seen = {}
    for ct in (load_content(), mansion_content()):
        for iid, d in ct.items.items():
            icon = art.item_icon(iid, getattr(d.type, "value", d.type), d.herb)
            assert icon != "icon_generic", iid
            assert (Path("assets/sprites") / f"{icon}.png").is_file(), icon
            seen[iid] = icon
    assert seen["sheet_music"] == "icon_sheet_music"
    assert seen["lab_keycard"] == "icon_card" and seen["fire_hose"] == "icon_hose"


def test_a_name_field_leaves_out_characters_the_font_cannot_draw():
    """An emoji typed into the campaign's name would draw as an empty box: it is left out."""
    from game.ui.widgets import TextField

    f = TextField()
    f.focus()
    f.handle(pygame.event.Event(pygame.TEXTINPUT, text="Crypt 😀run é"))
    assert f.text == "Crypt run é"
    assert T.drawable("a") and not T.drawable("😀")


def test_settings_over_the_main_menu_shows_none_of_the_menu_s_boxes(tmp_path):
    """Settings opened from the main menu: the menu's first-time box and key hint are not drawn
    beside the Settings panel."""
    from game.ui.menus import MainMenu
    from game.ui.settings_menu import SettingsMenu

    app = App(pygame.Surface((T.W, T.H)), save_dir=tmp_path)
    assert not app.settings["tutorial_offered"]
    app.stack = [MainMenu(), SettingsMenu()]
    shown = [ln.spec[0] for ln in lines_drawn(lambda surf: (setattr(app, "screen", surf), app.draw()))]
    assert "SETTINGS" in shown
    assert "First time here?" not in shown and not any("Esc quit" in x for x in shown)
    app.stack = [MainMenu()]
    shown = [ln.spec[0] for ln in lines_drawn(lambda surf: (setattr(app, "screen", surf), app.draw()))]
    assert "First time here?" in shown


def test_party_set_up_seed_clear_of_its_button_and_specials_whole(tmp_path):
    """The seed number ends at least 8 px before 'New seed'; every survivor's special is shown
    whole on the set-up card, also under a two-line goal (the manor's)."""
    from game.content.mansion_pack import mansion_content
    from game.ui.menus import PartySetup

    app = App(pygame.Surface((T.W, T.H)), save_dir=tmp_path)
    for sid, ct in (("intro", load_content()), ("m_w1a", mansion_content())):
        ps = PartySetup(app)
        ps.select(app, sid)
        assert ps.scenario is not None, sid
        ps.n = 4
        cids = list(ps.scenario.content.characters)
        for start in range(0, len(cids), 4):
            ps.picks = (cids[start:start + 4] + cids[:4])[:4]
            app.stack = [ps]
            T.CUT.clear()
            got = lines_drawn(lambda surf: ps.draw(surf, app))
            assert T.CUT == [], (sid, T.CUT)
            seed = next(ln for ln in got if ln.spec[0].startswith("Seed "))
            button = ps.zones.find("reseed").rect
            assert button.left - seed.rect.right >= 8


def test_a_move_inside_one_room_says_within(tmp_path):
    """A move that stays in one room says 'moves within the <room>' (the engine's own message id,
    issue 23: the UI no longer rewrites squares)."""
    from game.engine import apply, legal_actions
    from game.ui.words import words

    s = new_game(load_scenario("intro"), [("vera", 1)], 4)
    b = s.scenario.board
    start = tuple(s.characters[0].pos)
    tid = b.square_tile[start]
    move = next((a for a in legal_actions(s) if a.kind == "move" and b.square_tile.get(tuple(a.to)) == tid), None)
    assert move is not None
    got = [e for e in apply(s, move) if e.kind == "move"]
    assert got and got[0].msg == "move.within"
    assert words(got[0], "en") == f"Vera Castellan moves within the {b.tiles[tid].name}."


def test_a_survivor_pushed_is_logged_with_the_room_in_japanese_too():
    """'X is pushed to (6, 9)' showed the square in Japanese: the log keeps the room as a blank."""
    from game import i18n
    from game.engine.actions import Event
    from game.ui.presenters.logtext import message, shown

    s = new_game(load_scenario("intro"), [("vera", 1)], 4)
    sq = tuple(s.characters[0].pos)
    room = s.scenario.board.tile_of(sq).name
    # as the engine emits it (issue 23): the square typed, with the room the map puts it in
    e = Event(kind="push", rule="R-EATK-5", msg="push.char",
              params={"char": {"t": "char", "id": "vera", "name": "Vera Castellan"},
                      "square": {"t": "sq", "xy": list(sq), "room": room}},
              data={"char": "vera", "frm": list(sq), "to": list(sq)})
    try:
        i18n.set_language("ja")
        line = shown(e.text, message(s, e))
        assert i18n._(room) in line and str(sq[0]) not in line
    finally:
        i18n.set_language("en")
