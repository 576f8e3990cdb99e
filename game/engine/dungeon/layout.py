"""The dungeon's map in global coordinates: placed cards in slots, rotated (D-MAP-3/4), their
squares, terrain, exits, junctions and dead ends (D-MAP-5, D-EXPLORE-4..6), and the kernel
:class:`~game.engine.board.Board` the movement and sight searches run on.

A placement is ``(card id, slot (i, j), rotation)``. Card-local ``(x, y)`` goes to global
``(6i + rx, 6j + ry)`` with ``(rx, ry)`` the rotated local square (D-MAP-3/4; the rotation is
:func:`game.engine.kernel.growth.rotate` about the 5x5 core). Global squares on gap lines
(``x mod 6 = 5`` or ``y mod 6 = 5``) are void unless a placed card has a half-square there.

The board holds one tile per placed card (its id ``"<card>@<n>"``, n = 1, 2, ... in placing
order): its non-wall core squares and the half-squares it brought first. Walls and void are not
squares of the board, so the kernel's searches never enter them (D-MOVE-6) and its corner sight
counts them as blocked (D-LOS-4). A junction joins the two tiles it connects (an open edge);
no other edge between tiles is open. Layouts are cached by their placements (pure).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..board import Board, Colour, Sq, Tile, edge_key
from ..kernel.growth import rotate
from .defs import HALF_SQUARE, MapCardDef, Side, Terrain

#: D-MAP-3: a slot is 6 squares wide (5 core squares and a gap line)
SLOT = 6
#: D-EXPLORE-4: the side of the old card's exit -> the new card's rotation (its ▲ faces back)
ROTATION_FOR = {Side.N: 0, Side.E: 90, Side.S: 180, Side.W: 270}
#: a side's slot step
STEP = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1), Side.W: (-1, 0)}
OPPOSITE = {Side.N: Side.S, Side.S: Side.N, Side.E: Side.W, Side.W: Side.E}
_CLOCKWISE = (Side.N, Side.E, Side.S, Side.W)

Placement = tuple[str, tuple[int, int], int]


def to_global(slot: tuple[int, int], rot: int, local: Sq) -> Sq:
    """D-MAP-3/4: card-local square ``local`` of a card in ``slot`` turned ``rot`` degrees
    clockwise, in global coordinates. Raises ValueError for a bad rotation."""
    rx, ry = rotate(local, rot, 5)
    return (SLOT * slot[0] + rx, SLOT * slot[1] + ry)


def turned(side: Side, rot: int) -> Side:
    """The global side a card's canonical ``side`` faces once the card is turned ``rot``
    degrees clockwise (D-MAP-4)."""
    return _CLOCKWISE[(_CLOCKWISE.index(side) + rot // 90) % 4]


def slot_of(sq: Sq) -> tuple[int, int]:
    """The slot whose 6x6 block (core plus its east and south gap lines) holds ``sq``."""
    return (sq[0] // SLOT, sq[1] // SLOT)


def placement_numbers(ep: Sq) -> list[Sq]:
    """D-ENEMY-5: the canonical local squares numbered 1..24 around encounter point ``ep``:
    1-8 clockwise from the square north of it, 9-24 the ring at distance 2 clockwise from the
    square two north. Squares off the core are listed too (they cannot take a die)."""
    ring1 = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
    ring2 = [(0, -2), (1, -2), (2, -2), (2, -1), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (-1, 2), (-2, 2),
             (-2, 1), (-2, 0), (-2, -1), (-2, -2), (-1, -2)]
    return [(ep[0] + dx, ep[1] + dy) for dx, dy in ring1 + ring2]


@dataclass
class Layout:
    """The map built from the placed cards (read-only once built).

    ``terrain``: every non-void global square (walls included) -> :class:`Terrain`; half-squares
    are floor. ``cards_of``: square -> the indexes of the placements it belongs to (a junction
    belongs to two, D-MAP-5). ``exits``: every exit half-square of a placed card -> (placement
    index, global side). ``junctions``: squares where two placed cards meet. ``entrances``:
    each non-start placement's ▲ square. ``board``: the kernel board (see the module docstring).
    ``markers``: marker name -> [(placement index, global square)]. ``encounter``: placement
    index -> its encounter point (global). ``start``: the start squares (global, in card order).
    """

    placements: tuple[Placement, ...]
    terrain: dict[Sq, Terrain] = field(default_factory=dict)
    cards_of: dict[Sq, tuple[int, ...]] = field(default_factory=dict)
    exits: dict[Sq, tuple[int, Side]] = field(default_factory=dict)
    junctions: set[Sq] = field(default_factory=set)
    entrances: dict[int, Sq] = field(default_factory=dict)
    markers: dict[str, list[tuple[int, Sq]]] = field(default_factory=dict)
    encounter: dict[int, Sq] = field(default_factory=dict)
    start: list[Sq] = field(default_factory=list)
    slots: dict[tuple[int, int], int] = field(default_factory=dict)
    board: Board | None = None

    def passable(self, sq: Sq) -> bool:
        """D-MOVE-6: a square a figure may enter (not a wall, not void)."""
        t = self.terrain.get(sq)
        return t is not None and t is not Terrain.WALL

    def on_card(self, sq: Sq, index: int) -> bool:
        """Is ``sq`` a square of placement ``index`` (its junctions included, D-MAP-5)?"""
        return index in self.cards_of.get(sq, ())

    def card_squares(self, index: int) -> list[Sq]:
        """The passable squares of placement ``index``, junctions included."""
        return [q for q, ks in self.cards_of.items() if index in ks and self.passable(q)]

    def tile_id(self, index: int) -> str:
        """The board tile id of placement ``index``."""
        return f"{self.placements[index][0]}@{index + 1}"


def build(cards: Mapping[str, MapCardDef], placements: Sequence[Placement]) -> Layout:
    """The :class:`Layout` of ``placements`` (the first is the start card). Raises KeyError for
    an unknown card id and ValueError when two cards claim the same slot."""
    return _build(_Cards(cards), tuple((c, (int(s[0]), int(s[1])), int(r)) for c, s, r in placements))


class _Cards:
    """A hashable wrapper so layouts are cached per card set object (content is immutable)."""

    __slots__ = ("m",)

    def __init__(self, m: Mapping[str, MapCardDef]):
        self.m = m

    def __hash__(self) -> int:
        return id(self.m)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Cards) and other.m is self.m


@lru_cache(maxsize=256)
def _build(cards: _Cards, placements: tuple[Placement, ...]) -> Layout:
    lay = Layout(placements=placements)
    tiles: dict[str, Tile] = {}
    owner: dict[Sq, str] = {}
    for k, (cid, slot, rot) in enumerate(placements):
        card = cards.m[cid]
        if slot in lay.slots:
            raise ValueError(f"card {cid} placed in slot {slot}, which already holds a card")
        lay.slots[slot] = k
        tid = f"{cid}@{k + 1}"
        mine: set[Sq] = set()
        for local, t in card.terrain.items():
            g = to_global(slot, rot, local)
            lay.terrain[g] = t
            lay.cards_of[g] = (k,)
            if t is not Terrain.WALL:
                mine.add(g)
        halves = [(side, HALF_SQUARE[side]) for side in card.exits]
        if card.entrance is not None:
            halves.append((card.entrance, HALF_SQUARE[card.entrance]))
        for side, local in halves:
            g = to_global(slot, rot, local)
            lay.terrain.setdefault(g, Terrain.FLOOR)
            before = lay.cards_of.get(g, ())
            if before and k not in before:
                lay.cards_of[g] = before + (k,)
                lay.junctions.add(g)
            else:
                lay.cards_of[g] = (k,)
                mine.add(g)
            if side == card.entrance:
                lay.entrances[k] = g
            else:
                lay.exits[g] = (k, turned(side, rot))
        if card.encounter_point is not None:
            lay.encounter[k] = to_global(slot, rot, card.encounter_point)
        for name, squares in card.markers.items():
            lay.markers.setdefault(name, []).extend((k, to_global(slot, rot, q)) for q in squares)
        if k == 0:
            lay.start = [to_global(slot, rot, q) for q in card.start_squares]
        for q in mine:
            owner[q] = tid
        tiles[tid] = Tile(tid, card.name or cid, Colour.GREEN, frozenset(mine))
    joins = set()
    for j in lay.junctions:  # D-MAP-5: a junction joins the cards it belongs to
        for n in ((j[0] + 1, j[1]), (j[0] - 1, j[1]), (j[0], j[1] + 1), (j[0], j[1] - 1)):
            if n in owner and owner[n] != owner[j] and lay.passable(n) and set(lay.cards_of[n]) & set(lay.cards_of[j]):
                joins.add(edge_key(j, n))
    xs = [q[0] for q in owner] or [0]
    ys = [q[1] for q in owner] or [0]
    lay.board = Board(name="dungeon", width=max(xs) + 1, height=max(ys) + 1, tiles=tiles, joins=frozenset(joins))
    return lay


__all__ = ["Layout", "OPPOSITE", "ROTATION_FOR", "SLOT", "STEP", "build", "placement_numbers", "slot_of",
           "to_global", "turned"]
