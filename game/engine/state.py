"""The game state: everything that changes during a scenario, as one serialisable value.

``GameState`` is a slotted dataclass that pydantic reads and writes (see :class:`Plain`):
``model_dump_json()`` is a save and ``GameState.model_validate_json`` loads one (validated). It holds the seeded RNG (R-DOC-4), the pending
decision (DESIGN: ``state.pending``) and the task stack of a half-resolved phase, so a game can
be saved and loaded at any decision. The static scenario (board and content) is attached as a
private slot and is not part of the save.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, TypeAdapter

from . import derived as _derived
from .actions import Action
from .board import EdgeState
from .rng import Rng

Sq = tuple[int, int]

SAVE_VERSION = 2  # 2: typed ``core`` sub-state instead of loose ``flags``; ``rules`` names the rule set


class M(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    def __setattr__(self, name: str, value: Any) -> None:
        # what pydantic does for a field without assignment validation, minus its dispatch
        if name in self.__pydantic_fields__:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            BaseModel.__setattr__(self, name, value)


# -- change tracking for derived data (occupancy, fire): never saved ---------------------------------
#: bumped by every change to a survivor, enemy or token model and to a tracked list of them, so a
#: cached index of who stands where is valid while this number (and the lists' identity) holds
#: (the counters live in :mod:`game.engine.derived`, the one door of derived data)
_GENERATION = _derived.BOARD


def generation() -> int:
    """A number that changes whenever a model on the board or a tracked list of them changes."""
    return _GENERATION[0]


class Tracked(list):
    """A list that bumps :func:`generation` when it changes (the state's lists of survivors,
    enemies and tokens). Otherwise a plain list: saves and copies are unchanged."""

    __slots__ = ()

    def _bump(self) -> None:
        _GENERATION[0] += 1

    def append(self, x: Any) -> None:
        _GENERATION[0] += 1
        list.append(self, x)

    def extend(self, xs: Any) -> None:
        _GENERATION[0] += 1
        list.extend(self, xs)

    def insert(self, i: Any, x: Any) -> None:
        _GENERATION[0] += 1
        list.insert(self, i, x)

    def remove(self, x: Any) -> None:
        _GENERATION[0] += 1
        # by identity first: the models in these lists have unique ids, so the first equal one is
        # the one itself, and pydantic's __eq__ on every model before it is slow
        for i, y in enumerate(self):
            if y is x:
                list.__delitem__(self, i)
                return
        list.remove(self, x)

    def pop(self, *a: Any) -> Any:
        _GENERATION[0] += 1
        return list.pop(self, *a)

    def clear(self) -> None:
        _GENERATION[0] += 1
        list.clear(self)

    def sort(self, *a: Any, **k: Any) -> None:
        _GENERATION[0] += 1
        list.sort(self, *a, **k)

    def reverse(self) -> None:
        _GENERATION[0] += 1
        list.reverse(self)

    def __setitem__(self, i: Any, x: Any) -> None:
        _GENERATION[0] += 1
        list.__setitem__(self, i, x)

    def __delitem__(self, i: Any) -> None:
        _GENERATION[0] += 1
        list.__delitem__(self, i)

    def __iadd__(self, xs: Any) -> "Tracked":
        _GENERATION[0] += 1
        return list.__iadd__(self, xs)  # type: ignore[return-value]

    def __imul__(self, n: Any) -> "Tracked":
        _GENERATION[0] += 1
        return list.__imul__(self, n)  # type: ignore[return-value]


#: bumped by every change to a token model and to the state's list of tokens (a subset of the
#: changes :data:`_GENERATION` counts): derived data about tokens alone (fire, token capacity,
#: progression squares) is kept while this number holds, however often survivors and enemies move
_TOKEN_GENERATION = _derived.TOKENS


class TokenList(Tracked):
    """The state's list of tokens: bumps both :func:`generation` and the token generation."""

    __slots__ = ()

    def append(self, x: Any) -> None:
        _TOKEN_GENERATION[0] += 1
        Tracked.append(self, x)

    def extend(self, xs: Any) -> None:
        _TOKEN_GENERATION[0] += 1
        Tracked.extend(self, xs)

    def insert(self, i: Any, x: Any) -> None:
        _TOKEN_GENERATION[0] += 1
        Tracked.insert(self, i, x)

    def remove(self, x: Any) -> None:
        _TOKEN_GENERATION[0] += 1
        Tracked.remove(self, x)

    def pop(self, *a: Any) -> Any:
        _TOKEN_GENERATION[0] += 1
        return Tracked.pop(self, *a)

    def clear(self) -> None:
        _TOKEN_GENERATION[0] += 1
        Tracked.clear(self)

    def sort(self, *a: Any, **k: Any) -> None:
        _TOKEN_GENERATION[0] += 1
        Tracked.sort(self, *a, **k)

    def reverse(self) -> None:
        _TOKEN_GENERATION[0] += 1
        Tracked.reverse(self)

    def __setitem__(self, i: Any, x: Any) -> None:
        _TOKEN_GENERATION[0] += 1
        Tracked.__setitem__(self, i, x)

    def __delitem__(self, i: Any) -> None:
        _TOKEN_GENERATION[0] += 1
        Tracked.__delitem__(self, i)

    def __iadd__(self, xs: Any) -> "TokenList":
        _TOKEN_GENERATION[0] += 1
        return Tracked.__iadd__(self, xs)  # type: ignore[return-value]

    def __imul__(self, n: Any) -> "TokenList":
        _TOKEN_GENERATION[0] += 1
        return Tracked.__imul__(self, n)  # type: ignore[return-value]


