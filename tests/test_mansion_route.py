"""MDV-4 required route and MDV-5 no-deadlock property, checked exhaustively over all 96 Item C
stage orders (4! x 2! x 2!) with the real mansion campaign rules: each scenario is played as a
success that collects its Item C tokens (the top Item C cards, in the deck's order), then the
rule set's own unlock steps run (M-END-2: completion, added cards, flips; M-MAP-10 after the
transfers), and every choice of next card is explored.

Two walks: ``fast`` calls the rule set's unlock-step methods in the phase table's order on a
light copy of the state (all 96 orders, optional cards included); ``full`` runs the whole end
phase through the machine for a few orders and must reach the same states."""
from itertools import permutations

import pytest

from game.engine import Action
from game.engine.campaign import apply, legal
from game.engine.campaign.state import Attempt, EndInfo
from game.engine.mansion.campaign import MansionCampaignRun, SUCCESS_STEPS
from tests.mansion_kit import mcontent, mnew, mpack

REQUIRED = {"W1A", "E1A", "W2A", "E2A", "BSMT", "W1B", "CY", "GD"}


def _clone(cs):
    c = cs.model_copy()
    c.map = dict(cs.map)
    c.completed = list(cs.completed)
    c.collected_c = {k: list(v) for k, v in cs.collected_c.items()}
    c.piles = {k: list(v) for k, v in cs.piles.items()}
    c.characters = [ch.model_copy(update={"inventory": [list(sl) for sl in ch.inventory]}) for ch in cs.characters]
    c.item_box = [list(sl) for sl in cs.item_box]
    c.history = list(cs.history)
    c.attach(cs.pack_def, cs.content)
    return c


def _deep(cs):
    """A deep copy without the attached pack and content (shared, immutable)."""
    pack, ct = cs.pack_def, cs.content
    cs._pack = cs._content = None
    try:
        c = cs.model_copy(deep=True)
    finally:
        cs._pack, cs._content = pack, ct
    return c.attach(pack, ct)


def _collect(cs, cid: str) -> list[str]:
    card = mpack().card(cid)
    c_start = list(cs.piles["item_c"])
    for k in range(card.item_c_tokens - len(cs.collected_c.get(cid, []))):
        uid = cs.piles["item_c"].pop(0)
        who = next((c for c in cs.characters if len(c.inventory) < 6), None)
        (who.inventory if who else cs.item_box).append([uid])
        cs.collected_c.setdefault(cid, []).append(f"t{k}")
    cs.history.append(Attempt(scenario=cid, result="success"))
    cs.ending = EndInfo(scenario=cid, result="success", c_start=c_start,
                        drawn_c=[u for u in c_start if u not in cs.piles["item_c"]])
    return c_start


def _success_fast(cs, cid: str) -> None:
    """The unlock steps of the success list, in the phase table's order (M-END-2, M-MAP-10)."""
    _collect(cs, cid)
    run = MansionCampaignRun(cs)
    steps = [n for n, _ in SUCCESS_STEPS]
    assert steps.index("unlock") < steps.index("transfer") < steps.index("unlock2") < steps.index("choose")
    run.completion()
    run.add_cards(cid)
    run.flip_cards()
    run.add_cards(None)  # M-MAP-10 after R-END-X1 (nothing is moved here)
    run.flip_cards()
    if not run.playable():
        run.flip_cards(in_box=True)


def _success_full(cs, cid: str) -> None:
    """The whole end phase through the machine, every step answered with Done."""
    apply(cs, Action(kind="choose", target=cid))
    _collect(cs, cid)
    cs.playing, cs.chosen = None, None
    run = MansionCampaignRun(cs)
    run.begin_phase("success.sustained")
    run.run()
    while cs.pending is not None and cs.pending.kind != "choose":
        opts = legal(cs)
        apply(cs, next((a for a in opts if a.kind == "done"), opts[0]))


def _key(cs):
    def defs(slots):
        return tuple(sorted(cs.cards[u].defn for sl in slots for u in sl if cs.cards[u].deck == "C"))
    return (tuple(sorted(cs.map.items())), tuple(sorted(cs.completed)), tuple(cs.piles["item_c"]),
            defs([sl for c in cs.characters for sl in c.inventory]), defs(cs.item_box))


def _explore(order: list[str], full: bool = False) -> tuple[int, dict]:
    """Every reachable state for one Item C order: (fewest scenarios to win, states seen).
    Asserts: something is always playable until victory (M-MAP-5, MDV-5), and Laboratory 4 is
    never playable before the eight required cards are complete (MDV-4)."""
    cs = mnew(("dana", "marcus"), seed=7)
    cs.piles["item_c"] = list(order)
    seen: dict = {}
    best = [99]

    def go(cs, depth):
        k = _key(cs)
        if k in seen and seen[k] <= depth:
            return
        seen[k] = depth
        opts = MansionCampaignRun(cs).playable()
        assert opts, f"dead end after {[h.scenario for h in cs.history]} with order {order}"
        if "LAB4" in opts:
            assert REQUIRED <= set(cs.completed), (order, cs.completed)
            best[0] = min(best[0], depth + 1)
            return
        for cid in opts:
            nxt = _deep(cs) if full else _clone(cs)
            if full:
                _success_full(nxt, cid)
            else:
                _success_fast(nxt, cid)
            go(nxt, depth + 1)

    go(cs, 0)
    return best[0], seen


def _orders():
    ct = mcontent()
    cs = mnew()
    by_stage = {s: [u for u in cs.piles["item_c"] if ct.items[cs.cards[u].defn].stage == s] for s in (1, 2, 3)}
    return [list(a) + list(b) + list(c) for a in permutations(by_stage[1]) for b in permutations(by_stage[2])
            for c in permutations(by_stage[3])]


def test_MDV_4_MDV_5_required_route_and_no_deadlock_over_all_96_item_c_orders():
    """MDV-4: whatever the Item C order, winning takes the required route: all four A cards,
    Basement, 1F West B, Courtyard, Guardhouse, then Laboratory 4 (always 9 scenarios, 8 end
    phases before the finale); MDV-5 / M-MAP-10: no reachable state leaves nothing playable."""
    orders = _orders()
    assert len(orders) == 96
    for order in orders:
        fewest, seen = _explore(order)
        assert fewest == 9, (order, fewest)


@pytest.mark.parametrize("which", [0, 95])
def test_MDV_4_the_fast_walk_matches_the_whole_end_phase(which):
    """The fast walk reaches exactly the states the whole end phase (through the machine)
    reaches, for the first and the last order."""
    order = _orders()[which]
    f1, fast = _explore(order)
    f2, full = _explore(order, full=True)
    assert f1 == f2 == 9 and set(fast) == set(full)
