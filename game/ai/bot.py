"""A simple, fair bot: it sees what a player sees and picks among ``legal_actions``.

Priorities on its own turn: leave by the exit; heal when hurt; fight what is in its square
or next to it; reload; pick up items underfoot; walk (opening doors) toward the exit.
Small decisions (push squares, re-rolls, ordering) get sensible defaults. It never looks at
the order of any deck.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Action, GameState, legal_actions
from ..engine.board import EdgeState, Geometry, edge_key, parse_edge_id
from ..engine.rules import _Run
from ..engine.rng import Rng

INF = float("inf")


@dataclass
class Bot:
    """Chooses an action for whoever must decide. ``seed`` only breaks ties."""

    seed: int = 0
    rng: Rng = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Rng.from_seed(self.seed)

    def choose(self, s: GameState) -> Action:
        """One legal action for the pending decision. Raises ValueError if there is none."""
        legal = legal_actions(s)
        if not legal:
            raise ValueError("no legal action: the game is over or not started")
        kind = s.pending.kind
        run = _Run(s)
        if kind == "act":
            return self.act(s, run, legal)
        if kind in ("react_order", "order_moves"):
            return next((a for a in legal if a.kind == "auto"), legal[0])
        if kind == "reroll":
            return next((a for a in legal if a.kind == "reroll"), legal[0])
        if kind == "push_enemy":
            return self.best_push(s, run, legal)
        if kind == "push_char":
            return self.safest_square(s, run, legal)
        if kind == "keep":
            return self.keep(s, run, legal)
        if kind == "trade":
            return next((a for a in legal if a.kind == "done"), legal[0])
        if kind == "overflow":
            return self.cheapest_discard(s, run, legal)
        return legal[0]

    # ------------------------------------------------------------------ helpers
    def exit_distances(self, s: GameState, run: _Run) -> dict:
        """Walking distance to the nearest exit with doors counted as open (they can be opened)."""
        def edge(a, b):
            st = run.edge(a, b)
            if st == EdgeState.DOOR_CLOSED or st == EdgeState.BARRICADE:
                return EdgeState.DOOR_OPEN
            return st
        g = Geometry(run.b, edge, key=("bot-doors-open", tuple(sorted(s.edges.items()))))
        exits = [t.pos for t in s.tokens if t.kind == "exit"]
        best: dict = {}
        for ex in exits:
            for sq, d in g.distances_from(ex).items():
                if d < best.get(sq, INF):
                    best[sq] = d
        return best

    def act(self, s: GameState, run: _Run, legal: list[Action]) -> Action:
        c = s.active_char
        by = {}
        for a in legal:
            by.setdefault(a.kind, []).append(a)
        if "exit" in by:
            return by["exit"][0]
        # heal when at Caution or worse
        if c.health >= 3:
            heals = [a for a in by.get("use", []) if a.target == c.cid]
            if heals:
                return max(heals, key=lambda a: len(run.find_slot(c, a.item)))
        # mix a green with a red herb (free)
        for a in by.get("mix", []):
            herbs = {run.idef(u).herb for u in run.find_slot(c, a.item) + run.find_slot(c, a.item2)}
            if "green" in herbs and "red" in herbs:
                return a
        here = run.enemies_at(c.pos)
        attacks = by.get("attack", [])
        if here:
            same = [a for a in attacks if s.enemy(a.target) and s.enemy(a.target).pos == c.pos]
            if same:
                return self.best_attack(s, run, same)
        near = [a for a in attacks if s.enemy(a.target) and run.g.dR(c.pos, s.enemy(a.target).pos) <= 1]
        if near:
            return self.best_attack(s, run, near)
        # reload a low weapon
        for a in by.get("use", []):
            if a.item2 and (s.cards[a.item2].ammo or 0) <= 2:
                return a
        if "search" in by:
            return by["search"][0]
        # walk toward the exit, opening doors on the way
        dist = self.exit_distances(s, run)
        here_d = dist.get(c.pos, INF)
        moves = sorted(by.get("move", []) + by.get("stairs", []), key=lambda a: (dist.get(a.to, INF), a.to))
        doors = []
        for a in by.get("door", []) + by.get("clear", []):
            e = parse_edge_id(a.edge)
            other = e[0] if e[1] == c.pos else e[1]
            if run.edge(*e) != EdgeState.DOOR_OPEN and dist.get(other, INF) < here_d:
                doors.append(a)
        if doors:
            return doors[0]
        if moves and dist.get(moves[0].to, INF) < here_d:
            return moves[0]
        far = [a for a in attacks if s.enemy(a.target)]
        if far and s.actions_left >= 1:
            return self.best_attack(s, run, far)
        if "end_phase" in by:
            return by["end_phase"][0]
        costly = [a for a in legal if a.kind not in ("discard", "mix", "end_phase")]
        return costly[0] if costly else legal[0]

    def best_attack(self, s: GameState, run: _Run, attacks: list[Action]) -> Action:
        def score(a: Action):
            d = run.idef(a.item)
            ammo = s.cards[a.item].ammo
            power = d.weapon.count * (2 if d.weapon.dice == "red" else 1)
            wasteful = a.n or 0
            return (power if ammo is None or ammo > 0 else -1, -wasteful, a.item)
        return max(attacks, key=score)

    def best_push(self, s: GameState, run: _Run, legal: list[Action]) -> Action:
        pushes = [a for a in legal if a.kind == "push"]
        if not pushes:
            return legal[0]
        chars = [c.pos for c in s.characters if c.conscious]
        return max(pushes, key=lambda a: (min(run.g.dR_sq(a.to, p) for p in chars) if chars else 0, a.to))

    def safest_square(self, s: GameState, run: _Run, legal: list[Action]) -> Action:
        dist = self.exit_distances(s, run)
        return min(legal, key=lambda a: (len(run.enemies_at(a.to)) if a.to else 0, dist.get(a.to, INF), a.to or (0, 0)))

    def keep(self, s: GameState, run: _Run, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (run.idef(a.item).type == "recovery", a.item))

    def cheapest_discard(self, s: GameState, run: _Run, legal: list[Action]) -> Action:
        order = {"scenario": 0, "special": 1, "ammo": 2, "recovery": 3, "weapon": 4}
        return min(legal, key=lambda a: (order.get(run.idef(a.item).type, 5), a.item or ""))


def play_out(s: GameState, bot: Bot | None = None, max_steps: int = 20000) -> GameState:
    """Let the bot make every decision until the scenario ends (or ``max_steps``)."""
    from ..engine import apply

    bot = bot or Bot()
    n = 0
    while not s.over and n < max_steps:
        apply(s, bot.choose(s))
        n += 1
    return s
