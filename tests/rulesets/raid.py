"""Raid: a two-seat toy game with hidden deployment and sealed bids, shaped like the versus game
(issue 28: a rule set to test the search bot on before versus exists). Its rules (this file only):

- RAID-1 Two seats, three lanes. Each seat starts with :data:`CP` command points and no points.
- RAID-2 Hidden deployment: both seats at once and in secret spread their :data:`GUARDS` guards
  over the three lanes (a split such as 2-1-1, :data:`SPLITS`); neither sees the other's split
  until both have deployed; then both are shown.
- RAID-3 Each round begins with a sealed bid: both seats bid 0..their command points at once and
  in secret; then both bids are shown. The higher bid pays it and acts first this round; on a tie
  nobody pays and seat ``round % 2`` acts first.
- RAID-4 Activations alternate (the machine's alternating turn order), :data:`ACTS` per seat and
  round. An activation is ``raid`` a lane (both roll a d6 and add their guards in that lane; the
  attacker wins when higher: the defender loses a guard there, or, with no guard there, the
  attacker scores a point; otherwise the attacker loses a guard there, if it has one), ``shift``
  a guard to a neighbouring lane, or ``stop`` (no more activations this round). Each round every
  seat gains 1 command point.
- RAID-5 After :data:`ROUNDS` rounds the seat with more points wins; equal points: a draw.

Hidden information lives in ``raid.guards`` (until both deployed) and ``raid.bids`` (until both
bid); ``redact`` hides it from the other seat, ``sample_hidden`` draws it again for a search bot
from what a seat sees (uniformly among the legal values: nothing a seat sees narrows them).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Action, make_typed, action_payload
from game.engine.machine import ALTERNATE, Machine, Phase, RuleSet, decision, register_ruleset, task
from game.engine.query import state_from_visible
from game.engine.rng import Rng
from game.engine.state import GameState, Plain

CP = 3
GUARDS = 4
ACTS = 2
ROUNDS = 3
LANES = 3
#: every split of the guards over the lanes, as "a-b-c" (RAID-2)
SPLITS = tuple(f"{a}-{b}-{GUARDS - a - b}" for a in range(GUARDS + 1) for b in range(GUARDS + 1 - a))

DEPLOY, BID, ACT = "raid_deploy", "raid_bid", "raid_act"
action_payload(DEPLOY, split=str)  # RAID-2: the split chosen
action_payload(BID, seat=int, cp=int)  # RAID-3: who bids, how much
action_payload(ACT, op=str, lane=int, to=int)  # RAID-4: raid/shift/stop, the lane, a shift's lane


@dataclass(slots=True)
class RaidSub(Plain):
    """Raid's part of the state: guards per lane by seat (``"0"``/``"1"``; secret until both have
    deployed), seats that deployed, command points and points per seat, this round's bids by seat
    (secret until both are in) and who bid, activations left, rounds played."""

    guards: dict[str, list[int]] = field(default_factory=dict)
    deployed: list[int] = field(default_factory=list)
    cp: list[int] = field(default_factory=lambda: [CP, CP])
    points: list[int] = field(default_factory=lambda: [0, 0])
    bids: dict[str, int] = field(default_factory=dict)
    bid_by: list[int] = field(default_factory=list)
    acts: list[int] = field(default_factory=lambda: [0, 0])
    rounds: int = 0


@dataclass(slots=True, kw_only=True, eq=False)
class RaidState(GameState):
    """A game of Raid."""

    rules: str = "raid"
    raid: RaidSub = field(default_factory=RaidSub)


class RaidRun(Machine):
    """One resolution pass of Raid."""

    def seats(self) -> int:
        return 2

    def may_take_turn(self, seat: int) -> bool:
        return self.s.raid.acts[seat] > 0

    def check_end(self) -> None:
        """RAID-5."""
        s = self.s
        if s.result is None and s.raid.rounds >= ROUNDS:
            p = s.raid.points
            s.result = "success"
            s.result_reason = "a draw" if p[0] == p[1] else f"seat {0 if p[0] > p[1] else 1} wins"
            self.emit("result", "RAID-5", s.result_reason, points=list(p))

    # ------------------------------------------------------------------ RAID-2: hidden deployment
    @task("deploy")
    def t_deploy(self, task: dict) -> None:
        left = [seat for seat in (0, 1) if seat not in self.s.raid.deployed]
        self.ask_seats(DEPLOY, left, "Deploy in secret", [make_typed(DEPLOY, split=sp) for sp in SPLITS], secret=True)

    @decision(DEPLOY)
    def d_deploy(self, ctx: dict, a: Action) -> None:
        r, seat = self.s.raid, self.by
        r.guards[str(seat)] = [int(x) for x in a.split.split("-")]
        r.deployed.append(seat)
        self.emit_to((seat,), "deploy", "RAID-2", f"You deploy {a.split}.", split=a.split)
        self.emit("deployed", "RAID-2", f"Seat {seat} has deployed.", seat=seat)
        if len(r.deployed) < 2:
            self.push({"t": "deploy"})
            return
        self.emit("reveal", "RAID-2", "Both deployments are shown.", guards=[list(r.guards["0"]), list(r.guards["1"])])
        self.begin_phase("bid")

    # ------------------------------------------------------------------ RAID-3: the sealed bid
    @task("bids")
    def t_bids(self, task: dict) -> None:
        left = [seat for seat in (0, 1) if seat not in self.s.raid.bid_by]
        self.ask_seats(BID, left, "Your secret bid", self.bid_options(left[0]), secret=True)

    def bid_options(self, seat: int) -> list[Action]:
        return [make_typed(BID, seat=seat, cp=cp) for cp in range(self.s.raid.cp[seat] + 1)]

    def seat_options(self, p, seat: int) -> list[Action]:
        return self.bid_options(seat) if p.kind == BID else super().seat_options(p, seat)

    @decision(BID)
    def d_bid(self, ctx: dict, a: Action) -> None:
        s, r = self.s, self.s.raid
        r.bids[str(a.seat)] = a.cp
        r.bid_by.append(a.seat)
        self.emit_to((a.seat,), "bid", "RAID-3", f"You bid {a.cp}.", seat=a.seat, cp=a.cp)
        self.emit("bid_placed", "RAID-3", f"Seat {a.seat} has bid.", seat=a.seat)
        if len(r.bid_by) < 2:
            self.push({"t": "bids"})
            return
        b = (r.bids["0"], r.bids["1"])
        first = 0 if b[0] > b[1] else 1 if b[1] > b[0] else r.rounds % 2
        if b[0] != b[1]:
            r.cp[first] -= b[first]
        self.emit("bids_shown", "RAID-3", f"Bids {b[0]} and {b[1]}: seat {first} first.", bids=list(b), first=first)
        r.bids, r.bid_by = {}, []
        r.acts = [ACTS, ACTS]
        s.active = first
        self.begin_phase("act")

    # ------------------------------------------------------------------ RAID-4: activations
    @task("activate")
    def t_activate(self, task: dict) -> None:
        s = self.s
        me = s.raid.guards[str(s.active)]
        opts = [make_typed(ACT, op="raid", lane=ln) for ln in range(LANES)]
        opts += [make_typed(ACT, op="shift", lane=ln, to=to) for ln in range(LANES) if me[ln]
                 for to in (ln - 1, ln + 1) if 0 <= to < LANES]
        opts.append(make_typed(ACT, op="stop"))
        self.wait(ACT, s.active, "Activate", opts)

    @decision(ACT)
    def d_act(self, ctx: dict, a: Action) -> None:
        s, r = self.s, self.s.raid
        me = s.active
        r.acts[me] -= 1
        self.push({"t": "next_turn"})
        if a.op == "stop":
            r.acts[me] = 0
            self.emit("stop", "RAID-4", f"Seat {me} stops.", seat=me)
        elif a.op == "shift":
            g = r.guards[str(me)]
            g[a.lane] -= 1
            g[a.to] += 1
            self.emit("shift", "RAID-4", f"Seat {me} shifts a guard.", seat=me, lane=a.lane, to=a.to)
        else:
            mine, theirs = r.guards[str(me)], r.guards[str(1 - me)]
            att, dfn = s.rng.d6() + mine[a.lane], s.rng.d6() + theirs[a.lane]
            if att > dfn:
                if theirs[a.lane]:
                    theirs[a.lane] -= 1
                else:
                    r.points[me] += 1
            elif mine[a.lane]:
                mine[a.lane] -= 1
            self.emit("raid", "RAID-4", f"Seat {me} raids lane {a.lane}: {att} against {dfn}.",
                      seat=me, lane=a.lane, att=att, dfn=dfn)

    @task("round_end")
    def t_round_end(self, task: dict) -> None:
        r = self.s.raid
        r.rounds += 1
        r.cp = [c + 1 for c in r.cp]
        self.s.turn += 1
        if r.rounds < ROUNDS:
            self.begin_phase("bid")


def redact(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (RAID-2, RAID-3): another seat's guards only once both deployed, and
    another seat's bid of the round in progress never (bids are cleared when shown)."""
    r = state.get("raid")
    if isinstance(r, dict):
        if len(r.get("deployed", ())) < 2:
            r["guards"] = {k: v for k, v in r.get("guards", {}).items() if seat is not None and k == str(seat)}
        r["bids"] = {k: v for k, v in r.get("bids", {}).items() if seat is not None and k == str(seat)}
    return state


