"""The versus pictures, put together from the sprites ``tools/make_versus_art.py`` draws into
``assets/sprites/vs_*.png`` (issue 30 item 3: art is made by a script, outputs committed; the window
draws none of it): faction symbols (the Directorate's diamond, the Syndicate's spikes), a picture per
character, the model's base with its four close-combat arcs turned to its facing (V-CHAR-3/4) and a
facing pointer, wounded cards (a torn band), dead markers, combat dice faces (V-DICE-2), order-tile
sections, items, arrows and command-point pips. No letters, dark palette, never colour alone.

Each function scales its sprites to the size asked (``game.ui.art.Art``'s cache) and tints the ones
drawn in white (a faction's colour, an activated model's grey). A sprite missing from the checkout
raises ``game.ui.art.ArtMissing`` naming the file and the tool that makes it."""
from __future__ import annotations

from collections import OrderedDict

import pygame

from ...engine.versus.data import DIRECTORATE, ROSTER
from ..art import Art, ArtMissing

FACTION_COLOURS = {DIRECTORATE: (86, 150, 214), "syndicate": (212, 104, 58)}
FACTION_DARK = {DIRECTORATE: (22, 38, 60), "syndicate": (58, 26, 18)}
ARC_COLOURS = {"DB": (34, 70, 170), "LB": (120, 180, 236), "GR": (128, 128, 132)}
#: V-LOS-2: the sight arcs as the hover draws them (red, orange seen; white blind)
SIGHT_COLOURS = {"red": (220, 60, 50), "orange": (236, 150, 50), "white": (200, 200, 200)}
ROTATE = {"N": 0, "E": 90, "S": 180, "W": 270}  # degrees clockwise from north

#: the sprites' geometry (tools/make_versus_art.py draws at it; every size shown is scaled from it): a
#: symbol, glyph or icon of radius ICON_R px on a canvas ICON_C px square; a model's base of radius
#: MODEL_R on a canvas MODEL_C px square (room for its pointer and badge outside the base); a die
#: DIE_C px square; a command point PIP_C px square
ICON_R, ICON_C = 46, 96
MODEL_R, MODEL_C = 40, 144
DIE_C, PIP_C = 64, 32
ACTIVATED = (153, 153, 153)  # an activated model's disc: its faction's dark colour x 0.6
POINTER = (250, 246, 236)
TINTED_MAX = 400  # tinted sprites kept (least recently used go first)

_ART: list[Art] = []
_TINTED: "OrderedDict[tuple[str, int, int, tuple], pygame.Surface]" = OrderedDict()


def _art() -> Art:
    if not _ART:
        _ART.append(Art())
    return _ART[0]


def sprite(name: str, w: int, h: int | None = None, colour: tuple | None = None) -> pygame.Surface:
    """The versus sprite ``name`` scaled to ``w`` x ``h`` px, multiplied by ``colour`` (a piece drawn
    in white takes that colour; its dark lines stay dark). Raises ArtMissing if no such sprite is in
    the checkout."""
    w = max(1, int(round(w)))
    h = w if h is None else max(1, int(round(h)))
    img = _art().get(name, w, h)
    if img is None:
        raise ArtMissing(f"assets/sprites/{name}.png: no such versus sprite; tools/make_versus_art.py makes "
                         "them (python -m tools.make_versus_art, then python -m tools.art_index)")
    if colour is None:
        return img
    key = (name, w, h, tuple(colour))
    out = _TINTED.get(key)
    if out is None:
        out = img.copy()
        out.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
        _TINTED[key] = out
        if len(_TINTED) > TINTED_MAX:
            _TINTED.popitem(last=False)
    else:
        _TINTED.move_to_end(key)
    return out


def _put(surf: pygame.Surface, name: str, c: tuple[float, float], size: float, colour: tuple | None = None) -> None:
    img = sprite(name, size, colour=colour)
    surf.blit(img, img.get_rect(center=(int(round(c[0])), int(round(c[1])))))


def _icon_size(r: float) -> float:
    return ICON_C * r / ICON_R


def _model_size(r: float) -> float:
    return MODEL_C * r / MODEL_R


def _fac(fac: str) -> str:
    return DIRECTORATE if fac == DIRECTORATE else "syndicate"


def _cid(cid: str) -> str:
    return cid if cid in ROSTER else "other"


def faction_colour(fac: str) -> tuple[int, int, int]:
    return FACTION_COLOURS.get(fac, (180, 180, 180))


