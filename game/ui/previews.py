"""Previews before committing: the chance of each attack result, the chance of an evade roll, the
squares a weapon reaches, and which enemies will react to the end of the action phase (and whether
each attacks or moves).

Figures come from the public read-only View (odds from the content's own dice, DV-1); the
play scene draws them (hover cards, the attack menu, overlays while a weapon row or End phase is
hovered). Nothing here changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action, GameState
from ..engine.query import View
from ..i18n import _, _f

Sq = tuple[int, int]
ORDER = ("BLANK", "HIT", "HIT_PLUS", "CRIT")  # the order the odds are worded in (R-ATK-4)


def attack_odds_text(state: GameState, a: Action) -> str:
    """'miss 33% · hit 33% · hit+ 17% · critical 17%' for an attack action ('' against a barrel); the
    figures are View.attack_odds, worked out from the content's dice (DV-1)."""
    o = View(state).attack_odds(a)
    if o is None:
        return ""
    names = {"BLANK": _("miss"), "HIT": _("hit"), "HIT_PLUS": _("hit+"), "CRIT": _("critical")}
    return " · ".join(f"{names[f]} {round(o[f] * 100)}%" for f in ORDER)


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
    return EvadePreview(d.name, tier, q.evade_odds(cdef.evade_dice, tier))


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
