"""The board's floor and backdrop: Tiled layers (pyscroll) or the built-in floor, veils, walls and
door sprites drawn once per edge state at MASTER_SQ px a square, then scaled per zoom level into
reused windows (docs/architecture.md, 'Drawing the play screen')."""
from __future__ import annotations

import copy
import logging
import math
from pathlib import Path

import pygame

from ...engine.query import Game, View
from .. import dashboard as DB
from .. import theme as T
from .layout import (BoardLayout, FLOOR_LEVELS, LEVEL_MARGIN, LEVEL_SIZE, LEVEL_STRIP, MASTER_PAD, MASTER_SQ,
                     MASTER_THICK)

log = logging.getLogger(__name__)


def _tmx_path(state: Game, override: str | Path | None = None) -> Path | None:
    if override:
        p = Path(override)
        return p if p.is_file() and p.suffix in (".tmx", ".tmj") else None
    scn = View.of(state).scenario
    src = getattr(scn.board, "source", "") or ""
    cands = [Path(src)] if src else []
    from ...content.loader import ROOT

    if src:
        cands.append(ROOT / src)
    mp = getattr(scn.brief, "map", "")
    if mp and mp != "none":
        cands.append(ROOT / mp)
    for c in cands:
        if c.suffix in (".tmx", ".tmj") and c.is_file():
            return c
    return None


