"""UI undo/redo (issue 12), headless: state snapshots, the window that closes when something is
revealed (a die roll here), 'undo to here' from a log line, redo, after a load, in hot-seat and
across a pending decision; a log line opens the rule behind it."""
from __future__ import annotations

import re

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import Action, Event, legal_actions  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.menu import ChoiceMenu, PassDevice  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402
from game.ui.rulebook import RulebookScene  # noqa: E402
from game.ui.undo import revealed  # noqa: E402
from tests.kit import with_enemy  # noqa: E402
from tests.test_rules_tension import intro_game  # noqa: E402
from tests.ui_kit import play_app  # noqa: E402


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


scene_app = play_app  # the play screen for a state (tests/ui_kit.py)


def key(app: App, k: int, mod: int = 0, n: int = 3) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")], 0.05)
    for _ in range(n):
        app.step([], 0.1)


def click(app: App, pos, n: int = 3) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
    for _ in range(n):
        app.step([], 0.1)


def click_square(app: App, play: PlayScene, sq) -> None:
    click(app, play.view.layout.square_rect(sq).center, n=10)


def undo(app):
    key(app, pygame.K_z, pygame.KMOD_LCTRL)


def redo(app):
    key(app, pygame.K_y, pygame.KMOD_LCTRL)


def log_zone(play: PlayScene, line):
    return next(z for z in play.view.zones.items if z.key == "log_line" and z.value is line)


def test_undo_a_move_then_redo_it(tmp_path):
    s = intro_game()
    app, play = scene_app(tmp_path, s)
    start = s.clone()
    dest = sorted(play.marks.act.moves)[0]
    log_before = list(play.ui.log)
    click_square(app, play, dest)
    after = play.state.clone()
    assert tuple(play.state.active_char.pos) == dest and play.state.actions_left == 3
    undo(app)
    assert play.state.same_as(start)  # position, actions, record and rng all as before
    assert play.ui.log == log_before  # the move's log line is gone again
    # play4: "Undone: Move to 0,2" named the square by coordinates; now by direction (and room)
    assert re.match(r"Undone: Move (north|south)?-?(east|west)?\b", play.ui.toast), play.ui.toast
    assert not re.search(r"\d+ ?, ?\d+", play.ui.toast), play.ui.toast
    redo(app)
    assert play.state.same_as(after)
    redo(app)  # nothing more to redo
    assert play.state.same_as(after) and "Nothing to redo" in play.ui.toast


def test_undo_stops_at_a_die_roll(tmp_path):
    """A move before an attack can be undone until the attack rolls its dice; after that only the
    actions taken since the roll can be undone, and the roll itself never."""
    s = intro_game()
    me = s.active_char
    z = with_enemy(s, "zombie", (me.pos[0] + 2, me.pos[1] + 1) if me.pos[1] == 0 else (me.pos[0] + 2, me.pos[1]))
    app, play = scene_app(tmp_path, s)
    moves = sorted(play.marks.act.moves, key=lambda q: (abs(q[0] - z.pos[0]) + abs(q[1] - z.pos[1])))
    click_square(app, play, moves[-1])  # step away a little: still in range of the handgun
    assert play.history.can_undo()
    attack = next((a for a in legal_actions(play.state) if a.kind == "attack" and a.target == z.uid
                   and not a.n), None)
    assert attack is not None, "the zombie is a legal target"
    ev = play.do(attack)
    assert any(e.data.get("faces") for e in ev)  # dice were rolled
    settled = play.state.clone()
    undo(app)
    assert play.state.same_as(settled), "the die roll closes the undo window"
    # play4: "Nothing to undo: ... since your last undoable action" read oddly
    assert play.ui.toast == "Nothing to undo: dice were rolled, and what that revealed cannot be taken back."
    if play.state.pending is not None and play.state.pending.kind == "act" and play.marks.act.moves:
        before_move = play.state.clone()
        click_square(app, play, sorted(play.marks.act.moves)[0])
        undo(app)
        assert play.state.same_as(before_move)  # a move after the roll can be undone again
        undo(app)
        assert play.state.same_as(before_move)  # ...but not past the roll


