"""Part B of the dungeon (combat, enemy behaviour, damage and treasure, items and market, skill
checks, keywords): the ``Fight`` mixin of ``DungeonRun`` (helper ``dfight``).

It overrides the hooks of :mod:`game.engine.dungeon.hooks` and registers part B's action kinds;
the rules themselves are the pure functions of :mod:`.combat` (D-COMBAT), :mod:`.behaviour`
(D-ENEMY-9..25), :mod:`.skills` (D-SKILL) and :mod:`.items` (D-ITEM), called here with the
state's numbers. The minor actions (abilities, market, items; D-ACT-3..7) are the
:class:`~.minors.Minors` mixin in :mod:`.minors`. Every event carries a message id and typed parameters (the catalogues word it).

Action kinds (payload fields):

- ``dattack`` (seat, how, target): an Attack action (D-ACT-1), ``how`` ``"melee"``/``"ranged"``
  against enemy uid ``target`` (D-COMBAT-8..11);
- ``dassign`` (seat, n, target): a barrage hit die ``n`` of the roll given to ``target``
  (D-KEY-14/15; a decision after the roll);
- minor actions (D-ACT-3, every window, D-ACT-5): ``dsurge`` (seat, target) Battle Surge;
  ``dfleet`` (seat, to) Fleetfoot; ``dmend`` (seat, other) Mending Rite; ``dspark`` (seat, target,
  target2) Chain Spark; ``dbuy`` (seat, item) buy a market card (D-ITEM-1); ``duse`` (seat, item,
  target, at) use an item (16.4);
- ``dreroll`` (seat, n): Lucky Knucklebone on die ``n`` of the roll just made (``n`` = -1 keeps
  it; a decision after a hero's attack roll or skill check).
"""
from __future__ import annotations

from typing import Any

from ..actions import Action, action_payload, make_typed
from ..board import Sq
from ..machine import action, decision, task
from . import behaviour as B
from . import combat as C
from .defs import Terrain
from .hooks import FightHooks
from .items import effect_of, permanent_bonus
from .minors import BUY, FLEET, MEND, SPARK, SURGE, USE, Minors
from .skills import judge

ATTACK, ASSIGN, REROLL = "dattack", "dassign", "dreroll"
action_payload(ATTACK, seat=int, how=str, target=str)
action_payload(ASSIGN, seat=int, n=int, target=str)
action_payload(REROLL, seat=int, n=int)

#: per-turn bonuses (hero.temp) part B sets: Whetstone, Grapnel Line (16.4)
TEMP = ("whetstone", "grapnel")


def _how(kind: str) -> dict:
    return {"t": "msg", "id": f"dungeon.how.{kind}", "params": {}}


