"""The dungeon's map-card shape (D-MAP-2), read from dungeon.md 16.7's drawings."""
import pytest
from pydantic import ValidationError

from game.engine.dungeon.defs import MapCardDef, Side, Terrain, map_card_from_rows

START = ["      x", "  # . . . #", "  . . E . .", "  . ~ . . . x", "  . . S o .", "  # S S S #", ""]
C2 = ["      x", "  # . . o #", "  . o . . .", "x . . E o .", "  o . . . #", "  # # . . .", "      ^"]


def test_D_MAP_2_start_card_has_exits_and_no_entrance():
    """D-MAP-2: START of 16.7 has exits N and E, no ▲, its encounter point at (2,1)."""
    card = map_card_from_rows("START", START)
    assert card.exits == {Side.N, Side.E}
    assert card.entrance is None and card.is_start
    assert card.encounter_point == (2, 1)
    assert card.start_squares == ((2, 3), (1, 4), (2, 4), (3, 4))
    assert card.terrain[(1, 2)] is Terrain.WATER and card.terrain[(3, 3)] is Terrain.PIT


def test_D_MAP_2_card_entrance_is_south_and_exits_read():
    """D-MAP-2: C2 has exits W and N and its ▲ on S; pits where the drawing has ``o``."""
    card = map_card_from_rows("C2", C2)
    assert card.exits == {Side.W, Side.N} and card.entrance is Side.S
    assert not card.is_start
    assert [xy for xy, t in card.terrain.items() if t is Terrain.PIT] == [(3, 0), (1, 1), (3, 2), (0, 3)]


def test_D_MAP_2_core_must_be_whole_and_entrance_south():
    """D-MAP-2: a card without all 25 core squares, or with its ▲ elsewhere than S, is refused."""
    good = map_card_from_rows("C2", C2)
    terrain = dict(good.terrain)
    del terrain[(0, 0)]
    with pytest.raises(ValidationError, match="25 squares"):
        MapCardDef(id="bad", terrain=terrain)
    with pytest.raises(ValidationError, match="on S"):
        MapCardDef(id="bad", terrain=good.terrain, entrance=Side.N)
    with pytest.raises(ValueError, match="row y=0 column x=1"):
        map_card_from_rows("bad", ["#?..#", ".....", ".....", ".....", "....."])
