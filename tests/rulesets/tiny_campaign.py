"""A third campaign built only on the campaign layer's plug-in points (issue 14: "a campaign is
data plus a few registered rules"): a two-scenario pack of city briefs played in order, with a
short end phase. No module of game/ changes for it.

- data: :class:`TinyPack` (a ``PackBase``: danger track, final, its scenarios);
- state: :class:`TinyState`, the layer's state plus one field of its own (``medals``);
- rules: :class:`TinyRun`, an ``EndPhaseRun`` with its step lists (shared steps only), which
  scenarios are playable (the next one in order), its status words and one hook (``carry_back``:
  a success earns a medal and completes the scenario), registered as ``tiny_campaign``.
"""
from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from game.engine.campaign.endphase import _X0, EndPhaseRun, end_phases
from game.engine.campaign.pack import PackBase
from game.engine.campaign.state import BaseCampaignState
from game.engine.machine import RuleSet, register_ruleset


class TinySlot(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    tier: int
    brief: str
    item_c_tokens: int = 0


class TinyPack(PackBase):
    rules: ClassVar[str] = "tiny_campaign"

    scenarios: list[TinySlot]

    @property
    def scenario_defs(self) -> list[TinySlot]:
        return self.scenarios


class TinyState(BaseCampaignState):
    rules: str = "tiny_campaign"
    medals: int = 0


class TinyRun(EndPhaseRun):
    STATE = TinyState
    DANGER_TRACK = "Town"
    SUCCESS_STEPS = _X0 + [("heal", "R-END-S2"), ("danger", "R-END-S6"), ("transfer", "R-END-X1"),
                           ("choose", "R-END-S11")]
    FAILURE_STEPS = _X0 + [("return", "R-END-F1"), ("fine", "R-END-F3"), ("danger", "R-END-F5"),
                           ("transfer", "R-END-X1"), ("choose", "R-END-F8")]

    def playable(self) -> list[str]:
        """The first scenario not completed yet (R-CAMP-11, in order)."""
        return [s.id for s in self.pack.scenarios if s.id not in self.s.completed][:1]

    def status(self, sid: str) -> tuple[str, str]:
        if sid in self.s.completed:
            return "completed", "won"
        return ("open", "next") if sid in self.playable() else ("waiting", "after the one before")

    def carry_back(self, gs) -> None:
        if gs.result == "success":
            self.s.medals += 1
            self.s.completed.append(self.s.playing.scenario)


def _setup(*a, **k):
    raise TypeError("start it with game.engine.campaign.start_campaign")


TINY = register_ruleset(RuleSet(name="tiny_campaign", run_class=TinyRun, setup=_setup,
                                phases=end_phases(TinyRun.SUCCESS_STEPS, TinyRun.FAILURE_STEPS, ("choose", "R-CAMP-11"))))

PACK = TinyPack(id="tiny", name="Two Streets", bands={"low": (0, 5), "high": (6, 11), "extreme": (12, 17)},
                final="UT1", scenarios=[TinySlot(id="DT1", name="First Street", tier=1, brief="dt1"),
                                        TinySlot(id="UT1", name="Second Street", tier=1, brief="ut1")])
