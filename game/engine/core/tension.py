"""The tension phase: drawing tension cards, resolving their effects, sustained effects (R-TENSION, R-SUST, R-DANGER)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, faces_text, passes_through, set_dial_if_new



_OPS: dict[tuple, Op] = {}


def _op_of(d: dict) -> Op:
    """``Op(**d)`` for an effect part queued as a dict (``op.model_dump()``): validated once per
    distinct value and shared (``Op`` is frozen), instead of validated again at every draw."""
    try:
        key = (d["op"], d["n"], tuple(d["enemies"]), d["who"], d["name"], len(d))
        op = _OPS.get(key)
    except (KeyError, TypeError):  # not a whole dumped Op (a hand-made or broken task): validate
        return Op(**d)
    if op is None:
        op = Op(**d)
        if len(_OPS) >= 10_000:  # a bound on memory
            _OPS.clear()
        _OPS[key] = op
    return op

class Tension:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    @task("tension_phase", pure=True)
    def t_tension_phase(self, task: dict) -> None:
        s = self.s
        c = s.active_char
        boss = self.boss()
        if boss is not None and c.conscious and self.tile_id(c.pos) == self.tile_id(boss.pos):
            self.push({"t": "behaviour_draw"}, {"t": "next_phase"})  # R-BOSS-11
            return
        s.core.tension_chain = 0
        self.push({"t": "tension_draw"}, {"t": "next_phase"})

    @task("tension_draw")
    def t_tension_draw(self, task: dict) -> None:
        s = self.s
        s.core.tension_chain = s.core.tension_chain + 1
        total = self.deck_size("T")
        if s.core.tension_chain > total:
            # [design] guard: with a reshuffling deck every card could be unresolvable; once each
            # card has had its chance this phase, the chain of R-TENSION-5 draws stops.
            self.emit("tension_stop", "R-TENSION-5", "tension.chain_stops")
            return
        pile = s.piles["tension"]
        if not pile:
            if self.tension_reshuffles() and s.piles["tension_discard"]:  # R-TENSION-10
                pile.extend(s.piles["tension_discard"])
                s.piles["tension_discard"] = []
                s.rng.shuffle(pile)
                s.tension_symbol_known = False  # R-SPECIAL-3
                s.tension_symbol = None
                self.emit("reshuffle", "R-TENSION-10", "tension.reshuffle")
            else:
                self.fail("R-TENSION-8", {"t": "msg", "id": "reason.tension_out"})
                return
        if "tension" in s.manual:  # issue 12: drawn from a physical deck and named by the players
            uid = self.entered_tension_card(pile)
            pile.remove(uid)
        else:
            uid = pile.pop(0)
        card = s.cards[uid]
        td = self.ct.tension[card.defn]
        s.last_tension = uid
        if not self.brief.ignore_symbols:
            s.tension_symbol = card.symbol
            s.tension_symbol_known = True
        band = self.band()
        extra: list[Op] = []
        if self.brief.use_danger and not self.brief.intro:
            extra = td.high if band == "high" else td.extreme if band == "extreme" else []
        main = list(td.effect)
        self.emit("tension", "R-TENSION-1", "tension.card", {"card": {"t": "card", "id": td.id, "name": td.name},
                                                             "colour": {"t": "msg", "id": "colour." + td.colour},
                                                             "text": {"t": "text", "v": td.text}}, card=uid,
                  defn=td.id, colour=td.colour, symbol=None if self.brief.ignore_symbols else card.symbol)
        ok_main = [op for op in main if self.op_needs(op)]
        ok_extra = [op for op in extra if self.op_needs(op)]
        gone = s.active_char.pos is None
        if gone and not ok_main and not ok_extra:
            # R-TURN-10 / AMB-41 [ruling]: the active survivor has left; the tension phase is played
            # (one card drawn, time passes), but a card whose effects all act on that survivor is
            # simply discarded: it is not "unresolvable" and draws no more cards (R-TENSION-5 would
            # otherwise drain the deck on every exit turn)
            s.piles["tension_discard"].append(uid)
            self.emit("unresolvable", "R-TURN-10", "tension.nobody_left", {"card": {"t": "card", "id": td.id, "name": td.name}})
            return
        if not any(op.op == "NONE" for op in main) and not ok_main and not ok_extra:  # R-TENSION-5/6
            s.piles["tension_discard"].append(uid)
            self.emit("unresolvable", "R-TENSION-5", "tension.unresolvable", {"card": {"t": "card", "id": td.id, "name": td.name}})
            self.push({"t": "tension_draw"}, {"t": "tension_draw"})
            return
        sustained = any(op.op == "SUSTAIN" for op in ok_main + ok_extra)
        tasks = [{"t": "op", "op": op.model_dump(), "card": uid} for op in ok_main + ok_extra if op.op != "NONE"]
        if not sustained:
            s.piles["tension_discard"].append(uid)  # R-TENSION-4
        self.push(*tasks)

    def tension_reshuffles(self) -> bool:
        """R-TENSION-10: does an empty tension deck reshuffle its discards (the brief says so)?
        A rule set may replace it (the mansion: the Introduction only, M-TENSION-1)."""
        return self.brief.tension_reshuffle

    def entered_tension_card(self, pile: list[str]) -> str:
        """Issue 12, tension switch off: the card the players drew from their physical deck. One
        option per different card left in the draw pile (same design and symbol), in a fixed order
        that says nothing about the pile's order."""
        s = self.s
        kinds: dict[tuple, str] = {}
        plain = self.brief.ignore_symbols  # the brief ignores symbols (R-INTRO-4), so copies are alike
        for uid in sorted(pile):
            kinds.setdefault((s.cards[uid].defn, "" if plain else s.cards[uid].symbol or ""), uid)
        opts = [Action(kind="draw", item=uid) for _k, uid in sorted(kinds.items())]
        return self.entry("tension", s.active_char.seat, "ask.draw_tension",
                          opts).item or opts[0].item

    def op_needs(self, op: Op) -> bool:
        """R-TENSION-12 "Needs" column of one effect part (also R-NARR-5 options), from the
        effect registry; a keyword acting on the active character needs it in play (R-TURN-10)."""
        eff = self.rules.effects[op.op]
        if eff.active and self.s.active_char.pos is None:
            return False
        return eff.needs(self, op)

    def fire_squares(self) -> list[Sq]:
        """FIRE: squares of the active tile without fire or a conscious character (R-TENSION-12)."""
        c = self.s.active_char
        tile = self.b.tiles[self.tile_id(c.pos)]
        fire = self.fire()
        occupied = {x.pos for x in self.conscious()}
        return [q for q in tile.squares if q not in fire and q not in occupied]

    @task("op")
    def t_op(self, task: dict) -> None:
        """Resolve one effect part of a card (R-TENSION-12) through the effect registry."""
        op = _op_of(task["op"])
        eff = self.rules.effects[op.op]
        if eff.active and self.s.active_char.pos is None:
            return
        eff.resolve(self, op, task.get("card", ""))

    @decision("lunge_pick")
    def d_lunge_pick(self, ctx: dict, a: Action) -> None:
        c = self.s.active_char
        e = self.s.enemy(a.target)
        fire = self.fire()
        if self.g.dR(e.pos, c.pos) <= self.edef(e).basic.range and self.los(e.pos, c.pos, fire):
            # (the enemy's uid in the payload: its lunge and its attack are one step of the watched enemy phase)
            self.emit("lunge", "R-TENSION-12", "tension.lunge", {"enemy": self.r_who(e), "char": self.r_who(c)},
                      enemy=e.uid)
            self.push({"t": "enemy_attack", "enemy": e.uid, "target": c.cid, "extra": self.oos_extra(c, e),
                       "profile": "basic", "unavoidable": False, "rule": "R-TENSION-12"})
        else:
            self.emit("lunge", "R-TENSION-12", "tension.lurch", {"enemy": self.r_who(e)}, enemy=e.uid)
            self.push({"t": "move_reaction", "enemy": e.uid, "rule": "R-TENSION-12"})

    @decision("fire_place")
    def d_fire_place(self, ctx: dict, a: Action) -> None:
        self.s.tokens.append(TokenState(uid=self.s.new_uid("t"), kind="fire", pos=a.to))
        self.emit("fire", "R-TENSION-12", "fire.breaks_out", {"square": self.r_sq(a.to)}, pos=list(a.to))

    @decision("refill")
    def d_refill(self, ctx: dict, a: Action) -> None:
        card = self.s.cards[a.item]
        card.ammo = self.idef(a.item).weapon.capacity
        self.emit("reload", "R-TENSION-12", "tension.refill", {"item": self.r_item(a.item)})

    @decision("peek")
    def d_peek(self, ctx: dict, a: Action) -> None:
        s = self.s
        if ctx.get("table"):  # a physical tension deck: the order was chosen at the table (issue 12)
            self.emit("peek", "R-TENSION-12", "tension.peek_table")
            return
        order = [int(x) for x in a.item.split(",")]
        cards = ctx["cards"]
        s.piles["tension"] = [cards[i] for i in order] + s.piles["tension"]
        # only the peeked cards leave "revealed": a narrative card on display stays (N9 Radio Chatter)
        s.piles["revealed"] = [u for u in s.piles.get("revealed", []) if u not in cards]
        self.emit("peek", "R-TENSION-12", "tension.peek_done")
