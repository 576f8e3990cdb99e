"""The core rule set: the city game of ``rules/core.md`` on the rules machine.

Each module owns the rule sections it names and cites their IDs; :class:`CoreRun` puts them
together as one :class:`~game.engine.machine.Machine` whose registered tasks, decisions and
actions are collected into the rule set ``CORE``:

=============  =============================================================================
module         owns
=============  =============================================================================
setup          set-up of a scenario (R-SCEN-3, R-INTRO-2..8, R-CAMP-5..8, R-STAND-3)
turn           the turn and its phase table (R-TURN), the action phase (R-ACT)
actions        the actions a survivor may take (R-MOVE, R-STAIR, R-DOOR, R-BARR, R-USE)
combat         attacks, damage, barrels, enemy attacks and evades (R-ATK, R-EATK, R-EVADE)
reactions      the reaction phase and out-of-sequence moves (R-REACT, R-OOS, R-EMOVE)
tension        the tension phase (R-TENSION, R-SUST); effects: the effect vocabulary
spawning       exploration and spawning (R-EXPLORE, R-SPAWN, R-CORPSE-3)
inventory      items, search, item box, trade (R-INV, R-SEARCH, R-IBOX, R-TRADE, R-INK)
narrative      narrative events (R-NARR)
stalker        the Stalker (R-STALK)
bosses         bosses and behaviour decks (R-BOSS)
end            end conditions (R-TURN-12, R-HEALTH-10, R-SCEN-8)
common         shared lookups: squares, capacity, linked tiles, LOS, distances, dice
=============  =============================================================================
"""
from __future__ import annotations

from ..defs import plain, plain_table
from ..machine import SEAT_ORDER, Machine, Phase, RuleSet, register_ruleset
from ..state import GameState, Pending
from . import payloads  # noqa: F401  (every city, manor and campaign action kind declares its payload)
from .actions import Actions
from .bosses import Bosses
from .combat import Combat
from .common import Common
from .effects import CORE_EFFECTS
from .keywords import by_category
from .end import End
from .inventory import Inventory
from .narrative import Narrative
from .reactions import Reactions
from .scenario_actions import ScenarioActions
from .setup import setup
from .spawning import Spawning
from .stalker import Stalker
from .tension import Tension
from .turn import Turn

# R-TURN-1: the players take turns in seat order, round and round; R-TURN-2, R-TURN-11: a player
# turn is action -> reaction -> tension -> end; then the next seat (the machine's turn order).
PHASES = (
    Phase("turns", start="turn_start", then=None, rule="R-TURN-1", order=SEAT_ORDER,
          steps=("action", "reaction", "tension", "end")),
    Phase("action", start="action_phase", then="reaction", rule="R-TURN-4"),
    Phase("reaction", start="reaction_phase", then="tension", rule="R-REACT-1"),
    Phase("tension", start="tension_phase", then="end", rule="R-TENSION-1"),
    Phase("end", start="turn_end", then=None, rule="R-TURN-11"),
)

#: tasks that still run when a turn ends early (R-TURN-8): they put cards back in their piles and
#: displaced models on free squares, so nothing is lost with the rest of the turn
BOOKKEEPING = frozenset({"behaviour_done", "shove"})


class CoreRun(Common, End, Combat, Turn, Actions, Inventory, Reactions, Tension, Spawning, Narrative, Stalker,
              Bosses, ScenarioActions, Machine):
    """One resolution pass of the core rule set over a state (see the module table)."""

    def __init__(self, s: GameState):
        super().__init__(s)
        scn = s.scenario
        if scn is None:
            raise RuntimeError("GameState has no scenario attached (use state.attach(scenario))")
        self.scn = scn
        self.b = scn.board
        self.ct = scn.content
        self.brief = plain(scn.brief)  # (a plain copy, as the definitions below)
        # the definitions the rules read at every step, as plain copies (defs.plain, issue 8)
        self._fx_items = plain_table(self.ct.items)
        self._fx_enemies = plain_table(self.ct.enemies)
        self._fx_chars = plain_table(self.ct.characters)
        self._refs: dict = {}  # (r_who's references by survivor id or (enemy uid, type))
        self._end_enemies = self.end_reads_enemies()  # (static: the brief and the rule set)
        self.load_geometry()  # (also reads the last quiet end check kept in the state's cache)

    def new_pass(self) -> None:
        """Another pass with this run (``apply`` keeps it): the geometry it holds is the state's
        unless another run changed an edge since (then it is read again)."""
        super().new_pass()  # one call per apply: not worth a copy of the machine's lines
        if self._sc.get("geo") is not self._geo:
            self.load_geometry()

    def refresh(self) -> None:
        """The state was put back before a result entered at the table (issue 12): re-read the
        geometry and drop the occupancy index."""
        self.load_geometry()


def _legal(run: CoreRun, p: Pending) -> list:
    if p.kind == "act":
        return run.action_options()
    return list(p.options)


def _keywords() -> dict[str, frozenset[str]]:
    return {"effect": frozenset(CORE_EFFECTS), **by_category()}


CORE = register_ruleset(RuleSet(name="core", run_class=CoreRun, setup=setup, phases=PHASES, legal_hook=_legal,
                                effects=dict(CORE_EFFECTS), keywords=_keywords(),
                                bookkeeping=BOOKKEEPING))

__all__ = ["CORE", "CoreRun", "PHASES"]
