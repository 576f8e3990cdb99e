"""The versus board (V-BOARD): squares, rooms, floor objects (intact or destroyed), walls and their
breaches, doors (closed, open, destroyed; sliding or wooden; locked), loose items and the models,
drawn only from one seat's :class:`~game.engine.versus.view.VsView` (V-HOT-1/3: a model the seat may
not see yet is not drawn at all), with the marks the screen adds (squares and edges that answer a
click, a hovered model's sight arcs)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from ...engine.board import edge_id, parse_edge_id
from ...engine.kernel.sight import arc
from ...engine.versus.data import FACINGS
from .. import theme as T
from . import art

Sq = tuple[int, int]
FLOOR = (40, 36, 40)
FLOOR_ALT = (36, 32, 36)
ROOM_TINT = {"chapel": (46, 36, 56), "exit": (30, 52, 44), "lab": (34, 42, 52), "store": (48, 42, 32)}
WALL_COL = (196, 186, 176)
DOOR_COL = {"wooden": (150, 100, 52), "sliding": (110, 150, 176)}
OBJ_COL = {"bed": (92, 80, 96), "pew": (104, 76, 50), "altar": (150, 140, 120), "table": (96, 72, 48),
           "cabinet": (70, 80, 90), "crates": (110, 90, 56)}


@dataclass
class Marks:
    """What the screen highlights this frame: ``squares`` (square -> (colour, label)), ``edges``
    (edge id -> colour), ``sight`` (the hovered model's arcs, square -> arc name), ``selected``
    (a model's id), ``starts`` (start squares -> number shown during deployment)."""

    squares: dict[Sq, tuple[tuple[int, int, int], str]] = field(default_factory=dict)
    edges: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    sight: dict[Sq, str] = field(default_factory=dict)
    seen: list[Sq] = field(default_factory=list)
    selected: str | None = None
    starts: dict[Sq, str] = field(default_factory=dict)
    trail: list[Sq] = field(default_factory=list)
    placed: dict[Sq, tuple[str, str]] = field(default_factory=dict)  # deployment in progress: square -> (cid, faction)


class BoardDrawing:
    """Where the board sits on the screen and how it is drawn. ``rect``: the area it may use."""

    def __init__(self, vmap: Any, rect: pygame.Rect):
        self.m = vmap
        self.area = pygame.Rect(rect)
        self.cell = max(16, min(self.area.w // vmap.width, self.area.h // vmap.height))
        w, h = self.cell * vmap.width, self.cell * vmap.height
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = self.area.center

    # ---------------------------------------------------------------- geometry
    def sq_rect(self, q: Sq) -> pygame.Rect:
        return pygame.Rect(self.rect.left + q[0] * self.cell, self.rect.top + q[1] * self.cell, self.cell, self.cell)

    def centre(self, q: Sq) -> tuple[int, int]:
        return self.sq_rect(q).center

    def square_at(self, pos: tuple[int, int]) -> Sq | None:
        if not self.rect.collidepoint(pos):
            return None
        return ((pos[0] - self.rect.left) // self.cell, (pos[1] - self.rect.top) // self.cell)

    def edge_line(self, e) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two end points of the edge between neighbours ``e = (a, b)`` on the screen."""
        (ax, ay), (bx, by) = e
        c, L, Tp = self.cell, self.rect.left, self.rect.top
        if ay == by:  # side by side: an upright edge
            x = L + max(ax, bx) * c
            return (x, Tp + ay * c), (x, Tp + (ay + 1) * c)
        y = Tp + max(ay, by) * c
        return (L + ax * c, y), (L + (ax + 1) * c, y)

    def edge_at(self, pos: tuple[int, int], edges) -> str | None:
        """The edge id of ``edges`` (ids) nearest ``pos`` within a quarter square, or None."""
        best, bd = None, self.cell * 0.28
        for eid in edges:
            (x0, y0), (x1, y1) = self.edge_line(parse_edge_id(eid))
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            d = max(abs(pos[0] - mx) - abs(x1 - x0) / 2, 0) + max(abs(pos[1] - my) - abs(y1 - y0) / 2, 0)
            if d < bd:
                best, bd = eid, d
        return best

    # ---------------------------------------------------------------- drawing
    def draw(self, surf: pygame.Surface, vw: Any, marks: Marks, mouse: tuple[int, int] = (-1, -1)) -> None:
        """The whole board as ``vw`` (a VsView) sees it, with ``marks``. The squares are drawn once and
        kept; with no start squares or sight arcs marked, the furniture, loose items and edges too, per
        state of the objects, items, breaches and doors (issue 30 item 2: not drawn again every frame)."""
        m, c = self.m, self.cell
        if not marks.starts and not marks.sight:
            key = (vw.destroyed, tuple(sorted(vw.items.items())), vw.breaches, tuple(sorted(vw.doors.items())))
            self.kept_picture(surf, "furnished", key, lambda s: self.draw_furnished(s, vw))
        else:
            self.kept_picture(surf, "floor", (), self.draw_floor)
            self.draw_starts_sight(surf, marks)
            self.draw_furniture(surf, vw)
        self.draw_marks(surf, vw, marks)

    def kept_picture(self, surf: pygame.Surface, name: str, key: tuple, draw: Any) -> None:
        """Blit the board's picture ``name`` kept for ``key``; drawn (by ``draw(surface)``) when new."""
        kept = self.__dict__.setdefault("_kept", {})
        area = self.rect.inflate(8, 8)
        got = kept.get(name)
        if got is None or got[0] != key:
            pic = pygame.Surface(area.size)
            sub = pygame.Surface(surf.get_size())  # drawn where it stands on the screen, then cut out
            sub.blit(surf, area, area)
            draw(sub)
            pic.blit(sub, (0, 0), area)
            got = kept[name] = (key, pic)
        surf.blit(got[1], area)

    def draw_furnished(self, surf: pygame.Surface, vw: Any) -> None:
        self.draw_floor(surf)
        self.draw_furniture(surf, vw)

    def draw_floor(self, surf: pygame.Surface) -> None:
        """The board's frame and squares (rooms tinted, the chapel's crosses, the exit's arrows)."""
        m, c = self.m, self.cell
        pygame.draw.rect(surf, (8, 8, 10), self.rect.inflate(8, 8), border_radius=4)
        room_of = {q: name for name, sqs in m.rooms.items() for q in sqs}
        for x in range(m.width):
            for y in range(m.height):
                r = self.sq_rect((x, y))
                base = ROOM_TINT.get(room_of.get((x, y), ""), FLOOR if (x + y) % 2 else FLOOR_ALT)
                pygame.draw.rect(surf, base, r)
                pygame.draw.rect(surf, (54, 50, 56), r, 1)
                if room_of.get((x, y)) == "chapel":  # a cross in the chapel's tiles: not colour alone
                    pygame.draw.line(surf, (70, 58, 84), (r.centerx, r.top + c * .3), (r.centerx, r.bottom - c * .3), 1)
                    pygame.draw.line(surf, (70, 58, 84), (r.centerx - c * .12, r.top + c * .42), (r.centerx + c * .12, r.top + c * .42), 1)
                elif room_of.get((x, y)) == "exit":  # an arrow out
                    pygame.draw.polygon(surf, (60, 110, 90), [(r.left + c * .3, r.top + c * .35), (r.left + c * .7, r.centery),
                                                              (r.left + c * .3, r.bottom - c * .35)], 2)

    def draw_starts_sight(self, surf: pygame.Surface, marks: Marks) -> None:
        """The start squares' frames (deployment) and the hovered model's sight arcs (V-LOS-2)."""
        c = self.cell
        for q, num in marks.starts.items():
            r = self.sq_rect(q).inflate(-6, -6)
            pygame.draw.rect(surf, (90, 80, 40), r, 2, border_radius=4)
        tints = self.__dict__.setdefault("_tints", {})
        for q, name in marks.sight.items():
            r = self.sq_rect(q)
            s = tints.get((name, r.size))
            if s is None:
                col = art.SIGHT_COLOURS[name]
                s = tints[(name, r.size)] = pygame.Surface(r.size, pygame.SRCALPHA)
                s.fill((*col, 60 if name != "white" else 0))
            surf.blit(s, r)
            if name == "white":  # the blind spot: hatched, not a colour
                for i in range(0, c, 8):
                    pygame.draw.line(surf, (110, 110, 116), (r.left + i, r.top), (r.left, r.top + i), 1)

    def draw_furniture(self, surf: pygame.Surface, vw: Any) -> None:
        """The objects, the loose items and the edges (walls, breaches, doors) as ``vw`` sees them."""
        m, c = self.m, self.cell
        self.draw_objects(surf, vw)
        for it, q in vw.items.items():
            kind = next((i.kind for i in m.items if i.id == it), "card")
            art.item_icon(surf, kind, (self.sq_rect(q).left + c // 4 + 2, self.sq_rect(q).bottom - c // 4 - 2), max(5, c // 6))
        self.draw_edges(surf, vw)

    def draw_marks(self, surf: pygame.Surface, vw: Any, marks: Marks) -> None:
        """The trail, the marked squares and edges, models being placed, start numbers and the models."""
        m, c = self.m, self.cell
        if len(marks.trail) > 1:  # the acting model's path this activation: footprints square to square
            pts = [self.centre(q) for q in marks.trail]
            for a, b in zip(pts, pts[1:]):
                for k in range(1, 4):
                    t = k / 4
                    pygame.draw.circle(surf, (200, 190, 150), (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), 2)
        for q, (col, label) in marks.squares.items():
            r = self.sq_rect(q).inflate(-4, -4)
            pygame.draw.rect(surf, col, r, 3, border_radius=5)
            if label:
                T.text(surf, label, (r.right - 4, r.top + 2), 11, col, bold=True, anchor="topright")
        for eid, col in marks.edges.items():
            a, b = self.edge_line(parse_edge_id(eid))
            pygame.draw.line(surf, col, a, b, 7)
        for q, (cid, fac) in marks.placed.items():  # the viewer's own models where it is placing them (V-SETUP-3)
            art.model(surf, cid, fac, "", "healthy", False, self.centre(q), int(c * .36))
            if marks.selected == cid:
                pygame.draw.circle(surf, T.GOLD, self.centre(q), int(c * .47), 2)
        for q, num in marks.starts.items():  # the numbers over the models standing on them (the coach names them)
            if num:
                r = self.sq_rect(q)
                k = max(9, c // 5)
                at = (r.left + k, r.bottom - k)
                pygame.draw.circle(surf, (20, 18, 22), at, k - 1)
                pygame.draw.circle(surf, T.GOLD, at, k - 1, 1)
                T.text(surf, num, at, 11, T.GOLD, bold=True, anchor="center")
        for f in vw.figures:
            if f.pos is None:
                continue  # V-HOT-1: not known to this seat yet
            cen = self.centre(f.pos)
            art.model(surf, f.cid, vw.factions[f.seat], f.facing, f.side, f.dead, cen, int(c * .36),
                      activated=f.activated)
            if marks.selected == f.cid:
                pygame.draw.circle(surf, T.GOLD, cen, int(c * .47), 2)
            if f.pos in marks.seen:  # V-LOS-6: seen by the hovered model (an open eye over it)
                e = pygame.Rect(0, 0, int(c * .42), int(c * .24))
                e.center = (cen[0], cen[1] - int(c * .42))
                pygame.draw.ellipse(surf, (240, 236, 226), e)
                pygame.draw.ellipse(surf, (20, 18, 20), e, 1)
                pygame.draw.circle(surf, (200, 40, 40), e.center, max(2, int(c * .07)))
            if f.items and not f.dead:
                kind = next((i.kind for i in m.items if i.id == f.items[0]), "card")
                art.item_icon(surf, kind, (cen[0] - int(c * .3), cen[1] + int(c * .3)), max(4, c // 8))

    def draw_objects(self, surf: pygame.Surface, vw: Any) -> None:
        """V-BOARD-5/6: intact objects as furniture over their squares; destroyed ones as rubble
        (V-DESTROY-9)."""
        c = self.cell
        for o in self.m.objects:
            rs = [self.sq_rect(q) for q in o.squares]
            box = rs[0].unionall(rs[1:]).inflate(-c * .2, -c * .2)
            if o.id in vw.destroyed:
                for i, q in enumerate(o.squares):
                    r = self.sq_rect(q)
                    for k in range(5):
                        x = r.left + (k * 37 + i * 13) % (c - 8) + 4
                        y = r.top + (k * 23 + i * 7) % (c - 8) + 4
                        pygame.draw.circle(surf, (90, 80, 70), (x, y), 2 + k % 2)
                pygame.draw.rect(surf, (90, 80, 70), box, 1, border_radius=3)
                continue
            col = OBJ_COL.get(o.kind, (90, 90, 90))
            pygame.draw.rect(surf, col, box, border_radius=4)
            pygame.draw.rect(surf, (16, 14, 16), box, 2, border_radius=4)
            if o.kind == "bed":
                pygame.draw.rect(surf, (200, 196, 190), (box.left + 3, box.top + 3, box.w - 6, min(box.h, box.w) * .3), border_radius=3)
            elif o.kind == "altar":
                pygame.draw.line(surf, (40, 30, 20), (box.centerx, box.top + 4), (box.centerx, box.bottom - 4), 3)
                pygame.draw.line(surf, (40, 30, 20), (box.centerx - box.w * .2, box.top + box.h * .35),
                                 (box.centerx + box.w * .2, box.top + box.h * .35), 3)
            elif o.kind in ("crates", "cabinet"):
                pygame.draw.line(surf, (30, 24, 20), box.topleft, box.bottomright, 2)
                pygame.draw.line(surf, (30, 24, 20), box.topright, box.bottomleft, 2)
                if o.blocks_los:  # V-LOS-3: blocks sight (an eye crossed out)
                    e = pygame.Rect(0, 0, c * .4, c * .22)
                    e.center = box.center
                    pygame.draw.ellipse(surf, (230, 226, 220), e)
                    pygame.draw.circle(surf, (20, 18, 20), e.center, c * .07)
                    pygame.draw.line(surf, (200, 40, 40), e.topleft, e.bottomright, 2)
            else:  # pews and tables: planks
                for k in range(1, 3):
                    if box.w >= box.h:
                        y = box.top + box.h * k / 3
                        pygame.draw.line(surf, (40, 30, 22), (box.left + 3, y), (box.right - 3, y), 1)
                    else:
                        x = box.left + box.w * k / 3
                        pygame.draw.line(surf, (40, 30, 22), (x, box.top + 3), (x, box.bottom - 3), 1)

    def draw_edges(self, surf: pygame.Surface, vw: Any) -> None:
        """V-BOARD-2: walls (thick), breaches (V-DESTROY-11: a broken gap), doors by state
        (V-DOOR: a closed leaf, an open leaf swung aside, a destroyed one's splinters), locked doors
        with a padlock, sliding doors with a card slot."""
        c = self.cell
        for e in self.m.walls:
            a, b = self.edge_line(e)
            if edge_id(e) in vw.breaches:
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                for end in (a, b):  # stubs either side of the gap, with a jagged tip
                    p = (end[0] + (mid[0] - end[0]) * .45, end[1] + (mid[1] - end[1]) * .45)
                    pygame.draw.line(surf, WALL_COL, end, p, 5)
                    pygame.draw.circle(surf, (120, 110, 100), p, 3)
                pygame.draw.circle(surf, (120, 110, 100), mid, 2)
                continue
            pygame.draw.line(surf, WALL_COL, a, b, 5)
            pygame.draw.line(surf, (60, 56, 54), a, b, 1)
        for d in self.m.doors:
            st = vw.doors.get(d.id, "closed")
            col = DOOR_COL.get(d.kind, (150, 100, 52))
            for e in d.edges:
                a, b = self.edge_line(e)
                mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
                upright = a[0] == b[0]
                if st == "closed":
                    pygame.draw.line(surf, col, a, b, 7)
                    pygame.draw.line(surf, (20, 16, 14), a, b, 1)
                    if d.locked or d.kind == "sliding":  # needs a magnetic card (V-DOOR-2/6)
                        r = pygame.Rect(0, 0, 10, 9)
                        r.center = mid
                        pygame.draw.rect(surf, (230, 200, 90), r, border_radius=2)
                        pygame.draw.rect(surf, (20, 16, 14), r, 1, border_radius=2)
                        pygame.draw.arc(surf, (230, 200, 90), (r.left + 2, r.top - 5, 6, 9), 0, 3.14, 2)
                elif st == "open":  # the leaf swung into the square (a thin line at right angles)
                    hinge = a
                    leaf = (hinge[0] + (c * .55 if not upright else 0), hinge[1] + (c * .55 if upright else 0)) \
                        if not upright else (hinge[0] + c * .55, hinge[1])
                    pygame.draw.line(surf, col, hinge, leaf, 3)
                    pygame.draw.circle(surf, col, hinge, 3)
                else:  # destroyed (V-DESTROY-10): splinters on the gap
                    for k in range(4):
                        t = (k + .5) / 4
                        p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                        q = (p[0] + (6 if upright else 2) * (-1) ** k, p[1] + (2 if upright else 6) * (-1) ** k)
                        pygame.draw.line(surf, (120, 80, 40), p, q, 2)

    # ---------------------------------------------------------------- sight (V-LOS-2)
    def sight_arcs(self, facing: str, pos: Sq) -> dict[Sq, str]:
        """V-LOS-2: every square's arc seen from ``pos`` facing ``facing`` (the rules' own
        classification, :func:`game.engine.kernel.sight.arc`)."""
        out = {}
        if not facing:
            return out
        fv = FACINGS[facing]
        for x in range(self.m.width):
            for y in range(self.m.height):
                off = (x - pos[0], y - pos[1])
                if off != (0, 0):
                    out[(x, y)] = arc(fv, off)
        return out
