"""'Why not': the words for what the rules say when a player clicks where nothing can be done, and the
walking plan to a square further than one step.

The reasons themselves come from the engine (:mod:`game.engine.explain` through
:class:`game.engine.query.View`: ``square_problem``, ``enemy_problem``, ``target_problem``,
``search_problem``, ``walk_plan``) as a code and its data; this module only words them, by the
tables below keyed by code. Texts may carry rule IDs in parentheses; the play scene hides them unless
the "Show rule IDs" setting is on.
"""
from __future__ import annotations

from ..engine import Action, legal_actions
from ..engine.query import Game, View
from ..i18n import N_, _, _f
from .ruleids import tagged

Sq = tuple[int, int]

#: the player's words for View.target_problem's codes (R-ATK-9, R-BOSS-9, R-COMP-13, R-RANGE-2, R-LOS-3)
TARGET_WORDS: dict[str, str] = {
    "not_weapon": N_("the {weapon} is not a weapon"),
    "empty": N_("the {weapon} is empty"),
    "off_board": N_("not in the play area"),
    "boss_tile": N_("the boss can only be attacked from its own tile"),
    "other_floor": N_("on another floor"),
    "too_close": N_("too close for the {weapon} (minimum range {min})"),
    "out_of_range": N_("out of range: {distance} squares, the {weapon} reaches {range}"),
    "no_los": N_("no line of sight"),
}
#: "out_of_range" one square away: not "1 squares" (playtest play3)
OUT_OF_RANGE_1 = N_("out of range: 1 square, the {weapon} reaches {range}")

#: the player's words for View.square_problem's codes (R-TURN-4, R-MOVE-1/3/4, R-STAIR-2, R-BOSS-8,
#: R-DOOR-1/5/7, R-BARR-2, R-COMP-8, R-OOS-3, R-TURN-5)
SQUARE_WORDS: dict[str, str] = {
    "here": N_("You are here."),
    "no_actions": N_("No actions left: end the phase (Space)."),
    "stairwell_needed": N_("That square is on another floor: use a stairwell."),
    "not_adjacent": N_("Not adjacent: a move is one square. Walking there takes {n} moves ({n} actions)."),
    "door_on_the_way": N_("A closed door is in the way: walk up to it and click it to open it (1 action)."),
    "units_on_the_way": N_("The way there passes a square with an enemy or fire, which a planned walk does not cross: "
                           "move one square at a time (leaving an enemy's square provokes it)."),
    "no_way": N_("Not adjacent, and no open way leads there (closed doors, walls or full squares)."),
    "boss_holds": N_("No way out of the boss's tile until it is dead."),
    "door_one_way": N_("This one-way door does not open from this side."),
    "door_locked": N_("The door is locked: you need the item its lock card names."),
    "door_closed": N_("The door is closed: click it to open it (1 action)."),
    "barricade": N_("A barricade blocks the way: clear it first (1 action)."),
    "wall": N_("A wall is in the way."),
    "wall_corner": N_("You cannot cut across a wall corner: go round with two straight steps."),
    "full": N_("That square is full ({used} of {cap} units taken)."),
    "cannot_move_there": N_("You cannot move there now."),
    "cannot_move_now": N_("You cannot move now: act here or end the phase."),
}
#: "too_few_actions", by the actions left (1 or more)
TOO_FEW_1 = N_("Too few actions left: walking there takes {n} moves and you have 1 action left.")
TOO_FEW = N_("Too few actions left: walking there takes {n} moves and you have {left} actions left.")

#: the player's words for View.enemy_problem's own codes (its others are TARGET_WORDS')
ENEMY_WORDS: dict[str, str] = {
    "no_actions": N_("No actions left: end the phase (Space)."),
    "no_weapon": N_("You carry no weapon."),
    "cannot_attack": N_("You cannot attack it now."),
}
CANNOT_ATTACK = N_("You cannot attack the {name}: {why}.")

#: the player's words for View.token_problem's own codes (a barrel's others are TARGET_WORDS')
TOKEN_WORDS: dict[str, str] = {
    "no_actions": N_("No actions left: end the phase (Space)."),
    "no_weapon": N_("You carry no weapon."),
    "cannot_attack": N_("You cannot shoot the explosive barrel now."),
    "no_ribbons": N_("No ink ribbon left to use the typewriter."),
    "not_near": N_("Stand in or next to the typewriter's square to use it."),
}
CANNOT_SHOOT = N_("You cannot shoot the explosive barrel: {why}.")

#: the player's words for View.item_problem's codes (R-USE-1/2/4, R-ATK-1, R-TURN-4)
ITEM_WORDS: dict[str, str] = {
    "not_carried": N_("Only an item in your own inventory can be used."),
    "no_actions": N_("No actions left: end the phase (Space)."),
    "no_weapon_for_ammo": N_("No weapon you carry takes the {ammo}: it fits the {fits}."),
    "used_by_attacking": N_("The {weapon} is used by attacking: click an enemy in range."),
    "passive": N_("The {item} works by being carried: it has no Use."),
}

#: the player's words for View.search_problem's codes (R-SEARCH-1)
SEARCH_WORDS: dict[str, str] = {
    "inventory_full": N_("Your inventory is full ({have} of {limit}): drop, use or trade an item first, then "
                         "search."),
}


