"""Draw the mansion campaign's pictures by code (headless pygame) into assets/sprites/*.png.

    python -m tools.make_manor_art            # (re)write the PNGs below
    python -m tools.make_manor_art --check    # exit 1 if one is missing

In the style of tools/make_sprites.py (same frame, face, shoulders and boss plate helpers, drawn
at twice the size and smooth-scaled down, seeded, so regenerating gives the same files):

* ``portrait_<id>`` (128 px) for the seven mansion characters of MDV-1/MDV-2: the main
  characters dana, marcus, bram, ivy and the reserve-only theo, lyle, victor. Each has a
  silhouette of its own (hair, headgear, gear), so nobody is told apart by colour alone;
  the reserve-only three wear a plain field jacket and are framed in a dashed ring (they never
  play on the board, M-SWITCH-8);
* ``enemy_great_serpent`` and ``enemy_apex_prototype`` (128 px, large bases) for the two
  mansion bosses of MDV-10;
* ``tok_mission`` (64 px): the mission token (M-MISSION-1), a field radio on a round marker.
"""
from __future__ import annotations

import math
import os
import random
import sys
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from tools.make_sprites import (BONE, INK, OUT, _boss_plate, _brows, _canvas, _face, _finish,  # noqa: E402
                                _shoulders)

MAIN = ("dana", "marcus", "bram", "ivy")  # MDV-1
RESERVE_ONLY = ("theo", "lyle", "victor")  # MDV-2
SKIN = {"dana": (222, 182, 150), "marcus": (150, 100, 70), "bram": (214, 168, 134), "ivy": (226, 190, 150),
        "theo": (196, 150, 112), "lyle": (230, 196, 170), "victor": (204, 160, 128)}
BACKDROP = {"dana": (70, 150, 150), "marcus": (214, 130, 60), "bram": (130, 150, 70), "ivy": (170, 120, 200),
            "theo": (110, 140, 110), "lyle": (110, 150, 210), "victor": (176, 70, 70)}


def _dark(c, k: int = 30):
    return tuple(max(0, v - k) for v in c)


