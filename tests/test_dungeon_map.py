"""The dungeon's map cards, exploration, line of sight and enemy placement (rules/dungeon.md
D-MAP, D-EXPLORE, D-LOS, D-ENEMY-1..8) through the public API and the dungeon test kit."""
import pytest

from game.engine.dungeon.defs import Side, Terrain, map_card_from_rows
from game.engine.dungeon.layout import build, placement_numbers, to_global, turned

from tests.dungeon_kit import OPEN_ROWS, START_ROWS, enemy, hero, move, moves, position, run_of, scenario

C3_ROWS = ["", "  # . A . #", "  . . . . .", "  # . E . #", "  . ~ . ~ .", "  # . . . #", "      ^"]
C1_ROWS = ["      x", "  . . . # .", "  . ~ ~ ~ .", "  . ~ E ~ . x", "  . ~ ~ ~ .", "  # . . . #", "      ^"]
SELA = ("sela", "longbow", "fleetfoot")


def lay_of(*placed, extra=None):
    cards = {"START": map_card_from_rows("START", START_ROWS), "C1": map_card_from_rows("C1", C1_ROWS),
             "C3": map_card_from_rows("C3", C3_ROWS), "O": map_card_from_rows("O", OPEN_ROWS)}
    return build(cards, list(placed))


def test_D_MAP_4_rotation_of_a_local_square():
    """D-MAP-4: local (x, y) turned r clockwise: 90 -> (4-y, x); 180 -> (4-x, 4-y);
    270 -> (y, 4-x); exits turn with the card."""
    assert to_global((0, 0), 0, (3, 0)) == (3, 0)
    assert to_global((0, 0), 90, (3, 0)) == (4, 3)
    assert to_global((0, 0), 180, (3, 0)) == (1, 4)
    assert to_global((0, 0), 270, (3, 0)) == (0, 1)
    assert to_global((0, 0), 90, (2, 5)) == (-1, 2)  # the ▲ of a card turned 90 faces west
    assert [turned(Side.S, r) for r in (0, 90, 180, 270)] == [Side.S, Side.W, Side.N, Side.E]


def test_D_MAP_3_slots_and_void_gap_lines():
    """D-MAP-3: slot (i, j) maps local (lx, ly) to (6i+lx, 6j+ly); gap-line squares are void
    (not squares of the board: no move, no sight) unless a half-square lies there."""
    lay = lay_of(("START", (0, 0), 0), ("C1", (1, 0), 90))
    assert to_global((1, -1), 0, (0, 0)) == (6, -6)
    assert lay.board.has((5, 2))  # the junction
    for void in ((5, 1), (5, 3), (5, 5), (2, 5)):
        assert not lay.board.has(void)
    assert (0, 0) not in lay.board.square_tile and lay.terrain[(0, 0)] is Terrain.WALL


def test_D_MAP_5_junction_belongs_to_both_cards():
    """D-MAP-5: the junction (5,2) of X4 is a square of START and of C1."""
    lay = lay_of(("START", (0, 0), 0), ("C1", (1, 0), 90))
    assert lay.on_card((5, 2), 0) and lay.on_card((5, 2), 1)
    assert lay.cards_of[(4, 2)] == (0,) and lay.cards_of[(6, 2)] == (1,)


def test_D_MAP_1_D_MAP_6_D_FAQ_6_half_squares_are_movable_squares():
    """D-MAP-1, D-MAP-6, D-FAQ-6: an exit half-square is one square a figure moves onto (1 point);
    after exploring, the junction is walked through like any square."""
    scn = scenario(encounters={}, effects={})
    s = position(scn, heroes=[hero(*SELA[:1], (4, 2), *SELA[1:])])
    assert (5, 2) in moves(s)
    move(s, (5, 2))  # explores C1 (no enemies)
    move(s, (7, 2))  # through the junction: (6,2) is C1's (0,2) turned -> a floor square
    assert s.dungeon.heroes[0].pos == (7, 2)


