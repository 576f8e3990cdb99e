"""Content shapes of the dungeon crawl: map cards (D-MAP-1..6, D-TERRAIN-*).

Plain validated data (pydantic v2, ``extra='forbid'``, frozen). The readers in
``game.content`` build these from Tiled maps; tests may build them from the text grids of
dungeon.md section 16.7 with :func:`map_card_from_rows`.

Coordinates are a card's *canonical local* ones (D-MAP-2): the core is ``(0..4, 0..4)``,
x to the east, y to the south; the possible exit half-squares are N ``(2,-1)``, E ``(5,2)``,
S ``(2,5)`` and W ``(-1,2)``. Rotation and slots (D-MAP-3/4) belong to the rule set.
"""
from __future__ import annotations

from enum import Enum

from pydantic import Field, model_validator

from ..defs import Strict

Local = tuple[int, int]


class Terrain(str, Enum):
    """What a core square is (D-MOVE-6, D-TERRAIN-1/2/6)."""

    FLOOR = "floor"
    WALL = "wall"
    WATER = "water"
    PIT = "pit"


class Side(str, Enum):
    """A card edge (D-MAP-2)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"


#: D-MAP-2: the half-square of each edge, in canonical local coordinates
HALF_SQUARE: dict[Side, Local] = {Side.N: (2, -1), Side.E: (5, 2), Side.S: (2, 5), Side.W: (-1, 2)}

CORE: tuple[Local, ...] = tuple((x, y) for y in range(5) for x in range(5))


class MapCardDef(Strict):
    """One map card (D-MAP-1/2).

    ``terrain``: all 25 core squares, local ``(x, y)`` -> :class:`Terrain`.
    ``exits``: the edges with an exit half-square (the ▲ edge is not an exit).
    ``entrance``: the ▲ edge; ``S`` for every card but a start card (D-MAP-2), ``None`` there.
    ``encounter_point``: the core square enemies are placed around (D-TERRAIN-5, D-ENEMY-5).
    ``start_squares``: where heroes start (D-TERRAIN-4), start cards only.
    ``markers``: named scenario squares, e.g. ``{"altar": ((2, 0),)}`` (16.7 SR-1).
    ``name``/``story``: content keys or texts the catalogue words (never read by rules).
    Raises ``pydantic.ValidationError`` when a shape rule below is broken.
    """

    id: str = Field(min_length=1, max_length=40)
    name: str = ""
    story: str = ""
    terrain: dict[Local, Terrain]
    exits: frozenset[Side] = frozenset()
    entrance: Side | None = Side.S
    encounter_point: Local | None = None
    start_squares: tuple[Local, ...] = ()
    markers: dict[str, tuple[Local, ...]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _shape(self) -> "MapCardDef":
        missing = [xy for xy in CORE if xy not in self.terrain]
        extra = [xy for xy in self.terrain if xy not in CORE]
        if missing or extra:
            raise ValueError(
                f"card {self.id}: the core must be exactly the 25 squares (0..4, 0..4) "
                f"(D-MAP-2); missing {missing[:3]}, outside {extra[:3]}")
        if self.entrance is not None and self.entrance in self.exits:
            raise ValueError(f"card {self.id}: the ▲ edge {self.entrance.value} cannot also be an exit")
        if self.entrance not in (None, Side.S):
            raise ValueError(f"card {self.id}: the ▲ entrance is on S in canonical orientation "
                             f"(D-MAP-2), not {self.entrance.value}; rotate the card in its file")
        squares = [("encounter point", self.encounter_point)] if self.encounter_point else []
        squares += [("start square", xy) for xy in self.start_squares]
        squares += [(name, xy) for name, xys in self.markers.items() for xy in xys]
        for what, xy in squares:
            if xy not in self.terrain:
                raise ValueError(f"card {self.id}: the {what} {xy} is not a core square")
            if self.terrain[xy] is Terrain.WALL:
                raise ValueError(f"card {self.id}: the {what} {xy} is on a wall")
        return self

    @property
    def is_start(self) -> bool:
        """A start card has no ▲ (D-MAP-2) and is placed at slot (0, 0) (D-MAP-3)."""
        return self.entrance is None


_TERRAIN_CHARS = {".": Terrain.FLOOR, "#": Terrain.WALL, "~": Terrain.WATER, "o": Terrain.PIT,
                  "E": Terrain.FLOOR, "S": Terrain.FLOOR, "A": Terrain.FLOOR}


def map_card_from_rows(card_id: str, rows: list[str], *, name: str = "") -> MapCardDef:
    """Build a card from the five core rows of dungeon.md 16.7's table (``"#...#"`` per row,
    y = 0 first) plus its exits, given as a 7-line grid or as the table's columns.

    ``rows``: either 5 strings of 5 cells (core only: then exits come from ``x``/``^`` marks,
    so pass the 7-line form instead) or 7 strings of the 16.7 drawing (cells separated by one
    space, local x = -1..5, y = -1..5). Legend as in 16.7: ``.`` floor, ``#`` wall, ``~`` water,
    ``o`` pit, ``E`` encounter point, ``S`` start square, ``A`` altar marker, ``x`` exit,
    ``^`` entrance ▲. Raises ``ValueError`` naming the row and column of a bad cell.
    """
    if len(rows) == 7:
        cells: dict[Local, str] = {}
        for j, line in enumerate(rows):
            for i in range(7):
                ch = line[2 * i] if 2 * i < len(line) else " "
                if ch != " ":
                    cells[(i - 1, j - 1)] = ch
    elif len(rows) == 5:
        cells = {(x, y): rows[y][x] for y in range(5) for x in range(5)}
    else:
        raise ValueError(f"card {card_id}: a grid has 5 core rows or 7 drawn rows, not {len(rows)}")
    terrain: dict[Local, Terrain] = {}
    exits: set[Side] = set()
    entrance: Side | None = None
    ep: Local | None = None
    starts: list[Local] = []
    altar: list[Local] = []
    for xy, ch in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if xy in CORE:
            if ch not in _TERRAIN_CHARS:
                raise ValueError(f"card {card_id}: row y={xy[1]} column x={xy[0]}: "
                                 f"unknown cell {ch!r} (legend: . # ~ o E S A)")
            terrain[xy] = _TERRAIN_CHARS[ch]
            if ch == "E":
                ep = xy
            elif ch == "S":
                starts.append(xy)
            elif ch == "A":
                altar.append(xy)
            continue
        side = next((s for s, hs in HALF_SQUARE.items() if hs == xy), None)
        if side is None or ch not in "x^":
            raise ValueError(f"card {card_id}: row y={xy[1]} column x={xy[0]}: {ch!r} outside the "
                             f"core; only x (exit) or ^ (entrance) on an edge's middle")
        if ch == "x":
            exits.add(side)
        else:
            entrance = side
    return MapCardDef(id=card_id, name=name, terrain=terrain, exits=frozenset(exits),
                      entrance=entrance, encounter_point=ep, start_squares=tuple(starts),
                      markers={"altar": tuple(altar)} if altar else {})
