"""Versus's rule set (rules/versus.md): set-up, rounds, activations, movement, doors, items,
line of sight and duels on the machine. Close combat and destruction are :mod:`.combat`.

Flow (the phase table at the bottom): ``deploy`` (V-SETUP-3: hidden deployment, then secret
facings) -> ``start`` (V-ROUND-2) -> ``activation`` (V-ROUND-4..6, the machine's alternating
turn order, a ``duel`` window for the non-active side, V-DUEL-1) -> ``end`` (V-END-3) -> start.
"""
from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from .. import messages
from ..actions import Action, action_payload, make_typed
from ..board import Board, Colour, EdgeState, Tile, edge_id, edge_key
from ..kernel.sight import arc, detour_sight
from ..machine import ALTERNATE, Machine, Phase, RuleSet, Window, action, decision, register_ruleset, task
from ..rng import Rng
from .combat import Combat
from .data import CC, DIRECTORATE, DIRS, FACINGS, MOVE, ROSTER, SCENARIOS, SYNDICATE, TILES, VsMap, VsScenario
from .state import Figure, VersusState, VersusSub

# typed action payloads (issue 23 item 4)
DEPLOY, FACE, ACTIVATE, PASS = "vs_deploy", "vs_face", "vs_activate", "vs_pass"
SEC_MOVE, STRIKE, STEP, TURN, DOOR = "vs_move", "vs_strike", "vs_step", "vs_turn", "vs_door"
PICKUP, GIVE, STITCH, END = "vs_pickup", "vs_give", "vs_stitch", "vs_end"
DECLARE, BID, DUEL_ACT, SHIFT_DONE, TAKE = "vs_declare", "vs_bid", "vs_duel_act", "vs_shift_done", "vs_take"
action_payload(DEPLOY, seat=int, order=str)  # V-SETUP-3: characters in start-square order, "a,b,c"
action_payload(FACE, seat=int, cid=str, facing=str)  # V-SETUP-3 (4)
action_payload(ACTIVATE, cid=str, tiles=str)  # V-ORDER-3: "OT-1" or "OT-1+OT-3"
action_payload(PASS)  # V-ROUND-4
action_payload(SEC_MOVE, tile=str, sec=int, cp=int)  # V-MOVE-1
action_payload(STRIKE, tile=str, sec=int, cp=int, target=str)  # V-CC-2 steps 1-3 in one action
action_payload(STEP, to=tuple)  # V-MOVE-2
action_payload(TURN, facing=str)  # V-FACE-1
action_payload(DOOR, door=str, open=bool)  # V-DOOR-5/7
action_payload(PICKUP, item=str)  # V-CARD-3
action_payload(GIVE, item=str, cid=str)  # V-CARD-4
action_payload(STITCH, cid=str)  # 20.4 Stitch
action_payload(END, facing=str)  # V-ORDER-8 with V-FACE-2's facing
action_payload(DECLARE, seat=int, cid=str)  # V-DUEL-1/5
action_payload(BID, seat=int, cp=int)  # V-DUEL-6/8
action_payload(DUEL_ACT, what=str, facing=str)  # V-DUEL-8: strike, turn (with facing), shift
action_payload(SHIFT_DONE)
action_payload(TAKE, take=bool)  # V-CARD-5

DUEL_WINDOW = "duel"
SHIFT_KINDS = (STEP, TURN, DOOR, PICKUP, GIVE)


def _refs(params: dict | None) -> dict | None:
    """Message parameters with ids as references: characters (``cid``, ``y``, ``by``, ``to``,
    ``target`` when a character id, ``cids``), order tiles (``tiles``), doors, items, winners."""
    if not params:
        return params
    out = {}
    for k, val in params.items():
        if isinstance(val, str) and val in ROSTER and k in ("cid", "y", "by", "to", "target"):
            val = messages.char(val, ROSTER[val].name)
        elif k == "cids":
            val = messages.listing([messages.char(c, ROSTER[c].name) for c in val])
        elif k == "tiles":
            val = messages.listing([messages.msg(f"versus.tile.{t}") for t in val])
        elif k in ("door", "item") and isinstance(val, str):
            val = messages.msg(f"versus.{k}.{val}")
        elif k == "winner":
            val = messages.msg(f"versus.faction.{val}")
        elif k == "facing":
            val = messages.msg(f"versus.facing.{val}")
        out[k] = val
    return out


def board_of(m: VsMap) -> Board:
    """The engine board of a versus map (V-BOARD-1..4): one tile of every square, the map's walls
    as interior walls (doors are edges of the state, ``state.edges``). Kept on the map."""
    b = m.__dict__.get("_board")
    if b is None:
        sq = frozenset((x, y) for x in range(m.width) for y in range(m.height))
        b = Board(name=m.id, width=m.width, height=m.height,
                  tiles={"floor": Tile(id="floor", name=m.id, colour=Colour.GREEN, squares=sq)},
                  walls=m.walls, source=m.id)
        object.__setattr__(m, "_board", b)
    return b


