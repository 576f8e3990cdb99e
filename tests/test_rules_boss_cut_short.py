"""Boss turns that are cut short or crowded (issue 16 items 1, 3, 4): a behaviour card always
reaches its pile and displaced models are always placed, even when a line knocks the active
survivor out (R-TURN-8); shoves happen before the boss goes on (R-BOSS-5); the boss never ends
on a square holding a space-taking token (R-COMP-8, R-BOSS-5)."""
from tests.kit import act, begin_phase, board, boss, card, game, legal, rigged, rules, settle, tok, top_behaviour, with_enemy

# one long tile: the boss starts at the right end (6, 1); a corridor B beyond an open door
LONG = board("AAAAAAAB", "AAAAAAAB", "AAAAAAAB", open_doors=[((6, 1), (7, 1))],
             start={1: (0, 0), 2: (7, 0)}, place=[("exit", (7, 2))])


def long_game(boss="burrower", party=(("mateo", 1), ("vera", 2)), at=(6, 1)):
    """A boss fight on LONG; Vera holds a First-Aid Spray so a knock-out is not a death
    (R-HEALTH-10)."""
    from dataclasses import replace
    from game.engine.board import Placement
    b = replace(LONG, placements=LONG.placements + (Placement("boss_start", at, (("boss", boss),)),))
    s = game(b, intro=False, objective="kill_boss", party=party)
    s.char("vera").inventory.append([card(s, "F", "first_aid_spray", deck="B")])
    return s




def behaviour_cards(s):
    """Every behaviour card in one of its piles (deck, discard, on display)."""
    return sorted(s.piles["behaviour"] + s.piles["behaviour_discard"] + s.piles.get("revealed", []))


def all_behaviour(s):
    """Every behaviour card of the game, wherever it is."""
    return sorted(u for u, c in s.cards.items() if c.defn in s.scenario.content.behaviour)


def over_capacity(s):
    r = rules(s)
    squares = {c.pos for c in s.characters if c.pos} | {e.pos for e in s.enemies} | {t.pos for t in s.tokens}
    return [q for q in squares if r.units_at(q) > 4]


# ---------------------------------------------------------------- item 1: R-TURN-8 bookkeeping

def test_R_TURN_8_behaviour_card_reaches_the_discard_when_its_attack_knocks_the_active_survivor_out():
    """Issue 16 item 1: Bite knocks Mateo out mid-card; the turn ends at once (R-TURN-8) but the
    card still goes to the behaviour discard pile (R-BOSS-12) and is no longer on display."""
    s = long_game()
    uid = top_behaviour(s, "surface_strike")  # MOVE ACTIVE 3 -> ATTACK Bite (2 damage)
    before = all_behaviour(s)
    m = s.char("mateo")
    m.pos, m.health = (5, 1), 5  # Danger, next to the boss: no move, Bite at once
    s.char("vera").pos = (0, 0)
    rigged(s, [1, 1])  # evade fails
    ev = act(s, "end_phase") + settle(s)
    assert m.health == 6 and any(e.kind == "unconscious" for e in ev)
    assert s.piles["behaviour_discard"] == [uid]
    assert s.piles["revealed"] == []
    assert behaviour_cards(s) == before
    assert s.active_char.cid == "vera"  # the next turn started


def test_R_TURN_8_and_R_BOSS_20_the_boss_still_charges_when_its_lunge_knocks_the_target_out():
    """R-EATK-5: Charge still happens after a knock-out; a boss charge (R-BOSS-20) moves the boss
    into the target's square and shoves the fallen survivor out, on the boss's tile."""
    s = long_game()
    uid = top_behaviour(s, "lunge")  # ATTACK Lunge: range 2, charge
    m = s.char("mateo")
    m.pos, m.health = (4, 1), 5
    s.char("vera").pos = (0, 0)
    rigged(s, [1, 1])
    act(s, "end_phase")
    settle(s)
    assert m.health == 6
    assert boss(s).pos == (4, 1)  # into the target's square, not next to it
    assert m.pos != (4, 1) and rules(s).tile_id(m.pos) == "A"
    assert s.piles["behaviour_discard"] == [uid] and s.piles["revealed"] == []
    assert over_capacity(s) == []


