"""Bot names for tools (issue 28 item 5: ``search:SECONDS`` and ``search@N`` for either side) and
the headless match runner the simulator uses, on the Raid toy."""
from __future__ import annotations

import pytest

from game.ai.search import SearchBot
from game.ai.search.match import GreedyPlayer, RandomPlayer, make_player, play_match
from game.ai.search.spec import BotSpec, parse_bot_spec
from game.engine import new_game
from tests.rulesets.raid import raid_scenario


@pytest.mark.parametrize("text,want", [
    ("random", BotSpec("random")), ("greedy", BotSpec("greedy")), ("search", BotSpec("search", seconds=2.0)),
    ("search:0.5", BotSpec("search", seconds=0.5)), ("search:5", BotSpec("search", seconds=5.0)),
    ("search:hard", BotSpec("search", seconds=5.0)), ("search@500", BotSpec("search", iterations=500)),
    (" Search@7 ", BotSpec("search", iterations=7))])
def test_bot_names_parse(text, want):
    assert parse_bot_spec(text) == want
    assert parse_bot_spec(str(want)) == want


@pytest.mark.parametrize("text", ["search:0", "search:-1", "search:x", "search@0", "search@1.5", "search@", "mcts", ""])
def test_a_bad_bot_name_is_refused_naming_it_and_the_forms_allowed(text):
    with pytest.raises(ValueError) as e:
        parse_bot_spec(text)
    assert repr(text) in str(e.value) and "search@N" in str(e.value)


def test_players_from_names_and_a_match_with_decision_times():
    """``make_player`` gives a search bot its budget and seed; a match between ``search@20`` and
    ``random`` ends with an outcome per seat, and every decision is counted and timed."""
    bot = make_player("search@20", 7, "raid")
    assert isinstance(bot, SearchBot) and bot.params.iterations == 20 and bot.params.seed == 7
    assert isinstance(make_player("random", 1, "raid"), RandomPlayer)
    assert isinstance(make_player("greedy", 1, "raid"), GreedyPlayer)
    s = new_game(raid_scenario(), [], 3)
    res = play_match(s, {0: bot, 1: make_player("random", 1, "raid")})
    assert res.outcome is not None and sum(res.outcome) == 1.0
    assert res.steps == sum(res.decisions.values()) and all(res.decisions.values())
    assert 0 < res.longest[0] <= res.total[0]
