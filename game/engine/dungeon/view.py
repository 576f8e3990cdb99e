"""What the UI and bots may ask of a dungeon game (its :class:`DungeonView`): the heroes'
numbers, the map, where a hero may go and what a move would do, and why the rules refuse one.

Built on :class:`game.engine.query.View` (one seat's window on a game); the answers come from
the rule set's own code (``DungeonRun``), so a screen or a bot never re-derives a rule. The
co-operative dungeon has no secrets: every seat sees the same.
"""
from __future__ import annotations

import functools
from typing import Any

from ..board import Sq
from ..explain import Reason
from ..query import View
from ..rng import Rng
from . import combat as C
from .defs import Terrain
from .party import new_hero, party_problems
from .rules import DungeonRun
from .state import DungeonState, DungeonSub

#: the rule behind each reason code of :meth:`DungeonView.move_problem`
RULE_OF = {"not_a_square": "D-MOVE-6", "enemy": "D-MOVE-4", "figure": "D-MOVE-5", "too_far": "D-MOVE-1",
           "no_action": "D-ACT-1", "dead": "D-END-2", "not_your_turn": "D-ROUND-2",
           "no_enemy": "D-COMBAT-16", "no_ranged": "D-COMBAT-11", "not_adjacent": "D-COMBAT-8",
           "not_in_line": "D-COMBAT-10", "no_los": "D-COMBAT-9"}


