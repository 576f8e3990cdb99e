"""The co-operative dungeon crawl (``../shared/rules/dungeon.md``, prefix ``D-``).

Its own rule set (``"dungeon"``) on the shared machine, the tactics kernel and flow tables;
not a fork of the city. Modules:

- ``defs``: content shapes (map cards, hero cards with two faces, enemy types and dice, items,
  scenarios, the pack); read by ``game.content.dungeon_pack`` from ``assets/data/dungeon/``;
- ``layout``: slots, rotation, junctions, the kernel board of the placed cards (D-MAP);
- ``state``: ``DungeonState`` = ``GameState`` + ``DungeonSub`` (heroes, enemies as data);
- ``rules`` (part A, helper ``dungeon``): set-up, round, actions, end; registers the rule set;
  over ``explore`` (LOS, movement, exploration, enemy placement) and ``party`` (heroes from their
  cards, the party checks, how a save names the party);
- ``hooks``: THE SEAM between part A and part B: ``FightHooks`` lists every method part A calls
  (``attack_options``, ``do_attack``, ``minor_options``, ``activate_enemy``, ``skill_check``,
  ``suffer_hits``, ``end_of_round``, ``end_of_turn``, ``speed_bonus``, ``defence_bonus``;
  ``MINOR_KINDS``/``ATTACK_KINDS``) and what part A offers (``hero_stats``, ``hurt_hero``,
  ``gain``, ``sight``, ``move_costs``/``walk``, ``explore_at``, ``roll``, ``figures_on_card``);
- ``fight`` (part B, helper ``dfight``): ``class Fight(FightHooks)``, the mixin of
  ``DungeonRun(Fight, Core, Machine)``; combat, behaviour, damage/treasure, skill checks,
  keywords, previews (attack odds, why an attack is refused, an enemy's intent), over ``minors``
  (abilities, the market and items, D-ACT-3..7);
  its rules are pure functions in ``combat`` (D-COMBAT, combat keywords, odds), ``behaviour``
  (D-ENEMY-9..25: movement with pits, attack squares, priorities, the activation with the LOS
  filter, treasure), ``skills`` (D-SKILL) and ``items`` (D-ITEM: effects, market, permanent
  bonuses).

Play: ``game.content.dungeon_pack.dungeon_scenario("sunken_reliquary")`` and
``game.engine.api.new_game(scn, [("brannoc", "warbrand", "battle_surge"), ...], seed)``; a
card id ``"card:2"`` picks its second face (D-COMP-5/6). Test kit: ``tests/dungeon_kit.py``.
"""
from . import rules  # noqa: F401  (registers the rule set)
from .view import DungeonView

__all__ = ["DungeonView"]
