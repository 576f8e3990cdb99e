"""The typed event contract: every event of whole bot games matches its declared payload."""
from __future__ import annotations

import pytest

from game.__main__ import default_party
from game.ai.bot import Bot
from game.content.loader import load_scenario
from game.engine import apply, new_game_events
from game.engine.events import PAYLOADS, EventKind, payload_problems


@pytest.mark.parametrize("sid,players,seed", [("intro", 2, 7), ("outskirts", 3, 5), ("practice-burrower", 2, 3),
                                               ("practice-stalker", 4, 4), ("CM1", 2, 1), ("PR2", 3, 2)])
def test_every_event_of_a_game_matches_its_declared_payload(sid, players, seed):
    if sid.isupper():  # a city campaign slot (its brief lives in the campaign pack)
        from game.content.campaign_pack import load_campaign_scenario, load_pack
        scn = load_campaign_scenario(load_pack(), sid)
    else:
        scn = load_scenario(sid)
    s, evs = new_game_events(scn, default_party(players), seed)
    bot = Bot(seed)
    while not s.over:
        evs += apply(s, bot.choose(s))
    problems = sorted({p for e in evs for p in payload_problems(e.kind, e.data)})
    assert problems == []


def test_every_event_kind_has_a_payload_and_a_wrong_one_is_caught():
    assert set(PAYLOADS) == set(EventKind)
    assert payload_problems("move", {"char": "vera", "frm": [0, 0]}) == ["move: missing key 'to'"]
    assert payload_problems("damage", {"char": "vera", "n": "2", "health": 3})
    assert payload_problems("nonsense", {}) == ["unknown event kind 'nonsense'"]
