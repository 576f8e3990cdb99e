"""The end phase shown step by step (R-END): what each step did, the decisions it asks."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Action
from ...engine.campaign import end_steps, legal
from ...i18n import _, _f, N_
from .. import theme as T
from ..results import cause_lines, reason_words
from ..ruleids import prompt_words, showing, tagged
from ..scene import Command, PickScene, Push, Replace, Scene
from ..widgets import button, panel
from ..words import words
from .common import BAND_WORDS, describe, draw_check, inventory_lines, STEP_NAMES
from .sheet import CampaignSheetScene

if TYPE_CHECKING:
    from .session import CampaignSession


class EndPhaseScene(PickScene):
    """R-END step by step: the rulebook's list with the step in progress marked, what changed and
    why (each line names its rule), and the players' decision with its options."""

    def __init__(self, session: CampaignSession):
        super().__init__()
        self.s = session
        self.shown = 0.0  # lines revealed so far (one every REVEAL_S)
        self.page = 0

    REVEAL_S = 0.25
    MAP_WORDS = (N_("Choose the next scenario on the city map."), N_("To the city map"))

    # what another campaign (another mode's package) changes
    def steps(self, ok: bool):
        return end_steps(self.s.cs, ok)

    def card_name(self, sid: str) -> str:
        return self.s.cs.pack_def.slot(sid).name

    def map_scene(self) -> Scene:
        return self.s.over_scene() if self.s.cs.result else self.s.map_scene()

    def sheet_scene(self) -> Scene:
        return CampaignSheetScene(self.s)

    def describe(self, a: Action) -> str:
        return describe(self.s.cs, a)

    def why_it_ended(self) -> list[str]:
        """Why the scenario of this end phase ended (issue 25 item 3), in the current language: what
        the final board said (game.ui.results.cause_lines: the condition, who fell to what, the last
        tension card) when it was just played, else the reason the campaign saved with it."""
        e = self.s.cs.ending
        if e is None:
            return []
        ended = getattr(self.s, "ended", None)
        if ended is not None and ended[1] is not None:
            got = cause_lines(ended[0], ended[1])
            if got:
                return got
        reason = reason_words(e.why, e.reason)
        if not reason:
            return []
        return [_f("Scenario won: {why}", why=reason) if e.result == "success" else
                _f("Scenario failed: {why}", why=reason)]

    def update(self, dt, app):
        self.shown = min(len(self.s.lines), self.shown + dt / self.REVEAL_S)
        return None

    def at_rest(self, app):
        """Every line is revealed: ``update`` changes nothing until the next input (issue 30 item 2)."""
        return self.shown >= len(self.s.lines)

    def still_key(self, app):
        """The lines revealed (a whole line at a time), the page, the pointer and the campaign's state
        (changed by input, or by hand and ``touch()``-ed: a new cache); the reveal's clock itself draws
        nothing between two lines."""
        cs = self.s.cs
        return (self.plain_key(app, "shown"), self.lines_shown(), len(self.s.lines), id(cs), id(cs.pending),
                cs.phase, id(cs.cache))

    def lines_shown(self) -> int:
        """How many of the session's lines are drawn: those revealed, and the one being revealed."""
        return int(self.shown) + (1 if self.shown < len(self.s.lines) else 0)

    def key(self, ev, app) -> Command:
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.shown < len(self.s.lines):
                self.shown = len(self.s.lines)  # show every line at once
                return None
            cs = self.s.cs
            if cs.result is not None or cs.phase.endswith(".choose"):
                return self.pick("next", None, app)
            done = Action(kind="done")
            if done in legal(cs):
                return self.pick("act", done, app)
        return None

    def pick(self, key, value, app) -> Command:
        if key == "act":
            self.s.apply(value)
            self.s.autosave()
            self.page = 0
            return None
        if key == "page":
            self.page = value
            return None
        if key == "next":
            return Replace(self.map_scene())
        if key == "sheet":
            return Push(self.sheet_scene())
        return None

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        cs = self.s.cs
        e = cs.ending
        ok = e is not None and e.result == "success"
        title = _("END PHASE") + (" - " + _f("{card}: {result}", card=_(self.card_name(e.scenario)),
                                             result=_("success") if ok else _("failure")) if e else "")
        T.text(surf, title, (24, 16), 26, T.OK if ok else T.BAD, bold=True)
        T.text(surf, tagged(_("After a success"), "rules 18.1", None, "()") if ok else tagged(_("After a failure"), "rules 18.2", None, "()"), (26, 52),
               15, T.MUTED)
        ids = showing()  # the rule column only with "Show rule IDs" (hidden from players)
        # the rulebook's list, the current step marked
        steps = self.steps(ok)
        prefix = "success" if ok else "failure"
        names = [f"{prefix}.{n}" for n, _ in steps]
        cur = names.index(cs.phase) if cs.phase in names else (len(names) if cs.result or cs.phase == "over" else -1)
        r = panel(surf, pygame.Rect(16, 80, 300, T.H - 96), _("Steps"))
        y = r.top
        for i, (n, rule) in enumerate(steps):
            if i < cur:
                draw_check(surf, r.left, y + 2, T.OK)
                col = T.MUTED
            elif i == cur:
                pygame.draw.polygon(surf, T.GOLD, [(r.left, y + 1), (r.left + 10, y + 8), (r.left, y + 15)])
                col = T.GOLD
            else:
                pygame.draw.circle(surf, T.DIM, (r.left + 6, y + 8), 4, 1)
                col = T.DIM
            T.text(surf, _(STEP_NAMES.get(n, n)), (r.left + 20, y), 15, col, bold=i == cur)
            if ids:
                T.text(surf, rule, (r.right, y + 1), 12, col, anchor="topright")
            y += 26
        # what changed and why; first why the scenario ended (issue 25 item 3), always in view
        lr = panel(surf, pygame.Rect(328, 80, T.W - 344, 330), _("What changed, and why"))
        lines = self.s.lines[: self.lines_shown()]
        cause = []
        for text in self.why_it_ended():
            cause += T.wrap(text, 15, lr.width - 6, True)
        rows = []
        gap = 104 if ids else 0  # the rule ID column's width
        for rule, text in lines:
            for k, ln in enumerate(T.wrap(words(text), 15, lr.width - 6 - gap)):
                rows.append((rule if k == 0 else "", ln))
        rows = rows[-max(1, int(lr.height // 21) - len(cause)):]
        y = lr.top
        for ln in cause:
            T.text(surf, ln, (lr.left, y), 15, T.OK if ok else T.BAD, bold=True)
            y += 21
        for rule, ln in rows:
            if rule and ids:
                T.text(surf, rule, (lr.left, y + 1), 12, T.MUTED)
            T.text(surf, ln, (lr.left + gap, y), 15, T.TEXT)
            y += 21
        # the decision
        dr = panel(surf, pygame.Rect(328, 420, T.W - 344, T.H - 436), _("Your decision"))
        if self.s.save_error:
            T.text(surf, self.s.save_error, (dr.left, dr.bottom - 18), 13, T.BAD)
        if cs.result is not None or cs.phase.endswith(".choose"):
            T.text_block(surf, _("The end phase is over.") + " " + (_("The campaign is decided.") if cs.result else
                                                                    _(self.MAP_WORDS[0])),
                         pygame.Rect(dr.left, dr.top, dr.width, 60), 17)
            button(surf, self.zones, pygame.Rect(dr.left, dr.top + 60, 280, 44),
                   _("See the result") if cs.result else _(self.MAP_WORDS[1]), "next", hover=self.mouse, primary=True, size=17)
            button(surf, self.zones, pygame.Rect(dr.left + 300, dr.top + 60, 200, 44), _("Campaign sheet"), "sheet",
                   hover=self.mouse, size=16)
            return
        if cs.pending is None:
            return
        inv_w = 330  # the party and the box beside the options: who holds what, health, dials
        ir = pygame.Rect(dr.right - inv_w, dr.top, inv_w, dr.height - 20)
        pygame.draw.line(surf, T.PANEL_EDGE, (ir.left - 10, ir.top), (ir.left - 10, ir.bottom))
        y = ir.top
        for ln, col in inventory_lines(cs):
            if y > ir.bottom - 14:
                break
            T.text(surf, ln, (ir.left, y), 12, col, bold=col == T.GOLD)
            y += 15
        dr = pygame.Rect(dr.left, dr.top, dr.width - inv_w - 20, dr.height)
        T.text_block(surf, prompt_words(cs.pending, words), pygame.Rect(dr.left, dr.top, dr.width, 44), 16,
                     T.GOLD)
        opts = legal(cs)
        # "Done" has a place of its own at the bottom right, on every page (play4: it was only on the
        # last page, and the grid reflows after each transfer, so a second click where Done had been
        # moved an item instead)
        done = [a for a in opts if a.kind == "done"]
        opts = [a for a in opts if a.kind != "done"]
        labels = [self.describe(a) for a in opts]
        f = T.font(12, True)
        for cols in (3, 2, 1):  # as many columns as the longest label allows (long item names, Japanese)
            bw = (dr.width - 10 * (cols - 1)) // cols
            if all(f.size(t)[0] <= bw - 12 for t in labels):
                break
        per = cols * max(1, (dr.height - 46 - 34) // 28)
        pages = max(1, (len(opts) + per - 1) // per)
        self.page = min(self.page, pages - 1)
        shown = opts[self.page * per:(self.page + 1) * per]
        for i, a in enumerate(shown):
            rr = pygame.Rect(dr.left + (i % cols) * (bw + 10), dr.top + 46 + (i // cols) * 28, bw, 25)
            button(surf, self.zones, rr, self.describe(a), "act", a, hover=self.mouse, size=12, tip=self.describe(a))
        if done:
            button(surf, self.zones, pygame.Rect(dr.right - 150, dr.bottom - 30, 150, 28), self.describe(done[0]), "act",
                   done[0], hover=self.mouse, size=13, primary=True)
        if pages > 1:
            right = dr.right - (160 if done else 0)
            button(surf, self.zones, pygame.Rect(right - 200, dr.bottom - 30, 95, 28), _("< Prev"), "page",
                   max(0, self.page - 1), hover=self.mouse, size=13, enabled=self.page > 0)
            button(surf, self.zones, pygame.Rect(right - 95, dr.bottom - 30, 95, 28), _("Next >"), "page",
                   min(pages - 1, self.page + 1), hover=self.mouse, size=13, enabled=self.page < pages - 1)
        T.text(surf, _f("Danger {d} ({band})", d=cs.danger, band=_(BAND_WORDS.get(cs.pack_def.band(cs.danger), "?"))),
               (dr.left, dr.bottom - 18), 14, T.MUTED)
