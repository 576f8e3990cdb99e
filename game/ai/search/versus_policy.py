"""A fast scripted player for versus, the search bot's playout policy and its move ordering
(issue 28 item 1: "greedy rollouts instead of random ones"; TAG's heuristic, kept apart from the
rules and from the search).

The search's playouts were uniformly random (or none at all): random versus play wanders, so a
simulation told the search little beyond the next one or two steps, and a move's danger (an
enemy that reaches you in its next activation) was never seen. :class:`VersusPolicy` plays a
whole activation the way a plain player would, without copying the game for every option (the
greedy bot's one ply does, and is too slow for thousands of playout steps):

- a character next to an enemy strikes it with its biggest close-combat section (Mara, weak in
  combat, only in Sanctuary); anything on its square is picked up;
- otherwise it commits its biggest Move section and walks towards its goal by walking distance
  (:meth:`VersusPolicy.goal`: in 20.6 Mara to the data core, then the exit, Grist to Mara; in
  20.7 the nearest agent to the card, the card holder and the others to the chapel, the
  Syndicate to the nearest agent), opening a door on its way, or striking one it cannot open
  (Tobias at the chapel doors, Grist at a sliding door);
- it ends facing the nearest enemy (V-FACE-2); deployment is random, facings, bids, duels and
  which character to activate are the greedy bot's cheap rules of thumb.

Everything is read through the seat's :class:`~game.engine.versus.view.VsView` of the world at
hand (a sampled world inside a search), never the raw state.
"""
from __future__ import annotations

import random
from typing import Any

from ...engine import Action, View
from ...engine.versus import DIRECTORATE, ROSTER, TILES, VsView
from ..versus_bots import FAR, GreedyBot, _face_toward

#: decision kinds the greedy bot answers by cheap rules of thumb (no copy of the game)
_RULES_OF_THUMB = ("vs_face", "vs_bid", "duel", "take", "activate")


