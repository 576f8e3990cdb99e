"""Damage and recovery on a track, and wounds against a health value.

The city's survivors move a health marker along a track (R-HEALTH-2/3: 1 Fine .. 5 Danger, 6
unconscious); its enemies collect wounds up to their hit points (R-ENEMY-2..4, R-BOSS-7); the
dungeon's figures lose life and take terrain damage (D-TERRAIN-2/3). These are the numbers only:
what a mode tells the players and what happens at the end of a track stay with the mode.
"""
from __future__ import annotations


def track_damage(pos: int, n: int, last: int) -> int:
    """R-HEALTH-2: the marker ``pos`` moved ``n`` steps toward ``last`` (the end of the track,
    never passed). ``n`` <= 0 changes nothing."""
    return pos if n <= 0 else min(last, pos + n)


def track_recover(pos: int, n: int, first: int = 1) -> int:
    """R-HEALTH-3: the marker ``pos`` moved ``n`` steps back toward ``first``, never past it."""
    return pos if n <= 0 else max(first, pos - n)


def wound(wounds: int, n: int, hp: int) -> tuple[int, bool]:
    """R-ENEMY-2/3: ``n`` more wounds on a model with ``hp`` hit points that has ``wounds``:
    ``(wounds now, killed)``, killed when the wounds reach the hit points."""
    w = wounds + n
    return w, w >= hp
