"""The campaign rule set on the rules machine: the end phase after success and after failure
(R-END), the unlock steps (R-CAMP-12/16/23), card removal (R-REMOVE) and choosing the next
scenario (R-END-S11, R-END-F8, R-SOLO-2).

Every step of the rulebook's lists is one row of the phase table, in the rulebook's order, and
every player decision is a legal action (who uses which ammunition and healing, which path
cards to flip, what goes in or out of the item box, which scenario comes next).
"""
from __future__ import annotations

from ..actions import Action
from ..machine import Machine, Phase, RuleSet, action, decision, register_ruleset, task  # noqa: F401
from ..state import CardState
from .state import CampaignState, CampChar

HEALTH_NAMES = {1: "Fine", 2: "Fine", 3: "Caution", 4: "Caution", 5: "Danger", 6: "Unconscious"}

_X0 = [("sustained", "R-END-X0"), ("poison", "R-END-X0"), ("overrun", "R-DANGER-6"), ("victory", "R-CAMP-16")]
#: R-END-S0..S9, R-END-X1, R-CAMP-23, R-END-S11: the list after a successful scenario
SUCCESS_STEPS = _X0 + [("unlock", "R-END-S0"), ("ammo", "R-END-S1"), ("heal", "R-END-S2"),
                       ("scenario_items", "R-END-S3"), ("item_a", "R-END-S4"), ("spray", "R-END-S5"),
                       ("danger", "R-END-S6"), ("ribbons", "R-END-S7"), ("tension", "R-END-S8"),
                       ("completion", "R-END-S9"), ("transfer", "R-END-X1"), ("unlock2", "R-CAMP-23"),
                       ("choose", "R-END-S11")]
#: R-END-F1..F8, R-END-X1, R-CAMP-23: the list after a failed scenario
FAILURE_STEPS = _X0 + [("return", "R-END-F1"), ("unlock", "R-END-F1a"), ("refill", "R-END-F2"),
                       ("fine", "R-END-F3"), ("spray", "R-END-F4"), ("danger", "R-END-F5"),
                       ("ribbons", "R-END-F6"), ("tension", "R-END-F7"), ("transfer", "R-END-X1"),
                       ("unlock2", "R-CAMP-23"), ("choose", "R-END-F8")]


def _phases() -> tuple[Phase, ...]:
    rows = []
    for prefix, steps in (("success", SUCCESS_STEPS), ("failure", FAILURE_STEPS)):
        for i, (name, rule) in enumerate(steps):
            nxt = f"{prefix}.{steps[i + 1][0]}" if i + 1 < len(steps) else None
            rows.append(Phase(f"{prefix}.{name}", start=f"step_{name}", then=nxt, rule=rule))
    rows.append(Phase("choose", start="step_choose", then=None, rule="R-CAMP-11"))
    return tuple(rows)