class Fight(Minors, FightHooks):
    """Part B's handlers and overrides of :class:`~game.engine.dungeon.hooks.FightHooks` (the minor
    actions' in :class:`~.minors.Minors`)."""

    MINOR_KINDS = (SURGE, FLEET, MEND, SPARK, BUY, USE)
    ATTACK_KINDS = (ATTACK,)

    # ================================================================== reading the table
    def item_def(self, uid: str) -> Any:
        """The item card (16.4) of item uid ``uid`` (``item_defs``, else the ``i<set>-<id>`` form
        part A's set-up gives it). Raises KeyError naming the uid."""
        iid = self.d.item_defs.get(uid) or uid.partition("-")[2]  # type: ignore[attr-defined]
        try:
            return self.pack.items[iid]  # type: ignore[attr-defined]
        except KeyError:
            raise KeyError(f"item {uid!r} is no item card") from None

    def ground(self) -> B.Ground:
        """The map as figures move and look over it (:class:`~.behaviour.Ground`)."""
        lay = self.lay  # type: ignore[attr-defined]
        water = frozenset(q for q, t in lay.terrain.items() if t is Terrain.WATER)
        pits = frozenset(q for q, t in lay.terrain.items() if t is Terrain.PIT)
        return B.Ground(lay.board, self.geo(), water, pits)  # type: ignore[attr-defined]

    def hero_figs(self) -> list[B.HeroFig]:
        return [B.HeroFig(h.seat, tuple(h.pos), h.life, h.energy, h.treasure) for h in self.d.living()]  # type: ignore[attr-defined]

    def foe_fig(self, e: Any) -> B.FoeFig:
        return B.FoeFig(e.uid, tuple(e.pos), self.enemy_type(e), e.life, e.spawn, e.alerted)  # type: ignore[attr-defined]

    def enemy_at(self, sq: Sq) -> Any:
        return next((e for e in self.d.enemies if tuple(e.pos) == tuple(sq)), None)  # type: ignore[attr-defined]

    def cards_at(self, sq: Sq) -> set[int]:
        """The placed cards a square belongs to (a junction: both, D-MAP-5)."""
        return set(self.lay.cards_of.get(tuple(sq), ()))  # type: ignore[attr-defined]

    def adjacent_cards(self, ks: set[int]) -> set[int]:
        """D-MAP-5: ``ks`` and the cards joined to one of them by a junction."""
        lay = self.lay  # type: ignore[attr-defined]
        out = set(ks)
        for j in lay.junctions:
            cs = set(lay.cards_of.get(j, ()))
            if cs & ks:
                out |= cs
        return out

    # ================================================================== hooks: numbers
    def speed_bonus(self, hero: Any) -> int:
        """D-MOVE-3: +1 per Striders' Boots held (D-ITEM-6)."""
        return permanent_bonus([self.item_def(u) for u in hero.items], "speed")

    def defence_bonus(self, hero: Any) -> int:
        """D-COMBAT-13 [design]: +1 per Warding Amulet held (D-ITEM-6)."""
        return permanent_bonus([self.item_def(u) for u in hero.items], "defence")

    # ================================================================== Attack actions (D-COMBAT)
    def targets_of(self, h: Any, how: str) -> list[Any]:
        """The enemies ``h`` may attack with ``how`` now: melee orthogonally adjacent (diagonal too
        with ``reach``, D-COMBAT-8, D-KEY-1/2); ranged exactly 2 squares in a straight line with LOS
        (D-COMBAT-9/10), enemies other than the target blocking; none without ranged dice
        (D-COMBAT-11). Only living figures of the other side (D-COMBAT-16)."""
        st = self.hero_stats(h)  # type: ignore[attr-defined]
        if h.dead or h.pos is None:
            return []
        board = self.lay.board  # type: ignore[attr-defined]
        out = []
        for e in self.d.enemies:  # type: ignore[attr-defined]
            if how == C.MELEE:
                if st.melee[0] > 0 and C.melee_reaches(board, tuple(h.pos), tuple(e.pos), "reach" in st.keywords):
                    out.append(e)
            elif st.ranged[0] > 0 and C.ranged_offset_ok(tuple(h.pos), tuple(e.pos)) \
                    and self.sight(tuple(h.pos), tuple(e.pos), "hero"):  # type: ignore[attr-defined]
                out.append(e)
        return out

    def attack_options(self, hero: Any) -> list[Action]:
        """D-ACT-1, D-COMBAT-8..11, 16: one ``dattack`` per attack type and legal target."""
        return [make_typed(ATTACK, seat=hero.seat, how=how, target=e.uid)
                for how in C.ATTACK_KINDS for e in self.targets_of(hero, how)]

    def do_attack(self, hero: Any, a: Action) -> None:
        """D-COMBAT-15 for an Attack action: roll, energy (D-COMBAT-6, D-KEY-16/17), hits."""
        target = self.d.enemy(a.target)  # type: ignore[attr-defined]
        if target is None or target not in self.targets_of(hero, a.how):
            raise ValueError(f"hero {hero.uid} cannot {a.how}-attack {a.target} (D-COMBAT-8..11)")
        self.hero_attack(hero, a.how, target, source="action")

    def hero_attack(self, h: Any, how: str, target: Any, *, source: str, dice: int | None = None,
                    mod: int | None = None, keywords: tuple[str, ...] | None = None, rule: str = "D-COMBAT-1") -> None:
        """One attack by hero ``h`` on enemy ``target`` (D-COMBAT-15): ``source`` ``"action"``
        (energy, D-COMBAT-6), ``"ability"`` or ``"item"`` (none, D-COMBAT-7). ``dice``/``mod``/
        ``keywords`` default to the equipment's for ``how`` (D-COMBAT-1/2); a Whetstone adds +1 to
        each die of a melee attack and is spent (D-COMBAT-3)."""
        st = self.hero_stats(h)  # type: ignore[attr-defined]
        n_dice, m = st.melee if how == C.MELEE else st.ranged
        dice = n_dice if dice is None else dice
        mod = m if mod is None else mod
        kw = tuple(st.keywords) if keywords is None else tuple(keywords)
        if how == C.MELEE and h.temp.get("whetstone"):  # D-COMBAT-3, 16.4 I-08
            mod += h.temp.pop("whetstone")
        faces = self.roll(dice)  # type: ignore[attr-defined]
        ctx = {"hero": h.uid, "how": how, "target": target.uid, "faces": faces, "mod": mod, "kw": list(kw),
               "source": source, "rule": rule, "assigned": []}
        self.after_hero_roll(h, ctx)

    def after_hero_roll(self, h: Any, ctx: dict) -> None:
        """D-COMBAT-15 steps 3-9 after the dice: Lucky Knucklebone (16.4 I-10), the roll's event,
        energy, barrage targets (D-KEY-14/15), then the hits on each target."""
        if not ctx.get("rerolled") and self.knucklebone(h) is not None:
            ctx["rerolled"] = True
            opts = [make_typed(REROLL, seat=h.seat, n=i) for i in range(len(ctx["faces"]))]
            self.ask(REROLL, h.seat, "dungeon.prompt.reroll", opts + [make_typed(REROLL, seat=h.seat, n=-1)],  # type: ignore[attr-defined]
                     {"then": "attack", **ctx}, {"hero": self.hero_ref(h), "faces": _dice(ctx["faces"])})  # type: ignore[attr-defined]
            return
        target = self.d.enemy(ctx["target"])  # type: ignore[attr-defined]
        self.alert(target, "D-ENEMY-11")  # D-ENEMY-11 (b): a hero attacks it, hit or miss
        roll = C.AttackRoll(tuple(ctx["faces"]), ctx["mod"], by_hero=True)
        self.emit("attack_roll", ctx["rule"], "dungeon.attack_roll",  # type: ignore[attr-defined]
                  {"who": self.hero_ref(h), "target": self.enemy_ref(target), "how": _how(ctx["how"]),  # type: ignore[attr-defined]
                   "faces": _dice(roll.naturals), "mod": roll.modifier, "hits": roll.hits, "n": roll.criticals},
                  hero=h.uid, target=target.uid, how=ctx["how"], faces=list(roll.naturals), mod=roll.modifier,
                  hits=roll.hits, criticals=roll.criticals, source=ctx["source"])
        kw = set(ctx["kw"])
        hit_dice = list(roll.hit_dice)
        if "barrage" in kw and hit_dice:  # D-KEY-14/15: targets assigned after the roll
            legal = [e.uid for e in self.targets_of(h, ctx["how"])] if ctx["source"] != "item" else [target.uid]
            if target.uid not in legal:
                legal.insert(0, target.uid)
            if len(legal) > 1:
                ctx["legal"], ctx["hit_dice"] = legal, hit_dice
                self.ask_barrage(h, ctx)
                return
        self.hits_on_enemies(h, ctx, [(ctx["target"], i) for i in hit_dice])

    def ask_barrage(self, h: Any, ctx: dict) -> None:
        """D-KEY-15: the hero gives the next hit die of the roll a legal target."""
        die = ctx["hit_dice"][len(ctx["assigned"])]
        live = [u for u in ctx["legal"] if self.d.enemy(u) is not None]  # type: ignore[attr-defined]
        opts = [make_typed(ASSIGN, seat=h.seat, n=die, target=u) for u in live]
        self.ask(ASSIGN, h.seat, "dungeon.prompt.assign", opts, ctx,  # type: ignore[attr-defined]
                 {"hero": self.hero_ref(h), "face": ctx["faces"][die]})  # type: ignore[attr-defined]

    @decision(ASSIGN)
    def d_assign(self, ctx: dict, a: Action) -> None:
        """D-KEY-15: a barrage hit die assigned; when all are, the hits are resolved per target."""
        h = self.d.hero(ctx["hero"])  # type: ignore[attr-defined]
        ctx = {**ctx, "assigned": ctx["assigned"] + [[a.target, a.n]]}
        if len(ctx["assigned"]) < len(ctx["hit_dice"]):
            self.ask_barrage(h, ctx)
            return
        self.hits_on_enemies(h, ctx, [(u, i) for u, i in ctx["assigned"]])

    def hits_on_enemies(self, h: Any, ctx: dict, hits: list[tuple[str, int]]) -> None:
        """D-COMBAT-15 steps 6-9 for hits ``(enemy uid, die index)``: per target in the order
        first named, its criticals then one defence die per other hit (D-COMBAT-4/13, D-KEY-3/4/7),
        defeat and treasure (D-ENEMY-22..25), stun (D-KEY-5/6) and ritual (D-KEY-12/13)."""
        roll = C.AttackRoll(tuple(ctx["faces"]), ctx["mod"], by_hero=True)
        kw = set(ctx["kw"])
        order: list[str] = []
        for u, _i in hits:
            if u not in order:
                order.append(u)
        if ctx["source"] == "action":  # D-COMBAT-6/7, D-KEY-16/17 (every target known: after barrage)
            heavy = "heavy" in kw or any("heavy" in self.enemy_type(e).keywords  # type: ignore[attr-defined]
                                         for e in (self.d.enemy(u) for u in order or [ctx["target"]]) if e is not None)  # type: ignore[attr-defined]
            got = self.gain(h, "energy", C.energy_for(roll.hits, from_action=True, heavy=heavy))  # type: ignore[attr-defined]
            if got:
                self.emit("energy", "D-COMBAT-6", "dungeon.energy_gain", {"hero": self.hero_ref(h), "n": got},  # type: ignore[attr-defined]
                          hero=h.uid, n=got)
        for u in order:
            e = self.d.enemy(u)  # type: ignore[attr-defined]
            if e is None:
                continue
            mine = [i for v, i in hits if v == u]
            crits = sum(1 for i in mine if roll.is_critical(i))
            self.alert(e, "D-ENEMY-11")  # D-ENEMY-11 (b): a hero attacks it
            self.hits_on_enemy(h, e, len(mine), crits, kw, ctx["rule"])

    def hits_on_enemy(self, h: Any, e: Any, hits: int, crits: int, kw: set[str], rule: str) -> None:
        """``hits`` hits (``crits`` of them criticals) of hero ``h`` on enemy ``e``."""
        et = self.enemy_type(e)  # type: ignore[attr-defined]
        out = C.resolve_hits(self.s.rng, C.Target(e.life, et.defence), hits, crits,  # type: ignore[attr-defined]
                             crush="crush" in kw, pierce="pierce" in kw)
        for st in out.steps:
            if st.critical:
                self.emit("critical", "D-COMBAT-4", "dungeon.critical", {"target": self.enemy_ref(e), "n": st.damage},  # type: ignore[attr-defined]
                          target=e.uid, damage=st.damage)
            else:
                self.emit("enemy_defence", "D-COMBAT-13", "dungeon.enemy_defence",  # type: ignore[attr-defined]
                          {"enemy": self.enemy_ref(e), "face": st.natural, "total": st.total,  # type: ignore[attr-defined]
                           "blocked": _yes(st.blocked), "n": st.damage},
                          enemy=e.uid, face=st.natural, total=st.total, blocked=st.blocked, damage=st.damage)
        self.damage_enemy(e, out.damage, h, rule, stun="stun" in kw)

    # ================================================================== damage (D-ENEMY-22..25)
    def damage_enemy(self, e: Any, n: int, by: Any, rule: str, *, stun: bool = False, treasure: bool = True) -> None:
        """``n`` damage to enemy ``e`` (D-COMBAT-14: its pips fall by n). At 0 or less it is
        defeated (D-ENEMY-22/23): removed, and ``by`` (the hero whose attack, item or ability did
        it; None for a pit) rolls its die for treasure (D-ENEMY-24/25) unless ``treasure`` is False.
        Then ``stun`` (D-KEY-5: at least 1 damage, red immune) and ``ritual`` (D-KEY-12/13) apply
        (D-COMBAT-15 step 9). Damage by a hero alerts it and its group (D-ENEMY-11 b/c)."""
        if n <= 0:
            return
        if by is not None:
            self.alert(e, "D-ENEMY-11")
        e.life -= n
        self.emit("enemy_damage", rule, "dungeon.enemy_damage", {"enemy": self.enemy_ref(e), "n": n},  # type: ignore[attr-defined]
                  enemy=e.uid, n=n, life=max(0, e.life))
        cards = self.cards_at(e.pos)
        et = self.enemy_type(e)  # type: ignore[attr-defined]
        if e.life <= 0:  # D-ENEMY-22/23
            self.d.enemies.remove(e)  # type: ignore[attr-defined]
            self.emit("enemy_defeated", "D-ENEMY-22", "dungeon.enemy_defeated", {"enemy": self.enemy_ref(e)},  # type: ignore[attr-defined]
                      enemy=e.uid, by=by.uid if by is not None else None)
            if by is not None and treasure and not by.dead:  # D-ENEMY-24/25
                face, pips = B.treasure_roll(self.s.rng, self.pack.dice, e.colour)  # type: ignore[attr-defined]
                got = self.gain(by, "treasure", pips)  # type: ignore[attr-defined]
                self.emit("treasure", "D-ENEMY-24", "dungeon.treasure",  # type: ignore[attr-defined]
                          {"hero": self.hero_ref(by), "colour": {"t": "msg", "id": f"dungeon.colour.{e.colour}", "params": {}},
                           "face": face, "n": got},  # type: ignore[attr-defined]
                          hero=by.uid, colour=e.colour, face=face, n=got)
        elif stun and e.colour != "red" and not e.stunned:  # D-KEY-5/6
            e.stunned = True
            self.emit("stunned", "D-KEY-5", "dungeon.stunned", {"who": self.enemy_ref(e)}, enemy=e.uid)  # type: ignore[attr-defined]
        if "ritual" in et.keywords:
            self.ritual(e, cards)

    def ritual(self, source: Any, cards: set[int]) -> None:
        """D-KEY-12/13: after damage to a ritual enemy, the weakest living enemy on its card (a
        junction counts for both) below its maximum life regains 1; itself included and first
        on a tie, then spawn order; a defeated source is no candidate, the ritual still fires."""
        cands = [e for e in self.d.enemies  # type: ignore[attr-defined]
                 if e.life < e.max_life and self.cards_at(e.pos) & cards]
        if not cands:
            return
        best = min(cands, key=lambda e: (e.life, e is not source, e.spawn))
        best.life += 1
        self.emit("ritual", "D-KEY-12", "dungeon.ritual", {"enemy": self.enemy_ref(best), "source": self.enemy_ref(source)},  # type: ignore[attr-defined]
                  enemy=best.uid, source=source.uid, life=best.life)

    def alert(self, e: Any, rule: str) -> None:
        """D-ENEMY-11: ``e`` is alerted for good, and so is every enemy its encounter placed (c)."""
        for o in self.d.enemies:  # type: ignore[attr-defined]
            if (o is e or (e.group and o.group == e.group)) and not o.alerted:
                o.alerted = True
                self.emit("alerted", rule, "dungeon.alerted", {"enemy": self.enemy_ref(o)}, enemy=o.uid)  # type: ignore[attr-defined]

    # ================================================================== enemy activation
    def activate_enemy(self, enemy: Any) -> None:
        """D-ENEMY-9..21 for one enemy (D-ROUND-4 order, part A): not alerted and seeing no hero,
        it skips (D-ENEMY-10); siphon fires (D-KEY-8/9); stunned, it skips and the stun clears
        (D-KEY-6); otherwise the activation of :func:`~.behaviour.plan_activation` (D-ENEMY-18/19):
        its move (pits hurt, D-ENEMY-15) and its one attack (D-ENEMY-9/14)."""
        ground = self.ground()
        heroes = self.hero_figs()
        me = self.foe_fig(enemy)
        if not B.notices(ground, me, heroes):  # D-ENEMY-10/11
            self.emit("enemy_unaware", "D-ENEMY-10", "dungeon.enemy_unaware", {"enemy": self.enemy_ref(enemy)},  # type: ignore[attr-defined]
                      enemy=enemy.uid)
            return
        et = self.enemy_type(enemy)  # type: ignore[attr-defined]
        if "siphon" in et.keywords:  # D-KEY-8/9
            near = self.adjacent_cards(self.cards_at(enemy.pos))
            for h in self.d.living():  # type: ignore[attr-defined]
                if self.cards_at(h.pos) & near and h.energy > 0:
                    self.gain(h, "energy", -1)  # type: ignore[attr-defined]
                    self.emit("siphon", "D-KEY-8", "dungeon.siphon", {"enemy": self.enemy_ref(enemy), "hero": self.hero_ref(h)},  # type: ignore[attr-defined]
                              enemy=enemy.uid, hero=h.uid)
        if enemy.stunned:  # D-KEY-6
            enemy.stunned = False
            self.emit("enemy_stunned", "D-KEY-6", "dungeon.enemy_stunned", {"enemy": self.enemy_ref(enemy)}, enemy=enemy.uid)  # type: ignore[attr-defined]
            return
        foes = [self.foe_fig(e) for e in self.d.enemies]  # type: ignore[attr-defined]
        plan = B.plan_activation(ground, me, heroes, foes)
        if plan.path:
            self.enemy_walk(enemy, list(plan.path))
            if self.d.enemy(enemy.uid) is None:  # (no pit defeats it, D-ENEMY-15; kept safe)  # type: ignore[attr-defined]
                return
        if plan.attack is None or plan.target is None:
            if not plan.path:
                self.emit("enemy_holds", "D-ENEMY-19", "dungeon.enemy_holds", {"enemy": self.enemy_ref(enemy)},  # type: ignore[attr-defined]
                          enemy=enemy.uid)
            return
        self.enemy_attack(enemy, plan.attack, self.d.heroes[plan.target], "D-ENEMY-18")  # type: ignore[attr-defined]

    def enemy_walk(self, enemy: Any, path: list[Sq]) -> None:
        """D-ENEMY-15: the enemy walks ``path``; each pit entered deals it 1 damage (no defence,
        no treasure, D-ENEMY-25)."""
        start = tuple(enemy.pos)
        enemy.pos = tuple(path[-1])
        how, where = self.walk_words(start, enemy.pos)  # type: ignore[attr-defined]  (the card's name, as drawn)
        self.emit("enemy_move", "D-ENEMY-15", ("dungeon.enemy_move_within" if how == "within" else "dungeon.enemy_move_into"),  # type: ignore[attr-defined]
                  {"enemy": self.enemy_ref(enemy), "to": where},  # type: ignore[attr-defined]
                  enemy=enemy.uid, frm=list(start), to=list(enemy.pos), path=[list(q) for q in path])
        pits = sum(1 for q in path if self.lay.terrain.get(tuple(q)) is Terrain.PIT)  # type: ignore[attr-defined]
        if pits:
            self.damage_enemy(enemy, pits, None, "D-ENEMY-15")

    def enemy_targets(self, enemy: Any, how: str) -> list[Any]:
        """The living heroes ``enemy`` could attack with ``how`` from where it stands, in its
        priority order (D-ENEMY-17, D-KEY-15)."""
        ground, heroes = self.ground(), self.hero_figs()
        et = self.enemy_type(enemy)  # type: ignore[attr-defined]
        me = self.foe_fig(enemy)
        able = [hf for hf in heroes if B.attack_from(ground, et, me.pos, hf, heroes) == how]
        reach = B.movement(ground, me.pos, me.life, heroes=B.hero_squares(heroes))
        foes = [self.foe_fig(e) for e in self.d.enemies]  # type: ignore[attr-defined]
        dist = {hf.seat: B.distance(ground, me, hf, heroes, foes, reach) for hf in able}
        able.sort(key=lambda hf: B.priority_key(et.priority, hf, dist[hf.seat]))
        return [self.d.heroes[hf.seat] for hf in able]  # type: ignore[attr-defined]

    def enemy_attack(self, enemy: Any, how: str, hero: Any, rule: str) -> None:
        """D-COMBAT-15 for an enemy: roll its card's dice for ``how`` (D-COMBAT-1/2, no criticals
        D-COMBAT-5); it and its group are alerted (D-ENEMY-11 a); barrage spreads the hits over
        the heroes it could attack, in its priority order from ``hero`` (D-KEY-15); window (c)
        opens before any defence (D-ACT-5); then each target defends (task ``enemy_hits``)."""
        et = self.enemy_type(enemy)  # type: ignore[attr-defined]
        prof = et.melee if how == C.MELEE else et.ranged
        faces = self.roll(prof.dice)  # type: ignore[attr-defined]
        roll = C.AttackRoll(tuple(faces), prof.mod, by_hero=False)
        self.alert(enemy, "D-ENEMY-11")
        self.emit("attack_roll", rule, "dungeon.attack_roll",  # type: ignore[attr-defined]
                  {"who": self.enemy_ref(enemy), "target": self.hero_ref(hero), "how": _how(how),  # type: ignore[attr-defined]
                   "faces": _dice(faces), "mod": prof.mod, "hits": roll.hits, "n": 0},
                  enemy=enemy.uid, target=hero.uid, how=how, faces=list(faces), mod=prof.mod, hits=roll.hits,
                  criticals=0)
        if not roll.hits:
            return
        targets = [hero.uid]
        if "barrage" in et.keywords:  # D-KEY-15
            others = [h.uid for h in self.enemy_targets(enemy, how) if h.uid != hero.uid]
            targets += others
        order = C.assign_barrage(roll.hits, targets)
        per: dict[str, int] = {}
        for u in order:
            per[u] = per.get(u, 0) + 1
        kw = list(et.keywords)
        steps = [{"t": "enemy_hits", "e": enemy.uid, "h": u, "n": k, "kw": kw} for u, k in per.items()]
        self.push({"t": "open_window", "w": "minor_enemy"}, *steps)  # type: ignore[attr-defined]

    @task("enemy_hits")
    def t_enemy_hits(self, task: dict) -> None:
        """D-COMBAT-13..15 against a hero: one defence die per hit (defence of equipment +
        character + permanent items, −1 against pierce, D-KEY-7), 1 damage per failed die (2 with
        crush, D-KEY-3), as it happens; the hits resolve against the declared target whatever a
        window-(c) minor action did (D-ACT-5). Stun (D-KEY-5/6) with at least 1 damage."""
        self.defend_hits(self.d.hero(task["h"]), task["n"], set(task["kw"]), dealt=task.get("dealt", 0),  # type: ignore[attr-defined]
                         reroll=True)

    def defend_hits(self, h: Any, n: int, kw: set[str], *, dealt: int = 0, reroll: bool = False) -> None:
        """``n`` hits on hero ``h`` with the attacker's keywords ``kw``, defended one die at a time
        (see :meth:`t_enemy_hits`). With ``reroll``, a failed die of a hero holding a Lucky
        Knucklebone may be rolled again first (16.4 I-10: a decision; the rest waits in a task)."""
        d = self.hero_stats(h).defence - (1 if "pierce" in kw else 0)  # type: ignore[attr-defined]
        for i in range(n):
            if h.dead:
                break  # D-COMBAT-15: hits left after a defeat are discarded
            face = self.roll(1)[0]  # type: ignore[attr-defined]
            if face + d < C.SUCCESS and reroll and self.knucklebone(h) is not None:
                self.push({"t": "enemy_hits", "h": h.uid, "n": n - i - 1, "kw": sorted(kw), "dealt": dealt, "e": ""})  # type: ignore[attr-defined]
                opts = [make_typed(REROLL, seat=h.seat, n=0), make_typed(REROLL, seat=h.seat, n=-1)]
                self.ask(REROLL, h.seat, "dungeon.prompt.reroll", opts,  # type: ignore[attr-defined]
                         {"then": "defence", "hero": h.uid, "faces": [face], "kw": sorted(kw)},
                         {"hero": self.hero_ref(h), "faces": _dice([face])})  # type: ignore[attr-defined]
                return
            dealt += self.defence_die(h, face, d, kw)
        self.after_defence(h, kw, dealt)

    def defence_die(self, h: Any, face: int, d: int, kw: set[str]) -> int:
        """One defence die of ``h`` at modifier ``d``: 6 or more cancels the hit, else 1 damage
        (2 with crush, D-KEY-3) at once (D-COMBAT-13/14). Returns the damage dealt."""
        saved = face + d >= C.SUCCESS
        self.emit("defence", "D-COMBAT-13", "dungeon.hero_defence",  # type: ignore[attr-defined]
                  {"hero": self.hero_ref(h), "face": face, "total": face + d, "blocked": _yes(saved)},  # type: ignore[attr-defined]
                  hero=h.uid, face=face, mod=d, total=face + d, saved=saved)
        if saved:
            return 0
        per = C.damage_per_hit("crush" in kw)
        self.hurt_hero(h, per, "D-COMBAT-14")  # type: ignore[attr-defined]
        return per

    def after_defence(self, h: Any, kw: set[str], dealt: int) -> None:
        """D-COMBAT-15 step 9 against a hero, once no hit is left: ``stun`` with at least 1 damage
        (D-KEY-5/6)."""
        if dealt and "stun" in kw and not h.dead and not h.stunned:  # D-KEY-5/6
            h.stunned = True
            self.emit("stunned", "D-KEY-6", "dungeon.stunned", {"who": self.hero_ref(h)}, hero=h.uid)  # type: ignore[attr-defined]

    def suffer_hits(self, hero: Any, hits: int, rule: str) -> None:
        """D-ENEMY-5/7, D-FAQ-7: an attack of ``hits`` hits with a normal defence roll (the hero's
        full defence, permanent items included)."""
        self.defend_hits(hero, hits, set())  # (no attack dice: no window (c), D-ACT-5)

    # ================================================================== refresh (D-ROUND-7)
    def end_of_round(self) -> None:
        """D-ROUND-7 step 1: regenerate (D-KEY-10/11: +1 life, never above the maximum); the
        heroes' cards and items have no end-of-round effect in 16.2-16.4. Per-turn item bonuses
        end (16.4 I-08, I-11)."""
        for e in list(self.d.enemies):  # type: ignore[attr-defined]
            if "regenerate" in self.enemy_type(e).keywords and e.life < e.max_life:  # type: ignore[attr-defined]
                e.life += 1
                self.emit("regenerate", "D-KEY-10", "dungeon.regenerate", {"enemy": self.enemy_ref(e)},  # type: ignore[attr-defined]
                          enemy=e.uid, life=e.life)
        for h in self.d.heroes:  # type: ignore[attr-defined]
            for k in TEMP:
                h.temp.pop(k, None)

    def end_of_turn(self, hero: Any) -> None:
        """A turn ends: "this turn"/"until the end of your turn" bonuses end (16.4 I-08, I-11) for
        every hero (one used in another hero's turn lasts to the end of that turn); the ending
        hero's ``temp`` is emptied (part A's hook)."""
        hero.temp = {}
        for h in self.d.heroes:  # type: ignore[attr-defined]
            for k in TEMP:
                h.temp.pop(k, None)

    # ================================================================== skill checks (D-SKILL)
    def skill_check(self, hero: Any, skill: str, target: int, rule: str = "D-SKILL-1") -> bool:
        """D-SKILL-1..4: 4 dice plus the hero's modifier (character + ability, D-SKILL-2); no
        critical (D-SKILL-4). The dice are those a Lucky Knucklebone left (:meth:`map_effect`)
        when there are some, else rolled now."""
        mod = self.hero_stats(hero).skills.get(skill, 0)  # type: ignore[attr-defined]
        faces = self.notes.pop("skill_faces", None) or self.roll(4)  # type: ignore[attr-defined]
        r = judge(skill, faces, mod, target)
        self.emit("skill", rule, "dungeon.skill_check",  # type: ignore[attr-defined]
                  {"hero": self.hero_ref(hero), "skill": _skill(skill), "target": target, "got": r.successes,  # type: ignore[attr-defined]
                   "faces": _dice(r.naturals), "mod": mod},
                  hero=hero.uid, skill=skill, target=target, faces=list(r.naturals), mod=mod, success=r.passed)
        return r.passed


    def map_effect(self, index: int, h: Any) -> None:
        """D-EXPLORE-9 step 3 (part A's) with Lucky Knucklebone (16.4 I-10, "attack, defence or
        skill"): a failed check of a hero holding one asks first whether to reroll one die; the
        effect then resolves with the dice kept (task ``map_effect_after``)."""
        cid = self.d.cards[index].card  # type: ignore[attr-defined]
        eff = self.defn.effects.get(cid)  # type: ignore[attr-defined]
        if eff is None or eff.skill is None or h.dead or self.knucklebone(h) is None:
            super().map_effect(index, h)  # type: ignore[misc]
            return
        faces = self.roll(4)  # type: ignore[attr-defined]
        mod = self.hero_stats(h).skills.get(eff.skill, 0)  # type: ignore[attr-defined]
        if judge(eff.skill, faces, mod, eff.target).passed:
            self.notes["skill_faces"] = faces  # type: ignore[attr-defined]
            super().map_effect(index, h)  # type: ignore[misc]
            return
        self.push({"t": "map_effect_after", "index": index, "hero": h.uid, "faces": faces})  # type: ignore[attr-defined]
        opts = [make_typed(REROLL, seat=h.seat, n=i) for i in range(len(faces))] + [make_typed(REROLL, seat=h.seat, n=-1)]
        self.ask(REROLL, h.seat, "dungeon.prompt.reroll", opts, {"then": "skill", "hero": h.uid, "faces": faces},  # type: ignore[attr-defined]
                 {"hero": self.hero_ref(h), "faces": _dice(faces)})  # type: ignore[attr-defined]

    @task("map_effect_after")
    def t_map_effect_after(self, task: dict) -> None:
        """The map effect after a Knucklebone's decision, with the dice kept (16.4 I-10)."""
        h = self.d.hero(task["hero"])  # type: ignore[attr-defined]
        if h.dead:
            return
        self.notes["skill_faces"] = list(task["faces"])  # type: ignore[attr-defined]
        super().map_effect(task["index"], h)  # type: ignore[misc]

    # ================================================================== previews and reasons
    def attack_preview(self, h: Any, how: str, target: Any) -> dict:
        """What an Attack action of ``h`` with ``how`` on enemy ``target`` may do (the UI's
        preview; D-COMBAT-1..13, D-KEY-3/4/7/16/17): dice, modifier, keywords and the exact odds of
        :func:`~.combat.attack_odds`, plus the energy it would give per hit (``heavy`` caps it)."""
        st = self.hero_stats(h)  # type: ignore[attr-defined]
        dice, mod = st.melee if how == C.MELEE else st.ranged
        if how == C.MELEE:
            mod += h.temp.get("whetstone", 0)
        et = self.enemy_type(target)  # type: ignore[attr-defined]
        kw = set(st.keywords)
        odds = C.attack_odds(dice, mod, True, et.defence, crush="crush" in kw, pierce="pierce" in kw)
        heavy = "heavy" in kw or "heavy" in et.keywords
        return {"dice": dice, "mod": mod, "keywords": sorted(kw), "heavy": heavy, "life": target.life, **odds}

    def attack_problem(self, h: Any, how: str, target: Any) -> tuple[str, str] | None:
        """Why ``h`` may not make a ``how`` Attack action on ``target`` now: ``(code, rule)`` or
        None. Codes: ``dead`` (D-END-2), ``no_action`` (D-ACT-1), ``no_ranged`` (D-COMBAT-11),
        ``not_adjacent`` (D-COMBAT-8), ``not_in_line`` (D-COMBAT-9/10), ``no_los`` (D-COMBAT-9)."""
        s = self.s  # type: ignore[attr-defined]
        if h.dead or h.pos is None:
            return ("dead", "D-END-2")
        if s.phase != "player" or s.active != h.seat or s.actions_left <= 0:
            return ("no_action", "D-ACT-1")
        st = self.hero_stats(h)  # type: ignore[attr-defined]
        a, b = tuple(h.pos), tuple(target.pos)
        if how == C.MELEE:
            ok = C.melee_reaches(self.lay.board, a, b, "reach" in st.keywords)  # type: ignore[attr-defined]
            return None if ok else ("not_adjacent", "D-COMBAT-8")
        if st.ranged[0] <= 0:
            return ("no_ranged", "D-COMBAT-11")
        if not C.ranged_offset_ok(a, b):
            return ("not_in_line", "D-COMBAT-10")
        if not self.sight(a, b, "hero"):  # type: ignore[attr-defined]
            return ("no_los", "D-COMBAT-9")
        return None

    def enemy_intent(self, e: Any) -> dict:
        """What enemy ``e`` would do if it activated now (its hover card): ``{"does": "skip"
        (unaware, D-ENEMY-10) | "stunned" (D-KEY-6) | "act", "path", "target" (a seat or None),
        "attack" ("melee"/"ranged"/None), "step" (D-ENEMY-18)}``. A window or another enemy
        may change the board before it acts (D-ACT-5)."""
        ground, heroes, me = self.ground(), self.hero_figs(), self.foe_fig(e)
        if not B.notices(ground, me, heroes):
            return {"does": "skip", "path": [], "target": None, "attack": None, "step": 0}
        if e.stunned:
            return {"does": "stunned", "path": [], "target": None, "attack": None, "step": 0}
        plan = B.plan_activation(ground, me, heroes, [self.foe_fig(o) for o in self.d.enemies])  # type: ignore[attr-defined]
        return {"does": "act", "path": [tuple(q) for q in plan.path], "target": plan.target, "attack": plan.attack,
                "step": plan.step}

    # ================================================================== Lucky Knucklebone (16.4 I-10)
    def knucklebone(self, h: Any) -> str | None:
        return next((u for u in h.items if effect_of(self.item_def(u))[0] == "reroll"), None)

    @decision(REROLL)
    def d_reroll(self, ctx: dict, a: Action) -> None:
        """16.4 I-10: reroll one die of the roll just made (the item is used up), or keep it;
        the new result stands, and a rerolled natural 6 on an attack die is a critical."""
        h = self.d.hero(ctx["hero"])  # type: ignore[attr-defined]
        if ctx.get("then") == "skill":
            if a.n >= 0:
                u = self.knucklebone(h)
                h.items.remove(u)
                faces = list(ctx["faces"])
                faces[a.n] = self.roll(1)[0]  # type: ignore[attr-defined]
                self.emit("reroll", "D-ITEM-3", "dungeon.reroll",  # type: ignore[attr-defined]
                          {"hero": self.hero_ref(h), "item": {"t": "item", "id": u, "name": self.item_def(u).name},  # type: ignore[attr-defined]
                           "face": ctx["faces"][a.n], "n": faces[a.n]},
                          hero=h.uid, item=u, die=a.n, old=ctx["faces"][a.n], new=faces[a.n])
                rest = self.s.queue[-1]  # type: ignore[attr-defined]
                if rest.get("t") == "map_effect_after":
                    rest["faces"] = faces
            return
        if ctx.get("then") == "defence":
            face = ctx["faces"][0]
            if a.n >= 0:
                u = self.knucklebone(h)
                h.items.remove(u)
                face = self.roll(1)[0]  # type: ignore[attr-defined]
                self.emit("reroll", "D-ITEM-3", "dungeon.reroll",  # type: ignore[attr-defined]
                          {"hero": self.hero_ref(h), "item": {"t": "item", "id": u, "name": self.item_def(u).name},  # type: ignore[attr-defined]
                           "face": ctx["faces"][0], "n": face}, hero=h.uid, item=u, die=0, old=ctx["faces"][0], new=face)
            kw = set(ctx["kw"])
            got = self.defence_die(h, face, self.hero_stats(h).defence - (1 if "pierce" in kw else 0), kw)  # type: ignore[attr-defined]
            rest = self.s.queue[-1]  # type: ignore[attr-defined]
            if rest.get("t") == "enemy_hits" and rest.get("h") == h.uid:
                rest["dealt"] = rest.get("dealt", 0) + got
            return
        if a.n >= 0:
            u = self.knucklebone(h)
            h.items.remove(u)
            old = ctx["faces"][a.n]
            faces = list(ctx["faces"])
            faces[a.n] = self.roll(1)[0]  # type: ignore[attr-defined]
            ctx = {**ctx, "faces": faces}
            self.emit("reroll", "D-ITEM-3", "dungeon.reroll",  # type: ignore[attr-defined]
                      {"hero": self.hero_ref(h), "item": {"t": "item", "id": u, "name": self.item_def(u).name},  # type: ignore[attr-defined]
                       "face": old, "n": faces[a.n]}, hero=h.uid, item=u, die=a.n, old=old, new=faces[a.n])
        self.after_hero_roll(h, ctx)


def _yes(b: bool) -> dict:
    return {"t": "msg", "id": "dungeon.blocked" if b else "dungeon.not_blocked", "params": {}}


def _skill(skill: str) -> dict:
    return {"t": "msg", "id": f"dungeon.skill.{skill}", "params": {}}


__all__ = ["ASSIGN", "ATTACK", "BUY", "FLEET", "Fight", "MEND", "REROLL", "SPARK", "SURGE", "USE"]


def _dice(faces: Any) -> dict:
    return {"t": "list", "v": [int(f) for f in faces]}
