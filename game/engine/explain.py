"""Why the rules refuse a probe, and where a walk would go: the rule set explaining itself.

A probe is something a player points at: a square to move to, a door, an enemy or barrel to attack
with a weapon, a token to search. Each ``*_problem`` function answers with a :class:`Reason` (a
message-id-like ``code`` and its ``data``: numbers, item and enemy names, squares; never an English
sentence) or None when the rules allow it or there is nothing to say. ``RULE_OF`` gives the rule ID
behind each code. :class:`game.engine.query.View` answers these for the UI and the bots; the UI words
the codes in the player's language (``game/ui/whynot.py``).

The checks are kept in ordered tables (``TARGET_CHECKS``, ``STEP_CHECKS``), each entry one rule's check,
so there is one place that says why; the first check that objects gives the reason.

Every function takes the rule set's run (``View``'s ``_r``: a :class:`~game.engine.core.CoreRun` or a
subclass) and reads it without changing anything.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from .board import EdgeState, Sq, edge_id
from .core.targets import boss_out_of_reach, dial_empty, other_region, range_distance, range_problem
from .derived import trusted
from .kernel import CAPACITY, path_tree, way_to
from .state import CharState, generation


class Reason(NamedTuple):
    """Why a probe is refused: ``code`` (a stable id the UI words, see ``RULE_OF``) and ``data``
    (the figures and names the wording needs). Compares equal to a plain ``(code, data)`` tuple."""

    code: str
    data: dict

    @property
    def rule(self) -> str:
        """The rule ID behind this refusal (:data:`RULE_OF`; "" for a code it lacks): typed, so a UI
        shows it beside its own words and never writes it into them (issue 23)."""
        return RULE_OF.get(self.code, "")


#: the rule behind each reason code (for rule-ID tests and for a UI that shows rule IDs)
RULE_OF: dict[str, str] = {
    # a target for an attack (R-ATK-2/3)
    "not_weapon": "R-ATK-1",
    "empty": "R-ATK-9",
    "off_board": "R-ATK-3",
    "boss_tile": "R-BOSS-9",
    "other_floor": "R-COMP-13",
    "too_close": "R-RANGE-2",
    "out_of_range": "R-RANGE-2",
    "no_los": "R-LOS-3",
    # an enemy clicked (R-ATK-1)
    "no_weapon": "R-ATK-1",
    "no_actions": "R-TURN-4",
    "cannot_attack": "R-ATK-2",
    # a square to move to (R-MOVE)
    "here": "R-MOVE-1",
    "stairwell_needed": "R-STAIR-2",
    "too_few_actions": "R-TURN-4",
    "not_adjacent": "R-MOVE-1",
    "door_on_the_way": "R-DOOR-1",
    "units_on_the_way": "R-OOS-3",
    "no_way": "R-MOVE-1",
    "boss_holds": "R-BOSS-8",
    "door_one_way": "R-DOOR-7",
    "door_locked": "R-DOOR-5",
    "door_closed": "R-DOOR-1",
    "barricade": "R-BARR-2",
    "wall": "R-MOVE-3",
    "wall_corner": "R-MOVE-4",
    "full": "R-COMP-8",
    "cannot_move_there": "R-MOVE-1",
    "cannot_move_now": "R-TURN-5",
    # a token to search (R-SEARCH-1) or to use (R-INK-4)
    "inventory_full": "R-SEARCH-1",
    "no_ribbons": "R-INK-4",
    "not_near": "R-INK-4",
    # an item to use (R-USE)
    "not_carried": "R-USE-1",
    "no_weapon_for_ammo": "R-USE-2",
    "used_by_attacking": "R-ATK-1",
    "passive": "R-USE-4",
}


def _acting(r: Any) -> bool:
    """Is the game waiting for the active survivor's action-phase choice (R-ACT-1)?"""
    s = r.s
    return s.pending is not None and s.pending.kind == "act" and not s.over


