"""The engine's public API: ``new_game``, ``legal_actions``, ``apply``, ``replay`` (DESIGN.md).

One pipeline for every action of every rule set: validate against the legal set (computed once
per step and cached on the state), record, resolve the pending decision, run the machine to the
next decision. If a rule raises, the state is put back as it was before ``apply`` (restored
from the last snapshot plus the record) and :class:`RulesError` is raised: no half-applied
action.
"""
from __future__ import annotations

from typing import Any

from . import core  # noqa: F401  (registers the core rule set)
from .actions import _BY_VALUE, Action, Event
from .derived import TRUST
from .machine import MANUAL_SWITCHES, RULESETS, ruleset_of
from .scenario import Scenario
from .state import GameState


class _Said:
    """An engine exception that says what it means as a message id with typed parameters
    (:mod:`game.engine.messages`; ``msg``, ``params``), worded by the UI through the catalogues
    (issue 23); ``str(ex)`` is the English sentence, for logs and bug reports."""

    msg: str = ""
    params: dict

    def _said(self, msg: str, params: dict | None) -> None:
        self.msg, self.params = msg, dict(params or {})


class IllegalAction(_Said, Exception):
    """Raised only by :func:`apply_or_raise` and :func:`replay`; ``apply`` reports an illegal
    action as an ``impossible`` event. ``msg``/``params``: that event's message (``impossible.*``),
    or ``error.record_step`` (``step``, ``why``: the event's message nested) for a record that does
    not replay."""

    def __init__(self, text: str, msg: str = "", params: dict | None = None) -> None:
        super().__init__(text)
        self._said(msg, params)


class StuckGame(_Said, RuntimeError):
    """The engine's own check after every step (issue 29 item 3): a game is always either over
    (``state.result``) or waiting on somebody (``state.pending``); a rule set that leaves neither
    is a bug. :func:`apply` turns it into :class:`RulesError` with the state put back. Message
    ``error.stuck`` (``step``, ``phase``, ``n``: tasks left)."""

    def __init__(self, state: GameState) -> None:
        super().__init__(stuck_text(state))
        self._said("error.stuck", {"step": state.step, "phase": state.phase, "n": len(state.queue)})


class RulesError(_Said, RuntimeError):
    """A rule raised while an action was applied (an engine bug). The state was restored to
    what it was before the action; ``__cause__`` is the original exception. Message
    ``error.rules`` (``action``: the action as data, ``step``, ``cause``: the cause's message nested
    when it has one, else its text as data)."""

    def __init__(self, action: Action, step: int, exc: BaseException) -> None:
        super().__init__(f"rule error while applying {describe_action(action)} at step {step}: "
                         f"{type(exc).__name__}: {exc}")
        cause = {"t": "msg", "id": exc.msg, "params": exc.params} if isinstance(exc, _Said) and exc.msg else \
            f"{type(exc).__name__}: {exc}"
        self._said("error.rules", {"action": describe_action(action), "step": step, "cause": cause})


def _rules_for(scenario: Scenario) -> str:
    return getattr(scenario, "rules", None) or "core"


def new_game(scenario: Scenario, party: list[tuple[str, int]], seed: int, manual: Any = ()) -> GameState:
    """Set up a scenario and run to the first decision; see :func:`new_game_events`."""
    return new_game_events(scenario, party, seed, manual)[0]


