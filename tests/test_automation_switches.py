"""Issue 12, automation switches: dice rolled at the table and a physical tension deck.

With a switch off (``new_game(..., manual=[...])``) the engine never rolls that die or draws that
card itself: it asks the ``enter`` decision, the players answer with what the table shows, and the
rules use exactly that result (R-DIE-1, R-TENSION-1). The entered results are actions in the
record, so a replay with the same switches gives the same game (R-DOC-4)."""
from __future__ import annotations

import random

import pytest

from game.__main__ import default_party
from game.ai.bot import Bot
from game.content.loader import load_scenario
from game.engine import Action, apply, legal_actions, new_game, replay
from game.engine.defs import Face
from game.engine.invariants import check_state

from tests.kit import board, scenario


def play(scn, players, seed, manual, table_seed=1, limit=3000):
    """A bot game in which every 'enter' decision is answered like a table would: a random face or
    card from a second, independent generator. Returns the state and [(pending prompt, answer)]."""
    s = new_game(scn, default_party(players), seed, manual)
    bot, table, entered = Bot(seed), random.Random(table_seed), []
    n = 0
    while not s.over and n < limit:
        if s.pending.kind == "enter":
            a = table.choice(legal_actions(s))
            entered.append((s.pending.ctx["what"], a))
        else:
            a = bot.choose(s)
        apply(s, a)
        n += 1
        assert check_state(s) == []
    return s, entered


@pytest.mark.parametrize("manual", [["dice"], ["tension"], ["dice", "tension"]])
def test_issue12_switched_off_results_are_entered_and_a_replay_reproduces_the_game(manual):
    scn = load_scenario("intro")
    s, entered = play(scn, 2, 7, manual)
    kinds = {w for w, _a in entered}
    assert kinds == set(manual)  # asked for exactly the switched-off results
    again = replay(scn, default_party(2), 7, s.record, manual)
    assert again.same_as(s) and again.result == s.result
    # the same record does not replay without the switches: the entered results are decisions
    with pytest.raises(Exception):
        replay(scn, default_party(2), 7, s.record)


def test_issue12_R_DIE_1_entered_die_faces_are_the_faces_the_rules_use():
    """An attack's dice with the dice switch off: the event shows exactly the faces entered, and
    the damage follows them (a crit kills a zombie, a blank misses)."""
    b = board("AAAA", start={1: (0, 0)})
    scn = scenario(b, item_a=["green_herb"] * 4)
    for face, dies in ((Face.BLANK.value, False), (Face.CRIT.value, True)):
        s = new_game(scn, [("vera", 1)], 3, ["dice"])
        _put_zombie(s, (2, 0))
        att = next(a for a in legal_actions(s) if a.kind == "attack")
        ev = apply(s, att)
        assert s.pending.kind == "enter" and ev == []
        opts = legal_actions(s)
        assert {o.target for o in opts} == {f.value for f in Face}
        events = apply(s, next(o for o in opts if o.target == face))
        attack = next(e for e in events if e.kind == "attack")
        assert attack.data["faces"] == [face]
        assert (s.enemy(att.target) is None) == dies


def _put_zombie(s, pos):
    from game.engine.state import EnemyState

    s.enemies.append(EnemyState(uid="E99", type="zombie", pos=pos))
    s.touch()


def test_issue12_R_TENSION_1_the_named_card_is_the_one_drawn_whatever_the_deck_order():
    scn = load_scenario("intro")
    s = new_game(scn, default_party(1), 5, ["tension"])
    while s.pending.kind != "enter":
        apply(s, next((a for a in legal_actions(s) if a.kind == "end_phase"), legal_actions(s)[0]))
    opts = legal_actions(s)
    names = [s.cards[o.item].defn for o in opts]
    assert len(names) == len(set(names)) >= 3  # one option per different card left
    top = s.piles["tension"][0]
    pick = next(o for o in opts if s.cards[o.item].defn != s.cards[top].defn)  # not the engine's top card
    events = apply(s, pick)
    drawn = next(e for e in events if e.kind == "tension")
    assert drawn.data["defn"] == s.cards[pick.item].defn
    assert pick.item not in s.piles["tension"] and top in s.piles["tension"]


def test_issue12_unknown_switch_is_refused():
    with pytest.raises(ValueError, match="automation switch"):
        new_game(load_scenario("intro"), default_party(1), 1, ["coins"])


def test_issue12_switches_off_leave_the_rng_untouched_by_entered_rolls():
    """The engine's generator stays the only other source: an attack whose dice were entered at
    the table draws no number from the state's RNG (R-DOC-4)."""
    b = board("AAAA", start={1: (0, 0)})
    s = new_game(scenario(b), [("vera", 1)], 3, ["dice"])
    _put_zombie(s, (2, 0))
    before = s.rng.s
    apply(s, next(a for a in legal_actions(s) if a.kind == "attack"))
    apply(s, next(o for o in legal_actions(s) if o.target == Face.HIT.value))
    assert s.rng.s == before
    t = new_game(scenario(b), [("vera", 1)], 3)
    _put_zombie(t, (2, 0))
    apply(t, next(a for a in legal_actions(t) if a.kind == "attack"))
    assert t.rng.s != before  # without the switch the same attack rolls with the RNG



def test_issue12_R_TENSION_12_peek_with_a_physical_tension_deck_shows_no_engine_card():
    """R-TENSION-12 PEEK_TENSION while the tension deck is drawn at the table: the engine's pile
    order is not the table's, so the peek names no card of it and asks only that the players put
    their own top cards back (one option, a Done); the engine's pile is left as it was."""
    from tests.kit import act
    from tests.test_rules_narrative import narr_game, token

    s = narr_game(top="radio_chatter")
    s.manual = ["tension"]
    pile = list(s.piles["tension"])
    names = {s.scenario.content.tension[s.cards[u].defn].name for u in pile}
    token(s, "narrative", (1, 0))
    events = act(s, "move", to=(1, 0))
    peek = [e for e in events if e.kind == "peek"]
    assert s.pending.kind == "peek" and legal_actions(s) == [Action(kind="order", item="table")]
    assert peek and peek[0].data == {"n": 3} and "top 3 cards of your tension deck" in peek[0].text
    assert not any(n in e.text for e in events for n in names)
    assert s.piles["tension"] == pile and not any(u in s.piles["revealed"] for u in pile)
    events = act(s, "order", item="table")
    assert s.pending.kind == "act" and s.piles["tension"] == pile
    assert not any(n in e.text for e in events for n in names)
