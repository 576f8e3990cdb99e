"""Reaction phase, enemy attacks, evade rolls and enemy movement (core.md §6, §22)."""
from game.engine import legal_actions
from tests.kit import act, begin_phase, board, game, legal, rigged, rules, run_task, settle, tok, with_enemy
from game.engine.state import ReactionState

# A: 5x2 room, B: 5x1 room below (door at x=0), C: room to the right of A, closed door
MAP = board("AAAAAC", "AAAAAC", "BBBBB.", doors=[((0, 1), (0, 2)), ((4, 0), (5, 0))], start={1: (0, 0), 2: (1, 0)},
            place=[("exit", (4, 2))])


def react_now(s):
    """Jump straight to the reaction phase (the action phase is not the point of the test)."""
    s.actions_left = 0
    return begin_phase(s, "reaction") + settle(s)


def end_turn(s):
    """End the action phase and resolve every decision with defaults; return the events."""
    ev = act(s, "end_phase")
    return ev + settle(s)


def test_R_REACT_1_and_R_REACT_2_only_active_and_linked_tiles_react():
    s = game(MAP)
    here = with_enemy(s, "zombie", (3, 0))
    other = with_enemy(s, "zombie", (2, 2))  # tile B, door closed: not linked
    ev = end_turn(s)
    assert here.pos != (3, 0)
    assert other.pos == (2, 2)
    s.active_char.pos = (0, 1)
    act(s, "door", edge="0,1|0,2")  # now tile B is linked through the open door
    act(s, "end_phase")
    assert other.uid in s.core.react.reacting


def test_R_REACT_4_attack_if_in_range_else_move():
    s = game(MAP, party=(("mateo", 1),))
    near = with_enemy(s, "zombie_dog", (1, 1))  # range 1
    far = with_enemy(s, "zombie", (4, 1))
    rigged(s, [6, 6])
    ev = end_turn(s)
    ev_evade = [e for e in ev if e.kind == "evade"]
    assert len(ev_evade) == 1 and ev_evade[0].data["enemy"] == near.uid
    assert far.pos != (4, 1)


def test_R_REACT_9_two_zombies_one_attacks_tier_two():
    s = game(MAP, party=(("mateo", 1),))
    a = with_enemy(s, "zombie", (0, 0))
    b = with_enemy(s, "zombie", (0, 0))
    s.actions_left = 1
    rigged(s, [3, 3])  # hits: tier 1 met, tier 2 not
    act(s, "attack", item=[u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "knife"][0],
        target=a.uid, n=0)  # knife: roll 3 = hit -> push only
    # resolve the knife push: decline
    if s.pending.kind == "push_enemy":
        act(s, "decline")
    # reaction phase: pick order if asked, then attacker choice (equal threat)
    ev = settle(s)
    evs = [e for e in ev if e.kind == "evade"]
    assert len(evs) == 1  # R-REACT-6: one attack on Mateo
    assert evs[0].data["tier"] == 2 and evs[0].data["extra"] == 1  # R-REACT-5, DV-2
    assert s.active_char.health == 2


def test_R_REACT_5_highest_threat_attacks_and_R_REACT_6_one_attack_per_character():
    s = game(MAP, party=(("mateo", 1),))
    d = with_enemy(s, "zombie_dog", (1, 0))
    c = with_enemy(s, "crawler", (1, 1))
    rigged(s, [5, 5])  # hit+ meets tier 2, not tier 3
    ev = end_turn(s)
    evs = [e for e in ev if e.kind == "evade"]
    assert [e.data["enemy"] for e in evs] == [c.uid]  # threat 3 beats threat 2
    assert evs[0].data["tier"] == 3 and not evs[0].data["success"]  # medium 2 + 1 extra