#: bumped by every change to an enemy model and to the state's list of enemies (a subset of the
#: changes :data:`_GENERATION` counts): the enemies' part of the occupancy index is kept while
#: this number and the token generation hold, however often survivors move
_ENEMY_GENERATION = _derived.ENEMIES


class EnemyList(Tracked):
    """The state's list of enemies: bumps both :func:`generation` and the enemy generation."""

    __slots__ = ()

    def append(self, x: Any) -> None:
        _ENEMY_GENERATION[0] += 1
        Tracked.append(self, x)

    def extend(self, xs: Any) -> None:
        _ENEMY_GENERATION[0] += 1
        Tracked.extend(self, xs)

    def insert(self, i: Any, x: Any) -> None:
        _ENEMY_GENERATION[0] += 1
        Tracked.insert(self, i, x)

    def remove(self, x: Any) -> None:
        _ENEMY_GENERATION[0] += 1
        Tracked.remove(self, x)

    def pop(self, *a: Any) -> Any:
        _ENEMY_GENERATION[0] += 1
        return Tracked.pop(self, *a)

    def clear(self) -> None:
        _ENEMY_GENERATION[0] += 1
        Tracked.clear(self)

    def sort(self, *a: Any, **k: Any) -> None:
        _ENEMY_GENERATION[0] += 1
        Tracked.sort(self, *a, **k)

    def reverse(self) -> None:
        _ENEMY_GENERATION[0] += 1
        Tracked.reverse(self)

    def __setitem__(self, i: Any, x: Any) -> None:
        _ENEMY_GENERATION[0] += 1
        Tracked.__setitem__(self, i, x)

    def __delitem__(self, i: Any) -> None:
        _ENEMY_GENERATION[0] += 1
        Tracked.__delitem__(self, i)

    def __iadd__(self, xs: Any) -> "EnemyList":
        _ENEMY_GENERATION[0] += 1
        return Tracked.__iadd__(self, xs)  # type: ignore[return-value]

    def __imul__(self, n: Any) -> "EnemyList":
        _ENEMY_GENERATION[0] += 1
        return Tracked.__imul__(self, n)  # type: ignore[return-value]


