"""Issue 12, Japanese engine lines, as issue 23 left them: every engine line and prompt of bot-played
games of every city and manor scenario carries a message id and typed parameters, and none renders
with English left in Japanese. (The pattern table of game/ui/sentences.py that once matched the
engine's English, with its catch-all "{char}: {action}. {text}", is gone.)"""
from __future__ import annotations

import glob
import os
import re

import pytest

from game import i18n

pytestmark = pytest.mark.skipif(i18n.japanese_font() is None, reason=i18n.FONT_HINT)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CITY = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(ROOT, "scenarios", "*.yaml")))
MANOR = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(ROOT, "scenarios", "manor", "*.yaml")))
ENGLISH = re.compile(r"[A-Za-z][A-Za-z'’-]{2,}")
RULE_ID = re.compile(r"\b(?:R|DV|AMB|M|MDV|MAMB)-[A-Z0-9.-]+")
SEEDS = (1, 2, 3)  # three games per scenario: the rarer prompts (no room to spawn, charge, fire) come up


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")


def problems_in_game(scn, party, seed: int, sid: str) -> tuple[list[str], int]:
    """Engine lines and prompts of one bot game that carry no message id (issue 23: the pattern table
    that translated English sentences is gone) or render with English left in Japanese:
    (problems, lines checked)."""
    from game.ai.bot import Bot
    from game.engine import apply, new_game_events
    from game.engine import is_message_id
    from game.ui.words import words

    def said(kind: str, text: str) -> None:
        if ENGLISH.search(RULE_ID.sub("", text)):
            out.append(f"{sid} {kind}: half English: {text!r}")

    out: list[str] = []
    n = 0
    s, events = new_game_events(scn, party, seed)
    bot = Bot(seed)
    for _ in range(4000):
        for e in events:
            if e.text:
                n += 1
                if e.msg:  # issue 23: a message id, rendered through the catalogues
                    said(e.kind, words(e))
                else:
                    out.append(f"{sid} {e.kind}: no message id: {e.text!r}")
        if s.over:
            break
        if s.pending.prompt:
            n += 1
            if is_message_id(s.pending.prompt):
                said(f"prompt {s.pending.kind}", words(s.pending))
            else:
                out.append(f"{sid} prompt {s.pending.kind}: no message id: {s.pending.prompt!r}")
        events = apply(s, bot.choose(s))
    return out, n


def test_issue12_no_city_engine_line_falls_to_the_catch_all():
    """Every city scenario (the Introduction, Outskirts, the practice boss fights and the 14 campaign
    scenarios, standalone), 2 survivors, played by the bot in Japanese."""
    from game.__main__ import default_party
    from game.content.loader import load_scenario

    i18n.set_language("ja")
    problems, lines = [], 0
    for sid in CITY:
        for seed in SEEDS:
            got, n = problems_in_game(load_scenario(sid), default_party(2), seed, sid)
            problems += got
            lines += n
    assert len(CITY) >= 18 and lines > 2000
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_issue12_no_manor_engine_line_falls_to_the_catch_all():
    """Every manor scenario (the Grand Hall and the 12 map cards, standalone), 2 characters, played by
    the bot in Japanese: encounter cards, corpse checks, scenario events, missions, kerosene, bosses."""
    from game.content.mansion_pack import MANSION_PARTY, load_standalone_scenario

    i18n.set_language("ja")
    problems, lines = [], 0
    party = [(c, i + 1) for i, c in enumerate(MANSION_PARTY[:2])]
    for sid in MANOR:
        scn = load_standalone_scenario(sid)
        assert scn is not None, sid
        for seed in SEEDS:
            got, n = problems_in_game(scn, party, seed, sid)
            problems += got
            lines += n
    assert len(MANOR) >= 13 and lines > 1000
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_issue23_the_sentence_pattern_table_is_gone():
    """Issue 23 (must show): game/ui/sentences.py, the table of regular expressions over the engine's
    English, is gone; nothing in game/ imports it."""
    assert not os.path.exists(os.path.join(ROOT, "game", "ui", "sentences.py"))
    for path in glob.glob(os.path.join(ROOT, "game", "**", "*.py"), recursive=True):
        with open(path, encoding="utf-8") as fh:
            assert ".sentences import" not in fh.read(), path
