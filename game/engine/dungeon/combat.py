"""Combat of the dungeon crawl (dungeon.md section 9, ``D-COMBAT``; the combat keywords of 13).

Pure functions over small typed inputs, so the rule set (``game.engine.dungeon``), the previews
and the tests share one reading of each rule:

- reach: :func:`melee_reaches` (D-COMBAT-8, D-KEY-1/2), :func:`ranged_offset_ok` and
  :func:`can_shoot` (D-COMBAT-9/10, D-LOS-4);
- the attack roll: :func:`roll_d6`, :func:`count_hits` / :class:`AttackRoll` (D-COMBAT-1..5);
- energy: :func:`energy_for` (D-COMBAT-6/7, D-KEY-16/17, D-FAQ-1);
- the hits against one target: :func:`resolve_hits` (D-COMBAT-13..15, D-KEY-3/4/7): criticals
  first, then one defence die per remaining hit, damage as it happens, hits left after a defeat
  discarded.

Dice are drawn from the game's own generator (:class:`~game.engine.rng.Rng`, anything with
``below(n)``) through the kernel's :func:`~game.engine.kernel.dice.roll_pool`, so the same seed
gives the same faces (D-COMP-10).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..board import Board, Sq
from ..kernel.dice import Below, roll_pool
from ..kernel.sight import corner_sight

#: one six-sided die, faces 1..6 (section 0: "die")
D6: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
#: D-COMBAT-1, D-COMBAT-13, D-SKILL-1: a die whose total is at least this succeeds
SUCCESS = 6
#: D-COMBAT-4: a hero's natural 6 is a critical
CRITICAL_FACE = 6

MELEE = "melee"
RANGED = "ranged"
ATTACK_KINDS = (MELEE, RANGED)

#: D-COMBAT-10: the eight offsets of a ranged attack
RANGED_OFFSETS: frozenset[Sq] = frozenset((dx, dy) for dx in (-2, 0, 2) for dy in (-2, 0, 2) if (dx, dy) != (0, 0))
ORTHO: tuple[Sq, ...] = ((0, -1), (-1, 0), (1, 0), (0, 1))
DIAG: tuple[Sq, ...] = ((-1, -1), (1, -1), (-1, 1), (1, 1))


def roll_d6(rng: Below, n: int) -> list[int]:
    """``n`` six-sided dice in order (D-COMP-10: one seeded generator). ``n`` < 0 raises
    ValueError."""
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    return roll_pool(rng, [D6] * n)


# --------------------------------------------------------------------------- reach and range
def melee_reaches(board: Board, a: Sq, b: Sq, reach: bool = False) -> bool:
    """D-COMBAT-8: a melee attack from ``a`` reaches ``b`` when they are orthogonally adjacent.
    D-KEY-1: with ``reach`` also the four diagonal squares; D-KEY-2: a diagonal one is denied only
    when both squares orthogonally adjacent to both are walls or void (not squares of
    ``board``); figures never block it."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if (dx, dy) in ORTHO:
        return True
    if not reach or (dx, dy) not in DIAG:
        return False
    return board.has((a[0] + dx, a[1])) or board.has((a[0], a[1] + dy))


def ranged_offset_ok(a: Sq, b: Sq) -> bool:
    """D-COMBAT-9/10: the offset from ``a`` to ``b`` is one of ``(±2, 0)``, ``(0, ±2)``,
    ``(±2, ±2)`` (exactly two squares along a straight line; adjacent figures cannot be shot)."""
    return (b[0] - a[0], b[1] - a[1]) in RANGED_OFFSETS


def can_shoot(board: Board, a: Sq, b: Sq, blocked: Collection[Sq] | Callable[[Sq], bool] = ()) -> bool:
    """D-COMBAT-9: a ranged attack from ``a`` at ``b``: the offset is a ranged offset
    (:func:`ranged_offset_ok`) and ``a`` aims at ``b`` with LOS (D-LOS-4/5,
    :func:`~game.engine.kernel.sight.corner_sight`); ``blocked`` are the squares of figures hostile
    to the shooter (D-LOS-2, D-ENEMY-21), walls and void block by not being squares of ``board``."""
    return ranged_offset_ok(a, b) and corner_sight(board, a, b, blocked)


