"""Random games from outside: bots mixed with random legal actions, every invariant checked
after every step, replay and mid-game save/load checked (issue 13 deliverable 3).

    python -m tools.fuzz --games 200 --scenario outskirts
    python -m tools.fuzz --games 50 --scenario all --random 0.5 --seed 1000

Each game g uses seed S+g for the engine, the bot and the tools' own chooser; the party size is
drawn from the seed (1-4) unless ``--players`` is given. At each step the chooser takes the
bot's action (game.ai.bot) or, with probability ``--random``, a uniformly random legal action.
After every step :func:`game.engine.invariants.check_state` runs; every ``--save-every`` steps
(on average) the game is saved and loaded through game.content.saves, the loaded state must
equal the live one, and play goes on from the loaded copy. At the end the record must replay
to the same state. A game that does not end within ``--max-steps`` is a failure (an endless
sequence of legal actions). Only the public API is used (new_game, legal_actions, apply,
replay, the bot, saves).

Prints one line per failure (``FAIL scenario=... seed=... players=... step=...: what``) and a
summary (``name: value unit``); exit code 1 if anything broke.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Failure:
    scenario: str
    seed: int
    players: int
    step: int
    what: str

    def __str__(self) -> str:
        return f"FAIL scenario={self.scenario} seed={self.seed} players={self.players} step={self.step}: {self.what}"


@dataclass
class Report:
    games: int = 0
    steps: int = 0
    saves: int = 0
    results: dict = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)


def play_one(scn, seed: int, players: int | None = None, p_random: float = 0.3, save_every: int = 40,
             max_steps: int = 5000, save_dir: Path | None = None, check_every: int = 1) -> tuple[str, int, list[Failure]]:
    """Play one fuzzed game of scenario ``scn``. Returns (result, steps, failures); stops at the
    first failure of the game. ``save_every`` 0 turns the save/load check off."""
    from game.__main__ import default_party
    from game.ai.bot import Bot
    from game.content.saves import load_game, save_game
    from game.engine import apply, legal_actions, new_game, replay
    from game.engine.invariants import check_state

    rnd = random.Random(seed * 7919 + 17)
    n = players or rnd.randint(1, 4)
    party = default_party(n, scn.content)
    if len(scn.board.start) < 2:
        party = [(cid, 1) for cid, _ in party]
    sid = scn.brief.id

    def fail(step: int, what: str) -> tuple[str, int, list[Failure]]:
        return "broken", step, [Failure(sid, seed, n, step, what)]

    try:
        s = new_game(scn, party, seed)
    except Exception as ex:  # the tool reports engine errors; it does not fix them
        return fail(0, f"new_game raised {ex.__class__.__name__}: {ex}")
    probs = check_state(s)
    if probs:
        return fail(0, probs[0])
    bot = Bot(seed)
    step = 0
    while not s.over:
        if step >= max_steps:
            return fail(step, f"no end after {max_steps} steps (an endless sequence of legal actions?); "
                        f"pending '{s.pending.kind if s.pending else None}'")
        try:
            legal = legal_actions(s)
            if not legal:
                return fail(step, f"no legal action while the game is not over (pending "
                            f"'{s.pending.kind if s.pending else None}')")
            a = rnd.choice(legal) if rnd.random() < p_random else bot.choose(s)
            ev = apply(s, a)
        except Exception as ex:
            tb = traceback.extract_tb(ex.__traceback__)[-1]
            return fail(step + 1, f"{ex.__class__.__name__}: {ex} (at {Path(tb.filename).name}:{tb.lineno})")
        step += 1
        if len(ev) == 1 and ev[0].kind == "impossible":
            return fail(step, f"a legal action was refused: {ev[0].text}")
        if step % check_every == 0 or s.over:
            probs = check_state(s)
            if probs:
                more = f" (and {len(probs) - 1} more)" if len(probs) > 1 else ""
                return fail(step, probs[0] + more)
        if save_every and save_dir is not None and not s.over and rnd.random() < 1 / save_every:
            path = save_dir / f"fuzz_{seed}.json"
            try:
                save_game(path, s, party)
                loaded, lparty = load_game(path, scn)
            except Exception as ex:
                return fail(step, f"save/load failed: {ex.__class__.__name__}: {ex}")
            if not loaded.same_as(s) or lparty != party:
                return fail(step, "the loaded save differs from the game saved")
            s = loaded
    try:
        again = replay(scn, party, seed, s.record)
    except Exception as ex:
        return fail(step, f"replay raised {ex.__class__.__name__}: {ex}")
    if not again.same_as(s):
        return fail(step, "the record does not replay to the same state")
    return s.result or "unfinished", step, []


def run(scenarios: list[str], games: int, seed: int, players: int | None, p_random: float, save_every: int,
        max_steps: int, out=print, stop_after: int = 20) -> Report:
    """Fuzz ``games`` games of each scenario; prints failures as they come."""
    from game.content.loader import load_content, load_scenario

    ct = load_content()
    rep = Report()
    with tempfile.TemporaryDirectory(prefix="dreadboard-fuzz-") as tmp:
        for sid in scenarios:
            scn = load_scenario(sid, ct)
            for g in range(games):
                result, steps, fails = play_one(scn, seed + g, players, p_random, save_every, max_steps, Path(tmp))
                rep.games += 1
                rep.steps += steps
                rep.results[result] = rep.results.get(result, 0) + 1
                for f in fails:
                    rep.failures.append(f)
                    if len(rep.failures) <= stop_after:
                        out(str(f))
    return rep


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Fuzz the engine with bots mixed with random legal actions.")
    ap.add_argument("--games", type=int, default=20, help="games per scenario")
    ap.add_argument("--scenario", default="all", help="scenario id, or 'all' (every shipped scenario)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (games use seed, seed+1, ...)")
    ap.add_argument("--players", type=int, choices=[1, 2, 3, 4], default=None, help="party size (default: 1-4 by seed)")
    ap.add_argument("--random", type=float, default=0.3, help="share of random legal actions (0..1)")
    ap.add_argument("--save-every", type=int, default=40, help="save/load about every N steps (0: never)")
    ap.add_argument("--max-steps", type=int, default=5000, help="a game longer than this is a failure")
    args = ap.parse_args(argv)
    from game.content.errors import ContentError
    from game.content.loader import load_content

    try:
        ids = sorted(load_content().scenarios) if args.scenario == "all" else [args.scenario]
        if args.scenario != "all" and args.scenario not in load_content().scenarios:
            print(f"error: no scenario '{args.scenario}'; choose one of: {', '.join(sorted(load_content().scenarios))}",
                  file=sys.stderr)
            return 2
        t0 = time.perf_counter()
        rep = run(ids, args.games, args.seed, args.players, args.random, args.save_every, args.max_steps)
    except ContentError as ex:
        print(f"error: {ex}", file=sys.stderr)
        return 2
    secs = time.perf_counter() - t0
    print(f"fuzz_games: {rep.games} games")
    print(f"fuzz_steps: {rep.steps} steps")
    print(f"fuzz_failures: {len(rep.failures)} games")
    for k in sorted(rep.results):
        print(f"fuzz_result_{k}: {rep.results[k]} games")
    print(f"fuzz_time: {secs:.1f} s")
    return 1 if rep.failures else 0


if __name__ == "__main__":
    sys.exit(main())
