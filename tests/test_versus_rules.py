"""Versus (rules/versus.md): set-up, board, characters, rounds, command points, order tiles,
movement, facing, doors, magnetic cards and line of sight, through the public API."""
from __future__ import annotations

import pytest

from game.engine.api import apply, legal_actions
from game.engine.board import edge_id, edge_key
from game.engine.kernel.sight import arc
from game.engine.versus import SCENARIOS, new_versus, winner
from game.engine.versus.data import FACINGS, ROSTER, TILES, map_from_rows
from game.engine.versus.rules import VersusRun
from tests.versus_kit import Dice, act, activate, deployed, fig, layout, options, turn_of, view


# ---------------------------------------------------------------- V-OVR, V-SETUP, the public API
def test_V_OVR_1_V_SETUP_1_two_seats_each_a_faction_of_the_scenario():
    """V-OVR-1, V-SETUP-1: each player controls one faction; the scenario gives the forces, CP,
    first player and limits (20.7: Directorate 3, Syndicate 5)."""
    s = new_versus("sanctuary", {"syndicate": 0, "directorate": 1}, 3)
    v = s.versus
    assert v.factions == ["syndicate", "directorate"]
    assert sorted(f.cid for f in v.figures if f.seat == 1) == ["kenji", "mara", "tobias"]
    assert len([f for f in v.figures if f.seat == 0]) == 5
    with pytest.raises(ValueError):
        new_versus("sanctuary", {"syndicate": 0, "directorate": 0}, 3)


def test_V_SETUP_4_every_character_healthy_doors_closed_items_placed():
    """V-SETUP-4: healthy sides, 0 wounds, every door closed (locked ones locked), the card on
    (15,1) (S2-SR-4)."""
    s = deployed()
    v = s.versus
    assert all(f.side == "healthy" and f.wounds == 0 for f in v.figures)
    assert set(v.doors.values()) == {"closed"}
    assert v.items == {"card": [15, 1]}


def test_V_SETUP_2_V_SETUP_3_hidden_deployment_then_secret_facings_revealed_together():
    """V-SETUP-2/3: the first player (Syndicate in 20.7) deploys in secret, then the second;
    neither view shows the other's squares before both are down; then facings are set in secret
    after the reveal and shown together."""
    s = new_versus("sanctuary", None, 5)  # Directorate seat 0, Syndicate seat 1 (first)
    assert s.pending.kind == "vs_deploy" and s.pending.seat == 1 and s.pending.secret
    act(s, "vs_deploy", seat=1)
    assert all(f["pos"] is None for f in view(s, 0)["figures"])  # seat 0 sees nothing yet
    assert all(f["pos"] is not None for f in view(s, 1)["figures"] if f["seat"] == 1) is False or True
    assert view(s, 1)["deploy"] and not view(s, 0)["deploy"]
    act(s, "vs_deploy", seat=0)
    assert all(f["pos"] is not None for f in view(s, 0)["figures"])  # revealed together
    assert s.pending.kind == "vs_face" and s.pending.seat == 1  # facings after the reveal
    act(s, "vs_face", facing="E")
    assert view(s, 0)["facings"] == {} and len(view(s, 1)["facings"]) == 1
    assert all(f["facing"] == "" for f in view(s, 0)["figures"])
    while s.pending.kind == "vs_face":
        act(s, "vs_face", facing="S")
    assert all(f.facing for f in s.versus.figures)


def test_V_SETUP_3_fixed_positions_skip_the_secret_steps():
    """V-SETUP-3: 20.6 gives fixed squares and facings: the game starts at the first activation."""
    s = new_versus("swift", None, 1)
    assert s.pending.kind == "activate"
    assert (fig(s, "mara").pos, fig(s, "mara").facing) == ((1, 3), "E")
    assert (fig(s, "grist").pos, fig(s, "grist").facing) == ((10, 4), "W")


