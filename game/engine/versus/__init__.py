"""Versus: the two-player tactical game of rules/versus.md as its own rule set on the machine.

Modules: :mod:`.data` (die, order tiles, roster, terrain, the two scenarios of section 20),
:mod:`.state` (:class:`VersusState`, the ``versus`` record), :mod:`.rules` (set-up, rounds,
activations, movement, doors, items, line of sight, duels, end of round, victory),
:mod:`.combat` (close combat, dice, wounds, death, destruction).

Public API (nothing else is needed by the UI, the bots and the tools):

- ``new_versus(scenario_id, seats, seed)`` -> state: ``seats`` maps each faction
  (``"directorate"``, ``"syndicate"``) to its seat (0 or 1); then the engine's
  ``legal_actions(state, seat)``, ``apply(state, action, seat)`` and ``View(state, seat)``.
  ``View(state, seat).visible_state()["versus"]`` is what that seat may see (``redact``).
- ``scenario(scenario_id)`` -> the engine :class:`~game.engine.scenario.Scenario` (``.versus``
  holds the :class:`~game.engine.versus.data.VsScenario`), for ``api.new_game`` and replays:
  ``new_game(scenario(id), [(faction of seat 0, 0), (faction of seat 1, 0)], seed)``.
- ``winner(state)``: ``"directorate"``, ``"syndicate"``, ``"draw"`` or ``""`` while playing.

Decisions (``state.pending.kind``) and their typed actions (``rules.py`` declares payloads):
``vs_deploy`` (secret, V-SETUP-3: one action assigns the whole force, ``order`` = character ids
in start-square order), ``vs_face`` (secret, one per character), ``activate`` (``vs_activate``
cid + tiles, or ``vs_pass``), ``order`` (``vs_move``, ``vs_strike``, ``vs_step``, ``vs_turn``,
``vs_door``, ``vs_pickup``, ``vs_give``, ``vs_stitch``, ``vs_end``), the ``duel`` window of the
non-active seat (``vs_declare`` or ``done``), ``vs_bid`` (secret), ``vs_duel_act``, ``shift``,
``take`` (V-CARD-5).

Hook points for search bots (issue 28: information-set MCTS over this API)
--------------------------------------------------------------------------
A bot sees only ``View(state, seat)``; to search it must *determinise*: make a full state
consistent with that view, then clone/apply freely on it.

- **What is hidden** (V-HOT-1/3) and where it lives in a full state ``s.versus``:
  (1) before the deployment reveal (``revealed`` False), the other side's ``figures[*].pos``
  (None in the view) and its committed ``deploy[seat]`` order string; (2) before the facings
  are revealed, the other side's entries of ``facings`` (by character id); (3) during a duel,
  the other side's ``duel["bids"][seat]``. Nothing else is hidden: pools, tiles used, wounds,
  items, facings after the reveal are public.
- **Sampling consistently**: (1) pick a random permutation of the other side's force over its
  start squares (``rules.VersusRun.deploy_options(seat)`` lists them; the scenario's
  ``map.starts[faction]``); if the view's ``deploy`` lacks the other seat, it has not deployed
  yet and nothing is to sample. (2) facings: one of ``N E S W`` per other-side character in
  ``facings`` that the view lacks but the other seat has already set (the pending ``vs_face``
  decision's ``ctx["cid"]`` says whose facing is asked now: characters of that seat before it
  in ``figures`` order are set). (3) a bid already placed by the other seat (the public event
  ``bid_placed`` / the pending bid's seat tells whether it bid): any value in its legal range
  (declarer 1..pool, active 0..pool, the pool being public in ``versus.cp``).
  :func:`game.engine.versus.view.determinise` ``(state, seat, seed)`` does exactly this on a
  full state (a clone; the dice reseeded so the seat cannot know them either), and
  :class:`game.engine.versus.view.VsView` ``(state, seat)`` is the seat's view without a JSON
  dump (the greedy bot scores positions with it; tests check it agrees with ``redact``).
- **Cheap search**: ``state.clone()`` (deep copy of the saved fields, shares the scenario);
  ``legal_actions`` is computed once per step; ``apply`` keeps the run between actions. Random
  playouts: the rules' decisions all offer finite option lists; a free turn (``vs_turn``) is an
  option at every MP step, so a playout policy should prefer other kinds (``tools.simulate``'s
  ``random`` bot does: it takes ``vs_turn`` only with a small chance).
- **Outcome**: ``winner(state)`` once ``state.result`` is set; a draw is ``"draw"``.
"""
from __future__ import annotations

from typing import Any

from ..defs import ScenarioDef
from ..scenario import Content, Scenario
from .data import DIRECTORATE, FACINGS, FACTIONS, ROSTER, SCENARIOS, SYNDICATE, TILES, VsScenario
from .rules import VERSUS, VersusRun, board_of
from .state import Figure, VersusState, VersusSub
from .view import VsView, determinise  # noqa: E402  (the versus view, for the UI and the bots)
from . import sample  # noqa: F401,E402  (the search bot's hooks on VERSUS: sample_hidden, outcome; issue 28)

_SCN: dict[str, Any] = {}


def scenario(scenario_id: str, vs: VsScenario | None = None) -> Scenario:
    """The engine scenario of versus scenario ``scenario_id`` (20.6 ``swift``, 20.7
    ``sanctuary``; or ``vs``, e.g. read from a Tiled map), built once. Raises KeyError naming
    the known ids."""
    if vs is None:
        if scenario_id not in SCENARIOS:
            raise KeyError(f"unknown versus scenario {scenario_id!r}; known: {sorted(SCENARIOS)}")
        hit = _SCN.get(scenario_id)
        if hit is not None:
            return hit
        vs = SCENARIOS[scenario_id]
    brief = ScenarioDef(id=vs.id, name=vs.name, map=vs.map.id)
    scn = VsEngineScenario(brief=brief, board=board_of(vs.map), content=Content(), rules="versus", versus=vs)
    if vs is SCENARIOS.get(scenario_id):
        _SCN[scenario_id] = scn
    return scn


from dataclasses import dataclass  # noqa: E402


@dataclass(frozen=True)
class VsEngineScenario(Scenario):
    """An engine scenario that carries its versus definitions (``versus``)."""

    versus: VsScenario | None = None


def new_versus(scenario_id: str, seats: dict[str, int] | None = None, seed: int = 1, vs: VsScenario | None = None):
    """A new versus game of ``scenario_id`` with ``seats`` (faction -> seat 0/1; default the
    Directorate at seat 0), run to the first decision. Raises ValueError for seats that are not
    one per faction, KeyError for an unknown scenario."""
    from ..api import new_game
    seats = seats or {DIRECTORATE: 0, SYNDICATE: 1}
    if sorted(seats.values()) != [0, 1] or sorted(seats) != sorted(FACTIONS):
        raise ValueError(f"versus needs one seat (0 and 1) per faction {list(FACTIONS)}, got {seats}")
    party = [(fac, 0) for fac, _ in sorted(seats.items(), key=lambda kv: kv[1])]
    return new_game(scenario(scenario_id, vs), party, seed)


def winner(state: VersusState) -> str:
    """The faction that won, ``"draw"`` (V-OVR-4), or ``""`` while the game goes on."""
    return state.versus.winner


__all__ = ["DIRECTORATE", "SYNDICATE", "FACTIONS", "SCENARIOS", "VERSUS", "VersusRun", "VersusState", "VersusSub",
           "Figure", "new_versus", "scenario", "winner", "FACINGS", "ROSTER", "TILES", "VsView", "determinise"]
