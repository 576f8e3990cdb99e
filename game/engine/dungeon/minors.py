"""The dungeon's minor actions (D-ACT-3..7): the heroes' abilities (16.3), buying at the market
(D-ITEM-1..5) and using held items (16.4); the :class:`Minors` mixin of part B's
:class:`~.fight.Fight` (split out of :mod:`.fight` along its concern).

Action kinds (payload fields), every one usable in every window (D-ACT-5) by a hero who can pay:
``dsurge`` (seat, target) Battle Surge; ``dfleet`` (seat, to) Fleetfoot; ``dmend`` (seat, other)
Mending Rite; ``dspark`` (seat, target, target2) Chain Spark; ``dbuy`` (seat, item) buy a market
card (D-ITEM-1); ``duse`` (seat, item, target, at) use an item (16.4).
"""
from __future__ import annotations

from typing import Any

from ..actions import Action, action_payload, make_typed
from ..machine import action, task
from . import combat as C
from .items import ITEM_KEYWORDS, buy, can_buy, effect_of

SURGE, FLEET, MEND, SPARK, BUY, USE = "dsurge", "dfleet", "dmend", "dspark", "dbuy", "duse"
action_payload(SURGE, seat=int, target=str)
action_payload(FLEET, seat=int, to=tuple)
action_payload(MEND, seat=int, other=int)
action_payload(SPARK, seat=int, target=str, target2=str)
action_payload(BUY, seat=int, item=str)
action_payload(USE, seat=int, item=str, target=str, at=tuple)

#: 16.3: Fleetfoot's points, water cost; Mending Rite's life; Chain Spark's dice and targets
FLEET_POINTS, FLEET_WATER, MEND_LIFE, SPARK_DICE, SPARK_TARGETS = 3, 1, 3, 2, 2
#: the items used "right after you roll" (16.4 I-10), offered as a decision, not a minor action
AFTER_ROLL = ("reroll",)


