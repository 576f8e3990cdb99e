"""The map library (issue 15): maps an author drops into the user maps folder appear in the
scenario picker with their title, size and the checker's verdict; a broken one is listed with its
first problem; F5 reloads them. The folder is pointed at tmp_path with DREADBOARD_MAPS_DIR."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content import library  # noqa: E402
from game.ui import theme as T  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.menus import PartySetup  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def library_copy(folder: Path, name: str, title: str, scenario: str = "intro") -> Path:
    """maps/intro.tmx as an author's map in the library folder (references made absolute, as
    Tiled writes them relative to wherever the author keeps the map), with its own title."""
    text = (ROOT / "maps" / "intro.tmx").read_text(encoding="utf-8")
    text = text.replace('source="../assets/', f'source="{ROOT}/assets/').replace(
        'template="templates/', f'template="{ROOT}/maps/templates/')
    text = text.replace('<property name="title" value="Warehouse Breakout"/>',
                        f'<property name="title" value="{title}"/>\n  <property name="scenario" value="{scenario}"/>')
    p = folder / name
    p.write_text(text, encoding="utf-8")
    return p


@pytest.fixture()
def lib(tmp_path, monkeypatch):
    folder = tmp_path / "usermaps"
    folder.mkdir()
    monkeypatch.setenv(library.ENV, str(folder))
    yield folder
    pygame.display.quit()  # later tests check that loading maps never needs a display


def frame_texts(app: App, monkeypatch) -> list[str]:
    texts: list[str] = []
    orig, orig_block, orig_clean = T.text, T.text_block, T.clean

    def spy(surf, text, *a, **k):
        texts.append(str(text))
        return orig(surf, text, *a, **k)

    def spy_block(surf, text, *a, **k):
        texts.append(str(text))
        return orig_block(surf, text, *a, **k)

    def spy_clean(text):  # button labels go through theme.clean
        texts.append(str(text))
        return orig_clean(text)

    monkeypatch.setattr(T, "text", spy)
    monkeypatch.setattr(T, "text_block", spy_block)
    monkeypatch.setattr(T, "clean", spy_clean)
    app.step([], 0.05)
    monkeypatch.setattr(T, "text", orig)
    monkeypatch.setattr(T, "text_block", orig_block)
    monkeypatch.setattr(T, "clean", orig_clean)
    return texts


def make_app(tmp_path) -> App:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    return App(pygame.Surface((1280, 720)), save_dir=tmp_path / "save")


def test_maps_dir_follows_the_env_var_else_platformdirs(monkeypatch, tmp_path):
    monkeypatch.setenv(library.ENV, str(tmp_path))
    assert library.maps_dir() == tmp_path
    monkeypatch.delenv(library.ENV)
    from platformdirs import user_data_dir

    assert library.maps_dir() == Path(user_data_dir("dreadboard", appauthor=False)) / "maps"


def test_user_map_appears_in_the_picker_and_plays(lib, tmp_path, monkeypatch):
    """A map in the library folder is a picker button with its title and size; choosing it shows
    the checker's verdict and the rules it plays by; Start plays it on that map; F5 in the game
    reloads it from the library folder."""
    path = library_copy(lib, "cellar.tmx", "Cellar Run")
    app = make_app(tmp_path)
    ps = PartySetup(app)
    app.stack = [ps]
    texts = frame_texts(app, monkeypatch)
    assert "Cellar Run · 14x10" in texts  # the picker button
    entry = ps.library["map:cellar.tmx"]
    zone = next(z for z in ps.zones.items if z.key == "scenario" and z.value == entry.id)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=zone.rect.center, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=zone.rect.center, button=1)], 0.05)
    assert ps.sid == entry.id and ps.scenario is not None and ps.error == ""
    assert Path(ps.scenario.board.source).name == "cellar.tmx" and ps.scenario.board.name == "Cellar Run"
    texts = frame_texts(app, monkeypatch)
    assert "your map" in texts
    desc = next(t for t in texts if t.startswith("Your map cellar.tmx"))
    assert "14x10 squares" in desc and "rules of Warehouse Breakout" in desc and "no problem" in desc
    cmd = ps.start(app)
    assert cmd is not None
    app.apply(cmd)
    play = app.stack[-1]
    assert isinstance(play, PlayScene) and play.map_path == str(path)
    assert app.map_path is None  # the library map belongs to that game, not to later picks
    # F5 in the game reads the library map again (a change the author made shows)
    path.write_text(path.read_text().replace("Cellar Run", "Cellar Run II"))
    play.reload(app)
    assert play.state.scenario.board.name == "Cellar Run II"


def test_broken_user_map_is_listed_with_its_first_problem(lib, tmp_path, monkeypatch):
    (lib / "empty.tmx").write_text("")
    library_copy(lib, "good.tmx", "Good Map")
    app = make_app(tmp_path)
    ps = PartySetup(app)
    app.stack = [ps]
    names = [b.name for b in ps.briefs]
    assert "empty · broken" in names and "Good Map · 14x10" in names
    ps.select(app, "map:empty.tmx")
    assert ps.scenario is None and "empty.tmx: the file is empty" in ps.error
    texts = frame_texts(app, monkeypatch)
    assert any("empty.tmx: the file is empty" in t for t in texts)
    assert ps.problem() == "The scenario could not be loaded."  # Start stays off
    # the author fixes the map and presses F5 in the picker: it is checked again
    library_copy(lib, "empty.tmx", "Fixed Now")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode="", scancode=0)], 0.05)
    assert ps.sid == "map:empty.tmx" and ps.scenario is not None and ps.error == ""
    assert "Fixed Now · 14x10" in [b.name for b in ps.briefs]


def test_library_map_with_unknown_rules_says_so(lib, tmp_path):
    library_copy(lib, "odd.tmx", "Odd", scenario="no-such-scenario")
    (m,) = library.scan()
    assert not m.ok and m.problems[0].where == "map properties"
    assert "the property 'scenario' is 'no-such-scenario'" in m.verdict()


def test_map_rules_from_property_or_shipped_brief(lib):
    assert library.map_rules(ROOT / "maps" / "outskirts.tmx") == "outskirts"
    assert library.map_rules(library_copy(lib, "x.tmx", "X", scenario="outskirts")) == "outskirts"
    assert library.map_rules(ROOT / "maps" / "test_small.tmx") == "intro"
