"""The turn and its phases (R-TURN), the action-phase decision (R-ACT) and what follows each action (R-ACT-4, R-FIRE-2, R-CORPSE-2)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action, make_action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, count, faces_text, passes_through, set_dial_if_new


class Turn:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    @task("turn_start")
    def t_turn_start(self, task: dict) -> None:
        s = self.s
        c = s.active_char
        if c.exited:  # R-TURN-7: exited characters have no turns at all
            self.push({"t": "next_seat"})
            return
        s.turn += 1
        s.core.reroll_used = False
        if not c.conscious:  # R-TURN-7: skipped turn still runs the hooks
            self.emit("turn", "R-TURN-7", "turn.skipped", {"char": self.r_who(c)}, seat=c.seat)
            self.begin_phase("end")
            return
        self.begin_phase("action")

    @task("action_phase", pure=True)
    def t_action_phase(self, task: dict) -> None:
        """R-TURN-4: four actions (three while Shaken, DV-16)."""
        s = self.s
        c = s.active_char
        s.actions_left = 4  # R-TURN-4
        if any(i.name == "Shaken" and i.seat == s.active and s.turn > i.turn
               for i in s.core.sustain.values()):
            s.actions_left = 3  # DV-16 Shaken
            self.emit("shaken", "R-SUST-1", "turn.shaken", {"char": self.r_who(c), "n": 3})
        self.emit("turn", "R-TURN-3", "turn.start", {"turn": s.turn, "char": self.r_who(c), "seat": c.seat + 1},
                  seat=c.seat, char=c.cid, turn=s.turn)
        self.push({"t": "act"})

    def next_phase(self) -> None:
        """Go on to the phase after the current one in the phase table (R-TURN-2)."""
        self.begin_phase(self.rules.phase(self.s.phase).then)

    @task("next_phase", pure=True)
    def t_next_phase(self, task: dict) -> None:
        self.next_phase()

    def end_turn_early(self) -> None:
        """R-TURN-8: the active character fell: the rest of the turn is skipped, but the
        end-of-turn hook runs and bookkeeping tasks (a behaviour card to its discard pile, shoves
        of displaced models) still run first, so no card or model is lost."""
        s = self.s
        # tasks marked "keep" are effects on other survivors that are part of one event (a boss
        # sweep, R-BOSS-14), not triggers pending for the survivor who fell
        keep = [t for t in s.queue if t["t"] in self.rules.bookkeeping or t.get("keep")]
        s.queue.clear()
        s.pending = None
        self.begin_phase("end")
        s.queue.extend(keep)

    def may_skip(self, c: CharState) -> bool:
        """R-TURN-5: no early end in a square with an enemy, a corpse or a boss."""
        if c.pos is None:
            return True
        if self.enemies_at(c.pos):
            return False
        if any(t.kind == "corpse" and t.pos == c.pos for t in self.s.tokens):
            return False
        return True

    @task("act", pure=True)
    def t_act(self, task: dict) -> None:
        s = self.s
        c = s.characters[s.active]  # (s.active_char and c.conscious inline: properties are slow calls)
        if s.actions_left <= 0 or c.pos is None or c.exited or c.health > 5:
            self.next_phase()
            return
        opts = self.action_options()
        costly = False
        for o in opts:
            if o.kind not in FREE_ACTIONS:
                costly = True
                break
        if not costly and not self.may_skip(c):
            self.emit("forfeit", "R-TURN-6", "turn.forfeit", {"char": self.r_who(c)})
            s.actions_left = 0
            self.next_phase()
            return
        # the options are listed once per step: legal_actions and apply read them from the cache
        # (self.wait(...), inline: the survivor's reference has its key written, r_who, and a
        # number has none, so messages.keyed would hand the same parameters back)
        s.pending = Pending("act", c.seat, "ask.act", [], {}, params={"char": self.r_who(c), "n": s.actions_left})
        s._cache["legal"] = (s.step, opts)

    @task("next_seat", pure=True)
    def t_next_seat(self, task: dict) -> None:
        """R-TURN-1: the next seat's turn, by the phase table's turn order (the machine's
        ``next_turn``; this name stays because saves hold it in their task stacks)."""
        self.next_turn()

    def may_take_turn(self, seat: int) -> bool:
        """R-TURN-7: exited characters have no turns at all."""
        return not self.s.characters[seat].exited

    @task("turn_end")
    def t_turn_end(self, task: dict) -> None:
        s = self.s
        c = s.active_char
        # R-TURN-11 / R-POISON-3: poison, then expiring sustained tokens
        if c.poisoned and c.conscious and c.health < 5:
            self.damage_char(c, 1, "R-POISON-3", "poison")
        self.expire_sustained("end_of_turn")
        self.push({"t": "next_seat"})

    def sustain_name(self, uid: str, name: str) -> str:
        """The name of sustained effect ``name`` placed by card ``uid`` (R-SUST-1) as the card's content
        gives it, with its stable key (messages.Keyed), else ``name`` (the state keeps a plain str)."""
        card = self.s.cards.get(uid)
        td = self.ct.tension.get(card.defn) if card is not None else None
        for op in (td.effect + td.high + td.extreme) if td is not None else ():
            if op.op == "SUSTAIN" and op.name == name:
                return op.name
        return name

    def expire_sustained(self, when: str) -> None:
        """R-SUST-4 / R-TURN-9: remove tokens whose duration ends now; their cards go to the
        tension discard pile (R-SUST-2). Jammed, Blackout and Frenzy end at the end of the next
        turn of the seat that drew them; Shaken at the end of that seat's next action phase."""
        s = self.s
        sus = s.core.sustain
        for uid in list(s.piles.get("tension_sustained", [])):
            info = sus.get(uid, {})
            seat = info.seat if info else None
            owner_gone = seat is not None and s.characters[seat].exited
            due = (info is not None and info.ends == when and s.turn > info.turn
                   and (s.active == seat or owner_gone))
            if due:
                s.piles["tension_sustained"].remove(uid)
                s.piles["tension_discard"].append(uid)
                sus.pop(uid, None)
                self.emit("sustain_end", "R-SUST-4", "sustain.end", {"card": {"t": "card", "id": uid, "name": self.sustain_name(uid, info.name)}},
                          name=info.name)

    @decision("act")
    def d_act(self, ctx: dict, a: Action) -> None:
        s = self.s
        c = s.characters[s.active]  # (s.active_char inline)
        if a.kind in FREE_ACTIONS:
            if a.kind == "end_phase":
                self.emit("end_phase", "R-TURN-5", "turn.end_phase", {"char": self.r_who(c)})
                s.actions_left = 0
                self.next_phase()
                return
            if a.kind == "discard":
                slot = self.find_slot(c, a.item)
                c.inventory.remove(slot)
                names = {"t": "list", "v": [self.r_item(u) for u in slot]}
                for u in slot:
                    self.discard_card(u)
                self.emit("discard", "R-INV-3", "inventory.discard", {"char": self.r_who(c), "items": names})
            elif a.kind == "ribbons":  # R-EASY-6 hook: the number is asked, then the phase goes on
                self.push({"t": "act"})
                self.ribbon_prompt(c)
                return
            elif a.kind == "mix":
                sa, sb = self.find_slot(c, a.item), self.find_slot(c, a.item2)
                c.inventory.remove(sb)
                sa.extend(sb)
                self.emit("mix", "R-HERB-3", "herb.mix", {"char": self.r_who(c), "items": {
                    "t": "list", "sep": "plus", "v": [self.r_item(u) for u in sa]}})
            self.push({"t": "act"})
            return
        s.actions_left -= 1  # R-ACT-3: counts even if it fails
        # (self.push(oos_pre?, do, after_action, act), inline: the stack's top is its last entry)
        q = s.queue
        q.append({"t": "act"})
        q.append({"t": "after_action"})
        q.append({"t": "do", "a": a.short()})
        if a.kind != "attack" and c.pos is not None and c.pos in self.occupancy()["enemies"]:
            q.append({"t": "oos_pre"})  # R-ACT-2, R-OOS-3

    @task("do")
    def t_do(self, task: dict) -> None:
        s = self.s
        a = make_action(**task["a"])  # the same value as Action(**task["a"]), shared
        c = s.characters[s.active]
        if s.core.cancel:
            s.core.cancel = False
            self.emit("action_failed", "R-ACT-3", "action.cancelled", {"char": self.r_who(c), "action": {"t": "msg", "id": "act." + a.kind}})
            return
        if c.pos is None or c.exited or c.health > 5:  # not conscious
            return
        self.rules.actions[a.kind](self, c, a)  # the handler registered for this action kind

    @task("after_action")
    def t_after_action(self, task: dict) -> None:
        s = self.s
        c = s.characters[s.active]
        if c.pos is None or c.exited or c.health > 5:  # not conscious
            return
        tix = self.token_index()
        if c.pos in tix["fire"]:  # R-FIRE-2
            self.damage_char(c, 1, "R-FIRE-2", "fire")
            if not c.conscious:
                return
            tix = self.token_index()  # (the damage may have changed the tokens)
        corpses = [t for t in tix["at"].get(c.pos, ()) if t.kind == "corpse"]
        if corpses:  # R-CORPSE-2
            roll, risen, what = self.hazard_check("corpse check")
            self.emit("corpse", "R-CORPSE-2", "corpse.check_rise" if risen else "corpse.check_calm", {"what": what},
                      roll=roll, hazard=risen,
                      pos=list(c.pos))
            if risen:
                for t in corpses:
                    if self.supply(self.corpse_enemy()) > 0:
                        self.s.tokens.remove(t)
                        self.spawn_at(self.corpse_enemy(), t.pos, "R-CORPSE-2")
