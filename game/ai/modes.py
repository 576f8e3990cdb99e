"""Which bot plays which rule set (issue 24 item 2): the city's :class:`Bot` by default, the
manor's :class:`MansionDecisions` (the same play plus the manor's own decisions), the dungeon's
:class:`DungeonBot`. Tools and tests that play any rule set ask :func:`bot_for`; the play screen
asks the mode's kit (``kit.bot``).

A rule set whose bot lives elsewhere (or whose bots take another shape, as the versus bots'
``choose(game, seat)``) registers a maker with :func:`register_bot` beside that bot, so this file
does not change for it; the maker gives an object with ``choose(state) -> Action`` over the public
API.
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine.query import View
from .bot import Bot
from .dungeon_bot import DungeonBot
from .mansion_bot import MansionDecisions

#: rule set name (``View.rules``) -> ``maker(seed)`` of its bot; any other rule set: :class:`Bot`
BOTS: dict[str, Callable[[int], Any]] = {"mansion": MansionDecisions, "dungeon": DungeonBot}


def register_bot(rules: str, maker: Callable[[int], Any]) -> Callable[[int], Any]:
    """Make ``maker(seed)`` the bot of rule set ``rules`` for :func:`bot_for` (the latest wins).
    Returns ``maker``. Raises ValueError for an empty rule set name."""
    if not rules:
        raise ValueError("register_bot: the rule set's name is empty")
    BOTS[rules] = maker
    return maker


def bot_for(game: Any, seed: int = 0) -> Any:
    """The bot of the rule set playing ``game`` (a state or a :class:`View`), seeded with ``seed``:
    an object with ``choose(state) -> Action``."""
    q = game if isinstance(game, View) else View.of(game)
    return BOTS.get(q.rules, Bot)(seed)
