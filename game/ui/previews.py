"""Previews before committing: the chance of each attack result, the chance of an evade roll, the
squares a weapon reaches, and which enemies will react to the end of the action phase (and whether
each attacks or moves).

Every figure comes from the engine through the public read-only View (odds from the content's own
dice, DV-1; who attacks first and the evade difficulty; the reach; the reactions); this module only
words them and the play scene draws them (hover cards, the attack menu, overlays while a weapon row or End phase is
hovered). Nothing here changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action
from ..engine.query import Game, View
from ..i18n import _, _f
from .ruleids import tagged

Sq = tuple[int, int]
ORDER = ("BLANK", "HIT", "HIT_PLUS", "CRIT")  # the order the odds are worded in (R-ATK-4)


def attack_odds_text(state: Game, a: Action) -> str:
    """'miss 33% · hit 33% · hit+ 17% · critical 17%' for an attack action ('' against a barrel); the
    figures are View.attack_odds, worked out from the content's dice (DV-1)."""
    o = View.of(state).attack_odds(a)
    if o is None:
        return ""
    names = {"BLANK": _("miss"), "HIT": _("hit"), "HIT_PLUS": _("hit+"), "CRIT": _("critical")}
    return " · ".join(f"{names[f]} {round(o[f] * 100)}%" for f in ORDER)


@dataclass
class EvadePreview:
    enemy: str  # name of the enemy that attacks first
    tier: int
    chance: float


def acting_here(state: Game) -> EvadePreview | None:
    """If the active survivor shares its square with enemies, the attack that acting there (anything
    but an attack) provokes first (R-OOS-3), its evade difficulty and the chance to evade: the engine's
    View.provoked_attack (R-EVADE-2..5, DV-8 Steel Nerves). None if no enemy is there or it is a boss."""
    p = View.of(state).provoked_attack()
    return None if p is None else EvadePreview(p.name, p.tier, p.chance)


def weapon_reach(state: Game, weapon_uid: str) -> set[Sq]:
    """Squares the active survivor could target with this weapon now (View.weapon_reach: R-COMP-13,
    R-RANGE-2, R-LOS; ammo is not considered)."""
    return View.of(state).weapon_reach(View.of(state).active_char, weapon_uid)


def reactions_if_phase_ends(state: Game) -> tuple[set[str], list]:
    """What ending the action phase now would wake (View.reactions_if_phase_ends, R-REACT-1/4): the
    reacting tiles and, for each enemy that reacts, whether it attacks or moves (``uid``, ``does``,
    ``profile``, ``targets``, ``why``)."""
    return View.of(state).reactions_if_phase_ends()


def evade_text(p: EvadePreview) -> str:
    return tagged(_f("Acting here (except attacking) provokes the {name} first: evade difficulty {tier}, "
              "{pct}% to evade.", name=_(p.enemy), tier=p.tier, pct=round(p.chance * 100)), "R-OOS-3", None, "()")
