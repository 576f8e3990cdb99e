"""The dungeon's map cards authored in Tiled (issue 26 item 3; rules/dungeon.md D-MAP-2, 16.7): one
map per card under ``maps/dungeon/<dungeon>/``, written from the drawings by
``tools/make_dungeon_maps.py``, read by the shared Tiled readers into the very cards the drawings
give, checked by ``tools.validate`` with errors naming the file, the object and the square, and
read the same after the real Tiled client re-saves them (``.tmx`` and ``.tmj``)."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game.content.dungeon_maps import MAPS, load_dungeon_card
from game.content.dungeon_pack import load_dungeon_pack
from game.content.errors import ContentError
from game.content.tiled import MapError, validate_board
from game.engine.dungeon.defs import Side, Terrain
from tools import make_dungeon_maps, validate

ROOT = Path(__file__).resolve().parents[1]
TILED = shutil.which("tiled")
DRAWN = {(sid, cid): card for f in sorted(make_dungeon_maps.DRAWINGS.glob("*.yaml"))
         for sid, cards in [make_dungeon_maps.cards_of(f)] for cid, card in cards.items()}


def test_D_MAP_2_every_shipped_card_is_read_from_its_tiled_map_as_drawn():
    """D-MAP-2, D-TERRAIN-1/2/4/5/6, 16.7: each dungeon's cards come from its Tiled maps, and each
    equals its drawing square for square (terrain, exits, entrance, encounter point, start squares
    in order, the altar), with its name."""
    pack = load_dungeon_pack()
    assert len(DRAWN) == sum(len(s.cards) for s in pack.scenarios.values()) >= 20
    for (sid, cid), want in DRAWN.items():
        got = pack.scenarios[sid].cards[cid]
        assert got == want, (sid, cid)
    sr = pack.scenarios["sunken_reliquary"].cards
    assert sr["START"].exits == {Side.N, Side.E} and sr["START"].entrance is None
    assert sr["START"].start_squares == ((2, 3), (1, 4), (2, 4), (3, 4)) and sr["START"].encounter_point == (2, 1)
    assert sr["C2"].terrain[(3, 0)] is Terrain.PIT and sr["C1"].terrain[(2, 1)] is Terrain.WATER
    assert sr["C3"].markers == {"altar": ((2, 0),)} and sr["C3"].name == "Reliquary Vault"


def test_the_maps_are_written_from_the_drawings_and_validate_clean(capsys):
    """``tools.make_dungeon_maps --check`` finds the committed maps up to date; ``tools.validate``
    (also what the in-editor check runs) finds no problem in them."""
    assert make_dungeon_maps.main(["--check"]) == 0
    assert validate.main([str(MAPS)]) == 0
    out = capsys.readouterr().out
    assert "sunken_reliquary/C3.tmx: ok" in out and out.count(": ok") == len(DRAWN)


def _card_text(sid="sunken_reliquary", cid="C2") -> str:
    text = (MAPS / sid / f"{cid}.tmx").read_text(encoding="utf-8")
    return text.replace('"../../../assets/', f'"{ROOT}/assets/').replace('"../../templates/', f'"{ROOT}/maps/templates/')


def _obj(kind: str, cell: tuple[int, int], oid: int = 90, props: str = "") -> str:
    x, y = cell[0] * 64 + 32, cell[1] * 64 + 32
    return f'  <object id="{oid}" template="{ROOT}/maps/templates/{kind}.tx" x="{x}" y="{y}">{props}<point/></object>\n'


BROKEN = [
    (lambda t: t.replace(" </objectgroup>", _obj("dn_exit", (6, 5)) + " </objectgroup>"),
     "an exit lies on the half-square just outside the middle of an edge", (6, 5)),
    (lambda t: t.replace(" </objectgroup>", _obj("dn_water", (0, 0)) + " </objectgroup>"),
     "lies off the card's 5 x 5 core", (0, 0)),
    (lambda t: t.replace(" </objectgroup>", _obj("dn_encounter", (2, 2)) + " </objectgroup>"),
     "two encounter points", (2, 2)),
    (lambda t: t.replace(" </objectgroup>", _obj("dn_pit", (1, 1)) + " </objectgroup>"),
     "the square already has dn_wall", (1, 1)),
    (lambda t: t.replace(" </objectgroup>", _obj("dn_marker", (1, 1)) + " </objectgroup>"),
     "the dn_marker stands on a wall square", (1, 1)),
    (lambda t: t.replace(" </objectgroup>", _obj("dn_entrance", (3, 0)) + " </objectgroup>"),
     "the entrance ▲ lies just outside the middle of the S edge", (3, 0)),
    (lambda t: t.replace(" </objectgroup>", _obj("dn_start", (3, 3)) + " </objectgroup>"),
     "start squares on a card with an entrance", None),
    (lambda t: re.sub(r" <layer .*?</layer>\n", "", t, flags=re.S).replace('width="7" height="7" tilewidth',
                                                                             'width="8" height="7" tilewidth'),
     "a dungeon map card is 7 x 7 squares", None),
]


@pytest.mark.parametrize("edit, words, square", BROKEN)
def test_D_MAP_2_a_broken_card_is_refused_naming_the_file_the_object_and_the_square(tmp_path, edit, words, square):
    """D-MAP-2, D-TERRAIN-4/5: the validator (and the in-editor check, which reads its JSON report)
    names the file, the object and its square (Tiled cells) for an exit off an edge's middle, terrain
    off the core, a second encounter point, two terrains on a square, a marker on a wall, an
    entrance off the S middle, start squares on a card with an entrance, a map of the wrong size;
    loading the card raises MapError with the same."""
    p = tmp_path / "C2.tmx"
    p.write_text(edit(_card_text()), encoding="utf-8")
    problems = validate_board(p)
    hit = [e for e in problems if words in e.problem]
    assert hit, [str(e) for e in problems]
    assert "C2.tmx" in hit[0].file
    if square is not None:
        assert f"square ({square[0]}, {square[1]})" in hit[0].where and "object 90" in hit[0].where
    with pytest.raises(MapError) as ex:
        load_dungeon_card(p)
    assert "C2.tmx" in str(ex.value)
    doc = validate.report([p])
    rec = [r for r in doc["maps"][0]["problems"] if words in r["message"]][0]
    assert rec["file"].endswith("C2.tmx") and (square is None or rec["square"] == list(square))


def test_a_city_map_is_not_a_dungeon_card(tmp_path):
    """Bad input: a map without dn_ objects is refused as a card, naming the file."""
    with pytest.raises(MapError, match="not a dungeon map card"):
        load_dungeon_card(ROOT / "maps" / "intro.tmx")


def test_a_scenario_naming_a_missing_or_outside_map_names_the_file_line_and_card(tmp_path):
    """The scenario file's card entries: a map that does not exist, one outside maps/dungeon/, one
    the readers refuse: ContentError with the scenario file, its line and the card."""
    from game.content.dungeon_pack import read_scenario

    base = (ROOT / "assets/data/dungeon/scenarios/sunken_reliquary.yaml").read_text(encoding="utf-8")
    p = tmp_path / "sr.yaml"
    for old, new, words in (("sunken_reliquary/C2.tmx", "sunken_reliquary/C9.tmx", "does not exist"),
                            ("sunken_reliquary/C2.tmx", "../../../maps/intro.tmx", "inside maps/dungeon/"),
                            ("sunken_reliquary/C2.tmx", "sunken_reliquary/C2.yaml", "not a .tmx or .tmj")):
        p.write_text(base.replace(old, new), encoding="utf-8")
        with pytest.raises(ContentError) as ex:
            read_scenario(p)
        assert "sr.yaml" in str(ex.value) and "card 'C2'" in str(ex.value) and words in str(ex.value), str(ex.value)


# ---------------------------------------------------------------------------- the real Tiled client
def _tiled(tmp: Path, *args: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp / "home"), XDG_CONFIG_HOME=str(tmp / "cfg"),
               XDG_RUNTIME_DIR=str(tmp / "run"))
    for d in ("home", "cfg", "run"):
        (tmp / d).mkdir(mode=0o700, exist_ok=True)
    r = subprocess.run([TILED, *args], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, f"tiled {' '.join(args)} failed:\n{r.stdout}\n{r.stderr}"


@pytest.mark.skipif(TILED is None, reason="the Tiled client is not installed (apt-get install tiled); CI installs it")
@pytest.mark.parametrize("sid, cid", [("sunken_reliquary", "START"), ("sunken_reliquary", "C2"),
                                      ("sunken_reliquary", "C3"), ("witchs_well", "COVEN")])
def test_D_MAP_2_cards_resaved_by_tiled_read_the_same(tmp_path, sid, cid):
    """What Tiled itself writes back (``--export-map`` as JSON ``.tmj`` and as ``.tmx``, next to the
    shipped card so its tileset and templates resolve) is read as the same card."""
    want = load_dungeon_card(MAPS / sid / f"{cid}.tmx")
    for fmt, suffix in (("json", ".tmj"), ("tmx", ".tmx")):
        out = MAPS / sid / f".{cid}.resaved{suffix}"
        try:
            _tiled(tmp_path, "--export-map", fmt, str(MAPS / sid / f"{cid}.tmx"), str(out))
            if fmt == "json":
                assert json.loads(out.read_text(encoding="utf-8"))["width"] == 7
            assert load_dungeon_card(out, cid) == want, fmt
            assert validate_board(out) == []
        finally:
            out.unlink(missing_ok=True)


def test_a_broken_card_s_problems_are_worded_in_japanese(tmp_path):
    """Issue 12 for the dungeon cards: every problem and hint the card checks give (what the map
    picker and the --map screen show) has a Japanese sentence (game.ui.lint_patterns); the
    object, square and element name inside it stay as data."""
    from game import i18n
    from game.ui.errortext import phrase

    edits = [edit for edit, _words, _square in BROKEN]
    problems = []
    for k, edit in enumerate(edits):
        p = tmp_path / f"C{k}.tmx"
        p.write_text(edit(_card_text()), encoding="utf-8")
        problems += validate_board(p)
    other = tmp_path / "other.tmx"
    other.write_text(_card_text().replace(" </objectgroup>", _obj("dn_entrance", (3, 6), 91) + " </objectgroup>"),
                     encoding="utf-8")  # a second entrance
    problems += validate_board(other)
    assert len(problems) >= 9
    was = i18n.language()
    i18n._state["catalogues"]["ja"] = i18n.catalogue("ja")
    i18n._state["lang"] = "ja"
    try:
        english = [(e.problem, e.hint) for e in problems if phrase(e.problem) == e.problem or phrase(e.hint) == e.hint]
        assert "dn_water" in phrase(next(e.problem for e in problems if "off the card" in e.problem))
    finally:
        i18n._state["lang"] = was
    assert not english, english
