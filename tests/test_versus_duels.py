"""Versus (rules/versus.md sections 15 and 19): duels with secret bids, and what each seat may
see (E7)."""
from __future__ import annotations

from game.engine.query import View
from game.engine.versus import new_versus
from game.engine.versus.rules import VersusRun
from tests.versus_kit import Dice, act, activate, deployed, fig, layout, options, turn_of, view


def e7(monkeypatch=None):
    """E7's position: Lucinda on (15,6) about to act, Kenji on (14,4) facing S behind the closed
    priest's door (14,4)|(14,5)."""
    s = layout(deployed(), {"lucinda": ((15, 6), "W"), "kenji": ((14, 4), "S")})
    activate(s, "lucinda", "OT-1")
    act(s, "vs_move", cp=2)
    return s


def test_E7_V_DUEL_3_V_DUEL_8_a_duel_triggered_by_opening_a_door(monkeypatch):
    """E7 (V-DUEL-2/3/4/6/7/8/10): two steps fire nothing (the closed door blocks sight and
    adjacency); opening it fires both triggers for (Kenji, Lucinda); the Directorate bids 3, the
    Syndicate 1: margin 2, Kenji strikes as with 2 CP (2 dice + 1 auto) against her front (3
    dice); both bids spent; her activation goes on with 3 MP and the pair cannot fire again."""
    s = e7()
    d, syn = fig(s, "kenji").seat, fig(s, "lucinda").seat
    assert s.versus.act["mp"] == 6
    act(s, "vs_step", to=(15, 5))
    act(s, "vs_step", to=(14, 5))
    assert s.pending.kind == "order"  # nothing fired
    act(s, "vs_turn", facing="N")
    cp_before = list(s.versus.cp)
    act(s, "vs_door", door="priest_hall", open=True)
    assert s.pending.kind == "duel" and s.pending.seats == (d,)
    assert sorted(s.versus.fired) == ["kenji|lucinda|adj", "kenji|lucinda|view"]
    act(s, "vs_declare", cid="kenji")
    assert s.pending.kind == "vs_bid" and s.pending.seat == d and s.pending.secret  # V-HOT-2: the declarer first
    act(s, "vs_bid", cp=3)
    assert s.pending.seat == syn
    act(s, "vs_bid", cp=1)
    assert s.versus.cp == [cp_before[0] - 3, cp_before[1] - 1] if d == 0 else True
    assert s.versus.cp[d] == cp_before[d] - 3 and s.versus.cp[syn] == cp_before[syn] - 1
    assert s.pending.kind == "vs_duel_act" and s.pending.seat == d
    Dice(monkeypatch, [2, 2], [2, 2, 2])
    ev = act(s, "vs_duel_act", what="strike")
    c = next(e for e in ev if e.kind == "combat")
    assert c.data["cp"] == 2 and c.data["auto"] == 1 and c.data["arcs"] == ["front", "front"]
    assert s.pending.kind == "order" and s.versus.act["mp"] == 3  # resumed (V-DUEL-10)
    act(s, "vs_step", to=(15, 5))
    act(s, "vs_step", to=(14, 5))
    assert s.pending.kind == "order"  # V-DUEL-4: once per pair and activation


def test_V_DUEL_1_V_DUEL_2_the_non_active_side_interrupts_on_first_view_or_adjacency():
    """V-DUEL-1/2: stepping into Kenji's view for the first time opens the duel window for the
    non-active side only."""
    s = layout(deployed(), {"lucinda": ((15, 7), "S"), "kenji": ((13, 8), "S")})
    activate(s, "lucinda", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(15, 8))
    assert s.pending.kind == "duel" and s.pending.seats == (fig(s, "kenji").seat,)
    assert [o.cid for o in options(s, "vs_declare")] == ["kenji"]


def test_V_DUEL_4_the_start_of_an_activation_fires_nothing():
    """V-DUEL-4: already seen at the start: no trigger until it is lost and found again."""
    s = layout(deployed(), {"lucinda": ((14, 7), "N"), "kenji": ((14, 5), "S")})
    activate(s, "lucinda", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(15, 7))
    assert s.pending.kind == "order"


