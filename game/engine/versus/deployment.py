"""Versus set-up on the machine: hidden deployment and secret facings (V-SETUP-3)."""
from __future__ import annotations

from itertools import permutations

from ..actions import Action, make_typed
from ..machine import decision, task
from .data import DIRS
from .payloads import DEPLOY, FACE


class Deployment:
    """Versus hidden deployment and secret facings (V-SETUP-3):
    a part of :class:`~game.engine.versus.rules.VersusRun`, which gives ``self.s``, ``self.v``,
    ``self.sc``, ``self.m`` and the lookups."""

    # ------------------------------------------------------------------ V-SETUP
    @task("deploy")
    def t_deploy(self, task: dict) -> None:
        """V-SETUP-3 (1)-(3): each side assigns its characters to its start squares in secret
        (the first player first); both are revealed together. Fixed deployments skip it."""
        s, v = self.s, self.v
        if self.sc.fixed:
            for f in v.figures:
                f.pos, f.facing = self.sc.fixed[f.cid]
            v.revealed = True
            self.emit("deploy_reveal", "V-SETUP-3", "versus.deploy.fixed", {},
                      at={f.cid: list(f.pos) for f in v.figures})
            self.begin_phase("start")
            return
        order = [self.first_seat(1), 1 - self.first_seat(1)]
        left = [seat for seat in order if str(seat) not in v.deploy]
        self.ask_seats(DEPLOY, left, "versus.prompt.deploy", self.deploy_options(left[0]), secret=True)

    def first_seat(self, rnd: int) -> int:
        """V-ROUND-3: the scenario's first player in round 1, then the other one each round."""
        first = self.seat_of(self.sc.first)
        return first if rnd % 2 == 1 else 1 - first

    def deploy_options(self, seat: int) -> list[Action]:
        """V-SETUP-3 (1): every assignment of the seat's characters to distinct start squares."""
        fac = self.v.factions[seat]
        force = self.sc.forces[fac]
        starts = self.m.starts[fac]
        return [make_typed(DEPLOY, seat=seat, order=",".join(p)) for p in permutations(force, len(starts))
                if len(p) == len(force)]

    def seat_options(self, p, seat: int) -> list[Action]:
        """Each seat's own options in a decision addressed to it (deployment, facings, bids)."""
        if p.kind == DEPLOY:
            return self.deploy_options(seat)
        return super().seat_options(p, seat)

    @decision(DEPLOY)
    def d_deploy(self, ctx: dict, a: Action) -> None:
        s, v = self.s, self.v
        v.deploy[str(a.seat)] = a.order
        self.emit_to((a.seat,), "deploy", "V-SETUP-3", "versus.deploy.mine", {"order": a.order}, seat=a.seat, order=a.order)
        self.emit("deploy_done", "V-HOT-1", "versus.deploy.done", {"n": a.seat + 1}, seat=a.seat)
        if len(v.deploy) < 2:
            self.push({"t": "deploy"})
            return
        at = {}
        for seat_s, order in v.deploy.items():
            fac = v.factions[int(seat_s)]
            for cid, q in zip(order.split(","), self.m.starts[fac]):
                self.fig(cid).pos = q
                at[cid] = list(q)
        v.deploy = {}
        v.revealed = True
        self.emit("deploy_reveal", "V-SETUP-3", "versus.deploy.reveal", {}, at=at)
        self.push({"t": "facing"})

    @task("facing")
    def t_facing(self, task: dict) -> None:
        """V-SETUP-3 (4): after the reveal each side sets its characters' facings in secret (the
        first player first); the facings are revealed together."""
        v = self.v
        for seat in (self.first_seat(1), 1 - self.first_seat(1)):
            for f in v.figures:
                if f.seat == seat and f.cid not in v.facings:
                    self.ask_seats(FACE, [seat], "versus.prompt.facing",
                                   [make_typed(FACE, seat=seat, cid=f.cid, facing=d) for d in DIRS],
                                   {"cid": f.cid}, secret=True, params={"cid": f.cid})
                    return
        for f in v.figures:
            f.facing = v.facings[f.cid]
        self.emit("facing_reveal", "V-SETUP-3", "versus.facing.reveal", {},
                  facing={f.cid: f.facing for f in v.figures})
        v.facings = {}
        self.begin_phase("start")

    @decision(FACE)
    def d_face(self, ctx: dict, a: Action) -> None:
        self.v.facings[a.cid] = a.facing
        self.emit_to((a.seat,), "facing", "V-SETUP-3", "versus.facing.mine", {"cid": a.cid, "facing": a.facing},
                     cid=a.cid, facing=a.facing)
        self.push({"t": "facing"})
