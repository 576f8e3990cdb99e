"""Board pictures for the rules reference (issue 12): small boards built here and played by the
engine, drawn by script, never hand-drawn bitmaps.

Each :class:`Diagram` sets up a tiny scenario (a few squares, a survivor, an enemy or two) with the
real rules (``game.engine.new_game``) and marks what the engine says about it: which squares the
survivor sees (``View.los``, R-LOS-1), which tiles are linked to hers (``View.linked_tiles``,
R-REACT-4), where she may move (``legal_actions``, R-MOVE-4, R-BARR-1, R-DOOR-1) and how hard the evade roll is
(``previews.acting_here``, R-EVADE-2..3). The rules reference (``RulebookScene``) shows the diagram of
the section it belongs to above the section's text. Marks are told by shape as well as colour.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

import pygame

from ..content.diagram_boards import rulebook_board as _board, rulebook_game as _game
from ..engine import EdgeState, legal_actions
from ..engine.query import Game, View
from ..i18n import N_, _, _f
from . import theme as T
from .board.slots import model_slots
from .modes import load_modes, resolve

Sq = tuple[int, int]


@dataclass
class Diagram:
    """One picture: the section it illustrates, a caption, how to build its game and what to mark."""

    section: str
    caption: str
    build: Callable[[], Game]
    marks: Callable[[Game], dict[Sq, str]]  # square -> "ok" | "no" | "here" | a label
    note: Callable[[Game], str] = lambda s: ""


def _los_marks(s: Game) -> dict[Sq, str]:
    q, me = View(s), tuple(View.of(s).active_char.pos)
    return {sq: ("ok" if q.los(me, sq) else "no") for sq in q.board.square_tile if sq != me}


def _linked_marks(s: Game) -> dict[Sq, str]:
    q = View(s)
    here = q.tile_id(tuple(View.of(s).active_char.pos))
    linked = q.linked_tiles(here)
    out = {}
    for t in q.board.tiles.values():
        word = N_("her tile") if t.id == here else N_("linked") if t.id in linked else N_("not linked")
        sq = min(t.squares, key=lambda p: (p[1], p[0]))
        out[sq] = word
    return out


def _move_marks(s: Game) -> dict[Sq, str]:
    moves = {tuple(a.to) for a in legal_actions(s) if a.kind == "move" and a.to is not None}
    me = tuple(View.of(s).active_char.pos)
    q = View(s)
    return {sq: ("ok" if sq in moves else "no") for sq in q.board.square_tile
            if sq != me and max(abs(sq[0] - me[0]), abs(sq[1] - me[1])) == 1}


def _evade_note(s: Game) -> str:
    from .previews import acting_here

    p = acting_here(s)
    if p is None:
        return ""
    return _f("Two zombies share her square: evade difficulty {tier} (small base 1, +1 for the second), "
              "{pct}% with her three dice.", tier=p.tier, pct=round(p.chance * 100))


def _evade_marks(s: Game) -> dict[Sq, str]:
    return {tuple(View.of(s).active_char.pos): "here"}


DIAGRAMS: dict[str, Diagram] = {d.section: d for d in (
    Diagram("reach", N_("Line of sight from Vera: a dot where she sees, a cross where a wall or a wall corner "
                        "hides the square."),
            lambda: _game(_board(("AAAAA", "AAAAA", "AAAAA"), {"A": "Yard"}, start=(0, 1),
                                 walls=(((2, 0), (2, 1)), ((2, 1), (3, 1)), ((2, 2), (3, 2)))),
                          (("zombie", (4, 1)),)),
            _los_marks),
    Diagram("reaction", N_("Tiles linked to hers through an open door react with hers; the closed door cuts "
                           "the last tile off."),
            lambda: _game(_board(("AABBCC", "AABBCC"), {"A": "Hall", "B": "Office", "C": "Store"},
                                 open_doors=(((1, 0), (2, 0)),), doors=(((3, 1), (4, 1)),),
                                 walls=(((1, 1), (2, 1)), ((3, 0), (4, 0)))),
                          (("zombie", (3, 0)), ("zombie", (5, 1)))),
            _linked_marks),
    Diagram("move", N_("Where Vera may step: a dot for a square she can enter, a cross where a wall or a wall "
                       "corner blocks the step (no cutting across corners)."),
            lambda: _game(_board(("AAA", "AAA", "AAA"), {"A": "Corridor"}, start=(1, 1),
                                 walls=(((1, 0), (2, 0)), ((0, 1), (0, 2))))),
            _move_marks),
    Diagram("doors", N_("From her square: the closed door (left) and the barricade (up) block the step until "
                        "they are opened or cleared; the open door (right) lets her through; a wall (down) never "
                        "does."),
            lambda: _game(_board((".D.", "ABC", ".E."), {"A": "Office", "B": "Hall", "C": "Store", "D": "Yard",
                                                         "E": "Stairs"}, start=(1, 1),
                                 doors=(((0, 1), (1, 1)),), open_doors=(((1, 1), (2, 1)),),
                                 barricades=(((1, 0), (1, 1)),))),
            _move_marks),
    Diagram("evade", N_("The evade roll when enemies share your square."),
            lambda: _game(_board(("AAA", "AAA"), {"A": "Yard"}, start=(1, 0)),
                          (("zombie", (1, 0)), ("zombie", (1, 0)))),
            _evade_marks, _evade_note),
)}


def all_diagrams() -> dict[str, Diagram]:
    """The shared diagrams and the modes' own (a mode's registration names them: ``Mode.diagrams``,
    ``"module:NAME"`` of a tuple of :class:`Diagram`), by section."""
    out = dict(DIAGRAMS)
    for mode in load_modes().values():
        if mode.diagrams:
            out.update({d.section: d for d in resolve(mode.diagrams)})
    return out


@lru_cache(maxsize=16)
def _state(section: str) -> Game:
    return all_diagrams()[section].build()


def diagram_for(section: str) -> Diagram | None:
    """The board picture of a rules-reference section, or None."""
    return all_diagrams().get(section)


def draw_diagram(surf: pygame.Surface, rect: pygame.Rect, section: str, art: Any = None) -> int:
    """Draw ``section``'s diagram inside ``rect`` (board at the left, caption at the right); returns the
    height used (0 if the section has none)."""
    d = diagram_for(section)
    if d is None:
        return 0
    s = _state(section)
    q = View(s)
    b = q.board
    size = max(18, min(44, (rect.height - 8) // b.height, (rect.width // 2) // b.width))
    ox, oy = rect.left + 4, rect.top + 4
    sq_rect = lambda p: pygame.Rect(ox + p[0] * size, oy + p[1] * size, size, size)  # noqa: E731
    fills = [(48, 58, 50), (58, 52, 44), (46, 50, 62), (60, 46, 50)]
    by_colour = {"green": (46, 66, 48), "yellow": (92, 86, 38), "amber": (104, 70, 30), "red": (100, 40, 40)}
    coloured = any(t.colour.value != "green" for t in b.tiles.values())  # a picture about tile colours
    order = sorted(b.tiles)
    for sq, tid in b.square_tile.items():
        r = sq_rect(sq)
        fill = by_colour.get(b.tiles[tid].colour.value) if coloured else None
        pygame.draw.rect(surf, fill or fills[order.index(tid) % len(fills)], r)
        pygame.draw.rect(surf, (30, 28, 30), r, 1)
    # edges: walls thick, doors as a door leaf, barricades hatched (R-COMP-4)
    for sq in b.square_tile:
        for nb in ((sq[0] + 1, sq[1]), (sq[0], sq[1] + 1)):
            if nb not in b.square_tile:
                continue
            st = q.edge(sq, nb)
            a = sq_rect(sq)
            if nb[0] != sq[0]:
                p1, p2 = (a.right, a.top), (a.right, a.bottom)
            else:
                p1, p2 = (a.left, a.bottom), (a.right, a.bottom)
            if st == EdgeState.WALL or (st == EdgeState.OPEN and q.tile_id(sq) != q.tile_id(nb)):
                pygame.draw.line(surf, (214, 206, 190), p1, p2, 4)
            elif st == EdgeState.DOOR_CLOSED:
                pygame.draw.line(surf, (150, 96, 50), p1, p2, 7)
            elif st == EdgeState.DOOR_OPEN:
                pygame.draw.line(surf, (150, 96, 50), p1, (p1[0] + (p2[0] - p1[0]) // 4, p1[1] + (p2[1] - p1[1]) // 4), 5)
            elif st == EdgeState.BARRICADE:
                pygame.draw.line(surf, (120, 110, 96), p1, p2, 7)
                for k in range(1, 4):
                    t = k / 4
                    mx, my = p1[0] + (p2[0] - p1[0]) * t, p1[1] + (p2[1] - p1[1]) * t
                    pygame.draw.line(surf, (40, 30, 24), (mx - 4, my - 4), (mx + 4, my + 4), 2)
    pygame.draw.rect(surf, (214, 206, 190), pygame.Rect(ox, oy, b.width * size, b.height * size), 3)
    # models: on a shared square each in its own place, as on the board (the picture "Two zombies share
    # her square" showed only Vera over them: issue 25's third play-test 4); she is drawn last, on top
    me = tuple(View.of(s).active_char.pos)
    for e in View.of(s).enemies:
        here = [x for x in View.of(s).enemies if tuple(x.pos) == tuple(e.pos)]
        n = len(here) + (tuple(e.pos) == me)
        c, rad = model_slots(n, sq_rect(tuple(e.pos)))[here.index(e)] if n > 1 else \
            (sq_rect(tuple(e.pos)).center, int(size * 0.4))
        img = art.get(T.enemy_sprite(e.type), 2 * rad) if art is not None else None
        if img is not None:
            surf.blit(img, img.get_rect(center=c))
        else:
            pygame.draw.circle(surf, (150, 60, 60), c, max(3, rad * 5 // 6))
    for t in View.of(s).tokens:  # corpses and unexplored markers
        name = "tok_corpse" if t.kind == "corpse" else None
        img = art.get(name, int(size * 0.7)) if art is not None and name else None
        if img is not None:
            surf.blit(img, img.get_rect(center=sq_rect(tuple(t.pos)).center))
        elif name:
            pygame.draw.rect(surf, (120, 100, 80), sq_rect(tuple(t.pos)).inflate(-size // 2, -size // 2))
    crowd = sum(1 for x in View.of(s).enemies if tuple(x.pos) == me)
    mc, mrad = model_slots(crowd + 1, sq_rect(me))[crowd] if crowd else \
        (sq_rect(me).center, max(8, size // 2 - 3))
    if art is not None:
        art.portrait(surf, View.of(s).active_char.cid, mc, mrad, (90, 150, 220))
    else:
        pygame.draw.circle(surf, (90, 150, 220), mc, mrad * 2 // 3)
    # the engine's marks: a dot = yes, a cross = no, words on tiles
    for sq, m in d.marks(s).items():
        r = sq_rect(sq)
        if sq == me and m in ("ok", "no"):  # her own square: the mark beside her portrait, not under it
            r = pygame.Rect(r.right - size // 3, r.bottom - size // 3, size // 3, size // 3)
        if m == "ok":
            pygame.draw.circle(surf, T.OK, r.center, max(3, size // 7))
        elif m == "no":
            k = max(3, size // 6)
            pygame.draw.line(surf, T.BAD, (r.centerx - k, r.centery - k), (r.centerx + k, r.centery + k), 3)
            pygame.draw.line(surf, T.BAD, (r.centerx - k, r.centery + k), (r.centerx + k, r.centery - k), 3)
        elif m != "here":
            T.text(surf, _(m), (r.left + 3, r.top + 2), 11, T.GOLD, bold=True)
    bw = b.width * size + 8
    text = _(d.caption)
    note = d.note(s)
    if note:
        text += " " + note
    cap = pygame.Rect(rect.left + bw + 12, rect.top + 4, rect.width - bw - 12, rect.height - 8)
    T.text_block(surf, text, cap, 13, T.MUTED)
    return max(b.height * size + 12, 60)


__all__ = ["DIAGRAMS", "Diagram", "diagram_for", "draw_diagram"]
