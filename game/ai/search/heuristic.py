"""What the search knows about a game beyond its rules: leaf values and the playout policy,
kept apart from the rules and from the search (TAG's forward model / parameters / heuristic
split; issue 28 item 1).

A :class:`Heuristic` is registered per rule set (:func:`register_heuristic`); a rule set without
one gets :class:`Heuristic` itself: uniform random playouts and an even 0.5 for an unfinished
game (the search then relies on finished playouts alone). Heuristics read a sampled world only
through :class:`~game.engine.query.View` or the rule set's own public view (versus's ``VsView``),
as the searching seat sees it.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from ...engine import Action


class Heuristic:
    """The default heuristic: random playouts, no opinion on unfinished games."""

    name = "none"

    def value(self, game: Any, seat: int) -> Sequence[float] | None:
        """Each seat's chance of winning the unfinished ``game`` (a sampled world: a game handle
        read through ``View(game, seat)`` or the rule set's own view), in seat order, in [0, 1],
        as ``seat`` (the searching seat) judges it; None: no opinion (0.5 each)."""
        return None

    def playout_action(self, game: Any, seat: int, legal: list[Action], rnd: random.Random) -> Action:
        """The action a playout takes among ``legal`` (non-empty) for ``seat``, the seat deciding
        in ``game``: here uniformly at random from ``rnd``."""
        return legal[rnd.randrange(len(legal))]


HEURISTICS: dict[str, Heuristic] = {}


def register_heuristic(rules: str, h: Heuristic) -> Heuristic:
    """Make ``h`` the heuristic the search uses for games of rule set ``rules``."""
    HEURISTICS[rules] = h
    return h


def heuristic_for(rules: str) -> Heuristic:
    """The heuristic registered for rule set ``rules`` (the default :class:`Heuristic` if none)."""
    return HEURISTICS.get(rules) or _DEFAULT


_DEFAULT = Heuristic()
