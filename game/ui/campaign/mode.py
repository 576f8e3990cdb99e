"""The city's registration (issue 24): its campaign on the "Choose a campaign" screen, the default
kind of a save slot (:mod:`game.ui.modes`). Its play-screen kit is the default one
(:class:`game.ui.kit.ModeKit`). Light on purpose: pygame and i18n only (the main menu reads it for
its first frame); the screens are named, imported when used.
"""
from __future__ import annotations

import pygame

from ...i18n import N_
from .. import theme as T
from ..modes import CampaignKind, Mode, register_mode


def draw_skyline(surf: pygame.Surface, r: pygame.Rect) -> None:
    """A city skyline with a clock tower (the city campaign's card picture)."""
    pygame.draw.rect(surf, (18, 16, 22), r, border_radius=6)
    base = r.bottom - 10
    xs = [(0.04, 0.40), (0.14, 0.62), (0.26, 0.35), (0.36, 0.52), (0.62, 0.45), (0.74, 0.70), (0.86, 0.38)]
    for fx, fh in xs:
        b = pygame.Rect(r.left + fx * r.width, base - fh * r.height, r.width * 0.10, fh * r.height)
        pygame.draw.rect(surf, (40, 36, 46), b)
        for k in range(int(fh * 8)):
            if (k * 7 + int(fx * 100)) % 3 == 0:
                pygame.draw.rect(surf, (200, 170, 90), (b.left + 6, b.top + 8 + k * 14, 5, 6))
    t = pygame.Rect(r.left + r.width * 0.47, base - r.height * 0.86, r.width * 0.11, r.height * 0.86)
    pygame.draw.rect(surf, (56, 48, 58), t)
    pygame.draw.polygon(surf, (56, 48, 58), [(t.left - 4, t.top), (t.centerx, t.top - 26), (t.right + 4, t.top)])
    pygame.draw.circle(surf, (220, 210, 180), (t.centerx, t.top + 20), 12)
    pygame.draw.line(surf, (20, 16, 20), (t.centerx, t.top + 20), (t.centerx, t.top + 12), 2)
    pygame.draw.line(surf, (20, 16, 20), (t.centerx, t.top + 20), (t.centerx + 6, t.top + 22), 2)
    pygame.draw.line(surf, T.ACCENT, (r.left + 6, base), (r.right - 6, base), 2)


MODE = register_mode(Mode(
    key="city",
    campaigns=(CampaignKind(
        key="city", pack="city", menu="game.ui.campaign.menu:CampaignMenu",
        session="game.ui.campaign.session:CampaignSession", title=N_("The City"),
        blurb=N_("From the first streets to the Clock Tower."), picture=draw_skyline, hotkey="c", order=10,
        default=True),)))
