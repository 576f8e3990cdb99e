"""The mansion campaign's public calls (rules/mansion.md §2, §7-8, §12): start a campaign, set a
map card's scenario up from it and write it back, card status for the manor map scene, replay,
standalone play, conservation. The rule set itself (end phase, switching) is
:mod:`game.engine.mansion.campaign`; both are re-exported by ``game.engine.campaign``."""
from __future__ import annotations

from ..actions import Action, Event
from ..api import new_game
from ..campaign.api import (CampaignError, PACKETS_BY_TIER, STANDALONE_DANGER, _CARRIED, _HANDED, card_maker, empty_piles,
                            staged_item_c_and_tension, starting_cards)
from ..campaign.carry import CarryIn, token_key
from ..campaign.state import Attempt, CampChar, EndInfo, InPlay, Mode
from ..rng import Rng
from ..scenario import Scenario
from .campaign import MansionCampaignRun, MansionCampaignState, MansionScenario
from .setup import DECKS
from .state import MansionState

def start_mansion_campaign(pack, content, party: list[str], seed: int, easy: bool = False) -> MansionCampaignState:
    """A new mansion campaign (M-CAMP-1): main characters only (M-CHAR-4) with their starting items
    and kerosene at the limit; the survivor deck (unchosen mains + reserve-only, MAMB-13), the
    mission, scenario event and encounter decks shuffled; Item C staged (M-ITEMC-6); the manor map
    laid out (M-MAP-1). One character = solo mode, switching instead of R-SOLO-2 (M-SWITCH-9).
    Raises CampaignError for an empty, oversized or repeated party or a reserve-only character."""
    if not 1 <= len(party) <= 4 or len(set(party)) != len(party):
        raise CampaignError("a campaign party has 1 to 4 different characters")
    for cid in party:
        if cid not in content.characters:
            raise CampaignError(f"{cid!r} is not a main character (M-CHAR-4: only main characters can be chosen)")
    ct = content
    cs = MansionCampaignState(pack=pack.id, seed=seed, rng=Rng.from_seed(seed), party=list(party),
                              mode=Mode(easy=easy, solo=len(party) == 1))
    cs.attach(pack, content)
    piles = empty_piles()
    card = card_maker(cs)
    for cid in party:  # M-CAMP-1 (1): starting items with full dials, kerosene = limit (M-KERO-1)
        uids = starting_cards(cs, ct, cid, card)
        cs.characters.append(CampChar(cid=cid, inventory=[[u] for u in uids]))
        cs.kerosene[cid] = ct.kerosene_limit(cid)
    decks = ct.decks
    piles["item_a"] = [card(f"A:{k}:{i + 1}", k, "A") for k, n in decks.item_a.items() for i in range(n)]
    cs.rng.shuffle(piles["item_a"])
    piles["b_pool"] = [card(f"B:{k}:{i + 1}", k, "B") for k, n in decks.item_b_pool.items() for i in range(n)]
    staged_item_c_and_tension(cs, ct, piles, card)  # M-CAMP-1 (4), M-ITEMC-6: staged, never shuffled again
    cs.piles = piles
    # M-CAMP-1 (2)-(3): survivor, mission, scenario event and encounter decks
    cs.decks = {k: [] for k in DECKS}
    cs.decks["survivors"] = [c for c in ct.characters if c not in party] + list(ct.reserve_only)
    cs.decks["missions"] = list(ct.missions)
    cs.decks["events"] = list(ct.events)
    cs.decks["encounter"] = list(ct.encounter)
    for k in ("survivors", "missions", "events", "encounter"):
        cs.rng.shuffle(cs.decks[k])
    # M-MAP-1: the Grand Hall hub with the four A cards unlocked and Basement locked
    cs.map = {c.id: c.start for c in pack.cards if c.start in ("unlocked", "locked")}  # type: ignore[misc]
    run = MansionCampaignRun(cs)
    run.begin_phase("choose")
    run.run()
    return cs


def playable(cs: MansionCampaignState) -> list[str]:
    """M-MAP-5: the cards that can be played now."""
    return MansionCampaignRun(cs).playable()


