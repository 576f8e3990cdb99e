"""Content definitions of the mansion game (mansion.md): character extras, the encounter deck,
scenario events, missions, and the mansion content bundle. Plain validated data (pydantic v2,
``extra='forbid'``); ``game.content.mansion_pack`` loads them from ``assets/data/mansion/`` and
reports errors with file and line. Effects are the rule set's keywords, never code.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field, model_validator

from ..defs import CharacterDef, NarrativeOption, Op, Strict
from ..scenario import Content

Colour = Literal["yellow", "amber", "red"]


class MainCharacterDef(CharacterDef):
    """A main character (M-CHAR-1/3, MDV-1): a core profile plus a kerosene limit."""

    kerosene_limit: int = Field(ge=0, le=6)


class ReserveCharacterDef(Strict):
    """A reserve-only character (M-CHAR-1, MDV-2): only its mission rule matters (M-MISSION-12).

    ``mission_rule``: ``scout`` (first wound card places one fewer), ``pilot`` (DANGER -1 on
    completion), ``captain`` (+1 clue per clue card, +1 wound per wound card)."""

    id: str
    name: str
    background: str
    mission_rule: Literal["scout", "pilot", "captain"]
    rule_text: str


class EncounterCardDef(Strict):
    """An encounter card (M-ENC-1, MDV-6): top-edge symbols for missions and the hazard mark,
    and a body of spawn rows by tile colour (``rows``) or special text (``special``), never both."""

    id: str
    name: str
    text: str = ""
    clues: int = Field(ge=0, le=2)
    wounds: int = Field(ge=0, le=2)
    hazard: bool = False
    rows: dict[Colour, list[str]] | None = None
    special: list[Op] = []

    @model_validator(mode="after")
    def _body(self) -> "EncounterCardDef":
        if (self.rows is None) == (not self.special):
            raise ValueError("an encounter card has either spawn 'rows' (yellow, amber, red) or 'special' text")
        if self.rows is not None and set(self.rows) != {"yellow", "amber", "red"}:
            raise ValueError("spawn 'rows' need exactly yellow, amber and red")
        return self


class ScenarioEventDef(Strict):
    """A scenario event card (M-EVENT-1): name, description and rules; ``options`` when its rules
    say "choose" (M-EVENT-10)."""

    id: str
    name: str
    text: str
    effect: list[Op] = []
    options: list[NarrativeOption] = []

    @model_validator(mode="after")
    def _one(self) -> "ScenarioEventDef":
        if bool(self.effect) == bool(self.options):
            raise ValueError("a scenario event has either 'effect' or 'options' (a choice), not both or neither")
        return self


class MissionDef(Strict):
    """A mission card (M-MISSION-11): clues needed 0..4, optional start text, completion text."""

    id: str
    name: str
    text: str
    clues: int = Field(ge=0, le=4)
    start: list[Op] = []
    completion: list[Op]
    special: str = ""


#: MDV-7 deck rule: keywords a mission's completion text may not contain
HARMFUL_COMPLETION = frozenset({"SPAWN", "SPAWN_LINKED", "STIR", "LUNGE", "FIRE", "RISE", "POISON", "DISCARD_A",
                                "DISCARD_B", "DISCARD_ANY", "WOUND_RESERVE", "WOUND_ASSIGNED"})
#: M-MISSION-13: valid only in mission start and completion texts
MISSION_ONLY = frozenset({"WOUND_ASSIGNED", "HEAL_ASSIGNED", "STASH_A", "REFILL_BOX", "SCOUT_NEXT"})


@dataclass(frozen=True)
class MansionContent(Content):
    """The content a mansion game looks up: the core tables (with the mansion's characters, items
    and bosses) plus the mansion decks and reserve-only profiles."""

    reserve_only: dict[str, ReserveCharacterDef] = field(default_factory=dict)
    encounter: dict[str, EncounterCardDef] = field(default_factory=dict)
    events: dict[str, ScenarioEventDef] = field(default_factory=dict)
    missions: dict[str, MissionDef] = field(default_factory=dict)

    def kerosene_limit(self, cid: str) -> int:
        """MDV-3: a main character's kerosene limit; reserve-only characters 0."""
        d = self.characters.get(cid)
        return getattr(d, "kerosene_limit", 0) if d is not None else 0

    def character_name(self, cid: str) -> str:
        d = self.characters.get(cid) or self.reserve_only.get(cid)
        return d.name if d is not None else cid
