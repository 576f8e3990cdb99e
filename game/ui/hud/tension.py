"""The tension card in the side panel, turned over when a new one is drawn, and the symbol line."""
from __future__ import annotations

import pygame

from ...engine.query import Game, View
from ...i18n import _, _f
from .. import dashboard as DB
from .. import theme as T
from ..rulebook import word_zone
from ..ruleids import tagged
from ..theme import fit
from ..widgets import panel, Zone, Zones
from ..words import colour_word


class TensionCard:
    """The tension card of :class:`game.ui.render.PlayView` (a part of it)."""

    tension_rect: pygame.Rect | None = None  # where the card was drawn last (the tutorial points at it)

    def flip_card(self, surf: pygame.Surface, rect: pygame.Rect, t: float | None, draw_front) -> None:
        """Draw a card at ``rect`` with ``draw_front(surface)``; while ``t`` (0..1) it turns over:
        the back narrows to an edge, then the face widens (FLIP_S, skipped by a click)."""
        if t is None:
            draw_front(surf, rect)
            return
        card = pygame.Surface(rect.size, pygame.SRCALPHA)
        if t < 0.5:  # the back: dark with the skull mark
            pygame.draw.rect(card, (40, 20, 24), card.get_rect(), border_radius=8)
            pygame.draw.rect(card, T.ACCENT, card.get_rect(), 3, border_radius=8)
            mark = self.art.get("mark_stalker", min(48, rect.height - 12))
            if mark:
                card.blit(mark, mark.get_rect(center=card.get_rect().center))
            w = max(2, int(rect.width * (1 - t * 2)))
        else:
            zones, self.zones = self.zones, Zones()  # tips of a card in mid-turn are not clickable
            draw_front(card, card.get_rect())
            self.zones = zones
            w = max(2, int(rect.width * (t - 0.5) * 2))
        img = pygame.transform.smoothscale(card, (w, rect.height))
        surf.blit(img, img.get_rect(center=rect.center))

    def draw_tension(self, surf: pygame.Surface, rect: pygame.Rect, state: Game,
                     shown: tuple[str | None, int] | None = None) -> None:
        """The tension card on show: ``shown`` (card uid, cards left) while the enemy phase plays back
        (PlayUI.tension_shown), else the state's last card and deck."""
        self.tension_rect = pygame.Rect(rect)  # the tutorial points at it
        uid = View.of(state).last_tension if shown is None else shown[0]
        left_now = View.of(state).pile_size("tension") if shown is None else shown[1]
        td = View.of(state).scenario.content.tension.get(View.of(state).card(uid).defn) if uid and View.of(state).has_card(uid) else None
        if td is None:
            inner = panel(surf, rect, _("Tension card"))
            left = left_now
            T.text(surf, _f("None drawn yet · {n} in the deck", n=left), inner.topleft, 14, T.DIM)
            rule = tagged(_("Empty deck: reshuffled"), "R-TENSION-10", None, "()") if View.of(state).tension_reshuffles() else \
                tagged(_("Empty deck: the scenario fails"), "R-TENSION-8", None, "()")  # this scenario's own rule (issue 25 item 8)
            T.text(surf, rule, (inner.left, inner.top + 20), 12, T.MUTED)
            if DB.shows_symbols(state):
                self.draw_symbol_line(surf, rect, state)
            return
        col = T.TENSION_COLOURS.get(td.colour, (150, 150, 150))
        pygame.draw.rect(surf, (0, 0, 0), rect.move(2, 3), border_radius=8)
        pygame.draw.rect(surf, (30, 26, 30), rect, border_radius=8)
        pygame.draw.rect(surf, col, rect, 3, border_radius=8)
        band = pygame.Rect(rect.left, rect.top, 12, rect.height)
        pygame.draw.rect(surf, col, band, border_top_left_radius=8, border_bottom_left_radius=8)
        x = rect.left + 22

        word_zone(self.zones, T.text(surf, _("TENSION"), (x, rect.top + 6), 11, T.MUTED, bold=True), "tension_deck")
        # the title's line inside the card's 3 px frame, never on it (issue 25's third play-test 5: "Quiet
        # Moment" was cut at the top); a name too long for its place is drawn smaller, then cut
        colour_w = 12 + 14 + 5 + T.font(13, True).size(colour_word(td.colour).upper())[0]
        right_w = 34 if DB.shows_symbols(state) else T.font(12).size(_f("{n} left", n=99))[0]
        room = rect.right - 10 - right_w - 12 - colour_w - (x + 62)
        tsize = next((z for z in (17, 15, 14) if T.font(z, True).size(_(td.name))[0] <= room), 14)
        nr = T.text(surf, fit(_(td.name), tsize, max(40, room), True), (x + 62, rect.top + 4 + (17 - tsize) // 2),
                    tsize, T.TEXT, bold=True)
        # colour word + swatch (never colour alone)
        sw = pygame.Rect(nr.right + 12, rect.top + 8, 14, 14)
        pygame.draw.rect(surf, col, sw)
        pygame.draw.rect(surf, (240, 240, 240), sw, 1)
        T.text(surf, colour_word(td.colour).upper(), (sw.right + 5, rect.top + 6), 13, col, bold=True)
        left = left_now
        sym = DB.shows_symbols(state)
        count = _f("{n} left", n=left)
        # what an empty deck does in this scenario, at the card's foot (issue 25 item 8)
        rule = tagged(_("Empty deck: reshuffled"), "R-TENSION-10", None, "()") if View.of(state).tension_reshuffles() else \
            tagged(_("Empty deck: the scenario fails"), "R-TENSION-8", None, "()")
        # at the card's foot, its descenders inside the frame (the third play-test: the line was cut)
        foot = rect.bottom - 5 - T.font(11).get_linesize()
        foot -= 18 if sym else 0  # (the symbol line below it)
        T.text(surf, rule, (x, foot), 11, T.MUTED)
        if sym:  # the current tension symbol (R-SPECIAL-3) where the "left" count was
            DB.draw_symbol_badge(surf, rect.right - 10, rect.top + 15, state, self.art)
            T.text(surf, count, (x, rect.top + 20), 11, T.MUTED)
        else:
            T.text(surf, count, (rect.right - 10, rect.top + 6), 12, T.MUTED, anchor="topright")
        ty = rect.top + 34 if sym else rect.top + 30
        ls = T.font(13).get_linesize()  # as many lines as end above the foot's line (its leading may touch)
        fits = max([1] + [n for n in (1, 2, 3) if ty + n * ls + (n - 1) * 2 <= foot + 3])
        T.text_block(surf, _(td.text), pygame.Rect(x, ty, rect.width - 32, rect.height - 34), 13, T.TEXT,
                     max_lines=min(fits, 2 if sym else 3))
        if sym:
            self.draw_symbol_line(surf, rect, state)

    def draw_symbol_line(self, surf: pygame.Surface, rect: pygame.Rect, state: Game) -> None:
        """What the current tension symbol means for special attacks (R-SPECIAL-2), at the card's foot."""
        s, known = DB.symbol_now(state)
        col = T.SYMBOL_COLOURS.get(s or "", T.MUTED) if known else T.MUTED
        r = pygame.Rect(rect.left + 22, rect.bottom - 22, rect.width - 32, 18)
        T.text_block(surf, DB.symbol_short(state), r, 12, col, bold=bool(s), max_lines=1)
        self.zones.add(Zone(r, "item_info", None, True, DB.symbol_sentence(state)))
