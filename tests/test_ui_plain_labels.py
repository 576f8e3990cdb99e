"""Issue 12 / play3 leftovers: what a new player read as jargon or could not tell apart.

* attack titles, attack options, push-back and placement buttons name the target and the square by
  direction and room, never by coordinates ('Zombie, north-east', 'North-east, into the Hall'), and
  two alike targets or squares never read the same;
* the tension card's foot says in plain words which enemies use their special attack;
* the Valve Handle and the Lock Pick have pictures of their own (tools/make_sprites.py);
* DT3's tile labels no longer overlap each other beside the boss panel.
"""
from __future__ import annotations

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.conftest import play_app  # noqa: E402
from tests.kit import board, game, with_enemy  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py

COORDS = re.compile(r"\d+ ?, ?\d+")


def test_attack_titles_and_options_name_the_target_by_direction_not_coordinates(tmp_path):
    """R-ATK-2 options: two Zombies, one north-east and one east of Vera two squares off, and a third
    in the next room: each reads differently, by direction (and room), without coordinates; the
    question a click on one opens is titled the same way."""
    from game.ui.choices import attack_title, enemy_label
    from game.ui.scenes.menu import ChoiceMenu

    s = game(board("AAAB", "AAAB", "AAAB", open_doors=[((2, 1), (3, 1))], start={1: (0, 1)},
                   place=[("exit", (0, 0))]))
    a = with_enemy(s, "zombie", (1, 0))   # north-east, next to her
    b = with_enemy(s, "zombie", (2, 1))   # two squares east
    c = with_enemy(s, "zombie", (3, 2))   # in the other room
    s.touch()
    labels = [enemy_label(s, e.uid) for e in (a, b, c)]
    assert labels[0] == "Zombie, north-east" and labels[1] == "Zombie, 2 squares east", labels
    assert labels[2].startswith("Zombie, ") and "the Tile B" in labels[2], labels
    assert len(set(labels)) == 3 and not any(COORDS.search(x) for x in labels)
    assert attack_title(s, a.uid) == "Attack the Zombie (north-east): weapon and rapid fire"
    app, play = play_app(tmp_path, s)
    c0 = s.active_char
    from tests.kit import card

    c0.inventory.append([card(s, "gun2", s.cards[c0.inventory[1][0]].defn, ammo=6)])  # two ways to attack
    s.touch()
    app.step([])
    pos = play.view.layout.square_rect((2, 1)).center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
    app.step([])
    assert isinstance(app.top, ChoiceMenu), type(app.top)
    assert app.top.title == "Attack the Zombie 2 (2 squares east): weapon and rapid fire"  # the second of three Zombies, numbered as on the board (issue 25)


def test_two_alike_targets_that_would_read_the_same_are_told_apart_exactly():
    """Two Zombies both 'two squares south-east' of Vera ((2, 1) and (1, 2) from (0, 0)): the words
    fall back to the exact offsets, so the two buttons still differ (and show no coordinates)."""
    from game.ui.choices import enemy_label

    s = game(board("AAA", "AAA", "AAA", start={1: (0, 0)}, place=[("exit", (2, 2))]))
    a = with_enemy(s, "zombie", (2, 1))
    b = with_enemy(s, "zombie", (1, 2))
    s.touch()
    la, lb = enemy_label(s, a.uid), enemy_label(s, b.uid)
    assert la != lb and not COORDS.search(la + lb), (la, lb)
    assert la == "Zombie, 2 east, 1 south" and lb == "Zombie, 1 east, 2 south"


def test_push_back_buttons_say_the_direction_and_room_not_coordinates(tmp_path):
    """R-EATK-7: pushing the Zombie that shares Vera's square offers one button per square, each its
    direction from the Zombie (and the room when it is another), all different, none with numbers."""
    from game.ui.choices import describe
    from tests.kit import run_task

    s = game(board("AAB", "AAB", open_doors=[((1, 0), (2, 0))], place=[("exit", (0, 1))]))
    e = with_enemy(s, "zombie", (1, 0))
    s.active_char.pos = (1, 0)
    s.touch()
    run_task(s, "push_enemy", enemy=e.uid, seat=0, rule="R-EATK-7")
    assert s.pending is not None and s.pending.kind == "push_enemy"
    labels = [describe(s, a) for a in s.pending.options if a.kind == "push"]
    assert len(labels) >= 3 and len(set(labels)) == len(labels), labels
    assert not any(COORDS.search(x) for x in labels), labels
    assert "West" in labels and "East, into the Tile B" in labels, labels