def test_R_REACT_7_an_enemy_that_attacked_does_not_attack_again():
    """R-REACT-7 step g: the attacker is marked reacted. The dog (range 1, charge) attacks Mateo,
    the active character; Vera stands in its reach before and after its charge, but it has
    reacted: it neither attacks her nor moves (R-REACT-4)."""
    s = game(MAP, party=(("mateo", 1), ("vera", 2)))
    s.char("vera").pos = (1, 0)
    d = with_enemy(s, "zombie_dog", (1, 1))
    rigged(s, [6, 6])  # Mateo evades; any later roll would be a blank (a hit on Vera)
    ev = end_turn(s)
    attacks = [e for e in ev if e.kind in ("evade", "enemy_attack")]
    assert [(e.data["enemy"], e.data["char"]) for e in attacks] == [(d.uid, "mateo")]
    assert s.char("vera").health == 1
    assert not [e for e in ev if e.kind in ("enemy_move", "enemy_idle") and e.rule.startswith("R-EMOVE")]


def test_R_REACT_7_enemy_whose_target_was_attacked_moves_instead():
    # Mateo attacked by the dog; the zombie out of range of everyone else moves (AMB-7)
    s = game(MAP, party=(("mateo", 1), ("vera", 2)))
    d = with_enemy(s, "zombie_dog", (0, 1))
    z = with_enemy(s, "zombie", (3, 1))
    rigged(s, [6, 6])
    end_turn(s)
    assert z.pos != (3, 1)


# A | B | C side by side, 2 squares wide: open doors A-B and B-C, so C is linked to B, not to A
ROW3 = board("AABBCC", "AABBCC", open_doors=[((1, 0), (2, 0)), ((3, 0), (4, 0))], start={1: (1, 0)},
             place=[("exit", (0, 1))])


def test_R_REACT_3_reacting_set_fixed_at_start():
    """R-REACT-3: the crawler's push carries Mateo into tile B mid-phase, which links tile C to
    the active tile; the zombie in C was not in the set when the phase began, so it does not react."""
    s = game(ROW3, party=(("mateo", 1),))
    c = with_enemy(s, "crawler", (0, 0))  # Lash: range 1, push
    z = with_enemy(s, "zombie", (5, 1))  # tile C
    rigged(s, [1, 1])  # Mateo fails the evade: hit and pushed
    act(s, "end_phase")
    assert s.pending.kind == "push_char"
    act(s, "push", target="mateo", to=(2, 0))  # into tile B, through the open door
    assert rules(s).tile_id(s.active_char.pos) == "B"
    settle(s)
    assert z.pos == (5, 1)
    assert s.pending.kind == "act" and s.turn == 2


def test_R_EVADE_2_medium_base_needs_tier_two():
    s = game(MAP, party=(("mateo", 1),))
    with_enemy(s, "crawler", (1, 1))
    rigged(s, [3, 4])  # hits only
    ev = end_turn(s)
    e = [e for e in ev if e.kind == "evade"][0]
    assert e.data["tier"] == 2 and not e.data["success"]


def test_R_EVADE_4_critical_always_evades():
    s = game(MAP, party=(("mateo", 1),))
    zs = [with_enemy(s, "zombie", (0, 0)) for _ in range(3)]
    rigged(s, [6, 1])  # OOS evade at tier 3 (small base + 2 extra): the critical meets it
    act(s, "move", to=(1, 0))
    ev = act(s, "pick", target=zs[0].uid)  # equal threat: the player picks the attacker (R-OOS-4)
    e = [e for e in ev if e.kind == "evade"][0]
    assert e.data["tier"] == 3 and e.data["success"]
    assert s.active_char.pos == (1, 0)


def test_R_EVADE_1_dice_count_from_profile():
    s = game(MAP, party=(("vera", 1),))
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [6, 6, 6])
    ev = act(s, "move", to=(1, 0))
    assert len([e for e in ev if e.kind == "evade"][0].data["faces"]) == 3


def test_DV_8_steel_nerves_ignores_extra_enemies():
    s = game(MAP, party=(("anton", 1),))
    z = with_enemy(s, "zombie", (0, 0))
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [3, 1])
    act(s, "move", to=(1, 0))
    ev = act(s, "pick", target=z.uid)
    e = [e for e in ev if e.kind == "evade"][0]
    assert e.data["tier"] == 1 and e.data["success"]