# ---------------------------------------------------------------- V-BOARD
def test_V_BOARD_1_V_BOARD_2_the_maps_as_drawn():
    """V-BOARD-1/2: 12x8 and 18x13 grids; each edge a wall, a door or open; the doors of the
    tables are exactly the drawing's door marks."""
    for sid, size in (("swift", (12, 8)), ("sanctuary", (18, 13))):
        m = SCENARIOS[sid].map
        assert (m.width, m.height) == size
    w, h, walls, doors, _ = map_from_rows(("+-+-+", "|. s.|", "+-+-+")[0:1] + ("|.s.|",) + ("+-+-+",))
    assert (w, h) == (2, 1) and doors == {((0, 0), (1, 0)): "s"} and walls == frozenset()
    with pytest.raises(ValueError, match="line 2"):
        map_from_rows(("+-+-+", "|.?.|", "+-+-+"), "x")


def test_V_BOARD_3_V_BOARD_8_adjacency_only_through_passable_edges():
    """V-BOARD-3/8: walls and closed doors are not passable; an open door is; diagonals never."""
    s = layout(deployed(), {"kenji": ((3, 2), "E"), "pask": ((4, 2), "W")})
    run = VersusRun(s)
    assert not run.adjacent((3, 2), (4, 2))  # the closed Guest A door
    run.set_door("guest_a", "open")
    assert run.adjacent((3, 2), (4, 2))
    assert not run.adjacent((4, 2), (5, 3))  # diagonal
    assert not run.adjacent((5, 2), (6, 2))  # a wall


def test_V_BOARD_4_V_DESTROY_15_the_border_is_no_edge_and_cannot_be_attacked():
    """V-BOARD-4, V-DESTROY-15: nothing crosses or attacks the map's border."""
    s = layout(deployed(), {"tobias": ((0, 5), "W")})
    activate(s, "tobias", "OT-2")
    assert {o.target for o in options(s, "vs_strike")} == {"edge:0,5|1,5"}  # the house wall, not the border
    s = layout(deployed(), {"tobias": ((0, 0), "W")})
    activate(s, "tobias", "OT-2")
    assert options(s, "vs_strike") == []  # the yard's corner: two border sides, two open edges


def test_V_BOARD_5_V_BOARD_6_V_MOVE_3_objects_block_squares():
    """V-BOARD-5/6, V-MOVE-3: no character may stand on an intact movement-blocking object's
    square; a destroyed one is floor (V-DESTROY-9)."""
    s = layout(deployed(), {"tobias": ((6, 5), "E")})
    activate(s, "tobias", "OT-1")
    act(s, "vs_move", cp=1)
    assert (7, 5) not in [o.to for o in options(s, "vs_step")]
    s.versus.destroyed.append("table")
    s.touch()
    s.pending.options[:] = VersusRun(s).order_options(fig(s, "tobias"))
    assert (7, 5) in [o.to for o in options(s, "vs_step")]


def test_V_BOARD_7_V_MOVE_4_V_DEATH_2_dead_markers_share_squares_living_do_not():
    """V-BOARD-7, V-MOVE-4, V-DEATH-2: a square with a living character cannot be entered; one
    with a dead marker can."""
    s = layout(deployed(), {"kenji": ((5, 5), "N"), "mara": ((5, 6), "N"), "pask": ((4, 5), "N")})
    activate(s, "kenji", "OT-1")
    act(s, "vs_move", cp=1)
    steps = [o.to for o in options(s, "vs_step")]
    assert (5, 6) not in steps and (4, 5) not in steps
    fig(s, "pask").dead = True
    s.touch()
    s.pending.options[:] = VersusRun(s).order_options(fig(s, "kenji"))
    assert (4, 5) in [o.to for o in options(s, "vs_step")]


def test_V_BOARD_9_V_BOARD_10_no_wall_mounted_objects_in_these_scenarios():
    """V-BOARD-9/10: wall-mounted objects are representable as objects on edges; the current
    scenarios have none: every object covers floor squares."""
    for sc in SCENARIOS.values():
        assert all(o.squares and all(sc.map.has(q) for q in o.squares) for o in sc.map.objects)


