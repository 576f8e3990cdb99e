"""The "Rules, help and language" settings (from the Pause menu): how the game explains itself.

Every switch is a key of ``settings.json`` (``App.set_setting`` writes it at once); the screens
read them each frame, so a change (the language too) takes effect without a restart.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import i18n
from ..i18n import N_, _, _f
from . import theme as T
from .menus import Menu
from .scene import Command, Pop
from .widgets import panel

if TYPE_CHECKING:
    from .app import App

# (settings key, label, what it does) for the on/off switches shown here
SWITCHES: list[tuple[str, str, str]] = [
    ("show_rule_ids", N_("Show rule IDs"),
     N_("Show the rule IDs (R-EVADE-3 ...) in the log, messages and the rules reference.")),
]


class SettingsScene(Menu):
    overlay = True

    def entries(self, app: "App"):
        rows = [(_f("Language: {name}", name=i18n.LANGUAGES[i18n.language()]), "language", True)]
        for key, label, _d in SWITCHES:
            on = bool(app.settings.get(key, False))
            rows.append((_f("{label}: {state}", label=_(label), state=_("on") if on else _("off")), key, True))
        return rows + [(_("Back"), "back", True)]

    def choose(self, key: str, app: "App") -> Command:
        if key == "back":
            return Pop()
        if key == "language":
            codes = list(i18n.LANGUAGES)
            nxt = codes[(codes.index(i18n.language()) + 1) % len(codes)]
            self.message = app.set_language(nxt)
            return None
        if any(key == k for k, _l, _d in SWITCHES):
            app.set_setting(key, not app.settings.get(key, False))
        return None

    def back(self, app: "App") -> Command:
        return Pop()

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        r = pygame.Rect(0, 0, 600, 360)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(24, 20, 24))
        T.text(surf, _("RULES, HELP AND LANGUAGE"), (r.centerx, r.top + 32), 26, T.TEXT, bold=True, anchor="center")
        self.draw_buttons(surf, app, r.left + 40, r.top + 70, w=r.width - 80, h=40, gap=10)
        z = self.zones.at(self.mouse) if self.mouse else None
        tip = next((_(d) for k, _l, d in SWITCHES if z is not None and z.key == k), "")
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(r.left + 30, r.bottom - 70, r.width - 60, 60), 14, T.BAD)
        elif tip:
            T.text_block(surf, tip, pygame.Rect(r.left + 30, r.bottom - 70, r.width - 60, 60), 14, T.MUTED)
