"""The manor map as data (M-MAP-1..10, MDV-4): the 13 map cards, their floor and wing, tier, the
brief played for each, where each card starts (the hub, unlocked, locked or not on the map), what
adds it (a success, or a ``COMPLETED`` condition), what flips it (items, all needed, or the
``RESERVE_AT_LEAST`` condition), its Item C token count and boss. Validated when built.

Read from YAML by :mod:`game.content.mansion_pack`; no I/O here.
"""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..campaign.pack import PackBase
from ..defs import StandaloneDef


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UnlockDef(_Strict):
    """What flips a locked card (M-MAP-4/6/9): every item in ``items`` held in inventories (all
    discarded), or the reserve holding at least ``reserve_at_least`` characters."""

    items: list[str] = []
    reserve_at_least: int | None = Field(default=None, ge=1, le=7)

    @model_validator(mode="after")
    def _one(self) -> "UnlockDef":
        if bool(self.items) == (self.reserve_at_least is not None):
            raise ValueError("an unlock requirement is either 'items' or 'reserve_at_least'")
        return self


class CardStandaloneDef(StandaloneDef):
    """A manor card's own values when it is played on its own (M-MODE-3 "as R-STAND"): the core's
    ``gear``, ``danger_start`` and ``packets`` (R-STAND-2/3/5), and ``danger_by_party``: the danger
    space the marker starts on for a party of that many characters instead of ``danger_start``
    (R-STAND-5 [design], read as "the space the scenario gives", which may depend on the party's
    size: four characters draw twice the tension cards of two per round). Sizes not named use
    ``danger_start``."""

    danger_by_party: dict[int, int] = {}

    @model_validator(mode="after")
    def _sizes(self) -> "CardStandaloneDef":
        for n, d in self.danger_by_party.items():
            if not 1 <= n <= 4:
                raise ValueError(f"danger_by_party: {n} characters is not a party size (1 to 4)")
            if not 0 <= d <= 17:
                raise ValueError(f"danger_by_party: danger {d} for {n} characters is off the track (0 to 17)")
        return self


class MapCardDef(_Strict):
    """One manor map card (MDV-4).

    ``start``: ``hub`` (the Grand Hall, Introduction only), ``unlocked``/``locked`` (on the map
    from campaign start, that side up) or ``absent``; ``added_by``: the card whose success adds
    it (M-MAP-2, M-END-2); ``added_when_completed``: the ``COMPLETED`` condition that adds it
    (M-MAP-9/10); ``unlock``: its locked side's requirement; ``standalone``: the card's own values
    when it is played on its own (R-STAND, M-MODE-3)."""

    id: str = Field(pattern=r"^[A-Z0-9]{2,5}$")
    name: str
    floor: str
    wing: str
    tier: int = Field(ge=0, le=4)
    brief: str
    start: Literal["hub", "unlocked", "locked", "absent"] = "absent"
    added_by: str | None = None
    added_when_completed: list[str] = []
    unlock: UnlockDef | None = None
    item_c_tokens: int = Field(default=0, ge=0, le=4)
    boss: str | None = None
    optional: bool = False
    notes: str = ""
    #: how the card is played on its own (M-MODE-3 "as R-STAND"): the [design] values of this card
    #: that replace its tier's (R-STAND-2 packets, R-STAND-3 gear on or off, R-STAND-5 danger start);
    #: the campaign never reads them. None: the tier's values (R-STAND-2/3/5, DV-21).
    standalone: CardStandaloneDef | None = None


class MansionPack(PackBase):
    """The mansion campaign (M-CAMP-1..5, MDV-4). Raises ValidationError naming the broken link."""

    #: the campaign rule set that plays this pack (game.engine.mansion.campaign)
    rules: ClassVar[str] = "mansion_campaign"

    #: [design] R-END-S1 (docs/balance.md, mansion section): a success also refills every weapon's
    #: ammo dial in an inventory to its printed capacity, as R-END-F2 does after a failure (the
    #: campaign's ammunition source, as the city pack's; standalone play never reads it)
    success_refill: bool = False
    cards: list[MapCardDef]

    @model_validator(mode="after")
    def _graph(self) -> "MansionPack":
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError(f"map card ids appear twice: {', '.join(sorted({i for i in ids if ids.count(i) > 1}))}")
        known = set(ids)
        hubs = [c.id for c in self.cards if c.start == "hub"]
        if len(hubs) != 1:
            raise ValueError(f"exactly one card starts as the hub (the Grand Hall); found {hubs or 'none'}")
        if self.final not in known:
            raise ValueError(f"the final card '{self.final}' is not a map card")
        for c in self.cards:
            if c.standalone is not None and c.standalone.gear not in (0, c.tier):
                raise ValueError(f"card {c.id}: standalone gear {c.standalone.gear} must be 0 (none) or the card's "
                                 f"tier {c.tier} (R-STAND-3: the tier's gear, on or off)")
            for ref in ([c.added_by] if c.added_by else []) + c.added_when_completed:
                if ref not in known:
                    raise ValueError(f"card {c.id}: names unknown card '{ref}'")
            if c.start == "absent" and not c.added_by and not c.added_when_completed:
                raise ValueError(f"card {c.id} is never placed on the map (no start side, added_by or condition)")
            if c.start in ("locked",) or c.added_by or c.added_when_completed:
                if c.unlock is None:
                    raise ValueError(f"card {c.id} joins the map locked (M-MAP-3) but has no unlock requirement")
        return self

    @property
    def hub(self) -> MapCardDef:
        return next(c for c in self.cards if c.start == "hub")

    @property
    def scenario_defs(self) -> list[MapCardDef]:
        return self.cards

    def card(self, cid: str) -> MapCardDef:
        """The map card ``cid``. Raises KeyError."""
        return self.scenario_def(cid)

    def items_named(self) -> set[str]:
        return {i for c in self.cards if c.unlock for i in c.unlock.items}
