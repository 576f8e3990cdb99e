"""The rules: ``new_game``, ``legal_actions`` and ``apply`` (DESIGN: one small API).

How it works. A turn is a stack of small tasks kept in ``state.queue`` (``turn_start``,
``act``, ``reaction_phase``, ``enemy_attack`` ...). ``apply`` checks the action is legal,
resolves the pending decision, then runs tasks until the game needs another decision
(``state.pending``) or ends. Every task and decision is plain JSON data, so a game can be
saved in the middle of a reaction phase and loaded again. Every choice the rules give a player
(R-DOC-5) is a decision with its options listed as actions.
"""
from __future__ import annotations

from typing import Any, Iterable

from .actions import Action, Event
from .board import Board, EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from .defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from .rng import Rng
from .scenario import Scenario
from .state import CardState, CharState, EnemyState, GameState, Pending, TokenState

INF = float("inf")
FREE_ACTIONS = {"discard", "mix", "end_phase"}
SPACE_TOKENS = {"corpse": 1, "barrel": 1, "typewriter": 1, "item_box": 4}  # R-COMP-9
HEALTH_LABELS = {1: "Fine", 2: "Fine", 3: "Caution", 4: "Caution", 5: "Danger", 6: "Unconscious"}

# DV-15 default encounter tables (index 0 = die face 1)
DEFAULT_ENCOUNTERS: dict[str, list[list[str]]] = {
    "yellow": [[], [], ["zombie"], ["zombie"], ["zombie", "zombie"], ["zombie_dog"]],
    "amber": [[], ["zombie"], ["zombie", "zombie"], ["zombie_dog", "zombie"], ["zombie_dog", "zombie_dog"], ["crawler"]],
    "red": [["zombie", "zombie"], ["zombie"] * 3, ["zombie_dog"] * 2, ["crawler"], ["crawler", "zombie", "zombie"],
            ["zombie_dog", "zombie_dog", "zombie", "zombie"]],
}


def T(v: Any) -> Sq:
    """A square from JSON data (lists become tuples)."""
    return (int(v[0]), int(v[1]))


class IllegalAction(Exception):
    """Raised only by :func:`apply_or_raise`; ``apply`` reports illegal actions as an event."""


# ===================================================================================== API
def new_game(scenario: Scenario, party: list[tuple[str, int]], seed: int) -> GameState:
    """Set up a scenario and run to the first decision; see :func:`new_game_events`."""
    return new_game_events(scenario, party, seed)[0]


def new_game_events(scenario: Scenario, party: list[tuple[str, int]], seed: int) -> tuple[GameState, list[Event]]:
    """Set up a scenario (R-SCEN-3, R-INTRO-2..4, R-INTRO-8) and run to the first decision.

    ``party`` is the seat order, one ``(character id, start square number 1|2)`` per seat
    (R-TURN-1, R-SCEN-5). Raises ValueError for an unknown character, a start number the map
    lacks, an empty or oversized party, or a start square left empty (R-SCEN-5).
    Returns the state and the events of the set-up and the first turn's start.
    """
    b, ct, brief = scenario.board, scenario.content, scenario.brief
    if not 1 <= len(party) <= 4:
        raise ValueError("a party has 1 to 4 characters")
    ids = [cid for cid, _ in party]
    if len(set(ids)) != len(ids):
        raise ValueError("each survivor can be chosen once")
    for cid, start in party:
        if cid not in ct.characters:
            raise ValueError(f"unknown survivor {cid!r}")
        if start not in b.start:
            raise ValueError(f"the map has no start square {start}")
    if len(party) > 1 and len(b.start) > 1 and len({st for _, st in party}) < len(b.start):
        raise ValueError("each start square needs at least one survivor (R-SCEN-5)")
    s = GameState(scenario_id=brief.id, seed=seed, rng=Rng.from_seed(seed))
    s.attach(scenario)
    # characters and their starting items (R-INTRO-8, R-CAMP-2, R-AMMO-3)
    if len(party) == 1:
        party = [(party[0][0], 1)]  # R-SOLO-4: solo always starts on start position 1
    for seat, (cid, start) in enumerate(party):
        cd = ct.characters[cid]
        c = CharState(cid=cid, seat=seat, pos=b.start[start])
        for n, item in enumerate(cd.starting_items):
            uid = f"S:{cid}:{n}"
            s.cards[uid] = CardState(uid=uid, defn=item, deck="start")
            _set_dial_if_new(s, ct.items[item], s.cards[uid])
            c.inventory.append([uid])
        s.characters.append(c)
    # decks
    def build(prefix: str, deck: str, ids: list[str], pile: str) -> None:
        uids = []
        for n, item in enumerate(ids):
            uid = f"{prefix}{n + 1}:{item}"
            s.cards[uid] = CardState(uid=uid, defn=item, deck=deck)  # type: ignore[arg-type]
            uids.append(uid)
        s.rng.shuffle(uids)
        s.piles[pile] = uids

    a_list = list(brief.item_a)
    if brief.item_a_standard and ct.decks is not None:  # R-CAMP-5 + R-ITEM-4
        a_list = [k for k, n in ct.decks.item_a.items() for _ in range(n)]
    build("A", "A", a_list + list(brief.rare_item_a), "item_a")
    build("B", "B", brief.item_b, "item_b")
    # Item C (R-CAMP-6): late shuffled at the bottom, middle on top of it, early on top
    c_uids: list[str] = []
    for stage in (3, 2, 1):
        part = []
        for n, item in enumerate(brief.item_c):
            if (ct.items[item].stage or 1) == stage:
                uid = f"C{n + 1}:{item}"
                s.cards[uid] = CardState(uid=uid, defn=item, deck="C")
                part.append(uid)
        s.rng.shuffle(part)
        c_uids = part + c_uids
    s.piles["item_c"] = c_uids
    s.piles["item_a_discard"] = []
    s.piles["b_pool"] = []
    s.piles["other_discard"] = []
    s.piles["removed"] = []
    s.piles["revealed"] = []
    tuids: list[str] = []
    for tid, k in _tension_copies(brief, ct):
        uid = f"T:{tid}:{k + 1}"
        td = ct.tension[tid]
        sym = td.symbols[k] if k < len(td.symbols) else None
        s.cards[uid] = CardState(uid=uid, defn=tid, deck="T", symbol=sym)
        tuids.append(uid)
    # narrative deck (R-CAMP-4, R-STAND-5: all 14 shuffled)
    nuids = []
    if brief.narrative_deck:
        for nid in ct.narrative:
            uid = f"N:{nid}"
            s.cards[uid] = CardState(uid=uid, defn=nid, deck="N")
            nuids.append(uid)
        s.rng.shuffle(nuids)
    s.piles["narrative"] = nuids
    s.piles["narrative_removed"] = []
    # boss and behaviour deck (R-BOSS-11, DV-7)
    s.piles["behaviour"] = []
    s.piles["behaviour_discard"] = []
    for p in b.placements:
        if p.kind == "boss_start":
            boss_id = str(p.get("boss"))
            e = EnemyState(uid=s.new_uid("e"), type=boss_id, pos=p.square)
            s.enemies.append(e)
            s.flags["boss"] = e.uid
            s.flags["boss_tile"] = b.square_tile[p.square]
            bh = []
            for bd in ct.behaviour.values():
                if bd.boss == boss_id:
                    for k in range(bd.copies):
                        uid = f"BH:{bd.id}:{k + 1}"
                        s.cards[uid] = CardState(uid=uid, defn=bd.id, deck="BH")
                        bh.append(uid)
            s.rng.shuffle(bh)
            s.piles["behaviour"] = bh
    s.rng.shuffle(tuids)  # R-INTRO-4: shuffled face down
    s.piles["tension"] = tuids
    s.piles["tension_discard"] = []
    s.piles["tension_sustained"] = []
    # edges (R-DOOR-2/9: doors as authored, normally closed)
    for e, f in b.features.items():
        s.edges[edge_id(e)] = f.kind
        if f.lock or f.one_way_from:
            s.locks[edge_id(e)] = {"lock": f.lock, "one_way_from": list(f.one_way_from) if f.one_way_from else None}
    # tokens and enemies
    for p in b.placements:
        if p.kind == "enemy":
            s.enemies.append(EnemyState(uid=s.new_uid("e"), type=str(p.get("enemy")), pos=p.square))
        elif p.kind in ("spawn", "boss_start"):
            continue
        else:
            s.tokens.append(TokenState(uid=s.new_uid("t"), kind=p.kind, pos=p.square,
                                       props={k: v for k, v in p.props}))
    # exploration state (R-EXPLORE-4: start tiles are explored at setup)
    start_tiles = {b.square_tile[c.pos] for c in s.characters if c.pos}
    s.explored = sorted(t.id for t in b.tiles.values() if not t.unexplored or t.id in start_tiles)
    s.ink_ribbons = 0 if brief.intro else (1 if len(party) <= 2 else 2)  # R-INK-1
    if brief.easy:
        s.ink_ribbons = len(party)  # R-EASY-1
    s.danger = brief.danger_start
    s.queue = [{"t": "turn_start"}]
    crowded = sorted({t.pos for t in s.tokens if t.kind == "corpse"
                      and sum(1 for u in s.tokens if u.kind == "corpse" and u.pos == t.pos) >= 4})
    for sq in crowded:  # R-CORPSE-3: four corpses in a square: move one next door
        s.queue.append({"t": "corpse_spread", "pos": list(sq)})
    if brief.standalone_gear and ct.decks is not None:  # R-STAND-3, DV-21
        extras = []
        for n, item in enumerate(ct.decks.standalone_gear.get(brief.tier, [])):
            uid = f"G{n + 1}:{item}"
            s.cards[uid] = CardState(uid=uid, defn=item, deck="B")
            _set_dial_if_new(s, ct.items[item], s.cards[uid])  # every extra weapon has a full dial
            extras.append(uid)
        s.piles["gear"] = extras
        if extras:
            s.queue.append({"t": "gear"})
    run = _Run(s)
    run.emit("setup", "R-SCEN-3", f"{brief.name}: set-up done.", scenario=brief.id)
    run.run()
    return s, run.ev


def _tension_copies(brief, ct) -> list[tuple[str, int]]:
    """The tension deck as (card id, copy index) pairs: the brief's list, or the campaign's
    34-card starting deck with escalation packets applied (R-CAMP-7/8, DV-16)."""
    if not brief.tension_campaign or ct.decks is None:
        out, seen = [], {}
        for tid in brief.tension:
            k = seen.get(tid, 0)
            seen[tid] = k + 1
            out.append((tid, k))
        return out
    deck = [(tid, k) for tid, n in ct.decks.tension_base.items() for k in range(n)]
    used = {tid: n for tid, n in ct.decks.tension_base.items()}
    for name in ("E1", "E2", "E3"):
        if name not in brief.packets:
            continue
        pk = ct.decks.packets[name]
        for sym in pk.remove_quiet:  # remove Quiet Moment copies with these symbols
            for i, (tid, k) in enumerate(deck):
                if tid == "quiet_moment" and ct.tension[tid].symbols[k] == sym:
                    del deck[i]
                    break
        for tid, n in pk.add.items():
            start = used.get(tid, 0)
            deck += [(tid, start + j) for j in range(n)]
            used[tid] = start + n
    return deck


