"""The manor in the window (issue 14, rules/mansion.md; issue 24: the manor's own package, the only
UI place that names it): its registration (``mode``: its kit, its campaign on the "Choose a
campaign" screen), its play-screen kit (``kit``: ``ManorKit``, the kerosene/reserve strip, the
encounter and mission cards, the mission dialog, the decks drawn at the table), the session
(``session``: the city's campaign session with the manor's pack, scenarios and scenes), its campaign
menu (``menu``), the manor map (``map``), the switching step at set-up (``switch``, M-SWITCH), the end
phase and the campaign's end (``end``), and the words and pictures they share (``common``). Saves go
to the same campaign slots as the city's; every decision is a legal campaign action.

Levels inside: ``mode`` (light: pygame and i18n only, read for the main menu's first frame) ;
``kit`` ; ``common`` < the screens (``map``, ``switch``, ``end``) < ``session`` < ``menu``. May import
the city's campaign package and what it may import; never ``app``, ``menus``, ``campaigns``.

This file stays light (``game.ui.modes`` imports ``mode`` for the first menu frame): the names below
are imported from their modules when first asked for (PEP 562).
"""
from importlib import import_module

_WHERE = {"PACK_ID": "common", "CardInfo": "map", "ManorCampaignMenu": "menu", "ManorEndPhaseScene": "end",
          "ManorMapScene": "map", "ManorOverScene": "end", "ManorSession": "session", "SwitchScene": "switch",
          "ManorKit": "kit"}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
