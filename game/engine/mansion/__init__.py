"""The mansion rule set (rules/mansion.md): the core game with the rows of the M-DOC-2 table
replaced or amended, registered as rule set ``mansion`` on the rules machine.

Every M-DOC-2 row is one override or registration here (the core modules only expose hooks):

=====================================  =========================================================
core rule                              mansion replacement (module)
=====================================  =========================================================
R-EXPLORE-3, R-CORPSE-2, R-DIE-1       encounter deck: ``explore``, ``hazard_check`` (encounter)
R-NARR-*                               scenario events: task ``narrative`` (events)
R-TENSION-10                           ``tension_reshuffles``: the Introduction only (M-TENSION-1)
R-STALK-*                              no Stalker in the content; naming it is refused at load
R-BOSS-10                              ``may_die``, ``check_end``, task ``attack_result`` (M-BOSS-2..4)
R-DANGER-*                             ``DANGER_NAME`` = Manor (M-DANGER-1, M-DOC-3)
R-CHAR-1, DV-8                         the mansion content's characters (M-CHAR, MDV-1/2)
R-CAMP-*, R-END-*, R-SOLO-2            the mansion campaign rule set (:mod:`.campaign`)
=====================================  =========================================================

Kerosene and Burn (M-KERO), the reserve and missions (M-RESERVE, M-MISSION) and the four main
characters' specials (MDV-1) are additions (reserve).
"""
from __future__ import annotations

from ..actions import Action
from ..core import PHASES, CoreRun, _legal
from ..core.keywords import by_category
from ..machine import RuleSet, decision, register_ruleset, task
from ..state import CharState
from .effects import MANSION_EFFECTS
from .encounter import Encounter
from .events import ScenarioEvents
from .reserve import Kerosene, Reserve
from .setup import setup
from .specials import Specials
from .state import MansionState

#: MDV-1 specials the mansion registers (content naming others is refused at load)
MANSION_SPECIALS = frozenset({"quick_hands", "marksman", "heavyweight", "field_medic"})


class MansionRun(Specials, Encounter, ScenarioEvents, Kerosene, Reserve, CoreRun):
    """One resolution pass of the mansion rule set over a :class:`MansionState`."""

    DANGER_NAME = "Manor"  # M-DANGER-1, M-DOC-3: the manor danger track, same numbers
    # M-EVENT-2/3 (event tokens, as the core's narrative kinds) and M-MISSION-1 (mission tokens)
    ENTER_TOKENS = {"narrative": "narrative", "fixed_narrative": "narrative", "mission": "mission_token"}

    def tension_reshuffles(self) -> bool:
        """M-TENSION-1 (replaces R-TENSION-10): only the Introduction reshuffles; anywhere else an
        empty tension deck fails the scenario."""
        return bool(self.brief.intro)

    @task("scout_pick")
    def t_scout_pick(self, task: dict) -> None:
        """M-MISSION-13 SCOUT_NEXT: before play the players remove one unexplored token of their
        choice; that tile counts as explored and nothing is drawn for it."""
        s = self.s
        s.mansion.scout_pending = False
        tiles = sorted(t.id for t in self.b.tiles.values() if t.id not in s.explored)
        if tiles:
            self.ask("scout", s.active, "ask.scout",
                     [Action(kind="pick", target=t) for t in tiles], {})

    @decision("scout")
    def d_scout(self, ctx: dict, a: Action) -> None:
        self.s.explored.append(a.target)
        self.s.explored.sort()
        self.emit("mission", "M-MISSION-13", "mission.scouted", {"tile": {"t": "room", "id": a.target, "name": self.b.tiles[a.target].name}},
                  card="", char="", step="scouted")

    # ------------------------------------------------------------------ bosses (M-BOSS-2..4)
    # (M-BOSS-3 below and M-BOSS-2's exemption list make the end check read the enemies: it replaces
    # check_end and may_die, which End.end_reads_enemies sees by itself)

    def may_die(self, c: CharState) -> bool:
        """M-BOSS-2: knocked out by a boss attack -> exempt from R-HEALTH-10 for the scenario."""
        return c.cid not in self.s.mansion.boss_ko

    @task("attack_result")
    def t_attack_result(self, task: dict) -> None:
        e = self.s.enemy(task["enemy"])
        c = self.s.char(task["target"])
        was = c.conscious
        super().t_attack_result(task)
        if was and c.health == 6 and e is not None and e.uid == self.s.core.boss and c.cid not in self.s.mansion.boss_ko:
            self.s.mansion.boss_ko.append(c.cid)  # M-BOSS-2
            self.emit("boss_special", "M-BOSS-2", "mboss.spared", {"char": self.r_who(c)})

    def check_end(self) -> None:
        """M-BOSS-3: a boss scenario with nobody conscious left in the play area fails."""
        s = self.s
        if s.result is None and not s.core.fail and self.has_boss() and s.phase != "setup" and s.characters \
                and not any(c.conscious for c in s.characters) and not all(c.exited for c in s.characters):
            self.fail("M-BOSS-3", {"t": "msg", "id": "reason.nobody_standing"})
        super().check_end()

    # ------------------------------------------------------------------ MDV-1 specials
    @decision("act")
    def d_act(self, ctx: dict, a: Action) -> None:
        """MDV-1 Quick Hands: Dana's first Search each turn costs no action (R-OOS-3 still
        applies: the search is queued like any other action)."""
        s = self.s
        c = s.active_char
        super().d_act(ctx, a)
        if a.kind == "search" and self.cdef(c).special == "quick_hands" and s.mansion.quick_hands_turn != s.turn:
            s.mansion.quick_hands_turn = s.turn
            s.actions_left += 1
            self.emit("special", "MDV-1", "special.quick_hands", {"char": self.r_who(c)})


def _keywords() -> dict[str, frozenset[str]]:
    cats = dict(by_category())
    cats["character_special"] = cats.get("character_special", frozenset()) | MANSION_SPECIALS
    return {"effect": frozenset(MANSION_EFFECTS), **cats}


MANSION = register_ruleset(RuleSet(name="mansion", run_class=MansionRun, setup=setup, phases=PHASES,
                                   legal_hook=_legal, effects=dict(MANSION_EFFECTS), keywords=_keywords(),
                                   bookkeeping=frozenset({"behaviour_done", "shove"}), state_class=MansionState))

__all__ = ["MANSION", "MansionRun", "MansionState"]
