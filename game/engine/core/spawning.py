"""Exploration, the encounter die and spawning (R-EXPLORE, R-SPAWN, R-COMP-15, R-CORPSE-3)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, faces_text, passes_through, set_dial_if_new


class Spawning:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    def supply(self, typ: str) -> int:
        """Models of a type left in the supply (R-COMP-15). ``stalker_one`` is the one Stalker
        Stage One model, whatever card it uses (R-STALK-3/7/8)."""
        if typ == "stalker_one":
            if self.s.core.stalker_killed or self.stalker() is not None:
                return 0
            return 1
        d = self._fx_enemies.get(typ)
        if d is None:
            return 0
        used = sum(1 for e in self.s.enemies if e.type == typ)
        removed = sum(1 for r in self.s.removed_models if r == typ)
        return max(0, d.models - used - removed)

    def hazard_check(self, why: str) -> tuple[int, bool, dict]:
        """R-DIE-1: roll the encounter die for a corpse (R-CORPSE-2, RISE; ``why`` names the roll);
        face 6 bears the hazard mark. Returns (face, hazard, how the log names the draw: a nested
        message). A rule set with another encounter source replaces it (the mansion's encounter
        deck, M-ENC-3)."""
        roll = self.d6({"t": "msg", "id": "why.corpse"})
        return roll, roll == 6, {"t": "msg", "id": "hazard.die", "params": {"n": roll}}

    def explore(self, c: CharState, tile: Tile) -> list[dict]:
        s = self.s
        s.explored.append(tid := tile.id)
        s.explored.sort()
        if tile.colour.value == "green":  # R-EXPLORE-2: green tiles are never rolled for
            return []
        roll = self.d6({"t": "msg", "id": "why.explore", "params": {"tile": {"t": "room", "id": tile.id, "name": tile.name}}})
        table = self.brief.encounter_tables.get(tile.colour.value) or self.ct.decks.encounter_tables.get(tile.colour.value)  # DV-15
        spawn = list(table[roll - 1]) if table else []
        self.emit("explore", "R-EXPLORE-3", "explore.die",
                  {"char": self.r_who(c), "tile": {"t": "room", "id": tid, "name": tile.name},
                   "colour": {"t": "msg", "id": "colour." + tile.colour.value}, "n": roll,
                   "what": {"t": "list", "v": [{"t": "enemy", "id": None, "type": x, "name": self._fx_enemies[x].name}
                                               for x in spawn]} if spawn else {"t": "msg", "id": "explore.nothing"}},
                  tile=tid, roll=roll, spawn=spawn, hazard=roll == 6)
        return [{"t": "spawn", "tile": tid, "types": spawn, "ref": list(c.pos)}] if spawn else []

    @task("spawn")
    def t_spawn(self, task: dict) -> None:
        """R-SPAWN-5 steps 1-3: the ordered spawn points; ties are the active player's choice."""
        tile = self.b.tiles[task["tile"]]
        ref = T(task["ref"])
        P = list(tile.spawn_points)
        dist = self.walk_distances(ref)
        if not P:
            far = max((dist.get(q, -1) for q in tile.squares if dist.get(q, INF) < INF), default=-1)
            P = [q for q in tile.squares if dist.get(q, INF) == far] if far >= 0 else sorted(tile.squares)
        charsq = {c.pos for c in self.conscious()}
        Pp = [q for q in P if q not in charsq]
        displace_all = False
        if not Pp:
            Pp = P
            displace_all = len(P) >= 2  # R-SPAWN-2 exception for one spawn point
        keyed = sorted(Pp, key=lambda q: (dist.get(q, INF), self.g.dR_sq(ref, q), q[1], q[0]))
        self.push({"t": "spawn_order", "types": task["types"], "todo": [list(q) for q in keyed], "order": [],
                   "ref": task["ref"], "displace_all": displace_all, "tile": task["tile"]})

    @task("spawn_order")
    def t_spawn_order(self, task: dict) -> None:
        todo = [T(q) for q in task["todo"]]
        order = task["order"]
        need = min(len(task["types"]), len(todo) + len(order))
        if len(order) >= need or not todo:
            self.push({"t": "spawn_place", "types": task["types"], "dests": order + [list(q) for q in todo], "i": 0,
                       "displace_all": task["displace_all"]})
            return
        ref = T(task["ref"])
        dist = self.walk_distances(ref)
        key = lambda q: (dist.get(q, INF), self.g.dR_sq(ref, q))  # noqa: E731
        k0 = key(todo[0])
        tied = [q for q in todo if key(q) == k0]
        self.ask("spawn_order", self.s.active, "ask.spawn_order",
                 [Action(kind="place", to=q) for q in tied], {"task": task})

    @decision("spawn_order")
    def d_spawn_order(self, ctx: dict, a: Action) -> None:
        task = dict(ctx["task"])
        task["todo"] = [q for q in task["todo"] if T(q) != a.to]
        task["order"] = task["order"] + [list(a.to)]
        self.push({**task, "t": "spawn_order"})

    @task("spawn_place")
    def t_spawn_place(self, task: dict) -> None:
        """R-SPAWN-5 step 4-5: place models one at a time; no room or fire → R-SPAWN-6."""
        i = task["i"]
        types = task["types"]
        if i >= len(types):
            return
        typ = types[i]
        nxt = {**task, "i": i + 1}
        if typ == "stalker_one":
            st = self.stalker()
            if st is not None:  # R-STALK-7: only one; it moves out of sequence instead
                self.emit("stalker", "R-STALK-7", "stalker.closes_in")
                self.push({"t": "move_reaction", "enemy": st.uid, "rule": "R-STALK-7"}, nxt)
                return
            if self.s.core.stalker_killed:  # R-STALK-8
                self.emit("spawn_skip", "R-STALK-8", "stalker.down")
                self.push(nxt)
                return
            typ = "stalker_one_" + self.band()  # R-STALK-3: the card of the current band
        if self.supply(typ) <= 0:  # R-COMP-15
            self.emit("spawn_skip", "R-COMP-15", "spawn.no_models",
                      {"enemy": {"t": "enemy", "id": None, "type": typ, "name": self._fx_enemies[typ].name}})
            self.push(nxt)
            return
        dests = task["dests"]
        dest = T(dests[i % len(dests)])
        units = self._fx_enemies[typ].base.units
        if not task["displace_all"] and self.room(dest, units) and dest not in self.fire():
            self.spawn_at(typ, dest, "R-SPAWN-1")
            self.push(nxt)
            return
        self.push({"t": "displace", "type": typ, "dest": list(dest)}, nxt)

    def spawn_at(self, typ: str, sq: Sq, rule: str) -> None:
        e = EnemyState(uid=self.s.new_uid("e"), type=typ, pos=sq)
        if "stalker" in self._fx_enemies[typ].rules:
            e.wounds = self.s.core.stalker_wounds or 0  # R-STALK-6 keeps its wounds
            self.s.core.stalker_wounds = None
        self.s.enemies.append(e)
        name = self._fx_enemies[typ].name
        # 'The Stalker appears', 'A Zombie appears': a name with its own article takes none (English)
        self.emit("spawn", rule, "spawn.named" if name.startswith("The ") else "spawn.at",
                  {"enemy": self.r_who(e), "square": self.r_sq(sq)}, enemy=e.uid, type=typ, pos=list(sq))

    @task("displace")
    def t_displace(self, task: dict) -> None:
        """R-SPAWN-3/4/6: nearest square with room and no fire, rings by walking distance."""
        dest = T(task["dest"])
        typ = task["type"]
        units = self._fx_enemies[typ].base.units
        fire = self.fire()
        dist = self.g.distances_from(dest)
        charsq = {c.pos for c in self.conscious()}
        for allow_chars in (False, True):
            ok = [q for q, d in dist.items() if d >= 1 and q not in fire and self.room(q, units)
                  and (allow_chars or q not in charsq)]
            if ok:
                m = min(dist[q] for q in ok)
                tied = sorted([q for q in ok if dist[q] == m], key=lambda q: (q[1], q[0]))
                self.ask("displace", self.s.active, "ask.displace", [Action(kind="place", to=q) for q in tied], {"type": typ},
                         {"enemy": {"t": "enemy", "id": None, "type": typ, "name": self._fx_enemies[typ].name}})
                return
        self.emit("spawn_skip", "R-SPAWN-6", "spawn.nowhere",
                  {"enemy": {"t": "enemy", "id": None, "type": typ, "name": self._fx_enemies[typ].name}})

    @decision("displace")
    def d_displace(self, ctx: dict, a: Action) -> None:
        self.spawn_at(ctx["type"], a.to, "R-SPAWN-6")

    @task("corpse_spread")
    def t_corpse_spread(self, task: dict) -> None:
        """R-CORPSE-3: with four corpses in one square, the active player moves one of them to a
        connected-adjacent square (R-SPAWN-6 rings if none) where it still leaves room for a small
        model: "so that models can still pass" holds for the square it goes to as well, so it
        never enters a full square nor fills one (issue 8 ruling). Repeats while four remain."""
        sq = T(task["pos"])
        corpses = [t for t in self.s.tokens if t.kind == "corpse" and t.pos == sq]
        if len(corpses) < 4:
            return
        dist = self.g.distances_from(sq)
        ok = [q for q, d in dist.items() if d >= 1 and self.room(q, 2)]  # itself + a small model
        if not ok:
            self.emit("corpse_stays", "R-CORPSE-3", "corpse.stay", {"square": self.r_sq(sq)},
                      pos=list(sq))
            return
        self.push({"t": "corpse_spread", "pos": list(sq)})  # again, if four are still there
        m = min(dist[q] for q in ok)
        opts = sorted([q for q in ok if dist[q] == m], key=lambda q: (q[1], q[0]))
        self.ask("corpse_spread", self.s.active, "ask.corpse_spread",
                 [Action(kind="place", target=corpses[-1].uid, to=q) for q in opts], {})

    @decision("corpse_spread")
    def d_corpse_spread(self, ctx: dict, a: Action) -> None:
        t = self.s.token(a.target)
        frm = t.pos
        t.pos = a.to
        self.emit("corpse_moved", "R-CORPSE-3", "corpse.dragged", {"frm": self.r_sq(frm), "to": self.r_sq(a.to)},
                  frm=list(frm), to=list(a.to))
