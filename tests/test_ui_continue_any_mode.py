"""Issue 26 leftover: the main menu's Continue opens the newest saved game of any mode. The dungeon
keeps its own slot (``dungeon_save.json``, game/ui/dungeon/saving.py), which Continue used to ignore:
with only a dungeon saved the main menu offered no Continue at all. Now the newest save of every
slot is "Continue", and an older save of another mode is offered on a row naming its mode."""
from __future__ import annotations

import os

import pygame

from game.ai.dungeon_bot import party
from game.ui.app import App
from game.ui.dungeon.play import DungeonPlay, start_dungeon
from game.ui.play import PlayScene
from tests.ui_kit import SIZE, post_click, shown_text


def _app(tmp_path) -> App:
    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    app.step([], 0.1)
    return app


def _save_dungeon(tmp_path) -> None:
    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(2), ["human", "bot"], seed=3)
    assert play.save_now() == ""


def _save_city(tmp_path) -> None:
    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    play = app.start_game(app.default_party(2), ["human", "human"])
    app.save(play.state, play.party, play.controllers)


def _age(path, seconds: float) -> None:
    st = path.stat()
    os.utime(path, (st.st_atime - seconds, st.st_mtime - seconds))


def test_with_only_a_dungeon_saved_the_main_menu_continues_it(tmp_path):
    _save_dungeon(tmp_path)
    app = _app(tmp_path)
    rows = [key for _label, key, _on in app.top.entries(app)]
    assert "continue" in rows
    text = " | ".join(shown_text(app))
    assert "Continue: The Sunken Reliquary · round 1 · 2 heroes" in text
    post_click(app, app.top.zones.find("continue").rect.center)
    app.step([], 0.1)
    assert isinstance(app.top, DungeonPlay) and app.top.state.dungeon.scenario == "sunken_reliquary"


def test_continue_opens_the_newest_save_and_offers_the_older_one_by_its_mode(tmp_path):
    _save_city(tmp_path)
    _save_dungeon(tmp_path)
    _age(tmp_path / "save.json", 600)  # the city's game was saved ten minutes before the dungeon's
    app = _app(tmp_path)
    rows = [(label, key) for label, key, _on in app.top.entries(app)]
    assert ("Continue", "continue") in rows and ("Continue: the city", "continue:city") in rows
    assert "Continue: The Sunken Reliquary" in " | ".join(shown_text(app))
    post_click(app, app.top.zones.find("continue").rect.center)
    app.step([], 0.1)
    assert isinstance(app.top, DungeonPlay)
    # the other way round: the dungeon older, the city newest
    _age(tmp_path / "dungeon_save.json", 1200)
    app = _app(tmp_path)
    rows = [(label, key) for label, key, _on in app.top.entries(app)]
    assert ("Continue: Dungeon crawl", "continue:dungeon") in rows
    post_click(app, app.top.zones.find("continue:dungeon").rect.center)
    app.step([], 0.1)
    assert isinstance(app.top, DungeonPlay)
    app = _app(tmp_path)
    post_click(app, app.top.zones.find("continue").rect.center)
    app.step([], 0.1)
    assert isinstance(app.top, PlayScene) and not isinstance(app.top, DungeonPlay)
