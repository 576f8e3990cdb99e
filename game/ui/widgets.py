"""Small immediate-mode widgets: buttons drawn each frame and remembered as hot zones, so the
scene can hit-test the next click against exactly what the player saw."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from . import theme as T


@dataclass
class Zone:
    """A clickable rectangle drawn this frame: ``key`` says what it does, ``value`` with what."""

    rect: pygame.Rect
    key: str
    value: Any = None
    enabled: bool = True
    tip: str = ""
    label: str = ""  # a button's words as shown (keywords in it explain themselves on hover, issue 12)


class Zones:
    """The hot zones of one frame."""

    def __init__(self) -> None:
        self.items: list[Zone] = []

    def clear(self) -> None:
        self.items.clear()

    def add(self, z: Zone) -> Zone:
        self.items.append(z)
        return z

    def at(self, pos: tuple[int, int]) -> Zone | None:
        """The topmost enabled zone under ``pos``."""
        for z in reversed(self.items):
            if z.enabled and z.rect.collidepoint(pos):
                return z
        return None

    def find(self, key: str, value: Any = None) -> Zone | None:
        """The first zone with this key (and value, if given): for tests and keyboard focus."""
        for z in self.items:
            if z.key == key and (value is None or z.value == value):
                return z
        return None


def button(surf: pygame.Surface, zones: Zones, rect: pygame.Rect, label: str, key: str, value: Any = None, *,
           hover: tuple[int, int] | None = None, enabled: bool = True, primary: bool = False, size: int = 16,
           selected: bool = False, tip: str = "", danger: bool = False) -> Zone:
    """Draw a button and register its zone."""
    rect = pygame.Rect(rect)
    hot = enabled and hover is not None and rect.collidepoint(hover)
    if not enabled:
        fill, edge, fg = (30, 28, 32), (54, 50, 54), T.DIM
    elif primary or danger:
        base = T.ACCENT if primary else (120, 30, 30)
        fill = T.ACCENT_HI if hot else base
        edge, fg = (255, 190, 170), (255, 248, 240)
    elif selected:
        fill, edge, fg = (70, 40, 44), T.GOLD, T.TEXT
    else:
        fill = (66, 58, 66) if hot else (44, 39, 46)
        edge, fg = ((200, 190, 180) if hot else (100, 88, 96)), T.TEXT
    pygame.draw.rect(surf, (0, 0, 0), rect.move(0, 2), border_radius=6)
    pygame.draw.rect(surf, fill, rect, border_radius=6)
    pygame.draw.rect(surf, edge, rect, 2 if (hot or selected) else 1, border_radius=6)
    txt = T.clean(label)
    f = T.font_for(txt, size, primary or selected)  # a Japanese name on an English screen: no boxes
    if f.size(txt)[0] > rect.width - 10:
        T.CUT.append(label)  # a label that does not fit its button (the translation tests read this)
    while f.size(txt)[0] > rect.width - 10 and len(txt) > 3:
        txt = txt[:-2] + "…" if not txt.endswith("…") else txt[:-3] + "…"
    if T.SHOWN is not None:
        T.SHOWN.append(txt)
    img = f.render(txt, True, fg)
    T.put(surf, img, img.get_rect(center=rect.center), (txt, size, fg, primary or selected, False), "center")
    return zones.add(Zone(rect, key, value, enabled, tip, T.clean(label)))


def panel(surf: pygame.Surface, rect: pygame.Rect, title: str | None = None, fill=T.PANEL, edge=T.PANEL_EDGE,
          radius: int = 8) -> pygame.Rect:
    """A framed panel; returns the inner content rect (below the title)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    pygame.draw.rect(surf, edge, rect, 1, border_radius=radius)
    inner = rect.inflate(-16, -12)
    if title:
        T.text(surf, title.upper(), (inner.left, inner.top), 13, T.MUTED, bold=True)
        inner.top += 20
        inner.height -= 20
    return inner


