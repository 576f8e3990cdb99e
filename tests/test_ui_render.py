"""Headless rendering: screenshot_board writes a PNG of the play screen with real pixels."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.content.loader import load_scenario  # noqa: E402
from game.engine import new_game  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.render import build_marks, screenshot_board  # noqa: E402
from tests.kit import board, game  # noqa: E402


def test_screenshot_board_png_size_and_pixels(tmp_path):
    s = new_game(load_scenario("intro"), [("vera", 1), ("mateo", 2)], 7)
    out = tmp_path / "board.png"
    view = screenshot_board(s, out)
    assert out.is_file() and out.stat().st_size > 20_000
    img = pygame.image.load(str(out))
    assert img.get_size() == (T.W, T.H)
    moves = build_marks(s).act.moves
    assert moves
    busy = {tuple(c.pos) for c in s.characters if c.pos} | {tuple(e.pos) for e in s.enemies} | \
        {tuple(t.pos) for t in s.tokens}
    empty = [sq for sq in moves if sq not in busy]
    assert empty
    k = view.layout.hl_inset + 1
    for sq in empty:  # every legal move square carries the teal highlight frame
        r = view.layout.square_rect(sq)
        assert tuple(img.get_at((r.left + k, r.centery)))[:3] == T.MOVE_HL
    # the active survivor's colour is on its token; the panel shows its name in the top bar
    c = s.active_char
    r = view.layout.square_rect(c.pos)
    colour = tuple(s.scenario.content.characters[c.cid].colour)
    found = any(tuple(img.get_at((x, y)))[:3] == colour for x in range(r.left, r.right) for y in range(r.top, r.bottom))
    assert found


def test_screenshot_of_a_code_built_board_without_tmx(tmp_path):
    b = board("AAB", "AAB", doors=[((1, 0), (2, 0))], start={1: (0, 0)},
              place=[("exit", (2, 1)), ("enemy", (1, 1), {"enemy": "zombie"}), ("fire", (0, 1))])
    s = game(b)
    out = tmp_path / "kit.png"
    view = screenshot_board(s, out)
    img = pygame.image.load(str(out))
    assert img.get_size() == (T.W, T.H)
    # the wall between the tiles below the door is drawn dark with red edging
    (x0, y0), (x1, y1) = view.layout.edge_segment((1, 1), (2, 1))
    assert tuple(img.get_at(((x0 + x1) // 2, (y0 + y1) // 2)))[:3] == T.WALL
    # the zombie one square away is marked as a handgun target (range 2, LOS clear)
    assert s.enemies[0].uid in build_marks(s).act.attacks
