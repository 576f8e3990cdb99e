"""The versus legend (issue 27 item 3: pictures, not letters, each explained once): the faction
symbols, a model's base with its close-combat arcs and facing pointer, the wounded band and the dead
marker, the combat die's faces, doors by state, a breach, rubble, the magnetic card and the data
core. Opened from the top bar ("Legend") over the board; drawn with the same functions as the board."""
from __future__ import annotations

import pygame

from ...engine.versus.data import DIRECTORATE, SYNDICATE
from ...i18n import N_, _
from .. import theme as T
from ..widgets import panel
from . import art
from . import words as W

DIE_WORDS = {1: N_("critical: 1 wound whatever the armour"), 2: N_("blank"), 3: N_("1 hit"), 4: N_("1 hit"),
             5: N_("2 hits"), 6: N_("bullet: 2 hits")}


def draw_legend(surf: pygame.Surface) -> pygame.Rect:
    """The legend box (returns its rectangle; a click anywhere closes it)."""
    r = pygame.Rect(0, 0, 860, 560)
    r.center = (T.W // 2, T.H // 2 + 10)
    panel(surf, r, None, fill=(20, 18, 22), edge=T.GOLD)
    T.text(surf, _("Legend"), (r.left + 20, r.top + 14), 20, T.GOLD, bold=True)
    x, y = r.left + 24, r.top + 56
    for i, fac in enumerate((DIRECTORATE, SYNDICATE)):
        art.faction_symbol(surf, fac, (x + 14, y + 14 + i * 40), 13)
        T.text(surf, W.faction(fac) + " · " + _(W.FACTION_SYMBOLS[fac]), (x + 40, y + 5 + i * 40), 15, T.TEXT)
    y += 96
    art.model(surf, "mara", DIRECTORATE, "N", "healthy", False, (x + 30, y + 30), 24)
    T.text_block(surf, _("The base ring: dark blue is the best arc, light blue the standard, grey the weak one; "
                         "the white pointer is the facing. The badge is the faction."),
                 pygame.Rect(x + 70, y, 320, 70), 13, T.TEXT)
    y += 84
    art.model(surf, "grist", SYNDICATE, "E", "wounded", False, (x + 30, y + 30), 24)
    T.text(surf, _("The red band: the card flipped to its wounded side."), (x + 70, y + 20), 13, T.TEXT)
    y += 70
    art.model(surf, "kenji", DIRECTORATE, "", "healthy", True, (x + 30, y + 30), 24)
    T.text(surf, _("A grey cross: a dead character's marker."), (x + 70, y + 20), 13, T.TEXT)
    y += 70
    art.item_icon(surf, "card", (x + 30, y + 14), 10)
    T.text(surf, _(W.ITEM_NAMES["card"]), (x + 50, y + 6), 13, T.TEXT)
    art.item_icon(surf, "core", (x + 200, y + 14), 10)
    T.text(surf, _(W.ITEM_NAMES["core"]), (x + 220, y + 6), 13, T.TEXT)
    # the combat die (V-DICE-2)
    x, y = r.left + 450, r.top + 56
    T.text(surf, _("The combat die"), (x, y), 15, T.GOLD, bold=True)
    for i, face in enumerate(range(1, 7)):
        art.die_face(surf, face, pygame.Rect(x, y + 26 + i * 34, 28, 28))
        T.text(surf, _(DIE_WORDS[face]), (x + 40, y + 32 + i * 34), 13, T.TEXT)
    y += 26 + 6 * 34 + 14
    T.text(surf, _("Doors and walls"), (x, y), 15, T.GOLD, bold=True)
    rows = ((DOOR_CLOSED, _("a closed wooden door")), (DOOR_LOCKED, _("needs a magnetic card (sliding or locked)")),
            (DOOR_OPEN, _("an open door")), (DOOR_BROKEN, _("a destroyed door: splinters")),
            (BREACH, _("a breach in a wall")))
    for i, (kind, text) in enumerate(rows):
        yy = y + 28 + i * 30
        _edge_sample(surf, kind, pygame.Rect(x, yy, 30, 22))
        T.text(surf, text, (x + 40, yy + 3), 13, T.TEXT)
    T.text(surf, _("Click anywhere to close."), (r.centerx, r.bottom - 22), 12, T.DIM, anchor="center")
    return r


DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_BROKEN, BREACH = range(5)


def _edge_sample(surf: pygame.Surface, kind: int, r: pygame.Rect) -> None:
    pygame.draw.rect(surf, (40, 36, 40), r)
    a, b = (r.centerx, r.top), (r.centerx, r.bottom)
    if kind in (DOOR_CLOSED, DOOR_LOCKED):
        pygame.draw.line(surf, (150, 100, 52) if kind == DOOR_CLOSED else (110, 150, 176), a, b, 7)
        if kind == DOOR_LOCKED:
            lock = pygame.Rect(0, 0, 10, 9)
            lock.center = r.center
            pygame.draw.rect(surf, (230, 200, 90), lock, border_radius=2)
    elif kind == DOOR_OPEN:
        pygame.draw.line(surf, (150, 100, 52), a, (a[0] + 14, a[1]), 3)
        pygame.draw.circle(surf, (150, 100, 52), a, 3)
    elif kind == DOOR_BROKEN:
        for k in range(4):
            p = (a[0], a[1] + (k + .5) * r.h / 4)
            pygame.draw.line(surf, (120, 80, 40), p, (p[0] + 6 * (-1) ** k, p[1] + 2), 2)
    else:
        pygame.draw.line(surf, (196, 186, 176), a, (a[0], a[1] + r.h * .3), 5)
        pygame.draw.line(surf, (196, 186, 176), (b[0], b[1] - r.h * .3), b, 5)
