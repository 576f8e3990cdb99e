"""The campaign sheet: what the campaign has done so far."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.campaign import slot_status
from ...i18n import _, _f
from .. import theme as T
from ..results import reason_words
from ..scene import Command, PickScene, Pop
from ..theme import fit
from ..widgets import button
from .common import BAND_WORDS, inventory_lines, RESULT_WORDS, STATE_WORDS

if TYPE_CHECKING:
    from .session import CampaignSession


class CampaignSheetScene(PickScene):
    """The paper campaign sheet on screen (R-END-X2): survivors with health and inventories (ammo
    values), the item box, danger, the path cards and completion tokens, collected tokens, the
    route and the cable-car parts, removed cards and the attempt history."""

    overlay = True

    def __init__(self, session: CampaignSession):
        super().__init__()
        self.s = session

    def still_key(self, app: Any) -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the campaign's sheet: its pages and the pointer; nothing on it moves."""
        return self.plain_key(app)

    def pick(self, key, value, app) -> Command:
        return Pop() if key == "close" else None

    def key(self, ev, app) -> Command:
        return Pop() if ev.key in (pygame.K_ESCAPE, pygame.K_c, pygame.K_RETURN, pygame.K_SPACE) else None

    def draw(self, surf, app):
        self.zones.clear()
        cs = self.s.cs
        ct = cs.content
        r = pygame.Rect(40, 24, T.W - 80, T.H - 48)
        pygame.draw.rect(surf, (228, 218, 196), r, border_radius=4)  # paper
        pygame.draw.rect(surf, (90, 60, 40), r, 2, border_radius=4)
        ink, faint = (30, 24, 20), (96, 80, 64)
        mode = _(", ").join(m for m, on in ((_("easy"), cs.mode.easy), (_("solo"), cs.mode.solo)) if on) or _("normal")
        T.text(surf, _f("CAMPAIGN SHEET - {name}", name=_(cs.pack_def.name)), (r.left + 20, r.top + 12), 22, ink,
               bold=True)
        T.text(surf, _f("seed {seed} · mode: {mode} · danger {d}/{max} ({band})", seed=cs.seed, mode=mode, d=cs.danger,
                        max=cs.pack_def.danger_max, band=_(BAND_WORDS.get(cs.pack_def.band(cs.danger), "?"))),
               (r.left + 20, r.top + 42), 14, faint)
        col1 = pygame.Rect(r.left + 20, r.top + 70, 380, r.height - 90)
        y = col1.top
        for ln, col in inventory_lines(cs):
            T.text(surf, ln, (col1.left, y), 13, ink, bold=col == T.GOLD)
            y += 17
        col2 = pygame.Rect(r.left + 420, r.top + 70, 380, r.height - 90)
        y = col2.top
        T.text(surf, _("Scenarios"), (col2.left, y), 15, ink, bold=True)
        y += 20
        for sl in cs.pack_def.scenarios:
            state, why = slot_status(cs, sl.id)
            c_got = len(cs.collected_c.get(sl.id, []))
            p_got = len(cs.collected_p.get(sl.id, []))
            tries = sum(1 for h in cs.history if h.scenario == sl.id)
            T.text(surf, sl.id, (col2.left, y), 13, ink, bold=True)  # three aligned columns in either language
            T.text(surf, _(STATE_WORDS[state]), (col2.left + 40, y), 13, ink)
            T.text(surf, _f("C {c}/{cn}  P {p}/{pn}  tries {tries}", c=c_got, cn=sl.item_c_tokens, p=p_got,
                            pn=len(sl.progression), tries=tries), (col2.left + 180, y), 13, ink)
            y += 17
        y += 8
        parts = [_(ct.items[p].name) for p in cs.pack_def.parts]
        T.text(surf, _("Clock Tower route found") if cs.route else _("Clock Tower route not found"), (col2.left, y), 13,
               ink)
        y += 17
        T.text_block(surf, _("Cable-car parts: ") + _(", ").join(parts), pygame.Rect(col2.left, y, col2.width, 40), 13, ink)
        col3 = pygame.Rect(r.left + 820, r.top + 70, r.width - 840, r.height - 90)
        y = col3.top
        T.text(surf, _("Attempts"), (col3.left, y), 15, ink, bold=True)
        y += 20
        for h in cs.history[-18:]:
            T.text(surf, f"{h.scenario}{'*' if h.replay else ''} " + _f("{result} · {n} turns · danger {d}",
                                                                       result=_(RESULT_WORDS.get(h.result, h.result)),
                                                                       n=h.turns, d=h.danger_after),
                   (col3.left, y), 13, ink)
            y += 17
            why = reason_words(h.why, h.reason) if h.result == "failure" else ""
            if why:
  # issue 25 item 3: a failure says why on the sheet too ("UT1 failure · 51 turns" did not)
                T.text(surf, fit("   " + why, 12, col3.width), (col3.left, y), 12, T.MUTED)
                y += 15
            cause = attempt_cause(cs, h) if h.result == "failure" else ""
            if cause:  # who fell and the last tension card (the retest: the sheet said neither)
                T.text(surf, fit("   " + cause, 12, col3.width), (col3.left, y), 12, T.MUTED)
                y += 15
        y += 8
        removed = cs.piles.get("removed", [])
        T.text(surf, _f("Removed from the game: {n} card(s)", n=len(removed)), (col3.left, y), 13, ink)
        y += 17
        T.text(surf, _f("Escalation packets: {names}", names=", ".join(cs.packets) or _("none")), (col3.left, y), 13,
               ink)
        y += 17
        T.text(surf, _f("Item C deck: {n} left (never shuffled)", n=len(cs.piles.get('item_c', []))), (col3.left, y),
               13, ink)
        button(surf, self.zones, pygame.Rect(r.right - 150, r.bottom - 54, 130, 40), _("Close"), "close", hover=self.mouse,
               size=16)


def attempt_cause(cs, h) -> str:
    """'Vera Castellan fell · last card: Boxed In' for a failed attempt ``h`` of the campaign ``cs``
    (its ``fell`` survivors and ``last_card``), in the current language; '' when it kept neither."""
    ct = cs.content
    names = [_(ct.characters[c].name) if c in ct.characters else c for c in h.fell]
    bits = [_f("{names} fell", names=_(", ").join(names))] if names else []
    card = ct.tension.get(h.last_card) if h.last_card else None
    if card is not None:
        bits.append(_f("last card: {card}", card=_(card.name)))
    return " · ".join(bits)
