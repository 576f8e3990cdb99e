"""The actions a survivor may take and their effects: move, stairwell, doors, barricades, exit, use item (R-ACT-1, R-MOVE, R-STAIR, R-DOOR, R-BARR, R-SCEN-6, R-USE, R-HERB)."""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Action, action_with, actions_with, make_action, use_action
from ..board import EdgeState, Geometry, Sq, Tile, edge_id, edge_key, parse_edge_id
from ..defs import BLUE_FACES, RED_FACES, AttackDef, EnemyDef, Face, ItemDef, Op, face_meets_tier, herb_value
from ..kernel import CAPACITY
from ..machine import action, decision, task
from ..state import CardState, CharState, EnemyState, Pending, TokenState
from .base import FREE_ACTIONS, HEALTH_LABELS, INF, SPACE_TOKENS, T, faces_text, passes_through, set_dial_if_new


class Actions:
    """Mixin of the core rule set (see :mod:`game.engine.core`)."""

    def action_options(self) -> list[Action]:
        """R-ACT-1: every action the active character may take now, plus free ones.

        Listed once per step, in a fixed order: moves, stairwell, doors and barricades, search,
        stash/typewriter, searching a fallen survivor, trades, uses, attacks, exit, scenario
        actions, discards, mixes, end of phase. (Lookups are hoisted out of the loops; the
        order and the answers are those of the rules as written, see tests/test_speed_caches.py.)"""
        s = self.s
        c = s.characters[s.active]  # (s.active_char inline)
        out: list[Action] = []
        pos = c.pos
        if pos is None or c.exited or c.health > 5:  # not CharState.conscious
            return out
        b = self.b
        st_of = b.square_tile
        occ = self.occupancy()
        tix = self.token_index()
        units = occ["units"]
        g = self.g
        nbs = g.neighbours(pos)
        held = self.held_by_boss(c) if s.core.boss else False
        # Move (R-MOVE-1..5): room (R-COMP-8, the kernel's has_room inline) and not held on a boss's tile (R-BOSS-8)
        full = CAPACITY - 1
        if held:
            here_tile = st_of[pos]
            for n, tn, act in self.move_options_at(pos):
                if units.get(n, 0) <= full and tn == here_tile:
                    out.append(act)
        elif max(units.values()) > full:  # (some square is full: each neighbour asked; the list is empty so far)
            uget = units.get
            out = [act for n, tn, act in self.move_options_at(pos) if uget(n, 0) <= full]
        else:  # (no square is full: every move, as kept with the geometry)
            out = self.move_actions_at(pos).copy()
        # Use Stairwell (R-STAIR-2)
        if b.stairs:
            partner = b.stair_partner(pos)
            if partner is not None and self.room(partner, 1) and self.may_leave_to(c, partner):
                out.append(make_action("stairs", to=partner))
        # Open/close door, clear barricade (R-DOOR-1, R-BARR-2)
        feats = self.features_at(pos)
        if feats:
            edge = self.edge
            for e in feats:
                st = edge(*e)
                if st == EdgeState.DOOR_OPEN:
                    out.append(action_with("door", "edge", edge_id(e)))
                elif st == EdgeState.DOOR_CLOSED and self.can_open(c, e):
                    out.append(action_with("door", "edge", edge_id(e)))
                elif st == EdgeState.BARRICADE:
                    out.append(action_with("clear", "edge", edge_id(e)))
        # Search (R-SEARCH-1/2)
        inv = c.inventory
        full = len(inv) >= self.limit(c)
        if not full:
            for uid in tix["items"].get(pos, ()):
                out.append(action_with("search", "target", uid))
        for k, uid, q in tix["reach"]:
            if q == pos or q in nbs:
                if k == "item_box":  # R-IBOX-2/3: same or adjacent square
                    if inv and len(s.item_box) < self.box_limit():
                        out.append(action_with("stash", "target", uid))
                    if s.item_box and not full:
                        out.append(action_with("search", "target", uid))
                elif s.ink_ribbons > 0:  # R-INK-4: a typewriter
                    out.append(action_with("typewriter", "target", uid))
        chars = s.characters
        if not full:
            for o in chars:  # R-SEARCH-5: an unconscious survivor in the same square
                if o is not c and o.pos == pos and o.health == 6 and not o.exited and o.inventory:
                    out.append(action_with("search", "target", o.cid))
        # Trade (R-TRADE-1/2)
        for o in chars:
            if o is c:
                continue
            q = o.pos
            if q is None or o.exited or o.health > 5:
                continue
            if q == pos or q in nbs:
                out.append(action_with("trade", "target", o.cid))
        # Use item (R-USE)
        if inv:
            out.extend(self.use_options(c))
            # Attack (R-ATK)
            if s.enemies or tix["barrels"]:
                out.extend(self.attack_options(c, occ["fire"], tix["barrels"]))
        # Exit (R-SCEN-6)
        if pos in tix["exits"] and not held:
            out.append(action_with("exit"))
        if self.brief.scenario_actions:
            out.extend(self.scenario_action_options(c))  # R-SCEN-4
        # free: discard (R-INV-3), mix herbs (R-HERB-3), end the action phase (R-TURN-5)
        if inv:
            out.extend(actions_with("discard", "item", [slot[0] for slot in inv]))
            if len(inv) > 1:
                cards = s.cards
                items = self._fx_items
                herbs = []
                for slot in inv:  # slots holding only herbs
                    for u in slot:
                        if not items[cards[u].defn].herb:
                            break
                    else:
                        herbs.append(slot)
                for i, a in enumerate(herbs):
                    for bslot in herbs[i + 1:]:
                        if len(a) + len(bslot) <= 3:  # R-HERB-2
                            out.append(make_action("mix", item=a[0], item2=bslot[0]))
        if s.ink_ribbons > 0 and self.brief.ribbon_exchange is not None and self.ribbon_exchange_counts():
            out.append(action_with("ribbons"))  # R-EASY-6 hook, R-INK-2: a ribbon spent on one's own turn
        # R-TURN-5: no early end in a square with an enemy or a corpse (see may_skip)
        if pos not in occ["enemies"] and pos not in tix["corpses"]:
            out.append(action_with("end_phase"))
        return out

    def move_options_at(self, pos: Sq) -> list:
        """The move actions from ``pos`` ignoring occupancy: ``(square, its tile, the shared
        move action)`` for each connected-adjacent square of the play area, in neighbour order
        (R-MOVE-1..4, R-COMP-11). Depends on the edge states only: kept with the geometry."""
        memo = self.g.__dict__.get("_moves")
        if memo is None:
            memo = self.g.__dict__["_moves"] = {}
        hit = memo.get(pos)
        if hit is None:
            st_of = self.b.square_tile
            hit = memo[pos] = [(n, st_of[n], make_action("move", to=n)) for n in self.g.neighbours(pos) if n in st_of]
        return hit

    def move_actions_at(self, pos: Sq) -> list[Action]:
        """The move actions of :meth:`move_options_at` alone, in its order (kept with it)."""
        memo = self.g.__dict__.get("_move_acts")
        if memo is None:
            memo = self.g.__dict__["_move_acts"] = {}
        hit = memo.get(pos)
        if hit is None:
            hit = memo[pos] = [act for _, _, act in self.move_options_at(pos)]
        return hit

    def features_at(self, sq: Sq) -> list[tuple[Sq, Sq]]:
        """The doors, archways and barricades on the edges of square ``sq``, in the board's
        order (static: kept on the board)."""
        bd = self.b.__dict__
        idx = bd.get("_features_at")
        if idx is None:
            idx = {}
            for e in self.b.features:
                for q in e:
                    idx.setdefault(q, []).append(e)
            bd["_features_at"] = idx
        return idx.get(sq, ())

    def can_open(self, c: CharState, e: tuple[Sq, Sq]) -> bool:
        """R-DOOR-5..8: may ``c`` open this closed door?"""
        lk = self.s.locks.get(edge_id(e))
        if not lk:
            return True
        if lk.get("one_way_from") is not None:
            return c.pos == T(lk["one_way_from"])
        lock = lk.get("lock")
        if not lock:
            return True
        for slot in c.inventory:
            for u in slot:
                d = self.idef(u)
                if lock in d.key_for:
                    return True
                if d.opens_simple and lock in self.simple_locks():
                    return True
        return False

    def use_options(self, c: CharState) -> list[Action]:
        out = []
        near = None
        cards = self.s.cards
        items = self._fx_items
        inv = c.inventory
        for slot in inv:
            d = items[cards[slot[0]].defn]
            if d.type == "ammo":  # R-USE-2
                for wslot in inv:
                    if items[cards[wslot[0]].defn].id in d.fits:
                        out.append(use_action(slot[0], item2=wslot[0]))
            elif d.herb or d.heal:
                if near is None:
                    pos = c.pos
                    nbs = self.g.neighbours(pos)
                    near = [o for o in self.s.characters if o.pos is not None and not o.exited and
                            (o.pos == pos or o.pos in nbs)]  # R-USE-3
                for o in near:
                    if o.health <= 5:  # (o.conscious: ``near`` holds only survivors on the board)
                        out.append(use_action(slot[0], o.cid))
                    elif d.heal and o.health == 6 and not o.dead:
                        out.append(use_action(slot[0], o.cid))  # R-HEALTH-9
            elif d.limit_bonus:
                out.append(action_with("use", "item", slot[0]))
        return out

    @action("move")
    def do_move(self, c: CharState, a: Action) -> None:
        src = c.pos
        self.move_model(c, a.to)
        st = self.b.square_tile
        self.emit("move", "R-MOVE-1", "move.within" if st.get(src) is not None and st.get(src) == st.get(a.to) else "move.to",
                  {"char": self.r_who(c), "to": self.r_sq(a.to)}, char=c.cid, frm=list(src), to=list(a.to))
        self.on_enter(c)

    @action("stairs")
    def do_stairs(self, c: CharState, a: Action) -> None:
        src = c.pos
        c.pos = a.to
        self.emit("move", "R-STAIR-2", "move.stairs", {"char": self.r_who(c)}, char=c.cid, frm=list(src),
                  to=list(a.to))
        self.on_enter(c)

    @action("door")
    def do_door(self, c: CharState, a: Action) -> None:
        e = parse_edge_id(a.edge)
        st = self.edge(*e)
        if st == EdgeState.DOOR_OPEN:
            self.set_edge(e, EdgeState.DOOR_CLOSED)
            self.emit("door", "R-DOOR-1", "door.close", {"char": self.r_who(c)}, edge=a.edge, open=False)
        else:
            self.set_edge(e, EdgeState.DOOR_OPEN)
            rule = "R-DOOR-1"
            if self.s.locks.pop(a.edge, None):
                rule = "R-DOOR-6"
            self.emit("door", rule, "door.open", {"char": self.r_who(c)}, edge=a.edge, open=True)

    @action("clear")
    def do_clear(self, c: CharState, a: Action) -> None:
        e = parse_edge_id(a.edge)
        self.set_edge(e, EdgeState.ARCHWAY)
        self.emit("barricade", "R-BARR-2", "barricade.clear", {"char": self.r_who(c)}, edge=a.edge)

    @action("exit")
    def do_exit(self, c: CharState, a: Action) -> None:
        c.exited = True
        c.pos = None
        self.s.actions_left = 0  # R-TURN-10
        self.emit("exit", "R-SCEN-6", "exit.leave", {"char": self.r_who(c)}, char=c.cid)

    def on_enter(self, c: CharState) -> None:
        """R-MOVE-8 / R-ACT-4 step 2: triggers when a character enters a square."""
        if c.pos is None:
            return
        tasks: list[dict] = []
        tid = self.tile_id(c.pos)
        if tid not in self.s.explored:  # R-EXPLORE-3
            tasks += self.explore(c, self.b.tiles[tid])
        enter = self.ENTER_TOKENS
        for t in self.token_index()["at"].get(c.pos, ()):  # R-NARR-2/3: then narrative and fixed narrative tokens
            if t.kind in enter:
                tasks.append({"t": enter[t.kind], "token": t.uid, "cid": c.cid})
        if tasks:
            self.push(*tasks)

    @action("use")
    def do_use(self, c: CharState, a: Action) -> None:
        s = self.s
        slot = self.find_slot(c, a.item)
        d = self.idef(a.item)
        if d.type == "ammo":  # R-USE-2, R-AMMO-4
            w = s.cards[a.item2]
            wd = self.idef(a.item2).weapon
            before = w.ammo or 0
            w.ammo = min(wd.capacity, before + (d.reload or 0))  # R-AMMO-4
            if self.brief.easy:
                w.ammo = wd.capacity  # R-EASY-3
            c.inventory.remove(slot)
            self.discard_card(a.item)
            self.emit("reload", "R-USE-2", "use.reload", {"char": self.r_who(c), "item": self.r_item(a.item2), "a": before,
                                                         "b": w.ammo},
                      weapon=a.item2, ammo=w.ammo)
            return
        if d.limit_bonus:  # DV-12 Hip Pouch
            c.inventory.remove(slot)
            s.piles["removed"].append(a.item)
            c.limit_bonus = min(2, c.limit_bonus + d.limit_bonus)
            self.emit("use", "DV-12", "use.limit", {"char": self.r_who(c), "item": self.r_item(a.item), "n": self.limit(c)})
            return
        target = s.char(a.target)
        c.inventory.remove(slot)
        for u in slot:
            self.discard_card(u)
        if d.heal and target.health == 6:  # R-HEALTH-9 resuscitation
            target.health = 1 if self.brief.easy else 3  # R-EASY-4
            self.emit("revive", "R-HEALTH-9", "use.revive", {"char": self.r_who(c), "other": self.r_who(target)},
                      char=target.cid)
            return
        if d.heal:
            self.recover(target, 5 if self.brief.easy else d.heal, "R-EASY-4" if self.brief.easy else "R-USE-3")
            return
        herbs = [self.idef(u).herb for u in slot]
        amount = herb_value(herbs)  # DV-11
        names = {"t": "list", "sep": "plus", "v": [self.r_item(u) for u in slot]}
        self.emit("use", "R-HERB-4", "use.on", {"char": self.r_who(c), "items": names, "other": self.r_who(target)},
                  herbs=herbs)
        if amount:
            self.recover(target, amount, "R-HERB-4")
        if "blue" in herbs and target.poisoned:
            target.poisoned = False
            self.emit("cure", "R-POISON-2", "use.cure", {"char": self.r_who(target)})
