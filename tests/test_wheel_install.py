"""The game installs like a desktop program (issue 30 item 6): a wheel built from this checkout
carries the game's data (assets, maps, scenarios, the Japanese catalogue) as package data, and the
``dreadboard`` command of a fresh virtual environment outside the checkout plays a headless bot
game and draws the board from any folder, writing nothing into the installed package.

The wheel is built from a copy of the tracked sources (so a stale ``build/`` of the checkout cannot
hide a missing file) with pip's isolated build (setuptools from PyPI, as ``pipx install .`` does).
The fresh environment gets the wheel alone; its dependencies are borrowed from the test's own
environment through a ``.pth`` line (no download), which keeps the test at a few seconds.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("game", "tools", "assets", "maps", "scenarios", "pyproject.toml", "setup.py", "MANIFEST.in",
           "README.md")


def _run(cmd: list[str], cwd: Path, env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert p.returncode == 0, f"{' '.join(map(str, cmd))} failed ({p.returncode}):\n{p.stdout}\n{p.stderr}"
    return p


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    """Build the wheel and install it into a fresh venv; returns paths and the environment."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", ".*")
    for name in SOURCES:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=skip)
        else:
            shutil.copy2(p, src / name)
    dist = tmp / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(src)], cwd=tmp, timeout=300)
    wheel = next(dist.glob("dreadboard-*.whl"))
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", str(wheel)], cwd=tmp)
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp).stdout.strip())
    # the dependencies (pygame-ce, pydantic, ...) from this test's environment, after the venv's own
    (site / "zz_borrowed_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    exe = env_dir / ("Scripts/dreadboard.exe" if os.name == "nt" else "bin/dreadboard")
    play = tmp / "elsewhere"
    play.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DREADBOARD"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp / "home"),
               XDG_DATA_HOME=str(tmp / "home" / "data"), XDG_CONFIG_HOME=str(tmp / "home" / "config"))
    return {"wheel": wheel, "site": site, "exe": exe, "cwd": play, "env": env, "py": py}


def _tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if "__pycache__" not in p.parts}


def test_wheel_carries_the_game_data(installed):
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    for need in ("game/_data/assets/data/characters.yaml", "game/_data/scenarios/intro.yaml",
                 "game/_data/maps/dreadboard.tiled-project", "game/i18n/locale/ja/LC_MESSAGES/dreadboard.po",
                 "game/_data/assets/campaigns/city.yaml"):
        assert need in names, f"the wheel lacks {need}"
    tracked = {str(p.relative_to(ROOT)) for d in ("assets", "maps", "scenarios") for p in (ROOT / d).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    missing = sorted(t for t in tracked if f"game/_data/{t}" not in names)
    assert not missing, f"data files not in the wheel: {missing[:10]}"


def test_installed_command_plays_a_headless_bot_game_from_another_folder(installed):
    pkg = installed["site"] / "game"
    before = _tree(pkg)
    p = _run([str(installed["exe"]), "--scenario", "intro", "--bot", "--headless", "--seed", "3"],
             cwd=installed["cwd"], env=installed["env"])
    assert p.stdout.lower().startswith("result: "), p.stdout
    # the game read its data from the wheel, not from this checkout
    where = _run([str(installed["py"]), "-c", "import game.paths as p; print(p.ROOT, p.installed())"],
                 cwd=installed["cwd"], env=installed["env"]).stdout.split()
    assert where == [str(pkg / "_data"), "True"]
    assert not where[0].startswith(str(ROOT) + os.sep)
    assert _tree(pkg) == before, "the game wrote into its installed package"
    assert list(installed["cwd"].iterdir()) == [], "the game wrote into the folder it was started from"


def test_installed_command_draws_the_board(installed):
    shot = installed["cwd"].parent / "shot.png"
    _run([str(installed["exe"]), "--scenario", "intro", "--seed", "1", "--screenshot", str(shot)],
         cwd=installed["cwd"], env=installed["env"])
    assert shot.stat().st_size > 10_000
