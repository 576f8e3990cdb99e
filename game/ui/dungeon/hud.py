"""The dungeon's panels around the board (issue 26 item 4): the top bar (round, phase, whose turn, in
the hero's colour and with the player's name), the heroes' trackers (life, energy, treasure; D-COMP-8),
the dice of the last roll with every modifier and total (D-COMBAT-1..6, D-COMBAT-13, D-SKILL-1), the
log, and an enemy's hover card (its card, 16.6, and what it will do next, from the engine).

Drawing only: the caller passes the View and the show (:mod:`.show`).
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from ...i18n import _, _f
from .. import theme as T
from ..widgets import Zone, panel
from .board import SEAT, draw_die, draw_hero
from .words import COLOUR_WORDS, KEYWORD_WORDS, PRIORITY_WORDS, SKILL_WORDS, enemy_name, hero_name, intent_text, \
    seat_of_player

#: when a list (a test sets one): the faces of every die row drawn, appended each frame
DRAWN: list[list[int]] | None = None


def _param(e: Any, key: str, default: Any = None) -> Any:
    return (e.data or {}).get(key, default)


def heart(surf: pygame.Surface, centre: tuple[float, float], r: float, col, filled: bool = True) -> None:
    """A heart (life): two circles and a point."""
    x, y = centre
    pts = [(x - r, y - r * 0.2), (x, y + r), (x + r, y - r * 0.2)]
    if filled:
        pygame.draw.circle(surf, col, (x - r * 0.5, y - r * 0.35), r * 0.55)
        pygame.draw.circle(surf, col, (x + r * 0.5, y - r * 0.35), r * 0.55)
        pygame.draw.polygon(surf, col, pts)
    else:
        pygame.draw.circle(surf, col, (x - r * 0.5, y - r * 0.35), r * 0.55, 1)
        pygame.draw.circle(surf, col, (x + r * 0.5, y - r * 0.35), r * 0.55, 1)
        pygame.draw.lines(surf, col, False, pts, 1)


def bolt(surf: pygame.Surface, centre: tuple[float, float], r: float, col) -> None:
    """A lightning bolt (energy)."""
    x, y = centre
    pygame.draw.polygon(surf, col, [(x + r * 0.2, y - r), (x - r * 0.6, y + r * 0.15), (x - r * 0.05, y + r * 0.15),
                                    (x - r * 0.25, y + r), (x + r * 0.6, y - r * 0.2), (x + r * 0.05, y - r * 0.2)])


def coin(surf: pygame.Surface, centre: tuple[float, float], r: float, col) -> None:
    """A coin (treasure)."""
    pygame.draw.circle(surf, col, centre, r)
    pygame.draw.circle(surf, T.shade(col, 0.55), centre, r * 0.6, 2)


def top_bar(surf: pygame.Surface, rect: pygame.Rect, view: Any, names: list[str], controllers: list[str],
            phase: str = "") -> None:
    """Round, phase and whose turn it is (the hero's pawn, name and player, in its colour); ``phase``:
    the phase of what is on screen (the events still being shown belong to it), default the game's."""
    pygame.draw.rect(surf, (18, 15, 18), rect)
    pygame.draw.line(surf, T.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    T.text(surf, _f("Round {n} of {limit}", n=view.round, limit=view.round_limit), (rect.left + 12, rect.centery), 17,
           T.TEXT, bold=True, anchor="midleft")
    phase = phase or view.phase
    p = view.pending
    if view.result is not None:
        what, seat = _("The dungeon is over"), None
    elif phase == "enemy":
        what, seat = _("Enemy phase: the dice act one by one"), None
    elif p is not None and p.kind == "turn_order":
        what, seat = _("Heroes' phase: choose who goes next"), None
    else:
        seat = view.active_seat
        who = seat_of_player(names, seat) + (_(" (bot)") if controllers[seat] == "bot" else "")
        what = _f("{hero}'s turn · {player}", hero=hero_name(view, seat), player=who)
    x = rect.left + 230
    if seat is not None:
        draw_hero(surf, pygame.Rect(x, rect.top + 4, rect.h - 8, rect.h - 8), seat, active=False)
        x += rect.h
        pygame.draw.rect(surf, SEAT[seat % 4], (x - 4, rect.bottom - 5, 420, 3))
    T.text(surf, what, (x, rect.centery), 18, SEAT[seat % 4] if seat is not None else T.WARN, bold=True, anchor="midleft")


def hero_rows(surf: pygame.Surface, rect: pygame.Rect, view: Any, names: list[str], controllers: list[str]) -> int:
    """One row per hero: pawn, name, player, life hearts, energy, treasure, speed. Returns the bottom."""
    y = rect.top
    for seat, h in enumerate(view.dungeon.heroes):
        r = pygame.Rect(rect.left, y, rect.w, 58)
        active = view.result is None and view.phase == "player" and view.active_seat == seat and view.pending is not None \
            and view.pending.kind != "turn_order"
        pygame.draw.rect(surf, (44, 36, 30) if active else (28, 24, 28), r, border_radius=6)
        pygame.draw.rect(surf, SEAT[seat % 4] if active else (60, 52, 56), r, 2 if active else 1, border_radius=6)
        draw_hero(surf, pygame.Rect(r.left + 4, r.top + 6, 40, 40), seat, active=False)
        st = view.stats(seat)
        name = hero_name(view, seat)
        who = seat_of_player(names, seat) + (_(" (bot)") if controllers[seat] == "bot" else "")
        T.text(surf, T.fit(name, 15, 160, bold=True), (r.left + 50, r.top + 5), 15, T.TEXT, bold=True)  # ends before the hearts
        T.text(surf, T.fit(who, 12, 150), (r.left + 50, r.top + 24), 12, T.MUTED)
        if h.dead:
            T.text(surf, _("fallen"), (r.left + 50, r.top + 40), 13, T.BAD, bold=True)
            pygame.draw.line(surf, T.BAD, (r.left + 8, r.top + 10), (r.left + 40, r.top + 44), 3)
            pygame.draw.line(surf, T.BAD, (r.left + 40, r.top + 10), (r.left + 8, r.top + 44), 3)
        else:
            if h.turn_done and view.phase == "player":
                T.text(surf, _("turn done"), (r.left + 50, r.top + 40), 12, T.DIM)
            x = r.left + 222
            n = max(1, st.life)
            size = 6 if n <= 10 else 5
            tally = T.text(surf, f"{h.life}/{st.life}", (r.right - 8, r.top + 6), 12, T.MUTED, anchor="topright")
            row = min(10, n)  # hearts a row; closer together when a long row would run into the tally
            step = min(size * 2 + 2, (tally.left - 4 - size - x) // max(1, row - 1))
            for i in range(n):
                heart(surf, (x + (i % 10) * step, r.top + 12 + (i // 10) * 13), size, (222, 64, 60), i < h.life)
            bolt(surf, (x + 4, r.top + 40), 7, (250, 220, 90))
            T.text(surf, str(h.energy), (x + 14, r.top + 40), 15, T.TEXT, bold=True, anchor="midleft")
            coin(surf, (x + 52, r.top + 40), 6, (226, 186, 84))
            T.text(surf, str(h.treasure), (x + 62, r.top + 40), 15, T.TEXT, bold=True, anchor="midleft")
            T.text(surf, _f("speed {n}", n=st.speed), (r.right - 8, r.top + 40), 12, T.MUTED, anchor="midright")
        y += 62
    return y


def dice_panel(surf: pygame.Surface, rect: pygame.Rect, view: Any, rolls: list[Any]) -> None:
    """The last roll: every die drawn with its face, the modifier and the total; a hit marked with a
    tick, a miss with a cross, a natural 6 on an attack with a star (critical, D-COMBAT-4)."""
    inner = panel(surf, rect, _("Last roll"), fill=(22, 19, 22))
    y = inner.top + 22
    if not rolls:
        T.text(surf, _("No dice rolled yet."), (inner.left, y), 14, T.DIM)
        return
    for e in rolls:
        if y > inner.bottom - 40:
            break
        k = e.kind
        if k in ("attack_roll", "skill"):
            marks = view.roll_marks(e)  # each die as the rules read it (hit, critical): asked, not re-derived
            mod = _param(e, "mod", 0)
            if k == "attack_roll":
                who = _param(e, "enemy") or ""
                fig = view.dungeon.enemy(who) if who else None
                colour = fig.colour if fig is not None else None
                hits, crits = _param(e, "hits", 0), _param(e, "criticals", 0)
                title = (_f("Attack: 1 hit, {crits} critical", crits=crits) if hits == 1 else
                         _f("Attack: {hits} hits, {crits} critical", hits=hits, crits=crits))
            else:
                colour = None
                skill = _param(e, "skill", "")
                title = _f("{skill} check: {got} of {need} successes", skill=_(SKILL_WORDS.get(skill, skill)),
                           got=sum(1 for m in marks if m["hit"]), need=_param(e, "target", 0))
            T.text(surf, T.fit(title, 14, inner.w, bold=True), (inner.left, y), 14, T.TEXT, bold=True)
            y = _dice_row(surf, inner.left, y + 20, marks, mod, colour)
        elif k in ("defence", "enemy_defence"):
            face = _param(e, "face", 1)
            total = _param(e, "total", face)
            ok = bool(_param(e, "saved") if k == "defence" else _param(e, "blocked"))
            T.text(surf, _("Defence: blocked") if ok else _("Defence: through"), (inner.left, y), 14,
                   T.OK if ok else T.BAD, bold=True)
            fig = view.dungeon.enemy(_param(e, "enemy", "")) if k == "enemy_defence" else None
            y = _dice_row(surf, inner.left, y + 20, [{"face": face, "total": total, "hit": ok, "critical": False}],
                          total - face, fig.colour if fig is not None else None)
        elif k == "treasure":
            col = _param(e, "colour")
            T.text(surf, _f("Treasure die: +{n}", n=_param(e, "n", 0)), (inner.left, y), 14, T.GOLD, bold=True)
            y = _dice_row(surf, inner.left, y + 20, [{"face": _param(e, "face", 1)}], 0, col)
        elif k == "reroll":
            T.text(surf, _f("Rerolled: {old} became {new}", old=_param(e, "old", "?"), new=_param(e, "new", "?")),
                   (inner.left, y), 14, T.TEXT)
            y += 22


def _dice_row(surf, x: int, y: int, marks: list[dict], mod: int, colour) -> int:
    """Dice in a row (``marks``: face, and when judged ``hit``/``critical``/``total``), the total under
    each die when a modifier applies; a tick for a hit or success, a cross for a miss, a star for a
    critical. Returns the next line's y. Records the faces drawn (``DRAWN``) for the tests."""
    size = 34
    if DRAWN is not None:
        DRAWN.append([m["face"] for m in marks])
    for i, m in enumerate(marks):
        r = pygame.Rect(x + i * (size + 26), y, size, size)
        draw_die(surf, r, m["face"], colour)
        if "hit" in m:
            if m["hit"]:
                pygame.draw.lines(surf, T.OK, False, [(r.right + 3, r.top + 8), (r.right + 9, r.top + 15), (r.right + 20, r.top)], 3)
            else:
                pygame.draw.line(surf, T.BAD, (r.right + 4, r.top + 2), (r.right + 16, r.top + 14), 3)
                pygame.draw.line(surf, T.BAD, (r.right + 16, r.top + 2), (r.right + 4, r.top + 14), 3)
        if m.get("critical"):
            star(surf, (r.right + 12, r.bottom - 8), 7, T.GOLD)
        if mod:
            T.text(surf, f"{m['face']}{mod:+d}={m['face'] + mod}", (r.centerx, r.bottom + 2), 12, T.MUTED, anchor="midtop")
    return y + size + (20 if mod else 8)


def star(surf: pygame.Surface, centre: tuple[float, float], r: float, col) -> None:
    """A five-pointed star (a critical, D-COMBAT-4)."""
    pts = [(centre[0] + math.cos(math.radians(-90 + 36 * i)) * (r if i % 2 == 0 else r * 0.45),
            centre[1] + math.sin(math.radians(-90 + 36 * i)) * (r if i % 2 == 0 else r * 0.45)) for i in range(10)]
    pygame.draw.polygon(surf, col, pts)


def log_panel(surf: pygame.Surface, rect: pygame.Rect, lines: list[tuple[str, str]]) -> None:
    """The last lines of the log (newest at the bottom)."""
    inner = panel(surf, rect, None, fill=(16, 14, 16))
    rows = max(1, inner.h // 19)
    y = inner.top
    for kind, text in lines[-rows:]:
        col = T.WARN if kind in ("enemy_turn", "enemy_move", "alerted") else T.BAD if kind in ("hero_damage", "hero_dies") \
            else T.GOLD if kind in ("treasure", "claim", "result") else T.TEXT
        T.text(surf, T.fit(text, 14, inner.w), (inner.left, y), 14, col)
        y += 19


def market_panel(surf: pygame.Surface, rect: pygame.Rect, view: Any, zones: Any, mouse: tuple[int, int]) -> str:
    """The market (D-ITEM-1): the face-up items with their cost; a click buys one for a hero who may
    (the engine's ``dbuy`` actions decide). Returns the hover text of the item under the pointer."""
    inner = panel(surf, rect, _("Market"), fill=(20, 18, 16), edge=(120, 96, 52))
    tip = ""
    y = inner.top + 22
    for uid in view.dungeon.market[:3]:
        iid = view.dungeon.item_defs.get(uid, uid)
        item = view.scenario.pack.items.get(iid)
        if item is None:
            continue
        r = pygame.Rect(inner.left, y, inner.w, 34)
        hot = r.collidepoint(mouse)
        pygame.draw.rect(surf, (52, 44, 34) if hot else (34, 30, 26), r, border_radius=5)
        pygame.draw.rect(surf, T.GOLD if hot else (90, 76, 50), r, 1, border_radius=5)
        _item_icon(surf, (r.left + 16, r.centery), item.use)
        T.text(surf, T.fit(_(item.name), 14, r.w - 90), (r.left + 34, r.centery), 14, T.TEXT, anchor="midleft")
        coin(surf, (r.right - 40, r.centery), 7, (226, 186, 84))
        T.text(surf, str(item.cost), (r.right - 28, r.centery), 15, T.GOLD, bold=True, anchor="midleft")
        zones.add(Zone(r, "buy", uid))
        if hot:
            tip = _(item.text) if item.text else _(item.name)
        y += 38
    if not view.dungeon.market:
        T.text(surf, _("The market is empty."), (inner.left, y), 13, T.DIM)
    return tip


def _item_icon(surf: pygame.Surface, centre: tuple[int, int], use: str) -> None:
    """A flask for a single-use item, a ring for a permanent one (D-ITEM-3/6)."""
    x, y = centre
    if use == "permanent":
        pygame.draw.circle(surf, T.GOLD, (x, y), 8, 3)
        pygame.draw.circle(surf, (150, 220, 240), (x, y - 8), 3)
    else:
        pygame.draw.rect(surf, (150, 200, 160), (x - 3, y - 10, 6, 6))
        pygame.draw.circle(surf, (150, 200, 160), (x, y + 3), 8)
        pygame.draw.circle(surf, (40, 90, 60), (x, y + 4), 5)


def enemy_card(surf: pygame.Surface, pos: tuple[int, int], view: Any, uid: str, art: Any = None) -> pygame.Rect:
    """An enemy's hover card: its name, die, life, attacks, defence, speed, keywords, target priority
    (its enemy card, 16.6) and what it will do next (``DungeonView.enemy_intent``)."""
    fig = view.dungeon.enemy(uid)
    et = view.enemy_type(uid)
    r = pygame.Rect(0, 0, 330, 232)
    r.topleft = (min(pos[0] + 18, T.W - r.w - 6), min(pos[1] + 12, T.H - r.h - 6))
    panel(surf, r, None, fill=(24, 20, 24), edge=T.GOLD)
    draw_die(surf, pygame.Rect(r.left + 10, r.top + 10, 40, 40), fig.face, fig.colour)
    icon = art.get(f"dg_{fig.type}", 40) if art is not None else None
    if icon is not None:  # the type's picture beside its die
        surf.blit(icon, (r.right - 50, r.top + 10))
    T.text(surf, T.fit(enemy_name(view, uid), 17, 210, bold=True), (r.left + 60, r.top + 10), 17, T.TEXT, bold=True)
    T.text(surf, _f("{colour} die, face {face} · life {life}/{max}", colour=_(COLOUR_WORDS.get(fig.colour, fig.colour)),
                    face=fig.face, life=fig.life, max=fig.max_life), (r.left + 60, r.top + 32), 13, T.MUTED)
    parts = []
    if et.melee.dice:
        parts.append(_f("melee {d} dice {m:+d}", d=et.melee.dice, m=et.melee.mod))
    if et.ranged.dice:
        parts.append(_f("ranged {d} dice {m:+d}", d=et.ranged.dice, m=et.ranged.mod))
    T.text(surf, T.fit(" · ".join(parts), 13, r.w - 20), (r.left + 10, r.top + 58), 13, T.TEXT)
    T.text(surf, T.fit(_f("defence {m:+d}", m=et.defence) + " · " + _f("speed {n}", n=et.speed), 13, r.w - 20),
           (r.left + 10, r.top + 78), 13, T.TEXT)
    kws = [_(KEYWORD_WORDS.get(k, k)) for k in et.keywords]
    line = _f("Targets {who}", who=_(PRIORITY_WORDS.get(et.priority, et.priority)))
    if kws:
        line += " · " + ", ".join(kws)
    T.text(surf, T.fit(line, 13, r.w - 20), (r.left + 10, r.top + 98), 13, T.MUTED)
    state = _("alerted") if fig.alerted else _("not alerted")
    if fig.stunned:
        state += " · " + _("stunned")
    T.text(surf, state, (r.left + 10, r.top + 118), 13, T.WARN if fig.alerted else T.DIM)
    T.text(surf, _("Next enemy phase:"), (r.left + 10, r.top + 142), 13, T.GOLD, bold=True)
    T.text_block(surf, intent_text(view, uid, view.enemy_intent(uid)), pygame.Rect(r.left + 10, r.top + 162, r.w - 20, 64),
                 13, T.TEXT)
    return r


__all__ = ["bolt", "coin", "dice_panel", "enemy_card", "heart", "hero_rows", "log_panel", "top_bar"]
