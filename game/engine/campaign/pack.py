"""A campaign pack: the scenarios of a campaign by district, the unlock graph and the campaign
path cards (R-CAMP-9..16, DV-19, DV-20) as data, validated when it is built.

The pack is read from YAML by :mod:`game.content.campaign_pack`; this module only holds the
pydantic models and the graph checks, so the engine stays free of I/O.
"""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SlotDef(_Strict):
    """One scenario slot of the city dashboard (DV-19).

    ``tier`` 1..3, 4 = finale (R-CAMP-8); ``brief`` the scenario brief played for it;
    ``item_c_tokens`` how many Item C tokens its map holds; ``progression`` maps a progression
    token's label to the path card it places (or the Clock Tower route label, R-CAMP-10);
    ``rare`` the rare Item A cards its first set-up adds (R-ITEM-4).
    """

    id: str
    name: str
    district: str
    tier: int = Field(ge=1, le=4)
    brief: str
    item_c_tokens: int = Field(default=0, ge=0, le=13)
    progression: dict[str, str] = {}
    rare: list[str] = []
    boss: str | None = None
    optional: bool = False


class PathCardDef(_Strict):
    """A campaign path card (DV-19): the scenario it opens and the item its locked side shows
    (None: the card has no locked side and is placed open, R-CAMP-10)."""

    opens: str
    requires: str | None = None


class PackBase(_Strict):
    """What every campaign pack has, whatever its map: an id and name, its danger track (the last
    space ``danger_max`` and the bands, R-DANGER-3), the final scenario whose success wins it,
    and its scenarios (``scenario_defs``, each with ``id``, ``name``, ``tier``, ``brief``,
    ``item_c_tokens``). ``rules`` names the campaign rule set that plays it. Raises pydantic
    ValidationError when the bands do not cover the track."""

    #: the campaign rule set that plays this pack (the campaign layer looks it up by this name)
    rules: ClassVar[str] = ""

    id: str
    name: str
    danger_max: int = Field(default=17, ge=1, le=99)
    bands: dict[Literal["low", "high", "extreme"], tuple[int, int]]
    final: str

    @model_validator(mode="after")
    def _track(self) -> "PackBase":
        lo = sorted(self.bands.values())
        if lo[0][0] != 0 or lo[-1][1] != self.danger_max or any(a[1] + 1 != b[0] for a, b in zip(lo, lo[1:])):
            raise ValueError(f"danger bands must cover 0..{self.danger_max} without gaps")
        return self

    @property
    def scenario_defs(self) -> list:
        """The campaign's scenarios (the city's slots, the manor's map cards)."""
        raise NotImplementedError

    def scenario_def(self, sid: str):
        """The scenario ``sid``. Raises KeyError."""
        for s in self.scenario_defs:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def band(self, danger: int) -> str:
        """The danger band of a track space (R-DANGER-3): 'low', 'high' or 'extreme'."""
        for name, (a, b) in self.bands.items():
            if a <= danger <= b:
                return name
        return "extreme"


class CampaignPack(PackBase):
    """A whole campaign (DV-19). Raises pydantic ValidationError naming the broken link when the
    unlock graph does not hold together (see ``_graph``)."""

    rules: ClassVar[str] = "campaign"

    intro: str | None = None
    start: list[str]
    recommended: str | None = None
    route_label: str
    parts: list[str]
    #: [design] R-END-S1 (docs/balance.md): a success also refills every weapon's ammo dial in an
    #: inventory to its printed capacity, as R-END-F2 does after a failure (the campaign's
    #: ammunition source; standalone play never reads it)
    success_refill: bool = False
    #: [design] R-CAMP-8 with DV-21 (docs/balance.md, 2 Dec third session): the first scenario of a tier hands the
    #: party that tier's DV-21 gear, each card that the Item B pool still holds, dial full (the
    #: campaign's armoury; standalone play never reads it)
    tier_gear: bool = False
    first_finale: str
    scenarios: list[SlotDef]
    path_cards: dict[str, PathCardDef]

    @model_validator(mode="after")
    def _graph(self) -> "CampaignPack":
        ids = [s.id for s in self.scenarios]
        if len(set(ids)) != len(ids):
            dup = sorted({i for i in ids if ids.count(i) > 1})
            raise ValueError(f"scenario ids appear twice: {', '.join(dup)}")
        known = set(ids)
        for sid in self.start + [self.first_finale, self.final] + ([self.recommended] if self.recommended else []):
            if sid not in known:
                raise ValueError(f"'{sid}' is not one of the campaign's scenarios ({', '.join(ids)})")
        placed: dict[str, str] = {}
        for s in self.scenarios:
            for label, card in s.progression.items():
                if card == self.route_label:
                    continue
                if card not in self.path_cards:
                    raise ValueError(f"scenario {s.id}: progression token '{label}' names unknown path card '{card}'")
                if card in placed:
                    raise ValueError(f"path card {card} is placed by {placed[card]} and by {s.id}")
                placed[card] = s.id
        opened: set[str] = set()
        for cid, pc in self.path_cards.items():
            if pc.opens not in known:
                raise ValueError(f"path card {cid} opens unknown scenario '{pc.opens}'")
            if pc.opens in self.start:
                raise ValueError(f"path card {cid} opens start scenario {pc.opens}, which needs no card")
            if cid not in placed:
                raise ValueError(f"path card {cid} is placed by no progression token")
            opened.add(pc.opens)
        for s in self.scenarios:
            if s.id not in self.start and s.id not in opened and s.id not in (self.first_finale, self.final):
                raise ValueError(f"scenario {s.id} can never be opened (no path card opens it)")
        if not any(self.route_label in s.progression.values() for s in self.scenarios):
            raise ValueError(f"no progression token sets the Clock Tower route '{self.route_label}'")
        return self

    @property
    def scenario_defs(self) -> list[SlotDef]:
        return self.scenarios

    def slot(self, sid: str) -> SlotDef:
        """The slot ``sid``. Raises KeyError."""
        return self.scenario_def(sid)

    def card_for(self, sid: str) -> str | None:
        """The path card that opens ``sid`` (None for start and Clock Tower scenarios)."""
        for cid, pc in self.path_cards.items():
            if pc.opens == sid:
                return cid
        return None

    def unknown_items(self, items: set[str]) -> list[str]:
        """Items the pack names (path card requirements, parts, rare cards) that ``items`` lacks."""
        named = [pc.requires for pc in self.path_cards.values() if pc.requires] + list(self.parts)
        named += [r for s in self.scenarios for r in s.rare]
        return sorted({n for n in named if n not in items})
