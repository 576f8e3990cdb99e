"""The search bot (issue 28) on Raid, a two-seat toy with hidden deployment and sealed bids
(``tests/rulesets/raid.py``): worlds sampled from a seat's view only, the same moves for the same
seed and iterations, the same choices whatever the other side's hidden deployment and bid are in
the true game (it cannot peek), and clearly stronger than random play."""
from __future__ import annotations

import random

import pytest

from game.ai.search import SearchBot, SearchParams
from game.engine import Rng, View, apply, legal_actions, new_game
from tests.rulesets.raid import DEPLOY, SPLITS, raid_scenario
from tests.seat_kit import sealed_scenario


def _game(seed: int = 3):
    return new_game(raid_scenario(), [], seed)


def _act(s, a, seat):
    ev = apply(s, a, seat)
    assert not (len(ev) == 1 and ev[0].kind == "impossible"), ev[0].text
    return ev


def _first_split(s, seat: int, split: str) -> None:
    _act(s, next(a for a in legal_actions(s, seat) if a.split == split), seat)


def _to_bids(seed: int = 3):
    """A game where seat 1 has deployed 4-0-0 in secret and seat 0 is still to deploy."""
    s = _game(seed)
    _first_split(s, 1, "4-0-0")
    return s


def test_a_sampled_world_keeps_what_the_seat_sees_and_draws_the_other_sides_deployment():
    """RAID-2 hidden deployment: seat 0 sees that seat 1 has deployed, not where; each sample keeps
    everything seat 0 sees and draws seat 1's split among the legal ones; the dice to come are
    re-seeded (the sample's generator is not the game's)."""
    s = _to_bids()
    v = View(s, 0)
    rng = Rng.from_seed(11)
    splits = set()
    for _ in range(40):
        w = v.sample_world(rng)
        assert View(w, 0).visible_state() == v.visible_state()
        g = View(w, 1).visible_state()["raid"]["guards"]["1"]
        assert f"{g[0]}-{g[1]}-{g[2]}" in SPLITS
        splits.add(tuple(g))
        assert View(w, None).sample_world is not None and w.rng != s.rng
        assert legal_actions(w, 0) == legal_actions(s, 0)
    assert len(splits) > 5  # drawn, not copied (the true split is 4-0-0)


def test_a_sampled_world_never_reads_the_true_secret():
    """The same sampling stream gives the same worlds whatever seat 1 deployed in truth."""
    a, b = _game(), _game()
    _first_split(a, 1, "4-0-0")
    _first_split(b, 1, "0-2-2")
    for seed in range(5):
        wa, wb = View(a, 0).sample_world(Rng.from_seed(seed)), View(b, 0).sample_world(Rng.from_seed(seed))
        assert wa.model_dump(mode="json") == wb.model_dump(mode="json")


def test_a_rule_set_with_secrets_and_no_sampler_is_refused_by_name():
    s = new_game(sealed_scenario(), [], 1)
    with pytest.raises(ValueError, match="sealed_bid.*sample_hidden"):
        View(s, 0).sample_world(Rng.from_seed(1))


def test_outcome_per_seat_from_the_rule_set_and_none_while_playing():
    """RAID-5: the seat with more points wins (1.0), the other loses (0.0), equal points 0.5 each."""
    s = _game()
    assert View(s, 0).outcome() is None
    rnd = random.Random(2)
    while not s.over:
        seat = s.pending.seat
        _act(s, rnd.choice(legal_actions(s, seat)), seat)
    pts = View(s, 0).visible_state()["raid"]["points"]
    want = (0.5, 0.5) if pts[0] == pts[1] else ((1.0, 0.0) if pts[0] > pts[1] else (0.0, 1.0))
    assert View(s, 0).outcome() == want == View(s, 1).outcome()


def _play(seed: int, bots: dict[int, object], rnd: random.Random | None = None):
    """A whole game of Raid: seats in ``bots`` are searched, the others play at random; a decision
    addressed to several seats is answered by the first bot seat among them, else the first seat."""
    s = new_game(raid_scenario(), [], seed)
    while not s.over:
        seats = View(s, None).deciding_seats()
        seat = next((x for x in seats if x in bots), seats[0])
        if seat in bots:
            a = bots[seat].choose(View(s, seat))
        else:
            a = rnd.choice(legal_actions(s, seat))
        _act(s, a, seat)
    return s


def test_same_seed_and_iterations_give_the_same_moves():
    """Issue 28 item 2: an iteration budget is deterministic (for tests); another seed plays otherwise."""
    def record(seed):
        bots = {0: SearchBot(SearchParams.by_iterations(30, seed=seed)), 1: SearchBot(SearchParams.by_iterations(30, seed=seed + 1))}
        return _play(5, bots).record

    r1, r2 = record(1), record(1)
    assert r1 == r2
    assert any(record(k) != r1 for k in (2, 3, 4))


