"""Issue 12 deliverable 3, "rule IDs are hidden from players by default and shown by a setting", for
every manor screen and the card headings: with "Show rule IDs" off no text drawn on the manor's
screens (campaign choice, manor menu, manor map, switching, the play screen with its strip and an
encounter card, a mission, a scenario event card, the end phase, a manor boss fight, the square
tooltips of the manor's tokens) nor the tension peek's heading carries a rule ID; with it on, the
card headings show theirs."""
from __future__ import annotations

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_kit import shown_text as shown_on  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py

RULE_ID = re.compile(r"\b(?:R|DV|AMB|M|MDV|MAMB)-[A-Z0-9]+")


def hover_lines(app, pos) -> list[str]:
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step([move], 0.05)
    app.step([], 1.0)  # the tooltip waits for the pointer to rest
    return shown_on(app)


def peek_app(tmp_path):
    from tests.conftest import play_app
    from tests.test_ui_narrative_boss import enter_token, key, peek_game
    from game.ui.scenes.peek import PeekDialog

    s, _ids = peek_game()
    app, play = play_app(tmp_path, s)
    enter_token(app, play)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, PeekDialog)
    return app


def manor_boss_app(tmp_path):
    from game.content.mansion_pack import MANSION_PARTY, load_standalone_scenario
    from game.engine import new_game
    from tests.conftest import play_app

    party = [(c, i + 1) for i, c in enumerate(MANSION_PARTY[:2])]
    s = new_game(load_standalone_scenario("m_lab4"), party, 3)
    app, _play = play_app(tmp_path, s, party=party)
    return app


def event_card_app(tmp_path):
    from game.ui.narrative import NarrativeDialog
    from tests.test_ui_manor import _mission_game, walk_onto

    app, play, tok = _mission_game(tmp_path, kind="narrative")
    walk_onto(app, play, tok, lambda: isinstance(app.top, NarrativeDialog))
    assert isinstance(app.top, NarrativeDialog)
    return app


def test_issue12_manor_screens_and_card_headings_hide_rule_ids_unless_the_setting_shows_them(tmp_path):
    from tests.test_ui_manor import _mission_game, manor_screens

    found: list[str] = []
    names = []
    for name, app in manor_screens(tmp_path):
        names.append(name)
        assert not app.settings.get("show_rule_ids")
        found += [f"{name}: {s!r}" for s in shown_on(app) if RULE_ID.search(s)]
    for name, make in (("tension peek", peek_app), ("manor boss", manor_boss_app),
                       ("scenario event card", event_card_app)):
        d = tmp_path / name.replace(" ", "_")
        d.mkdir()
        app = make(d)
        names.append(name)
        found += [f"{name}: {s!r}" for s in shown_on(app) if RULE_ID.search(s)]
    # the square tooltips of the manor's tokens (mission, event card, corpse, unexplored tile)
    d = tmp_path / "tips"
    d.mkdir()
    app, play, tok = _mission_game(d)
    gs = play.state
    squares = [tok] + [tuple(t.pos) for t in gs.tokens if t.kind in ("narrative", "corpse")]
    squares += [sorted(t.squares)[0] for t in gs.scenario.board.tiles.values() if t.unexplored][:2]
    for sq in squares:
        lines = hover_lines(app, play.view.layout.square_rect(sq).center)
        found += [f"tooltip {sq}: {s!r}" for s in lines if RULE_ID.search(s)]
    # the encounter card in the dice panel (its tag says M-ENC-2 when it was drawn for exploring)
    app.stack = [play]
    play.mode_hud.card = {"card": next(iter(gs.scenario.content.encounter)), "purpose": "explore",
                       "tile": next(iter(gs.scenario.board.tiles))}
    play.mode_hud.card_t = 0.0
    lines = shown_on(app)
    assert "ENCOUNTER CARD" in lines
    found += [f"encounter card: {s!r}" for s in lines if RULE_ID.search(s)]
    assert len(names) == 11, names
    assert not found, "\n".join(found)


def test_issue12_the_peek_heading_shows_its_rule_id_with_the_setting_on(tmp_path):
    """The other side: "Show rule IDs" on, the peek dialog's heading says R-TENSION-12 (the setting
    governs the tag, it is not simply gone)."""
    app = peek_app(tmp_path)
    app.set_setting("show_rule_ids", True)
    try:
        assert "R-TENSION-12" in shown_on(app)
    finally:
        app.set_setting("show_rule_ids", False)


def test_issue12_japanese_rule_id_lists_leave_no_empty_brackets():
    """Rule IDs listed with the Japanese comma ("(R-BOSS-11、R-BOSS-12)", the boss deck's text) are
    hidden with their brackets: no "(、)" is left on the behaviour deck panel."""
    from game import i18n
    from game.ui import ruleids

    en = ("When the active survivor is on its tile in the tension phase, a behaviour card is drawn instead of a "
          "tension card and resolved line by line.")
    ja = i18n.catalogue("ja")[en]
    assert "R-" not in ja and "（" not in ja and "(" not in ja  # the sentence holds no ID, so no bracket to leave
    assert ruleids.tagged(ja, "R-BOSS-11, R-BOSS-12", False, "()") == ja
    assert not hasattr(ruleids, "player_text")  # issue 23: no pattern strips IDs out of words any more
