"""What a campaign token or a scenario's objective item is for, in the player's words.

A playtest (play3, issue 10) met a progression token whose tooltip said only "Progression." and a
Valve Handle whose tooltip said only "Objective item.", and a log line "Campaign progression token
found: DT2." naming a code. These sentences say what the thing does: which scenario a progression
token opens on the city map (and the Item C card its path card waits for), and where an objective
item is used. They read the scenario's brief and the city campaign pack (data, no rules), so they
change nothing in the game.
"""
from __future__ import annotations

from functools import lru_cache

from ..i18n import N_, _, _f
from ..engine.query import Game, View
from .ruleids import tagged

#: a scenario action's ``at`` token kind in words (others are named by their kind)
AT_WORDS = {"objective": N_("objective token"), "exit": N_("exit"), "typewriter": N_("typewriter"),
            "item_box": N_("item box")}


@lru_cache(maxsize=2)
def _pack(name: str = "city"):
    """The campaign pack (game.content.campaign_pack), read once; None when it cannot be read (a
    broken pack is reported by the campaign screens, not by a tooltip)."""
    try:
        from ..content.campaign_pack import load_pack

        return load_pack(name)
    except Exception:  # noqa: BLE001 - a hint is never worth a crash
        return None


def progression_opens(state: Game, label: str) -> str:
    """'Subway Concourse' (in English, a message id) for a progression token labelled 'DT2' in this
    scenario (R-CAMP-10); '' when the label is not the campaign's (a test board, another mode's)."""
    card = dict(View.of(state).scenario.brief.progression).get(label)
    pack = _pack()
    if card is None or pack is None:
        return ""
    if card == pack.route_label:
        return N_("the Clock Tower route")
    pc = pack.path_cards.get(card)
    if pc is None:
        return ""
    try:
        return pack.slot(pc.opens).name  # a message id: callers translate it
    except KeyError:
        return ""


def progression_needs(state: Game, label: str) -> str:
    """The item (its name) a progression token's path card needs before it opens, or ''."""
    card = dict(View.of(state).scenario.brief.progression).get(label)
    pack = _pack()
    pc = pack.path_cards.get(card) if (pack is not None and card is not None) else None
    if pc is None or not pc.requires:
        return ""
    d = View.of(state).scenario.content.items.get(pc.requires)
    return _(d.name) if d is not None else pc.requires


def progression_tip(state: Game, label: str) -> str:
    """The tooltip of a progression token (R-CAMP-10)."""
    opens = progression_opens(state, label)
    if not opens:
        return tagged(_("Progression token: a survivor who steps onto it takes it; it opens a new scenario on the "
                 "city map."), "R-CAMP-10", None, "()")
    needs = progression_needs(state, label)
    tip = tagged(_f("Progression token: a survivor who steps onto it takes it. After this scenario it opens the way "
             "to {name} on the city map.", name=_(opens)), "R-CAMP-10", None, "()")
    if needs:
        tip += " " + tagged(_f("That path stays locked until a survivor carries the {item} (an Item C card) out of a "
                        "scenario.", item=needs), "R-CAMP-12", None, "()")
    return tip


def objective_item_hint(state: Game, item_id: str) -> str:
    """Where a scenario's objective item is used: 'Use it on the objective token in the Pump Island:
    "Shut the main valve" (1 action).' (R-SCEN-4), or '' when no scenario action of this brief
    needs the item."""
    for sa in View.of(state).scenario.brief.scenario_actions:
        if sa.item != item_id:
            continue
        where = ""
        if sa.at:
            for t in View.of(state).tokens:
                if t.kind == sa.at and (sa.at_label is None or str(t.props.get("label", "")) == sa.at_label):
                    b = View.of(state).scenario.board
                    if b.has(tuple(t.pos)):
                        room = _(b.tile_of(tuple(t.pos)).name)
                        room = room[4:] if room.startswith("The ") else room
                        what = _(AT_WORDS[sa.at]) if sa.at in AT_WORDS else sa.at.replace("_", " ")
                        where = _f("on the {what} in the {room}", what=what, room=room)
                    break
        if where:
            return tagged(_f("Use it {where}: \"{action}\" (1 action).", where=where, action=_(sa.label)), "R-SCEN-4",
                          None, "()")
        return tagged(_f("Use it for \"{action}\" (1 action).", action=_(sa.label)), "R-SCEN-4", None, "()")
    return ""
