"""Setting up a scenario of the core rule set (R-SCEN-3, R-INTRO-2..4, R-INTRO-8, R-CAMP-5..8,
R-STAND-3, R-INK-1, R-EASY-1, R-CORPSE-3)."""
from __future__ import annotations

from ..board import edge_id
from ..rng import Rng
from ..scenario import Scenario
from ..state import CardState, CharState, EnemyState, GameState, TokenState
from .base import set_dial_if_new


def setup(scenario: Scenario, party: list[tuple[str, int]], seed: int) -> GameState:
    """Set up a scenario (R-SCEN-3, R-INTRO-2..4, R-INTRO-8) and run to the first decision.

    ``party`` is the seat order, one ``(character id, start square number 1|2)`` per seat
    (R-TURN-1, R-SCEN-5). A campaign scenario (``scenario.carry``, see
    :mod:`game.engine.campaign.carry`) takes survivors, cards and decks from the campaign state
    instead of building them, and ``scenario.skip_tokens`` are not placed (R-CAMP-15, R-STAND-1).
    Raises ValueError for an unknown character, a start number the map
    lacks, an empty or oversized party, or a start square left empty (R-SCEN-5).
    Returns the state with its first task queued; ``api.new_game_events`` runs it.
    """
    b, ct, brief = scenario.board, scenario.content, scenario.brief
    if not 1 <= len(party) <= 4:
        raise ValueError("a party has 1 to 4 characters")
    ids = [cid for cid, _ in party]
    if len(set(ids)) != len(ids):
        raise ValueError("each survivor can be chosen once")
    for cid, start in party:
        if cid not in ct.characters:
            raise ValueError(f"unknown survivor {cid!r}")
        if start not in b.start:
            raise ValueError(f"the map has no start square {start}")
    if len(party) > 1 and len(b.start) > 1 and len({st for _, st in party}) < len(b.start):
        raise ValueError("each start square needs at least one survivor (R-SCEN-5)")
    s = GameState(scenario_id=brief.id, seed=seed, rng=Rng.from_seed(seed))
    s.attach(scenario)
    # characters and their starting items (R-INTRO-8, R-CAMP-2, R-AMMO-3)
    if len(party) == 1:
        party = [(party[0][0], 1)]  # R-SOLO-4: solo always starts on start position 1
    carry = getattr(scenario, "carry", None)  # a campaign scenario (R-SCEN-3 from the campaign state)
    skip = getattr(scenario, "skip_tokens", frozenset())  # R-CAMP-15, R-STAND-1: tokens not placed again
    if carry is not None:
        _carry_in(s, carry, party, b)
    for seat, (cid, start) in enumerate(party if carry is None else []):
        cd = ct.characters[cid]
        c = CharState(cid=cid, seat=seat, pos=b.start[start])
        for n, item in enumerate(cd.starting_items):
            uid = f"S:{cid}:{n}"
            s.cards[uid] = CardState(uid=uid, defn=item, deck="start")
            set_dial_if_new(ct.items[item], s.cards[uid])
            c.inventory.append([uid])
        s.characters.append(c)
    # decks
    def build(prefix: str, deck: str, ids: list[str], pile: str) -> None:
        uids = []
        for n, item in enumerate(ids):
            uid = f"{prefix}{n + 1}:{item}"
            s.cards[uid] = CardState(uid=uid, defn=item, deck=deck)  # type: ignore[arg-type]
            uids.append(uid)
        s.rng.shuffle(uids)
        s.piles[pile] = uids

    a_list = list(brief.item_a)
    if carry is None:
        _decks_from_scratch(s, brief, ct, build, a_list)
    # tension deck: the brief's list or the campaign deck with packets; a campaign carries it in order
    tuids: list[str] = []
    for tid, k in ([] if carry is not None else tension_copies(brief, ct)):
        uid = f"T:{tid}:{k + 1}"
        td = ct.tension[tid]
        sym = td.symbols[k] if k < len(td.symbols) else None
        s.cards[uid] = CardState(uid=uid, defn=tid, deck="T", symbol=sym)
        tuids.append(uid)
    # narrative deck (R-CAMP-4, R-STAND-5: all 14 shuffled)
    nuids = []
    if brief.narrative_deck and carry is None:
        for nid in ct.narrative:
            uid = f"N:{nid}"
            s.cards[uid] = CardState(uid=uid, defn=nid, deck="N")
            nuids.append(uid)
        s.rng.shuffle(nuids)
    if carry is None:
        s.piles["narrative"] = nuids
        s.piles["narrative_removed"] = []
    _boss_and_rest(s, b, ct, brief, party, tuids, carry, skip)
    return s


