"""How enemies act, and their treasure (dungeon.md 10.2-10.3; ``D-ENEMY-9..25``).

The enemy cards and dice are content (:class:`~.defs.EnemyType`, :attr:`~.defs.DungeonPack.dice`,
read from ``assets/data/dungeon/enemies.yaml``). Behaviour, pure over a small snapshot (:class:`Ground`, :class:`HeroFig`, :class:`FoeFig`) that
the rule set builds from its state:

- :func:`movement` (D-ENEMY-15): what an enemy can reach and stop on, water 2, pits hurt (never a
  pit that would defeat it, fewer pits among equally cheap ways), heroes never entered, other
  enemies passed but not stopped on;
- :func:`attack_from` (D-ENEMY-16, D-ENEMY-14, D-COMBAT-8..10, D-KEY-1/2, D-ENEMY-21);
- :func:`distance` and :func:`pick_target` (D-ENEMY-16/17);
- :func:`plan_activation` (D-ENEMY-18/19 with the LOS filter, D-ENEMY-9/13/14; D-FAQ-4/5);
- :func:`notices` (D-ENEMY-10/11).
"""
from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..board import Board, Geometry, Sq
from ..kernel.dice import Below, roll_pool
from ..kernel.sight import corner_sight
from .combat import MELEE, RANGED, can_shoot, melee_reaches
from .defs import COLOURS, PRIORITIES, DieFace, EnemyType


def roll_face(rng: Below, dice: Mapping[str, Sequence[DieFace]], colour: str) -> tuple[int, DieFace]:
    """Roll one ``colour`` die (D-ENEMY-2, D-ENEMY-24): ``(face number 1..6, its face)`` from the
    die-face table ``dice`` (16.5, :attr:`~.defs.DungeonPack.dice`)."""
    n = roll_pool(rng, [(1, 2, 3, 4, 5, 6)])[0]
    return n, dice[colour][n - 1]


def treasure_roll(rng: Below, dice: Mapping[str, Sequence[DieFace]], colour: str) -> tuple[int, int]:
    """D-ENEMY-24: the defeater rolls the defeated enemy's die off the map and gains the pips
    shown: ``(face number, treasure)``. (D-ENEMY-25: the die then returns to the free pool; the
    rule set keeps the pool.)"""
    n, face = roll_face(rng, dice, colour)
    return n, face.pips


# --------------------------------------------------------------------------- the board snapshot
@dataclass(frozen=True)
class HeroFig:
    """A living hero as enemies see it: ``seat`` (D-SETUP-13, ties), square, life, energy and
    treasure (D-ENEMY-17's priorities)."""

    seat: int
    pos: Sq
    life: int
    energy: int = 0
    treasure: int = 0


@dataclass(frozen=True)
class FoeFig:
    """An enemy on the map: ``uid``, square, ``card`` (16.6), current ``life`` (its pips,
    D-ENEMY-1), ``spawn`` order (D-ROUND-5) and whether it is ``alerted`` (D-ENEMY-11)."""

    uid: str
    pos: Sq
    card: EnemyType
    life: int
    spawn: int = 0
    alerted: bool = False


@dataclass(frozen=True)
class Ground:
    """The dungeon as figures move and look over it: ``board`` holds exactly the squares a figure
    may stand on (core squares that are not walls, half-squares and junctions; walls and void are
    not squares, D-MAP-3, D-TERRAIN-6); ``geo`` its orthogonal geometry (D-MOVE-1); ``water`` and
    ``pits`` the squares of that terrain (D-TERRAIN-1/2)."""

    board: Board
    geo: Geometry
    water: frozenset[Sq] = frozenset()
    pits: frozenset[Sq] = frozenset()

    def cost(self, q: Sq) -> int:
        """D-MOVE-6, D-TERRAIN-1: entering ``q`` costs 2 on water, else 1."""
        return 2 if q in self.water else 1


INF = 10 ** 9


@dataclass(frozen=True)
class Reach:
    """Where an enemy can go (D-ENEMY-15): for each square reached, ``(cost, pits)`` of the
    cheapest way (fewest pits among equally cheap ways), and the way itself on request."""

    best: dict[Sq, tuple[int, int]]
    prev: dict[tuple[Sq, int], tuple[Sq, int] | None]
    state: dict[Sq, int]  # square -> the pits count of its best way (the key into prev)
    src: Sq

    def cost(self, q: Sq) -> int:
        return self.best[q][0] if q in self.best else INF

    def path(self, q: Sq) -> list[Sq]:
        """The squares entered on the best way to ``q`` (``q`` last; [] for the start)."""
        out: list[Sq] = []
        node: tuple[Sq, int] | None = (q, self.state[q])
        while node is not None and self.prev[node] is not None:
            out.append(node[0])
            node = self.prev[node]
        return out[::-1]


