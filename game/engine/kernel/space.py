"""Occupancy and capacity (R-COMP-8/9; the dungeon's one figure per square, D-MOVE-5).

A square's load is counted in capacity units: the city's survivors take 1, enemies their base's
units, space-taking tokens theirs (R-COMP-7..9). The functions take the units per square as a
plain mapping ``{(x, y): units}`` (a square without an entry holds nothing) and the capacity as a
parameter, so a mode with another limit (the dungeon: 1) calls the same code.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..board import Board, Sq

#: R-COMP-8: a square holds at most 4 capacity units
CAPACITY = 4


def units_by_square(placed: Iterable[tuple[Sq | None, int]]) -> dict[Sq, int]:
    """The capacity units used per square by models and tokens given as ``(square, units)`` pairs
    (R-COMP-8/9); pairs with no square (off the board) or 0 units are skipped, so a square that
    holds nothing has no entry."""
    out: dict[Sq, int] = {}
    for q, u in placed:
        if q is not None and u:
            out[q] = out.get(q, 0) + u
    return out


def has_room(board: Board, units: Mapping[Sq, int], sq: Sq, need: int, capacity: int = CAPACITY) -> bool:
    """R-COMP-8: may a model taking ``need`` units enter ``sq`` of ``board``, with ``units`` the
    units already used per square? False off the play area. ``capacity``: the mode's limit per
    square (4 in the city and the mansion; the dungeon's one figure per square is ``capacity=1``
    with every figure taking 1, D-MOVE-5)."""
    return sq in board.square_tile and units.get(sq, 0) + need <= capacity
