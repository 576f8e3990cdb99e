"""Derived data kept for speed equals the same data computed from scratch (issue 8, speed).

Every cache or shortcut the engine keeps between steps (docs/architecture.md, "Derived data and
speed") is checked here at every step of seeded random games on real maps (bots mixed with
random legal actions): the token index and the occupancy index against a recount of the state's
lists (also where a move carried the index over instead of rebuilding it, ``Common.move_model``); the geometry, distance maps, linked tiles and line of sight shared on the board against a geometry
built afresh for the state's edges; the action options against the rules as first written
(kept below as the reference); the revival question of R-HEALTH-10 and the healing-card set
against a plain scan; and the legality check of ``apply`` against ``in``. No timing here: the
speed figures live in ``python -m tools.bench``.
"""
from __future__ import annotations

import random

import pytest

from game.__main__ import default_party
from game.ai.bot import Bot
from game.ai.modes import bot_for
from game.content.loader import load_scenario
from game.engine import apply, legal_actions, new_game
from game.engine.actions import Action, make_action
from game.engine.api import _is_legal
from game.engine.board import EdgeState, Geometry, edge_function, edge_id, parse_edge_id
from game.engine.core.actions import Actions
from game.engine.core.base import INF, SPACE_TOKENS
from game.engine.machine import ruleset_of
from game.engine.messages import keyed


# ------------------------------------------------------------------ references, from scratch
def ref_occupancy(s, run) -> dict:
    units, chars, enemies, fire, kinds, prog = {}, {}, {}, set(), set(), set()
    for c in s.characters:
        if c.pos is not None and not c.exited:
            units[c.pos] = units.get(c.pos, 0) + 1
            chars.setdefault(c.pos, []).append(c)
    for e in s.enemies:
        units[e.pos] = units.get(e.pos, 0) + run.ct.enemies[e.type].base.units
        enemies.setdefault(e.pos, []).append(e)
    for t in s.tokens:
        kinds.add(t.kind)
        if t.kind == "fire":
            fire.add(t.pos)
        if t.kind == "progression":
            prog.add(t.pos)
        units[t.pos] = units.get(t.pos, 0) + (0 if t.kind == "fire" else SPACE_TOKENS.get(t.kind, 0))
    units = {q: u for q, u in units.items() if u}
    item_b = any(t.kind == "item" and str(t.props.get("letter", "A")).upper() == "B" for t in s.tokens)
    return {"units": units, "chars": chars, "enemies": enemies, "fire": frozenset(fire), "kinds": frozenset(kinds),
            "progression": frozenset(prog), "item_b": item_b}


def ref_can_be_revived(s, run) -> bool:
    """R-HEALTH-10 as first written (before the healing-card set)."""
    if not any(c.conscious for c in s.characters):
        return False

    def spray(slots):
        return any(run.idef(u).heal for sl in slots for u in sl)
    if any(spray(c.inventory) for c in s.characters if not c.exited):
        return True
    if spray(s.item_box):
        return True
    b_token = any(t.kind == "item" and str(t.props.get("letter", "A")).upper() == "B" for t in s.tokens)
    return b_token and any(run.idef(u).heal for u in s.piles.get("item_b", []))


def fresh_geometry(s, run) -> Geometry:
    """A geometry for the state's edges that shares nothing with any cache (no memo key)."""
    edges = {parse_edge_id(k): EdgeState(v) for k, v in s.edges.items()}
    return Geometry(run.b, edge_function(run.b, edges))


def fresh_forced_geometry(s, run) -> Geometry:
    """R-STALK-5: closed doors without a lock card count as open; built afresh, no memo."""
    edges = {parse_edge_id(k): EdgeState(v) for k, v in s.edges.items()}
    for e in run.b.features:
        st = edges.get(e, run.b.base_edge(*e))
        if st == EdgeState.DOOR_CLOSED and edge_id(e) not in s.locks:
            edges[e] = EdgeState.DOOR_OPEN
    return Geometry(run.b, edge_function(run.b, edges))


