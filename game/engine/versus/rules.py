"""Versus's rule set (rules/versus.md) on the machine: :class:`VersusRun` (the lookups every part
asks: characters, squares, edges, line of sight, doors; victory, V-WIN), the game's set-up, what
each seat may see (``redact``) and the rule set's registration. The rules themselves are in one
module per concern, mixed into :class:`VersusRun`: :mod:`.deployment` (V-SETUP-3), :mod:`.rounds`
(V-ROUND, V-END), :mod:`.orders` (V-ORDER, V-MOVE, V-FACE, V-DOOR, V-CARD), :mod:`.duels`
(V-DUEL), :mod:`.combat` (V-CC, V-DICE, V-WOUND, V-DEATH, V-DESTROY); the action payloads are
:mod:`.payloads`.

Flow (the phase table at the bottom): ``deploy`` (V-SETUP-3: hidden deployment, then secret
facings) -> ``start`` (V-ROUND-2) -> ``activation`` (V-ROUND-4..6, the machine's alternating
turn order, a ``duel`` window for the non-active side, V-DUEL-1) -> ``end`` (V-END-3) -> start.
"""
from __future__ import annotations

from typing import Any

from .. import messages
from ..board import Board, Colour, EdgeState, Tile, edge_id
from ..kernel.sight import arc, detour_sight
from ..machine import ALTERNATE, Machine, Phase, RuleSet, Window, register_ruleset
from ..rng import Rng
from .combat import Combat
from .data import DIRECTORATE, FACINGS, ROSTER, SCENARIOS, SYNDICATE, VsMap, VsScenario
from .deployment import Deployment
from .duels import Duels
from .orders import Orders
from .payloads import (ACTIVATE, BID, DECLARE, DEPLOY, DOOR, DUEL_ACT, DUEL_WINDOW, END, FACE, GIVE,  # noqa: F401
                       PASS, PICKUP, SEC_MOVE, SHIFT_DONE, SHIFT_KINDS, STEP, STITCH, STRIKE, TAKE, TURN)
from .rounds import Rounds
from .state import Figure, VersusState, VersusSub


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


class VersusRun(Deployment, Rounds, Orders, Duels, Combat, Machine):
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
