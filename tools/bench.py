"""Benchmarks: speed figures printed as ``name: value unit`` (one per line). Not tests.

    python -m tools.bench [--games N] [--rounds R] [--old REV | --no-old]   # the four headlines
    python -m tools.bench --quick          # engine only: Outskirts 4p, now and at the old commit
    python -m tools.bench --frames         # only App.step per frame, every view (tools.bench_app)
    python -m tools.bench --startup        # only cold start to the first menu frame, median of 7
    python -m tools.bench --memory         # only peak memory over a bot-played city campaign
    python -m tools.bench --all            # the headlines plus every scenario, scaling, map load

``--search`` prints only the search bot's figures (tools.bench_search: playouts, engine steps and
ISMCTS simulations per CPU second from a mid-game position of each versus scenario; also in the
default run).

The default run prints the four figures of issue 30, each measured in the same run for the old
commit (``--old``, default 9d4284d: main when the issue was filed) and printed beside it at the end:
``engine_throughput_outskirts_4p`` (best of 5 rounds; target 30,000), ``cold_start_menu`` (target
250 ms), ``peak_memory_campaign`` (tools.bench_memory; target 150 MB) and ``frame_worst_p99``
(tools.bench_app: the whole ``App.step`` per frame for every view of the largest city and manor
maps at 1280x720 and 1920x1080; target 4 ms), printed last; also the search cost
(tools.bench_playouts: 1,000 random playouts of 20 steps from clones of one Outskirts position).
The old tree is run with this checkout's virtual environment: without pygame_gui installed there,
9d4284d draws its text with pygame's default font (its fonts came from that package), which makes its
text a little cheaper.

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
  child's CPU time), and that process's peak memory (peak_memory_menu); peak_memory_bench: this
  benchmark process's peak resident memory at the
  end; cold_start_returning(_cpu): the same to the second menu frame for a player who played before (a
  settings file and a save; tools.bench_returning). ``--startup`` runs only these.
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


HEADLINES = ("frame_worst_p99", "cold_start_menu", "peak_memory_campaign", "engine_throughput_outskirts_4p")


def engine_headline(games: int, rounds: int, old: str | None) -> list[tuple[str, float, str]]:
    """Outskirts with 4 survivors, best of ``rounds``; now and ``old`` take turns round by round, so a
    busy spell on a shared machine weighs on both."""
    sid, players = HEADLINE
    now: dict = {}
    was: dict | None = {} if old else None
    for _ in range(rounds):
        now = _best(now, measure(sid, players, games, 1))
        if was is not None:
            try:
                was = _best(was, measure_old(old, sid, players, games, 1))
            except (RuntimeError, OSError, ValueError) as exc:
                print(f"# old commit {old} not measured: {exc}", file=sys.stderr)
                was = None
    rows = engine_rows(sid, players, now)
    if was:
        rows += engine_rows(sid, players, was, suffix=f"_at_{old}")
        rows.append((f"engine_speedup_{sid}_{players}p_vs_{old}", now["pairs"] / was["pairs"] if was["pairs"] else 0.0,
                     "x"))
    return rows


def frames_rows(old: str | None, frames: int) -> list[tuple[str, float, str]]:
    """``App.step`` per frame for every view, map and window size (tools.bench_app), and the same
    for ``old`` in the same run."""
    from tools.bench_app import bench_app, bench_app_old

    rows = bench_app(frames)
    if old:
        try:
            rows += bench_app_old(old, frames)
        except (RuntimeError, OSError, ValueError) as exc:
            print(f"# old commit {old} frames not measured: {exc}", file=sys.stderr)
    return rows


def memory_rows(old: str | None) -> list[tuple[str, float, str]]:
    """Peak memory over a bot-played city campaign in the window (tools.bench_memory), now and ``old``."""
    from tools.bench_memory import run_isolated

    rows = run_isolated()
    if old:
        try:
            rows += [(f"{n}_at_{old}", v, u) for n, v, u in run_isolated(str(old_tree(old)))]
        except (RuntimeError, OSError, ValueError) as exc:
            print(f"# old commit {old} memory not measured: {exc}", file=sys.stderr)
    return rows


def print_rows(rows: list[tuple[str, float, str]], old: str | None = None) -> None:
    """Every row as ``name: value unit``; then the headline figures again, each beside the old
    commit's (``name_at_<old>``), ``frame_worst_p99`` last."""
    for name, value, unit in rows:
        print(f"{name}: {value:.2f} {unit}")
    got = {n: (v, u) for n, v, u in rows}
    heads = [h for h in HEADLINES if h in got]
    if len(heads) < 2 and not old:
        return
    print("# headline figures (targets: frames 4 ms p99, cold start 250 ms, memory 150 MB, engine 30,000/s)")
    for h in sorted(heads, key=lambda h: h == "frame_worst_p99"):
        v, u = got[h]
        line = f"{h}: {v:.2f} {u}"
        if old and f"{h}_at_{old}" in got:
            line += f"  (at {old}: {got[f'{h}_at_{old}'][0]:.2f} {u})"
        print(line)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Dreadboard benchmarks: the headline figures (issue 30) by default")
    ap.add_argument("--games", type=int, default=None, help="games per scenario (default 10; --quick 3)")
    ap.add_argument("--rounds", type=int, default=None, help="timed replays, best kept (default 5; --quick 1)")
    ap.add_argument("--quick", action="store_true", help="engine only: Outskirts 4p, now and at the old commit")
    ap.add_argument("--old", default=OLD_REV, help=f"the commit to compare with, same run (default {OLD_REV})")
    ap.add_argument("--no-old", action="store_true", help="do not measure the old commit")
    ap.add_argument("--frames", action="store_true", help="only the App.step frame times (tools.bench_app)")
    ap.add_argument("--frames-per-view", type=int, default=200, help="frames timed per view (default 200)")
    ap.add_argument("--draw-only", action="store_true", help="only PlayView.draw frame times (tools.bench_frame)")
    ap.add_argument("--startup", action="store_true", help="only cold start to the menu (median of 7)")
    ap.add_argument("--memory", action="store_true", help="only peak memory over a bot-played city campaign")
    ap.add_argument("--all", action="store_true", help="the headlines plus every scenario, scaling and map load")
    ap.add_argument("--search", action="store_true", help="only the search bot's figures per versus scenario")
    ap.add_argument("--measure", nargs=4, metavar=("SCENARIO", "PLAYERS", "GAMES", "ROUNDS"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:  # the subprocess side of measure_old: one JSON line
        sid, p, g, r = args.measure
        print(json.dumps(measure(sid, int(p), int(g), int(r))))
        return 0
    old = None if args.no_old else args.old
    if args.startup:
        from tools.bench_returning import bench_returning

        print_rows(bench_startup(old=old) + bench_returning(old=old) + [peak_memory_self()], old)
        return 0
    if args.frames:
        print_rows(frames_rows(old, args.frames_per_view), old)
        return 0
    if args.memory:
        print_rows(memory_rows(old), old)
        return 0
    if args.search:
        from tools.bench_search import bench_search

        print_rows(bench_search())
        return 0
    if args.draw_only:
        from tools.bench_frame import bench_frames

        rows = bench_frames()
        if old:
            from tools.bench_frame import bench_frames_old

            try:
                rows += bench_frames_old(old)
            except (RuntimeError, OSError, ValueError) as exc:
                print(f"# old commit {old} frames not measured: {exc}", file=sys.stderr)
        print_rows(rows)
        return 0
    games = args.games or (3 if args.quick else 10)
    rounds = args.rounds or (1 if args.quick else 5)
    rows = engine_headline(games, rounds, old)
    if args.quick:
        print_rows(rows, old)
        return 0
    from tools.bench_playouts import bench_playouts

    rows += bench_playouts()
    from tools.bench_search import bench_search

    rows += bench_search()
    rows += bench_startup(old=old)
    rows += memory_rows(old)
    if args.all:
        from game.ai.campaign_bot import play_campaign
        from game.content.campaign_pack import load_pack
        from game.content.loader import load_content

        ct = load_content()
        for other in sorted(ct.scenarios):
            for p in (1, 4):
                if (other, p) != HEADLINE:
                    rows += engine_rows(other, p, measure(other, p, games, 1))
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
    rows += frames_rows(old, args.frames_per_view)  # last: frame_worst_p99 ends the list
    rows.append(peak_memory_self())
    print_rows(rows, old)
    return 0


if __name__ == "__main__":
    sys.exit(main())
