"""An idle screen draws nothing and its window sleeps (issue 30 item 2): ``App.step`` draws a frame with
no input only when the picture would differ from the one shown, and once nothing will change without
input (:func:`at_rest`) the window's loop blocks on the next event with no timeout (:func:`wait_event`;
:class:`SignalWake` keeps a stop signal able to end it). Each screen says what its picture depends on while
nothing on it moves by itself (``Scene.still_key``; None: it may change with time, draw every frame);
the App's key is those keys with the stack, the settings, the language and the window's size."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import i18n
from . import theme as T

if TYPE_CHECKING:
    from .app import App

_THEME_DRAW = (T.text, T.render, T.text_block)  # (replaced by a test that records the text drawn)


def still_key(app: "App") -> object | None:
    """What the App's picture depends on while nothing moves by itself: the stack, the settings, the
    language, the window's size and every drawn screen's ``Scene.still_key``; None when any of them may
    change with time (a screen under the top one only when the top runs it: ``Scene.runs_below``), the window must be drawn whole (exposed, resized), or something records what is
    drawn (``theme.SHOWN``, the text functions replaced, lines of text recorded on the screen for a
    presenter other than the App's own)."""
    if T.SHOWN is not None or (T.text, T.render, T.text_block) != _THEME_DRAW:
        return None
    if T.crisp_lines(app.screen) is not None:  # a presenter of its own records this frame's lines of text
        return None
    stack = app.stack
    base = len(stack) - 1
    while base > 0 and stack[base].overlay:
        base -= 1
    keys = []
    runs = getattr(app.top, "runs_below", False)
    for sc in stack[base:]:
        k = sc.still_key(app)
        if k is None:
            if sc is app.top or runs:
                return None
            k = ("held", id(sc))  # under a screen that does not run it: whatever moved on it stands still
        keys.append(k)
    size = None
    if app.presenter is not None:
        if app.presenter.stale:
            return None
        display = pygame.display.get_surface()
        size = display.get_size() if display is not None else None
    return (tuple(map(id, stack)), app.settings_version, i18n.language(), size, tuple(keys))


def draw_if_changed(app: "App", events: list) -> bool:
    """Draw the App's frame unless there was no input and :func:`still_key` equals the key of the
    frame last drawn (the window shows this picture already: the presenter reports no change).
    Returns True if a frame was drawn (``App.frames_drawn`` counts them)."""
    key = app.still_key() if not events else None
    if key is not None and key == app._drawn_key:
        if app.presenter is not None:
            app.presenter.changed = False
        return False
    app.draw()
    app.frames_drawn += 1
    app._drawn_key = app.still_key()
    return True


def at_rest(app: "App") -> bool:
    """True when nothing will change until the next input (issue 30 item 2): the picture depends on
    nothing that moves by itself (:func:`still_key` is not None), the top screen's ``update`` does
    nothing without input (``Scene.at_rest``: no timer, no bot about to act, no dialog about to open)
    and no sound is queued or fading in (``Sound.busy``). The window's loop then blocks on the
    next event with no timeout."""
    if app.still_key() is None:
        return False
    if not app.top.at_rest(app):
        return False
    sound = getattr(app, "sound", None)
    return not (sound is not None and sound.busy())


class SignalWake:
    """Wakes a ``pygame.event.wait()`` that has no timeout when a signal arrives, so a stop signal
    still ends a window at rest (issue 29 item 8). Python runs a signal's handler only once the main
    thread is back in Python, and SDL's wait does not return for a signal; so the signal's number is
    also written to a socket (``signal.set_wakeup_fd``) that a thread waits on, which posts
    :data:`WAKE` (an event no screen handles). ``active`` is False where that cannot be set up (not the
    main thread, no socketpair): the loop then waits with a timeout, as before. ``close()`` puts the
    previous wake-up descriptor back."""

    def __init__(self) -> None:
        import signal
        import socket
        import threading

        self.active = False
        self._old = -1
        self._socks: tuple | None = None
        if threading.current_thread() is not threading.main_thread():
            return
        try:
            r, w = socket.socketpair()
            w.setblocking(False)
            self._old = signal.set_wakeup_fd(w.fileno(), warn_on_full_buffer=False)
        except (OSError, ValueError, AttributeError):
            return
        self._socks = (r, w)
        threading.Thread(target=self._watch, args=(r,), name="dreadboard-signal-wake", daemon=True).start()
        self.active = True

    @staticmethod
    def _watch(r) -> None:
        while True:
            try:
                got = r.recv(16)
            except OSError:
                return
            if not got:
                return
            try:
                pygame.event.post(pygame.event.Event(WAKE))
            except pygame.error:
                return

    def close(self) -> None:
        import signal

        if self._socks is None:
            return
        try:
            signal.set_wakeup_fd(self._old)
        except (ValueError, OSError):
            pass
        for s in self._socks:
            s.close()
        self._socks = None
        self.active = False


#: the event :class:`SignalWake` posts (it only ends the wait; the stop itself is the signal's handler)
WAKE = pygame.event.custom_type()


def wait_event(timeout_ms: int | None) -> pygame.event.Event:
    """The next event: ``pygame.event.wait()`` with no timeout (``None``: the window is at rest), or at
    most ``timeout_ms`` (then NOEVENT if none came)."""
    ev = pygame.event.wait() if timeout_ms is None else pygame.event.wait(timeout_ms)
    pygame.event.clear(WAKE)  # (a wake-up is no input: the signal's handler has run by now)
    return pygame.event.Event(pygame.NOEVENT) if ev.type == WAKE else ev
