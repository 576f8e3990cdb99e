"""Skill checks of the dungeon crawl (dungeon.md section 12, ``D-SKILL``).

A check rolls 4 dice, adds the skill modifier to each and counts the totals of 6 or more
against the target number (D-SKILL-1). Pure: the dice come from the generator handed in.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..kernel.dice import Below
from .combat import SUCCESS, roll_d6
from .defs import SKILLS

#: D-SKILL-1: a check rolls this many dice
CHECK_DICE = 4
MIGHT, AGILITY, LORE = SKILLS  # D-SKILL-3


def skill_modifier(character: int, ability: int) -> int:
    """D-SKILL-2: the character card's plus the ability card's modifier for the skill."""
    return character + ability


@dataclass(frozen=True)
class SkillResult:
    """A check made: ``skill`` (D-SKILL-3), the ``naturals``, the ``modifier`` added to each (the
    skill modifier plus item bonuses naming the check, D-SKILL-4), the ``target`` number, the
    ``successes`` (totals of 6 or more) and whether it ``passed`` (successes >= target)."""

    skill: str
    naturals: tuple[int, ...]
    modifier: int
    target: int
    successes: int
    passed: bool

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(n + self.modifier for n in self.naturals)


def judge(skill: str, naturals: Sequence[int], modifier: int, target: int) -> SkillResult:
    """D-SKILL-1/4: count the dice whose total is at least 6 (a natural 6 counts only by its
    total: no critical in a check) against ``target``. Raises ValueError for an unknown skill or
    a count of dice other than 4."""
    if skill not in SKILLS:
        raise ValueError(f"unknown skill {skill!r}: one of {', '.join(SKILLS)} (D-SKILL-3)")
    if len(naturals) != CHECK_DICE:
        raise ValueError(f"a skill check rolls {CHECK_DICE} dice, not {len(naturals)} (D-SKILL-1)")
    succ = sum(1 for n in naturals if n + modifier >= SUCCESS)
    return SkillResult(skill, tuple(naturals), modifier, target, succ, succ >= target)


def skill_check(rng: Below, skill: str, modifier: int, target: int, bonus: int = 0) -> SkillResult:
    """D-SKILL-1..4: roll 4 dice for a ``skill`` check at ``target`` with ``modifier`` (D-SKILL-2)
    plus ``bonus`` (items naming the check, D-SKILL-4). Raises ValueError as :func:`judge`."""
    if skill not in SKILLS:
        raise ValueError(f"unknown skill {skill!r}: one of {', '.join(SKILLS)} (D-SKILL-3)")
    return judge(skill, roll_d6(rng, CHECK_DICE), modifier + bonus, target)


__all__ = ["AGILITY", "CHECK_DICE", "LORE", "MIGHT", "SKILLS", "SkillResult", "judge", "skill_check", "skill_modifier"]
