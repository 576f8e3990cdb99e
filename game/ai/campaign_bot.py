"""A bot for the campaign's own decisions (end phase, unlocks, item box, next scenario).

It flips every path card it can, reloads and heals whoever is hurt, stores Item C cards in
the item box (the second unlock step reads the box, R-CAMP-23) and takes ammunition that fits
its weapons, recovery items and spare weapons out of it, and picks the next scenario by a fixed preference:
the final, then the first finale, then scenarios with tokens still to find, lowest tier first, and the
optional scenarios (DV-19 danger relief) last: a failure there costs more danger than a success saves
unless it is likely won. It never looks at deck order.
"""
from __future__ import annotations

from ..engine import Action
from ..engine.campaign import CampaignState, legal


def choose(cs: CampaignState) -> Action:
    """One legal campaign action. Raises ValueError when no decision is pending."""
    opts = legal(cs)
    if not opts:
        raise ValueError("no campaign decision is pending")
    kind = cs.pending.kind
    done = next((a for a in opts if a.kind == "done"), None)
    ct, pack = cs.content, cs.pack_def
    if kind in ("ammo", "heal"):  # R-END-S10: free trades first, so ammunition meets its weapon
        give = _useful_give(cs, opts)
        if give is not None:
            return give
    if kind == "unlock":
        return next((a for a in opts if a.kind == "choose"), done or opts[0])
    if kind == "ammo":
        return next((a for a in opts if a.kind == "use"), done or opts[0])
    if kind == "heal":
        uses = [a for a in opts if a.kind == "use" and cs.char(a.target).health >= 3]
        uses.sort(key=lambda a: -cs.char(a.target).health)
        return uses[0] if uses else (done or opts[0])
    if kind == "transfer":  # Item C cards to the box; useful things out of it; keep a slot free for searching
        def held_weapons(cid):
            return {cs.cards[u].defn for sl in cs.char(cid).inventory for u in sl
                    if ct.items[cs.cards[u].defn].weapon is not None}

        def room(cid):
            c = cs.char(cid)
            return ct.characters[cid].inventory_limit + c.limit_bonus - len(c.inventory)

        for a in opts:
            if a.kind == "put" and ct.items[cs.cards[a.item].defn].stage:
                return a
        for a in opts:
            if a.kind == "take" and room(a.target) >= 2:
                d = ct.items[cs.cards[a.item].defn]
                if (d.type == "ammo" and set(d.fits) & held_weapons(a.target)) or d.type == "recovery" \
                        or (d.type == "weapon" and len(held_weapons(a.target)) < 3):
                    return a
        for a in opts:
            if a.kind == "put" and room(a.target) < 1:
                d = ct.items[cs.cards[a.item].defn]
                if d.type == "ammo" and not set(d.fits) & held_weapons(a.target):
                    return a
        return done or opts[0]
    if kind == "choose":
        failed = {}
        for h in cs.history:
            if h.result == "failure":
                failed[h.scenario] = failed.get(h.scenario, 0) + 1

        def rank(a: Action):
            if a.target == "intro":
                return (9, 0, 0, "")
            sl = pack.slot(a.target)
            tries = failed.get(a.target, 0)  # a scenario that keeps failing waits for the others
            if a.target == pack.final:
                return (0, 0, 0, a.target)
            if a.target == pack.first_finale:
                return (1, 0, 0, a.target)
            if sl.optional:  # DV-19's danger relief (-1 or -2, and +1 for the success) is worth it only
                # when it is likely won: a failure costs +2 (R-END-F5); the bot tries them last
                return (3, tries, sl.tier, a.target)
            return (2, tries, sl.tier, a.target)
        return min(opts, key=rank)
    return opts[0]


