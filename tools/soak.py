"""Soak: bots play through the real play screen, headless, with random input mixed in, game after
game, and the memory the Python heap holds is measured at the start and the end (issue 13).

    python -m tools.soak --games 20 --seed 1          # by hand: a long run
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Bots play through the real screen with random input")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
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
