"""Trading can never loop (issue 16 item 5; R-TRADE-1, R-TRADE-2).

Ruling [design]: within one Trade action each card (an inventory slot: a mixed herb stack moves
as one, R-HERB-5) may change hands at most once, and once anything has moved the active player
may call the trade off (``decline``), which puts both inventories back as they were when the
trade began; the Trade action is still spent (as any declared action, R-ACT-3). "Done" keeps
needing both inventories within their limits (R-TRADE-2). So every trade ends after at most as
many moves as the two survivors hold cards, and always has a way out.
"""
from game.engine import Action
from game.engine.state import CardState
from tests.kit import act, board, game, legal

ROOM = board("AAAA", "AAAA", start={1: (0, 0), 2: (1, 0)})


def herbs(s, c, n, tag):
    for i in range(n):
        uid = f"{tag}{i}"
        s.cards[uid] = CardState(uid=uid, defn="green_herb", deck="A")
        c.inventory.append([uid])


def full_pair():
    """Vera and Mateo side by side, both with full inventories (6 of 6)."""
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    v, m = s.char("vera"), s.char("mateo")
    herbs(s, v, 6 - len(v.inventory), "V")
    herbs(s, m, 6 - len(m.inventory), "M")
    return s, v, m


def test_R_TRADE_2_give_and_take_back_cannot_go_on_for_ever():
    """The loop of the bots: a one-sided give makes Done illegal (Mateo over his limit), and the
    first option is always another give or take. Each card may move once, so moves run out."""
    s, v, m = full_pair()
    act(s, "trade", target="mateo")
    cards = sum(len(c.inventory) for c in (v, m))
    moves = 0
    while s.pending is not None and s.pending.kind == "trade":
        shifting = [a for a in legal(s) if a.kind in ("give", "take")]
        if not shifting:
            break
        act(s, shifting[0].kind, item=shifting[0].item)
        moves += 1
        assert moves <= cards, "a card changed hands twice in one trade"
    assert s.pending.kind == "trade"
    assert {a.kind for a in legal(s)} <= {"done", "decline"} and legal(s)


def test_R_TRADE_2_a_card_given_cannot_be_taken_back_in_the_same_trade():
    s, v, m = full_pair()
    act(s, "trade", target="mateo")
    x = v.inventory[-1][0]
    act(s, "give", item=x)
    assert Action(kind="take", item=x) not in legal(s)
    assert Action(kind="done") not in legal(s)  # Mateo holds 7 of 6 (R-TRADE-2)


def test_R_TRADE_2_calling_the_trade_off_restores_both_inventories():
    s, v, m = full_pair()
    before = ([list(sl) for sl in v.inventory], [list(sl) for sl in m.inventory])
    gun = next(u for sl in v.inventory for u in sl if s.cards[u].defn == "handgun")
    s.cards[gun].ammo = 1
    act(s, "trade", target="mateo")
    act(s, "give", item=gun)
    act(s, "take", item=m.inventory[0][0])
    act(s, "give", item=v.inventory[0][0])
    ev = act(s, "decline")
    assert ([list(sl) for sl in v.inventory], [list(sl) for sl in m.inventory]) == before
    assert s.cards[gun].ammo == 1  # R-TRADE-3: the dial went and came back with the card
    assert s.pending.kind == "act" and s.actions_left == 3  # the action is spent
    assert any(e.kind == "trade_done" for e in ev)


def test_R_TRADE_1_nothing_to_call_off_before_anything_moved():
    s, v, m = full_pair()
    act(s, "trade", target="mateo")
    assert Action(kind="done") in legal(s) and Action(kind="decline") not in legal(s)


def test_R_TRADE_2_a_trade_saved_before_the_once_rule_still_plays_on():
    """A save made mid-trade by the game before this ruling has no ``moved``/``start`` in the
    decision: the trade goes on under the new rule (moves counted from now on)."""
    s, v, m = full_pair()
    act(s, "trade", target="mateo")
    s.pending = s.pending.model_copy(update={"ctx": {"cid": "vera", "other": "mateo"}})
    x = v.inventory[-1][0]
    act(s, "give", item=x)
    assert Action(kind="take", item=x) not in legal(s) and [x] in m.inventory
