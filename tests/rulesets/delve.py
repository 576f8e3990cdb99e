"""Delve: a toy mode that shows a new mode is its own files plus one registration line (issue 23).

Two or more delvers explore a growing cave. Its rules (TOY-n, this file only):

- TOY-1 Each round has an explore phase in free order (the players choose who goes next; each
  delver takes one turn), then a bid phase; the game ends after :data:`ROUNDS` rounds.
- TOY-2 In its turn a delver steps to an orthogonal neighbouring square it can reach (not through
  a wall, not onto another delver) or stays.
- TOY-3 A delver who steps onto an exit makes the cave grow: the next map card of the deck is
  laid with its entrance on the exit (the junction open); the exit is used up and the card's own
  exit becomes an exit token. A gem lies on each new card; stepping on a gem scores 1 point.
- TOY-4 After each step, a flare window opens: any delver with a flare left may light it (1 point);
  the window stays open until the table closes it.
- TOY-5 In the bid phase, seats 1 and 2 bid for the round's prize at once and in secret, from 0 to
  their points, neither seeing the other's bid; then both are shown. The higher bid
  pays its bid and scores :data:`PRIZE`; a tie scores and pays nothing.
- TOY-6 After the last round, the most points wins (a tie: nobody).

Mechanisms it takes from the engine, not from the city: the machine's free turn order and
windows (the phase table), typed action payloads (``bid``: seat and points; ``flare``: seat), a
board that grows (the kernel's cards, kept in ``GameState.grown``, seen through
``state.scenario``), decisions several seats may answer and secrets (``ask_seats``, ``emit_to``)
and the rule set's own state class and ``redact`` (what a seat may see of the other's bid).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.actions import Action, action_payload, make_typed
from game.engine.board import Board, Geometry
from game.engine.kernel.growth import Card, placed_squares
from game.engine.machine import FREE_ORDER, Machine, Phase, RuleSet, Window, action, decision, register_ruleset, task
from game.engine.rng import Rng
from game.engine.messages import english
from game.engine.state import CharState, GameState, Plain, TokenState
from game.i18n.messages import add_catalogues

add_catalogues(Path(__file__).parent / "locale")  # its own message catalogues (en, ja), beside its code

ROUNDS = 4
PRIZE = 3
FLARES = 1
BID = "bid"
FLARE = "flare"
STEP = "step"
action_payload(BID, seat=int, cp=int)  # TOY-5: who bids, and how much
action_payload(FLARE, seat=int)  # TOY-4: who lights a flare
action_payload(STEP, to=tuple)  # TOY-2: where to (staying: the current square)


def _card(i: int) -> Card:
    """Map card ``C<i>``: a 3x3 cave with its entrance half-square west of the middle row (the
    anchor laid on the exit stepped on) and an exit half-square east of it (D-MAP-2's shape)."""
    core = {(x, y) for x in range(3) for y in range(3)}
    return Card(id=f"C{i}", squares=frozenset(core | {(-1, 1), (3, 1)}), anchor=(-1, 1), size=3,
                name=f"Cave {i + 1}")


CARDS = {f"C{i}": _card(i) for i in range(3)}
#: what lies on each card, in card squares: its exit and a gem (TOY-3)
CARD_TOKENS = {f"C{i}": (("exit", (3, 1)), ("gem", (1, i % 3))) for i in range(3)}


@dataclass(slots=True)
class DelveSub(Plain):
    """The toy's own part of the state: points and flares per seat, the bids of this round by seat
    (secret until both are in, TOY-5), the rounds played and the map cards left."""

    points: list[int] = field(default_factory=list)
    flares: list[int] = field(default_factory=list)
    bids: dict[str, int] = field(default_factory=dict)
    rounds: int = 0
    deck: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class DelveState(GameState):
    """A game of Delve."""

    rules: str = "delve"
    delve: DelveSub = field(default_factory=DelveSub)


class DelveRun(Machine):
    """One resolution pass of Delve."""

    def __init__(self, s: GameState):
        super().__init__(s)
        self.read_board()

    def new_pass(self) -> None:
        super().new_pass()
        self.read_board()  # (the cave may have grown in another pass)

    def refresh(self) -> None:
        self.read_board()

    def read_board(self) -> None:
        self.b: Board = self.s.scenario.board  # the grown board (GameState.scenario)
        self.g = Geometry(self.b, self.edge)

    # ------------------------------------------------------------------ seats and turns
    def seats(self) -> int:
        return len(self.s.characters)

    def may_take_turn(self, seat: int) -> bool:
        return self.s.characters[seat].pos is not None

    def check_end(self) -> None:
        """TOY-6."""
        s = self.s
        if s.result is None and s.phase != "setup" and s.delve.rounds >= ROUNDS:
            pts = s.delve.points
            best = max(pts)
            winners = [i for i, p in enumerate(pts) if p == best]
            why = {"t": "msg", "id": "delve.won", "params": {"n": winners[0] + 1, "points": best}} \
                if len(winners) == 1 else {"t": "msg", "id": "delve.tie", "params": {"points": best}}
            s.result, s.result_reason, s.result_why = "success", english(why), dict(why, rule="TOY-6")
            self.emit("result", "TOY-6", why["id"], why["params"], points=list(pts))

    @task("begin_explore")
    def t_begin_explore(self, task: dict) -> None:
        """TOY-1: the first round begins."""
        self.begin_phase("explore")

    # ------------------------------------------------------------------ TOY-2, TOY-3: a step
    @task("turn")
    def t_turn(self, task: dict) -> None:
        s = self.s
        c = s.characters[s.active]
        taken = {o.pos for o in s.characters if o is not c}
        opts = [make_typed(STEP, to=n) for n in self.g.neighbours(c.pos)
                if abs(n[0] - c.pos[0]) + abs(n[1] - c.pos[1]) == 1 and n not in taken]
        opts.append(make_typed(STEP, to=c.pos))  # staying: listed last
        self.wait(STEP, s.active, "delve.ask_step", opts, params={"n": s.active + 1})

    @decision(STEP)
    def d_step(self, ctx: dict, a: Action) -> None:
        s = self.s
        c = s.characters[s.active]
        self.push({"t": "next_turn"})  # TOY-1: the next delver, by the free order
        if a.to != c.pos:
            c.pos = a.to
            self.emit("move", "TOY-2", "delve.steps", {"n": s.active + 1, "to": {"t": "sq", "xy": list(a.to), "room": None}},
                      seat=s.active, to=list(a.to))
            for t in [t for t in s.tokens if t.pos == a.to]:
                if t.kind == "exit":
                    self.grow(t)
                elif t.kind == "gem":
                    s.tokens.remove(t)
                    s.delve.points[s.active] += 1
                    self.emit("gem", "TOY-3", "delve.gem", {"n": s.active + 1}, seat=s.active)
        self.push({"t": "open_window", "w": FLARE})  # TOY-4, before the next turn

    def grow(self, exit_token: TokenState) -> None:
        """TOY-3: the next card's anchor (its entrance half-square) laid on the exit, the card
        turned to lead away from the cave (east); its exit and gem become tokens."""
        s = self.s
        s.tokens.remove(exit_token)
        if not s.delve.deck:
            self.emit("grow", "TOY-3", "delve.blocked", card="")
            return
        card_id = s.delve.deck.pop(0)
        self.grow_board(card_id, exit_token.pos, 0)  # the machine keeps it in the state (saved)
        self.read_board()
        where = placed_squares(s.scenario.cards[card_id], exit_token.pos, 0)
        for kind, q in CARD_TOKENS[card_id]:
            s.tokens.append(TokenState(uid=s.new_uid("t"), kind=kind, pos=where[q]))
        self.emit("grow", "TOY-3", "delve.grows", {"n": len(s.grown)}, card=card_id, at=list(exit_token.pos))

    # ------------------------------------------------------------------ TOY-4: the flare window
    def window_options(self, w: Window, seat: int) -> list[Action]:
        if w.name == FLARE and self.s.delve.flares[seat] > 0:
            return [make_typed(FLARE, seat=seat)]
        return []

    @action(FLARE)
    def do_flare(self, seat: int, a: Action) -> None:
        s = self.s
        s.delve.flares[seat] -= 1
        s.delve.points[seat] += 1
        self.emit("flare", "TOY-4", "delve.flare", {"n": seat + 1}, seat=seat)

    # ------------------------------------------------------------------ TOY-5: the secret bid
    @task("bids")
    def t_bids(self, task: dict) -> None:
        """TOY-5: the seats that have not bid yet bid at once, each in secret."""
        left = [seat for seat in (0, 1) if str(seat) not in self.s.delve.bids]
        self.ask_seats(BID, left, "delve.ask_bid", self.bid_options(left[0]), secret=True)

    def bid_options(self, seat: int) -> list[Action]:
        return [make_typed(BID, seat=seat, cp=cp) for cp in range(self.s.delve.points[seat] + 1)]

    def seat_options(self, p, seat: int) -> list[Action]:
        """Each seat bids from its own points (TOY-5)."""
        return self.bid_options(seat) if p.kind == BID else super().seat_options(p, seat)

    @decision(BID)
    def d_bid(self, ctx: dict, a: Action) -> None:
        s = self.s
        s.delve.bids[str(a.seat)] = a.cp
        self.emit_to((a.seat,), "bid", "TOY-5", "delve.you_bid", {"cp": a.cp}, seat=a.seat, cp=a.cp)  # its bidder only
        self.emit("bid_placed", "TOY-5", "delve.bid_placed", {"n": a.seat + 1}, seat=a.seat)
        if len(s.delve.bids) < 2:
            self.push({"t": "bids"})
            return
        b0, b1 = s.delve.bids["0"], s.delve.bids["1"]
        win = 0 if b0 > b1 else 1 if b1 > b0 else None
        if win is not None:
            s.delve.points[win] += PRIZE - (b0, b1)[win]
        self.emit("reveal", "TOY-5", "delve.reveal_won" if win is not None else "delve.reveal_tie",
                  {"a": b0, "b": b1, "n": (win or 0) + 1}, bids=[b0, b1], winner=win)
        s.delve.bids = {}
        s.delve.rounds += 1
        s.turn += 1
        self.begin_phase("explore")


def redact(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see of a state (TOY-5): the bids of the round in progress of other seats
    are left out (``delve.bids``); the table as a whole (``None``) sees none until both are in
    (they are cleared when shown). The record's secret entries are the engine's to hide
    (``View.record``). Returns the dict, changed."""
    d = state.get("delve")
    if isinstance(d, dict) and d.get("bids"):  # (a view may pass only part of the state)
        d["bids"] = {k: v for k, v in d["bids"].items() if seat is not None and k == str(seat)}
    return state


def check_delve(state: Any, scn: Any) -> list[str]:
    """Delve's invariants (what a loaded save must hold): delvers and tokens on squares of the
    (grown) cave, only exits and gems, one bid at most per bidding seat and only while bidding,
    points and flares per seat, never below zero."""
    b = scn.board
    out = [f"delver {c.cid} is off the cave at {c.pos}" for c in state.characters if not b.has(tuple(c.pos))]
    out += [f"token {t.uid} is off the cave at {t.pos}" for t in state.tokens if not b.has(tuple(t.pos))]
    out += [f"token {t.uid} is of unknown kind {t.kind!r}" for t in state.tokens if t.kind not in ("exit", "gem")]
    d, n = state.delve, len(state.characters)
    if len(d.points) != n or len(d.flares) != n or min(d.points + d.flares, default=0) < 0:
        out.append(f"points {d.points} and flares {d.flares} do not fit {n} seats")
    if d.bids and (state.phase != "bid" or not set(d.bids) <= {"0", "1"}):
        out.append(f"bids {sorted(d.bids)} outside the bid phase or by a seat that does not bid")
    return out


def setup(scenario, party, seed) -> DelveState:
    """Seats in party order on the board's start squares 1, 2, ... (TOY-1); one flare each; the
    scenario's map cards in a shuffled deck; the first round begins with the players choosing who
    goes first."""
    s = DelveState(scenario_id=scenario.brief.id, seed=seed, rng=Rng.from_seed(seed))
    b = scenario.board
    for seat, (cid, start) in enumerate(party):
        if start not in b.start:
            raise ValueError(f"Delve has no start square {start} (it has {sorted(b.start)})")
        s.characters.append(CharState(cid=cid, seat=seat, pos=b.start[start]))
    for p in b.placements:
        if p.kind in ("exit", "gem"):
            s.tokens.append(TokenState(uid=s.new_uid("t"), kind=p.kind, pos=p.square))
    s.delve = DelveSub(points=[0] * len(party), flares=[FLARES] * len(party), deck=sorted(scenario.cards))
    s.rng.shuffle(s.delve.deck)
    s.queue = [{"t": "begin_explore"}]
    return s


DELVE = register_ruleset(RuleSet(
    name="delve", run_class=DelveRun, setup=setup, state_class=DelveState, redact=redact, checks=(check_delve,),
    phases=(Phase("explore", start="turn", then="bid", rule="TOY-1", order=FREE_ORDER,
                  windows=(Window(FLARE, seats="all", kinds=(FLARE,), rule="TOY-4"),)),
            Phase("bid", start="bids", then="explore", rule="TOY-5"))))


# ---------------------------------------------------------------------- a scenario to play it on
def delve_scenario():
    """A 2x3 cave with an exit on its right edge, two start squares and three 3x3 map cards (each
    with an exit on its right edge and a gem), with the city's content (the delvers are drawn as
    its survivors)."""
    from game.engine.scenario import Scenario
    from tests.kit import board, content, scenario

    cave = board("AA", "AA", "AA", start={1: (0, 0), 2: (0, 2)}, place=[("exit", (1, 1))])
    base = scenario(cave, id="delve", name="Delve")
    return Scenario(brief=base.brief, board=cave, content=content(), rules="delve", cards=dict(CARDS))


__all__ = ["DELVE", "DelveState", "delve_scenario", "redact"]
