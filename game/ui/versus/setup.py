"""The versus set-up screen (issue 27 item 5, issue 28 item 2): the scenario, and for each seat its
faction, its player's name and who plays it: a person, or a bot of a chosen strength (random,
greedy, search at 0.5 / 2 / 5 seconds a decision). A bot's seat is named like any player's."""
from __future__ import annotations

import os
from typing import Any

import pygame

from ...engine.versus import new_versus
from ...engine.versus.data import DIRECTORATE, SYNDICATE
from ...i18n import _, _f
from .. import theme as T
from ...content.errors import ContentError, P_
from ..errortext import error_text
from ..scene import Command, Pop, Replace, Scene, left_click
from ..seats import clean_name
from ..widgets import TextField, button, panel
from . import words as W
from .art import faction_colour, faction_symbol
from .saves import load, slot_info, slot_path, slots
from .scene import VersusScene


def continue_scene(app: Any) -> VersusScene:
    """The play screen of the newest saved versus game (the main menu's Continue, through the mode's
    save slot, :mod:`.mode`). Raises ContentError naming the file when no slot loads."""
    info = slot_info(app)
    if info.status != "ok" or info.path is None:
        raise info.error or ContentError(str(slot_path(getattr(app, "save_dir", "."), 1)), "",
                                         P_("there is no versus game in progress"), P_("start a new one"))
    state, doc = load(info.path)
    return VersusScene(app, state, list(doc.names), list(doc.controllers))


