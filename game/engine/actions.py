"""Actions and events: the values that cross the engine API.

An :class:`Action` is a small frozen value naming one choice a player can make now, from a
Move to "push the zombie to (3, 4)" or "re-roll die 2". ``legal_actions`` lists them;
``apply`` takes exactly one of them. An :class:`Event` is one thing that happened, with the
rule ID that produced it, a sentence for the log and the data the UI animates.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict

Sq = tuple[int, int]


class ActionKind(StrEnum):
    """Every kind of :class:`Action` the engine may list (the UI and bots import these, never
    string lists of their own). Members are ``str``, so ``a.kind == ActionKind.MOVE`` works."""

    # actions of the action phase (R-ACT-1)
    MOVE = "move"
    STAIRS = "stairs"
    DOOR = "door"
    CLEAR = "clear"
    SEARCH = "search"
    STASH = "stash"
    TYPEWRITER = "typewriter"
    RIBBONS = "ribbons"  # a brief's ink ribbon exchange (R-EASY-6 hook; free, R-INK-2)
    TRADE = "trade"
    USE = "use"
    ATTACK = "attack"
    EXIT = "exit"
    SCENARIO = "scenario"  # a brief's own action (R-SCEN-4)
    BURN = "burn"  # the mansion's Burn action (M-KERO-3)
    # free actions (R-INV-3, R-HERB-3, R-TURN-5)
    DISCARD = "discard"
    MIX = "mix"
    END_PHASE = "end_phase"
    # answers to decisions (R-DOC-5)
    PICK = "pick"
    PLACE = "place"
    PUSH = "push"
    REROLL = "reroll"
    DECLINE = "decline"
    KEEP = "keep"
    GIVE = "give"
    TAKE = "take"
    PUT = "put"
    DONE = "done"
    AUTO = "auto"
    CHOOSE = "choose"
    ORDER = "order"
    # results entered at the table when an automation switch is off (issue 12)
    FACE = "face"
    DRAW = "draw"
    # other rule sets (tests/rulesets, versus, dungeon)
    ACTIVATE = "activate"
    PASS = "pass"


class DecisionKind(StrEnum):
    """Every kind of pending decision (``state.pending.kind``) of the core rule set. Rule sets
    may add their own names; these are the ones the city game asks."""

    ACT = "act"  # the action phase: options are the legal actions (R-ACT-1)
    KEEP = "keep"
    OVERFLOW = "overflow"
    TAKE = "take"
    STASH = "stash"
    TRADE = "trade"
    SPLASH = "splash"
    PUSH_ENEMY = "push_enemy"
    OOS_ATTACKER = "oos_attacker"
    REROLL = "reroll"
    PUSH_CHAR = "push_char"
    CHARGE_PLACE = "charge_place"
    REACT_ORDER = "react_order"
    REACT_TARGET = "react_target"
    REACT_ATTACKER = "react_attacker"
    ORDER_MOVES = "order_moves"
    EMOVE_TARGET = "emove_target"
    EMOVE_DEST = "emove_dest"
    LUNGE_PICK = "lunge_pick"
    FIRE_PLACE = "fire_place"
    REFILL = "refill"
    PEEK = "peek"
    SPAWN_ORDER = "spawn_order"
    DISPLACE = "displace"
    CORPSE_SPREAD = "corpse_spread"
    GEAR = "gear"
    NARRATIVE = "narrative"
    BOSS_TARGET = "boss_target"
    BOSS_STEP = "boss_step"
    SHOVE = "shove"
    BOSS_ATTACK_TARGET = "boss_attack_target"
    BURROW = "burrow"
    RIBBON_CARDS = "ribbon_cards"  # how many tension cards an ink ribbon buys back (R-EASY-6)
    ENTER = "enter"  # a die face or a tension card entered at the table (issue 12)


#: Decisions that ask which enemy/square settles a tie the rules leave to the players (R-DOC-5);
#: a UI setting may let the game take the first option for them.
TIE_DECISIONS = frozenset({DecisionKind.EMOVE_DEST, DecisionKind.EMOVE_TARGET, DecisionKind.SPAWN_ORDER,
                           DecisionKind.DISPLACE, DecisionKind.CHARGE_PLACE, DecisionKind.BOSS_STEP,
                           DecisionKind.CORPSE_SPREAD})


class Action(BaseModel):
    """One player decision.

    ``kind`` names it (``move``, ``door``, ``search``, ``trade``, ``use``, ``attack``,
    ``exit``, ``stairs``, ``clear``, ``end_phase``, ``discard``, ``mix``, ``pick``,
    ``place``, ``push``, ``reroll``, ``keep``, ``give``, ``take``, ``done``, ``decline``,
    ``auto`` ...). ``to`` is a square (x, y); ``target`` an enemy, character or token id;
    ``item``/``item2`` card ids; ``n`` a count (rapid-fire dice, die index); ``edge`` an edge
    id ``"x1,y1|x2,y2"``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    to: Sq | None = None
    target: str | None = None
    item: str | None = None
    item2: str | None = None
    n: int | None = None
    edge: str | None = None

    def __init__(self, /, **data: Any) -> None:
        # Fast path (the rules build thousands of actions per second): values that already have
        # exactly the field's type need no validation, and validating them would give the same
        # model. Anything else (lists from JSON, enum members, unknown names) is validated.
        if _plain_action(data):
            d = dict(_ACTION_EMPTY)
            d.update(data)
            _setattr(self, "__dict__", d)
            _setattr(self, "__pydantic_fields_set__", set(data))
            _setattr(self, "__pydantic_extra__", None)
            _setattr(self, "__pydantic_private__", None)
        else:
            super().__init__(**data)

    def __eq__(self, other: object) -> bool:
        if type(other) is Action and type(self) is Action:
            return self.__dict__ == other.__dict__
        return super().__eq__(other)

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__.values()))

    def short(self) -> dict[str, Any]:
        """The action as a compact dict (None fields dropped), for records and saves: a new dict
        each time (built once per action object, then copied)."""
        hit = _SHORT.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1].copy()
        d = {k: v for k, v in self.__dict__.items() if v is not None}
        if len(_SHORT) >= 50_000:  # a bound on memory (fresh actions are kept alive by it)
            _SHORT.clear()
        _SHORT[id(self)] = (self, d)
        return d.copy()


