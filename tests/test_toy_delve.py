"""The toy mode Delve (tests/rulesets/delve.py, issue 23 must-show): free player order, a board that
grows when a delver steps on an exit, a window in which any seat may act and a secret bid between
two seats, played through ``new_game / legal_actions / apply / replay``, saved and loaded, and by
the bot. Its own file plus its ``register_ruleset`` line are the whole mode."""
from __future__ import annotations

from game.ai.bot import Bot
from game.content.saves import load_game, save_game
from game.engine import View, apply, legal_actions, new_game, replay
from game.engine.actions import make_typed
from game.engine.rng import Rng
from tests.rulesets.delve import BID, FLARE, ROUNDS, STEP, DelveState, delve_scenario

PARTY = [("vera", 1), ("mateo", 2)]


def random_play(s, seed: int, until=None, limit: int = 400) -> list:
    """Play ``s`` with seeded random choices, any seat a decision is addressed to answering;
    stop when ``until(s)`` holds, the game ends or after ``limit`` actions. Returns the events."""
    r = Rng.from_seed(seed)
    out = []
    for _ in range(limit):
        if s.over or (until is not None and until(s)):
            break
        seats = s.pending.seats
        seat = seats[r.below(len(seats))]
        opts = legal_actions(s, seat)
        out += apply(s, opts[r.below(len(opts))], seat)
    return out


def test_a_game_is_played_through_the_public_api_to_its_end_and_replays_identically():
    scn = delve_scenario()
    for seed in range(4):
        s = new_game(scn, PARTY, seed)
        assert isinstance(s, DelveState) and s.rules == "delve"
        random_play(s, seed)
        assert s.over and s.delve.rounds == ROUNDS and s.result_reason
        assert replay(scn, PARTY, seed, s.record).same_as(s)


def test_TOY_1_the_players_choose_who_goes_first_and_each_plays_once_a_round():
    """TOY-1: the machine's free order: both seats may say who goes first; the other one follows
    without a question; then the bid phase."""
    s = new_game(delve_scenario(), PARTY, 1)
    assert s.phase == "explore" and s.pending.kind == "turn_order" and s.pending.seats == (0, 1)
    apply(s, legal_actions(s, 1)[1], seat=1)  # player 2 says: player 2 goes first
    assert s.active == 1 and s.pending.kind == STEP
    random_play(s, 1, until=lambda s: s.pending.kind == STEP and s.active == 0)
    assert s.pending.kind == STEP and s.active == 0  # no question for the last one
    random_play(s, 1, until=lambda s: s.phase == "bid")
    assert s.pending.kind == BID


def test_TOY_3_stepping_on_the_exit_grows_the_cave_and_the_new_squares_are_played_on():
    """TOY-3: the next map card is laid at the exit (the kernel's growth, kept in the state): its
    squares join the board every reader sees, its exit and gem become tokens, and a delver can
    walk onto it."""
    scn = delve_scenario()
    s = new_game(scn, PARTY, 0)
    random_play(s, 0, until=lambda s: s.grown)
    assert len(s.grown) == 1 and s.grown[0].at == (1, 1)
    b = s.scenario.board
    assert b.width > scn.board.width and b.has((2, 1)) and b.base_edge((1, 1), (2, 1)).value == "open"
    assert View(s).board.has((2, 1))
    kinds = {t.kind: t.pos for t in s.tokens}
    assert kinds["exit"] == (5, 1) and b.has(kinds["gem"])
    random_play(s, 0, until=lambda s: s.pending.kind == STEP and s.characters[s.active].pos == (1, 1))
    assert make_typed(STEP, to=(2, 1)) in legal_actions(s)  # onto the new card


