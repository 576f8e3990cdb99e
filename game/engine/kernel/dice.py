"""Dice pools whose faces come from content (DV-1's blue and red dice, the dungeon's d6s).

A die is the tuple of its faces, one per side, as the content lists them; a pool is a sequence of
dice. Rolling draws ``rng.below(len(faces))`` per die in pool order from the game's own random
stream (:class:`~game.engine.rng.Rng`), so the same seed gives the same faces in every mode. The
odds a preview shows are computed from the same faces (:func:`chance_any`,
:func:`best_face_odds`): changing a face in content changes both the roll and the odds.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Protocol, TypeVar

F = TypeVar("F")


class Below(Protocol):
    def below(self, n: int) -> int: ...


def roll_pool(rng: Below, pool: Sequence[Sequence[F]]) -> list[F]:
    """One face per die of ``pool``, in pool order (R-DIE-1): each die's side is
    ``rng.below(number of its faces)``. Raises ValueError for a die without faces."""
    out = []
    for faces in pool:
        if not faces:
            raise ValueError("a die in the pool has no faces")
        out.append(faces[rng.below(len(faces))])
    return out


def face_chance(faces: Sequence[F], test: Callable[[F], bool]) -> Fraction:
    """The chance that one roll of the die ``faces`` shows a face passing ``test`` (every side
    equally likely)."""
    return Fraction(sum(1 for f in faces if test(f)), len(faces))


def chance_any(pool: Sequence[Sequence[F]], test: Callable[[F], bool]) -> Fraction:
    """The chance that at least one die of ``pool`` shows a face passing ``test`` (an evade roll
    against a tier, R-EVADE-1; a hit, R-ATK-2). 0 for an empty pool."""
    miss = Fraction(1)
    for faces in pool:
        miss *= 1 - face_chance(faces, test)
    return 1 - miss


def best_face_odds(pool: Sequence[Sequence[F]], rank: Callable[[F], int]) -> dict[int, Fraction]:
    """The distribution of the best rank among the faces rolled (an attack keeps its best face,
    R-ATK-2): ``{rank: chance}``, the chances summing to 1; ``{}`` for an empty pool."""
    dist: dict[int, Fraction] = {}
    for faces in pool:
        die: dict[int, Fraction] = {}
        for f in faces:
            r = rank(f)
            die[r] = die.get(r, Fraction(0)) + Fraction(1, len(faces))
        if not dist:
            dist = die
            continue
        nxt: dict[int, Fraction] = {}
        for r1, p1 in dist.items():
            for r2, p2 in die.items():
                r = max(r1, r2)
                nxt[r] = nxt.get(r, Fraction(0)) + p1 * p2
        dist = nxt
    return dist
