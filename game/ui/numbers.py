"""Which-one numbers of enemy models: two Zombies on the board are 'Zombie 1' and 'Zombie 2' in the
log, the prompts, the menus and on their tokens (issue 25 retest: "Zombie is killed. The Zombie
moves…" did not say which one).

A model's number is given when the play screen first sees it, per enemy type, in the order of the
engine's model ids (the set-up's models first, each spawn after): it never changes while the model
is on the board, and a dead model's number is not given again. Numbers are shown only for a type
with two or more models seen; a lone Stalker stays 'the Stalker'. A presentation matter: the engine
knows nothing of them (its references carry the model's id; :func:`game.i18n.messages.numbering`
puts the number after the name).
"""
from __future__ import annotations

import re
from typing import Iterable

from ..i18n.messages import numbering


def _order(uid: str) -> tuple[int, str]:
    m = re.search(r"(\d+)$", uid)
    return (int(m.group(1)) if m else 0, uid)


class EnemyNumbers:
    """uid -> (type, number) of every enemy model seen; :attr:`shown` the numbers to show."""

    def __init__(self) -> None:
        self._of: dict[str, tuple[str, int]] = {}
        self._count: dict[str, int] = {}
        self.shown: dict[str, int] = {}  # uid -> number, for types with two or more models seen

    def observe(self, enemies: Iterable) -> bool:
        """Number the models of ``enemies`` (objects with ``uid`` and ``type``) not seen before.
        Returns True when a number was given."""
        new = sorted((e for e in enemies if e.uid not in self._of), key=lambda e: _order(e.uid))
        for e in new:
            n = self._count.get(e.type, 0) + 1
            self._count[e.type] = n
            self._of[e.uid] = (e.type, n)
        if new:  # (the same dict, changed in place: a frame already drawing with it sees the new numbers)
            self.shown.clear()
            self.shown.update({uid: n for uid, (typ, n) in self._of.items() if self._count[typ] >= 2})
        return bool(new)

    def number(self, uid: str | None) -> int | None:
        """The number shown for model ``uid`` (None: alone of its type so far, or unknown)."""
        return self.shown.get(uid) if uid else None


def numbers_of(stack: Iterable) -> dict[str, int]:
    """The numbers shown by the top play screen among ``stack``'s scenes (one with ``ui.numbers``), else none."""
    return next((sc.ui.numbers.shown for sc in reversed(list(stack)) if hasattr(getattr(sc, "ui", None), "numbers")), {})


def numbering_of(stack: Iterable):
    """A context in which enemy references carry the numbers :func:`numbers_of` ``stack`` gives."""
    return numbering(numbers_of(stack))
