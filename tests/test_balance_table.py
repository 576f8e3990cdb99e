"""tools.balance_table: the docs/balance.md table is generated, and its marks follow issue 10's
targets (2 survivors: tier 1 55-85 %, tier 2 40-75 %, tier 3 and finale 30-65 %; at most 1 game
in 10 lost to the tension deck, R-TENSION-8)."""
from collections import Counter

from tools.balance_table import cell

DECK = "the tension deck ran out (R-TENSION-8)"


def result(wins, games=200, outs=0):
    return {"wins": wins, "games": games, "turns": [20] * games, "causes": Counter({DECK: outs} if outs else {})}


def test_R_TENSION_8_balance_cell_marks_bands_and_deck_outs():
    assert cell(result(150), 2, 2) == "75 % / 20 / 0"  # the top of the tier-2 band
    assert cell(result(152), 2, 2) == "76 %! / 20 / 0"
    assert cell(result(152), 1, 2) == "76 % / 20 / 0"  # inside tier 1's band
    assert cell(result(152), 2, 4) == "76 % / 20 / 0"  # bands are for 2 survivors only
    assert cell(result(100, outs=20), 3, 4) == "50 % / 20 / 20"  # 1 in 10 is allowed
    assert cell(result(100, outs=21), 3, 4) == "50 %! / 20 / 21"
