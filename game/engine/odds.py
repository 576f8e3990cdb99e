"""Odds of the dice, worked out from the faces content gives them (DV-1, ``dice.yaml``): the chance of
each best symbol of an attack roll (R-ATK-2/4) and the chance of an evade roll (R-EVADE-1, DV-2).

Pure functions over ``faces``, a mapping colour -> the die's six faces (``Content.dice``), so a die
changed in content changes the odds the previews show. :class:`game.engine.query.View` answers them
for a game; the UI only words and draws them.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .defs import Face, face_meets_tier
from .kernel import best_face_odds as kernel_best_face_odds
from .kernel import chance_any

#: attack symbols from worst to best (R-ATK-4: the best symbol rolled counts)
ORDER: tuple[Face, ...] = (Face.BLANK, Face.HIT, Face.HIT_PLUS, Face.CRIT)


def attack_dice(weapon, extra: int = 0) -> list[str]:
    """The colours an attack with ``weapon`` (an item's WeaponDef) rolls: its own ``count`` dice of its
    colour, plus ``extra`` rapid-fire dice, always blue (R-ATK-2 step 3, R-ATK-8)."""
    return [weapon.dice] * weapon.count + ["blue"] * extra


def best_face_odds(faces: Mapping[str, Sequence[Face]], dice: Sequence[str]) -> dict[str, float]:
    """Chance of each best symbol (R-ATK-4) when rolling ``dice`` (colours): a dict keyed by the
    symbol's name ("BLANK" = every die blank, "HIT", "HIT_PLUS", "CRIT"), values summing to 1 (an empty
    roll is a sure "BLANK"). Raises KeyError for a colour ``faces`` does not define (DV-1). (The
    tactics kernel's :func:`~game.engine.kernel.best_face_odds` does the sums.)"""
    if not dice:
        return {f.value: float(f is Face.BLANK) for f in ORDER}
    dist = kernel_best_face_odds([faces[colour] for colour in dice], rank=lambda f: f.rank)
    return {f.value: float(dist.get(f.rank, 0)) for f in ORDER}


def evade_chance(faces: Mapping[str, Sequence[Face]], n_dice: int, tier: int) -> float:
    """Chance that ``n_dice`` blue dice evade an attack of difficulty ``tier`` (1..3): at least one
    face meets the tier (R-EVADE-1, DV-1's evade table, R-EVADE-4: the tier is capped at 3). A float
    in [0, 1]; 0 for no dice. Raises KeyError if ``faces`` has no blue die. (The kernel's
    :func:`~game.engine.kernel.chance_any`.)"""
    tier = min(3, max(1, tier))
    return float(chance_any([faces["blue"]] * n_dice, lambda f: face_meets_tier(f, tier)))
