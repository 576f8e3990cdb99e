"""The core effect vocabulary (R-TENSION-12): each keyword's "Needs" and its resolution.

Tension cards, narrative options and fixed events name these keywords; the content loader
refuses any other (see :func:`game.engine.effects.check_content_keywords`).
"""
from __future__ import annotations

from itertools import permutations

from ..actions import Action, make_action
from ..effects import EffectRegistry
from ..state import Sustained
from .base import INF, count

CORE_EFFECTS = EffectRegistry()
E = CORE_EFFECTS.keyword


@E("NONE", active=False)
class NoEffect:
    """No effect; such a card always resolves (R-TENSION-12)."""

    def resolve(run, op, card):
        return None


def _spawn_types(op) -> list[str]:
    return list(op.enemies) * max(1, op.n) if len(op.enemies) == 1 else list(op.enemies)


def _can_spawn(run, op) -> bool:
    def can(t: str) -> bool:
        if t == "stalker_one":  # R-STALK-7/8: in play counts (it moves instead); killed does not
            return not run.s.core.stalker_killed
        return run.supply(t) > 0
    return any(can(t) for t in op.enemies)


@E("SPAWN")
class Spawn:
    """Spawn on the active tile, reference = the active character (R-SPAWN)."""

    def needs(run, op):
        return _can_spawn(run, op)

    def resolve(run, op, card):
        c = run.s.active_char
        run.push({"t": "spawn", "tile": run.tile_id(c.pos), "types": _spawn_types(op), "ref": list(c.pos)})


@E("SPAWN_LINKED")
class SpawnLinked:
    """As SPAWN, on each tile linked to the active tile."""

    def needs(run, op):
        c = run.s.active_char
        return _can_spawn(run, op) and bool(run.linked_tiles(run.tile_id(c.pos)))

    def resolve(run, op, card):
        c = run.s.active_char
        for tid in sorted(run.linked_tiles(run.tile_id(c.pos))):
            run.push({"t": "spawn", "tile": tid, "types": _spawn_types(op), "ref": list(c.pos)})


@E("STIR")
class Stir:
    """Every non-boss enemy on the active and linked tiles makes a move reaction (R-OOS-1)."""

    def needs(run, op):
        return bool(run.reacting_pool())

    def resolve(run, op, card):
        uids = [e.uid for e in run.reacting_pool()]
        run.emit("stir", "R-TENSION-12", "tension.stir", {"n": len(uids)})
        run.push({"t": "ordered_moves", "uids": uids, "auto": False, "rule": "R-TENSION-12"})


@E("LUNGE")
class Lunge:
    """The highest-threat nearby enemy attacks the active character, or moves (R-EVADE-5)."""

    def needs(run, op):
        return bool(run.reacting_pool())

    def resolve(run, op, card):
        c = run.s.active_char
        pool = run.reacting_pool()
        top = max(run.edef(e).threat for e in pool)
        cands = run.default_order([e for e in pool if run.edef(e).threat == top])
        dist = run.dE_map(c.pos)
        d0 = dist.get(cands[0].pos, INF)
        tied = [e for e in cands if dist.get(e.pos, INF) == d0]
        run.ask("lunge_pick", run.s.active, "ask.lunge_pick", [make_action("pick", target=e.uid) for e in tied], {})


@E("DANGER", rule="R-DANGER-2", active=False)
class Danger:
    """Move the danger marker n spaces, within 0..17 (R-DANGER-3)."""

    def needs(run, op):
        return run.s.danger < 17 if op.n > 0 else run.s.danger > 0

    def resolve(run, op, card):
        s = run.s
        before = s.danger
        s.danger = max(0, min(17, s.danger + op.n))  # R-DANGER-3
        run.emit("danger", "R-DANGER-2", "danger.change." + run.DANGER_NAME.lower(), {"a": before, "b": s.danger},
                 danger=s.danger)


