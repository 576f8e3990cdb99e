"""Narrative events: the narrative deck and fixed events (R-NARR)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action, make_action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, faces_text, line_text, passes_through, set_dial_if_new


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
            name, text, effect, options, card, mark = fx.name, fx.text, fx.effect, fx.options, None, False
            rule = "R-NARR-3"
        else:
            pile = s.piles.get("narrative", [])
            if not pile:  # R-NARR-10
                self.emit("narrative", "R-NARR-10", "narrative.empty")
                return
            card = pile.pop(0)
            s.piles["revealed"] = [card]
            nd = self.ct.narrative[s.cards[card].defn]
            name, text, effect, options, mark = nd.name, nd.text, nd.effect, nd.options, nd.stalker
            rule = "R-NARR-2"
        avail = [i for i, o in enumerate(options) if all(self.op_needs(op) for op in o.effect)]
        self.emit("narrative", rule, "narrative.event", {"card": {"t": "card", "id": card, "name": name}, "text": {"t": "text", "v": text}},
                  name=name, story=text, card=card,
                  label=None if card else str(t.props.get("label", "")), stalker_mark=mark,
                  options=[{"label": o.label, "text": o.text, "available": i in avail} for i, o in enumerate(options)])
        ctx = {"card": card, "label": str(t.props.get("label", "")) if card is None else None}
        if options:
            if not avail:  # R-NARR-5 [design]: no option can be carried out
                self.emit("narrative_result", "R-NARR-5", "narrative.no_option")
                self.push({"t": "narrative_done", **ctx})
                return
            self.ask("narrative", s.active, "ask.choose_card", [make_action("choose", n=i) for i in avail], ctx,
                     {"card": {"t": "card", "id": card, "name": name}})
            return
        ops = [op for op in effect if self.op_needs(op)]
        self.push(*[{"t": "op", "op": op.model_dump(), "card": card or ""} for op in ops if op.op != "NONE"],
                  {"t": "narrative_done", **ctx})

    def narrative_options(self, ctx: dict):
        if ctx.get("card"):
            return self.ct.narrative[self.s.cards[ctx["card"]].defn].options
        return self.brief.fixed_events[ctx["label"]].options

    @decision("narrative")
    def d_narrative(self, ctx: dict, a: Action) -> None:
        opt = self.narrative_options(ctx)[a.n]
        self.emit("narrative_result", "R-NARR-5", "narrative.chosen", {"label": {"t": "text", "v": opt.label},
                                                                       "text": {"t": "text", "v": opt.text}},
                  choice=a.n, label=opt.label)
        self.push(*[{"t": "op", "op": op.model_dump(), "card": ctx.get("card") or ""} for op in opt.effect
                    if op.op != "NONE"], {"t": "narrative_done", **ctx})

    @task("narrative_done")
    def t_narrative_done(self, task: dict) -> None:
        if task.get("card"):  # R-NARR-7: removed from the game for the rest of the campaign
            self.s.piles["revealed"] = []
            self.s.piles["narrative_removed"].append(task["card"])