def test_DV_8_quick_reflexes_reroll_once_per_turn():
    s = game(MAP, party=(("vera", 1),))
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [1, 1, 1, 6])
    act(s, "move", to=(1, 0))
    assert s.pending.kind == "reroll" and s.pending.seat == 0
    ev = act(s, "reroll", n=0)
    assert any(e.kind == "reroll" and e.data["success"] for e in ev)
    assert s.active_char.pos == (1, 0)
    assert s.core.reroll_used


def test_R_EVADE_7_reroll_happens_before_success_is_judged():
    s = game(MAP, party=(("vera", 1),))
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [1, 1, 1, 2])
    act(s, "move", to=(1, 0))
    act(s, "reroll", n=2)
    assert s.active_char.pos == (0, 0) and s.active_char.health == 2


def test_R_EATK_6_dog_charges_even_after_a_successful_evade():
    s = game(MAP, party=(("mateo", 1),))
    d = with_enemy(s, "zombie_dog", (1, 1))
    rigged(s, [6, 6])
    end_turn(s)
    assert d.pos == (0, 0)


def test_R_EATK_3_push_of_character_chosen_by_its_controller():
    s = game(MAP, party=(("mateo", 1),))
    c = with_enemy(s, "crawler", (1, 0))  # basic: range 1, Dmg 1, Push
    rigged(s, [1, 1])
    act(s, "end_phase")
    assert s.pending.kind == "push_char" and s.pending.seat == 0
    act(s, "push", target="mateo", to=(0, 1))
    assert s.char("mateo").pos == (0, 1) and s.char("mateo").health == 2


def test_R_EMOVE_1_moves_up_to_move_value_toward_nearest():
    s = game(MAP)
    d = with_enemy(s, "zombie_dog", (4, 1))  # move 2, range 1
    end_turn(s)
    assert rules(s).g.dW(d.pos, (0, 0)) == 2  # from 4 away to 2 away


# A | B with a closed door at the top and an open door at the bottom: B is linked to A
TWO_DOORS = board("AAABBB", "AAABBB", "AAABBB", doors=[((2, 0), (3, 0))], open_doors=[((2, 2), (3, 2))],
                  start={1: (1, 0)}, place=[("exit", (0, 2))])


def test_R_EMOVE_2_enemies_do_not_open_doors():
    """The zombie reacts (tile B is linked through the open door) but the closed door next to it
    is no way for it: it steps toward the open door instead of through the closed one."""
    s = game(TWO_DOORS)
    z = with_enemy(s, "zombie", (3, 0))  # right behind the closed door from Vera at (1, 0)
    end_turn(s)
    assert z.pos == (3, 1)  # one step (Move 1) along the route through the open door
    assert s.edges["2,0|3,0"] == "door_closed"


def test_R_EMOVE_4_no_route_stays():
    s = game(MAP)
    s.active_char.pos = (0, 1)
    act(s, "door", edge="0,1|0,2")  # open: tile B is linked
    z = with_enemy(s, "zombie", (1, 2))
    tok(s, "fire", (0, 2))  # the only way out of B is on fire (R-COMP-12)
    end_turn(s)
    assert z.pos == (1, 2)


def test_R_EMOVE_3_and_R_WALL_2_route_around_walls():
    b = board("AAAA", "AAAA", "AAAA", walls=[((1, 0), (2, 0)), ((1, 1), (2, 1))], start={1: (0, 0)})
    s = game(b)
    z = with_enemy(s, "zombie_dog", (3, 0))
    end_turn(s)
    # the straight line is walled: the dog goes down and around
    assert z.pos in {(2, 2), (3, 2), (2, 1)} and z.pos != (3, 0)
    assert rules(s).g.dW(z.pos, (0, 0)) < 5


def test_R_FIRE_4_enemies_route_around_fire():
    from game.engine.state import TokenState
    b = board("AAA", "AAA", "AAA", start={1: (0, 1)})
    s = game(b)
    for y in (0, 1):
        s.tokens.append(TokenState(uid=f"f{y}", kind="fire", pos=(1, y)))
    z = with_enemy(s, "zombie", (2, 1))
    end_turn(s)
    assert z.pos not in {(1, 0), (1, 1)}
    assert z.pos == (1, 2)  # around the fire, through the gap


