"""The pause menu over a game: resume, save, the rules, settings, seats, the narrative switches, quit
to the main menu (which the App makes: ``app.main_menu()``)."""
from __future__ import annotations

from typing import Any

import pygame

from ...i18n import _, _f
from .. import theme as T
from ..rulebook import RulebookScene
from ..scene import Pop, Push, Reset
from ..seats import SeatsScene
from ..settings import SettingsScene
from ..settings_menu import SettingsMenu
from ..widgets import panel
from .menu import Menu


# ==================================================================== pause
class Pause(Menu):
    overlay = True
    still_below = True

    def __init__(self, play: Any):
        super().__init__()
        self.play = play
        self.saved_to = ""

    def entries(self, app):
        imm = _("on") if getattr(app, "settings", {}).get("immersive") else _("off")
        ties = _("on") if getattr(app, "settings", {}).get("auto_ties", True) else _("off")
        timer = _("on") if getattr(app, "settings", {}).get("decision_timer") else _("off")
        return [(_("Resume"), "resume", True), (_("Save game"), "save", True),
                (_("Rules reference (F1)"), "rules", True), (_("Settings…"), "settings", True),
                (_("Seats and players…"), "seats", True),
                (_f("Immersive narrative: {state}", state=imm), "immersive", True),
                (_f("Narrative timer 120 s: {state}", state=timer), "decision_timer", True),
                (_f("Auto enemy ties: {state}", state=ties), "auto_ties", True),
                (_("Quit to menu"), "menu", True)]

    def choose(self, key, app):
        if key == "resume":
            return Pop()
        if key == "rules":
            return Push(RulebookScene())
        if key == "seats":  # hand a survivor to another player or the bot (game.ui.seats)
            return Push(SeatsScene(self.play))
        if key == "help_settings":
            return Push(SettingsScene())
        if key == "settings":
            return Push(SettingsMenu())
        if key == "immersive":  # R-NARR-9: hide the options' consequences on narrative cards
            app.set_setting("immersive", not app.settings.get("immersive", False))
            return None
        if key == "decision_timer":  # R-NARR-9: optional, off by default
            app.set_setting("decision_timer", not app.settings.get("decision_timer", False))
            return None
        if key == "auto_ties":  # enemy movement ties: take the rules' first option instead of asking
            app.set_setting("auto_ties", not app.settings.get("auto_ties", True))
            return None
        camp = getattr(self.play, "campaign", None)  # a campaign scenario saves its campaign slot
        if key in ("save", "menu") and camp is not None:
            camp.autosave(self.play.state)
            self.saved_to, self.message = (f"Campaign saved to {camp.slot}", "") if not camp.save_error else \
                ("", camp.save_error)
            if key == "save" or camp.save_error:
                return None  # quitting never loses turns: the campaign slot was just written
        if key == "save":
            try:
                path = app.save(self.play.state, self.play.party, self.play.controllers, self.play.map_path,
                                names=getattr(self.play, "names", None))
                self.saved_to = _f("Saved to {path}", path=path)
                self.message = ""
            except (OSError, ValueError) as ex:
                self.message = _f("Could not save: {error}", error=ex)
            return None
        if key == "menu":
            return Reset(app.main_menu())
        return None

    def back(self, app):
        return Pop()

    def draw(self, surf, app):
        self.zones.clear()
        r = pygame.Rect(0, 0, 440, 604)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(24, 20, 24))
        T.text(surf, _("PAUSED"), (r.centerx, r.top + 36), 30, T.TEXT, bold=True, anchor="center")
        self.draw_buttons(surf, app, r.centerx - 170, r.top + 72, w=340, h=40, gap=8)
        if self.saved_to:
            T.text_block(surf, self.saved_to, pygame.Rect(r.left + 20, r.bottom - 44, r.width - 40, 40), 13, T.OK)
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(r.left + 20, r.bottom - 44, r.width - 40, 40), 13, T.BAD)