def new_game_events(scenario: Scenario, party: list[tuple[str, int]], seed: int,
                    manual: Any = ()) -> tuple[GameState, list[Event]]:
    """Set up ``scenario`` with its rule set (the core rules unless the scenario names another)
    and run to the first decision.

    ``party`` is the seat order, one ``(character id, start square number 1|2)`` per seat
    (R-TURN-1, R-SCEN-5); ``seed`` any integer (R-DOC-4). Raises ValueError for a party the
    scenario cannot seat (see the rule set's ``setup``) and KeyError for an unknown rule set.
    ``manual`` names the automation switches turned off (``machine.MANUAL_SWITCHES``: "dice",
    "tension"): those results are entered by the players as ``enter`` decisions (issue 12);
    ValueError for an unknown name.
    Returns the state and the events of the set-up and the first turn's start.
    """
    scenario = getattr(scenario, "grown_from", None) or scenario  # (a game's grown scenario: as set up)
    name = _rules_for(scenario)
    if name not in RULESETS:
        raise KeyError(f"unknown rule set {name!r}; known: {sorted(RULESETS)}")
    rs = RULESETS[name]
    bad = [m for m in manual if m not in MANUAL_SWITCHES]
    if bad:
        raise ValueError(f"unknown automation switch {bad[0]!r}; known: {', '.join(MANUAL_SWITCHES)}")
    s = rs.setup(scenario, party, seed)
    s.rules = rs.name
    s.manual = [m for m in MANUAL_SWITCHES if m in manual]
    s.attach(scenario)
    run = rs.run_class(s)
    run.emit("setup", "R-SCEN-3", "scenario.setup_done", {"scenario": {"t": "text", "v": getattr(scenario.brief, "name", scenario.brief.id)}},
             scenario=scenario.brief.id)
    run.run()
    if s.pending is None and s.result is None:
        raise StuckGame(s)
    return s, run.ev


def stuck_text(state: GameState) -> str:
    """Why ``state`` is stuck: neither over nor waiting on anybody (R-TURN-12, R-SCEN-8)."""
    return (f"the game is neither over nor waiting on anybody after step {state.step} "
            f"(phase {state.phase!r}, {len(state.queue)} task(s) left): a rule set left no decision and no result")


def legal_actions(state: GameState, seat: int | None = None) -> list[Action]:
    """Every choice the deciding player can make now (R-DOC-5); empty when the game is over.

    ``state.pending.seat`` says whose choice it is (the active player, or the controller of a
    character being pushed or re-rolling). The list is computed once per step and cached on the
    state; call ``state.touch()`` after changing a state by hand.
    ``seat``: the choices of that seat (empty when the pending decision is not addressed to it;
    a decision may be addressed to several seats, ``pending.seats``); None: the pending seat's.
    """
    if state.result is not None or state.pending is None:
        return []
    if seat is not None and seat != state.pending.seat:
        return _seat_actions(state, seat)
    hit = state._cache.get("legal")  # (the private slot: ``cache`` is a property)
    if hit is not None and hit[0] == state.step:
        return hit[1]
    p = state.pending
    if p.options:
        opts = list(p.options)
    else:
        rs = ruleset_of(state)
        opts = rs.legal_hook(rs.run_class(state), p) if rs.legal_hook else []
    state._cache["legal"] = (state.step, opts)
    return opts


def _seat_actions(state: GameState, seat: int) -> list[Action]:
    """The choices of ``seat`` in a decision addressed to several seats (the same options for
    each, unless the rule set lists them per seat with ``seat_legal``); empty for a seat the
    pending decision is not addressed to."""
    p = state.pending
    if seat not in p.also:
        return []
    key = ("legal", seat)
    hit = state._cache.get(key)
    if hit is not None and hit[0] == state.step:
        return hit[1]
    rs = ruleset_of(state)
    if rs.seat_legal is not None:
        opts = rs.seat_legal(rs.run_class(state), p, seat)
    else:
        opts = legal_actions(state)
    state._cache[key] = (state.step, opts)
    return opts