def dim(surf: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (overlays draw the scene below dimmed)."""
    sh = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    sh.fill((0, 0, 0, alpha))
    surf.blit(sh, (0, 0))


def tooltip(surf: pygame.Surface, lines: list[tuple[str, int, tuple, bool]], pos: tuple[int, int],
            width: int = 300, edge=T.PANEL_EDGE, icon: pygame.Surface | None = None) -> pygame.Rect:
    """A floating box of (text, size, colour, bold) lines placed near ``pos`` inside the screen;
    ``icon`` (a picture of what the box is about) sits in its top-right corner, beside the first lines."""

    iw = icon.get_width() + 8 if icon is not None else 0
    ih = icon.get_height() if icon is not None else 0
    wrapped: list[tuple[str, int, tuple, bool]] = []
    beside: list[bool] = []  # the line sits beside the icon (it keeps the icon's width free)
    y = 0
    for s, size, col, bold in lines:
        got = T.wrap(s, size, width - 20 - (iw if y < ih else 0), bold)
        for ln in got:
            beside.append(y < ih)
            wrapped.append((ln, size, col, bold))
            y += T.font(size, bold).get_linesize()
    width = min(width, max(T.font(sz, b).size(T.clean(s))[0] + (iw if nb else 0)
                           for (s, sz, _, b), nb in zip(wrapped, beside)) + 22)
    h = sum(T.font(sz, b).get_linesize() for _, sz, _, b in wrapped) + 16
    if icon is not None:
        width = max(width, iw + 40)
        h = max(h, icon.get_height() + 16)
    sw, sh = surf.get_size()
    x, y = pos[0] + 18, pos[1] + 12
    if x + width > sw - 4:
        x = pos[0] - width - 18
    if y + h > sh - 4:
        y = sh - h - 4
    r = pygame.Rect(max(4, x), max(4, y), width, h)
    pygame.draw.rect(surf, (0, 0, 0), r.move(3, 4), border_radius=8)
    pygame.draw.rect(surf, (22, 19, 24), r, border_radius=8)
    pygame.draw.rect(surf, edge, r, 2, border_radius=8)
    yy = r.top + 8
    if icon is not None:
        surf.blit(icon, (r.right - icon.get_width() - 8, r.top + 8))
    for s, size, col, bold in wrapped:
        T.put(surf, T.render(s, size, col, bold), (r.left + 10, yy), (s, size, col, bold, False))  # cached
        yy += T.font(size, bold).get_linesize()
    return r


class Caret:
    """A text caret's blink (issue 30 item 2: idle draws nothing): lit and dark by turns every
    ``BLINK_S`` seconds for ``BLINK_FOR_S`` seconds after the last key or click (:meth:`woke`), then lit
    for good, so a field left alone draws nothing and its window sleeps. :meth:`tick` advances its
    clock by ``dt`` seconds."""

    BLINK_S = 0.5
    BLINK_FOR_S = 6.0

    def __init__(self) -> None:
        self.t = 0.0

    def tick(self, dt: float) -> None:
        self.t = min(self.BLINK_FOR_S, self.t + dt)

    def woke(self) -> None:
        self.t = 0.0

    @property
    def blinking(self) -> bool:
        """The caret still blinks (its picture changes with time)."""
        return self.t < self.BLINK_FOR_S

    @property
    def lit(self) -> bool:
        """The caret is drawn now."""
        return not self.blinking or int(self.t / self.BLINK_S) % 2 == 0


class CaretClock:
    """For a screen whose only clock is the caret of its name field ``self.field`` (its ``caret`` and
    ``at_rest()``: game.ui.seats.NameField): ``update`` steps the caret; the screen rests once nothing is
    typed into or the caret stopped blinking (issue 30 item 2)."""

    field: Any

    def update(self, dt: float, app: Any) -> None:
        self.field.caret.tick(dt)

    def at_rest(self, app: Any) -> bool:
        return self.field.at_rest()


class TextField:
    """A one-line text field (a campaign's name): click it to type, Backspace deletes, Enter
    confirms, Esc gives up. Typed text arrives as pygame TEXTINPUT events (any script the font
    draws); at most ``max_len`` characters."""

    def __init__(self, text: str = "", max_len: int = 40, placeholder: str = ""):
        self.text = text
        self.max_len = max_len
        self.placeholder = placeholder
        self.active = False

    def focus(self, on: bool = True) -> None:
        """Start (or stop) taking the keyboard's text."""
        self.active = on
        try:
            (pygame.key.start_text_input if on else pygame.key.stop_text_input)()
        except pygame.error:
            pass

    def handle(self, ev: pygame.event.Event) -> str | None:
        """Take one event while focused: 'submit' on Enter, 'cancel' on Esc, 'edit' when the text
        changed, None when the event was not for the field."""
        if not self.active:
            return None
        if ev.type == pygame.TEXTINPUT:  # characters the font has no picture for (an emoji) are left out
            self.text = (self.text + "".join(ch for ch in ev.text if T.drawable(ch)))[: self.max_len]
            return "edit"
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return "submit"
            if ev.key == pygame.K_ESCAPE:
                return "cancel"
            if ev.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return "edit"
            return "edit"  # other keys (letters arrive as TEXTINPUT) are swallowed while typing
        return None

    def draw(self, surf: pygame.Surface, zones: Zones, rect: pygame.Rect, key: str, value: Any = None,
             size: int = 15) -> Zone:
        """Draw the field (a caret while focused; the placeholder dimmed while empty) and register its zone."""
        rect = pygame.Rect(rect)
        pygame.draw.rect(surf, (20, 18, 22), rect, border_radius=4)
        pygame.draw.rect(surf, T.GOLD if self.active else (100, 88, 96), rect, 2 if self.active else 1, border_radius=4)
        shown = self.text or ("" if self.active else self.placeholder)
        f = T.font(size)
        while shown and f.size(shown)[0] > rect.width - 16:
            shown = shown[1:]  # keep the end (where the caret is) in view
        col = T.TEXT if self.text else T.DIM
        img = f.render(T.clean(shown), True, col)
        T.put(surf, img, img.get_rect(midleft=(rect.left + 6, rect.centery)), (T.clean(shown), size, col, False, False))
        if self.active:
            x = rect.left + 7 + (img.get_width() if self.text else 0)
            pygame.draw.line(surf, T.GOLD, (x, rect.top + 5), (x, rect.bottom - 6), 2)
        return zones.add(Zone(rect, key, value, True, "Click and type a name"))
