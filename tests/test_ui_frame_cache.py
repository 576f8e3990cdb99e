"""The play screen's caches stay correct: walls and doors are part of one cached backdrop that is
redrawn when a door opens; the log wraps only the lines it shows; the scaled-sprite cache is bounded;
the floor is opaque and zooming keeps a bounded number of levels. (Speed itself is measured by
``python -m tools.bench``, not here.)"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.loader import load_scenario  # noqa: E402
from game.ai.bot import Bot  # noqa: E402
from game.engine import apply, new_game  # noqa: E402
from game.ui import art as A  # noqa: E402
from game.engine import parse_edge_id  # noqa: E402
from game.ui.board import layout as BL  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.playui import BOARD_RECT, LogLine, Marks, PlayUI  # noqa: E402
from game.ui.render import PlayView, build_marks  # noqa: E402


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def _door_pixel(view, state, eid):
    a, b = parse_edge_id(eid)
    p0, p1 = view.layout.edge_segment(a, b)
    return ((p0[0] + p1[0]) // 2, (p0[1] + p1[1]) // 2)


def test_door_layer_redrawn_when_a_door_opens():
    """R-DOOR-1: opening a door changes what is drawn on its edge, although walls and doors are cached."""
    s = new_game(load_scenario("intro"), [("vera", 1)], 7)
    view, ui = PlayView(), PlayUI(controllers=["human"])
    surf = pygame.Surface((T.W, T.H))
    bot = Bot(7)
    ui.marks = Marks()  # no glow: only the cached layer is drawn on the edge
    for _ in range(400):  # the bot plays until it opens a door
        view.draw(surf, s, ui)
        layer_before = view._master
        view.draw(surf, s, ui)
        assert view._master is layer_before, "nothing changed: the backdrop is reused"
        snapshot = surf.copy()
        events = apply(s, bot.choose(s))
        opened = [e for e in events if e.kind == "door" and e.data.get("open")]
        if opened:
            break
    assert opened, "the bot opened a door"
    eid = opened[0].data["edge"]
    x, y = _door_pixel(view, s, eid)
    before = tuple(snapshot.get_at((x, y)))
    view.draw(surf, s, ui)
    assert view._master is not layer_before
    assert tuple(surf.get_at((x, y))) != before, "the open door is drawn differently from the closed one"


def test_log_wraps_only_the_lines_it_shows(monkeypatch):
    s = new_game(load_scenario("intro"), [("vera", 1)], 7)
    view, ui = PlayView(), PlayUI(controllers=["human"])
    ui.marks = build_marks(s)
    for k in range(900):
        ui.log.append(LogLine("R-MOVE-1", f"Line {k}: a survivor moves and looks around the warehouse.", ""))
    seen: list[str] = []
    real = T.wrap
    monkeypatch.setattr(T, "wrap", lambda text, *a, **kw: (seen.append(text), real(text, *a, **kw))[1])
    view.draw_log(pygame.Surface((T.W, T.H)), ui)
    logged = [t for t in seen if t.startswith("Line ")]
    assert 0 < len(logged) <= 12, len(logged)
    assert logged[0] == "Line 899: a survivor moves and looks around the warehouse."


def test_caches_are_bounded_and_floor_opaque():
    s = new_game(load_scenario("outskirts"), [("vera", 1), ("mateo", 2)], 3)
    view, ui = PlayView(), PlayUI(controllers=["human", "human"])
    ui.marks = build_marks(s)
    surf = pygame.Surface((T.W, T.H))
    for step in (1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1):
        view.zoom_at(s, BOARD_RECT.center, step)
        view.draw(surf, s, ui)
    assert len(view._floor_levels) <= BL.FLOOR_LEVELS
    for got in view._floor_levels.values():  # each level: one buffer of the board area plus a margin
        img = got[2]
        assert img.get_size() == BL.LEVEL_SIZE == (BOARD_RECT.width + 2 * BL.LEVEL_MARGIN,
                                                  BOARD_RECT.height + 2 * BL.LEVEL_MARGIN)
        assert not img.get_flags() & pygame.SRCALPHA, "the backdrop carries no per-pixel alpha"
    assert not view.floor(s).get_flags() & pygame.SRCALPHA, "the floor carries no per-pixel alpha"
    art = A.Art()
    for w in range(10, 10 + A.SCALED_MAX + 50):
        art.get("enemy_zombie", w)
    assert len(art._scaled) == A.SCALED_MAX


def test_zoom_step_scales_quickly_then_smooths_and_a_short_pan_reuses_the_level():
    """A zoom step scales only a window over the board area (nearest pixel at once), the next frames
    smooth it strip by strip, and panning a few pixels inside the window's margin scales nothing."""
    s = new_game(load_scenario("outskirts"), [("vera", 1), ("mateo", 2)], 3)
    view, ui = PlayView(), PlayUI(controllers=["human", "human"])
    ui.marks = build_marks(s)
    surf = pygame.Surface((T.W, T.H))
    view.draw(surf, s, ui)
    view.zoom_at(s, BOARD_RECT.center, 2)
    view.draw(surf, s, ui)
    level = view._floor_levels[view.layout.sq]
    assert level[3], "rows left to smooth after the quick picture"
    for _ in range(len(level[3])):
        view.draw(surf, s, ui)
    assert not level[3], "smoothed within one frame per strip"
    smooth = level[2].copy()
    view.pan = (view.pan[0] + 3, view.pan[1] + 3)
    view.draw(surf, s, ui)
    assert view._floor_levels[view.layout.sq] is level, "a short pan reuses the scaled window"
    assert level[2].get_at((40, 40)) == smooth.get_at((40, 40))
