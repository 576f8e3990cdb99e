"""Save-format migrations: a save written by an older Dreadboard is brought up to date, step by
step, before it is validated; one it cannot read is refused with the reason and what to do.

A save document's ``version`` is the :data:`~game.engine.state.SAVE_VERSION` it was written with
(the document and its ``state`` carry the same number). Each step ``_vN_to_vN1`` turns a plain
JSON dict of version N into version N+1; none of them executes anything from the file.
"""
from __future__ import annotations

from typing import Any, Callable

from .state import SAVE_VERSION


class SaveVersionError(ValueError):
    """A save this game cannot bring up to date; the message says why and what to do."""


def _v1_to_v2(state: dict[str, Any]) -> dict[str, Any]:
    """Version 2 replaced the loose ``flags`` dict by the typed ``core`` sub-state and names the
    rule set (``rules``)."""
    flags = state.pop("flags", {}) or {}
    if not isinstance(flags, dict):
        raise SaveVersionError("the save's flags are not a table")
    core: dict[str, Any] = {}
    for key in ("reroll_used", "boss", "boss_tile", "boss_last_target", "enrage_told", "stalker_killed",
                "stalker_wounds", "fail", "cancel", "tension_chain"):
        if key in flags:
            core[key] = flags[key]
    if isinstance(flags.get("sustain"), dict):
        core["sustain"] = flags["sustain"]
    react = flags.get("react")
    if isinstance(react, dict):
        core["react"] = {"reacting": react.get("R", []), "done": react.get("done", []),
                         "attacked": react.get("attacked", []), "symbol": react.get("symbol"),
                         "auto": bool(react.get("auto", False))}
    state["core"] = core
    state["rules"] = "core"
    # the phase table: version 1 queued the end of the turn directly; version 2 asks the table
    queue = state.get("queue")
    if isinstance(queue, list):
        ends = [t for t in queue if isinstance(t, dict) and t.get("t") == "turn_end"]
        if ends and state.get("phase") == "tension":  # queued by the tension phase: the next phase
            for t in ends:
                t["t"] = "next_phase"
        elif ends and state.get("phase") in ("action", "reaction"):  # R-TURN-8 ended the turn early
            state["phase"] = "end"
    return state


STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


def migrate_state(state: Any, version: Any) -> dict[str, Any]:
    """The state dict of a save of ``version`` brought to :data:`SAVE_VERSION`.

    Raises :class:`SaveVersionError` for a version that is not a whole number, is newer than this
    game, or has no migration path.
    """
    if not isinstance(state, dict):
        raise SaveVersionError("the save holds no game state")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveVersionError(f"the save's version {version!r} is not a number; it was not made by Dreadboard")
    if version > SAVE_VERSION:
        raise SaveVersionError(f"the save was made by a newer Dreadboard (save version {version}, this game reads "
                               f"up to {SAVE_VERSION}); update the game to load it")
    if version < 1:
        raise SaveVersionError(f"save version {version} is older than any this game can read; start a new game")
    while version < SAVE_VERSION:
        state = STEPS[version](dict(state))
        version += 1
        state["version"] = version
    return state
