"""The campaign layer's public API, one for every campaign pack: start a campaign, list and
apply its decisions, set a scenario up from the campaign state (carry-in) and write a finished
scenario back (carry-out), replay, standalone play, conservation, a scenario's status.

    cs = start_campaign(pack, content, ["vera", "mateo"], seed=1)
    legal(cs)                       # the players' choices now (choose the next scenario ...)
    apply(cs, action)               # -> events, like game.engine.apply
    gs = begin_scenario(cs, scenario)   # once cs.phase == "playing": the scenario's GameState
    ... play gs with game.engine.apply ...
    finish_scenario(cs, gs)         # carry-out, then the end phase runs to its first decision

The pack names its campaign rule set (``pack.rules``: ``campaign`` for the city, the mansion's
``mansion_campaign``); that rule set's run class (an :class:`~.endphase.EndPhaseRun`) supplies
the campaign's own parts through its hooks, and this module does the rest the same way for all.
Everything is pure and seeded (the campaign's own Rng); no I/O: the caller loads briefs and maps.
"""
from __future__ import annotations

import importlib
from typing import Any

from ..actions import Action, Event
from ..api import action_ref, give_up, new_game
from ..machine import RULESETS, RuleSet
from ..rng import Rng
from ..scenario import Content, Scenario
from ..state import CardState, GameState
from .carry import CampaignScenario, CarryIn, token_key
from .endphase import CampaignError
from .state import Attempt, BaseCampaignState, CampaignState, CampChar, EndInfo, InPlay, Mode

#: piles a scenario hands back to the campaign as they are
_CARRIED = ("item_a", "item_a_discard", "item_c", "other_discard", "removed", "tension", "tension_discard",
            "tension_sustained", "narrative", "narrative_removed")
#: piles a scenario's set-up takes from the campaign (the set-aside rare and escalation cards stay)
_HANDED = ("item_a", "item_a_discard", "b_pool", "item_c", "other_discard", "removed", "tension", "narrative",
           "narrative_removed")
#: DV-21 danger start by tier (R-STAND-5)
STANDALONE_DANGER = {1: 0, 2: 4, 3: 8, 4: 12}
PACKETS_BY_TIER = {1: [], 2: ["E1"], 3: ["E1", "E2"], 4: ["E1", "E2", "E3"]}
#: the tier whose first scenario adds each packet (R-CAMP-8)
PACKETS_BY_TIER_INV = {"E1": 2, "E2": 3, "E3": 4}

#: campaign rule sets registered by a module loaded when first asked for (a new campaign adds
#: its line here, or registers its rule set before use); the city's is :mod:`.rules`
PLUGINS = {"campaign": "game.engine.campaign.rules", "mansion_campaign": "game.engine.mansion.campaign"}


def campaign_rules(name: str) -> RuleSet:
    """The campaign rule set ``name`` (loading its module on first use). Raises CampaignError
    naming the known ones."""
    if name not in RULESETS and name in PLUGINS:
        importlib.import_module(PLUGINS[name])
    rs = RULESETS.get(name)
    if rs is None or not hasattr(rs.run_class, "STATE"):
        raise CampaignError(f"unknown campaign rule set {name!r}; known: {sorted(PLUGINS)}")
    return rs


def _run(cs: BaseCampaignState):
    """The campaign rule set's pass over ``cs`` (named by ``cs.rules``)."""
    return campaign_rules(cs.rules).run_class(cs)


