"""Issue 23 item 1 leftovers on the play screen: its menus word items, doors and counts through the
message catalogues (``menu.*`` ids, en+ja, plural forms on ``n``), never English written in the code:
the item menu ("Use {item}"), the discard question, a door's label. In Japanese none of them has a
Latin letter (the item's name comes from the content catalogue by its stable key)."""
from __future__ import annotations

import re

import pytest

from game import i18n
from game.engine import legal_actions
from game.engine.query import View
from tests.ui_kit import japanese_dir, play_at_act

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(params=["en", "ja"])
def lang(request):
    if request.param == "ja" and i18n.japanese_font() is None:
        pytest.skip(i18n.FONT_HINT)
    yield request.param
    i18n.set_language("en")


def test_item_and_door_menus_are_worded_by_message_ids(tmp_path, lang):
    app, play = play_at_act(japanese_dir(tmp_path) if lang == "ja" else tmp_path, "intro")
    i18n.set_language(lang)
    st = play.state
    uid = next(iter(play.marks.act.discard))
    name = View.of(st).item(uid).name
    cmd = play.side_button("discard", uid)
    title, labels = cmd.scene.title, [lbl for lbl, _a in cmd.scene.options]
    if lang == "en":
        assert title == f"Discard {name}? (free, the card is gone)" and labels == [f"Discard {name}"]
    else:
        assert i18n._(name) in title and not re.search(r"[A-Za-z]", title + labels[0]), (title, labels)


def test_a_door_s_label_is_worded_by_message_ids(tmp_path, lang):
    """A closed door east of Vera: "Open the door to the east" / 「東の扉を開ける」 (menu.door.door_closed)."""
    from game.engine.board import edge_id, edge_key
    from tests.kit import board, game
    from tests.ui_kit import play_app

    s = game(board("AB", doors=[((0, 0), (1, 0))], start={1: (0, 0)}))
    app, play = play_app(japanese_dir(tmp_path) if lang == "ja" else tmp_path, s)
    i18n.set_language(lang)
    door = next(a for a in legal_actions(s) if a.kind == "door" and a.edge == edge_id(edge_key((0, 0), (1, 0))))
    label = play.door_label(door)
    assert label == "Open the door to the east" if lang == "en" else label == "東の扉を開ける", label