class CampaignRun(Machine):
    """One resolution pass of the campaign rule set over a :class:`CampaignState`."""

    def __init__(self, s: CampaignState):
        super().__init__(s)  # type: ignore[arg-type]
        if s.pack_def is None or s.content is None:
            raise RuntimeError("CampaignState has no pack/content attached (use state.attach(pack, content))")
        self.s: CampaignState = s  # type: ignore[assignment]
        self.pack = s.pack_def
        self.ct = s.content

    # ---------------------------------------------------------------- helpers
    def idef(self, uid: str):
        return self.ct.items[self.s.cards[uid].defn]

    def cname(self, c: CampChar | str) -> str:
        cid = c if isinstance(c, str) else c.cid
        return self.ct.characters[cid].name

    def limit(self, c: CampChar) -> int:
        return self.ct.characters[c.cid].inventory_limit + c.limit_bonus

    def box_limit(self) -> int:
        """R-IBOX-4: 8 items, 24 in solo mode (R-SOLO-3)."""
        return 24 if self.s.mode.solo else 8

    def next_phase(self) -> None:
        """Go on to the row after the current one in the phase table."""
        ph = self.rules.phase(self.s.phase)
        if ph.then is not None:
            self.begin_phase(ph.then)

    def step_rule(self) -> str:
        return self.rules.phase(self.s.phase).rule

    def take_out(self, uid: str) -> None:
        """Remove card ``uid`` from wherever it is (inventory slot, box slot or pile)."""
        s = self.s
        for slots in [c.inventory for c in s.characters] + [s.item_box]:
            for sl in list(slots):
                if uid in sl:
                    sl.remove(uid)
                    if not sl:
                        slots.remove(sl)
                    return
        for pile in s.piles.values():
            if uid in pile:
                pile.remove(uid)
                return

    def remove_from_game(self, uid: str, why: str) -> None:
        """R-REMOVE-1/2: the card leaves the campaign for good and is recorded as removed."""
        self.take_out(uid)
        self.s.cards[uid].ammo = None
        self.s.piles["removed"].append(uid)
        self.emit("removed", "R-REMOVE-1", f"{self.idef(uid).name} is removed from the game ({why}).", card=uid)

    def held(self, in_box: bool) -> list[tuple[str, str]]:
        """(uid, where) of every card in inventories (and the item box if ``in_box``)."""
        out = [(u, c.cid) for c in self.s.characters for sl in c.inventory for u in sl]
        if in_box:
            out += [(u, "box") for sl in self.s.item_box for u in sl]
        return out

    def playable(self) -> list[str]:
        """R-CAMP-11: scenarios whose slot is open and that have no completion token."""
        return [sl.id for sl in self.pack.scenarios
                if self.s.slots.get(sl.id) == "open" and sl.id not in self.s.completed]

    def options_for(self, kind: str, fixed: list[Action]) -> list[Action]:
        """The options of pending decision ``kind`` recomputed from the state (so a state changed
        by hand, or loaded, lists what its rules allow); ``fixed`` for other kinds."""
        if kind == "unlock":
            opts = self.flippable()
            return opts + ([Action(kind="done")] if self.playable() or not self.s.phase.endswith(".unlock2") else [])
        if kind == "ammo":
            return self.ammo_options() + self.give_options() + [Action(kind="done")]
        if kind == "heal":
            return self.heal_options() + self.give_options() + [Action(kind="done")]
        if kind == "transfer":
            return self.transfer_options() + [Action(kind="done")]
        if kind == "choose":
            return self.choose_options()
        return list(fixed)

    def choose_options(self) -> list[Action]:
        s = self.s
        opts = [Action(kind="choose", target=sid) for sid in self.playable()]
        if not s.intro_done and not s.history and self.pack.intro:
            opts.append(Action(kind="choose", target="intro"))
        return opts

    def finish(self) -> None:
        self.s.queue.clear()
        self.s.pending = None
        self.s.phase = "over"

    # ---------------------------------------------------------------- R-END-X0 prelude
    @task("step_sustained")
    def t_sustained(self, task: dict) -> None:
        """R-END-X0 (1), R-SUST-6: sustained cards go to the tension discard pile."""
        s = self.s
        sus = s.piles.get("tension_sustained", [])
        s.piles["tension_discard"] += sus
        s.piles["tension_sustained"] = []
        self.emit("end_step", "R-SUST-6", f"Sustained effects removed ({len(sus)} card(s) to the tension discard pile).",
                  step="sustained", n=len(sus))
        self.next_phase()

    @task("step_poison")
    def t_poison(self, task: dict) -> None:
        """R-END-X0 (2): every poison is cured."""
        cured = [c for c in self.s.characters if c.poisoned]
        for c in cured:
            c.poisoned = False
        who = ", ".join(self.cname(c) for c in cured) or "nobody was poisoned"
        self.emit("end_step", "R-END-X0", f"Poison cured: {who}.", step="poison", chars=[c.cid for c in cured])
        self.next_phase()

    @task("step_overrun")
    def t_overrun(self, task: dict) -> None:
        """R-END-X0 (3), R-DANGER-6, R-CAMP-17: marker on the last space -> the city is overrun,
        unless a successful final scenario just ended (victory takes precedence)."""
        s = self.s
        final_won = s.ending.scenario == self.pack.final and s.ending.result == "success"
        if s.danger >= self.pack.danger_max and not final_won:
            s.result = "defeat"
            s.result_reason = f"the city is overrun (danger {s.danger} of {self.pack.danger_max})"
            self.emit("campaign_lost", "R-CAMP-17", f"The danger marker is on space {s.danger}: the city is overrun. "
                      "The campaign is lost.", step="overrun")
            self.finish()
            return
        self.emit("end_step", "R-DANGER-6", f"Overrun check: danger {s.danger} of {self.pack.danger_max}, the city holds.",
                  step="overrun")
        self.next_phase()

    @task("step_victory")
    def t_victory(self, task: dict) -> None:
        """R-END-X0 (4), R-CAMP-16: a successful final scenario wins the campaign."""
        s = self.s
        if s.ending.scenario == self.pack.final and s.ending.result == "success":
            s.result = "victory"
            s.result_reason = f"{self.pack.slot(self.pack.final).name} succeeded"
            if self.pack.final not in s.completed:
                s.completed.append(self.pack.final)
            self.emit("campaign_won", "R-CAMP-16", "The last car leaves Halloway City: the campaign is won.",
                      step="victory")
            self.finish()
            return
        self.next_phase()

    # ---------------------------------------------------------------- unlock steps
    def flippable(self) -> list[Action]:
        """R-CAMP-12: (path card, held item) pairs; only inventories count, except in the second
        unlock step, which reads the inventories and the item box as they are (R-CAMP-23)."""
        out = []
        box = self.s.phase.endswith(".unlock2")
        for cid, pc in self.pack.path_cards.items():
            if pc.requires is None or self.s.slots.get(pc.opens) != "locked":
                continue
            for uid, who in self.held(in_box=box):
                if self.s.cards[uid].defn == pc.requires:
                    out.append(Action(kind="choose", target=cid, item=uid))
                    break
        return out

    @task("step_unlock")
    def t_unlock(self, task: dict) -> None:
        self.unlock_prompt()

    @task("step_unlock2")
    def t_unlock2(self, task: dict) -> None:
        self.unlock_prompt()

    def unlock_prompt(self) -> None:
        opts = self.flippable()
        if not opts:
            self.emit("end_step", self.step_rule(), "Unlock step: no locked path card whose item a survivor holds.",
                      step="unlock")
            self.clock_tower_check()
            self.next_phase()
            return
        if self.playable() or not self.s.phase.endswith(".unlock2"):
            opts.append(Action(kind="done"))  # R-CAMP-23: with nothing playable a card must be flipped
        self.wait("unlock", 0, "Unlock step: flip path cards by discarding the item they show (R-CAMP-12), then Done",
                  opts, {})

    @decision("unlock")
    def d_unlock(self, ctx: dict, a: Action) -> None:
        if a.kind == "done":
            self.clock_tower_check()
            self.next_phase()
            return
        pc = self.pack.path_cards[a.target]
        self.remove_from_game(a.item, f"it opens the path card {a.target}")
        self.s.slots[pc.opens] = "open"
        self.emit("unlock", "R-CAMP-12", f"Path card {a.target} flipped: {self.pack.slot(pc.opens).name} is open.",
                  card=a.target, scenario=pc.opens, item=a.item)
        self.unlock_prompt()

    def clock_tower_check(self) -> None:
        """R-CAMP-16: route found + all four parts held (inventories or box) -> parts removed,
        the first finale opens."""
        s = self.s
        first = self.pack.first_finale
        if not s.route or s.slots.get(first) == "open" or first in s.completed:
            return
        found = {}
        for uid, _ in self.held(in_box=True):
            d = s.cards[uid].defn
            if d in self.pack.parts and d not in found:
                found[d] = uid
        if len(found) < len(self.pack.parts):
            return
        for uid in found.values():
            self.remove_from_game(uid, "installed in the cable car")
        s.slots[first] = "open"
        self.emit("unlock", "R-CAMP-16", f"The cable car runs again: {self.pack.slot(first).name} is open.",
                  scenario=first)

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
        self.emit("trade_item", "R-END-S10", f"{self.cname(src)} gives {self.idef(a.item).name} to "
                  f"{self.cname(a.target)}.", item=a.item, char=a.target)

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
        self.ammo_prompt()

    def ammo_prompt(self) -> None:
        opts = self.ammo_options()
        if not opts:
            self.emit("end_step", "R-END-S1", "Ammunition: nobody holds ammunition for a weapon that is not full.",
                      step="ammo")
            self.next_phase()
            return
        self.wait("ammo", 0, "Reload weapons with ammunition items (R-END-S1), then Done",
                  opts + self.give_options() + [Action(kind="done")], {})

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
                  f"{self.cname(a.target)} reloads the {self.idef(a.item2).name}: {before} -> {w.ammo}.",
                  weapon=a.item2, ammo=w.ammo)
        self.ammo_prompt()

    def discard(self, uid: str) -> None:
        """Where a discarded card goes (R-ITEM-3, R-ITEM-10, R-INV-5)."""
        s = self.s
        card = s.cards[uid]
        card.ammo = None
        if card.deck == "A":
            s.piles["item_a_discard"].append(uid)
        elif card.deck == "B":
            s.piles["b_pool"].append(uid)
        elif card.deck == "C":
            s.item_box.append([uid])
        else:
            s.piles["other_discard"].append(uid)

    @staticmethod
    def herb_value(herbs: list) -> int:
        g = herbs.count("green")
        r = herbs.count("red")
        return g + (2 * r if g else 0)

    def heal_options(self) -> list[Action]:
        out = []
        s = self.s
        for c in s.characters:
            for sl in c.inventory:
                ds = [self.idef(u) for u in sl]
                if ds[0].type != "recovery":
                    continue
                worth = ds[0].heal if len(sl) == 1 and ds[0].heal else self.herb_value([d.herb for d in ds])
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
            self.emit("recover", "R-END-S2", f"{self.cname(c)} recovers 2: {HEALTH_NAMES[before]} -> "
                      f"{HEALTH_NAMES[c.health]}.", char=c.cid, health=c.health, before=before)
        self.heal_prompt()

    def heal_prompt(self) -> None:
        opts = self.heal_options()
        if not opts:
            self.next_phase()
            return
        self.wait("heal", 0, "Use recovery items: who takes which healing (R-END-S2), then Done",
                  opts + self.give_options() + [Action(kind="done")], {})

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
            self.emit("mix", "R-HERB-3", f"{self.cname(holder)} mixes " + " + ".join(self.idef(u).name for u in slot) + ".")
            self.heal_prompt()
            return
        t = s.char(a.target)
        ds = [self.idef(u) for u in slot]
        before = t.health
        if len(slot) == 1 and ds[0].heal:
            t.health = 1 if s.mode.easy else max(1, t.health - ds[0].heal)  # R-EASY-4
            rule = "R-EASY-4" if s.mode.easy else "R-END-S2"
        else:
            t.health = max(1, t.health - self.herb_value([d.herb for d in ds]))
            rule = "R-END-S2"
        holder.inventory.remove(slot)
        for u in slot:
            self.discard(u)
        self.emit("recover", rule, f"{self.cname(holder)} uses " + " + ".join(d.name for d in ds) +
                  f" on {self.cname(t)}: {HEALTH_NAMES[before]} -> {HEALTH_NAMES[t.health]}.", char=t.cid,
                  health=t.health, before=before)
        self.heal_prompt()

    @task("step_scenario_items")
    def t_scenario_items(self, task: dict) -> None:
        """R-END-S3: every scenario item leaves inventories and the box (back to the B pool)."""
        gone = [u for u, _ in self.held(in_box=True) if self.idef(u).type == "scenario"]
        for u in gone:
            self.take_out(u)
            self.discard(u)
        names = ", ".join(self.idef(u).name for u in gone) or "none held"
        self.emit("end_step", "R-END-S3", f"Scenario items discarded: {names}.", step="scenario_items", cards=gone)
        self.next_phase()

    @task("step_item_a")
    def t_item_a(self, task: dict) -> None:
        """R-END-S4: the Item A discard pile is shuffled back into the Item A deck."""
        s = self.s
        n = len(s.piles["item_a_discard"])
        deck = s.piles["item_a"] + s.piles["item_a_discard"]
        s.piles["item_a_discard"] = []
        s.rng.shuffle(deck)
        s.piles["item_a"] = deck
        self.emit("end_step", "R-END-S4", f"{n} Item A discard(s) shuffled back: the Item A deck holds {len(deck)}.",
                  step="item_a", n=n)
        self.next_phase()

    @task("step_spray")
    def t_spray(self, task: dict) -> None:
        """R-END-S5 / R-END-F4: no First-Aid Spray held anywhere -> one goes into the item box (a
        free card: not in a deck, inventory, the box or removed, R-REMOVE-2; else a new one)."""
        s = self.s
        is_spray = lambda u: self.idef(u).heal > 0  # noqa: E731
        if any(is_spray(u) for u, _ in self.held(in_box=True)):
            self.emit("end_step", self.step_rule(), "A First-Aid Spray is already held: nothing added.", step="spray")
            self.next_phase()
            return
        free = [u for u in s.piles["b_pool"] if is_spray(u)]
        if free:
            uid = free[0]
            s.piles["b_pool"].remove(uid)
        else:
            spray = next(k for k, d in self.ct.items.items() if d.heal > 0)
            uid = f"X{s.next_uid}:{spray}"
            s.next_uid += 1
            s.cards[uid] = CardState(uid=uid, defn=spray, deck="B")
        s.item_box.append([uid])
        self.emit("end_step", self.step_rule(), "No First-Aid Spray was held: one goes into the item box.",
                  step="spray", card=uid)
        self.next_phase()

    @task("step_danger")
    def t_danger(self, task: dict) -> None:
        """R-END-S6 (+1) / R-END-F5 (+2), R-DANGER-3: never above the last space."""
        s = self.s
        n = 1 if s.ending.result == "success" else 2
        before = s.danger
        s.danger = min(self.pack.danger_max, s.danger + n)
        self.emit("danger", self.step_rule(), f"City danger +{n}: {before} -> {s.danger} ({self.pack.band(s.danger)}).",
                  step="danger", before=before, danger=s.danger)
        self.next_phase()

    @task("step_ribbons")
    def t_ribbons(self, task: dict) -> None:
        """R-END-S7 / R-END-F6, R-INK-5: unspent ink ribbons are discarded."""
        n = self.s.ending.ribbons
        self.emit("end_step", self.step_rule(), f"{n} unspent ink ribbon(s) discarded.", step="ribbons", n=n)
        self.next_phase()

    @task("step_tension")
    def t_tension(self, task: dict) -> None:
        """R-END-S8 / R-END-F7: the tension draw and discard piles are shuffled together."""
        s = self.s
        deck = s.piles["tension"] + s.piles["tension_discard"]
        s.piles["tension_discard"] = []
        s.rng.shuffle(deck)
        s.piles["tension"] = deck
        self.emit("end_step", self.step_rule(), f"Tension deck refreshed: {len(deck)} cards.", step="tension", n=len(deck))
        self.next_phase()

    @task("step_completion")
    def t_completion(self, task: dict) -> None:
        """R-END-S9, R-CAMP-13: completion token when every Item C and progression token of the
        scenario has been collected (over all attempts); the first finale opens the final."""
        s = self.s
        sid = s.ending.scenario
        if sid in {sl.id for sl in self.pack.scenarios}:
            sl = self.pack.slot(sid)
            c_left = sl.item_c_tokens - len(s.collected_c.get(sid, []))
            p_left = len(set(sl.progression) - set(s.collected_p.get(sid, [])))
            if c_left <= 0 and p_left <= 0:
                if sid not in s.completed:
                    s.completed.append(sid)
                self.emit("completion", "R-CAMP-13", f"{sl.name} is complete: its completion token goes on the slot.",
                          scenario=sid)
            else:
                self.emit("completion", "R-CAMP-14", f"{sl.name} stays open: {c_left} Item C and {p_left} progression "
                          "token(s) still to find.", scenario=sid, c_left=c_left, p_left=p_left)
            if sid == self.pack.first_finale:
                s.slots[self.pack.final] = "open"
                self.emit("unlock", "R-CAMP-16", f"{self.pack.slot(self.pack.final).name} is open.",
                          scenario=self.pack.final)
        self.next_phase()

    # ---------------------------------------------------------------- after failure
    @task("step_return")
    def t_return(self, task: dict) -> None:
        """R-END-F1: every Item B and Item C card drawn this scenario goes back; Item C in the
        deck's previous order (the first card drawn on top); Item B to the pool."""
        s = self.s
        e = s.ending
        for u in e.drawn_b:
            self.take_out(u)
            s.cards[u].ammo = None
            s.piles["b_pool"].append(u)
        for u in e.drawn_c:
            self.take_out(u)
        s.piles["item_c"] = [u for u in e.c_start if u in e.drawn_c or u in s.piles["item_c"]]
        self.emit("end_step", "R-END-F1", f"{len(e.drawn_b)} Item B and {len(e.drawn_c)} Item C card(s) found this "
                  "scenario go back to their decks.", step="return", b=e.drawn_b, c=e.drawn_c)
        self.next_phase()

    @task("step_refill")
    def t_refill(self, task: dict) -> None:
        """R-END-F2: every weapon in an inventory (not the box) back to its printed capacity."""
        n = 0
        for c in self.s.characters:
            for sl in c.inventory:
                for u in sl:
                    wd = self.idef(u).weapon
                    if wd is not None and wd.capacity is not None:
                        self.s.cards[u].ammo = wd.capacity
                        n += 1
        self.emit("end_step", "R-END-F2", f"Ammo dials of {n} weapon(s) refilled.", step="refill", n=n)
        self.next_phase()

    @task("step_fine")
    def t_fine(self, task: dict) -> None:
        """R-END-F3, R-HEALTH-11: everybody back to Fine, even the unconscious and the dead."""
        for c in self.s.characters:
            c.health = 1
        self.emit("end_step", "R-END-F3", "Every survivor is back to Fine.", step="fine")
        self.next_phase()

    # ---------------------------------------------------------------- between scenarios
    def transfer_options(self) -> list[Action]:
        s = self.s
        out = []
        if len(s.item_box) < self.box_limit():
            out += [Action(kind="put", item=sl[0], target=c.cid) for c in s.characters for sl in c.inventory]
        for c in s.characters:
            if len(c.inventory) < self.limit(c):
                out += [Action(kind="take", item=sl[0], target=c.cid) for sl in s.item_box]
        return out

    @task("step_transfer")
    def t_transfer(self, task: dict) -> None:
        self.transfer_prompt()

    def transfer_prompt(self) -> None:
        self.wait("transfer", 0, "Between scenarios: move items between inventories and the item box "
                  f"({len(self.s.item_box)}/{self.box_limit()}), then Done (R-END-X1)",
                  self.transfer_options() + [Action(kind="done")], {})

    @decision("transfer")
    def d_transfer(self, ctx: dict, a: Action) -> None:
        s = self.s
        if a.kind == "done":
            self.next_phase()
            return
        c = s.char(a.target)
        if a.kind == "put":
            slot = next(sl for sl in c.inventory if a.item in sl)
            c.inventory.remove(slot)
            s.item_box.append(slot)
            self.emit("stash_item", "R-END-X1", f"{self.cname(c)} puts {self.idef(a.item).name} in the item box.")
        else:
            slot = next(sl for sl in s.item_box if a.item in sl)
            s.item_box.remove(slot)
            c.inventory.append(slot)
            self.emit("take", "R-END-X1", f"{self.cname(c)} takes {self.idef(a.item).name} from the item box.")
        self.transfer_prompt()

    @task("step_choose")
    def t_choose(self, task: dict) -> None:
        """R-END-S11 / R-END-F8 / R-CAMP-11: the players choose among the playable scenarios."""
        s = self.s
        opts = self.choose_options()
        if not opts:  # cannot happen on a sound graph (DV-14 argument, property test)
            s.result = "defeat"
            s.result_reason = "no playable scenario is left"
            self.emit("campaign_lost", "R-CAMP-11", "No scenario can be played: the campaign cannot go on.")
            self.finish()
            return
        self.wait("choose", 0, "Choose the next scenario", opts, {})

    @decision("choose")
    def d_choose(self, ctx: dict, a: Action) -> None:
        s = self.s
        if a.target == "intro":
            s.chosen = "intro"
            s.phase = "playing"
            self.emit("chosen", "R-INTRO-9", "The Introduction: a tutorial outside the campaign.", scenario="intro")
            return
        s.chosen = a.target
        s.ending = None
        self.emit("chosen", "R-END-S11", f"Next: {self.pack.slot(a.target).name}.", scenario=a.target)
        if s.mode.solo:  # R-SOLO-2: any of the four profiles may take over
            cur = s.characters[0].cid
            opts = [Action(kind="pick", target=cid) for cid in [cur] + s.aside]
            self.wait("swap", 0, "Solo: play this scenario with which survivor? (R-SOLO-2)", opts, {})
            return
        s.phase = "playing"

    @decision("swap")
    def d_swap(self, ctx: dict, a: Action) -> None:
        """R-SOLO-2: the new survivor takes the items, health and poison; items beyond its limit
        go to the item box, and beyond the box limit they are discarded."""
        s = self.s
        old = s.characters[0]
        if a.target != old.cid:
            new = CampChar(cid=a.target, health=old.health, poisoned=old.poisoned, limit_bonus=0)
            s.aside = [x for x in s.aside if x != a.target] + [old.cid]
            s.party = [a.target]
            lim = self.ct.characters[a.target].inventory_limit
            for sl in old.inventory:
                if len(new.inventory) < lim:
                    new.inventory.append(sl)
                elif len(s.item_box) < self.box_limit():
                    s.item_box.append(sl)
                else:
                    for u in sl:
                        self.discard(u)
            s.characters = [new]
            self.emit("swap", "R-SOLO-2", f"{self.cname(a.target)} takes over from {self.cname(old.cid)} "
                      f"({HEALTH_NAMES[new.health]}).", char=a.target, old=old.cid)
        s.phase = "playing"


def _setup(*a, **k):  # the campaign starts with api.start_campaign, not new_game
    raise TypeError("the campaign rule set starts with game.engine.campaign.start_campaign")


CAMPAIGN = register_ruleset(RuleSet(name="campaign", run_class=CampaignRun, setup=_setup, phases=_phases()))