def ref_linked(s, run, g: Geometry, tid: str) -> set[str]:
    """R-COMP-14 from a fresh geometry: tiles joined to ``tid`` by an open door or archway."""
    out = set()
    for e in run.b.features:
        if not g.edge(*e).links:
            continue
        ta, tb = run.b.square_tile[e[0]], run.b.square_tile[e[1]]
        if tid in (ta, tb) and ta != tb:
            out.add(tb if ta == tid else ta)
    return out


def ref_los(s, run, g: Geometry, a, b) -> bool:
    fire = {t.pos for t in s.tokens if t.kind == "fire"}
    if not g.los(a, b, fire):
        return False
    dark = {i.tile for i in s.core.sustain.values() if i.name == "Blackout" and i.tile}
    if dark and g.dR_sq(a, b) > 1:
        for tid in dark:
            sq = run.b.tiles[tid].squares
            if a in sq or b in sq or any(q in sq for q in g.squares_crossed(a, b)):
                return False
    return True


def ref_action_options(run) -> list[Action]:
    """R-ACT-1 as first written: the reference for the hoisted ``action_options``."""
    s = run.s
    c = s.active_char
    out: list[Action] = []
    if not c.conscious or c.pos is None:
        return out
    pos = c.pos
    fire = run.fire()
    for n in run.g.neighbours(pos):
        if run.room(n, 1) and run.may_leave_to(c, n):
            out.append(make_action("move", to=n))
    partner = run.b.stair_partner(pos)
    if partner is not None and run.room(partner, 1) and run.may_leave_to(c, partner):
        out.append(make_action("stairs", to=partner))
    for e, f in run.b.features.items():
        if pos not in e:
            continue
        st = run.edge(*e)
        eid = edge_id(e)
        if st == EdgeState.DOOR_OPEN:
            out.append(make_action("door", edge=eid))
        elif st == EdgeState.DOOR_CLOSED and run.can_open(c, e):
            out.append(make_action("door", edge=eid))
        elif st == EdgeState.BARRICADE:
            out.append(make_action("clear", edge=eid))
    full = run.inv_count(c) >= run.limit(c)
    if not full:
        for t in s.tokens:
            if t.pos == pos and t.kind == "item":
                out.append(make_action("search", target=t.uid))
    near = set(run.g.neighbours(pos)) | {pos}
    for t in s.tokens:
        if t.kind == "item_box" and t.pos in near:
            if c.inventory and len(s.item_box) < run.box_limit():
                out.append(make_action("stash", target=t.uid))
            if s.item_box and not full:
                out.append(make_action("search", target=t.uid))
        elif t.kind == "typewriter" and t.pos in near and s.ink_ribbons > 0:
            out.append(make_action("typewriter", target=t.uid))
    for o in s.characters:
        if o is not c and o.pos == pos and o.health == 6 and not o.exited and o.inventory and not full:
            out.append(make_action("search", target=o.cid))
    for o in s.characters:
        if o is c or not o.conscious:
            continue
        if o.pos == pos or (o.pos is not None and o.pos in run.g.neighbours(pos)):
            out.append(make_action("trade", target=o.cid))
    out.extend(run.use_options(c))
    out.extend(ref_attack_options(run, c, fire))
    if any(t.kind == "exit" and t.pos == pos for t in s.tokens) and not run.held_by_boss(c):
        out.append(make_action("exit"))
    out.extend(run.scenario_action_options(c))
    for slot in c.inventory:
        out.append(make_action("discard", item=slot[0]))
    herbs = [slot for slot in c.inventory if all(run.idef(u).herb for u in slot)]
    for i, a in enumerate(herbs):
        for bslot in herbs[i + 1:]:
            if len(a) + len(bslot) <= 3:
                out.append(make_action("mix", item=a[0], item2=bslot[0]))
    if run.ribbon_exchange_counts():
        out.append(make_action("ribbons"))
    if run.may_skip(c):
        out.append(make_action("end_phase"))
    return out


