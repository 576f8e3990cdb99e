"""The seam between the dungeon's part A (state, set-up, round, actions, movement, exploration,
sight, enemy placement, end: :mod:`.rules`) and part B (combat, enemy behaviour, damage and
treasure, items and market, skill checks, keywords: :mod:`.fight`).

:class:`FightHooks` lists every method part A calls into part B, with what it must do and the
rule IDs it owns. ``DungeonRun`` (in :mod:`.rules`) is ``class DungeonRun(Fight, Core, Machine)``
where ``Fight`` (:mod:`.fight`) subclasses :class:`FightHooks` and overrides these; a method
not overridden keeps the behaviour written here, which is the plain rule where one exists (a
skill check, a defence roll) and nothing where part B owns all of it (enemy activation).

What part A gives part B (methods of ``DungeonRun``, see :mod:`.rules`):

- ``self.d`` the :class:`~.state.DungeonSub`; ``self.pack`` the content
  (:class:`~.defs.DungeonPack`); ``self.lay`` the :class:`~.layout.Layout` (board, terrain,
  cards, junctions);
- ``hero_stats(hero)`` -> :class:`HeroStats` (the chosen faces' numbers: attack dice and
  modifiers, defence, speed, skills, keywords, max life);
- ``enemy_type(enemy)`` -> :class:`~.defs.EnemyType`;
- ``hurt_hero(hero, n, rule)``: damage without defence (life, death D-END-1/2);
- ``gain(hero, tracker, n)``: treasure/energy/life within the caps (D-COMP-8);
- ``sight(a, b, side)``: D-LOS-4/5 from square ``a`` to ``b`` for a viewer of ``side``
  (``"hero"`` or ``"enemy"``), hostile figures blocking but not the target;
- ``move_costs(from_sq, points, who)`` / ``enemy_costs``: reachable squares and costs
  (D-MOVE, D-TERRAIN, D-ENEMY-15); ``explore_at(hero, sq)``: D-EXPLORE from a square
  (Wayfinder's Chart, D-EXPLORE-11; Fleetfoot);
- ``figures_on_card(index)``; ``roll(n)``: n d6 from the game's stream (D-COMP-10);
- ``hero.temp`` (cleared when the hero's turn ends): part A reads ``temp["grapnel"]`` (Grapnel
  Line: water costs 1 and pits do not hurt in that hero's moves); part B keeps its own keys
  there (Whetstone);
- ``open_window("minor_enemy")`` queues the D-ACT-5 (c) window (after an enemy's attack dice
  are rolled: push ``{"t": "open_window", "w": "minor_enemy"}`` then your continuation task).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..actions import Action


@dataclass(frozen=True)
class HeroStats:
    """A hero's numbers from its three chosen faces (D-COMP-2..4) and permanent items
    (D-MOVE-3, D-COMBAT-13 [design]). ``melee``/``ranged``: (dice, modifier) with the
    character's and the equipment's modifiers added (D-COMBAT-2); ``defence`` the equipment's
    plus the character's (plus permanent items); ``speed`` (D-MOVE-2/3); ``skills`` by name
    (D-SKILL-2: character + ability); ``keywords`` the equipment's; ``life`` the maximum."""

    melee: tuple[int, int]
    ranged: tuple[int, int]
    ranged_char: int
    defence: int
    speed: int
    skills: dict[str, int] = field(default_factory=dict)
    keywords: tuple[str, ...] = ()
    life: int = 1
    energy_cost: int = 0
    ability: str = ""