# ---------------------------------------------------------------------------- start
def start_campaign(pack: Any, content: Content, party: list[str], seed: int, easy: bool = False) -> BaseCampaignState:
    """A new campaign of ``pack`` (R-CAMP-1..8, M-CAMP-1): the party with their starting items and
    full dials, danger 0, regular Item A shuffled and rare ones set aside, the Item B pool, Item C
    staged, escalation tension cards set aside; then the campaign's own set-up (the city: narrative
    deck and start scenarios; the manor: kerosene, its decks and the map). One survivor = solo
    mode (R-SCEN-5, R-SOLO-1). Returns the pack's campaign state class.

    Raises CampaignError for an empty, oversized or repeated party or a survivor the campaign
    cannot take."""
    R = campaign_rules(pack.rules).run_class
    if not 1 <= len(party) <= 4 or len(set(party)) != len(party):
        raise CampaignError(f"a campaign party has 1 to 4 different {R.WHO}")
    R.check_party(party, content)
    ct = content
    cs = R.STATE(pack=pack.id, seed=seed, rng=Rng.from_seed(seed), party=list(party), started_with=list(party),
                 mode=Mode(easy=easy, solo=len(party) == 1))
    cs.attach(pack, content)
    run = R(cs)
    aside = run.set_aside()
    piles = empty_piles()
    card = card_maker(cs)
    # R-CAMP-1/2, M-CAMP-1 (1): starting items, full dials (the Knife has none)
    for cid in list(party) + aside:
        uids = starting_cards(cs, ct, cid, card)
        if cid in party:
            cs.characters.append(CampChar(cid=cid, inventory=[[u] for u in uids]))
            run.joined(cid)
        else:
            piles["other_discard"] += uids  # R-SOLO-2: set aside with the profile
    decks = ct.decks
    # R-CAMP-5: regular Item A shuffled, rare set aside
    piles["item_a"] = [card(f"A:{k}:{i + 1}", k, "A") for k, n in decks.item_a.items() for i in range(n)]
    cs.rng.shuffle(piles["item_a"])
    piles["rare_aside"] = [card(f"A:{k}:r{i + 1}", k, "A") for k, n in decks.item_a_rare.items() for i in range(n)]
    # R-ITEM-10: the Item B pool
    piles["b_pool"] = [card(f"B:{k}:{i + 1}", k, "B") for k, n in decks.item_b_pool.items() for i in range(n)]
    staged_item_c_and_tension(cs, ct, piles, card)  # R-CAMP-6, R-CAMP-7, M-ITEMC-6
    cs.piles = piles
    run.set_up_rest(piles, card)
    run.begin_phase("choose")
    run.run()
    return cs


# ---------------------------------------------------------------------------- decisions
def legal(cs: BaseCampaignState) -> list[Action]:
    """The campaign decision's options now (empty while a scenario is played or when over)."""
    if cs.result is not None or cs.pending is None:
        return []
    hit = cs.cache.get("legal")
    if hit is not None and hit[0] == cs.step:
        return hit[1]
    opts = _run(cs).options_for(cs.pending.kind, cs.pending.options)
    cs.cache["legal"] = (cs.step, opts)
    return opts


def apply(cs: BaseCampaignState, action: Action) -> list[Event]:
    """Apply one legal campaign action (mutates ``cs``); an illegal one changes nothing and
    returns one ``impossible`` event. A rule error restores the state and re-raises."""
    if cs.pending is None or cs.result is not None:
        return [Event(kind="impossible", msg="impossible.no_campaign_decision")]
    if action not in legal(cs):
        return [Event(kind="impossible", msg="impossible.not_legal", params={"action": action_ref(action)})]
    snap = cs.model_dump_json()
    try:
        cs.record.append(action.short())
        cs.step += 1
        p = cs.pending
        cs.pending = None
        run = _run(cs)
        run.resolve(p, action)
        run.run()
        cs.touch()
    except Exception:
        back = type(cs).model_validate_json(snap)
        for name in type(cs).model_fields:
            setattr(cs, name, getattr(back, name))
        raise
    return run.ev


def playable(cs: BaseCampaignState) -> list[str]:
    """R-CAMP-11 / M-MAP-5: the scenarios that can be chosen now (open, no completion token)."""
    return _run(cs).playable()


def end_steps(cs: BaseCampaignState, success: bool) -> list[tuple[str, str]]:
    """The campaign's end-phase list after a success or a failure: (step, rule ID) in the
    rulebook's order (R-END-S*, R-END-F*; the manor's with the M-END changes). The phase of a
    step is ``success.<step>`` / ``failure.<step>``."""
    R = campaign_rules(cs.rules).run_class
    return list(R.SUCCESS_STEPS if success else R.FAILURE_STEPS)


def slot_status(cs: BaseCampaignState, sid: str) -> tuple[str, dict]:
    """(state, why) of scenario ``sid`` for the campaign's map scene. The city: ``completed``,
    ``open``, ``locked`` (why names the item that opens it), ``unreachable`` (why names what
    places its card); the manor: ``hub``, ``completed``, ``unlocked``, ``locked``, ``absent``.
    ``why`` is a message reference with its ``rule`` (``{"t": "msg", "id": "slot.playable", "params":
    {}, "rule": "R-CAMP-11"}``, :mod:`game.engine.messages`; ``english(why)`` its English words)."""
    return _run(cs).status(sid)


