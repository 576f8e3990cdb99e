"""Previews before committing: the chance of each attack result, the chance of an evade roll, the
squares a weapon reaches, and which enemies will react to the end of the action phase (and whether
each attacks or moves).

Figures come from the dice of DV-1 (``BLUE`` and ``RED`` below) and the public read-only View; the
play scene draws them (hover cards, the attack menu, overlays while a weapon row or End phase is
hovered). Nothing here changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action, GameState
from ..engine.query import View
from ..i18n import _, _f

Sq = tuple[int, int]
ORDER = ("BLANK", "HIT", "HIT_PLUS", "CRIT")  # R-ATK-4: the best symbol counts
# DV-1: faces of one die, as counts out of 6
BLUE = {"BLANK": 2, "HIT": 2, "HIT_PLUS": 1, "CRIT": 1}
RED = {"BLANK": 1, "HIT": 1, "HIT_PLUS": 2, "CRIT": 2}
DICE = {"blue": BLUE, "red": RED}


def best_face_odds(dice: list[str]) -> dict[str, float]:
    """Probability of each best face ("BLANK" = every die blank) when rolling ``dice`` (colours), DV-1.
    Raises KeyError for an unknown colour."""
    at_most = []
    for i in range(len(ORDER)):
        p = 1.0
        for colour in dice:
            faces = DICE[colour]
            p *= sum(faces[f] for f in ORDER[: i + 1]) / 6
        at_most.append(p)
    out = {}
    prev = 0.0
    for f, p in zip(ORDER, at_most):
        out[f] = p - prev
        prev = p
    return out


def attack_dice(state: GameState, a: Action) -> list[str]:
    """The dice an attack action rolls: the weapon's own plus blue rapid-fire dice (R-ATK-2, R-ATK-8);
    none against a barrel (R-BARREL-1)."""
    if state.enemy(a.target) is None:
        return []
    w = View(state).item(a.item).weapon
    return [w.dice] * w.count + ["blue"] * (a.n or 0)


def attack_odds_text(state: GameState, a: Action) -> str:
    """'miss 33% · hit 33% · hit+ 17% · critical 17%' for an attack action ('' against a barrel)."""
    dice = attack_dice(state, a)
    if not dice:
        return ""
    o = best_face_odds(dice)
    names = {"BLANK": _("miss"), "HIT": _("hit"), "HIT_PLUS": _("hit+"), "CRIT": _("critical")}
    return " · ".join(f"{names[f]} {round(o[f] * 100)}%" for f in ORDER)


def evade_chance(n_dice: int, tier: int) -> float:
    """Chance that ``n_dice`` blue dice evade at difficulty ``tier`` 1..3 (R-EVADE-1/2, DV-1/DV-2)."""
    need = ORDER[min(3, max(1, tier)):]
    fail = sum(c for f, c in BLUE.items() if f not in need) / 6
    return 1.0 - fail ** n_dice


TIER_OF_BASE = {"small": 1, "medium": 2, "large": 3}  # R-EVADE-2


@dataclass
class EvadePreview:
    enemy: str  # name of the enemy that attacks first
    tier: int
    chance: float


def acting_here(state: GameState) -> EvadePreview | None:
    """If the active survivor shares its square with enemies, the attack that acting there (anything
    but an attack) provokes first (R-OOS-3): the most threatening enemy, the evade difficulty with one
    step per other enemy there that could attack (R-EVADE-3, an estimate of R-EVADE-5's count), and
    the chance to evade with the survivor's dice. None if no enemy is there or it is a boss."""
    c = state.active_char
    if c.pos is None:
        return None
    q = View(state)
    here = [e for e in q.enemies_at(tuple(c.pos)) if "boss" not in q.enemy_def(e).rules]
    if not here:
        return None
    first = max(here, key=lambda e: q.enemy_def(e).threat)
    d = q.enemy_def(first)
    base = TIER_OF_BASE.get(getattr(d.base, "value", str(d.base)), 1)
    cdef = state.scenario.content.characters[c.cid]
    extra = 0 if cdef.special == "steel_nerves" else len(here) - 1  # DV-8 Steel Nerves
    tier = min(3, base + extra)
    return EvadePreview(d.name, tier, evade_chance(cdef.evade_dice, tier))


def weapon_reach(state: GameState, weapon_uid: str) -> set[Sq]:
    """Squares the active survivor could target with this weapon now: within its range and in line
    of sight (R-RANGE-2, R-LOS), min range respected; ammo is not considered."""
    q = View(state)
    c = state.active_char
    w = q.item(weapon_uid).weapon
    if w is None or c.pos is None:
        return set()
    me = tuple(c.pos)
    out = set()
    g = q.geometry
    for s in q.board.square_tile:
        d = g.dR(me, s)
        if d < w.min_range or (w.range is not None and d > w.range):
            continue
        if q.los(me, s):
            out.add(s)
    return out


@dataclass
class Reaction:
    uid: str
    does: str  # "attack" or "move"


def reactions_if_phase_ends(state: GameState) -> tuple[set[str], list[Reaction]]:
    """What ending the action phase now would wake (R-REACT-1/4): the reacting tiles (the active tile
    and the tiles linked to it) and, for each non-boss enemy on them, whether a survivor is within its
    basic attack's range and sight (it attacks) or not (it moves). The tension card's special attacks
    are not foreseen."""
    q = View(state)
    tiles = set(q.reacting_tiles())
    out = []
    survivors = [c for c in state.characters if c.conscious]
    for e in state.enemies:
        d = q.enemy_def(e)
        if "boss" in d.rules or q.tile_id(tuple(e.pos)) not in tiles:
            continue
        att = d.basic
        hits = any(q.geometry.dR(tuple(e.pos), tuple(c.pos)) <= att.range and q.los(tuple(e.pos), tuple(c.pos))
                   for c in survivors)
        out.append(Reaction(e.uid, "attack" if hits else "move"))
    return tiles, out


def evade_text(p: EvadePreview) -> str:
    return _f("Acting here (except attacking) provokes the {name} first: evade difficulty {tier}, "
              "{pct}% to evade (R-OOS-3).", name=_(p.enemy), tier=p.tier, pct=round(p.chance * 100))
