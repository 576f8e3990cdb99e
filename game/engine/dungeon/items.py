"""Item cards and the market of the dungeon crawl (dungeon.md section 11 and 16.4, ``D-ITEM``).

The cards are content (:class:`~.defs.ItemDef`, read from ``assets/data/dungeon/items.yaml``);
their ``effect`` names the rule resolved here and in :mod:`.fight` (:data:`EFFECTS`). The market
is the state's ``market`` (face-up item uids) and ``deck`` (face-down uids, top first), set up by
part A (D-SETUP-8). These functions are pure over those lists.
"""
from __future__ import annotations

from collections.abc import Iterable

from .defs import ItemDef

#: What each ``effect`` name of 16.4 does: (kind, amount). ``heal``/``energy``: gain n;
#: ``ranged``: an item's ranged attack of n dice (D-COMBAT-12); ``explore``: Wayfinder's Chart
#: (D-EXPLORE-11); ``stun``: Smoke Pellet, a non-red enemy within Chebyshev n and in LOS;
#: ``defence``/``speed``: +n while held (D-ITEM-6); ``melee_bonus``: Whetstone, +n to each die of
#: the next melee attack this turn (D-COMBAT-3); ``reroll``: Lucky Knucklebone; ``sure_foot``:
#: Grapnel Line (pits harmless, water 1 until the end of the turn); ``blast``: Grave Salt, n damage
#: to each orthogonally adjacent enemy.
EFFECTS: dict[str, tuple[str, int]] = {
    "heal_3": ("heal", 3), "heal_6": ("heal", 6), "energy_3": ("energy", 3), "pitch_flask": ("ranged", 2),
    "chart": ("explore", 0), "smoke": ("stun", 2), "ward": ("defence", 1), "whetstone": ("melee_bonus", 1),
    "boots": ("speed", 1), "reroll": ("reroll", 1), "grapnel": ("sure_foot", 0), "grave_salt": ("blast", 1),
}
#: 16.4: Pitch Flask's keywords
ITEM_KEYWORDS: dict[str, tuple[str, ...]] = {"pitch_flask": ("crush",)}


def effect_of(item: ItemDef) -> tuple[str, int]:
    """(kind, amount) of ``item``'s effect (:data:`EFFECTS`). Raises ValueError naming the item
    for an effect this module does not know."""
    try:
        return EFFECTS[item.effect]
    except KeyError:
        raise ValueError(f"item {item.id}: unknown effect {item.effect!r} (known: {', '.join(sorted(EFFECTS))})") from None


def can_buy(treasure: int, item: ItemDef) -> bool:
    """D-ITEM-1/4, D-FAQ-3: one hero pays the whole cost from its own treasure."""
    return treasure >= item.cost


def buy(market: list[str], deck: list[str], slot: int) -> tuple[str, list[str], list[str]]:
    """D-ITEM-1: take the card at market position ``slot``; a replacement is turned face up from
    the deck at once, in the same position (D-ITEM-5: none when the deck is empty, the market
    shrinks). Returns (card uid, market after, deck after); the lists given are not changed.
    Raises ValueError for a position not in the market. (Paying is the caller's: :func:`can_buy`.)"""
    if not 0 <= slot < len(market):
        raise ValueError(f"no market card at position {slot}")
    got = market[slot]
    rest, left = list(market), list(deck)
    if left:
        rest[slot] = left.pop(0)
    else:
        del rest[slot]
    return got, rest, left


def permanent_bonus(held: Iterable[ItemDef], kind: str) -> int:
    """D-ITEM-6, D-MOVE-3, D-COMBAT-13: the sum of the permanent items' bonuses of ``kind``
    (``"defence"`` or ``"speed"``) among the items ``held``."""
    out = 0
    for it in held:
        k, n = effect_of(it)
        if it.use == "permanent" and k == kind:
            out += n
    return out


__all__ = ["EFFECTS", "ITEM_KEYWORDS", "buy", "can_buy", "effect_of", "permanent_bonus"]
