"""The rules machine: a task stack, pending decisions and handlers registered under stable names.

A rule set (the city game in :mod:`game.engine.core`, later the mansion, the dungeon, versus)
is a class of handlers built on :class:`Machine` plus a :class:`RuleSet` record that names it.
Handlers are registered with decorators:

- ``@task("turn_start")``: a step of a phase, called as ``fn(run, task)`` where ``task`` is the
  plain-JSON dict popped from ``state.queue`` (its ``"t"`` key is the registered name);
- ``@decision("trade")``: resumes a pending decision, ``fn(run, ctx, action)``;
- ``@action("move")``: performs one kind of player action, ``fn(run, actor, action)``;
- ``@effect("SPAWN")`` (see :mod:`game.engine.effects`): a card-effect keyword.

The names are what saves hold (``state.queue`` entries, ``state.pending.kind``), never Python
method names, so renaming a method cannot break a save. A name registered twice in one rule set
raises ``ValueError`` when the rule set is built.

``apply`` (in :mod:`game.engine.api`) drives the machine: validate the action against the legal
set, resolve the pending decision, run tasks until the next decision or the end, record.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .actions import Action, ActionKind, DecisionKind, Event, construct, make_action
from .board import EdgeState, Sq, edge_id, edge_key
from .derived import TRUST
from .messages import keyed

_emitted = Event.emitted
from .state import GameState, Pending, PlacedCard  # noqa: F401

Handler = Callable[..., Any]

#: the automation switches a game may turn off (issue 12): ``dice`` (every die is rolled at the
#: table and its face entered), ``tension`` (the tension card is drawn from a physical deck and named)
MANUAL_SWITCHES = ("dice", "tension")


class NeedEntry(Exception):
    """Raised by :meth:`Machine.entry` when the players give a random result themselves and have
    not given it yet: the machine puts the state back as it was before the task (or decision)
    that needed it, and asks the ``enter`` decision instead (R-DOC-4: the entered result is an
    action in the record, so a replay gives the same game)."""

    def __init__(self, what: str, seat: int, prompt: str, options: list[Action], params: dict | None = None):
        super().__init__(what)
        self.what, self.seat, self.prompt, self.options = what, seat, prompt, options
        self.params = params or {}
_setattr = object.__setattr__


def _mark(kind: str, name: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        regs = list(getattr(fn, "_db_regs", ()))
        regs.append((kind, name))
        fn._db_regs = regs  # type: ignore[attr-defined]
        return fn
    return deco


def task(name: str, *, pure: bool = False) -> Callable[[Handler], Handler]:
    """Register a task handler ``fn(run, task_dict)`` under the stable name ``name``.

    ``pure``: the handler (with any decision it resolves at once through :meth:`Machine.ask`)
    changes nothing but the task stack, the pending decision, the events, the phase (never from
    or to ``setup``), the active seat, the actions left and derived data: nothing an end check
    reads (R-TURN-12, state-based end conditions), so the machine does not run the end check
    after it. A rule set that re-registers the name with another handler decides again."""
    deco = _mark("task", name)
    if not pure:
        return deco

    def mark_pure(fn: Handler) -> Handler:
        fn = deco(fn)
        fn._db_pure = frozenset(getattr(fn, "_db_pure", ())) | {name}  # type: ignore[attr-defined]
        return fn
    return mark_pure


def decision(name: str) -> Callable[[Handler], Handler]:
    """Register the handler ``fn(run, ctx, action)`` that resolves pending decision ``name``."""
    return _mark("decision", name)


def action(name: str) -> Callable[[Handler], Handler]:
    """Register the handler ``fn(run, actor, action)`` of player action kind ``name``."""
    return _mark("action", name)


#: turn orders a phase may declare (issue 23 item 4; see :class:`Phase`)
SEAT_ORDER = "seat"  # seats take turns in seat order, round and round (R-TURN-1)
FREE_ORDER = "free"  # every seat takes one turn, in an order the players choose (D-ROUND-2)
ALTERNATE = "alternate"  # two sides alternate until both have passed (V-ROUND-4..6)
TURN_ORDERS = (SEAT_ORDER, FREE_ORDER, ALTERNATE)
#: who may act in a window (see :class:`Window`)
WINDOW_SEATS = ("all", "others", "active")


@dataclass(frozen=True)
class Window:
    """A moment in a phase where seats other than the one deciding may act (issue 23 item 4):
    the dungeon's minor actions at any time (D-ACT-5), a duel declared in the other side's
    activation (V-DUEL-1).

    ``name`` names it (the decision kind the machine asks while it is open); ``seats`` says who
    may act in it: ``"all"`` every seat that may act, ``"others"`` every seat but the active one,
    ``"active"`` the active seat only; ``kinds`` are the action kinds allowed in it; ``rule`` the
    rule ID that opens it. Raises ValueError for an unknown ``seats``."""

    name: str
    seats: str = "all"
    kinds: tuple[str, ...] = ()
    rule: str = ""

    def __post_init__(self) -> None:
        if self.seats not in WINDOW_SEATS:
            raise ValueError(f"window {self.name!r}: seats must be one of {WINDOW_SEATS}, not {self.seats!r}")


@dataclass(frozen=True)
class Phase:
    """One row of a rule set's phase table: the phase name, the task that opens it, the phase
    that follows it and the rule that defines it.

    A phase played in turns declares its turn ``order`` (one of :data:`TURN_ORDERS`, issue 23
    item 4): ``start`` is then the task that opens each turn, and ``then`` the phase that follows
    once no seat has a turn left in it (never for :data:`SEAT_ORDER`, which goes round and
    round). ``steps`` names the phases each turn goes through when they have rows of their own
    (the city's action, reaction, tension and end phases), so the machine knows whose turn order
    applies while one of them runs. ``windows`` are the moments in the phase where other seats
    may act (:class:`Window`). Raises ValueError for an unknown order."""

    name: str
    start: str
    then: str | None
    rule: str = ""
    order: str = ""
    steps: tuple[str, ...] = ()
    windows: tuple[Window, ...] = ()

    def __post_init__(self) -> None:
        if self.order and self.order not in TURN_ORDERS:
            raise ValueError(f"phase {self.name!r}: turn order must be one of {TURN_ORDERS}, not {self.order!r}")
        if self.steps and not self.order:
            raise ValueError(f"phase {self.name!r}: steps of a turn need a turn order")


@dataclass
class RuleSet:
    """A set of rules the machine can run: its handlers by stable name, its phase table, its
    effect keywords and other content keywords, and how a game of it is set up.

    ``setup(scenario, party, seed) -> GameState`` builds the state and queues the first task.
    ``run_class`` is the :class:`Machine` subclass whose registered methods are the handlers.
    ``legal_hook(run, pending) -> list[Action]`` lists options computed on demand (the action
    phase's choice); other decisions carry their options in the pending decision.
    """

    name: str
    run_class: type
    setup: Callable[..., GameState]
    phases: tuple[Phase, ...] = ()
    legal_hook: Callable[[Any, Pending], list[Action]] | None = None
    tasks: dict[str, Handler] = field(default_factory=dict)
    decisions: dict[str, Handler] = field(default_factory=dict)
    actions: dict[str, Handler] = field(default_factory=dict)
    effects: dict[str, Any] = field(default_factory=dict)
    keywords: dict[str, frozenset[str]] = field(default_factory=dict)
    bookkeeping: frozenset[str] = frozenset()  # tasks kept when a turn ends early (R-TURN-8)
    #: tasks whose registered handler is ``@task(..., pure=True)``: no end check after them
    pure_tasks: frozenset[str] = frozenset()
    redact: Callable[[dict, int | None], dict] | None = None  # what a seat may see (View.visible_state)
    #: the class of this rule set's states: a save's ``state`` is read back as this class (the
    #: mansion's :class:`~game.engine.mansion.state.MansionState` carries more fields, issue 29 item 1)
    state_class: type = GameState
    #: the invariant families a state of this rule set must pass (``check(state, scenario) ->
    #: [problem, ...]``, run by ``invariants.check_state`` on every load); None: the city's
    checks: tuple[Callable[[Any, Any], list[str]], ...] | None = None
    #: ``seat_legal(run, pending, seat) -> list[Action]``: a seat's own options in a decision
    #: addressed to several seats (``Machine.ask_seats``); None: every seat has the same options
    seat_legal: Callable[[Any, Pending, int], list[Action]] | None = None
    #: ``sample_hidden(visible, seat, scenario, rng) -> GameState``: a whole game that seat
    #: ``seat`` cannot tell from the real one, built from ``visible`` (what the seat sees,
    #: ``View.visible_state()``, a fresh dict the hook may fill in) with every secret it cannot see (another seat's hidden
    #: deployment, an unrevealed bid) drawn from ``rng`` (an :class:`~game.engine.rng.Rng`)
    #: among the values consistent with what it saw: a search bot's determinization (issue 28,
    #: ``View.sample_world``). Given only the seat's view, it cannot read a secret. None: a rule
    #: set without secrets (its games are cloned, face-down decks shuffled).
    sample_hidden: Callable[[dict, int | None, Any, Any], GameState] | None = None
    #: ``outcome(state) -> tuple[float, ...]``: each seat's result of a finished game, in seat
    #: order (1.0 a win, 0.5 a draw, 0.0 a loss), for bots and the simulator (``View.outcome``).
    #: None: a co-operative game, every seat wins on ``success`` and loses otherwise.
    outcome: Callable[[GameState], tuple[float, ...]] | None = None
    #: ``read_party(scenario, entry, seat) -> tuple``: one party entry of a save, as JSON gives it
    #: back (a list of short ids and small ints), checked and turned into what ``setup`` takes for
    #: seat ``seat`` (the dungeon's ``(character, equipment, ability)`` with card faces, the
    #: versus game's ``(faction, 0)``); raises ValueError saying what is wrong. None: the city's
    #: ``(survivor id, start 1|2)`` (:func:`read_city_party`).
    read_party: Callable[[Any, Any, int], tuple] | None = None
    #: ``party_of(state) -> list[tuple]``: the party the state's seats hold, in seat order and in
    #: ``read_party``'s form, so a save whose party and state disagree is refused. None: the
    #: city's survivors in the seats, compared by id (:func:`city_party_matches`).
    party_of: Callable[[GameState], list] | None = None

    def __post_init__(self) -> None:
        seen: dict[tuple[str, str], str] = {}
        for klass in reversed(self.run_class.__mro__):
            for attr, fn in vars(klass).items():
                for kind, name in getattr(fn, "_db_regs", ()):
                    if (kind, name) in seen and seen[(kind, name)] != attr:
                        raise ValueError(f"rule set {self.name}: {kind} {name!r} registered twice "
                                         f"({seen[(kind, name)]} and {attr})")
                    seen[(kind, name)] = attr
                    {"task": self.tasks, "decision": self.decisions, "action": self.actions}[kind][name] = fn
        self.pure_tasks = frozenset(name for name, fn in self.tasks.items() if name in getattr(fn, "_db_pure", ()))
        names = {ph.name for ph in self.phases}
        self._turns: dict[str, Phase] = {}  # phase name -> the phase whose turn order applies in it
        for ph in self.phases:
            if ph.start not in self.tasks:
                raise ValueError(f"rule set {self.name}: phase {ph.name} starts with unknown task {ph.start!r}")
            for other in (ph.then, *ph.steps):
                if other is not None and other not in names:
                    raise ValueError(f"rule set {self.name}: phase {ph.name} names unknown phase {other!r}")
            if ph.order:
                for step in (ph.name, *ph.steps):
                    if step in self._turns:
                        raise ValueError(f"rule set {self.name}: phase {step} is in the turns of both "
                                         f"{self._turns[step].name} and {ph.name}")
                    self._turns[step] = ph
            for w in ph.windows:  # a window is a decision the machine answers itself (Machine.d_window)
                missing = [k for k in w.kinds if k not in self.actions]
                if missing:
                    raise ValueError(f"rule set {self.name}: window {w.name} allows kind {missing[0]!r}, "
                                     f"which has no registered action")
                if self.decisions.get(w.name, Machine.d_window) is not Machine.d_window:
                    raise ValueError(f"rule set {self.name}: window {w.name} has the name of a decision")
                self.decisions[w.name] = Machine.d_window
        if self.seat_legal is None:  # each seat's own options in a window (Machine.seat_options)
            self.seat_legal = _seat_options
        self.run_class.rules = self

    def phase(self, name: str) -> Phase:
        """The phase table row ``name`` (the first of that name). Raises KeyError."""
        by_name = self.__dict__.get("_by_name")
        if by_name is None or by_name[0] is not self.phases:  # (built once per phase table)
            rows: dict[str, Phase] = {}
            for ph in self.phases:
                rows.setdefault(ph.name, ph)
            by_name = self.__dict__["_by_name"] = (self.phases, rows)
        return by_name[1][name]

    def turns_of(self, phase: str) -> Phase:
        """The phase table row whose turn order applies while phase ``phase`` runs (the row
        itself, or the row listing it in ``steps``). Raises KeyError naming the phase when it is
        not played in turns."""
        try:
            return self._turns[phase]
        except KeyError:
            raise KeyError(f"rule set {self.name}: phase {phase!r} is not played in turns") from None

    def windows_of(self, phase: str) -> tuple[Window, ...]:
        """The windows (:class:`Window`) declared for phase ``phase`` and, when it is a step of a
        turn, for the phase whose turns it is part of; () for an unknown phase."""
        out: tuple[Window, ...] = ()
        for ph in self.phases:
            if ph.name == phase:
                out += ph.windows
        owner = self._turns.get(phase)
        if owner is not None and owner.name != phase:
            out += owner.windows
        return out


def _seat_options(run: Any, p: Pending, seat: int) -> list[Action]:
    return run.seat_options(p, seat)


RULESETS: dict[str, RuleSet] = {}


def register_ruleset(rs: RuleSet) -> RuleSet:
    """Make a rule set available to :func:`game.engine.api.new_game` and to saves by name."""
    RULESETS[rs.name] = rs
    return rs


def state_class_for(rules: Any) -> type:
    """The state class of the rule set named ``rules`` (a save's ``state.rules``; missing or None:
    the core's). Raises KeyError naming an unknown rule set and the known ones."""
    name = "core" if rules is None else rules
    try:
        return RULESETS[name].state_class
    except (KeyError, TypeError):
        raise KeyError(f"unknown rule set {str(name)[:40]!r}; known: {sorted(RULESETS)}") from None


def ruleset_of(state: GameState) -> RuleSet:
    """The rule set a state is played with. Raises KeyError naming the unknown rule set."""
    try:
        return RULESETS[state.rules]
    except KeyError:
        raise KeyError(f"unknown rule set {state.rules!r}; known: {sorted(RULESETS)}") from None


def read_city_party(scenario: Any, entry: Any, seat: int) -> tuple[str, int]:
    """The city's party entry of a save: ``(survivor id, start 1|2)`` (R-SCEN-5). Raises
    ValueError saying what is wrong."""
    if (not isinstance(entry, (list, tuple)) or len(entry) != 2 or not isinstance(entry[0], str)
            or type(entry[1]) is not int or entry[1] not in (1, 2)):
        raise ValueError(f"seat {seat + 1} is not a survivor id and a start position 1 or 2")
    return (entry[0], entry[1])


def city_party_matches(state: GameState, party: list) -> bool:
    """The city's party check of a save: the survivors in the seats are the party's, by id."""
    return [c.cid for c in state.characters] == [e[0] for e in party]


def read_saved_party(rules: RuleSet, scenario: Any, entries: list) -> list[tuple]:
    """A save's party (one JSON entry per seat) read with ``rules``' :attr:`RuleSet.read_party`
    (the city's by default). Raises ValueError starting ``party.<seat index>:``."""
    read = rules.read_party or read_city_party
    out = []
    for i, entry in enumerate(entries):
        try:
            out.append(read(scenario, entry, i))
        except (ValueError, KeyError, TypeError) as ex:
            raise ValueError(f"party.{i}: {str(ex)[:300]}") from None
    return out


def party_matches(state: GameState, party: list) -> bool:
    """Do the seats of ``state`` hold ``party`` (as :func:`read_saved_party` gives it)?"""
    rs = ruleset_of(state)
    if rs.party_of is None:
        return city_party_matches(state, party)
    return [tuple(e) for e in rs.party_of(state)] == [tuple(e) for e in party]


class Machine:
    """One resolution pass over a state: emit events, push tasks, ask for decisions, run.

    Rule sets subclass it and add registered handlers. ``self.s`` is the state (mutated in
    place), ``self.ev`` the events emitted so far in this pass.
    """

    rules: RuleSet  # set by RuleSet.__post_init__

    def __init__(self, s: GameState):
        self.s = s
        self.ev: list[Event] = []
        self._given: list[Action] = []  # results entered at the table for the next handler (issue 12)
        self._used = 0
        #: the seat answering the decision being resolved (``apply`` sets it: the pending seat, or
        #: the seat named to ``apply`` in a window several seats may answer); None outside ``apply``
        self.by: int | None = None
        #: what a handler notes for the rest of its own pass only (a rule set's per-pass notes, e.g.
        #: faces kept for the next roll), by name: emptied by :meth:`new_pass`, so a note never
        #: outlives its pass on a kept run (nothing to declare; tests/test_derived.py checks it)
        self.notes: dict[str, Any] = {}

    def new_pass(self) -> None:
        """Start another resolution pass with this run object (``apply`` keeps one per state):
        no events yet, nothing entered at the table, no :attr:`notes` left over from an earlier
        pass. Rule sets with derived data on the run extend it."""
        self.ev = []
        self._given = []
        self._used = 0
        if self.notes:
            self.notes = {}

    # ---------------------------------------------------------------- the machine proper
    def emit(self, kind: str, rule: str, msg: str, params: dict[str, Any] | None = None, /, **data: Any) -> None:
        """Record one event: ``msg`` a message id with its typed ``params`` (see
        :mod:`game.engine.messages`; the catalogues hold the sentences), ``data`` the payload (see
        :mod:`game.engine.events` for each kind's). Code not converted yet (issue 23) passes an English
        sentence as ``msg``; ``tests/test_messages.py`` counts those sites and lets the count only fall."""
        if " " in msg:  # (an English sentence: see messages.is_id)
            self.ev.append(Event(kind, rule, msg, data))
        else:  # (content texts' stable keys written into the references: messages.keyed)
            self.ev.append(_emitted(kind, rule, msg, params, data))  # (keys written when read: Event.emitted)

    def emit_to(self, audience: Any, kind: str, rule: str, msg: str, params: dict[str, Any] | None = None, /,
                **data: Any) -> None:
        """Record one event only the seats of ``audience`` (an iterable of seat indexes) may see:
        a secret (a bid, a card drawn to a hand). Other seats and spectators never see it
        (``View.events``), and undo never steps back over it (``state.sealed``). ``msg`` and
        ``params`` as :meth:`emit`'s."""
        if " " in msg:  # (an English sentence: see emit)
            self.ev.append(Event(kind, rule, msg, data, tuple(audience)))
        else:
            self.ev.append(_emitted(kind, rule, msg, params, data, tuple(audience)))
        self.s.sealed = self.s.step

    def push(self, *tasks: dict) -> None:
        """Schedule tasks to run next, in the given order. Each is ``{"t": name, ...}``."""
        if len(tasks) == 1:
            self.s.queue.append(tasks[0])
        else:
            self.s.queue.extend(reversed(tasks))

    def ask(self, kind: str, seat: int, prompt: str, options: list[Action], ctx: dict,
            params: dict | None = None, *, rule: str = "") -> None:
        """Ask seat ``seat`` to decide ``kind`` among ``options``; with exactly one option it is
        taken at once (R-DOC-5: no question with one answer). ``prompt`` is a message id with the
        typed ``params`` (:mod:`game.engine.messages`); ``rule`` the rule ID the decision comes from
        (``Pending.rule``)."""
        if len(options) == 1:  # what resolve() does with the decision, without building it
            self.rules.decisions[kind](self, ctx, options[0])
            return
        self.s.pending = Pending(kind, seat, prompt, options, ctx or {}, params=keyed(params) if params else {},
                                 rule=rule)

    def wait(self, kind: str, seat: int, prompt: str, options: list[Action], ctx: dict | None = None,
             params: dict | None = None, *, rule: str = "") -> None:
        """Ask for a decision even when only one option exists (dialogs with a Done button); ``rule`` as
        for :meth:`ask`."""
        self.s.pending = Pending(kind, seat, prompt, options, ctx or {}, params=keyed(params) if params else {},
                                 rule=rule)

    def ask_seats(self, kind: str, seats: Iterable[int], prompt: str, options: list[Action], ctx: dict | None = None,
                  *, secret: bool = False, params: dict | None = None) -> None:
        """Open a window in which any of ``seats`` may answer decision ``kind`` (even with one
        option: each seat decides for itself). ``apply(state, action, seat)`` names the seat that
        answers; the handler reads it as ``self.by``. ``secret``: the answer is seen only by the
        seat that gives it (views of other seats do not see it; undo never steps back over it).
        Raises ValueError for no seat or a seat named twice."""
        seats = list(seats)
        if not seats or len(set(seats)) != len(seats):
            raise ValueError(f"decision {kind!r}: seats must be distinct and at least one, got {seats}")
        self.s.pending = Pending(kind, seats[0], prompt, options, ctx or {}, seats[1:], secret,
                                 keyed(params) if params else {})

    def resolve(self, p: Pending, a: Action) -> None:
        """Resume decision ``p`` with the chosen action (its registered handler)."""
        self.rules.decisions[p.kind](self, p.ctx, a)

    def run(self) -> None:
        """Run tasks until a decision is pending, the game ends or the stack is empty."""
        s = self.s
        tasks = self.rules.tasks
        pure = self.rules.pure_tasks if TRUST[0] else ()  # (derived.shortcuts(False): check after every task)
        self.check_end()  # a decision just resolved may already have ended the game
        manual = getattr(s, "manual", None)  # the campaign's state has no automation switches
        while s.pending is None and s.result is None and s.queue:
            t = s.queue.pop()
            name = t["t"]
            if manual:
                self._guarded(tasks[name], (self, t), {"task": t})
            else:
                tasks[name](self, t)
            if name not in pure:  # (a pure task changed nothing the check reads: same answer)
                self.check_end()
        if s.result is not None:
            self.finish()

    def answer(self, p: Pending, a: Action) -> None:
        """Resolve the pending decision ``p`` with ``a`` and run to the next decision (what
        ``apply`` does after validating and recording ``a``)."""
        if getattr(self.s, "manual", None) and p.kind != "enter":  # (automation switches off: guarded)
            d = {"kind": p.kind, "seat": p.seat, "prompt": p.prompt, "params": p.params,
                 "options": [o.short() for o in p.options], "ctx": p.ctx}
            redo = {"decision": d, "action": a.short()}
            if p.also or p.secret:  # (a window or a secret: who answered is kept for the redo)
                d["also"], d["secret"], redo["by"] = list(p.also), p.secret, self.by
            self._guarded(self.rules.decisions[p.kind], (self, p.ctx, a), redo)
        else:
            self.rules.decisions[p.kind](self, p.ctx, a)  # (self.resolve(p, a), inline)
        self.run()

    # ---------------------------------------------------------------- results entered at the table
    def entry(self, what: str, seat: int, prompt: str, options: list[Action], params: dict | None = None) -> Action:
        """The next result the players entered for this task (a die face, the card drawn), or
        :class:`NeedEntry` when it has not been entered yet. Only called while an automation
        switch is off (``state.manual``); options are every result the table may give."""
        if self._used < len(self._given):
            a = self._given[self._used]
            self._used += 1
            if a not in options:
                raise ValueError(f"entered result {a.short()} is not one of the {what} results")
            return a
        raise NeedEntry(what, seat, prompt, options, params)

    def _guarded(self, fn: Handler, args: tuple, redo: dict) -> None:
        """Call a handler; if it needs a result entered at the table, put the state back as it was
        before the call and ask for the result (decision ``enter``), keeping what to redo."""
        s = self.s
        given, self._used = self._given, 0
        snap, n_ev = s.clone(), len(self.ev)
        try:
            fn(*args)
        except NeedEntry as need:
            for name in type(s).model_fields:
                setattr(s, name, getattr(snap, name))
            s.touch()
            del self.ev[n_ev:]
            self.refresh()
            if "task" in redo:
                s.queue.append(redo["task"])
            s.pending = Pending(kind="enter", seat=need.seat, prompt=need.prompt, options=need.options,
                                ctx={**redo, "what": need.what, "given": [g.short() for g in given]}, params=need.params)
        finally:
            self._given, self._used = [], 0

    @decision("enter")
    def d_enter(self, ctx: dict, a: Action) -> None:
        """A result entered at the table: redo the task or decision that needed it, now with every
        result entered for it so far (issue 12 automation switches)."""
        given = [Action(**g) for g in ctx["given"]] + [a]
        if "task" in ctx:  # the task is back on top of the stack: the run loop redoes it
            self._given = given
            return
        d = ctx["decision"]
        p = Pending(kind=d["kind"], seat=d["seat"], prompt=d["prompt"],
                    options=[Action(**o) for o in d["options"]], ctx=d["ctx"], params=d.get("params") or {})
        redo = {"decision": d, "action": ctx["action"]}
        if "by" in ctx:  # the seat that answered a window or a secret decision
            self.by = redo["by"] = ctx["by"]
        self._given = given
        self._guarded(self.rules.decisions[p.kind], (self, p.ctx, Action(**ctx["action"])), redo)

    def refresh(self) -> None:
        """Re-read derived data after the state was put back (rule sets with caches override)."""

    # ---------------------------------------------------------------- hooks for rule sets
    def check_end(self) -> None:
        """State-based end conditions; rule sets override."""

    def finish(self) -> None:
        """Called once the game has a result: clears the stack and the decision."""
        self.s.queue.clear()
        self.s.pending = None
        self.s.phase = "over"

    def begin_phase(self, name: str) -> None:
        """Enter phase ``name`` of the rule set's phase table and queue its opening task. A
        phase played in turns in free or alternating order starts a fresh round of turns: its
        first turn goes to the seat its order gives (:meth:`next_turn`)."""
        ph = self.rules.phase(name)
        self.s.phase = ph.name
        if ph.order and ph.order != SEAT_ORDER:
            self.s.flow = {}
            self.next_turn(first=True)
            return
        self.s.queue.append({"t": ph.start})  # (self.push, inline)

    # ---------------------------------------------------------------- turn order as data (issue 23 item 4)
    def seats(self) -> int:
        """How many seats take turns (default: one per character of the state); rule sets
        whose seats are not characters override."""
        return len(self.s.characters)

    def may_take_turn(self, seat: int) -> bool:
        """Whether ``seat`` takes a turn when the order comes to it (default: yes). The city
        skips exited survivors (R-TURN-7); a versus side that cannot activate passes (V-ROUND-5)."""
        return True

    def pass_turn(self) -> None:
        """The active seat passes for the rest of the phase (V-ROUND-6 under an alternating
        order; under a free order, D-ROUND-3, it ends its turn). Then the next turn."""
        passed = self.s.flow.setdefault("passed", [])
        if self.s.active not in passed:
            passed.append(self.s.active)
        self.next_turn()

    def next_turn(self, first: bool = False) -> None:
        """Give the next turn by the turn order of the running phase (its row in the phase table,
        or the row whose ``steps`` list it): make its seat active and queue the phase's opening
        task, or, when no seat has a turn left, begin the phase's ``then``.

        - :data:`SEAT_ORDER` (R-TURN-1): the next seat after the active one that may take a turn
          (the active seat itself at the ``first`` turn); nobody: nothing is queued.
        - :data:`FREE_ORDER` (D-ROUND-2): every seat that may take a turn takes one; the seats
          that have not played yet this round are offered in decision ``turn_order`` (the first of
          them decides, any of them may: a hot-seat table), unless only one is left.
        - :data:`ALTERNATE` (V-ROUND-4..6): the other seat of two, unless it has passed or may not
          take a turn; then the same seat again; both passed: the phase ends.

        The memory of a round (seats done, seats passed) is ``state.flow``. Raises KeyError when
        the running phase is not played in turns."""
        s = self.s
        ph = self.rules.turns_of(s.phase)
        n = self.seats()
        if ph.order == SEAT_ORDER:
            for k in range(0 if first else 1, n + 1):
                seat = (s.active + k) % n
                if self.may_take_turn(seat):
                    s.active = seat
                    self.push({"t": ph.start})
                    return
            return
        flow = s.flow
        if ph.order == FREE_ORDER:
            done = flow.setdefault("done", [])
            if not first and s.active not in done:
                done.append(s.active)
            left = [seat for seat in range(n) if seat not in done and self.may_take_turn(seat)]
            if len(left) == 1:
                self._turn_to(ph, left[0])
            elif left:  # any of them may say who goes (a window for the seats left)
                self.ask_seats(DecisionKind.TURN_ORDER, left, "ask.turn_order",
                               [make_action(ActionKind.PICK, n=seat) for seat in left], {"phase": ph.name})
            else:
                self._end_turns(ph)
            return
        passed = flow.setdefault("passed", [])
        order = [s.active] if first else [(s.active + 1) % n, s.active]
        for seat in order:
            if seat not in passed and self.may_take_turn(seat):
                self._turn_to(ph, seat)
                return
            if seat not in passed:  # V-ROUND-5: a side that cannot take a turn passes
                passed.append(seat)
        if all(seat in passed or not self.may_take_turn(seat) for seat in range(n)):
            self._end_turns(ph)
        else:  # (more than two seats: the next one that may)
            for k in range(1, n + 1):
                seat = (s.active + k) % n
                if seat not in passed and self.may_take_turn(seat):
                    self._turn_to(ph, seat)
                    return

    def _turn_to(self, ph: Phase, seat: int) -> None:
        self.s.active = seat
        self.s.phase = ph.name
        self.push({"t": ph.start})

    def _end_turns(self, ph: Phase) -> None:
        self.s.flow = {}
        if ph.then is not None:
            self.begin_phase(ph.then)

    # ---------------------------------------------------------------- the board (issue 23)
    def edge(self, a: Sq, b: Sq) -> EdgeState:
        """The current state of the edge between orthogonal neighbours ``a`` and ``b``: the state's
        changed edges, else the board's (R-COMP-4). Rule sets with their own edge caches override."""
        st = self.s.edges.get(edge_id(edge_key(a, b)))
        return EdgeState(st) if st is not None else self.s.scenario.board.base_edge(a, b)

    def grow_board(self, card: str, at: Sq, rot: int = 0) -> PlacedCard:
        """Add map card ``card`` of the scenario's ``cards`` to the board (issue 23: a board that
        grows): its anchor laid on square ``at`` (the exit stepped on), turned ``rot`` degrees
        clockwise (:func:`game.engine.kernel.growth.grow`: the junction is open). The state keeps
        it (``state.grown``, saved), so ``state.scenario.board`` is the grown board from now on,
        for the rules, the views and the screens alike (a run that keeps the board or a geometry
        reads them again). Returns the placed card. Raises KeyError for an unknown card and
        ValueError for a card that does not fit; the state is then unchanged."""
        s = self.s
        placed = PlacedCard(card=card, at=(int(at[0]), int(at[1])), rot=int(rot))
        s.grown.append(placed)
        try:
            s.scenario  # (builds the grown board: refused here, not at the next reader)
        except (KeyError, ValueError):
            s.grown.pop()
            raise
        s._cache.pop("geo", None)  # (geometry kept for the old board)
        return placed

    # ---------------------------------------------------------------- windows (issue 23 item 4)
    def window_seats(self, w: Window) -> list[int]:
        """The seats that may act in window ``w`` now (its ``seats``: all, others, the active
        one), the active seat first, then round the table."""
        n, act = self.seats(), self.s.active
        order = [(act + k) % n for k in range(n)]
        return [seat for seat in order if w.seats == "all" or (seat == act) == (w.seats == "active")]

    def window_options(self, w: Window, seat: int) -> list[Action]:
        """What ``seat`` may do in window ``w`` now: actions of the window's kinds, each carrying
        the acting seat in a ``seat`` payload field. Rule sets with windows override."""
        return []

    def open_window(self, name: str) -> None:
        """Open window ``name`` of the running phase (a :class:`Window` row): one decision
        addressed to every seat the window names (``ask_seats``, the active seat first); each
        seat's options are its own (:meth:`window_options`) plus ``done``, which closes the
        window. The prompt ``ask.window`` names the window by message ``window.<name>`` (each rule set's
        catalogue words its windows). An option taken is performed by the kind's registered action handler
        ``fn(run, seat, action)`` for the seat that answered, then the window opens again; it
        does not open when no seat has an option. Raises KeyError for a window the running phase
        does not declare."""
        w = self._window(name)
        seats = self.window_seats(w)
        own = {seat: [a for a in self.window_options(w, seat) if a.kind in w.kinds] for seat in seats}
        if not any(own.values()):
            return
        self.ask_seats(w.name, seats, "ask.window", own[seats[0]] + [make_action(ActionKind.DONE)], {"window": w.name},
                       params={"window": {"t": "msg", "id": "window." + w.name}})  # (worded: window.<name>)

    def _window(self, name: str) -> Window:
        w = next((w for w in self.rules.windows_of(self.s.phase) if w.name == name), None)
        if w is None:
            raise KeyError(f"rule set {self.rules.name}: phase {self.s.phase!r} has no window {name!r}")
        return w

    def seat_options(self, p: Pending, seat: int) -> list[Action]:
        """``seat``'s own options in decision ``p`` addressed to several seats (the rule set's
        ``seat_legal`` unless it names another): in a window, that seat's options and ``done``;
        otherwise the decision's options. Rule sets with per-seat options elsewhere extend it."""
        if "window" in p.ctx and p.kind == p.ctx["window"]:
            w = self._window(p.kind)
            return [a for a in self.window_options(w, seat) if a.kind in w.kinds] + [make_action(ActionKind.DONE)]
        return list(p.options)

    def d_window(self, ctx: dict, a: Action) -> None:
        """A window's answer (registered under each window's name): ``done`` closes it; any other
        option is performed for the seat that answered, and the window opens again."""
        if a.kind == ActionKind.DONE:
            return
        self.push({"t": "open_window", "w": ctx["window"]})
        self.rules.actions[a.kind](self, self.by if self.by is not None else getattr(a, "seat", None), a)

    @task("open_window")
    def t_open_window(self, task: dict) -> None:
        """Open window ``task["w"]`` (:meth:`open_window`)."""
        self.open_window(task["w"])

    @decision(DecisionKind.TURN_ORDER)
    def d_turn_order(self, ctx: dict, a: Action) -> None:
        """D-ROUND-2: the players chose whose turn comes next."""
        self._turn_to(self.rules.phase(ctx["phase"]), a.n)

    @task("next_turn", pure=True)
    def t_next_turn(self, task: dict) -> None:
        """The turn is over: the next one by the phase's turn order (:meth:`next_turn`)."""
        self.next_turn()


def option_kinds(options: Iterable[Action]) -> set[str]:
    """The action kinds among ``options`` (a small helper for hooks and tests)."""
    return {o.kind for o in options}


__all__ = ["ALTERNATE", "FREE_ORDER", "SEAT_ORDER", "TURN_ORDERS", "Window", "Machine", "Phase", "RuleSet", "RULESETS", "action", "decision", "task", "register_ruleset",
           "ruleset_of", "option_kinds", "DecisionKind", "city_party_matches", "party_matches", "read_city_party",
           "read_saved_party"]
