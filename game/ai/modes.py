"""Which bot plays which rule set, listed explicitly (issue 24 item 2): the city's :class:`Bot` by
default, the manor's :class:`MansionDecisions` (the same play plus the manor's own decisions). Tools
and tests that play any rule set ask :func:`bot_for`; the play screen asks the mode's kit
(``kit.bot``). A new mode whose bot has the :class:`Bot` interface adds its line to :data:`BOTS`.
"""
from __future__ import annotations

from typing import Any

from ..engine.query import View
from .bot import Bot
from .mansion_bot import MansionDecisions

#: rule set name (``View.rules``) -> its bot class; any other rule set: :class:`Bot`
BOTS: dict[str, type[Bot]] = {"mansion": MansionDecisions}


def bot_for(game: Any, seed: int = 0) -> Bot:
    """The bot of the rule set playing ``game`` (a state or a :class:`View`), seeded with ``seed``."""
    q = game if isinstance(game, View) else View.of(game)
    return BOTS.get(q.rules, Bot)(seed)
