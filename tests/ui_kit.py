"""The shared set-up of the headless UI tests (tests/test_ui_*.py, tests/test_i18n_*.py).

Every UI test builds an :class:`~game.ui.app.App` on an off-screen 1280x720 surface (SDL dummy
drivers; the ``display`` fixture of tests/conftest.py opens the display), puts a scene on it and
drives it with posted events. These were copied from file to file (``duplicates`` listed them):

    play_app(tmp_path, state, party, controllers, events) -> (App, PlayScene)  # a state on the play screen
    play_at_act(tmp_path, sid, seed=3) -> (App, PlayScene)   # a scenario set up to its first action, 2 seats
    post_click(app, pos)           # move the pointer there and press the left button (one frame)
    click(app, key, value=None)    # click the zone the top scene drew (the play view's own zones on the board)
    press(app, key, mod=0)         # one key press (one frame)
    settle(app, n=10)              # n frames of 0.1 s: animations and bots move on
    end_game(app, "success", EndPhaseScene)  # the game in play ends; wait for the next scene
    shown_text(app, events=())     # every line of text one frame draws (theme.SHOWN)
    texts_drawn(app)               # the texts one frame passes to theme.text

A test that needs its App in Japanese writes ``{"language": "ja"}`` into the settings folder first
(:func:`japanese_dir`): the App reads its language from there.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

SIZE = (1280, 720)  # the logical screen every scene is laid out on


def japanese_dir(tmp_path: Path) -> Path:
    """``tmp_path`` with settings that make an App there start in Japanese."""
    (Path(tmp_path) / "settings.json").write_text('{"language": "ja"}')
    return Path(tmp_path)


def play_app(tmp_path, state, party=(("vera", 1),), controllers=None, events=None):
    """(App, PlayScene) showing ``state`` on an off-screen 1280x720 surface, one frame drawn;
    saves go to ``tmp_path``; every seat human unless ``controllers`` says otherwise."""
    from game.ui.app import App
    from game.ui.play import PlayScene

    app = App(pygame.Surface(SIZE), save_dir=tmp_path, scenario_factory=lambda sid, mp, fresh: state.scenario)
    play = PlayScene(app, state, list(party), list(controllers) if controllers else ["human"] * len(party),
                     events=events)
    app.stack = [play]
    app.step([])
    return app, play


def play_at_act(tmp_path, sid: str, seed: int = 3):
    """Scenario ``sid`` with the default two survivors, its set-up decisions answered with the first
    legal option up to the first action phase, on the play screen (both seats human; one frame of
    0.1 s drawn). Returns (App, PlayScene)."""
    from game.__main__ import default_party
    from game.content.loader import load_scenario
    from game.engine import apply, legal_actions, new_game
    from game.ui.app import App
    from game.ui.play import PlayScene

    s = new_game(load_scenario(sid), default_party(2), seed)
    while s.pending.kind != "act":
        apply(s, legal_actions(s)[0])
    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    play = PlayScene(app, s, default_party(2), ["human", "human"])
    app.stack = [play]
    app.step([], 0.1)
    return app, play


def post_click(app, pos, dt: float = 0.05) -> None:
    """Move the pointer to ``pos`` and press the left button there, in one frame of ``dt`` s."""
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], dt)


def zones_of(scene: Any):
    """The zones a scene drew in its last frame (the play screen's board and panels are its view's)."""
    from game.ui.play import PlayScene

    return scene.view.zones if isinstance(scene, PlayScene) else scene.zones


def click(app, key: str, value=None) -> None:
    """Click the zone ``key`` (with ``value``) the top scene drew in a fresh frame. AssertionError
    (naming the zones drawn) when there is none."""
    app.step([])
    zones = zones_of(app.top)
    z = zones.find(key, value)
    assert z is not None, f"no {key} {value} on {type(app.top).__name__}: {[(x.key, x.value) for x in zones.items]}"
    post_click(app, z.rect.center)


def key_event(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")


def press(app, key: int, mod: int = 0, dt: float = 0.05) -> None:
    """One press of ``key`` (with modifier ``mod``) in one frame."""
    app.step([key_event(key, mod)], dt)


def settle(app, n: int = 10, dt: float = 0.1) -> None:
    """``n`` frames of ``dt`` s with no input: animations finish, bots decide."""
    for _ in range(n):
        app.step([], dt)


def end_game(app, result: str, until: type | None = None, frames: int = 40, reason: str | None = None) -> None:
    """The game on the play screen (the top scene) ends with ``result`` ("success" / "failure", set by
    hand with ``reason``); frames of 0.1 s pass until a ``until`` scene is on top (all ``frames`` when
    None): the campaign's end phase, its map."""
    import pygame

    gs = app.top.state
    why = None
    if reason is None:  # a reason the rules give (the end phase and the results say it: issue 25 item 3)
        reason = "the objective is done" if result == "success" else "the tension deck ran out"
        why = {"t": "msg", "id": "reason.won_objective", "rule": "R-SCEN-8"} if result == "success" else \
            {"t": "msg", "id": "reason.tension_out", "rule": "R-TENSION-8"}
    gs.result, gs.result_reason, gs.result_why = result, reason, why  # (a reason given as text: an old save's)
    go = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    for i in range(frames):
        # the final board stays until the player moves on (issue 25 item 3): Enter after a few frames
        app.step([go] if i == 3 and getattr(app.top, "state", None) is gs else [], 0.1)
        if until is not None and isinstance(app.top, until):
            break


def texts_drawn(app) -> list[str]:
    """The ``text`` of every ``theme.text`` call of one frame, as the scene passed it (before any
    cut or sharp redraw; :func:`shown_text` records the lines as drawn)."""
    from game.ui import theme as T

    drawn: list[str] = []
    real = T.text

    def spy(surf, text, *a, **k):
        drawn.append(text)
        return real(surf, text, *a, **k)
    T.text = spy
    try:
        app.step([])
    finally:
        T.text = real
    return drawn


def shown_text(app, events=(), warm: bool = True, dt: float = 0.02) -> list[str]:
    """Every line of text one frame draws (``theme.SHOWN``, cached panels included). ``warm``: one
    frame with ``events`` first (so hovering or a click has taken effect); without it the recorded
    frame gets the events."""
    from game.ui import theme as T

    if warm:
        app.step(list(events), dt)
        events = ()
    T.SHOWN = []
    try:
        app.step(list(events), dt)
        return list(T.SHOWN)
    finally:
        T.SHOWN = None


__all__ = ["SIZE", "click", "end_game", "japanese_dir", "key_event", "play_app", "play_at_act", "post_click", "press", "settle",
           "shown_text", "texts_drawn", "zones_of"]


def step_on(app, dt: float = 0.1) -> None:
    """One frame of ``dt`` seconds; on a finished game's final board the player moves on, as with
    Continue or Enter (the board stays until then: issue 25 item 3)."""
    top = app.top
    st = getattr(top, "state", None)
    if st is not None and getattr(st, "over", False) and hasattr(top, "move_on"):
        top.move_on()
    app.step([], dt)
