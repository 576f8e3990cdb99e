"""The rules engine: pure, deterministic, no pygame, no I/O (DESIGN.md).

Public API: :func:`new_game`, :func:`legal_actions`, :func:`apply`, :func:`replay`, the typed
values :class:`Action`, :class:`Event`, :class:`ActionKind`, :class:`DecisionKind`, and
:class:`~game.engine.query.View`, the one window on a game for the UI and bots.
"""
from .actions import ORDER_DECISIONS, TIE_DECISIONS, Action, ActionKind, DecisionKind, Event
from .messages import is_id as is_message_id
from .api import (IllegalAction, RulesError, StuckGame, adopt, apply, apply_or_raise, describe_action,
                  give_up, legal_actions, new_game, new_game_events, record_of, recorded, replay,
                  same_chance, same_game, snapshot)
from .board import Board, EdgeState, Geometry, edge_id, edge_key, parse_edge_id
from .query import View
from .rng import Rng
from .scenario import Scenario
from .state import CharState, EnemyState, GameState, TokenState

__all__ = ["is_message_id", "adopt", "give_up", "record_of", "recorded", "same_chance", "same_game", "snapshot", "Action", "ActionKind", "Board", "CharState", "DecisionKind", "EdgeState", "EnemyState", "Event",
           "GameState", "Geometry", "Rng", "Scenario", "TokenState", "View", "edge_id", "edge_key", "parse_edge_id", "IllegalAction", "RulesError", "StuckGame",
           "ORDER_DECISIONS", "TIE_DECISIONS", "apply", "apply_or_raise", "describe_action", "legal_actions", "new_game",
           "new_game_events", "replay"]
