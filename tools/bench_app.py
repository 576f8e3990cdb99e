"""What a player feels: the CPU time of the whole ``App.step`` (input, update, draw, present) per
frame, for every view of the play screen, wired into ``python -m tools.bench``.

The App runs in a real (dummy-driver) window of the size measured, so the window presenter's
scaling and sharp text redraw are included; input arrives as posted pygame events read by
``App.step`` itself (``pygame.event.get``, window -> logical pixels). Maps: the largest city map
(Outskirts, 4 survivors) and the largest manor map card (W1A, 2 survivors), mid-game (bots played
``MID_ACTIONS`` actions; then the seats are human). Window sizes: 1280x720 and 1920x1080.

Views, ``FRAMES`` frames each (``--frames-per-view``):

- ``static``: nothing happens (the pointer rests off the board, the screen left alone long enough
  for its highlights to stop pulsing, ``playui.PULSE_S``, and for anything else on a clock to end:
  ``App.still_key``; an App that draws nothing for a frame like the last then costs next to nothing);
- ``hover``: the pointer rests ``DWELL`` frames on each of: every zone the screen drew (buttons,
  side-panel cards, dice, log lines...), every board square, every survivor and enemy, in turn
  (so hover cards open); ``hover_<kind>``: the same while another kind of decision waits (a square to
  place a model on, an enemy to push, a target to pick, ...: :func:`hover_by_decision`);
- ``pan``: a right-button drag across the board; ``zoom``: the wheel in and out over the board;
- ``log``: ``LONG_LOG`` log lines behind the static frame, the log scrolled with the wheel;
- ``enemy``: the frames after the phase is ended, while the enemy phase animates (again from the
  next action phase when it is over);
- ``dialog``: the Pause menu open over the board (an overlay: the board is drawn below, dimmed);
- ``idle``: after ``static``, :data:`IDLE_S` seconds left alone as the window loop steps an idle
  screen: ``app_<map>_<WxH>_idle_draws`` frames drawn per second (target 0: an idle screen draws
  nothing; issue 30 item 2).

The dungeon's and the versus game's play screens (:data:`KITS`, issues 26 and 27) are measured too, at
both sizes (:func:`bench_kit`: static, hover over a grid, idle), on trees that have them.

Rows: ``app_<map>_<WxH>_<view>_p50`` / ``_p99`` (CPU ms of this process), the worst p99 last as
``frame_worst_p99`` (target: 4 ms, issue 30). ``python tools/bench_app.py --json`` prints the rows as
one JSON line (how ``--old`` measures another commit's tree with this same file).
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

FRAMES = 200
DWELL = 4
MID_ACTIONS = 60
LONG_LOG = 600
SIZES = ((1280, 720), (1920, 1080))
MAPS = (("city", "outskirts", 4), ("manor", "W1A", 2))

Row = tuple[str, float, str]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def _scenario(kind: str, which: str):
    if kind == "city":
        from game.content.loader import load_scenario

        return load_scenario(which)
    from game.content.mansion_pack import load_card_scenario, load_mansion_content, load_mansion_pack

    content = load_mansion_content()
    return load_card_scenario(load_mansion_pack(content), which, content)


def mid_game(kind: str, which: str, players: int, seed: int = 3):
    """A game on the map, bot-played ``MID_ACTIONS`` actions and then on to a survivor's action
    phase (where a person would be looking at the board). Returns (state, party, events)."""
    from game.__main__ import default_party
    from game.ai.bot import Bot
    from game.engine import apply, new_game

    scn = _scenario(kind, which)
    party = default_party(players, scn.content)
    s = new_game(scn, party, seed)
    bot = Bot(seed)
    events: list = []
    n = 0
    while not s.over and (n < MID_ACTIONS or s.pending.kind != "act"):
        events += apply(s, bot.choose(s))
        n += 1
        if n > MID_ACTIONS * 20:
            break
    return s, party, events


class Driver:
    """An App in a window of ``size`` showing ``state`` on the play screen; :meth:`frame` posts
    events and times one ``App.step``."""

    def __init__(self, size: tuple[int, int], state, party, events):
        from game.ui.app import App
        from game.ui.play import PlayScene

        os.environ["DREADBOARD_WINDOW"] = f"{size[0]}x{size[1]}"
        if pygame.display.get_init():
            pygame.display.quit()
        pygame.display.init()
        pygame.font.init()
        self.app = App(None, save_dir=tempfile.mkdtemp(prefix="dreadboard-bench-app-"),
                       scenario_factory=lambda sid, mp, fresh: state.scenario)
        self.play = PlayScene(self.app, state, list(party), ["human"] * len(party), events=events)
        self.app.stack = [self.play]
        self.size = pygame.display.get_surface().get_size()
        self.sx, self.sy = self.size[0] / 1280, self.size[1] / 720
        self.pointer = (2, 2)
        for _ in range(3):
            self.frame()  # warm caches: fonts, floor, sprites

    def win(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Logical 1280x720 pixels -> this window's pixels (the presenter fills the window, 16:9)."""
        return int(pos[0] * self.sx), int(pos[1] * self.sy)

    def move(self, pos, buttons=(0, 0, 0)) -> None:
        p = self.win(pos)
        rel = (p[0] - self.pointer[0], p[1] - self.pointer[1])
        self.pointer = p
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=rel, buttons=buttons))

    def frame(self, dt: float = 1 / 60) -> float:
        """One ``App.step`` on the queued events; its CPU time in ms."""
        t0 = time.process_time()
        self.app.step(None, dt)
        return (time.process_time() - t0) * 1000

    def run(self, prep, n: int = FRAMES) -> list[float]:
        out = []
        for i in range(n):
            prep(i)
            out.append(self.frame())
        return out


