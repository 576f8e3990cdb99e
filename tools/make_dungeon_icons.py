"""Draw the dungeon's enemy type pictures by code (headless pygame) into assets/sprites/dg_*.png.

    python -m tools.make_dungeon_icons            # (re)write the PNGs below
    python -m tools.make_dungeon_icons --check    # exit 1 if one is missing

One silhouette per enemy type of the dungeon crawl (rules/dungeon.md 16.5/16.6; the types of
assets/data/dungeon/enemies.yaml), bone-white with a dark outline on a transparent 64 px square
(drawn at four times the size and smooth-scaled down), so a type reads on a die of any colour and
is told apart by its shape, never by colour: ``dg_gutter_lurker`` (a crouching blob with two eyes),
``dg_briar_slinger`` (a thorned figure whirling a sling), ``dg_gloom_moth`` (moth wings),
``dg_grave_sentinel`` (a helm over a shield), ``dg_hex_acolyte`` (a hooded figure in a rune ring),
``dg_fen_hound`` (a hound's head), ``dg_barrow_ogre`` (a tusked head with a club), ``dg_cinder_witch``
(a pointed hat over a flame), ``dg_mire_troll`` (a hulk with long arms). The game draws them on the
enemy's die and its hover card (game/ui/dungeon).
"""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "assets" / "sprites"
SIZE = 64
K = 4  # drawn at K times the size
BONE = (238, 230, 212)
INK = (24, 18, 18)


def _poly(s: pygame.Surface, pts: list[tuple[float, float]]) -> None:
    p = [(x * K, y * K) for x, y in pts]
    pygame.draw.polygon(s, BONE, p)
    pygame.draw.polygon(s, INK, p, 2 * K)


def _circle(s: pygame.Surface, c: tuple[float, float], r: float, col=BONE, edge: bool = True) -> None:
    pygame.draw.circle(s, col, (c[0] * K, c[1] * K), r * K)
    if edge:
        pygame.draw.circle(s, INK, (c[0] * K, c[1] * K), r * K, 2 * K)


def _ellipse(s: pygame.Surface, rect: tuple[float, float, float, float]) -> None:
    r = pygame.Rect(rect[0] * K, rect[1] * K, rect[2] * K, rect[3] * K)
    pygame.draw.ellipse(s, BONE, r)
    pygame.draw.ellipse(s, INK, r, 2 * K)


def _line(s: pygame.Surface, a: tuple[float, float], b: tuple[float, float], w: float = 3) -> None:
    pygame.draw.line(s, INK, (a[0] * K, a[1] * K), (b[0] * K, b[1] * K), int(w * K + 2 * K))
    pygame.draw.line(s, BONE, (a[0] * K, a[1] * K), (b[0] * K, b[1] * K), int(w * K))


def gutter_lurker(s):
    _ellipse(s, (8, 24, 48, 32))
    _circle(s, (24, 36), 5, INK, False)
    _circle(s, (40, 36), 5, INK, False)
    _circle(s, (24, 36), 2, (250, 220, 90), False)
    _circle(s, (40, 36), 2, (250, 220, 90), False)
    for x in (14, 26, 38, 50):
        _poly(s, [(x - 4, 54), (x, 62), (x + 4, 54)])


def briar_slinger(s):
    _circle(s, (28, 16), 8)
    _poly(s, [(20, 26), (36, 26), (38, 50), (18, 50)])
    for y in (30, 38, 46):
        _poly(s, [(18, y), (12, y + 2), (18, y + 4)])
        _poly(s, [(38, y), (44, y + 2), (38, y + 4)])
    _line(s, (36, 30), (52, 14), 2)
    _circle(s, (54, 12), 5)
    _poly(s, [(20, 50), (26, 50), (24, 62), (18, 62)])
    _poly(s, [(30, 50), (36, 50), (38, 62), (32, 62)])


def gloom_moth(s):
    _poly(s, [(32, 30), (6, 10), (4, 34)])
    _poly(s, [(32, 30), (58, 10), (60, 34)])
    _poly(s, [(32, 34), (10, 40), (18, 56)])
    _poly(s, [(32, 34), (54, 40), (46, 56)])
    _ellipse(s, (27, 18, 10, 34))
    _line(s, (30, 18), (24, 6), 1.5)
    _line(s, (34, 18), (40, 6), 1.5)


