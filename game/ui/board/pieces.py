"""Tokens and models on the board: where each sits in its square, their pictures and badges,
which one is under the pointer."""
from __future__ import annotations

import math
from typing import Any

import pygame

from ...engine.query import Game, View
from .. import theme as T
from ...i18n import _, _f
from ..playui import PlayUI, pulse_of, Sq
from .slots import model_slots


class PieceDrawing:
    """The tokens and models of :class:`game.ui.render.PlayView` (a part of it)."""

    @staticmethod
    def busy_squares(state: Game) -> set:
        """Squares holding a token or a model (where an unexplored token is not put)."""
        return {tuple(t.pos) for t in View.of(state).tokens} | {tuple(e.pos) for e in View.of(state).enemies} \
            | {tuple(c.pos) for c in View.of(state).characters if c.pos is not None}

    @staticmethod
    def token_square(state: Game, tile, busy: set | None = None) -> Sq:
        """Where a tile's unexplored token sits: the square nearest the tile's middle that holds
        no token, spawn point or model (``busy``: PlayView.busy_squares, computed once a frame)."""
        busy = (PieceDrawing.busy_squares(state) if busy is None else busy) | set(tile.spawn_points)
        cx = sum(x for x, _ in tile.squares) / len(tile.squares)
        cy = sum(y for _, y in tile.squares) / len(tile.squares)
        return min(tile.squares, key=lambda s: (s in busy, (s[0] - cx) ** 2 + (s[1] - cy) ** 2, s[1], s[0]))

    SMALL_TOKENS = ("item", "narrative", "fixed_narrative", "objective", "progression")

    SPACE_TOKENS = ("corpse", "barrel", "typewriter")  # small bases: they share the square's slots

    #: the pictures of tokens drawn this frame (tile labels keep off them; fire is left out: it fills
    #: its square like the floor)
    token_rects: list[pygame.Rect] = []  # (a view's own list from its first frame: draw_board, draw_tokens)

    def draw_tokens(self, surf: pygame.Surface, state: Game, over: bool) -> None:
        """Under the models: fire, exit, item box. Over them: small corner markers (item, narrative ...).
        Their pictures' rectangles go to :attr:`token_rects`."""
        if "token_rects" not in self.__dict__:
            self.token_rects = []
        lay = self.layout
        sq = lay.sq
        by_sq: dict[Sq, list] = {}
        for t in View.of(state).tokens:
            if t.kind not in self.SPACE_TOKENS:
                by_sq.setdefault(tuple(t.pos), []).append(t)
        only = self.__dict__.get("_only")  # (a part of the board drawn again: draw_board)
        for s, toks in by_sq.items():
            r = lay.square_rect(s)
            if only is not None and not r.inflate(8, 8).colliderect(only):  # (its lists are the kept frame's)
                continue
            corner = 0
            for t in sorted(toks, key=lambda t: t.kind):
                k = t.kind
                if (k in self.SMALL_TOKENS) != over:
                    continue
                if k == "fire":  # inside the square's walls (the walls are in the backdrop, under it)
                    img = self.art.get("tok_fire", int(sq * 0.86))
                    if img:
                        surf.blit(img, img.get_rect(center=r.center))
                elif k == "exit":
                    img = self.art.get("tok_exit", int(sq * 0.84))
                    if img:
                        self.token_rects.append(surf.blit(img, img.get_rect(center=r.center)))
                elif k == "item_box":  # a large base: it fills its square
                    img = self.art.get("tok_item_box", int(sq * 0.9))
                    if img:
                        self.token_rects.append(surf.blit(img, img.get_rect(center=r.center)))
                    n = len(getattr(state, "item_box", []) or [])
                    T.text(surf, f"{n}", (r.right - 6, r.bottom - 4), 12, T.GOLD, bold=True, anchor="bottomright",
                           shadow=True)
                else:
                    name = {"item": f"tok_item_{str(t.props.get('letter', 'A')).upper()}",
                            "fixed_narrative": "tok_narrative"}.get(k, f"tok_{k}")
                    size = int(sq * (0.42 if k == "item" else 0.5))
                    img = self.art.get(name, size) or self.art.get("tok_objective", size)
                    pos = [(r.right - size - 1, r.top + 1), (r.left + 1, r.top + 1), (r.left + 1, r.bottom - size - 1),
                           (r.right - size - 1, r.bottom - size - 1)][corner % 4]
                    corner += 1
                    if img:
                        self.token_rects.append(surf.blit(img, pos))

    # ------------------------------------------------------------------ models
    @staticmethod
    def model_slots(n: int, r: pygame.Rect) -> list[tuple[tuple[int, int], int]]:
        """:func:`game.ui.board.slots.model_slots` (where models share a square)."""
        return model_slots(n, r)

    def count_badge(self, surf: pygame.Surface, r: pygame.Rect, n: int, cx: int | None = None) -> None:
        """'×N' on a dark pill at the foot of a square holding N models (centred at ``cx``, default
        the square's middle)."""
        size = 11 if r.width < 48 else 13
        img = T.render(f"×{n}", size, (255, 250, 240), bold=True)
        pill = img.get_rect(midbottom=(r.centerx if cx is None else cx, r.bottom + 3)).inflate(8, 0)
        pygame.draw.rect(surf, (12, 10, 12), pill, border_radius=6)
        pygame.draw.rect(surf, (220, 210, 196), pill, 1, border_radius=6)
        T.put(surf, img, img.get_rect(center=pill.center), (f"×{n}", size, (255, 250, 240), True, False), "center")

    def draw_models(self, surf: pygame.Surface, state: Game, ui: PlayUI, q: View) -> None:
        lay = self.layout
        anim = ui.anim
        moving = anim.positions()
        waiting = anim.waiting()  # (queued moves: on their square with the others, not floating)
        hidden = anim.hidden()
        by_sq: dict[Sq, list[tuple[str, Any]]] = {}
        floating: list[tuple[str, Any, tuple[float, float]]] = []
        for c in q.characters:
            if c.pos is None or c.exited:
                continue
            key = ("c", c.cid)
            if key in waiting:
                by_sq.setdefault(waiting[key], []).append(("c", c))
            elif key in moving:
                floating.append(("c", c, moving[key]))
            else:
                by_sq.setdefault(tuple(c.pos), []).append(("c", c))
        large: list[tuple[Any, tuple[float, float]]] = []
        for e in q.enemies:
            key = ("e", e.uid)
            if key in hidden:
                continue
            d = q.scenario.content.enemies.get(e.type)
            if d is not None and d.base.value == "large":  # a large base fills its square (bosses)
                large.append((e, moving.get(key, tuple(e.pos))))
            elif key in waiting:
                by_sq.setdefault(waiting[key], []).append(("e", e))
            elif key in moving:
                floating.append(("e", e, moving[key]))
            else:
                by_sq.setdefault(tuple(e.pos), []).append(("e", e))
        self.token_zones = []
        only = self.__dict__.get("_only")  # (a part of the board drawn again: draw_board)
        for e, fpos in large:
            ctr = lay.centre(fpos)
            half = lay.sq // 2 + 20
            if only is not None and not only.colliderect((ctr[0] - half, ctr[1] - half, 2 * half, 2 * half)):
                continue  # (the lists of what was drawn are the kept frame's)
            self._large(surf, state, ui, q, e, ctr)
        for t in q.tokens:
            if t.kind in self.SPACE_TOKENS:
                by_sq.setdefault(tuple(t.pos), []).append(("t", t))
        big = {tuple(e.pos) for e, _ in large}
        for s, occ in by_sq.items():
            # tokens first, then enemies: the survivors are drawn last, on top (issue 25 item 2: they
            # vanished under the enemies on a crowded square)
            occ.sort(key=lambda o: {"t": 0, "e": 1, "c": 2}[o[0]])
            r = lay.square_rect(s)
            if only is not None and not r.inflate(48, 48).colliderect(only):
                continue
            # every model inside its own square at every zoom (a fan reached over walls and labels)
            slots = self.model_slots(len(occ), r)
            if s in big:  # a boss fills this square (a shove is pending): the others stand in its corners
                slots = list(reversed(self.model_slots(4, r)))[:len(occ)]
            n_models = sum(1 for k, _ in occ if k != "t")
            for i, ((kind, obj), (ctr, rad)) in enumerate(zip(occ, slots)):
                if kind == "c" and (i == 0 or occ[i - 1][0] != "c") and n_models >= 2 and (
                        only is None or r.inflate(8, 8).colliderect(only)):
                    # the count before the survivors: drawn over it, a survivor's portrait is never
                    # hidden by a badge (issue 25's third play-test 4)
                    # three in the quadrants: the count in the fourth, the free one
                    self.count_badge(surf, r, n_models, r.left + int(r.width * 0.75 + 0.5) if len(occ) == 3 else None)
                if only is not None and not only.colliderect(self.model_box(q, kind, obj, ctr, rad)):
                    continue  # (wholly outside the part drawn again)
                self._model(surf, state, ui, q, kind, obj, ctr, rad, pips=rad >= 10 or len(occ) == 1,
                            out=(ctr[0] - r.centerx, ctr[1] - r.centery) if len(occ) > 1 else None, square=r)
            targets = [o for k, o in occ if k == "e" and o.uid in ui.marks.act.attacks]
            if len(occ) > 1 and targets and q.active_char.pos is not None and (
                    only is None or r.inflate(8, 8).colliderect(only)):  # one range tag for the shared square,
                # at its top edge between the models (each model's own reached over the count and the walls)
                self.range_tag(surf, (r.centerx, r.top - 6), self.distance(q, targets[0]))
            if n_models >= 2 and not any(k == "c" for k, _ in occ) and (
                    only is None or r.inflate(8, 8).colliderect(only)):  # how many models stand here
                self.count_badge(surf, r, n_models)
        for kind, obj, fpos in floating:
            ctr = lay.centre(fpos)
            self._model(surf, state, ui, q, kind, obj, ctr, int(lay.sq * 0.30))

    @staticmethod
    def model_box(q: View, kind: str, obj, ctr: tuple[int, int], rad: int) -> pygame.Rect:
        """A rectangle holding everything :meth:`_model` draws for a model of radius ``rad`` at ``ctr``
        (rings, crosshair ticks, range tag, wound pips, number badge), with room to spare."""
        half_w = half = rad + 24
        if kind == "e":
            pw = max(5, rad // 4)
            half_w = max(half, (q.enemy_hp(obj) * (pw + 2) + 2) // 2 + 4)
        return pygame.Rect(ctr[0] - half_w, ctr[1] - half, 2 * half_w, 2 * half)

    def _large(self, surf: pygame.Surface, state: Game, ui: PlayUI, q: View, e, ctr) -> None:
        """A large-base model (a boss): its sprite fills the square; a thin health bar at its foot;
        target, choice and enrage frames around the square."""
        m = ui.marks
        sq = self.layout.sq
        d = q.scenario.content.enemies.get(e.type)
        box = pygame.Rect(0, 0, sq - 2, sq - 2)
        box.center = ctr
        enraged = q.enraged(e)
        pulse = pulse_of(ui, 6)
        if enraged:
            glow = pygame.Surface(box.inflate(14, 14).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (255, 50, 30, int(70 + 80 * pulse)), glow.get_rect(), border_radius=10)
            surf.blit(glow, box.inflate(14, 14))
        img = self.art.get(T.enemy_sprite(e.type), box.width) or self.art.get("enemy_generic", box.width)
        if img:
            surf.blit(img, img.get_rect(center=ctr))
        if d is not None:  # the dial in miniature (the full dial is in the boss column)
            full = q.enemy_hp(e)
            left = max(0, full - e.wounds)
            bar = pygame.Rect(box.left + 5, box.bottom - 9, box.width - 10, 6)
            pygame.draw.rect(surf, (0, 0, 0), bar.inflate(2, 2))
            pygame.draw.rect(surf, (70, 30, 30), bar)
            pygame.draw.rect(surf, T.BAD if enraged else T.OK, (bar.left, bar.top, int(bar.width * left / full), bar.h))
            if sq >= 52:
                T.text(surf, f"{left}/{full}", (bar.right, bar.top - 1), 11, T.TEXT, bold=True, anchor="bottomright",
                       shadow=True)
        if e.uid in m.subjects:
            pygame.draw.rect(surf, T.lerp((150, 110, 30), T.CHOICE_HL, pulse), box.inflate(8, 8), 4, border_radius=8)
        if e.uid in m.act.attacks or e.uid in m.pick_enemies:
            col = T.TARGET_HL if e.uid in m.act.attacks else T.CHOICE_HL
            pygame.draw.rect(surf, col, box.inflate(6, 6), 4 if m.hover_enemy == e.uid else 2, border_radius=8)
            for cx, cy in (box.topleft, box.topright, box.bottomleft, box.bottomright):  # crosshair corners
                pygame.draw.circle(surf, col, (cx, cy), 5)
            if e.uid in m.act.attacks and q.active_char.pos is not None:
                self.range_tag(surf, (ctr[0], box.bottom + 2), self.distance(q, e))
        self.models.append(("e", e.uid, ctr, sq // 2))

    def _model(self, surf, state: Game, ui: PlayUI, q: View, kind: str, obj, ctr, rad: int,
               pips: bool = True, out: tuple[int, int] | None = None, square: pygame.Rect | None = None) -> None:
        """One model or space-taking token; ``pips``: draw an enemy's wound pips over it (not when
        fanned out on a crowded small square, where the hover card tells the wounds). ``out``: on a
        shared square, the model's way from the square's centre: its number badge sits on that side,
        away from the others (a badge over a survivor's portrait hid her, the third play-test 4); ``square``:
        the shared square's rectangle."""
        m = ui.marks
        if kind == "t":  # corpse, barrel, typewriter: space-taking tokens (R-COMP-9)
            img = self.art.get(f"tok_{obj.kind}", int(rad * 2.1))
            box = pygame.Rect(0, 0, rad * 2, rad * 2)
            box.center = ctr
            if img:
                surf.blit(img, img.get_rect(center=ctr))
            if obj.uid in m.act.attacks:  # a barrel that can be shot (R-BARREL-1)
                pygame.draw.rect(surf, T.TARGET_HL, box.inflate(6, 6), 3, border_radius=6)
            self.token_zones.append((obj.uid, box))
            return
        if kind == "c":
            c = obj
            cd = q.scenario.content.characters[c.cid]
            col = tuple(cd.colour)
            active = q.characters[q.active_seat].cid == c.cid and not q.over
            if active:
                pulse = pulse_of(ui, 5)
                pygame.draw.circle(surf, T.lerp((180, 140, 40), T.GOLD, pulse), ctr, rad + 5, 3)
            if c.cid in m.pick_chars:
                pygame.draw.circle(surf, T.CHOICE_HL, ctr, rad + 7, 3)
            if c.cid in m.subjects:  # the survivor a decision moves (shove R-BOSS-5, push)
                pulse = pulse_of(ui, 6)
                pygame.draw.circle(surf, T.lerp((150, 110, 30), T.CHOICE_HL, pulse), ctr, rad + 7, 4)
            self.art.portrait(surf, c.cid, ctr, rad, col, down=c.health > 5)
            pygame.draw.circle(surf, col, ctr, rad, max(2, rad // 8))  # the survivor's colour as the rim
            if c.health == 6:
                pygame.draw.line(surf, T.BAD, (ctr[0] - rad, ctr[1] - rad), (ctr[0] + rad, ctr[1] + rad), 3)
            if c.poisoned:
                pygame.draw.circle(surf, (120, 220, 60), (ctr[0] + rad - 3, ctr[1] - rad + 3), max(4, rad // 4))
            self.models.append(("c", c.cid, ctr, rad))
        else:
            e = obj
            d = q.scenario.content.enemies.get(e.type)
            img = self.art.get(T.enemy_sprite(e.type), rad * 2) or self.art.get("enemy_generic", rad * 2)
            is_target = e.uid in m.act.attacks
            if e.uid in m.subjects:  # the enemy a decision is about: a pulsing gold ring
                pulse = pulse_of(ui, 6)
                pygame.draw.circle(surf, T.lerp((150, 110, 30), T.CHOICE_HL, pulse), ctr, rad + 6, 4)
            if is_target and q.active_char.pos is not None and out is None:  # range tag (R-RANGE-2); on a
                # shared square one tag for the square, under its models (draw_models: the "r1" under "×2")
                self.range_tag(surf, (ctr[0], ctr[1] + rad + 1), self.distance(q, e))
            if is_target or e.uid in m.pick_enemies:
                col = T.TARGET_HL if is_target else T.CHOICE_HL
                hov = m.hover_enemy == e.uid
                # on a shared square the crosshair keeps to the model's own slot: rings and ticks reaching
                # 11 px out ran into each other and over the walls (issue 25 retest finding 3)
                ring, tick = (rad + 5, rad + 11) if out is None else (rad + 1, rad + 4)
                pygame.draw.circle(surf, col, ctr, ring, 4 if hov and out is None else 2 if out is None or hov else 1)
                for ang in range(4):  # crosshair ticks
                    a = ang * math.pi / 2 + math.pi / 4
                    x1, y1 = ctr[0] + math.cos(a) * (rad - 2), ctr[1] + math.sin(a) * (rad - 2)
                    x2, y2 = ctr[0] + math.cos(a) * tick, ctr[1] + math.sin(a) * tick
                    pygame.draw.line(surf, col, (x1, y1), (x2, y2), 3 if out is None else 2)
            if img:  # the picture at every size (bold silhouettes: tools/make_sprites.py)
                surf.blit(img, img.get_rect(center=ctr))
            if d is not None and (pips or e.wounds):  # wound pips: red = wounds taken, light = left (R-ENEMY-3)
                n = q.enemy_hp(e)
                pw = max(5, rad // 4)
                total = n * (pw + 2) + 2
                pill = pygame.Rect(0, 0, total, pw + 4)
                pill.midbottom = (ctr[0], ctr[1] - rad + pw // 2 + 1)
                pygame.draw.rect(surf, (0, 0, 0), pill, border_radius=3)
                for i in range(n):
                    pr_ = pygame.Rect(pill.left + 2 + i * (pw + 2), pill.top + 2, pw, pw)
                    pygame.draw.rect(surf, T.BAD if i < e.wounds else (214, 206, 196), pr_)
            no = ui.numbers.number(e.uid)
            if no is not None and rad >= 9:  # which one it is: 'Zombie 2' in the log is the token marked 2 (a
                # smaller model has none: a two-digit badge would not be readable at 960x540; the inspector numbers them)
                dx, dy = (-1, 1) if not out or out == (0, 0) else ((out[0] > 0) - (out[0] < 0), (out[1] > 0) - (out[1] < 0))
                k = rad * 7 // 10 if dx and dy else rad * 9 // 10
                self.number_badge(surf, (ctr[0] + dx * k, ctr[1] + dy * k), no, rad)
            self.models.append(("e", e.uid, ctr, rad))

    @staticmethod
    def distance(q: View, e) -> int:
        """Squares between the active survivor and enemy ``e`` (the range the attack needs, R-RANGE-2)."""
        c = q.active_char.pos
        return max(abs(e.pos[0] - c[0]), abs(e.pos[1] - c[1]))

    def range_tag(self, surf: pygame.Surface, midtop: tuple[int, int], dist: int) -> pygame.Rect:
        """The tag under an enemy in crosshairs: how many squares away it is, in words ("2 sq", not a
        bare "r2" nobody could read: issue 25 retest finding 10); "here" on the survivor's own square."""
        label = _f("{n} sq", n=dist) if dist else _("here")
        img = T.render(label, 10, (255, 255, 255), bold=True)
        tag = pygame.Rect(0, 0, max(26, img.get_width() + 8), 13)
        tag.midtop = midtop
        pygame.draw.rect(surf, (0, 0, 0), tag.inflate(2, 2), border_radius=4)
        pygame.draw.rect(surf, T.TARGET_HL, tag, border_radius=4)
        T.put(surf, img, img.get_rect(center=tag.center), (label, 10, (255, 255, 255), True, False), "center")
        return tag

    @staticmethod
    def badge_radius(no: int, rad: int) -> int:
        """The radius (px) of :meth:`number_badge`'s disc for number ``no`` on a model of radius ``rad``."""
        img = T.render(str(no), 10 if rad < 16 else 12, (255, 250, 240), bold=True)
        return max(img.get_width(), img.get_height()) // 2 + 2

    def number_badge(self, surf: pygame.Surface, at: tuple[int, int], no: int, rad: int) -> None:
        """An enemy model's number (game.ui.numbers) on a dark disc at its lower left."""
        size = 10 if rad < 16 else 12
        label = str(no)
        img = T.render(label, size, (255, 250, 240), bold=True)
        r = self.badge_radius(no, rad)
        pygame.draw.circle(surf, (12, 10, 12), at, r)
        pygame.draw.circle(surf, (220, 210, 196), at, r, 1)
        T.put(surf, img, img.get_rect(center=at), (label, size, (255, 250, 240), True, False), "center")

    def token_at(self, pos: tuple[int, int]) -> str | None:
        """The uid of the small token drawn under ``pos`` (e.g. a barrel)."""
        for uid, r in reversed(self.token_zones):
            if r.inflate(6, 6).collidepoint(pos):
                return uid
        return None

    def model_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        """The model (kind, id) drawn under ``pos``, topmost first."""
        for kind, mid, ctr, rad in reversed(self.models):
            if (pos[0] - ctr[0]) ** 2 + (pos[1] - ctr[1]) ** 2 <= (rad + 3) ** 2:
                return kind, mid
        return None
