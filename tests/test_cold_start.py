"""Cold start (issue 30 item 3, issue 24 item 5): the first menu frame imports only what the menu
needs: not the engine, not the map reader, and no package only to find a file (pygame_gui was
imported only for its font files; the fonts are shipped in assets/fonts/ by tools/fetch_fonts.py).
The time itself is ``python -m tools.bench --startup`` (a figure, not a test: the machine is shared)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FIRST_FRAME = r"""
import json, sys, tempfile
import pygame
pygame.display.init(); pygame.font.init()
from game.ui.app import App
app = App(save_dir=tempfile.mkdtemp(prefix="dreadboard-cold-"))
app.step([])
from game.ui import theme as T
print(json.dumps({"top": type(app.top).__name__, "modules": sorted(sys.modules),
                  "font": T.font_path(), "mono": T.font_path(mono=True)}))
"""


def test_the_first_menu_frame_imports_no_engine_no_map_reader_and_no_pygame_gui():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout.strip().splitlines()[-1])
    assert got["top"] == "MainMenu"
    mods = set(got["modules"])
    assert "pygame_gui" not in mods
    # no pydantic model is built before a file is read: no settings file, no save (issue 30 item 3)
    assert not any(m == "pydantic" or m.startswith("pydantic.") for m in mods), "pydantic imported for the first frame"
    heavy = sorted(m for m in mods if m.startswith(("game.engine", "game.content.tiled", "game.content.loader",
                                                    "game.content.library", "pytmx", "pyscroll", "yaml")))
    assert heavy == [], f"imported for the first menu frame: {heavy}"
    # the text fonts are the shipped ones
    assert Path(got["font"]) == ROOT / "assets" / "fonts" / "NotoSans-Regular.ttf"
    assert Path(got["mono"]) == ROOT / "assets" / "fonts" / "FiraCode-Regular.ttf"


def test_the_shipped_fonts_are_the_pinned_ofl_files():
    from tools.fetch_fonts import check

    assert check() == []


MAKE_SAVE = r"""
import sys
import pygame
pygame.display.init(); pygame.font.init()
from game.engine import apply, legal_actions
from game.ui.app import App
app = App(pygame.Surface((1280, 720)), save_dir=sys.argv[1])
play = app.start_game(app.default_party(2), ["human", "human"], seed=5)
for _ in range(12):
    apply(play.state, legal_actions(play.state)[0])
app.save(play.state, play.party, ["human", "human"])
"""

FIRST_FRAMES = r"""
import json, sys, threading
import pygame
pygame.display.init(); pygame.font.init()
from game.ui import app as A
where = []  # the threads the save was checked in
real = A.inspect_slot
def inspect(*a, **k):
    where.append(threading.current_thread().name)
    return real(*a, **k)
A.inspect_slot = inspect
app = A.App(save_dir=sys.argv[1])
app.step([])
first = sorted(m for m in sys.modules if m.startswith("game.engine"))
rows = [k for _l, k, _e in app.top.entries(app)]
app.step([])  # the second frame: the check starts behind the menu
frames = 0  # menu frames drawn while the save was being checked
while app.top.checking(app) and frames < 3:
    app.step([])
    frames += 1
from game.ui.saveslots import saved_games
saved_games(app).games()  # as Continue asks: the check under way is waited for, not done twice
from game.ui import theme as T
T.SHOWN = []
app.step([])
print(json.dumps({"first": first, "rows": rows, "then": T.SHOWN, "status": app.save_info().status, "where": where,
                  "frames": frames}))
"""


def test_a_saved_game_is_checked_after_the_first_menu_frame(tmp_path):
    """Issue 30 item 3: with a save in the slot, the first menu frame offers Continue without checking
    the save (which loads the engine, the content and the scenario and replays the game: ~0.5 s); from
    the next frame on a thread behind the menu checks it while the menu's frames go on (it blocked the
    second frame before), then the menu says what Continue opens; Continue asked meanwhile waits for that
    check instead of checking the save a second time."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    made = subprocess.run([sys.executable, "-c", MAKE_SAVE, str(tmp_path)], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=300)
    assert made.returncode == 0, made.stderr[-2000:]
    p = subprocess.run([sys.executable, "-c", FIRST_FRAMES, str(tmp_path)], capture_output=True, text=True, cwd=ROOT,
                       env=env, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    got = json.loads(p.stdout.strip().splitlines()[-1])
    assert got["first"] == [], f"the first frame imported {got['first']}"
    assert "continue" in got["rows"] and got["status"] == "ok"
    assert got["where"] == ["dreadboard-save-check"] and got["frames"] == 3, got
    assert any(t.startswith("Continue: ") for t in got["then"]), got["then"]
