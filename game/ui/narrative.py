"""Narrative events over the board (core.md §14, DV-17): the card dialog and the tension peek.

:class:`NarrativeDialog` is pushed by the play scene when the engine emits a ``narrative`` event
(R-NARR-2 deck card, R-NARR-3 fixed event of the brief). It shows the event name, the Stalker
mark (drawn, DV-5), the story, and the options with their consequences (R-NARR-9: hidden in the
"immersive" setting); an option that cannot be carried out is greyed (R-NARR-5). Choosing sends
the ``choose(n)`` action; the result line and what followed stay until Continue.

:class:`PeekDialog` answers the ``peek`` decision (Radio Chatter, R-TENSION-12): the player
clicks the cards in the order wanted, then confirms; it sends one ``order`` action.

Both are modal overlays: the board stays visible (dimmed) and keeps animating below them.
Neither changes the game state except through an action taken from ``View.of(state).pending.options``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import Action, ActionKind, Event
from ..engine.query import View
from ..i18n import N_, _, _f
from . import theme as T
from .words import words
from .choices import describe
from .keys import MENU_KEYS, OPTION_KEYS
from .modes import kit_for
from .scene import Command, Pop, Push, Replace, Scene
from .scenes.pause import Pause
from .ruleids import showing, tagged
from .widgets import Zone, button
from .scenes.frame import _frame, _pointer
from .scenes.peek import PeekDialog

if TYPE_CHECKING:
    from .app import App
    from .play import PlayScene

BOT_READ_S = 1.6  # a bot "reads" the card this long before it chooses
BOT_CLOSE_S = 2.8  # with only bots at the table the dialog closes on its own after this
#: the decisions a card's choice asks: a narrative card (R-NARR-5); a mode adds its own (its kit's
#: ``story_decisions``, :func:`story_decisions`)
STORY_DECISIONS = ("narrative",)
STORY = (230, 218, 196)  # parchment ink for the story text
STALKER_RED = (200, 52, 48)
FOLLOW_KINDS = (ActionKind.DISCARD, ActionKind.PICK, ActionKind.KEEP, ActionKind.DONE, ActionKind.DECLINE,
                ActionKind.AUTO)  # answered inside the dialog


DECISION_TIMER_S = 120.0  # R-NARR-9: the optional decision timer (off by default)


def draw_stalker_mark(surf: pygame.Surface, art, centre: tuple[int, int], size: int) -> pygame.Rect:
    """The Stalker mark (DV-5 skull and bones) as a drawn sprite on a dark red disc; never a font glyph."""
    r = pygame.Rect(0, 0, size, size)
    r.center = centre
    pygame.draw.circle(surf, (60, 10, 12), centre, size // 2)
    pygame.draw.circle(surf, STALKER_RED, centre, size // 2, 2)
    img = art.get("mark_stalker", int(size * 0.78)) if art is not None else None
    if img is not None:
        surf.blit(img, img.get_rect(center=centre))
    return r


# ==================================================================== the narrative card
class NarrativeDialog(Scene):
    """One narrative event: card text, options (or Continue), the result."""

    overlay = True
    runs_below = True  # the board keeps animating under it (play.tick)
    dim_alpha = 120

    def __init__(self, play: "PlayScene", event: Event, after: list[Event] | None = None):
        super().__init__()
        self.play = play
        d = event.data
        self.rule = event.rule
        self.name = _(d.get("name") or N_("Narrative event"))  # content texts via the catalogue, by their keys
        self.story = _(d["story"]) if d.get("story") else ""  # (no str(): it would drop the key)
        self.card = d.get("card")
        self.label = d.get("label")
        self.mark = bool(d.get("stalker_mark"))
        self.options: list[dict] = [dict(o) for o in d.get("options") or []]
        for o in self.options:
            for k in ("label", "text"):
                if isinstance(o.get(k), str) and o[k]:
                    o[k] = _(o[k])
        self.result = ""  # the result line once the card has resolved
        self.chosen: int | None = None
        self.after: list[str] = []  # what the resolution did (engine texts)
        self.flash = ""  # a short warning (an option that cannot be carried out)
        self.flash_t = 0.0
        self.t = 0.0
        self.t_done = 0.0
        avail = [i for i, o in enumerate(self.options) if o.get("available")]
        self.focus = avail[0] if avail else 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.texts: list[str] = []  # what the last frame showed (tests read it)
        self.feed(after or [])

    # ---------------------------------------------------------------- state
    @property
    def state(self):
        return self.play.state

    def choosing(self) -> bool:
        """The engine waits for this card's choice (R-NARR-5)."""
        p = View.of(self.state).pending
        return p is not None and not View.of(self.state).over and p.kind in story_decisions(self.state) and self.chosen is None

    def human_decides(self) -> bool:
        p = View.of(self.state).pending
        return p is not None and self.play.is_human(p.seat)

    def follow_up(self) -> list[Action]:
        """A small decision the card led to (discard a weapon, refill which gun ...), answered here."""
        p = View.of(self.state).pending
        if p is None or View.of(self.state).over or self.choosing() or p.kind in ("act", "peek", *story_decisions(self.state)):
            return []
        if not self.human_decides() or not all(a.kind in FOLLOW_KINDS for a in p.options):
            return []
        return list(p.options)[:9]

    def feed(self, events: list[Event]) -> None:
        """Take in what the engine reported after the card was drawn or the choice was made."""
        for e in events:
            if e.kind == "narrative_result":
                n = e.data.get("choice")
                if isinstance(n, int) and 0 <= n < len(self.options):
                    self.chosen = n
                    self.result = f"{self.options[n]['label']}: {self.options[n]['text']}"
                else:
                    self.result = words(e)
            elif e.kind == "narrative":
                continue  # another card: the play scene queues its own dialog
            elif e.text and e.kind not in ("move", "turn", "phase"):
                from .words import words

                self.after.append(words(e))  # as the log shows it, in the player's language
        del self.after[:-6]

    def choose(self, i: int) -> None:
        if not self.choosing() or not self.human_decides():
            return
        if not (0 <= i < len(self.options)) or not self.options[i].get("available"):
            self.flash, self.flash_t = f"“{self.options[i]['label'] if 0 <= i < len(self.options) else i + 1}” " \
                "cannot be carried out (R-NARR-5).", 2.5
            return
        a = next((o for o in View.of(self.state).pending.options if o.kind == "choose" and o.n == i), None)
        if a is not None:
            self.feed(self.play.do(a))

    def close(self, app: "App") -> Command:
        p = View.of(self.state).pending
        if p is not None and p.kind == "peek" and self.play.is_human(p.seat) and not View.of(self.state).over:
            return Replace(PeekDialog(self.play))
        return Pop()

    # ---------------------------------------------------------------- input
    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        clicked, z = _pointer(self, ev)
        if ev.type == pygame.MOUSEMOTION or (clicked and z is None):
            return None
        if clicked:
            if z.key == "choose":
                self.choose(z.value)
            elif z.key == "immersive":
                app.set_setting("immersive", not app.settings.get("immersive", False))
            elif z.key == "follow":
                self.feed(self.play.do(z.value))
            elif z.key == "continue":
                return self.close(app)
            return None
        if ev.type != pygame.KEYDOWN:
            return None
        n = OPTION_KEYS.get(ev.key)
        intent = MENU_KEYS.get(ev.key)
        if self.choosing():
            avail = [i for i, o in enumerate(self.options) if o.get("available")]
            if n is not None:
                self.choose(n - 1)
            elif intent in ("up", "down") and avail:
                k = avail.index(self.focus) if self.focus in avail else 0
                self.focus = avail[(k + (1 if intent == "down" else -1)) % len(avail)]
            elif intent == "confirm":
                self.choose(self.focus)
            elif intent == "back":
                return Push(Pause(self.play))
            return None
        follow = self.follow_up()
        if n is not None and n <= len(follow):
            self.feed(self.play.do(follow[n - 1]))
            return None
        if intent in ("confirm", "back"):
            return self.close(app)
        return None

    def update(self, dt: float, app: "App") -> Command:
        self.t += dt
        self.flash_t = max(0.0, self.flash_t - dt)
        # the board below keeps animating the card's consequences (spawns, fires, danger), but holds where the
        # next phase begins until the card is closed: a playtest (play3) read the card after the reaction and
        # tension phases had already played out under it
        self.play.tick(dt, hold_phase=True)
        st = self.state
        p = View.of(st).pending
        if self.choosing() and not self.play.is_human(p.seat) and self.t >= BOT_READ_S * app.bot_speed:
            self.feed(self.play.do(self.play.bot.choose(st)))
        elif self.choosing() and app.settings.get("decision_timer") and self.t >= DECISION_TIMER_S:
            # R-NARR-9: the optional 120-second timer takes the first legal option on expiry
            first = next((a for a in p.options if a.kind == "choose"), None)
            if first is not None:
                self.flash, self.flash_t = "Time is up: the first option is taken (R-NARR-9).", 3.0
                self.feed(self.play.do(first))
        if not self.choosing():
            self.t_done += dt
            if not any(c == "human" for c in self.play.controllers) and self.t_done >= BOT_CLOSE_S * app.bot_speed:
                return Pop()
        return None

    def at_rest(self, app: "App") -> bool:
        """Nothing due on the clock (issue 30 item 2): no warning fading, no bot about to choose, no
        decision timer running (R-NARR-9), no card of a game of bots alone about to close."""
        if self.flash_t > 0:
            return False
        if self.choosing():
            p = View.of(self.state).pending
            return self.play.is_human(p.seat) and not app.settings.get("decision_timer")
        return any(c == "human" for c in self.play.controllers)

    def still_key(self, app: "App") -> object | None:
        """The card, the choice and what it did, the focus, the pointer, the warning while it shows and the
        decision timer's whole seconds (R-NARR-9); its clocks themselves draw nothing. The game's state is
        the play screen's key, under it."""
        left = int(DECISION_TIMER_S - self.t + 0.999) if app.settings.get("decision_timer") and self.choosing() else None
        return (self.plain_key(app, "t", "t_done", "flash_t"), self.flash_t > 0, left)

    # ---------------------------------------------------------------- drawing
    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        immersive = bool(app.settings.get("immersive"))
        self.texts = [self.name, self.story] + ([self.result] if self.result else []) + self.after[-4:]
        choosing = self.choosing()
        human = self.human_decides()
        W = 600
        pad = 22
        tw = W - 2 * pad
        # ---- measure
        story_lines = T.wrap(self.story, 16, tw)
        opt_h: list[int] = []
        for o in self.options:
            sub = "" if (immersive and o.get("available")) else self.option_sub(o)
            opt_h.append(34 + (len(T.wrap(sub, 13, tw - 50)) * 17 if sub else 0))
        result_lines = T.wrap(self.result, 15, tw - 30, True) if self.result else []
        after = self.after[-4:]
        after_lines = [ln for a in after for ln in T.wrap(a, 13, tw - 30)][:6]
        follow = self.follow_up()
        # the follow-up's buttons on as many rows as they need (issue 25 item 13: a full inventory's
        # discard lost its last options off the right edge)
        rows: list[list[tuple[Action, str, int]]] = [[]]
        used = 0
        for k, a in enumerate(follow):
            label = f"{k + 1}. {describe(self.state, a)}"
            w = min(tw, T.font(13).size(label)[0] + 24)
            if rows[-1] and used + w > tw:
                rows.append([])
                used = 0
            rows[-1].append((a, label, w))
            used += w + 6

        def height(after_n: int) -> int:
            h = 20 + 18 + 40 + (20 if self.mark else 0) + 10 + len(story_lines) * 22 + 14
            if self.options:
                h += sum(opt_h) + 8 * len(opt_h) + 6
            if result_lines or after_n:
                h += 16 + len(result_lines) * 21 + after_n * 17
            if follow:
                h += 26 + 34 * len(rows) + 2
            return h + 50

        while after_lines and height(len(after_lines)) > T.H - 60:  # the log keeps them: the options come first
            after_lines = after_lines[1:]
        h = height(len(after_lines))
        r = pygame.Rect(0, 0, W, min(h, T.H - 60))
        r.midright = (T.W - 14, T.H // 2 + 16)  # over the side panel: most of the board stays in view
        r.clamp_ip(pygame.Rect(6, 44, T.W - 12, T.H - 50))
        self.rect = r
        edge = STALKER_RED if self.mark else T.GOLD
        _frame(surf, r, edge)
        self.zones.add(Zone(r, "panel"))
        x, y = r.left + pad, r.top + 14
        # ---- header
        own = self.play.kit.story_header(self.rule, bool(self.card))  # a mode's own cards
        kind = _(own) if own else _("FIXED EVENT") if self.rule == "R-NARR-3" else _("NARRATIVE EVENT")
        T.text(surf, kind, (x, y), 12, T.MUTED, bold=True)

        if showing() and self.rule:  # the rule tag only with "Show rule IDs"
            T.text(surf, self.rule, (r.right - pad, y), 11, (200, 90, 80), mono=True, anchor="topright")
        y += 20
        tx = x
        if self.mark:
            draw_stalker_mark(surf, app.art, (x + 22, y + 22), 46)
            tx = x + 56
        T.text(surf, self.name, (tx, y + 2), 26, T.TEXT, bold=True)
        y += 40
        if self.mark:
            T.text(surf, # the rule ID only with "Show rule IDs" (issue 25 item 16)
                tagged(_("Stalker mark: the one that never stops"), "DV-5", None, "()"), (tx, y - 4), 13, STALKER_RED, bold=True)
            y += 20
        y += 8
        for ln in story_lines:
            T.put(surf, T.font(16).render(ln, True, STORY), (x, y), (ln, 16, STORY, False, False))
            y += 22
        y += 6
        pygame.draw.line(surf, T.shade(edge, 0.6), (x, y), (r.right - pad, y), 1)
        y += 10
        # ---- options
        for i, (o, oh) in enumerate(zip(self.options, opt_h)):
            self.draw_option(surf, pygame.Rect(x, y, tw, oh), i, o, immersive, choosing and human)
            y += oh + 8
        # ---- result
        if result_lines or after_lines:
            y += 4
            if result_lines:
                pygame.draw.circle(surf, T.OK, (x + 8, y + 10), 6)
            for ln in result_lines:
                T.text(surf, ln, (x + 24, y), 15, T.OK, bold=True)
                y += 21
            for ln in after_lines:
                T.text(surf, ln, (x + 24, y), 13, T.MUTED)
                y += 17
            y += 12
        # ---- a decision the card led to (discard, refill ...)
        if follow:
            T.text(surf, words(View.of(self.state).pending) or _("Choose"), (x, y), 14, T.GOLD, bold=True)
            y += 24
            for row in rows:
                bx = x
                for a, label, w in row:
                    button(surf, self.zones, pygame.Rect(bx, y, w, 28), label, "follow", a, hover=self.mouse, size=13)
                    bx += w + 6
                y += 34
            y += 2
        # ---- footer: immersive switch, hint, Continue
        fy = r.bottom - 44
        box = pygame.Rect(x, fy + 10, 16, 16)
        pygame.draw.rect(surf, (16, 14, 16), box, border_radius=3)
        pygame.draw.rect(surf, T.MUTED, box, 1, border_radius=3)
        if immersive:
            pygame.draw.line(surf, T.GOLD, (box.left + 3, box.centery), (box.centerx - 1, box.bottom - 4), 3)
            pygame.draw.line(surf, T.GOLD, (box.centerx - 1, box.bottom - 4), (box.right - 3, box.top + 3), 3)
        lr = T.text(surf, tagged(_("Immersive: hide consequences"), "R-NARR-9", None, "()"), (box.right + 8, box.centery), 13, T.MUTED,
                    anchor="midleft")
        self.zones.add(Zone(box.union(lr).inflate(6, 6), "immersive", None, True,
                            _("Hide what each option does until it is chosen (a setting, kept between games).")))
        if choosing and human and app.settings.get("decision_timer"):
            left = max(0, int(DECISION_TIMER_S - self.t + 0.999))
            T.text(surf, _f("{time} left to decide", time="%d:%02d" % (left // 60, left % 60)), (r.right - pad, fy + 2), 13,
                   T.BAD if left <= 20 else T.GOLD, anchor="midright")
        if choosing:
            msg = _("Click an option or press its number") if human else _("The bot is choosing…")
            T.text(surf, msg, (r.right - pad, fy + 18), 13, T.GOLD if human else T.MUTED, anchor="midright")
        else:
            p = View.of(self.state).pending
            label = _("Continue · Enter")
            if p is not None and p.kind == "peek" and self.play.is_human(p.seat):
                label = _("Order the cards · Enter")
            elif follow:
                label = _("Later · Enter")
            elif p is not None and p.kind not in ("act", *story_decisions(self.state)) and self.play.is_human(p.seat):
                label = _("Choose on the board · Enter")
            w = max(130, T.font(15, True).size(T.clean(label))[0] + 30)
            button(surf, self.zones, pygame.Rect(r.right - pad - w, fy + 4, w, 32), label, "continue", None,
                   hover=self.mouse, primary=True, size=15)
        if self.flash_t > 0 and self.flash:
            fr = T.text(surf, self.flash, (r.centerx, r.top - 16), 14, T.BAD, bold=True, anchor="center")
            pygame.draw.rect(surf, (30, 10, 10), fr.inflate(20, 10), border_radius=6)
            pygame.draw.rect(surf, T.BAD, fr.inflate(20, 10), 1, border_radius=6)
            T.text(surf, self.flash, (r.centerx, r.top - 16), 14, T.BAD, bold=True, anchor="center")

    @staticmethod
    def option_sub(o: dict) -> str:
        if not o.get("available"):
            return f"{o.get('text', '')} — cannot be carried out (R-NARR-5)".lstrip(" —")
        return str(o.get("text", ""))

    def draw_option(self, surf: pygame.Surface, rr: pygame.Rect, i: int, o: dict, immersive: bool,
                    live: bool) -> None:
        ok = bool(o.get("available"))
        chosen = self.chosen == i
        hot = live and ok and rr.collidepoint(self.mouse)
        focus = live and ok and self.focus == i
        if chosen:
            fill, edge, fg = (44, 52, 34), T.OK, T.TEXT
        elif not ok:
            fill, edge, fg = (30, 28, 31), (56, 52, 56), T.DIM
        elif self.chosen is not None:
            fill, edge, fg = (32, 29, 33), (70, 62, 68), T.MUTED
        else:
            fill = (70, 52, 50) if hot else (46, 38, 42)
            edge, fg = (T.GOLD if (hot or focus) else (120, 100, 90)), T.TEXT
        pygame.draw.rect(surf, fill, rr, border_radius=7)
        pygame.draw.rect(surf, edge, rr, 2 if (hot or focus or chosen) else 1, border_radius=7)
        num = pygame.Rect(rr.left + 8, rr.top + 6, 24, 22)
        pygame.draw.rect(surf, edge if ok else (50, 46, 50), num, border_radius=5)
        T.text(surf, str(i + 1), num.center, 14, (16, 12, 14) if ok else T.DIM, bold=True, anchor="center")
        T.text(surf, str(o.get("label", "")), (rr.left + 42, rr.top + 6), 16, fg, bold=True)
        if chosen:
            T.text(surf, _("CHOSEN"), (rr.right - 10, rr.top + 8), 12, T.OK, bold=True, anchor="topright")
        sub = "" if (immersive and ok) else self.option_sub(o)
        self.texts += [str(o.get("label", "")), sub]
        if sub:
            yy = rr.top + 30
            col = T.DIM if not ok else ((200, 190, 170) if self.chosen is None or chosen else T.MUTED)
            for ln in T.wrap(sub, 13, rr.width - 50):
                T.text(surf, ln, (rr.left + 42, yy), 13, col)
                yy += 17
        self.zones.add(Zone(rr, "choose", i, live and ok))


# ==================================================================== peek and reorder


def story_decisions(state) -> tuple[str, ...]:
    """The decisions whose choice the narrative dialog asks in ``state``'s mode: the shared
    ``narrative`` (R-NARR-5) and the mode's own (its kit's ``story_decisions``)."""
    return (*STORY_DECISIONS, *kit_for(state).story_decisions)


def pending_story(state) -> Event | None:
    """The narrative event behind a pending ``narrative`` choice, rebuilt from the card (or the
    brief's fixed event) — for a game loaded or reloaded in the middle of the choice; a mode's own
    story decision is rebuilt by its kit (``pending_story``)."""
    if View.of(state).over:
        return None
    p = View.of(state).pending
    kit = kit_for(state)
    if p is not None and p.kind in kit.story_decisions:
        return kit.pending_story(state)
    d = View.of(state).pending_narrative()
    if d is None:
        return None
    return Event(kind="narrative", rule="R-NARR-2" if d["card"] else "R-NARR-3",
                 text=f"Narrative event: {d['name']}. {d['story']}", data=d)


def story_events(events: list[Event]) -> list[tuple[Event, list[Event]]]:
    """Each dialog-worthy ``narrative`` event in ``events`` with the events after it (up to the
    next one). Narrative lines without a card (empty deck R-NARR-10, unwritten fixed event) only go
    to the log."""
    out: list[tuple[Event, list[Event]]] = []
    for i, e in enumerate(events):
        if e.kind == "narrative" and e.data.get("name"):
            nxt = next((j for j in range(i + 1, len(events)) if events[j].kind == "narrative"
                        and events[j].data.get("name")), len(events))
            out.append((e, list(events[i + 1:nxt])))
    return out


__all__ = ["STORY_DECISIONS", "story_decisions", "NarrativeDialog", "draw_stalker_mark", "pending_story", "story_events"]