class Plain:
    """Base of the records the rules read at almost every step (survivors, enemies, tokens, cards,
    the pending decision, sustained effects, the reaction record): slotted dataclasses, not
    pydantic models. Pydantic still validates and serialises them as fields of :class:`GameState`
    exactly as it did the models they replace (same JSON, extra keys refused, the same field types
    checked on load), so saves are unchanged. But reading an attribute is a plain slot read: a
    pydantic model's class defines ``__getattr__``, which keeps CPython from specialising
    attribute loads on it, and ``c.pos`` went through a generic lookup every time (issue 8).

    Keeps the two model methods the rest of the game uses: :meth:`model_dump` and
    :meth:`model_copy`. Values given to the constructor are not validated (the engine makes them);
    a square given as a list becomes a tuple, as pydantic did."""

    __slots__ = ()
    __pydantic_config__ = ConfigDict(extra="forbid")

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]:
        """The record as a dict (``mode="json"``: JSON-ready values), as pydantic's ``model_dump``."""
        return _adapter(type(self)).dump_python(self, mode=mode)

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Any:
        """A copy (``deep``: nested lists and dicts copied too), with ``update`` assigned."""
        new = copy.deepcopy(self) if deep else copy.copy(self)
        for k, v in (update or {}).items():
            setattr(new, k, v)
        return new

    def __copy__(self) -> Any:
        cls = type(self)
        new = cls.__new__(cls)
        for f in cls.__dataclass_fields__:
            _setattr(new, f, getattr(self, f))
        return new

    def __deepcopy__(self, memo: dict) -> Any:
        cls = type(self)
        new = cls.__new__(cls)
        memo[id(self)] = new
        for f in cls.__dataclass_fields__:
            v = getattr(self, f)
            _setattr(new, f, v if v is None or type(v) in _ATOMIC else copy.deepcopy(v, memo))
        return new


_setattr = object.__setattr__
_ATOMIC = frozenset({str, int, bool, float, tuple})  # tuples here hold ints only (squares)
_SCALAR = frozenset({str, int, bool, float, type(None)})  # (immutable and holding nothing)


def copied(v: Any) -> Any:
    """A deep copy of ``v``, a value held by a game state (issue 30 item 5: the clone of a search bot's
    every playout), the same as ``copy.deepcopy(v)`` gives but built faster: lists and dicts
    element by element, the records (:class:`Plain`) field by field, the tracked lists as their own
    kind without a change reported, immutable values (actions, enums, content texts, tuples of plain
    values) shared; anything else through ``copy.deepcopy``. Shared references inside ``v`` are
    copied once each (as a save loaded back would have them), not kept shared."""
    t = type(v)
    if t in _SCALAR:
        return v
    if t is list:
        return [x if type(x) in _SCALAR else copied(x) for x in v]
    if t is dict:
        return {k: (x if type(x) in _SCALAR else copied(x)) for k, x in v.items()}
    cp = _COPIERS.get(t)
    if cp is None:
        cp = _COPIERS[t] = _copier(t)
    return cp(v)


def _same(v: Any) -> Any:
    return v


def _copier(t: type) -> Any:
    """The function :func:`copied` copies values of type ``t`` with (made once per type)."""
    import enum
    from operator import attrgetter

    from .messages import Keyed

    if t is Action or t is Keyed or issubclass(t, enum.Enum):
        return _same  # (immutable)
    if t is tuple:
        return lambda v: v if all(type(x) in _SCALAR for x in v) else tuple(copied(x) for x in v)
    if issubclass(t, Tracked):  # (its own kind, no change reported: a copy changes nothing in play)
        def tracked(v: Any, t: type = t) -> Any:
            new = list.__new__(t)
            list.extend(new, [copied(x) for x in v])
            return new
        return tracked
    fields = getattr(t, "__dataclass_fields__", None)
    if issubclass(t, Plain) and fields and not issubclass(t, _Private):
        names = tuple(fields)
        get = attrgetter(*names) if len(names) > 1 else (lambda o, n=names[0]: (getattr(o, n),))
        init = getattr(t.__init__, "__code__", None)
        if init is not None and init.co_filename == "<string>" and not hasattr(t, "__post_init__") and \
                all(f.init and not f.kw_only for f in fields.values()) and t.__setattr__ is object.__setattr__:
            # (the dataclass's own constructor, which only stores the values given in order)
            def built(v: Any, t: type = t, get: Any = get) -> Any:
                return t(*[x if type(x) in _ATOMIC else copied(x) for x in get(v)])
            return built

        def stored(v: Any, t: type = t, names: tuple = names, get: Any = get) -> Any:
            new = t.__new__(t)
            for f, x in zip(names, get(v)):
                _setattr(new, f, x if type(x) in _ATOMIC else copied(x))
            return new
        return stored
    return copy.deepcopy


_COPIERS: dict[type, Any] = {}
_ADAPTERS: dict[type, TypeAdapter] = {}


def _adapter(cls: type) -> TypeAdapter:
    ad = _ADAPTERS.get(cls)
    if ad is None:
        ad = _ADAPTERS[cls] = TypeAdapter(cls)
    return ad