def _decks_from_scratch(s, brief, ct, build, a_list) -> None:
    """Item A/B/C decks of a scenario played on its own (R-CAMP-5/6, R-ITEM-4/5, R-INTRO-3)."""
    if brief.item_a_standard and ct.decks is not None:  # R-CAMP-5 + R-ITEM-4
        a_list = [k for k, n in ct.decks.item_a.items() for _ in range(n)]
    build("A", "A", a_list + list(brief.rare_item_a), "item_a")
    build("B", "B", brief.item_b, "item_b")
    # Item C (R-CAMP-6): late shuffled at the bottom, middle on top of it, early on top
    c_uids: list[str] = []
    for stage in (3, 2, 1):
        part = []
        for n, item in enumerate(brief.item_c):
            if (ct.items[item].stage or 1) == stage:
                uid = f"C{n + 1}:{item}"
                s.cards[uid] = CardState(uid=uid, defn=item, deck="C")
                part.append(uid)
        s.rng.shuffle(part)
        c_uids = part + c_uids
    s.piles["item_c"] = c_uids
    s.piles["item_a_discard"] = []
    s.piles["b_pool"] = []
    s.piles["other_discard"] = []
    s.piles["removed"] = []
    s.piles["revealed"] = []


def _carry_in(s: GameState, carry, party: list[tuple[str, int]], b) -> None:
    """R-SCEN-3 from the campaign state (R-CAMP-22): the survivors keep health, poison, inventory
    (with dials) and Hip Pouch bonus; cards keep their identity; decks come in their order."""
    for seat, (cid, start) in enumerate(party):
        cc = next((c for c in carry.characters if c.cid == cid), None)
        if cc is None:
            raise ValueError(f"survivor {cid!r} is not in the campaign's party")
        s.characters.append(CharState(cid=cid, seat=seat, pos=b.start[start], health=1 if cc.health >= 6 else cc.health,
                                      poisoned=cc.poisoned, inventory=[list(sl) for sl in cc.inventory],
                                      limit_bonus=cc.limit_bonus))
    s.cards = {u: c.model_copy() for u, c in carry.cards.items()}
    for name in ("item_a", "item_a_discard", "item_b", "b_pool", "item_c", "other_discard", "removed",
                 "tension", "narrative", "narrative_removed"):
        s.piles[name] = list(carry.piles.get(name, []))
    s.piles["revealed"] = []
    s.item_box = [list(sl) for sl in carry.item_box]


