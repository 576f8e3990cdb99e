"""Carry-in: what a campaign scenario's set-up takes from the campaign state (R-SCEN-3,
R-CAMP-15, R-END-X2), and the token keys both sides use.

The core set-up (:func:`game.engine.core.setup.setup`) reads ``scenario.carry`` and
``scenario.skip_tokens`` when the scenario is a :class:`CampaignScenario`; any other scenario
is set up from scratch as before.
"""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from ..scenario import Scenario
from ..state import CardState
from .state import CampChar


class CarryIn(BaseModel):
    """The campaign's survivors, cards, decks, item box and danger handed to a scenario's set-up.

    ``piles`` holds the decks in order (``item_a``, ``item_a_discard``, ``item_b`` built for
    this scenario, ``b_pool``, ``item_c``, ``tension``, ``narrative``, ...). ``replay`` marks a
    replay after a success (R-CAMP-15)."""

    model_config = ConfigDict(extra="forbid")

    characters: list[CampChar]
    cards: dict[str, CardState]
    piles: dict[str, list[str]]
    item_box: list[list[str]] = []
    danger: int = 0
    replay: bool = False


@dataclass(frozen=True)
class CampaignScenario(Scenario):
    """A scenario set up from a campaign (``carry``) or standalone (``standalone``), with the
    tokens the set-up must not place (``skip_tokens``, keys from :func:`token_key`)."""

    carry: CarryIn | None = None
    skip_tokens: frozenset[str] = frozenset()
    standalone: bool = False
    #: the campaign pack (its ``id``) whose standalone set-up built it (R-STAND, M-MODE-3), or "":
    #: a save names it so that Continue rebuilds the very game (issue 29 item 2)
    pack: str = ""


def token_key(kind: str, square: tuple[int, int], props: dict) -> str | None:
    """The campaign key of a map token: ``C@x,y`` for an Item C token, ``P@label`` for a
    progression token (R-CAMP-10/19); None for any other token."""
    if kind == "item" and str(props.get("letter", "A")).upper() == "C":
        return f"C@{square[0]},{square[1]}"
    if kind == "progression":
        return f"P@{props.get('label', '')}"
    return None
