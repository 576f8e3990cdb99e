"""Versus's secrets on one screen (issue 27 "Must show"; V-HOT-1..3, V-SETUP-3, V-DUEL-6): a whole
game bot against bot, checked after every step: neither seat's View, events, record or versus
view carries the other seat's hidden deployment, facings or bid before the reveal. Also the
simulator's versus mode."""
from __future__ import annotations

import json

from game.ai.versus_bots import make_bot, play_versus
from game.engine.actions import Event
from game.engine.query import View
from game.engine.versus import winner
from game.engine.versus.view import VsView, determinise


def _hidden_of(game, seat):
    """What ``seat`` has committed that the other may not know yet: its deployment order (before
    the reveal), its facings (before theirs are revealed), its bid (before both are in)."""
    v = game.versus
    out = {}
    if str(seat) in v.deploy:
        out["deploy"] = v.deploy[str(seat)]
    mine = {f.cid for f in v.figures if f.seat == seat}
    facings = {cid: d for cid, d in v.facings.items() if cid in mine}
    if facings:
        out["facings"] = facings
    bids = (v.duel or {}).get("bids") or {}
    if str(seat) in bids:
        out["bid"] = bids[str(seat)]
    return out


def _check(game, events: list[Event], seen_events: dict[int, list]):
    for seat in (0, 1):
        other = 1 - seat
        secret = _hidden_of(game, other)
        vw = View(game, seat)
        vis = vw.visible_state()["versus"]
        text = json.dumps({"state": vis, "record": vw.record(),
                           "events": [(e.kind, e.msg, e.params, e.data) for e in vw.events(events)]}, default=str)
        if "deploy" in secret:
            assert secret["deploy"] not in text, f"seat {seat} sees the other's deployment"
            assert all(f["pos"] is None for f in vis["figures"] if f["seat"] == other)
            assert all(f.pos is None for f in VsView(game, seat).figures if f.seat == other)
        if not game.versus.revealed:
            assert all(f["pos"] is None for f in vis["figures"] if f["seat"] == other)
        if "facings" in secret:
            assert set(vis["facings"]) & set(secret["facings"]) == set()
            assert all(f["facing"] == "" for f in vis["figures"] if f["seat"] == other)
            assert all(f.facing == "" for f in VsView(game, seat).figures if f.seat == other)
        if "bid" in secret:
            assert str(other) not in (vis["duel"].get("bids") or {})
            assert VsView(game, seat).my_bid != secret["bid"] or str(seat) in (vis["duel"].get("bids") or {})
        mine = VsView(game, seat)  # the cheap view agrees with the rule set's redact
        assert [(f.cid, f.pos, f.facing or vis["facings"].get(f.cid, "")) for f in mine.figures] == \
            [(f["cid"], tuple(f["pos"]) if f["pos"] is not None else None,
              f["facing"] or vis["facings"].get(f["cid"], "")) for f in vis["figures"]]
        assert list(mine.cp) == vis["cp"] and mine.items == {k: tuple(p) for k, p in vis["items"].items()}
        for e in vw.events(events):
            assert e.audience is None or seat in e.audience
            assert not (e.kind in ("deploy", "facing", "bid") and e.audience != (seat,)), e.kind
            seen_events[seat].append(e.kind)


def test_V_HOT_1_V_SETUP_3_V_DUEL_6_a_whole_bot_game_leaks_no_secret_at_any_step():
    """V-HOT-1/3, V-SETUP-2/3, V-DUEL-6: greedy against greedy and random on the chapel map; after every
    step, each seat's view (visible state, versus view, record, the events it may see) holds none
    of the other seat's deployment, facings or bid not yet revealed, while its own secrets are
    there for it. Both secrets happen in the game (a reveal of each kind is seen)."""
    seen: dict[int, list] = {0: [], 1: []}
    kinds = []

    def watch(game, ev):
        kinds.extend(e.kind for e in ev)
        _check(game, ev, seen)

    for seed, other in ((11, "greedy"), (12, "random")):
        game, _ = play_versus("sanctuary", {0: make_bot("greedy", seed), 1: make_bot(other, seed + 1)}, seed, watch=watch)
        assert game.result is not None and winner(game)
    assert {"deploy_reveal", "facing_reveal", "bid_reveal"} <= set(kinds)
    assert "deploy" in seen[0] and "deploy" in seen[1]  # each seat saw its own secret
    assert "bid" in seen[0] + seen[1]


def test_V_HOT_1_determinise_samples_only_what_the_seat_cannot_see():
    """The search hook (issue 28): a determinised copy keeps everything the seat sees and changes
    only the other seat's committed deployment (before the reveal) and the dice."""
    from game.engine.versus import new_versus
    from game.engine.api import apply, legal_actions
    g = new_versus("sanctuary", None, 3)
    first = g.pending.seat
    apply(g, legal_actions(g)[0], first)
    other = 1 - first
    orders = {determinise(g, other, k).versus.deploy[str(first)] for k in range(12)}
    assert len(orders) > 1  # sampled
    c = determinise(g, first, 1)
    assert c.versus.deploy == g.versus.deploy  # its own secret is kept
    assert View(c, other).visible_state()["versus"] == View(g, other).visible_state()["versus"]


def test_tools_simulate_versus_reports_wins_length_and_time(capsys):
    """``python -m tools.simulate --mode versus``: wins per bot and faction, rounds, decisions and
    the mean time per decision."""
    from tools import simulate
    assert simulate.main(["--mode", "versus", "--scenario", "swift", "--games", "2", "--red", "greedy", "--blue", "random"]) == 0
    out = capsys.readouterr().out
    for key in ("wins_red:", "wins_blue:", "draws:", "mean_rounds:", "mean_decisions:", "time_per_decision:"):
        assert key in out
    assert simulate.main(["--mode", "versus", "--scenario", "nowhere", "--games", "1"]) == 2


def test_V_DICE_4_V_HOT_1_a_game_saves_replays_and_never_undoes_past_a_secret():
    """V-DICE-4: the record and the seed replay the same game (dice included); the state survives
    its save JSON; V-HOT-1: undo's floor is the last secret committed (the deployments, a bid)."""
    from game.engine.api import record_of, replay
    from game.engine.versus import VersusState, scenario

    floors = []

    def watch(game, ev):
        floors.append((game.step, View(game, 0).undo_floor()))

    game, _ = play_versus("sanctuary", {0: make_bot("greedy", 5), 1: make_bot("random", 6)}, 5, watch=watch)
    party = [(f, 0) for f in game.versus.factions]
    again = replay(scenario("sanctuary"), party, 5, record_of(game))
    assert again.model_dump_json() == game.model_dump_json()
    back = VersusState.model_validate_json(game.model_dump_json())
    assert back.model_dump_json() == game.model_dump_json() and back.versus.winner == winner(game)
    assert floors[0][1] == 1 and floors[1][1] == 2  # each deployment seals its step
    assert all(floor <= step for step, floor in floors)