def movement(ground: Ground, src: Sq, life: int, *, heroes: Iterable[Sq] = (), limit: int | None = None) -> Reach:
    """D-ENEMY-15: the squares an enemy on ``src`` with ``life`` can reach by orthogonal steps,
    with their cheapest ``(cost, pits)``: water costs 2, other squares 1; ``heroes``' squares are
    never entered; a pit may be entered while the pits entered on the way stay below ``life``
    (never a pit that would defeat it); among equally cheap ways the one with fewer pits wins.
    ``limit``: leave out squares costing more (the card's speed, D-ENEMY-15). Squares of other
    enemies are reached (passed through); whether it may stop there is the caller's test.

    Not :func:`~game.engine.kernel.moves.path_costs`: the pits already entered limit where it may
    go next, so the search runs over (square, pits) pairs."""
    blocked = frozenset(heroes)
    start = (src, 0)
    prev: dict[tuple[Sq, int], tuple[Sq, int] | None] = {start: None}
    dist: dict[tuple[Sq, int], int] = {start: 0}
    heap: list[tuple[int, int, int, Sq]] = [(0, 0, 0, src)]
    seq = 1
    best: dict[Sq, tuple[int, int]] = {}
    state: dict[Sq, int] = {}
    done: set[tuple[Sq, int]] = set()
    while heap:
        d, p, _, q = heapq.heappop(heap)
        if (q, p) in done:
            continue
        done.add((q, p))
        if q not in best or (d, p) < best[q]:
            best[q], state[q] = (d, p), p
        for n in ground.geo.neighbours(q):
            if n in blocked:
                continue
            np_ = p + (1 if n in ground.pits else 0)
            if np_ >= life:  # D-ENEMY-15: never a pit that would defeat it
                continue
            nd = d + ground.cost(n)
            if limit is not None and nd > limit:
                continue
            key = (n, np_)
            if key in done or dist.get(key, INF) <= nd:
                continue
            dist[key] = nd
            prev[key] = (q, p)
            heapq.heappush(heap, (nd, np_, seq, n))
            seq += 1
    return Reach(best, prev, state, src)


# --------------------------------------------------------------------------- attacks and targets
def hero_squares(heroes: Iterable[HeroFig]) -> frozenset[Sq]:
    return frozenset(h.pos for h in heroes)


def attack_from(ground: Ground, card: EnemyType, s: Sq, target: HeroFig, heroes: Sequence[HeroFig]) -> str | None:
    """D-ENEMY-16: the attack an enemy of ``card`` standing on ``s`` can make against ``target``:
    ``"melee"`` when the target is orthogonally adjacent (diagonally too with ``reach``, D-KEY-1/2),
    else ``"ranged"`` when it has ranged dice, the target is exactly 2 squares away in a straight
    line and in LOS (D-COMBAT-9/10), other heroes blocking (D-ENEMY-21), enemies never; else None.
    D-ENEMY-14/D-FAQ-5: a shooter that can only melee melees (the two never both hold,
    D-ENEMY-20)."""
    if card.melee.dice > 0 and melee_reaches(ground.board, s, target.pos, "reach" in card.keywords):
        return MELEE
    if card.is_ranged:
        others = frozenset(h.pos for h in heroes if h.pos != target.pos)
        if can_shoot(ground.board, s, target.pos, others):
            return RANGED
    return None


def _stoppable(q: Sq, me: FoeFig, foes: Sequence[FoeFig]) -> bool:
    """D-ENEMY-15: an enemy may not stop on another enemy's square."""
    return q == me.pos or not any(f.pos == q and f.uid != me.uid for f in foes)


def attack_squares(ground: Ground, me: FoeFig, target: HeroFig, heroes: Sequence[HeroFig], foes: Sequence[FoeFig],
                   reach: Reach) -> dict[Sq, int]:
    """D-ENEMY-16: the attack squares against ``target`` that ``me`` can end a move on (its own
    square included), with the cost of reaching each (from ``reach``)."""
    return {q: c for q, (c, _p) in reach.best.items()
            if _stoppable(q, me, foes) and attack_from(ground, me.card, q, target, heroes) is not None}


