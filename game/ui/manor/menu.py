"""The manor campaign menu: the city's campaign menu with the manor's slots and its new-campaign side."""
from __future__ import annotations

import pygame

from ...content.errors import ContentError
from ...i18n import _, _f, N_
from .. import theme as T
from ..campaign import CampaignMenu, CampaignSession
from ..errortext import error_text
from ..ruleids import tagged
from ..scene import Command
from ..widgets import button, panel, Zone
from .common import icon, mansion_pack, PACK_ID
from .session import ManorSession


class ManorCampaignMenu(CampaignMenu):
    """New manor campaign (main characters, easy mode) and the saved manor campaigns (the
    campaign menu's list, renaming and opening, for the manor's saves only)."""

    SESSION = ManorSession
    PACK_FILTER = PACK_ID
    PACK_HIDE: tuple[str, ...] = ()
    SAVED_TITLE = N_("Saved manor campaigns")
    NO_SAVES = N_("No manor campaign saved yet.")
    SAVED_LINE = N_("card {scenario} · turn {turn} · danger {d} · {when}")
    SAVED_LEFT = 580
    MAX_ROWS = 11

    def __init__(self):
        super().__init__()
        self.chosen: list[str] = []
        self._mains: list[str] | None = None
        self._preset = False  # the first two main characters are chosen when the menu first draws

    def preset(self) -> None:
        """Two main characters chosen at first, as the city's menu chooses two survivors (issue 25's
        third play-test 11: the city started with two, the manor with none)."""
        if not self._preset:
            self._preset = True
            if not self.chosen:
                self.chosen = self.mains()[:2]

    def mains(self) -> list[str]:
        """M-CHAR-4: the main characters, the only ones chosen at campaign start."""
        if self._mains is None:
            try:
                mp = mansion_pack()
                self._mains = list(mp.mansion_content().characters)
            except ContentError as ex:
                self._mains, self.message = [], error_text(ex)
        return self._mains

    def pick(self, key, value, app) -> Command:
        self.preset()
        if key == "who":
            self.message = ""
            if value in self.chosen:
                self.chosen.remove(value)
            elif len(self.chosen) < 4:
                self.chosen.append(value)
            return None
        return super().pick(key, value, app)

    def new_session(self, app) -> CampaignSession | None:
        if not self.chosen:
            self.message = _("Choose at least one main character.")
            return None
        s = ManorSession.new(app, list(self.chosen), easy=self.easy, seed=app.seed,
                             name=self.name_field.text or self.default_name(app))
        s.ask_seats = True  # names, person or bot first, over the manor map (issue 25 item 9)
        return s

    def draw_new(self, surf, app) -> None:
        """The manor's title and its new campaign: the main characters in seat order, easy mode."""
        T.text(surf, _("NIGHT AT HOLLOWMERE MANOR"), (40, 30), 30, T.ACCENT_HI, bold=True)
        T.text(surf, _("Search the manor, bring out as many of the team as you can, find the laboratory."),
               (42, 72), 16, T.MUTED)
        r = panel(surf, pygame.Rect(40, 110, 520, 420), _("New manor campaign"))
        T.text_block(surf, _("Choose 1 to 4 main characters, in seat order. The others wait in the survivor deck "
                             "to be rescued."), pygame.Rect(r.left, r.top, r.width, 40), 13, T.MUTED)
        self.preset()
        ct = None
        try:
            mp = mansion_pack()
            ct = mp.mansion_content()
        except ContentError as ex:
            self.message = error_text(ex)
        for i, cid in enumerate(self.mains()):
            cr = pygame.Rect(r.left + (i % 2) * 256, r.top + 46 + (i // 2) * 100, 248, 92)
            sel = cid in self.chosen
            pygame.draw.rect(surf, T.PANEL_HI if sel else (32, 28, 34), cr, border_radius=8)
            pygame.draw.rect(surf, T.GOLD if sel else (90, 80, 86), cr, 3 if sel else 1, border_radius=8)
            app.art.portrait(surf, cid, (cr.left + 44, cr.centery), 34)
            d = ct.characters[cid] if ct is not None else None
            name = _(d.name) if d is not None else cid
            T.text(surf, name, (cr.left + 88, cr.top + 10), 16, T.TEXT, bold=True)
            if d is not None:
                T.text(surf, _f("evade {e} · items {i}", e=d.evade_dice, i=d.inventory_limit), (cr.left + 88, cr.top + 32),
                       13, T.MUTED)
                kr = icon(surf, app, "mi_kerosene", (cr.left + 88, cr.top + 50), 20)
                T.text(surf, _f("kerosene {n}", n=ct.kerosene_limit(cid)), (kr.right + 4, kr.top + 2), 13, T.MUTED)
            if sel:
                seat = self.chosen.index(cid) + 1
                # under the stats, clear of a long name (it overlapped "Whitlock" at the top right)
                T.text(surf, _f("player {n}", n=seat), (cr.left + 88, cr.top + 70), 13, T.GOLD, bold=True)
                pygame.draw.lines(surf, T.GOLD, False, [(cr.right - 34, cr.bottom - 22), (cr.right - 26, cr.bottom - 14),
                                                        (cr.right - 12, cr.bottom - 30)], 3)
            self.zones.add(Zone(cr, "who", cid))
        n = len(self.chosen)
        T.text(surf, tagged(_("Solo: one character."), "M-MODE-2", None, "()") if n == 1 else _f("{n} characters chosen.", n=n),
               (r.left, r.top + 254), 14, T.TEXT)
        button(surf, self.zones, pygame.Rect(r.left, r.top + 282, 200, 34), _f("Easy mode: {v}", v=_("on") if self.easy
                                                                                               else _("off")),
               "easy", hover=self.mouse, selected=self.easy, size=15)
        # the name the players type, as in the city's menu (play4: manor slots were all "manor 16492965")
        T.text(surf, _("Name"), (r.left + 216, r.top + 290), 15, T.TEXT)
        self.name_field.placeholder = self.default_name(app)
        self.name_field.draw(surf, self.zones, pygame.Rect(r.left + 270, r.top + 282, r.width - 270, 34), "name")
        button(surf, self.zones, pygame.Rect(r.left, r.bottom - 50, 260, 46), _("Enter the manor"), "new",
               hover=self.mouse, primary=bool(self.chosen), enabled=bool(self.chosen), size=18)
