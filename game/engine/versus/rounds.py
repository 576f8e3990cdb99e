"""Versus rounds on the machine: the Start phase, alternating turns and activation (V-ROUND,
V-ORDER-3) and the End phase (V-END, the round limit)."""
from __future__ import annotations

from itertools import combinations

from ..actions import Action, make_typed
from ..machine import decision, task
from .data import TILES
from .payloads import ACTIVATE, PASS
from .state import Figure


class Rounds:
    """Versus the Start phase, turns and activation, the End phase (V-ROUND, V-END):
    a part of :class:`~game.engine.versus.rules.VersusRun`, which gives ``self.s``, ``self.v``,
    ``self.sc``, ``self.m`` and the lookups."""

    # ------------------------------------------------------------------ V-ROUND
    @task("round_start")
    def t_round_start(self, task: dict) -> None:
        """V-ROUND-2: (a) CP pools to the allowance plus Rally; (b) every tile ready; (c) every
        living character unactivated. V-ROUND-3: who is first."""
        s, v = self.s, self.v
        v.round += 1
        s.turn = v.round
        for seat, fac in enumerate(v.factions):
            rally = any(f.cid == "lucinda" for f in self.living(seat))  # 20.4 Rally
            v.cp[seat] = self.sc.cp[fac] + (1 if rally else 0)
            v.used[seat] = []
        for f in v.figures:
            f.activated = False
        v.first = self.first_seat(v.round)
        s.active = v.first
        self.emit("round", "V-ROUND-1", "versus.round", {"n": v.round}, round=v.round, first=v.first, cp=list(v.cp))
        self.begin_phase("activation")

    def may_take_turn(self, seat: int) -> bool:
        """V-ROUND-5: >= 1 CP, a ready tile and a living unactivated character."""
        v = self.v
        return v.cp[seat] >= 1 and len(v.used[seat]) < len(TILES) and \
            any(not f.activated for f in self.living(seat))

    @task("turn")
    def t_turn(self, task: dict) -> None:
        """V-ROUND-4: activate one eligible character (V-ORDER-3: one or two ready tiles) or pass."""
        s, v = self.s, self.v
        seat = s.active
        ready = [t for t in TILES if t not in v.used[seat]]
        combos = [(t,) for t in ready] + list(combinations(ready, 2))
        opts = [make_typed(ACTIVATE, cid=f.cid, tiles="+".join(c))
                for f in self.living(seat) if not f.activated for c in combos]
        opts.append(make_typed(PASS))
        self.wait("activate", seat, "versus.prompt.activate", opts)

    @decision("activate")
    def d_activate(self, ctx: dict, a: Action) -> None:
        s, v = self.s, self.v
        if a.kind == PASS:  # V-ROUND-6: final for the round
            self.emit("pass", "V-ROUND-6", "versus.pass", {"n": s.active + 1}, seat=s.active)
            self.pass_turn()
            return
        f = self.fig(a.cid)
        tiles = a.tiles.split("+")
        f.activated = True  # V-ROUND-7
        v.used[s.active].extend(tiles)
        v.act = {"cid": f.cid, "tiles": tiles, "run": [], "mp": 0, "moved": False}
        v.fired = []
        self.emit("activate", "V-ORDER-3", "versus.activate", {"cid": f.cid, "tiles": tiles}, cid=f.cid, tiles=tiles)
        self.record_seen()  # V-DUEL-4: the start of the activation fires nothing
        self.push({"t": "order"})

    def active_fig(self) -> Figure | None:
        cid = self.v.act.get("cid")
        return self.fig(cid) if cid else None


    # ------------------------------------------------------------------ V-END
    @task("round_end")
    def t_round_end(self, task: dict) -> None:
        """V-END-3 (1): every open sliding door closes (V-DOOR-3, V-END-1; wooden ones stay
        open, V-DOOR-8). The victory checks (2) run after this task."""
        for dd in self.m.doors:
            if dd.kind == "sliding" and self.v.doors[dd.id] == "open":
                self.set_door(dd.id, "closed")
                self.emit("door", "V-END-1", "versus.door.shut", {"door": dd.id}, door=dd.id, open=False)
        self.push({"t": "round_limit"})

    @task("round_limit")
    def t_round_limit(self, task: dict) -> None:
        """V-END-3 (3)/(4): the round limit gives the scenario's time-out result (20.6: the
        Syndicate; 20.7: a draw, V-OVR-4); otherwise the next round."""
        if self.v.round >= self.sc.round_limit:
            self.finish_with(self.sc.timeout, "V-OVR-4")
            return
        self.begin_phase("start")
