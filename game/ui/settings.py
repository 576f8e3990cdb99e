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
from .scene import Command, Pop, Push
from .modes import load_modes
from .scenes.menu import Menu
from .widgets import panel

if TYPE_CHECKING:
    from .app import App

# (settings key, label, what it does) for the on/off switches shown here
SWITCHES: list[tuple[str, str, str]] = [
    ("show_rule_ids", N_("Show rule IDs"),
     N_("Show each rule's ID in the log, messages and the rules reference.")),
    ("manual_dice", N_("Roll your own dice"),
     N_("Roll physical dice at the table and click the faces; the game applies the rules. From the next game.")),
    ("manual_tension", N_("Draw your own tension cards"),
     N_("Draw from a physical tension deck and click the card drawn; the game applies it. From the next game.")),
]


def switch_help(key: str, text: str) -> str:
    """A switch's help ``text`` (untranslated) in the player's language, with what each mode adds to
    it (its registration's ``setting_notes``, e.g. the decks of its own the switch also covers)."""
    notes = [_(m.setting_notes[key]) for m in load_modes().values() if key in m.setting_notes]
    return " ".join([_(text), *notes])


class SettingsScene(Menu):
    overlay = True
    still_below = True

    def entries(self, app: "App"):
        rows = [(_f("Language: {name}", name=i18n.LANGUAGES[i18n.language()]), "language", True)]
        for key, label, _d in SWITCHES:
            on = bool(app.settings.get(key, False))
            rows.append((_f("{label}: {state}", label=_(label), state=_("on") if on else _("off")), key, True))
        pal = app.settings.get("palette", "standard")
        rows.append((_f("Colours: {name}", name=_("colour-blind safe") if pal == "colour_blind" else _("standard")),
                     "palette", True))
        rows.append((_("Keyboard shortcuts…"), "keys", True))
        return rows + [(_("Back"), "back", True)]

    def choose(self, key: str, app: "App") -> Command:
        if key == "back":
            return Pop()
        if key == "keys":
            return Push(KeysScene())
        if key == "palette":  # tile colours, health and highlights (theme.PALETTES), switched at once
            app.set_setting("palette", "standard" if app.settings.get("palette") == "colour_blind" else "colour_blind")
            T.apply_palette(app.settings["palette"])
            return None
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
        r = pygame.Rect(0, 0, 600, 540)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(24, 20, 24))
        T.text(surf, _("RULES, HELP AND LANGUAGE"), (r.centerx, r.top + 32), 26, T.TEXT, bold=True, anchor="center")
        self.draw_buttons(surf, app, r.left + 40, r.top + 70, w=r.width - 80, h=40, gap=10)
        z = self.zones.at(self.mouse) if self.mouse else None
        tip = next((switch_help(k, d) for k, _l, d in SWITCHES if z is not None and z.key == k), "")
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(r.left + 30, r.bottom - 70, r.width - 60, 60), 14, T.BAD)
        elif tip:
            T.text_block(surf, tip, pygame.Rect(r.left + 30, r.bottom - 70, r.width - 60, 60), 14, T.MUTED)


class KeysScene(Menu):
    """Keyboard shortcuts: click an action (or Enter), then press the new key; Esc cancels a change."""

    overlay = True
    still_below = True

    def __init__(self) -> None:
        super().__init__()
        self.waiting: str | None = None  # the intent whose new key is awaited

    def entries(self, app: "App"):
        from .bindings import ACTIONS, current

        keys = current(app.settings)
        rows = []
        for intent, label, _d in ACTIONS:
            shown = _("press a key…") if intent == self.waiting else keys[intent].upper()
            rows.append((f"{_(label)}:  {shown}", intent, True))
        return rows + [(_("Reset to the default keys"), "reset", True), (_("Back"), "back", True)]

    def handle(self, ev, app):
        if self.waiting is not None and ev.type == pygame.KEYDOWN:
            from .bindings import conflict, spec_of

            if ev.key == pygame.K_ESCAPE:
                self.waiting = None
                return None
            if ev.key in (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT,
                          pygame.K_RALT):
                return None  # a modifier alone: wait for the key
            spec = spec_of(ev)
            why = conflict(app.settings, self.waiting, spec)
            if why == "reserved":
                self.message = _f("{key} is kept for the game itself (Esc, Space, Enter, arrows, numbers, F5, L).",
                                  key=spec.upper())
            elif why is not None:
                self.message = _f("{key} is already the key for another action.", key=spec.upper())
            else:
                keys = dict(app.settings.get("keys") or {})
                keys[self.waiting] = spec
                app.set_setting("keys", keys)
                self.message = ""
            self.waiting = None
            return None
        return super().handle(ev, app)

    def choose(self, key: str, app: "App") -> Command:
        if key == "back":
            return Pop()
        if key == "reset":
            app.set_setting("keys", {})
            return None
        self.waiting = key
        self.message = ""
        return None

    def back(self, app: "App") -> Command:
        return Pop()

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        r = pygame.Rect(0, 0, 620, 680)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(24, 20, 24))
        T.text(surf, _("KEYBOARD SHORTCUTS"), (r.centerx, r.top + 28), 24, T.TEXT, bold=True, anchor="center")
        self.draw_buttons(surf, app, r.left + 40, r.top + 58, w=r.width - 80, h=40, gap=8)
        note = self.message or _("Click an action, then press its new key (Ctrl, Alt and Shift may be held). "
                                 "Esc cancels.")
        T.text_block(surf, note, pygame.Rect(r.left + 30, r.bottom - 44, r.width - 60, 40), 13,
                     T.BAD if self.message else T.MUTED)
