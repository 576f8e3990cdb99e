"""The manor's cards in the shared dialogs (issue 24: out of the shared ``choices``, ``entry`` and
``narrative``): the manor's decks drawn at the table when the tension-deck switch is off (encounter
M-ENC, scenario events M-EVENT-3, missions M-MISSION-2, survivors M-RESERVE-1), their card buttons,
and the scenario event card rebuilt for a game loaded in mid-choice (M-EVENT-10). Answers
:class:`game.ui.manor.kit.ManorKit` gives; imports theme, the engine's public names and i18n.
"""
from __future__ import annotations

from typing import Any

import pygame

from ...engine import Action, Event
from ...engine.query import View
from ...i18n import N_, _, _f
from .. import theme as T

#: the manor's decks asked at the table (``enter`` decision, ``ctx["what"]``): what to say
TABLE_DECKS = {
    "encounter": N_("Draw the top card of your encounter deck and click the card you drew."),
    "scenario_event": N_("Draw the top card of your scenario event deck and click the card you drew."),
    "mission": N_("Draw the top card of your mission deck and click the card you drew."),
    "survivor": N_("Draw the top card of your survivor deck and click the character you drew."),
}


def table_card(state: Any, a: Action) -> tuple[str, Any]:
    """(name translated, encounter card definition or None) of a manor deck card offered at the table
    (``a.target``: the deck, ``a.item``: the card id); (the id, None) for a card the content lacks."""
    ct = getattr(getattr(state, "scenario", None), "content", None)
    cid = str(a.item)
    try:
        if a.target == "encounter":
            e = ct.encounter[cid]
            return _(e.name), e
        if a.target == "scenario_event":
            return _(ct.events[cid].name), None
        if a.target == "mission":
            return _(ct.missions[cid].name), None
        if a.target == "survivor":
            return _(ct.character_name(cid)), None
    except (KeyError, AttributeError):
        pass
    return cid, None


def table_card_label(state: Any, a: Action) -> str | None:
    """"Drew <card>" (with an encounter card's top edge in words, M-ENC-1) for a draw from a manor
    deck; None for any other action."""
    if a.kind != "draw" or a.target not in TABLE_DECKS:
        return None
    name, e = table_card(state, a)
    if e is None:
        return _f("Drew {card}", card=name)
    top = [_f("{n} clue", n=e.clues) if e.clues == 1 else _f("{n} clues", n=e.clues)] if e.clues else []
    top += [_f("{n} wound", n=e.wounds) if e.wounds == 1 else _f("{n} wounds", n=e.wounds)] if e.wounds else []
    top += [_("hazard")] if e.hazard else []
    return _f("Drew {card}", card=name) + (f" ({', '.join(top)})" if top else "")


def draw_table_card(surf: pygame.Surface, rr: pygame.Rect, state: Any, a: Action, art: Any, hot: bool,
                    symbols: Any) -> None:
    """A manor deck card button (M-ENC-1: an encounter card shows its top edge: clue, wound and
    hazard icons with their counts in words, so cards of the same name stay apart); ``symbols`` draws
    the top edge (:func:`game.ui.manor.kit.symbols`)."""
    name, e = table_card(state, a)
    pygame.draw.rect(surf, (50, 42, 46) if hot else (34, 29, 33), rr, border_radius=6)
    pygame.draw.rect(surf, T.GOLD if hot else (110, 96, 90), rr, 2 if hot else 1, border_radius=6)
    top = rr.top + (5 if e is not None else (rr.height - 18) // 2)
    T.text(surf, name, (rr.left + 8, top), 14, T.TEXT, bold=True)
    if e is not None:
        symbols(surf, art, rr.left + 8, rr.top + 28, e.clues, e.wounds, e.hazard, 14)


def pending_scenario_event(state: Any) -> Event | None:
    """The scenario event card behind a pending ``scenario_event`` choice (M-EVENT-10), rebuilt from
    the card (M-EVENT-3) or the brief's fixed event (M-EVENT-2) as a ``narrative`` event; None when
    no such choice is pending or the card is unknown."""
    p = View.of(state).pending
    if p is None or p.kind != "scenario_event" or View.of(state).over:
        return None
    ct, ctx = View.of(state).scenario.content, p.ctx
    ev = ct.events.get(ctx.get("event")) if ctx.get("event") else View.of(state).scenario.brief.fixed_events.get(ctx.get("label"))
    if ev is None:
        return None
    avail = {a.n for a in p.options}
    return Event(kind="narrative", rule="M-EVENT-3" if ctx.get("event") else "M-EVENT-2",
                 text=f"Scenario event: {ev.name}. {ev.text}",
                 data={"name": ev.name, "story": ev.text, "card": ctx.get("event"), "label": ctx.get("label"),
                       "stalker_mark": False, "options": [{"label": o.label, "text": o.text, "available": i in avail}
                                                          for i, o in enumerate(ev.options)]})
