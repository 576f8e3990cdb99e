"""Results entered at the table (issue 12, automation switches): the ``enter`` decision.

With "Roll your own dice" on, every die is rolled at the table and its face clicked here (the
blue and red combat dice by their faces, R-DIE-1; the encounter die by its number, 6 = hazard).
With "Draw from your own tension deck" on, the tension card drawn from the physical deck is picked
from the cards still in the engine's draw pile; a mode with decks of its own (its kit's
``table_decks``) has the same switch cover them: the card drawn is picked from the cards left in
that deck, drawn by the kit. The game still applies every rule to the entered
result; the entry is an action in the record (a replay gives the same game) and, until the whole
roll is entered, can be undone like any action (a mistyped face).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import Action
from ..i18n import _, _f
from ..engine.query import View
from . import theme as T
from .keys import MENU_KEYS, OPTION_KEYS
from .choices import DIE_COLOURS, face_word, option_label  # noqa: F401
from .modes import kit_for
from .scene import Command, Pop, Push, Scene
from .scenes.frame import _frame, _pointer
from .scenes.pause import Pause
from .widgets import Zone, button
from .words import colour_word

if TYPE_CHECKING:
    from .app import App
    from .play import PlayScene

class EntryDialog(Scene):
    """Ask the table for a die face or the tension card drawn (the pending ``enter`` decision)."""

    overlay = True
    runs_below = True  # the board keeps animating under it (play.tick)
    dim_alpha = 150

    def __init__(self, play: "PlayScene"):
        super().__init__()
        self.play = play
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def state(self):
        return self.play.state

    def live(self) -> bool:
        p = View.of(self.state).pending
        return p is not None and p.kind == "enter" and not View.of(self.state).over

    def options(self) -> list[Action]:
        return list(View.of(self.state).pending.options) if self.live() else []

    def choose(self, a: Action) -> Command:
        if a in self.options():
            self.play.do(a)
        return Pop()

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if not self.live():
            return Pop()
        clicked, z = _pointer(self, ev)
        if clicked and z is not None and z.key == "opt":
            return self.choose(z.value)
        if ev.type == pygame.KEYDOWN:
            n = OPTION_KEYS.get(ev.key)
            opts = self.options()
            if n is not None and 1 <= n <= len(opts):
                return self.choose(opts[n - 1])
            if ev.key == pygame.K_u:
                self.play.undo()  # a mistyped face: take it back
                return Pop()
            if MENU_KEYS.get(ev.key) == "back":
                return Push(Pause(self.play))
        return None

    def update(self, dt: float, app: "App") -> Command:
        self.play.tick(dt)
        return None if self.live() else Pop()

    def at_rest(self, app: "App") -> bool:
        """The table's entry waits for the player (issue 30 item 2; the board's clocks under it are the
        play screen's key)."""
        return self.live()

    def still_key(self, app: "App") -> object | None:
        """The pointer; what is asked comes from the game's state, the play screen's key under it."""
        return self.plain_key(app)

    # ------------------------------------------------------------------ drawing
    def title(self) -> tuple[str, str]:
        """(heading, instruction) for what is asked."""
        p = View.of(self.state).pending
        what = (p.ctx or {}).get("what")
        opts = self.options()
        if what == "tension":
            return _("DRAW AT THE TABLE"), _("Draw the top card of your tension deck and click the card you drew.")
        decks = kit_for(self.state).table_decks  # a mode's own decks
        if what in decks:
            return _("DRAW AT THE TABLE"), _(decks[what])
        if opts and opts[0].item == "d6":
            return _("ROLL AT THE TABLE"), _("Roll the encounter die and click the number it shows (6 = hazard).")
        colour = _(DIE_COLOURS.get(opts[0].item, "?")) if opts else "?"
        return _("ROLL AT THE TABLE"), _f("Roll one {colour} die and click the face it shows.", colour=colour)

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        opts = self.options()
        if not opts:
            return
        head, says = self.title()
        cards = opts[0].kind == "draw"
        kit = kit_for(self.state)
        own = cards and opts[0].target in kit.table_decks  # a card of the mode's own decks
        cols = (5 if len(opts) > 15 else 3) if cards else len(opts)  # the 30-card encounter deck: 6 rows
        cw, ch = (kit.table_card_size if own else (220, 44)) if cards else (110, 120)
        rows = (len(opts) + cols - 1) // cols
        W = max(560, cols * (cw + 12) + 36)
        H = 150 + rows * (ch + 10) + 40
        r = pygame.Rect(0, 0, W, H)
        r.center = (T.W // 2, T.H // 2)
        r.clamp_ip(pygame.Rect(6, 44, T.W - 12, T.H - 50))
        self.rect = r
        _frame(surf, r, T.GOLD)
        self.zones.add(Zone(r, "panel"))
        x, y = r.left + 24, r.top + 14
        T.text(surf, head, (x, y), 12, T.MUTED, bold=True)
        T.text(surf, _("Automation switch off (Settings)"), (r.right - 24, y), 11, T.DIM, anchor="topright")
        y += 22
        T.text_block(surf, says, pygame.Rect(x, y, W - 48, 44), 18, T.TEXT, bold=True)
        y += 48
        given = [Action(**g) for g in (View.of(self.state).pending.ctx or {}).get("given", []) if g.get("kind") == "face"]
        if given:
            T.text(surf, _f("Entered for this roll so far: {faces}",
                            faces=", ".join(option_label(self.state, g) for g in given)), (x, y), 13, T.MUTED)
        y += 24
        x0 = r.centerx - (cols * (cw + 12) - 12) // 2
        for i, a in enumerate(opts):
            rr = pygame.Rect(x0 + (i % cols) * (cw + 12), y + (i // cols) * (ch + 10), cw, ch)
            if own:
                self.draw_own_card_button(surf, rr, a, i, kit)
            elif cards:
                self.draw_card_button(surf, rr, a, i)
            else:
                self.draw_die_button(surf, rr, a, i)
        T.text(surf, _("Keys 1-9 pick · U undoes a mistake · Esc: menu"), (r.centerx, r.bottom - 20), 12, T.DIM,
               anchor="center")

    def draw_die_button(self, surf: pygame.Surface, rr: pygame.Rect, a: Action, i: int) -> None:
        hot = rr.collidepoint(self.mouse)
        pygame.draw.rect(surf, (50, 42, 46) if hot else (34, 29, 33), rr, border_radius=8)
        pygame.draw.rect(surf, T.GOLD if hot else (110, 96, 90), rr, 2 if hot else 1, border_radius=8)
        name = f"enc_{a.n}" if a.item == "d6" else f"die_{a.item}_{a.target}"
        img = self.play.view.art.get(name, 58) if getattr(self.play, "view", None) is not None else None
        if img is not None:
            surf.blit(img, img.get_rect(center=(rr.centerx, rr.top + 42)))
        word = str(a.n) + (" " + _("hazard") if a.n == 6 else "") if a.item == "d6" else face_word(a.target or "")
        T.text(surf, word, (rr.centerx, rr.bottom - 30), 15, T.TEXT, bold=True, anchor="center")
        T.text(surf, _f("key {n}", n=i + 1), (rr.centerx, rr.bottom - 12), 11, T.DIM, anchor="center")
        self.zones.add(Zone(rr, "opt", a))

    def draw_own_card_button(self, surf: pygame.Surface, rr: pygame.Rect, a: Action, i: int, kit) -> None:
        """A card of the mode's own decks, drawn by its kit (a plain button with the kit's label when
        the kit draws none)."""
        hot = rr.collidepoint(self.mouse)
        art = self.play.view.art if getattr(self.play, "view", None) is not None else None
        if not kit.draw_table_card(surf, rr, self.state, a, art, hot):
            button(surf, self.zones, rr, kit.table_card_label(self.state, a) or str(a.item), "opt", a,
                   hover=self.mouse, size=14)
        if i < 9:
            T.text(surf, str(i + 1), (rr.right - 8, rr.top + 4), 10, T.DIM, anchor="topright")
        self.zones.add(Zone(rr, "opt", a))

    def draw_card_button(self, surf: pygame.Surface, rr: pygame.Rect, a: Action, i: int) -> None:
        st = self.state
        try:
            card = View.of(st).card(a.item)
            td = View.of(st).scenario.content.tension[card.defn]
            name, colour, sym = _(td.name), td.colour, card.symbol
        except (KeyError, AttributeError):
            name, colour, sym = str(a.item), "", None
        if View.of(st).scenario.brief.ignore_symbols:
            sym = None
        label = f"{name}" + (f" · {sym}" if sym else "")
        z = button(surf, self.zones, rr, label, "opt", a, hover=self.mouse, size=14,
                   tip=_f("{colour} tension card", colour=colour_word(colour)))
        col = T.TENSION_COLOURS.get(colour)
        if col is not None:  # the card's colour as a stripe (its name says it too)
            pygame.draw.rect(surf, col, (rr.left + 3, rr.top + 6, 6, rr.height - 12), border_radius=3)
        if i < 9:
            T.text(surf, str(i + 1), (rr.right - 8, rr.top + 4), 10, T.DIM, anchor="topright")
        return z


__all__ = ["EntryDialog", "option_label"]
