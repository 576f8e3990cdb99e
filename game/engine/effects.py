"""The effect vocabulary: card-effect keywords as registered entries (R-TENSION-12).

Each keyword is one :class:`Effect` holding both halves of its meaning, so they cannot drift
apart: ``needs(run, op) -> bool`` (the "Needs" column of R-TENSION-12, also used by narrative
options, R-NARR-5) and ``resolve(run, op, card) -> None``. A rule set owns a registry
(``{keyword: Effect}``); content naming a keyword that the rule set does not know is refused
when it is loaded (``game.content.loader.lint_keywords``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Effect:
    """One effect keyword: ``needs`` and ``resolve`` over a rule-set run, and its rule ID.

    ``active``: the keyword acts on or around the active character, so it cannot be resolved
    while that character is out of the play area (R-TURN-10, R-TENSION-6).
    """

    keyword: str
    needs: Callable[[Any, Any], bool]
    resolve: Callable[[Any, Any, str], None]
    rule: str = "R-TENSION-12"
    active: bool = True


class EffectRegistry(dict):
    """``{keyword: Effect}`` with a decorator to add entries::

        @CORE_EFFECTS.keyword("DANGER", active=False)
        class Danger:
            def needs(run, op): ...
            def resolve(run, op, card): ...
    """

    def keyword(self, name: str, rule: str = "R-TENSION-12", active: bool = True):
        def deco(cls: type) -> type:
            if name in self:
                raise ValueError(f"effect keyword {name!r} registered twice")
            needs = cls.__dict__.get("needs", staticmethod(lambda run, op: True))
            resolve = cls.__dict__["resolve"]
            self[name] = Effect(name, _fn(needs), _fn(resolve), rule, active)
            return cls
        return deco


def _fn(f: Any) -> Callable:
    return f.__func__ if isinstance(f, staticmethod) else f
