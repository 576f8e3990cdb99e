"""Peak memory over a bot-played city campaign shown in the window, wired into ``python -m tools.bench``.

A fresh interpreter (so nothing else counts) opens a 1280x720 window (dummy driver) and plays the
city campaign with the campaign bot (2 survivors, seed 1); every scenario is shown on the play
screen at its start and again at its end, each time swept through every zoom level and panned
(so the floor, sprites and text are drawn at every scale the player can reach). Printed rows:

- ``peak_memory_campaign``: the process's peak resident memory (MB; target 150, issue 30);
- ``memory_growth_campaign``: resident memory after the last scenario minus after the second
  (MB; caches are bounded when this stays near 0);
- ``campaign_scenarios``: scenarios played.

``python tools/bench_memory.py --json`` prints the rows as one JSON line (also how an old commit's
tree is measured with this same file).
"""
from __future__ import annotations

import json
import os
import resource
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

Row = tuple[str, float, str]


def rss_mb() -> float:
    """Resident memory now, MB (Linux /proc; the peak elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, AttributeError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def sweep(app, state, party) -> None:
    """``state`` on the play screen, every zoom level in and out about the board's centre, panned."""
    from game.ui.play import PlayScene

    play = PlayScene(app, state, list(party), ["human"] * len(party))
    app.stack = [play]
    app.step([], 0.1)
    area = play.view.board_area
    for direction in (1, -1, -1, 1):
        for _ in range(8):
            play.view.zoom_at(state, area.center, direction)
            app.step([], 1 / 60)
    for d in ((60, 0), (0, 60), (-60, -60)):
        play.view.pan = (play.view.pan[0] + d[0], play.view.pan[1] + d[1])
        app.step([], 1 / 60)
    play.ui.anim.finish()


def bench_memory(seed: int = 1) -> list[Row]:
    from game.ai.campaign_bot import choose, play_out_campaign
    from game.content.campaign_pack import load_campaign_scenario, load_pack
    from game.content.loader import load_content
    from game.engine.campaign import begin_scenario, finish_scenario, start_campaign
    from game.ui.app import App
    try:
        from game.ui.memory import give_back
    except ImportError:  # an old tree (9d4284d) without it: a collection only, as that App did
        import gc

        def give_back() -> bool:
            gc.collect()
            return False

    pygame.display.init()
    pygame.font.init()
    os.environ["DREADBOARD_WINDOW"] = "1280x720"
    app = App(None, save_dir=tempfile.mkdtemp(prefix="dreadboard-bench-mem-"))
    content = load_content()
    pack = load_pack("city", content)
    cs = start_campaign(pack, content, ["vera", "mateo"], seed)
    after: list[float] = []
    cache: dict = {}

    def load(sid):  # the last scenario only, as the App keeps it (not one per map: that would grow)
        if sid not in cache:
            cache.clear()
            cache[sid] = load_campaign_scenario(pack, sid, content)
        return cache[sid]

    def begin(cs_, scn):
        gs = begin_scenario(cs_, scn)
        sweep(app, gs, [(c.cid, 1) for c in gs.characters])
        return gs

    def finish(cs_, gs):
        sweep(app, gs, [(c.cid, 1) for c in gs.characters])
        app.stack = app.stack[:1]
        out = finish_scenario(cs_, gs)
        give_back()  # as the App does when the finished game's play screen is replaced by the end phase
        after.append(rss_mb())
        return out

    play_out_campaign(cs, choose, begin, finish, load)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    growth = after[-1] - after[1] if len(after) > 2 else 0.0
    return [("peak_memory_campaign", peak, "MB"), ("memory_growth_campaign", growth, "MB"),
            ("campaign_scenarios", float(len(after)), "scenarios")]


def run_isolated(tree: str | None = None) -> list[Row]:
    """:func:`bench_memory` in a fresh interpreter (``tree``: another commit's checkout)."""
    import subprocess
    from pathlib import Path

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cwd = None
    if tree:
        env["PYTHONPATH"] = tree
        cwd = tree
    p = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--json"], env=env, cwd=cwd,
                       capture_output=True, text=True, timeout=3600)
    if p.returncode != 0:
        raise RuntimeError(f"memory bench failed: {p.stderr.strip().splitlines()[-1:] or p.returncode}")
    return [tuple(r) for r in json.loads(p.stdout.strip().splitlines()[-1])]


if __name__ == "__main__":
    rows = bench_memory()
    if "--json" in sys.argv[1:]:
        print(json.dumps(rows))
    else:
        for n, v, u in rows:
            print(f"{n}: {v:.2f} {u}")
