"""Bosses and their behaviour decks (R-BOSS, DV-6, DV-7)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action, make_action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..kernel import path_costs
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, faces_text, line_msg, passes_through, set_dial_if_new


class Bosses:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    def boss(self) -> EnemyState | None:
        uid = self.s.core.boss
        return self.s.enemy(uid) if uid else None

    def held_by_boss(self, c: CharState) -> bool:
        """R-BOSS-8: a character on a living boss's tile cannot leave it."""
        b = self.boss()
        return b is not None and c.pos is not None and self.tile_id(c.pos) == self.tile_id(b.pos)

    def may_leave_to(self, c: CharState, sq: Sq) -> bool:
        return not self.held_by_boss(c) or self.tile_id(sq) == self.tile_id(c.pos)

    def boss_tile_squares(self, boss: EnemyState) -> frozenset:
        return self.b.tiles[self.tile_id(boss.pos)].squares

    def boss_dist(self, boss: EnemyState, target: Sq, route: bool = False) -> dict[Sq, int]:
        """Walking distances to ``target`` inside the boss's tile, ignoring occupancy and fire
        (R-BOSS-3, R-BOSS-18, R-FIRE-6). ``route``: the distances the boss can walk, through no
        square holding a space-taking token (see :meth:`boss_may_enter`)."""
        tile = self.boss_tile_squares(boss)
        # (the tactics kernel's search; a square off the tile or, for a route, one the boss may not
        # enter is reached but not passed through, then left out)
        if route:
            d = path_costs(self.g, target, through=lambda q: q in tile and self.boss_may_enter(q))
        else:
            d = path_costs(self.g, target, through=lambda q: q in tile)
        return {q: v for q, v in d.items() if q in tile}

    def boss_may_enter(self, q: Sq) -> bool:
        """May a boss enter square ``q``? Not if it holds a space-taking token (corpse, barrel,
        typewriter, item box): R-BOSS-5 shoves models only, tokens are never moved, and a large
        base (4 units, R-COMP-9) never fits beside one (R-COMP-8). [design ruling, issue 16]"""
        return not any(t.pos == q and SPACE_TOKENS.get(t.kind, 0) for t in self.s.tokens)

    def on_boss_tile(self, boss: EnemyState) -> list[CharState]:
        """Conscious characters on the boss's tile (R-BOSS-16: the unconscious are ignored)."""
        tile = self.boss_tile_squares(boss)
        return [c for c in self.conscious() if c.pos in tile]

    @task("behaviour_draw")
    def t_behaviour_draw(self, task: dict) -> None:
        """R-BOSS-11/12/17: draw a behaviour card instead of a tension card; resolve its lines."""
        s = self.s
        boss = self.boss()
        if boss is None:
            return
        if not s.piles["behaviour"]:
            s.piles["behaviour"] = s.piles["behaviour_discard"]
            s.piles["behaviour_discard"] = []
            s.rng.shuffle(s.piles["behaviour"])  # face down (AMB-59)
            self.emit("reshuffle", "R-BOSS-17", "boss.reshuffle")
        uid = s.piles["behaviour"].pop(0)
        s.piles["revealed"] = [uid]
        bd = self.ct.behaviour[s.cards[uid].defn]
        attacks = self.ct.enemies[boss.type].attacks if boss.type in self.ct.enemies else None
        lines = [line_msg(ln, attacks) for ln in bd.lines]  # (each line a message reference: the UI words it)
        self.emit("behaviour", "R-BOSS-11", "boss.card", {"boss": self.r_who(boss), "card": {"t": "card", "id": bd.id, "name": bd.name},
                                                           "text": {"t": "text", "v": bd.text}},
                  card=uid, name=bd.name, lines=lines, boss=boss.uid, card_text=bd.text,
                  attacks=[ln.attack for ln in bd.lines], kinds=[ln.kind for ln in bd.lines])
        self.push(*[{"t": "boss_line", "card": uid, "i": i} for i in range(len(bd.lines))],
                  {"t": "behaviour_done", "card": uid})

    @task("behaviour_done")
    def t_behaviour_done(self, task: dict) -> None:
        s = self.s
        s.piles["revealed"] = []
        s.piles["behaviour_discard"].append(task["card"])
        self.emit("behaviour_end", "R-BOSS-12", "boss.card_done", card=task["card"],
                  deck=len(s.piles["behaviour"]), discard=len(s.piles["behaviour_discard"]))

    @task("boss_line")
    def t_boss_line(self, task: dict) -> None:
        s = self.s
        boss = self.boss()
        if boss is None:
            return
        bd = self.ct.behaviour[s.cards[task["card"]].defn]
        ln = bd.lines[task["i"]]
        self.emit("boss_line", "R-BOSS-12", "boss.line", {"card": {"t": "card", "id": bd.id, "name": bd.name}, "n": task["i"] + 1,
                                                         "line": line_msg(ln, self.ct.enemies[boss.type].attacks
                                                                          if boss.type in self.ct.enemies else None)},
                  card=task["card"],
                  line=task["i"])
        if ln.kind == "MOVE":
            self.boss_move_target(boss, bd, task["i"])
        elif ln.kind == "ATTACK":
            self.boss_attack(boss, ln, task)
        elif ln.special == "Burrow":
            self.boss_burrow(boss)
        elif ln.special == "Tremor":
            self.boss_tremor(boss)
        elif ln.special == "Rush":  # DV-7: a Move line's number is its maximum, so Rush only announces it
            self.emit("boss_special", "DV-7", "boss.rush")

    def boss_move_target(self, boss: EnemyState, bd, i: int) -> None:
        """R-BOSS-18: pick the Move line's target; ties: active character, then the player."""
        ln = bd.lines[i]
        s = self.s
        cands = self.on_boss_tile(boss)
        if ln.target == "ACTIVE":
            cands = [c for c in cands if c.seat == s.active]
        if not cands:
            self.emit("boss_idle", "R-BOSS-18", "boss.no_target",
                      reason="no_target")
            return
        dist = self.boss_dist(boss, boss.pos)
        if ln.target == "NEAREST":
            key = lambda c: dist.get(c.pos, INF)  # noqa: E731
        elif ln.target == "FARTHEST":
            key = lambda c: -dist.get(c.pos, -INF)  # noqa: E731
        elif ln.target == "MOST_WOUNDED":
            key = lambda c: -c.health  # noqa: E731
        else:
            key = lambda c: 0  # noqa: E731
        best = min(key(c) for c in cands)
        tied = [c for c in cands if key(c) == best]
        act = s.active_char
        if act in tied:
            tied = [act]
        later_attack = next((x for x in bd.lines[i + 1:] if x.kind == "ATTACK"), None)
        steps = ln.max + (1 if self.enraged(boss) else 0)
        ctx = {"steps": steps, "attack": later_attack.attack if later_attack else None}
        self.ask("boss_target", s.active, "ask.boss_target",
                 [make_action("pick", target=c.cid) for c in tied], ctx)

    @decision("boss_target")
    def d_boss_target(self, ctx: dict, a: Action) -> None:
        self.push({"t": "boss_step", "target": a.target, "steps": ctx["steps"], "attack": ctx["attack"]})

    @task("boss_step")
    def t_boss_step(self, task: dict) -> None:
        """One step of a boss Move line along a shortest route inside its tile (R-BOSS-18)."""
        boss = self.boss()
        c = self.s.char(task["target"])
        if boss is None or not c.conscious or task["steps"] <= 0:
            return
        if task["attack"]:
            att = self.edef(boss).attacks[task["attack"]]
            if self.g.dR(boss.pos, c.pos) <= att.range and self.los(boss.pos, c.pos):
                return  # (b) the next attack can reach
        elif c.pos in self.g.neighbours(boss.pos):
            return  # (c) adjacent
        dist = self.boss_dist(boss, c.pos, route=True)  # around squares holding tokens (R-COMP-8)
        cur = dist.get(boss.pos, INF)
        tile = self.boss_tile_squares(boss)
        nxt = sorted([q for q in self.g.neighbours(boss.pos) if q in tile and q != c.pos
                      and dist.get(q, INF) == cur - 1 and self.boss_may_enter(q)], key=lambda q: (q[1], q[0]))
        if not nxt:
            return
        self.ask("boss_step", self.s.active, "ask.boss_step",
                 [Action(kind="place", target=boss.uid, to=q) for q in nxt],
                 {"target": task["target"], "steps": task["steps"], "attack": task["attack"]})

    @decision("boss_step")
    def d_boss_step(self, ctx: dict, a: Action) -> None:
        boss = self.boss()
        # R-BOSS-5: the models in the entered square are shoved out before the boss goes on, so
        # the next step is queued first and the shoves boss_enter pushes run on top of it
        self.push({"t": "boss_step", "target": ctx["target"], "steps": ctx["steps"] - 1, "attack": ctx["attack"]})
        self.boss_enter(boss, a.to, "R-BOSS-18", damage=0)

    def boss_enter(self, boss: EnemyState, to: Sq, rule: str, damage: int) -> None:
        """The boss enters a square; every other model there is shoved out (R-BOSS-5)."""
        frm = boss.pos
        boss.pos = to
        self.emit("enemy_move", rule, self.within("boss.moves", frm, to), {"enemy": self.r_who(boss), "square": self.r_sq(to)},
                  enemy=boss.uid, frm=list(frm),
                  to=list(to))
        tasks = []
        for c in self.chars_at(to):
            tasks.append({"t": "shove", "kind": "char", "id": c.cid, "damage": damage})
        for e in self.enemies_at(to):
            if e is not boss:
                tasks.append({"t": "shove", "kind": "enemy", "id": e.uid, "damage": 0})
        self.push(*tasks)

    @task("shove")
    def t_shove(self, task: dict) -> None:
        """R-BOSS-5: push a displaced model to a connected-adjacent square with room on the
        boss's tile; else the nearest such square on the tile; else anywhere in the region."""
        s = self.s
        boss = self.boss()
        if task["kind"] == "char":
            m = s.char(task["id"])
            units, seat = 1, m.seat
            if m.pos is None:
                return
        else:
            m = s.enemy(task["id"])
            if m is None:
                return
            units, seat = self.edef(m).base.units, s.active
        tile = self.boss_tile_squares(boss) if boss else frozenset()
        here = m.pos
        opts = [q for q in self.g.neighbours(here) if q in tile and self.room(q, units)]
        if not opts:
            dist = path_costs(self.g, here)  # (dW by the tactics kernel, R-BOSS-5)
            for pool in (tile, set(dist)):
                ok = [q for q in pool if q != here and q in dist and self.room(q, units)]
                if ok:
                    m0 = min(dist[q] for q in ok)
                    opts = [q for q in ok if dist[q] == m0]
                    break
        if not opts:
            self.emit("shove", "R-BOSS-5", "boss.no_shove")
            return
        opts = sorted(opts, key=lambda q: (q[1], q[0]))
        self.ask("shove", seat, "ask.shove",
                 [Action(kind="place", target=task["id"], to=q) for q in opts], task)

    @decision("shove")
    def d_shove(self, ctx: dict, a: Action) -> None:
        if ctx["kind"] == "char":
            c = self.s.char(ctx["id"])
            frm = c.pos
            c.pos = a.to
            self.emit("push", "R-BOSS-5", self.within("boss.shove_char", frm, a.to), {"char": self.r_who(c), "square": self.r_sq(a.to)},
                      char=c.cid, frm=list(frm),
                      to=list(a.to))
            if ctx.get("damage"):
                self.damage_char(c, ctx["damage"], "DV-7", "eruption")
            if c.conscious and a.to in self.fire():
                self.damage_char(c, 1, "R-FIRE-3", "fire")
            self.on_enter(c)
        else:
            e = self.s.enemy(ctx["id"])
            frm = e.pos
            e.pos = a.to
            self.emit("push", "R-BOSS-5", self.within("boss.shove_enemy", frm, a.to), {"enemy": self.r_who(e), "square": self.r_sq(a.to)},
                      enemy=e.uid,
                      frm=list(frm), to=list(a.to))

    def boss_attack(self, boss: EnemyState, ln, task: dict) -> None:
        """R-BOSS-19 / R-BOSS-14: attack the active character if possible, else another (player's
        choice); a sweep attacks every character in range and LOS on the tile."""
        att = self.edef(boss).attacks[ln.attack]
        targets = [c for c in self.on_boss_tile(boss)
                   if self.g.dR(boss.pos, c.pos) <= att.range and self.los(boss.pos, c.pos)]
        if not targets:
            self.emit("boss_idle", "R-BOSS-19", "boss.nobody_in_reach", {"attack": {"t": "text", "v": att.name}},
                      reason="no_reach")
            return
        base = {"t": "enemy_attack", "enemy": boss.uid, "extra": 0, "profile": ln.attack, "unavoidable": False,
                "rule": "R-BOSS-19", "dmg_bonus": ln.dmg_bonus}
        if att.sweep:
            # R-BOSS-14: one attack on everyone; the attacks on the others outlive a knock-out of
            # the active survivor (R-TURN-8 skips only what is pending for that survivor)
            act = self.s.active_char
            self.push(*[{**base, "target": c.cid, "rule": "R-BOSS-14",
                         **({} if c is act else {"keep": "R-BOSS-14"})} for c in targets])
            return
        if ln.fresh_target and len(targets) > 1 and self.s.core.boss_last_target in [c.cid for c in targets]:
            targets = [c for c in targets if c.cid != self.s.core.boss_last_target]
        act = self.s.active_char
        if act in targets:
            targets = [act]
        self.ask("boss_attack_target", self.s.active, "ask.boss_attack_target",
                 [make_action("pick", target=c.cid) for c in targets], base, {"attack": {"t": "text", "v": att.name}})

    @decision("boss_attack_target")
    def d_boss_attack_target(self, ctx: dict, a: Action) -> None:
        self.s.core.boss_last_target = a.target
        self.push({**ctx, "target": a.target})

    @task("boss_charge")
    def t_boss_charge(self, task: dict) -> None:
        """R-BOSS-20: after the attack the boss moves into the target's square, shoving everyone."""
        boss = self.s.enemy(task["enemy"])
        c = self.s.char(task["cid"])
        tile = self.boss_tile_squares(boss) if boss is not None else frozenset()
        if boss is None or c.pos is None or c.pos not in tile:
            return
        if self.boss_may_enter(c.pos):
            self.boss_enter(boss, c.pos, "R-BOSS-20", damage=0)
            return
        # a token holds the target's square: as R-EATK-6, the boss goes next to the target
        # instead (it stays if it already is, or if no square next to the target qualifies)
        opts = [q for q in self.g.neighbours(c.pos) if q in tile and self.boss_may_enter(q)]
        if boss.pos in opts or not opts:
            self.emit("boss_idle", "R-BOSS-20", "boss.no_crash", {"boss": self.r_who(boss)}, enemy=boss.uid)
            return
        self.ask("charge_place", self.s.active, "ask.boss_charge_place",
                 [Action(kind="place", target=boss.uid, to=q) for q in sorted(opts, key=lambda q: (q[1], q[0]))], {},
                 {"boss": self.r_who(boss), "char": self.r_who(c)})

    def boss_burrow(self, boss: EnemyState) -> None:
        """DV-7 Burrow: resurface next to the active character, shoving (1 damage each)."""
        c = self.s.active_char
        tile = self.boss_tile_squares(boss)
        if not c.conscious or c.pos not in tile:
            return
        opts = [q for q in self.g.neighbours(c.pos) if q in tile and self.boss_may_enter(q)]
        if not opts:  # nearest square of the tile it may enter (no space-taking token)
            dist = self.boss_dist(boss, c.pos)
            ok = {q: v for q, v in dist.items() if q != c.pos and self.boss_may_enter(q)}
            if not ok:
                self.emit("boss_idle", "DV-7", "boss.no_erupt", enemy=boss.uid)
                return
            m = min(ok.values())
            opts = [q for q, v in ok.items() if v == m]
        self.ask("burrow", self.s.active, "ask.burrow",
                 [Action(kind="place", target=boss.uid, to=q) for q in sorted(opts, key=lambda q: (q[1], q[0]))], {})

    @decision("burrow")
    def d_burrow(self, ctx: dict, a: Action) -> None:
        boss = self.boss()
        self.emit("boss_special", "DV-7", "boss.burrow", {"boss": self.r_who(boss), "square": self.r_sq(a.to)})
        self.boss_enter(boss, a.to, "DV-7", damage=1)

    def boss_tremor(self, boss: EnemyState) -> None:
        """DV-7 Tremor: everyone on the tile evades at tier 1; a failure takes 1 damage and is pushed.
        One quake: the pushes are queued after every roll, so a knock-out of the active survivor
        on the way (R-TURN-8) drops none of the others' pushes, whatever the seat order."""
        pushes = []
        for c in self.on_boss_tile(boss):
            faces = self.roll(["blue"] * self.cdef(c).evade_dice)
            ok = any(face_meets_tier(f, 1) for f in faces)
            self.emit("evade", "DV-7", "boss.tremor_ok" if ok else "boss.tremor_falls",
                      {"char": self.r_who(c), "faces": {"t": "faces", "v": [f.value for f in faces]}}, char=c.cid, tier=1, extra=0, faces=[f.value for f in faces],
                      success=ok, enemy=boss.uid)
            if not ok:
                self.damage_char(c, 1, "DV-7", "tremor")
                if c.conscious:
                    pushes.append({"t": "push_char", "cid": c.cid, "rule": "DV-7"})
        self.push(*pushes)
