"""The engine stays pure (DESIGN.md): no pygame, no wall clock, no global random, no file I/O."""
import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "game" / "engine"
FORBIDDEN_MODULES = {"pygame", "random", "time", "datetime", "os", "io", "pathlib", "pytmx"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_engine_sources_import_no_pygame_clock_random_or_io():
    bad = {}
    for p in ENGINE.rglob("*.py"):
        hit = imported_modules(p) & FORBIDDEN_MODULES
        if hit:
            bad[p.name] = hit
    assert bad == {}


def test_importing_the_engine_does_not_load_pygame():
    code = ("import sys; import game.engine, game.engine.core, game.content.loader, game.ai.bot; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ENGINE.parents[1], check=True)
    assert out.stdout.strip() == "False"


def test_ui_and_bots_use_only_the_engines_public_contract():
    """The UI and the bots import ``game.engine`` (its public names), ``game.engine.query`` (View)
    and the campaign's public API, never rule modules or internals (``core``, ``machine``,
    ``state``, ``board`` ...)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "game"
    allowed = {"game.engine", "game.engine.query", "game.engine.campaign", "game.engine.events",
               "game.engine.dungeon", "game.engine.versus"}  # (a mode package's public names)
    bad = []
    for folder in ("ui", "ai"):
        for path in sorted((root / folder).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.module and "engine" in node.module:
                    mod = node.module if node.level == 0 else "game." + node.module.lstrip(".")
                    if mod not in allowed:
                        bad.append(f"{path.name}:{node.lineno} imports {mod}")
    assert bad == []
