"""Bots against each other, headless (issue 28 item 5; ``tools.simulate``): players made from bot
names (:mod:`.spec`) and :func:`play_match`, which plays one game between them and times every
decision.

A player is anything with ``choose(game, seat) -> Action`` (versus's bots; the search bot and the
players here also take ``choose(view)``). A rule set may
register its own ``random`` or ``greedy`` player (:func:`register_player`: versus's random bot
avoids free turns in place); otherwise :class:`RandomPlayer` and :class:`GreedyPlayer` (one ply
over the rule set's heuristic) are used.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from ...engine import Action, Rng, View, apply
from .heuristic import heuristic_for
from .ismcts import SearchBot, seat_view
from .spec import BotSpec, parse_bot_spec


class Player(Protocol):
    def choose(self, game: Any, seat: int) -> Action: ...


class RandomPlayer:
    """Uniformly random among the seat's legal actions (its own seeded stream)."""

    def __init__(self, seed: int = 0):
        self.rnd = random.Random(seed)

    def choose(self, view: Any, seat: int | None = None) -> Action:
        view = seat_view(view, seat)
        legal = view.legal()
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        return legal[self.rnd.randrange(len(legal))]


class GreedyPlayer:
    """One ply: each legal action is tried in ``samples`` worlds sampled from the seat's view
    (:meth:`View.sample_world`: fair about hidden information) and valued by the finished game's
    outcome or the rule set's heuristic; the best mean wins (ties: the first listed)."""

    def __init__(self, seed: int = 0, samples: int = 2):
        self.rng = Rng.from_seed(seed)
        self.samples = samples

    def choose(self, view: Any, seat: int | None = None) -> Action:
        view = seat_view(view, seat)
        legal = view.legal()
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        h = heuristic_for(getattr(view.scenario, "rules", None) or "core")
        best, best_v = legal[0], -1.0
        for a in legal:
            total = 0.0
            for _ in range(self.samples):
                w = view.sample_world(self.rng)
                apply(w, a, me)
                out = View(w, me).outcome()
                if out is None:
                    val = h.value(w, me)
                    out = (0.5,) * (me + 1) if val is None else val
                total += out[me]
            if total > best_v + 1e-12:
                best, best_v = a, total
        return best


_FACTORIES: dict[tuple[str, str], Callable[[int], Player]] = {}


def register_player(rules: str, kind: str, factory: Callable[[int], Player]) -> None:
    """Make ``factory(seed)`` the ``kind`` player (``random`` or ``greedy``) for rule set ``rules``."""
    _FACTORIES[(rules, kind)] = factory


def make_player(spec: BotSpec | str, seed: int, rules: str) -> Player:
    """The player a bot name stands for in games of rule set ``rules``, seeded with ``seed``.
    Raises ValueError for a bad name (:func:`parse_bot_spec`)."""
    spec = parse_bot_spec(spec) if isinstance(spec, str) else spec
    heuristic_for(rules)  # (loads the rule set's module, which may register its own players)
    if spec.kind == "search":
        return SearchBot(spec.params(seed).for_rules(rules))
    own = _FACTORIES.get((rules, spec.kind))
    if own is not None:
        return own(seed)
    return RandomPlayer(seed) if spec.kind == "random" else GreedyPlayer(seed)


@dataclass
class MatchResult:
    """One game's result: ``outcome`` per seat (1 win, 0.5 draw, 0 loss; None if the step limit
    stopped it), ``steps`` applied, and per seat the number of ``decisions`` its player made and
    their ``longest`` and ``total`` wall-clock seconds."""

    outcome: tuple[float, ...] | None
    steps: int
    decisions: dict[int, int] = field(default_factory=dict)
    longest: dict[int, float] = field(default_factory=dict)
    total: dict[int, float] = field(default_factory=dict)


def next_answer(game: Any, players: dict[int, Player]) -> tuple[int, Action, float]:
    """Who answers the pending decision of ``game``, what, and how long the player took. A
    decision several seats may answer: a window (``done`` closes it for all) is answered by the
    first seat, in the table's order, that wants to do something (each is asked), else ``done``
    by the first; any other (simultaneous secret bids or deployments) by the first seat listed."""
    v = View(game, None)
    seats = v.deciding_seats()
    pend = v.pending
    times = 0.0
    if len(seats) > 1 and "window" in (pend.ctx or {}):
        first = None
        for seat in seats:
            t0 = time.perf_counter()
            a = players[seat].choose(game, seat)
            times = time.perf_counter() - t0
            if a.kind != "done":
                return seat, a, times
            first = first or (seat, a, times)
        return first
    seat = seats[0]
    t0 = time.perf_counter()
    a = players[seat].choose(game, seat)
    return seat, a, time.perf_counter() - t0


def play_match(game: Any, players: dict[int, Player], max_steps: int = 5000) -> MatchResult:
    """Play ``game`` (changed in place) to its end with ``players`` by seat. Raises RuntimeError
    if a player answers with an illegal action (a bot bug)."""
    res = MatchResult(outcome=None, steps=0)
    for seat in players:
        res.decisions[seat], res.longest[seat], res.total[seat] = 0, 0.0, 0.0
    while res.steps < max_steps:
        out = View(game, None).outcome()
        if out is not None:
            res.outcome = out
            break
        seat, a, took = next_answer(game, players)
        ev = apply(game, a, seat)
        if len(ev) == 1 and ev[0].kind == "impossible":
            raise RuntimeError(f"seat {seat}'s player chose an illegal action {a!r}: {ev[0].text}")
        res.steps += 1
        res.decisions[seat] += 1
        res.total[seat] += took
        res.longest[seat] = max(res.longest[seat], took)
    return res


__all__ = ["GreedyPlayer", "MatchResult", "Player", "RandomPlayer", "make_player", "next_answer", "play_match",
           "register_player"]
