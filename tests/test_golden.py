"""Golden playthroughs (R-DOC-4): seeded bot games replay line for line.

After an intended rules change, regenerate with ``python -m tools.golden`` and review the diff.
"""
import difflib

import pytest

from tools.golden import CASES, path_for, playthrough


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}p-seed{c[2]}")
def test_R_DOC_4_golden_playthrough_replays_identically(case):
    want = path_for(*case).read_text().splitlines()
    got = playthrough(*case).splitlines()
    diff = list(difflib.unified_diff(want, got, "golden", "now", lineterm="", n=2))
    assert not diff, "\n".join(diff[:40])


def test_R_BOSS_12_recorded_boss_fight_replays_to_the_same_final_state():
    """A recorded boss fight (seed + actions) replays to an identical final state."""
    from game.__main__ import default_party
    from game.ai.bot import Bot
    from game.content.loader import load_scenario
    from game.engine import apply, new_game, replay

    scn = load_scenario("practice-stalker")
    party = default_party(2)
    s = new_game(scn, party, 21)
    bot = Bot(21)
    while not s.over:
        apply(s, bot.choose(s))
    assert any(c.startswith("BH:") for c in s.piles["behaviour_discard"] + s.piles["behaviour"])
    again = replay(scn, party, 21, s.record)
    assert again.same_as(s) and again.result == s.result