def distance(ground: Ground, me: FoeFig, target: HeroFig, heroes: Sequence[HeroFig], foes: Sequence[FoeFig],
             reach: Reach | None = None) -> int:
    """D-ENEMY-16: the movement cost of the cheapest way to an attack square against ``target``
    (0 when already on one, :data:`INF` when none can be reached)."""
    if reach is None:
        reach = movement(ground, me.pos, me.life, heroes=hero_squares(heroes))
    sq = attack_squares(ground, me, target, heroes, foes, reach)
    return min(sq.values(), default=INF)


def priority_key(priority: str, hero: HeroFig, dist: int) -> tuple:
    """D-ENEMY-17: the sort key of ``hero`` at ``dist`` under ``priority`` (smallest first):
    the priority's measure, then the smaller distance, then the lower seat."""
    if priority == "nearest":
        return (dist, hero.seat)
    measure = {"weakest": hero.life, "strongest": -hero.life, "most_energy": -hero.energy,
               "richest": -hero.treasure}
    if priority not in measure:
        raise ValueError(f"unknown priority {priority!r}: one of {', '.join(PRIORITIES)}")
    return (measure[priority], dist, hero.seat)


def pick_target(priority: str, heroes: Sequence[HeroFig], dist: dict[int, int]) -> HeroFig | None:
    """D-ENEMY-17: the hero an enemy with ``priority`` goes for, ``dist`` giving each hero's
    distance by seat. Heroes at :data:`INF` are ignored unless every hero is. None without
    heroes."""
    if not heroes:
        return None
    pool = [h for h in heroes if dist.get(h.seat, INF) < INF] or list(heroes)
    return min(pool, key=lambda h: priority_key(priority, h, dist.get(h.seat, INF)))


# --------------------------------------------------------------------------- sight
def hero_sees(ground: Ground, hero: HeroFig, q: Sq, foe_squares: Iterable[Sq]) -> bool:
    """D-LOS-4 with the hero as viewer: may ``hero`` aim at ``q``? Enemies' squares block (not
    ``q`` itself), other heroes never (D-LOS-2)."""
    return corner_sight(ground.board, hero.pos, q, frozenset(foe_squares))


def seen_by_any(ground: Ground, heroes: Sequence[HeroFig], q: Sq, foe_squares: Iterable[Sq]) -> bool:
    """D-ENEMY-19's LOS filter test: at least one living hero has LOS to ``q``."""
    fs = frozenset(foe_squares)
    return any(corner_sight(ground.board, h.pos, q, fs) for h in heroes)


def enemy_sees(ground: Ground, s: Sq, hero: HeroFig, heroes: Sequence[HeroFig]) -> bool:
    """D-LOS-4 with an enemy on ``s`` as viewer: heroes other than ``hero`` block, enemies never
    (D-ENEMY-21)."""
    return corner_sight(ground.board, s, hero.pos, frozenset(h.pos for h in heroes if h.pos != hero.pos))


def notices(ground: Ground, me: FoeFig, heroes: Sequence[HeroFig]) -> bool:
    """D-ENEMY-10/11: does ``me`` act this activation? An alerted enemy always does; one not yet
    alerted only with LOS to a living hero (it skips otherwise; LOS alone does not alert it)."""
    return me.alerted or any(enemy_sees(ground, me.pos, h, heroes) for h in heroes)


# --------------------------------------------------------------------------- one activation
@dataclass(frozen=True)
class Plan:
    """What an enemy does in one activation (D-ENEMY-9): the squares it walks (``path``, the
    last is where it stops; [] when it stays), the ``target`` seat and the ``attack`` kind
    (``"melee"``/``"ranged"``; None: no attack), and the ``step`` of D-ENEMY-18 that decided it
    (1..6; 0 when it has no living hero to act against). ``target`` without ``attack``: the
    priority hero it approached."""

    path: tuple[Sq, ...] = ()
    target: int | None = None
    attack: str | None = None
    step: int = 0

    @property
    def dest(self) -> Sq | None:
        return self.path[-1] if self.path else None


