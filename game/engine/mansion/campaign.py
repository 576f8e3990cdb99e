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

from ..actions import Action, Event
from ..api import new_game
from ..campaign.api import CampaignError, PACKETS_BY_TIER, STANDALONE_DANGER, _CARRIED, _HANDED
from ..campaign.carry import CampaignScenario, CarryIn, token_key
from ..campaign.rules import _X0, HEALTH_NAMES, CampaignRun
from ..campaign.state import Attempt, CampaignState, CampChar, EndInfo, InPlay, Mode
from ..machine import Phase, RuleSet, decision, register_ruleset, task
from ..rng import Rng
from ..scenario import Scenario
from ..state import CardState
from .setup import DECKS
from .state import MansionState, Reserved

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
                  f"({HEALTH_NAMES[new.health]}); {self.cname(old)} joins the reserve with {min(6, old.health) - 1} "
                  "wound(s).", char=new.cid, old=old.cid)
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


# ============================================================================ the public calls
def start_mansion_campaign(pack, content, party: list[str], seed: int, easy: bool = False) -> MansionCampaignState:
    """A new mansion campaign (M-CAMP-1): main characters only (M-CHAR-4) with their starting items
    and kerosene at the limit; the survivor deck (unchosen mains + reserve-only, MAMB-13), the
    mission, scenario event and encounter decks shuffled; Item C staged (M-ITEMC-6); the manor map
    laid out (M-MAP-1). One character = solo mode, switching instead of R-SOLO-2 (M-SWITCH-9).
    Raises CampaignError for an empty, oversized or repeated party or a reserve-only character."""
    if not 1 <= len(party) <= 4 or len(set(party)) != len(party):
        raise CampaignError("a campaign party has 1 to 4 different characters")
    for cid in party:
        if cid not in content.characters:
            raise CampaignError(f"{cid!r} is not a main character (M-CHAR-4: only main characters can be chosen)")
    ct = content
    cs = MansionCampaignState(pack=pack.id, seed=seed, rng=Rng.from_seed(seed), party=list(party),
                              mode=Mode(easy=easy, solo=len(party) == 1))
    cs.attach(pack, content)
    piles = {k: [] for k in ("item_a", "item_a_discard", "rare_aside", "b_pool", "item_c", "tension",
                             "tension_discard", "tension_sustained", "tension_aside", "narrative", "narrative_removed",
                             "removed", "other_discard")}

    def card(uid: str, defn: str, deck: str, symbol: str | None = None) -> str:
        cs.cards[uid] = CardState(uid=uid, defn=defn, deck=deck, symbol=symbol)  # type: ignore[arg-type]
        return uid

    for cid in party:  # M-CAMP-1 (1): starting items with full dials, kerosene = limit (M-KERO-1)
        uids = [card(f"S:{cid}:{n}", it, "start") for n, it in enumerate(ct.characters[cid].starting_items)]
        for u in uids:
            w = ct.items[cs.cards[u].defn].weapon
            if w is not None and w.capacity is not None:
                cs.cards[u].ammo = w.capacity
        cs.characters.append(CampChar(cid=cid, inventory=[[u] for u in uids]))
        cs.kerosene[cid] = ct.kerosene_limit(cid)
    decks = ct.decks
    piles["item_a"] = [card(f"A:{k}:{i + 1}", k, "A") for k, n in decks.item_a.items() for i in range(n)]
    cs.rng.shuffle(piles["item_a"])
    piles["b_pool"] = [card(f"B:{k}:{i + 1}", k, "B") for k, n in decks.item_b_pool.items() for i in range(n)]
    c_all = [k for k, d in ct.items.items() if d.stage]  # M-CAMP-1 (4), M-ITEMC-6: staged, never shuffled again
    for stage in (3, 2, 1):
        part = [card(f"C:{k}", k, "C") for k in c_all if ct.items[k].stage == stage]
        cs.rng.shuffle(part)
        piles["item_c"] = part + piles["item_c"]
    for tid, n in decks.tension_base.items():
        for k in range(n):
            piles["tension"].append(card(f"T:{tid}:{k + 1}", tid, "T", ct.tension[tid].symbols[k]))
    used: dict[str, int] = {}
    for name in sorted(decks.packets):
        for tid, n in decks.packets[name].add.items():
            for _ in range(n):
                k = used.get(tid, 0)
                used[tid] = k + 1
                sym = ct.tension[tid].symbols[k] if k < len(ct.tension[tid].symbols) else None
                piles["tension_aside"].append(card(f"T:{tid}:{k + 1}", tid, "T", sym))
    cs.rng.shuffle(piles["tension"])
    cs.piles = piles
    # M-CAMP-1 (2)-(3): survivor, mission, scenario event and encounter decks
    cs.decks = {k: [] for k in DECKS}
    cs.decks["survivors"] = [c for c in ct.characters if c not in party] + list(ct.reserve_only)
    cs.decks["missions"] = list(ct.missions)
    cs.decks["events"] = list(ct.events)
    cs.decks["encounter"] = list(ct.encounter)
    for k in ("survivors", "missions", "events", "encounter"):
        cs.rng.shuffle(cs.decks[k])
    # M-MAP-1: the Grand Hall hub with the four A cards unlocked and Basement locked
    cs.map = {c.id: c.start for c in pack.cards if c.start in ("unlocked", "locked")}  # type: ignore[misc]
    run = MansionCampaignRun(cs)
    run.begin_phase("choose")
    run.run()
    return cs


