"""End conditions: success, failure, death (R-TURN-12, R-SCEN-8, R-HEALTH-7/10, R-INTRO-6, R-BOSS-10)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..derived import TRUST
from ..machine import action, decision, task
from ..messages import english, keyed
from ..derived import BOARD as _GENERATION, ENEMIES as _ENEMY_GENERATION, TOKENS as _TOKEN_GENERATION
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, count, faces_text, passes_through, set_dial_if_new


class End:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    def end_reads_enemies(self) -> bool:
        """Does the end check read the enemies: a boss to kill (R-BOSS-10), an ``enemy_on``
        failure (R-SCEN-8 (c)), or a rule set whose end check is not the core's? If not, an
        enemy's move or wound does not make the next check run (it could not change its answer).
        A rule set that replaces any method the end check calls (:data:`END_READERS`; the
        mansion's M-BOSS-3 and M-BOSS-2) is taken to read the enemies: nothing to declare."""
        b = self.brief
        return self.end_check_replaced() or b.objective == "kill_boss" or \
            any(f.when != "marker" for f in b.extra_failure)

    def end_check_replaced(self) -> bool:
        """Does this run's class replace a method of the core's end check (:data:`END_READERS`)?"""
        cls = type(self)
        return any(getattr(cls, n) is not getattr(End, n) for n in END_READERS)

    def check_end(self) -> None:
        """State-based success/failure (R-TURN-12, R-SCEN-8); failure wins a tie.

        Runs after every task, so it is kept cheap: after a check that found nothing, the next
        check is skipped while nothing it reads has changed; while somebody is unconscious, also
        only while the healing card that can revive them is still where the last check found it
        (R-HEALTH-10, :meth:`revival_witness`)."""
        s = self.s
        if s.result is not None:
            return
        # What a check reads, and how a change shows: survivors' health, places and exits,
        # enemies and tokens (the generation number of state.py: every assignment to those models
        # and every change to their lists bumps it; token changes bump it too); the failure
        # reason, the boss, the scenario markers (only ever appended) and the danger level
        # (R-STAND-7), by value; the state's lists and core record (by identity, else by value).
        # Inventories, the item box and the decks are read only for R-HEALTH-10, when somebody is
        # unconscious: then the witness must hold too. One tuple compared in one go.
        core = s.core
        markers = core.markers
        # (every change to an enemy bumps the enemy generation and the generation once each, so
        # their difference counts the changes to survivors and tokens alone; ``_end_enemies`` is
        # :meth:`end_reads_enemies`, asked when the run is built)
        key = (_GENERATION[0] if self._end_enemies else _GENERATION[0] - _ENEMY_GENERATION[0], core, core.fail,
               core.boss, markers, len(markers), s.danger, s.characters, s.enemies, s.tokens)
        quiet = self._quiet  # (this run's last quiet check; also kept in the state's cache as "end_quiet")
        if quiet is not None and quiet[0] == key and TRUST[0] and (quiet[1] is None or self._witness_holds(quiet[1])):
            return
        self.campaign_tokens()
        if core.fail:
            self.failed()
            self.emit("result", "R-TURN-12", *self.failed_message(), result="failure")
            return
        down = False  # anyone unconscious in play? (checked after every task: kept cheap)
        everyone_out = True
        for c in s.characters:
            if c.exited:
                continue
            everyone_out = False
            if c.health == 6:
                down = True
        brief = self.brief
        witness = None  # while somebody is down: where the First-Aid Spray that may revive them is
        if down and not brief.intro:
            revivable = None  # asked once: a death below changes none of what it reads
            for c in s.characters:
                if c.health == 6 and not c.exited and not c.dead:
                    if revivable is None:
                        witness = self.revival_witness()
                        revivable = witness is not None
                    if revivable or not self.may_die(c):
                        continue
                    c.dead = True  # R-HEALTH-10
                    self.emit("death", "R-HEALTH-10", "health.dies", {"char": self.r_who(c)}, char=c.cid)
                    self.fail("R-HEALTH-10", {"t": "msg", "id": "reason.died", "params": {"char": self.r_who(c)}})
            if core.fail:
                self.failed()
                self.emit("result", "R-TURN-12", *self.failed_message(), result="failure")
                return
        if brief.extra_failure and self.extra_failure():  # R-SCEN-8 (c)
            return
        if down and core.boss is None:
            if witness is not None and self._quiet_ok():
                self._sc["end_quiet"] = self._quiet = (key, witness)
            return  # R-HEALTH-7: no success while anyone is unconscious (bosses: R-BOSS-10)
        self._check_objective(everyone_out)
        if s.result is None and (not down or witness is not None) and self._quiet_ok():
            self._sc["end_quiet"] = self._quiet = (key, witness)

    def _quiet_ok(self) -> bool:
        """May a check that found nothing be trusted until what it reads changes? Not on a campaign replay (R-CAMP-15 reads the Item B deck, which changes in place)."""
        carry = getattr(self.scn, "carry", None)
        return carry is None or not carry.replay

    def _check_objective(self, everyone_out: bool) -> None:
        """The objective part of :meth:`check_end` (R-SCEN-8, R-INTRO-6, R-BOSS-10)."""
        s = self.s
        core = s.core
        objective = self.brief.objective
        if objective == "all_exit":
            if everyone_out and s.characters:
                self.succeed("R-INTRO-6", "result.won_exit")
            return
        if objective == "kill_boss" and core.boss is not None and s.enemy(core.boss) is None:
            self.succeed("R-BOSS-10", "result.won_boss")
            return
        if objective == "markers" and self.markers_met():  # R-SCEN-4, R-SCEN-8
            self.succeed("R-SCEN-8", "result.won_objective")
            return
        if objective == "markers_and_exit" and s.characters and everyone_out and self.markers_met():
            self.succeed("R-INTRO-6", "result.won_exit")
            return
        if s.characters and everyone_out:  # R-SCEN-6, R-SCEN-8: nobody is left in the play area to
            # finish the objective (any objective but all_exit: markers, markers_and_exit, kill_boss),
            # so the scenario fails; without this the game would wait on nobody (issue 29 item 3)
            self.fail("R-SCEN-8", {"t": "msg", "id": "reason.everyone_left"})
            self.failed()
            self.emit("result", "R-SCEN-8", *self.failed_message(), result="failure")

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
                self.fail("R-SCEN-8", {"t": "text", "v": f.text})
                self.failed()
                self.emit("result", "R-SCEN-8", "result.failed_text", {"reason": {"t": "text", "v": f.text}, "rule": "R-SCEN-8"},
                          result="failure")
                return True
        return False

    def has_boss(self) -> bool:
        """A scenario with a boss (R-BOSS-10), even after the boss is killed."""
        return self.s.core.boss is not None

    def can_be_revived(self) -> bool:
        """R-HEALTH-10: a First-Aid Spray held by a survivor still in play (conscious or not), in
        the item box, or in the Item B deck while an Item B token remains; and somebody conscious
        to use it."""
        return self.revival_witness() is not None

    def revival_witness(self) -> tuple | None:
        """:meth:`can_be_revived` with the reason when the answer is yes: where a healing card is,
        as ``(place, survivor, slot or pile, healing uids, state.cards, its size)`` with place
        ``"inv"`` (a survivor's slot), ``"box"`` (an item box slot) or ``"pile"`` (the Item B
        deck); None when nobody can be revived. While the places, survivors, enemies and tokens
        stay as they were (the end check's key), the answer stays yes as long as that card is
        still there (:meth:`_witness_holds`), so the end check need not scan every inventory
        again while somebody lies unconscious."""
        s = self.s
        chars = s.characters
        for c in chars:
            if c.pos is not None and not c.exited and c.health <= 5:  # CharState.conscious
                break
        else:
            return None
        heal = self.heal_uids()
        cards = s.cards
        for c in chars:
            if not c.exited:
                for sl in c.inventory:
                    if not heal.isdisjoint(sl):
                        return ("inv", c, sl, heal, cards, len(cards))
        for sl in s.item_box:
            if not heal.isdisjoint(sl):
                return ("box", None, sl, heal, cards, len(cards))
        pile = s.piles.get("item_b", ())
        if self.token_index()["item_b"] and not heal.isdisjoint(pile):
            return ("pile", None, pile, heal, cards, len(cards))
        return None

    def _witness_holds(self, w: tuple) -> bool:
        """Is the healing card that :meth:`revival_witness` found still where it was? Asked only
        while the end check's key holds (survivors' places, health and exits, the tokens, so
        somebody is still conscious and an Item B token still out); the slot and pile lists are
        compared by identity, and the healing-card set holds while ``state.cards`` is the same
        dict with the same number of cards (as :meth:`heal_uids` is kept)."""
        s = self.s
        cards = s.cards
        if w[4] is not cards or w[5] != len(cards):
            return False
        where, sl = w[0], w[2]
        if where == "pile":
            if s.piles.get("item_b") is not sl:
                return False
        else:
            for x in (w[1].inventory if where == "inv" else s.item_box):
                if x is sl:
                    break
            else:
                return False
        return not w[3].isdisjoint(sl)

    def heal_uids(self) -> frozenset[str]:
        """The uids of the item cards whose design heals (First-Aid Spray, R-HEALTH-9), from
        ``state.cards`` (tension, narrative and behaviour cards are never items). Kept in the
        state's cache while ``state.cards`` is the same dict with the same number of cards (cards
        are only added at set-up; ``touch()`` forgets it)."""
        cards = self.s.cards
        hit = self._sc.get("heal_uids")
        if hit is not None and hit[0] is cards and hit[1] == len(cards):
            return hit[2]
        items = self.ct.items
        uids = frozenset(u for u, card in cards.items() if card.defn in items and items[card.defn].heal)
        self._sc["heal_uids"] = (cards, len(cards), uids)
        return uids

    def deck_size(self, deck: str) -> int:
        """How many cards of ``state.cards`` come from ``deck`` ("T": the tension cards), kept in
        the state's cache as :meth:`heal_uids` is."""
        cards = self.s.cards
        hit = self.s.cache.get("deck_sizes")
        if hit is None or hit[0] is not cards or hit[1] != len(cards):
            sizes: dict[str, int] = {}
            for card in cards.values():
                sizes[card.deck] = sizes.get(card.deck, 0) + 1
            hit = self.s.cache["deck_sizes"] = (cards, len(cards), sizes)
        return hit[2].get(deck, 0)

    def fail(self, rule: str, why: dict) -> None:
        """Record the first failure (R-TURN-12): ``why`` the reason as a message reference
        (:mod:`game.engine.messages`: ``{"t": "msg", "id": "reason.<x>", "params": ...}``, or a content
        ``text``: a brief's own failure line), ``rule`` the rule ID that ended it. The state keeps both
        (``core.fail_why``) and the English words with the rule (``core.fail``: logs, saves, tools)."""
        core = self.s.core
        if not core.fail:
            core.fail = f"{english(why)} ({rule})"
            core.fail_why = dict(keyed(why), rule=rule)

    def failed(self) -> None:
        """The scenario ends as the failure :meth:`fail` recorded (R-TURN-12): ``result``,
        ``result_reason`` (English) and ``result_why`` (the reference the UI words)."""
        s = self.s
        s.result, s.result_reason = "failure", s.core.fail or ""
        s.result_why = dict(s.core.fail_why) if s.core.fail_why else None

    def failed_message(self) -> tuple[str, dict]:
        """(message id, parameters) of the "Scenario failed" event for ``core.fail``."""
        why = self.s.core.fail_why
        if why is not None:
            ref = {k: v for k, v in why.items() if k != "rule"}
            return "result.failed", {"reason": ref, "rule": why.get("rule", "")}
        return "result.failed_text", {"reason": {"t": "text", "v": self.s.core.fail or ""}}  # (a save made before fail_why)

    def succeed(self, rule: str, msg: str) -> None:
        """The objective holds (R-SCEN-8); in standalone mode a marker on the last danger space
        turns it into a failure (R-STAND-7). ``msg``: the result event's message id ``result.<x>``;
        its ``reason`` parameter is message ``reason.<x>`` (what the results screen says), kept in
        ``result_why`` with ``rule``; ``result_reason`` holds its English words."""
        s = self.s
        if getattr(self.scn, "standalone", False) and s.danger >= 17:
            why = {"t": "msg", "id": "reason.last_space"}
            s.result = "failure"
            s.result_reason = f"{english(why)} (R-STAND-7)"
            s.result_why = dict(why, rule="R-STAND-7")
            self.emit("result", "R-STAND-7", "result.failed_last_space", {"reason": why, "rule": "R-STAND-7"},
                      result="failure")
            return
        why = {"t": "msg", "id": "reason." + msg.rpartition(".")[2]}
        s.result = "success"
        s.result_reason = english(why)
        s.result_why = dict(why, rule=rule)
        self.emit("result", rule, msg, {"reason": why}, result="success")

    def campaign_tokens(self) -> None:
        """R-CAMP-10: a survivor placed on a progression token's square takes the token (the
        campaign places the path card when the scenario ends). R-CAMP-15: on a replay after a
        success, once the Item B deck is empty the remaining Item B tokens are discarded."""
        s = self.s
        prog = self.token_index()["progression"]  # runs after every task: kept cheap
        found = ()
        if prog:
            for c in s.characters:
                if c.pos in prog and not c.exited:
                    here = {c.pos for c in s.characters if c.pos is not None and not c.exited}
                    found = [t for t in s.tokens if t.kind == "progression" and t.pos in here]
                    break
        for t in found:
            s.tokens.remove(t)
            label = str(t.props.get("label", ""))
            self.emit("progression", "R-CAMP-10", "campaign.token_found", {"label": label.replace("_", " ")},
                      label=label, pos=list(t.pos))
        carry = getattr(self.scn, "carry", None)
        if carry is not None and carry.replay and not s.piles.get("item_b"):
            left = [t for t in s.tokens if t.kind == "item" and str(t.props.get("letter", "A")).upper() == "B"]
            for t in left:
                s.tokens.remove(t)
            if left:
                self.emit("discard_tokens", "R-CAMP-15", "campaign.item_b_off", {"n": len(left)}, n=len(left))


#: the methods the core's end check calls whose answers depend on more than its key when a rule set
#: replaces them (see :meth:`End.end_reads_enemies`)
END_READERS = ("check_end", "_check_objective", "may_die", "extra_failure", "has_boss", "revival_witness",
               "campaign_tokens")
