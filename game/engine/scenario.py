"""A playable scenario: the brief, its board and the content it draws on (all immutable)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
    #: map cards the board may grow by during play, by id (issue 23; ``GameState.grown``): each a
    #: :class:`game.engine.kernel.growth.Card`
    cards: dict[str, Any] = field(default_factory=dict)
    #: for a scenario whose board grew during play (``GameState.scenario``): the scenario as set
    #: up, which new games, replays and ``attach`` use instead
    grown_from: "Scenario | None" = field(default=None, compare=False, repr=False)

    @property
    def as_set_up(self) -> "Scenario":
        """The scenario as it was set up (itself unless its board grew during play)."""
        return self.grown_from or self

    @property
    def id(self) -> str:
        return self.brief.id