class FightHooks:
    """Part B's methods as part A calls them (see the module docstring). Mixed into
    ``DungeonRun`` before the machine, so ``self`` is the run."""

    #: part B's minor action kinds (abilities, items, buying; D-ACT-3). Each is a registered
    #: ``@action(kind)`` handler ``fn(run, seat, action)`` and may be offered in every window
    #: (D-ACT-5); every one's payload carries ``seat`` (the acting hero's seat).
    MINOR_KINDS: tuple[str, ...] = ()
    #: part B's Attack action kinds (D-ACT-1): performed by :meth:`do_attack`
    ATTACK_KINDS: tuple[str, ...] = ()

    def attack_options(self, hero: Any) -> list[Action]:
        """The Attack actions (melee or ranged, D-COMBAT-8..11) ``hero`` may take now, as
        actions of :attr:`ATTACK_KINDS`. Owner: part B."""
        return []

    def do_attack(self, hero: Any, a: Action) -> None:
        """Perform Attack action ``a`` of ``hero`` (D-COMBAT-1..16, energy D-COMBAT-6, defeat
        and treasure D-ENEMY-22..25). Part A has already spent the action. Owner: part B."""
        raise NotImplementedError("the dungeon's combat module (part B) is not installed")

    def minor_options(self, hero: Any, window: str) -> list[Action]:
        """The minor actions (D-ACT-3) ``hero`` may take in ``window`` (``"own"``, ``"other"``
        or ``"enemy"``, D-ACT-5 a/b/c) and can pay for; kinds of :attr:`MINOR_KINDS`. Owner:
        part B (part A adds the item hand-over, D-ACT-6)."""
        return []

    def activate_enemy(self, enemy: Any) -> None:
        """One enemy's activation (D-ENEMY-9..21, D-KEY-*), called by the enemy phase in
        priority order (D-ROUND-4/5) after window (c) was offered. Owner: part B; until it is
        installed, enemies do nothing."""

    def skill_check(self, hero: Any, skill: str, target: int, rule: str = "D-SKILL-1") -> bool:
        """D-SKILL-1/2: 4 dice plus the hero's skill modifier, success when at least ``target``
        dice total 6 or more. Part B may extend it (D-SKILL-4 item bonuses, rerolls)."""
        mod = self.hero_stats(hero).skills.get(skill, 0)  # type: ignore[attr-defined]
        faces = self.roll(4)  # type: ignore[attr-defined]
        got = sum(1 for f in faces if f + mod >= 6)
        ok = got >= target
        self.emit("skill", rule, "dungeon.skill_check",  # type: ignore[attr-defined]
                  {"hero": self.hero_ref(hero), "skill": skill, "target": target, "got": got,  # type: ignore[attr-defined]
                   "faces": list(faces), "mod": mod},
                  hero=hero.uid, skill=skill, target=target, faces=list(faces), mod=mod, success=ok)
        return ok

    def suffer_hits(self, hero: Any, hits: int, rule: str) -> None:
        """``hero`` suffers an attack of ``hits`` hits with a normal defence roll (D-ENEMY-5/7,
        D-COMBAT-13): one die per hit plus its defence, 6 or more cancels, else 1 damage. Part B
        may extend it (items that add defence, rerolls, window (c))."""
        d = self.hero_stats(hero).defence  # type: ignore[attr-defined]
        for _ in range(hits):
            if hero.dead:
                return
            face = self.roll(1)[0]  # type: ignore[attr-defined]
            saved = face + d >= 6
            self.emit("defence", rule, "dungeon.defence", {"hero": self.hero_ref(hero), "face": face, "mod": d},  # type: ignore[attr-defined]
                      hero=hero.uid, face=face, mod=d, saved=saved)
            if not saved:
                self.hurt_hero(hero, 1, rule)  # type: ignore[attr-defined]

    def end_of_round(self) -> None:
        """D-ROUND-7 step 1: ``regenerate`` (D-KEY-10/11), then the heroes' card and item effects
        that trigger at the end of the round, in seat order. Owner: part B."""

    def end_of_turn(self, hero: Any) -> None:
        """A hero's turn ends (D-ROUND-3): effects lasting "until the end of your turn" end
        (Whetstone, Grapnel Line). Part A clears ``hero.temp``; part B may do more."""
        hero.temp = {}

    def held_effects(self, hero: Any) -> list[str]:
        """The ``effect`` names of the items ``hero`` holds (D-ITEM-6: permanent ones keep
        working while held)."""
        d, items = self.s.dungeon, self.pack.items  # type: ignore[attr-defined]
        return [items[d.item_defs[u]].effect for u in hero.items if u in d.item_defs]

    def speed_bonus(self, hero: Any) -> int:
        """D-MOVE-3: +1 speed per Striders' Boots held (effect ``boots``). Part B may extend it."""
        return self.held_effects(hero).count("boots")

    def defence_bonus(self, hero: Any) -> int:
        """D-COMBAT-13 [design]: +1 defence per Warding Amulet held (effect ``ward``). Part B may
        extend it."""
        return self.held_effects(hero).count("ward")


__all__ = ["FightHooks", "HeroStats"]
