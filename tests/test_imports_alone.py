"""Every module of the engine and the content layer imports on its own, as the first module of
the game a program loads (no import cycle that only works in one order). Issue 14: once,
``import game.engine.mansion.campaign_api`` failed alone while ``game.engine.campaign`` loaded it
fine.

One child interpreter imports each module in turn with every ``game`` module forgotten before
each (so each import starts as in a fresh interpreter, third-party packages aside), and reports
the ones that fail."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = r"""
import importlib, sys, traceback
bad = []
for name in sys.argv[1:]:
    for m in [m for m in sys.modules if m == "game" or m.startswith("game.")]:
        del sys.modules[m]
    try:
        importlib.import_module(name)
    except Exception as ex:
        bad.append(f"{name}: {ex.__class__.__name__}: {ex}")
print("\n".join(bad))
sys.exit(1 if bad else 0)
"""


def modules() -> list[str]:
    """The modules of game.engine and game.content (packages by their __init__)."""
    out = []
    for folder in ("engine", "content"):
        for p in sorted((ROOT / "game" / folder).rglob("*.py")):
            parts = p.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__main__":
                continue
            out.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def test_each_engine_and_content_module_imports_alone_in_a_fresh_interpreter():
    names = modules()
    assert "game.engine.mansion.campaign_api" in names and "game.engine.campaign.api" in names
    r = subprocess.run([sys.executable, "-c", _CHILD, *names], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, f"modules that fail to import alone:\n{r.stdout}{r.stderr[-2000:]}"


def test_the_check_sees_an_import_cycle(tmp_path):
    """The child really fails on a module that only imports in one order (two modules importing
    a name from each other at their tops)."""
    pkg = tmp_path / "game" / "cyc"
    pkg.mkdir(parents=True)
    (tmp_path / "game" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import B\nA = 1\n")
    (pkg / "b.py").write_text("from .a import A\nB = 2\n")
    r = subprocess.run([sys.executable, "-c", _CHILD, "game.cyc.a"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1 and "game.cyc.a: ImportError" in r.stdout
