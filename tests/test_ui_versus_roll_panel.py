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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_defender_without_dice_shows_where_its_defence_comes_from(lang):
    """V-CC-13/19: a wounded Mara Quell rolls no dice in her front arc and defends with one
    automatic hit: the row says 'no dice' and '+1 auto' beside 'defence 1', so the total is read."""
    ev = Event("combat", "V-CC-2", data=dict(
        cid="shambler1", target="mara", cp=1, arcs=["front", "front"], colours=["DB", "DB"],
        attacker_roll=[3, 5, 1, 5], defender_roll=[], auto=1, auto_def=1, attack=5,
        defence=1, wounds=4, crits=[1, 0], dead=[False, False]),
        msg="versus.combat", params={"cid": "shambler1", "target": "mara", "attack": 5, "defence": 1, "wounds": 4})
    i18n.set_language(lang)
    want = [i18n._f("+{n} auto", n=1), i18n._("no dice"), i18n._f("defence {a}", a=1)]
    i18n.set_language("en")
    r, rects = _drawn_rects(ev, lang)
    row = [t for t, _ in rects if i18n_has_all(t, want)]
    assert row, [t for t, _ in rects]


def i18n_has_all(text: str, parts: list[str]) -> bool:
    return all(p in text for p in parts)


def test_the_combat_event_carries_the_defenders_automatic_hits():
    """V-CC-13/19: the event of a close combat gives the defender's automatic hits (``auto_def``,
    read after a flip) so the roll panel can show every part of the defence. Lucinda Morrow strikes
    Mara Quell, who rolls no dice in her front arc: her whole defence is her automatic hits (armour 0)."""
    from tests.versus_kit import act, activate, deployed, layout

    for seed in (1, 2, 3):
        s = layout(deployed(seed=seed), {"lucinda": ((5, 5), "N"), "mara": ((5, 4), "S")})
        activate(s, "lucinda", "OT-2")
        c = next(e for e in act(s, "vs_strike", cp=1, target="fig:mara") if e.kind == "combat")
        assert c.data["defender_roll"] == []
        if not c.data["dead"][1]:
            assert c.data["auto_def"] == c.data["defence"] > 0, c.data


def test_the_combat_sentence_reads_right_for_one_wound():
    """V-CC-14: one wound is not worded '1 wounds' (the log's and the roll panel's title line)."""
    from game.engine.versus.rules import _refs
    from game.ui.words import words

    ev = Event("combat", "V-CC-2", msg="versus.combat",
               params=_refs({"cid": "grist", "target": "lucinda", "attack": 3, "defence": 2, "wounds": 1}))
    text = words(ev)
    assert "Grist" in text and "Lucinda Morrow" in text and "1 wounds" not in text, text
