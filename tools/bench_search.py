"""What the search bot (issue 28 item 4) needs from the engine, per versus scenario, wired into
``python -m tools.bench`` (``--search`` runs only these):

- ``search_playouts_per_s_<scenario>``: random playouts of at most 20 steps per CPU second, each
  from a world sampled from the searching seat's view (``View.sample_world``: what one search
  simulation does besides walking its tree);
- ``search_steps_per_s_<scenario>``: ``legal_actions`` + ``apply`` pairs per CPU second inside
  those playouts; ``search_sample_us_<scenario>``: CPU microseconds of one ``sample_world``;
- ``search_iterations_per_s_<scenario>``: whole ISMCTS simulations per CPU second (tree walk,
  playout by the scripted player and heuristic) of the search as tuned for versus (``TUNED``).

``python -m tools.bench_search --budget`` prints instead what ``search:S`` buys on an idle machine
as simulations (:func:`budget_map`).

Each from a seeded mid-game position: ``SKIP`` random steps into the game, the searching seat
the one deciding then. Scenarios come from the versus rule set (``game.engine.versus``); without
it nothing is measured (one ``#`` line on stderr).
"""
from __future__ import annotations

import random
import sys
import time

Row = tuple[str, float, str]
SKIP = 12


def positions(seed: int = 5) -> list[tuple[str, object]]:
    """``(scenario id, game)`` mid-game positions, one per versus scenario."""
    from game.ai.search.match import RandomPlayer, next_answer
    from game.engine import View, apply
    from game.engine.versus import SCENARIOS, new_versus

    out = []
    for sid in sorted(SCENARIOS):
        g = new_versus(sid, None, seed)
        players = {0: RandomPlayer(seed), 1: RandomPlayer(seed + 1)}
        for _ in range(SKIP):
            if View(g, None).outcome() is not None:
                break
            seat, a, _t = next_answer(g, players)
            apply(g, a, seat)
        out.append((sid, g))
    return out


def bench_search(n: int = 200, steps: int = 20, seed: int = 5) -> list[Row]:
    from game.ai.search import SearchBot, SearchParams
    from game.engine import Rng, View, apply, legal_actions

    try:
        pos = positions(seed)
    except ImportError as exc:
        print(f"# search figures not measured: no versus rule set ({exc})", file=sys.stderr)
        return []
    rows: list[Row] = []
    for sid, g in pos:
        if View(g, None).outcome() is not None:
            continue
        seat = View(g, None).deciding_seats()[0]
        view = View(g, seat)
        rng, rnd = Rng.from_seed(seed), random.Random(seed)
        t0 = time.process_time()
        for _ in range(50):
            view.sample_world(rng)
        sample_us = (time.process_time() - t0) / 50 * 1e6
        played = 0
        t0 = time.process_time()
        for _ in range(n):
            w = view.sample_world(rng)
            for _ in range(steps):
                wv = View(w, None)
                if wv.outcome() is not None:
                    break
                who = wv.deciding_seats()[0]
                opts = legal_actions(w, who)
                apply(w, opts[rnd.randrange(len(opts))], who)
                played += 1
        dt = time.process_time() - t0
        bot = SearchBot(SearchParams.by_iterations(100, seed=seed).for_rules("versus"))
        t0 = time.process_time()
        bot.choose(view)
        it_dt = time.process_time() - t0
        rows += [(f"search_playouts_per_s_{sid}", n / dt, "playouts/s"),
                 (f"search_steps_per_s_{sid}", played / dt, "steps/s"),
                 (f"search_sample_us_{sid}", sample_us, "us"),
                 (f"search_iterations_per_s_{sid}", bot.stats.iterations / it_dt if it_dt else 0.0, "iterations/s")]
    return rows


def budget_map(seconds=(0.5, 2.0, 5.0), iterations: int = 60, games: int = 2, every: int = 6,
               seed: int = 11) -> list[Row]:
    """What a budget in seconds buys, per versus scenario, as the ``search@N`` that stands for it
    (issue 28: counts at a deterministic iteration budget instead of a wall-clock one):
    ``search_simulations_per_cpu_s_<scenario>``: simulations per CPU second of the search as tuned
    for versus, over decisions of ``games`` games between scripted players (``search@1``), every
    ``every``-th decision with more than one option, both sides, each searched to ``iterations``
    simulations without ending early (``settle`` off); ``search_iterations_for_<S>s_<scenario>``:
    0.9 x S x that rate (a timed search starts no simulation past 90 % of its budget,
    ``ismcts.AIM``), what ``search:S`` gets on an idle machine. CPU time (``time.process_time``)
    so a loaded machine measures the same."""
    from game.ai.search import SearchBot, SearchParams
    from game.ai.search.ismcts import AIM
    from game.ai.versus_bots import make_bot
    from game.engine import View, apply
    from game.engine.versus import DIRECTORATE, SCENARIOS, SYNDICATE, new_versus

    rows: list[Row] = []
    for sid in sorted(SCENARIOS):
        sims, cpu = 0, 0.0
        for k in range(games):
            g = new_versus(sid, {DIRECTORATE: k % 2, SYNDICATE: 1 - k % 2}, seed + k)
            players = {0: make_bot("search@1", seed + k), 1: make_bot("search@1", seed + k + 1)}
            n = 0
            while not View(g, None).over and n < 2000:
                seat = View(g, None).deciding_seats()[0]
                if n % every == 0 and len(View(g, seat).legal()) > 1:
                    bot = SearchBot(SearchParams.by_iterations(iterations, seed=seed + n, settle=False).for_rules("versus"))
                    t0 = time.process_time()
                    bot.choose(g, seat)
                    cpu += time.process_time() - t0
                    sims += bot.stats.iterations
                apply(g, players[seat].choose(g, seat), seat)
                n += 1
        rate = sims / cpu if cpu else 0.0
        rows.append((f"search_simulations_per_cpu_s_{sid}", rate, "simulations/s"))
        rows += [(f"search_iterations_for_{sec:g}s_{sid}", int(AIM * sec * rate), "simulations") for sec in seconds]
    return rows


if __name__ == "__main__":
    rows = budget_map() if "--budget" in sys.argv else bench_search()
    for name, value, unit in rows:
        print(f"{name}: {value:.2f} {unit}")
