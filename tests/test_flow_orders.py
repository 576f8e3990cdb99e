"""Flow as data (issue 23 item 4): the phase table declares each phase's turn order (seat order,
free order chosen by the players, alternating between two sides) and the machine gives the turns.

Rule sets here are built in the test on a bare state: the machine alone decides who plays next."""
from __future__ import annotations

import pytest

from game.engine.actions import ActionKind, action_payload, make_action, make_typed
from game.engine.machine import (ALTERNATE, FREE_ORDER, SEAT_ORDER, Machine, Phase, RuleSet, Window, action,
                                 decision, register_ruleset, task)
from game.engine.rng import Rng
from game.engine.state import GameState


class OrderRun(Machine):
    """Each turn asks its seat to ``done`` (end the turn) or ``pass`` (pass for the phase)."""

    SEATS = 3
    barred: set[int] = set()

    def seats(self) -> int:
        return self.SEATS

    def may_take_turn(self, seat: int) -> bool:
        return seat not in self.barred

    @task("open_turn")
    def t_open_turn(self, task: dict) -> None:
        self.s.turn += 1
        self.emit("turn", "", "", seat=self.s.active, phase=self.s.phase)
        self.wait("act", self.s.active, "", [make_action(ActionKind.DONE), make_action(ActionKind.PASS)])

    @decision("act")
    def d_act(self, ctx: dict, a) -> None:
        if a.kind == ActionKind.PASS:
            self.pass_turn()
        else:
            self.push({"t": "next_turn"})

    @task("after")
    def t_after(self, task: dict) -> None:
        self.emit("after", "", "")
        self.s.result = "success"


def _rules(order: str, name: str) -> RuleSet:
    return RuleSet(name=name, run_class=type(f"Run_{name}", (OrderRun,), {}), setup=lambda *a: None,
                   phases=(Phase("play", start="open_turn", then=None if order == SEAT_ORDER else "after",
                                 order=order),
                           Phase("after", start="after", then=None)))


def _start(rs: RuleSet, active: int = 0) -> tuple[GameState, Machine]:
    s = GameState(scenario_id="t", seed=1, rng=Rng.from_seed(1), rules=rs.name)
    s.active = active
    run = rs.run_class(s)
    run.begin_phase("play")
    run.run()
    return s, run


def _answer(s: GameState, run: Machine, kind: str = ActionKind.DONE, **kw) -> None:
    p, s.pending = s.pending, None
    run.ev = []
    s.step += 1  # (as apply does: the kept legal lists are per step)
    run.answer(p, make_action(kind, **kw))


def test_R_TURN_1_seat_order_goes_round_the_table_from_the_active_seat():
    rs = _rules(SEAT_ORDER, "t_seat")
    s, run = _start(rs, active=1)
    seen = [s.active]
    for _ in range(5):
        _answer(s, run)
        seen.append(s.active)
    assert seen == [1, 2, 0, 1, 2, 0]


def test_R_TURN_1_seat_order_skips_a_seat_that_may_not_take_a_turn():
    rs = _rules(SEAT_ORDER, "t_seat_skip")
    rs.run_class.barred = {1}
    s, run = _start(rs)
    seen = [s.active]
    for _ in range(3):
        _answer(s, run)
        seen.append(s.active)
    assert seen == [0, 2, 0, 2]


def test_D_ROUND_2_free_order_each_seat_plays_once_in_the_order_the_players_choose():
    """D-ROUND-2: the players pick who goes next among those who have not played; the last one
    left is not asked; then the phase's ``then`` follows (D-ROUND-3)."""
    rs = _rules(FREE_ORDER, "t_free")
    s, run = _start(rs)
    assert s.pending.kind == "turn_order"
    assert [o.n for o in s.pending.options] == [0, 1, 2]
    _answer(s, run, ActionKind.PICK, n=2)
    assert s.active == 2 and s.pending.kind == "act" and s.flow == {"done": []}
    _answer(s, run)  # seat 2 ends its turn
    assert s.pending.kind == "turn_order" and [o.n for o in s.pending.options] == [0, 1]
    _answer(s, run, ActionKind.PICK, n=0)
    _answer(s, run)
    assert s.pending.kind == "act" and s.active == 1  # the one left: no question
    _answer(s, run)
    assert s.result == "success" and [e.kind for e in run.ev][-1] == "after" and s.flow == {}


