"""The Settings pop-up (from the main menu and the pause menu): effects and music volume, mute,
animation speed, fullscreen, and the way to language, colours and rule help (settings.SettingsScene). Each change is written to settings.json at once (App.set_setting).

Click a row (or Enter) to step it up, right-click / Left arrow to step it down; Right arrow steps up.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import N_, _, _f
from . import theme as T
from .keys import MENU_KEYS
from .menus import Menu
from .scene import Command, Pop, Push
from .widgets import panel

if TYPE_CHECKING:
    from .app import App

VOLUME_STEPS = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
SPEED_STEPS = [0.5, 0.75, 1.0, 1.5, 2.0, 3.0]
SPEED_NAMES = {0.5: N_("slow"), 0.75: N_("calm"), 1.0: N_("normal"), 1.5: N_("brisk"), 2.0: N_("fast"),
               3.0: N_("very fast")}


def _step(steps: list[float], now: float, d: int) -> float:
    i = min(range(len(steps)), key=lambda k: abs(steps[k] - now))
    return steps[max(0, min(len(steps) - 1, i + d))]


class SettingsMenu(Menu):
    overlay = True

    def entries(self, app: "App"):
        s = app.settings
        speed = s.get("anim_speed", 1.0)
        return [(_f("Effects volume: {n} %", n=round(s.get("sfx_volume", 0.8) * 100)), "sfx_volume", True),
                (_f("Music volume: {n} %", n=round(s.get("music_volume", 0.4) * 100)), "music_volume", True),
                (_f("Sound: {state}", state=_("muted") if s.get("mute") else _("on")), "mute", True),
                (_f("Animation speed: {name}", name=_(SPEED_NAMES[speed]) if speed in SPEED_NAMES else speed),
                 "anim_speed", True),
                (_f("Fullscreen (F11): {state}", state=_("on") if s.get("fullscreen") else _("off")), "fullscreen",
                 True),
                (_("Language, colours, rule help…"), "help_settings", True),  # found from the main menu too
                (_("Back"), "back", True)]

    def change(self, key: str, app: "App", d: int) -> Command:
        s = app.settings
        if key in ("sfx_volume", "music_volume"):
            now = s.get(key, 0.8 if key == "sfx_volume" else 0.4)
            nxt = _step(VOLUME_STEPS, now, d)
            if d > 0 and nxt == now == 1.0:
                nxt = 0.0  # clicking past the top wraps to silence
            app.set_setting(key, nxt)
            if key == "sfx_volume":
                app.sound.play("click")
        elif key == "anim_speed":
            now = s.get(key, 1.0)
            nxt = _step(SPEED_STEPS, now, d)
            if d > 0 and nxt == now == SPEED_STEPS[-1]:
                nxt = SPEED_STEPS[0]
            app.set_setting(key, nxt)
        elif key == "mute":
            app.set_setting("mute", not s.get("mute", False))
        elif key == "fullscreen":
            app.toggle_fullscreen()
        elif key == "help_settings":
            from .settings import SettingsScene

            return Push(SettingsScene())
        elif key == "back":
            return Pop()
        return None

    def choose(self, key: str, app: "App") -> Command:
        return self.change(key, app, +1)

    def back(self, app: "App") -> Command:
        return Pop()

    def handle(self, ev, app):
        if ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 3:
            z = self.zones.at(ev.pos)
            return self.change(z.key, app, -1) if z else None
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and MENU_KEYS.get(ev.key) is None:
            rows = [e for e in self.entries(app) if e[2]]
            return self.change(rows[self.focus % len(rows)][1], app, -1 if ev.key == pygame.K_LEFT else 1)
        return super().handle(ev, app)

    def draw(self, surf, app):
        self.zones.clear()
        r = pygame.Rect(0, 0, 460, 526)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(24, 20, 24))
        T.text(surf, _("SETTINGS"), (r.centerx, r.top + 36), 30, T.TEXT, bold=True, anchor="center")
        self.draw_buttons(surf, app, r.centerx - 190, r.top + 76, w=380, h=46, gap=10)
        T.text(surf, _("click or Right: more · right-click or Left: less · Esc back"), (r.centerx, r.bottom - 18), 13,
               T.DIM, anchor="center")
