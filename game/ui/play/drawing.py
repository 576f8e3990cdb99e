"""What the play screen draws over the view: the walk and attack previews, the pills beside the
pointer, the log line's tip, the hint line of the prompt strip."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...engine.query import View
from ...i18n import _, _f
from .. import theme as T
from ..hud.cards import boss_blocks
from ..hud.hover import HOVER_OPEN_S
from ..playui import BOARD_RECT, LOG_BIG_TOP, LOG_RECT, Marks, PROMPT_RECT, PULSE_S
from ..previews import reactions_if_phase_ends, weapon_reach
from ..rulebook import log_tip
from ..ruleids import tagged
from ..whynot import walk_plan, why_not_square
from ..widgets import tooltip

if TYPE_CHECKING:
    from ..app import App


TIP_OPEN_S = 0.35  # a log line's keyword tooltip opens after the pointer rested on it this long


class PlayDrawing:
    """The drawing of :class:`game.ui.play.PlayScene` (a part of it)."""

    # ------------------------------------------------------------------ drawing
    def still_key(self, app: "App") -> object | None:
        """The play screen's picture inputs when nothing on it moves by itself (see ``Scene.still_key``):
        None while anything runs on a clock (animations, the enemy phase and its recap, a toast, pulsing
        highlights, a tooltip or hover card about to open, the zoom note fading, a walk, the tutorial,
        the boss column, a dialog or hand-over waiting); else the state and its per-step view (a state
        changed by hand and ``touch()``-ed gets a new view), the pointer, pan and zoom, the log, the
        seats, the language and the settings the screen reads."""
        ui, v = self.ui, self.view
        t = ui.time
        if (ui.anim.busy or (ui.phase is not None and ui.recap_t != float("inf")) or ui.toast_t > 0 or self.walking or self.story_queue
                or self.pending_pass is not None or self.tutorial is not None or v.boss_rect is not None
                or v.note_alpha > 0 or t - ui.woke <= PULSE_S or t <= ui.hover_quiet_until < float("inf")
                or t - ui.hover_since <= HOVER_OPEN_S or t <= self.end_confirm_until
                or (self._tip_line is not None and t - self._tip_since <= TIP_OPEN_S) or self.open_rule is not None):
            return None
        st, view = self.state, View.of(self.state)
        self._still_refs = (st, view)  # (kept alive: compared by identity)
        return (id(st), id(view), ui.mouse, app.top is self, v.zoom, tuple(v.pan), len(ui.log),
                ui.log[-1] if ui.log else None, ui.log_scroll, ui.log_big, i18n.language(), tuple(self.controllers),
                tuple(ui.names), ui.banner, ui.show_rule_ids, id(ui.rolls), len(ui.rolls), ui.fresh_rolls,
                self._palette, T.MOVE_HL, len(self.history.window), len(self.history.redo), ui.scenario_name,
                ui.anim.last_caption, self.over_lines, id(getattr(ui.side_extra, "card", None)), self.over_go,
                id(ui.phase))

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        ui = self.ui
        base = self.marks
        m = Marks(act=base.act, choice_squares=base.choice_squares, pick_enemies=base.pick_enemies,
                  pick_chars=base.pick_chars, subjects=base.subjects)
        if ui.anim.boss_turn or ui.phase_playing():  # the boss or the enemy phase is still acting on
            m = Marks()  # screen: the next turn's options wait
        pos = ui.mouse if app.top is self else (-1, -1)  # no hover effects under an overlay
        saved_mouse = ui.mouse
        ui.mouse = pos
        over_dialog = self.view.dialog_rect is not None and self.view.dialog_rect.collidepoint(pos)
        # the enlarged log lies over the board: reading it must not hover the squares under it (play3)
        over_dialog = over_dialog or (ui.log_big and pygame.Rect(LOG_RECT.left, LOG_BIG_TOP, LOG_RECT.width,
                                                                 LOG_RECT.bottom - LOG_BIG_TOP).collidepoint(pos))
        if BOARD_RECT.collidepoint(pos) and self.view.layout is not None and not over_dialog:
            hit = self.view.model_at(pos)
            if hit:
                if hit[0] == "e":
                    m.hover_enemy = hit[1]
                else:
                    m.hover_char = hit[1]
            if not hit or hit[0] != "e":
                m.hover_edge = self.view.layout.edge_near(pos, list(base.act.doors)) if base.act.doors else None
            m.hover_sq = self.view.layout.square_at(pos)
        zone = self.view.zones.at(pos)
        key = (m.hover_sq, m.hover_enemy, m.hover_char, m.hover_edge, zone.rect.topleft if zone is not None else None)
        if key != ui.hover_key:
            ui.hover_key, ui.hover_since = key, ui.time
        ui.marks = m
        hint_key = (id(self.state), View.of(self.state).step, tuple(self.controllers), ui.show_rule_ids, i18n.language())
        if hint_key != self._hint_key:  # the hint reads the rules (boss tile, R-BOSS-8): once per step, not per frame
            self._hint_key, self._hint = hint_key, self.hint()
        ui.hint = self._hint
        ui.can_undo = self.history.can_undo() and not View.of(self.state).over
        ui.can_redo = bool(self.history.redo) and not View.of(self.state).over
        if ui.anim.boss_turn and ui.boss.card is not None:
            ui.hint = f"{ui.boss.card.boss_name} acts: behaviour card {ui.boss.card.name} (click to skip the animation)"
        toast_t = ui.toast_t
        if app.top is not self:  # an overlay (pause, pop-up, pass the mouse) hides the board's toast
            ui.toast_t = 0.0
        self.view.draw(surf, self.state, ui)
        ui.toast_t = toast_t
        ui.mouse = saved_mouse
        over_tutorial = self.tutorial is not None and self.tutorial.zones.at(pos) is not None
        if app.top is self and not over_tutorial:
            self.draw_move_preview(surf, m)
        if app.top is self and not over_tutorial:
            self.draw_previews(surf, pos)
        if self.tutorial is not None:
            self.tutorial.draw(surf, self, pos, ui.time)
        self.draw_log_tip(surf, pos)

    def draw_move_preview(self, surf: pygame.Surface, m: Marks) -> None:
        """Hovering a square the survivor cannot step to: the walk there, numbered one action per step,
        with its cost; or, when there is no way, the reason (whynot.why_not_square)."""
        st = self.state
        lay = self.view.layout
        sq = m.hover_sq
        if (lay is None or sq is None or m.hover_enemy or m.hover_edge or not self.can_act()
                or View.of(st).pending.kind != "act" or sq in m.act.moves or self.ui.anim.busy):
            return
        if self.walking or self.ui.time < self.ui.hover_quiet_until:  # a walk under way, an action just taken:
            return  # no preview of the move before it (the retest saw stale walk previews), as the tooltips wait
        here = View.of(st).active_char.pos
        if here is not None and tuple(sq) == tuple(here):  # her own square: her card says who stands there; a
            return  # red "× You are here." read as a mistake (newcomer's own play-test, after a walk)
        key = (id(st), View.of(st).step, sq)
        if key != self._preview_key:
            c = View.of(st).active_char
            far = c.pos is not None and max(abs(sq[0] - c.pos[0]), abs(sq[1] - c.pos[1])) > 1
            path = walk_plan(st, sq) if far else []
            self._preview = (path, "" if path else why_not_square(st, sq))
            self._preview_key = key
        path, why = self._preview
        if path:
            left = View.of(st).actions_left
            pts = [lay.centre(tuple(View.of(st).active_char.pos))] + [lay.centre(q) for q in path]
            pygame.draw.lines(surf, (20, 20, 20), False, pts, 6)
            pygame.draw.lines(surf, T.MOVE_HL, False, pts, 3)
            labels = list(getattr(self.view, "label_rects", None) or [])
            for i, q in enumerate(path, 1):
                ok = i <= left
                ctr = lay.centre(q)
                # the step's number keeps off the room labels (retest finding 11: it covered them): lower in
                # its square, else (a step on the way) a plain dot on the path
                if any(pygame.Rect(ctr[0] - 12, ctr[1] - 12, 24, 24).colliderect(lb) for lb in labels):
                    low = (ctr[0], lay.square_rect(q).bottom - 12)
                    if not any(pygame.Rect(low[0] - 12, low[1] - 12, 24, 24).colliderect(lb) for lb in labels):
                        ctr = low
                    elif i < len(path):
                        pygame.draw.circle(surf, T.MOVE_HL if ok else T.BAD, ctr, 4)
                        continue
                pygame.draw.circle(surf, (16, 14, 18), ctr, 11)
                pygame.draw.circle(surf, T.MOVE_HL if ok else T.BAD, ctr, 11, 2)
                T.text(surf, str(i), ctr, 13, T.TEXT if ok else T.BAD, bold=True, anchor="center")
            n = len(path)
            msg = (_f("Walk: {n} moves = {n} actions · click to plan", n=n) if n <= left
                   else _f("{n} moves: more than the 1 action you have left", n=n) if left == 1
                   else _f("{n} moves: more than the {left} actions you have left", n=n, left=left))
            if not m.hover_char:  # over a survivor its card says who stands there; the numbered path, the walk
                self.pill(surf, msg, lay.square_rect(sq), T.MOVE_HL if n <= left else T.BAD)
        elif why and not (self.ui.toast_t > 0 and self.ui.toast_kind == "refusal"):  # a click's refusal says it once
            self.pill(surf, "× " + why, lay.square_rect(sq), T.BAD)

    def draw_previews(self, surf: pygame.Surface, pos: tuple[int, int]) -> None:
        """Previews while the pointer rests on something (game.ui.previews): a weapon row shows the
        squares it reaches; End phase shows which tiles react and whether each enemy will attack or
        move; standing with enemies shows the evade chance of acting there."""
        st = self.state
        lay = self.view.layout
        if lay is None or not self.can_act() or View.of(st).pending.kind != "act" or self.ui.anim.busy:
            return
        z = self.view.zones.at(pos)
        if z is not None and z.key == "item_info" and isinstance(z.value, str) and View.of(st).has_card(z.value):
            try:
                reach = self.asked(("reach", z.value), lambda: weapon_reach(st, z.value))
            except KeyError:
                reach = set()
            if reach:
                sh = pygame.Surface((lay.sq, lay.sq), pygame.SRCALPHA)
                sh.fill((255, 70, 56, 46))
                for q in reach:
                    r = lay.square_rect(q)
                    surf.blit(sh, r)
                    pygame.draw.rect(surf, T.TARGET_HL, r.inflate(-6, -6), 1)
                self.pill(surf, _f("{weapon}: {n} squares in reach and sight", weapon=_(self.item_name(z.value)),
                                   n=len(reach)), lay.square_rect(tuple(View.of(st).active_char.pos)), T.TARGET_HL)
            return
        if z is not None and z.key == "end_phase":
            tiles, reacts = self.asked(("reactions",), lambda: reactions_if_phase_ends(st))
            board = View.of(st).scenario.board
            sh = pygame.Surface((lay.sq, lay.sq), pygame.SRCALPHA)
            sh.fill((238, 170, 60, 34))
            for tid in tiles:
                for q in board.tiles[tid].squares:
                    surf.blit(sh, lay.square_rect(q))
            n_att = sum(1 for r in reacts if r.does == "attack")
            if len(reacts) == 1:
                msg = (_("Ending now: 1 enemy on the tinted tiles reacts (it attacks)") if n_att else
                       _("Ending now: 1 enemy on the tinted tiles reacts (it moves)"))
            else:
                msg = (_f("Ending now: {n} enemies on the tinted tiles react ({a} attack)", n=len(reacts), a=n_att)
                       if reacts else _("Ending now: no enemy is on the tinted tiles, none reacts"))
            for r in reacts:
                e = View.of(st).enemy(r.uid)
                if e is not None:
                    word = _("attacks") if r.does == "attack" else _("moves")
                    self.pill(surf, word, lay.square_rect(tuple(e.pos)), T.BAD if r.does == "attack" else T.WARN)
            # the summary at the board's foot: above the survivor it sat under the next enemy's "attacks" (play3)
            self.pill(surf, msg, pygame.Rect(BOARD_RECT.centerx, BOARD_RECT.bottom - 8, 0, 0), T.WARN)
            return

    def asked(self, what: tuple, ask):
        """The rules' answer ``ask()`` to a preview's question ``what``, asked once per step of the game
        (the pointer resting on End phase or a weapon asked the rules again every frame)."""
        view = View.of(self.state)
        memo = self.__dict__.get("_asked")
        if memo is None or memo[0] is not view:
            memo = self._asked = (view, {})
        if what not in memo[1]:
            memo[1][what] = ask()
        return memo[1][what]

    @staticmethod
    def pill_lines(msg: str, width: int = 520) -> list[str]:
        """``msg`` as a pill shows it: wrapped to ``width`` px (13 pt bold), at most two lines, "…"
        only where a longer text is cut (a "why not" reason is read whole)."""
        f = T.font(13, True)
        wrapped = T.wrap(T.clean(msg), 13, width, True) or [""]
        lines = wrapped[:2]
        if len(wrapped) > 2:
            T.CUT.append(msg)
            lines[1] += "…"
        while f.size(lines[-1])[0] > width and len(lines[-1]) > 10:
            lines[-1] = lines[-1][:-2].rstrip(" .,;…") + "…"
        return lines

    def pill(self, surf: pygame.Surface, msg: str, near: pygame.Rect, edge) -> pygame.Rect:
        """A label of one or two lines above (or below) a square, kept on the board."""
        f = T.font(13, True)
        lines = self.pill_lines(msg)
        lh = f.get_linesize()
        w, h = max(f.size(ln)[0] for ln in lines) + 18, 24 + lh * (len(lines) - 1)
        r = pygame.Rect(0, 0, w, h)
        r.midbottom = (near.centerx, near.top - 4)
        if r.top < BOARD_RECT.top + 2:
            r.midtop = (near.centerx, near.bottom + 4)
        r.clamp_ip(BOARD_RECT)
        pygame.draw.rect(surf, (0, 0, 0), r.move(2, 3), border_radius=6)
        pygame.draw.rect(surf, (22, 19, 24), r, border_radius=6)
        pygame.draw.rect(surf, edge, r, 2, border_radius=6)
        for i, ln in enumerate(lines):
            T.put(surf, f.render(ln, True, T.TEXT), (r.left + 9, r.top + 3 + i * lh), (ln, 13, T.TEXT, True, False))
        return r

    def draw_log_tip(self, surf: pygame.Surface, pos: tuple[int, int]) -> None:
        """Hovering a log line a moment shows the meaning of its keywords and where its rule is explained."""
        z = self.view.zones.at(pos)
        line = z.value if z is not None and z.key == "log_line" else None
        if line is not self._tip_line:
            self._tip_line, self._tip_since = line, self.ui.time
        if line is not None and self.ui.time - self._tip_since >= TIP_OPEN_S:
            tooltip(surf, log_tip(line.text, line.rule, self.ui.show_rule_ids), pos, width=440)

    def hint(self) -> str:
        st = self.state
        act = self.marks.act
        bits = []
        must_act = False
        if act.moves:
            bits.append(_("click a framed square to move"))
        if act.attacks:
            bits.append(_("click an enemy in crosshairs to attack"))
        if act.doors:
            bits.append(_("click a glowing door"))
        boxes = {t.uid for t in View.of(st).tokens if t.kind == "item_box"}
        if act.stash or any(a.target in boxes for a in act.search):
            bits.append(_("click the item box"))
        if act.typewriter:
            bits.append(_("click the typewriter"))
        if act.end_phase is not None:
            bits.append(_("Space: end phase"))
        elif View.of(st).pending is not None and View.of(st).pending.kind == "act" and (act.moves or act.attacks
                                                                                          or act.search or act.doors):
            # what "Must act" asks and why (retest finding 7: the orange "Must act: an enemy or corpse is
            # here" said neither); the side panel's short label points here
            must_act = True
            bits.insert(0, tagged(_("No ending the phase with an enemy or corpse on your square: act or move away"),
                                  "R-TURN-5", None, "()"))
        c = View.of(st).active_char
        if View.of(st).pending is not None and View.of(st).pending.kind == "act" and any(
                boss_blocks(st, (c.pos[0] + dx, c.pos[1] + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if c.pos is not None):
            bits.append(tagged(_("no way out of the boss's tile until it is dead"), "R-BOSS-8", None, "()"))
        if not bits and View.of(st).pending is not None and View.of(st).pending.kind == "act":
            return _("No move is possible: act here (attack, use an item) — an enemy or corpse shares your square.")
        while must_act and len(bits) > 1 and T.font_for(" · ".join(bits), 13).size(" · ".join(bits))[0] \
                > PROMPT_RECT.width - 28:  # (one line: the warning of what acting here provokes is under it)
            bits.pop()  # the least needed last: the line is not cut in the middle of a word
        s = " · ".join(bits)
        return s[:1].upper() + s[1:]
