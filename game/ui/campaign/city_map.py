"""The city map: scenarios by district, the danger track, inventories and the item box, choosing
the next scenario (R-CAMP)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...content.campaign_map import load_city_map
from ...content.campaign_pack import campaign_briefs
from ...content.campaign_saves import clean_name, export_for_bug_report, new_slot_path, save_campaign
from ...content.errors import ContentError
from ...content.loader import load_content
from ...engine.campaign import legal, slot_status
from ...i18n import _, _f
from .. import theme as T
from ..errortext import error_text
from ..results import reason_words
from ..ruleids import prompt_words, tagged
from ..scene import Command, PickScene, Push, Replace, Reset
from ..seats import SeatsScene
from ..widgets import button, panel, Zone
from ..words import words
from .common import (describe, DISTRICT_WORDS, DISTRICTS, draw_danger, ICONS, inventory_lines, seats_first,
                     STATE_COLOURS, STATE_WORDS)
from .sheet import CampaignSheetScene

if TYPE_CHECKING:
    from .session import CampaignSession


class CityMapScene(PickScene):
    """Every scenario of the campaign by district with its state and why, the danger track with
    its bands, the party's inventories and the item box; choosing the next scenario."""

    MAP_ORIGIN = (16, 80)  # where the city map's picture is drawn (its pixels are screen pixels)

    def __init__(self, session: CampaignSession):
        super().__init__()
        self.s = session
        self.selected: str | None = None
        self.message = ""
        # the pack's city map, a Tiled map (game.content.campaign_map): picture + a card per scenario;
        # a broken one is named here and the cards fall back to columns by district
        self.city = None
        self.picture: pygame.Surface | None = None
        try:

            self.city = load_city_map(session.cs.pack_def)
            self.picture = pygame.image.load(str(self.city.picture))
        except ContentError as ex:
            self.message = _f("City map not used: {why}", why=ex)
        except pygame.error as ex:
            self.city, self.message = None, _f("City map picture not drawn: {why}", why=ex)

    def key(self, ev, app) -> Command:
        if ev.key == pygame.K_c:
            return Push(CampaignSheetScene(self.s))
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected:
            return self.pick("start", None, app)
        return None

    def update(self, dt, app):
        return seats_first(self.s)

    def at_rest(self, app):
        """Nothing happens on the map without input once its seats were asked (issue 30 item 2)."""
        return not getattr(self.s, "ask_seats", False)

    def still_key(self, app):
        """Nothing on the city map moves by itself (issue 30: idle draws nothing): its picture is the
        pointer, the card chosen, the messages and the campaign's state (changed only by actions)."""
        cs = self.s.cs
        return (self.mouse, self.selected, self.message, self.s.save_error, getattr(self, "ok_message", None),
                id(cs), len(cs.history), cs.phase, id(cs.pending), app.top is self)

    def pick(self, key, value, app) -> Command:
        cs = self.s.cs
        if key in ("slot", "peek"):
            self.selected = value
            return None
        if key == "sheet":
            return Push(CampaignSheetScene(self.s))
        if key == "seats":  # issue 12: reassign the seats between scenarios
            return Push(SeatsScene(self.s))
        if key == "menu":
            self.s.autosave()
            return Reset(app.main_menu())
        if key == "copy":  # a named slot: a checkpoint beside the running campaign's own slot

            last = cs.pack_def.slot(cs.history[-1].scenario).name if cs.history and cs.history[-1].scenario != "intro" \
                else _("start")
            name = clean_name(_f("{name} after {last}", name=self.s.name, last=_(last)))
            out = new_slot_path(name, self.s.slot.parent)
            return self.write(out, name, lambda: save_campaign(out, cs, extra=self.s.seat_extra(),
                                                               name=name))
        if key == "export":

            out = self.s.slot.parent.parent / "bug-reports" / (self.s.slot.stem + "-bug-report.json")
            return self.write(out, out, lambda: export_for_bug_report(out, cs))
        if key == "swap":
            self.s.apply(value)
        if key == "start" and self.selected:
            if not self.s.choose(self.selected):
                self.message = _("That scenario cannot be chosen now.")
                return None
        if cs.phase == "playing":
            try:
                return Replace(self.s.open_next(app, start=True))
            except ContentError as ex:
                self.message = error_text(ex)
        return None

    def brief_of(self, sid: str):
        """The brief (ScenarioDef) a slot plays, read once per scene; None if it cannot be read."""
        cache = self.__dict__.setdefault("_briefs", {})
        if sid not in cache:
            try:

                bid = self.s.cs.pack_def.slot(sid).brief
                got = campaign_briefs().get(bid)
                cache[sid] = got[0] if got else load_content().scenarios.get(bid)
            except (ContentError, KeyError, OSError):
                cache[sid] = None
        return cache[sid]

    def draw_brief(self, surf, r: pygame.Rect) -> int:
        """The chosen scenario's story and goal at the bottom of the party panel, so players know what
        they start (a playtest met only its name until the board opened). Returns the height used."""
        if self.selected == "intro":
            title, story, goal = _("The Introduction"), "", _("Optional: a short practice scenario outside the "
                                                                "campaign; nothing it does carries over.")
        else:
            b = self.brief_of(self.selected)
            if b is None:
                return 0
            sl = self.s.cs.pack_def.slot(self.selected)
            title = f"{_(sl.name)} · " + (_("finale") if sl.tier == 4 else _f("tier {n}", n=sl.tier))
            story = _(b.description) if b.description else ""
            goal = _f("Goal: {text}", text=_(b.goal or b.objective_text)) if (b.goal or b.objective_text) else ""
            state, why = slot_status(self.s.cs, self.selected)
            if state != "open" and state in STATE_WORDS:  # a card that cannot be started now: why, not its goal
                goal = f"{_(STATE_WORDS[state])}: {reason_words(why)}"
                if state == "locked":  # R-CAMP-12: where such an item comes from
                    goal += " " + _("It opens in an end phase when a survivor carries that item (an Item C card, "
                                    "found on the scenarios' Item C tokens) in the inventory, not the item box.")
        h = 200
        box = pygame.Rect(r.left, r.bottom - 42 - h, r.width, h)  # (clear of the note under it, two lines)
        pygame.draw.line(surf, T.PANEL_EDGE, (box.left, box.top - 6), (box.right, box.top - 6))
        T.text(surf, title, (box.left, box.top), 15, T.GOLD, bold=True)
        y = box.top + 22
        if story:
            y = T.text_block(surf, story, pygame.Rect(box.left, y, box.width, 120), 13, T.MUTED, max_lines=6) + 6
        if goal:
            T.text_block(surf, goal, pygame.Rect(box.left, y, box.width, box.bottom - y), 13, T.TEXT,
                         max_lines=max(1, (box.bottom - y) // 17))
        return h + 8

    def write(self, out: Path, shown, write) -> None:
        """Write a file with ``write()``; the message names ``shown`` or why it failed."""
        try:
            write()
            self.message = _f("Written: {path}", path=shown)
            self.ok_message = self.message
        except OSError as ex:
            self.message = _f("Could not write {path}: {why}", path=out, why=ex.strerror or ex)

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        cs = self.s.cs
        T.text(surf, _("HALLOWAY CITY"), (24, 12), 28, T.ACCENT_HI, bold=True)
        played = sum(1 for h in cs.history if h.scenario != "intro")  # (the Introduction is in the history too)
        T.text(surf, (_f("{n} scenario played", n=played) if played == 1 else _f("{n} scenarios played", n=played))
               + "   ·   " + (_("Clock Tower route found") if cs.route else _("Clock Tower route not found")),
               (26, 48), 15, T.MUTED)
        draw_danger(surf, cs, pygame.Rect(440, 34, 720, 26))
        choices = {a.target for a in legal(cs) if a.kind == "choose"}
        cw = 168
        if self.picture is not None:
            surf.blit(self.picture, self.MAP_ORIGIN)
        for d, district in enumerate(DISTRICTS):
            x = 16 + d * (cw + 8)
            # the district's name in the player's language, over its band of the picture (which has no text)
            hx, size = (x, 14) if self.city is None else (self.MAP_ORIGIN[0] + d * 176 + 6, 16)
            T.text(surf, _(DISTRICT_WORDS.get(district, district.upper())), (hx, 86), size, T.GOLD, bold=True)
            y = 108
            for sl in [s for s in cs.pack_def.scenarios if s.district == district]:
                state, why = slot_status(cs, sl.id)
                rect = pygame.Rect(x, y, cw, 122)
                if self.city is not None:  # where the city map (Tiled) puts the card
                    sx, sy, sw, sh = self.city.slots[sl.id]
                    rect = pygame.Rect(self.MAP_ORIGIN[0] + sx, self.MAP_ORIGIN[1] + sy, sw, sh)
                sel = self.selected == sl.id
                pygame.draw.rect(surf, T.PANEL_HI if sel else T.PANEL, rect, border_radius=6)
                pygame.draw.rect(surf, T.GOLD if sel else STATE_COLOURS[state], rect, 3 if sel else 1, border_radius=6)
                T.text(surf, sl.id, (rect.left + 8, rect.top + 6), 14, T.TEXT, bold=True)
                T.text(surf, _("finale") if sl.tier == 4 else _f("tier {n}", n=sl.tier), (rect.right - 8, rect.top + 7), 12,
                       T.MUTED, anchor="topright")
                T.text(surf, _(sl.name), (rect.left + 8, rect.top + 24), 14, T.TEXT)
                ICONS[state](surf, rect.left + 8, rect.top + 46, STATE_COLOURS[state])
                T.text(surf, _(STATE_WORDS[state]), (rect.left + 26, rect.top + 46), 12, STATE_COLOURS[state], bold=True)

                T.text_block(surf, reason_words(why), pygame.Rect(rect.left + 8, rect.top + 64, rect.width - 14, 54),
                             12, T.MUTED, max_lines=3)
                # an open card is chosen; any other can be clicked to read its story and why it is not open
                self.zones.add(Zone(rect, "slot" if sl.id in choices else "peek", sl.id))
                y += 128
        # inventories and the item box
        r = panel(surf, pygame.Rect(T.W - 384, 86, 368, 470), _("Party and item box"))
        brief_h = self.draw_brief(surf, r) if self.selected else 0  # the chosen scenario's story and goal
        y = r.top
        for ln, col in inventory_lines(cs):
            if y > r.bottom - 48 - brief_h - (24 if brief_h else 0):  # the note (and the chosen brief) keep their room
                T.text(surf, _("... (campaign sheet: C)"), (r.left, y), 13, T.DIM)
                break
            T.text(surf, ln, (r.left, y), 13, col, bold=col == T.GOLD)
            y += 17
        note = tagged(_("Items move between inventories and the box in the end phase."), "rules 18.3", None, "()")
        lh = T.font(12).get_linesize() + 2  # as high as its lines: two of them ran onto the border (retest finding 9)
        T.text_block(surf, note, pygame.Rect(r.left, r.bottom - 2 - lh * min(2, len(T.wrap(note, 12, r.width))), r.width,
                                             2 * lh), 12, T.DIM, max_lines=2)
        # choosing
        by = T.H - 60
        if cs.pending is not None and cs.pending.kind == "swap":
            # no rule ID with "Show rule IDs" off (retest finding 8); why all four are offered (R-SOLO-2)
            T.text(surf, prompt_words(cs.pending, words), (24, by - 48), 16, T.GOLD)
            T.text(surf, _("In solo the other survivors wait aside; any of them may take over, with the items "
                           "and health."), (24, by - 26), 13, T.MUTED)
            for i, a in enumerate(legal(cs)):
                button(surf, self.zones, pygame.Rect(24 + i * 190, by, 180, 40), describe(cs, a), "swap", a,
                       hover=self.mouse, size=15)
        else:
            if "intro" in choices:  # R-INTRO-9: the tutorial, outside the campaign, before its first scenario
                button(surf, self.zones, pygame.Rect(400, by, 260, 44), _("Optional: the Introduction"), "slot", "intro",
                       hover=self.mouse, selected=self.selected == "intro", size=15)
            name = (_(cs.pack_def.slot(self.selected).name) if self.selected != "intro" else _("the Introduction")) \
                if self.selected in choices else None
            label = _f("Start {name}", name=name) if name else _("Click an open scenario")
            button(surf, self.zones, pygame.Rect(24, by, 360, 44), label, "start", hover=self.mouse, primary=bool(name),
                   enabled=bool(name), size=17)
        button(surf, self.zones, pygame.Rect(T.W - 384, by, 180, 44), _("Campaign sheet"), "sheet", hover=self.mouse,
               size=16)
        button(surf, self.zones, pygame.Rect(T.W - 572, by - 50, 180, 38), _("Seats and players"), "seats",
               hover=self.mouse, size=14, tip=_("Who plays which survivor in the next scenarios"))
        button(surf, self.zones, pygame.Rect(T.W - 384, by - 50, 180, 38), _("Save a copy"), "copy",
               hover=self.mouse, size=14)
        button(surf, self.zones, pygame.Rect(T.W - 196, by - 50, 180, 38), _("Export bug report"), "export",
               hover=self.mouse, size=14)
        button(surf, self.zones, pygame.Rect(T.W - 196, by, 180, 44), _("Save & menu"), "menu", hover=self.mouse, size=16)
        msg = self.message or self.s.save_error
        if msg:
            T.text_block(surf, msg, pygame.Rect(400, by - 4, T.W - 800, 50), 13,
                         T.OK if msg == getattr(self, "ok_message", None) else T.BAD, max_lines=3)
