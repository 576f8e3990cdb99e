"""The bars round the board: the top bar (turn, seat, phase), the caption, the prompt strip, the
enemy phase's strip, the end of the game, banners and toasts."""
from __future__ import annotations

import pygame

from ...engine.query import Game, View
from ...i18n import _, _f
from .. import dashboard as DB
from .. import enemyphase as EP
from .. import theme as T
from ..choices import char_name, describe, TIE_HELP, TIE_KINDS
from ..playui import BOARD_RECT, CAPTION_RECT, PlayUI, PROMPT_RECT, SIDE_RECT, TOP_H
from ..previews import acting_here, evade_text
from ..ruleids import prompt_words, tagged
from ..seats import seat_label
from ..theme import fit
from ..widgets import button, Zone
from ..words import Said, question, words


def caption_words(cap: str, show_ids: bool | None = None) -> str:
    """What the caption bar says for caption ``cap``: an event's (a :class:`Said` with a message id)
    sentence worded in the player's language from its id and parameters, its typed rule ID beside it
    with "Show rule IDs" on (:func:`~game.ui.ruleids.tagged`; issue 23: never read out of the words);
    any other caption is the screen's own line, already in the player's language (the goal)."""
    if isinstance(cap, Said):
        return tagged(words(cap) if cap.msg else str(cap), cap.rule, show_ids)
    return cap


