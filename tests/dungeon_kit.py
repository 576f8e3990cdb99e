"""Test kit of the dungeon crawl: build a position from 16.7-style card drawings, heroes and
enemy dice, at the active hero's decision, through the public rule set (no private shortcuts
after the position is laid out).

    s = position(cards=[("START", (0, 0), 0)], heroes=[hero("brannoc", (2, 4))],
                 enemies=[enemy("green", 3, (2, 1))])
    legal_actions(s); apply(s, make_typed("dmove", seat=0, to=(2, 2)))

``scenario(cards={...}, ...)`` is the Sunken Reliquary with extra or replaced cards (7-line
drawings, :func:`game.engine.dungeon.defs.map_card_from_rows`), sequence, encounters, effects
or round limit; ``position`` places the given cards, heroes and enemies and runs the machine to
the ``act`` decision of ``active`` (or the phase's start when ``phase`` names another).
"""
from __future__ import annotations

from typing import Any

from game.content.dungeon_pack import dungeon_pack
from game.engine.actions import make_typed
from game.engine.api import apply, legal_actions
from game.engine.dungeon.defs import DungeonScenarioDef, map_card_from_rows
from game.engine.dungeon.rules import DUNGEON, DungeonScenario, new_hero
from game.engine.dungeon.state import DungeonState, DungeonSub, EnemyFig, PlacedMap
from game.engine.rng import Rng

SR = "sunken_reliquary"
START_ROWS = ["      x", "  # . . . #", "  . . E . .", "  . ~ . . . x", "  . . S o .", "  # S S S #", ""]
#: an open 5x5 card with exits on every side but its ▲ (for geometry tests)
OPEN_ROWS = ["      x", "  . . . . .", "  . . . . .", "x . . E . . x", "  . . . . .", "  . . . . .", "      ^"]


def scenario(cards: dict[str, list[str]] | None = None, sequence: list[str] | None = None,
             encounters: dict[str, list[tuple[str, int | None]]] | None = None, effects: dict | None = None,
             round_limit: int | None = None) -> DungeonScenario:
    """The Sunken Reliquary, changed as asked (see the module docstring)."""
    pack = dungeon_pack()
    base = pack.scenarios[SR]
    data = base.model_dump()
    data["cards"].update({cid: map_card_from_rows(cid, rows, name=cid).model_dump() for cid, rows in (cards or {}).items()})
    if sequence is not None:
        data["sequence"] = list(sequence)
    if encounters is not None:
        data["encounters"] = {k: [{"colour": c, "face": f} for c, f in v] for k, v in encounters.items()}
    if effects is not None:
        data["effects"] = effects
    if round_limit is not None:
        data["round_limit"] = round_limit
    defn = DungeonScenarioDef.model_validate(data)
    return DungeonScenario(pack, defn)


def hero(character: str, pos: tuple[int, int] | None, equipment: str = "oathguard", ability: str = "fleetfoot",
         **kw: Any) -> dict:
    """A hero for :func:`position`: its cards (``"card:2"`` for a second face), square and any
    of ``life``, ``energy``, ``treasure``, ``items``, ``stunned``, ``turn_done``, ``dead``."""
    return {"cards": (character, equipment, ability), "pos": pos, **kw}


def enemy(colour: str, face: int, pos: tuple[int, int], **kw: Any) -> dict:
    """An enemy die for :func:`position`: colour, face 1..6 (its type and pips from 16.5), square,
    and any of ``life``, ``alerted``, ``stunned``, ``card``, ``group``."""
    return {"colour": colour, "face": face, "pos": pos, **kw}


def position(scn: DungeonScenario | None = None, cards: list[tuple[str, tuple[int, int], int]] | None = None,
             heroes: list[dict] | None = None, enemies: list[dict] | None = None, active: int = 0,
             seed: int = 0, sequence: list[str] | None = None, round: int = 1, phase: str = "player",
             actions_left: int | None = None) -> DungeonState:
    """A game at the ``act`` decision of hero ``active`` (phase ``player``), or at the start of
    ``phase`` (``"enemy"``, ``"refresh"``). ``cards``: placements (card id, slot, rotation), the
    first being the start card (default: START alone). ``sequence``: cards left to explore
    (default: the scenario's minus the placed ones)."""
    scn = scn or scenario()
    pack, defn = scn.pack, scn.defn
    cards = cards or [(defn.start, (0, 0), 0)]
    heroes = heroes if heroes is not None else [hero("brannoc", (2, 4), "warbrand", "battle_surge")]
    s = DungeonState(scenario_id=defn.id, seed=seed, rng=Rng.from_seed(seed))
    d = DungeonSub(scenario=defn.id, round=round)
    for seat, spec in enumerate(heroes):
        h = new_hero(pack, seat, spec["cards"])
        h.pos = spec["pos"]
        for k in ("life", "energy", "treasure", "items", "stunned", "turn_done", "dead"):
            if k in spec:
                setattr(h, k, spec[k])
        d.heroes.append(h)
    d.cards = [PlacedMap(card=c, slot=sl, rot=r) for c, sl, r in cards]
    placed = {c for c, _, _ in cards}
    d.sequence = list(sequence) if sequence is not None else [c for c in defn.sequence if c not in placed]
    for spec in enemies or []:
        df = pack.dice[spec["colour"]][spec["face"] - 1]
        e = EnemyFig(uid=s.new_uid("e"), colour=spec["colour"], face=spec["face"], type=df.type, pos=spec["pos"],
                     life=spec.get("life", df.pips), max_life=df.pips, spawn=d.next_spawn,
                     group=spec.get("group", 0), card=spec.get("card", 0), alerted=spec.get("alerted", False),
                     stunned=spec.get("stunned", False))
        d.next_spawn += 1
        d.enemies.append(e)
    s.dungeon = d
    s.attach(scn)
    if phase == "player":
        s.phase, s.active, s.flow = "player", active, {}
        s.queue = [{"t": "hero_turn"}]
    else:
        s.phase = phase
        s.queue = [{"t": DUNGEON.phase(phase).start}]
    run = DUNGEON.run_class(s)
    run.run()
    if actions_left is not None:
        s.actions_left = actions_left
        s.touch()
    return s


def run_of(s: DungeonState):
    """A run over ``s`` for reading derived answers (layout, sight, costs) in tests."""
    return DUNGEON.run_class(s)


def moves(s: DungeonState, seat: int | None = None) -> set[tuple[int, int]]:
    """The squares the deciding hero (or ``seat`` in the act decision) may Move to now."""
    opts = legal_actions(s) if seat is None or seat == s.pending.seat else legal_actions(s, seat)
    return {a.to for a in opts if a.kind == "dmove"}


def move(s: DungeonState, to: tuple[int, int], seat: int | None = None) -> list:
    """Apply the Move action of the active hero to ``to``."""
    seat = s.active if seat is None else seat
    return ok(apply(s, make_typed("dmove", seat=seat, to=to)))


def ok(events: list) -> list:
    """``events`` of an apply, failing the test if the action was refused."""
    if events and events[0].kind == "impossible":
        raise AssertionError(f"refused: {events[0].msg} {events[0].params}")
    return events


def end_turn(s: DungeonState) -> list:
    return ok(apply(s, make_typed("dend", seat=s.active)))


__all__ = ["OPEN_ROWS", "SR", "START_ROWS", "end_turn", "enemy", "hero", "move", "moves", "ok", "position", "run_of",
           "scenario"]
