"""Walls, doors, barricades and archways on the board, with the glow of a door that can be opened."""
from __future__ import annotations

import pygame

from ...engine import edge_id, edge_key, EdgeState, parse_edge_id
from ...engine.query import Game, View
from .. import theme as T
from ..playui import PlayUI
from .layout import BoardLayout


class EdgeDrawing:
    """The edges of :class:`game.ui.render.PlayView` (a part of it)."""

    def draw_edges(self, surf: pygame.Surface, state: Game, q: View, ui: PlayUI) -> None:
        """The glow of doors the player may open, close or clear (R-DOOR-1). Walls, doors, archways
        and barricades themselves are part of the cached backdrop (:meth:`backdrop_master`), redrawn
        only when an edge changes."""
        lay = self.layout
        thick = max(6, lay.sq // 7)
        for eid in ui.marks.act.doors:
            a, b = parse_edge_id(eid)
            p0, p1 = lay.edge_segment(a, b)
            self._door_glow(surf, p0, p1, thick, eid == ui.marks.hover_edge)

    def _door_glow(self, surf, p0, p1, thick: int, hover: bool) -> None:
        horiz = p0[1] == p1[1]
        L = abs(p1[0] - p0[0]) if horiz else abs(p1[1] - p0[1])
        span = L - 2 * int(L * 0.14)
        cx, cy = (p0[0] + p1[0]) // 2, (p0[1] + p1[1]) // 2
        glow = pygame.Rect(0, 0, span + 10, thick * 3 + 10) if horiz else pygame.Rect(0, 0, thick * 3 + 10, span + 10)
        glow.center = (cx, cy)
        surf.blit(self.shade(glow.size, (*T.DOOR_HL, 110 if hover else 45)), glow)
        pygame.draw.rect(surf, T.DOOR_HL, glow, 3 if hover else 2, border_radius=4)

    def _edge_shapes(self, surf: pygame.Surface, state: Game, q: View, lay: "BoardLayout", thick: int) -> None:
        b = View.of(state).scenario.board
        sq = lay.sq
        done: set = set()
        walls: list[pygame.Rect] = []
        feats: list[tuple] = []
        for s in b.square_tile:
            for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                n = (s[0] + dx, s[1] + dy)
                k = edge_key(s, n)
                if k in done:
                    continue
                done.add(k)
                st = q.edge(s, n)
                feat = b.features.get(k)
                p0, p1 = lay.edge_segment(s, n)
                if feat is None:
                    if st == EdgeState.WALL:
                        walls.append(self._wall_rect(p0, p1, thick))
                    continue
                feats.append((p0, p1, st, edge_id(k)))
        # two passes so the red edging never cuts across a joined wall (R-WALL-1)
        for r in walls:
            pygame.draw.rect(surf, T.WALL_EDGE, r.inflate(4, 4))
        for r in walls:
            pygame.draw.rect(surf, T.WALL, r)
        for p0, p1, st, eid in feats:
            self._feature(surf, p0, p1, st, thick, sq, False, False, bool(View.of(state).locks.get(eid)))

    @staticmethod
    def _wall_rect(p0, p1, thick: int) -> pygame.Rect:
        half = thick // 2
        if p0[1] == p1[1]:
            return pygame.Rect(min(p0[0], p1[0]) - half, p0[1] - half, abs(p1[0] - p0[0]) + thick, thick)
        return pygame.Rect(p0[0] - half, min(p0[1], p1[1]) - half, thick, abs(p1[1] - p0[1]) + thick)

    def _wall(self, surf: pygame.Surface, p0, p1, thick: int) -> None:
        """Thick dark line with red edging (R-WALL-1)."""
        r = self._wall_rect(p0, p1, thick)
        pygame.draw.rect(surf, T.WALL_EDGE, r.inflate(4, 4))
        pygame.draw.rect(surf, T.WALL, r)

    def _feature(self, surf, p0, p1, st: EdgeState, thick: int, sq: int, legal: bool, hover: bool,
                 locked: bool) -> None:
        horiz = p0[1] == p1[1]
        L = abs(p1[0] - p0[0]) if horiz else abs(p1[1] - p0[1])
        post = int(L * 0.14)
        # wall stubs at both ends (the door frame)
        if horiz:
            a0, a1 = p0, (p0[0] + post, p0[1])
            b0, b1 = (p1[0] - post, p1[1]), p1
        else:
            a0, a1 = p0, (p0[0], p0[1] + post)
            b0, b1 = (p1[0], p1[1] - post), p1
        self._wall(surf, a0, a1, thick)
        self._wall(surf, b0, b1, thick)
        cx, cy = (p0[0] + p1[0]) // 2, (p0[1] + p1[1]) // 2
        span = L - 2 * post
        if legal:
            glow = pygame.Rect(0, 0, span + 10, thick * 3 + 10) if horiz else pygame.Rect(0, 0, thick * 3 + 10, span + 10)
            glow.center = (cx, cy)
            g = pygame.Surface(glow.size, pygame.SRCALPHA)
            g.fill((*T.DOOR_HL, 150 if hover else 60))
            surf.blit(g, glow)
            pygame.draw.rect(surf, T.DOOR_HL, glow, 3 if hover else 1, border_radius=4)
        # doors, archways and barricades are pictures (tools/make_sprites.py) drawn along the edge
        if st == EdgeState.WALL:
            self._wall(surf, a1, b0, thick)
            return
        name, across = {EdgeState.DOOR_CLOSED: ("door_closed", thick + 14), EdgeState.BARRICADE: ("barricade", thick + 14),
                        EdgeState.ARCHWAY: ("archway", thick + 10)}.get(st, (None, 0))
        if st == EdgeState.BARRICADE:
            self._wall(surf, a1, b0, thick)
        if name is not None:
            img = self.art.get(name, span + (thick if st == EdgeState.ARCHWAY else 0), across)
            if img is not None:
                if not horiz:
                    img = pygame.transform.rotate(img, 90)
                surf.blit(img, img.get_rect(center=(cx, cy)))
            if st == EdgeState.DOOR_CLOSED and locked:  # a padlock on the door (R-DOOR-5)
                lock = self.art.get("tok_padlock", max(14, int(sq * 0.34)))
                if lock:
                    surf.blit(lock, lock.get_rect(center=(cx, cy)))
        elif st == EdgeState.DOOR_OPEN:  # the leaf swung open from the first post (the picture's bottom-left)
            leaf = int(span * 0.95)
            img = self.art.get("door_open", leaf)
            if img is not None:
                if horiz:
                    surf.blit(img, img.get_rect(bottomleft=(a1[0], a1[1] + 3)))
                else:
                    img = pygame.transform.rotate(img, 90)  # hinge at the lower post, leaf to the left of the edge
                    surf.blit(img, img.get_rect(bottomright=(b0[0] + 3, b0[1])))