def legal_actions(state: GameState) -> list[Action]:
    """Every choice the deciding player can make now (R-DOC-5); empty when the game is over.

    ``state.pending.seat`` says whose choice it is (the active player, or the controller of
    a character being pushed or re-rolling).
    """
    if state.result is not None or state.pending is None:
        return []
    if state.pending.kind == "act":
        return _Run(state).action_options()
    return list(state.pending.options)


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply one legal action to ``state`` (mutated in place) and return what happened.

    An illegal action changes nothing and returns a single ``impossible`` event whose text
    says why (no exception: STYLE, tcod's ``Impossible``).
    """
    if state.result is not None:
        return [Event(kind="impossible", text=f"The scenario is over ({state.result}).")]
    if state.pending is None:
        return [Event(kind="impossible", text="Nothing to decide now.")]
    legal = legal_actions(state)
    if action not in legal:
        return [Event(kind="impossible", text=f"Not a legal choice now: {_describe_action(action)}.",
                      data={"action": action.short()})]
    state.record.append(action.short())
    state.step += 1
    p = state.pending
    state.pending = None
    run = _Run(state)
    run.resolve(p, action)
    run.run()
    return run.ev


def apply_or_raise(state: GameState, action: Action) -> list[Event]:
    """As :func:`apply`, but raises :class:`IllegalAction` for an illegal action."""
    ev = apply(state, action)
    if len(ev) == 1 and ev[0].kind == "impossible":
        raise IllegalAction(ev[0].text)
    return ev


def replay(scenario: Scenario, party: list[tuple[str, int]], seed: int, record: list[dict]) -> GameState:
    """Rebuild a game from its record (``seed`` + actions). Raises IllegalAction if a recorded
    action is not legal at its step (a corrupt or foreign record)."""
    s = new_game(scenario, party, seed)
    for i, a in enumerate(record):
        ev = apply(s, Action(**a))
        if len(ev) == 1 and ev[0].kind == "impossible":
            raise IllegalAction(f"record step {i + 1}: {ev[0].text}")
    return s


def _describe_action(a: Action) -> str:
    bits = [a.kind]
    for k in ("to", "target", "item", "item2", "n", "edge"):
        v = getattr(a, k)
        if v is not None:
            bits.append(f"{k}={v}")
    return " ".join(bits)


def _set_dial_if_new(s: GameState, d: ItemDef, card: CardState) -> None:
    """R-AMMO-1: a weapon entering an inventory without a dial gets a full one."""
    if d.weapon is not None and d.weapon.capacity is not None and card.ammo is None:
        card.ammo = d.weapon.capacity


# ============================================================================= the machine
class _Run:
    """One resolution pass over a state: helpers, tasks (``t_*``) and decisions (``d_*``)."""

    def __init__(self, s: GameState):
        self.s = s
        scn: Scenario = s.scenario
        if scn is None:
            raise RuntimeError("GameState has no scenario attached (use state.attach(scenario))")
        self.scn = scn
        self.b: Board = scn.board
        self.ct = scn.content
        self.brief = scn.brief
        self.ev: list[Event] = []
        self._edges = {parse_edge_id(k): v for k, v in s.edges.items()}
        self._dE: dict = {}
        self.g = Geometry(self.b, self.edge, key=tuple(sorted(s.edges.items())))

    # ---------------------------------------------------------------- basic plumbing
    def edge(self, a: Sq, b: Sq) -> EdgeState:
        st = self._edges.get(edge_key(a, b))
        return st if st is not None else self.b.base_edge(a, b)

    def set_edge(self, e: tuple[Sq, Sq], st: EdgeState) -> None:
        self._edges[e] = st
        self.s.edges[edge_id(e)] = st
        self._dE = {}
        self.g = Geometry(self.b, self.edge, key=tuple(sorted(self.s.edges.items())))

    def emit(self, kind: str, rule: str, text: str, **data: Any) -> None:
        self.ev.append(Event(kind=kind, rule=rule, text=text, data=data))

    def push(self, *tasks: dict) -> None:
        """Schedule tasks to run next, in the given order."""
        for t in reversed(tasks):
            self.s.queue.append(t)

    def ask(self, kind: str, seat: int, prompt: str, options: list[Action], ctx: dict) -> None:
        """Ask for a decision; with exactly one option it is taken at once (no real choice)."""
        if len(options) == 1:
            self.resolve(Pending(kind=kind, seat=seat, ctx=ctx), options[0])
            return
        self.s.pending = Pending(kind=kind, seat=seat, prompt=prompt, options=options, ctx=ctx)

    def resolve(self, p: Pending, a: Action) -> None:
        getattr(self, "d_" + p.kind)(p.ctx, a)

    def run(self) -> None:
        s = self.s
        self.check_end()  # a decision just resolved may already have ended the scenario
        while s.pending is None and s.result is None and s.queue:
            task = s.queue.pop()
            getattr(self, "t_" + task["t"])(task)
            self.check_end()
        if s.result is not None:
            s.queue.clear()
            s.pending = None
            s.phase = "over"

    # ---------------------------------------------------------------- lookups
    def cdef(self, c: CharState):
        return self.ct.characters[c.cid]

    def edef(self, e: EnemyState) -> EnemyDef:
        return self.ct.enemies[e.type]

    def idef(self, uid: str) -> ItemDef:
        return self.ct.items[self.s.cards[uid].defn]

    def name(self, who: CharState | EnemyState) -> str:
        if isinstance(who, CharState):
            return self.cdef(who).name
        return self.edef(who).name

    def limit(self, c: CharState) -> int:
        return self.cdef(c).inventory_limit + c.limit_bonus

    def fire(self) -> set[Sq]:
        return {t.pos for t in self.s.tokens if t.kind == "fire"}

    def units_at(self, sq: Sq) -> int:
        u = 0
        for c in self.s.characters:
            if c.pos == sq and not c.exited:
                u += 1
        for e in self.s.enemies:
            if e.pos == sq:
                u += self.edef(e).base.units
        for t in self.s.tokens:
            if t.pos == sq:
                u += SPACE_TOKENS.get(t.kind, 0)
        return u

    def room(self, sq: Sq, units: int) -> bool:
        """R-COMP-8: may a model of ``units`` enter ``sq``?"""
        return self.b.has(sq) and self.units_at(sq) + units <= 4

    def chars_at(self, sq: Sq) -> list[CharState]:
        return [c for c in self.s.characters if c.pos == sq and not c.exited]

    def enemies_at(self, sq: Sq) -> list[EnemyState]:
        return [e for e in self.s.enemies if e.pos == sq]

    def tile_id(self, sq: Sq) -> str:
        return self.b.square_tile[sq]

    def linked_tiles(self, tid: str) -> set[str]:
        """Tiles linked to ``tid``: an open door or archway directly on their border (R-COMP-14)."""
        out: set[str] = set()
        for e in self.b.features:
            st = self.edge(*e)
            if not st.links:
                continue
            ta, tb = self.tile_id(e[0]), self.tile_id(e[1])
            if ta == tid and tb != tid:
                out.add(tb)
            elif tb == tid and ta != tid:
                out.add(ta)
        return out

    def active_and_linked(self) -> set[str]:
        c = self.s.active_char
        if c.pos is None:
            return set()
        t = self.tile_id(c.pos)
        return {t} | self.linked_tiles(t)

    def conscious(self) -> list[CharState]:
        return [c for c in self.s.characters if c.conscious]

    def los(self, a: Sq, b: Sq, fire: set[Sq] | None = None) -> bool:
        """Line of sight between squares (R-LOS-1..4) with the Blackout restriction (R-LOS-6)."""
        if fire is None:
            fire = self.fire()
        if not self.g.los(a, b, fire):
            return False
        dark = self.sustain_tiles("Blackout")
        if dark and self.g.dR_sq(a, b) > 1:
            for tid in dark:
                sq = self.b.tiles[tid].squares
                if a in sq or b in sq or any(_passes_through(a, b, q) for q in sq):
                    return False
        return True

    def sustain_tiles(self, name: str) -> set[str]:
        return {i["tile"] for i in self.s.flags.get("sustain", {}).values() if i.get("name") == name}

    def dE_map(self, target: Sq, forced: bool = False) -> dict[Sq, int]:
        """Enemy distances to ``target`` from every square (fire impassable except the ends,
        R-COMP-12); ``forced`` counts unlocked closed doors as passable (R-STALK-5)."""
        fire = self.fire()
        key = (target, frozenset(fire), forced)
        m = self._dE.get(key)
        if m is None:
            g = self.forced_geometry() if forced else self.g
            m = g.distances_from(target, blocked=lambda q: q in fire)
            self._dE[key] = m
        return m

    def forced_geometry(self) -> Geometry:
        """Geometry where closed doors without a lock card are passable (R-STALK-5)."""
        def edge(a: Sq, b: Sq) -> EdgeState:
            st = self.edge(a, b)
            if st == EdgeState.DOOR_CLOSED and edge_id(edge_key(a, b)) not in self.s.locks:
                return EdgeState.DOOR_OPEN
            return st
        return Geometry(self.b, edge, key=("forced", tuple(sorted(self.s.edges.items())),
                                           tuple(sorted(self.s.locks))))

    def stalker(self) -> EnemyState | None:
        for e in self.s.enemies:
            if "stalker" in self.edef(e).rules:
                return e
        return None

    def boss(self) -> EnemyState | None:
        uid = self.s.flags.get("boss")
        return self.s.enemy(uid) if uid else None

    def held_by_boss(self, c: CharState) -> bool:
        """R-BOSS-8: a character on a living boss's tile cannot leave it."""
        b = self.boss()
        return b is not None and c.pos is not None and self.tile_id(c.pos) == self.tile_id(b.pos)

    def may_leave_to(self, c: CharState, sq: Sq) -> bool:
        return not self.held_by_boss(c) or self.tile_id(sq) == self.tile_id(c.pos)

    def pursuit(self) -> dict | None:
        """R-STALK-6: a Stalker with no route to any survivor is removed and comes back on the
        active character's tile (keeping its wounds), unless that tile holds a boss."""
        st = self.stalker()
        c = self.s.active_char
        if st is None or c.pos is None:
            return None
        for x in self.conscious():
            if self.dE_map(x.pos, forced=True).get(st.pos, INF) < INF:
                return None
        boss = self.boss()
        if boss is not None and self.tile_id(boss.pos) == self.tile_id(c.pos):
            return None
        self.s.enemies.remove(st)
        self.s.flags["stalker_wounds"] = st.wounds
        self.emit("stalker", "R-STALK-6", "The Stalker lost your trail... and finds another way in.", enemy=st.uid)
        return {"t": "spawn", "tile": self.tile_id(c.pos), "types": [st.type], "ref": list(c.pos)}

    def supply(self, typ: str) -> int:
        """Models of a type left in the supply (R-COMP-15). ``stalker_one`` is the one Stalker
        Stage One model, whatever card it uses (R-STALK-3/7/8)."""
        if typ == "stalker_one":
            if self.s.flags.get("stalker_killed") or self.stalker() is not None:
                return 0
            return 1
        d = self.ct.enemies.get(typ)
        if d is None:
            return 0
        used = sum(1 for e in self.s.enemies if e.type == typ)
        removed = sum(1 for r in self.s.removed_models if r == typ)
        return max(0, d.models - used - removed)

    def health_label(self, c: CharState) -> str:
        return HEALTH_LABELS[c.health]

    # ---------------------------------------------------------------- end conditions
    def check_end(self) -> None:
        """State-based success/failure (R-TURN-12, R-SCEN-8); failure wins a tie."""
        s = self.s
        if s.result is not None:
            return
        if s.flags.get("fail"):
            s.result = "failure"
            s.result_reason = s.flags["fail"]
            self.emit("result", "R-TURN-12", f"Scenario failed: {s.result_reason}", result="failure")
            return
        if not self.brief.intro:
            for c in s.characters:
                if c.health == 6 and not c.exited and not c.dead and not self.can_be_revived():
                    c.dead = True  # R-HEALTH-10
                    self.emit("death", "R-HEALTH-10", f"{self.name(c)} cannot be revived and dies.", char=c.cid)
                    self.fail(f"{self.name(c)} died", "R-HEALTH-10")
            if s.flags.get("fail"):
                s.result = "failure"
                s.result_reason = s.flags["fail"]
                self.emit("result", "R-TURN-12", f"Scenario failed: {s.result_reason}", result="failure")
                return
        if any(c.health == 6 and not c.exited for c in s.characters) and not self.has_boss():
            return  # R-HEALTH-7: no success while anyone is unconscious (bosses: R-BOSS-10)
        if self.brief.objective == "kill_boss" and "boss" in s.flags and s.enemy(s.flags["boss"]) is None:
            s.result = "success"
            s.result_reason = "the boss is dead"
            self.emit("result", "R-BOSS-10", "Scenario won: the boss is dead.", result="success")
            return
        if self.brief.objective == "all_exit" and s.characters and all(c.exited for c in s.characters):
            s.result = "success"
            s.result_reason = "every survivor got out through the exit"
            self.emit("result", "R-INTRO-6", "Scenario won: every survivor is out.", result="success")

    def has_boss(self) -> bool:
        """A scenario with a boss (R-BOSS-10), even after the boss is killed."""
        return "boss" in self.s.flags

    def can_be_revived(self) -> bool:
        """R-HEALTH-10: a First-Aid Spray held by a survivor still in play (conscious or not), in
        the item box, or in the Item B deck while an Item B token remains; and somebody conscious
        to use it."""
        s = self.s
        if not any(c.conscious for c in s.characters):
            return False
        def spray(slots):
            return any(self.idef(u).heal for sl in slots for u in sl)
        if any(spray(c.inventory) for c in s.characters if not c.exited):
            return True
        if spray(s.item_box):
            return True
        b_token = any(t.kind == "item" and str(t.props.get("letter", "A")).upper() == "B" for t in s.tokens)
        return b_token and any(self.idef(u).heal for u in s.piles.get("item_b", []))

    def fail(self, reason: str, rule: str) -> None:
        if not self.s.flags.get("fail"):
            self.s.flags["fail"] = f"{reason} ({rule})"

    # ---------------------------------------------------------------- health
    def damage_char(self, c: CharState, n: int, rule: str, why: str = "") -> None:
        """Move the health marker n steps right (R-HEALTH-2/3); past Danger is unconscious
        (R-HEALTH-4) or, in the Introduction, failure (R-INTRO-6)."""
        if n <= 0 or not c.conscious:
            return
        before = c.health
        if self.brief.intro and before + n > 5:
            c.health = 6
            self.emit("damage", rule, f"{self.name(c)} suffers {n} damage{why} and is past Danger.",
                      char=c.cid, n=n, health=6)
            self.fail(f"{self.name(c)} was pushed past Danger", "R-INTRO-6")
            return
        c.health = min(6, before + n)
        self.emit("damage", rule, f"{self.name(c)} suffers {n} damage{why}: {self.health_label(c)}.",
                  char=c.cid, n=n, health=c.health)
        if c.health == 6:
            self.emit("unconscious", "R-HEALTH-4", f"{self.name(c)} falls unconscious.", char=c.cid)
            if c.seat == self.s.active and self.s.phase in ("action", "reaction", "tension"):
                # R-TURN-8: the turn ends at once; end-of-turn hook still runs.
                self.s.queue.clear()
                self.s.pending = None
                self.push({"t": "turn_end"})

    def recover(self, c: CharState, n: int, rule: str) -> None:
        """R-HEALTH-3: pos := max(1, pos - n); not on an unconscious character."""
        if c.health > 5 or n <= 0:
            return
        c.health = max(1, c.health - n)
        self.emit("recover", rule, f"{self.name(c)} recovers {n}: {self.health_label(c)}.", char=c.cid,
                  health=c.health)

    def enemy_hp(self, e: EnemyState) -> int:
        """Hit points; bosses lose 10 in solo mode (R-SOLO-5)."""
        d = self.edef(e)
        if d.solo_hp is not None and self.solo():
            return d.solo_hp
        return d.hp

    def solo(self) -> bool:
        return len(self.s.characters) == 1 and not self.brief.intro

    def damage_enemy(self, e: EnemyState, n: int, rule: str, by: str | None = None) -> bool:
        """Wound an enemy; returns True if it was killed and removed (R-ENEMY-2..4; bosses count
        down their health dial, R-BOSS-7). ``by``: the character that dealt the damage."""
        d = self.edef(e)
        hp = self.enemy_hp(e)
        e.wounds += n
        boss = self.is_boss(e)
        if e.wounds >= hp:
            self.s.enemies.remove(e)
            self.emit("killed", "R-BOSS-7" if boss else "R-ENEMY-2", f"{d.name} is killed.", enemy=e.uid, type=e.type,
                      pos=list(e.pos), boss=boss)
            if "stalker" in d.rules:  # R-STALK-8: gone for this scenario; supply drop
                self.s.flags["stalker_killed"] = True
                if by is not None:
                    self.push({"t": "draw_a", "cid": by, "rule": "R-STALK-8"})
            return True
        if boss:
            self.emit("wounded", "R-BOSS-7", f"{d.name} takes {n} damage: health dial {hp - e.wounds}/{hp}.",
                      enemy=e.uid, n=n, wounds=e.wounds, dial=hp - e.wounds)
            if self.enraged(e) and not self.s.flags.get("enrage_told"):
                self.s.flags["enrage_told"] = True
                self.emit("enrage", "DV-6", f"{d.name} is enraged: Move +1, attacks harder to evade.", enemy=e.uid)
        else:
            self.emit("wounded", "R-ENEMY-3", f"{d.name} takes {n} damage ({e.wounds}/{hp} wounds).",
                      enemy=e.uid, n=n, wounds=e.wounds)
        return False

    def enraged(self, e: EnemyState) -> bool:
        """DV-6 Enrage: Stalker Stage Two with its dial at or below the threshold."""
        d = self.edef(e)
        at = d.solo_enrage_at if self.solo() and d.solo_enrage_at is not None else d.enrage_at
        return at is not None and self.enemy_hp(e) - e.wounds <= at

    # ---------------------------------------------------------------- dice
    def roll(self, colours: list[str]) -> list[Face]:
        out = []
        for col in colours:
            f = self.s.rng.below(6)
            out.append((BLUE_FACES if col == "blue" else RED_FACES)[f])
        return out

    # ================================================================ turn structure
    def t_turn_start(self, task: dict) -> None:
        s = self.s
        c = s.active_char
        if c.exited:  # R-TURN-7: exited characters have no turns at all
            self.push({"t": "next_seat"})
            return
        s.turn += 1
        s.flags["reroll_used"] = False
        if not c.conscious:  # R-TURN-7: skipped turn still runs the hooks
            self.emit("turn", "R-TURN-7", f"{self.name(c)} is unconscious: turn skipped.", seat=c.seat)
            self.push({"t": "turn_end"})
            return
        s.phase = "action"
        s.actions_left = 4  # R-TURN-4
        if any(i.get("name") == "Shaken" and i.get("seat") == s.active and s.turn > i.get("turn", 0)
               for i in s.flags.get("sustain", {}).values()):
            s.actions_left = 3  # DV-16 Shaken
            self.emit("shaken", "R-SUST-1", f"{self.name(c)} is shaken: only 3 actions this turn.")
        self.emit("turn", "R-TURN-3", f"Turn {s.turn}: {self.name(c)} (player {c.seat + 1}).",
                  seat=c.seat, char=c.cid, turn=s.turn)
        self.push({"t": "act"})

    def may_skip(self, c: CharState) -> bool:
        """R-TURN-5: no early end in a square with an enemy, a corpse or a boss."""
        if c.pos is None:
            return True
        if self.enemies_at(c.pos):
            return False
        if any(t.kind == "corpse" and t.pos == c.pos for t in self.s.tokens):
            return False
        return True

    def t_act(self, task: dict) -> None:
        s = self.s
        c = s.active_char
        if s.actions_left <= 0 or not c.conscious:
            self.push({"t": "reaction_phase"})
            return
        opts = self.action_options()
        costly = [o for o in opts if o.kind not in FREE_ACTIONS]
        if not costly and not self.may_skip(c):
            self.emit("forfeit", "R-TURN-6", f"{self.name(c)} has no legal action left: remaining actions forfeited.")
            s.actions_left = 0
            self.push({"t": "reaction_phase"})
            return
        s.pending = Pending(kind="act", seat=c.seat,
                            prompt=f"{self.name(c)}: {s.actions_left} action(s) left")

    def t_next_seat(self, task: dict) -> None:
        s = self.s
        n = len(s.characters)
        for k in range(1, n + 1):
            seat = (s.active + k) % n
            if not s.characters[seat].exited:
                s.active = seat
                self.push({"t": "turn_start"})
                return

    def t_turn_end(self, task: dict) -> None:
        s = self.s
        c = s.active_char
        s.phase = "end"
        # R-TURN-11 / R-POISON-3: poison, then expiring sustained tokens
        if c.poisoned and c.conscious and c.health < 5:
            self.damage_char(c, 1, "R-POISON-3", " from poison")
        self.expire_sustained("end_of_turn")
        self.push({"t": "next_seat"})

    def expire_sustained(self, when: str) -> None:
        """R-SUST-4 / R-TURN-9: remove tokens whose duration ends now; their cards go to the
        tension discard pile (R-SUST-2). Jammed, Blackout and Frenzy end at the end of the next
        turn of the seat that drew them; Shaken at the end of that seat's next action phase."""
        s = self.s
        sus = s.flags.get("sustain", {})
        for uid in list(s.piles.get("tension_sustained", [])):
            info = sus.get(uid, {})
            seat = info.get("seat")
            owner_gone = seat is not None and s.characters[seat].exited
            due = (info.get("ends") == when and s.turn > info.get("turn", 0)
                   and (s.active == seat or owner_gone))
            if due:
                s.piles["tension_sustained"].remove(uid)
                s.piles["tension_discard"].append(uid)
                sus.pop(uid, None)
                self.emit("sustain_end", "R-SUST-4", f"Sustained effect {info.get('name')} ends.", name=info.get("name"))

    # ================================================================ action options
    def action_options(self) -> list[Action]:
        """R-ACT-1: every action the active character may take now, plus free ones."""
        s = self.s
        c = s.active_char
        out: list[Action] = []
        if not c.conscious or c.pos is None:
            return out
        pos = c.pos
        fire = self.fire()
        # Move (R-MOVE-1..5)
        for n in self.g.neighbours(pos):
            if self.room(n, 1) and self.may_leave_to(c, n):
                out.append(Action(kind="move", to=n))
        # Use Stairwell (R-STAIR-2)
        partner = self.b.stair_partner(pos)
        if partner is not None and self.room(partner, 1) and self.may_leave_to(c, partner):
            out.append(Action(kind="stairs", to=partner))
        # Open/close door, clear barricade (R-DOOR-1, R-BARR-2)
        for e, f in self.b.features.items():
            if pos not in e:
                continue
            st = self.edge(*e)
            eid = edge_id(e)
            if st == EdgeState.DOOR_OPEN:
                out.append(Action(kind="door", edge=eid))
            elif st == EdgeState.DOOR_CLOSED and self.can_open(c, e):
                out.append(Action(kind="door", edge=eid))
            elif st == EdgeState.BARRICADE:
                out.append(Action(kind="clear", edge=eid))
        # Search (R-SEARCH-1/2)
        full = self.inv_count(c) >= self.limit(c)
        if not full:
            for t in s.tokens:
                if t.pos == pos and t.kind == "item":
                    out.append(Action(kind="search", target=t.uid))
        near = set(self.g.neighbours(pos)) | {pos}
        for t in s.tokens:
            if t.kind == "item_box" and t.pos in near:  # R-IBOX-2/3: same or adjacent square
                if c.inventory and len(s.item_box) < self.box_limit():
                    out.append(Action(kind="stash", target=t.uid))
                if s.item_box and not full:
                    out.append(Action(kind="search", target=t.uid))
            elif t.kind == "typewriter" and t.pos in near and s.ink_ribbons > 0:  # R-INK-4
                out.append(Action(kind="typewriter", target=t.uid))
        for o in s.characters:  # R-SEARCH-5: an unconscious survivor in the same square
            if o is not c and o.pos == pos and o.health == 6 and not o.exited and o.inventory and not full:
                out.append(Action(kind="search", target=o.cid))
        # Trade (R-TRADE-1/2)
        for o in s.characters:
            if o is c or not o.conscious:
                continue
            if o.pos == pos or (o.pos is not None and o.pos in self.g.neighbours(pos)):
                out.append(Action(kind="trade", target=o.cid))
        # Use item (R-USE)
        out.extend(self.use_options(c))
        # Attack (R-ATK)
        out.extend(self.attack_options(c, fire))
        # Exit (R-SCEN-6)
        if any(t.kind == "exit" and t.pos == pos for t in s.tokens) and not self.held_by_boss(c):
            out.append(Action(kind="exit"))
        # free: discard (R-INV-3), mix herbs (R-HERB-3), end the action phase (R-TURN-5)
        for slot in c.inventory:
            out.append(Action(kind="discard", item=slot[0]))
        herbs = [slot for slot in c.inventory if all(self.idef(u).herb for u in slot)]
        for i, a in enumerate(herbs):
            for bslot in herbs[i + 1:]:
                if len(a) + len(bslot) <= 3:  # R-HERB-2
                    out.append(Action(kind="mix", item=a[0], item2=bslot[0]))
        if self.may_skip(c):
            out.append(Action(kind="end_phase"))
        return out

    def inv_count(self, c: CharState) -> int:
        return len(c.inventory)

    def can_open(self, c: CharState, e: tuple[Sq, Sq]) -> bool:
        """R-DOOR-5..8: may ``c`` open this closed door?"""
        lk = self.s.locks.get(edge_id(e))
        if not lk:
            return True
        if lk.get("one_way_from") is not None:
            return c.pos == T(lk["one_way_from"])
        lock = lk.get("lock")
        if not lock:
            return True
        for slot in c.inventory:
            for u in slot:
                d = self.idef(u)
                if lock in d.key_for:
                    return True
                if d.opens_simple and lock in self.simple_locks():
                    return True
        return False

    def box_limit(self) -> int:
        """R-IBOX-4: 8 items, 24 in solo mode (R-SOLO-3)."""
        return 24 if len(self.s.characters) == 1 and not self.brief.intro else 8

    def simple_locks(self) -> set[str]:
        """DV-18: the lock cards marked Simple (content: decks.yaml)."""
        return set(self.ct.decks.simple_locks) if self.ct.decks is not None else set()

    def use_options(self, c: CharState) -> list[Action]:
        out = []
        near = [o for o in self.s.characters if o.pos is not None and not o.exited and
                (o.pos == c.pos or o.pos in self.g.neighbours(c.pos))]  # R-USE-3
        for slot in c.inventory:
            d = self.idef(slot[0])
            if d.type == "ammo":  # R-USE-2
                for wslot in c.inventory:
                    w = self.idef(wslot[0])
                    if w.id in d.fits:
                        out.append(Action(kind="use", item=slot[0], item2=wslot[0]))
            elif d.herb or d.heal:
                for o in near:
                    if o.conscious:
                        out.append(Action(kind="use", item=slot[0], target=o.cid))
                    elif d.heal and o.health == 6 and not o.dead:
                        out.append(Action(kind="use", item=slot[0], target=o.cid))  # R-HEALTH-9
            elif d.id == "hip_pouch":
                out.append(Action(kind="use", item=slot[0]))
        return out

    def weapon_range_ok(self, w, src: Sq, dst: Sq) -> bool:
        dr = self.g.dR(src, dst)
        if dr == INF:
            return False
        if dr < w.min_range:
            return False
        return w.range is None or dr <= w.range

    def attack_options(self, c: CharState, fire: set[Sq]) -> list[Action]:
        """R-ATK-2/3, R-ATK-8/9, R-RANGE, R-LOS: weapon x target x rapid-fire extras."""
        out = []
        jammed = self.has_sustain("Jammed", c.cid)
        for slot in c.inventory:
            d = self.idef(slot[0])
            if d.weapon is None:
                continue
            w = d.weapon
            card = self.s.cards[slot[0]]
            ammo = card.ammo if w.capacity is not None else None
            if ammo is not None and ammo < 1:
                continue  # R-ATK-9
            targets = []
            for e in self.s.enemies:
                if self.is_boss(e) and self.tile_id(c.pos) != self.tile_id(e.pos):
                    continue  # R-BOSS-9
                if self.weapon_range_ok(w, c.pos, e.pos) and self.los(c.pos, e.pos, fire):
                    targets.append(e.uid)
            for t in self.s.tokens:  # R-BARREL-1: a barrel is attacked like an enemy, no extra dice
                if t.kind == "barrel" and self.weapon_range_ok(w, c.pos, t.pos) and self.los(c.pos, t.pos, fire):
                    out.append(Action(kind="attack", item=slot[0], target=t.uid, n=0))
            for e in targets:
                out.append(Action(kind="attack", item=slot[0], target=e, n=0))
                if w.rapid_fire and not jammed and ammo is not None:
                    for extra in (1, 2):
                        if ammo >= self.rapid_cost(c, extra):
                            out.append(Action(kind="attack", item=slot[0], target=e, n=extra))
        return out

    def rapid_cost(self, c: CharState, extra: int) -> int:
        """Total ammo an attack with ``extra`` rapid-fire dice costs (R-ATK-8/9; Mateo's
        Steady Burst, DV-8)."""
        if self.cdef(c).special == "steady_burst":
            return 1 + max(0, extra - 1)
        return 1 + extra

    def has_sustain(self, name: str, cid: str | None = None) -> bool:
        """Is sustained effect ``name`` in play (next to character ``cid``)? Jammed applies only
        from the turn after it was drawn (DV-16: "until the end of your next turn")."""
        for info in self.s.flags.get("sustain", {}).values():
            if info.get("name") == name and (cid is None or info.get("char") == cid):
                return True
        return False

    # ================================================================ doing actions
    def d_act(self, ctx: dict, a: Action) -> None:
        s = self.s
        c = s.active_char
        if a.kind in FREE_ACTIONS:
            if a.kind == "end_phase":
                self.emit("end_phase", "R-TURN-5", f"{self.name(c)} ends the action phase.")
                s.actions_left = 0
                self.push({"t": "reaction_phase"})
                return
            if a.kind == "discard":
                slot = self.find_slot(c, a.item)
                c.inventory.remove(slot)
                names = ", ".join(self.idef(u).name for u in slot)
                for u in slot:
                    self.discard_card(u)
                self.emit("discard", "R-INV-3", f"{self.name(c)} discards {names}.")
            elif a.kind == "mix":
                sa, sb = self.find_slot(c, a.item), self.find_slot(c, a.item2)
                c.inventory.remove(sb)
                sa.extend(sb)
                self.emit("mix", "R-HERB-3", f"{self.name(c)} mixes herbs: "
                          + " + ".join(self.idef(u).name for u in sa) + ".")
            self.push({"t": "act"})
            return
        s.actions_left -= 1  # R-ACT-3: counts even if it fails
        tasks: list[dict] = []
        if a.kind != "attack" and c.pos is not None and self.enemies_at(c.pos):
            tasks.append({"t": "oos_pre"})  # R-ACT-2, R-OOS-3
        tasks += [{"t": "do", "a": a.short()}, {"t": "after_action"}, {"t": "act"}]
        self.push(*tasks)

    def find_slot(self, c: CharState, uid: str | None) -> list[str]:
        for slot in c.inventory:
            if uid in slot:
                return slot
        raise KeyError(uid)

    def t_do(self, task: dict) -> None:
        s = self.s
        a = Action(**task["a"])
        c = s.active_char
        if s.flags.pop("cancel", False):
            self.emit("action_failed", "R-ACT-3", f"{self.name(c)}'s {a.kind} does not happen.")
            return
        if not c.conscious:
            return
        getattr(self, "do_" + a.kind)(c, a)

    def do_move(self, c: CharState, a: Action) -> None:
        src = c.pos
        c.pos = a.to
        self.emit("move", "R-MOVE-1", f"{self.name(c)} moves to {a.to}.", char=c.cid, frm=list(src), to=list(a.to))
        self.on_enter(c)

    def do_stairs(self, c: CharState, a: Action) -> None:
        src = c.pos
        c.pos = a.to
        self.emit("move", "R-STAIR-2", f"{self.name(c)} takes the stairwell.", char=c.cid, frm=list(src),
                  to=list(a.to))
        self.on_enter(c)

    def do_door(self, c: CharState, a: Action) -> None:
        e = parse_edge_id(a.edge)
        st = self.edge(*e)
        if st == EdgeState.DOOR_OPEN:
            self.set_edge(e, EdgeState.DOOR_CLOSED)
            self.emit("door", "R-DOOR-1", f"{self.name(c)} closes the door.", edge=a.edge, open=False)
        else:
            self.set_edge(e, EdgeState.DOOR_OPEN)
            rule = "R-DOOR-1"
            if self.s.locks.pop(a.edge, None):
                rule = "R-DOOR-6"
            self.emit("door", rule, f"{self.name(c)} opens the door.", edge=a.edge, open=True)

    def do_clear(self, c: CharState, a: Action) -> None:
        e = parse_edge_id(a.edge)
        self.set_edge(e, EdgeState.ARCHWAY)
        self.emit("barricade", "R-BARR-2", f"{self.name(c)} clears the barricade: now an archway.", edge=a.edge)

    def do_exit(self, c: CharState, a: Action) -> None:
        c.exited = True
        c.pos = None
        self.s.actions_left = 0  # R-TURN-10
        self.emit("exit", "R-SCEN-6", f"{self.name(c)} leaves through the exit.", char=c.cid)

    def on_enter(self, c: CharState) -> None:
        """R-MOVE-8 / R-ACT-4 step 2: triggers when a character enters a square."""
        if c.pos is None:
            return
        tasks: list[dict] = []
        tid = self.tile_id(c.pos)
        if tid not in self.s.explored:  # R-EXPLORE-3
            tasks += self.explore(c, self.b.tiles[tid])
        for t in self.s.tokens:  # R-NARR-2/3: then narrative and fixed narrative tokens
            if t.pos == c.pos and t.kind in ("narrative", "fixed_narrative"):
                tasks.append({"t": "narrative", "token": t.uid, "cid": c.cid})
        self.push(*tasks)

    def explore(self, c: CharState, tile: Tile) -> list[dict]:
        s = self.s
        s.explored.append(tid := tile.id)
        s.explored.sort()
        if tile.colour.value == "green":  # R-EXPLORE-2: green tiles are never rolled for
            return []
        roll = s.rng.d6()
        table = self.brief.encounter_tables.get(tile.colour.value) or DEFAULT_ENCOUNTERS.get(tile.colour.value)
        spawn = list(table[roll - 1]) if table else []
        what = ", ".join(self.ct.enemies[x].name for x in spawn) if spawn else "nothing"
        self.emit("explore", "R-EXPLORE-3", f"{self.name(c)} explores {tile.name} ({tile.colour.value}): "
                  f"encounter die {roll} - {what}.", tile=tid, roll=roll, spawn=spawn, hazard=roll == 6)
        return [{"t": "spawn", "tile": tid, "types": spawn, "ref": list(c.pos)}] if spawn else []

    # ---- search (R-SEARCH)
    def do_search(self, c: CharState, a: Action) -> None:
        s = self.s
        tok = s.token(a.target)
        if tok is None:
            if any(o.cid == a.target for o in s.characters):  # R-SEARCH-5
                self.emit("search", "R-SEARCH-5", f"{self.name(c)} searches {self.name(s.char(a.target))}.")
                self.take_prompt(c, a.target)
            return
        if tok.kind == "item_box":  # R-SEARCH-4, R-IBOX-3
            self.emit("search", "R-IBOX-3", f"{self.name(c)} searches the item box.")
            self.take_prompt(c, "box")
            return
        s.tokens.remove(tok)
        letter = str(tok.props.get("letter", "A")).upper()
        pile = {"A": "item_a", "B": "item_b", "C": "item_c"}.get(letter, "item_a")
        if letter == "A" and not s.piles.get(pile) and s.piles.get("item_a_discard"):
            s.piles[pile] = s.piles["item_a_discard"]  # R-ITEM-6
            s.piles["item_a_discard"] = []
            s.rng.shuffle(s.piles[pile])
            self.emit("reshuffle", "R-ITEM-6", "The Item A discard pile is shuffled into a new deck.")
        deck = s.piles.setdefault(pile, [])
        if not deck:
            self.emit("search", "R-SEARCH-3", f"{self.name(c)} searches: the Item {letter} deck is empty.")
            return
        if letter == "A" and self.cdef(c).special == "scavenger" and len(deck) >= 2:
            drawn = [deck.pop(0), deck.pop(0)]
            s.piles["revealed"] = list(drawn)  # cards in hand while the player chooses
            self.emit("search", "DV-8", f"{self.name(c)} scavenges: " + " / ".join(self.idef(u).name for u in drawn)
                      + " - keep one.", char=c.cid, cards=drawn)
            self.ask("keep", c.seat, f"{self.name(c)} (Scavenger): keep which card?",
                     [Action(kind="keep", item=u) for u in drawn], {"cid": c.cid, "cards": drawn})
            return
        uid = deck.pop(0)
        self.emit("search", "R-SEARCH-2", f"{self.name(c)} searches the item token and finds {self.idef(uid).name}.",
                  char=c.cid, card=uid, item=self.s.cards[uid].defn)
        self.gain(c, uid)

    def d_keep(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        other = [u for u in ctx["cards"] if u != a.item][0]
        self.s.piles["revealed"] = []
        self.s.piles["item_a"].append(other)  # bottom of the Item A deck (DV-8 Scavenger)
        self.emit("search", "DV-8", f"{self.name(c)} keeps {self.idef(a.item).name}; "
                  f"{self.idef(other).name} goes to the bottom of the Item A deck.", card=a.item)
        self.gain(c, a.item)

    def gain(self, c: CharState, uid: str) -> None:
        """A card enters an inventory (R-INV-1, R-AMMO-1); over the limit → R-INV-4."""
        card = self.s.cards[uid]
        _set_dial_if_new(self.s, self.idef(uid), card)
        c.inventory.append([uid])
        if len(c.inventory) > self.limit(c):
            opts = [Action(kind="discard", item=slot[0]) for slot in c.inventory]
            self.ask("overflow", c.seat, f"{self.name(c)}'s inventory is full: discard a card.", opts,
                     {"cid": c.cid})

    def d_overflow(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        slot = self.find_slot(c, a.item)
        c.inventory.remove(slot)
        for u in slot:
            self.discard_card(u)
        if ctx.get("reason"):
            self.emit("discard", "R-TENSION-12", f"{self.name(c)} discards {self.idef(a.item).name} ({ctx['reason']}).",
                      char=c.cid, item=a.item)
        else:
            self.emit("discard", "R-INV-4", f"{self.name(c)} discards {self.idef(a.item).name} (inventory full).",
                      char=c.cid, item=a.item)

    def discard_card(self, uid: str) -> None:
        """Send a card to where its deck's discards go (R-ITEM-3, R-ITEM-10, R-INV-5, R-AMMO-5)."""
        s = self.s
        card = s.cards[uid]
        card.ammo = None  # R-AMMO-5
        if card.deck == "A":
            s.piles["item_a_discard"].append(uid)
        elif card.deck == "B":
            s.piles["b_pool"].append(uid)
        elif card.deck == "C":
            s.item_box.append([uid])  # R-INV-5: Item C cards are never lost
        else:
            s.piles["other_discard"].append(uid)

    # ---- item box and searching an unconscious survivor (R-IBOX, R-SEARCH-4..6)
    def source_slots(self, src: str) -> list[list[str]]:
        return self.s.item_box if src == "box" else self.s.char(src).inventory

    def take_prompt(self, c: CharState, src: str) -> None:
        """A take session: one card (slot) at a time while the searcher has free slots (R-SEARCH-6)."""
        opts = []
        if len(c.inventory) < self.limit(c):
            opts = [Action(kind="take", item=slot[0]) for slot in self.source_slots(src)]
        opts.append(Action(kind="done"))
        where = "the item box" if src == "box" else self.name(self.s.char(src))
        self.s.pending = Pending(kind="take", seat=c.seat, prompt=f"Take items from {where}, then Done",
                                 options=opts, ctx={"cid": c.cid, "src": src})

    def d_take(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        if a.kind == "done":
            return
        slots = self.source_slots(ctx["src"])
        slot = next(sl for sl in slots if a.item in sl)
        slots.remove(slot)
        c.inventory.append(slot)  # weapons keep their dials (R-SEARCH-6, R-AMMO-2)
        self.emit("take", "R-SEARCH-6", f"{self.name(c)} takes {self.idef(a.item).name}.", item=a.item)
        self.take_prompt(c, ctx["src"])

    def do_stash(self, c: CharState, a: Action) -> None:
        self.emit("stash", "R-IBOX-2", f"{self.name(c)} opens the item box to stash items.")
        self.stash_prompt(c)

    def stash_prompt(self, c: CharState) -> None:
        opts = []
        if len(self.s.item_box) < self.box_limit():  # R-IBOX-4
            opts = [Action(kind="put", item=slot[0]) for slot in c.inventory]
        opts.append(Action(kind="done"))
        self.s.pending = Pending(kind="stash", seat=c.seat, prompt=f"Put items into the item box "
                                 f"({len(self.s.item_box)}/{self.box_limit()}), then Done", options=opts,
                                 ctx={"cid": c.cid})

    def d_stash(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        if a.kind == "done":
            return
        slot = self.find_slot(c, a.item)
        c.inventory.remove(slot)
        self.s.item_box.append(slot)  # R-AMMO-2: dials kept
        self.emit("stash_item", "R-IBOX-2", f"{self.idef(a.item).name} goes into the item box.", item=a.item)
        self.stash_prompt(c)

    def do_typewriter(self, c: CharState, a: Action) -> None:
        """R-INK-4: spend a ribbon, shuffle the tension draw and discard piles together,
        remove the typewriter (easy mode keeps it, R-EASY-2)."""
        s = self.s
        s.ink_ribbons -= 1
        pile = s.piles["tension"] + s.piles["tension_discard"]
        s.piles["tension_discard"] = []
        s.rng.shuffle(pile)
        s.piles["tension"] = pile
        s.tension_symbol_known = False  # R-SPECIAL-3
        s.tension_symbol = None
        tok = s.token(a.target)
        if tok is not None and not self.brief.model_dump().get("easy", False):
            s.tokens.remove(tok)
        self.emit("typewriter", "R-INK-4", f"{self.name(c)} types up a report: the tension deck is refreshed "
                  f"({len(pile)} cards). Ink ribbons left: {s.ink_ribbons}.", ribbons=s.ink_ribbons)

    # ---- trade (R-TRADE)
    def do_trade(self, c: CharState, a: Action) -> None:
        o = self.s.char(a.target)
        self.emit("trade", "R-TRADE-1", f"{self.name(c)} trades with {self.name(o)}.", char=c.cid, other=o.cid)
        self.trade_prompt(c, o)

    def trade_prompt(self, c: CharState, o: CharState) -> None:
        opts = [Action(kind="give", item=slot[0]) for slot in c.inventory]
        opts += [Action(kind="take", item=slot[0]) for slot in o.inventory]
        if len(c.inventory) <= self.limit(c) and len(o.inventory) <= self.limit(o):  # R-TRADE-2
            opts.append(Action(kind="done"))
        self.s.pending = Pending(kind="trade", seat=c.seat, prompt=f"Trade with {self.name(o)}: move items, then Done",
                                 options=opts, ctx={"cid": c.cid, "other": o.cid})

    def d_trade(self, ctx: dict, a: Action) -> None:
        c, o = self.s.char(ctx["cid"]), self.s.char(ctx["other"])
        if a.kind == "done":
            self.emit("trade_done", "R-TRADE-1", f"Trade between {self.name(c)} and {self.name(o)} done.")
            return
        src, dst = (c, o) if a.kind == "give" else (o, c)
        slot = self.find_slot(src, a.item)
        src.inventory.remove(slot)
        dst.inventory.append(slot)  # R-TRADE-3: dials travel with the card
        self.emit("trade_item", "R-TRADE-1", f"{self.idef(a.item).name} goes to {self.name(dst)}.")
        self.trade_prompt(c, o)

    # ---- use item (R-USE, R-HERB)
    def do_use(self, c: CharState, a: Action) -> None:
        s = self.s
        slot = self.find_slot(c, a.item)
        d = self.idef(a.item)
        if d.type == "ammo":  # R-USE-2, R-AMMO-4
            w = s.cards[a.item2]
            wd = self.idef(a.item2).weapon
            before = w.ammo or 0
            w.ammo = min(wd.capacity, before + (d.reload or 0))  # R-AMMO-4
            if self.brief.easy:
                w.ammo = wd.capacity  # R-EASY-3
            c.inventory.remove(slot)
            self.discard_card(a.item)
            self.emit("reload", "R-USE-2", f"{self.name(c)} reloads the {self.idef(a.item2).name}: {before} → {w.ammo}.",
                      weapon=a.item2, ammo=w.ammo)
            return
        if d.id == "hip_pouch":
            c.inventory.remove(slot)
            s.piles["removed"].append(a.item)
            c.limit_bonus = min(2, c.limit_bonus + 1)
            self.emit("use", "DV-12", f"{self.name(c)} straps on a Hip Pouch: inventory limit {self.limit(c)}.")
            return
        target = s.char(a.target)
        c.inventory.remove(slot)
        for u in slot:
            self.discard_card(u)
        if d.heal and target.health == 6:  # R-HEALTH-9 resuscitation
            target.health = 1 if self.brief.easy else 3  # R-EASY-4
            self.emit("revive", "R-HEALTH-9", f"{self.name(c)} revives {self.name(target)}: Caution.", char=target.cid)
            return
        if d.heal:
            self.recover(target, 5 if self.brief.easy else d.heal, "R-EASY-4" if self.brief.easy else "R-USE-3")
            return
        herbs = [self.idef(u).herb for u in slot]
        amount = self.herb_value(herbs)
        names = " + ".join(self.idef(u).name for u in slot)
        self.emit("use", "R-HERB-4", f"{self.name(c)} uses {names} on {self.name(target)}.", herbs=herbs)
        if amount:
            self.recover(target, amount, "R-HERB-4")
        if "blue" in herbs and target.poisoned:
            target.poisoned = False
            self.emit("cure", "R-POISON-2", f"{self.name(target)} is cured of poison.")

    @staticmethod
    def herb_value(herbs: list[str | None]) -> int:
        """DV-11: green 1 each; red 2 each if the stack holds a green; blue cures only."""
        g = herbs.count("green")
        r = herbs.count("red")
        return g + (2 * r if g else 0)

    # ---- attack (R-ATK)
    def do_attack(self, c: CharState, a: Action) -> None:
        s = self.s
        tok = s.token(a.target)
        if tok is not None and tok.kind == "barrel":
            self.attack_barrel(c, a, tok)
            return
        e = s.enemy(a.target)
        if e is None:
            return
        card = s.cards[a.item]
        d = self.idef(a.item)
        w = d.weapon
        extra = a.n or 0
        if w.capacity is not None:
            cost = self.rapid_cost(c, extra)
            card.ammo = max(0, (card.ammo or 0) - cost)  # R-ATK-2 step 2
        dice = [w.dice] * w.count + ["blue"] * extra  # R-ATK-8: extra dice always blue
        faces = self.roll(dice)
        best = max(faces, key=lambda f: f.rank)
        ed = self.edef(e)
        hit = best.rank >= Face.HIT.rank  # R-ATK-2 step 4
        row = {Face.HIT: w.hit, Face.HIT_PLUS: w.hit_plus, Face.CRIT: w.crit}.get(best)
        meaning = "miss" if not hit else row.describe()
        self.emit("attack", "R-ATK-2", f"{self.name(c)} attacks {ed.name} with the {d.name}"
                  + (f" (+{extra} rapid fire)" if extra else "") + f": {_faces_text(faces)} → {meaning}.",
                  char=c.cid, enemy=e.uid, weapon=a.item, dice=dice, faces=[f.value for f in faces], best=best.value,
                  hit=hit, ammo=card.ammo, target_pos=list(e.pos))
        same_square = e.pos == c.pos
        hit_uids: list[str] = []
        tasks: list[dict] = []
        if hit:
            affected = [e] + ([x for x in self.enemies_at(e.pos) if x is not e] if row.burst else [])  # R-ATK-5
            hit_uids = [x.uid for x in affected]
            survivors = []
            for x in affected:  # R-ATK-7: damage, removal, then pushes
                dmg = row.damage
                if dmg and "soft_underbelly" in self.edef(x).rules and any(f == Face.CRIT for f in faces):
                    dmg += 1  # DV-6 Soft Underbelly
                    self.emit("special", "DV-6", "Soft Underbelly: the critical hits home for +1 damage.")
                if dmg and self.damage_enemy(x, dmg, "R-ATK-6", by=c.cid):
                    continue
                survivors.append(x)
            if row.push:
                for x in survivors:
                    if self.is_boss(x):
                        continue  # R-BOSS-4, R-ATK-11: a push on a boss is ignored
                    tasks.append({"t": "push_enemy", "enemy": x.uid, "seat": c.seat, "rule": "R-ATK-7"})
            if best == Face.CRIT and w.special == "reload_on_crit" and w.capacity:  # DV-9 ✦
                card.ammo = min(w.capacity, (card.ammo or 0) + 1)
                self.emit("special", "R-ATK-6", f"Critical: the {d.name}'s dial rises to {card.ammo}.")
            if best == Face.CRIT and w.special == "splash_on_crit":
                tasks.append({"t": "splash", "pos": list(e.pos), "exclude": e.uid})
        elif same_square and s.enemy(e.uid):  # R-OOS-5: failed attack in the same square
            tasks.append({"t": "enemy_attack", "enemy": e.uid, "target": c.cid, "extra": 0, "profile": "basic",
                          "unavoidable": True, "rule": "R-OOS-5"})
        tasks.append({"t": "oos_moves", "hit": hit_uids})  # R-OOS-2
        self.push(*tasks)

    def attack_barrel(self, c: CharState, a: Action, tok: TokenState) -> None:
        """R-BARREL-1..5: automatic hit, blast 3 in the square and 1 next to it, chain reaction."""
        card = self.s.cards[a.item]
        w = self.idef(a.item).weapon
        if w.capacity is not None:
            card.ammo = max(0, (card.ammo or 0) - 1)
        self.emit("attack", "R-BARREL-1", f"{self.name(c)} shoots the explosive barrel: it goes up!", char=c.cid,
                  barrel=tok.uid, weapon=a.item, dice=[], faces=[], hit=True, ammo=card.ammo, target_pos=list(tok.pos))
        hit: list[str] = []
        todo = [tok.uid]
        while todo:
            b = self.s.token(todo.pop(0))
            if b is None:
                continue
            hit += self.explode(b)
            around = set(self.g.neighbours(b.pos)) | {b.pos}
            for other in self.s.tokens:  # R-BARREL-3
                if other.kind == "barrel" and other.pos in around and other.uid not in todo:
                    todo.append(other.uid)
        self.push({"t": "oos_moves", "hit": hit})  # R-BARREL-5

    def explode(self, b: TokenState) -> list[str]:
        self.s.tokens.remove(b)
        self.emit("explosion", "R-BARREL-2", f"The barrel at {b.pos} explodes.", pos=list(b.pos))
        hit = []
        blast = [(b.pos, 3)] + [(q, 1) for q in self.g.neighbours(b.pos)]
        for q, n in blast:
            for ch in self.chars_at(q):
                self.damage_char(ch, n, "R-BARREL-2", " from the blast")
            for e in list(self.enemies_at(q)):
                hit.append(e.uid)
                self.damage_enemy(e, n, "R-BARREL-2", by=self.s.active_char.cid)
        return hit

    def t_splash(self, task: dict) -> None:
        others = [x for x in self.enemies_at(T(task["pos"])) if x.uid != task["exclude"]]
        if not others:
            return
        self.ask("splash", self.s.active, "Magnum critical: 2 damage to which other enemy?",
                 [Action(kind="pick", target=x.uid) for x in others], {})

    def d_splash(self, ctx: dict, a: Action) -> None:
        e = self.s.enemy(a.target)
        if e:
            self.damage_enemy(e, 2, "R-ATK-6", by=self.s.active_char.cid)

    def t_push_enemy(self, task: dict) -> None:
        """R-ATK-7 / R-EATK-7: optional push of an enemy to a connected-adjacent square with room."""
        e = self.s.enemy(task["enemy"])
        if e is None or self.is_boss(e):  # R-BOSS-4
            return
        units = self.edef(e).base.units
        opts = [Action(kind="push", target=e.uid, to=n) for n in self.g.neighbours(e.pos) if self.room(n, units)]
        if not opts:
            return
        opts.append(Action(kind="decline"))
        self.s.pending = Pending(kind="push_enemy", seat=task["seat"],
                                 prompt=f"Push the {self.edef(e).name}? Pick a square or decline.",
                                 options=opts, ctx={"rule": task["rule"]})

    def d_push_enemy(self, ctx: dict, a: Action) -> None:
        if a.kind == "decline":
            return
        e = self.s.enemy(a.target)
        frm = e.pos
        e.pos = a.to
        self.emit("push", ctx["rule"], f"The {self.edef(e).name} is pushed to {a.to}.", enemy=e.uid,
                  frm=list(frm), to=list(a.to))
        if a.to in self.fire():  # R-FIRE-3
            self.damage_enemy(e, 1, "R-FIRE-3")

    def t_oos_moves(self, task: dict) -> None:
        """R-OOS-2: after an attack, enemies on the active and linked tiles not hit move;
        those in the attacker's square stay."""
        c = self.s.active_char
        tiles = self.active_and_linked()
        movers = [e.uid for e in self.s.enemies
                  if self.tile_id(e.pos) in tiles and e.uid not in task["hit"]
                  and (c.pos is None or e.pos != c.pos) and not self.is_boss(e)]
        if movers:
            self.push({"t": "ordered_moves", "uids": movers, "auto": False, "rule": "R-OOS-2"})

    def is_boss(self, e: EnemyState) -> bool:
        return "boss" in self.edef(e).rules

    # ---- after an action (R-ACT-4 steps 4-5)
    def t_after_action(self, task: dict) -> None:
        c = self.s.active_char
        if not c.conscious or c.pos is None:
            return
        if c.pos in self.fire():  # R-FIRE-2
            self.damage_char(c, 1, "R-FIRE-2", " from the fire")
        if not c.conscious:
            return
        corpses = [t for t in self.s.tokens if t.kind == "corpse" and t.pos == c.pos]
        if corpses:  # R-CORPSE-2
            roll = self.s.rng.d6()
            risen = roll == 6
            self.emit("corpse", "R-CORPSE-2", f"Corpse check: encounter die {roll}" +
                      (" - hazard! The dead rise." if risen else " - nothing stirs."), roll=roll, hazard=risen,
                      pos=list(c.pos))
            if risen:
                for t in corpses:
                    if self.supply("zombie") > 0:
                        self.s.tokens.remove(t)
                        self.spawn_at("zombie", t.pos, "R-CORPSE-2")

    # ================================================================ out-of-sequence (R-OOS-3)
    def t_oos_pre(self, task: dict) -> None:
        c = self.s.active_char
        here = [e for e in self.enemies_at(c.pos) if not self.is_boss(e)]
        if not here:
            return
        top = max(self.edef(e).threat for e in here)
        cands = [e for e in here if self.edef(e).threat == top]
        self.ask("oos_attacker", c.seat, "Which enemy attacks first (equal threat)?",
                 [Action(kind="pick", target=e.uid) for e in self.default_order(cands)], {"cid": c.cid})

    def d_oos_attacker(self, ctx: dict, a: Action) -> None:
        c = self.s.char(ctx["cid"])
        e = self.s.enemy(a.target)
        extra = self.oos_extra(c, e)
        self.emit("oos", "R-OOS-3", f"Acting next to the {self.edef(e).name}: it attacks {self.name(c)} first.")
        self.push({"t": "enemy_attack", "enemy": e.uid, "target": c.cid, "extra": extra, "profile": "basic",
                   "unavoidable": False, "cancel": True, "rule": "R-OOS-3"})

    def oos_extra(self, c: CharState, attacker: EnemyState) -> int:
        """R-EVADE-5: other non-boss enemies with ``c`` in basic-attack range and LOS."""
        fire = self.fire()
        n = 0
        for e in self.s.enemies:
            if e is attacker or self.is_boss(e):
                continue
            if self.g.dR(e.pos, c.pos) <= self.edef(e).basic.range and self.los(e.pos, c.pos, fire):
                n += 1
        return n

    # ================================================================ enemy attacks (R-EATK, R-EVADE)
    def profile(self, e: EnemyState, which: str) -> AttackDef:
        d = self.edef(e)
        if which in d.attacks:  # a boss attack by name (DV-6)
            return d.attacks[which]
        if which == "special" and d.special is not None:
            return d.special
        return d.basic

    def t_enemy_attack(self, task: dict) -> None:
        s = self.s
        e = s.enemy(task["enemy"])
        c = s.char(task["target"])
        if e is None or not c.conscious:
            return
        att = self.profile(e, task["profile"])
        d = self.edef(e)
        label = d.name + (f" ({att.name})" if task["profile"] != "basic" else "")
        if task.get("unavoidable"):  # R-EATK-9
            self.emit("enemy_attack", task["rule"], f"{label} attacks {self.name(c)}: unavoidable.",
                      enemy=e.uid, char=c.cid, unavoidable=True, frm=list(e.pos), to=list(c.pos))
            self.push({**task, "t": "attack_result", "hit": True})
            return
        cdef = self.cdef(c)
        extra = 0 if cdef.special == "steel_nerves" else int(task["extra"])  # DV-8 Steel Nerves
        tier = min(3, (att.evade or d.base.evade_tier) + (0 if att.evade else extra))  # R-EVADE-2..4/6
        if att.evade and self.enraged(e):
            tier = min(3, tier + 1)  # DV-6 Enrage
        faces = self.roll(["blue"] * cdef.evade_dice)  # R-EVADE-1
        ok = any(face_meets_tier(f, tier) for f in faces)
        if att.evade:  # bosses list their own difficulty (R-BOSS-13, R-EVADE-6)
            why = f"tier {tier} (listed" + (", enraged +1)" if tier > att.evade else ")")
            rule = "R-BOSS-14" if att.sweep else "R-BOSS-13"
        else:
            why = f"tier {tier}" + (f" ({d.base.value} base +{extra} extra)" if extra else f" ({d.base.value} base)")
            rule = "R-EVADE-1"
        self.emit("evade", rule, f"{label} attacks {self.name(c)} - evade roll, {why}: {_faces_text(faces)} → "
                  + ("evaded!" if ok else "hit."), enemy=e.uid, char=c.cid, tier=tier, extra=extra,
                  faces=[f.value for f in faces], success=ok, frm=list(e.pos), to=list(c.pos), attack=att.name,
                  sweep=att.sweep)
        if not ok and cdef.special == "quick_reflexes" and not s.flags.get("reroll_used"):
            opts = [Action(kind="reroll", n=i) for i, f in enumerate(faces)] + [Action(kind="decline")]
            s.pending = Pending(kind="reroll", seat=c.seat,
                                prompt=f"{self.name(c)} (Quick Reflexes): re-roll one die?", options=opts,
                                ctx={"task": task, "faces": [f.value for f in faces], "tier": tier})
            return
        self.push({**task, "t": "attack_result", "hit": not ok})

    def d_reroll(self, ctx: dict, a: Action) -> None:
        task = ctx["task"]
        if a.kind == "decline":
            self.push({**task, "t": "attack_result", "hit": True})
            return
        self.s.flags["reroll_used"] = True
        faces = [Face(f) for f in ctx["faces"]]
        new = self.roll(["blue"])[0]
        old = faces[a.n]
        faces[a.n] = new
        ok = any(face_meets_tier(f, ctx["tier"]) for f in faces)
        self.emit("reroll", "DV-8", f"Quick Reflexes: {old.value} re-rolled → {new.value}: "
                  + ("evaded!" if ok else "still hit."), faces=[f.value for f in faces], success=ok,
                  char=task["target"], die=a.n)
        self.push({**task, "t": "attack_result", "hit": not ok})

    def t_attack_result(self, task: dict) -> None:
        """R-EATK-5: Damage → Poison → Stun → Push → Charge → push-back."""
        s = self.s
        e = s.enemy(task["enemy"])
        c = s.char(task["target"])
        if e is None:
            return
        att = self.profile(e, task["profile"])
        tasks: list[dict] = []
        if task["hit"] and self.is_boss(e):
            task = {**task, "cancel": False}
        if task["hit"]:
            if task.get("cancel"):
                s.flags["cancel"] = True  # R-OOS-3: the action does not resolve
            was_active = c.seat == s.active
            dmg = att.damage + int(task.get("dmg_bonus", 0))
            if dmg:
                self.damage_char(c, dmg, "R-EATK-3")
            if s.flags.get("fail"):
                return
            if att.poison and c.conscious and not c.poisoned:
                c.poisoned = True
                self.emit("poison", "R-POISON-1", f"{self.name(c)} is poisoned.", char=c.cid)
            if att.stun and c.conscious:
                self.stun(c)
            if c.conscious and att.push:
                tasks.append({"t": "push_char", "cid": c.cid, "rule": "R-EATK-3"})
            if att.charge:
                tasks.append({"t": "boss_charge" if self.is_boss(e) else "charge", "enemy": e.uid, "cid": c.cid})
            if c.conscious:
                tasks.append({"t": "pushback", "enemy": e.uid, "cid": c.cid})
            if was_active and not c.conscious:
                # R-TURN-8 already cleared the queue and scheduled turn_end; charge still happens
                if att.charge:
                    self.push({"t": "charge", "enemy": e.uid, "cid": c.cid})
                return
        else:
            if att.charge:  # R-EATK-6: charge whether or not the evade succeeded
                tasks.append({"t": "boss_charge" if self.is_boss(e) else "charge", "enemy": e.uid, "cid": c.cid})
        self.push(*tasks)

    def stun(self, c: CharState) -> None:
        """R-BOSS-15: unconscious at once; solo: to Danger unless already there (R-SOLO-6)."""
        if self.solo() and c.health < 5:
            c.health = 5
            self.emit("stun", "R-SOLO-6", f"{self.name(c)} is stunned: Danger.", char=c.cid, health=5)
            return
        self.emit("stun", "R-BOSS-15", f"{self.name(c)} is stunned and falls.", char=c.cid)
        self.damage_char(c, 6 - c.health, "R-BOSS-15")

    def t_push_char(self, task: dict) -> None:
        c = self.s.char(task["cid"])
        if not c.conscious:
            return
        opts = [Action(kind="push", target=c.cid, to=n) for n in self.g.neighbours(c.pos) if self.room(n, 1)
                and self.may_leave_to(c, n)]
        if not opts:
            self.emit("push", task["rule"], f"{self.name(c)} cannot be pushed: no room.")
            return
        self.ask("push_char", c.seat, f"{self.name(c)} is pushed: choose the square.", opts, {"rule": task["rule"]})

    def d_push_char(self, ctx: dict, a: Action) -> None:
        c = self.s.char(a.target)
        frm = c.pos
        c.pos = a.to
        self.emit("push", ctx["rule"], f"{self.name(c)} is pushed to {a.to}.", char=c.cid, frm=list(frm), to=list(a.to))
        if a.to in self.fire():
            self.damage_char(c, 1, "R-FIRE-3", " from the fire")
        self.on_enter(c)

    def t_charge(self, task: dict) -> None:
        """R-EATK-3/6: the enemy moves into the target's square, or next to it."""
        e = self.s.enemy(task["enemy"])
        c = self.s.char(task["cid"])
        if e is None or c.pos is None or e.pos == c.pos:
            return
        units = self.edef(e).base.units
        if self.room(c.pos, units):
            self._place_enemy(e, c.pos, "R-EATK-3", "charges")
            return
        opts = [Action(kind="place", target=e.uid, to=n) for n in self.g.neighbours(c.pos) if self.room(n, units)]
        if not opts:
            return
        self.ask("charge_place", self.s.active, f"The {self.edef(e).name} charges: no room, pick a square next to "
                 f"{self.name(c)}.", opts, {})

    def d_charge_place(self, ctx: dict, a: Action) -> None:
        e = self.s.enemy(a.target)
        self._place_enemy(e, a.to, "R-EATK-6", "charges")

    def _place_enemy(self, e: EnemyState, to: Sq, rule: str, verb: str) -> None:
        frm = e.pos
        e.pos = to
        self.emit("enemy_move", rule, f"The {self.edef(e).name} {verb} to {to}.", enemy=e.uid, frm=list(frm),
                  to=list(to))

    def t_pushback(self, task: dict) -> None:
        """R-EATK-7: the hit character may push the attacker out of its square."""
        e = self.s.enemy(task["enemy"])
        c = self.s.char(task["cid"])
        if e is None or not c.conscious:
            return
        if self.brief.easy:  # R-EASY-5 / R-EATK-8: every enemy in the square may be pushed
            others = [x for x in self.enemies_at(c.pos) if not self.is_boss(x)]
            self.push(*[{"t": "push_enemy", "enemy": x.uid, "seat": c.seat, "rule": "R-EASY-5"} for x in others])
            return
        if e.pos != c.pos or self.is_boss(e):
            return
        self.push({"t": "push_enemy", "enemy": e.uid, "seat": c.seat, "rule": "R-EATK-7"})

    # ================================================================ reaction phase (R-REACT)
    def t_reaction_phase(self, task: dict) -> None:
        s = self.s
        c = s.active_char
        s.phase = "reaction"
        self.expire_sustained("action_phase")
        if not c.conscious:  # R-TURN-10: an exited character's turn skips reactions
            self.push({"t": "tension_phase"})
            return
        back = self.pursuit()
        if back is not None:
            self.push(back, {"t": "react_setup"})
            return
        self.push({"t": "react_setup"})

    def t_react_setup(self, task: dict) -> None:
        """R-REACT-3: fix the set of reacting enemies; R-SPECIAL-3: read the symbol once."""
        s = self.s
        tiles = self.active_and_linked()
        R = [e.uid for e in s.enemies if not self.is_boss(e) and
             (self.tile_id(e.pos) in tiles or "relentless" in self.edef(e).rules)]  # R-REACT-1/3
        sym = self.current_symbol()
        self.emit("phase", "R-TURN-2", f"Reaction phase: {len(R)} enemy(ies) react.", reacting=R, symbol=sym)
        s.flags["react"] = {"R": R, "done": [], "attacked": [], "symbol": sym, "auto": False}
        self.push({"t": "react_next"})

    def current_symbol(self) -> str | None:
        """R-SPECIAL-3/4: the last tension card's symbol, or the cut of the deck."""
        s = self.s
        if self.brief.ignore_symbols:  # R-INTRO-5
            return None
        if s.tension_symbol_known:
            return s.tension_symbol
        pile = s.piles.get("tension", [])
        if not pile:
            return None
        k = (len(pile) + 1) // 2  # ceil(n/2), 1-based
        return s.cards[pile[k - 1]].symbol

    def default_order(self, enemies: Iterable[EnemyState]) -> list[EnemyState]:
        """R-REACT-8: highest threat, then smallest dE to the active character, then (y, x)."""
        c = self.s.active_char
        dist = self.dE_map(c.pos) if c.pos is not None else {}
        return sorted(enemies, key=lambda e: (-self.edef(e).threat, dist.get(e.pos, INF), e.pos[1], e.pos[0]))

    def attack_profile_name(self, e: EnemyState, sym: str | None) -> str:
        """R-SPECIAL-2/5: special if the symbols match, else basic."""
        d = self.edef(e)
        if sym is not None and d.special is not None and d.special_symbol == sym:
            return "special"
        return "basic"

    def can_attack(self, e: EnemyState, prof: str, exclude: Iterable[str] = ()) -> list[CharState]:
        att = self.profile(e, prof)
        fire = self.fire()
        out = []
        for c in self.conscious():
            if c.cid in exclude:
                continue
            if self.g.dR(e.pos, c.pos) <= att.range and self.los(e.pos, c.pos, fire):
                out.append(c)
        return out

    def t_react_next(self, task: dict) -> None:
        s = self.s
        st = s.flags["react"]
        remaining = [e for e in s.enemies if e.uid in st["R"] and e.uid not in st["done"]]
        if not remaining:
            self.push({"t": "tension_phase"})
            return
        order = self.default_order(remaining)
        if st["auto"] or len(order) == 1:
            self.push({"t": "react_enemy", "enemy": order[0].uid})
            return
        opts = [Action(kind="pick", target=e.uid) for e in order] + [Action(kind="auto")]
        s.pending = Pending(kind="react_order", seat=s.active, prompt="Reaction phase: which enemy reacts next?",
                            options=opts, ctx={})

    def d_react_order(self, ctx: dict, a: Action) -> None:
        if a.kind == "auto":
            self.s.flags["react"]["auto"] = True
            self.push({"t": "react_next"})
        else:
            self.push({"t": "react_enemy", "enemy": a.target})

    def t_react_enemy(self, task: dict) -> None:
        """R-REACT-7 steps b-d."""
        s = self.s
        st = s.flags["react"]
        e = s.enemy(task["enemy"])
        if e is None:
            self.push({"t": "react_next"})
            return
        prof = self.attack_profile_name(e, st["symbol"])
        A = self.can_attack(e, prof, st["attacked"])
        if not A:
            st["done"].append(e.uid)
            self.push({"t": "move_reaction", "enemy": e.uid, "rule": "R-REACT-4"}, {"t": "react_next"})
            return
        act = s.active_char
        if act in A:
            self.push({"t": "react_group", "enemy": e.uid, "target": act.cid})
            return
        self.ask("react_target", s.active, f"The {self.edef(e).name} can attack several survivors: which one?",
                 [Action(kind="pick", target=c.cid) for c in A], {"enemy": e.uid})

    def d_react_target(self, ctx: dict, a: Action) -> None:
        self.push({"t": "react_group", "enemy": ctx["enemy"], "target": a.target})

    def t_react_group(self, task: dict) -> None:
        """R-REACT-7 steps e-h, R-REACT-5/6."""
        s = self.s
        st = s.flags["react"]
        e = s.enemy(task["enemy"])
        G = [e]
        for f in s.enemies:
            if f is e or f.uid not in st["R"] or f.uid in st["done"]:
                continue
            pf = self.attack_profile_name(f, st["symbol"])
            if any(c.cid == task["target"] for c in self.can_attack(f, pf, st["attacked"])):
                G.append(f)
        top = max(self.edef(g).threat for g in G)
        cands = [g for g in G if self.edef(g).threat == top]
        ctx = {"group": [g.uid for g in G], "target": task["target"]}
        self.ask("react_attacker", s.active, "Equal threat: which enemy makes the attack?",
                 [Action(kind="pick", target=g.uid) for g in self.default_order(cands)], ctx)

    def d_react_attacker(self, ctx: dict, a: Action) -> None:
        s = self.s
        st = s.flags["react"]
        st["done"].extend(ctx["group"])
        st["attacked"].append(ctx["target"])
        x = s.enemy(a.target)
        extra = len(ctx["group"]) - 1
        prof = self.attack_profile_name(x, st["symbol"])
        if extra:
            names = ", ".join(self.edef(s.enemy(u)).name for u in ctx["group"] if u != x.uid)
            self.emit("react_group", "R-REACT-5", f"{names} could also attack: evade difficulty +{extra}.",
                      group=ctx["group"])
        self.push({"t": "enemy_attack", "enemy": x.uid, "target": ctx["target"], "extra": extra, "profile": prof,
                   "unavoidable": False, "rule": "R-REACT-7"}, {"t": "react_next"})

    # ================================================================ move reactions (R-EMOVE)
    def t_ordered_moves(self, task: dict) -> None:
        """Several enemies move out of sequence: the active player orders them (R-OOS-1)."""
        s = self.s
        alive = [e for e in s.enemies if e.uid in task["uids"]]
        if not alive:
            return
        order = self.default_order(alive)
        rest = [e.uid for e in order[1:]]
        if task.get("auto") or len(order) == 1:
            self.push({"t": "move_reaction", "enemy": order[0].uid, "rule": task["rule"]},
                      {**task, "uids": rest})
            return
        opts = [Action(kind="pick", target=e.uid) for e in order] + [Action(kind="auto")]
        s.pending = Pending(kind="order_moves", seat=s.active, prompt="Which enemy moves next?", options=opts,
                            ctx={"task": task})

    def d_order_moves(self, ctx: dict, a: Action) -> None:
        task = ctx["task"]
        if a.kind == "auto":
            self.push({**task, "auto": True})
            return
        rest = [u for u in task["uids"] if u != a.target]
        self.push({"t": "move_reaction", "enemy": a.target, "rule": task["rule"]}, {**task, "uids": rest})

    def t_move_reaction(self, task: dict) -> None:
        """R-EMOVE-4: pick the target (nearest by enemy distance; ties: active, then player)."""
        s = self.s
        e = s.enemy(task["enemy"])
        if e is None:
            return
        best, tied = INF, []
        forced = "forced_entry" in self.edef(e).rules
        for c in self.conscious():
            d = self.dE_map(c.pos, forced=forced).get(e.pos, INF)
            if d < best:
                best, tied = d, [c]
            elif d == best and d < INF:
                tied.append(c)
        if not tied or best == INF:
            self.emit("enemy_idle", "R-EMOVE-4", f"The {self.edef(e).name} has no way to any survivor and stays.",
                      enemy=e.uid)
            return
        act = s.active_char
        if act in tied:
            self.push({"t": "move_path", "enemy": e.uid, "target": act.cid, "rule": task["rule"]})
            return
        self.ask("emove_target", s.active, f"The {self.edef(e).name} is as close to several survivors: which one "
                 "does it go for?", [Action(kind="pick", target=c.cid) for c in tied],
                 {"enemy": e.uid, "rule": task["rule"]})

    def d_emove_target(self, ctx: dict, a: Action) -> None:
        self.push({"t": "move_path", "enemy": ctx["enemy"], "target": a.target, "rule": ctx["rule"]})

    def enemy_move_value(self, e: EnemyState) -> int:
        m = self.edef(e).move
        for info in self.s.flags.get("sustain", {}).values():  # DV-16 Frenzy
            if info.get("name") == "Frenzy" and info.get("tile") == self.tile_id(e.pos):
                m += 1
        return m

    def t_move_path(self, task: dict) -> None:
        """R-EMOVE-5: end on the reachable square nearest the target; ties: fewest steps,
        then the active player."""
        s = self.s
        e = s.enemy(task["enemy"])
        c = s.char(task["target"])
        if e is None or not c.conscious:
            return
        name = self.edef(e).name
        if e.pos == c.pos:  # R-EMOVE-6
            self.emit("enemy_idle", "R-EMOVE-6", f"The {name} is already in {self.name(c)}'s square.", enemy=e.uid)
            return
        forced = "forced_entry" in self.edef(e).rules
        g = self.forced_geometry() if forced else self.g
        D = self.dE_map(c.pos, forced=forced)
        cur = D.get(e.pos, INF)
        fire = self.fire()
        units = self.edef(e).base.units
        move = self.enemy_move_value(e)
        steps = {e.pos: 0}
        parent: dict = {e.pos: None}
        frontier = [e.pos]
        for k in range(1, move + 1):
            nxt = []
            for a in frontier:
                for n in g.neighbours(a):
                    if n in steps or n in fire or not self.room(n, units):
                        continue
                    steps[n] = k
                    parent[n] = list(a)
                    nxt.append(n)
            frontier = nxt
        best = min((D.get(q, INF), k) for q, k in steps.items())
        if best[0] >= cur:
            self.emit("enemy_idle", "R-EMOVE-5", f"The {name} cannot get closer to {self.name(c)} and stays.",
                      enemy=e.uid)
            return
        tied = sorted([q for q, k in steps.items() if (D.get(q, INF), k) == best], key=lambda q: (q[1], q[0]))
        ctx = {"enemy": e.uid, "target": c.cid, "rule": task["rule"]}
        if forced:
            ctx["parents"] = {f"{q[0]},{q[1]}": v for q, v in parent.items()}
        self.ask("emove_dest", s.active, f"The {name} can end on several squares as close to {self.name(c)}: pick one.",
                 [Action(kind="place", target=e.uid, to=q) for q in tied], ctx)

    def d_emove_dest(self, ctx: dict, a: Action) -> None:
        e = self.s.enemy(ctx["enemy"])
        c = self.s.char(ctx["target"])
        frm = e.pos
        e.pos = a.to
        why = {"R-OOS-2": "the attack drew it", "R-TENSION-12": "the tension card stirs it",
               "R-REACT-4": "nobody in reach, so it moves", "R-STALK-7": "it is already hunting you"}.get(ctx["rule"], "")
        self.emit("enemy_move", ctx["rule"], f"The {self.edef(e).name} moves toward {self.name(c)} "
                  f"(nearest survivor by route{'; ' + why if why else ''}).", enemy=e.uid, frm=list(frm),
                  to=list(a.to), target=c.cid, why=why)
        if "parents" in ctx:  # R-STALK-5: doors it forced on the way are now open
            q = a.to
            while ctx["parents"].get(f"{q[0]},{q[1]}") is not None:
                prev = T(ctx["parents"][f"{q[0]},{q[1]}"])
                if prev[0] == q[0] or prev[1] == q[1]:
                    key = edge_key(prev, q)
                    if self.edge(*key) == EdgeState.DOOR_CLOSED:
                        self.set_edge(key, EdgeState.DOOR_OPEN)
                        self.emit("door", "R-STALK-5", f"The {self.edef(e).name} smashes a door open.",
                                  edge=edge_id(key), open=True)
                q = prev

    # ================================================================ tension (R-TENSION)
    def t_tension_phase(self, task: dict) -> None:
        s = self.s
        s.phase = "tension"
        c = s.active_char
        boss = self.boss()
        if boss is not None and c.conscious and self.tile_id(c.pos) == self.tile_id(boss.pos):
            self.push({"t": "behaviour_draw"}, {"t": "turn_end"})  # R-BOSS-11
            return
        s.flags["tension_chain"] = 0
        self.push({"t": "tension_draw"}, {"t": "turn_end"})

    def t_tension_draw(self, task: dict) -> None:
        s = self.s
        s.flags["tension_chain"] = s.flags.get("tension_chain", 0) + 1
        total = sum(1 for c in s.cards.values() if c.deck == "T")
        if s.flags["tension_chain"] > total:
            # [design] guard: with a reshuffling deck every card could be unresolvable; once each
            # card has had its chance this phase, the chain of R-TENSION-5 draws stops.
            self.emit("tension_stop", "R-TENSION-5", "No tension card can be resolved: the chain of draws stops.")
            return
        pile = s.piles["tension"]
        if not pile:
            if self.brief.tension_reshuffle and s.piles["tension_discard"]:  # R-TENSION-10
                pile.extend(s.piles["tension_discard"])
                s.piles["tension_discard"] = []
                s.rng.shuffle(pile)
                s.tension_symbol_known = False  # R-SPECIAL-3
                s.tension_symbol = None
                self.emit("reshuffle", "R-TENSION-10", "The tension deck ran out: the discards are shuffled into a "
                          "new deck.")
            else:
                self.fail("the tension deck ran out", "R-TENSION-8")
                return
        uid = pile.pop(0)
        card = s.cards[uid]
        td = self.ct.tension[card.defn]
        s.last_tension = uid
        if not self.brief.ignore_symbols:
            s.tension_symbol = card.symbol
            s.tension_symbol_known = True
        band = self.band()
        extra: list[Op] = []
        if self.brief.use_danger and not self.brief.intro:
            extra = td.high if band == "high" else td.extreme if band == "extreme" else []
        main = list(td.effect)
        self.emit("tension", "R-TENSION-1", f"Tension card: {td.name} ({td.colour}). {td.text}", card=uid,
                  defn=td.id, colour=td.colour, symbol=None if self.brief.ignore_symbols else card.symbol)
        ok_main = [op for op in main if self.op_needs(op)]
        ok_extra = [op for op in extra if self.op_needs(op)]
        if not any(op.op == "NONE" for op in main) and not ok_main and not ok_extra:  # R-TENSION-5/6
            s.piles["tension_discard"].append(uid)
            self.emit("unresolvable", "R-TENSION-5", f"{td.name} cannot be resolved: discard it and draw two more.")
            self.push({"t": "tension_draw"}, {"t": "tension_draw"})
            return
        sustained = any(op.op == "SUSTAIN" for op in ok_main + ok_extra)
        tasks = [{"t": "op", "op": op.model_dump(), "card": uid} for op in ok_main + ok_extra if op.op != "NONE"]
        if not sustained:
            s.piles["tension_discard"].append(uid)  # R-TENSION-4
        self.push(*tasks)

    def band(self) -> str:
        """DV-4 danger bands."""
        d = self.s.danger
        return "low" if d <= 5 else "high" if d <= 11 else "extreme"

    def reacting_pool(self) -> list[EnemyState]:
        tiles = self.active_and_linked()
        return [e for e in self.s.enemies if not self.is_boss(e) and self.tile_id(e.pos) in tiles]

    def op_needs(self, op: Op) -> bool:
        """R-TENSION-12 "Needs" column."""
        s = self.s
        c = s.active_char
        k = op.op
        if k == "NONE":
            return True
        if k in ("SPAWN", "SPAWN_LINKED"):
            def can(t: str) -> bool:
                if t == "stalker_one":  # R-STALK-7/8: in play counts (it moves instead); killed does not
                    return not s.flags.get("stalker_killed")
                return self.supply(t) > 0
            if c.pos is None or not any(can(t) for t in op.enemies):
                return False
            return k == "SPAWN" or bool(self.linked_tiles(self.tile_id(c.pos)))
        if k in ("STIR", "LUNGE"):
            return c.pos is not None and bool(self.reacting_pool())
        if k == "DANGER":
            return s.danger < 17 if op.n > 0 else s.danger > 0
        if k == "SUSTAIN":
            return len(s.piles.get("tension_sustained", [])) < 4  # R-SUST-5
        if k == "DISCARD_AMMO":
            return any(self.idef(sl[0]).type == "ammo" for sl in c.inventory)
        if k == "DISCARD_WEAPON":
            return any(self.idef(sl[0]).weapon is not None and self.idef(sl[0]).id != "knife" for sl in c.inventory)
        if k == "DISCARD_RECOVERY":
            return any(self.idef(sl[0]).type == "recovery" for sl in c.inventory)
        if k == "REFILL":
            return any(self.idef(sl[0]).weapon is not None and self.idef(sl[0]).weapon.capacity for sl in c.inventory)
        if k == "PEEK_TENSION":
            return bool(s.piles.get("tension"))
        if k == "FIRE":
            return c.pos is not None and bool(self.fire_squares())
        if k == "RISE":
            tiles = self.active_and_linked()
            return any(t.kind == "corpse" and self.tile_id(t.pos) in tiles for t in s.tokens)
        return True

    def fire_squares(self) -> list[Sq]:
        c = self.s.active_char
        tile = self.b.tiles[self.tile_id(c.pos)]
        fire = self.fire()
        occupied = {x.pos for x in self.conscious()}
        return [q for q in tile.squares if q not in fire and q not in occupied]

    def t_op(self, task: dict) -> None:
        s = self.s
        op = Op(**task["op"])
        c = s.active_char
        if c.pos is None and op.op not in ("DANGER",):
            return
        k = op.op
        if k == "SPAWN":
            self.push({"t": "spawn", "tile": self.tile_id(c.pos), "types": list(op.enemies) * max(1, op.n)
                       if len(op.enemies) == 1 else list(op.enemies), "ref": list(c.pos)})
        elif k == "SPAWN_LINKED":
            for tid in sorted(self.linked_tiles(self.tile_id(c.pos))):
                self.push({"t": "spawn", "tile": tid, "types": list(op.enemies) * max(1, op.n)
                           if len(op.enemies) == 1 else list(op.enemies), "ref": list(c.pos)})
        elif k == "STIR":
            uids = [e.uid for e in self.reacting_pool()]
            self.emit("stir", "R-TENSION-12", f"The dead stir: {len(uids)} enemy(ies) move.")
            self.push({"t": "ordered_moves", "uids": uids, "auto": False, "rule": "R-TENSION-12"})
        elif k == "LUNGE":
            pool = self.reacting_pool()
            top = max(self.edef(e).threat for e in pool)
            cands = self.default_order([e for e in pool if self.edef(e).threat == top])
            dist = self.dE_map(c.pos)
            d0 = dist.get(cands[0].pos, INF)
            tied = [e for e in cands if dist.get(e.pos, INF) == d0]
            self.ask("lunge_pick", s.active, "Which enemy lunges?", [Action(kind="pick", target=e.uid) for e in tied], {})
        elif k == "DANGER":
            before = s.danger
            s.danger = max(0, min(17, s.danger + op.n))  # R-DANGER-3
            self.emit("danger", "R-DANGER-2", f"City danger {before} → {s.danger}.", danger=s.danger)
        elif k == "FIRE":
            sq = self.fire_squares()
            if sq:
                dist = self.g.distances_from(c.pos)
                m = min(dist.get(q, INF) for q in sq)
                tied = sorted([q for q in sq if dist.get(q, INF) == m], key=lambda q: (q[1], q[0]))
                self.ask("fire_place", s.active, "Place the fire: pick a square.",
                         [Action(kind="place", to=q) for q in tied], {})
        elif k == "RISE":
            tiles = self.active_and_linked()
            for t in [t for t in s.tokens if t.kind == "corpse" and self.tile_id(t.pos) in tiles]:
                roll = s.rng.d6()  # R-DIE-1: face 6 bears the hazard mark
                self.emit("corpse", "R-TENSION-12", f"Corpse at {t.pos}: encounter die {roll}"
                          + (" - hazard! It rises." if roll == 6 else "."), roll=roll, hazard=roll == 6,
                          pos=list(t.pos))
                if roll == 6 and self.supply("zombie") > 0:
                    s.tokens.remove(t)
                    self.spawn_at("zombie", t.pos, "R-TENSION-12")
        elif k == "RECOVER":
            for x in (self.conscious() if op.who == "all" else [c]):
                self.recover(x, op.n if op.n < 99 else 5, "R-TENSION-12")
        elif k == "POISON":
            for x in (self.conscious() if op.who == "all" else [c]):
                if not x.poisoned:
                    x.poisoned = True
                    self.emit("poison", "R-POISON-1", f"{self.name(x)} is poisoned.", char=x.cid)
        elif k == "DRAW_A":
            for _ in range(max(1, op.n)):
                self.push({"t": "draw_a", "cid": c.cid})
        elif k == "SUSTAIN":
            info = {"name": op.name, "char": c.cid, "tile": self.tile_id(c.pos), "seat": s.active,
                    "turn": s.turn, "ends": "action_phase" if op.name == "Shaken" else "end_of_turn"}
            s.flags.setdefault("sustain", {})[task["card"]] = info
            s.piles.setdefault("tension_sustained", []).append(task["card"])
            self.emit("sustain", "R-SUST-1", f"Sustained effect: {op.name}.", name=op.name)
        elif k in ("DISCARD_AMMO", "DISCARD_WEAPON", "DISCARD_RECOVERY"):
            pred = {"DISCARD_AMMO": lambda d: d.type == "ammo",
                    "DISCARD_WEAPON": lambda d: d.weapon is not None and d.id != "knife",
                    "DISCARD_RECOVERY": lambda d: d.type == "recovery"}[k]
            opts = [Action(kind="discard", item=sl[0]) for sl in c.inventory if pred(self.idef(sl[0]))]
            if opts:
                what = {"DISCARD_AMMO": "ammunition", "DISCARD_WEAPON": "a weapon",
                        "DISCARD_RECOVERY": "a recovery item"}[k]
                self.ask("overflow", c.seat, f"{self.name(c)} must discard {what}.", opts,
                         {"cid": c.cid, "reason": f"the card demands {what}"})
        elif k == "PEEK_TENSION":
            from itertools import permutations
            cards = s.piles["tension"][:max(1, op.n)]
            s.piles["tension"] = s.piles["tension"][len(cards):]
            s.piles["revealed"] = list(cards)
            names = [self.ct.tension[s.cards[u].defn].name for u in cards]
            self.emit("peek", "R-TENSION-12", "The next tension cards: " + ", ".join(names) + ".", cards=cards,
                      names=names)
            perms = [",".join(str(i) for i in p) for p in permutations(range(len(cards)))]
            self.ask("peek", s.active, "Put them back in which order (first = drawn next)?",
                     [Action(kind="order", item=p) for p in perms], {"cards": cards})
        elif k == "REFILL":
            opts = [Action(kind="pick", item=sl[0]) for sl in c.inventory
                    if self.idef(sl[0]).weapon is not None and self.idef(sl[0]).weapon.capacity]
            if opts:
                self.ask("refill", c.seat, "Refill which weapon?", opts, {})

    def d_lunge_pick(self, ctx: dict, a: Action) -> None:
        c = self.s.active_char
        e = self.s.enemy(a.target)
        fire = self.fire()
        if self.g.dR(e.pos, c.pos) <= self.edef(e).basic.range and self.los(e.pos, c.pos, fire):
            self.emit("lunge", "R-TENSION-12", f"The {self.edef(e).name} lunges at {self.name(c)}.")
            self.push({"t": "enemy_attack", "enemy": e.uid, "target": c.cid, "extra": self.oos_extra(c, e),
                       "profile": "basic", "unavoidable": False, "rule": "R-TENSION-12"})
        else:
            self.emit("lunge", "R-TENSION-12", f"The {self.edef(e).name} lurches toward the survivors.")
            self.push({"t": "move_reaction", "enemy": e.uid, "rule": "R-TENSION-12"})

    def d_fire_place(self, ctx: dict, a: Action) -> None:
        self.s.tokens.append(TokenState(uid=self.s.new_uid("t"), kind="fire", pos=a.to))
        self.emit("fire", "R-TENSION-12", f"Fire breaks out at {a.to}.", pos=list(a.to))

    def d_refill(self, ctx: dict, a: Action) -> None:
        card = self.s.cards[a.item]
        card.ammo = self.idef(a.item).weapon.capacity
        self.emit("reload", "R-TENSION-12", f"The {self.idef(a.item).name} is refilled.")

    def t_draw_a(self, task: dict) -> None:
        s = self.s
        c = s.char(task["cid"])
        if not s.piles["item_a"] and s.piles["item_a_discard"]:
            s.piles["item_a"] = s.piles["item_a_discard"]
            s.piles["item_a_discard"] = []
            s.rng.shuffle(s.piles["item_a"])
        if not s.piles["item_a"]:
            return
        uid = s.piles["item_a"].pop(0)
        self.emit("draw", "R-TENSION-12", f"{self.name(c)} draws {self.idef(uid).name}.")
        self.gain(c, uid)

    # ================================================================ spawning (R-SPAWN)
    def t_spawn(self, task: dict) -> None:
        """R-SPAWN-5 steps 1-3: the ordered spawn points; ties are the active player's choice."""
        tile = self.b.tiles[task["tile"]]
        ref = T(task["ref"])
        P = list(tile.spawn_points)
        dist = self.g.distances_from(ref)
        if not P:
            far = max((dist.get(q, -1) for q in tile.squares if dist.get(q, INF) < INF), default=-1)
            P = [q for q in tile.squares if dist.get(q, INF) == far] if far >= 0 else sorted(tile.squares)
        charsq = {c.pos for c in self.conscious()}
        Pp = [q for q in P if q not in charsq]
        displace_all = False
        if not Pp:
            Pp = P
            displace_all = len(P) >= 2  # R-SPAWN-2 exception for one spawn point
        keyed = sorted(Pp, key=lambda q: (dist.get(q, INF), self.g.dR_sq(ref, q), q[1], q[0]))
        self.push({"t": "spawn_order", "types": task["types"], "todo": [list(q) for q in keyed], "order": [],
                   "ref": task["ref"], "displace_all": displace_all, "tile": task["tile"]})

    def t_spawn_order(self, task: dict) -> None:
        todo = [T(q) for q in task["todo"]]
        order = task["order"]
        need = min(len(task["types"]), len(todo) + len(order))
        if len(order) >= need or not todo:
            self.push({"t": "spawn_place", "types": task["types"], "dests": order + [list(q) for q in todo], "i": 0,
                       "displace_all": task["displace_all"]})
            return
        ref = T(task["ref"])
        dist = self.g.distances_from(ref)
        key = lambda q: (dist.get(q, INF), self.g.dR_sq(ref, q))  # noqa: E731
        k0 = key(todo[0])
        tied = [q for q in todo if key(q) == k0]
        self.ask("spawn_order", self.s.active, "Equally near spawn points: which fills first?",
                 [Action(kind="place", to=q) for q in tied], {"task": task})

    def d_spawn_order(self, ctx: dict, a: Action) -> None:
        task = dict(ctx["task"])
        task["todo"] = [q for q in task["todo"] if T(q) != a.to]
        task["order"] = task["order"] + [list(a.to)]
        self.push({**task, "t": "spawn_order"})

    def t_spawn_place(self, task: dict) -> None:
        """R-SPAWN-5 step 4-5: place models one at a time; no room or fire → R-SPAWN-6."""
        i = task["i"]
        types = task["types"]
        if i >= len(types):
            return
        typ = types[i]
        nxt = {**task, "i": i + 1}
        if typ == "stalker_one":
            st = self.stalker()
            if st is not None:  # R-STALK-7: only one; it moves out of sequence instead
                self.emit("stalker", "R-STALK-7", "The Stalker is already hunting you: it closes in.")
                self.push({"t": "move_reaction", "enemy": st.uid, "rule": "R-STALK-7"}, nxt)
                return
            if self.s.flags.get("stalker_killed"):  # R-STALK-8
                self.emit("spawn_skip", "R-STALK-8", "The Stalker is down for now: it does not come.")
                self.push(nxt)
                return
            typ = "stalker_one_" + self.band()  # R-STALK-3: the card of the current band
        if self.supply(typ) <= 0:  # R-COMP-15
            self.emit("spawn_skip", "R-COMP-15", f"No {self.ct.enemies[typ].name} models left: none spawns.")
            self.push(nxt)
            return
        dests = task["dests"]
        dest = T(dests[i % len(dests)])
        units = self.ct.enemies[typ].base.units
        if not task["displace_all"] and self.room(dest, units) and dest not in self.fire():
            self.spawn_at(typ, dest, "R-SPAWN-1")
            self.push(nxt)
            return
        self.push({"t": "displace", "type": typ, "dest": list(dest)}, nxt)

    def spawn_at(self, typ: str, sq: Sq, rule: str) -> None:
        e = EnemyState(uid=self.s.new_uid("e"), type=typ, pos=sq)
        if "stalker" in self.ct.enemies[typ].rules:
            e.wounds = self.s.flags.pop("stalker_wounds", 0)  # R-STALK-6 keeps its wounds
        self.s.enemies.append(e)
        name = self.ct.enemies[typ].name
        article = "" if name.startswith("The ") else "A "  # 'The Stalker appears', 'A Zombie appears'
        self.emit("spawn", rule, f"{article}{name} appears at {sq}.", enemy=e.uid, type=typ, pos=list(sq))

    def t_displace(self, task: dict) -> None:
        """R-SPAWN-3/4/6: nearest square with room and no fire, rings by walking distance."""
        dest = T(task["dest"])
        typ = task["type"]
        units = self.ct.enemies[typ].base.units
        fire = self.fire()
        dist = self.g.distances_from(dest)
        charsq = {c.pos for c in self.conscious()}
        for allow_chars in (False, True):
            ok = [q for q, d in dist.items() if d >= 1 and q not in fire and self.room(q, units)
                  and (allow_chars or q not in charsq)]
            if ok:
                m = min(dist[q] for q in ok)
                tied = sorted([q for q in ok if dist[q] == m], key=lambda q: (q[1], q[0]))
                self.ask("displace", self.s.active, f"No room for the {self.ct.enemies[typ].name}: pick a nearby square.",
                         [Action(kind="place", to=q) for q in tied], {"type": typ})
                return
        self.emit("spawn_skip", "R-SPAWN-6", f"Nowhere to place the {self.ct.enemies[typ].name}.")

    def d_displace(self, ctx: dict, a: Action) -> None:
        self.spawn_at(ctx["type"], a.to, "R-SPAWN-6")

    def t_corpse_spread(self, task: dict) -> None:
        """R-CORPSE-3: with four corpses in one square, the active player moves one of them to a
        connected-adjacent square with room (R-SPAWN-6 rings if none)."""
        sq = T(task["pos"])
        corpses = [t for t in self.s.tokens if t.kind == "corpse" and t.pos == sq]
        if len(corpses) < 4:
            return
        dist = self.g.distances_from(sq)
        ok = [q for q, d in dist.items() if d >= 1 and self.room(q, 1)]
        if not ok:
            return
        m = min(dist[q] for q in ok)
        opts = sorted([q for q in ok if dist[q] == m], key=lambda q: (q[1], q[0]))
        self.ask("corpse_spread", self.s.active, "Four corpses block a square: move one where?",
                 [Action(kind="place", target=corpses[-1].uid, to=q) for q in opts], {})

    def d_corpse_spread(self, ctx: dict, a: Action) -> None:
        t = self.s.token(a.target)
        frm = t.pos
        t.pos = a.to
        self.emit("corpse_moved", "R-CORPSE-3", f"A corpse is dragged from {frm} to {a.to} so models can pass.",
                  frm=list(frm), to=list(a.to))

    # ================================================================ standalone gear (R-STAND-3)
    def t_gear(self, task: dict) -> None:
        """Deal the DV-21 extra cards one at a time: the players give each to a survivor with a
        free slot, or put it in the item box."""
        s = self.s
        pile = s.piles.get("gear", [])
        if not pile:
            return
        uid = pile[0]
        opts = [Action(kind="give", item=uid, target=c.cid) for c in s.characters
                if len(c.inventory) < self.limit(c)]
        opts.append(Action(kind="give", item=uid, target="box"))
        self.s.pending = Pending(kind="gear", seat=0, prompt=f"Extra gear: who takes the {self.idef(uid).name}?",
                                 options=opts, ctx={})

    def d_gear(self, ctx: dict, a: Action) -> None:
        s = self.s
        s.piles["gear"].remove(a.item)
        if a.target == "box":
            s.item_box.append([a.item])
            self.emit("gear", "R-STAND-3", f"The {self.idef(a.item).name} goes into the item box.")
        else:
            c = s.char(a.target)
            c.inventory.append([a.item])
            self.emit("gear", "R-STAND-3", f"{self.name(c)} takes the {self.idef(a.item).name}.")
        self.push({"t": "gear"})

    # ================================================================ narrative events (R-NARR)
    def t_narrative(self, task: dict) -> None:
        """R-NARR-2/3: remove the token; draw a narrative card or resolve the brief's fixed event."""
        s = self.s
        t = s.token(task["token"])
        if t is None:
            return
        s.tokens.remove(t)
        if t.kind == "fixed_narrative":
            label = str(t.props.get("label", ""))
            fx = self.brief.fixed_events.get(label)
            if fx is None:
                self.emit("narrative", "R-NARR-3", f"Fixed event '{label}': nothing is written for it.")
                return
            name, text, effect, options, card, mark = fx.name, fx.text, fx.effect, fx.options, None, False
            rule = "R-NARR-3"
        else:
            pile = s.piles.get("narrative", [])
            if not pile:  # R-NARR-10
                self.emit("narrative", "R-NARR-10", "The narrative deck is empty: the token is removed.")
                return
            card = pile.pop(0)
            s.piles["revealed"] = [card]
            nd = self.ct.narrative[s.cards[card].defn]
            name, text, effect, options, mark = nd.name, nd.text, nd.effect, nd.options, nd.stalker
            rule = "R-NARR-2"
        avail = [i for i, o in enumerate(options) if all(self.op_needs(op) for op in o.effect)]
        self.emit("narrative", rule, f"Narrative event: {name}. {text}", name=name, story=text, card=card,
                  label=None if card else str(t.props.get("label", "")), stalker_mark=mark,
                  options=[{"label": o.label, "text": o.text, "available": i in avail} for i, o in enumerate(options)])
        ctx = {"card": card, "label": str(t.props.get("label", "")) if card is None else None}
        if options:
            if not avail:  # R-NARR-5 [design]: no option can be carried out
                self.emit("narrative_result", "R-NARR-5", "No option can be carried out: nothing happens.")
                self.push({"t": "narrative_done", **ctx})
                return
            self.ask("narrative", s.active, f"{name}: choose", [Action(kind="choose", n=i) for i in avail], ctx)
            return
        ops = [op for op in effect if self.op_needs(op)]
        self.push(*[{"t": "op", "op": op.model_dump(), "card": card or ""} for op in ops if op.op != "NONE"],
                  {"t": "narrative_done", **ctx})

    def narrative_options(self, ctx: dict):
        if ctx.get("card"):
            return self.ct.narrative[self.s.cards[ctx["card"]].defn].options
        return self.brief.fixed_events[ctx["label"]].options

    def d_narrative(self, ctx: dict, a: Action) -> None:
        opt = self.narrative_options(ctx)[a.n]
        self.emit("narrative_result", "R-NARR-5", f"Chosen: {opt.label}. {opt.text}", choice=a.n, label=opt.label)
        self.push(*[{"t": "op", "op": op.model_dump(), "card": ctx.get("card") or ""} for op in opt.effect
                    if op.op != "NONE"], {"t": "narrative_done", **ctx})

    def t_narrative_done(self, task: dict) -> None:
        if task.get("card"):  # R-NARR-7: removed from the game for the rest of the campaign
            self.s.piles["revealed"] = []
            self.s.piles["narrative_removed"].append(task["card"])

    def d_peek(self, ctx: dict, a: Action) -> None:
        s = self.s
        order = [int(x) for x in a.item.split(",")]
        cards = ctx["cards"]
        s.piles["tension"] = [cards[i] for i in order] + s.piles["tension"]
        s.piles["revealed"] = []
        self.emit("peek", "R-TENSION-12", "The top tension cards are put back in the chosen order.")

    # ================================================================ bosses (R-BOSS)
    def boss_tile_squares(self, boss: EnemyState) -> frozenset:
        return self.b.tiles[self.tile_id(boss.pos)].squares

    def boss_dist(self, boss: EnemyState, target: Sq) -> dict[Sq, int]:
        """Walking distances to ``target`` inside the boss's tile, ignoring occupancy and fire
        (R-BOSS-3, R-BOSS-18, R-FIRE-6)."""
        tile = self.boss_tile_squares(boss)
        d = self.g.distances_from(target, blocked=lambda q: q not in tile)
        return {q: v for q, v in d.items() if q in tile}

    def on_boss_tile(self, boss: EnemyState) -> list[CharState]:
        """Conscious characters on the boss's tile (R-BOSS-16: the unconscious are ignored)."""
        tile = self.boss_tile_squares(boss)
        return [c for c in self.conscious() if c.pos in tile]

    def t_behaviour_draw(self, task: dict) -> None:
        """R-BOSS-11/12/17: draw a behaviour card instead of a tension card; resolve its lines."""
        s = self.s
        boss = self.boss()
        if boss is None:
            return
        if not s.piles["behaviour"]:
            s.piles["behaviour"] = s.piles["behaviour_discard"]
            s.piles["behaviour_discard"] = []
            s.rng.shuffle(s.piles["behaviour"])  # face down (AMB-59)
            self.emit("reshuffle", "R-BOSS-17", "The behaviour deck is shuffled anew.")
        uid = s.piles["behaviour"].pop(0)
        s.piles["revealed"] = [uid]
        bd = self.ct.behaviour[s.cards[uid].defn]
        lines = [_line_text(ln) for ln in bd.lines]
        self.emit("behaviour", "R-BOSS-11", f"{self.edef(boss).name} - behaviour card: {bd.name}. {bd.text}",
                  card=uid, name=bd.name, lines=lines, boss=boss.uid)
        self.push(*[{"t": "boss_line", "card": uid, "i": i} for i in range(len(bd.lines))],
                  {"t": "behaviour_done", "card": uid})

    def t_behaviour_done(self, task: dict) -> None:
        s = self.s
        s.piles["revealed"] = []
        s.piles["behaviour_discard"].append(task["card"])
        self.emit("behaviour_end", "R-BOSS-12", "The behaviour card is resolved.", card=task["card"],
                  deck=len(s.piles["behaviour"]), discard=len(s.piles["behaviour_discard"]))

    def t_boss_line(self, task: dict) -> None:
        s = self.s
        boss = self.boss()
        if boss is None:
            return
        bd = self.ct.behaviour[s.cards[task["card"]].defn]
        ln = bd.lines[task["i"]]
        self.emit("boss_line", "R-BOSS-12", f"{bd.name}, line {task['i'] + 1}: {_line_text(ln)}", card=task["card"],
                  line=task["i"])
        if ln.kind == "MOVE":
            self.boss_move_target(boss, bd, task["i"])
        elif ln.kind == "ATTACK":
            self.boss_attack(boss, ln, task)
        elif ln.special == "Burrow":
            self.boss_burrow(boss)
        elif ln.special == "Tremor":
            self.boss_tremor(boss)
        else:
            self.emit("boss_special", "DV-7", "Rush: the next Move line goes its full length.")

    def boss_move_target(self, boss: EnemyState, bd, i: int) -> None:
        """R-BOSS-18: pick the Move line's target; ties: active character, then the player."""
        ln = bd.lines[i]
        s = self.s
        cands = self.on_boss_tile(boss)
        if ln.target == "ACTIVE":
            cands = [c for c in cands if c.seat == s.active]
        if not cands:
            self.emit("boss_idle", "R-BOSS-18", "No target on the tile: the Move line is skipped.")
            return
        dist = self.boss_dist(boss, boss.pos)
        if ln.target == "NEAREST":
            key = lambda c: dist.get(c.pos, INF)  # noqa: E731
        elif ln.target == "FARTHEST":
            key = lambda c: -dist.get(c.pos, -INF)  # noqa: E731
        elif ln.target == "MOST_WOUNDED":
            key = lambda c: -c.health  # noqa: E731
        else:
            key = lambda c: 0  # noqa: E731
        best = min(key(c) for c in cands)
        tied = [c for c in cands if key(c) == best]
        act = s.active_char
        if act in tied:
            tied = [act]
        later_attack = next((x for x in bd.lines[i + 1:] if x.kind == "ATTACK"), None)
        steps = ln.max + (1 if self.enraged(boss) else 0)
        ctx = {"steps": steps, "attack": later_attack.attack if later_attack else None}
        self.ask("boss_target", s.active, "The boss goes for one of several survivors: which?",
                 [Action(kind="pick", target=c.cid) for c in tied], ctx)

    def d_boss_target(self, ctx: dict, a: Action) -> None:
        self.push({"t": "boss_step", "target": a.target, "steps": ctx["steps"], "attack": ctx["attack"]})

    def t_boss_step(self, task: dict) -> None:
        """One step of a boss Move line along a shortest route inside its tile (R-BOSS-18)."""
        boss = self.boss()
        c = self.s.char(task["target"])
        if boss is None or not c.conscious or task["steps"] <= 0:
            return
        if task["attack"]:
            att = self.edef(boss).attacks[task["attack"]]
            if self.g.dR(boss.pos, c.pos) <= att.range and self.los(boss.pos, c.pos):
                return  # (b) the next attack can reach
        elif c.pos in self.g.neighbours(boss.pos):
            return  # (c) adjacent
        dist = self.boss_dist(boss, c.pos)
        cur = dist.get(boss.pos, INF)
        tile = self.boss_tile_squares(boss)
        nxt = sorted([q for q in self.g.neighbours(boss.pos) if q in tile and q != c.pos
                      and dist.get(q, INF) == cur - 1], key=lambda q: (q[1], q[0]))
        if not nxt:
            return
        self.ask("boss_step", self.s.active, "The boss can step onto several squares: which?",
                 [Action(kind="place", target=boss.uid, to=q) for q in nxt],
                 {"target": task["target"], "steps": task["steps"], "attack": task["attack"]})

    def d_boss_step(self, ctx: dict, a: Action) -> None:
        boss = self.boss()
        self.boss_enter(boss, a.to, "R-BOSS-18", damage=0)
        self.push({"t": "boss_step", "target": ctx["target"], "steps": ctx["steps"] - 1, "attack": ctx["attack"]})

    def boss_enter(self, boss: EnemyState, to: Sq, rule: str, damage: int) -> None:
        """The boss enters a square; every other model there is shoved out (R-BOSS-5)."""
        frm = boss.pos
        boss.pos = to
        self.emit("enemy_move", rule, f"{self.edef(boss).name} moves to {to}.", enemy=boss.uid, frm=list(frm),
                  to=list(to))
        tasks = []
        for c in self.chars_at(to):
            tasks.append({"t": "shove", "kind": "char", "id": c.cid, "damage": damage})
        for e in self.enemies_at(to):
            if e is not boss:
                tasks.append({"t": "shove", "kind": "enemy", "id": e.uid, "damage": 0})
        self.push(*tasks)

    def t_shove(self, task: dict) -> None:
        """R-BOSS-5: push a displaced model to a connected-adjacent square with room on the
        boss's tile; else the nearest such square on the tile; else anywhere in the region."""
        s = self.s
        boss = self.boss()
        if task["kind"] == "char":
            m = s.char(task["id"])
            units, seat = 1, m.seat
            if m.pos is None:
                return
        else:
            m = s.enemy(task["id"])
            if m is None:
                return
            units, seat = self.edef(m).base.units, s.active
        tile = self.boss_tile_squares(boss) if boss else frozenset()
        here = m.pos
        opts = [q for q in self.g.neighbours(here) if q in tile and self.room(q, units)]
        if not opts:
            dist = self.g.distances_from(here)
            for pool in (tile, set(dist)):
                ok = [q for q in pool if q != here and q in dist and self.room(q, units)]
                if ok:
                    m0 = min(dist[q] for q in ok)
                    opts = [q for q in ok if dist[q] == m0]
                    break
        if not opts:
            self.emit("shove", "R-BOSS-5", "Nowhere to shove: the model stays.")
            return
        opts = sorted(opts, key=lambda q: (q[1], q[0]))
        self.ask("shove", seat, "Shoved by the boss: choose the square.",
                 [Action(kind="place", target=task["id"], to=q) for q in opts], task)

    def d_shove(self, ctx: dict, a: Action) -> None:
        if ctx["kind"] == "char":
            c = self.s.char(ctx["id"])
            frm = c.pos
            c.pos = a.to
            self.emit("push", "R-BOSS-5", f"{self.name(c)} is shoved to {a.to}.", char=c.cid, frm=list(frm),
                      to=list(a.to))
            if ctx.get("damage"):
                self.damage_char(c, ctx["damage"], "DV-7", " from the eruption")
            if c.conscious and a.to in self.fire():
                self.damage_char(c, 1, "R-FIRE-3", " from the fire")
            self.on_enter(c)
        else:
            e = self.s.enemy(ctx["id"])
            frm = e.pos
            e.pos = a.to
            self.emit("push", "R-BOSS-5", f"The {self.edef(e).name} is shoved to {a.to}.", enemy=e.uid,
                      frm=list(frm), to=list(a.to))

    def boss_attack(self, boss: EnemyState, ln, task: dict) -> None:
        """R-BOSS-19 / R-BOSS-14: attack the active character if possible, else another (player's
        choice); a sweep attacks every character in range and LOS on the tile."""
        att = self.edef(boss).attacks[ln.attack]
        targets = [c for c in self.on_boss_tile(boss)
                   if self.g.dR(boss.pos, c.pos) <= att.range and self.los(boss.pos, c.pos)]
        if not targets:
            self.emit("boss_idle", "R-BOSS-19", f"{att.name}: nobody in reach, the line is skipped.")
            return
        base = {"t": "enemy_attack", "enemy": boss.uid, "extra": 0, "profile": ln.attack, "unavoidable": False,
                "rule": "R-BOSS-19", "dmg_bonus": ln.dmg_bonus}
        if att.sweep:
            self.push(*[{**base, "target": c.cid, "rule": "R-BOSS-14"} for c in targets])
            return
        if ln.fresh_target and len(targets) > 1 and self.s.flags.get("boss_last_target") in [c.cid for c in targets]:
            targets = [c for c in targets if c.cid != self.s.flags["boss_last_target"]]
        act = self.s.active_char
        if act in targets:
            targets = [act]
        self.ask("boss_attack_target", self.s.active, f"{att.name}: which survivor does it strike?",
                 [Action(kind="pick", target=c.cid) for c in targets], base)

    def d_boss_attack_target(self, ctx: dict, a: Action) -> None:
        self.s.flags["boss_last_target"] = a.target
        self.push({**ctx, "target": a.target})

    def t_boss_charge(self, task: dict) -> None:
        """R-BOSS-20: after the attack the boss moves into the target's square, shoving everyone."""
        boss = self.s.enemy(task["enemy"])
        c = self.s.char(task["cid"])
        if boss is None or c.pos is None or c.pos not in self.boss_tile_squares(boss):
            return
        self.boss_enter(boss, c.pos, "R-BOSS-20", damage=0)

    def boss_burrow(self, boss: EnemyState) -> None:
        """DV-7 Burrow: resurface next to the active character, shoving (1 damage each)."""
        c = self.s.active_char
        tile = self.boss_tile_squares(boss)
        if not c.conscious or c.pos not in tile:
            return
        opts = [q for q in self.g.neighbours(c.pos) if q in tile]
        if not opts:
            dist = self.boss_dist(boss, c.pos)
            m = min(v for q, v in dist.items() if q != c.pos)
            opts = [q for q, v in dist.items() if v == m and q != c.pos]
        self.ask("burrow", self.s.active, "Where does the Burrower erupt?",
                 [Action(kind="place", target=boss.uid, to=q) for q in sorted(opts, key=lambda q: (q[1], q[0]))], {})

    def d_burrow(self, ctx: dict, a: Action) -> None:
        boss = self.boss()
        self.emit("boss_special", "DV-7", f"{self.edef(boss).name} burrows and erupts at {a.to}.")
        self.boss_enter(boss, a.to, "DV-7", damage=1)

    def boss_tremor(self, boss: EnemyState) -> None:
        """DV-7 Tremor: everyone on the tile evades at tier 1; a failure takes 1 damage and is pushed."""
        for c in self.on_boss_tile(boss):
            faces = self.roll(["blue"] * self.cdef(c).evade_dice)
            ok = any(face_meets_tier(f, 1) for f in faces)
            self.emit("evade", "DV-7", f"Tremor - {self.name(c)} keeps footing? {_faces_text(faces)} → "
                      + ("yes." if ok else "falls."), char=c.cid, tier=1, extra=0, faces=[f.value for f in faces],
                      success=ok, enemy=boss.uid)
            if not ok:
                self.damage_char(c, 1, "DV-7", " from the tremor")
                if c.conscious:
                    self.push({"t": "push_char", "cid": c.cid, "rule": "DV-7"})


def _line_text(ln) -> str:
    if ln.kind == "MOVE":
        return f"Move toward {ln.target.lower().replace('_', ' ')} up to {ln.max}"
    if ln.kind == "ATTACK":
        return f"Attack: {ln.attack}" + (f" (+{ln.dmg_bonus} damage)" if ln.dmg_bonus else "") + \
            (" (a new target if possible)" if ln.fresh_target else "")
    return f"Special: {ln.special}"


def _passes_through(a: Sq, b: Sq, q: Sq) -> bool:
    """Does the centre-to-centre segment a-b enter the interior of square q?"""
    from .board import _seg_enters_box

    return _seg_enters_box(2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1,
                           2 * q[0], 2 * q[1], 2 * q[0] + 2, 2 * q[1] + 2)


def _faces_text(faces: list[Face]) -> str:
    names = {Face.BLANK: "blank", Face.HIT: "hit", Face.HIT_PLUS: "hit+", Face.CRIT: "critical"}
    return "[" + ", ".join(names[f] for f in faces) + "]"

