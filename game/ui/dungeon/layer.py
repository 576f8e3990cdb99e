"""The dungeon board's still layer (issue 30 item 2: cache what does not change): the placed cards'
squares, closed exits, entrances, the objective's squares, each card's outline and name, drawn once
per map, zoom and pan and then put back as one picture. Only the squares that pulse (unexplored exits,
the objective) are drawn again when the screen's clock moved, each through the same drawing steps
clipped to it (a line of text crossing one is drawn again whole), so the picture is the one a whole
redraw gives. A card sliding in, or a test recording the text drawn, draws the whole layer each frame.
"""
from __future__ import annotations

from typing import Any

import pygame

from ...i18n import language
from .. import theme as T
from ..memo import Same, text_patched
from .board import BoardGeometry, draw_closed, draw_entrance, draw_exit, draw_goal, draw_square
from .words import content

CARD_LINE = (96, 78, 52)
CARD_NAME = (200, 180, 140)


def squares_of(v: Any, lay: Any) -> tuple[set, set, set, set]:
    """The layer's marked squares: unexplored exits, closed exits, the objective's, card entrances."""
    return (set(v.unexplored()), {tuple(q) for q in v.dungeon.closed}, set(v.objective_squares()),
            set(lay.entrances.values()))


def draw_layer(surf: pygame.Surface, v: Any, lay: Any, geo: BoardGeometry, slide: dict[int, float], clock: float,
               only: pygame.Rect | None = None, marks: tuple | None = None) -> None:
    """The still layer of the board (see the module docstring) at ``clock`` seconds; ``slide``: a
    placement index -> how far its card still has to slide in (0..1). ``only``: draw just what touches
    this rectangle (the caller clips to it; nothing slides); ``marks``: :func:`squares_of`, when known."""
    unexplored, closed, goals, entrances = marks or squares_of(v, lay)
    if only is None:
        where = lay.terrain.items()
    else:  # the squares under the rectangle only
        c = geo.cell
        xs = range((only.left - geo.ox) // c + geo.x0, (only.right - 1 - geo.ox) // c + geo.x0 + 1)
        ys = range((only.top - geo.oy) // c + geo.y0, (only.bottom - 1 - geo.oy) // c + geo.y0 + 1)
        where = [((x, y), lay.terrain[(x, y)]) for x in xs for y in ys if (x, y) in lay.terrain]
    for q, terr in where:
        r = geo.sq_rect(q)
        if slide:
            ks = lay.cards_of.get(q, (0,))
            off = max((slide.get(k, 0.0) for k in ks), default=0.0) if all(k in slide for k in ks) else 0.0
            if off:
                r = r.move(0, -int(off * geo.cell * 2))
        if q in unexplored:
            draw_exit(surf, r, lay.exits[q][1].value, clock)
        elif q in closed:
            draw_closed(surf, r)
        else:
            draw_square(surf, r, terr.value, (q[0] * 7 + q[1] * 13) & 0xff)
        if q in entrances and q not in unexplored:
            draw_entrance(surf, r)
        if q in goals:
            draw_goal(surf, r, clock)
    for cid, slot, rot in lay.placements:  # each card's outline and name
        x0, y0 = slot[0] * 6, slot[1] * 6
        r = geo.sq_rect((x0, y0)).union(geo.sq_rect((x0 + 4, y0 + 4)))
        if only is not None and not only.colliderect(r.inflate(2, 2)):
            continue
        pygame.draw.rect(surf, CARD_LINE, r, 2)
        card = v.scenario.defn.cards.get(cid)
        if card is not None and card.name and geo.cell >= 24:
            T.text(surf, T.fit(content(card.name), 11, r.w - 6), (r.left + 4, r.top + 2), 11, CARD_NAME)


def pulsing(marks: tuple, geo: BoardGeometry) -> list[pygame.Rect]:
    """The squares of the layer drawn by the clock (``marks``: :func:`squares_of`): unexplored exits
    and the objective's squares."""
    return [geo.sq_rect(q) for q in sorted(marks[0] | marks[2])]


class BoardLayer:
    """The kept still layer of one screen: its inputs, picture, lines of text and the clock it shows."""

    def __init__(self) -> None:
        self.kept: dict | None = None

    def draw(self, surf: pygame.Surface, v: Any, state: Any, lay: Any, geo: BoardGeometry, slide: dict[int, float],
             clock: float) -> None:
        """Draw the layer into ``surf``'s clip (the board's frame), through the cache."""
        area = surf.get_clip()
        lines = T.crisp_lines(surf.get_abs_parent())
        key = None if slide or text_patched() else (
            Same(state), state.step, Same(lay), geo.x0, geo.y0, geo.cell, geo.ox, geo.oy, tuple(area), language(),
            lines is not None)
        got = self.kept
        if key is None or got is None or got["key"] != key:
            self.kept = None
            l0 = len(lines) if lines is not None else 0
            marks = squares_of(v, lay)
            draw_layer(surf, v, lay, geo, slide, clock, marks=marks)
            if key is not None:
                ox, oy = surf.get_abs_offset()
                box = area.move(ox, oy)
                self.kept = {"key": key, "picture": surf.subsurface(area).copy(), "clock": clock, "marks": marks,
                             "lines": [ln for ln in lines[l0:] if box.contains(ln.area)] if lines is not None else []}
            return
        surf.blit(got["picture"], area)
        if clock == got["clock"]:
            if lines is not None:
                lines.extend(got["lines"])
            return
        self.again(surf, v, lay, geo, clock, area, got, lines)

    @staticmethod
    def again(surf: pygame.Surface, v: Any, lay: Any, geo: BoardGeometry, clock: float, area: pygame.Rect, got: dict,
              lines: list | None) -> None:
        """The kept layer is on screen: the pulsing squares drawn again at ``clock`` (each widened to
        the whole of any line of text it crosses), and the kept picture and lines brought up to date."""
        ox, oy = surf.get_abs_offset()
        dirty = [r.clip(area) for r in pulsing(got["marks"], geo)]
        dirty = [r for r in dirty if r.w and r.h]
        kept = got["lines"]
        grow = bool(dirty)
        while grow:
            grow = False
            for ln in kept:
                a = ln.area.move(-ox, -oy)
                for i, r in enumerate(dirty):
                    if r.colliderect(a) and not r.contains(a):
                        dirty[i] = r.union(a)
                        grow = True
        merged: list[pygame.Rect] = []
        for r in dirty:
            i = r.collidelist(merged)
            while i >= 0:
                r = r.union(merged.pop(i))
                i = r.collidelist(merged)
            merged.append(r)
        keep = [ln for ln in kept if ln.area.move(-ox, -oy).collidelist(merged) < 0]
        l0 = 0
        if lines is not None:
            lines.extend(keep)
            l0 = len(lines)
        try:
            for r in merged:
                surf.set_clip(r)
                draw_layer(surf, v, lay, geo, {}, clock, only=r, marks=got["marks"])
        finally:
            surf.set_clip(area)
        pic = got["picture"]
        for r in merged:
            pic.blit(surf, r.move(-area.left, -area.top), area=r)
        got["clock"] = clock
        if lines is not None:
            got["lines"] = keep + lines[l0:]


__all__ = ["BoardLayer", "draw_layer", "pulsing", "squares_of"]
