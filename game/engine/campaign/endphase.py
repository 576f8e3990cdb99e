"""The end phase every campaign shares, on the rules machine (R-END): the steps of the
rulebook's lists after a success and after a failure, each a task named ``step_<name>``, and the
player decisions among them (ammunition, healing, the item box, the next scenario), plus card
removal (R-REMOVE) and the helpers the steps use.

A campaign rule set (the city's :mod:`.rules`, the mansion's ``game.engine.mansion.campaign``)
subclasses :class:`EndPhaseRun`, lists its steps in the rulebook's order (:func:`end_phases`),
adds the steps only it has (the city's path cards, the manor map) and fills in the hooks that
are its own: what its set-up, carry-in and carry-out add (:mod:`.api` calls them), the words of
the overrun and victory checks, and the name of its danger track.
"""
from __future__ import annotations

from typing import Any

from ..actions import Action
from ..machine import Machine, Phase, task, decision
from ..state import CardState, GameState
from ..messages import english
from .state import BaseCampaignState, CampChar
from .supplies import HEALTH_NAMES, SupplySteps  # noqa: F401  (HEALTH_NAMES re-exported for the rule sets)

class CampaignError(ValueError):
    """A campaign call made at the wrong moment or with a scenario the campaign did not choose."""


#: R-END-X0 (1)-(4): the prelude of both lists
_X0 = [("sustained", "R-END-X0"), ("poison", "R-END-X0"), ("overrun", "R-DANGER-6"), ("victory", "R-CAMP-16")]


def end_phases(success: list[tuple[str, str]], failure: list[tuple[str, str]],
               *extra: tuple[str, str]) -> tuple[Phase, ...]:
    """The phase table of a campaign rule set: one row per step of the success and failure lists
    (``success.<name>`` / ``failure.<name>``, each starting task ``step_<name>`` and going on to
    the next row), then one row per ``(name, rule)`` in ``extra`` (task ``step_<name>``)."""
    rows = []
    for prefix, steps in (("success", success), ("failure", failure)):
        for i, (name, rule) in enumerate(steps):
            nxt = f"{prefix}.{steps[i + 1][0]}" if i + 1 < len(steps) else None
            rows.append(Phase(f"{prefix}.{name}", start=f"step_{name}", then=nxt, rule=rule))
    for name, rule in extra:
        rows.append(Phase(name, start=f"step_{name}", then=None, rule=rule))
    return tuple(rows)


