"""A dungeon map card read from a Tiled map (rules/dungeon.md D-MAP-2, D-TERRAIN; the ``dn_``
elements of :mod:`game.content.tiled_elements`): the board the shared readers built -> a
:class:`~game.engine.dungeon.defs.MapCardDef`, with every problem named by object and square.

A card map is 7 x 7 cells: local square ``(x, y)`` of the card (the core is ``(0..4, 0..4)``)
is cell ``(x + 1, y + 1)``; the half-squares are the middles of the outer ring: N cell (3, 0),
E (6, 3), S (3, 6), W (0, 3). Core squares without an object are floor.

Used by the board checks (:mod:`game.content.tiled_checks`, so ``tools.validate`` and the
in-editor check report dungeon problems) and by :mod:`game.content.dungeon_maps`. No file I/O.
"""
from __future__ import annotations

import re

from ..engine.board import Board, Placement
from ..engine.dungeon.defs import CORE, HALF_SQUARE, MapCardDef, Side, Terrain
from .errors import P_

SIZE = 7
TERRAIN = {"dn_wall": Terrain.WALL, "dn_water": Terrain.WATER, "dn_pit": Terrain.PIT}
#: elements that stand on a core square
CORE_KINDS = (*TERRAIN, "dn_encounter", "dn_start", "dn_marker")
_SIDE_OF = {hs: side for side, hs in HALF_SQUARE.items()}
_OBJ = re.compile(r"object (\d+)$")

Problem = tuple[str, str, str]  # (where, problem, hint)


def is_dungeon_board(board: Board) -> bool:
    """Does the board carry dungeon map-card elements (``dn_`` objects)?"""
    return any(p.kind.startswith("dn_") for p in board.placements)


def _head(p: Placement) -> str:
    """The object a placement came from, 'object 7 (dn_wall)' (its kind alone when unknown)."""
    m = _OBJ.search(p.source)
    return P_("object {n} ({x})", n=int(m.group(1)), x=P_(p.kind)) if m else P_(p.kind)


def _where(p: Placement) -> str:
    m = _OBJ.search(p.source)
    if m:
        return P_("object {n} ({x}) at square ({a}, {b})", n=int(m.group(1)), x=P_(p.kind), a=p.square[0], b=p.square[1])
    return P_("{what} at square ({a}, {b})", what=P_(p.kind), a=p.square[0], b=p.square[1])


