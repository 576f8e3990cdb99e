"""The versus window's words (issue 27 item 3): faction, character, tile, facing and bot names in
the player's language, and the label of every legal action a seat may take. The engine's events and
prompts are message ids with typed parameters, worded by the catalogues
(:func:`game.ui.words.words`); names here are the UI catalogue's (``_``). No pygame.
"""
from __future__ import annotations

from typing import Any

from ...engine.versus.data import DIRECTORATE, ROSTER, SCENARIOS, SYNDICATE, TILES
from ...i18n import N_, _, _f, language
from ...i18n.messages import render
from ..words import words

#: short names for buttons (a model to pick)
SHORT_NAMES = {"mara": N_("Mara"), "kenji": N_("Kenji"), "tobias": N_("Tobias"), "pask": N_("Pask"),
               "lucinda": N_("Lucinda"), "grist": N_("Grist"), "shambler1": N_("Shambler 1"),
               "shambler2": N_("Shambler 2")}
FACTION_NAMES = {DIRECTORATE: N_("The Directorate"), SYNDICATE: N_("The Syndicate")}
#: a picture-free word for each faction's symbol (the board draws the symbol itself): never colour alone
FACTION_SYMBOLS = {DIRECTORATE: N_("diamond"), SYNDICATE: N_("spikes")}
FACING_NAMES = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
FACING_ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
SECTION_NAMES = {"move": N_("Move"), "cc": N_("Close combat")}
SCENARIO_BLURBS = {
    "swift": N_("One against one: Mara must carry the data core out before Grist's saw finds her. "
                "Positions are fixed; no duels."),
    "sanctuary": N_("Three agents against five: two agents must stand in the chapel, the Syndicate must kill "
                    "one. Hidden deployment, duels, a magnetic card."),
}
ABILITY_NAMES = {"sprinter": N_("Sprinter"), "quick_hands": N_("Quick Hands"), "breacher": N_("Breacher"),
                 "stitch": N_("Stitch"), "rally": N_("Rally"), "ripsaw": N_("Ripsaw"), "mindless": N_("Mindless")}
ABILITY_TEXT = {"sprinter": N_("+2 MP on a Move section of 2 CP or more."),
                "quick_hands": N_("Doors and cards cost no MP."),
                "breacher": N_("+1 against doors, walls and objects."),
                "stitch": N_("2 MP: one wound less on itself or a neighbour."),
                "rally": N_("+1 CP each round while alive."),
                "ripsaw": N_("A critical counts 4 against doors, walls and objects."),
                "mindless": N_("Opens no locked door, carries no card.")}
COLOUR_NAMES = {"DB": N_("dark blue (best)"), "LB": N_("light blue"), "GR": N_("grey (weak)")}
ITEM_NAMES = {"card": N_("magnetic card"), "core": N_("data core")}
OBJECT_NAMES = {"bed": N_("bed"), "pew": N_("pew"), "altar": N_("altar"), "table": N_("table"),
                "cabinet": N_("cabinet"), "crates": N_("crates")}
#: the bot strengths a seat may be given at set-up (controller key -> label); "human" is a person
CONTROLLERS = ("human", "random", "greedy", "search:0.5", "search:2", "search:5")
CONTROLLER_NAMES = {"human": N_("Human"), "random": N_("Bot: random"), "greedy": N_("Bot: greedy"),
                    "search:0.5": N_("Bot: search 0.5 s"), "search:2": N_("Bot: search 2 s"),
                    "search:5": N_("Bot: search 5 s")}


def faction(fac: str) -> str:
    return _(FACTION_NAMES.get(fac, fac))


def char(cid: str) -> str:
    """A model's name (20.4) by its stable key in the content catalogue (``versus.roster.<id>.name``)."""
    return _(ROSTER[cid].name) if cid in ROSTER else cid


def scenario_name(sid: str) -> str:
    """A scenario's name (20.6/20.7) by its stable key (``versus.scenarios.<id>.name``); "" for none."""
    return _(SCENARIOS[sid].name) if sid in SCENARIOS else str(sid or "")


def short(cid: str) -> str:
    """A character's short name (a button's)."""
    return _(SHORT_NAMES[cid]) if cid in SHORT_NAMES else char(cid)


