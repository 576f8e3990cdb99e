"""The rules engine: pure, deterministic, no pygame, no I/O (DESIGN.md).

Public API: :func:`new_game`, :func:`legal_actions`, :func:`apply`.
"""
from .actions import Action, Event
from .rules import IllegalAction, apply, apply_or_raise, legal_actions, new_game, new_game_events, replay
from .state import GameState

__all__ = ["Action", "Event", "GameState", "IllegalAction", "apply", "apply_or_raise", "legal_actions",
           "new_game", "new_game_events", "replay"]
