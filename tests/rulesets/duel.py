"""A small second rule set, to show that rule sets plug into the machine (issue: engine split).

Two sides take turns activating one model each (the phase table's alternating turn order) (move one square or strike an adjacent enemy
model) until every model has acted; then the round ends. A side whose models are all gone
loses. Its phase table (activation <-> round_end) is unlike the core's, and nothing here edits
or imports the core rule modules: it only uses the machine, the state and the board.
"""
from __future__ import annotations

from pathlib import Path

from game.engine.actions import Action, ActionKind
from game.engine.machine import ALTERNATE, Machine, Phase, RuleSet, action, decision, register_ruleset, task
from game.engine.rng import Rng
from game.engine.state import GameState, TokenState
from game.engine.board import EdgeState, Geometry, edge_key, parse_edge_id
from game.engine.messages import english
from game.i18n.messages import add_catalogues

add_catalogues(Path(__file__).parent / "locale")  # its own message catalogues (en, ja), beside its code

ROUNDS = 6


class DuelRun(Machine):
    def __init__(self, s: GameState):
        super().__init__(s)
        self.b = s.scenario.board
        edges = {parse_edge_id(k): EdgeState(v) for k, v in s.edges.items()}
        self.g = Geometry(self.b, lambda a, b: edges.get(edge_key(a, b)) or self.b.base_edge(a, b))

    def models(self, side: int | None = None) -> list[TokenState]:
        return [t for t in self.s.tokens if t.kind == "model" and (side is None or t.props["side"] == side)]

    def free(self, sq) -> bool:
        return self.b.has(sq) and not any(t.pos == sq for t in self.models())

    def check_end(self) -> None:
        s = self.s
        if s.result is None and s.phase != "setup":
            for side in (0, 1):
                if not self.models(side):
                    why = {"t": "msg", "id": "duel.wins", "params": {"n": 1 - side}}
                    s.result, s.result_reason, s.result_why = "success", english(why), dict(why, rule="DUEL-3")
                    self.emit("result", "DUEL-3", "duel.wins", why["params"])

    def seats(self) -> int:
        return 2

    def may_take_turn(self, seat: int) -> bool:
        """A side with no model left to activate passes (the machine's alternating order)."""
        return any(not m.props["acted"] for m in self.models(seat))

    @task("activation")
    def t_activation(self, task: dict) -> None:
        s = self.s
        ready = [m for m in self.models() if not m.props["acted"]]
        opts = [Action(kind=ActionKind.PASS)]
        for m in ready:
            if m.props["side"] != s.active:
                continue
            for n in self.g.neighbours(m.pos):
                if self.free(n):
                    opts.append(Action(kind=ActionKind.ACTIVATE, target=m.uid, to=n))
                for foe in self.models(1 - s.active):
                    if foe.pos == n:
                        opts.append(Action(kind=ActionKind.ATTACK, target=m.uid, item=foe.uid))
        self.wait("activate", s.active, "duel.ask_activate", opts, params={"n": s.active})

    @decision("activate")
    def d_activate(self, ctx: dict, a: Action) -> None:
        side = self.s.active
        self.push({"t": "next_turn"})  # the other side's turn, by the phase's alternating order
        self.rules.actions[a.kind](self, side, a)  # tasks it pushes run before the next activation

    @action(ActionKind.ACTIVATE)
    def do_move(self, side: int, a: Action) -> None:
        m = next(t for t in self.models(side) if t.uid == a.target)
        m.pos = a.to
        m.props["acted"] = True
        self.emit("move", "DUEL-1", "duel.moves", {"model": m.uid, "to": {"t": "sq", "xy": list(a.to), "room": None}},
                  model=m.uid, to=list(a.to))

    @action(ActionKind.ATTACK)
    def do_attack(self, side: int, a: Action) -> None:
        m = next(t for t in self.models(side) if t.uid == a.target)
        foe = next(t for t in self.models(1 - side) if t.uid == a.item)
        m.props["acted"] = True
        roll = self.s.rng.d6()
        if roll >= 4:
            foe.props["hp"] -= 1
            if foe.props["hp"] <= 0:
                self.s.tokens.remove(foe)
        self.emit("attack", "DUEL-2", "duel.strikes", {"model": m.uid, "foe": foe.uid, "roll": roll}, roll=roll)

    @action(ActionKind.PASS)
    def do_pass(self, side: int, a: Action) -> None:
        for m in self.models(side):
            m.props["acted"] = True
        if a.n == 13:  # for the rollback test: a rule that fails half-way
            for m in self.models():
                m.props["hp"] = 0
            self.push({"t": "boom"})

    @task("boom")
    def t_boom(self, task: dict) -> None:
        raise ZeroDivisionError("a broken rule")

    @task("round_end")
    def t_round_end(self, task: dict) -> None:
        s = self.s
        s.turn += 1
        for m in self.models():
            m.props["acted"] = False
        if s.turn >= ROUNDS:
            why = {"t": "msg", "id": "duel.timeout"}
            s.result, s.result_reason, s.result_why = "failure", english(why), dict(why, rule="DUEL-3")
            return
        self.begin_phase(self.rules.phase(s.phase).then)


def setup(scenario, party, seed) -> GameState:
    s = GameState(scenario_id=scenario.brief.id, seed=seed, rng=Rng.from_seed(seed))
    for p in scenario.board.placements:
        if p.kind == "model":
            s.tokens.append(TokenState(uid=s.new_uid("m"), kind="model", pos=p.square,
                                       props={"side": int(p.get("side")), "hp": 2, "acted": False}))
    s.phase = "activation"
    s.queue = [{"t": "activation"}]
    return s


DUEL = register_ruleset(RuleSet(
    name="duel", run_class=DuelRun, setup=setup,
    phases=(Phase("activation", start="activation", then="round_end", rule="DUEL-1", order=ALTERNATE),
            Phase("round_end", start="round_end", then="activation", rule="DUEL-4"))))