def playable(cs: MansionCampaignState) -> list[str]:
    """M-MAP-5: the cards that can be played now."""
    return MansionCampaignRun(cs).playable()


def card_status(cs: MansionCampaignState, cid: str) -> tuple[str, str]:
    """(state, why) of a map card for the manor map scene: ``hub``, ``completed``, ``unlocked``
    (replay says what is left), ``locked`` (why names what flips it) or ``absent`` (why names what
    adds it)."""
    pack, ct = cs.pack_def, cs.content
    c = pack.card(cid)
    if c.start == "hub":
        return "hub", "the Introduction (M-INTRO-1)"
    if cid in cs.completed:
        return "completed", "completion token placed (M-ITEMC-2)"
    side = cs.map.get(cid)
    if side == "unlocked":
        left = c.item_c_tokens - len(cs.collected_c.get(cid, []))
        if any(h.scenario == cid and h.result == "success" for h in cs.history):
            return "unlocked", f"replay: {left} Item C token(s) still to find (M-ITEMC-3)"
        return "unlocked", "playable (M-MAP-5)"
    if side == "locked":
        u = c.unlock
        need = " and ".join(ct.items[i].name for i in u.items) if u.items else \
            f"at least {u.reserve_at_least} character(s) in the reserve"
        return "locked", f"needs {need} (M-MAP-6)"
    if c.added_by:
        return "absent", f"joins the map when {pack.card(c.added_by).name} succeeds (M-MAP-2)"
    return "absent", "joins the map when " + " and ".join(pack.card(x).name for x in c.added_when_completed) + \
        " are complete (M-MAP-9)"


def mansion_carry(cs: MansionCampaignState) -> dict:
    """The mansion part of the carry-in (M-CAMP-5): kerosene, reserve, decks, killed, scout."""
    return {"kerosene": dict(cs.kerosene), "reserve": [r.model_dump() for r in cs.reserve],
            "killed": list(cs.killed), "decks": {k: list(v) for k, v in cs.decks.items()}, "campaign": True,
            "scout_pending": cs.scout_next}


