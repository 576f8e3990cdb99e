"""Random legal play on every shipped scenario (issue 16 item 5 and "Must show"; issue 8 "Must
show": the boss maps).

Each game plays random legal actions, mixed with the "stubborn" player of the bug report who
always answers a dialog with its first option (the bot that looped in a trade), up to a step
bound. Properties:

- no dialog is endless: no more than ``MAX_FREE`` steps in a row leave the turn, the seat, the
  actions left, the phase and the result unchanged (R-TRADE-2 ruling: a trade ends; R-DOC-5);
- every card is in exactly one pile, inventory or the item box at every step, the behaviour deck
  across its reshuffles (R-BOSS-17) and the card on display (``piles["revealed"]``) included,
  and square capacity, health, ammo and limits hold (``tests.test_properties.check_invariants``).

Size: ``DREADBOARD_FUZZ_GAMES`` games per scenario (default 6, at most 300 steps each: a few seconds in ``make test``).
By hand: ``DREADBOARD_FUZZ_GAMES=2500 .venv/bin/python -m pytest -q tests/test_properties_scenarios.py``
plays 10,000 games over the four shipped scenarios.
"""
import os
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.loader import load_scenario
from game.engine import apply, legal_actions, new_game
from tests.kit import content, rules
from tests.test_properties import check_invariants

GAMES = int(os.environ.get("DREADBOARD_FUZZ_GAMES", "6"))
STEPS = int(os.environ.get("DREADBOARD_FUZZ_STEPS", "300"))
MAX_FREE = 100  # legitimate runs (set-up gear, a crowded reaction phase, a full trade) stay under 20 in practice
PARTIES = [("vera", 1), ("mateo", 2), ("anton", 1), ("grigor", 2)]
SCENARIOS = sorted(content().scenarios)
BOSS_SCENARIOS = [sid for sid in SCENARIOS if content().scenarios[sid].objective == "kill_boss"]


@lru_cache(maxsize=None)
def shipped(sid: str):
    return load_scenario(sid)


def progress(s):
    return (s.turn, s.active, s.actions_left, s.phase, s.result)


def play(s, rnd: random.Random, stubborn: float, steps: int) -> dict:
    """Play up to ``steps`` random legal actions; a dialog is answered with its first option
    with probability ``stubborn``. Checks the invariants at every step; returns counts."""
    free = longest = 0
    seen = {"behaviour": 0, "reshuffle": 0, "steps": 0}
    for _ in range(steps):
        if s.over:
            break
        legal = legal_actions(s)
        assert legal, "a decision is pending but nothing is legal"
        if s.pending.kind != "act" and rnd.random() < stubborn:
            a = legal[0]
        else:
            a = legal[rnd.randrange(len(legal))]
        before = progress(s)
        ev = apply(s, a)
        assert not (len(ev) == 1 and ev[0].kind == "impossible"), ev[0].text
        seen["steps"] += 1
        seen["behaviour"] += sum(e.kind == "behaviour" for e in ev)
        seen["reshuffle"] += sum(e.rule == "R-BOSS-17" for e in ev)
        free = free + 1 if progress(s) == before else 0
        longest = max(longest, free)
        assert free <= MAX_FREE, (f"{free} decisions in a row without progress: endless dialog "
                                  f"{s.pending.kind if s.pending else None}, last {a.short()}")
        check_invariants(s)
    seen["longest_free"] = longest
    return seen


@pytest.mark.parametrize("sid", SCENARIOS)
@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), n=st.integers(1, 4), stubborn=st.sampled_from([0.0, 0.5, 1.0]))
def test_R_TRADE_2_no_endless_dialog_and_cards_conserved_on_every_shipped_scenario(sid, seed, n, stubborn):
    party = PARTIES[:n]
    s = new_game(shipped(sid), party, seed)
    play(s, random.Random(seed), stubborn, STEPS)


@pytest.mark.parametrize("sid", BOSS_SCENARIOS)
@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), n=st.integers(1, 3), left=st.integers(1, 3), stubborn=st.sampled_from([0.0, 1.0]),
       spots=st.lists(st.integers(0, 10**6), min_size=4, max_size=4))
def test_R_BOSS_17_boss_fights_conserve_every_card_across_behaviour_reshuffles(sid, seed, n, left, stubborn, spots):
    """The party starts in the boss's arena (random free squares of its tile) with only ``left``
    cards in the behaviour deck, the rest in its discard pile, so every game draws behaviour
    cards (R-BOSS-11) and reshuffles the deck (R-BOSS-17) within a few turns."""
    s = new_game(shipped(sid), PARTIES[:n], seed)
    r = rules(s)
    boss = s.enemy(s.core.boss)
    free = sorted(q for q in r.boss_tile_squares(boss) if q != boss.pos and r.units_at(q) == 0)
    for c, k in zip(s.characters, spots):
        c.pos = free[k % len(free)]
    deck = s.piles["behaviour"]
    s.piles["behaviour_discard"], s.piles["behaviour"] = deck[left:], deck[:left]
    s.touch()
    check_invariants(s)
    seen = play(s, random.Random(seed), stubborn, STEPS)
    if seen["behaviour"] > left:
        assert seen["reshuffle"] >= 1
