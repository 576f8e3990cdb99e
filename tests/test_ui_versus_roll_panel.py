"""The versus last-roll panel (issue 27 item 3, V-CC-10..15, V-DESTROY-7): every die and every
figure of the roll (automatic hits, armour, criticals, attack and defence totals) stays inside the
panel, in English and Japanese, even with the most dice a roll can have."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game import i18n
from game.engine.actions import Event
from game.engine.versus import new_versus
from game.engine.versus.view import VsView
from game.ui import theme as T
from game.ui.versus.panels import draw_roll


def _drawn_rects(ev, lang):
    """The rects of every text and every die ``draw_roll`` draws for ``ev`` in a 424x106 panel."""
    from game.ui.versus import art

    i18n.set_language(lang)
    state = new_versus("sanctuary", None, 3)
    sc = SimpleNamespace(events=[ev], viewer=None)
    surf = pygame.Surface((1280, 720))
    r = pygame.Rect(848, 606, 424, 106)
    rects = []
    real_text, real_die = T.text, art.die_face

    def spy_text(s, text, *a, **k):
        rr = real_text(s, text, *a, **k)
        rects.append((text, rr))
        return rr

    def spy_die(s, face, rect, *a, **k):
        rects.append((f"die {face}", pygame.Rect(rect)))
        return real_die(s, face, rect, *a, **k)

    T.text, art.die_face = spy_text, spy_die
    try:
        draw_roll(sc, surf, VsView(state, None), r)
    finally:
        T.text, art.die_face = real_text, real_die
        i18n.set_language("en")
    return r, rects


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_big_close_combat_roll_stays_inside_the_last_roll_panel(lang):
    """V-CC-10..15: seven attack dice with automatic hits and a critical against six defence dice
    with armour and a critical: every die and the '+auto · armour · critical · defence' line fit."""
    ev = Event("combat", "V-CC-2", data=dict(
        cid="grist", target="lucinda", cp=3, arcs=["front", "front"], colours=["DB", "DB"],
        attacker_roll=[1, 6, 5, 4, 3, 2, 6], defender_roll=[1, 6, 5, 4, 3, 2], auto=2, attack=12,
        defence=11, wounds=1, crits=[1, 1], dead=[False, False]),
        msg="versus.combat", params={"cid": "grist", "target": "lucinda", "attack": 12, "defence": 11, "wounds": 1})
    r, rects = _drawn_rects(ev, lang)
    assert sum(1 for t, _ in rects if t.startswith("die ")) == 13  # every die is drawn
    for text, rr in rects:
        assert r.contains(rr), f"{text!r} at {rr} runs out of the panel {r} ({lang})"
        assert not text.endswith("…"), f"{text!r} is cut short ({lang})"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_big_destruction_roll_stays_inside_the_last_roll_panel(lang):
    """V-DESTROY-7: a dozen dice against a wall's defence, with the total and 'destroyed', fit."""
    ev = Event("destroy", "V-DESTROY-7", data=dict(
        cid="grist", roll=[6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1], total=14, defence=10, destroyed=True),
        msg="versus.destroy_fail", params={"cid": "grist"})
    r, rects = _drawn_rects(ev, lang)
    assert sum(1 for t, _ in rects if t.startswith("die ")) == 12
    for text, rr in rects:
        assert r.contains(rr), f"{text!r} at {rr} runs out of the panel {r} ({lang})"
        assert not text.endswith("…"), f"{text!r} is cut short ({lang})"