def test_V_DUEL_5_several_duels_at_one_check_point():
    """V-DUEL-5: two characters whose triggers fire at the same check point may both declare,
    one after another; each is bid on its own."""
    s = layout(deployed(), {"lucinda": ((15, 7), "S"), "kenji": ((13, 8), "S"), "mara": ((16, 8), "E")})
    activate(s, "lucinda", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(15, 8))
    assert sorted(o.cid for o in options(s, "vs_declare")) == ["kenji", "mara"]
    act(s, "vs_declare", cid="kenji")
    act(s, "vs_bid", cp=1)
    act(s, "vs_bid", cp=1)  # a tie: fails (V-DUEL-6)
    assert s.pending.kind == "duel" and [o.cid for o in options(s, "vs_declare")] == ["mara"]
    act(s, "vs_declare", cid="mara")
    act(s, "vs_bid", cp=2)
    act(s, "vs_bid", cp=0)
    assert s.pending.kind == "vs_duel_act"
    act(s, "vs_duel_act", what="turn", facing="W")
    assert fig(s, "mara").facing == "W" and s.pending.kind == "order"


def test_V_DUEL_6_V_DUEL_7_a_tie_fails_and_both_bids_are_spent():
    """V-DUEL-6/7: equal bids fail; both pools pay anyway; the active character goes on."""
    s = e7()
    d, syn = fig(s, "kenji").seat, fig(s, "lucinda").seat
    act(s, "vs_step", to=(15, 5))
    act(s, "vs_step", to=(14, 5))
    act(s, "vs_door", door="priest_hall", open=True)
    before = list(s.versus.cp)
    act(s, "vs_declare", cid="kenji")
    act(s, "vs_bid", cp=2)
    ev = act(s, "vs_bid", cp=2)
    assert next(e for e in ev if e.kind == "bid_reveal").data["success"] is False
    assert s.versus.cp[d] == before[d] - 2 and s.versus.cp[syn] == before[syn] - 2
    assert s.pending.kind == "order"


def test_V_DUEL_8_bid_ranges_and_the_three_duel_actions():
    """V-DUEL-8: the declarer bids 1..pool, the active side 0..pool; Strike only when adjacent;
    Shift gives the current side's MP."""
    s = layout(deployed(), {"lucinda": ((15, 7), "S"), "kenji": ((13, 8), "S")})
    activate(s, "lucinda", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(15, 8))
    act(s, "vs_declare", cid="kenji")
    d = fig(s, "kenji").seat
    assert [o.cp for o in options(s, "vs_bid")] == list(range(1, s.versus.cp[d] + 1))
    act(s, "vs_bid", cp=2)
    assert [o.cp for o in options(s, "vs_bid")] == list(range(0, s.versus.cp[1 - d] + 1))
    act(s, "vs_bid", cp=0)
    assert "strike" not in {o.what for o in options(s, "vs_duel_act")}  # not adjacent
    act(s, "vs_duel_act", what="shift")
    assert s.versus.duel["mp"] == 4 and s.pending.kind == "shift"
    act(s, "vs_step", to=(13, 9))
    act(s, "vs_step", to=(13, 10))
    assert fig(s, "kenji").pos == (13, 10) and s.versus.duel["mp"] == 2
    act(s, "vs_shift_done")
    assert s.pending.kind == "order" and fig(s, "lucinda").pos == (15, 8)


def test_V_DUEL_9_a_duel_action_triggers_nothing_and_keeps_the_activation_mark():
    """V-DUEL-9: Kenji shifts into view of nobody new and his own activation status is unchanged
    (he can still be activated this round)."""
    s = layout(deployed(), {"lucinda": ((15, 7), "S"), "kenji": ((13, 8), "S"), "pask": ((13, 11), "N")})
    activate(s, "lucinda", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(15, 8))
    act(s, "vs_declare", cid="kenji")
    act(s, "vs_bid", cp=1)
    act(s, "vs_bid", cp=0)
    act(s, "vs_duel_act", what="shift")
    act(s, "vs_step", to=(14, 8))  # now next to Lucinda and in Pask's view: no duel for anyone
    act(s, "vs_step", to=(13, 8))
    assert s.pending.kind == "shift"
    act(s, "vs_shift_done")
    assert not fig(s, "kenji").activated


