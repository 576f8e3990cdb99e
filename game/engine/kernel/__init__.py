"""The tactics kernel: functions over a board and a state's facts that every mode composes.

The city (:mod:`game.engine.core`), the mansion and the coming modes (the dungeon of
``rules/dungeon.md``, versus) call these with explicit parameters (a capacity, a movement rule,
terrain costs, the blockers a viewer sees) instead of inheriting them from ``CoreRun``:

=============  =============================================================================
module         owns
=============  =============================================================================
space          occupancy and capacity: units per square, room for a model (R-COMP-8, D-MOVE-5)
moves          movement and paths: 8-way with the wall-corner rule or orthogonal, entering
               costs, terrain that hurts (R-MOVE-3/4, R-COMP-6/12, D-MOVE-1/4/5/6, D-TERRAIN-1/2)
=============  =============================================================================

Everything here is pure: no state is changed, no random number drawn except from an ``rng``
handed in, and the answers depend only on the arguments.
"""
from __future__ import annotations

from .moves import EIGHT_WAY, ORTHOGONAL, MoveRule, cheapest_path, geometry, harm_along, path_costs
from .space import CAPACITY, has_room, units_by_square

__all__ = ["CAPACITY", "EIGHT_WAY", "ORTHOGONAL", "MoveRule", "cheapest_path", "geometry", "harm_along", "has_room",
           "path_costs", "units_by_square"]
