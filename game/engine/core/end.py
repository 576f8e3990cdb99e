"""End conditions: success, failure, death (R-TURN-12, R-SCEN-8, R-HEALTH-7/10, R-INTRO-6, R-BOSS-10)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, count, faces_text, line_text, passes_through, set_dial_if_new


class End:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    def check_end(self) -> None:
        """State-based success/failure (R-TURN-12, R-SCEN-8); failure wins a tie."""
        s = self.s
        if s.result is not None:
            return
        self.campaign_tokens()
        if s.core.fail:
            s.result = "failure"
            s.result_reason = s.core.fail
            self.emit("result", "R-TURN-12", f"Scenario failed: {s.result_reason}", result="failure")
            return
        down = False  # anyone unconscious in play? (checked after every task: kept cheap)
        for c in s.characters:
            if c.health == 6 and not c.exited:
                down = True
                break
        if down and not self.brief.intro:
            for c in s.characters:
                if c.health == 6 and not c.exited and not c.dead and not self.can_be_revived() and self.may_die(c):
                    c.dead = True  # R-HEALTH-10
                    self.emit("death", "R-HEALTH-10", f"{self.name(c)} cannot be revived and dies.", char=c.cid)
                    self.fail(f"{self.name(c)} died", "R-HEALTH-10")
            if s.core.fail:
                s.result = "failure"
                s.result_reason = s.core.fail
                self.emit("result", "R-TURN-12", f"Scenario failed: {s.result_reason}", result="failure")
                return
        if self.brief.extra_failure and self.extra_failure():  # R-SCEN-8 (c)
            return
        if down and not self.has_boss():
            return  # R-HEALTH-7: no success while anyone is unconscious (bosses: R-BOSS-10)
        if self.brief.objective == "kill_boss" and s.core.boss is not None and s.enemy(s.core.boss) is None:
            self.succeed("the boss is dead", "R-BOSS-10", "Scenario won: the boss is dead.")
            return
        if self.brief.objective == "markers" and self.markers_met():  # R-SCEN-4, R-SCEN-8
            self.succeed("the objective is done", "R-SCEN-8", "Scenario won: the objective is done.")
            return
        if self.brief.objective == "markers_and_exit" and not self.markers_met():
            if s.characters and all(c.exited for c in s.characters):  # nobody is left to finish it
                self.fail("everyone left before the objective was done", "R-SCEN-8")
                s.result, s.result_reason = "failure", s.core.fail
                self.emit("result", "R-SCEN-8", f"Scenario failed: {s.result_reason}", result="failure")
            return  # R-SCEN-8: getting out is not enough before the objective is done
        if self.brief.objective in ("all_exit", "markers_and_exit") and s.characters and \
                all(c.exited for c in s.characters):
            self.succeed("every survivor got out through the exit", "R-INTRO-6", "Scenario won: every survivor is out.")

    def may_die(self, c: CharState) -> bool:
        """R-HEALTH-10 applies to this unconscious character (always in the core). A rule set may
        exempt some (the mansion: knocked out by a boss attack, M-BOSS-2)."""
        return True

    def extra_failure(self) -> bool:
        """R-SCEN-8 (c): the first ``extra_failure`` condition of the brief that holds ends the
        scenario as a failure, its text the reason. Returns True when the scenario ended."""
        s = self.s
        marks = s.core.markers
        for f in self.brief.extra_failure:
            if f.unless_marker and f.unless_marker in marks:
                continue
            if f.when == "marker":
                hit = f.marker in marks
            else:  # enemy_on: a non-boss enemy on the square of the named token
                squares = {t.pos for t in s.tokens if t.kind == f.at
                           and (f.at_label is None or str(t.props.get("label")) == f.at_label)}
                hit = any(e.pos in squares and e.uid != s.core.boss for e in s.enemies)
            if hit:
                self.fail(f.text, "R-SCEN-8")
                s.result, s.result_reason = "failure", s.core.fail
                self.emit("result", "R-SCEN-8", f"Scenario failed: {f.text}", result="failure")
                return True
        return False

    def has_boss(self) -> bool:
        """A scenario with a boss (R-BOSS-10), even after the boss is killed."""
        return self.s.core.boss is not None

    def can_be_revived(self) -> bool:
        """R-HEALTH-10: a First-Aid Spray held by a survivor still in play (conscious or not), in
        the item box, or in the Item B deck while an Item B token remains; and somebody conscious
        to use it."""
        s = self.s
        if not any(c.conscious for c in s.characters):
            return False
        def spray(slots):
            return any(self.idef(u).heal for sl in slots for u in sl)
        if any(spray(c.inventory) for c in s.characters if not c.exited):
            return True
        if spray(s.item_box):
            return True
        b_token = any(t.kind == "item" and str(t.props.get("letter", "A")).upper() == "B" for t in s.tokens)
        return b_token and any(self.idef(u).heal for u in s.piles.get("item_b", []))

    def fail(self, reason: str, rule: str) -> None:
        if not self.s.core.fail:
            self.s.core.fail = f"{reason} ({rule})"

    def succeed(self, reason: str, rule: str, text: str) -> None:
        """The objective holds (R-SCEN-8); in standalone mode a marker on the last danger space
        turns it into a failure (R-STAND-7)."""
        s = self.s
        if getattr(self.scn, "standalone", False) and s.danger >= 17:
            s.result = "failure"
            s.result_reason = "the danger marker is on the last space (R-STAND-7)"
            self.emit("result", "R-STAND-7", "Scenario failed: the danger marker is on the last space.", result="failure")
            return
        s.result = "success"
        s.result_reason = reason
        self.emit("result", rule, text, result="success")

    def campaign_tokens(self) -> None:
        """R-CAMP-10: a survivor placed on a progression token's square takes the token (the
        campaign places the path card when the scenario ends). R-CAMP-15: on a replay after a
        success, once the Item B deck is empty the remaining Item B tokens are discarded."""
        s = self.s
        maybe = s.tokens if "progression" in self.occupancy()["kinds"] else ()  # runs after every task: kept cheap
        here = {c.pos for c in s.characters if c.pos is not None and not c.exited} if maybe else ()
        for t in [t for t in maybe if t.kind == "progression" and t.pos in here]:
            s.tokens.remove(t)
            label = str(t.props.get("label", ""))
            self.emit("progression", "R-CAMP-10", f"Campaign progression token found: {label.replace('_', ' ')}.",
                      label=label, pos=list(t.pos))
        carry = getattr(self.scn, "carry", None)
        if carry is not None and carry.replay and not s.piles.get("item_b"):
            left = [t for t in s.tokens if t.kind == "item" and str(t.props.get("letter", "A")).upper() == "B"]
            for t in left:
                s.tokens.remove(t)
            if left:
                self.emit("discard_tokens", "R-CAMP-15", f"Every scenario item is found: {count(len(left), 'Item B token', 'Item B tokens')} "
                          "are taken off the map.", n=len(left))
