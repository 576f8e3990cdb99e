"""The modes the play screen knows, listed explicitly (issue 24 item 2): each mode's kit
(:class:`game.ui.kit.ModeKit`), and :func:`kit_for` that finds a game's. The one shared UI module
that names the modes: a new mode adds its kit to :data:`KITS`. Imports the kits' modules only.
"""
from __future__ import annotations

from typing import Any

from .kit import ModeKit
from .manor_play import ManorKit

#: the kits of the modes with parts of their own, asked in this order; the city's is the default
KITS: tuple[ModeKit, ...] = (ManorKit(),)
CITY = ModeKit()


def kit_for(state: Any) -> ModeKit:
    """The kit of the mode playing ``state`` (the city's when no other claims it)."""
    return next((k for k in KITS if k.claims(state)), CITY)
