"""The tension phase after the active survivor has left by the exit (issue 16 item 2; R-TURN-10,
AMB-41, R-TENSION-5/6, R-SUST-2).

Ruling: R-TURN-10 keeps the tension phase, but there is no active character, active tile or
active inventory any more. Keywords that act on or around the active character (SUSTAIN among
them: its token goes "on a tile or next to a character", R-SUST-1) fail their "Needs" column
(R-TENSION-6). [ruling, revised] Such a card is discarded but does not count as unresolvable:
no two more are drawn (R-TENSION-5 would drain the deck on every exit turn; the scenarios helper's
simulations showed it ending most tier 2+ games). A card is never left in no pile.
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
    # discarded, no token placed for a survivor who left, and no more cards drawn (R-TURN-10 ruling)
    assert uid in s.piles["tension_discard"]
    assert uid not in s.piles.get("tension_sustained", []) and uid not in s.core.sustain
    assert [e.kind for e in ev].count("unresolvable") == 1 and len(drawn) == 1
    assert tension_cards(s) == everything  # no card vanished
    assert s.active_char.cid == "mateo"


def test_R_TURN_10_a_tension_card_on_an_exit_turn_draws_no_extra_cards():
    """[ruling] After the active survivor leaves, a card whose effects all act on that survivor is
    discarded: not 'unresolvable', so no two more draws (R-TENSION-5) drain the deck."""
    from tests.kit import act, board, game
    b = board("AAA", place=[("exit", (1, 0))])
    s = game(b, intro=False, party=(("vera", 1), ("mateo", 1)), tension=["shaken"] * 3 + ["quiet_moment"] * 3,
             tension_reshuffle=False)
    s.piles["tension"] = sorted(s.piles["tension"], key=lambda u: 0 if "shaken" in u else 1)
    s.active_char.pos = (1, 0)
    n = len(s.piles["tension"])
    ev = act(s, "exit")
    drawn = [e for e in ev if e.kind == "tension"]
    assert len(drawn) == 1 and len(s.piles["tension"]) == n - 1
    assert not any(e.rule == "R-TENSION-5" for e in ev)
