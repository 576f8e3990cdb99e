"""Cold start of a returning player (issue 30 item 3), for ``python -m tools.bench --startup``: a fresh
interpreter until the main menu has drawn its second frame (from then on the player can use it), with
the folder a player has after one game: a ``settings.json`` the game wrote and a city game in the save
slot. Each tree writes its own folder once (its own settings and save format).

- ``cold_start_returning``: wall ms from starting ``python`` to the second menu frame, median of 7;
- ``cold_start_returning_cpu``: the CPU ms of the game's main thread by then (a save checked by a thread
  behind the menu is not waited for, so its CPU is not counted; a save checked in the menu's own thread
  is), median of 7.

With ``old`` the tree at that commit (tools.bench.old_tree) takes turns with this one, run by run."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 7

#: a player's folder after one game: a few preferences changed (the game writes settings.json) and a
#: city game saved after its first actions
SETUP = r"""
import sys
import pygame
pygame.display.init(); pygame.font.init()
from game.engine import apply, legal_actions
from game.ui.app import App
app = App(pygame.Surface((1280, 720)), save_dir=sys.argv[1])
app.set_setting("tutorial_offered", True)
app.set_setting("music_volume", 0.5)
play = app.start_game(app.default_party(2), ["human", "human"], seed=5)
for _ in range(12):
    apply(play.state, legal_actions(play.state)[0])
app.save(play.state, play.party, ["human", "human"])
"""

TWO_FRAMES = r"""
import os, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
pygame.display.init()
pygame.font.init()
from game.ui.app import App
app = App(save_dir=sys.argv[1])
app.step([])
app.step([])
print("menu", type(app.top).__name__, time.thread_time() * 1000, flush=True)
os._exit(0)  # (a save still checked behind the menu is not waited for: the menu answers the player)
"""


def _folder(tree: Path, env: dict) -> Path:
    """A returning player's folder written by ``tree``'s own game. Raises RuntimeError when it cannot."""
    out = Path(tempfile.mkdtemp(prefix="dreadboard-returning-"))
    p = subprocess.run([sys.executable, "-c", SETUP, str(out)], cwd=tree, env=env, capture_output=True, text=True,
                       timeout=300)
    if p.returncode != 0 or not (out / "save.json").is_file() or not (out / "settings.json").is_file():
        raise RuntimeError(f"no returning player's folder: {p.stderr.strip().splitlines()[-1:]}")
    return out


def _once(tree: Path, env: dict, folder: Path) -> tuple[float, float]:
    """(wall ms, main-thread CPU ms) of one fresh interpreter to the second menu frame."""
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-c", TWO_FRAMES, str(folder)], cwd=tree, env=env, capture_output=True,
                       text=True, timeout=120)
    wall = (time.perf_counter() - t0) * 1000
    line = next((ln for ln in p.stdout.splitlines() if ln.startswith("menu MainMenu ")), None)
    if line is None:
        raise RuntimeError(f"the menu did not start: {p.stderr[-500:]}")
    return wall, float(line.split()[2])


def bench_returning(runs: int = RUNS, old: str | None = None) -> list[tuple[str, float, str]]:
    """``cold_start_returning`` and ``_cpu`` (see the module doc), and with ``old`` the same at that commit."""
    from tools.bench import old_tree

    base = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    trees = [("", ROOT, base)]
    if old:
        t = old_tree(old)
        trees.append((f"_at_{old}", t, dict(base, PYTHONPATH=str(t))))
    folders = {}
    for key, tree, env in trees:
        try:
            folders[key] = _folder(tree, env)
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
            print(f"# returning player not measured{key}: {exc}", file=sys.stderr)
    got: dict[str, list[tuple[float, float]]] = {k: [] for k in folders}
    for _ in range(runs):
        for key, tree, env in trees:
            if key in folders:
                got[key].append(_once(tree, env, folders[key]))
    rows = []
    for key, xs in got.items():
        rows += [(f"cold_start_returning{key}", statistics.median(x[0] for x in xs), "ms"),
                 (f"cold_start_returning_cpu{key}", statistics.median(x[1] for x in xs), "ms")]
    return rows
