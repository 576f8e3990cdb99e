"""The manor's board pictures for the rules reference (issue 12; issue 24: out of the shared
:mod:`game.ui.diagrams`): where Burn reaches (M-KERO-3) and where stepping into a room draws an
encounter card (M-ENC-2). Named by the manor's registration (``mode.py``: ``diagrams``)."""
from __future__ import annotations

from ...content.diagram_boards import rulebook_board as _board, rulebook_manor_game as _mgame
from ...engine import apply, legal_actions, snapshot
from ...engine.query import Game, View
from ...i18n import N_, _, _f
from ..diagrams import Diagram, Sq
from ..words import colour_word


def _burn_marks(s: Game) -> dict[Sq, str]:
    """M-KERO-3: a dot on each corpse square the engine offers Burn for, a cross on the others."""
    burns = {tuple(a.to) for a in legal_actions(s) if a.kind == "burn" and a.to is not None}
    return {tuple(t.pos): ("ok" if tuple(t.pos) in burns else "no") for t in View.of(s).tokens if t.kind == "corpse"}


def _explore_marks(s: Game) -> dict[Sq, str]:
    """M-ENC-2: step into each neighbouring tile on a copy of the game; 'card' where the engine draws
    an encounter card, 'none' where it draws nothing (green tiles, R-EXPLORE-2)."""
    q = View(s)
    here = q.tile_id(tuple(View.of(s).active_char.pos))
    out: dict[Sq, str] = {}
    for a in legal_actions(s):
        if a.kind != "move" or a.to is None or q.tile_id(tuple(a.to)) == here:
            continue
        events = apply(snapshot(s), a)
        out[tuple(a.to)] = N_("card") if any(e.kind == "encounter" for e in events) else N_("none")
    return out


def _explore_note(s: Game) -> str:
    q = View(s)
    tiles = sorted((t for t in q.board.tiles.values() if t.unexplored), key=lambda t: min(t.squares))
    return " ".join(_f("{tile}: {colour}.", tile=_(t.name), colour=colour_word(t.colour))
                    for t in tiles)


#: the manor's diagrams, by the rules reference's section
DIAGRAMS: tuple[Diagram, ...] = (
    Diagram("kerosene", N_("Where Dana can Burn: a dot on the corpses she can burn (her square and the squares "
                           "next to her), a cross where a wall is in the way or they are too far."),
            lambda: _mgame(_board(("AAAA", "AAAA"), {"A": N_("Cellar")}, start=(1, 0), walls=(((1, 1), (2, 1)),)),
                           (("corpse", (1, 0)), ("corpse", (0, 1)), ("corpse", (2, 1)), ("corpse", (3, 0)))),
            _burn_marks),
    Diagram("encounter_cards", N_("Dana steps into each unexplored room next to her (the engine plays each "
                                  "step on a copy): 'card' where an encounter card is drawn, 'none' where "
                                  "nothing is drawn."),
            lambda: _mgame(_board((".Y.", "GDA", ".R."), {"D": N_("Hall"), "Y": N_("Parlour"), "A": N_("Library"),
                                                          "R": N_("Kitchen"), "G": N_("Garden")},
                                  {"D": "green", "Y": "yellow", "A": "amber", "R": "red", "G": "green"}, start=(1, 1),
                                  open_doors=(((1, 0), (1, 1)), ((0, 1), (1, 1)), ((1, 1), (2, 1)), ((1, 1), (1, 2))),
                                  unexplored=("Y", "A", "R", "G"))),
            _explore_marks, _explore_note),
)
