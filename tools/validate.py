"""Check Tiled maps: ``python -m tools.validate [PATH...]``.

With no PATH every ``.tmx`` under ``maps/`` is checked; a folder is searched for ``.tmx`` files.
Every problem is printed on its own line with the file, the object id and square, and a hint.
Exit status: 0 when every map is clean, 2 otherwise.
"""
from __future__ import annotations

import argparse
import sys

from game.content.tiled import ROOT, iter_maps, rel, validate_board


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.validate", description="Check Dreadboard Tiled maps.")
    ap.add_argument("paths", nargs="*", help="maps or folders (default: every .tmx under maps/)")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    args = ap.parse_args(argv)
    maps = iter_maps(args.paths)
    if not maps:
        print(f"no .tmx maps found under {args.paths or [str(ROOT / 'maps')]}", file=sys.stderr)
        return 2
    bad = 0
    for path in maps:
        problems = validate_board(path)
        for p in problems:
            print(str(p))
        if problems:
            bad += 1
        elif not args.quiet:
            print(f"{rel(path)}: ok")
    if not args.quiet or bad:
        print(f"{len(maps)} map(s) checked, {bad} with problems", file=sys.stderr)
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
