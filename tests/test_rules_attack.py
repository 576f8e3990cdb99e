"""Attacks, rapid fire, ammo, range and the out-of-sequence reactions (core.md §4.8, §4.9, §5, §6.5).

Blue die values for ``rigged``: 1-2 blank, 3-4 hit, 5 hit+, 6 critical (DV-1).
"""
from game.engine import Action, legal_actions
from tests.kit import act, board, game, legal, rigged, settle, with_enemy

HALL = board("AAAAA", "AAAAA", "BBBBB", open_doors=[((0, 1), (0, 2))], start={1: (0, 0)},
             place=[("exit", (4, 2))])


def gun(s, defn="handgun"):
    return [u for sl in s.active_char.inventory for u in sl if s.cards[u].defn == defn][0]


def test_R_ATK_10_handgun_rapid_fire_worked_example():
    s = game(HALL, party=(("vera", 1),))
    z = with_enemy(s, "zombie", (2, 0))
    h = gun(s)
    rigged(s, [3, 1])  # [hit, blank]
    ev = act(s, "attack", item=h, target=z.uid, n=1)
    atk = [e for e in ev if e.kind == "attack"][0]
    assert atk.data["faces"] == ["HIT", "BLANK"] and atk.data["dice"] == ["blue", "blue"]
    assert s.cards[h].ammo == 4  # 1 + 1 extra
    assert s.pending.kind == "push_enemy"  # R-ATK-4: hit row = push only
    assert z.wounds == 0
    act(s, "push", target=z.uid, to=(3, 0))
    assert z.pos == (3, 0)


def test_R_ATK_4_best_symbol_only_no_sum():
    s = game(HALL)
    z = with_enemy(s, "crawler", (1, 0))  # 3 HP
    rigged(s, [5, 5, 5])  # three hit+ with 2 extra dice: still only "1 damage"
    act(s, "attack", item=gun(s), target=z.uid, n=2)
    assert z.wounds == 1


def test_R_ATK_2_miss_when_no_hit_symbol_and_R_ENEMY_4_wounds_accumulate():
    """R-ATK-2 (no hit symbol: a miss), R-ENEMY-4 (wounds accumulate) and R-ENEMY-2 (killed and
    removed once its damage reaches its hit points)."""
    s = game(HALL)
    c = with_enemy(s, "crawler", (1, 0))
    rigged(s, [1])
    act(s, "attack", item=gun(s), target=c.uid, n=0)
    assert c.wounds == 0 and s.cards[gun(s)].ammo == 5
    rigged(s, [6])  # crit: 2 damage
    act(s, "attack", item=gun(s), target=c.uid, n=0)
    assert c.wounds == 2
    rigged(s, [5])
    act(s, "attack", item=gun(s), target=c.uid, n=0)
    assert s.enemy(c.uid) is None  # R-ENEMY-2: wounds >= HP kills


def test_R_ATK_9_empty_dial_cannot_attack_and_rapid_fire_paid_in_full():
    s = game(HALL)
    z = with_enemy(s, "zombie", (1, 0))
    h = gun(s)
    s.cards[h].ammo = 2
    ns = {a.n for a in legal(s) if a.kind == "attack" and a.item == h}
    assert ns == {0, 1}  # 1+2 = 3 ammo not affordable
    s.cards[h].ammo = 0
    assert not [a for a in legal(s) if a.kind == "attack" and a.item == h]
    assert [a for a in legal(s) if a.kind == "attack"] == []  # knife: range 0 only


def test_DV_8_mateo_steady_burst_first_extra_die_free():
    s = game(HALL, party=(("mateo", 1),))
    z = with_enemy(s, "zombie", (1, 0))
    h = gun(s)
    rigged(s, [1, 1])
    act(s, "attack", item=h, target=z.uid, n=1)
    assert s.cards[h].ammo == 5


def test_R_ATK_8_extra_dice_blue_on_red_weapon():
    from game.engine.state import CardState
    s = game(HALL)
    s.cards["F"] = CardState(uid="F", defn="falcon50", deck="B", ammo=5)
    s.active_char.inventory.append(["F"])
    z = with_enemy(s, "zombie", (1, 0))
    rigged(s, [1, 1, 1])
    ev = act(s, "attack", item="F", target=z.uid, n=2)
    assert [e for e in ev if e.kind == "attack"][0].data["dice"] == ["red", "blue", "blue"]


