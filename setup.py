"""Build hook: a wheel carries the game's data (``assets/``, ``maps/``, ``scenarios/``) as package
data under ``game/_data/`` (see game/paths.py); everything else is in pyproject.toml.

An editable install (``pip install -e .``, what ``make play`` uses) copies nothing: the game then
reads the checkout's folders directly.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA_FOLDERS = ("assets", "maps", "scenarios")  # = game.paths.DATA_FOLDERS
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


class BuildPyWithData(build_py):
    """``build_py`` that also copies the data folders into ``<build>/game/_data/``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "game" / "_data"
        shutil.rmtree(target, ignore_errors=True)  # a file deleted from the checkout leaves no stale copy
        for name in DATA_FOLDERS:
            src = HERE / name
            if not src.is_dir():
                raise SystemExit(f"setup.py: data folder {src} is missing (a wheel must carry it)")
            shutil.copytree(src, target / name, ignore=SKIP, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildPyWithData})
