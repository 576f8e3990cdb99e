"""The heads-up display round the board (issue 24 item 1): the top bar, caption, prompt strip and
toasts (``bars``), the log (``log``), the side panel (``side``) with its dice rows (``dice``) and
tension card (``tension``), and the hover cards (``hover``, their lines for enemies, bosses and
weapons in ``cards``). Each module holds a part of :class:`game.ui.render.PlayView` (a mixin class)
or plain functions.

May import: what :mod:`game.ui.board` may, plus ``board.layout`` (sizes); never ``render``, a scene
or ``app``. A mode's own strip comes through its kit (``PlayUI.side_extra``), not by name.
"""
