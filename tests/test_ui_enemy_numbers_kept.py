"""Issue 25, the session-36 retest's m3: after Esc > Save and Continue, the enemy models were
numbered again from 1 (Zombie 3 on Vera's square came back as Zombie 1) and the log's lines about
models already dead lost their numbers. A loaded game now numbers its models as they came, along
its replayed record, as the live game did after every step (game.ui.numbers)."""
from __future__ import annotations

import pytest

from game.ai.bot import Bot
from game.content.loader import load_scenario
from game.engine import apply, new_game
from game.engine.query import View
from game.ui.numbers import EnemyNumbers
from tests.ui_kit import play_app

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py

PARTY = [("vera", 1), ("mateo", 2)]


def played_until_a_zombie_died(seed: int = 5):
    """Two bots on UT1 until at least one zombie has been killed and two others stand on the
    board; (state, the numbers a live play screen gave, observing after every step)."""
    s = new_game(load_scenario("ut1"), PARTY, seed)
    bot, live = Bot(seed), EnemyNumbers()
    live.observe(View.of(s).enemies)
    while not s.over:
        apply(s, bot.choose(s))
        live.observe(View.of(s).enemies)
        zombies = [e for e in View.of(s).enemies if e.type == "zombie"]
        if len(zombies) >= 2 and len([u for u, (t, _n) in live._of.items() if t == "zombie"]) > len(zombies) \
                and View.of(s).pending.kind == "act":
            return s, live
    raise AssertionError("no such game")


def test_a_continued_game_keeps_each_models_number(tmp_path):
    s, live = played_until_a_zombie_died()
    on_board = {e.uid for e in View.of(s).enemies}
    expected = {u: n for u, n in live.shown.items() if u in on_board}
    assert sorted(expected.values()) != list(range(1, len(expected) + 1)), \
        "a model that died before changes the numbers of the ones left (else this test shows nothing)"
    _app, play = play_app(tmp_path, s, PARTY)  # a state with a record and no events: a loaded game
    got = {u: n for u, n in play.ui.numbers.shown.items() if u in on_board}
    assert got == expected
