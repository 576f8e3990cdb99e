"""The tension phase after the active survivor has left by the exit (issue 16 item 2; R-TURN-10,
AMB-41, R-TENSION-5/6, R-SUST-2).

Ruling: R-TURN-10 keeps the tension phase, but there is no active character, active tile or
active inventory any more. Keywords that act on or around the active character (SUSTAIN among
them: its token goes "on a tile or next to a character", R-SUST-1) fail their "Needs" column
(R-TENSION-6); a card none of whose parts can be resolved is unresolvable: it goes to the
discard pile and two more are drawn (R-TENSION-5). A card is never left in no pile.
"""
import pytest

from tests.kit import act, board, game

ROOM = board("AAAA", "AAAA", "BBBB", doors=[((1, 1), (1, 2))], start={1: (0, 0), 2: (3, 0)},
             place=[("exit", (3, 2))])


def tension_cards(s):
    piles = ("tension", "tension_discard", "tension_sustained", "revealed")
    return sorted(u for p in piles for u in s.piles.get(p, []))


@pytest.mark.parametrize("sustained", ["shaken", "blackout", "jammed_slide"])
def test_R_TURN_10_a_sustained_card_drawn_after_the_active_survivor_exits_goes_to_the_discard(sustained):
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)), intro=False,
             tension=[sustained] + ["quiet_moment"] * 6, tension_reshuffle=False)
    uid = next(u for u in s.piles["tension"] if s.cards[u].defn == sustained)
    s.piles["tension"].remove(uid)
    s.piles["tension"].insert(0, uid)  # the sustained card is drawn first
    everything = tension_cards(s)
    s.char("vera").pos = (3, 2)
    ev = act(s, "exit")
    assert s.char("vera").exited and s.result is None
    drawn = [e.data["card"] for e in ev if e.kind == "tension"]
    assert drawn[0] == uid
    # unresolvable (R-TENSION-5): discarded, two more drawn; no token placed for a survivor who left
    assert uid in s.piles["tension_discard"]
    assert uid not in s.piles.get("tension_sustained", []) and uid not in s.core.sustain
    assert [e.kind for e in ev].count("unresolvable") >= 1 and len(drawn) == 3
    assert tension_cards(s) == everything  # no card vanished
    assert s.active_char.cid == "mateo"
