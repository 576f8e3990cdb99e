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
sight          line of sight with blockers per viewer: centre to centre over edges (R-LOS-1..3),
               corner to corner over blocked squares (D-LOS-1..5), centre to centre with ways
               round corners and facing arcs (V-LOS-2..4, V-CC-8)
dice           dice pools with faces from content: rolls and their odds (DV-1, R-DIE-1)
damage         damage and recovery on a track, wounds against hit points (R-HEALTH-2/3, R-ENEMY-2)
growth         a board that grows in play: a card of squares placed at an exit, rotated (D-MAP-4,
               D-EXPLORE-3/4); an edge that changes (a wall destroyed)
=============  =============================================================================

Everything here is pure: no state is changed, no random number drawn except from an ``rng``
handed in, and the answers depend only on the arguments.
"""
from __future__ import annotations

from .damage import track_damage, track_recover, wound
from .growth import Card, change_edge, grow, grown, rotate
from .dice import best_face_odds, chance_any, face_chance, roll_pool
from .moves import EIGHT_WAY, ORTHOGONAL, MoveRule, cheapest_path, geometry, harm_along, path_costs, path_tree, reach, way_to
from .sight import arc, corner_sight, detour_sight, facing_side, hostile_squares, line_of_sight
from .space import CAPACITY, has_room, units_by_square

__all__ = ["arc", "detour_sight", "facing_side", "CAPACITY", "Card", "change_edge", "grow", "grown", "rotate", "EIGHT_WAY", "ORTHOGONAL", "MoveRule", "best_face_odds", "chance_any", "cheapest_path", "way_to",
           "corner_sight", "face_chance", "geometry", "harm_along", "has_room", "hostile_squares", "line_of_sight",
           "path_costs", "path_tree", "reach", "roll_pool", "track_damage", "track_recover", "units_by_square", "wound"]
