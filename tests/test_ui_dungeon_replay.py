"""Issue 26 item 4 ("saves and replays"): a finished dungeon game's record stepped through on the
board. The victory/defeat screen's "Watch the replay" opens it at the start; Right steps one action of the
record (the same events as in play), Left steps back (rebuilt from the start), End shows the last
position, which is the game that was played; nobody can act in a replay and it never saves."""
from __future__ import annotations

import json

import pygame

from game.ai.dungeon_bot import DungeonBot, party
from game.engine import apply
from game.ui.app import App
from game.ui.dungeon.end import DungeonEnd
from game.ui.dungeon.play import start_dungeon
from game.ui.dungeon.replay import DungeonReplay
from tests.ui_kit import SIZE, japanese_dir, post_click, press, shown_text


def _finished(app):
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "human"], seed=3)
    bot = DungeonBot(3, minors=True)
    while play.state.result is None:
        p = play.state.pending
        apply(play.state, bot.choose(play.state), None)
        assert p is not None
    return play


def test_the_end_screen_opens_a_replay_that_steps_through_the_record(tmp_path):
    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    play = _finished(app)
    end = DungeonEnd(play, lambda app: play)
    app.stack = [play, end]
    app.step([], 0.05)
    post_click(app, end.zones.find("end", "replay").rect.center)
    app.step([], 0.05)
    rp = app.top
    assert isinstance(rp, DungeonReplay) and rp.at == 0 and len(rp.record) == len(play.state.record) > 10
    assert rp.state.dungeon.round == 1 and rp.state.result is None
    text = " | ".join(shown_text(app))
    assert f"Replay: action 0 of {len(rp.record)}" in text and "Next:" in text
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert rp.at == 2 and len(rp.state.record) == 2
    two = json.dumps(rp.state.record)
    press(app, pygame.K_LEFT)
    assert rp.at == 1 and len(rp.state.record) == 1
    post_click(app, rp.zones.find("replay", "next").rect.center)
    assert rp.at == 2 and json.dumps(rp.state.record) == two  # the same step again, the same game
    press(app, pygame.K_END)
    assert rp.at == len(rp.record) and rp.state.result == play.state.result is not None
    assert rp.state.dungeon.round == play.state.dungeon.round and rp.state.same_as(play.state)
    assert [(h.life, h.treasure, h.pos) for h in rp.state.dungeon.heroes] == \
        [(h.life, h.treasure, h.pos) for h in play.state.dungeon.heroes]
    for _ in range(30):  # nothing plays by itself and no end screen is pushed over the replay
        app.step([], 0.2)
    assert app.top is rp and rp.at == len(rp.record)
    assert not (tmp_path / "dungeon_save.json").exists()  # a replay never saves
    press(app, pygame.K_ESCAPE)
    assert app.top is end


def test_the_replay_is_worded_in_japanese(tmp_path):
    app = App(pygame.Surface(SIZE), save_dir=japanese_dir(tmp_path))
    play = _finished(app)
    rp = DungeonReplay(app, play.state, play.party, [])
    app.stack = [rp]
    rp.enter(app)
    press(app, pygame.K_RIGHT)
    text = " | ".join(shown_text(app))
    assert "Replay" not in text and "Next" not in text
