"""Presenters (issue 24 item 1): events turned into what the screen shows of them: dice rows
(``rolls``), squares named by their rooms (``rooms``). The animations (``game.ui.anim``), sounds
(``game.ui.sound``) and log lines (``game.ui.logtext``) are the other presenters, still beside them
in ``game/ui/``.

May import: ``theme``, ``playui``, the words modules, ``modes`` (a mode's kit: whether an event
shows a die) and ``game.engine`` through ``View`` and its events; nothing that draws a screen.
"""
