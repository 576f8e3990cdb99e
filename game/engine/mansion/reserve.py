"""Kerosene and the Burn action (M-KERO-1..5, MDV-3), the reserve and its wounds (M-RESERVE-1..6,
MDV-9) and missions (M-MISSION-1..13, MDV-7)."""
from __future__ import annotations

from ..actions import Action, make_action
from ..core.base import count
from ..machine import action, decision, task
from ..state import CharState
from .state import MissionRun, Reserved

KILL_WOUNDS = 5  # M-MISSION-7, M-RESERVE-5


class Kerosene:
    """Mixin of the mansion rule set: kerosene tokens and Burn."""

    def kerosene(self, cid: str) -> int:
        return self.s.mansion.kerosene.get(cid, 0)

    def gain_kerosene(self, c: CharState, n: int, rule: str) -> None:
        """M-KERO-2: never above the character's limit; any gain beyond it is lost."""
        lim = self.ct.kerosene_limit(c.cid)
        before = self.kerosene(c.cid)
        self.s.mansion.kerosene[c.cid] = after = min(lim, before + n)
        self.emit("kerosene", rule, "kerosene.gain", {"char": self.r_who(c), "a": before, "b": after, "n": lim},
                  char=c.cid, kerosene=after)

    def burn_squares(self, c: CharState) -> list:
        """M-KERO-3: the character's square or a connected-adjacent one holding a corpse."""
        if c.pos is None or self.kerosene(c.cid) < 1:
            return []
        near = [c.pos] + list(self.g.neighbours(c.pos))
        corpses = {t.pos for t in self.s.tokens if t.kind == "corpse"}
        return [q for q in near if q in corpses]

    def use_options(self, c: CharState) -> list[Action]:
        out = super().use_options(c)
        if self.kerosene(c.cid) < self.ct.kerosene_limit(c.cid):  # M-KERO-4: the Kerosene Can
            out += [make_action("use", item=sl[0]) for sl in c.inventory if self.s.cards[sl[0]].defn == "kerosene_can"]
        return out

    def action_options(self) -> list[Action]:
        out = super().action_options()
        c = self.s.active_char
        if out and c.conscious:
            out += [make_action("burn", to=q) for q in self.burn_squares(c)]  # M-KERO-3
        return out

    @action("burn")
    def do_burn(self, c: CharState, a: Action) -> None:
        """M-KERO-3: one action and one kerosene token remove every corpse in that one square."""
        s = self.s
        gone = [t for t in s.tokens if t.kind == "corpse" and t.pos == a.to]
        for t in gone:
            s.tokens.remove(t)
        s.mansion.kerosene[c.cid] = self.kerosene(c.cid) - 1
        self.emit("burn", "M-KERO-3", "kerosene.burn", {"char": self.r_who(c), "n": len(gone), "square": self.r_sq(a.to),
                                                        "k": self.kerosene(c.cid)}, char=c.cid, pos=list(a.to), n=len(gone))

    @action("use")
    def do_use(self, c: CharState, a: Action) -> None:
        if self.s.cards[a.item].defn == "kerosene_can":  # M-KERO-4
            c.inventory.remove(self.find_slot(c, a.item))
            self.discard_card(a.item)
            self.emit("use", "M-KERO-4", "use.the", {"char": self.r_who(c), "item": self.r_item(a.item)})
            self.gain_kerosene(c, 2, "M-KERO-4")
            return
        medic = self.notes["medic"] = self.cdef(c).special == "field_medic"  # MDV-1 Field Medic (a pass note)
        target = self.s.char(a.target) if a.target and any(o.cid == a.target for o in self.s.characters) else None
        reviving = medic and target is not None and target.health == 6 and self.idef(a.item).heal > 0
        try:
            super().do_use(c, a)
        finally:
            self.notes["medic"] = False
        if reviving and target.health == 3:  # MDV-1 Field Medic: her spray revives at position 2
            target.health = 2
            self.emit("recover", "MDV-1", "medic.fine", {"char": self.r_who(target)}, char=target.cid,
                      health=2)

    def recover(self, c: CharState, n: int, rule: str) -> None:
        """MDV-1 Field Medic: recovery items Ivy uses recover 1 extra step."""
        super().recover(c, n + (1 if self.notes.get("medic", False) and n > 0 else 0), rule)


