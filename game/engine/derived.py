"""Derived data kept for speed, behind one door (issue 23 item 6).

The engine keeps answers between steps so that ``legal_actions`` + ``apply`` stay fast (issue 8).
Every such shortcut is valid only while what it was computed from holds; this module is where a
rule set (or a reader) finds all of them and the one switch that turns them off:

===================  =================================================================  ==========================
kept                 valid while                                                        where
===================  =================================================================  ==========================
token index          :data:`TOKENS` and the state's token list (identity)                ``Common.token_index``
occupancy index      :data:`BOARD` and the three lists (identity); moves carry it over    ``Common.occupancy``
enemy index          :data:`ENEMIES`, :data:`TOKENS` and the lists                        ``Common._enemy_index``
geometry, distances  the board and the edge states (by value: a key, never stale)         ``Common._build_geometry``
line of sight        squares, fire, dark tiles and edge states (by value)                 ``Common.los``
quiet end check      what the end check reads (:meth:`End.check_end`'s key)               ``End.check_end``
pure tasks           a ``@task(pure=True)`` changes nothing an end check reads            ``Machine.run``
the kept run         the state's cache (``touch()``, a load or a restore forget it)       ``api.apply``
pass notes           one resolution pass (:attr:`Machine.notes`, emptied every pass)      ``Machine.new_pass``
legal set            the step number                                                      ``api.legal_actions``
name references      the run (its content: names never change in play); a copy handed out  ``Common.r_who``
shared actions       forever: one frozen ``Action`` per value (immutable)                 ``actions._INTERNED``
plain copies         forever: one plain copy per definition model (kept with the model)   ``defs._PLAIN_OF``
board memos          forever: by value on the immutable board (neighbours, within, grown)  ``Board.__dict__``
grown scenarios      forever: by scenario and placed cards (``GameState.grown``)          ``derived.GROWN``
===================  =================================================================  ==========================

The last four are shared by every game of the process and never stale (immutable values, or keyed
by value); :func:`release` lets them go (memory, a long session; the next step rebuilds them).

The change counters below are bumped by the state's tracked records and lists
(:mod:`game.engine.state`): every assignment to a survivor, enemy or token and every change to
their lists. A cache stamps what it read with :func:`stamp` (or reads the counters directly in a
hot loop) and is valid while the stamp holds. :func:`forget` drops everything kept for one state.

:func:`shortcuts` turns every shortcut that is not keyed by value off (``with shortcuts(False):``):
no quiet end check, no pure task left unchecked, no kept run, no kept index; the rules then do
everything from scratch. ``tests/test_derived.py`` plays every registered rule set both ways and
requires the same games, so a rule set that marks a task pure wrongly, or keeps a note on its run
past its pass, or reads in its end check what the core's key does not cover, fails there without
declaring anything.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import actions, defs

#: bumped by every change to a survivor, enemy or token model and to a tracked list of them
BOARD = [0]
#: bumped by every change to a token model and to the state's token list (a subset of BOARD's)
TOKENS = [0]
#: bumped by every change to an enemy model and to the state's enemy list (a subset of BOARD's)
ENEMIES = [0]

#: ``[True]`` while shortcuts are trusted (see :func:`shortcuts`); read as ``TRUST[0]``
TRUST = [True]

#: the grown scenarios (``GameState.grown``): (id(scenario), placed cards) -> (scenario, the grown scenario)
GROWN: dict[tuple, Any] = {}


def stamp() -> tuple[int, int, int]:
    """The three change counters now, ``(board, tokens, enemies)``: equal stamps mean no model
    on the board and no tracked list changed in between."""
    return (BOARD[0], TOKENS[0], ENEMIES[0])


def forget(state: Any) -> None:
    """Drop every derived datum kept for ``state`` (the kept run, indexes, geometry references,
    the legal set, the quiet end check): what ``state.touch()`` does, by its one name here."""
    state.touch()


def release(*boards: Any) -> None:
    """Let the process-wide shared data go: the shared actions, the plain copies of definitions,
    the grown scenarios and what the given boards keep (geometry, distances, line of sight, grown boards). Nothing
    changes in any game's outcome; the next steps rebuild what they need."""
    actions._INTERNED.clear()
    actions._BY_VALUE.clear()
    actions._PLACED.clear()  # (placements, pushes and attacks by a shorter key: the same shared actions)
    actions._ATTACKS.clear()
    actions._BY_FIELD.clear()
    GROWN.clear()
    defs._PLAIN_OF.clear()
    for b in boards:
        for k in BOARD_MEMOS:
            b.__dict__.pop(k, None)


#: what a board keeps on itself (``Board.within``, ``Geometry``, ``Common._build_geometry``,
#: ``kernel.growth.grown``)
BOARD_MEMOS = ("_within", "_geo_memo", "_derived", "_grown")


def trusted() -> bool:
    """Are shortcuts trusted now (see :func:`shortcuts`)?"""
    return TRUST[0]


@contextmanager
def shortcuts(on: bool) -> Iterator[None]:
    """Within the block, trust the kept shortcuts (``on``) or compute everything afresh (False):
    the reference the recount tests compare with. Restores the previous setting afterwards."""
    before = TRUST[0]
    TRUST[0] = on
    try:
        yield
    finally:
        TRUST[0] = before
