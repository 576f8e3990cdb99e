"""Stage 5 of reading a Tiled map (:mod:`game.content.tiled`): checks of the whole board.

Square capacity (R-COMP-8, R-COMP-9), starts and exits (R-SCEN-1, R-SCEN-5, R-SCEN-6, R-BOSS-10)
and reachability from start 1. Imports the read stage and the element table only.
"""
from __future__ import annotations

from collections import deque

from ..engine.board import Board, Placement, Sq
from .errors import P_
from .tiled_elements import ELEMENTS, MAX_UNITS
from .tiled_dungeon import card_from_board
from .tiled_read import MapObject, _Ctx, _read_props


def _check_board(ctx: _Ctx, board: Board, objs: list[MapObject], placements: list[tuple[int, Placement]]) -> None:
    # capacity (R-COMP-8, R-COMP-9)
    units: dict[Sq, list[tuple[int, str, int]]] = {}
    for oid, p in placements:
        el = ELEMENTS[p.kind]
        u = el.units_for(dict(p.props))
        if u:
            label = f"{p.kind} {p.get('enemy')}" if p.kind == "enemy" else p.kind
            units.setdefault(p.square, []).append((oid, label, u))
    for sq, items in sorted(units.items()):
        total = sum(u for _, _, u in items)
        if total > MAX_UNITS:
            oid, label, _ = items[-1]
            kind = label.split()[0]
            what = [P_("{what} (object {n}, {u})", what=P_(k), n=i, u=u) if " " not in k else
                    P_("{what} {x} (object {n}, {u})", what=P_(k.split()[0]), x=k.split(None, 1)[1], n=i, u=u)
                    for i, k, u in items]  # a list of phrases: each language joins them itself
            ctx.err(P_("object {n} ({x}) at square ({a}, {b})", n=oid, x=P_(kind), a=sq[0], b=sq[1]),
                    P_("the square holds {n} capacity units, more than {m}{rule}: {x}", rule="R-COMP-8", n=total,
                       m=MAX_UNITS, x=what),
                    P_("move some of them to a neighbouring square"))
    placed = {o.element for o in objs}
    if any(k.startswith("vs_") for k in placed):  # a versus map (rules/versus.md): its own checks
        _check_versus(ctx, board)
        return
    if any(k.startswith("dn_") for k in placed):  # a dungeon map card (rules/dungeon.md D-MAP-2)
        _check_dungeon(ctx, board)
        return
    # starts and exits (R-SCEN-1, R-SCEN-6); objects that failed were reported already
    if 1 not in board.start and "start" not in placed:
        ctx.err("", P_("the map has no start 1"), P_("add a start object with number 1{rule}", rule="R-SCEN-5"))
    elif 1 not in board.start and not ctx.count:
        ctx.err("", P_("the map has no start 1"), P_("give one start object the number 1{rule}", rule="R-SCEN-5"))
    if 2 not in board.start and not (ctx.count and "start" in placed):
        ctx.err("", P_("the map has no start 2"), P_("add a start object with number 2{rule}", rule="R-SCEN-5"))
    if not board.exits and "exit" not in placed and "boss_start" not in placed:
        # boss maps may have no exit: their objective is to kill the boss (R-BOSS-10)
        ctx.err("", P_("the map has no exit"), P_("add an exit object{rule}; only boss maps may leave it out", rule="R-SCEN-6"))
    if 1 not in board.start or ctx.count:
        return  # reachability is checked once everything else is right (no follow-on noise)
    # reachability: walls block; doors, archways and barricades pass; stairwells connect
    src = board.start[1]
    reach = _reachable(board, src)
    for n, sq in sorted(board.start.items()):
        if n != 1 and sq not in reach:
            ctx.err(P_("start {n} at square ({a}, {b})", n=n, a=sq[0], b=sq[1]),
                    P_("start {n} cannot be reached from start 1 at square ({a}, {b})", n=n, a=src[0], b=src[1]),
                    P_("add a door, archway or stairwell between their tiles"))
    for oid, p in placements:
        if p.kind == "exit" and p.square not in reach:
            ctx.err(P_("object {n} ({x}) at square ({a}, {b})", n=oid, x=P_("exit"), a=p.square[0], b=p.square[1]),
                    P_("the exit cannot be reached from start 1 at square ({x}, {y})", x=src[0], y=src[1]),
                    P_("add a door, archway or stairwell on the way, or remove the walls blocking it"))


