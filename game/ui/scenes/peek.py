"""R-TENSION-12: the peek dialog: the top cards of the tension deck seen by the seat that peeks, put
back in the order its player clicks (or, with a physical deck, put back at the table)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.query import View
from ...i18n import _, _f, N_
from .. import theme as T
from ..keys import MENU_KEYS, OPTION_KEYS
from ..ruleids import rule_tag
from ..scene import Command, Pop, Push, Scene
from ..widgets import button, Zone
from .frame import _frame, _pointer
from .pause import Pause
from ..words import colour_word

if TYPE_CHECKING:
    from ..app import App
    from ..play import PlayScene


ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"))  # the draw order badges


class PeekDialog(Scene):
    """The ``peek`` decision (R-TENSION-12): see the next tension cards and put them back in an
    order of the player's choosing by clicking them in that order."""

    overlay = True
    runs_below = True  # the board keeps animating under it (play.tick)
    dim_alpha = 150

    def __init__(self, play: "PlayScene"):
        super().__init__()
        self.play = play
        p = View.of(play.state).pending
        self.cards: list[str] = list((p.ctx or {}).get("cards", [])) if p is not None else []
        # a physical tension deck (issue 12 switch): the players look at their own cards; the dialog
        # shows only how many, never the engine's pile
        self.table: int = int((p.ctx or {}).get("table", 0)) if p is not None else 0
        self.order: list[int] = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def state(self):
        return self.play.state

    def card_info(self, uid: str) -> tuple[str, str, str]:
        """(name, colour word, text) of a tension card."""
        st = self.state
        try:
            td = View.of(st).scenario.content.tension[View.of(st).card(uid).defn]
            return _(td.name), td.colour, _(td.text)
        except (KeyError, AttributeError):
            return uid, "", ""

    def live(self) -> bool:
        p = View.of(self.state).pending
        return p is not None and p.kind == "peek" and not View.of(self.state).over

    def done_at_table(self) -> Command:
        """Physical deck: the players have put their cards back; answer the one option."""
        p = View.of(self.state).pending
        if self.live() and p.options:
            self.play.do(p.options[0])
        return Pop()

    def complete(self) -> list[int] | None:
        """The full new order, the last card filled in once all others are placed."""
        n = len(self.cards)
        if len(self.order) == n:
            return list(self.order)
        if len(self.order) == n - 1:
            return self.order + [next(i for i in range(n) if i not in self.order)]
        return None

    def pick(self, i: int) -> None:
        if 0 <= i < len(self.cards):
            if i in self.order:  # clicking a numbered card takes it (and those after it) back
                self.order = self.order[:self.order.index(i)]
            else:
                self.order.append(i)

    def confirm(self, order: list[int]) -> Command:
        item = ",".join(str(i) for i in order)
        p = View.of(self.state).pending
        a = next((o for o in p.options if o.kind == "order" and o.item == item), None) if self.live() else None
        if a is None:
            return Pop() if not self.live() else None
        self.play.do(a)
        names = " → ".join(self.card_info(self.cards[i])[0] for i in order)
        self.play.toast(_f("Tension deck, next draws: {names}", names=names), 3.5)
        return Pop()

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if not self.live():
            return Pop()
        clicked, z = _pointer(self, ev)
        if ev.type == pygame.MOUSEMOTION or (clicked and z is None):
            return None
        if self.table:
            if (clicked and z.key == "done") or (ev.type == pygame.KEYDOWN and MENU_KEYS.get(ev.key) == "confirm"):
                return self.done_at_table()
            if ev.type == pygame.KEYDOWN and MENU_KEYS.get(ev.key) == "back":
                return Push(Pause(self.play))
            return None
        if clicked:
            if z.key == "card":
                self.pick(z.value)
            elif z.key == "reset":
                self.order = []
            elif z.key == "keep":
                return self.confirm(list(range(len(self.cards))))
            elif z.key == "confirm":
                full = self.complete()
                if full is not None:
                    return self.confirm(full)
            return None
        if ev.type == pygame.KEYDOWN:
            n = OPTION_KEYS.get(ev.key)
            if n is not None:
                self.pick(n - 1)
                return None
            if ev.key == pygame.K_BACKSPACE:
                self.order = self.order[:-1]
                return None
            intent = MENU_KEYS.get(ev.key)
            if intent == "confirm":
                full = self.complete()
                if full is not None:
                    return self.confirm(full)
                if not self.order:
                    return self.confirm(list(range(len(self.cards))))
            elif intent == "back":
                return Push(Pause(self.play))
        return None

    def update(self, dt: float, app: "App") -> Command:
        self.play.tick(dt)
        return None if self.live() else Pop()

    def at_rest(self, app: "App") -> bool:
        """The decision waits for the player (issue 30 item 2; the board's clocks under it are the play
        screen's key)."""
        return self.live()

    def still_key(self, app: "App") -> object | None:
        """The cards and the order clicked so far, the pointer; the game's state is the play screen's key."""
        return self.plain_key(app)

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        if self.table:
            return self.draw_table(surf)
        n = len(self.cards)
        cw, ch, gap = 168, 196, 14
        r, x, y = self.frame(surf, max(600, n * cw + (n - 1) * gap + 48), ch + 196)
        T.text(surf, _("Put them back in the order you want"), (x, y), 22, T.TEXT, bold=True)
        y += 32
        T.text(surf, _("Click the cards in draw order: the first you click is drawn next."), (x, y), 13, T.MUTED)
        T.text(surf, _("Keys 1-9 · Backspace undoes"), (r.right - 24, y), 12, T.DIM, anchor="topright")
        y += 26
        x0 = r.centerx - (n * cw + (n - 1) * gap) // 2
        for i, uid in enumerate(self.cards):
            cr = pygame.Rect(x0 + i * (cw + gap), y, cw, ch)
            self.draw_card(surf, cr, i, uid)
        y += ch + 14
        full = self.complete()
        order = full if full is not None else self.order
        names = [self.card_info(self.cards[i])[0] for i in order]
        preview = _f("New order: {cards}", cards=" → ".join(names) if names else _("(click the card to draw first)"))
        T.text(surf, preview, (x, y), 14, T.GOLD if full else T.MUTED, bold=bool(full))
        by = r.bottom - 46
        button(surf, self.zones, pygame.Rect(x, by, 150, 32), _("Keep as they are"), "keep", None, hover=self.mouse,
               size=14, enabled=not self.order)
        button(surf, self.zones, pygame.Rect(x + 160, by, 100, 32), _("Reset"), "reset", None, hover=self.mouse,
               size=14, enabled=bool(self.order))
        button(surf, self.zones, pygame.Rect(r.right - 24 - 190, by, 190, 32), _("Confirm order · Enter"), "confirm", None,
               hover=self.mouse, size=15, primary=True, enabled=full is not None)

    def frame(self, surf: pygame.Surface, w: int, h: int) -> tuple[pygame.Rect, int, int]:
        """The peek's gold frame (w x h px, over the side panel like the narrative card) with its heading;
        returns the frame and the (x, y) where the body starts (R-TENSION-12)."""
        r = pygame.Rect(0, 0, w, h)
        r.midright = (T.W - 14, T.H // 2 + 16)
        r.clamp_ip(pygame.Rect(6, 44, T.W - 12, T.H - 50))
        self.rect = r
        _frame(surf, r, T.GOLD)
        self.zones.add(Zone(r, "panel"))
        x, y = r.left + 24, r.top + 14
        T.text(surf, _("THE NEXT TENSION CARDS"), (x, y), 12, T.MUTED, bold=True)

        rule_tag(surf, "R-TENSION-12", (r.right - 24, y))  # only with "Show rule IDs" (issue 12)
        return r, x, y + 20

    def draw_table(self, surf: pygame.Surface) -> None:
        """The physical deck's peek: face-down cards, what to do at the table, one Done button."""
        n = self.table
        cw, ch, gap = 96, 130, 14
        r, x, y = self.frame(surf, max(600, n * cw + (n - 1) * gap + 48), ch + 210)
        T.text(surf, _f("Look at the top {n} cards of your tension deck", n=n), (x, y), 20, T.TEXT, bold=True)
        y += 30
        y = T.text_block(surf, _("You draw from your own deck, so the game does not know its order and shows "
                                 "nothing here. Put the cards back on top in the order you want; you will "
                                 "name each card when you draw it."), pygame.Rect(x, y, r.width - 48, 60), 13,
                         T.MUTED) + 10
        x0 = r.centerx - (n * cw + (n - 1) * gap) // 2
        for i in range(n):
            cr = pygame.Rect(x0 + i * (cw + gap), y, cw, ch)
            pygame.draw.rect(surf, (0, 0, 0), cr.move(3, 4), border_radius=8)
            pygame.draw.rect(surf, (58, 30, 34), cr, border_radius=8)
            pygame.draw.rect(surf, (140, 70, 64), cr.inflate(-14, -14), 2, border_radius=6)
            T.text(surf, "?", cr.center, 40, (190, 120, 100), bold=True, anchor="center")
        by = r.bottom - 46
        button(surf, self.zones, pygame.Rect(r.right - 24 - 230, by, 230, 32), _("Cards put back · Enter"), "done",
               None, hover=self.mouse, size=15, primary=True)

    def draw_card(self, surf: pygame.Surface, cr: pygame.Rect, i: int, uid: str) -> None:
        name, colour, text = self.card_info(uid)
        col = T.TENSION_COLOURS.get(colour, (150, 150, 150))
        hot = cr.collidepoint(self.mouse)
        pos = self.order.index(i) if i in self.order else None
        full = self.complete()
        if pos is None and full is not None and len(self.order) == len(self.cards) - 1:
            pos = len(self.cards) - 1  # the last one falls into place
        pygame.draw.rect(surf, (0, 0, 0), cr.move(3, 4), border_radius=8)
        pygame.draw.rect(surf, (34, 29, 33) if not hot else (50, 42, 46), cr, border_radius=8)
        pygame.draw.rect(surf, col, (cr.left, cr.top, cr.width, 10), border_top_left_radius=8,
                         border_top_right_radius=8)
        pygame.draw.rect(surf, T.GOLD if (hot or pos is not None) else (110, 96, 90), cr, 2 if hot else 1,
                         border_radius=8)
        T.text(surf, _f("now #{n}", n=i + 1), (cr.left + 10, cr.top + 16), 11, T.MUTED)
        sw = pygame.Rect(cr.right - 68, cr.top + 17, 10, 10)
        pygame.draw.rect(surf, col, sw)
        T.text(surf, colour_word(colour).upper(), (sw.right + 4, sw.centery), 11, col, bold=True, anchor="midleft")
        yy = cr.top + 34
        for ln in T.wrap(name, 16, cr.width - 20, True)[:2]:
            T.text(surf, ln, (cr.left + 10, yy), 16, T.TEXT, bold=True)
            yy += 21
        T.text_block(surf, text, pygame.Rect(cr.left + 10, yy + 4, cr.width - 20, cr.bottom - yy - 40), 12,
                     (200, 190, 176), max_lines=5)
        if pos is not None:
            badge = pygame.Rect(0, 0, 64, 30)
            badge.midbottom = (cr.centerx, cr.bottom - 6)
            pygame.draw.rect(surf, T.GOLD, badge, border_radius=8)
            word = _f("#{n}", n=pos + 1) if pos > 2 else _(ORDINALS[pos])
            T.text(surf, word, badge.center, 16, (20, 14, 10), bold=True, anchor="center")
        else:
            T.text(surf, _f("key {n}", n=i + 1), (cr.centerx, cr.bottom - 12), 11, T.DIM, anchor="center")
        self.zones.add(Zone(cr, "card", i))
