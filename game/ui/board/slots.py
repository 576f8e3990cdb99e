"""Where models share a square (R-COMP-7/8): a plain function of the square's rectangle, used by the
board (``pieces``) and the rules reference's pictures (``game.ui.diagrams``). Imports only pygame."""
from __future__ import annotations

import pygame


def model_slots(n: int, r: pygame.Rect) -> list[tuple[tuple[int, int], int]]:
    """Centres and radii (px) for ``n`` models and space-taking tokens sharing the square ``r``
    (R-COMP-7/8: at most four models, tokens beside them): one big, two side by side, up to four
    in the quadrants, more on a 3x2 or 3x3 grid; every one inside the square, none on another."""
    sq = r.width
    if n <= 1:
        return [(r.center, int(sq * 0.36))]
    rad = int(sq * 0.25)
    lo, hi = int(sq * 0.25 + 0.5), int(sq * 0.75 + 0.5)
    if n == 2:
        return [((r.left + lo, r.centery), rad), ((r.left + hi, r.centery), rad)]
    if n <= 4:
        return [((r.left + lo, r.top + lo), rad), ((r.left + hi, r.top + lo), rad),
                ((r.left + lo, r.top + hi), rad), ((r.left + hi, r.top + hi), rad)][:n]
    cols, rows = 3, (2 if n <= 6 else 3)
    cw, ch = sq / cols, sq / rows
    rad = max(3, int(min(cw, ch) / 2) - 1)
    return [((int(r.left + cw * (i % cols + 0.5)), int(r.top + ch * (i // cols + 0.5))), rad) for i in range(n)]