_setattr = object.__setattr__
_SHORT: dict[int, tuple[Action, dict[str, Any]]] = {}  # id(action) -> (action, its short() dict)
_ACTION_EMPTY: dict[str, Any] = dict.fromkeys(("kind", "to", "target", "item", "item2", "n", "edge"))
_ACTION_TYPES: dict[str, type] = {"kind": str, "to": tuple, "target": str, "item": str, "item2": str, "n": int,
                                  "edge": str}


def _plain_action(data: dict[str, Any]) -> bool:
    """True if every value in ``data`` is None (for an optional field) or exactly of its field's
    type, so that validation could not change it."""
    if type(data.get("kind")) is not str:
        return False
    types = _ACTION_TYPES
    for k, v in data.items():
        t = types.get(k)
        if t is None:
            return False
        if v is None:
            continue
        if type(v) is not t:
            return False
        if t is tuple and (len(v) != 2 or type(v[0]) is not int or type(v[1]) is not int):
            return False
    return True


_INTERNED: dict[tuple, Action] = {}


def make_action(kind: str, to: Sq | None = None, target: str | None = None, item: str | None = None,
                item2: str | None = None, n: int | None = None, edge: str | None = None) -> Action:
    """``Action(kind=..., ...)`` with the given non-None fields, shared between calls: actions are
    frozen values, so the rules hand out one object per distinct action instead of building
    (and validating) the same one again at every step. Same equality, hash, ``short()`` and
    ``model_dump()`` as a freshly built one."""
    key = (kind, to, target, item, item2, n, edge)
    try:
        a = _INTERNED.get(key)
    except TypeError:  # an unhashable value (a list from JSON): built and validated, not shared
        return Action(**{k: v for k, v in zip(_ACTION_EMPTY, key) if v is not None})
    if a is None:
        if len(_INTERNED) >= 50_000:  # a bound on memory; a full table just starts over
            _INTERNED.clear()
        fields = {k: v for k, v in zip(_ACTION_EMPTY, key) if v is not None}
        a = _INTERNED[key] = Action(**fields)
    return a


_BY_FIELD: dict[tuple, Action] = {}