def faction_symbol(surf: pygame.Surface, fac: str, c: tuple[int, int], r: int, colour=None) -> None:
    """The faction's symbol centred on ``c`` with radius ``r``: a diamond with a bar (the
    Directorate) or a four-spiked star (the Syndicate)."""
    _put(surf, f"vs_faction_{_fac(fac)}", c, _icon_size(r), colour or faction_colour(fac))


def char_glyph(surf: pygame.Surface, cid: str, c: tuple[int, int], r: int, col=(236, 230, 218)) -> None:
    """A small picture of character ``cid`` (its ability) centred on ``c``, radius ``r``."""
    _put(surf, f"vs_glyph_{_cid(cid)}", c, _icon_size(r), col)


def base_ring(surf: pygame.Surface, cid: str, facing: str, c: tuple[int, int], r: int) -> None:
    """V-CHAR-3/4: the base's ring with its front, right, rear and left close-combat arcs in their
    colours (dark blue, light blue, grey), turned to ``facing``; "" draws a plain ring."""
    _put(surf, f"vs_ring_{_cid(cid)}_{facing}" if facing else "vs_ring_plain", c, _model_size(r))


def facing_pointer(surf: pygame.Surface, facing: str, c: tuple[int, int], r: int, col=POINTER) -> None:
    """A pointed notch outside the base on its front (V-CHAR-7: the facing, never colour alone)."""
    if facing:
        _put(surf, f"vs_pointer_{facing}", c, _model_size(r), None if tuple(col) == POINTER else col)


def model(surf: pygame.Surface, cid: str, fac: str, facing: str, side: str, dead: bool, c: tuple[int, int], r: int,
          activated: bool = False) -> None:
    """One model: its base ring with arcs and the facing pointer, the character's picture, the
    faction's symbol as a badge; a wounded card (V-WOUND-2) as a torn band across it; a dead
    marker (V-DEATH-1) as a grey cross over a grey disc."""
    size = _model_size(r)
    if dead:
        _put(surf, f"vs_dead_{_fac(fac)}", c, size)
        return
    _put(surf, f"vs_disc_{_fac(fac)}", c, size, ACTIVATED if activated else None)
    base_ring(surf, cid, facing, c, r)
    char_glyph(surf, cid, c, int(r * .55), faction_colour(fac) if not activated else (150, 146, 140))
    if side == "wounded":  # the flipped card: a torn red band with a notch
        _put(surf, "vs_wounded", c, size)
    facing_pointer(surf, facing, c, r)
    _put(surf, f"vs_badge_{_fac(fac)}", c, size)


def die_face(surf: pygame.Surface, face: int, rect: pygame.Rect, held: bool = False) -> None:
    """A combat die (V-DICE-1/2): 1 a critical (a star), 2 blank, 3-4 one hit (one slash), 5 two
    hits (two slashes), 6 the bullet (two hits: two slashes and a bullet)."""
    rect = pygame.Rect(rect)
    surf.blit(sprite(f"vs_die_{face}{'_held' if held else ''}", rect.w, rect.h), rect.topleft)


def cp_pips(surf: pygame.Surface, n: int, total: int, topleft: tuple[int, int], size: int = 10, col=(232, 190, 92)) -> int:
    """A command-point dial as pips: ``n`` filled of ``total`` (V-CP-3: public). Returns the width."""
    x, y = topleft
    for i in range(total):
        c = (x + i * (size + 3) + size // 2, y + size // 2)
        if i < n:
            _put(surf, "vs_pip_disc", c, size, col)
        _put(surf, "vs_pip_ring", c, size)
    return total * (size + 3)


def section_icon(surf: pygame.Surface, kind: str, c: tuple[int, int], r: int, col=(236, 230, 218)) -> None:
    """An order-tile section's order: a boot print for Move, crossed blades for Close combat."""
    _put(surf, "vs_section_move" if kind == "move" else "vs_section_close", c, _icon_size(r), col)


def item_icon(surf: pygame.Surface, kind: str, c: tuple[int, int], r: int) -> None:
    """A loose or carried item: the magnetic card (a striped card), the data core (a cylinder)."""
    _put(surf, "vs_item_card" if kind == "card" else "vs_item_core", c, _icon_size(r))


def arrow(surf: pygame.Surface, d: str, c: tuple[int, int], r: int, col=(250, 246, 236)) -> None:
    """A solid arrow pointing ``d`` (N, E, S, W) centred on ``c``, half-length ``r``: the facing a
    button or a handle on the board gives (a shape, never colour alone)."""
    _put(surf, f"vs_arrow_{d}", c, _icon_size(r), col)
