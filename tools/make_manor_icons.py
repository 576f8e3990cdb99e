"""Draw the manor scenes' icons by code (headless pygame) into assets/sprites/mi_*.png.

    python -m tools.make_manor_icons            # (re)write the PNGs below
    python -m tools.make_manor_icons --check    # exit 1 if one is missing

Every icon is a shape of its own (never told apart by colour alone) on a transparent 64 px
square, drawn at twice the size and smooth-scaled down, like tools/make_sprites.py:

* map card states (M-MAP): ``mi_locked`` (padlock), ``mi_unlocked`` (open door), ``mi_completed``
  (wax seal with a tick, the completion token M-ITEMC-2), ``mi_absent`` (a dashed empty card: not
  on the map yet), ``mi_hub`` (the Grand Hall's staircase);
* what adds a card (M-MAP-2/9): ``mi_added_success`` (a star), ``mi_added_condition`` (two linked
  rings: the COMPLETED condition);
* ``mi_itemc`` (a card with a C): Item C (M-ITEMC), ``mi_boss`` (a fanged skull);
* kerosene and Burn (M-KERO): ``mi_kerosene`` (a lamp-oil drop with a flame), ``mi_burn``
  (a flame over bones);
* the reserve (M-RESERVE, MDV-9): ``mi_wound`` (a torn bandage cross), ``mi_killed`` (a cross
  over a grave), ``mi_reserve`` (three heads);
* missions and the encounter deck (M-MISSION, M-ENC): ``mi_clue`` (a magnifying glass),
  ``mi_hazard`` (the hazard mark: a triangle with an eye), ``mi_mission`` (a folded order),
  ``mi_switch`` (two arrows turning).
"""
from __future__ import annotations

import math
import os
import sys
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from tools.make_sprites import BONE, INK, OUT, _canvas, _finish  # noqa: E402

SIZE = 64
S = SIZE * 2  # drawing size
GOLD = (232, 190, 92)
RUST = (190, 80, 50)
BLOOD = (196, 40, 36)
STEEL = (170, 176, 184)
OIL = (214, 150, 60)
GREEN = (110, 190, 120)


def _outline_poly(c, colour, pts, w=0):
    pygame.draw.polygon(c, INK, pts, 0 if w == 0 else w + 6)
    inner = [(x, y) for x, y in pts]
    pygame.draw.polygon(c, colour, inner, w)


