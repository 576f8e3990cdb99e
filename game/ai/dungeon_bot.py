"""A simple bot for the dungeon crawl (rules/dungeon.md): it plays every hero through the public
API only (:class:`~game.engine.dungeon.view.DungeonView`, legal actions).

Its plan, per decision:
- whose turn (D-ROUND-2): the hero nearest the goal goes first;
- in a hero's turn: claim the objective when it may (16.7 SR-1); then its minor actions (D-ACT-3,
  free): heal itself or a neighbour when hurt (Mending Rite, a healing item), buy the most useful
  market card its treasure pays for (D-ITEM-1), strike with Battle Surge or Chain Spark, whet
  the blade before a melee attack, drink a Spark Phial when its ability is short of energy,
  throw Grave Salt, a Pitch Flask or a Smoke Pellet when enemies are there; then the attack
  with the most expected damage (the rules' own odds, ``attack_preview``), a kill first; else
  Fleetfoot toward the goal when it saves walking, else walk toward the goal (the objective's
  square once its card is placed, else the nearest unexplored exit), avoiding pits when hurt;
  else end the turn;
- minor-action windows (D-ACT-5): heal when badly hurt, else close them;
- a Lucky Knucklebone's reroll: the lowest die that missed;
- anything else: the first option.
It never reads a seat's hidden data (the dungeon has none) nor the item deck's order.
"""
from __future__ import annotations

from ..engine import Action, View, apply, new_game
from ..engine.dungeon import DungeonView

OWN = ("dmove", "dend", "dother", "dgive", "dtake")
ATTACK, SURGE, FLEET, MEND, SPARK, BUY, USE, REROLL = ("dattack", "dsurge", "dfleet", "dmend", "dspark", "dbuy",
                                                      "duse", "dreroll")
INF = 10 ** 6
#: market cards by how much the bot wants them (higher first); cards not listed are not bought
WANT = {"ward": 9, "boots": 8, "heal_6": 7, "heal_3": 6, "grave_salt": 5, "pitch_flask": 4, "smoke": 4,
        "energy_3": 3, "whetstone": 2, "reroll": 2}


class DungeonBot:
    """``choose(state)`` -> one legal action for the pending decision. ``minors=False``: a bot
    that takes no minor action (no ability, purchase or item; D-ACT-3) and answers every other
    decision with its first option, for a screen that does not offer those yet."""

    def __init__(self, seed: int = 0, minors: bool = True):
        self.seed = seed
        self.minors = minors

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
        if p.kind == REROLL and self.minors:
            return self.reroll(p, legal)
        heal = self.heal(v, legal, p.seat, badly=True) if self.minors else None
        if heal is not None:
            return heal
        done = next((a for a in legal if a.kind == "done"), None)
        return done or legal[0]

    # ------------------------------------------------------------------ minor actions (D-ACT-3..5)
    def heal(self, v: DungeonView, legal: list[Action], seat: int, badly: bool = False) -> Action | None:
        """Mending Rite on the most hurt hero it reaches, or a healing item on itself, when a hero
        has lost at least 3 life (``badly``: is down to a third of its life or less)."""
        def lost(s: int) -> int:
            h = v.dungeon.heroes[s]
            return v.stats(s).life - h.life

        def low(s: int) -> bool:
            h = v.dungeon.heroes[s]
            return h.life * 3 <= v.stats(s).life if badly else lost(s) >= 3
        mends = [a for a in legal if a.kind == MEND and a.seat == seat and low(a.other)]
        if mends:
            return max(mends, key=lambda a: lost(a.other))
        if low(seat):
            for a in legal:
                if a.kind == USE and a.seat == seat and v.item(a.item).effect.startswith("heal_"):
                    return a
        return None

    def minor(self, v: DungeonView, legal: list[Action], seat: int) -> Action | None:
        """The minor action worth taking now in the hero's own turn, or None."""
        h = v.dungeon.heroes[seat]
        mine = [a for a in legal if a.seat == seat]
        heal = self.heal(v, mine, seat)
        if heal is not None:
            return heal
        buys = [a for a in mine if a.kind == BUY and v.item(a.item).effect in WANT]
        if buys:
            return max(buys, key=lambda a: (WANT[v.item(a.item).effect], -v.item(a.item).cost))
        surges = [a for a in mine if a.kind == SURGE]
        if surges:
            return min(surges, key=lambda a: (v.dungeon.enemy(a.target).life, a.target))
        sparks = [a for a in mine if a.kind == SPARK]
        if sparks:
            return max(sparks, key=lambda a: (bool(a.target2), a.target, a.target2))
        uses = {}
        for a in mine:
            if a.kind == USE:
                uses.setdefault(v.item(a.item).effect, []).append(a)
        if uses.get("whetstone") and "whetstone" not in h.temp and any(
                a.kind == ATTACK and a.how == "melee" for a in mine):
            return uses["whetstone"][0]
        if uses.get("energy_3") and h.energy < v.stats(seat).energy_cost:
            return uses["energy_3"][0]
        for eff in ("grave_salt", "pitch_flask"):
            if uses.get(eff):
                return min(uses[eff], key=lambda a: (v.dungeon.enemy(a.target).life if a.target else 0, a.target))
        if uses.get("smoke") and h.life * 2 <= v.stats(seat).life:
            return max(uses["smoke"], key=lambda a: (v.dungeon.enemy(a.target).life, a.target))
        return None

    def reroll(self, p, legal: list[Action]) -> Action:
        """16.4 I-10: reroll the lowest die that did not reach 6 with its modifier, if any."""
        faces = list(p.ctx.get("faces", ()))
        mod = p.ctx.get("mod", 0) if p.ctx.get("then") == "attack" else 0
        keep = next((a for a in legal if a.n == -1), legal[0])
        misses = [i for i, f in enumerate(faces) if f + mod < 6]
        if not misses:
            return keep
        worst = min(misses, key=lambda i: faces[i])
        return next((a for a in legal if a.n == worst), keep)

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
        minor = self.minor(v, legal, seat) if self.minors else None
        if minor is not None:
            return minor
        attacks = [a for a in legal if a.kind == ATTACK and a.seat == seat]
        if attacks:
            return max(attacks, key=lambda a: self.attack_value(v, seat, a))
        h = v.dungeon.heroes[seat]
        here = self.goal_distance(v, h.pos)
        hurt = h.life <= 3
        fleets = [a for a in legal if a.kind == FLEET and a.seat == seat and self.minors]
        if fleets and not hurt:  # a free move: worth it when it brings the hero closer
            best = min(fleets, key=lambda a: (self.goal_distance(v, a.to), a.to[1], a.to[0]))
            if self.goal_distance(v, best.to) < here:
                return best
        moves = [a for a in legal if a.kind == "dmove"]
        prev = v.moves(seat)

        def score(a: Action) -> tuple:
            points, pits = prev.get(a.to, (0, 0))
            d = self.goal_distance(v, a.to)
            return (INF if hurt and pits >= h.life else d + (2 * pits if hurt else pits), pits, a.to[1], a.to[0])
        if moves:
            best = min(moves, key=score)
            if score(best)[0] < here:
                return best
        return next(a for a in legal if a.kind == "dend")

    def attack_value(self, v: DungeonView, seat: int, a: Action) -> tuple:
        """An attack's worth: the chance it kills (its expected damage against the target's
        life), then the damage (the rules' odds, D-COMBAT-1..13)."""
        pv = v.attack_preview(seat, a.how, a.target) or {}
        dmg = float(pv.get("damage", 0.0))
        life = max(1, int(pv.get("life", 1)))
        return (min(dmg / life, 1.0), dmg, a.how, a.target)


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