# ---------------------------------------------------------------------------- carry-in
def _hand_tier_gear(cs: BaseCampaignState, tier: int) -> list[str]:
    """[design] R-CAMP-8 with DV-21, the city pack's ``tier_gear`` (docs/balance.md): when the
    campaign first reaches ``tier`` (its escalation packet is added), each card of DV-21's gear
    list for that tier that the Item B pool still holds leaves the pool with a full dial, into the
    inventory of the survivor with the most free slots (seat order on ties), or the item box when
    no slot is free. A card the pool no longer holds (found earlier, in an inventory or the box)
    is not replaced. Returns the uids handed out, in list order."""
    ct, piles = cs.content, cs.piles
    out = []
    for item in ct.decks.standalone_gear.get(tier, []):
        u = next((u for u in piles["b_pool"] if cs.cards[u].defn == item), None)
        if u is None:
            continue
        piles["b_pool"].remove(u)
        w = ct.items[item].weapon
        if w is not None and w.capacity is not None:
            cs.cards[u].ammo = w.capacity
        room = [(ct.characters[c.cid].inventory_limit + c.limit_bonus - len(c.inventory), -i, c)
                for i, c in enumerate(cs.characters)]
        free, _, who = max(room, key=lambda r: (r[0], r[1]))
        if free > 0:
            who.inventory.append([u])
        else:
            cs.item_box.append([u])
        out.append(u)
    return out


def campaign_scenario(cs: BaseCampaignState, scenario: Scenario, party: list[tuple[str, int]] | None = None
                      ) -> tuple[CampaignScenario, list[tuple[str, int]], InPlay]:
    """Prepare the chosen scenario from the campaign state without playing it: escalation
    packets by tier (R-CAMP-8), the campaign's additions (the city's rare cards, R-ITEM-4), the
    Item B deck (R-ITEM-10; scenario items only on a replay, R-CAMP-15 / M-ITEMC-4), tokens not
    placed again (R-CAMP-15, M-ITEMC-3), the campaign's own carry (the manor's M-CAMP-5). Mutates
    ``cs`` (decks). Raises CampaignError if no scenario was chosen or ``scenario`` is not the
    chosen one's brief."""
    pack, ct = cs.pack_def, cs.content
    if cs.phase != "playing" or not cs.chosen or cs.chosen == "intro":
        raise CampaignError("no campaign scenario has been chosen")
    run = _run(cs)
    sl = pack.scenario_def(cs.chosen)
    if scenario.brief.id != sl.brief:
        raise CampaignError(f"{sl.id} is played with brief '{sl.brief}', not '{scenario.brief.id}'")
    party = party or [(cid, 1 if i % 2 == 0 else 2) for i, cid in enumerate(cs.party)]
    if [p[0] for p in party] != cs.party:
        raise CampaignError(f"the party must be the campaign's {run.WHO} in seat order: {cs.party}")
    replay = any(h.scenario == sl.id and h.result == "success" for h in cs.history)
    piles = cs.piles
    # R-CAMP-8: escalation packets once per campaign, cumulatively by tier
    added = False
    for name in PACKETS_BY_TIER[max(1, min(4, sl.tier))]:
        if name in cs.packets:
            continue
        if getattr(pack, "tier_gear", False):
            _hand_tier_gear(cs, PACKETS_BY_TIER_INV[name])
        pk = ct.decks.packets[name]
        for rid, syms in pk.remove.items():
            for sym in syms:
                for pile in ("tension", "tension_discard"):
                    hit = next((u for u in piles[pile] if cs.cards[u].defn == rid and cs.cards[u].symbol == sym), None)
                    if hit is not None:
                        piles[pile].remove(hit)
                        piles["removed"].append(hit)  # R-REMOVE-1
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
    run.before_item_b(sl)
    # R-ITEM-10 / R-CAMP-15 / M-ITEMC-4: the Item B deck from the pool
    b_deck = []
    for bid in scenario.brief.item_b:
        if replay and ct.items[bid].type != "scenario":
            continue
        u = next((u for u in piles["b_pool"] if cs.cards[u].defn == bid), None)
        if u is not None:
            piles["b_pool"].remove(u)
            b_deck.append(u)
    cs.rng.shuffle(b_deck)
    # R-CAMP-15 / M-ITEMC-3: collected tokens are not placed again
    skip = run.tokens_not_placed(sl.id)
    c_tokens, prog = [], []
    for p in scenario.board.placements:
        key = token_key(p.kind, p.square, dict(p.props))
        if key is None or key in skip:
            continue
        if key.startswith("C@"):
            c_tokens.append(key[2:])
        elif run.PROGRESSION:
            prog.append(key[2:])
    handed = {k: list(piles.get(k, [])) for k in _HANDED} | {"item_b": b_deck}
    on_table = {u for pile in handed.values() for u in pile}
    on_table |= {u for c in cs.characters for sl in c.inventory for u in sl} | {u for sl in cs.item_box for u in sl}
    carry = CarryIn(characters=[c.model_copy(deep=True) for c in cs.characters],
                    cards={u: c.model_copy() for u, c in cs.cards.items() if u in on_table},
                    piles=handed,
                    item_box=[list(x) for x in cs.item_box], danger=cs.danger, replay=replay)
    brief = scenario.brief.model_copy(update=run.brief_changes(sl))
    own = run.own_carry()
    cscn = run.make_scenario(scenario, brief, own, carry=carry, skip_tokens=frozenset(skip))
    seed = cs.rng.below(2 ** 31)
    kept = carry.model_dump(mode="json")
    info = InPlay(scenario=sl.id, brief=sl.brief, seed=seed, party=[tuple(p) for p in party], replay=replay,
                  c_start=list(piles["item_c"]), b_deck=b_deck, c_tokens=c_tokens, prog_labels=prog,
                  danger_before=cs.danger, carry=kept if own is None else {"core": kept, run.CARRY_KEY: own},
                  skip=sorted(skip))
    return cscn, party, info


