"""The manor campaign's scenes (issue 14, rules/mansion.md): choosing City or Manor when a
campaign starts, the manor campaign menu, the manor map (scenario cards by floor and wing, locked
or unlocked with what opens them, completed, added by what; the Item C deck; the reserve with its
wounds; the manor danger track), the switching step at set-up (M-SWITCH), the end phase and the
campaign's end.

A :class:`ManorSession` and :class:`ManorCampaignMenu` are the shared campaign session and menu of
:mod:`game.ui.campaign` with the manor's hooks (pack, scenarios, scenes, its "new campaign" side);
saves go to the same campaign slots. The scenes read the campaign through its public state and
``game.engine.campaign``'s calls, the same as the city's; every decision is a legal campaign action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..content.errors import ContentError
from ..engine import Action
from ..engine.campaign import legal, slot_status
from ..i18n import N_, _, _f
from . import theme as T
from .words import words
from .campaign import CampaignMenu, CampaignOverScene, CampaignSession, EndPhaseScene, describe, draw_danger, inventory_lines, seats_first
from .scene import Command, PickScene, Pop, Push, Replace, Reset, Scene
from .widgets import Zone, button, panel
from .errortext import error_text
from .ruleids import player_text
from .theme import fit

if TYPE_CHECKING:
    from .app import App

PACK_ID = "mansion"
#: floors top to bottom as the manor map shows them (a floor the pack names but this list does not goes last)
FLOORS = ["Grounds", "2F", "1F", "B1", "B2"]
FLOOR_NAMES = {"Grounds": N_("Grounds"), "2F": N_("Second floor"), "1F": N_("Ground floor"), "B1": N_("Basement"),
               "B2": N_("Below the basement")}
WING_NAMES = {"West": N_("West wing"), "East": N_("East wing"), "Centre": N_("Centre"), "North": N_("North"),
              "South": N_("South"), "Lab": N_("Laboratory")}
#: card state -> (word, icon, colour): the word and the icon say it, the colour only repeats it
STATES = {"hub": (N_("HUB"), "mi_hub", T.GOLD), "unlocked": (N_("OPEN"), "mi_unlocked", T.OK),
          "locked": (N_("LOCKED"), "mi_locked", T.WARN), "completed": (N_("COMPLETED"), "mi_completed", (214, 120, 110)),
          "absent": (N_("NOT ON THE MAP"), "mi_absent", T.DIM)}
#: MDV-9: wound tokens on a reserve profile -> the health step a switched-in character starts on
WOUND_STEPS = {0: N_("Fine"), 1: N_("Fine"), 2: N_("Caution"), 3: N_("Caution"), 4: N_("Danger")}
KILL_WOUNDS = 5  # M-MISSION-7, M-RESERVE-5
STAGE_NAMES = {1: "I", 2: "II", 3: "III"}


def icon(surf: pygame.Surface, app: "App", name: str, pos: tuple[int, int], size: int) -> pygame.Rect:
    """Blit icon ``name`` (assets/sprites, tools/make_manor_icons.py) with its top-left at ``pos``."""
    img = app.art.get(name, size)
    r = pygame.Rect(pos, (size, size))
    if img is not None:
        surf.blit(img, r)
    return r


def wound_step(wounds: int) -> str:
    """MDV-9: the health step a reserve character with ``wounds`` tokens is switched in on."""
    return _(WOUND_STEPS[wounds]) if wounds in WOUND_STEPS else _("killed")


# ====================================================================== the mansion campaign's data
def mansion_pack():
    """The manor's content and pack loaders (game.content.mansion_pack), read on first use; the
    campaign calls are game.engine.campaign's, the same as the city's."""
    from ..content import mansion_pack as mp

    return mp


# ====================================================================== session
class ManorSession(CampaignSession):
    """A manor campaign being played in the window: the campaign session with the manor's pack,
    scenarios and scenes (the switching step, M-SWITCH)."""

    PACK_ID = PACK_ID

    @classmethod
    def pack_and_content(cls):
        mp = mansion_pack()
        ct = mp.mansion_content()
        return mp.load_mansion_pack(ct), ct

    @staticmethod
    def load_scenario(pack, sid: str, content):
        mp = mansion_pack()
        return mp.load_card_scenario(pack, sid, content)  # "intro": the Grand Hall (M-INTRO-1)

    @staticmethod
    def default_name(seed: int) -> str:
        return f"manor {seed}"

    def intro_scenario(self):
        return self.scenario("intro")

    def scene_classes(self) -> dict[str, type]:  # its map, end phase (M-END), end, switching step (M-SWITCH)
        return {"map": ManorMapScene, "end": ManorEndPhaseScene, "over": ManorOverScene, "switch": SwitchScene}

    def after_end_scene(self, app: "App") -> Scene:
        """After the carry-out: the mansion end phase (M-END), or straight to the end when the
        manor is overrun or Laboratory 4 won."""
        return self.next_scene(app)


def describe_manor(s: ManorSession, a: Action) -> str:
    """A manor campaign action as a button label."""
    cs = s.cs
    who = (lambda c: _(cs.content.character_name(c))) if hasattr(cs.content, "character_name") else (lambda c: c)
    if a.kind == "choose" and a.target and not a.item:
        return s.card_name(a.target)
    if a.kind == "pick" and a.target:
        return _f("Play as {name}", name=who(a.target))
    if a.kind == "done":
        return _("Done")

    return describe(cs, a)


# ====================================================================== the manor campaign menu
class ManorCampaignMenu(CampaignMenu):
    """New manor campaign (main characters, easy mode) and the saved manor campaigns (the
    campaign menu's list, renaming and opening, for the manor's saves only)."""

    SESSION = ManorSession
    PACK_FILTER = PACK_ID
    PACK_HIDE = ()
    SAVED_TITLE = N_("Saved manor campaigns")
    NO_SAVES = N_("No manor campaign saved yet.")
    SAVED_LINE = N_("card {scenario} · turn {turn} · danger {d} · {when}")
    SAVED_LEFT = 580
    MAX_ROWS = 11

    def __init__(self):
        super().__init__()
        self.chosen: list[str] = []
        self._mains: list[str] | None = None

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
        T.text(surf, player_text(_("Solo: one character (M-MODE-2).")) if n == 1 else _f("{n} characters chosen.", n=n),
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


# ====================================================================== the manor map
class CardInfo:
    """What the manor map shows of one card, built from the pack and the campaign state."""

    def __init__(self, s: ManorSession, cid: str):
        cs, pack, ct = s.cs, s.pack, s.cs.content
        c = pack.card(cid)
        self.id, self.card = cid, c
        self.state = slot_status(cs, cid)[0]
        self.name, self.code = s.card_name(cid), _(c.name)  # its story's name; '1F West A' where that does not fit
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
            from .seats import SeatsScene

            return Push(SeatsScene(self.s))
        if key == "menu":
            self.s.autosave()
            return Reset(app.main_menu())
        if key == "start" and self.selected:
            a = Action(kind="choose", target=self.selected)
            if a not in legal(cs):
                self.message = _("That scenario cannot be chosen now.")
                return None
            self.s.apply(a)
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
        name, size = next(((t, z) for t in (info.name, info.code) for z in (13, 12, 11)  # the story's name if it fits
                           if T.font(z, True).size(t)[0] <= bx - x - (21 if info.boss else 4)), (info.code, 11))
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
        if info.state != "hub":
            T.text_block(surf, info.status_line, pygame.Rect(x, y, w, 28), 11, T.TEXT if info.state != "absent"
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
            T.text(surf, f"{info.name} · {info.tier}", (r.left, r.top), 16, T.TEXT, bold=True)
            ir = icon(surf, app, ico, (r.left, r.top + 24), 22)
            T.text(surf, _(word), (ir.right + 6, r.top + 27), 14, col, bold=True)
            y = T.text_block(surf, info.status_line if info.state != "hub" else info.added,
                             pygame.Rect(r.left, r.top + 52, r.width, 36), 13, T.TEXT, max_lines=2)
            if info.needs and info.state in ("locked", "absent"):
                y = T.text_block(surf, player_text(_("Flips in an unlock step when a character holds it (M-MAP-6).")),
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


def draw_reserve_rows(surf, app, ct, reserve, rect: pygame.Rect) -> int:
    """One row per reserve character: portrait, name, wound tokens as icons with their number, and
    the health step it would start on if switched in (MDV-9); reserve-only characters say so."""
    y = rect.top
    for res in reserve:
        if y > rect.bottom - 20:
            break
        app.art.portrait(surf, res.cid, (rect.left + 11, y + 11), 11)
        main = res.cid in ct.characters
        T.text(surf, _(ct.character_name(res.cid)), (rect.left + 28, y + 3), 13, T.TEXT, bold=True)
        x = rect.left + 150
        for k in range(min(res.wounds, KILL_WOUNDS)):
            icon(surf, app, "mi_wound", (x + k * 15, y + 2), 16)
        tag = wound_step(res.wounds) if main else _("reserve only")
        tx = x + 15 * max(1, min(res.wounds, KILL_WOUNDS)) + 4
        words = _f("{n} wounds", n=res.wounds) if res.wounds != 1 else _("1 wound")
        if tx + T.font(12).size(words)[0] > rect.right - T.font(12).size(tag)[0] - 8:
            words = str(res.wounds)  # the icons say "wounds"; the words ran into the tag (play4: "4 woundsreserve only")
        T.text(surf, words, (tx, y + 3), 12, T.TEXT)
        T.text(surf, tag, (rect.right, y + 3), 12, T.MUTED, anchor="topright")
        y += 23
    return y


def draw_manor_danger(surf, cs, rect: pygame.Rect) -> None:
    """The manor danger track (M-DANGER-1: the core track's numbers and bands, renamed)."""

    draw_danger(surf, cs, rect, _("MANOR DANGER"))


# ====================================================================== switching (M-SWITCH)
class SwitchScene(PickScene):
    """The switching step at set-up (M-SWITCH-1..7; in solo it is the only way to change character,
    M-SWITCH-9): one player at a time keeps the character or takes a main character from the
    reserve, then says where each item goes (M-SWITCH-3)."""

    def __init__(self, session: ManorSession):
        super().__init__()
        self.s = session
        self.message = ""

    def pick(self, key, value, app) -> Command:
        if key == "act":
            return self.act(value, app)
        if key == "map":
            return Push(ManorMapScene(self.s, view_only=True))
        return None

    def key(self, ev, app) -> Command:
        opts = legal(self.s.cs) if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) else []
        return self.act(opts[0], app) if opts else None

    def act(self, a: Action, app) -> Command:
        self.s.apply(a)
        self.s.autosave()
        if self.s.cs.phase != "switch":
            try:
                return Replace(self.s.open_next(app))
            except ContentError as ex:
                self.message = error_text(ex)
        return None

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        cs = self.s.cs
        ct = cs.content
        p = cs.pending
        icon(surf, app, "mi_switch", (24, 14), 40)
        T.text(surf, _f("BEFORE {card}: SWITCHING CHARACTERS", card=self.s.card_name(cs.chosen).upper()), (74, 16), 24,
               T.ACCENT_HI, bold=True)
        T.text(surf, player_text(_("Fewer than four characters and a main character in the reserve: each player may "
                                   "switch once (M-SWITCH-1).")), (76, 50), 14, T.MUTED)
        if p is None:
            return
        seat = int((p.ctx or {}).get("seat", p.seat)) if p.kind == "switch" else p.seat
        old = cs.characters[seat] if seat < len(cs.characters) else None
        T.text(surf, _f("Player {n} decides", n=seat + 1), (24, 86), 18, T.GOLD, bold=True)
        opts = legal(cs)
        if p.kind == "switch" and old is not None:
            self.draw_current(surf, app, old, pygame.Rect(24, 118, 380, 460))
            x = 424
            T.text(surf, _("Main characters in the reserve"), (x, 118), 15, T.MUTED, bold=True)
            k = 0
            for a in opts:
                if a.target == old.cid:
                    continue
                res = cs.reserve_of(a.target)
                cr = pygame.Rect(x + (k % 2) * 420, 142 + (k // 2) * 200, 408, 188)
                self.draw_candidate(surf, app, res, cr, a)
                k += 1
            stay = [r.cid for r in cs.reserve if r.cid not in ct.characters]
            if stay:  # M-SWITCH-8: reserve-only characters never play
                T.text_block(surf, player_text(_f("{names}: reserve only, they never play in a scenario (M-SWITCH-8).",
                                                  names=", ".join(_(ct.character_name(c)) for c in stay))),
                             pygame.Rect(x, 142 + ((k + 1) // 2) * 200, T.W - x - 24, 40), 13, T.MUTED)
            keep = next((a for a in opts if a.target == old.cid), None)
            if keep is not None:
                button(surf, self.zones, pygame.Rect(24, T.H - 70, 380, 46),
                       _f("Keep playing {name} · Enter", name=_(ct.character_name(old.cid))), "act", keep,
                       hover=self.mouse, primary=True, size=16)
        elif p.kind == "switch_items":
            T.text_block(surf, words(p), pygame.Rect(24, 130, T.W - 48, 50), 18, T.TEXT)
            T.text(surf, player_text(_("Items may move to the new character (its limit applies); the rest go into the "
                                       "item box or are discarded (M-SWITCH-3).")), (24, 186), 13, T.MUTED)
            for i, a in enumerate(opts):
                label = {"give": _f("Give it to {name}", name=_(ct.character_name(a.target or ""))),
                         "put": _("Put it into the item box"), "discard": _("Discard it")}.get(a.kind,
                                                                                               describe_manor(self.s, a))
                button(surf, self.zones, pygame.Rect(24 + i * 330, 220, 316, 46), label, "act", a, hover=self.mouse,
                       primary=i == 0, size=16)
            # the items still to come, so a player can keep room for a later one (play4: one at a time, blind)
            rest = [sl[0] for sl in ((p.ctx or {}).get("task") or {}).get("items", [])[1:] if sl]
            names = [_(ct.items[cs.cards[u].defn].name) if u in cs.cards and cs.cards[u].defn in ct.items else str(u)
                     for u in rest]
            T.text(surf, _f("Still to place after this one: {items}", items=_(", ").join(names)) if names
                   else _("Nothing else to place after this one."), (24, 276), 14, T.GOLD if names else T.MUTED)
            y = 304
            for ln, col in inventory_lines(cs):
                if y > T.H - 100:
                    break
                T.text(surf, ln, (24, y), 13, col, bold=col == T.GOLD)
                y += 17
        else:
            for i, a in enumerate(opts[:9]):
                button(surf, self.zones, pygame.Rect(24, 130 + i * 44, 400, 38), describe_manor(self.s, a), "act", a,
                       hover=self.mouse, size=15)
        button(surf, self.zones, pygame.Rect(T.W - 196, T.H - 70, 180, 46), _("Manor map"), "map", hover=self.mouse,
               size=16)
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(420, T.H - 70, T.W - 640, 46), 13, T.BAD, max_lines=2)

    def draw_current(self, surf, app, c, r: pygame.Rect) -> None:
        cs = self.s.cs
        ct = cs.content
        inner = panel(surf, r, _("Playing now"))
        app.art.portrait(surf, c.cid, (inner.left + 40, inner.top + 42), 38)
        T.text(surf, _(ct.character_name(c.cid)), (inner.left + 90, inner.top + 10), 20, T.TEXT, bold=True)
        T.text(surf, _(T.HEALTH_LABELS.get(c.health, "?")), (inner.left + 90, inner.top + 38), 15, T.TEXT)
        kr = icon(surf, app, "mi_kerosene", (inner.left + 90, inner.top + 60), 20)
        T.text(surf, _f("kerosene {n} of {lim}", n=cs.kerosene.get(c.cid, 0), lim=ct.kerosene_limit(c.cid)),
               (kr.right + 4, inner.top + 62), 14, T.TEXT)
        y = inner.top + 96
        T.text(surf, _("Inventory"), (inner.left, y), 13, T.MUTED, bold=True)
        y += 18
        for sl in c.inventory:
            T.text(surf, " + ".join(_(ct.items[cs.cards[u].defn].name) for u in sl), (inner.left + 8, y), 14, T.TEXT)
            y += 19
        if not c.inventory:
            T.text(surf, _("(empty)"), (inner.left + 8, y), 14, T.DIM)
            y += 19
        w = min(6, c.health) - 1
        T.text_block(surf, player_text(_f("If switched out, {name} joins the reserve with {n} wound tokens and loses "
                                          "any poison (M-SWITCH-5).", name=_(ct.character_name(c.cid)), n=w)),
                     pygame.Rect(inner.left, y + 12, inner.width, 60), 13, T.MUTED)

    def draw_candidate(self, surf, app, res, r: pygame.Rect, a: Action) -> None:
        cs = self.s.cs
        ct = cs.content
        hot = r.collidepoint(self.mouse)
        pygame.draw.rect(surf, T.PANEL_HI if hot else T.PANEL, r, border_radius=8)
        pygame.draw.rect(surf, T.GOLD if hot else T.PANEL_EDGE, r, 2 if hot else 1, border_radius=8)
        app.art.portrait(surf, res.cid, (r.left + 44, r.top + 48), 36)
        T.text(surf, _(ct.character_name(res.cid)), (r.left + 92, r.top + 12), 18, T.TEXT, bold=True)
        x = r.left + 92
        for k in range(min(res.wounds, KILL_WOUNDS)):
            icon(surf, app, "mi_wound", (x + k * 20, r.top + 40), 20)
        wtxt = _f("{n} wounds", n=res.wounds) if res.wounds != 1 else _("1 wound")
        T.text(surf, _f("{w}: starts on {step}", w=wtxt, step=wound_step(res.wounds)),
               (x + 20 * min(res.wounds, KILL_WOUNDS) + (6 if res.wounds else 0), r.top + 42), 14, T.TEXT)
        kr = icon(surf, app, "mi_kerosene", (x, r.top + 68), 18)
        old = cs.characters[int((cs.pending.ctx or {}).get("seat", 0))] if cs.pending else None
        moves = min(cs.kerosene.get(old.cid, 0), ct.kerosene_limit(res.cid)) if old is not None else 0

        who = _(ct.character_name(old.cid)).replace("・", " ").split()[0] if old is not None else "-"  # M-SWITCH-4, said plainly
        T.text(surf, fit(_f("takes {n} of {old}'s kerosene (limit {lim})", n=moves, old=who,
                            lim=ct.kerosene_limit(res.cid)), 13, r.right - kr.right - 12),
               (kr.right + 4, r.top + 69), 13, T.MUTED)
        T.text_block(surf, player_text(_("Brings nothing of its own: no starting items, no kerosene (M-SWITCH-7).")),
                     pygame.Rect(r.left + 14, r.top + 96, r.width - 28, 36), 12, T.MUTED)
        button(surf, self.zones, pygame.Rect(r.left + 14, r.bottom - 50, r.width - 28, 38),
               _f("Switch to {name}", name=_(ct.character_name(res.cid))), "act", a, hover=self.mouse, size=15)


# ====================================================================== end phase and the end
class ManorEndPhaseScene(EndPhaseScene):
    """The mansion end phase (M-END-1..5) step by step, on the city's end-phase scene."""

    MAP_WORDS = (N_("Choose the next card on the manor map."), N_("To the manor map"))  # not the city's words

    def card_name(self, sid: str) -> str:
        return self.s.card_name(sid)

    def sheet_scene(self) -> Scene:
        return ManorMapScene(self.s, view_only=True)

    def describe(self, a: Action) -> str:
        return describe_manor(self.s, a)


class ManorOverScene(CampaignOverScene):
    """The manor campaign's end: Laboratory 4 won (M-CAMP-2) or the manor overrun (M-CAMP-3); the
    score is the characters alive (M-CAMP-4)."""

    TITLES = (N_("OUT OF THE MANOR ALIVE"), N_("THE MANOR IS OVERRUN"))
    ART = ("ending_manor_won", "ending_manor_lost")  # tools/make_ending_art.py

    def sheet_scene(self) -> Scene:
        return ManorMapScene(self.s, view_only=True)

    def score_line(self) -> str:
        cs = self.s.cs
        alive = len(cs.characters) + len(cs.reserve)
        return _f("Characters alive: {n} ({p} playing, {r} in the reserve); killed: {k}", n=alive,
                  p=len(cs.characters), r=len(cs.reserve), k=len(cs.killed))

__all__ = ["ManorCampaignMenu", "ManorEndPhaseScene", "ManorMapScene", "ManorOverScene",
           "ManorSession", "SwitchScene"]
