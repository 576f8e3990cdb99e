"""The versus window (issue 27 items 3/5, issue 28's UI part): the main menu's entry found in the
mode's own package, the set-up screen, a bot-against-bot game watched to its victory screen, the
hand-over before the first secret entry. Screenshots go to the test's folder."""
from __future__ import annotations

import pygame

from game.engine.query import View
from game.engine.versus import new_versus
from game.engine.versus.view import VsView
from game.ui.menus import MainMenu
from game.ui.versus.handover import HandOver
from game.ui.versus.scene import VersusScene
from game.ui.versus.setup import VersusSetup
from tests.ui_kit import SIZE, shown_text


def _app(tmp_path):
    from game.ui.app import App

    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    app.step([])
    return app


def _click(app, zone):
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=zone.rect.center, button=1)])


def test_the_main_menu_lists_the_versus_entry_from_its_own_package_and_opens_its_set_up(tmp_path):
    from game.ui.modes import menu_entries

    assert ("versus", "Versus (two players)") in [(e.key, e.label) for e in menu_entries()]
    app = _app(tmp_path)
    assert isinstance(app.top, MainMenu)
    z = app.top.zones.find("mode:versus")  # the row of the versus registration (game/ui/versus/mode.py)
    assert z is not None, [zz.key for zz in app.top.zones.items]
    _click(app, z)
    assert isinstance(app.top, VersusSetup)
    app.step([])
    text = " | ".join(shown_text(app))
    for words in ("The Directorate", "The Syndicate", "Bot: search 2 s", "Sanctuary", "The Swift and the Saw"):
        assert words in text
    pygame.image.save(app.screen, str(tmp_path / "versus_setup.png"))


def test_set_up_starts_a_game_with_the_seats_controllers_and_names(tmp_path):
    app = _app(tmp_path)
    setup = VersusSetup(app, seed=3)
    app.stack.append(setup)
    app.step([])
    _click(app, setup.zones.find("scenario", "swift"))
    _click(app, setup.zones.find("ctrl", (1, "greedy")))
    setup.fields[0].text = "Ada"
    _click(app, setup.zones.find("start"))
    sc = app.top
    assert isinstance(sc, VersusScene)
    assert sc.controllers == ["human", "greedy"] and sc.names[0] == "Ada"
    assert View(sc.state).rules == "versus" and sc.viewer == 0  # one person: always that person's screen


def test_bot_against_bot_is_watched_to_the_victory_screen(tmp_path):
    """Issue 27 item 5: a bot-bot game in the window, public information only, to its end."""
    app = _app(tmp_path)
    state = new_versus("swift", None, 11)
    sc = VersusScene(app, state, ["", ""], ["random", "greedy"], pace=0.0)
    app.stack = [sc]
    for _ in range(3000):
        app.step([], 0.05)
        if View(sc.state).over:
            break
        if sc.bots.thinking() is not None:
            sc.bots._workers[sc.bots.thinking()].wait(5)
    assert View(sc.state).over
    app.step([], 0.05)
    assert sc.viewer is None  # a spectator: public information only
    text = " | ".join(shown_text(app))
    assert ("wins" in text) or ("A draw" in text), text
    pygame.image.save(app.screen, str(tmp_path / "versus_bots_over.png"))


def test_hot_seat_opens_with_a_hand_over_before_the_first_secret_deployment(tmp_path):
    """V-OVR-2, V-HOT-1: two people; the first secret entry is behind a hand-over screen that
    shows nothing of the game."""
    app = _app(tmp_path)
    state = new_versus("sanctuary", None, 5)
    sc = VersusScene(app, state, ["Ada", "Bo"], ["human", "human"])
    app.stack = [sc]
    app.step([], 0.1)
    app.step([], 0.1)
    assert isinstance(app.top, HandOver)
    text = " | ".join(shown_text(app))
    assert "Pass to" in text and ("Ada" in text or "Bo" in text)
    assert "Mara" not in text and "Grist" not in text  # nothing of the game on the hand-over


def test_the_names_the_window_words_are_the_rosters():
    from game.engine.versus.data import ROSTER
    from game.ui.versus.words import char

    assert {c: char(c) for c in ROSTER} == {c: str(ROSTER[c].name) for c in ROSTER}


