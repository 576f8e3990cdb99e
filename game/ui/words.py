"""What an event or a prompt says, in the player's language (issue 23 item 1).

The engine hands out message ids with typed parameters (``Event.msg``, ``Event.params``; see
:mod:`game.engine.messages`); :func:`words` renders them through the catalogues
(:mod:`game.i18n.messages`). A line without an id (a prompt of a save made before issue 23, a toy
rule set's own text) is shown as it was written, or as the UI catalogue's entry for the whole line.
"""
from __future__ import annotations

from typing import Any

from ..engine import is_message_id
from ..i18n import language
from ..i18n.messages import render, template


class Said(str):
    """An event's English sentence that still knows its message id and parameters (``msg``,
    ``params``), so a list of lines kept as strings (the campaign's end-phase panel, its saves) can be
    shown in any language by :func:`words`."""

    msg: str
    params: dict
    rule: str

    def __new__(cls, text: str, msg: str = "", params: dict | None = None, rule: str = "") -> "Said":
        self = super().__new__(cls, text)
        self.msg, self.params, self.rule = msg, params or {}, rule
        return self

    @classmethod
    def of(cls, e: Any) -> "str":
        """Event ``e``'s English line, keeping its id (a plain string for an event without one)."""
        return cls(e.text, e.msg, e.params) if getattr(e, "msg", "") else e.text


#: the colours a board tile or a tension card has (R-EXPLORE-2, R-TENSION-1), each worded by the message
#: catalogue's ``colour.<name>`` id, never by looking its English word up
TILE_COLOURS = ("green", "yellow", "amber", "red")


def colour_word(colour: Any, lang: str | None = None) -> str:
    """The word for tile or tension-card colour ``colour`` (a :class:`~game.engine.board.Colour` or its
    value, "green" / "yellow" / "amber" / "red") in ``lang`` (default: the current language), by its
    message id ``colour.<name>`` (issue 23: keyed, not looked up by its English). Raises KeyError for
    a colour that is not a tile colour; "" for no colour ("" or None)."""
    name = str(getattr(colour, "value", colour) or "")
    if not name:
        return ""
    if name not in TILE_COLOURS:
        raise KeyError(f"{name!r} is not a tile colour (one of {', '.join(TILE_COLOURS)})")
    return render("colour." + name, {}, lang or language())


def words(thing: Any, lang: str | None = None) -> str:
    """``thing`` (an :class:`~game.engine.Event`, or a prompt/sentence string) as a sentence in
    ``lang`` (default: the current language)."""
    lang = lang or language()
    mid = getattr(thing, "msg", None)
    if mid:
        return render(mid, getattr(thing, "params", None) or {}, lang)
    prompt = getattr(thing, "prompt", None)  # a pending decision (Pending: its prompt is a message id)
    if isinstance(prompt, str) and is_message_id(prompt):
        return render(prompt, getattr(thing, "params", None) or {}, lang)
    if prompt is not None:
        thing = prompt  # (a save made before issue 23: an English prompt)
    text = thing.text if hasattr(thing, "text") else str(thing or "")
    if lang == "en" or not text:
        return text
    from ..i18n import catalogue

    return catalogue(lang).get(text, text)  # (a whole catalogue entry; else as the engine or an old save wrote it)


def question(p: Any, lang: str | None = None) -> str:
    """The topic of pending decision ``p`` without its question ("The Zombie can end on several squares as
    close to Vera Castellan" for "...: pick one."): the catalogue's ``short`` form of the prompt when it
    has one, else the whole prompt (the log's "Settled by the game" line says which question it answered)."""
    lang = lang or language()
    prompt = getattr(p, "prompt", "") or ""
    if is_message_id(prompt):
        key = "short|" + prompt
        if template(key, lang) != prompt:  # (a missing context entry comes back as the bare id)
            return render(key, getattr(p, "params", None) or {}, lang)
    return words(p, lang)


__all__ = ["Said", "TILE_COLOURS", "colour_word", "question", "words"]


OFFERED = "evade.hit_reroll"  # the outcome of a failed evade roll a re-roll offer waits on (messages.po)


def offered(e: Any) -> bool:
    """Whether event ``e`` is a failed evade roll a re-roll offer waited on, told as not decided yet
    (DV-8; :func:`game.ui.presenters.rolls.mark_reroll_offer`, session-36 retest m24)."""
    r = (getattr(e, "params", None) or {}).get("result") if getattr(e, "msg", "") else None
    return isinstance(r, dict) and r.get("id") == OFFERED
