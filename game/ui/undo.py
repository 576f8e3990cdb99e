"""Undo and redo for the play scene, built on state snapshots (``Game.clone()``).

Never on inverse commands: before each action the scene keeps a copy of the whole state; undo
puts that copy back. Redo applies the same action again, which gives the same result because the
engine is deterministic and nothing random happened in between (that is what the undo window
guarantees).

**The undo window.** An action can be taken back only while it revealed nothing new: once a die
was rolled, a card drawn, a tile explored or a hidden item seen, a player who could undo would
simply roll or draw again. :func:`revealed` decides this from the events ``apply()`` returned and
from the random generator's state; :data:`REVEALING_EVENTS` is the one list of event kinds that
count. An action that reveals something becomes the new floor of the window: it and everything
before it stay.

The window is the same whoever decides (hot-seat seats, a pending push or trade decision) and is
rebuilt after a load or an F5 reload by replaying the record (:meth:`UndoHistory.from_record`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine import Action, Event, apply, new_game_events
from ..engine import recorded, same_chance, same_game, snapshot
from ..engine.query import Game, View
from ..i18n import N_, _, _f

# Event kinds that show players something they did not know before the action. Dice rolls are
# recognised by the faces in their data as well (any event with "faces"), and any action that used
# the random generator (a shuffle, the encounter die) counts too, whatever its events say.
REVEALING_EVENTS: dict[str, str] = {
    "attack": N_("dice were rolled"),
    "evade": N_("dice were rolled"),
    "reroll": N_("a die was re-rolled"),
    "explore": N_("a tile was explored"),
    "search": N_("an item was found"),
    "take": N_("an item was found"),
    "draw": N_("a card was drawn"),
    "tension": N_("a tension card was drawn"),
    "narrative": N_("a narrative card was drawn"),
    "peek": N_("cards were looked at"),
    "behaviour": N_("a behaviour card was drawn"),
    "reshuffle": N_("a deck was shuffled"),
    "gear": N_("a card was dealt"),
    "spawn_skip": N_("the encounter die was rolled"),
    "result": N_("the scenario ended"),
}


#: why the undo window closes after a secret (issue 23 item 3: undo never steps back over
#: information a seat committed in secret, ``View.undo_floor``)
SECRET = N_("a player committed something in secret")


def revealed(events: list[Event], rng_before: Any = None, rng_after: Any = None) -> str:
    """Why these events end the undo window ('dice were rolled' ...), or '' if they revealed nothing.

    ``events`` are what one ``apply()`` returned; ``rng_before``/``rng_after`` anything that
    differs when something random happened (the play scene compares the games with
    ``api.same_chance``). An event only some seats may see (a secret) closes it too."""
    for e in events:
        if e.audience is not None:
            return SECRET
        if e.data.get("faces"):
            return N_("dice were rolled")
        if e.kind in REVEALING_EVENTS:
            return REVEALING_EVENTS[e.kind]
    if rng_before is not None and rng_before != rng_after:
        return N_("something random happened")
    return ""


@dataclass
class Step:
    """One action inside the undo window: the state just before it, the action, who took it
    ("person", "bot" or "game" for ties the game settled) and what the screen showed before it."""

    before: Game
    action: Action
    by: str = "person"
    log: list = field(default_factory=list)  # the log lines before the action (a shallow copy)
    rolls: list = field(default_factory=list)
    lines: list = field(default_factory=list)  # the log line objects this action wrote
    seat: int | None = None  # the seat that answered a decision several seats could answer (None: the pending one)


class UndoHistory:
    """The undo window and the redo stack of one play scene.

    Use: ``begin(state, action, by, log, rolls)`` before ``apply``; ``end(events, rng_before,
    state, new_lines)`` after it; ``take_back()`` to undo; ``redo_action()`` to redo."""

    def __init__(self) -> None:
        self.window: list[Step] = []
        self.redo: list[tuple[Action, int | None]] = []  # (action, the seat that answered it)
        self.floor_reason = N_("the game has just started")  # why nothing before the window can be undone
        self.floor_lines: list = []  # log lines written by the action that set the floor
        self._open: Step | None = None
        self.redoing = False
        # a loaded game's last events, from replaying its record (from_record): the play scene writes
        # their lines into the log again, so a continued game still shows what just happened (play4)
        self.replayed: list[Event] = []

    REPLAYED_KEPT = 150

    # ------------------------------------------------------------------ recording
    def begin(self, state: Game, action: Action, by: str, log: list, rolls: list, seat: int | None = None,
              before: Game | None = None) -> None:
        """Remember the state before ``action`` is applied (a deep copy, or ``before`` when the caller
        already took one of it); ``seat``: who answered it."""
        self._open = Step(before if before is not None else snapshot(state), action, by, list(log), list(rolls),
                          seat=seat)

    def end(self, events: list[Event], state: Game, new_lines: list) -> str:
        """File the action begun last. Returns why it closed the window ('' if it did not)."""
        step, self._open = self._open, None
        if step is None:
            return ""
        if len(events) == 1 and events[0].kind == "impossible":
            return ""  # nothing changed
        if not self.redoing:
            self.redo.clear()
        v = View.of(state)
        why = revealed(events, 0, 0 if same_chance(step.before, state) else 1) or (N_("the scenario ended") if v.over else "") \
            or (SECRET if v.undo_floor() == v.step else "")
        step.lines = list(new_lines)
        if why:
            self.window.clear()
            self.redo.clear()
            self.floor_reason = why
            self.floor_lines = list(new_lines)
        else:
            self.window.append(step)
        return why

    # ------------------------------------------------------------------ questions
    def can_undo(self) -> bool:
        return any(s.by == "person" for s in self.window)

    #: floors that are the start of play, not something revealed
    STARTS = (N_("the game has just started"), N_("the game was loaded"))

    def why_not(self) -> str:
        """A sentence for a refused undo: nothing done yet since the start or the load, or what was
        revealed since ("...the game has just started since your last undoable action" read oddly, play4)."""
        if self.floor_reason in self.STARTS:
            return _f("Nothing to undo yet: {why}.", why=_(self.floor_reason))
        return _f("Nothing to undo: {why}, and what that revealed cannot be taken back.", why=_(self.floor_reason))

    def steps_after_line(self, line: Any) -> int | None:
        """How many steps to take back so the game is as it was right after ``line`` was written
        (0 = nothing to do), or None if the line is before the undo window."""
        if any(line is x for x in self.floor_lines):
            return len(self.window)
        for i, s in enumerate(self.window):
            if any(line is x for x in s.lines):
                return len(self.window) - 1 - i
        return None

    # ------------------------------------------------------------------ undo / redo
    def take_back(self, count: int = 1) -> Step | None:
        """Undo ``count`` steps taken by a person (with the bot and game steps that followed them).
        Returns the step whose ``before`` state is to be restored, or None if nothing can be undone."""
        target = None
        while count > 0 and self.can_undo():
            while self.window:
                s = self.window.pop()
                self.redo.append((s.action, s.seat))
                target = s
                if s.by == "person":
                    break
            count -= 1
        return target

    def take_back_steps(self, n: int) -> Step | None:
        """Undo exactly the last ``n`` steps (for 'undo to here'); None if n is 0 or too many."""
        if n <= 0 or n > len(self.window):
            return None
        target = None
        for _i in range(n):
            target = self.window.pop()
            self.redo.append((target.action, target.seat))
        return target

    def redo_action(self) -> tuple[Action, int | None] | None:
        """The next action to redo and the seat that answered it (removed from the redo stack), or None."""
        return self.redo.pop() if self.redo else None

    # ------------------------------------------------------------------ loading
    @classmethod
    def from_record(cls, scenario: Any, party: list, seed: int, record: list[dict],
                    loaded: Game | None = None, each: Callable[[Game], Any] | None = None) -> "UndoHistory":
        """The undo window of a loaded game, rebuilt by replaying its record (every replayed action
        counts as a person's). If the replay does not reach ``loaded`` exactly (a foreign or edited
        save), the window is empty: nothing before the load can be undone. ``each(state)`` is called
        after the set-up and after every replayed action (the play screen numbers the enemy models
        as they came, game.ui.numbers)."""
        h = cls()
        h.floor_reason = N_("the game was loaded")
        try:
            s, _ = new_game_events(scenario, party, seed, View.of(loaded).manual if loaded is not None else ())
            if each is not None:
                each(s)
            for a in record:
                act, seat = recorded(a)
                h.begin(s, act, "person", [], [], seat)
                ev = apply(s, act, seat)
                if len(ev) == 1 and ev[0].kind == "impossible":
                    return cls._empty(N_("the game was loaded"))
                h.replayed = (h.replayed + ev)[-cls.REPLAYED_KEPT:]
                if each is not None:
                    each(s)
                why = h.end(ev, s, [])
                if why:
                    h.floor_reason = why
        except (ValueError, KeyError, TypeError):
            return cls._empty(N_("the game was loaded"))
        if loaded is not None and not same_game(s, loaded):
            return cls._empty(N_("the game was loaded"))
        return h

    @classmethod
    def _empty(cls, reason: str) -> "UndoHistory":
        h = cls()
        h.floor_reason = reason
        return h
