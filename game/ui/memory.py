"""Giving freed memory back to the system (issue 29 item 7).

Python and SDL free what a closed screen or a finished game held, but the C allocator (glibc's
malloc on Linux) keeps much of it in the process for later: after ten minutes of random input
the resident size was 15-45 MB above what was live (measured with ``malloc_trim``: 140 -> 91 MB
at the main menu). :func:`give_back` hands it back; the app calls it when the screen stack is
reset (a game or campaign left, the main menu again), which is rare and where a few milliseconds
are not felt. On systems without glibc it does nothing.
"""
from __future__ import annotations

import gc
import sys

_TRIM: list = []  # [malloc_trim or None], looked up once


def _malloc_trim():
    if not _TRIM:
        fn = None
        if sys.platform.startswith("linux"):
            import ctypes  # (here: ctypes.util starts subprocess and threading, not for a cold start)
            import ctypes.util

            try:
                fn = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
                fn.argtypes, fn.restype = [ctypes.c_size_t], ctypes.c_int
            except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
                fn = None
        _TRIM.append(fn)
    return _TRIM[0]


def forget_drawn() -> None:
    """The drawing caches of the screens left go too (issue 30 item 4: filling towards their bounds over
    a campaign they grew the process by 9 MB from the second scenario on): rendered lines, scaled
    sprites and the window's lines at real size. The next frames make what they draw again."""
    theme, art, window = (sys.modules.get(f"game.ui.{m}") for m in ("theme", "art", "window"))
    if theme is not None:
        theme.forget_rendered()
    if art is not None:
        art.forget_scaled()
    if window is not None:
        for fn in (window.squeezed, window.spaced):
            fn.cache_clear()


def give_back() -> bool:
    """Collect garbage, then return the C heap's free memory to the system (glibc
    ``malloc_trim(0)``). Returns True if the allocator gave some back, False if none or on a system
    without it. The engine's shared data of the games left goes first (``game.engine.derived.release``:
    one shared action per distinct action ever made, +1,500 live objects a campaign scenario; the
    plain copies of definitions; grown boards): the next steps rebuild what they need, and no game's
    outcome changes (issue 30 item 4); so do the drawing caches (:func:`forget_drawn`). Never raises."""
    derived = sys.modules.get("game.engine.derived")  # (not imported for this: a menu needs no engine)
    if derived is not None:
        derived.release()
    forget_drawn()
    gc.collect()
    fn = _malloc_trim()
    if fn is None:
        return False
    try:
        return bool(fn(0))
    except OSError:
        return False
