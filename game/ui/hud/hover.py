"""Hover cards on the play screen: what is on a square (tokens, models, a crowd), an enemy's card,
buttons and keywords that explain themselves."""
from __future__ import annotations

import pygame

from ...engine import Action, parse_edge_id
from ...engine.query import Game, View
from ...i18n import _, _f, N_, english, language
from ...i18n.messages import numbered
from .. import theme as T
from ..choices import describe
from ..hints import progression_tip
from ..modes import kit_for
from ..playui import PlayUI, Sq
from ..rulebook import label_tip, rulebook, word_tip
from ..seats import seat_label
from ..widgets import tooltip
from ..words import colour_word
from .cards import boss_blocks, COLOUR_MEANING, enemy_card_lines, no_way_out, NO_WAY_OUT
from ..ruleids import tagged

HOVER_OPEN_S = 0.6  # a hover card or a button's tip opens after the pointer rested this long


class HoverCards:
    """The hover cards of :class:`game.ui.render.PlayView` (a part of it)."""

    # ------------------------------------------------------------------ hover cards
    def crowd_lines(self, state: Game, sq: Sq | None, ui: PlayUI) -> list[tuple[str, int, tuple, bool]]:
        """The inspector of a crowded square (issue 25 item 2): every model on ``sq`` when two or
        more share it, survivors first: name, seat, health or wounds; [] otherwise."""
        if sq is None:
            return []
        sq = tuple(sq)
        q = View.of(state)
        chars = [c for c in q.characters if c.pos is not None and not c.exited and tuple(c.pos) == sq]
        foes = [e for e in q.enemies if tuple(e.pos) == sq]
        if len(chars) + len(foes) < 2:
            return []
        out = [(_f("On this square: {n} models", n=len(chars) + len(foes)), 14, T.GOLD, True)]
        for c in chars:
            cd = q.scenario.content.characters[c.cid]
            out.append((f"• {_(cd.name)} ({seat_label(ui.names, c.seat)}) · {_(T.HEALTH_LABELS[c.health])}", 13,
                        tuple(cd.colour), True))
        for e in foes:
            d = q.scenario.content.enemies.get(e.type)
            # 'Zombie 6', as its badge and the log number it (own play-test: two alike lines said 'Zombie')
            name = numbered(_(d.name) if d is not None else e.type, e.uid, language())
            full = q.enemy_hp(e)
            out.append((f"• {name} · " + _f("{left} of {full} health left", left=max(0, full - e.wounds), full=full), 13,
                        T.TEXT, False))
        return out

    def draw_hover(self, surf: pygame.Surface, state: Game, ui: PlayUI) -> None:
        self.hover_lines = []
        if ui.time < ui.hover_quiet_until:  # an action was just taken: no tooltip of the state before it
            return
        if ui.phase_playing() is not None or ui.anim.boss_turn:  # the board drawn is behind the state: a card
            return  # would tell where enemies end before the playback gets there, over them (issue 25 recheck R2)
        m = ui.marks
        mouse = ui.mouse
        crowd_sq = m.hover_sq
        if m.hover_enemy and View.of(state).enemy(m.hover_enemy) is not None:
            crowd_sq = View.of(state).enemy(m.hover_enemy).pos
        elif m.hover_char:
            crowd_sq = next((c.pos for c in View.of(state).characters if c.cid == m.hover_char), crowd_sq)
        crowd = self.crowd_lines(state, crowd_sq, ui)
        if crowd:  # a crowded square: its inspector first, then what the pointer is on
            self.hover_lines = [ln[0] for ln in crowd]
            r = tooltip(surf, crowd, mouse, 340, edge=T.GOLD)
            if r is not None:
                mouse = (mouse[0], r.bottom + 6) if r.bottom + 120 < T.H else (mouse[0], max(0, r.top - 120))
        if m.hover_enemy:
            e = View.of(state).enemy(m.hover_enemy)
            if e is not None:
                self.enemy_card(surf, state, e, mouse, m.act.attacks.get(e.uid, []))
                return
        if m.hover_char:
            try:
                c = View.of(state).char(m.hover_char)
            except KeyError:
                c = None
            if c is not None:
                q = View.of(state)
                cd = View.of(state).scenario.content.characters[c.cid]
                inv = ", ".join(" + ".join(_(q.item(u).name) for u in slot) for slot in c.inventory) or _("nothing")
                lines = [(_(cd.name), 17, tuple(cd.colour), True),
                         (f"{seat_label(ui.names, c.seat)} · {_(T.HEALTH_LABELS[c.health])}"
                          + (" · " + _("poisoned") if c.poisoned else ""), 14, T.TEXT, False),
                         (_f("Carries: {items}", items=inv), 13, T.MUTED, False)]
                if c.cid in m.pick_chars:
                    lines.append((_("Click to choose."), 13, T.CHOICE_HL, True))
                tooltip(surf, lines, mouse, 300)
                return
        z = self.zones.at(mouse) if not ui.tips_wait else None
        if z is not None and (z.key == "item_info" or z.key in kit_for(state).info_zones) and z.tip:
            tooltip(surf, [(z.tip, 13, T.TEXT, False)], mouse, 320)
            return
        if z is not None and z.key == "rules" and z.tip.startswith("term:"):  # a keyword (game.ui.rulebook.word_zone)

            tooltip(surf, word_tip(z.tip), mouse, 340)
            return
        if z is not None and z.label and z.enabled and ui.time - ui.hover_since >= HOVER_OPEN_S:

            rows = label_tip(z.label)
            if rows:
                tooltip(surf, rows, mouse, 340)
                return
        if m.hover_edge and m.hover_edge in m.act.doors:
            a = m.act.doors[m.hover_edge]
            st = View.of(state).edge(*parse_edge_id(m.hover_edge))
            what = {"door_open": _("Close the door"), "door_closed": _("Open the door"),
                    "barricade": _("Clear the barricade")}.get(st.value, describe(state, a))
            tooltip(surf, [(_f("{what} (1 action)", what=what), 14, T.DOOR_HL, True)], mouse, 240)
            return
        if m.hover_sq and m.hover_sq not in m.act.moves and View.of(state).pending is not None \
                and View.of(state).pending.kind == "act" and boss_blocks(state, m.hover_sq):
            tooltip(surf, [(no_way_out(), 14, T.BAD, True),
                           (_("A survivor on the boss's tile cannot leave it: no moves out, no stairwells, no exit."),
                            13, T.MUTED, False)], mouse, 320, edge=T.BAD)
            self.hover_lines = [NO_WAY_OUT]
            return
        if m.hover_sq and ui.time - ui.hover_since >= HOVER_OPEN_S:
            lines = self.square_lines(state, m.hover_sq)
            if m.hover_sq in m.act.moves:
                lines = [(_("Move here (1 action)"), 14, T.MOVE_HL, True)] + lines
                if any(e.pos == View.of(state).active_char.pos for e in View.of(state).enemies):
                    lines.append((tagged(_("Leaving an enemy's square provokes an attack first"), "R-OOS-3", None, "()"), 13, T.BAD, False))
            elif m.hover_sq in m.choice_squares:
                lines = [(_("Click to choose this square"), 14, T.CHOICE_HL, True)] + lines
            if lines:
                tooltip(surf, lines, mouse, 320)
            return

    TOKEN_TIPS = {  # translated where drawn (square_lines); each token's rule ID apart (TOKEN_RULES, issue 23)
        "exit": N_("Exit: spend an action here to leave the play area."),
        "fire": N_("Fire: 1 damage after an action here; blocks line of sight."),
        "corpse": N_("Corpse: acting here rolls the encounter die; a 6 raises a zombie."),
        "barrel": N_("Explosive barrel: shoot it and everything next to it is hit."),
        "typewriter": N_("Typewriter: spend an ink ribbon to refresh the tension deck."),
        "item_box": N_("Item box: stash or take items from this or an adjacent square."),
        "narrative": N_("Narrative event: something happens when a survivor enters."),
        "fixed_narrative": N_("Fixed narrative event: the first survivor here resolves this scenario's own event."),
        "objective": N_("Objective token (see the scenario goal)."),
    }
    #: the rule behind each token's hover text, tagged beside it with "Show rule IDs" (ruleids.tagged)
    TOKEN_RULES = {"exit": "R-SCEN-6", "fire": "R-FIRE-2, R-LOS-2", "corpse": "R-CORPSE-2", "barrel": "R-BARREL-1",
                   "typewriter": "R-INK-4", "item_box": "R-IBOX-2/3", "narrative": "R-NARR",
                   "fixed_narrative": "R-NARR-3"}

    def square_lines(self, state: Game, s: Sq) -> list[tuple[str, int, tuple, bool]]:
        """What a square holds, in words (tokens, spawn point, start square, tile)."""
        b = View.of(state).scenario.board
        out: list[tuple[str, int, tuple, bool]] = []
        kit = kit_for(state)  # a mode's tokens and unexplored tiles say their own rules
        tips = {**self.TOKEN_TIPS, **kit.token_tips}
        tip_rules = {**self.TOKEN_RULES, **kit.token_rules}
        for t in View.of(state).tokens:
            if tuple(t.pos) != tuple(s):
                continue
            if t.kind == "item":
                letter = str(t.props.get("letter", "A")).upper()
                out.append((tagged(_f("Item token {letter}: Search here to draw an Item {letter} card.",
                               letter=letter), "R-SEARCH-2", None, "()"), 13, T.TEXT, False))
            elif t.kind == "progression":  # what it opens, not just "Progression." (play3)
                out.append((progression_tip(state, str(t.props.get("label", ""))), 13, T.TEXT, False))
            else:
                out.append((tagged(_(tips[t.kind]), tip_rules.get(t.kind, ""), None, "()") if t.kind in tips else
                            t.kind.replace("_", " ").capitalize() + ".", 13, T.TEXT, False))
        if not b.has(s):
            return out
        tile = b.tile_of(s)
        if tile.unexplored and tile.id not in View.of(state).explored and tile.colour.value in T.UNEXPLORED:
            letter, pips, _glyph = T.UNEXPLORED[tile.colour.value]
            # what the colour means (R-EXPLORE-2): every tile label names its colour, nothing said why (play3)
            meaning = COLOUR_MEANING.get(tile.colour.value, "")
            head = (_f("Unexplored {colour} tile (token {letter}, 1 pip):", colour=colour_word(tile.colour), letter=letter)
                    if pips == 1 else
                    _f("Unexplored {colour} tile (token {letter}, {pips} pips):", colour=colour_word(tile.colour),
                       letter=letter, pips=pips))
            out.append((head + " " + (tagged(_(meaning), "R-EXPLORE-2", None, "()") + " " if meaning else "")
                        + tagged(_(kit.explore_tip), kit.explore_rule, None, "()"), 13, T.WARN, False))
        elif kit.explore_rule == "R-EXPLORE-3" and tile.colour.value in COLOUR_MEANING:  # the city's danger colours
            # the word after each room's name ("Florist · yellow") said nothing to a new player (retest finding 10)
            danger = COLOUR_MEANING[tile.colour.value]
            out.append((tagged(_f("“{colour}” after the room's name is its danger: {meaning}",
                                  colour=colour_word(tile.colour), meaning=_(danger)),
                               "R-EXPLORE-2", None, "()"), 13, T.MUTED, False))
        if s in tile.spawn_points:
            out.append((tagged(_("Spawn point: enemies appear here."), "R-SPAWN-1", None, "()"), 13, T.MUTED, False))
        for n, sq in b.start.items():
            if tuple(sq) == tuple(s):
                out.append((tagged(_f("Start square {n} (the flag marked {n}): survivors begin the scenario here.", n=n), "R-SCEN-5", None, "()"), 13, T.MUTED, False))
        if b.stair_partner(s) is not None:
            out.append((tagged(_("Stairwell: one action to reach its pair."), "R-STAIR-2", None, "()"), 13, T.MUTED, False))
        return out

    def enemy_card(self, surf: pygame.Surface, state: Game, e, mouse, attacks: list[Action]) -> None:
        """The enemy's reference card (R-ENEMY-1, DV-6) plus how the active survivor can attack it."""
        lines = enemy_card_lines(state, e, attacks)
        if lines:
            with english():  # its keywords found in the English card: Japanese '負傷' (an enemy's wounds
                # here) is also another mode's wound token, whose entry the city's card showed (issue 25 retest)
                en = " ".join(str(ln[0]) for ln in enemy_card_lines(state, e, attacks)[1:])
            for t in rulebook("en").terms_in(en)[:2]:
                t = rulebook().glossary.get(t.id, t)
                lines = lines + [(f"{t.term}: {t.text}", 12, T.MUTED, False)]
            self.hover_lines = [ln[0] for ln in lines]
            icon = self.art.get(T.enemy_sprite(e.type), 44) or self.art.get("enemy_generic", 44)
            tooltip(surf, lines, mouse, 400, edge=T.ACCENT, icon=icon)
