"""The round structures of the two coming modes written as phase tables (issue 23 item 4): the
dungeon's player phase in free hero order with minor actions any time (D-ROUND-1..3, D-ACT-5) and
versus's activation phase alternating between two sides (V-ROUND-1..6), each with a window in
which other seats may act. The handlers here are stand-ins; the rows are what the modes declare."""
from __future__ import annotations

from game.engine.actions import ActionKind, action_payload, make_action, make_typed
from game.engine.machine import ALTERNATE, FREE_ORDER, Machine, Phase, RuleSet, Window, action, decision, \
    register_ruleset, task
from game.engine.rng import Rng
from game.engine.state import GameState

action_payload("t_minor", seat=int)
action_payload("t_duel", seat=int)


class TableRun(Machine):
    """Stand-in handlers: a turn is one decision (``done`` ends it, ``pass`` passes for the
    phase); the phases without turns just log themselves and go on."""

    SEATS = 3

    def seats(self) -> int:
        return self.SEATS

    def window_options(self, w, seat):
        kind = w.kinds[0]
        used = self.s.flow.get("used", [])
        return [] if seat in used else [make_typed(kind, seat=seat)]

    @action("t_minor")
    def do_minor(self, seat, a):
        self.s.flow.setdefault("used", []).append(seat)
        self.emit("minor", "D-ACT-5", "", seat=seat)

    @action("t_duel")
    def do_duel(self, seat, a):
        self.s.flow.setdefault("used", []).append(seat)
        self.emit("duel", "V-DUEL-1", "", seat=seat)

    @task("turn")
    def t_turn(self, task):
        self.emit("turn", "", "", seat=self.s.active, phase=self.s.phase)
        self.wait("act", self.s.active, "", [make_action(ActionKind.DONE), make_action(ActionKind.PASS)])

    @decision("act")
    def d_act(self, ctx, a):
        w = self.rules.windows_of(self.s.phase)[0].name
        if a.kind == ActionKind.PASS:
            self.push({"t": "open_window", "w": w})
            self.pass_turn()
            return
        self.push({"t": "open_window", "w": w}, {"t": "next_turn"})

    @task("log_phase")
    def t_log_phase(self, task):
        s = self.s
        self.emit("phase", "", "", phase=s.phase)
        if s.phase in ("refresh", "end"):
            s.turn += 1
            if s.turn >= 2:
                s.result = "success"
                return
        self.begin_phase(self.rules.phase(s.phase).then)


def _rules(name: str, phases: tuple) -> RuleSet:
    return register_ruleset(RuleSet(name=name, run_class=type(f"Run_{name}", (TableRun,), {}),
                                    setup=lambda *a: None, phases=phases))


# D-ROUND-1..3: player phase (free hero order, D-ROUND-2), enemy phase, refresh phase;
# D-ACT-5: minor actions by any living hero between two actions
DUNGEON = _rules("t_dungeon", (
    Phase("player", start="turn", then="enemy", rule="D-ROUND-2", order=FREE_ORDER,
          windows=(Window("minor", seats="all", kinds=("t_minor",), rule="D-ACT-5"),)),
    Phase("enemy", start="log_phase", then="refresh", rule="D-ROUND-4"),
    Phase("refresh", start="log_phase", then="player", rule="D-ROUND-7"),
))

# V-ROUND-1: start, activation, end; V-ROUND-4..6: alternating activations until both have
# passed; V-DUEL-1: the non-active side may interrupt
VERSUS = _rules("t_versus", (
    Phase("start", start="log_phase", then="activation", rule="V-ROUND-2"),
    Phase("activation", start="turn", then="end", rule="V-ROUND-4", order=ALTERNATE,
          windows=(Window("duel", seats="others", kinds=("t_duel",), rule="V-DUEL-1"),)),
    Phase("end", start="log_phase", then="start", rule="V-ROUND-1"),
))