def _figure(cid: str, pic: pygame.Surface, S: int) -> None:
    skin = SKIN[cid]
    if cid == "dana":  # field operative: chin-length bob, tactical vest, radio antenna
        hair = (120, 70, 40)
        pygame.draw.ellipse(pic, hair, (S * 0.28, S * 0.20, S * 0.44, S * 0.44))
        _shoulders(pic, S, (50, 60, 50), collar=(80, 90, 70))
        for k in range(2):  # vest pouches
            pygame.draw.rect(pic, (70, 80, 64), (S * (0.33 + k * 0.22), S * 0.80, S * 0.12, S * 0.09), border_radius=4)
        pygame.draw.line(pic, (30, 30, 30), (S * 0.70, S * 0.78), (S * 0.76, S * 0.56), 5)  # antenna
        head = _face(pic, S, skin)
        pygame.draw.polygon(pic, hair, [(head.left - 6, head.centery + 18), (head.left - 2, head.top + 8),
                                        (head.centerx, head.top - 8), (head.right + 2, head.top + 8),
                                        (head.right + 6, head.centery + 18), (head.right - 8, head.top + 30),
                                        (head.left + 8, head.top + 30)])  # a bob with a straight fringe
        _brows(pic, S, head, _dark(hair, 40), 0.0, 5)
    elif cid == "marcus":  # point man: buzz cut, headset with a boom mic, stubble
        _shoulders(pic, S, (60, 60, 70), collar=(40, 40, 48))
        head = _face(pic, S, skin)
        pygame.draw.ellipse(pic, (30, 24, 22), (head.left + 2, head.top - 4, head.width - 4, head.height * 0.34))
        rnd = random.Random(7)
        for _ in range(60):  # stubble
            x = head.centerx + rnd.uniform(-0.11, 0.11) * S
            y = head.bottom - rnd.uniform(0.02, 0.10) * S
            pic.set_at((int(x), int(y)), (60, 40, 30))
        band = (40, 40, 44)
        pygame.draw.arc(pic, band, head.inflate(16, 10).move(0, -6), 0.2, math.pi - 0.2, 7)
        pygame.draw.circle(pic, band, (head.left - 2, head.centery), int(S * 0.045))  # ear cup
        pygame.draw.line(pic, band, (head.left - 2, head.centery), (head.centerx - S * 0.06, head.bottom - S * 0.08), 5)
        pygame.draw.circle(pic, (200, 60, 50), (int(head.centerx - S * 0.06), int(head.bottom - S * 0.08)), 6)
        _brows(pic, S, head, (30, 24, 22), 0.02, 7)
    elif cid == "bram":  # weapons specialist: broad shoulders, full beard, knotted bandana, ammo belt
        body = pygame.Rect(int(S * 0.08), int(S * 0.64), int(S * 0.84), int(S * 0.56))
        pygame.draw.ellipse(pic, (90, 70, 50), body)
        pygame.draw.line(pic, (170, 140, 60), (S * 0.22, S * 0.70), (S * 0.62, S * 0.98), 12)  # bandolier
        for k in range(5):
            pygame.draw.line(pic, (210, 180, 80), (S * (0.26 + k * 0.07), S * (0.72 + k * 0.05)),
                             (S * (0.28 + k * 0.07), S * (0.69 + k * 0.05)), 5)
        head = _face(pic, S, skin)
        beard = (70, 44, 28)
        pygame.draw.polygon(pic, beard, [(head.left, head.centery), (head.left + 6, head.bottom + 10),
                                         (head.centerx, head.bottom + 24), (head.right - 6, head.bottom + 10),
                                         (head.right, head.centery), (head.centerx + 20, head.bottom - 22),
                                         (head.centerx - 20, head.bottom - 22)])
        scarf = (160, 40, 36)
        pygame.draw.ellipse(pic, scarf, (head.left - 4, head.top - 10, head.width + 8, head.height * 0.42))
        pygame.draw.polygon(pic, scarf, [(head.right - 4, head.top + 20), (head.right + 26, head.top + 30),
                                         (head.right + 14, head.top + 44)])  # the knot's tails
        for k in range(3):
            pygame.draw.circle(pic, (220, 200, 180), (int(head.left + 20 + k * 26), int(head.top + 6)), 3)
        _brows(pic, S, head, beard, 0.015, 8)
    elif cid == "ivy":  # field medic: hair in a high bun, armband with a cross shape
        hair = (28, 22, 24)
        _shoulders(pic, S, (200, 200, 206), collar=(150, 150, 160))
        arm = pygame.Rect(int(S * 0.66), int(S * 0.76), int(S * 0.14), int(S * 0.12))
        pygame.draw.rect(pic, (190, 40, 40), arm, border_radius=5)
        pygame.draw.rect(pic, BONE, (arm.centerx - 4, arm.top + 3, 8, arm.height - 6))  # the cross is a shape
        pygame.draw.rect(pic, BONE, (arm.left + 4, arm.centery - 4, arm.width - 8, 8))
        head = _face(pic, S, skin)
        pygame.draw.ellipse(pic, hair, (head.left - 4, head.top - 6, head.width + 8, head.height * 0.36))
        pygame.draw.circle(pic, hair, (head.centerx, head.top - 14), int(S * 0.06))  # the bun
        pygame.draw.line(pic, hair, (head.left - 2, head.top + 16), (head.left + 2, head.centery + 6), 8)
        _brows(pic, S, head, hair, -0.005, 5)
    elif cid == "theo":  # scout: hood up, scarf over the chin
        hood = (70, 84, 64)
        pygame.draw.ellipse(pic, hood, (S * 0.26, S * 0.16, S * 0.48, S * 0.60))
        _shoulders(pic, S, (80, 94, 72), collar=(60, 70, 54))
        head = _face(pic, S, skin)
        pygame.draw.arc(pic, _dark(hood, 20), pygame.Rect(S * 0.26, S * 0.16, S * 0.48, S * 0.60), 0.3, math.pi - 0.3, 8)
        scarf = (120, 110, 90)
        pygame.draw.rect(pic, scarf, (head.left + 2, head.bottom - S * 0.09, head.width - 4, S * 0.11), border_radius=8)
        for k in range(3):
            pygame.draw.line(pic, _dark(scarf, 30), (head.left + 14 + k * 24, head.bottom - S * 0.08),
                             (head.left + 14 + k * 24, head.bottom + S * 0.01), 3)
        _brows(pic, S, head, (50, 40, 30), 0.01, 5)
    elif cid == "lyle":  # pilot: flight headset, aviator glasses pushed up, flight-suit zip
        _shoulders(pic, S, (90, 96, 70), collar=(70, 76, 56))
        pygame.draw.line(pic, (200, 200, 200), (S * 0.5, S * 0.74), (S * 0.5, S * 0.98), 4)  # zip
        head = _face(pic, S, skin)
        pygame.draw.ellipse(pic, (170, 130, 80), (head.left + 6, head.top - 6, head.width - 12, head.height * 0.30))
        gy = head.top + 10
        for gx in (head.centerx - S * 0.055, head.centerx + S * 0.055):
            pygame.draw.ellipse(pic, (40, 50, 60), (gx - S * 0.045, gy - S * 0.02, S * 0.09, S * 0.05))
            pygame.draw.ellipse(pic, (160, 180, 200), (gx - S * 0.045, gy - S * 0.02, S * 0.09, S * 0.05), 3)
        cup = (36, 36, 40)
        for ex in (head.left - 4, head.right + 4):
            pygame.draw.ellipse(pic, cup, (ex - S * 0.045, head.centery - S * 0.06, S * 0.09, S * 0.12))
        pygame.draw.arc(pic, cup, head.inflate(26, 20).move(0, -10), 0.1, math.pi - 0.1, 8)
        pygame.draw.line(pic, cup, (head.right + 4, head.centery + 10), (head.centerx + S * 0.05, head.bottom - S * 0.07), 5)
        _brows(pic, S, head, (120, 90, 50), 0.0, 5)
    else:  # victor, team captain: peaked cap with a badge, grey temples, a scar
        _shoulders(pic, S, (40, 46, 60), collar=(220, 220, 220))
        for k in range(2):  # rank bars on the collar
            pygame.draw.rect(pic, (220, 190, 80), (S * (0.60 + k * 0.04), S * 0.74, S * 0.025, S * 0.05))
        head = _face(pic, S, skin)
        grey = (170, 170, 176)
        pygame.draw.ellipse(pic, grey, (head.left - 4, head.centery - 20, 14, 34))
        pygame.draw.ellipse(pic, grey, (head.right - 10, head.centery - 20, 14, 34))
        cap = (30, 36, 50)
        pygame.draw.ellipse(pic, cap, (head.left - 10, head.top - 18, head.width + 20, head.height * 0.40))
        pygame.draw.rect(pic, (16, 18, 24), (head.left - 4, head.top + head.height * 0.16, head.width + 8, 12),
                         border_radius=6)  # the peak
        pygame.draw.circle(pic, (220, 190, 80), (head.centerx, int(head.top + 2)), 9)  # badge
        pygame.draw.line(pic, (150, 70, 70), (head.left + 30, head.top + 54), (head.left + 44, head.top + 86), 3)  # scar
        _brows(pic, S, head, grey, 0.0, 7)