def test_R_RANGE_2_chebyshev_and_R_RANGE_1_range_zero_same_square():
    """Range is Chebyshev (R-COMP-13): a diagonal step counts 1. From (0, 0) the handgun (range 2)
    reaches (2, 2) and (2, 1) (Manhattan 4 and 3, Euclid 2.8 and 2.2) but not (3, 1)."""
    s = game(board("AAAA", "AAAA", "AAAA", start={1: (0, 0)}))
    diag = with_enemy(s, "zombie", (2, 2))  # dR = 2 on the diagonal
    knight = with_enemy(s, "zombie", (2, 1))  # dR = 2
    far = with_enemy(s, "zombie", (3, 1))  # dR = 3 > handgun 2
    targets = {a.target for a in legal(s) if a.kind == "attack" and a.item == gun(s)}
    assert targets == {diag.uid, knight.uid}
    s = game(HALL)
    far = with_enemy(s, "zombie", (3, 1))  # dR = 3 > handgun 2
    targets = {a.target for a in legal(s) if a.kind == "attack"}
    assert far.uid not in targets
    knife = gun(s, "knife")
    assert not [a for a in legal(s) if a.kind == "attack" and a.item == knife]
    z = with_enemy(s, "zombie", (0, 0))
    assert Action(kind="attack", item=knife, target=z.uid, n=0) in legal(s)


def test_R_RANGE_3_magnum_reaches_any_target_in_los():
    from game.engine.state import CardState
    b = board("AAAAAAAA")
    s = game(b)
    s.cards["M"] = CardState(uid="M", defn="magnum", deck="B", ammo=3)
    s.active_char.inventory.append(["M"])
    z = with_enemy(s, "zombie", (7, 0))
    assert Action(kind="attack", item="M", target=z.uid, n=0) in legal(s)


def test_R_LOS_1_no_attack_through_closed_door():
    b = board("AB", doors=[((0, 0), (1, 0))])
    s = game(b)
    z = with_enemy(s, "zombie", (1, 0))
    assert not [a for a in legal(s) if a.kind == "attack"]


def test_R_ATK_5_burst_hits_every_enemy_in_square_and_R_ATK_6_shotgun():
    from game.engine.state import CardState
    s = game(HALL)
    s.cards["S"] = CardState(uid="S", defn="shotgun", deck="B", ammo=4)
    s.active_char.inventory.append(["S"])
    a = with_enemy(s, "zombie", (1, 0))
    b = with_enemy(s, "zombie", (1, 0))
    rigged(s, [5])  # red face 5 = CRIT: 2 dmg + push + burst
    act(s, "attack", item="S", target=a.uid, n=0)
    assert s.enemy(a.uid) is None and s.enemy(b.uid) is None


def test_R_ATK_5_without_burst_only_the_target():
    from game.engine.state import CardState
    s = game(HALL)
    s.cards["S"] = CardState(uid="S", defn="shotgun", deck="B", ammo=4)
    s.active_char.inventory.append(["S"])
    a = with_enemy(s, "zombie", (1, 0))
    b = with_enemy(s, "zombie", (1, 0))
    rigged(s, [3])  # red face 3 = HIT_PLUS: 2 dmg + push, no burst
    act(s, "attack", item="S", target=a.uid, n=0)
    assert s.enemy(a.uid) is None and s.enemy(b.uid) is not None


def test_R_ATK_7_push_after_damage_only_survivors():
    s = game(HALL)
    c = with_enemy(s, "crawler", (1, 0))
    rigged(s, [6])  # handgun crit: 2 dmg (no push row)
    act(s, "attack", item=gun(s), target=c.uid, n=0)
    assert s.pending.kind == "act"
    knife = gun(s, "knife")
    c.pos = (0, 0)
    rigged(s, [6])  # knife crit: 1 dmg + push; 3rd wound kills: no push asked
    act(s, "attack", item=knife, target=c.uid, n=0)
    assert s.enemy(c.uid) is None and s.pending.kind == "act"


