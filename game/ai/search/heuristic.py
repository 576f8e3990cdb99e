"""What the search knows about a game beyond its rules: leaf values and the playout policy,
kept apart from the rules and from the search (TAG's forward model / parameters / heuristic
split; issue 28 item 1).

A :class:`Heuristic` is registered per rule set (:func:`register_heuristic`); a rule set without
one gets :class:`Heuristic` itself: uniform random playouts and an even 0.5 for an unfinished
game (the search then relies on finished playouts alone). Heuristics read a game only through
:class:`~game.engine.query.View` (a sampled world, seen by the searching seat).
"""
from __future__ import annotations

import random
from typing import Sequence

from ...engine import Action, View


class Heuristic:
    """The default heuristic: random playouts, no opinion on unfinished games."""

    name = "none"

    def value(self, view: View) -> Sequence[float] | None:
        """Each seat's chance of winning an unfinished game, in seat order, in [0, 1], as the
        looking seat of ``view`` judges it (a sampled world); None: no opinion (0.5 each)."""
        return None

    def playout_action(self, view: View, legal: list[Action], rnd: random.Random) -> Action:
        """The action a playout takes among ``legal`` (non-empty) for the deciding seat of ``view``:
        here uniformly at random from ``rnd``."""
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
