"""The dungeon crawl's rule set, part A: set-up, the round, actions, movement and terrain, map
cards and exploration, line of sight, enemy placement, hero death, victory and defeat
(rules/dungeon.md sections 2-8, 10.1, 14). Part B (combat, behaviour, items, skills, keywords)
is the ``Fight`` mixin (:mod:`.fight`, its seam :mod:`.hooks`). The map's rules (LOS, movement, exploration,
enemy placement) are the ``Explore`` mixin of :mod:`.explore`.

Flow (the machine's phase table, D-ROUND-1): ``player`` (free order, D-ROUND-2: the players pick
who goes next among the heroes that have not had a turn) -> ``enemy`` (D-ROUND-4/5) ->
``refresh`` (D-ROUND-6/7) -> ``player`` ... A hero's turn is the decision ``act``: its options
are the hero's actions and minor actions (window a); the same decision is open to every other
living hero for its minor actions (window b, ``seat_legal``). The enemy phase opens window
``minor_enemy`` before each enemy activates (window c). D-ACT-5.

Action kinds (payload fields): ``dmove`` (seat, to) a Move action to a square (or the rest of
a Move in progress); ``dstep`` (seat, to) one orthogonal step, which begins a Move (an action) or
goes on with the one in progress, so minor actions fit between two steps (D-ACT-5 a);
``dstop`` (seat) ends the Move in progress (its points are lost, D-MOVE-7); ``dend`` (seat) end the turn
(D-ROUND-3); ``dother`` (seat, name) an Other action of the scenario (16.7 SR-1 ``claim``);
``dgive``/``dtake`` (seat, other, item) hand an item over (D-ACT-6). Part B adds its own.
"""
from __future__ import annotations

from typing import Any

from ..actions import Action, action_payload, make_typed
from ..board import Sq
from ..defs import ScenarioDef
from ..machine import FREE_ORDER, Machine, Phase, RuleSet, Window, action, decision, register_ruleset, task
from ..rng import Rng
from ..scenario import Content, Scenario
from ..state import Pending
from .defs import COLOURS, DungeonPack, DungeonScenarioDef
from .explore import Explore
from .fight import Fight
from .hooks import HeroStats
from .party import check_party, new_hero, parse_choice, party_of, read_party
from .layout import OPPOSITE, Layout, build
from .state import DungeonState, DungeonSub, EnemyFig, HeroState, PlacedMap

MOVE, STEP_, STOP, END, OTHER, GIVE, TAKE = "dmove", "dstep", "dstop", "dend", "dother", "dgive", "dtake"
action_payload(MOVE, seat=int, to=tuple)
action_payload(STEP_, seat=int, to=tuple)
action_payload(STOP, seat=int)
action_payload(END, seat=int)
action_payload(OTHER, seat=int, name=str)
action_payload(GIVE, seat=int, other=int, item=str)
action_payload(TAKE, seat=int, other=int, item=str)

ACTIONS_PER_TURN = 2  # D-ACT-1
CAP = 20  # D-COMP-8: energy and treasure trackers
#: D-ACT-5: the minor actions part A itself offers in every window
OWN_MINOR = (GIVE, TAKE)


class DungeonScenario(Scenario):
    """A dungeon to play: the engine's :class:`~game.engine.scenario.Scenario` (brief, board,
    rule set ``"dungeon"``) with the dungeon's content pack and scenario definition."""

    pack: DungeonPack
    defn: DungeonScenarioDef

    def __init__(self, pack: DungeonPack, defn: DungeonScenarioDef):
        lay = build(defn.cards, [(defn.start, (0, 0), 0)])
        object.__setattr__(self, "pack", pack)
        object.__setattr__(self, "defn", defn)
        brief = ScenarioDef(id=defn.id, name=defn.name, map="")
        brief.__dict__["name"] = defn.name  # (its stable key: messages.Keyed; the validated copy is a plain str)
        super().__init__(brief=brief, board=lay.board, content=Content(), rules="dungeon")

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: object) -> bool:
        return other is self