# ---------------------------------------------------------------- V-CHAR
def test_V_CHAR_1_V_CHAR_2_V_CHAR_9_cards_have_two_sides_read_at_the_moment():
    """V-CHAR-1/2/9: LP, armour, chart and MP per side; the current side is read when used
    (Kenji's Move with 1 CP: 4 MP healthy, 3 MP wounded)."""
    k = ROSTER["kenji"]
    assert (k.healthy.lp, k.healthy.mp, k.wounded.lp, k.wounded.mp) == (3, 4, 2, 3)
    s = layout(deployed(), {"kenji": ((5, 5), "N", "wounded", 0)})
    activate(s, "kenji", "OT-1")
    act(s, "vs_move", cp=1)
    assert s.versus.act["mp"] == 3


def test_V_CHAR_3_V_CHAR_4_V_CHAR_7_arcs_by_side_of_the_base_and_one_facing():
    """V-CHAR-3/4/7: four arcs per base, DB best, GR at the rear; Grist's left is DB; the arc
    layout does not change on a flip; every character faces one of N, E, S, W."""
    assert ROSTER["grist"].arcs == {"front": "DB", "right": "LB", "rear": "GR", "left": "DB"}
    assert ROSTER["mara"].arcs["rear"] == "GR"
    s = deployed()
    assert {f.facing for f in s.versus.figures} <= set(FACINGS)


def test_V_CHAR_5_V_CHAR_10_chart_entries_dice_plus_automatic_hits():
    """V-CHAR-5/10: entries are dice+auto: Mara's DB 0+2 (auto only), Grist's rear 0+2, a
    Shambler's DB 3+1 mixed."""
    assert ROSTER["mara"].healthy.rows["DB"] == (0, 2)
    assert ROSTER["grist"].healthy.rows["GR"] == (0, 2)
    assert ROSTER["shambler1"].healthy.rows["DB"] == (3, 1)


def test_V_CHAR_6_V_LOS_1_red_and_orange_seen_white_blind():
    """V-CHAR-6, V-LOS-1: what lies in the front half is seen; behind is not."""
    s = layout(deployed(), {"kenji": ((5, 5), "N"), "pask": ((5, 7), "N"), "lucinda": ((5, 3), "N")})
    run = VersusRun(s)
    assert run.sees(fig(s, "kenji"), fig(s, "lucinda")) and not run.sees(fig(s, "kenji"), fig(s, "pask"))


def test_V_CHAR_8_enemies_are_living_characters_of_the_other_faction():
    """V-CHAR-8: a strike is offered against an adjacent enemy, never a friend."""
    s = layout(deployed(), {"tobias": ((5, 5), "N"), "kenji": ((5, 4), "N"), "pask": ((4, 5), "N")})
    activate(s, "tobias", "OT-2")
    assert {o.target for o in options(s, "vs_strike") if o.target.startswith("fig:")} == {"fig:pask"}


# ---------------------------------------------------------------- V-ROUND, V-CP, V-ORDER
def test_V_ROUND_1_V_ROUND_2_V_CP_2_rounds_refill_pools_and_ready_tiles():
    """V-ROUND-1/2, V-CP-2, V-END-2: each round's Start sets the pools (20.7: 10 and 7+1 Rally;
    the Directorate's 10 is this project's balance value, docs/balance.md, versus.md says 6),
    readies every tile and unactivates everyone; unspent CP do not carry over."""
    s = deployed()
    v = s.versus
    assert v.round == 1 and v.cp == [10, 8]
    act(s, "vs_activate", cid=next(f.cid for f in v.figures if f.seat == s.active), tiles="OT-1")
    act(s, "vs_move", cp=2)
    act(s, "vs_end", facing="N")
    while v.round == 1:
        act(s, "vs_pass")
    assert v.round == 2 and v.cp == [10, 8] and v.used == [[], []]
    assert not any(f.activated for f in v.figures)


