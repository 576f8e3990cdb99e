"""Read-only questions about a game state, for the UI, bots and tools.

:class:`View` answers what the rules know (item and enemy definitions, edge states, linked
tiles, inventory limits, line of sight, why a target is not legal) without changing anything.
It never mutates the state it is given.
"""
from __future__ import annotations

from .board import Board, EdgeState, Geometry, Sq
from .defs import EnemyDef, ItemDef
from .rules import INF, _Run
from .state import CharState, EnemyState, GameState


class View:
    """A read-only view of ``state`` (cheap to build; build a new one after each ``apply``)."""

    def __init__(self, state: GameState):
        self._r = _Run(state)
        self.state = state

    @property
    def board(self) -> Board:
        return self._r.b

    @property
    def geometry(self) -> Geometry:
        """Movement/LOS geometry for the current door states (squares, R-COMP-11..13)."""
        return self._r.g

    def item(self, card_uid: str) -> ItemDef:
        """The item definition of a card. Raises KeyError for an unknown card."""
        return self._r.idef(card_uid)

    def enemy_def(self, e: EnemyState) -> EnemyDef:
        return self._r.edef(e)

    def edge(self, a: Sq, b: Sq) -> EdgeState:
        """Current state of the edge between two orthogonal neighbours (R-COMP-4)."""
        return self._r.edge(a, b)

    def linked_tiles(self, tile_id: str) -> set[str]:
        """Tiles linked to ``tile_id`` right now (R-COMP-14)."""
        return self._r.linked_tiles(tile_id)

    def reacting_tiles(self) -> set[str]:
        """The active character's tile and the tiles linked to it (R-REACT-1)."""
        return self._r.active_and_linked()

    def inventory_limit(self, c: CharState) -> int:
        """Inventory slots of a character (R-INV-1, Hip Pouch bonus)."""
        return self._r.limit(c)

    def rapid_cost(self, c: CharState, extra: int) -> int:
        """Ammo an attack with ``extra`` rapid-fire dice costs (R-ATK-8/9, DV-8 Steady Burst)."""
        return self._r.rapid_cost(c, extra)

    def slot_of(self, c: CharState, card_uid: str) -> list[str]:
        """The inventory slot (a list of card uids) holding a card. Raises KeyError."""
        return self._r.find_slot(c, card_uid)

    def enemies_at(self, sq: Sq) -> list[EnemyState]:
        return self._r.enemies_at(sq)

    def units_at(self, sq: Sq) -> int:
        """Capacity units used in a square (R-COMP-8)."""
        return self._r.units_at(sq)

    def fire(self) -> set[Sq]:
        return self._r.fire()

    def los(self, a: Sq, b: Sq) -> bool:
        """Line of sight between two squares, fire and Blackout included (R-LOS)."""
        return self._r.los(a, b)

    def box_limit(self) -> int:
        """Item box capacity: 8, or 24 in solo mode (R-IBOX-4, R-SOLO-3)."""
        return self._r.box_limit()

    def boss(self) -> EnemyState | None:
        """The living boss, or None (R-BOSS)."""
        return self._r.boss()

    def boss_dial(self) -> tuple[int, int] | None:
        """(health left, full health) of the living boss (R-BOSS-7), or None."""
        b = self._r.boss()
        if b is None:
            return None
        hp = self._r.enemy_hp(b)
        return hp - b.wounds, hp

    def enraged(self, e: EnemyState) -> bool:
        """DV-6 Enrage (Stalker Stage Two at half its dial or less)."""
        return self._r.enraged(e)

    def enrage_at(self, e: EnemyState) -> int | None:
        """The dial value at or below which this boss is enraged (solo threshold in solo), or None."""
        d = self._r.edef(e)
        if self._r.solo() and d.solo_enrage_at is not None:
            return d.solo_enrage_at
        return d.enrage_at

    def behaviour_counts(self) -> tuple[int, int]:
        """(cards in the behaviour deck, cards in its discard pile) (R-BOSS-11/17)."""
        p = self.state.piles
        return len(p.get("behaviour", [])), len(p.get("behaviour_discard", []))

    def enemy_hp(self, e: EnemyState) -> int:
        """Hit points of an enemy (solo bosses: R-SOLO-5)."""
        return self._r.enemy_hp(e)

    def sustained(self) -> list[dict]:
        """Sustained effects in play (R-SUST), each a dict: ``name`` (Jammed, Shaken, Blackout,
        Frenzy), ``tile`` (tile id), ``char`` (character id), ``seat`` (seat that drew it),
        ``turn`` (turn number it was drawn in), ``ends`` ("end_of_turn": at the end of that
        seat's next turn; "action_phase": at the end of that seat's next action phase), ``card``."""
        return [dict(v, card=k) for k, v in self.state.flags.get("sustain", {}).items()]

    def danger_band(self) -> str:
        """"low", "high" or "extreme" (DV-4)."""
        return self._r.band()

    def target_reason(self, c: CharState, weapon_uid: str, target_pos: Sq) -> str | None:
        """Why ``c`` cannot attack a target at ``target_pos`` with this weapon, or None if the
        geometry allows it (range R-RANGE, line of sight R-LOS, ammo R-ATK-9)."""
        d = self.item(weapon_uid)
        w = d.weapon
        if w is None:
            return f"the {d.name} is not a weapon"
        card = self.state.cards[weapon_uid]
        if w.capacity is not None and (card.ammo or 0) < 1:
            return f"the {d.name} is empty (R-ATK-9)"
        if c.pos is None:
            return "not in the play area"
        dr = self._r.g.dR(c.pos, target_pos)
        if dr == INF:
            return "on another floor (R-COMP-13)"
        if dr < w.min_range:
            return f"too close for the {d.name} (minimum range {w.min_range})"
        if w.range is not None and dr > w.range:
            return f"out of range: {int(dr)} squares, the {d.name} reaches {w.range} (R-RANGE-2)"
        if not self.los(c.pos, target_pos):
            return "no line of sight (R-LOS-3)"
        return None