def _square(v: Any) -> Any:
    """A square given as a list (JSON, hand-written tests) as the tuple pydantic made of it."""
    return (int(v[0]), int(v[1])) if type(v) is list else v


class OnBoard(Plain):
    """A record whose fields say who or what stands where: any assignment bumps :func:`generation`."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        _GENERATION[0] += 1
        _setattr(self, name, value)


@dataclass(slots=True)
class CardState(Plain):
    """One physical card (R-ITEM-9): its design id, deck of origin and ammo dial."""

    uid: str
    defn: str
    deck: Literal["A", "B", "C", "start", "T", "N", "BH"]
    ammo: int | None = None  # R-AMMO-1: set when a weapon enters an inventory
    symbol: str | None = None  # tension cards: the effect-box symbol of this copy (R-TENSION-3)


@dataclass(slots=True)
class CharState(OnBoard):
    """A survivor in the scenario (R-CHAR-2). ``health`` is 1 (Fine) .. 5 (Danger), 6 =
    unconscious (R-HEALTH-3). ``inventory`` is a list of slots; a slot is a list of card uids
    (more than one only for a mixed herb stack, R-HERB-2)."""

    cid: str
    seat: int
    pos: Sq | None = None
    health: int = 1
    poisoned: bool = False
    exited: bool = False
    dead: bool = False
    inventory: list[list[str]] = field(default_factory=list)
    limit_bonus: int = 0

    def __post_init__(self) -> None:
        if type(self.pos) is list:
            self.pos = _square(self.pos)

    @property
    def conscious(self) -> bool:
        """In the play area and not unconscious (R-DOC-3)."""
        return self.pos is not None and not self.exited and self.health <= 5


@dataclass(slots=True)
class EnemyState(OnBoard):
    """An enemy model in play with its wound tokens (R-ENEMY-3). Any assignment also bumps the
    enemy generation (see :class:`EnemyList`)."""

    uid: str
    type: str
    pos: Sq
    wounds: int = 0

    def __setattr__(self, name: str, value: Any) -> None:
        _ENEMY_GENERATION[0] += 1
        _GENERATION[0] += 1
        _setattr(self, name, value)

    def __post_init__(self) -> None:
        if type(self.pos) is list:
            self.pos = _square(self.pos)


@dataclass(slots=True)
class TokenState(OnBoard):
    """A token or terrain element on a square (item, exit, fire, corpse, ...). Any assignment
    also bumps the token generation (see :class:`TokenList`)."""

    uid: str
    kind: str
    pos: Sq
    props: dict[str, Any] = field(default_factory=dict)

    def __setattr__(self, name: str, value: Any) -> None:
        _TOKEN_GENERATION[0] += 1
        _GENERATION[0] += 1
        _setattr(self, name, value)

    def __post_init__(self) -> None:
        if type(self.pos) is list:
            self.pos = _square(self.pos)


@dataclass(slots=True)
class Pending(Plain):
    """The decision the game waits for: who decides (seat), what kind, a prompt, the
    options when they are fixed, and the context needed to resume. ``prompt`` is a message
    id and ``params`` its typed parameters (issue 23, :mod:`game.engine.messages`); a save made
    before issue 23 holds an English sentence as the prompt and no parameters.

    ``also``: further seats that may answer it too (a window in which any of several players
    may act; ``seats`` is ``(seat, *also)``); the seat that answers is passed to ``apply`` and
    recorded. ``secret``: the answer is known only to the seat that gives it (a bid): views of
    other seats do not see it, and undo never steps back over it. Both are left out of the saved
    JSON at their defaults, so single-seat games save as before (``params`` too). ``rule``: the rule ID
    the decision comes from ("R-SOLO-2"), typed so the UI shows it beside the prompt's words with
    "Show rule IDs" on (issue 23: no ID inside a sentence); left out of the saved JSON when empty."""

    kind: str
    seat: int
    prompt: str = ""
    options: list[Action] = field(default_factory=list)
    ctx: dict[str, Any] = field(default_factory=dict)
    also: Annotated[list[int], Field(exclude_if=lambda v: not v)] = field(default_factory=list)
    secret: Annotated[bool, Field(exclude_if=lambda v: not v)] = False
    params: Annotated[dict[str, Any], Field(exclude_if=lambda v: not v)] = field(default_factory=dict)
    rule: Annotated[str, Field(exclude_if=lambda v: not v)] = ""

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat that may answer: ``seat`` first, then ``also``."""
        return (self.seat, *self.also) if self.also else (self.seat,)


