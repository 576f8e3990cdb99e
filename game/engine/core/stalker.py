"""The Stalker: one model, pursuit, forced entry, supply drop (R-STALK)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, faces_text, passes_through, set_dial_if_new


class Stalker:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    def stalker(self) -> EnemyState | None:
        edefs = self._fx_enemies  # (self.edef(e), inline)
        for e in self.s.enemies:
            if "stalker" in edefs[e.type].rules:
                return e
        return None

    def pursuit(self) -> dict | None:
        """R-STALK-6: a Stalker with no route to any survivor is removed and comes back on the
        active character's tile (keeping its wounds), unless that tile holds a boss."""
        st = self.stalker()
        c = self.s.active_char
        if st is None or c.pos is None or "pursuit" not in self.edef(st).rules:
            return None
        for x in self.conscious():
            if self.dE_map(x.pos, forced=True).get(st.pos, INF) < INF:
                return None
        boss = self.boss()
        if boss is not None and self.tile_id(boss.pos) == self.tile_id(c.pos):
            return None
        self.s.enemies.remove(st)
        self.s.core.stalker_wounds = st.wounds
        self.emit("stalker", "R-STALK-6", "stalker.lost_trail", enemy=st.uid)
        return {"t": "spawn", "tile": self.tile_id(c.pos), "types": [st.type], "ref": list(c.pos)}
