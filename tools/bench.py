"""Benchmarks: speed figures printed as ``name: value unit`` (one per line). Not tests.

    python -m tools.bench [--games N]

- engine_throughput: legal_actions + apply pairs per second over bot-played games;
- game_wall_time_<scenario>_<p>p: median wall time of one bot-played game;
- map_load_validate_<map>, map_pytmx_raw_<map> and their ratio for the largest shipped map
  (tools.bench_maps; target: 2x or less);
- frame_<case>_p50/p99: CPU ms per frame of the whole play screen at 1280x720 on the largest
  map mid-game (static, hover, pan, zoom, late game with 600 log lines), and pyscroll's own
  BufferedRenderer on the same map (tools.bench_frame). ``--frames`` runs only these.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time


def bench_engine(scenario_id: str, players: int, games: int) -> list[tuple[str, float, str]]:
    from game.__main__ import default_party
    from game.ai.bot import Bot
    from game.content.loader import load_scenario
    from game.engine import apply, legal_actions, new_game

    scn = load_scenario(scenario_id)
    party = default_party(players)
    steps = 0
    walls = []
    t_api = 0.0
    for seed in range(games):
        t0 = time.perf_counter()
        s = new_game(scn, party, seed)
        bot = Bot(seed)
        while not s.over:
            a = bot.choose(s)
            t1 = time.perf_counter()
            legal_actions(s)
            apply(s, a)
            t_api += time.perf_counter() - t1
            steps += 1
        walls.append(time.perf_counter() - t0)
    return [
        (f"engine_throughput_{scenario_id}_{players}p", steps / t_api if t_api else 0.0, "actions/s"),
        (f"game_wall_time_{scenario_id}_{players}p", statistics.median(walls) * 1000, "ms"),
        (f"game_steps_{scenario_id}_{players}p", steps / games, "actions/game"),
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Dreadboard benchmarks")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--frames", action="store_true", help="only the play-screen frame times")
    args = ap.parse_args(argv)
    rows: list[tuple[str, float, str]] = []
    if args.frames:
        from tools.bench_frame import bench_frames

        for name, value, unit in bench_frames():
            print(f"{name}: {value:.2f} {unit}")
        return 0
    from game.content.loader import load_content

    ct = load_content()
    for sid in sorted(ct.scenarios):
        for p in (1, 4):
            rows += bench_engine(sid, p, args.games)
    import time as _time

    from game.ai.campaign_bot import play_campaign
    from game.content.campaign_pack import load_pack

    pack = load_pack("city", ct)
    t0 = _time.perf_counter()
    n = max(1, args.games // 10)
    for k in range(n):
        play_campaign(pack, ct, ["vera", "mateo"], k)
    rows.append(("campaign_city_2p_bot", (_time.perf_counter() - t0) / n, "s/campaign"))
    from tools.bench_maps import bench_map_load

    rows += bench_map_load()
    from tools.bench_frame import bench_frames

    rows += bench_frames()
    for name, value, unit in rows:
        print(f"{name}: {value:.2f} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
