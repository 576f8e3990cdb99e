"""A bot for the mansion campaign's own decisions (rules/mansion.md): end phase, item box,
switching characters at set-up, the next map card; and :func:`play_mansion_campaign`, a whole
campaign played by bots.

It keeps Item C cards in inventories (cards flip only for items held, M-MAP-6), takes them out
of the item box between scenarios, switches a badly hurt character for a healthier main
character from the reserve, and picks the next card: Laboratory 4, then cards with Item C
tokens still to find (lowest tier first), the optional cards last. It never looks at deck order.
"""
from __future__ import annotations

from ..engine import Action
from ..engine.campaign import legal
from .campaign_bot import _cached, choose as city_choose, play_out_campaign


def choose(cs) -> Action:
    """One legal mansion campaign action. Raises ValueError when no decision is pending."""
    opts = legal(cs)
    if not opts:
        raise ValueError("no campaign decision is pending")
    kind = cs.pending.kind
    ct, pack = cs.content, cs.pack_def
    done = next((a for a in opts if a.kind == "done"), None)
    if kind == "switch":
        seat = int(cs.pending.ctx["seat"])
        cur = cs.characters[seat]
        best = min((a for a in opts if a.target != cur.cid), key=lambda a: cs.reserve_of(a.target).wounds, default=None)
        if best is not None and cur.health - 1 >= cs.reserve_of(best.target).wounds + 2:
            return best
        return next(a for a in opts if a.target == cur.cid)
    if kind == "switch_items":
        for k in ("give", "put", "discard"):
            hit = next((a for a in opts if a.kind == k), None)
            if hit is not None:
                return hit
    if kind == "transfer":
        def room(cid):
            c = cs.char(cid)
            return ct.characters[cid].inventory_limit + c.limit_bonus - len(c.inventory)
        for a in opts:  # Item C cards back into inventories: cards flip only for items held (M-MAP-6)
            if a.kind == "take" and ct.items[cs.cards[a.item].defn].stage and room(a.target) >= 1:
                return a
        for a in opts:
            if a.kind == "take" and room(a.target) >= 2:
                d = ct.items[cs.cards[a.item].defn]
                if d.type in ("ammo", "recovery") or d.id == "kerosene_can":
                    return a
        return done or opts[0]
    if kind == "choose":
        def rank(a: Action):
            if a.target == "intro":
                return (9, 0, "")
            c = pack.card(a.target)
            if a.target == pack.final:
                return (0, 0, a.target)
            left = c.item_c_tokens - len(cs.collected_c.get(a.target, []))
            if c.optional:
                return (3, c.tier, a.target)
            return (1 if left > 0 else 2, c.tier, a.target)
        return min(opts, key=rank)
    return city_choose(cs)


def play_mansion_campaign(pack, content, party: list[str], seed: int, easy: bool = False, load=None,
                          max_scenarios: int = 60, max_steps: int = 20000):
    """Play a whole mansion campaign with bots (:func:`choose` and :class:`game.ai.bot.Bot`).
    ``load(card)`` returns the scenario of a map card (default: the pack's briefs and maps). A
    scenario still running after ``max_steps`` actions counts as failed. Returns the final state."""
    from ..content.mansion_pack import load_card_scenario
    from ..engine.campaign import begin_mansion_scenario, finish_mansion_scenario, start_mansion_campaign

    cs = start_mansion_campaign(pack, content, list(party), seed, easy=easy)
    return play_out_campaign(cs, choose, begin_mansion_scenario, finish_mansion_scenario,
                             load or _cached(lambda cid: load_card_scenario(pack, cid, content)),
                             max_scenarios=max_scenarios, max_steps=max_steps)
