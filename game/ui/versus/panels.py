"""The versus screen's side panel (issue 27 item 3): per faction its symbol, player, who plays it,
the command-point dial (V-CP-3: public), the six order tiles ready or used (V-ORDER-2/3) and its
characters (card side, wounds, items, activated this round); the decision panel of the person
deciding (activation with one or two tiles, sections with their CP, targets, doors, items, duel
declarations and secret bids, the card after a kill, the deployment); the last close-combat or
destruction roll with every die, armour and critical; the hover card of a model; the victory
screen. Everything is read from the looking seat's ``VsView`` and its legal actions."""
from __future__ import annotations

from typing import Any

import pygame

from ...engine.actions import visible_to
from ...engine.query import View
from ...engine.versus.data import ROSTER, TILES
from ...i18n import N_, _, _f
from .. import theme as T
from ..widgets import Zone, button, panel
from ..words import words
from . import art
from . import words as W
from .layout import BOARD_AREA, SIDE

ROW = 17
#: (the scenario's victory kind, the winner) -> which condition of 20.6 / 20.7 was met, in words
VICTORY_WORDS = {("swift", "directorate"): N_("Mara carried the data core out."),
                 ("swift", "syndicate"): N_("Mara is dead."),
                 ("swift", "timeout"): N_("Time ran out before Mara got away."),
                 ("sanctuary", "directorate"): N_("Two agents stand in the chapel."),
                 ("sanctuary", "syndicate"): N_("An agent is dead."),
                 ("sanctuary", "draw"): N_("Round 10 ended with neither side's goal met.")}


def draw_side(sc: Any, surf: pygame.Surface, vw: Any) -> None:
    y = SIDE.top
    for seat in range(2):
        y = draw_faction(sc, surf, vw, seat, pygame.Rect(SIDE.left, y, SIDE.w, 0)) + 6
    dec = pygame.Rect(SIDE.left, y, SIDE.w, SIDE.bottom - y - 112)
    draw_decision(sc, surf, vw, dec)
    draw_roll(sc, surf, vw, pygame.Rect(SIDE.left, SIDE.bottom - 106, SIDE.w, 106))


