"""Errors for bad input files: each names the file, the place and what to do."""
from __future__ import annotations


class ContentError(Exception):
    """A data file is wrong. ``file``: path; ``where``: "line 7", "object 12 at square (3, 4)",
    "card 'x'"; ``problem``: what is wrong; ``hint``: how to fix it."""

    def __init__(self, file: str, where: str, problem: str, hint: str = ""):
        self.file = str(file)
        self.where = where
        self.problem = problem
        self.hint = hint
        super().__init__(str(self))

    def __str__(self) -> str:
        s = f"{self.file}"
        if self.where:
            s += f": {self.where}"
        s += f": {self.problem}"
        if self.hint:
            s += f" Hint: {self.hint}"
        return s


class MapError(ContentError):
    """A Tiled map is wrong or not supported. ``layer``: the name of the layer holding the
    object named in ``where`` ("" when unknown or not about an object)."""

    layer: str = ""
