"""Issue 24 item 2, must show: the toy mode (tests/rulesets/delve.py) plays in the window through its
own kit (tests/rulesets/delve_kit.py), with no edit to a shared UI file: its strip in the side panel,
its bid dialog opened for its own decision kind, its bot playing a seat handed to it. Screenshots of
the toy's screens are written to the test's folder (looked at when written)."""
from __future__ import annotations

import pygame
import pytest

from game.engine import new_game
from game.engine.query import View
from game.ui.kit import ModeKit
from game.ui.modes import kit_for
from tests.rulesets import delve_kit
from tests.rulesets.delve import BID, delve_scenario
from tests.test_toy_delve import PARTY, random_play
from tests.ui_kit import play_app, settle, shown_text


def _at(kind: str, seed: int = 0):
    s = new_game(delve_scenario(), PARTY, seed)
    random_play(s, seed, until=lambda s: s.pending.kind == kind)
    return s


def test_the_toy_kit_is_asked_only_while_registered_and_only_for_its_own_games():
    s = new_game(delve_scenario(), PARTY, 0)
    assert type(kit_for(s)) is ModeKit  # unregistered: the shared (city's) answers
    with delve_kit.registered() as kit:
        assert kit_for(s) is kit and View.of(s).rules == "delve"
    assert type(kit_for(s)) is ModeKit


def test_the_toy_plays_in_the_window_through_its_kit_strip_and_bid_dialog(tmp_path):
    """TOY-5's secret bid opens the kit's own dialog (a decision kind the shared screen has no dialog
    for); a click on an amount answers it; the strip shows every delver's points and flares."""
    s = _at(BID, seed=0)
    with delve_kit.registered():
        app, play = play_app(tmp_path, s, PARTY)
        settle(app)
        assert isinstance(app.top, delve_kit.BidDialog), type(app.top).__name__
        app.step([])
        pygame.image.save(app.screen, str(tmp_path / "delve_kit_bid.png"))
        text = " | ".join(shown_text(app))
        assert "DELVE · points and flares" in text  # the kit's strip in the side panel
        for i, c in enumerate(View.of(s).characters):
            name = s.scenario.content.characters[c.cid].name
            assert f"{name}: {s.delve.points[i]} point" in text
        assert "your secret bid (TOY-5)" in text
        z = app.top.zones.find("bid")
        before = len(s.record)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)])
        assert len(play.state.record) == before + 1 and play.state.record[-1]["secret"] is True
        settle(app)
        assert not isinstance(app.top, delve_kit.BidDialog) or app.top.seat != 0


def test_a_seat_handed_to_the_bot_is_played_by_the_toys_own_bot(tmp_path):
    s = _at("step", seed=3)
    with delve_kit.registered():
        app, play = play_app(tmp_path, s, PARTY, controllers=["bot"] * len(PARTY))
        assert isinstance(play.bot, delve_kit.DelveBot)
        app.step([], 0.1)
        assert "DELVE · points and flares" in " | ".join(shown_text(app))
        pygame.image.save(app.screen, str(tmp_path / "delve_kit_bot.png"))
        for _ in range(200):  # the toy's bot answers every seat's steps, flares and bids (TOY-1..5)
            app.step([], 0.1)
        assert View.of(play.state).over  # to the end of the last round (TOY-6)
        assert "wins with" in View.of(play.state).result_reason or "a tie" in View.of(play.state).result_reason


def test_the_toy_kit_chooses_its_side_panel_parts_some_or_none(tmp_path):
    """Issue 24: a kit leaves out the shared side panel's parts it has no use for. Delve shows only the
    acting delver's profile and its own strip (no health track, inventory, action buttons, dice rows
    or tension card); a kit showing none gives its strip the whole panel."""
    s = _at("step", seed=3)
    shared = " | ".join(shown_text(play_app(tmp_path / "plain", s, PARTY)[0]))
    assert "HEALTH" in shared and "INVENTORY" in shared  # unregistered: the shared (city's) side panel
    with delve_kit.registered():
        app, play = play_app(tmp_path, s, PARTY)
        app.step([], 0.1)
        pygame.image.save(app.screen, str(tmp_path / "delve_kit_panels.png"))
        text = " | ".join(shown_text(app))
        assert "DELVE · points and flares" in text
        assert "HEALTH" not in text and "INVENTORY" not in text and "End phase" not in text
        name = s.scenario.content.characters[View.of(s).characters[View.of(s).active_seat].cid].name
        assert name in text  # the profile is kept
    strip_tops = {}
    for parts in (("profile",), ()):
        kit = delve_kit.DelveKit()
        kit.side_parts = parts
        from game.ui.modes import forget_kit, register_kit
        register_kit(kit)
        try:
            app, play = play_app(tmp_path / f"p{len(parts)}", s, PARTY)
            app.step([], 0.1)
            pygame.image.save(app.screen, str(tmp_path / f"delve_kit_panels_{len(parts)}.png"))
            text = " | ".join(shown_text(app))
            assert "DELVE · points and flares" in text and "HEALTH" not in text
            strip_tops[parts] = play.view.side_strip_rect.top
        finally:
            forget_kit(kit)
    assert strip_tops[()] < strip_tops[("profile",)]  # with no shared part the strip starts at the top


def test_the_toy_results_screen_speaks_the_kit_s_words(tmp_path):
    """Issue 24: the results screen's words and figures come from the mode's kit: Delve's delvers,
    points and flares, not the city's survivors, damage, enemies killed or tension cards."""
    from game.ui.scenes.game_over import Results
    from game.ui.scene import Reset

    s = new_game(delve_scenario(), PARTY, 3)
    random_play(s, 3, until=lambda s: View.of(s).over)
    with delve_kit.registered():
        app, play = play_app(tmp_path, s, PARTY)
        app.apply(Reset(Results(s, PARTY)))
        app.step([])
        pygame.image.save(app.screen, str(tmp_path / "delve_kit_results.png"))
        texts = app.top.texts
    joined = " | ".join(texts)
    assert "DELVE OVER" in texts and "Delver" in texts and "Points" in texts and "Flares left" in texts
    assert any(t.startswith("Delve  ·  ") and View.of(s).result_reason in t for t in texts)
    for i, c in enumerate(View.of(s).characters):
        assert str(s.delve.points[i]) in texts
    for city in ("Survivor", "Damage taken", "Kills", "Enemies killed", "Tension cards drawn", "Who saved whom",
                 "tension cards drawn"):
        assert city not in joined, city
    app.apply(Reset(Results(s, PARTY)))  # unregistered: the shared (city's) words
    app.step([])
    assert "Survivor" in app.top.texts and "Enemies killed" in app.top.texts