def draw_faction(sc: Any, surf: pygame.Surface, vw: Any, seat: int, r: pygame.Rect) -> int:
    fac = vw.factions[seat]
    figs = [f for f in vw.figures if f.seat == seat]
    r.h = 54 + ROW * len(figs)
    active = View(sc.state, None).deciding_seats()[:1] == (seat,) and View(sc.state, None).outcome() is None
    panel(surf, r, None, fill=T.PANEL if not active else T.PANEL_HI, edge=art.faction_colour(fac) if active else T.PANEL_EDGE)
    art.faction_symbol(surf, fac, (r.left + 16, r.top + 15), 10)
    T.text(surf, T.fit(f"{W.faction(fac)} · {sc.seat_label(seat)}", 14, 230, True), (r.left + 32, r.top + 6), 14,
           T.TEXT, bold=True)
    T.text(surf, _(W.CONTROLLER_NAMES.get(sc.controllers[seat], sc.controllers[seat])), (r.right - 8, r.top + 7), 12,
           T.MUTED, anchor="topright")
    # V-CP-3: the command-point dial (pips) and V-ORDER-3: the tiles still ready
    start = next((e.data.get("cp") for e in reversed(sc.events) if e.kind == "round"), None)  # this round's refill
    allowance = max(vw.cp[seat], start[seat] if start else vw.scenario.cp[fac])
    T.text(surf, _("CP"), (r.left + 10, r.top + 27), 12, T.GOLD, bold=True)
    w = art.cp_pips(surf, vw.cp[seat], allowance, (r.left + 34, r.top + 29), 10)
    T.text(surf, str(vw.cp[seat]), (r.left + 40 + w, r.top + 27), 13, T.GOLD, bold=True, mono=True)
    used = set(sc.used_tiles()[seat])
    x = r.left + 200
    for tid, t in TILES.items():
        tr = pygame.Rect(x, r.top + 26, 34, 20)
        ready = tid not in used
        pygame.draw.rect(surf, (70, 62, 52) if ready else (30, 28, 30), tr, border_radius=3)
        pygame.draw.rect(surf, T.GOLD if ready else (70, 66, 70), tr, 1, border_radius=3)
        for i, (kind, cap) in enumerate(t.sections):
            cx = tr.left + 9 + i * 16
            art.section_icon(surf, kind, (cx, tr.centery), 5, (236, 230, 218) if ready else (90, 86, 90))
        if not ready:  # used: a stroke across (not colour alone)
            pygame.draw.line(surf, (150, 60, 60), tr.bottomleft, tr.topright, 2)
        sc.zones.add(Zone(tr, "tip", None, True, _f("{tile}: {sections}", tile=W.tile(tid), sections=section_words(tid))
                          + ("" if ready else " · " + _("used this round"))))
        x += 36
    for i, f in enumerate(figs):
        yy = r.top + 50 + i * ROW
        col = T.DIM if f.dead else (T.MUTED if f.activated else T.TEXT)
        art.char_glyph(surf, f.cid, (r.left + 18, yy + 7), 6, art.faction_colour(fac) if not f.dead else (90, 86, 90))
        T.text(surf, T.fit(W.char(f.cid), 13, 130), (r.left + 30, yy), 13, col)
        cdef = ROSTER[f.cid]
        if f.dead:
            T.text(surf, _("dead"), (r.left + 170, yy), 12, T.DIM)
        else:
            side = cdef.side(f.side)
            # the card: healthy (light) or wounded (a torn red card), wound pips out of its LP
            card = pygame.Rect(r.left + 166, yy + 1, 12, 14)
            pygame.draw.rect(surf, (220, 214, 200) if f.side == "healthy" else (170, 40, 40), card, border_radius=2)
            if f.side == "wounded":
                pygame.draw.line(surf, (255, 220, 210), card.topleft, card.bottomright, 2)
            for k in range(side.lp):
                c = (card.right + 8 + k * 10, yy + 8)
                pygame.draw.circle(surf, (200, 190, 170), c, 4, 1)
                if k < f.wounds:
                    pygame.draw.circle(surf, (220, 60, 50), c, 3)
            T.text(surf, _f("MP {mp} · armour {a}", mp=side.mp, a=side.armour), (r.left + 240, yy), 11, T.MUTED)
            for k, it in enumerate(f.items):
                kind = next((i.kind for i in vw.scenario.map.items if i.id == it), "card")
                art.item_icon(surf, kind, (r.right - 40 + k * 14, yy + 8), 5)
            if f.activated:  # spent this round: an hourglass mark
                c = (r.right - 12, yy + 8)
                pygame.draw.polygon(surf, T.MUTED, [(c[0] - 4, c[1] - 6), (c[0] + 4, c[1] - 6), (c[0] - 4, c[1] + 6),
                                                    (c[0] + 4, c[1] + 6)], 1)
    return r.bottom


def section_words(tid: str) -> str:
    return ", ".join(_f("{order} up to {n} CP", order=_(W.SECTION_NAMES[k]), n=cap) for k, cap in TILES[tid].sections)


# ------------------------------------------------------------------ the decision panel
def draw_decision(sc: Any, surf: pygame.Surface, vw: Any, r: pygame.Rect) -> None:
    panel(surf, r, None, fill=(22, 20, 24))
    v = View(sc.state, None)
    if v.outcome() is not None:
        return
    inner = r.inflate(-16, -12)
    if not sc.my_turn():
        thinking = sc.bots.thinking()
        seats = v.deciding_seats()
        who = sc.seat_label(seats[0]) if seats else ""
        if thinking is not None:
            sc.draw_thinking(surf, (inner.left + 10, inner.top + 12))
            T.text(surf, _f("{name} is thinking…", name=sc.seat_label(thinking)), (inner.left + 26, inner.top + 3), 15,
                   T.TEXT, bold=True)
            T.text(surf, _("Space: show its answer at once · Esc: stop and pause"), (inner.left, inner.top + 28), 12, T.DIM)
        elif seats:
            T.text(surf, _f("Waiting for {name}.", name=who), (inner.left, inner.top + 3), 15, T.MUTED)
        if sc.bots.players:
            button(surf, sc.zones, pygame.Rect(inner.right - 90, inner.bottom - 30, 90, 28), _("Skip"), "skip",
                   hover=sc.mouse, size=13, tip=_("Show the bot's next answer at once"))
        return
    p = v.pending
    T.text_block(surf, W.prompt(p), pygame.Rect(inner.left, inner.top, inner.w, 40), 15, T.GOLD, bold=True)
    y = inner.top + 42
    legal = sc.legal()
    kind = p.kind
    if kind == "vs_deploy":
        y = deploy_panel(sc, surf, vw, inner, y)
    elif kind == "activate":
        y = activate_panel(sc, surf, vw, inner, y, legal)
    elif kind == "order":
        y = order_panel(sc, surf, vw, inner, y, legal)
    elif kind == "vs_bid":
        y = bid_panel(sc, surf, vw, inner, y, legal)
    else:
        y = buttons(sc, surf, inner, y, [a for a in legal if a.kind not in ("vs_turn", "vs_step", "vs_door", "vs_face")]
                    if kind in ("shift", "vs_face") else [a for a in legal if not (a.kind == "vs_duel_act" and a.what == "turn")])
        if kind in ("vs_face", "shift", "vs_duel_act"):
            T.text_block(surf, _("Click an arrow beside the model to turn it; squares and doors on the board."),
                         pygame.Rect(inner.left, y + 4, inner.w, 36), 12, T.MUTED)
    if sc.can_undo():
        button(surf, sc.zones, pygame.Rect(inner.right - 90, inner.bottom - 28, 90, 26), _("Undo"), "undo",
               hover=sc.mouse, size=13, tip=_("Take back your last action (never past a secret or a roll)"))