def _word(table: dict[str, str], code: str, data: dict, rule: str = "") -> str:
    """The sentence for ``code`` with its data filled in (the code itself if the table lacks it), the
    reason's typed ``rule`` beside it with "Show rule IDs" on (ruleids.tagged; never in the words)."""
    words = table.get(code)
    return tagged(_f(words, **data) if words is not None else code, rule, None, "()")


def target_words(code: str, data: dict, rule: str = "") -> str:
    """A target_problem reason in the player's language (item names translated), its ``rule`` tagged."""
    data = {k: _(v) if isinstance(v, str) else v for k, v in data.items()}
    words = OUT_OF_RANGE_1 if code == "out_of_range" and data.get("distance") == 1 else TARGET_WORDS.get(code, code)
    return tagged(_f(words, **data), rule, None, "()")


def target_why(view: View, c, weapon_uid: str, pos) -> tuple[str, str] | None:
    """(code, sentence in the player's language) of why ``c`` cannot attack ``pos`` with this weapon
    (View.target_problem), or None."""
    p = view.target_problem(c, weapon_uid, pos)
    if p is None:
        return None
    code, data = p
    return code, target_words(code, data, getattr(p, "rule", ""))


def square_words(code: str, data: dict, rule: str = "") -> str:
    """A square_problem reason in the player's language, its ``rule`` tagged."""
    if code == "too_few_actions":
        return tagged(_f(TOO_FEW_1, **data) if data.get("left") == 1 else _f(TOO_FEW, **data), rule, None, "()")
    return _word(SQUARE_WORDS, code, data, rule)


def why_not_square(state: Game, sq: Sq, view: View | None = None) -> str:
    """Why the active survivor cannot move to ``sq`` now (a sentence), or '' if it can (or the
    square is not on the board): View.square_problem worded."""
    p = (view or View.of(state)).square_problem(tuple(sq))
    return "" if p is None else square_words(p[0], p[1], getattr(p, "rule", ""))


def why_not_enemy(state: Game, uid: str, view: View | None = None) -> str:
    """Why the active survivor cannot attack enemy ``uid`` now, or '' if it can (R-ATK-2/3):
    View.enemy_problem worded."""
    p = (view or View.of(state)).enemy_problem(uid)
    if p is None:
        return ""
    code, data = p
    rule = getattr(p, "rule", "")
    if code in ENEMY_WORDS:
        return _word(ENEMY_WORDS, code, data, rule)
    data = dict(data)
    name = _(data.pop("enemy"))
    name = name[4:] if name.startswith("The ") else name  # "the The Burrower" read twice
    return _f(CANNOT_ATTACK, name=name, why=target_words(code, data, rule))


def why_not_token(state: Game, uid: str, view: View | None = None) -> str:
    """Why the active survivor cannot use the space-taking token ``uid`` (shoot a barrel, R-BARREL-1; use
    a typewriter, R-INK-4) now, or '': View.token_problem worded."""
    p = (view or View.of(state)).token_problem(uid)
    if p is None:
        return ""
    code, data = p
    rule = getattr(p, "rule", "")
    if code in TOKEN_WORDS:
        return _word(TOKEN_WORDS, code, data, rule)
    data = {k: v for k, v in data.items() if k != "barrel"}
    return _f(CANNOT_SHOOT, why=target_words(code, data, rule))


def walk_plan(state: Game, dest: Sq, view: View | None = None) -> list[Sq]:
    """The squares of a shortest walk from the active survivor to ``dest`` (excluding the start),
    one Move action each, or [] if there is none (View.walk_plan)."""
    return (view or View.of(state)).walk_plan(View.of(state).active_char, tuple(dest))


def why_no_search(state: Game, view: View | None = None) -> str:
    """Why the active survivor cannot search although something here could be searched: its inventory
    is full (R-SEARCH-1; View.search_problem worded). '' when that is not the case. The Search button
    used to vanish and the S key to say "Nothing to search here." beside an item token (playtest play3)."""
    p = (view or View.of(state)).search_problem()
    return "" if p is None else _word(SEARCH_WORDS, p[0], p[1], getattr(p, "rule", ""))


def first_step(state: Game, path: list[Sq]) -> Action | None:
    """The legal Move action for the first square of ``path``, or None."""
    if not path:
        return None
    return next((a for a in legal_actions(state) if a.kind == "move" and a.to is not None
                 and tuple(a.to) == tuple(path[0])), None)


def why_not_item(state: Game, uid: str, view: View | None = None) -> str:
    """Why the active survivor cannot use the item card ``uid`` now (the Use action, R-USE-1), or '' if it
    can (or nobody is choosing an action): View.item_problem worded; item names through the catalogue."""
    q = view or View.of(state)
    p = q.item_problem(uid)
    if p is None:
        return ""
    code, data = p
    items = q.scenario.content.items
    data = {k: (_(v) if isinstance(v, str) else v) for k, v in data.items()}
    if "fits" in data:
        data["fits"] = _(", ").join(_(items[i].name) if i in items else i for i in p[1]["fits"])
    return _word(ITEM_WORDS, code, data, getattr(p, "rule", ""))