class VersusRun(Combat, Machine):
    """One resolution pass of versus. ``self.v`` is the versus record, ``self.sc`` the scenario
    definitions (:class:`~game.engine.versus.data.VsScenario`), ``self.m`` its map."""

    def __init__(self, s: VersusState):
        super().__init__(s)
        self.read()

    def new_pass(self) -> None:
        super().new_pass()
        self.read()

    def refresh(self) -> None:
        self.read()

    def read(self) -> None:
        s = self.s
        self.v: VersusSub = s.versus
        self.sc: VsScenario = self.scenario_of(s)
        self.m: VsMap = self.sc.map

    @staticmethod
    def scenario_of(s: Any) -> VsScenario:
        """The versus definitions of a game: its attached scenario's, else section 20's by id."""
        return getattr(s.scenario, "versus", None) or SCENARIOS[s.scenario_id]

    # ------------------------------------------------------------------ messages
    def emit(self, kind: str, rule: str, msg: str, params: dict | None = None, /, **data: Any) -> None:
        """As the machine's, with character ids, tiles, doors, items and factions among the
        message parameters given as typed references (:mod:`game.engine.messages`)."""
        super().emit(kind, rule, msg, _refs(params), **data)

    def emit_to(self, audience: Any, kind: str, rule: str, msg: str, params: dict | None = None, /, **data: Any) -> None:
        super().emit_to(audience, kind, rule, msg, _refs(params), **data)

    # ------------------------------------------------------------------ lookups
    def seats(self) -> int:
        return 2

    def fig(self, cid: str) -> Figure:
        for f in self.v.figures:
            if f.cid == cid:
                return f
        raise KeyError(cid)

    def living(self, seat: int | None = None) -> list[Figure]:
        """V-CHAR-8: living characters (of ``seat``)."""
        return [f for f in self.v.figures if not f.dead and f.pos is not None and (seat is None or f.seat == seat)]

    def seat_of(self, faction: str) -> int:
        return self.v.factions.index(faction)

    def cdef(self, f: Figure):
        return ROSTER[f.cid]

    def side(self, f: Figure):
        """V-CHAR-9: the current side of its card."""
        return ROSTER[f.cid].side(f.side)

    def occupant(self, q) -> Figure | None:
        """V-BOARD-7: the living character on square ``q``."""
        for f in self.v.figures:
            if not f.dead and f.pos == q:
                return f
        return None

    def object_at(self, q) -> Any:
        """The intact floor object covering ``q`` (V-BOARD-6), or None."""
        for o in self.m.objects:
            if q in o.squares and o.id not in self.v.destroyed:
                return o
        return None

    def passable(self, a, b) -> bool:
        """V-BOARD-3/4: the edge between orthogonal neighbours ``a`` and ``b`` can be crossed."""
        return self.m.has(a) and self.m.has(b) and not self.edge(a, b).blocking

    def adjacent(self, a, b) -> bool:
        """V-BOARD-8: orthogonal neighbours with a passable edge between them."""
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and self.passable(a, b)

    def sees(self, x: Figure, y: Figure) -> bool:
        """V-LOS-6: Y's square is in X's red or orange arc (V-LOS-2) and the obstruction test
        (V-LOS-3/4) finds no block; dead markers and destroyed objects never block (V-LOS-5)."""
        off = (y.pos[0] - x.pos[0], y.pos[1] - x.pos[1])
        if off == (0, 0) or not x.facing or arc(FACINGS[x.facing], off) == "white":
            return False
        occ = {f.pos for f in self.living() if f is not x and f is not y}
        for o in self.m.objects:
            if o.blocks_los and o.id not in self.v.destroyed:
                occ.update(o.squares)
        return detour_sight(self, x.pos, y.pos, occ)

    def carries_card(self, f: Figure) -> bool:
        return any(self.m_item_kind(i) == "card" for i in f.items)

    def m_item_kind(self, iid: str) -> str:
        return next(i.kind for i in self.m.items if i.id == iid)

    def door_state(self, did: str) -> str:
        return self.v.doors[did]

    def door_def(self, did: str):
        return next(d for d in self.m.doors if d.id == did)

    def set_door(self, did: str, st: str) -> None:
        """Change a door and its edges (V-DOOR-9: a wide door's both edges)."""
        self.v.doors[did] = st
        es = {"closed": EdgeState.DOOR_CLOSED, "open": EdgeState.DOOR_OPEN, "destroyed": EdgeState.OPEN}[st]
        for e in self.door_def(did).edges:
            self.s.edges[edge_id(e)] = es
        self.s._cache.pop("legal", None)

    # ------------------------------------------------------------------ V-WIN
    def check_end(self) -> None:
        """V-WIN-1/2: the scenario's victory conditions, checked after every atomic event; the
        faction first in the precedence line wins when both hold."""
        s, v = self.s, self.v
        if s.result is not None or not v.revealed or not v.figures:
            return
        won = [fac for fac in self.sc.precedence if self.holds(fac)]
        if won:
            self.finish_with(won[0], "V-WIN-1")

    def holds(self, fac: str) -> bool:
        """Whether faction ``fac``'s victory condition holds now (20.6, 20.7)."""
        figs = [f for f in self.v.figures if self.v.factions[f.seat] == DIRECTORATE]
        if self.sc.victory == "swift":
            mara = next(f for f in figs if f.cid == "mara")
            if fac == SYNDICATE:
                return mara.dead  # 20.6: Mara dies
            return not mara.dead and "core" in mara.items and mara.pos in self.m.rooms["exit"]
        if fac == SYNDICATE:
            return any(f.dead for f in figs)  # 20.7: any agent dies
        chapel = self.m.rooms["chapel"]
        return sum(1 for f in figs if not f.dead and f.pos in chapel) >= 2  # 20.7: two agents in the chapel

    def finish_with(self, winner: str, rule: str) -> None:
        s = self.s
        self.v.winner = winner
        s.result = "failure" if winner == "draw" else "success"
        s.result_reason = f"versus.result.{winner}"
        self.emit("result", rule, "versus.result", {"winner": winner}, winner=winner)

    # ------------------------------------------------------------------ V-SETUP
    @task("deploy")
    def t_deploy(self, task: dict) -> None:
        """V-SETUP-3 (1)-(3): each side assigns its characters to its start squares in secret
        (the first player first); both are revealed together. Fixed deployments skip it."""
        s, v = self.s, self.v
        if self.sc.fixed:
            for f in v.figures:
                f.pos, f.facing = self.sc.fixed[f.cid]
            v.revealed = True
            self.emit("deploy_reveal", "V-SETUP-3", "versus.deploy.fixed", {},
                      at={f.cid: list(f.pos) for f in v.figures})
            self.begin_phase("start")
            return
        order = [self.first_seat(1), 1 - self.first_seat(1)]
        left = [seat for seat in order if str(seat) not in v.deploy]
        self.ask_seats(DEPLOY, left, "versus.prompt.deploy", self.deploy_options(left[0]), secret=True)

    def first_seat(self, rnd: int) -> int:
        """V-ROUND-3: the scenario's first player in round 1, then the other one each round."""
        first = self.seat_of(self.sc.first)
        return first if rnd % 2 == 1 else 1 - first

    def deploy_options(self, seat: int) -> list[Action]:
        """V-SETUP-3 (1): every assignment of the seat's characters to distinct start squares."""
        fac = self.v.factions[seat]
        force = self.sc.forces[fac]
        starts = self.m.starts[fac]
        return [make_typed(DEPLOY, seat=seat, order=",".join(p)) for p in permutations(force, len(starts))
                if len(p) == len(force)]

    def seat_options(self, p, seat: int) -> list[Action]:
        """Each seat's own options in a decision addressed to it (deployment, facings, bids)."""
        if p.kind == DEPLOY:
            return self.deploy_options(seat)
        return super().seat_options(p, seat)

    @decision(DEPLOY)
    def d_deploy(self, ctx: dict, a: Action) -> None:
        s, v = self.s, self.v
        v.deploy[str(a.seat)] = a.order
        self.emit_to((a.seat,), "deploy", "V-SETUP-3", "versus.deploy.mine", {"order": a.order}, seat=a.seat, order=a.order)
        self.emit("deploy_done", "V-HOT-1", "versus.deploy.done", {"n": a.seat + 1}, seat=a.seat)
        if len(v.deploy) < 2:
            self.push({"t": "deploy"})
            return
        at = {}
        for seat_s, order in v.deploy.items():
            fac = v.factions[int(seat_s)]
            for cid, q in zip(order.split(","), self.m.starts[fac]):
                self.fig(cid).pos = q
                at[cid] = list(q)
        v.deploy = {}
        v.revealed = True
        self.emit("deploy_reveal", "V-SETUP-3", "versus.deploy.reveal", {}, at=at)
        self.push({"t": "facing"})

    @task("facing")
    def t_facing(self, task: dict) -> None:
        """V-SETUP-3 (4): after the reveal each side sets its characters' facings in secret (the
        first player first); the facings are revealed together."""
        v = self.v
        for seat in (self.first_seat(1), 1 - self.first_seat(1)):
            for f in v.figures:
                if f.seat == seat and f.cid not in v.facings:
                    self.ask_seats(FACE, [seat], "versus.prompt.facing",
                                   [make_typed(FACE, seat=seat, cid=f.cid, facing=d) for d in DIRS],
                                   {"cid": f.cid}, secret=True, params={"cid": f.cid})
                    return
        for f in v.figures:
            f.facing = v.facings[f.cid]
        self.emit("facing_reveal", "V-SETUP-3", "versus.facing.reveal", {},
                  facing={f.cid: f.facing for f in v.figures})
        v.facings = {}
        self.begin_phase("start")

    @decision(FACE)
    def d_face(self, ctx: dict, a: Action) -> None:
        self.v.facings[a.cid] = a.facing
        self.emit_to((a.seat,), "facing", "V-SETUP-3", "versus.facing.mine", {"cid": a.cid, "facing": a.facing},
                     cid=a.cid, facing=a.facing)
        self.push({"t": "facing"})

    # ------------------------------------------------------------------ V-ROUND
    @task("round_start")
    def t_round_start(self, task: dict) -> None:
        """V-ROUND-2: (a) CP pools to the allowance plus Rally; (b) every tile ready; (c) every
        living character unactivated. V-ROUND-3: who is first."""
        s, v = self.s, self.v
        v.round += 1
        s.turn = v.round
        for seat, fac in enumerate(v.factions):
            rally = any(f.cid == "lucinda" for f in self.living(seat))  # 20.4 Rally
            v.cp[seat] = self.sc.cp[fac] + (1 if rally else 0)
            v.used[seat] = []
        for f in v.figures:
            f.activated = False
        v.first = self.first_seat(v.round)
        s.active = v.first
        self.emit("round", "V-ROUND-1", "versus.round", {"n": v.round}, round=v.round, first=v.first, cp=list(v.cp))
        self.begin_phase("activation")

    def may_take_turn(self, seat: int) -> bool:
        """V-ROUND-5: >= 1 CP, a ready tile and a living unactivated character."""
        v = self.v
        return v.cp[seat] >= 1 and len(v.used[seat]) < len(TILES) and \
            any(not f.activated for f in self.living(seat))

    @task("turn")
    def t_turn(self, task: dict) -> None:
        """V-ROUND-4: activate one eligible character (V-ORDER-3: one or two ready tiles) or pass."""
        s, v = self.s, self.v
        seat = s.active
        ready = [t for t in TILES if t not in v.used[seat]]
        combos = [(t,) for t in ready] + list(combinations(ready, 2))
        opts = [make_typed(ACTIVATE, cid=f.cid, tiles="+".join(c))
                for f in self.living(seat) if not f.activated for c in combos]
        opts.append(make_typed(PASS))
        self.wait("activate", seat, "versus.prompt.activate", opts)

    @decision("activate")
    def d_activate(self, ctx: dict, a: Action) -> None:
        s, v = self.s, self.v
        if a.kind == PASS:  # V-ROUND-6: final for the round
            self.emit("pass", "V-ROUND-6", "versus.pass", {"n": s.active + 1}, seat=s.active)
            self.pass_turn()
            return
        f = self.fig(a.cid)
        tiles = a.tiles.split("+")
        f.activated = True  # V-ROUND-7
        v.used[s.active].extend(tiles)
        v.act = {"cid": f.cid, "tiles": tiles, "run": [], "mp": 0, "moved": False}
        v.fired = []
        self.emit("activate", "V-ORDER-3", "versus.activate", {"cid": f.cid, "tiles": tiles}, cid=f.cid, tiles=tiles)
        self.record_seen()  # V-DUEL-4: the start of the activation fires nothing
        self.push({"t": "order"})

    def active_fig(self) -> Figure | None:
        cid = self.v.act.get("cid")
        return self.fig(cid) if cid else None

    @task("order")
    def t_order(self, task: dict) -> None:
        """The active character's next order (V-ORDER-4..8); an activation whose character died
        ends at once (V-DEATH-3)."""
        f = self.active_fig()
        if f is None:
            return
        if f.dead:
            self.end_activation(f, None)
            return
        self.wait("order", self.s.active, "versus.prompt.order", self.order_options(f), params={"cid": f.cid})

    def order_options(self, f: Figure) -> list[Action]:
        """Everything the active character may do now: run a section not yet run (V-ORDER-4/5),
        spend MP (V-MOVE, V-DOOR, V-CARD, Stitch), turn (V-FACE-1) or end (V-ORDER-8, V-FACE-2)."""
        v = self.v
        act = v.act
        pool = v.cp[f.seat]
        out: list[Action] = []
        for t in act["tiles"]:
            for i, (kind, cap) in enumerate(TILES[t].sections):
                if f"{t}/{i}" in act["run"]:
                    continue  # V-ORDER-5: each section runs once
                for cp in range(1, min(cap, pool) + 1):  # V-ORDER-4, V-CP-3
                    if kind == MOVE:
                        out.append(make_typed(SEC_MOVE, tile=t, sec=i, cp=cp))
                    else:
                        out.extend(make_typed(STRIKE, tile=t, sec=i, cp=cp, target=tg) for tg in self.targets(f))
        if act["moved"]:
            out.extend(self.move_options(f, act))
            if f.cid == "pask" and act["mp"] >= 2:  # 20.4 Stitch
                for g in self.living(f.seat):
                    if g.wounds > 0 and (g is f or self.adjacent(f.pos, g.pos)):
                        out.append(make_typed(STITCH, cid=g.cid))
        out.extend(make_typed(END, facing=d) for d in DIRS)
        return out

    def move_options(self, f: Figure, budget: dict) -> list[Action]:
        """What the MP of ``budget`` (the activation's ``act`` or a Shift duel action's ``duel``
        record, ``budget["mp"]``) buy (V-MOVE-2..6, V-DOOR-5..7, V-CARD-3/4) and the free turns
        (V-FACE-1)."""
        out: list[Action] = []
        mp = budget.get("mp", 0)
        cheap = self.handling_cost(f)  # 20.4 Quick Hands
        if mp >= 1:
            for d in DIRS:
                q = (f.pos[0] + FACINGS[d][0], f.pos[1] + FACINGS[d][1])
                if self.can_enter(f, q):
                    out.append(make_typed(STEP, to=q))
        if mp >= cheap:
            for dd in self.m.doors:
                if f.pos not in dd.squares() or not any(f.pos in e for e in dd.edges):
                    continue
                st = self.v.doors[dd.id]
                if mp < self.door_cost(f, dd.id, budget):
                    continue
                if st == "closed" and self.may_open(f, dd):
                    out.append(make_typed(DOOR, door=dd.id, open=True))
                elif st == "open":
                    out.append(make_typed(DOOR, door=dd.id, open=False))
            if not self.cdef(f).mindless:
                for iid, at in self.v.items.items():
                    if tuple(at) == f.pos:
                        out.append(make_typed(PICKUP, item=iid))
            for iid in f.items:
                for g in self.living(f.seat):
                    if g is not f and not self.cdef(g).mindless and self.adjacent(f.pos, g.pos):
                        out.append(make_typed(GIVE, item=iid, cid=g.cid))
        out.extend(make_typed(TURN, facing=d) for d in DIRS if d != f.facing)
        return out

    def handling_cost(self, f: Figure) -> int:
        """V-MOVE-5: picking up or handing over an item costs 1 MP; 0 for Kenji (20.4 Quick Hands)."""
        return 0 if self.cdef(f).ability == "quick_hands" else 1

    def door_cost(self, f: Figure, did: str, budget: dict) -> int:
        """V-MOVE-5, V-DOOR-5/7: opening or closing a door costs 1 MP. 20.4 Quick Hands makes it 0
        for Kenji the first time he works door ``did`` with this ``budget`` (an activation, or a
        Shift duel action); working the same door again costs the normal 1 MP. (Ruling, see
        docs/balance.md "Quick Hands": read literally, a free door could be opened and closed
        without end, an activation that never has to end.)"""
        if self.cdef(f).ability != "quick_hands" or did in budget.get("free_doors", ()):
            return 1
        return 0

    def can_enter(self, f: Figure, q) -> bool:
        """V-MOVE-2/3/4/6: an adjacent square with no living character, no intact
        movement-blocking object and not forbidden to this character (S1-SR-1, S2-SR-1)."""
        if not self.m.has(q) or not self.adjacent(f.pos, q) or self.occupant(q) is not None:
            return False
        o = self.object_at(q)
        if o is not None and o.blocks_move:
            return False
        return q not in self.sc.forbidden.get(f.cid, ())

    def may_open(self, f: Figure, dd) -> bool:
        """V-DOOR-2/6/7 and Mindless: sliding and locked doors need a magnetic card (V-CARD-7)."""
        if dd.kind == "sliding" or dd.locked:
            return self.carries_card(f) and not self.cdef(f).mindless
        return True

    @decision("order")
    def d_order(self, ctx: dict, a: Action) -> None:
        f = self.active_fig()
        k = a.kind
        if k == END:
            self.end_activation(f, a.facing)
            return
        if k == SEC_MOVE:
            self.commit(f, a.tile, a.sec, a.cp)
            n = a.cp * self.side(f).mp  # V-MOVE-1, the MP of the current side now
            if self.cdef(f).ability == "sprinter" and a.cp >= 2:
                n += 2  # 20.4 Sprinter
            self.v.act["mp"] += n
            self.v.act["moved"] = True
            self.emit("move_order", "V-MOVE-1", "versus.move_order", {"cid": f.cid, "cp": a.cp, "mp": n},
                      cid=f.cid, cp=a.cp, mp=n)
            self.push({"t": "order"})
            return
        if k == STRIKE:
            self.commit(f, a.tile, a.sec, a.cp)
            self.push({"t": "checkpoint"}, {"t": "order"})
            self.strike(f, a.target, a.cp)
            return
        if k == STITCH:
            self.v.act["mp"] -= 2
            g = self.fig(a.cid)
            g.wounds -= 1  # 20.4 Stitch; never flips back (V-WOUND-6)
            self.emit("stitch", "V-WOUND-6", "versus.stitch", {"cid": g.cid}, cid=g.cid)
            self.push({"t": "order"})
            return
        if k == TURN:  # (a turn is no atomic event of V-DUEL-3: no check point)
            self.turn_fig(f, a.facing)
            self.push({"t": "order"})
            return
        self.push({"t": "checkpoint"}, {"t": "order"})
        self.move_act(f, a, self.v.act)

    def commit(self, f: Figure, tile: str, sec: int, cp: int) -> None:
        """V-ORDER-4/5, V-CP-1: the CP of a section committed at once; the section is spent."""
        self.v.cp[f.seat] -= cp
        self.v.act["run"].append(f"{tile}/{sec}")

    def turn_fig(self, f: Figure, facing: str) -> None:
        """V-FACE-1: a free turn."""
        f.facing = facing
        self.emit("turn", "V-FACE-1", "versus.turn", {"cid": f.cid, "facing": facing}, cid=f.cid, facing=facing)

    def move_act(self, f: Figure, a: Action, budget: dict) -> None:
        """One MP action (a step, a door, an item), paid from ``budget["mp"]`` (the activation's
        or a Shift duel action's)."""
        cheap = self.handling_cost(f)
        k = a.kind
        if k == STEP:
            budget["mp"] -= 1  # V-MOVE-2
            f.pos = a.to
            self.emit("step", "V-MOVE-2", "versus.step", {"cid": f.cid, "to": list(a.to)}, cid=f.cid, to=list(a.to))
        elif k == TURN:
            self.turn_fig(f, a.facing)
        elif k == DOOR:
            cost = self.door_cost(f, a.door, budget)  # V-DOOR-5/7, V-MOVE-5, 20.4 Quick Hands
            if cost == 0:
                budget.setdefault("free_doors", []).append(a.door)
            budget["mp"] -= cost
            self.set_door(a.door, "open" if a.open else "closed")
            self.emit("door", "V-DOOR-5" if a.open else "V-DOOR-7", "versus.door.open" if a.open else "versus.door.close",
                      {"cid": f.cid, "door": a.door}, cid=f.cid, door=a.door, open=a.open)
        elif k == PICKUP:
            budget["mp"] -= cheap  # V-CARD-3
            del self.v.items[a.item]
            f.items.append(a.item)
            self.emit("pickup", "V-CARD-3", "versus.pickup", {"cid": f.cid, "item": a.item}, cid=f.cid, item=a.item)
        elif k == GIVE:
            budget["mp"] -= cheap  # V-CARD-4
            f.items.remove(a.item)
            self.fig(a.cid).items.append(a.item)
            self.emit("give", "V-CARD-4", "versus.give", {"cid": f.cid, "to": a.cid, "item": a.item},
                      cid=f.cid, to=a.cid, item=a.item)

    def end_activation(self, f: Figure, facing: str | None) -> None:
        """V-ORDER-8: the activation ends; unrun sections and MP are lost (V-ORDER-7); V-FACE-2:
        a living character may set its facing."""
        v = self.v
        if facing is not None and not f.dead and facing != f.facing:
            f.facing = facing
            self.emit("turn", "V-FACE-2", "versus.turn", {"cid": f.cid, "facing": facing}, cid=f.cid, facing=facing)
        v.act = {}
        v.fired = []
        v.seen = {}
        self.push({"t": "next_turn"})

    # ------------------------------------------------------------------ V-DUEL
    def pair_state(self) -> dict[str, list[bool]]:
        """V-DUEL-4: for each living X of the non-active side, whether X sees the active
        character Y and whether they are adjacent."""
        y = self.active_fig()
        if y is None or y.dead:
            return {}
        return {f"{x.cid}|{y.cid}": [self.sees(x, y), self.adjacent(x.pos, y.pos)]
                for x in self.living(1 - self.s.active)}

    def record_seen(self) -> None:
        """V-DUEL-5: the seen/adjacent record, taken without firing anything."""
        self.v.seen = self.pair_state() if self.sc.duels else {}
        self.v.duel = {}

    @task("checkpoint")
    def t_checkpoint(self, task: dict) -> None:
        """V-DUEL-3/4: a check point after an atomic event of the active character: the triggers
        that fire now, then the duel window (V-DUEL-1/5), then the record."""
        v = self.v
        if not self.sc.duels:  # V-DUEL-13
            return
        now = self.pair_state()
        can = []
        for key, (sees, adj) in now.items():
            was = v.seen.get(key, [False, False])
            hit = False
            for kind, new, old in (("view", sees, was[0]), ("adj", adj, was[1])):
                tag = f"{key}|{kind}"
                if new and not old and tag not in v.fired:  # V-DUEL-4: first time, once per activation
                    v.fired.append(tag)
                    hit = True
            if hit:
                can.append(key.split("|")[0])
        if not can:
            v.seen = now
            return
        v.duel = {"can": can, "y": self.active_fig().cid}
        self.emit("duel_trigger", "V-DUEL-2", "versus.duel.trigger", {"cids": can}, cids=can)
        self.push({"t": "open_window", "w": DUEL_WINDOW}, {"t": "seen_record"})

    @task("seen_record", pure=True)
    def t_seen_record(self, task: dict) -> None:
        """V-DUEL-5: after the last duel of a check point."""
        self.record_seen()

    def window_options(self, w: Window, seat: int) -> list[Action]:
        """V-DUEL-5/12, V-HOT-4: the non-active side may declare a duel for each living X whose
        trigger fired at this check point, while Y lives and it has >= 1 CP."""
        d = self.v.duel
        if w.name != DUEL_WINDOW or not d.get("can") or self.v.cp[seat] < 1 or self.fig(d["y"]).dead:
            return []
        return [make_typed(DECLARE, seat=seat, cid=x) for x in d["can"] if not self.fig(x).dead]

    @action(DECLARE)
    def do_declare(self, seat: int, a: Action) -> None:
        """V-DUEL-1/6: a duel is declared for X; both sides bid in secret, the declarer first
        (V-HOT-2)."""
        d = self.v.duel
        d["can"] = [x for x in d["can"] if x != a.cid]
        d.update(x=a.cid, declarer=seat, bids={})
        self.emit("duel", "V-DUEL-1", "versus.duel.declare", {"cid": a.cid, "y": d["y"]}, cid=a.cid, y=d["y"])
        self.push({"t": "bid"})

    @task("bid")
    def t_bid(self, task: dict) -> None:
        """V-DUEL-6/8, V-HOT-2: the declarer bids 1..pool, then the active side 0..pool."""
        d, v = self.v.duel, self.v
        seat = d["declarer"] if str(d["declarer"]) not in d["bids"] else 1 - d["declarer"]
        low = 1 if seat == d["declarer"] else 0
        self.ask_seats(BID, [seat], "versus.prompt.bid", [make_typed(BID, seat=seat, cp=n) for n in range(low, v.cp[seat] + 1)],
                       secret=True, params={"cid": d["x"]})

    @decision(BID)
    def d_bid(self, ctx: dict, a: Action) -> None:
        d, v = self.v.duel, self.v
        d["bids"][str(a.seat)] = a.cp
        self.emit_to((a.seat,), "bid", "V-DUEL-6", "versus.bid.mine", {"cp": a.cp}, seat=a.seat, cp=a.cp)
        self.emit("bid_placed", "V-HOT-2", "versus.bid.placed", {"n": a.seat + 1}, seat=a.seat)
        if len(d["bids"]) < 2:
            self.push({"t": "bid"})
            return
        mine, theirs = d["bids"][str(d["declarer"])], d["bids"][str(1 - d["declarer"])]
        for seat_s, n in d["bids"].items():
            v.cp[int(seat_s)] -= n  # V-DUEL-7: both bids spent whatever the outcome
        ok = mine > theirs  # V-DUEL-6: strictly more
        d["bids"] = {}
        d["margin"] = mine - theirs
        self.emit("bid_reveal", "V-DUEL-6", "versus.bid.reveal" if ok else "versus.bid.fail",
                  {"declarer": mine, "active": theirs}, declarer=mine, active=theirs, success=ok)
        if ok:
            self.push({"t": "duel_act"})

    @task("duel_act")
    def t_duel_act(self, task: dict) -> None:
        """V-DUEL-8: X performs exactly one duel action: Strike (Y adjacent), Turn or Shift."""
        d = self.v.duel
        x, y = self.fig(d["x"]), self.fig(d["y"])
        opts = []
        if self.adjacent(x.pos, y.pos):
            opts.append(make_typed(DUEL_ACT, what="strike", facing=""))
        opts += [make_typed(DUEL_ACT, what="turn", facing=f) for f in DIRS]
        opts.append(make_typed(DUEL_ACT, what="shift", facing=""))
        self.wait(DUEL_ACT, x.seat, "versus.prompt.duel_act", opts, params={"cid": x.cid})

    @decision(DUEL_ACT)
    def d_duel_act(self, ctx: dict, a: Action) -> None:
        d = self.v.duel
        x, y = self.fig(d["x"]), self.fig(d["y"])
        if a.what == "strike":  # V-DUEL-8 (1): as a section of min(margin, 3) CP
            self.close_combat(x, y, min(d["margin"], 3))
        elif a.what == "turn":  # V-DUEL-8 (2)
            x.facing = a.facing
            self.emit("turn", "V-DUEL-8", "versus.turn", {"cid": x.cid, "facing": a.facing}, cid=x.cid, facing=a.facing)
        else:  # V-DUEL-8 (3): MP of the current side, as if 1 CP were spent on a Move section
            d["mp"] = self.side(x).mp
            d["free_doors"] = []  # (20.4 Quick Hands: each door free once per Shift)
            self.push({"t": "shift"})

    @task("shift")
    def t_shift(self, task: dict) -> None:
        d = self.v.duel
        x = self.fig(d["x"])
        if x.dead:
            return
        opts = [o for o in self.move_options(x, d) if o.kind in SHIFT_KINDS]
        self.wait("shift", x.seat, "versus.prompt.shift", opts + [make_typed(SHIFT_DONE)], params={"cid": x.cid})

    @decision("shift")
    def d_shift(self, ctx: dict, a: Action) -> None:
        if a.kind == SHIFT_DONE:
            return
        d = self.v.duel
        self.push({"t": "shift"})
        self.move_act(self.fig(d["x"]), a, d)  # V-DUEL-9: no check point, no new trigger

    # ------------------------------------------------------------------ V-END
    @task("round_end")
    def t_round_end(self, task: dict) -> None:
        """V-END-3 (1): every open sliding door closes (V-DOOR-3, V-END-1; wooden ones stay
        open, V-DOOR-8). The victory checks (2) run after this task."""
        for dd in self.m.doors:
            if dd.kind == "sliding" and self.v.doors[dd.id] == "open":
                self.set_door(dd.id, "closed")
                self.emit("door", "V-END-1", "versus.door.shut", {"door": dd.id}, door=dd.id, open=False)
        self.push({"t": "round_limit"})

    @task("round_limit")
    def t_round_limit(self, task: dict) -> None:
        """V-END-3 (3)/(4): the round limit gives the scenario's time-out result (20.6: the
        Syndicate; 20.7: a draw, V-OVR-4); otherwise the next round."""
        if self.v.round >= self.sc.round_limit:
            self.finish_with(self.sc.timeout, "V-OVR-4")
            return
        self.begin_phase("start")