def test_V_DUEL_10_V_DEATH_3_a_struck_down_active_character_ends_its_activation(monkeypatch):
    """V-DUEL-10, V-DEATH-3: killed by the duel strike, the active character's activation ends."""
    s = layout(deployed(), {"pask": ((15, 6), "W", "wounded", 1), "tobias": ((14, 4), "S")})
    activate(s, "pask", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(15, 5))
    act(s, "vs_step", to=(14, 5))
    s.versus.act["mp"] = 1
    fig(s, "pask").facing = "N"
    fig(s, "pask").items.append("card")
    s.touch()
    s.pending.options[:] = VersusRun(s).order_options(fig(s, "pask"))
    act(s, "vs_door", door="priest_hall", open=True)
    act(s, "vs_declare", cid="tobias")
    act(s, "vs_bid", cp=1)
    act(s, "vs_bid", cp=0)
    Dice(monkeypatch, [5, 5, 5], [2])
    act(s, "vs_duel_act", what="strike")
    assert fig(s, "pask").dead
    act(s, "vs_take", take=True)
    assert s.versus.act == {} and s.pending.kind == "activate"


def test_V_DUEL_11_V_HOT_4_a_passed_side_may_declare_but_not_with_an_empty_pool():
    """V-DUEL-11: a side that passed may still declare; V-HOT-4: with 0 CP it is not asked."""
    for pool, asked in ((2, True), (0, False)):
        s = layout(deployed(), {"lucinda": ((15, 7), "S"), "kenji": ((13, 8), "S")})
        d = fig(s, "kenji").seat
        turn_of(s, d)
        act(s, "vs_pass")
        s.versus.cp[d] = pool
        s.touch()
        assert s.active == 1 - d
        act(s, "vs_activate", cid="lucinda", tiles="OT-1")
        act(s, "vs_move", cp=1)
        act(s, "vs_step", to=(15, 8))
        assert (s.pending.kind == "duel") == asked


def test_V_DUEL_12_a_mindless_character_may_declare():
    """V-DUEL-12 (revised 2026-12-07): a Shambler may declare a duel against an agent."""
    s = layout(deployed(), {"kenji": ((15, 7), "S"), "shambler1": ((13, 8), "S")})
    activate(s, "kenji", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(15, 8))
    assert [o.cid for o in options(s, "vs_declare")] == ["shambler1"]


def test_V_DUEL_13_no_duels_in_the_swift_and_the_saw():
    """V-DUEL-13: 20.6 disables duels: stepping next to Grist opens no window."""
    s = new_versus("swift", None, 1)
    layout(s, {"mara": ((5, 0), "E"), "grist": ((7, 0), "W")})
    activate(s, "mara", "OT-1")
    act(s, "vs_move", cp=1)
    act(s, "vs_step", to=(6, 0))
    assert s.pending.kind == "order"


def test_V_HOT_1_V_HOT_2_V_OVR_2_bids_are_secret_until_both_are_in():
    """V-OVR-2, V-HOT-1/2: the declarer's bid reaches neither the other seat's view, its events
    nor its record; the reveal shows both to everyone; undo cannot cross the bid."""
    s = e7()
    d, syn = fig(s, "kenji").seat, fig(s, "lucinda").seat
    act(s, "vs_step", to=(15, 5))
    act(s, "vs_step", to=(14, 5))
    act(s, "vs_door", door="priest_hall", open=True)
    act(s, "vs_declare", cid="kenji")
    ev = act(s, "vs_bid", cp=5)
    assert view(s, syn)["duel"]["bids"] == {} and view(s, d)["duel"]["bids"] == {str(d): 5}
    assert not any(e.kind == "bid" for e in View(s, syn).events(ev)) and any(e.kind == "bid" for e in View(s, d).events(ev))
    assert View(s, syn).record()[-1] == {"kind": "hidden", "by": d}
    assert View(s, syn).undo_floor() == s.step
    ev = act(s, "vs_bid", cp=0)
    assert next(e for e in View(s, syn).events(ev) if e.kind == "bid_reveal").data["declarer"] == 5


def test_V_HOT_3_everything_else_is_public():
    """V-HOT-3: pools, tiles used, wounds, items and facings are the same in both seats' views."""
    s = layout(deployed(), {"kenji": ((5, 5), "N", "healthy", 2), "pask": ((15, 1), "E")})
    fig(s, "pask").items.append("card")
    a, b = view(s, 0), view(s, 1)
    for k in ("cp", "used", "figures", "items", "doors"):
        assert a[k] == b[k]
