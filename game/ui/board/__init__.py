"""The board on the play screen (issue 24 item 1): where squares are (``layout``), the floor and its
backdrop (``floor``), walls and doors (``edges``), tokens and models (``pieces``), highlights,
sustained effects and animations' marks (``effects``), and the whole board of one frame
(``surface``). Each module holds a part of :class:`game.ui.render.PlayView` (a mixin class) or
plain functions.

May import: ``theme``, ``art``, ``widgets``, ``dashboard``, ``ruleids``, the words modules
(``choices``, ``previews``, ``words``), ``playui`` (the screen's records and rectangles), ``modes``
(a mode's kit) and ``game.engine`` through ``View``. Never ``render``, ``hud``, a scene or ``app``.
"""
