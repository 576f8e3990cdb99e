"""Errors from files (saves, campaign slots, settings, maps) in the player's language (issue 12).

A :class:`~game.content.errors.ContentError` keeps its parts apart: the file, the place in it
(``where``), the problem and the hint. The reader writes them in English from a fixed set of
sentences; this module keeps those sentences as catalogue entries with named blanks (like
:mod:`game.ui.sentences` does for the engine's log) and puts the parts together again in the
current language. The data inside a sentence (file names, scenario ids, a JSON key, the parser's
own words) is shown as it is. A sentence no pattern knows stays English.

    error_text(ex) -> str      # what the screens show for an exception (str(ex) in English)
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..i18n import N_, _, _f, language

#: the kinds of file a reader names in its sentences ("the {what} is empty")
WHAT = (N_("save"), N_("campaign save"), N_("settings file"), N_("map"), N_("tileset"), N_("template"),
        N_("image"), N_("tileset image"))

#: problems, hints and places the file readers write (game.content.saves, campaign_saves, tiled, library)
ERROR_TEMPLATES: tuple[str, ...] = (
    # reading any JSON file within limits (saves, campaign slots, settings)
    N_("the {what} is {n} MB, more than the {m} MB a {what2} may be"),
    N_("{what} file not found"),
    N_("pick another {what}"),
    N_("the {what} cannot be read ({why})"),
    N_("start a new game; the file is left as it is"),
    N_("fix or remove the {what}"),
    N_("the {what} grew past {n} MB while read"),
    N_("the {what} is damaged: not UTF-8 text"),
    N_("the {what} is empty"),
    N_("the {what} is damaged: nested more than {n} levels deep"),
    N_("the {what} is damaged: {why}"),
    N_("the {what} is damaged and cannot be read ({why})"),
    N_("a number with {n} digits (at most {m})"),
    N_("a number written with {n} characters"),
    N_("the number {x} is out of range"),
    N_("{x} is not a number a save may hold"),
    # Python's JSON parser (the reason in brackets)
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    # saved games (game.content.saves)
    N_("there is no saved game"),
    N_("the save is damaged"),
    N_("not a Dreadboard save"),
    N_("pick a file the game saved"),
    N_("the save is for scenario {a}"),
    N_("load it with that scenario, not {b}"),
    N_("the saved game is impossible: {why}"),
    N_("the save's seed and its state's seed differ"),
    N_("load another save"),
    N_("{n} recorded actions, more than {m}"),
    N_("the game was saved on the map {a}, which cannot be read now ({b})"),
    N_("put the map back, or start a new game"),
    N_("the map {a} changed since this game was saved (its content differs), so the saved positions would "
       "not fit it"),
    N_("restore the map as it was, or start a new game on the new map"),
    N_("the save cannot be opened"),
    N_("the save cannot be opened ({why})"),
    N_("start a new game"),
    N_("load another save or start a new game"),
    N_("the save is damaged: an old save that cannot be brought up to date ({why})"),
    N_("the save is damaged: {why}"),
    N_("the save's state is damaged: {why}"),
    N_("the saved game does not follow from its own record: {why}"),
    N_("load another save; this one is left untouched"),
    N_("the save names the map {a}, outside the game's maps folders ({b})"),
    N_("copy the map into {a} and save again, or start the game with --map {b}"),
    N_("the saved game was played on the map {a}, which is no longer there"),
    N_("the saved game's scenario {a} cannot be loaded: {why}"),
    N_("fix that file, or start a new game"),
    N_("the last save is missing"),
    # campaign slots (game.content.campaign_saves)
    N_("not a Dreadboard campaign save"),
    N_("the save's version {v} is not a number"),
    N_("pick another save"),
    N_("made by a newer Dreadboard (campaign save version {v}, this game reads up to {m})"),
    N_("update the game to load it"),
    N_("campaign save version {v} is older than any this game reads"),
    N_("start a new campaign"),
    N_("the save is for campaign {a}"),
    N_("not '{b}'"),
    N_("campaign state version {v} is not supported"),
    N_("the campaign's cards do not add up ({why})"),
    N_("the campaign state is damaged ({why})"),
    N_("a game is saved but no scenario is in play"),
    N_("the scenario in progress is impossible: {why}"),
    N_("the campaign state is impossible: {why}"),
    N_("the campaign cannot go on from this save ({why})"),
    N_("the campaign save is damaged: its turn or danger is not a number"),
    N_("the scenario in progress is damaged ({why})"),
    # maps (game.content.tiled): reading, and what every map needs
    N_("cannot read the map"),
    N_("the {what} reference is empty"),
    N_("the {what} '{ref}' does not exist"),
    N_("check the file name, or pick it again in Tiled"),
    N_("the map has no start 1"),
    N_("the map has no start 2"),
    N_("the map has no exit"),
    N_("add a start object with number 1 (R-SCEN-5)"),
    N_("add a start object with number 2 (R-SCEN-5)"),
    N_("give one start object the number 1 (R-SCEN-5)"),
    N_("add an exit object (R-SCEN-6); only boss maps may leave it out"),
    N_("unknown element {x}"),
    N_("use one of: {names}"),
    N_("the object has no class/type, so the game does not know what it is"),
    N_("the map is nested too deeply to read"),
    N_("save the map again from Tiled"),
    N_("and {n} more problem(s) not listed"),
    N_("fix the ones above first, then check the map again"),
    N_("the exit cannot be reached from start 1 at square ({x}, {y})"),
    N_("add a door, archway or stairwell on the way, or remove the walls blocking it"),
    N_("cannot read the file ({why})"),
    N_("check the file"),
    N_("the file is empty"),
    N_("Tiled never saves an empty file: restore the map from a copy, or save it again from Tiled (File > Save As)"),
    N_("the file declares XML entities, which Dreadboard refuses"),
    N_("save the file again from Tiled"),
    N_("not valid XML: {why}"),
    N_("the file is damaged; open it in a text editor near that line, or restore it"),
    N_("save the file as UTF-8 from Tiled"),
    N_("not a Tiled map (.tmx or .tmj): the file holds a {x}"),
    N_("not a Tiled map (.tmx or .tmj): the JSON file holds a {x}"),
    N_("open the right file; Tiled maps are saved as .tmx (XML) or .tmj (JSON)"),
    N_("not valid JSON: the file is not UTF-8 text"),
    N_("not valid JSON: {why}"),
    N_("the file is damaged; open it in a text editor near that line, or save it again from Tiled"),
    N_("not valid JSON: nested too deeply"),
    N_("the file is nested too deeply to read"),
    # where in the file
    N_("line {n}"),
    N_("byte {n}"),
    N_("object {n} ({x}) at square ({a}, {b})"),
    N_("object {n} ({x})"),
    N_("tileset {x}"),
)

# how the parts go together (ContentError.__str__ in English)
FRAMES = (N_("{file}: {where}: {problem} Hint: {hint}"), N_("{file}: {where}: {problem}"),
          N_("{file}: {problem} Hint: {hint}"), N_("{file}: {problem}"))


@lru_cache(maxsize=None)
def _compiled() -> tuple[tuple[re.Pattern, str], ...]:
    out = []
    for t in sorted(ERROR_TEMPLATES, key=lambda t: -len(re.sub(r"\{\w+\}", "", t))):
        rx = re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?P<{m.group(1)}>.+?)", re.escape(t))
        out.append((re.compile(rx + r"\Z"), t))
    return tuple(out)


def phrase(s: str, depth: int = 0) -> str:
    """One sentence of an error (a problem, a hint, a place) in the current language; data inside it
    (names, numbers, the parser's words) as they are; the sentence itself when no pattern knows it."""
    if not s or language() == "en":
        return s
    whole = _(s)
    if whole != s:
        return whole
    if depth < 3:
        for rx, t in _compiled():
            m = rx.match(s)
            if m is not None:
                return _f(t, **{k: phrase(v, depth + 1) if k in ("what", "what2", "why") else v
                                for k, v in m.groupdict().items()})
    return s


def error_text(ex: BaseException) -> str:
    """What a screen shows for ``ex``: a file error (ContentError, MapError) in the current language,
    any other exception as its text."""
    from ..content.errors import ContentError

    if not isinstance(ex, ContentError) or language() == "en":
        return str(ex)
    where = phrase(ex.where) if ex.where else ""
    kw = {"file": ex.file, "where": where, "problem": phrase(ex.problem), "hint": phrase(ex.hint)}
    if where:
        return _f(FRAMES[0] if ex.hint else FRAMES[1], **kw)
    return _f(FRAMES[2] if ex.hint else FRAMES[3], **kw)


__all__ = ["ERROR_TEMPLATES", "error_text", "phrase"]
