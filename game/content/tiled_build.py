"""Stage 4 of reading a Tiled map (:mod:`game.content.tiled`): building the engine's Board.

Board tiles (rectangles, overlap found row by row on a grid of owners), walls, doors, archways,
barricades, stairwells and placements become a :class:`~game.engine.board.Board`; then the board
checks of :mod:`game.content.tiled_checks` run. Imports the read, objects and checks stages.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

from ..engine.board import Board, Colour, Edge, EdgeFeature, EdgeState, Placement, Sq, Tile, edge_key
from .tiled_elements import ELEMENTS, PLACEMENT_KINDS
from .tiled_read import MapObject, _Ctx, _Stop, _fmt, _read_props
from .tiled_objects import EDGE_TOLERANCE, ON_LINE, _centre, _rotate, _snap, _square_at, _typed, _where
from .tiled_checks import _check_board
from .errors import P_
from .keys import key_text, room_key


_EDGE_KINDS = {"archway": EdgeState.ARCHWAY, "barricade": EdgeState.BARRICADE}


def _build_board(ctx: _Ctx, objs: list[MapObject]) -> Board | None:
    t = ctx.tile
    if not any(o.element == "board_tile" for o in objs):
        ctx.stop("", "not a Dreadboard board: the map has no board_tile objects",
                 "draw a rectangle of class board_tile over each board-game tile (docs/map-authoring.md)")
    by_kind: dict[str, list[tuple[MapObject, dict[str, object]]]] = {}
    explicit: dict[int, dict[str, object]] = {}
    for o in objs:
        if not o.element:
            ctx.err(_where(o, t), P_("the object has no class/type, so the game does not know what it is"),
                    P_("set its Class (Tiled 1.9+) or Type (Tiled 1.8) to an element, e.g. door; see "
                       "docs/map-authoring.md"))
            continue
        el = ELEMENTS.get(o.element)
        if el is None:
            ctx.err(_where(o, t), P_("unknown element '{x}'", x=o.element),
                    P_("use one of: {names}", names=", ".join(ELEMENTS)))
            continue
        if el.shape == "free":
            continue
        typed = _typed(ctx, o, el)
        if typed is None:
            continue
        by_kind.setdefault(el.name, []).append((o, typed[0]))
        explicit[o.id] = typed[1]
    if "board_tile" not in by_kind:
        raise _Stop  # every board_tile object is broken; their problems are recorded

    square_tile, tiles_acc = _build_tiles(ctx, by_kind["board_tile"], explicit)

    def tile_at(o: MapObject, sq: Sq) -> str | None:
        tid = square_tile.get(sq)
        if tid is None:
            ctx.err(_where(o, t), P_("the {what} is outside every board tile", what=P_(o.element)),
                    P_("move it onto a square covered by a board_tile rectangle"))
        return tid

    def square_of(o: MapObject) -> Sq | None:
        c = _centre(o)
        if c is None:
            ctx.err(_where(o, t), P_("a {what} must be a point (or a small rectangle or ellipse), not a {what2}",
                                     what=P_(o.element), what2=P_(o.shape)),
                    P_("place it with the point tool or its template"))
            return None
        fx, fy = c[0] / t, c[1] / t
        if abs(fx - round(fx)) < ON_LINE or abs(fy - round(fy)) < ON_LINE:
            ctx.err(_where(o, t), P_("the {what} lies on a grid line, so its square is ambiguous", what=P_(o.element)),
                    P_("move it inside a square (use View > Snapping > Snap to Fine Grid)"))
            return None
        sq = _square_at(c[0], c[1], t)
        return sq if tile_at(o, sq) is not None else None

    # walls
    walls: set[Edge] = set()
    border_walls: dict[Edge, MapObject] = {}
    for o, _ in by_kind.get("wall", []):
        n = ctx.count
        edges = _wall_edges(ctx, o)
        if ctx.count > n:
            continue
        if not any(a in square_tile or b in square_tile for a, b in edges):
            ctx.err(_where(o, t), P_("the wall is outside every board tile") if edges else P_("the wall has no length"),
                    P_("draw walls along grid lines inside a board tile"))
        for a, b in edges:
            ta, tb = square_tile.get(a), square_tile.get(b)
            if ta is not None and ta == tb:
                walls.add(edge_key(a, b))
            elif ta is not None and tb is not None:
                border_walls.setdefault(edge_key(a, b), o)  # a tile border: a wall already

    # doors, archways, barricades
    features: dict[Edge, EdgeFeature] = {}
    feature_obj: dict[Edge, int] = {}
    for kind in ("door", "archway", "barricade"):
        for o, props in by_kind.get(kind, []):
            e = _edge_of(ctx, o)
            if e is None:
                continue
            a, b = e
            ta, tb = square_tile.get(a), square_tile.get(b)
            if ta is None or tb is None:
                ctx.err(_where(o, t), P_("the {what} leads off the board: a square beside it is in no tile", what=P_(kind)),
                        P_("put the {what} on the border between two board tiles", what=P_(kind)))
                continue
            if ta == tb:
                ctx.err(_where(o, t), P_("the {what} is not between two squares of different tiles{rule}: both "
                                         "sides are in tile '{x}'", rule="R-COMP-3", what=P_(kind), x=ta),
                        P_("place the {what}'s point on the grid line between two tiles; inside a tile use a wall",
                           what=P_(kind)))
                continue
            if tiles_acc[ta].region != tiles_acc[tb].region:
                ctx.err(_where(o, t), P_("the {what} joins tiles '{a}' and '{b}' of different regions; only "
                                         "stairwells join regions{rule}", rule="R-COMP-2", what=P_(kind), a=ta, b=tb),
                        P_("give both tiles the same region"))
                continue
            key = edge_key(a, b)
            if key in features:
                ctx.err(_where(o, t), P_("object {n} already lies on this edge", n=feature_obj[key]),
                        P_("keep one door, archway or barricade per edge"))
                continue
            feat = _feature(ctx, o, kind, props, key)
            if feat is not None:
                features[key] = feat
                feature_obj[key] = o.id

    for key, o in sorted(border_walls.items()):
        if key in features:  # a wall drawn over a door would be silently dropped: say so
            ctx.err(_where(o, t), P_("the wall runs over object {n} ({what}) on the border between squares {a} and "
                                     "{b}; tile borders are walls already{rule}", rule="R-COMP-3", n=feature_obj[key],
                                     what=P_(features[key].kind.value), a=key[0], b=key[1]),
                    P_("shorten the wall so it stops at the tile border, or remove it"))

    # stairwells
    pairs: dict[str, list[tuple[MapObject, Sq]]] = {}
    for o, props in by_kind.get("stairwell", []):
        sq = square_of(o)
        if sq is not None:
            pairs.setdefault(str(props["pair"]), []).append((o, sq))
    stairs: list[tuple[Sq, Sq]] = []
    for name in sorted(pairs):
        ends = pairs[name]
        if len(ends) != 2:
            o = ends[0][0] if len(ends) == 1 else ends[2][0]
            ctx.err(_where(o, t), P_("stairwell pair '{x}' has {n} end(s); a pair needs exactly two{rule}",
                                     rule="R-STAIR-1", x=name, n=len(ends)),
                    P_("place the other end with the same 'pair' name") if len(ends) == 1
                    else P_("give each pair its own name"))
            continue
        if ends[0][1] == ends[1][1]:
            ctx.err(_where(ends[1][0], t), P_("both ends of stairwell pair '{x}' are on the same square", x=name),
                    P_("put the ends on different squares"))
            continue
        stairs.append((ends[0][1], ends[1][1]))

    # starts
    start: dict[int, Sq] = {}
    for o, props in by_kind.get("start", []):
        sq = square_of(o)
        n = int(props["number"])  # type: ignore[call-overload]
        if sq is None:
            continue
        if n in start:
            ctx.err(_where(o, t), P_("there are two start {n} objects", n=n),
                    P_("keep one start 1 and one start 2{rule}", rule="R-SCEN-5"))
            continue
        start[n] = sq

    # placements (in object id order)
    placements: list[tuple[int, Placement]] = []
    for o, props in sorted((x for kind in PLACEMENT_KINDS for x in by_kind.get(kind, [])), key=lambda x: x[0].id):
        el = ELEMENTS[o.element]
        sq = square_of(o)
        if sq is None:
            continue
        fields = tuple(sorted((f.name, props[f.name]) for f in el.fields))
        placements.append((o.id, Placement(kind=el.name, square=sq, props=fields,
                                           source=f"{ctx.file} object {o.id}")))
        if el.name == "spawn":
            tiles_acc[square_tile[sq]].spawns.append((o.id, sq))

    tiles: dict[str, Tile] = {}
    for acc in sorted(tiles_acc.values(), key=lambda a: a.first_id):
        shown = acc.title or acc.name.replace("_", " ").capitalize()  # the room name players see
        shown = key_text(shown, room_key(ctx.file, acc.name))  # its stable key (game.content.keys; issue 23)
        tiles[acc.name] = Tile(id=acc.name, name=shown, colour=Colour(acc.colour), squares=frozenset(acc.squares),
                               region=acc.region, unexplored=acc.unexplored,
                               spawn_points=tuple(sq for _, sq in sorted(acc.spawns)))
    title = _map_title(ctx)
    board = Board(name=title, width=ctx.width, height=ctx.height, tiles=tiles, walls=frozenset(walls),
                  features=features, stairs=tuple(stairs), start=start,
                  placements=tuple(p for _, p in placements), source=ctx.file)
    _check_board(ctx, board, objs, placements)
    return board


@dataclass
class _TileInfo:
    name: str
    first_id: int
    squares: set[Sq]
    colour: str
    unexplored: bool
    region: int
    spawns: list[tuple[int, Sq]] = field(default_factory=list)
    title: str = ""


def _build_tiles(ctx: _Ctx, rects: list[tuple[MapObject, dict[str, object]]],
                 explicit: dict[int, dict[str, object]]) -> tuple[dict[Sq, str], dict[str, _TileInfo]]:
    """Which tile each square is in. Rectangles are laid row by row on a grid of owners (list
    slices, never one step per square), so 300 map-sized rectangles cost 300 x height slice
    operations; a rectangle overlapping another tile's is reported once (first square and how
    many) and not laid, and overlaps stop the analysis after the tiles (no follow-on noise)."""
    t = ctx.tile
    owner: list[list[str | None]] = [[None] * ctx.width for _ in range(ctx.height)]
    owner_obj: list[list[int]] = [[0] * ctx.width for _ in range(ctx.height)]
    groups: dict[str, list[tuple[MapObject, dict[str, object]]]] = {}
    for o, props in rects:
        if not o.name.strip():
            ctx.err(_where(o, t), P_("the board_tile has no name"), P_("give it a name (rectangles of one tile share it)"))
            continue
        groups.setdefault(o.name, []).append((o, props))
    overlaps = False
    chosen_of: dict[str, dict[str, tuple[object, int]]] = {}
    for name, members in groups.items():
        chosen: dict[str, tuple[object, int]] = chosen_of.setdefault(name, {})
        for o, _props in members:
            for k, v in explicit.get(o.id, {}).items():
                if k in chosen and chosen[k][0] != v:
                    ctx.err(_where(o, t), P_("board tile '{x}' has {k} {v} here but {w} on object {n}", x=name, k=k,
                                             v=repr(v), w=repr(chosen[k][0]), n=chosen[k][1]),
                            P_("set the same {k} on every rectangle of '{x}' (or on only one of them)", k=k, x=name))
                else:
                    chosen.setdefault(k, (v, o.id))
        for o, _props in members:
            box = _rect_bounds(ctx, o)
            if box is None:
                continue
            x0, x1, y0, y1 = box
            clash = 0
            first: tuple[int, int] | None = None
            for y in range(y0, y1):
                row = owner[y][x0:x1]
                n = len(row) - row.count(None) - row.count(name)
                if n:
                    clash += n
                    if first is None:
                        first = (x0 + next(i for i, c in enumerate(row) if c is not None and c != name), y)
            if first is not None:
                overlaps = True
                fx, fy = first
                kw = dict(a=fx, b=fy, x=owner[fy][fx], n=owner_obj[fy][fx], y=name)
                ctx.err(_where(o, t), P_("square ({a}, {b}) is in two tiles, '{x}' (object {n}) and '{y}' and {m} more "
                                         "square(s) of this rectangle", m=clash - 1, **kw) if clash > 1 else
                        P_("square ({a}, {b}) is in two tiles, '{x}' (object {n}) and '{y}'", **kw),
                        P_("make the rectangles touch, not overlap"))
                continue
            for y in range(y0, y1):
                owner[y][x0:x1] = [name] * (x1 - x0)
                owner_obj[y][x0:x1] = [o.id] * (x1 - x0)
    square_tile: dict[Sq, str] = {}
    squares_of: dict[str, set[Sq]] = {name: set() for name in groups}
    for y, row in enumerate(owner):
        for x, name in enumerate(row):
            if name is not None:
                square_tile[(x, y)] = name
                squares_of[name].add((x, y))
    infos: dict[str, _TileInfo] = {}
    for name, members in groups.items():
        chosen = chosen_of[name]
        squares = squares_of[name]
        defaults = ctx.project.defaults["board_tile"]
        vals = {k: (chosen[k][0] if k in chosen else defaults[k]) for k in defaults}
        first_id = min(o.id for o, _ in members)
        region = vals["region"]
        info = _TileInfo(name, first_id, squares, str(vals["colour"]), bool(vals["unexplored"]),
                         region if isinstance(region, int) else 0, title=str(vals.get("title") or ""))
        infos[name] = info
        if not squares or overlaps:
            continue
        if info.unexplored and info.colour == "green":
            ctx.err(_where(members[0][0], t), P_("board tile '{x}' is green and unexplored; green tiles are never "
                                                 "rolled for{rule}", rule="R-EXPLORE-1, R-EXPLORE-2", x=name),
                    P_("make it yellow, amber or red, or untick unexplored"))
        if len(members) > 1 and not _connected(squares):  # one rectangle is always in one piece
            ctx.err(_where(members[0][0], t), P_("board tile '{x}' is in pieces that do not touch", x=name),
                    P_("rectangles of one tile must share sides; give separate tiles separate names"))
    if overlaps:
        raise _Stop
    return square_tile, infos


def _rect_bounds(ctx: _Ctx, o: MapObject) -> tuple[int, int, int, int] | None:
    """(x0, x1, y0, y1) in squares (x1, y1 exclusive) of a board_tile rectangle, or None with
    the problem recorded."""
    t = ctx.tile
    if o.shape != "rectangle":
        ctx.err(_where(o, t), P_("a board_tile must be a rectangle, not a {what}", what=P_(o.shape)),
                P_("draw it with the rectangle tool; use several rectangles with one name for L or P shapes"))
        return None
    corners = [(o.x + dx, o.y + dy) for dx, dy in
               (_rotate(0, 0, o.rotation), _rotate(o.width, 0, o.rotation),
                _rotate(0, o.height, o.rotation), _rotate(o.width, o.height, o.rotation))]
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    x0, x1, y0, y1 = _snap(min(xs), t), _snap(max(xs), t), _snap(min(ys), t), _snap(max(ys), t)
    if o.rotation % 90 or None in (x0, x1, y0, y1):
        ctx.err(_where(o, t), P_("the board_tile rectangle is not aligned to the grid"),
                P_("turn on View > Snapping > Snap to Grid and redraw it, or fix X, Y, Width, Height to multiples of {n}",
                   n=t))
        return None
    assert x0 is not None and x1 is not None and y0 is not None and y1 is not None
    if x1 <= x0 or y1 <= y0:
        ctx.err(_where(o, t), P_("the board_tile rectangle covers no square"), P_("make it at least {a}x{b} pixels", a=t, b=t))
        return None
    if x0 < 0 or y0 < 0 or x1 > ctx.width or y1 > ctx.height:
        ctx.err(_where(o, t), P_("the board_tile rectangle reaches outside the map"),
                P_("move it inside, or enlarge the map with Map > Resize Map"))
        return None
    return x0, x1, y0, y1


def _connected(squares: set[Sq]) -> bool:
    start = next(iter(squares))
    seen = {start}
    q = deque([start])
    while q:
        x, y = q.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in squares and n not in seen:
                seen.add(n)
                q.append(n)
    return len(seen) == len(squares)


def _wall_edges(ctx: _Ctx, o: MapObject) -> list[tuple[Sq, Sq]]:
    t = ctx.tile
    if o.shape in ("polyline", "polygon"):
        pts = [(o.x + dx, o.y + dy) for dx, dy in (_rotate(px, py, o.rotation) for px, py in o.points)]
        if o.shape == "polygon" and pts:
            pts.append(pts[0])
    elif o.shape == "rectangle" and (o.width == 0) != (o.height == 0):
        dx, dy = _rotate(o.width, o.height, o.rotation)
        pts = [(o.x, o.y), (o.x + dx, o.y + dy)]
    else:
        ctx.err(_where(o, t), P_("a wall must be a polyline (or a zero-width rectangle), not a {what}", what=P_(o.shape)),
                P_("draw it with the polyline tool along grid lines"))
        return []
    if len(pts) < 2:
        ctx.err(_where(o, t), P_("the wall has fewer than two points"), P_("draw it with the polyline tool"))
        return []
    out: list[tuple[Sq, Sq]] = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        gx0, gy0, gx1, gy1 = _snap(ax, t), _snap(ay, t), _snap(bx, t), _snap(by, t)
        if None in (gx0, gy0, gx1, gy1) or (gx0 != gx1 and gy0 != gy1):
            ctx.err(_where(o, t), P_("the wall segment from ({a}, {b}) to ({c}, {d}) px does not run along grid lines",
                                     a=_fmt(ax), b=_fmt(ay), c=_fmt(bx), d=_fmt(by)),
                    P_("turn on View > Snapping > Snap to Grid and redraw it"))
            continue
        assert gx0 is not None and gy0 is not None and gx1 is not None and gy1 is not None
        if not (0 <= min(gx0, gx1) and max(gx0, gx1) <= ctx.width and 0 <= min(gy0, gy1)
                and max(gy0, gy1) <= ctx.height):
            ctx.err(_where(o, t), P_("the wall reaches outside the map"), P_("keep walls on the map's grid lines"))
            continue
        if gx0 == gx1:
            for j in range(min(gy0, gy1), max(gy0, gy1)):
                out.append(((gx0 - 1, j), (gx0, j)))
        else:
            for i in range(min(gx0, gx1), max(gx0, gx1)):
                out.append(((i, gy0 - 1), (i, gy0)))
    return out


def _edge_of(ctx: _Ctx, o: MapObject) -> tuple[Sq, Sq] | None:
    """The two squares either side of an edge element (first = north/west)."""
    t = ctx.tile
    c = _centre(o)
    if c is None:
        ctx.err(_where(o, t), P_("a {what} must be a point, not a {what2}", what=P_(o.element), what2=P_(o.shape)),
                P_("place it with the point tool or its template"))
        return None
    fx, fy = c[0] / t, c[1] / t
    dv, dh = abs(fx - round(fx)), abs(fy - round(fy))
    on_v, on_h = dv <= EDGE_TOLERANCE, dh <= EDGE_TOLERANCE
    if on_v and on_h:
        ctx.err(_where(o, t), P_("the {what} is at a corner of the grid, not on one edge", what=P_(o.element)),
                P_("move it to the middle of the grid line between two squares (Snap to Fine Grid helps)"))
        return None
    if on_v:
        k, j = round(fx), math.floor(fy)
        return (k - 1, j), (k, j)
    if on_h:
        k, i = round(fy), math.floor(fx)
        return (i, k - 1), (i, k)
    ctx.err(_where(o, t), P_("the {what} is not on a grid line between two squares", what=P_(o.element)),
            P_("place its point on the grid line between two tiles (Snap to Fine Grid helps)"))
    return None


def _feature(ctx: _Ctx, o: MapObject, kind: str, props: dict[str, object], key: Edge) -> EdgeFeature | None:
    src = f"{ctx.file} object {o.id}"
    if kind != "door":
        return EdgeFeature(kind=_EDGE_KINDS[kind], source=src)
    t = ctx.tile
    lock = str(props.get("lock") or "") or None
    one_way = str(props.get("one_way") or "")
    state = EdgeState.DOOR_OPEN if props.get("state") == "open" else EdgeState.DOOR_CLOSED
    if (lock or one_way) and state is EdgeState.DOOR_OPEN:
        ctx.err(_where(o, t), P_("a locked or one-way door must start closed{rule}", rule="R-DOOR-9"),
                P_("set state to closed"))
        return None
    if lock and one_way:
        ctx.err(_where(o, t), P_("a door cannot be both locked and one-way: a one-way door is its own lock "
                                 "card{rule}", rule="DV-18 L7/L8"), P_("clear either 'lock' or 'one_way'"))
        return None
    one_way_from = None
    if one_way:
        (a, b) = key  # a is north (same x) or west (same y)
        vertical_line = a[1] == b[1]  # squares side by side: the door is on a vertical grid line
        sides = {"west": a, "east": b} if vertical_line else {"north": a, "south": b}
        if one_way not in sides:
            ctx.err(_where(o, t), P_("the door lies on a {what} grid line, so it cannot open from the {what2}",
                                     what=P_("vertical") if vertical_line else P_("horizontal"), what2=P_(one_way)),
                    P_("use {what} or {what2}", what=P_(list(sides)[0]), what2=P_(list(sides)[1])))
            return None
        one_way_from = sides[one_way]
    return EdgeFeature(kind=state, lock=lock, one_way_from=one_way_from, source=src)


def _map_title(ctx: _Ctx) -> str:
    m = ctx.root
    assert m is not None
    props = _read_props(m)
    title = props.get("title")
    return title.value if title is not None and title.value.strip() else ctx.path.stem