@pytest.mark.parametrize("stage", ["deploy", "bid"])
def test_the_bot_cannot_peek_at_the_other_sides_hidden_deployment_or_bid(stage):
    """Issue 28, must show: the bot's choice (and its whole root statistics) is the same whether
    the other side's hidden deployment (RAID-2) or unrevealed bid (RAID-3) is one value or another
    in the true game."""
    def position(secret):
        s = _game(8)
        if stage == "deploy":  # seat 1 deployed in secret, seat 0 to deploy
            _first_split(s, 1, secret)
            return s
        _first_split(s, 0, "2-1-1")
        _first_split(s, 1, "1-2-1")
        _act(s, next(a for a in legal_actions(s, 1) if a.cp == secret), 1)  # seat 1 bids in secret
        return s

    secrets = ["4-0-0", "0-0-4", "1-2-1"] if stage == "deploy" else [0, 2, 3]
    seen = []
    for secret in secrets:
        s = position(secret)
        assert 0 in View(s, 0).deciding_seats()
        bot = SearchBot(SearchParams.by_iterations(120, seed=4))
        a = bot.choose(View(s, 0))
        seen.append((a, [(x, n, round(m, 9)) for x, n, m in bot.stats.root]))
    assert all(x == seen[0] for x in seen[1:])
    if stage == "deploy":
        assert seen[0][0].kind == DEPLOY


def test_search_beats_random_play_clearly():
    """On Raid, over 16 seeds with the seats swapped every game, 40 simulations a decision win
    at least 13 (measured: see the report; 100 simulations won 9 of 10)."""
    score = 0.0
    for g in range(16):
        me = g % 2
        s = _play(100 + g, {me: SearchBot(SearchParams.by_iterations(40, seed=g))}, random.Random(g))
        score += View(s, me).outcome()[me]
    assert score >= 13, score


def test_the_worker_thinks_in_a_thread_and_cancel_returns_at_once():
    """Issue 28 item 2: a 60-second search in the worker leaves the calling thread free, and
    ``cancel`` stops it within a fraction of a second, with no answer to play; a short search
    answers with a legal action of the seat."""
    import time

    from game.ai.search import SearchWorker

    s = _to_bids()
    w = SearchWorker(SearchBot(SearchParams.by_seconds(60, seed=1)))
    w.start(s, 0)
    time.sleep(0.3)
    assert w.busy and not w.done
    t0 = time.perf_counter()
    assert w.cancel(timeout=2.0)
    assert time.perf_counter() - t0 < 1.0  # (within one engine step; 1 s allows for a loaded machine)
    assert w.done and w.result is None and w.stats.cancelled and w.stats.iterations > 0
    w2 = SearchWorker(SearchBot(SearchParams.by_iterations(20, seed=1)))
    w2.start(s, 0)
    a = w2.wait(30)
    assert a in legal_actions(s, 0) and w2.stats.iterations == 20
    with pytest.raises(ValueError):
        w2.start(s, 1)  # seat 1 has deployed: nothing to decide


def test_bot_turns_search_off_the_frame_loop_pace_the_answers_and_cancel():
    """Issue 28 items 2-3: ``BotTurns.poll`` starts a search and returns nothing while it thinks
    (``thinking`` names the seat); the answer comes no sooner than ``pace`` after the last one,
    or at once after ``skip``; a person's seat is never answered; ``cancel`` stops a long search."""
    import time

    from game.ai.search.worker import BotTurns

    s = _game()
    turns = BotTurns({1: SearchBot(SearchParams.by_iterations(15, seed=2))}, pace=100.0)
    assert turns.poll(s, 0.0) is None  # seat 1's deployment is being searched
    assert turns._workers[1].wait(30) is not None
    got = turns.poll(s, 1.0)  # 1 s after the start: the first answer is not held back by the pace
    assert got is not None and got[0] == 1
    _act(s, got[1], 1)
    assert turns.poll(s, 2.0) is None and turns.thinking() is None  # seat 0 (a person) decides
    _first_split(s, 0, "2-1-1")
    while turns.poll(s, 3.0) is None and (turns.thinking() is not None or not turns._workers[1].done):
        time.sleep(0.01)
    assert turns.poll(s, 4.0) is None  # found, but held back: 100 s of pace
    turns.skip()
    seat, a = turns.poll(s, 5.0)
    assert seat == 1 and a in legal_actions(s, 1)
    long = BotTurns({1: SearchBot(SearchParams.by_seconds(60, seed=2))})
    _act(s, a, 1)
    _act(s, legal_actions(s, 0)[0], 0)
    while View(s, None).deciding_seats() != (1,) and not s.over:
        seat = View(s, None).deciding_seats()[0]
        _act(s, legal_actions(s, seat)[0], seat)
    if not s.over:
        long.poll(s, 0.0)
        time.sleep(0.2)
        assert long.thinking() == 1
        t0 = time.perf_counter()
        assert long.cancel() and time.perf_counter() - t0 < 1.0


