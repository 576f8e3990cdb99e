"""Helpers for campaign tests: the real city pack and content, and short ways to choose a
scenario, finish it with a given result and walk the end phase."""
from __future__ import annotations

from functools import lru_cache

from game.content.campaign_pack import load_campaign_scenario, load_pack
from game.engine import Action
from game.engine.campaign import apply, begin_scenario, finish_scenario, legal, start_campaign
from tests.kit import content


@lru_cache(maxsize=1)
def pack():
    return load_pack("city", content())


@lru_cache(maxsize=None)
def scenario(sid: str):
    return load_campaign_scenario(pack(), sid, content())


@lru_cache(maxsize=1)
def seed_pack():
    """The city pack without its [design] success refill (R-END-S1 as the seed has it) and tier
    gear (R-CAMP-8 with DV-21)."""
    return pack().model_copy(update={"success_refill": False, "tier_gear": False})


def new(party=("vera", "mateo"), seed=1, easy=False, seed_rules=False):
    """A new city campaign; ``seed_rules``: without the pack's [design] success refill."""
    return start_campaign(seed_pack() if seed_rules else pack(), content(), list(party), seed, easy=easy)


def cact(cs, kind: str, **kw) -> list:
    """Apply a campaign action that must be legal."""
    a = Action(kind=kind, **kw)
    cs.touch()
    opts = legal(cs)
    assert a in opts, f"{a.short()} not legal; legal: {[x.short() for x in opts]}"
    return apply(cs, a)


def choose(cs, sid: str, pick: str | None = None):
    """Choose ``sid`` and set it up; returns the scenario's GameState."""
    cact(cs, "choose", target=sid)
    if cs.pending is not None and cs.pending.kind == "swap":
        cact(cs, "pick", target=pick or cs.characters[0].cid)
    return begin_scenario(cs, scenario(sid))


def end(cs, gs, result: str = "success") -> list:
    """Finish ``gs`` with ``result`` (set by hand) and run the end phase to its first decision."""
    gs.result = result
    gs.result_reason = "test"
    return finish_scenario(cs, gs)


def until(cs, kind: str) -> list:
    """Answer 'done' to each decision until ``kind`` is pending; returns the events."""
    evs = []
    while cs.pending is not None and cs.pending.kind != kind:
        cs.touch()
        done = [a for a in legal(cs) if a.kind == "done"]
        assert done, f"stuck at {cs.pending.kind}: {[a.short() for a in legal(cs)]}"
        evs += apply(cs, done[0])
    assert cs.pending is not None and cs.pending.kind == kind, f"never reached {kind} (phase {cs.phase})"
    return evs


def hold(cs_or_gs, cid: str, uid: str) -> None:
    """Move card ``uid`` (wherever it is) into ``cid``'s inventory."""
    for pile in cs_or_gs.piles.values():
        if uid in pile:
            pile.remove(uid)
    for c in cs_or_gs.characters:
        for sl in list(c.inventory):
            if uid in sl:
                c.inventory.remove(sl)
    for sl in list(cs_or_gs.item_box):
        if uid in sl:
            cs_or_gs.item_box.remove(sl)
    next(c for c in cs_or_gs.characters if c.cid == cid).inventory.append([uid])


def card_of(cs_or_gs, defn: str, pile: str | None = None) -> str:
    """A uid of a card named ``defn`` (from ``pile`` if given)."""
    pool = cs_or_gs.piles[pile] if pile else list(cs_or_gs.cards)
    return next(u for u in pool if cs_or_gs.cards[u].defn == defn)