# --------------------------------------------------------------------------- the attack roll
@dataclass(frozen=True)
class AttackRoll:
    """One attack roll (D-COMBAT-1..5): the ``naturals`` in the order rolled, the ``modifier``
    added to each die, and whether a hero rolled them (only a hero's natural 6 is a critical)."""

    naturals: tuple[int, ...]
    modifier: int
    by_hero: bool

    @property
    def totals(self) -> tuple[int, ...]:
        """Each die plus the modifier (D-COMBAT-1)."""
        return tuple(n + self.modifier for n in self.naturals)

    def is_critical(self, i: int) -> bool:
        """D-COMBAT-4/5: die ``i`` is a critical when a hero rolled a natural 6."""
        return self.by_hero and self.naturals[i] == CRITICAL_FACE

    def is_hit(self, i: int) -> bool:
        """D-COMBAT-1/4: die ``i`` hits when its total is at least 6, or it is a critical."""
        return self.is_critical(i) or self.naturals[i] + self.modifier >= SUCCESS

    @property
    def hit_dice(self) -> tuple[int, ...]:
        """The indexes of the dice that hit, in roll order."""
        return tuple(i for i in range(len(self.naturals)) if self.is_hit(i))

    @property
    def hits(self) -> int:
        """The number of hits, criticals included (D-COMBAT-1)."""
        return len(self.hit_dice)

    @property
    def criticals(self) -> int:
        """The number of criticals (D-COMBAT-4); always 0 for an enemy (D-COMBAT-5)."""
        return sum(1 for i in range(len(self.naturals)) if self.is_critical(i))


def count_hits(naturals: Sequence[int], modifier: int, by_hero: bool) -> tuple[int, int]:
    """``(hits, criticals)`` of dice ``naturals`` with ``modifier`` added to each (D-COMBAT-1..5)."""
    r = AttackRoll(tuple(naturals), modifier, by_hero)
    return r.hits, r.criticals


def hero_modifier(equipment: int, character: int, bonus: int = 0, *, from_item: bool = False) -> int:
    """D-COMBAT-2: a hero's attack modifier is the equipment's plus the character card's for the
    attack type; D-COMBAT-3: plus temporary item bonuses (``bonus``, e.g. Whetstone).
    D-COMBAT-12: an item's ranged attack adds only the character card's (``from_item``)."""
    return character + bonus if from_item else equipment + character + bonus


def energy_for(hits: int, *, from_action: bool, heavy: bool) -> int:
    """The energy a hero gains for an attack scoring ``hits`` (criticals included).
    D-COMBAT-6: 1 per hit of an Attack action, even if later defended; D-COMBAT-7, D-FAQ-1:
    none from items or abilities (``from_action`` False); D-KEY-16/17: at most 1 when ``heavy``
    (the attacker's equipment or any target has it)."""
    if not from_action or hits <= 0:
        return 0
    return 1 if heavy else hits


# --------------------------------------------------------------------------- hits against a target
@dataclass(frozen=True)
class Target:
    """What a figure brings to a defence: ``life`` now, its ``defence`` modifier (a hero:
    equipment + character + permanent items, D-COMBAT-13; an enemy: its card)."""

    life: int
    defence: int


@dataclass(frozen=True)
class HitStep:
    """One hit resolved (D-COMBAT-15 steps 6-7): ``critical`` (no defence die), else the defence
    die ``natural`` and its ``total``; ``blocked`` when the total reached 6; ``damage`` dealt;
    ``life`` of the target after it."""

    critical: bool
    natural: int | None
    total: int | None
    blocked: bool
    damage: int
    life: int


@dataclass(frozen=True)
class HitsOutcome:
    """The hits of one attack against one target: the steps in order, the damage dealt, the
    target's life after, whether it fell (life 0 or less: D-END-1, D-ENEMY-22/23) and how many
    hits were discarded because it fell first (D-COMBAT-15)."""

    steps: tuple[HitStep, ...]
    damage: int
    life: int
    defeated: bool
    discarded: int


def damage_per_hit(crush: bool) -> int:
    """D-KEY-3/4: a hit that gets through deals 1, or 2 with ``crush`` (a critical too)."""
    return 2 if crush else 1