def begin_scenario(cs: BaseCampaignState, scenario: Scenario, party: list[tuple[str, int]] | None = None,
                   manual: Any = ()) -> GameState:
    """Set up and start the chosen scenario from the campaign state (R-SCEN-3 with carry-in);
    the Introduction (R-INTRO-9, M-INTRO-1) is set up on its own. ``manual``: the automation
    switches turned off for this scenario (``new_game``'s, issue 12). Returns the scenario's
    GameState (the rule set's own class). Raises CampaignError (see :func:`campaign_scenario`)."""
    if cs.phase == "playing" and cs.chosen == "intro":
        party = party or [(cid, 1 if i % 2 == 0 else 2) for i, cid in enumerate(cs.party)]
        seed = cs.rng.below(2 ** 31)
        cs.playing = InPlay(scenario="intro", brief=scenario.brief.id, seed=seed, party=party)
        gs = new_game(_run(cs).intro_scenario(scenario), party, seed, manual)
        cs.playing.manual = list(gs.manual)
        return gs
    cscn, party, info = campaign_scenario(cs, scenario, party)
    cs.playing = info
    gs = new_game(cscn, party, info.seed, manual)
    info.manual = list(gs.manual)  # the record of its table draws replays only with them (Attempt.manual)
    return gs


def rebuild_scenario(cs: BaseCampaignState, scenario: Scenario) -> Scenario:
    """The scenario object of the game in progress, rebuilt from what its set-up recorded (for
    loading a campaign save made mid-scenario, or replaying its record)."""
    ip = cs.playing
    run = _run(cs)
    if ip is None or ip.scenario == "intro" or ip.carry is None:
        return run.intro_scenario(scenario)
    brief = scenario.brief.model_copy(update=run.brief_changes(cs.pack_def.scenario_def(ip.scenario)))
    core, own = (ip.carry, None) if run.CARRY_KEY is None else (ip.carry["core"], ip.carry[run.CARRY_KEY])
    return run.make_scenario(scenario, brief, own, carry=CarryIn.model_validate(core), skip_tokens=frozenset(ip.skip))


