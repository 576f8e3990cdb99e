"""Can a campaign be played on from this state? The load check of a campaign save (play4).

A campaign save that type-checks may still name things its pack and content do not have: a
completion token on a scenario that does not exist, a map card ``ZZZ``, a card whose design is
unknown, a character nobody knows in the reserve. Such a state loaded once as a good one and
crashed the game later, when the next scenario started or the end phase went on. The campaign
layer knows its pack, so it says what is impossible; the save reader
(:mod:`game.content.campaign_saves`) turns the answer into an error naming the file and the field.

    impossible(cs) -> (field, what is wrong) | None

Every id-bearing field the layer owns is checked here (R-CAMP-22: what a campaign carries); a
campaign rule set checks its own fields in its ``state_problems`` hook (the city's path cards and
progression labels, the manor's map, reserve, kerosene and decks). Card places are checked by
:func:`game.engine.campaign.api.conservation` (R-ITEM-9). Pure: reads the state, never changes it.
"""
from __future__ import annotations

import re
from typing import Any

from ..invariants import ammo_problem
from .state import BaseCampaignState

#: which content table a card's design id is looked up in, by the card's deck (CardState.deck)
CARD_TABLES = {"A": "items", "B": "items", "C": "items", "start": "items", "T": "tension", "N": "narrative",
               "BH": "behaviour"}
#: an Item C token's key in ``collected_c``: its square (R-CAMP-19 / M-ITEMC-5)
_SQUARE = re.compile(r"-?\d{1,4},-?\d{1,4}\Z")


def known_characters(ct: Any) -> set[str]:
    """Every character id the content knows (main characters and reserve-only ones)."""
    return set(getattr(ct, "characters", {}) or {}) | set(getattr(ct, "reserve_only", {}) or {})


def scenario_ids(cs: BaseCampaignState) -> set[str]:
    """The pack's scenario ids (the city's slots, the manor's map cards)."""
    return {s.id for s in cs.pack_def.scenario_defs}


def first_unknown(field: str, ids, known, what: str = "scenario") -> tuple[str, str] | None:
    """(``field``, "unknown <what> 'x'") for the first of ``ids`` not in ``known``, else None."""
    for x in ids:
        if x not in known:
            return field, f"unknown {what} {x!r}"
    return None


