"""The play screen (issue 24 item 1): :class:`PlayScene` (``scene``: the game, the engine's answers,
the frame's order of business), put together from its parts by concern: input (``input``: keys,
clicks on the board and the side panel, walking), the log and undo (``logbook``), what it draws over
the view (``drawing``: previews, pills, the hint line), and the dialog each decision kind opens
(``dialogs``; a mode's kit adds its own).

May import: every view and shared scene below it (``render``, ``board``, ``hud``, ``presenters``,
``narrative``, ``entry``, ``scenes``), a mode's kit only through ``modes.kit_for``; never ``app``,
``menus``, a campaign module or a mode's package by name.
"""
from .scene import PlayScene

__all__ = ["PlayScene"]
