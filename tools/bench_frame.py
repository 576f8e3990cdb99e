"""Frame-time benchmark of the play scene, wired into ``python -m tools.bench``.

The whole play screen (map, every model and token, highlights, hover card, side panel, dice,
log) is drawn by :class:`game.ui.render.PlayView` into a 1280x720 surface on the largest shipped
map, mid-game (bots played ``MID_ACTIONS`` actions). Cases, each ``FRAMES`` frames:

- static: nothing changes between frames;
- hover: the pointer moves over the board (hover card, highlight);
- pan: the view scrolls by a few pixels each frame;
- zoom: the zoom level steps in and out;
- late: the static frame with ``LATE_LOG`` log lines behind it.

Printed as ``frame_<case>_p50`` / ``_p99`` in milliseconds of process CPU time, plus the same
map drawn by pyscroll's own BufferedRenderer for comparison (``pyscroll_frame_p50``).
"""
from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

FRAMES = 240
MID_ACTIONS = 60
LATE_LOG = 600


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def _mid_game(scenario_id: str, seed: int = 3):
    from game.__main__ import default_party
    from game.ai.bot import Bot
    from game.content.loader import load_scenario
    from game.engine import apply, new_game

    scn = load_scenario(scenario_id)
    s = new_game(scn, default_party(4), seed)
    bot = Bot(seed)
    events = []
    for _ in range(MID_ACTIONS):
        if s.over:
            break
        events += apply(s, bot.choose(s))
    return s, events


def ui_names():
    """The play screen's names wherever the tree being measured keeps them: since issue 24's split
    in ``game.ui.playui``, ``presenters.rolls`` and ``board.floor``; before it all in ``game.ui.render``
    (an old commit is measured by this same file)."""
    import importlib
    from types import SimpleNamespace

    mods = []
    for name in ("game.ui.render", "game.ui.playui", "game.ui.presenters.rolls", "game.ui.board.floor"):
        try:
            mods.append(importlib.import_module(name))
        except ImportError:
            pass
    names = ("LogLine", "PlayUI", "PlayView", "Marks", "BOARD_RECT", "LOG_RECT", "PULSE_S", "build_marks",
             "rolls_from_events", "_tmx_path")
    return SimpleNamespace(**{n: next((getattr(m, n) for m in mods if hasattr(m, n)), None) for n in names})


