"""The switching step at set-up (M-SWITCH): a survivor swapped for a reserve character, items
handed over."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...content.errors import ContentError
from ...engine import Action
from ...engine.campaign import legal
from ...i18n import _, _f
from .. import theme as T
from ..campaign import inventory_lines
from ..errortext import error_text
from ..ruleids import prompt_words, tagged
from ..scene import Command, PickScene, Push, Replace
from ..theme import fit
from ..widgets import button, panel
from ..words import words
from .common import describe_manor, icon, KILL_WOUNDS, wound_step
from .map import ManorMapScene

if TYPE_CHECKING:
    from .session import ManorSession


class SwitchScene(PickScene):
    """The switching step at set-up (M-SWITCH-1..7; in solo it is the only way to change character,
    M-SWITCH-9): one player at a time keeps the character or takes a main character from the
    reserve, then says where each item goes (M-SWITCH-3)."""

    def __init__(self, session: ManorSession):
        super().__init__()
        self.s = session
        self.message = ""

    def still_key(self, app: Any) -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the switches and the pointer; nothing moves."""
        return self.plain_key(app)

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
        T.text(surf, tagged(_("Fewer than four characters and a main character in the reserve: each player may "
                                   "switch once."), "M-SWITCH-1", None, "()"), (76, 50), 14, T.MUTED)
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
                T.text_block(surf, tagged(_f("{names}: reserve only, they never play in a scenario.",
                                                  names=", ".join(_(ct.character_name(c)) for c in stay)), "M-SWITCH-8", None, "()"),
                             pygame.Rect(x, 142 + ((k + 1) // 2) * 200, T.W - x - 24, 40), 13, T.MUTED)
            keep = next((a for a in opts if a.target == old.cid), None)
            if keep is not None:
                button(surf, self.zones, pygame.Rect(24, T.H - 70, 380, 46),
                       _f("Keep playing {name} · Enter", name=_(ct.character_name(old.cid))), "act", keep,
                       hover=self.mouse, primary=True, size=16)
        elif p.kind == "switch_items":
            T.text_block(surf, prompt_words(p, words), pygame.Rect(24, 130, T.W - 48, 50), 18, T.TEXT)
            T.text(surf, (tagged(_("Items may move to the new character (its limit applies); the rest go into the "
                                       "item box or are discarded."), "M-SWITCH-3", None, "()")), (24, 186), 13, T.MUTED)
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
        T.text_block(surf, tagged(_f("If switched out, {name} joins the reserve with {n} wound tokens and loses "
                                          "any poison.", name=_(ct.character_name(c.cid)), n=w), "M-SWITCH-5", None, "()"),
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
        T.text_block(surf, tagged(_("Brings nothing of its own: no starting items, no kerosene."), "M-SWITCH-7", None, "()"),
                     pygame.Rect(r.left + 14, r.top + 96, r.width - 28, 36), 12, T.MUTED)
        button(surf, self.zones, pygame.Rect(r.left + 14, r.bottom - 50, r.width - 28, 38),
               _f("Switch to {name}", name=_(ct.character_name(res.cid))), "act", a, hover=self.mouse, size=15)