def setup(scenario, party, seed) -> VersusState:
    """V-SETUP-1/4: ``party`` gives the faction of each seat, ``[(faction, 0), (faction, 0)]``
    (seat 0 first). Every character healthy with no wounds, items where the scenario puts them,
    every door closed. Raises ValueError naming the scenario for a party that is not one seat
    per faction."""
    sc: VsScenario = getattr(scenario, "versus", None) or SCENARIOS[scenario.brief.id]
    factions = [p[0] for p in party]
    if sorted(factions) != sorted(sc.forces):
        raise ValueError(f"versus scenario {sc.id!r} needs one seat per faction {sorted(sc.forces)}, got {factions}")
    s = VersusState(scenario_id=sc.id, seed=seed, rng=Rng.from_seed(seed))
    v = s.versus
    v.factions = factions
    v.cp = [0, 0]
    v.used = [[], []]
    for seat, fac in enumerate(factions):
        for cid in sc.forces[fac]:
            v.figures.append(Figure(cid=cid, seat=seat))
    m = sc.map
    for dd in m.doors:  # V-SETUP-4: every door closed
        v.doors[dd.id] = "closed"
        for e in dd.edges:
            s.edges[edge_id(e)] = EdgeState.DOOR_CLOSED
    for it in m.items:
        if it.at is not None:
            v.items[it.id] = list(it.at)
        else:
            next(f for f in v.figures if f.cid == it.holder).items.append(it.id)
    s.phase = "deploy"
    s.queue = [{"t": "deploy"}]
    return s


