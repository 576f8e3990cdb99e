"""The whole board for one frame: backdrop, start flags, tile labels, effects, tokens and models, in
that order."""
from __future__ import annotations

import pygame

from ...engine.query import Game, View
from ...i18n import _, language as i18n_language
from .. import theme as T
from ..playui import BOARD_RECT, PlayUI, Sq
from .layout import _circle_hits

#: a tile label's logical px; in Japanese 13 (kanji at 11 px are blots once the window is 960x540: issue 25)
LABEL_PX, LABEL_CJK_PX = 11, 13


def label_px(label: str) -> int:
    """The logical px a tile label is drawn at: :data:`LABEL_CJK_PX` when it has kana or kanji."""
    return LABEL_CJK_PX if T.has_cjk(label) else LABEL_PX


class BoardSurface:
    """The board of :class:`game.ui.render.PlayView` (a part of it)."""

    def draw_start_marks(self, surf: pygame.Surface, state: Game) -> None:
        """Start squares (R-SCEN-5): a small numbered flag at a fixed size, readable at every zoom."""
        lay = self.layout
        for n, s in View.of(state).scenario.board.start.items():
            r = lay.square_rect(s)
            fr = pygame.Rect(r.left + 5, r.bottom - 19, 16, 14)
            pygame.draw.rect(surf, (30, 110, 60), fr, border_radius=3)
            pygame.draw.rect(surf, (200, 255, 210), fr, 1, border_radius=3)
            T.text(surf, str(n), fr.center, 11, (240, 255, 240), bold=True, anchor="center")

    def draw_board(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        lay = self.layout
        b = View.of(state).scenario.board
        q = View.of(state)
        pygame.draw.rect(surf, T.BG2, BOARD_RECT)
        surf.set_clip(self.board_area)
        sq = lay.sq
        img, at = self.backdrop(state)
        surf.blit(img, at)
        self.draw_start_marks(surf, state)
        self.unexplored_at = {}  # tile id -> its unexplored token as drawn (R-EXPLORE-1)
        busy = self.busy_squares(state)
        ukey = (id(b), frozenset(busy), tuple(sorted(View.of(state).explored)))
        if ukey != self._unexplored_key:  # where each token sits changes only when models or tokens move
            self._unexplored_key = ukey
            self._unexplored_sq = {tid: self.token_square(state, tile, busy) for tid, tile in b.tiles.items()
                                   if tile.unexplored and tid not in View.of(state).explored}
        for tid, tile in b.tiles.items():
            if tid in self._unexplored_sq:
                img = self.art.get(f"tok_unexplored_{tile.colour.value}", int(sq * 0.72))
                if img:
                    rr = img.get_rect(center=lay.centre(self._unexplored_sq[tid]))
                    surf.blit(img, rr)
                    self.unexplored_at[tid] = rr
        self.token_rects = list(self.unexplored_at.values())  # (tile labels keep off tokens: issue 25 item 17)
        # highlights under the tokens
        self.draw_highlights(surf, state, ui)
        # tokens
        self.draw_tokens(surf, state, over=False)
        # walls, doors, archways, barricades
        self.draw_edges(surf, state, q, ui)
        # models
        self.draw_models(surf, state, ui, q)
        self.draw_tokens(surf, state, over=True)  # small corner markers stay visible above models
        # tile names, small, top-left of each tile, above the models on a dark pill
        if self._first_sq[0] is not b:
            self._first_sq = (b, {tid: min(t.squares, key=lambda q: (q[1], q[0])) for tid, t in b.tiles.items()})
        models = (tuple(self.models), tuple(map(tuple, self.token_rects)),
                  tuple(tuple(b) for _u, b in getattr(self, "token_zones", [])))
        if len(self._label_pills) > 400:
            self._label_pills.clear()
        placed: list[pygame.Rect] = []  # labels already placed: the next one steps aside (DT3 crowded, play3 #26)
        order = sorted(b.tiles.items(), key=lambda kv: (self._first_sq[1][kv[0]][1], self._first_sq[1][kv[0]][0]))
        for tid, tile in order if sq >= 40 else ():
            col = T.TILE_COLOURS.get(tile.colour.value, (200, 190, 180))
            lkey = (id(b), tid, i18n_language(), sq, lay.ox, lay.oy, tuple(self.board_area), bool(self._tmx_floor),
                    models, tuple(map(tuple, placed)))
            got = self._label_pills.get(lkey)
            if got is None:  # where each label goes changes only when the view, a model or a label before it moves
                full = f"{_(tile.name)} · {_(tile.colour.value)}"
                got = None
                short = _(tile.name)
                # the colour word goes first when room is short; then a Japanese name at the Latin size
                for label, px in dict.fromkeys(((full, label_px(full)), (short, label_px(short)), (short, LABEL_PX))):
                    pill = self.label_pill(tile, self._first_sq[1][tid], T.render(label, px, col, bold=True).get_size(),
                                           placed)
                    if pill is not None:
                        got = (label, pill, px)
                        break
                if got is None:
                    got = (full, self.label_pill(tile, self._first_sq[1][tid],
                                                 T.render(full, label_px(full), col, bold=True).get_size(), [],
                                                 crowded_ok=True), label_px(full))
                self._label_pills[lkey] = got
            label, pill, px = got
            img = T.render(label, px, col, bold=True)
            placed.append(pill)
            surf.blit(self.shade(pill.size, (10, 8, 10, 170)), pill)
            T.put(surf, img, img.get_rect(center=pill.center), (label, px, col, True, False), "center")
        self.label_rects = placed  # where this frame's tile labels are (tests)
        self.draw_explore_outline(surf, state, ui)
        self.draw_sustained(surf, state)
        self.draw_effects(surf, ui)
        self.draw_die_popup(surf, state, ui)
        self.draw_scroll_marks(surf, ui.time)
        surf.set_clip(None)

    def label_pill(self, tile, first: Sq, size: tuple[int, int], placed: list[pygame.Rect] = (),
                   crowded_ok: bool = False) -> pygame.Rect | None:
        """Where a tile's name label goes: top-left of its first square (after the floor's colour
        badge), else further along its top two rows where no model or token picture lies under it and no
        other tile's label lies (``placed``); always inside the board area (a long name at the board's right edge is
        moved left, not cut). None when no such place exists, unless ``crowded_ok`` (then the first)."""
        lay, area = self.layout, self.board_area
        rows = sorted((q for q in tile.squares if q[1] <= first[1] + 1), key=lambda q: (q[1], q[0]))
        first_pill = None
        for q in [first] + [q for q in rows if q != first]:
            r = lay.square_rect(q)
            x = r.left + (int(lay.sq * 0.62) if self._tmx_floor and q == first else 8)
            pill = pygame.Rect(x - 4, r.top + 6, size[0] + 8, size[1] + 2)
            if pill.right > area.right - 2:
                pill.right = area.right - 2
            if pill.left < area.left + 2:
                pill.left = area.left + 2
            first_pill = first_pill or pill
            if any(pill.colliderect(p) for p in placed):
                continue
            if any(pill.colliderect(t) for t in self.token_rects) or \
                    any(pill.colliderect(b) for _u, b in getattr(self, "token_zones", [])):
                continue  # a token's picture (an unexplored tile's token, a corner marker, a corpse)
            if not any(_circle_hits(pill, ctr, rad) for _k, _i, ctr, rad in self.models):
                return pill
        if placed and not crowded_ok:
            return None
        return first_pill