def test_D_ROUND_2_free_order_survives_save_and_load_mid_round():
    rs = _rules(FREE_ORDER, "t_free_save")
    s, run = _start(rs)
    _answer(s, run, ActionKind.PICK, n=1)
    _answer(s, run)
    back = GameState.model_validate_json(s.model_dump_json())
    assert back.flow == {"done": [1]} and back.pending.kind == "turn_order"
    assert [o.n for o in back.pending.options] == [0, 2]


def test_R_TURN_1_a_state_without_a_round_in_progress_saves_without_the_flow_field():
    s = GameState(scenario_id="t", seed=1, rng=Rng.from_seed(1))
    assert '"flow"' not in s.model_dump_json()


def test_V_ROUND_4_alternating_order_gives_turns_to_the_two_sides_in_turn():
    rs = _rules(ALTERNATE, "t_alt")
    rs.run_class.SEATS = 2
    s, run = _start(rs, active=1)  # V-ROUND-3: the rules name the first player
    seen = [s.active]
    for _ in range(3):
        _answer(s, run)
        seen.append(s.active)
    assert seen == [1, 0, 1, 0]


def test_V_ROUND_6_after_one_side_passes_the_other_plays_on_until_it_passes_too():
    rs = _rules(ALTERNATE, "t_alt_pass")
    rs.run_class.SEATS = 2
    s, run = _start(rs)
    _answer(s, run, ActionKind.PASS)  # side 0 passes for the round
    assert s.active == 1 and s.flow == {"passed": [0]}
    _answer(s, run)
    assert s.active == 1  # consecutive turns
    _answer(s, run)
    assert s.active == 1 and s.result is None
    _answer(s, run, ActionKind.PASS)
    assert s.result == "success" and [e.kind for e in run.ev][-1] == "after"


def test_V_ROUND_5_a_side_that_cannot_take_a_turn_passes_by_itself():
    rs = _rules(ALTERNATE, "t_alt_auto")
    rs.run_class.SEATS = 2
    rs.run_class.barred = {1}
    s, run = _start(rs)
    _answer(s, run)
    assert s.active == 0 and s.flow == {"passed": [1]}


def test_the_phase_table_is_checked_when_the_rule_set_is_built():
    with pytest.raises(ValueError, match="turn order must be one of"):
        Phase("p", start="x", then=None, order="random")
    with pytest.raises(ValueError, match="steps of a turn need a turn order"):
        Phase("p", start="x", then=None, steps=("q",))
    with pytest.raises(ValueError, match="seats must be one of"):
        Window("w", seats="everyone")
    with pytest.raises(ValueError, match="names unknown phase 'nowhere'"):
        RuleSet(name="t_bad", run_class=type("Run_bad", (OrderRun,), {}), setup=lambda *a: None,
                phases=(Phase("play", start="open_turn", then="nowhere", order=FREE_ORDER),))


def test_R_TURN_1_the_city_and_the_mansion_declare_seat_order_for_their_turn_steps():
    """The city's turn (R-TURN-2: action, reaction, tension, end) is one row in seat order; the
    mansion uses the same table."""
    from game.engine.core import CORE
    from game.engine.mansion import MANSION
    for rs in (CORE, MANSION):
        for step in ("action", "reaction", "tension", "end"):
            assert rs.turns_of(step).order == SEAT_ORDER
        with pytest.raises(KeyError, match="not played in turns"):
            rs.turns_of("setup")


