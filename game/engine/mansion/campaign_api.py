"""The mansion campaign's public calls (rules/mansion.md §2, §7-8, §12): start a campaign, set a
map card's scenario up from it and write it back, card status for the manor map scene, replay,
standalone play, conservation.

They are the campaign layer's calls (:mod:`game.engine.campaign.api`), which serve every pack:
the mansion's pack names the ``mansion_campaign`` rule set (:mod:`game.engine.mansion.campaign`),
whose hooks supply what only the manor has. This module only keeps the names the mansion's
callers know; ``game.engine.campaign`` re-exports them too.
"""
from __future__ import annotations

from .campaign import (MansionCampaignState, begin_mansion_scenario, card_status, conservation,
                       finish_mansion_scenario, mansion_carry, playable, rebuild_mansion_scenario,
                       replay_mansion_campaign, standalone_mansion, start_mansion_campaign)

__all__ = ["MansionCampaignState", "begin_mansion_scenario", "card_status", "conservation", "finish_mansion_scenario",
           "mansion_carry", "playable", "rebuild_mansion_scenario", "replay_mansion_campaign", "standalone_mansion",
           "start_mansion_campaign"]
