"""Versus's part of the game state (rules/versus.md): the figures, the command-point pools, the
order tiles used, doors, destroyed objects and walls, items, the activation in progress, the
duel in progress and the secrets not yet revealed (deployment, facings, bids)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..state import GameState, Plain


@dataclass(slots=True)
class Figure(Plain):
    """V-CHAR-1..9: one character on the board: its id, owning seat, square (None before the
    deployment reveal; kept as the dead marker's square after death, V-DEATH-1), facing (one of
    N, E, S, W; "" before the facings are revealed), card side, wound counters, dead, activated
    this round (V-ROUND-7), items carried (V-CARD-2)."""

    cid: str
    seat: int
    pos: tuple[int, int] | None = None
    facing: str = ""
    side: str = "healthy"
    wounds: int = 0
    dead: bool = False
    activated: bool = False
    items: list[str] = field(default_factory=list)


@dataclass(slots=True)
class VersusSub(Plain):
    """The versus record of a game.

    ``factions``: faction id by seat; ``cp``: CP pool by seat (V-CP-2/3, public); ``used``: the
    order tiles used this round by seat (V-ORDER-3); ``first``: the first seat of this round
    (V-ROUND-3); ``round``: the round number (V-ROUND-1); ``doors``: door id -> ``closed``,
    ``open`` or ``destroyed`` (V-DOOR); ``destroyed``: destroyed object ids (V-DESTROY-9);
    ``breaches``: edge ids of destroyed walls (V-DESTROY-11), ``long_breaches`` pairs of them
    (V-DESTROY-13); ``items``: item id -> ``[x, y]`` lying there, or absent while carried;
    ``act``: the activation in progress (V-ORDER-3..9: ``cid``, ``tiles``, ``run`` sections run
    as ``"tile/index"``, ``mp`` left, ``moved``: a Move section committed, V-FACE-1); ``deploy``:
    the secret deployment by seat until the reveal (V-SETUP-3); ``facings``: the secret facings by
    character until the reveal; ``revealed``: the deployment was revealed; ``duel``: the duel in
    progress (V-DUEL: ``can`` the characters whose trigger fired at this check point, ``x``,
    ``y``, ``declarer``, ``bids`` by seat, secret until both are in); ``seen``: per pair ``"X|Y"``
    whether X saw Y and was adjacent at the last check point; ``fired``: triggers fired in this
    activation (``"X|Y|view"``, ``"X|Y|adj"``, V-DUEL-4); ``winner``: the faction that won, or
    ``draw``."""

    factions: list[str] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    cp: list[int] = field(default_factory=list)
    used: list[list[str]] = field(default_factory=list)
    first: int = 0
    round: int = 0
    doors: dict[str, str] = field(default_factory=dict)
    destroyed: list[str] = field(default_factory=list)
    breaches: list[str] = field(default_factory=list)
    long_breaches: list[list[str]] = field(default_factory=list)
    items: dict[str, list[int]] = field(default_factory=dict)
    act: dict[str, Any] = field(default_factory=dict)
    deploy: dict[str, str] = field(default_factory=dict)
    facings: dict[str, str] = field(default_factory=dict)
    revealed: bool = False
    duel: dict[str, Any] = field(default_factory=dict)
    seen: dict[str, list[bool]] = field(default_factory=dict)
    fired: list[str] = field(default_factory=list)
    winner: str = ""


@dataclass(slots=True, kw_only=True, eq=False)
class VersusState(GameState):
    """A game of versus (rules/versus.md): the machine's state plus :class:`VersusSub`."""

    rules: str = "versus"
    versus: VersusSub = field(default_factory=VersusSub)