def card_from_board(board: Board, card_id: str, name: str = "", story: str = "") -> tuple[MapCardDef | None, list[Problem]]:
    """The map card the board's ``dn_`` objects draw, or None with the problems found: a map that
    is not 7 x 7; terrain, encounter point, start squares or markers off the core; an exit off an
    edge's middle; an entrance off the S edge's middle (D-MAP-2); two terrains, exits or
    entrances on one square or edge; more than one encounter point; an encounter point, start
    square or marker on a wall; start squares on a card with an entrance, a card with neither
    (D-MAP-2, D-TERRAIN-4/5)."""
    problems: list[Problem] = []
    if (board.width, board.height) != (SIZE, SIZE):
        problems.append(("", P_("a dungeon map card is 7 x 7 squares (its 5 x 5 core in cells 1..5 and the "
                                "half-squares around it{rule}), this map is {w} x {h}", rule="D-MAP-2", w=board.width,
                                h=board.height),
                         P_("resize the map to 7 x 7 (Map > Resize Map) with the core in cells 1..5")))
        return None, problems
    terrain: dict[tuple[int, int], Terrain] = {q: Terrain.FLOOR for q in CORE}
    terrain_by: dict[tuple[int, int], Placement] = {}
    exits: set[Side] = set()
    entrance: Side | None = None
    encounter: tuple[int, int] | None = None
    starts: list[tuple[int, int]] = []
    markers: dict[str, list[tuple[int, int]]] = {}
    placed: list[tuple[Placement, tuple[int, int]]] = []
    for p in board.placements:
        if not p.kind.startswith("dn_"):
            continue
        local = (p.square[0] - 1, p.square[1] - 1)
        if p.kind in CORE_KINDS and local not in CORE:
            problems.append((_where(p), P_("the {x} lies off the card's 5 x 5 core (cells 1..5 in both directions)",
                                           x=P_(p.kind)),
                             P_("move it onto a core square; only exits and the entrance stand on the outer ring")))
            continue
        if p.kind in TERRAIN:
            if local in terrain_by:
                problems.append((_where(p), P_("the square already has {x} ({y})", x=P_(terrain_by[local].kind),
                                               y=_head(terrain_by[local])), P_("keep one terrain per square")))
                continue
            terrain_by[local] = p
            terrain[local] = TERRAIN[p.kind]
        elif p.kind == "dn_exit":
            side = _SIDE_OF.get(local)
            if side is None:
                problems.append((_where(p), P_("an exit lies on the half-square just outside the middle of an "
                                               "edge{rule}: cell (3, 0) N, (6, 3) E, (3, 6) S or (0, 3) W", rule="D-MAP-2"),
                                 P_("move it to one of those cells")))
                continue
            if side in exits:
                problems.append((_where(p), P_("the {x} edge has two exits", x=side.value), P_("keep one")))
                continue
            exits.add(side)
        elif p.kind == "dn_entrance":
            if local != HALF_SQUARE[Side.S]:
                problems.append((_where(p), P_("the entrance ▲ lies just outside the middle of the S edge, cell (3, 6)"
                                               "{rule}", rule="D-MAP-2"),
                                 P_("turn the card in Tiled so its entrance faces south, and move the entrance there")))
                continue
            if entrance is not None:
                problems.append((_where(p), P_("the card has two entrances"), P_("keep one{rule}", rule="D-MAP-2")))
                continue
            entrance = Side.S
        elif p.kind == "dn_encounter":
            if encounter is not None:
                problems.append((_where(p), P_("the card has two encounter points"), P_("keep one{rule}", rule="D-TERRAIN-5")))
                continue
            encounter = local
            placed.append((p, local))
        elif p.kind == "dn_start":
            starts.append(local)
            placed.append((p, local))
        elif p.kind == "dn_marker":
            markers.setdefault(str(p.get("label")), []).append(local)
            placed.append((p, local))
    for p, local in placed:
        if terrain.get(local) is Terrain.WALL:
            problems.append((_where(p), P_("the {x} stands on a wall square", x=P_(p.kind)),
                             P_("move it, or remove the dn_wall there")))
    if entrance is not None and Side.S in exits:
        problems.append(("", P_("the S edge holds both the entrance ▲ and an exit{rule}", rule="D-MAP-2"),
                         P_("remove one of them")))
    if entrance is not None and starts:
        problems.append(("", P_("start squares on a card with an entrance ▲: heroes start on the start card, which has "
                                "none{rule}", rule="D-MAP-2, D-TERRAIN-4"),
                         P_("remove the dn_start objects, or the dn_entrance")))
    if entrance is None and not starts:
        problems.append(("", P_("a card without an entrance ▲ is a start card and needs start squares{rule}",
                                rule="D-TERRAIN-4"),
                         P_("add a dn_entrance on cell (3, 6), or dn_start objects where the heroes begin")))
    if problems:
        return None, problems
    try:
        card = MapCardDef(id=card_id, name=name, story=story, terrain=terrain, exits=frozenset(exits),
                          entrance=entrance, encounter_point=encounter, start_squares=tuple(starts),
                          markers={k: tuple(v) for k, v in markers.items()})
    except ValueError as ex:
        lines = [ln.strip() for ln in str(ex).splitlines()]
        why = next((ln.split(", ", 1)[1] for ln in lines if ln.startswith("Value error, ")), lines[-1])
        return None, [("", why.split(" [type=")[0][:300], "fix the card (docs/map-authoring.md)")]
    return card, []


__all__ = ["CORE_KINDS", "SIZE", "TERRAIN", "card_from_board", "is_dungeon_board"]
