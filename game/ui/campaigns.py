"""The campaigns the game knows, listed explicitly (issue 24): the city's (:mod:`game.ui.campaign`) and
the manor's (:mod:`game.ui.manor`). :class:`CampaignKindScene` lets the players pick one, and
:func:`open_slot` opens a saved campaign of any kind (the App's ``open_campaign``, so that a campaign
menu never imports the other campaign's module). Above both campaigns' modules; the main menu opens
it (when the engine may be imported: not for the first menu frame).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ..content.campaign_saves import read_campaign_doc
from ..i18n import _, _f
from . import theme as T
from .campaign import CampaignMenu, CampaignSession
from .manor import ManorCampaignMenu, ManorSession
from .scene import Command, PickScene, Pop, Replace
from .widgets import Zone, button

if TYPE_CHECKING:
    from .app import App

#: the campaign kinds with a session of their own, by their pack name (``PACK_ID``); the city's is the default
SESSIONS: tuple[type[CampaignSession], ...] = (ManorSession,)


def open_slot(app: "App", path: Path) -> CampaignSession:
    """The session of a saved campaign of any kind, read from the slot's pack name (the city's when
    no other kind claims it). Raises ContentError naming the file."""
    pack = read_campaign_doc(path).get("pack")
    return next((s for s in SESSIONS if s.PACK_ID == pack), CampaignSession).load(app, path)


class CampaignKindScene(PickScene):
    """Which campaign to start or continue: the city (core.md §18-21) or the manor (mansion.md)."""

    def key(self, ev, app) -> Command:
        if ev.key == pygame.K_ESCAPE:
            return Pop()
        if ev.key in (pygame.K_1, pygame.K_c):
            return self.pick("kind", "city", app)
        if ev.key in (pygame.K_2, pygame.K_m):
            return self.pick("kind", "manor", app)
        return None

    def pick(self, key, value, app=None) -> Command:
        if value == "city":
            return Replace(CampaignMenu())
        if value == "manor":
            return Replace(ManorCampaignMenu())
        if value == "back":
            return Pop()
        return None

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        T.text(surf, _("CHOOSE A CAMPAIGN"), (T.W // 2, 60), 32, T.ACCENT_HI, bold=True, anchor="center")
        T.text(surf, _("Both are saved in the same campaign slots."), (T.W // 2, 100), 16, T.MUTED, anchor="center")
        rows = [("city", _("The City"), _("From the first streets to the Clock Tower."), "enemy_zombie", "1 / C"),
                ("manor", _("The Manor"), _("Night at Hollowmere Manor: search the manor, rescue your team, "
                                            "find the laboratory beneath it."), "mi_hub", "2 / M")]
        w, h = 460, 380
        for i, (key, title, sub, pic, keys) in enumerate(rows):
            r = pygame.Rect(T.W // 2 - w - 20 + i * (w + 40), 150, w, h)
            hot = r.collidepoint(self.mouse)
            pygame.draw.rect(surf, T.PANEL_HI if hot else T.PANEL, r, border_radius=10)
            pygame.draw.rect(surf, T.GOLD if hot else T.PANEL_EDGE, r, 3 if hot else 1, border_radius=10)
            if key == "city":
                draw_skyline(surf, pygame.Rect(r.left + 30, r.top + 30, w - 60, 150))
            else:
                draw_manor(surf, pygame.Rect(r.left + 30, r.top + 30, w - 60, 150))
            T.text(surf, title, (r.centerx, r.top + 200), 30, T.TEXT, bold=True, anchor="midtop")
            T.text_block(surf, sub, pygame.Rect(r.left + 30, r.top + 248, w - 60, 70), 16, T.MUTED)
            T.text(surf, _f("key {keys}", keys=keys), (r.centerx, r.bottom - 28), 13, T.DIM, anchor="center")
            self.zones.add(Zone(r, "kind", key))
        button(surf, self.zones, pygame.Rect(40, T.H - 70, 160, 44), _("Back"), "kind", "back", hover=self.mouse,
               size=17)


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