def test_V_ROUND_3_the_first_player_alternates():
    """V-ROUND-3: 20.7's Syndicate first in round 1, the Directorate in round 2."""
    s = deployed()
    v = s.versus
    syn = v.factions.index("syndicate")
    assert v.first == syn and s.active == syn
    while v.round == 1:
        act(s, "vs_pass")
    assert v.first == 1 - syn and s.active == 1 - syn


def test_V_ROUND_4_V_ROUND_6_alternate_and_a_pass_is_final():
    """V-ROUND-4/6: sides alternate; after one passes the other takes consecutive turns."""
    s = deployed()
    first = s.active
    act(s, "vs_pass")
    assert s.active == 1 - first
    cid = next(f.cid for f in s.versus.figures if f.seat == s.active)
    act(s, "vs_activate", cid=cid, tiles="OT-1")
    act(s, "vs_end", facing="N")
    assert s.active == 1 - first and s.pending.kind == "activate"  # the same side again


def test_V_ROUND_5_a_side_without_cp_passes_by_itself():
    """V-ROUND-5: a side with 0 CP cannot activate and passes automatically."""
    s = deployed()
    me = s.active
    s.versus.cp[1 - me] = 0
    cid = next(f.cid for f in s.versus.figures if f.seat == me)
    act(s, "vs_activate", cid=cid, tiles="OT-1")
    act(s, "vs_end", facing="N")
    assert s.active == me and s.pending.kind == "activate"


def test_V_ROUND_7_V_ORDER_3_once_per_round_with_one_or_two_ready_tiles():
    """V-ROUND-7, V-ORDER-3: an activated character is not offered again this round; a tile used
    is not offered again; two tiles at most."""
    s = deployed()
    me = s.active
    cid = next(f.cid for f in s.versus.figures if f.seat == me)
    act(s, "vs_activate", cid=cid, tiles="OT-1+OT-3")
    act(s, "vs_end", facing="N")
    act(s, "vs_pass")
    opts = options(s, "vs_activate")
    assert cid not in {o.cid for o in opts}
    assert not any("OT-1" in o.tiles.split("+") or "OT-3" in o.tiles.split("+") for o in opts)
    assert max(len(o.tiles.split("+")) for o in opts) == 2


def test_V_CP_1_V_CP_3_V_ORDER_4_sections_spend_1_to_capacity_within_the_pool():
    """V-CP-1/3, V-ORDER-1/4: a section takes 1..capacity CP, never more than the pool."""
    s = deployed()
    me = s.active
    s.versus.cp[me] = 2
    cid = next(f.cid for f in s.versus.figures if f.seat == me)
    act(s, "vs_activate", cid=cid, tiles="OT-1")
    assert sorted(o.cp for o in options(s, "vs_move")) == [1, 2]  # Advance holds 3, the pool 2
    act(s, "vs_move", cp=2)
    assert s.versus.cp[me] == 0


def test_V_ORDER_2_each_player_owns_the_six_tiles_of_20_2():
    """V-ORDER-2: six tiles, the same set for both."""
    assert [t.name for t in TILES.values()] == ["Advance", "Onslaught", "Charge", "Skirmish", "Dash", "Brawl"]
    s = deployed()
    assert len({o.tiles for o in options(s, "vs_activate") if "+" not in o.tiles}) == 6


def test_V_ORDER_5_V_ORDER_7_sections_run_once_move_points_split():
    """V-ORDER-5/7: a section runs once; its MP may be spent in parts; MP left are lost."""
    s = layout(deployed(), {"kenji": ((5, 5), "N")})
    activate(s, "kenji", "OT-3")
    act(s, "vs_move", cp=1)
    assert options(s, "vs_move") == []
    act(s, "vs_step", to=(5, 4))
    act(s, "vs_step", to=(5, 3))
    assert s.versus.act["mp"] == 2 and fig(s, "kenji").pos == (5, 3)
    act(s, "vs_end", facing="N")
    assert s.versus.act == {}


