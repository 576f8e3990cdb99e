"""Issue 12, board pictures in the rules reference: each is a tiny board played by the engine, and
its marks are what the rules say there (a break in the rule would change the picture)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.diagrams import DIAGRAMS, _state, diagram_for, draw_diagram  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")


def marks(section):
    return DIAGRAMS[section].marks(_state(section))


def test_R_LOS_1_picture_the_wall_hides_the_zombie_and_the_squares_behind_it():
    m = marks("reach")
    assert m[(4, 1)] == "no" and m[(3, 1)] == "no"  # behind the wall, the zombie's square too
    assert m[(2, 0)] == "ok" and m[(2, 2)] == "ok" and m[(1, 1)] == "ok"  # in the open


def test_R_MOVE_4_picture_no_cutting_across_a_wall_corner():
    m = marks("move")
    assert m[(2, 0)] == "no" and m[(0, 2)] == "no"  # the diagonal past a wall's end
    assert m[(0, 0)] == "ok" and m[(2, 2)] == "ok" and m[(1, 0)] == "ok"


def test_R_BARR_1_R_DOOR_1_picture_closed_door_and_barricade_block_open_door_does_not():
    assert marks("doors") == {(0, 1): "no", (1, 0): "no", (2, 1): "ok", (1, 2): "no"}


def test_R_REACT_4_picture_the_open_door_links_the_closed_door_does_not():
    assert sorted(marks("reaction").values()) == ["her tile", "linked", "not linked"]
    assert marks("reaction")[(4, 0)] == "not linked"


def test_R_EVADE_3_picture_the_second_zombie_makes_the_evade_harder():
    s = _state("evade")
    note = DIAGRAMS["evade"].note(s)
    assert "difficulty 2" in note and "70%" in note  # small base 1, +1 for the other zombie (3 dice)


def test_the_rules_reference_draws_the_picture_above_the_text():
    from game.ui.app import App
    from game.ui.rulebook import RulebookScene

    assert diagram_for("reach") is not None and diagram_for("trade") is None
    surf = pygame.Surface((1280, 720))
    h = draw_diagram(surf, pygame.Rect(0, 0, 700, 170), "reach")
    assert 100 < h <= 170 and surf.get_at((20, 20))[:3] != (0, 0, 0)
    app = App(pygame.Surface((1280, 720)))
    book = RulebookScene("reach")
    app.stack = [book]
    app.step([], 0.05)
    title_y = 102
    assert any(app.screen.get_at((x, title_y + 40))[:3] != (22, 19, 23) for x in range(420, 600))
