"""The modes the play screen knows (issue 24 item 2): each mode's kit (:class:`game.ui.kit.ModeKit`),
and :func:`kit_for`, which finds a game's.

The built-in kits are listed here (:data:`KITS`: the manor's; the city's is the default). A mode
added later registers its kit from its own package with :func:`register_kit` (one line beside its
kit, as a rule set registers itself with ``register_ruleset``), so no shared UI file changes for it
(docs/architecture.md, "How a new mode adds its kit"). Imports the kits' modules only.
"""
from __future__ import annotations

from typing import Any

from .kit import ModeKit
from .manor_play import ManorKit

#: the kits of the built-in modes with parts of their own, asked in this order; the city's is the default
KITS: tuple[ModeKit, ...] = (ManorKit(),)
CITY = ModeKit()
#: kits registered by modes outside this list (asked first, the latest first)
_REGISTERED: list[ModeKit] = []


def register_kit(kit: ModeKit) -> ModeKit:
    """Make ``kit`` known to the play screen (asked before the built-in kits). Returns it."""
    if kit not in _REGISTERED:
        _REGISTERED.insert(0, kit)
    return kit


def forget_kit(kit: ModeKit) -> None:
    """Undo :func:`register_kit` (a test that registered a kit for its own games)."""
    if kit in _REGISTERED:
        _REGISTERED.remove(kit)


def kit_for(state: Any) -> ModeKit:
    """The kit of the mode playing ``state`` (the city's when no other claims it)."""
    return next((k for k in (*_REGISTERED, *KITS) if k.claims(state)), CITY)
