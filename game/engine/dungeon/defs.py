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


# ---------------------------------------------------------------------------------------------
# Heroes (D-COMP-1..6), enemies (D-COMP-9, 16.5/16.6), items (16.4) and scenarios (16.7)
# ---------------------------------------------------------------------------------------------
SKILLS = ("might", "agility", "lore")  # D-SKILL-3
COLOURS = ("green", "blue", "red")  # D-COMP-9, weakest first (D-ENEMY-7's substitution order)
PRIORITIES = ("nearest", "weakest", "strongest", "most_energy", "richest")  # D-ENEMY-17


class Dice(Strict):
    """An attack: ``dice`` six-sided dice, ``mod`` added to each (D-COMBAT-1/2). ``dice`` 0: no
    attack of that kind (D-COMBAT-11)."""

    dice: int = Field(default=0, ge=0, le=6)
    mod: int = Field(default=0, ge=-3, le=6)


class CharacterFace(Strict):
    """One face of a character card (D-COMP-2): attack and defence modifiers, skill modifiers
    (D-SKILL-2), base speed (D-MOVE-2) and maximum life (D-COMP-8)."""

    name: str = Field(min_length=1, max_length=60)
    title: str = ""
    melee: int = Field(ge=-3, le=6)
    ranged: int = Field(ge=-3, le=6)
    defence: int = Field(ge=-3, le=6)
    speed: int = Field(ge=1, le=8)
    might: int = Field(default=0, ge=-3, le=6)
    agility: int = Field(default=0, ge=-3, le=6)
    lore: int = Field(default=0, ge=-3, le=6)
    life: int = Field(ge=1, le=20)
    text: str = ""


class EquipmentFace(Strict):
    """One face of an equipment card (D-COMP-3): melee and ranged dice with their modifiers,
    keywords (D-KEY), defence and speed modifiers and an optional requirement (D-SETUP-3),
    ``{"might": 2}``: the hero's Might modifier must be at least 2."""

    name: str = Field(min_length=1, max_length=60)
    melee: Dice = Dice()
    ranged: Dice = Dice()
    defence: int = Field(default=0, ge=-3, le=6)
    speed: int = Field(default=0, ge=-3, le=3)
    keywords: tuple[str, ...] = ()
    requires: dict[str, int] = Field(default_factory=dict)
    text: str = ""

    @model_validator(mode="after")
    def _skills(self) -> "EquipmentFace":
        bad = [k for k in self.requires if k not in SKILLS]
        if bad:
            raise ValueError(f"requires names an unknown skill {bad[0]!r} (skills: {', '.join(SKILLS)})")
        return self


class AbilityFace(Strict):
    """One face of an ability card (D-COMP-4): skill modifiers (D-SKILL-2) and one ability paid
    with ``energy`` (D-ACT-3); ``effect`` names the ability's rule (read by the combat module)."""

    name: str = Field(min_length=1, max_length=60)
    might: int = Field(default=0, ge=-3, le=6)
    agility: int = Field(default=0, ge=-3, le=6)
    lore: int = Field(default=0, ge=-3, le=6)
    energy: int = Field(ge=0, le=20)
    effect: str = Field(min_length=1, max_length=40)
    text: str = ""


class CharacterCard(Strict):
    """A character card (D-COMP-1/5/6): one or two faces; the player picks one at set-up."""

    id: str = Field(min_length=1, max_length=40)
    faces: tuple[CharacterFace, ...] = Field(min_length=1, max_length=2)


class EquipmentCard(Strict):
    """An equipment card: one or two faces (D-COMP-5/6)."""

    id: str = Field(min_length=1, max_length=40)
    faces: tuple[EquipmentFace, ...] = Field(min_length=1, max_length=2)


class AbilityCard(Strict):
    """An ability card: one or two faces (D-COMP-5/6)."""

    id: str = Field(min_length=1, max_length=40)
    faces: tuple[AbilityFace, ...] = Field(min_length=1, max_length=2)


class EnemyType(Strict):
    """An enemy card (16.6, D-SETUP-11): attacks, defence, speed, keywords and the priority its
    target is picked by (D-ENEMY-17)."""

    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=60)
    colour: str
    melee: Dice = Dice()
    ranged: Dice = Dice()
    defence: int = Field(default=0, ge=-3, le=6)
    speed: int = Field(ge=0, le=8)
    keywords: tuple[str, ...] = ()
    priority: str
    text: str = ""

    @model_validator(mode="after")
    def _known(self) -> "EnemyType":
        if self.colour not in COLOURS:
            raise ValueError(f"colour {self.colour!r} is not one of {', '.join(COLOURS)}")
        if self.priority not in PRIORITIES:
            raise ValueError(f"priority {self.priority!r} is not one of {', '.join(PRIORITIES)}")
        return self

    @property
    def is_ranged(self) -> bool:
        """D-ROUND-5: a ranged enemy's card shows more than 0 ranged dice."""
        return self.ranged.dice > 0


class DieFace(Strict):
    """Face ``n`` of an enemy die (16.5): the enemy type it gives and its pips (D-ENEMY-1)."""

    type: str
    pips: int = Field(ge=1, le=6)


