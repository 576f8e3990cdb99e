"""What an event or a prompt says, in the player's language (issue 23 item 1).

The engine hands out message ids with typed parameters (``Event.msg``, ``Event.params``; see
:mod:`game.engine.messages`); :func:`words` renders them through the catalogues
(:mod:`game.i18n.messages`). An event of engine code not converted to ids yet still carries an
English sentence, shown through the old pattern table (:mod:`game.ui.sentences`) until the last
one is converted.
"""
from __future__ import annotations

from typing import Any

from ..i18n import language
from ..i18n.messages import render


class Said(str):
    """An event's English sentence that still knows its message id and parameters (``msg``,
    ``params``), so a list of lines kept as strings (the campaign's end-phase panel, its saves) can be
    shown in any language by :func:`words`."""

    msg: str
    params: dict

    def __new__(cls, text: str, msg: str = "", params: dict | None = None) -> "Said":
        self = super().__new__(cls, text)
        self.msg, self.params = msg, params or {}
        return self

    @classmethod
    def of(cls, e: Any) -> "str":
        """Event ``e``'s English line, keeping its id (a plain string for an event without one)."""
        return cls(e.text, e.msg, e.params) if getattr(e, "msg", "") else e.text


def words(thing: Any, lang: str | None = None) -> str:
    """``thing`` (an :class:`~game.engine.Event`, or a prompt/sentence string) as a sentence in
    ``lang`` (default: the current language)."""
    lang = lang or language()
    mid = getattr(thing, "msg", None)
    if mid:
        return render(mid, getattr(thing, "params", None) or {}, lang)
    text = thing.text if hasattr(thing, "text") else str(thing or "")
    if lang == "en" or not text:
        return text
    from ..i18n import catalogue
    from .sentences import translated

    if lang == language():
        return translated(text)
    return catalogue(lang).get(text, text)


__all__ = ["Said", "words"]
