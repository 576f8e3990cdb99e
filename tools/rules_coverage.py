"""Print, per rules file and per section, the rule IDs cited by tests out of all IDs.

    python -m tools.rules_coverage [--rules DIR] [--missing]

A rule counts as cited only when a test names it in its *name* or its *docstring* (with '-'
or '_' separators: ``test_R_LOS_5_...`` cites R-LOS-5). Comments, strings, helper functions and
module docstrings do not count. Tests are the ``test_*`` functions of ``tests/**/test_*.py``,
including methods of ``Test*`` classes.

Where the rules files are looked for, in order: ``--rules DIR``; ``$DREADBOARD_RULES``; the
``shared/rules`` folder beside the repository (``../shared/rules``); beside the main checkout
when this is a git worktree. If none holds ``*.md`` files, it says where it looked and exits 2.
"""
from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
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


def texts_of_tests(source: str) -> list[str]:
    """Name + docstring of every test function in a test module's source (``test_*``
    functions at module level or in ``Test*`` classes). Raises SyntaxError."""
    tree = ast.parse(source)
    out: list[str] = []

    def visit(body, in_class: bool) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                out.append(node.name + "\n" + (ast.get_docstring(node) or ""))
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test") and not in_class:
                visit(node.body, True)
    visit(tree.body, False)
    return out


def cited_ids(tests: Path) -> set[str]:
    """Rule IDs named by test names and docstrings under ``tests``."""
    out: set[str] = set()
    for p in sorted(tests.rglob("test_*.py")):
        try:
            texts = texts_of_tests(p.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError) as ex:
            print(f"warning: {p}: not read ({ex.__class__.__name__})", file=sys.stderr)
            continue
        for text in texts:
            for m in ID_USE.finditer(text):
                out.add(m.group(1).replace("_", "-"))
    return out


INDEX = ROOT / "docs" / "rule_ids.txt"


def index_text(files: list[Path]) -> str:
    """Every rule ID of the rules files, ``file: id`` one per line in file order: the committed
    index (docs/rule_ids.txt) that lets a test check cited IDs where the rules are not at hand.
    R-DOC-1: IDs are stable and a removed rule keeps its number retired, so the index only grows."""
    lines = ["# Rule IDs of the rules files (python -m tools.rules_coverage --write-index). R-DOC-1."]
    for f in files:
        lines += [f"{f.name}: {rid}" for _, ids in rule_ids(f) for rid in ids]
    return "\n".join(lines) + "\n"


def candidate_dirs(given: str | None) -> list[Path]:
    """Where the rules may be, in the order they are tried."""
    out: list[Path] = []
    if given:
        return [Path(given)]
    if os.environ.get("DREADBOARD_RULES"):
        out.append(Path(os.environ["DREADBOARD_RULES"]))
    out.append(ROOT.parent / "shared" / "rules")
    try:  # a git worktree: beside the main checkout too
        common = subprocess.run(["git", "rev-parse", "--git-common-dir"], cwd=ROOT, capture_output=True, text=True,
                                timeout=10)
        if common.returncode == 0 and common.stdout.strip():
            main = (ROOT / common.stdout.strip()).resolve().parent
            out.append(main.parent / "shared" / "rules")
    except (OSError, subprocess.SubprocessError):
        pass
    seen: list[Path] = []
    for p in out:
        if p.resolve() not in [q.resolve() for q in seen]:
            seen.append(p)
    return seen


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default=None, help="folder holding the rules *.md files")
    ap.add_argument("--missing", action="store_true", help="list the IDs no test cites")
    ap.add_argument("--write-index", action="store_true",
                    help="write every rule ID, one per line, to docs/rule_ids.txt (R-DOC-1)")
    args = ap.parse_args(argv)
    tried = candidate_dirs(args.rules)
    rules = next((d for d in tried if d.is_dir() and any(d.glob("*.md"))), None)
    if rules is None:
        print("no rules files (*.md) found; looked in: " + ", ".join(str(d) for d in tried), file=sys.stderr)
        print("pass --rules DIR (the design team's rules folder) or set DREADBOARD_RULES", file=sys.stderr)
        return 2
    files = sorted(rules.glob("*.md"))
    if args.write_index:
        INDEX.write_text(index_text(files), encoding="utf-8")
        print(f"wrote {INDEX}")
        return 0
    cited = cited_ids(ROOT / "tests")
    print(f"rules: {rules}")
    total_all = cited_all = 0
    for f in files:
        print(f"== {f.name}")
        file_total = file_cited = 0
        for head, ids in rule_ids(f):
            c = [i for i in ids if i in cited]
            file_total += len(ids)
            file_cited += len(c)
            line = f"  {head}: {len(c)}/{len(ids)}"
            if args.missing and len(c) < len(ids):
                line += "  missing: " + " ".join(i for i in ids if i not in cited)
            print(line)
        print(f"  {f.name} total: {file_cited}/{file_total}")
        total_all += file_total
        cited_all += file_cited
    print(f"total: {cited_all}/{total_all} rule IDs cited by test names and docstrings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
