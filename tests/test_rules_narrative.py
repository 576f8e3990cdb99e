"""Narrative events and the Stalker (core.md §14, §15, DV-17, DV-6)."""
from collections import Counter

from game.engine import legal_actions
from game.engine.state import TokenState
from tests.kit import act, board, content, game, legal, rigged, rules, settle, with_enemy

MAP = board("AAAA", "AAAA", "BBBB", doors=[((0, 1), (0, 2))], start={1: (0, 0), 2: (3, 0)},
            place=[("exit", (3, 2))], spawns={"A": [(3, 1)], "B": [(0, 2)]})


def narr_game(top=None, **kw):
    s = game(MAP, intro=False, narrative_deck=True, **kw)
    if top:
        uid = f"N:{top}"
        s.piles["narrative"].remove(uid)
        s.piles["narrative"].insert(0, uid)
    return s


def token(s, kind, pos, **props):
    t = TokenState(uid=s.new_uid("t"), kind=kind, pos=pos, props=props)
    s.tokens.append(t)
    return t


def test_R_NARR_11_and_DV_17_fourteen_cards_four_with_the_stalker_mark():
    ct = content()
    assert len(ct.narrative) == 14
    assert sum(1 for n in ct.narrative.values() if n.stalker) == 4


def test_R_DANGER_7_every_danger_lowering_option_has_a_cost():
    costs = {"DISCARD_AMMO", "DISCARD_WEAPON", "DISCARD_RECOVERY", "FIRE", "SPAWN", "POISON"}
    for n in content().narrative.values():
        for o in n.options:
            kinds = {op.op for op in o.effect}
            if any(op.op == "DANGER" and op.n < 0 for op in o.effect):
                assert kinds & costs, n.id


def test_R_NARR_2_entering_the_token_draws_and_R_NARR_7_card_removed():
    s = narr_game(top="abandoned_patrol_car")
    t = token(s, "narrative", (1, 0))
    ev = act(s, "move", to=(1, 0))
    assert s.token(t.uid) is None
    assert any(e.kind == "narrative" and e.data["name"] == "Abandoned Patrol Car" for e in ev)
    assert len(s.active_char.inventory) == 5  # DRAW_A 2
    assert s.piles["narrative_removed"] == ["N:abandoned_patrol_car"]


def test_R_NARR_5_choice_is_a_legal_action_and_unavailable_options_hidden():
    s = narr_game(top="trapped_survivor", party=(("vera", 1),))  # Vera holds no recovery card
    token(s, "narrative", (1, 0))
    act(s, "move", to=(1, 0))
    # option A needs DISCARD_RECOVERY: not available; only B: resolved at once
    assert s.pending.kind == "act" and s.danger == 0
    s2 = narr_game(top="burning_block", danger_start=3)
    token(s2, "narrative", (1, 0))
    act(s2, "move", to=(1, 0))
    assert s2.pending.kind == "narrative" and {a.n for a in legal(s2)} == {0, 1}
    act(s2, "choose", n=1)
    assert s2.danger == 4


def test_R_NARR_3_fixed_event_from_the_brief():
    from game.engine.defs import FixedEventDef, Op
    fx = {"radio": FixedEventDef(name="Radio Room", text="A working radio.", effect=[Op(op="DANGER", n=-2)])}
    s = game(MAP, intro=False, fixed_events=fx, danger_start=5)
    token(s, "fixed_narrative", (1, 0), label="radio")
    act(s, "move", to=(1, 0))
    assert s.danger == 3


def test_R_NARR_10_empty_deck_token_removed_no_effect():
    s = narr_game()
    s.piles["narrative_removed"] += s.piles["narrative"]
    s.piles["narrative"] = []
    t = token(s, "narrative", (1, 0))
    ev = act(s, "move", to=(1, 0))
    assert s.token(t.uid) is None and any(e.rule == "R-NARR-10" for e in ev)


def test_R_NARR_6_spawns_on_active_tile_and_R_NARR_1_tokens():
    s = narr_game(top="strays")
    token(s, "narrative", (1, 0))
    ev = act(s, "move", to=(1, 0))
    assert Counter(e.type for e in s.enemies) == {"zombie_dog": 2}
    assert all(rules(s).tile_id(e.pos) == "A" for e in s.enemies)


def test_R_ACT_4_exploration_before_narrative():
    b = board("AB", "AB", open_doors=[((0, 0), (1, 0))], unexplored=("B",), colours={"B": "yellow"},
              start={1: (0, 0)}, place=[("exit", (0, 1))])
    s = game(b, intro=False, narrative_deck=True)
    token(s, "narrative", (1, 0))
    rigged(s, [1])
    ev = act(s, "move", to=(1, 0)) + settle(s)
    kinds = [e.kind for e in ev]
    assert kinds.index("explore") < kinds.index("narrative")


def test_R_NARR_9_options_show_consequences():
    s = narr_game(top="burning_block")
    token(s, "narrative", (1, 0))
    ev = act(s, "move", to=(1, 0))
    n = [e for e in ev if e.kind == "narrative"][0]
    assert [o["text"] for o in n.data["options"]][1] == "City danger +1."


