"""The manor campaign in the window (issue 14, rules/mansion.md; issue 24 item 1: a package by
concern): the session (``session``: the city's campaign session with the manor's pack, scenarios and
scenes), its campaign menu (``menu``), the manor map (``map``), the switching step at set-up
(``switch``, M-SWITCH), the end phase and the campaign's end (``end``), and the words and pictures
they share (``common``). Saves go to the same campaign slots as the city's; every decision is a legal
campaign action. The manor's play-screen kit is :mod:`game.ui.manor_play`.

Levels inside: ``common`` < the screens (``map``, ``switch``, ``end``) < ``session`` < ``menu``. May
import the city's campaign package and what it may import; never ``app``, ``menus``, ``campaigns``.
"""
from .common import PACK_ID
from .end import ManorEndPhaseScene, ManorOverScene
from .map import CardInfo, ManorMapScene
from .menu import ManorCampaignMenu
from .session import ManorSession
from .switch import SwitchScene

__all__ = ["PACK_ID", "CardInfo", "ManorCampaignMenu", "ManorEndPhaseScene", "ManorMapScene", "ManorOverScene",
           "ManorSession", "SwitchScene"]
