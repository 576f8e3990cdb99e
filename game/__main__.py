"""Command line: ``python -m game`` (the window) or headless bot play.

    python -m game                                   # main menu in a window
    python -m game --map maps/mine.tmx               # play a map (rules: its 'scenario' property)
    python -m game --scenario intro --players 2 --seed 7 --bot --headless
    python -m game --scenario intro --screenshot out.png

Bad input (a broken map or card file) prints one message naming the file and the place, and
exits with code 2 (no traceback).
"""
from __future__ import annotations

import argparse
import os
import sys

from .content.errors import ContentError

SURVIVOR_ORDER = ["vera", "mateo", "anton", "grigor"]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dreadboard", description="Dreadboard: survival-horror board games on screen.")
    p.add_argument("--scenario", default=None,
                   help="scenario id (default: intro; with --map, the map's 'scenario' property)")
    p.add_argument("--map", default=None, help="play this Tiled map (.tmx or .tmj) with the scenario's rules; "
                   "the window opens on choosing survivors")
    p.add_argument("--players", type=int, default=1, choices=[1, 2, 3, 4], help="number of survivors (1-4)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    p.add_argument("--bot", action="store_true", help="let the bot make every decision")
    p.add_argument("--headless", action="store_true", help="no window; print the result line")
    p.add_argument("--screenshot", default=None, metavar="PATH", help="write a PNG of the board after setup and exit")
    p.add_argument("--record", default=None, metavar="PATH", help="headless: write the game record (JSON) here")
    p.add_argument("--verbose", action="store_true", help="headless: print every event")
    p.add_argument("--content", default=None, metavar="DIR", help="read survivor/enemy/item/card YAML from DIR")
    return p


def default_party(n: int, content=None) -> list[tuple[str, int]]:
    """Survivors in seat order; start squares alternate 1, 2 (R-SCEN-5). With ``content``, the
    survivors it has (game.content.loader.party_for; raises ContentError if too few)."""
    if content is not None:
        from .content.loader import party_for

        return party_for(content, n)
    return [(SURVIVOR_ORDER[i], 1 if i % 2 == 0 else 2) for i in range(n)]


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.scenario is None:
        from .content.library import map_rules

        args.scenario = map_rules(args.map) if args.map else "intro"
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    if args.content:
        os.environ["DREADBOARD_CONTENT"] = os.path.abspath(args.content)  # the window reads it too
    try:
        if args.content:
            from .content.loader import load_content

            load_content()  # fail fast, before a window opens
        if args.headless or args.screenshot:
            return headless(args, seed)
        from .ui.app import run_app

        return run_app(scenario=args.scenario, map_path=args.map, seed=args.seed, players=args.players,
                       bot=args.bot)
    except ContentError as ex:
        print(f"error: {ex}", file=sys.stderr)
        return 2


def headless(args: argparse.Namespace, seed: int) -> int:
    from .ai.modes import bot_for
    from .content.loader import load_scenario
    from .engine import apply, new_game

    from .content.loader import load_content

    scn = load_scenario(args.scenario, content=load_content(args.content) if args.content else None,
                        map_path=args.map)
    party = default_party(args.players, scn.content)  # the survivors this content has
    if len(scn.board.start) < 2:
        party = [(cid, 1) for cid, _ in party]
    s = new_game(scn, party, seed)
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        from .ui.render import screenshot_board

        screenshot_board(s, args.screenshot)
        print(f"screenshot: {args.screenshot}")
        if not args.bot:
            return 0
    if not args.bot:
        print("error: --headless needs --bot (nobody else can make the decisions)", file=sys.stderr)
        return 2
    bot = bot_for(s, seed)  # the rule set's own bot (the manor's decisions)
    steps = 0
    while not s.over and steps < 50000:
        for e in apply(s, bot.choose(s)):
            if args.verbose:
                print(f"[{e.rule}] {e.text}")
        steps += 1
    if args.record:
        import json

        from .content.saves import atomic_write_text

        atomic_write_text(args.record, json.dumps({"scenario": args.scenario, "party": party, "seed": seed,
                                                    "record": s.record}, indent=1))
    print(f"result: {s.result or 'unfinished'} turns={s.turn} seed={seed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
