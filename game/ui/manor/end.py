"""The manor's end phase (M-END) and the campaign's end."""
from __future__ import annotations

from ...engine import Action
from ...i18n import _f, N_
from ..campaign import CampaignOverScene, EndPhaseScene
from ..scene import Scene
from .common import describe_manor
from .map import ManorMapScene


class ManorEndPhaseScene(EndPhaseScene):
    """The mansion end phase (M-END-1..5) step by step, on the city's end-phase scene."""

    MAP_WORDS = (N_("Choose the next card on the manor map."), N_("To the manor map"))  # not the city's words

    def card_name(self, sid: str) -> str:
        return self.s.card_name(sid)

    def sheet_scene(self) -> Scene:
        return ManorMapScene(self.s, view_only=True)

    def describe(self, a: Action) -> str:
        return describe_manor(self.s, a)


class ManorOverScene(CampaignOverScene):
    """The manor campaign's end: Laboratory 4 won (M-CAMP-2) or the manor overrun (M-CAMP-3); the
    score is the characters alive (M-CAMP-4)."""

    TITLES = (N_("OUT OF THE MANOR ALIVE"), N_("THE MANOR IS OVERRUN"))
    ART = ("ending_manor_won", "ending_manor_lost")  # tools/make_ending_art.py

    def sheet_scene(self) -> Scene:
        return ManorMapScene(self.s, view_only=True)

    def score_line(self) -> str:
        cs = self.s.cs
        alive = len(cs.characters) + len(cs.reserve)
        return _f("Characters alive: {n} ({p} playing, {r} in the reserve); killed: {k}", n=alive,
                  p=len(cs.characters), r=len(cs.reserve), k=len(cs.killed))