def tile(tid: str) -> str:
    """An order tile's name (20.2), from the engine's message catalogue (``versus.tile.OT-n``)."""
    return words_msg(f"versus.tile.{tid}") if tid in TILES else tid


def facing(d: str) -> str:
    return _(FACING_NAMES.get(d, d))


def seat_name(names: list[str], seat: int) -> str:
    """A seat's player name, or "Player N" when none was given."""
    n = names[seat] if seat < len(names) else ""
    return n or _f("Player {n}", n=seat + 1)


def target(t: str, doors: dict | None = None) -> str:
    """A close-combat target id (``fig:ID``, ``obj:ID``, ``edge:..``) in words."""
    kind, _s, tid = t.partition(":")
    if kind == "fig":
        return char(tid)
    if kind == "obj":
        base = tid.rstrip("0123456789")
        return _(OBJECT_NAMES.get(base, base))
    if doors:
        for did, es in doors.items():
            if tid in es:
                return words_msg(f"versus.door.{did}")
    return _("the wall")


def words_msg(mid: str, **params: Any) -> str:
    """A catalogue message id of the engine's in the current language."""
    return render(mid, params, language())


def action_label(a: Any, doors: dict | None = None) -> str:
    """One legal action in words (the fallback list of a decision; the board and the panels have
    their own pictures for most kinds)."""
    k = a.kind
    if k == "vs_pass":
        return _("Pass for the round")
    if k == "vs_activate":
        return _f("Activate {char} with {tiles}", char=char(a.cid),
                  tiles=" + ".join(tile(t) for t in a.tiles.split("+")))
    if k == "vs_move":
        return _f("{tile}: move for {cp} CP", tile=tile(a.tile), cp=a.cp)
    if k == "vs_strike":
        return _f("{tile}: attack {target} with {cp} CP", tile=tile(a.tile), target=target(a.target, doors), cp=a.cp)
    if k == "vs_step":
        return _f("Step to ({x}, {y}) (1 MP)", x=a.to[0], y=a.to[1])
    if k == "vs_turn":
        return _f("Turn to face {facing} (free)", facing=facing(a.facing))
    if k == "vs_door":
        return _f("Open the {door}", door=words_msg(f"versus.door.{a.door}")) if a.open else \
            _f("Close the {door}", door=words_msg(f"versus.door.{a.door}"))
    if k == "vs_pickup":
        return _f("Pick up the {item}", item=words_msg(f"versus.item.{a.item}"))
    if k == "vs_give":
        return _f("Hand the {item} to {char}", item=words_msg(f"versus.item.{a.item}"), char=char(a.cid))
    if k == "vs_stitch":
        return _f("Stitch {char} (2 MP)", char=char(a.cid))
    if k == "vs_end":
        return _f("End the activation facing {facing}", facing=facing(a.facing))
    if k == "vs_declare":
        return _f("Declare a duel for {char}", char=char(a.cid))
    if k == "done":
        return _("No duel")
    if k == "vs_bid":
        return _f("Bid {cp} CP", cp=a.cp)
    if k == "vs_duel_act":
        if a.what == "strike":
            return _("Duel: strike")
        if a.what == "turn":
            return _f("Duel: turn to face {facing}", facing=facing(a.facing))
        return _("Duel: shift")
    if k == "vs_shift_done":
        return _("End the shift")
    if k == "vs_take":
        return _("Take the magnetic card") if a.take else _("Leave the card")
    if k == "vs_face":
        return _f("{char} faces {facing}", char=char(a.cid), facing=facing(a.facing))
    if k == "vs_deploy":
        return ", ".join(char(c) for c in a.order.split(","))
    return k


def prompt(p: Any) -> str:
    """The pending decision's prompt in words (the engine's message id; a character id among its
    parameters is named)."""
    if p is None:
        return ""
    params = {k: (char(v) if isinstance(v, str) and v in ROSTER else v) for k, v in (p.params or {}).items()}
    return words_msg(p.prompt, **params) if p.prompt.startswith("versus.") else words(p)


__all__ = ["FACTION_NAMES", "scenario_name", "FACING_NAMES", "CONTROLLERS", "CONTROLLER_NAMES",
           "faction", "char", "tile", "facing", "seat_name", "target", "action_label", "prompt", "words_msg"]