def test_R_TENSION_12_peek_reorders_top_cards():
    s = narr_game(top="radio_chatter")
    top3 = s.piles["tension"][:3]
    token(s, "narrative", (1, 0))
    act(s, "move", to=(1, 0))
    assert s.pending.kind == "peek" and len(legal(s)) == 6
    act(s, "order", item="2,1,0")
    assert s.piles["tension"][:3] == list(reversed(top3))


def test_R_TENSION_12_peek_from_a_narrative_card_keeps_every_card_in_a_pile():
    """R-TENSION-12 PEEK_TENSION resolved by a narrative card (N9): while the players choose the
    order, the narrative card and the peeked tension cards are all on display ("revealed"),
    so no card is in no pile (found by the fuzz test on the city maps, issue 10)."""
    from tests.test_properties import check_invariants
    s = narr_game(top="radio_chatter")
    token(s, "narrative", (1, 0))
    act(s, "move", to=(1, 0))
    assert s.pending.kind == "peek"
    assert "N:radio_chatter" in s.piles["revealed"] and len(s.piles["revealed"]) == 4
    check_invariants(s)
    act(s, "order", item="0,1,2")
    check_invariants(s)


# ------------------------------------------------------------------ the Stalker
def stalker_game(band_danger=0, **kw):
    s = narr_game(top="footsteps_behind_you", danger_start=band_danger, **kw)
    token(s, "narrative", (1, 0))
    act(s, "move", to=(1, 0))
    return s


def test_R_STALK_1_and_R_STALK_3_narrative_brings_the_stalker_with_its_band_card():
    for danger, typ in ((0, "stalker_one_low"), (8, "stalker_one_high"), (14, "stalker_one_extreme")):
        s = stalker_game(danger)
        assert [e.type for e in s.enemies] == [typ]


def test_R_STALK_2_stage_two_never_spawned_by_cards():
    for n in content().narrative.values():
        for op in n.effect + [x for o in n.options for x in o.effect]:
            assert "stalker_two" not in op.enemies


def test_R_STALK_4_relentless_reacts_from_any_tile():
    s = narr_game(party=(("mateo", 1),))
    st = with_enemy(s, "stalker_one_low", (3, 2))  # tile B, door closed: not linked
    s.char("mateo").pos = (0, 0)
    act(s, "end_phase")
    settle(s)
    assert s.core.react.reacting == [st.uid]


def test_R_STALK_5_forced_entry_opens_unlocked_doors():
    s = narr_game(party=(("mateo", 1),))
    st = with_enemy(s, "stalker_one_high", (0, 2))  # move 2, below the closed door
    s.char("mateo").pos = (2, 0)
    act(s, "end_phase")
    settle(s)
    assert s.edges["0,1|0,2"] == "door_open" and rules(s).tile_id(st.pos) == "A"


def test_R_STALK_6_pursuit_brings_it_back_with_its_wounds():
    b = board("AAA", "BBB", start={1: (0, 0)}, spawns={"A": [(2, 0)]}, place=[("exit", (0, 0))])
    s = game(b, intro=False, party=(("mateo", 1),))
    st = with_enemy(s, "stalker_one_low", (1, 1), wounds=2)  # tile B: no door at all, no route
    ev = act(s, "end_phase") + settle(s)
    assert any(e.rule == "R-STALK-6" for e in ev)
    new = [e for e in s.enemies if "stalker" in e.type][0]
    assert rules(s).tile_id(new.pos) == "A" and new.wounds == 2


def test_R_STALK_7_only_one_second_spawn_moves_it_instead():
    s = stalker_game()
    st = s.enemies[0]
    before = st.pos
    uid = "N:no_way_around"
    s.piles["narrative"].remove(uid)
    s.piles["narrative"].insert(0, uid)
    token(s, "narrative", (1, 1))
    act(s, "move", to=(1, 1))
    act(s, "choose", n=0)
    settle(s)
    assert len([e for e in s.enemies if "stalker" in e.type]) == 1


def test_R_STALK_8_killed_stalker_gone_for_the_scenario_and_drops_supplies():
    s = narr_game(party=(("mateo", 1),))
    st = with_enemy(s, "stalker_one_low", (1, 0), wounds=4)
    gun = s.active_char.inventory[1][0]
    rigged(s, [5])  # hit+: 1 damage, the 5th
    act(s, "attack", item=gun, target=st.uid, n=0)
    assert s.enemy(st.uid) is None and s.core.stalker_killed
    assert len(s.active_char.inventory) == 4  # supply drop: one Item A card
    from game.engine.defs import Op
    assert not rules(s).op_needs(Op(op="SPAWN", n=1, enemies=["stalker_one"]))


def test_R_STALK_9_stalker_is_stirred_like_any_enemy():
    s = narr_game(tension=["shambling_stride"] * 2, tension_reshuffle=True)
    st = with_enemy(s, "stalker_one_low", (3, 1))
    ev = act(s, "end_phase") + settle(s)
    assert any(e.kind == "enemy_move" and e.data["enemy"] == st.uid and e.rule == "R-TENSION-12" for e in ev)


def test_R_ENEMY_5_eight_reference_cards():
    ct = content().enemies
    assert len(ct) == 8
    assert {k for k, v in ct.items() if "boss" in v.rules} == {"burrower", "stalker_two"}
