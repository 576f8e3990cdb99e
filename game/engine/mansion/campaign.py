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
from ..campaign.endphase import _X0, HEALTH_NAMES, CampaignError, EndPhaseRun, end_phases
from ..campaign.state import BaseCampaignState, CampChar
from ..core.base import count
from ..machine import RuleSet, decision, register_ruleset, task
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


class MansionCampaignState(BaseCampaignState):
    """A mansion campaign in progress (M-CAMP-5 adds to R-CAMP-22): the common campaign state plus
    kerosene per main character, the reserve with wound tokens, the survivor, mission, scenario
    event and encounter decks (``decks``: order, discards, removed cards), the manor map (``map``:
    cards present and their side; ``completed``: completion tokens), killed characters. It has
    none of the city's path-card, progression-token, Clock Tower or set-aside fields (M-ITEMC-5,
    M-SWITCH-9)."""

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


class MansionCampaignRun(EndPhaseRun):
    """One resolution pass of the mansion campaign rule set over a :class:`MansionCampaignState`."""

    STATE = MansionCampaignState
    GAME_STATE = MansionState
    OVERRUN_WHY = "reason.manor_overrun"  # M-CAMP-3
    DANGER_TRACK = "Manor"  # M-DANGER-1
    WHO = "characters"
    INTRO = ("M-INTRO-1", "camp.intro_manor", "camp.intro_manor_done")  # (message ids)
    CARRY_KEY = "mansion"  # M-CAMP-5: the mansion part of the carry-in
    SUCCESS_STEPS = SUCCESS_STEPS
    FAILURE_STEPS = FAILURE_STEPS

    def cname(self, c) -> str:
        cid = c if isinstance(c, str) else c.cid
        return self.ct.character_name(cid)

    # ---------------------------------------------------------------- the manor map (M-MAP)
    def playable(self) -> list[str]:
        """M-MAP-5: cards on the map unlocked side up with no completion token."""
        s = self.s
        return [c.id for c in self.pack.cards if s.map.get(c.id) == "unlocked" and c.id not in s.completed
                and c.start != "hub"]

    def offers_intro(self) -> bool:
        """M-INTRO-1: the Grand Hall Introduction may be played before the first scenario."""
        return True

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
                self.emit("map_card", "M-MAP-2" if by_success else "M-MAP-9",
                          "manor.card_added" if by_success else "manor.card_added_when",
                          {"card": self.r_place(c.id), "card2": self.r_place(scenario) if by_success else "",
                           "cards": ", ".join(c.added_when_completed)}, card=c.id, side="locked")

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
                self.remove_from_game(uid, {"t": "msg", "id": "manor.why_opens", "params": {"card": self.r_place(c.id)}})
            s.map[c.id] = "unlocked"
            n += 1
            why = {"t": "list", "v": [{"t": "item", "id": i, "name": self.ct.items[i].name} for i in u.items]} if u.items \
                else {"t": "msg", "id": "manor.reserve_at_least", "params": {"n": u.reserve_at_least}}
            self.emit("unlock", "M-MAP-6", "manor.flips", {"card": self.r_place(c.id), "items": why}, card=c.id, scenario=c.id)
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
            self.emit("completion", "M-ITEMC-2", "manor.complete", {"card": self.r_place(sid)},
                      scenario=sid)
        else:
            self.emit("completion", "M-ITEMC-3", "manor.open", {"card": self.r_place(sid), "n": left},
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
            self.emit("end_step", "M-END-2", "manor.unlock_none", step="unlock")
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

    # ---------------------------------------------------------------- X0 words (M-CAMP-2/3)
    def overrun_lost(self) -> tuple[str, str]:
        """M-CAMP-3 (R-DANGER-6 timing): the danger marker at the end of its track before
        Laboratory 4 is completed: the manor is overrun and the campaign lost."""
        return "M-CAMP-3", "manor.overrun_lost", {}

    def overrun_held(self) -> tuple[str, str]:
        return "M-CAMP-3", "manor.overrun_held", {"d": self.s.danger, "max": self.pack.danger_max}

    def victory(self) -> tuple[dict, str, str, dict]:
        """M-CAMP-2: success in Laboratory 4 wins; M-CAMP-4: the score is the characters alive."""
        alive = len(self.s.characters) + len(self.s.reserve)
        why = {"t": "msg", "id": "reason.manor_won", "params": {"card": self.r_place(self.pack.final), "n": alive}}
        return why, "M-CAMP-2", "manor.won", {"n": alive}

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
        self.emit("end_step", "M-END-3", "manor.reserve_heal",
                  {"n": k, "names": {"t": "list", "v": [self.r_c(c) for c in healed]} if healed else {"t": "msg", "id": "manor.nobody"}},
                  step="reserve_heal")
        self.next_phase()

    # ---------------------------------------------------------------- choose, then switch (M-SWITCH)
    def after_choice(self) -> None:
        """M-SWITCH-1: the switching step comes between choosing a card and its set-up."""
        self.s.switch_seat = 0
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
        self.wait("switch", seat, "ask.switch", opts, {"seat": seat}, {"char": self.r_c(old)}, rule="M-SWITCH-1")

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
        self.emit("switch", "M-SWITCH-2", "manor.switch", {
            "char": self.r_c(new), "old": self.r_c(old), "health": {"t": "health", "v": new.health}, "other": self.r_c(old),
            "n": {"t": "msg", "id": "mission.wounds", "params": {"n": min(6, old.health) - 1}}}, char=new.cid, old=old.cid)
        self.push({"t": "step_switch_items", "seat": seat, "old": old.cid, "items": [sl for sl in old.inventory]})

    #: M-SWITCH-3: the old character's items wait in this task (queued, or in the pending
    #: ``switch_items`` decision's context) until placed; the layer's conservation counts them there
    TRANSIT_TASKS = ("step_switch_items",)

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
        self.ask("switch_items", int(task["seat"]), "ask.switch_items", opts, {"task": task},
                 {"char": self.r_c(task["old"]), "item": self.r_i(sl[0]), "other": self.r_c(new)})

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

    # ---------------------------------------------------------------- the mansion's hooks of the campaign layer
    @classmethod
    def check_party(cls, party: list[str], content) -> None:
        """M-CHAR-4: only main characters can be chosen."""
        for cid in party:
            if cid not in content.characters:
                raise CampaignError(f"{cid!r} is not a main character (M-CHAR-4: only main characters can be chosen)")

    def joined(self, cid: str) -> None:
        """M-CAMP-1 (1), M-KERO-1: kerosene at the character's limit."""
        self.s.kerosene[cid] = self.ct.kerosene_limit(cid)

    def set_up_rest(self, piles: dict[str, list[str]], card) -> None:
        """M-CAMP-1 (2)-(3): the survivor deck (unchosen mains + reserve-only, MAMB-13), the
        mission, scenario event and encounter decks shuffled; M-MAP-1: the Grand Hall hub with the
        four A cards unlocked and Basement locked."""
        s, ct = self.s, self.ct
        s.decks = {k: [] for k in DECKS}
        s.decks["survivors"] = [c for c in ct.characters if c not in s.party] + list(ct.reserve_only)
        s.decks["missions"] = list(ct.missions)
        s.decks["events"] = list(ct.events)
        s.decks["encounter"] = list(ct.encounter)
        for k in ("survivors", "missions", "events", "encounter"):
            s.rng.shuffle(s.decks[k])
        s.map = {c.id: c.start for c in self.pack.cards if c.start in ("unlocked", "locked")}  # type: ignore[misc]

    def brief_changes(self, sl) -> dict[str, Any]:
        """Easy mode (M-MODE-1) and the card's tier (M-TENSION, R-CAMP-8 by tier)."""
        return {"easy": self.s.mode.easy, "tier": sl.tier}

    def own_carry(self) -> dict[str, Any]:
        """M-CAMP-5: the mansion part of the carry-in (kerosene, reserve, decks, killed, scout);
        a SCOUT_NEXT earned before is spent on this set-up (M-MISSION-13)."""
        mc = mansion_carry(self.s)
        self.s.scout_next = False
        return mc

    @classmethod
    def make_scenario(cls, scenario, brief, own, **kw) -> "MansionScenario":
        return MansionScenario(brief=brief, board=scenario.board, content=scenario.content, mansion_carry=own, **kw)

    def intro_scenario(self, scenario) -> "MansionScenario":
        """M-INTRO-1: the Grand Hall on its own, with the mansion rules."""
        return self.make_scenario(scenario, scenario.brief, None)

    def carry_back(self, gs: MansionState) -> None:
        """M-CAMP-5: the mansion part written back: decks (a scenario ended mid-mission abandons the
        mission, M-MISSION-9), kerosene (M-KERO-5), the reserve, killed characters, SCOUT_NEXT."""
        s, m = self.s, gs.mansion
        decks = {k: list(v) for k, v in m.decks.items()}
        if m.mission is not None:
            decks.setdefault("missions_removed", []).append(m.mission.card)
            decks.setdefault("encounter_discard", []).extend(m.mission.drawn)
        s.decks = decks
        s.kerosene = {c.cid: m.kerosene.get(c.cid, 0) for c in gs.characters}
        s.reserve = [r.model_copy() for r in m.reserve]
        s.killed = list(m.killed)
        s.scout_next = m.scout_next

    @classmethod
    def standalone_changes(cls, sl, tier: int) -> dict[str, Any]:
        """M-MODE-3: no reserve, survivor deck, missions or map cards (the scenario's rule set sees
        no campaign carry); no narrative deck; no reshuffle outside the Introduction (M-TENSION-1).
        A card's own ``standalone`` values (the pack's [design] numbers, docs/balance.md) replace
        its tier's danger start (R-STAND-5), packets (R-STAND-2) and gear switch (R-STAND-3)."""
        sa = getattr(sl, "standalone", None)
        if sa is None:
            return {}
        # the brief carries the block, so the set-up can read its danger by party size (R-STAND-5,
        # game.engine.mansion.setup)
        return {"danger_start": sa.danger_start, "packets": list(sa.packets), "standalone_gear": sa.gear != 0,
                "standalone": sa}

    def conservation_extra(self) -> list[str]:
        """Mansion deck cards (encounter, events, missions, survivors) and characters in no place
        or two (every one in exactly one place)."""
        s, ct = self.s, self.ct
        seen: dict[str, int] = {}
        for pile in s.decks.values():
            for x in pile:
                seen[x] = seen.get(x, 0) + 1
        for x in [c.cid for c in s.characters] + [r.cid for r in s.reserve] + s.killed:
            seen[x] = seen.get(x, 0) + 1
        bad = []
        for name in list(ct.encounter) + list(ct.events) + list(ct.missions) + list(ct.characters) + list(ct.reserve_only):
            n = seen.get(name, 0)
            if n != 1:
                bad.append(f"{name} in {n} places")
        return bad

    def state_problems(self) -> tuple[str, str] | None:
        """The load check of the manor's own fields (M-CAMP-5): map cards (M-MAP) of the pack,
        kerosene only for the party within each one's limit (M-KERO-1), the reserve of known
        characters with 0..5 wound tokens (MDV-9) and outside the party, killed characters known,
        the four decks by name holding only their own cards (M-CAMP-1), the switching seat
        (M-SWITCH-1) within the party."""
        from ..campaign.checks import first_unknown, known_characters, scenario_ids
        from .setup import DECKS
        s, ct = self.s, self.ct
        for cid in s.party:
            if cid not in ct.characters:  # M-CHAR-4 / M-SWITCH-8: reserve-only characters never play
                return "party", f"{cid!r} is not a main character"
        known = known_characters(ct)
        why = first_unknown("map", s.map, scenario_ids(s), "map card") or first_unknown("killed", s.killed, known,
                                                                                      "character")
        if why:
            return why
        for cid, n in s.kerosene.items():
            if cid not in s.party or not 0 <= n <= ct.kerosene_limit(cid):
                return "kerosene", f"{n} kerosene for {cid!r}"
        for r in s.reserve:
            if r.cid not in known:
                return "reserve", f"unknown character {r.cid!r} in the reserve"
            if r.cid in s.party:
                return "reserve", f"{r.cid!r} is in the party and the reserve"
            if r.wounds > 5:
                return "reserve", f"{r.cid!r} has {r.wounds} wound tokens (0 to 5)"
        cards = {"encounter": ct.encounter, "events": ct.events, "missions": ct.missions, "survivors": known}
        for name, pile in s.decks.items():
            if name not in DECKS:
                return "decks", f"unknown deck {name!r}"
            table = cards[name.split("_")[0]]
            for x in pile:
                if x not in table:
                    return "decks", f"unknown card {x!r} in the {name} deck"
        if not 0 <= s.switch_seat <= len(s.party):
            return "switch_seat", f"switching seat {s.switch_seat} of a party of {len(s.party)}"
        return None

    def status(self, cid: str) -> tuple[str, dict]:
        """(state, why) of a map card for the manor map scene: ``hub``, ``completed``, ``unlocked``
        (replay says what is left), ``locked`` (why names what flips it) or ``absent`` (why names what
        adds it); ``why`` a message reference with its ``rule`` (:mod:`game.engine.messages`, ``slot.<x>``)."""
        cs, pack, ct = self.s, self.pack, self.ct
        c = pack.card(cid)

        def why(mid: str, rule: str, **params) -> dict:
            return {"t": "msg", "id": mid, "params": params, "rule": rule}

        if c.start == "hub":
            return "hub", why("slot.hub", "M-INTRO-1")
        if cid in cs.completed:
            return "completed", why("slot.completed", "M-ITEMC-2")
        side = cs.map.get(cid)
        if side == "unlocked":
            left = c.item_c_tokens - len(cs.collected_c.get(cid, []))
            if any(h.scenario == cid and h.result == "success" for h in cs.history):
                return "unlocked", why("slot.replay_c", "M-ITEMC-3", n=left)
            return "unlocked", why("slot.playable", "M-MAP-5")
        if side == "locked":
            u = c.unlock
            if u.items:
                items = {"t": "list", "sep": "and", "v": [{"t": "item", "id": i, "name": ct.items[i].name} for i in u.items]}
                return "locked", why("slot.needs", "M-MAP-6", items=items)
            return "locked", why("slot.needs_reserve", "M-MAP-6", n=u.reserve_at_least)
        if c.added_by:
            return "absent", why("slot.joins_when", "M-MAP-2", card=self.r_place(c.added_by))
        cards = {"t": "list", "sep": "and", "v": [self.r_place(x) for x in c.added_when_completed]}
        return "absent", why("slot.joins_when_all", "M-MAP-9", cards=cards)


def _setup(*a, **k):
    raise TypeError("the mansion campaign starts with game.engine.campaign.start_campaign (a MansionPack)")


MANSION_CAMPAIGN = register_ruleset(RuleSet(
    name="mansion_campaign", run_class=MansionCampaignRun, setup=_setup,
    phases=end_phases(SUCCESS_STEPS, FAILURE_STEPS, ("choose", "M-MAP-5"), ("switch", "M-SWITCH-1"))))


def mansion_carry(cs: MansionCampaignState) -> dict:
    """The mansion part of the carry-in (M-CAMP-5): kerosene, reserve, decks, killed, scout."""
    return {"kerosene": dict(cs.kerosene), "reserve": [r.model_dump() for r in cs.reserve],
            "killed": list(cs.killed), "decks": {k: list(v) for k, v in cs.decks.items()}, "campaign": True,
            "scout_pending": cs.scout_next}



# The campaign layer's public calls serve the mansion too (its pack names this rule set); the
# names the mansion's callers have used since it was built:
from ..campaign.api import (begin_scenario as begin_mansion_scenario, conservation,  # noqa: E402
                            finish_scenario as finish_mansion_scenario, playable,
                            rebuild_scenario as rebuild_mansion_scenario,
                            replay_campaign as replay_mansion_campaign, slot_status as card_status,
                            standalone_scenario as standalone_mansion, start_campaign as start_mansion_campaign)

__all__ = ["MANSION_CAMPAIGN", "FAILURE_STEPS", "MansionCampaignRun", "MansionCampaignState", "MansionScenario",
           "SUCCESS_STEPS", "begin_mansion_scenario", "card_status", "conservation", "finish_mansion_scenario",
           "mansion_carry", "playable", "rebuild_mansion_scenario", "replay_mansion_campaign", "standalone_mansion",
           "start_mansion_campaign"]
