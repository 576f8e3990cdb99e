"""Versus maps from Tiled (rules/versus.md section 20; ``maps/versus/*.tmx``, written by
``tools/make_versus_maps.py``): read with the shared Tiled readers (:func:`game.content.tiled.load_board`,
its limits and checks) and turned into the engine's versus definitions.

A versus map is a board whose rooms are board tiles (their borders walls, open edges between
rooms ``archway`` objects, walls inside a room ``wall`` lines) with the typed versus objects:
``vs_door`` (a door on one side of its square; a wide door is two with one label), ``vs_object``
(one square of a floor object), ``vs_start`` (a faction's start square; with a character and a
facing, its fixed position) and ``vs_item``.
"""
from __future__ import annotations

from pathlib import Path

from ..engine.board import EdgeState
from ..engine.versus.data import (DOOR_DEFENCE, FACINGS, OBJECT_KINDS, SCENARIOS, DoorDef, ItemDef, ObjectDef,
                                  VsMap, VsScenario, edge_key)
from .errors import P_
from .tiled import MapError, load_board, rel

MAPS = Path(__file__).resolve().parents[2] / "maps" / "versus"


def load_versus_map(path: str | Path, map_id: str | None = None) -> VsMap:
    """The versus map of the Tiled file ``path`` (``map_id``: its id, default the file name).
    Raises :class:`~game.content.tiled.MapError` naming the file and the object for a map the
    readers refuse or that is not a versus map."""
    path = Path(path)
    board = load_board(path)
    mid = map_id or path.stem
    where = rel(path)
    vs = [p for p in board.placements if p.kind.startswith("vs_")]
    if not vs:
        raise MapError(where, "", P_("this is not a versus map: it has no vs_start, vs_door, vs_object or vs_item objects"),
                       P_("place the versus objects (docs/map-authoring.md)"))
    doors: dict[str, list] = {}
    for p in vs:
        if p.kind == "vs_door":
            d = FACINGS[str(p.get("side"))]
            other = (p.square[0] + d[0], p.square[1] + d[1])
            doors.setdefault(str(p.get("label")), []).append((edge_key(p.square, other), str(p.get("kind")),
                                                              bool(p.get("locked"))))
    door_defs = []
    door_edges = set()
    for did, parts in doors.items():
        kind, locked = parts[0][1], parts[0][2]
        if any((k, lk) != (kind, locked) for _, k, lk in parts):
            raise MapError(where, P_("door {x}", x=did), P_("the halves of a wide door differ in kind or lock"),
                           P_("give both vs_door objects of one label the same kind and locked"))
        edges = tuple(sorted(e for e, _, _ in parts))
        door_edges.update(edges)
        door_defs.append(DoorDef(did, edges, kind, locked, DOOR_DEFENCE[(kind, locked)]))
    walls = set()
    for x in range(board.width):
        for y in range(board.height):
            for b in ((x + 1, y), (x, y + 1)):
                if not board.has(b) or not board.has((x, y)):
                    continue
                e = edge_key((x, y), b)
                if e in door_edges:
                    continue
                feat = board.features.get(e)
                if feat is not None and feat.kind == EdgeState.ARCHWAY:
                    continue
                if board.base_edge((x, y), b) == EdgeState.WALL:
                    walls.add(e)
    objects: dict[str, list] = {}
    for p in vs:
        if p.kind == "vs_object":
            objects.setdefault(str(p.get("label")), []).append((p.square, str(p.get("kind"))))
    obj_defs = []
    for oid, parts in objects.items():
        kind = parts[0][1]
        bm, bl, dv = OBJECT_KINDS[kind]
        obj_defs.append(ObjectDef(oid, kind, tuple(q for q, _ in parts), bm, bl, dv))
    starts: dict[str, list] = {}
    for p in vs:
        if p.kind == "vs_start":
            starts.setdefault(str(p.get("faction")), []).append(p.square)
    items = tuple(ItemDef(str(p.get("label")), str(p.get("kind")), at=None if p.get("holder") else p.square,
                          holder=str(p.get("holder")) or None)
                  for p in vs if p.kind == "vs_item")
    rooms = {t.id: frozenset(t.squares) for t in board.tiles.values()}
    return VsMap(mid, board.width, board.height, frozenset(walls), tuple(door_defs), tuple(obj_defs), rooms,
                 {k: tuple(v) for k, v in starts.items()}, items)


def fixed_positions(path: str | Path) -> dict[str, tuple]:
    """The fixed deployment a map gives (``vs_start`` objects with a character): character ->
    (square, facing). Raises MapError as :func:`load_versus_map`."""
    board = load_board(Path(path))
    return {str(p.get("character")): (p.square, str(p.get("facing")))
            for p in board.placements if p.kind == "vs_start" and p.get("character")}


def load_versus_scenario(scenario_id: str, path: str | Path | None = None) -> VsScenario:
    """Versus scenario ``scenario_id`` (20.6 ``swift``, 20.7 ``sanctuary``) with its map read from
    Tiled (default ``maps/versus/<id>.tmx``) and its round values from section 20. Raises KeyError
    for an unknown id and MapError for a map the readers refuse."""
    base = SCENARIOS[scenario_id]
    path = Path(path) if path is not None else MAPS / f"{scenario_id}.tmx"
    m = load_versus_map(path, base.map.id)
    fixed = fixed_positions(path) or None
    forbidden = {cid: (m.rooms["exit"] if base.victory == "swift" else m.rooms["chapel"]) for cid in base.forbidden}
    return VsScenario(base.id, base.name, m, base.forces, base.cp, base.first, base.round_limit, base.timeout,
                      base.duels, base.victory, fixed=fixed, forbidden=forbidden, precedence=base.precedence)


__all__ = ["MAPS", "fixed_positions", "load_versus_map", "load_versus_scenario"]
