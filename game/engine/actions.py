"""Actions and events: the values that cross the engine API.

An :class:`Action` is a small frozen value naming one choice a player can make now, from a
Move to "push the zombie to (3, 4)" or "re-roll die 2". ``legal_actions`` lists them;
``apply`` takes exactly one of them. An :class:`Event` is one thing that happened, with the
rule ID that produced it, a sentence for the log and the data the UI animates.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

Sq = tuple[int, int]


class Action(BaseModel):
    """One player decision.

    ``kind`` names it (``move``, ``door``, ``search``, ``trade``, ``use``, ``attack``,
    ``exit``, ``stairs``, ``clear``, ``end_phase``, ``discard``, ``mix``, ``pick``,
    ``place``, ``push``, ``reroll``, ``keep``, ``give``, ``take``, ``done``, ``decline``,
    ``auto`` ...). ``to`` is a square (x, y); ``target`` an enemy, character or token id;
    ``item``/``item2`` card ids; ``n`` a count (rapid-fire dice, die index); ``edge`` an edge
    id ``"x1,y1|x2,y2"``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    to: Sq | None = None
    target: str | None = None
    item: str | None = None
    item2: str | None = None
    n: int | None = None
    edge: str | None = None

    def short(self) -> dict[str, Any]:
        """The action as a compact dict (None fields dropped), for records and saves."""
        return self.model_dump(exclude_none=True)


class Event(BaseModel):
    """Something that happened. ``rule`` is the rule ID (e.g. ``R-EVADE-3``); ``text`` a
    sentence for the log; ``data`` the details (dice faces, squares, ids)."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    rule: str = ""
    text: str = ""
    data: dict[str, Any] = {}
