"""Errors from files (saves, campaign slots, settings, maps) in the player's language (issue 12).

A :class:`~game.content.errors.ContentError` keeps its parts apart: the file, the place in it
(``where``), the problem and the hint. The reader writes them in English from a fixed set of
sentences; this module keeps those sentences as catalogue entries with named blanks (like
:mod:`game.ui.sentences` does for the engine's log) and puts the parts together again in the
current language. The data inside a sentence (file names, scenario ids, a JSON key, the parser's
own words) is shown as it is. A sentence no pattern knows stays English.

    error_text(ex) -> str      # what the screens show for an exception (str(ex) in English)
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..i18n import N_, _, _f, language

#: the kinds of file a reader names in its sentences ("the {what} is empty")
WHAT = (N_("save"), N_("campaign save"), N_("settings file"), N_("map"), N_("tileset"), N_("template"),
        N_("image"), N_("tileset image"))

#: problems, hints and places the file readers write (game.content.saves, campaign_saves, tiled, library)
ERROR_TEMPLATES: tuple[str, ...] = (
    # reading any JSON file within limits (saves, campaign slots, settings)
    N_("the {what} is {n} MB, more than the {m} MB a {what2} may be"),
    N_("{what} file not found"),
    N_("pick another {what}"),
    N_("the {what} cannot be read ({why})"),
    N_("start a new game; the file is left as it is"),
    N_("fix or remove the {what}"),
    N_("the {what} grew past {n} MB while read"),
    N_("the {what} is damaged: not UTF-8 text"),
    N_("the {what} is empty"),
    N_("the {what} is damaged: nested more than {n} levels deep"),
    N_("the {what} is damaged: {why}"),
    N_("the {what} is damaged and cannot be read ({why})"),
    N_("a number with {n} digits (at most {m})"),
    N_("a number written with {n} characters"),
    N_("the number {x} is out of range"),
    N_("{x} is not a number a save may hold"),
    # Python's JSON parser (the reason in brackets)
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    # saved games (game.content.saves)
    N_("there is no saved game"),
    N_("the save is damaged"),
    N_("not a Dreadboard save"),
    N_("pick a file the game saved"),
    N_("the save is for scenario {a}"),
    N_("load it with that scenario, not {b}"),
    N_("the saved game is impossible: {why}"),
    N_("the save's seed and its state's seed differ"),
    N_("load another save"),
    N_("{n} recorded actions, more than {m}"),
    N_("the game was saved on the map {a}, which cannot be read now ({b})"),
    N_("put the map back, or start a new game"),
    N_("the map {a} changed since this game was saved (its content differs), so the saved positions would "
       "not fit it"),
    N_("restore the map as it was, or start a new game on the new map"),
    N_("the save cannot be opened"),
    N_("the save cannot be opened ({why})"),
    N_("start a new game"),
    N_("load another save or start a new game"),
    N_("the save is damaged: an old save that cannot be brought up to date ({why})"),
    N_("the save is damaged: {why}"),
    N_("the save's state is damaged: {why}"),
    N_("the saved game does not follow from its own record: {why}"),
    N_("load another save; this one is left untouched"),
    N_("the save names the map {a}, outside the game's maps folders ({b})"),
    N_("copy the map into {a} and save again, or start the game with --map {b}"),
    N_("the saved game was played on the map {a}, which is no longer there"),
    N_("the saved game's scenario {a} cannot be loaded: {why}"),
    N_("fix that file, or start a new game"),
    N_("the last save is missing"),
    # campaign slots (game.content.campaign_saves)
    N_("not a Dreadboard campaign save"),
    N_("the save's version {v} is not a number"),
    N_("pick another save"),
    N_("made by a newer Dreadboard (campaign save version {v}, this game reads up to {m})"),
    N_("update the game to load it"),
    N_("campaign save version {v} is older than any this game reads"),
    N_("start a new campaign"),
    N_("the save is for campaign {a}"),
    N_("not '{b}'"),
    N_("campaign state version {v} is not supported"),
    N_("the campaign's cards do not add up ({why})"),
    N_("the campaign state is damaged ({why})"),
    N_("a game is saved but no scenario is in play"),
    N_("the scenario in progress is impossible: {why}"),
    N_("the scenario in progress is damaged ({why})"),
    # maps (game.content.tiled): reading, and what every map needs
    N_("cannot read the map"),
    N_("the {what} reference is empty"),
    N_("the {what} '{ref}' does not exist"),
    N_("check the file name, or pick it again in Tiled"),
    N_("the map has no start 1"),
    N_("the map has no start 2"),
    N_("the map has no exit"),
    N_("add a start object with number 1 (R-SCEN-5)"),
    N_("add a start object with number 2 (R-SCEN-5)"),
    N_("give one start object the number 1 (R-SCEN-5)"),
    N_("add an exit object (R-SCEN-6); only boss maps may leave it out"),
    N_("unknown element {x}"),
    N_("use one of: {names}"),
    N_("the object has no class/type, so the game does not know what it is"),
    N_("the map is nested too deeply to read"),
    N_("save the map again from Tiled"),
    N_("and {n} more problem(s) not listed"),
    N_("fix the ones above first, then check the map again"),
    N_("the exit cannot be reached from start 1 at square ({x}, {y})"),
    N_("add a door, archway or stairwell on the way, or remove the walls blocking it"),
    N_("cannot read the file ({why})"),
    N_("check the file"),
    N_("the file is empty"),
    N_("Tiled never saves an empty file: restore the map from a copy, or save it again from Tiled (File > Save As)"),
    N_("the file declares XML entities, which Dreadboard refuses"),
    N_("save the file again from Tiled"),
    N_("not valid XML: {why}"),
    N_("the file is damaged; open it in a text editor near that line, or restore it"),
    N_("save the file as UTF-8 from Tiled"),
    N_("not a Tiled map (.tmx or .tmj): the file holds a {x}"),
    N_("not a Tiled map (.tmx or .tmj): the JSON file holds a {x}"),
    N_("open the right file; Tiled maps are saved as .tmx (XML) or .tmj (JSON)"),
    N_("not valid JSON: the file is not UTF-8 text"),
    N_("not valid JSON: {why}"),
    N_("the file is damaged; open it in a text editor near that line, or save it again from Tiled"),
    N_("not valid JSON: nested too deeply"),
    N_("the file is nested too deeply to read"),
    # where in the file
    N_("line {n}"),
    N_("byte {n}"),
    N_("object {n} ({x}) at square ({a}, {b})"),
    N_("object {n} ({x})"),
    N_("tileset {x}"),
)

#: words inside file errors: map elements and shapes, content kinds, directions, value types
ERROR_WORDS: tuple[str, ...] = (
    N_("board_tile"), N_("wall"), N_("door"), N_("archway"), N_("barricade"), N_("stairwell"), N_("start"),
    N_("exit"), N_("item"), N_("enemy"), N_("spawn"), N_("fire"), N_("corpse"), N_("barrel"), N_("typewriter"),
    N_("item_box"), N_("narrative"), N_("fixed_narrative"), N_("progression"), N_("mission"), N_("objective"),
    N_("boss_start"), N_("note"), N_("rectangle"), N_("ellipse"), N_("polyline"), N_("polygon"), N_("point"),
    N_("text"), N_("survivor"), N_("tension card"), N_("narrative card"), N_("behaviour card"), N_("scenario"),
    N_("encounter card"), N_("scenario event"), N_("main character"), N_("reserve-only character"),
    N_("glossary entry"), N_("section"), N_("vertical"), N_("horizontal"), N_("north"), N_("south"), N_("east"),
    N_("west"), N_("int"), N_("float"), N_("bool"), N_("string"), N_("file"), N_("color"), N_("object"),
    N_("duplicate id"), N_("Field required"), N_("propertyTypes"), N_("isometric"), N_("staggered"),
    N_("hexagonal"),
)

#: content lint (game.content.loader: card files, briefs), pydantic's and PyYAML's words inside it, and
#: map authoring (game.content.tiled: what tools.validate and the map picker report); issue 12
LINT_TEMPLATES: tuple[str, ...] = (
    N_("line {n}: {what} '{id}'"),
    N_("line {n}: {where}"),
    N_("{what} '{id}'"),
    N_("line {n}: id '{id}'"),
    N_("scenario in {x}"),
    N_("line {n}: scenario in {x}"),
    N_("scenario '{id}': map"),
    N_("scenario '{id}': progression"),
    N_("scenario '{id}': extra_failure"),
    N_("tension_base '{id}'"),
    N_("{where}.{colour} face {n}"),
    N_("the file is {n} KB, more than the {m} KB a content file may be"),
    N_("split it, or check it is the right file"),
    N_("check the path and the file name"),
    N_("save it as UTF-8 text"),
    N_("see docs/content.md for what it holds"),
    N_("refused: {why}"),
    N_("not valid YAML: {why}"),
    N_("not valid YAML ({x})"),
    N_("check indentation and quoting near that line"),
    N_("check the values near the end of what you changed"),
    N_("field '{x}': {msg}"),
    N_("fix the value; see docs/content.md for the fields"),
    N_("use a value in that range; see docs/content.md"),
    N_("an entry refers to itself (a recursive alias)"),
    N_("write the values out instead of using aliases"),
    N_("expected a top-level '{key}:' list of {what}"),
    N_("start the file with '{key}:' followed by '- id: ...' entries"),
    N_("give every entry its own id"),
    N_("the scenario id '{id}' is already used by {x}"),
    N_("give every brief its own id"),
    N_("{n} players need {m} survivors; the content has {ids}"),
    N_("add survivors to characters.yaml or play with fewer players"),
    N_("no scenario with id '{id}'"),
    N_("the brief lists progression tokens {a}, the map {b} has {c}"),
    N_("give the brief one 'progression' entry per progression token label on the map (R-SCEN-2)"),
    N_("the map has no start square 1"),
    N_("add a 'start' object with number 1"),
    N_("the map '{x}' is outside the game's maps/ folder or not a .tmx/.tmj file"),
    N_("put the map under maps/ and name it like maps/<name>.tmx (or play any map with --map)"),
    N_("put the map under maps/"),
    N_("the brief's map {x} does not exist"),
    N_("put the map there, or fix the brief's 'map:' line"),
    N_("no '{x}' token{y} on the map {z}"),
    N_("place that token on the map or fix 'at'/'at_label' (R-SCEN-8)"),
    N_("'{x}' is not a tile colour"),
    N_("use yellow, amber or red (green tiles have no encounter)"),
    N_("{n} rows; the encounter die has {m} faces (DV-15)"),
    N_("give one row per face, [] for nothing"),
    N_("{n} enemies, more than 8"),
    N_("list at most 8 enemies per face"),
    N_("unknown effect keyword '{x}'"),
    N_("unknown spawn keyword '{x}'"),
    N_("unknown special keyword '{x}'"),
    N_("unknown enemy '{x}'"),
    N_("unknown item '{x}'"),
    N_("unknown attack '{x}' for {y}"),
    N_("unknown boss special '{x}'"),
    N_("use a registered boss special"),
    N_("the boss '{x}' is not in these rules' content"),
    N_("starting item '{x}' is not in items.yaml"),
    N_("add the item or fix the id"),
    N_("'fits' names unknown weapon '{x}'"),
    N_("use an item id of a weapon"),
    N_("unknown card or too many copies"),
    N_("use an id from tension.yaml with at most its number of symbols"),
    N_("item_c lists '{x}', which is not an Item C card"),
    N_("use an Item C id (items.yaml entries with a stage)"),
    N_("deck lists unknown item '{x}'"),
    N_("use an id from items.yaml"),
    N_("tension list names unknown card '{x}'"),
    N_("use an id from tension.yaml"),
    N_("lists {n} copies of '{x}' but only {m} exist"),
    N_("list fewer copies"),
    N_("spawns unknown enemy '{x}'"),
    N_("use an id from enemies.yaml"),
    N_("use an id from enemies.yaml or stalker_one"),
    N_("Extra inputs are not permitted"),
    N_("Input should be a valid integer"),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer, got a number with a fractional part"),
    N_("Input should be a valid number"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid string"),
    N_("Input should be a valid boolean"),
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be a valid list"),
    N_("Input should be a valid dictionary"),
    N_("Input should be a valid dictionary or instance of {x}"),
    N_("Input should be a valid tuple"),
    N_("Input should be {x}"),
    N_("Input should be greater than or equal to {n}"),
    N_("Input should be greater than {n}"),
    N_("Input should be less than or equal to {n}"),
    N_("Input should be less than {n}"),
    N_("List should have at most {n} items after validation, not {m}"),
    N_("List should have at least {n} item after validation, not {m}"),
    N_("String should have at most {n} characters"),
    N_("String should have at least {n} character"),
    N_("Value error, {why}"),
    N_("expected {a}, but found {b}"),
    N_("expected {a}, but got {b}"),
    N_("mapping values are not allowed here"),
    N_("could not find expected ':'"),
    N_("found character {x} that cannot start any token"),
    N_("found undefined alias {x}"),
    N_("found unexpected end of stream"),
    N_("found unknown escape character {x}"),
    N_("found a tab character that violates indentation"),
    N_("found duplicate anchor {x}"),
    N_("layer '{x}'"),
    N_("layer '{x}' cell ({a}, {b})"),
    N_("object '{x}' in layer '{y}'"),
    N_("start {n} at square ({a}, {b})"),
    N_("class '{x}'"),
    N_("enum '{x}'"),
    N_("object type '{x}'"),
    N_("file not found{x}"),
    N_("the file is larger than {n} MB{x}"),
    N_("the map has no '{x}' attribute"),
    N_("the map's '{x}' is {y}, not a whole number"),
    N_("not a Dreadboard board: the map has no board_tile objects"),
    N_("draw a rectangle of class board_tile over each board-game tile (docs/map-authoring.md)"),
    N_("the tile layer holds {n} cells; the map is {w}x{h} = {m}"),
    N_("the tile layer's CSV data holds something that is not a tile number"),
    N_("the tile layer's CSV data holds a number out of range"),
    N_("the tile layer's base64 data is damaged"),
    N_("the tile layer's {x} data is damaged"),
    N_("the tile layer's {x} data is damaged (truncated, or extra data after it)"),
    N_("the map is {x}; Dreadboard maps must be orthogonal"),
    N_("create the map with Map > New Map, Orientation: Orthogonal"),
    N_("the map is infinite; Dreadboard maps must have a fixed size"),
    N_("in Map > Map Properties untick 'Infinite' (Tiled then asks for a size)"),
    N_("the map's cells are {w}x{h} pixels; a board square must be square"),
    N_("use equal tile width and height (64x64 for the shipped tileset)"),
    N_("the map is {w}x{h} squares"),
    N_("give it a size of at least 1x1"),
    N_("the map is {w}x{h} squares; at most {a}x{b} are supported"),
    N_("resize it with Map > Resize Map"),
    N_("the map has {n} tile layers; at most {m} are supported"),
    N_("merge or delete tile layers (the floor needs one or two)"),
    N_("the tile layer has no data"),
    N_("the tile layer is compressed with zstd, which pytmx cannot read"),
    N_("in Map > Map Properties set Tile Layer Format to CSV (or Base64 zlib/gzip)"),
    N_("the tile layer is stored as XML <tile> elements, which pytmx cannot read"),
    N_("in Map > Map Properties set Tile Layer Format to CSV"),
    N_("unsupported tile layer format {a}/{b}"),
    N_("the tile layer is stored in chunks (an infinite map)"),
    N_("the tile layer is {w}x{h} cells; the map is {a}x{b}"),
    N_("the map has {n} objects; at most {m} are supported"),
    N_("the map's polylines and polygons have {n} points; at most {m} are supported"),
    N_("the {what} is embedded in the file; Dreadboard reads images only from image files"),
    N_("save the picture as a PNG under assets/ (or next to your map) and pick that file in Tiled"),
    N_("pick the file again in Tiled"),
    N_("the {what} '{ref}' is outside the game's maps/ and assets/ folders; refused (it resolves to {real})"),
    N_("keep your map under the game's maps/ folder, or in your maps folder "
       "(docs/map-authoring.md, 'Map library') with its own tilesets and images next to it; the "
       "shipped tileset is assets/tiles/, the templates maps/templates/"),
    N_("external tilesets must be .tsx (XML) or .tsj (JSON) files"),
    N_("save the tileset from Tiled as .tsx or .tsj"),
    N_("the image layer has no image"),
    N_("pick an image or delete the layer"),
    N_("the tileset's firstgid or tilecount is not a number"),
    N_("the tileset image has no width/height"),
    N_("open and save the tileset in Tiled"),
    N_("the custom property '{x}' has a name pytmx reserves"),
    N_("rename the property (names like id, name, type, x, y, width, height, rotation, gid, "
       "visible, template are taken)"),
    N_("the custom property '{x}' is class-typed; Dreadboard maps use plain and enum properties only"),
    N_("use the element's own fields (see docs/map-authoring.md)"),
    N_("the custom property '{x}' has unknown type '{y}'"),
    N_("the custom property '{x}' ({y}) has no value"),
    N_("the custom property '{x}' is {v}, not a valid {what}"),
    N_("fix the value in the Properties view"),
    N_("{n} cell(s) use tile number {m}, which no tileset of the map has"),
    N_("repaint those cells, or add the missing tileset back"),
    N_("the template holds no object"),
    N_("save the template again from Tiled"),
    N_("object {n}"),
    N_("two objects share this id"),
    N_("save the map again from Tiled (it renumbers)"),
    N_("the object id {x} is not a number"),
    N_("its position, size or points are not numbers"),
    N_("its {x} is {y}, not a number"),
    N_("unknown property '{x}' for {what}"),
    N_("its fields are: {x}"),
    N_("{what} has no properties; delete it"),
    N_("{what} needs a '{x}'"),
    N_("set '{x}' in the Properties view"),
    N_("'{x}' is {v}; it must be one of {y}"),
    N_("'{x}' is {v}, not true or false"),
    N_("tick or untick it in Tiled"),
    N_("'{x}' is {v}, not a whole number"),
    N_("enter a number"),
    N_("'{x}' is {v}, not one of: {y}"),
    N_("pick a value from the '{x}' list (load maps/dreadboard.tiled-project in Tiled)"),
    N_("set its Class (Tiled 1.9+) or Type (Tiled 1.8) to an element, e.g. door; see docs/map-authoring.md"),
    N_("unknown element '{x}'"),
    N_("the {what} is outside every board tile"),
    N_("move it onto a square covered by a board_tile rectangle"),
    N_("a {what} must be a point (or a small rectangle or ellipse), not a {what2}"),
    N_("the {what} lies on a grid line, so its square is ambiguous"),
    N_("move it inside a square (use View > Snapping > Snap to Fine Grid)"),
    N_("the wall is outside every board tile"),
    N_("the wall has no length"),
    N_("draw walls along grid lines inside a board tile"),
    N_("the {what} leads off the board: a square beside it is in no tile"),
    N_("put the {what} on the border between two board tiles"),
    N_("the {what} is not between two squares of different tiles (R-COMP-3): both sides are in tile '{x}'"),
    N_("place the {what}'s point on the grid line between two tiles; inside a tile use a wall"),
    N_("the {what} joins tiles '{a}' and '{b}' of different regions (only stairwells join regions, R-COMP-2)"),
    N_("give both tiles the same region"),
    N_("object {n} already lies on this edge"),
    N_("keep one door, archway or barricade per edge"),
    N_("shorten the wall so it stops at the tile border, or remove it"),
    N_("stairwell pair '{x}' has {n} end(s); a pair needs exactly two (R-STAIR-1)"),
    N_("place the other end with the same 'pair' name"),
    N_("give each pair its own name"),
    N_("both ends of stairwell pair '{x}' are on the same square"),
    N_("put the ends on different squares"),
    N_("there are two start {n} objects"),
    N_("keep one start 1 and one start 2 (R-SCEN-5)"),
    N_("the board_tile has no name"),
    N_("give it a name (rectangles of one tile share it)"),
    N_("board tile '{x}' is green and unexplored; green tiles are never rolled for (R-EXPLORE-1, R-EXPLORE-2)"),
    N_("make it yellow, amber or red, or untick unexplored"),
    N_("board tile '{x}' is in pieces that do not touch"),
    N_("rectangles of one tile must share sides; give separate tiles separate names"),
    N_("a board_tile must be a rectangle, not a {what}"),
    N_("draw it with the rectangle tool; use several rectangles with one name for L or P shapes"),
    N_("the board_tile rectangle is not aligned to the grid"),
    N_("turn on View > Snapping > Snap to Grid and redraw it, or fix X, Y, Width, Height to multiples of {n}"),
    N_("the board_tile rectangle covers no square"),
    N_("make it at least {a}x{b} pixels"),
    N_("the board_tile rectangle reaches outside the map"),
    N_("move it inside, or enlarge the map with Map > Resize Map"),
    N_("a wall must be a polyline (or a zero-width rectangle), not a {what}"),
    N_("draw it with the polyline tool along grid lines"),
    N_("the wall has fewer than two points"),
    N_("draw it with the polyline tool"),
    N_("the wall segment from ({a}, {b}) to ({c}, {d}) px does not run along grid lines"),
    N_("turn on View > Snapping > Snap to Grid and redraw it"),
    N_("the wall reaches outside the map"),
    N_("keep walls on the map's grid lines"),
    N_("a {what} must be a point, not a {what2}"),
    N_("place it with the point tool or its template"),
    N_("the {what} is at a corner of the grid, not on one edge"),
    N_("move it to the middle of the grid line between two squares (Snap to Fine Grid helps)"),
    N_("the {what} is not on a grid line between two squares"),
    N_("place its point on the grid line between two tiles (Snap to Fine Grid helps)"),
    N_("a locked or one-way door must start closed (R-DOOR-9)"),
    N_("set state to closed"),
    N_("a door cannot be both locked and one-way: a one-way door is its own lock card (DV-18 L7/L8)"),
    N_("clear either 'lock' or 'one_way'"),
    N_("the door lies on a {what} grid line, so it cannot open from the {what2}"),
    N_("use {what} or {what2}"),
    N_("the square holds {n} capacity units, more than {m} (R-COMP-8): {x}"),
    N_("move some of them to a neighbouring square"),
    N_("square ({a}, {b}) is in two tiles, '{x}' (object {n}) and '{y}'"),
    N_("square ({a}, {b}) is in two tiles, '{x}' (object {n}) and '{y}' and {m} more square(s) of this rectangle"),
    N_("make the rectangles touch, not overlap"),
    N_("start {n} cannot be reached from start 1 at square ({a}, {b})"),
    N_("add a door, archway or stairwell between their tiles"),
    N_("board tile '{x}' has {k} {v} here but {w} on object {n}"),
    N_("set the same {k} on every rectangle of '{x}' (or on only one of them)"),
    N_("the Tiled project file is missing"),
    N_("restore maps/dreadboard.tiled-project (python -m tools.make_tiled_project)"),
    N_("not a Tiled project file"),
    N_("must be a list"),
    N_(" (+{n} more)"),
)

# how the parts go together (ContentError.__str__ in English)
FRAMES = (N_("{file}: {where}: {problem} Hint: {hint}"), N_("{file}: {where}: {problem}"),
          N_("{file}: {problem} Hint: {hint}"), N_("{file}: {problem}"))


@lru_cache(maxsize=None)
def _compiled() -> tuple[tuple[re.Pattern, str], ...]:
    out = []
    for t in sorted(ERROR_TEMPLATES + LINT_TEMPLATES, key=lambda t: -len(re.sub(r"\{\w+\}", "", t))):
        rx = re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?P<{m.group(1)}>.+?)", re.escape(t))
        out.append((re.compile(rx + r"\Z", re.DOTALL), t))
    return tuple(out)


#: blanks that are sentences or words of their own, translated in turn (the others are data: names, ids,
#: numbers, file names); a pattern whose word blank (what, what2) is no catalogue entry is not used, so an
#: unknown sentence is never half-translated
_NESTED = ("what", "what2", "why", "where", "msg")
_WORDS = ("what", "what2")


def phrase(s: str, depth: int = 0) -> str:
    """One sentence of an error (a problem, a hint, a place) in the current language; data inside it
    (names, numbers, the parser's words) as they are; the sentence itself when no pattern knows it."""
    if not s or language() == "en":
        return s
    whole = _(s)
    if whole != s:
        return whole
    if depth < 3:
        for rx, t in _compiled():
            m = rx.match(s)
            if m is None:
                continue
            got = m.groupdict()
            if any(k in got and _(got[k]) == got[k] for k in _WORDS):
                continue  # '{what} ...' only for the words the catalogue knows
            return _f(t, **{k: phrase(v, depth + 1) if k in _NESTED else v for k, v in got.items()})
    return s


def verdict_text(problems: list) -> str:
    """The map picker's one-line verdict on a map from its problems (game.content.library.MapInfo):
    the first problem in the player's language and how many more there are."""
    if not problems:
        return _("ok")
    first = error_text(problems[0])
    return first + (_f(" (+{n} more)", n=len(problems) - 1) if len(problems) > 1 else "")


def error_text(ex: BaseException) -> str:
    """What a screen shows for ``ex``: a file error (ContentError, MapError) in the current language,
    any other exception as its text."""
    from ..content.errors import ContentError

    if not isinstance(ex, ContentError) or language() == "en":
        return str(ex)
    where = phrase(ex.where) if ex.where else ""
    kw = {"file": ex.file, "where": where, "problem": phrase(ex.problem), "hint": phrase(ex.hint)}
    if where:
        return _f(FRAMES[0] if ex.hint else FRAMES[1], **kw)
    return _f(FRAMES[2] if ex.hint else FRAMES[3], **kw)


__all__ = ["ERROR_TEMPLATES", "ERROR_WORDS", "LINT_TEMPLATES", "error_text", "phrase", "verdict_text"]