def redact(d: dict, seat: int | None) -> dict:
    """V-HOT-1/3: what ``seat`` may see: before the reveal, the other side's squares and secret
    deployment; before the facings are revealed, the other side's facings; a duel bid of the
    other side before both are in. Everything else is public (V-HOT-3)."""
    v = d.get("versus")
    if not isinstance(v, dict):
        return d
    figs = v.get("figures", [])
    mine = {f["cid"] for f in figs if f["seat"] == seat}
    if not v.get("revealed"):
        for f in figs:
            if f["seat"] != seat:
                f["pos"] = None
    v["deploy"] = {k: o for k, o in v.get("deploy", {}).items() if seat is not None and k == str(seat)}
    v["facings"] = {k: o for k, o in v.get("facings", {}).items() if k in mine}
    duel = v.get("duel") or {}
    if duel.get("bids"):
        duel["bids"] = {k: n for k, n in duel["bids"].items() if seat is not None and k == str(seat)}
    return d


def check_versus(state: Any, scn: Any) -> list[str]:
    """Versus's invariants (a loaded save): pools never below 0 (V-CP-3), one living character
    per square (V-BOARD-7), figures on the map, known doors."""
    v = state.versus
    out = []
    if any(n < 0 for n in v.cp):
        out.append(f"a CP pool below 0: {v.cp}")
    sqs = [tuple(f.pos) for f in v.figures if f.pos is not None and not f.dead]
    if len(sqs) != len(set(sqs)):
        out.append("two living characters share a square")
    return out


