"""Actions and events: the values that cross the engine API.

An :class:`Action` is a small frozen value naming one choice a player can make now, from a
Move to "push the zombie to (3, 4)" or "re-roll die 2". ``legal_actions`` lists them;
``apply`` takes exactly one of them. An :class:`Event` is one thing that happened, with the
rule ID that produced it, a sentence for the log and the data the UI animates.
"""
from __future__ import annotations

import copy
from enum import StrEnum
from typing import Any

from .messages import keyed


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
    TURN_ORDER = "turn_order"  # who takes the next turn under a free turn order (the machine's, D-ROUND-2)


#: Decisions that ask which enemy/square settles a tie the rules leave to the players (R-DOC-5);
#: a UI setting may let the game take the first option for them.
TIE_DECISIONS = frozenset({DecisionKind.EMOVE_DEST, DecisionKind.EMOVE_TARGET, DecisionKind.SPAWN_ORDER,
                           DecisionKind.DISPLACE, DecisionKind.CHARGE_PLACE, DecisionKind.BOSS_STEP,
                           DecisionKind.CORPSE_SPREAD})


#: The payload fields of the city's vocabulary and their types: a square, a target id, two card
#: ids, a count, an edge id. Every kind that declares no payload of its own takes these (the city,
#: the mansion and the campaign use nothing else); a kind that needs another field (a facing, the
#: command points of a bid) declares its own with :func:`action_payload`.
COMMON_PAYLOAD: dict[str, type] = {"to": tuple, "target": str, "item": str, "item2": str, "n": int, "edge": str}
#: the payload types an action field may have (``tuple`` is a square: two ints)
PAYLOAD_TYPES = (str, int, bool, tuple)
_PAYLOADS: dict[str, dict[str, type]] = {}  # kind -> its declared payload (fields in order)
_RESERVED = frozenset({"kind", "short", "payload", "model_dump", "copy"})


def action_payload(kind: str, **fields: type) -> dict[str, type]:
    """Declare the typed payload of action kind ``kind`` (issue 23 item 4): its field names, in
    the order records write them, and each one's type (``str``, ``int``, ``bool`` or ``tuple``
    for a square). ``Action(kind=kind, ...)`` then accepts exactly these fields; an unset field
    reads None. Declaring the same payload again is allowed (modules reloaded in tests); another
    payload for a declared kind, a reserved or non-identifier name or another type raises
    ValueError. Returns the payload."""
    bad = [f for f in fields if not f.isidentifier() or f.startswith("_") or f in _RESERVED]
    if bad:
        raise ValueError(f"action kind {kind!r}: {bad[0]!r} cannot be a payload field name")
    wrong = [f for f, t in fields.items() if t not in PAYLOAD_TYPES]
    if wrong:
        raise ValueError(f"action kind {kind!r}: field {wrong[0]!r} has type {fields[wrong[0]]!r}; "
                         f"payload types are str, int, bool and tuple (a square)")
    have = _PAYLOADS.get(str(kind))
    if have is not None and have != fields:
        raise ValueError(f"action kind {kind!r} already has the payload {have}; cannot declare {fields}")
    _PAYLOADS[str(kind)] = dict(fields)
    for f in fields:  # an unset field reads None (a class default: no lookup hook on the hot path)
        if not hasattr(Action, f):
            setattr(Action, f, None)
    return _PAYLOADS[str(kind)]


def payload_of(kind: str) -> dict[str, type]:
    """The payload fields of action kind ``kind`` and their types (:data:`COMMON_PAYLOAD` for a
    kind that declared none)."""
    return _PAYLOADS.get(kind, COMMON_PAYLOAD)


