"""Issue 23 item 2: the readers of saves and campaign saves raise errors whose parts (the place, the
problem, what to do) carry a message id and typed parameters (game.content.errors.P_), and the UI
words them from those (game.ui.errortext.worded), never by matching their English against patterns.
The tests switch the pattern table off: an error still matched by its English would stay English.
Each error keeps naming the file, the place and what to do."""
from __future__ import annotations

import json
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.content.errors import ContentError, Phrase  # noqa: E402
from tests.test_i18n_file_errors import english_left  # noqa: E402

pytestmark = pytest.mark.skipif(i18n.japanese_font() is None, reason=i18n.FONT_HINT)


@pytest.fixture()
def no_patterns(monkeypatch):
    """Japanese, and no English sentence pattern known to the UI (errortext._compiled empty)."""
    from game.ui import errortext

    monkeypatch.setattr(errortext, "_compiled", lambda: ())
    i18n.set_language("ja")
    yield errortext
    i18n.set_language("en")


def _error(fn, *a) -> ContentError:
    with pytest.raises(ContentError) as got:
        fn(*a)
    return got.value


def _save_cases(tmp: Path):
    """(what it is, the ContentError a reader raises for it)."""
    from game.content.campaign_saves import read_campaign_doc
    from game.content.saves import read_json_limited, read_save_doc

    empty = tmp / "empty.json"
    empty.write_text("  \n", encoding="utf-8")
    broken = tmp / "broken.json"
    broken.write_text('{"format": "dreadboard-save",\n "version": }', encoding="utf-8")
    other = tmp / "other.json"
    other.write_text(json.dumps({"format": "something-else"}), encoding="utf-8")
    huge = tmp / "huge.json"
    huge.write_text("[" * 300 + "]" * 300, encoding="utf-8")
    newer = tmp / "newer.json"
    from game.content.campaign_saves import CAMPAIGN_FORMAT, CAMPAIGN_SAVE_VERSION

    newer.write_text(json.dumps({"format": CAMPAIGN_FORMAT, "version": CAMPAIGN_SAVE_VERSION + 5}), encoding="utf-8")
    nan = tmp / "nan.json"
    nan.write_text('{"a": NaN}', encoding="utf-8")
    yield "empty save", _error(read_save_doc, empty)
    yield "not JSON", _error(read_save_doc, broken)
    yield "not a save", _error(read_save_doc, other)
    yield "nested", _error(read_save_doc, huge)
    yield "missing", _error(read_json_limited, tmp / "gone.json", 1 << 20, 64, "settings file")
    yield "newer campaign", _error(read_campaign_doc, newer)
    yield "a number no save holds", _error(read_save_doc, nan)


def test_save_reader_errors_carry_message_ids_and_parameters(tmp_path):
    """Every part of these reader errors is a Phrase (a message id with parameters), and its English
    words are the same sentence the reader wrote before (file, place, problem, hint)."""
    for what, ex in _save_cases(tmp_path):
        assert isinstance(ex.problem, Phrase) and ex.problem.msg, what
        assert ex.hint == "" or isinstance(ex.hint, Phrase), what
        assert ex.where == "" or isinstance(ex.where, Phrase) or ex.where.isidentifier(), what
        assert str(ex).startswith(ex.file) and " Hint: " in str(ex), (what, str(ex))


def test_save_reader_errors_are_japanese_without_english_patterns(tmp_path, no_patterns):
    """With no pattern to match, the errors are Japanese from their ids; they name the file, the
    place (a line of a broken file) and what to do."""
    from game.ui.errortext import error_text

    texts = {}
    for what, ex in _save_cases(tmp_path):
        text = error_text(ex)
        texts[what] = text
        assert ex.file in text, (what, text)
        assert not english_left(text), (what, text, english_left(text))
        assert text != str(ex)
    assert i18n._("line {n}").format(n=2) in texts["not JSON"]  # the place: the broken file's line
    assert i18n._("start a new game; the file is left as it is") in texts["empty save"]  # what to do
    assert i18n._("update the game to load it") in texts["newer campaign"]


def test_worded_uses_the_id_not_the_english(no_patterns):
    """A Phrase is worded by its id and parameters: a nested Phrase in turn, data as it is."""
    from game.content.errors import P_
    from game.ui.errortext import worded

    p = P_("the {what} is empty", what=P_("campaign save"))
    assert str(p) == "the campaign save is empty"
    assert worded(p) == i18n._("the {what} is empty").format(what=i18n._("campaign save")) != str(p)
    assert worded(P_("{n} recorded actions, more than {m}", n=7, m=5)) == \
        i18n._("{n} recorded actions, more than {m}").format(n=7, m=5)