class Core(Explore):
    """Part A's handlers and helpers (mixed into :class:`DungeonRun`)."""

    s: DungeonState

    # ------------------------------------------------------------------ reading the state
    @property
    def d(self) -> DungeonSub:
        return self.s.dungeon

    @property
    def scn(self) -> DungeonScenario:
        return self.s.scenario

    @property
    def pack(self) -> DungeonPack:
        return self.scn.pack

    @property
    def defn(self) -> DungeonScenarioDef:
        return self.scn.defn

    @property
    def lay(self) -> Layout:
        """The map of the placed cards (D-MAP-3..5), cached per placements."""
        key = tuple((c.card, tuple(c.slot), c.rot) for c in self.d.cards)
        hit = self.s.cache.get("layout")
        if hit is None or hit[0] != key:
            hit = self.s.cache["layout"] = (key, build(self.defn.cards, key))
        return hit[1]

    def seats(self) -> int:
        return len(self.d.heroes)

    def hero_at(self, seat: int) -> HeroState:
        return self.d.heroes[seat]

    def hero_ref(self, h: HeroState) -> dict:
        return {"t": "char", "id": h.uid, "name": self.faces(h)[0].name}

    def enemy_ref(self, e: EnemyFig) -> dict:
        return {"t": "enemy", "id": e.uid, "type": e.type, "name": self.pack.enemies[e.type].name}

    def walk_words(self, frm: Sq, to: Sq) -> tuple[str, dict]:
        """The message id and the square reference of a walk from ``frm`` to ``to``, worded the way
        the board shows the dungeon: by the name of the map card drawn there (a junction belongs to
        both its cards, D-MAP-5). ``("within", ref)`` when both squares lie on one card, else
        ``("into", ref)`` naming the card of ``to``; the ref is ``{"t": "sq", "xy", "room"}``."""
        cards_of = self.lay.cards_of
        here, there = cards_of.get(tuple(frm), ()), cards_of.get(tuple(to), ())
        shared = [k for k in there if k in here]
        k = shared[0] if shared else (there[0] if there else None)
        room = self.defn.cards[self.d.cards[k].card].name if k is not None else None
        return ("within" if shared else "into"), {"t": "sq", "xy": list(to), "room": room}

    def faces(self, h: HeroState) -> tuple:
        """The chosen faces of ``h``'s character, equipment and ability cards (D-COMP-5)."""
        p = self.pack
        return (p.characters[h.character].faces[h.faces[0]], p.equipment[h.equipment].faces[h.faces[1]],
                p.abilities[h.ability].faces[h.faces[2]])

    def hero_stats(self, h: HeroState) -> HeroStats:
        """D-COMP-2..4, D-COMBAT-2, D-MOVE-2/3, D-SKILL-2: the hero's numbers."""
        ch, eq, ab = self.faces(h)
        return HeroStats(melee=(eq.melee.dice, eq.melee.mod + ch.melee),
                         ranged=(eq.ranged.dice, eq.ranged.mod + ch.ranged), ranged_char=ch.ranged,
                         defence=eq.defence + ch.defence + self.defence_bonus(h),
                         speed=ch.speed + eq.speed + self.speed_bonus(h),  # D-MOVE-2, D-MOVE-3
                         skills={k: getattr(ch, k) + getattr(ab, k) for k in ("might", "agility", "lore")},
                         keywords=eq.keywords, life=ch.life, energy_cost=ab.energy, ability=ab.effect)

    def enemy_type(self, e: EnemyFig) -> Any:
        return self.pack.enemies[e.type]

    def roll(self, n: int) -> list[int]:
        """``n`` six-sided dice from the game's one stream (D-COMP-10)."""
        return [self.s.rng.below(6) + 1 for _ in range(n)]

    def occupied(self) -> dict[Sq, str]:
        """Square -> ``"hero"`` or ``"enemy"`` for every figure on the map (D-MOVE-5)."""
        out = {e.pos: "enemy" for e in self.d.enemies}
        out.update({h.pos: "hero" for h in self.d.heroes if not h.dead and h.pos is not None})
        return out

    def unexplored(self) -> dict[Sq, Any]:
        """Unexplored exit half-squares (D-EXPLORE-1): exits of placed cards that are neither
        junctions nor closed (dead ends, D-EXPLORE-5/6)."""
        lay = self.lay
        closed = {tuple(q) for q in self.d.closed}
        return {q: v for q, v in lay.exits.items() if q not in lay.junctions and q not in closed}

    def figures_on_card(self, index: int) -> list[Any]:
        """Heroes and enemies on placement ``index``'s squares, junctions included (D-MAP-5)."""
        lay = self.lay
        return [f for f in (*self.d.living(), *self.d.enemies) if f.pos is not None and lay.on_card(f.pos, index)]

    # ------------------------------------------------------------------ trackers (D-COMP-7/8)
    def gain(self, h: HeroState, tracker: str, n: int) -> int:
        """D-COMP-8: add ``n`` (may be negative) to ``h``'s ``life``/``energy``/``treasure``,
        kept within 0..cap (life: the hero's maximum; others: 20). Returns the change made."""
        cap = self.hero_stats(h).life if tracker == "life" else CAP
        old = getattr(h, tracker)
        new = max(0, min(cap, old + n))
        setattr(h, tracker, new)
        return new - old

    def hurt_hero(self, h: HeroState, n: int, rule: str) -> None:
        """``n`` damage to ``h`` with no defence (a pit, a map effect; D-COMBAT-14: 1 life per
        point). At 0 life it dies (D-END-1): removed from the map, its items, energy and
        treasure lost (D-END-2, D-ITEM-7)."""
        if h.dead or n <= 0:
            return
        lost = -self.gain(h, "life", -n)
        self.emit("hero_damage", rule, "dungeon.hero_damage", {"hero": self.hero_ref(h), "n": lost},
                  hero=h.uid, n=lost, life=h.life)
        if h.life == 0:  # D-END-1
            h.dead, h.pos, h.items, h.energy, h.treasure = True, None, [], 0, 0  # D-END-2, D-ITEM-7
            h.stunned = False
            self.d.log["deaths"] = self.d.log.get("deaths", 0) + 1
            self.emit("hero_dies", "D-END-1", "dungeon.hero_dies", {"hero": self.hero_ref(h)}, hero=h.uid)

    # ------------------------------------------------------------------ the round (D-ROUND)
    def may_take_turn(self, seat: int) -> bool:
        """D-ROUND-2/3: a living hero that has not had its turn this round."""
        h = self.d.heroes[seat]
        return not h.dead and not h.turn_done

    def check_end(self) -> None:
        """D-END-3..6: victory when the objective is met, defeat when every hero is dead or a
        scenario defeat condition holds; both at once: defeat (D-END-6)."""
        s = self.s
        if s.result is not None or s.phase == "setup":
            return
        lost = self.d.log.get("flooded") or not self.d.living()
        if lost:
            s.result = "failure"
            s.result_reason = "dungeon.defeat.flooded" if self.d.log.get("flooded") else "dungeon.defeat.dead"
            self.emit("result", "D-END-5" if self.d.log.get("flooded") else "D-END-3", "dungeon.result",
                      {"result": {"t": "msg", "id": "result.failure"}}, result="failure", reason=s.result_reason)
        elif self.d.claimed:
            s.result, s.result_reason = "success", "dungeon.victory"
            self.emit("result", "D-END-4", "dungeon.result", {"result": {"t": "msg", "id": "result.success"}}, result="success",
                      reason=s.result_reason)

    @task("start_encounter")
    def t_start_encounter(self, task: dict) -> None:
        """D-SETUP-12: the start card's encounter, then round 1 (the task under it)."""
        self.place_encounter(0)

    @task("begin_round")
    def t_begin_round(self, task: dict) -> None:
        """D-ROUND-1: a round begins with the player phase."""
        self.emit("round", "D-ROUND-1", "dungeon.round", {"n": self.d.round}, round=self.d.round)
        self.begin_phase("player")

    @task("hero_turn")
    def t_hero_turn(self, task: dict) -> None:
        """D-ROUND-2: the chosen hero's turn of two actions (D-ACT-1). A stunned hero skips
        it whole and its stun clears (D-KEY-6)."""
        s = self.s
        h = self.d.heroes[s.active]
        if h.stunned:
            h.stunned = False
            h.turn_done = True
            self.emit("turn_skipped", "D-KEY-6", "dungeon.turn_skipped", {"hero": self.hero_ref(h)}, hero=h.uid)
            self.push({"t": "next_turn"})
            return
        s.actions_left = ACTIONS_PER_TURN
        s.turn += 1
        self.emit("turn", "D-ROUND-2", "dungeon.turn", {"hero": self.hero_ref(h)}, hero=h.uid, seat=s.active)
        self.push({"t": "act"})

    @task("act", pure=True)
    def t_act(self, task: dict) -> None:
        """D-ACT-1/5: the active hero's decision; other living heroes may answer it with minor
        actions (window b). Options are computed on demand (``legal_hook``)."""
        s = self.s
        others = [h.seat for h in self.d.living() if h.seat != s.active]
        s.pending = Pending("act", s.active, "dungeon.prompt.act", [], {}, others, False,
                            {"hero": self.hero_ref(self.d.heroes[s.active]), "n": s.actions_left})

    def act_options(self) -> list[Action]:
        """The active hero's options: Move (D-MOVE), Attack (part B), Other (SR-1) while it has
        actions; minor actions (D-ACT-3, window a); end the turn (D-ROUND-3), listed last."""
        s = self.s
        h = self.d.heroes[s.active]
        out: list[Action] = []
        if self.d.moving >= 0 and not h.dead:  # a Move in progress (D-ACT-5 a)
            out += self.move_options(h, self.d.moving)
            out.append(make_typed(STOP, seat=h.seat))
        elif s.actions_left > 0 and not h.dead:
            out += self.move_options(h, self.hero_stats(h).speed)
            out += self.attack_options(h)
            out += self.other_options(h)
        out += self.minors(h, "own")
        out.append(make_typed(END, seat=h.seat))
        return out

    def move_options(self, h: HeroState, points: int) -> list[Action]:
        """Move to any square within ``points`` (D-MOVE-1..7), then one step to each orthogonal
        neighbour within them that holds no figure (a Move made step by step, D-ACT-5 a)."""
        costs = self.move_costs(h, points)
        out = [make_typed(MOVE, seat=h.seat, to=q) for q in costs]
        x, y = h.pos
        out += [make_typed(STEP_, seat=h.seat, to=q) for q in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
                if q in costs]
        return out

    def minors(self, h: HeroState, window: str) -> list[Action]:
        """D-ACT-3..7: every minor action ``h`` may take in ``window``: none for a dead hero
        (D-ACT-7); part B's and the item hand-over (D-ACT-6)."""
        if h.dead:
            return []
        return self.minor_options(h, window) + self.handover_options(h)

    def seat_options(self, p: Pending, seat: int) -> list[Action]:
        """D-ACT-5 (b): another living hero's options in the active hero's decision: its minor
        actions and nothing else."""
        if p.kind == "act":
            return self.minors(self.d.heroes[seat], "other")
        return super().seat_options(p, seat)  # type: ignore[misc]

    def window_options(self, w: Window, seat: int) -> list[Action]:
        """D-ACT-5 (c): a hero's minor actions before an enemy activates."""
        return self.minors(self.d.heroes[seat], "enemy")

    @decision("act")
    def d_act(self, ctx: dict, a: Action) -> None:
        """Perform the chosen option (D-ACT-1..5)."""
        s = self.s
        kind = a.kind
        if kind in self.minor_kinds():  # D-ACT-3/4: no action spent
            self.push({"t": "act"})
            self.rules.actions[kind](self, a.seat, a)
            return
        h = self.d.heroes[s.active]
        if kind == END:  # D-ROUND-3
            self.end_turn(h)
            return
        if kind in (MOVE, STEP_, STOP):
            self.move_action(h, a)
            return
        s.actions_left -= 1  # D-ACT-1
        self.push({"t": "after_action"})
        if kind == OTHER:
            self.other_action(h, a.name)
        elif kind in self.ATTACK_KINDS:
            self.do_attack(h, a)
        else:
            raise ValueError(f"unknown dungeon action {kind!r}")

    def move_action(self, h: HeroState, a: Action) -> None:
        """A Move action (D-ACT-1, D-MOVE): ``dmove`` goes to its square and ends the Move;
        ``dstep`` makes one step and keeps the rest of the points for more steps (D-ACT-5 a);
        ``dstop`` ends the Move in progress. Only the first step or move of a Move spends an
        action; points left at its end are lost (D-MOVE-7); exploring ends it (D-EXPLORE-8)."""
        d, s = self.d, self.s
        if a.kind == STOP:
            d.moving = -1
            self.push({"t": "after_action"})
            return
        if d.moving < 0:
            s.actions_left -= 1  # D-ACT-1: the Move begins
            points = self.hero_stats(h).speed
        else:
            points = d.moving
        mark = len(s.queue)  # (what the walk queues, e.g. a decision's continuation, runs first)
        spent, ended = self.walk(h, a.to, points)
        left = points - spent
        if a.kind == MOVE or ended or left <= 0:
            d.moving = -1
            s.queue.insert(mark, {"t": "after_action"})
        else:
            d.moving = left
            s.queue.insert(mark, {"t": "act"})

    @task("after_action")
    def t_after_action(self, task: dict) -> None:
        """D-ACT-1, D-EXPLORE-7: the hero goes on while it has actions left (a dead hero's turn
        ends)."""
        h = self.d.heroes[self.s.active]
        if h.dead or self.s.actions_left <= 0:
            self.end_turn(h)
        else:
            self.push({"t": "act"})

    def end_turn(self, h: HeroState) -> None:
        """D-ROUND-2/3: ``h``'s turn is over (unused actions lost); the next by the free order."""
        h.turn_done = True
        self.s.actions_left = 0
        self.d.moving = -1
        self.end_of_turn(h)
        self.push({"t": "next_turn"})

    def minor_kinds(self) -> tuple[str, ...]:
        return tuple(self.MINOR_KINDS) + OWN_MINOR

    # ------------------------------------------------------------------ Other actions (16.7 SR-1)
    def other_options(self, h: HeroState) -> list[Action]:
        """16.7 SR-1: ``claim`` on the objective's marker square of its card, while no enemy is
        on any square of that card (its junction included)."""
        obj = self.defn.objective
        for k, sq in self.lay.markers.get(obj.marker, ()):
            if self.d.cards[k].card != obj.card or h.pos != sq:
                continue
            if any(self.lay.on_card(e.pos, k) for e in self.d.enemies):
                return []
            return [make_typed(OTHER, seat=h.seat, name="claim")]
        return []

    def other_action(self, h: HeroState, name: str) -> None:
        """Perform Other action ``name`` (SR-1: the reliquary is claimed, D-END-4)."""
        if name != "claim":
            raise ValueError(f"unknown Other action {name!r}")
        self.d.claimed = True
        self.emit("claim", "D-END-4", "dungeon.claim", {"hero": self.hero_ref(h)}, hero=h.uid)

    # ------------------------------------------------------------------ items between heroes (D-ACT-6)
    def handover_options(self, h: HeroState) -> list[Action]:
        """D-ACT-6: give any held item to, or take one from, a living hero at Chebyshev
        distance 1 (diagonals included)."""
        out = []
        for o in self.d.living():
            if o is h or h.pos is None or o.pos is None:
                continue
            if max(abs(o.pos[0] - h.pos[0]), abs(o.pos[1] - h.pos[1])) != 1:
                continue
            out += [make_typed(GIVE, seat=h.seat, other=o.seat, item=i) for i in h.items]
            out += [make_typed(TAKE, seat=h.seat, other=o.seat, item=i) for i in o.items]
        return out

    @action(GIVE)
    def do_give(self, seat: int, a: Action) -> None:
        """D-ACT-6: the item goes from ``seat``'s hero to the other."""
        h, o = self.d.heroes[a.seat], self.d.heroes[a.other]
        h.items.remove(a.item)
        o.items.append(a.item)
        self.emit("handover", "D-ACT-6", "dungeon.handover", {"from": self.hero_ref(h), "to": self.hero_ref(o)},
                  frm=h.uid, to=o.uid, item=a.item)

    @action(TAKE)
    def do_take(self, seat: int, a: Action) -> None:
        """D-ACT-6: the item goes from the other hero to ``seat``'s."""
        h, o = self.d.heroes[a.seat], self.d.heroes[a.other]
        o.items.remove(a.item)
        h.items.append(a.item)
        self.emit("handover", "D-ACT-6", "dungeon.handover", {"from": self.hero_ref(o), "to": self.hero_ref(h)},
                  frm=o.uid, to=h.uid, item=a.item)

    # ------------------------------------------------------------------ enemy phase (D-ROUND-4/5)
    def activation_order(self) -> list[EnemyFig]:
        """D-ROUND-4/5: green, blue, red; ranged before melee within a colour; then spawn order.
        Enemies placed during this enemy phase wait for the next round (D-ACT-5)."""
        rank = {c: i for i, c in enumerate(COLOURS)}
        return sorted((e for e in self.d.enemies
                       if not (e.placed_phase == "enemy" and e.placed_round == self.d.round)),
                      key=lambda e: (rank[e.colour], 0 if self.enemy_type(e).is_ranged else 1, e.spawn))

    @task("enemy_phase")
    def t_enemy_phase(self, task: dict) -> None:
        """D-ROUND-4: every enemy activates in order, window (c) before each (D-ACT-5)."""
        self.d.acted = []
        order = self.activation_order()
        steps: list[dict] = []
        for e in order:
            steps += [{"t": "open_window", "w": "minor_enemy"}, {"t": "activate", "e": e.uid}]
        steps.append({"t": "enemy_done"})
        self.push(*steps)

    @task("activate")
    def t_activate(self, task: dict) -> None:
        """One enemy's activation (part B's :meth:`activate_enemy`); an enemy defeated or
        removed before its turn is skipped."""
        e = self.d.enemy(task["e"])
        if e is None or not self.d.living():
            return
        self.d.acted.append(e.uid)
        self.emit("enemy_turn", "D-ROUND-4", "dungeon.enemy_turn", {"enemy": self.enemy_ref(e)}, enemy=e.uid)
        self.activate_enemy(e)

    @task("enemy_done")
    def t_enemy_done(self, task: dict) -> None:
        self.begin_phase("refresh")

    # ------------------------------------------------------------------ refresh (D-ROUND-6/7)
    @task("refresh")
    def t_refresh(self, task: dict) -> None:
        """D-ROUND-7: (1) end-of-round effects (part B); (2) the scenario's rules, the round limit
        (16.7 SR-2: reaching this step in the last round without victory is defeat, D-END-5);
        (3) every turn available again; (4) the round number + 1. Then the next round."""
        self.end_of_round()  # step 1
        if self.d.round >= self.defn.round_limit and not self.d.claimed:  # step 2
            self.d.log["flooded"] = 1
            self.emit("round_limit", "D-END-5", "dungeon.round_limit", {"n": self.d.round}, round=self.d.round)
            return
        for h in self.d.heroes:  # step 3
            h.turn_done = False
        self.d.round += 1  # step 4
        self.push({"t": "begin_round"})


