"""Bots for versus (rules/versus.md; issue 27 item 4): ``random`` and ``greedy``.

Both play one seat through the public contract only: ``legal_actions(game, seat)``,
``apply`` on copies, ``View(game, seat)`` and the versus view (:class:`VsView`), which hides
what the seat may not know (V-HOT-1/3). The greedy bot looks one ply ahead on a *determinised*
copy (:func:`~game.engine.versus.view.determinise`: the other side's hidden deployment, facings
and bid sampled, the dice reseeded), so it never profits from a secret or from the dice to come.

- ``random``: a uniform choice, except that a free turn (``vs_turn``) or a door (free for Kenji,
  20.4 Quick Hands) is taken only one time in ten when anything else is possible (turning is free
  and unlimited, V-FACE-1: a uniform choice would spend most of a game turning round).
- ``greedy``: one ply: each option applied to a determinised copy (three copies for a strike,
  whose dice matter) and the result scored from the seat's own view (:func:`score`); secret
  choices and choices whose immediate result is the same for every option (deployment, facings,
  bids, which character to activate) by fixed rules of thumb.
"""
from __future__ import annotations

import heapq
import random
from typing import Any

from game.engine import Action, apply, legal_actions
from game.engine.query import View
from game.engine.versus import DIRECTORATE, FACINGS, ROSTER, TILES, VsView, determinise

FAR = 60  # a distance for "cannot get there now" (every distance is capped at it)
NEAR = 16  # the cap of a hunter's distance to its prey (a door opened for a moment must not scare)


class RandomBot:
    """Uniform over the legal options (free turns one time in ten)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rnd = random.Random(seed)

    def choose(self, game: Any, seat: int) -> Action:
        opts = legal_actions(game, seat)
        other = [o for o in opts if o.kind not in ("vs_turn", "vs_door")]
        if other and len(other) < len(opts) and self.rnd.random() < 0.9:
            opts = other
        return self.rnd.choice(opts)


def _is_card(vw: VsView, iid: str) -> bool:
    """Item ``iid`` is the scenario's card (20.7: it opens the locked doors, V-DOOR-6)."""
    return any(i.id == iid and i.kind == "card" for i in vw.scenario.map.items)


def _face_toward(pos, target) -> str:
    dx, dy = target[0] - pos[0], target[1] - pos[1]
    if abs(dx) >= abs(dy):
        return "E" if dx > 0 else "W"
    return "S" if dy > 0 else "N"


