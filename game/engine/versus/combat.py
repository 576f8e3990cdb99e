"""Versus's close combat (V-CC), combat dice (V-DICE), wounds and death (V-WOUND, V-DEATH) and the
destruction of floor objects, doors and walls (V-DESTROY): a mixin of :class:`VersusRun`."""
from __future__ import annotations

from typing import Any

from ..actions import Action, make_typed
from ..board import EdgeState, edge_id, edge_key, parse_edge_id
from ..kernel.dice import roll_pool
from ..kernel.sight import facing_side
from ..machine import decision, task
from .data import CRIT, FACE_HITS, FACE_OBJECT, FACINGS, ROSTER, WALL_DEFENCE

#: V-DICE-3/4: the combat die's six faces, each equally likely, recorded as numbers 1-6
DIE = (1, 2, 3, 4, 5, 6)


def strength(cid: str, side: str, facing: str, offset: tuple[int, int]) -> tuple[str, str, int, int]:
    """V-CC-7/8, V-CHAR-4/5/10: the arc of a figure facing ``facing`` toward the neighbour at
    ``offset``, its colour, and that chart row's (dice, automatic hits) on card side ``side``.
    Returns (arc, colour, dice, auto). Raises ValueError for an offset that is not orthogonal."""
    c = ROSTER[cid]
    a = facing_side(FACINGS[facing], offset)
    colour = c.arcs[a]
    dice, auto = c.side(side).rows[colour]
    return a, colour, dice, auto


