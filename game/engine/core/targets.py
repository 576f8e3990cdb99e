"""Who may be attacked, and with what: the one source of the target rules (issue 23 item 2).

The legal-action generator (:meth:`game.engine.core.combat.Combat.attack_options`, inlined for
speed) and the rule set's explanations (:data:`game.engine.explain.TARGET_CHECKS`, which say why a
target is refused) both ask these functions, so they cannot disagree on a rule:

* R-ATK-9 :func:`dial_empty`: a weapon whose ammo dial shows 0 cannot attack;
* R-BOSS-9 :func:`boss_out_of_reach`: an enemy whose card says it is a boss (:func:`is_boss`)
  can be attacked only from its own tile;
* R-COMP-13 :func:`other_region`: no range across regions (floors);
* R-RANGE-2 :func:`range_problem`: the range distance within the weapon's minimum and maximum;
* R-LOS-3: line of sight is the run's ``los`` (:meth:`game.engine.core.common.Common.los`, fire and
  Blackout included), asked by both.

Pure functions of their arguments; no state is changed.
"""
from __future__ import annotations

from typing import Any

from ..board import Sq


def is_boss(edef: Any) -> bool:
    """R-BOSS-6: an enemy is a boss when its reference card says so (``"boss"`` among its rules),
    whether or not it is the scenario's registered boss (``core.boss``)."""
    return "boss" in edef.rules


def boss_out_of_reach(edef: Any, attacker_tile: str, target_tile: str) -> bool:
    """R-BOSS-9: characters not on the boss's tile cannot attack the boss. True when enemy type
    ``edef`` is a boss (:func:`is_boss`) and the attacker's tile is not the target's."""
    return attacker_tile != target_tile and is_boss(edef)


def other_region(region_a: int, region_b: int) -> bool:
    """R-COMP-13: the range distance between squares of two regions is infinite (no attack)."""
    return region_a != region_b


def range_distance(a: Sq, b: Sq) -> int:
    """R-COMP-13: the range distance of two squares of one region, ``max(|dx|, |dy|)`` (squares)."""
    dx = a[0] - b[0] if a[0] >= b[0] else b[0] - a[0]
    dy = a[1] - b[1] if a[1] >= b[1] else b[1] - a[1]
    return dx if dx >= dy else dy


def range_problem(weapon: Any, dr: int) -> str | None:
    """R-RANGE-2: ``"too_close"`` when range distance ``dr`` is under the weapon's minimum range,
    ``"out_of_range"`` over its range (None: unlimited), else None."""
    if dr < weapon.min_range:
        return "too_close"
    if weapon.range is not None and dr > weapon.range:
        return "out_of_range"
    return None


def dial_empty(weapon: Any, ammo: int | None) -> bool:
    """R-ATK-9: a weapon with an ammo dial (a ``capacity``) that shows 0 (or none) cannot attack."""
    return weapon.capacity is not None and (ammo or 0) < 1


__all__ = ["is_boss", "boss_out_of_reach", "other_region", "range_distance", "range_problem", "dial_empty"]
