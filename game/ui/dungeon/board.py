"""The dungeon drawn card by card (issue 26 item 4): every placed map card from the View's layout
(floor, walls, water, pits; D-TERRAIN), its exits (an unexplored one marked with an open doorway and
an arrow, a closed one with rubble; D-EXPLORE), the objective's squares, the heroes as pawns with their
seat number, the enemies as dice showing their colour, a symbol of that colour and their face's pips
(D-ENEMY-1), their life as pips below. Pictures, not letters; nothing said by colour alone: water
has waves, pits a rim, every die colour its own corner symbol.

:class:`BoardGeometry` maps global squares (``DungeonView.layout``) to screen pixels; a card placed
since the last frame slides in (``slide``). Pure drawing: the numbers and what is legal come from
the caller (the play screen, from the engine's View).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

import pygame

from .. import theme as T

Sq = tuple[int, int]

FLOOR = (58, 52, 48)
FLOOR_LINE = (72, 65, 60)
WALL = (20, 17, 18)
WALL_LINE = (44, 36, 36)
WATER = (26, 54, 82)
WATER_LINE = (92, 150, 196)
PIT = (6, 5, 6)
PIT_RIM = (120, 96, 70)
CARD_EDGE = (150, 120, 70)
VOID = (11, 10, 13)
#: die colours (D-COMP-9) and the light ink drawn on them
DIE = {"green": (52, 136, 66), "blue": (46, 86, 186), "red": (176, 38, 38)}
INK = (244, 240, 230)
#: hero seat colours (a seat also carries its number on the pawn)
SEAT = [(214, 168, 60), (90, 180, 210), (196, 110, 200), (120, 196, 110)]
MOVE = (64, 214, 200)
TARGET = (255, 84, 60)
EXIT = (236, 170, 60)
GOAL = (240, 206, 96)


@dataclass
class BoardGeometry:
    """Where square ``(x, y)`` (global, D-MAP-3) is drawn: ``origin`` + (x - x0, y - y0) * ``cell``."""

    rect: pygame.Rect
    x0: int = 0
    y0: int = 0
    cell: int = 40
    ox: int = 0
    oy: int = 0

    @classmethod
    def fit(cls, rect: pygame.Rect, squares: Iterable[Sq], max_cell: int = 52) -> "BoardGeometry":
        """The geometry that shows every square of ``squares`` (plus one square of margin) in ``rect``."""
        sq = list(squares) or [(0, 0)]
        x0, x1 = min(q[0] for q in sq) - 1, max(q[0] for q in sq) + 1
        y0, y1 = min(q[1] for q in sq) - 1, max(q[1] for q in sq) + 1
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        cell = max(12, min(max_cell, rect.w // cols, rect.h // rows))
        ox = rect.x + (rect.w - cols * cell) // 2
        oy = rect.y + (rect.h - rows * cell) // 2
        return cls(pygame.Rect(rect), x0, y0, cell, ox, oy)

    def zoomed(self, zoom: float, pan: tuple[int, int]) -> "BoardGeometry":
        """The same view ``zoom`` times larger about the rect's centre, moved by ``pan`` pixels."""
        if zoom == 1.0 and pan == (0, 0):
            return self
        cell = max(8, int(self.cell * zoom))
        cx, cy = self.rect.center
        ox = cx - (cx - self.ox) * cell / self.cell + pan[0]
        oy = cy - (cy - self.oy) * cell / self.cell + pan[1]
        return BoardGeometry(pygame.Rect(self.rect), self.x0, self.y0, cell, int(ox), int(oy))

    def sq_rect(self, q: Sq) -> pygame.Rect:
        return pygame.Rect(self.ox + (q[0] - self.x0) * self.cell, self.oy + (q[1] - self.y0) * self.cell,
                           self.cell, self.cell)

    def centre(self, q: Sq | tuple[float, float]) -> tuple[int, int]:
        return (int(self.ox + (q[0] - self.x0 + 0.5) * self.cell), int(self.oy + (q[1] - self.y0 + 0.5) * self.cell))

    def square_at(self, pos: tuple[int, int]) -> Sq:
        return ((pos[0] - self.ox) // self.cell + self.x0, (pos[1] - self.oy) // self.cell + self.y0)


# ------------------------------------------------------------------------------------------ terrain
def draw_square(surf: pygame.Surface, r: pygame.Rect, kind: str, seed: int = 0) -> None:
    """One square of terrain ``kind`` (``floor``/``wall``/``water``/``pit``), each with its own picture."""
    c = r.w
    if kind == "wall":
        pygame.draw.rect(surf, WALL, r)
        for j in range(1, 3):  # brick courses
            y = r.top + j * c // 3
            pygame.draw.line(surf, WALL_LINE, (r.left, y), (r.right - 1, y))
        for j in range(3):
            x = r.left + ((j % 2) * c // 2 + c // 4)
            pygame.draw.line(surf, WALL_LINE, (x, r.top + j * c // 3), (x, r.top + (j + 1) * c // 3))
        return
    pygame.draw.rect(surf, FLOOR, r)
    pygame.draw.rect(surf, FLOOR_LINE, r, 1)
    if kind == "floor":
        if seed % 3 == 0:  # a crack in some flagstones
            pygame.draw.line(surf, FLOOR_LINE, (r.left + c // 5, r.top + c // 3), (r.left + c // 2, r.top + c // 2))
        return
    if kind == "water":
        pygame.draw.rect(surf, WATER, r.inflate(-2, -2))
        for j in range(2):  # waves: water is told by its picture too
            y = r.top + c // 3 + j * c // 3
            pts = [(r.left + 3 + i * (c - 6) // 6, y + (2 if i % 2 else -2)) for i in range(7)]
            pygame.draw.lines(surf, WATER_LINE, False, pts, 2)
        return
    if kind == "pit":
        pygame.draw.ellipse(surf, PIT_RIM, r.inflate(-c // 6, -c // 6))
        pygame.draw.ellipse(surf, PIT, r.inflate(-c // 3, -c // 3))
        for a in range(0, 360, 90):  # spikes at the rim
            ang = math.radians(a + 45)
            cx, cy = r.center
            pygame.draw.line(surf, PIT_RIM, (cx + math.cos(ang) * c * 0.18, cy + math.sin(ang) * c * 0.18),
                             (cx + math.cos(ang) * c * 0.32, cy + math.sin(ang) * c * 0.32), 2)


def draw_exit(surf: pygame.Surface, r: pygame.Rect, side: str, t: float) -> None:
    """An unexplored exit (D-EXPLORE-1): an open doorway with an arrow pointing out, pulsing."""
    c = r.w
    glow = 0.6 + 0.4 * math.sin(t * 4)
    col = T.lerp(FLOOR, EXIT, glow)
    pygame.draw.rect(surf, FLOOR, r)
    pygame.draw.rect(surf, col, r.inflate(-2, -2), 2, border_radius=3)
    d = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}.get(side, (0, -1))
    cx, cy = r.center
    tip = (cx + d[0] * c * 0.32, cy + d[1] * c * 0.32)
    back = (cx - d[0] * c * 0.2, cy - d[1] * c * 0.2)
    side_v = (-d[1] * c * 0.2, d[0] * c * 0.2)
    pygame.draw.line(surf, col, back, tip, 3)
    pygame.draw.polygon(surf, col, [tip, (tip[0] - d[0] * c * 0.18 + side_v[0], tip[1] - d[1] * c * 0.18 + side_v[1]),
                                    (tip[0] - d[0] * c * 0.18 - side_v[0], tip[1] - d[1] * c * 0.18 - side_v[1])])


def draw_closed(surf: pygame.Surface, r: pygame.Rect) -> None:
    """A closed exit (a dead end, D-EXPLORE-5): rubble."""
    pygame.draw.rect(surf, WALL, r)
    c = r.w
    for i, (dx, dy, rad) in enumerate(((0.3, 0.6, 0.16), (0.62, 0.55, 0.2), (0.45, 0.3, 0.14))):
        pygame.draw.circle(surf, (70 + 10 * i, 62, 58), (r.left + dx * c, r.top + dy * c), rad * c)


def draw_goal(surf: pygame.Surface, r: pygame.Rect, t: float) -> None:
    """The objective's square (16.7 SR-1): a gold star on a plinth."""
    c = r.w
    cx, cy = r.center
    k = 0.9 + 0.1 * math.sin(t * 3)
    pts = []
    for i in range(10):
        rad = (0.36 if i % 2 == 0 else 0.15) * c * k
        ang = math.radians(-90 + 36 * i)
        pts.append((cx + math.cos(ang) * rad, cy + math.sin(ang) * rad))
    pygame.draw.polygon(surf, GOAL, pts)
    pygame.draw.polygon(surf, (90, 70, 20), pts, 1)


def draw_entrance(surf: pygame.Surface, r: pygame.Rect) -> None:
    """The ▲ half-square a card was entered by (D-MAP-2): a small triangle."""
    c = r.w
    cx, cy = r.center
    pygame.draw.polygon(surf, FLOOR_LINE, [(cx, cy - c * 0.18), (cx - c * 0.16, cy + c * 0.12), (cx + c * 0.16, cy + c * 0.12)])


# ------------------------------------------------------------------------------------------ figures
def colour_symbol(surf: pygame.Surface, colour: str, centre: tuple[float, float], size: float, ink=INK) -> None:
    """The symbol each die colour carries besides its colour: green a leaf (triangle), blue a drop
    (circle), red a flame (diamond)."""
    x, y = centre
    s = size
    if colour == "green":
        pygame.draw.polygon(surf, ink, [(x, y - s), (x + s, y + s * 0.8), (x - s, y + s * 0.8)])
    elif colour == "blue":
        pygame.draw.circle(surf, ink, (x, y + s * 0.2), s * 0.8)
        pygame.draw.polygon(surf, ink, [(x, y - s), (x + s * 0.55, y), (x - s * 0.55, y)])
    else:
        pygame.draw.polygon(surf, ink, [(x, y - s), (x + s * 0.75, y), (x, y + s), (x - s * 0.75, y)])


PIPS = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)], 3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5: [(0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72)],
        6: [(0.28, 0.25), (0.72, 0.25), (0.28, 0.5), (0.72, 0.5), (0.28, 0.75), (0.72, 0.75)]}


def draw_die(surf: pygame.Surface, r: pygame.Rect, face: int, colour: str | None = None, *, ink=INK,
             body=None, edge=None, symbol: bool = True) -> None:
    """A die showing ``face`` (1..6) as pips; an enemy die in ``colour`` with its colour's corner
    symbol (D-ENEMY-1), a hero's roll in bone white (``colour`` None)."""
    body = body or (DIE.get(colour or "", (226, 218, 200)))
    if colour is None and ink == INK:
        ink = (30, 24, 22)
    pygame.draw.rect(surf, body, r, border_radius=max(3, r.w // 6))
    pygame.draw.rect(surf, edge or T.shade(body, 0.45), r, 2, border_radius=max(3, r.w // 6))
    inner = r.inflate(-r.w // 5, -r.h // 5)
    for px, py in PIPS.get(max(1, min(6, int(face))), []):
        pygame.draw.circle(surf, ink, (inner.left + px * inner.w, inner.top + py * inner.h), max(2, r.w // 11))
    if colour is not None and symbol:
        colour_symbol(surf, colour, (r.right - r.w * 0.17, r.top + r.h * 0.17), max(2, r.w * 0.09), ink=ink)


_SCALED: dict[tuple[int, int, int], tuple[pygame.Surface, pygame.Surface]] = {}


def scaled(icon: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``icon`` smoothly scaled to ``size`` px, kept (issue 30 item 2: an enemy's picture was scaled
    again every frame); at most 64 kept, the icon held with its scaled copy so its id stays its own."""
    key = (id(icon), size[0], size[1])
    got = _SCALED.get(key)
    if got is not None and got[0] is icon:
        return got[1]
    if len(_SCALED) >= 64:
        _SCALED.clear()
    img = pygame.transform.smoothscale(icon, size)
    _SCALED[key] = (icon, img)
    return img


def draw_enemy(surf: pygame.Surface, r: pygame.Rect, colour: str, face: int, life: int, max_life: int, *,
               alerted: bool, stunned: bool, target: bool = False, t: float = 0.0,
               icon: pygame.Surface | None = None) -> None:
    """An enemy on its square: its die in its colour with the colour's symbol, the face it shows (pips;
    with the type's picture ``icon``, tools/make_dungeon_icons.py, the picture fills the die and the
    face is a small die in its corner), its life as pips under it (filled: left; hollow: lost), an
    open eye when alerted (D-ENEMY-11), stars when stunned (D-KEY-5/6), a red ring when a legal
    attack may target it."""
    c = r.w
    die = r.inflate(-c * 0.16, -c * 0.16).move(0, -c * 0.06)
    if target:
        k = 0.5 + 0.5 * math.sin(t * 5)
        pygame.draw.rect(surf, T.lerp(TARGET, (255, 200, 180), k), r.inflate(-2, -2), 3, border_radius=6)
    if icon is None:
        draw_die(surf, die, face, colour)
    else:
        body = DIE.get(colour, (120, 120, 120))
        pygame.draw.rect(surf, body, die, border_radius=max(3, die.w // 6))
        pygame.draw.rect(surf, T.shade(body, 0.45), die, 2, border_radius=max(3, die.w // 6))
        img = scaled(icon, (int(die.w * 0.7), int(die.h * 0.7)))
        surf.blit(img, img.get_rect(center=(die.centerx + die.w * 0.08, die.centery + die.h * 0.1)))
        mini = pygame.Rect(die.left + 1, die.top + 1, max(10, int(die.w * 0.4)), max(10, int(die.w * 0.4)))
        draw_die(surf, mini, face, None, body=(236, 228, 210), edge=(30, 24, 22))
        colour_symbol(surf, colour, (die.right - die.w * 0.15, die.top + die.h * 0.15), max(2, die.w * 0.09))
    n = max(1, max_life)
    w = min(c * 0.16, (c - 6) / n)
    for i in range(n):
        x = r.centerx - (n * w) / 2 + w * (i + 0.5)
        y = r.bottom - c * 0.1
        if i < life:
            pygame.draw.circle(surf, (230, 70, 60), (x, y), max(2, w * 0.36))
        else:
            pygame.draw.circle(surf, (120, 110, 100), (x, y), max(2, w * 0.36), 1)
    if alerted:  # an open eye over the top edge
        e = pygame.Rect(0, 0, c * 0.3, c * 0.18)
        e.center = (r.centerx, r.top + c * 0.06)
        pygame.draw.ellipse(surf, (250, 236, 180), e)
        pygame.draw.circle(surf, (20, 16, 16), e.center, max(1, e.h // 3))
    if stunned:
        for i in range(3):
            ang = t * 3 + i * 2.1
            pygame.draw.circle(surf, (250, 230, 120), (r.centerx + math.cos(ang) * c * 0.32,
                                                        r.top + c * 0.12 + math.sin(ang) * c * 0.06), max(2, c // 18))


def draw_hero(surf: pygame.Surface, r: pygame.Rect, seat: int, *, active: bool, t: float = 0.0) -> None:
    """A hero's pawn in its seat's colour with the seat number on its chest; a pulsing ring round
    the hero whose turn it is."""
    c = r.w
    col = SEAT[seat % len(SEAT)]
    cx, cy = r.center
    if active:
        k = 0.5 + 0.5 * math.sin(t * 4)
        pygame.draw.circle(surf, T.lerp(col, (255, 255, 255), k * 0.6), (cx, cy), c * 0.48, 3)
    body = [(cx - c * 0.3, cy + c * 0.38), (cx + c * 0.3, cy + c * 0.38), (cx + c * 0.18, cy - c * 0.02),
            (cx - c * 0.18, cy - c * 0.02)]
    pygame.draw.polygon(surf, (16, 12, 12), [(x + 2, y + 2) for x, y in body])
    pygame.draw.polygon(surf, col, body)
    pygame.draw.polygon(surf, T.shade(col, 0.4), body, 2)
    pygame.draw.circle(surf, col, (cx, cy - c * 0.2), c * 0.17)
    pygame.draw.circle(surf, T.shade(col, 0.4), (cx, cy - c * 0.2), c * 0.17, 2)
    T.text(surf, str(seat + 1), (cx, cy + c * 0.2), max(9, int(c * 0.3)), (20, 16, 14), bold=True, anchor="center")


def draw_path(surf: pygame.Surface, geo: BoardGeometry, path: list[Sq], colour, t: float = 0.0) -> None:
    """A walked or planned path as dots with an arrow head at its end."""
    if len(path) < 2:
        return
    pts = [geo.centre(q) for q in path]
    for i, (a, b) in enumerate(zip(pts, pts[1:])):
        for k in range(3):
            f = (k + (t * 2) % 1) / 3
            pygame.draw.circle(surf, colour, (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), max(2, geo.cell // 14))
    a, b = pts[-2], pts[-1]
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    s = geo.cell * 0.22
    pygame.draw.polygon(surf, colour, [(b[0] + math.cos(ang) * s, b[1] + math.sin(ang) * s),
                                       (b[0] + math.cos(ang + 2.4) * s, b[1] + math.sin(ang + 2.4) * s),
                                       (b[0] + math.cos(ang - 2.4) * s, b[1] + math.sin(ang - 2.4) * s)])


__all__ = ["BoardGeometry", "DIE", "SEAT", "colour_symbol", "draw_closed", "draw_die", "draw_enemy", "draw_entrance",
           "draw_exit", "draw_goal", "draw_hero", "draw_path", "draw_square", "scaled"]
