"""The sentence patterns of the versus game's map checks and saves (game.content.tiled_checks'
versus checks, game.content.versus_maps, game.ui.versus.saves), for :mod:`game.ui.errortext` to word
in the player's language (issue 24: out of the shared ``errortext``). Named by the versus
registration (``mode.py``: ``lint_templates``). Words only; imports i18n alone."""
from __future__ import annotations

from ...i18n import N_

LINT_TEMPLATES: tuple[str, ...] = (
    N_("the versus map has no start square of the {x}"),
    N_("square ({a}, {b})"),
    N_("give each square to one object"),
    N_("door {x} stands on the map's border"),
    N_("floor object {x} has squares of different kinds {y}"),
    N_("give them one kind"),
    N_("this is not a versus map: it has no vs_start, vs_door, vs_object or vs_item objects"),
    N_("place the versus objects (docs/map-authoring.md)"),
    N_("door {x}"),
    N_("the halves of a wide door differ in kind or lock"),
    N_("give both vs_door objects of one label the same kind and locked"),
    N_("not a Dreadboard versus save"),
    N_("pick a file the versus game saved"),
    N_("the saved actions do not replay: {why}"),
    N_("unknown versus scenario '{x}'"),
    N_("the two seats must play one faction each"),
)