def card_status(cs: MansionCampaignState, cid: str) -> tuple[str, str]:
    """(state, why) of a map card for the manor map scene: ``hub``, ``completed``, ``unlocked``
    (replay says what is left), ``locked`` (why names what flips it) or ``absent`` (why names what
    adds it)."""
    pack, ct = cs.pack_def, cs.content
    c = pack.card(cid)
    if c.start == "hub":
        return "hub", "the Introduction (M-INTRO-1)"
    if cid in cs.completed:
        return "completed", "completion token placed (M-ITEMC-2)"
    side = cs.map.get(cid)
    if side == "unlocked":
        left = c.item_c_tokens - len(cs.collected_c.get(cid, []))
        if any(h.scenario == cid and h.result == "success" for h in cs.history):
            return "unlocked", f"replay: {left} Item C token(s) still to find (M-ITEMC-3)"
        return "unlocked", "playable (M-MAP-5)"
    if side == "locked":
        u = c.unlock
        need = " and ".join(ct.items[i].name for i in u.items) if u.items else \
            f"at least {u.reserve_at_least} character(s) in the reserve"
        return "locked", f"needs {need} (M-MAP-6)"
    if c.added_by:
        return "absent", f"joins the map when {pack.card(c.added_by).name} succeeds (M-MAP-2)"
    return "absent", "joins the map when " + " and ".join(pack.card(x).name for x in c.added_when_completed) + \
        " are complete (M-MAP-9)"


def mansion_carry(cs: MansionCampaignState) -> dict:
    """The mansion part of the carry-in (M-CAMP-5): kerosene, reserve, decks, killed, scout."""
    return {"kerosene": dict(cs.kerosene), "reserve": [r.model_dump() for r in cs.reserve],
            "killed": list(cs.killed), "decks": {k: list(v) for k, v in cs.decks.items()}, "campaign": True,
            "scout_pending": cs.scout_next}


def begin_mansion_scenario(cs: MansionCampaignState, scenario: Scenario,
                           party: list[tuple[str, int]] | None = None, manual=()) -> MansionState:
    """Set up the chosen card's scenario from the campaign (R-SCEN-3 with carry-in, M-CAMP-5):
    tension packets by tier (R-CAMP-8), the Item B deck (R-ITEM-10; a replay after a success holds
    only scenario items, M-ITEMC-4), collected Item C tokens not placed (M-ITEMC-3). The
    Grand Hall Introduction is set up on its own (M-INTRO-1). ``manual``: the automation switches
    turned off for this scenario (``new_game``'s, issue 12; "tension" also covers the mansion's
    own decks). Raises CampaignError."""
    if cs.phase != "playing" or not cs.chosen:
        raise CampaignError("no mansion scenario has been chosen")
    party = party or [(cid, 1 if i % 2 == 0 else 2) for i, cid in enumerate(cs.party)]
    if cs.chosen == "intro":
        seed = cs.rng.below(2 ** 31)
        cs.playing = InPlay(scenario="intro", brief=scenario.brief.id, seed=seed, party=party)
        scn = MansionScenario(brief=scenario.brief, board=scenario.board, content=scenario.content)
        return new_game(scn, party, seed, manual)
    pack, ct = cs.pack_def, cs.content
    card = pack.card(cs.chosen)
    if scenario.brief.id != card.brief:
        raise CampaignError(f"{card.id} is played with brief '{card.brief}', not '{scenario.brief.id}'")
    if [p[0] for p in party] != cs.party:
        raise CampaignError(f"the party must be the campaign's characters in seat order: {cs.party}")
    replay = any(h.scenario == card.id and h.result == "success" for h in cs.history)
    piles = cs.piles
    added = False
    for name in PACKETS_BY_TIER[max(1, min(4, card.tier))]:  # R-CAMP-8 by tier
        if name in cs.packets:
            continue
        pk = ct.decks.packets[name]
        for rid, syms in pk.remove.items():
            for sym in syms:
                for pile in ("tension", "tension_discard"):
                    hit = next((u for u in piles[pile] if cs.cards[u].defn == rid and cs.cards[u].symbol == sym), None)
                    if hit is not None:
                        piles[pile].remove(hit)
                        piles["removed"].append(hit)
                        break
        for tid, n in pk.add.items():
            for _ in range(n):
                u = next(u for u in piles["tension_aside"] if cs.cards[u].defn == tid)
                piles["tension_aside"].remove(u)
                piles["tension"].append(u)
        cs.packets.append(name)
        added = True
    if added:
        piles["tension"] += piles["tension_discard"]
        piles["tension_discard"] = []
        cs.rng.shuffle(piles["tension"])
    b_deck = []
    for bid in scenario.brief.item_b:  # R-ITEM-10; M-ITEMC-4 on a replay
        if replay and ct.items[bid].type != "scenario":
            continue
        u = next((u for u in piles["b_pool"] if cs.cards[u].defn == bid), None)
        if u is not None:
            piles["b_pool"].remove(u)
            b_deck.append(u)
    cs.rng.shuffle(b_deck)
    skip = {f"C@{k}" for k in cs.collected_c.get(card.id, [])}
    c_tokens = [k[2:] for p in scenario.board.placements
                if (k := token_key(p.kind, p.square, dict(p.props))) and k.startswith("C@") and k not in skip]
    handed = {k: list(piles.get(k, [])) for k in _HANDED} | {"item_b": b_deck}
    on_table = {u for pile in handed.values() for u in pile}
    on_table |= {u for c in cs.characters for sl in c.inventory for u in sl} | {u for sl in cs.item_box for u in sl}
    carry = CarryIn(characters=[c.model_copy(deep=True) for c in cs.characters],
                    cards={u: c.model_copy() for u, c in cs.cards.items() if u in on_table}, piles=handed,
                    item_box=[list(x) for x in cs.item_box], danger=cs.danger, replay=replay)
    brief = scenario.brief.model_copy(update={"easy": cs.mode.easy, "tier": card.tier})
    mc = mansion_carry(cs)
    cs.scout_next = False
    scn = MansionScenario(brief=brief, board=scenario.board, content=scenario.content, carry=carry,
                          skip_tokens=frozenset(skip), mansion_carry=mc)
    seed = cs.rng.below(2 ** 31)
    cs.playing = InPlay(scenario=card.id, brief=card.brief, seed=seed, party=[tuple(p) for p in party], replay=replay,
                        c_start=list(piles["item_c"]), b_deck=b_deck, c_tokens=c_tokens, prog_labels=[],
                        danger_before=cs.danger, carry={"core": carry.model_dump(mode="json"), "mansion": mc},
                        skip=sorted(skip))
    return new_game(scn, party, seed, manual)


