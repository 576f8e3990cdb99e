"""What one seat may know of a versus game, and the rules' answers bots and screens ask, without
reading the state (V-HOT-1/3): :class:`VsView`; and :func:`determinise`, a full game consistent
with a seat's view for search (issue 28's hook, see the package docstring)."""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from ..rng import Rng
from .data import DIRS, FACINGS, ROSTER, VsScenario
from .rules import VersusRun


@dataclass(frozen=True)
class FigView:
    """One character as a seat sees it: ``pos`` None while hidden (before the deployment reveal)
    and ``facing`` "" before the facings are revealed (or while only its owner knows it)."""

    cid: str
    seat: int
    pos: tuple[int, int] | None
    facing: str
    side: str
    wounds: int
    dead: bool
    activated: bool
    items: tuple[str, ...]

    @property
    def name(self) -> str:
        return ROSTER[self.cid].name

    @property
    def living(self) -> bool:
        return not self.dead and self.pos is not None


class VsView:
    """The versus game as ``seat`` may see it (the same redaction as the rule set's ``redact``,
    read straight from the record instead of a JSON dump: cheap enough for a bot's every
    evaluation). ``seat`` None: a spectator."""

    def __init__(self, state: Any, seat: int | None):
        self._s = state
        self.seat = seat
        v = state.versus
        self.scenario: VsScenario = VersusRun.scenario_of(state)
        self.factions: tuple[str, ...] = tuple(v.factions)
        self.cp: tuple[int, ...] = tuple(v.cp)
        self.round: int = v.round
        self.winner: str = v.winner
        self.over: bool = state.result is not None
        self.revealed: bool = v.revealed
        self.doors: dict[str, str] = dict(v.doors)
        self.items: dict[str, tuple[int, int]] = {k: (p[0], p[1]) for k, p in v.items.items()}
        self.destroyed: frozenset[str] = frozenset(v.destroyed)
        self.breaches: frozenset[str] = frozenset(v.breaches)
        self.active: int = state.active
        self.acting: str | None = v.act.get("cid")
        self.mp: int = v.act.get("mp", 0)
        mine = {f.cid for f in v.figures if f.seat == seat}
        self.figures: tuple[FigView, ...] = tuple(
            FigView(f.cid, f.seat, f.pos if (v.revealed or f.seat == seat) else None,
                    f.facing or (v.facings.get(f.cid, "") if f.cid in mine else ""),
                    f.side, f.wounds, f.dead, f.activated, tuple(f.items)) for f in v.figures)
        bids = v.duel.get("bids") or {}
        self.my_bid: int | None = bids.get(str(seat)) if seat is not None else None

    @classmethod
    def of(cls, view: Any) -> "VsView":
        """The versus view of an engine :class:`~game.engine.query.View` (its game and seat), for
        code handed a View (the search's move ordering)."""
        return cls(view._s, view.seat)

    def fig(self, cid: str) -> FigView:
        return next(f for f in self.figures if f.cid == cid)

    def faction(self, seat: int) -> str:
        return self.factions[seat]

    def mine(self) -> list[FigView]:
        return [f for f in self.figures if f.seat == self.seat]

    def theirs(self) -> list[FigView]:
        return [f for f in self.figures if f.seat != self.seat]

    def run(self) -> VersusRun:
        """The rules over the public board (edges, objects): ask only public questions of it."""
        r = self.__dict__.get("_run")
        if r is None:
            r = self.__dict__["_run"] = VersusRun(self._s)
        return r

    def passable(self, a, b) -> bool:
        """V-BOARD-3: the edge between neighbours ``a`` and ``b`` can be crossed now."""
        return self.run().passable(a, b)

    def walk_distances(self, sources, cid: str | None = None, through_doors: bool = True,
                       force: int | None = None) -> dict:
        """Steps from the nearest of ``sources`` to every square (V-MOVE-2/3 on the current
        edges, objects and the squares forbidden to ``cid``); ``through_doors``: closed doors
        that ``cid`` could open (V-DOOR-2/6) count as one step more. Living characters do not
        block (a plan, not a move)."""
        run = self.run()
        m = run.m
        forbidden = self.scenario.forbidden.get(cid, frozenset()) if cid else frozenset()
        holder = cid and any(run.m_item_kind(i) == "card" for i in self.fig(cid).items)
        mindless = cid and ROSTER[cid].mindless
        blocked = {q for o in m.objects if o.blocks_move and o.id not in self.destroyed for q in o.squares}
        dist: dict = {}
        heap = [(0, tuple(q)) for q in sources]
        heapq.heapify(heap)
        while heap:
            n, a = heapq.heappop(heap)
            if a in dist:
                continue
            dist[a] = n
            for d in DIRS:
                b = (a[0] + FACINGS[d][0], a[1] + FACINGS[d][1])
                if b in dist or not m.has(b) or b in blocked or b in forbidden:
                    continue
                cost = 1
                if not run.passable(a, b):
                    dd = m.door_of((a, b) if a <= b else (b, a))
                    if dd is None or not through_doors or self.doors[dd.id] != "closed":
                        continue
                    cost = 2  # V-DOOR-5: one MP to open it first
                    if (dd.kind == "sliding" or dd.locked) and (not holder or mindless):
                        if force is None:
                            continue
                        cost = force
                heapq.heappush(heap, (n + cost, b))
        return dist


def determinise(state: Any, seat: int, seed: int) -> Any:
    """A full game consistent with what ``seat`` may see of ``state`` (V-HOT-1/3), for bots that
    look ahead (the greedy bot): a clone whose random generator is reseeded from ``seed`` (future
    dice unknown to the seat) and whose secrets of the other seat are drawn again by versus's one
    sampler, :func:`game.engine.versus.sample.redraw_hidden` (the one ``View.sample_world`` uses;
    the true secrets are overwritten, never read). Cheaper than ``View(state, seat).sample_world``
    (no round trip through the seat's visible state). ``state`` is not changed."""
    from .sample import redraw_hidden  # (sample registers the hooks on the rule set; imported late)
    rnd = Rng.from_seed(seed)  # the engine's generator: no global or stdlib random in the engine
    c = state.clone()
    c.rng = Rng.from_seed(rnd.next_u64())
    return redraw_hidden(c, seat, rnd)


__all__ = ["FigView", "VsView", "determinise"]
