"""Instructions per engine step, counted by valgrind's cachegrind: deterministic on a shared machine.

    python -m tools.bench_instr [--games 6] [--old REV]

Bot-plays ``--games`` seeded Outskirts games with 4 survivors, records them, then replays the records
(``legal_actions`` + ``apply`` per step, public API only) under ``valgrind --tool=cachegrind`` once and
three times; the difference divided by twice the steps is the cost of one step with imports, content
loading and the first game's derived data left out. With ``--old REV`` the same is measured on the tree
at ``REV`` (exported as ``tools.bench`` does) with that tree's own bot and records. Prints
``engine_instructions_per_step: N instr`` (and ``..._at_<rev>`` and the ratio). Needs valgrind on PATH;
takes a few minutes (each replay runs about 50 times slower under valgrind).

Why: CPU-time figures on a machine shared by several jobs vary by 10 % from run to run, so a change
worth 1-2 % is invisible in them; instruction counts are exact (they ignore cache misses and branch
prediction, so confirm a large change with ``tools.bench --quick`` too).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

REPLAY = r"""
import json, sys
from game.__main__ import default_party
from game.content.loader import load_scenario
from game.engine import Action, apply, legal_actions, new_game
mode, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
scn = load_scenario("outskirts"); party = default_party(4)
if mode == "rec":
    from game.ai.bot import Bot
    recs = []
    for seed in range(n):
        s = new_game(scn, party, seed); bot = Bot(seed); k = 0
        while not s.over and k < 20000:
            apply(s, bot.choose(s)); k += 1
        recs.append(list(s.record))
    json.dump(recs, open(path, "w"))
else:
    recs = [[Action(**a) for a in r] for r in json.load(open(path))]
    for _ in range(n):
        for seed, rec in enumerate(recs):
            s = new_game(scn, party, seed)
            for a in rec:
                legal_actions(s); apply(s, a)
"""


def _instructions(tree: Path, script: Path, rounds: int, rec: Path) -> int:
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONHASHSEED="0")
    p = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                        sys.executable, str(script), "run", str(rounds), str(rec)],
                       cwd=tree, env=env, capture_output=True, text=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", p.stderr)
    if p.returncode != 0 or m is None:
        raise RuntimeError(f"valgrind run failed in {tree}: {p.stderr.strip().splitlines()[-1:]}")
    return int(m.group(1).replace(",", ""))


def per_step(tree: Path, games: int, work: Path) -> float:
    """Instructions per ``legal_actions`` + ``apply`` pair on ``tree``'s engine (see the module text)."""
    script = work / "replay.py"
    script.write_text(REPLAY)
    rec = work / f"rec-{abs(hash(str(tree)))}.json"
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONHASHSEED="0")
    subprocess.run([sys.executable, str(script), "rec", str(games), str(rec)], cwd=tree, env=env, check=True)
    steps = sum(len(r) for r in json.loads(rec.read_text()))
    once = _instructions(tree, script, 1, rec)
    thrice = _instructions(tree, script, 3, rec)
    return (thrice - once) / (2 * steps)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6, help="seeded bot games recorded and replayed (default 6)")
    ap.add_argument("--old", default=None, help="also measure the tree at this commit (e.g. 9d4284d)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("error: valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="dreadboard-instr-") as tmp:
        now = per_step(ROOT, args.games, Path(tmp))
        print(f"engine_instructions_per_step: {now:.0f} instr")
        if args.old:
            from tools.bench import old_tree

            old = per_step(old_tree(args.old), args.games, Path(tmp))
            print(f"engine_instructions_per_step_at_{args.old}: {old:.0f} instr")
            print(f"engine_instructions_ratio_vs_{args.old}: {old / now:.3f} x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
