"""What the board shows over its floor: the legal moves' highlights, sustained effects, the explore
outline and die, the scroll marks, and the animations' strike lines and arrows."""
from __future__ import annotations

import math

import pygame

from ...engine.query import Game, View
from ...i18n import _, _f, language as i18n_language
from ...i18n.messages import render, value
from .. import dashboard as DB
from .. import theme as T
from ..playui import PlayUI, pulse_of, Sq
from ..widgets import Zone
from .layout import MASTER_SQ, MASTER_THICK, NOTE_FADE, NOTE_SECS


class BoardEffects:
    """The highlights and effects of :class:`game.ui.render.PlayView` (a part of it)."""

    def draw_scroll_marks(self, surf: pygame.Surface, now: float = 0.0) -> None:
        """On a board larger than its area: arrows at the edges where more board lies, and how to
        move around (wheel zoom, right-drag or arrows to pan, Home to reset). The how-to note fades
        NOTE_SECS after the view last changed, so it does not cover tokens in the corner."""
        lay, a = self.layout, self.board_area
        self.note_alpha = 0
        if not lay.overflows and abs(self.zoom - 1.0) < 0.01:
            return
        more = {"left": lay.ox < a.left - 2, "right": lay.ox + lay.w > a.right + 2, "up": lay.oy < a.top - 2,
                "down": lay.oy + lay.h > a.bottom + 2}
        k = 9
        tips = {"left": [(a.left + 4, a.centery), (a.left + 4 + k, a.centery - k), (a.left + 4 + k, a.centery + k)],
                "right": [(a.right - 4, a.centery), (a.right - 4 - k, a.centery - k), (a.right - 4 - k, a.centery + k)],
                "up": [(a.centerx, a.top + 4), (a.centerx - k, a.top + 4 + k), (a.centerx + k, a.top + 4 + k)],
                "down": [(a.centerx, a.bottom - 4), (a.centerx - k, a.bottom - 4 - k),
                         (a.centerx + k, a.bottom - 4 - k)]}
        for side, on in more.items():
            if on:
                pygame.draw.polygon(surf, (0, 0, 0), [(x + 1, y + 2) for x, y in tips[side]])
                pygame.draw.polygon(surf, T.GOLD, tips[side])
        key = (round(self.zoom, 3), self.pan)
        if key != self.note_key:
            self.note_key, self.note_since = key, now
        age = now - self.note_since
        if age >= NOTE_SECS + NOTE_FADE:
            return
        k = 1.0 if age <= NOTE_SECS else 1.0 - (age - NOTE_SECS) / NOTE_FADE
        self.note_alpha = int(255 * k)
        label = _f("zoom {n}% · wheel or +/- zoom · right-drag or arrows pan · Home resets",
                   n=round(100 * lay.sq / lay.base))
        img = T.render(label, 11, T.MUTED)
        pill = img.get_rect(bottomleft=(a.left + 8, a.bottom - 6)).inflate(10, 4)
        if k >= 1.0:
            surf.blit(self.shade(pill.size, (10, 8, 10, 190)), pill)
            T.put(surf, img, img.get_rect(center=pill.center), (label, 11, T.MUTED, False, False), "center")
            return
        back = pygame.Surface(pill.size, pygame.SRCALPHA)  # fading out (one second): drawn afresh
        back.fill((10, 8, 10, int(190 * k)))
        surf.blit(back, pill)
        img = img.copy()  # the cached line is shared: fade a copy
        img.set_alpha(int(255 * k))
        surf.blit(img, img.get_rect(center=pill.center))

    def draw_explore_outline(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """While an exploration roll is shown, the tile being explored pulses in its colour."""
        fx = next((f for f in ui.anim.effects() if f["kind"] == "die"), None)
        tile = View.of(state).scenario.board.tiles.get((fx or {}).get("data", {}).get("tile") or "")
        if tile is None:
            return
        t = fx["t"]
        lay = self.layout
        col = T.TILE_COLOURS.get(tile.colour.value, (200, 200, 200))
        pulse = int(3 + 2 * math.sin(t * 12))
        for s in tile.squares:
            r = lay.square_rect(s)
            for (dx, dy) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (s[0] + dx, s[1] + dy) in tile.squares:
                    continue
                if dx:
                    x = r.right if dx == 1 else r.left
                    pygame.draw.line(surf, col, (x, r.top), (x, r.bottom), pulse)
                else:
                    y = r.bottom if dy == 1 else r.top
                    pygame.draw.line(surf, col, (r.left, y), (r.right, y), pulse)

    def draw_die_popup(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The encounter die being rolled (R-DIE-1): its face and what it meant, in the board's
        top-right corner (R-EXPLORE-3, R-CORPSE-2)."""
        fx = next((f for f in ui.anim.effects() if f["kind"] == "die"), None)
        if fx is None:
            return
        d, t = fx["data"], fx["t"]
        tile = View.of(state).scenario.board.tiles.get(d.get("tile") or "")
        pop = min(1.0, t * 5)  # pops in, then stays
        size = int(64 * (0.6 + 0.4 * pop))
        title, label = die_words(d, tile)
        w = max(T.font(13, True).size(T.clean(title))[0], T.font(16, True).size(T.clean(label))[0]) + 64 + 30
        box = pygame.Rect(self.board_area.right - w - 10, self.board_area.top + 8, w, 80)
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        back.fill((14, 12, 16, 225))
        surf.blit(back, box)
        hz = d.get("hazard")
        pygame.draw.rect(surf, T.BAD if hz else T.GOLD, box, 2, border_radius=8)
        img = self.art.get(f"enc_{d.get('face')}", size)
        if img:
            surf.blit(img, img.get_rect(center=(box.left + 42, box.centery)))
        T.text(surf, title, (box.left + 80, box.top + 14), 13, T.MUTED, bold=True)
        T.text(surf, label, (box.left + 80, box.top + 38), 16, T.BAD if hz else T.TEXT, bold=True)

    def draw_sustained(self, surf: pygame.Surface, state: Game) -> None:
        """Sustained-effect tokens (R-SUST-1): next to the character they affect, or on their
        tile, each with its name and when it ends; hover for the whole rule."""
        lay = self.layout
        b = View.of(state).scenario.board
        per_char: dict[str, int] = {}
        per_tile: dict[str, int] = {}
        f = T.font(11, True)
        isz = max(16, min(22, lay.sq // 3))
        only = self.__dict__.get("_only")  # (a part of the board drawn again: draw_board)
        got = self.__dict__.get("_sustained_of")  # (the view and language it was worded for: once per step)
        if got is None or got[0] is not View.of(state) or got[1] != i18n_language():
            got = self._sustained_of = (View.of(state), i18n_language(), DB.sustained(state))
        for s in got[2]:
            if s.where == "char" and s.char:
                ctr = next(((c, r) for k, mid, c, r in self.models if k == "c" and mid == s.char), None)
                if ctr is None:
                    continue
                (cx, cy), rad = ctr
                k = per_char.get(s.char, 0)
                per_char[s.char] = k + 1
                label = ""  # on a model: the token only (its name and end are in the tip and the panel)
                where = ("topleft", (cx + rad - 6 + k * 8, cy - rad - 2))
            elif s.tile in b.tiles:
                tile = b.tiles[s.tile]
                k = per_tile.get(s.tile, 0)
                per_tile[s.tile] = k + 1
                bottom = max(y for _, y in tile.squares)
                rr = lay.square_rect(max((q for q in tile.squares if q[1] == bottom), key=lambda q: q[0]))
                label = f"{_(s.name)} · {s.ends.replace('until the end of', 'to end of')}"
                # on the tile's bottom wall at its right end, where it hides the least of the tile
                where = ("midright", (rr.right - 4, rr.bottom - k * (isz + 3)))
            else:
                continue
            img = self.art.get(s.sprite, isz if label or lay.sq >= 56 else max(11, lay.sq // 3))
            txt = T.render(T.clean(label), 11, T.TEXT, bold=True) if label else None
            w = isz + 6 + txt.get_width() + 6 if txt else img.get_width() + 2 if img else isz + 2
            pill = pygame.Rect(0, 0, w, isz + 2 if txt or not img else img.get_height() + 2)
            setattr(pill, where[0], where[1])
            pill.clamp_ip(self.board_area)
            self.zones.add(Zone(pill, "item_info", None, True, s.tip(state)))
            if only is not None and not pill.colliderect(only):
                continue
            surf.blit(self.shade(pill.size, (12, 10, 14, 205)), pill)
            pygame.draw.rect(surf, s.colour, pill, 1, border_radius=4)
            if img:
                surf.blit(img, (pill.left + 1, pill.top + 1))
            if txt:
                T.put(surf, txt, (pill.left + isz + 5, pill.centery - txt.get_height() // 2),
                      (T.clean(label), 11, T.TEXT, True, False))

    def draw_highlights(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        lay, m = self.layout, ui.marks
        sq = lay.sq
        pulse = pulse_of(ui, 4.0)

        wall = math.ceil(sq * MASTER_THICK / MASTER_SQ / 2)  # the walls (in the backdrop) stay untinted

        only = self.__dict__.get("_only")  # (a part of the board drawn again: draw_board)

        def mark(s: Sq, col, strong: bool) -> None:
            r = lay.square_rect(s)
            if only is not None and not r.colliderect(only):
                return
            surf.blit(self.shade((sq - 2 * wall, sq - 2 * wall), (*col, 120 if strong else 55)),
                      r.inflate(-2 * wall, -2 * wall))
            k = lay.hl_inset
            pygame.draw.rect(surf, col, r.inflate(-2 * k, -2 * k), 3, border_radius=3)

        for s in list(m.act.moves) + list(m.act.stairs):
            mark(s, T.MOVE_HL, s == m.hover_sq)
        for s in m.choice_squares:
            mark(s, T.CHOICE_HL, s == m.hover_sq or pulse > 0.5)

    def draw_effects(self, surf: pygame.Surface, ui: PlayUI) -> None:
        """Flashes of the step playing now, above models, labels and tokens: spawn rings, damage,
        kills, strike lines, fire, barrel blasts."""
        lay = self.layout
        for frm, to, u in ui.anim.paths():  # each reacting enemy's move as an arrow (R-REACT)
            a, b = lay.centre(frm), lay.centre(to)
            end = (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
            self.arrow(surf, a, end, (232, 70, 54), head=u >= 0.999)
        for fx in ui.anim.effects():
            if fx["kind"] == "die":
                continue  # drawn above everything by draw_die_popup
            if fx["kind"] == "wound" or (fx["kind"] == "damage" and fx["data"].get("n")):  # '-n' rises and fades
                ctr = lay.centre(fx["pos"])
                t = fx["t"]
                flash = pygame.Surface((lay.sq, lay.sq), pygame.SRCALPHA)
                pygame.draw.circle(flash, (255, 255, 255, int(170 * (1 - t))), (lay.sq // 2, lay.sq // 2),
                                   int(lay.sq * 0.36))
                surf.blit(flash, flash.get_rect(center=ctr))
                n = fx["data"].get("n") or 1
                T.text(surf, f"-{n}", (ctr[0], int(ctr[1] - lay.sq * (0.35 + 0.45 * t))), max(16, lay.sq // 2),
                       (255, 70, 50) if fx["kind"] == "wound" else (255, 200, 60), bold=True, anchor="center",
                       shadow=True)
                if fx["kind"] == "wound":
                    continue
            ctr = lay.centre(fx["pos"])
            t = fx["t"]
            if fx["kind"] == "explosion":  # a short filled blast over the square and its neighbours
                rad = int(lay.sq * (0.5 + 1.0 * t))
                blast = pygame.Surface((rad * 2 + 8, rad * 2 + 8), pygame.SRCALPHA)
                a = int(200 * (1 - t) ** 1.5)
                pygame.draw.circle(blast, (255, 150, 40, a), (rad + 4, rad + 4), rad)
                pygame.draw.circle(blast, (255, 240, 160, min(255, a + 40)), (rad + 4, rad + 4), max(2, rad // 2))
                pygame.draw.circle(blast, (255, 90, 20, int(255 * (1 - t))), (rad + 4, rad + 4), rad, 4)
                surf.blit(blast, blast.get_rect(center=ctr))
                continue
            if fx["kind"] == "strike" and fx["data"].get("sweep"):  # R-BOSS-14: an arc round the boss, then the line
                to = lay.centre(fx["to"])
                reach = math.hypot(to[0] - ctr[0], to[1] - ctr[1])
                rad = int(max(lay.sq * 0.8, reach))
                ang = math.atan2(-(to[1] - ctr[1]), to[0] - ctr[0])
                span = math.pi * 0.9
                a0 = ang - span / 2 + span * t * 0.5
                box = pygame.Rect(0, 0, rad * 2, rad * 2)
                box.center = ctr
                col = T.lerp((255, 150, 60), (200, 60, 30), t)
                arc = pygame.Surface((rad * 2 + 12, rad * 2 + 12), pygame.SRCALPHA)
                pygame.draw.arc(arc, (*col, int(220 * (1 - 0.5 * t))), (6, 6, rad * 2, rad * 2), a0, a0 + span * 0.6, 7)
                surf.blit(arc, arc.get_rect(center=ctr))
                pygame.draw.line(surf, (0, 0, 0), ctr, to, 6)
                pygame.draw.line(surf, col, ctr, to, 3)
                ok = fx["data"].get("success")
                pygame.draw.circle(surf, T.OK if ok else T.BAD, to, int(lay.sq * (0.22 + 0.1 * t)), 3)
                continue
            if fx["kind"] == "quake":  # Tremor: rings round the survivor
                ok = fx["data"].get("success")
                for k in range(3):
                    rr = int(lay.sq * (0.2 + 0.18 * k + 0.2 * t))
                    pygame.draw.circle(surf, (T.OK if ok else T.WARN), ctr, rr, 2)
                continue
            if fx["kind"] == "smash":  # R-STALK-5: splinters fly from the door it forced
                to = lay.centre(fx["to"])
                mid = ((ctr[0] + to[0]) // 2, (ctr[1] + to[1]) // 2)
                for k in range(8):
                    ang = k * math.pi / 4 + 0.3
                    r0, r1 = lay.sq * (0.1 + 0.2 * t), lay.sq * (0.3 + 0.35 * t)
                    p0 = (mid[0] + math.cos(ang) * r0, mid[1] + math.sin(ang) * r0)
                    p1 = (mid[0] + math.cos(ang) * r1, mid[1] + math.sin(ang) * r1)
                    pygame.draw.line(surf, T.DOOR_DARK, p0, p1, 6)
                    pygame.draw.line(surf, T.DOOR_WOOD, p0, p1, 3)
                continue
            if fx["kind"] == "enrage":  # the boss flares red
                box = pygame.Rect(0, 0, int(lay.sq * (1.0 + 0.4 * t)), int(lay.sq * (1.0 + 0.4 * t)))
                box.center = ctr
                pygame.draw.rect(surf, (255, 60, 30), box, 5, border_radius=10)
                continue
            if fx["kind"] == "strike":  # who attacks whom
                to = lay.centre(fx["to"])
                col = T.lerp((255, 70, 50), (120, 30, 24), t)
                pygame.draw.line(surf, (0, 0, 0), ctr, to, 7)
                pygame.draw.line(surf, col, ctr, to, 4)
                pygame.draw.circle(surf, col, to, int(lay.sq * (0.2 + 0.1 * t)), 3)
                continue
            rad = int(lay.sq * (0.3 + 0.3 * t))
            col = {"spawn": (255, 80, 60), "damage": (255, 40, 40), "killed": (255, 230, 200),
                   "heal": (120, 255, 140), "fire": (255, 140, 30)}.get(fx["kind"], (255, 255, 255))
            a = int(255 * (1 - t))
            ring = pygame.Surface((rad * 2 + 8, rad * 2 + 8), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*col, a), (rad + 4, rad + 4), rad, 4)
            if fx["kind"] == "killed":
                k = rad // 2
                pygame.draw.line(ring, (*col, a), (rad + 4 - k, rad + 4 - k), (rad + 4 + k, rad + 4 + k), 5)
                pygame.draw.line(ring, (*col, a), (rad + 4 - k, rad + 4 + k), (rad + 4 + k, rad + 4 - k), 5)
            surf.blit(ring, ring.get_rect(center=ctr))

    @staticmethod
    def arrow(surf: pygame.Surface, a, b, col, head: bool = True, width: int = 4) -> None:
        """A dark-edged arrow from a to b (enemy paths)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        L = math.hypot(dx, dy)
        if L < 2:
            return
        pygame.draw.line(surf, (0, 0, 0), a, b, width + 3)
        pygame.draw.line(surf, col, a, b, width)
        if head:
            ux, uy = dx / L, dy / L
            k = max(8, width * 3)
            p1 = (b[0] - ux * k - uy * k * 0.6, b[1] - uy * k + ux * k * 0.6)
            p2 = (b[0] - ux * k + uy * k * 0.6, b[1] - uy * k - ux * k * 0.6)
            pygame.draw.polygon(surf, (0, 0, 0), [b, p1, p2], 0)
            pygame.draw.polygon(surf, col, [(b[0] - ux * 2, b[1] - uy * 2), p1, p2])


def die_words(d: dict, tile) -> tuple[str, str]:
    """(title, result line) of the encounter-die popup (R-EXPLORE-3, R-CORPSE-2) in the language of
    the moment, from the engine's event kept in the step (``d["event"]``): session-36 retest m29 read
    "Exploration: Pawn Shop (yellow) / 4 → 1 appears" in English in a Japanese game."""
    e, face, lang = d.get("event"), d.get("face"), i18n_language()
    if e is not None and e.kind == "explore":
        where = render("short|roll.explores", e.params, lang)
        what = value(e.params.get("what", ""), lang)
        got = (_f("{what} appears", what=what) if len(e.data.get("spawn") or []) == 1 else
               _f("{what} appear", what=what)) if e.data.get("spawn") else _("nothing appears")
        return _f("Exploration: {where}", where=where), f"{face} → {got}"
    if e is not None and e.kind == "corpse":
        return _("Corpse check"), f"{face} → " + (_("Hazard — the dead rise!") if e.data.get("hazard")
                                                  else _("No hazard — nothing stirs."))
    title = _(d.get("title", "Encounter die"))  # (a step made without its event)
    if tile is not None:
        title = f"{title}: {_(tile.name)}"
    return title, f"{face} → {_(d.get('label', ''))}"
