"""The persistent campaign state (R-CAMP-22): everything that carries from one scenario to the
next, as one versioned pydantic value. ``model_dump_json()`` is what a campaign save holds.

Card objects keep their identity across the whole campaign (R-ITEM-9): ``cards`` holds every
card of the campaign by uid and each uid sits in exactly one place: an inventory, the item box
or one of ``piles`` (``item_a``, ``item_a_discard``, ``rare_aside``, ``b_pool``, ``item_c``,
``tension``, ``tension_discard``, ``tension_sustained``, ``tension_aside``, ``narrative``,
``narrative_removed``, ``removed``, ``other_discard``).
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr

from ..rng import Rng
from ..state import CardState, Pending

CAMPAIGN_VERSION = 1

SlotState = Literal["absent", "locked", "open"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Mode(_M):
    """Mode flags chosen when the campaign starts (R-EASY, R-SOLO)."""

    easy: bool = False
    solo: bool = False


class CampChar(_M):
    """A survivor between scenarios: profile id, health position 1..6, poison, inventory slots
    (card uids; a slot with more than one uid is a herb stack) and the Hip Pouch bonus."""

    cid: str
    health: int = 1
    poisoned: bool = False
    inventory: list[list[str]] = []
    limit_bonus: int = 0


class Attempt(_M):
    """One played scenario of the attempt history."""

    scenario: str
    result: Literal["success", "failure"]
    reason: str = ""
    turns: int = 0
    replay: bool = False
    danger_before: int = 0
    danger_after: int = 0
    seed: int = 0
    party: list[tuple[str, int]] = []
    record: list[dict[str, Any]] = []


class InPlay(_M):
    """The scenario being played: what its set-up took from the campaign, so the end phase can
    undo a failure exactly (R-END-F1) and commit a success (R-CAMP-19)."""

    scenario: str
    brief: str
    seed: int
    party: list[tuple[str, int]]
    replay: bool = False
    c_start: list[str] = []  # Item C deck order at set-up
    b_deck: list[str] = []  # the Item B deck built at set-up
    c_tokens: list[str] = []  # keys of Item C tokens placed ("x,y")
    prog_labels: list[str] = []  # progression token labels placed
    danger_before: int = 0
    carry: dict[str, Any] | None = None  # the CarryIn the set-up used (to rebuild the scenario on load)
    skip: list[str] = []


class EndInfo(_M):
    """What the end phase works from: the scenario, its result and figures read at its end."""

    scenario: str
    result: Literal["success", "failure"]
    reason: str = ""
    ribbons: int = 0
    drawn_c: list[str] = []
    drawn_b: list[str] = []
    c_start: list[str] = []


class CampaignState(_M):
    """A campaign in progress (R-CAMP-22). See module docstring for the card piles.

    ``slots`` is the path card state per scenario (absent / locked / open, R-CAMP-10/11);
    ``collected_c`` / ``collected_p`` the Item C token keys and progression labels collected per
    scenario over all attempts (R-CAMP-19); ``phase`` is ``choose`` (between scenarios),
    ``playing``, an end-phase step, or ``over``; ``result`` is ``victory`` or ``defeat``.
    """

    version: int = CAMPAIGN_VERSION
    rules: str = "campaign"
    pack: str
    seed: int
    rng: Rng
    mode: Mode = Mode()
    party: list[str]
    aside: list[str] = []  # R-SOLO-2: the profiles set aside
    characters: list[CampChar] = []
    cards: dict[str, CardState] = {}
    piles: dict[str, list[str]] = {}
    item_box: list[list[str]] = []
    packets: list[str] = []  # R-CAMP-8
    rares_added: list[str] = []  # scenarios whose rare cards were added (R-ITEM-4)
    danger: int = 0
    slots: dict[str, SlotState] = {}
    completed: list[str] = []
    collected_c: dict[str, list[str]] = {}
    collected_p: dict[str, list[str]] = {}
    route: bool = False  # R-CAMP-10 "Clock Tower route found"
    intro_done: bool = False
    next_uid: int = 1
    history: list[Attempt] = []
    playing: InPlay | None = None
    ending: EndInfo | None = None
    chosen: str | None = None  # the scenario chosen to play next (R-END-S11)
    step: int = 0
    phase: str = "choose"
    queue: list[dict[str, Any]] = []
    pending: Pending | None = None
    result: Literal["victory", "defeat"] | None = None
    result_reason: str = ""
    record: list[dict[str, Any]] = []

    _pack: Any = PrivateAttr(default=None)
    _content: Any = PrivateAttr(default=None)
    _cache: dict = PrivateAttr(default_factory=dict)

    def attach(self, pack: Any, content: Any) -> "CampaignState":
        """Attach the static campaign pack and content after loading a save."""
        self._pack = pack
        self._content = content
        self._cache = {}
        return self

    def touch(self) -> "CampaignState":
        """Forget derived data (call after changing the state by hand)."""
        self._cache = {}
        return self

    @property
    def cache(self) -> dict:
        return self._cache

    @property
    def pack_def(self) -> Any:
        return self._pack

    @property
    def content(self) -> Any:
        return self._content

    @property
    def over(self) -> bool:
        return self.result is not None

    def char(self, cid: str) -> CampChar:
        """The survivor ``cid``. Raises KeyError."""
        for c in self.characters:
            if c.cid == cid:
                return c
        raise KeyError(cid)

    def where(self, uid: str) -> str | None:
        """Where card ``uid`` is: ``inv:<cid>``, ``box`` or a pile name (None: nowhere)."""
        for c in self.characters:
            if any(uid in sl for sl in c.inventory):
                return f"inv:{c.cid}"
        if any(uid in sl for sl in self.item_box):
            return "box"
        for name, pile in self.piles.items():
            if uid in pile:
                return name
        return None

    def same_as(self, other: "CampaignState") -> bool:
        return self.model_dump(mode="json") == other.model_dump(mode="json")
