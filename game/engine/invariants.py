"""What must hold in every game state between two decisions: the rules' invariants as data.

    problems = check_state(state)      # [] when the state is a game the rules could reach

``check_state`` reads a :class:`GameState` with its scenario attached (board + content) and
returns one sentence per broken invariant, most basic first, each naming the thing (card uid,
square, seat) and the rule ID. It never raises for bad data and never changes the state. It is
pure Python: no pygame, no I/O, no clock, no randomness.

Who uses it: the save loader refuses a save whose state breaks an invariant (naming the file and
the first problem); ``python -m tools.fuzz`` and the property tests run it after every step.

What it checks (tables below, one function per family):

- ids: every survivor, enemy type, card design, token kind and explored tile is known to the
  scenario; uids are unique and below ``next_uid``;
- places: every model and token stands on a square of the board; door/barricade states only on
  the board's door edges; square capacity (R-COMP-8) holds, except on the boss's square while
  the models it displaced wait to be shoved (R-BOSS-5);
- cards (R-ITEM-9): every card is in exactly one place (a pile, an inventory slot, the item box),
  or on display: named by a task still to resolve or by the pending decision (the tension,
  behaviour or narrative card being resolved). A card in two places, or in none, is an error;
- values in range: health 1..6 (R-HEALTH-3), ammo within the weapon's dial (R-AMMO-1), city
  danger 0..17 (R-DANGER-1), actions 0..4 (R-TURN-4), enemy wounds below its hit points, slots of
  at most 3 mixed herbs (R-HERB-2), the inventory limit (R-INV-4) outside the dialogs that let it
  overflow, at most 4 sustained effects (R-SUST-5);
- turn: 1 to 4 seats numbered in order, exactly one active seat, a pending decision exactly when
  the game is not over, owned by a real seat, of a kind the engine resolves, with options when
  the options are fixed, and at least one legal action.

Where it looks into the engine's machine (task and decision kinds, the keys tasks use), that is
kept in :data:`TASK_REFS` and :func:`machine_kinds`, the only places to update when it changes.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from .board import EdgeState, parse_edge_id
from .kernel import CAPACITY  # R-COMP-8: a square holds at most 4 units

Sq = tuple[int, int]

# ------------------------------------------------------------------------------ rule tables
SPACE_TOKENS = {"corpse": 1, "barrel": 1, "typewriter": 1, "item_box": 4}  # R-COMP-9
TOKEN_KINDS = frozenset({"item", "exit", "fire", "corpse", "barrel", "typewriter", "item_box", "narrative",
                         "fixed_narrative", "progression", "objective", "mission"})  # mission: M-MISSION-1
HEALTH_RANGE = (1, 6)  # R-HEALTH-3: 1 Fine .. 5 Danger, 6 unconscious
DANGER_RANGE = (0, 17)  # R-DANGER-1 / DV-4
ACTIONS_RANGE = (0, 4)  # R-TURN-4
MAX_SLOT = 3  # R-HERB-2: a mixed herb stack holds at most three herbs
MAX_SUSTAINED = 4  # R-SUST-5
MAX_SEATS = 4  # R-TURN-1
# decisions during which an inventory may hold more cards than its limit (R-INV-4, R-TRADE-1)
OVER_LIMIT_OK = frozenset({"overflow", "trade", "take", "keep", "gear"})
# decisions whose options are computed when asked (the others list them in ``pending.options``)
OPEN_OPTIONS = frozenset({"act"})
# which content table a card of each deck is designed in (R-ITEM-9)
DECK_TABLE = {"A": "items", "B": "items", "C": "items", "start": "items", "T": "tension", "N": "narrative",
              "BH": "behaviour"}

# Keys that tasks and decision contexts use to name things, and what each must name.
# "enemy_uid"/"token_uid": a uid the game has handed out (the model may have left play since).
TASK_REFS: dict[str, str] = {
    "card": "card_or_empty", "cards": "cards", "cid": "char", "other": "char", "seat": "seat",
    "enemy": "enemy_uid", "token": "token_uid", "exclude": "enemy_uid",
    "pos": "square", "dest": "square", "ref": "square",
    "type": "enemy_type_or_kind", "types": "enemy_types", "uids": "enemy_uids", "hit": "enemy_uids",
}


def machine_kinds(state: Any = None) -> tuple[frozenset[str], frozenset[str]]:
    """(task kinds, decision kinds) the rule set of ``state`` registers (default: core).

    Read from the machine's registry (:mod:`game.engine.machine`); update this function,
    nothing else, when the machine changes. Raises KeyError for an unknown rule set.
    """
    from . import api  # noqa: F401  (registers the core rule set)
    from .machine import RULESETS, ruleset_of

    rs = ruleset_of(state) if state is not None else RULESETS["core"]
    return frozenset(rs.tasks), frozenset(rs.decisions)


# ------------------------------------------------------------------------------ entry point
def check_state(state: Any) -> list[str]:
    """Every broken invariant of ``state`` (a GameState with its scenario attached), as
    sentences, most basic first; [] if none. Never raises for bad data (a check that cannot
    run on a malformed state reports that instead)."""
    scn = getattr(state, "scenario", None)
    if scn is None:
        return ["the state has no scenario attached (state.attach(scenario))"]
    out: list[str] = []
    for check in checks_of(state):
        try:
            out += check(state, scn)
        except Exception as ex:  # a malformed state: say which family could not be checked
            out.append(f"{check.__name__[6:].replace('_', ' ')}: cannot be checked "
                       f"({ex.__class__.__name__}: {ex})")
        if out and check in FOUNDATION:
            break  # later families assume these hold
    return out


def checks_of(state: Any) -> tuple[Callable[[Any, Any], list[str]], ...]:
    """The invariant families of the rule set ``state`` is played with (``RuleSet.checks``; the
    city's :data:`CHECKS` when it declares none, or names an unknown rule set)."""
    from .machine import RULESETS

    rs = RULESETS.get(getattr(state, "rules", "core"))
    own = getattr(rs, "checks", None)
    return CHECKS if own is None else own


# ------------------------------------------------------------------------------ helpers
def _sq(v: Any) -> Sq | None:
    if isinstance(v, (list, tuple)) and len(v) == 2 and all(type(x) is int for x in v):
        return (v[0], v[1])
    return None


def _uid_number(uid: str, prefix: str) -> int | None:
    if isinstance(uid, str) and uid.startswith(prefix) and uid[len(prefix):].isdigit():
        return int(uid[len(prefix):])
    return None


def _enemy_hp(ct: Any, typ: str) -> int:
    d = ct.enemies[typ]
    return max(d.hp, d.solo_hp or 0)


def _pending_kind(state: Any) -> str | None:
    return state.pending.kind if state.pending is not None else None


def _walk_refs(obj: Any) -> Iterable[tuple[str, Any]]:
    """(key, value) pairs of every dict inside a task or decision context."""
    stack = [obj]
    while stack:
        cur = stack.pop()
        if isinstance(cur, dict):
            for k, v in cur.items():
                yield k, v
                if isinstance(v, (dict, list)):
                    stack.append(v)
        elif isinstance(cur, list):
            stack.extend(x for x in cur if isinstance(x, (dict, list)))


def _in_flight(state: Any) -> list[tuple[str, Any]]:
    """References held by tasks still to run and by the pending decision."""
    refs: list[tuple[str, Any]] = []
    for task in state.queue:
        refs += list(_walk_refs(task))
    if state.pending is not None:
        refs += list(_walk_refs(state.pending.ctx))
    return refs


# ------------------------------------------------------------------------------ families
def check_ids(state: Any, scn: Any) -> list[str]:
    """Every id names something the scenario knows (R-CHAR-1, R-ENEMY-1, R-ITEM-9)."""
    ct, b = scn.content, scn.board
    out: list[str] = []
    if state.scenario_id != scn.brief.id:
        out.append(f"the state is of scenario '{state.scenario_id}', not '{scn.brief.id}'")
    cids = [c.cid for c in state.characters]
    for c in state.characters:
        if c.cid not in ct.characters:
            out.append(f"unknown survivor '{c.cid}' (seat {c.seat + 1})")
    if len(set(cids)) != len(cids):
        out.append("a survivor sits in two seats (R-TURN-1)")
    for e in state.enemies:
        if e.type not in ct.enemies:
            out.append(f"enemy {e.uid} is of unknown type '{e.type}'")
    for uid, card in state.cards.items():
        if card.uid != uid:
            out.append(f"card '{uid}' is filed under another uid ('{card.uid}')")
        table = getattr(ct, DECK_TABLE[card.deck])
        if card.defn not in table:
            out.append(f"card '{uid}' has unknown design '{card.defn}' (deck {card.deck})")
    for t in state.tokens:
        if t.kind not in TOKEN_KINDS:
            out.append(f"token {t.uid} is of unknown kind '{t.kind}'")
    for tid in state.explored:
        if tid not in b.tiles:
            out.append(f"explored tile '{tid}' is not on the map")
    seen: set[str] = set()
    for uid in [e.uid for e in state.enemies] + [t.uid for t in state.tokens]:
        if uid in seen:
            out.append(f"uid '{uid}' is used by two models or tokens")
        seen.add(uid)
        n = _uid_number(uid, uid[:1])
        if n is None or n >= state.next_uid:
            out.append(f"uid '{uid}' was never handed out (next uid is {state.next_uid})")
    return out


def check_turn(state: Any, scn: Any) -> list[str]:
    """Seats, the active seat and the game's end (R-TURN-1, R-TURN-3)."""
    out: list[str] = []
    n = len(state.characters)
    if not 1 <= n <= MAX_SEATS:
        return [f"{n} seats (a party has 1 to {MAX_SEATS} survivors, R-TURN-1)"]
    for i, c in enumerate(state.characters):
        if c.seat != i:
            out.append(f"survivor '{c.cid}' in seat {i + 1} says it sits in seat {c.seat + 1}")
    if not 0 <= state.active < n:
        out.append(f"active seat {state.active + 1} does not exist ({n} seats)")
    if state.result is not None:
        if state.pending is not None or state.queue:
            out.append("the game is over but a decision or task is still waiting")
    elif state.pending is None:
        out.append("the game is not over but no decision is pending")
    if state.step != len(state.record):
        out.append(f"step {state.step} does not match the {len(state.record)} recorded actions")
    if state.step < 0 or state.turn < 0 or state.ink_ribbons < 0 or state.next_uid < 1:
        out.append("a counter (step, turn, ink ribbons, next uid) is negative")
    return out


def check_places(state: Any, scn: Any) -> list[str]:
    """Every model and token on a square of the board; edge states only on door edges."""
    b = scn.board
    out: list[str] = []
    for c in state.characters:
        if c.pos is not None and not b.has(tuple(c.pos)):
            out.append(f"survivor '{c.cid}' stands on {tuple(c.pos)}, which is not a square of the board")
        if c.exited and c.pos is not None:
            out.append(f"survivor '{c.cid}' has left by the exit but still stands on {tuple(c.pos)}")
    for e in state.enemies:
        if not b.has(tuple(e.pos)):
            out.append(f"enemy {e.uid} stands on {tuple(e.pos)}, which is not a square of the board")
    for t in state.tokens:
        if not b.has(tuple(t.pos)):
            out.append(f"token {t.uid} ({t.kind}) lies on {tuple(t.pos)}, which is not a square of the board")
    for key, st in state.edges.items():
        try:
            edge = parse_edge_id(key)
        except (ValueError, TypeError):
            out.append(f"edge '{key}' is not an edge id")
            continue
        if edge not in b.features:
            out.append(f"edge {key} has no door, archway or barricade on the board")
        elif not isinstance(st, EdgeState):
            out.append(f"edge {key} has unknown state {st!r}")
    for key in state.locks:
        try:
            if parse_edge_id(key) not in b.features:
                out.append(f"lock on edge {key}, which has no door")
        except (ValueError, TypeError):
            out.append(f"lock on '{key}', which is not an edge id")
    return out


def _units(state: Any, scn: Any) -> dict[Sq, int]:
    units: dict[Sq, int] = {}
    for c in state.characters:
        if c.pos is not None and not c.exited:
            units[tuple(c.pos)] = units.get(tuple(c.pos), 0) + 1
    for e in state.enemies:
        units[tuple(e.pos)] = units.get(tuple(e.pos), 0) + scn.content.enemies[e.type].base.units
    for t in state.tokens:
        units[tuple(t.pos)] = units.get(tuple(t.pos), 0) + SPACE_TOKENS.get(t.kind, 0)
    return units


def _boss_square_shove_pending(state: Any, scn: Any) -> Sq | None:
    """The boss's square while models it displaced wait to be shoved (R-BOSS-5), else None."""
    boss = next((e for e in state.enemies if "boss" in scn.content.enemies[e.type].rules), None)
    if boss is None:
        return None
    waiting = _pending_kind(state) == "shove" or any(t.get("t") == "shove" for t in state.queue)
    # [ruling] a scenario that ends while models wait to be shoved (the shove itself felled the last
    # hope, R-HEALTH-10) leaves them where they are: play has stopped, and no position is carried on
    return tuple(boss.pos) if waiting or state.result is not None else None


def check_capacity(state: Any, scn: Any) -> list[str]:
    """R-COMP-8: at most 4 units a square. [ruling] The one exception is R-BOSS-5: the boss is
    placed on a blocked square and the models there are shoved out one by one, so its square
    may be over capacity while a shove is pending, and only then."""
    out: list[str] = []
    shove_sq = _boss_square_shove_pending(state, scn)
    for sq, u in sorted(_units(state, scn).items()):
        if u > CAPACITY and sq != shove_sq:
            out.append(f"square {sq} holds {u} units, more than {CAPACITY} (R-COMP-8; only the boss's square may, "
                       "while the models it displaced wait to be shoved, R-BOSS-5)")
    return out


def check_cards(state: Any, scn: Any) -> list[str]:
    """R-ITEM-9: every card in exactly one place, or on display while it is being resolved."""
    out: list[str] = []
    where: dict[str, list[str]] = {}
    for name, pile in state.piles.items():
        for uid in pile:
            where.setdefault(uid, []).append(f"pile '{name}'")
    for c in state.characters:
        for slot in c.inventory:
            for uid in slot:
                where.setdefault(uid, []).append(f"{c.cid}'s inventory")
    for slot in state.item_box:
        for uid in slot:
            where.setdefault(uid, []).append("the item box")
    for uid, places in where.items():
        if uid not in state.cards:
            out.append(f"unknown card '{uid}' in {places[0]}")
        elif len(places) > 1:
            out.append(f"card '{uid}' is in two places: {places[0]} and {places[1]} (R-ITEM-9)")
    on_display = {v for k, v in _in_flight(state) if k == "card" and isinstance(v, str)}
    on_display |= {u for k, v in _in_flight(state) if k == "cards" and isinstance(v, list) for u in v}
    for uid, card in state.cards.items():
        if uid not in where and uid not in on_display:
            out.append(f"card '{uid}' ({card.defn}) is in no pile, inventory or item box and is not being "
                       "resolved (R-ITEM-9)")
    return out


def ammo_problem(uid: str, card: Any, items: dict) -> str | None:
    """R-AMMO-1: what is wrong with the ammo dial of card ``uid`` (a CardState with ``ammo`` set),
    looked up in the content's ``items``; None when it is a weapon with a capacity and the dial is
    within 0..capacity. Shared by the scenario check (:func:`check_values`) and the campaign's
    (:func:`game.engine.campaign.checks.impossible`), so both refuse a handgun with 99 rounds."""
    d = items.get(card.defn) if DECK_TABLE.get(card.deck) == "items" else None
    cap = d.weapon.capacity if d is not None and d.weapon is not None else None
    if cap is None:
        return f"card '{uid}' has an ammo dial but is not a weapon with a capacity (R-AMMO-1)"
    if not 0 <= card.ammo <= cap:
        return f"card '{uid}' has {card.ammo} ammo on a dial of {cap} (R-AMMO-1)"
    return None


def check_values(state: Any, scn: Any) -> list[str]:
    """Numbers within the ranges the rules give them."""
    ct = scn.content
    out: list[str] = []
    lo, hi = HEALTH_RANGE
    over_ok = _pending_kind(state) in OVER_LIMIT_OK
    for c in state.characters:
        if not lo <= c.health <= hi:
            out.append(f"survivor '{c.cid}' has health step {c.health} (R-HEALTH-3 allows {lo}..{hi})")
        limit = ct.characters[c.cid].inventory_limit + c.limit_bonus
        if len(c.inventory) > limit and not over_ok:
            out.append(f"survivor '{c.cid}' holds {len(c.inventory)} cards, over the limit of {limit} (R-INV-4)")
        for slot in c.inventory:
            if not 1 <= len(slot) <= MAX_SLOT:
                out.append(f"survivor '{c.cid}' has an inventory slot of {len(slot)} cards (R-HERB-2: 1..{MAX_SLOT})")
            elif len(slot) > 1 and not all(s in state.cards and ct.items.get(state.cards[s].defn) is not None
                                           and ct.items[state.cards[s].defn].herb for s in slot):
                out.append(f"survivor '{c.cid}' stacks cards that are not herbs: {slot} (R-HERB-2)")
    for uid, card in state.cards.items():
        if card.ammo is not None:
            why = ammo_problem(uid, card, ct.items)
            if why:
                out.append(why)
    for e in state.enemies:
        hp = _enemy_hp(ct, e.type)
        if not 0 <= e.wounds < hp:
            out.append(f"enemy {e.uid} ({e.type}) has {e.wounds} wounds with {hp} hit points (R-ENEMY-3)")
    dlo, dhi = DANGER_RANGE
    if not dlo <= state.danger <= dhi:
        out.append(f"city danger level {state.danger} is outside {dlo}..{dhi} (R-DANGER-1)")
    alo, ahi = ACTIONS_RANGE
    if not alo <= state.actions_left <= ahi:
        out.append(f"{state.actions_left} actions left, outside {alo}..{ahi} (R-TURN-4)")
    if len(state.piles.get("tension_sustained", [])) > MAX_SUSTAINED:
        out.append(f"more than {MAX_SUSTAINED} sustained effects in play (R-SUST-5)")
    return out


def _ref_problem(state: Any, scn: Any, key: str, v: Any) -> str | None:
    what = TASK_REFS[key]
    cids = {c.cid for c in state.characters}
    if what == "card_or_empty":
        ok = v in (None, "") or v in state.cards
    elif what == "cards":
        ok = isinstance(v, list) and all(u in state.cards for u in v)
    elif what == "char":
        ok = v in cids
    elif what == "seat":
        ok = type(v) is int and 0 <= v < len(state.characters)
    elif what in ("enemy_uid", "token_uid"):
        n = _uid_number(v, "e" if what == "enemy_uid" else "t") if isinstance(v, str) else None
        ok = n is not None and n < state.next_uid
    elif what == "enemy_uids":
        ok = isinstance(v, list) and all(_uid_number(u, "e") is not None for u in v)
    elif what == "square":
        sq = _sq(v)
        ok = sq is not None and scn.board.has(sq)
    elif what == "enemy_type_or_kind":
        ok = isinstance(v, str)
    elif what == "enemy_types":
        ok = isinstance(v, list) and all(t in scn.content.enemies or t == "stalker_one" for t in v)
    else:  # pragma: no cover - a TASK_REFS entry without a rule here
        return f"no check for reference kind '{what}'"
    return None if ok else f"names {key}={v!r}, which does not exist"


def check_machine(state: Any, scn: Any) -> list[str]:
    """The task stack and the pending decision are of kinds the engine resolves and name
    things that exist; a pending decision has a way on (at least one legal action)."""
    out: list[str] = []
    tasks, decisions = machine_kinds(state)
    n = len(state.characters)
    for i, task in enumerate(state.queue):
        t = task.get("t") if isinstance(task, dict) else None
        if t not in tasks:
            out.append(f"task {i + 1} of the stack is of unknown kind {t!r}")
            continue
        for k, v in _walk_refs(task):
            if k in TASK_REFS:
                p = _ref_problem(state, scn, k, v)
                if p:
                    out.append(f"task {i + 1} ({t}) {p}")
    p = state.pending
    if p is None:
        return out
    if p.kind != "act" and p.kind not in decisions:
        out.append(f"the pending decision is of unknown kind '{p.kind}'")
        return out
    if not 0 <= p.seat < n:
        out.append(f"the pending decision belongs to seat {p.seat + 1}, which does not exist")
    if p.kind == "act" and 0 <= state.active < n and p.seat != state.characters[state.active].seat:
        out.append("the action phase is offered to a seat that is not the active one")
    if p.kind not in OPEN_OPTIONS and not p.options:
        out.append(f"the pending decision '{p.kind}' lists no options")
    for k, v in _walk_refs(p.ctx):
        if k in TASK_REFS:
            prob = _ref_problem(state, scn, k, v)
            if prob:
                out.append(f"the pending decision ({p.kind}) {prob}")
    if out:
        return out
    from .api import legal_actions

    if not legal_actions(state):
        out.append(f"the pending decision '{p.kind}' has no legal action (no way on)")
    return out


def check_mansion(state: Any, scn: Any) -> list[str]:
    """The mansion's part of a state (rules/mansion.md), when it has one: kerosene within each
    character's limit (M-KERO-2), reserve profiles known, once each, with 0..4 wounds (5 kill,
    M-RESERVE-5), every encounter, event and mission card and every character in exactly one
    place (M-CAMP-5), a mission's assignee in the reserve."""
    m = getattr(state, "mansion", None)
    if m is None:
        return []
    ct = scn.content
    out = []
    for cid, n in m.kerosene.items():
        lim = ct.kerosene_limit(cid) if hasattr(ct, "kerosene_limit") else 0
        if not 0 <= n <= lim:
            out.append(f"kerosene of {cid} is {n}, outside 0..{lim} (M-KERO-2)")
    known = set(ct.characters) | set(getattr(ct, "reserve_only", {}))
    seen: dict[str, int] = {}
    for r in m.reserve:
        if r.cid not in known:
            out.append(f"reserve holds unknown character {r.cid!r}")
        if not 0 <= r.wounds <= 4:
            out.append(f"reserve character {r.cid} has {r.wounds} wounds (5 or more kill, M-RESERVE-5)")
    if not m.campaign:
        return out
    tables = {"encounter": ("encounter", "encounter_discard"), "events": ("events", "events_removed"),
              "missions": ("missions", "missions_removed")}
    for table, piles in tables.items():
        held = [x for pile in piles for x in m.decks.get(pile, [])]
        if m.mission is not None:
            held += list(m.mission.drawn) if table == "encounter" else [m.mission.card] if table == "missions" else []
        if table == "events":  # a card being resolved: named by a queued task or the pending decision
            ctxs = [t for t in state.queue if t.get("t") in ("event_resolve", "event_done")]
            if state.pending is not None and state.pending.kind == "scenario_event":
                ctxs.append(state.pending.ctx)
            held += sorted({c["event"] for c in ctxs if c.get("event")})
        ids = set(getattr(ct, table, {}))
        if sorted(held) != sorted(ids):
            out.append(f"the {table} cards are not each in one place (M-CAMP-5)")
    people = [c.cid for c in state.characters] + [r.cid for r in m.reserve] + list(m.killed) + \
        list(m.decks.get("survivors", []))
    for cid in people:
        seen[cid] = seen.get(cid, 0) + 1
    twice = sorted(c for c, k in seen.items() if k > 1)
    if twice:
        out.append(f"characters in two places: {', '.join(twice)}")
    if m.mission is not None and m.mission.cid and state.reserve_of(m.mission.cid) is None \
            and m.mission.cid not in m.killed:
        out.append(f"mission {m.mission.card} is assigned to {m.mission.cid}, who is not in the reserve")
    return out


CHECKS: tuple[Callable[[Any, Any], list[str]], ...] = (check_ids, check_turn, check_places, check_capacity,
                                                      check_cards, check_values, check_machine, check_mansion)
# families the others rely on: stop after the first of these that finds a problem
FOUNDATION = frozenset({check_ids, check_turn, check_places})