class DungeonRun(Fight, Core, Machine):
    """One resolution pass of the dungeon crawl: part B's mixin, part A's, the machine."""

    def __init__(self, s: DungeonState):
        Machine.__init__(self, s)


def _legal(run: DungeonRun, p: Pending) -> list[Action]:
    if p.kind == "act":
        return run.act_options()
    return list(p.options)


def setup(scenario: DungeonScenario, party: list[Any], seed: int) -> DungeonState:
    """D-SETUP-1..13: heroes from their three cards in seat order, checked; the item deck
    shuffled and 3 cards turned up as the market; the start card placed at slot (0, 0) with the
    heroes on its start squares in seat order; the start card's encounter resolved; round 1
    begins. Raises ValueError for a party the rules refuse."""
    pack, defn = scenario.pack, scenario.defn
    s = DungeonState(scenario_id=defn.id, seed=seed, rng=Rng.from_seed(seed))
    heroes = [new_hero(pack, seat, c) for seat, c in enumerate(party)]  # D-SETUP-1/2/13
    check_party(pack, heroes)
    d = DungeonSub(scenario=defn.id, heroes=heroes, sequence=list(defn.sequence))
    d.sets = 1 if len(heroes) <= 2 else 2  # D-SETUP-6
    deck = []
    for copy in range(d.sets):  # D-SETUP-5/8: two sets' decks shuffled together; scenario-only set aside
        for iid, item in pack.items.items():
            if not item.scenario_only:
                uid = f"i{copy + 1}-{iid}"
                d.item_defs[uid] = iid
                deck.append(uid)
    s.rng.shuffle(deck)
    d.market, d.deck = deck[:3], deck[3:]  # D-SETUP-8
    d.cards = [PlacedMap(card=defn.start, slot=(0, 0), rot=0)]  # D-SETUP-9
    start = build(defn.cards, [(defn.start, (0, 0), 0)]).start
    if len(start) < len(heroes):
        raise ValueError(f"the start card {defn.start} has {len(start)} start squares for {len(heroes)} heroes (D-SETUP-9)")
    for h, q in zip(heroes, start):
        h.pos = q
    s.dungeon = d
    s.queue = [{"t": "begin_round"}, {"t": "start_encounter"}]
    return s