def _reachable(board: Board, src: Sq) -> set[Sq]:
    """Squares reachable from ``src`` walking orthogonally over edges that are not walls
    (doors and barricades count as passable here) and through stairwells."""
    stairs: dict[Sq, list[Sq]] = {}
    for a, b in board.stairs:
        stairs.setdefault(a, []).append(b)
        stairs.setdefault(b, []).append(a)
    square_tile, walls, features = board.square_tile, board.walls, board.features
    seen = {src}
    q = deque([src])
    while q:
        s = q.popleft()
        x, y = s
        tile = square_tile[s]
        nxt: list[Sq] = list(stairs.get(s, ()))
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in seen:
                continue
            other = square_tile.get(n)
            if other is None:
                continue
            k = (s, n) if s <= n else (n, s)  # edge_key
            if (k not in walls) if other == tile else (k in features):
                nxt.append(n)
        for n in nxt:
            if n not in seen:
                seen.add(n)
                q.append(n)
    return seen


def _check_versus(ctx: _Ctx, board: Board) -> None:
    """A versus map (V-SETUP-1, V-BOARD-6, V-DOOR-9): start squares of both factions; one object
    kind per object id, a square in at most one object; a door's halves of one kind, and not on
    the map's border."""
    starts = {str(p.get("faction")) for p in board.placements if p.kind == "vs_start"}
    for fac in ("directorate", "syndicate"):
        if fac not in starts:
            ctx.err("", P_("the versus map has no start square of the {x}", x=fac),
                    P_("add a vs_start object for it{rule}", rule="V-SETUP-1"))
    kinds: dict[str, set] = {}
    covered: dict = {}
    for p in board.placements:
        if p.kind == "vs_object":
            kinds.setdefault(str(p.get("label")), set()).add(p.get("kind"))
            if p.square in covered and covered[p.square] != p.get("label"):
                ctx.err(P_("square ({a}, {b})", a=p.square[0], b=p.square[1]),
                        P_("two floor objects cover one square{rule}", rule="V-BOARD-6"), P_("give each square to one object"))
            covered[p.square] = p.get("label")
        if p.kind == "vs_door":
            side = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[str(p.get("side"))]
            other = (p.square[0] + side[0], p.square[1] + side[1])
            if not board.has(other):
                ctx.err(P_("square ({a}, {b})", a=p.square[0], b=p.square[1]),
                        P_("door {x} stands on the map's border", x=p.get("label")),
                        P_("put it on an edge between two squares{rule}", rule="V-BOARD-4"))
    for oid, ks in sorted(kinds.items()):
        if len(ks) > 1:
            ctx.err("", P_("floor object {x} has squares of different kinds {y}", x=oid, y=sorted(map(str, ks))),
                    P_("give them one kind"))


def _check_dungeon(ctx: _Ctx, board: Board) -> None:
    """A dungeon map card (D-MAP-2, D-TERRAIN-4/5; :func:`game.content.tiled_dungeon.card_from_board`):
    7 x 7, terrain and tokens on the core, exits and the entrance on an edge's middle, ... (instead
    of the city's start 1/2, exit and reachability checks)."""
    assert ctx.root is not None
    props = _read_props(ctx.root)
    card = props.get("card")
    _card, problems = card_from_board(board, card.value if card is not None and card.value.strip() else ctx.path.stem)
    for where, problem, hint in problems:
        ctx.err(where, problem, hint)
