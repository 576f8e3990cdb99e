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
CEILING: dict[str, int] = {}  # none left: every UI and bot module reads the game through View

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


def _loop_names(tree: ast.AST) -> set[int]:
    """ids of the attribute nodes whose base is a loop or comprehension variable of their function
    (``for s in sustained: s.char`` reads no game state)."""
    skip: set[int] = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        bound = set()
        for node in ast.walk(fn):
            if isinstance(node, (ast.For, ast.comprehension)):
                bound |= {n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)}
        for node in ast.walk(fn):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound:
                skip.add(id(node))
    return skip


def reads(path: Path, attrs: frozenset[str]) -> list[tuple[int, str]]:
    """(line, text) of every raw state read in one module (see the module docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _loop_names(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "GameState":
            out.append((node.lineno, "GameState"))
        elif isinstance(node, ast.alias) and node.name == "GameState":
            out.append((getattr(node, "lineno", 0), "import GameState"))
        elif isinstance(node, ast.Attribute) and node.attr in attrs and _names_state(node.value) \
                and id(node) not in skip:
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


def test_no_ui_or_bot_module_imports_GameState_or_reads_its_fields():
    """Issue 23 item 3: no module of game/ui or game/ai names GameState or reads its fields (a
    ratchet that reached zero: the UI and the bots read a game only through View)."""
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
