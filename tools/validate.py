"""Check Tiled maps: ``python -m tools.validate [--json] [PATH...]``.

With no PATH every map (``.tmx``, ``.tmj``) under ``maps/`` is checked; a folder is searched.
By default every problem is printed on its own line with the file, the object id and square, and
a hint. ``--json`` prints one JSON document instead (the Tiled extension in
``maps/extensions/`` reads it)::

    {"format": "dreadboard-validate", "version": 1,
     "maps": [{"file": "maps/mine.tmx", "path": "/abs/maps/mine.tmx", "title": "Mine",
               "width": 14, "height": 10, "ok": false,
               "problems": [{"file": "maps/mine.tmx", "object": 12, "layer": "doors",
                             "square": [3, 4], "where": "object 12 (door) at square (3, 4)",
                             "message": "the door is not between ...", "hint": "place ...",
                             "severity": "error"}]}]}

``object``, ``layer`` and ``square`` are null when the problem is not about one; ``severity`` is
"error", or "info" for the closing "and N more problem(s) not listed" entry
(:func:`game.content.tiled.problem_record`). Exit status: 0 when every map is clean, 2 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from game.content.tiled import ROOT, inspect_map, iter_maps, problem_record, rel, validate_board

REPORT_FORMAT = "dreadboard-validate"
REPORT_VERSION = 1


def report(paths: list) -> dict:
    """The JSON report (see the module doc) for these map files."""
    maps = []
    for path in paths:
        r = inspect_map(path)
        maps.append({"file": r.file, "path": os.path.abspath(path), "title": r.title, "width": r.width,
                     "height": r.height, "ok": r.ok, "problems": [problem_record(e) for e in r.problems]})
    return {"format": REPORT_FORMAT, "version": REPORT_VERSION, "maps": maps}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.validate", description="Check Dreadboard Tiled maps.")
    ap.add_argument("paths", nargs="*", help="maps or folders (default: every map under maps/)")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    ap.add_argument("--json", action="store_true", help="print a machine-readable JSON report instead")
    args = ap.parse_args(argv)
    maps = iter_maps(args.paths)
    if args.json:
        doc = report(maps)
        json.dump(doc, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
        return 2 if (not maps or any(not m["ok"] for m in doc["maps"])) else 0
    if not maps:
        print(f"no maps (.tmx, .tmj) found under {args.paths or [str(ROOT / 'maps')]}", file=sys.stderr)
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