def action_with(kind: str, name: str = "", value: Any = None) -> Action:
    """``make_action(kind, **{name: value})`` (``make_action(kind)`` without a name): the same
    shared action, found by a shorter key and positional arguments, for the loops that list the
    options of every step (issue 8)."""
    key = (kind, name, value)
    a = _BY_FIELD.get(key)
    if a is None:
        a = make_action(kind, **{name: value}) if name else make_action(kind)
        if len(_BY_FIELD) >= 50_000:  # a bound on memory, as make_action's
            _BY_FIELD.clear()
        _BY_FIELD[key] = a
    return a


_ATTACKS: dict[tuple, Action] = {}


def attack_action(item: str, target: str, n: int) -> Action:
    """``make_action("attack", item=item, target=target, n=n)``, found by a shorter key."""
    key = (item, target, n)
    a = _ATTACKS.get(key)
    if a is None:
        a = make_action("attack", item=item, target=target, n=n)
        if len(_ATTACKS) >= 50_000:
            _ATTACKS.clear()
        _ATTACKS[key] = a
    return a


_PLACED: dict[tuple, Action] = {}


def target_to_action(kind: str, target: str, to: Sq) -> Action:
    """``make_action(kind, target=target, to=to)`` (a push or a placement of one model), found by
    a shorter key."""
    key = (kind, target, to)
    a = _PLACED.get(key)
    if a is None:
        a = make_action(kind, target=target, to=to)
        if len(_PLACED) >= 50_000:
            _PLACED.clear()
        _PLACED[key] = a
    return a


_FIELDS: dict[type, tuple[str, ...]] = {}


def construct(cls: type, **values: Any) -> Any:
    """``cls.model_construct(**values)`` for models whose every field is given (no defaults to
    fill, no validation): the same object, built faster. For engine-made values only."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(cls.model_fields)
    m = cls.__new__(cls)
    _setattr(m, "__dict__", {k: values[k] for k in names})  # field order: JSON keeps it
    _setattr(m, "__pydantic_fields_set__", set(values))
    _setattr(m, "__pydantic_extra__", None)
    _setattr(m, "__pydantic_private__", None)
    return m


@dataclass(slots=True)
class Event:
    """Something that happened. ``rule`` is the rule ID (e.g. ``R-EVADE-3``); ``text`` a
    sentence for the log; ``data`` the details (dice faces, squares, ids: see
    :mod:`game.engine.events`). A slotted dataclass (the machine makes several per action; issue 8)."""

    kind: str
    rule: str = ""
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    #: who may see it: None = every seat and any spectator (the default: public information);
    #: a tuple of seat indexes = only those seats (a secret, e.g. a bid, a card drawn to a hand).
    #: The UI and bots see a seat's events through :func:`visible_to` / ``View.events``.
    audience: tuple[int, ...] | None = None

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]:
        """The event as a dict (``mode="json"``: JSON-ready values), as pydantic's ``model_dump``;
        ``audience`` only when the event is secret (public events dump as they always did)."""
        if mode == "json":
            from pydantic import TypeAdapter
            d = TypeAdapter(Event).dump_python(self, mode="json")
        else:
            d = {"kind": self.kind, "rule": self.rule, "text": self.text, "data": copy.deepcopy(self.data),
                 "audience": self.audience}
        if d["audience"] is None:
            del d["audience"]
        return d

    def seen_by(self, seat: int | None) -> bool:
        """May seat ``seat`` (None: a spectator) see this event? Public events: everyone; secret
        ones: only the seats of their audience (never a spectator)."""
        a = self.audience
        return a is None or (seat is not None and seat in a)


def visible_to(events: list[Event], seat: int | None) -> list[Event]:
    """The events of ``events`` that seat ``seat`` may see, in order (None: a spectator, who sees
    only public events). The one filter the UI and bots put between the engine and a player."""
    return [e for e in events if e.audience is None or (seat is not None and seat in e.audience)]


#: Decisions that order several enemies or pick among equal-threat attackers; ``auto`` (where
#: offered) is the rules' default order (R-REACT-8, R-OOS-1, R-REACT-5).
ORDER_DECISIONS = frozenset({DecisionKind.REACT_ORDER, DecisionKind.ORDER_MOVES, DecisionKind.REACT_ATTACKER})
