"""The city campaign rule set on the rules machine (core.md §18-21): the shared end phase of
:mod:`.endphase` with the city's own steps: the unlock steps and path cards (R-CAMP-10/12/16/23),
the completion step (R-END-S9), the Clock Tower route and the cable car, and the solo swap
(R-SOLO-2); and the city's hooks of the campaign layer (set-up, carry-in, carry-out, standalone,
the city map's slot status).

Every step of the rulebook's lists is one row of the phase table, in the rulebook's order, and
every player decision is a legal action (who uses which ammunition and healing, which path
cards to flip, what goes in or out of the item box, which scenario comes next).
"""
from __future__ import annotations

from typing import Any

from ..actions import Action
from ..machine import RuleSet, decision, register_ruleset, task
from .endphase import _X0, HEALTH_NAMES, CampaignError, EndPhaseRun, end_phases  # noqa: F401
from .state import CampaignState, CampChar

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


class CampaignRun(EndPhaseRun):
    """One resolution pass of the city campaign rule set over a :class:`CampaignState`."""

    STATE = CampaignState
    PROGRESSION = True
    SUCCESS_STEPS = SUCCESS_STEPS
    FAILURE_STEPS = FAILURE_STEPS

    def __init__(self, s: CampaignState):
        super().__init__(s)
        self.s: CampaignState = s  # type: ignore[assignment]

    def playable(self) -> list[str]:
        """R-CAMP-11: scenarios whose slot is open and that have no completion token."""
        return [sl.id for sl in self.pack.scenarios
                if self.s.slots.get(sl.id) == "open" and sl.id not in self.s.completed]

    def options_for(self, kind: str, fixed: list[Action]) -> list[Action]:
        if kind == "unlock":
            opts = self.flippable()
            return opts + ([Action(kind="done")] if self.playable() or not self.s.phase.endswith(".unlock2") else [])
        return super().options_for(kind, fixed)

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
            self.emit("end_step", self.step_rule(), "camp.unlock_none",
                      step="unlock")
            self.clock_tower_check()
            self.next_phase()
            return
        if self.playable() or not self.s.phase.endswith(".unlock2"):
            opts.append(Action(kind="done"))  # R-CAMP-23: with nothing playable a card must be flipped
        self.wait("unlock", 0, "ask.unlock", opts, {}, rule=self.step_rule())

    @decision("unlock")
    def d_unlock(self, ctx: dict, a: Action) -> None:
        if a.kind == "done":
            self.clock_tower_check()
            self.next_phase()
            return
        pc = self.pack.path_cards[a.target]
        self.remove_from_game(a.item, {"t": "msg", "id": "camp.why_path_card", "params": {"card": a.target}})
        self.s.slots[pc.opens] = "open"
        self.emit("unlock", "R-CAMP-12", "camp.path_flipped", {"card": a.target, "slot": self.r_place(pc.opens)},
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
            self.remove_from_game(uid, {"t": "msg", "id": "camp.why_cable_car"})
        s.slots[first] = "open"
        self.emit("unlock", "R-CAMP-16", "camp.cable_car", {"slot": self.r_place(first)},
                  scenario=first)

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
                self.emit("completion", "R-CAMP-13", "camp.complete_slot", {"card": self.r_place(sid)},
                          scenario=sid)
            else:
                self.emit("completion", "R-CAMP-14", "camp.open_slot", {"card": self.r_place(sid), "c": c_left, "n": p_left},
                          scenario=sid, c_left=c_left, p_left=p_left)
            if sid == self.pack.first_finale:
                s.slots[self.pack.final] = "open"
                self.emit("unlock", "R-CAMP-16", "camp.is_open", {"card": self.r_place(self.pack.final)},
                          scenario=self.pack.final)
        self.next_phase()

    def victory(self) -> tuple[dict, str, str, dict]:
        """R-CAMP-16: Clock Tower 2 succeeded, the last car leaves."""
        why = {"t": "msg", "id": "reason.final_won", "params": {"card": self.r_place(self.pack.final)}}
        return why, "R-CAMP-16", "camp.won_city", {}

    # ---------------------------------------------------------------- R-SOLO-2
    def after_choice(self) -> None:
        s = self.s
        if s.mode.solo:  # R-SOLO-2: any of the four profiles may take over
            cur = s.characters[0].cid
            opts = [Action(kind="pick", target=cid) for cid in [cur] + s.aside]
            self.wait("swap", 0, "ask.swap", opts, {}, rule="R-SOLO-2")
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
            self.emit("swap", "R-SOLO-2", "camp.takes_over", {"char": self.r_c(a.target), "old": self.r_c(old.cid),
                                                              "health": {"t": "health", "v": new.health}}, char=a.target, old=old.cid)
        s.phase = "playing"


    # ---------------------------------------------------------------- the city's hooks of the campaign layer
    def set_aside(self) -> list[str]:
        """R-SOLO-2: in solo the other profiles are set aside with their starting items."""
        if self.s.mode.solo:
            self.s.aside = [cid for cid in self.ct.characters if cid not in self.s.party]
        return self.s.aside

    def set_up_rest(self, piles: dict[str, list[str]], card) -> None:
        """R-CAMP-4: the narrative deck shuffled; R-CAMP-3, R-CAMP-9: the start scenarios open."""
        s = self.s
        piles["narrative"] = [card(f"N:{nid}", nid, "N") for nid in self.ct.narrative]
        s.rng.shuffle(piles["narrative"])
        s.piles = piles
        s.slots = {sl.id: ("open" if sl.id in self.pack.start else "absent") for sl in self.pack.scenarios}

    def before_item_b(self, sl: Any) -> None:
        """R-ITEM-4: the slot's rare cards are added the first time it is set up."""
        s, piles = self.s, self.s.piles
        if sl.id in s.rares_added:
            return
        for rid in sl.rare:
            u = next((u for u in piles["rare_aside"] if s.cards[u].defn == rid), None)
            if u is not None:
                piles["rare_aside"].remove(u)
                piles["item_a"].append(u)
        if sl.rare:
            s.rng.shuffle(piles["item_a"])
        s.rares_added.append(sl.id)

    def tokens_not_placed(self, sid: str) -> set[str]:
        """R-CAMP-15: collected Item C and progression tokens are not placed again."""
        return super().tokens_not_placed(sid) | {f"P@{k}" for k in self.s.collected_p.get(sid, [])}

    def progression_found(self, sid: str, labels: list[str]) -> None:
        """R-END-F10, R-CAMP-10: progression tokens count even on a failure; each places its path
        card (or finds the Clock Tower route)."""
        s, pack = self.s, self.pack
        sl = pack.slot(sid)
        for label in labels:
            if label in s.collected_p.get(sid, []):
                continue
            s.collected_p.setdefault(sid, []).append(label)
            card = sl.progression.get(label)
            if card is None:
                continue
            if card == pack.route_label:
                s.route = True
                self.emit("route", "R-CAMP-10", "camp.route")
                continue
            pc = pack.path_cards[card]
            if s.slots.get(pc.opens) == "absent":
                s.slots[pc.opens] = "locked" if pc.requires else "open"
                self.emit("path_card", "R-CAMP-10", "camp.path_locked" if pc.requires else "camp.path_open",
                          {"card": card, "slot": self.r_place(pc.opens)},
                          card=card, scenario=pc.opens)

    @classmethod
    def standalone_changes(cls, sl: Any, tier: int) -> dict[str, Any]:
        """R-STAND-2..6: the brief's rares, the whole narrative deck, the tension deck reshuffled
        on tier 1 (packets, gear and danger by tier are the layer's, R-STAND-2/3/5)."""
        return dict(rare_item_a=list(sl.rare), narrative_deck=True, tension_reshuffle=tier == 1)

    def status(self, sid: str) -> tuple[str, dict]:
        """(state, why) of a scenario slot for the city map: ``completed``, ``open``, ``locked``
        (why names the item that opens it), ``unreachable`` (why names what places its card); ``why``
        a message reference with its ``rule`` (:mod:`game.engine.messages`, ``slot.<x>``)."""
        cs, pack = self.s, self.pack
        sl = pack.slot(sid)
        names = cs.content.items

        def why(mid: str, rule: str, **params) -> dict:
            return {"t": "msg", "id": mid, "params": params, "rule": rule}

        if sid in cs.completed:
            return "completed", why("slot.completed", "R-CAMP-13")
        st = cs.slots.get(sid, "absent")
        if st == "open":
            done = cs.collected_c.get(sid, [])
            left = sl.item_c_tokens - len(done) + len(set(sl.progression) - set(cs.collected_p.get(sid, [])))
            if any(h.scenario == sid and h.result == "success" for h in cs.history):
                return "open", why("slot.replay", "R-CAMP-14", n=left)
            return "open", why("slot.playable", "R-CAMP-11")
        card = pack.card_for(sid)
        if st == "locked":
            req = pack.path_cards[card].requires
            return "locked", why("slot.locked", "R-CAMP-12", item={"t": "item", "id": req, "name": names[req].name})
        if sid == pack.first_finale:
            have = [p for p in pack.parts if any(cs.cards[u].defn == p for c in cs.characters for sl2 in c.inventory
                                                 for u in sl2) or any(cs.cards[u].defn == p for sl2 in cs.item_box for u in sl2)]
            return "unreachable", why("slot.route_found" if cs.route else "slot.route_missing", "R-CAMP-16",
                                      n=len(have), m=len(pack.parts))
        if sid == pack.final:
            return "unreachable", why("slot.opens_when", "R-CAMP-16", card=self.r_place(pack.first_finale))
        src = next((s.id for s in pack.scenarios if card in s.progression.values()), "?")
        return "unreachable", why("slot.card_in", "R-CAMP-10", card=self.r_place(src))

    def state_problems(self) -> tuple[str, str] | None:
        """The load check of the city's own fields: path card states (R-CAMP-10/11) and the
        scenarios whose rare cards were added (R-ITEM-4) name scenarios of the pack, the progression
        labels collected (R-CAMP-10) are that scenario's, the profiles set aside (R-SOLO-2) are
        known survivors outside the party."""
        from .checks import first_unknown, known_characters, scenario_ids
        s = self.s
        sids = scenario_ids(s)
        why = (first_unknown("slots", s.slots, sids) or first_unknown("rares_added", s.rares_added, sids)
               or first_unknown("collected_p", s.collected_p, sids))
        if why:
            return why
        for sid, labels in s.collected_p.items():
            for label in labels:
                if label not in self.pack.slot(sid).progression:
                    return "collected_p", f"unknown progression token {label!r} of {sid!r}"
        known = known_characters(self.ct)
        for cid in s.aside:
            if cid not in known or cid in s.party:
                return "aside", f"unknown survivor {cid!r}" if cid not in known else f"{cid!r} is set aside and in the party"
        return None


def _setup(*a, **k):  # the campaign starts with api.start_campaign, not new_game
    raise TypeError("the campaign rule set starts with game.engine.campaign.start_campaign")


CAMPAIGN = register_ruleset(RuleSet(name="campaign", run_class=CampaignRun, setup=_setup,
                                    phases=end_phases(SUCCESS_STEPS, FAILURE_STEPS, ("choose", "R-CAMP-11"))))