def test_save_slot_summary_is_worded_from_its_id(tmp_path, no_patterns):
    """The Continue button's summary ('Outskirts · turn 1 · 2 survivors') is a message id with typed
    parameters (the scenario's name by its key, the counts), worded in Japanese without parsing the
    English back (game.ui.menus used a regular expression over it)."""
    from game.__main__ import default_party
    from game.content.loader import load_scenario
    from game.content.saves import inspect_slot, save_game
    from game.engine import new_game
    from game.ui.menus import save_summary

    s = new_game(load_scenario("outskirts"), default_party(2), 5)
    path = tmp_path / "save.json"
    save_game(path, s, default_party(2))
    info = inspect_slot(path, lambda sid, mp=None: load_scenario(sid))
    assert isinstance(info.summary, Phrase) and str(info.summary).endswith("· 2 survivors"), info.summary
    text = save_summary(info.summary)
    name = i18n.by_key(info.summary.params["name"].key, info.summary.params["name"])
    assert text == i18n._("{name} · turn {turn} · {n} survivors").format(name=name, turn=s.turn, n=2)
    assert name != str(info.summary.params["name"])


def _map_errors(tmp: Path):
    """(what it is, the MapError the map reader raises for it)."""
    from game.content.tiled import load_board

    broken = Path(__file__).resolve().parent / "maps" / "broken"
    empty = tmp / "empty.tmx"
    empty.write_text("\n", encoding="utf-8")
    bad_json = tmp / "bad.tmj"
    bad_json.write_text('{"width": 3,\n "height": }', encoding="utf-8")
    for what, path in (("empty map", empty), ("not JSON", bad_json), ("not XML", broken / "not_xml.tmx"),
                       ("not a map", broken / "not_a_map.tmx"), ("entities", broken / "entity.tmx"),
                       ("missing tileset", broken / "missing_tileset.tmx"), ("no exit", broken / "no_exit.tmx"),
                       ("no start 1", broken / "no_start1.tmx"), ("exit unreachable", broken / "exit_unreachable.tmx")):
        if not path.is_file():
            continue
        yield what, _error(load_board, path)


def test_map_reader_errors_are_worded_from_their_ids(tmp_path, no_patterns):
    """A map the reader cannot read (empty, not XML, not JSON, not a map, XML entities, a missing
    tileset it uses) is refused with a message id and parameters: Japanese without any English pattern,
    naming the file, the place (the line of a broken JSON file) and what to do. So is a map that lacks
    what every map needs (R-SCEN-5 a start 1, R-SCEN-6 an exit reachable from it)."""
    from game.ui.errortext import error_text, worded

    seen = {}
    for what, ex in _map_errors(tmp_path):
        assert isinstance(ex.problem, Phrase), (what, ex.problem)
        text = error_text(ex)
        seen[what] = text
        why = ex.problem.params.get("why")  # the XML parser's own words are data, shown as they are
        data = text.replace(why, "") if isinstance(why, str) and not isinstance(why, Phrase) else text
        left = [w for w in english_left(data) if w not in ("File", "Save")]  # Tiled's menu: File > Save As
        assert ex.file in text and not left, (what, text, left)
        assert ex.hint == "" or (isinstance(ex.hint, Phrase) and worded(ex.hint) in text), (what, text)
    assert {"empty map", "not JSON", "not XML", "not a map", "no exit", "no start 1", "exit unreachable"} <= set(seen), seen
    assert i18n._("line {n}").format(n=2) in seen["not JSON"]


def test_content_file_reader_errors_are_worded_from_their_ids(tmp_path, no_patterns):
    """A content file the YAML reader refuses (empty, not YAML, too many aliases, nested too deep, a
    number too long) is refused with message ids and parameters: Japanese without English patterns,
    naming the file, the line and what to do."""
    from game.content.readers import read_yaml
    from game.ui.errortext import error_text

    cases = {"empty.yaml": "\n", "broken.yaml": "a: [1, 2\nb: 3\n",
             "aliases.yaml": "a: &x 1\n" + "".join(f"k{i}: *x\n" for i in range(80)),
             "deep.yaml": "a: " + "[" * 40 + "]" * 40 + "\n", "number.yaml": "a: " + "9" * 40 + "\n"}
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        ex = _error(read_yaml, tmp_path / name)
        assert isinstance(ex.problem, Phrase) and isinstance(ex.hint, Phrase), (name, str(ex))
        shown = error_text(ex)
        why = ex.problem.params.get("why")  # the YAML parser's own words are data, shown as they are
        data = shown.replace(why, "") if isinstance(why, str) and not isinstance(why, Phrase) else shown
        assert ex.file in shown and not english_left(data), (name, shown, english_left(data))
        if name != "empty.yaml":
            assert ex.where and i18n._("line {n}").format(n=ex.where.params["n"]) in shown, (name, shown)


def _validate_problems(name: str):
    from game.content.tiled import validate_board

    return validate_board(Path(__file__).resolve().parent / "maps" / "broken" / name)