def _legal(r: Any) -> list:
    from .api import legal_actions  # (api imports the rule sets, which import this module's users)

    return legal_actions(r.s)


# ------------------------------------------------------------------------------------------- targets
# Each check: (run, survivor, weapon card uid, target square) -> Reason or None, in the order asked.

def _is_weapon(r: Any, c: CharState, uid: str, pos: Sq) -> Reason | None:
    d = r.idef(uid)
    return Reason("not_weapon", {"weapon": d.name}) if d.weapon is None else None


def _has_ammo(r: Any, c: CharState, uid: str, pos: Sq) -> Reason | None:
    """R-ATK-9: a weapon with an ammo dial needs at least 1 (core.targets.dial_empty)."""
    d = r.idef(uid)
    if dial_empty(d.weapon, r.s.cards[uid].ammo):
        return Reason("empty", {"weapon": d.name})
    return None


def _on_board(r: Any, c: CharState, uid: str, pos: Sq) -> Reason | None:
    return Reason("off_board", {}) if c.pos is None else None


def _boss_tile(r: Any, c: CharState, uid: str, pos: Sq) -> Reason | None:
    """R-BOSS-9: only survivors on a boss's tile may attack it (core.targets.boss_out_of_reach: a boss
    is any enemy whose card says so, as the legal attacks have it)."""
    here = r.tile_id(c.pos)
    for e in r.s.enemies:
        if e.pos == pos and boss_out_of_reach(r.edef(e), here, r.tile_id(pos)):
            return Reason("boss_tile", {})
    return None


def _same_region(r: Any, c: CharState, uid: str, pos: Sq) -> Reason | None:
    """R-COMP-13: no range across regions (floors; core.targets.other_region)."""
    b = r.b
    return Reason("other_floor", {}) if other_region(b.region_of(c.pos), b.region_of(pos)) else None


def _in_range(r: Any, c: CharState, uid: str, pos: Sq) -> Reason | None:
    """R-RANGE-2: the range distance within the weapon's minimum and maximum range
    (core.targets.range_problem)."""
    d = r.idef(uid)
    w = d.weapon
    dr = range_distance(c.pos, pos)
    why = range_problem(w, dr)
    if why == "too_close":
        return Reason("too_close", {"weapon": d.name, "min": w.min_range})
    if why == "out_of_range":
        return Reason("out_of_range", {"weapon": d.name, "distance": int(dr), "range": w.range})
    return None


def _in_sight(r: Any, c: CharState, uid: str, pos: Sq) -> Reason | None:
    """R-LOS-3: the target must be in line of sight (fire and Blackout included)."""
    return Reason("no_los", {}) if not r.los(c.pos, pos) else None


TargetCheck = Callable[[Any, CharState, str, Sq], "Reason | None"]
#: the checks of a target, in order (R-ATK-2 step 1, R-ATK-3, R-ATK-9, R-BOSS-9, R-COMP-13, R-RANGE-2, R-LOS-3)
TARGET_CHECKS: list[TargetCheck] = [_is_weapon, _has_ammo, _on_board, _boss_tile, _same_region, _in_range, _in_sight]


def target_problem(r: Any, c: CharState, weapon_uid: str, pos: Sq) -> Reason | None:
    """Why ``c`` may not attack a target at square ``pos`` with the weapon card ``weapon_uid``, or None
    if the rules allow it (R-ATK-2/3). Codes: ``not_weapon``, ``empty`` (R-ATK-9), ``off_board``,
    ``boss_tile`` (R-BOSS-9), ``other_floor`` (R-COMP-13), ``too_close`` and ``out_of_range``
    (R-RANGE-2), ``no_los`` (R-LOS-3); data: ``weapon`` (the item's name), ``distance``, ``min``,
    ``range``. Raises KeyError for an unknown card."""
    for check in TARGET_CHECKS:
        why = check(r, c, weapon_uid, pos)
        if why is not None:
            return why
    return None


