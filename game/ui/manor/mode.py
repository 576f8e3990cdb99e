"""The manor's registration (issue 24): its play-screen kit and its campaign on the "Choose a
campaign" screen (:mod:`game.ui.modes`). Light on purpose: pygame and i18n only (the main menu
reads it for its first frame); the kit and the screens are named, imported when used.
"""
from __future__ import annotations

import pygame

from ...i18n import N_
from .. import theme as T
from ..modes import CampaignKind, Mode, register_mode


def draw_manor(surf: pygame.Surface, r: pygame.Rect) -> None:
    """A manor house on a hill under a moon (the manor campaign's card picture)."""
    pygame.draw.rect(surf, (18, 16, 22), r, border_radius=6)
    pygame.draw.circle(surf, (226, 220, 196), (r.right - 96, r.top + 34), 20)
    pygame.draw.circle(surf, (18, 16, 22), (r.right - 88, r.top + 29), 18)
    base = r.bottom - 10
    body = pygame.Rect(r.left + r.width * 0.18, base - r.height * 0.46, r.width * 0.64, r.height * 0.46)
    pygame.draw.rect(surf, (46, 40, 50), body)
    pygame.draw.polygon(surf, (60, 50, 60), [(body.left - 10, body.top), (body.centerx, body.top - 44),
                                             (body.right + 10, body.top)])
    for wx in (0.10, 0.30, 0.62, 0.82):  # windows, one lit
        for wy in (0.18, 0.58):
            lit = (wx, wy) == (0.62, 0.18)
            pygame.draw.rect(surf, (220, 170, 80) if lit else (26, 22, 30),
                             (body.left + wx * body.width, body.top + wy * body.height, 16, 22))
    pygame.draw.rect(surf, (20, 16, 18), (body.centerx - 14, body.bottom - 40, 28, 40))
    for tx in (body.left - 24, body.right + 6):  # two towers
        pygame.draw.rect(surf, (40, 34, 44), (tx, base - r.height * 0.62, 18, r.height * 0.62))
        pygame.draw.polygon(surf, (60, 50, 60), [(tx - 4, base - r.height * 0.62), (tx + 9, base - r.height * 0.80),
                                                 (tx + 22, base - r.height * 0.62)])
    pygame.draw.line(surf, T.ACCENT, (r.left + 6, base), (r.right - 6, base), 2)


MODE = register_mode(Mode(
    key="manor", kit="game.ui.manor.kit:ManorKit", diagrams="game.ui.manor.diagrams:DIAGRAMS",
    lint_templates="game.ui.manor.lint:LINT_TEMPLATES",
    setting_notes={"manual_tension": N_("In the manor also the encounter, scenario event, mission and survivor decks.")},
    campaigns=(CampaignKind(
        key="manor", pack="mansion", menu="game.ui.manor.menu:ManorCampaignMenu",
        session="game.ui.manor.session:ManorSession", title=N_("The Manor"),
        blurb=N_("Night at Hollowmere Manor: search the manor, rescue your team, find the laboratory beneath it."),
        picture=draw_manor, hotkey="m", order=20),)))
