"""Movement and paths: which steps are legal, what entering a square costs, the cheapest way.

A :class:`MoveRule` says how a mode moves: in 8 directions with the wall-corner rule of the city
(R-MOVE-3/4, R-COMP-6) or in orthogonal steps only (the dungeon, D-MOVE-1). The legal steps
themselves are :class:`~game.engine.board.Geometry`'s (edges that block, regions, squares off the
play area); this module adds the searches the modes need over them:

- :func:`path_costs`: the cheapest cost of reaching every square, with an entering cost per
  square (1 by default, D-MOVE-6; water 2, D-TERRAIN-1), squares that may not be entered (a
  full square, R-COMP-8; an enemy's, D-MOVE-4) and squares that may be entered but not passed
  through (the city's fire and enemy squares for a planned walk; R-COMP-12's fire for enemies);
- :func:`cheapest_path`: one cheapest way, the same every time (ties go to the square reached
  first, neighbours in :data:`~game.engine.board.DIRS8` / ``DIRS4`` order);
- :func:`harm_along`: the damage a way costs on terrain that hurts each time it is entered
  (pits, D-TERRAIN-2/3).
"""
from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass

from ..board import Board, EdgeState, Geometry, Sq, edge_function

SqTest = Callable[[Sq], bool]


@dataclass(frozen=True)
class MoveRule:
    """How a mode's models step. ``diagonal``: 8 directions with the wall-corner rule
    (R-MOVE-3/4, R-COMP-6) or orthogonal steps only (D-MOVE-1)."""

    diagonal: bool = True


#: the city's and the mansion's movement (R-MOVE-3/4)
EIGHT_WAY = MoveRule(diagonal=True)
#: the dungeon's movement (D-MOVE-1)
ORTHOGONAL = MoveRule(diagonal=False)


def geometry(board: Board, edges: Mapping[tuple[Sq, Sq], EdgeState], rule: MoveRule = EIGHT_WAY,
             key: object = None) -> Geometry:
    """The :class:`Geometry` of ``board`` with the changed edges ``edges`` (by edge key, as
    :func:`~game.engine.board.edge_function` takes them) moving by ``rule``. ``key`` names the
    edge states for the neighbour lists kept on the board (None: nothing kept)."""
    return Geometry(board, edge_function(board, edges if isinstance(edges, dict) else dict(edges)), key=key,
                    diagonal=rule.diagonal)


def path_costs(geo: Geometry, sources: Sq | Iterable[Sq], *, cost: Callable[[Sq], int] | Mapping[Sq, int] | None = None,
               enter: SqTest | None = None, through: SqTest | None = None,
               limit: int | None = None) -> dict[Sq, int]:
    """The cheapest cost of reaching each square from the nearest of ``sources`` (a square or
    several) by legal steps of ``geo``.

    ``cost``: the points to enter a square (a function or a mapping; 1 where the mapping has no
    entry; D-MOVE-6, D-TERRAIN-1); None: every step costs 1 (R-COMP-12). ``enter(q)`` False: ``q``
    is never reached (a full square, R-COMP-8; an enemy's square, D-MOVE-4). ``through(q)`` False:
    ``q`` is reached but no step leaves it (the city's fire for enemies, R-COMP-12; a square a
    planned walk does not cross); sources are always left. ``limit``: squares costing more are
    left out (a model's remaining points, D-MOVE-7). The dict lists squares in the order they
    were settled (cheapest first; with unit costs the breadth-first order of
    :meth:`Geometry.distances_from`). Cost: O(n log n) in the squares reached."""
    srcs = [sources] if isinstance(sources, tuple) and len(sources) == 2 and isinstance(sources[0], int) \
        else list(sources)
    return _search(geo, srcs, _cost_fn(cost), enter, through, limit)[0]


def path_tree(geo: Geometry, sources: Sq | Iterable[Sq], *, cost: Callable[[Sq], int] | Mapping[Sq, int] | None = None,
              enter: SqTest | None = None, through: SqTest | None = None,
              limit: int | None = None) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
    """:func:`path_costs` and the way back: (cost of each square reached, in settling order; the
    square each was first reached from on a cheapest way, sources left out). Following the second
    from a square back to a source walks one cheapest way (the one :func:`cheapest_path` gives:
    with unit costs the first a breadth-first search in neighbour order finds). Parameters and cost
    as :func:`path_costs`. The one search for every way from a square at once: a caller asking about
    many squares searches once and reads each way with :func:`way_to` (issue 30: the play screen's
    hover asks about a new square every few frames)."""
    srcs = [sources] if isinstance(sources, tuple) and len(sources) == 2 and isinstance(sources[0], int) \
        else list(sources)
    cost_of = _cost_fn(cost)
    done, prev = _search(geo, srcs, cost_of, enter, through, limit)
    if cost_of is _one:  # (breadth first without a stop settles every square it reaches: nothing to drop)
        return done, prev
    return done, {q: p for q, p in prev.items() if q in done}


def reach(geo: Geometry, src: Sq, avoid: Container[Sq], limit: int, ways: bool = False
          ) -> tuple[dict[Sq, int], dict[Sq, Sq] | None]:
    """The squares a model on ``src`` reaches in at most ``limit`` steps of 1 (an enemy's move,
    R-EMOVE-5), never entering a square of ``avoid`` (fire, R-COMP-12; a square without room for
    its base, R-COMP-8): (the steps to each, in the order reached, ``src`` first at 0; with
    ``ways`` the square each was first reached from, else None). The same search and answer as
    :func:`path_tree` ``(geo, src, enter=lambda q: q not in avoid, limit=limit)`` (the enemy phase's
    fast path, issue 30 item 5: a set instead of a call per square; tests/test_kernel_breadth_first.py
    compares the two)."""
    return _reach(geo, src, limit, avoid, ways)


