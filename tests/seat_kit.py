"""Per-seat secrecy: a tiny rule set with a fake secret, and the check that a seat's view of a
game reveals nothing of another seat's secret (issue 23 item 3, "a view per seat").

``sealed_bid`` is the smallest game with a secret: player 1 says "ready" (a public action),
then both players bid at once in one window addressed to both seats (``Machine.ask_seats``,
``secret=True``); each bid is told only to its bidder (``Machine.emit_to``) and the table only
hears that a bid was placed; once both have bid, the bids are revealed to everyone. The bid
values are distinctive numbers (:data:`SECRETS`) so that a leak shows as a plain substring of
what a seat may see.

:func:`leaks` is the check the toy mode of ``tests/rulesets`` reuses: everything a seat may see
through :class:`~game.engine.query.View` (its visible state, the events it may see, the record
as it may know it), as JSON text, searched for a secret value.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from game.engine.actions import Action, Event, make_action
from game.engine.machine import Machine, Phase, RuleSet, decision, register_ruleset, task
from game.engine.query import View
from game.engine.rng import Rng
from game.engine.scenario import Scenario
from game.engine.state import GameState, TokenState

#: the bids a seat may make (option ``pick n`` bids ``SECRETS[n - 1]``): distinctive numbers, so
#: that a leak is a plain substring (the options themselves, 1 and 2, are public)
SECRETS = (7919, 6007)


class SealedRun(Machine):
    """The sealed-bid game's handlers."""

    def bids(self) -> list[TokenState]:
        return [t for t in self.s.tokens if t.kind == "bid"]

    @task("ready")
    def t_ready(self, task: dict) -> None:
        self.wait("ready", 0, "Ready?", [make_action("pass")])

    @decision("ready")
    def d_ready(self, ctx: dict, a: Action) -> None:
        self.emit("ready", "TOY-BID-1", "Player 1 is ready.")
        self.push({"t": "bid"})

    @task("bid")
    def t_bid(self, task: dict) -> None:
        done = {t.props["seat"] for t in self.bids()}
        seats = [seat for seat in (0, 1) if seat not in done]
        self.ask_seats("bid", seats, "Bid in secret", [make_action("pick", n=n) for n in (1, 2)], secret=True)

    @decision("bid")
    def d_bid(self, ctx: dict, a: Action) -> None:
        seat, amount = self.by, SECRETS[a.n - 1]
        self.s.tokens.append(TokenState(uid=self.s.new_uid("bid"), kind="bid", pos=(0, 0),
                                        props={"seat": seat, "amount": amount, "shown": False}))
        self.emit_to((seat,), "bid", "TOY-BID-2", f"You bid {amount}.", amount=amount)
        self.s.piles.setdefault(f"hand{seat}", []).append(f"card{amount}")  # a hand only its seat sees
        self.emit("bid_placed", "TOY-BID-2", f"Player {seat + 1} placed a bid.", seat=seat)
        if len(self.bids()) < 2:
            self.push({"t": "bid"})
            return
        for t in self.bids():
            t.props["shown"] = True
        amounts = {t.props["seat"]: t.props["amount"] for t in self.bids()}
        self.emit("reveal", "TOY-BID-3", f"The bids: {amounts[0]} and {amounts[1]}.", amounts=[amounts[0], amounts[1]])
        self.s.result, self.s.result_reason = "success", "bids revealed"


def redact(d: dict, seat: int | None) -> dict:
    """A seat sees the amount of its own bid and of revealed bids only (TOY-BID-2)."""
    for t in d.get("tokens", []):
        if t["kind"] == "bid" and not t["props"]["shown"] and t["props"]["seat"] != seat:
            t["props"]["amount"] = None
    for other in (0, 1):
        if other != seat and f"hand{other}" in d.get("piles", {}):
            d["piles"][f"hand{other}"] = len(d["piles"][f"hand{other}"])
    return d


def setup(scenario: Any, party: list, seed: int) -> GameState:
    s = GameState(scenario_id=scenario.brief.id, seed=seed, rng=Rng.from_seed(seed))
    s.phase = "bidding"
    s.queue = [{"t": "ready"}]
    return s


SEALED = register_ruleset(RuleSet(name="sealed_bid", run_class=SealedRun, setup=setup, redact=redact,
                                  phases=(Phase("bidding", start="ready", then=None, rule="TOY-BID-1"),)))


def sealed_scenario() -> Scenario:
    """A scenario played with the sealed-bid rules (a one-square board; the rules ignore it)."""
    from tests.kit import board, content, scenario
    b = board("A")
    return Scenario(brief=scenario(b).brief, board=b, content=content(), rules="sealed_bid")


def seen_by(state: GameState, seat: int | None, events: Iterable[Event] = ()) -> str:
    """Everything seat ``seat`` may see of a game through its :class:`View`, as JSON text: the
    visible state, the events of ``events`` it may see (with their texts) and the record as it
    may know it."""
    v = View(state, seat)
    return json.dumps({"state": v.visible_state(), "events": [e.model_dump(mode="json") for e in v.events(list(events))],
                       "record": v.record()}, sort_keys=True, default=str)


def leaks(state: GameState, seat: int | None, secret: Any, events: Iterable[Event] = ()) -> bool:
    """True if ``secret`` (its ``str``) shows anywhere seat ``seat`` may look (:func:`seen_by`)."""
    return str(secret) in seen_by(state, seat, events)
