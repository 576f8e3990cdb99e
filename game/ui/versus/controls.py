"""The versus screen's controls (issue 27 item 3): what a click on the board means, always one of
the seat's legal actions: a square of a step (V-MOVE-2), the edge of a door (V-DOOR-5/7) or of a
wall/door to strike (V-DESTROY), a target's square after a Close-combat section and its CP were
picked (V-CC-2), the arrows beside a model (a free turn while moving, V-FACE-1; a set-up facing,
V-SETUP-3; a duel's Turn, V-DUEL-8), the start squares of a secret deployment (V-SETUP-3).
A mixin of :class:`~.scene.VersusScene`."""
from __future__ import annotations

import pygame

from ...engine import Action
from ...engine.board import edge_id
from ...engine.query import View


class BoardControls:
    """Clicks on the board as legal actions (mixed into the play screen)."""

    def legal(self) -> list[Action]:
        return View(self.state, self.viewer).legal() if self.my_turn() else []

    def board_click(self, pos: tuple[int, int]) -> None:
        """A click on the board: a square or edge the legal actions name, a model to pick."""
        legal = self.legal()
        p = View(self.state, None).pending
        q = self.board.square_at(pos)
        kind = p.kind if p else ""
        if kind == "vs_deploy":
            self.deploy_click(q)
            return
        arrow = self.arrow_at(pos)  # a facing arrow first: it sits on the square's edge, maybe a door's
        if arrow is not None:
            self.do(arrow, self.viewer)
            return
        # an edge: a door to open or close, or a wall / door to strike
        edges = self.edge_actions(legal)
        eid = self.board.edge_at(pos, list(edges))
        if eid is not None:
            self.do(edges[eid], self.viewer)
            return
        if q is None:
            return
        for a in legal:
            if a.kind == "vs_step" and tuple(a.to) == q:
                self.do(a, self.viewer)
                return
        if self.sel_strike is not None:
            for a in legal:
                if a.kind == "vs_strike" and (a.tile, a.sec, a.cp) == self.sel_strike and self.target_square(a.target) == q:
                    self.do(a, self.viewer)
                    return
        vw = self.vw()
        f = next((f for f in vw.figures if f.pos == q and not f.dead), None)
        if f is not None and kind == "activate" and any(a.kind == "vs_activate" and a.cid == f.cid for a in legal):
            self.sel_cid = f.cid

    def edge_actions(self, legal: list[Action]) -> dict[str, Action]:
        """Edge id -> the action a click on it takes: open/close a door (V-DOOR-5/7), or strike
        the wall or closed door there with the section picked (V-DESTROY)."""
        out: dict[str, Action] = {}
        doors = {d.id: d for d in self.board.m.doors}
        for a in legal:
            if a.kind == "vs_door":
                for e in doors[a.door].edges:
                    out[edge_id(e)] = a
            elif a.kind == "vs_strike" and self.sel_strike == (a.tile, a.sec, a.cp) and a.target.startswith("edge:"):
                out[a.target[5:]] = a
        return out

    def target_square(self, t: str):
        kind, _s, tid = t.partition(":")
        vw = self.vw()
        if kind == "fig":
            return vw.fig(tid).pos
        if kind == "obj":
            me = vw.fig(vw.acting).pos if vw.acting else None
            o = self.board.m.object(tid)
            near = [q for q in o.squares if me and abs(q[0] - me[0]) + abs(q[1] - me[1]) == 1]
            return near[0] if near else o.squares[0]
        return None

    # ------------------------------------------------------------------ facing arrows (V-FACE-1, V-SETUP-3)
    def arrow_actions(self) -> tuple[str | None, dict[str, Action]]:
        """The model whose facing may be set now and each direction's action: a free turn while
        moving (V-FACE-1), a duel's Turn (V-DUEL-8), a secret set-up facing (V-SETUP-3)."""
        legal = self.legal()
        p = View(self.state, None).pending
        out: dict[str, Action] = {}
        cid = None
        for a in legal:
            if a.kind == "vs_turn":  # the acting model, or the duel's X while it shifts (V-DUEL-8)
                cid, out[a.facing] = (p.params or {}).get("cid") or self.vw().acting, a
            elif a.kind == "vs_face":
                cid, out[a.facing] = a.cid, a
            elif a.kind == "vs_duel_act" and a.what == "turn":
                cid, out[a.facing] = (p.params or {}).get("cid"), a
        return cid, out

    def arrow_rects(self) -> dict[str, tuple[pygame.Rect, Action]]:
        cid, acts = self.arrow_actions()
        if not cid or not acts:
            return {}
        f = self.vw().fig(cid)
        if f.pos is None:
            return {}
        cx, cy = self.board.centre(f.pos)
        c = self.board.cell
        out = {}
        for d, a in acts.items():
            dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[d]
            r = pygame.Rect(0, 0, 22, 22)
            r.center = (cx + dx * c * .5 + dy * c * .32, cy + dy * c * .5 - dx * c * .32)
            out[d] = (r, a)
        return out

    def arrow_at(self, pos) -> Action | None:
        for d, (r, a) in self.arrow_rects().items():
            if r.collidepoint(pos):
                return a
        return None

    # ------------------------------------------------------------------ deployment (V-SETUP-3)
    def deploy_click(self, q) -> None:
        vw = self.vw()
        fac = vw.factions[self.viewer]
        starts = list(self.board.m.starts[fac])
        mine = [f.cid for f in vw.mine()]
        if not self.deploy:
            self.deploy = dict(zip(mine, starts))
        if q in starts:
            here = next((c for c, s in self.deploy.items() if s == q), None)
            if self.sel_cid and here != self.sel_cid:  # swap the picked model with whoever stands there
                old = self.deploy.get(self.sel_cid)
                self.deploy[self.sel_cid] = q
                if here is not None:
                    self.deploy[here] = old
                self.sel_cid = None
            else:
                self.sel_cid = here

    def deploy_action(self) -> Action | None:
        """The legal deployment that puts every model where the player placed it."""
        vw = self.vw()
        fac = vw.factions[self.viewer]
        starts = list(self.board.m.starts[fac])
        if not self.deploy:
            self.deploy = dict(zip([f.cid for f in vw.mine()], starts))
        at = {s: c for c, s in self.deploy.items()}
        order = ",".join(at.get(s, "") for s in starts)
        return next((a for a in self.legal() if a.kind == "vs_deploy" and a.order == order), None)