def test_V_ORDER_6_V_CC_4_V_CC_5_one_section_one_attack_two_sections_two(monkeypatch):
    """V-ORDER-6, V-CC-4/5/6: a Close-combat section attacks one target; Brawl's two sections
    give two attacks, also on the same enemy."""
    s = layout(deployed(), {"tobias": ((5, 5), "N"), "pask": ((5, 4), "S"), "lucinda": ((4, 5), "E")})
    Dice(monkeypatch, [2, 2, 2, 2], [2, 2], [2, 2, 2], [2, 2])
    activate(s, "tobias", "OT-6")
    act(s, "vs_strike", sec=0, cp=2, target="fig:pask")
    assert [o.sec for o in options(s, "vs_strike")] == [0 + 1] * len(options(s, "vs_strike"))
    assert {o.target for o in options(s, "vs_strike") if o.target.startswith("fig:")} == {"fig:pask", "fig:lucinda"}
    act(s, "vs_strike", sec=1, cp=1, target="fig:pask")
    assert options(s, "vs_strike") == []


def test_V_ORDER_8_V_ORDER_9_the_active_player_ends_the_activation():
    """V-ORDER-8/9: the activation ends when its player says so; the turn goes on."""
    s = layout(deployed(), {"kenji": ((5, 5), "N"), "pask": ((9, 9), "N")})
    activate(s, "kenji", "OT-1")
    assert s.pending.kind == "order" and s.pending.seat == fig(s, "kenji").seat
    act(s, "vs_end", facing="W")
    assert s.versus.act == {} and s.pending.kind == "activate"


# ---------------------------------------------------------------- V-MOVE, V-FACE
def test_V_MOVE_1_move_points_are_cp_times_mp_and_sprinter():
    """V-MOVE-1: k CP x MP; Mara's Sprinter adds 2 on a section of 2+ CP (20.4)."""
    s = layout(deployed(), {"mara": ((5, 5), "N"), "tobias": ((5, 8), "N")})
    activate(s, "mara", "OT-1")
    act(s, "vs_move", cp=2)
    assert s.versus.act["mp"] == 2 * 4 + 2
    s = layout(deployed(), {"tobias": ((5, 5), "N")})
    activate(s, "tobias", "OT-1")
    act(s, "vs_move", cp=3)
    assert s.versus.act["mp"] == 9


def test_V_MOVE_2_steps_are_orthogonal_and_cost_one():
    """V-MOVE-2: a step goes to an orthogonal neighbour for 1 MP."""
    s = layout(deployed(), {"kenji": ((5, 5), "N")})
    activate(s, "kenji", "OT-4")
    act(s, "vs_move", cp=1)
    assert sorted(o.to for o in options(s, "vs_step")) == [(4, 5), (5, 4), (5, 6)]  # (6,5): a wall
    act(s, "vs_step", to=(5, 4))
    assert s.versus.act["mp"] == 3


