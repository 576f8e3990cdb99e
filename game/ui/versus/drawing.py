"""The versus screen's drawing (issue 27 item 3, issue 28's "thinking" sign): the top bar (round,
whose turn and faction, the bot thinking), the marks on the board (steps, targets, doors, models to
pick, the hovered model's sight arcs, the acting model's trail), the facing arrows, the log as the
viewer may read it with the round's activation order, the pause box, the tutorial step and the
hover texts. A mixin of :class:`~.scene.VersusScene`; everything from the viewer's view."""
from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import pygame

from ...engine.actions import visible_to
from ...engine.query import View
from ...engine.versus.view import VsView
from ...i18n import N_, _, _f
from .. import theme as T
from ..widgets import Zone, button, panel, tooltip
from ..words import words
from . import art
from . import words as W
from .board import Marks
from .layout import BOARD_AREA, DOOR_COL, MOVE_COL, PICK_COL, TARGET_COL
from .panels import char_card
from .saves import can_save


#: events about a seat, worded with the player's name instead of "Player N"
SEAT_LINES = {"deploy_done": N_("{name} has deployed in secret."), "bid_placed": N_("{name} has placed a secret bid."),
              "pass": N_("{name} passes for the round.")}


class ScreenDrawing:
    """The parts of the frame beside the board and the panels (mixed into the play screen)."""

    def draw_top(self, surf: pygame.Surface, vw: VsView) -> None:
        v = View(self.state, None)
        pygame.draw.rect(surf, T.BG2, (0, 0, T.W, 38))
        T.text(surf, _f("Round {n}", n=max(1, vw.round)), (12, 10), 16, T.GOLD, bold=True)
        T.text(surf, _(vw.scenario.name), (110, 11), 14, T.MUTED)
        seats = v.deciding_seats()
        if self.replaying and v.outcome() is None:
            T.text(surf, _f("Replay: action {i} of {n} · Space: the next one now · Esc: stop",
                            i=v.step, n=len(self.bots.steps)), (330, 10), 16, T.GOLD, bold=True)
        elif v.outcome() is None and seats:
            seat = seats[0]
            fac = vw.factions[seat]
            art.faction_symbol(surf, fac, (330, 19), 11)
            who = self.seat_label(seat)
            thinking = self.bots.thinking()
            if thinking is not None:
                dots = "." * (1 + int(self.now * 3) % 3)
                line = _f("{name} ({faction}) is thinking{dots}", name=self.seat_label(thinking),
                          faction=W.faction(vw.factions[thinking]), dots=dots)
                self.draw_thinking(surf, (348, 19))
                T.text(surf, line, (372, 10), 16, T.TEXT, bold=True)
            elif self.my_turn():
                T.text(surf, _f("{name} ({faction}): {prompt}", name=who, faction=W.faction(fac),
                                prompt=W.prompt(v.pending)), (348, 10), 16, T.TEXT, bold=True)
            else:
                T.text(surf, _f("Waiting for {name} ({faction})", name=who, faction=W.faction(fac)), (348, 10), 16,
                       T.MUTED)
        button(surf, self.zones, pygame.Rect(T.W - 44, 6, 36, 26), "?", "rules", hover=self.mouse, size=15,
               tip=_("Rules (F1)"))
        button(surf, self.zones, pygame.Rect(T.W - 130, 6, 80, 26), _("Legend"), "legend", hover=self.mouse, size=13,
               tip=_("What the pictures mean (L)"))
        if self.viewer is not None:
            T.text(surf, _f("Screen of {name}", name=self.seat_label(self.viewer)), (T.W - 138, 11), 13, T.DIM,
                   anchor="topright")
        else:
            T.text(surf, _("Spectator: public information only"), (T.W - 138, 11), 13, T.DIM, anchor="topright")

    def draw_thinking(self, surf: pygame.Surface, c: tuple[int, int]) -> None:
        """The bot's "thinking" sign: a turning ring of dots (issue 28 item 2)."""
        for i in range(8):
            a = self.now * 4 + i * math.pi / 4
            k = (i + 1) / 8
            pygame.draw.circle(surf, (int(232 * k), int(190 * k), int(92 * k)),
                               (c[0] + 9 * math.cos(a), c[1] + 9 * math.sin(a)), 2)

    def marks(self, vw: VsView) -> Marks:
        mk = Marks()
        legal = self.legal()
        p = View(self.state, None).pending
        kind = p.kind if p else ""
        if self.my_turn() and kind == "vs_deploy":
            fac = vw.factions[self.viewer]
            starts = list(self.board.m.starts[fac])
            if not self.deploy:
                self.deploy = dict(zip([f.cid for f in vw.mine()], starts))
            mk.starts = {q: str(i + 1) for i, q in enumerate(starts)}
            mk.placed = {q: (cid, vw.factions[self.viewer]) for cid, q in self.deploy.items()}
            mk.selected = self.sel_cid
            return mk
        for a in legal:
            if a.kind == "vs_step":
                mk.squares[tuple(a.to)] = (MOVE_COL, "1")
        if self.sel_strike is not None:
            for a in legal:
                if a.kind == "vs_strike" and (a.tile, a.sec, a.cp) == self.sel_strike:
                    if a.target.startswith("edge:"):
                        mk.edges[a.target[5:]] = TARGET_COL
                    else:
                        q = self.target_square(a.target)
                        if q is not None:
                            mk.squares[q] = (TARGET_COL, "")
        for eid, a in self.edge_actions(legal).items():
            if a.kind == "vs_door":
                mk.edges[eid] = DOOR_COL
        if kind == "activate" and self.my_turn():
            for a in legal:
                if a.kind == "vs_activate":
                    f = vw.fig(a.cid)
                    mk.squares[f.pos] = (PICK_COL, "")
        mk.selected = self.sel_cid or vw.acting
        mk.trail = self.trail()
        if self.hover_cid:
            f = vw.fig(self.hover_cid)
            if f.pos is not None and f.facing:
                mk.sight = self.board.sight_arcs(f.facing, f.pos)
                mk.seen = self.seen_by(vw, f.cid)
        return mk

    def this_round(self) -> list:
        """The events the viewer saw since the round began."""
        evs = visible_to(self.events, self.viewer)
        i = max((k for k, e in enumerate(evs) if e.kind == "round"), default=-1)
        return evs[i + 1:]

    def trail(self) -> list:
        """The squares the acting model walked this activation (V-MOVE-2), so a watcher can follow
        a bot's move: where it stood when activated, then each step."""
        start = self._trail_start
        if start is None or self.vw().acting != start[0]:
            return []
        evs = self.this_round()
        i = max((k for k, e in enumerate(evs) if e.kind == "activate"), default=None)
        steps = [tuple(e.data["to"]) for e in evs[i + 1:] if e.kind == "step"] if i is not None else []
        return [start[1], *steps] if steps else []

    def activation_order(self) -> list[str]:
        """V-ROUND-4/7: the characters activated this round, in order (passes as "")."""
        return [e.data.get("cid", "") if e.kind == "activate" else "" for e in self.this_round()
                if e.kind in ("activate", "pass")]

    def seen_by(self, vw: VsView, cid: str) -> list:
        """V-LOS-6: the squares of the other side's living models that model ``cid`` sees, asked of the
        rules (``VsView.run().sees``) only when everything the answer reads is public to the viewer:
        the deployment revealed and the model's facing known to this seat."""
        f = vw.fig(cid)
        if not vw.revealed or not f.facing or f.pos is None or f.dead:
            return []
        run = vw.run()
        x = run.fig(cid)
        return [g.pos for g in vw.figures if g.seat != f.seat and g.living and run.sees(x, run.fig(g.cid))]

    def draw_arrows(self, surf: pygame.Surface) -> None:
        if not self.my_turn():
            return
        for d, (r, a) in self.arrow_rects().items():
            hot = r.collidepoint(self.mouse)
            free = a.kind in ("vs_turn", "vs_face")  # V-FACE-1: free while moving; V-SETUP-3; a duel's Turn action
            self.zones.add(Zone(r, "act", a, True, W.action_label(a) if free else _f("Duel: turn to face {facing}",
                                                                                       facing=W.facing(d))))
            pygame.draw.circle(surf, (250, 210, 80) if hot else (30, 26, 22), r.center, 11)
            pygame.draw.circle(surf, (250, 210, 80), r.center, 11, 2)
            art.arrow(surf, d, r.center, 7, (250, 246, 236) if not hot else (20, 18, 14))

    def log_lines(self) -> list[str]:
        """The log as the viewer may read it (V-HOT-3: events of another seat's audience left out)."""
        out = []
        for e in visible_to(self.events, self.viewer):
            if e.msg:
                out.append(self.word(e))
        return out

    def word(self, e: Any) -> str:
        """Event ``e`` as the log shows it: a seat named by its player's name (who deployed, bid or
        passed), a square given as a coordinate pair, else the catalogue's sentence of its id."""
        seat = e.data.get("seat")
        if e.kind in SEAT_LINES and isinstance(seat, int):
            return _f(SEAT_LINES[e.kind], name=self.seat_label(seat))
        params = dict(e.params or {})
        to = params.get("to")
        if isinstance(to, (list, tuple)) and len(to) == 2 and all(isinstance(v, int) for v in to):
            params["to"] = {"t": "sq", "xy": list(to)}  # rendered "(x, y)"
            return words(SimpleNamespace(msg=e.msg, params=params))
        return words(e)

    def draw_log(self, surf: pygame.Surface) -> None:
        r = pygame.Rect(BOARD_AREA.left, self.board.rect.bottom + 6, BOARD_AREA.w, T.H - self.board.rect.bottom - 10)
        pygame.draw.rect(surf, T.BG2, r, border_radius=4)
        order = self.activation_order()  # V-ROUND-4: who acted this round, in turn
        o = pygame.Rect(r.right - 250, r.top, 250, r.h)
        T.text(surf, _("This round:"), (o.left + 6, o.top + 3), 12, T.MUTED)
        x = o.left + 10
        vw = self.vw()
        for cid in order[-11:]:
            c = (x + 10, o.top + 32)
            if cid:
                fac = vw.factions[vw.fig(cid).seat]
                pygame.draw.circle(surf, art.FACTION_DARK[fac], c, 10)
                art.char_glyph(surf, cid, c, 6, art.faction_colour(fac))
                art.faction_symbol(surf, fac, (c[0] + 7, c[1] + 8), 4)
                self.zones.add(Zone(pygame.Rect(c[0] - 10, c[1] - 10, 20, 20), "tip", None, True, W.char(cid)))
            else:  # a pass
                pygame.draw.line(surf, T.DIM, (c[0] - 6, c[1]), (c[0] + 6, c[1]), 2)
            x += 22
        r.w -= 256
        lines = self.log_lines()
        n = max(1, (r.h - 4) // 17)
        for i, line in enumerate(lines[-n:]):
            T.text(surf, T.fit(line, 13, r.w - 16), (r.left + 8, r.top + 3 + i * 17), 13,
                   T.TEXT if i == len(lines[-n:]) - 1 else T.MUTED)

    def draw_menu(self, surf: pygame.Surface) -> None:
        s = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
        s.fill((0, 0, 0, 200))
        surf.blit(s, (0, 0))
        r = pygame.Rect(0, 0, 360, 230)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=T.PANEL, edge=T.GOLD)
        bots = self.replaying or any(c != "human" for c in self.controllers)  # no bot, no word of bots
        T.text(surf, _("Paused: the bots have stopped thinking.") if bots else _("Paused"), (r.centerx, r.top + 24), 15,
               T.TEXT, anchor="center")
        button(surf, self.zones, pygame.Rect(r.left + 40, r.top + 60, 280, 44), _("Resume"), "menu", "resume",
               hover=self.mouse, primary=True)
        ok = not self.replaying and can_save(self.state)
        button(surf, self.zones, pygame.Rect(r.left + 40, r.top + 116, 280, 40), _("Save and quit to menu"), "menu",
               "save", hover=self.mouse, enabled=ok,
               tip="" if ok else _("A game is saved only while nothing is secret (after the reveal, between bids)."))
        button(surf, self.zones, pygame.Rect(r.left + 40, r.top + 164, 280, 40), _("Quit to menu"), "menu", "quit",
               hover=self.mouse)

    def draw_coach(self, surf: pygame.Surface, vw: VsView) -> None:
        """The tutorial step of the decision in front of the person deciding (once per kind)."""
        p = View(self.state, None).pending
        if not self.my_turn() or p is None or View(self.state).over:
            self.coach.zones.clear()
            return
        key = self.coach.current(p.kind, vw.mp)
        if key is None:
            self.coach.zones.clear()
            return
        mk = self.marks(vw)
        squares = set(mk.starts) | set(mk.squares) | {f.pos for f in vw.mine() if f.pos is not None and not f.dead}
        if vw.acting:
            squares |= {q for q in (vw.fig(vw.acting).pos,) if q is not None}
        self.coach.draw(surf, key, self.mouse, [self.board.sq_rect(tuple(q)).inflate(8, 8) for q in squares])

    def draw_hover(self, surf: pygame.Surface, vw: VsView) -> None:
        if self.menu_open:
            return
        if not self.hover_cid or View(self.state, None).outcome() is not None:  # no model card over the result
            z = self.zones.at(self.mouse)
            if z is not None and z.tip:  # a control's or a tile's words under the pointer
                tooltip(surf, [(z.tip, 13, T.TEXT, False)], self.mouse, 320)
            return
        char_card(self, surf, vw, self.hover_cid, self.mouse)