def weapons_of(r: Any, c: CharState) -> list[str]:
    """The weapon cards ``c`` carries (uids, inventory order)."""
    out = []
    for slot in c.inventory:
        for uid in slot:
            if uid in r.s.cards and r.idef(uid).weapon is not None:
                out.append(uid)
    return out


def _attack_problem(r: Any, uid: str, pos: Sq, who: dict) -> Reason:
    """Why the active survivor may not attack ``uid`` (an enemy or a barrel) at ``pos`` now that no
    legal attack on it exists: ``no_weapon``, the farthest-reaching weapon's target reason with ``who``
    added, or ``cannot_attack`` {**who}."""
    c = r.s.active_char
    weapons = weapons_of(r, c)
    if not weapons:
        return Reason("no_weapon", {})

    def reach(w: str) -> float:
        rng = r.idef(w).weapon.range
        return float("inf") if rng is None else rng

    # the reason of the longest-reaching weapon tells most ("no line of sight" rather than the Knife's range)
    reasons = [why for w in sorted(weapons, key=reach, reverse=True)
               if (why := target_problem(r, c, w, pos)) is not None]
    if not reasons:
        return Reason("cannot_attack", dict(who))
    best = next((why for why in reasons if why.code != "empty"), reasons[0])
    return Reason(best.code, {**best.data, **who})


def enemy_problem(r: Any, uid: str) -> Reason | None:
    """Why the active survivor may not attack enemy ``uid`` now, or None if it may (or no survivor is
    choosing an action, or there is no such enemy). Codes: ``no_actions`` (R-TURN-4), ``no_weapon``
    (R-ATK-1); else the reason of the weapon that reaches farthest (``target_problem``'s codes, an
    empty weapon's only when every weapon is empty, data ``enemy``: the enemy's name added), or
    ``cannot_attack`` {enemy} when no weapon gives one."""
    s = r.s
    if not _acting(r):
        return None
    e = s.enemy(uid)
    if e is None:
        return None
    if s.actions_left <= 0:
        return Reason("no_actions", {})
    if any(a.kind == "attack" and a.target == uid for a in _legal(r)):
        return None
    return _attack_problem(r, uid, tuple(e.pos), {"enemy": r.edef(e).name})


def token_problem(r: Any, uid: str) -> Reason | None:
    """Why the active survivor may not use the space-taking token ``uid`` now, or None if it may (or no
    survivor is choosing an action, or the token has no action of its own). An explosive barrel:
    ``no_actions``, ``no_weapon``, a target reason with ``barrel`` True added, or ``cannot_attack``
    {barrel} (R-BARREL-1, R-ATK-2/3). A typewriter: ``no_actions``, ``no_ribbons`` (R-INK-4: an ink
    ribbon is spent), ``not_near`` (R-INK-4: from its square or next to it)."""
    s = r.s
    if not _acting(r):
        return None
    t = s.token(uid)
    if t is None or t.kind not in ("barrel", "typewriter"):
        return None
    kind = {"barrel": "attack", "typewriter": "typewriter"}[t.kind]
    if any(a.kind == kind and a.target == uid for a in _legal(r)):
        return None
    if s.actions_left <= 0:
        return Reason("no_actions", {})
    c = s.active_char
    if c.pos is None:
        return None
    if t.kind == "barrel":
        return _attack_problem(r, uid, tuple(t.pos), {"barrel": True})
    if s.ink_ribbons <= 0:
        return Reason("no_ribbons", {})
    me = tuple(c.pos)
    if tuple(t.pos) != me and tuple(t.pos) not in r.g.neighbours(me):
        return Reason("not_near", {})
    return None


# ------------------------------------------------------------------------------------------- doors

