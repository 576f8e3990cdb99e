"""The mansion effect vocabulary: the core keywords (R-TENSION-12) plus M-EVENT-9's and the
mission-only keywords of M-MISSION-13, each with its "Needs" and its resolution in one entry."""
from __future__ import annotations

from ..actions import Action
from ..core.base import count
from ..core.effects import CORE_EFFECTS
from ..effects import EffectRegistry

MANSION_EFFECTS = EffectRegistry(CORE_EFFECTS)
E = MANSION_EFFECTS.keyword


@E("RESCUE", rule="M-EVENT-9", active=False)
class Rescue:
    """Draw the top survivor card into the reserve (M-RESERVE-1). Needs: survivor deck not empty;
    standalone play has no reserve (M-MODE-3)."""

    def needs(run, op):
        m = run.s.mansion
        return m.campaign and bool(m.decks.get("survivors"))

    def resolve(run, op, card):
        run.rescue()


@E("MISSION", rule="M-EVENT-9", active=False)
class Mission:
    """Start a mission (M-MISSION-1). Needs: mission deck and reserve not empty (M-MODE-3: none
    in standalone play)."""

    def needs(run, op):
        m = run.s.mansion
        return m.campaign and bool(m.decks.get("missions")) and bool(m.reserve)

    def resolve(run, op, card):
        run.push({"t": "mission_start", "rule": "M-EVENT-9"})


@E("KEROSENE", rule="M-EVENT-9")
class Kerosene:
    """The active character gains n kerosene up to its limit (M-KERO-2/4). Needs: below it."""

    def needs(run, op):
        c = run.s.active_char
        return run.kerosene(c.cid) < run.ct.kerosene_limit(c.cid)

    def resolve(run, op, card):
        run.gain_kerosene(run.s.active_char, op.n, "M-EVENT-9")


@E("WOUND_RESERVE", rule="M-EVENT-9", active=False)
class WoundReserve:
    """n wound tokens on one reserve character of the active player's choice. Needs: reserve."""

    def needs(run, op):
        return bool(run.s.mansion.reserve)

    def resolve(run, op, card):
        opts = [Action(kind="pick", target=r.cid) for r in run.s.mansion.reserve]
        run.ask("wound_reserve", run.s.active, "ask.wound_reserve", opts, {"n": op.n}, {"n": op.n})


# ------------------------------------------------------------------ mission-only (M-MISSION-13)
@E("WOUND_ASSIGNED", rule="M-MISSION-13", active=False)
class WoundAssigned:
    """n wound tokens on the character assigned to this mission (M-MISSION-7 applies)."""

    def resolve(run, op, card):
        m = run.s.mansion.mission
        if m is not None and m.cid:
            run.wound_reserve(m.cid, op.n, "M-MISSION-13")


@E("HEAL_ASSIGNED", rule="M-MISSION-13", active=False)
class HealAssigned:
    """Remove every wound token from the assigned character."""

    def resolve(run, op, card):
        m = run.s.mansion.mission
        r = run.s.reserve_of(m.cid) if m is not None and m.cid else None
        if r is not None:
            before = r.wounds
            r.wounds = 0
            run.emit("reserve_wounds", "M-MISSION-13", "reserve.rests",
                     {"char": {"t": "char", "id": r.cid, "name": run.ct.character_name(r.cid)},
                      "n": {"t": "msg", "id": "mission.wounds", "params": {"n": before}}}, char=r.cid, wounds=0)


@E("STASH_A", rule="M-MISSION-13", active=False)
class StashA:
    """The top n Item A cards into the item box; what does not fit goes to the Item A discard."""

    def resolve(run, op, card):
        run.stash_item_a(op.n)


@E("REFILL_BOX", rule="M-MISSION-13", active=False)
class RefillBox:
    """Every weapon in the item box back to its capacity."""

    def resolve(run, op, card):
        n = 0
        for sl in run.s.item_box:
            for u in sl:
                w = run.idef(u).weapon
                if w is not None and w.capacity is not None:
                    run.s.cards[u].ammo = w.capacity
                    n += 1
        run.emit("reload", "M-MISSION-13", "mission.refill_box", {"n": n}, weapon="", ammo=n)


@E("SCOUT_NEXT", rule="M-MISSION-13", active=False)
class ScoutNext:
    """At the next scenario's set-up the players remove one unexplored token (M-MISSION-13)."""

    def resolve(run, op, card):
        run.s.mansion.scout_next = True
        run.emit("mission", "M-MISSION-13", "mission.scout_next", card="", char="", step="scout")


#: M-MISSION-13: keywords valid only in mission texts
MISSION_ONLY = frozenset({"WOUND_ASSIGNED", "HEAL_ASSIGNED", "STASH_A", "REFILL_BOX", "SCOUT_NEXT"})