def test_a_whole_hot_seat_game_through_the_window_shows_no_secret_of_the_other_side(tmp_path):
    """Issue 27 item 2 (V-OVR-2, V-HOT-1..4, V-SETUP-3, V-DUEL-6): two people play a whole game of
    Sanctuary through the window's own controls (start squares, buttons, board squares, door edges,
    facing arrows, hand-over key presses). In every frame, before the reveal, no text only the
    other seat may read (its deployment, facings, bid) and no model or facing of the other side is
    drawn; the hand-over screens draw nothing of the game; every decision had a control."""
    from game.engine.versus.view import VsView
    from tests.versus_ui_drive import hot_seat, leaks, unguarded_secrets

    app, sc, drv = hot_seat(tmp_path, "sanctuary", seed=4)
    assert View(sc.state).over
    seat_of = {f.cid: f.seat for f in VsView(sc.state, None).figures}
    assert sum(1 for f in drv.frames if f.texts) > 0.9 * len(drv.frames)  # (frames really drawn and read)
    assert leaks(drv.frames, seat_of) == []
    assert unguarded_secrets(drv.frames) == []
    assert drv.unreachable == []
    kinds = {e.kind for e in sc.events}
    assert {"deploy_reveal", "facing_reveal"} <= kinds
    handovers = [f for f in drv.frames if f.viewer == "handover"]
    assert handovers and all(not f.models for f in handovers)
    assert {0, 1} <= {f.viewer for f in drv.frames}  # both people had the screen


def test_a_saved_versus_game_replays_to_the_same_position_and_a_hostile_file_is_refused(tmp_path):
    """Saves only while nothing is secret (V-HOT-1/3); loading replays the record through the rules;
    a tampered record or a foreign file is refused naming the file (the game goes on)."""
    import json

    import pytest

    from game.ai.versus_bots import make_bot
    from game.content.errors import ContentError
    from game.engine import apply, same_game
    from game.ui.versus import saves

    st = new_versus("sanctuary", None, 9)
    bots = {0: make_bot("random", 1), 1: make_bot("random", 2)}
    assert not saves.can_save(st)  # the deployment is still secret
    with pytest.raises(ValueError):
        saves.save(tmp_path / "x.json", st, ["A", "B"], ["human", "human"])
    while not saves.can_save(st) or View(st).step < 40:
        seat = View(st, None).deciding_seats()[0]
        apply(st, bots[seat].choose(st, seat), seat)
    path = saves.slot_path(tmp_path, 1)
    saves.save(path, st, ["Ada", "Bo"], ["human", "greedy"])
    text = path.read_text()
    got, doc = saves.load(path)
    assert same_game(got, st) and doc.names == ["Ada", "Bo"] and doc.controllers == ["human", "greedy"]
    assert [s.doc.round for s in saves.slots(tmp_path)] == [VsView(st, None).round]
    bad = json.loads(text)
    bad["record"][3] = {"kind": "vs_step", "to": [0, 0]}  # an action the rules refuse at that step
    path.write_text(json.dumps(bad))
    with pytest.raises(ContentError) as ex:
        saves.load(path)
    assert str(path) in str(ex.value) and "replay" in str(ex.value)
    path.write_text(json.dumps({"format": "dreadboard-save"}))
    with pytest.raises(ContentError):
        saves.load(path)
    assert saves.slots(tmp_path)[0].error is not None


def test_the_replay_plays_a_finished_game_back_as_a_spectator(tmp_path):
    from game.engine import record_of
    from game.engine.versus.view import VsView as _V

    app = _app(tmp_path)
    st = new_versus("swift", None, 2)
    from game.ai.versus_bots import make_bot
    from game.engine import apply

    bots = {0: make_bot("random", 1), 1: make_bot("greedy", 2)}
    while not View(st).over:
        seat = View(st, None).deciding_seats()[0]
        apply(st, bots[seat].choose(st, seat), seat)
    sc = VersusScene(app, new_versus("swift", None, 2), ["A", "B"], ["random", "greedy"], 0.0, replay=record_of(st))
    app.stack = [sc]
    for _ in range(5000):
        app.step([], 0.05)
        if View(sc.state).over:
            break
    assert View(sc.state).over and _V(sc.state, None).winner == _V(st, None).winner
    assert sc.viewer is None


