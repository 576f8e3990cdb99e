"""Part B of the dungeon (combat, enemy behaviour, damage and treasure, items and market, skill
checks, keywords): the ``Fight`` mixin of ``DungeonRun``. Written by the helper ``dfight``; this
file holds the empty class until it lands (replace it whole). The methods it overrides and what
part A offers it are listed in :mod:`game.engine.dungeon.hooks`."""
from __future__ import annotations

from .hooks import FightHooks


class Fight(FightHooks):
    """Part B's handlers and overrides of :class:`~game.engine.dungeon.hooks.FightHooks`."""


__all__ = ["Fight"]
