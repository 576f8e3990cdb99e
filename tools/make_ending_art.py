"""Draw the campaigns' ending pictures by code (headless pygame) into assets/sprites/*.png.

    python -m tools.make_ending_art            # (re)write the PNGs below
    python -m tools.make_ending_art --check    # exit 1 if one is missing

Issue 25 item 4: the endings were plain text on black. Four wide pictures (1200 x 300 px), seeded
so regenerating gives the same files, shown at the top of game.ui.campaign.CampaignOverScene:

* ``ending_city_won``: dawn over the city's skyline, the last cable car climbing away from it;
* ``ending_city_lost``: the skyline burning under a red night, the dead filling the street;
* ``ending_manor_won``: the manor's silhouette at sunrise, the party's flare rising over the woods;
* ``ending_manor_lost``: the manor black against a fire-lit sky, every window lit red.

Each picture says its outcome by its shapes too (a car leaving, a street of figures, a flare, the
windows), never by colour alone; the screen writes the outcome in words over it anyway.
"""
from __future__ import annotations

import math
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "assets" / "sprites"
W, H = 1200, 300
NAMES = ("ending_city_won", "ending_city_lost", "ending_manor_won", "ending_manor_lost")


def _sky(surf: pygame.Surface, top: tuple[int, int, int], bottom: tuple[int, int, int]) -> None:
    """A vertical gradient from ``top`` to ``bottom``."""
    for y in range(H):
        k = y / (H - 1)
        pygame.draw.line(surf, tuple(int(a + (b - a) * k) for a, b in zip(top, bottom)), (0, y), (W, y))


def _skyline(surf: pygame.Surface, rng: random.Random, colour, base: int, lit, windows: float) -> None:
    """Blocks of buildings along ``base`` with a share ``windows`` of lit windows of colour ``lit``."""
    x = -10
    while x < W:
        w = rng.randint(40, 110)
        h = rng.randint(60, 190)
        r = pygame.Rect(x, base - h, w, h + 2)
        pygame.draw.rect(surf, colour, r)
        if rng.random() < 0.25:  # a water tower or an antenna
            pygame.draw.line(surf, colour, (r.centerx, r.top), (r.centerx, r.top - rng.randint(14, 40)), 3)
        for wy in range(r.top + 10, r.bottom - 10, 16):
            for wx in range(r.left + 8, r.right - 8, 14):
                if rng.random() < windows:
                    pygame.draw.rect(surf, lit, (wx, wy, 6, 8))
        x += w + rng.randint(0, 8)


def _clock_tower(surf: pygame.Surface, colour, x: int, base: int) -> None:
    pygame.draw.rect(surf, colour, (x - 24, base - 230, 48, 232))
    pygame.draw.polygon(surf, colour, [(x - 30, base - 230), (x + 30, base - 230), (x, base - 285)])
    pygame.draw.circle(surf, (236, 222, 180), (x, base - 200), 15)
    pygame.draw.line(surf, colour, (x, base - 200), (x, base - 211), 2)
    pygame.draw.line(surf, colour, (x, base - 200), (x + 8, base - 200), 2)


def city_won() -> pygame.Surface:
    rng = random.Random(25_401)
    s = pygame.Surface((W, H))
    _sky(s, (40, 52, 96), (238, 170, 110))
    pygame.draw.circle(s, (255, 226, 150), (930, 250), 70)  # the sun coming up
    _skyline(s, rng, (34, 30, 42), 300, (250, 210, 120), 0.08)
    _clock_tower(s, (28, 24, 34), 300, 300)
    # the cable: from the tower up to the hills, the car half way and climbing
    a, b = (300, 90), (1200, 10)
    pygame.draw.line(s, (20, 18, 24), a, b, 3)
    t = 0.62
    cx, cy = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
    pygame.draw.line(s, (20, 18, 24), (cx, cy), (cx, cy + 22), 3)
    car = pygame.Rect(0, 0, 70, 42)
    car.midtop = (int(cx), int(cy + 20))
    pygame.draw.rect(s, (196, 56, 44), car, border_radius=6)
    pygame.draw.rect(s, (20, 18, 24), car, 3, border_radius=6)
    for i in range(3):  # windows with the survivors' heads in them
        win = pygame.Rect(car.left + 8 + i * 20, car.top + 8, 14, 14)
        pygame.draw.rect(s, (250, 226, 170), win)
        pygame.draw.circle(s, (30, 26, 30), (win.centerx, win.bottom - 3), 4)
    for k in range(6):  # birds over the dawn
        x, y = rng.randint(500, 1150), rng.randint(30, 120)
        pygame.draw.lines(s, (30, 28, 40), False, [(x - 7, y - 3), (x, y), (x + 7, y - 3)], 2)
    return s


