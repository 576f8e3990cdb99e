"""The import map of ``game/``: which module imports which, the circles among them, the UI's
module sizes and its imports placed inside functions (issue 24, "must show").

Every ``import`` / ``from ... import`` statement of every module under ``game/`` counts, at module
level or inside a function alike (an import inside a function still runs, it only runs later, so
it can hide a circle but not remove one); only imports under ``if TYPE_CHECKING:`` are left out
(they never run). An arrow goes to the module named (``from .x import y`` goes to ``x.y`` when that
is a module, else to ``x``).

``python -m tools.imports`` prints the circles (strongly connected components of more than one
module), the UI modules over :data:`MAX_UI_LINES` lines and the count of imports inside functions
in ``game/ui/``; ``tests/test_import_map.py`` holds these to the ceilings of
``tools/import_ceilings.json``, which may only go down (a ratchet): no arrow that closes a new circle or
widens a known one, no new oversized UI module, no known one growing, no more imports inside
functions. ``python -m tools.imports --ceilings`` prints today's figures in that file's shape.
"""
from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
CEILINGS = Path(__file__).with_name("import_ceilings.json")
#: a UI module longer than this (lines) is over the size the issue allows (issue 24 item 1)
MAX_UI_LINES = 600


def module_name(path: Path) -> str:
    """``game/ui/play.py`` -> ``game.ui.play``; a package by its ``__init__``."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, Path]:
    """Module name -> file, for every ``.py`` under ``game/``."""
    return {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or \
        (isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(tree: ast.Module) -> list[tuple[ast.stmt, bool]]:
    """Every import statement that can run, with True when it sits inside a function."""
    out: list[tuple[ast.stmt, bool]] = []

    def walk(node: ast.AST, in_func: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking_only(child):
                for s in child.orelse:
                    walk_stmt(s, in_func)
                continue
            walk_stmt(child, in_func)

    def walk_stmt(child: ast.AST, in_func: bool) -> None:
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            out.append((child, in_func))
        walk(child, in_func or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(tree, False)
    return out


def _resolve(mod: str, is_pkg: bool, stmt: ast.stmt, known: dict[str, Path]) -> list[str]:
    """The game modules ``stmt`` (in module ``mod``) imports."""
    targets: list[str] = []
    if isinstance(stmt, ast.Import):
        for a in stmt.names:
            name = a.name
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                targets.append(name)
        return targets
    assert isinstance(stmt, ast.ImportFrom)
    if stmt.level:
        base = mod.split(".") if is_pkg else mod.split(".")[:-1]
        base = base[:len(base) - (stmt.level - 1)]
        pkg = ".".join(base + ([stmt.module] if stmt.module else []))
    else:
        pkg = stmt.module or ""
    for a in stmt.names:
        sub = f"{pkg}.{a.name}"
        if sub in known:
            targets.append(sub)
        elif pkg in known:
            targets.append(pkg)
    return targets


def graph() -> tuple[dict[str, set[str]], dict[str, int]]:
    """(module -> the game modules it imports, module -> imports inside functions)."""
    known = all_modules()
    edges: dict[str, set[str]] = {m: set() for m in known}
    inner: dict[str, int] = {m: 0 for m in known}
    for mod, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for stmt, in_func in _imports(tree):
            targets = [t for t in _resolve(mod, path.name == "__init__.py", stmt, known) if t != mod]
            edges[mod].update(targets)
            if in_func and targets:
                inner[mod] += 1
    return edges, inner


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return sorted(out)


def circle_arrows(edges: dict[str, set[str]]) -> list[str]:
    """Every arrow ``a -> b`` whose two ends lie in one circle, sorted."""
    out = []
    for comp in circles(edges):
        members = set(comp)
        out += [f"{a} -> {b}" for a in comp for b in sorted(edges[a]) if b in members]
    return sorted(out)


def ui_sizes() -> dict[str, int]:
    """Lines of every module under ``game/ui/``."""
    return {module_name(p): len(p.read_text(encoding="utf-8").splitlines())
            for p in sorted((GAME / "ui").rglob("*.py"))}


def figures() -> dict:
    """Today's figures in the shape of ``tools/import_ceilings.json``."""
    edges, inner = graph()
    return {
        "circle_arrows": circle_arrows(edges),
        "oversized_ui_modules": {m: n for m, n in ui_sizes().items() if n > MAX_UI_LINES},
        "ui_imports_inside_functions": sum(n for m, n in inner.items() if m.startswith("game.ui")),
    }


def problems(ceilings: dict | None = None) -> list[str]:
    """What breaks the ratchet of ``ceilings`` (default: the file); [] when nothing does."""
    c = ceilings if ceilings is not None else json.loads(CEILINGS.read_text(encoding="utf-8"))
    edges, inner = graph()
    out: list[str] = []
    allowed = set(c["circle_arrows"])
    new = [a for a in circle_arrows(edges) if a not in allowed]
    if new:
        out.append(f"import circle: the arrow(s) {'; '.join(new)} close a circle (the circles now: "
                   + " | ".join(" ".join(comp) for comp in circles(edges))
                   + "); make the arrows point down (docs/architecture.md, 'The map in words')")
    for m, n in ui_sizes().items():
        most = c["oversized_ui_modules"].get(m, MAX_UI_LINES)
        if n > most:
            out.append(f"{m} has {n} lines, more than {most}"
                       + (" (its ceiling; it may only shrink)" if most > MAX_UI_LINES else
                          f" (a UI module holds at most {MAX_UI_LINES}); split it by concern"))
    n_inner = sum(n for m, n in inner.items() if m.startswith("game.ui"))
    if n_inner > c["ui_imports_inside_functions"]:
        worst = sorted(((n, m) for m, n in inner.items() if m.startswith("game.ui") and n), reverse=True)[:5]
        out.append(f"{n_inner} imports inside functions in game/ui, more than the ceiling "
                   f"{c['ui_imports_inside_functions']}; import at the top of the module (most: "
                   + ", ".join(f"{m} {n}" for n, m in worst) + ")")
    return out


def main(argv: list[str]) -> int:
    if "--ceilings" in argv:
        print(json.dumps(figures(), indent=2, sort_keys=True))
        return 0
    edges, inner = graph()
    for comp in circles(edges):
        print(f"circle of {len(comp)}: {' '.join(comp)}")
    for m, n in ui_sizes().items():
        if n > MAX_UI_LINES:
            print(f"over {MAX_UI_LINES} lines: {m} {n}")
    print("imports inside functions in game/ui:", sum(n for m, n in inner.items() if m.startswith("game.ui")))
    bad = problems()
    for p in bad:
        print("RATCHET:", p)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