def test_nothing_to_undo_at_the_start_says_so_plainly(tmp_path):
    """play4: a fresh game answered Ctrl+Z with "Nothing to undo: the game has just started since your
    last undoable action."; a loaded one with "...the game was loaded since...". Now plainly."""
    app, play = scene_app(tmp_path, intro_game())
    undo(app)
    assert play.ui.toast == "Nothing to undo yet: the game has just started."
    play.history.floor_reason = "the game was loaded"
    undo(app)
    assert play.ui.toast == "Nothing to undo yet: the game was loaded."


def test_undo_to_here_from_a_log_line_and_its_rule(tmp_path):
    s = intro_game()
    app, play = scene_app(tmp_path, s)
    first = sorted(play.marks.act.moves)[0]
    click_square(app, play, first)
    after_first = play.state.clone()
    first_line = play.ui.log[-1]  # the line the first move wrote
    assert first_line.kind == "move"
    second = next(q for q in sorted(play.marks.act.moves) if q != first)
    click_square(app, play, second)
    assert play.state.actions_left == 2
    line = log_zone(play, first_line)
    click(app, line.rect.center, n=1)
    menu = app.top
    assert isinstance(menu, ChoiceMenu)
    labels = [lbl for lbl, _ in menu.options]
    assert any(lbl.startswith("Rules: Moving") for lbl in labels)
    assert any(lbl.startswith("Undo to here (1 step back)") for lbl in labels)
    i = next(i for i, lbl in enumerate(labels) if lbl.startswith("Undo to here"))
    click(app, menu.zones.find("opt", i).rect.center)
    assert app.top is play and play.state.same_as(after_first)
    # the same log line now opens its rule in the rules reference
    line = log_zone(play, first_line)
    click(app, line.rect.center, n=1)
    menu = app.top
    i = next(i for i, (lbl, _) in enumerate(menu.options) if lbl.startswith("Rules:"))
    click(app, menu.zones.find("opt", i).rect.center, n=2)
    assert isinstance(app.top, RulebookScene) and app.top.current == "move"
    assert play.state.same_as(after_first)


def test_undo_after_a_load_in_hot_seat_and_across_a_pending_trade(tmp_path, intro):
    """Two human seats in the same square: Vera trades (a pending decision of the trade), the game is
    saved and continued; undo takes back the trade and the move before it, replayed from the record."""
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, scenario_factory=lambda sid, mp, fresh: intro, seed=3)
    party = [("vera", 1), ("mateo", 1), ("anton", 2)]
    app.stack = [app.start_game(party, ["human"] * 3, seed=3)]
    play = app.top
    app.step([])
    st0 = play.state.clone()
    mv = sorted(play.marks.act.moves)[0]
    click_square(app, play, mv)
    after_move = play.state.clone()
    app.save(play.state, play.party, play.controllers)
    loaded = app.continue_game()
    app.stack = [loaded]
    app.step([])
    assert loaded.state.same_as(after_move)
    undo(app)
    assert loaded.state.same_as(st0), "the move made before saving is undone after loading"
    redo(app)
    assert loaded.state.same_as(after_move)
    # back on Mateo's square: a trade opens a pending decision; undo leaves it
    undo(app)
    trade = next(a for a in legal_actions(loaded.state) if a.kind == "trade")
    loaded.do(trade)
    assert loaded.state.pending.kind == "trade"
    undo(app)
    assert loaded.state.same_as(st0) and loaded.state.pending.kind == "act"
    assert not isinstance(app.top, PassDevice)


def test_revealed_lists_what_ends_the_window():
    assert revealed([Event(kind="move", rule="R-MOVE-1")]) == ""
    assert revealed([Event(kind="evade", data={"faces": ["HIT"]})]) == "dice were rolled"
    assert revealed([Event(kind="explore", rule="R-EXPLORE-3")]) == "a tile was explored"
    assert revealed([Event(kind="search", rule="R-SEARCH-2")]) == "an item was found"
    assert revealed([Event(kind="tension", rule="R-TENSION-1")]) == "a tension card was drawn"
    assert revealed([Event(kind="door")], 1, 2) == "something random happened"
