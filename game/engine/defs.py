"""Content definitions the engine reads: survivors, enemies, items, cards, scenarios.

These are plain validated data (pydantic v2 models, ``extra='forbid'``); ``game.content``
loads them from YAML and reports errors with file and line. Card effects are data: a closed
vocabulary of :class:`Op` keywords (R-TENSION-12), never code.
"""
from __future__ import annotations

import weakref

from enum import Enum
from types import FunctionType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Face(str, Enum):
    """Attack/evade die symbols (DV-1), in increasing order of strength."""

    BLANK = "BLANK"
    HIT = "HIT"
    HIT_PLUS = "HIT_PLUS"
    CRIT = "CRIT"

    @property
    def rank(self) -> int:
        return _FACE_RANK[self]


_FACE_RANK = {Face.BLANK: 0, Face.HIT: 1, Face.HIT_PLUS: 2, Face.CRIT: 3}

# DV-1: die faces 1..6
BLUE_FACES = (Face.BLANK, Face.BLANK, Face.HIT, Face.HIT, Face.HIT_PLUS, Face.CRIT)
RED_FACES = (Face.BLANK, Face.HIT, Face.HIT_PLUS, Face.HIT_PLUS, Face.CRIT, Face.CRIT)
#: DV-1 as content gives it by default (``assets/data/dice.yaml``): colour -> faces 1..6
DV1_DICE: dict[str, tuple[Face, ...]] = {"blue": BLUE_FACES, "red": RED_FACES}


class DiceDef(Strict):
    """The attack/evade dice of a content set (DV-1, ``dice.yaml``): colour -> its six faces, face 1
    first. ``blue`` (attack and evade, R-EVADE-1) and ``red`` (attack only) must both be given."""

    dice: dict[str, list[Face]]

    @field_validator("dice")
    @classmethod
    def _six_faces(cls, v: dict[str, list[Face]]) -> dict[str, list[Face]]:
        for colour in ("blue", "red"):
            if colour not in v:
                raise ValueError(f"the {colour} die is missing (DV-1 needs 'blue' and 'red')")
        for colour, faces in v.items():
            if len(faces) != 6:
                raise ValueError(f"the {colour} die has {len(faces)} faces, a die has 6 (DV-1)")
        return v


def face_meets_tier(face: Face, tier: int) -> bool:
    """DV-1 evade table: does ``face`` satisfy evade tier 1..3 (R-EVADE-1)?"""
    return face.rank >= tier


def herb_value(herbs: list[str | None]) -> int:
    """How many health steps a stack of herbs recovers (DV-11): green 1 each; red 2 each if the
    stack holds a green; blue cures poison only (0 here). ``herbs``: the herb colour of each card
    (None for a card that is not a herb)."""
    g = herbs.count("green")
    r = herbs.count("red")
    return g + (2 * r if g else 0)


