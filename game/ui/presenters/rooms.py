"""Squares named by their rooms in a line of text ('moves to (2, 2).' -> 'moves to the
Storeroom.'), for lines the state itself holds."""
from __future__ import annotations

import re

from ...engine.query import Game, View


_SQUARE = re.compile(r"[\(\[](\d+), ?(\d+)[\)\]]")


_SQUARE_TO = re.compile(r" to [\(\[]\d+, ?\d+[\)\]]")


def name_rooms(state: Game, text: str, frm=None) -> str:
    """``text`` with each square '(x, y)' (or '[x, y]', as a loaded game writes it) replaced by the
    room (tile) it lies in, e.g. 'moves to (2, 2).' -> 'moves to the Storeroom.'; squares off the
    board are kept. ``frm``: the square a move started from (the event's ``frm``); a one-square
    sentence whose move stays in one room says 'moves within the Storeroom.'"""
    if "(" not in text and "[" not in text:
        return text
    b = View.of(state).scenario.board
    found = _SQUARE.findall(text)
    if frm is not None and len(found) == 1:
        to = (int(found[0][0]), int(found[0][1]))
        tid = b.square_tile.get(to)
        if tid is not None and b.square_tile.get(tuple(frm)) == tid:
            text = _SQUARE_TO.sub(lambda m: f" within {_the(b.tiles[tid].name)}", text, count=1)

    def room(m: "re.Match") -> str:
        sq = (int(m.group(1)), int(m.group(2)))
        tid = b.square_tile.get(sq)
        if tid is None:
            return m.group(0)
        return _the(b.tiles[tid].name)

    return _SQUARE.sub(room, text)


def _the(name: str) -> str:
    """'the Storeroom'; a room that carries its own article ('The Burning Block') reads 'the Burning
    Block', not 'the The Burning Block' (playtest play3)."""
    return f"the {name[4:]}" if name.startswith("The ") else f"the {name}"