def test_D_EXPLORE_2_D_EXPLORE_3_entering_an_exit_explores_at_once():
    """D-EXPLORE-2, D-EXPLORE-3: entering an unexplored half-square explores; the new card's ▲ meets it:
    START's north exit (2,-1) places C1 in slot (0,-1) unturned (D-EXPLORE-4: N -> 0°)."""
    scn = scenario(encounters={}, effects={})
    s = position(scn, heroes=[hero("sela", (2, 1), "longbow", "fleetfoot")])
    move(s, (2, -1))
    assert [(c.card, tuple(c.slot), c.rot) for c in s.dungeon.cards][1] == ("C1", (0, -1), 0)
    assert run_of(s).lay.entrances[1] == (2, -1)


def test_D_EXPLORE_5_sequence_order_then_dead_ends():
    """D-EXPLORE-5: cards come in the sequence's order whichever exit is used; with none left
    the exit becomes a dead end, an ordinary square that no longer explores."""
    scn = scenario(encounters={}, effects={}, sequence=["C2"])
    s = position(scn, heroes=[hero("sela", (4, 2), "longbow", "fleetfoot")], sequence=["C2"])
    move(s, (5, 2))
    assert [c.card for c in s.dungeon.cards] == ["START", "C2"]
    s2 = position(scn, heroes=[hero("sela", (2, 1), "longbow", "fleetfoot")], sequence=[])
    ev = move(s2, (2, -1))
    assert [c.card for c in s2.dungeon.cards] == ["START"]
    assert any(e.kind == "dead_end" and e.rule == "D-EXPLORE-5" for e in ev)
    assert s2.dungeon.closed == [(2, -1)] and s2.actions_left == 1


def test_D_EXPLORE_6_facing_exits_join_as_a_junction():
    """D-EXPLORE-6: two placed cards whose exits face each other across a gap line share that
    half-square as a junction (a square of both, joined for movement); stepping on it explores
    nothing (no card, no encounter)."""
    scn = scenario(cards={"O": OPEN_ROWS}, encounters={"C2": [("green", 1)]}, effects={})
    # O turned 90 in slot (1,0): its canonical E exit (5,2) becomes its south exit (8,5);
    # O turned 180 in slot (1,1) has its ▲ there: one junction of the two cards.
    # O@(1,-1) unturned: its ▲ (8,-1) meets O@(1,0)'s north exit (canonical W turned 90).
    s = position(scn, cards=[("START", (0, 0), 0), ("O", (1, 0), 90), ("O", (1, -1), 0)],
                 heroes=[hero("sela", (8, 0), "longbow", "fleetfoot")], sequence=["C2"])
    lay = run_of(s).lay
    assert (8, -1) in lay.junctions and lay.on_card((8, -1), 1) and lay.on_card((8, -1), 2)
    ev = move(s, (8, -2))  # through the junction into the other card
    assert not any(e.kind in ("explore", "dead_end") for e in ev) and len(s.dungeon.cards) == 3
    s = position(scn, cards=[("START", (0, 0), 0), ("O", (1, 0), 90), ("O", (1, -1), 0), ("O", (0, -1), 0)],
                 heroes=[hero("sela", (4, -4), "longbow", "fleetfoot")], sequence=["C2"])
    lay = run_of(s).lay  # O@(0,-1)'s east exit and O@(1,-1)'s west exit are both (5,-4)
    assert (5, -4) in lay.junctions and lay.on_card((5, -4), 2) and lay.on_card((5, -4), 3)
    ev = move(s, (6, -4))
    assert not any(e.kind in ("explore", "dead_end") for e in ev) and not s.dungeon.enemies


