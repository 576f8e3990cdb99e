"""Information-set Monte Carlo tree search over the engine's public contract (issue 28 item 1).

The shape follows OpenSpiel's IS-MCTS (``open_spiel/algorithms/is_mcts``: a table of nodes keyed
by the deciding player's information state, a world re-sampled from the searching player's
information state for every simulation, one node added per simulation and valued there by a
playout, actions that are legal in one sampled world and not in another allowed) and Cowling,
Powley and Whitehouse's single-observer ISMCTS (UCB1 with availability counts). What is Dreadboard's:

- **A world is sampled from the seat's view, never from the true game.** Every simulation starts
  from ``View(game, seat).sample_world(rng)``: the rule set's ``sample_hidden`` hook is handed only
  what the seat sees (``View.visible_state``) and draws the other side's hidden deployment and
  unrevealed bid again; the dice to come are re-seeded from the bot's own stream.
- **A node is an information state: the deciding seat and what it has observed since the root.**
  The key is ``(seat, actions since the root as that seat sees them)``: another seat's secret
  answer (a bid, a deployment: a decision asked ``secret=True``) is only "seat k answered" to it,
  so the opponent's nodes below our own sealed bid do not know our bid, and ours do not know its.
  Dice are not part of the key (open loop, as TAG's default): a node's children are filtered to
  what is legal in the world at hand.
- **Rules, parameters, heuristic apart** (TAG): the rules are ``legal_actions``/``apply``; the
  parameters are :class:`~game.ai.search.params.SearchParams`; leaf values and the playout policy
  are the rule set's :class:`~game.ai.search.heuristic.Heuristic`.
- **Budgets:** a number of simulations (deterministic: same seed, same game, same iterations,
  same choice) or seconds of wall-clock thinking; a ``cancel`` event stops it within one engine
  step (:mod:`game.ai.search.worker` runs it off the UI thread).
"""
from __future__ import annotations

import gc
import math
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ...engine import Action, Rng, View, apply, legal_actions
from .heuristic import Heuristic, heuristic_for
from .params import SearchParams

_EVEN = (0.5,) * 8  # "no opinion" for every seat
#: a budget in seconds: new simulations are started only while one of the average length would
#: end before AIM x the budget; one still under way at HARD x the budget is dropped (issue 28:
#: no decision over its budget + 10 %; measured with eight helpers on two cores, 19 of 497
#: decisions of search:2 went past 2.2 s with the earlier 1.0 / 1.04)
AIM, HARD = 0.9, 0.97
#: no decision may end past END x its budget (issue 28: budget + 10 %; 1.05 keeps a margin for
#: the answer's own bookkeeping); the hard limit is moved earlier by the longest stretch between
#: two clock checks seen lately, which decays by CHUNK_DECAY a decision
END, CHUNK_DECAY = 1.05, 0.7


def seat_view(game_or_view: Any, seat: int | None = None) -> View:
    """``View(game, seat)``, or the view itself when given one (``seat`` None)."""
    if isinstance(game_or_view, View):
        if seat is not None and seat != game_or_view.seat:
            raise ValueError(f"a view of seat {game_or_view.seat} given for seat {seat}")
        return game_or_view
    if seat is None:
        raise ValueError("choose(game, seat): the seat is needed with a game")
    return View(game_or_view, seat)


class Cancelled(Exception):
    """The search was cancelled before it had anything to answer (``SearchBot.choose``)."""


@dataclass(slots=True)
class _Child:
    visits: int = 0
    total: float = 0.0  # the deciding seat's rewards summed over the visits
    avail: int = 0  # simulations in which this action was legal at the node (ISMCTS availability)


@dataclass(slots=True)
class _Node:
    children: dict[Action, _Child] = field(default_factory=dict)
    n: int = 0  # simulations through this node
    order: list | None = None  # progressive widening: the actions in the order they are let in


@dataclass(slots=True)
class SearchStats:
    """What the last decision's search did: ``iterations`` simulations, ``playout_steps`` engine
    steps played in playouts, ``tree_steps`` steps through the tree, ``nodes`` information sets
    in the table, ``seconds`` of wall-clock time, ``cancelled``, and the root's children as
    ``(action, visits, mean reward)`` best first."""

    iterations: int = 0
    playout_steps: int = 0
    tree_steps: int = 0
    nodes: int = 0
    seconds: float = 0.0
    cancelled: bool = False
    settled: bool = False  # ended early: no simulation left in the budget could change the answer
    root: list[tuple[Action, int, float]] = field(default_factory=list)