def door_problem(r: Any, c: CharState, a: Sq, b: Sq) -> Reason | None:
    """Why ``c`` standing at ``a`` may not step through the edge to the orthogonal neighbour ``b``
    because of a door or barricade on it, or None (no door, or an open one). Codes:
    ``door_one_way`` (R-DOOR-7), ``door_locked`` {lock} (R-DOOR-5), ``door_closed`` (R-DOOR-1: it
    opens with an action), ``barricade`` (R-BARR-2)."""
    st = r.edge(a, b)
    if st == EdgeState.DOOR_CLOSED:
        e = (min(a, b), max(a, b))
        if not r.can_open(c, e):
            lock = r.s.locks.get(edge_id(e)) or {}
            if lock.get("one_way_from") is not None:
                return Reason("door_one_way", {})
            return Reason("door_locked", {"lock": lock.get("lock")})
        return Reason("door_closed", {})
    if st == EdgeState.BARRICADE:
        return Reason("barricade", {})
    return None


# ------------------------------------------------------------------------------------------- walks

def _walk_tests(r: Any, c: CharState, through_all: bool = False):
    """(enter, through) of a planned walk: a square is entered if it has room for a survivor
    (R-COMP-8) and a boss does not hold ``c`` (R-BOSS-8); a square holding an enemy or fire is not
    walked through (leaving it would provoke, R-OOS-3, or burn, R-FIRE-2), unless ``through_all``."""
    fire = r.fire()
    units = r.occupancy()["units"]
    enemies = r.occupancy()["enemies"]

    def enter(q: Sq) -> bool:
        return q in r.b.square_tile and units.get(q, 0) + 1 <= CAPACITY and r.may_leave_to(c, q)

    def through(q: Sq) -> bool:
        return through_all or not (enemies.get(q) or q in fire)

    return enter, through


class _DoorsOpen:
    """The geometry's steps plus the steps through closed doors that are not locked (for saying that a
    door is what stands in the way)."""

    def __init__(self, r: Any):
        self.r = r

    def neighbours(self, a: Sq) -> list[Sq]:
        r = self.r
        out = list(r.g.neighbours(a))
        for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            b = (a[0] + d[0], a[1] + d[1])
            if r.b.has(b) and r.edge(a, b) == EdgeState.DOOR_CLOSED and not r.s.locks.get(edge_id((min(a, b), max(a, b)))):
                if b not in out:
                    out.append(b)
        return out


def _ways(r: Any, c: CharState, doors: bool = False, past_units: bool = False) -> tuple[dict, dict]:
    """Every planned walk of ``c`` at once (:func:`~game.engine.kernel.path_tree`), searched once and
    kept in the state's derived cache while the step (locks change only by a rule), the models and
    tokens (:func:`generation`) and the geometry (a new one for every edge changed) stay the same (issue 30: hovering square after square asked three whole-board
    searches each). ``doors``: through closed doors that are not locked too; ``past_units``: through
    squares holding an enemy or fire too."""
    s = r.s
    at = (s.step, generation())
    memo = s.cache.get("walks")
    if not trusted():  # (game.engine.derived.shortcuts off: everything afresh)
        memo = None
    if memo is None or memo[0] != at or memo[1] is not r.g:
        memo = (at, r.g, {})
        s.cache["walks"] = memo
    k = (c.cid, tuple(c.pos), doors, past_units)
    got = memo[2].get(k)
    if got is None:
        enter, through = _walk_tests(r, c, through_all=past_units)
        got = memo[2][k] = path_tree(_DoorsOpen(r) if doors else r.g, tuple(c.pos), enter=enter, through=through)
    return got


def walk_plan(r: Any, c: CharState, dest: Sq) -> list[Sq]:
    """The squares of a shortest walk of ``c`` to ``dest`` (the start left out), one Move action each
    (R-MOVE-1), or [] if there is none (or ``c`` is off the board). Steps follow the movement rules
    (R-MOVE-3/4; closed doors and barricades block) and need room (R-COMP-8); the walk never passes
    through a square holding an enemy or fire (leaving it would provoke or burn), though it may end
    there. The kernel's search finds it (one per step: :func:`_ways`)."""
    if c.pos is None:
        return []
    return way_to(_ways(r, c), tuple(c.pos), tuple(dest)) or []