def _play(rs: RuleSet, seats: int, answers) -> list[tuple]:
    """Run ``rs`` from its first phase, answering each decision with ``answers(pending)``
    (kind, seat); returns what happened: ("turn", seat, phase), ("phase", name), ("minor"/"duel", seat)."""
    rs.run_class.SEATS = seats
    s = GameState(scenario_id="t", seed=1, rng=Rng.from_seed(1), rules=rs.name)
    run = rs.run_class(s)
    run.begin_phase(rs.phases[0].name)
    run.run()
    seen = [(e.kind, *e.data.values()) for e in run.ev]
    for _ in range(200):
        if s.result is not None:
            break
        p = s.pending
        kind, seat = answers(p)
        opts = [o for o in (p.options if seat == p.seat else run.seat_options(p, seat)) if o.kind == kind]
        s.pending, run.ev, run.by = None, [], seat
        s.step += 1
        run.answer(p, opts[0])
        seen += [(e.kind, *e.data.values()) for e in run.ev]
    return seen


def test_D_ROUND_2_the_dungeon_round_is_a_table_free_hero_order_then_enemies_then_refresh():
    """D-ROUND-1/2: each hero one turn in the order the players choose (here 2, 0, 1), then the
    enemy and refresh phases; D-ACT-5: after an action any hero may take a minor action (here
    hero 1 in hero 2's turn)."""
    rs = DUNGEON
    rs.run_class.SEATS = 3
    s = GameState(scenario_id="t", seed=1, rng=Rng.from_seed(1), rules=rs.name)
    run = rs.run_class(s)
    run.begin_phase("player")
    run.run()
    order = []
    minors = []
    for want in (2, 0):
        assert s.pending.kind == "turn_order"
        p, s.pending = s.pending, None
        s.step += 1
        run.answer(p, make_action(ActionKind.PICK, n=want))
        order.append(s.active)
        p, s.pending = s.pending, None  # the hero's turn: done
        s.step += 1
        run.answer(p, make_action(ActionKind.DONE))
        assert s.pending.kind == "minor" and s.pending.seats[0] == want  # the window, active hero first
        p, s.pending = s.pending, None
        s.step += 1
        if want == 2:  # hero 1 takes a minor action in hero 3's turn
            run.by = 1
            run.answer(p, make_typed("t_minor", seat=1))
            minors += [e.data["seat"] for e in run.ev if e.kind == "minor"]
            p, s.pending = s.pending, None
            s.step += 1
        run.by = None
        run.answer(p, make_action(ActionKind.DONE))
    assert order == [2, 0] and minors == [1]
    assert s.active == 1 and s.pending.kind == "act"  # the last hero: no question
    p, s.pending = s.pending, None
    s.step += 1
    run.ev = []
    run.answer(p, make_action(ActionKind.DONE))
    p, s.pending = s.pending, None
    s.step += 1
    run.answer(p, make_action(ActionKind.DONE))  # close the window
    assert [e.data.get("phase") for e in run.ev if e.kind == "phase"] == ["enemy", "refresh"]
    assert s.phase == "player" and s.pending.kind == "turn_order" and s.flow == {"done": []}  # the next round
    assert len(s.pending.options) == 3


def test_V_ROUND_4_the_versus_activation_phase_is_a_table_alternating_until_both_pass():
    """V-ROUND-4/6: sides alternate activations; after side 1 passes, side 0 plays on until it
    passes too; then the end phase. V-DUEL-1: in side 0's activation, side 1 (the other side
    only) may interrupt."""
    log = []

    def answers(p):
        if p.kind == "duel":
            assert p.seats == (1 - log[-1],)  # the other side only
            return ("t_duel", p.seat) if len(log) == 1 else ("done", p.seat)
        if p.kind == "act":
            log.append(p.seat)
            return ("pass", p.seat) if len(log) == 2 or len(log) == 4 else ("done", p.seat)
        return "done", p.seat

    seen = _play(VERSUS, 2, answers)
    turns = [x[1] for x in seen if x[0] == "turn"]
    assert turns[:4] == [0, 1, 0, 0]  # alternate; side 1 passed at its first turn; side 0 plays on
    assert [x for x in seen if x[0] == "duel"] == [("duel", 1)]  # the non-active side's window
    phases = [x[1] for x in seen if x[0] == "phase"]
    assert phases[:3] == ["start", "end", "start"]