def ref_attack_options(run, c, fire) -> list[Action]:
    out = []
    jammed = run.has_sustain("Jammed", c.cid)
    for slot in c.inventory:
        d = run.idef(slot[0])
        if d.weapon is None:
            continue
        w = d.weapon
        card = run.s.cards[slot[0]]
        ammo = card.ammo if w.capacity is not None else None
        if ammo is not None and ammo < 1:
            continue
        targets = []
        for e in run.s.enemies:
            if run.is_boss(e) and run.tile_id(c.pos) != run.tile_id(e.pos):
                continue
            if run.weapon_range_ok(w, c.pos, e.pos) and run.los(c.pos, e.pos, fire):
                targets.append(e.uid)
        for t in run.s.tokens:
            if t.kind == "barrel" and run.weapon_range_ok(w, c.pos, t.pos) and run.los(c.pos, t.pos, fire):
                out.append(make_action("attack", item=slot[0], target=t.uid, n=0))
        for e in targets:
            out.append(make_action("attack", item=slot[0], target=e, n=0))
            if w.rapid_fire and not jammed and ammo is not None:
                for extra in (1, 2):
                    if ammo >= run.rapid_cost(c, extra):
                        out.append(make_action("attack", item=slot[0], target=e, n=extra))
    return out


# ------------------------------------------------------------------ the checks
def check_step(s, rnd: random.Random) -> None:
    """Every kept answer equals its recomputation, for the state as it is now."""
    run = ruleset_of(s).run_class(s)  # reads the state's caches as apply left them
    want = ref_occupancy(s, run)
    occ = run.occupancy()
    assert {q: u for q, u in occ["units"].items() if u} == want["units"], "capacity units per square"
    assert {q: [id(x) for x in v] for q, v in occ["chars"].items()} == \
        {q: [id(x) for x in v] for q, v in want["chars"].items()}, "survivors per square, in list order"
    assert {q: [id(x) for x in v] for q, v in occ["enemies"].items()} == \
        {q: [id(x) for x in v] for q, v in want["enemies"].items()}, "enemies per square, in list order"
    for k in ("fire", "kinds", "progression", "item_b"):
        assert occ[k] == want[k], k
        assert run.token_index()[k] == want[k], k
    tix = run.token_index()  # the token squares the action options read
    items: dict = {}
    for t in s.tokens:
        if t.kind == "item":
            items.setdefault(t.pos, []).append(t.uid)
    assert tix["items"] == items, "item tokens per square, in list order"
    assert tix["reach"] == [(t.kind, t.uid, t.pos) for t in s.tokens if t.kind in ("item_box", "typewriter")]
    assert tix["barrels"] == [(t.uid, t.pos) for t in s.tokens if t.kind == "barrel"]
    assert tix["exits"] == {t.pos for t in s.tokens if t.kind == "exit"}
    assert tix["corpses"] == {t.pos for t in s.tokens if t.kind == "corpse"}
    at: dict = {}
    for t in s.tokens:
        at.setdefault(t.pos, []).append(id(t))
    assert {q: [id(t) for t in v] for q, v in tix["at"].items()} == at, "token models per square, in list order"
    # the end check after the last task (maybe skipped as quiet) left nothing undone: a full check
    # of a copy with no kept data finds nothing either (R-TURN-12, R-SCEN-8, R-HEALTH-10)
    if s.result is None:
        copy = s.clone()
        full = ruleset_of(copy).run_class(copy)
        full.check_end()
        assert copy.result is None and full.ev == [], [e.text for e in full.ev]
        assert full.deck_size("T") == sum(1 for cd in s.cards.values() if cd.deck == "T")
    # healing cards and R-HEALTH-10
    assert run.heal_uids() == {u for u, cd in s.cards.items() if cd.defn in run.ct.items and run.ct.items[cd.defn].heal}
    assert run.can_be_revived() == ref_can_be_revived(s, run)
    # the end check's kept revival witness (R-HEALTH-10): while it is found where it was, a
    # survivor who lies unconscious can still be revived, so skipping the check was right
    quiet = s.cache.get("end_quiet")
    if quiet is not None and quiet[-1] is not None and run._witness_holds(quiet[-1]):
        assert ref_can_be_revived(s, run), "a kept revival witness that no longer holds"
    # geometry shared on the board == geometry built afresh for these edges
    g = fresh_geometry(s, run)
    squares = sorted(run.b.square_tile)
    fire = {t.pos for t in s.tokens if t.kind == "fire"}
    models = [c.pos for c in s.characters if c.pos is not None and not c.exited] + [e.pos for e in s.enemies]
    target = rnd.choice(models or squares)
    forced = run.dE_map(target, forced=True)
    full_forced = fresh_forced_geometry(s, run).distances_from(target, blocked=fire.__contains__ if fire else None)
    for q in rnd.sample(squares, 8) + models:
        assert forced.get(q, INF) == full_forced.get(q, INF), f"forced dE to {target} from {q}"
    for target in models[:2] + [rnd.choice(squares)]:
        d = run.dE_map(target)
        full = g.distances_from(target, blocked=fire.__contains__ if fire else None)
        for q in rnd.sample(squares, 12) + models:
            assert d.get(q, INF) == full.get(q, INF), f"dE to {target} from {q}"
        w = run.walk_distances(target)
        plain = g.distances_from(target)
        for q in rnd.sample(squares, 6):
            assert w.get(q, INF) == plain.get(q, INF), f"walk distance {target} -> {q}"
    for tid in rnd.sample(sorted(run.b.tiles), min(3, len(run.b.tiles))):
        assert run.linked_tiles(tid) == ref_linked(s, run, g, tid), f"tiles linked to {tid}"
    for _ in range(12):
        a, b = rnd.choice(squares), rnd.choice(models or squares)
        assert run.los(a, b) == ref_los(s, run, g, a, b), f"LOS {a} {b}"
        assert run.g.neighbours(a) == g.neighbours(a), f"neighbours of {a}"
    # the definitions the rules read are the plain copies of the scenario's own (defs.plain)
    for e in s.enemies:
        assert run.edef(e)._model is run.ct.enemies[e.type]
    for c in s.characters:
        assert run.cdef(c)._model is run.ct.characters[c.cid]
        for slot in c.inventory:
            assert run.idef(slot[0])._model is run.ct.items[s.cards[slot[0]].defn]
    assert run.brief._model is s.scenario.brief
    # the run apply keeps for the next action (api._kept_run) holds this state's geometry
    kept = s.cache.get("run")
    if kept is not None:
        assert kept.s is s and kept.scn is s.scenario
        kept.new_pass()
        assert kept._ekey == tuple(sorted(s.edges.items())), "the kept run's edge states"
        assert kept._geo is s.cache["geo"] and kept.g is s.cache["geo"][2]
        assert kept.ev == [] and kept._given == []
        # the references kept by r_who (issue 30 item 5): a new dict equal to the keyed reference
        # built afresh from the content, for every survivor and enemy
        for m in [*s.characters, *s.enemies]:
            ref = kept.r_who(m)
            fresh = keyed({"t": "char", "id": m.cid, "name": kept.ct.characters[m.cid].name} if hasattr(m, "cid")
                          else {"t": "enemy", "id": m.uid, "type": m.type, "name": kept.ct.enemies[m.type].name})
            assert ref == fresh and list(ref) == list(fresh) and ref is not kept.r_who(m), ref
    # the action phase's options, and the legality check of apply
    if s.pending is not None and s.pending.kind == "act":
        ref = ref_action_options(run)
        assert Actions.action_options(run) == ref  # the core's part (the mansion adds its own after it)
        assert legal_actions(s) == run.action_options()
    legal = legal_actions(s)
    for a in legal[:4]:
        assert _is_legal(Action(**a.short()), legal)
    odd = Action(kind="move", to=(-5, -5))
    assert _is_legal(odd, legal) == (odd in legal)
    for shared in (make_action("move", to=(0, 0)), make_action("end_phase")):  # shared values, legal or not now
        assert _is_legal(Action(**shared.short()), legal) == (shared in legal)


