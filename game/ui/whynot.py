"""'Why not': what to tell a player who clicks where nothing can be done, and the walking plan to a
square further than one step.

All of it is computed from the public read-only :class:`game.engine.query.View` and the legal
actions, in this one module, so it can move to the engine's View when the engine answers "why is
this not legal" itself. Texts may carry rule IDs in parentheses; the play scene hides them unless
the "Show rule IDs" setting is on.
"""
from __future__ import annotations

from collections import deque

from ..engine import Action, GameState, legal_actions
from ..engine.query import View
from ..i18n import N_, _, _f

#: the player's words for View.target_problem's codes (R-ATK-9, R-BOSS-9, R-COMP-13, R-RANGE-2, R-LOS-3)
TARGET_WORDS: dict[str, str] = {
    "not_weapon": N_("the {weapon} is not a weapon"),
    "empty": N_("the {weapon} is empty (R-ATK-9)"),
    "off_board": N_("not in the play area"),
    "boss_tile": N_("the boss can only be attacked from its own tile (R-BOSS-9)"),
    "other_floor": N_("on another floor (R-COMP-13)"),
    "too_close": N_("too close for the {weapon} (minimum range {min})"),
    "out_of_range": N_("out of range: {distance} squares, the {weapon} reaches {range} (R-RANGE-2)"),
    "no_los": N_("no line of sight (R-LOS-3)"),
}
#: "out_of_range" one square away: not "1 squares" (playtest play3)
OUT_OF_RANGE_1 = N_("out of range: 1 square, the {weapon} reaches {range} (R-RANGE-2)")


def target_why(view: View, c, weapon_uid: str, pos) -> tuple[str, str] | None:
    """(code, sentence in the player's language) of why ``c`` cannot attack ``pos`` with this weapon
    (View.target_problem), or None."""
    p = view.target_problem(c, weapon_uid, pos)
    if p is None:
        return None
    code, data = p
    data = {k: _(v) if isinstance(v, str) else v for k, v in data.items()}
    words = OUT_OF_RANGE_1 if code == "out_of_range" and data.get("distance") == 1 else TARGET_WORDS.get(code, code)
    return code, _f(words, **data)

Sq = tuple[int, int]
CAPACITY = 4  # units per square (R-COMP-8); a survivor takes 1


def _weapons(state: GameState, view: View) -> list[str]:
    c = state.active_char
    out = []
    for slot in c.inventory:
        for uid in slot:
            try:
                if view.item(uid).weapon is not None:
                    out.append(uid)
            except KeyError:
                pass
    return out