def buttons(sc: Any, surf: pygame.Surface, inner: pygame.Rect, y: int, acts: list, cols: int = 1) -> int:
    doors = None
    for a in acts[:12]:
        button(surf, sc.zones, pygame.Rect(inner.left, y, inner.w, 28), W.action_label(a, doors), "act", a,
               hover=sc.mouse, size=14)
        y += 32
    return y


def deploy_panel(sc: Any, surf: pygame.Surface, vw: Any, inner: pygame.Rect, y: int) -> int:
    """V-SETUP-3 (1): the seat's own models on its numbered start squares; click a model's square,
    then another start square, to swap them; Confirm commits it in secret."""
    starts = list(vw.scenario.map.starts[vw.factions[sc.viewer]])
    T.text_block(surf, _("Click one of your models on the board, then another start square to swap them. "
                         "The other side cannot see this."), pygame.Rect(inner.left, y, inner.w, 40), 13, T.MUTED)
    y += 44
    for i, q in enumerate(starts):
        cid = next((c for c, s in sc.deploy.items() if s == q), None)
        T.text(surf, str(i + 1), (inner.left + 4, y), 14, T.GOLD, bold=True)
        if cid:
            art.char_glyph(surf, cid, (inner.left + 30, y + 8), 7, art.faction_colour(vw.factions[sc.viewer]))
            T.text(surf, W.char(cid), (inner.left + 44, y), 14, T.TEXT if cid != sc.sel_cid else T.GOLD, bold=cid == sc.sel_cid)
        y += ROW + 2
    ok = sc.deploy_action() is not None
    button(surf, sc.zones, pygame.Rect(inner.left, y + 6, inner.w, 34), _("Confirm the deployment"), "deploy_ok",
           hover=sc.mouse, primary=ok, enabled=ok, size=15)
    return y + 44


