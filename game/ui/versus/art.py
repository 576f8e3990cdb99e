"""The versus pictures, drawn with pygame's shapes (no letters, dark palette, never colour alone):
faction symbols (the Directorate's diamond, the Syndicate's spikes), a picture per character, the
model's base with its four close-combat arcs turned to its facing (V-CHAR-3/4) and a facing pointer,
wounded cards (a torn band), dead markers, combat dice faces (V-DICE-2), order-tile sections and
command-point pips. Drawn directly at any size, so they stay crisp when the window is scaled."""
from __future__ import annotations

import math

import pygame

from ...engine.versus.data import DIRECTORATE, ROSTER

FACTION_COLOURS = {DIRECTORATE: (86, 150, 214), "syndicate": (212, 104, 58)}
FACTION_DARK = {DIRECTORATE: (22, 38, 60), "syndicate": (58, 26, 18)}
ARC_COLOURS = {"DB": (34, 70, 170), "LB": (120, 180, 236), "GR": (128, 128, 132)}
#: V-LOS-2: the sight arcs as the hover draws them (red, orange seen; white blind)
SIGHT_COLOURS = {"red": (220, 60, 50), "orange": (236, 150, 50), "white": (200, 200, 200)}
ROTATE = {"N": 0, "E": 90, "S": 180, "W": 270}  # degrees clockwise from north


def faction_colour(fac: str) -> tuple[int, int, int]:
    return FACTION_COLOURS.get(fac, (180, 180, 180))


