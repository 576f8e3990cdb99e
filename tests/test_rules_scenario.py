"""Exploration, stairwells, barricades, items, weapons, enemies and easy mode
(core.md §8, §9, §10, §11, §12, §21.1, DV-6, DV-9, DV-10)."""
import pytest

from game.engine import Action, legal_actions
from game.engine.state import CardState
from tests.kit import act, board, card, content, game, legal, rigged, rules, settle, tok, with_enemy
from tests.kit import sustained as _sus  # noqa: E402

MAP = board("AAAA", "AAAA", "BBBB", doors=[((0, 1), (0, 2))], start={1: (0, 0), 2: (3, 0)},
            place=[("exit", (3, 2))], spawns={"A": [(3, 1)], "B": [(0, 2)]})




EXPLORE = board("AB", "AB", open_doors=[((0, 0), (1, 0))], unexplored=("B",), colours={"B": "yellow"},
                start={1: (0, 0)}, spawns={"B": [(1, 1)]}, place=[("exit", (0, 1))])


def test_R_EXPLORE_6_worked_example_yellow_four_spawns_one_zombie():
    s = game(EXPLORE, intro=False)
    rigged(s, [4])
    ev = act(s, "move", to=(1, 0))
    assert any(e.kind == "explore" and e.data["roll"] == 4 for e in ev)
    assert [e.type for e in s.enemies] == ["zombie"]


def test_R_EXPLORE_1_and_R_EXPLORE_3_explored_once_only():
    s = game(EXPLORE, intro=False)
    assert "B" not in s.explored
    rigged(s, [1, 1])
    act(s, "move", to=(1, 0))
    act(s, "move", to=(0, 0))
    ev = act(s, "move", to=(1, 0))
    assert not [e for e in ev if e.kind == "explore"]


def test_R_EXPLORE_4_start_tiles_explored_and_enemies_never_explore():
    b = board("AB", "AB", open_doors=[((0, 0), (1, 0))], unexplored=("A", "B"), colours={"A": "red", "B": "red"},
              start={1: (0, 0)}, place=[("exit", (0, 1))])
    s = game(b, intro=False)
    assert "A" in s.explored and "B" not in s.explored
    z = with_enemy(s, "zombie", (1, 1))
    z.pos = (1, 0)
    assert "B" not in s.explored


def test_R_EXPLORE_5_default_tables_and_brief_tables():
    s = game(EXPLORE, intro=False, encounter_tables={"yellow": [["crawler"]] * 6})
    rigged(s, [2])
    act(s, "move", to=(1, 0))
    assert [e.type for e in s.enemies] == ["crawler"]


def test_R_EXPLORE_2_green_tiles_never_rolled():
    b = board("AB", open_doors=[((0, 0), (1, 0))], unexplored=("B",), start={1: (0, 0)}, place=[("exit", (0, 0))])
    s = game(b, intro=False)
    ev = act(s, "move", to=(1, 0))
    assert not [e for e in ev if e.kind == "explore"]


def test_R_SPAWN_7_listed_order_dog_first():
    s = game(EXPLORE, intro=False, encounter_tables={"yellow": [["zombie_dog", "zombie", "zombie"]] * 6})
    rigged(s, [1])
    ev = act(s, "move", to=(1, 0))
    assert [e.data["type"] for e in ev if e.kind == "spawn"] == ["zombie_dog", "zombie", "zombie"]


def test_R_DIE_1_encounter_die_hazard_only_on_six():
    for roll, hazard in ((5, False), (6, True)):
        s = game(MAP, intro=False)
        tok(s, "corpse", (1, 0))
        rigged(s, [roll])
        ev = act(s, "move", to=(1, 0))
        assert [e.data["hazard"] for e in ev if e.kind == "corpse"] == [hazard]


def test_R_BARR_1_R_BARR_2_R_BARR_3_barricade_blocks_then_clears_for_good():
    b = board("AB", "AB", barricades=[((0, 0), (1, 0))], start={1: (0, 0)}, place=[("exit", (1, 1))])
    s = game(b)
    assert Action(kind="move", to=(1, 0)) not in legal(s)
    act(s, "clear", edge="0,0|1,0")
    assert s.edges["0,0|1,0"] == "archway"
    assert Action(kind="move", to=(1, 0)) in legal(s)
    assert not [a for a in legal(s) if a.kind in ("clear", "door")]


STAIRS = board("AB", "AB", start={1: (0, 0)}, stairs=(((0, 0), (1, 1)),), region={"B": 1},
               place=[("exit", (1, 0))])