def begin_mansion_scenario(cs: MansionCampaignState, scenario: Scenario,
                           party: list[tuple[str, int]] | None = None) -> MansionState:
    """Set up the chosen card's scenario from the campaign (R-SCEN-3 with carry-in, M-CAMP-5):
    tension packets by tier (R-CAMP-8), the Item B deck (R-ITEM-10; a replay after a success holds
    only scenario items, M-ITEMC-4), collected Item C tokens not placed (M-ITEMC-3). The
    Grand Hall Introduction is set up on its own (M-INTRO-1). Raises CampaignError."""
    if cs.phase != "playing" or not cs.chosen:
        raise CampaignError("no mansion scenario has been chosen")
    party = party or [(cid, 1 if i % 2 == 0 else 2) for i, cid in enumerate(cs.party)]
    if cs.chosen == "intro":
        seed = cs.rng.below(2 ** 31)
        cs.playing = InPlay(scenario="intro", brief=scenario.brief.id, seed=seed, party=party)
        scn = MansionScenario(brief=scenario.brief, board=scenario.board, content=scenario.content)
        return new_game(scn, party, seed)
    pack, ct = cs.pack_def, cs.content
    card = pack.card(cs.chosen)
    if scenario.brief.id != card.brief:
        raise CampaignError(f"{card.id} is played with brief '{card.brief}', not '{scenario.brief.id}'")
    if [p[0] for p in party] != cs.party:
        raise CampaignError(f"the party must be the campaign's characters in seat order: {cs.party}")
    replay = any(h.scenario == card.id and h.result == "success" for h in cs.history)
    piles = cs.piles
    added = False
    for name in PACKETS_BY_TIER[max(1, min(4, card.tier))]:  # R-CAMP-8 by tier
        if name in cs.packets:
            continue
        pk = ct.decks.packets[name]
        for rid, syms in pk.remove.items():
            for sym in syms:
                for pile in ("tension", "tension_discard"):
                    hit = next((u for u in piles[pile] if cs.cards[u].defn == rid and cs.cards[u].symbol == sym), None)
                    if hit is not None:
                        piles[pile].remove(hit)
                        piles["removed"].append(hit)
                        break
        for tid, n in pk.add.items():
            for _ in range(n):
                u = next(u for u in piles["tension_aside"] if cs.cards[u].defn == tid)
                piles["tension_aside"].remove(u)
                piles["tension"].append(u)
        cs.packets.append(name)
        added = True
    if added:
        piles["tension"] += piles["tension_discard"]
        piles["tension_discard"] = []
        cs.rng.shuffle(piles["tension"])
    b_deck = []
    for bid in scenario.brief.item_b:  # R-ITEM-10; M-ITEMC-4 on a replay
        if replay and ct.items[bid].type != "scenario":
            continue
        u = next((u for u in piles["b_pool"] if cs.cards[u].defn == bid), None)
        if u is not None:
            piles["b_pool"].remove(u)
            b_deck.append(u)
    cs.rng.shuffle(b_deck)
    skip = {f"C@{k}" for k in cs.collected_c.get(card.id, [])}
    c_tokens = [k[2:] for p in scenario.board.placements
                if (k := token_key(p.kind, p.square, dict(p.props))) and k.startswith("C@") and k not in skip]
    handed = {k: list(piles.get(k, [])) for k in _HANDED} | {"item_b": b_deck}
    on_table = {u for pile in handed.values() for u in pile}
    on_table |= {u for c in cs.characters for sl in c.inventory for u in sl} | {u for sl in cs.item_box for u in sl}
    carry = CarryIn(characters=[c.model_copy(deep=True) for c in cs.characters],
                    cards={u: c.model_copy() for u, c in cs.cards.items() if u in on_table}, piles=handed,
                    item_box=[list(x) for x in cs.item_box], danger=cs.danger, replay=replay)
    brief = scenario.brief.model_copy(update={"easy": cs.mode.easy, "tier": card.tier})
    mc = mansion_carry(cs)
    cs.scout_next = False
    scn = MansionScenario(brief=brief, board=scenario.board, content=scenario.content, carry=carry,
                          skip_tokens=frozenset(skip), mansion_carry=mc)
    seed = cs.rng.below(2 ** 31)
    cs.playing = InPlay(scenario=card.id, brief=card.brief, seed=seed, party=[tuple(p) for p in party], replay=replay,
                        c_start=list(piles["item_c"]), b_deck=b_deck, c_tokens=c_tokens, prog_labels=[],
                        danger_before=cs.danger, carry={"core": carry.model_dump(mode="json"), "mansion": mc},
                        skip=sorted(skip))
    return new_game(scn, party, seed)


