"""Fetch the game's Latin fonts into ``assets/fonts/`` from a registry package, with their licences.

    python -m tools.fetch_fonts            # download, check, write assets/fonts/
    python -m tools.fetch_fonts --check    # only check the files in assets/fonts/ (exit 1 if not as pinned)

The game draws its text with Noto Sans (regular and bold) and its numbers table with Fira Code,
both under the SIL Open Font License 1.1. They are taken, byte for byte, from the PyPI wheel of
``pygame_gui`` (which ships them as its default fonts, with the licence texts), downloaded with
pip; each file's SHA-256 is pinned below so a different download is refused. The wheel is only a
carrier: the game does not import pygame_gui (docs/architecture.md, "Fonts and widgets").
Japanese text uses the desktop's own Japanese font (game/i18n/fonts.py), nothing is shipped for it.
"""
from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "fonts"
PACKAGE = "pygame_gui==0.6.14"
# file in the wheel -> (file in assets/fonts, SHA-256)
FILES: dict[str, tuple[str, str]] = {
    "pygame_gui/data/NotoSans-Regular.ttf":
        ("NotoSans-Regular.ttf", "3be6b371cef19ed6add589bd106444ab74c9793bc812d3159298b73d00ee011c"),
    "pygame_gui/data/NotoSans-Bold.ttf":
        ("NotoSans-Bold.ttf", "cf382cad35e731fc4f13b1bf068c5085cd17bee2141014cc94919c140529488d"),
    "pygame_gui/data/FiraCode-Regular.ttf":
        ("FiraCode-Regular.ttf", "38a25a65d58718009b38870d1d646c62a668cfb9a446970b41c3ec691c2cdfa1"),
    "pygame_gui/data/licenses/NotoSans-LICENSE.txt": ("NotoSans-OFL.txt", ""),
    "pygame_gui/data/licenses/FiraCode-LICENSE.txt": ("FiraCode-OFL.txt", ""),
}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def check(folder: Path = OUT) -> list[str]:
    """Problems with the font files in ``folder`` (missing, or not the pinned bytes); [] if fine."""
    problems = []
    for name, digest in FILES.values():
        p = folder / name
        if not p.is_file():
            problems.append(f"{p}: missing (run python -m tools.fetch_fonts)")
        elif digest and sha256(p.read_bytes()) != digest:
            problems.append(f"{p}: not the pinned file (SHA-256 {digest[:12]}...)")
        elif not digest and "Open Font License" not in p.read_text(encoding="utf-8"):
            problems.append(f"{p}: not an OFL licence text")
    return problems


def fetch(out: Path = OUT) -> None:
    """Download the carrier wheel with pip and write the pinned files to ``out``. Raises SystemExit
    with the reason if pip fails or a file differs from its pin."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:", "-d", tmp, PACKAGE]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"fetch_fonts: pip download {PACKAGE} failed:\n{p.stderr}")
        wheel = next(Path(tmp).glob("*.whl"))
        out.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(wheel) as z:
            for member, (name, digest) in FILES.items():
                data = z.read(member)
                if digest and sha256(data) != digest:
                    raise SystemExit(f"fetch_fonts: {member} in {wheel.name} is not the pinned file")
                (out / name).write_bytes(data)
                print(f"wrote {(out / name).relative_to(ROOT)} ({len(data):,} bytes)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check assets/fonts/")
    args = ap.parse_args(argv)
    if not args.check:
        fetch()
    problems = check()
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
