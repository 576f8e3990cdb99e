"""The dungeon's tutorial steps (issue 26 item 4): in a game started with tips on, the first time a
situation comes up the screen says in one box what to look at and what to click: choosing who goes
next, moving (and what an exit arrow does), attacking a ringed die, the "Wait, I use…" buttons, the
enemy phase. Each step is shown until the players act on it or dismiss it, once per game.

What a step says is wording only; when it applies is read from the legal actions and the phase the
engine reports.
"""
from __future__ import annotations

from typing import Any, Callable

from ...i18n import N_

#: (step id, when it applies: (legal actions of the deciding human seat, phase, any wait button) -> bool, text),
#: first first: the first step not done whose moment it is is shown
STEPS: tuple[tuple[str, Callable[[list, str, bool], bool], str], ...] = (
    ("order", lambda legal, phase, waits: any(a.kind == "pick" for a in legal),
     N_("Tutorial: the heroes' phase has no fixed order. Click the pawn of the hero who goes first "
        "(or its button on the right).")),
    ("enemy", lambda legal, phase, waits: phase == "enemy",
     N_("Tutorial: in the enemy phase each die acts in turn. The banner says whom it goes for and the "
        "dots show its path; click or press Space to see the rest at once.")),
    ("attack", lambda legal, phase, waits: any(a.kind == "dattack" for a in legal),
     N_("Tutorial: a die ringed in red is an enemy this hero can attack. Hover it for its card, what it "
        "will do next and your odds; click it to attack.")),
    ("move", lambda legal, phase, waits: any(a.kind == "dmove" for a in legal),
     N_("Tutorial: the lit squares are where this hero can move; hover one for its cost, click to go. "
        "An arrow at a card's edge is an unexplored exit: stepping on it lays the next map card.")),
    ("minor", lambda legal, phase, waits: waits,
     N_("Tutorial: minor actions cost no action. Any hero may use one now, even in another's turn: "
        "click its \"Wait, I use…\" button.")),
)


class Coach:
    """Which tutorial step is on screen; ``on`` False shows none."""

    def __init__(self, on: bool = True):
        self.on = on
        self.seen: set[str] = set()
        self.current: str | None = None

    def step(self, legal: list, phase: str, waits: bool) -> str | None:
        """The text of the step to show now: the first step not done yet whose moment it is, or None."""
        if not self.on:
            return None
        self.current = next((sid for sid, when, _text in STEPS if sid not in self.seen and when(legal, phase, waits)),
                            None)
        return next((text for sid, _w, text in STEPS if sid == self.current), None)

    def done(self, kinds: Any = None) -> None:
        """The players acted (an action of ``kinds``) or dismissed the step: it is not shown again."""
        if self.current is not None:
            self.seen.add(self.current)
            self.current = None


__all__ = ["Coach", "STEPS"]
