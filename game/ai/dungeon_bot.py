"""A simple bot for the dungeon crawl (rules/dungeon.md): it plays every hero through the public
API only (:class:`~game.engine.dungeon.view.DungeonView`, legal actions).

Its plan, per decision:
- whose turn (D-ROUND-2): the hero nearest the goal goes first;
- in a hero's turn: claim the objective when it may (16.7 SR-1); attack when an attack is
  offered (part B's attack actions; the first offered, which the rules list best first); else
  walk toward the goal (the objective's square once its card is placed, else the nearest
  unexplored exit), avoiding pits when hurt; else end the turn;
- minor-action windows (D-ACT-5): close them (it uses no minor actions yet);
- anything else: the first option.
It never reads a seat's hidden data (the dungeon has none) nor the item deck's order.
"""
from __future__ import annotations

from ..engine import Action, View, apply, new_game
from ..engine.dungeon import DungeonView

OWN = ("dmove", "dend", "dother", "dgive", "dtake")
INF = 10 ** 6


class DungeonBot:
    """``choose(state)`` -> one legal action for the pending decision."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, state) -> Action:
        """One legal action. Raises ValueError when nothing is pending."""
        gv = View(state)
        p = gv.pending
        if p is None or gv.result is not None:
            raise ValueError("no decision is pending")
        v = DungeonView(state, p.seat)
        legal = v.legal()
        if not legal:
            raise ValueError(f"no legal action in decision {p.kind!r}")
        if p.kind == "act":
            return self.act(v, legal)
        if p.kind == "turn_order":
            return min(legal, key=lambda a: self.goal_distance(v, v.dungeon.heroes[a.n].pos))
        done = next((a for a in legal if a.kind == "done"), None)
        return done or legal[0]

    # ------------------------------------------------------------------ goals
    def goals(self, v: DungeonView) -> list:
        return v.objective_squares() or v.unexplored()

    def distances(self, v: DungeonView) -> dict:
        key = (v.step, "goal")
        hit = getattr(self, "_memo", None)
        if hit is not None and hit[0] == key:
            return hit[1]
        best: dict = {}
        for through in (False, True):  # round the enemies if a way exists, else through them
            for g in self.goals(v):
                for q, c in v.walking(g, through).items():
                    if c < best.get(q, INF):
                        best[q] = c
            heroes = [h.pos for h in v.dungeon.heroes if h.pos is not None]
            if any(tuple(p) in best for p in heroes):
                break
        self._memo = (key, best)
        return best

    def goal_distance(self, v: DungeonView, sq) -> int:
        return INF if sq is None else self.distances(v).get(tuple(sq), INF)

    # ------------------------------------------------------------------ a hero's turn
    def act(self, v: DungeonView, legal: list[Action]) -> Action:
        seat = v.active_seat
        claim = next((a for a in legal if a.kind == "dother"), None)
        if claim is not None:
            return claim
        attacks = [a for a in legal if a.kind not in OWN and a.kind in getattr(v._r, "ATTACK_KINDS", ())]
        if attacks:
            return attacks[0]
        h = v.dungeon.heroes[seat]
        here = self.goal_distance(v, h.pos)
        moves = [a for a in legal if a.kind == "dmove"]
        prev = v.moves(seat)
        hurt = h.life <= 3

        def score(a: Action) -> tuple:
            points, pits = prev.get(a.to, (0, 0))
            d = self.goal_distance(v, a.to)
            return (INF if hurt and pits >= h.life else d + (2 * pits if hurt else pits), pits, a.to[1], a.to[0])
        if moves:
            best = min(moves, key=score)
            if score(best)[0] < here:
                return best
        return next(a for a in legal if a.kind == "dend")


def party(players: int) -> list[tuple[str, str, str]]:
    """A default party of ``players`` heroes that passes every set-up check (D-SETUP-3..6)."""
    heroes = [("brannoc", "warbrand", "battle_surge"), ("sela", "longbow", "fleetfoot"),
              ("ysolde", "ember_rod", "mending_rite"), ("corvin", "oathguard", "chain_spark")]
    return heroes[:players]


def play(scn, heroes, seed: int, max_steps: int = 5000):
    """One bot game of ``scn`` with ``heroes``; returns the final state (``result`` None when the
    step limit stopped it)."""
    s = new_game(scn, heroes, seed)
    bot = DungeonBot(seed)
    steps = 0
    while View(s).result is None and steps < max_steps:
        ev = apply(s, bot.choose(s))
        if ev and ev[0].kind == "impossible":
            raise RuntimeError(f"the dungeon bot chose an illegal action at step {View(s).step}: {ev[0].msg}")
        steps += 1
    return s


__all__ = ["DungeonBot", "party", "play"]