def plan_activation(ground: Ground, me: FoeFig, heroes: Sequence[HeroFig], foes: Sequence[FoeFig]) -> Plan:
    """D-ENEMY-18/19: the activation of an alerted (or noticing, D-ENEMY-10), non-stunned enemy
    ``me`` among the living ``heroes`` and the enemies ``foes`` on the map (``me`` among them or
    not).

    1. pick the priority target P (D-ENEMY-17); 2. attack P from where it stands; 3. else move to
    the cheapest reachable attack square against P and attack; 4. else attack another hero from
    where it stands (by priority); 5. else move to the cheapest attack square against another hero
    reachable this activation (that hero chosen by priority) and attack; 6. else approach P: the
    reachable square with the lowest remaining distance to an attack square against P, strictly
    lower than from here; then attack any hero it can (by priority).

    D-ENEMY-19: equally cheap squares: fewer pits on the way (D-ENEMY-15), then LOS to the target,
    then reading order (smallest y, then x); approaching: lowest remaining distance, then the
    cost spent, then LOS to P, then reading order. The LOS filter (D-ENEMY-13, D-FAQ-4): when a
    living hero has LOS to its square, only squares some living hero would see are considered,
    every move included. It never attacks twice (D-ENEMY-9) and always attacks when it can
    (D-ENEMY-14)."""
    if not heroes:
        return Plan()
    others = [f for f in foes if f.uid != me.uid]
    other_sq = frozenset(f.pos for f in others)
    hsq = hero_squares(heroes)
    reach_all = movement(ground, me.pos, me.life, heroes=hsq)
    dist = {h.seat: distance(ground, me, h, heroes, foes, reach_all) for h in heroes}
    prio = me.card.priority
    p = pick_target(prio, heroes, dist)
    assert p is not None
    # D-ENEMY-19: the LOS filter
    watched = seen_by_any(ground, heroes, me.pos, other_sq)

    def allowed(q: Sq) -> bool:
        return q == me.pos or not watched or seen_by_any(ground, heroes, q, other_sq)

    def in_reach(q: Sq) -> bool:
        return reach_all.cost(q) <= me.card.speed

    def los_to(q: Sq, h: HeroFig) -> bool:
        return enemy_sees(ground, q, h, heroes)

    def choose(cands: Iterable[Sq], h: HeroFig) -> Sq:
        return min(cands, key=lambda q: (reach_all.best[q][0], reach_all.best[q][1], not los_to(q, h), q[1], q[0]))

    def walk(q: Sq) -> tuple[Sq, ...]:
        return tuple(reach_all.path(q)) if q != me.pos else ()

    def by_priority(hs: Iterable[HeroFig]) -> HeroFig:
        return min(hs, key=lambda h: priority_key(prio, h, dist[h.seat]))

    # step 2
    kind = attack_from(ground, me.card, me.pos, p, heroes)
    if kind:
        return Plan((), p.seat, kind, 2)
    # step 3
    sq = [q for q in attack_squares(ground, me, p, heroes, foes, reach_all) if in_reach(q) and allowed(q)]
    if sq:
        q = choose(sq, p)
        return Plan(walk(q), p.seat, attack_from(ground, me.card, q, p, heroes), 3)
    rest = [h for h in heroes if h.seat != p.seat]
    # step 4
    here = [h for h in rest if attack_from(ground, me.card, me.pos, h, heroes)]
    if here:
        h = by_priority(here)
        return Plan((), h.seat, attack_from(ground, me.card, me.pos, h, heroes), 4)
    # step 5
    options = {}
    for h in rest:
        sq = [q for q in attack_squares(ground, me, h, heroes, foes, reach_all) if in_reach(q) and allowed(q)]
        if sq:
            options[h.seat] = (h, sq)
    if options:
        h = by_priority(v[0] for v in options.values())
        q = choose(options[h.seat][1], h)
        return Plan(walk(q), h.seat, attack_from(ground, me.card, q, h, heroes), 5)
    # step 6: approach P
    now = dist[p.seat]
    best_key = None
    best_q = None
    for q, (c, pits) in reach_all.best.items():
        if q == me.pos or c > me.card.speed or not _stoppable(q, me, foes) or not allowed(q):
            continue
        moved = FoeFig(me.uid, q, me.card, me.life - pits, me.spawn, me.alerted)
        rem = distance(ground, moved, p, heroes, foes)
        if rem >= now:  # strictly lower: no retreat (D-ENEMY-19)
            continue
        key = (rem, c, not los_to(q, p), q[1], q[0])
        if best_key is None or key < best_key:
            best_key, best_q = key, q
    if best_q is None:
        return Plan((), p.seat, None, 6)
    after = [h for h in heroes if attack_from(ground, me.card, best_q, h, heroes)]
    if after:
        h = by_priority(after)
        return Plan(walk(best_q), h.seat, attack_from(ground, me.card, best_q, h, heroes), 6)
    return Plan(walk(best_q), p.seat, None, 6)


__all__ = ["FoeFig", "Ground", "HeroFig", "INF", "Plan", "Reach", "attack_from", "attack_squares",
           "distance", "enemy_sees", "hero_sees", "hero_squares", "movement", "notices", "pick_target",
           "plan_activation", "priority_key", "roll_face", "seen_by_any", "treasure_roll"]
