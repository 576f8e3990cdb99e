"""Where the game's own data lives: ``assets/``, ``maps/`` and ``scenarios/`` under :data:`ROOT`.

* From a source checkout (``make play``, ``pip install -e .``) ROOT is the checkout: the three
  folders beside ``game/``.
* From a wheel (``pipx install .``) the build copies the three folders into the package as
  ``game/_data/`` (``setup.py``'s ``build_py``), and ROOT is that folder.

The game only reads here. What a player makes (saves, settings, campaign slots, the map
library) lives in platformdirs' user data folder (:func:`game.content.saves.user_data_dir`).
This module imports nothing heavy: everything that finds a data file starts from it.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
DATA_FOLDERS = ("assets", "maps", "scenarios")  # the folders a wheel carries (setup.py reads this)
_PACKED = PACKAGE_DIR / "_data"

# the packed copy when this is an installed wheel, else the checkout beside the package
ROOT: Path = _PACKED if (_PACKED / "assets" / "data").is_dir() else PACKAGE_DIR.parent
ASSETS: Path = ROOT / "assets"


def installed() -> bool:
    """True when running from a wheel (data packed inside the package), False from a checkout."""
    return ROOT == _PACKED