class EndPhaseRun(SupplySteps, Machine):
    """One resolution pass of a campaign rule set over its campaign state: the shared end-phase
    steps and the hooks a campaign fills in (see the module docstring)."""

    #: the campaign state class this rule set plays on
    STATE: type = BaseCampaignState
    #: the game state class its scenarios are played on (for loading a save made mid-scenario)
    GAME_STATE: type = GameState
    #: what the overrun check calls the place (R-DANGER-6: "the city is overrun")
    OVERRUN_WHY = "reason.city_overrun"  # the message of the reason an overrun campaign ends with (R-CAMP-17)
    #: the danger track's name in the danger step (R-END-S6 / R-END-F5)
    DANGER_TRACK = "City"  # (message camp.danger.<lower>)
    #: who the party is, in error messages ("survivors", "characters")
    WHO = "survivors"
    #: the rule and the words of the Introduction's choice and end (R-INTRO-9)
    INTRO = ("R-INTRO-9", "camp.intro_city", "camp.intro_city_done")  # (message ids)
    #: the key the campaign's own part of the carry-in is recorded under (None: it has none)
    CARRY_KEY: str | None = None
    #: does the campaign place progression tokens (R-CAMP-10)?
    PROGRESSION = False
    #: its end phase's lists, (step, rule) in the rulebook's order (R-END-S*, R-END-F*)
    SUCCESS_STEPS: list[tuple[str, str]] = []
    FAILURE_STEPS: list[tuple[str, str]] = []

    def __init__(self, s: BaseCampaignState):
        super().__init__(s)  # type: ignore[arg-type]
        if s.pack_def is None or s.content is None:
            raise RuntimeError("CampaignState has no pack/content attached (use state.attach(pack, content))")
        self.s: Any = s
        self.pack = s.pack_def
        self.ct = s.content

    # ---------------------------------------------------------------- helpers
    def idef(self, uid: str):
        return self.ct.items[self.s.cards[uid].defn]

    def cname(self, c: CampChar | str) -> str:
        cid = c if isinstance(c, str) else c.cid
        return self.ct.characters[cid].name

    # typed references for message parameters (issue 23, game.engine.messages)
    def r_c(self, c: CampChar | str) -> dict:
        """A survivor's (character's) reference."""
        cid = c if isinstance(c, str) else c.cid
        return {"t": "char", "id": cid, "name": self.cname(cid)}

    def r_i(self, uid: str) -> dict:
        """An item card's reference."""
        return {"t": "item", "id": uid, "name": self.idef(uid).name}

    def r_place(self, sid: str) -> dict:
        """A scenario's reference (a slot of the city, a card of the manor map)."""
        return {"t": "card", "id": sid, "name": self.place_name(sid)}

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

    def remove_from_game(self, uid: str, why: dict) -> None:
        """R-REMOVE-1/2: the card leaves the campaign for good and is recorded as removed."""
        self.take_out(uid)
        self.s.cards[uid].ammo = None
        self.s.piles["removed"].append(uid)
        self.emit("removed", "R-REMOVE-1", "camp.removed", {"card": self.r_i(uid), "why": why}, card=uid)

    def held(self, in_box: bool) -> list[tuple[str, str]]:
        """(uid, where) of every card in inventories (and the item box if ``in_box``)."""
        out = [(u, c.cid) for c in self.s.characters for sl in c.inventory for u in sl]
        if in_box:
            out += [(u, "box") for sl in self.s.item_box for u in sl]
        return out

    def playable(self) -> list[str]:
        """The scenarios that can be chosen now (R-CAMP-11); each campaign says which."""
        raise NotImplementedError

    def place_name(self, sid: str) -> str:
        """The shown name of scenario ``sid`` (a slot of the city, a card of the manor map)."""
        return self.pack.scenario_def(sid).name

    def options_for(self, kind: str, fixed: list[Action]) -> list[Action]:
        """The options of pending decision ``kind`` recomputed from the state (so a state changed
        by hand, or loaded, lists what its rules allow); ``fixed`` for other kinds."""
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
        if not s.intro_done and not s.history and self.offers_intro():
            opts.append(Action(kind="choose", target="intro"))  # R-INTRO-9 / M-INTRO-1
        return opts

    def offers_intro(self) -> bool:
        """Whether the campaign has an Introduction to offer before its first scenario."""
        return bool(getattr(self.pack, "intro", None))

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
        self.emit("end_step", "R-SUST-6", "camp.sustained", {"n": len(sus)},
                  step="sustained", n=len(sus))
        self.next_phase()

    @task("step_poison")
    def t_poison(self, task: dict) -> None:
        """R-END-X0 (2): every poison is cured."""
        cured = [c for c in self.s.characters if c.poisoned]
        for c in cured:
            c.poisoned = False
        who = {"t": "list", "v": [self.r_c(c) for c in cured]} if cured else {"t": "msg", "id": "camp.nobody_poisoned"}
        self.emit("end_step", "R-END-X0", "camp.poison_cured", {"who": who}, step="poison", chars=[c.cid for c in cured])
        self.next_phase()

    @task("step_overrun")
    def t_overrun(self, task: dict) -> None:
        """R-END-X0 (3), R-DANGER-6: the marker on the last space -> the place is overrun and the
        campaign lost (R-CAMP-17, M-CAMP-3), unless a successful final scenario just ended (victory
        takes precedence)."""
        s = self.s
        final_won = s.ending.scenario == self.pack.final and s.ending.result == "success"
        if s.danger >= self.pack.danger_max and not final_won:
            rule, mid, params = self.overrun_lost()
            self.lost({"t": "msg", "id": self.OVERRUN_WHY, "params": {"d": s.danger, "max": self.pack.danger_max}}, rule)
            self.emit("campaign_lost", rule, mid, params, step="overrun")
            self.finish()
            return
        rule, mid, params = self.overrun_held()
        self.emit("end_step", rule, mid, params, step="overrun")
        self.next_phase()

    def overrun_lost(self) -> tuple[str, str, dict]:
        """(rule, message id, parameters) of the overrun check when the campaign is lost."""
        return "R-CAMP-17", "camp.overrun_lost", {"d": self.s.danger}

    def overrun_held(self) -> tuple[str, str, dict]:
        """(rule, message id, parameters) of the overrun check when the place holds."""
        return "R-DANGER-6", "camp.overrun_held", {"d": self.s.danger, "max": self.pack.danger_max}

    @task("step_victory")
    def t_victory(self, task: dict) -> None:
        """R-END-X0 (4), R-CAMP-16 / M-CAMP-2: a successful final scenario wins the campaign."""
        s = self.s
        if s.ending.scenario == self.pack.final and s.ending.result == "success":
            why, rule, mid, params = self.victory()
            s.result, s.result_reason, s.result_why = "victory", english(why), dict(why, rule=rule)
            if self.pack.final not in s.completed:
                s.completed.append(self.pack.final)
            self.emit("campaign_won", rule, mid, params, step="victory")
            self.finish()
            return
        self.next_phase()

    def victory(self) -> tuple[dict, str, str, dict]:
        """(the reason as a message reference, rule, message id, parameters) of a won campaign."""
        card = self.r_place(self.pack.final)
        return {"t": "msg", "id": "reason.final_won", "params": {"card": card}}, "R-CAMP-16", "camp.won", {"card": card}

    def lost(self, why: dict, rule: str) -> None:
        """The campaign ends in defeat for reason ``why`` (a message reference, :mod:`game.engine.messages`):
        ``result_why`` keeps it with ``rule``, ``result_reason`` its English words."""
        s = self.s
        s.result, s.result_reason, s.result_why = "defeat", english(why), dict(why, rule=rule)

    # ---------------------------------------------------------------- after success
    @task("step_scenario_items")
    def t_scenario_items(self, task: dict) -> None:
        """R-END-S3: every scenario item leaves inventories and the box (back to the B pool)."""
        gone = [u for u, _ in self.held(in_box=True) if self.idef(u).type == "scenario"]
        for u in gone:
            self.take_out(u)
            self.discard(u)
        names = {"t": "list", "v": [self.r_i(u) for u in gone]} if gone else {"t": "msg", "id": "camp.none_held"}
        self.emit("end_step", "R-END-S3", "camp.scenario_items", {"names": names}, step="scenario_items", cards=gone)
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
        self.emit("end_step", "R-END-S4", "camp.item_a", {"n": n, "m": len(deck)},
                  step="item_a", n=n)
        self.next_phase()

    @task("step_spray")
    def t_spray(self, task: dict) -> None:
        """R-END-S5 / R-END-F4: no First-Aid Spray held anywhere -> one goes into the item box (a
        free card: not in a deck, inventory, the box or removed, R-REMOVE-2; else a new one)."""
        s = self.s
        is_spray = lambda u: self.idef(u).heal > 0  # noqa: E731
        if any(is_spray(u) for u, _ in self.held(in_box=True)):
            self.emit("end_step", self.step_rule(), "camp.spray_held", step="spray")
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
        self.emit("end_step", self.step_rule(), "camp.spray_added",
                  step="spray", card=uid)
        self.next_phase()

    @task("step_danger")
    def t_danger(self, task: dict) -> None:
        """R-END-S6 (+1) / R-END-F5 (+2), R-DANGER-3: never above the last space (M-DANGER-1: the
        manor's track has the same numbers)."""
        s = self.s
        n = 1 if s.ending.result == "success" else 2
        before = s.danger
        s.danger = min(self.pack.danger_max, s.danger + n)
        self.emit("danger", self.step_rule(), "camp.danger." + self.DANGER_TRACK.lower(),
                  {"n": n, "a": before, "b": s.danger, "band": {"t": "msg", "id": "band." + self.pack.band(s.danger)}}, step="danger", before=before, danger=s.danger)
        self.next_phase()

    @task("step_ribbons")
    def t_ribbons(self, task: dict) -> None:
        """R-END-S7 / R-END-F6, R-INK-5: unspent ink ribbons are discarded."""
        n = self.s.ending.ribbons
        self.emit("end_step", self.step_rule(), "camp.ribbons", {"n": n}, step="ribbons", n=n)
        self.next_phase()

    @task("step_tension")
    def t_tension(self, task: dict) -> None:
        """R-END-S8 / R-END-F7: the tension draw and discard piles are shuffled together."""
        s = self.s
        deck = s.piles["tension"] + s.piles["tension_discard"]
        s.piles["tension_discard"] = []
        s.rng.shuffle(deck)
        s.piles["tension"] = deck
        self.emit("end_step", self.step_rule(), "camp.tension", {"n": len(deck)}, step="tension", n=len(deck))
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
        self.emit("end_step", "R-END-F1", "camp.return", {"b": len(e.drawn_b), "c": len(e.drawn_c)}, step="return", b=e.drawn_b, c=e.drawn_c)
        self.next_phase()

    @task("step_refill")
    def t_refill(self, task: dict) -> None:
        """R-END-F2: every weapon in an inventory (not the box) back to its printed capacity."""
        self.refill_dials("R-END-F2", "refill")
        self.next_phase()

    @task("step_fine")
    def t_fine(self, task: dict) -> None:
        """R-END-F3, R-HEALTH-11: everybody back to Fine, even the unconscious and the dead."""
        for c in self.s.characters:
            c.health = 1
        self.emit("end_step", "R-END-F3", "camp.all_fine", step="fine")
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
        self.wait("transfer", 0, "ask.transfer", self.transfer_options() + [Action(kind="done")], {},
                  {"n": len(self.s.item_box), "m": self.box_limit()}, rule="R-END-X1")

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
            self.emit("stash_item", "R-END-X1", "camp.put_box", {"char": self.r_c(c), "item": self.r_i(a.item)})
        else:
            slot = next(sl for sl in s.item_box if a.item in sl)
            s.item_box.remove(slot)
            c.inventory.append(slot)
            self.emit("take", "R-END-X1", "camp.take_box", {"char": self.r_c(c), "item": self.r_i(a.item)})
        self.transfer_prompt()

    @task("step_choose")
    def t_choose(self, task: dict) -> None:
        """R-END-S11 / R-END-F8 / R-CAMP-11: the players choose among the playable scenarios."""
        s = self.s
        opts = self.choose_options()
        if not opts:  # cannot happen on a sound graph (DV-14 argument, property test)
            self.lost({"t": "msg", "id": "reason.no_scenario"}, "R-CAMP-11")
            self.emit("campaign_lost", "R-CAMP-11", "camp.no_scenario")
            self.finish()
            return
        self.wait("choose", 0, "ask.choose_scenario", opts, {})

    @decision("choose")
    def d_choose(self, ctx: dict, a: Action) -> None:
        """R-END-S11 / R-END-F8: the chosen scenario is set up next (the Introduction on its own)."""
        s = self.s
        if a.target == "intro":
            s.chosen = "intro"
            s.phase = "playing"
            self.emit("chosen", self.INTRO[0], self.INTRO[1], scenario="intro")  # (INTRO[1]: a message id)
            return
        s.chosen = a.target
        s.ending = None
        self.emit("chosen", "R-END-S11", "camp.next", {"card": self.r_place(a.target)}, scenario=a.target)
        self.after_choice()

    def after_choice(self) -> None:
        """What comes between choosing a scenario and setting it up (default: nothing)."""
        self.s.phase = "playing"

    # ---------------------------------------------------------------- hooks of the campaign layer (api.py)
    @classmethod
    def check_party(cls, party: list[str], content: Any) -> None:
        """Raise CampaignError naming the first survivor the campaign cannot take."""
        for cid in party:
            if cid not in content.characters:
                raise CampaignError(f"unknown survivor {cid!r}")

    def set_aside(self) -> list[str]:
        """The profiles set aside at the start with their starting items (R-SOLO-2)."""
        return []

    def joined(self, cid: str) -> None:
        """Called when character ``cid`` joins the party at the start (M-KERO-1: kerosene)."""

    def set_up_rest(self, piles: dict[str, list[str]], card) -> None:
        """The campaign's own part of its set-up, after the shared piles (R-CAMP-4 ..)."""

    def before_item_b(self, sl: Any) -> None:
        """Carry-in: what the campaign adds before the Item B deck is built (R-ITEM-4)."""

    def tokens_not_placed(self, sid: str) -> set[str]:
        """Carry-in: token keys collected in scenario ``sid`` that are not placed again
        (R-CAMP-15, M-ITEMC-3); the Item C tokens here, a campaign adds its own."""
        return {f"C@{k}" for k in self.s.collected_c.get(sid, [])}

    def brief_changes(self, sl: Any) -> dict[str, Any]:
        """Carry-in: the brief's fields the campaign sets (R-EASY: easy mode)."""
        return {"easy": self.s.mode.easy}

    def own_carry(self) -> dict[str, Any] | None:
        """Carry-in: the campaign's own part of what the scenario takes (None: nothing)."""
        return None

    @classmethod
    def make_scenario(cls, scenario: Any, brief: Any, own: dict[str, Any] | None, **kw: Any) -> Any:
        """The scenario its games are played as, on ``scenario``'s board with ``brief``; ``own``
        is the campaign's own carry (:meth:`own_carry`), ``kw`` the layer's (``carry``,
        ``skip_tokens``, ``standalone``). Its class names the rule set the game is played with."""
        from .carry import CampaignScenario
        return CampaignScenario(brief=brief, board=scenario.board, content=scenario.content, **kw)

    def intro_scenario(self, scenario: Any) -> Any:
        """The Introduction's scenario (R-INTRO-9: set up on its own, as it is)."""
        return scenario

    def carry_back(self, gs: Any) -> None:
        """Carry-out: the campaign's own part written back from the finished game ``gs``."""

    def progression_found(self, sid: str, labels: list[str]) -> None:
        """Carry-out: progression tokens picked up in ``sid`` (R-CAMP-10); none by default."""

    @classmethod
    def standalone_changes(cls, sl: Any, tier: int) -> dict[str, Any]:
        """R-STAND: the brief's fields for a scenario played on its own, by tier."""
        return {}

    #: tasks that carry cards between two places, their ``items`` a list of slots of card uids
    #: (R-ITEM-9: conservation counts them there, so a save taken meanwhile adds up); the manor's
    #: M-SWITCH-3 item placement
    TRANSIT_TASKS: tuple[str, ...] = ()

    def conservation_extra(self) -> list[str]:
        """Other things that must each be in exactly one place (the mansion's deck cards)."""
        return []

    def state_problems(self) -> tuple[str, str] | None:
        """The load check of the campaign's own fields (:func:`game.engine.campaign.checks.impossible`
        checks the layer's): (field, what is wrong) for an id the pack or content does not have or a
        value no play reaches; None when they can be played on."""
        return None

    def status(self, sid: str) -> tuple[str, str]:
        """(state, why) of a scenario for the campaign's map scene."""
        raise NotImplementedError

