"""The dungeon's bot, simulator, replay and content reader (issue 26 items 1, 2, 5; D-COMP-10,
D-OVR-2)."""
import json
from pathlib import Path

import pytest

from game.ai.dungeon_bot import DungeonBot, party, play
from game.content.dungeon_pack import dungeon_scenario, load_dungeon_pack, read_scenario
from game.content.errors import ContentError
from game.engine.api import apply, new_game, replay
from game.engine.dungeon.state import DungeonState
from game.engine.invariants import check_state
from game.engine.query import View
from tools.simulate_dungeon import band_of, report, simulate_dungeon

from tests.dungeon_kit import SR

DATA = Path(__file__).resolve().parents[1] / "assets" / "data" / "dungeon"


def test_D_COMP_10_D_OVR_2_bot_game_replays_and_saves_round_trip():
    """D-COMP-10: a bot game replayed from its seed and record is the same game; its saved JSON
    reads back as a DungeonState that passes the dungeon's invariants (D-COMP-8, D-MOVE-5)."""
    scn = dungeon_scenario(SR)
    s = play(scn, party(2), 5, max_steps=400)
    again = replay(scn, party(2), 5, s.record)
    assert again.same_as(s)
    back = DungeonState.model_validate_json(s.model_dump_json())
    back.attach(scn)
    assert back.same_as(s) and check_state(back) == []
    assert len(s.dungeon.cards) >= 2  # the bot explores (D-EXPLORE-1)


def test_bot_explores_every_card_and_simulator_reports():
    """The bot plays only legal actions through the public API and lays all of the Sunken
    Reliquary's cards; the simulator reports wins, deaths and rounds."""
    s = play(dungeon_scenario(SR), party(2), 1)
    assert [c.card for c in s.dungeon.cards] == ["START", "C1", "C2", "C3"]
    r = simulate_dungeon(SR, 3, 2, 0)
    lines = report(r, SR, 2)
    assert r["games"] == 3 and r["unfinished"] == 0 and len(r["rounds"]) == 3
    assert any(line.startswith("win_rate: ") for line in lines) and any(line.startswith("deaths: ") for line in lines)
    assert any(line.startswith("band: 40-75 % (") for line in lines)  # a shipped dungeon with 2 heroes
    assert not any(line.startswith("band: ") for line in report(r, SR, 4))  # other party sizes: reported only
    assert band_of("delve 4:3", 2) == (20.0, 45.0)


def test_bot_uses_only_the_view():
    """The bot decides from ``DungeonView``; its choice is one of the legal actions."""
    s = new_game(dungeon_scenario(SR), party(3), 2)
    for _ in range(30):
        a = DungeonBot(2).choose(s)
        assert a in View(s, s.pending.seat).legal() or a in View(s, s.pending.seat).legal()
        apply(s, a)


def _copy_pack(tmp_path: Path) -> Path:
    root = tmp_path / "dungeon"
    (root / "scenarios").mkdir(parents=True)
    for f in ("heroes.yaml", "enemies.yaml", "items.yaml"):
        (root / f).write_text((DATA / f).read_text(encoding="utf-8"), encoding="utf-8")
    (root / "scenarios" / "sr.yaml").write_text((DATA / "scenarios" / "sunken_reliquary.yaml").read_text(encoding="utf-8"),
                                                encoding="utf-8")
    return root


def test_content_reader_names_file_line_and_entry(tmp_path):
    """Bad dungeon content gets a ContentError naming the file, the line and the card."""
    root = _copy_pack(tmp_path)
    assert set(load_dungeon_pack(root).scenarios) == {SR}
    heroes = root / "heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("speed: 4, might: 0, agility: 2, lore: 0, life: 8",
                                                                 "speed: 4, might: 0, agility: 2, lore: 0, life: 80"),
                      encoding="utf-8")
    with pytest.raises(ContentError) as ex:
        load_dungeon_pack(root)
    msg = str(ex.value)
    assert "heroes.yaml" in msg and "sela" in msg and "line 13" in msg and "life" in msg
    scn = root / "scenarios" / "sr.yaml"
    drawn = ('  C1:\n    name: Drowned Gallery\n    rows: ["      x", "  . . . # .", "  . ~ ? ~ .", "  . ~ E ~ . x",'
             ' "  . ~ ~ ~ .", "  # . . . #", "      ^"]\n')  # a card drawn in the file (16.7's legend), one bad cell
    scn.write_text((DATA / "scenarios" / "sunken_reliquary.yaml").read_text(encoding="utf-8")
                   .replace("  C1: sunken_reliquary/C1.tmx\n", drawn, 1), encoding="utf-8")
    with pytest.raises(ContentError) as ex:
        read_scenario(scn)
    assert "sr.yaml" in str(ex.value) and "card 'C1'" in str(ex.value) and "row y=1 column x=2" in str(ex.value)
    scn.write_text((DATA / "scenarios" / "sunken_reliquary.yaml").read_text(encoding="utf-8")
                   .replace("sequence: [C1, C2, C3]", "sequence: [C1, C9, C3]"), encoding="utf-8")
    with pytest.raises(ContentError, match="C9"):
        read_scenario(scn)


