"""The campaigns the modes offer (issue 24: no mode named here): :class:`CampaignKindScene` lets the
players pick one of the :class:`~game.ui.modes.CampaignKind` the modes registered (their ``mode.py``),
and :func:`open_slot` opens a saved campaign of any kind (the App's ``open_campaign``, so that a
campaign menu never imports another campaign's module). Above the campaigns' modules; the main menu
opens it (when the engine may be imported: not for the first menu frame).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ..content.campaign_saves import read_campaign_doc
from ..i18n import _, _f
from . import theme as T
from .modes import CampaignKind, campaign_kinds, resolve
from .scene import Command, PickScene, Pop, Replace
from .widgets import Zone, button

if TYPE_CHECKING:
    from .app import App


def default_kind() -> CampaignKind:
    """The campaign kind a slot without a known pack opens as (the one registered ``default``)."""
    kinds = campaign_kinds()
    return next((k for k in kinds if k.default), kinds[0])


def open_slot(app: "App", path: Path) -> Any:
    """The session of a saved campaign of any kind, read from the slot's pack name (the default
    kind's when no other kind claims it). Raises ContentError naming the file."""
    pack = read_campaign_doc(path).get("pack")
    kind = next((k for k in campaign_kinds() if k.pack == pack), None) or default_kind()
    return resolve(kind.session).load(app, path)


class CampaignKindScene(PickScene):
    """Which campaign to start or continue: one card per campaign a mode registered."""

    def still_key(self, app: "App") -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        one card per campaign kind and the pointer; nothing moves."""
        return self.plain_key(app)

    def key(self, ev, app) -> Command:
        if ev.key == pygame.K_ESCAPE:
            return Pop()
        for i, kind in enumerate(campaign_kinds()):
            if ev.key == pygame.K_1 + i or (kind.hotkey and ev.key == ord(kind.hotkey)):
                return self.pick("kind", kind.key, app)
        return None

    def pick(self, key, value, app=None) -> Command:
        if value == "back":
            return Pop()
        kind = next((k for k in campaign_kinds() if k.key == value), None)
        return None if kind is None else Replace(resolve(kind.menu)())

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        kinds = campaign_kinds()
        T.text(surf, _("CHOOSE A CAMPAIGN"), (T.W // 2, 60), 32, T.ACCENT_HI, bold=True, anchor="center")
        if len(kinds) == 2:
            T.text(surf, _("Both are saved in the same campaign slots."), (T.W // 2, 100), 16, T.MUTED,
                   anchor="center")
        gap = 40
        w = min(460, (T.W - 80 - gap * (len(kinds) - 1)) // max(1, len(kinds)))
        h = 380
        left = T.W // 2 - (len(kinds) * w + (len(kinds) - 1) * gap) // 2
        for i, kind in enumerate(kinds):
            r = pygame.Rect(left + i * (w + gap), 150, w, h)
            hot = r.collidepoint(self.mouse)
            pygame.draw.rect(surf, T.PANEL_HI if hot else T.PANEL, r, border_radius=10)
            pygame.draw.rect(surf, T.GOLD if hot else T.PANEL_EDGE, r, 3 if hot else 1, border_radius=10)
            if kind.picture is not None:
                kind.picture(surf, pygame.Rect(r.left + 30, r.top + 30, w - 60, 150))
            T.text(surf, _(kind.title), (r.centerx, r.top + 200), 30, T.TEXT, bold=True, anchor="midtop")
            T.text_block(surf, _(kind.blurb), pygame.Rect(r.left + 30, r.top + 248, w - 60, 70), 16, T.MUTED)
            keys = f"{i + 1} / {kind.hotkey.upper()}" if kind.hotkey else str(i + 1)
            T.text(surf, _f("key {keys}", keys=keys), (r.centerx, r.bottom - 28), 13, T.DIM, anchor="center")
            self.zones.add(Zone(r, "kind", kind.key))
        button(surf, self.zones, pygame.Rect(40, T.H - 70, 160, 44), _("Back"), "kind", "back", hover=self.mouse,
               size=17)
