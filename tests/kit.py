"""A one-line test harness (STYLE: pydominion's TestGame): boards from ASCII, scripted games.

``board("AAB", "AAB")`` makes tile A from the 'A' cells and tile B from the 'B' cells; '.' is
no square. Square (x, y) = column x, row y.
"""
from __future__ import annotations

from functools import lru_cache

from game.content.loader import load_content
from game.engine import Action, GameState, apply, legal_actions, new_game
from game.engine.board import Board, Colour, EdgeFeature, EdgeState, Placement, Tile, edge_key
from game.engine.defs import ScenarioDef
from game.engine.scenario import Scenario


@lru_cache(maxsize=1)
def content():
    return load_content()


def board(*rows: str, doors=(), open_doors=(), arches=(), barricades=(), walls=(), start=None, place=(),
          spawns=None, colours=None, unexplored=(), stairs=(), locks=None, region=None) -> Board:
    tiles: dict[str, set] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch != ".":
                tiles.setdefault(ch, set()).add((x, y))
    spawns = spawns or {}
    colours = colours or {}
    region = region or {}
    tmap = {k: Tile(id=k, name=f"Tile {k}", colour=Colour(colours.get(k, "green")), squares=frozenset(v),
                    unexplored=k in unexplored, spawn_points=tuple(spawns.get(k, ())), region=region.get(k, 0))
            for k, v in tiles.items()}
    feats = {}
    locks = locks or {}
    for a, b in doors:
        feats[edge_key(a, b)] = EdgeFeature(EdgeState.DOOR_CLOSED, lock=locks.get((a, b)))
    for a, b in open_doors:
        feats[edge_key(a, b)] = EdgeFeature(EdgeState.DOOR_OPEN)
    for a, b in arches:
        feats[edge_key(a, b)] = EdgeFeature(EdgeState.ARCHWAY)
    for a, b in barricades:
        feats[edge_key(a, b)] = EdgeFeature(EdgeState.BARRICADE)
    pl = tuple(Placement(kind=k, square=sq, props=tuple(sorted((props or {}).items())))
               for k, sq, *rest in place for props in [rest[0] if rest else None])
    w = max(len(r) for r in rows)
    return Board(name="test", width=w, height=len(rows), tiles=tmap,
                 walls=frozenset(edge_key(a, b) for a, b in walls), features=feats,
                 stairs=tuple(stairs), start=start or {1: (0, 0)}, placements=pl)


def scenario(b: Board, intro=True, **brief) -> Scenario:
    fields = dict(id="test", name="Test", map="none", intro=intro, objective="all_exit",
                  item_a=["green_herb", "green_herb", "handgun_ammo", "handgun_ammo"],
                  tension=["quiet_moment"] * 15, tension_reshuffle=True, ignore_symbols=intro,
                  use_danger=not intro)
    fields.update(brief)
    return Scenario(brief=ScenarioDef(**fields), board=b, content=content())


def game(b: Board, party=(("vera", 1),), seed=1, **brief) -> GameState:
    return new_game(scenario(b, **brief), list(party), seed)


def act(s: GameState, kind: str, **kw) -> list:
    """Apply an action that must be legal; fail the test with the legal list otherwise."""
    a = Action(kind=kind, **kw)
    s.touch()
    legal = legal_actions(s)
    assert a in legal, f"{a} not legal; legal: {[x.short() for x in legal]}"
    return apply(s, a)


def kinds(s: GameState) -> set[str]:
    s.touch()
    return {a.kind for a in legal_actions(s)}


def legal(s: GameState) -> list:
    """``legal_actions`` after a hand-made change to ``s`` (the cache is dropped first)."""
    s.touch()
    return legal_actions(s)


def rigged(s: GameState, values: list[int]) -> None:
    """Make the next RNG draws return die faces ``values`` (1..6) in order, for dice tests.

    Replaces the state's generator with a scripted one; after the script it falls back to
    face 1 (blank / encounter 1).
    """
    from game.engine.rng import Rng

    class Scripted(Rng):
        script: list[int] = []

        def below(self, n: int) -> int:  # type: ignore[override]
            if self.script:
                return (self.script.pop(0) - 1) % n
            return 0

        def shuffle(self, items: list) -> None:  # keep order in rigged tests
            return None

    sc = Scripted(s=s.rng.s, script=list(values))
    object.__setattr__(s, "rng", sc)