def test_a_budget_in_seconds_is_kept():
    """Issue 28, must show: no decision takes more than its budget plus 10 %: the search stops
    before a simulation of the average length so far would end past the budget, and drops a
    simulation still under way at 97 % of it (it aims at 90 %). A clock that advances 1.5 ms per playout
    step (a simulation of Raid plays about 15: 22 ms, a fifth of the 0.1 s budget): every
    decision ends within the budget plus 10 %, after several simulations (stopping only once past
    the budget, the search ended at 0.12 s)."""
    from game.ai.search import Heuristic

    s = _to_bids()
    now = [0.0]

    class Slow(Heuristic):
        def playout_action(self, game, seat, legal, rnd):
            now[0] += 0.0015
            return super().playout_action(game, seat, legal, rnd)

    bot = SearchBot(SearchParams.by_seconds(0.1, seed=1), heuristic=Slow(), clock=lambda: now[0])
    for _ in range(4):
        bot.choose(View(s, 0))
        assert bot.stats.seconds <= 0.1 * 1.1 and bot.stats.iterations > 2, bot.stats


def test_progressive_widening_tries_the_heuristics_prior_first_and_lets_in_more_with_visits():
    """Issue 28 item 1 (SearchParams.widening): a node lets in the first ``1 + widening *
    sqrt(n)`` actions of its order, the heuristic's prior action first; with widening 0 every
    legal action is a child at once."""
    from game.ai.search.heuristic import Heuristic

    s = _to_bids()
    legal = legal_actions(s, 0)
    assert len(legal) > 4
    want = legal[-1]  # (not the first listed: the order must come from the prior)

    class Prior(Heuristic):
        def prior(self, game, seat, legal, rnd):
            return want

    bot = SearchBot(SearchParams.by_iterations(2, seed=2, widening=1.0), Prior())
    assert bot.choose(View(s, 0)) == want  # (the first simulation adds the root) then only the prior
    assert [a for a, _n, _m in bot.stats.root] == [want]
    bot = SearchBot(SearchParams.by_iterations(16, seed=2, widening=1.0), Prior())
    bot.choose(View(s, 0))
    tried = [a for a, n, _m in bot.stats.root]
    assert want in tried and len(tried) == 1 + int(14 ** 0.5)  # 15 passes through the root: n = 0..14
    bot = SearchBot(SearchParams.by_iterations(16, seed=2), Prior())
    bot.choose(View(s, 0))
    assert len(bot.stats.root) == min(16, len(legal))
    # prior_margin: the prior's action is played unless another one's mean is that much better
    for seed in range(4):
        bot = SearchBot(SearchParams.by_iterations(30, seed=seed, widening=1.0, prior_margin=1.0), Prior())
        assert bot.choose(View(s, 0)) == want
    picks = {SearchBot(SearchParams.by_iterations(30, seed=seed, widening=1.0), Prior()).choose(View(s, 0))
             for seed in range(4)}
    assert picks != {want}  # (without the margin the most visited action is played)


def test_with_no_simulation_finished_the_heuristics_own_choice_is_played():
    """Issue 28 (a budget in seconds on a loaded machine): when not one simulation ends within
    the budget, the bot plays the heuristic's prior action, not merely the first option."""
    from game.ai.search import Heuristic

    s = _to_bids()
    legal = legal_actions(s, 0)
    want = legal[-1]
    now = [0.0]

    class Slow(Heuristic):
        def playout_action(self, game, seat, legal, rnd):
            now[0] += 1.0  # (every playout step takes a second: the first simulation is dropped)
            return super().playout_action(game, seat, legal, rnd)

        def prior(self, game, seat, legal, rnd):
            return want

    bot = SearchBot(SearchParams.by_seconds(0.1, seed=1), heuristic=Slow(), clock=lambda: now[0])
    assert bot.choose(View(s, 0)) == want and bot.stats.iterations == 0