def test_D_SETUP_11_all_nine_enemy_cards_and_the_die_faces():
    """D-SETUP-10, D-SETUP-11, 16.5/16.6: nine enemy cards laid out always in play; each colour's six faces name
    one of them; the pool is 4 green, 3 blue, 2 red (D-ENEMY-8); average treasure per colour."""
    p = dungeon_scenario(SR).pack
    assert len(p.enemies) == 9 and p.pool == {"green": 4, "blue": 3, "red": 2}
    means = {c: sum(f.pips for f in p.dice[c]) / 6 for c in ("green", "blue", "red")}
    assert [round(means[c], 2) for c in ("green", "blue", "red")] == [1.5, 2.83, 4.17]
    assert all(p.enemies[f.type].colour == c for c, faces in p.dice.items() for f in faces)


def test_random_legal_play_keeps_every_invariant():
    """Random legal actions (every seat, every window) never raise, never leave the game stuck,
    and keep the dungeon's invariants (D-COMP-8 trackers, D-MOVE-5 one figure a square, D-END-2
    the dead off the map) and its replay (D-COMP-10)."""
    import random

    from game.engine.api import legal_actions
    scn = dungeon_scenario(SR)
    for seed in range(6):
        rnd = random.Random(seed)
        heroes = party(1 + seed % 4)
        s = new_game(scn, heroes, seed)
        for _ in range(250):
            if s.result is not None:
                break
            seats = list(s.pending.seats) if hasattr(s.pending, "seats") else [s.pending.seat]
            seat = rnd.choice(seats)
            opts = legal_actions(s, seat) if seat != s.pending.seat else legal_actions(s)
            if not opts:
                seat, opts = s.pending.seat, legal_actions(s)
            ev = apply(s, rnd.choice(opts), seat)
            assert not ev or ev[0].kind != "impossible", ev[0].msg
            assert check_state(s) == [], check_state(s)
        assert replay(scn, heroes, seed, s.record).same_as(s)


def test_D_EXPLORE_5_every_shipped_dungeon_reaches_its_objective_in_every_order():
    """D-EXPLORE-4, D-EXPLORE-5, D-EXPLORE-6: for every shipped dungeon, every order in which the
    heroes may explore places the objective's card with its square reachable from the start
    (the Sunken Reliquary: 24 orders, as its review log counted)."""
    from game.content.dungeon_pack import dungeon_pack
    from game.engine.dungeon.delve import exploration_orders
    p = dungeon_pack()
    assert len(p.scenarios) >= 3
    counts = {sid: exploration_orders(d) for sid, d in p.scenarios.items()}
    assert counts[SR] == (24, 24)
    assert all(good == total > 0 for good, total in counts.values()), counts
    diffs = sorted(d.difficulty for d in p.scenarios.values())
    assert set(diffs) >= {1, 2, 3, 4}  # rising difficulty


def test_random_delve_is_seeded_and_reaches_its_objective():
    """A random delve: the same seed gives the same dungeon; its length and difficulty are as
    asked (more dice and fewer rounds when harder); every exploration order reaches the
    objective; the bot plays it through the public API."""
    from game.content.dungeon_pack import dungeon_pack
    from game.engine.dungeon.delve import exploration_orders, random_delve
    from game.engine.dungeon.rules import DungeonScenario
    p = dungeon_pack()
    a, b = random_delve(p, 3, 4, 2), random_delve(p, 3, 4, 2)
    assert a == b and len(a.sequence) == 4
    assert random_delve(p, 4, 4, 2) != a
    easy, hard = random_delve(p, 5, 3, 1), random_delve(p, 5, 3, 3)
    dice = lambda d: sum(len(v) for v in d.encounters.values())  # noqa: E731
    assert dice(easy) < dice(hard) and easy.round_limit > hard.round_limit
    good, total = exploration_orders(a)
    assert good == total > 0
    s = play(DungeonScenario(p, a), party(2), 3)
    assert s.result is not None and len(s.dungeon.cards) >= 2
    with pytest.raises(ValueError, match="2 to 6"):
        random_delve(p, 1, 9, 2)
