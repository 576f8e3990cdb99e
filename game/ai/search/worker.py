"""Thinking off the UI thread (issue 28 item 2): :class:`SearchWorker` runs a
:class:`~game.ai.search.ismcts.SearchBot` in a daemon thread on a private copy of the game, so the
window stays live while the bot thinks, and :meth:`SearchWorker.cancel` stops it at once (Esc,
closing the window, leaving the game).

The UI's calls, once per bot decision::

    worker = SearchWorker(bot)
    worker.start(game, seat)          # the live game is copied here, on the UI thread
    ...each frame: if worker.done: action = worker.result (None if cancelled or failed)
    ...on Esc / quit: worker.cancel()   # returns once the thread has stopped (milliseconds)

The thread shares the interpreter with the UI: the search gives the UI thread its turn every few
milliseconds (Python's switch interval), so frames keep coming while it thinks.
"""
from __future__ import annotations

import threading
import time
from typing import Any

from ...engine import Action, View, snapshot
from .ismcts import Cancelled, SearchBot, SearchStats


class SearchWorker:
    """One bot decision at a time, searched in a background thread.

    States: idle (never started), :attr:`busy` (thinking), :attr:`done` (an answer in
    :attr:`result`, or None when cancelled; an exception of the search in :attr:`error`)."""

    def __init__(self, bot: SearchBot):
        self.bot = bot
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self.result: Action | None = None
        self.error: BaseException | None = None
        self.stats: SearchStats | None = None
        self.started_at: float | None = None

    @property
    def busy(self) -> bool:
        """True while the thread is thinking."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def done(self) -> bool:
        """True once the last :meth:`start` has an answer (or was cancelled, or failed)."""
        return self._thread is not None and not self._thread.is_alive()

    def elapsed(self) -> float:
        """Seconds since :meth:`start` (0 before): what a "thinking" indicator shows."""
        return 0.0 if self.started_at is None else time.perf_counter() - self.started_at

    def start(self, game: Any, seat: int) -> None:
        """Begin choosing ``seat``'s answer to the pending decision of ``game`` (a game handle:
        copied now, so the UI may go on drawing and even change its own game). Raises
        RuntimeError while a search is still running, ValueError when ``seat`` has nothing to
        decide (as :meth:`SearchBot.choose`)."""
        if self.busy:
            raise RuntimeError("the bot is still thinking: cancel it or wait for it first")
        view = View(snapshot(game), seat)
        if not view.legal():
            raise ValueError(f"seat {seat} has nothing to decide now")
        self._cancel = threading.Event()
        self.result, self.error, self.stats = None, None, None
        self.started_at = time.perf_counter()
        self._thread = threading.Thread(target=self._run, args=(view, self._cancel), name="search-bot", daemon=True)
        self._thread.start()

    def _run(self, view: View, cancel: threading.Event) -> None:
        try:
            self.result = self.bot.choose(view, cancel)
        except Cancelled:
            self.result = None
        except BaseException as exc:  # handed to the UI thread (error), never lost in the thread
            self.error = exc
        finally:
            self.stats = self.bot.stats
            if cancel.is_set():
                self.result = None  # a cancelled decision is not played

    def wait(self, timeout: float | None = None) -> Action | None:
        """Block until the answer is there (tools, tests; the UI polls :attr:`done` instead) or
        ``timeout`` seconds have passed. Returns :attr:`result`; raises the search's own error."""
        if self._thread is not None:
            self._thread.join(timeout)
        if self.error is not None:
            raise self.error
        return self.result

    def cancel(self, timeout: float = 2.0) -> bool:
        """Stop thinking now: the search stops within one engine step and its answer is dropped.
        Returns True once the thread has stopped (False if it had not within ``timeout`` seconds)."""
        self._cancel.set()
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()


__all__ = ["SearchWorker"]
