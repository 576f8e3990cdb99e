"""The campaign layer (core.md §18-21): campaign state, carry-in/out, the end phase as a rule
set on the machine, unlocks, removal, modes. See :mod:`game.engine.campaign.api`."""
from .api import (CampaignError, apply, begin_scenario, conservation, finish_scenario, legal, playable, rebuild_scenario, replay_campaign, slot_status,
                  standalone_scenario, start_campaign)
from .carry import CampaignScenario, CarryIn
from .pack import CampaignPack
from .rules import CAMPAIGN, FAILURE_STEPS, SUCCESS_STEPS
from .state import CAMPAIGN_VERSION, CampaignState

#: the mansion campaign (rules/mansion.md) on the same layer: its public calls, loaded on first use
#: (game.engine.mansion.campaign builds on this package, so it cannot be imported at its top)
_MANSION = {"MansionCampaignState": "MansionCampaignState", "begin_mansion_scenario": "begin_mansion_scenario",
            "mansion_card_status": "card_status", "mansion_conservation": "conservation",
            "finish_mansion_scenario": "finish_mansion_scenario", "mansion_playable": "playable",
            "rebuild_mansion_scenario": "rebuild_mansion_scenario",
            "replay_mansion_campaign": "replay_mansion_campaign", "standalone_mansion": "standalone_mansion",
            "start_mansion_campaign": "start_mansion_campaign"}


def __getattr__(name: str):
    if name in _MANSION:
        from ..mansion import campaign as _mc
        return getattr(_mc, _MANSION[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["CAMPAIGN", "CAMPAIGN_VERSION", "CampaignError", "CampaignPack", "CampaignScenario", "CampaignState",
           "CarryIn", "FAILURE_STEPS", "SUCCESS_STEPS", "apply", "begin_scenario", "conservation", "finish_scenario",
           "legal", "playable", "MansionCampaignState", "begin_mansion_scenario", "mansion_card_status",
           "mansion_conservation", "finish_mansion_scenario", "mansion_playable", "rebuild_mansion_scenario",
           "standalone_mansion", "start_mansion_campaign", "rebuild_scenario", "replay_campaign", "slot_status", "standalone_scenario", "start_campaign"]
