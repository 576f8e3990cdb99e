"""The campaign layer (core.md §18-21), one for every campaign pack: campaign state, carry-in/out,
the end phase as a rule set on the machine, unlocks, removal, modes. See
:mod:`game.engine.campaign.api`; the city's rule set is :mod:`.rules`, the shared end phase
:mod:`.endphase`, the mansion's rule set ``game.engine.mansion.campaign``."""
from .api import (PLUGINS, CampaignError, apply, attempt_records, begin_scenario, campaign_rules, conservation, end_steps, finish_scenario, legal,
                  playable, rebuild_scenario, replay_campaign, slot_status, standalone_scenario, start_campaign)
from .carry import CampaignScenario, CarryIn
from .endphase import EndPhaseRun
from .pack import CampaignPack
from .rules import CAMPAIGN, FAILURE_STEPS, SUCCESS_STEPS
from .state import CAMPAIGN_VERSION, BaseCampaignState, CampaignState

#: the mansion campaign's names (rules/mansion.md), loaded on first use: game.engine.mansion.campaign
#: builds on this package, so it is not imported at its top. The calls are this package's own.
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


__all__ = ["CAMPAIGN", "CAMPAIGN_VERSION", "BaseCampaignState", "CampaignError", "CampaignPack", "CampaignScenario",
           "CampaignState", "CarryIn", "EndPhaseRun", "FAILURE_STEPS", "PLUGINS", "SUCCESS_STEPS", "apply", "attempt_records",
           "begin_scenario", "campaign_rules", "conservation", "end_steps", "finish_scenario", "legal", "playable",
           "MansionCampaignState", "begin_mansion_scenario", "mansion_card_status", "mansion_conservation",
           "finish_mansion_scenario", "mansion_playable", "rebuild_mansion_scenario", "replay_mansion_campaign",
           "standalone_mansion", "start_mansion_campaign", "rebuild_scenario", "replay_campaign", "slot_status",
           "standalone_scenario", "start_campaign"]
