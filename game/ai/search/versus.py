"""Versus's heuristic for the search bot (issue 28 item 1: apart from the rules and from the
search; TAG's heuristic).

- **Leaf values**: a zero-sum score of the position as the searching seat sees it
  (:meth:`VersusHeuristic.score`: living characters and their life, each side's progress towards
  its goal by walking distance, CP in hand), measured from the score at the root of the search
  and squashed into seat 0's chance of winning by a logistic curve of :data:`SCALE` points; a
  finished game is valued by its outcome.
- **Playouts and the prior**: the scripted player of :mod:`.versus_policy` (one step in ten
  random), whose choice is also the first move a tree node tries (``SearchParams.widening``).
- **Move ordering** (:meth:`VersusHeuristic.tree_actions`): the greedy bot's best activations,
  a spread of the secret deployments, no pointless turns, end facings or strikes at walls.
"""
from __future__ import annotations

import math
import random
from typing import Any

from ...engine import Action, View
from ...engine.versus import DIRECTORATE, ROSTER
from ...engine.versus.view import VsView
from ..versus_bots import GreedyBot, RandomBot, _face_toward
from .heuristic import Heuristic, register_heuristic
from .match import register_player
from .versus_policy import VersusPolicy

#: score points (gained since the root of the search) that move the chance of winning from 0.5 to
#: about 0.73 (the logistic's scale): about six squares nearer the goal, or a wound dealt
SCALE = 4.0
#: the search tries only this many activations (character and tiles) of the greedy bot's best
TOP_ACTIVATIONS = 6
#: and this many of the (up to 120) secret deployments
TOP_DEPLOYMENTS = 8
#: the chance a playout step is random instead of the scripted player's
PLAYOUT_EXPLORE = 0.1


