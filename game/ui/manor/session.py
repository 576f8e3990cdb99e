"""A manor campaign being played in the window (:class:`ManorSession`): the city's campaign session
with the manor's pack, scenarios and scenes (its map, end phase, end, switching step)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..campaign import CampaignSession
from ..scene import Scene
from .common import mansion_pack, PACK_ID
from .end import ManorEndPhaseScene, ManorOverScene
from .map import ManorMapScene
from .switch import SwitchScene

if TYPE_CHECKING:
    from ..app import App


class ManorSession(CampaignSession):
    """A manor campaign being played in the window: the campaign session with the manor's pack,
    scenarios and scenes (the switching step, M-SWITCH)."""

    PACK_ID = PACK_ID

    @classmethod
    def pack_and_content(cls):
        mp = mansion_pack()
        ct = mp.mansion_content()
        return mp.load_mansion_pack(ct), ct

    @staticmethod
    def load_scenario(pack, sid: str, content):
        mp = mansion_pack()
        return mp.load_card_scenario(pack, sid, content)  # "intro": the Grand Hall (M-INTRO-1)

    @staticmethod
    def default_name(seed: int) -> str:
        return f"manor {seed}"

    def intro_scenario(self):
        return self.scenario("intro")

    def scene_classes(self) -> dict[str, type]:  # its map, end phase (M-END), end, switching step (M-SWITCH)
        return {"map": ManorMapScene, "end": ManorEndPhaseScene, "over": ManorOverScene, "switch": SwitchScene}

    def after_end_scene(self, app: "App") -> Scene:
        """After the carry-out: the mansion end phase (M-END), or straight to the end when the
        manor is overrun or Laboratory 4 won."""
        return self.next_scene(app)