class Combat:
    """Close combat, destruction, wounds and death (mixed into the versus run)."""

    # ------------------------------------------------------------------ targets
    def targets(self, f) -> list[str]:
        """V-CC-1/3/4, V-DESTROY-1/3/15, V-DEATH-3: an adjacent living enemy (``fig:ID``); an
        intact object on an adjacent square (``obj:ID``); a wall or closed door on an edge of the
        attacker's square, never the border (``edge:x,y|x,y``). Open and destroyed doors and
        breaches are not targets."""
        out = []
        x, y = f.pos
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            q = (x + dx, y + dy)
            if not self.m.has(q):
                continue  # V-BOARD-4, V-DESTROY-15
            if self.passable(f.pos, q):
                g = self.occupant(q)
                if g is not None and g.seat != f.seat:
                    out.append(f"fig:{g.cid}")
                o = self.object_at(q)
                if o is not None and f"obj:{o.id}" not in out:
                    out.append(f"obj:{o.id}")
            else:  # a wall or a closed door (V-DESTROY-1: never an open one, which is passable)
                out.append("edge:" + edge_id(edge_key(f.pos, q)))
        return out

    def strike(self, f, target: str, cp: int) -> None:
        """V-CC-2: the committed section's close combat against ``target`` (see :meth:`targets`)."""
        kind, _, tid = target.partition(":")
        if kind == "fig":
            self.close_combat(f, self.fig(tid), cp)
        elif kind == "obj":
            o = self.m.object(tid)
            q = min((q for q in o.squares if self.adjacent(f.pos, q)), default=o.squares[0])
            self.destroy(f, q, o.defence, ("obj", o.id), cp)
        else:
            e = parse_edge_id(tid)
            other = e[1] if e[0] == f.pos else e[0]
            dd = self.m.door_of(e)
            self.destroy(f, other, dd.defence if dd else WALL_DEFENCE, ("door", dd.id) if dd else ("wall", tid), cp)

    def roll(self, n: int) -> list[int]:
        """V-DICE-4: ``n`` combat dice from the game's one random generator, as faces 1-6."""
        return list(roll_pool(self.s.rng, [DIE] * n)) if n > 0 else []

    # ------------------------------------------------------------------ V-CC
    def close_combat(self, att, dfn, cp: int) -> None:
        """V-CC-7..19: one close combat of ``att`` against ``dfn`` with ``cp`` CP committed.

        Dice fixed at step (4): each side's arc row, +1 die per CP beyond the first for the
        attacker (V-CC-9, V-CC-19). Both roll (V-CC-10); criticals first, both sides' at once, one
        wound each whatever the armour (V-CC-11/12, V-WOUND-5). Unless the defender died
        (V-CC-15), defence = its normal hits + automatic hits and armour read from its current side
        after the flip (V-CC-13/19); attack = normal hits + automatic hits; only the excess of a
        greater attack wounds (V-CC-14). The defender's hits never wound (V-CC-16); nobody moves or
        turns (V-CC-17)."""
        ax, ay = att.pos
        dx, dy = dfn.pos
        a_arc, a_col, a_dice, a_auto = strength(att.cid, att.side, att.facing, (dx - ax, dy - ay))
        d_arc, d_col, d_dice, _ = strength(dfn.cid, dfn.side, dfn.facing, (ax - dx, ay - dy))
        a_dice += cp - 1  # V-CC-9
        a_roll, d_roll = self.roll(a_dice), self.roll(d_dice)
        a_crit, d_crit = a_roll.count(CRIT), d_roll.count(CRIT)
        for _ in range(a_crit):  # V-CC-12: the two sides' criticals together
            self.wound(dfn, 1, att)
        for _ in range(d_crit):
            self.wound(att, 1, dfn)
        attack = sum(FACE_HITS[r] for r in a_roll) + a_auto
        defence = wounds = d_auto = 0
        if not dfn.dead:  # V-CC-15
            d_auto = ROSTER[dfn.cid].side(dfn.side).rows[d_col][1]  # V-CC-19: after the flip, same colour
            defence = sum(FACE_HITS[r] for r in d_roll) + d_auto + ROSTER[dfn.cid].side(dfn.side).armour
            if attack > defence:
                wounds = attack - defence
                self.wound(dfn, wounds, att)
        self.emit("combat", "V-CC-2", "versus.combat",
                  {"cid": att.cid, "target": dfn.cid, "attack": attack, "defence": defence, "wounds": wounds},
                  cid=att.cid, target=dfn.cid, cp=cp, arcs=[a_arc, d_arc], colours=[a_col, d_col],
                  attacker_roll=a_roll, defender_roll=d_roll, auto=a_auto, auto_def=d_auto, attack=attack, defence=defence,
                  wounds=wounds, crits=[a_crit, d_crit], dead=[att.dead, dfn.dead])
        for victim, killer in ((dfn, att), (att, dfn)):
            if victim.dead:
                self.death(victim, killer)

    def wound(self, f, n: int, by) -> None:
        """V-WOUND-1..5: ``n`` wounds one at a time on the current side; the healthy side flips at
        its LP (counters removed, the rest go on the wounded side); the wounded side at its LP is
        death (V-WOUND-3/4). ``by`` is recorded as the killer (V-CC-18)."""
        c = ROSTER[f.cid]
        for _ in range(n):
            if f.dead:
                return
            f.wounds += 1
            if f.side == "healthy" and f.wounds >= c.healthy.lp:
                f.side, f.wounds = "wounded", 0  # V-WOUND-2
                self.emit("flip", "V-WOUND-2", "versus.flip", {"cid": f.cid}, cid=f.cid)
            elif f.side == "wounded" and f.wounds >= c.wounded.lp:
                f.dead = True  # V-WOUND-3 (V-CC-18: ``by`` is the killer, see close_combat)

    def death(self, f, killer) -> None:
        """V-DEATH-1/3: the marker stays on its square; V-CARD-6: what it carried lies there;
        V-CARD-5: a living, non-Mindless killer may then take a magnetic card of it at once."""
        self.emit("death", "V-DEATH-1", "versus.death", {"cid": f.cid, "by": killer.cid}, cid=f.cid, by=killer.cid)
        cards = [i for i in f.items if self.m_item_kind(i) == "card"]
        for i in f.items:
            self.v.items[i] = list(f.pos)  # V-CARD-6
        f.items = []
        if cards and not killer.dead and not ROSTER[killer.cid].mindless:
            self.push({"t": "take_card", "cards": cards, "killer": killer.cid})

    @task("take_card")
    def t_take_card(self, task: dict) -> None:
        """V-CARD-5: the killer may take the card at once and at no cost."""
        killer = self.fig(task["killer"])
        self.wait("take", killer.seat, "versus.prompt.take", [make_typed("vs_take", take=True), make_typed("vs_take", take=False)],
                  {"cards": task["cards"], "killer": killer.cid}, params={"cid": killer.cid})

    @decision("take")
    def d_take(self, ctx: dict, a: Action) -> None:
        killer = self.fig(ctx["killer"])
        if a.take:
            for i in ctx["cards"]:
                del self.v.items[i]
                killer.items.append(i)
            self.emit("take", "V-CARD-5", "versus.take", {"cid": killer.cid}, cid=killer.cid, items=list(ctx["cards"]))

    # ------------------------------------------------------------------ V-DESTROY
    def destroy(self, f, toward, defence: int, what: tuple[str, str], cp: int) -> None:
        """V-DESTROY-5..8/14: the arc toward ``toward`` (the object's square, or the square across
        the edge, V-DESTROY-6), +1 die per CP beyond the first; total = normal hits + 3 per
        critical (Ripsaw: 4) + automatic hits (Breacher: +1); at least the defence destroys. The
        target rolls nothing and nobody is wounded."""
        arc_, colour, dice, auto = strength(f.cid, f.side, f.facing, (toward[0] - f.pos[0], toward[1] - f.pos[1]))
        dice += cp - 1
        ability = ROSTER[f.cid].ability
        if ability == "breacher":
            auto += 1  # 20.4 Breacher
        rolled = self.roll(dice)
        crit = 4 if ability == "ripsaw" else FACE_OBJECT[CRIT]  # 20.4 Ripsaw
        total = sum(crit if r == CRIT else FACE_OBJECT[r] for r in rolled) + auto
        ok = total >= defence  # V-DESTROY-8
        self.emit("destroy", "V-DESTROY-7", "versus.destroy" if ok else "versus.destroy_fail",
                  {"cid": f.cid, "what": what[0], "id": what[1], "total": total, "defence": defence},
                  cid=f.cid, what=what[0], id=what[1], cp=cp, arc=arc_, colour=colour, roll=rolled, auto=auto,
                  total=total, defence=defence, destroyed=ok)
        if not ok:
            return
        kind, tid = what
        if kind == "obj":
            self.v.destroyed.append(tid)  # V-DESTROY-4/9: the whole object
        elif kind == "door":
            self.set_door(tid, "destroyed")  # V-DESTROY-10, V-DOOR-10
        else:
            self.s.edges[tid] = EdgeState.OPEN  # V-DESTROY-11: a breach
            self.v.breaches.append(tid)
            self.long_breach(tid)
            self.s._cache.pop("legal", None)

    def long_breach(self, eid: str) -> None:
        """V-DESTROY-12/13: two short breaches side by side in a straight line are recorded as one
        long breach (a flag on the pair; nothing changes for one-square characters)."""
        a, b = parse_edge_id(eid)
        vertical = a[1] == b[1]  # (the edge between two squares of one row stands upright)
        for d in (-1, 1):
            if vertical:
                other = edge_id(edge_key((a[0], a[1] + d), (b[0], b[1] + d)))
            else:
                other = edge_id(edge_key((a[0] + d, a[1]), (b[0] + d, b[1])))
            if other in self.v.breaches:
                self.v.long_breaches.append(sorted([eid, other]))
                return


__all__ = ["Combat", "DIE", "strength"]
