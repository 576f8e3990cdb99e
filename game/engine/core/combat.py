"""Combat: survivor attacks, barrels, damage and recovery, enemy attacks and evade rolls, pushes, charges (R-ATK, R-RANGE, R-BARREL, R-HEALTH, R-EATK, R-EVADE, R-POISON)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action, attack_action, make_action, target_to_action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..kernel import has_room, track_damage, track_recover, wound
from ..machine import action, decision, task
from ..odds import attack_dice
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, faces_text, passes_through, set_dial_if_new
from .targets import boss_out_of_reach, dial_empty, other_region, range_distance, range_problem


class Combat:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    def damage_char(self, c: CharState, n: int, rule: str, why: str = "") -> None:
        """Move the health marker n steps right (R-HEALTH-2/3); past Danger is unconscious
        (R-HEALTH-4) or, in the Introduction, failure (R-INTRO-6). ``why``: the cause's key
        (message ``cause.<why>``: poison, fire, blast, eruption, tremor), or "" for an attack."""
        if n <= 0 or not c.conscious:
            return
        before = c.health
        if self.brief.intro and before + n > 5:
            c.health = 6
            self.emit("damage", rule, "damage.past_danger_from" if why else "damage.past_danger",
                      {"char": self.r_who(c), "n": n, "why": {"t": "msg", "id": "cause." + why} if why else ""},
                      char=c.cid, n=n, health=6)
            self.fail("R-INTRO-6", {"t": "msg", "id": "reason.past_danger", "params": {"char": self.r_who(c)}})
            return
        c.health = track_damage(before, n, 6)  # (the kernel's track, R-HEALTH-2)
        self.emit("damage", rule, "damage.char_from" if why else "damage.char",
                  {"char": self.r_who(c), "n": n, "why": {"t": "msg", "id": "cause." + why} if why else "",
                   "health": {"t": "health", "v": c.health}}, char=c.cid, n=n, health=c.health)
        if c.health == 6:
            self.emit("unconscious", "R-HEALTH-4", "health.unconscious", {"char": self.r_who(c)}, char=c.cid)
            if c.seat == self.s.active and self.s.phase in ("action", "reaction", "tension"):
                self.end_turn_early()  # R-TURN-8: the turn ends at once; end-of-turn hook still runs

    def recover(self, c: CharState, n: int, rule: str) -> None:
        """R-HEALTH-3: pos := max(1, pos - n); not on an unconscious character."""
        if c.health > 5 or n <= 0:
            return
        c.health = track_recover(c.health, n)
        self.emit("recover", rule, "health.recover", {"char": self.r_who(c), "n": n, "health": {"t": "health", "v": c.health}},
                  char=c.cid,
                  health=c.health)

    def damage_enemy(self, e: EnemyState, n: int, rule: str, by: str | None = None, fire_push: bool = False) -> bool:
        """Wound an enemy; returns True if it was killed and removed (R-ENEMY-2..4; bosses count
        down their health dial, R-BOSS-7). ``by``: the character that dealt the damage;
        ``fire_push``: the damage is the fire's it was pushed into (R-FIRE-3: the log says so)."""
        d = self.edef(e)
        hp = self.enemy_hp(e)
        e.wounds, killed = wound(e.wounds, n, hp)
        boss = self.is_boss(e)
        if killed:
            self.s.enemies.remove(e)
            self.emit("killed", "R-BOSS-7" if boss else "R-ENEMY-2", "enemy.killed.fire" if fire_push else "enemy.killed", {"enemy": self.r_who(e)}, enemy=e.uid, type=e.type,
                      pos=list(e.pos), boss=boss)
            if "stalker" in d.rules:  # R-STALK-8: gone for this scenario; supply drop
                self.s.core.stalker_killed = True
                if by is not None and "supply_drop" in d.rules:
                    self.push({"t": "draw_a", "cid": by, "rule": "R-STALK-8"})
            return True
        if boss:
            self.emit("wounded", "R-BOSS-7", "enemy.dial", {"enemy": self.r_who(e), "n": n, "a": hp - e.wounds, "b": hp},
                      enemy=e.uid, n=n, wounds=e.wounds, dial=hp - e.wounds)
            if self.enraged(e) and not self.s.core.enrage_told:
                self.s.core.enrage_told = True
                self.emit("enrage", "DV-6", "enemy.enraged", {"enemy": self.r_who(e), "n": 1}, enemy=e.uid)
        else:
            self.emit("wounded", "R-ENEMY-3", "enemy.wounded.fire" if fire_push else "enemy.wounded", {"enemy": self.r_who(e), "n": n, "a": e.wounds, "b": hp},
                      enemy=e.uid, n=n, wounds=e.wounds)
        return False

    def weapon_range_ok(self, w, src: Sq, dst: Sq) -> bool:
        dr = self.g.dR(src, dst)
        if dr == INF:
            return False
        if dr < w.min_range:
            return False
        return w.range is None or dr <= w.range

    def attack_options(self, c: CharState, fire: set[Sq], barrels: list | None = None) -> list[Action]:
        """R-ATK-2/3, R-ATK-8/9, R-RANGE, R-LOS: weapon x target x rapid-fire extras.

        (What does not depend on the weapon is worked out once per enemy and barrel: the boss's
        tile (R-BOSS-9), the region (R-COMP-13), the range distance; line of sight is asked at
        most once per square. Same answers and order as the rules as first written, see
        tests/test_speed_caches.py.) ``barrels``: the token index's barrels, when the caller has them."""
        out: list[Action] = []
        s = self.s
        cards = s.cards
        items = self._fx_items
        # the weapons that can fire now (R-ATK-9), in inventory order, and the farthest reach
        weapons = []
        reach = 0
        for slot in c.inventory:
            card = cards[slot[0]]
            w = items[card.defn].weapon
            if w is None:
                continue
            ammo = card.ammo if w.capacity is not None else None
            if dial_empty(w, ammo):
                continue  # R-ATK-9 (core.targets: explain.TARGET_CHECKS asks the same)
            weapons.append((slot[0], w, ammo))
            if reach is not None:
                reach = None if w.range is None else max(reach, w.range)
        if not weapons:
            return out
        pos = c.pos
        st_of = self.b.square_tile
        tiles = self.b.tiles
        here = st_of[pos]
        my_region = tiles[here].region
        edefs = self._fx_enemies
        # (uid, range distance, square) of each enemy that may be a target of some weapon
        cands = []
        near = None if reach is None else self.b.within(pos, reach)
        # (the target rules are core.targets' functions, which explain.TARGET_CHECKS asks too)
        for e in s.enemies:
            q = e.pos
            if near is not None and q not in near:
                continue  # out of every weapon's range (dr > reach)
            tq = st_of[q]
            if boss_out_of_reach(edefs[e.type], here, tq):
                continue  # R-BOSS-9
            if other_region(my_region, tiles[tq].region):
                continue  # R-COMP-13: no range across regions
            cands.append((e.uid, range_distance(pos, q), q))
        in_reach = []  # (uid, range distance, square) of each barrel that may be a target
        for uid, q in (self.token_index()["barrels"] if barrels is None else barrels):
            if near is not None and q not in near:
                continue  # out of every weapon's range (dr > reach), as for the enemies above
            if not other_region(my_region, tiles[st_of[q]].region):  # R-COMP-13: dR is infinite across regions
                in_reach.append((uid, range_distance(pos, q), q))
        if not cands and not in_reach:
            return out
        seen: dict[Sq, bool] = {}
        los = self.los
        jammed = None
        costs = None
        for item, w, ammo in weapons:
            if jammed is None:
                jammed = self.has_sustain("Jammed", c.cid)
            targets = []
            for uid, dr, q in cands:
                if range_problem(w, dr) is not None:
                    continue  # R-RANGE-2
                ok = seen.get(q)
                if ok is None:
                    ok = seen[q] = los(pos, q, fire)
                if ok:
                    targets.append(uid)
            for uid, dr, q in in_reach:  # R-BARREL-1: a barrel is attacked like an enemy, no extra dice
                if range_problem(w, dr) is not None:
                    continue  # R-RANGE-2
                ok = seen.get(q)
                if ok is None:
                    ok = seen[q] = los(pos, q, fire)
                if ok:
                    out.append(attack_action(item, uid, 0))
            rapid = w.rapid_fire and not jammed and ammo is not None
            if rapid and costs is None:  # (what one and two extra dice cost: the same for every target)
                costs = (self.rapid_cost(c, 1), self.rapid_cost(c, 2))
            for e in targets:
                out.append(attack_action(item, e, 0))
                if rapid:
                    for extra in (1, 2):
                        if ammo >= costs[extra - 1]:
                            out.append(attack_action(item, e, extra))
        return out

    def rapid_cost(self, c: CharState, extra: int) -> int:
        """Total ammo an attack with ``extra`` rapid-fire dice costs (R-ATK-8/9; Mateo's
        Steady Burst, DV-8)."""
        if self._fx_chars[c.cid].special == "steady_burst":  # (self.cdef(c), inline)
            return 1 + max(0, extra - 1)
        return 1 + extra

    @action("attack")
    def do_attack(self, c: CharState, a: Action) -> None:
        s = self.s
        tok = s.token(a.target)
        if tok is not None and tok.kind == "barrel":
            self.attack_barrel(c, a, tok)
            return
        e = s.enemy(a.target)
        if e is None:
            return
        card = s.cards[a.item]
        d = self.idef(a.item)
        w = d.weapon
        extra = a.n or 0
        if w.capacity is not None:
            cost = self.rapid_cost(c, extra)
            card.ammo = max(0, (card.ammo or 0) - cost)  # R-ATK-2 step 2
        dice = attack_dice(w, extra)  # R-ATK-2 step 3, R-ATK-8: extra dice always blue
        faces = self.roll(dice)
        best = max(faces, key=lambda f: f.rank)
        hit = best.rank >= Face.HIT.rank  # R-ATK-2 step 4
        row = {Face.HIT: w.hit, Face.HIT_PLUS: w.hit_plus, Face.CRIT: w.crit}.get(best)
        self.emit("attack", "R-ATK-2", "attack.rapid" if extra else "attack.roll",
                  {"char": self.r_who(c), "enemy": self.r_who(e), "weapon": self.r_item(a.item), "n": extra,
                   "faces": {"t": "faces", "v": [f._value_ for f in faces]}, "result": self.r_meaning(row if hit else None)},
                  char=c.cid, enemy=e.uid, weapon=a.item, dice=dice, faces=[f._value_ for f in faces], best=best._value_,
                  hit=hit, ammo=card.ammo, target_pos=list(e.pos))
        same_square = e.pos == c.pos
        hit_uids: list[str] = []
        tasks: list[dict] = []
        if hit:
            affected = [e] + ([x for x in self.enemies_at(e.pos) if x is not e] if row.burst else [])  # R-ATK-5
            hit_uids = [x.uid for x in affected]
            survivors = []
            for x in affected:  # R-ATK-7: damage, removal, then pushes
                dmg = row.damage
                if dmg and "soft_underbelly" in self.edef(x).rules and any(f == Face.CRIT for f in faces):
                    dmg += 1  # DV-6 Soft Underbelly
                    self.emit("special", "DV-6", "attack.soft_underbelly", {"n": 1})
                if dmg and self.damage_enemy(x, dmg, "R-ATK-6", by=c.cid):
                    continue
                survivors.append(x)
            if row.push:
                for x in survivors:
                    if self.is_boss(x):
                        continue  # R-BOSS-4, R-ATK-11: a push on a boss is ignored
                    tasks.append({"t": "push_enemy", "enemy": x.uid, "seat": c.seat, "rule": "R-ATK-7"})
            if best == Face.CRIT and w.special == "reload_on_crit" and w.capacity:  # DV-9 ✦
                card.ammo = min(w.capacity, (card.ammo or 0) + 1)
                self.emit("special", "R-ATK-6", "attack.crit_reload", {"item": self.r_item(a.item), "n": card.ammo})
            if best == Face.CRIT and w.special == "splash_on_crit":
                tasks.append({"t": "splash", "pos": list(e.pos), "exclude": e.uid})
        elif same_square and s.enemy(e.uid):  # R-OOS-5: failed attack in the same square
            tasks.append({"t": "enemy_attack", "enemy": e.uid, "target": c.cid, "extra": 0, "profile": "basic",
                          "unavoidable": True, "rule": "R-OOS-5"})
        # R-OOS-2 after the retaliation (R-ACT-4), but the enemies that stay are those in the
        # attacker's square now, when the attack resolves: one pushed out by R-EATK-7 in the
        # meantime does not walk straight back in (issue 8 ruling)
        stay = [x.uid for x in self.enemies_at(c.pos)]
        tasks.append({"t": "oos_moves", "hit": hit_uids, "stay": stay})
        self.push(*tasks)

    def attack_barrel(self, c: CharState, a: Action, tok: TokenState) -> None:
        """R-BARREL-1..5: automatic hit, blast 3 in the square and 1 next to it, chain reaction."""
        card = self.s.cards[a.item]
        w = self.idef(a.item).weapon
        if w.capacity is not None:
            card.ammo = max(0, (card.ammo or 0) - 1)
        self.emit("attack", "R-BARREL-1", "attack.barrel", {"char": self.r_who(c)}, char=c.cid,
                  barrel=tok.uid, weapon=a.item, dice=[], faces=[], hit=True, ammo=card.ammo, target_pos=list(tok.pos))
        hit: list[str] = []
        todo = [tok.uid]
        while todo:
            b = self.s.token(todo.pop(0))
            if b is None:
                continue
            hit += self.explode(b)
            around = set(self.g.neighbours(b.pos)) | {b.pos}
            for other in self.s.tokens:  # R-BARREL-3
                if other.kind == "barrel" and other.pos in around and other.uid not in todo:
                    todo.append(other.uid)
        self.push({"t": "oos_moves", "hit": hit})  # R-BARREL-5

    def explode(self, b: TokenState) -> list[str]:
        self.s.tokens.remove(b)
        self.emit("explosion", "R-BARREL-2", "barrel.explodes", {"square": self.r_sq(b.pos)}, pos=list(b.pos))
        hit = []
        blast = [(b.pos, 3)] + [(q, 1) for q in self.g.neighbours(b.pos)]
        for q, n in blast:
            for ch in self.chars_at(q):
                self.damage_char(ch, n, "R-BARREL-2", "blast")
            for e in list(self.enemies_at(q)):
                hit.append(e.uid)
                self.damage_enemy(e, n, "R-BARREL-2", by=self.s.active_char.cid)
        return hit

    @task("splash")
    def t_splash(self, task: dict) -> None:
        others = [x for x in self.enemies_at(T(task["pos"])) if x.uid != task["exclude"]]
        if not others:
            return
        self.ask("splash", self.s.active, "ask.splash",
                 [make_action("pick", target=x.uid) for x in others], {})

    @decision("splash")
    def d_splash(self, ctx: dict, a: Action) -> None:
        e = self.s.enemy(a.target)
        if e:
            self.damage_enemy(e, 2, "R-ATK-6", by=self.s.active_char.cid)

    @task("push_enemy")
    def t_push_enemy(self, task: dict) -> None:
        """R-ATK-7 / R-EATK-7: optional push of an enemy to a connected-adjacent square with room."""
        e = self.s.enemy(task["enemy"])
        if e is None or self.is_boss(e):  # R-BOSS-4
            return
        units = self.edef(e).base.units
        used, b = self.occupancy()["units"], self.b  # (self.room(n, units) per square, inline: R-COMP-8)
        opts = [target_to_action("push", e.uid, n) for n in self.g.neighbours(e.pos) if has_room(b, used, n, units)]
        if not opts:
            return
        opts.append(make_action("decline"))
        mid, params = self.push_enemy_prompt(e, task)
        self.wait(kind="push_enemy", seat=task["seat"], prompt=mid, options=opts, ctx=self.push_enemy_ctx(task),
                  params=params)

    def push_enemy_prompt(self, e: EnemyState, task: dict) -> tuple[str, dict]:
        """The question of an enemy push (R-ATK-7 / R-EATK-7) as (message id, parameters); a mode may
        word a further step."""
        return "ask.push_enemy", {"enemy": self.r_who(e)}

    def push_enemy_ctx(self, task: dict) -> dict:
        """What the push decision keeps (saves hold it): the rule; a mode may keep more (the
        mansion's Heavyweight keeps who pushes and which step it is, MDV-1)."""
        return {"rule": task["rule"]}

    @decision("push_enemy")
    def d_push_enemy(self, ctx: dict, a: Action) -> None:
        if a.kind == "decline":
            return
        e = self.s.enemy(a.target)
        frm = e.pos
        self.move_model(e, a.to)
        self.emit("push", ctx["rule"], self.within("push.enemy", frm, a.to), {"enemy": self.r_who(e), "square": self.r_sq(a.to)}, enemy=e.uid,
                  frm=list(frm), to=list(a.to))
        if a.to in self.fire():  # R-FIRE-3
            self.damage_enemy(e, 1, "R-FIRE-3", fire_push=True)

    def profile(self, e: EnemyState, which: str) -> AttackDef:
        d = self._fx_enemies[e.type]  # (self.edef(e), inline)
        if which in d.attacks:  # a boss attack by name (DV-6)
            return d.attacks[which]
        if which == "special" and d.special is not None:
            return d.special
        return d.basic

    def evade_tier(self, e: EnemyState, c: CharState, att: AttackDef, extra: int) -> tuple[int, int]:
        """(difficulty 1..3, extra enemies counted) of an evade by ``c`` against attack ``att`` of ``e``
        with ``extra`` other enemies that could attack: the base's tier plus one per extra enemy
        (R-EVADE-2/3, DV-2), at most 3 (R-EVADE-4); a listed difficulty instead for a boss's attack
        (R-EVADE-6), +1 while enraged (DV-6); Steel Nerves counts no extra enemy (DV-8, R-EVADE-7)."""
        if self.cdef(c).special == "steel_nerves":
            extra = 0  # DV-8 Steel Nerves
        if att.evade:  # R-EVADE-6: a boss's listed difficulty
            tier = min(3, att.evade + (1 if self.enraged(e) else 0))  # DV-6 Enrage
        else:
            tier = min(3, self.edef(e).base.evade_tier + extra)  # R-EVADE-2..4
        return tier, extra

    @task("enemy_attack", pure=True)
    def t_enemy_attack(self, task: dict) -> None:
        s = self.s
        e = s.enemy(task["enemy"])
        c = s.char(task["target"])
        if e is None or not c.conscious:
            return
        att = self.profile(e, task["profile"])
        d = self.edef(e)
        attacker = {"t": "msg", "id": "attacker.named", "params": {"enemy": self.r_who(e), "attack": {"t": "text", "v": att.name}}} \
            if task["profile"] != "basic" else {"t": "msg", "id": "attacker.plain", "params": {"enemy": self.r_who(e)}}
        if task.get("unavoidable"):  # R-EATK-9
            self.emit("enemy_attack", task["rule"], "attack.unavoidable", {"attacker": attacker, "char": self.r_who(c)},
                      enemy=e.uid, char=c.cid, unavoidable=True, frm=list(e.pos), to=list(c.pos))
            self.push({**task, "t": "attack_result", "hit": True})
            return
        cdef = self.cdef(c)
        tier, extra = self.evade_tier(e, c, att, int(task["extra"]))
        faces = self.roll(["blue"] * cdef.evade_dice)  # R-EVADE-1
        ok = any(face_meets_tier(f, tier) for f in faces)
        if att.evade:  # bosses list their own difficulty (R-BOSS-13, R-EVADE-6)
            why = {"t": "msg", "id": "evade.listed_enraged" if tier > att.evade else "evade.listed",
                   "params": {"tier": tier, "n": 1}}
            rule = "R-BOSS-14" if att.sweep else "R-BOSS-13"
        else:
            why = {"t": "msg", "id": "evade.base_extra" if extra else "evade.base",
                   "params": {"tier": tier, "size": {"t": "msg", "id": "base." + d.base.value}, "n": extra}}
            rule = "R-EVADE-1"
        self.emit("evade", rule, "evade.roll", {"attacker": attacker, "char": self.r_who(c), "why": why,
                                                "faces": {"t": "faces", "v": [f._value_ for f in faces]},
                                                "result": {"t": "msg", "id": "evade.ok" if ok else "evade.hit"}},
                  enemy=e.uid, char=c.cid, tier=tier, extra=extra,
                  faces=[f._value_ for f in faces], success=ok, frm=list(e.pos), to=list(c.pos), attack=att.name,
                  sweep=att.sweep)
        if not ok and cdef.special == "quick_reflexes" and not s.core.reroll_used:
            opts = [make_action("reroll", n=i) for i, f in enumerate(faces)] + [make_action("decline")]
            self.wait(kind="reroll", seat=c.seat,
                      prompt="ask.reroll", options=opts, ctx={"task": task, "faces": [f._value_ for f in faces], "tier": tier},
                      params={"char": self.r_who(c)})
            return
        self.push({**task, "t": "attack_result", "hit": not ok})

    @decision("reroll")
    def d_reroll(self, ctx: dict, a: Action) -> None:
        task = ctx["task"]
        if a.kind == "decline":
            self.push({**task, "t": "attack_result", "hit": True})
            return
        self.s.core.reroll_used = True
        faces = [Face(f) for f in ctx["faces"]]
        new = self.roll(["blue"])[0]
        old = faces[a.n]
        faces[a.n] = new
        ok = any(face_meets_tier(f, ctx["tier"]) for f in faces)
        self.emit("reroll", "DV-8", "evade.reroll_ok" if ok else "evade.reroll_hit",
                  {"old": {"t": "faces", "v": [old.value]}, "new": {"t": "faces", "v": [new.value]}}, faces=[f._value_ for f in faces], success=ok,
                  char=task["target"], die=a.n)
        self.push({**task, "t": "attack_result", "hit": not ok})

    @task("attack_result")
    def t_attack_result(self, task: dict) -> None:
        """R-EATK-5: Damage → Poison → Stun → Push → Charge → push-back."""
        s = self.s
        e = s.enemy(task["enemy"])
        c = s.char(task["target"])
        if e is None:
            return
        att = self.profile(e, task["profile"])
        tasks: list[dict] = []
        if task["hit"] and self.is_boss(e):
            task = {**task, "cancel": False}
        if task["hit"]:
            if task.get("cancel"):
                s.core.cancel = True  # R-OOS-3: the action does not resolve
            was_active = c.seat == s.active
            dmg = att.damage + int(task.get("dmg_bonus", 0))
            if dmg:
                self.damage_char(c, dmg, "R-EATK-3")
            if s.core.fail:
                return
            if att.poison and c.conscious and not c.poisoned:
                c.poisoned = True
                self.emit("poison", "R-POISON-1", "health.poisoned", {"char": self.r_who(c)}, char=c.cid)
            if att.stun and c.conscious:
                self.stun(c)
            if c.conscious and att.push:
                tasks.append({"t": "push_char", "cid": c.cid, "rule": "R-EATK-3"})
            if att.charge:
                tasks.append({"t": "boss_charge" if self.is_boss(e) else "charge", "enemy": e.uid, "cid": c.cid})
            if c.conscious:
                tasks.append({"t": "pushback", "enemy": e.uid, "cid": c.cid})
            if was_active and not c.conscious:
                # R-TURN-8 already cleared the queue and scheduled turn_end; charge still happens
                # (R-EATK-5), a boss's as R-BOSS-20 (into the square, shoving the fallen target)
                if att.charge:
                    self.push({"t": "boss_charge" if self.is_boss(e) else "charge", "enemy": e.uid, "cid": c.cid})
                return
        else:
            if att.charge:  # R-EATK-6: charge whether or not the evade succeeded
                tasks.append({"t": "boss_charge" if self.is_boss(e) else "charge", "enemy": e.uid, "cid": c.cid})
        self.push(*tasks)

    def stun(self, c: CharState) -> None:
        """R-BOSS-15: unconscious at once; solo: to Danger unless already there (R-SOLO-6)."""
        if self.solo() and c.health < 5:
            c.health = 5
            self.emit("stun", "R-SOLO-6", "health.stunned_solo", {"char": self.r_who(c)}, char=c.cid, health=5)
            return
        self.emit("stun", "R-BOSS-15", "health.stunned", {"char": self.r_who(c)}, char=c.cid)
        self.damage_char(c, 6 - c.health, "R-BOSS-15")

    @task("push_char")
    def t_push_char(self, task: dict) -> None:
        c = self.s.char(task["cid"])
        if not c.conscious:
            return
        opts = [make_action("push", target=c.cid, to=n) for n in self.g.neighbours(c.pos) if self.room(n, 1)
                and self.may_leave_to(c, n)]
        if not opts:
            self.emit("push", task["rule"], "push.no_room", {"char": self.r_who(c)})
            return
        self.ask("push_char", c.seat, "ask.push_char", opts, {"rule": task["rule"]}, {"char": self.r_who(c)})

    @decision("push_char")
    def d_push_char(self, ctx: dict, a: Action) -> None:
        c = self.s.char(a.target)
        frm = c.pos
        c.pos = a.to
        self.emit("push", ctx["rule"], self.within("push.char", frm, a.to), {"char": self.r_who(c), "square": self.r_sq(a.to)},
                  char=c.cid, frm=list(frm), to=list(a.to))
        if a.to in self.fire():
            self.damage_char(c, 1, "R-FIRE-3", "fire")
        self.on_enter(c)

    @task("charge")
    def t_charge(self, task: dict) -> None:
        """R-EATK-3/6: the enemy moves into the target's square, or next to it."""
        e = self.s.enemy(task["enemy"])
        c = self.s.char(task["cid"])
        if e is None or c.pos is None or e.pos == c.pos:
            return
        units = self.edef(e).base.units
        if self.room(c.pos, units):
            self._place_enemy(e, c.pos, "R-EATK-3", "charges")
            return
        opts = [make_action("place", target=e.uid, to=n) for n in self.g.neighbours(c.pos) if self.room(n, units)]
        if not opts:
            return
        self.ask("charge_place", self.s.active, "ask.charge_place", opts, {}, {"enemy": self.r_who(e), "char": self.r_who(c)})

    @decision("charge_place")
    def d_charge_place(self, ctx: dict, a: Action) -> None:
        e = self.s.enemy(a.target)
        if self.is_boss(e):  # R-BOSS-20: a boss crashes in, shoving the occupants (R-BOSS-5)
            self.boss_enter(e, a.to, "R-BOSS-20", damage=0)
            return
        self._place_enemy(e, a.to, "R-EATK-6", "charges")

    def _place_enemy(self, e: EnemyState, to: Sq, rule: str, verb: str) -> None:
        frm = e.pos
        e.pos = to
        self.emit("enemy_move", rule, self.within("emove.charges", frm, to), {"enemy": self.r_who(e), "square": self.r_sq(to)},
                  enemy=e.uid, frm=list(frm),
                  to=list(to))

    @task("pushback")
    def t_pushback(self, task: dict) -> None:
        """R-EATK-7: the hit character may push the attacker out of its square."""
        e = self.s.enemy(task["enemy"])
        c = self.s.char(task["cid"])
        if e is None or not c.conscious:
            return
        if self.brief.easy:  # R-EASY-5 / R-EATK-8: every enemy in the square may be pushed
            others = [x for x in self.enemies_at(c.pos) if not self.is_boss(x)]
            self.push(*[{"t": "push_enemy", "enemy": x.uid, "seat": c.seat, "rule": "R-EASY-5"} for x in others])
            return
        if e.pos != c.pos or self.is_boss(e):
            return
        self.push({"t": "push_enemy", "enemy": e.uid, "seat": c.seat, "rule": "R-EATK-7"})
