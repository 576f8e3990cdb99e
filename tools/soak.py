"""Soak: bots play through the real play screen, headless, with random input mixed in, game after
game, and the memory the Python heap holds is measured at the start and the end (issue 13).

    python -m tools.soak --games 20 --seed 1          # by hand: a long run
    python -m tools.soak --ui 600 --seed 1            # 10 minutes of random input on every screen
    (tests/test_soak.py runs a short one in make test)

Every seat is a bot; random mouse moves, clicks and keys go to the screen between frames (the
pass-the-mouse and pause screens included). Prints ``name: value unit`` lines: games, frames,
heap at start and end (tracemalloc, after a garbage collection), and the growth per game.
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
import time
import tracemalloc

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

KEYS = ("K_SPACE", "K_RETURN", "K_ESCAPE", "K_1", "K_2", "K_z", "K_y", "K_l", "K_PLUS", "K_MINUS", "K_HOME",
        "K_LEFT", "K_RIGHT", "K_F1", "K_TAB")


def soak(games: int, seed: int, scenarios: tuple[str, ...] = ("intro", "outskirts", "practice-burrower"),
         max_frames: int = 4000, noise: float = 0.15) -> dict:
    """Play ``games`` bot games through App/PlayScene with random input; returns the figures.
    Raises whatever the screen raises (a crash is the failure this looks for)."""
    import pygame

    from game.__main__ import default_party
    from game.content.loader import load_scenario
    from game.engine import Rng, new_game_events
    from game.ui.app import App
    from game.ui.play import PlayScene

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    rng = Rng.from_seed(seed)
    frames = 0
    heap: list[int] = []
    tracemalloc.start()
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for g in range(games):
            sid = scenarios[g % len(scenarios)]
            scn = load_scenario(sid)
            party = default_party(1 + g % 4)
            state, events = new_game_events(scn, party, seed + g)
            app = App(pygame.Surface((1280, 720)), save_dir=tmp, scenario_factory=lambda s, m, f: scn)
            play = PlayScene(app, state, list(party), ["bot"] * len(party), events=events)
            app.stack = [play]
            for _ in range(max_frames):
                evs = []
                if rng.below(1000) < noise * 1000:
                    k = rng.below(3)
                    pos = (rng.below(1280), rng.below(720))
                    if k == 0:
                        evs.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                    elif k == 1:
                        evs.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                        evs.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
                    else:
                        key = getattr(pygame, KEYS[rng.below(len(KEYS))])
                        evs.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
                app.step(evs, 0.25)
                frames += 1
                if state.over and app.top is not play:
                    break
                if not app.stack:
                    break
            del app, play, state
            gc.collect()
            heap.append(tracemalloc.get_traced_memory()[0])
    tracemalloc.stop()
    pygame.display.quit()
    first = heap[min(1, len(heap) - 1)]  # after the first game: caches and fonts are warm
    return {"games": games, "frames": frames, "heap_start": first, "heap_end": heap[-1],
            "growth_per_game": (heap[-1] - first) / max(1, len(heap) - 2)}


def resident_bytes() -> int:
    """The process's resident memory (Linux /proc; else the peak from ``resource``), in bytes."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def ui_soak(seconds: float, seed: int, warm: float = 60.0, out=None) -> dict:
    """Random input on every screen of one App for ``seconds`` (issue 29 item 7): clicks on the
    zones the screen drew, free clicks, mouse moves, the wheel and keys, with a return to the main
    menu every 400 frames so every screen gets its turn (a finished game's screens, the campaign
    menus, settings, the rulebook, saves). Resident memory and live objects are measured at the
    first return to the main menu after ``warm`` seconds and at the end, again back at the main
    menu (the same screen both times, after what the App does on that return: a garbage
    collection and giving freed memory back, :func:`game.ui.memory.give_back`), so the growth is
    what stays behind from the screens visited; ``rss_peak`` is the highest resident size seen at
    any 100th frame (whatever screen was open). Returns the figures; raises what a screen raises."""
    import random

    import pygame

    from game.ui.app import App
    from game.ui.menus import MainMenu
    from game.ui.scene import Reset

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    keys = [getattr(pygame, k) for k in KEYS] + [pygame.K_UP, pygame.K_DOWN, pygame.K_F5, pygame.K_DELETE]
    rnd = random.Random(seed)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        app = App(pygame.Surface((1280, 720)), save_dir=tmp, seed=seed)
        t0 = time.perf_counter()
        frames = events = 0
        warm_rss = warm_objs = None
        peak = 0
        while True:
            now = time.perf_counter() - t0
            if now >= seconds:
                break
            evs = []
            r = rnd.random()
            zones = getattr(app.top, "zones", None)
            items = [z for z in (zones.items if zones is not None else []) if z.key != "quit"]
            if frames % 400 == 399:
                app.apply(Reset(MainMenu()))
                if warm_rss is None and now >= warm:
                    warm_rss, warm_objs = resident_bytes(), len(gc.get_objects())
            if frames % 100 == 0:
                peak = max(peak, resident_bytes())
            if r < 0.4 and items:
                pos = rnd.choice(items).rect.center
                evs += [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
            elif r < 0.6:
                pos = (rnd.randrange(1280), rnd.randrange(720))
                evs.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            elif r < 0.7:
                evs.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rnd.choice([-1, 1]), flipped=False))
            elif r < 0.85:
                evs.append(pygame.event.Event(pygame.KEYDOWN, key=rnd.choice(keys), mod=0, unicode="", scancode=0))
            app.step(evs, 0.1)
            frames += 1
            events += len(evs)
            if not app.running:  # Quit pressed: the soak goes on from the main menu
                app.running = True
                app.apply(Reset(MainMenu()))
            if out is not None and frames % 1000 == 0:
                out(f"soak_ui_progress: {frames} frames, {now:.0f} s, {resident_bytes() / 1e6:.1f} MB")
        app.apply(Reset(MainMenu()))
        end_rss, end_objs = resident_bytes(), len(gc.get_objects())
    pygame.display.quit()
    if warm_rss is None:
        warm_rss, warm_objs = end_rss, end_objs
    return {"frames": frames, "events": events, "rss_warm": warm_rss, "rss_end": end_rss, "objects_warm": warm_objs,
            "objects_end": end_objs, "growth": (end_rss - warm_rss) / max(1, warm_rss),
            "rss_peak": max(peak, end_rss)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Bots play through the real screen with random input")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ui", type=float, default=0, metavar="SECONDS",
                    help="instead: random input on every screen for SECONDS (600: the 10-minute soak of issue 29); "
                    "resident memory at the main menu after the first minute and at the end")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    if args.ui:
        r = ui_soak(args.ui, args.seed, warm=min(60.0, args.ui / 4), out=lambda s: print(s, flush=True))
        print(f"soak_ui_frames: {r['frames']} frames")
        print(f"soak_ui_events: {r['events']} events")
        print(f"soak_ui_rss_after_first_minute: {r['rss_warm'] / 1e6:.1f} MB")
        print(f"soak_ui_rss_end: {r['rss_end'] / 1e6:.1f} MB")
        print(f"soak_ui_rss_growth: {100 * r['growth']:.1f} %")
        print(f"soak_ui_rss_peak: {r['rss_peak'] / 1e6:.1f} MB")
        print(f"soak_ui_objects_after_first_minute: {r['objects_warm']} objects")
        print(f"soak_ui_objects_end: {r['objects_end']} objects")
        print(f"soak_time: {time.perf_counter() - t0:.1f} s")
        return 0 if r["growth"] <= 0.10 else 1
    r = soak(args.games, args.seed)
    print(f"soak_games: {r['games']} games")
    print(f"soak_frames: {r['frames']} frames")
    print(f"soak_heap_start: {r['heap_start'] / 1e6:.1f} MB")
    print(f"soak_heap_end: {r['heap_end'] / 1e6:.1f} MB")
    print(f"soak_growth_per_game: {r['growth_per_game'] / 1e3:.1f} kB")
    print(f"soak_time: {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
