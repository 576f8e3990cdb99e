"""A ratchet on the UI's and bots' reads of the raw game state (issue 23 item 3: the UI and the
bot read only ``View(state, seat)``; nothing in ``game/ui/`` or ``game/ai/`` imports
``GameState`` or reads its fields).

The count is static (the syntax tree of each module): a mention of the name ``GameState``
(import or annotation), plus an attribute read of a ``GameState`` field, property or method
(``characters``, ``pending``, ``active_char``, ``char`` ...) on an expression that names a game
state (``state``, ``s``, ``st``, ``gs``, ``game``, ``before``/``after`` of an undo step, anything
ending in ``state``). It may only go down: a module that reads more than its number in
:data:`CEILING` fails; when a module reads less, lower its number (``python -m
tests.test_seats_ratchet`` lists every read and the counts).
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIRS = ("game/ui", "game/ai")

#: reads per module today (lower them as modules move to ``View``; never raise them)
CEILING: dict[str, int] = {
    "game/ui/app.py": 2,
    "game/ui/boss.py": 23,
    "game/ui/campaign.py": 10,
    "game/ui/choices.py": 59,
    "game/ui/dashboard.py": 34,
    "game/ui/diagrams.py": 25,
    "game/ui/dialogs.py": 24,
    "game/ui/entry.py": 8,
    "game/ui/hints.py": 11,
    "game/ui/logtext.py": 15,
    "game/ui/manor.py": 1,
    "game/ui/manor_play.py": 30,
    "game/ui/menus.py": 1,
    "game/ui/narrative.py": 22,
    "game/ui/play.py": 112,
    "game/ui/previews.py": 10,
    "game/ui/render.py": 205,
    "game/ui/results.py": 27,
    "game/ui/rulebook.py": 1,
    "game/ui/seats.py": 3,
    "game/ui/tutorial.py": 13,
    "game/ui/undo.py": 10,
    "game/ui/whynot.py": 31,
}

#: names of expressions taken as a game state (last dotted part)
STATE_NAMES = frozenset({"state", "s", "st", "gs", "game", "before", "after", "snap", "back", "new", "old"})


def _state_attrs() -> frozenset[str]:
    from game.engine.mansion.state import MansionState
    from game.engine.state import GameState
    names = set(GameState.model_fields) | set(MansionState.model_fields)
    for klass in (GameState, MansionState):
        names |= {n for n in vars(klass) if not n.startswith("__")}
    names |= {"_cache", "_scn", "_origin"}
    names -= {"model_fields", "model_config"}
    return frozenset(names)


def _names_state(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        last = node.id
    elif isinstance(node, ast.Attribute):
        last = node.attr
    else:
        return False
    return last in STATE_NAMES or last.endswith("state") and last not in ("campaign_state", "cstate")


def reads(path: Path, attrs: frozenset[str]) -> list[tuple[int, str]]:
    """(line, text) of every raw state read in one module (see the module docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "GameState":
            out.append((node.lineno, "GameState"))
        elif isinstance(node, ast.alias) and node.name == "GameState":
            out.append((getattr(node, "lineno", 0), "import GameState"))
        elif isinstance(node, ast.Attribute) and node.attr in attrs and _names_state(node.value):
            out.append((node.lineno, ast.unparse(node)))
    return sorted(out)


def counts() -> dict[str, int]:
    attrs = _state_attrs()
    out = {}
    for d in DIRS:
        for p in sorted((ROOT / d).glob("*.py")):
            n = len(reads(p, attrs))
            if n:
                out[p.relative_to(ROOT).as_posix()] = n
    return out


def test_ui_and_bot_reads_of_the_raw_game_state_only_go_down():
    """Issue 23 item 3: reads of GameState by the UI and bots may only go down (a ratchet)."""
    now = counts()
    more = {k: (v, CEILING.get(k, 0)) for k, v in now.items() if v > CEILING.get(k, 0)}
    assert not more, ("modules read the raw game state more than allowed (now, ceiling); read it through "
                      f"View(state, seat) instead: {more}")
    # (a module that reads less passes: lower its CEILING entry when you see it, so it stays low;
    # python -m tests.test_seats_ratchet prints every read and the counts)


if __name__ == "__main__":  # python -m tests.test_seats_ratchet [module]: list the reads
    import sys
    attrs = _state_attrs()
    for d in DIRS:
        for p in sorted((ROOT / d).glob("*.py")):
            rel = p.relative_to(ROOT).as_posix()
            if len(sys.argv) > 1 and sys.argv[1] not in rel:
                continue
            for line, text in reads(p, attrs):
                print(f"{rel}:{line}: {text}")
    print(counts())
