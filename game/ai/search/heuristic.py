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

import importlib
import random
from typing import Any, Sequence

from ...engine import Action, View


class Heuristic:
    """The default heuristic: random playouts, no opinion on unfinished games."""

    name = "none"

    def start(self, game: Any, seat: int) -> None:
        """Called once at the start of every decision's search, with a world sampled for the
        searching ``seat``: a heuristic may measure values against this position (here nothing)."""

    def value(self, game: Any, seat: int) -> Sequence[float] | None:
        """Each seat's chance of winning the unfinished ``game`` (a sampled world: a game handle
        read through ``View(game, seat)`` or the rule set's own view), in seat order, in [0, 1],
        as ``seat`` (the searching seat) judges it; None: no opinion (0.5 each)."""
        return None

    def tree_actions(self, view: View, legal: list[Action], last: str | None) -> list[Action]:
        """The actions among ``legal`` the tree searches for the seat of ``view`` (a subset; empty
        or all: all of them): a rule set may leave out moves that only waste time in a search,
        such as a second free turn in a row. ``last``: the kind of the action applied just before
        (in the game or the simulation), None at the start."""
        return legal

    def prior(self, game: Any, seat: int, legal: list[Action], rnd: random.Random) -> Action | None:
        """The action a tree node tries first when the search widens progressively
        (``SearchParams.widening``): the heuristic's best guess among ``legal`` for ``seat``
        deciding in ``game`` (a sampled world); None: no guess (the order is shuffled)."""
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


#: rule sets whose heuristic lives in a module of its own, imported on first use
MODULES: dict[str, str] = {"versus": "game.ai.search.versus"}


def heuristic_for(rules: str) -> Heuristic:
    """The heuristic registered for rule set ``rules`` (its module in :data:`MODULES` imported on
    first use; the default :class:`Heuristic` if none)."""
    h = HEURISTICS.get(rules)
    if h is None and rules in MODULES:
        importlib.import_module(MODULES[rules])
        h = HEURISTICS.get(rules)
    return h or _DEFAULT


_DEFAULT = Heuristic()