def _way_exists(r: Any, c: CharState, dest: Sq, *, doors: bool = False, past_units: bool = False) -> bool:
    return way_to(_ways(r, c, doors, past_units), tuple(c.pos), tuple(dest)) is not None


def no_way_problem(r: Any, c: CharState, dest: Sq) -> Reason:
    """Why no planned walk reaches ``dest``, as exactly as the board allows: ``door_on_the_way`` (a
    closed door to open first, R-DOOR-1), ``units_on_the_way`` (a square with an enemy or fire a
    planned walk does not cross; step by step it can be, R-OOS-3), else ``no_way`` (R-MOVE-1)."""
    if _way_exists(r, c, dest, doors=True):
        return Reason("door_on_the_way", {})
    if _way_exists(r, c, dest, past_units=True):
        return Reason("units_on_the_way", {})
    return Reason("no_way", {})


# ------------------------------------------------------------------------------------------- squares
# Each step check: (run, survivor, from, to) -> Reason or None, for a square next to the survivor.

def _boss_lets_go(r: Any, c: CharState, me: Sq, sq: Sq) -> Reason | None:
    """R-BOSS-8: no way out of a living boss's tile."""
    return Reason("boss_holds", {}) if not r.may_leave_to(c, sq) else None


def _same_floor(r: Any, c: CharState, me: Sq, sq: Sq) -> Reason | None:
    """R-STAIR-2: another region is reached by a stairwell only."""
    return Reason("stairwell_needed", {}) if r.b.region_of(sq) != r.b.region_of(me) else None


def _edge_open(r: Any, c: CharState, me: Sq, sq: Sq) -> Reason | None:
    """R-MOVE-3/4, R-DOOR-1/5/7, R-BARR-2: an orthogonal step crosses no wall, closed door or
    barricade; a diagonal one cuts no wall corner."""
    if me[0] == sq[0] or me[1] == sq[1]:
        why = door_problem(r, c, me, sq)
        if why is not None:
            return why
        if r.edge(me, sq) == EdgeState.WALL or not r.g.step_ok(me, sq):
            return Reason("wall", {})
    elif not r.g.step_ok(me, sq):
        return Reason("wall_corner", {})
    return None


def _room(r: Any, c: CharState, me: Sq, sq: Sq) -> Reason | None:
    """R-COMP-8: a survivor takes 1 of the square's 4 capacity units."""
    used = r.units_at(sq)
    return Reason("full", {"used": used, "cap": CAPACITY}) if used + 1 > CAPACITY else None


StepCheck = Callable[[Any, CharState, Sq, Sq], "Reason | None"]
#: the checks of one step, in order (R-STAIR-2, R-MOVE-3/4 with doors and barricades, R-COMP-8); a boss
#: holding the survivor on its tile (R-BOSS-8) is asked first, for near and far squares alike
STEP_CHECKS: list[StepCheck] = [_same_floor, _edge_open, _room]