class VersusHeuristic(Heuristic):
    """Leaf values, playouts and move ordering for versus (see the module docstring)."""

    name = "versus"

    def __init__(self, scale: float = SCALE, top: int = TOP_ACTIVATIONS, deploy: int = TOP_DEPLOYMENTS,
                 explore: float = PLAYOUT_EXPLORE) -> None:
        self.scorer = GreedyBot(0)  # (its walking-distance maps are kept between calls)
        self.policy = VersusPolicy(self.scorer)
        self.scale, self.top, self.deploy, self.explore = scale, top, deploy, explore
        self.base = 0.0  # seat 0's score at the root of the search under way

    def score(self, vw: VsView) -> float:
        """Seat 0's lead in points, both seats counted alike (zero-sum): each living character 12
        and 2 a life point left (V-WOUND), each side's progress towards its goal by walking
        distance (:meth:`GreedyBot.goal <game.ai.versus_bots.GreedyBot.goal>`), a quarter point a
        CP in hand. (The greedy bot's own score weighs the other side's goal at a quarter, right
        for one ply of its own but not for both seats of a search.)"""
        total = 0.0
        for f in vw.figures:
            if f.pos is None or f.dead:
                continue
            c = ROSTER[f.cid]
            life = c.healthy.lp + c.wounded.lp - f.wounds if f.side == "healthy" else c.wounded.lp - f.wounds
            val = 12 + 2 * life
            total += val if f.seat == 0 else -val
        g = self.scorer
        total += g.goal(vw, 0) - g.goal(vw, 1)
        total += 0.25 * (vw.cp[0] - vw.cp[1])
        return total

    def start(self, game: Any, seat: int) -> None:
        self.base = self.score(VsView(game, seat))

    def value(self, game: Any, seat: int) -> tuple[float, float]:
        x = self.score(VsView(game, seat)) - self.base
        x = max(-40.0, min(40.0, x / self.scale))
        p = 1.0 / (1.0 + math.exp(-x))
        return (p, 1.0 - p)

    def tree_actions(self, view: View, legal: list[Action], last: str | None) -> list[Action]:
        """No second free turn in a row (V-FACE-1: turning is free, so a search could turn for
        ever): one turn may still be taken after any other action. Which character to activate
        with which tiles: the ``top`` best by the greedy bot's rule of thumb (and passing);
        a secret deployment: ``deploy`` of them (every 120 / ``deploy``-th, a spread). The
        activations are ranked as the scripted player ranks them, so its own choice is among them."""
        if last == "vs_turn":
            legal = [a for a in legal if a.kind != "vs_turn"]
        if not legal:
            return legal
        kind = legal[0].kind
        if any(a.kind == "vs_end" for a in legal):  # an order of the active character
            return self.order_actions(VsView.of(view), view.seat, legal)
        if kind in ("vs_activate", "vs_pass") and self.top and len(legal) > self.top + 1:
            vw = VsView.of(view)
            acts = [a for a in legal if a.kind == "vs_activate"]
            # ranked as the scripted player ranks them (the prior and playouts): the Directorate
            # by its evader's rule, the Syndicate by the hunter's (before, the hunter's for both,
            # so the Directorate's own choice was often left out of the tree)
            value = self.policy.evader_activation if vw.faction(view.seat) == DIRECTORATE else self.policy.activation_value
            ranked = sorted(range(len(acts)), key=lambda i: (-value(vw, view.seat, acts[i]), i))
            keep = {acts[i] for i in ranked[:self.top]}
            return [a for a in legal if a in keep or a.kind != "vs_activate"]
        if kind == "vs_deploy" and self.deploy and len(legal) > self.deploy:
            k = len(legal) / self.deploy
            return [legal[int(i * k)] for i in range(self.deploy)]
        return legal

    def order_actions(self, vw: VsView, seat: int, legal: list[Action]) -> list[Action]:
        """The orders a search tries for the active character: strikes at characters and at
        doors (never at plain walls, defence 10, or floor objects), Move sections, steps, doors,
        items and Stitch; turns only towards an adjacent enemy (to strike from the front arc,
        V-CC-7; V-FACE-1); the activation's end facing the nearest enemy only (V-FACE-2: the
        front arc is the best defence). The others waste the little search a decision has."""
        f = vw.fig(vw.acting) if vw.acting else None
        if f is None or f.pos is None:
            return legal
        foes = [g for g in vw.figures if g.seat != seat and g.living]
        near = min(foes, key=lambda g: abs(g.pos[0] - f.pos[0]) + abs(g.pos[1] - f.pos[1])) if foes else None
        toward = {_face_toward(f.pos, g.pos) for g in foes if abs(g.pos[0] - f.pos[0]) + abs(g.pos[1] - f.pos[1]) == 1}
        end = _face_toward(f.pos, near.pos) if near is not None else None
        doors = vw.scenario.map
        out = []
        for a in legal:
            k = a.kind
            if k == "vs_turn" and a.facing not in toward:
                continue
            if k == "vs_end" and end is not None and a.facing != end:
                continue
            if k == "vs_strike" and not a.target.startswith("fig:"):
                if not a.target.startswith("edge:"):
                    continue
                x, y = (tuple(int(n) for n in q.split(",")) for q in a.target[5:].split("|"))
                if doors.door_of((x, y) if x <= y else (y, x)) is None:
                    continue
            out.append(a)
        return out or legal

    def prior(self, game: Any, seat: int, legal: list[Action], rnd: random.Random) -> Action | None:
        """The scripted player's choice (:class:`~game.ai.search.versus_policy.VersusPolicy`)."""
        return self.policy.choose(game, seat, legal, rnd)

    def playout_action(self, game: Any, seat: int, legal: list[Action], rnd: random.Random) -> Action:
        """The scripted player's choice (:class:`~game.ai.search.versus_policy.VersusPolicy`); one
        time in ``1 / explore`` a random one, free turns left out (so playouts vary)."""
        if len(legal) > 1 and rnd.random() < self.explore:
            other = [a for a in legal if a.kind != "vs_turn"] or legal
            return other[rnd.randrange(len(other))]
        return self.policy.choose(game, seat, legal, rnd)


register_heuristic("versus", VersusHeuristic())
register_player("versus", "random", RandomBot)  # versus's own bots (game.ai.versus_bots) for tools
register_player("versus", "greedy", GreedyBot)