def test_R_STAIR_2_stairwell_moves_to_the_pair_and_counts_as_move():
    s = game(STAIRS)
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [6, 6, 6])
    ev = act(s, "stairs", to=(1, 1))
    assert s.active_char.pos == (1, 1) and any(e.rule == "R-OOS-3" for e in ev)


def test_R_STAIR_3_and_R_STAIR_4_enemies_never_use_stairwells_no_los_across():
    s = game(STAIRS)
    z = with_enemy(s, "zombie", (1, 1))
    r = rules(s)
    assert not r.los((0, 0), (1, 1))
    assert r.dE_map((0, 0)).get((1, 1)) is None


def test_R_DOOR_9_locked_doors_begin_closed():
    b = board("AB", doors=[((0, 0), (1, 0))], locks={((0, 0), (1, 0)): "gate"}, start={1: (0, 0)},
              place=[("exit", (0, 0))])
    s = game(b)
    assert s.edges["0,0|1,0"] == "door_closed" and s.locks["0,0|1,0"]["lock"] == "gate"


def test_R_FIRE_5_spawn_into_fire_goes_next_door():
    s = game(EXPLORE, intro=False, encounter_tables={"yellow": [["zombie"]] * 6})
    tok(s, "fire", (1, 1))
    rigged(s, [1])
    ev = act(s, "move", to=(1, 0))
    sp = [e for e in ev if e.kind == "spawn"]
    assert sp and tuple(sp[0].data["pos"]) != (1, 1)


def test_R_FIRE_7_fire_stays():
    s = game(MAP, intro=False)
    tok(s, "fire", (3, 1))
    for _ in range(3):
        act(s, "end_phase")
        settle(s)
    assert [t.pos for t in s.tokens if t.kind == "fire"] == [(3, 1)]


def test_R_BARREL_5_blast_counts_as_hit_for_oos_moves():
    s = game(MAP, intro=False)
    b = tok(s, "barrel", (2, 1))
    hurt = with_enemy(s, "crawler", (3, 1))  # 1 blast damage, survives: "hit", does not move
    far = with_enemy(s, "zombie", (3, 0))  # hit too (adjacent)
    gun = [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == "handgun"][0]
    ev = act(s, "attack", item=gun, target=b.uid, n=0) + settle(s)
    assert hurt.pos == (3, 1)
    assert not [e for e in ev if e.kind == "enemy_move" and e.rule == "R-OOS-2"]


def test_R_INK_2_any_player_may_spend_the_shared_ribbon_and_R_INK_3_typewriter_small_base():
    s = game(MAP, intro=False, party=(("vera", 1), ("mateo", 2)))
    tw = tok(s, "typewriter", (3, 1))
    assert rules(s).units_at((3, 1)) == 1
    act(s, "end_phase")
    settle(s)
    assert s.active_char.cid == "mateo"
    act(s, "typewriter", target=tw.uid)
    assert s.ink_ribbons == 0


def test_R_TENSION_9_typewriter_refreshes_tension():
    s = game(MAP, intro=False)
    tw = tok(s, "typewriter", (1, 1))
    s.piles["tension_discard"] = s.piles["tension"][:3]
    s.piles["tension"] = s.piles["tension"][3:]
    act(s, "typewriter", target=tw.uid)
    assert s.piles["tension_discard"] == []


def test_R_HEALTH_6_search_unconscious_and_R_HEALTH_7_no_success_while_unconscious():
    s = game(MAP, intro=False, party=(("vera", 1), ("mateo", 2)))
    s.char("vera").inventory.append([card(s, "F", "first_aid_spray", "B")])
    m = s.char("mateo")
    m.health = 6
    s.char("vera").exited = True
    s.char("vera").pos = None
    m.exited = False
    r = rules(s)
    r.check_end()
    assert s.result != "success"


def test_R_POISON_1_drain_poisons_once_and_R_POISON_4_revival_does_not_cure():
    s = game(MAP, intro=False, party=(("mateo", 1), ("vera", 2)))
    s.tension_symbol, s.tension_symbol_known = "HOOK", True
    with_enemy(s, "crawler", (1, 0))
    rigged(s, [1, 1])
    act(s, "end_phase")
    settle(s)
    m = s.char("mateo")
    assert m.poisoned and m.health == 4  # Drain 2, then poison 1 at the end of Mateo's turn (R-POISON-3)
    m.health = 6
    v = s.char("vera")
    v.pos = m.pos
    v.inventory.append([card(s, "F", "first_aid_spray", "B")])
    s.active = 1
    s.pending.seat = 1
    act(s, "use", item="F", target="mateo")
    assert m.health == 3 and m.poisoned