def _figures(surf: pygame.Surface, rng: random.Random, n: int, colour, y0: int) -> None:
    """Shambling figures along the street (heads, hunched bodies, raised arms)."""
    for _ in range(n):
        x = rng.randint(0, W)
        y = y0 + rng.randint(-6, 18)
        h = rng.randint(34, 52)
        pygame.draw.ellipse(surf, colour, (x - 7, y - h, 14, 16))
        pygame.draw.polygon(surf, colour, [(x - 10, y - h + 14), (x + 9, y - h + 12), (x + 12, y), (x - 12, y)])
        arm = rng.choice((-1, 1))
        pygame.draw.line(surf, colour, (x, y - h + 20), (x + arm * 20, y - h + 14 + rng.randint(-6, 6)), 4)


def city_lost() -> pygame.Surface:
    rng = random.Random(25_402)
    s = pygame.Surface((W, H))
    _sky(s, (24, 6, 10), (150, 36, 20))
    for _ in range(9):  # fires behind the blocks
        x = rng.randint(0, W)
        for r, c in ((60, (200, 70, 20)), (36, (250, 150, 40)), (16, (255, 220, 120))):
            pygame.draw.circle(s, c, (x, 230), r)
    _skyline(s, rng, (18, 10, 14), 260, (240, 90, 40), 0.12)
    _clock_tower(s, (14, 8, 12), 860, 260)
    pygame.draw.rect(s, (12, 8, 10), (0, 255, W, 45))
    _figures(s, rng, 60, (6, 4, 6), 288)
    for _ in range(40):  # smoke
        x, y = rng.randint(0, W), rng.randint(0, 140)
        pygame.draw.circle(s, (40, 22, 26), (x, y), rng.randint(10, 30), 0)
    return s


def _manor(surf: pygame.Surface, colour, lit, windows: float, rng: random.Random) -> None:
    base = 280
    body = pygame.Rect(330, 130, 540, base - 130)
    pygame.draw.rect(surf, colour, body)
    for x0, w in ((300, 110), (790, 110)):  # the wings' towers
        pygame.draw.rect(surf, colour, (x0, 100, w, base - 100))
        pygame.draw.polygon(surf, colour, [(x0 - 8, 100), (x0 + w + 8, 100), (x0 + w // 2, 40)])
    pygame.draw.polygon(surf, colour, [(320, 130), (880, 130), (600, 70)])  # the roof
    for cx in (420, 560, 720):  # chimneys
        pygame.draw.rect(surf, colour, (cx, 70, 18, 40))
    for wy in range(150, base - 20, 34):
        for wx in list(range(320, 400, 30)) + list(range(360, 850, 36)) + list(range(805, 890, 30)):
            r = pygame.Rect(wx, wy, 14, 22)
            if rng.random() < windows:
                pygame.draw.rect(surf, lit, r)
    pygame.draw.rect(surf, (10, 8, 10), (580, base - 50, 40, 50))  # the door


def _woods(surf: pygame.Surface, rng: random.Random, colour) -> None:
    for _ in range(70):
        x = rng.randint(-20, W + 20)
        h = rng.randint(60, 130)
        pygame.draw.polygon(surf, colour, [(x - 22, H), (x + 22, H), (x, H - h)])


def manor_won() -> pygame.Surface:
    rng = random.Random(25_403)
    s = pygame.Surface((W, H))
    _sky(s, (60, 70, 120), (236, 186, 140))
    pygame.draw.circle(s, (255, 232, 170), (160, 250), 60)
    _manor(s, (38, 32, 44), (240, 220, 160), 0.05, rng)
    _woods(s, rng, (22, 30, 26))
    # the flare: a bright star with its trail rising over the woods
    pts = [(1000 + 10 * math.sin(k / 3), 290 - 12 * k) for k in range(20)]
    pygame.draw.lines(s, (250, 230, 200), False, pts, 3)
    pygame.draw.circle(s, (255, 120, 90), (int(pts[-1][0]), int(pts[-1][1])), 10)
    pygame.draw.circle(s, (255, 240, 200), (int(pts[-1][0]), int(pts[-1][1])), 5)
    return s


def manor_lost() -> pygame.Surface:
    rng = random.Random(25_404)
    s = pygame.Surface((W, H))
    _sky(s, (16, 6, 12), (120, 30, 24))
    for _ in range(5):
        x = rng.randint(350, 850)
        pygame.draw.circle(s, (190, 60, 24), (x, 120), rng.randint(40, 80))
    _manor(s, (12, 8, 12), (230, 60, 40), 0.85, rng)
    _woods(s, rng, (8, 6, 8))
    _figures(s, rng, 24, (4, 2, 4), 296)
    return s


def build() -> dict[str, pygame.Surface]:
    """The four pictures by sprite name."""
    return {"ending_city_won": city_won(), "ending_city_lost": city_lost(), "ending_manor_won": manor_won(),
            "ending_manor_lost": manor_lost()}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        missing = [n for n in NAMES if not (OUT / f"{n}.png").is_file()]
        for n in missing:
            print(f"{OUT / (n + '.png')}: missing; run python -m tools.make_ending_art")
        return 1 if missing else 0
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    for name, surf in build().items():
        pygame.image.save(surf, str(OUT / f"{name}.png"))
        print(f"wrote {OUT / (name + '.png')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