def faction_symbol(surf: pygame.Surface, fac: str, c: tuple[int, int], r: int, colour=None) -> None:
    """The faction's symbol centred on ``c`` with radius ``r``: a diamond with a bar (the
    Directorate) or a four-spiked star (the Syndicate)."""
    col = colour or faction_colour(fac)
    x, y = c
    if fac == DIRECTORATE:
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.polygon(surf, (10, 10, 14), pts, max(1, r // 6))
        pygame.draw.line(surf, (10, 10, 14), (x - r // 2, y), (x + r // 2, y), max(1, r // 5))
    else:
        pts = []
        for i in range(8):
            a = math.radians(i * 45)
            rr = r if i % 2 == 0 else r * 0.38
            pts.append((x + rr * math.sin(a), y - rr * math.cos(a)))
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.polygon(surf, (10, 10, 14), pts, max(1, r // 7))


def _bolt(surf, x, y, r, col):
    pygame.draw.polygon(surf, col, [(x + r * .2, y - r), (x - r * .5, y + r * .1), (x - r * .05, y + r * .1),
                                    (x - r * .25, y + r), (x + r * .5, y - r * .15), (x + r * .05, y - r * .15)])


def char_glyph(surf: pygame.Surface, cid: str, c: tuple[int, int], r: int, col=(236, 230, 218)) -> None:
    """A small picture of character ``cid`` (its ability) centred on ``c``, radius ``r``."""
    x, y = c
    ab = ROSTER[cid].ability if cid in ROSTER else ""
    w = max(1, r // 4)
    if ab == "sprinter":  # Mara: a lightning bolt
        _bolt(surf, x, y, r, col)
    elif ab == "quick_hands":  # Kenji: a key
        pygame.draw.circle(surf, col, (x - r * .45, y), r * .38, w)
        pygame.draw.line(surf, col, (x - r * .1, y), (x + r * .9, y), w)
        pygame.draw.line(surf, col, (x + r * .6, y), (x + r * .6, y + r * .4), w)
        pygame.draw.line(surf, col, (x + r * .85, y), (x + r * .85, y + r * .35), w)
    elif ab == "breacher":  # Tobias: a fist / ram
        pygame.draw.rect(surf, col, (x - r * .6, y - r * .45, r * 1.1, r * .9), border_radius=max(1, r // 4))
        for i in range(3):
            pygame.draw.line(surf, (10, 10, 14), (x - r * .3 + i * r * .3, y - r * .45), (x - r * .3 + i * r * .3, y), 1)
        pygame.draw.polygon(surf, col, [(x + r * .5, y - r * .3), (x + r, y), (x + r * .5, y + r * .3)])
    elif ab == "stitch":  # Pask: a needle and thread (a cross)
        pygame.draw.line(surf, col, (x - r * .8, y + r * .8), (x + r * .8, y - r * .8), w + 1)
        pygame.draw.circle(surf, col, (x + r * .6, y - r * .6), r * .2, 1)
        pygame.draw.arc(surf, col, (x - r * .8, y - r * .2, r * .9, r), 0, math.pi, 1)
    elif ab == "rally":  # Lucinda: a crown
        pygame.draw.polygon(surf, col, [(x - r * .8, y + r * .5), (x - r * .8, y - r * .4), (x - r * .4, y),
                                        (x, y - r * .7), (x + r * .4, y), (x + r * .8, y - r * .4),
                                        (x + r * .8, y + r * .5)])
    elif ab == "ripsaw":  # Grist: a saw blade
        n = 10
        pts = []
        for i in range(n * 2):
            a = math.radians(i * 180 / n)
            rr = r * (0.95 if i % 2 == 0 else 0.7)
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.circle(surf, (10, 10, 14), (x, y), r * .25)
    elif ab == "mindless":  # the Shamblers: a skull, one or two notches below
        pygame.draw.circle(surf, col, (x, y - r * .15), r * .65)
        pygame.draw.rect(surf, col, (x - r * .35, y + r * .2, r * .7, r * .45))
        pygame.draw.circle(surf, (10, 10, 14), (x - r * .25, y - r * .2), r * .17)
        pygame.draw.circle(surf, (10, 10, 14), (x + r * .25, y - r * .2), r * .17)
        n = 2 if cid.endswith("2") else 1
        for i in range(n):
            pygame.draw.line(surf, (10, 10, 14), (x - r * .15 + i * r * .3, y + r * .2), (x - r * .15 + i * r * .3, y + r * .6), 2)
    else:
        pygame.draw.circle(surf, col, (x, y - r * .3), r * .35)
        pygame.draw.polygon(surf, col, [(x - r * .7, y + r * .8), (x - r * .4, y + r * .1), (x + r * .4, y + r * .1),
                                        (x + r * .7, y + r * .8)])


def base_ring(surf: pygame.Surface, cid: str, facing: str, c: tuple[int, int], r: int) -> None:
    """V-CHAR-3/4: the base's ring with its front, right, rear and left close-combat arcs in their
    colours (dark blue, light blue, grey), turned to ``facing``; "" draws a plain ring."""
    x, y = c
    if not facing:
        pygame.draw.circle(surf, (90, 90, 96), c, r, max(2, r // 5))
        return
    arcs = ROSTER[cid].arcs if cid in ROSTER else {}
    rot = ROTATE[facing]
    for i, name in enumerate(("front", "right", "rear", "left")):
        col = ARC_COLOURS.get(arcs.get(name, "GR"), (128, 128, 132))
        mid = rot + 90 * i  # degrees clockwise from north
        a0, a1 = math.radians(90 - mid - 45), math.radians(90 - mid + 45)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = c
        pygame.draw.arc(surf, col, rect, a0, a1, max(3, r // 4))


def facing_pointer(surf: pygame.Surface, facing: str, c: tuple[int, int], r: int, col=(250, 246, 236)) -> None:
    """A pointed notch outside the base on its front (V-CHAR-7: the facing, never colour alone)."""
    if not facing:
        return
    a = math.radians(ROTATE[facing])
    dx, dy = math.sin(a), -math.cos(a)
    px, py = -dy, dx
    tip = (c[0] + dx * (r + r * .55), c[1] + dy * (r + r * .55))
    b1 = (c[0] + dx * r * .85 + px * r * .42, c[1] + dy * r * .85 + py * r * .42)
    b2 = (c[0] + dx * r * .85 - px * r * .42, c[1] + dy * r * .85 - py * r * .42)
    pygame.draw.polygon(surf, col, [tip, b1, b2])
    pygame.draw.polygon(surf, (10, 10, 14), [tip, b1, b2], 1)


def model(surf: pygame.Surface, cid: str, fac: str, facing: str, side: str, dead: bool, c: tuple[int, int], r: int,
          activated: bool = False) -> None:
    """One model: its base ring with arcs and the facing pointer, the character's picture, the
    faction's symbol as a badge; a wounded card (V-WOUND-2) as a torn band across it; a dead
    marker (V-DEATH-1) as a grey cross over a grey disc."""
    x, y = c
    if dead:
        pygame.draw.circle(surf, (46, 44, 48), c, r * .8)
        pygame.draw.line(surf, (150, 146, 150), (x - r * .5, y - r * .5), (x + r * .5, y + r * .5), max(2, r // 6))
        pygame.draw.line(surf, (150, 146, 150), (x - r * .5, y + r * .5), (x + r * .5, y - r * .5), max(2, r // 6))
        faction_symbol(surf, fac, (x + r * .7, y + r * .7), max(4, r // 3), (120, 116, 120))
        return
    fill = FACTION_DARK.get(fac, (40, 40, 40))
    if activated:
        fill = tuple(int(v * .6) for v in fill)
    pygame.draw.circle(surf, fill, c, r)
    base_ring(surf, cid, facing, c, r)
    char_glyph(surf, cid, c, int(r * .55), faction_colour(fac) if not activated else (150, 146, 140))
    if side == "wounded":  # the flipped card: a torn red band with a notch
        band = [(x - r * .75, y + r * .15), (x + r * .75, y - r * .35), (x + r * .8, y - r * .1), (x - r * .7, y + r * .4)]
        pygame.draw.polygon(surf, (190, 30, 30), band)
        pygame.draw.polygon(surf, (255, 220, 210), band, 1)
    facing_pointer(surf, facing, c, r)
    badge = (int(x + r * .72), int(y - r * .72))
    pygame.draw.circle(surf, (10, 10, 14), badge, max(5, r // 3) + 1)
    faction_symbol(surf, fac, badge, max(4, r // 3))


def die_face(surf: pygame.Surface, face: int, rect: pygame.Rect, held: bool = False) -> None:
    """A combat die (V-DICE-1/2): 1 a critical (a star), 2 blank, 3-4 one hit (one slash), 5 two
    hits (two slashes), 6 the bullet (two hits: two slashes and a bullet)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, (226, 220, 206) if not held else (160, 156, 150), rect, border_radius=max(2, rect.w // 6))
    pygame.draw.rect(surf, (20, 18, 22), rect, 1, border_radius=max(2, rect.w // 6))
    x, y, s = rect.centerx, rect.centery, rect.w / 2
    ink = (24, 20, 24)
    if face == 1:
        pts = []
        for i in range(10):
            a = math.radians(i * 36)
            rr = s * (0.8 if i % 2 == 0 else 0.35)
            pts.append((x + rr * math.sin(a), y - rr * math.cos(a)))
        pygame.draw.polygon(surf, (200, 30, 30), pts)
        return
    n = {2: 0, 3: 1, 4: 1, 5: 2, 6: 2}[face]
    for i in range(n):
        off = (i - (n - 1) / 2) * s * .55
        pygame.draw.line(surf, ink, (x + off - s * .25, y + s * .5), (x + off + s * .25, y - s * .5), max(2, int(s / 4)))
    if face == 6:
        pygame.draw.ellipse(surf, (150, 110, 40), (x + s * .35, y - s * .75, s * .35, s * .6))


def cp_pips(surf: pygame.Surface, n: int, total: int, topleft: tuple[int, int], size: int = 10, col=(232, 190, 92)) -> int:
    """A command-point dial as pips: ``n`` filled of ``total`` (V-CP-3: public). Returns the width."""
    x, y = topleft
    for i in range(total):
        c = (x + i * (size + 3) + size // 2, y + size // 2)
        if i < n:
            pygame.draw.circle(surf, col, c, size // 2)
        pygame.draw.circle(surf, (200, 190, 170), c, size // 2, 1)
    return total * (size + 3)


def section_icon(surf: pygame.Surface, kind: str, c: tuple[int, int], r: int, col=(236, 230, 218)) -> None:
    """An order-tile section's order: a boot print for Move, crossed blades for Close combat."""
    x, y = c
    if kind == "move":
        pygame.draw.ellipse(surf, col, (x - r * .45, y - r * .9, r * .9, r * 1.2))
        pygame.draw.ellipse(surf, col, (x - r * .35, y + r * .4, r * .7, r * .55))
    else:
        w = max(2, r // 4)
        pygame.draw.line(surf, col, (x - r * .8, y + r * .8), (x + r * .8, y - r * .8), w)
        pygame.draw.line(surf, col, (x - r * .8, y - r * .8), (x + r * .8, y + r * .8), w)
        pygame.draw.line(surf, col, (x - r * .9, y + r * .4), (x - r * .4, y + r * .9), w)
        pygame.draw.line(surf, col, (x + r * .9, y + r * .4), (x + r * .4, y + r * .9), w)


def item_icon(surf: pygame.Surface, kind: str, c: tuple[int, int], r: int) -> None:
    """A loose or carried item: the magnetic card (a striped card), the data core (a cylinder)."""
    x, y = c
    if kind == "card":
        rect = pygame.Rect(0, 0, r * 1.6, r * 1.1)
        rect.center = c
        pygame.draw.rect(surf, (230, 214, 120), rect, border_radius=2)
        pygame.draw.rect(surf, (20, 18, 22), rect, 1, border_radius=2)
        pygame.draw.rect(surf, (30, 30, 34), (rect.left, rect.top + rect.h * .25, rect.w, rect.h * .22))
    else:
        pygame.draw.ellipse(surf, (120, 230, 200), (x - r * .6, y - r * .9, r * 1.2, r * .5))
        pygame.draw.rect(surf, (60, 170, 150), (x - r * .6, y - r * .65, r * 1.2, r * 1.2))
        pygame.draw.ellipse(surf, (120, 230, 200), (x - r * .6, y + r * .3, r * 1.2, r * .5))
        pygame.draw.rect(surf, (20, 18, 22), (x - r * .6, y - r * .9, r * 1.2, r * 1.7), 1)


def arrow(surf: pygame.Surface, d: str, c: tuple[int, int], r: int, col=(250, 246, 236)) -> None:
    """A solid arrow pointing ``d`` (N, E, S, W) centred on ``c``, half-length ``r``: the facing a
    button or a handle on the board gives (a shape, never colour alone)."""
    a = math.radians(ROTATE[d])
    dx, dy = math.sin(a), -math.cos(a)
    px, py = -dy, dx
    x, y = c
    pts = [(x + dx * r, y + dy * r), (x + px * r * .8, y + py * r * .8), (x + px * r * .3, y + py * r * .3),
           (x + px * r * .3 - dx * r, y + py * r * .3 - dy * r), (x - px * r * .3 - dx * r, y - py * r * .3 - dy * r),
           (x - px * r * .3, y - py * r * .3), (x - px * r * .8, y - py * r * .8)]
    pygame.draw.polygon(surf, col, pts)
