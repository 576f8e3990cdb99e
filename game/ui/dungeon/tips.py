"""The dungeon's hover texts that ask the rule set (issue 26 item 4): what a Move to a square would do
(``DungeonView.move_preview``) or why it may not (``move_problem``), and the odds of the deciding
hero's legal attacks on an enemy (``attack_preview``). Worded here, decided by the engine."""
from __future__ import annotations

from typing import Any

import pygame

from ...i18n import N_, _, _f
from .. import theme as T
from ..widgets import panel
from .words import GROUPED, HOW_WORDS, action_label, group_label

#: actions drawn on the board instead of as buttons
ON_BOARD = ("dmove", "dstep")

#: why a square cannot be moved to (DungeonView.move_problem's codes)
REASONS = {"not_a_square": N_("A wall: no figure may enter it."),
           "enemy": N_("An enemy stands there; heroes never pass enemies."),
           "figure": N_("Another figure stands there."), "too_far": N_("Too far for this hero's speed."),
           "no_action": N_("No action left this turn."), "dead": N_("This hero has fallen.")}


def square_tip(v: Any, seat: int, q: tuple[int, int], moves: dict) -> str:
    """The hover text of square ``q`` for the hero of ``seat``: a Move's cost, pits and exploring, or
    the reason the rules refuse it ('' when there is nothing to say)."""
    if q in moves:
        pv = v.move_preview(seat, q)
        if pv is None:
            return ""
        tip = _f("Move here: {n} movement points", n=pv["points"])
        if pv["pits"]:
            tip += " · " + _f("{n} pit damage", n=pv["pits"])
        if pv["explores"]:
            tip += " · " + _("explores: a new card is laid")
        return tip
    why = v.move_problem(seat, q)
    if why is not None and why.code not in ("not_your_turn",):
        return _(REASONS.get(why.code, why.code))
    return ""


def attack_odds(surf: pygame.Surface, card: pygame.Rect, v: Any, seat: int | None, uid: str, legal: list) -> None:
    """Under an enemy's hover card: the legal attacks of ``seat`` on it (from ``legal``) with the exact
    odds the rule set computes (``attack_preview``: the chance of any damage)."""
    opts = [a for a in legal if a.kind == "dattack" and a.target == uid]
    if not opts or seat is None:
        return
    r = pygame.Rect(card.left, card.bottom + 4, card.w, 8 + 22 * len(opts))
    if r.bottom > T.H:
        r.bottom = card.top - 4
    panel(surf, r, None, fill=(30, 18, 18), edge=T.ACCENT)
    for i, a in enumerate(opts):
        pv = v.attack_preview(seat, a.how, uid) or {}
        T.text(surf, T.fit(_f("{how}: {d} dice {m:+d}, {p}% to wound", how=_(HOW_WORDS.get(a.how, a.how)),
                              d=pv.get("dice", 0), m=pv.get("mod", 0), p=round(100 * float(pv.get("any_damage", 0)))),
                           14, r.w - 16), (r.left + 8, r.top + 5 + 22 * i), 14, T.TEXT)


def side_buttons(v: Any, legal: list) -> list[tuple[str, str, Any, bool]]:
    """The side panel's buttons (label, zone key, value, primary) for the deciding person's ``legal``
    actions not on the board: one per action, or one per kind of minor action with several targets
    (``group``: it opens the choice)."""
    out: list[tuple[str, str, Any, bool]] = []
    opts = [a for a in legal if a.kind not in ON_BOARD]
    seen: set[str] = set()
    for a in opts:
        same = [b for b in opts if b.kind == a.kind]
        if a.kind in GROUPED and len(same) > 1:
            if a.kind not in seen:
                seen.add(a.kind)
                out.append((group_label(v, a, len(same)), "group", a.kind, False))
            continue
        out.append((action_label(v, a), "act", a, a.kind in ("dother", "pick")))
    return out


__all__ = ["ON_BOARD", "REASONS", "attack_odds", "side_buttons", "square_tip"]
