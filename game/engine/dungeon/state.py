"""The dungeon's state: heroes and enemies as data, the placed cards, the dice pool, the item
deck and market, the round (D-COMP, D-ROUND, D-MAP, D-ENEMY-8, D-ITEM).

A :class:`DungeonState` is the engine's :class:`~game.engine.state.GameState` (record, queue,
pending decision, random stream, flow of turns) plus :attr:`DungeonState.dungeon`, a
:class:`DungeonSub`. Everything is plain JSON-ready data, so saves, replays and undo work as for
every rule set. Seat ``k`` plays hero ``k`` (D-SETUP-13: seats in creation order; D-OVR-3: one
person may hold several seats at a hot-seat table).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..board import Sq
from ..state import GameState, Plain


@dataclass(slots=True)
class HeroState(Plain):
    """One hero (D-COMP-1, D-COMP-7/8).

    ``character``/``equipment``/``ability``: card ids; ``faces``: the face index picked for each
    of the three (0 = first face, 1 = second; D-COMP-5/6). ``life`` 0..max life, ``energy`` and
    ``treasure`` 0..20 (D-COMP-8). ``items``: item card uids held (``DungeonSub.item_defs`` maps
    them to definitions). ``turn_done``: its turn this round is over (D-ROUND-2/3, cleared in the
    refresh phase, D-ROUND-7). ``stunned``: skips its next turn (D-KEY-6). ``temp``: bonuses that
    last until the end of its turn, by name (items: Whetstone, Grapnel Line)."""

    uid: str
    seat: int
    character: str
    equipment: str
    ability: str
    faces: list[int] = field(default_factory=lambda: [0, 0, 0])
    pos: Sq | None = None
    life: int = 0
    energy: int = 0
    treasure: int = 0
    items: list[str] = field(default_factory=list)
    dead: bool = False
    stunned: bool = False
    turn_done: bool = False
    temp: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class EnemyFig(Plain):
    """One enemy: a die on the map (D-ENEMY-1). ``colour`` and ``face`` (1..6) give its type by
    the die-face table (16.5); ``life`` its pips now, ``max_life`` the pips it was placed with
    (D-ENEMY-23). ``spawn`` its placing order (D-ROUND-5), ``group`` the encounter that placed it
    (D-ENEMY-11 c), ``card`` the placement index of that card; ``alerted`` (D-ENEMY-11),
    ``stunned`` (D-KEY-5/6); ``placed_round``/``placed_phase`` when it appeared (D-ACT-5: enemies
    placed during the enemy phase first act next round)."""

    uid: str
    colour: str
    face: int
    type: str
    pos: Sq
    life: int
    max_life: int
    spawn: int
    group: int = 0
    card: int = 0
    alerted: bool = False
    stunned: bool = False
    placed_round: int = 0
    placed_phase: str = ""


@dataclass(slots=True)
class PlacedMap(Plain):
    """A placed map card (D-MAP-3/4): card id, slot, clockwise rotation in degrees."""

    card: str
    slot: tuple[int, int]
    rot: int = 0


@dataclass(slots=True)
class DungeonSub(Plain):
    """The dungeon's own part of the state.

    ``scenario``: the dungeon scenario id; ``round``: the round number, from 1 (D-ROUND-7);
    ``heroes``/``enemies``; ``cards``: placed map cards in placing order (the start card first);
    ``sequence``: the card ids not placed yet, in order (D-EXPLORE-5); ``closed``: exit squares
    that can no longer be explored (dead ends and joined exits, D-EXPLORE-5/6); ``deck``: item
    card uids face down, top first; ``market``: the face-up item uids (D-ITEM-1, D-SETUP-8);
    ``item_defs``: item uid -> item definition id; ``next_spawn``: the next enemy spawn number;
    ``encounters``: how many encounters have placed enemies (group ids); ``claimed``: the
    objective was met (D-END-4); ``sets``: card sets in play (D-SETUP-6); ``acted``: enemy uids
    that activated this enemy phase; ``log``: small counters the simulator reads (deaths);
    ``moving``: the points left in the active hero's Move made step by step (-1: no Move in
    progress; D-ACT-5 a: minor actions between two steps of a move)."""

    scenario: str = ""
    round: int = 1
    heroes: list[HeroState] = field(default_factory=list)
    enemies: list[EnemyFig] = field(default_factory=list)
    cards: list[PlacedMap] = field(default_factory=list)
    sequence: list[str] = field(default_factory=list)
    closed: list[Sq] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    market: list[str] = field(default_factory=list)
    item_defs: dict[str, str] = field(default_factory=dict)
    next_spawn: int = 1
    encounters: int = 0
    claimed: bool = False
    sets: int = 1
    acted: list[str] = field(default_factory=list)
    log: dict[str, int] = field(default_factory=dict)
    moving: int = -1

    def hero(self, uid: str) -> HeroState:
        """The hero with ``uid``. Raises KeyError."""
        for h in self.heroes:
            if h.uid == uid:
                return h
        raise KeyError(uid)

    def enemy(self, uid: str) -> EnemyFig | None:
        """The enemy with ``uid`` on the map, or None."""
        for e in self.enemies:
            if e.uid == uid:
                return e
        return None

    def living(self) -> list[HeroState]:
        """The living heroes in seat order (D-END-2)."""
        return [h for h in self.heroes if not h.dead]


@dataclass(slots=True, kw_only=True, eq=False)
class DungeonState(GameState):
    """A game of the dungeon crawl (rule set ``"dungeon"``)."""

    rules: str = "dungeon"
    dungeon: DungeonSub = field(default_factory=DungeonSub)


def plain(d: Any) -> Any:
    """``d`` as JSON-ready data (for events)."""
    return d.model_dump(mode="json") if hasattr(d, "model_dump") else d


__all__ = ["DungeonState", "DungeonSub", "EnemyFig", "HeroState", "PlacedMap"]