def test_versus_map_errors_are_worded_in_japanese(tmp_path):
    """Issue 27 item 5: the versus map checks' sentences (tools.validate, the map reader) in Japanese,
    no English word left but the data (ids, paths, rule IDs)."""
    import re
    import shutil
    from pathlib import Path

    import pytest

    from game import i18n
    from game.content.tiled import validate_board
    from game.ui.errortext import error_text

    if i18n.japanese_font() is None:
        pytest.skip(i18n.FONT_HINT)
    root = Path(__file__).resolve().parents[1]
    (tmp_path / "maps" / "versus").mkdir(parents=True)
    (tmp_path / "maps" / "templates").symlink_to(root / "maps" / "templates")
    (tmp_path / "assets").symlink_to(root / "assets")
    text = (root / "maps" / "versus" / "swift.tmx").read_text()
    no_start = re.sub(r'<object id="20" template="../templates/vs_start.tx".*?</object>', "", text, flags=re.S)
    path = tmp_path / "maps" / "versus" / "broken.tmx"
    path.write_text(no_start)
    problems = validate_board(path)
    assert problems, "the syndicate's start square was taken out"
    english = re.compile(r"[A-Za-z][A-Za-z'’-]{2,}")
    data = re.compile(r"'[^']*'|「[^」]*」|\S*[/\\.]\S*|\b[A-Z][A-Z0-9_]+\b|\bV-[A-Z0-9-]+|\b[a-z0-9]+(?:_[a-z0-9]+)+\b"
                      r"|\b(?:directorate|syndicate)\b")
    i18n.set_language("ja")
    try:
        for p in problems:
            words = english.findall(data.sub("", error_text(p)))
            assert words == [], (error_text(p), words)
    finally:
        i18n.set_language("en")


def test_against_a_bot_the_person_never_sees_the_bots_secrets(tmp_path):
    """Issue 27 item 2 with one person (issue 28): the bot's hidden deployment, facings and bids
    never reach the person's screen before the reveal; the person's screen is always their own."""
    from game.engine.versus.view import VsView
    from tests.versus_ui_drive import hot_seat, leaks

    app, sc, drv = hot_seat(tmp_path, "sanctuary", seed=7, controllers=("random", "human"))
    assert View(sc.state).over
    seat_of = {f.cid: f.seat for f in VsView(sc.state, None).figures}
    assert leaks(drv.frames, seat_of) == [] and drv.unreachable == []
    assert {f.viewer for f in drv.frames if f.viewer != "handover"} <= {1, None}
    assert not any(f.viewer == "handover" for f in drv.frames)  # one person: no hand-over needed


def test_undo_takes_back_only_the_viewers_own_action_and_never_a_secret_or_a_roll(tmp_path):
    """V-HOT-1 (View.undo_floor): after a secret deployment there is nothing to undo; a step can be
    taken back; after a close combat's roll it cannot."""
    app = _app(tmp_path)
    st = new_versus("swift", None, 3)  # fixed positions: no secret, the first decision is an activation
    sc = VersusScene(app, st, ["A", "B"], ["human", "greedy"], pace=0.0)
    app.stack = [sc]
    app.step([], 0.1)
    assert sc.viewer == 0 and sc.my_turn()
    legal = View(sc.state, 0).legal()
    act = next(a for a in legal if a.kind == "vs_activate" and "+" not in a.tiles and a.tiles in ("OT-1", "OT-5"))
    sc.do(act, 0)
    assert sc.can_undo()
    step = View(sc.state).step
    sc.do_undo()
    assert View(sc.state).step == step - 1 and not sc.can_undo()
    # a secret answer closes the undo window: a secret facing (V-SETUP-3), its seat deciding again at once
    st2 = new_versus("sanctuary", None, 3)
    sc2 = VersusScene(app, st2, ["A", "B"], ["human", "human"])
    for _ in range(2):  # both deployments
        seat = View(sc2.state, None).deciding_seats()[0]
        sc2.viewer = seat
        sc2.do(View(sc2.state, seat).legal()[0], seat)
    seat = View(sc2.state, None).deciding_seats()[0]
    sc2.viewer = seat
    assert View(sc2.state, None).pending.kind == "vs_face"
    sc2.do(View(sc2.state, seat).legal()[0], seat)
    assert View(sc2.state, None).pending.kind == "vs_face" and View(sc2.state, None).deciding_seats()[0] == seat
    assert sc2.my_turn() and sc2.undo and not sc2.can_undo()


def test_f1_opens_the_versus_rulebook_sections(tmp_path):
    from game.ui.rulebook import RulebookScene, rulebook

    app = _app(tmp_path)
    sc = VersusScene(app, new_versus("swift", None, 3), ["A", "B"], ["human", "greedy"], pace=0.0)
    app.stack = [sc]
    app.step([], 0.1)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=58)], 0.1)
    assert isinstance(app.top, RulebookScene) and app.top.current == "versus"
    assert rulebook().section_for_rule("V-DUEL-6").id == "versus_secrets"
    assert rulebook().section_for_rule("V-CC-9").id == "versus_combat"


