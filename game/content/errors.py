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
    data, or a Phrase worded in turn, or a list of them joined by each language). ``rule``: the rule ID the sentence cites ("R-SCEN-5"), typed
    (issue 23: no ID inside a sentence): the English words show it as " (R-SCEN-5)" in the template's
    ``{rule}`` blank (at the end when it has none), a screen only with "Show rule IDs" on."""

    msg: str
    params: dict
    rule: str

    def __new__(cls, msg: str, params: dict | None = None, rule: str = "") -> "Phrase":
        params = dict(params or {})
        tag = f" ({rule})" if rule else ""
        try:
            text = msg.format(**{k: _text(v) for k, v in params.items()}, rule=tag) if params or rule else msg
        except (KeyError, IndexError, ValueError):  # a template with a blank the call does not fill
            text = msg
        if rule and "{rule}" not in msg:
            text += tag
        self = super().__new__(cls, text)
        self.msg, self.params, self.rule = msg, params, rule
        return self

    def __reduce__(self) -> tuple:
        return (Phrase, (self.msg, self.params, self.rule))


def _text(v: Any) -> str:
    """A parameter's English words: a list (of phrases or data) joined with ', '."""
    return ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)


def quoted(x: Any) -> str:
    """Data quoted inside a sentence: ``'swift'``."""
    return f"'{x}'"


def P_(msg: str, /, *, rule: str = "", **params: Any) -> Phrase:
    """A file error's sentence by message id ``msg`` (its English template, marked for the catalogue
    like ``N_``) with typed ``params``: ``P_("the {what} is empty", what=P_("save"))``; ``rule``: the
    rule ID it cites, typed (``P_("add a start object with number 1{rule}", rule="R-SCEN-5")``)."""
    return Phrase(msg, params, rule)


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