class Action:
    """One player decision: its ``kind`` and a typed payload (issue 23 item 4).

    ``kind`` names it (``move``, ``door``, ``search``, ``trade``, ``use``, ``attack``,
    ``exit``, ``stairs``, ``clear``, ``end_phase``, ``discard``, ``mix``, ``pick``,
    ``place``, ``push``, ``reroll``, ``keep``, ``give``, ``take``, ``done``, ``decline``,
    ``auto`` ...). The payload's fields are those the kind declared (:func:`action_payload`),
    else the city's vocabulary (:data:`COMMON_PAYLOAD`): ``to`` a square (x, y); ``target`` an
    enemy, character or token id; ``item``/``item2`` card ids; ``n`` a count (rapid-fire dice,
    die index); ``edge`` an edge id ``"x1,y1|x2,y2"``. Fields are read as attributes; an unset
    one reads None.

    A frozen value: equal actions have equal kinds and payloads (and hash alike); ``short()`` is
    the dict records and saves hold. Raises ValueError for a field the kind does not have or a
    value of the wrong type (a list of two ints is taken as a square, an enum member as its str).
    """

    __slots__ = ("__dict__",)

    def __init__(self, /, **data: Any) -> None:
        kind = data.get("kind")
        if type(kind) is not str:
            if not isinstance(kind, str):
                raise ValueError(f"an action needs a kind (a string), not {kind!r}")
            kind = data["kind"] = str.__str__(kind)  # (an enum member: its plain value)
        schema = _PAYLOADS.get(kind, COMMON_PAYLOAD)
        d = {"kind": kind}
        if len(data) > 1:
            seen = 1
            for k, t in schema.items():  # (the declared order: records and hashes do not depend on
                v = data.get(k, _MISSING)  # the order the fields were given in)
                if v is _MISSING:
                    continue
                seen += 1
                if v is not None:
                    if type(v) is not t:
                        v = _coerce(kind, k, t, v)
                    elif t is tuple and (len(v) != 2 or type(v[0]) is not int or type(v[1]) is not int):
                        v = _coerce(kind, k, t, v)
                    d[k] = v
            if seen != len(data):  # a field the kind does not have (unset: ignored)
                extra = [k for k, v in data.items() if k != "kind" and k not in schema and v is not None]
                if extra:
                    raise ValueError(f"action kind {kind!r} has no field {extra[0]!r} "
                                     f"(its fields: {', '.join(schema) or 'none'})")
        _setattr(self, "__dict__", d)

    def __setattr__(self, name: str, value: Any) -> None:
        raise TypeError(f"an Action is frozen (cannot set {name!r})")

    __delattr__ = __setattr__

    def __eq__(self, other: object) -> bool:
        if type(other) is Action:
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __hash__(self) -> int:  # (the values alone: equal actions have equal values, and it is cheaper)
        return hash(tuple(self.__dict__.values()))

    def __repr__(self) -> str:
        return "Action(" + ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items()) + ")"

    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo: dict) -> "Action":
        return self

    def __reduce__(self) -> tuple:
        return (_rebuild, (self.__dict__.copy(),))

    @property
    def payload(self) -> dict[str, Any]:
        """The set payload fields (a new dict; the kind left out)."""
        d = self.__dict__.copy()
        del d["kind"]
        return d

    def short(self) -> dict[str, Any]:
        """The action as a compact dict (unset fields dropped), for records and saves: a new dict
        each time."""
        return self.__dict__.copy()

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]:
        """The action as a dict (``mode="json"``: a square as a list), as pydantic's."""
        d = self.__dict__.copy()
        if mode == "json":
            for k, v in d.items():
                if type(v) is tuple:
                    d[k] = list(v)
        return d

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Pending decisions hold actions (saves): loaded from their dicts (an old save's unset
        fields as nulls included), written as ``short()``."""
        from pydantic_core import core_schema
        return core_schema.no_info_plain_validator_function(
            _validate_action,
            serialization=core_schema.plain_serializer_function_ser_schema(lambda a: a.short()))


def _rebuild(d: dict[str, Any]) -> Action:
    return Action(**d)


def _validate_action(v: Any) -> Action:
    if type(v) is Action:
        return v
    if isinstance(v, dict):
        return Action(**{k: x for k, x in v.items() if x is not None})
    raise ValueError(f"an action is a dict with a kind, not {v!r}")


def _coerce(kind: str, name: str, t: type, v: Any) -> Any:
    """``v`` as field ``name``'s type ``t``, or ValueError naming the kind and the field."""
    if t is tuple:
        if isinstance(v, (list, tuple)) and len(v) == 2 and all(type(x) is int for x in v):
            return (v[0], v[1])
    elif t is int:
        if isinstance(v, int) and not isinstance(v, bool):
            return int(v)
    elif t is str:
        if isinstance(v, str):
            return str.__str__(v)
    elif t is bool:
        if isinstance(v, bool):
            return bool(v)
    raise ValueError(f"action kind {kind!r}: field {name!r} must be {'a square (x, y)' if t is tuple else t.__name__}, "
                     f"not {v!r}")


