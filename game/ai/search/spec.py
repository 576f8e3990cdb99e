"""Bot names as tools and set-up screens give them (issue 28 item 5): ``random``, ``greedy``,
``search`` (the normal strength), ``search:SECONDS`` (think that many seconds a decision, e.g.
``search:0.5``), ``search:easy|normal|hard`` (:data:`~game.ai.search.params.STRENGTHS`) and
``search@N`` (N simulations a decision: deterministic, for tests and fair comparisons).

    >>> parse_bot_spec("search@500")
    BotSpec(kind='search', seconds=None, iterations=500)
"""
from __future__ import annotations

from dataclasses import dataclass

from .params import STRENGTHS, SearchParams

#: the bot kinds a spec may name
KINDS = ("random", "greedy", "search")
_HELP = "random, greedy, search, search:SECONDS (e.g. search:2), search:easy|normal|hard or search@N (e.g. search@500)"


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A parsed bot name: ``kind`` (:data:`KINDS`) and, for a search, its budget (``seconds``
    of thinking or ``iterations`` a decision; exactly one is set)."""

    kind: str
    seconds: float | None = None
    iterations: int | None = None

    def __str__(self) -> str:
        if self.kind != "search":
            return self.kind
        return f"search@{self.iterations}" if self.iterations is not None else f"search:{self.seconds:g}"

    def params(self, seed: int = 0, **more) -> SearchParams:
        """The search parameters of a ``search`` spec with ``seed`` (``more``: other fields).
        Raises ValueError for another kind."""
        if self.kind != "search":
            raise ValueError(f"bot {self}: not a search bot")
        if self.iterations is not None:
            return SearchParams.by_iterations(self.iterations, seed, **more)
        return SearchParams.by_seconds(self.seconds, seed, **more)


def parse_bot_spec(text: str) -> BotSpec:
    """``text`` as a :class:`BotSpec`. Raises ValueError naming the text and the forms allowed."""
    t = text.strip().lower()
    if t in ("random", "greedy"):
        return BotSpec(t)
    if t == "search":
        return BotSpec("search", seconds=STRENGTHS["normal"])
    if t.startswith("search@"):
        n = t[len("search@"):]
        if not n.isdigit() or int(n) < 1:
            raise ValueError(f"bot {text!r}: search@N needs a whole number of simulations of at least 1; "
                             f"allowed: {_HELP}")
        return BotSpec("search", iterations=int(n))
    if t.startswith("search:"):
        v = t[len("search:"):]
        if v in STRENGTHS:
            return BotSpec("search", seconds=STRENGTHS[v])
        try:
            sec = float(v)
        except ValueError:
            sec = -1.0
        if not 0 < sec <= 600:
            raise ValueError(f"bot {text!r}: search:SECONDS needs a number of seconds above 0 (at most 600); "
                             f"allowed: {_HELP}")
        return BotSpec("search", seconds=sec)
    raise ValueError(f"unknown bot {text!r}; allowed: {_HELP}")


__all__ = ["BotSpec", "KINDS", "parse_bot_spec"]
