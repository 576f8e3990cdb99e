"""The game state: everything that changes during a scenario, as one serialisable value.

``GameState`` is a pydantic model: ``model_dump_json()`` is a save and
``GameState.model_validate_json`` loads one. It holds the seeded RNG (R-DOC-4), the pending
decision (DESIGN: ``state.pending``) and the task stack of a half-resolved phase, so a game can
be saved and loaded at any decision. The static scenario (board and content) is attached as a
private attribute and is not part of the save.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr

from .actions import Action
from .board import EdgeState
from .rng import Rng

Sq = tuple[int, int]

SAVE_VERSION = 1


class M(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class CardState(M):
    """One physical card (R-ITEM-9): its design id, deck of origin and ammo dial."""

    uid: str
    defn: str
    deck: Literal["A", "B", "C", "start", "T", "N", "BH"]
    ammo: int | None = None  # R-AMMO-1: set when a weapon enters an inventory
    symbol: str | None = None  # tension cards: the effect-box symbol of this copy (R-TENSION-3)


class CharState(M):
    """A survivor in the scenario (R-CHAR-2). ``health`` is 1 (Fine) .. 5 (Danger), 6 =
    unconscious (R-HEALTH-3). ``inventory`` is a list of slots; a slot is a list of card uids
    (more than one only for a mixed herb stack, R-HERB-2)."""

    cid: str
    seat: int
    pos: Sq | None = None
    health: int = 1
    poisoned: bool = False
    exited: bool = False
    dead: bool = False
    inventory: list[list[str]] = []
    limit_bonus: int = 0

    @property
    def conscious(self) -> bool:
        """In the play area and not unconscious (R-DOC-3)."""
        return self.pos is not None and not self.exited and self.health <= 5


class EnemyState(M):
    """An enemy model in play with its wound tokens (R-ENEMY-3)."""

    uid: str
    type: str
    pos: Sq
    wounds: int = 0


class TokenState(M):
    """A token or terrain element on a square (item, exit, fire, corpse, ...)."""

    uid: str
    kind: str
    pos: Sq
    props: dict[str, Any] = {}


class Pending(M):
    """The decision the game waits for: who decides (seat), what kind, a prompt, the
    options when they are fixed, and the context needed to resume."""

    kind: str
    seat: int
    prompt: str = ""
    options: list[Action] = []
    ctx: dict[str, Any] = {}


class GameState(M):
    """A whole scenario in progress. See module docstring."""

    version: int = SAVE_VERSION
    scenario_id: str
    seed: int
    rng: Rng
    step: int = 0  # state id: +1 per applied action
    turn: int = 0  # player turns started so far
    active: int = 0  # seat index of the active character
    phase: Literal["setup", "action", "reaction", "tension", "end", "over"] = "setup"
    actions_left: int = 0
    characters: list[CharState] = []
    enemies: list[EnemyState] = []
    tokens: list[TokenState] = []
    edges: dict[str, EdgeState] = {}
    locks: dict[str, dict[str, Any]] = {}
    cards: dict[str, CardState] = {}
    piles: dict[str, list[str]] = {}
    item_box: list[list[str]] = []  # slots, shared by every item box token (R-IBOX-1)
    explored: list[str] = []
    danger: int = 0
    ink_ribbons: int = 0
    tension_symbol: str | None = None
    tension_symbol_known: bool = False
    last_tension: str | None = None
    removed_models: list[str] = []
    next_uid: int = 1
    queue: list[dict[str, Any]] = []
    pending: Pending | None = None
    flags: dict[str, Any] = {}
    result: Literal["success", "failure"] | None = None
    result_reason: str = ""
    record: list[dict[str, Any]] = []

    _scn: Any = PrivateAttr(default=None)

    # -- convenience ----------------------------------------------------------------------
    def char(self, cid: str) -> CharState:
        """The character with profile id ``cid``. Raises KeyError."""
        for c in self.characters:
            if c.cid == cid:
                return c
        raise KeyError(cid)

    def enemy(self, uid: str) -> EnemyState | None:
        """The enemy with this uid, or None if it has left play."""
        for e in self.enemies:
            if e.uid == uid:
                return e
        return None

    def token(self, uid: str) -> TokenState | None:
        for t in self.tokens:
            if t.uid == uid:
                return t
        return None

    @property
    def active_char(self) -> CharState:
        return self.characters[self.active]

    @property
    def over(self) -> bool:
        return self.result is not None

    def new_uid(self, prefix: str) -> str:
        uid = f"{prefix}{self.next_uid}"
        self.next_uid += 1
        return uid

    def attach(self, scenario: Any) -> "GameState":
        """Attach the static scenario (board + content) after loading a save."""
        self._scn = scenario
        return self

    @property
    def scenario(self) -> Any:
        return self._scn

    def clone(self) -> "GameState":
        """A deep copy sharing the (immutable) scenario."""
        c = self.model_copy(deep=True)
        c._scn = self._scn
        return c

    def same_as(self, other: "GameState") -> bool:
        """Equality of the saved part of two states (the scenario is ignored)."""
        return self.model_dump(mode="json") == other.model_dump(mode="json")
