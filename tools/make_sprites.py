"""Generate Dreadboard's sprites and icons by code (headless pygame) into assets/sprites/*.png.

    python -m tools.make_sprites            # (re)write every PNG
    python -m tools.make_sprites --check    # exit 1 if a PNG is missing

Everything is drawn at twice the final size and smooth-scaled down (cheap anti-aliasing).
Output is deterministic (seeded noise), so regenerating gives the same files. Every token
carries a letter or a pattern, never colour alone. ``build_all()`` is also used by the game
as a fallback when the PNGs are missing.
"""
from __future__ import annotations

import math
import os
import random
import sys
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sprites"

INK = (14, 10, 10)
BONE = (222, 214, 196)
BLOOD = (170, 24, 28)
RIM = (196, 36, 34)


def _font(size: int, bold: bool = True) -> pygame.font.Font:
    from game.ui.theme import font

    return font(size, bold)


def _canvas(size: int) -> pygame.Surface:
    return pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)


def _finish(c: pygame.Surface, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(c, (size, size))


def _letter(c: pygame.Surface, ch: str, centre: tuple[int, int], px: int, fg=BONE, outline=INK) -> None:
    f = _font(px)
    img = f.render(ch, True, fg)
    ol = f.render(ch, True, outline)
    r = img.get_rect(center=centre)
    for dx in (-3, 0, 3):
        for dy in (-3, 0, 3):
            if dx or dy:
                c.blit(ol, r.move(dx, dy))
    c.blit(img, r)


def _badge(c: pygame.Surface, ch: str, s: int, fill=INK, fg=BONE) -> None:
    """A letter badge in the bottom-right corner (big enough to read at 28 px)."""
    rad = int(s * 0.25)
    cx, cy = int(s * 0.72), int(s * 0.72)
    pygame.draw.circle(c, BONE, (cx, cy), rad + 5)
    pygame.draw.circle(c, fill, (cx, cy), rad)
    _letter(c, ch, (cx, cy - 2), int(rad * 1.55), fg=fg, outline=fill)


def _noise(c: pygame.Surface, rng: random.Random, n: int, colour, alpha: int, rmax: int) -> None:
    w, h = c.get_size()
    for _ in range(n):
        x, y = rng.randrange(w), rng.randrange(h)
        r = rng.randint(1, rmax)
        pygame.draw.circle(c, (*colour, rng.randint(alpha // 3, alpha)), (x, y), r)


# ============================================================== enemies
def enemy_disc(s: int, fill, rim=RIM) -> pygame.Surface:
    c = _canvas(s)
    S = s * 2
    pygame.draw.circle(c, (0, 0, 0, 120), (S // 2 + 3, S // 2 + 5), S // 2 - 4)
    pygame.draw.circle(c, rim, (S // 2, S // 2), S // 2 - 6)
    pygame.draw.circle(c, fill, (S // 2, S // 2), S // 2 - 14)
    return c


def _on_disc(fig: pygame.Surface, size: int, fill, rim=RIM, fit: float = 0.80) -> pygame.Surface:
    """Put a figure drawn on a transparent 2x canvas onto an enemy base: the figure is scaled so
    its bounding box fills ``fit`` of the base, centred, and clipped to the base (bold silhouettes
    that still read at 28 px)."""
    S = size * 2
    c = enemy_disc(size, fill, rim)
    box = fig.get_bounding_rect()
    inner = S - 28
    k = fit * inner / max(box.width, box.height, 1)
    part = pygame.transform.smoothscale(fig.subsurface(box), (max(1, int(box.width * k)), max(1, int(box.height * k))))
    layer = pygame.Surface((S, S), pygame.SRCALPHA)
    layer.blit(part, part.get_rect(center=(S // 2, S // 2 + int(S * 0.02))))
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (S // 2, S // 2), S // 2 - 14)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.blit(layer, (0, 0))
    return c


def enemy_zombie(size: int = 96) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    skin, rag = (132, 156, 108), (70, 62, 70)
    # shambling figure, arms reaching forward (to the left)
    pygame.draw.ellipse(c, rag, (S * 0.36, S * 0.40, S * 0.30, S * 0.38))  # torso
    pygame.draw.circle(c, skin, (int(S * 0.47), int(S * 0.30)), int(S * 0.11))  # head
    pygame.draw.circle(c, INK, (int(S * 0.43), int(S * 0.29)), int(S * 0.022))  # eye sockets
    pygame.draw.circle(c, INK, (int(S * 0.50), int(S * 0.28)), int(S * 0.022))
    pygame.draw.line(c, INK, (S * 0.43, S * 0.35), (S * 0.51, S * 0.36), 4)  # mouth
    for yoff in (0.0, 0.07):  # two outstretched arms
        pygame.draw.line(c, skin, (S * 0.42, S * (0.47 + yoff)), (S * 0.18, S * (0.44 + yoff)), 11)
        pygame.draw.circle(c, skin, (int(S * 0.18), int(S * (0.44 + yoff))), 8)
    pygame.draw.line(c, rag, (S * 0.44, S * 0.74), (S * 0.38, S * 0.86), 12)  # legs
    pygame.draw.line(c, rag, (S * 0.58, S * 0.74), (S * 0.62, S * 0.86), 12)
    pygame.draw.line(c, BLOOD, (S * 0.44, S * 0.52), (S * 0.56, S * 0.62), 6)  # wound
    return _finish(_on_disc(c, size, (48, 40, 38)), size)


def enemy_zombie_dog(size: int = 96) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    fur = (150, 102, 80)
    pygame.draw.ellipse(c, fur, (S * 0.26, S * 0.38, S * 0.44, S * 0.20))  # body
    pygame.draw.polygon(c, fur, [(S * 0.22, S * 0.42), (S * 0.10, S * 0.36), (S * 0.12, S * 0.47), (S * 0.27, S * 0.50)])
    pygame.draw.circle(c, fur, (int(S * 0.23), int(S * 0.40)), int(S * 0.08))  # head
    pygame.draw.polygon(c, fur, [(S * 0.22, S * 0.32), (S * 0.27, S * 0.22), (S * 0.29, S * 0.34)])  # ear
    pygame.draw.circle(c, (240, 60, 40), (int(S * 0.20), int(S * 0.38)), 5)  # red eye
    for x0, x1 in ((0.32, 0.28), (0.38, 0.40), (0.58, 0.54), (0.64, 0.68)):  # legs
        pygame.draw.line(c, fur, (S * x0, S * 0.54), (S * x1, S * 0.72), 9)
    pygame.draw.line(c, fur, (S * 0.69, S * 0.44), (S * 0.82, S * 0.32), 8)  # tail
    for i in range(4):  # exposed ribs
        x = S * (0.40 + i * 0.06)
        pygame.draw.line(c, BONE, (x, S * 0.41), (x + 6, S * 0.53), 3)
    return _finish(_on_disc(c, size, (44, 36, 34)), size)


def enemy_crawler(size: int = 96) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    body = (120, 74, 118)
    for i in range(4):  # legs
        a = math.radians(200 + i * 22)
        b = math.radians(-20 - i * 22)
        for ang in (a, b):
            x1 = S * 0.5 + math.cos(ang) * S * 0.16
            y1 = S * 0.48 - math.sin(ang) * S * 0.10
            x2 = S * 0.5 + math.cos(ang) * S * 0.34
            y2 = S * 0.48 - math.sin(ang) * S * 0.26 + S * 0.08
            pygame.draw.line(c, body, (x1, y1), (x2, y2), 8)
    pygame.draw.ellipse(c, body, (S * 0.30, S * 0.34, S * 0.40, S * 0.26))
    pygame.draw.ellipse(c, (160, 100, 150), (S * 0.36, S * 0.38, S * 0.18, S * 0.10))
    # long tongue
    pts = [(S * 0.32, S * 0.46), (S * 0.22, S * 0.52), (S * 0.16, S * 0.46), (S * 0.10, S * 0.52)]
    pygame.draw.lines(c, (220, 80, 110), False, pts, 6)
    for dx in (0.36, 0.42):
        pygame.draw.circle(c, (250, 230, 120), (int(S * dx), int(S * 0.42)), 5)
    return _finish(_on_disc(c, size, (40, 30, 44), rim=(150, 40, 150)), size)


def enemy_generic(size: int = 96) -> pygame.Surface:
    c = enemy_disc(size, (50, 40, 40))
    S = size * 2
    _letter(c, "?", (S // 2, S // 2), int(S * 0.5))
    return _finish(c, size)


def enemy_stalker(size: int = 96) -> pygame.Surface:
    """Stalker Stage One (R-STALK): a tall hooded figure with a tendril arm and a skull badge S."""
    c = _canvas(size)
    S = size * 2
    coat, flesh = (58, 52, 64), (176, 150, 140)
    pygame.draw.polygon(c, coat, [(S * 0.34, S * 0.30), (S * 0.62, S * 0.30), (S * 0.70, S * 0.84),
                                  (S * 0.28, S * 0.84)])  # long coat
    pygame.draw.circle(c, flesh, (int(S * 0.48), int(S * 0.24)), int(S * 0.10))  # bald head
    pygame.draw.line(c, INK, (S * 0.43, S * 0.23), (S * 0.53, S * 0.23), 5)  # brow
    pygame.draw.circle(c, (250, 240, 200), (int(S * 0.45), int(S * 0.25)), 3)
    pygame.draw.circle(c, (250, 240, 200), (int(S * 0.51), int(S * 0.25)), 3)
    pts = [(S * 0.36, S * 0.42), (S * 0.26, S * 0.50), (S * 0.18, S * 0.44), (S * 0.12, S * 0.54),
           (S * 0.16, S * 0.62)]
    pygame.draw.lines(c, (150, 40, 60), False, pts, 9)  # tendril arm
    pygame.draw.line(c, coat, (S * 0.60, S * 0.38), (S * 0.74, S * 0.60), 14)  # fist arm
    pygame.draw.circle(c, flesh, (int(S * 0.75), int(S * 0.62)), int(S * 0.06))
    return _finish(_on_disc(c, size, (26, 20, 26), rim=(120, 120, 132)), size)


def _boss_plate(size: int, fill, rim) -> pygame.Surface:
    """A large base: a rounded square that fills the whole square, with a double rim."""
    c = _canvas(size)
    S = size * 2
    r = pygame.Rect(S * 0.04, S * 0.04, S * 0.92, S * 0.92)
    pygame.draw.rect(c, (0, 0, 0, 140), r.move(4, 6), border_radius=int(S * 0.16))
    pygame.draw.rect(c, rim, r, border_radius=int(S * 0.16))
    pygame.draw.rect(c, fill, r.inflate(-S * 0.07, -S * 0.07), border_radius=int(S * 0.13))
    pygame.draw.rect(c, (250, 210, 120), r.inflate(-S * 0.07, -S * 0.07), 3, border_radius=int(S * 0.13))
    return c


def _corner_letter(c: pygame.Surface, ch: str, S: int, fill) -> None:
    """The boss letter in the top-left corner (the bottom-right holds nothing: the dial is elsewhere)."""
    rad = int(S * 0.15)
    cx, cy = int(S * 0.2), int(S * 0.2)
    pygame.draw.circle(c, BONE, (cx, cy), rad + 5)
    pygame.draw.circle(c, fill, (cx, cy), rad)
    _letter(c, ch, (cx, cy - 2), int(rad * 1.6), fg=BONE, outline=fill)


def enemy_burrower(size: int = 128) -> pygame.Surface:
    """The Burrower (boss, large base): a segmented worm rising from broken ground, ringed maw, letter B."""
    c = _boss_plate(size, (52, 38, 30), (150, 96, 40))
    S = size * 2
    rng = random.Random(11)
    for _ in range(26):  # broken ground
        x, y = rng.uniform(0.12, 0.88) * S, rng.uniform(0.62, 0.9) * S
        pygame.draw.polygon(c, (92, 72, 52), [(x, y), (x + rng.uniform(8, 22), y + rng.uniform(-6, 6)),
                                              (x + rng.uniform(0, 14), y + rng.uniform(8, 18))])
    body = (168, 112, 112)
    for i, (x, y, r) in enumerate(((0.62, 0.74, 0.17), (0.56, 0.58, 0.15), (0.52, 0.44, 0.14))):
        pygame.draw.circle(c, tuple(max(0, v - 30 * (i % 2)) for v in body), (int(S * x), int(S * y)), int(S * r))
        pygame.draw.arc(c, (110, 60, 64), (S * (x - r), S * (y - r), S * 2 * r, S * 2 * r), 0.4, 2.7, 4)
    mouth = (int(S * 0.52), int(S * 0.34))
    pygame.draw.circle(c, (186, 126, 124), mouth, int(S * 0.15))
    pygame.draw.circle(c, (40, 8, 12), mouth, int(S * 0.10))
    for k in range(10):  # ring of teeth
        a = k * math.tau / 10
        p0 = (mouth[0] + math.cos(a) * S * 0.10, mouth[1] + math.sin(a) * S * 0.10)
        p1 = (mouth[0] + math.cos(a) * S * 0.045, mouth[1] + math.sin(a) * S * 0.045)
        pygame.draw.line(c, BONE, p0, p1, 5)
    return _finish(c, size)


def enemy_stalker_two(size: int = 128) -> pygame.Surface:
    """Stalker Stage Two, the Unbound (boss, large base): a hulking mutated torso with a huge
    claw arm and tendrils, exposed heart; letter U."""
    c = _boss_plate(size, (34, 24, 34), (130, 40, 110))
    S = size * 2
    flesh, dark = (150, 96, 120), (90, 44, 74)
    for k in range(5):  # tendrils
        a = math.pi * (0.15 + k * 0.17)
        pts = [(S * 0.5 + math.cos(a) * S * (0.12 + t * 0.07) + math.sin(t * 2) * 6,
                S * 0.55 + math.sin(a) * S * (0.12 + t * 0.07)) for t in range(5)]
        pygame.draw.lines(c, dark, False, pts, 6)
    pygame.draw.ellipse(c, flesh, (S * 0.28, S * 0.30, S * 0.44, S * 0.42))  # torso
    pygame.draw.circle(c, flesh, (int(S * 0.46), int(S * 0.26)), int(S * 0.09))  # head
    pygame.draw.circle(c, (255, 220, 90), (int(S * 0.43), int(S * 0.25)), 4)
    pygame.draw.circle(c, (255, 220, 90), (int(S * 0.49), int(S * 0.25)), 4)
    pygame.draw.circle(c, (210, 40, 60), (int(S * 0.54), int(S * 0.46)), int(S * 0.06))  # exposed heart
    pygame.draw.circle(c, (255, 120, 120), (int(S * 0.54), int(S * 0.46)), int(S * 0.06), 3)
    pygame.draw.line(c, flesh, (S * 0.66, S * 0.42), (S * 0.82, S * 0.66), 22)  # claw arm
    for k in range(3):
        pygame.draw.line(c, BONE, (S * (0.80 + k * 0.03), S * 0.66), (S * (0.76 + k * 0.05), S * 0.84), 6)
    return _finish(c, size)


def mark_stalker(size: int = 64) -> pygame.Surface:
    """The Stalker mark of narrative cards (DV-5 ☠): a skull over crossed bones, drawn by code."""
    c = _canvas(size)
    S = size * 2
    for a, b in (((0.16, 0.66), (0.84, 0.92)), ((0.16, 0.92), (0.84, 0.66))):  # crossed bones
        p0, p1 = (S * a[0], S * a[1]), (S * b[0], S * b[1])
        pygame.draw.line(c, INK, p0, p1, 20)
        pygame.draw.line(c, BONE, p0, p1, 12)
        for p in (p0, p1):
            for d in (-7, 7):
                pygame.draw.circle(c, INK, (int(p[0]), int(p[1] + d)), 11)
        for p in (p0, p1):
            for d in (-7, 7):
                pygame.draw.circle(c, BONE, (int(p[0]), int(p[1] + d)), 8)
    skull = pygame.Rect(S * 0.24, S * 0.06, S * 0.52, S * 0.50)
    pygame.draw.ellipse(c, INK, skull.inflate(8, 8))
    pygame.draw.ellipse(c, BONE, skull)
    jaw = pygame.Rect(S * 0.35, S * 0.44, S * 0.30, S * 0.20)
    pygame.draw.rect(c, INK, jaw.inflate(8, 8), border_radius=10)
    pygame.draw.rect(c, BONE, jaw, border_radius=8)
    for x in (0.43, 0.5, 0.57):  # teeth
        pygame.draw.line(c, INK, (S * x, S * 0.52), (S * x, S * 0.63), 3)
    for x in (0.39, 0.61):  # eye sockets
        pygame.draw.circle(c, INK, (int(S * x), int(S * 0.32)), int(S * 0.075))
    pygame.draw.polygon(c, INK, [(S * 0.5, S * 0.38), (S * 0.46, S * 0.46), (S * 0.54, S * 0.46)])  # nose
    return _finish(c, size)


def bh_line(kind: str, size: int = 48) -> pygame.Surface:
    """Behaviour-card line icons (DV-5): Move = boot, Attack = claw, Special = star."""
    c = _canvas(size)
    S = size * 2
    col = {"MOVE": (120, 200, 230), "ATTACK": (236, 90, 70), "SPECIAL": (240, 200, 90)}[kind]
    pygame.draw.circle(c, (0, 0, 0, 150), (S // 2 + 2, S // 2 + 4), int(S * 0.46))
    pygame.draw.circle(c, (30, 26, 30), (S // 2, S // 2), int(S * 0.46))
    pygame.draw.circle(c, col, (S // 2, S // 2), int(S * 0.46), 5)
    if kind == "MOVE":  # a boot
        pygame.draw.rect(c, col, (S * 0.36, S * 0.2, S * 0.2, S * 0.42), border_radius=6)
        pygame.draw.rect(c, col, (S * 0.30, S * 0.56, S * 0.44, S * 0.18), border_radius=10)
        pygame.draw.line(c, (30, 26, 30), (S * 0.30, S * 0.70), (S * 0.74, S * 0.70), 4)
    elif kind == "ATTACK":  # three claw slashes
        for i in range(3):
            x = S * (0.32 + i * 0.16)
            pygame.draw.line(c, col, (x + S * 0.08, S * 0.22), (x - S * 0.06, S * 0.78), 9)
    else:  # a five-pointed star
        pts = []
        for k in range(10):
            r = S * (0.34 if k % 2 == 0 else 0.15)
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((S / 2 + math.cos(a) * r, S / 2 + math.sin(a) * r))
        pygame.draw.polygon(c, col, pts)
    return _finish(c, size)


# ============================================================== tokens
def tok_item(letter: str, size: int = 64) -> pygame.Surface:
    """An item token (R-SEARCH): a picture per deck, A a canvas satchel, B a wooden crate with
    stencil stripes, C a steel strongbox with a gold star; the deck letter small in a corner."""
    c = _canvas(size)
    S = size * 2
    pygame.draw.circle(c, (0, 0, 0, 150), (S // 2 + 3, S // 2 + 5), int(S * 0.46))
    pygame.draw.circle(c, (24, 20, 22), (S // 2, S // 2), int(S * 0.46))
    ring = {"A": (214, 200, 158), "B": (128, 160, 204), "C": (232, 188, 70)}.get(letter, BONE)
    pygame.draw.circle(c, ring, (S // 2, S // 2), int(S * 0.46), 6)
    if letter == "A":  # satchel: body, flap, strap, buckle
        body = pygame.Rect(S * 0.22, S * 0.36, S * 0.56, S * 0.40)
        pygame.draw.arc(c, (120, 96, 60), (S * 0.30, S * 0.16, S * 0.40, S * 0.44), 0.2, math.pi - 0.2, 8)
        pygame.draw.rect(c, (176, 150, 100), body, border_radius=14)
        pygame.draw.rect(c, (140, 116, 72), (body.left, body.top, body.width, body.height * 0.48), border_radius=14)
        pygame.draw.rect(c, (230, 200, 110), (S * 0.45, S * 0.50, S * 0.10, S * 0.08), border_radius=3)
        pygame.draw.rect(c, INK, body, 4, border_radius=14)
    elif letter == "B":  # crate: planks and a diagonal brace
        box = pygame.Rect(S * 0.22, S * 0.24, S * 0.56, S * 0.52)
        pygame.draw.rect(c, (150, 104, 60), box)
        for k in range(1, 3):
            y = box.top + box.height * k // 3
            pygame.draw.line(c, (96, 64, 36), (box.left, y), (box.right, y), 4)
        pygame.draw.line(c, (110, 74, 40), box.topleft, box.bottomright, 10)
        pygame.draw.rect(c, (86, 120, 170), (box.left + 6, box.top + 6, 22, box.height - 12))  # blue stencil band
        pygame.draw.rect(c, INK, box, 5)
    else:  # C: strongbox with a star
        box = pygame.Rect(S * 0.20, S * 0.30, S * 0.60, S * 0.44)
        pygame.draw.rect(c, (150, 156, 166), box, border_radius=8)
        pygame.draw.rect(c, (110, 114, 124), (box.left, box.top, box.width, box.height * 0.30), border_radius=8)
        pts = []
        for k in range(10):
            r = S * (0.12 if k % 2 == 0 else 0.05)
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((box.centerx + math.cos(a) * r, box.centery + S * 0.04 + math.sin(a) * r))
        pygame.draw.polygon(c, (240, 196, 70), pts)
        pygame.draw.polygon(c, INK, pts, 2)
        pygame.draw.rect(c, INK, box, 5, border_radius=8)
    bx, by = int(S * 0.78), int(S * 0.78)  # the deck letter, small
    pygame.draw.circle(c, ring, (bx, by), int(S * 0.17))
    pygame.draw.circle(c, INK, (bx, by), int(S * 0.17), 4)
    _letter(c, letter, (bx, by - 1), int(S * 0.24), fg=INK, outline=ring)
    return _finish(c, size)


def tok_exit(size: int = 64) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    r = pygame.Rect(S * 0.06, S * 0.24, S * 0.88, S * 0.52)
    pygame.draw.rect(c, (0, 0, 0, 150), r.move(3, 5), border_radius=10)
    pygame.draw.rect(c, (26, 140, 72), r, border_radius=10)
    pygame.draw.rect(c, (210, 255, 220), r, 5, border_radius=10)
    _exit_pictogram(c, r, (240, 255, 240))
    return _finish(c, size)


def _exit_pictogram(c: pygame.Surface, r: pygame.Rect, fg) -> None:
    """The emergency-exit sign without a word: a figure running through an open door, an arrow."""
    h = r.height
    door = pygame.Rect(0, 0, int(h * 0.50), int(h * 0.74))
    door.midright = (r.right - int(h * 0.16), r.centery)
    pygame.draw.rect(c, fg, door, 5)
    pygame.draw.rect(c, (12, 60, 30), door.inflate(-10, -10))
    # the runner, leaning into the doorway
    hx, hy = door.left - int(h * 0.20), r.top + int(h * 0.24)
    pygame.draw.circle(c, fg, (hx, hy), int(h * 0.09))
    hip = (hx - int(h * 0.08), r.top + int(h * 0.62))
    neck = (hx - int(h * 0.02), hy + int(h * 0.12))
    w = max(5, int(h * 0.09))
    pygame.draw.line(c, fg, neck, hip, w)
    pygame.draw.line(c, fg, (neck[0], neck[1] + 6), (neck[0] + int(h * 0.18), neck[1] + int(h * 0.14)), w)  # arm forward
    pygame.draw.line(c, fg, (neck[0], neck[1] + 6), (neck[0] - int(h * 0.17), neck[1] + int(h * 0.18)), w)  # arm back
    pygame.draw.line(c, fg, hip, (hip[0] + int(h * 0.18), hip[1] + int(h * 0.14)), w)  # leg forward
    pygame.draw.line(c, fg, (hip[0] + int(h * 0.18), hip[1] + int(h * 0.14)),
                     (hip[0] + int(h * 0.16), r.bottom - int(h * 0.10)), w)
    pygame.draw.line(c, fg, hip, (hip[0] - int(h * 0.20), hip[1] + int(h * 0.22)), w)  # leg back
    # the arrow, left of the runner, pointing at the door
    ay = r.top + int(h * 0.74)
    ax0, ax1 = r.left + int(h * 0.16), hip[0] - int(h * 0.30)
    if ax1 > ax0 + 10:
        pygame.draw.line(c, fg, (ax0, ay), (ax1, ay), w)
        pygame.draw.polygon(c, fg, [(ax1 + int(h * 0.12), ay), (ax1, ay - int(h * 0.10)), (ax1, ay + int(h * 0.10))])


def tok_fire(size: int = 64) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    rng = random.Random(7)
    for i in range(7):  # flame tongues
        x = S * (0.16 + i * 0.11)
        h = S * rng.uniform(0.45, 0.8)
        pts = [(x - S * 0.08, S * 0.9), (x + rng.uniform(-8, 8), S * 0.9 - h), (x + S * 0.08, S * 0.9)]
        pygame.draw.polygon(c, (230, 90, 20, 230), pts)
    for i in range(5):
        x = S * (0.24 + i * 0.13)
        h = S * rng.uniform(0.25, 0.45)
        pts = [(x - S * 0.06, S * 0.9), (x, S * 0.9 - h), (x + S * 0.06, S * 0.9)]
        pygame.draw.polygon(c, (255, 210, 70, 240), pts)
    # hatch pattern inside the flames, so fire is not colour-only
    hatch = pygame.Surface(c.get_size(), pygame.SRCALPHA)
    for i in range(-6, 12):
        x = i * 22
        pygame.draw.line(hatch, (90, 20, 0, 200), (x, S), (x + S * 0.6, S * 0.4), 4)
    mask = pygame.mask.from_surface(c)
    c.blit(mask.to_surface(setsurface=hatch, unsetcolor=(0, 0, 0, 0)), (0, 0))
    return _finish(c, size)


def tok_corpse(size: int = 64) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    body = (110, 96, 90)
    pygame.draw.ellipse(c, (90, 10, 10, 200), (S * 0.12, S * 0.55, S * 0.76, S * 0.30))  # pool
    pygame.draw.ellipse(c, body, (S * 0.26, S * 0.48, S * 0.46, S * 0.18))
    pygame.draw.circle(c, body, (int(S * 0.76), int(S * 0.56)), int(S * 0.08))
    pygame.draw.line(c, body, (S * 0.30, S * 0.56), (S * 0.12, S * 0.64), 9)
    pygame.draw.line(c, body, (S * 0.34, S * 0.60), (S * 0.20, S * 0.74), 9)
    for x in (0.36, 0.46, 0.56):  # X marks pattern
        pygame.draw.line(c, INK, (S * x, S * 0.50), (S * (x + 0.05), S * 0.62), 4)
    return _finish(c, size)


def tok_barrel(size: int = 64) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    r = pygame.Rect(S * 0.28, S * 0.16, S * 0.44, S * 0.70)
    pygame.draw.rect(c, (176, 34, 26), r, border_radius=18)
    for y in (0.30, 0.70):
        pygame.draw.line(c, INK, (r.left, S * y), (r.right, S * y), 6)
    c.set_clip(r.inflate(-6, 0))
    for i in range(-1, 6):  # hazard stripes
        x = r.left + i * 20
        pygame.draw.line(c, (250, 210, 40), (x, S * 0.56), (x + 14, S * 0.44), 7)
    c.set_clip(None)
    pygame.draw.rect(c, INK, r, 5, border_radius=18)
    return _finish(c, size)


def tok_typewriter(size: int = 64) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    pygame.draw.rect(c, (50, 50, 56), (S * 0.16, S * 0.40, S * 0.68, S * 0.36), border_radius=10)
    pygame.draw.rect(c, BONE, (S * 0.30, S * 0.18, S * 0.40, S * 0.26))
    for row in range(2):
        for k in range(6):
            pygame.draw.circle(c, BONE, (int(S * (0.24 + k * 0.1)), int(S * (0.54 + row * 0.1))), 5)
    return _finish(c, size)


def tok_item_box(size: int = 64) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    r = pygame.Rect(S * 0.12, S * 0.28, S * 0.76, S * 0.50)
    pygame.draw.rect(c, (104, 70, 40), r, border_radius=8)
    pygame.draw.line(c, INK, (r.left, r.top + 24), (r.right, r.top + 24), 5)
    pygame.draw.rect(c, GOLDEN, (r.centerx - 10, r.top + 16, 20, 22))
    pygame.draw.rect(c, INK, r, 5, border_radius=8)
    return _finish(c, size)


GOLDEN = (222, 182, 80)


def tok_marker(kind: str, fill, size: int = 64, ring=BONE) -> pygame.Surface:
    """A round marker with a picture: narrative = an open journal, objective = a flag,
    progression = a double chevron."""
    c = _canvas(size)
    S = size * 2
    pygame.draw.circle(c, (0, 0, 0, 140), (S // 2 + 3, S // 2 + 4), int(S * 0.40))
    pygame.draw.circle(c, ring, (S // 2, S // 2), int(S * 0.40))
    pygame.draw.circle(c, fill, (S // 2, S // 2), int(S * 0.34))
    if kind == "narrative":  # an open book
        for sgn in (-1, 1):
            page = [(S * 0.5, S * 0.36), (S * 0.5 + sgn * S * 0.22, S * 0.32), (S * 0.5 + sgn * S * 0.22, S * 0.64),
                    (S * 0.5, S * 0.68)]
            pygame.draw.polygon(c, BONE, page)
            pygame.draw.polygon(c, INK, page, 3)
            for k in range(3):
                y = S * (0.42 + k * 0.07)
                pygame.draw.line(c, (120, 110, 100), (S * 0.5 + sgn * S * 0.04, y + 2), (S * 0.5 + sgn * S * 0.18, y), 3)
    elif kind == "objective":  # a flag on a pole
        pygame.draw.line(c, BONE, (S * 0.36, S * 0.26), (S * 0.36, S * 0.76), 7)
        flag = [(S * 0.38, S * 0.27), (S * 0.70, S * 0.36), (S * 0.38, S * 0.48)]
        pygame.draw.polygon(c, (236, 200, 80), flag)
        pygame.draw.polygon(c, INK, flag, 3)
    else:  # progression: a double chevron
        for dx in (-0.09, 0.07):
            pts = [(S * (0.38 + dx), S * 0.32), (S * (0.54 + dx), S * 0.5), (S * (0.38 + dx), S * 0.68)]
            pygame.draw.lines(c, BONE, False, pts, 12)
    return _finish(c, size)


def tok_padlock(size: int = 48) -> pygame.Surface:
    """A padlock for locked doors (R-DOOR-5, DV-18): a gold body with a keyhole and a steel shackle."""
    c = _canvas(size)
    S = size * 2
    pygame.draw.arc(c, INK, (S * 0.26, S * 0.08, S * 0.48, S * 0.56), 0, math.pi, 16)
    pygame.draw.arc(c, (190, 194, 204), (S * 0.28, S * 0.10, S * 0.44, S * 0.52), 0, math.pi, 9)
    for x in (0.30, 0.70):
        pygame.draw.line(c, INK, (S * x, S * 0.36), (S * x, S * 0.50), 16)
        pygame.draw.line(c, (190, 194, 204), (S * x, S * 0.36), (S * x, S * 0.50), 9)
    body = pygame.Rect(S * 0.16, S * 0.42, S * 0.68, S * 0.50)
    pygame.draw.rect(c, INK, body.inflate(8, 8), border_radius=12)
    pygame.draw.rect(c, (222, 182, 80), body, border_radius=10)
    pygame.draw.circle(c, INK, (S // 2, int(S * 0.62)), int(S * 0.07))
    pygame.draw.polygon(c, INK, [(S * 0.46, S * 0.64), (S * 0.54, S * 0.64), (S * 0.56, S * 0.82), (S * 0.44, S * 0.82)])
    return _finish(c, size)


DOOR_WOOD, DOOR_DARK, IRON = (140, 92, 48), (70, 44, 22), (150, 150, 160)


def door_closed(w: int = 96, h: int = 32) -> pygame.Surface:
    """A closed door seen from above (R-DOOR): a plank leaf in a dark frame, iron hinge straps at
    the left, a ring handle at the right. Drawn lying along a horizontal edge; the board turns it."""
    c = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    W, H = w * 2, h * 2
    leaf = pygame.Rect(4, 6, W - 8, H - 12)
    pygame.draw.rect(c, DOOR_DARK, leaf.inflate(6, 8), border_radius=6)
    pygame.draw.rect(c, DOOR_WOOD, leaf, border_radius=4)
    for i in range(1, 5):  # planks
        x = leaf.left + leaf.width * i // 5
        pygame.draw.line(c, DOOR_DARK, (x, leaf.top + 3), (x, leaf.bottom - 4), 4)
    for y in (leaf.top + leaf.height * 0.28, leaf.bottom - leaf.height * 0.28):  # hinge straps
        pygame.draw.line(c, INK, (leaf.left + 2, y), (leaf.left + W * 0.30, y), 9)
        pygame.draw.line(c, IRON, (leaf.left + 2, y), (leaf.left + W * 0.30, y), 5)
    pygame.draw.circle(c, INK, (leaf.right - int(W * 0.12), leaf.centery), int(H * 0.20))
    pygame.draw.circle(c, (222, 182, 80), (leaf.right - int(W * 0.12), leaf.centery), int(H * 0.20), 5)
    return pygame.transform.smoothscale(c, (w, h))


def door_open(size: int = 96) -> pygame.Surface:
    """An open door seen from above (R-DOOR): the leaf swung up from its hinge at the bottom-left,
    the architect's quarter arc of its swing and a dashed threshold on the edge (the bottom)."""
    c = _canvas(size)
    S = size * 2
    leaf = int(S * 0.86)
    pygame.draw.arc(c, INK, (-leaf, S - leaf, leaf * 2, leaf * 2), 0, math.pi / 2, 8)
    pygame.draw.arc(c, (190, 150, 100), (-leaf, S - leaf, leaf * 2, leaf * 2), 0, math.pi / 2, 4)
    r = pygame.Rect(0, S - leaf, 16, leaf)
    pygame.draw.rect(c, DOOR_DARK, r.inflate(6, 4))
    pygame.draw.rect(c, DOOR_WOOD, r)
    for y in range(S - leaf + 8, S, leaf // 4):
        pygame.draw.line(c, DOOR_DARK, (2, y), (14, y), 3)
    for x in range(24, S - 8, 22):  # the threshold, dashed
        pygame.draw.line(c, INK, (x, S - 5), (x + 12, S - 5), 8)
        pygame.draw.line(c, (150, 110, 70), (x, S - 5), (x + 12, S - 5), 4)
    return _finish(c, size)


def barricade(w: int = 96, h: int = 40) -> pygame.Surface:
    """A barricade (R-BARR): two boards nailed across the doorway, over a dark gap."""
    c = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    W, H = w * 2, h * 2
    pygame.draw.rect(c, (24, 18, 18), (0, H * 0.3, W, H * 0.4))
    for a, b in (((6, 8), (W - 6, H - 8)), ((6, H - 8), (W - 6, 8))):
        pygame.draw.line(c, DOOR_DARK, a, b, 22)
        pygame.draw.line(c, (172, 136, 70), a, b, 14)
        for t in (0.12, 0.88):  # nails
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            pygame.draw.circle(c, INK, p, 6)
            pygame.draw.circle(c, IRON, p, 3)
    return pygame.transform.smoothscale(c, (w, h))


def archway(w: int = 96, h: int = 40) -> pygame.Surface:
    """An archway (R-WALL): an open passage between two stone pillars under a rounded arch."""
    c = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    W, H = w * 2, h * 2
    pygame.draw.arc(c, INK, (H * 0.45, 4, W - H * 0.9, H * 1.4), 0, math.pi, 10)
    pygame.draw.arc(c, (150, 140, 130), (H * 0.45, 4, W - H * 0.9, H * 1.4), 0, math.pi, 5)
    for x in (0, W - H * 0.6):
        p = pygame.Rect(x, H * 0.2, H * 0.6, H * 0.6)
        pygame.draw.rect(c, INK, p.inflate(6, 6), border_radius=4)
        pygame.draw.rect(c, (110, 104, 98), p, border_radius=3)
        pygame.draw.line(c, (80, 74, 70), p.topleft, p.bottomright, 3)
    return pygame.transform.smoothscale(c, (w, h))


def tok_unexplored(colour: str, size: int = 64) -> pygame.Surface:
    """Unexplored token (R-EXPLORE-1): the tile colour, its initial (Y / A / R) and 1 / 2 / 3
    pips, so the colour is never the only cue."""
    from game.ui.theme import UNEXPLORED

    letter, pips, fill = UNEXPLORED[colour]
    c = _canvas(size)
    S = size * 2
    ctr = (S // 2, S // 2)
    pts = [(ctr[0] + math.cos(k * math.tau / 8 + math.pi / 8) * S * 0.44,
            ctr[1] + math.sin(k * math.tau / 8 + math.pi / 8) * S * 0.44) for k in range(8)]
    pygame.draw.polygon(c, (0, 0, 0, 150), [(x + 3, y + 5) for x, y in pts])
    pygame.draw.polygon(c, BONE, pts)
    inner = [(ctr[0] + (x - ctr[0]) * 0.84, ctr[1] + (y - ctr[1]) * 0.84) for x, y in pts]
    pygame.draw.polygon(c, fill, inner)
    pygame.draw.polygon(c, INK, inner, 4)
    eye = pygame.Rect(0, 0, int(S * 0.46), int(S * 0.24))  # an eye watching from the dark
    eye.center = (ctr[0], int(S * 0.44))
    pygame.draw.ellipse(c, INK, eye.inflate(8, 8))
    pygame.draw.ellipse(c, BONE, eye)
    pygame.draw.circle(c, fill, eye.center, int(S * 0.09))
    pygame.draw.circle(c, INK, eye.center, int(S * 0.045))
    gap = S * 0.14
    x0 = ctr[0] - gap * (pips - 1) / 2
    for i in range(pips):
        p = (int(x0 + i * gap), int(S * 0.76))
        pygame.draw.circle(c, INK, p, int(S * 0.055))
        pygame.draw.circle(c, BONE, p, int(S * 0.038))
    return _finish(c, size)


def tok_sustain(name: str, size: int = 64) -> pygame.Surface:
    """A sustained-effect token (R-SUST-1): a square chit with its letter and a pattern."""
    from game.ui.theme import SUSTAIN

    letter, fill = SUSTAIN[name][0], SUSTAIN[name][1]
    c = _canvas(size)
    S = size * 2
    r = pygame.Rect(S * 0.08, S * 0.08, S * 0.84, S * 0.84)
    pygame.draw.rect(c, (0, 0, 0, 150), r.move(3, 5), border_radius=16)
    pygame.draw.rect(c, BONE, r, border_radius=16)
    ir = r.inflate(-14, -14)
    pygame.draw.rect(c, fill, ir, border_radius=12)
    c.set_clip(ir)
    dark = tuple(max(0, v - 50) for v in fill)
    if name == "Jammed":  # gear teeth along the edge
        for k in range(12):
            a = k * math.tau / 12
            pygame.draw.circle(c, dark, (int(S / 2 + math.cos(a) * S * 0.36), int(S / 2 + math.sin(a) * S * 0.36)), 8)
    elif name == "Shaken":  # wavy lines
        for row in (0.22, 0.78):
            pts = [(ir.left + i * 6, S * row + math.sin(i * 0.9) * 6) for i in range(ir.width // 6 + 2)]
            pygame.draw.lines(c, dark, False, pts, 5)
    elif name == "Blackout":  # dense cross-hatch
        for i in range(-8, 16):
            pygame.draw.line(c, (30, 26, 50), (ir.left + i * 14, ir.bottom), (ir.left + i * 14 + ir.height, ir.top), 4)
    # Frenzy: a plain ground, so its picture (an arrow one square past the usual move) reads at a glance
    c.set_clip(None)
    pygame.draw.rect(c, INK, ir, 4, border_radius=12)
    _sustain_pictogram(c, name, ir)
    return _finish(c, size)


def _sustain_pictogram(c: pygame.Surface, name: str, r: pygame.Rect) -> None:
    """The picture on a sustained-effect chit (no letter): Jammed a pistol with a blocked muzzle,
    Shaken a trembling hand, Blackout a crossed-out light bulb, Frenzy a running claw with speed lines."""
    S = r.width
    cx, cy = r.centerx, r.centery

    def thick_line(a, b, w, col=BONE):
        pygame.draw.line(c, INK, a, b, w + 8)
        pygame.draw.line(c, col, a, b, w)

    if name == "Jammed":
        body = [(cx - S * 0.34, cy - S * 0.16), (cx + S * 0.30, cy - S * 0.16), (cx + S * 0.30, cy - S * 0.02),
                (cx - S * 0.06, cy - S * 0.02), (cx - S * 0.12, cy + S * 0.30), (cx - S * 0.32, cy + S * 0.30),
                (cx - S * 0.24, cy - S * 0.02), (cx - S * 0.34, cy - S * 0.02)]
        pygame.draw.polygon(c, INK, body, 0)
        pygame.draw.polygon(c, BONE, [(x + (2 if x < cx else -2), y + 2) for x, y in body], 0)
        pygame.draw.polygon(c, INK, body, 4)
        # the jam: a cartridge stuck across the ejection port, and a bar over the muzzle
        pygame.draw.rect(c, INK, (cx - S * 0.02, cy - S * 0.30, S * 0.12, S * 0.20), border_radius=4)
        pygame.draw.rect(c, (222, 182, 80), (cx + 1, cy - S * 0.28, S * 0.12 - 6, S * 0.20 - 6), border_radius=3)
        thick_line((cx + S * 0.34, cy - S * 0.30), (cx + S * 0.20, cy + S * 0.10), 7, (236, 80, 64))
    elif name == "Shaken":
        palm = pygame.Rect(0, 0, S * 0.30, S * 0.30)
        palm.midtop = (cx, cy - S * 0.02)
        pygame.draw.rect(c, INK, palm.inflate(8, 8), border_radius=10)
        for k in range(4):  # fingers
            fx = palm.left + 5 + k * (palm.width - 10) / 3
            thick_line((fx, palm.top + 4), (fx, palm.top - S * (0.18 + 0.04 * (k in (1, 2)))), 8)
        pygame.draw.rect(c, BONE, palm, border_radius=8)
        thick_line((palm.left + 2, palm.centery), (palm.left - S * 0.10, palm.top - S * 0.02), 8)  # thumb
        for sgn in (-1, 1):  # tremble marks both sides
            x = cx + sgn * S * 0.30
            for k in range(2):
                pygame.draw.arc(c, BONE, (x - S * 0.08 + sgn * k * S * 0.07, cy - S * 0.22, S * 0.16, S * 0.36),
                                -math.pi / 3 if sgn > 0 else math.pi * 2 / 3,
                                math.pi / 3 if sgn > 0 else math.pi * 4 / 3, 5)
    elif name == "Blackout":
        bulb = (cx, int(cy - S * 0.06))
        pygame.draw.circle(c, INK, bulb, int(S * 0.24))
        pygame.draw.circle(c, (120, 112, 100), bulb, int(S * 0.20))
        base = pygame.Rect(0, 0, S * 0.22, S * 0.16)
        base.midtop = (cx, bulb[1] + S * 0.16)
        pygame.draw.rect(c, INK, base.inflate(8, 8), border_radius=4)
        pygame.draw.rect(c, (170, 170, 180), base, border_radius=3)
        for k in range(2):
            pygame.draw.line(c, INK, (base.left, base.top + 5 + k * 8), (base.right, base.top + 5 + k * 8), 3)
        thick_line((cx - S * 0.34, cy + S * 0.30), (cx + S * 0.34, cy - S * 0.34), 9, (236, 80, 64))
    else:  # Frenzy: three squares in a row, the last one extra (framed), and a bold arrow over all three
        q = S * 0.19
        for k in range(3):
            sq = pygame.Rect(cx - S * 0.36 + k * S * 0.25, cy + S * 0.10, q, q)
            pygame.draw.rect(c, INK, sq.inflate(8, 8), border_radius=5)
            pygame.draw.rect(c, BONE if k == 2 else (150, 140, 130), sq, border_radius=4)
            if k == 2:
                pygame.draw.rect(c, (255, 220, 90), sq.inflate(10, 10), 5, border_radius=7)
        y = cy - S * 0.16
        tip = (cx + S * 0.40, y)
        head = [tip, (tip[0] - S * 0.18, y - S * 0.15), (tip[0] - S * 0.18, y + S * 0.15)]
        thick_line((cx - S * 0.38, y), (tip[0] - S * 0.14, y), 14)
        pygame.draw.polygon(c, INK, [(x + (3 if x == tip[0] else -2), yy) for x, yy in head], 0)
        pygame.draw.polygon(c, INK, head, 10)
        pygame.draw.polygon(c, BONE, head)


def sym(name: str, size: int = 48) -> pygame.Surface:
    """Tension effect-box symbols (DV-5): fang, claw, hook, fist, each a distinct shape."""
    from game.ui.theme import SYMBOL_COLOURS

    col = SYMBOL_COLOURS[name]
    c = _canvas(size)
    S = size * 2
    pygame.draw.circle(c, (0, 0, 0, 150), (S // 2 + 2, S // 2 + 4), int(S * 0.46))
    pygame.draw.circle(c, (34, 28, 32), (S // 2, S // 2), int(S * 0.46))
    pygame.draw.circle(c, col, (S // 2, S // 2), int(S * 0.46), 5)
    if name == "FANG":  # two long teeth hanging from a gum line
        pygame.draw.line(c, col, (S * 0.2, S * 0.3), (S * 0.8, S * 0.3), 9)
        for x in (0.36, 0.64):
            pygame.draw.polygon(c, col, [(S * (x - 0.09), S * 0.3), (S * (x + 0.09), S * 0.3), (S * x, S * 0.8)])
    elif name == "CLAW":  # three curved slashes
        for i in range(3):
            x = S * (0.3 + i * 0.18)
            pygame.draw.arc(c, col, (x - S * 0.25, S * 0.18, S * 0.4, S * 0.64), -0.3, 1.2, 9)
    elif name == "HOOK":  # a shank ending in a hook
        pygame.draw.line(c, col, (S * 0.58, S * 0.16), (S * 0.58, S * 0.62), 10)
        pygame.draw.arc(c, col, (S * 0.28, S * 0.44, S * 0.34, S * 0.34), math.pi, 2 * math.pi, 10)
        pygame.draw.polygon(c, col, [(S * 0.24, S * 0.62), (S * 0.34, S * 0.62), (S * 0.28, S * 0.48)])
    else:  # FIST: a block with four knuckles and a thumb
        r = pygame.Rect(S * 0.26, S * 0.36, S * 0.48, S * 0.34)
        pygame.draw.rect(c, col, r, border_radius=10)
        for i in range(4):
            pygame.draw.circle(c, col, (int(r.left + 12 + i * (r.width - 24) / 3), r.top), 12)
            pygame.draw.line(c, (34, 28, 32), (r.left + 24 + i * (r.width - 24) / 3 - 6, r.top - 4),
                             (r.left + 24 + i * (r.width - 24) / 3 - 6, r.top + 18), 3)
        pygame.draw.rect(c, col, (S * 0.3, S * 0.68, S * 0.32, S * 0.14))
    return _finish(c, size)


def icon_ribbon(size: int = 48) -> pygame.Surface:
    """An ink ribbon spool (R-INK-2): two reels joined by a dark ribbon."""
    c = _canvas(size)
    S = size * 2
    pygame.draw.rect(c, (20, 16, 20), (S * 0.06, S * 0.2, S * 0.88, S * 0.6), border_radius=12)
    pygame.draw.rect(c, (200, 190, 176), (S * 0.06, S * 0.2, S * 0.88, S * 0.6), 5, border_radius=12)
    for x in (0.3, 0.7):
        pygame.draw.circle(c, (200, 190, 176), (int(S * x), int(S * 0.46)), int(S * 0.17))
        pygame.draw.circle(c, (40, 30, 40), (int(S * x), int(S * 0.46)), int(S * 0.11))
        pygame.draw.circle(c, (200, 190, 176), (int(S * x), int(S * 0.46)), int(S * 0.04))
    pygame.draw.line(c, (190, 40, 46), (S * 0.3, S * 0.7), (S * 0.7, S * 0.7), 9)
    return _finish(c, size)


def tok_spawn(size: int = 64) -> pygame.Surface:
    """Spawn point: three claw marks in a dashed ring (pattern, R-COMP-5)."""
    c = _canvas(size)
    S = size * 2
    for k in range(12):
        a0 = k * math.tau / 12
        pygame.draw.arc(c, (170, 40, 40, 200), (S * 0.12, S * 0.12, S * 0.76, S * 0.76), a0, a0 + 0.3, 6)
    for i in range(3):
        x = S * (0.36 + i * 0.12)
        pygame.draw.line(c, (170, 40, 40, 210), (x, S * 0.32), (x - 14, S * 0.68), 7)
    return _finish(c, size)


def tok_stairs(size: int = 64) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    for i in range(5):
        y = S * (0.22 + i * 0.12)
        pygame.draw.rect(c, (150, 146, 140), (S * (0.16 + i * 0.06), y, S * (0.68 - i * 0.06), S * 0.09))
        pygame.draw.rect(c, INK, (S * (0.16 + i * 0.06), y, S * (0.68 - i * 0.06), S * 0.09), 3)
    return _finish(c, size)


# ============================================================== dice (DV-1)
def die_face(colour: str, face: str, size: int = 64) -> pygame.Surface:
    """Blue/red attack dice: blank, hit (one pip), hit+ (two pips), critical (burst star)."""
    fills = {"blue": (38, 86, 196), "red": (184, 28, 32)}
    c = _canvas(size)
    S = size * 2
    r = pygame.Rect(8, 8, S - 16, S - 16)
    pygame.draw.rect(c, (0, 0, 0, 150), r.move(4, 6), border_radius=22)
    pygame.draw.rect(c, fills[colour], r, border_radius=22)
    hi = tuple(min(255, v + 60) for v in fills[colour])
    pygame.draw.rect(c, hi, r, 6, border_radius=22)
    white = (248, 244, 236)
    if face == "HIT":
        pygame.draw.circle(c, white, r.center, int(S * 0.13))
    elif face == "HIT_PLUS":
        pygame.draw.circle(c, white, (int(S * 0.34), int(S * 0.34)), int(S * 0.12))
        pygame.draw.circle(c, white, (int(S * 0.66), int(S * 0.66)), int(S * 0.12))
    elif face == "CRIT":
        pts = []
        for k in range(16):
            rad = S * (0.36 if k % 2 == 0 else 0.16)
            a = k * math.tau / 16 - math.pi / 2
            pts.append((S / 2 + math.cos(a) * rad, S / 2 + math.sin(a) * rad))
        pygame.draw.polygon(c, (255, 226, 90), pts)
        pygame.draw.polygon(c, INK, pts, 3)
    return _finish(c, size)


def encounter_die(n: int, size: int = 64) -> pygame.Surface:
    """The encounter die (DV-1): numbers 1-6, the 6 bears the hazard mark."""
    c = _canvas(size)
    S = size * 2
    r = pygame.Rect(8, 8, S - 16, S - 16)
    pygame.draw.rect(c, (0, 0, 0, 150), r.move(4, 6), border_radius=22)
    pygame.draw.rect(c, (226, 220, 204), r, border_radius=22)
    pygame.draw.rect(c, (120, 112, 100), r, 6, border_radius=22)
    _letter(c, str(n), (S // 2, S // 2 - 4), int(S * 0.56), fg=INK, outline=(226, 220, 204))
    if n == 6:  # hazard trefoil-ish mark
        for k in range(3):
            a = k * math.tau / 3 - math.pi / 2
            pygame.draw.circle(c, BLOOD, (int(S * 0.78 + math.cos(a) * 12), int(S * 0.24 + math.sin(a) * 12)), 9)
        pygame.draw.circle(c, (226, 220, 204), (int(S * 0.78), int(S * 0.24)), 5)
    return _finish(c, size)


# ============================================================== item icons
def icon(kind: str, size: int = 48) -> pygame.Surface:
    c = _canvas(size)
    S = size * 2
    steel, dark = (180, 184, 192), (60, 62, 70)
    if kind == "knife":
        pygame.draw.polygon(c, steel, [(S * 0.16, S * 0.80), (S * 0.70, S * 0.26), (S * 0.82, S * 0.18), (S * 0.74, S * 0.32), (S * 0.24, S * 0.84)])
        pygame.draw.line(c, (110, 70, 40), (S * 0.12, S * 0.88), (S * 0.28, S * 0.72), 12)
    elif kind in ("handgun", "falcon50", "magnum"):
        pygame.draw.rect(c, steel if kind != "magnum" else (200, 170, 120), (S * 0.14, S * 0.30, S * 0.66, S * 0.16))
        pygame.draw.polygon(c, dark, [(S * 0.46, S * 0.44), (S * 0.66, S * 0.44), (S * 0.60, S * 0.82), (S * 0.44, S * 0.82)])
        pygame.draw.circle(c, dark, (int(S * 0.42), int(S * 0.52)), 8, 4)
    elif kind in ("shotgun", "ranger_custom", "assault_rifle", "grenade_launcher"):
        pygame.draw.line(c, steel, (S * 0.08, S * 0.40), (S * 0.70, S * 0.40), 12)
        pygame.draw.polygon(c, (110, 70, 40), [(S * 0.62, S * 0.36), (S * 0.94, S * 0.46), (S * 0.92, S * 0.64), (S * 0.60, S * 0.50)])
        if kind == "assault_rifle":
            pygame.draw.rect(c, dark, (S * 0.44, S * 0.44, S * 0.10, S * 0.26))
        if kind == "grenade_launcher":
            pygame.draw.circle(c, dark, (int(S * 0.22), int(S * 0.40)), 16)
    elif kind.startswith("herb"):
        col = {"herb_green": (70, 180, 80), "herb_red": (210, 50, 50), "herb_blue": (70, 120, 230)}.get(kind, (70, 180, 80))
        for a in (-0.9, 0.0, 0.9):
            cx = S * 0.5 + math.sin(a) * S * 0.22
            cy = S * 0.42 - math.cos(a) * S * 0.18
            pygame.draw.ellipse(c, col, (cx - S * 0.12, cy - S * 0.18, S * 0.24, S * 0.36))
        pygame.draw.line(c, (60, 110, 50), (S * 0.5, S * 0.5), (S * 0.5, S * 0.9), 8)
    elif kind == "ammo":
        for i in range(3):
            x = S * (0.26 + i * 0.18)
            pygame.draw.rect(c, (200, 150, 60), (x, S * 0.36, S * 0.12, S * 0.44))
            pygame.draw.ellipse(c, (160, 160, 170), (x, S * 0.22, S * 0.12, S * 0.24))
    elif kind == "spray":
        pygame.draw.rect(c, (230, 230, 230), (S * 0.34, S * 0.28, S * 0.32, S * 0.60), border_radius=10)
        pygame.draw.rect(c, (200, 40, 40), (S * 0.44, S * 0.46, S * 0.12, S * 0.28))
        pygame.draw.rect(c, (200, 40, 40), (S * 0.38, S * 0.54, S * 0.24, S * 0.12))
        pygame.draw.rect(c, dark, (S * 0.42, S * 0.16, S * 0.16, S * 0.12))
    elif kind == "key":
        pygame.draw.circle(c, (220, 190, 90), (int(S * 0.30), int(S * 0.40)), int(S * 0.14), 10)
        pygame.draw.line(c, (220, 190, 90), (S * 0.42, S * 0.46), (S * 0.86, S * 0.70), 10)
        pygame.draw.line(c, (220, 190, 90), (S * 0.72, S * 0.62), (S * 0.66, S * 0.74), 8)
    elif kind == "lock_pick":  # a pick with a hooked tip over an L-shaped tension wrench: steel, no key bow
        pygame.draw.rect(c, (0, 0, 0, 140), (S * 0.12 + 3, S * 0.58 + 5, S * 0.26, S * 0.12), border_radius=6)
        pygame.draw.rect(c, (40, 40, 46), (S * 0.12, S * 0.58, S * 0.26, S * 0.12), border_radius=6)  # handle
        pygame.draw.line(c, steel, (S * 0.36, S * 0.63), (S * 0.80, S * 0.40), 6)  # the pick's shaft
        pygame.draw.line(c, steel, (S * 0.80, S * 0.40), (S * 0.84, S * 0.28), 6)  # its hook
        pygame.draw.line(c, (150, 156, 166), (S * 0.20, S * 0.84), (S * 0.74, S * 0.84), 7)  # the wrench
        pygame.draw.line(c, (150, 156, 166), (S * 0.74, S * 0.84), (S * 0.74, S * 0.72), 7)
    elif kind == "valve":  # a red hand-wheel with four spokes on a short stem
        cx, cy, rr = int(S * 0.5), int(S * 0.44), int(S * 0.28)
        pygame.draw.rect(c, dark, (S * 0.44, S * 0.60, S * 0.12, S * 0.28))
        pygame.draw.circle(c, (0, 0, 0, 140), (cx + 3, cy + 5), rr, 12)
        for a in range(4):
            ang = a * math.pi / 4 * 2 + math.pi / 4
            pygame.draw.line(c, (150, 30, 28), (cx, cy), (cx + math.cos(ang) * rr, cy + math.sin(ang) * rr), 8)
        pygame.draw.circle(c, (196, 44, 38), (cx, cy), rr, 12)
        pygame.draw.circle(c, (230, 120, 100), (cx, cy), rr, 3)
        pygame.draw.circle(c, steel, (cx, cy), int(S * 0.07))
    elif kind == "pouch":
        pygame.draw.rect(c, (130, 100, 60), (S * 0.2, S * 0.3, S * 0.6, S * 0.5), border_radius=12)
        pygame.draw.rect(c, (90, 70, 40), (S * 0.2, S * 0.3, S * 0.6, S * 0.18), border_radius=8)
    elif kind == "card":  # a keycard: white card, dark stripe, photo, chip
        r = pygame.Rect(S * 0.16, S * 0.28, S * 0.68, S * 0.46)
        pygame.draw.rect(c, (0, 0, 0, 140), r.move(3, 5), border_radius=10)
        pygame.draw.rect(c, (232, 230, 222), r, border_radius=10)
        pygame.draw.rect(c, (50, 54, 64), (r.left, r.top + S * 0.06, r.width, S * 0.08))
        pygame.draw.rect(c, (120, 150, 190), (r.left + S * 0.06, r.top + S * 0.18, S * 0.16, S * 0.20), border_radius=3)
        pygame.draw.rect(c, (214, 176, 80), (r.right - S * 0.24, r.top + S * 0.22, S * 0.14, S * 0.12), border_radius=3)
        pygame.draw.rect(c, dark, r, 4, border_radius=10)
    elif kind == "sheet_music":  # a page with two staves and notes
        r = pygame.Rect(S * 0.22, S * 0.14, S * 0.56, S * 0.72)
        pygame.draw.rect(c, (0, 0, 0, 140), r.move(3, 5), border_radius=6)
        pygame.draw.rect(c, (236, 226, 196), r, border_radius=6)
        for st in (0.26, 0.58):
            for k in range(5):
                y = S * st + k * S * 0.035
                pygame.draw.line(c, (70, 60, 50), (r.left + 8, y), (r.right - 8, y), 3)
        for (nx, ny) in ((0.34, 0.36), (0.50, 0.31), (0.64, 0.68), (0.42, 0.66)):
            pygame.draw.ellipse(c, (30, 26, 24), (S * nx - 9, S * ny - 6, 18, 12))
            pygame.draw.line(c, (30, 26, 24), (S * nx + 7, S * ny), (S * nx + 7, S * ny - S * 0.14), 4)
        pygame.draw.ellipse(c, (200, 40, 40), (S * 0.40, S * 0.24, S * 0.30, S * 0.18), 4)  # the circled bar
    elif kind == "crank":  # an L-shaped crank with a square socket and a knob
        pygame.draw.line(c, dark, (S * 0.26, S * 0.74), (S * 0.62, S * 0.38), 22)
        pygame.draw.line(c, steel, (S * 0.26, S * 0.74), (S * 0.62, S * 0.38), 14)
        pygame.draw.line(c, dark, (S * 0.62, S * 0.38), (S * 0.80, S * 0.56), 22)
        pygame.draw.line(c, steel, (S * 0.62, S * 0.38), (S * 0.80, S * 0.56), 14)
        pygame.draw.rect(c, dark, (S * 0.14, S * 0.64, S * 0.22, S * 0.22), border_radius=4)
        pygame.draw.rect(c, (20, 20, 24), (S * 0.20, S * 0.70, S * 0.10, S * 0.10))
        pygame.draw.circle(c, (150, 90, 50), (int(S * 0.82), int(S * 0.58)), int(S * 0.09))
    elif kind == "can":  # a fuel can with a handle and a spout
        body = pygame.Rect(S * 0.22, S * 0.30, S * 0.52, S * 0.56)
        pygame.draw.rect(c, (0, 0, 0, 140), body.move(3, 5), border_radius=10)
        pygame.draw.rect(c, (176, 40, 34), body, border_radius=10)
        pygame.draw.rect(c, (176, 40, 34), (S * 0.30, S * 0.16, S * 0.26, S * 0.18), 10, border_radius=8)
        pygame.draw.polygon(c, (200, 200, 200), [(S * 0.66, S * 0.34), (S * 0.84, S * 0.16), (S * 0.90, S * 0.22),
                                                  (S * 0.74, S * 0.40)])
        pygame.draw.line(c, (120, 24, 20), (body.left + 10, body.top + 14), (body.right - 10, body.bottom - 14), 6)
        pygame.draw.line(c, (120, 24, 20), (body.right - 10, body.top + 14), (body.left + 10, body.bottom - 14), 6)
        pygame.draw.rect(c, dark, body, 4, border_radius=10)
    elif kind == "cable":  # a coiled cable with a two-pin plug
        for k, rr in enumerate((0.26, 0.19, 0.12)):
            pygame.draw.circle(c, (40, 40, 44), (int(S * 0.42), int(S * 0.52)), int(S * rr), 9)
            pygame.draw.circle(c, (230, 180, 40), (int(S * 0.42), int(S * 0.52)), int(S * rr), 5)
        pygame.draw.line(c, (230, 180, 40), (S * 0.62, S * 0.40), (S * 0.74, S * 0.30), 6)
        plug = pygame.Rect(S * 0.68, S * 0.16, S * 0.18, S * 0.18)
        pygame.draw.rect(c, dark, plug, border_radius=4)
        for dx in (0.04, 0.11):
            pygame.draw.line(c, steel, (plug.left + S * dx, plug.top), (plug.left + S * dx, plug.top - S * 0.08), 5)
    elif kind == "emblem":  # a brass crest
        pts = [(S * 0.5, S * 0.14), (S * 0.80, S * 0.26), (S * 0.74, S * 0.62), (S * 0.5, S * 0.86),
               (S * 0.26, S * 0.62), (S * 0.20, S * 0.26)]
        pygame.draw.polygon(c, (0, 0, 0, 140), [(x + 3, y + 5) for x, y in pts])
        pygame.draw.polygon(c, (206, 160, 70), pts)
        pygame.draw.polygon(c, (120, 84, 30), pts, 6)
        pygame.draw.circle(c, (150, 40, 40), (int(S * 0.5), int(S * 0.46)), int(S * 0.12))
        pygame.draw.circle(c, (240, 210, 130), (int(S * 0.5), int(S * 0.46)), int(S * 0.12), 4)
    elif kind == "cutter":  # bolt cutters: two long handles, short jaws
        for a, b in (((S * 0.22, S * 0.86), (S * 0.62, S * 0.34)), ((S * 0.42, S * 0.88), (S * 0.56, S * 0.34))):
            pygame.draw.line(c, dark, a, b, 16)
            pygame.draw.line(c, (200, 50, 40), a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 10)
        pygame.draw.polygon(c, steel, [(S * 0.52, S * 0.36), (S * 0.66, S * 0.12), (S * 0.74, S * 0.16), (S * 0.64, S * 0.40)])
        pygame.draw.polygon(c, steel, [(S * 0.56, S * 0.38), (S * 0.80, S * 0.24), (S * 0.82, S * 0.32), (S * 0.62, S * 0.44)])
        pygame.draw.circle(c, dark, (int(S * 0.58), int(S * 0.38)), 8)
    elif kind == "hose":  # a rolled fire hose with a brass nozzle
        for rr in (0.28, 0.20, 0.12):
            pygame.draw.circle(c, (120, 20, 20), (int(S * 0.44), int(S * 0.52)), int(S * rr), 10)
            pygame.draw.circle(c, (210, 50, 40), (int(S * 0.44), int(S * 0.52)), int(S * rr), 6)
        pygame.draw.polygon(c, (220, 180, 70), [(S * 0.66, S * 0.30), (S * 0.88, S * 0.18), (S * 0.90, S * 0.26),
                                                 (S * 0.70, S * 0.38)])
    else:
        pygame.draw.rect(c, (170, 160, 140), (S * 0.24, S * 0.2, S * 0.52, S * 0.62), border_radius=8)
        _letter(c, "?", (S // 2, S // 2), int(S * 0.4), fg=INK, outline=(170, 160, 140))
    return _finish(c, size)


ICON_KINDS = ["knife", "handgun", "falcon50", "magnum", "shotgun", "ranger_custom", "assault_rifle",
              "grenade_launcher", "herb_green", "herb_red", "herb_blue", "ammo", "spray", "key", "lock_pick",
              "pouch", "generic", "card", "sheet_music", "crank", "can", "cable", "emblem", "cutter", "hose", "valve"]


# ============================================================== floors and backgrounds
def floor(variant: int, size: int = 64) -> pygame.Surface:
    """Concrete floor texture for boards without a Tiled floor (tests, quick maps)."""
    rng = random.Random(100 + variant)
    base = [(70, 67, 66), (66, 64, 64), (68, 66, 67), (67, 64, 63)][variant % 4]
    c = pygame.Surface((size, size))
    c.fill(base)
    for _ in range(700):  # fine grain
        x, y = rng.randrange(size), rng.randrange(size)
        k = rng.randint(-9, 9)
        c.set_at((x, y), tuple(max(0, min(255, v + k)) for v in base))
    for _ in range(2):  # soft blotches
        pygame.draw.circle(c, [v - 3 for v in base], (rng.randrange(size), rng.randrange(size)), rng.randint(6, 12))
    for _ in range(2):  # hairline cracks
        x, y = rng.randrange(size), rng.randrange(size)
        pts = [(x, y)]
        for _ in range(4):
            x += rng.randint(-9, 9)
            y += rng.randint(-9, 9)
            pts.append((x, y))
        pygame.draw.lines(c, [v - 18 for v in base], False, pts, 1)
    if variant == 3:  # one old stain in a quarter of the squares
        pygame.draw.circle(c, (78, 58, 56), (rng.randrange(8, size - 8), rng.randrange(8, size - 8)), 6)
    return c


def menu_bg(w: int = 1280, h: int = 720) -> pygame.Surface:
    """Main-menu backdrop: a dim board grid under fog with a red vignette."""
    rng = random.Random(13)
    c = pygame.Surface((w, h))
    c.fill((12, 10, 14))
    sq = 56
    for y in range(0, h, sq):
        for x in range(0, w, sq):
            v = rng.randint(18, 30)
            pygame.draw.rect(c, (v, v - 2, v + 2), (x + 1, y + 1, sq - 2, sq - 2))
    for _ in range(26):  # walls
        x, y = rng.randrange(0, w, sq), rng.randrange(0, h, sq)
        if rng.random() < 0.5:
            pygame.draw.line(c, (90, 18, 18), (x, y), (x + sq * rng.randint(2, 6), y), 5)
        else:
            pygame.draw.line(c, (90, 18, 18), (x, y), (x, y + sq * rng.randint(2, 5)), 5)
    fog = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(60):
        pygame.draw.circle(fog, (120, 110, 120, rng.randint(6, 16)), (rng.randrange(w), rng.randrange(h)),
                           rng.randint(60, 200))
    c.blit(fog, (0, 0))
    vig = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(40):
        a = int(6 + i * 1.2)
        pygame.draw.rect(vig, (40, 0, 0, a), (i * 8, i * 5, w - i * 16, h - i * 10), 8)
    c.blit(vig, (0, 0))
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 90))
    c.blit(shade, (0, 0))
    return c



# ============================================================== survivors (portraits)
SKIN = {"vera": (214, 170, 138), "mateo": (176, 124, 88), "anton": (226, 190, 162), "grigor": (200, 158, 126)}
BACKDROP = {"vera": (96, 170, 230), "mateo": (230, 160, 70), "anton": (120, 200, 120), "grigor": (200, 120, 200)}


def _face(c: pygame.Surface, S: int, skin, cx: float = 0.5, cy: float = 0.46) -> pygame.Rect:
    """Head (an egg), ears, eyes, brows, nose, mouth; returns the head rect."""
    head = pygame.Rect(0, 0, int(S * 0.34), int(S * 0.42))
    head.center = (int(S * cx), int(S * cy))
    for ex in (head.left + 2, head.right - 2):  # ears
        pygame.draw.ellipse(c, tuple(max(0, v - 20) for v in skin), (ex - S * 0.035, head.centery - S * 0.04,
                                                                      S * 0.07, S * 0.10))
    pygame.draw.ellipse(c, skin, head)
    shade = tuple(max(0, v - 34) for v in skin)
    pygame.draw.arc(c, shade, head.inflate(-6, -6), math.pi * 1.15, math.pi * 1.85, 5)  # jaw shadow
    ey = head.top + head.height * 0.46
    for ex in (head.centerx - S * 0.065, head.centerx + S * 0.065):
        pygame.draw.ellipse(c, (240, 236, 228), (ex - S * 0.03, ey - S * 0.016, S * 0.06, S * 0.032))
        pygame.draw.circle(c, (40, 30, 26), (int(ex), int(ey)), int(S * 0.014))
    pygame.draw.line(c, shade, (head.centerx, ey + S * 0.02), (head.centerx - S * 0.018, ey + S * 0.08), 4)  # nose
    pygame.draw.line(c, (120, 60, 56), (head.centerx - S * 0.04, ey + S * 0.13), (head.centerx + S * 0.04,
                                                                                   ey + S * 0.13), 4)  # mouth
    return head


def _brows(c, S, head, col, tilt: float = 0.0, thick: int = 6) -> None:
    ey = head.top + head.height * 0.46 - S * 0.04
    for sgn in (-1, 1):
        x0 = head.centerx + sgn * S * 0.035
        x1 = head.centerx + sgn * S * 0.10
        pygame.draw.line(c, col, (x0, ey + tilt * S), (x1, ey - tilt * S * 0.2), thick)


def _shoulders(c, S, col, collar=None) -> None:
    body = pygame.Rect(int(S * 0.14), int(S * 0.68), int(S * 0.72), int(S * 0.5))
    pygame.draw.ellipse(c, col, body)
    pygame.draw.rect(c, tuple(max(0, v - 20) for v in col), (S * 0.42, S * 0.62, S * 0.16, S * 0.12))  # neck shade
    if collar:
        pygame.draw.polygon(c, collar, [(S * 0.36, S * 0.70), (S * 0.5, S * 0.80), (S * 0.64, S * 0.70),
                                        (S * 0.6, S * 0.86), (S * 0.5, S * 0.82), (S * 0.4, S * 0.86)])


def portrait(cid: str, size: int = 128) -> pygame.Surface:
    """A survivor's portrait in a round frame: head and shoulders in front of the survivor's colour.
    Each has a silhouette of their own (Vera's long hair, Mateo's cap and beard, Anton's bald head
    and moustache, Grigor's beanie and goggles), so nobody is told apart by colour alone."""
    c = _canvas(size)
    S = size * 2
    back = BACKDROP.get(cid, (150, 150, 150))
    skin = SKIN.get(cid, (210, 170, 140))
    disc = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(disc, back, (S // 2, S // 2), S // 2 - 6)
    for k in range(6):  # a soft vignette inside the disc
        pygame.draw.circle(disc, (0, 0, 0, 18), (S // 2, S // 2), S // 2 - 6 - k * 4, 5)
    pic = pygame.Surface((S, S), pygame.SRCALPHA)
    if cid == "vera":
        hair = (46, 30, 24)
        pygame.draw.ellipse(pic, hair, (S * 0.26, S * 0.20, S * 0.48, S * 0.62))  # long hair behind
        _shoulders(pic, S, (40, 70, 120), collar=(220, 220, 230))
        head = _face(pic, S, skin)
        pygame.draw.polygon(pic, hair, [(head.left - 4, head.top + head.height * 0.5), (head.left, head.top + 10),
                                        (head.centerx + S * 0.12, head.top - 6), (head.right + 4, head.top + 22),
                                        (head.right - 10, head.top + head.height * 0.28),
                                        (head.left + 14, head.top + head.height * 0.24)])  # side-swept fringe
        _brows(pic, S, head, hair, 0.0, 5)
    elif cid == "mateo":
        _shoulders(pic, S, (196, 120, 40), collar=(90, 60, 30))
        head = _face(pic, S, skin)
        beard = (34, 24, 20)
        pygame.draw.polygon(pic, beard, [(head.left + 6, head.centery + 4), (head.centerx, head.bottom + 4),
                                         (head.right - 6, head.centery + 4), (head.right - 14, head.bottom - 20),
                                         (head.centerx, head.bottom - 14), (head.left + 14, head.bottom - 20)])
        pygame.draw.line(pic, (120, 60, 56), (head.centerx - S * 0.04, head.top + head.height * 0.46 + S * 0.13),
                         (head.centerx + S * 0.04, head.top + head.height * 0.46 + S * 0.13), 4)
        cap = (200, 60, 40)
        pygame.draw.ellipse(pic, cap, (head.left - 6, head.top - 14, head.width + 12, head.height * 0.55))
        pygame.draw.rect(pic, (140, 36, 24), (head.left - 6, head.top + head.height * 0.18, head.width + 40, 12),
                         border_radius=6)  # the brim, pointing right
        _brows(pic, S, head, beard, 0.01, 6)
    elif cid == "anton":
        _shoulders(pic, S, (70, 96, 56), collar=(50, 70, 40))
        for k in range(3):  # medals on the jacket
            pygame.draw.rect(pic, (200, 170, 60), (S * (0.30 + k * 0.05), S * 0.80, S * 0.03, S * 0.05))
        head = _face(pic, S, skin)
        pygame.draw.arc(pic, (255, 240, 220), head.inflate(-20, -30).move(-8, -14), 1.7, 2.6, 4)  # bald shine
        grey = (190, 190, 196)
        pygame.draw.ellipse(pic, grey, (head.left - 4, head.centery - 10, 14, 30))  # grey sides
        pygame.draw.ellipse(pic, grey, (head.right - 10, head.centery - 10, 14, 30))
        my = head.top + head.height * 0.46 + S * 0.10
        pygame.draw.polygon(pic, grey, [(head.centerx - S * 0.11, my + S * 0.05), (head.centerx, my - S * 0.01),
                                        (head.centerx + S * 0.11, my + S * 0.05), (head.centerx, my + S * 0.03)])
        _brows(pic, S, head, grey, -0.01, 7)
        pygame.draw.line(pic, (150, 60, 60), (head.right - 30, head.top + 40), (head.right - 16, head.top + 70), 3)
    else:  # grigor
        _shoulders(pic, S, (110, 70, 110), collar=(70, 46, 70))
        pygame.draw.line(pic, (120, 90, 50), (S * 0.30, S * 0.72), (S * 0.40, S * 0.98), 10)  # backpack strap
        head = _face(pic, S, skin)
        beard = (120, 84, 54)
        pygame.draw.polygon(pic, beard, [(head.left + 2, head.centery), (head.left + 10, head.bottom + 14),
                                         (head.centerx, head.bottom + 30), (head.right - 10, head.bottom + 14),
                                         (head.right - 2, head.centery), (head.centerx, head.bottom - 18)])
        hat = (90, 40, 100)
        hat_r = pygame.Rect(head.left - 6, head.top - 16, head.width + 12, head.height * 0.5)
        pygame.draw.ellipse(pic, hat, hat_r)
        pygame.draw.rect(pic, (130, 70, 140), (hat_r.left, hat_r.centery, hat_r.width, 16), border_radius=6)
        pygame.draw.circle(pic, (130, 70, 140), (hat_r.centerx, hat_r.top + 2), 12)  # pom-pom
        gy = hat_r.centery + 24
        for gx in (head.centerx - S * 0.06, head.centerx + S * 0.06):  # goggles on the forehead
            pygame.draw.circle(pic, (60, 60, 66), (int(gx), int(gy)), int(S * 0.04))
            pygame.draw.circle(pic, (150, 200, 220), (int(gx), int(gy)), int(S * 0.026))
        pygame.draw.line(pic, (60, 60, 66), (head.left, gy), (head.right, gy), 5)
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (S // 2, S // 2), S // 2 - 6)
    pic.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # keep the figure inside the frame
    pygame.draw.circle(c, (0, 0, 0, 150), (S // 2 + 3, S // 2 + 5), S // 2 - 4)
    c.blit(disc, (0, 0))
    c.blit(pic, (0, 0))
    pygame.draw.circle(c, (14, 10, 10), (S // 2, S // 2), S // 2 - 4, 6)
    pygame.draw.circle(c, BONE, (S // 2, S // 2), S // 2 - 8, 4)
    return _finish(c, size)


SURVIVORS = ("vera", "mateo", "anton", "grigor")

# ============================================================== catalogue
def catalogue() -> dict[str, Callable[[], pygame.Surface]]:
    """Every sprite name and the function that draws it."""
    cat: dict[str, Callable[[], pygame.Surface]] = {
        "enemy_zombie": enemy_zombie,
        "enemy_zombie_dog": enemy_zombie_dog,
        "enemy_crawler": enemy_crawler,
        "enemy_generic": enemy_generic,
        "enemy_stalker": enemy_stalker,
        "enemy_burrower": enemy_burrower,
        "enemy_stalker_two": enemy_stalker_two,
        "mark_stalker": mark_stalker,
        "bh_MOVE": lambda: bh_line("MOVE"),
        "bh_ATTACK": lambda: bh_line("ATTACK"),
        "bh_SPECIAL": lambda: bh_line("SPECIAL"),
        "tok_exit": tok_exit,
        "tok_fire": tok_fire,
        "tok_corpse": tok_corpse,
        "tok_barrel": tok_barrel,
        "tok_typewriter": tok_typewriter,
        "tok_item_box": tok_item_box,
        "tok_spawn": tok_spawn,
        "tok_stairs": tok_stairs,
        "tok_narrative": lambda: tok_marker("narrative", (120, 40, 120)),
        "tok_objective": lambda: tok_marker("objective", (40, 100, 150)),
        "tok_progression": lambda: tok_marker("progression", (40, 120, 80)),
        "tok_padlock": tok_padlock,
        "door_closed": door_closed,
        "door_open": door_open,
        "barricade": barricade,
        "archway": archway,
        "tok_unexplored_yellow": lambda: tok_unexplored("yellow"),
        "tok_unexplored_amber": lambda: tok_unexplored("amber"),
        "tok_unexplored_red": lambda: tok_unexplored("red"),
        "icon_ribbon": icon_ribbon,
        "floor_0": lambda: floor(0),
        "floor_1": lambda: floor(1),
        "floor_2": lambda: floor(2),
        "floor_3": lambda: floor(3),
        "menu_bg": menu_bg,
    }
    for letter in "ABC":
        cat[f"tok_item_{letter}"] = (lambda L=letter: tok_item(L))
    for colour in ("blue", "red"):
        for face in ("BLANK", "HIT", "HIT_PLUS", "CRIT"):
            cat[f"die_{colour}_{face}"] = (lambda c=colour, f=face: die_face(c, f))
    for n in range(1, 7):
        cat[f"enc_{n}"] = (lambda n=n: encounter_die(n))
    for name in ("Jammed", "Shaken", "Blackout", "Frenzy"):
        cat[f"sus_{name.lower()}"] = (lambda n=name: tok_sustain(n))
    for s in ("FANG", "CLAW", "HOOK", "FIST"):
        cat[f"sym_{s}"] = (lambda s=s: sym(s))
    for k in ICON_KINDS:
        cat[f"icon_{k}"] = (lambda k=k: icon(k))
    for cid in SURVIVORS:
        cat[f"portrait_{cid}"] = (lambda cid=cid: portrait(cid))
    return cat


def build_all() -> dict[str, pygame.Surface]:
    """Draw every sprite in memory."""
    if not pygame.font.get_init():
        pygame.font.init()
    return {name: fn() for name, fn in catalogue().items()}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    pygame.font.init()
    if "--check" in argv:
        missing = [n for n in catalogue() if not (OUT / f"{n}.png").is_file()]
        for n in missing:
            print(f"missing: assets/sprites/{n}.png")
        return 1 if missing else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, surf in build_all().items():
        pygame.image.save(surf, str(OUT / f"{name}.png"))
    print(f"wrote {len(catalogue())} sprites to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