def rebuild_mansion_scenario(cs: MansionCampaignState, scenario: Scenario) -> Scenario:
    """The scenario object of the game in progress, rebuilt from what its set-up recorded."""
    ip = cs.playing
    if ip is None or ip.scenario == "intro" or ip.carry is None:
        return MansionScenario(brief=scenario.brief, board=scenario.board, content=scenario.content)
    brief = scenario.brief.model_copy(update={"easy": cs.mode.easy, "tier": cs.pack_def.card(ip.scenario).tier})
    return MansionScenario(brief=brief, board=scenario.board, content=scenario.content,
                           carry=CarryIn.model_validate(ip.carry["core"]), skip_tokens=frozenset(ip.skip),
                           mansion_carry=ip.carry["mansion"])


def finish_mansion_scenario(cs: MansionCampaignState, gs: MansionState) -> list[Event]:
    """Write a finished mansion scenario back (carry-out, M-CAMP-5) and run the mansion end phase
    to its first decision. The Introduction has no end phase (M-INTRO-1). Raises CampaignError."""
    if gs.result is None:
        raise CampaignError("the scenario is not over yet")
    ip = cs.playing
    if ip is None:
        raise CampaignError("no mansion scenario is being played")
    run = MansionCampaignRun(cs)
    if ip.scenario == "intro":
        cs.intro_done = True
        cs.playing = None
        cs.chosen = None
        run.emit("intro_done", "M-INTRO-1", f"The Introduction ends ({gs.result}); the campaign starts.")
        run.begin_phase("choose")
        run.run()
        return run.ev
    sid = ip.scenario
    for c in gs.characters:
        cc = cs.char(c.cid)
        cc.health = 6 if c.dead else c.health
        cc.poisoned = c.poisoned
        cc.inventory = [list(x) for x in c.inventory]
        cc.limit_bonus = c.limit_bonus
    for u, card in gs.cards.items():
        if u in cs.cards:
            cs.cards[u] = card.model_copy()
    cs.item_box = [list(x) for x in gs.item_box]
    for name in _CARRIED:
        cs.piles[name] = list(gs.piles.get(name, []))
    cs.piles["b_pool"] = list(gs.piles.get("b_pool", [])) + list(gs.piles.get("item_b", []))
    cs.danger = gs.danger
    m = gs.mansion
    decks = {k: list(v) for k, v in m.decks.items()}
    if m.mission is not None:  # a scenario ended mid-mission: the mission is abandoned (M-MISSION-9)
        decks.setdefault("missions_removed", []).append(m.mission.card)
        decks.setdefault("encounter_discard", []).extend(m.mission.drawn)
    cs.decks = decks
    cs.kerosene = {c.cid: m.kerosene.get(c.cid, 0) for c in gs.characters}  # M-KERO-5
    cs.reserve = [r.model_copy() for r in m.reserve]
    cs.killed = list(m.killed)
    cs.scout_next = m.scout_next
    left = {token_key(t.kind, t.pos, t.props) for t in gs.tokens}
    found_c = [k for k in ip.c_tokens if f"C@{k}" not in left]
    success = gs.result == "success"
    if success:  # M-ITEMC-5 (R-CAMP-19 amended): a success commits its Item C tokens
        cs.collected_c.setdefault(sid, []).extend(k for k in found_c if k not in cs.collected_c.get(sid, []))
    drawn_c = [u for u in ip.c_start if u not in gs.piles.get("item_c", [])]
    drawn_b = [u for u in ip.b_deck if u not in gs.piles.get("item_b", [])]
    cs.history.append(Attempt(scenario=sid, result=gs.result, reason=gs.result_reason, turns=gs.turn,
                              replay=ip.replay, danger_before=ip.danger_before, danger_after=cs.danger, seed=ip.seed,
                              party=ip.party, record=list(gs.record)))
    cs.ending = EndInfo(scenario=sid, result=gs.result, reason=gs.result_reason, ribbons=gs.ink_ribbons,
                        drawn_c=drawn_c, drawn_b=drawn_b, c_start=list(ip.c_start))
    cs.playing = None
    cs.chosen = None
    run.emit("end_phase", "R-END-X0", f"{cs.pack_def.card(sid).name}: {'success' if success else 'failure'} - the end "
             "phase begins.", scenario=sid, result=gs.result)
    run.begin_phase(f"{gs.result}.sustained")
    run.run()
    return run.ev


