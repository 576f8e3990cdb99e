"""The play scene: shows the board, turns clicks into legal actions, animates the events.

It never changes the game state except through ``engine.apply`` with an action taken from
``legal_actions`` (DESIGN: the UI asks, the engine decides).
"""
from __future__ import annotations

from typing import Any, TYPE_CHECKING

from ...content.errors import ContentError
from ...engine import Action, adopt, apply, Event, IllegalAction, record_of, replay, RulesError, snapshot
from ...engine.query import Game, View
from ...i18n import _, _f, N_
from .. import enemyphase
from ..presenters.anim import beat_state
from ..briefing import briefing_rules
from ..choices import ORDER_KINDS, TIE_KINDS
from ..errortext import error_text
from ..presenters.logtext import message, repeated
from ..modes import kit_for
from ..narrative import NarrativeDialog, story_events
from ..playui import Marks, PlayUI, SIDE_PARTS
from ..presenters.rolls import mark_reroll_offer, reroll_declined, rolls_from_events
from ..render import build_marks, PlayView
from ..rulebook import RulebookScene
from ..scene import Command, Push, Replace, Scene
from ..scenes.game_over import Results
from ..scenes.menu import PassDevice
from ..seats import clean_name, same_person, seat_label
from ..presenters.sound import ambient_for
from ..undo import UndoHistory
from ..words import words
from .dialogs import dialogs_for
from .drawing import PlayDrawing
from .input import PlayInput
from .logbook import MOVE_KINDS, PlayLog, settled_line
from ..ruleids import tagged

if TYPE_CHECKING:
    from ..app import App



BOT_DELAY_ACT = 0.45  # seconds between bot decisions, so a person can follow
BOT_DELAY_SMALL = 0.25
HOVER_QUIET_S = 0.5  # after an action, hover tooltips wait this long (or for the pointer to move): issue 25 item 7


def deck_rule(state: Game) -> str:
    """This scenario's empty tension deck rule in a sentence (issue 25 item 8): reshuffled
    (R-TENSION-10) or the scenario fails (R-TENSION-8)."""
    if View.of(state).tension_reshuffles():
        return tagged(_("In this scenario an empty tension deck is reshuffled."), "R-TENSION-10", None, "()")
    return tagged(_("In this scenario drawing from an empty tension deck fails it."), "R-TENSION-8", None, "()")