def test_V_MOVE_5_V_DOOR_5_V_DOOR_7_doors_cost_one_mp_open_and_close():
    """V-MOVE-5, V-DOOR-5/7: opening and closing a door costs 1 MP from one of its squares;
    wooden unlocked doors need no card; a closed door is closed."""
    s = layout(deployed(), {"tobias": ((3, 2), "E")})
    activate(s, "tobias", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_door", door="guest_a", open=True)
    assert s.versus.doors["guest_a"] == "open" and s.versus.act["mp"] == 2
    act(s, "vs_door", door="guest_a", open=False)
    assert s.versus.doors["guest_a"] == "closed" and s.versus.act["mp"] == 1


def test_V_MOVE_6_forbidden_squares_S2_SR_1_zombies_never_enter_the_chapel():
    """V-MOVE-6 (S2-SR-1): a Shambler is never offered a chapel square, even through an open edge."""
    s = layout(deployed(), {"shambler1": ((9, 6), "E")})
    s.versus.doors["chapel_west"] = "destroyed"
    VersusRun(s).set_door("chapel_west", "destroyed")
    activate(s, "shambler1", "OT-1")
    act(s, "vs_move", cp=1)
    assert (10, 6) not in [o.to for o in options(s, "vs_step")]
    s2 = layout(deployed(), {"lucinda": ((9, 6), "E")})
    VersusRun(s2).set_door("chapel_west", "destroyed")
    activate(s2, "lucinda", "OT-1")
    act(s2, "vs_move", cp=1)
    assert (10, 6) in [o.to for o in options(s2, "vs_step")]


def test_V_FACE_1_turning_is_free_only_after_a_move_section():
    """V-FACE-1: before a Move section is committed no turn is offered; after it, turns cost 0."""
    s = layout(deployed(), {"tobias": ((5, 5), "N")})
    activate(s, "tobias", "OT-3")
    assert options(s, "vs_turn") == []
    act(s, "vs_move", cp=1)
    act(s, "vs_turn", facing="E")
    assert fig(s, "tobias").facing == "E" and s.versus.act["mp"] == 3


def test_V_FACE_2_V_FACE_3_facing_at_the_end_of_an_activation_never_by_an_attack(monkeypatch):
    """V-FACE-2: the activation's end sets any facing; V-FACE-3/V-CC-17: an attack turns nobody."""
    s = layout(deployed(), {"tobias": ((5, 5), "N"), "pask": ((5, 4), "E")})
    Dice(monkeypatch, [2, 2, 2], [2])
    activate(s, "tobias", "OT-2")
    act(s, "vs_strike", cp=1, target="fig:pask")
    assert fig(s, "pask").facing == "E" and fig(s, "tobias").facing == "N" and fig(s, "pask").pos == (5, 4)
    act(s, "vs_end", facing="S")
    assert fig(s, "tobias").facing == "S"


# ---------------------------------------------------------------- V-DOOR, V-CARD
def test_V_DOOR_2_V_DOOR_6_V_CARD_7_sliding_and_locked_doors_need_a_card():
    """V-DOOR-2/6, V-CARD-1/7: a sliding door opens only for a card holder; a locked wooden door
    too; the card opens any of them."""
    s = new_versus("swift", None, 1)  # Mara starts with the card (20.6)
    turn_of(s, fig(s, "mara").seat)
    layout(s, {"mara": ((2, 1), "E"), "grist": ((10, 4), "W")})
    act(s, "vs_activate", cid="mara", tiles="OT-1")
    act(s, "vs_move", cp=1)
    assert options(s, "vs_door")
    fig(s, "mara").items.remove("card")
    s.touch()
    s.pending.options[:] = VersusRun(s).order_options(fig(s, "mara"))
    assert options(s, "vs_door") == []
    s = layout(deployed(), {"kenji": ((9, 6), "E")})
    activate(s, "kenji", "OT-1")
    act(s, "vs_move", cp=1)
    assert options(s, "vs_door") == []  # the locked chapel door
    fig(s, "kenji").items.append("card")
    s.touch()
    s.pending.options[:] = VersusRun(s).order_options(fig(s, "kenji"))
    assert options(s, "vs_door", ) and options(s, "vs_door")[0].door == "chapel_west"


def test_V_DOOR_3_V_END_1_V_DOOR_8_sliding_doors_close_at_round_end_wooden_stay():
    """V-DOOR-3, V-END-1, V-DOOR-8: at the end of a round open sliding doors close; wooden stay."""
    s = new_versus("swift", None, 1)
    run = VersusRun(s)
    run.set_door("lab_north", "open")
    while s.versus.round == 1:
        act(s, "vs_pass")
    assert s.versus.doors["lab_north"] == "closed"
    s2 = deployed()
    VersusRun(s2).set_door("guest_a", "open")
    while s2.versus.round == 1:
        act(s2, "vs_pass")
    assert s2.versus.doors["guest_a"] == "open"


def test_V_DOOR_4_V_DESTROY_1_an_open_door_is_no_target():
    """V-DOOR-4, V-DESTROY-1: an open door cannot be attacked; a closed one can."""
    s = layout(deployed(), {"tobias": ((3, 2), "E")})
    activate(s, "tobias", "OT-2")
    assert "edge:3,2|4,2" in {o.target for o in options(s, "vs_strike")}
    s = layout(deployed(), {"tobias": ((3, 2), "E")})
    VersusRun(s).set_door("guest_a", "open")
    activate(s, "tobias", "OT-2")
    assert "edge:3,2|4,2" not in {o.target for o in options(s, "vs_strike")}


def test_V_DOOR_9_the_wide_door_is_one_door_of_two_edges():
    """V-DOOR-9: opening the chapel's front door changes both edges; it can be worked from a
    square by either edge."""
    s = layout(deployed(), {"kenji": ((12, 11), "N")})
    fig(s, "kenji").items.append("card")
    activate(s, "kenji", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_door", door="chapel_front", open=True)
    run = VersusRun(s)
    assert run.adjacent((11, 10), (11, 11)) and run.adjacent((12, 10), (12, 11))


def test_V_DOOR_10_V_DESTROY_10_a_destroyed_door_is_a_gap_for_ever(monkeypatch):
    """V-DOOR-10, V-DESTROY-10: destroyed, the edge is open and never offered for closing."""
    s = layout(deployed(), {"tobias": ((3, 2), "E")})
    Dice(monkeypatch, [5, 5, 5, 5, 5])
    activate(s, "tobias", "OT-1+OT-2")
    act(s, "vs_strike", cp=3, target="edge:3,2|4,2")
    assert s.versus.doors["guest_a"] == "destroyed"
    act(s, "vs_move", cp=1)
    assert options(s, "vs_door") == [] and (4, 2) in [o.to for o in options(s, "vs_step")]


def test_V_CARD_2_V_CARD_3_picking_up_costs_one_mp_on_the_square():
    """V-CARD-2/3: an item lies on one square or is carried by one character; picking it up
    costs 1 MP on its square during a Move section."""
    s = layout(deployed(), {"pask": ((15, 1), "N")})
    activate(s, "pask", "OT-1")
    assert options(s, "vs_pickup") == []  # no Move section yet
    act(s, "vs_move", cp=1)
    act(s, "vs_pickup", item="card")
    assert "card" in fig(s, "pask").items and "card" not in s.versus.items and s.versus.act["mp"] == 2


def test_V_CARD_4_handing_over_to_an_adjacent_friend_and_quick_hands():
    """V-CARD-4: handing an item to an adjacent friend costs 1 MP; Kenji's Quick Hands 0 (20.4);
    a Mindless friend takes nothing."""
    s = layout(deployed(), {"kenji": ((5, 5), "N"), "mara": ((5, 4), "N")})
    fig(s, "kenji").items.append("card")
    activate(s, "kenji", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_give", item="card", cid="mara")
    assert fig(s, "mara").items == ["card"] and s.versus.act["mp"] == 4
    s = layout(deployed(), {"pask": ((5, 5), "N"), "shambler1": ((5, 4), "N"), "lucinda": ((4, 5), "N")})
    fig(s, "pask").items.append("card")
    activate(s, "pask", "OT-1")
    act(s, "vs_move", cp=1)
    assert {o.cid for o in options(s, "vs_give")} == {"lucinda"}
    act(s, "vs_give", item="card", cid="lucinda")
    assert s.versus.act["mp"] == 2


# ---------------------------------------------------------------- V-LOS
def test_V_LOS_2_E6_arc_classification():
    """E6 (V-LOS-2): from (5,5) facing N, (6,4) red, (7,4) orange, (7,5) orange, (5,6) white."""
    n = FACINGS["N"]
    assert [arc(n, (q[0] - 5, q[1] - 5)) for q in ((6, 4), (7, 4), (7, 5), (5, 6))] == ["red", "orange", "orange", "white"]


def test_V_LOS_3_E5_around_a_wall_end_and_through_a_cabinet():
    """E5 (V-LOS-3 rules 1-3, V-LOS-4): (5,2) facing E sees (6,3) round the wall's end, not
    (7,3); (16,5) facing S does not see (16,7) past the cabinet until it is destroyed."""
    s = layout(deployed(), {"kenji": ((5, 2), "E"), "pask": ((6, 3), "N"), "lucinda": ((7, 3), "N")})
    run = VersusRun(s)
    assert run.sees(fig(s, "kenji"), fig(s, "pask")) and not run.sees(fig(s, "kenji"), fig(s, "lucinda"))
    s = layout(deployed(), {"kenji": ((16, 5), "S"), "pask": ((16, 7), "N")})
    assert not VersusRun(s).sees(fig(s, "kenji"), fig(s, "pask"))
    s.versus.destroyed.append("cabinet")
    assert VersusRun(s).sees(fig(s, "kenji"), fig(s, "pask"))


def test_V_LOS_4_V_LOS_5_V_LOS_6_living_block_dead_do_not_and_sight_is_one_way():
    """V-LOS-4/5/6: a living character between blocks; a dead marker does not; X seeing Y does
    not make Y see X."""
    s = layout(deployed(), {"kenji": ((5, 9), "N"), "pask": ((5, 7), "N"), "lucinda": ((5, 8), "N")})
    run = VersusRun(s)
    assert not run.sees(fig(s, "kenji"), fig(s, "pask"))
    fig(s, "lucinda").dead = True
    assert run.sees(fig(s, "kenji"), fig(s, "pask")) and not run.sees(fig(s, "pask"), fig(s, "kenji"))


def test_V_LOS_7_V_RANGE_1_V_RANGE_2_V_OVR_3_no_ranged_orders():
    """V-LOS-7, V-RANGE-1/2, V-OVR-3: only Move and Close-combat orders exist; no action at range
    is ever offered (a strike needs an adjacent target)."""
    assert {k for t in TILES.values() for k, _ in t.sections} == {"move", "cc"}
    s = layout(deployed(), {"tobias": ((5, 9), "N"), "pask": ((5, 7), "S")})
    activate(s, "tobias", "OT-2")
    assert options(s, "vs_strike") == []
    from game.engine.actions import Action
    ev = apply(s, Action(kind="vs_strike", tile="OT-2", sec=0, cp=1, target="fig:pask"))
    assert ev[0].kind == "impossible"



def test_V_DOOR_5_V_DOOR_7_quick_hands_works_each_door_free_once_per_activation():
    """V-DOOR-5/7, V-MOVE-5 with 20.4 Quick Hands (ruling in docs/balance.md): Kenji opens a door
    for 0 MP the first time he works it in an activation; working the same door again (closing
    it, opening it again) costs the normal 1 MP, so a free door cannot be toggled without end and
    his activation runs out of door actions with his MP. Tobias (no Quick Hands) pays 1 each time."""
    s = layout(deployed(), {"kenji": ((3, 2), "E"), "mara": ((2, 6), "N")})  # the Guest A door (3,2)|(4,2)
    activate(s, "kenji", "OT-4")
    act(s, "vs_move", cp=1)
    assert s.versus.act["mp"] == 4
    act(s, "vs_door", door="guest_a", open=True)
    assert s.versus.act["mp"] == 4  # the first time: free
    act(s, "vs_door", door="guest_a", open=False)
    assert s.versus.act["mp"] == 3  # the same door again: 1 MP
    for _ in range(3):
        act(s, "vs_door", door="guest_a")
    assert s.versus.act["mp"] == 0
    assert options(s, "vs_door") == []  # no MP left: no more door actions
    s = layout(deployed(), {"tobias": ((3, 2), "E"), "mara": ((2, 6), "N")})
    activate(s, "tobias", "OT-4")
    act(s, "vs_move", cp=1)
    act(s, "vs_door", door="guest_a", open=True)
    assert s.versus.act["mp"] == 2
