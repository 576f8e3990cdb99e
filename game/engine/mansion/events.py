"""Scenario events (M-EVENT-1..10), replacing narrative events (R-NARR): a scenario event token
resolves the brief's entry (M-EVENT-2); an event-card token draws the scenario event deck
(M-EVENT-3); unresolvable cards go back and another is drawn (M-EVENT-6); resolved cards leave
the campaign (M-EVENT-7). Showing an event and its choice are the core's shared story steps
(:meth:`~game.engine.core.narrative.Narrative.story_event`) with the mansion's row :data:`EVENTS`."""
from __future__ import annotations

from ..actions import Action
from ..core.narrative import StoryRules
from ..machine import decision, task

#: the mansion's scenario events: M-EVENT-10 for the options, closed by ``event_done`` (M-EVENT-7)
EVENTS = StoryRules(title="event.card", none_rule="M-EVENT-10", choice_rule="M-EVENT-10",
                    decision="scenario_event", done="event_done", card_key="event", ops_carry_card=False)


class ScenarioEvents:
    """Mixin of the mansion rule set (see :mod:`game.engine.mansion`)."""

    def event_def(self, ctx: dict):
        if ctx.get("event"):
            return self.ct.events[ctx["event"]]
        return self.brief.fixed_events[ctx["label"]]

    def event_available(self, ev) -> tuple[bool, list[int]]:
        """(can it be resolved, the options that can be carried out): M-EVENT-6 with the
        precondition test of R-TENSION-6, options per R-NARR-5 (M-EVENT-10)."""
        if ev.options:
            avail = self.available_options(ev)
            return bool(avail), avail
        ok = any(op.op == "NONE" or self.op_needs(op) for op in ev.effect)
        return ok, []

    @task("narrative")
    def t_narrative(self, task: dict) -> None:
        """M-EVENT-2 / M-EVENT-3: the token is discarded, then the brief's entry or a drawn card."""
        s = self.s
        t = s.token(task["token"])
        if t is None:
            return
        s.tokens.remove(t)
        if t.kind == "fixed_narrative":  # M-EVENT-2: a scenario event token -> the brief
            label = str(t.props.get("label", ""))
            if label not in self.brief.fixed_events:
                self.emit("narrative", "M-EVENT-2", "event.unwritten", {"label": {"t": "text", "v": label}})
                return
            self.push({"t": "event_resolve", "event": None, "label": label})
            return
        if not s.mansion.decks.get("events"):  # M-EVENT-8
            self.emit("narrative", "M-EVENT-8", "event.empty")
            return
        s.mansion.event_tried = []
        self.push({"t": "event_draw"})

    @task("event_draw")
    def t_event_draw(self, task: dict) -> None:
        """M-EVENT-3/6: draw the top card; one that cannot be resolved is shuffled back and
        another drawn, until every card left has failed in this trigger (MAMB-14)."""
        m = self.s.mansion
        deck = m.decks["events"]
        card = self.top_card("events")  # issue 12: the card switch off, the table draws it
        ok, _ = self.event_available(self.ct.events[card])
        if ok:
            m.event_tried = []
            self.push({"t": "event_resolve", "event": card, "label": None})
            return
        m.event_tried.append(card)
        deck.append(card)
        self.shuffle_deck(deck)
        self.emit("unresolvable", "M-EVENT-6", "event.unresolvable", {"card": {"t": "card", "id": card, "name": self.ct.events[card].name}})
        if all(c in m.event_tried for c in deck):
            m.event_tried = []
            self.emit("unresolvable", "M-EVENT-6", "event.none_resolvable")
            return
        self.push({"t": "event_draw"})

    @task("event_resolve")
    def t_event_resolve(self, task: dict) -> None:
        """M-EVENT-4: read the description, then resolve the rules (a choice: M-EVENT-10)."""
        ctx = {"event": task["event"], "label": task["label"]}
        self.story_event(EVENTS, self.event_def(ctx), ctx, "M-EVENT-3" if ctx["event"] else "M-EVENT-2")

    @decision("scenario_event")
    def d_scenario_event(self, ctx: dict, a: Action) -> None:
        self.story_choice(EVENTS, self.event_def(ctx).options[a.n], ctx, a)

    @task("event_done")
    def t_event_done(self, task: dict) -> None:
        if task.get("event"):  # M-EVENT-7: removed from the game for the rest of the campaign
            self.s.mansion.decks.setdefault("events_removed", []).append(task["event"])
