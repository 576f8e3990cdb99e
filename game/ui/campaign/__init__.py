"""The city campaign in the window (issue 24 item 1: a package by concern, formerly one 1,600-line
module): the session that ties a campaign together (``session``), the campaign menu and its save
slots (``menu``), the end phase step by step (``end_phase``), the city map (``city_map``), the
campaign sheet (``sheet``), the victory and loss screens (``over``), and the words and small pictures
they share (``common``). The manor's campaign (:mod:`game.ui.manor`) builds on these.

Levels inside: ``common`` < the screens (``end_phase``, ``city_map``, ``sheet``, ``over``) <
``session`` (lists its screens: ``scene_classes``; starts ``PlayScene``) < ``menu``. May import the
shared scenes, views and ``play``; never ``app``, ``menus``, ``campaigns`` or the manor's modules (a
screen that leads up asks the App: ``app.main_menu()``, ``app.open_campaign(path)``).
"""
from .city_map import CityMapScene
from .common import (campaign_folder, describe, draw_danger, inventory_lines, saved_lines, seat_controllers,
                     seat_names, seats_first)
from .end_phase import EndPhaseScene
from .menu import CampaignMenu, DeleteSaveDialog
from .over import CampaignOverScene
from .session import CampaignSession
from .sheet import CampaignSheetScene

__all__ = ["CampaignMenu", "CampaignOverScene", "CampaignSession", "CampaignSheetScene", "CityMapScene",
           "DeleteSaveDialog", "EndPhaseScene", "campaign_folder", "describe", "draw_danger", "inventory_lines",
           "saved_lines", "seat_controllers", "seat_names", "seats_first"]