class Reserve:
    """Mixin of the mansion rule set: the reserve, survivor deck and missions."""

    def rescue(self) -> None:
        """M-RESERVE-1/2: the top survivor card joins the reserve, with no items or kerosene."""
        m = self.s.mansion
        cid = self.top_card("survivors")  # issue 12: the card switch off, the table draws it
        m.reserve.append(Reserved(cid=cid))
        self.emit("rescue", "M-RESERVE-1", "reserve.rescued", {"char": {"t": "char", "id": cid, "name": self.ct.character_name(cid)}},
                  char=cid)

    def wound_reserve(self, cid: str, n: int, rule: str) -> None:
        """Wound tokens on a reserve profile; 5 or more kill it (M-MISSION-7, M-RESERVE-5)."""
        m = self.s.mansion
        r = self.s.reserve_of(cid)
        if r is None:
            return
        r.wounds += n
        self.emit("reserve_wounds", rule, "reserve.wounds", {"char": {"t": "char", "id": cid, "name": self.ct.character_name(cid)}, "n": n, "m": r.wounds},
                  char=cid, wounds=r.wounds)
        if r.wounds >= KILL_WOUNDS:
            m.reserve.remove(r)
            m.killed.append(cid)
            self.emit("reserve_killed", "M-MISSION-7", "reserve.killed", {"char": {"t": "char", "id": cid, "name": self.ct.character_name(cid)}}, char=cid)

    @decision("wound_reserve")
    def d_wound_reserve(self, ctx: dict, a: Action) -> None:
        self.wound_reserve(a.target, int(ctx["n"]), "M-EVENT-9")

    def stash_item_a(self, n: int) -> None:
        """STASH_A n (M-MISSION-13): top n Item A cards into the item box (R-ITEM-6 reshuffle when
        the deck runs out); those that do not fit go to the Item A discard pile."""
        s = self.s
        put = 0
        for _ in range(n):
            self.reshuffle_item_a()  # R-ITEM-6, the core's
            if not s.piles.get("item_a"):
                break
            uid = s.piles["item_a"].pop(0)
            if len(s.item_box) < self.box_limit():
                s.item_box.append([uid])
                put += 1
            else:
                s.piles["item_a_discard"].append(uid)
        self.emit("stash", "M-MISSION-13", "mission.stash_a", {"n": put})

    # ------------------------------------------------------------------ missions (M-MISSION)
    @task("mission_token")
    def t_mission_token(self, task: dict) -> None:
        """M-MISSION-1: a character placed on a mission token discards it and starts a mission."""
        t = self.s.token(task["token"])
        if t is None:
            return
        self.s.tokens.remove(t)
        m = self.s.mansion
        if not (m.campaign and m.decks.get("missions")):
            self.emit("mission", "M-MODE-3", "mission.none_here", card="", char="",
                      step="none")
            return
        self.push({"t": "mission_start", "rule": "M-MISSION-1"})

    @task("mission_start")
    def t_mission_start(self, task: dict) -> None:
        """M-MISSION-2: draw the top mission card; the active player assigns a reserve character
        (with nobody in the reserve the card is shuffled back and the trigger ends, MAMB-8)."""
        m = self.s.mansion
        if m.mission is not None or not m.decks.get("missions"):
            return
        card = self.top_card("missions")  # issue 12: the card switch off, the table draws it
        md = self.ct.missions[card]
        if not m.reserve:
            m.decks["missions"].append(card)
            self.shuffle_deck(m.decks["missions"])
            self.emit("mission", "M-MISSION-2", "mission.no_reserve", {"card": {"t": "card", "id": card, "name": md.name}},
                      card=card, char="", step="no_reserve")
            return
        m.mission = MissionRun(card=card)
        self.emit("mission", "M-MISSION-2", "mission.start", {"card": {"t": "card", "id": card, "name": md.name}, "n": md.clues,
                                                             "text": {"t": "text", "v": md.text}}, card=card,
                  char="", step="start")
        self.ask("mission_assign", self.s.active, "ask.mission_assign",
                 [Action(kind="pick", target=r.cid) for r in m.reserve], {"mission": card},
                 {"card": {"t": "card", "id": card, "name": md.name}})

    @decision("mission_assign")
    def d_mission_assign(self, ctx: dict, a: Action) -> None:
        m = self.s.mansion
        m.mission.cid = a.target
        md = self.ct.missions[m.mission.card]
        self.emit("mission", "M-MISSION-2", "mission.assign", {"char": {"t": "char", "id": a.target, "name": self.ct.character_name(a.target)},
                                                              "card": {"t": "card", "id": md.id, "name": md.name}},
                  card=m.mission.card, char=a.target, step="assign")
        self.push(*[{"t": "op", "op": op.model_dump(), "card": ""} for op in md.start if op.op != "NONE"
                    and self.op_needs(op)], {"t": "mission_go"})

    def mission_alive(self) -> bool:
        m = self.s.mansion
        return m.mission is not None and self.s.reserve_of(m.mission.cid) is not None

    @task("mission_go")
    def t_mission_go(self, task: dict) -> None:
        """M-MISSION-10: a mission needing 0 clues completes at once; otherwise draw."""
        m = self.s.mansion
        if m.mission is None:
            return
        if not self.mission_alive():
            self.push({"t": "mission_end", "how": "killed"})
            return
        if m.mission.clues >= self.ct.missions[m.mission.card].clues:
            self.push({"t": "mission_complete"})
            return
        self.push({"t": "mission_draw"})

    @task("mission_draw")
    def t_mission_draw(self, task: dict) -> None:
        """M-MISSION-3..6: draw one encounter card and resolve only its top edge: wounds first,
        then clues (symbols, not cards); MDV-2 reserve-only rules modify the counts."""
        m = self.s.mansion
        run = m.mission
        card = self.draw_encounter("mission")
        if card is None:
            self.push({"t": "mission_end", "how": "abandoned"})
            return
        run.drawn.append(card)
        e = self.ct.encounter[card]
        who = self.ct.reserve_only.get(run.cid)
        rule = who.mission_rule if who is not None else None
        wounds, clues = e.wounds, e.clues
        if rule == "captain":  # MDV-2 Victor Crane
            wounds += 1 if wounds else 0
            clues += 1 if clues else 0
        if rule == "scout" and wounds and not run.scout_used:  # MDV-2 Theo Ashby
            run.scout_used = True
            wounds -= 1
        run.clues += clues
        need = self.ct.missions[run.card].clues
        self.emit("mission_draw", "M-MISSION-3", "mission.draw", {
            "card": {"t": "card", "id": card, "name": e.name}, "clues": {"t": "msg", "id": "mission.clues", "params": {"n": clues}},
            "wounds": {"t": "msg", "id": "mission.wounds", "params": {"n": wounds}}, "a": run.clues, "b": need}, card=card, clues=clues, wounds=wounds, total=run.clues)
        if wounds:
            self.wound_reserve(run.cid, wounds, "M-MISSION-5")  # M-MISSION-6: wounds first
            if not self.mission_alive():
                self.push({"t": "mission_end", "how": "killed"})
                return
        if run.clues >= need:  # M-MISSION-4
            self.push({"t": "mission_complete"})
            return
        # M-MISSION-8: after a card is resolved the character may abandon
        self.wait("mission_continue", self.s.active, "ask.mission_continue", [Action(kind="choose", n=1), Action(kind="decline")],
                  {}, {"card": {"t": "card", "id": run.card, "name": self.ct.missions[run.card].name}, "a": run.clues, "b": need})

    @decision("mission_continue")
    def d_mission_continue(self, ctx: dict, a: Action) -> None:
        if a.kind == "decline":
            self.push({"t": "mission_end", "how": "abandoned"})
            return
        self.push({"t": "mission_draw"})

    @task("mission_complete")
    def t_mission_complete(self, task: dict) -> None:
        """M-MISSION-4: resolve the completion text; the character returns to the reserve."""
        m = self.s.mansion
        md = self.ct.missions[m.mission.card]
        who = self.ct.reserve_only.get(m.mission.cid)
        self.emit("mission", "M-MISSION-4", "mission.complete", {"card": {"t": "card", "id": md.id, "name": md.name}}, card=md.id, char=m.mission.cid,
                  step="complete")
        ops = [{"t": "op", "op": op.model_dump(), "card": ""} for op in md.completion if op.op != "NONE"
               and self.op_needs(op)]
        if who is not None and who.mission_rule == "pilot":  # MDV-2 Lyle Brennan
            ops.append({"t": "op", "op": {"op": "DANGER", "n": -1}, "card": ""})
        self.push(*ops, {"t": "mission_end", "how": "completed"})

    @task("mission_end")
    def t_mission_end(self, task: dict) -> None:
        """M-MISSION-9: the mission card is removed from the game; the cards drawn for it go to
        the encounter discard pile; the turn resumes where it stopped (M-MISSION-2)."""
        m = self.s.mansion
        run = m.mission
        if run is None:
            return
        m.decks.setdefault("missions_removed", []).append(run.card)
        m.decks.setdefault("encounter_discard", []).extend(run.drawn)
        m.mission = None
        self.emit("mission", "M-MISSION-9", "mission.ends", {"card": {"t": "card", "id": run.card, "name": self.ct.missions[run.card].name},
                                                            "how": {"t": "msg", "id": "mission.how." + task["how"]}},
                  card=run.card, char=run.cid or "", step=task["how"])
