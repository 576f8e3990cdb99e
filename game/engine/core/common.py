"""Lookups every core rule module shares: definitions, squares, capacity, linked tiles, line of sight, distances, dice (R-COMP, R-LOS, DV-1)."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Iterable, Mapping

from ..actions import Action
from ..board import EdgeState, Geometry, Sq, Tile, edge_function, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier
from ..kernel import CAPACITY, EIGHT_WAY, MoveRule, has_room, line_of_sight, roll_pool
from ..kernel import geometry as kernel_geometry
from ..derived import TRUST
from ..machine import action, decision, task
from ..messages import keyed
from ..derived import BOARD as _GENERATION, ENEMIES as _ENEMY_GENERATION, TOKENS as _TOKEN_GENERATION
from ..state import (CardState, CharState, EnemyList, EnemyState, Pending,
                     TokenList, TokenState, Tracked)
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, faces_text, passes_through, set_dial_if_new


_NO_SQUARES: frozenset = frozenset()

#: how many edge states' derived data (geometry, distance maps, line of sight) a board keeps
DERIVED_EDGE_STATES = 16  # each holds up to ~512 distance maps and a 4,096-entry LOS memo: a memory bound


def _shifted(units: dict, frm: Sq, to: Sq, u: int) -> dict:
    """A copy of the capacity units per square with ``u`` units moved from ``frm`` to ``to``
    (a square left empty has no entry, as when the index is built)."""
    units = units.copy()
    n = units[frm] - u
    if n:
        units[frm] = n
    else:
        del units[frm]
    units[to] = units.get(to, 0) + u
    return units


def _without(lists: dict, frm: Any, here: list, m: Any) -> dict:
    """A copy of a per-square dict of model lists with ``m`` taken out of ``here`` (the list at
    ``frm``); the square's entry goes when it empties. The lists themselves are not changed (kept
    indexes share them)."""
    out = lists.copy()
    rest = [x for x in here if x is not m]
    if rest:
        out[frm] = rest
    else:
        del out[frm]
    return out


class Common:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    #: registration points a rule set built on the core may replace (the mansion, M-DOC-3, M-MISSION-1):
    #: the danger track's name in the log, and which token kinds trigger which task when a
    #: character is placed on their square (R-NARR-2/3), in this order
    DANGER_NAME = "City"
    #: how models step (the tactics kernel's movement rule): 8 directions with the wall-corner rule
    #: (R-MOVE-3/4, R-COMP-6)
    MOVES: MoveRule = EIGHT_WAY
    ENTER_TOKENS: dict[str, str] = {"narrative": "narrative", "fixed_narrative": "narrative"}

    def load_geometry(self) -> None:
        """Take the parsed edge states and the geometry from the state's cache, or find them for
        the state's edges (saves keep edges as ``"x1,y1|x2,y2"`` strings): see
        :meth:`_build_geometry`."""
        self._occ = None
        self._tok = None
        self._sc = self.s.cache  # the state's cache dict (touch() replaces it; refresh() re-reads)
        self._quiet = self._sc.get("end_quiet")  # the end check's last quiet key (End.check_end)
        geo = self._sc.get("geo")
        if geo is None:
            geo = self._build_geometry()
        self._geo = geo
        self._edges, self._ekey, self.g, self._dE, self._los = geo

    def _build_geometry(self, before: tuple | None = None, changed: tuple[Sq, Sq] | None = None) -> tuple:
        """The parsed edges, the :class:`Geometry` for them and its memos (distance maps, line
        of sight) for the state's edge states. Everything in it depends only on the board and
        the edge states, so it is kept on the board, by edge states (the last
        :data:`DERIVED_EDGE_STATES` used), and shared by every game on that board: a new game,
        a loaded save, a replay or a clone finds the distances already searched.
        ``before``/``changed``: the geometry before one edge changed; neighbour lists away from
        that edge are kept (a door changes the steps of the squares around it only)."""
        key = tuple(sorted(self.s.edges.items()))
        bd = self.b.__dict__
        memo = bd.get("_derived")
        if memo is None:
            memo = bd["_derived"] = OrderedDict()
        geo = memo.get(key)
        if geo is not None:
            memo.move_to_end(key)
        else:
            edges = {parse_edge_id(k): EdgeState(v) for k, v in self.s.edges.items()}
            g = kernel_geometry(self.b, edges, self.MOVES, key=key)
            if before is not None and changed is not None and not g._nb:
                near = {(q[0] + dx, q[1] + dy) for q in changed for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
                g._nb.update((q, v) for q, v in before[2]._nb.items() if q not in near)
            geo = memo[key] = (edges, key, g, {}, {})
            if len(memo) > DERIVED_EDGE_STATES:  # least recently used edge state out
                memo.popitem(last=False)
        self.s.cache["geo"] = geo
        return geo

    def edge(self, a: Sq, b: Sq) -> EdgeState:
        """The current state of the edge between orthogonal neighbours ``a`` and ``b`` (R-COMP-4)."""
        st = self._edges.get((a, b) if a <= b else (b, a))
        return st if st is not None else self.b.base_edge(a, b)

    def set_edge(self, e: tuple[Sq, Sq], st: EdgeState) -> None:
        """Change an edge (a door opened, a barricade cleared, a wall destroyed)."""
        self.s.edges[edge_id(e)] = st
        before = self.s.cache.pop("geo", None)
        geo = self._geo = self._build_geometry(before, e)
        self._edges, self._ekey, self.g, self._dE, self._los = geo

    # Definitions are read through their plain copies (``defs.plain``: the same values and
    # methods, attribute reads CPython specialises), made when the run is built.
    def cdef(self, c: CharState):
        return self._fx_chars[c.cid]

    def edef(self, e: EnemyState) -> EnemyDef:
        return self._fx_enemies[e.type]

    def idef(self, uid: str) -> ItemDef:
        return self._fx_items[self.s.cards[uid].defn]

    def name(self, who: CharState | EnemyState) -> str:
        if isinstance(who, CharState):  # (cdef / edef, inline)
            return self._fx_chars[who.cid].name
        return self._fx_enemies[who.type].name

    # Typed references for message parameters (issue 23 item 1, game.engine.messages): each
    # language renders the name itself; a square is named by the room it lies in.
    def r_who(self, who: CharState | EnemyState) -> dict:
        """A survivor's or an enemy's reference (a new dict each call), its name's stable key already
        written in (:func:`~game.engine.messages.keyed` of it: issue 30 item 5, the prompt of every
        step names the active survivor). Kept per model on the run: names are the content's."""
        refs = self._refs
        if isinstance(who, CharState):
            ref = refs.get(who.cid)
            if ref is None:
                ref = refs[who.cid] = keyed({"t": "char", "id": who.cid, "name": self._fx_chars[who.cid].name})
            return ref.copy()
        key = (who.uid, who.type)
        ref = refs.get(key)
        if ref is None:
            if len(refs) > 4096:  # a bound on memory
                refs.clear()
            ref = refs[key] = keyed({"t": "enemy", "id": who.uid, "type": who.type,
                                     "name": self._fx_enemies[who.type].name})
        return ref.copy()

    def r_item(self, uid: str) -> dict:
        """An item card's reference (by card instance)."""
        return {"t": "item", "id": uid, "name": self._fx_items[self.s.cards[uid].defn].name}

    def r_sq(self, sq: Any) -> dict:
        """A square's reference with the room (tile) it lies in, if any."""
        xy = (sq[0], sq[1])
        tid = self.b.square_tile.get(xy)
        return {"t": "sq", "xy": [xy[0], xy[1]], "room": self.b.tiles[tid].name if tid is not None else None}

    def within(self, mid: str, frm: Any, to: Any) -> str:
        """Message ``mid``, or ``mid + ".within"`` when ``frm`` and ``to`` lie in one room ("moves within
        the Storeroom": the log names rooms, not squares)."""
        st = self.b.square_tile
        a = st.get((frm[0], frm[1])) if frm is not None else None
        return mid + ".within" if a is not None and a == st.get((to[0], to[1])) else mid

    @staticmethod
    def r_meaning(row: Any) -> dict:
        """What an attack roll's best face does (R-ATK-2 step 5): a nested message; ``row`` None is a miss."""
        if row is None:
            return {"t": "msg", "id": "hit.miss"}
        bits = ([{"t": "msg", "id": "hit.damage", "params": {"n": row.damage}}] if row.damage else []) + \
            ([{"t": "msg", "id": "hit.push"}] if row.push else []) + ([{"t": "msg", "id": "hit.burst"}] if row.burst else [])
        return {"t": "list", "sep": "plus", "v": bits} if bits else {"t": "msg", "id": "hit.nothing"}

    def limit(self, c: CharState) -> int:
        return self._fx_chars[c.cid].inventory_limit + c.limit_bonus  # (self.cdef(c), inline)

    def occupancy(self) -> dict:
        """Who and what stands where: ``units`` (capacity used per square, R-COMP-8/9), ``fire``
        (frozenset of squares), ``enemies`` and ``chars`` (per square, in list order), ``kinds``
        (the token kinds on the board), ``progression`` (squares holding a progression token),
        ``item_b`` (is any Item B token on the board). Built once per change of a survivor,
        enemy or token (see :class:`~game.engine.state.Tracked`) on top of :meth:`token_index`,
        and kept in the state's cache; never cached when those lists were replaced by plain ones."""
        d = self.s
        gen = _GENERATION[0]
        hit = self._occ if TRUST[0] else None  # this pass's last answer (none kept: derived.shortcuts(False))
        if hit is not None and hit[0] == gen and hit[1] is d.characters and hit[2] is d.enemies and \
                hit[3] is d.tokens:
            return hit[4]
        hit = self._sc.get("occ") if TRUST[0] else None  # the state's, from an earlier pass
        if hit is not None and hit[0] == gen and hit[1] is d.characters and hit[2] is d.enemies and \
                hit[3] is d.tokens:
            self._occ = hit
            return hit[4]
        return self._occupancy_build()

    def token_index(self) -> dict:
        """What the tokens alone say, the part of :meth:`occupancy` that survivors and enemies
        moving does not change: ``units`` (capacity used by space-taking tokens per square),
        ``fire``, ``kinds``, ``progression`` and ``item_b`` as in :meth:`occupancy`; and for the
        action options: ``items`` (item token uids per square, in list order), ``reach`` (item
        boxes and typewriters as ``(kind, uid, square)``, in list order), ``barrels`` (``(uid,
        square)`` in list order), ``exits`` and ``corpses`` (frozensets of squares), ``at`` (the
        token models per square, in list order). Kept in the
        state's cache while the token generation (:class:`~game.engine.state.TokenList`) holds."""
        tk = self.s.tokens
        hit = self._tok  # (this run's last answer: the list it was built from, then the generation)
        if hit is not None and hit[1] is tk and hit[0] == _TOKEN_GENERATION[0] and TRUST[0]:
            return hit[2]
        gen = _TOKEN_GENERATION[0]
        trust = TRUST[0]
        cache = self._sc
        hit = cache.get("tok") if trust else None
        if hit is not None and hit[0] == gen and hit[1] is tk:
            self._tok = hit
            return hit[2]
        units: dict[Sq, int] = {}
        fire = set()
        kinds = set()
        progression = set()
        item_b = False
        items: dict[Sq, list[str]] = {}
        reach: list[tuple[str, str, Sq]] = []
        barrels: list[tuple[str, Sq]] = []
        exits = set()
        corpses = set()
        at: dict[Sq, list[TokenState]] = {}
        for t in tk:
            k = t.kind
            kinds.add(k)
            at.setdefault(t.pos, []).append(t)
            if k == "fire":
                fire.add(t.pos)
            elif k == "progression":
                progression.add(t.pos)
            elif k == "item":
                items.setdefault(t.pos, []).append(t.uid)
                if not item_b:
                    item_b = str(t.props.get("letter", "A")).upper() == "B"
            elif k == "exit":
                exits.add(t.pos)
            else:
                if k == "corpse":
                    corpses.add(t.pos)
                elif k == "barrel":
                    barrels.append((t.uid, t.pos))
                elif k == "item_box" or k == "typewriter":
                    reach.append((k, t.uid, t.pos))
                u = SPACE_TOKENS.get(k, 0)
                if u:
                    units[t.pos] = units.get(t.pos, 0) + u
        idx = {"units": units, "fire": frozenset(fire), "kinds": frozenset(kinds),
               "progression": frozenset(progression), "item_b": item_b, "items": items, "reach": reach,
               "barrels": barrels, "exits": frozenset(exits), "corpses": frozenset(corpses), "at": at}
        if type(tk) is TokenList:  # else: a list set by hand, no cache
            self._tok = cache["tok"] = (gen, tk, idx)
        return idx

    def _occupancy_build(self) -> dict:
        s = self.s
        cache = s.cache
        tok = self.token_index()
        et_units, enemies = self._enemy_index(tok)
        units = et_units.copy()
        chars: dict[Sq, list[CharState]] = {}
        for c in s.characters:
            q = c.pos
            if q is not None and not c.exited:
                units[q] = units.get(q, 0) + 1
                hit = chars.get(q)
                if hit is None:
                    chars[q] = [c]
                else:
                    hit.append(c)
        occ = {"units": units, "fire": tok["fire"], "enemies": enemies, "chars": chars, "kinds": tok["kinds"],
               "progression": tok["progression"], "item_b": tok["item_b"]}
        ch, en, tk = s.characters, s.enemies, s.tokens
        if type(ch) is Tracked and type(en) is EnemyList and type(tk) is TokenList:  # else: lists set by hand, no cache
            self._occ = cache["occ"] = (_GENERATION[0], ch, en, tk, occ)
        return occ

    def move_model(self, m: CharState | EnemyState, to: Sq) -> None:
        """Put the survivor or enemy ``m`` (in the state's lists) on square ``to`` (``m.pos = to``)
        and derive the new occupancy index from the kept one instead of rebuilding it at the
        next question: new dicts and lists, equal to what :meth:`occupancy` would build (per-square
        lists in list order; tests/test_speed_caches.py compares at every step). Only an index that
        was current before the move is carried over; otherwise the next question rebuilds it."""
        s = self.s
        sc = self._sc
        frm = m.pos
        ch, en, tk = s.characters, s.enemies, s.tokens
        occ = sc.get("occ")
        if occ is not None and not (occ[0] == _GENERATION[0] and occ[1] is ch and occ[2] is en and occ[3] is tk):
            occ = None
        if type(m) is EnemyState:
            et = sc.get("occ_et")
            if et is not None and not (et[0] == (_ENEMY_GENERATION[0], _TOKEN_GENERATION[0]) and et[1] is en and
                                       et[2] is tk):
                et = None
            m.pos = to
            if et is None or frm is None:
                return
            units, enemies = et[3]
            here = enemies.get(frm)
            if here is None:
                return
            for x in here:  # (by identity)
                if x is m:
                    break
            else:
                return  # not on the board's lists (the index never held it): rebuilt when asked
            u = sc["base_units"][m.type]
            units = _shifted(units, frm, to, u)
            enemies = _without(enemies, frm, here, m)
            # (nobody was there: just this enemy; else the list order of all there now)
            enemies[to] = [x for x in en if x.pos == to] if enemies.get(to) else [m]
            sc["occ_et"] = ((_ENEMY_GENERATION[0], _TOKEN_GENERATION[0]), en, tk, (units, enemies))
            if occ is not None and occ[4]["enemies"] is et[3][1]:
                idx = dict(occ[4])
                idx["units"] = _shifted(idx["units"], frm, to, u)
                idx["enemies"] = enemies
                self._occ = sc["occ"] = (_GENERATION[0], ch, en, tk, idx)
            return
        m.pos = to
        if occ is None or frm is None or to is None or m.exited:
            return
        idx = dict(occ[4])
        chars = idx["chars"]
        here = chars.get(frm)
        if here is None:
            return
        for x in here:  # (by identity)
            if x is m:
                break
        else:
            return
        idx["units"] = _shifted(idx["units"], frm, to, 1)
        chars = _without(chars, frm, here, m)
        chars[to] = [x for x in ch if x.pos == to and not x.exited] if chars.get(to) else [m]
        idx["chars"] = chars
        self._occ = sc["occ"] = (_GENERATION[0], ch, en, tk, idx)

    def _enemy_index(self, tok: dict) -> tuple[dict, dict]:
        """The part of :meth:`occupancy` that survivors moving does not change: capacity units
        used by enemies and tokens per square, and the enemies per square (in list order). Kept
        in the state's cache while the enemy and token generations hold (see
        :class:`~game.engine.state.EnemyList`)."""
        en, tk = self.s.enemies, self.s.tokens
        cache = self.s.cache
        gen = (_ENEMY_GENERATION[0], _TOKEN_GENERATION[0])
        hit = cache.get("occ_et") if TRUST[0] else None
        if hit is not None and hit[0] == gen and hit[1] is en and hit[2] is tk:
            return hit[3]
        base = cache.get("base_units")
        if base is None:  # capacity units by enemy type (static content)
            base = cache["base_units"] = {k: d.base.units for k, d in self.ct.enemies.items()}
        units = dict(tok["units"])
        enemies: dict[Sq, list[EnemyState]] = {}
        for e in en:
            q = e.pos
            units[q] = units.get(q, 0) + base[e.type]
            here = enemies.get(q)
            if here is None:
                enemies[q] = [e]
            else:
                here.append(e)
        out = (units, enemies)
        if type(en) is EnemyList and type(tk) is TokenList:  # else: lists set by hand, no cache
            cache["occ_et"] = (gen, en, tk, out)
        return out

    def fire(self) -> set[Sq]:
        """Squares holding fire (R-FIRE)."""
        return set(self.token_index()["fire"])

    def units_at(self, sq: Sq) -> int:
        """Capacity units used in ``sq`` (R-COMP-8/9): survivors 1, enemies by base, tokens."""
        return self.occupancy()["units"].get(sq, 0)

    def room(self, sq: Sq, units: int) -> bool:
        """R-COMP-8: may a model of ``units`` enter ``sq``?"""
        return has_room(self.b, self.occupancy()["units"], sq, units)

    def chars_at(self, sq: Sq) -> list[CharState]:
        return list(self.occupancy()["chars"].get(sq, ()))

    def enemies_at(self, sq: Sq) -> list[EnemyState]:
        return list(self.occupancy()["enemies"].get(sq, ()))

    def tile_id(self, sq: Sq) -> str:
        return self.b.square_tile[sq]

    def linked_tiles(self, tid: str) -> set[str]:
        """Tiles linked to ``tid``: an open door or archway directly on their border (R-COMP-14).
        Depends on the board and the edge states only: kept with the geometry (see
        :meth:`_build_geometry`); a new set is returned each time."""
        key = ("linked", tid)
        hit = self._dE.get(key)
        if hit is None:
            hit = self._dE[key] = frozenset(self._linked_now(tid))
        return set(hit)

    def _linked_now(self, tid: str) -> set[str]:
        out: set[str] = set()
        for e in self.b.features:
            st = self.edge(*e)
            if not st.links:
                continue
            ta, tb = self.tile_id(e[0]), self.tile_id(e[1])
            if ta == tid and tb != tid:
                out.add(tb)
            elif tb == tid and ta != tid:
                out.add(ta)
        return out

    def active_and_linked(self) -> set[str]:
        s = self.s
        c = s.characters[s.active]  # (s.active_char inline)
        if c.pos is None:
            return set()
        t = self.b.square_tile[c.pos]  # (self.tile_id, inline)
        return {t} | self.linked_tiles(t)

    def conscious(self) -> list[CharState]:
        return [c for c in self.s.characters if c.conscious]

    def los(self, a: Sq, b: Sq, fire: set[Sq] | None = None) -> bool:
        """Line of sight between squares (R-LOS-1..4) with the Blackout restriction (R-LOS-6).
        ``fire``: the squares holding fire (default: the board's). Answers are kept in the
        state's cache, by squares, fire and dark tiles, until an edge changes."""
        if fire is None:
            fire = self.token_index()["fire"]
        elif type(fire) is not frozenset:  # (a frozenset is its own key: equal ones are the same key)
            fire = frozenset(fire)
        dark = frozenset(self.sustain_tiles("Blackout")) if self.s.core.sustain else _NO_SQUARES
        key = (a, b, fire, dark)
        memo = self._los
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) > 4096:
            memo.clear()
        ok = memo[key] = self._los_now(a, b, fire, dark)
        return ok

    def _los_now(self, a: Sq, b: Sq, fire: frozenset, dark: frozenset) -> bool:
        if not line_of_sight(self.g, a, b, fire):
            return False
        if dark and self.g.dR_sq(a, b) > 1:
            for tid in dark:
                sq = self.b.tiles[tid].squares
                if a in sq or b in sq or any(q in sq for q in self.g.squares_crossed(a, b)):
                    return False
        return True

    def sustain_tiles(self, name: str) -> set[str]:
        return {i.tile for i in self.s.core.sustain.values() if i.name == name and i.tile}

    def dE_map(self, target: Sq, forced: bool = False, fire: frozenset | None = None) -> Mapping[Sq, int]:
        """Enemy distances to ``target`` from every square (fire impassable except the ends,
        R-COMP-12); ``forced`` counts unlocked closed doors as passable (R-STALK-5). A mapping
        square -> steps, searched only as far as asked (:meth:`Geometry.lazy_distances`) and kept
        on the board with the edge states (see :meth:`_build_geometry`); forced ones also by the
        locks still on doors."""
        if fire is None:  # (``fire``: the token index's fire squares, when the caller has them)
            fire = self.token_index()["fire"]
        key = (target, fire, tuple(sorted(self.s.locks))) if forced else (target, fire)
        m = self._dE.get(key)
        if m is None:
            g = self.forced_geometry() if forced else self.g
            m = g.lazy_distances(target, blocked=(fire.__contains__ if fire else None))
            if len(self._dE) > 512:
                self._dE.clear()
            self._dE[key] = m
        return m

    def walk_distances(self, src: Sq) -> Mapping[Sq, int]:
        """Walking distances from ``src`` ignoring occupancy and fire (R-COMP-12), as
        :meth:`Geometry.distances_from` gives them but searched only as far as asked and kept in
        the state's cache until an edge changes."""
        key = ("walk", src)
        m = self._dE.get(key)
        if m is None:
            if len(self._dE) > 512:
                self._dE.clear()
            m = self._dE[key] = self.g.lazy_distances(src)
        return m

    def forced_geometry(self) -> Geometry:
        """Geometry where closed doors without a lock card are passable (R-STALK-5)."""
        locks = self.s.locks
        lk = tuple(sorted(locks))
        key = ("forced", lk)
        g = self._dE.get(key)
        if g is None:
            plain = self.g.edge
            locked = frozenset(lk)

            def edge(a: Sq, b: Sq) -> EdgeState:
                st = plain(a, b)
                if st == EdgeState.DOOR_CLOSED and edge_id(edge_key(a, b)) not in locked:
                    return EdgeState.DOOR_OPEN
                return st
            g = self._dE[key] = Geometry(self.b, edge, key=("forced", self._ekey, lk), diagonal=self.MOVES.diagonal)
        return g

    def corpse_enemy(self) -> str:
        """The enemy type a corpse rises as (content: decks.yaml ``corpse_enemy``, R-CORPSE-2)."""
        return self.ct.decks.corpse_enemy

    def health_label(self, c: CharState) -> str:
        return HEALTH_LABELS[c.health]

    def enemy_hp(self, e: EnemyState) -> int:
        """Hit points; bosses lose 10 in solo mode (R-SOLO-5)."""
        d = self.edef(e)
        if d.solo_hp is not None and self.solo():
            return d.solo_hp
        return d.hp

    def solo(self) -> bool:
        return len(self.s.characters) == 1 and not self.brief.intro

    def enraged(self, e: EnemyState) -> bool:
        """DV-6 Enrage: Stalker Stage Two with its dial at or below the threshold."""
        d = self.edef(e)
        if "enrage" not in d.rules:
            return False
        at = d.solo_enrage_at if self.solo() and d.solo_enrage_at is not None else d.enrage_at
        return at is not None and self.enemy_hp(e) - e.wounds <= at

    def roll(self, colours: list[str]) -> list[Face]:
        """Roll one die per colour ("blue"/"red", R-DIE-1): the state's RNG, or with the dice
        switch off (``state.manual``) the faces the players rolled at the table (issue 12)."""
        if "dice" in self.s.manual:
            return [self.entered_face(col, i, len(colours)) for i, col in enumerate(colours)]
        dice = self.ct.dice  # DV-1 faces from content (dice.yaml)
        return roll_pool(self.s.rng, [dice[col] for col in colours])

    def d6(self, why: dict | str) -> int:
        """The encounter die, 1..6, face 6 bears the hazard mark (R-DIE-1); entered at the table
        when the dice switch is off (issue 12). ``why`` names the roll in the prompt (a nested
        message, :mod:`game.engine.messages`)."""
        if "dice" in self.s.manual:
            opts = [Action(kind="face", item="d6", n=v) for v in range(1, 7)]
            why = why if isinstance(why, dict) else {"t": "text", "v": why}
            return self.entry("dice", self.s.active_char.seat, "ask.enter_d6", opts, {"why": why}).n or 1
        return self.s.rng.d6()

    def entered_face(self, colour: str, i: int, n: int) -> Face:
        faces = self.ct.dice[colour]  # DV-1 faces from content
        opts = [Action(kind="face", item=colour, target=f.value) for f in dict.fromkeys(faces)]
        a = self.entry("dice", self.s.active_char.seat, "ask.enter_face_of" if n > 1 else "ask.enter_face", opts,
                       {"colour": {"t": "msg", "id": "die." + colour}, "i": i + 1, "n": n})
        return Face(a.target)

    def inv_count(self, c: CharState) -> int:
        return len(c.inventory)

    def box_limit(self) -> int:
        """R-IBOX-4: 8 items, 24 in solo mode (R-SOLO-3)."""
        return 24 if len(self.s.characters) == 1 and not self.brief.intro else 8

    def simple_locks(self) -> set[str]:
        """DV-18: the lock cards marked Simple (content: decks.yaml)."""
        return set(self.ct.decks.simple_locks) if self.ct.decks is not None else set()

    def has_sustain(self, name: str, cid: str | None = None) -> bool:
        """Is sustained effect ``name`` in play (next to character ``cid``)? Jammed applies only
        from the turn after it was drawn (DV-16: "until the end of your next turn")."""
        for info in self.s.core.sustain.values():
            if info.name == name and (cid is None or info.char == cid):
                return True
        return False

    def find_slot(self, c: CharState, uid: str | None) -> list[str]:
        for slot in c.inventory:
            if uid in slot:
                return slot
        raise KeyError(uid)

    def is_boss(self, e: EnemyState) -> bool:
        return "boss" in self._fx_enemies[e.type].rules  # (self.edef(e), inline)

    def current_symbol(self) -> str | None:
        """R-SPECIAL-3/4: the last tension card's symbol, or the cut of the deck."""
        s = self.s
        if self.brief.ignore_symbols:  # R-INTRO-5
            return None
        if s.tension_symbol_known:
            return s.tension_symbol
        pile = s.piles.get("tension", [])
        if not pile:
            return None
        k = (len(pile) + 1) // 2  # ceil(n/2), 1-based
        return s.cards[pile[k - 1]].symbol

    def default_order(self, enemies: Iterable[EnemyState]) -> list[EnemyState]:
        """R-REACT-8: highest threat, then smallest dE to the active character, then (y, x)."""
        s = self.s
        c = s.characters[s.active]  # (s.active_char inline)
        if c.pos is not None:
            m = self.dE_map(c.pos)
            near, dget = m.known, m.get  # (the squares searched so far read as a plain dict first)
        else:
            near, dget = {}, {}.get
        edefs = self._fx_enemies
        # (decorated with the list index, so equal keys keep list order as a stable sort does; no
        # call per enemy: the same order as ``sorted(enemies, key=...)`` with that key)
        rows = []
        for i, e in enumerate(enemies):
            q = e.pos
            d = near.get(q)
            if d is None:
                d = dget(q, INF)
            rows.append((-edefs[e.type].threat, d, q[1], q[0], i, e))
        if len(rows) > 1:
            rows.sort()
        return [r[5] for r in rows]

    def band(self) -> str:
        """DV-4 danger bands."""
        d = self.s.danger
        return "low" if d <= 5 else "high" if d <= 11 else "extreme"