def locked(c):
    body = pygame.Rect(S * 0.22, S * 0.46, S * 0.56, S * 0.42)
    pygame.draw.arc(c, INK, (S * 0.30, S * 0.12, S * 0.40, S * 0.58), 0, math.pi, 18)
    pygame.draw.arc(c, STEEL, (S * 0.32, S * 0.14, S * 0.36, S * 0.54), 0, math.pi, 10)
    pygame.draw.rect(c, INK, body.inflate(8, 8), border_radius=12)
    pygame.draw.rect(c, GOLD, body, border_radius=10)
    pygame.draw.circle(c, INK, (S // 2, int(S * 0.62)), 9)
    pygame.draw.rect(c, INK, (S // 2 - 4, int(S * 0.62), 8, 20))


def unlocked(c):
    frame = pygame.Rect(S * 0.24, S * 0.12, S * 0.52, S * 0.78)
    pygame.draw.rect(c, INK, frame.inflate(8, 8))
    pygame.draw.rect(c, (20, 16, 14), frame)  # the dark doorway
    door = [(frame.left, frame.top), (frame.left + S * 0.30, frame.top + S * 0.10),
            (frame.left + S * 0.30, frame.bottom + S * 0.04), (frame.left, frame.bottom)]
    _outline_poly(c, (150, 100, 56), door)
    pygame.draw.circle(c, GOLD, (int(frame.left + S * 0.25), int(frame.centery + 6)), 5)
    pygame.draw.rect(c, GREEN, (frame.left + S * 0.36, frame.top + 10, 8, frame.height - 20))  # light inside


def completed(c):
    ctr = (S // 2, S // 2)
    pts = [(ctr[0] + math.cos(a * math.pi / 9) * (S * (0.44 if a % 2 else 0.38)),
            ctr[1] + math.sin(a * math.pi / 9) * (S * (0.44 if a % 2 else 0.38))) for a in range(18)]
    _outline_poly(c, (150, 30, 34), pts)
    pygame.draw.circle(c, (120, 20, 24), ctr, int(S * 0.28))
    pygame.draw.lines(c, INK, False, [(S * 0.32, S * 0.52), (S * 0.45, S * 0.66), (S * 0.70, S * 0.36)], 16)
    pygame.draw.lines(c, BONE, False, [(S * 0.32, S * 0.52), (S * 0.45, S * 0.66), (S * 0.70, S * 0.36)], 9)


def absent(c):
    r = pygame.Rect(S * 0.22, S * 0.14, S * 0.56, S * 0.72)
    for i in range(0, 4):
        side = [(r.topleft, r.topright), (r.topright, r.bottomright), (r.bottomright, r.bottomleft),
                (r.bottomleft, r.topleft)][i]
        (x0, y0), (x1, y1) = side
        n = 5
        for k in range(n):
            a, b = k / n, (k + 0.55) / n
            pygame.draw.line(c, BONE, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), 7)
    pygame.draw.circle(c, BONE, (S // 2, int(S * 0.68)), 6)
    pygame.draw.arc(c, BONE, (S * 0.38, S * 0.28, S * 0.24, S * 0.26), -0.6, math.pi, 8)
    pygame.draw.line(c, BONE, (S * 0.58, S * 0.46), (S * 0.50, S * 0.56), 8)


def hub(c):
    for k in range(5):  # a grand staircase
        w = S * (0.76 - k * 0.12)
        r = pygame.Rect(S / 2 - w / 2, S * (0.80 - k * 0.13), w, S * 0.12)
        pygame.draw.rect(c, INK, r.inflate(6, 6))
        pygame.draw.rect(c, (150, 110, 70) if k % 2 else (176, 132, 84), r)
    pygame.draw.polygon(c, INK, [(S * 0.5, S * 0.04), (S * 0.30, S * 0.22), (S * 0.70, S * 0.22)])
    pygame.draw.polygon(c, GOLD, [(S * 0.5, S * 0.08), (S * 0.35, S * 0.20), (S * 0.65, S * 0.20)])


def star(c):
    ctr = (S // 2, S // 2)
    pts = [(ctr[0] + math.cos(-math.pi / 2 + a * math.pi / 5) * (S * (0.42 if a % 2 == 0 else 0.18)),
            ctr[1] + math.sin(-math.pi / 2 + a * math.pi / 5) * (S * (0.42 if a % 2 == 0 else 0.18)))
           for a in range(10)]
    _outline_poly(c, GOLD, pts)


def condition(c):
    for x in (0.36, 0.64):
        pygame.draw.circle(c, INK, (int(S * x), S // 2), int(S * 0.24), 18)
        pygame.draw.circle(c, STEEL, (int(S * x), S // 2), int(S * 0.24), 10)


def itemc(c):
    r = pygame.Rect(S * 0.20, S * 0.10, S * 0.60, S * 0.80)
    pygame.draw.rect(c, INK, r.inflate(8, 8), border_radius=12)
    pygame.draw.rect(c, (60, 80, 120), r, border_radius=10)
    pygame.draw.rect(c, BONE, r.inflate(-16, -16), 4, border_radius=8)
    pygame.draw.arc(c, INK, (S * 0.32, S * 0.28, S * 0.38, S * 0.44), 0.7, 2 * math.pi - 0.7, 20)
    pygame.draw.arc(c, BONE, (S * 0.32, S * 0.28, S * 0.38, S * 0.44), 0.7, 2 * math.pi - 0.7, 11)


def boss(c):
    pygame.draw.ellipse(c, INK, (S * 0.16, S * 0.10, S * 0.68, S * 0.62))
    pygame.draw.ellipse(c, BONE, (S * 0.20, S * 0.14, S * 0.60, S * 0.54))
    for x in (0.36, 0.64):
        pygame.draw.ellipse(c, INK, (S * (x - 0.10), S * 0.32, S * 0.20, S * 0.16))
    pygame.draw.rect(c, INK, (S * 0.30, S * 0.62, S * 0.40, S * 0.24), border_radius=8)
    for k in range(4):  # fangs
        x = S * (0.33 + k * 0.10)
        pygame.draw.polygon(c, BONE, [(x, S * 0.64), (x + S * 0.07, S * 0.64), (x + S * 0.035, S * 0.82)])


def _flame(c, cx, base, h, w):
    pts = [(cx, base - h), (cx + w * 0.5, base - h * 0.45), (cx + w * 0.45, base - h * 0.1), (cx, base),
           (cx - w * 0.45, base - h * 0.1), (cx - w * 0.5, base - h * 0.45)]
    _outline_poly(c, (236, 130, 40), pts)
    inner = [(cx, base - h * 0.6), (cx + w * 0.22, base - h * 0.25), (cx, base - h * 0.05), (cx - w * 0.22, base - h * 0.25)]
    pygame.draw.polygon(c, (252, 220, 110), inner)


def kerosene(c):
    drop = [(S * 0.5, S * 0.30)] + [(S * 0.5 + math.cos(a) * S * 0.28, S * 0.64 + math.sin(a) * S * 0.26)
                                    for a in [i * math.pi / 12 for i in range(-1, 14)]]
    _outline_poly(c, OIL, drop)
    pygame.draw.circle(c, (250, 220, 150), (int(S * 0.42), int(S * 0.64)), 7)
    _flame(c, S * 0.5, S * 0.34, S * 0.30, S * 0.26)


def burn(c):
    for k, (x0, y0, x1, y1) in enumerate([(0.18, 0.86, 0.82, 0.70), (0.18, 0.70, 0.82, 0.86)]):
        pygame.draw.line(c, INK, (S * x0, S * y0), (S * x1, S * y1), 18)
        pygame.draw.line(c, BONE, (S * x0, S * y0), (S * x1, S * y1), 10)
    _flame(c, S * 0.5, S * 0.78, S * 0.66, S * 0.50)


def wound(c):
    arms = [pygame.Rect(S * 0.38, S * 0.12, S * 0.24, S * 0.76), pygame.Rect(S * 0.12, S * 0.38, S * 0.76, S * 0.24)]
    for r in arms:
        pygame.draw.rect(c, INK, r.inflate(8, 8), border_radius=8)
    for r in arms:
        pygame.draw.rect(c, BONE, r, border_radius=6)
    pygame.draw.circle(c, BLOOD, (S // 2, S // 2), int(S * 0.14))
    pygame.draw.circle(c, BLOOD, (int(S * 0.60), int(S * 0.66)), 6)


def killed(c):
    pygame.draw.rect(c, INK, (S * 0.24, S * 0.22, S * 0.52, S * 0.70), border_top_left_radius=40,
                     border_top_right_radius=40)
    pygame.draw.rect(c, (120, 118, 124), (S * 0.28, S * 0.26, S * 0.44, S * 0.64), border_top_left_radius=36,
                     border_top_right_radius=36)
    pygame.draw.line(c, INK, (S * 0.5, S * 0.36), (S * 0.5, S * 0.74), 10)
    pygame.draw.line(c, INK, (S * 0.38, S * 0.48), (S * 0.62, S * 0.48), 10)


def reserve(c):
    for k, x in enumerate((0.26, 0.74, 0.5)):
        y = 0.42 if k < 2 else 0.50
        pygame.draw.ellipse(c, INK, (S * (x - 0.2), S * (y + 0.16), S * 0.40, S * 0.36))
        pygame.draw.ellipse(c, (100, 110, 100) if k < 2 else STEEL, (S * (x - 0.17), S * (y + 0.19), S * 0.34, S * 0.30))
        pygame.draw.circle(c, INK, (int(S * x), int(S * y)), int(S * 0.15))
        pygame.draw.circle(c, (210, 170, 136), (int(S * x), int(S * y)), int(S * 0.12))


def clue(c):
    pygame.draw.line(c, INK, (S * 0.56, S * 0.56), (S * 0.86, S * 0.86), 24)
    pygame.draw.line(c, (120, 80, 50), (S * 0.58, S * 0.58), (S * 0.84, S * 0.84), 14)
    pygame.draw.circle(c, INK, (int(S * 0.40), int(S * 0.40)), int(S * 0.30))
    pygame.draw.circle(c, STEEL, (int(S * 0.40), int(S * 0.40)), int(S * 0.27))
    pygame.draw.circle(c, (40, 60, 80), (int(S * 0.40), int(S * 0.40)), int(S * 0.20))
    pygame.draw.arc(c, BONE, (S * 0.25, S * 0.25, S * 0.30, S * 0.30), 1.8, 3.0, 5)


def hazard(c):
    tri = [(S * 0.5, S * 0.10), (S * 0.92, S * 0.86), (S * 0.08, S * 0.86)]
    _outline_poly(c, (226, 176, 56), tri)
    pygame.draw.ellipse(c, INK, (S * 0.30, S * 0.48, S * 0.40, S * 0.22))
    pygame.draw.ellipse(c, BONE, (S * 0.34, S * 0.51, S * 0.32, S * 0.16))
    pygame.draw.circle(c, BLOOD, (S // 2, int(S * 0.59)), 8)


def mission(c):
    r = pygame.Rect(S * 0.14, S * 0.18, S * 0.72, S * 0.64)
    pygame.draw.rect(c, INK, r.inflate(8, 8), border_radius=6)
    pygame.draw.rect(c, (196, 180, 140), r, border_radius=4)
    pygame.draw.polygon(c, (160, 144, 108), [r.topleft, r.topright, (r.centerx, r.centery)])
    pygame.draw.lines(c, INK, False, [r.topleft, (r.centerx, r.centery), r.topright], 5)
    pygame.draw.circle(c, BLOOD, (r.centerx, r.centery + 4), 10)


def switch(c):
    for k in (0, 1):
        a0 = math.pi * (0.15 + k)
        rect = (S * 0.16, S * 0.16, S * 0.68, S * 0.68)
        pygame.draw.arc(c, INK, rect, a0, a0 + math.pi * 0.75, 20)
        pygame.draw.arc(c, GOLD, rect, a0, a0 + math.pi * 0.75, 11)
        a1 = a0 + math.pi * 0.75
        tip = (S / 2 + math.cos(a1) * S * 0.34, S / 2 - math.sin(a1) * S * 0.34)
        nx, ny = math.cos(a1), -math.sin(a1)
        tx, ty = -ny, nx  # the arrow points along the arc
        pts = [(tip[0] + nx * 18, tip[1] + ny * 18), (tip[0] - nx * 18, tip[1] - ny * 18),
               (tip[0] - tx * 22, tip[1] - ty * 22)]
        _outline_poly(c, GOLD, pts)


ICONS: dict[str, Callable[[pygame.Surface], None]] = {
    "mi_locked": locked, "mi_unlocked": unlocked, "mi_completed": completed, "mi_absent": absent, "mi_hub": hub,
    "mi_added_success": star, "mi_added_condition": condition, "mi_itemc": itemc, "mi_boss": boss,
    "mi_kerosene": kerosene, "mi_burn": burn, "mi_wound": wound, "mi_killed": killed, "mi_reserve": reserve,
    "mi_clue": clue, "mi_hazard": hazard, "mi_mission": mission, "mi_switch": switch,
}


def build_all() -> dict[str, pygame.Surface]:
    out = {}
    for name, fn in ICONS.items():
        c = _canvas(SIZE)
        fn(c)
        out[name] = _finish(c, SIZE)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        missing = [n for n in ICONS if not (OUT / f"{n}.png").is_file()]
        for n in missing:
            print(f"missing: assets/sprites/{n}.png")
        return 1 if missing else 0
    pygame.display.init()
    OUT.mkdir(parents=True, exist_ok=True)
    for name, surf in build_all().items():
        pygame.image.save(surf, str(OUT / f"{name}.png"))
    print(f"wrote {len(ICONS)} icons to assets/sprites (mi_*.png)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