class SearchBot:
    """A player for one seat that searches the game as that seat sees it.

    ``params``: :class:`SearchParams`; ``heuristic``: the leaf values and playout policy (None:
    the one registered for the game's rule set). The bot keeps its own random stream (seeded
    by ``params.seed``) across decisions, so a game played again with the same seed and an
    iteration budget gets the same moves.
    """

    def __init__(self, params: SearchParams | None = None, heuristic: Heuristic | None = None,
                 clock: Any = time.perf_counter):
        self.params = params or SearchParams()
        self.heuristic = heuristic
        self.clock = clock  # wall-clock seconds (a test may give its own)
        self._hard: float | None = None  # the clock reading past which a simulation is dropped
        self._end = 0.0  # no decision should end past this clock reading (END x the budget)
        self._last = 0.0  # the clock at the last check
        self._chunk = 0.0  # the longest stretch between two clock checks seen lately (seconds)
        self.rnd = random.Random(self.params.seed)
        self.stats = SearchStats()

    # ------------------------------------------------------------------ the one call
    def choose(self, view: Any, seat: int | None = None, cancel: threading.Event | None = None) -> Action:
        """The action the bot takes for ``view.seat`` in the pending decision of ``view``'s game
        (which must be addressed to that seat): the root action visited most, ties broken by the
        mean reward, then by the order of the legal list. The game is not changed. ``view`` may
        also be a game handle with ``seat`` given (``choose(game, seat)``, as versus's bots).

        A decision with one option (after the heuristic's move ordering) is answered without a
        search, and a search ends early once no simulation left in its budget could change the
        answer (:meth:`_settled`). Python's cyclic garbage collector is paused while it thinks (a
        full collection took 30-100 ms here, a fifth of ``search:0.5``'s budget; the search's
        few thousand cyclic objects are collected afterwards).

        ``cancel``: set by another thread to stop at once; the best action found so far is
        returned, or :class:`Cancelled` is raised if no simulation was finished. Raises
        ValueError for a spectator's view, or a seat with nothing to decide."""
        was = gc.isenabled()
        gc.disable()
        try:
            return self._choose(view, seat, cancel)
        finally:
            if was:
                gc.enable()

    def _choose(self, view: Any, seat: int | None, cancel: threading.Event | None) -> Action:
        clock = self.clock
        t0 = clock()  # (the budget counts from the call: the legal options and the view included)
        view = seat_view(view, seat)
        if view.seat is None:
            raise ValueError("a search bot plays a seat: give it that seat's View, not a spectator's")
        legal = view.legal()
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        self.stats = SearchStats()
        if len(legal) == 1:
            self.stats.root = [(legal[0], 0, 0.5)]
            return legal[0]
        p = self.params
        h = self.heuristic or heuristic_for(getattr(view.scenario, "rules", None) or "core")
        rec = view.record()
        root_last = rec[-1]["kind"] if rec else None
        legal = h.tree_actions(view, legal, root_last) or legal
        if len(legal) == 1:
            self.stats.root = [(legal[0], 0, 0.5)]
            return legal[0]
        world_rng = Rng.from_seed(self.rnd.getrandbits(63))
        nodes: dict[tuple, _Node] = {}
        timed = p.iterations is None
        budget = p.seconds if timed else 0.0
        # a budget in seconds (wall clock, as a person waits and as tools.simulate measures):
        # a new simulation starts only while one of the average length so far would end before
        # AIM x the budget; one under way is dropped at the first clock check past HARD x the
        # budget or from which the longest stretch between two checks seen lately (self._chunk: an
        # engine step, a heuristic reading, or the machine's own stall when it is loaded) would
        # end past END x the budget
        deadline = t0 + budget * AIM if timed else None
        self._hard = t0 + budget * HARD if timed else None
        self._end = t0 + budget * END
        limit = p.iterations if p.iterations is not None else 1 << 62
        st = self.stats
        w0 = view.sample_world(world_rng)
        h.start(w0, view.seat)
        root_key = (view.seat, ())
        self._last = t1 = clock()  # (the set-up is not a stretch a simulation can be dropped in)
        while st.iterations < limit:
            if cancel is not None and cancel.is_set():
                st.cancelled = True
                break
            now = clock()
            if deadline is not None and (now >= deadline or st.iterations and now + (now - t1) / st.iterations >= deadline):
                break  # (the set-up alone may have used it up on a loaded machine)
            if p.settle and st.iterations >= 8:  # the answer cannot change any more: stop
                left = limit - st.iterations if not timed else int((deadline - now) * st.iterations / (now - t1)) + 1
                if self._settled(nodes.get(root_key), left):
                    st.settled = True
                    break
            world = view.sample_world(world_rng)
            if not self._simulate(world, view.seat, nodes, h, cancel, root_last):
                st.cancelled = cancel is not None and cancel.is_set()
                break
            st.iterations += 1
        self._chunk *= CHUNK_DECAY  # (a stall long ago weighs less)
        st.seconds = clock() - t0
        st.nodes = len(nodes)
        root = nodes.get(root_key)
        order = {a: i for i, a in enumerate(legal)}
        ranked = []
        if root is not None:
            for a, ch in root.children.items():
                if a in order and ch.visits:
                    ranked.append((a, ch.visits, ch.total / ch.visits))
        ranked.sort(key=lambda r: (-r[1], -r[2], order[r[0]]))
        st.root = ranked
        if not ranked:
            if st.cancelled:
                raise Cancelled("the search was cancelled before its first simulation ended")
            # no simulation ended within the budget (a tiny budget on a loaded machine): the
            # heuristic's own choice (versus: the scripted player's; the root's first child when
            # the tree has asked it already), else the first option
            if root is not None and root.order and root.order[0] in order:
                return root.order[0]
            first = h.prior(w0, view.seat, legal, self.rnd)
            return first if first in legal else legal[0]
        if p.prior_margin > 0 and root.order and ranked[0][0] != root.order[0]:
            first = next((r for r in ranked if r[0] == root.order[0]), None)
            if first is not None and ranked[0][2] < first[2] + p.prior_margin:
                return first[0]  # (not clearly better than the prior's action: keep to that)
        return ranked[0][0]

    def _settled(self, root: _Node | None, left: int) -> bool:
        """True when ``left`` more simulations cannot change what :meth:`choose` answers: the most
        visited root action leads the next by more than ``left`` visits (a child let in later gets
        at most ``left``), and with ``prior_margin`` either it is the prior's action or its mean
        beats the prior action's by the margin even if every simulation left went against it (and
        for the prior action)."""
        if root is None or left < 0:
            return False
        kids = sorted(((ch.visits, a, ch) for a, ch in root.children.items() if ch.visits),
                      key=lambda t: -t[0])
        if not kids:
            return False
        v1, a1, c1 = kids[0]
        v2 = kids[1][0] if len(kids) > 1 else 0
        if v1 - v2 <= left:
            return False
        p = self.params
        if p.prior_margin <= 0 or not root.order or a1 == root.order[0]:
            return True
        prior = root.children.get(root.order[0])
        if prior is None or not prior.visits:
            return False  # (the prior may yet be tried and kept)
        low = c1.total / (c1.visits + left)  # the leader's worst mean, the prior's best
        high = (prior.total + left) / (prior.visits + left)
        return low >= high + p.prior_margin

    # ------------------------------------------------------------------ one simulation
    def _simulate(self, world: Any, me: int, nodes: dict[tuple, _Node], h: Heuristic,
                  cancel: threading.Event | None, last: str | None = None) -> bool:
        """Walk the tree from the root in ``world`` (a sampled game, changed in place), add one
        node, play out and back up the rewards. Returns False if cancelled half-way or past the
        budget's hard limit (nothing is backed up then)."""
        p, rnd, st = self.params, self.rnd, self.stats
        hist: list[tuple[int, Action, bool]] = []  # (seat, action, secret) since the root
        seen: dict[int, tuple] = {}  # seat -> the history as that seat saw it (built when first asked)
        path: list[tuple[_Child, int]] = []
        depth = 0
        rewards = None
        while True:
            v = View(world, None)
            out = v.outcome()
            if out is not None:
                rewards = out
                break
            pend = v.pending
            seat = me if depth == 0 else pend.seat
            every = legal_actions(world, seat)
            legal = h.tree_actions(View(world, seat), every, last) or every
            mine = seen.get(seat)
            if mine is None:
                mine = seen[seat] = tuple((by, a if not sec or by == seat else None) for by, a, sec in hist)
            key = (seat, mine)
            node = nodes.get(key)
            if node is None or depth >= p.max_depth:
                if node is None:
                    nodes[key] = _Node()
                rewards = self._playout(world, me, h, cancel)
                if rewards is None:
                    return False
                break
            kids = node.children
            if p.widening > 0:  # progressive widening: the prior's action first, one more now and then
                legal = self._widen(node, world, seat, legal, h)
            node.n += 1
            fresh = [a for a in legal if a not in kids or not kids[a].visits]
            for a in legal:
                ch = kids.get(a)
                if ch is None:
                    ch = kids[a] = _Child()
                ch.avail += 1
            if fresh:  # expand an action not tried yet (widening: in its order; else shuffled)
                a = fresh[0] if p.widening > 0 else fresh[rnd.randrange(len(fresh))]
            else:
                a = self._ucb(kids, legal)
            path.append((kids[a], seat))
            secret = pend.secret
            apply(world, a, seat)
            last = a.kind
            st.tree_steps += 1
            hist.append((seat, a, secret))
            for s2 in seen:  # what each seat saw of it: another seat's secret answer only as "answered"
                seen[s2] = seen[s2] + ((seat, a if not secret or s2 == seat else None),)
            depth += 1
            if cancel is not None and cancel.is_set() or self._past():
                return False
        for ch, seat in path:
            ch.visits += 1
            ch.total += rewards[seat] if seat < len(rewards) else 0.5
        return True

    def _widen(self, node: _Node, world: Any, seat: int, legal: list[Action], h: Heuristic) -> list[Action]:
        """The actions of ``legal`` a node lets in after ``node.n`` simulations: the first
        ``1 + widening * sqrt(n)`` of its order, which is the heuristic's prior action first (the
        playout policy's choice: a search with few simulations plays at least as that player
        does unless another move proves better), then the others in a shuffled order; actions
        legal only in some sampled worlds are added to the order as they appear."""
        rnd = self.rnd
        if node.order is None:
            first = h.prior(world, seat, legal, rnd)
            rest = [a for a in legal if a != first]
            rnd.shuffle(rest)
            node.order = ([first] if first in legal else []) + rest
        else:
            have = set(node.order)
            node.order.extend(a for a in legal if a not in have)
        k = 1 + int(self.params.widening * math.sqrt(node.n))
        now = set(legal)
        out = []
        for a in node.order:
            if a in now:
                out.append(a)
                if len(out) >= k:
                    break
        return out

    def _ucb(self, kids: dict[Action, _Child], legal: list[Action]) -> Action:
        """UCB1 over the children legal here, with availability counts (ties: the first)."""
        c = self.params.uct_c
        best, best_v = legal[0], -math.inf
        for a in legal:
            ch = kids[a]
            val = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if val > best_v + 1e-12:
                best, best_v = a, val
        return best

    def _playout(self, world: Any, me: int, h: Heuristic, cancel: threading.Event | None):
        """Play ``params.playout_steps`` actions by the heuristic's playout policy; the rewards
        of the finished game, or the heuristic's values (0.5 each without an opinion); None if
        cancelled."""
        rnd, st = self.rnd, self.stats
        for _ in range(self.params.playout_steps):
            v = View(world, None)
            out = v.outcome()
            if out is not None:
                return out
            seat = v.pending.seat
            legal = legal_actions(world, seat)
            a = h.playout_action(world, seat, legal, rnd)
            apply(world, a, seat)
            st.playout_steps += 1
            if cancel is not None and cancel.is_set() or self._past():
                return None
        out = View(world, me).outcome()
        if out is not None:
            return out
        val = h.value(world, me)
        if self._past():
            return None
        return _EVEN if val is None else tuple(val)

    def _past(self) -> bool:
        """A clock check of a budget in seconds: True past the hard limit (the simulation under
        way is dropped), or when one more stretch as long as the longest between two checks seen
        lately (``_chunk``, noted here) would end past END x the budget. False without one."""
        if self._hard is None:
            return False
        now = self.clock()
        gap = now - self._last
        self._last = now
        if gap > self._chunk:
            self._chunk = gap
        return now > self._hard or now + self._chunk > self._end


__all__ = ["Cancelled", "SearchBot", "SearchStats"]
