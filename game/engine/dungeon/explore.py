"""Part A of the dungeon, the map's rules: line of sight (D-LOS-4/5), movement and terrain
(D-MOVE, D-TERRAIN), exploration and map effects (D-EXPLORE), enemy placement (D-ENEMY-1..8);
the :class:`Explore` mixin of :class:`~.rules.Core` (split out of :mod:`.rules` along its
concern; ``self`` is the run: ``lay``, ``d``, ``defn``, ``emit``, ``hurt_hero`` ... are part A's).
"""
from __future__ import annotations

from ..board import Sq
from ..kernel import ORTHOGONAL, cheapest_path, corner_sight, geometry, harm_along, path_costs
from .defs import COLOURS, Terrain
from .layout import ROTATION_FOR, STEP, placement_numbers, to_global
from .state import EnemyFig, HeroState, PlacedMap

PIT_DAMAGE = 1  # D-TERRAIN-2
#: D-ENEMY-7: the substitute colours of each colour, in order (the next stronger ones)
STRONGER = {c: COLOURS[i:] for i, c in enumerate(COLOURS)}


class Explore:
    """LOS, movement, exploration and enemy placement (mixed into :class:`~.rules.Core`)."""

    # ------------------------------------------------------------------ line of sight (D-LOS)
    def sight(self, a: Sq, b: Sq, side: str) -> bool:
        """D-LOS-1..5: may a figure of ``side`` (``"hero"``/``"enemy"``) on ``a`` aim at ``b``?
        Walls and void block (not squares of the board); figures of the other side block, the
        target's own square never (D-LOS-4); own side, water, pits, encounter points and
        entrances never (D-LOS-2). D-ENEMY-21: an enemy's view is blocked by heroes only."""
        hostile = "enemy" if side == "hero" else "hero"
        occ = self.occupied()
        blocked = {q for q, sd in occ.items() if sd == hostile and q != b}
        return corner_sight(self.lay.board, a, b, blocked)

    # ------------------------------------------------------------------ movement (D-MOVE)
    def geo(self):
        key = ("geo", len(self.d.cards))
        g = self.s.cache.get(key)
        if g is None or g.board is not self.lay.board:
            g = self.s.cache[key] = geometry(self.lay.board, {}, ORTHOGONAL)
        return g

    def _step_cost(self, h: HeroState | None, water_cost: int = 2):
        """Entering cost as ``points * 100 + pits`` (so the cheapest way is also the one with
        fewest pits among equally cheap ways): water 2 (D-TERRAIN-1), else 1 (D-MOVE-6)."""
        terr = self.lay.terrain

        def cost(q: Sq) -> int:
            t = terr.get(q)
            pts = water_cost if t is Terrain.WATER else 1
            return pts * 100 + (1 if t is Terrain.PIT else 0)
        return cost

    def move_costs(self, h: HeroState, points: int, *, water_cost: int | None = None,
                   through_enemies: bool = False) -> dict[Sq, tuple[int, int]]:
        """The squares ``h`` may end a move on with ``points`` movement points: square ->
        (points spent, pits entered). Orthogonal steps (D-MOVE-1); water costs 2 (D-TERRAIN-1;
        ``water_cost`` for Fleetfoot and Grapnel Line); never through an enemy (D-MOVE-4) unless
        ``through_enemies`` (Fleetfoot), never ending on another figure (D-MOVE-5); an unexplored
        exit half-square is entered but not left (D-EXPLORE-2/8)."""
        if water_cost is None:
            water_cost = 1 if h.temp.get("grapnel") else 2
        occ = self.occupied()
        enemies = {q for q, sd in occ.items() if sd == "enemy"}
        halves = self.unexplored()

        def enter(q: Sq) -> bool:
            return through_enemies or q not in enemies  # D-MOVE-4

        def through(q: Sq) -> bool:
            return q not in halves  # D-EXPLORE-8: exploring ends the move

        costs = path_costs(self.geo(), h.pos, cost=self._step_cost(h, water_cost), enter=enter, through=through,
                           limit=points * 100 + 99)
        return {q: (c // 100, c % 100) for q, c in costs.items()
                if q != h.pos and q not in occ and c // 100 <= points}  # D-MOVE-5, D-MOVE-7

    def walk(self, h: HeroState, to: Sq, points: int, rule: str = "D-MOVE-1", *, water_cost: int | None = None,
             through_enemies: bool = False) -> tuple[int, bool]:
        """Move ``h`` to ``to`` along its cheapest way (fewest pits among equals), hurting it
        1 per pit entered (D-TERRAIN-2/3: every entry, no defence, unless Grapnel Line); then
        explore if it stands on an unexplored exit (D-EXPLORE-1/2). Returns (points spent,
        whether the move had to end: it explored or the hero died, D-EXPLORE-8). Raises
        ValueError when ``to`` is out of reach."""
        if water_cost is None:
            water_cost = 1 if h.temp.get("grapnel") else 2
        occ = self.occupied()
        enemies = {q for q, sd in occ.items() if sd == "enemy"}
        halves = self.unexplored()
        way = cheapest_path(self.geo(), h.pos, to, cost=self._step_cost(h, water_cost),
                            enter=lambda q: through_enemies or q not in enemies,
                            through=lambda q: q not in halves, limit=points * 100 + 99)
        if way is None or to in occ:
            raise ValueError(f"hero {h.uid} cannot move to {to}")
        start = h.pos
        h.pos = to
        how, where = self.walk_words(start, to)  # the card's name, as the board labels it
        self.emit("move", rule, ("dungeon.move_within" if how == "within" else "dungeon.move_into"), {"hero": self.hero_ref(h), "to": where},
                  hero=h.uid, frm=list(start), to=list(to), path=[list(q) for q in way])
        pits = {q: PIT_DAMAGE for q, t in self.lay.terrain.items() if t is Terrain.PIT}
        hurt = 0 if h.temp.get("grapnel") else harm_along(way, pits)  # D-TERRAIN-2/3
        if hurt:
            self.hurt_hero(h, hurt, "D-TERRAIN-2")
        spent = sum(self._step_cost(h, water_cost)(q) // 100 for q in way)
        if not h.dead and to in halves:
            self.explore_at(h, to)
            return spent, True
        return spent, h.dead

    # ------------------------------------------------------------------ exploration (D-EXPLORE)
    def explore_at(self, h: HeroState, sq: Sq, rule: str = "D-EXPLORE-1") -> None:
        """Explore the unexplored exit ``sq`` with ``h`` as the exploring hero (D-EXPLORE-1/9;
        items: D-EXPLORE-11). The next card of the sequence goes into the neighbouring slot
        turned so its ▲ meets ``sq`` (D-EXPLORE-3/4); its enemies are placed (D-ENEMY-2..8),
        then its map effect applies (D-EXPLORE-9). No card left: a dead end (D-EXPLORE-5); the
        slot taken: a dead end (D-EXPLORE-6; facing exits were already joined when the second
        card was placed, see :mod:`.layout`). Raises KeyError for a square that is not an
        unexplored exit."""
        k, side = self.unexplored()[sq]
        slot = tuple(self.d.cards[k].slot)
        target = (slot[0] + STEP[side][0], slot[1] + STEP[side][1])
        if target in self.lay.slots:  # D-EXPLORE-6
            self.d.closed.append(sq)
            self.emit("dead_end", "D-EXPLORE-6", "dungeon.dead_end", {"hero": self.hero_ref(h)}, at=list(sq))
            return
        if not self.d.sequence:  # D-EXPLORE-5
            self.d.closed.append(sq)
            self.emit("dead_end", "D-EXPLORE-5", "dungeon.dead_end", {"hero": self.hero_ref(h)}, at=list(sq))
            return
        cid = self.d.sequence.pop(0)
        rot = ROTATION_FOR[side]  # D-EXPLORE-4
        self.d.cards.append(PlacedMap(card=cid, slot=target, rot=rot))
        index = len(self.d.cards) - 1
        assert self.lay.entrances[index] == sq, "D-EXPLORE-3: the ▲ meets the exit"
        card = self.defn.cards[cid]
        self.emit("explore", rule, "dungeon.explore", {"hero": self.hero_ref(h), "card": {"t": "card", "id": cid, "name": card.name}},
                  hero=h.uid, card=cid, slot=list(target), rot=rot, at=list(sq))
        self.place_encounter(index)  # D-EXPLORE-9 step 2
        self.map_effect(index, h)  # D-EXPLORE-9 step 3

    def map_effect(self, index: int, h: HeroState) -> None:
        """D-EXPLORE-9 step 3: the card's map effect on the exploring hero (16.7): a skill check
        whose success or failure brings treasure, energy, life or damage (no defence)."""
        cid = self.d.cards[index].card
        eff = self.defn.effects.get(cid)
        if eff is None or eff.skill is None or h.dead:
            return
        ok = self.skill_check(h, eff.skill, eff.target, "D-EXPLORE-9")
        out = eff.success if ok else eff.failure
        self.emit("map_effect", "D-EXPLORE-9", "dungeon.map_effect",
                  {"hero": self.hero_ref(h), "name": {"t": "text", "v": eff.name}, "success": ok},
                  hero=h.uid, card=cid, success=ok)
        for tracker in ("treasure", "energy", "life"):
            n = getattr(out, tracker)
            if n:
                self.gain(h, tracker, n)
        if out.damage:
            self.hurt_hero(h, out.damage, "D-EXPLORE-9")

    # ------------------------------------------------------------------ enemy placement (D-ENEMY-1..8)
    def free_dice(self, colour: str) -> int:
        """D-ENEMY-8: dice of ``colour`` not on the map (the pool times the card sets)."""
        return self.pack.pool.get(colour, 0) - sum(1 for e in self.d.enemies if e.colour == colour)

    def place_encounter(self, index: int) -> None:
        """D-ENEMY-2..8: the encounter of placement ``index``'s card: its dice placed one at a
        time, fixed faces first (D-ENEMY-4/6), each rolled (or set) in its colour or the next
        stronger free one (D-ENEMY-7/8), on the first numbered square around the encounter
        point that can take it (D-ENEMY-3/5). A die with no colour free or no square: every
        living hero suffers an attack of 1 hit (D-ENEMY-5/7)."""
        cid = self.d.cards[index].card
        dice = self.defn.encounters.get(cid, ())
        dice = [x for x in dice if x.face is not None] + [x for x in dice if x.face is None]  # D-ENEMY-6
        if not dice:
            return
        self.d.encounters += 1
        group = self.d.encounters
        for die in dice:
            colour = next((c for c in STRONGER[die.colour] if self.free_dice(c) > 0), None)  # D-ENEMY-7
            if colour is None:
                self.shortage(die.colour, "D-ENEMY-7")
                continue
            face = die.face if die.face is not None else self.roll(1)[0]  # D-ENEMY-4
            sq = self.spawn_square(index)
            if sq is None:
                self.shortage(colour, "D-ENEMY-5")
                continue
            df = self.pack.dice[colour][face - 1]
            e = EnemyFig(uid=self.s.new_uid("e"), colour=colour, face=face, type=df.type, pos=sq, life=df.pips,
                         max_life=df.pips, spawn=self.d.next_spawn, group=group, card=index,
                         placed_round=self.d.round, placed_phase=self.s.phase)
            self.d.next_spawn += 1
            self.d.enemies.append(e)
            self.emit("enemy_placed", "D-ENEMY-3", "dungeon.enemy_placed",
                      {"enemy": self.enemy_ref(e), "colour": {"t": "msg", "id": f"dungeon.colour.{colour}"}, "face": face},
                      enemy=e.uid, colour=colour, face=face, to=list(sq), substitute=colour != die.colour)

    def spawn_square(self, index: int) -> Sq | None:
        """D-ENEMY-3/5: the first of squares 1..24 around placement ``index``'s encounter point
        (numbered in canonical orientation, rotated with the card) that can take a die: a core
        square of that card, not a wall or a pit, holding no figure."""
        cid, slot, rot = self.d.cards[index].card, tuple(self.d.cards[index].slot), self.d.cards[index].rot
        card = self.defn.cards[cid]
        if card.encounter_point is None:
            return None
        occ = self.occupied()
        for local in placement_numbers(card.encounter_point):
            t = card.terrain.get(local)
            if t is None or t in (Terrain.WALL, Terrain.PIT):
                continue
            g = to_global(slot, rot, local)
            if g not in occ:
                return g
        return None

    def shortage(self, colour: str, rule: str) -> None:
        """D-ENEMY-5/7, D-FAQ-7: a die that cannot be placed: every living hero suffers an attack
        of 1 hit with a normal defence roll."""
        self.emit("shortage", rule, "dungeon.shortage", {"colour": colour}, colour=colour)
        for h in self.d.living():
            self.suffer_hits(h, 1, rule)


__all__ = ["Explore", "PIT_DAMAGE", "STRONGER"]
