"""What the search bot (issue 28 item 4) needs from the engine, per versus scenario, wired into
``python -m tools.bench`` (``--search`` runs only these):

- ``search_playouts_per_s_<scenario>``: random playouts of at most 20 steps per CPU second, each
  from a world sampled from the searching seat's view (``View.sample_world``: what one search
  simulation does besides walking its tree);
- ``search_steps_per_s_<scenario>``: ``legal_actions`` + ``apply`` pairs per CPU second inside
  those playouts; ``search_sample_us_<scenario>``: CPU microseconds of one ``sample_world``;
- ``search_iterations_per_s_<scenario>``: whole ISMCTS simulations per CPU second (tree walk,
  playout by the scripted player and heuristic) of the search as tuned for versus (``TUNED``).

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


if __name__ == "__main__":
    for name, value, unit in bench_search():
        print(f"{name}: {value:.2f} {unit}")