def square_problem(r: Any, sq: Sq) -> Reason | None:
    """Why the active survivor may not move to ``sq`` now, or None if it may (or no survivor is
    choosing an action, or it is off the board, or ``sq`` is not a square of the board).

    Codes: ``here``; ``no_actions`` (R-TURN-4); ``boss_holds`` (R-BOSS-8: a square off the living
    boss's tile, near or far); for a square further than one step:
    ``stairwell_needed`` (R-STAIR-2), ``too_few_actions`` {n, left} (R-TURN-4), ``not_adjacent`` {n}
    (R-MOVE-1; ``n``: the moves a walk takes), else :func:`no_way_problem`'s; for a square next to it,
    ``STEP_CHECKS``' codes (``stairwell_needed``, ``door_one_way``, ``door_locked``,
    ``door_closed``, ``barricade``, ``wall``, ``wall_corner``, ``full`` {used, cap}); last
    ``cannot_move_there`` (R-MOVE-1) or ``cannot_move_now`` (R-TURN-5: no move is legal at all)."""
    s = r.s
    if not _acting(r):
        return None
    c = s.active_char
    if c.pos is None:
        return None
    me, sq = tuple(c.pos), tuple(sq)
    if not r.b.has(sq):
        return None
    if sq == me:
        return Reason("here", {})
    if s.actions_left <= 0:
        return Reason("no_actions", {})
    legal = _legal(r)
    if any(a.kind == "move" and a.to is not None and tuple(a.to) == sq for a in legal):
        return None
    why = _boss_lets_go(r, c, me, sq)  # R-BOSS-8, near or far
    if why is not None:
        return why
    if max(abs(sq[0] - me[0]), abs(sq[1] - me[1])) > 1:
        if r.b.region_of(sq) != r.b.region_of(me):
            return Reason("stairwell_needed", {})
        plan = walk_plan(r, c, sq)
        if plan:
            n = len(plan)
            if n > s.actions_left:  # the real reason is the actions left, not the distance (play4)
                return Reason("too_few_actions", {"n": n, "left": s.actions_left})
            return Reason("not_adjacent", {"n": n})
        return no_way_problem(r, c, sq)
    for check in STEP_CHECKS:
        why = check(r, c, me, sq)
        if why is not None:
            return why
    if any(a.kind in ("move", "stairs") for a in legal):
        return Reason("cannot_move_there", {})
    return Reason("cannot_move_now", {})


# ------------------------------------------------------------------------------------------- tokens

def search_problem(r: Any) -> Reason | None:
    """Why the active survivor may not search although something here could be searched (an item
    token on its square, the item box on or next to it): ``inventory_full`` {have, limit}
    (R-SEARCH-1). None when that is not the case (nothing to search, no action left, not its
    action phase, or room in the inventory)."""
    s = r.s
    if not _acting(r):
        return None
    c = s.active_char
    if c.pos is None or s.actions_left <= 0:
        return None
    me = tuple(c.pos)
    near = {me} | set(r.g.neighbours(me))
    here = any((t.kind == "item" and tuple(t.pos) == me) or (t.kind == "item_box" and tuple(t.pos) in near)
               for t in s.tokens)
    if not here:
        return None
    limit = r.limit(c)
    if len(c.inventory) < limit:
        return None
    return Reason("inventory_full", {"have": len(c.inventory), "limit": limit})


# ------------------------------------------------------------------------------------------- previews

class Provoked(NamedTuple):
    """The attack that acting in an enemy's square (anything but an attack) provokes first (R-OOS-3):
    ``enemy`` (uid) and ``name`` of the enemy that attacks, ``tier`` (1..3) and ``chance`` (0..1) of
    the survivor's evade, ``base`` (the attacker's base tier, R-EVADE-2), ``extra`` (other enemies
    counted, R-EVADE-5), ``steel_nerves`` (DV-8: extra enemies not counted), ``tied`` (other enemies of
    equal threat the player may pick instead)."""

    enemy: str
    name: str
    tier: int
    chance: float
    base: int
    extra: int
    steel_nerves: bool
    tied: tuple


def provoked_attack(r: Any) -> Provoked | None:
    """If the active survivor shares its square with non-boss enemies, the attack acting there
    provokes first (R-OOS-3): the most threatening enemy (equal threat: the first in the default
    order; the player picks, R-OOS-3), its evade difficulty with R-EVADE-5's count of the other
    enemies that could attack (the engine's ``oos_extra``), Steel Nerves (DV-8) and the chance of the
    survivor's evade dice (R-EVADE-1, content's dice). None without such an enemy."""
    from .odds import evade_chance

    c = r.s.active_char
    if c.pos is None:
        return None
    here = [e for e in r.enemies_at(tuple(c.pos)) if not r.is_boss(e)]
    if not here:
        return None
    top = max(r.edef(e).threat for e in here)
    cands = r.default_order([e for e in here if r.edef(e).threat == top])
    first = cands[0]
    counted = r.oos_extra(c, first)
    tier, extra = r.evade_tier(first, c, r.profile(first, "basic"), counted)
    d = r.edef(first)
    return Provoked(first.uid, d.name, tier, evade_chance(r.ct.dice, r.cdef(c).evade_dice, tier),
                    d.base.evade_tier, extra, extra != counted, tuple(e.uid for e in cands[1:]))


