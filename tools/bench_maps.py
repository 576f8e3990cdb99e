"""Map loading benchmark, wired into ``python -m tools.bench``.

``bench_map_load()`` loads and validates the largest shipped map (Outskirts) several times and
returns the best time in milliseconds next to pytmx's raw load of the same file, and the ratio.
"""
from __future__ import annotations

import time
from pathlib import Path

from game.content.tiled import ROOT, iter_maps, load_board

RUNS = 41


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
    """Load + validate (``load_board`` runs every check) of the largest map, next to pytmx's raw
    load of the same file (``pytmx.TiledMap(path)``, no checks, no images): the best of ``runs``
    in ms (as timeit does: the least disturbed by other work on a shared machine) and their ratio
    (target: 2x or less). The two are timed alternately so machine load hits both alike."""
    import pytmx

    path = largest_map()
    stem = path.stem
    load_board(path)  # warm caches (project file, tileset, templates, pytmx import)
    pytmx.TiledMap(str(path))
    ours, raw = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        load_board(path)
        t1 = time.perf_counter()
        pytmx.TiledMap(str(path))
        t2 = time.perf_counter()
        ours.append((t1 - t0) * 1000.0)
        raw.append((t2 - t1) * 1000.0)
    a, b = min(ours), min(raw)
    return [(f"map_load_validate_{stem}", round(a, 2), "ms"),
            (f"map_pytmx_raw_{stem}", round(b, 2), "ms"),
            (f"map_load_validate_vs_pytmx_{stem}", round(a / b, 2), "x")]


if __name__ == "__main__":
    for name, value, unit in bench_map_load():
        print(f"{name}: {value} {unit}")
