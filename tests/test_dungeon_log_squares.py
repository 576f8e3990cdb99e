"""Issue 26 leftover: the dungeon's log said where a figure went by raw coordinates ("Brannoc Hale
moves to (8, 6).", the engine's square reference had no room). A walk is now worded by the name of
the map card the board draws there (D-MAP-3/5: a junction belongs to both its cards): "moves
within the Sinkhole Landing" on one card, "moves into the Drowned Gallery" onto another, through
message ids and a typed square reference, in English and Japanese."""
from __future__ import annotations

import re

from game.content.dungeon_pack import dungeon_scenario
from game.ui.words import words
from tests.dungeon_kit import hero, move, position

CARDS = [("START", (0, 0), 0), ("C1", (1, 0), 90)]  # X4: C1 east of START, its ▲ on the junction (5,2)


def _walks(events) -> list:
    return [e for e in events if e.kind in ("move", "enemy_move")]


def test_a_heros_walk_is_worded_by_the_map_card_it_ends_on_never_by_coordinates():
    s = position(dungeon_scenario("sunken_reliquary"), cards=CARDS, heroes=[hero("brannoc", (3, 2), "warbrand", "battle_surge")])
    within = _walks(move(s, (4, 2)))
    assert [e.msg for e in within] == ["dungeon.move_within"]
    assert words(within[0], "en") == "Brannoc Hale moves within the Sinkhole Landing."
    into = _walks(move(s, (6, 2)))  # through the junction onto C1
    assert [e.msg for e in into] == ["dungeon.move_into"]
    assert words(into[0], "en") == "Brannoc Hale moves into the Drowned Gallery."
    assert into[0].data["to"] == [6, 2]  # the square itself stays in the event's data (the board's walk)
    for e in within + into:
        for lang in ("en", "ja"):
            assert not re.search(r"\(\s*\d+\s*,\s*\d+\s*\)", words(e, lang)), words(e, lang)
    ja = words(into[0], "ja")
    assert ja.endswith("水没した回廊へ移動した。"), ja  # the card's name from the content catalogue


def test_an_enemys_walk_is_worded_by_the_map_card_too():
    from tests.dungeon_kit import end_turn, enemy

    s = position(dungeon_scenario("sunken_reliquary"), cards=CARDS,
                 heroes=[hero("brannoc", (2, 4), "warbrand", "battle_surge")],
                 enemies=[enemy("green", 3, (2, 1), alerted=True)])  # X6's Briar Slinger, alerted
    walks = [e for e in end_turn(s) if e.kind == "enemy_move"]
    assert walks and {e.msg for e in walks} == {"dungeon.enemy_move_within"}
    assert words(walks[0], "en") == "The Briar Slinger moves within the Sinkhole Landing."
    assert words(walks[0], "ja").endswith("の中を移動。") and "(" not in words(walks[0], "ja")


def test_a_move_or_fleetfoot_choice_names_the_card_and_its_row_and_column_not_coordinates():
    """The labels of squares offered in a list (a Move, Fleetfoot's 'to ...', the replay's 'Next:')
    said 'Move to (6, 2)'; they now name the card as the board labels it and the square's row and
    column on it (1-5 from the card's top-left as drawn), or the card's doorway for a half-square."""
    from game.engine.actions import make_typed
    from game.engine.dungeon import DungeonView
    from game.i18n import set_language
    from game.ui.dungeon.words import action_label

    s = position(dungeon_scenario("sunken_reliquary"), cards=CARDS,
                 heroes=[hero("sela", (4, 2), "longbow", "fleetfoot", energy=2)])
    v = DungeonView(s, 0)
    set_language("en")  # (an App of an earlier test may have left Japanese on)
    assert action_label(v, make_typed("dmove", seat=0, to=(7, 3))) == "Move to Drowned Gallery, row 4, column 2"
    assert action_label(v, make_typed("dmove", seat=0, to=(5, 2))) == "Move to the doorway of Sinkhole Landing"
    assert action_label(v, make_typed("dfleet", seat=0, to=(3, 1))) == "Fleetfoot: to Sinkhole Landing, row 2, column 4"
    try:
        set_language("ja")
        ja = action_label(v, make_typed("dmove", seat=0, to=(7, 3)))
    finally:
        set_language("en")
    assert ja == "水没した回廊の4行2列へ移動", ja
