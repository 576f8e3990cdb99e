"""The exchange dialog over the board: the item box (stash / take), searching an unconscious
survivor and trading, as two inventories side by side with a button per legal move.

It is drawn by the play view while the pending decision is ``stash``, ``take`` or ``trade``
(R-IBOX-2/3, R-SEARCH-5/6, R-TRADE-1..3). Every button carries one action from
``View.of(state).pending.options``; the dialog itself changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ..engine import Action
from ..engine.query import Game, View
from ..engine import CharState
from ..i18n import N_, _, _f
from . import theme as T
from .ruleids import showing, tagged  # rule tags only with "Show rule IDs"
from .widgets import Zone, button, panel

if TYPE_CHECKING:
    from .playui import PlayUI
    from .render import PlayView

ROW_H = 30


@dataclass
class Exchange:
    """What the dialog shows for the pending decision."""

    kind: str  # "stash" | "take" | "trade"
    me: CharState
    other: CharState | None  # trade partner or the unconscious survivor being searched
    box: bool  # the right-hand side is the item box
    gives: dict[str, Action] = field(default_factory=dict)  # my card uid -> put / give
    takes: dict[str, Action] = field(default_factory=dict)  # their card uid -> take
    done: Action | None = None
    call_off: Action | None = None  # trade only: put everything back (issue 16, R-TRADE-2)


def box_limit(state: Game) -> int:
    """Item box capacity (R-IBOX-4: 8; solo mode 24, R-SOLO-3)."""
    return View.of(state).box_limit()


def exchange_of(state: Game) -> Exchange | None:
    """The exchange in progress, or None when the pending decision is not one."""
    p = View.of(state).pending
    if p is None or View.of(state).over or p.kind not in ("stash", "take", "trade"):
        return None
    try:
        me = View.of(state).char(p.ctx.get("cid"))
    except KeyError:
        me = View.of(state).active_char
    other = None
    box = p.kind == "stash" or p.ctx.get("src") == "box"
    if p.kind == "trade" or (p.kind == "take" and not box):
        try:
            other = View.of(state).char(p.ctx.get("other") if p.kind == "trade" else p.ctx.get("src"))
        except KeyError:
            return None
    ex = Exchange(p.kind, me, other, box)
    for a in p.options:
        if a.kind in ("put", "give") and a.item:
            ex.gives[a.item] = a
        elif a.kind == "take" and a.item:
            ex.takes[a.item] = a
        elif a.kind == "done":
            ex.done = a
        elif a.kind == "decline":
            ex.call_off = a
    return ex


def draw_exchange(view: "PlayView", surf: pygame.Surface, state: Game, ui: "PlayUI",
                  area: pygame.Rect) -> pygame.Rect | None:
    """Draw the dialog centred in ``area`` (the board); returns its rect, or None if none is open."""
    ex = exchange_of(state)
    if ex is None:
        return None
    q = View.of(state)
    ct = View.of(state).scenario.content
    mouse = ui.mouse
    me_d = ct.characters[ex.me.cid]
    limit = q.inventory_limit(ex.me)
    blimit = box_limit(state)
    if ex.box:
        right_slots: list[list[str]] = list(View.of(state).item_box)
        shown = max(len(right_slots), min(blimit, 8))
    else:
        right_slots = list(ex.other.inventory) if ex.other else []
        shown = max(len(right_slots), 1)
    rows = max(len(ex.me.inventory), shown, 1)
    w, h = min(area.width - 24, 780), 70 + rows * ROW_H + 66
    r = pygame.Rect(0, 0, w, min(h, area.height - 12))
    r.center = area.center
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surf.blit(shade, area.topleft)
    pygame.draw.rect(surf, (0, 0, 0), r.move(4, 6), border_radius=10)
    panel(surf, r, None, fill=(24, 21, 26), edge=T.GOLD)
    view.zones.add(Zone(r, "dialog"))  # clicks on the dialog never reach the board under it
    # title
    if ex.kind == "stash":
        title = _f("Item box — stash ({n}/{limit})", n=len(View.of(state).item_box), limit=blimit)
    elif ex.kind == "take" and ex.box:
        title = _f("Item box — take items ({n}/{limit})", n=len(View.of(state).item_box), limit=blimit)
    elif ex.kind == "take":
        title = _f("Search {name} (unconscious)", name=_(ct.characters[ex.other.cid].name))
    else:
        title = _f("Trade between {a} and {b}", a=_(me_d.name), b=_(ct.characters[ex.other.cid].name))
    T.text(surf, title, (r.left + 18, r.top + 12), 19, T.GOLD, bold=True)
    colw = (r.width - 18 * 2 - 24) // 2
    lx, rx = r.left + 18, r.left + 18 + colw + 24
    y0 = r.top + 48
    # left: my inventory
    T.text(surf, f"{_(me_d.name).upper()}  {len(ex.me.inventory)}/{limit}", (lx, y0), 13, tuple(me_d.colour), bold=True)
    verb = {"stash": _("Put »"), "trade": _("Give »")}.get(ex.kind)
    y = y0 + 20
    for slot in ex.me.inventory:
        a = ex.gives.get(slot[0])
        bts = [(verb, "option", a, a is not None)] if verb else []
        view.slot_row(surf, state, q, slot, pygame.Rect(lx, y, colw, ROW_H - 4), bts, mouse)
        y += ROW_H
    if not ex.me.inventory:
        T.text(surf, _("(empty)"), (lx, y + 4), 14, T.DIM)
    # right: the box or the other survivor
    if ex.box:
        head = _f("ITEM BOX  {n}/{limit}", n=len(View.of(state).item_box), limit=blimit)
        col = T.GOLD
    else:
        od = ct.characters[ex.other.cid]
        head = f"{_(od.name).upper()}  {len(ex.other.inventory)}/{q.inventory_limit(ex.other)}"
        col = tuple(od.colour)
    T.text(surf, head, (rx, y0), 13, col, bold=True)
    y = y0 + 20
    for i in range(shown):
        rr = pygame.Rect(rx, y, colw, ROW_H - 4)
        if i < len(right_slots):
            slot = right_slots[i]
            a = ex.takes.get(slot[0])
            bts = [(_("« Take"), "option", a, a is not None)] if ex.kind != "stash" else []
            view.slot_row(surf, state, q, slot, rr, bts, mouse)
        else:
            pygame.draw.rect(surf, (44, 40, 46), rr, 1, border_radius=4)
            T.text(surf, _("empty slot"), (rr.left + 10, rr.centery), 12, T.DIM, anchor="midleft")
        y += ROW_H
    if ex.box and blimit > shown and len(right_slots) >= shown:
        T.text(surf, _f("{n} more free", n=blimit - len(right_slots)), (rx, y + 2), 12, T.DIM)
    # footer: what the rules allow, and Done
    fy = r.bottom - 52
    pygame.draw.line(surf, (60, 50, 56), (r.left + 12, fy - 6), (r.right - 12, fy - 6), 1)
    if ex.kind == "stash":
        note = tagged(_f("Put any number of items into the box (one action in all); weapons keep their ammo. The "
                         "box holds {limit}. Taking items out is a separate Search action.", limit=blimit),
                      "R-IBOX-2, R-IBOX-4", None, "()")
        if len(View.of(state).item_box) >= blimit:
            note = tagged(_f("The box is full ({limit}): nothing more fits.", limit=blimit), "R-IBOX-4", None, "()")
    elif ex.kind == "trade":
        note = tagged(_("Give and take freely; a weapon keeps its ammo. Both inventories must be within their "
                        "limits to finish."), "R-TRADE-1..3", None, "()")
        if ex.done is None:
            note = tagged(_("Someone is over their inventory limit: move another item, or call the trade off. Each "
                            "item changes hands once per trade."), "R-TRADE-2", None, "()")
    else:
        room = len(ex.me.inventory) < limit
        note = (tagged(_("Take items while you have free slots; weapons keep their ammo."), "R-SEARCH-6", None, "()") if room else
                tagged(_f("Your inventory is full ({n}/{limit}): nothing more can be taken.",
                   n=len(ex.me.inventory), limit=limit), "R-SEARCH-6", None, "()"))
    right = r.right - 18
    if ex.done is not None:
        right -= 154
        button(surf, view.zones, pygame.Rect(right, fy + 2, 154, 34), _("Done · Space"), "option", ex.done,
               hover=mouse, size=15, primary=True)
        right -= 10
    if ex.call_off is not None:
        right -= 110
        button(surf, view.zones, pygame.Rect(right, fy + 2, 110, 34), _("Call off"), "option", ex.call_off,
               hover=mouse, size=14)
        right -= 10
    T.text_block(surf, note, pygame.Rect(r.left + 18, fy, max(80, right - r.left - 18), 46), 13, T.MUTED,
                 max_lines=2)
    return r


def draw_gear(view: "PlayView", surf: pygame.Surface, state: Game, ui: "PlayUI",
              area: pygame.Rect) -> pygame.Rect | None:
    """The set-up gear decision (R-STAND-3, DV-21) as a dialog: the card being dealt with its icon
    and text, the cards still to come, and one row per survivor (inventory count, room, Give)
    plus the item box. Each button carries one ``give`` action from ``View.of(state).pending.options``;
    its number is the key that picks it."""
    p = View.of(state).pending
    if p is None or View.of(state).over or p.kind != "gear" or not p.options:
        return None
    q = View.of(state)
    ct = View.of(state).scenario.content
    mouse = ui.mouse
    uid = p.options[0].item
    pile = list(View.of(state).pile("gear"))
    d = q.item(uid)
    by_target = {a.target: (i, a) for i, a in enumerate(p.options)}
    rows = len(View.of(state).characters) + 1
    w = min(area.width - 24, 620)
    # the cards still to come: one entry per kind ("Grenade Launcher ×2"), wrapped onto more lines
    rest = [u for u in pile if u != uid]
    kinds: dict[str, list[str]] = {}
    for u in rest:
        kinds.setdefault(_(q.item(u).name), []).append(u)
    head = _f("Still to deal after this one ({n}):", n=len(rest))  # two Shotguns read as one dealt twice (play3)
    deal_lines: list[list[tuple[str, str]]] = [[]]
    lx = T.font(12).size(head)[0] + 8
    for name, us in kinds.items():
        label = name if len(us) == 1 else f"{name} ×{len(us)}"
        need = 20 + T.font(12).size(label)[0] + 12
        if deal_lines[-1] and lx + need > w - 36:
            deal_lines.append([])
            lx = 0
        deal_lines[-1].append((us[0], label))
        lx += need
    h = 154 + rows * 40 + 18 * (len(deal_lines) - 1)
    r = pygame.Rect(0, 0, w, min(h, area.height - 12))
    r.center = area.center
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 140))
    surf.blit(shade, area.topleft)
    pygame.draw.rect(surf, (0, 0, 0), r.move(4, 6), border_radius=10)
    panel(surf, r, None, fill=(24, 21, 26), edge=T.GOLD)
    view.zones.add(Zone(r, "dialog"))
    x = r.left + 18
    T.text(surf, _("EXTRA GEAR FOR THIS SCENARIO"), (x, r.top + 12), 12, T.MUTED, bold=True)
    if showing():
        T.text(surf, "R-STAND-3", (r.right - 18, r.top + 12), 11, (200, 90, 80), mono=True, anchor="topright")
    # the card being dealt
    icon = view.art.get(view.art.item_icon(d.id, d.type, d.herb), 56)
    card = pygame.Rect(x, r.top + 34, 70, 70)
    pygame.draw.rect(surf, T.PANEL_HI, card, border_radius=8)
    pygame.draw.rect(surf, T.GOLD, card, 2, border_radius=8)
    if icon:
        surf.blit(icon, icon.get_rect(center=card.center))
    tx = card.right + 14
    T.text(surf, _f("Who takes the {item}?", item=_(d.name)), (tx, card.top), 19, T.GOLD, bold=True)
    extra = []
    if d.weapon is not None and d.weapon.capacity:
        extra.append(_f("ammo {n}/{cap}", n=View.of(state).card(uid).ammo or 0, cap=d.weapon.capacity))
    info = (_(d.text) if d.text else d.type.capitalize()) + (f" ({', '.join(extra)})" if extra else "")
    T.text_block(surf, info, pygame.Rect(tx, card.top + 28, r.right - 18 - tx, 40), 13, (200, 190, 176), max_lines=2)
    ny = card.bottom + 8
    if rest:
        lx = x + T.text(surf, head, (x, ny), 12, T.MUTED).width + 8
        for i, line in enumerate(deal_lines):
            if i:
                ny += 18
                lx = x
            for u, label in line:
                du = q.item(u)
                ic = view.art.get(view.art.item_icon(du.id, du.type, du.herb), 18)
                if ic:
                    surf.blit(ic, (lx, ny - 1))
                lx = T.text(surf, label, (lx + 20, ny), 12, T.TEXT).right + 12
    else:
        T.text(surf, _("The last card to deal."), (x, ny), 12, T.MUTED)
    # one row per survivor, then the item box
    y = ny + 26
    for c in View.of(state).characters:
        cd = ct.characters[c.cid]
        lim = q.inventory_limit(c)
        n = len(c.inventory)
        rr = pygame.Rect(x, y, r.width - 36, 34)
        pygame.draw.rect(surf, T.PANEL, rr, border_radius=5)
        col = tuple(cd.colour)
        view.art.portrait(surf, c.cid, (rr.left + 18, rr.centery), 14, col)
        T.text(surf, _(cd.name), (rr.left + 40, rr.top + 2), 15, T.TEXT, bold=True)
        free = lim - n
        room = _f("inventory {n}/{lim} · room for {free}", n=n, lim=lim, free=free) if free > 0 else \
            _f("inventory {n}/{lim} · full", n=n, lim=lim)
        T.text(surf, room, (rr.left + 40, rr.top + 19), 12, T.OK if free > 0 else T.DIM)
        ix = rr.left + 250
        for slot in c.inventory[:8]:  # what they already carry, as icons
            du = q.item(slot[0])
            ic = view.art.get(view.art.item_icon(du.id, du.type, du.herb), 18)
            if ic:
                surf.blit(ic, (ix, rr.centery - 9))
            ix += 20
        hit = by_target.get(c.cid)
        label = _f("{n}  Give", n=hit[0] + 1) if hit else _("No room")
        button(surf, view.zones, pygame.Rect(rr.right - 110, rr.top + 3, 106, 28), label, "option",
               hit[1] if hit else None, hover=mouse, size=14, primary=hit is not None, enabled=hit is not None)
        y += 40
    hit = by_target.get("box")
    rr = pygame.Rect(x, y, r.width - 36, 34)
    pygame.draw.rect(surf, T.PANEL, rr, border_radius=5)
    img = view.art.get("tok_item_box", 28)
    if img:
        surf.blit(img, img.get_rect(center=(rr.left + 18, rr.centery)))
    T.text(surf, _("Item box"), (rr.left + 40, rr.top + 2), 15, T.TEXT, bold=True)
    T.text(surf, tagged(_f("{n}/{limit} · take it out later with a Search action",
                           n=len(View.of(state).item_box), limit=box_limit(state)), "R-IBOX-3", None, "()"),
           (rr.left + 40, rr.top + 19), 12, T.MUTED)
    if hit:
        button(surf, view.zones, pygame.Rect(rr.right - 110, rr.top + 3, 106, 28), _f("{n}  Box", n=hit[0] + 1), "option",
               hit[1], hover=mouse, size=14)
    return r
