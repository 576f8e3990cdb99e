"""How the engine's cost per step grows with the number of squares (issue 8 item 7).

Open boards of T x T tiles of 4 x 4 squares (every pair of neighbouring tiles joined by an
archway), two survivors, one zombie per 32 squares spread over the board, the same seeded mix of
random legal actions on each. Prints ``engine_step_us_<n>sq`` (CPU microseconds per
``legal_actions`` + ``apply`` pair, replaying the record with the board's derived data already
built, as ``tools.bench`` does) and ``..._cold`` (the first game on a new board, paying every
search once). Used by ``python -m tools.bench``; also ``python -m tools.bench_scaling``.
"""
from __future__ import annotations

import random
import sys
import time

SIDES = (2, 4, 8)  # tiles per side: 64, 256 and 1,024 squares
STEPS = 400


def open_board(tiles_per_side: int):
    """A board of ``tiles_per_side``^2 tiles of 4 x 4 squares joined by archways."""
    from game.engine.board import Board, Colour, EdgeFeature, EdgeState, Placement, Tile, edge_key

    n = tiles_per_side
    tiles = {}
    for ty in range(n):
        for tx in range(n):
            tid = f"t{tx}_{ty}"
            sq = frozenset((4 * tx + x, 4 * ty + y) for x in range(4) for y in range(4))
            tiles[tid] = Tile(id=tid, name=f"Room {tx},{ty}", colour=Colour("green"), squares=sq)
    feats = {}
    for ty in range(n):
        for tx in range(n):
            if tx + 1 < n:
                feats[edge_key((4 * tx + 3, 4 * ty + 1), (4 * tx + 4, 4 * ty + 1))] = EdgeFeature(EdgeState.ARCHWAY)
            if ty + 1 < n:
                feats[edge_key((4 * tx + 2, 4 * ty + 3), (4 * tx + 2, 4 * ty + 4))] = EdgeFeature(EdgeState.ARCHWAY)
    rnd = random.Random(n)
    squares = sorted(q for t in tiles.values() for q in t.squares if q not in ((0, 0), (1, 0)))
    enemies = rnd.sample(squares, max(1, len(squares) // 32))
    placements = tuple(Placement(kind="enemy", square=q, props=(("enemy", "zombie"),)) for q in enemies)
    return Board(name=f"open{n}", width=4 * n, height=4 * n, tiles=tiles, walls=frozenset(), features=feats,
                 stairs=(), start={1: (0, 0), 2: (1, 0)}, placements=placements)


def step_costs(tiles_per_side: int, steps: int = STEPS, seed: int = 1) -> tuple[float, float]:
    """(warm, cold) CPU microseconds per legal_actions + apply pair on an open board."""
    from game.content.loader import load_content
    from game.engine import Action, apply, legal_actions, new_game
    from game.engine.defs import ScenarioDef
    from game.engine.scenario import Scenario

    brief = ScenarioDef(id="open", name="Open board", map="none", intro=False, objective="all_exit",
                        item_a=["green_herb", "handgun_ammo"] * 4, tension=["quiet_moment"] * 30,
                        tension_reshuffle=True, use_danger=False)
    scn = Scenario(brief=brief, board=open_board(tiles_per_side), content=load_content())
    party = [("vera", 1), ("mateo", 2)]
    rnd = random.Random(seed)
    s = new_game(scn, party, seed)
    n = 0
    c0 = time.process_time()
    while not s.over and n < steps:
        apply(s, rnd.choice(legal_actions(s)))
        n += 1
    cold = (time.process_time() - c0) / max(1, n) * 1e6
    record = [Action(**a) for a in s.record]
    best = float("inf")
    for _ in range(3):
        s = new_game(scn, party, seed)
        c0 = time.process_time()
        for a in record:
            legal_actions(s)
            apply(s, a)
        best = min(best, (time.process_time() - c0) / max(1, len(record)) * 1e6)
    return best, cold


def bench_scaling() -> list[tuple[str, float, str]]:
    rows = []
    for n in SIDES:
        warm, cold = step_costs(n)
        sq = 16 * n * n
        rows += [(f"engine_step_us_{sq}sq", warm, "us/pair"), (f"engine_step_us_{sq}sq_cold", cold, "us/pair")]
    return rows


if __name__ == "__main__":
    for name, value, unit in bench_scaling():
        print(f"{name}: {value:.2f} {unit}")
    sys.exit(0)