def impossible(cs: BaseCampaignState) -> tuple[str, str] | None:
    """(field, what is wrong) for a campaign state that type-checks but cannot be played on, else
    None. ``cs`` must have its pack and content attached. Checked, in this order: the party (1 to 4
    different known survivors, their sheets, the party it started with), the step, the scenario chosen, danger on the track,
    the cards' designs, the piles, escalation packets, every field naming a scenario (completion
    tokens, Item C tokens collected, the attempt history, the scenario in play and the one ending),
    the pending decision and the queued steps, then the rule set's own fields (``state_problems``)."""
    from .api import campaign_rules, PILES

    ct = cs.content
    rules = campaign_rules(cs.rules)
    known = known_characters(ct)
    party = list(cs.party)
    if not 1 <= len(party) <= 4:
        return "party", f"{len(party)} survivors in the party (1 to 4)"
    if len(set(party)) != len(party):
        return "party", "a survivor is in the party twice"
    why = first_unknown("party", party, known, "survivor")
    if why:
        return why
    if party != [c.cid for c in cs.characters]:
        return "characters", "the party and the survivors' sheets do not match"
    first = list(cs.started_with)  # (empty in saves made before it was kept)
    if first and (len(first) != len(party) or len(set(first)) != len(first)):
        return "started_with", f"the party it started with ({len(first)} survivors) cannot become a party of {len(party)}"
    why = first_unknown("started_with", first, known, "survivor")
    if why:
        return why
    for c in cs.characters:
        if not 1 <= c.health <= 6:
            return "characters", f"{c.cid!r} has health {c.health} (1 to 6)"
    # the machine's bookkeeping, as the scenario check has it (issue 29 item 4): one step per
    # recorded decision; an ended campaign waits on nobody; one not ended is not stuck on a result
    if cs.step != len(cs.record):
        return "step", f"step {cs.step} does not match the {len(cs.record)} recorded decisions"
    if cs.result is not None and (cs.pending is not None or cs.queue):
        return "pending", f"the campaign ended ({cs.result}) but still has a decision or steps to take"
    if cs.result is not None and cs.playing is not None:
        return "playing", f"the campaign ended ({cs.result}) but a scenario is still in play"
    steps = {ph.name for ph in rules.phases} | {"playing", "over"}
    if cs.phase not in steps:
        return "phase", f"unknown campaign step {cs.phase!r}"
    sids = scenario_ids(cs)
    chosen = getattr(cs, "chosen", None)
    if chosen not in (None, "intro") and chosen not in sids:
        return "chosen", f"unknown scenario {chosen!r}"
    top = getattr(cs.pack_def, "danger_max", None)
    if top is not None and not 0 <= cs.danger <= top:
        return "danger", f"danger {cs.danger} outside 0..{top}"
    # the cards (R-ITEM-9): each design known in the table of its deck
    for uid, card in cs.cards.items():
        if card.uid != uid:
            return "cards", f"card {uid!r} calls itself {card.uid!r}"
        table = getattr(ct, CARD_TABLES.get(card.deck, ""), None) or {}
        if card.defn not in table:
            return "cards", f"card {uid!r} is {card.defn!r}, which the game does not know"
        if card.ammo is not None:  # R-AMMO-1, the scenario check's own test (issue 29 item 4)
            why = ammo_problem(uid, card, getattr(ct, "items", None) or {})
            if why:
                return "cards", why
    for name in cs.piles:
        if name not in PILES:
            return "piles", f"unknown pile {name!r}"
    packets = set(getattr(getattr(ct, "decks", None), "packets", None) or {})
    for p in cs.packets:
        if p not in packets:
            return "packets", f"unknown escalation packet {p!r}"
    # every field naming a scenario of the pack
    with_intro = sids | {"intro"}
    why = first_unknown("completed", cs.completed, sids) or first_unknown("collected_c", cs.collected_c, sids)
    if why:
        return why
    for sid, keys in cs.collected_c.items():
        for k in keys:
            if not _SQUARE.match(k):
                return "collected_c", f"the Item C token {k!r} of {sid!r} names no square"
    for h in cs.history:
        if h.scenario not in with_intro:
            return "history", f"unknown scenario {h.scenario!r}"
        why = first_unknown("history", (cid for cid, _seat in h.party), known, "survivor")
        if why:
            return why
    for name, rec in (("playing", cs.playing), ("ending", cs.ending)):
        if rec is not None and rec.scenario not in with_intro:
            return name, f"unknown scenario {rec.scenario!r}"
    if cs.playing is not None:
        why = first_unknown("playing", (cid for cid, _seat in cs.playing.party), known, "survivor")
        if why:
            return why
    if cs.phase == "playing" and cs.playing is None and cs.result is None and chosen is None:
        return "phase", "a scenario is being played but none is named"
    # the campaign rule set's machine: its pending decision and queued steps
    p = cs.pending
    if p is not None:
        if p.kind not in rules.decisions:
            return "pending", f"a decision the campaign does not have ({p.kind!r})"
        seats = [p.seat]
        ctx = p.ctx if isinstance(p.ctx, dict) else {}
        task = ctx.get("task") if isinstance(ctx.get("task"), dict) else {}
        seats += [x.get("seat") for x in (ctx, task) if "seat" in x]
        for seat in seats:
            if not isinstance(seat, int) or not 0 <= seat < len(party):
                return "pending", f"a decision for seat {seat!r} of a party of {len(party)}"
        # what an option may name: a character, a scenario, a card, a path card of the pack (R-CAMP-10)
        names = known | sids | {"intro"} | set(cs.cards) | set(getattr(cs.pack_def, "path_cards", None) or {})
        for a in p.options:
            for v in (a.target, a.item, a.item2):
                if v is not None and v not in names:
                    return "pending", f"an option names {v!r}, which the campaign does not have"
    for t in cs.queue:
        if not isinstance(t, dict) or t.get("t") not in rules.tasks:
            return "queue", f"a step the campaign does not have ({t.get('t') if isinstance(t, dict) else t!r})"
    return rules.run_class(cs).state_problems()


__all__ = ["CARD_TABLES", "first_unknown", "impossible", "known_characters", "scenario_ids"]