class Minors:
    """Minor actions (D-ACT-3..7) of ``DungeonRun``; ``self`` is the run (part A's and
    :class:`~.fight.Fight`'s methods: ``hero_stats``, ``targets_of``, ``hero_attack``, ...)."""

    def minor_options(self, hero: Any, window: str) -> list[Action]:
        """D-ACT-3/5: every minor action ``hero`` can pay for, in every window: its ability
        (16.3, with the energy), buying a market card (D-ITEM-1), using a held item (16.4)."""
        if hero.dead or hero.pos is None or (hero.stunned and window == "own"):  # D-ACT-7
            return []
        return self.ability_options(hero) + self.buy_options(hero) + self.use_options(hero)

    def ability_options(self, h: Any) -> list[Action]:
        st = self.hero_stats(h)  # type: ignore[attr-defined]
        if h.energy < st.energy_cost:
            return []
        eff = st.ability
        if eff == "battle_surge":
            return [make_typed(SURGE, seat=h.seat, target=e.uid) for e in self.targets_of(h, C.MELEE)]
        if eff == "fleetfoot":
            return [make_typed(FLEET, seat=h.seat, to=q)
                    for q in self.move_costs(h, FLEET_POINTS, water_cost=FLEET_WATER, through_enemies=True)]  # type: ignore[attr-defined]
        if eff == "mending_rite":
            out = []
            for o in self.d.living():  # type: ignore[attr-defined]
                near = o is h or abs(o.pos[0] - h.pos[0]) + abs(o.pos[1] - h.pos[1]) == 1
                if near and o.life < self.hero_stats(o).life:  # type: ignore[attr-defined]
                    out.append(make_typed(MEND, seat=h.seat, other=o.seat))
            return out
        if eff == "chain_spark":
            ts = self.spark_targets(h)
            out = [make_typed(SPARK, seat=h.seat, target=e.uid, target2="") for e in ts]
            out += [make_typed(SPARK, seat=h.seat, target=a.uid, target2=b.uid)
                    for i, a in enumerate(ts) for b in ts[i + 1:]]
            return out
        return []

    def spark_targets(self, h: Any) -> list[Any]:
        """16.3 Chain Spark: enemies at ranged range (exactly 2, D-COMBAT-10) in LOS."""
        return [e for e in self.d.enemies  # type: ignore[attr-defined]
                if C.ranged_offset_ok(tuple(h.pos), tuple(e.pos)) and self.sight(tuple(h.pos), tuple(e.pos), "hero")]  # type: ignore[attr-defined]

    def buy_options(self, h: Any) -> list[Action]:
        """D-ITEM-1/4: a market card the hero's own treasure pays for."""
        return [make_typed(BUY, seat=h.seat, item=u) for u in self.d.market if can_buy(h.treasure, self.item_def(u))]  # type: ignore[attr-defined]

    def use_options(self, h: Any) -> list[Action]:
        """16.4: each held single-use item that would do something now."""
        out = []
        me = tuple(h.pos)
        for u in h.items:
            it = self.item_def(u)
            kind, n = effect_of(it)
            if it.use == "permanent" or kind in AFTER_ROLL:
                continue
            if kind == "heal":
                if h.life < self.hero_stats(h).life:  # type: ignore[attr-defined]
                    out.append(make_typed(USE, seat=h.seat, item=u, target=""))
            elif kind in ("energy", "melee_bonus", "sure_foot"):
                out.append(make_typed(USE, seat=h.seat, item=u, target=""))
            elif kind == "ranged":
                out += [make_typed(USE, seat=h.seat, item=u, target=e.uid) for e in self.spark_targets(h)]
            elif kind == "stun":
                out += [make_typed(USE, seat=h.seat, item=u, target=e.uid) for e in self.d.enemies  # type: ignore[attr-defined]
                        if e.colour != "red" and max(abs(e.pos[0] - me[0]), abs(e.pos[1] - me[1])) <= n
                        and self.sight(me, tuple(e.pos), "hero")]  # type: ignore[attr-defined]
            elif kind == "explore":
                out += [make_typed(USE, seat=h.seat, item=u, target="", at=q) for q in self.unexplored()]  # type: ignore[attr-defined]
            elif kind == "blast":
                if any(abs(e.pos[0] - me[0]) + abs(e.pos[1] - me[1]) == 1 for e in self.d.enemies):  # type: ignore[attr-defined]
                    out.append(make_typed(USE, seat=h.seat, item=u, target=""))
        return out

    def _minor_hero(self, seat: int, a: Action) -> Any:
        h = self.d.heroes[a.seat]  # type: ignore[attr-defined]
        if h.dead:
            raise ValueError(f"hero {h.uid} is dead (D-ACT-7)")
        return h

    def _pay(self, h: Any) -> None:
        st = self.hero_stats(h)  # type: ignore[attr-defined]
        if h.energy < st.energy_cost:
            raise ValueError(f"hero {h.uid} has {h.energy} energy, the ability costs {st.energy_cost} (D-ACT-3)")
        self.gain(h, "energy", -st.energy_cost)  # type: ignore[attr-defined]
        self.emit("ability", "D-ACT-3", "dungeon.ability",  # type: ignore[attr-defined]
                  {"hero": self.hero_ref(h), "name": {"t": "text", "v": self.faces(h)[2].name}, "n": st.energy_cost},  # type: ignore[attr-defined]
                  hero=h.uid, ability=st.ability, energy=st.energy_cost)

    @action(SURGE)
    def do_surge(self, seat: int, a: Action) -> None:
        """16.3 Battle Surge: a melee attack with the equipment's dice, modifiers and keywords;
        not an action, no energy (D-COMBAT-7)."""
        h = self._minor_hero(seat, a)
        e = self.d.enemy(a.target)  # type: ignore[attr-defined]
        if e is None or e not in self.targets_of(h, C.MELEE):
            raise ValueError(f"Battle Surge: {a.target} is not in melee reach")
        self._pay(h)
        self.hero_attack(h, C.MELEE, e, source="ability", rule="D-ACT-3")

    @action(FLEET)
    def do_fleet(self, seat: int, a: Action) -> None:
        """16.3 Fleetfoot: up to 3 squares, water 1, through (not onto) enemies; pits hurt;
        entering an unexplored half-square explores and ends it (part A's walk)."""
        h = self._minor_hero(seat, a)
        self._pay(h)
        self.walk(h, tuple(a.to), FLEET_POINTS, "D-ACT-3", water_cost=FLEET_WATER, through_enemies=True)  # type: ignore[attr-defined]

    @action(MEND)
    def do_mend(self, seat: int, a: Action) -> None:
        """16.3 Mending Rite: the hero or an orthogonally adjacent hero regains 3 life."""
        h = self._minor_hero(seat, a)
        o = self.d.heroes[a.other]  # type: ignore[attr-defined]
        if o.dead or (o is not h and abs(o.pos[0] - h.pos[0]) + abs(o.pos[1] - h.pos[1]) != 1):
            raise ValueError("Mending Rite: the hero or an orthogonally adjacent living hero")
        self._pay(h)
        self.heal_hero(o, MEND_LIFE, "D-ACT-3")

    @action(SPARK)
    def do_spark(self, seat: int, a: Action) -> None:
        """16.3 Chain Spark, D-FAQ-2: a separate 2-dice ranged roll against each of up to 2
        enemies, only the character's ranged modifier; criticals count, defence is normal, no
        energy (D-COMBAT-7)."""
        h = self._minor_hero(seat, a)
        ts = [u for u in (a.target, a.target2) if u]
        if not ts or len(set(ts)) != len(ts):
            raise ValueError("Chain Spark: one or two different enemies")
        legal = {e.uid for e in self.spark_targets(h)}
        if any(u not in legal for u in ts):
            raise ValueError("Chain Spark: a target is not at ranged range in LOS")
        self._pay(h)
        mod = self.hero_stats(h).ranged_char  # type: ignore[attr-defined]
        # D-FAQ-2: one roll per enemy, each its own task (a Knucklebone may ask after the first)
        self.push(*[{"t": "spark_roll", "hero": h.uid, "target": u, "mod": mod} for u in ts])  # type: ignore[attr-defined]

    @task("spark_roll")
    def t_spark_roll(self, task: dict) -> None:
        """16.3 Chain Spark, D-FAQ-2: the roll against one of its targets (skipped when it is gone
        or the hero died)."""
        h, e = self.d.hero(task["hero"]), self.d.enemy(task["target"])  # type: ignore[attr-defined]
        if e is not None and not h.dead:
            self.hero_attack(h, C.RANGED, e, source="ability", dice=SPARK_DICE, mod=task["mod"], keywords=(),
                             rule="D-FAQ-2")

    def heal_hero(self, h: Any, n: int, rule: str) -> None:
        got = self.gain(h, "life", n)  # type: ignore[attr-defined]
        self.emit("heal", rule, "dungeon.heal", {"who": self.hero_ref(h), "n": got}, hero=h.uid, n=got)  # type: ignore[attr-defined]

    @action(BUY)
    def do_buy(self, seat: int, a: Action) -> None:
        """D-ITEM-1/4: pay the cost from the hero's own treasure, take the card, refill the
        market at once from the deck (D-ITEM-5: not when it is empty)."""
        h = self._minor_hero(seat, a)
        if a.item not in self.d.market:  # type: ignore[attr-defined]
            raise ValueError(f"{a.item} is not in the market")
        it = self.item_def(a.item)
        if not can_buy(h.treasure, it):
            raise ValueError(f"hero {h.uid} has {h.treasure} treasure; {it.name} costs {it.cost} (D-ITEM-4)")
        got, market, deck = buy(self.d.market, self.d.deck, self.d.market.index(a.item))  # type: ignore[attr-defined]
        self.d.market, self.d.deck = market, deck  # type: ignore[attr-defined]
        self.gain(h, "treasure", -it.cost)  # type: ignore[attr-defined]
        h.items.append(got)
        self.emit("buy", "D-ITEM-1", "dungeon.buy",  # type: ignore[attr-defined]
                  {"hero": self.hero_ref(h), "item": {"t": "item", "id": got, "name": it.name}, "n": it.cost},  # type: ignore[attr-defined]
                  hero=h.uid, item=got, cost=it.cost)

    @action(USE)
    def do_use(self, seat: int, a: Action) -> None:
        """16.4: use a held item; it is used up (D-ITEM-3) and removed from the game (D-ITEM-5)."""
        h = self._minor_hero(seat, a)
        if a.item not in h.items:
            raise ValueError(f"hero {h.uid} does not hold {a.item}")
        it = self.item_def(a.item)
        kind, n = effect_of(it)
        if it.use == "permanent":
            raise ValueError(f"{it.name} works while held; it is not used (D-ITEM-6)")
        h.items.remove(a.item)  # D-ITEM-3/5
        self.emit("use_item", "D-ITEM-3", "dungeon.use_item",  # type: ignore[attr-defined]
                  {"hero": self.hero_ref(h), "item": {"t": "item", "id": a.item, "name": it.name}},  # type: ignore[attr-defined]
                  hero=h.uid, item=a.item, effect=it.effect)
        me = tuple(h.pos)
        if kind == "heal":
            self.heal_hero(h, n, "D-ITEM-3")
        elif kind == "energy":
            got = self.gain(h, "energy", n)  # type: ignore[attr-defined]
            self.emit("energy", "D-ITEM-3", "dungeon.energy_gain", {"hero": self.hero_ref(h), "n": got}, hero=h.uid, n=got)  # type: ignore[attr-defined]
        elif kind in ("melee_bonus", "sure_foot"):
            h.temp["whetstone" if kind == "melee_bonus" else "grapnel"] = max(n, 1)
        elif kind == "ranged":  # D-COMBAT-12: only the character's ranged modifier; no energy
            e = self.d.enemy(a.target)  # type: ignore[attr-defined]
            if e is None:
                raise ValueError(f"{it.name}: no enemy {a.target}")
            self.hero_attack(h, C.RANGED, e, source="item", dice=n, mod=self.hero_stats(h).ranged_char,  # type: ignore[attr-defined]
                             keywords=ITEM_KEYWORDS.get(it.effect, ()), rule="D-COMBAT-12")
        elif kind == "stun":  # 16.4 I-06: no damage needed; red immune (D-KEY-5)
            e = self.d.enemy(a.target)  # type: ignore[attr-defined]
            if e is None or e.colour == "red":
                raise ValueError(f"{it.name}: a non-red enemy")
            if not e.stunned:  # (a stun is neither an attack nor damage: no alert, D-ENEMY-11)
                e.stunned = True
                self.emit("stunned", "D-KEY-5", "dungeon.stunned", {"who": self.enemy_ref(e)}, enemy=e.uid)  # type: ignore[attr-defined]
        elif kind == "explore":  # D-EXPLORE-11, D-FAQ-9
            self.explore_at(h, tuple(a.at), "D-EXPLORE-11")  # type: ignore[attr-defined]
        elif kind == "blast":  # 16.4 I-12: no defence, no energy
            for e in [e for e in self.d.enemies if abs(e.pos[0] - me[0]) + abs(e.pos[1] - me[1]) == 1]:  # type: ignore[attr-defined]
                self.damage_enemy(e, n, h, "D-ITEM-3")


__all__ = ["AFTER_ROLL", "BUY", "FLEET", "FLEET_POINTS", "FLEET_WATER", "MEND", "MEND_LIFE", "Minors", "SPARK",
           "SPARK_DICE", "SPARK_TARGETS", "SURGE", "USE"]