def weapon_reach(r: Any, c: CharState, weapon_uid: str) -> set[Sq]:
    """The squares ``c`` could target with this weapon now: in its region (R-COMP-13), within its
    range (R-RANGE-2) and in line of sight (R-LOS-3), by the same checks as :func:`target_problem`;
    ammo and the boss's tile are not considered. Empty for a card that is not a weapon or a survivor
    off the board."""
    if c.pos is None or r.idef(weapon_uid).weapon is None:
        return set()
    checks = (_same_region, _in_range, _in_sight)
    return {q for q in r.b.square_tile if all(ch(r, c, weapon_uid, q) is None for ch in checks)}


class Reaction(NamedTuple):
    """What an enemy would do if the action phase ended now (R-REACT-4): ``does`` "attack" (``targets``:
    the survivors in its attack's range and sight, R-REACT-7) or "move" (nobody in reach); ``profile``
    "basic" or "special" (the tension card's symbol matches, R-SPECIAL-2); ``why`` "tile" (on the active
    or a linked tile, R-REACT-1) or "relentless" (reacts from anywhere)."""

    uid: str
    does: str
    profile: str
    targets: tuple
    why: str


def reactions_if_phase_ends(r: Any) -> tuple[set[str], list[Reaction]]:
    """What ending the action phase now would wake: the reacting tiles (the active tile and the tiles
    linked to it, R-REACT-1) and, for each non-boss enemy that would react (R-REACT-3), whether it
    attacks (a survivor in its profile's range and sight: the engine's ``can_attack``) or moves
    (R-REACT-4). Read with the tension symbol showing now (R-SPECIAL-3); what the reaction phase
    itself changes (a Stalker's pursuit, R-STALK-6; survivors already attacked, R-REACT-6) is not
    foreseen."""
    tiles = set(r.active_and_linked())
    sym = r.current_symbol()
    out = []
    for e in r.s.enemies:
        if r.is_boss(e):
            continue
        on_tile = r.tile_id(e.pos) in tiles
        if not on_tile and "relentless" not in r.edef(e).rules:
            continue
        prof = r.attack_profile_name(e, sym)
        targets = tuple(x.cid for x in r.can_attack(e, prof))
        out.append(Reaction(e.uid, "attack" if targets else "move", prof, targets,
                            "tile" if on_tile else "relentless"))
    return tiles, out


# ------------------------------------------------------------------------------------------- items

def item_problem(r: Any, uid: str) -> Reason | None:
    """Why the active survivor may not use the item card ``uid`` now (the Use action, R-USE-1), or None
    if it may (or no survivor is choosing an action). Codes: ``not_carried`` (R-USE-1: only an item in
    its own inventory), ``no_actions`` (R-TURN-4), ``no_weapon_for_ammo`` {ammo, fits} (R-USE-2: no
    weapon it carries takes this ammo; ``fits``: the weapons' ids), ``used_by_attacking`` {weapon}
    (a weapon is used by attacking, R-ATK-1), ``passive`` {item} (R-USE-4: keys and other items
    without a Use text work by being held). Raises KeyError for an unknown card."""
    s = r.s
    if not _acting(r):
        return None
    c = s.active_char
    d = r.idef(uid)
    if not any(uid in slot for slot in c.inventory):
        return Reason("not_carried", {"item": d.name})
    if s.actions_left <= 0:
        return Reason("no_actions", {})
    if any(a.kind == "use" and a.item == uid for a in _legal(r)):
        return None
    if d.type == "ammo":
        return Reason("no_weapon_for_ammo", {"ammo": d.name, "fits": list(d.fits)})
    if d.weapon is not None:
        return Reason("used_by_attacking", {"weapon": d.name})
    return Reason("passive", {"item": d.name})