for _f in COMMON_PAYLOAD:  # an unset field of the city's vocabulary reads None
    setattr(Action, _f, None)
_setattr = object.__setattr__
_MISSING = object()
_INTERNED: dict[tuple, Action] = {}  # make_action's key -> the shared action
_BY_VALUE: dict[tuple, Action] = {}  # tuple(action.__dict__.items()) -> the same shared action


def make_action(kind: str, to: Sq | None = None, target: str | None = None, item: str | None = None,
                item2: str | None = None, n: int | None = None, edge: str | None = None) -> Action:
    """``Action(kind=..., ...)`` with the given non-None fields of the city's vocabulary, shared
    between calls: actions are frozen values, so the rules hand out one object per distinct action
    instead of building (and validating) the same one again at every step. Same equality, hash,
    ``short()`` and ``model_dump()`` as a freshly built one. (A kind's own payload fields:
    :func:`make_typed`.)"""
    key = (kind, to, target, item, item2, n, edge)
    try:
        a = _INTERNED.get(key)
    except TypeError:  # an unhashable value (a list from JSON): built and validated, not shared
        return Action(kind=kind, to=to, target=target, item=item, item2=item2, n=n, edge=edge)
    if a is None:
        a = _INTERNED[key] = _share(Action(kind=kind, to=to, target=target, item=item, item2=item2, n=n, edge=edge))
    return a


def make_typed(kind: str, **fields: Any) -> Action:
    """``Action(kind=kind, **fields)`` shared between calls, as :func:`make_action`, for any kind's
    declared payload (:func:`action_payload`): a bid's ``cp``, a facing. Raises ValueError as
    ``Action`` does."""
    key = (kind, *fields.items())
    try:
        a = _INTERNED.get(key)
    except TypeError:
        return Action(kind=kind, **fields)
    if a is None:
        a = _INTERNED[key] = _share(Action(kind=kind, **fields))
    return a


def _share(a: Action) -> Action:
    """The one shared object of ``a``'s value (``a`` itself the first time)."""
    if len(_INTERNED) >= 50_000:  # a bound on memory; a full table just starts over
        _INTERNED.clear()
        _BY_VALUE.clear()
    vk = tuple(a.__dict__.items())
    shared = _BY_VALUE.get(vk)
    if shared is None:
        _BY_VALUE[vk] = a
        return a
    return shared  # the same value under another key (an enum kind, a list square): one object


def shared_action(a: Action) -> Action | None:
    """The shared action (``make_action``'s) of the same value as ``a``, or None (never made, or
    an unhashable value)."""
    try:
        return _BY_VALUE.get(tuple(a.__dict__.items()))
    except TypeError:
        return None


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


def actions_with(kind: str, name: str, values: Any) -> list[Action]:
    """``[action_with(kind, name, v) for v in values]`` in one call (the option lists' loops)."""
    get = _BY_FIELD.get
    out = []
    for v in values:
        a = get((kind, name, v))
        out.append(a if a is not None else action_with(kind, name, v))
    return out


def use_action(item: str, target: str | None = None, item2: str | None = None) -> Action:
    """``make_action("use", item=item, target=target, item2=item2)``, found by a shorter key (the
    use options of every step, R-USE)."""
    key = ("use", item, target, item2)  # (four entries: no action_with key has as many)
    a = _BY_FIELD.get(key)
    if a is None:
        a = make_action("use", item=item, target=target, item2=item2)
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


_new = object.__new__


