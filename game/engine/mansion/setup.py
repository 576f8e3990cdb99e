"""Setting up a mansion scenario: the core set-up (R-SCEN-3) plus the mansion's own part
(M-CAMP-1 items 1-3, M-KERO-1, M-MODE-3): kerosene, the reserve and the four mansion decks,
taken from the campaign (``scenario.mansion_carry``) or built fresh for a game on its own."""
from __future__ import annotations

from ..core.setup import setup as core_setup
from ..state import GameState
from .state import MansionState, MansionSub

DECKS = ("encounter", "encounter_discard", "events", "events_removed", "missions", "missions_removed", "survivors")


def fresh_sub(ct, party_ids: list[str], rng, campaign: bool) -> MansionSub:
    """Kerosene at each main character's limit (M-KERO-1, MDV-3) and the shuffled decks
    (M-CAMP-1 items 2-3): survivors = main characters nobody chose + the reserve-only ones."""
    decks = {k: [] for k in DECKS}
    decks["encounter"] = list(ct.encounter)
    decks["events"] = list(ct.events)
    decks["missions"] = list(ct.missions)
    if campaign:
        decks["survivors"] = [c for c in ct.characters if c not in party_ids] + list(ct.reserve_only)
    for k in ("encounter", "events", "missions", "survivors"):
        rng.shuffle(decks[k])
    return MansionSub(kerosene={cid: ct.kerosene_limit(cid) for cid in party_ids}, decks=decks, campaign=campaign)


def setup(scenario, party: list[tuple[str, int]], seed: int) -> GameState:
    """Set up a mansion scenario. Raises ValueError as the core set-up does (unknown character,
    e.g. a city survivor in a mansion game: R-CHAR-1 is replaced by M-CHAR)."""
    core = core_setup(scenario, party, seed)
    s = MansionState.model_validate(core.model_dump())
    s.attach(scenario)
    mc = getattr(scenario, "mansion_carry", None)
    if mc is not None:
        s.mansion = MansionSub.model_validate(mc)
    else:
        s.mansion = fresh_sub(scenario.content, [cid for cid, _ in party], s.rng, campaign=False)
    sa = getattr(scenario.brief, "standalone", None)
    by_party = getattr(sa, "danger_by_party", None) or {}
    if mc is None and not scenario.brief.intro and len(party) in by_party:
        s.danger = by_party[len(party)]  # R-STAND-5 [design]: a manor card alone, by party size (M-MODE-3)
    if scenario.brief.intro:  # M-INTRO-1: no reserve, mission or scenario event in it
        s.mansion.campaign = False
        s.mansion.decks["events"] = []
    if s.mansion.scout_pending:  # M-MISSION-13 SCOUT_NEXT: the players remove one unexplored token first
        s.queue.append({"t": "scout_pick"})
    return s
