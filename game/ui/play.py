"""The play scene: shows the board, turns clicks into legal actions, animates the events.

It never changes the game state except through ``engine.apply`` with an action taken from
``legal_actions`` (DESIGN: the UI asks, the engine decides).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..ai.bot import Bot
from ..content.errors import ContentError
from ..engine import Action, Event, IllegalAction, RulesError, adopt, apply, parse_edge_id, record_of, replay, snapshot
from ..engine.query import Game, View
from .choices import (DICE_NOTE, ORDER_KINDS, TIE_KINDS, _room, attack_label, attack_title, describe, enemy_label,
                      weapon_effects)
from .bindings import intent_of
from .keys import OPTION_KEYS, play_intent
from .briefing import briefing_rules
from .scenes.game_over import Results
from .scenes.menu import ChoiceMenu, PassDevice
from .scenes.pause import Pause
from .narrative import STORY_DECISIONS, NarrativeDialog, PeekDialog, pending_story, story_events
from .hud.cards import NO_WAY_OUT, boss_blocks
from .playui import BOARD_RECT, LOG_BIG_TOP, LOG_RECT, LogLine, Marks, PlayUI
from .presenters.rolls import rolls_from_events
from .presenters.rooms import name_rooms
from .render import PlayView, build_marks
from . import enemyphase, theme as T
from .anim import beats_of
from .words import question, words
from .scene import Command, Push, Replace, Scene
from .. import i18n
from ..i18n import N_, _, _f, english
from .results import cause_lines, stats_of
from .rulebook import RulebookScene, label_terms, log_tip, section_for_rule
from .ruleids import player_text
from .seats import clean_name, same_person, seat_label
from .undo import UndoHistory
from .logtext import message, repeated
from .modes import kit_for
from .errortext import error_text
from .previews import attack_odds_text, reactions_if_phase_ends, weapon_reach
from .whynot import first_step, walk_plan, why_no_search, why_not_enemy, why_not_square, why_not_token

if TYPE_CHECKING:
    from .app import App


MOVE_KINDS = frozenset({"move", "enemy_move", "push"})  # events whose ``frm`` says where a move started

# rebindable shortcut intents -> the side-panel button they press (bindings.ACTIONS)
SHORTCUTS = {"search": "search", "trade": "trade", "attack": "attack_menu", "door": "door_menu", "exit": "exit",
             "end_phase": "end_phase", "use": "use"}
BOT_DELAY_ACT = 0.45  # seconds between bot decisions, so a person can follow
BOT_DELAY_SMALL = 0.25
PAN_STEP = 48
HOVER_QUIET_S = 0.5  # after an action, hover tooltips wait this long (or for the pointer to move): issue 25 item 7
END_CONFIRM_SECS = 3.0  # a second Space / End phase within this confirms ending with actions left


def settled_line(st: Game, a: Action):
    """The log line of a tie the game settled with ``a`` in state ``st`` (a copy kept for the line), as a
    function writing it in the current language: what was settled and which question it answered."""
    def write() -> str:
        if a.kind == "auto":  # issue 25 item 14: not "Settled by the game: Auto (default order) (Which ...?)"
            return _f("{question} The game settled it in the rules' default order.",
                      question=words(View.of(st).pending).strip() if View.of(st).pending is not None else "")
        what = describe(st, a)
        if a.kind in ("place", "push") and a.target and View.of(st).enemy(a.target) is not None:
            what = f"{enemy_label(st, a.target)} → {what}"  # not a bare "W 7,4": who goes there
        q = question(View.of(st).pending) if View.of(st).pending is not None else ""
        return _f("Settled by the game: {what}", what=what) + (f" ({q})" if q else "")
    return write


def deck_rule(state: Game) -> str:
    """This scenario's empty tension deck rule in a sentence (issue 25 item 8): reshuffled
    (R-TENSION-10) or the scenario fails (R-TENSION-8)."""
    if View(state).tension_reshuffles():
        return _("In this scenario an empty tension deck is reshuffled (R-TENSION-10).")
    return _("In this scenario drawing from an empty tension deck fails it (R-TENSION-8).")


class PlayScene(Scene):
    """One scenario being played (hot-seat, bots, or both)."""

    plays_ambient = True  # game.ui.app keeps the district's loop playing while this scene is on the stack

    def __init__(self, app: "App", state: Game, party: list[tuple[str, int]], controllers: list[str],
                 map_path: str | None = None, events: list | None = None, names: list[str] | None = None):
        super().__init__()
        self.state = adopt(state)  # a state from outside (a save, an editor, a test): no stale caches
        self.party = list(party)
        self.controllers = list(controllers) + ["human"] * (len(party) - len(controllers))
        self.map_path = map_path
        self.view = PlayView(app.art, map_path)
        self.sound = getattr(app, "sound", None)
        self.settings = getattr(app, "settings", {})
        # seat names (game.ui.seats): "" = "Player N"; kept in saves, changed from Pause → Seats and players
        self.names = ([clean_name(x) for x in names or []] + [""] * len(party))[: len(party)]
        self.ui = PlayUI(controllers=self.controllers, scenario_name=View.of(state).scenario.brief.name, names=self.names)
        self.bot = Bot(View.of(state).seed)
        self.bot_t = 0.0
        self.over_t = 0.0
        self.over_go = False  # the player moved on from the final board (issue 25 item 3)
        self.over_stats: Any = None  # game.ui.results.GameStats of the finished game (why it ended)
        self.over_lines: list[str] | None = None  # why it ended, as shown under the final board
        self._marks_key: Any = None
        self._hint_key: Any = None  # (state, step, seats, rule IDs, language) the hint line was made for
        self._hint = ""
        self._marks = Marks()
        self.pending_pass: int | None = None
        self.end_confirm_until = -1.0  # ui.time until which a second "end phase" confirms
        self.end_toast = ""  # the "End the phase with N actions unused?" question shown last
        self.story_queue: list[NarrativeDialog] = []  # narrative cards drawn, waiting for their dialog
        self.open_rule: str | None = None  # a rules-reference section to open (from a log line)
        self.tutorial: Any = None  # game.ui.tutorial.Tutorial while the tutorial runs
        self.walking: list = []  # squares still to walk of a multi-move plan (whynot.walk_plan)
        self._preview_key: Any = None  # the hovered square's walk / why-not, cached per state step
        self._preview: tuple[list, str] = ([], "")
        self._palette: Any = None  # the colour palette the board was last drawn with
        self._tip_line: Any = None  # the log line under the pointer and since when (its keyword tooltip)
        self._tip_since = 0.0
        self.last_human_seat = self.deciding_seat() if self.is_human(self.deciding_seat()) else None
        self.kit = self.ui.anim.kit = kit_for(state)  # the mode's kit (game.ui.modes)
        self.mode_hud = self.kit.hud(self)  # its own part of the screen (the manor's kerosene, reserve, cards)
        self.ui.side_extra = self.mode_hud
        # undo/redo on state snapshots (game.ui.undo); a loaded game rebuilds its window from the record
        self.history = UndoHistory() if events or not View.of(state).record() else \
            UndoHistory.from_record(View.of(state).scenario, self.party, View.of(state).seed, record_of(state), state)
        brief = View.of(state).scenario.brief
        self._goal_caption = self.goal_caption()
        self.ui.anim.last_caption = self._goal_caption
        events = self.seen(events or [])
        if events:  # the engine's own set-up and first-turn lines come first
            for e in events:
                if e.text and not repeated(e):
                    self.log(e.rule, e.text, e.kind, frm=e.data.get("frm") if e.kind in MOVE_KINDS else None,
                             msg=message(state, e))
                    self.log_after(state, e)
            rolls = rolls_from_events(state, events)
            if rolls:
                self.ui.rolls, self.ui.fresh_rolls = rolls[-8:], len(rolls)
            if brief.objective_text:
                self.log("", f"Goal: {brief.objective_text}", "phase",
                         (N_("Goal: {text}"), {"text": brief.objective_text}))
            if briefing_rules(brief):  # R-SCEN-2 special rules and extra failures
                self.log_lazy("", lambda: briefing_rules(brief), "phase")
        elif View.of(state).record():
            self.log("R-SCEN-3", f"{brief.name}. {brief.objective_text}".strip(), "phase",
                     (N_("{name}. {goal}"), {"name": brief.name, "goal": brief.objective_text}))
            self.replay_log(state, self.seen(self.history.replayed))
            n = len(View.of(state).record())
            self.log("", f"Game loaded (turn {View.of(state).turn}, after {n} actions).", "phase",
                     (N_("Game loaded (turn {turn}, after {n} actions)."), {"turn": View.of(state).turn, "n": n}))
        else:
            self.log("R-SCEN-3", f"{brief.name}. {brief.objective_text}".strip(), "phase",
                     (N_("{name}. {goal}"), {"name": brief.name, "goal": brief.objective_text}))
            c = View.of(state).active_char
            self.log("R-TURN-3", f"Turn {View.of(state).turn}: {self.cname(c.cid)} (player {c.seat + 1}) begins.", "turn",
                     (N_("Turn {turn}: {char} (player {seat})."), {"turn": View.of(state).turn, "char": self.cname(c.cid),
                                                                  "seat": c.seat + 1}))

    def replay_log(self, state: Game, events: list[Event]) -> None:
        """A loaded game: the lines of its last events (replayed from its record, game.ui.undo) go
        into the log again, and the dice and the encounter card they left in the side panel come
        back (play4: after Continue the log held only "Game loaded" and the card just drawn was gone)."""
        for e in events:
            if e.text and not repeated(e):
                self.log(e.rule, e.text, e.kind, frm=e.data.get("frm") if e.kind in MOVE_KINDS else None,
                         msg=message(state, e))
        rolls = rolls_from_events(state, events)
        if rolls:
            self.ui.rolls = rolls[-8:]
        if self.mode_hud is not None:  # only what sets or clears the encounter card: no mission opens again
            self.mode_hud.feed([e for e in events if e.kind in ("encounter", "attack", "evade", "corpse")
                             and not (e.kind == "encounter" and e.data.get("purpose") == "mission")])

    # ------------------------------------------------------------------ helpers
    def goal_caption(self) -> str:
        """'Goal: ...' in the current language (the caption until something happens)."""
        brief = View.of(self.state).scenario.brief
        text = brief.goal or brief.objective_text  # the one-line goal fits the caption (R-SCEN-1 objective)
        return _f("Goal: {text}", text=_(text)) if text else _(brief.name)

    def cname(self, cid: str) -> str:
        return View.of(self.state).scenario.content.characters[cid].name

    def seats_changed(self) -> None:
        """A seat was renamed or handed to the bot or a person (game.ui.seats.SeatsScene)."""
        self.ui.controllers = self.controllers
        self.ui.names = self.names
        seat = self.deciding_seat()
        self.last_human_seat = seat if self.is_human(seat) else None
        self.bot_t = 0.0

    def deciding_seat(self) -> int | None:
        p = View.of(self.state).pending
        return None if p is None or View.of(self.state).over else p.seat

    def settles_itself(self) -> bool:
        """The pending decision is a tie or an order the game settles in the rules' order ("Auto enemy ties")."""
        p = View.of(self.state).pending
        return bool(p is not None and p.kind in TIE_KINDS | ORDER_KINDS and p.options and self.settings.get("auto_ties", True))

    def viewer(self) -> int | None:
        """The seat whose eyes this screen is (issue 23 item 3): the one seat a person plays when
        only one is; None at a hot-seat table or with bots only, where the shared screen shows
        public information only (a secret reaches nobody's log)."""
        humans = [i for i, c in enumerate(self.controllers) if c == "human"]
        return humans[0] if len(humans) == 1 else None

    def seen(self, events: list[Event]) -> list[Event]:
        """The events of ``events`` this screen may show (:meth:`viewer`'s, ``View.events``)."""
        return View.of(self.state, self.viewer()).events(events)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat < len(self.controllers) and self.controllers[seat] == "human"

    def log_lazy(self, rule: str, write, kind: str = "") -> None:
        """A line the screen writes itself: ``write()`` gives it in the current language. It is kept in
        English and drawn again in the language of the moment, so a language switch reaches it too
        (play4: lines written before a switch stayed in the old language)."""
        with english():
            text = write()
        self.ui.log.append(LogLine(rule, text, kind, write))
        if len(self.ui.log) > 600:
            del self.ui.log[:100]

    def log(self, rule: str, text: str, kind: str = "", msg: Any = None, frm=None) -> None:
        # ``msg`` shows the line in another language (game.ui.logtext); an event names rooms itself
        # (issue 23: typed squares), so the text is not edited here
        self.ui.log.append(LogLine(rule, text, kind, msg))
        if len(self.ui.log) > 600:
            del self.ui.log[:100]

    def log_after(self, state: Game, e: Event) -> None:
        """A line after an engine line that names a code: a found progression token (R-CAMP-10) says which
        scenario it opens on the city map ("Campaign progression token found: DT2." told a player nothing)."""
        if e.kind == "tension" and e.data.get("defn"):  # R-DANGER-5: the band's extra line is played too
            td = View.of(state).scenario.content.tension.get(str(e.data["defn"]))
            brief = View.of(state).scenario.brief
            band = View(state).danger_band() if brief.use_danger and not brief.intro else ""
            if td is not None and ((band == "high" and td.high) or (band == "extreme" and td.extreme)):
                words = {"high": N_("High danger: this card's extra line for the high band is played too."),
                         "extreme": N_("Extreme danger: this card's extra line for the extreme band is played too.")}
                self.log("R-DANGER-5", words[band], "tension", (words[band], {}))
        if e.kind == "progression" and e.data.get("label"):
            from .hints import progression_opens

            name = progression_opens(state, str(e.data["label"]))
            if name:
                self.log(e.rule, f"It opens the way to {name} on the city map.", e.kind,
                         (N_("It opens the way to {name} on the city map."), {"name": name}))

    def positions(self) -> dict:
        out: dict = {}
        for c in View.of(self.state).characters:
            if c.pos is not None:
                out[("c", c.cid)] = tuple(c.pos)
        for e in View.of(self.state).enemies:
            out[("e", e.uid)] = tuple(e.pos)
        return out

    @property
    def marks(self) -> Marks:
        key = (id(self.state), View.of(self.state).step, tuple(self.controllers))
        if key != self._marks_key:
            self._marks = build_marks(self.state, self.controllers)
            self._marks_key = key
        return self._marks

    # ------------------------------------------------------------------ acting
    def do(self, action: Action, by: str = "person") -> list[Event]:
        """Send one action to the engine and show what happened; returns the engine's events.

        ``by`` is who chose it: "person", "bot", or "game" (a tie the game settled); undo takes back a
        person's action together with the bot and game steps that followed it."""
        self.end_confirm_until = -1.0
        # issue 25 item 7: a tooltip shown before the action described the old state; it waits for the
        # pointer to rest again and is then drawn from the new one
        self.ui.hover_quiet_until = self.ui.time + HOVER_QUIET_S
        self.ui.woke = self.ui.time  # highlights pulse again (render.pulse_of)
        before = self.positions()
        self.ui.boss.before_action(self.state)
        self.history.begin(self.state, action, by, self.ui.log, self.ui.rolls)
        try:
            events = apply(self.state, action)
        except RulesError as ex:  # a rule failed: the engine put the game back as it was; say so, play on
            self.history.end([], self.state, [])
            self.log("", f"Rules error (the action was taken back): {ex}", "impossible",
                     (N_("Rules error (the action was taken back): {why}"), {"why": str(ex)}))
            self.toast(_("Something went wrong in the rules; the action was taken back. "
                         "Export a bug report from the pause menu."))
            return []
        if self.ui.toast_t > 0 and self.ui.toast == self.end_toast:  # the end-phase question is answered
            self.ui.toast_t = 0.0
        if len(events) == 1 and events[0].kind == "impossible":
            self.history.end(events, self.state, [])
            self.refuse(words(events[0]))
            return events
        events = self.seen(events)  # (a secret still closes the undo window: View.undo_floor)
        if any(e.kind == "turn" for e in events):
            self.ui.log_scroll = 0  # a new turn: the log shows its newest lines again (issue 25 item 12)
        n_log = len(self.ui.log)
        prev = None
        line_of: dict[int, Any] = {}  # event index -> its log line (the enemy phase's beats show them)
        for i, e in enumerate(events):
            if e.kind == "result":  # the results screen says why in the player's language (its reason parameter)
                self.result_event = e
            if e.text and not repeated(e):
                self.log(e.rule, e.text, e.kind,
                         frm=e.data.get("frm") if e.kind in MOVE_KINDS else None,
                         msg=message(self.state, e))  # logtext: in the player's language
                line_of[i] = self.ui.log[-1]
                self.log_after(self.state, e)
        self.history.end(events, self.state, self.ui.log[min(n_log, len(self.ui.log)):])
        rolls = rolls_from_events(self.state, events)
        if rolls:
            self.ui.rolls = (self.ui.rolls + rolls)[-8:]
            self.ui.fresh_rolls = len(rolls)
            self.ui.anim.roll_t = 0.0  # the new dice tumble for a moment (ROLL_S), then settle
        tags = self.ui.boss.feed(self.state, events)
        # issue 25 item 1: with a person watching, the enemy phase plays one beat at a time
        beats = beats_of(events) if any(c == "human" for c in self.controllers) else None
        self.ui.anim.add_events(events, before, tags, beats)
        show = enemyphase.build(events, line_of, beats, self.state) if beats else None
        if show is not None:
            self.ui.phase, self.ui.recap_t, self.ui.phase_recapped = show, 0.0, False
        elif self.ui.phase is not None and not self.ui.anim.busy:
            self.ui.phase = None  # the player acted: the last phase's recap goes
        if self.sound is not None:
            self.sound.events(self.state, events, self.anim_speed)
        for ev, after in story_events(events):  # R-NARR-2/3: the card opens over the board
            self.story_queue.append(NarrativeDialog(self, ev, after))
        if self.mode_hud is not None:  # encounter cards and missions (M-ENC, M-MISSION)
            self.mode_hud.feed(events)
        self.bot_t = 0.0
        seat = self.deciding_seat()
        if self.is_human(seat) and not self.settles_itself():  # a tie the game settles hands nothing over (item 14)
            if self.last_human_seat is not None and seat != self.last_human_seat \
                    and not same_person(self.names, seat, self.last_human_seat):
                self.pending_pass = seat
            self.last_human_seat = seat
        return events

    # ------------------------------------------------------------------ undo / redo (game.ui.undo)
    def undo(self) -> bool:
        """Take back the last action a person took (and the bot/game steps after it), if it revealed
        nothing. Returns whether anything was undone; otherwise a toast says why not."""
        if View.of(self.state).over:
            self.refuse(_("The scenario is over: nothing can be undone."))
            return False
        step = self.history.take_back(1)
        if step is None:
            self.refuse(self.history.why_not())
            return False
        self.restore(step, _f("Undone: {what}", what=describe(step.before, step.action)))
        return True

    def undo_to_line(self, line: Any) -> bool:
        """'Undo to here': put the game back as it was right after ``line`` was written in the log."""
        n = self.history.steps_after_line(line)
        if n is None:
            self.refuse(_f("Too late to undo to here: {why} after this line.", why=_(self.history.floor_reason)))
            return False
        if n == 0:
            self.refuse(_("This is the latest line: nothing to undo."))
            return False
        step = self.history.take_back_steps(n)
        self.restore(step, _f("Undone {n} steps", n=n) if n != 1 else _("Undone 1 step"))
        return True

    def redo(self) -> bool:
        """Apply again the last undone action (deterministic: nothing random lies in the window)."""
        a = self.history.redo_action()
        if a is None:
            self.refuse(_("Nothing to redo."))
            return False
        self.history.redoing = True
        try:
            ev = self.do(a)
        finally:
            self.history.redoing = False
        if not (len(ev) == 1 and ev[0].kind == "impossible"):
            self.toast(_f("Redone: {what}", what=describe(self.history.window[-1].before, a)) if self.history.window
                       else _("Redone"))
        return True

    def restore(self, step: Any, msg: str) -> None:
        """Show the snapshot ``step.before`` (and the log and dice rows as they were then)."""
        self.state = step.before
        self.ui.log[:] = step.log
        self.ui.rolls, self.ui.fresh_rolls = list(step.rolls), 0
        self.ui.log_scroll = 0
        self._marks_key = None
        self.ui.anim.finish()
        self.ui.boss = type(self.ui.boss)()
        self.story_queue.clear()
        self.end_confirm_until = -1.0
        self.bot_t = 0.0
        seat = self.deciding_seat()
        if self.is_human(seat) and not self.settles_itself():  # a tie the game settles hands nothing over (item 14)
            if self.last_human_seat is not None and seat != self.last_human_seat \
                    and not same_person(self.names, seat, self.last_human_seat):
                self.pending_pass = seat  # hot-seat: the decision goes back to another player
            self.last_human_seat = seat
        self.toast(msg)

    def log_line_menu(self, line: Any, pos: tuple[int, int]) -> Command:
        """A click on a log line: read the rule behind it, or undo to here."""

        opts: list[tuple[str, Any]] = []
        sec = section_for_rule(getattr(line, "rule", ""))
        if sec is not None:
            opts.append((_f("Rules: {title}", title=_(sec.title)), ("rule", sec.id)))
        n = self.history.steps_after_line(line)
        if n:
            opts.append((_f("Undo to here ({n} steps back)", n=n) if n != 1 else _("Undo to here (1 step back)"),
                         ("undo_to", line)))
        elif n is None and not View.of(self.state).over:
            opts.append((_f("Undo to here: not possible, {why} after this line", why=_(self.history.floor_reason)),
                         ("none", None)))
        if not opts:
            return None
        def on_pick(v: Any) -> None:
            kind, val = v
            if kind == "undo_to":
                self.undo_to_line(val)
            elif kind == "rule":
                self.open_rule = val

        return Push(ChoiceMenu(_("This log line"), opts, on_pick, anchor=pos))

    def toast(self, msg: str, secs: float = 2.5, kind: str = "info") -> None:
        """Show ``msg`` over the board for ``secs`` s; ``kind`` "refusal" (why something cannot be
        done), "question" or "info" sets its frame, mark and first word (PlayView.draw_toast)."""
        msg = name_rooms(self.state, player_text(msg))  # rule IDs as the app has it now; rooms, not squares
        self.ui.toast = msg
        self.ui.toast_t = secs
        self.ui.toast_kind = kind

    def refuse(self, msg: str, secs: float = 2.5) -> None:
        """A refusal: why the click or key cannot be done now."""
        self.toast(msg, secs, "refusal")

    def reload(self, app: "App") -> None:
        """F5: reload map and content from disk and replay the record; keep the old board on error."""
        try:
            scn = app.load_scenario(View.of(self.state).scenario_id, self.map_path, fresh=True)
            new = replay(scn, self.party, View.of(self.state).seed, record_of(self.state), View.of(self.state).manual)
        except (ContentError, IllegalAction, ValueError, KeyError) as ex:
            self.ui.banner = error_text(ex)  # in words, without "MapError:" (issue 25 item 16)
            self.log_lazy("F5", lambda e=ex.with_traceback(None): _f("Reload failed: {why}", why=error_text(e)), "error")
            return
        self.state = new
        self.history = UndoHistory.from_record(View.of(new).scenario, self.party, View.of(new).seed, record_of(new), new)
        self.view.invalidate()
        self._marks_key = None
        self.ui.banner = ""
        self.ui.anim.finish()
        self.ui.boss = type(self.ui.boss)()
        self.story_queue.clear()
        self.ui.scenario_name = View.of(new).scenario.brief.name
        self.log("F5", f"Reloaded map and content from disk; replayed {len(View.of(new).record())} actions.", "phase",
                 (N_("Reloaded map and content from disk; replayed {n} actions."), {"n": len(View.of(new).record())}))
        self.toast(_("Reloaded from disk"))

    # ------------------------------------------------------------------ input
    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        self.ui.woke = self.ui.time  # highlights pulse again (render.pulse_of)
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = self.ui.mouse = ev.pos
            self.ui.hover_quiet_until = 0.0  # the pointer moved: its tooltip at once, from the state as it is
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

    def rulebook(self, section: str | None) -> Any:
        """The rules reference opened at ``section``, with this game's own rules noted where they differ
        from the book's general case (issue 25 item 8: the empty tension deck)."""
        return RulebookScene(section, notes={"tension": deck_rule(self.state)})

    def skip_phase(self) -> bool:
        """While the enemy phase plays beat by beat: jump to its end (its recap stays). Returns
        whether it was playing (issue 25 item 1: skippable with a click, Space or Enter)."""
        if self.ui.phase is None or self.ui.anim.beat_now() is None:
            return False
        self.ui.anim.finish()
        return True

    def on_key(self, ev: pygame.event.Event, app: "App") -> Command:
        if ev.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and self.skip_phase():
            return None  # Space or Enter skips the enemy phase, and does not end the next one
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
            if not terms and self.kit.rulebook_section:  # e.g. a manor game opens on the manor's rules (play4)
                return Push(self.rulebook(self.kit.rulebook_section))
            return Push(self.rulebook(terms[0].see if terms else None))
        if intent in SHORTCUTS:
            if not self.can_act() or View.of(self.state).pending.kind != "act":
                return None
            return self.shortcut(intent)
        if intent in ("undo", "redo"):
            if self.ui.anim.busy:
                self.ui.anim.finish()
            self.undo() if intent == "undo" else self.redo()
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
                    self.refuse(_("You cannot end the action phase here: an enemy or corpse shares your square "
                                  "(R-TURN-5)."))
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
                w = f", {e.wounds} wound{'s' if e.wounds != 1 else ''}" if e.wounds else ""  # as the push prompt says
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

    def say_why_it_ended(self) -> None:
        """The game just ended: work out why (game.ui.results.cause_lines: the condition, who fell to
        what, the last tension card), show it under the final board and write it in the log
        (issue 25 item 3: a failed scenario never said why)."""
        st = self.state
        self.over_stats = stats_of(st, self.party)
        self.over_lines = cause_lines(st, self.over_stats, self.ui.show_rule_ids)
        self.ui.over_lines = self.over_lines
        for i in range(len(self.over_lines)):
            self.log_lazy("", lambda i=i: (cause_lines(st, self.over_stats, self.ui.show_rule_ids) + [""] * 9)[i],
                          "phase")

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
            if self.ui.anim.busy:
                self.ui.anim.finish()
            self.undo() if z.key == "undo" else self.redo()
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
                        "end_phase": _("You cannot end the action phase here: an enemy or corpse shares your square "
                                       "(R-TURN-5).")}[k])
            return None
        return self.side_button(k, None)

    def side_button(self, k: str, v: Any) -> Command:
        """What a side-panel or prompt button (zone key ``k``, value ``v``) does; shortcuts use it too."""
        st = self.state
        act = self.marks.act
        if k == "option":
            self.do(v)
            return None
        if self.mode_hud is not None and k in self.kit.hud_zones:
            return self.mode_hud.button(k, v)
        if k == "more":
            p = View.of(st).pending
            return self.menu(words(p) or _("Choose"), list(p.options), [describe(st, a) for a in p.options])
        if k == "use":
            return self.menu(f"Use {self.item_name(v)}", act.use.get(v, []))
        if k == "mix":
            return self.menu(_("Mix herbs (free)"), act.mix.get(v, []))
        if k == "discard":
            a = act.discard.get(v)
            if a is not None:
                return self.menu(f"Discard {self.item_name(v)}? (free, the card is gone)", [a],
                                 [f"Discard {self.item_name(v)}"])
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
                    return self.menu(player_text(why, self.ui.show_rule_ids) or _("Move here?"), [mv],
                                     [_f("Move into the {name}'s square (1 action)",
                                         name=_(View(st).enemy_def(e).name).removeprefix("The "))], anchor=pos)
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
                return self.menu(f"Use the typewriter? (ink ribbons: {View.of(st).ink_ribbons})", tw,
                                 [f"Type a report: spend 1 of {View.of(st).ink_ribbons} ink ribbon"
                                  f"{'s' if View.of(st).ink_ribbons != 1 else ''}, the tension deck is refreshed"], anchor=pos)
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
                    self.refuse(_(NO_WAY_OUT))
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
                    return self.menu(f"{self.cname(hit[1])}", opts, [describe(st, a) + " (1 action)" for a in opts],
                                     anchor=pos)
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
                if View(st).provoked_attack() is not None:  # as the hover says (play3); R-OOS-3: bosses do not
                    label += " " + _("Leaving your square provokes the enemy there first (R-OOS-3).")
                b = View.of(st).scenario.board
                title = _f("Walk to {room}?", room=_room(st, sq)) if b.has(sq) \
                    else _f("Walk to {x},{y}?", x=sq[0], y=sq[1])
                return Push(ChoiceMenu(player_text(title), [(player_text(label), path)], self.walk, pos))
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
            return View(self.state).item(uid).name
        except KeyError:
            return uid

    def door_label(self, a: Action) -> str:
        st = self.state
        e = parse_edge_id(a.edge)
        me = View.of(st).active_char.pos
        other = e[0] if tuple(e[1]) == tuple(me) else e[1]
        d = (other[0] - me[0], other[1] - me[1])
        side = {(1, 0): "east", (-1, 0): "west", (0, 1): "south", (0, -1): "north"}.get(d, "")
        now = View(st).edge(*e).value
        verb = {"door_open": "Close the door", "door_closed": "Open the door", "barricade": "Clear the barricade"}
        return f"{verb.get(now, a.kind)} to the {side}"

    # ------------------------------------------------------------------ time
    def tick(self, dt: float, hold_phase: bool = False) -> None:
        """Time for the board: clock, animations, toast (also while a dialog is over the board; a story card
        holds the animations where the next phase begins, ``hold_phase``)."""
        ui = self.ui
        ui.time += dt
        ui.anim.update(dt * self.anim_speed, hold_phase)
        if ui.phase is not None and ui.anim.beat_now() is None and not ui.anim.busy:
            if ui.recap_t <= 0 and not ui.phase_recapped:  # the last beat played: its recap for a while
                ui.recap_t, ui.phase_recapped = enemyphase.RECAP_S, True
            else:
                ui.recap_t = max(0.0, ui.recap_t - dt)
                if ui.recap_t <= 0:
                    ui.phase = None
        if ui.toast_t > 0:
            ui.toast_t = max(0.0, ui.toast_t - dt)

    @property
    def anim_speed(self) -> float:
        """The player's animation-speed setting (0.25..4, 1 = as designed)."""
        v = self.settings.get("anim_speed", 1.0)
        return max(0.25, min(4.0, float(v))) if isinstance(v, (int, float)) else 1.0

    def update(self, dt: float, app: "App") -> Command:
        ui = self.ui
        self.tick(dt)
        ui.show_rule_ids = bool(app.settings.get("show_rule_ids", False))
        goal = self.goal_caption()
        if goal != self._goal_caption:  # the language changed: the goal caption follows
            if ui.anim.last_caption == self._goal_caption:
                ui.anim.last_caption = goal
            self._goal_caption = goal
        if app.settings.get("palette") != self._palette:  # colours changed in the settings: redraw the floor
            self._palette = app.settings.get("palette")
            self.view.invalidate()
        if self.tutorial is not None:
            self.tutorial.update(self)
        if self.open_rule is not None:  # "Rules: ..." picked from a log line's menu
            sec, self.open_rule = self.open_rule, None
            return Push(self.rulebook(sec))
        st = self.state
        if self.sound is not None and not View.of(st).over:  # a won boss fight keeps its loop to the end
            from .sound import ambient_for

            self.sound.music(ambient_for(st))
        if self.story_queue and (not ui.anim.busy or ui.anim.steps[0].kind == "story"):
            return Push(self.story_queue.pop(0))  # the board keeps animating under the dialog
        if self.mode_hud is not None:
            cmd = self.mode_hud.update(dt, app)  # a mission opens its card over the board (M-MISSION-2)
            if cmd is not None:
                return cmd
        campaign = getattr(self, "campaign", None)  # game.ui.campaign.CampaignSession of a campaign scenario
        if campaign is not None:
            campaign.on_frame(self)  # autosave at the start of every turn
        if View.of(st).over:
            if self.over_lines is None:
                self.say_why_it_ended()
            if not ui.anim.busy:
                self.over_t += dt
                # issue 25 item 3: the final board stays until a person moves on (Continue, Enter or
                # Space); a game of bots alone goes on by itself
                if self.over_t > 1.2 and (self.over_go or not any(c == "human" for c in self.controllers)):
                    if campaign is not None:
                        campaign.ended = (st, self.over_stats)  # the end phase says why it ended too
                        return Replace(campaign.after_scenario(app, st))  # on to the end phase (R-END)
                    res = Results(st, self.party)
                    res.stats = self.over_stats
                    return Replace(res)
            return None
        if self.pending_pass is not None and not ui.anim.busy:
            seat = self.pending_pass
            self.pending_pass = None
            c = View.of(st).characters[seat]
            why = "" if seat == View.of(st).active_seat else (words(View.of(st).pending) if View.of(st).pending else "")
            recap = ui.phase.recap(ui.show_rule_ids) if ui.phase is not None else []
            ui.phase = None  # the hand-over screen shows the recap (issue 25 item 1), beside no result hidden
            return Push(PassDevice(seat, _(self.cname(c.cid)), tuple(View.of(st).scenario.content.characters[c.cid].colour), why,
                                   player=seat_label(self.names, seat),
                                   cid=c.cid, recap=recap))
        if View.of(st).pending is not None and View.of(st).pending.kind == "enter" and not ui.anim.busy:
            from .entry import EntryDialog  # automation switch off: the table rolls or draws, for bots too

            return Push(EntryDialog(self))
        seat = self.deciding_seat()
        if self.walking and not ui.anim.busy:
            if self.can_act() and View.of(st).pending.kind == "act":
                self.walk_step()
            else:
                self.walking = []
            return None
        if View.of(st).pending is not None and View.of(st).pending.kind == "peek" and self.is_human(seat) and not ui.anim.busy:
            return Push(PeekDialog(self))  # R-TENSION-12: see the cards, put them back in order
        if View.of(st).pending is not None and View.of(st).pending.kind in STORY_DECISIONS and not ui.anim.busy:
            ev = pending_story(st)  # a loaded game waiting on a card's choice: show the card again
            if ev is not None:
                return Push(NarrativeDialog(self, ev))
        if seat is not None and self.is_human(seat) and self.settles_itself() and self.pending_pass is None:
            # settled at once (no buttons flash up first); the animations play on
            # "Let the game settle enemy ties": the rules' default order ("auto" where offered, else the first)
            a = next((o for o in View.of(st).pending.options if o.kind == "auto"), View.of(st).pending.options[0])
            # say what the tie was ("Settled by the game: Zombie at 8,4 » W 7,4" told a playtest nothing); the
            # line is written again in the language of the moment from the state it was settled in
            self.log_lazy("", settled_line(snapshot(st), a), "phase")
            self.do(a, by="game")
            return None
        if seat is not None and not self.is_human(seat) and not ui.anim.busy:
            self.bot_t += dt
            delay = BOT_DELAY_ACT if View.of(st).pending.kind == "act" else BOT_DELAY_SMALL
            if self.bot_t >= delay * app.bot_speed:
                self.do(self.bot.choose(st), by="bot")
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, app: "App") -> None:
        ui = self.ui
        base = self.marks
        m = Marks(act=base.act, choice_squares=base.choice_squares, pick_enemies=base.pick_enemies,
                  pick_chars=base.pick_chars, subjects=base.subjects)
        if ui.anim.boss_turn:  # the boss is still acting on screen: the next turn's options wait
            m = Marks()
        pos = ui.mouse if app.top is self else (-1, -1)  # no hover effects under an overlay
        saved_mouse = ui.mouse
        ui.mouse = pos
        over_dialog = self.view.dialog_rect is not None and self.view.dialog_rect.collidepoint(pos)
        # the enlarged log lies over the board: reading it must not hover the squares under it (play3)
        over_dialog = over_dialog or (ui.log_big and pygame.Rect(LOG_RECT.left, LOG_BIG_TOP, LOG_RECT.width,
                                                                 LOG_RECT.bottom - LOG_BIG_TOP).collidepoint(pos))
        if BOARD_RECT.collidepoint(pos) and self.view.layout is not None and not over_dialog:
            hit = self.view.model_at(pos)
            if hit:
                if hit[0] == "e":
                    m.hover_enemy = hit[1]
                else:
                    m.hover_char = hit[1]
            if not hit or hit[0] != "e":
                m.hover_edge = self.view.layout.edge_near(pos, list(base.act.doors)) if base.act.doors else None
            m.hover_sq = self.view.layout.square_at(pos)
        zone = self.view.zones.at(pos)
        key = (m.hover_sq, m.hover_enemy, m.hover_char, m.hover_edge, zone.rect.topleft if zone is not None else None)
        if key != ui.hover_key:
            ui.hover_key, ui.hover_since = key, ui.time
        ui.marks = m
        hint_key = (id(self.state), View.of(self.state).step, tuple(self.controllers), ui.show_rule_ids, i18n.language())
        if hint_key != self._hint_key:  # the hint reads the rules (boss tile, R-BOSS-8): once per step, not per frame
            self._hint_key, self._hint = hint_key, player_text(self.hint(), ui.show_rule_ids)
        ui.hint = self._hint
        ui.can_undo = self.history.can_undo() and not View.of(self.state).over
        ui.can_redo = bool(self.history.redo) and not View.of(self.state).over
        if ui.anim.boss_turn and ui.boss.card is not None:
            ui.hint = f"{ui.boss.card.boss_name} acts: behaviour card {ui.boss.card.name} (click to skip the animation)"
        toast_t = ui.toast_t
        if app.top is not self:  # an overlay (pause, pop-up, pass the mouse) hides the board's toast
            ui.toast_t = 0.0
        self.view.draw(surf, self.state, ui)
        ui.toast_t = toast_t
        ui.mouse = saved_mouse
        over_tutorial = self.tutorial is not None and self.tutorial.zones.at(pos) is not None
        if app.top is self and not over_tutorial:
            self.draw_move_preview(surf, m)
        if app.top is self and not over_tutorial:
            self.draw_previews(surf, pos)
        if self.tutorial is not None:
            self.tutorial.draw(surf, self, pos, ui.time)
        self.draw_log_tip(surf, pos)

    def draw_move_preview(self, surf: pygame.Surface, m: Marks) -> None:
        """Hovering a square the survivor cannot step to: the walk there, numbered one action per step,
        with its cost; or, when there is no way, the reason (whynot.why_not_square)."""
        st = self.state
        lay = self.view.layout
        sq = m.hover_sq
        if (lay is None or sq is None or m.hover_enemy or m.hover_edge or not self.can_act()
                or View.of(st).pending.kind != "act" or sq in m.act.moves or self.ui.anim.busy):
            return
        key = (id(st), View.of(st).step, sq)
        if key != self._preview_key:
            c = View.of(st).active_char
            far = c.pos is not None and max(abs(sq[0] - c.pos[0]), abs(sq[1] - c.pos[1])) > 1
            path = walk_plan(st, sq) if far else []
            self._preview = (path, "" if path else why_not_square(st, sq))
            self._preview_key = key
        path, why = self._preview
        if path:
            left = View.of(st).actions_left
            pts = [lay.centre(tuple(View.of(st).active_char.pos))] + [lay.centre(q) for q in path]
            pygame.draw.lines(surf, (20, 20, 20), False, pts, 6)
            pygame.draw.lines(surf, T.MOVE_HL, False, pts, 3)
            for i, q in enumerate(path, 1):
                ok = i <= left
                ctr = lay.centre(q)
                pygame.draw.circle(surf, (16, 14, 18), ctr, 11)
                pygame.draw.circle(surf, T.MOVE_HL if ok else T.BAD, ctr, 11, 2)
                T.text(surf, str(i), ctr, 13, T.TEXT if ok else T.BAD, bold=True, anchor="center")
            n = len(path)
            msg = (_f("Walk: {n} moves = {n} actions · click to plan", n=n) if n <= left
                   else _f("{n} moves: more than the 1 action you have left", n=n) if left == 1
                   else _f("{n} moves: more than the {left} actions you have left", n=n, left=left))
            if not m.hover_char:  # over a survivor its card says who stands there; the numbered path, the walk
                self.pill(surf, msg, lay.square_rect(sq), T.MOVE_HL if n <= left else T.BAD)
        elif why and not (self.ui.toast_t > 0 and self.ui.toast_kind == "refusal"):  # a click's refusal says it once
            self.pill(surf, "× " + player_text(why, self.ui.show_rule_ids), lay.square_rect(sq), T.BAD)

    def draw_previews(self, surf: pygame.Surface, pos: tuple[int, int]) -> None:
        """Previews while the pointer rests on something (game.ui.previews): a weapon row shows the
        squares it reaches; End phase shows which tiles react and whether each enemy will attack or
        move; standing with enemies shows the evade chance of acting there."""
        st = self.state
        lay = self.view.layout
        if lay is None or not self.can_act() or View.of(st).pending.kind != "act" or self.ui.anim.busy:
            return
        z = self.view.zones.at(pos)
        if z is not None and z.key == "item_info" and isinstance(z.value, str) and View.of(st).has_card(z.value):
            try:
                reach = weapon_reach(st, z.value)
            except KeyError:
                reach = set()
            if reach:
                sh = pygame.Surface((lay.sq, lay.sq), pygame.SRCALPHA)
                sh.fill((255, 70, 56, 46))
                for q in reach:
                    r = lay.square_rect(q)
                    surf.blit(sh, r)
                    pygame.draw.rect(surf, T.TARGET_HL, r.inflate(-6, -6), 1)
                self.pill(surf, _f("{weapon}: {n} squares in reach and sight", weapon=_(self.item_name(z.value)),
                                   n=len(reach)), lay.square_rect(tuple(View.of(st).active_char.pos)), T.TARGET_HL)
            return
        if z is not None and z.key == "end_phase":
            tiles, reacts = reactions_if_phase_ends(st)
            board = View.of(st).scenario.board
            sh = pygame.Surface((lay.sq, lay.sq), pygame.SRCALPHA)
            sh.fill((238, 170, 60, 34))
            for tid in tiles:
                for q in board.tiles[tid].squares:
                    surf.blit(sh, lay.square_rect(q))
            n_att = sum(1 for r in reacts if r.does == "attack")
            if len(reacts) == 1:
                msg = (_("Ending now: 1 enemy on the tinted tiles reacts (it attacks)") if n_att else
                       _("Ending now: 1 enemy on the tinted tiles reacts (it moves)"))
            else:
                msg = (_f("Ending now: {n} enemies on the tinted tiles react ({a} attack)", n=len(reacts), a=n_att)
                       if reacts else _("Ending now: no enemy is on the tinted tiles, none reacts"))
            for r in reacts:
                e = View.of(st).enemy(r.uid)
                if e is not None:
                    word = _("attacks") if r.does == "attack" else _("moves")
                    self.pill(surf, word, lay.square_rect(tuple(e.pos)), T.BAD if r.does == "attack" else T.WARN)
            # the summary at the board's foot: above the survivor it sat under the next enemy's "attacks" (play3)
            self.pill(surf, msg, pygame.Rect(BOARD_RECT.centerx, BOARD_RECT.bottom - 8, 0, 0), T.WARN)
            return
        # "Acting here provokes ..." is said in the prompt strip under the board (render.draw_prompt), not
        # over the square: it covered the row and the other survivor (issue 25 item 2)

    @staticmethod
    def pill_lines(msg: str, width: int = 520) -> list[str]:
        """``msg`` as a pill shows it: wrapped to ``width`` px (13 pt bold), at most two lines, "…"
        only where a longer text is cut (a "why not" reason is read whole)."""
        f = T.font(13, True)
        wrapped = T.wrap(T.clean(player_text(msg)), 13, width, True) or [""]
        lines = wrapped[:2]
        if len(wrapped) > 2:
            T.CUT.append(msg)
            lines[1] += "…"
        while f.size(lines[-1])[0] > width and len(lines[-1]) > 10:
            lines[-1] = lines[-1][:-2].rstrip(" .,;…") + "…"
        return lines

    def pill(self, surf: pygame.Surface, msg: str, near: pygame.Rect, edge) -> pygame.Rect:
        """A label of one or two lines above (or below) a square, kept on the board."""
        f = T.font(13, True)
        lines = self.pill_lines(msg)
        lh = f.get_linesize()
        w, h = max(f.size(ln)[0] for ln in lines) + 18, 24 + lh * (len(lines) - 1)
        r = pygame.Rect(0, 0, w, h)
        r.midbottom = (near.centerx, near.top - 4)
        if r.top < BOARD_RECT.top + 2:
            r.midtop = (near.centerx, near.bottom + 4)
        r.clamp_ip(BOARD_RECT)
        pygame.draw.rect(surf, (0, 0, 0), r.move(2, 3), border_radius=6)
        pygame.draw.rect(surf, (22, 19, 24), r, border_radius=6)
        pygame.draw.rect(surf, edge, r, 2, border_radius=6)
        for i, ln in enumerate(lines):
            T.put(surf, f.render(ln, True, T.TEXT), (r.left + 9, r.top + 3 + i * lh), (ln, 13, T.TEXT, True, False))
        return r

    def draw_log_tip(self, surf: pygame.Surface, pos: tuple[int, int]) -> None:
        """Hovering a log line a moment shows the meaning of its keywords and where its rule is explained."""
        from .widgets import tooltip

        z = self.view.zones.at(pos)
        line = z.value if z is not None and z.key == "log_line" else None
        if line is not self._tip_line:
            self._tip_line, self._tip_since = line, self.ui.time
        if line is not None and self.ui.time - self._tip_since >= 0.35:
            tooltip(surf, log_tip(line.text, line.rule, self.ui.show_rule_ids), pos, width=440)

    def hint(self) -> str:
        st = self.state
        act = self.marks.act
        bits = []
        if act.moves:
            bits.append(_("click a framed square to move"))
        if act.attacks:
            bits.append(_("click an enemy in crosshairs to attack"))
        if act.doors:
            bits.append(_("click a glowing door"))
        boxes = {t.uid for t in View.of(st).tokens if t.kind == "item_box"}
        if act.stash or any(a.target in boxes for a in act.search):
            bits.append(_("click the item box"))
        if act.typewriter:
            bits.append(_("click the typewriter"))
        if act.end_phase is not None:
            bits.append(_("Space: end phase"))
        c = View.of(st).active_char
        if View.of(st).pending is not None and View.of(st).pending.kind == "act" and any(
                boss_blocks(st, (c.pos[0] + dx, c.pos[1] + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if c.pos is not None):
            bits.append(_("no way out of the boss's tile until it is dead (R-BOSS-8)"))
        if not bits and View.of(st).pending is not None and View.of(st).pending.kind == "act":
            return _("No move is possible: act here (attack, use an item) — an enemy or corpse shares your square.")
        s = " · ".join(bits)
        return s[:1].upper() + s[1:]
