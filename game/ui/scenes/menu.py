"""The shared menu pieces: :class:`Menu` (a vertical list of buttons with keyboard focus: the main
menu, pause, settings), :class:`ChoiceMenu` (a small modal list of options) and :class:`PassDevice`
(pass the mouse between hot-seat players)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from ...i18n import _, _f
from .. import theme as T
from ..keys import MENU_KEYS, OPTION_KEYS
from ..scene import Command, PickScene, Pop, Scene, left_click
from ..widgets import Zone, button, panel

if TYPE_CHECKING:
    from ..app import App


class Menu(PickScene):
    """A vertical list of buttons with keyboard focus (shared by main menu and pause)."""

    def __init__(self) -> None:
        super().__init__()
        self.focus = 0
        self.message = ""

    def entries(self, app: "App") -> list[tuple[str, str, bool]]:
        """(label, key, enabled) rows."""
        return []

    def still_key(self, app: "App") -> object | None:
        """A menu moves nothing by itself (issue 30 item 2: idle draws nothing): its picture is its rows,
        the pointer, the focus and its plain attributes (message, a save note, a key awaited...)."""
        return (tuple(self.entries(app)), self.plain_key(app))

    def choose(self, key: str, app: "App") -> Command:
        return None

    def pick(self, key, value, app):
        return self.choose(key, app)

    def key(self, ev, app):
        intent = MENU_KEYS.get(ev.key)
        rows = [e for e in self.entries(app) if e[2]]
        if not rows:
            return None
        if intent == "up":
            self.focus = (self.focus - 1) % len(rows)
        elif intent == "down":
            self.focus = (self.focus + 1) % len(rows)
        elif intent == "confirm":
            return self.choose(rows[self.focus % len(rows)][1], app)
        elif intent == "back":
            return self.back(app)
        return None

    def back(self, app: "App") -> Command:
        return None

    def draw_buttons(self, surf: pygame.Surface, app: "App", x: int, y: int, w: int = 320, h: int = 48,
                     gap: int = 12) -> int:
        enabled_rows = [e for e in self.entries(app) if e[2]]
        focus_key = enabled_rows[self.focus % len(enabled_rows)][1] if enabled_rows else None
        for label, key, enabled in self.entries(app):
            r = pygame.Rect(x, y, w, h)
            button(surf, self.zones, r, label, key, hover=self.mouse, enabled=enabled, size=20,
                   selected=(key == focus_key), primary=(key == focus_key and enabled))
            y += h + gap
        return y


# ==================================================================== pass the mouse
class PassDevice(Scene):
    """'Pass the mouse to Player N — <Survivor>' between hot-seat players."""

    overlay = True
    dim_alpha = 215
    GUARD_SECS = 0.4  # keys and clicks are ignored this long, so a double press cannot skip the screen

    def __init__(self, seat: int, name: str, colour: tuple[int, int, int], why: str = "", cid: str = "",
                 player: str = "", recap: list[str] | None = None):
        super().__init__()
        self.seat, self.name, self.colour, self.why, self.cid = seat, name, colour, why, cid
        self.player = player  # the seat's player name (game.ui.seats.seat_label)
        self.recap = list(recap or [])  # what the enemy phase did (issue 25 item 1), never hidden by this screen
        self.age = 0.0
        self.born = pygame.time.get_ticks()  # ms: the guard also ends by the clock (see handle)

    def update(self, dt, app):
        self.age += dt
        return None

    def at_rest(self, app):
        """``update`` only ages the key guard, which ends by the clock too (issue 30 item 2)."""
        return True

    def still_key(self, app):
        """Who is next, why and the recap; nothing on it moves (the key guard's clock is no picture)."""
        return self.plain_key(app, "age")

    def handle(self, ev, app):
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            return None
        # the guard: the frames' time (capped at 0.1 s a frame), or the clock when frames are slow (a loaded
        # machine drew one frame in 0.5-2.8 s: four frames ate every key for seconds, the third play-test 10)
        if self.age < self.GUARD_SECS and pygame.time.get_ticks() - self.born < self.GUARD_SECS * 1000:
            return None
        if left_click(ev):
            return Pop()
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return Pop()
        return None

    def draw(self, surf, app):
        self.zones.clear()
        rows = []
        for ln in self.recap:  # the enemy phase's recap, above the hand-over (issue 25 item 1)
            rows += T.wrap(ln, 14, 720 - 40)
        rows = rows[:9]
        extra = (44 + 18 * len(rows)) if rows else 0  # the recap's last line clear of "I'm ready" (own play-test)
        r = pygame.Rect(0, 0, 760 if rows else 640, 250 + extra)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(24, 20, 24), edge=self.colour)
        pygame.draw.rect(surf, self.colour, r, 3, border_radius=8)
        if not (self.cid and app.art.portrait(surf, self.cid, (r.centerx, r.top + 56), 32, self.colour)):
            pygame.draw.circle(surf, self.colour, (r.centerx, r.top + 56), 30)
            T.text(surf, T.initials(self.name), (r.centerx, r.top + 56), 22, (12, 10, 12), bold=True, anchor="center")
        T.text(surf, _f("Pass the mouse to {player} — {name}", player=self.player or _f("Player {n}", n=self.seat + 1),
                        name=self.name),
               (r.centerx, r.top + 116), 24, T.TEXT,
               bold=True, anchor="center")
        if self.why:
            T.text(surf, self.why, (r.centerx, r.top + 152), 15, T.MUTED, anchor="center")
        if rows:
            y = r.top + 176
            T.text(surf, _("What the enemies and the tension card did"), (r.left + 20, y), 14, T.WARN, bold=True)
            y += 22
            for ln in rows:
                T.text(surf, ln, (r.left + 20, y), 14, T.TEXT)
                y += 18
        button(surf, self.zones, pygame.Rect(r.centerx - 110, r.bottom - 78, 220, 44), _("I'm ready"), "ok",
               hover=self.mouse, primary=True, size=18)
        T.text(surf, _("click anywhere or press Enter"), (r.centerx, r.bottom - 10), 12, T.DIM, anchor="midbottom")


