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
    pygame.font.init()
    s = "Mateo Reyes attacks Zombie Dog (Pounce) with the Pump-Action Shotgun (rapid fire)"
    for width in (120, 160, 220, 400):
        t = roll_title(s, 13, width)
        lines = T.wrap(t, 13, width)
        assert "Shotgun" in t
        assert len(lines) <= 2 or width < 140
    assert roll_title("Vera attacks Zombie with the Handgun", 13, 400) == "Vera attacks Zombie with the Handgun"


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
