"""Dice history rows wrap their description instead of cutting the weapon off."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui import theme as T  # noqa: E402
from game.ui.hud.dice import roll_title  # noqa: E402
from game.ui.playui import Roll  # noqa: E402
from game.ui.render import PlayView  # noqa: E402


def test_long_dice_titles_keep_the_weapon_on_two_lines():
    """A title too long for two lines gives way to its short form (the catalogue's ``short`` context of
    the roll's message id: weapon and target), never to an edit of the sentence (issue 23)."""
    from game.i18n.messages import render

    pygame.font.init()
    params = {"char": {"t": "char", "id": "mateo", "name": "Mateo Reyes"},
              "enemy": {"t": "enemy", "id": "e1", "type": "dog", "name": "Zombie Dog"},
              "weapon": {"t": "item", "id": "B:shotgun:1", "name": "Pump-Action Shotgun"}, "n": 2}
    s, short = render("roll.attack_rapid", params, "en"), render("short|roll.attack_rapid", params, "en")
    assert short == "Pump-Action Shotgun (+2) → Zombie Dog"
    for width in (120, 160, 220, 400):
        t = roll_title(s, 13, width, short)
        lines = T.wrap(t, 13, width)
        assert "Shotgun" in t
        assert len(lines) <= 2 or width < 140
    assert roll_title("Vera attacks Zombie with the Handgun", 13, 400, "Handgun → Zombie") == \
        "Vera attacks Zombie with the Handgun"
    ja = render("short|roll.attack_rapid", params, "ja")
    assert "→" in ja and "連射" in ja and "roll." not in ja


def test_draw_rolls_with_many_dice_draws_without_error():
    pygame.display.init()
    pygame.font.init()
    surf = pygame.Surface((420, 300))
    roll = Roll("attack", ["blue"] * 5, ["HIT"] * 5, "Anton Belov attacks Zombie with the Handgun",
                "best hit → push. Ammo left 1.", True, "R-ATK-4")
    PlayView().draw_rolls(surf, pygame.Rect(0, 0, 400, 300), [roll, roll], fresh=1)


def test_the_newest_roll_says_its_ammo_left_uncut():
    """Issue 25 item 17: the dice panel cut "... Ammo left 3." off a long result line."""
    pygame.display.init()
    pygame.font.init()
    surf = pygame.Surface((420, 300))
    meaning = "best critical → 2 damage + push + burst. Ammo left 3."
    roll = Roll("attack", ["blue"] * 6, ["CRIT"] * 6, "Grigor Dragunov attacks Zombie Dog with the Assault Rifle",
                meaning, True, "R-ATK-4")
    T.CUT.clear()
    blocks = []
    real = T.text_block

    def spy(s_, s, rect, *a, **k):
        blocks.append((s, k.get("max_lines"), rect))
        return real(s_, s, rect, *a, **k)

    T.text_block = spy
    try:
        PlayView().draw_rolls(surf, pygame.Rect(0, 0, 400, 300), [roll], fresh=1)
    finally:
        T.text_block = real
    got = [(s, n, r) for s, n, r in blocks if s == meaning]
    assert got
    s, n, r = got[0]
    assert len(T.wrap(meaning, 14, r.width, True)) <= n, "every line of the result is drawn"
