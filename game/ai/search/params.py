"""The search bot's parameters, in one place (issue 28; TAG's ``MCTSParams``).

:class:`SearchParams` holds everything the search reads: its budget (iterations, or seconds of
thinking), the exploration constant of the tree policy, how far a playout goes before the
heuristic judges it, and the seed. :data:`STRENGTHS` are the three strengths offered at set-up
(seconds a decision on this machine).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

#: the strengths offered at set-up: name -> seconds of thinking a decision (issue 28 item 2)
STRENGTHS: dict[str, float] = {"easy": 0.5, "normal": 2.0, "hard": 5.0}

#: parameters tuned per rule set (fields of :class:`SearchParams`), applied by
#: :meth:`SearchParams.for_rules` (tools and set-up screens); measured in the issue 28 report
TUNED: dict[str, dict] = {
    # versus (issue 28, second session): playouts by the scripted player (versus_policy), which
    # alone beats the greedy bot 18 of 20 in Swift (10 of 20 in Sanctuary, where the Syndicate
    # always wins between these bots); the tree widens progressively from the player's choice
    # and keeps to it unless another move's mean is 0.25 better (at 40 simulations, about 2 s on
    # this loaded machine, a search of random playouts or of every move at once lost to greedy
    # and to the player itself: docs/balance.md, "The search bot")
    "versus": {"playout_steps": 30, "uct_c": 0.3, "widening": 1.0, "prior_margin": 0.25},
}


@dataclass(frozen=True, slots=True)
class SearchParams:
    """How the information-set search plays (frozen; :meth:`with_` makes a changed copy).

    - ``iterations``: simulations a decision (a deterministic budget: same seed and iterations,
      same moves); None: think for ``seconds`` instead.
    - ``seconds``: wall-clock seconds a decision when ``iterations`` is None (the search stops
      when one more simulation of the average length so far would end past it).
    - ``uct_c``: the exploration constant of UCB1 over the available children (Cowling et al.'s
      ISMCTS: availability counts instead of the parent's visits); rewards are in [0, 1].
    - ``playout_steps``: actions a playout plays (by the heuristic's playout policy) before the
      heuristic values the position; a finished game is valued by its outcome.
    - ``max_depth``: tree depth below the root after which a simulation only plays out.
    - ``widening``: progressive widening (0: off, every legal action is a child at once): a
      node with ``n`` simulations lets in the first ``1 + widening * sqrt(n)`` actions of its
      order, the heuristic's prior action (``Heuristic.prior``) first.
    - ``prior_margin``: with widening, the root's most visited action is played only if its
      mean reward beats the prior action's by this much; otherwise the prior action (0: off).
      A search of few simulations then plays as its playout policy unless it finds clearly better.
    - ``settle``: end the search early once the simulations left in its budget cannot change the
      answer (the most visited root action's lead is larger than they are; issue 28 item 3:
      cheaper games). The answer is the one the whole budget gives; False: always spend it all.
    - ``seed``: the bot's own random stream (tree ties, playouts, sampled worlds), never the game's.
    """

    iterations: int | None = None
    seconds: float | None = 2.0
    uct_c: float = math.sqrt(2.0)
    playout_steps: int = 40
    max_depth: int = 30
    widening: float = 0.0
    prior_margin: float = 0.0
    settle: bool = True
    seed: int = 0

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs a budget: iterations or seconds")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"seconds must be above 0, got {self.seconds}")
        if self.playout_steps < 0 or self.max_depth < 1 or self.uct_c < 0 or self.widening < 0:
            raise ValueError(f"bad search parameters: playout_steps={self.playout_steps}, "
                             f"max_depth={self.max_depth}, uct_c={self.uct_c}, widening={self.widening}")

    def with_(self, **changes) -> "SearchParams":
        """A copy with ``changes`` (ValueError as the constructor)."""
        return replace(self, **changes)

    @classmethod
    def by_iterations(cls, n: int, seed: int = 0, **more) -> "SearchParams":
        """A deterministic budget of ``n`` simulations a decision."""
        return cls(iterations=n, seconds=None, seed=seed, **more)

    @classmethod
    def by_seconds(cls, seconds: float, seed: int = 0, **more) -> "SearchParams":
        """A budget of ``seconds`` of thinking a decision."""
        return cls(iterations=None, seconds=seconds, seed=seed, **more)

    def for_rules(self, rules: str) -> "SearchParams":
        """This budget and seed with the parameters tuned for rule set ``rules`` (:data:`TUNED`)."""
        return self.with_(**TUNED.get(rules, {}))

    @classmethod
    def strength(cls, name: str, seed: int = 0) -> "SearchParams":
        """One of :data:`STRENGTHS` by name. Raises ValueError naming the known ones."""
        if name not in STRENGTHS:
            raise ValueError(f"unknown strength {name!r}; known: {', '.join(STRENGTHS)}")
        return cls.by_seconds(STRENGTHS[name], seed)
