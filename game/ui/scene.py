"""Scenes and the commands that change the scene stack (STYLE: python-tcod-tutorial-2023).

A scene handles input, updates, and draws. It never touches the stack itself: ``handle`` and
``update`` return a command (:class:`Push`, :class:`Pop`, :class:`Replace`, :class:`Reset`,
:class:`Quit`) or None, and the app applies it in one place. An ``overlay`` scene is drawn over
the scene below (dimmed) and takes all input and updates while it is on top.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

import pygame

from .widgets import Zones

if TYPE_CHECKING:
    from .app import App


@dataclass
class Push:
    scene: "Scene"


@dataclass
class Pop:
    pass


@dataclass
class Replace:
    scene: "Scene"


@dataclass
class Reset:
    """Clear the stack and start again from ``scene`` (e.g. quit to the main menu)."""

    scene: "Scene"


@dataclass
class Quit:
    code: int = 0


Command = Union[Push, Pop, Replace, Reset, Quit, None]


class Scene:
    """Base scene: override ``handle``, ``update``, ``draw``."""

    overlay = False
    # an overlay that leaves the screens below it as they are while it is open (a menu, not a dialog
    # whose options light up the board): the App draws them once and reuses that picture (App.draw)
    still_below = False
    dim_alpha = 160
    #: the screen holds a game: when it is replaced, the App gives freed memory back (game.ui.memory)
    holds_game = False
    #: an overlay whose ``update`` runs the screen below it (a card dialog: the board keeps animating); under
    #: any other, a screen's clocks stand still (its ``update`` is not run) and so does its picture (game.ui.idle)
    runs_below = False

    def __init__(self) -> None:
        self.zones = Zones()
        self.mouse: tuple[int, int] = (-1, -1)

    def enter(self, app: "App") -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        return None

    def update(self, dt: float, app: "App") -> Command:
        return None

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        pass

    def still_key(self, app: "App") -> object | None:
        """What this screen's picture depends on while nothing on it moves by itself (issue 30: an idle
        screen draws nothing). The App draws a frame with no input only when the keys of the screens it
        draws differ from the last frame's; ``None`` (the default) means the picture may change with time
        (an animation, a fade, a timer, a caret): the frame is drawn. A screen returns a key only when
        every input to its picture besides input events is in it (compared with ``==``; objects by
        identity)."""
        return None

    def plain_key(self, app: "App", *skip: str) -> object:
        """A :meth:`still_key` for a screen whose picture changes only with input and its own plain
        attributes (issue 30 item 2): those attributes (str, numbers, None, and tuples or lists of them:
        the pointer, a focus, a page, a message, the names typed ...) but ``skip``-ped ones (a clock that
        does not change the picture: a key guard's age) and whether it is on top. Attributes of other
        kinds (zones, rects, the game) are left out: only input changes them, and input always draws."""
        return (plain_state(self, skip), app.top is self)

    def at_rest(self, app: "App") -> bool:
        """True when :meth:`update` with no input changes nothing (no timer, no bot or dialog about to
        act, no clock read): with the picture still (:meth:`still_key`), the window sleeps until the
        next event (issue 30 item 2, ``game.ui.idle.at_rest``). By default True only for a screen
        whose ``update`` is this class's (it does nothing); a screen with an ``update`` of its own
        says when it rests, else its window wakes every ``IDLE_WAIT_MS``."""
        return type(self).update is Scene.update


_PLAIN = (str, int, float, bool, type(None))
_NOT_PLAIN = object()


def _frozen(v: object, depth: int = 0) -> object:
    """``v`` if plain, a list or tuple of plain values (two levels deep) as a tuple, else ``_NOT_PLAIN``."""
    if isinstance(v, _PLAIN):
        return v
    if isinstance(v, (tuple, list)) and depth < 2:
        out = tuple(_frozen(x, depth + 1) for x in v)
        return _NOT_PLAIN if any(x is _NOT_PLAIN for x in out) else out
    return _NOT_PLAIN


def plain_state(obj: object, skip: tuple[str, ...] = ()) -> tuple:
    """``obj``'s plain attributes (see :meth:`Scene.plain_key`) as sorted (name, value) pairs, but the
    names in ``skip``."""
    out = []
    for k, v in vars(obj).items():
        if k not in skip:
            f = _frozen(v)
            if f is not _NOT_PLAIN:
                out.append((k, f))
    out.sort(key=lambda kv: kv[0])
    return tuple(out)


def left_click(ev: pygame.event.Event) -> bool:
    """A press of the left mouse button (a touch or a click)."""
    return ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 1


class PickScene(Scene):
    """A scene of clickable zones: the mouse position is followed, a left click on a zone calls
    ``pick(key, value, app)``, a key press ``key(ev, app)``; each returns a command or None."""

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif left_click(ev):
            self.mouse = ev.pos
            z = self.zones.at(ev.pos)
            if z is not None:
                return self.pick(z.key, z.value, app)
        elif ev.type == pygame.KEYDOWN:
            return self.key(ev, app)
        return None

    def pick(self, key: str, value, app: "App") -> Command:
        return None

    def key(self, ev: pygame.event.Event, app: "App") -> Command:
        return None