def replay_mansion_campaign(pack, content, party: list[str], seed: int, record: list[dict], attempts: list[list[dict]],
                            load, easy: bool = False) -> MansionCampaignState:
    """Rebuild a mansion campaign from its seed, its record of campaign decisions and the record
    of every scenario played (in order), loading scenarios with ``load(card_id)``. Raises
    CampaignError if a recorded action is not legal at its step."""
    from ..api import apply as gapply
    from ..campaign.api import apply

    cs = start_mansion_campaign(pack, content, party, seed, easy=easy)
    rec, att = iter(record), iter(attempts)
    while not cs.over:
        if cs.phase == "playing":
            gs = begin_mansion_scenario(cs, load(cs.chosen))
            for i, a in enumerate(next(att)):
                ev = gapply(gs, Action(**a))
                if len(ev) == 1 and ev[0].kind == "impossible":
                    raise CampaignError(f"scenario {cs.playing.scenario} step {i + 1}: {ev[0].text}")
            if not gs.over:  # the bot's step limit ended it
                gs.result, gs.result_reason = "failure", "unfinished (step limit)"
            finish_mansion_scenario(cs, gs)
            continue
        a = next(rec, None)
        if a is None:
            break
        ev = apply(cs, Action(**a))
        if len(ev) == 1 and ev[0].kind == "impossible":
            raise CampaignError(f"campaign record step {len(cs.record) + 1}: {ev[0].text}")
    return cs


def standalone_mansion(pack, scenario: Scenario) -> MansionScenario:
    """M-MODE-3: a manor scenario on its own: no reserve, survivor deck, missions or map cards
    (RESCUE and MISSION fail their precondition); tension packets, gear and danger by tier as
    R-STAND; no Item C tokens (R-STAND-1); no reshuffle outside the Introduction (M-TENSION-1)."""
    card = next((c for c in pack.cards if c.brief == scenario.brief.id), None)
    if card is None:
        raise CampaignError(f"brief '{scenario.brief.id}' is not a card of campaign {pack.id}")
    tier = max(1, min(4, card.tier))
    brief = scenario.brief.model_copy(update=dict(
        standalone_gear=True, danger_start=STANDALONE_DANGER[tier], packets=PACKETS_BY_TIER[tier],
        tension_campaign=True, item_a_standard=True, rare_item_a=[], narrative_deck=False, tension_reshuffle=False,
        tier=tier, item_c=[]))
    skip = frozenset(k for p in scenario.board.placements if (k := token_key(p.kind, p.square, dict(p.props))))
    return MansionScenario(brief=brief, board=scenario.board, content=scenario.content, skip_tokens=skip,
                           standalone=True)


def conservation(cs: MansionCampaignState) -> list[str]:
    """Cards in no place or two places, and mansion deck cards (encounter, events, missions,
    survivors) in no place or two (every card in exactly one place)."""
    from ..campaign.api import conservation as card_places
    bad = card_places(cs)
    ct = cs.content
    seen: dict[str, int] = {}
    for pile in cs.decks.values():
        for x in pile:
            seen[x] = seen.get(x, 0) + 1
    everyone = [c.cid for c in cs.characters] + [r.cid for r in cs.reserve] + cs.killed
    for x in everyone:
        seen[x] = seen.get(x, 0) + 1
    for name in list(ct.encounter) + list(ct.events) + list(ct.missions) + list(ct.characters) + list(ct.reserve_only):
        n = seen.get(name, 0)
        if n != 1:
            bad.append(f"{name} in {n} places")
    return bad


__all__ = ["MANSION_CAMPAIGN", "FAILURE_STEPS", "MansionCampaignRun", "MansionCampaignState", "MansionScenario",
           "SUCCESS_STEPS", "begin_mansion_scenario", "card_status", "conservation", "finish_mansion_scenario",
           "playable", "rebuild_mansion_scenario", "replay_mansion_campaign", "standalone_mansion", "start_mansion_campaign"]
