"""The balance table of docs/balance.md, generated from bot games (issue 10), not typed.

    python -m tools.balance_table --games 200 --players 1 2 4 --seed 0            # the 14 city scenarios
    python -m tools.balance_table --games 40 --players 2 --scenarios dt1 ut2      # a few of them
    python -m tools.balance_table --campaign 40 --players 2 --seed 0              # whole campaigns too

Each cell is ``win % / mean player turns / games lost to an empty tension deck`` over seeds
S..S+G-1 (tools.simulate.simulate: the bot of game.ai.bot, fair play, standalone set-up from the
brief's ``standalone`` field, R-STAND). A win rate outside its tier's target band for 2
survivors (tier 1 55-85 %, tier 2 40-75 %, tier 3 and the finale 30-65 %) or more than 1 game
in 10 lost to the tension deck is marked with "!". Prints a Markdown table; progress goes to
stderr.
"""
from __future__ import annotations

import argparse
import sys

CITY = ["dt1", "ut1", "cm1", "dt2", "ut2", "cm2", "pr1", "dt3", "pr2", "ut3", "cm3", "pr3", "ct1", "ct2"]
BANDS = {1: (55, 85), 2: (40, 75), 3: (30, 65), 4: (30, 65)}  # issue 10's targets for 2 survivors
DECK_OUT = "the tension deck ran out (R-TENSION-8)"


def cell(r: dict, tier: int | None, players: int) -> str:
    """``win % / turns / deck-outs`` with "!" where a 2-survivor target is missed."""
    games = r["games"]
    win = 100.0 * r["wins"] / games
    turns = sum(r["turns"]) / len(r["turns"])
    outs = sum(n for cause, n in r["causes"].items() if cause.startswith("the tension deck ran out"))
    flag = ""
    if players == 2 and tier in BANDS:
        lo, hi = BANDS[tier]
        if not lo <= win <= hi:
            flag += "!"
    if 10 * outs > games:
        flag += "!"
    return f"{win:.0f} %{flag} / {turns:.0f} / {outs}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scenarios", nargs="+", default=CITY)
    ap.add_argument("--campaign", type=int, default=0, metavar="N", help="also play N whole campaigns per player count")
    ap.add_argument("--pack", default="city", help="the campaign pack for --campaign (city, mansion)")
    a = ap.parse_args(argv)
    from game.content.loader import load_content
    from tools.simulate import simulate, simulate_campaign

    ct = load_content()
    if a.pack == "mansion" or any(sid.startswith("m_") for sid in a.scenarios):  # the manor cards' briefs
        from game.content.mansion_pack import mansion_content
        ct = mansion_content()
    head = "| scenario | tier | objective | " + " | ".join(
        f"{p} survivor{'s' if p > 1 else ''} ({a.games})" for p in a.players) + " |"
    print(head)
    print("|" + "---|" * (3 + len(a.players)))
    for sid in a.scenarios:
        b = ct.scenarios[sid]
        tier = b.tier or None
        cells = []
        for p in a.players:
            print(f"{sid} {p}p ...", file=sys.stderr, flush=True)
            cells.append(cell(simulate(sid, a.games, p, a.seed), tier, p))
        label = "finale" if tier == 4 else str(tier)
        print(f"| {sid.upper()} {b.name} | {label} | {b.objective} | " + " | ".join(cells) + " |", flush=True)
    if a.campaign:
        print()
        print("| survivors | campaigns | won | scenarios played | failed | final danger | in-campaign win rate by scenario |")
        print("|---|---|---|---|---|---|---|")
        for p in a.players:
            print(f"campaign {p}p ...", file=sys.stderr, flush=True)
            r = simulate_campaign(a.pack, a.campaign, p, a.seed)
            n = r["games"]
            by = ", ".join(f"{sid} {100.0 * w / t:.0f} % of {t}" for sid, (w, t) in sorted(r["by_card"].items()))
            print(f"| {p} | {n} | {r['wins']} ({100.0 * r['wins'] / n:.0f} %) | {sum(r['played']) / n:.1f} | "
                  f"{sum(r['failures']) / n:.1f} | {sum(r['danger']) / n:.1f} | {by} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
