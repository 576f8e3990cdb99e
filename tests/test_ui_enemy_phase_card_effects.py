"""Issue 25, the session-36 retest's M1: the tension card held face up said "What it did: nothing
else happened" while the card then made an enemy lunge and attack (R-TENSION-1, LUNGE), and the
dice panel already showed that lunge's evade roll (R-EVADE-1) before its beat was played back.
Now the card says an enemy is set going and to watch the next step, then lists what it did as the
beats play, and each dice row waits for its own beat."""
from __future__ import annotations

import pytest

from game.engine import Action
from tests.kit import board, game, with_enemy
from tests.ui_kit import play_app, shown_text

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py

MAP = board("AAAA", "AAAA", "BBBB", doors=[((0, 1), (0, 2))], start={1: (0, 0), 2: (3, 0)})


def lunging(tmp_path):
    """One survivor, one zombie next to her (it walks in during the reaction phase); every tension
    card is Lunge from the Dark (the zombie then attacks: an evade roll)."""
    s = game(MAP, intro=False, party=(("mateo", 1),), tension=["lunge_from_the_dark"] * 6, tension_reshuffle=True)
    with_enemy(s, "zombie", (1, 0))
    app, play = play_app(tmp_path, s, (("mateo", 1),))
    play.do(Action(kind="end_phase"))
    return app, play


def _evades(play):
    rows, _fresh = play.ui.rolls_shown()
    return [r for r in rows if r.kind == "evade"]


def test_the_card_says_what_it_sets_going_and_its_roll_waits_for_its_beat(tmp_path):
    """R-TENSION-1 / R-EVADE-1: the card's lunge is announced on the card and its evade roll is not
    in the dice panel until the lunge is played back; then the card lists it."""
    app, play = lunging(tmp_path)
    beats = play.ui.phase.beats
    card = next(i for i, b in enumerate(beats) if b.kind == "card")
    assert [b.kind for b in beats] == ["enemy", "card", "enemy"], "move in; the card; the lunge and its attack"
    assert any(e.kind == "evade" for e in beats[card + 1].events), "the lunge's evade roll is in the lunge's beat"
    assert any(r.kind == "evade" for r in play.ui.rolls), "the lunge rolled an evade"
    for _ in range(400):
        if play.ui.anim.beat_now() == card:
            break
        app.step([], 0.05)
    assert play.ui.anim.beat_now() == card
    text = " ".join(shown_text(app))
    assert "TENSION CARD" in text and "Lunge from the Dark" in text
    assert "nothing else happened" not in text, text
    assert "watch the next step" in text, text
    assert _evades(play) == [], "the lunge's evade roll waits for its beat"
    for _ in range(400):
        if play.ui.anim.beat_now() != card:
            break
        app.step([], 0.05)
    assert play.ui.anim.beat_now() == card + 1
    app.step([], 0.05)
    text = " ".join(shown_text(app))
    assert len(_evades(play)) == 1
    assert "watch the next step" not in text and "nothing else happened" not in text, text