@E("FIRE")
class Fire:
    """A fire token on the nearest free square of the active tile; ties: player."""

    def needs(run, op):
        return bool(run.fire_squares())

    def resolve(run, op, card):
        c = run.s.active_char
        sq = run.fire_squares()
        if sq:
            dist = run.g.distances_from(c.pos)
            m = min(dist.get(q, INF) for q in sq)
            tied = sorted([q for q in sq if dist.get(q, INF) == m], key=lambda q: (q[1], q[0]))
            run.ask("fire_place", run.s.active, "ask.fire_place",
                    [Action(kind="place", to=q) for q in tied], {})


@E("RISE")
class Rise:
    """Each corpse on the active and linked tiles rises on the hazard face (R-DIE-1)."""

    def needs(run, op):
        tiles = run.active_and_linked()
        return any(t.kind == "corpse" and run.tile_id(t.pos) in tiles for t in run.s.tokens)

    def resolve(run, op, card):
        s = run.s
        tiles = run.active_and_linked()
        rises_as = run.corpse_enemy()
        for t in [t for t in s.tokens if t.kind == "corpse" and run.tile_id(t.pos) in tiles]:
            roll, hazard, what = run.hazard_check("corpse")  # R-DIE-1: face 6 bears the hazard mark
            run.emit("corpse", "R-TENSION-12", "corpse.at_rises" if hazard else "corpse.at",
                     {"square": run.r_sq(t.pos), "what": what}, roll=roll, hazard=hazard, pos=list(t.pos))
            if hazard and run.supply(rises_as) > 0:
                s.tokens.remove(t)
                run.spawn_at(rises_as, t.pos, "R-TENSION-12")


@E("SUSTAIN", rule="R-SUST-1")
class Sustain:
    """Place a sustained-effect token (R-SUST); at most 4 in play (R-SUST-5)."""

    def needs(run, op):
        return len(run.s.piles.get("tension_sustained", [])) < 4

    def resolve(run, op, card):
        s = run.s
        c = s.active_char
        s.core.sustain[card] = Sustained(name=op.name, char=c.cid, tile=run.tile_id(c.pos), seat=s.active,
                                         turn=s.turn, ends="action_phase" if op.name == "Shaken" else "end_of_turn")
        s.piles.setdefault("tension_sustained", []).append(card)
        run.emit("sustain", "R-SUST-1", "sustain.start", {"card": {"t": "text", "v": run.sustain_name(card, op.name)}},
                 name=op.name)


def _discard_effect(keyword: str, what: str, pred):
    @E(keyword)
    class Discard:
        def needs(run, op):
            return any(pred(run.idef(sl[0])) for sl in run.s.active_char.inventory)

        def resolve(run, op, card):
            c = run.s.active_char
            opts = [make_action("discard", item=sl[0]) for sl in c.inventory if pred(run.idef(sl[0]))]
            if opts:
                run.ask("overflow", c.seat, "ask.must_discard", opts, {"cid": c.cid, "demand": keyword},
                        {"char": run.r_who(c), "what": {"t": "msg", "id": "demand." + keyword}})
    Discard.__doc__ = f"The active character discards {what} of its choice (R-TENSION-12)."
    return Discard


_discard_effect("DISCARD_AMMO", "ammunition", lambda d: d.type == "ammo")
# "a weapon other than the Knife": items marked spared_by_cards are never demanded (R-WPN-3)
_discard_effect("DISCARD_WEAPON", "a weapon", lambda d: d.weapon is not None and not d.spared_by_cards)
_discard_effect("DISCARD_RECOVERY", "a recovery item", lambda d: d.type == "recovery")


@E("DRAW_A")
class DrawA:
    """The active character draws n Item A cards (R-INV-4 if full)."""

    def resolve(run, op, card):
        c = run.s.active_char
        for _ in range(max(1, op.n)):
            run.push({"t": "draw_a", "cid": c.cid})


