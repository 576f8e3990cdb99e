"""Versus orders on the machine: an activation's sections (V-ORDER-4..8), movement and facing
(V-MOVE, V-FACE), doors (V-DOOR, with 20.4 Quick Hands), items (V-CARD) and Stitch."""
from __future__ import annotations

from ..actions import Action, make_typed
from ..machine import decision, task
from .data import DIRS, FACINGS, MOVE, TILES
from .payloads import DOOR, END, GIVE, PICKUP, SEC_MOVE, STEP, STITCH, STRIKE, TURN
from .state import Figure


class Orders:
    """Versus sections, movement, facing, doors, items (V-ORDER, V-MOVE, V-FACE, V-DOOR, V-CARD):
    a part of :class:`~game.engine.versus.rules.VersusRun`, which gives ``self.s``, ``self.v``,
    ``self.sc``, ``self.m`` and the lookups."""

    @task("order")
    def t_order(self, task: dict) -> None:
        """The active character's next order (V-ORDER-4..8); an activation whose character died
        ends at once (V-DEATH-3)."""
        f = self.active_fig()
        if f is None:
            return
        if f.dead:
            self.end_activation(f, None)
            return
        self.wait("order", self.s.active, "versus.prompt.order", self.order_options(f), params={"cid": f.cid})

    def order_options(self, f: Figure) -> list[Action]:
        """Everything the active character may do now: run a section not yet run (V-ORDER-4/5),
        spend MP (V-MOVE, V-DOOR, V-CARD, Stitch), turn (V-FACE-1) or end (V-ORDER-8, V-FACE-2)."""
        v = self.v
        act = v.act
        pool = v.cp[f.seat]
        out: list[Action] = []
        for t in act["tiles"]:
            for i, (kind, cap) in enumerate(TILES[t].sections):
                if f"{t}/{i}" in act["run"]:
                    continue  # V-ORDER-5: each section runs once
                for cp in range(1, min(cap, pool) + 1):  # V-ORDER-4, V-CP-3
                    if kind == MOVE:
                        out.append(make_typed(SEC_MOVE, tile=t, sec=i, cp=cp))
                    else:
                        out.extend(make_typed(STRIKE, tile=t, sec=i, cp=cp, target=tg) for tg in self.targets(f))
        if act["moved"]:
            out.extend(self.move_options(f, act))
            if f.cid == "pask" and act["mp"] >= 2:  # 20.4 Stitch
                for g in self.living(f.seat):
                    if g.wounds > 0 and (g is f or self.adjacent(f.pos, g.pos)):
                        out.append(make_typed(STITCH, cid=g.cid))
        out.extend(make_typed(END, facing=d) for d in DIRS)
        return out

    def move_options(self, f: Figure, budget: dict) -> list[Action]:
        """What the MP of ``budget`` (the activation's ``act`` or a Shift duel action's ``duel``
        record, ``budget["mp"]``) buy (V-MOVE-2..6, V-DOOR-5..7, V-CARD-3/4) and the free turns
        (V-FACE-1)."""
        out: list[Action] = []
        mp = budget.get("mp", 0)
        cheap = self.handling_cost(f)  # 20.4 Quick Hands
        if mp >= 1:
            for d in DIRS:
                q = (f.pos[0] + FACINGS[d][0], f.pos[1] + FACINGS[d][1])
                if self.can_enter(f, q):
                    out.append(make_typed(STEP, to=q))
        if mp >= cheap:
            for dd in self.m.doors:
                if f.pos not in dd.squares() or not any(f.pos in e for e in dd.edges):
                    continue
                st = self.v.doors[dd.id]
                if mp < self.door_cost(f, dd.id, budget):
                    continue
                if st == "closed" and self.may_open(f, dd):
                    out.append(make_typed(DOOR, door=dd.id, open=True))
                elif st == "open":
                    out.append(make_typed(DOOR, door=dd.id, open=False))
            if not self.cdef(f).mindless:
                for iid, at in self.v.items.items():
                    if tuple(at) == f.pos:
                        out.append(make_typed(PICKUP, item=iid))
            for iid in f.items:
                for g in self.living(f.seat):
                    if g is not f and not self.cdef(g).mindless and self.adjacent(f.pos, g.pos):
                        out.append(make_typed(GIVE, item=iid, cid=g.cid))
        out.extend(make_typed(TURN, facing=d) for d in DIRS if d != f.facing)
        return out

    def handling_cost(self, f: Figure) -> int:
        """V-MOVE-5: picking up or handing over an item costs 1 MP; 0 for Kenji (20.4 Quick Hands)."""
        return 0 if self.cdef(f).ability == "quick_hands" else 1

    def door_cost(self, f: Figure, did: str, budget: dict) -> int:
        """V-MOVE-5, V-DOOR-5/7: opening or closing a door costs 1 MP. 20.4 Quick Hands makes it 0
        for Kenji the first time he works door ``did`` with this ``budget`` (an activation, or a
        Shift duel action); working the same door again costs the normal 1 MP. (Ruling, see
        docs/balance.md "Quick Hands": read literally, a free door could be opened and closed
        without end, an activation that never has to end.)"""
        if self.cdef(f).ability != "quick_hands" or did in budget.get("free_doors", ()):
            return 1
        return 0

    def can_enter(self, f: Figure, q) -> bool:
        """V-MOVE-2/3/4/6: an adjacent square with no living character, no intact
        movement-blocking object and not forbidden to this character (S1-SR-1, S2-SR-1)."""
        if not self.m.has(q) or not self.adjacent(f.pos, q) or self.occupant(q) is not None:
            return False
        o = self.object_at(q)
        if o is not None and o.blocks_move:
            return False
        return q not in self.sc.forbidden.get(f.cid, ())

    def may_open(self, f: Figure, dd) -> bool:
        """V-DOOR-2/6/7 and Mindless: sliding and locked doors need a magnetic card (V-CARD-7)."""
        if dd.kind == "sliding" or dd.locked:
            return self.carries_card(f) and not self.cdef(f).mindless
        return True

    @decision("order")
    def d_order(self, ctx: dict, a: Action) -> None:
        f = self.active_fig()
        k = a.kind
        if k == END:
            self.end_activation(f, a.facing)
            return
        if k == SEC_MOVE:
            self.commit(f, a.tile, a.sec, a.cp)
            n = a.cp * self.side(f).mp  # V-MOVE-1, the MP of the current side now
            if self.cdef(f).ability == "sprinter" and a.cp >= 2:
                n += 2  # 20.4 Sprinter
            self.v.act["mp"] += n
            self.v.act["moved"] = True
            self.emit("move_order", "V-MOVE-1", "versus.move_order", {"cid": f.cid, "cp": a.cp, "mp": n},
                      cid=f.cid, cp=a.cp, mp=n)
            self.push({"t": "order"})
            return
        if k == STRIKE:
            self.commit(f, a.tile, a.sec, a.cp)
            self.push({"t": "checkpoint"}, {"t": "order"})
            self.strike(f, a.target, a.cp)
            return
        if k == STITCH:
            self.v.act["mp"] -= 2
            g = self.fig(a.cid)
            g.wounds -= 1  # 20.4 Stitch; never flips back (V-WOUND-6)
            self.emit("stitch", "V-WOUND-6", "versus.stitch", {"cid": g.cid}, cid=g.cid)
            self.push({"t": "order"})
            return
        if k == TURN:  # (a turn is no atomic event of V-DUEL-3: no check point)
            self.turn_fig(f, a.facing)
            self.push({"t": "order"})
            return
        self.push({"t": "checkpoint"}, {"t": "order"})
        self.move_act(f, a, self.v.act)

    def commit(self, f: Figure, tile: str, sec: int, cp: int) -> None:
        """V-ORDER-4/5, V-CP-1: the CP of a section committed at once; the section is spent."""
        self.v.cp[f.seat] -= cp
        self.v.act["run"].append(f"{tile}/{sec}")

    def turn_fig(self, f: Figure, facing: str) -> None:
        """V-FACE-1: a free turn."""
        f.facing = facing
        self.emit("turn", "V-FACE-1", "versus.turn", {"cid": f.cid, "facing": facing}, cid=f.cid, facing=facing)

    def move_act(self, f: Figure, a: Action, budget: dict) -> None:
        """One MP action (a step, a door, an item), paid from ``budget["mp"]`` (the activation's
        or a Shift duel action's)."""
        cheap = self.handling_cost(f)
        k = a.kind
        if k == STEP:
            budget["mp"] -= 1  # V-MOVE-2
            f.pos = a.to
            self.emit("step", "V-MOVE-2", "versus.step", {"cid": f.cid, "to": list(a.to)}, cid=f.cid, to=list(a.to))
        elif k == TURN:
            self.turn_fig(f, a.facing)
        elif k == DOOR:
            cost = self.door_cost(f, a.door, budget)  # V-DOOR-5/7, V-MOVE-5, 20.4 Quick Hands
            if cost == 0:
                budget.setdefault("free_doors", []).append(a.door)
            budget["mp"] -= cost
            self.set_door(a.door, "open" if a.open else "closed")
            self.emit("door", "V-DOOR-5" if a.open else "V-DOOR-7", "versus.door.open" if a.open else "versus.door.close",
                      {"cid": f.cid, "door": a.door}, cid=f.cid, door=a.door, open=a.open)
        elif k == PICKUP:
            budget["mp"] -= cheap  # V-CARD-3
            del self.v.items[a.item]
            f.items.append(a.item)
            self.emit("pickup", "V-CARD-3", "versus.pickup", {"cid": f.cid, "item": a.item}, cid=f.cid, item=a.item)
        elif k == GIVE:
            budget["mp"] -= cheap  # V-CARD-4
            f.items.remove(a.item)
            self.fig(a.cid).items.append(a.item)
            self.emit("give", "V-CARD-4", "versus.give", {"cid": f.cid, "to": a.cid, "item": a.item},
                      cid=f.cid, to=a.cid, item=a.item)

    def end_activation(self, f: Figure, facing: str | None) -> None:
        """V-ORDER-8: the activation ends; unrun sections and MP are lost (V-ORDER-7); V-FACE-2:
        a living character may set its facing."""
        v = self.v
        if facing is not None and not f.dead and facing != f.facing:
            f.facing = facing
            self.emit("turn", "V-FACE-2", "versus.turn", {"cid": f.cid, "facing": facing}, cid=f.cid, facing=facing)
        v.act = {}
        v.fired = []
        v.seen = {}
        self.push({"t": "next_turn"})
