"""Action phase rules: turn structure, move, doors, search, trade, use, herbs, exit (core.md §3-4)."""
from game.engine import Action, apply, legal_actions
from tests.kit import act, board, game, kinds, legal, rigged, rules, run_task, with_enemy

ROOM = board("AAAA", "AAAA", "BBBB", doors=[((1, 1), (1, 2))], start={1: (0, 0), 2: (3, 0)},
             place=[("exit", (3, 2)), ("item", (2, 0), {"letter": "A"})], spawns={"B": [(0, 2)]})


def test_R_TURN_4_four_actions_then_reaction_and_tension():
    s = game(ROOM)
    assert s.actions_left == 4 and s.phase == "action"
    for to in [(1, 0), (2, 0), (1, 0), (0, 0)]:
        act(s, "move", to=to)
    # after the 4th action the turn moved on: tension card drawn, next turn (solo: same seat)
    assert s.turn == 2 and s.actions_left == 4
    assert len(s.piles["tension_discard"]) == 1  # R-TENSION-4


def test_R_TURN_1_seat_order_and_R_TURN_3_active_character():
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    assert s.active_char.cid == "vera"
    act(s, "end_phase")
    assert s.active_char.cid == "mateo" and s.pending.seat == 1


def test_R_TURN_5_cannot_end_early_next_to_enemy():
    s = game(ROOM)
    assert "end_phase" in kinds(s)
    with_enemy(s, "zombie", (0, 0))
    assert "end_phase" not in kinds(s)


def test_R_TURN_6_no_legal_action_and_no_skip_forfeits():
    # a one-square map, a zombie in the square, Vera with nothing but a discarded knife...
    b = board("A", place=[])
    s = game(b)
    c = s.active_char
    c.inventory = []  # no weapon, no items
    with_enemy(s, "zombie", (0, 0))
    ev = run_task(s, "act")  # the game asks again for an action: none is left
    assert any(e.rule == "R-TURN-6" for e in ev)


def test_R_COMP_8_and_R_MOVE_5_no_move_into_full_square():
    s = game(ROOM)
    for _ in range(4):
        with_enemy(s, "zombie", (1, 0))
    assert Action(kind="move", to=(1, 0)) not in legal(s)
    s.enemies.pop()
    assert Action(kind="move", to=(1, 0)) in legal(s)  # 3 small + 1 small = 4 units


def test_R_COMP_8_medium_base_counts_two():
    s = game(ROOM)
    with_enemy(s, "crawler", (1, 0))
    with_enemy(s, "zombie", (1, 0))
    assert Action(kind="move", to=(1, 0)) in legal(s)  # 2 + 1 + 1
    with_enemy(s, "zombie", (1, 0))
    assert Action(kind="move", to=(1, 0)) not in legal(s)


def test_R_MOVE_6_may_enter_enemy_square_and_leaving_provokes():
    s = game(ROOM)
    with_enemy(s, "zombie", (1, 0))
    act(s, "move", to=(1, 0))
    assert s.active_char.pos == (1, 0)
    rigged(s, [6, 6, 6])  # Vera's three evade dice: all critical
    ev = act(s, "move", to=(2, 0))
    assert any(e.rule == "R-OOS-3" for e in ev)
    assert s.active_char.pos == (2, 0)


def test_R_DOOR_1_open_and_close_from_either_square():
    s = game(ROOM)
    c = s.active_char
    c.pos = (1, 1)
    eid = "1,1|1,2"
    act(s, "door", edge=eid)
    assert s.edges[eid] == "door_open"
    act(s, "door", edge=eid)
    assert s.edges[eid] == "door_closed"


def test_R_DOOR_2_doors_start_closed_and_block():
    s = game(ROOM)
    s.active_char.pos = (1, 1)
    assert Action(kind="move", to=(1, 2)) not in legal(s)


def test_R_DOOR_4_close_whatever_occupies_the_squares():
    s = game(ROOM)
    s.active_char.pos = (1, 1)
    act(s, "door", edge="1,1|1,2")
    with_enemy(s, "zombie", (1, 2))
    assert Action(kind="door", edge="1,1|1,2") in legal(s)


def test_R_DOOR_5_locked_door_needs_key_and_R_DOOR_6_key_kept():
    b = board("AB", doors=[((0, 0), (1, 0))], locks={((0, 0), (1, 0)): "office"})
    s = game(b, party=(("mateo", 1),))
    assert Action(kind="door", edge="0,0|1,0") not in legal(s)
    from game.engine.state import CardState
    s.cards["K"] = CardState(uid="K", defn="office_key", deck="B")
    s.active_char.inventory.append(["K"])
    act(s, "door", edge="0,0|1,0")
    assert s.edges["0,0|1,0"] == "door_open" and "0,0|1,0" not in s.locks
    assert ["K"] in s.active_char.inventory


