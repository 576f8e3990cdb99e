"""The index of the game's sprites: ``assets/sprites/INDEX.txt``, one ``<name> <tool>`` a line, every
PNG the art tools make (``tools/make_*.py``, sources and outputs committed). The window reads it (never
the tools) to tell a sprite that should be there from a name no tool makes: a missing or damaged file
of the index is a clear error naming the file and the tool that makes it (``game.ui.art.ArtMissing``),
never a picture drawn on the fly (STANDARDS: no silent fallback).

    python -m tools.art_index           # write the index from the tools' catalogues
    python -m tools.art_index --check   # exit 1 if the index, the catalogues or the PNGs disagree
"""
from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
SPRITES = ROOT / "assets" / "sprites"
INDEX = SPRITES / "INDEX.txt"

#: each art tool and the sprite names it makes (read from its catalogue; nothing is drawn)
TOOLS: dict[str, Callable] = {
    "tools.make_sprites": lambda m: list(m.catalogue()),
    "tools.make_manor_art": lambda m: list(m.catalogue()),
    "tools.make_manor_icons": lambda m: list(m.ICONS),
    "tools.make_dungeon_icons": lambda m: [f"dg_{n}" for n in m.ICONS],
    "tools.make_ending_art": lambda m: list(m.NAMES),
    "tools.make_versus_art": lambda m: list(m.catalogue()),
}


def names() -> dict[str, str]:
    """Sprite name -> the tool (module) that makes it. Raises ValueError if two tools make one name."""
    import pygame

    pygame.font.init()  # (some catalogues are built with fonts at hand)
    out: dict[str, str] = {}
    for tool, of in TOOLS.items():
        for n in of(importlib.import_module(tool)):
            if n in out and out[n] != tool:
                raise ValueError(f"sprite {n!r} is made by both {out[n]} and {tool}")
            out[n] = tool
    return dict(sorted(out.items()))


def text() -> str:
    return "".join(f"{n} {t}\n" for n, t in names().items())


def problems() -> list[str]:
    """What is wrong: the index out of date, or a PNG of it missing (each names the file)."""
    out = []
    want = text()
    if not INDEX.is_file() or INDEX.read_text(encoding="utf-8") != want:
        out.append(f"{INDEX.relative_to(ROOT)}: out of date; run python -m tools.art_index")
    for n, tool in names().items():
        if not (SPRITES / f"{n}.png").is_file():
            out.append(f"assets/sprites/{n}.png: missing; run python -m {tool}")
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        found = problems()
        for p in found:
            print(p)
        return 1 if found else 0
    INDEX.write_text(text(), encoding="utf-8")
    print(f"wrote {INDEX.relative_to(ROOT)} ({len(names())} sprites)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