def hover_points(d: Driver) -> list[tuple[int, int]]:
    """Where a pointer can rest on the play screen: each zone drawn (one per key and value),
    each board square, each model."""
    view = d.play.view
    pts: list[tuple[int, int]] = []
    seen = set()
    for zones in (getattr(view, "zones", None), getattr(d.play, "zones", None)):
        for z in getattr(zones, "items", []) or []:
            k = (z.key, repr(getattr(z, "value", None)))
            if k not in seen:
                seen.add(k)
                pts.append(z.rect.center)
    lay = view.layout
    state = d.play.state
    for sq in sorted(state.scenario.board.square_tile):
        try:
            r = lay.square_rect(sq)
        except Exception:  # noqa: BLE001 - a layout without this helper (an old tree)
            break
        if view.board_area.collidepoint(r.center):
            pts.append(r.center)
    return pts


IDLE_S = 10.0  # seconds of idle measured
IDLE_STEP_S = 0.25  # how often the window loop wakes when idle (app.IDLE_WAIT_MS)


def idle_draws(app) -> list[float]:
    """Frames drawn per second by ``app`` left alone (no input; steps as the idle window loop makes
    them, every :data:`IDLE_STEP_S`): target 0 (issue 30 item 2). Counts calls of ``App.draw``, so
    an old tree is measured the same way. Returned as a one-element list (a row like the views')."""
    real, n = app.draw, [0]

    def counted() -> None:
        n[0] += 1
        real()

    app.draw = counted
    try:
        for _ in range(int(IDLE_S / IDLE_STEP_S)):
            app.step([], IDLE_STEP_S)
    finally:
        del app.draw
    return [n[0] / IDLE_S]


def decision_states(state, kinds_max: int = 6, steps: int = 400) -> dict[str, object]:
    """The first position of each kind of decision other than the action phase's (a square to place a
    model on, an enemy to push, a target to pick, a re-roll...) that bots meet playing on from
    ``state`` (a copy; at most ``kinds_max`` kinds, ``steps`` actions): kind -> a snapshot."""
    from game.ai.bot import Bot
    from game.engine import apply, snapshot

    s, bot, got = snapshot(state), Bot(11), {}
    for _ in range(steps):
        if s.over or len(got) >= kinds_max:
            break
        p = s.pending
        if p is not None and p.kind != "act" and p.options and p.kind not in got:
            got[p.kind] = snapshot(s)
        apply(s, bot.choose(s))
    return got


