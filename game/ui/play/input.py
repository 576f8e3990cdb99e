"""The play screen's input: keys, clicks on the board and the side panel, menus of several options
for one click, walking a path square by square."""
from __future__ import annotations

from typing import Any, TYPE_CHECKING

import pygame

from ...engine import Action, parse_edge_id
from ...engine.query import View
from ...i18n import N_, _, _f, language
from ...i18n.messages import render
from ..bindings import intent_of
from ..choices import _room, attack_label, attack_title, describe, DICE_NOTE, enemy_label, TIE_KINDS, weapon_effects
from ..hud.cards import boss_blocks, no_way_out
from ..keys import OPTION_KEYS, play_intent
from ..playui import BOARD_RECT, LOG_BIG_TOP, LOG_RECT
from ..previews import attack_odds_text
from ..rulebook import label_terms
from ..ruleids import prompt_words, tagged
from ..scene import Command, Push
from ..scenes.menu import ChoiceMenu
from ..scenes.pause import Pause
from ..whynot import first_step, walk_plan, why_no_search, why_not_enemy, why_not_square, why_not_token
from ..words import words

if TYPE_CHECKING:
    from ..app import App


# rebindable shortcut intents -> the side-panel button they press (bindings.ACTIONS)
SHORTCUTS = {"search": "search", "trade": "trade", "attack": "attack_menu", "door": "door_menu", "exit": "exit",
             "end_phase": "end_phase", "use": "use"}


PAN_STEP = 48


END_CONFIRM_SECS = 3.0  # a second Space / End phase within this confirms ending with actions left


def say(mid: str, **params: Any) -> str:
    """Message ``mid`` of the message catalogues (en+ja, plural forms on ``n``) in the player's language."""
    return render(mid, params, language())

