"""Issue 12's card switch ("draw your own cards", ``manual=["tension"]``) reaches the mansion's own
decks: the encounter deck (M-ENC-2 exploring, M-ENC-3 corpse checks, M-MISSION-3 clue draws), the
scenario event deck (M-EVENT-3), the mission deck (M-MISSION-2) and the survivor deck
(M-RESERVE-1). With the switch off the engine never takes the top card itself: it asks the
``enter`` decision with one option per card left in that deck (sorted by id, so the options say
nothing about the order), and the rules resolve exactly the card named. The entries are actions in
the record, so a replay with the same switch gives the same game (R-DOC-4)."""
from __future__ import annotations

import random

from game.engine import apply, legal_actions, new_game, replay
from game.engine.defs import Op
from game.engine.mansion.state import Reserved
from tests.kit import act, board, legal, run_task, tok
from tests.mansion_kit import mcontent, mgame

ROOM = board("AAA", "AAA", start={1: (0, 0), 2: (0, 1)})


def manual(s):
    """Switch the card automation off on a kit game (as ``new_game(..., ["tension"])`` does)."""
    s.manual = ["tension"]
    s.touch()
    return s


def top(s, deck, card):
    d = s.mansion.decks[deck]
    d.remove(card)
    d.insert(0, card)


def enter(s, what, card):
    """Answer the pending ``enter`` decision for deck ``what`` with card ``card``; checks the
    options are exactly the deck's cards, sorted, and returns the events."""
    assert s.pending.kind == "enter" and s.pending.ctx["what"] == what
    opts = legal(s)
    assert [o.item for o in opts] == sorted(o.item for o in opts)
    assert card in [o.item for o in opts]
    return apply(s, next(o for o in opts if o.item == card))


def test_M_ENC_2_issue12_exploring_resolves_the_encounter_card_named_at_the_table():
    """M-ENC-2: the tile's row of the encounter card the players drew (not the engine's top card)
    is spawned; that card is discarded and the engine's top card stays in the deck."""
    b = board("AAB", "AAB", arches=[((1, 0), (2, 0))], colours={"B": "amber"}, unexplored=["B"],
              spawns={"B": [(2, 1)]})
    s = manual(mgame(b))
    ct = mcontent()
    quiet = next(k for k, e in ct.encounter.items() if e.rows and not e.rows["amber"])
    two = next(k for k, e in ct.encounter.items() if e.rows and e.rows["amber"] == ["zombie", "zombie"])
    top(s, "encounter", quiet)
    act(s, "move", to=(1, 0))
    act(s, "move", to=(2, 0))
    deck = list(s.mansion.decks["encounter"])
    assert s.pending.kind == "enter" and [o.item for o in legal(s)] == sorted(deck)  # every card left
    assert all(o.target == "encounter" for o in legal(s))
    enter(s, "encounter", two)
    assert sorted(e.type for e in s.enemies) == ["zombie", "zombie"]
    assert s.mansion.decks["encounter_discard"] == [two]
    assert s.mansion.decks["encounter"][0] == quiet and two not in s.mansion.decks["encounter"]


def test_M_ENC_3_issue12_corpse_check_uses_the_named_cards_hazard_mark():
    """M-ENC-3: a corpse rises exactly when the card named at the table bears the hazard mark."""
    ct = mcontent()
    hazard = next(k for k, e in ct.encounter.items() if e.hazard)
    calm = next(k for k, e in ct.encounter.items() if not e.hazard)
    for named, rises in ((calm, False), (hazard, True)):
        s = manual(mgame(ROOM))
        top(s, "encounter", hazard if not rises else calm)  # the engine's top card says the opposite
        tok(s, "corpse", (0, 0))
        run_task(s, "after_action")
        enter(s, "encounter", named)
        assert bool([e for e in s.enemies if e.type == "zombie"]) == rises
        assert s.mansion.decks["encounter_discard"] == [named]


def test_M_EVENT_3_issue12_event_token_resolves_the_scenario_event_card_named():
    """M-EVENT-3: the scenario event card the players drew is resolved and removed (M-EVENT-7)."""
    s = manual(mgame(ROOM, campaign=True))
    deck = s.mansion.decks["events"]
    named = sorted(deck)[-1] if deck[0] != sorted(deck)[-1] else sorted(deck)[-2]
    t = tok(s, "narrative", (0, 0))
    run_task(s, "narrative", token=t.uid, cid="dana")
    assert s.token(t.uid) is None
    ev = enter(s, "scenario_event", named)
    while s.pending is not None and s.pending.kind not in ("act", "enter"):  # a choice on the card
        a = legal(s)[-1]
        ev += apply(s, a)
    said = [e for e in ev if e.kind == "narrative"]
    assert said and said[0].data["card"] == named
    assert named in s.mansion.decks["events_removed"] and named not in s.mansion.decks["events"]