def _manhattan(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


class VersusPolicy:
    """The scripted player (see the module docstring). ``greedy``: the greedy bot whose distance
    maps and rules of thumb it shares (one per search heuristic)."""

    def __init__(self, greedy: GreedyBot | None = None):
        self.g = greedy or GreedyBot(0)
        self._plans: dict = {}  # an evader's way for its move, kept between its steps

    # ------------------------------------------------------------------ the one call
    def choose(self, game: Any, seat: int, legal: list[Action], rnd: random.Random) -> Action:
        """The action ``seat`` takes among ``legal`` (its legal actions in ``game``, non-empty)."""
        if len(legal) == 1:
            return legal[0]
        kind = View(game, seat).pending.kind
        if kind == "order":
            return self.order(VsView(game, seat), seat, legal, rnd)
        if kind == "shift":  # (a Shift duel action: a playout keeps the square)
            return next((o for o in legal if o.kind == "vs_shift_done"), legal[0])
        if kind == "vs_duel_act":
            strike = [o for o in legal if o.what == "strike"]
            if strike:
                return strike[0]
            vw = VsView(game, seat)
            d = next((o for o in legal if o.what == "turn" and vw.acting
                      and o.facing == _face_toward(self._duel_x(vw, seat), vw.fig(vw.acting).pos)), None)
            return d or legal[0]
        if kind == "activate":
            vw = VsView(game, seat)
            value = self.evader_activation if vw.faction(seat) == DIRECTORATE else self.activation_value
            return max(legal, key=lambda o: (value(vw, seat, o), rnd.random()))
        if kind in _RULES_OF_THUMB:
            self.g.rnd = rnd  # (its ties broken by the caller's stream: same seed, same playouts)
            a = self.g.choose(game, seat)
            return a if a in legal else legal[rnd.randrange(len(legal))]  # (legal: maybe a search's subset)
        return legal[rnd.randrange(len(legal))]

    @staticmethod
    def _duel_x(vw: VsView, seat: int):
        """The square of the seat's character nearest the active enemy (the duel's X)."""
        y = vw.fig(vw.acting)
        mine = [f for f in vw.mine() if f.living]
        return min(mine, key=lambda f: _manhattan(f.pos, y.pos)).pos if mine else y.pos

    # ------------------------------------------------------------------ goals
    def goal(self, vw: VsView, seat: int, f) -> tuple[list, int, int | None]:
        """Where character ``f`` heads: ``(squares, stop, force)``: the goal squares, the walking
        distance at which it stops (1: next to a hunted enemy) and the cost the distance map gives
        a door it cannot open (None: impassable)."""
        sc = vw.scenario
        fac = vw.faction(seat)
        foes = [g.pos for g in vw.figures if g.seat != seat and g.living]
        hunt = (foes, 1, 6 if f.cid in ("grist", "tobias") else None)
        if sc.victory == "swift":
            if fac != DIRECTORATE:
                return hunt
            if "core" in f.items:
                return list(sc.map.rooms["exit"]), 0, None
            core = vw.items.get("core")
            return ([core], 0, None) if core else hunt
        if fac != DIRECTORATE:
            return hunt
        chapel = list(sc.map.rooms["chapel"])
        mine = [g for g in vw.figures if g.seat == seat and g.living]
        holder = next((g for g in mine if "card" in g.items), None)
        way_in = holder is not None or any(vw.doors[d.id] != "closed" for d in sc.map.doors if d.locked)
        card = vw.items.get("card")
        if holder is None and card is not None:
            fetch = self.g.dist_map(vw, [card], None)
            fast = [g for g in mine if g.cid != "tobias"] or mine  # (Tobias breaks a way in instead)
            runner = min(fast, key=lambda g: (fetch.get(g.pos, FAR) / ROSTER[g.cid].side(g.side).mp, g.cid))
            if runner is f:
                return [card], 0, None
        if f.pos in sc.map.rooms["chapel"]:  # inside: out of the doorways, so the others can come in
            if f is holder:  # (the door keeper: to a closed door another agent could come in by)
                for d, pairs in self.chapel_doors(vw):
                    if vw.doors[d.id] == "closed" and self.coming_in(vw, seat, d, pairs):
                        return [a for a, _b in pairs], 0, None
            inner = [q for q in chapel if not self._by_a_door(vw, q)]
            return inner or chapel, 0, None
        if f is holder:
            return chapel, 0, None
        if holder is not None:  # the card holder opens a chapel door for them (door_keeper)
            return chapel, 0, 3
        if way_in:
            return chapel, 0, None
        return chapel, 0, 6 if f.cid == "tobias" else 20

    # ------------------------------------------------------------------ an activation
    def order(self, vw: VsView, seat: int, legal: list[Action], rnd: random.Random) -> Action:
        """An order of the active character (or a Shift duel action's MP)."""
        by: dict[str, list[Action]] = {}
        for o in legal:
            by.setdefault(o.kind, []).append(o)
        f = vw.fig(vw.acting) if vw.acting else None
        if f is None or f.pos is None:
            return self._end(vw, seat, f, by, legal)
        fights = [o for o in by.get("vs_strike", ()) if o.target.startswith("fig:")]
        if fights and (vw.faction(seat) != DIRECTORATE or f.cid == "tobias"):  # (the agents' fighter only)
            o = max(fights, key=lambda o: (o.cp, rnd.random()))
            want = _face_toward(f.pos, vw.fig(o.target[4:]).pos)  # strike from the front arc (V-CC-7)
            turn = next((t for t in by.get("vs_turn", ()) if t.facing == want), None)
            return turn or o
        if by.get("vs_pickup"):
            return by["vs_pickup"][0]
        if vw.mp > 0 and vw.faction(seat) == DIRECTORATE and vw.scenario.victory == "sanctuary":
            o = self.door_keeper(vw, seat, f, by)
            if o is not None:
                return o
        squares, stop, force = self.goal(vw, seat, f)
        if squares:
            dist = self.g.dist_map(vw, squares, f.cid, force=force)
            here = dist.get(f.pos, FAR)
            moved = vw.mp > 0  # (MP of a Move section committed, left to spend)
            if moved and vw.faction(seat) == DIRECTORATE:
                o = self.evade(vw, seat, f, dist, squares, by, rnd)
                if o is not None:
                    return o
            elif here > stop:
                if moved:
                    steps = [(dist.get(tuple(o.to), FAR), rnd.random(), o) for o in by.get("vs_step", ())]
                    if steps:
                        d, _r, o = min(steps, key=lambda t: (t[0], t[1]))
                        if d < here:
                            return o
                    for o in by.get("vs_door", ()):
                        if o.open and dist.get(self._across(vw, o.door, f.pos), FAR) < here:
                            return o
            if here > stop:
                if force is not None:  # a door on the way that it cannot open: break it
                    for o in sorted(by.get("vs_strike", ()), key=lambda o: -o.cp):
                        q = self._door_across(vw, o.target, f.pos)
                        if q is not None and dist.get(q, FAR) + force <= here:
                            return o
                if not moved and by.get("vs_move"):
                    return max(by["vs_move"], key=lambda o: (o.cp, -o.sec))
        return self._end(vw, seat, f, by, legal)

    def chapel_doors(self, vw: VsView) -> list:
        """20.7's locked chapel doors as ``(door, [(inside, outside), ...])``, one pair an edge."""
        chapel = vw.scenario.map.rooms.get("chapel", frozenset())
        out = []
        for d in vw.scenario.map.doors:
            if not d.locked:
                continue
            pairs = [(a, b) if a in chapel else (b, a) for a, b in d.edges]
            out.append((d, pairs))
        return out

    def coming_in(self, vw: VsView, seat: int, door, pairs) -> bool:
        """An agent outside the chapel that has not activated this round could walk in through
        ``door`` (its inside squares free) in an activation of its own with the CP left
        (V-ROUND-7, V-MOVE-1: MP x up to 5 CP of Move sections; the card holder's own
        activation first)."""
        cp = vw.cp[seat]
        if cp < 1:
            return False
        chapel = vw.scenario.map.rooms["chapel"]
        taken = {g.pos for g in vw.figures if g.living and "card" not in g.items}  # (the holder steps aside)
        outs = [b for a, b in pairs if a not in taken]
        if not outs:
            return False
        for g in vw.figures:
            if g.seat != seat or not g.living or g.activated or g.pos in chapel or g.cid == vw.acting:
                continue
            mp = ROSTER[g.cid].side(g.side).mp * min(cp, 5)
            d = self.g.dist_map(vw, outs, g.cid).get(g.pos, FAR)
            if d + 1 <= mp:
                return True
        return False

    def door_keeper(self, vw: VsView, seat: int, f, by: dict):
        """20.7, the card holder inside the chapel (V-DOOR-6/7: a locked door opens only with the
        card and locks again when closed): it opens a chapel door when another agent could walk
        in through it this round (two agents inside win, 20.7 Victory) and steps off the doorway;
        otherwise it closes an open one next to it, so the Syndicate's humans cannot follow it
        in. None: nothing to do at a door."""
        chapel = vw.scenario.map.rooms["chapel"]
        if "card" not in f.items or f.pos not in chapel:
            return None
        for d, pairs in self.chapel_doors(vw):
            inside = [a for a, _b in pairs]
            state = vw.doors[d.id]
            if f.pos not in inside or state == "destroyed":
                continue
            want = self.coming_in(vw, seat, d, pairs)
            if state == "closed" and want:
                return next((o for o in by.get("vs_door", ()) if o.door == d.id and o.open), None)
            if state == "open" and not want:
                return next((o for o in by.get("vs_door", ()) if o.door == d.id and not o.open), None)
        return None

    def threat(self, vw: VsView, seat: int) -> dict:
        """Square -> how many living enemies could stand next to it and strike in an activation
        of theirs (a Charge-sized move: two CP of Move, V-MOVE-1; walking distances through
        doors they can open). Cached per position."""
        key = ("threat", seat, tuple((g.cid, g.pos, g.side) for g in vw.figures if g.seat != seat and g.living),
               tuple(sorted(vw.doors.items())), vw.destroyed)
        hit = self.g._dist.get(key)
        if hit is not None:
            return hit
        out: dict = {}
        for e in vw.figures:
            if e.seat == seat or not e.living:
                continue
            reach = 2 * ROSTER[e.cid].side(e.side).mp + 1
            for q, d in self.g.dist_map(vw, [e.pos], e.cid).items():
                if d <= reach:
                    out[q] = out.get(q, 0) + 1
        self.g._dist[key] = out
        return out

    def evade(self, vw: VsView, seat: int, f, dist: dict, goal: list, by: dict, rnd: random.Random):
        """An evader's move (the Directorate: fast and fragile; 20.6/20.7 are lost when an agent
        dies): of the squares its MP left reach, the one nearest its goal with no enemy able to
        strike it next (:meth:`threat`; a goal square that wins at once is always safe); then a
        step or a door towards it. None: it stays where it is."""
        occupied = frozenset(g.pos for g in vw.figures if g.living and g is not f)
        key = (f.cid, vw.round, tuple(sorted(vw.doors.items())), occupied, vw.destroyed, tuple(goal))
        plan = self._plans.get(key)
        if plan is not None and f.pos in plan[0]:  # the plan made at an earlier step of this move
            path, spent, mp0 = plan
            i = path.index(f.pos)
            if mp0 - spent[i] == vw.mp:  # (the same move: no MP added or spent otherwise since)
                return self._toward(vw, f, path[i + 1], by) if i + 1 < len(path) else None
        danger = self.threat(vw, seat)
        reach, parent = self.reach(vw, f, vw.mp)
        wins = set(goal) if (vw.scenario.victory == "swift" and "core" in f.items) else set()

        def cost(q) -> float:
            return dist.get(q, FAR) + (0 if q in wins else self.caution(vw) * danger.get(q, 0))

        best, best_c = f.pos, cost(f.pos)
        for q, d in reach.items():
            if d > 0:
                c = cost(q) + 0.01 * d
                if c < best_c:
                    best, best_c = q, c
        way = [best]
        while way[-1] != f.pos:
            way.append(parent[way[-1]])
        way.reverse()
        if len(self._plans) > 4000:
            self._plans.clear()
        self._plans[key] = (way, [reach[q] for q in way], vw.mp)
        if best == f.pos:
            return None
        return self._toward(vw, f, way[1], by)

    def _toward(self, vw: VsView, f, q, by: dict):
        """The step to neighbouring square ``q``, or the door to open towards it; None if neither
        is offered."""
        for o in by.get("vs_step", ()):
            if tuple(o.to) == q:
                return o
        for o in by.get("vs_door", ()):
            if o.open and self._across(vw, o.door, f.pos) == q:
                return o
        return None

    #: walking distance an evader gives up to keep one enemy fewer in reach, per scenario victory kind
    CAUTION = {"swift": 12.0, "sanctuary": 1.0}

    def caution(self, vw: VsView) -> float:
        """:data:`CAUTION` of the scenario (20.6: Mara alone, one blow kills her: 12; 20.7: three
        agents must cross a house of five hunters: 4)."""
        return self.CAUTION.get(vw.scenario.victory, 6.0)

    def reach(self, vw: VsView, f, mp: int) -> tuple[dict, dict]:
        """The squares character ``f`` can walk to with ``mp`` MP now (V-MOVE-2/3/6: not through
        living characters, movement-blocking objects or its forbidden squares; a closed door it
        may open costs 1 MP more, V-DOOR-5), as ``(square -> MP, square -> the square before it
        on the way)``."""
        import heapq

        m = vw.scenario.map
        forbidden = vw.scenario.forbidden.get(f.cid, frozenset())
        card = "card" in f.items and not ROSTER[f.cid].mindless
        blocked = {q for o in m.objects if o.blocks_move and o.id not in vw.destroyed for q in o.squares}
        blocked |= {g.pos for g in vw.figures if g.living and g is not f}
        cost = {f.pos: 0}
        parent: dict = {f.pos: f.pos}
        heap = [(0, f.pos)]
        while heap:
            n, a = heapq.heappop(heap)
            if n > cost.get(a, FAR):
                continue
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                b = (a[0] + dx, a[1] + dy)
                if not m.has(b) or b in blocked or b in forbidden:
                    continue
                step = 1
                if not vw.passable(a, b):
                    dd = m.door_of((a, b) if a <= b else (b, a))
                    if dd is None or vw.doors[dd.id] != "closed" or ((dd.kind == "sliding" or dd.locked) and not card):
                        continue
                    step = 2
                nb = n + step
                if nb <= mp and nb < cost.get(b, FAR):
                    cost[b] = nb
                    parent[b] = a
                    heapq.heappush(heap, (nb, b))
        return cost, parent

    def _end(self, vw: VsView, seat: int, f, by: dict, legal: list[Action]) -> Action:
        ends = by.get("vs_end")
        if not ends:
            return legal[0]
        foes = [g for g in vw.figures if g.seat != seat and g.living]
        if f is None or f.pos is None or not foes:
            return ends[0]
        near = min(foes, key=lambda g: _manhattan(f.pos, g.pos))
        want = _face_toward(f.pos, near.pos)
        return next((o for o in ends if o.facing == want), ends[0])

    @staticmethod
    def _across(vw: VsView, door: str, pos) -> tuple | None:
        dd = next(d for d in vw.scenario.map.doors if d.id == door)
        for a, b in dd.edges:
            if a == pos:
                return b
            if b == pos:
                return a
        return None

    @staticmethod
    def _door_across(vw: VsView, target: str, pos) -> tuple | None:
        """The square across the door edge ``target`` (``edge:x,y|x,y``) from ``pos``; None for a
        wall or another target."""
        if not target.startswith("edge:"):
            return None
        a, b = (tuple(int(n) for n in q.split(",")) for q in target[5:].split("|"))
        if vw.scenario.map.door_of((a, b) if a <= b else (b, a)) is None:
            return None
        return b if a == pos else a if b == pos else None

    def evader_activation(self, vw: VsView, seat: int, o: Action) -> float:
        """The Directorate's choice of character and tiles: Move sections it can pay for (all the
        more for a character an enemy threatens, :meth:`threat`), close combat only for Tobias
        next to an enemy or a door; a character already in the chapel stays unless threatened;
        passing is worth 0."""
        if o.kind != "vs_activate":
            return 0.0
        f = vw.fig(o.cid)
        pool = vw.cp[seat]
        secs = [sec for t in o.tiles.split("+") for sec in TILES[t].sections]
        mv = min(pool, sum(c for k, c in secs if k == "move"))
        cc = sum(c for k, c in secs if k == "cc")
        threatened = self.threat(vw, seat).get(f.pos, 0)
        val = 2.0 * mv + 4.0 * threatened * (mv > 0) - 0.3 * len(secs)
        squares, _stop, force = self.goal(vw, seat, f)
        if "card" in f.items or vw.items.get("card") in squares:
            val += 3.0  # (the card runner first: the others wait for a way in)
        if force is not None and self._at_door(vw, f, squares, force):
            val = 10.0 + 3.0 * min(cc, pool) - 0.5 * mv  # (breaking a door: the biggest close combat)
        elif f.cid == "tobias":
            val += 0.8 * min(cc, max(0, pool - mv))
        if vw.scenario.victory == "sanctuary" and f.pos in vw.scenario.map.rooms["chapel"] and not threatened:
            val += 6 if self._by_a_door(vw, f.pos) else -20  # (in a doorway: first, to step aside)
        if vw.scenario.victory == "sanctuary" and mv > 0:
            chapel = vw.scenario.map.rooms["chapel"]
            if f.pos not in chapel and "card" not in f.items:  # a way in open now: walk in (two inside win)
                ways = [b for d, pairs in self.chapel_doors(vw) if vw.doors[d.id] != "closed" for _a, b in pairs]
                if ways and self.g.dist_map(vw, ways, f.cid).get(f.pos, FAR) + 1 <= ROSTER[f.cid].side(f.side).mp * min(mv, pool):
                    val += 20
            elif f.pos in chapel and "card" in f.items:  # the door keeper opens for an agent that can come in
                if any(vw.doors[d.id] == "closed" and self.coming_in(vw, seat, d, pairs) for d, pairs in self.chapel_doors(vw)):
                    val += 12
        return val

    @staticmethod
    def _by_a_door(vw: VsView, q) -> bool:
        """Square ``q`` borders a door (one of its edges is a door edge)."""
        m = vw.scenario.map
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            r = (q[0] + dx, q[1] + dy)
            if m.door_of((q, r) if q <= r else (r, q)) is not None:
                return True
        return False

    def _at_door(self, vw: VsView, f, squares: list, force: int) -> bool:
        """``f`` stands at a door on its way that it cannot open (its goal's distance map charges
        ``force`` for it)."""
        if not squares or f.pos is None:
            return False
        dist = self.g.dist_map(vw, squares, f.cid, force=force)
        here = dist.get(f.pos, FAR)
        m = vw.scenario.map
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            q = (f.pos[0] + dx, f.pos[1] + dy)
            dd = m.door_of((f.pos, q) if f.pos <= q else (q, f.pos))
            if dd is not None and vw.doors[dd.id] == "closed" and dist.get(q, FAR) + force <= here:
                return True
        return False

    # ------------------------------------------------------------------ move ordering
    def activation_value(self, vw: VsView, seat: int, o: Action) -> float:
        """The greedy bot's value of activating ``o.cid`` with ``o.tiles`` (a prior for the
        search's move ordering; a pass is valued 0)."""
        if o.kind != "vs_activate":
            return 0.0
        f = vw.fig(o.cid)
        foes = [g for g in vw.figures if g.seat != seat and g.living]
        secs = [s for t in o.tiles.split("+") for s in TILES[t].sections]
        cc = sum(c for k, c in secs if k == "cc")
        mv = sum(c for k, c in secs if k == "move")
        near = min((_manhattan(f.pos, g.pos) for g in foes), default=FAR)
        mp = ROSTER[f.cid].side(f.side).mp
        if near == 1:
            val = 10 + cc * 2 + mv * 0.5
        elif near <= mp * 2:
            val = 5 + min(cc, 2) * 1.5 + mv
        else:
            val = mv * 2 + min(cc, 1) * 0.1
        if vw.scenario.victory == "sanctuary" and vw.faction(seat) == DIRECTORATE and near > 1 \
                and f.pos in vw.scenario.map.rooms["chapel"]:
            val -= 20
        return val


__all__ = ["VersusPolicy"]
