"""The versus pictures (issue 30 item 3: art made by a script, outputs committed): faction symbols (the
Directorate's diamond, the Syndicate's spikes), a picture per character, the model's base with its
four close-combat arcs turned to each facing (V-CHAR-3/4) and the facing pointer, the wounded band,
the dead marker, the combat dice faces (V-DICE-2), order-tile sections, items, arrows and command-point
pips, drawn with pygame's shapes (no letters, never colour alone) at a large size into
``assets/sprites/vs_*.png``. The window (``game.ui.versus.art``) puts them together and scales them; it
draws none of them itself. Pieces drawn in white are tinted by the window (faction, activated, dead).

    python -m tools.make_versus_art            # write the PNGs (then python -m tools.art_index)
    python -m tools.make_versus_art --check    # exit 1 if one is missing
"""
from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Callable

import pygame

ROOT = Path(__file__).resolve().parents[1]
from game.engine.versus.data import DIRECTORATE, ROSTER, SYNDICATE
# the palette and the sprites' geometry are the window's (one place for both)
from game.ui.versus.art import (ARC_COLOURS, DIE_C, FACTION_COLOURS, FACTION_DARK, ICON_C, ICON_R, MODEL_C, MODEL_R,
                                PIP_C, ROTATE)

OUT = ROOT / "assets" / "sprites"
WHITE = (255, 255, 255)