def test_the_search_ends_early_only_when_the_answer_cannot_change():
    """Issue 28 item 3 (cheaper games; ``SearchParams.settle``): a search stops once the
    simulations left in its budget cannot change its answer, and then answers what the whole
    budget answers (same seed, with and without stopping early), with fewer simulations in some
    decisions; widening with a prior margin included."""
    s = _to_bids()
    shorter = 0
    for seed in range(6):
        for more in ({}, {"widening": 1.0, "prior_margin": 0.25, "uct_c": 0.3}):
            whole = SearchBot(SearchParams.by_iterations(120, seed=seed, settle=False, **more))
            early = SearchBot(SearchParams.by_iterations(120, seed=seed, **more))
            assert early.choose(View(s, 0)) == whole.choose(View(s, 0)), (seed, more)
            assert whole.stats.iterations == 120 and not whole.stats.settled
            if early.stats.settled:
                assert early.stats.iterations < 120
                shorter += 1
    assert shorter >= 2


def test_the_search_is_settled_only_when_no_simulation_left_can_change_the_answer():
    """Issue 28 item 3, the stopping rule itself (``SearchBot._settled``) on a hand-made root:
    the leader must lead the next by more than the simulations left; with a prior margin a
    leader that is not the prior's action must stay the margin ahead even if every simulation
    left went against it and for the prior."""
    from game.ai.search.ismcts import _Child, _Node

    def root(*kids, order=None):
        n = _Node(order=order)
        for name, visits, total in kids:
            n.children[name] = _Child(visits=visits, total=total, avail=visits)
        return n

    bot = SearchBot(SearchParams.by_iterations(50))
    r = root(("a", 20, 10.0), ("b", 9, 4.0), ("c", 0, 0.0))
    assert bot._settled(r, 10) and not bot._settled(r, 11)
    assert not bot._settled(root(("a", 1, 1.0)), 1) and bot._settled(root(("a", 2, 1.0)), 1)
    assert not bot._settled(None, 0)
    margin = SearchBot(SearchParams.by_iterations(50, widening=1.0, prior_margin=0.25))
    assert margin._settled(root(("p", 30, 15.0), ("b", 5, 1.0), order=["p", "b"]), 20)  # the prior leads
    lead = root(("b", 30, 29.0), ("p", 4, 0.0), order=["p", "b"])  # b: 0.97, the prior 0.0
    assert margin._settled(lead, 3)  # worst b 29/33 = 0.88 >= best p 3/7 + 0.25 = 0.68
    assert not margin._settled(lead, 10)  # worst b 29/40 = 0.73 < best p 10/14 + 0.25
    assert not margin._settled(root(("b", 30, 29.0), ("x", 2, 0.0), order=["p", "b", "x"]), 3)  # p untried


def test_a_stall_between_clock_checks_is_left_room_for():
    """Issue 28, must show (no decision over its budget + 10 %): a playout step that starts
    between 50 and 97 % of a 0.1 s budget stalls 15 ms (a loaded machine losing the processor
    at the worst moment; dropping the simulation at the first clock check past 97 % alone ended
    such decisions at up to 0.112 s): the search also drops a simulation once one more stretch
    as long as the longest seen between two clock checks would end past 105 % of the budget, so
    every decision ends within 0.105 s."""
    from game.ai.search import Heuristic

    s = _to_bids()
    now = [0.0]
    start = [0.0]

    class Stalls(Heuristic):
        def playout_action(self, game, seat, legal, rnd):
            now[0] += 0.015 if 0.05 <= now[0] - start[0] < 0.097 else 0.0015
            return super().playout_action(game, seat, legal, rnd)

    bot = SearchBot(SearchParams.by_seconds(0.1, seed=1, settle=False), heuristic=Stalls(), clock=lambda: now[0])
    for _ in range(12):
        start[0] = now[0]
        bot.choose(View(s, 0))
        assert bot.stats.seconds <= 0.1 * 1.05 + 1e-9 and bot.stats.iterations >= 1, bot.stats


def test_the_garbage_collector_is_paused_while_the_bot_thinks():
    """Issue 28 (budget): a full cyclic collection took 30-100 ms here, a fifth of search:0.5's
    budget; it is paused during a decision and restored after (also when it was off before)."""
    import gc

    from game.ai.search import Heuristic

    s = _to_bids()
    seen = []

    class Look(Heuristic):
        def playout_action(self, game, seat, legal, rnd):
            seen.append(gc.isenabled())
            return super().playout_action(game, seat, legal, rnd)

    assert gc.isenabled()
    SearchBot(SearchParams.by_iterations(5, seed=1), Look()).choose(View(s, 0))
    assert seen and not any(seen) and gc.isenabled()
    gc.disable()
    try:
        SearchBot(SearchParams.by_iterations(5, seed=1), Look()).choose(View(s, 0))
        assert not gc.isenabled()
    finally:
        gc.enable()
