"""Generate the manor floor tileset: ``assets/tiles/manor.png`` + ``assets/tiles/manor.tsx``.

    SDL_VIDEODRIVER=dummy python -m tools.make_manor_tileset

The mansion campaign's maps (maps/manor/*.tmx) are painted with this tileset, not the city's:
a decaying country house at night. 64x64 px cells, 8 columns x 7 rows, drawn with pygame
(headless) from fixed seeds, so the output is the same on every run:

* row 0: plain floors: parquet (herringbone oak), boards (old servants' planks), carpet
  (burgundy damask), marble (black-and-white hall check), flagstone (cellar stone),
  conservatory (encaustic tiles), lab (steel plate), gravel (courtyard paths);
* rows 1-4: the same floors with a board-tile colour mark for green, yellow, amber and red
  (R-EXPLORE-2), drawn exactly like the city tileset's marks (tools/make_tileset.py): a letter
  (G, Y, A, R), a badge shape and a frame texture, so the colour is never the only sign;
* row 5: walls and furniture for cells that are not squares: void, wood panelling, wallpaper,
  fireplace, library shelves, moonlit window, hedge, laboratory pipes;
* row 6: worn floors: blood on parquet, torn carpet, cracked marble, flooded flagstone, broken
  glass on conservatory tiles, scorched boards, spilled reagent on steel, trampled gravel.

Each tile carries the custom properties ``floor`` and ``mark`` (the colour, or empty) like the
city tileset, and ``decor`` (row 5: what the wall cell shows).
"""
from __future__ import annotations

import math
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tools.make_tileset import MARKS, _clamp, mark  # noqa: E402  (one look for colour marks)

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "assets" / "tiles"
PNG = OUT_DIR / "manor.png"
TSX = OUT_DIR / "manor.tsx"
T = 64
FLOORS = ("parquet", "boards", "carpet", "marble", "flagstone", "conservatory", "lab", "gravel")
DECOR = ("void", "panelling", "wallpaper", "fireplace", "shelves", "window", "hedge", "pipes")
# worn variant of each floor (row 6, same column)
WEAR = ("blood", "scorched", "torn", "cracked", "flooded", "glass", "reagent", "trampled")
COLUMNS = 8
ROWS = 7


def _noise(surf: pygame.Surface, rnd: random.Random, base: tuple[int, int, int], amount: int,
           rect: pygame.Rect | None = None) -> None:
    r = rect or surf.get_rect()
    for y in range(r.top, r.bottom):
        for x in range(r.left, r.right):
            d = rnd.randint(-amount, amount)
            surf.set_at((x, y), (_clamp(base[0] + d), _clamp(base[1] + d), _clamp(base[2] + d)))


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (_clamp(c[0] * k), _clamp(c[1] * k), _clamp(c[2] * k))


