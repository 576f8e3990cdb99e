"""Panels drawn through a cache (issue 30 item 2: cache what does not change): a panel whose inputs
(its key) and hovered button are those of the frame it was last drawn in is put back as a picture
(one blit instead of dozens of text and shape calls), with the zones it registered and the lines of
text it drew (so the window's sharp redraw, ``game.ui.window.Presenter``, still finds them).

Used by the play screens of the modes with a window of their own (the first mode's play screen has
its own, ``game.ui.render.PlayView.memo``).
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from . import theme as T
from .widgets import Zones

_THEME_DRAW = (T.text, T.render, T.text_block)  # (replaced by a test that records the text drawn)


class Same:
    """A key part equal only to another holding the very same object (a game state, a layout): compared
    by identity, not by value, and keeping the object alive so its id is not reused meanwhile."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)


def text_patched() -> bool:
    """A test records the text drawn (``theme.SHOWN``) or has replaced the text functions: caches
    step aside and everything is drawn afresh."""
    return (T.text, T.render, T.text_block) != _THEME_DRAW or T.SHOWN is not None


def hot_index(zones: list, mouse: tuple[int, int] | None) -> int:
    """The index in ``zones`` of the last zone under ``mouse`` (-1: none): what a panel's hover
    highlight depends on (a button lights up when the pointer is on its zone)."""
    if mouse is None:
        return -1
    for i in range(len(zones) - 1, -1, -1):
        if zones[i].rect.collidepoint(mouse):
            return i
    return -1


class Memo:
    """Kept panels by name: (key, hot zone, picture, zones, result, lines, recorded). At most
    ``limit`` names (a screen has a dozen panels; a name reused with new keys replaces its entry)."""

    def __init__(self, limit: int = 48) -> None:
        self.kept: dict[str, tuple] = {}
        self.limit = limit

    def clear(self) -> None:
        self.kept.clear()

    def draw(self, name: str, surf: pygame.Surface, rect: pygame.Rect, key: Any, draw: Callable[[], Any],
             zones: Zones, mouse: tuple[int, int] | None = None) -> Any:
        """Draw the panel ``name`` (what ``draw()`` draws, inside ``rect`` only, adding its zones to
        ``zones``) through the cache and return what ``draw()`` returned. When ``key`` (compared with
        ``==``; None: draw every frame) and the zone under ``mouse`` are those of the kept picture, the
        picture, zones and lines are put back instead. Drawn afresh while a test records the text drawn
        (``theme.SHOWN``, the text functions replaced)."""
        if key is not None and text_patched():
            key = None
        lines = T.crisp_lines(surf.get_abs_parent())  # lines of text recorded for the sharp redraw
        ox, oy = surf.get_abs_offset()
        clip = rect.clip(surf.get_rect())
        got = self.kept.get(name)
        key = None if key is None else (key, tuple(clip))
        if (key is not None and got is not None and got[0] == key and got[6] == (lines is not None)
                and got[1] == hot_index(got[3], mouse)):
            surf.blit(got[2], clip.topleft)
            zones.items.extend(got[3])
            if lines is not None:
                lines.extend(ln.moved(clip.left + ox, clip.top + oy) for ln in got[5])
            return got[4]
        n0 = len(zones.items)
        l0 = len(lines) if lines is not None else 0
        out = draw()
        if key is None:
            self.kept.pop(name, None)
            return out
        mine = []
        if lines is not None:  # the panel's lines go with its picture (relative to its corner)
            box = clip.move(ox, oy)
            mine = [ln.moved(-box.left, -box.top) for ln in lines[l0:] if box.contains(ln.area)]
            if len(mine) != len(lines) - l0:  # a line reaching out of the panel: not kept (drawn each time)
                self.kept.pop(name, None)
                return out
        new = list(zones.items[n0:])
        if len(self.kept) >= self.limit and name not in self.kept:
            self.kept.clear()
        self.kept[name] = (key, hot_index(new, mouse), surf.subsurface(clip).copy(), new, out, mine,
                           lines is not None)
        return out


__all__ = ["Memo", "Same", "hot_index", "text_patched"]
