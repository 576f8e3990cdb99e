"""A playable scenario: the brief, its board and the content it draws on (all immutable)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .board import Board
from .defs import (DV1_DICE, BehaviourCardDef, CharacterDef, DecksDef, EnemyDef, Face, ItemDef, NarrativeCardDef,
                   ScenarioDef, TensionCardDef)


@dataclass(frozen=True)
class Content:
    """Every definition the engine may look up, by id."""

    characters: dict[str, CharacterDef] = field(default_factory=dict)
    enemies: dict[str, EnemyDef] = field(default_factory=dict)
    items: dict[str, ItemDef] = field(default_factory=dict)
    tension: dict[str, TensionCardDef] = field(default_factory=dict)
    scenarios: dict[str, ScenarioDef] = field(default_factory=dict)
    decks: DecksDef | None = None
    narrative: dict[str, NarrativeCardDef] = field(default_factory=dict)
    behaviour: dict[str, BehaviourCardDef] = field(default_factory=dict)
    #: attack/evade dice, colour -> faces 1..6 (DV-1; ``dice.yaml``, DV-1's own faces when absent)
    dice: dict[str, tuple[Face, ...]] = field(default_factory=lambda: dict(DV1_DICE))


@dataclass(frozen=True)
class Scenario:
    """A brief plus its loaded board and the content (R-SCEN-1)."""

    brief: ScenarioDef
    board: Board
    content: Content
    rules: str = "core"  # the rule set that plays it (game.engine.machine.RULESETS)

    @property
    def id(self) -> str:
        return self.brief.id
