"""The map elements a Dreadboard author places in Tiled, in one table.

This table is the contract between Tiled maps and the engine's :class:`~game.engine.board.Board`:
the loader (:mod:`game.content.tiled`) checks objects against it, ``tools/make_tiled_project.py``
writes the Tiled project file, the object-types file and the object templates from it, and
``docs/map-authoring.md`` documents it. Default values that the loader merges into objects are
read from the project file (Tiled stores only values an author changed); a test keeps the
project file and this table in step.

No pygame, no file I/O here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# Enum property types (Tiled "custom enum" types): name -> allowed values, first = usual default.
ENUMS: dict[str, tuple[str, ...]] = {
    "colour": ("green", "yellow", "amber", "red"),  # R-EXPLORE-2
    "door_state": ("closed", "open"),  # R-DOOR-9: doors normally begin closed
    "lock": ("", "storeroom", "office", "garage", "locker_room", "gate", "security"),  # DV-18 L1..L6
    "one_way": ("", "north", "south", "east", "west"),  # DV-18 L7/L8, R-DOOR-7
    "letter": ("A", "B", "C"),  # item token letters (R-SCEN-1)
    "enemy": ("zombie", "zombie_dog", "crawler", "stalker_one"),
    # burrower, stalker_two: the city's (DV-7); great_serpent, apex_prototype: the manor's (MDV-10)
    "boss": ("burrower", "stalker_two", "great_serpent", "apex_prototype"),
    # versus (rules/versus.md, maps with the map property rules=versus)
    "vs_faction": ("directorate", "syndicate"),  # 20.3
    "vs_facing": ("", "N", "E", "S", "W"),  # V-CHAR-7 ("": chosen at set-up, V-SETUP-3)
    "vs_side": ("N", "E", "S", "W"),  # which edge of the square
    "vs_object_kind": ("bed", "pew", "altar", "table", "cabinet", "crates"),  # 20.5
    "vs_door_kind": ("sliding", "wooden"),  # V-DOOR-6
    "vs_item_kind": ("card", "core"),  # V-CARD-2/7
}


@dataclass(frozen=True)
class Field:
    """A custom property of an element: ``kind`` is "string", "int", "bool" or an ENUMS name."""

    name: str
    kind: str
    default: object
    doc: str
    required: bool = False  # a string that must not stay empty
    choices: tuple[object, ...] = ()  # allowed values of an int field

    @property
    def tiled_type(self) -> str:
        """The Tiled property type ("string", "int", "bool"); enums are stored as strings."""
        return self.kind if self.kind in ("int", "bool") else "string"

    @property
    def enum(self) -> str | None:
        """The enum type name, or None for a plain field."""
        return self.kind if self.kind in ENUMS else None


@dataclass(frozen=True)
class Element:
    """A kind of map object, found by its Tiled class/type.

    ``shape``: "area" (rectangles covering squares), "line" (along grid lines), "edge" (a point
    on the grid line between two squares), "square" (a point inside one square), "free" (notes).
    ``units``: space taken in a square (R-COMP-8/9); ``units_by`` names a field whose value
    decides it (enemies).
    """

    name: str
    shape: str
    doc: str
    rule: str
    colour: str
    fields: tuple[Field, ...] = ()
    units: int = 0
    units_by: tuple[str, dict[str, int]] | None = None
    template_shape: str = "point"

    def field(self, name: str) -> Field | None:
        """The field called ``name``, or None."""
        for f in self.fields:
            if f.name == name:
                return f
        return None

    def units_for(self, props: dict[str, object]) -> int:
        """Capacity units this element takes in its square, given its property values."""
        if self.units_by is not None:
            key, table = self.units_by
            return table.get(str(props.get(key)), 0)
        return self.units


ENEMY_UNITS = {"zombie": 1, "zombie_dog": 1, "crawler": 2, "stalker_one": 2}  # R-COMP-9

_ELEMENTS: tuple[Element, ...] = (
    Element("board_tile", "area",
            "A board-game tile. One or more rectangles with the same name make one tile (L and P shapes). "
            "Every square a rectangle covers belongs to the tile.",
            "R-COMP-1, R-COMP-2", "#808080",
            (Field("colour", "colour", "green", "danger colour (R-EXPLORE-2)"),
             Field("unexplored", "bool", False, "starts with an unexplored token (R-EXPLORE-1); never on green"),
             Field("region", "int", 0, "floor/area number; only stairwells join regions (R-COMP-2)"),
             Field("title", "string", "", "room name shown in the game (default: the object name, "
                   "with '_' as spaces)")),
            template_shape="rectangle"),
    Element("wall", "line",
            "An interior wall: a polyline (or zero-width rectangle) along grid lines. Tile borders are walls "
            "without one.", "R-COMP-3, R-WALL-1", "#d03030", template_shape="polyline"),
    Element("door", "edge",
            "A door token on the grid line between two squares of different tiles.",
            "R-DOOR-1..9", "#c08040",
            (Field("state", "door_state", "closed", "closed or open at setup (locked doors start closed)"),
             Field("lock", "lock", "", "locked-door card id (DV-18); empty = not locked"),
             Field("one_way", "one_way", "", "one-way door: the side it opens from (DV-18 L7/L8)"))),
    Element("archway", "edge", "An archway between two tiles: always open, links them.",
            "R-ARCH-1", "#a0c040"),
    Element("barricade", "edge", "A barricade between two tiles: blocks like a wall until cleared.",
            "R-BARR-1..3", "#a04020"),
    Element("stairwell", "square", "One end of a stairwell pair; exactly two stairwells share a pair name.",
            "R-STAIR-1..4", "#6060ff",
            (Field("pair", "string", "", "name shared by the two ends", required=True),)),
    Element("start", "square", "Start position 1 or 2 (each map needs both).", "R-SCEN-5", "#40ff40",
            (Field("number", "int", 1, "start position number", choices=(1, 2)),)),
    Element("exit", "square", "The exit token (leave the play area).", "R-SCEN-6", "#ffffff"),
    Element("item", "square", "An item token.", "R-SEARCH", "#ffd040",
            (Field("letter", "letter", "A", "item deck letter"),)),
    Element("enemy", "square", "A starting enemy.", "R-SCEN-1", "#ff2020",
            (Field("enemy", "enemy", "zombie", "enemy type"),), units_by=("enemy", ENEMY_UNITS)),
    Element("spawn", "square", "A spawn point of the tile it lies in (R-COMP-5).", "R-SPAWN-1..6", "#ff80ff"),
    Element("fire", "square", "A fire token.", "R-FIRE-1..7", "#ff8000"),
    Element("corpse", "square", "A corpse token (small base).", "R-CORPSE-1..4", "#806060", units=1),
    Element("barrel", "square", "An explosive barrel (small base).", "R-BARREL-1..5", "#ff4000", units=1),
    Element("typewriter", "square", "A typewriter (small base).", "R-INK-3, R-INK-4", "#4080ff", units=1),
    Element("item_box", "square", "The item box (large base).", "R-IBOX-1..5", "#40c0ff", units=4),
    Element("narrative", "square", "A narrative token.", "R-NARR", "#c0a0ff"),
    Element("fixed_narrative", "square", "A fixed narrative token; its label names the brief's event.",
            "R-NARR", "#a080ff", (Field("label", "string", "", "event label in the brief", required=True),)),
    Element("progression", "square", "A campaign progression token; its label names the brief's entry.",
            "R-CAMP", "#ffff80", (Field("label", "string", "", "progression label in the brief", required=True),)),
    Element("mission", "square", "A mission token (mansion campaign): a survivor placed on it starts a "
            "mission (M-MISSION-1); its optional label names it for the brief.", "M-MISSION-1", "#80ffc0",
            (Field("label", "string", "", "name the brief may use for this token; may stay empty"),)),
    Element("objective", "square", "An objective token; its optional label names it for the brief's "
            "scenario actions (R-SCEN-4 `at_label`).", "R-SCEN-1", "#ffffc0",
            (Field("label", "string", "", "name the brief's scenario actions use (at_label); may stay empty"),)),
    Element("boss_start", "square", "Where the boss starts (large base).", "R-BOSS", "#ff0080",
            (Field("boss", "boss", "burrower", "which boss"),), units=4),
    Element("vs_start", "square", "Versus: a start square of a faction (V-SETUP-1/3); with a character and "
            "a facing it is that character's fixed position (20.6).", "V-SETUP-1", "#40ffa0",
            (Field("faction", "vs_faction", "directorate", "whose start square"),
             Field("character", "string", "", "a character of the roster placed here (fixed deployment); may stay empty"),
             Field("facing", "vs_facing", "", "its facing with a fixed deployment"))),
    Element("vs_object", "square", "Versus: one square of a floor object (V-BOARD-5/6); the squares of one "
            "object share its id.", "V-BOARD-6", "#b08050",
            (Field("label", "string", "", "the object's id (shared by its squares)", required=True),
             Field("kind", "vs_object_kind", "bed", "its values (20.5)"))),
    Element("vs_door", "square", "Versus: a door on one edge of this square (V-DOOR); a wide door is two "
            "of these with one id (V-DOOR-9).", "V-DOOR-6", "#e0a040",
            (Field("label", "string", "", "the door's id (shared by the two halves of a wide door)", required=True),
             Field("side", "vs_side", "N", "the edge of the square it stands on"),
             Field("kind", "vs_door_kind", "sliding", "sliding (needs a card, shuts at round end) or wooden"),
             Field("locked", "bool", False, "opens only with a magnetic card (V-DOOR-6)"))),
    Element("vs_item", "square", "Versus: a loose item (V-CARD-2): a magnetic card or a scenario item; with "
            "a holder it starts carried by that character.", "V-CARD-2", "#ffe080",
            (Field("label", "string", "", "the item's id", required=True),
             Field("kind", "vs_item_kind", "card", "a magnetic card or a scenario item (the data core)"),
             Field("holder", "string", "", "a character carrying it at the start; may stay empty"))),
    # the dungeon crawl's map cards (rules/dungeon.md D-MAP-2, D-TERRAIN; maps/dungeon/, the map
    # property rules=dungeon): a 7 x 7 map, the 5 x 5 core in cells 1..5, the half-squares around it
    Element("dn_wall", "square", "Dungeon card: a wall square of the core; figures never enter it and it "
            "blocks sight (D-MOVE-6, D-LOS-2).", "D-MOVE-6", "#5a5a6e"),
    Element("dn_water", "square", "Dungeon card: a water square (costs 2 movement points, does not block "
            "sight; D-TERRAIN-1).", "D-TERRAIN-1", "#3070d0"),
    Element("dn_pit", "square", "Dungeon card: a pit square (1 damage to a figure entering it, does not "
            "block sight; D-TERRAIN-2).", "D-TERRAIN-2", "#301818"),
    Element("dn_exit", "square", "Dungeon card: an exit half-square, just outside the middle of the N, E or "
            "W edge of the core (D-MAP-2); exploring it places the next card (D-EXPLORE-4).", "D-MAP-2",
            "#e0e040"),
    Element("dn_entrance", "square", "Dungeon card: the entrance (the ▲ half-square), just outside the "
            "middle of the S edge; every card but a start card has one (D-MAP-2).", "D-MAP-2", "#40e0e0"),
    Element("dn_encounter", "square", "Dungeon card: the encounter point, the core square the card's enemy "
            "dice are placed around (D-TERRAIN-5, D-ENEMY-5); at most one per card.", "D-TERRAIN-5", "#ff4040"),
    Element("dn_start", "square", "Dungeon start card: a square a hero starts on, in seat order by object "
            "id (D-TERRAIN-4, D-SETUP-9).", "D-TERRAIN-4", "#40ff40"),
    Element("dn_marker", "square", "Dungeon card: a named scenario square, e.g. the altar a scenario's "
            "objective names (16.7 SR-1).", "D-END-4", "#ffd700",
            (Field("label", "string", "altar", "the marker's name the scenario's objective uses", required=True),)),
    Element("note", "free", "An author's note (any shape, e.g. a text object); the game ignores it.",
            "-", "#c0c0c0", (Field("text", "string", "", "free text"),), template_shape="text"),
)

ELEMENTS: dict[str, Element] = {e.name: e for e in _ELEMENTS}

# Elements that become Board.placements (everything on a square except stairwells and starts).
PLACEMENT_KINDS: tuple[str, ...] = tuple(e.name for e in _ELEMENTS
                                         if e.shape == "square" and e.name not in ("stairwell", "start"))

MAX_UNITS = 4  # R-COMP-8


@dataclass(frozen=True)
class ProjectTypes:
    """What the loader takes from the Tiled project file: enum values and field defaults."""

    enums: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(ENUMS))
    defaults: dict[str, dict[str, object]] = field(
        default_factory=lambda: {e.name: {f.name: f.default for f in e.fields} for e in _ELEMENTS})