def test_D_EXPLORE_6_exit_into_a_taken_slot_without_facing_exit_is_a_dead_end():
    """D-EXPLORE-6: an exit whose neighbouring slot holds a card with no facing exit is a dead
    end when a hero steps on it: nothing is placed, no encounter."""
    scn = scenario(cards={"O": OPEN_ROWS}, encounters={"C2": [("green", 1)]}, effects={})
    # C3 (no exits) at (1,0) turned 90 would put its ▲ on START's E exit; put C3 in slot (0,-1)
    # turned 0 (its ▲ on START's N exit) and O at (1,-1)... simpler: START plus C3 in slot (1,0)
    # entered from elsewhere is impossible; use O at (0,-1) whose E exit faces slot (1,-1), and
    # C3 at (1,-1) turned 270 (▲ faces east, so its W side has no exit).
    s = position(scn, cards=[("START", (0, 0), 0), ("O", (0, -1), 0), ("C3", (1, -1), 270)],
                 heroes=[hero("sela", (4, -4), "longbow", "fleetfoot")], sequence=["C2"])
    lay = run_of(s).lay
    assert (5, -4) not in lay.junctions
    ev = move(s, (5, -4))
    assert any(e.kind == "dead_end" and e.rule == "D-EXPLORE-6" for e in ev)
    assert len(s.dungeon.cards) == 3 and not s.dungeon.enemies


def test_D_EXPLORE_9_X3_map_effect_after_enemies_lore_check():
    """D-EXPLORE-9: card, then enemies, then the map effect on the exploring hero: C1's Lore 2
    check; success +3 treasure (X3: Ysolde with Mending Rite has Lore +3)."""
    scn = scenario(encounters={"C1": [("green", 1)]})
    wins = 0
    for seed in range(30):
        s = position(scn, heroes=[hero("ysolde", (4, 2), "longbow", "mending_rite")], seed=seed)
        ev = move(s, (5, 2))
        kinds = [e.kind for e in ev]
        assert kinds.index("explore") < kinds.index("enemy_placed") < kinds.index("skill") < kinds.index("map_effect")
        chk = next(e for e in ev if e.kind == "skill")
        assert chk.data["mod"] == 3
        got = sum(1 for f in chk.data["faces"] if f + 3 >= 6)
        assert chk.data["success"] == (got >= 2)
        assert s.dungeon.heroes[0].treasure == (3 if got >= 2 else 0)
    seen = set()
    for seed in range(30):  # Corvin: Lore +1 with Fleetfoot: both outcomes happen
        s = position(scn, heroes=[hero("corvin", (4, 2), "longbow", "fleetfoot")], seed=seed)
        ev = move(s, (5, 2))
        chk = next(e for e in ev if e.kind == "skill")
        assert chk.data["mod"] == 1 and s.dungeon.heroes[0].treasure == (3 if chk.data["success"] else 0)
        seen.add(chk.data["success"])
    assert seen == {True, False}


def test_D_EXPLORE_9_failure_damage_has_no_defence():
    """D-EXPLORE-9, 16.7 C2: a failed Agility 2 check costs 2 damage with no defence roll."""
    scn = scenario(encounters={}, sequence=["C2"])
    seen = set()
    for seed in range(40):
        s = position(scn, heroes=[hero("brannoc", (4, 2), "oathguard", "battle_surge")], seed=seed, sequence=["C2"])
        ev = move(s, (5, 2))
        ok_ = next(e for e in ev if e.kind == "skill").data["success"]
        assert s.dungeon.heroes[0].life == (10 if ok_ else 8)
        assert not any(e.kind == "defence" for e in ev)
        seen.add(ok_)
    assert seen == {True, False}


