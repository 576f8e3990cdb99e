"""Versus's content as engine definitions (rules/versus.md sections 2, 3, 20): the combat die,
the order tiles, the roster, terrain values and the two scenarios of section 20.

A map is read from the spec's ASCII drawing (20.6's format, shared by both scenarios) by
:func:`map_from_rows`, then completed by the scenario's tables (doors, objects, rooms, start
squares). Everything here is immutable and pure; the Tiled maps of ``maps/versus/`` are written
from these definitions and read back to the same :class:`VsMap` (``game.content.versus_maps``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..messages import Keyed

Sq = tuple[int, int]
Edge = tuple[Sq, Sq]

#: V-CHAR-7: facing names and unit vectors (N up, y grows south)
FACINGS: dict[str, Sq] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
DIRS = tuple(FACINGS)

# V-DICE-1/2/3, 20.1: face -> (normal hits in close combat, count against objects); face 1 critical
CRIT = 1
FACE_HITS = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}  # V-DICE-2: the bullet (6) counts 2 hits
FACE_OBJECT = {1: 3, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}  # V-DESTROY-7: a critical counts 3
WALL_DEFENCE = 10  # V-DESTROY-5

MOVE, CC = "move", "cc"


@dataclass(frozen=True)
class OrderTile:
    """V-ORDER-1, 20.2: an order tile: id, name and its sections as (order type, capacity)."""

    id: str
    name: str
    sections: tuple[tuple[str, int], ...]


#: V-ORDER-2, 20.2: each player owns one of each
TILES: dict[str, OrderTile] = {t.id: t for t in (
    OrderTile("OT-1", "Advance", ((MOVE, 3),)),
    OrderTile("OT-2", "Onslaught", ((CC, 3),)),
    OrderTile("OT-3", "Charge", ((MOVE, 2), (CC, 2))),
    OrderTile("OT-4", "Skirmish", ((MOVE, 1), (CC, 1))),
    OrderTile("OT-5", "Dash", ((MOVE, 2),)),
    OrderTile("OT-6", "Brawl", ((CC, 2), (CC, 1))),
)}


@dataclass(frozen=True)
class Side:
    """V-CHAR-1/2/10: one side of a character card: LP, armour, chart rows by arc colour as
    (dice, automatic hits), MP per CP."""

    lp: int
    armour: int
    rows: dict[str, tuple[int, int]]
    mp: int


@dataclass(frozen=True)
class CharDef:
    """V-CHAR-1..10, 20.4: a character: id, name, faction, arc colours by side of the base
    (front, right, rear, left; V-CHAR-4), its two card sides and its ability keyword."""

    id: str
    name: str
    faction: str
    arcs: dict[str, str]
    healthy: Side
    wounded: Side
    ability: str = ""

    @property
    def mindless(self) -> bool:
        return self.ability == "mindless"

    def side(self, name: str) -> Side:
        return self.healthy if name == "healthy" else self.wounded


DIRECTORATE, SYNDICATE = "directorate", "syndicate"
FACTIONS = (DIRECTORATE, SYNDICATE)
_DEFAULT_ARCS = {"front": "DB", "right": "LB", "rear": "GR", "left": "LB"}
_GRIST_ARCS = {"front": "DB", "right": "LB", "rear": "GR", "left": "DB"}  # 20.4: his saw arm on his left


def _side(lp, arm, db, lb, gr, mp) -> Side:
    return Side(lp, arm, {"DB": db, "LB": lb, "GR": gr}, mp)


#: 20.4: the roster
ROSTER: dict[str, CharDef] = {c.id: c for c in (
    CharDef("mara", "Mara Quell", DIRECTORATE, _DEFAULT_ARCS,
            _side(3, 0, (0, 2), (0, 1), (0, 0), 4), _side(3, 0, (0, 1), (0, 1), (0, 0), 4), "sprinter"),
    CharDef("kenji", "Kenji Harrow", DIRECTORATE, _DEFAULT_ARCS,
            _side(3, 0, (1, 1), (1, 0), (0, 0), 4), _side(2, 0, (1, 0), (0, 1), (0, 0), 3), "quick_hands"),
    CharDef("tobias", "Tobias Venn", DIRECTORATE, _DEFAULT_ARCS,
            _side(4, 1, (3, 0), (2, 0), (0, 1), 3), _side(3, 0, (2, 0), (1, 0), (0, 1), 3), "breacher"),
    CharDef("pask", "Dr. Oriel Pask", SYNDICATE, _DEFAULT_ARCS,
            _side(3, 0, (2, 0), (1, 0), (0, 0), 3), _side(2, 0, (1, 0), (0, 1), (0, 0), 3), "stitch"),
    CharDef("lucinda", "Lucinda Morrow", SYNDICATE, _DEFAULT_ARCS,
            _side(4, 1, (3, 0), (2, 0), (1, 0), 3), _side(3, 1, (2, 0), (1, 0), (0, 0), 3), "rally"),
    CharDef("grist", "Grist", SYNDICATE, _GRIST_ARCS,
            _side(5, 1, (4, 0), (2, 0), (0, 2), 2), _side(4, 1, (3, 0), (2, 0), (0, 1), 2), "ripsaw"),
    CharDef("shambler1", "Shambler One", SYNDICATE, _DEFAULT_ARCS,
            _side(3, 1, (3, 1), (2, 0), (1, 0), 2), _side(2, 1, (3, 1), (2, 0), (1, 0), 2), "mindless"),
    CharDef("shambler2", "Shambler Two", SYNDICATE, _DEFAULT_ARCS,
            _side(3, 1, (3, 1), (2, 0), (1, 0), 2), _side(2, 1, (3, 1), (2, 0), (1, 0), 2), "mindless"),
)}


@dataclass(frozen=True)
class DoorDef:
    """V-DOOR-6/9, 20.5: a door: id, its edges (two for a wide door), kind ``sliding`` or
    ``wooden``, locked, defence value (V-DESTROY-5)."""

    id: str
    edges: tuple[Edge, ...]
    kind: str
    locked: bool
    defence: int

    def squares(self) -> frozenset[Sq]:
        """V-DOOR-5/9: the squares it may be worked from (either side of any of its edges)."""
        return frozenset(q for e in self.edges for q in e)


@dataclass(frozen=True)
class ObjectDef:
    """V-BOARD-5/6, 20.5: a floor object: id, kind, the squares it covers, whether it blocks
    movement and line of sight, defence value."""

    id: str
    kind: str
    squares: tuple[Sq, ...]
    blocks_move: bool
    blocks_los: bool
    defence: int


#: 20.5: object kinds -> (blocks movement, blocks LOS, defence)
OBJECT_KINDS = {"bed": (True, False, 4), "pew": (True, False, 5), "altar": (True, False, 6),
                "table": (True, False, 6), "cabinet": (True, True, 4), "crates": (True, True, 4)}
DOOR_DEFENCE = {("sliding", False): 8, ("sliding", True): 8, ("wooden", False): 7, ("wooden", True): 9}


@dataclass(frozen=True)
class ItemDef:
    """V-CARD-2/7: a loose item: ``card`` (a magnetic card) or ``core`` (a scenario item), where it
    lies or who carries it at the start."""

    id: str
    kind: str
    at: Sq | None = None
    holder: str | None = None


@dataclass(frozen=True)
class VsMap:
    """V-BOARD-1..4: a versus map: its size, wall edges (between squares; the border is not an
    edge), open edges, doors, floor objects, named rooms (sets of squares), start squares per
    faction, items."""

    id: str
    width: int
    height: int
    walls: frozenset[Edge]
    doors: tuple[DoorDef, ...]
    objects: tuple[ObjectDef, ...]
    rooms: dict[str, frozenset[Sq]]
    starts: dict[str, tuple[Sq, ...]]
    items: tuple[ItemDef, ...] = ()

    def has(self, q: Sq) -> bool:
        return 0 <= q[0] < self.width and 0 <= q[1] < self.height

    def door_of(self, e: Edge) -> DoorDef | None:
        for d in self.doors:
            if e in d.edges:
                return d
        return None

    def object(self, oid: str) -> ObjectDef:
        return next(o for o in self.objects if o.id == oid)


@dataclass(frozen=True)
class VsScenario:
    """V-SETUP-1: a scenario: the map, factions and characters, fixed deployment (None: hidden
    deployment, V-SETUP-3), CP per round, the first player of round 1, the round limit and what
    it gives (``"syndicate"`` or ``"draw"``), duels on or off (V-DUEL-13), squares forbidden per
    character (V-MOVE-6), victory kind and precedence (V-WIN-2)."""

    id: str
    name: str
    map: VsMap
    forces: dict[str, tuple[str, ...]]
    cp: dict[str, int]
    first: str
    round_limit: int
    timeout: str
    duels: bool
    victory: str
    fixed: dict[str, tuple[Sq, str]] | None = None
    forbidden: dict[str, frozenset[Sq]] = field(default_factory=dict)
    precedence: tuple[str, ...] = (SYNDICATE, DIRECTORATE)


def edge_key(a: Sq, b: Sq) -> Edge:
    return (a, b) if a <= b else (b, a)


def map_from_rows(rows: tuple[str, ...], where: str = "map") -> tuple[int, int, frozenset[Edge], dict[Edge, str], dict[Sq, str]]:
    """20.6's ASCII format: ``2H+1`` lines of ``2W+1`` characters (row labels already cut).
    Returns (W, H, wall edges, door edges with their letter, square letters). Raises ValueError
    naming ``where``, the line and the column for a drawing of the wrong shape or an unknown edge
    mark."""
    if len(rows) % 2 == 0 or len(rows) < 3:
        raise ValueError(f"{where}: a drawing needs an odd number of lines (2H+1), got {len(rows)}")
    width = (len(rows[0]) - 1) // 2
    height = (len(rows) - 1) // 2
    walls: set[Edge] = set()
    doors: dict[Edge, str] = {}
    squares: dict[Sq, str] = {}
    for n, line in enumerate(rows):
        if len(line) != 2 * width + 1:
            raise ValueError(f"{where}: line {n + 1} has {len(line)} characters, not {2 * width + 1}")
    for y in range(height):
        for x in range(width):
            squares[(x, y)] = rows[2 * y + 1][2 * x + 1]
            marks = []
            if x + 1 < width:
                marks.append(((x + 1, y), rows[2 * y + 1][2 * x + 2], 2 * y + 1, 2 * x + 2))
            if y + 1 < height:
                marks.append(((x, y + 1), rows[2 * y + 2][2 * x + 1], 2 * y + 2, 2 * x + 1))
            for other, ch, ln, col in marks:
                e = edge_key((x, y), other)
                if ch in "|-":
                    walls.add(e)
                elif ch in "sdL":
                    doors[e] = ch
                elif ch != " ":
                    raise ValueError(f"{where}: line {ln + 1}, column {col + 1}: unknown edge mark {ch!r}")
    return width, height, frozenset(walls), doors, squares


def _rect(x0, x1, y0, y1) -> frozenset[Sq]:
    return frozenset((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


def _obj(oid: str, kind: str, *sqs: Sq) -> ObjectDef:
    bm, bl, d = OBJECT_KINDS[kind]
    return ObjectDef(oid, kind, tuple(sqs), bm, bl, d)


def _door(did: str, kind: str, locked: bool, *edges: Edge) -> DoorDef:
    return DoorDef(did, tuple(edge_key(a, b) for a, b in edges), kind, locked, DOOR_DEFENCE[(kind, locked)])


SWIFT_ROWS = (
    '+-+-+-+-+-+-+-+-+-+-+-+-+',
    '|. . .|. . . . . . . . .|',
    '+     +                 +',
    '|. . .s. . . . . . . . .|',
    '+     + +-+-+s+-+-+-+ +s+',
    '|. . .|.|C . . . . .|.|X|',
    '+     + +           + + +',
    '|. M .|.|C . * . . .|.sX|',
    '+     + +           + + +',
    '|. . .|.|. . . . . C|G|X|',
    '+     + +           + + +',
    '|. . .|.|. . . . . C|.|X|',
    '+     + +-+-+-+s+-+-+ +s+',
    '|. . .s. . . . . . . . .|',
    '+     +                 +',
    '|. . .|. . . . . . . . .|',
    '+-+-+-+-+-+-+-+-+-+-+-+-+',
)

SANCTUARY_ROWS = (
    '+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+',
    '|. . . . . . . . z . . . . z . . . .|',
    '+ +-+-+-+ +-+-+ +-+-+-+ +-+-+-+-+-+ +',
    '|.|B . .|. .|. . . . . . .d. . K B|.|',
    '+ +     +   +       +-+-+-+       + +',
    '|.|B a .d. .|. . . .|c R c|. . . B|.|',
    '+ +     +   +       +     +       + +',
    '|.|. . .|. . . . . .|c c cL. . . .|.|',
    '+ +     +   +       +     +       + +',
    '|.|. . .|. .|. . . .|c c c|. . . .|.|',
    '+ +-+-+-+   +       +     +-+d+-+-+ +',
    '|.|B . .|. .|. T T .|P P c|. . . .|.|',
    '+ +     +   +       +     +       + +',
    '|.|B a .d. .|. T T .Lc c c|. . . C|z|',
    '+ +     +   +       +     +       + +',
    '|.|. . .|. .|. T T .|P P c|. . . .|.|',
    '+ +     +   +       +     +       + +',
    '|.|. . .|. .|. . . .|c c c|. . . . .|',
    '+ +-+-+-+   +       +     +       + +',
    '|.|B . .|. . . . . .|c c c|. . . .|.|',
    '+ +     +   +       +     +       + +',
    '|.|B a .d. .|. . . .|c c c|. . . .|.|',
    '+ +     +   +       +-+L+L+       + +',
    '|.|. . .|. .|. . . . . . . . . . .|z|',
    '+ +-+-+-+-+ +-+-+-+-+-+-+-+-+ +-+-+ +',
    '|. . . . . . . . . z . . . . . . . .|',
    '+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+',
)


def swift_map() -> VsMap:
    """20.6: "The Swift and the Saw", 12 x 8."""
    w, h, walls, _doors, _sq = map_from_rows(SWIFT_ROWS, "20.6")
    doors = (
        _door("lab_north", "sliding", False, ((2, 1), (3, 1))),
        _door("lab_south", "sliding", False, ((2, 6), (3, 6))),
        _door("store_north", "sliding", False, ((6, 1), (6, 2))),
        _door("store_south", "sliding", False, ((7, 5), (7, 6))),
        _door("exit_north", "sliding", False, ((11, 1), (11, 2))),
        _door("exit_west", "sliding", False, ((10, 3), (11, 3))),
        _door("exit_south", "sliding", False, ((11, 5), (11, 6))),
    )
    rooms = {"lab": _rect(0, 2, 0, 7), "store": _rect(4, 9, 2, 5), "exit": _rect(11, 11, 2, 5)}
    rooms["corridor"] = frozenset((x, y) for x in range(w) for y in range(h)) - rooms["lab"] - rooms["store"] - rooms["exit"]
    return VsMap("swift", w, h, walls, doors,
                 (_obj("crates_a", "crates", (4, 2), (4, 3)), _obj("crates_b", "crates", (9, 4), (9, 5))),
                 rooms, {DIRECTORATE: ((1, 3),), SYNDICATE: ((10, 4),)},
                 (ItemDef("core", "core", at=(6, 3)), ItemDef("card", "card", holder="mara")))


def sanctuary_map() -> VsMap:
    """20.7: "Sanctuary", 18 x 13."""
    w, h, walls, _doors, _sq = map_from_rows(SANCTUARY_ROWS, "20.7")
    doors = (
        _door("guest_a", "wooden", False, ((3, 2), (4, 2))),
        _door("guest_b", "wooden", False, ((3, 6), (4, 6))),
        _door("guest_c", "wooden", False, ((3, 10), (4, 10))),
        _door("vestry_priest", "wooden", False, ((12, 1), (13, 1))),
        _door("priest_hall", "wooden", False, ((14, 4), (14, 5))),
        _door("chapel_west", "wooden", True, ((9, 6), (10, 6))),
        _door("chapel_east", "wooden", True, ((12, 3), (13, 3))),
        _door("chapel_front", "wooden", True, ((11, 10), (11, 11)), ((12, 10), (12, 11))),
    )
    objects = (
        _obj("bed_a", "bed", (1, 1), (1, 2)), _obj("bed_b", "bed", (1, 5), (1, 6)),
        _obj("bed_c", "bed", (1, 9), (1, 10)), _obj("priest_bed", "bed", (16, 1), (16, 2)),
        _obj("altar", "altar", (11, 2)), _obj("pew_1", "pew", (10, 5), (11, 5)), _obj("pew_2", "pew", (10, 7), (11, 7)),
        _obj("table", "table", (7, 5), (8, 5), (7, 6), (8, 6), (7, 7), (8, 7)), _obj("cabinet", "cabinet", (16, 6)),
    )
    rooms = {"chapel": _rect(10, 12, 2, 10)}
    # 20.7 Start squares [design]: the Syndicate's (8,0) and (9,12) moved east to (15,0) and (15,12)
    # (8 Dec, issue 28; docs/balance.md, "Sanctuary: the Syndicate's start squares"): from (8,0)
    # and (9,12) a hunter moving first in round 1 reached guest room A or C and stood in its only
    # doorway before that agent could act (the agent trapped and killed in round 2)
    starts = {DIRECTORATE: ((2, 2), (2, 6), (2, 10)), SYNDICATE: ((15, 0), (13, 0), (17, 6), (17, 11), (15, 12))}
    return VsMap("sanctuary", w, h, walls, doors, objects, rooms, starts, (ItemDef("card", "card", at=(15, 1)),))


def _scenarios() -> dict[str, VsScenario]:
    sw, sa = swift_map(), sanctuary_map()
    return {
        "swift": VsScenario("swift", "The Swift and the Saw", sw, {DIRECTORATE: ("mara",), SYNDICATE: ("grist",)},
                            {DIRECTORATE: 2, SYNDICATE: 4}, DIRECTORATE, 8, SYNDICATE, False, "swift",
                            fixed={"mara": ((1, 3), "E"), "grist": ((10, 4), "W")},
                            forbidden={"grist": sw.rooms["exit"]}),  # S1-SR-1
        "sanctuary": VsScenario("sanctuary", "Sanctuary", sa,
                                {DIRECTORATE: ("mara", "kenji", "tobias"),
                                 SYNDICATE: ("pask", "lucinda", "grist", "shambler1", "shambler2")},
                                # 20.7 Round values [design]: CP per round, Directorate 10 (versus.md: 6),
                                # Syndicate 7 (+1 Rally). Changed 7 Dec (issue 28 item 5; docs/balance.md,
                                # "Sanctuary: the Directorate's CP"): with 6 the Directorate won 7 % between
                                # the scripted players, 17 % against greedy; with 10 37 % and 40 %
                                {DIRECTORATE: 10, SYNDICATE: 7}, SYNDICATE, 10, "draw", True, "sanctuary",
                                forbidden={"shambler1": sa.rooms["chapel"], "shambler2": sa.rooms["chapel"]}),  # S2-SR-1
    }


#: section 20's scenarios by id
SCENARIOS: dict[str, VsScenario] = _scenarios()


def _key_names() -> None:
    """Issue 23 item 1: the names players read from these definitions (the roster's models, 20.4; the
    scenarios, 20.6/20.7) carry stable catalogue keys (``versus.roster.<id>.name``,
    ``versus.scenarios.<id>.name``), so each language words them from the content catalogue by key,
    never by their English (game.i18n.by_key; the rest of the content does the same, game.content.keys)."""
    for c in ROSTER.values():
        object.__setattr__(c, "name", Keyed(str(c.name), f"versus.roster.{c.id}.name"))
    for sc in SCENARIOS.values():
        object.__setattr__(sc, "name", Keyed(str(sc.name), f"versus.scenarios.{sc.id}.name"))


_key_names()
