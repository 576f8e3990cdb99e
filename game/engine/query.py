"""Read-only questions about a game, for the UI, bots and tools: the one window on a game.

:class:`View` answers what the rules know (definitions, edge states, linked tiles, inventory
limits, line of sight, health-step names, why a target is not legal, what a seat may see)
without changing anything, so the UI and the bots never re-derive a rule. It never mutates the
state it is given.
"""
from __future__ import annotations

import functools
import re
from typing import Any, Protocol

from .actions import Action, Event, visible_to
from .board import Board, EdgeState, Geometry, Sq, edge_id
from .core.base import HEALTH_LABELS, INF
from .defs import EnemyDef, ItemDef, NarrativeOption
from .machine import ruleset_of
from .rng import Rng
from . import explain, odds
from .state import CardState, CharState, EnemyState, GameState, Pending, TokenState

class Game(Protocol):
    """What the UI and the bots hold of a game: an opaque handle they pass to ``apply``,
    ``legal_actions``, :class:`View` and saves, and never read (issue 23 item 3: they see a game only
    through ``View(game, seat)``; ``tests/test_seats_ratchet.py`` counts reads of its fields). A
    protocol with no members, not the engine's state class: a type checker refuses any read of a
    field through it, and nothing outside the engine names ``GameState``. (Every game state is one.)"""

#: piles whose order is hidden from every player (face-down decks)
HIDDEN_PILES = ("item_a", "item_b", "item_c", "tension", "narrative", "behaviour")


