"""Bot games headless: win rate, mean turns and the causes of defeat.

    python -m tools.simulate --scenario practice-burrower --games 200 --players 2 --seed 0
    python -m tools.simulate --scenario mansion:BSMT --games 50 --players 2 --seed 0   # a manor card, standalone
    python -m tools.simulate --campaign --games 20 --players 2 --seed 0    # whole city campaigns
    python -m tools.simulate --campaign mansion --games 20 --players 2 --seed 0   # the mansion (issue 14)
    python -m tools.simulate --mode dungeon --scenario sunken_reliquary --games 200 --players 2   # issue 26
    python -m tools.simulate --mode versus --scenario sanctuary --games 100 --red greedy --blue random

With ``--mode versus`` (rules/versus.md) two bots (``game.ai.versus_bots``: ``random``,
``greedy``; the search bot of issue 28: ``search:SECONDS`` thinks that long a decision, e.g.
``search:2``, ``search@N`` runs N simulations a decision, deterministic) play a two-player
scenario (``swift``, ``sanctuary``); ``--red`` plays the Directorate in even games and the
Syndicate in odd ones (sides swapped half the time). Printed: wins per bot and per faction,
draws, game length in rounds and decisions, mean and longest time per decision per bot: wall
clock (``time.perf_counter``, what a person waits, and what issue 28's "budget + 10 %" is
checked against: ``over_budget``) and the deciding thread's processor time (``cpu_max_decision``:
the difference is time the machine gave to other programs); games per hour; ``--progress``
prints a line after each game (long runs to a log file); SIGTERM or SIGINT (``kill PID``, Ctrl+C)
ends a run with the figures of the games finished so far. ``--paired`` plays every seed twice,
sides swapped (games 2k and 2k+1 on seed S+k: the same deals and dice both ways round); red's wins
are printed overall and per faction with 95 % Wilson intervals, and each search bot's simulations
per CPU second (``search:S`` buys about 0.9 x S x that many on an idle machine: the ``search@N``
that stands for it).

    python -m tools.simulate --mode versus --scenario swift --games 10 --red search:2 --blue greedy

With ``--campaign [NAME]`` (default ``city``) every game is a whole campaign played by bots
(game.ai.campaign_bot): campaign win rate, scenarios played with replays and failures, final
danger, causes of campaign loss, wall time per campaign, and how many campaigns the bots' play loop
ended for making no progress (``stalled``; a bot bug, should be 0).

Each game uses seed S, S+1, ...; the bot (game.ai.bot) plays every seat by the rules and
never reads hidden deck order. Prints one figure per line plus the defeat causes.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter


def simulate(scenario: str, games: int, players: int, seed: int, max_steps: int = 20000) -> dict:
    """Play ``games`` bot games; returns {'wins', 'games', 'turns', 'causes', 'seconds'}."""
    from game.__main__ import default_party
    from game.ai.bot import Bot
    from game.content.loader import load_scenario
    from game.engine import apply, new_game

    if scenario.startswith("mansion:"):  # a manor card played on its own (M-MODE-3): mansion:BSMT
        from game.content.mansion_pack import MANSION_PARTY, load_card_scenario, load_mansion_pack, mansion_content
        from game.engine.campaign import standalone_mansion
        pack = load_mansion_pack(mansion_content())
        scn = standalone_mansion(pack, load_card_scenario(pack, scenario.split(":", 1)[1]))
        party = [(cid, 1 if i % 2 == 0 else 2) for i, cid in enumerate(MANSION_PARTY[:players])]
    else:
        scn = load_scenario(scenario)
        party = default_party(players)
        if scn.rules == "mansion":  # a manor brief (m_w1a): the mansion's characters, as mansion:W1A
            from game.content.mansion_pack import MANSION_PARTY
            party = [(cid, 1 if i % 2 == 0 else 2) for i, cid in enumerate(MANSION_PARTY[:players])]
    if len(scn.board.start) < 2:
        party = [(cid, 1) for cid, _ in party]
    wins, turns, causes = 0, [], Counter()
    t0 = time.perf_counter()
    if getattr(scn, "rules", "core") == "mansion":  # the manor's bot, as its campaign plays (game.ai.mansion_bot)
        from game.ai.mansion_bot import MansionBot as Bot  # noqa: F811
    for k in range(games):
        s = new_game(scn, party, seed + k)
        bot = Bot(seed + k)
        steps = 0
        while not s.over and steps < max_steps:
            apply(s, bot.choose(s))
            steps += 1
        turns.append(s.turn)
        if s.result == "success":
            wins += 1
        else:
            reason = s.result_reason or "unfinished (step limit)"
            causes[re.sub(r"^(Vera Castellan|Mateo Reyes|Anton Belov|Grigor Sokol|Dana Whitlock|Marcus Hale|Bram Keller|"
                          r"Ivy Chen) ", "a survivor ", reason)] += 1
    return {"wins": wins, "games": games, "turns": turns, "causes": causes, "seconds": time.perf_counter() - t0}


def simulate_campaign(name: str, games: int, players: int, seed: int, easy: bool = False) -> dict:
    """Play ``games`` bot campaigns (seeds S, S+1, ...); returns the figures :func:`main` prints."""
    from game.__main__ import default_party
    from game.ai.campaign_bot import play_campaign
    from game.content.campaign_pack import load_campaign_scenario, load_pack
    from game.content.loader import load_content

    cache: dict = {}
    if name == "mansion":  # rules/mansion.md: its own pack, content, bot and scenario loader
        from game.ai.mansion_bot import play_mansion_campaign
        from game.content.mansion_pack import MANSION_PARTY, load_card_scenario, load_mansion_pack, mansion_content
        ct = mansion_content()
        pack = load_mansion_pack(ct)
        party = list(MANSION_PARTY[:players])

        def load(sid):
            if sid not in cache:
                cache[sid] = load_card_scenario(pack, sid, ct)
            return cache[sid]
        play_campaign = play_mansion_campaign  # noqa: F811
    else:
        ct = load_content()
        pack = load_pack(name, ct)
        party = [cid for cid, _ in default_party(players)]

        def load(sid):
            if sid not in cache:
                cache[sid] = load_campaign_scenario(pack, sid, ct)
            return cache[sid]

    out = {"wins": 0, "games": games, "played": [], "replays": [], "failures": [], "danger": [], "causes": Counter(),
           "seconds": [], "fail_by": Counter(), "by_card": {}, "alive": [], "reserve": [], "stalled": 0}
    for k in range(games):
        t0 = time.perf_counter()
        cs = play_campaign(pack, ct, party, seed + k, easy=easy, load=load)
        out["seconds"].append(time.perf_counter() - t0)
        out["played"].append(len(cs.history))
        out["replays"].append(sum(1 for h in cs.history if h.replay))
        out["failures"].append(sum(1 for h in cs.history if h.result == "failure"))
        out["danger"].append(cs.danger)
        for h in cs.history:
            if h.result == "failure":
                out["fail_by"][h.scenario] += 1
            w = out["by_card"].setdefault(h.scenario, [0, 0])
            w[0] += h.result == "success"
            w[1] += 1
        if name == "mansion":
            out["reserve"].append(len(cs.reserve))
            out["alive"].append(len(cs.characters) + len(cs.reserve))
        if cs.result_reason.startswith("stalled"):  # the play loop's guard (campaign_bot.STALLED): a bot bug
            out["stalled"] += 1
        if cs.result == "victory":
            out["wins"] += 1
        else:
            out["causes"][cs.result_reason or "unfinished (scenario limit)"] += 1
    return out


class _Counted:
    """A bot whose search statistics (``stats.iterations``, the search bot's) are noted after
    each decision that searched (one with a single option does not), with the deciding thread's
    processor seconds in ``cpu`` (``(simulations, seconds)`` pairs: simulations per CPU second,
    what a budget in seconds buys on an idle machine)."""

    def __init__(self, bot, into: list, cpu: list | None = None):
        self.bot, self.into, self.cpu = bot, into, cpu

    def choose(self, game, seat):
        c0 = time.thread_time()
        a = self.bot.choose(game, seat)
        st = getattr(self.bot, "stats", None)
        if st is not None and st.iterations:
            self.into.append(st.iterations)
            if self.cpu is not None:
                self.cpu.append((st.iterations, time.thread_time() - c0))
        return a


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % with the default ``z``) of a proportion ``k`` of ``n``,
    as fractions ``(low, high)``; ``(0, 1)`` for ``n`` 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def _share(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k} of {n} ({100.0 * k / max(n, 1):.1f} %, 95 % {100 * lo:.0f}-{100 * hi:.0f} %)"


def simulate_versus(scenario: str, games: int, red: str, blue: str, seed: int, progress=None,
                    paired: bool = False) -> dict:
    """Play ``games`` versus games of ``scenario`` between bots ``red`` and ``blue`` (seeds S,
    S+1, ...; red is the Directorate in even games; ``paired``: games 2k and 2k+1 both use seed
    S+k, so every seed is played with the sides each way round and the bots' own seeds repeat
    too). Returns the figures :func:`main` prints.
    ``progress(k, winner, red_faction, seconds so far, game)``, if given, is called after game
    ``k`` (``game``: that game's figures: ``time``/``cpu`` lists by seat 0 red, 1 blue, its ``seed``). An
    interrupt (Ctrl+C, SIGINT) ends the run after the games finished so far (the one under way
    is dropped) and ``games`` counts those. Raises ValueError for an unknown bot, KeyError for
    an unknown scenario."""
    from game.ai.versus_bots import make_bot, play_versus
    from game.engine.versus import DIRECTORATE, SYNDICATE, winner

    out = {"games": games, "wins": Counter(), "faction_wins": Counter(), "rounds": [], "decisions": [],
           "time": {red + " (red)": [], blue + " (blue)": []}, "cpu": {red + " (red)": [], blue + " (blue)": []},
           "sims": {red + " (red)": [], blue + " (blue)": []}, "seconds": 0.0, "cpu_seconds": 0.0,
           "red_by_faction": Counter(), "played_by_faction": Counter(),
           "sim_cpu": {red + " (red)": [], blue + " (blue)": []}}
    c0 = time.process_time()
    t0 = time.perf_counter()
    for k in range(games):
        red_fac = DIRECTORATE if k % 2 == 0 else SYNDICATE
        seats = {red_fac: 0, (SYNDICATE if red_fac == DIRECTORATE else DIRECTORATE): 1}
        gs = seed + (k // 2 if paired else k)
        bots = {0: _Counted(make_bot(red, gs), out["sims"][red + " (red)"], out["sim_cpu"][red + " (red)"]),
                1: _Counted(make_bot(blue, gs + 7919), out["sims"][blue + " (blue)"], out["sim_cpu"][blue + " (blue)"])}
        cpu: dict[int, list[float]] = {0: [], 1: []}
        try:
            game, times = play_versus(scenario, bots, gs, seats, cpu=cpu)
        except KeyboardInterrupt:
            out["games"] = k
            out["interrupted"] = True
            break
        w = winner(game)
        out["faction_wins"][w or "unfinished"] += 1
        out["wins"]["draw" if w == "draw" else "unfinished" if not w else
                    ("red" if w == red_fac else "blue")] += 1
        out["played_by_faction"][red_fac] += 1
        if w == red_fac:
            out["red_by_faction"][red_fac] += 1
        out["rounds"].append(game.versus.round)
        out["decisions"].append(len(times[0]) + len(times[1]))
        out["time"][red + " (red)"] += times[0]
        out["time"][blue + " (blue)"] += times[1]
        out["cpu"][red + " (red)"] += cpu[0]
        out["cpu"][blue + " (blue)"] += cpu[1]
        if progress is not None:
            progress(k, w, red_fac, time.perf_counter() - t0, {"time": times, "cpu": cpu, "seed": gs})
    out["seconds"] = time.perf_counter() - t0
    out["cpu_seconds"] = time.process_time() - c0
    return out


def _budget(bot: str) -> float | None:
    """The seconds a decision of bot ``bot`` may take (``search:SECONDS``), else None."""
    from game.ai.search.spec import parse_bot_spec
    try:
        spec = parse_bot_spec(bot)
    except ValueError:
        return None
    return spec.seconds if spec.kind == "search" else None


def _mean(xs) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", default="city", help="city (default), dungeon (tools.simulate_dungeon) or versus")
    ap.add_argument("--scenario")
    ap.add_argument("--delve", default=None, help="with --mode dungeon: LENGTH:DIFFICULTY random delves")
    ap.add_argument("--campaign", nargs="?", const="city", default=None, help="play whole campaigns (pack name)")
    ap.add_argument("--easy", action="store_true")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=2, choices=[1, 2, 3, 4])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--red", default="greedy", help="versus: the first bot (random, greedy, search:SECONDS, search@N)")
    ap.add_argument("--blue", default="random", help="versus: the second bot (random, greedy, search:SECONDS, search@N)")
    ap.add_argument("--progress", action="store_true", help="versus: a line after each game (for long runs to a log)")
    ap.add_argument("--paired", action="store_true",
                    help="versus: games 2k and 2k+1 share seed S+k, sides swapped (paired seeds)")
    a = ap.parse_args(argv)
    if a.mode == "versus":
        if not a.scenario:
            ap.error("--mode versus needs --scenario (swift, sanctuary)")
        try:
            prog = None
            if a.progress:
                def prog(k, w, red_fac, sec, one):
                    who = "draw" if w == "draw" else "red" if w == red_fac else "blue"
                    tell = []
                    for seat, bot in ((0, a.red), (1, a.blue)):
                        ts, cs = one["time"][seat], one["cpu"][seat]
                        b = _budget(bot)
                        over = f", {sum(1 for t in ts if t > b * 1.1)} over" if b else ""
                        tell.append(f"{('red', 'blue')[seat]} {len(ts)} decisions, longest {1000 * max(ts, default=0):.0f} ms "
                                    f"wall / {1000 * max(cs, default=0):.0f} ms cpu{over}")
                    print(f"game: {k} seed {one['seed']} red={red_fac} winner={w} ({who}) at {sec:.0f} s "
                          f"(cpu {time.process_time():.0f} s); " + "; ".join(tell), flush=True)
            import signal

            def _stop(signum, frame):  # (kill PID or Ctrl+C: the figures of the games finished so far)
                raise KeyboardInterrupt
            # a background job of a shell starts with SIGINT ignored, so both are installed here
            old = {sig: signal.signal(sig, _stop) for sig in (signal.SIGINT, signal.SIGTERM)}
            try:
                r = simulate_versus(a.scenario, a.games, a.red, a.blue, a.seed, prog, a.paired)
            finally:
                for sig, h in old.items():
                    signal.signal(sig, h)
        except (KeyError, ValueError) as ex:
            print(f"error: {ex}", file=sys.stderr)
            return 2
        n = r["games"]
        if not n:
            print("error: interrupted before the first game ended", file=sys.stderr)
            return 2
        print(f"mode: versus")
        if r.get("interrupted"):
            print(f"interrupted: after {n} of {a.games} games")
        print(f"scenario: {a.scenario}")
        print(f"games: {n} (red plays the Directorate in even games, the Syndicate in odd ones"
              f"{'; games 2k and 2k+1 share seed S+k' if a.paired else ''})")
        for who, bot in (("red", a.red), ("blue", a.blue)):
            print(f"wins_{who}: {r['wins'][who]} ({100.0 * r['wins'][who] / n:.1f} %, {bot})")
        print(f"red_wins: {_share(r['wins']['red'], n)} (Wilson interval)")
        for fac in ("directorate", "syndicate"):
            print(f"red_wins_as_{fac}: {_share(r['red_by_faction'][fac], r['played_by_faction'][fac])}")
        print(f"draws: {r['wins']['draw']}")
        for fac in ("directorate", "syndicate"):
            print(f"wins_{fac}: {r['faction_wins'][fac]}")
        if r["wins"]["unfinished"]:
            print(f"unfinished: {r['wins']['unfinished']} (step limit; a bug)")
        print(f"mean_rounds: {_mean(r['rounds']):.1f} rounds")
        print(f"mean_decisions: {_mean(r['decisions']):.1f} decisions per game")
        for who, ts in r["time"].items():
            print(f"time_per_decision: {1000 * _mean(ts):.2f} ms ({who})")
        for who, ts in r["time"].items():
            print(f"time_max_decision: {1000 * max(ts, default=0.0):.2f} ms ({who}, wall clock)")
        for who, ns in r["sims"].items():
            if ns:
                print(f"simulations_per_decision: {_mean(ns):.1f} (min {min(ns)}, {len(ns)} searched decisions, {who})")
        for who, pairs in r["sim_cpu"].items():
            if pairs:
                sims, sec = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
                print(f"simulations_per_cpu_second: {sims / max(sec, 1e-9):.1f} ({who}; a budget of S seconds "
                      f"buys about 0.9 x S x this on an idle machine)")
        for who, ts in r["cpu"].items():
            print(f"cpu_max_decision: {1000 * max(ts, default=0.0):.2f} ms ({who}, processor time of the thread)")
        for who, bot in (("red", a.red), ("blue", a.blue)):
            budget = _budget(bot)
            if budget is not None:  # issue 28: no decision over its budget + 10 %
                ts = r["time"][f"{bot} ({who})"]
                over = sum(1 for t in ts if t > budget * 1.1)
                print(f"over_budget: {over} of {len(ts)} decisions above {1000 * budget * 1.1:.0f} ms "
                      f"(budget + 10 %, wall clock, {bot} ({who}))")
        print(f"wall_time: {r['seconds']:.1f} s")
        print(f"cpu_time: {r['cpu_seconds']:.1f} s (this process)")
        print(f"games_per_hour: {3600.0 * n / max(r['seconds'], 1e-9):.1f} (wall clock)")
        return 0
    if a.mode == "dungeon":  # the dungeon crawl's own simulator (rules/dungeon.md)
        from tools.simulate_dungeon import main as dungeon_main
        return dungeon_main([*(["--scenario", a.scenario] if a.scenario else []), *(["--delve", a.delve] if a.delve else []),
                             "--games", str(a.games),
                             "--players", str(a.players), "--seed", str(a.seed)])
    from game.content.errors import ContentError

    if a.campaign:
        try:
            r = simulate_campaign(a.campaign, a.games, a.players, a.seed, a.easy)
        except ContentError as ex:
            print(f"error: {ex}", file=sys.stderr)
            return 2
        print(f"campaign: {a.campaign}{' (easy)' if a.easy else ''}")
        print(f"players: {a.players}")
        print(f"games: {r['games']}")
        print(f"campaign_win_rate: {100.0 * r['wins'] / r['games']:.1f} %")
        print(f"scenarios_played: {_mean(r['played']):.1f} per campaign (min {min(r['played'])}, max {max(r['played'])})")
        print(f"replays_after_success: {_mean(r['replays']):.1f} per campaign")
        print(f"failed_scenarios: {_mean(r['failures']):.1f} per campaign")
        print(f"final_danger: {_mean(r['danger']):.1f} of 17")
        print(f"wall_time: {_mean(r['seconds']):.2f} s per campaign")
        print(f"stalled: {r['stalled']} (campaigns the play loop ended for making no progress; should be 0)")
        for cause, n in r["causes"].most_common():
            print(f"campaign_loss: {n} x {cause}")
        for sid, n in r["fail_by"].most_common():
            print(f"failures_in: {sid} {n}")
        for sid, (won, n) in sorted(r["by_card"].items()):
            print(f"scenario_win_rate: {sid} {100.0 * won / n:.0f} % of {n}")
        if r["alive"]:
            print(f"reserve_at_end: {_mean(r['reserve']):.1f}")
            print(f"characters_alive: {_mean(r['alive']):.1f} (M-CAMP-4 score)")
        return 0
    if not a.scenario:
        ap.error("--scenario or --campaign is required")

    try:
        r = simulate(a.scenario, a.games, a.players, a.seed)
    except ContentError as ex:
        print(f"error: {ex}", file=sys.stderr)
        return 2
    print(f"scenario: {a.scenario}")
    print(f"players: {a.players}")
    print(f"games: {r['games']}")
    print(f"win_rate: {100.0 * r['wins'] / r['games']:.1f} %")
    print(f"mean_turns: {sum(r['turns']) / len(r['turns']):.1f} turns")
    print(f"wall_time: {r['seconds']:.1f} s")
    for cause, n in r["causes"].most_common():
        print(f"defeat: {n} x {cause}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
