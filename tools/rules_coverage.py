"""Print, per section of every rules file, the rule IDs cited by tests out of all IDs.

    python -m tools.rules_coverage [--rules DIR] [--missing]

A rule counts as cited when a test file under tests/ names it in a test name or docstring,
with '-' or '_' separators (``test_R_LOS_5_...`` cites R-LOS-5). Rules files are looked for in
``../shared/rules`` beside the repository unless --rules is given.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ID_DEF = re.compile(r"\*\*((?:R|M|V|D)-[A-Z]+-[A-Z]?[0-9]+[a-z]?)\*\*|^### (DV-[0-9]+)\b")
ID_USE = re.compile(r"(?<![A-Za-z0-9])((?:R|M|V|D)[-_][A-Z]+[-_][A-Z]?[0-9]+[a-z]?|DV[-_][0-9]+)(?![0-9])")


def rule_ids(path: Path) -> list[tuple[str, list[str]]]:
    """[(section heading, [ids in order])] for one rules file."""
    sections: list[tuple[str, list[str]]] = [("(preamble)", [])]
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
            continue
        for m in ID_DEF.finditer(line):
            rid = m.group(1) or m.group(2)
            if rid not in sections[-1][1]:
                sections[-1][1].append(rid)
    return [(h, ids) for h, ids in sections if ids]


def cited_ids(tests: Path) -> set[str]:
    out: set[str] = set()
    for p in tests.rglob("*.py"):
        for m in ID_USE.finditer(p.read_text(encoding="utf-8")):
            out.add(m.group(1).replace("_", "-"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default=str(ROOT.parent / "shared" / "rules"))
    ap.add_argument("--missing", action="store_true", help="list the IDs no test cites")
    args = ap.parse_args(argv)
    rules = Path(args.rules)
    files = sorted(rules.glob("*.md"))
    if not files:
        print(f"no rules files found in {rules} (pass --rules DIR)")
        return 2
    cited = cited_ids(ROOT / "tests")
    total_all = cited_all = 0
    for f in files:
        print(f"== {f.name}")
        for head, ids in rule_ids(f):
            c = [i for i in ids if i in cited]
            total_all += len(ids)
            cited_all += len(c)
            line = f"  {head}: {len(c)}/{len(ids)}"
            if args.missing and len(c) < len(ids):
                line += "  missing: " + " ".join(i for i in ids if i not in cited)
            print(line)
    print(f"total: {cited_all}/{total_all} rule IDs cited by tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
