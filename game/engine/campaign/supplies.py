"""The end phase's supply steps, shared by every campaign (R-END-S1, R-END-S2, R-END-S10): reloading
with ammunition, recovering and using recovery items, mixing herbs, and the free trades allowed
meanwhile. :class:`SupplySteps` is a part of :class:`.endphase.EndPhaseRun` (it reads the run's
campaign state ``self.s`` and its helpers ``idef``, ``r_c``, ``r_i``, ``limit``, ``take_out``,
``emit``, ``wait``, ``next_phase``); it is split out of that module by subject.
"""
from __future__ import annotations

from ..actions import Action
from ..defs import herb_value
from ..machine import decision, task

HEALTH_NAMES = {1: "Fine", 2: "Fine", 3: "Caution", 4: "Caution", 5: "Danger", 6: "Unconscious"}


class SupplySteps:
    """The supply steps of the end phase after a success (see the module docstring)."""

    # ---------------------------------------------------------------- after success
    def give_options(self) -> list[Action]:
        """R-END-S10: free trades during S1-S8 (one card to a survivor with room)."""
        out = []
        for c in self.s.characters:
            for sl in c.inventory:
                for o in self.s.characters:
                    if o.cid != c.cid and len(o.inventory) < self.limit(o):
                        out.append(Action(kind="give", item=sl[0], target=o.cid))
        return out

    def do_give(self, a: Action) -> None:
        s = self.s
        src = next(c for c in s.characters if any(a.item in sl for sl in c.inventory))
        slot = next(sl for sl in src.inventory if a.item in sl)
        src.inventory.remove(slot)
        s.char(a.target).inventory.append(slot)
        self.emit("trade_item", "R-END-S10", "camp.give", {"char": self.r_c(src), "item": self.r_i(a.item),
                                                           "who": self.r_c(a.target)}, item=a.item, char=a.target)

    def ammo_options(self) -> list[Action]:
        out = []
        for c in self.s.characters:
            cards = [u for sl in c.inventory for u in sl]
            for u in cards:
                d = self.idef(u)
                if d.type != "ammo":
                    continue
                for w in cards:
                    wd = self.idef(w).weapon
                    if wd is not None and self.s.cards[w].defn in d.fits and wd.capacity is not None \
                            and (self.s.cards[w].ammo or 0) < wd.capacity:
                        out.append(Action(kind="use", item=u, item2=w, target=c.cid))
        return out

    @task("step_ammo")
    def t_ammo(self, task: dict) -> None:
        if getattr(self.pack, "success_refill", False):  # R-END-S1 [design] pack value, as R-END-F2
            self.refill_dials("R-END-S1", "success_refill")
        self.ammo_prompt()

    def refill_dials(self, rule: str, step: str) -> None:
        """Every weapon in an inventory (not the box) back to its printed capacity (R-END-F2)."""
        n = 0
        for c in self.s.characters:
            for sl in c.inventory:
                for u in sl:
                    wd = self.idef(u).weapon
                    if wd is not None and wd.capacity is not None:
                        self.s.cards[u].ammo = wd.capacity
                        n += 1
        self.emit("end_step", rule, "camp.ammo_refilled", {"n": n}, step=step, n=n)

    def trade_would_reload(self) -> bool:
        """R-END-S10 with R-END-S1: does some survivor hold ammunition that fits a weapon, not full,
        that another survivor holds? A trade during the step could then reload it, so the step is
        not skipped (the holder of the ammunition need not hold the weapon)."""
        s = self.s
        ammo = {(c.cid, f) for c in s.characters for sl in c.inventory for u in sl
                if self.idef(u).type == "ammo" for f in self.idef(u).fits}
        for c in s.characters:
            for sl in c.inventory:
                for w in sl:
                    wd = self.idef(w).weapon
                    if wd is None or wd.capacity is None or (s.cards[w].ammo or 0) >= wd.capacity:
                        continue
                    if any(cid != c.cid and f == s.cards[w].defn for cid, f in ammo):
                        return True
        return False

    def ammo_prompt(self) -> None:
        opts = self.ammo_options()
        if not opts and not (self.trade_would_reload() and self.give_options()):
            self.emit("end_step", "R-END-S1", "camp.no_ammo",
                      step="ammo")
            self.next_phase()
            return
        self.wait("ammo", 0, "ask.ammo",
                  opts + self.give_options() + [Action(kind="done")], {}, rule="R-END-S1")

    @decision("ammo")
    def d_ammo(self, ctx: dict, a: Action) -> None:
        if a.kind == "done":
            self.next_phase()
            return
        if a.kind == "give":
            self.do_give(a)
            self.ammo_prompt()
            return
        s = self.s
        w = s.cards[a.item2]
        cap = self.idef(a.item2).weapon.capacity
        before = w.ammo or 0
        w.ammo = cap if s.mode.easy else min(cap, before + (self.idef(a.item).reload or 0))  # R-EASY-3
        self.take_out(a.item)
        self.discard(a.item)
        self.emit("reload", "R-EASY-3" if s.mode.easy else "R-END-S1",
                  "camp.reload", {"char": self.r_c(a.target), "item": self.r_i(a.item2), "a": before, "b": w.ammo},
                  weapon=a.item2, ammo=w.ammo)
        self.ammo_prompt()

    def heal_options(self) -> list[Action]:
        out = []
        s = self.s
        for c in s.characters:
            for sl in c.inventory:
                ds = [self.idef(u) for u in sl]
                if ds[0].type != "recovery":
                    continue
                worth = ds[0].heal if len(sl) == 1 and ds[0].heal else herb_value([d.herb for d in ds])
                if worth <= 0:
                    continue
                for t in s.characters:
                    if t.health > 1:
                        out.append(Action(kind="use", item=sl[0], target=t.cid))
            herbs = [sl for sl in c.inventory if all(self.idef(u).herb for u in sl)]
            for i, a in enumerate(herbs):  # R-HERB-3 in the end phase (R-END-S2 [design])
                for b in herbs[i + 1:]:
                    if len(a) + len(b) <= 3:
                        out.append(Action(kind="mix", item=a[0], item2=b[0]))
        return out

    @task("step_heal")
    def t_heal(self, task: dict) -> None:
        """R-END-S2: everybody recovers 2 steps (an unconscious survivor goes 6 -> 4)."""
        for c in self.s.characters:
            before = c.health
            c.health = max(1, c.health - 2)
            # R-END-S2 as a player reads it: a survivor at the top of the dial is not healed "Fine -> Fine"
            mid = "camp.recovers" if HEALTH_NAMES[before] != HEALTH_NAMES[c.health] else \
                "camp.already_full" if before == c.health else "camp.recovers_full"
            self.emit("recover", "R-END-S2", mid, {"char": self.r_c(c), "n": 2, "a": {"t": "health", "v": before}, "b": {"t": "health", "v": c.health}},
                      char=c.cid, health=c.health, before=before)
        self.heal_prompt()

    def heal_prompt(self) -> None:
        opts = self.heal_options()
        if not opts:
            self.next_phase()
            return
        self.wait("heal", 0, "ask.heal",
                  opts + self.give_options() + [Action(kind="done")], {}, rule="R-END-S2")

    @decision("heal")
    def d_heal(self, ctx: dict, a: Action) -> None:
        s = self.s
        if a.kind == "done":
            self.next_phase()
            return
        if a.kind == "give":
            self.do_give(a)
            self.heal_prompt()
            return
        holder = next(c for c in s.characters if any(a.item in sl for sl in c.inventory))
        slot = next(sl for sl in holder.inventory if a.item in sl)
        if a.kind == "mix":
            other = next(sl for sl in holder.inventory if a.item2 in sl)
            holder.inventory.remove(other)
            slot.extend(other)
            self.emit("mix", "R-HERB-3", "camp.mix", {"char": self.r_c(holder),
                                                      "items": {"t": "list", "sep": "plus", "v": [self.r_i(u) for u in slot]}})
            self.heal_prompt()
            return
        t = s.char(a.target)
        ds = [self.idef(u) for u in slot]
        before = t.health
        if len(slot) == 1 and ds[0].heal:
            t.health = 1 if s.mode.easy else max(1, t.health - ds[0].heal)  # R-EASY-4
            rule = "R-EASY-4" if s.mode.easy else "R-END-S2"
        else:
            t.health = max(1, t.health - herb_value([d.herb for d in ds]))
            rule = "R-END-S2"
        holder.inventory.remove(slot)
        for u in slot:
            self.discard(u)
        self.emit("recover", rule, "camp.uses_on", {"char": self.r_c(holder), "items": {
            "t": "list", "sep": "plus", "v": [{"t": "item", "id": u, "name": d.name} for u, d in zip(slot, ds)]},
            "who": self.r_c(t), "a": {"t": "health", "v": before}, "b": {"t": "health", "v": t.health}}, char=t.cid,
                  health=t.health, before=before)
        self.heal_prompt()