class WindowRun(OrderRun):
    """After each turn a ``cheer`` window opens: any seat with a cheer left may cheer (D-ACT-5's
    shape: any living hero may act between two actions)."""

    SEATS = 3

    def window_options(self, w, seat):
        cheers = self.s.flow.get("cheers", [1, 1, 1])
        return [make_typed("t_cheer", seat=seat)] if cheers[seat] else []

    @action("t_cheer")
    def do_cheer(self, seat, a):
        self.s.flow.setdefault("cheers", [1, 1, 1])[seat] = 0
        self.emit("cheer", "", "", seat=seat)

    @decision("act")
    def d_act(self, ctx, a):
        self.push({"t": "open_window", "w": "cheer"}, {"t": "next_turn"})


action_payload("t_cheer", seat=int)
CHEER = Window("cheer", seats="all", kinds=("t_cheer",), rule="D-ACT-5")


def _window_rules(name: str, seats: str = "all") -> RuleSet:
    w = Window("cheer", seats=seats, kinds=("t_cheer",), rule="D-ACT-5")
    return register_ruleset(RuleSet(name=name, run_class=type(f"Run_{name}", (WindowRun,), {}), setup=lambda *a: None,
                                    phases=(Phase("play", start="open_turn", then=None, order=SEAT_ORDER,
                                                  steps=("step",), windows=(w,)),
                                            Phase("step", start="after", then=None))))


def test_windows_are_read_from_the_phase_and_the_phase_whose_turn_it_is():
    rs = _window_rules("t_win")
    assert rs.windows_of("step") == rs.windows_of("play") == (CHEER,)
    assert rs.windows_of("elsewhere") == ()
    with pytest.raises(ValueError, match="has no registered action"):
        RuleSet(name="t_win_bad", run_class=type("Run_win_bad", (OrderRun,), {}), setup=lambda *a: None,
                phases=(Phase("play", start="open_turn", then=None, order=SEAT_ORDER, windows=(CHEER,)),))


def test_D_ACT_5_a_window_is_one_decision_every_seat_may_answer_with_its_own_options():
    """D-ACT-5: between two actions any seat may act; each seat is offered its own options (and
    ``done``, which closes the window); what a seat does is done for that seat; the window opens
    again until it is closed or nobody has an option left."""
    from game.engine.api import legal_actions
    rs = _window_rules("t_win_any")
    s, run = _start(rs, active=1)
    _answer(s, run)  # seat 1 ends its turn: the window opens before seat 2's turn
    p = s.pending
    assert p.kind == "cheer" and p.seats == (1, 2, 0)  # the active seat first
    assert legal_actions(s, 0) == [make_typed("t_cheer", seat=0), make_action(ActionKind.DONE)]
    assert legal_actions(s, 2) == [make_typed("t_cheer", seat=2), make_action(ActionKind.DONE)]
    s.pending, run.ev, run.by = None, [], 0  # seat 0 (not the active seat) answers
    s.step += 1
    run.answer(p, make_typed("t_cheer", seat=0))
    assert [e.data["seat"] for e in run.ev if e.kind == "cheer"] == [0]
    assert s.pending.kind == "cheer" and legal_actions(s, 0) == [make_action(ActionKind.DONE)]
    _answer(s, run)  # done: the window closes, the next turn comes
    assert s.pending.kind == "act" and s.active == 2


def test_D_ACT_5_a_window_for_the_other_seats_leaves_the_active_seat_out_and_opens_for_nobody():
    rs = _window_rules("t_win_others", seats="others")
    s, run = _start(rs, active=0)
    _answer(s, run)
    assert s.pending.kind == "cheer" and s.pending.seats == (1, 2)
    p, s.pending = s.pending, None
    s.step += 1
    run.answer(p, make_action(ActionKind.DONE))
    assert s.pending.kind == "act" and s.active == 1
    s.flow["cheers"] = [0, 1, 0]  # only the active seat could cheer: the window does not open
    _answer(s, run)
    assert s.pending.kind == "act" and s.active == 2