class Base(str, Enum):
    """Base sizes and their capacity units (R-COMP-7, R-COMP-8)."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"

    @property
    def units(self) -> int:
        return _BASE_UNITS[self._value_]  # (``_value_``: Enum's ``value`` is a slower property)

    @property
    def evade_tier(self) -> int:
        """Base evade difficulty of an attacker on this base (R-EVADE-2, DV-2)."""
        return _BASE_EVADE[self._value_]


_BASE_UNITS = {"small": 1, "medium": 2, "large": 4}
_BASE_EVADE = {"small": 1, "medium": 2, "large": 3}


Special = str  # a survivor special keyword the rule set registers (DV-8); checked at load


class CharacterDef(Strict):
    """A survivor profile (R-CHAR-1, DV-8)."""

    id: str
    name: str
    background: str
    evade_dice: int = Field(ge=1, le=3)
    inventory_limit: int = Field(ge=1, le=12)
    starting_items: list[str]
    special: Special
    special_name: str
    special_text: str
    colour: tuple[int, int, int] = (200, 200, 200)


Symbol = Literal["FANG", "CLAW", "HOOK", "FIST"]


class AttackDef(Strict):
    """An enemy or boss attack: range in squares and hit effects (R-EATK-1, DV-6)."""

    name: str = "Basic"
    range: int = Field(ge=0)
    damage: int = Field(default=0, ge=0)
    push: bool = False
    charge: bool = False
    poison: bool = False
    stun: bool = False
    sweep: bool = False
    evade: int | None = Field(default=None, ge=1, le=3)  # bosses list their own (R-BOSS-13)


class EnemyDef(Strict):
    """An enemy reference card (R-ENEMY-1, DV-6)."""

    id: str
    name: str
    threat: int = Field(ge=1)
    move: int = Field(ge=0)
    hp: int = Field(ge=1)
    base: Base
    basic: AttackDef
    special: AttackDef | None = None
    special_symbol: Symbol | None = None
    rules: list[str] = []
    models: int = Field(ge=1)
    text: str = ""
    attacks: dict[str, AttackDef] = {}  # bosses: named attacks (DV-6)
    solo_hp: int | None = None  # R-SOLO-5
    enrage_at: int | None = None  # Stalker Stage Two (DV-6 Enrage)
    solo_enrage_at: int | None = None


class EffectRow(Strict):
    """One weapon row: what a best symbol does (R-ATK-4, R-ATK-6)."""

    damage: int = Field(default=0, ge=0)
    push: bool = False
    burst: bool = False

    def describe(self) -> str:
        """'1 damage + push', 'push', or 'nothing' (for logs and the UI)."""
        bits = ([f"{self.damage} damage"] if self.damage else []) + (["push"] if self.push else []) + \
            (["burst"] if self.burst else [])
        return " + ".join(bits) or "nothing"


class WeaponDef(Strict):
    """A weapon profile (R-WPN-1, DV-9). ``range`` None means LOS (R-RANGE-3)."""

    capacity: int | None = Field(default=None, ge=1)
    range: int | None = Field(default=0, ge=0)
    min_range: int = Field(default=0, ge=0)
    dice: Literal["blue", "red"]
    count: int = Field(ge=1, le=3)
    rapid_fire: bool = False
    hit: EffectRow
    hit_plus: EffectRow
    crit: EffectRow
    special: str | None = None  # a weapon special keyword (DV-9), checked at load


ItemType = Literal["weapon", "ammo", "recovery", "scenario", "special"]


class ItemDef(Strict):
    """An item card (R-ITEM-1, DV-9..DV-14)."""

    id: str
    name: str
    type: ItemType
    text: str
    weapon: WeaponDef | None = None
    reload: int | None = None  # ammo: amount (DV-10)
    fits: list[str] = []  # ammo: weapon ids it reloads
    herb: Literal["green", "red", "blue"] | None = None
    heal: int = 0  # First-Aid Spray: 3
    key_for: list[str] = []  # lock card ids it opens (R-DOOR-5)
    opens_simple: bool = False  # Lock Pick (R-DOOR-8)
    stage: int | None = Field(default=None, ge=1, le=3)  # Item C stage (R-CAMP-6, DV-14)
    limit_bonus: int = Field(default=0, ge=0, le=2)  # Use: removed from the game, inventory limit +n (DV-12)
    spared_by_cards: bool = False  # card effects never demand its discard (the Knife, R-TENSION-12)

    @field_validator("weapon")
    @classmethod
    def _weapon_matches(cls, v, info):
        if info.data.get("type") == "weapon" and v is None:
            raise ValueError("a weapon item needs a 'weapon' profile")
        return v


# An effect keyword (R-TENSION-12). The vocabulary is the rule set's effect registry
# (game.engine.core.effects); the content loader refuses keywords it does not hold.
OpKind = str


class Op(Strict):
    """One effect keyword with its parameters (R-TENSION-12).

    ``enemies``: spawn list in placement order (R-SPAWN-7); ``n``: count or steps
    (``DANGER`` uses a signed n; ``RECOVER`` n=99 means FULL); ``who``: active|all;
    ``name``: sustained effect name.
    """

    op: OpKind
    n: int = 0
    enemies: list[str] = []
    who: Literal["active", "all"] = "active"
    name: str | None = None


class TensionCardDef(Strict):
    """A tension card design (R-TENSION-2/3, DV-16); ``symbols`` lists one symbol per copy."""

    id: str
    name: str
    colour: Literal["green", "amber", "red"]
    text: str
    effect: list[Op]
    high: list[Op] = []
    extreme: list[Op] = []
    symbols: list[Symbol | None]
    escalation: bool = False
    intro: bool = False


class PacketDef(Strict):
    """An escalation packet (R-CAMP-8, DV-16): cards added, and copies removed by card id and
    symbol (each entry removes one copy bearing that symbol)."""

    add: dict[str, int]
    remove: dict[str, list[Symbol | None]] = {}


class DecksDef(Strict):
    """Deck compositions (DV-13, DV-16): card id -> copies."""

    item_a: dict[str, int]
    item_a_rare: dict[str, int]
    item_b_pool: dict[str, int]
    tension_base: dict[str, int]
    packets: dict[str, PacketDef]
    standalone_gear: dict[int, list[str]] = {}
    simple_locks: list[str] = []
    corpse_enemy: str  # the enemy a corpse rises as (R-CORPSE-2)
    encounter_tables: dict[str, list[list[str]]] = {}  # DV-15 defaults by tile colour, faces 1..6


class BehaviourLine(Strict):
    """One line of a behaviour card (R-BOSS-12, DV-7)."""

    kind: Literal["MOVE", "ATTACK", "SPECIAL"]
    target: Literal["ACTIVE", "NEAREST", "FARTHEST", "MOST_WOUNDED"] | None = None
    max: int = 0
    attack: str | None = None
    dmg_bonus: int = 0
    fresh_target: bool = False
    special: str | None = None  # a boss special keyword (DV-7), checked at load


class BehaviourCardDef(Strict):
    """A boss behaviour card (R-BOSS-11, DV-7)."""

    id: str
    boss: str
    name: str
    copies: int = Field(ge=1)
    text: str
    lines: list[BehaviourLine]


class NarrativeOption(Strict):
    """One choice of a narrative card (R-NARR-5)."""

    label: str
    text: str
    effect: list[Op]


class NarrativeCardDef(Strict):
    """A narrative card (R-NARR-4, DV-17): either ``options`` or an ``effect``."""

    id: str
    name: str
    text: str
    stalker: bool = False
    effect: list[Op] = []
    options: list[NarrativeOption] = []


class FixedEventDef(Strict):
    """A fixed narrative event of a brief (R-NARR-3)."""

    name: str
    text: str
    effect: list[Op] = []
    options: list[NarrativeOption] = []


class ScenarioActionDef(Strict):
    """A Scenario Action a brief defines (R-SCEN-4): costs one action, is a non-attack action
    (R-OOS-3); its requirements are the fields below and its effects the effect vocabulary.

    ``at``: a token kind the survivor must stand on (``objective``, ``exit`` ...), with ``label``
    matching the token's ``label`` property when given; ``item``: an item the survivor must hold
    (removed from the game when ``consume``); ``needs_markers``: scenario markers already set;
    ``marker``: the marker it sets; ``once``: it can be done once per scenario."""

    id: str = Field(pattern=r"^[a-z0-9_]{1,40}$")
    label: str = Field(min_length=1, max_length=60)
    text: str = Field(default="", max_length=400)
    at: str | None = None
    at_label: str | None = None
    item: str | None = None
    consume: bool = True
    needs_markers: list[str] = []
    marker: str | None = None
    once: bool = True
    effect: list[Op] = []


class RibbonExchangeDef(Strict):
    """A brief's ink ribbon exchange (R-EASY-6 brief hook): on its own turn a survivor may spend
    one ink ribbon to add ``min_cards``..``max_cards`` tension cards from the discard pile back
    into the draw pile (the players pick the number; easy mode always adds ``max_cards``).
    Raises pydantic ValidationError when ``min_cards`` exceeds ``max_cards``."""

    max_cards: int = Field(ge=1, le=20)
    min_cards: int = Field(default=1, ge=1, le=20)

    @model_validator(mode="after")
    def _order(self) -> "RibbonExchangeDef":
        if self.min_cards > self.max_cards:
            raise ValueError(f"min_cards ({self.min_cards}) is more than max_cards ({self.max_cards}); "
                             "write min_cards <= max_cards")
        return self


DISTRICTS = ("Downtown", "Uptown", "Commercial", "Precinct", "Clock Tower")  # DV-19


class StandaloneDef(Strict):
    """R-SCEN-2 ``standalone``: how the brief is played on its own (R-STAND-1..7, DV-21).

    ``gear``: the DV-21 row whose extra weapons are dealt at set-up (0 none, 1..3 the tiers,
    4 the finale; R-STAND-3); ``danger_start``: the danger space the marker starts on
    (R-STAND-5); ``packets``: the escalation packets shuffled in (R-STAND-2). A brief with this
    field set up on its own places no Item C or progression tokens (R-STAND-1)."""

    gear: int = Field(ge=0, le=4)
    danger_start: int = Field(ge=0, le=17)
    packets: list[Literal["E1", "E2", "E3"]] = []


class ExtraFailureDef(Strict):
    """One ``extra_failure`` condition of a brief (R-SCEN-8 (c)), checked state-based after every
    task (R-TURN-12); when it holds the scenario ends as a failure with ``text`` as the reason.

    ``when``:
      * ``enemy_on``: a non-boss enemy stands on the square of a token of kind ``at`` (with
        ``label`` ``at_label`` when given);
      * ``marker``: the scenario marker ``marker`` is set (by a MARK effect or a scenario action).
    ``unless_marker``: the condition no longer counts once this marker is set."""

    when: Literal["enemy_on", "marker"]
    text: str = Field(min_length=1, max_length=200)
    at: str | None = None
    at_label: str | None = None
    marker: str | None = None
    unless_marker: str | None = None

    @model_validator(mode="after")
    def _complete(self) -> "ExtraFailureDef":
        if self.when == "enemy_on" and not self.at:
            raise ValueError("an 'enemy_on' failure needs 'at' (a token kind such as objective)")
        if self.when == "marker" and not self.marker:
            raise ValueError("a 'marker' failure needs 'marker' (the marker that ends the scenario)")
        return self


class SpecialRuleDef(Strict):
    """A special rule of a brief (R-SCEN-1 "any special rules", R-SCEN-2 ``special_rules[]``):
    a name and a sentence shown in the briefing. What it does is written as brief data (scenario
    actions, fixed events, extra failures in the effect vocabulary) or as map features (one-way
    doors); ``refs`` names those parts (scenario action ids, fixed event labels, markers) and is
    checked at load."""

    name: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=300)
    refs: list[str] = []


class ScenarioDef(Strict):
    """A scenario brief (R-SCEN-2), the parts that are not on the map."""

    id: str
    name: str
    map: str
    intro: bool = False
    description: str = ""
    # all_exit: every survivor out (R-INTRO-6); kill_boss (R-BOSS-10); markers: every marker of
    # objective_markers set by scenario actions; markers_and_exit: both (R-SCEN-4, R-SCEN-8)
    objective: Literal["all_exit", "kill_boss", "markers", "markers_and_exit"] = "all_exit"
    objective_markers: list[str] = []
    scenario_actions: list[ScenarioActionDef] = []  # R-SCEN-4
    objective_text: str = ""
    goal: str = Field(default="", max_length=110)  # the objective in one line (the caption above the board)
    item_a: list[str] = []  # deck list for the Item A deck (intro: R-INTRO-3)
    item_a_standard: bool = False  # the 20 regular Item A cards (R-CAMP-5) plus rare_item_a
    rare_item_a: list[str] = []  # rare cards this brief adds (R-ITEM-4)
    item_b: list[str] = []
    item_c: list[str] = []  # Item C cards in play, stacked by stage (R-CAMP-6)
    tension_campaign: bool = False  # the 34-card starting deck plus packets (R-CAMP-7/8)
    packets: list[Literal["E1", "E2", "E3"]] = []
    danger_start: int = Field(default=0, ge=0, le=17)
    easy: bool = False
    tier: int = 0
    narrative_deck: bool = False  # draw from the 14-card narrative deck (R-NARR-2, R-STAND-5)
    fixed_events: dict[str, FixedEventDef] = {}  # label -> event (R-NARR-3)
    solo: bool = False
    standalone_gear: bool = False  # deal the DV-21 extra weapons of this tier at set-up (R-STAND-3)
    tension: list[str] = []  # card ids, each once per copy listed
    tension_reshuffle: bool = False  # R-TENSION-10
    ribbon_exchange: RibbonExchangeDef | None = None  # R-EASY-6: ink ribbons for tension cards
    ignore_symbols: bool = False  # R-INTRO-5
    use_danger: bool = True
    encounter_tables: dict[str, list[list[str]]] = {}
    max_turns_hint: int = 0
    # R-SCEN-2 fields of a campaign brief (DV-19); optional for the tutorial and test briefs
    district: Literal["Downtown", "Uptown", "Commercial", "Precinct", "Clock Tower"] | None = None
    progression: dict[str, str] = {}  # progression token label -> path card id | CLOCK_TOWER_ROUTE
    extra_failure: list[ExtraFailureDef] = []  # R-SCEN-8 (c)
    special_rules: list[SpecialRuleDef] = []
    standalone: StandaloneDef | None = None  # R-STAND, DV-21

    @model_validator(mode="before")
    @classmethod
    def _standalone_values(cls, data):
        """R-SCEN-2 ``standalone`` is the source of the set-up values it names: it fills
        ``standalone_gear``, ``danger_start`` and ``packets`` (a brief may not also give them
        differently)."""
        if not isinstance(data, dict) or not isinstance(data.get("standalone"), dict):
            return data
        sa = data["standalone"]
        derived = {"standalone_gear": sa.get("gear", 0) not in (0, None), "packets": sa.get("packets", [])}
        if "danger_start" in sa:
            derived["danger_start"] = sa["danger_start"]
        out = dict(data)
        for k, v in derived.items():
            if k in data and data[k] != v:
                raise ValueError(f"'{k}: {data[k]}' contradicts 'standalone' ({v}); give it in 'standalone' only")
            out[k] = v
        return out

    @model_validator(mode="after")
    def _brief_refs(self) -> "ScenarioDef":
        markers = set(self.objective_markers) | {a.marker for a in self.scenario_actions if a.marker}
        for f in self.extra_failure:
            for m in (f.marker, f.unless_marker):
                if m and m not in markers and not self._marked(m):
                    raise ValueError(f"extra_failure names the marker '{m}', which nothing in the brief sets")
        known = {a.id for a in self.scenario_actions} | set(self.fixed_events) | markers
        for r in self.special_rules:
            for ref in r.refs:
                if ref not in known:
                    raise ValueError(f"special rule '{r.name}' refers to '{ref}', which is no scenario action, "
                                     "fixed event or marker of this brief")
        if self.standalone is not None and self.standalone.gear not in (0, self.tier):
            raise ValueError(f"standalone gear {self.standalone.gear} is not the brief's tier {self.tier} (DV-21)")
        return self

    def _marked(self, m: str) -> bool:
        ops = [o for a in self.scenario_actions for o in a.effect]
        ops += [o for fx in self.fixed_events.values() for o in fx.effect + [x for op in fx.options for x in op.effect]]
        return any(o.op == "MARK" and o.name == m for o in ops)


# -- plain read-only copies for the rules' hot paths (issue 8) ---------------------------------
# A pydantic model's class defines ``__getattr__``, so CPython 3.11 cannot specialise attribute
# loads on it: every ``d.threat`` or ``w.range`` of a definition read by the rules at every step
# takes the slow generic path. The rules read definitions through :func:`plain` copies instead:
# instances of a slotted class made per definition class, with the same field values (nested
# definitions as plain copies too, lists and dicts of values shared), the same methods and
# properties, and the pydantic model kept as ``_model`` (``model_dump``/``model_copy`` and
# equality go to it). The content stays pydantic models; loading and validation are unchanged.

_PLAIN_CLASSES: dict[type, type] = {}
#: id(model) -> its plain copy, held weakly (issue 29 item 7): a copy lives while the rules use it
#: (a run's tables) and goes with them, so content loaded again and again (a scenario picked, F5)
#: leaves no old definitions behind; the copy holds its model, so an id is never reused meanwhile
_PLAIN_OF: "weakref.WeakValueDictionary[int, object]" = weakref.WeakValueDictionary()


def _frozen(self: object, name: str, value: object = None) -> None:
    raise TypeError(f"{type(self).__name__} is a read-only copy of a content definition")


def _plain_class(cls: type) -> type:
    fields = tuple(cls.model_fields)
    ns: dict = {"__slots__": fields + ("_model", "__weakref__"), "__module__": cls.__module__,
                "__qualname__": f"plain.{cls.__qualname__}", "__doc__": cls.__doc__, "model_fields": cls.model_fields}
    for klass in reversed(cls.__mro__):  # the definition's own methods and properties
        if klass is object or klass.__module__.startswith("pydantic"):
            continue
        for k, v in vars(klass).items():
            if k.startswith("__") or k in fields:
                continue
            if isinstance(v, (FunctionType, property, classmethod, staticmethod)):
                ns[k] = v
    ns.update(__setattr__=_frozen, __delattr__=_frozen,
              model_dump=lambda self, **kw: self._model.model_dump(**kw),
              model_copy=lambda self, **kw: self._model.model_copy(**kw),
              __eq__=lambda self, other: self._model == getattr(other, "_model", other),
              __hash__=lambda self: hash(self._model),
              __repr__=lambda self: repr(self._model))
    pc = _PLAIN_CLASSES[cls] = type(cls.__name__, (), ns)
    return pc


def _plain_value(v: object) -> object:
    if isinstance(v, BaseModel):
        return plain(v)
    if type(v) is list and any(isinstance(x, BaseModel) for x in v):
        return [plain(x) if isinstance(x, BaseModel) else x for x in v]
    if type(v) is dict and any(isinstance(x, BaseModel) for x in v.values()):
        return {k: plain(x) if isinstance(x, BaseModel) else x for k, x in v.items()}
    return v


def plain(m: BaseModel) -> object:
    """The plain read-only copy of the content definition ``m`` (one per model object, kept):
    the same field values and methods, attribute reads that CPython can specialise."""
    hit = _PLAIN_OF.get(id(m))
    if hit is not None and hit._model is m:
        return hit
    cls = type(m)
    pc = _PLAIN_CLASSES.get(cls) or _plain_class(cls)
    obj = object.__new__(pc)
    for name in cls.model_fields:
        object.__setattr__(obj, name, _plain_value(getattr(m, name)))
    object.__setattr__(obj, "_model", m)
    _PLAIN_OF[id(m)] = obj
    return obj


def plain_table(defs: dict[str, BaseModel]) -> dict[str, object]:
    """``{id: plain(d)}`` for a content table (a new dict, the copies shared)."""
    return {k: plain(d) for k, d in defs.items()}
