"""UI tests, headless: the app is driven by real posted input events, one frame per App.step.

Menu -> party setup -> start -> click a highlighted square -> end the turn; Esc -> Pause ->
Save writes a loadable save; F5 with a broken map shows the error and keeps the old board; bot
mode plays on its own; a non-"act" decision is answered by clicking its button.
"""
from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.loader import load_scenario  # noqa: E402
from game.content.saves import load_game  # noqa: E402
from game.ai.bot import Bot  # noqa: E402
from game.engine import Action  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.menus import MainMenu, PartySetup  # noqa: E402
from game.ui.scenes.menu import PassDevice  # noqa: E402
from game.ui.scenes.pause import Pause  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def make_app(tmp_path, intro, **kw) -> App:
    surf = pygame.Surface((1280, 720))
    factory = kw.pop("factory", None) or (lambda sid, mp, fresh: load_scenario(sid, map_path=mp) if fresh else intro)
    app = App(surf, save_dir=tmp_path, scenario_factory=factory, **kw)
    app.step([])
    return app


def post_click(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def post_key(key) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def frames(app: App, n: int = 1, dt: float = 0.05) -> None:
    for _ in range(n):
        app.step(None, dt)  # None: App.step reads the posted events from pygame's queue


def start_play(app: App, players: int = 1) -> PlayScene:
    pygame.event.clear()
    assert isinstance(app.top, MainMenu)
    post_click(app.top.zones.find("new").rect.center)
    frames(app)
    setup = app.top
    assert isinstance(setup, PartySetup)
    post_click(setup.zones.find("players", players).rect.center)
    frames(app)
    post_click(setup.zones.find("start").rect.center)
    frames(app, 2)
    assert isinstance(app.top, PlayScene)
    return app.top


def test_menu_setup_move_and_end_turn(tmp_path, intro):
    app = make_app(tmp_path, intro, seed=4)
    play = start_play(app, players=2)
    st = play.state
    me = st.active_char
    start_sq, turn0 = tuple(me.pos), st.turn
    targets = sorted(play.marks.act.moves)
    assert targets, "the first survivor has somewhere to go"
    dest = targets[0]
    post_click(play.view.layout.square_rect(dest).center)
    frames(app, 10)
    assert tuple(me.pos) == dest != start_sq
    assert st.actions_left == 3
    assert st.record[-1] == {"kind": "move", "to": dest}
    post_key(pygame.K_SPACE)  # 3 actions left: the first press only asks
    frames(app, 2)
    assert st.turn == turn0 and st.actions_left == 3
    assert "End the phase with 3 actions unused?" in play.ui.toast
    post_key(pygame.K_SPACE)  # the second press within a few seconds confirms
    post_key(pygame.K_SPACE)  # a double press must not skip the pass-the-mouse screen...
    for _ in range(80):
        frames(app)
        if isinstance(app.top, PassDevice):
            break
    assert st.turn == turn0 + 1
    assert st.active == 1
    assert isinstance(app.top, PassDevice)  # hot-seat: the mouse goes to player 2
    post_key(pygame.K_RETURN)  # ...nor a press the moment it appears
    frames(app)
    assert isinstance(app.top, PassDevice)
    post_click((640, 360))
    frames(app)
    assert isinstance(app.top, PassDevice)
    frames(app, 10)  # after ~0.4 s it listens
    post_key(pygame.K_RETURN)
    frames(app)
    assert app.top is play


def test_end_phase_confirmation_expires_and_counts_the_actions_left(tmp_path, intro):
    app = make_app(tmp_path, intro, seed=4)
    play = start_play(app, players=1)
    st = play.state
    turn0 = st.turn
    end = play.view.zones.find("end_phase")
    assert end is not None
    post_click(end.rect.center)  # the side panel's End phase button asks too
    frames(app, 2)
    assert st.turn == turn0 and "4 actions unused" in play.ui.toast
    frames(app, 80)  # 4 s later the question has lapsed: a press asks again
    post_key(pygame.K_SPACE)
    frames(app, 2)
    assert st.turn == turn0 and st.actions_left == 4
    while st.actions_left > 1:  # one action left: the question says so, in the singular
        moves = sorted(play.marks.act.moves)
        if not moves:
            pytest.skip("no move to use up the actions")
        play.do(play.marks.act.moves[moves[0]])
    play.ui.anim.finish()
    post_key(pygame.K_SPACE)
    frames(app, 2)
    assert st.turn == turn0 and "with 1 action unused?" in play.ui.toast
    post_key(pygame.K_RETURN)
    frames(app, 40)
    assert st.turn == turn0 + 1


def test_esc_pause_save_writes_a_loadable_save(tmp_path, intro):
    app = make_app(tmp_path, intro, seed=9)
    play = start_play(app)
    post_click(play.view.layout.square_rect(sorted(play.marks.act.moves)[-1]).center)
    frames(app, 5)
    post_key(pygame.K_ESCAPE)
    frames(app)
    pause = app.top
    assert isinstance(pause, Pause)
    post_click(pause.zones.find("save").rect.center)
    frames(app)
    path = tmp_path / "save.json"
    assert path.is_file()
    loaded, party = load_game(path, intro)
    assert loaded.same_as(play.state)
    assert party == play.party
    post_click(pause.zones.find("resume").rect.center)
    frames(app)
    assert app.top is play
    # the main menu now offers Continue, which opens the saved game
    post_key(pygame.K_ESCAPE)
    frames(app)
    post_click(app.top.zones.find("menu").rect.center)
    frames(app)
    assert isinstance(app.top, MainMenu)
    post_click(app.top.zones.find("continue").rect.center)
    frames(app, 2)
    assert isinstance(app.top, PlayScene) and app.top.state.same_as(play.state)


def test_f5_with_a_broken_map_keeps_the_old_board(tmp_path, intro):
    app = make_app(tmp_path, intro, seed=2)
    play = start_play(app)
    post_click(play.view.layout.square_rect(sorted(play.marks.act.moves)[0]).center)
    frames(app, 5)
    before = play.state
    snapshot = before.model_dump(mode="json")
    broken = tmp_path / "broken.tmx"
    broken.write_text("this is not a Tiled map <map", encoding="utf-8")
    play.map_path = str(broken)
    post_key(pygame.K_F5)
    frames(app)
    assert play.state is before and before.model_dump(mode="json") == snapshot
    assert "broken.tmx" in play.ui.banner
    assert play.view.zones.find("dismiss_banner") is not None  # drawn on screen
    # with the real map again, F5 rebuilds the game from the record
    play.map_path = None
    post_click(play.view.zones.find("dismiss_banner").rect.center)
    post_key(pygame.K_F5)
    frames(app)
    assert play.ui.banner == ""
    assert play.state is not before and play.state.same_as(before)


def test_bot_mode_plays_by_itself(tmp_path, intro):
    app = make_app(tmp_path, intro, seed=5, players=2, bot=True, bot_speed=0.0)
    play = app.top
    assert isinstance(play, PlayScene)
    for _ in range(40):
        app.step([], 1.0)
    assert len(play.state.record) >= 20
    assert play.state.turn >= 2


def test_prompt_bar_option_buttons_apply_the_decision(tmp_path, intro):
    """A push_enemy-style decision: the bar shows a button per option; clicking one applies it."""
    app = make_app(tmp_path, intro, seed=3)
    app.settings["auto_ties"] = False  # an enemy tie is asked too, not settled by the game after the click
    play = start_play(app)
    st = play.state
    for _ in range(200):  # play with the bot until some non-"act" decision comes up
        if st.over or st.pending.kind != "act":
            break
        play.do(Bot(1).choose(st))
    if st.over or st.pending.kind == "act":
        pytest.skip("no small decision came up with this seed")
    frames(app, 30, dt=0.2)
    while isinstance(app.top, PassDevice):
        post_key(pygame.K_RETURN)
        frames(app)
    opts = [z for z in play.view.zones.items if z.key == "option"]
    assert opts
    step = st.step
    post_click(opts[0].rect.center)
    frames(app)
    assert st.step == step + 1


def test_enemy_click_asks_weapon_when_several(tmp_path, intro):
    app = make_app(tmp_path, intro, seed=1)
    app.settings["auto_ties"] = False  # the attack's move-order question (R-OOS-1) is asked, not settled
    play = start_play(app)
    st = play.state
    bot = Bot(2)
    for _ in range(300):
        if st.over:
            pytest.skip("scenario ended before an attack was possible")
        if st.pending.kind == "act" and play.is_human(st.pending.seat):
            many = {u: o for u, o in play.marks.act.attacks.items() if len(o) > 1}
            if many:
                break
        play.do(bot.choose(st))
    else:
        pytest.skip("no attack with several options came up")
    play.ui.anim.finish()
    frames(app, 2)
    while isinstance(app.top, PassDevice):
        post_key(pygame.K_RETURN)
        frames(app)
    uid, opts = next(iter(many.items()))
    centre = next(c for kind, mid, c, r in play.view.models if kind == "e" and mid == uid)
    post_click(centre)
    frames(app)
    menu = app.top
    assert type(menu).__name__ == "ChoiceMenu" and len(menu.options) == len(opts)
    step = st.step
    post_key(pygame.K_1)
    frames(app)
    assert app.top is play and st.step == step + 1
    assert Action(**st.record[-1]) in opts


def test_random_input_never_breaks_the_app(tmp_path, intro):
    """Random clicks on what is drawn, random keys and frame times: no exception, state stays legal."""
    import random

    rng = random.Random(7)
    app = make_app(tmp_path, intro, seed=7, players=2)
    keys = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_1, pygame.K_2, pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_HOME]
    for _ in range(250):
        top = app.top
        zones = getattr(getattr(top, "view", None), "zones", None) or top.zones
        r = rng.random()
        if r < 0.55 and zones.items:
            z = rng.choice(zones.items)
            if z.key == "quit":
                continue
            events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)]
        elif r < 0.85:
            pos = (rng.randrange(1280), rng.randrange(720))
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]
        else:
            key = rng.choice(keys)
            if key == pygame.K_ESCAPE and isinstance(top, MainMenu):
                continue  # Esc on the main menu quits, which is right but ends the test
            events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")]
        app.step(events, rng.choice([0.016, 0.2]))
        assert app.running
        st = getattr(app.top, "state", None)
        if st is not None and not st.over:
            assert st.pending is not None  # the engine always waits on a decision


def test_animator_slides_tokens_and_shows_why():
    from game.engine import Event
    from game.ui.presenters.anim import Animator

    an = Animator()
    ev = [Event(kind="enemy_move", rule="R-REACT-4", text="The Zombie moves toward Vera.",
                data={"enemy": "e1", "frm": [0, 0], "to": [1, 0]}),
          Event(kind="move", rule="R-MOVE-1", text="", data={"char": "vera", "frm": [3, 3], "to": [3, 4]})]
    an.add_events(ev, {("e", "e1"): (0, 0), ("c", "vera"): (3, 3)})
    assert an.busy and "moves toward Vera" in an.caption and an.caption.rule == "R-REACT-4"
    an.update(0.1)
    x, y = an.positions()[("e", "e1")]
    assert 0 < x < 1 and y == 0
    assert an.positions()[("c", "vera")] == (3.0, 3.0)  # waits its turn at the start square
    assert an.paths() and an.paths()[0][:2] == ((0, 0), (1, 0))  # the enemy's path is drawn as it moves
    an.update(0.3)
    assert an.paths()[0] == ((0, 0), (1, 0), 1.0), "a finished enemy move stays drawn while the batch plays"
    an.update(0.5)
    assert not an.busy and an.positions() == {} and an.paths() == []
