"""The results screen at the end of a game (its figures: :mod:`game.ui.results`); back to the main
menu or a new party, which the App makes (``app.main_menu()``, ``app.party_setup()``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..results import draw_results
from ..scene import Replace, Reset, Scene, left_click

if TYPE_CHECKING:
    from ...engine.query import Game


# ==================================================================== results
class Results(Scene):
    def __init__(self, state: "Game", party: list[tuple[str, int]]):
        super().__init__()
        self.state = state
        self.party = party
        self.stats = None  # game.ui.results.GameStats, computed on the first draw
        self.texts: list[str] = []

    def still_key(self, app: Any) -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the game's figures and the pointer; nothing moves."""
        return self.plain_key(app)

    def handle(self, ev, app):
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif left_click(ev):
            z = self.zones.at(ev.pos)
            if z and z.key == "menu":
                return Reset(app.main_menu())
            if z and z.key == "again":
                return Reset(app.main_menu()) if app.scenario_id is None else Replace(app.party_setup())
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
                                                     pygame.K_SPACE):
            return Reset(app.main_menu())
        return None

    def draw(self, surf, app):
        """What happened (game.ui.results: figures from the engine's events, replayed from the record)."""
        self.zones.clear()
        self.texts = draw_results(surf, self, app)