def with_enemy(s: GameState, typ: str, pos, wounds=0):
    from game.engine.state import EnemyState
    e = EnemyState(uid=s.new_uid("e"), type=typ, pos=pos, wounds=wounds)
    s.enemies.append(e)
    return e


def settle(s: GameState) -> list:
    """Resolve every pending decision other than the action phase with its first option
    (``auto`` where offered); return all events."""
    evs = []
    while not s.over and s.pending is not None and s.pending.kind != "act":
        legal = legal_actions(s)
        a = next((x for x in legal if x.kind == "auto"), legal[0])
        evs += apply(s, a)
    return evs


def tok(s: GameState, kind: str, pos, **props):
    """Put a token (fire, corpse, barrel, item_box, narrative ...) on a square."""
    from game.engine.state import TokenState
    t = TokenState(uid=s.new_uid("t"), kind=kind, pos=pos, props=props)
    s.tokens.append(t)
    return t


def card(s: GameState, uid: str, defn: str, deck: str = "A", ammo=None) -> str:
    """Create a card object (not yet anywhere) and return its uid."""
    from game.engine.state import CardState
    s.cards[uid] = CardState(uid=uid, defn=defn, deck=deck, ammo=ammo)
    return uid


def rules(s: GameState):
    """The rule set's resolution pass over ``s`` (the core rules' helpers: ``tile_id``,
    ``enemy_hp``, ``los``, ``units_at`` ...), for tests that ask the rules a question no
    public view answers. It reads the state as it is now (``s.touch()`` is called first)."""
    from game.engine.machine import ruleset_of
    s.touch()
    return ruleset_of(s).run_class(s)


def run_task(s: GameState, name: str, **args) -> list:
    """Queue the rule task ``name`` (with its arguments) on top of the stack and run the
    machine to the next decision; return the events. For tests that start in mid-phase."""
    s.touch()
    if s.pending is not None and s.pending.kind == "act" and not s.queue:
        s.queue.append({"t": "act"})  # the action phase goes on after it, as in play (no stuck game, R-TURN-12)
    s.pending = None
    s.queue.append({"t": name, **args})
    r = rules(s)
    r.run()
    return r.ev


def run_tasks(s: GameState, *tasks: dict) -> list:
    """Replace the task stack with ``tasks`` (run in the given order) and run the machine."""
    s.touch()
    s.pending = None
    s.queue = list(reversed([dict(t) for t in tasks]))
    r = rules(s)
    r.run()
    return r.ev


def begin_phase(s: GameState, phase: str) -> list:
    """Start phase ``phase`` of the active player's turn (the phase table's opening task)."""
    s.touch()
    s.pending = None
    s.queue = []
    r = rules(s)
    r.begin_phase(phase)
    r.run()
    return r.ev


def sustained(infos: dict) -> dict:
    """Sustained effects by card uid from plain dicts (``name``, ``tile``, ``seat``, ``turn``,
    ``ends``, ``char``), for ``s.core.sustain = sustained({...})``."""
    from game.engine.state import Sustained
    return {k: Sustained(**v) for k, v in infos.items()}


def kill_mid_save(argv: list[str], stall: bool, delay: float, cwd) -> None:
    """Run a saving child process (``python -c`` script ``argv``) that prints 'saved' after its first
    complete save, then SIGKILL it: inside a write for sure when ``stall`` (the child prints
    'writing' and stalls in fsync), otherwise ``delay`` seconds later. Used by the save tests
    (issue 13.1) of single games and of campaigns."""
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-c", *argv], cwd=cwd, stdout=subprocess.PIPE)
    try:
        assert proc.stdout.readline().strip() == b"saved"
        if stall:
            assert proc.stdout.readline().strip() == b"writing"
        else:
            time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        proc.stdout.close()


def boss(s: GameState):
    """The boss model of a boss fight (``EnemyState``), or None once it is gone."""
    return s.enemy(s.core.boss)


def top_behaviour(s: GameState, card_id: str) -> str:
    """Put a copy of behaviour card ``card_id`` on top of the behaviour deck; return its uid."""
    uid = next(u for u in s.piles["behaviour"] if s.cards[u].defn == card_id)
    s.piles["behaviour"].remove(uid)
    s.piles["behaviour"].insert(0, uid)
    return uid
