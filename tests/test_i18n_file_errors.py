"""Issue 12, errors from files in Japanese (game/ui/errortext.py): with Japanese chosen, the error a
screen shows for a broken card file or scenario brief (content lint: an unknown keyword, a value of
the wrong type, a missing field, an unknown item in a brief, an unknown field in a brief, broken
YAML, a duplicate id, an emptied file) and for every broken map of tests/maps/broken (the map
loader's and tools.validate's checks, opened with --map, and picked from the user maps folder) has
no English word left. The data inside an error stays as it is: file paths, ids and values in quotes,
the keywords a file may use (upper case), and rule IDs."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui import theme as T  # noqa: E402
from tests.ui_kit import shown_text as shown_on  # noqa: E402

pytestmark = [pytest.mark.usefixtures("display"),
              pytest.mark.skipif(i18n.japanese_font() is None, reason=i18n.FONT_HINT)]

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "maps" / "broken"
ENGLISH = re.compile(r"[A-Za-z][A-Za-z'’-]{2,}")
# data inside an error: quoted values ('x', 「x」), tags, paths and file names, KEYWORDS, rule IDs, snake_case ids
DATA = re.compile(r"(?<=いずれかを使ってください：).*|'[^']*'|「[^」]*」|<[^>]*>|\S*[/\\.]\S*|\b[A-Z][A-Z0-9_]+\b"
                  r"|\b(?:R|DV|M|MDV)-[A-Z0-9.-]+|\b[a-z0-9]+(?:_[a-z0-9]+)+\b")  # the list of valid ids, and ids
ALLOWED = {"Dreadboard", "Tiled", "UTF", "pytmx", "Map", "Properties", "New", "Resize", "View", "Snapping",
           "Snap", "Grid", "Fine", "Orientation", "Orthogonal", "Infinite", "Tile", "Layer", "Format", "Base",
           "zlib", "gzip", "zstd", "Class", "Type", "Width", "Height", "state", "closed", "lock", "one_way",
           "unexplored", "pair", "board_tile", "progression", "start", "door", "python", "tools"}
# the content lint cases: (file under the copied data, text to find, replacement)
CONTENT_CASES = (
    ("data/tension.yaml", "effect: [{op: NONE}]", "effect: [{op: FROBNICATE}]"),  # unknown keyword
    ("data/items.yaml", "capacity: 6", "capacity: six"),  # wrong type (pydantic)
    ("data/enemies.yaml", "    move: ", "    mvoe: "),  # a field missing (and one unknown)
    ("scen/outskirts.yaml", "item_b: [", "item_b: [golden_spoon, "),  # a brief names an unknown item
    ("scen/outskirts.yaml", "tier: 2", "teir: 2"),  # a brief's unknown field
    ("data/narrative.yaml", "narrative:", "narrative: [oops"),  # not YAML
    ("data/characters.yaml", "  - id: mateo", "  - id: vera"),  # duplicate id
    ("data/behaviour.yaml", "behaviour:", ""),  # the top-level list gone
)


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")
    T.SHOWN = None


def english_left(s: str) -> list[str]:
    return [w for w in ENGLISH.findall(DATA.sub(" ", s)) if w not in ALLOWED]


def japanese_app(folder: Path, **kw):
    from game.ui.app import App

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text('{"language": "ja"}')
    return App(pygame.Surface((T.W, T.H)), save_dir=folder, **kw)


def error_lines(app, must: str) -> list[str]:
    """The lines of the party set-up that carry its error (the line naming ``must`` and the lines after
    it: the error wraps over several lines)."""
    lines = shown_on(app)
    at = next((i for i, s in enumerate(lines) if must in s), None)
    assert at is not None, f"no error naming {must!r} on screen: {lines[:40]}"
    return lines[at:at + 6]


def test_issue12_content_lint_errors_on_screen_are_japanese(tmp_path, monkeypatch):
    from game.content import loader
    from game.ui.menus import PartySetup

    i18n.set_language("ja")
    problems, seen = [], 0
    for k, (file, old, new) in enumerate(CONTENT_CASES):
        base = tmp_path / f"case{k}"
        shutil.copytree(loader.DATA, base / "data")
        shutil.copytree(loader.SCENARIOS, base / "scen")
        p = base / file
        text = p.read_text()
        assert old in text, (file, old)
        p.write_text(text.replace(old, new, 1))
        monkeypatch.setenv("DREADBOARD_CONTENT", str(base / "data"))
        monkeypatch.setattr(loader, "SCENARIOS", base / "scen")
        app = japanese_app(base / "save")
        app.stack = [PartySetup(app)]
        for s in error_lines(app, Path(file).name):
            seen += 1
            if english_left(s):
                problems.append(f"{file} ({new!r}): {s!r} -> {english_left(s)}")
    assert seen >= len(CONTENT_CASES)
    assert not problems, "\n".join(problems)


MANOR_CASES = (
    ("encounter.yaml", "clues: 0, wounds: 0, hazard: false, special: [{op: NONE}]",
     "clues: 2, wounds: 0, hazard: false, special: [{op: NONE}]"),  # the top edges no longer add up (MDV-6)
    ("missions.yaml", "completion: [{op: STASH_A, n: 2}]", "completion: [{op: SPAWN, n: 2, enemies: [zombie]}]"),
    ("characters.yaml", "special: quick_hands", "special: quick_feet"),  # an unknown special
)


def test_issue12_manor_content_errors_on_screen_are_japanese(tmp_path, monkeypatch):
    """The manor's own content checks (game.content.mansion_pack: deck totals, mission deck rules,
    specials) shown by the manor campaign menu in Japanese."""
    from game.content import mansion_pack
    from game.ui.manor import ManorCampaignMenu

    i18n.set_language("ja")
    problems, seen = [], 0
    shipped = mansion_pack.MANSION_DATA
    try:
        for k, (file, old, new) in enumerate(MANOR_CASES):
            base = tmp_path / f"manor{k}"
            shutil.copytree(shipped, base / "mansion")
            p = base / "mansion" / file
            text = p.read_text()
            assert old in text, (file, old)
            p.write_text(text.replace(old, new, 1))
            monkeypatch.setattr(mansion_pack, "MANSION_DATA", base / "mansion")
            mansion_pack.mansion_content.cache_clear()
            app = japanese_app(base / "save")
            app.stack = [ManorCampaignMenu()]
            for s in error_lines(app, file):
                seen += 1
                if english_left(s):
                    problems.append(f"{file} ({new!r}): {s!r} -> {english_left(s)}")
    finally:
        monkeypatch.undo()
        mansion_pack.mansion_content.cache_clear()
    assert seen >= len(MANOR_CASES)
    assert not problems, "\n".join(problems)


def test_issue12_every_broken_maps_error_on_screen_is_japanese(tmp_path):
    """Each broken map of tests/maps/broken opened with --map (the party set-up shows why it cannot be
    played): the map loader's and tools.validate's sentences, places and hints in Japanese."""
    from game.ui.menus import PartySetup

    i18n.set_language("ja")
    maps = sorted(BROKEN.glob("*.tm*"))
    assert len(maps) >= 35
    problems = []
    for k, m in enumerate(maps):
        app = japanese_app(tmp_path / f"m{k}", map_path=str(m))
        app.stack = [PartySetup(app)]
        for s in error_lines(app, m.name):
            if english_left(s):
                problems.append(f"{m.name}: {s!r} -> {english_left(s)}")
    assert not problems, "\n".join(problems)


def test_issue12_a_broken_map_in_the_maps_folder_is_listed_with_a_japanese_verdict(tmp_path, monkeypatch):
    """The map picker's verdict on maps in the user maps folder (their first problem and how many more)
    is Japanese too."""
    from game.content import library
    from game.ui.menus import PartySetup

    folder = tmp_path / "maps"
    folder.mkdir()
    for name in ("door_inside_tile", "stairwell_unpaired", "tiles_overlap"):
        shutil.copy(BROKEN / f"{name}.tmx", folder / f"{name}.tmx")
    monkeypatch.setenv(library.ENV, str(folder))
    i18n.set_language("ja")
    problems = []
    for k, name in enumerate(("door_inside_tile", "stairwell_unpaired", "tiles_overlap")):
        app = japanese_app(tmp_path / f"s{k}")
        ps = PartySetup(app)
        sid = next(s for s, lib in ps.library.items() if lib.map.path.name == f"{name}.tmx")
        ps.select(app, sid)
        app.stack = [ps]
        assert ps.error
        for s in error_lines(app, f"{name}.tmx"):
            if english_left(s):
                problems.append(f"{name}: {s!r} -> {english_left(s)}")
    assert not problems, "\n".join(problems)


def test_issue12_an_unknown_sentence_is_not_half_translated():
    """The word patterns ('{what} ...') are used only for words the catalogue knows: a sentence no
    pattern knows stays whole English instead of coming out half Japanese."""
    from game.ui.errortext import phrase

    i18n.set_language("ja")
    assert phrase("teapot 'x'") == "teapot 'x'"
    assert phrase("the gizmo is outside every board tile") == "the gizmo is outside every board tile"
    assert phrase("the door is outside every board tile") == "ドアがどのボードタイルにも入っていません"
