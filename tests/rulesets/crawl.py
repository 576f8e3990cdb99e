"""A tiny dungeon crawl composed from the tactics kernel (issue 23 item 5), not from ``CoreRun``.

It shows that a mode with the dungeon's shape (rules/dungeon.md) is a table of calls into
:mod:`game.engine.kernel` with its own parameters, and nothing of the city:

- orthogonal movement (D-MOVE-1) with movement points: water costs 2 (D-TERRAIN-1), a pit hurts
  each time it is entered (D-TERRAIN-2/3), an enemy's square is never entered (D-MOVE-4), one
  figure per square (D-MOVE-5): ``path_costs`` / ``cheapest_path`` / ``harm_along`` / ``has_room``;
- a map card placed when a hero steps on an unexplored exit, turned to face back (D-EXPLORE-1/3/4),
  its enemies placed on its encounter point: a ``PlacedCard`` in ``GameState.grown``, the board
  grown from the scenario's ``cards`` by ``growth.grow`` (so saves and replays rebuild the same
  board);
- a shot needs corner-to-corner sight with the viewer's hostile figures blocking (D-LOS-4/5):
  ``corner_sight`` / ``hostile_squares``; it rolls a pool of d6 whose faces the mode gives
  (``roll_pool``) and wounds the target (``wound``).

The state is the engine's ``GameState``: heroes and foes are tokens, the placed cards are
``GameState.grown``.
"""
from __future__ import annotations

from pathlib import Path

from game.engine.actions import Action
from game.engine.board import Board, Colour, EdgeState, Tile, parse_edge_id
from game.engine.kernel import (ORTHOGONAL, cheapest_path, corner_sight, geometry, harm_along, has_room,
                                hostile_squares, path_costs, roll_pool, wound)
from game.engine.kernel.growth import Card, exits_facing, placed_squares
from game.engine.machine import Machine, Phase, RuleSet, decision, register_ruleset, task
from game.engine.rng import Rng
from game.engine.messages import english
from game.engine.state import GameState, PlacedCard, TokenState
from game.i18n.messages import add_catalogues

add_catalogues(Path(__file__).parent / "locale")  # its own message catalogues (en, ja), beside its code

D6 = (1, 2, 3, 4, 5, 6)  # the mode's die, one face per side
SPEED = 3  # movement points per Move (D-MOVE-2)
ACTIONS = 2  # actions per turn
HERO_HP = 4
FOE_HP = 2
TURNS = 12

START_ROWS = ("#...#", ".~...", "..o..", ".....", "#...#")  # exit N at (2, -1); heroes on row 4
C1_ROWS = ("..E..", ".#.#.", ".....", "..~..", "#...#")  # entrance at S (2, 5)
#: D-EXPLORE-4: the side of the old card's exit -> the new card's rotation (its entrance faces back)
TURN_FOR = {"N": 0, "E": 90, "S": 180, "W": 270}


def _squares(rows) -> dict:
    return {(x, y): ch for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != "#"}


def _card(cid: str, rows, extra) -> Card:
    sq = _squares(rows)
    spawn = tuple(q for q, ch in sq.items() if ch == "E")
    return Card(cid, frozenset(sq) | frozenset(extra), anchor=(2, 5), size=5, name=cid, spawn_points=spawn)


CARDS = {"C1": _card("C1", C1_ROWS, [(2, 5)])}
ORDER = ("C1",)  # D-EXPLORE-5: the card sequence
TERRAIN = {"START": {q: ch for q, ch in _squares(START_ROWS).items() if ch in "~o"},
           "C1": {q: ch for q, ch in _squares(C1_ROWS).items() if ch in "~o"}}


def start_board() -> Board:
    sq = frozenset(_squares(START_ROWS)) | {(2, -1)}
    return Board(name="crawl", width=5, height=5, tiles={"START": Tile("START", "Start", Colour.GREEN, sq)})


