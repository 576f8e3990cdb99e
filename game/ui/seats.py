"""Seats and the people in them (issue 12): a name per seat, typed at party set-up, said by the
hot-seat prompts ("Pass the mouse to Aiko — Vera Castellan"), kept in saves; one person may run
several survivors (seats with the same name never ask to pass the mouse between them); a seat can
be handed to another player or to the bot in the middle of a game (Pause → Seats and players).

A seat with no name is "Player N". Names are plain text of at most :data:`MAX_NAME` characters
(printable, no line breaks); anything else typed is dropped.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..i18n import _, _f
from ..engine.query import View
from . import theme as T
from .keys import MENU_KEYS
from .scene import Command, Pop, Scene
from .widgets import Caret, CaretClock, Zone, button, panel

if TYPE_CHECKING:
    from .app import App

MAX_NAME = 16


def clean_name(text: Any) -> str:
    """A seat name as kept: printable characters only, spaces squeezed, at most MAX_NAME long."""
    if not isinstance(text, str):
        return ""
    s = "".join(ch for ch in text if ch.isprintable())
    return " ".join(s.split())[:MAX_NAME]


def seat_label(names: list[str] | None, seat: int) -> str:
    """Who sits in ``seat``: the name typed for it, else "Player N" (translated)."""
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _f("Player {n}", n=seat + 1)


def same_person(names: list[str] | None, a: int | None, b: int | None) -> bool:
    """Do seats ``a`` and ``b`` belong to one named person (no need to pass the mouse)?"""
    if a is None or b is None or not names:
        return False
    na = names[a] if 0 <= a < len(names) else ""
    nb = names[b] if 0 <= b < len(names) else ""
    return bool(na) and na.casefold() == nb.casefold()


class NameField:
    """A one-line text field for a seat name: click to type (TEXTINPUT, so IMEs work), Backspace
    deletes, Enter or a click elsewhere finishes."""

    def __init__(self) -> None:
        self.editing: int | None = None  # the seat being typed
        self.caret = Caret()  # blinks a while after each key, then stays lit (issue 30 item 2)

    def start(self, seat: int) -> None:
        self.editing = seat
        self.caret.woke()
        pygame.key.start_text_input()

    def at_rest(self) -> bool:
        """Nothing typed into, or its caret done blinking: no clock to step (issue 30 item 2)."""
        return self.editing is None or not self.caret.blinking

    def still_key(self) -> tuple:
        """What the field's picture depends on besides the names: the seat typed and the caret shown."""
        return (self.editing, self.editing is not None and self.caret.lit)

    def stop(self) -> None:
        self.editing = None

    def handle(self, ev: pygame.event.Event, names: list[str]) -> bool:
        """Feed one event; True if the field used it."""
        if self.editing is None:
            return False
        i = self.editing
        if ev.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            self.caret.woke()
        if ev.type == pygame.TEXTINPUT:
            names[i] = clean_name(names[i] + ev.text)
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_BACKSPACE:
                names[i] = names[i][:-1]
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.stop()
            return True  # typed keys never reach the screen's shortcuts
        return False

    def draw(self, surf: pygame.Surface, zones, rect: pygame.Rect, names: list[str], seat: int,
             mouse: tuple[int, int]) -> None:
        """The field: the name (or the grey "Player N" placeholder), a caret while typing (:class:`Caret`)."""
        typing = self.editing == seat
        hot = rect.collidepoint(mouse)
        pygame.draw.rect(surf, (16, 14, 18), rect, border_radius=5)
        pygame.draw.rect(surf, T.GOLD if typing else ((200, 190, 180) if hot else (100, 88, 96)), rect,
                         2 if typing else 1, border_radius=5)
        name = names[seat] if seat < len(names) else ""
        shown = name or (_("type a name") if typing else seat_label(None, seat))
        col = T.TEXT if name else T.DIM
        r = T.text(surf, shown if name or typing else shown, (rect.left + 8, rect.centery), 15, col, anchor="midleft")
        if typing and self.caret.lit:
            x = (r.right + 2) if name else rect.left + 8
            pygame.draw.line(surf, T.GOLD, (x, rect.top + 6), (x, rect.bottom - 6), 2)
        zones.add(Zone(rect, "name", seat, True, _("Click and type the player's name")))


