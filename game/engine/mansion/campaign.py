"""The mansion campaign (rules/mansion.md §2, §7, §8, §11, §12): a rule set ``mansion_campaign``
on the campaign layer. Its phase table is the core end phase (R-END-X0, S*, F*, X1) with the
M-END substitutions, and the set-up step of M-SWITCH; the manor map (M-MAP), Item C completion
(M-ITEMC), the reserve between scenarios (M-RESERVE-4), kerosene (M-KERO-5) and the four mansion
decks carried from scenario to scenario (M-CAMP-5).

    cs = start_mansion_campaign(pack, content, ["dana", "ivy"], seed=1)
    legal(cs) / apply(cs, action)          # game.engine.campaign's, as for the city
    gs = begin_mansion_scenario(cs, scenario)   # once cs.phase == "playing": a MansionState
    finish_mansion_scenario(cs, gs)        # carry-out, then the mansion end phase
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..actions import Action
from ..campaign.carry import CampaignScenario
from ..campaign.rules import _X0, HEALTH_NAMES, CampaignRun
from ..campaign.state import CampaignState, CampChar
from ..core.base import count
from ..machine import Phase, RuleSet, decision, register_ruleset, task
from .state import Reserved

MapSide = Literal["locked", "unlocked"]

#: the success list (R-END-S*) with M-END-2 (unlock incl. completion, M-END-4) and M-END-3 (reserve
#: heals after S2); R-END-S9 moved into the unlock step; M-MAP-10 replaces R-CAMP-23
SUCCESS_STEPS = _X0 + [("unlock", "M-END-2"), ("ammo", "R-END-S1"), ("heal", "R-END-S2"),
                       ("reserve_heal", "M-END-3"), ("scenario_items", "R-END-S3"), ("item_a", "R-END-S4"),
                       ("spray", "R-END-S5"), ("danger", "R-END-S6"), ("ribbons", "R-END-S7"),
                       ("tension", "R-END-S8"), ("transfer", "R-END-X1"), ("unlock2", "M-MAP-10"),
                       ("choose", "R-END-S11")]
#: the failure list (R-END-F*) with M-END-2's flip-only unlock step and M-MAP-10
FAILURE_STEPS = _X0 + [("return", "R-END-F1"), ("unlock", "M-END-2"), ("refill", "R-END-F2"),
                       ("fine", "R-END-F3"), ("spray", "R-END-F4"), ("danger", "R-END-F5"),
                       ("ribbons", "R-END-F6"), ("tension", "R-END-F7"), ("transfer", "R-END-X1"),
                       ("unlock2", "M-MAP-10"), ("choose", "R-END-F8")]
WOUND_HEAL = 2  # M-RESERVE-4
WOUND_HEAL_EASY = 3  # M-MODE-1


def _phases() -> tuple[Phase, ...]:
    rows = []
    for prefix, steps in (("success", SUCCESS_STEPS), ("failure", FAILURE_STEPS)):
        for i, (name, rule) in enumerate(steps):
            nxt = f"{prefix}.{steps[i + 1][0]}" if i + 1 < len(steps) else None
            rows.append(Phase(f"{prefix}.{name}", start=f"step_{name}", then=nxt, rule=rule))
    rows.append(Phase("choose", start="step_choose", then=None, rule="M-MAP-5"))
    rows.append(Phase("switch", start="step_switch", then=None, rule="M-SWITCH-1"))
    return tuple(rows)


class MansionCampaignState(CampaignState):
    """A mansion campaign in progress (M-CAMP-5 adds to R-CAMP-22): kerosene per main character,
    the reserve with wound tokens, the survivor, mission, scenario event and encounter decks
    (``decks``: order, discards, removed cards), the manor map (``map``: cards present and their
    side; ``completed``: completion tokens), killed characters. The city's path-card, progression
    and Clock Tower fields (``slots``, ``collected_p``, ``route``, ``aside``, ``packets`` aside)
    stay empty (M-ITEMC-5)."""

    rules: str = "mansion_campaign"
    map: dict[str, MapSide] = {}
    kerosene: dict[str, int] = {}
    reserve: list[Reserved] = []
    killed: list[str] = []
    decks: dict[str, list[str]] = {}
    scout_next: bool = False
    switch_seat: int = 0

    def reserve_of(self, cid: str) -> Reserved | None:
        return next((r for r in self.reserve if r.cid == cid), None)


@dataclass(frozen=True)
class MansionScenario(CampaignScenario):
    """A scenario played with the mansion rule set; ``mansion_carry`` is the mansion part of the
    carry-in (a :class:`~game.engine.mansion.state.MansionSub` as JSON) or None (standalone)."""

    mansion_carry: dict[str, Any] | None = None
    rules: str = "mansion"


class MansionCampaignRun(CampaignRun):
    """One resolution pass of the mansion campaign rule set over a :class:`MansionCampaignState`."""

    def cname(self, c) -> str:
        cid = c if isinstance(c, str) else c.cid
        return self.ct.character_name(cid)

    # ---------------------------------------------------------------- the manor map (M-MAP)
    def playable(self) -> list[str]:
        """M-MAP-5: cards on the map unlocked side up with no completion token."""
        s = self.s
        return [c.id for c in self.pack.cards if s.map.get(c.id) == "unlocked" and c.id not in s.completed
                and c.start != "hub"]

    def choose_options(self) -> list[Action]:
        s = self.s
        opts = [Action(kind="choose", target=cid) for cid in self.playable()]
        if not s.intro_done and not s.history:
            opts.append(Action(kind="choose", target="intro"))  # M-INTRO-1: the Grand Hall
        return opts

    def options_for(self, kind: str, fixed: list[Action]) -> list[Action]:
        if kind in ("unlock",):
            return list(fixed)
        return super().options_for(kind, fixed)

    def condition_true(self, names: list[str]) -> bool:
        """M-MAP-9 ``COMPLETED a, b``: every listed card carries a completion token."""
        return all(n in self.s.completed for n in names)

    def add_cards(self, scenario: str | None) -> None:
        """M-END-2 (1) / M-MAP-10 (1): add, locked side up (M-MAP-3), the cards the scenario's
        success adds and every card whose COMPLETED condition holds, if not yet on the map."""
        s = self.s
        for c in self.pack.cards:
            if c.id in s.map:
                continue
            by_success = scenario is not None and c.added_by == scenario
            by_cond = bool(c.added_when_completed) and self.condition_true(c.added_when_completed)
            if by_success or by_cond:
                s.map[c.id] = "locked"
                how = f"{self.pack.card(scenario).name} succeeded" if by_success else \
                    "COMPLETED " + ", ".join(c.added_when_completed)
                self.emit("map_card", "M-MAP-2" if by_success else "M-MAP-9",
                          f"{c.name} joins the manor map, locked side up ({how}).", card=c.id, side="locked")

    def flip_cards(self, in_box: bool = False) -> int:
        """M-MAP-6: every locked card whose items are all held in inventories (each discarded,
        removed from the game) or whose condition is true flips to its unlocked side."""
        s = self.s
        n = 0
        for c in self.pack.cards:
            if s.map.get(c.id) != "locked" or c.unlock is None:
                continue
            u = c.unlock
            if u.reserve_at_least is not None:
                if len(s.reserve) < u.reserve_at_least:
                    continue
                used: list[str] = []
            else:
                held = self.held(in_box=in_box)
                used = []
                for item in u.items:
                    hit = next((uid for uid, _ in held if s.cards[uid].defn == item and uid not in used), None)
                    if hit is None:
                        break
                    used.append(hit)
                if len(used) < len(u.items):
                    continue
            for uid in used:
                self.remove_from_game(uid, f"it opens {c.name}")
            s.map[c.id] = "unlocked"
            n += 1
            why = ", ".join(self.ct.items[i].name for i in u.items) if u.items else \
                f"RESERVE_AT_LEAST {u.reserve_at_least}"
            self.emit("unlock", "M-MAP-6", f"{c.name} flips to its unlocked side ({why}).", card=c.id, scenario=c.id)
        return n

    def completion(self) -> None:
        """M-END-2 (0), M-ITEMC-2, M-END-4: a completion token when every Item C token of the
        scenario has been collected (over all attempts); otherwise it must be replayed (M-ITEMC-3)."""
        s = self.s
        sid = s.ending.scenario
        card = self.pack.card(sid)
        left = card.item_c_tokens - len(s.collected_c.get(sid, []))
        if left <= 0:
            if sid not in s.completed:
                s.completed.append(sid)
            self.emit("completion", "M-ITEMC-2", f"{card.name} is complete: its completion token goes on the card.",
                      scenario=sid)
        else:
            self.emit("completion", "M-ITEMC-3", f"{card.name} stays open: {left} Item C token(s) still to find.",
                      scenario=sid, c_left=left, p_left=0)

    @task("step_unlock")
    def t_unlock(self, task: dict) -> None:
        """M-END-2: after a success (0) completion token, (1) add cards, (2) flip; after a
        failure flip only. Cards are added before flipping (M-MAP-7)."""
        s = self.s
        if s.ending.result == "success":
            self.completion()
            self.add_cards(s.ending.scenario)
        n = self.flip_cards()
        if not n:
            self.emit("end_step", "M-END-2", "Unlock step: no locked card can flip.", step="unlock")
        self.next_phase()

    @task("step_unlock2")
    def t_unlock2(self, task: dict) -> None:
        """M-MAP-10: after the R-END-X1 transfers, add COMPLETED cards and flip with the inventories
        as they are now. [ruling, MAMB-22] If nothing would be playable, the item box is read too,
        so a key left in the box never stalls the campaign."""
        self.add_cards(None)
        self.flip_cards()
        if not self.playable():
            self.flip_cards(in_box=True)
        self.next_phase()

    # ---------------------------------------------------------------- X0 texts (M-CAMP-2/3)
    @task("step_overrun")
    def t_overrun(self, task: dict) -> None:
        """M-CAMP-3 (R-DANGER-6 timing): the danger marker at the end of its track before
        Laboratory 4 is completed: the manor is overrun and the campaign lost."""
        s = self.s
        final_won = s.ending.scenario == self.pack.final and s.ending.result == "success"
        if s.danger >= self.pack.danger_max and not final_won:
            s.result = "defeat"
            s.result_reason = f"the manor is overrun (danger {s.danger} of {self.pack.danger_max})"
            self.emit("campaign_lost", "M-CAMP-3", "The manor danger marker reached the end of its track: the manor "
                      "is overrun. The campaign is lost.", step="overrun")
            self.finish()
            return
        self.emit("end_step", "M-CAMP-3", f"Overrun check: manor danger {s.danger} of {self.pack.danger_max}.",
                  step="overrun")
        self.next_phase()

    @task("step_victory")
    def t_victory(self, task: dict) -> None:
        """M-CAMP-2: success in Laboratory 4 wins; M-CAMP-4: the score is the characters alive."""
        s = self.s
        if s.ending.scenario == self.pack.final and s.ending.result == "success":
            s.result = "victory"
            alive = len(s.characters) + len(s.reserve)
            s.result_reason = f"{self.pack.card(self.pack.final).name} succeeded; {alive} characters alive"
            if self.pack.final not in s.completed:
                s.completed.append(self.pack.final)
            self.emit("campaign_won", "M-CAMP-2", f"The way out of the laboratory is open: the campaign is won. "
                      f"Score: {alive} characters alive (M-CAMP-4).", step="victory")
            self.finish()
            return
        self.next_phase()

    @task("step_danger")
    def t_danger(self, task: dict) -> None:
        """R-END-S6 / R-END-F5 on the manor danger track (M-DANGER-1)."""
        s = self.s
        n = 1 if s.ending.result == "success" else 2
        before = s.danger
        s.danger = min(self.pack.danger_max, s.danger + n)
        self.emit("danger", self.step_rule(), f"Manor danger +{n}: {before} -> {s.danger} "
                  f"({self.pack.band(s.danger)}).", step="danger", before=before, danger=s.danger)
        self.next_phase()

    # ---------------------------------------------------------------- the reserve (M-END-3)
    @task("step_reserve_heal")
    def t_reserve_heal(self, task: dict) -> None:
        """M-END-3 / M-RESERVE-4: after S2 every reserve character discards two wound tokens
        (three in easy mode, M-MODE-1)."""
        k = WOUND_HEAL_EASY if self.s.mode.easy else WOUND_HEAL
        healed = []
        for r in self.s.reserve:
            if r.wounds:
                r.wounds = max(0, r.wounds - k)
                healed.append(r.cid)
        self.emit("end_step", "M-END-3", f"Reserve wounds: up to {k} discarded from "
                  + (", ".join(self.cname(c) for c in healed) or "nobody") + ".", step="reserve_heal")
        self.next_phase()

    # ---------------------------------------------------------------- choose, then switch (M-SWITCH)
    @decision("choose")
    def d_choose(self, ctx: dict, a: Action) -> None:
        s = self.s
        if a.target == "intro":
            s.chosen = "intro"
            s.phase = "playing"
            self.emit("chosen", "M-INTRO-1", "The Introduction in the Grand Hall.", scenario="intro")
            return
        s.chosen = a.target
        s.ending = None
        self.emit("chosen", "R-END-S11", f"Next: {self.pack.card(a.target).name}.", scenario=a.target)
        s.switch_seat = 0
        self.begin_phase("switch")

    def can_switch(self) -> bool:
        """M-SWITCH-1: fewer than four characters and a main character in the reserve."""
        s = self.s
        return len(s.characters) < 4 and any(r.cid in self.ct.characters for r in s.reserve)

    @task("step_switch")
    def t_switch(self, task: dict) -> None:
        """M-SWITCH-1: one player at a time in seat order, at most once each per set-up."""
        s = self.s
        if s.switch_seat >= len(s.characters) or not self.can_switch():
            s.phase = "playing"
            return
        seat = s.switch_seat
        old = s.characters[seat]
        opts = [Action(kind="pick", target=old.cid)] + [Action(kind="pick", target=r.cid) for r in s.reserve
                                                        if r.cid in self.ct.characters]
        self.wait("switch", seat, f"Set-up: {self.cname(old)} plays, or switch with a main character from the "
                  "reserve (M-SWITCH)?", opts, {"seat": seat})

    @decision("switch")
    def d_switch(self, ctx: dict, a: Action) -> None:
        s = self.s
        seat = int(ctx["seat"])
        old = s.characters[seat]
        s.switch_seat = seat + 1
        if a.target == old.cid:
            self.push({"t": "step_switch"})
            return
        r = s.reserve_of(a.target)
        s.reserve.remove(r)
        # M-SWITCH-5 / MDV-9: the old character goes into the reserve with health - 1 wounds, poison lost
        s.reserve.append(Reserved(cid=old.cid, wounds=min(6, old.health) - 1, limit_bonus=old.limit_bonus))
        # M-SWITCH-6: the new character starts at 1 + its wound tokens; M-SWITCH-7: nothing of its own
        new = CampChar(cid=r.cid, health=1 + r.wounds, limit_bonus=r.limit_bonus)
        # M-SWITCH-4: kerosene moves over up to the new limit; the excess is discarded
        kero = s.kerosene.pop(old.cid, 0)
        s.kerosene[new.cid] = min(kero, self.ct.kerosene_limit(new.cid))
        s.characters[seat] = new
        s.party[seat] = new.cid
        self.emit("switch", "M-SWITCH-2", f"{self.cname(new)} takes over from {self.cname(old)} "
                  f"({HEALTH_NAMES[new.health]}); {self.cname(old)} joins the reserve with "
                  f"{count(min(6, old.health) - 1, 'wound', 'wounds')}.", char=new.cid, old=old.cid)
        self.push({"t": "step_switch_items", "seat": seat, "old": old.cid, "items": [sl for sl in old.inventory]})

    @task("step_switch_items")
    def t_switch_items(self, task: dict) -> None:
        """M-SWITCH-3: any number of the old character's items move to the new one (its limit
        applies); the rest go into the item box (its limit applies) or are discarded."""
        items = [sl for sl in task["items"]]
        if not items:
            self.push({"t": "step_switch"})
            return
        s = self.s
        new = s.characters[int(task["seat"])]
        sl = items[0]
        opts = []
        if len(new.inventory) < self.limit(new):
            opts.append(Action(kind="give", item=sl[0], target=new.cid))
        if len(s.item_box) < self.box_limit():
            opts.append(Action(kind="put", item=sl[0]))
        opts.append(Action(kind="discard", item=sl[0]))
        self.ask("switch_items", int(task["seat"]), f"{self.cname(task['old'])}'s {self.idef(sl[0]).name}: to "
                 f"{self.cname(new)}, the item box, or discard?", opts, {"task": task})

    @decision("switch_items")
    def d_switch_items(self, ctx: dict, a: Action) -> None:
        s = self.s
        task = dict(ctx["task"])
        sl, rest = task["items"][0], task["items"][1:]
        new = s.characters[int(task["seat"])]
        if a.kind == "give":
            new.inventory.append(sl)
        elif a.kind == "put":
            s.item_box.append(sl)
        else:
            for u in sl:
                self.discard(u)
        self.push({**task, "items": rest})


def _setup(*a, **k):
    raise TypeError("the mansion campaign starts with game.engine.mansion.campaign.start_mansion_campaign")


MANSION_CAMPAIGN = register_ruleset(RuleSet(name="mansion_campaign", run_class=MansionCampaignRun, setup=_setup,
                                            phases=_phases()))

# the public calls live in campaign_api (kept apart so each module stays small); re-exported here
from .campaign_api import (begin_mansion_scenario, card_status, conservation, finish_mansion_scenario,  # noqa: E402
                           mansion_carry, playable, rebuild_mansion_scenario, replay_mansion_campaign,
                           standalone_mansion, start_mansion_campaign)

__all__ = ["MANSION_CAMPAIGN", "FAILURE_STEPS", "MansionCampaignRun", "MansionCampaignState", "MansionScenario",
           "SUCCESS_STEPS", "begin_mansion_scenario", "card_status", "conservation", "finish_mansion_scenario",
           "playable", "rebuild_mansion_scenario", "replay_mansion_campaign", "standalone_mansion", "start_mansion_campaign"]