def activate_panel(sc: Any, surf: pygame.Surface, vw: Any, inner: pygame.Rect, y: int, legal: list) -> int:
    """V-ROUND-4, V-ORDER-3: pick a model (on the board or here), one or two ready tiles, then
    Activate; or pass for the round (V-ROUND-6)."""
    cids = []
    for a in legal:
        if a.kind == "vs_activate" and a.cid not in cids:
            cids.append(a.cid)
    x = inner.left
    for cid in cids:
        br = pygame.Rect(x, y, 98, 30)
        button(surf, sc.zones, br, W.short(cid), "pick_cid", cid, hover=sc.mouse, size=13,
               selected=sc.sel_cid == cid, tip=W.char(cid))
        x += 102
        if x + 98 > inner.right:
            x, y = inner.left, y + 34
    y += 38
    ready = []
    for a in legal:
        if a.kind == "vs_activate":
            for t in a.tiles.split("+"):
                if t not in ready:
                    ready.append(t)
    for i, tid in enumerate(ready):
        tr = pygame.Rect(inner.left + (i % 3) * 134, y + (i // 3) * 40, 128, 36)
        button(surf, sc.zones, tr, "", "tile", tid, hover=sc.mouse, selected=tid in sc.sel_tiles)
        T.text(surf, W.tile(tid), (tr.left + 6, tr.top + 3), 12, T.TEXT, bold=True)
        for k, (kind, cap) in enumerate(TILES[tid].sections):
            cx = tr.left + 12 + k * 56
            art.section_icon(surf, kind, (cx, tr.bottom - 10), 6)
            T.text(surf, _f("≤{n}", n=cap), (cx + 10, tr.bottom - 17), 12, T.GOLD, mono=True)
    y += 40 * ((len(ready) + 2) // 3) + 4
    combo = "+".join(t for t in ready if t in sc.sel_tiles)
    act = next((a for a in legal if a.kind == "vs_activate" and a.cid == sc.sel_cid and a.tiles == combo), None)
    label = _f("Activate {char}", char=W.char(sc.sel_cid)) if sc.sel_cid else _("Activate: pick a model")
    button(surf, sc.zones, pygame.Rect(inner.left, y, inner.w - 130, 34), label, "act", act, hover=sc.mouse,
           primary=act is not None, enabled=act is not None, size=15)
    pas = next((a for a in legal if a.kind == "vs_pass"), None)
    if pas is not None:
        button(surf, sc.zones, pygame.Rect(inner.right - 122, y, 122, 34), _("Pass"), "act", pas, hover=sc.mouse,
               size=15, tip=_("Pass for the rest of the round (V-ROUND-6)"))
    return y + 40


def order_panel(sc: Any, surf: pygame.Surface, vw: Any, inner: pygame.Rect, y: int, legal: list) -> int:
    """V-ORDER-4..8: each section of the assigned tiles not yet run, with a button per CP amount
    (Move: the MP it grants; Close combat: then a target on the board); MP left; items and Stitch;
    End the activation with a facing (V-FACE-2)."""
    f = vw.fig(vw.acting) if vw.acting else None
    if f is not None:
        T.text(surf, _f("{char}: {mp} MP left · turning is free while moving", char=W.char(f.cid), mp=vw.mp),
               (inner.left, y), 13, T.TEXT)
        y += 20
    secs: dict[tuple[str, int], list] = {}
    for a in legal:
        if a.kind in ("vs_move", "vs_strike"):
            secs.setdefault((a.tile, a.sec), []).append(a)
    side = ROSTER[f.cid].side(f.side) if f else None
    for (tid, i), acts in secs.items():
        kind, cap = TILES[tid].sections[i]
        art.section_icon(surf, kind, (inner.left + 10, y + 14), 8)
        T.text(surf, T.fit(f"{W.tile(tid)} · {_(W.SECTION_NAMES[kind])}", 13, 150), (inner.left + 24, y + 6), 13, T.TEXT)
        x = inner.left + 180
        cps = sorted({a.cp for a in acts})
        for cp in cps:
            if kind == "move":
                a = next(a for a in acts if a.cp == cp)
                mp = cp * side.mp + (2 if ROSTER[f.cid].ability == "sprinter" and cp >= 2 else 0)
                button(surf, sc.zones, pygame.Rect(x, y, 72, 28), _f("{cp} CP→{mp}", cp=cp, mp=mp), "act", a,
                       hover=sc.mouse, size=12, tip=_f("Commit {cp} CP: {mp} MP (V-MOVE-1)", cp=cp, mp=mp))
            else:
                key = (tid, i, cp)
                button(surf, sc.zones, pygame.Rect(x, y, 72, 28), _f("{cp} CP", cp=cp), "strike_sec", key,
                       hover=sc.mouse, size=12, selected=sc.sel_strike == key,
                       tip=_f("Commit {cp} CP: {extra} extra dice; then click a target", cp=cp, extra=cp - 1))
            x += 76
        y += 32
    if sc.sel_strike is not None:
        T.text(surf, _("Click a target: a red square, wall or door."), (inner.left, y), 13, (255, 120, 100))
        y += 18
    other = [a for a in legal if a.kind in ("vs_pickup", "vs_give", "vs_stitch")]
    y = buttons(sc, surf, inner, y, other)
    ends = {a.facing: a for a in legal if a.kind == "vs_end"}
    if ends:
        T.text(surf, _("End the activation, facing:"), (inner.left, y + 6), 13, T.MUTED)
        x = inner.left + 190
        for d in ("N", "E", "S", "W"):
            if d in ends:
                br = pygame.Rect(x, y, 44, 30)
                button(surf, sc.zones, br, "", "act", ends[d], hover=sc.mouse, selected=f is not None and f.facing == d,
                       tip=_f("End the activation facing {facing}", facing=W.facing(d)))
                art.arrow(surf, d, br.center, 10)
                x += 48
        y += 36
    return y


def bid_panel(sc: Any, surf: pygame.Surface, vw: Any, inner: pygame.Rect, y: int, legal: list) -> int:
    """V-DUEL-6/8, V-HOT-2: the secret bid, one button per CP amount (the other side's bid is
    never shown before both are in)."""
    T.text_block(surf, _("Both sides bid in secret; the declarer needs strictly more. Both bids are spent."),
                 pygame.Rect(inner.left, y, inner.w, 36), 13, T.MUTED)
    y += 40
    x = inner.left
    for a in legal:
        button(surf, sc.zones, pygame.Rect(x, y, 56, 40), str(a.cp), "act", a, hover=sc.mouse, size=18)
        x += 60
        if x + 56 > inner.right:
            x, y = inner.left, y + 44
    return y + 48


# ------------------------------------------------------------------ the last roll
def draw_roll(sc: Any, surf: pygame.Surface, vw: Any, r: pygame.Rect) -> None:
    """V-CC-10..15, V-DESTROY-7: the last roll the viewer saw, every die drawn, with automatic
    hits, armour, criticals and the outcome."""
    panel(surf, r, None, fill=(18, 16, 20))
    e = next((e for e in reversed(visible_to(sc.events, sc.viewer)) if e.kind in ("combat", "destroy")), None)
    if e is None:
        T.text(surf, _("No roll yet."), (r.left + 10, r.top + 8), 13, T.DIM)
        return
    d = e.data
    lines = T.wrap(words(e), 12, r.w - 20, True)[:2]
    for k, line in enumerate(lines):
        T.text(surf, line, (r.left + 10, r.top + 4 + k * 15), 12, T.TEXT, bold=True)
    top = r.top + 4 + 15 * len(lines)
    if e.kind == "combat":
        tg = vw.fig(d["target"])  # V-CC-19: the armour read after a flip, from the side now up
        armour = 0 if tg.dead else ROSTER[tg.cid].side(tg.side).armour
        rows = [(W.char(d["cid"]), d["attacker_roll"], d["colours"][0], d.get("auto", 0), None, d["crits"][0]),
                (W.char(d["target"]), d["defender_roll"], d["colours"][1], None, armour, d["crits"][1])]
        for k, (name, roll, col, auto, armour, crit) in enumerate(rows):
            yy = top + 2 + k * 30
            T.text(surf, T.fit(name, 12, 96), (r.left + 10, yy + 6), 12, T.MUTED)
            pygame.draw.rect(surf, art.ARC_COLOURS.get(col, (128, 128, 132)), (r.left + 108, yy + 4, 10, 18))
            extra = []
            if auto:
                extra.append(_f("+{n} auto", n=auto))
            if armour:
                extra.append(_f("armour {n}", n=armour))
            if crit:
                extra.append(_f("{n} critical", n=crit))
            if k == 0:
                extra.append(_f("attack {a}", a=d["attack"]))
            else:
                extra.append(_f("defence {a}", a=d["defence"]))
            _dice_and_text(surf, roll[:10], " · ".join(extra), r.left + 124, r.right - 8, yy + 1, 24)
    else:
        _dice_and_text(surf, d["roll"][:12], _f("total {t} against {d}", t=d["total"], d=d["defence"]) +
                       (" · " + _("destroyed") if d["destroyed"] else ""), r.left + 10, r.right - 8, top + 4, 26)


def _dice_and_text(surf: pygame.Surface, faces: list[int], text: str, left: int, right: int, top: int,
                   size: int) -> None:
    """One row of the last roll: every die of ``faces`` from x ``left``, then ``text`` (gold), all
    left of x ``right`` (pixels). The dice shrink (down to 12 px) to leave the text room; a text
    still too long is cut with an ellipsis rather than run past the panel (issue 27 item 3)."""
    tw = T.font_for(text, 12).size(text)[0] if text else 0
    n = max(1, len(faces))
    step = max(12 + 2, min(size + 3, (right - left - tw - 6) // n))
    die = min(size, step - 2 if step < size + 3 else size)
    x = left
    for face in faces:
        art.die_face(surf, face, pygame.Rect(x, top + (size - die) // 2, die, die))
        x += step
    if text:
        T.text(surf, T.fit(text, 12, right - x - 4), (x + 4, top + 5), 12, T.GOLD)


# ------------------------------------------------------------------ hover card
def char_card(sc: Any, surf: pygame.Surface, vw: Any, cid: str, pos: tuple[int, int]) -> None:
    """A model's card under the pointer: name, ability, card side, LP, armour, MP, chart rows by
    arc colour (V-CHAR-1..10), facing, items. Public only (V-HOT-3)."""
    f = vw.fig(cid)
    c = ROSTER[cid]
    side = c.side(f.side)
    lines = [W.char(cid) + " · " + W.faction(vw.factions[f.seat]),
             _(W.ABILITY_NAMES.get(c.ability, c.ability)) + ": " + _(W.ABILITY_TEXT.get(c.ability, "")),
             (_("healthy side") if f.side == "healthy" else _("wounded side")) +
             " · " + _f("wounds {w}/{lp} · armour {a} · MP {mp}", w=f.wounds, lp=side.lp, a=side.armour, mp=side.mp)]
    for col in ("DB", "LB", "GR"):
        dice, auto = side.rows[col]
        lines.append(_f("{colour}: {dice} dice + {auto} auto", colour=_(W.COLOUR_NAMES[col]), dice=dice, auto=auto))
    if f.facing:
        lines.append(_f("Facing {facing}. Sight: red and orange squares are seen, the hatched ones are blind.",
                        facing=W.facing(f.facing)))
    w = 400
    rows = [(ln, i == 0) for i, line in enumerate(lines) for ln in T.wrap(line, 12, w - 16, i == 0)]
    h = 10 + 17 * len(rows)
    r = pygame.Rect(pos[0] + 18, pos[1] + 14, w, h)
    r.clamp_ip(pygame.Rect(0, 0, T.W, T.H))
    pygame.draw.rect(surf, (14, 12, 16), r, border_radius=6)
    pygame.draw.rect(surf, art.faction_colour(vw.factions[f.seat]), r, 1, border_radius=6)
    for i, (line, first) in enumerate(rows):
        T.text(surf, line, (r.left + 8, r.top + 5 + i * 17), 12, T.GOLD if first else T.TEXT, bold=first)


# ------------------------------------------------------------------ victory
def draw_victory(sc: Any, surf: pygame.Surface, vw: Any) -> None:
    """V-WIN: who won (the faction's symbol and name, or a draw), and how."""
    s = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
    s.fill((0, 0, 0, 150))
    surf.blit(s, (0, 0))
    r = pygame.Rect(0, 0, 560, 280)
    r.center = (T.W // 2 - 200, T.H // 2)
    win = vw.winner
    panel(surf, r, None, fill=T.PANEL, edge=art.faction_colour(win) if win in vw.factions else T.GOLD)
    if win in vw.factions:
        seat = vw.factions.index(win)
        art.faction_symbol(surf, win, (r.centerx, r.top + 60), 36)
        T.text(surf, _f("{faction} wins", faction=W.faction(win)), (r.centerx, r.top + 112), 30, T.TEXT, bold=True,
               anchor="center")
        T.text(surf, _f("Played by {name}", name=sc.seat_label(seat)), (r.centerx, r.top + 150), 16, T.MUTED,
               anchor="center")
    else:
        T.text(surf, _("A draw"), (r.centerx, r.top + 100), 30, T.TEXT, bold=True, anchor="center")
    kind = "timeout" if (vw.scenario.victory == "swift" and win != "directorate"
                         and not any(f.dead for f in vw.figures if f.cid == "mara")) else win
    why = _(VICTORY_WORDS.get((vw.scenario.victory, kind), ""))
    T.text(surf, T.fit((why + " " if why else "") + _f("After round {n}.", n=vw.round), 14, r.w - 40),
           (r.centerx, r.top + 176), 14, T.MUTED, anchor="center")
    bw = (r.w - 48) // 3
    for i, (label, key) in enumerate(((_("Main menu"), "menu"), (_("Watch the replay"), "replay"),
                                      (_("Play again"), "again"))):
        button(surf, sc.zones, pygame.Rect(r.left + 12 + i * (bw + 12), r.bottom - 64, bw, 44), label, "over", key,
               hover=sc.mouse, size=15, primary=key == "again")


# ------------------------------------------------------------------ the duel dialog (V-DUEL)
DUEL_KINDS = ("duel", "vs_bid", "vs_duel_act", "take")


def draw_duel_dialog(sc: Any, surf: pygame.Surface, vw: Any) -> None:
    """V-DUEL-1..9, V-CARD-5: a dialog over the board for the seat deciding now: declare a duel for
    one of its characters whose trigger fired (or not), its secret bid (one button per CP; the
    other side's bid is never shown before the reveal), the winner's duel action, the card after a
    kill. Drawn only on the deciding person's own screen."""
    if not sc.my_turn():
        return
    v = View(sc.state, None)
    p = v.pending
    if p is None or p.kind not in DUEL_KINDS:
        return
    legal = sc.legal()
    n = len([a for a in legal if not (a.kind == "vs_duel_act" and a.what == "turn")])
    rows = (n + 8) // 9 if p.kind == "vs_bid" else (n + 1) // 2
    r = pygame.Rect(0, 0, 560, 124 + rows * (54 if p.kind == "vs_bid" else 42) + (24 if p.kind == "vs_duel_act" else 0))
    r.centerx = BOARD_AREA.centerx
    cids = [v for v in (p.params or {}).values() if isinstance(v, str) and v in ROSTER] + [vw.acting or ""]
    ys = [vw.fig(c).pos[1] for c in cids if c in ROSTER and vw.fig(c).pos is not None]
    top_half = bool(ys) and ys[0] < vw.scenario.map.height / 2  # keep the duelling models in sight
    r.top = BOARD_AREA.bottom - r.h - 12 if top_half else BOARD_AREA.top + 12
    shade = pygame.Surface(BOARD_AREA.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))
    surf.blit(shade, BOARD_AREA)
    fac = vw.factions[sc.viewer]
    panel(surf, r, None, fill=(24, 18, 22), edge=art.faction_colour(fac))
    art.faction_symbol(surf, fac, (r.left + 26, r.top + 26), 12)
    title = {"duel": _("A duel may be declared"), "vs_bid": _("Duel: your secret bid"),
             "vs_duel_act": _("Duel won: one action"), "take": _("The magnetic card")}[p.kind]
    T.text(surf, title, (r.left + 48, r.top + 14), 20, T.GOLD, bold=True)
    T.text(surf, T.fit(W.prompt(p) if p.kind != "duel" else _("The other side's character came into view or reach: "
                                                              "interrupt its activation?"), 13, r.w - 32),
           (r.left + 16, r.top + 48), 13, T.TEXT)
    T.text(surf, _f("Your CP: {n}", n=vw.cp[sc.viewer]), (r.left + 16, r.top + 70), 13, T.GOLD)
    art.cp_pips(surf, vw.cp[sc.viewer], vw.cp[sc.viewer], (r.left + 110, r.top + 72), 10)
    y = r.top + 100
    if p.kind == "vs_bid":
        T.text(surf, _("The declarer needs strictly more; both bids are spent whatever happens."),
               (r.left + 16, y - 8), 12, T.MUTED)
        x = r.left + 16
        y += 14
        for a in legal:
            button(surf, sc.zones, pygame.Rect(x, y, 52, 48), str(a.cp), "act", a, hover=sc.mouse, size=20)
            x += 58
            if x + 52 > r.right:
                x, y = r.left + 16, y + 54
        return
    x, yy = r.left + 16, y
    for a in legal:
        if a.kind == "vs_duel_act" and a.what == "turn":
            continue  # (the arrows beside the model turn it)
        label = W.action_label(a)
        button(surf, sc.zones, pygame.Rect(x, yy, 256, 36), label, "act", a, hover=sc.mouse, size=14,
               primary=a.kind == "vs_declare")
        x += 264
        if x + 256 > r.right:
            x, yy = r.left + 16, yy + 42
    if p.kind == "vs_duel_act":
        T.text(surf, _("Or click an arrow beside the model to turn it."), (r.left + 16, r.bottom - 26), 12, T.MUTED)