class SeatsScene(CaretClock, Scene):
    """Pause → "Seats and players": rename a seat (another person takes over) or hand it to the
    bot or back to a person, in the middle of a game. Takes effect at once.

    The same screen reassigns a campaign's seats between scenarios, from a campaign's map:
    ``play`` is then the campaign session (game.ui.campaign.CampaignSession), which keeps ``names``
    and ``controllers`` per seat in its slot and says which survivor sits where (``seat_cids``)."""

    overlay = True

    def __init__(self, play: Any):
        super().__init__()
        self.play = play
        self.field = NameField()
        self.rect: pygame.Rect | None = None  # the dialog as last drawn (a click outside it closes it)

    def names(self) -> list[str]:
        p = self.play
        while len(p.names) < len(p.party):
            p.names.append("")
        return p.names

    def seats(self) -> list[tuple[str | None, Any]]:
        """(survivor id, its definition) per seat: the game's survivors, or the campaign's party."""
        p = self.play
        if hasattr(p, "seat_cids"):
            ct = p.seat_content()
            return [(cid, ct.characters.get(cid)) for cid in p.seat_cids()]
        st = p.state
        out: list[tuple[str | None, Any]] = []
        for seat in range(len(p.party)):
            c = View.of(st).characters[seat] if seat < len(View.of(st).characters) else None
            out.append((c.cid if c else None, View.of(st).scenario.content.characters.get(c.cid) if c else None))
        return out

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if self.field.handle(ev, self.names()):
            self.play.seats_changed()
            return None
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.mouse = ev.pos
            z = self.zones.at(ev.pos)
            self.field.stop()
            if z is None:  # a click beside the dialog closes it, as Back (issue 25's third play-test 6)
                return Pop() if self.rect is not None and not self.rect.collidepoint(ev.pos) else None
            if z.key == "name":
                self.field.start(z.value)
            elif z.key == "ctrl":
                seat, who = z.value
                self.play.controllers[seat] = who
                self.play.seats_changed()
            elif z.key == "back":
                return Pop()
        elif ev.type == pygame.KEYDOWN and MENU_KEYS.get(ev.key) in ("back", "confirm"):
            return Pop()  # Esc, and Enter when no name is being typed (it ends the typing first)
        return None

    def still_key(self, app: "App") -> object | None:
        """The names, who plays each seat, the field typed into and its caret, the pointer; nothing else
        moves."""
        return (self.plain_key(app), tuple(self.names()), tuple(self.play.controllers), self.field.still_key())

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        seats = self.seats()
        n = len(seats)
        sub = _("Hand a survivor to another player (type their name) or to the bot. One person may play "
                "several survivors: give their seats the same name.")
        lines = T.wrap(sub, 13, 760 - 48)  # inside the border (issue 25 item 17: it ran past it)
        extra = 16 * (len(lines) - 1)
        r = pygame.Rect(0, 0, 760, 150 + extra + n * 64)
        r.center = (T.W // 2, T.H // 2)
        self.rect = r
        panel(surf, r, None, fill=(24, 20, 24))
        T.text(surf, _("SEATS AND PLAYERS"), (r.centerx, r.top + 30), 26, T.TEXT, bold=True, anchor="center")
        for k, ln in enumerate(lines):
            T.text(surf, ln, (r.centerx, r.top + 60 + 16 * k), 13, T.MUTED, anchor="center")
        names = self.names()
        for seat in range(n):
            y = r.top + 88 + extra + seat * 64
            cid, cd = seats[seat]
            col = tuple(cd.colour) if cd is not None else T.TEXT
            if cid is not None:
                app.art.portrait(surf, cid, (r.left + 50, y + 22), 20, col)
            T.text(surf, _(cd.name) if cd is not None else "?", (r.left + 80, y + 22), 16, col, bold=True,
                   anchor="midleft")
            self.field.draw(surf, self.zones, pygame.Rect(r.left + 290, y + 6, 230, 34), names, seat, self.mouse)
            for k, (who, label) in enumerate((("human", _("Person")), ("bot", _("Bot")))):
                button(surf, self.zones, pygame.Rect(r.left + 540 + k * 96, y + 6, 90, 34), label, "ctrl",
                       (seat, who), hover=self.mouse, size=14, selected=self.play.controllers[seat] == who)
        button(surf, self.zones, pygame.Rect(r.centerx - 90, r.bottom - 52, 180, 40), _("Done") + " · Enter", "back",
               hover=self.mouse, size=16, primary=True)  # the changes take effect at once: nothing to call off


__all__ = ["MAX_NAME", "NameField", "SeatsScene", "clean_name", "same_person", "seat_label"]