def apply(state: GameState, action: Action, seat: int | None = None) -> list[Event]:
    """Apply one legal action to ``state`` (mutated in place) and return what happened.

    ``seat``: the seat that answers (None: the pending decision's ``seat``); a decision
    addressed to several seats (``pending.seats``) is answered by any one of them, and the
    record keeps which (``"by"``). An illegal action, or a seat the decision is not addressed
    to, changes nothing and returns a single ``impossible`` event whose text says why (no
    exception: STYLE, tcod's ``Impossible``). Raises :class:`RulesError` (with the state
    restored) if a rule fails.
    """
    if state.result is not None:
        return [Event(kind="impossible", msg="impossible.over", params={"result": {"t": "msg", "id": f"result.{state.result}"}})]
    p = state.pending
    if p is None:
        return [Event(kind="impossible", msg="impossible.nothing")]
    given = action
    if seat is None or seat == p.seat:
        seat = p.seat
        hit = state._cache.get("legal")  # (legal_actions' kept answer for this step, read inline)
        legal = hit[1] if hit is not None and hit[0] == state.step else legal_actions(state)
    elif seat in p.also:
        legal = _seat_actions(state, seat)
    else:
        return [Event(kind="impossible", msg="impossible.not_your_decision", params={"n": seat + 1},
                      data={"seat": seat})]
    action = _legal_match(action, legal)  # the legal option of the same value
    if action is None:
        return [Event(kind="impossible", msg="impossible.not_legal", params={"action": action_ref(given)},
                      data={"action": given.short()})]
    if state._origin is None:
        state._origin = (state.model_dump_json(), len(state.record))
    run = state._cache.get("run")  # (_kept_run, inline)
    if run is not None and not (run.s is state and run.rules.name == state.rules and TRUST[0]):
        run = None
    rs = ruleset_of(state) if run is None else None  # (KeyError for an unknown rule set, before any change)
    try:
        if p.also or p.secret:  # the record keeps who answered a window or a secret decision
            entry = action.short()
            entry["by"] = seat
            if p.secret:
                entry["secret"] = True
            state.record.append(entry)
        else:
            state.record.append(action.short())
        state.step += 1
        if p.secret:  # undo never steps back over a secret answer
            state.sealed = state.step
        state.pending = None
        if run is None:
            run = state._cache["run"] = rs.run_class(state)
        else:
            run.new_pass()
        run.by = seat
        run.answer(p, action)
        if state.pending is None and state.result is None:
            raise StuckGame(state)
    except Exception as exc:  # a rule failed: no half-applied action
        _restore(state)
        raise RulesError(action, state.step + 1, exc) from exc
    return run.ev


def _kept_run(state: GameState) -> Any:
    """The rule set's run object kept in the state's cache by the last ``apply``, or None: the
    next pass reuses it (after :meth:`~game.engine.machine.Machine.new_pass`) instead of building
    a run and reading the geometry again (issue 8). Kept while the cache lives (``touch()``, a
    load or a restore forget it)."""
    run = state._cache.get("run")
    if run is not None and run.s is state and run.rules.name == state.rules and TRUST[0]:
        return run
    return None


def _is_legal(action: Action, legal: list[Action]) -> bool:
    """``action in legal`` (see :func:`_legal_match`)."""
    return _legal_match(action, legal) is not None


def _legal_match(action: Action, legal: list[Action]) -> Action | None:
    """The option of ``legal`` equal to ``action`` (``apply`` goes on with it: the same value, and
    usually the shared object the rules handed out), or None. Without a Python-level ``__eq__``
    call per option: the rules hand out shared action objects (``make_action``), so most answers
    are found by identity (of the action itself, or of the shared action of its value when it was
    rebuilt from a record or a save), the rest by comparing field values (what ``Action.__eq__``
    compares)."""
    if type(action) is Action:
        d = action.__dict__
        try:  # the shared action of the same value (itself, or one rebuilt from a record)
            shared = _BY_VALUE.get(tuple(d.items()))
        except TypeError:  # an unhashable value (never shared)
            shared = None
        if shared is not None:
            for a in legal:
                if a is shared:
                    return a
        for a in legal:
            if a is action:
                return a
        for a in legal:
            if type(a) is Action and a.__dict__ == d:
                return a
        return None
    for a in legal:
        if a is action:
            return a
    for a in legal:
        if a == action:
            return a
    return None


def _restore(state: GameState) -> None:
    """Put ``state`` back to its last snapshot and re-apply the recorded actions after it."""
    js, n = state._origin
    todo = state.record[n:-1]  # the failing action is the last one recorded
    back = type(state).model_validate_json(js)  # a rule set's own state class (the mansion's) stays itself
    back.attach(state.scenario)
    back._origin = state._origin
    for a in todo:
        act, by = recorded(a)
        apply(back, act, by)
    for name in type(state).model_fields:
        setattr(state, name, getattr(back, name))
    state._cache = {}


def apply_or_raise(state: GameState, action: Action) -> list[Event]:
    """As :func:`apply`, but raises :class:`IllegalAction` for an illegal action."""
    ev = apply(state, action)
    if len(ev) == 1 and ev[0].kind == "impossible":
        raise IllegalAction(ev[0].text, ev[0].msg, ev[0].params)
    return ev