class Bars:
    """The bars of :class:`game.ui.render.PlayView` (a part of it)."""

    def draw_caption(self, surf: pygame.Surface, ui: PlayUI, state: Game | None = None) -> None:
        """What is happening now (the event being animated), e.g. why an enemy moved; when idle, how to
        answer a tie, else the last caption (the goal at the start). One line at 14 or 13 px; a longer
        text wraps onto up to three lines over the top of the board (never cut short)."""
        r = CAPTION_RECT
        self.caption_rect = pygame.Rect(r)
        pygame.draw.rect(surf, (16, 13, 16), r)
        pygame.draw.line(surf, (50, 40, 46), r.bottomleft, r.bottomright, 1)
        cap = ui.anim.caption
        live = bool(cap)
        colour = T.TEXT if live else T.MUTED
        p = View.of(state).pending if state is not None else None
        if not live and p is not None and p.kind in TIE_KINDS and not View.of(state).over and not (
                ui.controllers and p.seat < len(ui.controllers) and ui.controllers[p.seat] == "bot"):
            cap, colour = _f("To answer: {how}", how=_(TIE_HELP)), T.GOLD  # the prompt bar keeps the question
        cap = cap or ui.anim.last_caption
        if not cap:
            return
        if live:
            pygame.draw.circle(surf, T.ACCENT_HI, (r.left + 14, r.centery), 5)

        cap = T.clean(caption_words(cap, ui.show_rule_ids))
        width = r.width - 36
        for size in (14, 13):
            if T.font(size).size(cap)[0] <= width:
                T.text(surf, cap, (r.left + 26, r.centery), size, colour, anchor="midleft")
                return
        # too long for one line (a long goal, a translation): wrapped over the top of the board, never cut
        lines = T.wrap(cap, 13, width)
        lh = T.font(13).get_linesize()
        shown = lines[:3]
        box = pygame.Rect(r.left, r.top, r.width, max(r.height, lh * len(shown) + 8))
        self.caption_rect = box
        pygame.draw.rect(surf, (16, 13, 16), box)
        pygame.draw.line(surf, (50, 40, 46), box.bottomleft, box.bottomright, 1)
        if len(lines) > 3:
            T.CUT.append(cap)
            shown[-1] = fit(shown[-1] + " …", 13, width)
        for i, ln in enumerate(shown):
            T.text(surf, ln, (r.left + 26, box.top + 4 + i * lh), 13, colour)

    # ------------------------------------------------------------------ top bar
    def draw_top(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        r = pygame.Rect(0, 0, T.W, TOP_H)
        pygame.draw.rect(surf, (18, 14, 18), r)
        pygame.draw.line(surf, T.PANEL_EDGE, (0, TOP_H - 1), (T.W, TOP_H - 1), 2)
        card = ui.boss.card if ui.anim.boss_turn else None
        if card is not None and not (0 <= card.seat < len(View.of(state).characters) and card.turn):
            card = None
        show = ui.phase_playing()  # the enemy phase still playing: the turn it ends stays up
        if show is not None and not (0 <= show.seat < len(View.of(state).characters) and show.turn):
            show = None
        seat = card.seat if card is not None else show.seat if show is not None else View.of(state).active_seat
        c = View.of(state).characters[seat]  # the boss's turn stays up
        cd = View.of(state).scenario.content.characters[c.cid]
        x = 12
        self.art.portrait(surf, c.cid, (x + 12, TOP_H // 2), 14, tuple(cd.colour))
        x += 32
        ctrl = ""
        if ui.controllers and c.seat < len(ui.controllers) and ui.controllers[c.seat] == "bot":
            ctrl = " (bot)"
        if View.of(state).over:
            s = _("Scenario over: success") if View.of(state).result == "success" else _("Scenario over: failure")
        elif View.of(state).turn == 0:
            s = _("SET-UP: SHARE THE EXTRA GEAR") if View.of(state).pending and View.of(state).pending.kind == "gear" else _("SET-UP")
        else:
            turn = card.turn if card is not None else show.turn if show is not None else View.of(state).turn
            s = _f("TURN {turn}  ·  {player}{bot}: {name}", turn=turn, player=seat_label(ui.names, c.seat).upper(),
                   bot=_(" (bot)") if ctrl else "", name=_(cd.name).upper())
        rr = T.text(surf, s, (x, TOP_H // 2), 18, T.TEXT, bold=True, anchor="midleft")
        x = rr.right + 16
        phase = {"action": _("Action phase"), "reaction": _("Reaction phase"), "tension": _("Tension phase"),
                 "end": _("End of turn"), "setup": _("Setup"), "over": _("Over")}.get(View.of(state).phase, View.of(state).phase)
        if card is not None and not View.of(state).over:
            phase = f"{card.boss_name} acts ({cd.name.split()[0]}'s turn)"
        elif show is not None and not View.of(state).over:  # the beat playing: a tension card, or enemies
            now = show.beats[min(ui.anim.beat_now() or 0, len(show.beats) - 1)]
            phase = _("Tension phase") if now.kind == "card" else _("Reaction phase")
        elif View.of(state).phase == "action" and not View.of(state).over:
            phase += "  ·  " + (_f("{n} actions left", n=View.of(state).actions_left) if View.of(state).actions_left != 1
                                else _("1 action left"))
        rr = T.text(surf, phase, (x, TOP_H // 2), 15, T.GOLD, anchor="midleft")
        self.top_text = (s, phase)
        x = rr.right + 16
        p = View.of(state).pending
        if card is None and show is None and p is not None and p.seat != View.of(state).active_seat and p.seat < len(View.of(state).characters):
            dc = View.of(state).characters[p.seat]
            rr = T.text(surf, _f("Deciding: {player} ({name})", player=seat_label(ui.names, p.seat),
                                 name=_(char_name(state, dc.cid))),
                        (x, TOP_H // 2), 15,
                        T.ACCENT_HI, bold=True, anchor="midleft")
            x = rr.right + 16
        # the dashboard at the right: city danger track (R-DANGER-3) and ink ribbons (R-INK-2)
        right = T.W - 12
        if DB.shows_danger(state):
            right = DB.draw_danger(surf, right, 2, TOP_H - 4, state, self.zones).left - 18
        if DB.shows_ink(state):
            right = DB.draw_ink(surf, right, TOP_H // 2, state, self.art, self.zones).left - 18
        # the scenario's name first: with a mode's own dashboard it was left out for the key help (issue 25
        # retest: the scenario's name showed only once the phase line grew shorter)
        name, keys = _(ui.scenario_name), _("Esc menu · F1 rules")
        # a clear gap after the phase line: redrawn sharp in a smaller window a line grows a little, and
        # "残り3アクション" ran into the name (recheck R5)
        info = next((t for t in (f"{name}   {keys}" if name else keys, name, keys)
                     if t and T.font_for(t, 13).size(t)[0] <= right - x - 16), "")
        if info:
            T.text(surf, info, (right, TOP_H // 2), 13, T.MUTED, anchor="midright")

    # ------------------------------------------------------------------ prompt bar
    def draw_prompt(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        r = PROMPT_RECT
        pygame.draw.rect(surf, (22, 18, 22), r)
        pygame.draw.line(surf, T.PANEL_EDGE, r.topleft, r.topright, 1)
        p = View.of(state).pending
        mouse = ui.mouse
        if View.of(state).over:
            self.draw_over(surf, state, ui)
            return
        if p is None:
            T.text(surf, _("The scenario is over."), (r.left + 14, r.centery), 16, T.MUTED, anchor="midleft")
            return
        if ui.controllers and p.seat < len(ui.controllers) and ui.controllers[p.seat] == "bot":
            T.text(surf, _f("The bot is deciding for {player}…", player=seat_label(ui.names, p.seat)),
                   (r.left + 14, r.centery), 16, T.MUTED, anchor="midleft")
            return
        if p.kind == "act":
            hint = T.clean(ui.hint or _("Click a framed square to move · click a marked enemy to attack · click a "
                                        "glowing door · Space: end phase"))
            ev = acting_here(state)
            if ev is not None:  # off the board, where it hides nothing (issue 25 item 2)
                inner = r.inflate(-28, -4)
                self.text_lines(surf, hint, pygame.Rect(inner.left, inner.top, inner.width, inner.height // 2), T.MUTED)
                self.text_lines(surf, "! " + T.clean(evade_text(ev)),
                                pygame.Rect(inner.left, inner.centery, inner.width, inner.height // 2), T.WARN, bold=True)
                return
            self.text_lines(surf, hint, r.inflate(-28, -4), T.MUTED)
            return
        # a non-"act" decision: prompt and one button per option; Done/Decline/Auto always at the right
        # (a tie's "how to answer" is in the caption above the board: draw_caption)
        title = T.clean(prompt_words(p, words) or p.kind)
        if p.kind == "push_enemy" and (p.ctx or {}).get("rule") == "R-EATK-7":  # why this push is offered (play3)
            e = next((View.of(state).enemy(a.target) for a in p.options if a.target and View.of(state).enemy(a.target)), None)
            if e is not None:
                d = View.of(state).scenario.content.enemies.get(e.type)
                name = _(d.name) if d else e.type
                title = T.clean(_f("The {enemy} that attacked shares the square: push it away? Pick a square or "
                                   "decline.", enemy=name.removeprefix("The ")))  # never "The The Stalker"
        # the heading whole: smaller, then the question without its how-to, before any cut (issue 25 retest:
        # long prompts were clipped with '…')
        short = T.clean(question(p)) if p.kind != "push_enemy" else title
        size, title = next(((z, t) for z, t in ((15, title), (13, title), (13, short), (12, short), (11, short))
                            if T.font(z, True).size(t)[0] <= r.width - 28), (11, short))
        T.text(surf, fit(title, size, r.width - 28, bold=True), (r.left + 14, r.top + 3 + (15 - size)), size,
               T.GOLD, bold=True)
        opts = list(p.options)
        if p.kind in ("trade", "stash", "take", "gear"):
            msg = _("Click who takes it in the dialog over the board, or press its number.") if p.kind == "gear" \
                else _("Use the buttons in the dialog over the board; Space when done.")
            T.text(surf, msg, (r.left + 14, r.top + 30), 13, T.MUTED)
            opts = [a for a in opts if a.kind == "done"]
        fixed = [a for a in opts if a.kind in ("done", "decline", "auto")]
        flow = [a for a in opts if a not in fixed]
        seats = View.of(state).deciding_seats()
        if len(seats) > 1 and not p.secret:  # a window any of several seats may answer: each person's own options
            people = [i for i in seats if not ui.controllers or ui.controllers[i] == "human"]
            flow = [(a, i) for i in people for a in View(state, i).legal() if a.kind not in ("done", "decline", "auto")]
        y = r.top + 25
        right = r.right - 10
        for a in reversed(fixed):
            label = describe(state, a)
            w = max(90, T.font(14, True).size(label)[0] + 24)
            right -= w
            button(surf, self.zones, pygame.Rect(right, y, w, 26), label, "option", a, hover=mouse, size=14,
                   primary=True)
            right -= 8
        x = r.left + 14
        labels = [describe(state, a) if not isinstance(a, tuple) else f"{seat_label(ui.names, a[1])}: {describe(state, a[0])}"
                  for a in flow]
        # each label whole (issue 25 retest finding 2: "Zombie 2, 5 squares east (#1 of …" was cut at a
        # fixed 240 px): a long one at 13 or 12 px, and those that do not fit the row go to "+N more…"
        room = right - 100 - x
        sizes = [next((z for z in (14, 13, 12) if T.font(z).size(label)[0] + 22 <= room), 12) for label in labels]
        widths = [max(70, T.font(z).size(label)[0] + 22) for z, label in zip(sizes, labels)]
        fits = len(flow)
        total = sum(widths) + 6 * len(widths)
        if x + total > right:  # not all fit: keep room for a "+N more…" button
            fits, acc = 0, 0
            for w in widths:
                if acc + w + 6 > room:
                    break
                acc += w + 6
                fits += 1
        for a, w, z, label in zip(flow[:fits], widths[:fits], sizes, labels):  # (a seat's own option: "seat_option", (action, seat))
            button(surf, self.zones, pygame.Rect(x, y, w, 26), label, "seat_option" if isinstance(a, tuple) else "option", a,
                   hover=mouse, size=z)
            x += w + 6
        if fits < len(flow):  # how many choices are not on the row: "All 3…" beside two zombies did not say
            # that zombie 3 was behind it (recheck R4)
            more = _f("+{n} more…", n=len(flow) - fits)
            button(surf, self.zones, pygame.Rect(right - 94, y, 90, 26), more, "more", None,
                   hover=mouse, size=13 if T.font(13).size(more)[0] <= 80 else 12)

    def draw_phase(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The enemy phase under the board (game.ui.enemyphase): the beat playing and its lines, or
        the recap; the tension card of the beat playing (or the last one drawn) held face up over
        the top of the side panel until the beats end."""
        now = ui.anim.beat_now()
        if now is None and ui.recap_t <= 0:
            return
        p = View.of(state).pending
        if p is not None and p.kind != "act" and not View.of(state).over:
            pass  # a decision's prompt and its caption (how to answer a tie) stay in view; the log has the lines
        else:
            EP.draw_strip(surf, PROMPT_RECT, ui.phase, now, self.zones, ui.mouse, ui.show_rule_ids, recap=now is None)
        if now is not None:
            cards = [i for i, b in enumerate(ui.phase.beats[: now + 1]) if b.kind == "card"]
            if cards:
                EP.draw_card(surf, pygame.Rect(SIDE_RECT.left + 8, SIDE_RECT.top + 6, SIDE_RECT.width - 16, 250), state,
                             ui.phase.beats[cards[-1]], ui.show_rule_ids, *EP.card_effects(ui.phase, cards[-1], now))

    def draw_over(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The prompt strip under the final board (issue 25 item 3): won or failed and why (who fell,
        to what, the last tension card; game.ui.results.cause_lines), and a Continue button; the
        board stays as it ended until the player moves on. Won/failed is said in words, not colour."""
        r = PROMPT_RECT
        ok = View.of(state).result == "success"
        label = _("Continue »")
        bw = max(120, T.font(15, True).size(label)[0] + 28)
        button(surf, self.zones, pygame.Rect(r.right - bw - 10, r.top + 10, bw, 34), label, "over_continue",
               hover=ui.mouse, primary=True, size=15)
        lines = list(ui.over_lines) or [_("Scenario over: success") if ok else _("Scenario over: failure")]
        room = pygame.Rect(r.left + 14, r.top + 2, r.width - bw - 40, r.height - 4)
        hs = next((z for z in (15, 13, 12) if T.font(z, True).size(lines[0])[0] <= room.width), 12)  # whole, not cut
        T.text(surf, fit(lines[0], hs, room.width, bold=True), (room.left, room.top + 2 + 15 - hs), hs,
               T.OK if ok else T.BAD, bold=True)
        rest = " ".join(lines[1:])
        if rest:
            self.text_lines(surf, rest, pygame.Rect(room.left, room.top + 22, room.width, room.height - 22), T.TEXT)

    @staticmethod
    def text_lines(surf: pygame.Surface, s: str, rect: pygame.Rect, colour, bold: bool = False) -> None:
        """``s`` in ``rect``, centred vertically: one line at 15 or 13 px if it fits, else wrapped at
        13 or 12 px onto as many lines as the height allows; only what still does not fit is cut
        (and recorded in theme.CUT for the text-fit test)."""
        for size in (15, 13):
            if T.font(size, bold).size(s)[0] <= rect.width:
                T.text(surf, s, (rect.left, rect.centery), size, colour, bold=bold, anchor="midleft")
                return
        for size in (13, 12):
            lines = T.wrap(s, size, rect.width, bold)
            lh = T.font(size, bold).get_linesize() - 1
            if len(lines) * lh <= rect.height or size == 12:
                break
        n = max(1, rect.height // lh)
        if len(lines) > n:
            T.CUT.append(s)
            lines = lines[:n]
            lines[-1] = fit(lines[-1] + " …", size, rect.width, bold)
        y = rect.centery - len(lines) * lh // 2
        for ln in lines:
            T.text(surf, ln, (rect.left, y), size, colour, bold=bold)
            y += lh

    def draw_banner(self, surf: pygame.Surface, msg: str) -> None:
        r = pygame.Rect(BOARD_RECT.left + 20, BOARD_RECT.top + 44, BOARD_RECT.width - 40, 10)
        lines = T.wrap(msg, 15, r.width - 30)
        r.height = 40 + len(lines) * 20
        pygame.draw.rect(surf, (0, 0, 0), r.move(3, 4), border_radius=8)
        pygame.draw.rect(surf, (60, 14, 14), r, border_radius=8)
        pygame.draw.rect(surf, T.BAD, r, 2, border_radius=8)
        T.text(surf, _("Reload failed — the old board is kept"), (r.left + 14, r.top + 8), 15, T.TEXT, bold=True)
        y = r.top + 30
        for ln in lines:
            T.text(surf, ln, (r.left + 14, y), 15, (255, 220, 210))
            y += 20
        T.text(surf, _("click to dismiss"), (r.right - 12, r.top + 8), 12, T.MUTED, anchor="topright")
        self.zones.add(Zone(r, "dismiss_banner"))

    TOAST_LOOK = {  # kind -> (fill, frame, mark): a refusal reads as one by its mark and word, not colour alone
        "refusal": ((46, 16, 16), T.BAD, "no"),
        "question": ((44, 34, 14), T.WARN, "?"),
        "info": ((22, 26, 34), (150, 170, 200), "i"),
    }

    def draw_toast(self, surf: pygame.Surface, msg: str, kind: str = "info") -> None:
        """A short message over the top of the board, wrapped (three lines at most): a refusal in a
        red frame with a no-entry mark, a question with "?", news with "i" (the mark's shape tells
        the kind, not only its colour)."""
        fill, frame, mark = self.TOAST_LOOK.get(kind, self.TOAST_LOOK["info"])
        text = msg
        lines = T.wrap(text, 18, BOARD_RECT.width - 100, True)
        if len(lines) > 3:
            T.CUT.append(text)
            lines = lines[:3]
            lines[-1] = fit(lines[-1] + " …", 18, BOARD_RECT.width - 100, True)
        lines = lines or [""]
        lh = T.font(18, True).get_linesize()
        w = max(T.font(18, True).size(ln)[0] for ln in lines)
        bg = pygame.Rect(0, 0, w + 28 + 34, lh * len(lines) + 14)
        bg.midtop = (BOARD_RECT.centerx, BOARD_RECT.top + 40 - lh // 2 - 7)
        pygame.draw.rect(surf, (0, 0, 0), bg.move(3, 4), border_radius=8)
        pygame.draw.rect(surf, fill, bg, border_radius=8)
        pygame.draw.rect(surf, frame, bg, 2, border_radius=8)
        c = (bg.left + 24, bg.top + 7 + lh // 2)
        pygame.draw.circle(surf, frame, c, 11, 3 if mark == "no" else 0)
        if mark == "no":  # a no-entry sign: a ring with a bar
            pygame.draw.line(surf, frame, (c[0] - 7, c[1] + 7), (c[0] + 7, c[1] - 7), 3)
        else:
            T.text(surf, mark, c, 15, fill, bold=True, anchor="center")
        for i, ln in enumerate(lines):
            T.text(surf, ln, (bg.left + 48, bg.top + 7 + lh * i), 18, T.TEXT, bold=True)
        self.toast_rect = bg
