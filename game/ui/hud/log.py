"""The log panel under the board: lines by kind, scrolling, the enlarged log, undo and redo."""
from __future__ import annotations

from typing import Any

import pygame

from ...i18n import _, _f
from .. import theme as T
from ..presenters.logtext import shown
from ..playui import LOG_BIG_TOP, LOG_RECT, PlayUI
from ..widgets import button, Zone


class LogPanel:
    """The log of :class:`game.ui.render.PlayView` (a part of it)."""

    # ------------------------------------------------------------------ log
    def draw_log(self, surf: pygame.Surface, ui: PlayUI) -> None:
        """The log; each line is a zone ("log_line", its LogLine) for 'undo to here' and its rule.
        Rule IDs show only with the "Show rule IDs" setting (``ui.show_rule_ids``)."""
        r = LOG_RECT if not ui.log_big else pygame.Rect(LOG_RECT.left, LOG_BIG_TOP, LOG_RECT.width,
                                                        LOG_RECT.bottom - LOG_BIG_TOP)
        pygame.draw.rect(surf, (14, 12, 15), r)
        pygame.draw.line(surf, T.PANEL_EDGE, r.topleft, r.topright, 2 if ui.log_big else 1)
        f = T.font(13)
        lh = f.get_linesize() - 1
        n = max(1, (r.height - 6) // lh)
        ids = ui.show_rule_ids
        tx = r.left + (118 if ids else 14)
        bw = 150  # the undo / redo / rules buttons at the right
        # only the lines on screen are wrapped (from the newest back), so the cost does not grow
        # with the length of the log; wrapped text and rendered lines are cached (theme)
        scrolled = ui.log_scroll > 0  # then the first row says so, above the lines (it overlapped one)
        if scrolled:
            n = max(1, n - 1)
        need = n + ui.log_scroll
        lines: list[tuple[str, str, str, Any]] = []
        hide = ui.log_hidden_from()  # lines the enemy phase has not played back yet (retest finding 6)
        for ln in reversed(ui.log if hide is None else ui.log[:hide]):
            wrapped = T.wrap(shown(ln.text, ln.msg), 13, r.right - bw - tx - 16)
            lines[:0] = [(ln.rule if i == 0 else "", w, ln.kind, ln) for i, w in enumerate(wrapped)]
            if len(lines) >= need:
                break
        end = len(lines) - ui.log_scroll
        start = max(0, end - n)
        y = r.top + 3 + (lh if scrolled else 0)
        self.zones.add(Zone(r, "log", None))
        for rule, w, kind, ln in lines[start:end]:
            col = T.TEXT if kind not in ("phase", "turn") else T.GOLD
            row = pygame.Rect(r.left + 4, y, r.width - bw - 16, lh)
            if row.collidepoint(ui.mouse):
                pygame.draw.rect(surf, (40, 34, 40), row)
            if rule and ids:
                T.put(surf, T.render(rule, 11, (200, 90, 80), mono=True), (r.left + 10, y + 2),
                      (rule, 11, (200, 90, 80), False, True))
            T.put(surf, T.render(w, 13, col), (tx, y), (w, 13, col, False, False))
            self.zones.add(Zone(row, "log_line", ln, tip="click: the rule behind it, undo to here"))
            y += lh
        if scrolled:  # a row of its own (issue 25 item 12)
            T.text(surf, _f("▲ scrolled back {n} lines (wheel)", n=ui.log_scroll), (r.right - bw - 16, r.top + 3), 12,
                   T.MUTED, anchor="topright")
        T.text(surf, _("L: smaller log") if ui.log_big else _("L: bigger log"), (r.right - 8, r.bottom - 4), 11, T.DIM,
               anchor="bottomright")
        bx, by = r.right - bw - 6, r.top + 4
        for label, key, on, tip in ((_("Undo  Ctrl+Z"), "undo", ui.can_undo, _("take back your last action")),
                                    (_("Redo  Ctrl+Y"), "redo", ui.can_redo, _("do the undone action again")),
                                    (_("Rules  F1"), "rules", True, _("the rules reference and glossary"))):
            button(surf, self.zones, pygame.Rect(bx, by, bw, 23), label, key, hover=ui.mouse, enabled=on, size=12,
                   tip=tip)
            by += 26