class View:
    """A read-only view of a game (cheap to build; build a new one after each ``apply``).

    ``seat`` is the player looking (None: a spectator, or the table as a whole in a game without
    secrets); rule sets with hidden information (versus: bids, deployment) answer
    :meth:`visible_state` for that seat (``RuleSet.redact``), and :meth:`events` and
    :meth:`record` leave out what only other seats may see. A spectator sees public information
    only. Questions that need the rules raise RuntimeError if the state has no scenario attached.
    """

    def __init__(self, state: GameState, seat: int | None = None):
        self._s = state
        self.seat = seat
        rs = ruleset_of(state)
        self._redacts = rs.redact is not None  # a rule set with secrets: records come redacted
        self._seen: tuple[int, dict] | None = None  # (step, the records as this seat may see them)

    @functools.cached_property
    def _r(self) -> Any:
        """The rule set's run over the state, built at the first question that needs the rules
        (reading the table's records does not). Raises RuntimeError if the state has no scenario."""
        return ruleset_of(self._s).run_class(self._s)

    @classmethod
    def deciding(cls, state: GameState) -> "View":
        """The view of the seat that answers the pending decision (its first seat, when several
        may), or a spectator's view when nothing is pending. Raises RuntimeError as ``View``."""
        p = state.pending
        return cls(state, None if p is None or state.result is not None else p.seat)

    @classmethod
    def of(cls, state: GameState, seat: int | None = None) -> "View":
        """The view of ``state`` for ``seat``, built once per step (kept in the state's derived
        cache, which ``apply`` keeps and ``touch()`` forgets): what a screen drawn every frame
        asks for (its questions that need the rules raise RuntimeError without a scenario)."""
        c = state.cache
        key = ("view", seat)
        hit = c.get(key)
        if hit is not None and hit[0] == state.step:
            return hit[1]
        v = cls(state, seat)
        c[key] = (state.step, v)
        return v

    # ---------------------------------------------------------------- whose decision, what was seen
    @property
    def pending(self) -> Pending | None:
        """The decision the game waits for (kind, ``seats`` that may answer it, prompt, options,
        context), or None when nothing is pending (a finished game has none)."""
        return self._s.pending

    def deciding_seats(self) -> tuple[int, ...]:
        """The seats that may answer the pending decision now (empty when none is pending)."""
        p = self._s.pending
        return () if p is None or self._s.result is not None else p.seats

    def decides(self) -> bool:
        """True if the looking seat may answer the pending decision now (a window addressed to
        several seats counts for each of them). A spectator never decides."""
        return self.seat is not None and self.seat in self.deciding_seats()

    def legal(self) -> list[Action]:
        """The looking seat's choices now (``legal_actions(state, seat)``; a spectator's view
        gives the pending seat's choices, as ``legal_actions(state)``)."""
        from .api import legal_actions  # (api imports this module's package)
        return legal_actions(self._s, self.seat)

    def events(self, events: list[Event]) -> list[Event]:
        """The events of ``events`` the looking seat may see (``Event.audience``), in order."""
        return visible_to(events, self.seat)

    def record(self) -> list[dict[str, Any]]:
        """The actions taken so far as the looking seat may know them: the answer of a secret
        decision given by another seat is ``{"kind": "hidden", "by": seat}`` (R-DOC-4 records
        stay whole in the state; this is what a screen may show)."""
        out = []
        me = self.seat
        for a in self._s.record:
            if a.get("secret") and a.get("by") != me:
                out.append({"kind": "hidden", "by": a["by"]})
            else:
                out.append(a)
        return out

    def undo_floor(self) -> int:
        """The earliest step undo may go back to: the step of the last secret a seat committed
        (a secret decision answered, an event only some seats saw); 0 without secrets. Undo
        never steps back over information another seat committed in secret."""
        return self._s.sealed

    # ---------------------------------------------------------------- the table (what every seat sees)
    # Records are handed out as the game holds them (survivors, enemies, tokens, cards): read
    # them, never change them. Rule sets with secrets keep those out of these records and answer
    # them through :meth:`visible_state` (``RuleSet.redact``).
    @property
    def step(self) -> int:
        """Actions applied so far (the state's id: +1 per ``apply``)."""
        return self._s.step

    @property
    def turn(self) -> int:
        """Player turns started so far (R-TURN-1)."""
        return self._s.turn

    @property
    def phase(self) -> str:
        """The running phase of the rule set's phase table, ``setup`` or ``over``."""
        return self._s.phase

    @property
    def active_seat(self) -> int:
        """The seat whose turn it is (R-TURN-1)."""
        return self._s.active

    @property
    def actions_left(self) -> int:
        """Actions the active survivor has left this action phase (R-ACT-1)."""
        return self._s.actions_left

    @property
    def over(self) -> bool:
        """True once the scenario has a result."""
        return self._s.result is not None

    @property
    def result(self) -> str | None:
        """"success", "failure" or None while the game goes on."""
        return self._s.result

    @property
    def result_reason(self) -> str:
        """Why the scenario ended, in English with its rule ID ("" while it goes on): for logs and
        tools; a screen words :attr:`result_why`."""
        return self._s.result_reason

    @property
    def result_why(self) -> dict | None:
        """Why the scenario ended as a message reference with its rule
        (``{"t": "msg", "id": "reason.died", "params": {...}, "rule": "R-HEALTH-10"}``, or a content
        ``{"t": "text", "v": ...}``; see :mod:`game.engine.messages`), a copy; None while it goes on
        and for a game saved before the engine kept it (then only :attr:`result_reason` says why).
        A game that has only English words ("Mateo Reyes died (R-HEALTH-10)": a save from before
        the reference) gets them as a text reference, its rule ID split off into ``rule`` so a
        screen shows it only when asked (:func:`legacy_why`)."""
        why = self._s.result_why
        if not why and self._s.result_reason:
            return legacy_why(self._s.result_reason)
        return dict(why) if why else None

    @property
    def seed(self) -> int:
        """The game's seed (R-DOC-4)."""
        return self._s.seed

    @property
    def scenario(self) -> Any:
        """The static scenario the game is played on (``board``, ``content``, ``brief``, as
        loaded: definitions, never game state)."""
        return self._s.scenario

    @property
    def rules(self) -> str:
        """The name of the rule set playing this game (``game.engine.machine.RULESETS``: "core", "mansion" ...)."""
        return self._s.rules

    @property
    def scenario_id(self) -> str:
        """The id of the scenario's brief (what a save names)."""
        return self._s.scenario_id

    @property
    def manual(self) -> list[str]:
        """The automation switches turned off for this game ("dice", "tension"; issue 12)."""
        return self._s.manual

    @property
    def last_tension(self) -> str | None:
        """The uid of the tension card drawn last (face up, R-TENSION-2), or None."""
        return self._s.last_tension

    @property
    def tension_symbol(self) -> str | None:
        """The symbol of the last tension card when it is known (R-TENSION-3), else None."""
        s = self._s
        return s.tension_symbol if s.tension_symbol_known else None

    @property
    def tension_symbol_known(self) -> bool:
        """Whether the current tension symbol is known (R-TENSION-3)."""
        return self._s.tension_symbol_known

    def pile(self, name: str) -> list[str]:
        """The cards (uids, in order) of a face-up pile (a discard pile, the gear handed out).
        Raises ValueError for a face-down deck (``HIDDEN_PILES``: only :meth:`pile_size`)."""
        if name in HIDDEN_PILES:
            raise ValueError(f"pile {name!r} is face down: only its size may be seen (View.pile_size)")
        if self._redacts:  # a rule set with secrets may hide a pile from this seat (a hand)
            p = self._redacted()["piles"].get(name, [])
            if not isinstance(p, list):
                raise ValueError(f"pile {name!r} is hidden from this seat: only its size may be seen")
            return list(p)
        return list(self._s.piles.get(name, ()))

    def signature(self) -> tuple:
        """What screens show of the game, cheaply, as a key: the state's identity and step (every
        applied action raises it) plus the fields tests and the undo change by hand (models,
        inventories, ammunition, phase). Equal signatures draw equal panels."""
        state = self._s
        cards = state.cards
        return (id(state), state.step, state.turn, state.phase, state.active, state.actions_left, state.result is not None,
                state.result, id(state.pending), state.last_tension, state.ink_ribbons, state.danger,
                len(state.item_box), len(state.explored), tuple(state.core.sustain), tuple(state.locks),
                tuple((c.pos, c.health, c.poisoned, c.exited, c.dead,
                       tuple((tuple(sl), tuple(cards[u].ammo if u in cards else None for u in sl)) for sl in c.inventory))
                      for c in state.characters),
                tuple((e.uid, e.type, e.pos, e.wounds) for e in state.enemies),
                tuple((t.kind, t.pos) for t in state.tokens))

    def _redacted(self) -> dict:
        """The records of a rule set with secrets as this seat may see them (``RuleSet.redact``
        through :meth:`visible_state`, read back into records): ``characters``, ``enemies``,
        ``tokens``, ``cards``, ``piles`` (a pile hidden from the seat is its size). Built once per step."""
        step = self._s.step
        if self._seen is None or self._seen[0] != step:
            from pydantic import TypeAdapter
            d = self.visible_state()
            out = {name: TypeAdapter(list[cls]).validate_python(d.get(name, []))
                   for name, cls in (("characters", CharState), ("enemies", EnemyState), ("tokens", TokenState))}
            out["cards"] = TypeAdapter(dict[str, CardState]).validate_python(d.get("cards", {}))
            out["piles"] = d.get("piles", {})  # (a hidden pile is its size, an int)
            self._seen = (step, out)
        return self._seen[1]

    @property
    def characters(self) -> list[CharState]:
        """The survivors in seat order (R-TURN-1)."""
        return self._redacted()["characters"] if self._redacts else self._s.characters

    @property
    def active_char(self) -> CharState:
        """The survivor whose turn it is."""
        s = self._s
        return self.characters[s.active] if self._redacts else s.characters[s.active]

    def char(self, cid: str) -> CharState:
        """The survivor with profile id ``cid``. Raises KeyError."""
        if self._redacts:
            for c in self.characters:
                if c.cid == cid:
                    return c
            raise KeyError(cid)
        return self._s.char(cid)

    @property
    def enemies(self) -> list[EnemyState]:
        """The enemies in play."""
        return self._redacted()["enemies"] if self._redacts else self._s.enemies

    def enemy(self, uid: str) -> EnemyState | None:
        """The enemy with this uid, or None once it has left play."""
        if self._redacts:
            return next((e for e in self.enemies if e.uid == uid), None)
        return self._s.enemy(uid)

    @property
    def tokens(self) -> list[TokenState]:
        """The tokens on the board (exits, item tokens, typewriters, fire ...)."""
        return self._redacted()["tokens"] if self._redacts else self._s.tokens

    def token(self, uid: str) -> TokenState | None:
        """The token with this uid, or None."""
        if self._redacts:
            return next((t for t in self.tokens if t.uid == uid), None)
        return self._s.token(uid)

    def card(self, uid: str) -> CardState:
        """A card in play (held, in the item box, or face up): its definition id (``defn``), deck
        and ammunition dial (R-AMMO-1). Raises KeyError for an unknown card."""
        return self._redacted()["cards"][uid] if self._redacts else self._s.cards[uid]

    def has_card(self, uid: str) -> bool:
        """True if ``uid`` names a card of this game (:meth:`card` would find it)."""
        return uid in (self._redacted()["cards"] if self._redacts else self._s.cards)

    def pile_size(self, name: str) -> int:
        """How many cards pile ``name`` holds (face-down decks give their size only, R-ITEM-3)."""
        if self._redacts:
            p = self._redacted()["piles"].get(name, [])
            return p if isinstance(p, int) else len(p)
        return len(self._s.piles.get(name, ()))

    @property
    def item_box(self) -> list[list[str]]:
        """The item box's slots, card uids (R-IBOX-1)."""
        return self._s.item_box

    @property
    def ink_ribbons(self) -> int:
        """Ink ribbons left (R-INK-1)."""
        return self._s.ink_ribbons

    @property
    def danger(self) -> int:
        """The danger track (DV-4)."""
        return self._s.danger

    @property
    def locks(self) -> dict[str, dict]:
        """Locks by edge id: ``lock`` (the key kind) and ``one_way_from`` (R-DOOR-5..8)."""
        return self._s.locks

    @property
    def edges(self) -> dict[str, EdgeState]:
        """Edge states changed from the board's (doors opened, barricades cleared) by edge id."""
        return self._s.edges

    @property
    def explored(self) -> list[str]:
        """Tiles explored so far (R-EXPLORE)."""
        return self._s.explored

    @property
    def in_campaign(self) -> bool:
        """True when the scenario is played inside a campaign (it carries the party on, R-STAND-1)."""
        return getattr(self._s.scenario, "carry", None) is not None

    @property
    def mansion_campaign(self) -> bool:
        """True in a mansion game played in its campaign: the reserve, the survivor deck and
        missions exist (M-RESERVE-1); False in standalone play and in other games."""
        m = getattr(self._s, "mansion", None)
        return bool(m is not None and m.campaign)

    def reserve_wounds(self, cid: str) -> int | None:
        """Wounds of a character in a mansion game's reserve (M-RESERVE-1), or None when it is not
        there (or the game has no reserve)."""
        m = getattr(self._s, "mansion", None)
        if m is None:
            return None
        r = next((r for r in m.reserve if r.cid == cid), None)
        return None if r is None else r.wounds

    # ---------------------------------------------------------------- the board
    @property
    def board(self) -> Board:
        """The static board of the scenario (squares, tiles, walls, placements)."""
        return self._r.b

    @property
    def brief(self) -> Any:
        """The scenario brief (name, objective, options)."""
        return self._r.brief

    @property
    def geometry(self) -> Geometry:
        """Movement/LOS geometry for the current door states (squares, R-COMP-11..13)."""
        return self._r.g

    def edge(self, a: Sq, b: Sq) -> EdgeState:
        """Current state of the edge between two orthogonal neighbours (R-COMP-4)."""
        return self._r.edge(a, b)

    def tile_id(self, sq: Sq) -> str:
        """The tile holding square ``sq``. Raises KeyError for a square off the board."""
        return self._r.tile_id(sq)

    def linked_tiles(self, tile_id: str) -> set[str]:
        """Tiles linked to ``tile_id`` right now (R-COMP-14)."""
        return self._r.linked_tiles(tile_id)

    def reacting_tiles(self) -> set[str]:
        """The active character's tile and the tiles linked to it (R-REACT-1)."""
        return self._r.active_and_linked()

    def enemies_at(self, sq: Sq) -> list[EnemyState]:
        return self._r.enemies_at(sq)

    def units_at(self, sq: Sq) -> int:
        """Capacity units used in a square (R-COMP-8)."""
        return self._r.units_at(sq)

    def fire(self) -> set[Sq]:
        """Squares holding fire (R-FIRE)."""
        return self._r.fire()

    def los(self, a: Sq, b: Sq) -> bool:
        """Line of sight between two squares, fire and Blackout included (R-LOS)."""
        return self._r.los(a, b)

    def can_open(self, c: CharState, a: Sq, b: Sq) -> bool:
        """May ``c`` open the closed door between ``a`` and ``b`` (keys, one-way, R-DOOR-5..8)?"""
        return self._r.can_open(c, (min(a, b), max(a, b)))

    def locked(self, a: Sq, b: Sq) -> dict | None:
        """The lock of the door between ``a`` and ``b`` (``lock``, ``one_way_from``), or None."""
        return self._s.locks.get(edge_id((min(a, b), max(a, b))))

    # ---------------------------------------------------------------- definitions
    def item(self, card_uid: str) -> ItemDef:
        """The item definition of a card. Raises KeyError for an unknown card."""
        return self._r.ct.items[self._s.cards[card_uid].defn]

    def enemy_def(self, e: EnemyState) -> EnemyDef:
        return self._r.ct.enemies[e.type]

    def character_name(self, c: CharState) -> str:
        return self._r.cdef(c).name

    # ---------------------------------------------------------------- survivors
    def inventory_limit(self, c: CharState) -> int:
        """Inventory slots of a character (R-INV-1, Hip Pouch bonus)."""
        limit = getattr(self._r, "limit", None)  # (a rule set without inventories: none)
        return limit(c) if limit is not None else 0

    def rapid_cost(self, c: CharState, extra: int) -> int:
        """Ammo an attack with ``extra`` rapid-fire dice costs (R-ATK-8/9, DV-8 Steady Burst)."""
        return self._r.rapid_cost(c, extra)

    def slot_of(self, c: CharState, card_uid: str) -> list[str]:
        """The inventory slot (a list of card uids) holding a card. Raises KeyError."""
        return self._r.find_slot(c, card_uid)

    def health_label(self, step: int) -> str:
        """The name of health step ``step`` (1..5, 6 = unconscious; R-HEALTH-1)."""
        return HEALTH_LABELS[step]

    @staticmethod
    def health_steps() -> list[tuple[int, str]]:
        """The health track as (step, name) pairs, Fine first, unconscious last (R-HEALTH-1)."""
        return sorted(HEALTH_LABELS.items())

    def tension_reshuffles(self) -> bool:
        """Does an empty tension deck reshuffle its discards in this scenario (R-TENSION-10), rather
        than fail it (R-TENSION-8)? The brief says so (the Introduction, a campaign's tier 1 cards);
        a rule set may decide otherwise (the mansion: its Introduction only); a rule set without a
        tension deck (a toy or coming mode): False."""
        fn = getattr(self._r, "tension_reshuffles", None)  # (a rule set without a tension deck: none)
        return bool(fn()) if fn is not None else False

    def held_by_boss(self, c: CharState) -> bool:
        """True if ``c`` stands on a living boss's tile and so cannot leave it (R-BOSS-8)."""
        return self._r.held_by_boss(c)

    def may_leave_to(self, c: CharState, sq: Sq) -> bool:
        """False if a boss holds ``c`` on its tile and ``sq`` is off it (R-BOSS-8)."""
        return c.pos is not None and self._r.may_leave_to(c, sq)

    def scenario_action(self, aid: str) -> Any:
        """The brief's scenario action ``aid`` (label, text, requirements; R-SCEN-4). Raises KeyError."""
        return self._r.scenario_action_def(aid)

    def markers(self) -> list[str]:
        """Scenario markers set so far, and the ones the objective needs (R-SCEN-4, R-SCEN-8)."""
        return list(self._s.core.markers)

    # ---------------------------------------------------------------- items and box
    def box_limit(self) -> int:
        """Item box capacity: 8, or 24 in solo mode (R-IBOX-4, R-SOLO-3)."""
        return self._r.box_limit()

    # ---------------------------------------------------------------- enemies and bosses
    def enemy_hp(self, e: EnemyState) -> int:
        """Hit points of an enemy (solo bosses: R-SOLO-5)."""
        return self._r.enemy_hp(e)

    def enemy_move(self, e: EnemyState) -> int:
        """The Move value of an enemy now, Frenzy included (DV-16)."""
        return self._r.enemy_move_value(e)

    def boss(self) -> EnemyState | None:
        """The living boss, or None (R-BOSS; None in a rule set without bosses)."""
        boss = getattr(self._r, "boss", None)
        return boss() if boss is not None else None

    def boss_tile_squares(self) -> frozenset:
        """Squares of the living boss's tile (empty without a boss)."""
        b = self._r.boss()
        return self._r.boss_tile_squares(b) if b is not None else frozenset()

    def boss_dial(self) -> tuple[int, int] | None:
        """(health left, full health) of the living boss (R-BOSS-7), or None."""
        b = self._r.boss()
        if b is None:
            return None
        hp = self._r.enemy_hp(b)
        return hp - b.wounds, hp

    def enraged(self, e: EnemyState) -> bool:
        """DV-6 Enrage (Stalker Stage Two at half its dial or less)."""
        return self._r.enraged(e)

    def enrage_at(self, e: EnemyState) -> int | None:
        """The dial value at or below which this boss is enraged (solo threshold in solo), or None."""
        d = self._r.edef(e)
        if self._r.solo() and d.solo_enrage_at is not None:
            return d.solo_enrage_at
        return d.enrage_at

    def behaviour_counts(self) -> tuple[int, int]:
        """(cards in the behaviour deck, cards in its discard pile) (R-BOSS-11/17)."""
        p = self._s.piles
        return len(p.get("behaviour", [])), len(p.get("behaviour_discard", []))

    # ---------------------------------------------------------------- tension and narrative
    def sustained(self) -> list[dict]:
        """Sustained effects in play (R-SUST), each a dict: ``name`` (Jammed, Shaken, Blackout,
        Frenzy), ``tile`` (tile id), ``char`` (character id), ``seat`` (seat that drew it),
        ``turn`` (turn number it was drawn in), ``ends`` ("end_of_turn": at the end of that
        seat's next turn; "action_phase": at the end of that seat's next action phase), ``card``."""
        return [dict(v.model_dump(), card=k) for k, v in self._s.core.sustain.items()]

    def danger_band(self) -> str:
        """"low", "high" or "extreme" (DV-4)."""
        return self._r.band()

    def narrative_options(self, ctx: dict) -> list[NarrativeOption]:
        """The options of the narrative card or fixed event a ``narrative`` decision is about."""
        return self._r.narrative_options(ctx)

    def pending_narrative(self) -> dict | None:
        """The narrative event waiting for a choice (after a load too): ``name``, ``story``,
        ``card`` (uid or None), ``label``, ``stalker_mark``, ``options`` (label, text, available),
        or None when no narrative decision is pending (R-NARR-2/3/5)."""
        p = self._s.pending
        if p is None or p.kind != "narrative":
            return None
        ctx = p.ctx
        if ctx.get("card"):
            d = self._r.ct.narrative[self._s.cards[ctx["card"]].defn]
            name, story, mark = d.name, d.text, d.stalker
        else:
            d = self._r.brief.fixed_events[ctx["label"]]
            name, story, mark = d.name, d.text, False
        avail = {o.n for o in p.options}
        return {"name": name, "story": story, "card": ctx.get("card"), "label": ctx.get("label"),
                "stalker_mark": mark,
                "options": [{"label": o.label, "text": o.text, "available": i in avail}
                            for i, o in enumerate(d.options)]}

    # ---------------------------------------------------------------- the mansion (rules/mansion.md)
    def kerosene(self, cid: str) -> tuple[int, int] | None:
        """(tokens held, limit) of a character in a mansion game (M-KERO-2, MDV-3); None in a
        game without kerosene."""
        m = getattr(self._s, "mansion", None)
        if m is None:
            return None
        return m.kerosene.get(cid, 0), self._r.ct.kerosene_limit(cid)

    def reserve(self) -> list[dict]:
        """The reserve of a mansion game (M-RESERVE-1..6): ``cid``, ``name``, ``wounds``,
        ``health`` (1 + wounds, MDV-9), ``label`` (Fine/Caution/Danger), ``main`` (a main
        character: it can be switched in, M-SWITCH-8), ``on_mission``. Empty in other games."""
        m = getattr(self._s, "mansion", None)
        if m is None:
            return []
        ct = self._r.ct
        busy = m.mission.cid if m.mission is not None else None
        return [{"cid": r.cid, "name": ct.character_name(r.cid), "wounds": r.wounds, "health": min(5, 1 + r.wounds),
                 "label": HEALTH_LABELS[min(5, 1 + r.wounds)], "main": r.cid in ct.characters,
                 "on_mission": r.cid == busy} for r in m.reserve]

    def mission(self) -> dict | None:
        """The mission being resolved (M-MISSION-2..9): ``card``, ``name``, ``text``, ``clues``
        (counted), ``needed``, ``cid`` (assigned, or None), ``drawn`` (encounter card ids, in
        order); None when no mission is in progress."""
        m = getattr(self._s, "mansion", None)
        if m is None or m.mission is None:
            return None
        md = self._r.ct.missions[m.mission.card]
        return {"card": md.id, "name": md.name, "text": md.text, "clues": m.mission.clues, "needed": md.clues,
                "cid": m.mission.cid, "drawn": list(m.mission.drawn)}

    def pending_scenario_event(self) -> dict | None:
        """The scenario event waiting for a choice (M-EVENT-10), as :meth:`pending_narrative`."""
        p = self._s.pending
        if p is None or p.kind != "scenario_event":
            return None
        ctx = p.ctx
        d = self._r.event_def(ctx)
        avail = {o.n for o in p.options}
        return {"name": d.name, "story": d.text, "card": ctx.get("event"), "label": ctx.get("label"),
                "options": [{"label": o.label, "text": o.text, "available": i in avail}
                            for i, o in enumerate(d.options)]}

    # ---------------------------------------------------------------- odds (DV-1 dice from content)
    def dice_faces(self, colour: str) -> tuple:
        """The six faces (:class:`~game.engine.defs.Face`, face 1 first) of a die of ``colour`` as this
        game's content defines it (DV-1, ``dice.yaml``). Raises KeyError for an unknown colour."""
        return tuple(self._r.ct.dice[colour])

    def attack_dice(self, a: Any) -> list[str]:
        """The colours an attack action rolls: the weapon's own dice plus blue rapid-fire dice
        (R-ATK-2, R-ATK-8); [] against a barrel, which is hit without a roll (R-BARREL-1)."""
        if self._s.enemy(a.target) is None:
            return []
        return odds.attack_dice(self.item(a.item).weapon, a.n or 0)

    def attack_odds(self, a: Any) -> dict[str, float] | None:
        """Chance of each best symbol of an attack action (keys "BLANK" = a miss, "HIT", "HIT_PLUS",
        "CRIT"; R-ATK-2 step 4, R-ATK-4), from this content's dice (DV-1); None for an attack that
        rolls no dice (a barrel, R-BARREL-1)."""
        dice = self.attack_dice(a)
        return odds.best_face_odds(self._r.ct.dice, dice) if dice else None

    def evade_odds(self, n_dice: int, tier: int) -> float:
        """Chance that ``n_dice`` blue dice of this content evade at difficulty ``tier`` 1..3
        (R-EVADE-1, R-EVADE-4, DV-1)."""
        return odds.evade_chance(self._r.ct.dice, n_dice, tier)

    # ---------------------------------------------------------------- why not
    def target_problem(self, c: CharState, weapon_uid: str, target_pos: Sq) -> tuple[str, dict] | None:
        """Why ``c`` cannot attack a target at ``target_pos`` with this weapon, as a code and its data
        (a :class:`~game.engine.explain.Reason`), or None if the rules allow it. Codes:
        ``not_weapon``, ``empty`` (R-ATK-9), ``off_board``, ``boss_tile``
        (R-BOSS-9), ``other_floor`` (R-COMP-13), ``too_close`` and ``out_of_range`` (R-RANGE-2),
        ``no_los`` (R-LOS-3); data: ``weapon`` (the item's name), ``distance``, ``min``, ``range``.
        The UI words them in the player's language. (game.engine.explain.target_problem)"""
        return explain.target_problem(self._r, c, weapon_uid, tuple(target_pos))

    def enemy_problem(self, uid: str) -> tuple[str, dict] | None:
        """Why the active survivor cannot attack enemy ``uid`` now (``no_actions``, ``no_weapon``, the
        farthest-reaching weapon's :meth:`target_problem` code with ``enemy`` added, or
        ``cannot_attack``), or None (R-ATK-1/2/3). (game.engine.explain.enemy_problem)"""
        return explain.enemy_problem(self._r, uid)

    def token_problem(self, uid: str) -> tuple[str, dict] | None:
        """Why the active survivor cannot use the space-taking token ``uid`` now: an explosive barrel
        (the attack codes with ``barrel`` added, R-BARREL-1) or a typewriter (``no_ribbons``,
        ``not_near``, R-INK-4); None if it can or the token has no action. (game.engine.explain)"""
        return explain.token_problem(self._r, uid)

    def item_problem(self, uid: str) -> tuple[str, dict] | None:
        """Why the active survivor cannot use the item card ``uid`` now (``not_carried``,
        ``no_actions``, ``no_weapon_for_ammo``, ``used_by_attacking``, ``passive``: R-USE-1/2/4), or
        None. (game.engine.explain.item_problem)"""
        return explain.item_problem(self._r, uid)

    def square_problem(self, sq: Sq) -> tuple[str, dict] | None:
        """Why the active survivor cannot move to square ``sq`` now, as a code and data (``here``,
        ``no_actions``, ``too_few_actions``, ``not_adjacent``, ``door_on_the_way``, ``wall``,
        ``full`` ...: see :func:`game.engine.explain.square_problem`), or None (R-MOVE, R-COMP-8)."""
        return explain.square_problem(self._r, sq)

    def door_problem(self, c: CharState, a: Sq, b: Sq) -> tuple[str, dict] | None:
        """Why ``c`` at ``a`` cannot step to the orthogonal neighbour ``b`` for the door or barricade
        between them (``door_one_way``, ``door_locked`` {lock}, ``door_closed``, ``barricade``), or None
        (R-DOOR-1/5/7, R-BARR-2)."""
        return explain.door_problem(self._r, c, tuple(a), tuple(b))

    def search_problem(self) -> tuple[str, dict] | None:
        """Why the active survivor cannot search what is here: ``inventory_full`` {have, limit}
        (R-SEARCH-1), or None."""
        return explain.search_problem(self._r)

    def walk_plan(self, c: CharState, dest: Sq) -> list[Sq]:
        """The squares of a shortest planned walk of ``c`` to ``dest`` (start left out; its cost is one
        Move action per square, R-MOVE-1), or [] if there is none (R-MOVE-3/4, R-COMP-8; never through
        an enemy's or fire's square). (game.engine.explain.walk_plan)"""
        return explain.walk_plan(self._r, c, tuple(dest))

    def provoked_attack(self) -> Any:
        """The attack acting in the active survivor's square provokes first (R-OOS-3) with its evade
        difficulty and chance (R-EVADE-2..5, DV-8 Steel Nerves, content's dice), or None
        (:class:`game.engine.explain.Provoked`)."""
        return explain.provoked_attack(self._r)

    def weapon_reach(self, c: CharState, weapon_uid: str) -> set[Sq]:
        """The squares ``c`` could target with this weapon now (R-COMP-13, R-RANGE-2, R-LOS-3; ammo
        not considered)."""
        return explain.weapon_reach(self._r, c, weapon_uid)

    def reactions_if_phase_ends(self) -> tuple[set[str], list]:
        """(reacting tiles, [:class:`game.engine.explain.Reaction`]) if the action phase ended now:
        who reacts and why, and whether each attacks (whom, which profile) or moves (R-REACT-1..7)."""
        return explain.reactions_if_phase_ends(self._r)

    def evade_tier(self, e: EnemyState, attack: str = "basic", c: CharState | None = None,
                   extra: int = 0) -> int:
        """The evade difficulty (1..3) of enemy ``e``'s attack (``attack``: "basic", "special" or a
        boss attack's name) against ``c`` (default: the active survivor) with ``extra`` other enemies
        that could attack (R-EVADE-2..6, DV-6 Enrage, DV-8 Steel Nerves)."""
        c = c if c is not None else self._s.active_char
        return self._r.evade_tier(e, c, self._r.profile(e, attack), extra)[0]

    # ---------------------------------------------------------------- what a seat may see
    def visible_state(self) -> dict:
        """The state as the looking seat may see it (JSON-like dict): face-down decks are given
        as card counts, not orders (R-ITEM-3, R-TENSION-1); the random generator is left out.
        Rule sets with secrets (versus) hide more for other seats."""
        d = self._s.model_dump(mode="json", exclude={"rng", "record"})
        for name in HIDDEN_PILES:
            if name in d["piles"]:
                d["piles"][name] = len(d["piles"][name])
        hook = getattr(ruleset_of(self._s), "redact", None)
        return hook(d, self.seat) if hook else d

    # ---------------------------------------------------------------- for search bots (issue 28)
    def sample_world(self, rng: Rng) -> GameState:
        """A whole game the looking seat cannot tell from this one (a determinization, issue 28):
        what it sees kept, every secret of another seat drawn from ``rng`` (an engine
        :class:`Rng`, advanced) among the values consistent with what it saw, by the rule set's
        ``sample_hidden`` hook, which is handed only this seat's :meth:`visible_state`; a rule set
        without secrets gives a copy with its face-down decks (``HIDDEN_PILES``) shuffled. The
        copy's random generator is seeded from ``rng`` (no seat knows the dice to come); its
        record is empty (a sample is played on, never replayed). The game is not changed.
        Raises ValueError for a rule set that hides things from seats (``redact``) without a
        ``sample_hidden`` hook, and for a game that is over."""
        s = self._s
        if s.result is not None:
            raise ValueError("the game is over: there is nothing to sample")
        rs = ruleset_of(s)
        if rs.sample_hidden is not None:
            w = rs.sample_hidden(self.visible_state(), self.seat, s.scenario, rng)
        elif rs.redact is not None:
            raise ValueError(f"rule set {rs.name!r} hides things from seats (redact) but has no sample_hidden "
                             "hook: a search bot cannot sample what it does not see")
        else:
            w = s.clone()
            for name in HIDDEN_PILES:  # no seat knows a face-down deck's order (R-ITEM-3)
                if w.piles.get(name):
                    rng.shuffle(w.piles[name])
            w.record = []
        w.rng = Rng.from_seed(rng.next_u64())
        w.touch()
        return w

    def outcome(self) -> tuple[float, ...] | None:
        """Each seat's result of a finished game, in seat order (1.0 a win, 0.5 a draw, 0.0 a
        loss; the rule set's ``outcome`` hook, else every seat wins on ``success``); None while
        the game goes on."""
        s = self._s
        if s.result is None:
            return None
        rs = ruleset_of(s)
        if rs.outcome is not None:
            return tuple(rs.outcome(s))
        return (1.0 if s.result == "success" else 0.0,) * max(1, self._r.seats())


