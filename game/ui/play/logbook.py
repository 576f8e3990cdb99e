"""The play screen's log, undo and redo: lines written in the language of the moment, the log's
menu (undo to here, the rule's section), toasts and refusals, why the game ended."""
from __future__ import annotations

from typing import Any

from ...engine import Action, Event
from ...engine.query import Game, View
from ...i18n import _, _f, english, N_
from ..choices import describe, enemy_label
from ..hints import progression_opens
from ..presenters.logtext import message, repeated
from ..playui import LogLine
from ..presenters.rolls import mark_reroll_offer, rolls_from_events
from ..results import cause_lines, stats_of
from ..rulebook import section_for_rule
from ..scene import Command, Push
from ..scenes.menu import ChoiceMenu
from ..seats import same_person
from ..words import question, words

MOVE_KINDS = frozenset({"move", "enemy_move", "push"})  # events whose ``frm`` says where a move started


def settled_line(st: Game, a: Action):
    """The log line of a tie the game settled with ``a`` in state ``st`` (a copy kept for the line), as a
    function writing it in the current language: what was settled and which question it answered."""
    def write() -> str:
        if a.kind == "auto":  # issue 25 item 14: not "Settled by the game: Auto (default order) (Which ...?)"
            return _f("{question} The game settled it in the rules' default order.",
                      question=words(View.of(st).pending).strip() if View.of(st).pending is not None else "")
        # a player's sentence: what was tied, what the game chose and why it chose (issue 25 retest
        # finding 5: "Settled by the game: Zombie 3, 2 squares east → North-west (...)" read as code)
        what = describe(st, a)
        q = question(View.of(st).pending) if View.of(st).pending is not None else ""
        if not q and a.kind in ("place", "push") and a.target and View.of(st).enemy(a.target) is not None:
            q = enemy_label(st, a.target)  # (the question names the enemy; without one, say who goes)
        if q:
            return _f("{question}; the game chose: {choice} (Auto enemy ties is on).", question=q.rstrip(".:"),
                      choice=what)
        return _f("The game chose: {choice} (Auto enemy ties is on).", choice=what)
    return write


def the(label: str) -> str:
    """'the Zombie at 3,4', but 'The Burrower at 3,4' keeps its own article."""
    return label if label.startswith("The ") else f"the {label}"


class PlayLog:
    """The log, undo and toasts of :class:`game.ui.play.PlayScene` (a part of it)."""

    def replay_log(self, state: Game, events: list[Event]) -> None:
        """A loaded game: the lines of its last events (replayed from its record, game.ui.undo) go
        into the log again, and the dice and the encounter card they left in the side panel come
        back (play4: after Continue the log held only "Game loaded" and the card just drawn was gone)."""
        events = mark_reroll_offer(state, events)  # a game saved with a re-roll offered (retest 36 m24)
        for e in events:
            if e.says and not repeated(e):
                self.log(e.rule, e.text, e.kind, frm=e.data.get("frm") if e.kind in MOVE_KINDS else None,
                         msg=message(state, e))
        rolls = rolls_from_events(state, events)
        if rolls:
            self.ui.rolls = rolls[-8:]
        if self.mode_hud is not None:  # only what sets or clears the encounter card: no mission opens again
            self.mode_hud.feed([e for e in events if e.kind in ("encounter", "attack", "evade", "corpse")
                             and not (e.kind == "encounter" and e.data.get("purpose") == "mission")])

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
        # ``msg`` shows the line in another language (game.ui.presenters.logtext); an event names rooms itself
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
            band = View.of(state).danger_band() if brief.use_danger and not brief.intro else ""
            if td is not None and ((band == "high" and td.high) or (band == "extreme" and td.extreme)):
                words = {"high": N_("High danger: this card's extra line for the high band is played too."),
                         "extreme": N_("Extreme danger: this card's extra line for the extreme band is played too.")}
                self.log("R-DANGER-5", words[band], "tension", (words[band], {}))
        if e.kind == "progression" and e.data.get("label"):
            name = progression_opens(state, str(e.data["label"]))
            if name:
                self.log(e.rule, f"It opens the way to {name} on the city map.", e.kind,
                         (N_("It opens the way to {name} on the city map."), {"name": name}))

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
        got = self.history.redo_action()
        if got is None:
            self.refuse(_("Nothing to redo."))
            return False
        a, seat = got
        self.history.redoing = True
        try:
            ev = self.do(a, seat=seat)
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
        if View.of(self.state).phase == "action":  # undone back out of an enemy phase: nothing of it is left
            # open (the next phase was added to its beats and numbered on from them; the recheck's undo bug)
            self._beats_after = (False, -1, None)
            self.ui.phase, self.ui.recap_t, self.ui.phase_recapped = None, 0.0, False
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
        self.ui.toast = msg
        self.ui.toast_t = secs
        self.ui.toast_kind = kind

    def refuse(self, msg: str, secs: float = 2.5) -> None:
        """A refusal: why the click or key cannot be done now."""
        self.toast(msg, secs, "refusal")

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
