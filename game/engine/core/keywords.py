"""Keywords content may name besides effect keywords: survivor specials, weapon specials, enemy
rules, boss specials and sustained effects, each registered with the rule that defines it and
the core module that handles it. Content naming an unregistered keyword is refused at load
(``game.content.loader.lint_keywords``); a test checks that every keyword here is handled by the
module it names, so the list and the code cannot drift apart.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Keyword:
    category: str  # character_special | weapon_special | enemy_rule | boss_special | sustained
    name: str
    rule: str
    module: str  # the core module that handles it


KEYWORDS: tuple[Keyword, ...] = (
    Keyword("character_special", "quick_reflexes", "DV-8", "combat"),
    Keyword("character_special", "steady_burst", "DV-8", "combat"),
    Keyword("character_special", "steel_nerves", "DV-8", "combat"),
    Keyword("character_special", "scavenger", "DV-8", "inventory"),
    Keyword("weapon_special", "reload_on_crit", "DV-9", "combat"),
    Keyword("weapon_special", "splash_on_crit", "DV-9", "combat"),
    Keyword("enemy_rule", "boss", "R-BOSS-1", "common"),
    Keyword("enemy_rule", "stalker", "R-STALK-1", "stalker"),
    Keyword("enemy_rule", "relentless", "R-STALK-4", "reactions"),
    Keyword("enemy_rule", "forced_entry", "R-STALK-5", "reactions"),
    Keyword("enemy_rule", "soft_underbelly", "DV-6", "combat"),
    Keyword("enemy_rule", "pursuit", "R-STALK-6", "stalker"),
    Keyword("enemy_rule", "supply_drop", "R-STALK-8", "combat"),
    Keyword("enemy_rule", "enrage", "DV-6", "combat"),
    Keyword("boss_special", "Burrow", "DV-7", "bosses"),
    Keyword("boss_special", "Tremor", "DV-7", "bosses"),
    Keyword("boss_special", "Rush", "DV-7", "bosses"),
    Keyword("sustained", "Shaken", "DV-16", "turn"),
    Keyword("sustained", "Jammed", "DV-16", "combat"),
    Keyword("sustained", "Blackout", "DV-16", "common"),
    Keyword("sustained", "Frenzy", "DV-16", "reactions"),
)


def by_category() -> dict[str, frozenset[str]]:
    """``{category: names}`` of every registered keyword."""
    out: dict[str, set[str]] = {}
    for k in KEYWORDS:
        out.setdefault(k.category, set()).add(k.name)
    return {c: frozenset(v) for c, v in out.items()}