def replay(scenario: Scenario, party: list[tuple[str, int]], seed: int, record: list[dict[str, Any]],
           manual: Any = ()) -> GameState:
    """Rebuild a game from its record (``seed`` + actions, with the automation switches the game
    was played with: ``manual`` as for :func:`new_game`). Raises IllegalAction if a recorded
    action is not legal at its step (a corrupt or foreign record)."""
    s = new_game(scenario, party, seed, manual)
    for i, a in enumerate(record):
        act, by = recorded(a)
        ev = apply(s, act, by)
        if len(ev) == 1 and ev[0].kind == "impossible":
            raise IllegalAction(f"record step {i + 1}: {ev[0].text}", "error.record_step",
                                {"step": i + 1, "why": {"t": "msg", "id": ev[0].msg, "params": ev[0].params}})
    return s


def record_of(state: GameState) -> list[dict[str, Any]]:
    """The whole record of a game (a copy; secret answers included): what ``replay`` and saves
    need. Screens show ``View(state, seat).record()`` instead, which hides other seats' secrets."""
    return [dict(a) for a in state.record]


def adopt(state: GameState) -> GameState:
    """A game from outside (a save, an editor, a test) made ready to play on: derived data it
    may carry is forgotten (``touch``). Returns the same game."""
    return state.touch()


def snapshot(state: GameState) -> GameState:
    """A copy of a game to put back later (the UI's undo): the same scenario, no derived data."""
    return state.clone()


def same_game(a: GameState, b: GameState) -> bool:
    """True if two games are in the same position (their saved parts are equal)."""
    return a.same_as(b)


def same_chance(a: GameState, b: GameState) -> bool:
    """True if nothing random happened between two positions of one game (their random
    generators are in the same state; neither generator is shown)."""
    return a.rng == b.rng


STEP_LIMIT = {"t": "msg", "id": "reason.step_limit"}  # the reason of a game a bot or a tool stopped


def give_up(state: GameState, why: dict | None = None) -> None:
    """End a game stopped from outside the rules as a failure (a bot's step limit): no rule ran,
    nothing is recorded. ``why``: the reason as a message reference (:mod:`game.engine.messages`;
    default :data:`STEP_LIMIT`, "unfinished (step limit)"), kept in ``result_why`` with its English
    words in ``result_reason``. The decision it waited on and the steps still to run are dropped,
    so the game is over and waits on nobody (an ended game with a decision left is a state the
    invariants and the save loaders refuse, issue 29). A game already over is left as it is."""
    if state.result is None:
        from .messages import english

        why = why or STEP_LIMIT
        state.result, state.result_reason, state.result_why = "failure", english(why), dict(why)
        state.pending = None
        state.queue = []


def recorded(entry: dict[str, Any]) -> tuple[Action, int | None]:
    """One record entry (a save's ``record`` item) as the action and the seat that answered
    (None: the pending seat). ``"by"`` is kept only for decisions several seats could answer or
    secret ones (``"secret": True``: only that seat may see the entry, ``View.record``)."""
    if "by" in entry:
        entry = dict(entry)
        by = entry.pop("by")
        entry.pop("secret", None)
        return Action(**entry), by
    return Action(**entry), None


#: the action-phase kinds (R-ACT-1) the catalogues name (``act.<kind>``)
ACT_KINDS = frozenset({"move", "stairs", "door", "clear", "search", "stash", "typewriter", "ribbons", "trade", "use",
                       "attack", "exit", "scenario", "burn"})


def action_ref(a: Action) -> dict:
    """Action ``a`` as a message parameter (:mod:`game.engine.messages`): an action-phase kind by its
    message ``act.<kind>`` ("move", 「移動」), any other kind (a decision's answer) as its name."""
    return {"t": "msg", "id": "act." + a.kind} if a.kind in ACT_KINDS else {"t": "text", "v": str(a.kind)}


def describe_action(a: Action) -> str:
    """An action as ``kind field=value ...`` for messages."""
    bits = [str(a.kind)]
    for k, v in a.payload.items():
        bits.append(f"{k}={v}")
    return " ".join(bits)