def portrait(cid: str, size: int = 128) -> pygame.Surface:
    """A mansion character's portrait in the round frame of the city portraits."""
    c = _canvas(size)
    S = size * 2
    disc = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(disc, BACKDROP[cid], (S // 2, S // 2), S // 2 - 6)
    for k in range(6):
        pygame.draw.circle(disc, (0, 0, 0, 18), (S // 2, S // 2), S // 2 - 6 - k * 4, 5)
    pic = pygame.Surface((S, S), pygame.SRCALPHA)
    _figure(cid, pic, S)
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (S // 2, S // 2), S // 2 - 6)
    pic.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(c, (0, 0, 0, 150), (S // 2 + 3, S // 2 + 5), S // 2 - 4)
    c.blit(disc, (0, 0))
    c.blit(pic, (0, 0))
    pygame.draw.circle(c, INK, (S // 2, S // 2), S // 2 - 4, 6)
    if cid in RESERVE_ONLY:  # a dashed ring: reserve-only, never on the board
        for k in range(24):
            a0 = k * math.tau / 24
            pygame.draw.arc(c, BONE, (8, 8, S - 16, S - 16), a0, a0 + math.tau / 48, 4)
    else:
        pygame.draw.circle(c, BONE, (S // 2, S // 2), S // 2 - 8, 4)
    return _finish(c, size)


def enemy_great_serpent(size: int = 128) -> pygame.Surface:
    """The Great Serpent (MDV-10, large base): a lichen-crusted serpent coiled three times, head
    raised, fangs bared, over a drained fountain basin."""
    c = _boss_plate(size, (26, 40, 30), (70, 130, 70))
    S = size * 2
    rng = random.Random(31)
    pygame.draw.ellipse(c, (54, 58, 56), (S * 0.14, S * 0.58, S * 0.72, S * 0.30))  # basin
    pygame.draw.ellipse(c, (30, 34, 32), (S * 0.20, S * 0.62, S * 0.60, S * 0.22))
    body, belly = (92, 120, 70), (180, 170, 110)
    for k, (cx, cy, r) in enumerate(((0.50, 0.72, 0.26), (0.50, 0.66, 0.20), (0.50, 0.60, 0.14))):
        rect = pygame.Rect(0, 0, S * r * 2, S * r * 0.9)
        rect.center = (int(S * cx), int(S * cy))
        pygame.draw.ellipse(c, _dark(body, 18 * (k % 2)), rect, int(S * 0.06))  # a coil
        pygame.draw.arc(c, belly, rect.inflate(-10, -10), math.pi * 1.1, math.pi * 1.9, 4)
    neck = [(S * 0.56, S * 0.58), (S * 0.62, S * 0.46), (S * 0.58, S * 0.34), (S * 0.50, S * 0.26)]
    pygame.draw.lines(c, body, False, neck, int(S * 0.08))
    head = pygame.Rect(0, 0, S * 0.22, S * 0.14)
    head.center = (int(S * 0.46), int(S * 0.24))
    pygame.draw.ellipse(c, body, head)
    pygame.draw.polygon(c, (60, 10, 14), [(head.left + 4, head.centery), (head.left - 14, head.bottom + 10),
                                          (head.left + 22, head.bottom - 2)])  # open jaw
    for fx in (head.left + 2, head.left + 16):
        pygame.draw.line(c, BONE, (fx, head.centery + 4), (fx - 4, head.bottom + 12), 5)  # fangs
    for ex in (head.centerx - 8, head.centerx + 14):
        pygame.draw.ellipse(c, (250, 210, 60), (ex - 7, head.top + 6, 14, 10))
        pygame.draw.line(c, INK, (ex, head.top + 6), (ex, head.top + 15), 3)  # slit pupil
    for _ in range(40):  # lichen on the scales
        x, y = rng.uniform(0.26, 0.74) * S, rng.uniform(0.52, 0.82) * S
        pygame.draw.circle(c, rng.choice(((150, 170, 110), (120, 140, 90))), (int(x), int(y)), rng.randint(2, 4))
    return _finish(c, size)


def enemy_apex_prototype(size: int = 128) -> pygame.Surface:
    """The Apex Prototype (MDV-10, large base): a tall pale experiment in a torn restraint harness,
    one arm grown into a bone blade, feeding tubes trailing from its spine."""
    c = _boss_plate(size, (28, 32, 44), (170, 50, 50))
    S = size * 2
    flesh, dark, vein = (176, 170, 156), (96, 80, 80), (150, 40, 50)
    for k in range(4):  # feeding tubes from its spine up to the broken ceiling rig
        x0 = S * (0.40 + k * 0.07)
        pts = [(x0, S * 0.34), (x0 + (k - 1.5) * 18, S * 0.20), (x0 + (k - 1.5) * 34, S * 0.08)]
        pygame.draw.lines(c, (80, 140, 110), False, pts, 6)
    pygame.draw.ellipse(c, flesh, (S * 0.28, S * 0.30, S * 0.44, S * 0.52))  # hunched torso
    for k in range(5):  # ribs through the skin
        y = S * (0.42 + k * 0.06)
        pygame.draw.arc(c, dark, (S * 0.34, y - 10, S * 0.32, 26), 0.25, math.pi - 0.25, 4)
    rng = random.Random(17)
    for _ in range(7):  # veins
        x, y = rng.uniform(0.32, 0.66) * S, rng.uniform(0.36, 0.76) * S
        pygame.draw.line(c, vein, (x, y), (x + rng.uniform(-14, 14), y + rng.uniform(8, 20)), 2)
    pygame.draw.rect(c, (60, 50, 40), (S * 0.28, S * 0.56, S * 0.44, S * 0.05))  # torn harness strap
    pygame.draw.rect(c, (180, 170, 150), (S * 0.47, S * 0.56, S * 0.05, S * 0.05))
    head = pygame.Rect(0, 0, S * 0.16, S * 0.18)
    head.center = (int(S * 0.5), int(S * 0.30))
    pygame.draw.ellipse(c, flesh, head)
    pygame.draw.ellipse(c, (255, 60, 40), (head.centerx - 14, head.centery - 6, 28, 10))  # one glowing slit
    pygame.draw.line(c, INK, (head.centerx - 10, head.bottom - 12), (head.centerx + 10, head.bottom - 12), 4)
    for k in range(5):  # teeth
        x = head.centerx - 10 + k * 5
        pygame.draw.line(c, BONE, (x, head.bottom - 14), (x, head.bottom - 8), 2)
    pygame.draw.line(c, flesh, (S * 0.32, S * 0.42), (S * 0.18, S * 0.66), 18)  # the human arm
    for k in range(3):  # its claws
        pygame.draw.line(c, BONE, (S * 0.18, S * 0.66), (S * (0.12 + k * 0.04), S * 0.76), 4)
    blade = [(S * 0.66, S * 0.40), (S * 0.84, S * 0.50), (S * 0.90, S * 0.88), (S * 0.74, S * 0.58)]
    pygame.draw.polygon(c, BONE, blade)  # the bone blade
    pygame.draw.polygon(c, INK, blade, 3)
    pygame.draw.circle(c, (200, 40, 50), (int(S * 0.42), int(S * 0.66)), int(S * 0.04))  # the seeping wound
    pygame.draw.circle(c, (255, 120, 120), (int(S * 0.42), int(S * 0.66)), int(S * 0.04), 3)
    return _finish(c, size)


def tok_mission(size: int = 64) -> pygame.Surface:
    """The mission token (M-MISSION-1): a field radio with its antenna on a round marker."""
    c = _canvas(size)
    S = size * 2
    pygame.draw.circle(c, (0, 0, 0, 140), (S // 2 + 3, S // 2 + 4), int(S * 0.40))
    pygame.draw.circle(c, BONE, (S // 2, S // 2), int(S * 0.40))
    pygame.draw.circle(c, (40, 110, 90), (S // 2, S // 2), int(S * 0.34))
    box = pygame.Rect(S * 0.36, S * 0.36, S * 0.28, S * 0.34)
    pygame.draw.rect(c, (40, 44, 40), box, border_radius=6)
    pygame.draw.rect(c, BONE, box, 3, border_radius=6)
    pygame.draw.line(c, BONE, (box.right - 10, box.top), (box.right - 4, S * 0.20), 6)  # antenna
    for k in range(3):  # speaker grille
        pygame.draw.line(c, BONE, (box.left + 8, box.top + 12 + k * 9), (box.right - 8, box.top + 12 + k * 9), 3)
    pygame.draw.circle(c, (230, 200, 80), (box.centerx, box.bottom - 14), 6)
    return _finish(c, size)


def catalogue() -> dict[str, Callable[[], pygame.Surface]]:
    """Every mansion sprite name and the function that draws it."""
    cat: dict[str, Callable[[], pygame.Surface]] = {f"portrait_{cid}": (lambda cid=cid: portrait(cid))
                                                    for cid in MAIN + RESERVE_ONLY}
    cat["enemy_great_serpent"] = enemy_great_serpent
    cat["enemy_apex_prototype"] = enemy_apex_prototype
    cat["tok_mission"] = tok_mission
    return cat


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    pygame.font.init()
    if "--check" in argv:
        missing = [n for n in catalogue() if not (OUT / f"{n}.png").is_file()]
        for n in missing:
            print(f"missing: assets/sprites/{n}.png")
        return 1 if missing else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, fn in catalogue().items():
        pygame.image.save(fn(), str(OUT / f"{name}.png"))
    print(f"wrote {len(catalogue())} mansion sprites to assets/sprites")
    return 0


if __name__ == "__main__":
    sys.exit(main())