class DungeonView(View):
    """A :class:`~game.engine.query.View` of a dungeon game with the dungeon's questions."""

    @functools.cached_property
    def _r(self) -> DungeonRun:  # (the rule set's run, as View's)
        return DungeonRun(self._s)

    # -- the table ---------------------------------------------------------------------------
    @property
    def dungeon(self) -> Any:
        """The dungeon's part of the state (:class:`~.state.DungeonSub`), read only."""
        return self._s.dungeon

    @property
    def round(self) -> int:
        return self._s.dungeon.round

    @property
    def round_limit(self) -> int:
        return self._r.defn.round_limit

    def stats(self, seat: int) -> Any:
        """The hero of ``seat``'s numbers (:class:`~.hooks.HeroStats`): D-COMP-2..4."""
        return self._r.hero_stats(self._s.dungeon.heroes[seat])

    def faces(self, seat: int) -> tuple:
        """The chosen faces of the hero of ``seat``'s three cards (D-COMP-5)."""
        return self._r.faces(self._s.dungeon.heroes[seat])

    def enemy_type(self, uid: str) -> Any:
        """The enemy card (16.6) of enemy ``uid``. Raises KeyError for an enemy not on the map."""
        e = self._s.dungeon.enemy(uid)
        if e is None:
            raise KeyError(uid)
        return self._r.enemy_type(e)

    def item(self, uid: str) -> Any:
        """The item card (16.4, :class:`~.defs.ItemDef`) of item uid ``uid`` (in the market or
        held). Raises KeyError naming the uid."""
        return self._r.item_def(uid)

    # -- the map -----------------------------------------------------------------------------
    @property
    def layout(self) -> Any:
        """The placed cards' :class:`~.layout.Layout` (terrain, cards, junctions, board)."""
        return self._r.lay

    def terrain(self, sq: Sq) -> Terrain | None:
        """D-TERRAIN: what ``sq`` is (None: void, D-MAP-3)."""
        return self._r.lay.terrain.get(sq)

    def unexplored(self) -> list[Sq]:
        """The unexplored exit half-squares (D-EXPLORE-1), in reading order."""
        return sorted(self._r.unexplored(), key=lambda q: (q[1], q[0]))

    def objective_squares(self) -> list[Sq]:
        """The squares of the objective's marker on placed cards of the objective's card (SR-1)."""
        obj = self._r.defn.objective
        return [sq for k, sq in self._r.lay.markers.get(obj.marker, ()) if self._s.dungeon.cards[k].card == obj.card]

    def sight(self, a: Sq, b: Sq, side: str = "hero") -> bool:
        """D-LOS-4/5 from ``a`` to ``b`` for a viewer of ``side``."""
        return self._r.sight(a, b, side)

    def walking(self, src: Sq, through_enemies: bool = False) -> dict[Sq, int]:
        """Movement points from ``src`` to every square a hero could walk to on the map as it
        is (water 2, D-TERRAIN-1), never through an enemy's square (D-MOVE-4) unless
        ``through_enemies``; other heroes ignored: for a bot's or a screen's distances."""
        from ..kernel import path_costs
        r = self._r
        foes = set() if through_enemies else {e.pos for e in self._s.dungeon.enemies}
        return {q: c // 100 for q, c in path_costs(r.geo(), src, cost=r._step_cost(None),
                                                  enter=lambda q: q not in foes).items()}

    # -- moves: where, what it does, why not -----------------------------------------------------
    def moves(self, seat: int) -> dict[Sq, tuple[int, int]]:
        """Where the hero of ``seat`` may end a Move now (D-MOVE): square -> (points, pits)."""
        h = self._s.dungeon.heroes[seat]
        if h.dead or h.pos is None:
            return {}
        return self._r.move_costs(h, self._r.hero_stats(h).speed)

    def move_preview(self, seat: int, sq: Sq) -> dict | None:
        """What a Move of the hero of ``seat`` to ``sq`` would do: ``{"points", "pits" (damage,
        D-TERRAIN-2), "explores" (D-EXPLORE-1)}``; None when it cannot go there."""
        m = self.moves(seat).get(sq)
        if m is None:
            return None
        return {"points": m[0], "pits": m[1], "explores": sq in self._r.unexplored()}

    def move_problem(self, seat: int, sq: Sq) -> Reason | None:
        """Why the hero of ``seat`` may not Move to ``sq`` now (a :class:`Reason`; codes in
        :data:`RULE_OF`), or None when it may."""
        s, h = self._s, self._s.dungeon.heroes[seat]
        if h.dead:
            return Reason("dead", {})
        if s.phase != "player" or s.active != seat:
            return Reason("not_your_turn", {})
        if s.actions_left <= 0:
            return Reason("no_action", {})
        if not self._r.lay.passable(sq):
            return Reason("not_a_square", {"sq": list(sq)})
        occ = self._r.occupied()
        if occ.get(sq) == "enemy":
            return Reason("enemy", {"sq": list(sq)})
        if sq in occ:
            return Reason("figure", {"sq": list(sq)})
        if sq not in self.moves(seat):
            return Reason("too_far", {"speed": self._r.hero_stats(h).speed})
        return None

    # -- fighting: previews and reasons (part B, :mod:`.fight`) ---------------------------------
    def attack_preview(self, seat: int, how: str, target: str) -> dict | None:
        """What the hero of ``seat``'s ``how`` attack on enemy ``target`` may do: dice, modifier,
        keywords and exact odds (``hit``/``critical`` per die, expected ``hits`` and ``damage``,
        ``any_damage``; D-COMBAT-1..13); None for an enemy not on the map."""
        e = self._s.dungeon.enemy(target)
        return None if e is None else self._r.attack_preview(self._s.dungeon.heroes[seat], how, e)

    def attack_problem(self, seat: int, how: str, target: str) -> Reason | None:
        """Why the hero of ``seat`` may not make that attack now (a :class:`Reason` whose code's
        rule is in :data:`RULE_OF`), or None."""
        e = self._s.dungeon.enemy(target)
        if e is None:
            return Reason("no_enemy", {"enemy": target})
        why = self._r.attack_problem(self._s.dungeon.heroes[seat], how, e)
        return None if why is None else Reason(why[0], {"how": how})

    def enemy_intent(self, uid: str) -> dict:
        """What enemy ``uid`` would do if it activated now (its hover card; D-ENEMY-10/18/19,
        D-KEY-6). Raises KeyError for an enemy not on the map."""
        e = self._s.dungeon.enemy(uid)
        if e is None:
            raise KeyError(uid)
        return self._r.enemy_intent(e)

    # -- rolls as the rules read them (for a screen that draws every die) ------------------------
    @staticmethod
    def roll_marks(event: Any) -> list[dict]:
        """Each die of roll event ``event`` (an ``attack_roll`` or a ``skill`` check) as the rules
        read it: ``[{"face", "total", "hit", "critical"}]`` in roll order. An attack die hits on a
        total of 6 or more, a hero's natural 6 is a critical and always hits (D-COMBAT-1/4/5); a
        check die succeeds on a total of 6 or more and is never a critical (D-SKILL-1). [] for any
        other event."""
        d = getattr(event, "data", None) or {}
        faces, mod = list(d.get("faces") or []), int(d.get("mod") or 0)
        if getattr(event, "kind", "") == "attack_roll":
            roll = C.AttackRoll(tuple(faces), mod, by_hero="enemy" not in d)
            return [{"face": f, "total": f + mod, "hit": roll.is_hit(i), "critical": roll.is_critical(i)}
                    for i, f in enumerate(faces)]
        if getattr(event, "kind", "") == "skill":
            roll = C.AttackRoll(tuple(faces), mod, by_hero=False)  # D-SKILL-1: a total of 6+, no critical
            return [{"face": f, "total": f + mod, "hit": roll.is_hit(i), "critical": False} for i, f in enumerate(faces)]
        return []


def party_preview(scenario: Any, party: list[Any]) -> list[dict]:
    """What a party would be, asked before the game starts (the hero builder; D-COMP-1..8,
    D-SETUP-3..7): one entry per hero of ``party`` (one ``(character, equipment, ability)`` per hero,
    ``"card:2"`` for a second face, as ``new_game`` takes it): ``{"faces": (character face,
    equipment face, ability face), "stats": HeroStats (life, speed, attacks, defence, skills, the
    ability's energy cost; the rule set's own ``hero_stats``), "problems": [the
    :func:`~.party.party_problems` entries of this hero, and the party's own]}``. Raises ValueError
    naming an unknown card or face."""
    heroes = [new_hero(scenario.pack, seat, c) for seat, c in enumerate(party)]
    s = DungeonState(scenario_id=scenario.defn.id, seed=0, rng=Rng.from_seed(0))
    s.dungeon = DungeonSub(scenario=scenario.defn.id, heroes=heroes)
    s.attach(scenario)
    run = DungeonRun(s)
    problems = party_problems(scenario.pack, heroes)
    return [{"faces": run.faces(h), "stats": run.hero_stats(h),
             "problems": [p for p in problems if p["seat"] in (None, h.seat)]} for h in heroes]


__all__ = ["DungeonView", "RULE_OF", "party_preview"]
