"""Odds of the dice, worked out from the faces content gives them (DV-1, ``dice.yaml``): the chance of
each best symbol of an attack roll (R-ATK-2/4) and the chance of an evade roll (R-EVADE-1, DV-2).

Pure functions over ``faces``, a mapping colour -> the die's six faces (``Content.dice``), so a die
changed in content changes the odds the previews show. :class:`game.engine.query.View` answers them
for a game; the UI only words and draws them.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .defs import Face, face_meets_tier

#: attack symbols from worst to best (R-ATK-4: the best symbol rolled counts)
ORDER: tuple[Face, ...] = (Face.BLANK, Face.HIT, Face.HIT_PLUS, Face.CRIT)


def attack_dice(weapon, extra: int = 0) -> list[str]:
    """The colours an attack with ``weapon`` (an item's WeaponDef) rolls: its own ``count`` dice of its
    colour, plus ``extra`` rapid-fire dice, always blue (R-ATK-2 step 3, R-ATK-8)."""
    return [weapon.dice] * weapon.count + ["blue"] * extra


def best_face_odds(faces: Mapping[str, Sequence[Face]], dice: Sequence[str]) -> dict[str, float]:
    """Chance of each best symbol (R-ATK-4) when rolling ``dice`` (colours): a dict keyed by the
    symbol's name ("BLANK" = every die blank, "HIT", "HIT_PLUS", "CRIT"), values summing to 1 (an empty
    roll is a sure "BLANK"). Raises KeyError for a colour ``faces`` does not define (DV-1)."""
    out: dict[str, float] = {}
    prev = 0.0
    for i, best in enumerate(ORDER):
        allowed = {f for f in ORDER[: i + 1]}
        p = 1.0  # chance that no die shows better than ``best``
        for colour in dice:
            die = faces[colour]
            p *= sum(1 for f in die if f in allowed) / len(die)
        out[best.value] = p - prev
        prev = p
    return out


def evade_chance(faces: Mapping[str, Sequence[Face]], n_dice: int, tier: int) -> float:
    """Chance that ``n_dice`` blue dice evade an attack of difficulty ``tier`` (1..3): at least one
    face meets the tier (R-EVADE-1, DV-1's evade table, R-EVADE-4: the tier is capped at 3). A float
    in [0, 1]; 0 for no dice. Raises KeyError if ``faces`` has no blue die."""
    tier = min(3, max(1, tier))
    die = faces["blue"]
    fail = sum(1 for f in die if not face_meets_tier(f, tier)) / len(die)
    return 1.0 - fail ** n_dice