def grave_sentinel(s):
    _poly(s, [(20, 6), (44, 6), (46, 24), (18, 24)])
    pygame.draw.line(s, INK, (22 * K, 15 * K), (42 * K, 15 * K), 3 * K)
    _poly(s, [(14, 26), (50, 26), (50, 44), (32, 60), (14, 44)])
    _line(s, (32, 30), (32, 52), 2)
    _line(s, (22, 38), (42, 38), 2)


def hex_acolyte(s):
    pygame.draw.circle(s, INK, (32 * K, 34 * K), 28 * K, 3 * K)
    pygame.draw.circle(s, BONE, (32 * K, 34 * K), 28 * K, 1 * K)
    for i in range(5):
        a = math.radians(-90 + 72 * i)
        _circle(s, (32 + math.cos(a) * 28, 34 + math.sin(a) * 28), 3)
    _poly(s, [(32, 6), (46, 22), (48, 58), (16, 58), (18, 22)])
    _ellipse(s, (25, 16, 14, 14))
    _circle(s, (32, 24), 4, INK, False)


def fen_hound(s):
    _poly(s, [(8, 30), (24, 14), (30, 4), (34, 16), (44, 20), (58, 30), (58, 38), (40, 40), (30, 56), (14, 50)])
    _circle(s, (40, 26), 3, INK, False)
    for x in (46, 52):
        _poly(s, [(x, 38), (x + 2, 44), (x + 4, 38)])


def barrow_ogre(s):
    _ellipse(s, (10, 12, 40, 44))
    _circle(s, (22, 28), 3, INK, False)
    _circle(s, (38, 28), 3, INK, False)
    _poly(s, [(20, 42), (22, 50), (24, 42)])
    _poly(s, [(36, 42), (38, 50), (40, 42)])
    _line(s, (50, 58), (58, 20), 3)
    _ellipse(s, (52, 6, 10, 18))


def cinder_witch(s):
    _poly(s, [(32, 2), (44, 26), (54, 28), (10, 28), (20, 26)])
    _poly(s, [(32, 34), (40, 46), (36, 60), (28, 60), (24, 46)])
    _poly(s, [(32, 44), (35, 52), (32, 58), (29, 52)])
    _circle(s, (24, 33), 2, INK, False)
    _circle(s, (40, 33), 2, INK, False)


def mire_troll(s):
    _poly(s, [(20, 10), (44, 10), (54, 30), (50, 48), (14, 48), (10, 30)])
    _poly(s, [(10, 30), (2, 58), (10, 60), (16, 40)])
    _poly(s, [(54, 30), (62, 58), (54, 60), (48, 40)])
    _poly(s, [(18, 48), (26, 48), (26, 62), (16, 62)])
    _poly(s, [(38, 48), (46, 48), (48, 62), (38, 62)])
    _circle(s, (26, 22), 3, INK, False)
    _circle(s, (38, 22), 3, INK, False)


ICONS: dict[str, Callable[[pygame.Surface], None]] = {
    "gutter_lurker": gutter_lurker, "briar_slinger": briar_slinger, "gloom_moth": gloom_moth,
    "grave_sentinel": grave_sentinel, "hex_acolyte": hex_acolyte, "fen_hound": fen_hound,
    "barrow_ogre": barrow_ogre, "cinder_witch": cinder_witch, "mire_troll": mire_troll,
}


def path_of(name: str) -> Path:
    return OUT / f"dg_{name}.png"


def draw(name: str) -> pygame.Surface:
    """The icon ``name`` at 64 px (transparent)."""
    big = pygame.Surface((SIZE * K, SIZE * K), pygame.SRCALPHA)
    ICONS[name](big)
    return pygame.transform.smoothscale(big, (SIZE, SIZE))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        missing = [str(path_of(n)) for n in ICONS if not path_of(n).is_file()]
        for m in missing:
            print(f"missing: {m}")
        return 1 if missing else 0
    pygame.display.init()
    OUT.mkdir(parents=True, exist_ok=True)
    for name in ICONS:
        pygame.image.save(draw(name), str(path_of(name)))
        print(f"wrote {path_of(name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
