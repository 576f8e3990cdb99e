"""The search bot (issue 28): information-set Monte Carlo tree search over the engine's public
contract, fair about what its seat cannot see.

- :mod:`.ismcts`: :class:`SearchBot` (``choose(view)`` or ``choose(game, seat)`` -> Action), the search itself;
- :mod:`.params`: :class:`SearchParams`, every parameter in one place, and the strengths;
- :mod:`.heuristic`: leaf values and playout policies per rule set, apart from the rules;
- :mod:`.worker`: :class:`SearchWorker`, thinking off the UI thread with a prompt cancel;
- :mod:`.spec`: bot names for tools (``search:2``, ``search@500``).
"""
from .heuristic import HEURISTICS, Heuristic, heuristic_for, register_heuristic
from .ismcts import Cancelled, SearchBot, SearchStats
from .params import STRENGTHS, SearchParams
from .worker import SearchWorker

__all__ = ["Cancelled", "HEURISTICS", "Heuristic", "STRENGTHS", "SearchBot", "SearchParams", "SearchStats", "SearchWorker",
           "heuristic_for", "register_heuristic"]
