"""A board that grows during play: a card of squares placed at an exit, rotated (D-MAP-4,
D-EXPLORE-3/4), and edges that change (a wall destroyed).

A :class:`Card` is a group of squares in its own coordinates with its interior walls and one
**anchor** square (the dungeon's entrance ▲). :func:`grow` returns a new, larger
:class:`~game.engine.board.Board` with the card turned by a multiple of 90° about its core and
shifted so that its anchor lands on a given square of the board (the exit stepped on); the
board passed in is not changed (boards are immutable and shared by every game on them).

- The card becomes one new tile (``tile_id``, by default the card's id).
- If the anchor square already is a square of the board (an exit half-square, D-MAP-5: the
  junction belongs to both cards), it stays in its old tile and the card's squares beside it are
  joined to it; otherwise the anchor is added with the card and joined to the board's squares
  beside it. Joined edges are open from the start (:attr:`Board.joins`).
- A square of the card's ``joinable`` set (its exit half-squares) that falls on a square the
  board already has is treated like the anchor: it stays in its old tile and becomes a junction
  joined to the card's squares beside it (two exits facing each other share one half-square,
  D-EXPLORE-6, D-MAP-5). Any other square of the card that the board already has is refused:
  ValueError naming the card and the square.

A mode keeps which cards it placed in its state (card id, square, rotation) and derives the
board with :func:`grown`, which keeps each derived board on the base board, so a loaded save or
a replay finds the same board. Edges are the state's: a wall destroyed is the edge set OPEN in
the state's changed edges (``Common.set_edge``); :func:`change_edge` is the same for a mode
holding its edges as a plain mapping.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..board import Board, Colour, Edge, EdgeState, Sq, Tile, edge_key

ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class Card:
    """A card of squares in its own coordinates (x right, y down). ``size``: the side of its
    square core, about which it turns (5 for a dungeon map card, D-MAP-2); ``walls``: interior
    wall edges in card coordinates; ``anchor``: the square laid on the exit it is placed at
    (the ▲ entrance, D-EXPLORE-3); ``joinable``: squares that may meet a square the board
    already has and become a junction there (its exit half-squares, D-EXPLORE-6; see
    :func:`grow`)."""

    id: str
    squares: frozenset[Sq]
    anchor: Sq
    size: int
    walls: frozenset[Edge] = frozenset()
    name: str = ""
    colour: Colour = Colour.GREEN
    region: int = 0
    spawn_points: tuple[Sq, ...] = field(default=())
    joinable: frozenset[Sq] = frozenset()

    def __post_init__(self) -> None:
        if self.anchor not in self.squares:
            raise ValueError(f"card {self.id!r}: its anchor {self.anchor} is not one of its squares")
        if not self.joinable <= self.squares:
            raise ValueError(f"card {self.id!r}: joinable squares {sorted(self.joinable - self.squares)} are not its squares")


def rotate(sq: Sq, rotation: int, size: int) -> Sq:
    """D-MAP-4: card square ``sq`` after turning the card ``rotation`` degrees clockwise about
    its ``size`` x ``size`` core: 90 -> (size-1-y, x); 180 -> (size-1-x, size-1-y); 270 -> (y,
    size-1-x). Squares outside the core (half-squares) turn the same way. Raises ValueError for
    a rotation that is not a multiple of 90 in 0..270."""
    x, y = sq
    n = size - 1
    if rotation == 0:
        return (x, y)
    if rotation == 90:
        return (n - y, x)
    if rotation == 180:
        return (n - x, n - y)
    if rotation == 270:
        return (y, n - x)
    raise ValueError(f"rotation {rotation} is not one of {ROTATIONS}")


def placed_squares(card: Card, at: Sq, rotation: int) -> dict[Sq, Sq]:
    """Where each square of ``card`` goes when its anchor is laid on board square ``at`` with
    ``rotation``: ``{card square: board square}``."""
    ax, ay = rotate(card.anchor, rotation, card.size)
    dx, dy = at[0] - ax, at[1] - ay
    out = {}
    for q in card.squares:
        rx, ry = rotate(q, rotation, card.size)
        out[q] = (rx + dx, ry + dy)
    return out


def grow(board: Board, card: Card, at: Sq, rotation: int = 0, tile_id: str | None = None) -> Board:
    """A new board: ``board`` with ``card`` placed so that its anchor lies on square ``at``,
    turned ``rotation`` degrees clockwise (D-MAP-4, D-EXPLORE-3/4). See the module docstring for
    the anchor and the joins. Raises ValueError if the tile id is taken or another square of
    the card falls on a square the board already has."""
    tid = tile_id or card.id
    if tid in board.tiles:
        raise ValueError(f"card {card.id!r}: the board already has a tile {tid!r}")
    where = placed_squares(card, at, rotation)
    old = board.square_tile
    anchor_old = at in old
    new_sq = set()
    shared = set()  # junctions: the card's anchor or joinable squares the board already has (D-MAP-5)
    for q, g in where.items():
        if g in old:
            if q != card.anchor and q not in card.joinable:
                raise ValueError(f"card {card.id!r} placed at {at} turned {rotation}: its square {q} falls on "
                                 f"{g}, which the board already has")
            shared.add(g)
        else:
            new_sq.add(g)
    tiles = dict(board.tiles)
    tiles[tid] = Tile(tid, card.name or card.id, card.colour, frozenset(new_sq), region=card.region,
                      spawn_points=tuple(where[q] for q in card.spawn_points))
    walls = set(board.walls)
    for a, b in card.walls:
        walls.add(edge_key(where[a], where[b]))
    joins = set(board.joins)
    for j in shared:  # the card's squares beside an old exit square (D-EXPLORE-3/6)
        for n in ((j[0], j[1] - 1), (j[0] - 1, j[1]), (j[0] + 1, j[1]), (j[0], j[1] + 1)):
            if n in new_sq:
                joins.add(edge_key(j, n))
    if not anchor_old:  # the board's squares beside the new anchor
        ax, ay = at
        for n in ((ax, ay - 1), (ax - 1, ay), (ax + 1, ay), (ax, ay + 1)):
            if n in old:
                joins.add(edge_key(at, n))
    w = max(board.width, max(x for x, _ in new_sq) + 1) if new_sq else board.width
    h = max(board.height, max(y for _, y in new_sq) + 1) if new_sq else board.height
    return replace(board, tiles=tiles, walls=frozenset(walls), joins=frozenset(joins), width=w, height=h,
                   square_tile={})


def grown(base: Board, cards: Mapping[str, Card], placed: Sequence[tuple[str, Sq, int]]) -> Board:
    """``base`` with the cards ``placed`` (``(card id, square, rotation)`` in the order they
    were placed) grown onto it one after another: the board a mode derives from its state.
    Kept on ``base`` by the placements, so every game, save and replay with the same
    placements shares one board object (and its derived data). Raises KeyError for an unknown
    card id, ValueError as :func:`grow`."""
    key = tuple((c, (int(q[0]), int(q[1])), int(r)) for c, q, r in placed)
    if not key:
        return base
    memo = base.__dict__.get("_grown")
    if memo is None:
        memo = base.__dict__["_grown"] = {}
    hit = memo.get(key)
    if hit is None:
        b = grown(base, cards, key[:-1])
        cid, q, r = key[-1]
        if len(memo) > 256:  # a bound on memory
            memo.clear()
        hit = memo[key] = grow(b, cards[cid], q, r)
    return hit


def change_edge(edges: Mapping[Edge, EdgeState], a: Sq, b: Sq, st: EdgeState) -> dict[Edge, EdgeState]:
    """A copy of the changed edges ``edges`` with the edge between orthogonal neighbours ``a``
    and ``b`` set to ``st`` (a wall destroyed: ``EdgeState.OPEN``). Raises ValueError if the
    squares are not orthogonal neighbours."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"{a} and {b} are not orthogonal neighbours: no edge between them")
    out = dict(edges)
    out[edge_key(a, b)] = st
    return out


def exits_facing(squares: Iterable[Sq], size: int) -> dict[str, Sq]:
    """D-MAP-2: which of a card's squares are exit half-squares, by side: N ``(c, -1)``, E
    ``(size, c)``, S ``(c, size)``, W ``(-1, c)`` with ``c`` the middle of the core."""
    c = size // 2
    sides = {"N": (c, -1), "E": (size, c), "S": (c, size), "W": (-1, c)}
    have = set(squares)
    return {k: v for k, v in sides.items() if v in have}