class VersusSetup(Scene):
    """Choose a scenario, the sides and who plays each; Start opens :class:`~.scene.VersusScene`."""

    def __init__(self, app: Any = None, seed: int | None = None):
        super().__init__()
        self.scenario = "sanctuary"
        self.factions = [DIRECTORATE, SYNDICATE]  # faction by seat
        self.controllers = ["human", "human"]
        remembered = []
        if app is not None and hasattr(getattr(app, "settings", None), "get"):
            remembered = app.settings.get("seat_names", []) or []
        self.fields = [TextField(clean_name(x) if i < len(remembered) else "", 20, _f("Player {n}", n=i + 1))
                       for i, x in enumerate((list(remembered) + ["", ""])[:2])]
        self.seed = seed
        self.message = ""

    def still_key(self, app: Any) -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the scenario, names and seats chosen and the pointer; nothing moves."""
        return self.plain_key(app)

    def names(self) -> list[str]:
        return [clean_name(f.text) for f in self.fields]

    def start(self, app: Any) -> Command:
        seed = self.seed if self.seed is not None else (getattr(app, "seed", None) or int.from_bytes(os.urandom(3), "little"))
        seats = {fac: i for i, fac in enumerate(self.factions)}
        state = new_versus(self.scenario, seats, seed)
        return Replace(VersusScene(app, state, self.names(), list(self.controllers)))

    def open_save(self, app: Any, path: Any) -> Command:
        """A saved versus game, replayed from its record; a bad file is named and the screen stays."""
        try:
            state, doc = load(path)
        except ContentError as ex:
            self.message = error_text(ex)
            return None
        return Replace(VersusScene(app, state, list(doc.names), list(doc.controllers)))

    # ------------------------------------------------------------------ input
    def handle(self, ev: pygame.event.Event, app: Any) -> Command:
        for f in self.fields:
            if f.active:
                r = f.handle(ev)
                if r in ("submit", "cancel"):
                    f.focus(False)
                if r is not None:
                    return None
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif left_click(ev):
            z = self.zones.at(ev.pos)
            for f in self.fields:
                f.focus(False)
            if z is None:
                return None
            if z.key == "scenario":
                self.scenario = z.value
            elif z.key == "ctrl":
                seat, c = z.value
                self.controllers[seat] = c
            elif z.key == "name":
                self.fields[z.value].focus(True)
            elif z.key == "swap":
                self.factions.reverse()
            elif z.key == "start":
                return self.start(app)
            elif z.key == "load":
                return self.open_save(app, z.value)
            elif z.key == "back":
                return Pop()
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                return Pop()
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.start(app)
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, app: Any) -> None:
        self.zones.clear()
        surf.fill(T.BG)
        T.text(surf, _("VERSUS"), (T.W // 2, 40), 40, T.ACCENT, bold=True, anchor="center")
        T.text(surf, _("Two factions, one screen: every secret is entered behind a hand-over screen."),
               (T.W // 2, 82), 15, T.MUTED, anchor="center")
        # scenario
        for i, sid in enumerate(("swift", "sanctuary")):
            r = pygame.Rect(T.W // 2 - 410 + i * 420, 110, 400, 44)
            button(surf, self.zones, r, W.scenario_name(sid), "scenario", sid, hover=self.mouse, size=18,
                   selected=self.scenario == sid)
        T.text_block(surf, _(W.SCENARIO_BLURBS[self.scenario]), pygame.Rect(T.W // 2 - 410, 162, 820, 44), 14, T.TEXT)
        # seats
        for seat in range(2):
            fac = self.factions[seat]
            r = pygame.Rect(T.W // 2 - 520 + seat * 560, 220, 480, 390)
            panel(surf, r, None, fill=T.PANEL, edge=faction_colour(fac))
            faction_symbol(surf, fac, (r.left + 40, r.top + 40), 22)
            T.text(surf, _f("Player {n}", n=seat + 1), (r.left + 76, r.top + 14), 14, T.MUTED)
            T.text(surf, W.faction(fac), (r.left + 76, r.top + 34), 22, T.TEXT, bold=True)
            T.text(surf, _("Name"), (r.left + 20, r.top + 84), 14, T.MUTED)
            self.fields[seat].draw(surf, self.zones, pygame.Rect(r.left + 90, r.top + 76, 370, 32), "name", seat)
            T.text(surf, _("Played by"), (r.left + 20, r.top + 124), 14, T.MUTED)
            for j, c in enumerate(W.CONTROLLERS):
                br = pygame.Rect(r.left + 20 + (j % 2) * 225, r.top + 148 + (j // 2) * 50, 215, 40)
                button(surf, self.zones, br, _(W.CONTROLLER_NAMES[c]), "ctrl", (seat, c), hover=self.mouse, size=15,
                       selected=self.controllers[seat] == c)
            T.text_block(surf, _("A bot thinks in the background; Esc stops it. Search bots grow stronger with "
                                 "more seconds a decision."), pygame.Rect(r.left + 20, r.top + 310, 440, 60), 13, T.DIM)
        sw = button(surf, self.zones, pygame.Rect(T.W // 2 - 40, 390, 80, 40), "", "swap", hover=self.mouse, size=20,
                    tip=_("Swap the factions"))
        cx, cy = sw.rect.center  # two arrows, one each way (a picture, not a glyph the font may lack)
        for dy, sgn in ((-6, 1), (6, -1)):
            pygame.draw.line(surf, T.TEXT, (cx - 20, cy + dy), (cx + 20, cy + dy), 2)
            tip = (cx + 20 * sgn, cy + dy)
            pygame.draw.polygon(surf, T.TEXT, [tip, (tip[0] - 7 * sgn, cy + dy - 5), (tip[0] - 7 * sgn, cy + dy + 5)])
        T.text(surf, _("swap sides"), (T.W // 2, 440), 12, T.MUTED, anchor="center")
        button(surf, self.zones, pygame.Rect(T.W // 2 - 220, 640, 200, 48), _("Back"), "back", hover=self.mouse, size=18)
        button(surf, self.zones, pygame.Rect(T.W // 2 + 20, 640, 200, 48), _("Start"), "start", hover=self.mouse,
               size=18, primary=True)
        folder = getattr(app, "save_dir", None)
        saved = slots(folder) if folder is not None else []
        if saved:
            T.text(surf, _("Saved games"), (20, 598), 12, T.MUTED)
        for i, sl in enumerate(saved):  # the save list: scenario, round and names only (no secret is ever saved)
            if sl.doc is None:
                label = _("damaged save")
            else:
                who = " – ".join(n or _f("Player {n}", n=k + 1) for k, n in enumerate(sl.doc.names or ["", ""]))
                label = _f("{scenario} · round {n} · {who}", scenario=W.scenario_name(sl.doc.scenario),
                           n=sl.doc.round, who=who)
            button(surf, self.zones, pygame.Rect(20, 616 + i * 32, 370, 28), T.fit(label, 12, 356), "load", sl.path,
                   hover=self.mouse, size=12, enabled=sl.doc is not None,
                   tip=error_text(sl.error) if sl.error else _("Continue this saved game"))
        if self.message:
            T.text(surf, T.fit(self.message, 14, T.W - 40), (T.W // 2, 700), 14, T.BAD, anchor="center")