@dataclass(slots=True)
class PlacedCard(Plain):
    """A map card added to the board during play (issue 23: a board that grows): the card's id in
    the scenario's ``cards`` (a :class:`~game.engine.kernel.growth.Card`), the board square its
    anchor was laid on (the exit stepped on) and its turn clockwise in degrees (0, 90, 180, 270)."""

    card: str
    at: Sq
    rot: int = 0


@dataclass(slots=True)
class Sustained(Plain):
    """A sustained tension effect in play (R-SUST-1): its name, who drew it, on which tile, and
    when it ends (R-SUST-4: ``end_of_turn`` or ``action_phase`` of seat ``seat`` after ``turn``)."""

    name: str
    char: str | None = None
    tile: str | None = None
    seat: int | None = None
    turn: int = 0
    ends: Literal["end_of_turn", "action_phase"] = "end_of_turn"


@dataclass(slots=True)
class ReactionState(Plain):
    """The reaction phase in progress (R-REACT-3, R-REACT-7): the reacting set fixed at its
    start, enemies done, survivors already attacked, the symbol read once (R-SPECIAL-3) and
    whether the default order was chosen (R-REACT-8)."""

    reacting: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)
    attacked: list[str] = field(default_factory=list)
    symbol: str | None = None
    auto: bool = False


@dataclass(slots=True)
class CoreState(Plain):
    """What the city rule set tracks beside the board (was ``flags`` in save version 1)."""

    reroll_used: bool = False  # DV-8 Quick Reflexes, once per turn
    sustain: dict[str, Sustained] = field(default_factory=dict)  # by tension card uid (R-SUST-1)
    react: ReactionState | None = None
    boss: str | None = None  # uid of the scenario's boss (R-BOSS-10), kept after it dies
    boss_tile: str | None = None
    boss_last_target: str | None = None
    enrage_told: bool = False
    stalker_killed: bool = False  # R-STALK-8
    stalker_wounds: int | None = None  # R-STALK-6: wounds kept while it finds another way in
    fail: str | None = None  # the first failure reason (R-TURN-12), in English with its rule ID (logs, saves)
    #: the same reason as a message reference (:mod:`game.engine.messages`: ``{"t": "msg", "id", "params"}``
    #: or a content ``text``) with its ``rule``; the UI words it. Left out of the saved JSON while None.
    fail_why: Annotated[dict[str, Any] | None, Field(exclude_if=lambda v: v is None)] = None
    cancel: bool = False  # R-OOS-3: the action in progress does not resolve
    tension_chain: int = 0  # unresolvable draws this phase (R-TENSION-5 guard)
    markers: list[str] = field(default_factory=list)  # scenario markers set by scenario actions and MARK effects (R-SCEN-4)
    done_actions: list[str] = field(default_factory=list)  # scenario actions done this scenario (R-SCEN-4)


class _Private:
    """The parts of a :class:`GameState` that are never saved: the attached scenario, derived
    data kept between calls, and the restore point of ``apply``."""

    __slots__ = ("_scn", "_cache", "_origin")


class _FieldsOf:
    """``cls.model_fields``: the saved fields of a record class by name, as pydantic's."""

    def __get__(self, obj: Any, cls: type) -> dict[str, Any]:
        return cls.__dataclass_fields__


