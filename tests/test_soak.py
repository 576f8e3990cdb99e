"""Soak (issue 13): bots play through the real play screen with random input mixed in, and the
Python heap stays flat from game to game. A short run; ``python -m tools.soak`` is the long one."""
from __future__ import annotations

from tools.soak import soak


def test_bots_play_through_the_screen_with_random_input_and_memory_stays_flat():
    r = soak(games=3, seed=7, scenarios=("intro",), max_frames=250, noise=0.3)
    assert r["frames"] >= 3 * 50
    assert r["heap_end"] <= r["heap_start"] + 4_000_000  # bytes: no growth game after game


def test_issue29_7_random_input_on_every_screen_runs_and_reports_resident_memory():
    """Short version of ``python -m tools.soak --ui 600`` (issue 29 item 7): random clicks, keys,
    the wheel and moves on every screen of one App for a few seconds, no exception; the figures
    (resident memory after the warm-up and at the end, live objects) are reported."""
    from tools.soak import ui_soak
    r = ui_soak(8, seed=3, warm=3)
    assert r["frames"] > 0 and r["events"] >= 0  # (a few frames under load: it is the no-crash check)
    assert r["rss_warm"] > 0 and r["rss_end"] > 0 and r["objects_end"] > 0