def test_R_DOOR_8_lock_pick_opens_simple_locks_only():
    b = board("ABC", doors=[((0, 0), (1, 0))], locks={((0, 0), (1, 0)): "storeroom"})
    s = game(b, party=(("vera", 1),))  # Vera starts with the Lock Pick
    assert Action(kind="door", edge="0,0|1,0") in legal(s)
    b2 = board("AB", doors=[((0, 0), (1, 0))], locks={((0, 0), (1, 0)): "gate"})
    s2 = game(b2, party=(("vera", 1),))
    assert Action(kind="door", edge="0,0|1,0") not in legal(s2)


def test_R_DOOR_7_one_way_door_opens_from_one_side():
    from game.engine.board import EdgeFeature, EdgeState, edge_key
    b = board("AB", "AB")
    from dataclasses import replace
    b = replace(b, features={edge_key((0, 0), (1, 0)): EdgeFeature(EdgeState.DOOR_CLOSED, one_way_from=(1, 0))})
    s = game(b, party=(("vera", 1),))
    assert Action(kind="door", edge="0,0|1,0") not in legal(s)
    s.active_char.pos = (1, 0)
    assert Action(kind="door", edge="0,0|1,0") in legal(s)


def test_R_SEARCH_2_takes_token_and_top_card():
    s = game(ROOM)
    s.active_char.pos = (2, 0)
    top = s.piles["item_a"][0]
    tok = [t for t in s.tokens if t.kind == "item"][0]
    act(s, "search", target=tok.uid)
    assert s.token(tok.uid) is None
    assert [top] in s.active_char.inventory


def test_R_SEARCH_1_not_with_full_inventory():
    s = game(ROOM)
    c = s.active_char
    c.pos = (2, 0)
    from game.engine.state import CardState
    for i in range(3):
        s.cards[f"X{i}"] = CardState(uid=f"X{i}", defn="green_herb", deck="A")
        c.inventory.append([f"X{i}"])
    assert len(c.inventory) == 6
    assert "search" not in kinds(s)


def test_R_SEARCH_3_empty_item_a_deck_reshuffles_discards():
    """R-SEARCH-3 and R-ITEM-6: an empty Item A deck is made again from its discard pile."""
    s = game(ROOM)
    s.active_char.pos = (2, 0)
    s.piles["item_a_discard"] = s.piles["item_a"]
    s.piles["item_a"] = []
    tok = [t for t in s.tokens if t.kind == "item"][0]
    ev = act(s, "search", target=tok.uid)
    assert any(e.rule == "R-ITEM-6" for e in ev)
    assert len(s.piles["item_a"]) == 3 and s.piles["item_a_discard"] == []


def test_DV_8_grigor_scavenger_keeps_one_of_two():
    s = game(ROOM, party=(("grigor", 1),))
    s.active_char.pos = (2, 0)
    first, second = s.piles["item_a"][:2]
    tok = [t for t in s.tokens if t.kind == "item"][0]
    act(s, "search", target=tok.uid)
    assert s.pending.kind == "keep"
    act(s, "keep", item=second)
    assert [second] in s.active_char.inventory
    assert s.piles["item_a"][-1] == first  # the other card goes to the bottom


def test_R_TRADE_1_trade_session_and_R_TRADE_3_dial_kept():
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    mateo = s.char("mateo")
    mateo.pos = (1, 0)
    gun = [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "handgun"][0]
    s.cards[gun].ammo = 2
    act(s, "trade", target="mateo")
    assert s.pending.kind == "trade"
    act(s, "give", item=gun)
    act(s, "done")
    assert [gun] in mateo.inventory and s.cards[gun].ammo == 2
    assert s.actions_left == 3


def test_R_TRADE_2_not_through_a_wall_nor_with_unconscious():
    b = board("AAAA", walls=[((1, 0), (2, 0))], start={1: (1, 0), 2: (2, 0)})
    s = game(b, party=(("vera", 1), ("mateo", 2)))
    assert "trade" not in kinds(s)
    s.char("mateo").pos = (1, 0)
    assert "trade" in kinds(s)
    s.char("mateo").health = 6
    assert "trade" not in kinds(s)