def _scenario(sid: str):
    if sid.startswith("mansion:"):  # a manor map card with the mansion rules (issue 14)
        from game.content.mansion_pack import load_card_scenario
        from tests.mansion_kit import mcontent, mpack

        return load_card_scenario(mpack(), sid.split(":", 1)[1], mcontent())
    return load_scenario(sid)


def play(sid: str, players: int, seed: int, steps: int, p_random: float = 0.4):
    scn = _scenario(sid)
    party = default_party(players, scn.content)
    if len(scn.board.start) < 2:
        party = [(cid, 1) for cid, _ in party]
    s = new_game(scn, party, seed)
    bot = bot_for(s, seed)
    rnd = random.Random(seed)
    n = 0
    while not s.over and n < steps:
        check_step(s, rnd)
        legal = legal_actions(s)
        apply(s, rnd.choice(legal) if rnd.random() < p_random else bot.choose(s))
        n += 1
    return s


@pytest.mark.parametrize("sid,players,seed", [
    ("outskirts", 4, 3),  # the benchmark's map: progression tokens, fire, barrels, doors
    ("practice-stalker", 2, 5),  # forced entry through doors (R-STALK-5), pursuit
    ("practice-burrower", 3, 8),  # a boss: held survivors (R-BOSS-8), R-BOSS-9 targets
    ("ct2", 2, 4),  # a city map with stairwells and a second region
    ("mansion:intro", 2, 6),  # the mansion rule set on the core machinery (kerosene, its own end check)
])
def test_kept_derived_data_equals_a_recomputation_at_every_step(sid, players, seed):
    play(sid, players, seed, steps=120)


