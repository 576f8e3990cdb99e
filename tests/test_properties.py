"""Random-playout properties (hypothesis): invariants hold at every step, same seed + same
actions give the same state, and save/load round-trips (DESIGN.md Tests; R-DOC-4)."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.saves import load_game, save_game
from game.engine import apply, legal_actions, new_game, replay
from tests.kit import board, content, rules, scenario

PLAYMAP = board("AAAAAC", "AAAAAC", "BBBBBC", "BBBBB.",
                doors=[((0, 1), (0, 2)), ((4, 0), (5, 0))], arches=[((4, 2), (5, 2))], start={1: (0, 0), 2: (1, 0)},
                place=[("exit", (5, 1)), ("enemy", (3, 3), {"enemy": "zombie"}), ("enemy", (2, 1), {"enemy": "zombie"}),
                       ("enemy", (4, 3), {"enemy": "zombie_dog"}), ("enemy", (3, 2), {"enemy": "crawler"}),
                       ("item", (2, 0), {"letter": "A"}), ("item", (1, 3), {"letter": "A"})],
                spawns={"A": [(4, 1)], "B": [(0, 3), (4, 3)], "C": [(5, 0)]})


def scn(intro=True):
    return scenario(PLAYMAP, intro=intro, tension=content().scenarios["intro"].tension)


def all_cards(s):
    seen = []
    for p in s.piles.values():
        seen += p
    for c in s.characters:
        for slot in c.inventory:
            seen += slot
    for slot in s.item_box:
        seen += slot
    return seen


def check_invariants(s):
    # cards are neither created nor lost, and none is in two places
    seen = all_cards(s)
    assert sorted(seen) == sorted(s.cards), "card conservation"
    r = rules(s)
    # square capacity (R-COMP-8)
    squares = {c.pos for c in s.characters if c.pos} | {e.pos for e in s.enemies} | {t.pos for t in s.tokens}
    boss = s.enemy(s.core.boss) if s.core.boss else None
    for q in squares:
        # R-BOSS-5: while the boss's shoves are being decided, its square holds the displaced models
        shoving = boss is not None and q == boss.pos and s.pending is not None and s.pending.kind == "shove"
        assert r.units_at(q) <= 4 or shoving, f"square {q} over capacity"
    for c in s.characters:
        assert 1 <= c.health <= 6
        # limits hold except while a trade session or an overflow discard is being decided
        assert len(c.inventory) <= r.limit(c) or s.pending and s.pending.kind in ("overflow", "trade")
        for slot in c.inventory:
            for u in slot:
                d = r.idef(u)
                if d.weapon and d.weapon.capacity:
                    assert 0 <= s.cards[u].ammo <= d.weapon.capacity
            assert len(slot) <= 3
    assert 0 <= s.danger <= 17


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10**6), min_size=20, max_size=160),
       n=st.integers(1, 4))
def test_random_play_keeps_invariants_and_replays(seed, picks, n):
    party = [("vera", 1), ("mateo", 2), ("anton", 1), ("grigor", 2)][:n]
    if n == 1:
        party = [("vera", 1)]
    s = new_game(scn(), party, seed)
    for p in picks:
        if s.over:
            break
        legal = legal_actions(s)
        apply(s, legal[p % len(legal)])
        check_invariants(s)
    # determinism: the record replays to the same state
    again = replay(scn(), party, seed, s.record)
    assert again.same_as(s)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10**6), min_size=5, max_size=60))
def test_save_load_mid_game_is_equal(tmp_path_factory, seed, picks):
    s = new_game(scn(), [("vera", 1), ("mateo", 2)], seed)
    for p in picks:
        if s.over:
            break
        legal = legal_actions(s)
        apply(s, legal[p % len(legal)])
    path = tmp_path_factory.mktemp("saves") / "game.json"
    save_game(path, s, [("vera", 1), ("mateo", 2)])
    loaded, party = load_game(path, scn())
    assert loaded.same_as(s) and party == [("vera", 1), ("mateo", 2)]
    # and the loaded game goes on exactly like the original
    if not s.over:
        a = legal_actions(s)[0]
        assert legal_actions(loaded) == legal_actions(s)
        apply(s, a)
        apply(loaded, a)
        assert loaded.same_as(s)


def test_R_DOC_4_same_seed_same_game_different_seed_differs():
    def play(seed):
        s = new_game(scn(), [("vera", 1), ("mateo", 2)], seed)
        for i in range(200):
            if s.over:
                break
            legal = legal_actions(s)
            apply(s, legal[(i * 7) % len(legal)])
        return s
    a, b = play(11), play(11)
    assert a.same_as(b)
    assert json.dumps(a.piles["tension"]) != json.dumps(play(12).piles["tension"])


# ---------------------------------------------------------------- the full-size map (Outskirts)
def outskirts():
    from game.content.loader import load_scenario
    return load_scenario("outskirts")


MOVE_RULES = {"R-REACT-4", "R-OOS-2", "R-TENSION-12", "R-STALK-7", "R-EMOVE-5"}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10**6), min_size=30, max_size=200),
       n=st.integers(1, 4))
def test_R_FIRE_4_full_size_random_play_invariants_and_replay(seed, picks, n):
    scn = outskirts()
    party = [("vera", 1), ("mateo", 2), ("anton", 1), ("grigor", 2)][:n]
    if n == 1:
        party = [("vera", 1)]
    s = new_game(scn, party, seed)
    for p in picks:
        if s.over:
            break
        legal = legal_actions(s)
        ev = apply(s, legal[p % len(legal)])
        check_invariants(s)
        fire = rules(s).fire()
        for e in ev:  # R-FIRE-4: no enemy ends a move reaction on fire
            if e.kind == "enemy_move" and e.rule in MOVE_RULES:
                assert tuple(e.data["to"]) not in fire
    assert replay(scn, party, seed, s.record).same_as(s)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=120))
def test_full_size_save_load_round_trip(tmp_path_factory, seed, picks):
    scn = outskirts()
    party = [("vera", 1), ("mateo", 2), ("anton", 1)]
    s = new_game(scn, party, seed)
    for p in picks:
        if s.over:
            break
        legal = legal_actions(s)
        apply(s, legal[p % len(legal)])
    path = tmp_path_factory.mktemp("saves") / "g.json"
    save_game(path, s, party)
    loaded, _ = load_game(path, scn)
    assert loaded.same_as(s)
