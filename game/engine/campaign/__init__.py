"""The campaign layer (core.md §18-21): campaign state, carry-in/out, the end phase as a rule
set on the machine, unlocks, removal, modes. See :mod:`game.engine.campaign.api`."""
from .api import (CampaignError, apply, begin_scenario, conservation, finish_scenario, legal, playable, rebuild_scenario, replay_campaign, slot_status,
                  standalone_scenario, start_campaign)
from .carry import CampaignScenario, CarryIn
from .pack import CampaignPack
from .rules import CAMPAIGN, FAILURE_STEPS, SUCCESS_STEPS
from .state import CAMPAIGN_VERSION, CampaignState

__all__ = ["CAMPAIGN", "CAMPAIGN_VERSION", "CampaignError", "CampaignPack", "CampaignScenario", "CampaignState",
           "CarryIn", "FAILURE_STEPS", "SUCCESS_STEPS", "apply", "begin_scenario", "conservation", "finish_scenario",
           "legal", "playable", "rebuild_scenario", "replay_campaign", "slot_status", "standalone_scenario", "start_campaign"]
