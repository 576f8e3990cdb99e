"""The sentence patterns of the dungeon map cards' checks (game.content.tiled_dungeon, dungeon_maps,
dungeon_pack; rules/dungeon.md D-MAP-2), for :mod:`game.ui.errortext` to word in the player's
language (issue 24: out of the shared ``lint_patterns``). Named by the dungeon's registration
(``mode.py``: ``lint_templates``). Words only; imports i18n alone."""
from __future__ import annotations

from ...i18n import N_

LINT_TEMPLATES: tuple[str, ...] = (
    N_("a dungeon map card is 7 x 7 squares (its 5 x 5 core in cells 1..5 and the half-squares around it; "
       "D-MAP-2), this map is {x} x {y}"),
    N_("resize the map to 7 x 7 (Map > Resize Map) with the core in cells 1..5"),
    N_("the {x} lies off the card's 5 x 5 core (cells 1..5 in both directions)"),
    N_("move it onto a core square; only exits and the entrance stand on the outer ring"),
    N_("the square already has {x} ({y})"),
    N_("keep one terrain per square"),
    N_("an exit lies on the half-square just outside the middle of an edge (D-MAP-2): cell (3, 0) N, (6, 3) E, "
       "(3, 6) S or (0, 3) W"),
    N_("move it to one of those cells"),
    N_("the {x} edge has two exits"),
    N_("keep one"),
    N_("the entrance ▲ lies just outside the middle of the S edge, cell (3, 6) (D-MAP-2)"),
    N_("turn the card in Tiled so its entrance faces south, and move the entrance there"),
    N_("the card has two entrances"),
    N_("keep one (D-MAP-2)"),
    N_("the card has two encounter points"),
    N_("keep one (D-TERRAIN-5)"),
    N_("the {x} stands on a wall square"),
    N_("move it, or remove the dn_wall there"),
    N_("the S edge holds both the entrance ▲ and an exit (D-MAP-2)"),
    N_("remove one of them"),
    N_("start squares on a card with an entrance ▲: heroes start on the start card, which has none "
       "(D-MAP-2, D-TERRAIN-4)"),
    N_("remove the dn_start objects, or the dn_entrance"),
    N_("a card without an entrance ▲ is a start card and needs start squares (D-TERRAIN-4)"),
    N_("add a dn_entrance on cell (3, 6), or dn_start objects where the heroes begin"),
    N_("fix the card (docs/map-authoring.md)"),
    N_("this is not a dungeon map card: it has no dn_ objects (dn_wall, dn_exit, dn_entrance, dn_start, ...)"),
    N_("draw the card with the dn_ elements (docs/map-authoring.md)"),
    N_("this is a dungeon map card, played as a part of its dungeon"),
    N_("start the dungeon from the main menu; a card is checked with python -m tools.validate"),
    N_("the card's map {x} is not a .tmx or .tmj file inside maps/dungeon/"),
    N_("name the card's Tiled map relative to maps/dungeon/, e.g. my_dungeon/START.tmx"),
    N_("the card's map maps/dungeon/{x} does not exist"),
    N_("draw it (python -m tools.make_dungeon_maps writes maps from drawings) or fix the name"),
    N_("its map is refused: {why}"),
    N_("fix the map (python -m tools.validate names every problem)"),
)
