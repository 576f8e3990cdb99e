"""What the card dialogs over the board share (the story card, the peek, a result entered at the
table): the board's area, their frame and how a click or a key picks an option."""
from __future__ import annotations

import pygame

from .. import theme as T


BOARD_AREA = pygame.Rect(0, 64, 856, 520)  # the board on the play screen (render.BOARD_RECT)


def _click(ev: pygame.event.Event) -> bool:
    return ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 1


def _frame(surf: pygame.Surface, r: pygame.Rect, edge, fill=(26, 21, 25)) -> None:
    pygame.draw.rect(surf, (0, 0, 0), r.move(5, 7), border_radius=10)
    pygame.draw.rect(surf, fill, r, border_radius=10)
    pygame.draw.rect(surf, edge, r, 2, border_radius=10)
    pygame.draw.rect(surf, T.shade(edge, 0.5), r.inflate(-8, -8), 1, border_radius=8)


def _pointer(dlg, ev: pygame.event.Event):
    """Track the pointer of a dialog; returns (was it a click, the zone under it)."""
    if ev.type == pygame.MOUSEMOTION or _click(ev):
        dlg.mouse = ev.pos
    if _click(ev):
        return True, dlg.zones.at(ev.pos)
    return False, None
