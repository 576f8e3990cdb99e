"""Rule IDs as players see them: hidden from every screen unless the "Show rule IDs" setting is on
(issue 12). A rule ID is a typed field (an event's, a reason's, a prompt's or a file error's ``rule``),
never part of a sentence (issue 23): :func:`tagged` puts it beside the words, :func:`rule_tag` draws a
heading's tag, :func:`showing` tells a screen whether to draw its rule column, all only with the
setting; App mirrors the setting here (:func:`set_show_rule_ids`).

Level 1 of the UI's map (docs/architecture.md): imports only ``theme``, so any widget or view may
ask it (the rulebook scene, tooltips, dialogs, the board).
"""
from __future__ import annotations

import pygame

from . import theme as T

_SHOW_IDS = [False]  # the "Show rule IDs" setting, mirrored here by App for every screen (tooltips too)


def set_show_rule_ids(on: bool) -> None:
    """Mirror the "Show rule IDs" setting (App calls this when settings load or change)."""
    _SHOW_IDS[0] = bool(on)


def showing() -> bool:
    """True while the "Show rule IDs" setting is on (a screen's rule column, a heading's tag)."""
    return _SHOW_IDS[0]


def prompt_words(p, words_of) -> str:
    """Pending decision ``p`` as a screen asks it: ``words_of(p)`` (its worded prompt) with the typed
    ``Pending.rule`` beside it, '... (R-SOLO-2)', only with "Show rule IDs" on (issue 23)."""
    return tagged(words_of(p), getattr(p, "rule", "") or "", None, "()")


def tagged(text: str, rule: str, show_ids: bool | None = None, brackets: str = "[]") -> str:
    """``text`` (a worded sentence) with the typed rule ID ``rule`` beside it, '... [R-DOOR-1]' (with
    ``brackets="()"``: '... (R-DOOR-1)'), when ``show_ids`` (None: the current "Show rule IDs" setting)
    is on; else ``text`` as it is. The ID comes from a typed field (an event's or a reason's
    ``rule``), never from the words (issue 23)."""
    if show_ids is None:
        show_ids = _SHOW_IDS[0]
    if not (show_ids and rule):
        return text
    return f"{text}  [{rule}]" if brackets == "[]" else f"{text} {brackets[0]}{rule}{brackets[1]}"


def rule_tag(surf: "pygame.Surface", rule: str, pos: tuple[int, int], size: int = 11,
             anchor: str = "topright") -> None:
    """Draw the small red rule tag of a card or dialog heading ('R-TENSION-12', 'M-ENC-2') only while
    the "Show rule IDs" setting is on (issue 12: rule IDs are hidden from players by default)."""
    if _SHOW_IDS[0] and rule:
        T.text(surf, rule, pos, size, (200, 90, 80), mono=True, anchor=anchor)