def test_R_TRADE_2_limits_hold_before_done():
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    s.char("mateo").pos = (0, 0)
    from game.engine.state import CardState
    for i in range(3):
        s.cards[f"X{i}"] = CardState(uid=f"X{i}", defn="green_herb", deck="A")
        s.active_char.inventory.append([f"X{i}"])
    act(s, "trade", target="mateo")
    for i in range(3):
        act(s, "give", item=f"X{i}")
    act(s, "give", item=s.active_char.inventory[0][0])  # Mateo now holds 7 > 6
    assert Action(kind="done") not in legal(s)


def test_R_USE_2_and_R_AMMO_4_reload_never_above_capacity():
    s = game(ROOM, party=(("mateo", 1),))
    c = s.active_char
    gun = [u for sl in c.inventory for u in sl if s.cards[u].defn == "handgun"][0]
    ammo = [u for sl in c.inventory for u in sl if s.cards[u].defn == "handgun_ammo"][0]
    s.cards[gun].ammo = 5
    act(s, "use", item=ammo, item2=gun)
    assert s.cards[gun].ammo == 6  # +3 capped at 6
    assert [ammo] not in c.inventory


def test_R_AMMO_1_and_R_AMMO_3_starting_weapons_full_knife_no_dial():
    s = game(ROOM)
    dials = {s.cards[u].defn: s.cards[u].ammo for sl in s.active_char.inventory for u in sl}
    assert dials["handgun"] == 6 and dials["knife"] is None


def test_R_HERB_2_stack_at_most_three_and_R_HERB_4_mixed_value():
    """R-HERB-2/4, R-INV-2 (a mixed stack takes one slot) and DV-11 (G+G+R recovers 4)."""
    s = game(ROOM, party=(("grigor", 1),))  # starts with a Red Herb
    c = s.active_char
    from game.engine.state import CardState
    s.cards["G1"] = CardState(uid="G1", defn="green_herb", deck="A")
    c.inventory.append(["G1"])
    red = [u for sl in c.inventory for u in sl if s.cards[u].defn == "red_herb"][0]
    act(s, "mix", item=red, item2="G1")
    assert s.actions_left == 4  # R-HERB-3: mixing is free
    assert [red, "G1"] in c.inventory  # one slot (R-INV-2)
    for i in (2, 3):
        s.cards[f"G{i}"] = CardState(uid=f"G{i}", defn="green_herb", deck="A")
        c.inventory.append([f"G{i}"])
    assert Action(kind="mix", item=red, item2="G2") in legal(s)
    act(s, "mix", item=red, item2="G2")
    assert not [a for a in legal(s) if a.kind == "mix" and red in (a.item, a.item2)]  # 3 is the max
    c.health = 5
    act(s, "use", item=red, target="grigor")
    assert c.health == 1  # G+G+R = 4 (DV-11): Danger -> Fine


def test_R_HERB_1_only_herbs_stack():
    s = game(ROOM, party=(("anton", 1),))
    mixes = [a for a in legal(s) if a.kind == "mix"]
    assert mixes == []  # one herb and no other herb


def test_R_HEALTH_2_recovery_never_left_of_fine():
    s = game(ROOM, party=(("anton", 1),))
    herb = [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "green_herb"][0]
    act(s, "use", item=herb, target="anton")
    assert s.active_char.health == 1


def test_R_INV_3_discard_is_free():
    s = game(ROOM)
    knife = s.active_char.inventory[0][0]
    act(s, "discard", item=knife)
    assert s.actions_left == 4 and [knife] not in s.active_char.inventory


def test_R_SCEN_6_exit_and_R_INTRO_6_success_when_all_out():
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    s.char("vera").pos = (3, 2)
    act(s, "exit")
    assert s.char("vera").exited and s.result is None
    assert s.active_char.cid == "mateo"  # R-TURN-10: Vera's turn ended
    s.char("mateo").pos = (3, 2)
    act(s, "exit")
    assert s.result == "success"
    assert legal(s) == []


def test_R_TURN_10_exit_skips_reaction_but_draws_tension():
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    s.char("vera").pos = (3, 2)
    with_enemy(s, "zombie", (2, 2))
    ev = act(s, "exit")
    kinds_ = [e.kind for e in ev]
    assert "tension" in kinds_ and "enemy_move" not in kinds_ and "evade" not in kinds_


def test_R_TURN_7_exited_character_takes_no_more_turns():
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    s.char("vera").pos = (3, 2)
    act(s, "exit")
    act(s, "end_phase")  # Mateo
    assert s.active_char.cid == "mateo"


def test_impossible_action_changes_nothing():
    s = game(ROOM)
    before = s.model_dump(mode="json")
    ev = apply(s, Action(kind="move", to=(3, 3)))
    assert len(ev) == 1 and ev[0].kind == "impossible" and "Not a legal" in ev[0].text
    assert s.model_dump(mode="json") == before
