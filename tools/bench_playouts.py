"""Search cost: 1,000 random playouts of 20 steps from one position, wired into ``python -m tools.bench``.

A search bot (the versus game's, issue 30 item 5) clones the position and plays random legal
actions from it, many times. Measured on Outskirts with 4 survivors mid-game (the city; a versus
scenario does not exist yet): ``playouts_1000x20_outskirts_4p`` = CPU seconds for 1,000 playouts
of at most 20 ``legal_actions`` + ``apply`` steps, each from a ``GameState.clone`` of the position
(target under 2 s on a versus scenario), and ``clone_us_outskirts_4p`` = CPU microseconds of one
clone alone. The random choices come from a seeded ``random.Random`` (not the game's RNG). The
same figures for each versus scenario follow (:func:`bench_versus_playouts`).
"""
from __future__ import annotations

import random
import time

Row = tuple[str, float, str]


def bench_playouts(n: int = 1000, steps: int = 20, seed: int = 3) -> list[Row]:
    from game.__main__ import default_party
    from game.ai.bot import Bot
    from game.content.loader import load_scenario
    from game.engine import apply, legal_actions, new_game

    s = new_game(load_scenario("outskirts"), default_party(4), seed)
    bot = Bot(seed)
    for _ in range(60):
        if s.over:
            break
        apply(s, bot.choose(s))
    rnd = random.Random(seed)
    t0 = time.process_time()
    for _ in range(200):
        s.clone()
    clone_us = (time.process_time() - t0) / 200 * 1e6
    t0 = time.process_time()
    played = 0
    for _ in range(n):
        g = s.clone()
        for _ in range(steps):
            if g.over:
                break
            opts = legal_actions(g)
            if not opts:
                break
            apply(g, rnd.choice(opts))
            played += 1
    total = time.process_time() - t0
    return [("playouts_1000x20_outskirts_4p", total * 1000 / n, "s"),
            ("playout_steps_outskirts_4p", played / n, "steps/playout"),
            ("clone_us_outskirts_4p", clone_us, "us")] + bench_versus_playouts(n, steps, seed)


def bench_versus_playouts(n: int = 1000, steps: int = 20, seed: int = 3) -> list[Row]:
    """The same on each versus scenario (issue 30 item 5's figure): from the mid-game position of
    ``tools.bench_search`` (the deciding seat's turn), ``n`` playouts of at most ``steps`` random legal
    actions of whoever decides, each from a ``clone`` of the true state (not a sampled world:
    ``tools.bench_search`` measures those). ``playouts_1000x20_<scenario>`` in CPU seconds (target
    under 2 s), ``clone_us_<scenario>`` CPU microseconds of one clone. Nothing without the versus
    rule set."""
    from game.engine import View, apply, legal_actions

    try:
        from tools.bench_search import positions

        pos = positions()
    except ImportError:
        return []
    rows: list[Row] = []
    for sid, g in pos:
        rnd = random.Random(seed)
        t0 = time.process_time()
        for _ in range(200):
            g.clone()
        clone_us = (time.process_time() - t0) / 200 * 1e6
        t0 = time.process_time()
        for _ in range(n):
            w = g.clone()
            for _ in range(steps):
                v = View(w, None)
                if v.outcome() is not None:
                    break
                who = v.deciding_seats()[0]
                opts = legal_actions(w, who)
                apply(w, opts[rnd.randrange(len(opts))], who)
        total = time.process_time() - t0
        rows += [(f"playouts_1000x20_{sid}", total * 1000 / n, "s"), (f"clone_us_{sid}", clone_us, "us")]
    return rows


if __name__ == "__main__":
    for name, value, unit in bench_playouts():
        print(f"{name}: {value:.2f} {unit}")