def cheapest_path(geo: Geometry, src: Sq, dst: Sq, *, cost: Callable[[Sq], int] | Mapping[Sq, int] | None = None,
                  enter: SqTest | None = None, through: SqTest | None = None,
                  limit: int | None = None) -> list[Sq] | None:
    """One cheapest way from ``src`` to ``dst``: the squares entered in order (``src`` left
    out, ``dst`` last; ``[]`` when they are the same square), or None when no way within
    ``limit`` exists. Parameters as :func:`path_costs`; ``dst`` is still subject to ``enter``.
    Ties go to the square settled first, so the answer is the same every time (with unit costs
    it is the first way a breadth-first search in neighbour order finds)."""
    if src == dst:
        return []
    return way_to(_search(geo, [src], _cost_fn(cost), enter, through, limit, stop=dst), src, dst)


def way_to(ways: tuple[dict[Sq, int], dict[Sq, Sq]], src: Sq, dst: Sq) -> list[Sq] | None:
    """The way to ``dst`` in :func:`path_tree`'s answer from the one source ``src``, as
    :func:`cheapest_path` gives it (the squares entered, ``[]`` for ``src`` itself), or None if it was not reached."""
    if src == dst:
        return []
    done, prev = ways
    if dst not in done:
        return None
    out = []
    cur = dst
    while cur != src:
        out.append(cur)
        cur = prev[cur]
    return out[::-1]


def _search(geo: Geometry, srcs: list[Sq], cost_of: Callable[[Sq], int], enter: SqTest | None,
            through: SqTest | None, limit: int | None, stop: Sq | None = None
            ) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
    """Dijkstra over ``geo`` from ``srcs``, shared by :func:`path_costs` and
    :func:`cheapest_path`: (cost of each settled square in settling order, the square each was
    first reached from on its cheapest way). Stops once ``stop`` is settled."""
    if cost_of is _one:  # unit costs: a breadth-first search settles the same squares in the same order
        return _breadth_first(geo, srcs, enter, through, limit, stop)
    best: dict[Sq, int] = {}
    prev: dict[Sq, Sq] = {}
    heap: list[tuple[int, int, Sq]] = []
    seq = 0
    start = set()
    for s in srcs:
        if s not in best:
            best[s] = 0
            start.add(s)
            heap.append((0, seq, s))
            seq += 1
    done: dict[Sq, int] = {}
    while heap:
        d, _, a = heapq.heappop(heap)
        if a in done:
            continue
        done[a] = d
        if a == stop:
            break
        if through is not None and a not in start and not through(a):
            continue
        for n in geo.neighbours(a):
            if n in done or (enter is not None and not enter(n)):
                continue
            nd = d + cost_of(n)
            if limit is not None and nd > limit:
                continue
            old = best.get(n)
            if old is None or nd < old:
                best[n] = nd
                prev[n] = a
                heapq.heappush(heap, (nd, seq, n))
                seq += 1
    return done, prev


def _breadth_first(geo: Geometry, srcs: list[Sq], enter: SqTest | None, through: SqTest | None, limit: int | None,
                   stop: Sq | None) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
    """:func:`_search` with unit costs (issue 30: the enemy phase's searches, 4x cheaper). With every
    step costing 1 a square is first reached at its cheapest cost and the heap's order (cost, then
    the order reached) is the order reached: a queue settles the same squares, in the same order,
    from the same squares."""
    best: dict[Sq, int] = {}
    prev: dict[Sq, Sq] = {}
    queue: deque[Sq] = deque()
    start = set()
    for s in srcs:
        if s not in best:
            best[s] = 0
            start.add(s)
            queue.append(s)
    done: dict[Sq, int] = {}
    nbs = geo.neighbours
    while queue:
        a = queue.popleft()
        d = done[a] = best[a]
        if a == stop:
            break
        if through is not None and a not in start and not through(a):
            continue
        nd = d + 1
        if limit is not None and nd > limit:
            continue
        for n in nbs(a):
            if n in best or (enter is not None and not enter(n)):
                continue
            best[n] = nd
            prev[n] = a
            queue.append(n)
    return done, prev


def _reach(geo: Geometry, src: Sq, limit: int, avoid: Container[Sq], ways: bool
           ) -> tuple[dict[Sq, int], dict[Sq, Sq] | None]:
    """:func:`_breadth_first` from one square without ``through`` or a stop, the squares not to enter
    as a set (no call per square), the way back only when asked. Without a stop every square reached
    is settled, in the order reached: the dict of steps is the settled dict."""
    best: dict[Sq, int] = {src: 0}
    prev: dict[Sq, Sq] | None = {} if ways else None
    queue: deque[Sq] = deque((src,))
    nbs = geo.neighbours
    pop, push = queue.popleft, queue.append
    while queue:
        a = pop()
        nd = best[a] + 1
        if nd > limit:
            continue
        for n in nbs(a):
            if n in best or n in avoid:
                continue
            best[n] = nd
            if prev is not None:
                prev[n] = a
            push(n)
    return best, prev


def harm_along(path: Iterable[Sq], hurts: Mapping[Sq, int]) -> int:
    """The damage taken walking ``path`` (the squares entered, in order) where entering square
    ``q`` deals ``hurts[q]`` every time it is entered (a pit: 1, D-TERRAIN-2/3)."""
    return sum(hurts.get(q, 0) for q in path)


def _cost_fn(cost: Callable[[Sq], int] | Mapping[Sq, int] | None) -> Callable[[Sq], int]:
    if cost is None:
        return _one
    if isinstance(cost, Mapping):
        get = cost.get
        return lambda q: get(q, 1)
    return cost


def _one(q: Sq) -> int:
    return 1