def test_R_OOS_5_failed_attack_in_same_square_is_answered_unavoidably():
    """R-OOS-5, and R-EATK-9: the unavoidable answer skips the evade roll, always hits, and the
    target may still push the attacker back."""
    s = game(HALL)
    z = with_enemy(s, "zombie", (0, 0))
    rigged(s, [1])  # knife misses
    ev = act(s, "attack", item=gun(s, "knife"), target=z.uid, n=0)
    e = [e for e in ev if e.kind == "enemy_attack"]
    assert e and e[0].data["unavoidable"] and e[0].rule == "R-OOS-5"
    assert s.active_char.health == 2
    # R-EATK-9: the target may still push the attacker back
    assert s.pending.kind == "push_enemy"


def test_R_OOS_2_attack_alerts_tile_and_linked_tiles():
    s = game(HALL)
    target = with_enemy(s, "zombie", (2, 0))
    same_tile = with_enemy(s, "zombie", (4, 1))
    linked = with_enemy(s, "zombie", (3, 2))  # tile B, linked through the open door
    rigged(s, [1])  # miss: the target is not "hit", so it moves too
    ev = act(s, "attack", item=gun(s), target=target.uid, n=0)
    ev += settle(s)
    moved = {e.data["enemy"] for e in ev if e.kind == "enemy_move" and e.rule == "R-OOS-2"}
    assert moved == {same_tile.uid, target.uid, linked.uid}


def test_R_OOS_2_hit_enemy_and_same_square_enemies_stay():
    s = game(HALL)
    t = with_enemy(s, "crawler", (2, 0))
    mine = with_enemy(s, "zombie", (0, 0))
    other = with_enemy(s, "zombie", (4, 0))
    rigged(s, [5])  # hit+: 1 damage to the crawler (survives)
    act(s, "attack", item=gun(s), target=t.uid, n=0)
    settle(s)
    assert t.pos == (2, 0) and mine.pos == (0, 0)
    assert other.pos != (4, 0)


def test_R_OOS_3_acting_next_to_enemy_provokes_and_R_ACT_3_failed_action_counts():
    s = game(HALL, party=(("mateo", 1),))
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [1, 1])  # Mateo's 2 evade dice: blanks -> hit
    ev = act(s, "move", to=(1, 0))
    assert any(e.rule == "R-OOS-3" for e in ev)
    assert s.active_char.health == 2
    assert s.pending.kind == "push_enemy"  # push-back offered (R-EATK-7)
    act(s, "decline")
    assert s.active_char.pos == (0, 0)  # the move did not happen
    assert s.actions_left == 3


def test_R_OOS_3_successful_evade_lets_action_resolve():
    s = game(HALL, party=(("mateo", 1),))
    with_enemy(s, "zombie", (0, 0))
    rigged(s, [3, 1])
    act(s, "move", to=(1, 0))
    assert s.active_char.pos == (1, 0) and s.active_char.health == 1


def test_R_ACT_2_attack_does_not_provoke():
    s = game(HALL, party=(("mateo", 1),))
    z = with_enemy(s, "crawler", (0, 0))
    rigged(s, [5])
    ev = act(s, "attack", item=gun(s, "knife"), target=z.uid, n=0)
    assert not any(e.rule == "R-OOS-3" for e in ev)


def test_R_OOS_4_evade_difficulty_counts_other_enemies_in_range():
    s = game(HALL, party=(("mateo", 1),))
    with_enemy(s, "zombie", (0, 0))
    with_enemy(s, "zombie_dog", (1, 1))  # dog range 1, has LOS: +1
    rigged(s, [3, 3])  # two hits: tier 2 needs hit+ -> fail
    ev = act(s, "move", to=(1, 0))
    ev_roll = [e for e in ev if e.kind == "evade"][0]
    assert ev_roll.data["tier"] == 2 and not ev_roll.data["success"]


def test_R_EATK_7_pushback_moves_attacker_out():
    s = game(HALL, party=(("mateo", 1),))
    z = with_enemy(s, "zombie", (0, 0))
    rigged(s, [1, 1])
    act(s, "move", to=(1, 0))
    act(s, "push", target=z.uid, to=(1, 1))
    assert z.pos == (1, 1)