# ---------------------------------------------------------------------------- carry-out
def finish_scenario(cs: BaseCampaignState, gs: GameState) -> list[Event]:
    """Write a finished scenario back into the campaign (carry-out, M-CAMP-5) and run its end
    phase (R-END) to the first decision. The Introduction has no end phase (R-INTRO-9, M-INTRO-1).
    Raises CampaignError if ``gs`` is not over or not the scenario being played."""
    if gs.result is None:
        raise CampaignError("the scenario is not over yet")
    ip = cs.playing
    if ip is None:
        raise CampaignError("no campaign scenario is being played")
    run = _run(cs)
    if ip.scenario == "intro":  # R-INTRO-9 / M-INTRO-1: in the history as any scenario played, so
        # the campaign's record replays (replay_campaign) and a bug report has it (issue 29 item 5)
        cs.history.append(Attempt(scenario="intro", result=gs.result, reason=gs.result_reason, why=gs.result_why, turns=gs.turn,
                                  danger_before=cs.danger, danger_after=cs.danger, seed=ip.seed, party=ip.party,
                                  record=list(gs.record), manual=list(gs.manual)))
        cs.intro_done = True
        cs.playing = None
        cs.chosen = None
        run.emit("intro_done", run.INTRO[0], run.INTRO[2], {"result": {"t": "msg", "id": "result." + str(gs.result)}})
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
    cs.piles["b_pool"] = list(gs.piles.get("b_pool", [])) + list(gs.piles.get("item_b", []))  # R-ITEM-5
    if gs.scenario is None or gs.scenario.brief.use_danger:
        cs.danger = gs.danger
    run.carry_back(gs)
    left = {token_key(t.kind, t.pos, t.props) for t in gs.tokens}
    found_c = [k for k in ip.c_tokens if f"C@{k}" not in left]
    found_p = [k for k in ip.prog_labels if f"P@{k}" not in left]
    success = gs.result == "success"
    if success:  # R-CAMP-19 / M-ITEMC-5: a success commits its Item C tokens; a failure discards them
        cs.collected_c.setdefault(sid, []).extend(k for k in found_c if k not in cs.collected_c.get(sid, []))
    run.progression_found(sid, found_p)
    drawn_c = [u for u in ip.c_start if u not in gs.piles.get("item_c", [])]
    drawn_b = [u for u in ip.b_deck if u not in gs.piles.get("item_b", [])]
    cs.history.append(Attempt(scenario=sid, result=gs.result, reason=gs.result_reason, why=gs.result_why, turns=gs.turn,
                              fell=_fell(gs), last_card=_last_card(gs), replay=ip.replay, danger_before=ip.danger_before, danger_after=cs.danger, seed=ip.seed,
                              party=ip.party, record=list(gs.record), manual=list(gs.manual)))
    cs.ending = EndInfo(scenario=sid, result=gs.result, reason=gs.result_reason, why=gs.result_why, ribbons=gs.ink_ribbons,
                        drawn_c=drawn_c, drawn_b=drawn_b, c_start=list(ip.c_start))
    cs.playing = None
    cs.chosen = None
    run.emit("end_phase", "R-END-X0", "camp.end_phase", {"card": run.r_place(sid),
                                                         "result": {"t": "msg", "id": "result." + ("success" if success else "failure")}},
             scenario=sid, result=gs.result)
    run.begin_phase(f"{gs.result}.sustained")
    run.run()
    return run.ev


# ---------------------------------------------------------------------------- replay
def replay_campaign(pack: Any, content: Content, party: list[str], seed: int, record: list[dict],
                    attempts: list, load, easy: bool = False) -> BaseCampaignState:
    """Rebuild a campaign from its seed, its own record of decisions and the record of every
    scenario played (``attempts``, in order), loading scenarios with ``load(sid)``. An attempt is
    either its list of actions, or a dict ``{"record": [...], "manual": [...], "party": [...]}``
    (:func:`attempt_records`) that also gives the automation switches it was played with (a record
    with table draws replays only with them, issue 12) and its seats. A scenario whose record ends
    before the game does was cut off by a step limit (the campaign bots) and counts as failed, as
    it did when played. Raises CampaignError if a recorded action is not legal at its step (a
    corrupt or foreign record)."""
    from ..api import apply as gapply

    cs = start_campaign(pack, content, party, seed, easy=easy)
    rec, att = iter(record), iter(attempts)
    while not cs.over:
        if cs.phase == "playing":
            one = next(att, None)
            if one is None:  # a campaign saved mid-scenario: its game is in its own save
                break
            if isinstance(one, dict):
                seats = [tuple(p) for p in one.get("party") or []] or None
                gs = begin_scenario(cs, load(cs.chosen), seats, manual=one.get("manual") or ())
                one = one.get("record") or []
            else:
                gs = begin_scenario(cs, load(cs.chosen))
            for i, a in enumerate(one):
                ev = gapply(gs, Action(**a))
                if len(ev) == 1 and ev[0].kind == "impossible":
                    raise CampaignError(f"scenario {cs.playing.scenario} step {i + 1}: {ev[0].text}")
            if not gs.over:  # the bot's step limit ended it
                give_up(gs)  # (the bot's step limit ended it)
            finish_scenario(cs, gs)
            continue
        a = next(rec, None)
        if a is None:
            break
        ev = apply(cs, Action(**a))
        if len(ev) == 1 and ev[0].kind == "impossible":
            raise CampaignError(f"campaign record step {len(cs.record) + 1}: {ev[0].text}")
    return cs


