"""Benchmarks: speed figures printed as ``name: value unit`` (one per line). Not tests.

    python -m tools.bench [--games N] [--rounds R] [--old REV | --no-old]
    python -m tools.bench --quick          # Outskirts 4p only, now and at the old commit (~20 s)
    python -m tools.bench --frames         # only the play-screen frame times

Figures:

- ``engine_throughput_<scenario>_<p>p``: ``legal_actions`` + ``apply`` pairs per second of
  process CPU time (target: 20,000 on Outskirts with 4 survivors, issue 8). The bot plays the
  games first; then each game's recorded actions are replayed from a new game, timing only the
  pairs, best of ``--rounds``. CPU time, not wall time, so that other work on a shared machine
  does not count against the engine; ``..._wall`` is the same figure in wall-clock time.
- ``engine_throughput_outskirts_4p_at_<rev>``: the same measurement, in the same run, of the
  engine at the old commit ``--old`` (default 9d4284d, when issue 30 was filed), and ``engine_speedup``;
  the two take turns round by round, so load on a shared machine affects both alike.
  The old tree is exported once with ``git archive`` to ``$TMPDIR/dreadboard-bench-<rev>`` and
  measured in a subprocess that imports the old ``game`` package (public API only).
- ``game_wall_time_<scenario>_<p>p``: median wall time of one bot-played game (bot included);
  ``game_steps_...``: actions per game.
- ``campaign_city_2p_bot``: seconds per bot-played city campaign;
- ``engine_step_us_<n>sq`` (and ``_cold``): CPU microseconds per pair on open boards of 64, 256
  and 1,024 squares (tools.bench_scaling): how the cost grows with the number of squares;
- ``map_load_validate_<map>``, ``map_pytmx_raw_<map>`` and their ratio for the largest shipped map
  (tools.bench_maps; target: 2x or less);
- frame_<case>_p50/p99: CPU ms per frame of the whole play screen at 1280x720 on the largest
  map mid-game (static, hover, pan, zoom, late game with 600 log lines), and pyscroll's own
  BufferedRenderer on the same map (tools.bench_frame). ``--frames`` runs only these;
- cold_start_menu: wall time from starting ``python`` to the main menu's first frame drawn
  (dummy video driver, a fresh process each time, median of 7; ``cold_start_menu_cpu``: the
  child's CPU time), and that process's peak memory (peak_memory_menu); peak_memory_bench: this benchmark process's peak resident memory at the
  end. ``--startup`` runs only these.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OLD_REV = "9d4284d"  # main when issue 30 was filed (before: 13c6a4c, before issue 8)
HEADLINE = ("outskirts", 4)


def measure(scenario_id: str, players: int, games: int, rounds: int = 1) -> dict:
    """Bot-play ``games`` seeded games, then time ``legal_actions`` + ``apply`` over their records.

    Uses only the engine's public API, so the same function measures an old tree. Returns a
    dict: ``pairs`` (per second of CPU time, best round), ``pairs_wall``, ``steps`` (per game),
    ``game_ms`` (median bot-played game, wall)."""
    from game.__main__ import default_party
    from game.ai.bot import Bot
    from game.content.loader import load_scenario
    from game.engine import Action, apply, legal_actions, new_game

    scn = load_scenario(scenario_id)
    party = default_party(players)
    records: list[list] = []
    walls: list[float] = []
    for seed in range(games):
        t0 = time.perf_counter()
        s = new_game(scn, party, seed)
        bot = Bot(seed)
        n = 0
        while not s.over and n < 20000:
            apply(s, bot.choose(s))
            n += 1
        walls.append(time.perf_counter() - t0)
        records.append([Action(**a) for a in s.record])
    steps = sum(len(r) for r in records)
    best_cpu = best_wall = 0.0
    for _ in range(max(1, rounds)):
        cpu = wall = 0.0
        for seed, rec in enumerate(records):
            s = new_game(scn, party, seed)
            c0, w0 = time.process_time(), time.perf_counter()
            for a in rec:
                legal_actions(s)
                apply(s, a)
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
        best_cpu = max(best_cpu, steps / cpu if cpu else 0.0)
        best_wall = max(best_wall, steps / wall if wall else 0.0)
    return {"pairs": best_cpu, "pairs_wall": best_wall, "steps": steps / max(1, games),
            "game_ms": statistics.median(walls) * 1000 if walls else 0.0}


def _best(a: dict, b: dict) -> dict:
    """Two measurements of the same thing: the faster throughput, the first game figures."""
    if not a:
        return b
    return dict(a, pairs=max(a["pairs"], b["pairs"]), pairs_wall=max(a["pairs_wall"], b["pairs_wall"]))


def engine_rows(scenario_id: str, players: int, m: dict, suffix: str = "") -> list[tuple[str, float, str]]:
    key = f"{scenario_id}_{players}p{suffix}"
    rows = [(f"engine_throughput_{key}", m["pairs"], "actions/s"),
            (f"engine_throughput_{key}_wall", m["pairs_wall"], "actions/s")]
    if not suffix:
        rows += [(f"game_wall_time_{key}", m["game_ms"], "ms"), (f"game_steps_{key}", m["steps"], "actions/game")]
    return rows


def old_tree(rev: str) -> Path:
    """The repository at ``rev`` exported (once) under the temp directory. Raises RuntimeError
    if git cannot export it (not a git checkout, unknown revision)."""
    out = Path(tempfile.gettempdir()) / f"dreadboard-bench-{rev}"
    if (out / ".exported").exists():
        return out
    out.mkdir(parents=True, exist_ok=True)
    arch = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev], capture_output=True)
    if arch.returncode != 0:
        raise RuntimeError(f"git archive {rev} failed: {arch.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", str(out)], input=arch.stdout, check=True)
    (out / ".exported").write_text(rev)
    return out


def measure_old(rev: str, scenario_id: str, players: int, games: int, rounds: int) -> dict:
    """:func:`measure` run by a subprocess on the tree at ``rev`` (its own ``game`` package)."""
    tree = old_tree(rev)
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, str(Path(__file__).resolve()), "--measure", scenario_id, str(players), str(games),
           str(rounds)]
    p = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"measuring {rev} failed: {p.stderr.strip().splitlines()[-1:] or p.returncode}")
    return json.loads(p.stdout.strip().splitlines()[-1])


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
STARTUP_RUNS = 7


def _cold_start_once(tree: Path, env: dict) -> tuple[float, float, float]:
    """One fresh interpreter from start to the main menu's first frame: (wall ms, CPU ms of the
    child, its peak resident MB). Raises RuntimeError if the menu did not start."""
    import resource

    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-c", COLD_START], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, cwd=tree, env=env)
    out, err = p.communicate(timeout=120)
    wall = (time.perf_counter() - t0) * 1000
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0 or "menu MainMenu" not in out:
        raise RuntimeError(f"the menu did not start: {err[-500:]}")
    cpu = (r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000
    return wall, cpu, r1.ru_maxrss / 1024


def bench_startup(runs: int = STARTUP_RUNS, old: str | None = None) -> list[tuple[str, float, str]]:
    """Cold start to the main menu's first frame, median of ``runs`` fresh interpreters (dummy video
    driver, an empty save folder): wall ms (``cold_start_menu``, the issue-30 figure, target 250),
    the child's CPU ms (``cold_start_menu_cpu``: what a busy shared machine does not inflate), and
    the largest child's peak memory. With ``old`` the tree at that commit takes turns with this
    one, run by run, and its figures end in ``_at_<old>``."""
    trees = [("", ROOT, dict(os.environ))]
    if old:
        t = old_tree(old)
        trees.append((f"_at_{old}", t, dict(os.environ, PYTHONPATH=str(t))))
    got: dict[str, list[tuple[float, float, float]]] = {k: [] for k, _t, _e in trees}
    for _ in range(runs):
        for key, tree, env in trees:
            got[key].append(_cold_start_once(tree, env))
    rows = []
    for key, _t, _e in trees:
        xs = got[key]
        rows += [(f"cold_start_menu{key}", statistics.median(x[0] for x in xs), "ms"),
                 (f"cold_start_menu_cpu{key}", statistics.median(x[1] for x in xs), "ms")]
    # RUSAGE_CHILDREN's maxrss is the largest child so far: the one figure covers both trees
    rows.append(("peak_memory_menu", max(x[2] for xs in got.values() for x in xs), "MB"))
    return rows


def peak_memory_self() -> tuple[str, float, str]:
    import resource

    return ("peak_memory_bench", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "MB")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Dreadboard benchmarks")
    ap.add_argument("--games", type=int, default=None, help="games per scenario (default 10; --quick 3)")
    ap.add_argument("--rounds", type=int, default=None, help="timed replays, best kept (default 3; --quick 1)")
    ap.add_argument("--quick", action="store_true", help="Outskirts 4p only, now and at the old commit")
    ap.add_argument("--old", default=OLD_REV, help=f"the commit to compare with (default {OLD_REV})")
    ap.add_argument("--no-old", action="store_true", help="do not measure the old commit")
    ap.add_argument("--frames", action="store_true", help="only the play-screen frame times")
    ap.add_argument("--startup", action="store_true", help="only cold start to the menu and peak memory")
    ap.add_argument("--measure", nargs=4, metavar=("SCENARIO", "PLAYERS", "GAMES", "ROUNDS"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:  # the subprocess side of measure_old: one JSON line
        sid, p, g, r = args.measure
        print(json.dumps(measure(sid, int(p), int(g), int(r))))
        return 0
    if args.startup:
        for name, value, unit in bench_startup(old=None if args.no_old else args.old) + [peak_memory_self()]:
            print(f"{name}: {value:.2f} {unit}")
        return 0
    if args.frames:
        from tools.bench_frame import bench_frames

        rows = bench_frames()
        if not args.no_old:  # before issue 11, in the same run
            from tools.bench_frame import bench_frames_old

            try:
                rows += bench_frames_old(args.old)
            except (RuntimeError, OSError, ValueError) as exc:
                print(f"# old commit {args.old} frames not measured: {exc}", file=sys.stderr)
        for name, value, unit in rows:
            print(f"{name}: {value:.2f} {unit}")
        return 0
    games = args.games or (3 if args.quick else 10)
    rounds = args.rounds or (1 if args.quick else 3)
    sid, players = HEADLINE
    rows: list[tuple[str, float, str]] = []
    # now and old take turns, one timed round each, so a busy spell on a shared machine weighs on both
    now: dict = {}
    old: dict | None = None if args.no_old else {}
    for _ in range(rounds):
        now = _best(now, measure(sid, players, games, 1))
        if old is not None:
            try:
                old = _best(old, measure_old(args.old, sid, players, games, 1))
            except (RuntimeError, OSError, ValueError) as exc:
                print(f"# old commit {args.old} not measured: {exc}", file=sys.stderr)
                old = None
    rows += engine_rows(sid, players, now)
    if old:
        rows += engine_rows(sid, players, old, suffix=f"_at_{args.old}")
        rows.append((f"engine_speedup_{sid}_{players}p_vs_{args.old}",
                     now["pairs"] / old["pairs"] if old["pairs"] else 0.0, "x"))
    if not args.quick:
        from game.ai.campaign_bot import play_campaign
        from game.content.campaign_pack import load_pack
        from game.content.loader import load_content

        ct = load_content()
        for other in sorted(ct.scenarios):
            for p in (1, 4):
                if (other, p) != HEADLINE:
                    rows += engine_rows(other, p, measure(other, p, games, rounds))
        pack = load_pack("city", ct)
        t0 = time.perf_counter()
        n = max(1, games // 10)
        for k in range(n):
            play_campaign(pack, ct, ["vera", "mateo"], k)
        rows.append(("campaign_city_2p_bot", (time.perf_counter() - t0) / n, "s/campaign"))
        try:
            from tools.bench_maps import bench_map_load

            rows += bench_map_load()
        except ImportError:
            pass
        from tools.bench_scaling import bench_scaling

        rows += bench_scaling()
        from tools.bench_frame import bench_frames

        rows += bench_frames()
        rows += bench_startup()
        rows.append(peak_memory_self())
    for name, value, unit in rows:
        print(f"{name}: {value:.2f} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
