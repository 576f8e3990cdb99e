"""The reaction phase and out-of-sequence activations: who reacts, attacks, move reactions (R-REACT, R-OOS, R-EMOVE, R-SPECIAL)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action, action_with, construct, make_action, target_to_action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..kernel import CAPACITY, reach
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, ReactionState, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, count, faces_text, passes_through, set_dial_if_new


#: the rules that move an enemy with a reason the log gives (message ``emove.why.<rule>``, R-EMOVE-5 moves)
_MOVE_WHY = frozenset({"R-OOS-2", "R-TENSION-12", "R-REACT-4", "R-STALK-7"})


class Reactions:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    @task("oos_moves", pure=True)
    def t_oos_moves(self, task: dict) -> None:
        """R-OOS-2: after an attack, enemies on the active and linked tiles not hit move;
        those in the attacker's square stay (``stay``: that square's enemies when the attack
        resolved, see combat.do_attack)."""
        s = self.s
        c = s.characters[s.active]  # (s.active_char inline)
        tiles = self.active_and_linked()
        stay = set(task.get("stay", ()))
        hit = set(task["hit"])
        st_of = self.b.square_tile  # (self.tile_id, inline)
        edefs = self._fx_enemies  # (self.is_boss, inline)
        movers = [e.uid for e in s.enemies
                  if st_of[e.pos] in tiles and e.uid not in hit and e.uid not in stay
                  and (c.pos is None or e.pos != c.pos) and "boss" not in edefs[e.type].rules]
        if movers:
            self.push({"t": "ordered_moves", "uids": movers, "auto": False, "rule": "R-OOS-2"})

    @task("oos_pre")
    def t_oos_pre(self, task: dict) -> None:
        c = self.s.active_char
        here = [e for e in self.enemies_at(c.pos) if not self.is_boss(e)]
        if not here:
            return
        top = max(self.edef(e).threat for e in here)
        cands = [e for e in here if self.edef(e).threat == top]
        self.ask("oos_attacker", c.seat, "ask.oos_attacker",
                 [action_with("pick", "target", e.uid) for e in self.default_order(cands)], {"cid": c.cid})

    @decision("oos_attacker")
    def d_oos_attacker(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        e = self.s.enemy(a.target)
        extra = self.oos_extra(c, e)
        self.emit("oos", "R-OOS-3", "oos.first", {"enemy": self.r_who(e), "char": self.r_who(c)})
        self.push({"t": "enemy_attack", "enemy": e.uid, "target": c.cid, "extra": extra, "profile": "basic",
                   "unavoidable": False, "cancel": True, "rule": "R-OOS-3"})

    def oos_extra(self, c: CharState, attacker: EnemyState) -> int:
        """R-EVADE-5: other non-boss enemies with ``c`` in basic-attack range and LOS."""
        fire = self.token_index()["fire"]
        n = 0
        for e in self.s.enemies:
            if e is attacker or self.is_boss(e):
                continue
            if self.g.dR(e.pos, c.pos) <= self.edef(e).basic.range and self.los(e.pos, c.pos, fire):
                n += 1
        return n

    @task("reaction_phase")
    def t_reaction_phase(self, task: dict) -> None:
        s = self.s
        c = s.active_char
        self.expire_sustained("action_phase")
        if not c.conscious:  # R-TURN-10: an exited character's turn skips reactions
            self.next_phase()
            return
        back = self.pursuit()
        if back is not None:
            self.push(back, {"t": "react_setup"})
            return
        self.push({"t": "react_setup"})

    @task("react_setup", pure=True)
    def t_react_setup(self, task: dict) -> None:
        """R-REACT-3: fix the set of reacting enemies; R-SPECIAL-3: read the symbol once."""
        s = self.s
        tiles = self.active_and_linked()
        st_of = self.b.square_tile  # (self.tile_id, inline; the tile test before the boss test: both must hold)
        edefs = self._fx_enemies  # (self.edef(e) and self.is_boss(e), inline)
        R = [e.uid for e in s.enemies if (st_of[e.pos] in tiles or "relentless" in edefs[e.type].rules)
             and "boss" not in edefs[e.type].rules]  # R-REACT-1/3
        sym = self.current_symbol()
        self.emit("phase", "R-TURN-2", "react.phase", {"n": len(R)}, reacting=R, symbol=sym)
        s.core.react = ReactionState(reacting=list(R), symbol=sym)
        self.push({"t": "react_next"})

    def attack_profile_name(self, e: EnemyState, sym: str | None) -> str:
        """R-SPECIAL-2/5: special if the symbols match, else basic."""
        d = self._fx_enemies[e.type]  # (self.edef(e), inline)
        if sym is not None and d.special is not None and d.special_symbol == sym:
            return "special"
        return "basic"

    def can_attack(self, e: EnemyState, prof: str, exclude: Iterable[str] = ()) -> list[CharState]:
        rng = self.profile(e, prof).range
        fire = self.token_index()["fire"]
        out = []
        src = e.pos
        region = self.b.region_of(src)
        region_of = self.b.region_of
        for c in self.s.characters:
            q = c.pos
            if q is None or c.exited or c.health > 5 or c.cid in exclude:  # CharState.conscious
                continue
            dx = src[0] - q[0] if src[0] >= q[0] else q[0] - src[0]
            dy = src[1] - q[1] if src[1] >= q[1] else q[1] - src[1]
            if (dx if dx >= dy else dy) > rng:
                continue  # out of range (the cheap test first; both must hold)
            if region_of(q) != region:
                continue  # R-COMP-13: dR is infinite across regions
            if self.los(src, q, fire):
                out.append(c)
        return out

    @task("react_next", pure=True)
    def t_react_next(self, task: dict) -> None:
        s = self.s
        st = s.core.react
        reacting, done = set(st.reacting), set(st.done)
        remaining = [e for e in s.enemies if e.uid in reacting and e.uid not in done]
        if not remaining:
            self.next_phase()
            return
        order = self.default_order(remaining)
        if st.auto or len(order) == 1:  # (run at once, as the machine would pop it next: both tasks are pure)
            self.rules.tasks["react_enemy"](self, {"t": "react_enemy", "enemy": order[0].uid})
            return
        opts = [action_with("pick", "target", e.uid) for e in order] + [action_with("auto")]
        self.wait(kind="react_order", seat=s.active, prompt="ask.react_order",
                            options=opts, ctx={})

    @decision("react_order")
    def d_react_order(self, ctx: dict, a: Action) -> None:
        if a.kind == "auto":
            self.s.core.react.auto = True
            self.push({"t": "react_next"})
        else:
            self.push({"t": "react_enemy", "enemy": a.target})

    @task("react_enemy", pure=True)
    def t_react_enemy(self, task: dict) -> None:
        """R-REACT-7 steps b-d."""
        s = self.s
        st = s.core.react
        e = s.enemy(task["enemy"])
        if e is None:
            self.push({"t": "react_next"})
            return
        prof = self.attack_profile_name(e, st.symbol)
        A = self.can_attack(e, prof, st.attacked)
        if not A:
            st.done.append(e.uid)
            s.queue.append({"t": "react_next"})
            # (the move reaction runs at once, as the machine would pop it next: both tasks are pure)
            self.rules.tasks["move_reaction"](self, {"t": "move_reaction", "enemy": e.uid, "rule": "R-REACT-4"})
            return
        act = s.characters[s.active]
        if any(x is act for x in A):  # (by identity: a survivor equals only itself)
            self.push({"t": "react_group", "enemy": e.uid, "target": act.cid})
            return
        self.ask("react_target", s.active, "ask.react_target",
                 [action_with("pick", "target", c.cid) for c in A], {"enemy": e.uid}, {"enemy": self.r_who(e)})

    @decision("react_target")
    def d_react_target(self, ctx: dict, a: Action) -> None:
        self.push({"t": "react_group", "enemy": ctx["enemy"], "target": a.target})

    @task("react_group", pure=True)
    def t_react_group(self, task: dict) -> None:
        """R-REACT-7 steps e-h, R-REACT-5/6."""
        s = self.s
        st = s.core.react
        e = s.enemy(task["enemy"])
        G = [e]
        for f in s.enemies:
            if f is e or f.uid not in st.reacting or f.uid in st.done:
                continue
            pf = self.attack_profile_name(f, st.symbol)
            if any(c.cid == task["target"] for c in self.can_attack(f, pf, st.attacked)):
                G.append(f)
        top = max(self.edef(g).threat for g in G)
        cands = [g for g in G if self.edef(g).threat == top]
        ctx = {"group": [g.uid for g in G], "target": task["target"]}
        self.ask("react_attacker", s.active, "ask.react_attacker",
                 [action_with("pick", "target", g.uid) for g in self.default_order(cands)], ctx)

    @decision("react_attacker")
    def d_react_attacker(self, ctx: dict, a: Action) -> None:
        s = self.s
        st = s.core.react
        st.done.extend(ctx["group"])
        st.attacked.append(ctx["target"])
        x = s.enemy(a.target)
        extra = len(ctx["group"]) - 1
        prof = self.attack_profile_name(x, st.symbol)
        if extra:
            names = {"t": "list", "v": [self.r_who(s.enemy(u)) for u in ctx["group"] if u != x.uid]}
            self.emit("react_group", "R-REACT-5", "react.group", {"enemies": names, "n": extra},
                      group=ctx["group"])
        self.push({"t": "enemy_attack", "enemy": x.uid, "target": ctx["target"], "extra": extra, "profile": prof,
                   "unavoidable": False, "rule": "R-REACT-7"}, {"t": "react_next"})

    @task("ordered_moves", pure=True)
    def t_ordered_moves(self, task: dict) -> None:
        """Several enemies move out of sequence: the active player orders them (R-OOS-1)."""
        s = self.s
        uids = set(task["uids"])
        alive = [e for e in s.enemies if e.uid in uids]
        if not alive:
            return
        order = self.default_order(alive)
        rest = [e.uid for e in order[1:]]
        if task.get("auto") or len(order) == 1:
            s.queue.append({**task, "uids": rest})
            # (the move reaction runs at once, as the machine would pop it next: both tasks are pure,
            # so no end check comes between them; the same as pushing it on top of the rest)
            self.rules.tasks["move_reaction"](self, {"t": "move_reaction", "enemy": order[0].uid, "rule": task["rule"]})
            return
        opts = [action_with("pick", "target", e.uid) for e in order] + [action_with("auto")]
        self.wait(kind="order_moves", seat=s.active, prompt="ask.order_moves", options=opts,
                            ctx={"task": task})

    @decision("order_moves")
    def d_order_moves(self, ctx: dict, a: Action) -> None:
        task = ctx["task"]
        if a.kind == "auto":
            self.push({**task, "auto": True})
            return
        rest = [u for u in task["uids"] if u != a.target]
        self.push({"t": "move_reaction", "enemy": a.target, "rule": task["rule"]}, {**task, "uids": rest})

    @task("move_reaction", pure=True)
    def t_move_reaction(self, task: dict) -> None:
        """R-EMOVE-4: pick the target (nearest by enemy distance; ties: active, then player)."""
        s = self.s
        e = s.enemy(task["enemy"])
        if e is None:
            return
        best, tied = INF, []
        d_e = self._fx_enemies[e.type]  # (self.edef(e), inline)
        forced = "forced_entry" in d_e.rules
        dE_map = self.dE_map
        fire = self.token_index()["fire"]
        here = e.pos
        kept = None if forced else self._dE  # (dE_map's kept maps, read inline; forced ones by dE_map)
        for c in s.characters:
            q = c.pos
            if q is None or c.exited or c.health > 5:  # CharState.conscious
                continue
            m = kept.get((q, fire)) if kept is not None else None
            if m is None:
                m = dE_map(q, forced, fire)
            d = m.known.get(here)  # (the squares searched so far, else the search goes on)
            if d is None:
                d = m.get(here, INF)
            if d < best:
                best, tied = d, [c]
            elif d == best and d < INF:
                tied.append(c)
        if not tied or best == INF:
            self.emit("enemy_idle", "R-EMOVE-4", "emove.no_way", {"enemy": self.r_who(e)},
                      enemy=e.uid)
            return
        act = s.characters[s.active]
        for x in tied:  # (by identity: a survivor equals only itself)
            if x is act:  # (a task of its own: it moves the enemy, and this task is pure)
                self.push({"t": "move_path", "enemy": e.uid, "target": act.cid, "rule": task["rule"]})
                return
        self.ask("emove_target", s.active, "ask.emove_target", [action_with("pick", "target", c.cid) for c in tied],
                 {"enemy": e.uid, "rule": task["rule"]}, {"enemy": self.r_who(e)})

    @decision("emove_target")
    def d_emove_target(self, ctx: dict, a: Action) -> None:
        self.push({"t": "move_path", "enemy": ctx["enemy"], "target": a.target, "rule": ctx["rule"]})

    def enemy_move_value(self, e: EnemyState) -> int:
        m = self._fx_enemies[e.type].move  # (self.edef(e), inline)
        for info in self.s.core.sustain.values():  # DV-16 Frenzy
            if info.name == "Frenzy" and info.tile == self.tile_id(e.pos):
                m += 1
        return m

    @task("move_path")
    def t_move_path(self, task: dict) -> None:
        """R-EMOVE-5: end on the reachable square nearest the target; ties: fewest steps,
        then the active player."""
        s = self.s
        e = s.enemy(task["enemy"])
        c = s.char(task["target"])
        if e is None or c.pos is None or c.exited or c.health > 5:  # (not c.conscious, inline)
            return
        d_e = self._fx_enemies[e.type]  # (self.edef(e), inline)
        name = d_e.name
        if e.pos == c.pos:  # R-EMOVE-6
            self.emit("enemy_idle", "R-EMOVE-6", "emove.already_there", {"enemy": self.r_who(e), "char": self.r_who(c)},
                      enemy=e.uid)
            return
        forced = "forced_entry" in d_e.rules
        g = self.forced_geometry() if forced else self.g
        fire = self.token_index()["fire"]
        D = self.dE_map(c.pos, forced, fire)
        start = e.pos
        cur = D.get(start, INF)
        # The search below compares squares with the start's distance ``cur``: every square
        # nearer than that is already in the map's searched rings (it is searched ring by ring
        # up to ``cur`` at least), and a square not in them is farther than ``cur`` and can never
        # be chosen, as a square with no way to the target cannot: so the searched part is
        # read as a plain dict, a missing square counting as unreachable.
        dget = D.searched().get
        room = CAPACITY - d_e.base.units  # R-COMP-8
        move = self.enemy_move_value(e)
        used = self.occupancy()["units"]
        # the squares the enemy reaches with its move (the tactics kernel's search: no step into fire,
        # R-COMP-12, or into a square without room for its base, R-COMP-8), fewest steps each, in the
        # order reached, and the square each was first reached from (the way it walks, R-STALK-5)
        # (the squares it may not enter as one set: fire and the squares already too full)
        full = [q for q, u in used.items() if u > room] if used and max(used.values()) > room else None
        steps, came = reach(g, start, fire.union(full) if full else fire, move, forced)
        # the reachable squares nearest the target, ties by fewest steps (R-EMOVE-5): squares come
        # in order of steps, so the best (distance, steps) is kept as found (as two numbers: (bd, bk)
        # compared as the tuple (distance, steps) would be)
        bd, bk, tied = dget(start, INF), 0, [start]
        for n, k in steps.items():
            if k == 0:
                continue
            dn = dget(n, INF)
            if dn < bd or (dn == bd and k < bk):
                bd, bk, tied = dn, k, [n]
            elif dn == bd and k == bk:
                tied.append(n)
        if bd >= cur:
            self.emit("enemy_idle", "R-EMOVE-5", "emove.no_closer", {"enemy": self.r_who(e), "char": self.r_who(c)},
                      enemy=e.uid)
            return
        if len(tied) > 1:
            tied.sort(key=lambda q: (q[1], q[0]))
        ctx = {"enemy": e.uid, "target": c.cid, "rule": task["rule"]}
        if forced:  # (the start has no parent: None)
            ctx["parents"] = {f"{q[0]},{q[1]}": list(came[q]) if q in came else None for q in steps}  # type: ignore[index]
        if len(tied) == 1:  # one answer: resolved at once, as ask() does (R-DOC-5), without its prompt
            self.rules.decisions["emove_dest"](self, ctx, target_to_action("place", e.uid, tied[0]))
            return
        self.ask("emove_dest", s.active, "ask.emove_dest", [target_to_action("place", e.uid, q) for q in tied], ctx,
                 {"enemy": self.r_who(e), "char": self.r_who(c)})

    @decision("emove_dest")
    def d_emove_dest(self, ctx: dict, a: Action) -> None:
        e = self.s.enemy(ctx["enemy"])
        c = self.s.char(ctx["target"])
        frm = e.pos
        self.move_model(e, a.to)
        why = ctx["rule"] in _MOVE_WHY
        self.emit("enemy_move", ctx["rule"], "emove.toward_why" if why else "emove.toward",
                  {"enemy": self.r_who(e), "char": self.r_who(c),
                   "why": {"t": "msg", "id": "emove.why." + ctx["rule"]} if why else ""}, enemy=e.uid, frm=list(frm),
                  to=list(a.to), target=c.cid)
        if "parents" in ctx:  # R-STALK-5: doors it forced on the way are now open
            q = a.to
            while ctx["parents"].get(f"{q[0]},{q[1]}") is not None:
                prev = T(ctx["parents"][f"{q[0]},{q[1]}"])
                if prev[0] == q[0] or prev[1] == q[1]:
                    key = edge_key(prev, q)
                    if self.edge(*key) == EdgeState.DOOR_CLOSED:
                        self.set_edge(key, EdgeState.DOOR_OPEN)
                        self.emit("door", "R-STALK-5", "door.smashed", {"enemy": self.r_who(e)},
                                  edge=edge_id(key), open=True)
                q = prev

    def reacting_pool(self) -> list[EnemyState]:
        tiles = self.active_and_linked()
        edefs, st_of = self._fx_enemies, self.b.square_tile  # (self.is_boss, self.tile_id, inline)
        return [e for e in self.s.enemies if "boss" not in edefs[e.type].rules and st_of[e.pos] in tiles]
