"""The whole board for one frame: backdrop, start flags, tile labels, effects, tokens and models, in
that order."""
from __future__ import annotations

import pygame

from ...engine import parse_edge_id
from ...engine.query import Game, View
from ...i18n import _, language as i18n_language
from .. import theme as T
from ..playui import BOARD_RECT, PlayUI, pulse_of, Sq
from ..words import colour_word
from .layout import _circle_hits, NOTE_FADE, NOTE_SECS

_THEME_DRAW = (T.text, T.render, T.text_block)  # (replaced by a test that records the text drawn)

#: a tile label's logical px; in Japanese 13 (kanji at 11 px are blots once the window is 960x540: issue 25)
LABEL_PX, LABEL_CJK_PX = 11, 13


def label_px(label: str) -> int:
    """The logical px a tile label is drawn at: :data:`LABEL_CJK_PX` when it has kana or kanji."""
    return LABEL_CJK_PX if T.has_cjk(label) else LABEL_PX


class BoardSurface:
    """The board of :class:`game.ui.render.PlayView` (a part of it)."""

    def draw_start_marks(self, surf: pygame.Surface, state: Game) -> None:
        """Start squares (R-SCEN-5): a small numbered flag on its pole at a fixed size, readable at every zoom."""
        lay = self.layout
        for n, s in View.of(state).scenario.board.start.items():
            r = lay.square_rect(s)
            fr = pygame.Rect(r.left + 8, r.bottom - 21, 16, 13)
            # a flag on its pole, not a bare green square with a number (retest finding 10: unexplained)
            pygame.draw.line(surf, (12, 10, 12), (fr.left - 2, fr.top - 1), (fr.left - 2, fr.bottom + 6), 4)
            pygame.draw.line(surf, (220, 210, 196), (fr.left - 2, fr.top - 1), (fr.left - 2, fr.bottom + 5), 2)
            pygame.draw.rect(surf, (30, 110, 60), fr, border_top_right_radius=3, border_bottom_right_radius=3)
            pygame.draw.rect(surf, (200, 255, 210), fr, 1, border_radius=3)
            T.text(surf, str(n), fr.center, 11, (240, 255, 240), bold=True, anchor="center")

    def draw_board(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The board for this frame. While nothing but the pointer's square, door or enemy and the pulse
        of the highlights changed since the last frame (same state, decision, view, zoom, pan, language;
        no animation), the last frame's board is put back and only the rectangles those change are drawn
        again (:meth:`board_dirty`), each through the same drawing steps clipped to it (what is drawn
        there is what a whole redraw draws); else the whole board is drawn and kept."""
        img, at = self.backdrop(state)  # (a zoom level's smoothing advances one strip a frame)
        key = self.board_key(state, ui, img, at)
        dyn = self.board_dyn(ui)
        got = self.__dict__.get("_board_kept")
        lines = T.crisp_lines(surf.get_abs_parent())
        if key is not None and got is not None and got["key"] == key and got["recorded"] == (lines is not None):
            self._board_again(surf, state, ui, img, at, got, dyn, lines)
            return
        self._board_kept = None
        n0 = len(self.zones.items)
        l0 = len(lines) if lines is not None else 0
        self._only = None
        self._board_pass(surf, state, ui, img, at)
        view = key[2:5] if key is not None else None  # (square size, board origin)
        moved = view is not None and self.__dict__.get("_board_view") not in (None, view)
        self._board_view = view
        if key is None or moved:  # a board panned or zoomed since the last frame is not kept (it will move again:
            return  # its copy cost 0.2-0.9 ms of every pan frame, issue 24); it is on the first frame it stays put
        ox, oy = surf.get_abs_offset()
        box = BOARD_RECT.move(ox, oy)
        self._board_kept = {
            "key": key, "refs": (state, View.of(state), ui.marks.act, ui.marks.choice_squares, ui.marks.pick_enemies,
                                 ui.marks.pick_chars, ui.marks.subjects, img, ui.numbers),
            "picture": surf.subsurface(BOARD_RECT).copy(), "zones": list(self.zones.items[n0:]),
            "attrs": self._board_attrs(), "dyn": dyn, "recorded": lines is not None,
            "lines": [ln for ln in lines[l0:] if box.contains(ln.area)] if lines is not None else []}

    _BOARD_ATTRS = ("models", "token_zones", "unexplored_at", "token_rects", "label_rects", "note_alpha", "_label_draws")

    def _board_attrs(self) -> dict:
        return {a: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                for a in self._BOARD_ATTRS for v in (getattr(self, a, None),)}

    def board_key(self, state: Game, ui: PlayUI, img: pygame.Surface, at: tuple[int, int]) -> tuple | None:
        """What the board's picture depends on besides :meth:`board_dyn` (compared with ``==``; objects
        by identity, kept alive with the kept picture), or None while it may change by itself or is drawn
        for a test (an animation plays, the zoom note is shown afresh or fades, a zoom level is still
        smoothed, the text functions are replaced)."""
        anim = ui.anim
        if anim.busy or T.SHOWN is not None or (T.text, T.render, T.text_block) != _THEME_DRAW:
            return None
        lay = self.layout
        note = None
        if lay.overflows or abs(self.zoom - 1.0) >= 0.01:  # the zoom note: shown, then fading (draw_scroll_marks)
            age = ui.time - self.note_since
            if (round(self.zoom, 3), self.pan) != self.note_key or NOTE_SECS < age < NOTE_SECS + NOTE_FADE:
                return None  # (shown afresh, or fading: it changes each frame)
            note = age <= NOTE_SECS
        smoothing = self._floor_levels.get(lay.sq)
        if smoothing is not None and smoothing[3]:
            return None
        m = ui.marks
        q = View.of(state)
        return (id(state), id(q), lay.sq, lay.ox, lay.oy, tuple(self.board_area), id(img), at, id(m.act),
                id(m.choice_squares), id(m.pick_enemies), id(m.pick_chars), id(m.subjects), i18n_language(),
                tuple(T.MOVE_HL), tuple(anim.trails), id(ui.numbers), len(ui.numbers.shown), self._tmx_floor,
                self._master_gen, note)

    @staticmethod
    def board_dyn(ui: PlayUI) -> tuple:
        """The board's inputs that change while the pointer moves: the square, door and enemy under it
        and the highlights' pulse (as the colours drawn)."""
        m = ui.marks
        p5, p6 = pulse_of(ui, 5), pulse_of(ui, 6)
        return (m.hover_sq, m.hover_edge, m.hover_enemy, pulse_of(ui, 4.0) > 0.5,
                T.lerp((180, 140, 40), T.GOLD, p5), T.lerp((150, 110, 30), T.CHOICE_HL, p6), int(70 + 80 * p6))

    def board_dirty(self, state: Game, ui: PlayUI, was: tuple, now: tuple, models: list) -> list[pygame.Rect]:
        """The rectangles of the board that differ between the inputs ``was`` and ``now`` of
        :meth:`board_dyn` (``models``: where each model was drawn): the squares, door and enemy the pointer
        left and reached, the pulsing rings of the acting survivor and of a decision's subjects, the choice
        squares when their glow turns on or off."""
        lay, m = self.layout, ui.marks
        out: list[pygame.Rect] = []

        def square(sq) -> None:
            if sq is not None:
                out.append(lay.square_rect(sq).inflate(8, 8))

        def model(kind: str, mid) -> None:
            for k, i, ctr, rad in models:
                if k == kind and i == mid:
                    half = rad + 20
                    out.append(pygame.Rect(ctr[0] - half, ctr[1] - half, 2 * half, 2 * half))

        if was[0] != now[0]:
            square(was[0])
            square(now[0])
        if was[1] != now[1]:
            for eid in (was[1], now[1]):
                if eid is not None:
                    out.append(self.door_glow_rect(eid).inflate(8, 8))
        if was[2] != now[2]:
            model("e", was[2])
            model("e", now[2])
        if was[3] != now[3]:
            for sq in m.choice_squares:
                square(sq)
        q = View.of(state)
        if was[4] != now[4] and not q.over and q.characters:
            model("c", q.characters[q.active_seat].cid)
        if was[5:] != now[5:]:
            for uid in m.subjects:
                model("c", uid)
                model("e", uid)
        return out

    def _board_again(self, surf: pygame.Surface, state: Game, ui: PlayUI, img, at, got: dict, dyn: tuple,
                     lines: list | None) -> None:
        """The kept board put back, and the rectangles :meth:`board_dirty` names drawn again through
        :meth:`_board_pass` clipped to each; the kept picture, lines of text and inputs updated."""
        ox, oy = surf.get_abs_offset()
        surf.blit(got["picture"], BOARD_RECT)
        for a, v in got["attrs"].items():
            setattr(self, a, list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
        self.zones.items.extend(got["zones"])
        n_zones = len(self.zones.items)
        dirty = [r.clip(self.board_area) for r in self.board_dirty(state, ui, got["dyn"], dyn, got["attrs"]["models"])]
        dirty = [r for r in dirty if r.width and r.height]
        kept = got["lines"]  # (window coordinates of the whole surface)
        merged = self.dirty_merged(dirty, [ln.area.move(-ox, -oy) for ln in kept] if lines is not None else [])
        if lines is not None:
            keep = [ln for ln in kept if ln.area.move(-ox, -oy).collidelist(merged) < 0]
            lines.extend(keep)
            l0 = len(lines)
        for r in merged:
            self._only = r
            self._board_pass(surf, state, ui, img, at)
        self._only = None
        del self.zones.items[n_zones:]  # (the passes' zones are those kept)
        for a, v in got["attrs"].items():
            setattr(self, a, list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
        for r in merged:
            got["picture"].blit(surf, r.move(-BOARD_RECT.left, -BOARD_RECT.top), area=r)
        if lines is not None:
            got["lines"] = keep + lines[l0:]
        got["dyn"] = dyn

    @staticmethod
    def dirty_merged(dirty: list[pygame.Rect], texts: list[pygame.Rect]) -> list[pygame.Rect]:
        """The rectangles to draw again for ``dirty``: each widened to the whole of any line of text (``texts``,
        their areas) it crosses, overlapping ones made one, and all made one when their bounding box is at
        most twice their area (the squares the pointer left and reached are neighbours: one clipped pass over
        the board instead of two; what is drawn in either is what a whole redraw draws there)."""
        while True:
            grown = list(dirty)
            grow = True
            while grow and texts:  # a line of text crossing a rectangle is drawn again whole
                grow = False
                for a in texts:
                    for i, r in enumerate(grown):
                        if r.colliderect(a) and not r.contains(a):
                            grown[i] = r.union(a)
                            grow = True
            merged: list[pygame.Rect] = []  # overlapping rectangles become one (each part is drawn once)
            for r in grown:
                i = r.collidelist(merged)
                while i >= 0:
                    r = r.union(merged.pop(i))
                    i = r.collidelist(merged)
                merged.append(r)
            if len(merged) > 1:
                box = merged[0].unionall(merged[1:])
                if box.width * box.height <= 2 * sum(r.width * r.height for r in merged):
                    merged = [box]
            if merged == dirty:
                return merged
            dirty = merged

    def door_glow_rect(self, eid: str) -> pygame.Rect:
        """Where the glow of door ``eid`` is drawn (:meth:`_door_glow`)."""
        a, b = parse_edge_id(eid)
        p0, p1 = self.layout.edge_segment(a, b)
        thick = max(6, self.layout.sq // 7)
        horiz = p0[1] == p1[1]
        L = abs(p1[0] - p0[0]) if horiz else abs(p1[1] - p0[1])
        span = L - 2 * int(L * 0.14)
        glow = pygame.Rect(0, 0, span + 10, thick * 3 + 10) if horiz else pygame.Rect(0, 0, thick * 3 + 10, span + 10)
        glow.center = ((p0[0] + p1[0]) // 2, (p0[1] + p1[1]) // 2)
        return glow

    def _board_pass(self, surf: pygame.Surface, state: Game, ui: PlayUI, img: pygame.Surface,
                    at: tuple[int, int]) -> None:
        """The board's drawing steps in order; with ``self._only`` a rectangle, clipped to it and
        skipping what lies wholly outside it (the lists of what was drawn are made whole either way)."""
        lay = self.layout
        b = View.of(state).scenario.board
        q = View.of(state)
        only = self._only
        pygame.draw.rect(surf, T.BG2, BOARD_RECT if only is None else BOARD_RECT.clip(only))
        surf.set_clip(self.board_area if only is None else self.board_area.clip(only))
        sq = lay.sq
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
        if only is None:
            self._label_draws = self.place_labels(state)
        for label, pill, col, px in self._label_draws:
            if only is not None and not pill.colliderect(only):
                continue
            img = T.render(label, px, col, bold=True)
            surf.blit(self.shade(pill.size, (10, 8, 10, 170)), pill)
            T.put(surf, img, img.get_rect(center=pill.center), (label, px, col, True, False), "center")
        placed = [pill for _l, pill, _c, _px in self._label_draws]
        self.label_rects = placed  # where this frame's tile labels are (tests)
        self.draw_explore_outline(surf, state, ui)
        self.draw_sustained(surf, state)
        self.draw_effects(surf, ui)
        self.draw_die_popup(surf, state, ui)
        self.draw_scroll_marks(surf, ui.time)
        surf.set_clip(None)

    def place_labels(self, state: Game) -> list[tuple[str, pygame.Rect, tuple, int]]:
        """(text, pill, colour, logical px) of each tile's name label this frame: top-left of each tile, stepping aside
        from the models, tokens and labels placed before it (:meth:`label_pill`); none below 40 px squares."""
        lay = self.layout
        b = View.of(state).scenario.board
        sq = lay.sq
        if self._first_sq[0] is not b:
            self._first_sq = (b, {tid: min(t.squares, key=lambda q: (q[1], q[0])) for tid, t in b.tiles.items()})
        models = (tuple(self.models), tuple(map(tuple, self.token_rects)),
                  tuple(tuple(b) for _u, b in getattr(self, "token_zones", [])))
        if len(self._label_pills) > 400:
            self._label_pills.clear()
        out: list[tuple[str, pygame.Rect, tuple, int]] = []
        placed: list[pygame.Rect] = []  # labels already placed: the next one steps aside (DT3 crowded, play3 #26)
        order = sorted(b.tiles.items(), key=lambda kv: (self._first_sq[1][kv[0]][1], self._first_sq[1][kv[0]][0]))
        for tid, tile in order if sq >= 40 else ():
            col = T.TILE_COLOURS.get(tile.colour.value, (200, 190, 180))
            lkey = (id(b), tid, i18n_language(), sq, lay.ox, lay.oy, tuple(self.board_area), bool(self._tmx_floor),
                    models, tuple(map(tuple, placed)))
            got = self._label_pills.get(lkey)
            if got is None:  # where each label goes changes only when the view, a model or a label before it moves
                full = f"{_(tile.name)} · {colour_word(tile.colour)}"
                got = None
                short = _(tile.name)
                # the colour word goes first when room is short; then a Japanese name at the Latin size
                tries = list(dict.fromkeys(((full, label_px(full)), (short, label_px(short)), (short, LABEL_PX))))
                # then lower in the tile: a label with no room in the top two rows was put over another room's
                # label ("Army Checkpoint" under "The Boom Gate · amber", the newcomer's own play-test)
                # (and within its own room first: one reaching into the next room took that room's place)
                passes = [(t, low, own) for own in (True, False) for low in (False, True) for t in tries]
                for (label, px), low, own in passes:
                    pill = self.label_pill(tile, self._first_sq[1][tid], T.render(label, px, col, bold=True).get_size(),
                                           placed, any_row=low, own_room=own)
                    if pill is not None:
                        got = (label, pill, px)
                        break
                if got is None:
                    got = (full, self.label_pill(tile, self._first_sq[1][tid],
                                                 T.render(full, label_px(full), col, bold=True).get_size(), [],
                                                 crowded_ok=True), label_px(full))
                self._label_pills[lkey] = got
            label, pill, px = got
            placed.append(pill)
            out.append((label, pill, col, px))
        return out

    def label_pill(self, tile, first: Sq, size: tuple[int, int], placed: list[pygame.Rect] = (),
                   crowded_ok: bool = False, any_row: bool = False, own_room: bool = False) -> pygame.Rect | None:
        """Where a tile's name label goes: top-left of its first square (after the floor's colour
        badge), else further along its top two rows where no model or token picture lies under it and no
        other tile's label lies (``placed``), or any row with ``any_row``, not past the room's right side with
        ``own_room``; always inside the board area (a long name
        at the board's right edge is moved left, not cut). None when no such place exists, unless ``crowded_ok`` (then the first)."""
        lay, area = self.layout, self.board_area
        rows = sorted((q for q in tile.squares if any_row or q[1] <= first[1] + 1), key=lambda q: (q[1], q[0]))
        first_pill = None
        # (a label stepping aside keeps within its own room: one reaching into the next room lay over that
        # room's label, "Army Checkpoint" under "The Boom Gate · amber")
        own_right = lay.square_rect(max(tile.squares)).right + 4
        for q in [first] + [q for q in rows if q != first]:
            r = lay.square_rect(q)
            x = r.left + (int(lay.sq * 0.62) if self._tmx_floor and q == first else 8)
            pill = pygame.Rect(x - 4, r.top + 6, size[0] + 8, size[1] + 2)
            if pill.right > area.right - 2:
                pill.right = area.right - 2
            if pill.left < area.left + 2:
                pill.left = area.left + 2
            first_pill = first_pill or pill
            if own_room and q != first and pill.right > own_right:
                continue
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