def test_R_TURN_8_and_R_BOSS_5_pending_shoves_still_run_after_a_shove_knocks_the_active_survivor_out():
    """The boss steps into a square holding Mateo (active, Danger) and a zombie: Mateo is shoved
    into a fire and falls (R-FIRE-3, R-TURN-8); the zombie's shove is still resolved, the card
    is discarded, and no square is left over capacity."""
    s = long_game("stalker_two")
    uid = top_behaviour(s, "stalk")  # MOVE FARTHEST 3 -> ATTACK Crush
    m = s.char("mateo")
    m.pos, m.health = (4, 1), 5
    s.char("vera").pos = (0, 1)  # the farthest: the target
    z = with_enemy(s, "zombie", (4, 1))
    tok(s, "fire", (3, 1))
    s.actions_left = 0
    begin_phase(s, "tension")  # (a zombie in his square: he may not end the action phase early)
    settle_to = [(5, 1), (4, 1)]
    while s.pending is not None and s.pending.kind == "boss_step" and settle_to:
        act(s, "place", target=boss(s).uid, to=settle_to.pop(0))
    # Mateo is shoved: his controller picks the fire square
    assert s.pending.kind == "shove" and s.pending.ctx["id"] == "mateo"
    act(s, "place", target="mateo", to=(3, 1))
    settle(s)
    assert m.health == 6
    assert z.pos != boss(s).pos
    assert over_capacity(s) == []
    assert uid in s.piles["behaviour_discard"] and s.piles["revealed"] == []


# ---------------------------------------------------------------- item 3: R-BOSS-5 shove order

def test_R_BOSS_5_models_are_shoved_before_the_boss_takes_its_next_step():
    """Issue 16 item 3: the boss enters a square holding Vera and a zombie; both are pushed out
    (R-BOSS-5) before the Move line goes on (R-BOSS-18), so the next step is decided with the
    square already cleared."""
    s = long_game()
    top_behaviour(s, "surface_strike")  # MOVE ACTIVE 3 -> ATTACK Bite
    s.char("mateo").pos = (1, 1)
    s.char("vera").pos = (5, 1)
    z = with_enemy(s, "zombie", (5, 1))
    s.actions_left = 0
    ev = begin_phase(s, "tension")
    assert s.pending.kind == "boss_step"
    ev += act(s, "place", target=boss(s).uid, to=(5, 1))
    # the shove of Vera (her controller's choice) comes before any further step
    assert s.pending.kind == "shove" and s.pending.ctx["id"] == "vera"
    ev += act(s, "place", target="vera", to=(5, 0))
    ev += settle(s)
    moves = [e for e in ev if e.kind in ("enemy_move", "push")]
    first_step = next(i for i, e in enumerate(moves) if e.kind == "enemy_move" and e.data.get("enemy") == boss(s).uid)
    assert [e.kind for e in moves[first_step:first_step + 3]] == ["enemy_move", "push", "push"]
    assert z.pos != (5, 1) and s.char("vera").pos == (5, 0)
    assert over_capacity(s) == []


# ---------------------------------------------------------------- item 4: tokens are never shoved
# Ruling: a boss is large (4 units, R-COMP-9) and R-BOSS-5 shoves models only; a square holding a
# space-taking token (corpse, barrel, typewriter, item box) can never hold it (R-COMP-8), so the
# boss never enters one: its Move route goes around such squares (R-BOSS-18), Burrow erupts only
# on a square without one (DV-7), and a charge into a target standing on one is placed next to
# the target instead (R-BOSS-20 read with R-EATK-6), or not at all if nowhere qualifies.

def test_R_BOSS_18_and_R_COMP_8_the_boss_walks_around_squares_holding_barrels():
    s = long_game()
    top_behaviour(s, "surface_strike")  # MOVE ACTIVE 3 -> ATTACK Bite
    s.char("mateo").pos = (2, 1)
    s.char("vera").pos = (0, 0)
    for q in ((5, 0), (5, 1)):
        tok(s, "barrel", q)
    s.actions_left = 0
    ev = begin_phase(s, "tension")
    assert s.pending is None or s.pending.kind != "boss_step" or all(
        a.to not in ((5, 0), (5, 1)) for a in legal(s))
    ev += settle(s)
    path = [tuple(e.data["to"]) for e in ev if e.kind == "enemy_move" and e.data.get("enemy") == boss(s).uid]
    assert path and path[0] == (5, 2)
    assert not any(t.pos in path for t in s.tokens)
    assert over_capacity(s) == []


