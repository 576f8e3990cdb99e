"""Versus's hooks for search bots (issue 28): what a seat cannot see, drawn again from what it sees
(``RuleSet.sample_hidden``, the bot's determinization), and each seat's result of a finished game
(``RuleSet.outcome``). Registered on :data:`~game.engine.versus.rules.VERSUS` when this package loads.

What is hidden from a seat (V-HOT-1/3, the rule set's ``redact``) and how it is drawn again,
uniformly among the values consistent with everything the seat has seen:

- the other side's committed deployment before the reveal (V-SETUP-3 (1)-(3)): a whole assignment
  of its characters to its start squares, once it has deployed (it is no longer asked);
- its committed facings before they are revealed (V-SETUP-3 (4)): one of N/E/S/W for each of its
  characters whose facing is set already (the facings are asked the first player's characters
  first, in figure order);
- its duel bid before both bids are shown (V-DUEL-6/8, V-HOT-2): the declarer bids first, 1..its
  pool; the pools are public until the bids are spent together.
"""
from __future__ import annotations

from typing import Any

from ..query import state_from_visible
from ..rng import Rng
from .data import DIRS
from .rules import BID, DEPLOY, FACE, VERSUS, VersusRun
from .state import VersusState


def sample_hidden(visible: dict, seat: int | None, scenario: Any, rng: Rng) -> VersusState:
    """A versus game ``seat`` cannot tell from the real one (see the module docstring), built from
    ``visible`` (that seat's ``View.visible_state()``, filled in place) with the other side's
    hidden deployment, facings and bid drawn from ``rng`` (:func:`redraw_hidden`); a spectator
    (None) gets both sides' drawn. Raises pydantic.ValidationError for a view that is not a
    versus state's."""
    w = state_from_visible(visible, scenario, VersusState)
    redraw_hidden(w, seat, rng)
    return w


def redraw_hidden(w: VersusState, seat: int | None, rng: Rng) -> VersusState:
    """Draw again, in place, every secret of ``w`` that ``seat`` cannot see (the module
    docstring; None: both sides'), uniformly among the values consistent with what ``seat``
    sees, whatever ``w`` holds there now: a state rebuilt from the seat's view (the secrets
    missing) or a copy of the true game (the true secrets overwritten, never read). Which
    secrets exist is itself public (whose decision is pending). The one sampler of versus, used
    by :func:`sample_hidden` (``View.sample_world``) and by
    :func:`game.engine.versus.view.determinise`. Returns ``w``."""
    v, p = w.versus, w.pending
    run = VersusRun(w)
    for other in ((0, 1) if seat is None else (1 - seat,)):
        key = str(other)
        asked = p is not None and other in p.seats
        # V-SETUP-3 (1)-(3): a deployment committed (it is no longer asked), not yet revealed
        if not v.revealed and p is not None and p.kind == DEPLOY and not asked:
            opts = run.deploy_options(other)
            v.deploy[key] = opts[rng.below(len(opts))].order
        # V-SETUP-3 (4): facings committed, not yet revealed
        if p is not None and p.kind == FACE:
            for cid in _facings_set(run, w, other):
                v.facings[cid] = DIRS[rng.below(len(DIRS))]
        # V-DUEL-6/8, V-HOT-2: the declarer's bid, placed before the active side bids
        d = v.duel
        if d and p is not None and p.kind == BID and d.get("declarer") == other and not asked:
            low = 1
            d.setdefault("bids", {})[key] = low + rng.below(max(0, v.cp[other] - low) + 1)
    w.touch()
    return w


def _facings_set(run: VersusRun, w: VersusState, seat: int) -> list[str]:
    """The characters of ``seat`` whose secret facing is set while facings are being asked
    (V-SETUP-3 (4): the first player's characters first, in figure order)."""
    p = w.pending
    figs = [f for f in w.versus.figures if f.seat == seat]
    if p.seat == seat:  # its own facings are being asked: those before the one asked now
        asked = p.ctx.get("cid")
        out = []
        for f in figs:
            if f.cid == asked:
                break
            out.append(f.cid)
        return out
    return [f.cid for f in figs] if run.first_seat(1) == seat else []


def outcome(state: VersusState) -> tuple[float, float]:
    """V-WIN / V-OVR-4: 1.0 for the winning faction's seat and 0.0 for the other; 0.5 each on a
    draw (the round limit where the scenario says so)."""
    v = state.versus
    if v.winner == "draw" or not v.winner:
        return (0.5, 0.5)
    return tuple(1.0 if fac == v.winner else 0.0 for fac in v.factions)


VERSUS.sample_hidden = sample_hidden
VERSUS.outcome = outcome
