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

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_serializer

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
    #: the same reason as a message reference with its ``rule`` (``GameState.result_why``); None in
    #: saves made before it (left out of the JSON then)
    why: dict[str, Any] | None = Field(default=None, exclude_if=lambda v: v is None)
    #: the survivors down or dead when it ended and the last tension card drawn (its definition id), so
    #: the campaign sheet says who fell and to which card (issue 25); left out of the JSON when empty
    fell: list[str] = Field(default=[], exclude_if=lambda v: not v)
    last_card: str = Field(default="", exclude_if=lambda v: not v)
    turns: int = 0
    replay: bool = False
    danger_before: int = 0
    danger_after: int = 0
    seed: int = 0
    party: list[tuple[str, int]] = []
    record: list[dict[str, Any]] = []
    #: the automation switches the scenario was played with (``GameState.manual``, issue 12): a
    #: record with table draws (``enter`` decisions) replays only with them. Left out of the JSON
    #: when empty, so campaigns played without them save as before (no new save version).
    manual: list[Literal["dice", "tension"]] = Field(default_factory=list, exclude_if=lambda v: not v)


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
    #: the automation switches the scenario is played with (as ``Attempt.manual``)
    manual: list[Literal["dice", "tension"]] = Field(default_factory=list, exclude_if=lambda v: not v)


class EndInfo(_M):
    """What the end phase works from: the scenario, its result and figures read at its end."""

    scenario: str
    result: Literal["success", "failure"]
    reason: str = ""
    #: the same reason as a message reference with its ``rule`` (``GameState.result_why``); None in
    #: saves made before it (left out of the JSON then)
    why: dict[str, Any] | None = Field(default=None, exclude_if=lambda v: v is None)
    ribbons: int = 0
    drawn_c: list[str] = []
    drawn_b: list[str] = []
    c_start: list[str] = []


class BaseCampaignState(_M):
    """What every campaign holds between scenarios (R-CAMP-22), whatever its pack: the party and
    their cards (R-ITEM-9), the piles, the item box, tension packets (R-CAMP-8), danger, Item C
    tokens collected (R-CAMP-19 / M-ITEMC-5), completion tokens, the attempt history and the
    campaign rule set's own machine state (``phase``, ``queue``, ``pending``, ``record``).

    A campaign rule set subclasses it with the parts only its campaign has: the city's
    :class:`CampaignState` (path cards, progression tokens, the Clock Tower route, profiles set
    aside), the mansion's ``MansionCampaignState`` (the manor map, kerosene, the reserve, its
    decks). ``rules`` names that rule set; ``phase`` is ``choose`` (between scenarios),
    ``playing``, an end-phase step, or ``over``; ``result`` is ``victory`` or ``defeat``.
    """

    version: int = CAMPAIGN_VERSION
    rules: str = "campaign"
    pack: str
    seed: int
    rng: Rng
    mode: Mode = Mode()
    party: list[str]
    #: the party as the campaign started (:func:`start_campaign`'s ``party``): the one its record
    #: replays from, since R-SOLO-2 and M-SWITCH change ``party`` on the way; empty in a save
    #: made before it was kept (then ``party``)
    started_with: list[str] = []
    characters: list[CampChar] = []
    cards: dict[str, CardState] = {}
    piles: dict[str, list[str]] = {}
    item_box: list[list[str]] = []
    packets: list[str] = []  # R-CAMP-8
    danger: int = 0
    completed: list[str] = []
    collected_c: dict[str, list[str]] = {}
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
    result_reason: str = ""  # why the campaign ended, in English (logs, tools); the UI words result_why
    #: why the campaign ended as a message reference with its ``rule`` (:mod:`game.engine.messages`);
    #: None while it goes on and in saves made before it (left out of the JSON then)
    result_why: dict[str, Any] | None = Field(default=None, exclude_if=lambda v: v is None)
    record: list[dict[str, Any]] = []

    _pack: Any = PrivateAttr(default=None)
    _content: Any = PrivateAttr(default=None)
    _cache: dict = PrivateAttr(default_factory=dict)

    def attach(self, pack: Any, content: Any) -> "BaseCampaignState":
        """Attach the static campaign pack and content after loading a save."""
        self._pack = pack
        self._content = content
        self._cache = {}
        return self

    def touch(self) -> "BaseCampaignState":
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

    def same_as(self, other: "BaseCampaignState") -> bool:
        return self.model_dump(mode="json") == other.model_dump(mode="json")


#: the city state's JSON key order as version 1 wrote it (saves and golden digests stay byte-identical)
_CITY_ORDER = ("version", "rules", "pack", "seed", "rng", "mode", "party", "started_with", "aside", "characters", "cards", "piles",
               "item_box", "packets", "rares_added", "danger", "slots", "completed", "collected_c", "collected_p",
               "route", "intro_done", "next_uid", "history", "playing", "ending", "chosen", "step", "phase", "queue",
               "pending", "result", "result_reason", "record")


class CampaignState(BaseCampaignState):
    """A city campaign in progress (R-CAMP-22, DV-19): the common campaign state plus the city's
    own parts. ``slots`` is the path card state per scenario (absent / locked / open,
    R-CAMP-10/11); ``collected_p`` the progression labels collected per scenario over all
    attempts (R-CAMP-10, R-END-F10); ``route`` the Clock Tower route found (R-CAMP-10);
    ``aside`` the profiles set aside in solo (R-SOLO-2); ``rares_added`` the scenarios whose rare
    Item A cards were added (R-ITEM-4)."""

    aside: list[str] = []  # R-SOLO-2: the profiles set aside
    rares_added: list[str] = []  # scenarios whose rare cards were added (R-ITEM-4)
    slots: dict[str, SlotState] = {}
    collected_p: dict[str, list[str]] = {}
    route: bool = False  # R-CAMP-10 "Clock Tower route found"

    @model_serializer(mode="wrap")
    def _in_saved_order(self, handler):
        d = handler(self)
        return {k: d[k] for k in _CITY_ORDER if k in d} | d