class Event:
    """Something that happened. ``rule`` is the rule ID (e.g. ``R-EVADE-3``); ``msg`` the message
    id and ``params`` its typed parameters (:mod:`game.engine.messages`; the catalogues give the
    sentence in each language); ``data`` the details the UI animates (dice faces, squares, ids: see
    :mod:`game.engine.events`). A slotted class (the machine makes several per action; issue 8).

    ``text`` is the English sentence: rendered from ``msg`` and ``params`` through the English
    catalogue, or, for an event of code not converted to message ids yet (issue 23 transition),
    the English the engine wrote. Players read :func:`game.ui.words.words` instead.

    ``audience``: who may see it: None = every seat and any spectator (the default: public
    information); a tuple of seat indexes = only those seats (a secret, e.g. a bid, a card drawn to
    a hand). The UI and bots see a seat's events through :func:`visible_to` / ``View.events``."""

    __slots__ = ("kind", "rule", "msg", "_params", "_raw", "data", "_text", "audience")

    def __init__(self, kind: str, rule: str = "", text: str = "", data: dict[str, Any] | None = None,
                 audience: tuple[int, ...] | None = None, msg: str = "", params: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.rule = rule
        self._text = text
        self.data = {} if data is None else data
        self.audience = audience
        self.msg = msg
        self._params = {} if params is None else params
        self._raw = False

    @classmethod
    def emitted(cls, kind: str, rule: str, msg: str, params: dict[str, Any] | None, data: dict[str, Any],
                audience: tuple[int, ...] | None = None) -> "Event":
        """The event :meth:`Machine.emit <game.engine.machine.Machine.emit>` records: message id ``msg``
        with ``params`` as the emitting rule gave them. The stable keys of the content texts in them
        (:func:`game.engine.messages.keyed`) are written in when :attr:`params` is first read, not
        here (issue 30 item 5: most events of a search's playout are never read; walking every
        event's parameters cost about a tenth of a step). The rule must not change ``params`` after
        emitting them (none does: each emit builds its own)."""
        self = _new(cls)
        self.kind = kind
        self.rule = rule
        self._text = ""
        self.data = data
        self.audience = audience
        self.msg = msg
        if params:
            self._params = params
            self._raw = True
        else:
            self._params = {}
            self._raw = False
        return self

    @property
    def params(self) -> dict[str, Any]:
        """The message's typed parameters (:mod:`game.engine.messages`), each content text's stable
        key written into its reference."""
        if self._raw:
            self._params = keyed(self._params)
            self._raw = False
        return self._params

    @params.setter
    def params(self, value: dict[str, Any]) -> None:
        self._params = value
        self._raw = False

    @property
    def says(self) -> bool:
        """True when the event has something to say (a message id, or an English text of code before
        issue 23): the typed test screens filter on, instead of wording the event to see if it is empty."""
        return bool(self.msg or self._text)

    @property
    def text(self) -> str:
        """The English sentence (see the class docstring)."""
        if not self.msg:
            return self._text
        from ..i18n.messages import render  # (the catalogue reader: no pygame, no state)

        return render(self.msg, self.params, "en")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.rule, self.msg, self.params, self.data, self._text, self.audience) == \
            (other.kind, other.rule, other.msg, other.params, other.data, other._text, other.audience)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self.msg:
            return f"Event({self.kind!r}, {self.rule!r}, msg={self.msg!r}, params={self.params!r}, data={self.data!r})"
        return f"Event({self.kind!r}, {self.rule!r}, {self._text!r}, {self.data!r})"

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]:
        """The event as a dict (``mode="json"``: JSON-ready values), as pydantic's ``model_dump``:
        ``kind``, ``rule``, ``msg``, ``params``, ``data``, (only for an event without an id) ``text`` and
        (only when the event is secret) ``audience``."""
        d: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "msg": self.msg,
                             "params": copy.deepcopy(self.params), "data": copy.deepcopy(self.data)}
        if not self.msg:
            d["text"] = self._text
        if self.audience is not None:
            d["audience"] = self.audience
        if mode == "json":
            from pydantic_core import to_jsonable_python
            return to_jsonable_python(d)
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