def _useful_give(cs: CampaignState, opts: list[Action]) -> Action | None:
    """A trade (R-END-S10) that helps: ammunition to the survivor holding its weapon (and not to
    one who already has it), a weapon to the survivor holding its ammunition, or a recovery item
    to a survivor holding none (one that keeps a free slot). None when no trade helps."""
    ct = cs.content

    def defs(cid):
        return [ct.items[cs.cards[u].defn] for sl in cs.char(cid).inventory for u in sl]

    def room(cid):
        c = cs.char(cid)
        return ct.characters[cid].inventory_limit + c.limit_bonus - len(c.inventory)

    def owner(uid):
        return next(c.cid for c in cs.characters if any(uid in sl for sl in c.inventory))

    def kept(cid, uid):  # what ``cid`` still holds after giving the slot of ``uid`` (a give moves the whole slot)
        return [ct.items[cs.cards[u].defn] for sl in cs.char(cid).inventory if uid not in sl for u in sl]

    for a in opts:
        if a.kind != "give" or room(a.target) < 2:
            continue
        d = ct.items[cs.cards[a.item].defn]
        src = owner(a.item)
        mine = {x.id for x in kept(src, a.item)}
        theirs = {x.id for x in defs(a.target)}
        if d.type == "ammo" and set(d.fits) & theirs and not set(d.fits) & mine:
            return a
        if d.type == "weapon" and (cs.cards[a.item].ammo or 0) == 0 and d.id not in theirs \
                and any(x.type == "ammo" and d.id in x.fits for x in defs(a.target)) \
                and not any(x.type == "ammo" and d.id in x.fits for x in defs(src)):
            return a
        if d.type == "recovery" and not any(x.type == "recovery" for x in defs(a.target)) \
                and any(x.type == "recovery" for x in kept(src, a.item)):  # the giver keeps one: no herb slot ping-pong
            return a
    return None


def play_campaign(pack, content, party: list[str], seed: int, easy: bool = False, load=None,
                  max_scenarios: int = 80, max_steps: int = 20000):
    """Play a whole campaign with bots: :func:`choose` for the campaign's decisions and
    :class:`game.ai.bot.Bot` in every scenario. ``load(sid)`` returns the scenario for a slot
    (default: the pack's briefs and maps). A scenario still running after ``max_steps`` actions
    counts as failed ('unfinished (step limit)'). Returns the final CampaignState."""
    from ..content.campaign_pack import load_campaign_scenario
    from ..engine.campaign import begin_scenario, finish_scenario, start_campaign

    cs = start_campaign(pack, content, list(party), seed, easy=easy)
    return play_out_campaign(cs, choose, begin_scenario, finish_scenario,
                             load or _cached(lambda sid: load_campaign_scenario(pack, sid, content)),
                             max_scenarios=max_scenarios, max_steps=max_steps)


def _cached(load):
    """``load`` remembered per scenario id (each map is read once per campaign)."""
    cache: dict = {}

    def get(sid):
        if sid not in cache:
            cache[sid] = load(sid)
        return cache[sid]
    return get


#: Campaign decisions the bot may take between two scenarios before the loop calls it stalled. An
#: end phase and the next choice take a few dozen (one per trade, reload, heal, box move, unlock).
MAX_DECISIONS_BETWEEN = 400

#: The reason a bot campaign that stopped making progress ends with (``cs.result_reason``).
STALLED = "stalled (no progress: {n} campaign decisions in a row at {phase})"


def play_out_campaign(cs, choose_fn, begin, finish, load, max_scenarios: int = 80, max_steps: int = 20000,
                      bot_class=None, max_decisions: int = MAX_DECISIONS_BETWEEN):
    """The loop every campaign bot shares: while the campaign ``cs`` is not over and fewer than
    ``max_scenarios`` scenarios were played, set the chosen scenario up with ``begin(cs,
    load(chosen))``, let ``bot_class(seed)`` (default :class:`game.ai.bot.Bot`) play it to the end
    or to ``max_steps`` actions (then it counts as failed, 'unfinished (step limit)'), write it back
    with ``finish(cs, game)``, and answer every campaign decision with ``choose_fn(cs)``.

    A campaign that stops making progress ends as a reported failure: more than ``max_decisions``
    campaign decisions without a scenario between them (a bot trading one card back and forth)
    ends it as ``defeat`` with :data:`STALLED` as its reason; the campaign's record is kept as it
    was. Returns ``cs``."""
    from ..engine import View
    from ..engine import give_up
    from ..engine.campaign import apply
    from .bot import Bot, play_out

    bot_class = bot_class or Bot
    between = 0
    while not cs.over and len(cs.history) < max_scenarios:
        if cs.phase == "playing":
            between = 0
            gs = begin(cs, load(cs.chosen))
            play_out(gs, bot_class(View(gs).seed), max_steps)
            give_up(gs)  # (nothing changes when the game ended)
            finish(cs, gs)
        elif between >= max_decisions:
            cs.result, cs.result_reason = "defeat", STALLED.format(n=between, phase=cs.phase)
            cs.result_why = {"t": "msg", "id": "reason.stalled", "params": {"n": between, "phase": cs.phase}}
        else:
            apply(cs, choose_fn(cs))
            between += 1
    return cs