def faction_symbol(surf: pygame.Surface, fac: str, c: tuple[int, int], r: int, colour=None) -> None:
    """The faction's symbol centred on ``c`` with radius ``r``: a diamond with a bar (the
    Directorate) or a four-spiked star (the Syndicate)."""
    col = colour or FACTION_COLOURS.get(fac, (180, 180, 180))
    x, y = c
    if fac == DIRECTORATE:
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.polygon(surf, (10, 10, 14), pts, max(1, r // 6))
        pygame.draw.line(surf, (10, 10, 14), (x - r // 2, y), (x + r // 2, y), max(1, r // 5))
    else:
        pts = []
        for i in range(8):
            a = math.radians(i * 45)
            rr = r if i % 2 == 0 else r * 0.38
            pts.append((x + rr * math.sin(a), y - rr * math.cos(a)))
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.polygon(surf, (10, 10, 14), pts, max(1, r // 7))


def _bolt(surf, x, y, r, col):
    pygame.draw.polygon(surf, col, [(x + r * .2, y - r), (x - r * .5, y + r * .1), (x - r * .05, y + r * .1),
                                    (x - r * .25, y + r), (x + r * .5, y - r * .15), (x + r * .05, y - r * .15)])


def char_glyph(surf: pygame.Surface, cid: str, c: tuple[int, int], r: int, col=(236, 230, 218)) -> None:
    """A small picture of character ``cid`` (its ability) centred on ``c``, radius ``r``."""
    x, y = c
    ab = ROSTER[cid].ability if cid in ROSTER else ""
    w = max(1, r // 4)
    if ab == "sprinter":  # Mara: a lightning bolt
        _bolt(surf, x, y, r, col)
    elif ab == "quick_hands":  # Kenji: a key
        pygame.draw.circle(surf, col, (x - r * .45, y), r * .38, w)
        pygame.draw.line(surf, col, (x - r * .1, y), (x + r * .9, y), w)
        pygame.draw.line(surf, col, (x + r * .6, y), (x + r * .6, y + r * .4), w)
        pygame.draw.line(surf, col, (x + r * .85, y), (x + r * .85, y + r * .35), w)
    elif ab == "breacher":  # Tobias: a fist / ram
        pygame.draw.rect(surf, col, (x - r * .6, y - r * .45, r * 1.1, r * .9), border_radius=max(1, r // 4))
        for i in range(3):
            pygame.draw.line(surf, (10, 10, 14), (x - r * .3 + i * r * .3, y - r * .45), (x - r * .3 + i * r * .3, y), 1)
        pygame.draw.polygon(surf, col, [(x + r * .5, y - r * .3), (x + r, y), (x + r * .5, y + r * .3)])
    elif ab == "stitch":  # Pask: a needle and thread (a cross)
        pygame.draw.line(surf, col, (x - r * .8, y + r * .8), (x + r * .8, y - r * .8), w + 1)
        pygame.draw.circle(surf, col, (x + r * .6, y - r * .6), r * .2, 1)
        pygame.draw.arc(surf, col, (x - r * .8, y - r * .2, r * .9, r), 0, math.pi, 1)
    elif ab == "rally":  # Lucinda: a crown
        pygame.draw.polygon(surf, col, [(x - r * .8, y + r * .5), (x - r * .8, y - r * .4), (x - r * .4, y),
                                        (x, y - r * .7), (x + r * .4, y), (x + r * .8, y - r * .4),
                                        (x + r * .8, y + r * .5)])
    elif ab == "ripsaw":  # Grist: a saw blade
        n = 10
        pts = []
        for i in range(n * 2):
            a = math.radians(i * 180 / n)
            rr = r * (0.95 if i % 2 == 0 else 0.7)
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.circle(surf, (10, 10, 14), (x, y), r * .25)
    elif ab == "mindless":  # the Shamblers: a skull, one or two notches below
        pygame.draw.circle(surf, col, (x, y - r * .15), r * .65)
        pygame.draw.rect(surf, col, (x - r * .35, y + r * .2, r * .7, r * .45))
        pygame.draw.circle(surf, (10, 10, 14), (x - r * .25, y - r * .2), r * .17)
        pygame.draw.circle(surf, (10, 10, 14), (x + r * .25, y - r * .2), r * .17)
        n = 2 if cid.endswith("2") else 1
        for i in range(n):
            pygame.draw.line(surf, (10, 10, 14), (x - r * .15 + i * r * .3, y + r * .2), (x - r * .15 + i * r * .3, y + r * .6), 2)
    else:
        pygame.draw.circle(surf, col, (x, y - r * .3), r * .35)
        pygame.draw.polygon(surf, col, [(x - r * .7, y + r * .8), (x - r * .4, y + r * .1), (x + r * .4, y + r * .1),
                                        (x + r * .7, y + r * .8)])


def base_ring(surf: pygame.Surface, cid: str, facing: str, c: tuple[int, int], r: int) -> None:
    """V-CHAR-3/4: the base's ring with its front, right, rear and left close-combat arcs in their
    colours (dark blue, light blue, grey), turned to ``facing``; "" draws a plain ring."""
    x, y = c
    if not facing:
        pygame.draw.circle(surf, (90, 90, 96), c, r, max(2, r // 5))
        return
    arcs = ROSTER[cid].arcs if cid in ROSTER else {}
    rot = ROTATE[facing]
    for i, name in enumerate(("front", "right", "rear", "left")):
        col = ARC_COLOURS.get(arcs.get(name, "GR"), (128, 128, 132))
        mid = rot + 90 * i  # degrees clockwise from north
        a0, a1 = math.radians(90 - mid - 45), math.radians(90 - mid + 45)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = c
        pygame.draw.arc(surf, col, rect, a0, a1, max(3, r // 4))


def facing_pointer(surf: pygame.Surface, facing: str, c: tuple[int, int], r: int, col=(250, 246, 236)) -> None:
    """A pointed notch outside the base on its front (V-CHAR-7: the facing, never colour alone)."""
    if not facing:
        return
    a = math.radians(ROTATE[facing])
    dx, dy = math.sin(a), -math.cos(a)
    px, py = -dy, dx
    tip = (c[0] + dx * (r + r * .55), c[1] + dy * (r + r * .55))
    b1 = (c[0] + dx * r * .85 + px * r * .42, c[1] + dy * r * .85 + py * r * .42)
    b2 = (c[0] + dx * r * .85 - px * r * .42, c[1] + dy * r * .85 - py * r * .42)
    pygame.draw.polygon(surf, col, [tip, b1, b2])
    pygame.draw.polygon(surf, (10, 10, 14), [tip, b1, b2], 1)


def die_face(surf: pygame.Surface, face: int, rect: pygame.Rect, held: bool = False) -> None:
    """A combat die (V-DICE-1/2): 1 a critical (a star), 2 blank, 3-4 one hit (one slash), 5 two
    hits (two slashes), 6 the bullet (two hits: two slashes and a bullet)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, (226, 220, 206) if not held else (160, 156, 150), rect, border_radius=max(2, rect.w // 6))
    pygame.draw.rect(surf, (20, 18, 22), rect, 1, border_radius=max(2, rect.w // 6))
    x, y, s = rect.centerx, rect.centery, rect.w / 2
    ink = (24, 20, 24)
    if face == 1:
        pts = []
        for i in range(10):
            a = math.radians(i * 36)
            rr = s * (0.8 if i % 2 == 0 else 0.35)
            pts.append((x + rr * math.sin(a), y - rr * math.cos(a)))
        pygame.draw.polygon(surf, (200, 30, 30), pts)
        return
    n = {2: 0, 3: 1, 4: 1, 5: 2, 6: 2}[face]
    for i in range(n):
        off = (i - (n - 1) / 2) * s * .55
        pygame.draw.line(surf, ink, (x + off - s * .25, y + s * .5), (x + off + s * .25, y - s * .5), max(2, int(s / 4)))
    if face == 6:
        pygame.draw.ellipse(surf, (150, 110, 40), (x + s * .35, y - s * .75, s * .35, s * .6))


def section_icon(surf: pygame.Surface, kind: str, c: tuple[int, int], r: int, col=(236, 230, 218)) -> None:
    """An order-tile section's order: a boot print for Move, crossed blades for Close combat."""
    x, y = c
    if kind == "move":
        pygame.draw.ellipse(surf, col, (x - r * .45, y - r * .9, r * .9, r * 1.2))
        pygame.draw.ellipse(surf, col, (x - r * .35, y + r * .4, r * .7, r * .55))
    else:
        w = max(2, r // 4)
        pygame.draw.line(surf, col, (x - r * .8, y + r * .8), (x + r * .8, y - r * .8), w)
        pygame.draw.line(surf, col, (x - r * .8, y - r * .8), (x + r * .8, y + r * .8), w)
        pygame.draw.line(surf, col, (x - r * .9, y + r * .4), (x - r * .4, y + r * .9), w)
        pygame.draw.line(surf, col, (x + r * .9, y + r * .4), (x + r * .4, y + r * .9), w)


def item_icon(surf: pygame.Surface, kind: str, c: tuple[int, int], r: int) -> None:
    """A loose or carried item: the magnetic card (a striped card), the data core (a cylinder)."""
    x, y = c
    if kind == "card":
        rect = pygame.Rect(0, 0, r * 1.6, r * 1.1)
        rect.center = c
        pygame.draw.rect(surf, (230, 214, 120), rect, border_radius=2)
        pygame.draw.rect(surf, (20, 18, 22), rect, 1, border_radius=2)
        pygame.draw.rect(surf, (30, 30, 34), (rect.left, rect.top + rect.h * .25, rect.w, rect.h * .22))
    else:
        pygame.draw.ellipse(surf, (120, 230, 200), (x - r * .6, y - r * .9, r * 1.2, r * .5))
        pygame.draw.rect(surf, (60, 170, 150), (x - r * .6, y - r * .65, r * 1.2, r * 1.2))
        pygame.draw.ellipse(surf, (120, 230, 200), (x - r * .6, y + r * .3, r * 1.2, r * .5))
        pygame.draw.rect(surf, (20, 18, 22), (x - r * .6, y - r * .9, r * 1.2, r * 1.7), 1)


def arrow(surf: pygame.Surface, d: str, c: tuple[int, int], r: int, col=(250, 246, 236)) -> None:
    """A solid arrow pointing ``d`` (N, E, S, W) centred on ``c``, half-length ``r``: the facing a
    button or a handle on the board gives (a shape, never colour alone)."""
    a = math.radians(ROTATE[d])
    dx, dy = math.sin(a), -math.cos(a)
    px, py = -dy, dx
    x, y = c
    pts = [(x + dx * r, y + dy * r), (x + px * r * .8, y + py * r * .8), (x + px * r * .3, y + py * r * .3),
           (x + px * r * .3 - dx * r, y + py * r * .3 - dy * r), (x - px * r * .3 - dx * r, y - py * r * .3 - dy * r),
           (x - px * r * .3, y - py * r * .3), (x - px * r * .8, y - py * r * .8)]
    pygame.draw.polygon(surf, col, pts)


def pip(surf: pygame.Surface, filled: bool) -> None:
    """A command point (V-CP-3): its disc in white (tinted where shown) or its ring."""
    c = (PIP_C // 2, PIP_C // 2)
    if filled:
        pygame.draw.circle(surf, WHITE, c, PIP_C // 2)
    else:
        pygame.draw.circle(surf, (200, 190, 170), c, PIP_C // 2, 3)


# ---------------------------------------------------------------- the catalogue
def _canvas(size: int) -> pygame.Surface:
    return pygame.Surface((size, size), pygame.SRCALPHA)


def _icon(fn: Callable[[pygame.Surface, tuple[int, int], int], None]) -> Callable[[], pygame.Surface]:
    def make() -> pygame.Surface:
        s = _canvas(ICON_C)
        fn(s, (ICON_C // 2, ICON_C // 2), ICON_R)
        return s
    return make


def _model(fn: Callable[[pygame.Surface, tuple[int, int], int], None]) -> Callable[[], pygame.Surface]:
    def make() -> pygame.Surface:
        s = _canvas(MODEL_C)
        fn(s, (MODEL_C // 2, MODEL_C // 2), MODEL_R)
        return s
    return make


def _badge(fac: str) -> Callable[[pygame.Surface, tuple[int, int], int], None]:
    def draw(s, c, r):
        badge = (int(c[0] + r * .72), int(c[1] - r * .72))
        pygame.draw.circle(s, (10, 10, 14), badge, max(5, r // 3) + 1)
        faction_symbol(s, fac, badge, max(4, r // 3))
    return draw


def _dead(fac: str) -> Callable[[pygame.Surface, tuple[int, int], int], None]:
    def draw(s, c, r):
        x, y = c
        pygame.draw.circle(s, (46, 44, 48), c, r * .8)
        pygame.draw.line(s, (150, 146, 150), (x - r * .5, y - r * .5), (x + r * .5, y + r * .5), max(2, r // 6))
        pygame.draw.line(s, (150, 146, 150), (x - r * .5, y + r * .5), (x + r * .5, y - r * .5), max(2, r // 6))
        faction_symbol(s, fac, (x + r * .7, y + r * .7), max(4, r // 3), (120, 116, 120))
    return draw


def _wounded(s, c, r):
    x, y = c
    band = [(x - r * .75, y + r * .15), (x + r * .75, y - r * .35), (x + r * .8, y - r * .1), (x - r * .7, y + r * .4)]
    pygame.draw.polygon(s, (190, 30, 30), band)
    pygame.draw.polygon(s, (255, 220, 210), band, 1)


def _die(face: int, held: bool) -> Callable[[], pygame.Surface]:
    def make() -> pygame.Surface:
        s = _canvas(DIE_C)
        die_face(s, face, pygame.Rect(0, 0, DIE_C, DIE_C), held)
        return s
    return make


def _pip(filled: bool) -> Callable[[], pygame.Surface]:
    def make() -> pygame.Surface:
        s = _canvas(PIP_C)
        pip(s, filled)
        return s
    return make


def catalogue() -> dict[str, Callable[[], pygame.Surface]]:
    """Every versus sprite's name and the function that draws it (nothing drawn until called)."""
    cat: dict[str, Callable[[], pygame.Surface]] = {}
    for fac in (DIRECTORATE, SYNDICATE):
        cat[f"vs_faction_{fac}"] = _icon(lambda s, c, r, fac=fac: faction_symbol(s, fac, c, r, WHITE))
        cat[f"vs_disc_{fac}"] = _model(lambda s, c, r, fac=fac: pygame.draw.circle(s, FACTION_DARK[fac], c, r))
        cat[f"vs_badge_{fac}"] = _model(_badge(fac))
        cat[f"vs_dead_{fac}"] = _model(_dead(fac))
    for cid in list(ROSTER) + ["other"]:  # ("other": a character the roster does not know)
        key = cid if cid in ROSTER else ""
        cat[f"vs_glyph_{cid}"] = _icon(lambda s, c, r, key=key: char_glyph(s, key, c, r, WHITE))
        for d in ROTATE:
            cat[f"vs_ring_{cid}_{d}"] = _model(lambda s, c, r, key=key, d=d: base_ring(s, key, d, c, r))
    cat["vs_ring_plain"] = _model(lambda s, c, r: base_ring(s, "", "", c, r))
    for d in ROTATE:
        cat[f"vs_pointer_{d}"] = _model(lambda s, c, r, d=d: facing_pointer(s, d, c, r))
        cat[f"vs_arrow_{d}"] = _icon(lambda s, c, r, d=d: arrow(s, d, c, r, WHITE))
    cat["vs_wounded"] = _model(_wounded)
    for face in range(1, 7):
        cat[f"vs_die_{face}"] = _die(face, False)
        cat[f"vs_die_{face}_held"] = _die(face, True)
    cat["vs_pip_disc"], cat["vs_pip_ring"] = _pip(True), _pip(False)
    for kind in ("move", "close"):
        cat[f"vs_section_{kind}"] = _icon(lambda s, c, r, kind=kind: section_icon(s, kind, c, r, WHITE))
    for kind in ("card", "core"):
        cat[f"vs_item_{kind}"] = _icon(lambda s, c, r, kind=kind: item_icon(s, kind, c, r))
    return cat


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        missing = [n for n in catalogue() if not (OUT / f"{n}.png").is_file()]
        for n in missing:
            print(f"missing: assets/sprites/{n}.png; run python -m tools.make_versus_art")
        return 1 if missing else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, fn in catalogue().items():
        pygame.image.save(fn(), str(OUT / f"{name}.png"))
    print(f"wrote {len(catalogue())} versus sprites to assets/sprites (vs_*.png)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