class PlayInput:
    """The keys and clicks of :class:`game.ui.play.PlayScene` (a part of it)."""

    # ------------------------------------------------------------------ input
    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        self.ui.woke = self.ui.time  # highlights pulse again (render.pulse_of)
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = self.ui.mouse = ev.pos
            self.ui.hover_quiet_until = 0.0  # the pointer moved: its tooltip at once, from the state as it is
            self.ui.tips_wait = False
            buttons = getattr(ev, "buttons", (0, 0, 0))
            if (buttons[1] or buttons[2]) and self.view.board_area.collidepoint(ev.pos):  # drag to pan
                rel = getattr(ev, "rel", (0, 0))
                self.view.pan = (self.view.pan[0] + rel[0], self.view.pan[1] + rel[1])
            return None
        if ev.type == pygame.MOUSEWHEEL:
            log_r = LOG_RECT if not self.ui.log_big else pygame.Rect(LOG_RECT.left, LOG_BIG_TOP, LOG_RECT.width,
                                                                     LOG_RECT.bottom - LOG_BIG_TOP)
            if log_r.collidepoint(self.ui.mouse):  # the enlarged log scrolls; the board under it does not zoom
                self.ui.log_scroll = max(0, self.ui.log_scroll + ev.y * 2)
            elif self.view.board_area.collidepoint(self.ui.mouse) and ev.y:  # zoom about the pointer
                self.view.zoom_at(self.state, self.ui.mouse, ev.y)
            return None
        if ev.type == pygame.KEYDOWN:
            return self.on_key(ev, app)
        if ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 1:
            self.mouse = self.ui.mouse = ev.pos
            z = self.view.zones.at(ev.pos)
            if self.skip_phase() and (z is None or z.key == "phase_skip" or self.view.board_area.collidepoint(ev.pos)):
                return None  # the click skipped the enemy phase's beats; on the board it does nothing else
            if self.ui.anim.busy:
                self.ui.anim.finish()
            return self.on_click(ev.pos, app)
        if ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) in (4, 5) \
                and (LOG_RECT.collidepoint(ev.pos) or (self.ui.log_big and ev.pos[1] >= LOG_BIG_TOP
                                                       and ev.pos[0] < LOG_RECT.right)):
            self.ui.log_scroll = max(0, self.ui.log_scroll + (2 if ev.button == 4 else -2))
        return None

    def skip_phase(self) -> bool:
        """While the enemy phase plays beat by beat: jump to its end (its recap stays). Returns
        whether it was playing (issue 25 item 1: skippable with a click, Space or Enter)."""
        if self.ui.phase is None or self.ui.anim.beat_now() is None:
            return False
        self.ui.anim.finish()
        return True

    def undo_or_redo(self, which: str) -> None:
        """Ctrl+Z / Ctrl+Y (or the buttons): the animation playing is finished first only when there is
        something to take back or do again; otherwise it plays on and the refusal says why (what undo
        can take back now). Session-36 retest m13: Ctrl+Z in the staged enemy phase skipped the rest of
        its playback (the tension card never shown) and undid nothing, with no word."""
        can = self.history.can_undo() if which == "undo" else bool(self.history.redo)
        if can and self.ui.anim.busy:
            self.ui.anim.finish()
        self.undo() if which == "undo" else self.redo()

    def on_key(self, ev: pygame.event.Event, app: "App") -> Command:
        if ev.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and self.skip_phase():
            return None  # Space or Enter skips the enemy phase, and does not end the next one
        if ev.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and self.ui.phase is not None \
                and self.ui.recap_t > 0 and getattr(View.of(self.state).pending, "kind", None) == "act":
            self.ui.phase = None  # ... then closes its recap (recheck R3), and does nothing else
            return None
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.tutorial is not None \
                and self.can_act() and self.tutorial.press_enter(self):
            return None  # Enter presses the tutorial's Next, not End phase (issue 25, third play-test)
        if ev.key == pygame.K_l and not getattr(ev, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ui.log_big = not self.ui.log_big  # L: the log grows over the board (and back)
            return None
        intent = intent_of(ev, app.settings) or play_intent(ev)  # rebindable shortcuts first (bindings.py)
        if intent == "rules":

            # F1 over a button that names a keyword opens that word's section (issue 12)
            z = self.view.zones.at(self.ui.mouse)
            terms = label_terms(z.label) if z is not None and z.label else []
            if not terms and self.ui.marks.hover_enemy:  # F1 over an enemy: how enemies work
                return Push(self.rulebook("enemies"))
            if not terms and self.kit.rulebook_section:  # a mode's game opens on its own rules (play4)
                return Push(self.rulebook(self.kit.rulebook_section))
            return Push(self.rulebook(terms[0].see if terms else None))
        if intent in SHORTCUTS:
            if not self.can_act() or View.of(self.state).pending.kind != "act":
                return None
            return self.shortcut(intent)
        if intent in ("undo", "redo"):
            self.undo_or_redo(intent)
            return None
        if intent == "pause":
            if self.ui.banner:
                self.ui.banner = ""
                return None
            shut = [z.value for z in self.view.zones.items if z.key == "option" and z.value is not None
                    and z.value.kind in ("decline", "done") and self.view.dialog_rect is not None]
            if shut and self.can_act():  # Esc over the trade or stash dialog closes it (Pause opened over it)
                self.do(min(shut, key=lambda a: a.kind != "decline"))  # as its Call off, else its Done
                return None
            return Push(Pause(self))
        if intent == "reload":
            self.reload(app)
            return None
        if intent in ("log_up", "log_down"):
            self.ui.log_scroll = max(0, self.ui.log_scroll + (5 if intent == "log_up" else -5))
            return None
        if intent and intent.startswith("pan"):
            dx, dy = {"pan_left": (PAN_STEP, 0), "pan_right": (-PAN_STEP, 0), "pan_up": (0, PAN_STEP),
                      "pan_down": (0, -PAN_STEP), "pan_reset": (0, 0)}[intent]
            self.view.pan = (0, 0) if intent == "pan_reset" else (self.view.pan[0] + dx, self.view.pan[1] + dy)
            if intent == "pan_reset":
                self.view.zoom = 1.0
            return None
        if intent in ("zoom_in", "zoom_out"):
            self.view.zoom_at(self.state, self.view.board_area.center, 1 if intent == "zoom_in" else -1)
            return None
        if View.of(self.state).over and (intent == "confirm" or ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.move_on()  # the final board: on to the end phase or the results
            return None
        if not self.can_act():
            return None
        if self.ui.anim.busy:
            self.ui.anim.finish()
        p = View.of(self.state).pending
        if intent == "confirm":
            if p.kind == "act":
                if self.marks.act.end_phase is not None:
                    self.end_phase()
                else:
                    self.refuse(tagged(_("You cannot end the action phase here: an enemy or corpse shares your "
                                         "square."), "R-TURN-5", None, "()"))
                return None
            for kind in ("done", "auto"):
                a = next((o for o in p.options if o.kind == kind), None)
                if a is not None:
                    self.do(a)
                    return None
            if len(p.options) == 1 or (p.kind in TIE_KINDS and p.options):
                self.do(p.options[0])  # a tie: the first listed option is the rules' default order
            return None
        n = OPTION_KEYS.get(ev.key)
        if n is not None and p.kind != "act" and n <= len(p.options):
            self.do(p.options[n - 1])
        return None

    def end_phase(self) -> None:
        """End the action phase; with actions left the first press only asks, a second one soon after confirms."""
        a = self.marks.act.end_phase
        if a is None:
            return
        left = View.of(self.state).actions_left
        if left <= 0 or self.ui.time < self.end_confirm_until:
            self.do(a)
            return
        self.end_confirm_until = self.ui.time + END_CONFIRM_SECS
        # issue 25 item 15: the question says how long the second press is waited for
        secs = round(END_CONFIRM_SECS)
        self.end_toast = (_f("End the phase with 1 action unused? Press Space or click End phase again within {s} "
                             "seconds.", s=secs) if left == 1 else
                          _f("End the phase with {n} actions unused? Press Space or click End phase again within {s} "
                             "seconds.", n=left, s=secs))
        self.toast(self.end_toast, END_CONFIRM_SECS, "question")

    def can_act(self) -> bool:
        return (not View.of(self.state).over and View.of(self.state).pending is not None and self.is_human(self.deciding_seat())
                and self.pending_pass is None)

    def menu(self, title: str, actions: list[Action], labels: list[str] | None = None,
             anchor: tuple[int, int] | None = None, note: str = "") -> Command:
        """Ask which of several actions (a modal pop-up); a single option is taken at once."""
        if not actions:
            return None
        if len(actions) == 1 and labels is None:
            self.do(actions[0])
            return None
        labels = labels or [describe(self.state, a) for a in actions]
        return Push(ChoiceMenu(title, list(zip(labels, actions)), self.do, anchor, note))

    def attack_labels(self, actions: list[Action], with_target: bool = False) -> list[str]:
        """'Handgun: 1 blue die, range 3, ammo 6 → 5 — hit = push, hit+ = 1 damage, critical = 2 damage'."""
        st = self.state
        out = []
        for a in actions:
            lbl = attack_label(st, a)
            fx = weapon_effects(st, a.item) if View.of(st).enemy(a.target) is not None else ""
            lbl = f"{lbl} — {fx}" if fx else lbl
            odds = attack_odds_text(st, a)  # DV-1: the chance of each best result
            lbl = f"{lbl} — {odds}" if odds else lbl
            out.append(f"{enemy_label(st, a.target)} — {lbl}" if with_target else lbl)
        return self.tell_apart(actions, out)

    def tell_apart(self, actions: list[Action], labels: list[str]) -> list[str]:
        """Options that would read the same (two Zombie Dogs in one square, two Grenade Launchers) say
        which one they are: 'Zombie Dog #2 of 2 there (1 wound)', 'Grenade Launcher #2' (play3 met two
        identical blocks of options and could not tell them apart)."""
        st = self.state
        out = list(labels)
        for i, lbl in enumerate(labels):
            if labels.count(lbl) < 2:
                continue
            a = actions[i]
            notes = []
            e = View.of(st).enemy(a.target) if a.target else None
            if e is not None and any(actions[j].target != a.target for j, x in enumerate(labels) if x == lbl):
                same = [x for x in View.of(st).enemies if x.type == e.type and tuple(x.pos) == tuple(e.pos)]
                w = say("menu.wounds", n=e.wounds) if e.wounds else ""  # as the push prompt says
                notes.append(_f("(#{i} of {n} there{w})", i=same.index(e) + 1, n=len(same), w=w))
            if a.item and any(actions[j].item != a.item for j, x in enumerate(labels) if x == lbl):
                mine = [u for slot in View.of(st).active_char.inventory for u in slot
                        if View.of(st).card(u).defn == View.of(st).card(a.item).defn] if View.of(st).has_card(a.item) else []
                if a.item in mine:
                    notes.append(f"(#{mine.index(a.item) + 1})")
            if notes:
                head = enemy_label(st, a.target) if e is not None else ""
                if head and lbl.startswith(head) and len(notes) and notes[0].startswith("(#") and \
                        any(actions[j].target != a.target for j, x in enumerate(labels) if x == lbl):
                    # which zombie first, right after its name, where a long row is never cut (issue 25 item 6)
                    out[i] = f"{head} {notes[0]}{lbl[len(head):]}" + (f" {' '.join(notes[1:])}" if notes[1:] else "")
                else:
                    out[i] = f"{lbl} {' '.join(notes)}"
        return out

    def move_on(self) -> None:
        """Leave the final board for the end phase or the results (Continue, Enter, Space)."""
        self.over_go = True
        self.over_t = max(self.over_t, 1.3)

    def on_click(self, pos: tuple[int, int], app: "App") -> Command:
        z = self.view.zones.at(pos)
        if z is not None and z.key == "dismiss_banner":
            self.ui.banner = ""
            return None
        if z is not None and z.key == "over_continue":
            self.move_on()
            return None
        if z is not None and z.key == "phase_skip":  # the recap's OK (the beats' Skip is handled before)
            self.ui.phase = None
            return None
        if self.tutorial is not None and self.tutorial.click(pos, self):
            return None
        if z is not None and z.key == "log_line":
            return self.log_line_menu(z.value, pos)
        if z is not None and z.key in ("undo", "redo"):
            self.undo_or_redo(z.key)
            return None
        if z is not None and z.key == "rules":  # the Rules button, or a keyword on screen: its section

            return Push(self.rulebook(z.value if isinstance(z.value, str) else None))
        if z is not None and z.key == "log":  # the log (also when enlarged over the board) is not the board
            return None
        if not self.can_act():
            return None
        if self.view.dialog_rect is not None and self.view.dialog_rect.collidepoint(pos):
            if z is not None and z.key == "option" and z.value is not None:  # the exchange dialog's buttons
                self.do(z.value)
            return None
        if z is not None and z.key not in ("log", "item_info"):
            return self.side_button(z.key, z.value)
        if not BOARD_RECT.collidepoint(pos):
            return None
        return self.click_board(pos)

    def shortcut(self, intent: str) -> Command:
        """A keyboard shortcut for an action-phase button (game.ui.bindings); says so when it has nothing to do."""
        act = self.marks.act
        if intent == "use":
            acts = [a for lst in act.use.values() for a in lst]
            if not acts:
                self.refuse(_("No item can be used now."))
                return None
            return self.menu(_("Use which item?"), acts)
        k = SHORTCUTS[intent]
        ok = {"search": act.search, "trade": act.trade, "attack_menu": act.attacks, "door_menu": act.doors,
              "exit": act.exit, "end_phase": act.end_phase}[k]
        if not ok and k == "search" and why_no_search(self.state):
            self.refuse(why_no_search(self.state), 4.0)
            return None
        if not ok:
            self.refuse({"search": _("Nothing to search here."), "trade": _("Nobody to trade with here."),
                        "attack_menu": _("No target in reach and sight."), "door_menu": _("No door next to you."),
                        "exit": _("The exit is not here."),
                        "end_phase": tagged(_("You cannot end the action phase here: an enemy or corpse shares "
                                              "your square."), "R-TURN-5", None, "()")}[k])
            return None
        return self.side_button(k, None)

    def side_button(self, k: str, v: Any) -> Command:
        """What a side-panel or prompt button (zone key ``k``, value ``v``) does; shortcuts use it too."""
        st = self.state
        act = self.marks.act
        if k == "option":
            self.do(v)
            return None
        if k == "seat_option":  # a window's option of one of the seats that may answer it (issue 23 item 3)
            self.do(v[0], seat=v[1])
            return None
        if self.mode_hud is not None and k in self.kit.hud_zones:
            return self.mode_hud.button(k, v)
        if k == "more":
            p = View.of(st).pending
            return self.menu(prompt_words(p, words) or _("Choose"), list(p.options), [describe(st, a) for a in p.options])
        if k == "use":
            return self.menu(say("menu.use_item", item=self.item_name(v)), act.use.get(v, []))
        if k == "mix":
            return self.menu(_("Mix herbs (free)"), act.mix.get(v, []))
        if k == "discard":
            a = act.discard.get(v)
            if a is not None:
                return self.menu(say("menu.discard_ask", item=self.item_name(v)), [a],
                                 [say("menu.discard", item=self.item_name(v))])
            return None
        if k == "search":
            return self.menu(_("Search which token?"), act.search)
        if k == "search_full":
            self.refuse(why_no_search(st) or _("Nothing to search here."), 4.0)
            return None
        if k == "trade":
            return self.menu(_("Trade with whom?"), act.trade)
        if k == "attack_menu":
            allx = [a for lst in act.attacks.values() for a in lst]
            return self.menu(_("Attack: target, weapon and rapid fire"), allx, self.attack_labels(allx, True),
                             note=_(DICE_NOTE))
        if k == "door_menu":
            acts = list(act.doors.values())
            return self.menu(_("Which door?"), acts, [self.door_label(a) for a in acts])
        if k == "stairs":
            return self.menu(_("Take the stairwell"), list(act.stairs.values()))
        if k == "stash":
            return self.menu(_("Stash items"), act.stash)
        if k == "typewriter":
            return self.menu(_("Typewriter"), act.typewriter)
        if k == "ribbons" and act.ribbons:  # R-EASY-6 hook: the count is asked next (easy mode: none)
            self.do(act.ribbons[0])
            return None
        if k == "scenario" and isinstance(v, int) and v < len(act.scenario):
            self.do(act.scenario[v])
            return None
        if k == "other_menu":
            return self.menu(_("Other actions"), act.other, [describe(st, a) for a in act.other])
        if k == "exit" and act.exit is not None:
            self.do(act.exit)
            return None
        if k == "end_phase" and act.end_phase is not None:
            self.end_phase()
            return None
        return None

    def click_board(self, pos: tuple[int, int]) -> Command:
        st = self.state
        m = self.marks
        lay = self.view.layout
        hit = self.view.model_at(pos)
        p = View.of(st).pending
        if p.kind == "act":
            act = m.act
            if hit and hit[0] == "e" and hit[1] not in act.attacks:
                why = why_not_enemy(st, hit[1])
                e = View.of(st).enemy(hit[1])
                if e is not None and tuple(e.pos) in act.moves:
                    # a framed square with an enemy that cannot be attacked: the click moves there, as the
                    # hint bar promises ("Click a framed square to move"); it once only refused (play3)
                    mv = act.moves[tuple(e.pos)]
                    return self.menu(why or _("Move here?"), [mv],
                                     [_f("Move into the {name}'s square (1 action)",
                                         name=_(View.of(st).enemy_def(e).name).removeprefix("The "))], anchor=pos)
                if why:
                    self.refuse(why, 4.0)
                    return None
            if hit and hit[0] == "e" and hit[1] in act.attacks:
                opts = act.attacks[hit[1]]
                if len(opts) == 1:
                    self.do(opts[0])
                    return None
                return self.menu(attack_title(st, hit[1]), opts,
                                 self.attack_labels(opts), anchor=pos, note=_(DICE_NOTE))
            tok = self.view.token_at(pos) if not hit else None
            if tok is not None and tok in act.attacks:  # a barrel (R-BARREL-1)
                return self.menu(attack_title(st, tok, shoot=True), act.attacks[tok],
                                 [attack_label(st, a) for a in act.attacks[tok]], anchor=pos)
            tw = [a for a in act.typewriter if tok is not None and a.target == tok]
            if tw:  # R-INK-4: spending a ribbon is worth a confirmation
                ribbons = View.of(st).ink_ribbons
                return self.menu(say("menu.typewriter_ask", n=ribbons), tw, [say("menu.typewriter_spend", n=ribbons)],
                                 anchor=pos)
            if lay is not None and not hit:  # the item box: stash or search it (R-IBOX-2/3)
                sq = lay.square_at(pos)
                boxes = {t.uid for t in View.of(st).tokens if t.kind == "item_box" and sq is not None and tuple(t.pos) == sq}
                box_acts = [a for a in act.stash + act.search if a.target in boxes]
                if box_acts:
                    return self.menu(_("Item box (1 action)"), box_acts, [describe(st, a) + " (1 action)"
                                                                       for a in box_acts], anchor=pos)
            if lay is not None:
                eid = lay.edge_near(pos, list(act.doors))
                if eid is not None:
                    self.do(act.doors[eid])
                    return None
                sq = lay.square_at(pos)
                if sq in act.moves:
                    self.do(act.moves[sq])
                    return None
                if sq in act.stairs:
                    self.do(act.stairs[sq])
                    return None
                if sq is not None and boss_blocks(st, sq):
                    self.refuse(no_way_out())
                    return None
                if sq is not None and eid is None and tok is None and (not hit or hit[0] == "c" and not any(
                        a.target == hit[1] for a in act.trade + act.search)):  # a survivor there: walk, as hovered
                    return self.far_square(sq, pos)
                if tok is not None and not hit and eid is None:  # a barrel or typewriter out of reach: say why
                    why = why_not_token(st, tok)
                    if why:
                        self.refuse(why, 4.0)
                        return None
            if hit and hit[0] == "c":
                opts = [a for a in act.trade + act.search if a.target == hit[1]]  # trade, or search (R-SEARCH-5)
                if opts:
                    return self.menu(f"{self.cname(hit[1])}", opts,
                                     [say("menu.one_action", what=describe(st, a)) for a in opts], anchor=pos)
            return None
        # a non-"act" decision: squares, enemies or survivors on the board
        if hit and hit[0] == "e" and hit[1] in m.pick_enemies:
            self.do(m.pick_enemies[hit[1]])
            return None
        if hit and hit[0] == "c" and hit[1] in m.pick_chars:
            self.do(m.pick_chars[hit[1]])
            return None
        if lay is not None:
            sq = lay.square_at(pos)
            if sq in m.choice_squares:
                opts = m.choice_squares[sq]
                return self.menu(words(p) or _("Choose"), opts, None if len(opts) == 1 else
                                 [describe(st, a) for a in opts], anchor=pos)
        return None

    def far_square(self, sq: tuple[int, int], pos: tuple[int, int]) -> Command:
        """A click on a square the survivor cannot step to: offer the walk there as a plan of several
        moves when there is one that fits the actions left, else say why not."""
        st = self.state
        c = View.of(st).active_char
        if c.pos is not None and max(abs(sq[0] - c.pos[0]), abs(sq[1] - c.pos[1])) > 1:
            path = walk_plan(st, sq)
            if path and len(path) <= View.of(st).actions_left:
                n = len(path)
                label = _f("Walk there: {n} moves = {n} of your {left} actions (stops if anything happens)", n=n,
                           left=View.of(st).actions_left)
                if View.of(st).provoked_attack() is not None:  # as the hover says (play3); R-OOS-3: bosses do not
                    label += " " + tagged(_("Leaving your square provokes the enemy there first."), "R-OOS-3", None, "()")
                b = View.of(st).scenario.board
                q = View(st)
                if b.has(sq) and b.has(tuple(c.pos)) and q.tile_id(sq) == q.tile_id(tuple(c.pos)):
                    title = _("Move here?")  # in her own room (the third play-test 9: "Walk to the Storeroom?"
                    # was asked inside the Storeroom)
                else:
                    title = _f("Walk to {room}?", room=_room(st, sq)) if b.has(sq) \
                        else _f("Walk to {x},{y}?", x=sq[0], y=sq[1])
                return Push(ChoiceMenu(title, [(label, path)], self.walk, pos))
        why = why_not_square(st, sq)
        if why:
            self.refuse(why, 4.0)
        return None

    def walk(self, path: list) -> None:
        """Start walking ``path`` one Move action at a time (each step can be undone on its own)."""
        self.walking = list(path)
        self.walk_step()

    def walk_step(self) -> None:
        """Take the next step of the walk; stop when a step is no longer legal or anything but a
        move happened (an exploration, a provoked attack, a card ...)."""
        if not self.walking:
            return
        a = first_step(self.state, self.walking)
        if a is None:
            self.walking = []
            self.refuse(_("The walk stopped: the next step is not possible any more."))
            return
        self.walking.pop(0)
        ev = self.do(a)
        if any(e.kind != "move" for e in ev):
            if self.walking:
                self.refuse(_("The walk stopped: something happened on the way."))
            self.walking = []

    def item_name(self, uid: str) -> str:
        try:
            return _(View.of(self.state).item(uid).name)  # (a content text: by its stable key)
        except KeyError:
            return uid

    def door_label(self, a: Action) -> str:
        st = self.state
        e = parse_edge_id(a.edge)
        me = View.of(st).active_char.pos
        other = e[0] if tuple(e[1]) == tuple(me) else e[1]
        d = (other[0] - me[0], other[1] - me[1])
        side = {(1, 0): N_("east"), (-1, 0): N_("west"), (0, 1): N_("south"), (0, -1): N_("north")}.get(d, "")
        now = View.of(st).edge(*e).value
        if now not in ("door_open", "door_closed", "barricade") or not side:
            return describe(st, a)
        return say(f"menu.door.{now}", side=_(side))  # menu.door.door_open / door_closed / barricade
