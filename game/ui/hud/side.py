"""The side panel: the acting survivor, health, actions, inventory, the mode's own strip, the dice
rows and the tension card."""
from __future__ import annotations

from typing import Any

import pygame

from ...engine.query import Game, View
from ...i18n import _, _f
from .. import dashboard as DB
from .. import theme as T
from ..presenters.anim import FLIP_S
from ..choices import ActIndex, describe
from ..hints import objective_item_hint
from ..playui import PlayUI, SIDE_RECT
from ..seats import seat_label
from ..theme import fit
from ..whynot import why_no_search, why_not_item
from ..widgets import button, Zone


class SidePanel:
    """The side panel of :class:`game.ui.render.PlayView` (a part of it)."""

    # ------------------------------------------------------------------ side panel
    #: where the side panel's lower part (dice rows, the mode's strip, sustained cards, the tension card)
    #: begins: logical y, set by :meth:`draw_side_top` (the lower part is its own cached panel)
    side_low_y: int = 0
    #: what the panels show of the state this frame (render.state_sig and the language): a cache key
    frame_sig: object = None

    def draw_side(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The whole side panel: :meth:`draw_side_top` then :meth:`draw_side_low`. Of the shared parts
        only those the mode's kit shows (``ui.side_parts``, top to bottom), with the mode's own strip
        (``ui.side_extra``) above the dice rows, or in all the room the shared parts leave."""
        self.draw_side_top(surf, state, ui)
        self.draw_side_low(surf, state, ui)

    def side_low_rect(self) -> pygame.Rect:
        """The lower part of the side panel as last laid out (:attr:`side_low_y` to the bottom)."""
        r = SIDE_RECT
        return pygame.Rect(r.left, self.side_low_y, r.width, r.bottom - self.side_low_y)

    def draw_side_top(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The panel's background and its upper part: the acting survivor, health, actions, inventory
        and action buttons, each when the kit shows it; sets :attr:`side_low_y` (where the dice rows
        begin). Nothing in it moves while dice roll or a tension card turns over, so it stays cached
        then (issue 30)."""
        r = SIDE_RECT
        pygame.draw.rect(surf, T.BG2, r)
        pygame.draw.line(surf, T.PANEL_EDGE, r.topleft, r.bottomleft, 2)
        parts = ui.side_parts
        self.health_marker = None  # (set again below when the health track is drawn)
        self.side_low_y = r.top + 10
        if not {"profile", "health", "actions", "inventory", "buttons"} & set(parts):
            return
        q = View.of(state)
        seat = View.of(state).pending.seat if View.of(state).pending is not None and View.of(state).pending.seat < len(View.of(state).characters) \
            else View.of(state).active_seat
        c = View.of(state).characters[seat if View.of(state).pending and View.of(state).pending.kind != "act" else View.of(state).active_seat]
        show = ui.phase_playing()  # the enemy phase still playing: the survivor whose turn it ends stays up
        if show is not None and 0 <= show.seat < len(View.of(state).characters) and not View.of(state).over:
            c = View.of(state).characters[show.seat]
        else:
            show = None
        cd = View.of(state).scenario.content.characters[c.cid]
        x0, y = r.left + 14, r.top + 10
        wdt = r.width - 28
        mouse = ui.mouse
        human = not (ui.controllers and c.seat < len(ui.controllers) and ui.controllers[c.seat] == "bot")
        act = ui.marks.act if human and show is None else ActIndex()
        # --- profile
        if "profile" in parts:
            y = self.side_profile(surf, q, ui, c, cd, x0, y, wdt)
        if "health" in parts:
            y = self.side_health(surf, c, human, x0, y, wdt)
        # --- actions left
        if "actions" in parts:
            y = self.side_actions_left(surf, state, ui, show, x0, y)
        if "inventory" in parts:  # trades and the item box open the exchange dialog over the board
            y = self.side_inventory(surf, state, q, c, x0, y, wdt, act, mouse)
        if "buttons" in parts:
            y = self.side_buttons(surf, state, q, ui, act, human, show, x0, y, wdt, mouse)
        self.side_low_y = y

    def side_profile(self, surf: pygame.Surface, q: View, ui: PlayUI, c, cd, x0: int, y: int, wdt: int) -> int:
        """The acting survivor: portrait, name, player, inventory and evade dice, special; the y after."""
        col = tuple(cd.colour)
        self.art.portrait(surf, c.cid, (x0 + 24, y + 24), 26, col, down=c.health > 5)
        pygame.draw.circle(surf, col, (x0 + 24, y + 24), 26, 3)
        T.text(surf, _(cd.name), (x0 + 58, y), 20, T.TEXT, bold=True)
        limit = q.inventory_limit(c)
        who = _f("{player}  ·  inventory {have}/{limit}  ·  evade", player=seat_label(ui.names, c.seat),
                 have=len(c.inventory), limit=limit)
        T.text(surf, who, (x0 + 58, y + 28), 14, T.MUTED)
        ex = x0 + 58 + T.font(14).size(who)[0] + 6
        for i in range(cd.evade_dice):
            img = self.art.get("die_blue_BLANK", 16)
            if img:
                surf.blit(img, (ex + i * 18, y + 30))
        y += 54
        y0 = y
        special = f"{_(cd.special_name)}: {_(cd.special_text)}"  # whole: 13 px, else 12 px, in 2 or 3 lines
        size = 13 if len(T.wrap(special, 13, wdt)) <= 2 else 12
        y = T.text_block(surf, special, pygame.Rect(x0, y, wdt, 54), size, (196, 186, 176),
                         max_lines=2 if len(T.wrap(special, size, wdt)) <= 2 else 3, line_gap=2 if size == 13 else 1) + 4
        self.zones.add(Zone(pygame.Rect(x0, y0, wdt, y - y0), "item_info", None, True,
                            f"{cd.special_name}: {cd.special_text}"))
        return y

    def side_health(self, surf: pygame.Surface, c, human: bool, x0: int, y: int, wdt: int) -> int:
        """The health track (DV-3), its pointer saying YOU or BOT (``human``); the y after."""
        # --- health track (DV-3): five numbered steps + unconscious; the current one has a pointer, not only colour
        names = {1: _("Fine"), 2: _("Fine"), 3: _("Caution"), 4: _("Caution"), 5: _("Danger"), 6: _("Out")}
        now = _f("step {n} of 5: {name}", n=c.health, name=names[c.health]) if c.health <= 5 else \
            _("unconscious (Out)")
        T.text(surf, _f("HEALTH  ·  {now}", now=now), (x0, y), 12, T.MUTED, bold=True)
        if c.poisoned:
            T.text(surf, _("POISONED"), (x0 + wdt, y), 12, (140, 230, 80), bold=True, anchor="topright")
        y += 27
        bw = (wdt - 10) // 6
        for pos in range(1, 7):
            br = pygame.Rect(x0 + (pos - 1) * bw + (10 if pos == 6 else 0), y, bw - 3, 30)
            hc = T.HEALTH_COLOURS[pos]
            on = c.health == pos
            pygame.draw.rect(surf, hc if on else T.shade(hc, 0.32), br, border_radius=4)
            pygame.draw.rect(surf, (250, 245, 235) if on else T.shade(hc, 0.6), br, 3 if on else 1, border_radius=4)
            label = names[pos] if pos == 6 else f"{pos} {names[pos]}"
            size = 12 if T.font(12, on).size(label)[0] <= br.width - 4 else 10
            T.text(surf, label, br.center, size, (14, 12, 12) if on else (200, 190, 180), bold=on, anchor="center")
            if on:  # a pointer shape over the step and "YOU": the step is told by shape and words too
                tip = (br.centerx, br.top - 2)
                pygame.draw.polygon(surf, (250, 245, 235), [(tip[0] - 7, tip[1] - 9), (tip[0] + 7, tip[1] - 9), tip])
                # a bot's seat is not "you" (issue 25's third play-test 12: Watch the bot said YOU)
                T.text(surf, _("YOU") if human else _("Bot").upper(), (tip[0] + 10, tip[1] - 11), 10,
                       (250, 245, 235), bold=True)
                self.health_marker = (pos, br)
        return y + 36

    def side_actions_left(self, surf: pygame.Surface, state: Game, ui: PlayUI, show: Any, x0: int, y: int) -> int:
        """Actions left in the action phase, else the phase's name (while the enemy phase ``show``
        still plays, the beat's); the y after."""
        phase = View.of(state).phase
        if show is not None:  # the beat playing: a tension card, or the enemies reacting
            now = show.beats[min(ui.anim.beat_now() or 0, len(show.beats) - 1)]
            phase = "tension" if now.kind == "card" else "reaction"
        if phase == "action":
            T.text(surf, _("ACTIONS"), (x0, y + 2), 12, T.MUTED, bold=True)
            self.actions_rect = pygame.Rect(x0 - 4, y - 2, 260, 26)  # the tutorial points at it
            for i in range(4):
                cc = (x0 + 80 + i * 22, y + 10)
                if i < View.of(state).actions_left:
                    pygame.draw.circle(surf, T.GOLD, cc, 8)
                else:
                    pygame.draw.circle(surf, (70, 64, 60), cc, 8, 2)
            T.text(surf, _f("{n} of 4 left", n=View.of(state).actions_left), (x0 + 176, y + 2), 14, T.TEXT)
        else:
            T.text(surf, {"reaction": _("REACTION PHASE — the enemies react"), "tension": _("TENSION PHASE"),
                          "end": _("END OF TURN"), "setup": _("SETUP"), "over": _("GAME OVER")}.get(phase, phase.upper()), (x0, y + 2), 13, T.GOLD,
                   bold=True)
        return y + 24

    def side_inventory(self, surf: pygame.Surface, state: Game, q: View, c, x0: int, y: int, wdt: int, act,
                       mouse) -> int:
        """The inventory with the acting survivor's own buttons (Use, Mix, Drop); the y after."""
        limit = q.inventory_limit(c)
        T.text(surf, _f("INVENTORY {have}/{limit}", have=len(c.inventory), limit=limit), (x0, y), 12, T.MUTED, bold=True)
        y += 17

        def own_buttons(uid: str) -> list[tuple[str, str, Any]]:
            bts = []
            if uid in act.use:
                bts.append((_("Use"), "use", uid))
            if uid in act.mix:
                bts.append((_("Mix"), "mix", uid))
            if uid in act.discard:
                bts.append((_("Drop"), "discard", uid))
            return bts

        return self.inventory_rows(surf, state, q, c, x0, y, wdt, own_buttons, mouse)

    def side_buttons(self, surf: pygame.Surface, state: Game, q: View, ui: PlayUI, act, human: bool, show: Any,
                     x0: int, y: int, wdt: int, mouse) -> int:
        """The action buttons (only what is legal now) and End phase; the y after."""
        # --- action buttons (only what is legal now)
        bts2: list[tuple[str, str, Any, bool]] = []
        if act.search:
            bts2.append((_("Search"), "search", None, False))
        elif why_no_search(state, q):  # R-SEARCH-1: the button stays and says why when clicked (play3)
            bts2.append((_("Search"), "search_full", None, False))
        if act.trade:
            bts2.append((_("Trade"), "trade", None, False))
        if act.attacks:
            bts2.append((_("Attack…"), "attack_menu", None, False))
        if act.doors:
            bts2.append((_("Door…"), "door_menu", None, False))
        if act.stairs:
            bts2.append((_("Stairs"), "stairs", None, False))
        if act.stash:
            bts2.append((_("Stash"), "stash", None, False))
        if act.typewriter:
            bts2.append((_f("Typewriter ({n})", n=View.of(state).ink_ribbons), "typewriter", None, False))
        if act.ribbons:  # R-EASY-6 hook: a ribbon buys tension cards back (free)
            bts2.append((_f("Ribbon ({n})", n=View.of(state).ink_ribbons), "ribbons", None, False))
        for i, a in enumerate(act.scenario):  # R-SCEN-4: the brief's own actions, one button each
            bts2.append((describe(state, a), "scenario", i, True))
        if act.other:
            bts2.append((_("Other…"), "other_menu", None, False))
        if act.exit is not None:
            bts2.append((_("EXIT"), "exit", None, True))
        bx, by = x0, y
        # one row where they fit at 13 px: a third button ("Typewriter (1)" beside Trade and Stash) went
        # to a second row and pushed the dice legend's last line out (retest finding 9)
        size, least = 14, 86
        if sum(max(least, T.font(size, p).size(T.clean(lb))[0] + 14) + 5 for lb, _k, _v, p in bts2) > wdt - 146:
            size, least = 13, 60
        for label, key, val, prim in bts2:
            w = max(least, T.font(size, prim).size(T.clean(label))[0] + 14)  # as wide as its label needs
            if bx + w > x0 + wdt - 146:
                bx, by = x0, by + 32
            button(surf, self.zones, pygame.Rect(bx, by, w, 28), label, key, val, hover=mouse, size=size, primary=prim,
                   tip=why_no_search(state, q) if key == "search_full" else "")
            bx += w + 5
        if act.end_phase is not None:
            button(surf, self.zones, pygame.Rect(x0 + wdt - 140, y, 140, 28), _("End phase · Space"), "end_phase", None,
                   hover=mouse, size=13, primary=True, tip="Space / Enter")
        elif View.of(state).pending is not None and View.of(state).pending.kind == "act" and human and not ui.anim.boss_turn \
                and show is None:
            T.text(surf, _("Must act first: see under the board"), (x0 + wdt, y + 6), 12, T.WARN, anchor="topright")
        return max(by, y) + 36

    def draw_side_low(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        """The panel's lower part, from :attr:`side_low_y` down: the last rolls, the mode's own strip,
        sustained cards beside the play area (R-SUST-2) and the tension card, each when the kit shows
        it (drawn on the background :meth:`draw_side_top` left there); without dice rows the strip
        takes the room left."""
        r, parts = SIDE_RECT, ui.side_parts
        x0, y = r.left + 14, self.side_low_y
        wdt = r.width - 28
        self.side_strip_rect = None
        tension_h = (108 if DB.shows_symbols(state) else 92) if "tension" in parts else 0
        chips_h = 28 if "sustained" in parts and View.of(state).sustained() else 0
        extra = ui.side_extra
        room = r.bottom - y - tension_h - chips_h - 14
        extra_h = extra.height(state) + 6 if extra is not None else 0
        if "dice" not in parts:
            extra_h = room + 4 if extra is not None else 0
        dice_rect = pygame.Rect(x0 - 4, y, wdt + 8, room - extra_h if "dice" in parts else 0)
        if "dice" in parts:
            self.draw_rolls(surf, dice_rect, *ui.rolls_shown(), ui.anim.rolling)
        if extra is not None:  # the mode's own strip (its kit's hud); its cards over the dice
            self.side_strip_rect = pygame.Rect(x0 - 4, dice_rect.bottom + 4, wdt + 8, extra_h - 6)
            extra.draw(surf, self.side_strip_rect, state, self.art,
                       self.zones, ui.mouse, dice_rect)
        if chips_h:
            DB.draw_sustained_chips(surf, x0, r.bottom - tension_h - chips_h - 6, wdt, state, self.art, self.zones)
        if not tension_h:
            return
        trect = pygame.Rect(x0 - 4, r.bottom - tension_h - 8, wdt + 8, tension_h)
        # while the enemy phase plays back, the card before it until its own card's beat (retest finding 6)
        shown = ui.tension_shown(View.of(state).last_tension, View.of(state).pile_size("tension"))
        self.sync_flip(state, ui, shown[0])
        if ui.anim.flipping is None and hasattr(self, "memo"):  # the card itself is cached while dice roll above it
            at = ui.mouse if trect.collidepoint(ui.mouse) else None
            self.memo("tension", surf, trect.union(trect.move(2, 3)), (self.frame_sig, at, tuple(trect), shown),
                      lambda: self.draw_tension(surf, trect, state, shown), ("tension_rect",))
        else:
            self.flip_card(surf, trect, ui.anim.flipping, lambda s_, r_: self.draw_tension(s_, r_, state, shown))

    def sync_flip(self, state: Game, ui: PlayUI, uid: str | None = "") -> None:
        """A new tension card turns over (FLIP_S): start the flip when the card on show (``uid``, by
        default the state's last one) changed."""
        last = View.of(state).last_tension if uid == "" else uid
        if last != self._flip_key:
            if self._flip_key is not None or last is None:
                ui.anim.flip_t = 0.0 if last else FLIP_S
            self._flip_key = last

    def inventory_rows(self, surf: pygame.Surface, state: Game, q: View, c, x0: int, y: int, wdt: int,
                       buttons_for, mouse, row_h: int = 28) -> int:
        """One row per inventory slot: icon(s), name(s), ammo dial, and the row's buttons. A mixed
        herb stack is one slot showing every herb's icon (R-HERB-2)."""
        for slot in c.inventory:
            y = self.slot_row(surf, state, q, slot, pygame.Rect(x0, y, wdt, row_h - 3), buttons_for(slot[0]), mouse)
            y += 3
        if not c.inventory:
            T.text(surf, _("(empty)"), (x0, y), 14, T.DIM)
            y += row_h
        return y + 4

    def slot_row(self, surf: pygame.Surface, state: Game, q: View, slot: list[str], rr: pygame.Rect,
                 buttons: list[tuple], mouse) -> int:
        """Draw one inventory / item-box slot in ``rr``; ``buttons`` are (label, zone key, value[,
        enabled]) from the right. Returns the row's bottom."""
        uid = slot[0]
        d = q.item(uid)
        pygame.draw.rect(surf, T.PANEL, rr, border_radius=4)
        tip = " / ".join(_(q.item(u).text) for u in slot if q.item(u).text)  # (card texts by the catalogue)
        where = objective_item_hint(state, View.of(state).card(uid).defn) if View.of(state).has_card(uid) else ""
        tip = f"{tip} {where}".strip()  # an objective item says where it is used (it said "Objective item.")
        if any(uid in sl for sl in q.active_char.inventory):  # why the survivor acting cannot use it now (R-USE)
            tip = f"{tip} {why_not_item(state, uid, q)}".strip()
        self.zones.add(Zone(rr, "item_info", uid, True, tip))  # under the row's buttons
        isz = min(22, rr.height - 3)
        ix = rr.left + 4
        for u in slot:
            du = q.item(u)
            icon = self.art.get(self.art.item_icon(du.id, du.type, du.herb), isz)
            if icon:
                surf.blit(icon, (ix, rr.centery - isz // 2))
            ix += isz - 5
        if len(slot) > 1:  # the stack's frame: these cards never split again
            pygame.draw.rect(surf, (90, 150, 80), (rr.left + 2, rr.top + 1, ix - rr.left + 4, rr.height - 2), 1,
                             border_radius=4)
        bx = rr.right
        for b in reversed(buttons):
            label, key, val = b[0], b[1], b[2]
            enabled = b[3] if len(b) > 3 else True
            w = 44 if len(label) <= 4 else 62
            bx -= w + 3
            button(surf, self.zones, pygame.Rect(bx, rr.top + 2, w, rr.height - 4), label, key, val, hover=mouse,
                   size=12, danger=(key == "discard"), enabled=enabled)
        card = View.of(state).card(uid)
        cap = d.weapon.capacity if d.weapon is not None else None
        ammo_w = 0
        if cap:
            ammo_w = 40 if cap > 8 else cap * 10 + 36
        names = fit(" + ".join(_(q.item(u).name) for u in slot), 14, bx - ix - 14 - ammo_w)
        nr = T.text(surf, names, (ix + 9, rr.centery), 14, T.TEXT, anchor="midleft")
        if cap:
            ammo = card.ammo or 0
            if cap > 8:
                T.text(surf, f"{ammo}/{cap}", (nr.right + 8, rr.centery), 13, T.GOLD, bold=True, anchor="midleft")
            else:
                pr, step = 4, 10
                dx = nr.right + 8
                for i in range(cap):  # ammo dial (R-AMMO)
                    p = (dx + i * step + pr, rr.centery)
                    if i < ammo:
                        pygame.draw.circle(surf, T.GOLD, p, pr)
                    else:
                        pygame.draw.circle(surf, (90, 80, 70), p, pr, 1)
                T.text(surf, f"{ammo}/{cap}", (dx + cap * step + 4, rr.centery), 12, T.GOLD, anchor="midleft")
        return rr.bottom