def test_D_LOS_4_D_LOS_5_X7_cases_on_C3():
    """D-ENEMY-21: an enemy's view is blocked by heroes. X7 on C3 unturned: (0,1)->(0,3) no LOS (wall (0,2)); (0,1)->(4,3) LOS; (1,0)->(3,0) with
    a hero on (2,0), seen by an enemy, no LOS (D-LOS-2, D-LOS-4); a diagonal pinch between two walls
    has no LOS (D-LOS-5)."""
    scn = scenario(cards={"C3S": ["", "  # . A . #", "  . . . . .", "  # . E . #", "  . ~ . ~ .", "  # . . . #", ""]})
    s = position(scn, cards=[("C3S", (0, 0), 0)], heroes=[hero("brannoc", (2, 0), "warbrand", "battle_surge")])
    r = run_of(s)
    assert not r.sight((0, 1), (0, 3), "hero")
    assert r.sight((0, 1), (4, 3), "hero")
    assert not r.sight((1, 0), (3, 0), "enemy")  # the hero on (2,0) blocks an enemy's view
    assert r.sight((1, 0), (3, 0), "hero")  # D-LOS-2: a friendly figure never blocks
    pinch = scenario(cards={"P": ["", "  . # . . .", "  # . . . .", "  . . . . .", "  . . . . .", "  . . . . .", ""]})
    s = position(pinch, cards=[("P", (0, 0), 0)], heroes=[hero("brannoc", (4, 4), "warbrand", "battle_surge")])
    assert not run_of(s).sight((0, 0), (1, 1), "hero")


