"""The city campaign in the window (issue 24 item 1: a package by concern, formerly one 1,600-line
module): the session that ties a campaign together (``session``), the campaign menu and its save
slots (``menu``), the end phase step by step (``end_phase``), the city map (``city_map``), the
campaign sheet (``sheet``), the victory and loss screens (``over``), and the words and small pictures
they share (``common``), and the city's registration (``mode``: light, read for the main menu's
first frame). Another mode's campaign builds on these.

Levels inside: ``common`` < the screens (``end_phase``, ``city_map``, ``sheet``, ``over``) <
``session`` (lists its screens: ``scene_classes``; starts ``PlayScene``) < ``menu``. May import the
shared scenes, views and ``play``; never ``app``, ``menus``, ``campaigns`` or another mode's modules (a
screen that leads up asks the App: ``app.main_menu()``, ``app.open_campaign(path)``).

This file stays light (``game.ui.modes`` imports ``mode`` for the first menu frame): the names below
are imported from their modules when first asked for (PEP 562).
"""
from importlib import import_module

_WHERE = {"CityMapScene": "city_map", "EndPhaseScene": "end_phase", "CampaignMenu": "menu",
          "DeleteSaveDialog": "menu", "CampaignOverScene": "over", "CampaignSession": "session",
          "CampaignSheetScene": "sheet",
          **{n: "common" for n in ("campaign_folder", "describe", "draw_danger", "inventory_lines", "saved_lines",
                                   "seat_controllers", "seat_names", "seats_first")}}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
