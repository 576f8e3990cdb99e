"""A bot for the campaign's own decisions (end phase, unlocks, item box, next scenario).

It flips every path card it can, reloads and heals whoever is hurt, takes Item C cards out of
the item box so they can open path cards, and picks the next scenario by a fixed preference:
the final, then the first finale, then scenarios with tokens still to find, lowest tier first,
optional scenarios last. It never looks at deck order.
"""
from __future__ import annotations

from ..engine.actions import Action
from ..engine.campaign import CampaignState, legal


def choose(cs: CampaignState) -> Action:
    """One legal campaign action. Raises ValueError when no decision is pending."""
    opts = legal(cs)
    if not opts:
        raise ValueError("no campaign decision is pending")
    kind = cs.pending.kind
    done = next((a for a in opts if a.kind == "done"), None)
    ct, pack = cs.content, cs.pack_def
    if kind == "unlock":
        return next((a for a in opts if a.kind == "choose"), done or opts[0])
    if kind == "ammo":
        return next((a for a in opts if a.kind == "use"), done or opts[0])
    if kind == "heal":
        uses = [a for a in opts if a.kind == "use" and cs.char(a.target).health >= 3]
        uses.sort(key=lambda a: -cs.char(a.target).health)
        return uses[0] if uses else (done or opts[0])
    if kind == "transfer":
        for a in opts:
            if a.kind == "take" and ct.items[cs.cards[a.item].defn].stage:
                return a
        return done or opts[0]
    if kind == "choose":
        def rank(a: Action):
            if a.target == "intro":
                return (9, 0, "")
            sl = pack.slot(a.target)
            if a.target == pack.final:
                return (0, 0, a.target)
            if a.target == pack.first_finale:
                return (1, 0, a.target)
            return (3 if sl.optional else 2, sl.tier, a.target)
        return min(opts, key=rank)
    return opts[0]
