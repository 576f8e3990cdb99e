"""Log lines in the player's language. An engine event carries a message id and typed parameters
(issue 23); the log keeps its English line and a function that renders it in the language of the
moment, so a language switch reaches lines written before it. Lines the screen writes itself keep a
(message id, blanks) pair of the UI catalogue or such a function.
"""
from __future__ import annotations

from typing import Callable

from ...engine import Event
from ...engine.query import Game
from ...i18n import _, _f, language


def message(state: Game, e: Event) -> "Callable[[], str] | None":
    """How the log shows event ``e`` in the language of the moment: a function rendering its message id
    and typed parameters through the catalogues (issue 23: every engine event has one; the log no longer
    rebuilds sentences from event data), or None for an event without an id (its text is shown as written)."""
    if e.msg:
        from ..words import words

        return lambda: words(e)
    return None


def repeated(e: Event) -> bool:
    """An engine line that only repeats another: "Mission Supply Run ends (completed)." right
    after "Mission complete: Supply Run." (M-MISSION-4, M-MISSION-9; play4 read it as a duplicate). The
    log and the mission card leave it out; "ends (abandoned)" and "ends (killed)" are kept. The result
    line ("Scenario failed: Vera Castellan died") too: the play screen writes why the game ended in the
    log right after it, with who fell to what (PlayLog.say_why_it_ended; retest 36 m28 read it twice)."""
    return (e.kind == "mission" and e.data.get("step") == "completed") or e.kind == "result"


def shown(text: str, msg: "tuple[str, dict] | Callable[[], str] | None") -> str:
    """The log line in the current language: the engine's English text, or the translated message
    (``msg`` a (message id, blanks) pair, or a function that writes the line in the current language)."""
    if callable(msg):  # an event's message or a line the screen wrote itself, in the language of the moment
        return msg()  # (English too: an enemy named by its number, game.ui.numbers)
    if language() == "en":
        return text
    if msg is None:  # a line the log keeps no message for (an old save's line): as it was written
        return text
    mid, blanks = msg
    return _f(mid, **{k: _(v) if isinstance(v, str) else v for k, v in blanks.items()})