def test_shared_geometry_is_the_same_for_a_new_game_a_clone_and_a_changed_door():
    """The board keeps geometry by edge states: a second game, a clone and a game whose door
    changed each read distances equal to a fresh search for their own edges (R-COMP-12)."""
    scn = load_scenario("outskirts")
    party = default_party(2, scn.content)
    a = new_game(scn, party, 1)
    b = a.clone()
    rnd = random.Random(1)
    check_step(a, rnd)
    check_step(b, rnd)
    run = ruleset_of(b).run_class(b)
    door = next(e for e, f in scn.board.features.items())
    before = run.edge(*door)
    for q in door:  # the door's two tiles before and after it changes (R-COMP-14)
        tid = scn.board.square_tile[q]
        assert run.linked_tiles(tid) == ref_linked(b, run, fresh_geometry(b, run), tid)
    run.set_edge(door, EdgeState.DOOR_OPEN if before != EdgeState.DOOR_OPEN else EdgeState.DOOR_CLOSED)
    for q in door:
        tid = scn.board.square_tile[q]
        assert run.linked_tiles(tid) == ref_linked(b, run, fresh_geometry(b, run), tid)
    check_step(b, rnd)
    check_step(a, rnd)  # the first game's edges are unchanged and read their own geometry
    assert ruleset_of(a).run_class(a).edge(*door) == before


def test_forced_distances_follow_the_locks_as_well_as_the_edges():
    """Two games on one board with the same edge states but a lock taken off a door in one of
    them (R-DOOR-6 opens and unlocks it; closing it again restores the edges): the Stalker's
    forced distances (R-STALK-5) differ, so the board's shared memo must tell them apart."""
    scn = load_scenario("outskirts")
    party = default_party(2, scn.content)
    locked = next(e for e, f in scn.board.features.items() if f.lock)
    a = new_game(scn, party, 2)
    b = new_game(scn, party, 2)
    rnd = random.Random(2)
    ra = ruleset_of(a).run_class(a)
    target = locked[1]
    before = dict(ra.dE_map(target, forced=True).items())  # searched and kept with the locks as set up
    del b.locks[edge_id(locked)]  # what opening it with the key leaves once it is closed again
    b.touch()
    check_step(b, rnd)
    rb = ruleset_of(b).run_class(b)
    after = dict(rb.dE_map(target, forced=True).items())
    assert before != after, "unlocking a door changes a forced route"
    check_step(a, rnd)