def why_not_square(state: GameState, sq: Sq, view: View | None = None) -> str:
    """Why the active survivor cannot move to ``sq`` now (a sentence), or '' if it can (or the
    square is not on the board). Covers: no actions left, not adjacent (with the walking cost),
    wall, closed or locked door, barricade, wall corner, square full, another floor."""
    if state.pending is None or state.pending.kind != "act" or state.over:
        return ""
    view = view or View(state)
    c = state.active_char
    if c.pos is None:
        return ""
    me = tuple(c.pos)
    sq = tuple(sq)
    board = view.board
    if not board.has(sq):
        return ""
    if sq == me:
        return _("You are here.")
    if state.actions_left <= 0:
        return _("No actions left: end the phase (Space) (R-TURN-4).")
    legal = legal_actions(state)
    if any(a.kind == "move" and a.to is not None and tuple(a.to) == sq for a in legal):
        return ""
    g = view.geometry
    dx, dy = sq[0] - me[0], sq[1] - me[1]
    if max(abs(dx), abs(dy)) > 1:
        if board.region_of(sq) != board.region_of(me):
            return _("That square is on another floor: use a stairwell (R-STAIR-2).")
        plan = walk_plan(state, sq, view)
        if plan:
            n = len(plan)
            if n > state.actions_left:  # the real reason is the actions left, not the distance (play4)
                left = state.actions_left
                return (_f("Too few actions left: walking there takes {n} moves and you have 1 action left "
                           "(R-TURN-4).", n=n) if left == 1 else
                        _f("Too few actions left: walking there takes {n} moves and you have {left} actions left "
                           "(R-TURN-4).", n=n, left=left))
            return _f("Not adjacent: a move is one square. Walking there takes {n} moves ({n} actions) (R-MOVE-1).",
                      n=n)
        return no_way_reason(state, sq, view)
    if not view.may_leave_to(c, sq):
        return _("No way out of the boss's tile until it is dead (R-BOSS-8).")
    if board.region_of(sq) != board.region_of(me):
        return _("That square is on another floor: use a stairwell (R-STAIR-2).")
    if dx == 0 or dy == 0:
        e = view.edge(me, sq).value
        if e == "door_closed":
            if not view.can_open(c, me, sq):
                lock = view.locked(me, sq) or {}
                if lock.get("one_way_from") is not None:
                    return _("This one-way door does not open from this side (R-DOOR-7).")
                return _("The door is locked: you need the item its lock card names (R-DOOR-5).")
            return _("The door is closed: click it to open it (1 action) (R-DOOR-1).")
        if e == "barricade":
            return _("A barricade blocks the way: clear it first (1 action) (R-BARR-2).")
        if e == "wall" or not g.step_ok(me, sq):
            return _("A wall is in the way (R-MOVE-3).")
    elif not g.step_ok(me, sq):
        return _("You cannot cut across a wall corner: go round with two straight steps (R-MOVE-4).")
    used = view.units_at(sq)
    if used + 1 > CAPACITY:
        return _f("That square is full ({used} of {cap} units taken) (R-COMP-8).", used=used, cap=CAPACITY)
    if any(a.kind in ("move", "stairs") for a in legal):
        return _("You cannot move there now (R-MOVE-1).")
    return _("You cannot move now: act here or end the phase (R-TURN-5).")


def why_not_enemy(state: GameState, uid: str, view: View | None = None) -> str:
    """Why the active survivor cannot attack enemy ``uid`` now, or '' if it can (R-ATK-2/3)."""
    if state.pending is None or state.pending.kind != "act" or state.over:
        return ""
    e = state.enemy(uid)
    if e is None:
        return ""
    if state.actions_left <= 0:
        return _("No actions left: end the phase (Space) (R-TURN-4).")
    if any(a.kind == "attack" and a.target == uid for a in legal_actions(state)):
        return ""
    view = view or View(state)
    c = state.active_char
    weapons = _weapons(state, view)
    if not weapons:
        return _("You carry no weapon (R-ATK-1).")
    # the reason of the longest-reaching weapon tells most ("no line of sight" rather than the Knife's range)
    def reach(uid: str) -> float:
        w = view.item(uid).weapon
        return float("inf") if w.range is None else w.range

    reasons = [r for w in sorted(weapons, key=reach, reverse=True)
               if (r := target_why(view, c, w, tuple(e.pos)))]
    if reasons:
        best = next((r for code, r in reasons if code != "empty"), reasons[0][1])
        name = _(view.enemy_def(e).name)
        name = name[4:] if name.startswith("The ") else name  # "the The Burrower" read twice
        return _f("You cannot attack the {name}: {why}.", name=name, why=best)
    return _("You cannot attack it now.")


