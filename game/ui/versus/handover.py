"""The hand-over screen (V-OVR-2, V-HOT, issue 27 item 2): a full, opaque screen that shows
nothing of the game, only who is to take the mouse next: "Pass to <name>: press when only they can
see the screen". The screen behind it is drawn for the next seat only once it is dismissed."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from ...i18n import _, _f
from .. import theme as T
from ..scene import Command, Pop, Scene, left_click
from .art import faction_colour, faction_symbol
from . import words as W


class HandOver(Scene):
    """Full screen, not an overlay: the board and panels of the seat that just played are not
    drawn under it. ``done()`` is called when the next player presses a key or clicks (after a
    short guard, so a double click of the last player cannot skip it)."""

    overlay = False
    GUARD_SECS = 0.5

    def __init__(self, seat: int, name: str, fac: str, why: str, done: Callable[[], None]):
        super().__init__()
        self.seat, self.name, self.fac, self.why, self._done = seat, name, fac, why, done
        self.age = 0.0
        self.born = pygame.time.get_ticks()  # ms: the guard also ends by the clock (see handle)

    def update(self, dt: float, app: Any) -> Command:
        self.age += dt
        return None

    def still_key(self, app: Any) -> object | None:
        """The picture: who is next and why; nothing on it moves (issue 30 item 2)."""
        return (self.seat, self.name, self.fac, self.why)

    def at_rest(self, app: Any) -> bool:
        """Once the guard is over, ``update``'s ageing changes nothing (issue 30 item 2)."""
        return self.age >= self.GUARD_SECS

    def handle(self, ev: pygame.event.Event, app: Any) -> Command:
        # the guard: the frames' time (capped at 0.1 s a frame), or the clock when frames are slow (the first
        # frames of a screen on a loaded machine take 0.5-3 s: five of them ate every key; issue 25, as PassDevice)
        if self.age < self.GUARD_SECS and pygame.time.get_ticks() - self.born < self.GUARD_SECS * 1000:
            return None
        if left_click(ev) or (ev.type == pygame.KEYDOWN and ev.key not in (pygame.K_ESCAPE,)):
            self._done()
            return Pop()
        return None

    def draw(self, surf: pygame.Surface, app: Any) -> None:
        self.zones.clear()
        surf.fill((6, 6, 8))
        col = faction_colour(self.fac)
        pygame.draw.rect(surf, col, surf.get_rect().inflate(-40, -40), 2, border_radius=12)
        faction_symbol(surf, self.fac, (T.W // 2, 200), 60)
        T.text(surf, _f("Pass to {name}", name=self.name), (T.W // 2, 320), 44, T.TEXT, bold=True, anchor="center")
        T.text(surf, W.faction(self.fac), (T.W // 2, 372), 20, col, bold=True, anchor="center")
        if self.why:
            T.text(surf, self.why, (T.W // 2, 420), 18, T.MUTED, anchor="center")
        T.text(surf, _("Press a key or click when only they can see the screen."), (T.W // 2, 500), 20, T.GOLD,
               anchor="center")
        T.text(surf, _("Nothing of either side's secrets is shown on this screen."), (T.W // 2, 660), 13, T.DIM,
               anchor="center")