def _boss_and_rest(s: GameState, b, ct, brief, party, tuids, carry, skip) -> None:
    # boss and behaviour deck (R-BOSS-11, DV-7)
    s.piles["behaviour"] = []
    s.piles["behaviour_discard"] = []
    for p in b.placements:
        if p.kind == "boss_start":
            boss_id = str(p.get("boss"))
            e = EnemyState(uid=s.new_uid("e"), type=boss_id, pos=p.square)
            s.enemies.append(e)
            s.core.boss = e.uid
            s.core.boss_tile = b.square_tile[p.square]
            bh = []
            for bd in ct.behaviour.values():
                if bd.boss == boss_id:
                    for k in range(bd.copies):
                        uid = f"BH:{bd.id}:{k + 1}"
                        s.cards[uid] = CardState(uid=uid, defn=bd.id, deck="BH")
                        bh.append(uid)
            s.rng.shuffle(bh)
            s.piles["behaviour"] = bh
    if carry is None:
        s.rng.shuffle(tuids)  # R-INTRO-4: shuffled face down
        s.piles["tension"] = tuids
    s.piles["tension_discard"] = []
    s.piles["tension_sustained"] = []
    # edges (R-DOOR-2/9: doors as authored, normally closed)
    for e, f in b.features.items():
        s.edges[edge_id(e)] = f.kind
        if f.lock or f.one_way_from:
            s.locks[edge_id(e)] = {"lock": f.lock, "one_way_from": list(f.one_way_from) if f.one_way_from else None}
    # tokens and enemies
    for p in b.placements:
        if p.kind == "enemy":
            s.enemies.append(EnemyState(uid=s.new_uid("e"), type=str(p.get("enemy")), pos=p.square))
        elif p.kind in ("spawn", "boss_start"):
            continue
        elif skip and _token_key(p) in skip:
            continue  # R-CAMP-15: collected Item C / progression tokens are not placed again
        elif carry is None and brief.standalone is not None and _token_key(p) is not None:
            continue  # R-STAND-1: a campaign brief played on its own uses no Item C or progression tokens
        else:
            s.tokens.append(TokenState(uid=s.new_uid("t"), kind=p.kind, pos=p.square,
                                       props={k: v for k, v in p.props}))
    # exploration state (R-EXPLORE-4: start tiles are explored at setup)
    start_tiles = {b.square_tile[c.pos] for c in s.characters if c.pos}
    s.explored = sorted(t.id for t in b.tiles.values() if not t.unexplored or t.id in start_tiles)
    s.ink_ribbons = 0 if brief.intro else (1 if len(party) <= 2 else 2)  # R-INK-1
    if brief.easy:
        s.ink_ribbons = len(party)  # R-EASY-1
    s.danger = brief.danger_start if carry is None else carry.danger
    s.queue = [{"t": "turn_start"}]
    crowded = sorted({t.pos for t in s.tokens if t.kind == "corpse"
                      and sum(1 for u in s.tokens if u.kind == "corpse" and u.pos == t.pos) >= 4})
    for sq in crowded:  # R-CORPSE-3: four corpses in a square: move one next door
        s.queue.append({"t": "corpse_spread", "pos": list(sq)})
    if brief.standalone_gear and ct.decks is not None and carry is None:  # R-STAND-3, DV-21
        extras = []
        for n, item in enumerate(ct.decks.standalone_gear.get(brief.tier, [])):
            uid = f"G{n + 1}:{item}"
            s.cards[uid] = CardState(uid=uid, defn=item, deck="B")
            set_dial_if_new(ct.items[item], s.cards[uid])  # every extra weapon has a full dial
            extras.append(uid)
        s.piles["gear"] = extras
        if extras:
            s.queue.append({"t": "gear"})


def _token_key(p) -> str | None:
    """The campaign key of a placement (see game.engine.campaign.carry.token_key)."""
    if p.kind == "item" and str(p.get("letter", "A")).upper() == "C":
        return f"C@{p.square[0]},{p.square[1]}"
    if p.kind == "progression":
        return f"P@{p.get('label', '')}"
    return None


def tension_copies(brief, ct) -> list[tuple[str, int]]:
    """The tension deck as (card id, copy index) pairs: the brief's list, or the campaign's
    34-card starting deck with escalation packets applied (R-CAMP-7/8, DV-16)."""
    if not brief.tension_campaign or ct.decks is None:
        out, seen = [], {}
        for tid in brief.tension:
            k = seen.get(tid, 0)
            seen[tid] = k + 1
            out.append((tid, k))
        return out
    deck = [(tid, k) for tid, n in ct.decks.tension_base.items() for k in range(n)]
    used = {tid: n for tid, n in ct.decks.tension_base.items()}
    for name in ("E1", "E2", "E3"):
        if name not in brief.packets:
            continue
        pk = ct.decks.packets[name]
        for rid, syms in pk.remove.items():  # remove one copy of card rid per symbol listed
            for sym in syms:
                for i, (tid, k) in enumerate(deck):
                    if tid == rid and ct.tension[tid].symbols[k] == sym:
                        del deck[i]
                        break
        for tid, n in pk.add.items():
            start = used.get(tid, 0)
            deck += [(tid, start + j) for j in range(n)]
            used[tid] = start + n
    return deck