def rebuild_mansion_scenario(cs: MansionCampaignState, scenario: Scenario) -> Scenario:
    """The scenario object of the game in progress, rebuilt from what its set-up recorded."""
    ip = cs.playing
    if ip is None or ip.scenario == "intro" or ip.carry is None:
        return MansionScenario(brief=scenario.brief, board=scenario.board, content=scenario.content)
    brief = scenario.brief.model_copy(update={"easy": cs.mode.easy, "tier": cs.pack_def.card(ip.scenario).tier})
    return MansionScenario(brief=brief, board=scenario.board, content=scenario.content,
                           carry=CarryIn.model_validate(ip.carry["core"]), skip_tokens=frozenset(ip.skip),
                           mansion_carry=ip.carry["mansion"])


def finish_mansion_scenario(cs: MansionCampaignState, gs: MansionState) -> list[Event]:
    """Write a finished mansion scenario back (carry-out, M-CAMP-5) and run the mansion end phase
    to its first decision. The Introduction has no end phase (M-INTRO-1). Raises CampaignError."""
    if gs.result is None:
        raise CampaignError("the scenario is not over yet")
    ip = cs.playing
    if ip is None:
        raise CampaignError("no mansion scenario is being played")
    run = MansionCampaignRun(cs)
    if ip.scenario == "intro":
        cs.intro_done = True
        cs.playing = None
        cs.chosen = None
        run.emit("intro_done", "M-INTRO-1", f"The Introduction ends ({gs.result}); the campaign starts.")
        run.begin_phase("choose")
        run.run()
        return run.ev
    sid = ip.scenario
    for c in gs.characters:
        cc = cs.char(c.cid)
        cc.health = 6 if c.dead else c.health
        cc.poisoned = c.poisoned
        cc.inventory = [list(x) for x in c.inventory]
        cc.limit_bonus = c.limit_bonus
    for u, card in gs.cards.items():
        if u in cs.cards:
            cs.cards[u] = card.model_copy()
    cs.item_box = [list(x) for x in gs.item_box]
    for name in _CARRIED:
        cs.piles[name] = list(gs.piles.get(name, []))
    cs.piles["b_pool"] = list(gs.piles.get("b_pool", [])) + list(gs.piles.get("item_b", []))
    cs.danger = gs.danger
    m = gs.mansion
    decks = {k: list(v) for k, v in m.decks.items()}
    if m.mission is not None:  # a scenario ended mid-mission: the mission is abandoned (M-MISSION-9)
        decks.setdefault("missions_removed", []).append(m.mission.card)
        decks.setdefault("encounter_discard", []).extend(m.mission.drawn)
    cs.decks = decks
    cs.kerosene = {c.cid: m.kerosene.get(c.cid, 0) for c in gs.characters}  # M-KERO-5
    cs.reserve = [r.model_copy() for r in m.reserve]
    cs.killed = list(m.killed)
    cs.scout_next = m.scout_next
    left = {token_key(t.kind, t.pos, t.props) for t in gs.tokens}
    found_c = [k for k in ip.c_tokens if f"C@{k}" not in left]
    success = gs.result == "success"
    if success:  # M-ITEMC-5 (R-CAMP-19 amended): a success commits its Item C tokens
        cs.collected_c.setdefault(sid, []).extend(k for k in found_c if k not in cs.collected_c.get(sid, []))
    drawn_c = [u for u in ip.c_start if u not in gs.piles.get("item_c", [])]
    drawn_b = [u for u in ip.b_deck if u not in gs.piles.get("item_b", [])]
    cs.history.append(Attempt(scenario=sid, result=gs.result, reason=gs.result_reason, turns=gs.turn,
                              replay=ip.replay, danger_before=ip.danger_before, danger_after=cs.danger, seed=ip.seed,
                              party=ip.party, record=list(gs.record)))
    cs.ending = EndInfo(scenario=sid, result=gs.result, reason=gs.result_reason, ribbons=gs.ink_ribbons,
                        drawn_c=drawn_c, drawn_b=drawn_b, c_start=list(ip.c_start))
    cs.playing = None
    cs.chosen = None
    run.emit("end_phase", "R-END-X0", f"{cs.pack_def.card(sid).name}: {'success' if success else 'failure'} - the end "
             "phase begins.", scenario=sid, result=gs.result)
    run.begin_phase(f"{gs.result}.sustained")
    run.run()
    return run.ev


