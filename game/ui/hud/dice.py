"""Dice rows in the side panel: the newest roll tumbling, then faces, title and meaning (DV-1)."""
from __future__ import annotations

import math

import pygame

from ...i18n import _
from .. import theme as T
from ..presenters.anim import ROLL_S
from ..board.layout import DIE_FACES
from ..playui import Roll
from ..widgets import panel


def roll_title(s: str, size: int, width: int, short: str = "") -> str:
    """A dice row's title for two lines of ``width``: as it is if it wraps to two, else its ``short``
    form (the catalogue's ``short`` context of the roll's message: the weapon and the target) when
    there is one. Never an edit of the sentence's words (issue 23)."""
    if not short or len(T.wrap(s, size, width)) <= 2:
        return s
    return short


class DiceRows:
    """The dice rows of :class:`game.ui.render.PlayView` (a part of it)."""

    def draw_rolls(self, surf: pygame.Surface, rect: pygame.Rect, rolls: list[Roll], fresh: int = 0,
                   rolling: float | None = None) -> None:
        """The latest dice rolls, newest first: dice faces drawn, then what they meant. While
        ``rolling`` (0..1) the new dice tumble (faces flicker, dice bounce); their final faces are
        shown as soon as it ends, and the result line is there from the start."""
        if rect.height < 40:
            return
        inner = panel(surf, rect, _("Dice"))
        if not rolls:
            T.text(surf, _("No dice rolled yet. The faces:"), inner.topleft, 14, T.DIM)
            top = inner.top + 24
            faces = (("BLANK", _("blank: nothing")), ("HIT", _("hit: one pip")),
                     ("HIT_PLUS", _("hit+: two pips")), ("CRIT", _("critical: a star")))
            # all four faces always: one column of 26 px rows, tighter rows, or two columns in a short panel
            room = inner.bottom - top
            cols, pitch = (1, 26) if room >= 4 * 26 else (1, 21) if room >= 4 * 21 else (2, max(16, min(26, room // 2)))
            ds = min(22, pitch - 4)
            cw = inner.width // cols
            for n, (face, what) in enumerate(faces):
                x0 = inner.left + (n // (4 // cols)) * cw
                y = top + (n % (4 // cols)) * pitch
                for i, col in enumerate(("blue", "red")):
                    img = self.art.get(f"die_{col}_{face}", ds)
                    if img:
                        surf.blit(img, (x0 + i * (ds + 3), y))
                T.text(surf, what, (x0 + 2 * ds + 12, y + ds // 2), 13 if cols == 1 else 12, T.MUTED, anchor="midleft")
            y = top + (4 // cols) * pitch
            for line in (_("Attack: the best result counts (what it does is on the weapon)."),
                         _("Evade: a critical always evades. Blue = attack/evade die, red = stronger attack die.")):
                n = min(2, len(T.wrap(line, 12, inner.width)))
                if y + n * (T.font(12).get_linesize() + 2) > inner.bottom:
                    break  # a note only where it fits whole
                y = T.text_block(surf, line, pygame.Rect(inner.left, y, inner.width, 34), 12, T.MUTED, max_lines=2)
            return
        y = inner.top
        ds = 30
        for i, roll in enumerate(reversed(rolls)):
            roll = roll.now()  # worded again after a language switch
            if y + ds > inner.bottom:
                break
            old = i >= max(1, fresh)
            x = inner.left
            for j, (col, face) in enumerate(zip(roll.dice, roll.faces)):
                dy = 0
                if rolling is not None and not old:  # tumbling: a face every 60 ms, a falling bounce
                    k = int(rolling * ROLL_S / 0.06) + j * 3 + i
                    face = (list(range(1, 7)) if col == "enc" else DIE_FACES)[k % (6 if col == "enc" else 4)]
                    dy = -int(abs(math.sin(rolling * math.pi * 2.5)) * 8 * (1 - rolling))
                name = f"enc_{face}" if col == "enc" else f"die_{col}_{face}"
                img = self.art.get(name, ds if not old else 24)
                if img:
                    if old:
                        img = self.art.faded(name, 24, 150)
                    surf.blit(img, (x, y + dy))
                x += (ds if not old else 24) + 3
            tx = max(x + 6, inner.left + 3 * (ds + 3) + 6)
            title = roll_title(roll.title, 13, inner.right - tx, roll.short)  # up to two lines: weapon and target stay
            if old:  # an older row only when it fits whole: its last line was cut at the panel's foot (retest 9)
                tall = (min(2, len(T.wrap(title, 13, inner.right - tx))) * T.font(13).get_linesize() + 1
                        + min(2, len(T.wrap(roll.meaning, 13, inner.right - tx))) * (T.font(13).get_linesize() + 2))
                if y + max(24, tall) > inner.bottom:
                    break
            ty = T.text_block(surf, title, pygame.Rect(tx, y - 1, inner.right - tx, 40), 13,
                              T.MUTED if not old else T.DIM, line_gap=0, max_lines=2)
            colr = T.TEXT if roll.success is None else (T.OK if roll.success else T.BAD)
            if old:
                colr = T.shade(colr, 0.7)
            # the newest roll says all of it on up to three lines ("… Ammo left 3." was cut: issue 25 item 17)
            need = len(T.wrap(roll.meaning, 14, inner.right - tx, True)) if not old else 2
            yy = T.text_block(surf, roll.meaning, pygame.Rect(tx, ty + 1, inner.right - tx, 20 * max(2, need)),
                              14 if not old else 13, colr, bold=not old, max_lines=2 if old else max(2, min(4, need)))
            y = max(y + ds + 6, yy) + 6
            if not old and i + 1 < len(rolls):
                pygame.draw.line(surf, (60, 50, 56), (inner.left, y - 3), (inner.right, y - 3), 1)
