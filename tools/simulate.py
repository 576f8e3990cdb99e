"""Bot games headless: win rate, mean turns and the causes of defeat.

    python -m tools.simulate --scenario practice-burrower --games 200 --players 2 --seed 0

Each game uses seed S, S+1, ...; the bot (game.ai.bot) plays every seat by the rules and
never reads hidden deck order. Prints one figure per line plus the defeat causes.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter


def simulate(scenario: str, games: int, players: int, seed: int, max_steps: int = 20000) -> dict:
    """Play ``games`` bot games; returns {'wins', 'games', 'turns', 'causes', 'seconds'}."""
    from game.__main__ import default_party
    from game.ai.bot import Bot
    from game.content.loader import load_scenario
    from game.engine import apply, new_game

    scn = load_scenario(scenario)
    party = default_party(players)
    if len(scn.board.start) < 2:
        party = [(cid, 1) for cid, _ in party]
    wins, turns, causes = 0, [], Counter()
    t0 = time.perf_counter()
    for k in range(games):
        s = new_game(scn, party, seed + k)
        bot = Bot(seed + k)
        steps = 0
        while not s.over and steps < max_steps:
            apply(s, bot.choose(s))
            steps += 1
        turns.append(s.turn)
        if s.result == "success":
            wins += 1
        else:
            reason = s.result_reason or "unfinished (step limit)"
            causes[re.sub(r"^(Vera Castellan|Mateo Reyes|Anton Belov|Grigor Sokol) ", "a survivor ", reason)] += 1
    return {"wins": wins, "games": games, "turns": turns, "causes": causes, "seconds": time.perf_counter() - t0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=2, choices=[1, 2, 3, 4])
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    from game.content.errors import ContentError

    try:
        r = simulate(a.scenario, a.games, a.players, a.seed)
    except ContentError as ex:
        print(f"error: {ex}", file=sys.stderr)
        return 2
    print(f"scenario: {a.scenario}")
    print(f"players: {a.players}")
    print(f"games: {r['games']}")
    print(f"win_rate: {100.0 * r['wins'] / r['games']:.1f} %")
    print(f"mean_turns: {sum(r['turns']) / len(r['turns']):.1f} turns")
    print(f"wall_time: {r['seconds']:.1f} s")
    for cause, n in r["causes"].most_common():
        print(f"defeat: {n} x {cause}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