def _vignette(s: pygame.Surface, strength: int = 40) -> None:
    """Darker corners: candle-lit rooms, never evenly bright."""
    v = pygame.Surface((T, T), pygame.SRCALPHA)
    for i in range(8):
        pygame.draw.rect(v, (0, 0, 0, strength // 8), (i, i, T - 2 * i, T - 2 * i), 1)
    s.blit(v, (0, 0))


def floor(kind: str, rnd: random.Random) -> pygame.Surface:
    """A dark 64x64 manor floor."""
    s = pygame.Surface((T, T))
    if kind == "parquet":  # herringbone: 8 px wide blocks at 45 degrees, two tones of oak
        _noise(s, rnd, (78, 52, 30), 5)
        tones = ((86, 58, 34), (66, 44, 26))
        for row in range(-2, 10):
            for col in range(-2, 6):
                x0, y0 = col * 16, row * 8 + col * 8
                for k, pts in enumerate((((x0, y0), (x0 + 8, y0 + 8), (x0 + 8, y0 + 16), (x0, y0 + 8)),
                                         ((x0 + 8, y0 + 8), (x0 + 16, y0), (x0 + 16, y0 + 8), (x0 + 8, y0 + 16)))):
                    pygame.draw.polygon(s, _shade(tones[k], 1 + rnd.uniform(-0.06, 0.06)), pts)
                    pygame.draw.lines(s, (38, 24, 14), True, pts, 1)
        for _ in range(30):  # grain flecks
            s.set_at((rnd.randrange(T), rnd.randrange(T)), (100, 72, 44))
    elif kind == "boards":  # wide, grey-brown, nailed servants' planks
        _noise(s, rnd, (64, 54, 44), 7)
        for i in range(3):
            x = i * 22
            pygame.draw.line(s, (26, 20, 16), (x, 0), (x, T - 1), 2)
            jy = (i * 29 + 17) % T
            pygame.draw.line(s, (30, 24, 18), (x, jy), (x + 21, jy), 1)
            for ny in (jy - 4, jy + 4):
                if 0 <= ny < T:
                    pygame.draw.circle(s, (20, 18, 16), (x + 4, ny), 1)
                    pygame.draw.circle(s, (20, 18, 16), (x + 17, ny), 1)
            for _ in range(4):
                gx = x + rnd.randint(3, 18)
                gy = rnd.randint(0, T - 20)
                pygame.draw.line(s, (52, 44, 36), (gx, gy), (gx, gy + rnd.randint(8, 20)))
    elif kind == "carpet":  # burgundy damask with a faint gold lattice
        _noise(s, rnd, (70, 18, 24), 5)
        gold = (112, 78, 40)
        for cx in (0, 32, 64):
            for cy in (0, 32, 64):
                pts = [(cx, cy - 12), (cx + 12, cy), (cx, cy + 12), (cx - 12, cy)]
                pygame.draw.polygon(s, gold, pts, 1)
                pygame.draw.circle(s, (90, 30, 34), (cx, cy), 4)
        for cx, cy in ((16, 16), (48, 16), (16, 48), (48, 48)):
            for a in range(4):  # four-petal motif
                ang = a * math.pi / 2
                pygame.draw.circle(s, (96, 34, 38), (int(cx + math.cos(ang) * 4), int(cy + math.sin(ang) * 4)), 3)
            pygame.draw.circle(s, gold, (cx, cy), 1)
        for _ in range(60):  # worn pile
            s.set_at((rnd.randrange(T), rnd.randrange(T)), (50, 12, 16))
    elif kind == "marble":  # one pale veined slab per square, black diamonds where four slabs meet
        _noise(s, rnd, (74, 72, 68), 4)
        x, y = rnd.randint(6, 20), 0
        while y < T:  # a grey vein across the slab
            nx, ny = x + rnd.randint(-4, 10), y + rnd.randint(5, 10)
            pygame.draw.line(s, (52, 50, 48), (x, y), (nx, ny))
            x, y = nx, ny
        for cx, cy in ((0, 0), (T, 0), (0, T), (T, T)):  # quarter diamonds in the corners
            pygame.draw.polygon(s, (20, 18, 20), [(cx, cy - 14), (cx + 14, cy), (cx, cy + 14), (cx - 14, cy)])
            pygame.draw.polygon(s, (120, 96, 52), [(cx, cy - 14), (cx + 14, cy), (cx, cy + 14), (cx - 14, cy)], 1)
        pygame.draw.rect(s, (34, 32, 32), (0, 0, T, T), 1)
    elif kind == "flagstone":  # cellar: irregular stones, dark mortar, damp
        _noise(s, rnd, (22, 22, 20), 3)
        stones = ((2, 2, 28, 24), (32, 2, 30, 18), (32, 22, 30, 20), (2, 28, 20, 34), (24, 28, 6, 34),
                  (24, 44, 38, 18))
        for (x, y, w, h) in stones:
            col = (rnd.randint(58, 70), rnd.randint(60, 70), rnd.randint(56, 64))
            r = pygame.Rect(x, y, w, h)
            _noise(s, rnd, col, 5, r)
            pygame.draw.rect(s, _shade(col, 1.18), r, 1, border_radius=3)
        for _ in range(6):  # moss and damp
            x, y = rnd.randrange(T), rnd.randrange(T)
            pygame.draw.circle(s, (40, 56, 34), (x, y), rnd.randint(1, 3))
    elif kind == "conservatory":  # encaustic tiles: terracotta squares, dark green diamonds
        _noise(s, rnd, (96, 50, 34), 5)
        for i in range(0, T, 16):
            for j in range(0, T, 16):
                pts = [(i + 8, j + 2), (i + 14, j + 8), (i + 8, j + 14), (i + 2, j + 8)]
                pygame.draw.polygon(s, (34, 62, 46), pts)
                pygame.draw.polygon(s, (150, 120, 70), pts, 1)
        for i in range(0, T, 16):
            pygame.draw.line(s, (40, 22, 16), (i, 0), (i, T - 1))
            pygame.draw.line(s, (40, 22, 16), (0, i), (T - 1, i))
    elif kind == "lab":  # steel diamond plate with rivets
        _noise(s, rnd, (52, 58, 64), 4)
        for y in range(4, T, 10):
            for x in range((y // 10 % 2) * 6 + 2, T, 12):
                pygame.draw.line(s, (84, 92, 100), (x, y + 3), (x + 5, y), 2)
        for x in (3, T - 4):
            for y in (3, T - 4):
                pygame.draw.circle(s, (110, 116, 122), (x, y), 2)
        pygame.draw.rect(s, (24, 28, 32), (0, 0, T, T), 1)
    elif kind == "gravel":  # courtyard: gravel, moss at the edges
        _noise(s, rnd, (58, 56, 50), 9)
        for _ in range(70):
            x, y = rnd.randrange(T), rnd.randrange(T)
            pygame.draw.circle(s, (rnd.randint(70, 96),) * 3, (x, y), 1)
        for _ in range(16):
            x, y = rnd.randrange(T), rnd.choice((rnd.randrange(0, 8), rnd.randrange(T - 8, T)))
            pygame.draw.line(s, (46, 68, 36), (x, y), (x + rnd.randint(-2, 2), y - rnd.randint(2, 5)))
    elif kind == "void":
        _noise(s, rnd, (8, 7, 9), 2)
    else:  # pragma: no cover
        raise ValueError(kind)
    if kind != "void":
        _vignette(s)
    return s


def decor(kind: str, rnd: random.Random) -> pygame.Surface:
    """A cell that is not a square: the manor's walls and fixed furniture (row 5)."""
    if kind == "void":
        return floor("void", rnd)
    s = pygame.Surface((T, T))
    if kind == "panelling":  # dark wallpaper above, raised wood panels below, a dado rail
        _noise(s, rnd, (30, 26, 30), 3, pygame.Rect(0, 0, T, 24))
        for x in range(4, T, 12):
            pygame.draw.line(s, (44, 36, 44), (x, 0), (x, 22))
        _noise(s, rnd, (56, 34, 20), 4, pygame.Rect(0, 24, T, 40))
        pygame.draw.rect(s, (96, 66, 36), (0, 22, T, 4))  # dado rail
        for x in (4, 34):
            pygame.draw.rect(s, (40, 24, 14), (x, 32, 26, 26), 2)
            pygame.draw.rect(s, (78, 50, 28), (x + 4, 36, 18, 18), 1)
    elif kind == "wallpaper":  # faded green damask stripes, a water stain
        _noise(s, rnd, (26, 40, 32), 3)
        for x in range(0, T, 16):
            pygame.draw.line(s, (44, 64, 50), (x + 8, 0), (x + 8, T - 1), 3)
            for y in range(6, T, 16):
                pygame.draw.ellipse(s, (50, 72, 56), (x + 3, y, 10, 8), 1)
        stain = pygame.Surface((34, 40), pygame.SRCALPHA)
        pygame.draw.ellipse(stain, (60, 48, 20, 60), stain.get_rect())
        s.blit(stain, (20, 24))
    elif kind == "fireplace":  # stone surround, black firebox, a glow of embers
        _noise(s, rnd, (30, 26, 30), 3)
        pygame.draw.rect(s, (92, 88, 80), (4, 8, 56, 56))  # surround
        pygame.draw.rect(s, (120, 114, 104), (0, 6, T, 6))  # mantel
        pygame.draw.rect(s, (12, 10, 10), (14, 22, 36, 42))  # firebox
        for _ in range(18):
            x, y = rnd.randint(18, 46), rnd.randint(48, 60)
            pygame.draw.circle(s, rnd.choice(((200, 80, 20), (240, 140, 40), (150, 40, 16))), (x, y), rnd.randint(1, 3))
        glow = pygame.Surface((36, 20), pygame.SRCALPHA)
        pygame.draw.ellipse(glow, (255, 110, 30, 70), glow.get_rect())
        s.blit(glow, (14, 42))
        pygame.draw.rect(s, (20, 18, 18), (14, 22, 36, 42), 2)
    elif kind == "shelves":  # library: three shelves of book spines
        _noise(s, rnd, (40, 26, 16), 3)
        for k in range(3):
            y = 4 + k * 20
            x = 4
            while x < T - 6:
                w = rnd.randint(3, 7)
                h = rnd.randint(12, 17)
                col = rnd.choice(((110, 30, 30), (40, 70, 50), (60, 50, 90), (120, 96, 50), (70, 46, 30),
                                  (30, 40, 70)))
                pygame.draw.rect(s, col, (x, y + 18 - h, w, h))
                pygame.draw.line(s, _shade(col, 1.5), (x, y + 18 - h + 3), (x + w - 1, y + 18 - h + 3))
                x += w + (1 if rnd.random() < 0.8 else 5)
            pygame.draw.rect(s, (80, 54, 30), (0, y + 18, T, 2))
        pygame.draw.rect(s, (70, 46, 26), (0, 0, 3, T))
        pygame.draw.rect(s, (70, 46, 26), (T - 3, 0, 3, T))
    elif kind == "window":  # a tall window: moonlight through rain, mullions, curtains
        _noise(s, rnd, (28, 24, 28), 3)
        pygame.draw.rect(s, (34, 52, 76), (12, 4, 40, 56))
        for _ in range(14):  # rain
            x, y = rnd.randint(14, 50), rnd.randint(6, 50)
            pygame.draw.line(s, (90, 120, 150), (x, y), (x - 1, y + rnd.randint(3, 8)))
        pygame.draw.circle(s, (180, 190, 200), (42, 14), 5)  # the moon
        pygame.draw.line(s, (60, 44, 30), (32, 4), (32, 59), 3)
        pygame.draw.line(s, (60, 44, 30), (12, 30), (51, 30), 3)
        pygame.draw.rect(s, (60, 44, 30), (12, 4, 40, 56), 3)
        for x0 in (2, 52):  # curtains
            pygame.draw.rect(s, (80, 20, 26), (x0, 0, 10, T))
            for k in range(3):
                pygame.draw.line(s, (56, 12, 18), (x0 + 2 + k * 3, 0), (x0 + 2 + k * 3, T - 1))
    elif kind == "hedge":  # clipped yew, overgrown
        _noise(s, rnd, (22, 40, 24), 5)
        for _ in range(80):
            x, y = rnd.randrange(T), rnd.randrange(T)
            pygame.draw.circle(s, rnd.choice(((30, 56, 30), (18, 34, 20), (40, 64, 36))), (x, y), rnd.randint(1, 3))
    elif kind == "pipes":  # laboratory wall: pipes and a valve over stained concrete
        _noise(s, rnd, (40, 42, 44), 4)
        for y, col in ((12, (86, 90, 84)), (30, (110, 70, 40)), (50, (70, 84, 96))):
            pygame.draw.rect(s, col, (0, y, T, 8))
            pygame.draw.line(s, _shade(col, 1.4), (0, y + 2), (T - 1, y + 2))
            pygame.draw.rect(s, (30, 30, 30), (20, y - 1, 4, 10))
        pygame.draw.circle(s, (150, 30, 30), (44, 34), 7, 3)  # valve wheel
        pygame.draw.line(s, (150, 30, 30), (37, 34), (51, 34), 2)
    else:  # pragma: no cover
        raise ValueError(kind)
    _vignette(s, 60)
    return s


def worn(col: int, rnd: random.Random) -> pygame.Surface:
    """Row 6: floor ``FLOORS[col]`` with its wear ``WEAR[col]``."""
    s = floor(FLOORS[col], rnd)
    w = WEAR[col]
    if w == "blood":
        for _ in range(6):
            pygame.draw.circle(s, (74, 8, 10), (rnd.randint(14, 50), rnd.randint(14, 50)), rnd.randint(3, 9))
        pygame.draw.line(s, (64, 6, 8), (10, 50), (54, 20), 5)  # a drag mark
    elif w == "torn":
        hole = [(22, 20), (42, 24), (46, 40), (30, 46), (20, 34)]
        pygame.draw.polygon(s, (54, 30, 28), hole)  # the backing shows through a worn patch
        for y in (28, 36):
            pygame.draw.line(s, (44, 22, 22), (22, y), (44, y))
        pygame.draw.lines(s, (92, 30, 34), True, hole, 1)
    elif w == "cracked":
        x, y = rnd.randint(6, 20), 0
        while y < T:
            nx, ny = x + rnd.randint(-4, 9), y + rnd.randint(6, 12)
            pygame.draw.line(s, (8, 8, 8), (x, y), (nx, ny), 2)
            x, y = nx, ny
        pygame.draw.circle(s, (70, 8, 10), (40, 40), 6)
    elif w == "flooded":
        pool = pygame.Surface((T, T), pygame.SRCALPHA)
        pygame.draw.ellipse(pool, (20, 34, 44, 200), (6, 14, 52, 38))
        pygame.draw.ellipse(pool, (90, 120, 140, 120), (18, 22, 14, 4), 1)
        s.blit(pool, (0, 0))
    elif w == "glass":
        for _ in range(12):
            x, y = rnd.randint(6, 56), rnd.randint(6, 56)
            pts = [(x, y), (x + rnd.randint(3, 9), y + rnd.randint(-3, 3)), (x + rnd.randint(0, 5), y + rnd.randint(4, 9))]
            pygame.draw.polygon(s, (150, 176, 180), pts)
            pygame.draw.polygon(s, (220, 230, 230), pts, 1)
    elif w == "scorched":
        burn = pygame.Surface((T, T), pygame.SRCALPHA)
        for r, a in ((26, 90), (18, 140), (10, 200)):
            pygame.draw.circle(burn, (10, 8, 6, a), (32, 34), r)
        s.blit(burn, (0, 0))
    elif w == "reagent":
        pygame.draw.ellipse(s, (44, 110, 44), (10, 20, 40, 24))
        pygame.draw.ellipse(s, (120, 200, 90), (16, 24, 10, 4), 1)
        pygame.draw.ellipse(s, (44, 110, 44), (44, 40, 12, 8))
    elif w == "trampled":
        for k in range(4):  # boot prints in mud
            x, y = 14 + k * 11, 52 - k * 12
            pygame.draw.ellipse(s, (36, 30, 24), (x, y, 7, 11))
    return s


def build() -> tuple[pygame.Surface, list[tuple[str, str, str]]]:
    """The tileset image and, per tile id, its (floor, mark, decor)."""
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    sheet = pygame.Surface((COLUMNS * T, ROWS * T))
    meta: list[tuple[str, str, str]] = []
    for i, f in enumerate(FLOORS):
        sheet.blit(floor(f, random.Random(300 + i)), (i * T, 0))
        meta.append((f, "", ""))
    for r, (name, letter, rgb) in enumerate(MARKS):
        for i, f in enumerate(FLOORS):
            s = floor(f, random.Random(300 + i))
            mark(s, r, letter, rgb, font)
            sheet.blit(s, (i * T, (r + 1) * T))
            meta.append((f, name, ""))
    for i, d in enumerate(DECOR):
        sheet.blit(decor(d, random.Random(400 + i)), (i * T, 5 * T))
        meta.append(("void" if d == "void" else "wall", "", d))
    for i, f in enumerate(FLOORS):
        sheet.blit(worn(i, random.Random(500 + i)), (i * T, 6 * T))
        meta.append((f, "", ""))
    return sheet, meta


def gid(kind: str, mark_: str = "") -> int:
    """The tile id + 1 (the .tmx cell value with firstgid 1) of a floor, marked floor, decor
    cell or worn floor: ``gid("carpet")``, ``gid("carpet", "amber")``, ``gid("fireplace")``,
    ``gid("worn:carpet")``. Raises KeyError for an unknown name."""
    if kind.startswith("worn:"):
        return 6 * COLUMNS + FLOORS.index(kind[5:]) + 1
    if kind in DECOR:
        return 5 * COLUMNS + DECOR.index(kind) + 1
    if kind not in FLOORS:
        raise KeyError(kind)
    row = 0 if not mark_ else 1 + [m[0] for m in MARKS].index(mark_)
    return row * COLUMNS + FLOORS.index(kind) + 1


def tsx_text(meta: list[tuple[str, str, str]]) -> str:
    """The .tsx file for the sheet."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<tileset version="1.8" tiledversion="1.8.2" name="manor" tilewidth="{T}" tileheight="{T}" '
           f'tilecount="{len(meta)}" columns="{COLUMNS}">',
           f' <image source="{PNG.name}" width="{COLUMNS * T}" height="{ROWS * T}"/>']
    for i, (f, m, d) in enumerate(meta):
        out += [f' <tile id="{i}">', "  <properties>", f'   <property name="decor" value="{d}"/>',
                f'   <property name="floor" value="{f}"/>', f'   <property name="mark" value="{m}"/>',
                "  </properties>", " </tile>"]
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
