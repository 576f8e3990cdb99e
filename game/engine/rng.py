"""Seeded random numbers that live inside the game state (R-DOC-4).

The generator is SplitMix64: its whole state is one 64-bit integer, so a save is a
plain JSON number and the same seed plus the same actions give the same game, bit for bit.
No global ``random`` is used anywhere in the engine.
"""
from __future__ import annotations

from pydantic import BaseModel

_MASK = (1 << 64) - 1


class Rng(BaseModel):
    """SplitMix64 generator. ``s`` is the full state (an unsigned 64-bit int)."""

    s: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """A generator for ``seed`` (any int; reduced modulo 2**64)."""
        return cls(s=(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)

    def next_u64(self) -> int:
        """The next 64-bit output; advances the state."""
        d = self.__dict__  # what ``self.s = ...`` does (no assignment validation), without its dispatch
        z = d["s"] = (d["s"] + 0x9E3779B97F4A7C15) & _MASK
        self.__pydantic_fields_set__.add("s")
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` (rejection sampling, no modulo bias). Raises ValueError if n < 1."""
        if n < 1:
            raise ValueError("below() needs n >= 1")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            v = self.next_u64()
            if v < limit:
                return v % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place: a uniform permutation (R-DOC-4)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def d6(self) -> int:
        """A fair six-sided die: 1..6."""
        return self.below(6) + 1