def test_D_LOS_2_water_pits_do_not_block_enemies_do():
    """D-LOS-1, D-LOS-2: water and pits never block; an enemy figure blocks a hero's view of what is
    behind it (but not of itself, D-LOS-4); the gap between cards blocks (void)."""
    s = position(heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")], enemies=[enemy("green", 1, (2, 2))])
    r = run_of(s)
    assert r.sight((0, 2), (2, 2), "hero")  # across the water (1,2)
    assert r.sight((2, 4), (4, 2), "hero")  # past the pit (3,3)
    assert not r.sight((2, 3), (2, 1), "hero")  # the enemy on (2,2) in the way
    assert r.sight((2, 3), (2, 2), "hero")  # the target's own square never blocks
    assert not r.sight((4, 1), (6, 1), "hero")  # void between cards


def test_D_LOS_6_D_LOS_3_a_figure_on_a_junction_sees_into_both_cards():
    """D-LOS-6: from the junction (5,2) a figure sees into START and into C1 (D-LOS-4 in
    global coordinates); D-LOS-3: nothing beyond D-LOS-4, D-LOS-5 is judged."""
    scn = scenario(encounters={}, effects={})
    s = position(scn, cards=[("START", (0, 0), 0), ("C1", (1, 0), 90)],
                 heroes=[hero("sela", (5, 2), "longbow", "fleetfoot")], sequence=["C2", "C3"])
    r = run_of(s)
    assert r.sight((5, 2), (3, 2), "hero") and r.sight((5, 2), (7, 2), "hero")
    assert r.sight((5, 2), (3, 0), "hero") and r.sight((5, 2), (7, 0), "hero")


def test_D_ENEMY_5_numbering_clockwise_from_north():
    """D-ENEMY-5: squares 1-8 clockwise from north of the encounter point, 9-24 the ring at 2
    clockwise from two north; the 16.7 table for START (EP (2,1))."""
    nums = placement_numbers((2, 1))
    assert nums[:8] == [(2, 0), (3, 0), (3, 1), (3, 2), (2, 2), (1, 2), (1, 1), (1, 0)]
    assert nums[8] == (2, -1) and nums[12] == (4, 1) and len(nums) == 24 and len(set(nums)) == 24


def test_D_ENEMY_3_X5_skip_taken_squares_and_pits():
    """D-ENEMY-2: each die rolled becomes an enemy. D-ENEMY-3, D-ENEMY-5, X5: a figure on square 1 (9,2) sends C1's dice to squares 2 and 3, (9,3) and
    (8,3); on C2 the pit squares 3 and 8 never take a die."""
    scn = scenario(encounters={"C1": [("green", 3), ("green", 6)]}, effects={})
    s = position(scn, cards=[("START", (0, 0), 0)], heroes=[hero("sela", (4, 2), "longbow", "fleetfoot")],
                 enemies=[enemy("green", 1, (1, 1))])
    move(s, (5, 2))
    assert [e.pos for e in s.dungeon.enemies][1:] == [(9, 2), (9, 3)]
    scn = scenario(encounters={"C1": [("green", 3), ("green", 6)]}, effects={})
    s = position(scn, heroes=[hero("sela", (4, 2), "longbow", "fleetfoot"),
                              hero("brannoc", (0, 0), "warbrand", "battle_surge")], enemies=[])
    s.dungeon.heroes[1].pos = (9, 2)  # (a hero standing where square 1 will be)
    s.touch()
    move(s, (5, 2))
    assert [e.pos for e in s.dungeon.enemies] == [(9, 3), (8, 3)]
    scn = scenario(encounters={"C2": [("green", 1)] * 4}, effects={}, sequence=["C2"])
    s = position(scn, heroes=[hero("sela", (2, 1), "longbow", "fleetfoot")], sequence=["C2"])
    move(s, (2, -1))
    # C2 unturned in slot (0,-1): squares 1,2 = (2,1),(3,1) local; 3 (3,2) is a pit: skipped
    assert [e.pos for e in s.dungeon.enemies] == [(2, -5), (3, -5), (3, -3), (2, -3)]


def test_D_ENEMY_4_D_ENEMY_6_fixed_faces_first_then_rolled():
    """D-ENEMY-4, D-ENEMY-6: a fixed face is set, not rolled, and placed before rolled dice whatever the
    order listed: C3's R2 (Barrow Ogre, 5 life) goes to square 1."""
    scn = scenario(encounters={"C1": [("blue", None), ("red", 2)]}, effects={})
    s = position(scn, heroes=[hero("sela", (4, 2), "longbow", "fleetfoot")])
    move(s, (5, 2))
    ogre, other = s.dungeon.enemies
    assert (ogre.type, ogre.life, ogre.pos) == ("barrow_ogre", 5, (9, 2))
    assert other.colour == "blue" and other.pos == (9, 3)


def test_D_ENEMY_1_D_COMP_9_a_die_is_an_enemy_of_its_face():
    """D-ENEMY-1, D-COMP-9, 16.5: the face gives the type and the pips its life (B4: Hex
    Acolyte, 3)."""
    scn = scenario(encounters={"C1": [("blue", 4)]}, effects={})
    s = position(scn, heroes=[hero("sela", (4, 2), "longbow", "fleetfoot")])
    move(s, (5, 2))
    e = s.dungeon.enemies[0]
    assert (e.colour, e.face, e.type, e.life, e.max_life) == ("blue", 4, "hex_acolyte", 3, 3)


def test_D_ENEMY_7_D_ENEMY_8_X8_substitutes_then_one_hit_attacks():
    """X8, D-ENEMY-7, D-ENEMY-8, D-FAQ-7: all 4 green dice on the map: a green die is replaced by a blue
    one; with no blue or red free either every hero suffers a 1-hit attack with a defence roll."""
    greens = [enemy("green", 1, q) for q in ((0, 1), (0, 2), (0, 3), (4, 1))]
    scn = scenario(encounters={"C1": [("green", 5)]}, effects={})
    s = position(scn, heroes=[hero("sela", (4, 2), "longbow", "fleetfoot")], enemies=greens)
    ev = move(s, (5, 2))
    new = s.dungeon.enemies[-1]
    assert (new.colour, new.face, new.type) == ("blue", 5, "fen_hound")
    assert any(e.kind == "enemy_placed" and e.data["substitute"] for e in ev)
    full = greens + [enemy("blue", 1, q) for q in ((1, 0), (2, 0), (3, 0))] + \
        [enemy("red", 1, q) for q in ((1, 1), (3, 1))]
    s = position(scn, heroes=[hero("sela", (4, 2), "longbow", "fleetfoot"), hero("brannoc", (2, 4), "warbrand", "battle_surge")],
                 enemies=full)
    ev = move(s, (5, 2))
    assert len(s.dungeon.enemies) == 9
    assert sum(1 for e in ev if e.kind == "defence") == 2  # one 1-hit attack on each hero
    assert any(e.kind == "shortage" and e.rule == "D-ENEMY-7" for e in ev)
