"""Narrative events: the narrative deck and fixed events (R-NARR).

The part every mode's story events share (show the event, offer the options that can be carried
out, queue the effect, remove the card afterwards) is :meth:`Narrative.story_event` and
:meth:`Narrative.story_choice`, parameterised by a :class:`StoryRules` row: the city's narrative
deck here, the mansion's scenario events (M-EVENT) in :mod:`game.engine.mansion.events`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import Action, make_action
from ..machine import decision, task


@dataclass(frozen=True)
class StoryRules:
    """How one mode words and records its story events: the log line's message id (``title``:
    the event's name and story as ``{card}`` and ``{text}``), the rule IDs of the
    event, of "no option can be carried out" and of the choice, the decision and the task that
    end it (stable names held by saves), the key of the card in the decision's context, and
    whether the effect's tasks carry that card id (the city's narrative cards are cards of the
    game; the mansion's event cards are not)."""

    title: str
    none_rule: str
    choice_rule: str
    decision: str
    done: str
    card_key: str
    ops_carry_card: bool


#: the city's narrative events (R-NARR-2..7)
NARRATIVE = StoryRules(title="narrative.event", none_rule="R-NARR-5", choice_rule="R-NARR-5", decision="narrative",
                       done="narrative_done", card_key="card", ops_carry_card=True)


class Narrative:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    @task("narrative")
    def t_narrative(self, task: dict) -> None:
        """R-NARR-2/3: remove the token; draw a narrative card or resolve the brief's fixed event."""
        s = self.s
        t = s.token(task["token"])
        if t is None:
            return
        s.tokens.remove(t)
        if t.kind == "fixed_narrative":
            label = str(t.props.get("label", ""))
            fx = self.brief.fixed_events.get(label)
            if fx is None:
                self.emit("narrative", "R-NARR-3", "narrative.unwritten", {"label": {"t": "text", "v": label}})
                return
            self.story_event(NARRATIVE, fx, {"card": None, "label": label}, "R-NARR-3")
            return
        pile = s.piles.get("narrative", [])
        if not pile:  # R-NARR-10
            self.emit("narrative", "R-NARR-10", "narrative.empty")
            return
        card = pile.pop(0)
        s.piles["revealed"] = [card]
        nd = self.ct.narrative[s.cards[card].defn]
        self.story_event(NARRATIVE, nd, {"card": card, "label": None}, "R-NARR-2", mark=nd.stalker)

    def story_event(self, how: StoryRules, ev: Any, ctx: dict, rule: str, mark: bool = False) -> None:
        """Show story event ``ev`` (a narrative card, a brief's fixed event, a mansion event: its
        ``name``, ``text``, ``effect`` and ``options``) and resolve it the way ``how`` says:
        R-NARR-5 offers the options whose every effect part can be carried out (none: nothing
        happens, then ``how.done``); without options, the effect parts that can be carried out
        are queued, then ``how.done``. ``ctx``: the card (under ``how.card_key``) or the brief's
        ``label``; it goes with the decision and the closing task. ``mark``: the card's Stalker
        mark (R-STALK-2)."""
        card = ctx.get(how.card_key)
        avail = self.available_options(ev)
        self.emit("narrative", rule, how.title, {"card": {"t": "card", "id": card, "name": ev.name},
                                                 "text": {"t": "text", "v": ev.text}}, name=ev.name, story=ev.text, card=card,
                  label=ctx.get("label"), stalker_mark=mark,
                  options=[{"label": o.label, "text": o.text, "available": i in avail} for i, o in enumerate(ev.options)])
        if ev.options:
            if not avail:  # R-NARR-5 [design]: no option can be carried out
                self.emit("narrative_result", how.none_rule, "narrative.no_option")
                self.push({"t": how.done, **ctx})
                return
            self.ask(how.decision, self.s.active, "ask.choose_card", [make_action("choose", n=i) for i in avail], ctx,
                     {"card": {"t": "card", "id": card, "name": ev.name}})
            return
        op_card = (card or "") if how.ops_carry_card else ""
        self.push(*[{"t": "op", "op": op.model_dump(), "card": op_card} for op in ev.effect
                    if op.op != "NONE" and self.op_needs(op)], {"t": how.done, **ctx})

    def available_options(self, ev: Any) -> list[int]:
        """R-NARR-5: the indexes of the options of ``ev`` whose every effect part can be carried
        out (R-TENSION-12's "Needs"), in order."""
        return [i for i, o in enumerate(ev.options) if all(self.op_needs(op) for op in o.effect)]

    def story_choice(self, how: StoryRules, opt: Any, ctx: dict, a: Action) -> None:
        """R-NARR-5: the option chosen (``a.n``) is told and its effect parts queued, then ``how.done``."""
        self.emit("narrative_result", how.choice_rule, "narrative.chosen", {"label": {"t": "text", "v": opt.label},
                                                                           "text": {"t": "text", "v": opt.text}},
                  choice=a.n, label=opt.label)
        op_card = (ctx.get(how.card_key) or "") if how.ops_carry_card else ""
        self.push(*[{"t": "op", "op": op.model_dump(), "card": op_card} for op in opt.effect if op.op != "NONE"],
                  {"t": how.done, **ctx})

    def narrative_options(self, ctx: dict):
        if ctx.get("card"):
            return self.ct.narrative[self.s.cards[ctx["card"]].defn].options
        return self.brief.fixed_events[ctx["label"]].options

    @decision("narrative")
    def d_narrative(self, ctx: dict, a: Action) -> None:
        self.story_choice(NARRATIVE, self.narrative_options(ctx)[a.n], ctx, a)

    @task("narrative_done")
    def t_narrative_done(self, task: dict) -> None:
        if task.get("card"):  # R-NARR-7: removed from the game for the rest of the campaign
            self.s.piles["revealed"] = []
            self.s.piles["narrative_removed"].append(task["card"])
