"""A simple, fair bot: it sees what a player sees and picks among ``legal_actions``.

Priorities on its own turn: leave by the exit; revive a fallen ally; heal when hurt; fight
what is in its square or next to it, and the boss when there is one; reload; pick up items
underfoot; walk (opening doors) toward the goal (the exit, or the boss); back away from the
boss when at Danger with nothing to heal. Small decisions (push squares, re-rolls, ordering,
narrative choices) get sensible defaults. It never looks at the order of any deck.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Action
from ..engine import EdgeState, Geometry, edge_id, edge_key, parse_edge_id
from ..engine.query import View
from ..engine import Rng

INF = float("inf")


@dataclass
class Bot:
    """Chooses an action for whoever must decide. ``seed`` only breaks ties."""

    seed: int = 0
    rng: Rng = field(init=False)
    _memo: dict = field(init=False, default_factory=dict, repr=False, compare=False)  # distance maps (speed only)

    def __post_init__(self) -> None:
        self.rng = Rng.from_seed(self.seed)

    def choose(self, game) -> Action:
        """One legal action for the pending decision of ``game``: the :class:`View` of the seat that
        decides (what that player may see), or a game state (then its deciding seat's view is
        taken, ``View.deciding``). Raises ValueError if there is none."""
        run = game if isinstance(game, View) else View.deciding(game)
        legal = run.legal()
        if not legal:
            raise ValueError("no legal action: the game is over or not started")
        kind = run.pending.kind
        if kind == "act":
            return self.act(run, legal)
        if kind in ("react_order", "order_moves"):
            return next((a for a in legal if a.kind == "auto"), legal[0])
        if kind == "reroll":
            return next((a for a in legal if a.kind == "reroll"), legal[0])
        if kind == "push_enemy":
            return self.best_push(run, legal)
        if kind == "push_char":
            return self.safest_square(run, legal)
        if kind == "keep":
            return self.keep(run, legal)
        if kind == "trade":  # the planned moves, then finish, else call it off (R-TRADE-2: a way out)
            ctx = run.pending.ctx or {}
            me, other = run.char(ctx.get("cid")), run.char(ctx.get("other"))
            for uid, to in self.trade_plan(run, me, other):
                want = "give" if to == other.cid else "take"
                hit = next((a for a in legal if a.kind == want and a.item == uid), None)
                if hit is not None:
                    return hit
            return next((a for a in legal if a.kind == "done"), next((a for a in legal if a.kind == "decline"),
                                                                     legal[0]))
        if kind == "overflow":
            return self.cheapest_discard(run, legal)
        if kind == "gear":  # spread the extra weapons: the survivor with the fewest cards first
            gives = [a for a in legal if a.target != "box"]
            if not gives:
                return legal[0]
            return min(gives, key=lambda a: (len(run.char(a.target).inventory), run.char(a.target).seat))
        if kind == "narrative":
            return self.narrative_choice(run, legal)
        if kind == "take":
            c = run.char(run.pending.ctx.get("cid")) if (run.pending.ctx or {}).get("cid") else run.active_char
            takes = [a for a in legal if a.kind == "take" and self.wanted(run, c, a.item)]
            return takes[0] if takes else next(a for a in legal if a.kind == "done")
        if kind == "ribbon_cards":  # R-EASY-6: as many tension cards back as the ribbon buys
            return max(legal, key=lambda a: a.n or 0)
        if kind == "stash":
            return next(a for a in legal if a.kind == "done")
        return self.mode_decision(run, legal, kind)

    def mode_decision(self, run: View, legal: list[Action], kind: str) -> Action:
        """A decision only a mode asks (not the city's): the first option here. A mode's bot answers
        its own (the manor's: :class:`game.ai.mansion_bot.MansionDecisions`; which bot plays which
        rule set: :func:`game.ai.modes.bot_for`, and in the window the mode's kit, ``kit.bot``)."""
        return legal[0]

    def narrative_choice(self, run: View, legal: list[Action]) -> Action:
        """Weigh each available option by its keywords: danger and enemies are bad, items good."""
        opts = run.narrative_options(run.pending.ctx)
        weights = {"SPAWN": -3, "FIRE": -1, "POISON": -2, "DISCARD_WEAPON": -3, "DISCARD_RECOVERY": -2,
                   "DISCARD_AMMO": -1, "DRAW_A": 2, "RECOVER": 2, "REFILL": 2}
        # in a campaign a danger space stays for every later scenario (R-DANGER-3: the track is the
        # campaign's budget), so it weighs twice as much as in a game played on its own
        per_space = self.CAMPAIGN_DANGER if self.CITY_JUDGEMENT and run.in_campaign \
            else 1.5

        def score(a: Action) -> float:
            total = 0.0
            for op in opts[a.n].effect:
                if op.op == "DANGER":
                    total -= per_space * op.n
                else:
                    total += weights.get(op.op, 0) * max(1, op.n)
            return total
        return max(legal, key=score)

    # ------------------------------------------------------------------ helpers
    def exit_distances(self, run: View) -> dict:
        """Walking distance to the nearest exit with openable doors counted as open."""
        return self._distances(run, [t.pos for t in run.tokens if t.kind == "exit"])

    def goal_distances(self, run: View) -> dict:
        """Distances to the next goal: campaign tokens still on the map (progression tokens and
        Item C tokens, R-CAMP-10, DV-14), then the scenario actions the objective still needs
        (R-SCEN-4: their token once the item is at hand, else the Item B tokens that may hold
        it), then the exit, or, in a boss fight, the squares within 2 of the boss. A goal that
        cannot be reached is skipped."""
        for goals in self.objective_goals(run):
            if not goals:
                continue
            d = self._distances(run, goals)
            if d.get(run.active_char.pos, INF) < INF:
                return d
        d = self.final_distances(run)
        if d.get(run.active_char.pos, INF) < INF:
            return d
        # the way out is locked: search Item B tokens (keys are Item B cards, DV-18), then any
        for letter in ("B", None):
            goals = [t.pos for t in run.tokens if t.kind == "item"
                     and (letter is None or str(t.props.get("letter", "A")).upper() == letter)]
            if goals:
                d2 = self._distances(run, goals)
                if d2.get(run.active_char.pos, INF) < INF:
                    return d2
        return d

    def pending_objective_actions(self, run: View) -> list:
        """The brief's scenario actions whose marker the objective still needs (R-SCEN-8)."""
        brief = run.brief
        done = set(run.markers())
        want = [m for m in brief.objective_markers if m not in done]
        return [d for d in brief.scenario_actions if d.marker in want]

    def objective_goals(self, run: View) -> list[list]:
        """Goal square lists, most urgent first (see :meth:`goal_distances`)."""
        c = run.active_char
        c_left = run.pile_size("item_c") > 0  # standalone play has no Item C cards (R-STAND-1)
        out = []
        # R-INK-4 before R-TENSION-8: walk to a typewriter while a ribbon is left and the deck is low
        if (run.ink_ribbons > 0 and not run.brief.tension_reshuffle
                and run.pile_size("tension") <= 6 + 2 * len(run.characters)):
            out.append([t.pos for t in run.tokens if t.kind == "typewriter"])
        campaign = run.in_campaign  # R-STAND-1: unused standalone
        tokens = [[t.pos for t in run.tokens if (campaign and t.kind == "progression") or
                   (c_left and t.kind == "item" and str(t.props.get("letter", "A")).upper() == "C")]]
        done = set(run.markers())
        # R-SCEN-8 (c): while an extra failure is still possible, the objective's actions come
        # before the campaign tokens (e.g. start the press before the dead reach it)
        hurry = any(f.unless_marker and f.unless_marker not in done for f in getattr(run.brief, "extra_failure", []))
        if hurry and tokens[0] and self.CITY_JUDGEMENT:  # a campaign token a few steps away: on the way
            near = self._distances(run, tokens[0])
            if near.get(c.pos, INF) <= self.TOKEN_DETOUR:
                out += tokens
                hurry = False
        if not hurry:
            out += tokens
        held = {run.card(u).defn for o in run.characters if not o.exited and not o.dead for sl in o.inventory for u in sl}
        mine = {run.card(u).defn for sl in c.inventory for u in sl}
        for d in self.pending_objective_actions(run):
            if any(m not in done for m in d.needs_markers):
                continue
            if d.item is None or d.item in mine:
                out.append([t.pos for t in run.tokens if d.at is None or (
                    t.kind == d.at and (d.at_label is None or str(t.props.get("label")) == d.at_label))])
            elif d.item not in held:
                out.append([t.pos for t in run.tokens if t.kind == "item"
                            and str(t.props.get("letter", "A")).upper() == "B"])
        if hurry:
            out += tokens
        return out

    #: walking squares to a campaign token (Item C, progression) taken on the way even while an
    #: extra failure (R-SCEN-8 (c)) hurries the party: coming back for it later costs far more
    TOKEN_DETOUR = 6
    #: the city bot's judgement of 2 Dec (second session): trades (:meth:`trade_plan`), no exit
    #: that leaves a last ally alone (:meth:`ally_left_behind`), campaign tokens on the way
    #: (:attr:`TOKEN_DETOUR`); a subclass tuned without them (the manor's) turns them off
    CITY_JUDGEMENT = True
    #: what one danger space is worth to a narrative choice in a campaign (R-DANGER-3; 1.5 alone)
    CAMPAIGN_DANGER = 3.0

    def final_distances(self, run: View) -> dict:
        """Distances to the exit, or, in a boss fight, to the squares within 2 of the boss."""
        boss = run.boss()
        if run.brief.objective != "kill_boss" or boss is None:
            return self.exit_distances(run)
        tile = run.boss_tile_squares()
        goals = [q for q in tile if run.geometry.dR_sq(q, boss.pos) <= 2 and q != boss.pos]
        return self._distances(run, goals)

    def _distances(self, run: View, sources) -> dict:
        """Walking distances from the nearest of ``sources`` over :meth:`_open_doors_geometry`,
        climbing stairwells, around fire squares when there is a way around (R-FIRE-2: ending a
        move in fire hurts), else straight through; remembered while the edges, the locks the
        survivor can open, the fires and the sources stay the same (callers only read it)."""
        sources = list(sources)
        d = self._memo_distances(run, sources, avoid_fire=True)
        if d.get(run.active_char.pos, INF) < INF:
            return d
        return self._memo_distances(run, sources, avoid_fire=False)

    def _memo_distances(self, run: View, sources: list, avoid_fire: bool) -> dict:
        c = run.active_char
        locked = self._locked(run)
        fire = tuple(sorted(frozenset(run.fire()) - {c.pos})) if avoid_fire else ()
        key = (c.cid, tuple(sorted(run.edges.items())), locked, fire, tuple(sources))
        memo = self._memo
        if memo.get("board") is not run.board:  # another scenario: start over
            memo.clear()
            memo["board"] = run.board
        d = memo.get(key)
        if d is None:
            if len(memo) >= 256:
                memo.clear()
                memo["board"] = run.board
            d = memo[key] = self._bfs(run, self._open_doors_geometry(run, locked, fire), sources)
        return d

    @staticmethod
    def _bfs(run: View, geo: Geometry, goals: list) -> dict:
        """Multi-source walking distances that also climb stairwells (R-STAIR: one move)."""
        from collections import deque
        stairs: dict = {}
        for a, b in run.board.stairs:
            stairs.setdefault(a, []).append(b)
            stairs.setdefault(b, []).append(a)
        dist: dict = {}
        q: deque = deque()
        for g in goals:
            if g not in dist:
                dist[g] = 0
                q.append(g)
        while q:
            a = q.popleft()
            for n in list(geo.neighbours(a)) + stairs.get(a, []):
                if n not in dist:
                    dist[n] = dist[a] + 1
                    q.append(n)
        return dist

    @staticmethod
    def _locked(run: View) -> tuple:
        c = run.active_char
        return tuple(sorted(k for k in run.locks if not run.can_open(c, *parse_edge_id(k))
                            and run.locks[k].get("one_way_from") is None))

    def _open_doors_geometry(self, run: View, locked: tuple | None = None,
                             fire: tuple = ()) -> Geometry:
        """Doors and barricades the active survivor could open count as open; locked doors it
        has no key for stay shut; with ``avoid_fire`` fire squares are walled off."""
        c = run.active_char
        if locked is None:
            locked = self._locked(run)
        shut = set(locked)
        walled = set(fire)

        def edge(a, b):
            if a in walled or b in walled:
                return EdgeState.WALL
            st = run.edge(a, b)
            if (st == EdgeState.DOOR_CLOSED and edge_id(edge_key(a, b)) not in shut) or st == EdgeState.BARRICADE:
                return EdgeState.DOOR_OPEN
            return st
        return Geometry(run.board, edge, key=("bot-doors-open", c.cid, tuple(sorted(run.edges.items())), locked, fire))

    def rescue_distances(self, run: View) -> dict | None:
        """Distances to a fallen ally's square when either of us holds a First-Aid Spray
        (R-HEALTH-9 needs the same or an adjacent square; R-SEARCH-5 the same square)."""
        c = run.active_char

        def has_spray(x) -> bool:
            return any(run.item(u).heal for sl in x.inventory for u in sl)
        fallen = [o for o in run.characters if o is not c and o.health == 6 and not o.exited and not o.dead
                  and o.pos is not None and (has_spray(c) or has_spray(o))]
        if not fallen:
            return None
        return self._distances(run, [o.pos for o in fallen])

    def item_distances(self, run: View) -> dict:
        return self._distances(run, [t.pos for t in run.tokens if t.kind == "item"])

    def act(self, run: View, legal: list[Action]) -> Action:
        c = run.active_char
        by = {}
        for a in legal:
            by.setdefault(a.kind, []).append(a)
        if "scenario" in by:  # R-SCEN-4: the objective's own actions first
            want = {d.id for d in self.pending_objective_actions(run)}
            mine = [a for a in by["scenario"] if a.target in want]
            if mine:
                return mine[0]
        down = [o for o in run.characters if o is not c and o.health == 6 and not o.exited and not o.dead]
        if "exit" in by and not self.pending_objective_actions(run) and not down \
                and not self.ally_left_behind(run):
            # R-SCEN-8: leaving before the markers are set cannot win; R-HEALTH-7: nor while an
            # ally lies unconscious (whoever leaves can no longer revive them, R-HEALTH-10); nor
            # while a conscious ally is still far from the exit (alone, one knock-out is death)
            return by["exit"][0]
        # revive a fallen ally (R-HEALTH-9)
        for a in by.get("use", []):
            if a.target and a.target != c.cid and run.char(a.target).health == 6:
                return a
        # heal when at Caution or worse; spray only when badly hurt
        if c.health >= 3:  # a spray is kept for an unconscious ally (R-HEALTH-9 before R-HEALTH-10)
            heals = [a for a in by.get("use", []) if a.target == c.cid and
                     (run.item(a.item).herb or (c.health >= 4 and not down))]
            if heals:
                return max(heals, key=lambda a: len(run.slot_of(c, a.item)))
        # heal an ally next to me who is at Danger (R-USE-3: same or adjacent square), herbs first
        if c.health <= 2:
            allies = [a for a in by.get("use", []) if a.target and a.target != c.cid and not a.item2
                      and run.char(a.target).health == 5 and (run.item(a.item).herb or not down)]
            if allies:
                return min(allies, key=lambda a: (0 if run.item(a.item).herb else 1, a.item))
        boss = run.boss()
        if boss is not None:
            hits = [a for a in by.get("attack", []) if a.target == boss.uid]
            if hits:
                if c.health >= 5 and not [a for a in by.get("use", []) if a.target == c.cid]:
                    away = self.away_from(run, boss, by.get("move", []))
                    if away is not None:
                        return away  # flee: at Danger with nothing to heal
                return self.best_attack(run, hits)
        # mix a green with a red herb (free)
        for a in by.get("mix", []):
            herbs = {run.item(u).herb for u in run.slot_of(c, a.item) + run.slot_of(c, a.item2)}
            if "green" in herbs and "red" in herbs:
                return a
        here = run.enemies_at(c.pos)
        attacks = by.get("attack", [])
        if here:
            same = [a for a in attacks if run.enemy(a.target) and run.enemy(a.target).pos == c.pos]
            if same:
                return self.best_attack(run, same)
        near = [a for a in attacks if run.enemy(a.target) and run.geometry.dR(c.pos, run.enemy(a.target).pos) <= 1]
        if near:
            return self.best_attack(run, near)
        # burn corpses before they rise (M-KERO-3), when nothing is in the square; refill kerosene
        # from a Kerosene Can (M-KERO-4: offered only below the limit)
        if "burn" in by and not here:
            return by["burn"][0]
        for a in by.get("use", []):
            if not here and a.item2 is None and a.target is None and run.item(a.item).id == "kerosene_can":
                return a
        # reload a low weapon
        for a in by.get("use", []):
            if a.item2 and (run.card(a.item2).ammo or 0) <= 2:
                return a
        # hand ammunition to the ally whose gun it loads, and a spare spray to an ally with none
        # (R-TRADE-1: one action, same or adjacent square); not with an enemy in the square
        for a in by.get("trade", []):
            if not here and self.trade_plan(run, c, run.char(a.target)):
                return a
        searches = [a for a in by.get("search", []) if self.worth_searching(run, c, a)]
        if searches:  # item tokens; the item box or a fallen ally only for something worth taking
            return searches[0]
        # a full inventory where a search is worth it: make room (R-SEARCH-1 needs a free slot,
        # R-INV-3 discarding is free) with the card worth least, see :meth:`make_room`
        if "discard" in by and len(c.inventory) >= run.inventory_limit(c):
            room = self.make_room(run, c, by["discard"])
            if room is not None:
                return room
        # the Hip Pouch (DV-12): a permanent extra slot is worth the action
        for a in by.get("use", []):
            if a.item2 is None and a.target is None and run.item(a.item).limit_bonus and not here:
                return a
        # refresh the tension deck at a typewriter before it runs out (R-INK-4, R-TENSION-8)
        if "typewriter" in by and run.pile_size("tension") <= 6 + 2 * len(run.characters):
            return by["typewriter"][0]
        # a brief's ribbon exchange (R-EASY-6 hook) when the deck is nearly out and no typewriter
        # is at hand: the ribbon buys tension cards back from the discard pile
        if "ribbons" in by and run.pile_size("tension") <= 2 + len(run.characters) and (
                self._distances(run, [t.pos for t in run.tokens if t.kind == "typewriter"]).get(c.pos, INF)
                > run.pile_size("tension")):
            return by["ribbons"][0]
        # walk toward the goal, opening doors on the way; detour to item tokens when nearby
        # or when out of ammo in a boss fight; go to a fallen ally who holds (or needs) a spray
        dist = self.goal_distances(run)
        rescue = self.rescue_distances(run)
        if rescue is not None:
            dist = rescue
        items = self.item_distances(run)
        near_item = items.get(c.pos, INF)
        someone_down = any(o.health == 6 and not o.exited and not o.dead for o in run.characters)
        if someone_down and rescue is None and near_item < INF and (
                len(c.inventory) < run.inventory_limit(c) or self.spare_slot(run, c, 9.0)):
            # look for a First-Aid Spray: no success while anyone is unconscious (R-HEALTH-7); a
            # full inventory makes room on the token (:meth:`make_room`)
            dist = self.spray_distances(run) or items
        out_of_ammo = boss is not None and not [a for a in by.get("attack", []) if a.target == boss.uid]
        done = set(run.markers())
        hurry = any(f.unless_marker and f.unless_marker not in done for f in getattr(run.brief, "extra_failure", []))
        if len(c.inventory) < run.inventory_limit(c) and not hurry \
                and (near_item <= 3 or (out_of_ammo and near_item < INF)):
            dist = items  # no detours while an extra failure (R-SCEN-8 (c)) can still strike
        here_d = dist.get(c.pos, INF)
        moves = sorted(by.get("move", []) + by.get("stairs", []),
                       key=lambda a: (dist.get(a.to, INF), self.threat(run, a.to), a.to))
        # the last action: step out of reach when the enemies here would attack in the reaction
        # phase (R-REACT) and a square they cannot reach is one move away
        if run.actions_left == 1 and moves and self.threat(run, c.pos) > 0 and not run.enemies_at(c.pos):
            safe = [a for a in moves if self.threat(run, a.to) == 0]
            if safe:
                return min(safe, key=lambda a: (dist.get(a.to, INF), a.to))
        doors = []
        for a in by.get("door", []) + by.get("clear", []):
            e = parse_edge_id(a.edge)
            other = e[0] if e[1] == c.pos else e[1]
            if run.edge(*e) != EdgeState.DOOR_OPEN and dist.get(other, INF) < here_d:
                doors.append(a)
        if doors:
            return doors[0]
        if moves and dist.get(moves[0].to, INF) < here_d:
            return moves[0]
        far = [a for a in attacks if run.enemy(a.target)]
        if far and run.actions_left >= 1:
            return self.best_attack(run, far)
        if "end_phase" in by:
            return by["end_phase"][0]
        costly = [a for a in legal if a.kind not in ("discard", "mix", "end_phase")]
        return costly[0] if costly else legal[0]

    def allies_in_play(self, run: View, c) -> list:
        return [o for o in run.characters if o is not c and not o.exited and not o.dead and o.pos is not None
                and o.health < 6]

    def ally_left_behind(self, run: View) -> bool:
        """Would leaving now leave one conscious ally alone in play, more than 2 squares from an
        exit? (Two or more left behind can still revive each other, R-HEALTH-9; making three
        wait for the fourth ran the tension deck out, R-TENSION-8.)"""
        c = run.active_char
        allies = self.allies_in_play(run, c)
        if len(allies) != 1 or not self.CITY_JUDGEMENT:
            return False
        d = self.exit_distances(run)
        return any(d.get(o.pos, INF) > 2 for o in allies)

    def trade_plan(self, run: View, c, o) -> list[tuple[str, str]]:
        """Cards worth moving between ``c`` and ``o`` (R-TRADE-1), as (card uid, receiver cid):
        ammunition to the one who holds a weapon it fits when the holder holds none, and one
        First-Aid Spray to the one who holds none when the other holds two or more. Only moves
        the receiver has a free slot for (R-TRADE-2 keeps both within their limits)."""
        if o is None or c is None or not self.CITY_JUDGEMENT:
            return []
        room = {c.cid: run.inventory_limit(c) - len(c.inventory), o.cid: run.inventory_limit(o) - len(o.inventory)}
        out = []
        for src, dst in ((c, o), (o, c)):
            guns_src = {run.card(u).defn for sl in src.inventory for u in sl if run.item(u).weapon is not None}
            guns_dst = {run.card(u).defn for sl in dst.inventory for u in sl if run.item(u).weapon is not None}
            for sl in src.inventory:
                d = run.item(sl[0])
                if d.type == "ammo" and set(d.fits) & guns_dst and not set(d.fits) & guns_src \
                        and room[dst.cid] > 0:
                    out.append((sl[0], dst.cid))
                    room[dst.cid] -= 1
            sprays_src = [sl[0] for sl in src.inventory if run.item(sl[0]).heal]
            sprays_dst = [sl[0] for sl in dst.inventory if run.item(sl[0]).heal]
            if len(sprays_src) >= 2 and not sprays_dst and room[dst.cid] > 0:
                out.append((sprays_src[0], dst.cid))
                room[dst.cid] -= 1
        return out

    def card_value(self, run: View, c, uid: str) -> float:
        """How much card ``uid`` is worth to ``c`` right now, higher is better: 0 for an Item C
        card (discarding it puts it in the item box, R-INV-5), about 0.5 for junk (ammunition
        for no weapon held, a key whose lock is gone, an objective item no longer needed), up to
        10 for an objective item still needed. Reads only ``c``'s own cards and the board."""
        d = run.item(uid)
        card = run.card(uid)
        if card.deck == "C":
            return 0.0
        held = [run.item(u) for sl in c.inventory for u in sl if u != uid]
        held_ids = {x.id for x in held}
        if d.heal:
            return 9.0
        if d.herb:
            if d.herb == "green":
                return 4.0
            if d.herb == "red":
                return 3.0 if any(x.herb == "green" for x in held) else 1.5
            return 2.0 if c.poisoned else 1.0
        if d.type == "ammo":
            return 5.0 if set(d.fits) & held_ids else 0.5
        if d.type == "weapon":
            if d.weapon.capacity is None:  # the knife: the last resort once the guns are dry
                loaded = any(x.weapon is not None and x.weapon.capacity is not None for x in held)
                return 2.0 if loaded else 6.0
            ammo = card.ammo or 0
            power = d.weapon.count * (2 if d.weapon.dice == "red" else 1)
            if ammo > 0:
                return 5.0 + power
            return 4.0 if any(x.type == "ammo" and d.id in x.fits for x in held) else 1.0
        if d.key_for:
            return 8.0 if any(lk.get("lock") in d.key_for for lk in run.locks.values()) else 0.3
        if d.type == "scenario":
            needed = {a.item for a in self.pending_objective_actions(run)}
            return 10.0 if d.id in needed else 0.3
        if d.limit_bonus:
            return 7.0
        if getattr(d, "opens_simple", False):
            return 2.5
        return 2.0

    def spare_slot(self, run: View, c, below: float) -> bool:
        """Does ``c`` hold a card worth less than ``below`` (:meth:`card_value`)?"""
        return any(self.card_value(run, c, sl[0]) < below for sl in c.inventory)

    def needs_b(self, run: View) -> bool:
        """Is something the party needs still only in the Item B deck: a First-Aid Spray while
        an ally is down and no survivor holds one, an objective item, or a key for a locked door
        on the way out?"""
        alive = [o for o in run.characters if not o.exited and not o.dead]
        if any(o.health == 6 for o in alive) and not any(
                run.item(u).heal for o in alive for sl in o.inventory for u in sl):
            return True
        held = {run.card(u).defn for o in alive for sl in o.inventory for u in sl}
        if any(d.item and d.item not in held for d in self.pending_objective_actions(run)):
            return True
        return self.final_distances(run).get(run.active_char.pos, INF) == INF

    def make_room(self, run: View, c, discards: list[Action]) -> Action | None:
        """With a full inventory (R-SEARCH-1), the discard (R-INV-3) that lets ``c`` search here:
        on an item token, junk goes (:meth:`card_value` below 2, Item C cards to the box); on an
        Item B token while the party needs what only that deck holds (:meth:`needs_b`), anything
        but a spray or a needed objective item or key. A fallen ally here with a spray (R-SEARCH-5)
        is worth the same. None when nothing should go."""
        tok = next((t for t in run.tokens if t.kind == "item" and t.pos == c.pos), None)
        fallen_spray = any(o is not c and o.pos == c.pos and o.health == 6 and not o.dead
                           and any(run.item(u).heal for sl in o.inventory for u in sl) for o in run.characters)
        if tok is None and not fallen_spray:
            return None
        limit = 2.0
        if fallen_spray or (str(tok.props.get("letter", "A")).upper() == "B" and self.needs_b(run)):
            limit = 8.5
        worst = min(discards, key=lambda a: (self.card_value(run, c, a.item), a.item or ""))
        return worst if self.card_value(run, c, worst.item) < limit else None

    def spray_distances(self, run: View) -> dict | None:
        """Distances to the Item B tokens (a First-Aid Spray still in the Item B deck keeps a
        fallen survivor alive, R-HEALTH-10), None when there are none in reach."""
        goals = [t.pos for t in run.tokens if t.kind == "item" and str(t.props.get("letter", "A")).upper() == "B"]
        if not goals:
            return None
        d = self._distances(run, goals)
        return d if d.get(run.active_char.pos, INF) < INF else None

    def threat(self, run: View, sq) -> int:
        """How many living enemies could attack square ``sq`` in the next reaction phase without
        moving: in range (R-EATK: the basic attack's range, 0 = same square) and in line of sight."""
        n = 0
        for e in run.enemies:
            if e.pos is None:
                continue
            d = run.geometry.dR(sq, e.pos)
            rng = run.enemy_def(e).basic.range if run.enemy_def(e).basic is not None else 0
            if d <= rng and (d == 0 or run.los(e.pos, sq)):
                n += 1
        return n

    def wanted(self, run: View, c, uid: str) -> bool:
        """Is card ``uid`` worth a slot of ``c``'s inventory? Recovery items, ammunition for a
        weapon ``c`` holds, a weapon of a kind ``c`` lacks (loaded, or the knife kind), keys and
        scenario items."""
        d = run.item(uid)
        if d.type == "recovery" or d.herb or d.heal:
            return True
        held = {run.card(u).defn for sl in c.inventory for u in sl}
        if d.type == "ammo":
            return bool(set(d.fits) & held)
        if d.type == "weapon":
            ammo = run.card(uid).ammo
            return d.id not in held and (ammo is None or ammo > 0 or any(
                run.item(u).type == "ammo" and d.id in run.item(u).fits for sl in c.inventory for u in sl))
        return d.type == "scenario" or bool(d.key_for) or bool(getattr(d, "opens_simple", False))

    def worth_searching(self, run: View, c, a: Action) -> bool:
        """R-SEARCH: an item token is always worth an action; the item box (R-IBOX-3) and a fallen
        ally (R-SEARCH-5) only when they hold something :meth:`wanted`."""
        tok = run.token(a.target) if a.target else None
        if tok is not None and tok.kind == "item":
            return True
        if tok is not None and tok.kind == "item_box":
            return any(self.wanted(run, c, sl[0]) for sl in run.item_box)
        other = next((o for o in run.characters if o.cid == a.target), None)
        return other is not None and any(self.wanted(run, c, sl[0]) for sl in other.inventory)

    def best_attack(self, run: View, attacks: list[Action], generous: bool = False) -> Action:
        """The strongest weapon. Rapid-fire dice (R-ATK-8) are bought when they cost nothing
        (Mateo's first, DV-8 Steady Burst), when the target shares the square (a miss there is an
        unavoidable hit back, R-OOS-5) and one more ammo leaves the dial above 0, or when
        ``generous`` and ammo is plentiful."""
        c = run.active_char

        def worth(a: Action, ammo: int | None) -> bool:
            extra = a.n or 0
            if not extra or ammo is None:
                return False
            more = run.rapid_cost(c, extra) - run.rapid_cost(c, 0)
            if more == 0:
                return True
            tgt = run.enemy(a.target) if a.target else None
            close = tgt is not None and tgt.pos == c.pos
            if close and more <= 1 and ammo > run.rapid_cost(c, extra):
                return True
            return generous and ammo >= 4

        def knife_will_do(a: Action) -> bool:
            # DV-9: against a 1-hit-point enemy in the square the Knife's blue die kills as often
            # as the Handgun's (hit+ or critical), so a survivor at Fine or Caution saves the round
            tgt = run.enemy(a.target) if a.target else None
            return (tgt is not None and tgt.pos == c.pos and c.health <= 2
                    and run.enemy_hp(tgt) - tgt.wounds <= 1 and run.boss() is None)

        def score(a: Action):
            d = run.item(a.item)
            ammo = run.card(a.item).ammo
            power = d.weapon.count * (2 if d.weapon.dice == "red" else 1) + (d.weapon.crit.damage or 0)
            if ammo is None and knife_will_do(a):
                power = 99
            extra = a.n or 0
            want = extra if worth(a, ammo) else -extra
            return (power if ammo is None or ammo > 0 else -1, want, a.item)
        return max(attacks, key=score)

    def away_from(self, run: View, boss, moves: list[Action]) -> Action | None:
        here = run.geometry.dR_sq(run.active_char.pos, boss.pos)
        far = [a for a in moves if run.geometry.dR_sq(a.to, boss.pos) > here]
        return max(far, key=lambda a: (run.geometry.dR_sq(a.to, boss.pos), a.to)) if far else None

    def best_push(self, run: View, legal: list[Action]) -> Action:
        pushes = [a for a in legal if a.kind == "push"]
        if not pushes:
            return legal[0]
        chars = [c.pos for c in run.characters if c.conscious]
        return max(pushes, key=lambda a: (min(run.geometry.dR_sq(a.to, p) for p in chars) if chars else 0, a.to))

    def safest_square(self, run: View, legal: list[Action]) -> Action:
        dist = self.exit_distances(run)
        return min(legal, key=lambda a: (len(run.enemies_at(a.to)) if a.to else 0, dist.get(a.to, INF), a.to or (0, 0)))

    def keep(self, run: View, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (run.item(a.item).type == "recovery", a.item))

    def cheapest_discard(self, run: View, legal: list[Action]) -> Action:
        order = {"special": 1, "ammo": 2, "recovery": 3, "weapon": 4, "scenario": 5}  # keys, objective items
        return min(legal, key=lambda a: (order.get(run.item(a.item).type, 5), a.item or ""))


def play_out(s, bot: Bot | None = None, max_steps: int = 20000):
    """Let the bot make every decision of game state ``s`` until the scenario ends (or
    ``max_steps``), each from the view of the seat that decides; returns ``s``."""
    from ..engine import apply

    bot = bot or Bot()
    n = 0
    while n < max_steps:
        v = View.deciding(s)
        if v.over:
            break
        apply(s, bot.choose(v), v.seat)
        n += 1
    return s