class GreedyBot:
    """One-ply greedy over determinised copies (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 3):
        self.rnd = random.Random(seed)
        self.samples = samples
        self._dist: dict = {}
        self._graphs: dict = {}  # (scenario, doors, destroyed, breaches) -> the walking graph (:meth:`graph`)
        self.toggled: dict = {}  # (round, acting character) -> doors worked in that activation
        self._last_key = None

    # ------------------------------------------------------------------ scoring
    def dist_map(self, vw: VsView, sources, cid: str | None, force: int | None = None) -> dict:
        key = (tuple(sorted(sources)), cid and (cid, bool(vw.fig(cid).items)), tuple(sorted(vw.doors.items())),
               vw.destroyed, vw.breaches, force)
        hit = self._dist.get(key)
        if hit is None:
            if len(self._dist) > 2000:
                self._dist.clear()
            hit = self._dist[key] = {q: min(d, FAR) for q, d in self.walk(vw, sources, cid, force).items()}
        return hit

    def walk(self, vw: VsView, sources, cid: str | None, force: int | None = None) -> dict:
        """``vw.walk_distances(sources, cid, force=force)`` (V-MOVE-2/3, V-DOOR-5/6; the same
        distances, tested), over a graph of the board's squares kept per state of its doors,
        destroyed objects and breaches (:meth:`graph`) instead of asking the rules for every edge
        of every walk: a search's playouts walk a few hundred times a decision (issue 28 item 4).
        Returns square -> steps from the nearest source."""
        adj = self.graph(vw)
        forbidden = vw.scenario.forbidden.get(cid, frozenset()) if cid else frozenset()
        keyed = cid is not None and any(_is_card(vw, i) for i in vw.fig(cid).items)
        opens_locked = keyed and not ROSTER[cid].mindless
        dist: dict = {}
        heap = [(0, tuple(q)) for q in sources]
        heapq.heapify(heap)
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            n, a = pop(heap)
            if a in dist:
                continue
            dist[a] = n
            for b, kind in adj.get(a, ()):
                if b in dist or b in forbidden:
                    continue
                if kind == 0:
                    push(heap, (n + 1, b))
                elif kind == 1 or opens_locked:
                    push(heap, (n + 2, b))  # V-DOOR-5: one MP to open it first
                elif force is not None:
                    push(heap, (n + force, b))  # (a plan that forces a locked or sliding door)
        return dist

    def graph(self, vw: VsView) -> dict:
        """Square -> ``(neighbour, kind)`` for the squares a walk may step to from it (on the
        board, no intact floor object that blocks moves): kind 0 an open edge (V-BOARD-3), 1 a
        closed door anyone may open (V-DOOR-2), 2 a closed sliding or locked door (V-DOOR-6: only
        a card holder that is not mindless opens it; a plan may force it at a cost). Kept per
        scenario and state of the doors, destroyed objects and breaches (the edges a versus game
        changes; at most 200 kept)."""
        key = (vw.scenario.id, tuple(sorted(vw.doors.items())), vw.destroyed, vw.breaches)
        adj = self._graphs.get(key)
        if adj is not None:
            return adj
        if len(self._graphs) > 200:
            self._graphs.clear()
        m = vw.scenario.map
        run = vw.run()
        blocked = {q for o in m.objects if o.blocks_move and o.id not in vw.destroyed for q in o.squares}
        adj = {}
        for x in range(m.width):
            for y in range(m.height):
                a = (x, y)
                out = []
                for dx, dy in FACINGS.values():
                    b = (x + dx, y + dy)
                    if not m.has(b) or b in blocked:
                        continue
                    if run.passable(a, b):
                        out.append((b, 0))
                        continue
                    dd = m.door_of((a, b) if a <= b else (b, a))
                    if dd is None or vw.doors[dd.id] != "closed":
                        continue
                    out.append((b, 2 if dd.kind == "sliding" or dd.locked else 1))
                adj[a] = tuple(out)
        self._graphs[key] = adj
        return adj

    def score(self, vw: VsView, seat: int) -> float:
        """The position for ``seat`` as it sees it: a win or loss first; then living characters
        and their life left; then the scenario's goal (20.6: Mara to the core then the exit,
        Grist to Mara; 20.7: agents to the chapel with the card, the Syndicate to the agents);
        then MP and CP in hand."""
        me = vw.faction(seat)
        if vw.winner:
            return 0.0 if vw.winner == "draw" else (1000.0 if vw.winner == me else -1000.0)
        total = 0.0
        for f in vw.figures:
            if f.pos is None:
                continue
            c = ROSTER[f.cid]
            life = 0 if f.dead else (c.healthy.lp + c.wounded.lp - f.wounds if f.side == "healthy" else c.wounded.lp - f.wounds)
            val = (0 if f.dead else 12) + 2 * life
            total += val if f.seat == seat else -val
        goal = self.goal(vw, seat) - 0.25 * self.goal(vw, 1 - seat)  # (mostly my plan; theirs a little)
        total += goal
        total += 0.25 * vw.cp[seat]
        return total

    def goal(self, vw: VsView, seat: int) -> float:
        fac = vw.faction(seat)
        sc = vw.scenario
        figs = [f for f in vw.figures if f.seat == seat and f.living]
        foes = [f for f in vw.figures if f.seat != seat and f.living]
        if sc.victory == "swift":
            if fac == DIRECTORATE:
                mara = next((f for f in figs if f.cid == "mara"), None)
                if mara is None:
                    return 0.0
                if "core" in mara.items:
                    d = self.dist_map(vw, sc.map.rooms["exit"], "mara").get(mara.pos, FAR)
                    return 40.0 - 1.5 * d
                core = vw.items.get("core")
                d = self.dist_map(vw, [core], "mara").get(mara.pos, FAR) if core else FAR
                return 10.0 - 1.5 * d
            return -sum(0.3 * min(NEAR, self.dist_map(vw, [t.pos for t in foes], f.cid).get(f.pos, FAR)) for f in figs) if foes else 0.0
        if fac == DIRECTORATE:  # 20.7: the card first (or a door broken), then two agents in the chapel
            chapel = sc.map.rooms["chapel"]
            holder = next((f for f in figs if "card" in f.items), None)
            way_in = holder is not None or any(vw.doors[d.id] != "closed" for d in sc.map.doors if d.locked)
            out = 0.0
            card = vw.items.get("card")
            if holder is None and card is not None and figs:
                fetch = self.dist_map(vw, [card], None)
                out -= 1.0 * min(fetch.get(f.pos, FAR) for f in figs)
            for f in figs:
                if f.pos in chapel:
                    out += 25
                    continue
                if way_in:
                    d = self.dist_map(vw, chapel, f.cid, force=None if f is holder else 20).get(f.pos, FAR)
                else:
                    d = self.dist_map(vw, chapel, f.cid, force=6 if f.cid == "tobias" else 20).get(f.pos, FAR)
                out -= 0.5 * d
                if f is holder:
                    out += 15
            return out
        out = 0.0
        if foes:
            for f in figs:
                out -= 0.3 * min(NEAR, self.dist_map(vw, [t.pos for t in foes], f.cid).get(f.pos, FAR))
        if any("card" in f.items for f in figs):
            out += 5
        return out

    # ------------------------------------------------------------------ choosing
    def choose(self, game: Any, seat: int) -> Action:
        opts = legal_actions(game, seat)
        if len(opts) == 1:
            return opts[0]
        p = View(game, seat).pending
        kind = p.kind
        vw = VsView(game, seat)
        if kind == "vs_deploy":
            return self.rnd.choice(opts)
        if kind == "vs_face":
            f = vw.fig(p.ctx["cid"])
            foes = vw.theirs()
            tx = sum(g.pos[0] for g in foes) / len(foes)
            ty = sum(g.pos[1] for g in foes) / len(foes)
            want = _face_toward(f.pos, (round(tx), round(ty)))
            return next(o for o in opts if o.facing == want)
        if kind == "vs_bid":
            pool = vw.cp[seat]
            want = max(o.cp for o in opts) if pool <= 2 else min(3, pool)
            if opts[0].cp == 0:  # the active side defends with a little
                want = min(2, pool)
            return min(opts, key=lambda o: abs(o.cp - want))
        if kind == "duel":
            declare = [o for o in opts if o.kind == "vs_declare"]
            y = vw.fig(vw.acting) if vw.acting else None
            for o in declare:
                x = vw.fig(o.cid)
                if y is not None and abs(x.pos[0] - y.pos[0]) + abs(x.pos[1] - y.pos[1]) == 1 and vw.cp[seat] >= 2:
                    return o
            return next(o for o in opts if o.kind == "done")
        if kind == "vs_duel_act":
            strike = [o for o in opts if o.what == "strike"]
            if strike:
                return strike[0]
        if kind == "take":
            return next(o for o in opts if o.take)
        if kind == "activate":
            return self.pick_activation(vw, seat, opts)
        return self.one_ply(game, seat, opts)

    def pick_activation(self, vw: VsView, seat: int, opts: list[Action]) -> Action:
        """Which character, with which tiles: a character next to an enemy fights (the biggest
        close-combat tiles left), otherwise the one with the most to gain moves (Move tiles, a
        Charge when an enemy is near)."""
        foes = [f for f in vw.theirs() if f.living]
        best, best_val = None, None
        for o in opts:
            if o.kind != "vs_activate":
                continue
            f = vw.fig(o.cid)
            tiles = o.tiles.split("+")
            secs = [s for t in tiles for s in TILES[t].sections]
            cc = sum(c for k, c in secs if k == "cc")
            mv = sum(c for k, c in secs if k == "move")
            near = min((abs(f.pos[0] - g.pos[0]) + abs(f.pos[1] - g.pos[1]) for g in foes), default=FAR)
            if near == 1:
                val = 10 + cc * 2 + mv * 0.5
            elif near <= ROSTER[f.cid].side(f.side).mp * 2:
                val = 5 + min(cc, 2) * 1.5 + mv
            else:
                val = mv * 2 + min(cc, 1) * 0.1
            if vw.scenario.victory == "sanctuary" and vw.faction(seat) == DIRECTORATE and near > 1 \
                    and f.pos in vw.scenario.map.rooms["chapel"]:
                val -= 20  # already where it has to be: let another agent move
            val += self.rnd.random() * 0.01
            if best_val is None or val > best_val:
                best, best_val = o, val
        return best if best is not None else opts[-1]

    def one_ply(self, game: Any, seat: int, opts: list[Action]) -> Action:
        best, best_val = None, None
        vw = VsView(game, seat)
        key = (vw.round, vw.acting)
        done = self.toggled.setdefault(key, set()) if key != self._last_key else self.toggled[key]
        self._last_key = key
        for o in opts:
            if o.kind == "vs_turn" or (o.kind == "vs_door" and o.door in done):
                continue  # (free turns; a door worked once this activation: Quick Hands makes it free)
            n = self.samples if o.kind == "vs_strike" else 1
            val = 0.0
            for k in range(n):
                c = determinise(game, seat, self.rnd.getrandbits(32))
                apply(c, o, seat)
                val += self.score(VsView(c, seat), seat)
            val /= n
            if o.kind == "vs_end":  # MP left are lost anyway: no reason to walk to and fro
                val += self.end_facing_bonus(game, seat, o) + 0.01
            elif o.kind == "vs_move" and vw.acting:  # MP to spend next (the next plies will)
                f = vw.fig(vw.acting)
                val += 0.4 * o.cp * ROSTER[f.cid].side(f.side).mp
            val += self.rnd.random() * 1e-3
            if best_val is None or val > best_val:
                best, best_val = o, val
        if best is not None and best.kind == "vs_door":
            done.add(best.door)
        return best if best is not None else self.rnd.choice(opts)

    def end_facing_bonus(self, game: Any, seat: int, o: Action) -> float:
        """V-FACE-2: end facing the nearest enemy (its front arc is the best fighting arc)."""
        vw = VsView(game, seat)
        f = vw.fig(vw.acting) if vw.acting else None
        foes = [g for g in vw.theirs() if g.living]
        if f is None or not foes:
            return 0.0
        near = min(foes, key=lambda g: abs(f.pos[0] - g.pos[0]) + abs(f.pos[1] - g.pos[1]))
        return 0.05 if o.facing == _face_toward(f.pos, near.pos) else 0.0


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0):
    """A versus bot by name (``random``, ``greedy``, or the search bot of issue 28:
    ``search:SECONDS``, ``search@N``, see :mod:`game.ai.search.spec`). Raises ValueError naming
    the known ones."""
    if name.strip().lower().startswith("search"):
        from game.ai.search.match import make_player  # (the search package imports this module)
        return make_player(name, seed, "versus")
    if name not in BOTS:
        raise ValueError(f"unknown versus bot {name!r}; known: {', '.join(BOTS)}, search:SECONDS, search@N")
    return BOTS[name](seed)


__all__ = ["BOTS", "GreedyBot", "RandomBot", "make_bot"]


def play_versus(scenario_id: str, bots: dict[int, Any], seed: int, seats: dict[str, int] | None = None,
                max_steps: int = 20000, watch: Any = None,
                cpu: dict[int, list[float]] | None = None) -> tuple[Any, dict[int, list[float]]]:
    """One whole game of versus scenario ``scenario_id``: ``bots`` by seat (objects with
    ``choose(game, seat)``), ``seats`` faction -> seat. Every decision is asked of the seat it is
    addressed to (the first of ``pending.seats``). ``watch(game, events)``, if given, is called
    after each step. Returns the finished game and the wall-clock seconds each seat's decisions
    took (``time.perf_counter``: what a person waits); ``cpu``, if given (seat -> list), gets
    the processor seconds of the deciding thread for each decision appended (``time.thread_time``:
    without the time the machine gave to other programs)."""
    import time

    from game.engine.versus import new_versus
    game = new_versus(scenario_id, seats, seed)
    times: dict[int, list[float]] = {0: [], 1: []}
    steps = 0
    while not View(game, None).over and steps < max_steps:
        seat = View(game, None).deciding_seats()[0]
        c0 = time.thread_time()
        t0 = time.perf_counter()
        a = bots[seat].choose(game, seat)
        times[seat].append(time.perf_counter() - t0)
        if cpu is not None:
            cpu.setdefault(seat, []).append(time.thread_time() - c0)
        ev = apply(game, a, seat)
        if watch is not None:
            watch(game, ev)
        steps += 1
    return game, times
