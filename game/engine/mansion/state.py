"""The state of a mansion scenario: the core :class:`GameState` plus what the mansion tracks
(M-CAMP-5 during play): kerosene, the reserve with its wounds, the survivor, mission, scenario
event and encounter decks, a mission in progress, and who a boss knocked out (M-BOSS-2).

A mansion save is a :class:`MansionState` (``rules == "mansion"``); a city save is unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import Field

from ..state import GameState, M


class Reserved(M):
    """A character in the reserve (M-RESERVE-1..6): profile id and wound tokens (MDV-9)."""

    cid: str
    wounds: int = Field(default=0, ge=0)
    limit_bonus: int = Field(default=0, ge=0, le=2)  # M-SWITCH-7: permanent bonuses stay with it


class MissionRun(M):
    """A mission being resolved (M-MISSION-2..10): its card, the reserve character assigned,
    the clue symbols counted, the encounter cards drawn for it, and whether the scout's first
    wound card was softened (MDV-2)."""

    card: str
    cid: str | None = None
    clues: int = 0
    drawn: list[str] = []
    scout_used: bool = False


class MansionSub(M):
    """What a mansion scenario tracks beside the core state.

    ``decks`` holds design ids in order (top first): ``encounter``, ``encounter_discard``,
    ``events``, ``events_removed``, ``missions``, ``missions_removed``, ``survivors``.
    ``campaign``: the reserve, survivor deck and missions exist (False in standalone play and in
    the Introduction, M-MODE-3, M-INTRO-1)."""

    kerosene: dict[str, int] = {}
    reserve: list[Reserved] = []
    killed: list[str] = []
    decks: dict[str, list[str]] = {}
    mission: MissionRun | None = None
    boss_ko: list[str] = []  # M-BOSS-2: knocked out by a boss attack, exempt from R-HEALTH-10
    scout_next: bool = False  # SCOUT_NEXT earned here, for the next scenario (M-MISSION-13)
    scout_pending: bool = False  # this scenario starts with a scout pick (SCOUT_NEXT earned before)
    event_tried: list[str] = []  # M-EVENT-6: cards returned during this one trigger
    quick_hands_turn: int = -1  # MDV-1 Quick Hands: the turn it was last used
    marksman_turn: int = -1  # MDV-1 Marksman: the turn it was last used
    campaign: bool = False


@dataclass(slots=True, kw_only=True, eq=False)
class MansionState(GameState):
    """A mansion scenario in progress (see module docstring). A slotted dataclass, as
    :class:`GameState` is."""

    rules: str = "mansion"
    mansion: MansionSub = field(default_factory=MansionSub)

    def reserve_of(self, cid: str) -> Reserved | None:
        """The reserve entry of ``cid`` or None."""
        for r in self.mansion.reserve:
            if r.cid == cid:
                return r
        return None