def resolve_hits(rng: Below, target: Target, hits: int, criticals: int, *, crush: bool = False,
                 pierce: bool = False, defence_bonus: int = 0,
                 defence_dice: Sequence[int] | None = None) -> HitsOutcome:
    """D-COMBAT-15 steps 6-7 against one target: the ``criticals`` first (D-COMBAT-4: no defence,
    1 damage, 2 with ``crush``, D-KEY-4), then one defence die per other hit, one at a time
    (D-COMBAT-13: die + ``target.defence`` + ``defence_bonus``, −1 with ``pierce`` (D-KEY-7); 6 or
    more cancels the hit, else 1 damage, 2 with ``crush`` (D-KEY-3)). Damage lowers life as it
    happens (D-COMBAT-14); hits left once the target is at 0 or below are discarded.

    ``defence_dice``: the defence naturals to use instead of rolling (a fixture, or the dice
    entered at the table); raises ValueError when too few are given. ``hits`` counts the
    criticals too, as :attr:`AttackRoll.hits` does."""
    if criticals < 0 or hits < criticals:
        raise ValueError(f"{criticals} criticals among {hits} hits")
    per = damage_per_hit(crush)
    life = target.life
    steps: list[HitStep] = []
    given = list(defence_dice) if defence_dice is not None else None
    done = 0
    for _ in range(criticals):
        if life <= 0:
            break
        life -= per
        steps.append(HitStep(True, None, None, False, per, life))
        done += 1
    mod = target.defence + defence_bonus - (1 if pierce else 0)
    for _ in range(hits - criticals):
        if life <= 0:
            break
        if given is not None:
            if not given:
                raise ValueError("fewer defence dice given than hits to defend")
            nat = given.pop(0)
        else:
            nat = roll_d6(rng, 1)[0]
        total = nat + mod
        blocked = total >= SUCCESS
        dmg = 0 if blocked else per
        life -= dmg
        steps.append(HitStep(False, nat, total, blocked, dmg, life))
        done += 1
    damage = sum(st.damage for st in steps)
    return HitsOutcome(tuple(steps), damage, life, life <= 0, hits - done)


def assign_barrage(hits: int, targets: Sequence[object]) -> list[object]:
    """D-KEY-15 for an enemy: its ``hits`` assigned one at a time, cycling through the legal
    ``targets`` in its priority order starting with its chosen target (``targets[0]``): the target
    of each hit, in order. Raises ValueError when hits are to be assigned and no target is legal."""
    if hits and not targets:
        raise ValueError("barrage hits with no legal target")
    return [targets[i % len(targets)] for i in range(hits)]


# --------------------------------------------------------------------------- odds (previews)
def die_odds(modifier: int, by_hero: bool) -> tuple[Fraction, Fraction]:
    """``(chance one die hits, chance it is a critical)`` at ``modifier`` (D-COMBAT-1/4/5): the
    same faces :class:`AttackRoll` judges, so a preview and a roll never disagree."""
    hit = sum(1 for f in D6 if AttackRoll((f,), modifier, by_hero).is_hit(0))
    crit = sum(1 for f in D6 if AttackRoll((f,), modifier, by_hero).is_critical(0))
    return Fraction(hit, 6), Fraction(crit, 6)


def block_chance(defence: int, pierce: bool = False) -> Fraction:
    """The chance one defence die cancels a hit (D-COMBAT-13, D-KEY-7)."""
    mod = defence - (1 if pierce else 0)
    return Fraction(sum(1 for f in D6 if f + mod >= SUCCESS), 6)


def attack_odds(dice: int, modifier: int, by_hero: bool, defence: int, *, crush: bool = False,
                pierce: bool = False) -> dict[str, Fraction]:
    """What an attack of ``dice`` dice at ``modifier`` may do against a ``defence``
    (D-COMBAT-1..13, D-KEY-3/4/7), as exact fractions: ``hit`` and ``critical`` per die,
    ``hits`` expected, ``damage`` expected (before a defeat cuts it short, D-COMBAT-15) and
    ``any_damage`` (at least 1 damage)."""
    p_hit, p_crit = die_odds(modifier, by_hero)
    blk = block_chance(defence, pierce)
    per = damage_per_hit(crush)
    p_dmg = p_crit + (p_hit - p_crit) * (1 - blk)  # one die's chance to deal damage
    return {"hit": p_hit, "critical": p_crit, "hits": dice * p_hit, "damage": dice * p_dmg * per,
            "any_damage": 1 - (1 - p_dmg) ** dice}


__all__ = ["ATTACK_KINDS", "AttackRoll", "CRITICAL_FACE", "D6", "HitStep", "HitsOutcome", "MELEE", "RANGED",
           "RANGED_OFFSETS", "SUCCESS", "Target", "assign_barrage", "attack_odds", "block_chance", "die_odds", "can_shoot", "count_hits", "damage_per_hit",
           "energy_for", "hero_modifier", "melee_reaches", "ranged_offset_ok", "resolve_hits", "roll_d6"]
