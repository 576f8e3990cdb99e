"""The small marks of the city map and the campaign sheet, drawn with lines (no text, no colour
alone: a tick, a cross, a padlock, a filled or a dashed ring), 12x14 logical px from ``(x, y)``."""
from __future__ import annotations

import pygame


def draw_check(surf, x, y, colour) -> None:
    pygame.draw.lines(surf, colour, False, [(x, y + 6), (x + 4, y + 10), (x + 12, y)], 3)


def draw_cross(surf, x, y, colour) -> None:
    pygame.draw.line(surf, colour, (x + 1, y + 1), (x + 11, y + 11), 3)
    pygame.draw.line(surf, colour, (x + 11, y + 1), (x + 1, y + 11), 3)


def draw_lock(surf, x, y, colour) -> None:
    pygame.draw.rect(surf, colour, (x, y + 5, 12, 9), border_radius=2)
    pygame.draw.arc(surf, colour, (x + 2, y - 1, 8, 12), 0, 3.15, 2)


def draw_open(surf, x, y, colour) -> None:
    pygame.draw.circle(surf, colour, (x + 6, y + 7), 6)


def draw_dashed(surf, x, y, colour) -> None:
    pygame.draw.circle(surf, colour, (x + 6, y + 7), 6, 1)


ICONS = {"open": draw_open, "locked": draw_lock, "completed": draw_check, "unreachable": draw_dashed}
