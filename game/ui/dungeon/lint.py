"""The sentence patterns of the dungeon map cards' checks (game.content.tiled_dungeon, dungeon_maps,
dungeon_pack; rules/dungeon.md D-MAP-2), for :mod:`game.ui.errortext` to word in the player's
language (issue 24: out of the shared ``lint_patterns``). Named by the dungeon's registration
(``mode.py``: ``lint_templates``). Words only; imports i18n alone."""
from __future__ import annotations

from ...i18n import N_

LINT_TEMPLATES: tuple[str, ...] = (
    N_("resize the map to 7 x 7 (Map > Resize Map) with the core in cells 1..5"),
    N_("the {x} lies off the card's 5 x 5 core (cells 1..5 in both directions)"),
    N_("move it onto a core square; only exits and the entrance stand on the outer ring"),
    N_("the square already has {x} ({y})"),
    N_("keep one terrain per square"),
    N_("move it to one of those cells"),
    N_("the {x} edge has two exits"),
    N_("keep one"),
    N_("turn the card in Tiled so its entrance faces south, and move the entrance there"),
    N_("the card has two entrances"),
    N_("the card has two encounter points"),
    N_("the {x} stands on a wall square"),
    N_("move it, or remove the dn_wall there"),
    N_("remove one of them"),
    N_("remove the dn_start objects, or the dn_entrance"),
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