def attempt_records(cs: BaseCampaignState) -> list[dict]:
    """What :func:`replay_campaign` needs of every scenario played so far, in order: its record,
    its seats and the automation switches it was played with (issue 12)."""
    return [{"record": list(h.record), "party": [list(p) for p in h.party], "manual": list(h.manual)}
            for h in cs.history]


# ---------------------------------------------------------------------------- standalone
def standalone_scenario(pack: Any, scenario: Scenario) -> CampaignScenario:
    """R-STAND / M-MODE-3: a campaign scenario played on its own. Tier gear (R-STAND-3, DV-21),
    danger start by tier (R-STAND-5), packets for the tier (R-STAND-2), the full Item A deck; no
    Item C or progression tokens (R-STAND-1); a marker on 17 at the end fails it (R-STAND-7, in
    the core end check); the rest is the campaign's (the city: rares, narrative deck, tier-1
    reshuffle, R-STAND-6; the manor: none of them, M-TENSION-1). Raises CampaignError for a
    brief that is not one of the pack's scenarios."""
    R = campaign_rules(pack.rules).run_class
    sl = next((s for s in pack.scenario_defs if s.brief == scenario.brief.id), None)
    if sl is None:
        raise CampaignError(f"brief '{scenario.brief.id}' is not a scenario of campaign {pack.id}")
    tier = max(1, min(4, sl.tier))
    brief = scenario.brief.model_copy(update=dict(
        standalone_gear=True, danger_start=STANDALONE_DANGER[tier], packets=PACKETS_BY_TIER[tier],
        tension_campaign=True, item_a_standard=True, rare_item_a=[], narrative_deck=False, tension_reshuffle=False,
        tier=tier, item_c=[]) | R.standalone_changes(sl, tier))
    skip = frozenset(k for p in scenario.board.placements
                     if (k := token_key(p.kind, p.square, dict(p.props))) is not None)
    return R.make_scenario(scenario, brief, None, skip_tokens=skip, standalone=True, pack=pack.id)


def _in_transit(cs: BaseCampaignState, run: Any) -> list[str] | None:
    """Card uids carried by a campaign task between two places (M-SWITCH-3: the items of a
    character switched out, placed one slot at a time): the task is queued or waits in the
    pending decision's context (``ctx["task"]``). Only tasks the rule set names in
    ``TRANSIT_TASKS`` are read, their ``items`` as a list of slots of uids. None when such a task's
    items are not slots of uids (a damaged save)."""
    names = run.TRANSIT_TASKS
    if not names:
        return []
    tasks = list(cs.queue)
    if cs.pending is not None and isinstance(cs.pending.ctx, dict):
        tasks.append(cs.pending.ctx.get("task"))
    out: list[str] = []
    for t in tasks:
        if not isinstance(t, dict) or t.get("t") not in names:
            continue
        items = t.get("items")
        if not isinstance(items, list) or not all(isinstance(sl, list) and sl and all(isinstance(u, str) for u in sl)
                                                  for sl in items):
            return None
        out += [u for sl in items for u in sl]
    return out


def conservation(cs: BaseCampaignState) -> list[str]:
    """Cards in no place or in two places, and whatever else the campaign keeps in exactly one
    place (the manor's deck cards and characters); empty when all is where it should be.

    R-ITEM-9: a card object is in exactly one place. Cards in transit inside a campaign step
    (M-SWITCH-3: the old character's items between its inventory and the new one's, the item box or
    the discard) are counted where they are, in that step, so a campaign saved in the middle of a
    switch adds up and resumes at the item placement."""
    run = _run(cs)
    seen: dict[str, int] = {}
    transit = _in_transit(cs, run)
    if transit is None:
        return ["the items of a switch in progress are not slots of cards"]
    for u in transit:
        seen[u] = seen.get(u, 0) + 1
    for c in cs.characters:
        for sl in c.inventory:
            for u in sl:
                seen[u] = seen.get(u, 0) + 1
    for sl in cs.item_box:
        for u in sl:
            seen[u] = seen.get(u, 0) + 1
    for pile in cs.piles.values():
        for u in pile:
            seen[u] = seen.get(u, 0) + 1
    if cs.playing is not None:  # the Item B deck is on the table while the scenario is played
        for u in cs.playing.b_deck:
            seen[u] = seen.get(u, 0) + 1
    bad = [f"{u} nowhere" for u in cs.cards if u not in seen]
    bad += [f"{u} in {n} places" for u, n in seen.items() if n > 1]
    bad += [f"{u} is not a card of this campaign" for u in seen if u not in cs.cards]
    return bad + run.conservation_extra()