def test_hovering_a_model_shows_its_arcs_and_the_enemies_it_sees_and_pause_saves(tmp_path):
    """V-LOS-2/6: the hovered model's sight arcs over the board and the other side's models it sees
    (asked of the rules); the pause box saves the game (nothing secret in Swift) to a versus slot."""
    from game.ui.versus import saves

    app = _app(tmp_path)
    sc = VersusScene(app, new_versus("swift", None, 3), ["A", "B"], ["human", "greedy"], pace=0.0)
    app.stack = [sc]
    app.step([], 0.1)
    vw = VsView(sc.state, sc.viewer)
    grist = vw.fig("grist")
    pos = sc.board.centre(grist.pos)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.1)
    mk = sc.marks(vw)
    assert mk.sight and set(mk.sight.values()) <= {"red", "orange", "white"}
    run = vw.run()
    assert mk.seen == ([vw.fig("mara").pos] if run.sees(run.fig("grist"), run.fig("mara")) else [])
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=41)], 0.1)
    assert sc.menu_open
    app.step([], 0.1)
    z = sc.zones.find("menu", "save")
    assert z is not None and z.enabled
    _click(app, z)
    assert saves.slot_path(tmp_path, 1).is_file()


def test_japanese_versus_screens_cut_no_label(tmp_path):
    """Issue 27 item 5: in Japanese, the set-up, the activation panel with five models, the order
    panel and the hand-over fit their buttons (theme.CUT lists any label shortened to fit)."""
    import pytest

    from game import i18n
    from game.ai.versus_bots import make_bot
    from game.engine import apply
    from game.ui import theme as T
    from game.ui.app import App
    from tests.ui_kit import japanese_dir

    if i18n.japanese_font() is None:
        pytest.skip(i18n.FONT_HINT)
    app = App(pygame.Surface(SIZE), save_dir=japanese_dir(tmp_path))
    try:
        T.CUT.clear()
        app.stack.append(VersusSetup(app, seed=2))
        app.step([], 0.1)
        st = new_versus("sanctuary", None, 6)
        bot = make_bot("random", 3)
        kinds = set()
        while not View(st).over and len(kinds) < 2:
            seat = View(st, None).deciding_seats()[0]
            p = View(st, None).pending
            if seat == 1 and p.kind in ("activate", "order") and p.kind not in kinds:
                kinds.add(p.kind)
                sc = VersusScene(app, st, ["アダ", "ボー"], ["random", "human"])
                app.stack = [sc]
                app.step([], 0.1)
                app.step([], 0.1)
                assert sc.viewer == 1 and sc.my_turn()
            apply(st, bot.choose(st, seat), seat)
        assert kinds == {"activate", "order"}
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=15)], 0.1)
        assert sc.legend_open  # the legend in Japanese too
        app.step([], 0.1)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=1)], 0.1)
        assert not sc.legend_open  # a click anywhere closes it
        app.stack = [HandOver(1, "ボー", "syndicate", "秘密", lambda: None)]
        app.step([], 0.1)
        assert T.CUT == [], T.CUT
    finally:
        i18n.set_language("en")


def test_esc_stops_a_thinking_search_bot_at_once_and_quit_leaves_cleanly(tmp_path):
    """Issue 28 item 2: while the search bot thinks (in its worker) the window stays live and says so;
    Esc stops the search at once and pauses; Quit to menu leaves with no thread left thinking."""
    import time

    app = _app(tmp_path)
    sc = VersusScene(app, new_versus("swift", None, 3), ["", "Ada"], ["search:5", "human"])
    app.stack = [sc]
    for _ in range(50):
        app.step([], 0.05)
        if sc.bots.thinking() is not None:
            break
    assert sc.bots.thinking() == 0
    text = " | ".join(shown_text(app))
    assert "is thinking" in text
    t0 = time.perf_counter()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=41)], 0.05)
    assert time.perf_counter() - t0 < 3.0 and sc.menu_open and sc.bots.thinking() is None
    assert not any(w.busy for w in sc.bots._workers.values())
    app.step([], 0.05)
    _click(app, sc.zones.find("menu", "quit"))
    assert isinstance(app.top, MainMenu)
