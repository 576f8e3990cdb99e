"""The one Settings screen (from the main menu and the pause menu), in two columns: sound and
screen (effects and music volume, mute, animation speed, fullscreen, UI scale) and rules and help (language,
the rule-help switches, colours, rules options, keyboard shortcuts). Each change is written to
settings.json at once (App.set_setting).

Click a row (or Enter) to step it up, right-click / Left arrow to step it down; Right arrow steps up.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import N_, _, _f
from . import theme as T
from .keys import MENU_KEYS
from .ruleids import tagged
from .scene import Command, Pop, Push
from .scenes.menu import Menu
from .widgets import panel

from .window import UI_SCALES

if TYPE_CHECKING:
    from .app import App


def ui_scale_words(v: float) -> str:
    """The UI scale as the settings row says it: 'automatic' or '125 %' (window 1600x900)."""
    if not v:
        return _("automatic")
    return _f("{n} % (window {w}x{h})", n=round(v * 100), w=round(T.W * v), h=round(T.H * v))

VOLUME_STEPS = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
SPEED_STEPS = [0.5, 0.75, 1.0, 1.5, 2.0, 3.0]
SPEED_NAMES = {0.5: N_("slow"), 0.75: N_("calm"), 1.0: N_("normal"), 1.5: N_("brisk"), 2.0: N_("fast"),
               3.0: N_("very fast")}


def _step(steps: list[float], now: float, d: int) -> float:
    i = min(range(len(steps)), key=lambda k: abs(steps[k] - now))
    return steps[max(0, min(len(steps) - 1, i + d))]


# rules options (R-NARR-9 and the enemy ties) that used to live only in the pause menu
#: the rule each option's tip names, beside its words with "Show rule IDs" on (issue 23: typed, not in the words)
RULE_OPTION_RULES = {"immersive": "R-NARR-9", "decision_timer": "R-NARR-9"}
RULE_OPTIONS: list[tuple[str, str, bool, str]] = [
    ("immersive", N_("Immersive narrative"), False, N_("Hide what each narrative option will do.")),
    ("decision_timer", N_("Narrative timer 120 s"), False,
     N_("A narrative choice must be made within 120 s.")),
    ("auto_ties", N_("Auto enemy ties"), True,
     N_("The game settles enemy movement and spawn ties by the rules' first option instead of asking.")),
]


class SettingsMenu(Menu):
    overlay = True
    still_below = True

    def __init__(self) -> None:
        super().__init__()
        from .settings import SettingsScene

        self.help = SettingsScene()  # the rules-and-help rows and what they do

    def sound_rows(self, app: "App") -> list[tuple[str, str, bool]]:
        s = app.settings
        speed = s.get("anim_speed", 1.0)
        return [(_f("Effects volume: {n} %", n=round(s.get("sfx_volume", 0.8) * 100)), "sfx_volume", True),
                (_f("Music volume: {n} %", n=round(s.get("music_volume", 0.4) * 100)), "music_volume", True),
                (_f("Sound: {state}", state=_("muted") if s.get("mute") else _("on")), "mute", True),
                (_f("Animation speed: {name}", name=_(SPEED_NAMES[speed]) if speed in SPEED_NAMES else speed),
                 "anim_speed", True),
                (_f("Fullscreen (F11): {state}", state=_("on") if s.get("fullscreen") else _("off")), "fullscreen",
                 True),
                (_f("UI scale: {size}", size=ui_scale_words(s.get("ui_scale", 0.0))), "ui_scale", True)]

    def rule_rows(self, app: "App") -> list[tuple[str, str, bool]]:
        rows = [r for r in self.help.entries(app) if r[1] != "back"]
        for key, label, default, _tip in RULE_OPTIONS:
            on = bool(app.settings.get(key, default))
            rows.append((_f("{label}: {state}", label=_(label), state=_("on") if on else _("off")), key, True))
        return rows

    def entries(self, app: "App"):
        return self.sound_rows(app) + self.rule_rows(app) + [(_("Back"), "back", True)]

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
        elif key == "ui_scale":  # steps through window.UI_SCALES, wrapping at both ends
            i = UI_SCALES.index(s.get("ui_scale", 0.0)) if s.get("ui_scale", 0.0) in UI_SCALES else 0
            app.set_ui_scale(UI_SCALES[(i + d) % len(UI_SCALES)])
        elif key in {k for k, *_r in RULE_OPTIONS}:
            default = next(d for k, _l, d, _t in RULE_OPTIONS if k == key)
            app.set_setting(key, not app.settings.get(key, default))
        elif key == "back":
            return Pop()
        else:  # language, rule help, colours, keys: as the rules-and-help screen does them
            got = self.help.choose(key, app)
            self.message = self.help.message
            return got
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
        from .settings import SWITCHES, switch_help
        from .widgets import button

        self.zones.clear()
        r = pygame.Rect(0, 0, 1000, 640)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(24, 20, 24))
        T.text(surf, _("SETTINGS"), (r.centerx, r.top + 30), 28, T.TEXT, bold=True, anchor="center")
        enabled = [e for e in self.entries(app) if e[2]]
        focus_key = enabled[self.focus % len(enabled)][1] if enabled else None
        cw = (r.width - 90) // 2
        for col, (title, rows) in enumerate(((_("SOUND AND SCREEN"), self.sound_rows(app)),
                                            (_("RULES, HELP AND LANGUAGE"), self.rule_rows(app)))):
            x = r.left + 30 + col * (cw + 30)
            T.text(surf, title, (x, r.top + 62), 14, T.MUTED, bold=True)
            y = r.top + 86
            for label, key, on in rows:
                button(surf, self.zones, pygame.Rect(x, y, cw, 38), label, key, hover=self.mouse, enabled=on, size=17,
                       selected=(key == focus_key), primary=(key == focus_key and on))
                y += 44
        button(surf, self.zones, pygame.Rect(r.centerx - 110, r.bottom - 110, 220, 40), _("Back"), "back",
               hover=self.mouse, size=18, selected=(focus_key == "back"), primary=(focus_key == "back"))
        z = self.zones.at(self.mouse) if self.mouse else None
        tips = {k: switch_help(k, d) for k, _l, d in SWITCHES} | {k: tagged(_(t), RULE_OPTION_RULES.get(k, ""), None, "()")
                                                                    for k, _l, _d, t in RULE_OPTIONS}
        tips["ui_scale"] = _("How large the game is drawn in a window (fullscreen fills the screen); "
                             "text is drawn sharp at every size.")

        tip = tips.get(z.key, "") if z is not None else ""
        note = pygame.Rect(r.left + 30, r.bottom - 62, r.width - 60, 40)
        if self.message:
            T.text_block(surf, self.message, note, 14, T.BAD, max_lines=2)
        elif tip:
            T.text_block(surf, tip, note, 14, T.MUTED, max_lines=2)
        else:
            T.text(surf, _("click or Right: more · right-click or Left: less · Esc back"), (r.centerx, r.bottom - 22),
                   13, T.DIM, anchor="center")
