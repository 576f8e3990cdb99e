"""Bot games of the dungeon crawl: wins, deaths and rounds (rules/dungeon.md; issue 26 item 5).

    python -m tools.simulate --mode dungeon --scenario sunken_reliquary --games 200 --players 2
    python -m tools.simulate_dungeon --scenario sunken_reliquary --games 200 --players 2
    python -m tools.simulate_dungeon --delve 4:2 --games 200 --players 2   # a random delve: length 4, difficulty 2

Each game uses seed S, S+1, ...; the bot (game.ai.dungeon_bot) plays every hero through the
public API. Prints one figure per line.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter


def simulate_dungeon(scenario: str, games: int, players: int, seed: int = 0, max_steps: int = 5000,
                     delve: str | None = None) -> dict:
    """Play ``games`` bot games of dungeon ``scenario``, or with ``delve`` = ``"LENGTH:DIFFICULTY"``
    of random delves (one per game, seeded by the game's seed); returns {'games', 'wins',
    'deaths', 'rounds', 'causes', 'unfinished', 'seconds', 'orders'} (deaths and rounds per game,
    lists; 'orders' the exploration orders of the dungeon that reach the objective / all)."""
    from game.ai.dungeon_bot import party, play
    from game.content.dungeon_pack import dungeon_pack, dungeon_scenario
    from game.engine.dungeon.delve import exploration_orders, random_delve
    from game.engine.dungeon.rules import DungeonScenario

    heroes = party(players)
    if delve:
        length, difficulty = (int(x) for x in delve.split(":"))
        scns = [DungeonScenario(dungeon_pack(), random_delve(dungeon_pack(), seed + k, length, difficulty))
                for k in range(games)]
    else:
        scns = [dungeon_scenario(scenario)] * games
    out = {"games": games, "wins": 0, "deaths": [], "rounds": [], "causes": Counter(), "unfinished": 0,
           "orders": [0, 0]}
    for scn in ({id(x): x for x in scns}.values() if not delve else ()):  # (a delve is checked when built)
        good, total = exploration_orders(scn.defn)
        out["orders"][0] += good
        out["orders"][1] += total
    t0 = time.perf_counter()
    for k in range(games):
        s = play(scns[k], heroes, seed + k, max_steps)
        out["deaths"].append(sum(1 for h in s.dungeon.heroes if h.dead))
        out["rounds"].append(s.dungeon.round)
        if s.result == "success":
            out["wins"] += 1
        elif s.result is None:
            out["unfinished"] += 1
        else:
            out["causes"][s.result_reason] += 1
    out["seconds"] = time.perf_counter() - t0
    return out


#: the bot's win-rate band for a shipped dungeon with 2 heroes (issue 26 "Must show"), in %
BAND = (40.0, 75.0)
#: [design] the bands of random delves by difficulty (2 heroes, length 4; docs/balance.md), in %:
#: each difficulty in its own band, easier above harder
DELVE_BANDS = {1: (70.0, 90.0), 2: (45.0, 70.0), 3: (20.0, 45.0)}


def band_of(scenario: str, players: int) -> tuple[float, float] | None:
    """The band the win rate of ``scenario`` (a dungeon id or ``"delve L:D"``) should land in,
    or None when there is none (1, 3 or 4 heroes are only reported)."""
    if players != 2:
        return None
    if scenario.startswith("delve "):
        return DELVE_BANDS.get(int(scenario.split(":")[-1]))
    return BAND


def report(r: dict, scenario: str, players: int) -> list[str]:
    """The printed lines (``name: value``)."""
    n = r["games"]
    mean = lambda xs: sum(xs) / len(xs) if xs else 0.0  # noqa: E731
    lines = [f"mode: dungeon", f"scenario: {scenario}", f"players: {players}", f"games: {n}",
             f"win_rate: {100.0 * r['wins'] / n:.1f} %",
             f"deaths: {mean(r['deaths']):.2f} per game ({sum(1 for d in r['deaths'] if d)} games with a death)",
             f"rounds: {mean(r['rounds']):.1f} mean (min {min(r['rounds'])}, max {max(r['rounds'])})",
             f"unfinished: {r['unfinished']} (stopped by the step limit; should be 0)",
             (f"exploration_orders_reaching_objective: {r['orders'][0]} of {r['orders'][1]} (should be all)"
              if r["orders"][1] else "exploration_orders_reaching_objective: all (random_delve keeps only such dungeons)"),
             f"wall_time: {r['seconds'] / n:.3f} s per game"]
    band = band_of(scenario, players)
    if band is not None:
        rate = 100.0 * r["wins"] / n
        lines.append(f"band: {band[0]:.0f}-{band[1]:.0f} % ({'in' if band[0] <= rate <= band[1] else 'OUT'})")
    lines += [f"defeat: {c} x {cause}" for cause, c in r["causes"].most_common()]
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="sunken_reliquary")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=2, choices=[1, 2, 3, 4])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--delve", default=None, help="LENGTH:DIFFICULTY: random delves instead of --scenario")
    a = ap.parse_args(argv)
    from game.content.errors import ContentError
    try:
        r = simulate_dungeon(a.scenario, a.games, a.players, a.seed, delve=a.delve)
    except (ContentError, KeyError, ValueError) as ex:
        print(f"error: {ex}", file=sys.stderr)
        return 2
    print("\n".join(report(r, f"delve {a.delve}" if a.delve else a.scenario, a.players)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