def sample_hidden(visible: dict, seat: int | None, scenario: Any, rng: Rng) -> RaidState:
    """A game ``seat`` cannot tell from the real one (issue 28): the other seat's split, if it has
    deployed and the splits are not shown yet, and its bid, if it has bid, drawn uniformly from
    ``rng`` (every split and every bid up to its command points is consistent with what ``seat``
    saw). ``visible`` is the seat's ``View.visible_state()`` (a fresh dict: filled in place)."""
    d = visible
    r = d["raid"]
    for other in (0, 1):
        if other == seat:
            continue
        if other in r["deployed"] and str(other) not in r["guards"]:
            r["guards"][str(other)] = [int(x) for x in SPLITS[rng.below(len(SPLITS))].split("-")]
        if other in r["bid_by"] and str(other) not in r["bids"]:
            r["bids"][str(other)] = rng.below(r["cp"][other] + 1)
    return state_from_visible(d, scenario, RaidState)


def outcome(state: RaidState) -> tuple[float, float]:
    """RAID-5: 1 for the seat with more points, 0.5 each on equal points."""
    p = state.raid.points
    return (0.5, 0.5) if p[0] == p[1] else ((1.0, 0.0) if p[0] > p[1] else (0.0, 1.0))


def setup(scenario: Any, party: list, seed: int) -> RaidState:
    """RAID-1: two seats, the deployment first (the party is ignored: seats are not characters)."""
    s = RaidState(scenario_id=scenario.brief.id, seed=seed, rng=Rng.from_seed(seed))
    s.phase = "deploy"
    s.queue = [{"t": "deploy"}]
    return s


RAID = register_ruleset(RuleSet(
    name="raid", run_class=RaidRun, setup=setup, state_class=RaidState, redact=redact,
    sample_hidden=sample_hidden, outcome=outcome, checks=(),
    phases=(Phase("deploy", start="deploy", then="bid", rule="RAID-2"),
            Phase("bid", start="bids", then="act", rule="RAID-3"),
            Phase("act", start="activate", then="round_end", rule="RAID-4", order=ALTERNATE),
            Phase("round_end", start="round_end", then="bid", rule="RAID-5"))))


def raid_scenario():
    """A scenario played with the Raid rules (a one-square board; the rules ignore it)."""
    from game.engine.scenario import Scenario
    from tests.kit import board, content, scenario

    b = board("A")
    return Scenario(brief=scenario(b, id="raid", name="Raid").brief, board=b, content=content(), rules="raid")


__all__ = ["RAID", "RaidState", "raid_scenario", "redact", "sample_hidden", "outcome"]