@pytest.mark.parametrize("where", ["inventory", "item_box", "item_b"])
def test_end_check_kept_while_down_runs_again_when_the_spray_leaves(where):
    """R-HEALTH-10 with the end check's kept revival witness: a survivor lies unconscious and the
    only First-Aid Spray is in an ally's inventory, the item box or the Item B deck, so the
    check finds nothing and is kept. Then the spray leaves that place in place (as discarding,
    stashing or drawing it does: no survivor, enemy or token changes); the next check must run
    in full and find that the survivor cannot be revived and dies."""
    scn = load_scenario("outskirts")
    s = new_game(scn, default_party(2, scn.content), 1)
    run = ruleset_of(s).run_class(s)
    heal = {u for u, cd in s.cards.items() if cd.defn in run.ct.items and run.ct.items[cd.defn].heal}
    spray = sorted(heal)[0]
    for c in s.characters:  # no other healing card anywhere
        c.inventory = [sl for sl in c.inventory if heal.isdisjoint(sl)]
    s.item_box = [sl for sl in s.item_box if heal.isdisjoint(sl)]
    s.piles = {k: [u for u in v if u not in heal] for k, v in s.piles.items()}
    up, down = s.characters
    slot = [spray]
    if where == "inventory":
        up.inventory.append(slot)
        place = up.inventory
    elif where == "item_box":
        s.item_box.append(slot)
        place = s.item_box
    else:
        assert run.token_index()["item_b"], "the map has an Item B token out"
        s.piles["item_b"].append(spray)
        place, slot = s.piles["item_b"], spray
    down.health = 6
    s.touch()
    run = ruleset_of(s).run_class(s)
    run.check_end()
    assert s.result is None and not down.dead
    assert s.cache["end_quiet"][-1] is not None, "the check was kept with its witness"
    run.check_end()  # kept: nothing changed
    assert s.result is None
    place.remove(slot)  # the spray leaves, in place
    run.check_end()
    assert down.dead and s.result == "failure", "R-HEALTH-10: nobody can revive the survivor"
    assert any(e.kind == "death" for e in run.ev)


def test_clone_shares_the_scenario_and_copies_the_state(monkeypatch):
    """``GameState.clone()`` (undo snapshots, issue 8 item 7) shares the immutable scenario
    (board, content, brief: never deep-copied) and the board's derived data, while every saved
    field is a copy: changing the clone leaves the original as it was."""
    from game.engine.scenario import Scenario

    def no_deep_copy(self, memo):
        raise AssertionError("clone() deep-copied the scenario")
    scn = load_scenario("outskirts")
    s = new_game(scn, default_party(2, scn.content), 4)
    before = s.model_dump_json()
    monkeypatch.setattr(Scenario, "__deepcopy__", no_deep_copy, raising=False)
    c = s.clone()
    assert c.scenario is s.scenario and c.scenario.board is scn.board and c.scenario.content is scn.content
    assert c.same_as(s) and c.cache == {}
    legal_actions(c)  # the clone plays on the same board's kept geometry
    assert ruleset_of(c).run_class(c).g is ruleset_of(s).run_class(s).g
    c.characters[0].pos = (0, 0)
    c.characters[0].inventory.append(["x"])
    c.piles["tension"].pop()
    c.tokens.pop()
    assert s.model_dump_json() == before, "the original is untouched"


def test_tracked_remove_takes_the_model_itself_and_reports_the_change():
    """The state's tracked lists remove a model by identity first (every model has its own id,
    so that is the first equal one), fall back to equality for a copy, bump the generation
    numbers the kept indexes read, and refuse a value that is not there as a list does."""
    from game.engine.state import _ENEMY_GENERATION, _GENERATION, EnemyList, EnemyState

    a, b, c = (EnemyState(uid=f"e{i}", type="zombie", pos=(i, 0)) for i in range(3))
    lst = EnemyList([a, b, c])
    g, ge = _GENERATION[0], _ENEMY_GENERATION[0]
    lst.remove(c)
    assert [x.uid for x in lst] == ["e0", "e1"] and _GENERATION[0] > g and _ENEMY_GENERATION[0] > ge
    lst.remove(b.model_copy())  # an equal copy: removed by equality, as list.remove does
    assert [x.uid for x in lst] == ["e0"]
    with pytest.raises(ValueError):
        lst.remove(c)


def test_the_end_check_ignores_enemy_changes_only_where_it_never_reads_enemies():
    """The kept end check (R-TURN-12) is keyed by survivor and token changes alone when nothing it
    reads depends on the enemies; a boss to kill (R-BOSS-10) or the mansion's M-BOSS-3 make every
    enemy change count. (With the enemies always ignored, the boss fights' R-BOSS-10 tests and
    goldens fail: the boss's death would not end them.)"""
    from tests.kit import board
    from tests.mansion_kit import mgame

    out = new_game(load_scenario("outskirts"), default_party(2), 1)
    boss = new_game(load_scenario("practice-burrower"), default_party(2), 1)
    assert not ruleset_of(out).run_class(out).end_reads_enemies()
    assert ruleset_of(boss).run_class(boss).end_reads_enemies()
    m = mgame(board("AAAA", "AAAA"))
    assert ruleset_of(m).run_class(m).end_reads_enemies()


