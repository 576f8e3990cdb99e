"""Presenters (issue 24 item 1): events turned into what the screen shows and plays of them: the
animations (``anim``: beats, rolls, flips, pulses), the sounds (``sound``: effects by event, the
ambient loop), the log lines (``logtext``), dice rows (``rolls``), squares named by their rooms
(``rooms``).

Levels inside: ``anim``, ``sound``, ``logtext`` are words and answers (level 1 of the UI's map: they
may import ``kit``, ``modes``, ``words``, ``game.engine`` events, ``game.paths``); ``rolls`` and ``rooms``
are views (they may also import ``theme`` and ``playui``). Nothing here draws a screen. This file
imports nothing (``app`` reaches ``sound`` without loading the others).
"""
