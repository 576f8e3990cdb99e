"""Versus's heuristic for the search bot (issue 28 item 1: apart from the rules and from the
search; TAG's heuristic). A leaf is valued by the versus greedy bot's score of the position as the
searching seat sees it (:meth:`game.ai.versus_bots.GreedyBot.score` over
:class:`~game.engine.versus.view.VsView`: living characters and their life, the scenario's goal
by walking distance, MP and CP in hand), measured from the score at the root of the search and
squashed into seat 0's chance of winning by a logistic curve of :data:`SCALE` points (a finished
game is valued by its outcome); playouts are random but take a free turn (``vs_turn``) only one
time in ten, as the random bot does (turning is free and unlimited, V-FACE-1)."""
from __future__ import annotations

import math
import random
from typing import Any

from ...engine import Action, View
from ...engine.versus import ROSTER
from ...engine.versus.view import VsView
from ..versus_bots import GreedyBot, RandomBot
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
        a secret deployment: ``deploy`` of them (every 120 / ``deploy``-th, a spread)."""
        if last == "vs_turn":
            legal = [a for a in legal if a.kind != "vs_turn"]
        if not legal:
            return legal
        kind = legal[0].kind
        if kind in ("vs_activate", "vs_pass") and self.top and len(legal) > self.top + 1:
            vw = VsView.of(view)
            acts = [a for a in legal if a.kind == "vs_activate"]
            ranked = sorted(range(len(acts)), key=lambda i: (-self.policy.activation_value(vw, view.seat, acts[i]), i))
            keep = {acts[i] for i in ranked[:self.top]}
            return [a for a in legal if a in keep or a.kind != "vs_activate"]
        if kind == "vs_deploy" and self.deploy and len(legal) > self.deploy:
            k = len(legal) / self.deploy
            return [legal[int(i * k)] for i in range(self.deploy)]
        return legal

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