@pytest.mark.parametrize("name, rule", [("no_start1.tmx", "R-SCEN-5"), ("door_inside_tile.tmx", "R-COMP-3"),
                                        ("stairwell_unpaired.tmx", "R-STAIR-1"), ("locked_open_door.tmx", "R-DOOR-9"),
                                        ("green_unexplored.tmx", "R-EXPLORE-1, R-EXPLORE-2"),
                                        ("overfull_square.tmx", "R-COMP-8")])
def test_R_SCEN_5_map_check_rule_ids_are_typed(name, rule, no_patterns):
    """R-SCEN-5, R-COMP-3, R-STAIR-1, R-DOOR-9, R-EXPLORE-1/2, R-COMP-8 (issue 23 item 1): a map check
    cites its rule as the Phrase's typed ``rule``; the English words a map author reads (tools.validate,
    str) keep '(R-...)', a screen shows it only with "Show rule IDs" on, in Japanese and in English,
    and the sentence in the catalogue holds no ID."""
    from game.ui import ruleids
    from game.ui.errortext import error_text

    problems = [p for p in _validate_problems(name) if rule in str(p)]
    assert problems, [str(p) for p in _validate_problems(name)]
    ex = problems[0]
    ruled = next(x for x in (ex.problem, ex.hint) if isinstance(x, Phrase) and x.rule == rule)
    assert "R-" not in ruled.msg and f"({rule})" in str(ex)
    for lang in ("ja", "en"):
        i18n.set_language(lang)
        off = error_text(ex)
        try:
            ruleids.set_show_rule_ids(True)
            on = error_text(ex)
        finally:
            ruleids.set_show_rule_ids(False)
        assert rule not in off and f"({rule})" in on, (lang, off, on)
        assert ex.file in off
        if lang == "ja":
            left = [w for w in english_left(off.replace(ex.file, "")) if w != "crawler"]  # an enemy id: data
            assert not left, (off, left)


def test_R_COMP_8_overfull_square_list_is_worded_per_language(no_patterns):
    """R-COMP-8: the overfull square's contents are a list of phrases (each element's word, its object
    and units), joined as each language joins them, not an English list: in Japanese no English is left
    but the enemy ids (data)."""
    from game.ui.errortext import error_text

    (ex,) = _validate_problems("overfull_square.tmx")
    assert "enemy crawler (object 20, 2), enemy crawler (object 21, 2), corpse (object 22, 1)" in str(ex)
    text = error_text(ex)
    assert i18n._("corpse") in text and "、" in text and "object 22" not in text, text
    assert not [w for w in english_left(text) if w != "crawler"], (text, english_left(text))


def test_city_map_and_dungeon_card_errors_are_worded_from_their_ids(tmp_path, no_patterns, monkeypatch):
    """Issue 23 item 2: the city map's card checks (a rectangle named after no scenario, the scenarios
    left without a card) and the dungeon pack's card references (a map outside maps/dungeon/, a missing
    one) are Phrases: Japanese from their ids without English patterns, naming the file and place."""
    import copy

    from game.content.campaign_map import check_city_map, map_path
    from game.content.campaign_pack import load_pack
    from game.content.dungeon_pack import _card_map
    from game.content.errors import P_
    from game.ui.errortext import error_text
    from tests.kit import content

    pack = load_pack("city", content())
    from game.content import campaign_map

    w, h, pic, objs, probs = campaign_map.read_picture_map(map_path(pack))
    objs = list(objs)
    i = next(k for k, o in enumerate(objs) if o.name == "DT1")
    objs[i] = copy.copy(objs[i])
    objs[i].name = "XX1"  # a card named after no scenario: DT1 is left without one
    monkeypatch.setattr(campaign_map, "read_picture_map", lambda p: (w, h, pic, objs, probs))
    _map, problems = check_city_map(pack)
    assert problems and all(isinstance(p.problem, Phrase) for p in problems), [str(p) for p in problems]
    for p in problems:
        shown = error_text(p)
        left = [w for w in english_left(shown.replace(p.file, "")) if w not in ("campaign", "slot", "type", "Downtown", "XX1", "DT1")]  # data
        assert not left, (shown, left)
    where = P_("line {n}: {where}", n=3, where=P_("card '{x}'", x="A"))
    for name in ("../outside.tmx", "nowhere/START.tmx"):
        with pytest.raises(ContentError) as got:
            _card_map(tmp_path / "scn.yaml", where, "A", name)
        shown = error_text(got.value)
        assert isinstance(got.value.problem, Phrase) and i18n._("line {n}: {where}").split("{")[0] in shown
        left = [w for w in english_left(shown.replace(got.value.file, "")) if w not in ("START", "nowhere", "outside", "tmx", "tmj")]
        assert not left, (shown, left)
