"""The dungeon crawl's map cards from Tiled (rules/dungeon.md D-MAP-2, 16.7; ``maps/dungeon/<dungeon>/
<CARD>.tmx``, written by ``tools/make_dungeon_maps.py``): read with the shared Tiled readers
(:func:`game.content.tiled.inspect_map`: one parse, its size, depth and time limits, ``.tmx`` or
``.tmj``) and turned into :class:`~game.engine.dungeon.defs.MapCardDef` by
:func:`game.content.tiled_dungeon.card_from_board`.

A card map is 7 x 7 cells with the typed ``dn_`` objects (docs/map-authoring.md, "Dungeon map
cards"); its map properties ``card`` (the id; default the file name), ``title`` (the card's
name) and ``story``.
"""
from __future__ import annotations

from pathlib import Path

from ..engine.dungeon.defs import MapCardDef
from .errors import P_
from .tiled import MapError, inspect_map, rel
from .tiled_dungeon import card_from_board, is_dungeon_board

MAPS = Path(__file__).resolve().parents[2] / "maps" / "dungeon"


def load_dungeon_card(path: str | Path, card_id: str | None = None) -> MapCardDef:
    """The map card drawn in the Tiled map ``path``; ``card_id`` (default: the map's ``card``
    property, else the file name) is the id the dungeon names it by. Raises
    :class:`~game.content.tiled.MapError` naming the file (and the object and square) for a map
    the readers refuse or that is not a dungeon map card."""
    path = Path(path)
    report = inspect_map(path)
    if report.problems:
        raise report.problems[0]
    board = report.board
    assert board is not None
    if not is_dungeon_board(board):
        raise MapError(rel(path), "", P_("this is not a dungeon map card: it has no dn_ objects (dn_wall, dn_exit, "
                                         "dn_entrance, dn_start, ...)"),
                       P_("draw the card with the dn_ elements (docs/map-authoring.md)"))
    props = report.properties
    cid = card_id or props.get("card", "").strip() or path.stem
    card, problems = card_from_board(board, cid, name=props.get("title", "").strip(), story=props.get("story", "").strip())
    if card is None:  # (inspect_map ran the same checks with the map's own id; a caller's id may differ)
        where, problem, hint = problems[0]
        raise MapError(rel(path), where, problem, hint)
    return card


__all__ = ["MAPS", "load_dungeon_card"]
