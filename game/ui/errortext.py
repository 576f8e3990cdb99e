"""Errors from files (saves, campaign slots, settings, maps) in the player's language (issue 12).

A :class:`~game.content.errors.ContentError` keeps its parts apart: the file, the place in it
(``where``), the problem and the hint. The reader writes them in English from a fixed set of
sentences; this module keeps those sentences as catalogue entries with named blanks and puts the
parts together again in the current language. The data inside a sentence (file names, scenario ids,
a JSON key, the parser's own words) is shown as it is. A sentence no pattern knows stays English.

    error_text(ex) -> str      # what the screens show for an exception (str(ex) in English)
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..content.errors import ContentError, Phrase
from ..i18n import N_, _, _f, language, messages
from .lint_patterns import LINT_TEMPLATES
from .modes import load_modes, resolve
from .ruleids import tagged

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
    # what is impossible in a campaign state (game.engine.campaign.checks and the campaigns' own checks)
    N_("{n} survivors in the party (1 to 4)"),
    N_("a survivor is in the party twice"),
    N_("unknown survivor {x}"),
    N_("the party and the survivors' sheets do not match"),
    N_("{x} has health {n} (1 to 6)"),
    N_("unknown campaign step {x}"),
    N_("unknown scenario {x}"),
    N_("danger {n} outside 0..{m}"),
    N_("card {x} calls itself {y}"),
    N_("card {x} is {y}, which the game does not know"),
    N_("card {x} holds {n} rounds"),
    N_("unknown pile {x}"),
    N_("unknown escalation packet {x}"),
    N_("the Item C token {x} of {y} names no square"),
    N_("a scenario is being played but none is named"),
    N_("a decision the campaign does not have ({x})"),
    N_("a decision for seat {x} of a party of {n}"),
    N_("an option names {x}, which the campaign does not have"),
    N_("a step the campaign does not have ({x})"),
    N_("unknown progression token {x} of {y}"),
    N_("{x} is set aside and in the party"),
    N_("{x} is not a main character"),
    N_("unknown map card {x}"),
    N_("{n} kerosene for {x}"),
    N_("unknown character {x} in the reserve"),
    N_("{x} is in the party and the reserve"),
    N_("{x} has {n} wound tokens (0 to 5)"),
    N_("unknown character {x}"),
    N_("unknown deck {x}"),
    N_("unknown card {x} in the {y} deck"),
    N_("switching seat {n} of a party of {m}"),
    # why a campaign's cards do not add up (game.engine.campaign.conservation, R-ITEM-9)
    N_("{x} nowhere"),
    N_("{x} in {n} places"),
    N_("{x} is not a card of this campaign"),
    N_("the items of a switch in progress are not slots of cards"),
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

#: words inside file errors: map elements and shapes, content kinds, directions, value types
ERROR_WORDS: tuple[str, ...] = (
    N_("board_tile"), N_("wall"), N_("door"), N_("archway"), N_("barricade"), N_("stairwell"), N_("start"),
    N_("exit"), N_("item"), N_("enemy"), N_("spawn"), N_("fire"), N_("corpse"), N_("barrel"), N_("typewriter"),
    N_("item_box"), N_("narrative"), N_("fixed_narrative"), N_("progression"), N_("mission"), N_("objective"),
    N_("boss_start"), N_("note"), N_("rectangle"), N_("ellipse"), N_("polyline"), N_("polygon"), N_("point"),
    N_("text"), N_("survivor"), N_("tension card"), N_("narrative card"), N_("behaviour card"), N_("scenario"),
    N_("encounter card"), N_("scenario event"), N_("main character"), N_("reserve-only character"),
    N_("glossary entry"), N_("section"), N_("vertical"), N_("horizontal"), N_("north"), N_("south"), N_("east"),
    N_("west"), N_("int"), N_("float"), N_("bool"), N_("string"), N_("file"), N_("color"), N_("object"),
    N_("duplicate id"), N_("Field required"), N_("propertyTypes"), N_("isometric"), N_("staggered"),
    N_("hexagonal"),
    N_("effect"), N_("item_a_add"), N_("standalone_gear"), N_("intro"), N_("map properties"), N_("character special"), N_("weapon special"), N_("enemy rule"), N_("boss special"),
)


# how the parts go together (ContentError.__str__ in English)
FRAMES = (N_("{file}: {where}: {problem} Hint: {hint}"), N_("{file}: {where}: {problem}"),
          N_("{file}: {problem} Hint: {hint}"), N_("{file}: {problem}"))


def mode_templates() -> tuple[str, ...]:
    """The sentence patterns of the modes' own content checks (their registration's ``lint_templates``)."""
    return tuple(t for m in load_modes().values() if m.lint_templates for t in resolve(m.lint_templates))


@lru_cache(maxsize=None)
def _compiled() -> tuple[tuple[re.Pattern, str], ...]:
    out = []
    for t in sorted(ERROR_TEMPLATES + LINT_TEMPLATES + mode_templates(), key=lambda t: -len(re.sub(r"\{\w+\}", "", t))):
        rx = re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?P<{m.group(1)}>.+?)", re.escape(t))
        out.append((re.compile(rx + r"\Z", re.DOTALL), t))
    return tuple(out)


#: blanks that are sentences or words of their own, translated in turn (the others are data: names, ids,
#: numbers, file names); a pattern whose word blank (what, what2) is no catalogue entry is not used, so an
#: unknown sentence is never half-translated
_NESTED = ("what", "what2", "why", "where", "msg")
_WORDS = ("what", "what2")


def worded(p: "Phrase") -> str:
    """A reader's sentence made with ``P_`` (:class:`~game.content.errors.Phrase`) in the current
    language from its message id and typed parameters (issue 23 item 2): a parameter that is a Phrase
    or a file error is worded in turn, any other is data shown as it is (a reason the engine still
    writes as plain English, in a ``why`` blank, goes through :func:`phrase`)."""
    def one(k, v):
        if isinstance(v, (list, tuple)):  # a list of phrases or data, joined as the language joins them
            return _(", ").join(str(one(k, x)) for x in v)
        if isinstance(v, Phrase):
            return worded(v)
        if isinstance(v, ContentError):
            return error_text(v)
        if getattr(v, "key", None):  # a content text (a scenario's name): by its stable key
            return _(v)
        if isinstance(v, str) and k in _NESTED:
            return phrase(v, 1)
        return v

    kw = {k: one(k, v) for k, v in p.params.items()}
    tag = tagged("", p.rule, None, "()")  # the rule ID beside the words, with "Show rule IDs" only
    try:
        text = _f(p.msg, **kw, rule=tag) if kw or p.rule else _(p.msg)
    except (KeyError, IndexError, ValueError):  # a translation with a blank the sentence lacks
        return str(p)
    return text + tag if tag and "{rule}" not in p.msg else text


def phrase(s: str, depth: int = 0) -> str:
    """One sentence of an error (a problem, a hint, a place) in the current language: by its message id
    and parameters when the reader gave them (:func:`worded`); else (a sentence still written as plain
    English) data inside it (names, numbers, the parser's words) as they are; the sentence itself when
    no pattern knows it."""
    if isinstance(s, Phrase):
        return worded(s)
    if not s or language() == "en":
        return s
    whole = _(s)
    if whole != s:
        return whole
    if depth < 3:
        for rx, t in _compiled():
            m = rx.match(s)
            if m is None:
                continue
            got = m.groupdict()
            if any(k in got and _(got[k]) == got[k] for k in _WORDS):
                continue  # '{what} ...' only for the words the catalogue knows
            return _f(t, **{k: phrase(v, depth + 1) if k in _NESTED else v for k, v in got.items()})
    return s


def verdict_text(problems: list) -> str:
    """The map picker's one-line verdict on a map from its problems (game.content.library.MapInfo):
    the first problem in the player's language and how many more there are."""
    if not problems:
        return _("ok")
    first = error_text(problems[0])
    return first + (_f(" (+{n} more)", n=len(problems) - 1) if len(problems) > 1 else "")


def error_text(ex: BaseException) -> str:
    """``ex`` as a screen shows it: by message id (IllegalAction, RulesError), a file error, else its text."""
    if getattr(ex, "msg", "") and isinstance(getattr(ex, "params", None), dict):
        return messages.render(str(ex.msg), ex.params, language())
    if not isinstance(ex, ContentError):
        return str(ex)
    where = phrase(ex.where) if ex.where else ""
    kw = {"file": ex.file, "where": where, "problem": phrase(ex.problem), "hint": phrase(ex.hint)}
    if where:
        return _f(FRAMES[0] if ex.hint else FRAMES[1], **kw)
    return _f(FRAMES[2] if ex.hint else FRAMES[3], **kw)


__all__ = ["ERROR_TEMPLATES", "ERROR_WORDS", "LINT_TEMPLATES", "error_text", "phrase", "verdict_text"]