class PlayScene(PlayInput, PlayLog, PlayDrawing, Scene):
    """One scenario being played (hot-seat, bots, or both)."""

    plays_ambient = True  # game.ui.app keeps the district's loop playing while this scene is on the stack
    holds_game = True  # game.ui.app gives freed memory back when this scene is replaced (issue 30: a campaign's scenarios)

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
        self.bot_t = 0.0
        self.over_t = 0.0
        self.over_go = False  # the player moved on from the final board (issue 25 item 3)
        self.over_stats: Any = None  # game.ui.results.GameStats of the finished game (why it ended)
        self.over_lines: list[str] | None = None  # why it ended, as shown under the final board
        self._marks_key: Any = None
        self._hint_key: Any = None  # (state, step, seats, rule IDs, language) the hint line was made for
        self._hint = ""
        self._marks = Marks()
        self._beats_after: tuple = (False, -1, None)  # anim.beat_state after the last batch (an enemy phase going on)
        self._phase_was: tuple[int, int] = (0, -1)  # (turn, seat) whose enemy phase is going on
        self._ties_now = 0  # ties the game settled since the last batch with enemy-phase beats (its recap says so)
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
        self.bot = self.kit.bot(View.of(state).seed)  # the mode's bot for seats handed to it
        self.mode_hud = self.kit.hud(self)  # its own part of the screen (a strip, cards)
        self.dialogs = dialogs_for(self.kit)  # decision kind -> the dialog it opens (play.dialogs)
        self.ui.side_extra = self.mode_hud
        self.ui.side_parts = SIDE_PARTS if self.kit.side_parts is None else tuple(self.kit.side_parts)
        # undo/redo on state snapshots (game.ui.undo); a loaded game rebuilds its window from the record
        self.history = UndoHistory() if events or not View.of(state).record() else \
            UndoHistory.from_record(View.of(state).scenario, self.party, View.of(state).seed, record_of(state), state,
                                    self.number_enemies)  # (numbered as they came: retest 36 m3)
        brief = View.of(state).scenario.brief
        self._goal_caption = self.goal_caption()
        self.ui.anim.last_caption = self._goal_caption
        events = self.seen(events or [])
        if events:  # the engine's own set-up and first-turn lines come first
            for e in events:
                if e.says and not repeated(e):
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

    def number_enemies(self, state: Game) -> None:
        """Give each enemy model of ``state`` not seen before its number (game.ui.numbers): after every
        step, and along a loaded game's replayed record, so a saved and continued game keeps its
        Zombie 3 (retest 36 m3: after Continue the models were numbered 1, 2, 3 again and the log's
        lines about dead ones lost their numbers)."""
        self.ui.numbers.observe(View.of(state).enemies)

    def seen(self, events: list[Event]) -> list[Event]:
        """The events of ``events`` this screen may show (:meth:`viewer`'s, ``View.events``)."""
        return View.of(self.state, self.viewer()).events(events)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat < len(self.controllers) and self.controllers[seat] == "human"


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
    def do(self, action: Action, by: str = "person", seat: int | None = None,
           snap: Game | None = None) -> list[Event]:
        """Send one action to the engine and show what happened; returns the engine's events.

        ``by`` is who chose it: "person", "bot", or "game" (a tie the game settled); undo takes back a
        person's action together with the bot and game steps that followed it. ``seat``: the seat that
        answers a decision several seats may answer (a window: issue 23 item 3); None: the pending seat.
        ``snap``: a snapshot of the state as it is now, when the caller has one (undo keeps it)."""
        self.end_confirm_until = -1.0
        # issue 25 item 7: a tooltip shown before the action described the old state; it waits for the
        # pointer to rest again and is then drawn from the new one
        self.ui.hover_quiet_until = self.ui.time + HOVER_QUIET_S
        self.ui.tips_wait = True  # (a button's tip: until the pointer moves)
        self.ui.woke = self.ui.time  # highlights pulse again (render.pulse_of)
        before = self.positions()
        card_before = (View.of(self.state).last_tension, View.of(self.state).pile_size("tension"))
        was = (View.of(self.state).turn, View.of(self.state).active_seat)  # the turn an enemy phase ends
        # an enemy phase a tie or an order decision stopped goes on in this batch (retest finding 1)
        going_on = self._beats_after if self._beats_after[0] else None
        if going_on is not None and self.ui.phase is None:  # (its beats were skipped or handed over: anew)
            going_on = (True, -1, None)
        if going_on is not None:
            was = self._phase_was
        pend = View.of(self.state).pending
        declined = action.kind == "decline" and pend is not None and pend.kind == "reroll"  # (retest 36 m24)
        self.ui.boss.before_action(self.state)
        self.history.begin(self.state, action, by, self.ui.log, self.ui.rolls, seat, before=snap)
        try:
            events = apply(self.state, action, seat)
        except RulesError as ex:  # a rule failed: the engine put the game back as it was; say so, play on
            self.history.end([], self.state, [])
            self.log_lazy("", lambda e=ex.with_traceback(None): _f("Rules error (the action was taken back): {why}",
                                                                    why=words(e)), "impossible")
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
        events = mark_reroll_offer(self.state, events)  # an evade a re-roll may still turn is not a hit yet (retest 36 m24)
        self.number_enemies(self.state)  # every model that came in this step, even one gone before the next frame
        if any(e.kind == "turn" for e in events):
            self.ui.log_scroll = 0  # a new turn: the log shows its newest lines again (issue 25 item 12)
        n_log = len(self.ui.log)
        prev = None
        line_of: dict[int, Any] = {}  # event index -> its log line (the enemy phase's beats show them)
        for i, e in enumerate(events):
            if e.kind == "result":  # the results screen says why in the player's language (its reason parameter)
                self.result_event = e
            if e.says and not repeated(e):
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
        if declined:  # the roll a re-roll was offered for: now the attack lands
            reroll_declined(self.state, self.ui.rolls)
        tags = self.ui.boss.feed(self.state, events)
        # issue 25 item 1: with a person watching, the enemy phase plays one beat at a time
        beats = None
        if any(c == "human" for c in self.controllers):
            beats, self._beats_after = beat_state(events, going_on)
            if self._beats_after[0]:
                self._phase_was = was
        self.ui.anim.add_events(events, before, tags, beats, first_beat=going_on[1] + 1 if going_on else 0)
        show = enemyphase.build(events, line_of, beats, self.state, into=self.ui.phase if going_on else None) \
            if beats else None
        if show is not None:
            show.turn, show.seat = was
            show.settled += self._ties_now  # the ties settled before this batch belong to its phase
            self._ties_now = 0
        elif not self._beats_after[0]:
            self._ties_now = 0
        if show is not None:
            if show.left_before < 0:
                show.card_before, show.left_before = card_before
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


    def rulebook(self, section: str | None) -> Any:
        """The rules reference opened at ``section``, with this game's own rules noted where they differ
        from the book's general case (issue 25 item 8: the empty tension deck)."""
        return RulebookScene(section, notes={"tension": deck_rule(self.state)})


    # ------------------------------------------------------------------ time
    def tick(self, dt: float, hold_phase: bool = False) -> None:
        """Time for the board: clock, animations, toast (also while a dialog is over the board; a story card
        holds the animations where the next phase begins, ``hold_phase``)."""
        ui = self.ui
        ui.time += dt
        ui.anim.update(dt * self.anim_speed, hold_phase)
        if ui.phase is not None and ui.anim.beat_now() is None and not ui.anim.busy:
            if ui.recap_t <= 0 and not ui.phase_recapped:  # the last beat played: its recap, until a person
                # closes it or acts (recheck R3: it went by itself after 6 s); bots alone: for a while
                ui.recap_t = float("inf") if any(c == "human" for c in self.controllers) else enemyphase.RECAP_S
                ui.phase_recapped = True
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

    def enter(self, app: "App") -> None:
        """On top again (the hand-over, Pause, a pop-up closed): the pointer rests where it was for
        the overlay, not on the board: no preview, hint or tooltip until it moves (issue 25's third
        play-test 7: "A closed door is in the way…" showed for the square under "I'm ready")."""
        self.ui.hover_quiet_until = float("inf")
        self.ui.tips_wait = True

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
        seat = self.deciding_seat()
        if self.walking and not ui.anim.busy:
            if self.can_act() and View.of(st).pending.kind == "act":
                self.walk_step()
            else:
                self.walking = []
            return None
        opener = self.dialogs.get(View.of(st).pending.kind) if View.of(st).pending is not None else None
        if opener is not None and not ui.anim.busy:  # the decision's own dialog (play.dialogs, the kit's)
            dialog = opener(self)
            if dialog is not None:
                return Push(dialog)
        if seat is not None and self.is_human(seat) and self.settles_itself() and self.pending_pass is None:
            # settled at once (no buttons flash up first); the animations play on
            # "Let the game settle enemy ties": the rules' default order ("auto" where offered, else the first)
            # every tie of a chain in this one frame: a frame between two showed the next one's question
            # for a moment, then answered it (issue 25 retest finding 2); bounded, a rule set may loop
            for _n in range(64):
                st = self.state
                a = next((o for o in View.of(st).pending.options if o.kind == "auto"), View.of(st).pending.options[0])
                # say what the tie was ("Settled by the game: Zombie at 8,4 » W 7,4" told a playtest nothing);
                # the line is written again in the language of the moment from the state it was settled in
                snap = snapshot(st)  # one copy: the line's and the undo step's (a clone costs ~0.3 ms)
                self.log_lazy("", settled_line(snap, a), "phase")
                self._ties_now += 1
                self.do(a, by="game", snap=snap)
                seat = self.deciding_seat()
                if not (seat is not None and self.is_human(seat) and self.settles_itself()
                        and self.pending_pass is None and not self.story_queue):
                    break
            return None
        if seat is not None and not self.is_human(seat) and not ui.anim.busy:
            self.bot_t += dt
            delay = BOT_DELAY_ACT if View.of(st).pending.kind == "act" else BOT_DELAY_SMALL
            if self.bot_t >= delay * app.bot_speed:
                self.do(self.bot.choose(st), by="bot")
        return None

    def at_rest(self, app: "App") -> bool:
        """:meth:`update` has nothing to do until the next input (issue 30 item 2: the window sleeps):
        no tutorial, rule page, story, hand-over, walk or dialog waiting, the mode's part of the screen
        at rest, no bot or game-settled decision due, and an ended game waiting for a person's Continue
        (a game of bots alone goes on by itself). The picture's own clocks are :meth:`still_key`'s."""
        st, ui = self.state, self.ui
        if (self.tutorial is not None or self.open_rule is not None or self.story_queue or self.walking
                or self.pending_pass is not None or ui.anim.busy):
            return False
        hud_rest = getattr(self.mode_hud, "at_rest", None)
        if self.mode_hud is not None and (hud_rest is None or not hud_rest()):
            return False
        v = View.of(st)
        if v.over:
            return self.over_lines is not None and not self.over_go and any(c == "human" for c in self.controllers)
        seat = self.deciding_seat()
        if seat is None:
            return True
        if not self.is_human(seat) or self.settles_itself():
            return False
        return self.dialogs.get(v.pending.kind) is None


        # "Acting here provokes ..." is said in the prompt strip under the board (render.draw_prompt), not
        # over the square: it covered the row and the other survivor (issue 25 item 2)