def tmx_floor(path: Path, layout: BoardLayout, cache: dict | None = None) -> pygame.Surface | None:
    """The Tiled map's tile layers rendered by pyscroll, scaled to the board's squares.

    The floor is rendered once into a buffer (pyscroll's BufferedRenderer over pytmx's
    TiledMapData) and kept in ``cache`` (per view), so zooming only rescales it; None if the map
    has no drawable tiles or its images cannot be loaded.
    """
    key = str(path)
    if cache is not None and key in cache:
        buf, cells_x, cells_y = cache[key]
        if buf is None:
            return None
        return pygame.transform.smoothscale(buf, (cells_x * layout.sq, cells_y * layout.sq))
    import pyscroll  # a declared dependency (pyproject.toml): no silent fallback when it is missing
    import pytmx.util_pygame

    try:
        if pygame.display.get_surface() is None:
            pygame.display.set_mode((1, 1))  # pytmx converts images; needs a (dummy) display
        from ...content.tiled import pytmx_map

        tmx = pytmx_map(path, image_loader=pytmx.util_pygame.pygame_image_loader)  # .tmx or .tmj
        if not any(isinstance(layer, pytmx.TiledTileLayer) and layer.visible for layer in tmx.visible_layers):
            if cache is not None:
                cache[key] = (None, 0, 0)
            return None
        data = pyscroll.TiledMapData(tmx)
        w, h = tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight
        rend = pyscroll.BufferedRenderer(data, (w, h), clamp_camera=True)
        rend.center((w // 2, h // 2))
        buf = pygame.Surface((w, h))
        buf.fill(T.BG)
        rend.draw(buf, buf.get_rect())
        # one Tiled cell per square; the board may be narrower than the map (trailing gaps)
        cells_x = tmx.width
        cells_y = tmx.height
        if cache is not None:
            cache[key] = (buf, cells_x, cells_y)
        out = pygame.transform.smoothscale(buf, (cells_x * layout.sq, cells_y * layout.sq))
        return out
    except Exception as ex:  # a floor that fails to draw must not stop the game: fall back
        log.warning("floor from %s not drawn (%s: %s); using the built-in floor", path, type(ex).__name__, ex)
        return None


class FloorDrawing:
    """The floor and the backdrop master of :class:`game.ui.render.PlayView` (a part of it)."""

    # ------------------------------------------------------------------ board
    def floor(self, state: Game) -> pygame.Surface:
        """The floor alone (tiles, grid, tile colour bands) at ``MASTER_SQ`` px per square: an opaque
        surface (no per-pixel alpha), drawn once per board and map."""
        mkey = (id(View.of(state).scenario.board), str(self.map_path))
        if self._floor_key != mkey or self._floor is None:
            master = copy.copy(self.layout or self.make_layout(state))
            master.sq, master.ox, master.oy = MASTER_SQ, 0, 0
            fl = self._draw_floor(state, master)
            self._floor = fl.convert() if pygame.display.get_surface() else fl
            self._floor_key = mkey
            self._master_key = None
        return self._floor

    def master_layout(self) -> "BoardLayout":
        """The layout of the backdrop master: ``MASTER_SQ`` px per square, the board's top-left square
        at (MASTER_PAD, MASTER_PAD)."""
        lay = copy.copy(self.layout)
        lay.sq, lay.ox, lay.oy = MASTER_SQ, MASTER_PAD, MASTER_PAD
        lay.w, lay.h = lay.cols * MASTER_SQ, lay.rows * MASTER_SQ
        return lay

    def backdrop_master(self, state: Game) -> pygame.Surface:
        """Everything under the tokens that changes only when a tile is explored, a Blackout starts
        or ends, or an edge changes (a door opens, a barricade is cleared, a lock opens): the floor,
        unexplored veils, spawn points, stairwells, walls, doors, archways and barricades (R-WALL-1,
        R-DOOR, R-BARR, R-EXPLORE-1, R-LOS-6), drawn once at ``MASTER_SQ`` px per square with a
        ``MASTER_PAD`` margin. Opaque; zoom levels are smooth-scaled parts of it (:meth:`backdrop`)."""
        floor = self.floor(state)
        view = View.of(state)
        got = self.__dict__.get("_master_of")  # (the view, floor key and master key it gave: once per step)
        if got is not None and got[0] is view and got[1] == self._floor_key:
            key = got[2]
        else:
            dark_tiles = tuple(sorted(s_.tile for s_ in DB.sustained(state) if s_.name == "Blackout"))
            key = (self._floor_key, tuple(sorted(view.explored)), dark_tiles,
                   tuple(sorted((str(k), str(v)) for k, v in view.edges.items())),
                   tuple(sorted(k for k, v in view.locks.items() if v)))
            self._master_of = (view, self._floor_key, key)
        if key == self._master_key and self._master is not None:
            return self._master
        b = View.of(state).scenario.board
        lay = self.master_layout()
        sq = MASTER_SQ
        surf = pygame.Surface((floor.get_width() + 2 * MASTER_PAD, floor.get_height() + 2 * MASTER_PAD))
        surf.fill(T.BG2)
        surf.blit(floor, (MASTER_PAD, MASTER_PAD))
        # unexplored tiles: a hatched veil and the unexplored token of the tile's colour (R-EXPLORE-1)
        veil = pygame.Surface((sq, sq), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        for i in range(-sq, sq, max(6, sq // 6)):
            pygame.draw.line(veil, (0, 0, 0, 70), (i, sq), (i + sq, 0), 2)
        for tid, tile in b.tiles.items():
            if not tile.unexplored or tid in View.of(state).explored:
                continue
            for s in tile.squares:
                surf.blit(veil, lay.square_rect(s))
        # a Blackout darkens its tile (R-LOS-6)
        for s_ in DB.sustained(state):
            if s_.name == "Blackout" and s_.tile in b.tiles:
                dark = pygame.Surface((sq, sq), pygame.SRCALPHA)
                dark.fill((10, 6, 30, 90))
                for s in b.tiles[s_.tile].squares:
                    surf.blit(dark, lay.square_rect(s))
        for tile in b.tiles.values():
            for s in tile.spawn_points:
                img = self.art.get("tok_spawn", int(sq * 0.8))
                if img:
                    surf.blit(img, img.get_rect(center=lay.centre(s)))
        for a_, b_ in b.stairs:
            for s in (a_, b_):
                img = self.art.get("tok_stairs", int(sq * 0.6))
                if img:
                    surf.blit(img, img.get_rect(topleft=lay.square_rect(s).move(2, 2).topleft))
        self._edge_shapes(surf, state, View.of(state), lay, MASTER_THICK)
        if not self._level_pool and not self._floor_levels:  # every zoom level's buffer, made now, not mid-zoom
            self._level_pool = [self._level_buffer() for _ in range(FLOOR_LEVELS + 1)]
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        self._master_key, self._master = key, surf
        self._master_gen += 1  # every zoom level made from the previous master is stale
        return surf

    @staticmethod
    def _level_buffer() -> pygame.Surface:
        buf = pygame.Surface(LEVEL_SIZE)
        if pygame.display.get_surface() is not None:
            buf = buf.convert()
        buf.fill(T.BG2)  # touch every page now
        return buf

    def backdrop(self, state: Game) -> tuple[pygame.Surface, tuple[int, int]]:
        """The backdrop at this zoom (:meth:`backdrop_master` scaled) and where its top-left goes on
        screen. Only a window over the board area plus ``LEVEL_MARGIN`` px each side is scaled, into
        a buffer of one fixed size that is reused, so a zoom step costs the same on every map and
        allocates nothing. The step's frame scales by nearest pixel; the following frames smooth it
        one strip of ``LEVEL_STRIP`` master rows at a time. The last ``FLOOR_LEVELS`` levels are kept
        and reused while the view stays inside them."""
        master = self.backdrop_master(state)
        lay = self.layout
        sq = lay.sq
        k = sq / MASTER_SQ
        # screen position of the master's (0, 0): the board's first square is MASTER_PAD master px in
        ox, oy = lay.ox - MASTER_PAD * k, lay.oy - MASTER_PAD * k
        mw, mh = master.get_size()
        area = self.board_area
        vis = pygame.Rect(max(0, int((area.left - ox) / k)), max(0, int((area.top - oy) / k)), 0, 0)
        vis.width = max(0, min(mw, int(math.ceil((area.right - ox) / k))) - vis.left)
        vis.height = max(0, min(mh, int(math.ceil((area.bottom - oy) / k))) - vis.top)
        lw, lh = LEVEL_SIZE
        got = self._floor_levels.get(sq)
        if got is None or got[0] != self._master_gen or not got[1].contains(vis):
            x0 = max(0, min(vis.left - int(LEVEL_MARGIN / k), mw - 1))
            y0 = max(0, min(vis.top - int(LEVEL_MARGIN / k), mh - 1))
            src = pygame.Rect(x0, y0, max(1, min(mw - x0, int(lw / k))), max(1, min(mh - y0, int(lh / k))))
            out = (max(1, min(lw, round(src.width * k))), max(1, min(lh, round(src.height * k))))  # int(lw/k)*k <= lw
            cover = pygame.Rect(src)
            buf = (self._level_pool.pop() if self._level_pool else self._level_buffer()) if got is None else got[2]
            if out != LEVEL_SIZE:
                buf.fill(T.BG2)
            pygame.transform.scale(master.subsurface(src), out, buf.subsurface((0, 0), out))
            todo = list(range(src.top, src.bottom, LEVEL_STRIP)) if sq != MASTER_SQ else []
            got = [self._master_gen, cover, buf, todo, src, out]
            self._floor_levels[sq] = got
            while len(self._floor_levels) > FLOOR_LEVELS:
                self._level_pool.append(self._floor_levels.popitem(last=False)[1][2])
        elif got[3]:  # one strip of the smooth version per frame
            src, buf, out = got[4], got[2], got[5]
            y = got[3].pop(0)
            part = pygame.Rect(src.left, y, src.width, min(LEVEL_STRIP, src.bottom - y))
            ty = round((y - src.top) * out[1] / src.height)
            by = min(out[1], round((part.bottom - src.top) * out[1] / src.height))
            if by > ty:
                pygame.transform.smoothscale(master.subsurface(part), (out[0], by - ty),
                                             buf.subsurface((0, ty, out[0], by - ty)))
        self._floor_levels.move_to_end(sq)
        src = got[4]
        return got[2], (int(round(ox + src.left * k)), int(round(oy + src.top * k)))

    def _draw_floor(self, state: Game, lay: "BoardLayout") -> pygame.Surface:
        b = View.of(state).scenario.board
        w, h = lay.cols * lay.sq, lay.rows * lay.sq
        surf = pygame.Surface((w, h))
        surf.fill(T.BG2)
        path = _tmx_path(state, self.map_path)
        tmx = tmx_floor(path, lay, self._tmx_buf) if path else None
        self._tmx_floor = tmx is not None
        if tmx is not None:  # the map's look between tiles too (walls, fireplaces, shelves: cells with no square)
            surf.blit(tmx, (0, 0), area=pygame.Rect(lay.minx * lay.sq, lay.miny * lay.sq, w, h))
        tids = sorted(b.tiles)
        for s, tid in b.square_tile.items():
            r = pygame.Rect((s[0] - lay.minx) * lay.sq, (s[1] - lay.miny) * lay.sq, lay.sq, lay.sq)
            if tmx is not None:
                surf.blit(tmx, r.topleft, area=pygame.Rect(s[0] * lay.sq, s[1] * lay.sq, lay.sq, lay.sq))
            else:
                v = (s[0] * 7 + s[1] * 13 + s[0] * s[1]) % 4
                fl = self.art.get(f"floor_{v}", lay.sq)
                if fl is not None:
                    surf.blit(fl, r.topleft)
                else:
                    pygame.draw.rect(surf, (64, 62, 62), r)
                if tids.index(tid) % 2:  # neighbouring tiles differ slightly in tone
                    surf.fill((10, 10, 14), r, special_flags=pygame.BLEND_RGB_SUB)
        # square grid: faint lines inside tiles
        grid = pygame.Surface((w, h), pygame.SRCALPHA)
        for s in b.square_tile:
            r = pygame.Rect((s[0] - lay.minx) * lay.sq, (s[1] - lay.miny) * lay.sq, lay.sq, lay.sq)
            pygame.draw.rect(grid, (0, 0, 0, 70), r, 1)
        surf.blit(grid, (0, 0))
        # tile colour band inside each tile's outline (board-game tile border)
        band = max(3, lay.sq // 16)
        inset = max(6, lay.sq // 8) // 2 + 2
        for s, tid in b.square_tile.items():
            col = T.TILE_COLOURS.get(b.tiles[tid].colour.value, (120, 120, 120))
            r = pygame.Rect((s[0] - lay.minx) * lay.sq, (s[1] - lay.miny) * lay.sq, lay.sq, lay.sq)
            r2 = pygame.Rect(r)
            for (dx, dy) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if b.square_tile.get((s[0] + dx, s[1] + dy)) != tid:
                    if dx == 1:
                        r2.width -= inset
                    elif dx == -1:
                        r2.left += inset
                        r2.width -= inset
                    elif dy == 1:
                        r2.height -= inset
                    else:
                        r2.top += inset
                        r2.height -= inset
            r = r2
            for (dx, dy) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                n = (s[0] + dx, s[1] + dy)
                if b.square_tile.get(n) == tid:
                    continue
                if dx == 1:
                    pygame.draw.rect(surf, col, (r.right - band, r.top, band, r.height))
                elif dx == -1:
                    pygame.draw.rect(surf, col, (r.left, r.top, band, r.height))
                elif dy == 1:
                    pygame.draw.rect(surf, col, (r.left, r.bottom - band, r.width, band))
                else:
                    pygame.draw.rect(surf, col, (r.left, r.top, r.width, band))
        return surf
