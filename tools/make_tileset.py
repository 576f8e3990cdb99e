"""Generate the floor tileset: ``assets/tiles/dreadboard.png`` + ``assets/tiles/dreadboard.tsx``.

    SDL_VIDEODRIVER=dummy python -m tools.make_tileset

64x64 px cells, 5 columns x 6 rows, drawn with pygame (headless) from a fixed seed, so the
output is the same on every run:

* row 0: plain floors: concrete, wood, tiled floor, asphalt, grass/dirt;
* rows 1-4: the same floors with a board-tile colour mark for green, yellow, amber and red
  (R-EXPLORE-2). The mark is recognisable without colour: a letter (G, Y, A, R), a badge
  shape (circle, triangle, diamond, square) and a frame texture (solid, dashed, dotted,
  double line). Paint one marked cell per board tile, e.g. in its top-left square;
* row 5: extras: void (outside the board), blood-stained concrete, cracked concrete, oil-stained
  asphalt, rubble.

Each tile carries the custom properties ``floor`` and ``mark`` (the colour, or empty) for the UI.
"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "assets" / "tiles"
PNG = OUT_DIR / "dreadboard.png"
TSX = OUT_DIR / "dreadboard.tsx"
T = 64
FLOORS = ("concrete", "wood", "tiled", "asphalt", "dirt")
MARKS = (("green", "G", (70, 150, 70)), ("yellow", "Y", (200, 180, 60)),
         ("amber", "A", (210, 120, 40)), ("red", "R", (170, 40, 40)))
EXTRAS = (("void", ""), ("concrete", "blood"), ("concrete", "cracks"), ("asphalt", "oil"), ("dirt", "rubble"))
COLUMNS = 5
ROWS = 6


def _clamp(v: float) -> int:
    return max(0, min(255, int(v)))


def _noise(surf: pygame.Surface, rnd: random.Random, base: tuple[int, int, int], amount: int) -> None:
    for y in range(T):
        for x in range(T):
            d = rnd.randint(-amount, amount)
            surf.set_at((x, y), (_clamp(base[0] + d), _clamp(base[1] + d), _clamp(base[2] + d)))


def floor(kind: str, rnd: random.Random) -> pygame.Surface:
    """A dark 64x64 floor texture."""
    s = pygame.Surface((T, T))
    if kind == "concrete":
        _noise(s, rnd, (62, 62, 60), 7)
        for _ in range(6):  # stains
            x, y, r = rnd.randrange(T), rnd.randrange(T), rnd.randint(4, 10)
            stain = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
            pygame.draw.circle(stain, (30, 30, 28, 40), (r, r), r)
            s.blit(stain, (x - r, y - r))
        pygame.draw.line(s, (48, 48, 46), (0, T - 1), (T - 1, T - 1))
        pygame.draw.line(s, (48, 48, 46), (T - 1, 0), (T - 1, T - 1))
    elif kind == "wood":
        _noise(s, rnd, (70, 48, 30), 6)
        for i in range(4):  # planks, 16 px, staggered joints
            y = i * 16
            pygame.draw.line(s, (36, 24, 14), (0, y), (T - 1, y), 2)
            jx = (i * 23 + 11) % T
            pygame.draw.line(s, (36, 24, 14), (jx, y), (jx, y + 15), 1)
            for _ in range(3):  # grain
                gy = y + rnd.randint(3, 13)
                gx = rnd.randint(0, T - 20)
                pygame.draw.line(s, (56, 38, 22), (gx, gy), (gx + rnd.randint(8, 20), gy))
    elif kind == "tiled":
        _noise(s, rnd, (58, 60, 62), 4)
        for i in range(0, T, 16):
            pygame.draw.line(s, (30, 32, 34), (i, 0), (i, T - 1))
            pygame.draw.line(s, (30, 32, 34), (0, i), (T - 1, i))
        for _ in range(3):  # grime in a few cells
            cx, cy = rnd.randrange(4) * 16 + 1, rnd.randrange(4) * 16 + 1
            grime = pygame.Surface((15, 15), pygame.SRCALPHA)
            grime.fill((20, 24, 18, 70))
            s.blit(grime, (cx, cy))
    elif kind == "asphalt":
        _noise(s, rnd, (40, 40, 44), 10)
        for _ in range(40):  # gravel
            s.set_at((rnd.randrange(T), rnd.randrange(T)), (80, 80, 84))
        pygame.draw.line(s, (150, 130, 40), (T // 2 - 2, 0), (T // 2 - 2, 20), 3)  # faded road paint
    elif kind == "dirt":
        _noise(s, rnd, (52, 44, 32), 9)
        for _ in range(26):  # dead grass tufts
            x, y = rnd.randrange(T), rnd.randrange(T)
            pygame.draw.line(s, (60, 72, 40), (x, y), (x + rnd.randint(-2, 2), y - rnd.randint(2, 5)))
    elif kind == "void":
        _noise(s, rnd, (10, 10, 12), 3)
    else:  # pragma: no cover
        raise ValueError(kind)
    return s


def extra(kind: str, detail: str, rnd: random.Random) -> pygame.Surface:
    """A floor with a horror detail painted on it."""
    s = floor(kind, rnd)
    if detail == "blood":
        for _ in range(7):
            x, y, r = rnd.randint(16, 48), rnd.randint(16, 48), rnd.randint(3, 9)
            pygame.draw.circle(s, (70, 8, 8), (x, y), r)
        pygame.draw.line(s, (60, 6, 6), (20, 40), (58, 60), 4)
    elif detail == "cracks":
        x, y = rnd.randint(5, 20), 0
        while y < T:
            nx, ny = x + rnd.randint(-6, 8), y + rnd.randint(6, 12)
            pygame.draw.line(s, (22, 22, 20), (x, y), (nx, ny), 2)
            x, y = nx, ny
    elif detail == "oil":
        pygame.draw.ellipse(s, (18, 18, 26), (12, 18, 40, 26))
        pygame.draw.ellipse(s, (40, 30, 60), (20, 24, 12, 6), 1)
    elif detail == "rubble":
        for _ in range(14):
            x, y = rnd.randrange(4, T - 8), rnd.randrange(4, T - 8)
            pts = [(x + rnd.randint(0, 7), y + rnd.randint(0, 7)) for _ in range(4)]
            pygame.draw.polygon(s, (rnd.randint(70, 95),) * 3, pts)
    return s


def mark(s: pygame.Surface, index: int, letter: str, rgb: tuple[int, int, int], font: pygame.font.Font) -> None:
    """Frame (texture by colour) + badge (shape by colour) + letter."""
    dark = tuple(v // 2 for v in rgb)
    if index == 0:  # green: solid frame
        pygame.draw.rect(s, rgb, (1, 1, T - 2, T - 2), 2)
    elif index == 1:  # yellow: dashed frame
        for i in range(0, T, 8):
            for seg in (((i, 1), (i + 4, 1)), ((i, T - 2), (i + 4, T - 2)), ((1, i), (1, i + 4)),
                        ((T - 2, i), (T - 2, i + 4))):
                pygame.draw.line(s, rgb, seg[0], seg[1], 2)
    elif index == 2:  # amber: dotted frame
        for i in range(2, T, 6):
            for p in ((i, 2), (i, T - 3), (2, i), (T - 3, i)):
                pygame.draw.circle(s, rgb, p, 1)
    else:  # red: double frame
        pygame.draw.rect(s, rgb, (1, 1, T - 2, T - 2), 1)
        pygame.draw.rect(s, rgb, (4, 4, T - 8, T - 8), 1)
    c = (18, 18)
    if index == 0:
        pygame.draw.circle(s, dark, c, 12)
        pygame.draw.circle(s, rgb, c, 12, 2)
    elif index == 1:
        pts = [(18, 5), (31, 28), (5, 28)]
        pygame.draw.polygon(s, dark, pts)
        pygame.draw.polygon(s, rgb, pts, 2)
    elif index == 2:
        pts = [(18, 5), (31, 18), (18, 31), (5, 18)]
        pygame.draw.polygon(s, dark, pts)
        pygame.draw.polygon(s, rgb, pts, 2)
    else:
        pygame.draw.rect(s, dark, (6, 6, 24, 24))
        pygame.draw.rect(s, rgb, (6, 6, 24, 24), 2)
    txt = font.render(letter, True, (235, 235, 225))
    s.blit(txt, txt.get_rect(center=(c[0], c[1] + (3 if index == 1 else 1))))


def build() -> tuple[pygame.Surface, list[tuple[str, str]]]:
    """The tileset image and, per tile id, its (floor, mark)."""
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    sheet = pygame.Surface((COLUMNS * T, ROWS * T))
    meta: list[tuple[str, str]] = []
    for i, f in enumerate(FLOORS):
        sheet.blit(floor(f, random.Random(100 + i)), (i * T, 0))
        meta.append((f, ""))
    for r, (name, letter, rgb) in enumerate(MARKS):
        for i, f in enumerate(FLOORS):
            s = floor(f, random.Random(100 + i))
            mark(s, r, letter, rgb, font)
            sheet.blit(s, (i * T, (r + 1) * T))
            meta.append((f, name))
    for i, (f, detail) in enumerate(EXTRAS):
        s = extra(f, detail, random.Random(200 + i))
        sheet.blit(s, (i * T, 5 * T))
        meta.append((f if detail else "void", ""))
    return sheet, meta


def tsx_text(meta: list[tuple[str, str]]) -> str:
    """The .tsx file for the sheet."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<tileset version="1.8" tiledversion="1.8.2" name="dreadboard" tilewidth="{T}" tileheight="{T}" '
           f'tilecount="{len(meta)}" columns="{COLUMNS}">',
           f' <image source="{PNG.name}" width="{COLUMNS * T}" height="{ROWS * T}"/>']
    for i, (f, m) in enumerate(meta):
        out += [f' <tile id="{i}">', "  <properties>", f'   <property name="floor" value="{f}"/>',
                f'   <property name="mark" value="{m}"/>', "  </properties>", " </tile>"]
    out.append("</tileset>")
    return "\n".join(out) + "\n"


def main() -> int:
    pygame.font.init()
    sheet, meta = build()
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(PNG))
    TSX.write_text(tsx_text(meta), encoding="utf-8")
    print(f"wrote {PNG.relative_to(ROOT)} ({sheet.get_width()}x{sheet.get_height()}) and {TSX.relative_to(ROOT)}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