def test_TOY_4_the_flare_window_is_open_to_every_seat_with_its_own_flare():
    """TOY-4: after a step, one decision addressed to both seats; each may light its own flare
    (the other seat's flare is not its option) or close the window."""
    s = new_game(delve_scenario(), PARTY, 2)
    random_play(s, 2, until=lambda s: s.pending.kind == STEP)
    active = s.active
    apply(s, legal_actions(s)[-1])  # the active delver stays
    assert s.pending.kind == FLARE and set(s.pending.seats) == {0, 1} and s.pending.seat == active
    other = 1 - active
    assert [a.kind for a in legal_actions(s, other)] == [FLARE, "done"]
    assert legal_actions(s, other)[0].seat == other
    before = s.delve.points[other]
    ev = apply(s, legal_actions(s, other)[0], seat=other)  # the seat whose turn it is not acts
    assert [e.data["seat"] for e in ev if e.kind == "flare"] == [other] and s.delve.points[other] == before + 1
    assert s.pending.kind == FLARE and [a.kind for a in legal_actions(s, other)] == ["done"]


def test_TOY_5_both_seats_bid_at_once_in_secret_and_the_higher_bid_wins_the_prize():
    s = new_game(delve_scenario(), PARTY, 3)
    random_play(s, 3, until=lambda s: s.phase == "bid")
    assert s.delve.points == [1, 1]  # (this seed: a flare each)
    assert s.pending.seats == (0, 1) and s.pending.secret
    assert [a.cp for a in legal_actions(s, 1)] == [0, 1] and [a.cp for a in legal_actions(s, 0)] == [0, 1]
    assert {a.seat for a in legal_actions(s, 1)} == {1}  # a seat bids for itself only
    apply(s, make_typed(BID, seat=1, cp=1), seat=1)  # the second seat bids first
    assert s.pending.seats == (0,) and legal_actions(s, 1) == []
    ev = apply(s, make_typed(BID, seat=0, cp=0), seat=0)
    reveal = next(e for e in ev if e.kind == "reveal")
    assert reveal.data == {"bids": [0, 1], "winner": 1}
    assert s.delve.points == [1, 1 + 3 - 1] and s.delve.bids == {} and s.phase == "explore"


def test_a_game_saved_mid_bid_loads_as_a_delve_game_and_plays_on_the_same(tmp_path):
    scn = delve_scenario()
    s = new_game(scn, PARTY, 0)
    random_play(s, 0, until=lambda s: s.grown and s.phase == "bid" and len(s.pending.seats) == 1)
    path = tmp_path / "delve.json"
    save_game(path, s, PARTY)
    back, party = load_game(path, scn)
    assert isinstance(back, DelveState) and back.same_as(s) and party == PARTY
    assert back.scenario.board.has((2, 1))  # the grown cave comes back with the save
    random_play(s, 9)
    random_play(back, 9)
    assert back.same_as(s) and back.over


def test_the_bot_plays_a_game_to_its_end():
    scn = delve_scenario()
    s = new_game(scn, PARTY, 5)
    bot = Bot(5)
    for _ in range(300):
        if s.over:
            break
        ev = apply(s, bot.choose(s))
        assert not (len(ev) == 1 and ev[0].kind == "impossible"), ev[0].text
    assert s.over and replay(scn, PARTY, 5, s.record).same_as(s)


def test_issue23_delves_words_are_its_own_catalogues_message_ids():
    """Issue 23 item 1 for a mode outside game/: every event and prompt of a played game is a message id
    with typed parameters (no English passed to ``emit``), worded in English and Japanese from the
    toy's own catalogues (tests/rulesets/locale, registered by its module with ``add_catalogues``);
    the game's catalogues hold none of its ids; the result's reason is a reference too."""
    from game.i18n.messages import ids, render

    s = new_game(delve_scenario(), PARTY, 2)
    events = random_play(s, 2)
    assert s.over and s.result_why["id"] in ("delve.won", "delve.tie") and s.result_why["rule"] == "TOY-6"
    seen = {e.msg for e in events}
    assert {"delve.steps", "delve.bid_placed"} <= seen and all(e.msg for e in events)
    for e in events:
        for lang in ("en", "ja"):
            assert render(e.msg, e.params, lang) != e.msg, (lang, e.msg)
    assert render("delve.ask_step", {"n": 2}, "ja") == "プレイヤー2：進むか留まるか"
    assert not any(i.startswith("delve.") for i in ids("en") | ids("ja"))  # its own files, not the game's