class CrawlRun(Machine):
    def __init__(self, s: GameState):
        super().__init__(s)
        self.derive()

    def derive(self) -> None:
        """The board grown by the state's placed cards and its orthogonal geometry (D-MOVE-1)."""
        self.b = self.s.scenario.board
        edges = {parse_edge_id(k): EdgeState(v) for k, v in self.s.edges.items()}
        self.g = geometry(self.b, edges, ORTHOGONAL)

    # -- what the state says ---------------------------------------------------------------
    def placements(self) -> list[tuple[str, tuple[int, int], int]]:
        return [(g.card, tuple(g.at), g.rot) for g in self.s.grown]

    def figures(self, kind: str | None = None) -> list[TokenState]:
        return [t for t in self.s.tokens if t.kind in ("hero", "foe") and (kind is None or t.kind == kind)]

    def terrain(self) -> dict:
        """Water and pits by board square: the start card's, and each placed card's turned."""
        out = dict(TERRAIN["START"])
        for cid, at, r in self.placements():
            where = placed_squares(CARDS[cid], at, r)
            out.update({where[q]: ch for q, ch in TERRAIN[cid].items()})
        return out

    def unexplored_exits(self) -> dict:
        """Exit squares no card was placed at yet, with their side (D-MAP-2)."""
        done = {at for _, at, _ in self.placements()}
        out = {}
        start = exits_facing({q for q in self.b.tiles["START"].squares}, 5)
        for side, q in start.items():
            if q not in done and len(self.placements()) < len(ORDER):
                out[q] = side
        return out

    def _move_tests(self, hero: TokenState):
        units = {t.pos: 1 for t in self.figures() if t is not hero}
        foes = {t.pos for t in self.figures("foe")}
        water = {q: 2 for q, ch in self.terrain().items() if ch == "~"}  # D-TERRAIN-1
        exits = self.unexplored_exits()

        def enter(q) -> bool:  # D-MOVE-4 (no enemy square), D-MOVE-5 (one figure a square)
            return q not in foes and has_room(self.b, units, q, 1, capacity=1)

        def through(q) -> bool:  # D-EXPLORE-8: stepping on an unexplored exit ends the move
            return q not in exits
        return water, enter, through

    # -- the machine -----------------------------------------------------------------------
    def check_end(self) -> None:
        s = self.s
        if s.result is not None or s.phase == "setup":
            return
        if self.placements() and not self.figures("foe"):
            self.ends("success", "crawl.cleared")
        elif not self.figures("hero"):
            self.ends("failure", "crawl.fallen")

    def ends(self, result: str, why: str, tell: bool = True) -> None:
        """CRAWL-3: the game ends with ``result``, the reason message ``why`` (kept with its rule in
        ``result_why``, its English words in ``result_reason``), told as the result event."""
        s = self.s
        ref = {"t": "msg", "id": why}
        s.result, s.result_reason, s.result_why = result, english(ref), dict(ref, rule="CRAWL-3")
        if tell:
            self.emit("result", "CRAWL-3", why, result=result)

    @task("turn_start")
    def t_turn_start(self, task: dict) -> None:
        s = self.s
        s.turn += 1
        if s.turn > TURNS:
            self.ends("failure", "crawl.water_rose", tell=False)
            return
        s.actions_left = ACTIONS
        self.push({"t": "act"})

    @task("act")
    def t_act(self, task: dict) -> None:
        s = self.s
        hero = self.figures("hero")[0]
        opts = []
        if s.actions_left > 0:
            water, enter, through = self._move_tests(hero)
            costs = path_costs(self.g, hero.pos, cost=water, enter=enter, through=through, limit=SPEED)
            opts += [Action(kind="move", to=q) for q in costs if q != hero.pos]
            blockers = hostile_squares([(t.pos, t.kind) for t in self.figures()], side="hero")
            for f in self.figures("foe"):
                if corner_sight(self.b, hero.pos, f.pos, blockers - {f.pos}):  # D-LOS-4
                    opts.append(Action(kind="attack", target=f.uid))
        opts.append(Action(kind="end_phase"))
        self.wait("act", 0, "crawl.ask_act", opts)

    @decision("act")
    def d_act(self, ctx: dict, a: Action) -> None:
        s = self.s
        hero = self.figures("hero")[0]
        if a.kind == "end_phase":
            self.begin_phase("turn")
            return
        s.actions_left -= 1
        if a.kind == "move":
            water, enter, through = self._move_tests(hero)
            way = cheapest_path(self.g, hero.pos, a.to, cost=water, enter=enter, through=through, limit=SPEED)
            hurt = harm_along(way, {q: 1 for q, ch in self.terrain().items() if ch == "o"})  # D-TERRAIN-2/3
            hero.pos = a.to
            self.emit("move", "D-MOVE-1", "crawl.walks", {"to": {"t": "sq", "xy": list(a.to), "room": None}},
                      to=list(a.to), path=[list(q) for q in way])
            if hurt:
                wounds, dead = wound(hero.props["wounds"], hurt, HERO_HP)
                hero.props["wounds"] = wounds
                self.emit("damage", "D-TERRAIN-2", "crawl.pit", {"n": hurt}, n=hurt)
                if dead:
                    s.tokens.remove(hero)
                    return
            side = self.unexplored_exits().get(a.to)
            if side is not None:
                self.explore(a.to, side)
        elif a.kind == "attack":
            foe = next(t for t in self.figures("foe") if t.uid == a.target)
            faces = roll_pool(s.rng, [D6, D6])
            hits = sum(1 for f in faces if f >= 5)
            wounds, dead = wound(foe.props["wounds"], hits, FOE_HP)
            foe.props["wounds"] = wounds
            self.emit("attack", "D-LOS-4", "crawl.shoots", {"faces": {"t": "list", "v": faces}}, faces=faces, hits=hits)
            if dead:
                s.tokens.remove(foe)
        self.push({"t": "act"})

    def explore(self, at, side: str) -> None:
        """D-EXPLORE-1/3/4/9: the next card is placed at the exit, turned to face back; then its
        foes are placed on its encounter point."""
        s = self.s
        cid = ORDER[len(self.placements())]
        r = TURN_FOR[side]
        s.grown.append(PlacedCard(card=cid, at=tuple(at), rot=r))
        self.derive()
        for q in self.b.tiles[f"{cid}@{len(s.grown)}"].spawn_points:
            s.tokens.append(TokenState(uid=s.new_uid("f"), kind="foe", pos=q, props={"wounds": 0}))
        self.emit("explore", "D-EXPLORE-1", "crawl.placed", {"card": cid, "at": {"t": "sq", "xy": list(at), "room": None}},
                  card=cid, at=list(at), rotation=r)


def setup(scenario, party, seed) -> GameState:
    s = GameState(scenario_id=scenario.brief.id, seed=seed, rng=Rng.from_seed(seed))
    s.tokens.append(TokenState(uid=s.new_uid("h"), kind="hero", pos=(2, 4), props={"wounds": 0}))
    s.phase = "turn"
    s.queue = [{"t": "turn_start"}]
    return s


CRAWL = register_ruleset(RuleSet(name="crawl", run_class=CrawlRun, setup=setup,
                                 phases=(Phase("turn", start="turn_start", then="turn", rule="D-ROUND-1"),)))