def hover_by_decision(d: Driver) -> dict[str, list[float]]:
    """``hover_<kind>``: the pointer resting on every point of :func:`hover_points` while each kind of
    decision of :func:`decision_states` waits (issue 30 item 6: its highlights, choice marks and hover
    cards differ from the action phase's). The play screen is put back as it was afterwards."""
    play = d.play
    keep = play.state
    out: dict[str, list[float]] = {}
    try:
        kinds = sorted(decision_states(keep).items())
    except Exception as exc:  # noqa: BLE001 - an old tree's bot or snapshot (this file measures old commits)
        print(f"# hover per decision kind not measured: {exc!r}", file=sys.stderr)
        return out
    try:
        for kind, st in kinds:
            play.state = st
            play._marks_key = None
            play_on_top(d)
            d.frame()
            pts = hover_points(d)

            def hover(i, pts=pts):
                if i % DWELL == 0:
                    d.move(pts[(i // DWELL) % len(pts)])

            out[f"hover_{kind}"] = d.run(hover, min(len(pts) * DWELL, FRAMES))
    finally:
        play.state = keep
        play._marks_key = None
    return out


def play_on_top(d: Driver) -> None:
    """The play screen back on top: a hand-over screen (PassDevice, pushed when the deciding seat changed
    between two people; every seat here is a person) and anything else over it closed, its hand-over
    forgotten. Since a screen under an overlay that does not run it holds still (idle work, a49801a), the views
    after :func:`hover_by_decision` were measured under a hand-over screen: the board not drawn, the enemy
    phase not played (0.01 ms frames)."""
    del d.app.stack[d.app.stack.index(d.play) + 1:]
    d.play.pending_pass = None


def bench_views(d: Driver) -> dict[str, list[float]]:
    """Every view's frame times on one driver (see the module doc)."""
    from game.engine import legal_actions
    try:  # the play screen's records: game.ui.playui since issue 24's split, game.ui.render before it (an old
        from game.ui import playui as R  # commit is measured by this same file)
    except ImportError:
        from game.ui import render as R

    play, view = d.play, d.play.view
    out: dict[str, list[float]] = {}
    rest = (6, 6)  # off the board and every button

    d.move(rest)
    settle = getattr(R, "PULSE_S", 0.0)  # a screen left alone stops pulsing after this long (playui.pulse_of)
    d.run(lambda i: None, int((settle + 0.5) * 60) if settle else 1)
    still = getattr(d.app, "still_key", None)  # (App.still_key since issue 30's idle work: None while anything
    for _ in range(12 * 60):  # runs on a clock, e.g. the zoom note still fading): left alone until it is still
        if still is None or still() is not None:
            break
        d.frame()
    out["static"] = d.run(lambda i: None)
    out["idle"] = idle_draws(d.app)

    pts = hover_points(d)

    def hover(i):
        if i % DWELL == 0:
            d.move(pts[(i // DWELL) % len(pts)])

    out["hover"] = d.run(hover, max(FRAMES, min(len(pts) * DWELL, 4 * FRAMES)))
    out.update(hover_by_decision(d))
    play_on_top(d)

    area = view.board_area

    def pan(i):
        x = area.left + 40 + (i % 100) * (area.width - 80) / 100
        y = area.centery + ((i // 100) % 2) * 40
        d.move((x, y), buttons=(0, 0, 1))

    out["pan"] = d.run(pan)
    view.pan = (0, 0)
    play_on_top(d)
    d.move(area.center)
    d.frame()

    def zoom(i):
        if i % 4 == 0:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if (i // 40) % 2 == 0 else -1,
                                                 flipped=False, precise_x=0.0, precise_y=1.0))

    out["zoom"] = d.run(zoom)
    view.zoom, view.pan = 1.0, (0, 0)

    play_on_top(d)
    for k in range(LONG_LOG):
        play.ui.log.append(R.LogLine("R-MOVE-1", f"Line {k}: a survivor moves through the loading bay and looks "
                                     "around for anything that could help, twice as long as most lines.", ""))
    log_rect = getattr(R, "LOG_RECT", None)
    if log_rect is not None:
        d.move(log_rect.center)

    def log(i):
        if i % 10 == 0:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if (i // 50) % 2 == 0 else -1,
                                                 flipped=False, precise_x=0.0, precise_y=1.0))

    out["log"] = d.run(log)
    d.move(rest)
    play_on_top(d)

    try:  # game.ui.scenes.pause since issue 24's split, game.ui.menus before it (an old commit runs this file)
        from game.ui.scenes.pause import Pause
    except ImportError:
        from game.ui.menus import Pause

    d.app.stack.append(Pause(play))
    out["dialog"] = d.run(lambda i: None)
    d.app.stack.pop()

    enemy: list[float] = []
    for _ in range(40):  # end phases until FRAMES frames of the enemy phase were seen
        s = play.state
        if s.over or len(enemy) >= FRAMES:
            break
        while not s.over and (s.pending.kind != "act" or not play.is_human(play.deciding_seat())):
            play.do(play.bot.choose(s), by="bot")
        end = next((a for a in legal_actions(s) if a.kind == "end_phase"), None) if not s.over else None
        if end is None:
            break
        play.ui.anim.finish()
        play_on_top(d)
        play.do(end)
        while play.ui.anim.busy and len(enemy) < FRAMES:
            enemy.append(d.frame())
    if enemy:
        out["enemy"] = enemy
    return out


def bench_app(frames: int = FRAMES, maps=MAPS, sizes=SIZES) -> list[Row]:
    """Rows for every map, window size and view; ``frame_worst_p99`` last."""
    global FRAMES
    FRAMES = frames
    rows: list[Row] = []
    worst = 0.0
    for kind, which, players in maps:
        for size in sizes:
            state, party, events = mid_game(kind, which, players)  # the same game (seeded) for each size
            d = Driver(size, state, party, events)
            for view, ts in bench_views(d).items():
                key = f"app_{kind}_{size[0]}x{size[1]}_{view}"
                if view == "idle":  # frames drawn per second, not a frame time
                    rows.append((f"{key}_draws", ts[0], "frames/s"))
                    continue
                p99 = pct(ts, 99)
                worst = max(worst, p99)
                rows += [(f"{key}_p50", statistics.median(ts), "ms"), (f"{key}_p99", p99, "ms")]
    rows.append(("app_menu_1280x720_idle_draws", menu_idle_draws(), "frames/s"))
    for kind in KITS:
        for size in sizes:
            try:
                got = bench_kit(kind, size)
            except ImportError:  # a tree without that mode's window (an old commit)
                break
            for view, ts in got.items():
                key = f"app_{kind}_{size[0]}x{size[1]}_{view}"
                if view == "idle":
                    rows.append((f"{key}_draws", ts[0], "frames/s"))
                    continue
                p99 = pct(ts, 99)
                worst = max(worst, p99)
                rows += [(f"{key}_p50", statistics.median(ts), "ms"), (f"{key}_p99", p99, "ms")]
    rows.append(("frame_worst_p99", worst, "ms"))
    return rows


KITS = ("dungeon", "versus")  # the modes with a window of their own (issues 26 and 27): their play screens


def kit_scene(kind: str, app, actions: int = 40, seed: int = 2):
    """The play screen of the mode ``kind`` mid-game: its engine game played ``actions`` actions by
    its bots, then shown with both seats human (the dungeon's Sunken Reliquary with 2 heroes; the
    versus game's Swift and the Saw). Raises ImportError on a tree without that window."""
    from game.engine import apply, legal_actions

    if kind == "dungeon":
        from game.ai.dungeon_bot import DungeonBot, party
        from game.content.dungeon_pack import dungeon_scenario
        from game.engine import new_game
        from game.ui.dungeon.play import DungeonPlay

        heroes = party(2)
        s = new_game(dungeon_scenario("sunken_reliquary"), heroes, seed)
        bot = DungeonBot(seed)
        for _ in range(actions):
            if s.over or not legal_actions(s):
                break
            apply(s, bot.choose(s))
        return DungeonPlay(app, s, heroes, ["human", "human"])
    from game.ai.versus_bots import make_bot
    from game.engine.versus import new_versus
    from game.ui.versus.scene import VersusScene

    s = new_versus("swift", None, seed)
    bots = [make_bot("greedy", seed), make_bot("random", seed + 1)]
    for _ in range(actions):
        if s.over or s.pending is None:
            break
        seat = s.pending.seat
        apply(s, bots[seat].choose(s, seat), seat)
    return VersusScene(app, s, ["", ""], ["human", "human"])


def bench_kit(kind: str, size: tuple[int, int]) -> dict[str, list[float]]:
    """A mode's play screen (:func:`kit_scene`) in a window of ``size``: ``static`` (left alone until
    it is still, ``App.still_key``, or 6 s), ``hover`` (the pointer resting ``DWELL`` frames on each
    point of a 16x9 grid over the screen) and ``idle`` (frames drawn per second, :func:`idle_draws`)."""
    from game.ui.app import App

    os.environ["DREADBOARD_WINDOW"] = f"{size[0]}x{size[1]}"
    if pygame.display.get_init():
        pygame.display.quit()
    pygame.display.init()
    pygame.font.init()
    app = App(None, save_dir=tempfile.mkdtemp(prefix="dreadboard-bench-kit-"))
    app.stack = [kit_scene(kind, app)]
    app.stack[-1].enter(app)
    sx, sy = pygame.display.get_surface().get_size()
    pointer = [0, 0]

    def move(pos) -> None:
        p = (int(pos[0] * sx / 1280), int(pos[1] * sy / 720))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(p[0] - pointer[0], p[1] - pointer[1]),
                                             buttons=(0, 0, 0)))
        pointer[:] = p

    def frame() -> float:
        t0 = time.process_time()
        app.step(None, 1 / 60)
        return (time.process_time() - t0) * 1000

    move((4, 4))
    for i in range(6 * 60):
        frame()
        if i > 30 and app.still_key() is not None:
            break
    out = {"static": [frame() for _ in range(FRAMES)]}
    pts = [(40 + 80 * x, 40 + 80 * y) for y in range(9) for x in range(16)]
    hover = []
    for i in range(max(FRAMES, len(pts) * DWELL // 2)):
        if i % DWELL == 0:
            move(pts[(i // DWELL) % len(pts)])
        hover.append(frame())
    out["hover"] = hover
    move((4, 4))
    for i in range(6 * 60):
        frame()
        if i > 30 and app.still_key() is not None:
            break
    out["idle"] = idle_draws(app)
    return out


def menu_idle_draws() -> float:
    """Frames drawn per second by the main menu left alone (see :func:`idle_draws`)."""
    from game.ui.app import App

    os.environ["DREADBOARD_WINDOW"] = "1280x720"
    if pygame.display.get_init():
        pygame.display.quit()
    pygame.display.init()
    pygame.font.init()
    app = App(None, save_dir=tempfile.mkdtemp(prefix="dreadboard-bench-menu-"))
    for _ in range(3):
        app.step([], 1 / 60)
    return idle_draws(app)[0]


def bench_app_old(rev: str, frames: int = FRAMES) -> list[Row]:
    """The same rows, in the same run, for the tree at commit ``rev`` (this file run by a subprocess
    that imports that tree's ``game``); names end in ``_at_<rev>``."""
    import json
    import subprocess
    from pathlib import Path

    from tools.bench import old_tree

    tree = old_tree(rev)
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--json", "--frames-per-view", str(frames)],
                       cwd=tree, env=env, capture_output=True, text=True, timeout=3600)
    if p.returncode != 0:
        raise RuntimeError(f"app frame bench at {rev} failed: {p.stderr.strip().splitlines()[-1:] or p.returncode}")
    return [(f"{n}_at_{rev}", v, u) for n, v, u in json.loads(p.stdout.strip().splitlines()[-1])]


if __name__ == "__main__":
    import argparse
    import json

    ap = argparse.ArgumentParser(description="App.step frame times per view")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--frames-per-view", type=int, default=FRAMES)
    args = ap.parse_args()
    got = bench_app(args.frames_per_view)
    if args.json:
        print(json.dumps(got))
    else:
        for n, v, u in got:
            print(f"{n}: {v:.2f} {u}")