def replay_mansion_campaign(pack, content, party: list[str], seed: int, record: list[dict], attempts: list[list[dict]],
                            load, easy: bool = False) -> MansionCampaignState:
    """Rebuild a mansion campaign from its seed, its record of campaign decisions and the record
    of every scenario played (in order), loading scenarios with ``load(card_id)``. Raises
    CampaignError if a recorded action is not legal at its step."""
    from ..api import apply as gapply
    from ..campaign.api import apply

    cs = start_mansion_campaign(pack, content, party, seed, easy=easy)
    rec, att = iter(record), iter(attempts)
    while not cs.over:
        if cs.phase == "playing":
            gs = begin_mansion_scenario(cs, load(cs.chosen))
            for i, a in enumerate(next(att)):
                ev = gapply(gs, Action(**a))
                if len(ev) == 1 and ev[0].kind == "impossible":
                    raise CampaignError(f"scenario {cs.playing.scenario} step {i + 1}: {ev[0].text}")
            if not gs.over:  # the bot's step limit ended it
                gs.result, gs.result_reason = "failure", "unfinished (step limit)"
            finish_mansion_scenario(cs, gs)
            continue
        a = next(rec, None)
        if a is None:
            break
        ev = apply(cs, Action(**a))
        if len(ev) == 1 and ev[0].kind == "impossible":
            raise CampaignError(f"campaign record step {len(cs.record) + 1}: {ev[0].text}")
    return cs


def standalone_mansion(pack, scenario: Scenario) -> MansionScenario:
    """M-MODE-3: a manor scenario on its own: no reserve, survivor deck, missions or map cards
    (RESCUE and MISSION fail their precondition); tension packets, gear and danger by tier as
    R-STAND; no Item C tokens (R-STAND-1); no reshuffle outside the Introduction (M-TENSION-1)."""
    card = next((c for c in pack.cards if c.brief == scenario.brief.id), None)
    if card is None:
        raise CampaignError(f"brief '{scenario.brief.id}' is not a card of campaign {pack.id}")
    tier = max(1, min(4, card.tier))
    brief = scenario.brief.model_copy(update=dict(
        standalone_gear=True, danger_start=STANDALONE_DANGER[tier], packets=PACKETS_BY_TIER[tier],
        tension_campaign=True, item_a_standard=True, rare_item_a=[], narrative_deck=False, tension_reshuffle=False,
        tier=tier, item_c=[]))
    skip = frozenset(k for p in scenario.board.placements if (k := token_key(p.kind, p.square, dict(p.props))))
    return MansionScenario(brief=brief, board=scenario.board, content=scenario.content, skip_tokens=skip,
                           standalone=True)


def conservation(cs: MansionCampaignState) -> list[str]:
    """Cards in no place or two places, and mansion deck cards (encounter, events, missions,
    survivors) in no place or two (every card in exactly one place)."""
    from ..campaign.api import conservation as card_places
    bad = card_places(cs)
    ct = cs.content
    seen: dict[str, int] = {}
    for pile in cs.decks.values():
        for x in pile:
            seen[x] = seen.get(x, 0) + 1
    everyone = [c.cid for c in cs.characters] + [r.cid for r in cs.reserve] + cs.killed
    for x in everyone:
        seen[x] = seen.get(x, 0) + 1
    for name in list(ct.encounter) + list(ct.events) + list(ct.missions) + list(ct.characters) + list(ct.reserve_only):
        n = seen.get(name, 0)
        if n != 1:
            bad.append(f"{name} in {n} places")
    return bad