def test_the_tension_cards_foot_says_in_plain_words_who_attacks_specially():
    """R-SPECIAL-2/4: the foot of the tension card once read 'FIST live: The Stalker Tendril' and
    'Symbol unknown: the deck is cut at the next reaction'; it now says who uses a special attack."""
    from game.ui import dashboard as DB

    s = game(board("AAAA", place=[("exit", (3, 0))]))
    with_enemy(s, "zombie_dog", (3, 0))
    s.tension_symbol_known = False
    assert DB.symbol_short(s) == "Special attacks: decided when the enemies next react"
    s.tension_symbol_known, s.tension_symbol = True, None
    assert DB.symbol_short(s) == "No mark: enemies make their normal attacks"
    sym = s.scenario.content.enemies["zombie_dog"].special_symbol
    s.tension_symbol = sym
    d = s.scenario.content.enemies["zombie_dog"]
    assert DB.symbol_short(s) == f"Special attack now: {d.name} ({d.special.name})"
    for text in (DB.symbol_short(s), DB.symbol_sentence(s)):
        assert not re.search(r"\blive\b|\bcut\b|effect-box", text), text


def test_the_valve_handle_and_the_lock_pick_have_pictures_of_their_own():
    """play3 #24: the Valve Handle and the Lock Pick showed the same picture. Each now has its own,
    drawn by tools/make_sprites.py (source and PNG committed): a hand-wheel and a pick with a wrench."""
    from pathlib import Path

    from game.ui.art import Art

    art = Art()
    names = {d: art.item_icon(d, "scenario" if d == "valve_handle" else "special", None)
             for d in ("valve_handle", "lock_pick", "square_crank", "office_key")}
    assert names["valve_handle"] == "icon_valve" and names["lock_pick"] == "icon_lock_pick"
    assert len(set(names.values())) == 4, names
    root = Path(__file__).resolve().parents[1] / "assets" / "sprites"
    pics = {n: pygame.image.load(str(root / f"{n}.png")) for n in set(names.values())}
    raw = {n: pygame.image.tobytes(p, "RGBA") for n, p in pics.items()}
    assert len(set(raw.values())) == 4


def test_dt3_tile_labels_do_not_overlap_beside_the_boss_panel(tmp_path):
    """play3 #26: on DT3 the board shares its width with the boss panel and the labels of the
    Cemetery Gate, the Chapel and the Sinkhole ran into each other. Labels now step aside for the
    labels already placed (and drop the colour word when room is short): none overlaps another."""
    from tests.ui_kit import play_at_act

    app, play = play_at_act(tmp_path, "dt3")
    s = play.state
    pills = [p for _label, p, *_px in (v for k, v in play.view._label_pills.items() if k[0] == id(s.scenario.board))]
    assert len(pills) >= len(s.scenario.board.tiles)
    shown = {tuple(p) for p in pills}
    rects = [pygame.Rect(p) for p in shown]
    overlaps = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
    assert not overlaps, overlaps


def test_the_attack_question_is_japanese_with_japanese_chosen(tmp_path):
    """Issue 12 item 5: the attack question a click on an enemy opens (its title, the dice note, each
    option's dice, reach, ammunition, weapon results and odds) draws no English word in Japanese; the
    weapon's results ('hit = push, hit+ = 1 damage') and the dice note were English before."""
    from game import i18n
    from game.ui import theme as T
    from game.ui.scenes.menu import ChoiceMenu
    from tests.kit import card
    from tests.test_i18n_screens import english_in

    if i18n.japanese_font() is None:
        pytest.skip(i18n.FONT_HINT)
    s = game(board("AAAB", "AAAB", "AAAB", open_doors=[((2, 1), (3, 1))], start={1: (0, 1)},
                   place=[("exit", (0, 0))]))
    with_enemy(s, "zombie", (2, 1))
    c0 = s.active_char
    c0.inventory.append([card(s, "gun2", s.cards[c0.inventory[1][0]].defn, ammo=6)])
    s.touch()
    app, play = play_app(tmp_path, s)
    try:
        assert app.set_language("ja", save=False) == ""
        app.step([])
        pos = play.view.layout.square_rect((2, 1)).center
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
        app.step([])
        assert isinstance(app.top, ChoiceMenu)
        T.SHOWN = []
        app.step([], 0.02)
        menu_lines = [x for x in T.SHOWN if x.strip()]
        T.SHOWN = None
        kit = re.compile(r"Tile [AB]|Test")  # the test kit's own tile and scenario names
        left = [x for x in menu_lines if english_in(kit.sub("", x))]
        assert len(menu_lines) > 5 and not left, left
    finally:
        T.SHOWN = None
        i18n.set_language("en")