MINOR_WINDOW_KINDS = tuple(Fight.MINOR_KINDS) + OWN_MINOR
PHASES = (
    Phase("player", start="hero_turn", then="enemy", rule="D-ROUND-2", order=FREE_ORDER),
    Phase("enemy", start="enemy_phase", then="refresh", rule="D-ROUND-4",
          windows=(Window("minor_enemy", seats="all", kinds=MINOR_WINDOW_KINDS, rule="D-ACT-5"),)),
    Phase("refresh", start="refresh", then="player", rule="D-ROUND-7"),
)


def check_dungeon(state: Any, scn: Any) -> list[str]:
    """The dungeon's invariants (a loaded save): trackers within D-COMP-8, one figure per
    square (D-MOVE-5), dead heroes off the map (D-END-2), enemies' life within 1..max."""
    out = []
    d = state.dungeon
    seen: dict = {}
    for h in d.heroes:
        if not 0 <= h.energy <= CAP or not 0 <= h.treasure <= CAP or h.life < 0:
            out.append(f"hero {h.uid}: trackers out of range (life {h.life}, energy {h.energy}, treasure {h.treasure})")
        if h.dead and h.pos is not None:
            out.append(f"hero {h.uid} is dead but on the map")
        if h.pos is not None:
            if tuple(h.pos) in seen:
                out.append(f"two figures on {tuple(h.pos)}")
            seen[tuple(h.pos)] = h.uid
    for e in d.enemies:
        if tuple(e.pos) in seen:
            out.append(f"two figures on {tuple(e.pos)}")
        seen[tuple(e.pos)] = e.uid
        if not 0 < e.life <= e.max_life:
            out.append(f"enemy {e.uid}: life {e.life} of {e.max_life}")
    return out


DUNGEON = register_ruleset(RuleSet(name="dungeon", run_class=DungeonRun, setup=setup, phases=PHASES,
                                   legal_hook=_legal, state_class=DungeonState, checks=(check_dungeon,),
                                   read_party=read_party, party_of=party_of))


__all__ = ["DUNGEON", "DungeonRun", "DungeonScenario", "END", "GIVE", "MOVE", "OTHER", "TAKE", "check_party",
           "new_hero", "parse_choice", "setup"]
