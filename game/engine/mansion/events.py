"""Scenario events (M-EVENT-1..10), replacing narrative events (R-NARR): a scenario event token
resolves the brief's entry (M-EVENT-2); an event-card token draws the scenario event deck
(M-EVENT-3); unresolvable cards go back and another is drawn (M-EVENT-6); resolved cards leave
the campaign (M-EVENT-7)."""
from __future__ import annotations

from ..actions import Action
from ..machine import decision, task


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
            avail = [i for i, o in enumerate(ev.options) if all(self.op_needs(op) for op in o.effect)]
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
        ev = self.event_def(ctx)
        ok, avail = self.event_available(ev)
        rule = "M-EVENT-3" if ctx["event"] else "M-EVENT-2"
        self.emit("narrative", rule, "event.card", {"card": {"t": "card", "id": ctx["event"], "name": ev.name},
                                                   "text": {"t": "text", "v": ev.text}}, name=ev.name, story=ev.text,
                  card=ctx["event"], label=ctx["label"], stalker_mark=False,
                  options=[{"label": o.label, "text": o.text, "available": i in avail} for i, o in enumerate(ev.options)])
        if ev.options:
            if not avail:  # R-NARR-5 / M-EVENT-10: no option can be carried out (a brief entry)
                self.emit("narrative_result", "M-EVENT-10", "narrative.no_option")
                self.push({"t": "event_done", **ctx})
                return
            self.ask("scenario_event", self.s.active, "ask.choose_card", [Action(kind="choose", n=i) for i in avail],
                     ctx, {"card": {"t": "card", "id": ctx.get("event"), "name": ev.name}})
            return
        ops = [op for op in ev.effect if op.op != "NONE" and self.op_needs(op)]
        self.push(*[{"t": "op", "op": op.model_dump(), "card": ""} for op in ops], {"t": "event_done", **ctx})

    @decision("scenario_event")
    def d_scenario_event(self, ctx: dict, a: Action) -> None:
        opt = self.event_def(ctx).options[a.n]
        self.emit("narrative_result", "M-EVENT-10", "narrative.chosen", {"label": {"t": "text", "v": opt.label},
                                                                          "text": {"t": "text", "v": opt.text}},
                  choice=a.n, label=opt.label)
        self.push(*[{"t": "op", "op": op.model_dump(), "card": ""} for op in opt.effect if op.op != "NONE"],
                  {"t": "event_done", **ctx})

    @task("event_done")
    def t_event_done(self, task: dict) -> None:
        if task.get("event"):  # M-EVENT-7: removed from the game for the rest of the campaign
            self.s.mansion.decks.setdefault("events_removed", []).append(task["event"])