def state_from_visible(visible: dict, scenario: Any, state_class: type = GameState) -> GameState:
    """A game rebuilt from a seat's :meth:`View.visible_state` once a ``sample_hidden`` hook has
    filled in what the seat could not see (issue 28): validated as ``state_class`` (the rule
    set's), attached to ``scenario`` (a grown board: the one set up), an empty record and a
    placeholder random generator (:meth:`View.sample_world` seeds it). ``visible`` is not
    changed (its top level is copied). Raises pydantic.ValidationError when a hidden part was left out or is of the wrong
    shape (a face-down pile still given as its size)."""
    d = dict(visible)
    d["rng"] = {"s": 0}
    d["record"] = []
    w = state_class.model_validate(d)
    w.attach(scenario)
    return w


_RULE_AT_END = re.compile(r"\s*[(（]\s*((?:[A-Z]{1,4}-)+[A-Z0-9]+(?:-[0-9]+[a-z]?)?)\s*[)）]\s*$")


def legacy_why(english: str) -> dict:
    """An English reason written before the engine kept a reference (an old save's
    ``result_reason``) as a text reference: ``{"t": "text", "v": words, "rule": rule ID or ""}``,
    the trailing "(R-HEALTH-10)" split off into ``rule`` (issue 23: screens show a rule ID from a
    typed field only)."""
    m = _RULE_AT_END.search(english)
    words = english[:m.start()] if m else english
    return {"t": "text", "v": words.strip(), "rule": m.group(1) if m else ""}