# ==================================================================== choice pop-up
class ChoiceMenu(Scene):
    """A small modal list of options; picking one calls ``on_pick(value)`` then pops."""

    overlay = True
    dim_alpha = 90

    def __init__(self, title: str, options: list[tuple[str, Any]], on_pick: Callable[[Any], None],
                 anchor: tuple[int, int] | None = None, note: str = ""):
        super().__init__()
        self.title = title
        self.note = note  # one muted line under the title (e.g. what the dice colours mean)
        self.options = options
        self.on_pick = on_pick
        self.anchor = anchor
        self.page = 0  # long lists come in pages of at most nine (issue 25 item 6)
        self.pages: list[list[int]] = [list(range(len(options)))[i:i + 9] for i in range(0, len(options), 9)] or [[]]

    def still_key(self, app: "App") -> object | None:
        """Its picture changes only with input (issue 30 item 2: idle draws nothing):
        the options, the page and the pointer; nothing moves."""
        return self.plain_key(app)

    def handle(self, ev, app):
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            if getattr(ev, "button", 1) != 1:
                return Pop()
            z = self.zones.at(ev.pos)
            if z is None:
                return Pop()  # click outside cancels
            if z.key == "opt":
                return self.pick(z.value)
            if z.key == "page":
                self.page = max(0, min(len(self.pages) - 1, z.value))
                return None
            if z.key == "cancel":
                return Pop()
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                return Pop()
            if ev.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_TAB):  # the next page of options
                self.page = (self.page + 1) % len(self.pages)
                return None
            if ev.key in (pygame.K_PAGEUP, pygame.K_LEFT):
                self.page = (self.page - 1) % len(self.pages)
                return None
            n = OPTION_KEYS.get(ev.key)  # 1-9: the options of the page shown, so every option has its key
            shown = self.pages[min(self.page, len(self.pages) - 1)]
            if n is not None and n <= len(shown):
                return self.pick(shown[n - 1])
        return None

    def pick(self, i: int) -> Command:
        value = self.options[i][1]
        self.on_pick(value)
        return Pop()

    MAX_W = 1000  # the widest pop-up; longer options wrap onto more lines instead of being cut
    MAX_LINES = 3

    def option_lines(self, width: int, max_lines: int = MAX_LINES, which: list[int] | None = None) -> list[list[str]]:
        """Each option's label ("1.  ...", numbered on its page) split into lines that fit ``width``
        pixels (at most MAX_LINES; only an option longer than that is cut). An attack option ends with
        the chance of each result, which a one-line button used to cut off (playtest play3).
        ``which``: the option indexes to lay out (a page), all by default."""
        out = []
        for k, i in enumerate(range(len(self.options)) if which is None else which):
            label = self.options[i][0]
            lines = T.wrap(f"{k + 1}.  {label}", 15, width)
            if len(lines) > max_lines:
                T.CUT.append(label)  # still too long: cut, and the text-fit test hears of it
                lines = lines[:max_lines]
                lines[-1] = lines[-1][:-2] + "…"
            out.append(lines)
        return out

    def draw(self, surf, app):
        self.zones.clear()
        f = T.font(15)
        w = min(self.MAX_W, max(300, max(f.size(f"{i + 1}.  {lbl}")[0] for i, (lbl, _) in enumerate(self.options)) + 60,
                                T.font(13).size(self.note)[0] + 40 if self.note else 0))
        top = 48 + (20 if self.note else 0)
        # pages: as many whole options (up to nine, each on up to MAX_LINES lines) as the screen's height
        # allows, never an option cut to fit more (issue 25 item 6: the odds were cut after 7-12 rows)
        full = self.option_lines(w - 28 - 24)
        pages, cur = [], []
        used = top + 8 + 44
        for i, ls in enumerate(full):
            need = 12 + 19 * len(ls) + 6
            if cur and (len(cur) == 9 or used + need > T.H - 16):
                pages.append(cur)
                cur, used = [], top + 8 + 44
            cur.append(i)
            used += need
        pages.append(cur)
        if pages != self.pages:
            self.pages = pages
            self.page = min(self.page, len(pages) - 1)
        shown = self.pages[self.page]
        wrapped = self.option_lines(w - 28 - 24, self.MAX_LINES, shown)
        heights = [12 + 19 * len(ls) for ls in wrapped]
        h = top + 8 + sum(hh + 6 for hh in heights) + 44
        multi = any(len(ls) > 1 for ls in wrapped)
        r = pygame.Rect(0, 0, w, h)
        if self.anchor:
            r.topleft = (self.anchor[0] + 12, self.anchor[1] - 20)
            r.clamp_ip(pygame.Rect(8, 8, T.W - 16, T.H - 16))
        else:
            r.center = (T.W // 2, T.H // 2)
        pygame.draw.rect(surf, (0, 0, 0), r.move(4, 5), border_radius=8)
        panel(surf, r, None, fill=(26, 22, 28), edge=T.GOLD)
        self.zones.add(Zone(r, "panel"))
        T.text(surf, self.title, (r.left + 16, r.top + 14), 16, T.GOLD, bold=True)
        if self.note:
            T.text(surf, self.note, (r.left + 16, r.top + 40), 13, T.MUTED)
        y = r.top + top
        for k, lines in enumerate(wrapped):
            i = shown[k]
            br = pygame.Rect(r.left + 14, y, r.width - 28, heights[k])
            if not multi:
                button(surf, self.zones, br, lines[0], "opt", i, hover=self.mouse, size=15)
            else:  # long options: each button's frame, then its lines left-aligned inside it
                button(surf, self.zones, br, "", "opt", i, hover=self.mouse, size=15)
                ly = br.top + 6
                for ln in lines:
                    T.text(surf, ln, (br.left + 12, ly), 15, T.TEXT)
                    ly += 19
            y += heights[k] + 6
        button(surf, self.zones, pygame.Rect(r.right - 114, r.bottom - 40, 100, 30), _("Cancel"), "cancel",
               hover=self.mouse, size=14)
        if len(self.pages) > 1:  # the other options: Prev / Next (or PageUp / PageDown) and where we are
            n = len(self.pages)
            button(surf, self.zones, pygame.Rect(r.left + 14, r.bottom - 40, 90, 30), _("< Prev"), "page",
                   self.page - 1, hover=self.mouse, size=14, enabled=self.page > 0)
            button(surf, self.zones, pygame.Rect(r.left + 110, r.bottom - 40, 90, 30), _("Next >"), "page",
                   self.page + 1, hover=self.mouse, size=14, enabled=self.page < n - 1)
            T.text(surf, _f("options {a}-{b} of {n} · page {p} of {pages}", a=shown[0] + 1, b=shown[-1] + 1,
                            n=len(self.options), p=self.page + 1, pages=n), (r.left + 214, r.bottom - 32), 13, T.MUTED)