def read_party(scenario, entry, seat: int) -> tuple[str, int]:
    """One saved party entry (the rule set's ``read_party`` hook, saves): ``(faction, 0)`` as
    :func:`setup` takes it (V-SETUP-1). Raises ValueError naming the seat."""
    if (not isinstance(entry, (list, tuple)) or len(entry) != 2 or entry[0] not in (DIRECTORATE, SYNDICATE)
            or type(entry[1]) is not int or entry[1] != 0):
        raise ValueError(f"seat {seat + 1} is not a faction ({DIRECTORATE} or {SYNDICATE}) and 0")
    return (entry[0], 0)


def party_of(state: VersusState) -> list[tuple[str, int]]:
    """The seats' factions in :func:`read_party`'s form (a save's party must be these)."""
    return [(f, 0) for f in state.versus.factions]


VERSUS = register_ruleset(RuleSet(
    name="versus", run_class=VersusRun, setup=setup, state_class=VersusState, redact=redact, checks=(check_versus,),
    read_party=read_party, party_of=party_of,
    phases=(Phase("deploy", start="deploy", then="start", rule="V-SETUP-3"),
            Phase("start", start="round_start", then="activation", rule="V-ROUND-2"),
            Phase("activation", start="turn", then="end", rule="V-ROUND-4", order=ALTERNATE,
                  windows=(Window(DUEL_WINDOW, seats="others", kinds=(DECLARE,), rule="V-DUEL-1"),)),
            Phase("end", start="round_end", then="start", rule="V-END-3"))))
