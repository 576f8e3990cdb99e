"""Soak (issue 13): bots play through the real play screen with random input mixed in, and the
Python heap stays flat from game to game. A short run; ``python -m tools.soak`` is the long one."""
from __future__ import annotations

from tools.soak import soak


def test_bots_play_through_the_screen_with_random_input_and_memory_stays_flat():
    r = soak(games=3, seed=7, scenarios=("intro",), max_frames=250, noise=0.3)
    assert r["frames"] >= 3 * 50
    assert r["heap_end"] <= r["heap_start"] + 4_000_000  # bytes: no growth game after game
