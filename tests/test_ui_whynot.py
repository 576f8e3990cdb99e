"""'Why not' messages and the walking plan (issue 12), headless: a click where nothing can be done
says why (wall, wall corner, square full, no actions left, not adjacent, out of range, no line of
sight); hovering a far square previews the walk and a click plans it, one undoable move per step."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.scenes.menu import ChoiceMenu  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402
from game.ui.whynot import walk_plan, why_not_enemy, why_not_square  # noqa: E402
from tests.kit import board, game, with_enemy  # noqa: E402
from tests.ui_kit import play_app  # noqa: E402


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


# a 6x3 room with a wall between (0,0) and (1,0) and a wall segment that hides (5,2) from (0,0)
ROOM = board("AAAAAA", "AAAAAA", "AAAAAA", walls=[((0, 0), (1, 0)), ((4, 2), (5, 2)), ((4, 1), (5, 1))],
             start={1: (0, 0)}, place=[("exit", (5, 0))])


scene = play_app  # the play screen for a state, Vera's seat human (tests/ui_kit.py)


def click_sq(app, play, sq, n=3):
    pos = play.view.layout.square_rect(sq).center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
    for _ in range(n):
        app.step([], 0.1)


def test_click_on_a_wall_and_a_wall_corner_says_why(tmp_path):
    s = game(ROOM)
    app, play = scene(tmp_path, s)
    click_sq(app, play, (1, 0))
    assert play.ui.toast == "A wall is in the way."  # rule ID hidden by default
    click_sq(app, play, (1, 1))
    assert "cannot cut across a wall corner" in play.ui.toast
    assert s.active_char.pos == (0, 0) and s.actions_left == 4
    app.set_setting("show_rule_ids", True)
    click_sq(app, play, (1, 1))
    assert play.ui.toast.endswith(". (R-MOVE-4)")  # the reason's typed rule beside its words (issue 23)


def test_square_full_and_no_actions_left(tmp_path):
    s = game(ROOM)
    for _ in range(4):
        with_enemy(s, "zombie", (0, 1))
    s.touch()
    assert why_not_square(s, (0, 1)) == "That square is full (4 of 4 units taken)."  # (rule ID: a typed tag)
    s2 = game(ROOM)
    s2.actions_left = 0
    s2.touch()
    assert why_not_square(s2, (0, 1)).startswith("No actions left")
    assert why_not_square(s2, (0, 0)) == "You are here."


def test_not_adjacent_offers_the_walk_as_a_plan_of_moves(tmp_path):
    s = game(ROOM)
    app, play = scene(tmp_path, s)
    plan = walk_plan(s, (2, 1))
    n = len(plan)
    assert plan == [(0, 1), (1, 1), (2, 1)]  # the wall east of (0,0) forces a step south first
    assert f"takes {n} moves" in why_not_square(s, (2, 1))
    # hovering shows the plan; clicking asks, and picking it walks one move action per square
    pos = play.view.layout.square_rect((2, 1)).center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.05)
    assert play._preview[0] == plan
    click_sq(app, play, (2, 1), n=1)
    menu = app.top
    assert isinstance(menu, ChoiceMenu) and "Walk there" in menu.options[0][0]
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="")], 0.05)
    for _ in range(60):
        app.step([], 0.1)
    assert tuple(play.state.active_char.pos) == (2, 1)
    assert play.state.actions_left == 4 - n
    assert [r["kind"] for r in play.state.record] == ["move"] * n
    # each step is its own undo
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")], 0.05)
    assert play.state.actions_left == 4 - n + 1


def test_a_walk_longer_than_the_actions_left_is_not_offered(tmp_path):
    """R-TURN-4: a walk longer than the actions left is refused, and the why-not names that real reason
    (play4: it began "Not adjacent: a move is one square", as if the distance were the problem)."""
    s = game(ROOM)
    s.actions_left = 2
    s.touch()
    app, play = scene(tmp_path, s)
    click_sq(app, play, (4, 0))
    assert app.top is play
    assert play.ui.toast.startswith("Too few actions left: walking there takes 5 moves and you have 2 actions left")
    assert "adjacent" not in play.ui.toast


def test_enemy_out_of_range_and_out_of_sight(tmp_path):
    s = game(ROOM)
    far = with_enemy(s, "zombie", (5, 0))  # 5 squares away: the handgun reaches less
    hidden = with_enemy(s, "zombie", (5, 2))
    msg = why_not_enemy(s, far.uid)
    assert "out of range" in msg and msg.startswith("You cannot attack the Zombie")
    s.active_char.pos = (3, 2)
    s.touch()
    assert "no line of sight" in why_not_enemy(s, hidden.uid)
    app, play = scene(tmp_path, s)
    e = next(c for kind, mid, c, r in play.view.models if kind == "e" and mid == hidden.uid)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=e, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=e, button=1)], 0.05)
    assert "no line of sight" in play.ui.toast


def test_a_long_reason_is_shown_whole_on_two_lines_not_cut(tmp_path):
    """The hover pill once cut "Not adjacent, ... (closed doors, walls or full s…": a reason that
    fits two lines is shown whole; only a longer text ends in "…"."""
    # (the reason as the rules explain it: its rule ID is a typed field now, never in the words; issue 23)
    reason = "Not adjacent, and no open way leads there (closed doors, walls or full squares)."
    lines = PlayScene.pill_lines(reason)
    assert len(lines) == 2 and " ".join(lines) == "Not adjacent, and no open way leads there " \
        "(closed doors, walls or full squares)."
    assert not any("…" in ln for ln in lines)
    long = PlayScene.pill_lines("word " * 200)
    assert len(long) == 2 and long[1].endswith("…")
    assert PlayScene.pill_lines("A wall is in the way.") == ["A wall is in the way."]
