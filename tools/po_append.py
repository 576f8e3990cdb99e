"""Append new entries to the Japanese UI catalogue without rewriting the rest of the file (a small
diff that merges cleanly beside other branches' entries; ``python -m tools.i18n`` sorts the whole
file when run).

    python -m tools.po_append FILE.py     # FILE.py defines JA = {english id: japanese text}

Ids already in the catalogue are skipped; each new entry is written with its brace-format flag.
"""
from __future__ import annotations

import runpy
import sys
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[1] / "game" / "i18n" / "locale" / "ja" / "LC_MESSAGES" / "dreadboard.po"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def append(entries: dict[str, str], po: Path = PO) -> int:
    """Add ``entries`` (id -> translation) missing from ``po``; returns how many were added."""
    with open(po, "rb") as fh:
        have = {m.id for m in read_po(fh) if m.id}
    out = []
    for mid, text in entries.items():
        if mid in have:
            continue
        flag = "#, python-brace-format\n" if "{" in mid else ""
        out.append(f"\n{flag}msgid {_q(mid)}\nmsgstr {_q(text)}\n")
    if out:
        with open(po, "a", encoding="utf-8") as fh:
            fh.write("".join(out))
    return len(out)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(__doc__)
        return 2
    n = append(runpy.run_path(argv[0])["JA"])
    print(f"{PO}: {n} added")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