def test_R_CONFLICT_3_equidistant_goes_for_active_character():
    s = game(MAP, party=(("vera", 1), ("mateo", 2)))
    s.char("vera").pos = (0, 0)
    s.char("mateo").pos = (4, 0)
    z = with_enemy(s, "zombie", (2, 0))
    ev = end_turn(s)
    assert z.pos == (1, 0) or z.pos == (1, 1)
    assert any(e.kind == "enemy_move" and e.data["target"] == "vera" for e in ev)


def test_R_EMOVE_4_tie_between_others_is_players_choice():
    s = game(MAP, party=(("vera", 1), ("mateo", 2), ("anton", 1)))
    s.char("vera").pos = (0, 0)  # active, 4 squares away
    s.char("mateo").pos = (4, 0)
    s.char("anton").pos = (4, 1)
    z = with_enemy(s, "zombie", (3, 0))  # one step from both Mateo and Anton (dW 1)
    s.char("anton").pos = (3, 1)
    s.char("mateo").pos = (4, 1)
    act(s, "end_phase")
    assert s.pending.kind == "emove_target" and s.pending.seat == 0
    assert {a.target for a in legal(s)} == {"mateo", "anton"}
    act(s, "pick", target="mateo")
    settle(s)
    assert z.pos == (4, 1)


def test_R_EMOVE_6_already_in_target_square_stays():
    s = game(MAP, party=(("mateo", 1),))
    z = with_enemy(s, "zombie", (0, 0))
    d = with_enemy(s, "zombie", (0, 0))
    rigged(s, [6, 6])
    # one zombie attacks (range 0); the other was in the group: neither leaves the square
    react_now(s)
    assert z.pos == (0, 0) and d.pos == (0, 0)
    s2 = game(MAP, party=(("mateo", 1), ("vera", 2)))
    s2.char("vera").pos = (4, 1)
    z2 = with_enemy(s2, "zombie", (4, 1))
    s2.core.react = ReactionState(attacked=["vera"], auto=True)
    s2.char("mateo").pos = (0, 0)
    run_task(s2, "move_reaction", enemy=z2.uid, rule="test")
    assert z2.pos == (4, 1)  # R-EMOVE-6: nearest survivor is in its square


def test_R_REACT_8_default_order_threat_then_distance():
    s = game(MAP)
    r = rules(s)
    z1 = with_enemy(s, "zombie", (3, 0))
    z2 = with_enemy(s, "zombie", (1, 1))
    d = with_enemy(s, "zombie_dog", (4, 1))
    order = [e.uid for e in r.default_order(s.enemies)]
    assert order == [d.uid, z2.uid, z1.uid]


def test_R_SPECIAL_2_matching_symbol_uses_special_attack():
    # campaign rules (not intro): last tension card FANG -> zombie Bite (2 damage)
    s = game(MAP, party=(("mateo", 1),), intro=False)
    s.tension_symbol, s.tension_symbol_known = "FANG", True
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [1, 1])
    react_now(s)
    assert s.active_char.health == 3


def test_R_INTRO_5_symbols_ignored_in_intro():
    s = game(MAP, party=(("mateo", 1),))
    s.tension_symbol, s.tension_symbol_known = "FANG", True
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [1, 1])
    begin_phase(s, "reaction")
    assert s.active_char.health == 2


def test_R_SPECIAL_4_cut_the_deck_reads_middle_card():
    s = game(MAP, intro=False)
    s.tension_symbol_known = False
    pile = s.piles["tension"]
    k = (len(pile) + 1) // 2
    assert rules(s).current_symbol() == s.cards[pile[k - 1]].symbol
    assert s.piles["tension"] == pile  # order unchanged


def test_R_SPECIAL_5_special_range_finds_targets():
    s = game(MAP, party=(("mateo", 1),), intro=False)
    s.tension_symbol, s.tension_symbol_known = "CLAW", True
    with_enemy(s, "zombie_dog", (2, 0))  # Pounce range 2
    rigged(s, [1, 1])
    begin_phase(s, "reaction")
    assert s.core.react.attacked == ["mateo"]