def test_M_MISSION_2_M_MISSION_3_issue12_mission_and_clue_draws_use_the_cards_named():
    """M-MISSION-2: the mission card named starts; M-MISSION-3/4: the clue symbols counted are
    those of the encounter cards named for it (a 2-clue card completes MS7 at once)."""
    s = manual(mgame(ROOM, campaign=True))
    s.mansion.reserve = [Reserved(cid="bram")]
    s.mansion.kerosene["dana"] = 0
    top(s, "missions", "MS5")  # the engine would start Radio the Outside
    ct = mcontent()
    blank = next(k for k, e in ct.encounter.items() if e.clues == 0 and e.wounds == 0)
    two = next(k for k, e in ct.encounter.items() if e.clues == 2 and e.wounds == 0)
    top(s, "encounter", blank)
    run_task(s, "mission_start", rule="test")
    enter(s, "mission", "MS7")  # Drain the Boiler Tank: 2 clues, KEROSENE 2
    assert s.mansion.mission.card == "MS7" and "MS5" in s.mansion.decks["missions"]
    if s.pending.kind == "mission_assign":  # one reserve character: assigned without asking (R-DOC-5)
        act(s, "pick", target="bram")
    ev = enter(s, "encounter", two)
    assert any(e.kind == "mission_draw" and e.data["clues"] == 2 for e in ev)
    assert s.mansion.mission is None and "MS7" in s.mansion.decks["missions_removed"]
    assert s.mansion.kerosene["dana"] == 2 and s.mansion.decks["encounter"][0] == blank


def test_M_RESERVE_1_issue12_rescue_brings_the_survivor_card_named():
    """M-RESERVE-1 (RESCUE, M-EVENT-9): the survivor card the players drew joins the reserve."""
    s = manual(mgame(ROOM, campaign=True))
    deck = list(s.mansion.decks["survivors"])
    named = next(c for c in sorted(deck) if c != deck[0])
    run_task(s, "op", op=Op(op="RESCUE").model_dump(), card="")
    enter(s, "survivor", named)
    assert [r.cid for r in s.mansion.reserve] == [named]
    assert s.mansion.decks["survivors"] == [c for c in deck if c != named]


def test_issue12_card_switch_on_leaves_the_mansion_decks_to_the_engine():
    """With the switch on (the default) the engine takes the top card and asks nothing."""
    s = mgame(ROOM, campaign=True)
    first = s.mansion.decks["survivors"][0]
    run_task(s, "op", op=Op(op="RESCUE").model_dump(), card="")
    assert s.pending is None or s.pending.kind != "enter"
    assert [r.cid for r in s.mansion.reserve] == [first]


def test_issue12_manor_card_game_with_table_cards_replays_to_the_same_game():
    """A whole bot game of a manor card with the card switch off: encounter and tension cards are
    asked at the table, never drawn by the engine's RNG for them; the record replays to the same
    game with the switch, and is refused without it."""
    from game.ai.modes import bot_for
    from game.content.loader import load_scenario
    from game.content.mansion_pack import MANSION_PARTY

    scn = load_scenario("m_e2b")
    party = [(c, 1 if i % 2 == 0 else 2) for i, c in enumerate(MANSION_PARTY[:2])]
    s = new_game(scn, party, 3, ["tension"])
    bot, table, asked = bot_for(s, 3), random.Random(1), set()
    n = 0
    while not s.over and n < 4000:
        if s.pending.kind == "enter":
            asked.add(s.pending.ctx["what"])
            a = table.choice(legal_actions(s))
        else:
            a = bot.choose(s)
        apply(s, a)
        n += 1
    assert s.over and {"tension", "encounter"} <= asked
    again = replay(scn, party, 3, s.record, ["tension"])
    assert again.same_as(s) and again.result == s.result
    try:
        replay(scn, party, 3, s.record)
    except Exception:
        pass
    else:
        raise AssertionError("a record with table draws replayed without the switch")


def test_issue12_mansion_campaign_scenario_passes_the_switches_on():
    """``begin_mansion_scenario(..., manual=["tension"])`` starts the card with the switch off,
    as the city's ``begin_scenario`` does."""
    from game.engine.campaign import begin_mansion_scenario
    from tests.mansion_kit import mcard, mchoose, mnew

    cs = mnew()
    cs.intro_done = True
    mchoose(cs, "W1A")
    gs = begin_mansion_scenario(cs, mcard("W1A"), manual=["tension"])
    assert gs.manual == ["tension"]
