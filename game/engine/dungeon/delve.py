"""Dungeons checked and dungeons built: every exploration order of a dungeon (does each one place
the objective's card with its square reachable?), and a seeded **random delve** built from the
shipped card pools to a requested length and difficulty (issue 26 item 2).

Pure: the exploration orders are walked over placements only (D-EXPLORE-4..6 with the map of
:mod:`.layout`); the delve draws from :class:`~game.engine.rng.Rng` seeded by the caller.
"""
from __future__ import annotations

from ..kernel import ORTHOGONAL, geometry, path_costs
from ..messages import Keyed
from ..rng import Rng
from .defs import DungeonPack, DungeonScenarioDef, EncounterDie, MapCardDef, Objective, Terrain
from .layout import ROTATION_FOR, STEP, build

#: a random delve's name and story (content texts the catalogues word)
DELVE_NAME = Keyed("A Random Delve", "dungeon.delve.name")
DELVE_STORY = Keyed("Map cards drawn at random from the dungeons you know: reach the altar before time runs out.",
                    "dungeon.delve.story")
#: the most exploration orders :func:`exploration_orders` walks before it gives up
MAX_ORDERS = 20000


def _reachable(lay, starts) -> set:
    geo = geometry(lay.board, {}, ORTHOGONAL)
    return set(path_costs(geo, [s for s in starts if lay.board.has(s)]))


def exploration_orders(defn: DungeonScenarioDef) -> tuple[int, int]:
    """Walk every order in which heroes may explore ``defn`` (any reachable unexplored exit
    next, D-EXPLORE-1/4/5/6), ignoring enemies. Returns (orders that place the objective's card
    with its marker reachable from the start squares, orders in all). Raises ValueError beyond
    :data:`MAX_ORDERS` orders."""
    start = [(defn.start, (0, 0), 0)]
    first = build(defn.cards, start)
    good = total = 0
    stack = [(tuple(start), frozenset(), tuple(defn.sequence))]
    while stack:
        placed, closed, seq = stack.pop()
        lay = build(defn.cards, placed)
        reach = _reachable(lay, first.start)
        obj = [sq for k, sq in lay.markers.get(defn.objective.marker, ())
               if placed[k][0] == defn.objective.card]
        if obj:
            total += 1
            good += any(sq in reach for sq in obj)
            continue
        exits = [q for q in lay.exits if q not in lay.junctions and q not in closed and q in reach]
        if not exits or not seq:
            total += 1
            continue
        for q in exits:
            k, side = lay.exits[q]
            slot = placed[k][1]
            target = (slot[0] + STEP[side][0], slot[1] + STEP[side][1])
            if target in lay.slots:  # D-EXPLORE-6
                stack.append((placed, closed | {q}, seq))
            else:
                stack.append((placed + ((seq[0], target, ROTATION_FOR[side]),), closed, seq[1:]))
        if total > MAX_ORDERS or len(stack) > MAX_ORDERS:
            raise ValueError(f"dungeon {defn.id}: more than {MAX_ORDERS} exploration orders")
    return good, total


#: difficulty -> (dice of an ordinary card, dice of the objective's card), colours by weight
_DICE = {1: (("green",), ("blue", "green")),
         2: (("green", "green"), ("red", "blue")),
         3: (("blue", "green"), ("red", "blue", "green"))}
#: difficulty -> extra rounds beyond two per card [design]; difficulty 3 had 2 until the bot used
#: its minor actions and the market (7 Dec): it then won 51 % of length-4 delves (2 heroes, 200
#: seeds), in difficulty 2's band; with 1 it wins 38.5 % (bands: tools/simulate_dungeon.py DELVE_BANDS)
_SLACK = {1: 4, 2: 3, 3: 1}


def random_delve(pack: DungeonPack, seed: int, length: int = 3, difficulty: int = 2, tries: int = 50
                 ) -> DungeonScenarioDef:
    """A seeded random dungeon [design]: a start card, ``length`` - 1 cards with exits and an
    objective card (one holding an ``altar`` marker and no exits), drawn from the cards of
    ``pack``'s dungeons; encounters and the round limit by ``difficulty`` (1..3); kept only
    when every exploration order reaches the objective (:func:`exploration_orders`), else the
    next draw (up to ``tries``). Raises ValueError for a length outside 2..6, a difficulty
    outside 1..3, or no dungeon found."""
    if not 2 <= length <= 6:
        raise ValueError(f"a random delve is 2 to 6 cards long, not {length}")
    if difficulty not in _DICE:
        raise ValueError(f"difficulty is 1, 2 or 3, not {difficulty}")
    starts, middles, ends = [], [], []
    for sid in sorted(pack.scenarios):
        for cid, card in sorted(pack.scenarios[sid].cards.items()):
            if card.is_start:
                starts.append(card)
            elif card.exits:
                middles.append(card)
            elif "altar" in card.markers:
                ends.append(card)
    if not starts or not ends or len(middles) < length - 1:
        raise ValueError("the card pools are too small for this delve")
    rng = Rng.from_seed(seed)
    ordinary, final = _DICE[difficulty]
    for _ in range(tries):
        start = starts[rng.below(len(starts))]
        pool = list(middles)
        rng.shuffle(pool)
        chosen = pool[:length - 1] + [ends[rng.below(len(ends))]]
        cards: dict[str, MapCardDef] = {"D0": start.model_copy(update={"id": "D0"})}
        seq = []
        for i, c in enumerate(chosen, 1):
            cards[f"D{i}"] = c.model_copy(update={"id": f"D{i}"})
            seq.append(f"D{i}")
        enc = {cid: tuple(EncounterDie(colour=col) for col in (final if cid == seq[-1] else ordinary))
               for cid in cards}
        enc["D0"] = (EncounterDie(colour="green"),)
        defn = DungeonScenarioDef(
            id=f"delve-{seed}-{length}-{difficulty}", name=DELVE_NAME, story=DELVE_STORY, start="D0",
            sequence=tuple(seq), cards=cards, encounters=enc, round_limit=2 * length + _SLACK[difficulty],
            objective=Objective(card=seq[-1], marker="altar"), difficulty=difficulty)
        good, total = exploration_orders(defn)
        if good == total and _start_fits(defn):
            return defn
    raise ValueError(f"no random delve of length {length} and difficulty {difficulty} reaches its objective "
                     f"in every order within {tries} draws (seed {seed})")


def _start_fits(defn: DungeonScenarioDef) -> bool:
    card = defn.cards[defn.start]
    return len(card.start_squares) >= 4 and all(card.terrain[q] is not Terrain.WALL for q in card.start_squares)


__all__ = ["DELVE_NAME", "DELVE_STORY", "MAX_ORDERS", "exploration_orders", "random_delve"]
