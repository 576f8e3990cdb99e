"""The shape of a save file as pydantic models (game.content.saves reads and writes the files).

Imported by the functions of :mod:`game.content.saves` that read or write a save, not by the
module itself: the main menu's first frame builds no pydantic model when there is no save to read
(issue 30 item 3, cold start). The checks are the reader's: unknown fields refused, identifiers
of 1-64 characters of ``[A-Za-z0-9_.:-]``, a party of 1-4 seats, a 64-bit seed.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _SM(BaseModel):
    model_config = ConfigDict(extra="forbid")


Ident = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]


class MapStamp(_SM):
    """The map a save was made on: its file name and the SHA-256 of its bytes."""

    file: Annotated[str, Field(max_length=255)] | None = None
    sha256: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")] | None = None


class SaveExtra(BaseModel):
    """UI settings travelling with a save (other keys are kept and ignored)."""

    model_config = ConfigDict(extra="allow")
    map: Annotated[str, Field(max_length=4096)] | None = None
    controllers: Annotated[list[Literal["human", "bot"]], Field(max_length=4)] = []
    # the players' names per seat (issue 12; saves without them load with "Player N")
    names: Annotated[list[Annotated[str, Field(max_length=64)]], Field(max_length=4)] = []


class GameSetup(_SM):
    """How the scenario of a saved game was built beyond its brief (issue 29 item 2), so that
    Continue rebuilds the very game that was played: ``pack``, the campaign pack whose standalone
    set-up (R-STAND, M-MODE-3: tier gear, danger, packets) played it ("city", "mansion"; None: the
    brief as it is); ``easy``, easy mode turned on (R-EASY). A save without it is a plain brief."""

    pack: Ident | None = None
    easy: bool = False


class SaveDoc(_SM):
    """The outer shape of a save file (the state is checked separately)."""

    format: Literal["dreadboard-save"]
    version: int
    scenario: Ident
    # one entry per seat, as the rule set's ``read_party`` hook reads it (the city's
    # ``[survivor, start]``, the dungeon's ``[character, equipment, ability]``); checked by meaning
    # in :func:`load_game`
    party: Annotated[list[Annotated[list[Ident | Annotated[int, Field(ge=-99, le=99)]],
                                    Field(min_length=1, max_length=6)]], Field(min_length=1, max_length=4)]
    seed: Annotated[int, Field(ge=0, lt=2 ** 64)]
    map: MapStamp | None = None
    extra: SaveExtra = SaveExtra()
    setup: GameSetup = GameSetup()
    state: dict[str, Any]


