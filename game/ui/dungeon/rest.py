"""When the dungeon's play screen rests (issue 30 item 2: an idle screen draws nothing and its window
sleeps): the clock its highlights are drawn at, which holds ``PULSE_S`` after the last input, action or
show; what its picture depends on while nothing moves (``Scene.still_key``); and when its ``update``
has nothing to do until the next input (``Scene.at_rest``). A part of :class:`.play.DungeonPlay`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .words import intent_text

if TYPE_CHECKING:
    from ..app import App

#: seconds the board's highlights pulse after the last input or action; then they hold still (idle: no redraw)
PULSE_S = 4.0


class Resting:
    """The resting part of :class:`game.ui.dungeon.play.DungeonPlay` (its attributes are the screen's)."""

    def advance(self, dt: float) -> None:
        """Move the screen's clock on by ``dt`` seconds and what runs on it: map cards sliding in
        (0.6 s each, a card new to the board starts its slide) and the show of events (``show.tick``)."""
        self.t += dt
        for k in list(self.slide):
            self.slide[k] += dt
            if self.slide[k] > 0.6:
                del self.slide[k]
        cards = len(self.state.dungeon.cards)
        for k in range(self.cards_seen, cards):
            self.slide[k] = 0.0
        self.cards_seen = max(self.cards_seen, cards)
        self.show.tick(dt, lambda uid, it: intent_text(self.view(), uid, it))

    @property
    def clock(self) -> float:
        """The time the board's highlights are drawn at: the screen's clock until ``PULSE_S`` after the
        last input or action, then held (issue 30 item 2: a screen left alone stops changing)."""
        return min(self.t, self.woke + PULSE_S)

    def still_key(self, app: "App") -> object | None:
        """The picture's inputs while nothing moves by itself (``Scene.still_key``): None while
        anything runs on a clock (the show, cards sliding in, the turn's hand-over note, pulsing
        highlights, a bot or an enemy-phase window waiting); else the state and its step, the pointer,
        zoom and pan, the log, rolls, banner, message, coach, undo and the seats."""
        if (self.show.busy or self.slide or self.handover is not None or self.t - self.woke <= PULSE_S
                or not self.at_rest(app)):
            return None
        st = self.state
        return (id(st), len(st.record), st.dungeon.round, st.phase, id(st.pending), self.mouse, self.zoom, self.pan,
                self.dragging, len(self.show.log), self.show.log[-1] if self.show.log else None, id(self.show.rolls),
                len(self.show.rolls), self.show.banner, self.show.phase, self.show.acting, self.message,
                self.coach.current, frozenset(self.coach.seen), self.coach.on, len(self.undo.window),
                len(self.undo.redo), self.paused_window, tuple(self.controllers), tuple(self.names),
                id(self.board_pick), app.top is self, self.clock)

    def at_rest(self, app: "App") -> bool:
        """:meth:`update` has nothing to do until the next input (issue 30 item 2): nothing shown or
        sliding, no menu, rule page or choice waiting, the round's save made, no hand-over note, the
        end screen opened, and the decision a person's (a bot's or an enemy-phase window's runs on a
        clock) or the window held open by a person."""
        if self.quit or self.rules or self.pending_choice is not None or self.show.busy or self.slide:
            return False
        st = self.state
        if (st.dungeon.round != self.saved_round and st.result is None) or self.handover is not None:
            return False
        if st.result is not None:
            return self.ended
        p = st.pending
        if p is None:
            return True
        if p.kind == "minor_enemy":
            return self.paused_window
        return self.is_human(p.seat)

