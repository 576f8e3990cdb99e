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
    """One bot decision at a time, searched in a background thread. ``bot``: a
    :class:`SearchBot` (cancelled within one engine step) or any player with ``choose(game, seat)``.

    States: idle (never started), :attr:`busy` (thinking), :attr:`done` (an answer in
    :attr:`result`, or None when cancelled; an exception of the search in :attr:`error`)."""

    def __init__(self, bot: Any):
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
        copy = snapshot(game)
        view = View(copy, seat)
        if not view.legal():
            raise ValueError(f"seat {seat} has nothing to decide now")
        self._cancel = threading.Event()
        self.result, self.error, self.stats = None, None, None
        self.started_at = time.perf_counter()
        self._thread = threading.Thread(target=self._run, args=(copy, view, self._cancel), name="search-bot",
                                        daemon=True)
        self._thread.start()

    def _run(self, copy: Any, view: View, cancel: threading.Event) -> None:
        try:
            if isinstance(self.bot, SearchBot):
                self.result = self.bot.choose(view, cancel=cancel)
            else:  # any player with choose(game, seat) (random, greedy): quick, not cancellable inside
                self.result = self.bot.choose(copy, view.seat)
        except Cancelled:
            self.result = None
        except BaseException as exc:  # handed to the UI thread (error), never lost in the thread
            self.error = exc
        finally:
            self.stats = getattr(self.bot, "stats", None)
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


class BotTurns:
    """The bot seats of a game driven from a UI's frame loop (issue 28 items 2 and 3): each frame
    the UI calls :meth:`poll`; a bot seat's decision is searched in a :class:`SearchWorker` while
    the window keeps drawing (:meth:`thinking` says which seat thinks, for a "thinking" sign), and
    its answer is handed out no sooner than ``pace`` seconds after the last one, so a person can
    follow bot-against-bot play (:meth:`skip` hands the next one out as soon as it is there).
    :meth:`cancel` (Esc, closing the window) stops the search at once.

    ``players``: seat -> bot (a :class:`SearchBot` or any player with ``choose(game, seat)``); seats
    not listed are people. A decision several seats may answer (simultaneous secret deployments
    or bids) is answered by the first bot seat among them, its person answering in turn; a
    window a person may also answer is left to the person."""

    def __init__(self, players: dict[int, Any], pace: float = 0.8):
        self.players = dict(players)
        self.pace = pace
        self._workers = {seat: SearchWorker(p) for seat, p in self.players.items()}
        self._asked: tuple[int, int] | None = None  # (seat, step) being searched
        self._last = -1e9
        self._skip = False

    def thinking(self) -> int | None:
        """The bot seat whose decision is being searched now, or None."""
        if self._asked is None:
            return None
        w = self._workers[self._asked[0]]
        return self._asked[0] if w.busy else None

    def poll(self, game: Any, now: float) -> tuple[int, Action] | None:
        """Call once a frame with the live game and the clock (seconds): starts a search when a
        bot seat must decide, and returns ``(seat, action)`` to apply once the answer is there and
        the pace allows; None otherwise. Raises the search's own error, if it failed."""
        view = View(game, None)
        if view.outcome() is not None:
            return None
        seats = view.deciding_seats()
        seat = next((s for s in seats if s in self.players), None)
        if seat is None or ("window" in (view.pending.ctx or {}) and any(s not in self.players for s in seats)):
            return None  # (a window a person may answer too: the person's answer comes first)
        key = (seat, view.step)
        w = self._workers[seat]
        if self._asked != key:
            if w.busy:
                w.cancel()
            self._asked = key
            w.start(game, seat)
            return None
        if not w.done:
            return None
        if w.error is not None:
            raise w.error
        if w.result is None or (not self._skip and now - self._last < self.pace):
            return None
        self._skip = False
        self._last = now
        self._asked = None
        return seat, w.result

    def skip(self) -> None:
        """Hand the next bot decision out as soon as it is found (the person pressed skip)."""
        self._skip = True

    def cancel(self) -> bool:
        """Stop every search now (Esc, closing the window); True once all threads stopped."""
        self._asked = None
        return all(w.cancel() for w in self._workers.values())


__all__ = ["BotTurns", "SearchWorker"]
