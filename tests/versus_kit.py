"""Test kit for versus (rules/versus.md): games set up through the public API, positions laid out
by hand, dice forced, and the helpers that answer and read decisions."""
from __future__ import annotations

from game.engine.api import apply, legal_actions
from game.engine.query import View
from game.engine.versus import DIRECTORATE, SYNDICATE, new_versus
from game.engine.versus.rules import VersusRun


def act(s, kind, seat=None, **fields):
    """Apply the legal option of ``kind`` whose payload has ``fields``; fails naming the options
    when there is none. Returns the events."""
    seat = s.pending.seat if seat is None else seat
    opts = [o for o in legal_actions(s, seat) if o.kind == kind and all(getattr(o, k) == v for k, v in fields.items())]
    assert opts, f"no legal {kind} {fields} for seat {seat} in {s.pending.kind}: {[o.short() for o in legal_actions(s, seat)][:40]}"
    ev = apply(s, opts[0], seat)
    assert not (len(ev) == 1 and ev[0].kind == "impossible"), ev[0].text
    return ev


def options(s, kind=None, seat=None):
    return [o for o in legal_actions(s, seat) if kind is None or o.kind == kind]


def deployed(sid="sanctuary", seed=1, seats=None, facing="N"):
    """A game past its set-up: both sides deploy in the first order offered, every facing
    ``facing``; at the first activation decision of round 1."""
    s = new_versus(sid, seats, seed)
    while s.pending.kind == "vs_deploy":
        apply(s, legal_actions(s)[0], s.pending.seat)
    while s.pending.kind == "vs_face":
        act(s, "vs_face", facing=facing)
    assert s.pending.kind == "activate"
    return s


def layout(s, where: dict, others_off=True):
    """Put characters on squares with facings (``{cid: ((x, y), facing)}`` or with a side and
    wounds: ``((x, y), facing, side, wounds)``); the rest are taken off the board (not living,
    not dead) unless ``others_off`` is False."""
    for f in s.versus.figures:
        if f.cid in where:
            spec = where[f.cid]
            f.pos, f.facing = tuple(spec[0]), spec[1]
            if len(spec) > 2:
                f.side, f.wounds = spec[2], spec[3]
        elif others_off:
            f.pos = None
    s.touch()
    return s


def fig(s, cid):
    return next(f for f in s.versus.figures if f.cid == cid)


def turn_of(s, seat):
    """Give the activation decision to ``seat`` (state edited by hand, then the machine asks)."""
    s.active = seat
    s.pending = None
    s.flow = {}
    s.queue = [{"t": "turn"}]
    run = VersusRun(s)
    run.run()
    s.touch()
    return s


def activate(s, cid, tiles="OT-1"):
    """Activate ``cid`` with ``tiles`` (its seat's turn made by hand first)."""
    turn_of(s, fig(s, cid).seat)
    return act(s, "vs_activate", cid=cid, tiles=tiles)


class Dice:
    """Forced combat dice: each roll of n dice takes the next list given (its length must be n)."""

    def __init__(self, monkeypatch, *rolls):
        self.rolls = [list(r) for r in rolls]
        test = self

        def roll(run, n):
            if n <= 0:
                return []
            got = test.rolls.pop(0)
            assert len(got) == n, f"the rules roll {n} dice, the test gave {got}"
            return got
        monkeypatch.setattr(VersusRun, "roll", roll)


def view(s, seat):
    return View(s, seat).visible_state()["versus"]


__all__ = ["act", "activate", "deployed", "layout", "fig", "options", "turn_of", "Dice", "view", "DIRECTORATE", "SYNDICATE"]