@dataclass(slots=True, kw_only=True, eq=False)
class GameState(_Private, Plain):
    """A whole scenario in progress. See module docstring.

    A slotted dataclass read and written by pydantic (``model_validate_json`` loads a save,
    ``model_dump_json`` writes one, the same JSON as when it was a pydantic model); the rules read
    and assign its fields as plain slots (issue 8)."""

    version: int = SAVE_VERSION
    rules: str = "core"  # the rule set (game.engine.machine.RULESETS)
    scenario_id: str
    seed: int
    rng: Rng
    step: int = 0  # state id: +1 per applied action
    turn: int = 0  # player turns started so far
    active: int = 0  # seat index of the active character
    phase: str = "setup"  # a phase of the rule set's phase table, "setup" or "over"
    actions_left: int = 0
    characters: list[CharState] = field(default_factory=list)
    enemies: list[EnemyState] = field(default_factory=list)
    tokens: list[TokenState] = field(default_factory=list)
    edges: dict[str, EdgeState] = field(default_factory=dict)
    locks: dict[str, dict[str, Any]] = field(default_factory=dict)
    cards: dict[str, CardState] = field(default_factory=dict)
    piles: dict[str, list[str]] = field(default_factory=dict)
    item_box: list[list[str]] = field(default_factory=list)  # slots, shared by every item box token (R-IBOX-1)
    explored: list[str] = field(default_factory=list)
    danger: int = 0
    ink_ribbons: int = 0
    tension_symbol: str | None = None
    tension_symbol_known: bool = False
    last_tension: str | None = None
    removed_models: list[str] = field(default_factory=list)
    next_uid: int = 1
    queue: list[dict[str, Any]] = field(default_factory=list)
    pending: Pending | None = None
    core: CoreState = field(default_factory=CoreState)
    result: Literal["success", "failure"] | None = None
    result_reason: str = ""  # why it ended, in English with its rule ID (logs, tools); the UI words result_why
    #: why the scenario ended as a message reference (:mod:`game.engine.messages`) with its ``rule``
    #: (``{"t": "msg", "id": "reason.died", "params": {...}, "rule": "R-HEALTH-10"}``); None while it goes
    #: on and in saves made before it (then only ``result_reason`` says why). Left out of the JSON while None.
    result_why: Annotated[dict[str, Any] | None, Field(exclude_if=lambda v: v is None)] = None
    record: list[dict[str, Any]] = field(default_factory=list)
    #: automation switches turned off for this game (issue 12): "dice" = dice rolled at the table,
    #: "tension" = tension cards drawn from a physical deck; their results are entered as ``enter``
    #: decisions. Left out of the saved JSON when empty, so games without them save as before.
    manual: Annotated[list[Literal["dice", "tension"]], Field(exclude_if=lambda v: not v)] = \
        field(default_factory=list)
    #: undo boundary: the last step at which a seat committed something in secret (a secret
    #: decision answered, or an event only some seats saw). Undo never goes back to a step before
    #: it (``View.undo_floor``). Left out of the saved JSON at 0.
    sealed: Annotated[int, Field(exclude_if=lambda v: not v)] = 0
    #: the memory of a round of turns under a free or alternating turn order (issue 23 item 4,
    #: ``Machine.next_turn``): ``done`` seats that had their turn, ``passed`` seats that passed.
    #: Left out of the saved JSON when empty, so games without it save as before.
    flow: Annotated[dict[str, list[int]], Field(exclude_if=lambda v: not v)] = field(default_factory=dict)
    #: map cards added to the board during play, in order (issue 23: a board that grows; see
    #: :attr:`scenario`). Left out of the saved JSON when empty.
    grown: Annotated[list[PlacedCard], Field(exclude_if=lambda v: not v)] = field(default_factory=list)

    model_fields = _FieldsOf()

    def __post_init__(self) -> None:
        # survivors, enemies and tokens in lists that report changes (see :class:`Tracked`)
        self._scn = None
        self._cache = {}  # derived data (legal set, geometry); never saved
        self._origin = None  # (json, record length) to restore from on a rules error
        _GENERATION[0] += 1
        _TOKEN_GENERATION[0] += 1
        _ENEMY_GENERATION[0] += 1
        if type(self.characters) is not Tracked:
            self.characters = Tracked(self.characters)
        if type(self.enemies) is not EnemyList:
            self.enemies = EnemyList(self.enemies)
        if type(self.tokens) is not TokenList:
            self.tokens = TokenList(self.tokens)

    # -- pydantic's model API, kept for saves and tools -----------------------------------
    @classmethod
    def model_validate(cls, obj: Any) -> Any:
        """A state from a dict (a save's ``state``), validated. Raises pydantic.ValidationError."""
        if isinstance(obj, cls):
            return obj
        return _adapter(cls).validate_python(obj)

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> Any:
        """A state from a save's JSON text, validated. Raises pydantic.ValidationError."""
        return _adapter(cls).validate_json(data)

    def model_dump_json(self, **kw: Any) -> str:
        """The saved fields as JSON text (a save's ``state``)."""
        return _adapter(type(self)).dump_json(self, **kw).decode()

    def model_dump(self, *, mode: str = "python", **kw: Any) -> dict[str, Any]:
        return _adapter(type(self)).dump_python(self, mode=mode, **kw)

    # -- convenience ----------------------------------------------------------------------
    def char(self, cid: str) -> CharState:
        """The character with profile id ``cid``. Raises KeyError."""
        for c in self.characters:
            if c.cid == cid:
                return c
        raise KeyError(cid)

    def enemy(self, uid: str) -> EnemyState | None:
        """The enemy with this uid, or None if it has left play."""
        for e in self.enemies:
            if e.uid == uid:
                return e
        return None

    def token(self, uid: str) -> TokenState | None:
        for t in self.tokens:
            if t.uid == uid:
                return t
        return None

    @property
    def active_char(self) -> CharState:
        return self.characters[self.active]

    @property
    def over(self) -> bool:
        return self.result is not None

    def new_uid(self, prefix: str) -> str:
        uid = f"{prefix}{self.next_uid}"
        self.next_uid += 1
        return uid

    def attach(self, scenario: Any) -> "GameState":
        """Attach the static scenario (board + content) after loading a save."""
        self._scn = getattr(scenario, "grown_from", None) or scenario  # (a grown board: from the one set up)
        self.touch()
        return self

    def touch(self) -> "GameState":
        """Forget derived data (the cached legal set, geometry, distances, the restore point).

        Call it after changing a state by hand (tests, editors); ``apply`` keeps it current.
        """
        self._cache = {}
        self._origin = None
        return self

    @property
    def cache(self) -> dict:
        """Derived data kept between calls while nothing but ``apply`` changes the state."""
        return self._cache

    @property
    def scenario(self) -> Any:
        """The attached scenario; once map cards were added during play (:attr:`grown`), the same
        scenario with its board grown by them (built once per number of cards, shared by clones)."""
        scn = self._scn
        if not self.grown or scn is None:
            return scn
        return grown_scenario(scn, self.grown)

    def clone(self) -> "GameState":
        """A deep copy sharing the (immutable) scenario; derived caches are not copied. The record's
        entries are shared too (a new list of the same dicts): an entry is never changed once
        written (``apply`` appends a fresh dict; readers copy before changing, as :func:`recorded`
        does), and copying them was most of a long game's clone (issue 30: 830 -> 320 us at 200
        actions on Outskirts with 4 survivors; the undo step and a search bot clone every action)."""
        cls = type(self)
        c = cls.__new__(cls)
        for f in cls.__dataclass_fields__:  # the saved fields only (as Plain.__deepcopy__), by copied()
            v = getattr(self, f)
            _setattr(c, f, v if type(v) in _ATOMIC or v is None else list(v) if f == "record" else copied(v))
        c._scn = self._scn
        c._cache = {}
        c._origin = self._origin
        return c

    def same_as(self, other: "GameState") -> bool:
        """Equality of the saved part of two states (the scenario is ignored)."""
        return self.model_dump(mode="json") == other.model_dump(mode="json")