def test_R_ITEM_1_and_R_ITEM_2_item_types():
    ct = content().items
    assert {i.type for i in ct.values()} == {"weapon", "ammo", "recovery", "scenario", "special"}
    assert ct["first_aid_spray"].type == "recovery" and ct["lock_pick"].type == "special"
    assert ct["office_key"].type == "scenario" and all(i.type == "special" for i in ct.values() if i.stage)


def test_R_ITEM_3_item_a_discards_to_its_pile_and_R_ITEM_10_item_b_to_the_pool():
    s = game(MAP, intro=False)
    c = s.active_char
    c.inventory += [[card(s, "A9", "green_herb", "A")], [card(s, "B9", "shotgun", "B", 4)]]
    act(s, "discard", item="A9")
    act(s, "discard", item="B9")
    assert "A9" in s.piles["item_a_discard"] and "B9" in s.piles["b_pool"]


def test_R_INV_5_item_c_card_goes_to_the_box_instead():
    s = game(MAP, intro=False)
    s.active_char.inventory.append([card(s, "C9", "fuse", "C")])
    act(s, "discard", item="C9")
    assert ["C9"] in s.item_box


def test_R_CHAR_2_each_character_own_health_and_inventory():
    s = game(MAP, party=(("vera", 1), ("mateo", 2)))
    r = rules(s)
    r.damage_char(s.char("vera"), 2, "test")
    assert s.char("vera").health == 3 and s.char("mateo").health == 1
    assert s.char("vera").inventory != s.char("mateo").inventory


DV9 = {  # weapon: capacity, range, dice, count, rapid, (hit, hit+, crit) as (damage, push, burst)
    "knife": (None, 0, "blue", 1, False, ((0, 1, 0), (1, 0, 0), (1, 1, 0))),
    "handgun": (6, 2, "blue", 1, True, ((0, 1, 0), (1, 0, 0), (2, 0, 0))),
    "falcon50": (5, 2, "red", 1, True, ((0, 1, 0), (2, 0, 0), (2, 1, 0))),
    "shotgun": (4, 1, "red", 1, False, ((1, 1, 0), (2, 1, 0), (2, 1, 1))),
    "ranger_custom": (5, 1, "red", 2, False, ((1, 1, 0), (2, 1, 1), (3, 1, 1))),
    "assault_rifle": (12, 3, "red", 1, True, ((1, 0, 0), (1, 1, 0), (2, 0, 1))),
    "grenade_launcher": (3, 3, "red", 1, False, ((1, 0, 1), (2, 0, 1), (3, 0, 1))),
    "magnum": (3, None, "red", 2, False, ((2, 1, 0), (3, 1, 0), (4, 1, 0))),
}


@pytest.mark.parametrize("wid", sorted(DV9))
def test_R_WPN_1_and_R_WPN_2_weapon_profiles_match_DV_9(wid):
    w = content().items[wid].weapon
    cap, rng, dice, count, rapid, rows = DV9[wid]
    assert (w.capacity, w.range, w.dice, w.count, w.rapid_fire) == (cap, rng, dice, count, rapid)
    for row, (dmg, push, burst) in zip((w.hit, w.hit_plus, w.crit), rows):
        assert (row.damage, int(row.push), int(row.burst)) == (dmg, push, burst)


def test_R_WPN_3_knife_never_spends_ammo():
    s = game(MAP)
    z = with_enemy(s, "zombie", (0, 0))
    k = s.active_char.inventory[0][0]
    rigged(s, [1])
    act(s, "attack", item=k, target=z.uid, n=0)
    assert s.cards[k].ammo is None


def test_DV_9_grenade_launcher_cannot_target_its_own_square():
    s = game(MAP)
    s.active_char.inventory.append([card(s, "G", "grenade_launcher", "B", 3)])
    z = with_enemy(s, "zombie", (0, 0))
    z2 = with_enemy(s, "zombie", (2, 0))
    targets = {a.target for a in legal(s) if a.kind == "attack" and a.item == "G"}
    assert targets == {z2.uid}


def test_DV_9_falcon_critical_raises_dial():
    s = game(MAP)
    s.active_char.inventory.append([card(s, "F", "falcon50", "B", 3)])
    z = with_enemy(s, "crawler", (1, 0))
    rigged(s, [6])  # red 6 = CRIT
    act(s, "attack", item="F", target=z.uid, n=0)
    assert s.cards["F"].ammo == 3  # spent 1, +1 back


def test_DV_9_magnum_critical_splashes_another_enemy():
    s = game(board("AAAAAA", start={1: (0, 0)}, place=[("exit", (0, 0))]))
    s.active_char.inventory.append([card(s, "M", "magnum", "B", 3)])
    a = with_enemy(s, "crawler", (5, 0))
    b = with_enemy(s, "crawler", (5, 0))
    rigged(s, [6, 1])
    act(s, "attack", item="M", target=a.uid, n=0)
    settle(s)
    assert s.enemy(a.uid) is None and b.wounds == 2