def walk_plan(state: GameState, dest: Sq, view: View | None = None) -> list[Sq]:
    """The squares of a shortest walk from the active survivor to ``dest`` (excluding the start),
    one Move action each, or [] if there is none. Steps follow the movement rules (R-MOVE-3/4,
    closed doors and barricades block) and need room (R-COMP-8); the walk never passes through a
    square holding an enemy or fire (leaving it would provoke or burn), though it may end there."""
    view = view or View(state)
    c = state.active_char
    if c.pos is None:
        return []
    start, dest = tuple(c.pos), tuple(dest)
    g = view.geometry
    fire = view.fire()
    prev: dict[Sq, Sq | None] = {start: None}
    q: deque[Sq] = deque([start])
    while q:
        a = q.popleft()
        if a == dest:
            break
        if a != start and (view.enemies_at(a) or a in fire):
            continue  # not passed through
        for b in g.neighbours(a):
            if b in prev or view.units_at(b) + 1 > CAPACITY or not view.may_leave_to(c, b):
                continue
            prev[b] = a
            q.append(b)
    if dest not in prev:
        return []
    path = []
    cur: Sq | None = dest
    while cur is not None and cur != start:
        path.append(cur)
        cur = prev[cur]
    return path[::-1]


def _way_exists(state: GameState, dest: Sq, view: View, *, doors: bool = False, past_units: bool = False) -> bool:
    """Is there a walk to ``dest`` if closed unlocked doors were open (``doors``) or squares holding an
    enemy or fire could be walked through (``past_units``)? Only for saying why a walk is refused."""
    c = state.active_char
    start = tuple(c.pos)
    g = view.geometry
    board = view.board
    fire = view.fire()
    seen = {start}
    q: deque[Sq] = deque([start])
    while q:
        a = q.popleft()
        if a == dest:
            return True
        if a != start and not past_units and (view.enemies_at(a) or a in fire):
            continue
        nxt = list(g.neighbours(a))
        if doors:
            for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                b = (a[0] + d[0], a[1] + d[1])
                if board.has(b) and view.edge(a, b).value == "door_closed" and not view.locked(a, b):
                    nxt.append(b)
        for b in nxt:
            if b in seen or view.units_at(b) + 1 > CAPACITY or not view.may_leave_to(c, b):
                continue
            seen.add(b)
            q.append(b)
    return False


def no_way_reason(state: GameState, dest: Sq, view: View) -> str:
    """Why no walk reaches ``dest``, as exactly as the board allows: a closed door to open first, or a
    square with an enemy or fire that a planned walk does not cross (step by step it can be), else the
    general reason. A playtest (play3) was told only "closed doors, walls or full squares" each time."""
    if _way_exists(state, dest, view, doors=True):
        return _("A closed door is in the way: walk up to it and click it to open it (1 action) (R-DOOR-1).")
    if _way_exists(state, dest, view, past_units=True):
        return _("The way there passes a square with an enemy or fire, which a planned walk does not cross: "
                 "move one square at a time (leaving an enemy's square provokes it) (R-OOS-3).")
    return _("Not adjacent, and no open way leads there (closed doors, walls or full squares) (R-MOVE-1).")


def why_no_search(state: GameState, view: View | None = None) -> str:
    """Why the active survivor cannot search although something here could be searched (an item token
    on its square, the item box on or next to it, an unconscious survivor beside it): its inventory is
    full (R-SEARCH-1). '' when that is not the case. The Search button used to vanish and the S key to
    say "Nothing to search here." beside an item token (playtest play3)."""
    if state.pending is None or state.pending.kind != "act" or state.over:
        return ""
    c = state.active_char
    if c.pos is None or state.actions_left <= 0:
        return ""
    view = view or View(state)
    me = tuple(c.pos)
    near = {me} | set(view.geometry.neighbours(me))
    here = any((t.kind == "item" and tuple(t.pos) == me) or (t.kind == "item_box" and tuple(t.pos) in near)
               for t in state.tokens)
    if not here:
        return ""
    limit = view.inventory_limit(c)
    if len(c.inventory) < limit:
        return ""
    return _f("Your inventory is full ({have} of {limit}): drop, use or trade an item first, then search "
              "(R-SEARCH-1).", have=len(c.inventory), limit=limit)


def first_step(state: GameState, path: list[Sq]) -> Action | None:
    """The legal Move action for the first square of ``path``, or None."""
    if not path:
        return None
    return next((a for a in legal_actions(state) if a.kind == "move" and a.to is not None
                 and tuple(a.to) == tuple(path[0])), None)
