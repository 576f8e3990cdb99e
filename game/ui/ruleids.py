"""Rule IDs as players see them: hidden from every screen unless the "Show rule IDs" setting is on
(issue 12). :func:`player_text` takes them out of a line, :func:`rule_tag` draws a heading's tag only
with the setting; App mirrors the setting here (:func:`set_show_rule_ids`).

Level 1 of the UI's map (docs/architecture.md): imports only ``theme``, so any widget or view may
ask it (the rulebook scene, tooltips, dialogs, the board).
"""
from __future__ import annotations

import re

import pygame

from . import theme as T

# a rule ID as the engine writes it: R-EVADE-3, R-REACT-8, R-HERB-3/4, R-STALK-4..8, DV-12
# (the end phase's R-END-X1 / R-END-S11 / R-END-F1a, M-CAMP-1 and MDV-4, a bare '(R-NARR)')
RULE_ID = r"(?:R-[A-Z]+(?:-[A-Z]?\d+[a-z]?)?|M-[A-Z]+-\d+[a-z]?|M?DV-\d+)(?:(?:\.\.|/)\d+)*"
# the paper rulebook's section numbers, '(rules 18.1)' / '（ルール18.1）', which no screen lets a player open
_RULEBOOK_REF = re.compile(r"\s*[(（]\s*(?:rules|ルール)\s*\d+(?:\.\d+)*\s*[)）]")
_PAREN_IDS = re.compile(rf"\s*\(\s*{RULE_ID}(?:\s*[,;/]\s*(?:{RULE_ID}|\d+))*\s*\)")
_BARE_ID = re.compile(rf"(?:\s*[,;]\s*)?\b{RULE_ID}\b")

_SHOW_IDS = [False]  # the "Show rule IDs" setting, mirrored here by App for every screen (tooltips too)


def set_show_rule_ids(on: bool) -> None:
    """Mirror the "Show rule IDs" setting (App calls this when settings load or change)."""
    _SHOW_IDS[0] = bool(on)


def player_text(text: str, show_ids: bool | None = None) -> str:
    """``text`` as players see it: rule IDs such as '(R-TURN-5)' removed unless ``show_ids``
    (None: the current "Show rule IDs" setting)."""
    if show_ids is None:
        show_ids = _SHOW_IDS[0]
    if show_ids or ("R-" not in text and "DV-" not in text and "M-" not in text and "rules " not in text
                    and "ルール" not in text):
        return text
    t = _RULEBOOK_REF.sub("", text)
    t = _PAREN_IDS.sub("", t)
    t = _BARE_ID.sub("", t)
    t = re.sub(r"[(（]\s*(?:[,;、，]\s*)*[)）]", "", t)  # brackets the IDs stood in, with their separators
    t = re.sub(r"\[\s*\]", "", t)  # the animation caption's '[R-...]' once its ID is gone
    t = re.sub(r"\(\s*[,;、]\s*", "(", t)
    t = re.sub(r"\s+([.,;:)])", r"\1", t)
    return re.sub(r"\s{2,}", " ", t).strip()


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