DV10 = {"handgun_ammo": (3, {"handgun", "falcon50"}), "shotgun_shells": (2, {"shotgun", "ranger_custom"}),
        "rifle_ammo": (6, {"assault_rifle"}), "grenade_rounds": (2, {"grenade_launcher"}),
        "magnum_rounds": (2, {"magnum"})}


def test_DV_10_ammunition_reload_amounts():
    for k, (n, fits) in DV10.items():
        d = content().items[k]
        assert d.reload == n and set(d.fits) == fits


@pytest.mark.parametrize("eid,vals", [
    ("zombie", (1, 1, 1, "small", (0, 1, False, False), "FANG", (0, 2))),
    ("zombie_dog", (2, 2, 1, "small", (1, 1, False, True), "CLAW", (2, 1))),
    ("crawler", (3, 1, 3, "medium", (1, 1, True, False), "HOOK", (1, 2))),
])
def test_R_ENEMY_1_and_DV_6_reference_cards(eid, vals):
    e = content().enemies[eid]
    threat, move, hp, base, (rng, dmg, push, charge), sym, (srng, sdmg) = vals
    assert (e.threat, e.move, e.hp, e.base.value) == (threat, move, hp, base)
    assert (e.basic.range, e.basic.damage, e.basic.push, e.basic.charge) == (rng, dmg, push, charge)
    assert e.special_symbol == sym and (e.special.range, e.special.damage) == (srng, sdmg)


def test_R_ENEMY_3_and_R_ENEMY_6_wound_tokens_kept_until_killed():
    s = game(MAP)
    c = with_enemy(s, "crawler", (1, 0))
    r = rules(s)
    assert not r.damage_enemy(c, 2, "test") and c.wounds == 2
    assert r.damage_enemy(c, 1, "test") and s.enemy(c.uid) is None


def test_R_COMP_16_decks_built_by_setup_not_preset():
    orders = {tuple(game(MAP, seed=k).piles["tension"]) for k in range(5)}
    assert len(orders) > 1


def test_R_DOC_5_ties_become_decisions_not_silent_picks():
    s = game(MAP)
    a = with_enemy(s, "zombie", (0, 0))
    b = with_enemy(s, "zombie", (0, 0))
    act(s, "move", to=(1, 0))
    assert s.pending.kind == "oos_attacker" and {x.target for x in legal(s)} == {a.uid, b.uid}


def test_R_TURN_11_poison_before_sustained_removal_and_R_TURN_9_round():
    s = game(MAP, intro=False, party=(("vera", 1), ("mateo", 2)))
    s.core.sustain = _sus({"T:blackout:1": {"name": "Blackout", "tile": "A", "seat": 0, "turn": 1,
                                           "ends": "end_of_turn"}})
    s.piles["tension_sustained"] = ["T:blackout:1"]
    s.cards["T:blackout:1"] = CardState(uid="T:blackout:1", defn="blackout", deck="T")
    s.char("vera").poisoned = True
    act(s, "end_phase")  # Vera's turn 1 ends: the round has not ended yet (started in turn 1)
    settle(s)
    assert s.piles["tension_sustained"] == ["T:blackout:1"]
    act(s, "end_phase")  # Mateo
    settle(s)
    ev = act(s, "end_phase") + settle(s)  # Vera's next turn ends: poison, then the token goes
    kinds = [e.kind for e in ev]
    assert kinds.index("damage") < kinds.index("sustain_end")
    assert s.piles["tension_sustained"] == []


def test_R_EASY_3_R_EASY_4_R_EASY_5_and_R_EATK_8_easy_mode():
    s = game(MAP, intro=False, easy=True, party=(("mateo", 1),))
    gun = s.active_char.inventory[1][0]
    ammo = s.active_char.inventory[2][0]
    s.cards[gun].ammo = 1
    act(s, "use", item=ammo, item2=gun)
    assert s.cards[gun].ammo == 6
    a = with_enemy(s, "zombie", (0, 0))
    b = with_enemy(s, "zombie", (0, 0))
    rigged(s, [1, 1])
    act(s, "move", to=(1, 0))
    act(s, "pick", target=a.uid)
    pushes = set()
    while s.pending.kind == "push_enemy":
        pushes.add(s.pending.options[0].target)
        act(s, "decline")
    assert pushes == {a.uid, b.uid}


def test_R_EASY_1_one_ribbon_per_character():
    s = game(MAP, intro=False, easy=True, party=(("vera", 1), ("mateo", 2), ("anton", 1)))
    assert s.ink_ribbons == 3
