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


def _save_versus(tmp_path, slot: int, names=("Ada", "Bo"), seed: int = 9):
    """A versus game past its secret deployment, saved to versus slot ``slot``; returns its state."""
    from game.ai.versus_bots import make_bot
    from game.engine import apply
    from game.engine.query import View
    from game.engine.versus import new_versus
    from game.ui.versus import saves

    st = new_versus("sanctuary", None, seed)
    bots = {0: make_bot("random", 1), 1: make_bot("random", 2)}
    while not saves.can_save(st) or View(st).step < 30:
        seat = View(st, None).deciding_seats()[0]
        apply(st, bots[seat].choose(st, seat), seat)
    saves.save(saves.slot_path(tmp_path, slot), st, list(names), ["human", "human"])
    return st


def test_a_saved_versus_game_is_continued_from_the_main_menu(tmp_path):
    """Issue 26 leftover: a versus game saved in its slots (versus/slotN.json) used to be reachable
    only through the versus set-up screen; the main menu offered no Continue for it. Now the newest
    versus slot that loads is a Continue like the city's and the dungeon's, named by its scenario,
    round and players (nothing secret: a versus game is saved only when nothing is, V-HOT-1/3)."""
    from game.engine import same_game

    older = _save_versus(tmp_path, 1, ("Ada", "Bo"), seed=9)
    _age(tmp_path / "versus" / "slot1.json", 600)
    newest = _save_versus(tmp_path, 2, ("Cy", "Di"), seed=11)
    app = _app(tmp_path)
    rows = [key for _label, key, _on in app.top.entries(app)]
    assert rows.count("continue") == 1 and "continue:versus" not in rows  # one row for the mode's slots
    text = " | ".join(shown_text(app))
    assert "Continue: Sanctuary · round" in text and "Cy against Di" in text, text
    post_click(app, app.top.zones.find("continue").rect.center)
    app.step([], 0.1)
    play = _versus_scene(app)  # (under the hot-seat hand-over screen)
    assert same_game(play.state, newest) and not same_game(play.state, older)
    # the newest file damaged: the older slot, which loads, is continued
    (tmp_path / "versus" / "slot2.json").write_text("{not json")
    app = _app(tmp_path)
    post_click(app, app.top.zones.find("continue").rect.center)
    app.step([], 0.1)
    assert same_game(_versus_scene(app).state, older)


def _versus_scene(app):
    from game.ui.versus.scene import VersusScene

    found = [s for s in app.stack if isinstance(s, VersusScene)]
    assert len(found) == 1, app.stack
    return found[0]


def test_a_previous_versus_save_file_is_not_a_slot_of_its_own(tmp_path):
    """The slot's pattern matches slot1.json..slot9.json, never the kept previous save
    (slot1.prev.json), so an overwritten game cannot come back as the newest."""
    from game.ui.saveslots import _newest

    (tmp_path / "versus").mkdir()
    (tmp_path / "versus" / "slot1.json").write_text("{}")
    (tmp_path / "versus" / "slot1.prev.json").write_text("{}")
    _age(tmp_path / "versus" / "slot1.json", 600)
    assert _newest(tmp_path, "versus/slot[0-9].json").name == "slot1.json"
