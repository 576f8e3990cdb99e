"""Versus duels on the machine: triggers at check points, the duel window, secret bids and the
duel action (V-DUEL)."""
from __future__ import annotations

from ..actions import Action, make_typed
from ..machine import Window, action, decision, task
from .data import DIRS
from .payloads import BID, DECLARE, DUEL_ACT, DUEL_WINDOW, SHIFT_DONE, SHIFT_KINDS


class Duels:
    """Versus triggers, the duel window, bids and the duel action (V-DUEL):
    a part of :class:`~game.engine.versus.rules.VersusRun`, which gives ``self.s``, ``self.v``,
    ``self.sc``, ``self.m`` and the lookups."""

    # ------------------------------------------------------------------ V-DUEL
    def pair_state(self) -> dict[str, list[bool]]:
        """V-DUEL-4: for each living X of the non-active side, whether X sees the active
        character Y and whether they are adjacent."""
        y = self.active_fig()
        if y is None or y.dead:
            return {}
        return {f"{x.cid}|{y.cid}": [self.sees(x, y), self.adjacent(x.pos, y.pos)]
                for x in self.living(1 - self.s.active)}

    def record_seen(self) -> None:
        """V-DUEL-5: the seen/adjacent record, taken without firing anything."""
        self.v.seen = self.pair_state() if self.sc.duels else {}
        self.v.duel = {}

    @task("checkpoint")
    def t_checkpoint(self, task: dict) -> None:
        """V-DUEL-3/4: a check point after an atomic event of the active character: the triggers
        that fire now, then the duel window (V-DUEL-1/5), then the record."""
        v = self.v
        if not self.sc.duels:  # V-DUEL-13
            return
        now = self.pair_state()
        can = []
        for key, (sees, adj) in now.items():
            was = v.seen.get(key, [False, False])
            hit = False
            for kind, new, old in (("view", sees, was[0]), ("adj", adj, was[1])):
                tag = f"{key}|{kind}"
                if new and not old and tag not in v.fired:  # V-DUEL-4: first time, once per activation
                    v.fired.append(tag)
                    hit = True
            if hit:
                can.append(key.split("|")[0])
        if not can:
            v.seen = now
            return
        v.duel = {"can": can, "y": self.active_fig().cid}
        self.emit("duel_trigger", "V-DUEL-2", "versus.duel.trigger", {"cids": can}, cids=can)
        self.push({"t": "open_window", "w": DUEL_WINDOW}, {"t": "seen_record"})

    @task("seen_record", pure=True)
    def t_seen_record(self, task: dict) -> None:
        """V-DUEL-5: after the last duel of a check point."""
        self.record_seen()

    def window_options(self, w: Window, seat: int) -> list[Action]:
        """V-DUEL-5/12, V-HOT-4: the non-active side may declare a duel for each living X whose
        trigger fired at this check point, while Y lives and it has >= 1 CP."""
        d = self.v.duel
        if w.name != DUEL_WINDOW or not d.get("can") or self.v.cp[seat] < 1 or self.fig(d["y"]).dead:
            return []
        return [make_typed(DECLARE, seat=seat, cid=x) for x in d["can"] if not self.fig(x).dead]

    @action(DECLARE)
    def do_declare(self, seat: int, a: Action) -> None:
        """V-DUEL-1/6: a duel is declared for X; both sides bid in secret, the declarer first
        (V-HOT-2)."""
        d = self.v.duel
        d["can"] = [x for x in d["can"] if x != a.cid]
        d.update(x=a.cid, declarer=seat, bids={})
        self.emit("duel", "V-DUEL-1", "versus.duel.declare", {"cid": a.cid, "y": d["y"]}, cid=a.cid, y=d["y"])
        self.push({"t": "bid"})

    @task("bid")
    def t_bid(self, task: dict) -> None:
        """V-DUEL-6/8, V-HOT-2: the declarer bids 1..pool, then the active side 0..pool."""
        d, v = self.v.duel, self.v
        seat = d["declarer"] if str(d["declarer"]) not in d["bids"] else 1 - d["declarer"]
        low = 1 if seat == d["declarer"] else 0
        self.ask_seats(BID, [seat], "versus.prompt.bid", [make_typed(BID, seat=seat, cp=n) for n in range(low, v.cp[seat] + 1)],
                       secret=True, params={"cid": d["x"]})

    @decision(BID)
    def d_bid(self, ctx: dict, a: Action) -> None:
        d, v = self.v.duel, self.v
        d["bids"][str(a.seat)] = a.cp
        self.emit_to((a.seat,), "bid", "V-DUEL-6", "versus.bid.mine", {"cp": a.cp}, seat=a.seat, cp=a.cp)
        self.emit("bid_placed", "V-HOT-2", "versus.bid.placed", {"n": a.seat + 1}, seat=a.seat)
        if len(d["bids"]) < 2:
            self.push({"t": "bid"})
            return
        mine, theirs = d["bids"][str(d["declarer"])], d["bids"][str(1 - d["declarer"])]
        for seat_s, n in d["bids"].items():
            v.cp[int(seat_s)] -= n  # V-DUEL-7: both bids spent whatever the outcome
        ok = mine > theirs  # V-DUEL-6: strictly more
        d["bids"] = {}
        d["margin"] = mine - theirs
        self.emit("bid_reveal", "V-DUEL-6", "versus.bid.reveal" if ok else "versus.bid.fail",
                  {"declarer": mine, "active": theirs}, declarer=mine, active=theirs, success=ok)
        if ok:
            self.push({"t": "duel_act"})

    @task("duel_act")
    def t_duel_act(self, task: dict) -> None:
        """V-DUEL-8: X performs exactly one duel action: Strike (Y adjacent), Turn or Shift."""
        d = self.v.duel
        x, y = self.fig(d["x"]), self.fig(d["y"])
        opts = []
        if self.adjacent(x.pos, y.pos):
            opts.append(make_typed(DUEL_ACT, what="strike", facing=""))
        opts += [make_typed(DUEL_ACT, what="turn", facing=f) for f in DIRS]
        opts.append(make_typed(DUEL_ACT, what="shift", facing=""))
        self.wait(DUEL_ACT, x.seat, "versus.prompt.duel_act", opts, params={"cid": x.cid})

    @decision(DUEL_ACT)
    def d_duel_act(self, ctx: dict, a: Action) -> None:
        d = self.v.duel
        x, y = self.fig(d["x"]), self.fig(d["y"])
        if a.what == "strike":  # V-DUEL-8 (1): as a section of min(margin, 3) CP
            self.close_combat(x, y, min(d["margin"], 3))
        elif a.what == "turn":  # V-DUEL-8 (2)
            x.facing = a.facing
            self.emit("turn", "V-DUEL-8", "versus.turn", {"cid": x.cid, "facing": a.facing}, cid=x.cid, facing=a.facing)
        else:  # V-DUEL-8 (3): MP of the current side, as if 1 CP were spent on a Move section
            d["mp"] = self.side(x).mp
            d["free_doors"] = []  # (20.4 Quick Hands: each door free once per Shift)
            self.push({"t": "shift"})

    @task("shift")
    def t_shift(self, task: dict) -> None:
        d = self.v.duel
        x = self.fig(d["x"])
        if x.dead:
            return
        opts = [o for o in self.move_options(x, d) if o.kind in SHIFT_KINDS]
        self.wait("shift", x.seat, "versus.prompt.shift", opts + [make_typed(SHIFT_DONE)], params={"cid": x.cid})

    @decision("shift")
    def d_shift(self, ctx: dict, a: Action) -> None:
        if a.kind == SHIFT_DONE:
            return
        d = self.v.duel
        self.push({"t": "shift"})
        self.move_act(self.fig(d["x"]), a, d)  # V-DUEL-9: no check point, no new trigger
