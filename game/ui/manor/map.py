"""The manor map (M-MAP): scenario cards by floor and wing, locked or unlocked with what opens
them, completed, added by what; the Item C deck; the reserve with its wounds; the danger track."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...content.errors import ContentError
from ...engine.campaign import legal, slot_status
from ...i18n import _, _f
from .. import theme as T
from ..campaign import seats_first
from ..errortext import error_text
from ..ruleids import tagged
from ..scene import Command, PickScene, Pop, Push, Replace, Reset
from ..seats import SeatsScene
from ..widgets import button, panel, Zone
from ..words import words
from .common import draw_manor_danger, draw_reserve_rows, FLOOR_NAMES, FLOORS, icon, STAGE_NAMES, STATES, WING_NAMES

if TYPE_CHECKING:
    from .session import ManorSession


class CardInfo:
    """What the manor map shows of one card, built from the pack and the campaign state."""

    def __init__(self, s: ManorSession, cid: str):
        cs, pack = s.cs, s.pack
        c = pack.card(cid)
        ct = cs.content
        self.id, self.card = cid, c
        self.state = slot_status(cs, cid)[0]
        self.name, self.code = s.card_name(cid), _(c.name)  # its story's name; its place ('Dining Wing') where that does not fit
        self.tier = _("hub") if c.start == "hub" else (_("finale") if cid == pack.final else _f("tier {n}", n=c.tier))
        # what flips it (M-MAP-4/6/9)
        u = c.unlock
        if u is None:
            self.needs = ""
        elif u.items:
            self.needs = _f("Needs {items}", items=_(" and ").join(_(ct.items[i].name) for i in u.items))
        else:
            self.needs = _f("Needs {n} in the reserve", n=u.reserve_at_least)
        # what put it on the map (M-MAP-1/2/9)
        if c.start == "hub":
            self.added, self.added_icon = _("The hub: the Introduction only"), "mi_hub"
        elif c.start in ("unlocked", "locked"):
            self.added, self.added_icon = _("On the map from the start"), "mi_added_success"
        elif c.added_by:
            self.added, self.added_icon = _f("Added by success in {card}", card=_(pack.card(c.added_by).name)), \
                "mi_added_success"
        else:
            self.added, self.added_icon = _f("Added when {cards} are complete", cards=_(" and ").join(
                _(pack.card(x).name) for x in c.added_when_completed)), "mi_added_condition"
        self.c_total = c.item_c_tokens
        self.c_got = len(cs.collected_c.get(cid, []))
        self.tries = sum(1 for h in cs.history if h.scenario == cid)
        self.replay = any(h.scenario == cid and h.result == "success" for h in cs.history)
        self.boss = _(ct.enemies[c.boss].name) if c.boss and c.boss in ct.enemies else (c.boss or "")

    @property
    def status_line(self) -> str:
        """The second line under the state word: what opens it, or what is left to do."""
        if self.state == "completed":
            return _("Completion token placed")
        if self.state == "unlocked":
            if self.replay:
                return _f("Replay: {n} Item C still to find", n=self.c_total - self.c_got)
            return _("Playable")
        if self.state == "hub":
            return _("Played once, before the first card")
        return self.needs


class ManorMapScene(PickScene):
    """The manor map (M-MAP): every card by floor and wing with its state in words and icons, what
    opens it and what added it, Item C tokens found; the Item C deck, the party with kerosene,
    the reserve with wounds, the manor danger track; choosing the next scenario (M-MAP-5).
    ``view_only``: shown over another scene (the end phase's "Campaign sheet"), nothing chosen."""

    MAP = pygame.Rect(16, 96, 880, 550)
    overlay = False

    def __init__(self, session: ManorSession, view_only: bool = False):
        super().__init__()
        self.s = session
        self.view_only = view_only
        self.selected: str | None = None
        self.hover: str | None = None
        self.message = ""

    # -------------------------------------------------------------- input
    def key(self, ev, app) -> Command:
        if self.view_only and ev.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_c):
            return Pop()
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected:
            return self.pick("start", None, app)
        return None

    def choices(self) -> set[str]:
        if self.view_only:
            return set()
        return {a.target for a in legal(self.s.cs) if a.kind == "choose" and not a.item}

    def update(self, dt, app):
        return None if self.view_only else seats_first(self.s)

    def at_rest(self, app):
        """Nothing happens on the map without input once its seats were asked (issue 30 item 2)."""
        return not getattr(self.s, "ask_seats", False)

    def still_key(self, app):
        """Nothing on the manor map moves by itself (issue 30: idle draws nothing): its picture is the
        pointer, the card chosen, the messages and the campaign's state (changed only by actions)."""
        cs = self.s.cs
        return (self.mouse, self.selected, self.message, getattr(self.s, "save_error", None),
                getattr(self, "ok_message", None), id(cs), len(cs.history), cs.phase, id(cs.pending),
                app.top is self)

    def pick(self, key, value, app) -> Command:
        cs = self.s.cs
        if key == "close":
            return Pop()
        if key == "card":
            self.selected = value
            return None
        if key == "intro":
            self.selected = "intro"
            return None
        if key == "seats":  # issue 12: reassign the seats between scenarios

            return Push(SeatsScene(self.s))
        if key == "menu":
            self.s.autosave()
            return Reset(app.main_menu())
        if key == "start" and self.selected:
            if not self.s.choose(self.selected):
                self.message = _("That scenario cannot be chosen now.")
                return None
            self.s.autosave()
            try:
                return Replace(self.s.open_next(app))
            except ContentError as ex:
                self.message = error_text(ex)
        return None

    # -------------------------------------------------------------- drawing
    LABEL_W = 84  # the floor names on the left
    CENTRE_W = 190  # the hall's column; the wings share the rest

    def columns(self) -> list[tuple[int, int]]:
        """(left, width) of the West, centre and East columns."""
        m = self.MAP
        side = (m.width - self.LABEL_W - self.CENTRE_W) // 2
        x0 = m.left + self.LABEL_W
        return [(x0, side), (x0 + side, self.CENTRE_W), (x0 + side + self.CENTRE_W, side)]

    def layout(self) -> dict[str, pygame.Rect]:
        """Each card's rectangle: rows by floor (FLOORS), columns West | centre | East with up to
        two cards side by side in a column (A then B); a floor with no wing cards (the grounds)
        spreads its cards over the whole row."""
        cards = [c for c in self.s.pack.cards]
        floors = [f for f in FLOORS if any(c.floor == f for c in cards)] + \
            sorted({c.floor for c in cards} - set(FLOORS))
        m = self.MAP
        cols = self.columns()
        row_h = m.height // max(1, len(floors))
        out: dict[str, pygame.Rect] = {}
        for fi, f in enumerate(floors):
            here = sorted((c for c in cards if c.floor == f), key=lambda c: c.id)
            top = m.top + fi * row_h + 4
            if not any(c.wing in ("West", "East") for c in here):  # the grounds: one wide row
                w = min(200, (m.right - cols[0][0] - 8 * len(here)) // max(1, len(here)))
                x = cols[0][0] + (m.right - cols[0][0] - len(here) * (w + 8)) // 2
                for j, c in enumerate(here):
                    out[c.id] = pygame.Rect(x + j * (w + 8), top, w, row_h - 8)
                continue
            by_col: dict[int, list] = {0: [], 1: [], 2: []}
            for c in here:
                by_col[{"West": 0, "East": 2}.get(c.wing, 1)].append(c)
            for k, lst in by_col.items():
                left, width = cols[k]
                n = max(1, len(lst))
                w = min(200, (width - 8 - 6 * (n - 1)) // n)
                x0 = left + (width - (w * n + 6 * (n - 1))) // 2
                for j, c in enumerate(lst):
                    out[c.id] = pygame.Rect(x0 + j * (w + 6), top, w, row_h - 8)
        return out

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        cs, pack = self.s.cs, self.s.pack
        T.text(surf, _("HOLLOWMERE MANOR"), (24, 10), 28, T.ACCENT_HI, bold=True)
        done = len(cs.completed)
        T.text(surf, _f("{n} played · {c} completed · goal: succeed in {final}", n=sum(1 for h in cs.history if h.scenario != "intro"), c=done,
                        final=_(pack.card(pack.final).name)), (26, 46), 14, T.MUTED)
        draw_manor_danger(surf, cs, pygame.Rect(560, 34, 700, 24))
        choices = self.choices()
        rects = self.layout()
        self.draw_floors(surf, rects)
        self.hover = None
        infos = {cid: CardInfo(self.s, cid) for cid in rects}
        for cid, rect in rects.items():
            info = infos[cid]
            self.draw_card(surf, app, rect, info, cid in choices)
            if rect.collidepoint(self.mouse):
                self.hover = cid
        self.draw_side(surf, app, infos)
        self.draw_buttons(surf, app, choices)

    def draw_floors(self, surf, rects: dict[str, pygame.Rect]) -> None:
        m = self.MAP
        pygame.draw.rect(surf, (16, 14, 18), m, border_radius=8)
        pygame.draw.rect(surf, T.PANEL_EDGE, m, 1, border_radius=8)
        for k, (wing, (left, width)) in enumerate(zip(("West", "", "East"), self.columns())):
            if k:
                for yy in range(m.top + 6, m.bottom - 6, 12):  # dashed wing walls
                    pygame.draw.line(surf, (60, 50, 56), (left, yy), (left, yy + 6))
            if wing:
                T.text(surf, _(WING_NAMES[wing]).upper(), (left + width // 2, m.top - 10), 12, T.MUTED, bold=True,
                       anchor="center")
        seen: dict[str, pygame.Rect] = {}
        for cid, r in rects.items():
            f = self.s.pack.card(cid).floor
            seen[f] = seen.get(f, r).union(r) if f in seen else r
        for f, r in seen.items():
            pygame.draw.line(surf, (48, 40, 46), (m.left + 8, r.bottom + 4), (m.right - 8, r.bottom + 4))
            T.text_block(surf, _(FLOOR_NAMES.get(f, f)).upper(), pygame.Rect(m.left + 10, r.top + 6, 80, 60), 13, T.GOLD,
                         bold=True)

    def draw_card(self, surf, app, rect: pygame.Rect, info: CardInfo, choosable: bool) -> None:
        word, ico, col = STATES[info.state]
        sel = self.selected == info.id
        hot = rect.collidepoint(self.mouse)
        fill = T.PANEL_HI if (sel or hot) else (T.PANEL if info.state != "absent" else (20, 18, 22))
        pygame.draw.rect(surf, fill, rect, border_radius=6)
        if info.state == "absent":  # not on the map: a dashed outline, like the icon
            for x in range(rect.left + 4, rect.right - 4, 10):
                pygame.draw.line(surf, col, (x, rect.top), (min(x + 5, rect.right), rect.top))
                pygame.draw.line(surf, col, (x, rect.bottom - 1), (min(x + 5, rect.right), rect.bottom - 1))
        else:
            pygame.draw.rect(surf, T.GOLD if sel else col, rect, 3 if sel else 1, border_radius=6)
        x, y, w = rect.left + 6, rect.top + 3, rect.width - 12
        name_col = T.TEXT if info.state != "absent" else T.MUTED
        bx = rect.right - 5  # top right: Item C tokens found / on the map (M-ITEMC-2), the boss; then the name
        if info.c_total:
            tr = T.text(surf, f"{info.c_got}/{info.c_total}", (bx, y + 1), 11, T.TEXT, bold=True, anchor="topright")
            bx = icon(surf, app, "mi_itemc", (tr.left - 16, y), 15).left - 2
        # the place on the name line, always: the unlock lines ("Added by success in Conservatory") name
        # places, and in Japanese the story names fitted so no place was shown (session-36 retest M5)
        name, size = next(((info.code, z) for z in (13, 12, 11)
                           if T.font(z, True).size(info.code)[0] <= bx - x - (21 if info.boss else 4)), (info.code, 11))
        nr = T.text(surf, name, (x, y + 13 - size), size, name_col, bold=True)
        if info.boss and bx - 17 > nr.right:
            icon(surf, app, "mi_boss", (bx - 17, y - 1), 17)
        y += 18
        ir = icon(surf, app, ico, (x, y), 17)
        wr = T.text(surf, _(word), (ir.right + 4, y + 2), 11, col, bold=True)
        tier_w = T.font(11).size(T.clean(info.tier))[0]
        if wr.right + 8 + tier_w <= rect.right - 6:  # the tier, where it fits (the side panel always says it)
            T.text(surf, info.tier, (rect.right - 6, y + 2), 11, T.MUTED, anchor="topright")
        y += 19
        status = info.status_line if info.state != "hub" else ""
        if name != info.name and (not status or len(T.wrap(f"{info.name} · {status}", 11, w)) <= 2):
            # the story's name leads the status, so the card says the name the side panel and the Start
            # button use ("Dining Wing" there, "Dinner Is Served" beside: own play-test); where both do not
            # fit two lines what opens the card comes first (the side panel says the story)
            status = f"{info.name} · {status}" if status else info.name
        if status:
            T.text_block(surf, status, pygame.Rect(x, y, w, 28), 11, T.TEXT if info.state != "absent"
                         else T.MUTED, line_gap=0, max_lines=2)
        if rect.bottom - y >= 54:  # what put the card on the map (M-MAP-1/2/9)
            ar = icon(surf, app, info.added_icon, (x, rect.bottom - 29), 11)
            T.text_block(surf, info.added, pygame.Rect(ar.right + 3, rect.bottom - 32, rect.right - ar.right - 8, 30),
                         11, T.MUTED, line_gap=-1, max_lines=2)
        if choosable:  # an open card can be chosen: a bar on its left edge (the word OPEN says it too)
            pygame.draw.rect(surf, T.GOLD, (rect.left, rect.top + 6, 3, rect.height - 12))
        self.zones.add(Zone(rect, "card", info.id, choosable, info.name))

    def draw_side(self, surf, app, infos: dict[str, CardInfo]) -> None:
        cs = self.s.cs
        ct = cs.content
        r = panel(surf, pygame.Rect(908, 96, T.W - 924, 196), _("Card"))
        cid = self.hover or (self.selected if self.selected != "intro" else None)
        if cid in infos:
            info = infos[cid]
            word, ico, col = STATES[info.state]
            T.text(surf, f"{info.code} · {info.tier}", (r.left, r.top), 16, T.TEXT, bold=True)  # the place (M5)
            ir = icon(surf, app, ico, (r.left, r.top + 24), 22)
            T.text(surf, _(word), (ir.right + 6, r.top + 27), 14, col, bold=True)
            said = info.status_line if info.state != "hub" else info.added
            if info.name != info.code:  # and the story played there
                said = f"{info.name} · {said}"
            y = T.text_block(surf, said, pygame.Rect(r.left, r.top + 52, r.width, 36), 13, T.TEXT, max_lines=2)
            if info.needs and info.state in ("locked", "absent"):
                y = T.text_block(surf, tagged(_("Flips in an unlock step when a character holds it."), "M-MAP-6", None, "()"),
                                 pygame.Rect(r.left, y, r.width, 18), 12, T.MUTED, max_lines=2)
            y = T.text_block(surf, info.added, pygame.Rect(r.left, y + 2, r.width, 36), 12, T.MUTED, max_lines=2)
            extra = _f("Item C found {got} of {n} · tries {t}", got=info.c_got, n=info.c_total, t=info.tries)
            if info.boss:
                extra += " · " + _f("boss: {name}", name=info.boss)
            T.text_block(surf, extra, pygame.Rect(r.left, y + 2, r.width, 36), 12, T.MUTED, max_lines=2)
        else:
            T.text_block(surf, _("Point at a card to read it; click an open card to choose it."),
                         pygame.Rect(r.left, r.top, r.width, 40), 13, T.MUTED)
        self.draw_item_c(surf, app, pygame.Rect(908, 296, T.W - 924, 150))
        self.draw_people(surf, app, pygame.Rect(908, 452, T.W - 924, T.H - 452 - 76))

    def draw_item_c(self, surf, app, rect: pygame.Rect) -> None:
        """The Item C deck (M-ITEMC-6): face-down cards counted by stage, never shuffled; the cards
        found so far and where each is now (a character, the item box, or used on a card)."""
        cs = self.s.cs
        ct = cs.content
        r = panel(surf, rect, _("Item C deck"))
        deck = list(cs.piles.get("item_c", []))
        by_stage: dict[int, int] = {}
        for u in deck:
            st = ct.items[cs.cards[u].defn].stage or 0
            by_stage[st] = by_stage.get(st, 0) + 1
        ir = icon(surf, app, "mi_itemc", (r.left, r.top), 22)
        stages = "  ".join(_f("stage {s}: {n}", s=STAGE_NAMES.get(k, k), n=n) for k, n in sorted(by_stage.items()))
        T.text(surf, _f("{n} face down, never shuffled", n=len(deck)), (ir.right + 6, r.top), 13, T.TEXT, bold=True)
        T.text(surf, stages or _("the deck is empty"), (ir.right + 6, r.top + 17), 12, T.MUTED)
        where: dict[str, str] = {}
        for c in cs.characters:
            for sl in c.inventory:
                for u in sl:
                    where[u] = _f("held by {name}", name=_(ct.characters[c.cid].name) if c.cid in ct.characters
                                  else c.cid)
        for sl in cs.item_box:
            for u in sl:
                where[u] = _("in the item box")
        found = [u for u, c in cs.cards.items() if c.deck == "C" and u not in deck]
        y = r.top + 40
        if not found:
            T.text(surf, _("No Item C card found yet."), (r.left, y), 12, T.DIM)
        for u in found[:5]:
            d = ct.items[cs.cards[u].defn]
            T.text(surf, f"{_(d.name)}: {where.get(u, _('used to flip a card'))}", (r.left, y), 12, T.TEXT)
            y += 16
        if len(found) > 5:
            T.text(surf, _f("and {n} more", n=len(found) - 5), (r.left, y), 12, T.DIM)

    def draw_people(self, surf, app, rect: pygame.Rect) -> None:
        """The party with kerosene (M-KERO) and the reserve with wounds (M-RESERVE, MDV-9)."""
        cs = self.s.cs
        ct = cs.content
        r = panel(surf, rect, _("Party and reserve"))
        y = r.top
        for c in cs.characters:
            app.art.portrait(surf, c.cid, (r.left + 11, y + 11), 11)
            name = _(ct.characters[c.cid].name) if c.cid in ct.characters else c.cid
            T.text(surf, f"{name} · {_(T.HEALTH_LABELS.get(c.health, '?'))}", (r.left + 28, y + 3), 13, T.TEXT)
            kr = icon(surf, app, "mi_kerosene", (r.right - 64, y), 18)
            T.text(surf, f"{cs.kerosene.get(c.cid, 0)}/{ct.kerosene_limit(c.cid)}", (kr.right + 3, y + 3), 13, T.TEXT)
            y += 23
        y += 4
        if not cs.reserve and not cs.killed:
            T.text(surf, _("Reserve: nobody rescued yet."), (r.left, y), 12, T.DIM)
        y = draw_reserve_rows(surf, app, cs.content, cs.reserve, pygame.Rect(r.left, y, r.width, r.bottom - y))
        for cid in cs.killed:
            if y > r.bottom - 16:
                break
            kr = icon(surf, app, "mi_killed", (r.left, y), 16)
            T.text(surf, _f("{name}: killed", name=_(ct.character_name(cid))), (kr.right + 6, y + 1), 12, T.MUTED)
            y += 18

    def draw_buttons(self, surf, app, choices: set[str]) -> None:
        by = T.H - 62
        if self.view_only:
            button(surf, self.zones, pygame.Rect(T.W - 196, by, 180, 44), _("Close"), "close", hover=self.mouse, size=16)
            return
        if "intro" in choices:
            button(surf, self.zones, pygame.Rect(336, by, 270, 44), _("Optional: the Introduction"), "intro",
                   hover=self.mouse, selected=self.selected == "intro", size=15)
        name = self.s.card_name(self.selected) if self.selected else None
        button(surf, self.zones, pygame.Rect(24, by, 300, 44),
               _f("Start {name}", name=name) if name else _("Click an open card"), "start", hover=self.mouse,
               primary=bool(name), enabled=bool(name), size=17)
        button(surf, self.zones, pygame.Rect(618, by, 170, 44), _("Seats and players"), "seats", hover=self.mouse,
               size=14, tip=_("Who plays which survivor in the next scenarios"))
        button(surf, self.zones, pygame.Rect(T.W - 196, by, 180, 44), _("Save & menu"), "menu", hover=self.mouse,
               size=16)
        msg = self.message or self.s.save_error
        box = pygame.Rect(800, by - 4, T.W - 1010, 50)
        if msg:
            T.text_block(surf, msg, box, 13, T.BAD, max_lines=3)
        elif self.intro_result():  # the Introduction has no end phase (M-INTRO-1): say here how it went
            T.text_block(surf, self.intro_result(), box, 13, T.GOLD, max_lines=3)

    def intro_result(self) -> str:
        """How the Introduction just ended (M-INTRO-1), in the player's language, or ''."""
        lines = [text for rule, text in self.s.lines if rule.startswith("M-INTRO")]
        return words(lines[-1]) if lines else ""