def test_the_run_kept_between_actions_reads_an_edge_another_run_changed():
    """``apply`` keeps its run object in the state's cache for the next action (issue 8). A door
    changed meanwhile by another run on the same state (a tool, the View's run) must be seen by
    the kept one at its next pass: its geometry is the state's, not the one it held (R-COMP-4)."""
    scn = load_scenario("outskirts")
    party = default_party(2, scn.content)
    s = new_game(scn, party, 3)
    bot = Bot(3)
    for _ in range(3):
        apply(s, bot.choose(s))
    kept = s.cache["run"]
    door = next(e for e, f in scn.board.features.items() if not f.lock)
    other = ruleset_of(s).run_class(s)
    after = EdgeState.DOOR_OPEN if other.edge(*door) != EdgeState.DOOR_OPEN else EdgeState.DOOR_CLOSED
    other.set_edge(door, after)
    apply(s, next(a for a in legal_actions(s) if a.kind not in ("door", "clear")))
    assert s.cache["run"] is kept, "the run was kept"
    assert kept._ekey == tuple(sorted(s.edges.items()))
    assert kept.edge(*door) == after
    check_step(s, random.Random(3))


def test_the_kept_run_forgets_what_a_handler_noted_for_its_own_pass():
    """A rule set's per-pass notes on the run (the mansion's Marksman faces and Field Medic flag,
    MDV-1: ``Machine.notes``) do not carry over to the next action's pass on the kept run."""
    scn = _scenario("mansion:intro")
    party = default_party(2, scn.content)
    s = new_game(scn, party, 4)
    bot = Bot(4)
    apply(s, bot.choose(s))
    kept = s.cache["run"]
    kept.notes["medic"] = True
    kept.notes["forced_faces"] = ["CRIT"]
    apply(s, bot.choose(s))
    assert s.cache["run"] is kept
    assert kept.notes.get("medic", False) is False and kept.notes.get("forced_faces") is None


def _same_values(p, m) -> None:
    """A plain copy holds what its model holds, field by field, nested definitions included."""
    from pydantic import BaseModel

    assert type(p).__name__ == type(m).__name__ and p._model is m
    for name in type(m).model_fields:
        pv, mv = getattr(p, name), getattr(m, name)
        if isinstance(mv, BaseModel):
            _same_values(pv, mv)
        elif isinstance(mv, list) and any(isinstance(x, BaseModel) for x in mv):
            assert len(pv) == len(mv)
            for a, b in zip(pv, mv):
                _same_values(a, b) if isinstance(b, BaseModel) else None
        elif isinstance(mv, dict) and any(isinstance(x, BaseModel) for x in mv.values()):
            assert list(pv) == list(mv)
            for k in mv:
                _same_values(pv[k], mv[k])
        else:
            assert pv == mv and type(pv) is type(mv), name


def test_plain_copies_of_the_definitions_equal_the_content():
    """The rules read content definitions through plain copies (``defs.plain``, issue 8): every
    definition of the city and manor content has one with the same values, nested ones too, the
    same methods (a weapon row's description) and the model's own dump and equality."""
    from game.engine.defs import plain

    for ct in (load_scenario("outskirts").content, _scenario("mansion:intro").content):
        for table in ("characters", "enemies", "items", "tension", "narrative", "behaviour", "scenarios"):
            for d in getattr(ct, table).values():
                p = plain(d)
                assert plain(d) is p, "one copy per model"
                _same_values(p, d)
                assert p == d and p.model_dump() == d.model_dump()
                w = getattr(d, "weapon", None)
                if w is not None:
                    assert p.weapon.hit.describe() == w.hit.describe()
                with pytest.raises(TypeError):
                    p.name = "x"


