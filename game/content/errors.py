"""Errors for bad input files: each names the file, the place and what to do.

The parts of an error (the place, the problem, the hint) are :class:`Phrase` strings made with
:func:`P_`: the English sentence a log or a test reads, which also keeps its message id (the
sentence's template, an entry of the UI catalogue) and its typed parameters, so a screen words it in
the player's language from the id and the parameters (game.ui.errortext; issue 23 item 2), never by
matching the English. A parameter is data shown as it is (a file name, a number, an id) or a Phrase
worded in turn (the kind of file: ``P_("save")``).
"""
from __future__ import annotations

from typing import Any


class Phrase(str):
    """One sentence of a file error: its English words (a str in every other respect), with the message
    id ``msg`` (the English template with {blanks}, e.g. "the {what} is empty") and ``params`` (blank ->
    data, or a Phrase worded in turn)."""

    msg: str
    params: dict

    def __new__(cls, msg: str, params: dict | None = None) -> "Phrase":
        params = dict(params or {})
        try:
            text = msg.format(**{k: str(v) for k, v in params.items()}) if params else msg
        except (KeyError, IndexError, ValueError):  # a template with a blank the call does not fill
            text = msg
        self = super().__new__(cls, text)
        self.msg, self.params = msg, params
        return self

    def __reduce__(self) -> tuple:
        return (Phrase, (self.msg, self.params))


def quoted(x: Any) -> str:
    """Data quoted inside a sentence: ``'swift'``."""
    return f"'{x}'"


def P_(msg: str, **params: Any) -> Phrase:
    """A file error's sentence by message id ``msg`` (its English template, marked for the catalogue
    like ``N_``) with typed ``params``: ``P_("the {what} is empty", what=P_("save"))``."""
    return Phrase(msg, params)


class ContentError(Exception):
    """A data file is wrong. ``file``: path; ``where``: "line 7", "object 12 at square (3, 4)",
    "card 'x'"; ``problem``: what is wrong; ``hint``: how to fix it."""

    def __init__(self, file: str, where: str, problem: str, hint: str = ""):
        self.file = str(file)
        self.where = where
        self.problem = problem
        self.hint = hint
        super().__init__(str(self))

    def __str__(self) -> str:
        s = f"{self.file}"
        if self.where:
            s += f": {self.where}"
        s += f": {self.problem}"
        if self.hint:
            s += f" Hint: {self.hint}"
        return s


class MapError(ContentError):
    """A Tiled map is wrong or not supported. ``layer``: the name of the layer holding the
    object named in ``where`` ("" when unknown or not about an object)."""

    layer: str = ""
