"""Tiny boards and games for the rules reference's pictures (game.ui.diagrams): boards built from rows of
tile letters, as the test kit builds them, set up with the real rules (``new_game``) on a minimal
Introduction-style brief (issue 12). Content, not UI: this is where engine definitions are made."""
from __future__ import annotations

from ..engine import GameState, new_game
from ..engine.board import Board, Colour, EdgeFeature, EdgeState, Tile, edge_key

Sq = tuple[int, int]


def rulebook_board(rows: tuple[str, ...], names: dict[str, str], colours: dict[str, str] | None = None,
                   walls=(), doors=(), open_doors=(), barricades=(), start: Sq = (0, 0),
                   unexplored: tuple[str, ...] = ()) -> Board:
    """A board from rows of tile letters ('.' = no square), as the test kit builds them; the tiles named
    in ``unexplored`` start unexplored with every square a spawn point."""
    squares: dict[str, set[Sq]] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch != ".":
                squares.setdefault(ch, set()).add((x, y))
    colours = colours or {}
    tiles = {k: Tile(id=k, name=names.get(k, k), colour=Colour(colours.get(k, "green")), squares=frozenset(v),
                     unexplored=k in unexplored, spawn_points=tuple(sorted(v)) if k in unexplored else ())
             for k, v in squares.items()}
    feats = {}
    for a, b in doors:
        feats[edge_key(a, b)] = EdgeFeature(EdgeState.DOOR_CLOSED)
    for a, b in open_doors:
        feats[edge_key(a, b)] = EdgeFeature(EdgeState.DOOR_OPEN)
    for a, b in barricades:
        feats[edge_key(a, b)] = EdgeFeature(EdgeState.BARRICADE)
    return Board(name="rulebook", width=max(len(r) for r in rows), height=len(rows), tiles=tiles,
                 walls=frozenset(edge_key(a, b) for a, b in walls), features=feats, stairs=(), start={1: start},
                 placements=())


def rulebook_game(board: Board, enemies: tuple[tuple[str, Sq], ...] = ()) -> GameState:
    """Vera alone on ``board`` (start square 1) with ``enemies`` ((type, square) pairs) placed, the
    game run to its first decision by the engine. Raises ContentError if the content cannot load."""
    from ..engine.defs import ScenarioDef
    from ..engine.scenario import Scenario
    from ..engine.state import EnemyState
    from .loader import load_content

    brief = ScenarioDef(id="rulebook", name="Rules reference", map="none", intro=True, objective="all_exit",
                        item_a=["green_herb"] * 4, tension=["quiet_moment"] * 15, tension_reshuffle=True,
                        ignore_symbols=True, use_danger=False)
    s = new_game(Scenario(brief=brief, board=board, content=load_content()), [("vera", 1)], 1)
    for i, (typ, pos) in enumerate(enemies):
        s.enemies.append(EnemyState(uid=f"d{i}", type=typ, pos=pos))
    return s.touch()


def rulebook_manor_game(board: Board, tokens: tuple[tuple[str, Sq], ...] = (), char: str = "dana") -> GameState:
    """``char`` alone on ``board`` with the mansion rules and content (kerosene, encounter cards, M-KERO,
    M-ENC), ``tokens`` ((kind, square) pairs, e.g. corpses) placed, run to its first decision."""
    from ..engine.defs import ScenarioDef
    from ..engine.scenario import Scenario
    from ..engine.state import TokenState
    from .mansion_pack import load_mansion_content

    brief = ScenarioDef(id="rulebook_manor", name="Rules reference", map="none", intro=False, objective="all_exit",
                        item_a=["green_herb"] * 4, tension=["quiet_moment"] * 15, tension_reshuffle=True,
                        ignore_symbols=True, use_danger=False)
    s = new_game(Scenario(brief=brief, board=board, content=load_mansion_content(), rules="mansion"), [(char, 1)], 1)
    for i, (kind, pos) in enumerate(tokens):
        s.tokens.append(TokenState(uid=f"dt{i}", kind=kind, pos=pos, props={}))
    return s.touch()