def test_a_new_content_is_read_by_a_new_game_not_the_old_copies():
    """Content reloaded with a changed definition (F5) is what the next game's rules read: the
    plain copies belong to the model objects, not to their ids."""
    scn = load_scenario("outskirts")
    import dataclasses

    zombie = scn.content.enemies["zombie"]
    ct2 = dataclasses.replace(scn.content, enemies={**scn.content.enemies,
                                                     "zombie": zombie.model_copy(update={"threat": 9})})
    scn2 = dataclasses.replace(scn, content=ct2)
    s = new_game(scn2, default_party(2, ct2), 1)
    run = ruleset_of(s).run_class(s)
    e = next(e for e in s.enemies if e.type == "zombie") if any(e.type == "zombie" for e in s.enemies) else None
    from game.engine.state import EnemyState

    e = e or EnemyState(uid="z", type="zombie", pos=(0, 0))
    assert run.edef(e).threat == 9 and run.edef(e)._model is ct2.enemies["zombie"]
    s1 = new_game(scn, default_party(2, scn.content), 1)
    assert ruleset_of(s1).run_class(s1).edef(e).threat == zombie.threat


def _end_inputs(s) -> tuple:
    """Everything an end check reads (R-TURN-12, R-SCEN-8, R-HEALTH-10, R-CAMP-10, M-BOSS-3), by value."""
    import json

    from game.engine.state import generation

    core = s.core
    return (generation(), s.result, core.fail, core.boss, list(core.markers), s.danger, s.phase == "setup",
            json.dumps([c.model_dump(mode="json") for c in s.characters]), json.dumps(s.item_box),
            list(s.piles.get("item_b", ())), len(s.enemies), len(s.tokens))


@pytest.mark.parametrize("sid,players,seed", [("outskirts", 4, 11), ("practice-burrower", 2, 12),
                                              ("mansion:intro", 2, 13)])
def test_tasks_marked_pure_change_nothing_an_end_check_reads(sid, players, seed, monkeypatch):
    """The machine skips the end check after a task registered ``pure`` (issue 8): such a task may
    only push tasks, ask, emit, change the phase, the active seat or the actions left. Every pure
    task run in seeded mixed games is checked: what an end check reads is the same after it as
    before (no model changed: the generation number holds), and a full end check of a copy finds
    nothing."""
    scn = _scenario(sid)
    rs = ruleset_of(new_game(scn, default_party(players, scn.content), seed))
    assert {"act", "ordered_moves", "move_reaction", "react_next"} <= rs.pure_tasks
    seen = []

    def guard(fn, name):
        def run_pure(run, task):
            before = _end_inputs(run.s)
            fn(run, task)
            assert _end_inputs(run.s) == before, f"pure task {name} changed what the end check reads"
            copy = run.s.clone()
            full = ruleset_of(copy).run_class(copy)
            full.check_end()
            assert copy.result is None and full.ev == [], f"after pure task {name}: {[e.text for e in full.ev]}"
            seen.append(name)
        return run_pure

    for name in rs.pure_tasks:
        monkeypatch.setitem(rs.tasks, name, guard(rs.tasks[name], name))
    play(sid, players, seed, steps=150, p_random=0.3)
    assert len(set(seen)) >= 4, seen


def test_an_actions_short_form_is_kept_but_handed_out_as_a_new_dict():
    """``Action.short()`` is built once per action object (records, task dicts, saves ask it at
    every step) and handed out as a copy: changing one answer never changes the next."""
    for a in (make_action("move", to=(2, 3)), Action(kind="attack", item="c1", target="e2", n=1),
              make_action("end_phase")):
        a.short()  # built (and kept) at the first call
        first = a.short()  # a kept answer
        assert first == {k: v for k, v in a.model_dump().items() if v is not None}
        first["kind"] = "changed"
        first["extra"] = 1
        again = a.short()
        assert again == {k: v for k, v in a.model_dump().items() if v is not None} and again is not first


def test_the_squares_within_a_reach_are_the_chebyshev_ball():
    """``Board.within`` (kept per square and reach) is the set of squares at dR <= r (R-COMP-13),
    as attack options read it to pass over enemies out of every weapon's reach."""
    b = load_scenario("outskirts").board
    for s in [(0, 0), (5, 7), (12, 3)]:
        for r in (0, 1, 3):
            want = {(x, y) for x in range(s[0] - 6, s[0] + 7) for y in range(s[1] - 6, s[1] + 7)
                    if max(abs(x - s[0]), abs(y - s[1])) <= r}
            assert b.within(s, r) == want
            assert b.within(s, r) is b.within(s, r)