def _who(run, op):
    return run.conscious() if op.who == "all" else [run.s.active_char]


@E("RECOVER")
class Recover:
    """Each named conscious character recovers n (99 = FULL, to Fine)."""

    def resolve(run, op, card):
        for x in _who(run, op):
            run.recover(x, op.n if op.n < 99 else 5, "R-TENSION-12")


@E("POISON", rule="R-POISON-1")
class Poison:
    """The named characters become poisoned."""

    def resolve(run, op, card):
        for x in _who(run, op):
            if not x.poisoned:
                x.poisoned = True
                run.emit("poison", "R-POISON-1", "health.poisoned", {"char": run.r_who(x)}, char=x.cid)


@E("REFILL")
class Refill:
    """One weapon with a dial of the active character is set to capacity."""

    def needs(run, op):
        return any(_dial(run, sl[0]) for sl in run.s.active_char.inventory)

    def resolve(run, op, card):
        c = run.s.active_char
        opts = [make_action("pick", item=sl[0]) for sl in c.inventory if _dial(run, sl[0])]
        if opts:
            run.ask("refill", c.seat, "ask.refill", opts, {})


def _dial(run, uid: str) -> bool:
    w = run.idef(uid).weapon
    return w is not None and bool(w.capacity)


@E("MARK", rule="R-SCEN-4", active=False)
class Mark:
    """Set the scenario marker ``name`` (objectives of R-SCEN-8 may ask for it)."""

    def needs(run, op):
        return bool(op.name) and op.name not in run.s.core.markers

    def resolve(run, op, card):
        run.set_marker(op.name)


@E("EXTINGUISH", rule="R-SCEN-4")
class Extinguish:
    """Remove every fire token on the active tile (a valve opened, a hose used)."""

    def needs(run, op):
        tile = run.tile_id(run.s.active_char.pos)
        return any(t.kind == "fire" and run.tile_id(t.pos) == tile for t in run.s.tokens)

    def resolve(run, op, card):
        s = run.s
        tile = run.tile_id(s.active_char.pos)
        gone = [t for t in s.tokens if t.kind == "fire" and run.tile_id(t.pos) == tile]
        for t in gone:
            s.tokens.remove(t)
        run.emit("extinguish", "R-SCEN-4", "fire.out", {"n": len(gone)},
                 squares=[list(t.pos) for t in gone])


@E("PEEK_TENSION")
class PeekTension:
    """Look at the top n tension cards and put them back in any order."""

    def needs(run, op):
        return bool(run.s.piles.get("tension"))

    def resolve(run, op, card):
        s = run.s
        if "tension" in s.manual:
            # issue 12: drawn from a physical deck, the engine's pile order is not the table's; the
            # players look at their own top cards and put them back (R-TENSION-12), nothing is shown
            n = min(max(1, op.n), len(s.piles["tension"]))
            run.emit("peek", "R-TENSION-12", "tension.peek_look", {"n": n}, n=n)
            run.wait("peek", s.active, "ask.peek_table",
                     [make_action("order", item="table")], {"cards": [], "table": n})
            return
        cards = s.piles["tension"][:max(1, op.n)]
        s.piles["tension"] = s.piles["tension"][len(cards):]
        s.piles["revealed"] = list(s.piles.get("revealed", [])) + list(cards)  # beside a narrative card
        names = [run.ct.tension[s.cards[u].defn].name for u in cards]
        run.emit("peek", "R-TENSION-12", "tension.peek_next",
                 {"cards": {"t": "list", "v": [{"t": "card", "id": s.cards[u].defn, "name": nm} for u, nm in zip(cards, names)]}},
                 cards=cards, names=names)
        perms = [",".join(str(i) for i in p) for p in permutations(range(len(cards)))]
        run.ask("peek", s.active, "ask.peek_order",
                [make_action("order", item=p) for p in perms], {"cards": cards})