def bench_frames(scenario_id: str = "outskirts") -> list[tuple[str, float, str]]:
    R = ui_names()
    LogLine, PlayUI, PlayView, build_marks, rolls_from_events = (R.LogLine, R.PlayUI, R.PlayView, R.build_marks,
                                                                 R.rolls_from_events)

    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1280, 720))
    state, events = _mid_game(scenario_id)
    surf = pygame.Surface((1280, 720))
    view = PlayView()
    ui = PlayUI(controllers=["human"] * len(state.characters), scenario_name=state.scenario.brief.name)
    for e in events[-80:]:
        if e.text:
            ui.log.append(LogLine(e.rule, e.text, e.kind))
    ui.rolls = rolls_from_events(state, events)[-8:]
    base = build_marks(state, ui.controllers)
    ui.marks = base
    view.draw(surf, state, ui)  # warm caches: fonts, floor, sprites
    lay = view.layout
    squares = sorted(state.scenario.board.square_tile)

    def run(prep) -> list[float]:
        out = []
        for i in range(FRAMES):
            prep(i)
            t0 = time.process_time()
            view.draw(surf, state, ui)
            out.append((time.process_time() - t0) * 1000)
        return out

    def static(i):
        ui.time += 1 / 60

    def hover(i):
        ui.time += 1 / 60
        s = squares[(i // 4) % len(squares)]
        r = lay.square_rect(s)
        ui.mouse = r.center
        ui.marks = R.Marks(act=base.act, choice_squares=base.choice_squares, pick_enemies=base.pick_enemies,
                           pick_chars=base.pick_chars, subjects=base.subjects, hover_sq=s)
        ui.hover_since = ui.time - 1.0

    def pan(i):
        ui.time += 1 / 60
        ui.mouse = (-1, -1)
        ui.marks = base
        d = 3 if (i // 40) % 2 == 0 else -3
        view.pan = (view.pan[0] + d, view.pan[1] + d // 3)

    def zoom(i):
        ui.time += 1 / 60
        if i % 6 == 0:
            view.zoom_at(state, R.BOARD_RECT.center, 1 if (i // 30) % 2 == 0 else -1)

    rows: list[tuple[str, float, str]] = []
    for name, prep in (("static", static), ("hover", hover), ("pan", pan), ("zoom", zoom)):
        ts = run(prep)
        rows += [(f"frame_{name}_p50", statistics.median(ts), "ms"), (f"frame_{name}_p99", _pct(ts, 99), "ms")]
    view.zoom, view.pan = 1.0, (0, 0)
    for k in range(LATE_LOG):
        ui.log.append(LogLine("R-MOVE-1", f"Line {k}: a survivor moves through the loading bay and looks around "
                              "for anything that could help, twice as long as most lines.", ""))
    ts = run(static)
    rows += [("frame_late_p50", statistics.median(ts), "ms"), ("frame_late_p99", _pct(ts, 99), "ms")]
    rows += bench_window(view, state, ui, surf)
    rows += bench_pyscroll(state)
    return rows


def bench_window(view, state, ui, surf) -> list[tuple[str, float, str]]:
    """The whole frame shown in a window of another size (game.ui.window.Presenter: the picture
    scaled, the text redrawn at the window's size), hovering as above: 1920x1080 and 1000x560.
    Empty for a tree without the presenter (an old commit)."""
    try:
        from game.ui.window import Presenter
    except ImportError:
        return []
    rows = []
    for w, h in ((1920, 1080), (1000, 560)):
        pres = Presenter(surf)
        win = pygame.Surface((w, h))
        ts = []
        for i in range(FRAMES):
            ui.time += 1 / 60
            ui.mouse = (200 + (i * 7) % 500, 200 + (i * 3) % 300)
            t0 = time.process_time()
            pres.begin((w, h))
            view.draw(surf, state, ui)
            pres.present(win)
            ts.append((time.process_time() - t0) * 1000)
        rows += [(f"frame_window_{w}x{h}_p50", statistics.median(ts), "ms"),
                 (f"frame_window_{w}x{h}_p99", _pct(ts, 99), "ms")]
    return rows


def bench_pyscroll(state) -> list[tuple[str, float, str]]:
    """pyscroll's BufferedRenderer drawing the same map's tile layers into the board area."""
    import pyscroll
    import pytmx.util_pygame

    R = ui_names()
    BOARD_RECT, _tmx_path = R.BOARD_RECT, R._tmx_path

    path = _tmx_path(state)
    if path is None:
        return []
    tmx = pytmx.util_pygame.load_pygame(str(path))
    rend = pyscroll.BufferedRenderer(pyscroll.TiledMapData(tmx), BOARD_RECT.size, clamp_camera=True)
    surf = pygame.Surface(BOARD_RECT.size)
    w, h = tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight
    ts = []
    for i in range(FRAMES):
        rend.center((w // 2 + (i % 40) * 3, h // 2 + (i % 20) * 2))
        t0 = time.process_time()
        rend.draw(surf, surf.get_rect())
        ts.append((time.process_time() - t0) * 1000)
    return [("pyscroll_frame_p50", statistics.median(ts), "ms"), ("pyscroll_frame_p99", _pct(ts, 99), "ms")]


def bench_frames_old(rev: str = "13c6a4c") -> list[tuple[str, float, str]]:
    """The same frame figures, in the same run, for the UI at commit ``rev`` (default: before issue
    11), measured by a subprocess that imports that tree's ``game`` package; rows end in ``_at_<rev>``."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from tools.bench import old_tree

    tree = old_tree(rev)
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--json"], cwd=tree, env=env,
                       capture_output=True, text=True, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(f"frame bench at {rev} failed: {p.stderr.strip().splitlines()[-1:] or p.returncode}")
    rows = json.loads(p.stdout.strip().splitlines()[-1])
    return [(f"{n}_at_{rev}", v, u) for n, v, u in rows if n.startswith("frame_")]


if __name__ == "__main__":
    import json
    import sys

    got = bench_frames()
    if "--json" in sys.argv[1:]:  # the subprocess side of bench_frames_old: one JSON line
        print(json.dumps(got))
    else:
        for n, v, u in got:
            print(f"{n}: {v:.2f} {u}")
