"""Issue 24 item 2: :func:`game.ai.modes.bot_for` gives each rule set its own bot, and a rule set
registers one without editing the table (:func:`register_bot`)."""
from __future__ import annotations

import pytest

from game.ai import modes
from game.ai.bot import Bot
from game.ai.dungeon_bot import DungeonBot, party
from game.content.dungeon_pack import dungeon_scenario
from game.engine.api import apply, new_game
from game.engine.query import View
from tests.dungeon_kit import SR


def test_bot_for_plays_a_dungeon_game_with_the_dungeon_bot():
    """The dungeon's bot, asked through bot_for, plays legal actions only (the city's Bot would not
    know the dungeon's decisions)."""
    s = new_game(dungeon_scenario(SR), party(2), 4)
    bot = modes.bot_for(s, 4)
    assert isinstance(bot, DungeonBot)
    for _ in range(60):
        if View(s).result is not None:
            break
        ev = apply(s, bot.choose(s))
        assert not (ev and ev[0].kind == "impossible"), ev[0].msg
    assert View(s).step >= 60 or View(s).result is not None


def test_a_rule_set_registers_its_bot_and_an_unknown_one_gets_the_city_s(monkeypatch):
    monkeypatch.setattr(modes, "BOTS", dict(modes.BOTS))
    s = new_game(dungeon_scenario(SR), party(2), 4)

    class Mine:
        def __init__(self, seed):
            self.seed = seed

    assert modes.register_bot("dungeon", Mine) is Mine
    got = modes.bot_for(View.of(s), 9)
    assert isinstance(got, Mine) and got.seed == 9
    monkeypatch.setattr(modes, "BOTS", {})
    assert type(modes.bot_for(s, 1)) is Bot
    with pytest.raises(ValueError, match="empty"):
        modes.register_bot("", Mine)
