"""Map loading benchmark, wired into ``python -m tools.bench``.

``bench_map_load()`` loads and validates the largest shipped map several times and returns the
median in milliseconds.
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path

from game.content.tiled import ROOT, iter_maps, load_board, validate_board

RUNS = 9


def largest_map() -> Path:
    """The shipped map with the most squares (ties: the bigger file)."""
    maps = iter_maps([ROOT / "maps"])
    if not maps:
        raise FileNotFoundError("no .tmx under maps/")

    def size(p: Path) -> tuple[int, int]:
        try:
            b = load_board(p)
            return (b.width * b.height, p.stat().st_size)
        except Exception:  # a broken map is not a benchmark candidate
            return (-1, 0)

    return max(maps, key=size)


def bench_map_load(runs: int = RUNS) -> list[tuple[str, float, str]]:
    """[(name, median milliseconds, "ms")] for load_board + validate_board of the largest map."""
    path = largest_map()
    load_board(path)  # warm caches (project file, pytmx import)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        load_board(path)
        validate_board(path)
        times.append((time.perf_counter() - t0) * 1000.0)
    return [(f"map load+validate {path.name}", round(statistics.median(times), 2), "ms")]


if __name__ == "__main__":
    for name, value, unit in bench_map_load():
        print(f"{name}: {value} {unit}")