def test_R_BOSS_20_a_charge_into_a_square_holding_a_corpse_stops_next_to_the_target():
    s = long_game()
    top_behaviour(s, "lunge")  # ATTACK Lunge: range 2, charge
    s.char("mateo").pos = (4, 1)
    s.char("vera").pos = (0, 0)
    tok(s, "corpse", (4, 1))
    rigged(s, [6, 6])  # Mateo evades; the charge happens anyway (R-EATK-6)
    s.actions_left = 0
    begin_phase(s, "tension")
    assert s.pending.kind == "charge_place"
    assert all(a.to != (4, 1) and rules(s).tile_id(a.to) == "A" for a in legal(s))
    act(s, "place", target=boss(s).uid, to=(5, 1))
    settle(s)
    assert boss(s).pos == (5, 1) and s.char("mateo").pos == (4, 1)
    assert over_capacity(s) == []


def test_DV_7_burrow_never_erupts_on_a_square_holding_a_barrel():
    s = long_game()
    top_behaviour(s, "burrow")  # SPECIAL Burrow -> ATTACK Bite
    s.char("mateo").pos = (2, 1)
    s.char("vera").pos = (6, 2)
    for q in ((1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2), (1, 2)):
        tok(s, "barrel", q)
    rigged(s, [6, 6])
    s.actions_left = 0
    begin_phase(s, "tension")
    settle(s)
    assert boss(s).pos == (1, 1)  # the one square next to Mateo without a token
    assert over_capacity(s) == []


def test_R_TURN_8_and_DV_7_a_tremor_that_fells_the_active_survivor_still_pushes_the_others():
    """Tremor is one quake: every survivor on the tile rolls, and each who falls over is pushed.
    When the active survivor is knocked out by it (R-TURN-8), the pushes of the others who fell
    still happen, whatever the seat order (they are effects on those characters, not triggers
    pending for the active one)."""
    s = long_game(party=(("mateo", 1), ("vera", 2)))
    m, v = s.char("mateo"), s.char("vera")
    m.pos = (7, 0)  # Mateo's turn off the boss tile: a tension card, then Vera's turn
    act(s, "end_phase")
    settle(s)
    assert s.active_char.cid == "vera"
    top_behaviour(s, "tremor")  # SPECIAL Tremor -> MOVE NEAREST 1
    m.pos, v.pos, v.health = (2, 1), (4, 1), 5
    s.char("vera").inventory.remove(["F"])
    s.char("mateo").inventory.append(["F"])  # the spray with Mateo: Vera is not dead (R-HEALTH-10)
    rigged(s, [1] * 5)  # both fall: Mateo (2 dice) first in seat order, then Vera (3 dice)
    s.actions_left = 0
    ev = begin_phase(s, "tension") + settle(s)
    assert v.health == 6 and m.health == 2
    assert any(e.kind == "push" and e.data.get("char") == "mateo" for e in ev), "Mateo's push was dropped"


def test_R_TURN_8_and_R_BOSS_14_a_sweep_that_fells_the_active_survivor_still_strikes_the_others():
    """R-BOSS-14: a sweep is one attack against every survivor in range and LOS, each rolling
    their own evade. When it knocks the active survivor out first (R-TURN-8), the attack on the
    others is not a trigger pending for the active one: they still roll, take the damage and
    are pushed."""
    s = long_game(party=(("mateo", 1), ("vera", 2)))
    top_behaviour(s, "thrash")  # ATTACK Thrash: range 1, sweep, 1 damage, push
    m, v = s.char("mateo"), s.char("vera")
    m.pos, m.health = (5, 1), 5  # active, in Danger: the first target, and falls
    v.pos, v.health = (6, 0), 0
    rigged(s, [1] * 5)  # every evade die fails
    ev = act(s, "end_phase") + settle(s)
    assert m.health == 6 and any(e.kind == "unconscious" for e in ev)
    assert v.health == 1, "the sweep stopped at the active survivor"
    assert any(e.kind == "push" and e.data.get("char") == "vera" for e in ev)
