"""The party set-up screen shows each scenario's description and goal whole (no '…')."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui import theme as T  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.menus import PartySetup  # noqa: E402


def test_every_scenario_goal_and_description_fit_without_an_ellipsis(tmp_path, monkeypatch):
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    surf = pygame.Surface((1280, 720))
    app = App(surf, save_dir=tmp_path)
    ps = PartySetup(app)
    cut: list[str] = []
    real = T.text_block

    def spy(s, text, rect, size=15, colour=T.TEXT, bold=False, line_gap=2, max_lines=None):
        if max_lines is not None and len(T.wrap(text, size, rect.width, bold)) > max_lines:
            cut.append(text)
        return real(s, text, rect, size, colour, bold, line_gap, max_lines)

    monkeypatch.setattr(T, "text_block", spy)
    for b in ps.briefs:
        ps.select(app, b.id)
        app.stack = [ps]
        app.step([], 0.05)
        assert not [c for c in cut if c.startswith("Goal:") or c == (b.description or "").strip()], b.id


def test_the_goal_hides_rule_ids_unless_the_setting_is_on(tmp_path, monkeypatch):
    """The set-up screen read "Goal: ... exit (R-INTRO-6)." while the board said it without the ID."""
    pygame.display.init()
    pygame.font.init()
    surf = pygame.Surface((1280, 720))
    app = App(surf, save_dir=tmp_path)
    ps = PartySetup(app)
    goals: list[str] = []
    real = T.text_block

    def spy(s, text, rect, *a, **k):
        if text.startswith("Goal:"):
            goals.append(text)
        return real(s, text, rect, *a, **k)

    monkeypatch.setattr(T, "text_block", spy)
    ps.select(app, "intro")
    app.stack = [ps]
    app.step([], 0.05)
    assert goals and not any("R-" in g for g in goals), goals
    app.set_setting("show_rule_ids", True)
    try:
        before = list(goals)
        goals.clear()
        app.step([], 0.05)
        # (issue 23: the brief's sentence holds no rule ID in its words any more, so none to show or hide)
        assert goals and goals == before, (before, goals)
    finally:
        app.set_setting("show_rule_ids", False)  # the setting is mirrored module-wide (rulebook._SHOW_IDS)