_GROWN = _derived.GROWN  # (id(scenario), placed cards) -> (scenario, the grown scenario); kept in derived


def grown_scenario(scn: Any, grown: list[PlacedCard]) -> Any:
    """``scn`` with the map cards ``grown`` added to its board in order (issue 23), each a card of
    ``scn.cards`` grown on by :func:`game.engine.kernel.growth.grown` (its tile id: the card id
    and ``@n``, n = 1, 2, ... in order, so a card may be placed twice). The scenario's
    ``grown_from`` is ``scn``. Raises KeyError naming an unknown card and ValueError for a card
    that does not fit (see :func:`~game.engine.kernel.growth.grow`)."""
    import dataclasses

    from .kernel.growth import grow

    key = (id(scn), tuple((g.card, tuple(g.at), g.rot) for g in grown))
    hit = _GROWN.get(key)
    if hit is not None and hit[0] is scn:
        return hit[1]
    board = scn.board if len(grown) == 1 else grown_scenario(scn, grown[:-1]).board
    g = grown[-1]
    try:
        card = scn.cards[g.card]
    except (KeyError, AttributeError):
        raise KeyError(f"map card {g.card!r} is not one of the scenario's cards") from None
    out = dataclasses.replace(scn, board=grow(board, card, tuple(g.at), g.rot, f"{g.card}@{len(grown)}"),
                              grown_from=scn)
    if len(_GROWN) > 512:  # a bound on memory
        _GROWN.clear()
    _GROWN[key] = (scn, out)
    return out
