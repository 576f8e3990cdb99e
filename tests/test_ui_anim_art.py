"""Short animations that never hide the result, and crowded squares that stay readable."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import Event  # noqa: E402
from game.ui import render as R  # noqa: E402
from game.ui.presenters.anim import FLIP_S, ROLL_S, Animator  # noqa: E402


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def test_dice_tumble_then_settle_and_a_click_settles_them_at_once():
    an = Animator()
    assert an.rolling is None and an.flipping is None
    an.roll_t = an.flip_t = 0.0
    an.update(ROLL_S / 2)
    assert 0 < an.rolling < 1 and an.flipping is not None
    an.finish()  # a click: the final faces and the card's face at once
    assert an.rolling is None and an.flipping is None
    an.roll_t = 0.0
    an.update(max(ROLL_S, FLIP_S) + 0.01)
    assert an.rolling is None


def test_hits_show_damage_numbers():
    """R-ENEMY-3: a wound on an enemy flashes with '-n' over it."""
    an = Animator()
    an.add_events([Event(kind="wounded", rule="R-ENEMY-3", text="Zombie takes 2 damage.",
                         data={"enemy": "e1", "n": 2, "wounds": 2})], {("e", "e1"): (2, 3)})
    fx = an.effects()
    assert fx and fx[0]["kind"] == "wound" and fx[0]["data"]["n"] == 2 and fx[0]["pos"] == (2, 3)


def test_crowded_small_square_keeps_each_model_in_its_square_with_a_count():
    view = R.PlayView()
    r = pygame.Rect(100, 100, 36, 36)
    slots = view.model_slots(4, r)
    assert len({c for c, _ in slots}) == 4, "each model has its own place"
    assert all(r.contains(pygame.Rect(c[0] - rad, c[1] - rad, 2 * rad, 2 * rad)) for c, rad in slots), \
        "inside its square (issue 25 item 2: a fan reached over walls and labels)"
    assert all(rad >= 9 for _, rad in slots), "models keep a readable size"
    surf = pygame.Surface((300, 300))
    surf.fill((0, 0, 0))
    view.count_badge(surf, r, 4)
    lit = sum(1 for x in range(r.left, r.right) for y in range(r.bottom - 12, r.bottom + 3)
              if surf.get_at((x, y))[0] > 200)
    assert lit > 10, "the '×4' count is drawn at the foot of the square"


def test_caption_without_rule_ids_leaves_no_empty_brackets():
    """The caption carries the event's rule ID as a typed field beside its words (issue 23): the bar
    draws '[R-REACT-4]' only with "Show rule IDs" on, and the sentence never holds it."""
    from game.ui.hud.bars import caption_words

    an = Animator()
    an.add_events([Event(kind="enemy_move", rule="R-REACT-4", text="The Zombie moves toward Vera.",
                         data={"enemy": "e1", "frm": [0, 0], "to": [1, 0]})], {("e", "e1"): (0, 0)})
    assert str(an.caption) == "The Zombie moves toward Vera." and an.caption.rule == "R-REACT-4"
    assert caption_words(an.caption, False) == "The Zombie moves toward Vera."
    assert caption_words(an.caption, True) == "The Zombie moves toward Vera.  [R-REACT-4]"


def test_exit_sustained_tokens_and_doors_are_pictures_without_letters(monkeypatch):
    """The exit sign, the four sustained-effect chits and the door, barricade and archway pictures
    are drawn without rendering any text (pictures instead of letters); the hover card names the
    enemy and shows its picture, not a letter in brackets."""
    import pygame as pg

    from tools import make_sprites as M

    rendered: list[str] = []
    real = pg.font.Font.render

    class Spy(pg.font.Font):
        def render(self, text, *a, **k):
            rendered.append(text)
            return real(self, text, *a, **k)

    monkeypatch.setattr(M, "_font", lambda size, bold=True: Spy(None, size))
    cat = M.catalogue()
    names = ["tok_exit", "sus_jammed", "sus_shaken", "sus_blackout", "sus_frenzy", "door_closed", "door_open",
             "barricade", "archway"]
    for n in names:
        img = cat[n]()
        assert img.get_width() > 0
    assert rendered == [], f"text drawn on a picture: {rendered}"
    from game.ui.hud.cards import enemy_card_lines
    from game.content.loader import load_scenario
    from game.engine import new_game

    s = new_game(load_scenario("intro"), [("vera", 1)], 7)
    assert s.enemies, "the Introduction starts with enemies on the board"
    first = enemy_card_lines(s, s.enemies[0], [])[0][0]
    assert "[" not in first and first.startswith("Zombie"), first
