"""Benchmarks: speed figures printed as ``name: value unit`` (one per line). Not tests.

    python -m tools.bench [--games N]

- engine_throughput: legal_actions + apply pairs per second over bot-played games;
- game_wall_time_<scenario>_<p>p: median wall time of one bot-played game;
- map load and validation time of the largest shipped map (tools.bench_maps);
- frame_<case>_p50/p99: CPU ms per frame of the whole play screen at 1280x720 on the largest
  map mid-game (static, hover, pan, zoom, late game with 600 log lines), and pyscroll's own
  BufferedRenderer on the same map (tools.bench_frame). ``--frames`` runs only these;
- cold_start_menu: wall time from starting ``python`` to the main menu's first frame drawn
  (dummy video driver, a fresh process each time, median of 3), and that process's peak memory
  (peak_memory_menu); peak_memory_bench: this benchmark process's peak resident memory at the
  end. ``--startup`` runs only these.
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


COLD_START = r"""
import os, sys, tempfile, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
pygame.display.init()
pygame.font.init()
from game.ui.app import App
app = App(save_dir=tempfile.mkdtemp(prefix="dreadboard-bench-"))
app.step([])
print("menu", type(app.top).__name__, flush=True)
"""


def bench_startup(runs: int = 3) -> list[tuple[str, float, str]]:
    """Cold start to the main menu (fresh interpreter each run) and peak memory, in ms and MB."""
    import resource
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", COLD_START], capture_output=True, text=True, cwd=root, timeout=120)
        times.append((time.perf_counter() - t0) * 1000)
        if out.returncode != 0 or "menu MainMenu" not in out.stdout:
            raise RuntimeError(f"the menu did not start: {out.stderr[-500:]}")
    child_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # Linux: KB
    return [("cold_start_menu", statistics.median(times), "ms"), ("peak_memory_menu", child_kb / 1024, "MB")]


def peak_memory_self() -> tuple[str, float, str]:
    import resource

    return ("peak_memory_bench", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "MB")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Dreadboard benchmarks")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--frames", action="store_true", help="only the play-screen frame times")
    ap.add_argument("--startup", action="store_true", help="only cold start to the menu and peak memory")
    args = ap.parse_args(argv)
    rows: list[tuple[str, float, str]] = []
    if args.startup:
        for name, value, unit in bench_startup() + [peak_memory_self()]:
            print(f"{name}: {value:.2f} {unit}")
        return 0
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
    try:
        from tools.bench_maps import bench_map_load

        rows += bench_map_load()
    except ImportError:
        pass
    from tools.bench_frame import bench_frames

    rows += bench_frames()
    rows += bench_startup()
    rows.append(peak_memory_self())
    for name, value, unit in rows:
        print(f"{name}: {value:.2f} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