class ItemDef(Strict):
    """An item card (16.4, D-ITEM): cost in treasure, what it does (``effect``, read by the item
    module), single use or permanent (D-ITEM-3/6), scenario-only ones set aside (D-SETUP-8)."""

    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=60)
    cost: int = Field(ge=0, le=20)
    effect: str = Field(min_length=1, max_length=40)
    use: str = "single"
    scenario_only: bool = False
    text: str = ""

    @model_validator(mode="after")
    def _use(self) -> "ItemDef":
        if self.use not in ("single", "permanent"):
            raise ValueError(f"use {self.use!r} is neither 'single' nor 'permanent'")
        return self


class EncounterDie(Strict):
    """One die of an encounter (D-ENEMY-2/4): its colour and, when fixed, its face 1..6."""

    colour: str
    face: int | None = Field(default=None, ge=1, le=6)

    @model_validator(mode="after")
    def _colour(self) -> "EncounterDie":
        if self.colour not in COLOURS:
            raise ValueError(f"colour {self.colour!r} is not one of {', '.join(COLOURS)}")
        return self


class Outcome(Strict):
    """What a map effect gives or takes (16.7): treasure, energy or life gained, damage taken
    (no defence)."""

    treasure: int = Field(default=0, ge=0, le=20)
    energy: int = Field(default=0, ge=0, le=20)
    life: int = Field(default=0, ge=0, le=20)
    damage: int = Field(default=0, ge=0, le=20)


class MapEffect(Strict):
    """A card's map effect (D-EXPLORE-9 step 3): a skill check of the exploring hero
    (``skill`` and ``target``, D-SKILL-1) with what success and failure bring; or none."""

    name: str = ""
    skill: str | None = None
    target: int = Field(default=0, ge=0, le=4)
    success: Outcome = Outcome()
    failure: Outcome = Outcome()

    @model_validator(mode="after")
    def _skill(self) -> "MapEffect":
        if self.skill is not None and self.skill not in SKILLS:
            raise ValueError(f"skill {self.skill!r} is not one of {', '.join(SKILLS)}")
        return self


class Objective(Strict):
    """The victory condition (D-END-4): claim the ``marker`` square of card ``card`` with an
    Other action while no enemy stands on that card (16.7 SR-1)."""

    kind: str = "claim"
    card: str
    marker: str


class DungeonScenarioDef(Strict):
    """A dungeon (16.7): its start card, the card sequence explored in order (D-EXPLORE-5), the
    cards by id, each card's encounter dice (D-ENEMY-2, fixed faces first, D-ENEMY-6) and map
    effect, the round limit (checked at step 2 of the refresh phase, D-ROUND-7) and the
    objective. ``name``/``story`` are content texts."""

    id: str = Field(min_length=1, max_length=40)
    name: str
    story: str = ""
    start: str
    sequence: tuple[str, ...]
    cards: dict[str, MapCardDef]
    encounters: dict[str, tuple[EncounterDie, ...]] = Field(default_factory=dict)
    effects: dict[str, MapEffect] = Field(default_factory=dict)
    round_limit: int = Field(ge=1, le=99)
    objective: Objective
    difficulty: int = Field(default=1, ge=1, le=5)

    @model_validator(mode="after")
    def _refs(self) -> "DungeonScenarioDef":
        for cid in (self.start, *self.sequence, *self.encounters, *self.effects, self.objective.card):
            if cid not in self.cards:
                raise ValueError(f"card {cid!r} is named but not among the scenario's cards")
        if not self.cards[self.start].is_start:
            raise ValueError(f"the start card {self.start!r} has a ▲ entrance; a start card has none (D-MAP-2)")
        for cid in self.sequence:
            if self.cards[cid].is_start:
                raise ValueError(f"card {cid!r} in the sequence has no ▲ entrance (D-MAP-2)")
        if self.objective.marker not in self.cards[self.objective.card].markers:
            raise ValueError(f"the objective's card {self.objective.card!r} has no {self.objective.marker!r} square")
        return self


class DungeonPack(Strict):
    """Every dungeon definition the engine may look up: hero cards, enemy types, die faces by
    colour (six each, face n at index n-1; 16.5), the dice pool (D-ENEMY-8), items, scenarios."""

    characters: dict[str, CharacterCard]
    equipment: dict[str, EquipmentCard]
    abilities: dict[str, AbilityCard]
    enemies: dict[str, EnemyType]
    dice: dict[str, tuple[DieFace, ...]]
    pool: dict[str, int]
    items: dict[str, ItemDef]
    scenarios: dict[str, DungeonScenarioDef] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _refs(self) -> "DungeonPack":
        for colour in COLOURS:
            faces = self.dice.get(colour)
            if faces is None or len(faces) != 6:
                raise ValueError(f"the {colour} die needs exactly 6 faces (16.5)")
            for f in faces:
                if f.type not in self.enemies:
                    raise ValueError(f"the {colour} die names unknown enemy type {f.type!r}")
            if self.pool.get(colour, 0) < 0:
                raise ValueError(f"the pool of {colour} dice cannot be negative")
        return self