__all__ = ["CampaignError", "CampaignScenario", "CampaignState", "BaseCampaignState", "PACKETS_BY_TIER",
           "PLUGINS", "STANDALONE_DANGER", "apply", "begin_scenario", "campaign_rules", "campaign_scenario",
           "card_maker", "conservation", "empty_piles", "end_steps", "finish_scenario", "legal", "playable", "rebuild_scenario",
           "replay_campaign", "attempt_records", "slot_status", "staged_item_c_and_tension", "standalone_scenario", "start_campaign",
           "starting_cards"]


# ------------------------------------------------------------------ campaign set-up pieces (city and manor)
PILES = ("item_a", "item_a_discard", "rare_aside", "b_pool", "item_c", "tension", "tension_discard",
         "tension_sustained", "tension_aside", "narrative", "narrative_removed", "removed", "other_discard")


def empty_piles() -> dict[str, list[str]]:
    """Every campaign pile (card uids, top first), empty."""
    return {k: [] for k in PILES}


def card_maker(cs: CampaignState):
    """``card(uid, defn, deck, symbol=None) -> uid``: registers a card object in ``cs.cards``."""
    def card(uid: str, defn: str, deck: str, symbol: str | None = None) -> str:
        cs.cards[uid] = CardState(uid=uid, defn=defn, deck=deck, symbol=symbol)  # type: ignore[arg-type]
        return uid
    return card


def starting_cards(cs: CampaignState, ct: Content, cid: str, card) -> list[str]:
    """R-CAMP-2 / M-CAMP-1: the starting items of character ``cid`` as cards, weapons with full
    dials (a weapon without capacity, the Knife, has none). Returns their uids in list order."""
    uids = [card(f"S:{cid}:{n}", it, "start") for n, it in enumerate(ct.characters[cid].starting_items)]
    for u in uids:
        w = ct.items[cs.cards[u].defn].weapon
        if w is not None and w.capacity is not None:
            cs.cards[u].ammo = w.capacity
    return uids


def staged_item_c_and_tension(cs: CampaignState, ct: Content, piles: dict[str, list[str]], card) -> None:
    """R-CAMP-6 / M-ITEMC-6: the Item C deck in three stages (late at the bottom, middle on it,
    early on top, each stage shuffled, never again); R-CAMP-7: the base tension deck shuffled and
    the escalation packets' cards set aside (``tension_aside``), uids ``T:<id>:<copy>``."""
    decks = ct.decks
    c_all = [k for k, d in ct.items.items() if d.stage]
    for stage in (3, 2, 1):
        part = [card(f"C:{k}", k, "C") for k in c_all if ct.items[k].stage == stage]
        cs.rng.shuffle(part)
        piles["item_c"] = part + piles["item_c"]
    for tid, n in decks.tension_base.items():
        for k in range(n):
            piles["tension"].append(card(f"T:{tid}:{k + 1}", tid, "T", ct.tension[tid].symbols[k]))
    used: dict[str, int] = {}
    for name in sorted(decks.packets):
        for tid, n in decks.packets[name].add.items():
            for _ in range(n):
                k = used.get(tid, 0)
                used[tid] = k + 1
                sym = ct.tension[tid].symbols[k] if k < len(ct.tension[tid].symbols) else None
                piles["tension_aside"].append(card(f"T:{tid}:{k + 1}", tid, "T", sym))
    cs.rng.shuffle(piles["tension"])


def _fell(gs: Any) -> list[str]:
    """The survivors down (health step 6, R-HEALTH-10) or dead when the scenario ended, by id."""
    return [c.cid for c in gs.characters if (c.health == 6 or c.dead) and not c.exited]


def _last_card(gs: Any) -> str:
    """The definition id of the last tension card drawn in the scenario ('' if none)."""
    uid = gs.last_tension
    card = gs.cards.get(uid) if uid else None
    return card.defn if card is not None else ""
