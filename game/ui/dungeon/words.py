"""What the dungeon's screens say (issue 26 item 4): names of heroes, enemies, cards and items in the
player's language, the label of every legal action, an enemy's intent as a sentence.

English is written here as catalogue ids (``_``/``_f``; Japanese in
``game/i18n/locale/ja/LC_MESSAGES/dreadboard.po``); content names (a hero's, an enemy's, a card's)
go through the catalogue as the content file writes them. Nothing here decides a rule: the numbers
and the reasons are the engine's (:class:`game.engine.dungeon.DungeonView`); this module only words
them.
"""
from __future__ import annotations

from typing import Any

from ...engine import Action
from ...i18n import N_, _, _f

#: the three skills (D-SKILL-3), by the engine's names
SKILL_WORDS = {"might": N_("Might"), "agility": N_("Agility"), "lore": N_("Lore")}
#: the dice colours (D-COMP-9) and the symbol each carries besides its colour (never colour alone)
COLOUR_WORDS = {"green": N_("green"), "blue": N_("blue"), "red": N_("red")}
#: how an attack is made
HOW_WORDS = {"melee": N_("Melee"), "ranged": N_("Ranged")}
#: the kinds of the minor actions (D-ACT-5) part B offers, beside give/take
MINOR = ("dsurge", "dfleet", "dmend", "dspark", "dbuy", "duse", "dgive", "dtake")
#: an enemy's target priority (D-ENEMY-17), in words
PRIORITY_WORDS = {"nearest": N_("the nearest hero"), "weakest": N_("the hero with the least life"),
                  "strongest": N_("the hero with the most life"), "most_energy": N_("the hero with the most energy"),
                  "richest": N_("the hero with the most treasure")}
#: enemy and hero keywords (D-KEY), shown on hover cards
KEYWORD_WORDS = {"crush": N_("crush"), "pierce": N_("pierce"), "heavy": N_("heavy"), "reach": N_("reach"),
                 "barrage": N_("barrage"), "siphon": N_("siphon"), "ritual": N_("ritual"), "stun": N_("stun"),
                 "regenerate": N_("regenerate")}


def content(name: str) -> str:
    """A content name (hero, enemy, card, item) in the current language."""
    return _(name) if name else ""


def hero_name(view: Any, seat: int) -> str:
    """The name of the hero of ``seat`` (its character card's chosen face, D-COMP-5)."""
    return content(view.faces(seat)[0].name)


def enemy_name(view: Any, uid: str) -> str:
    """The name of enemy ``uid`` (its enemy card, 16.6); ``?`` for one no longer on the map."""
    try:
        return content(view.enemy_type(uid).name)
    except KeyError:
        return "?"


def item_name(view: Any, uid: str) -> str:
    """The name of item card ``uid`` (16.4)."""
    iid = view.dungeon.item_defs.get(uid, uid)
    item = view.scenario.pack.items.get(iid)
    return content(item.name) if item is not None else iid


def item_cost(view: Any, uid: str) -> int:
    """The cost in treasure of item card ``uid`` (D-ITEM-1)."""
    item = view.scenario.pack.items.get(view.dungeon.item_defs.get(uid, uid))
    return item.cost if item is not None else 0


def seat_of_player(names: list[str] | None, seat: int) -> str:
    """'Player N' or the name the players gave the seat."""
    if names and seat < len(names) and names[seat]:
        return names[seat]
    return _f("Player {n}", n=seat + 1)


def square_words(view: Any, sq: Any) -> str:
    """Square ``sq`` the way the board shows it: the name of the map card drawn there (a junction:
    the card placed first, D-MAP-5) and its row and column on that card, counted from the card's
    top-left as drawn (1-5); a half-square at a card's edge is that card's doorway."""
    lay = view.layout
    ks = lay.cards_of.get(tuple(sq), ())
    if not ks:
        return _("a square off the map")
    cid, slot, _rot = lay.placements[ks[0]]
    card = view.scenario.defn.cards.get(cid)
    name = content(card.name) if card is not None else cid
    col, row = sq[0] - 6 * slot[0], sq[1] - 6 * slot[1]
    if 0 <= col <= 4 and 0 <= row <= 4:
        return _f("{card}, row {row}, column {col}", card=name, row=row + 1, col=col + 1)
    return _f("the doorway of {card}", card=name)


def action_label(view: Any, a: Action) -> str:
    """What clicking legal action ``a`` does, in a few words (the engine's action; never re-checked)."""
    k = a.kind
    if k == "dend":
        return _("End turn")
    if k == "done":
        return _("Go on")
    if k == "dstop":
        return _("Stop moving")
    if k in ("dmove", "dstep"):
        return _f("Move to {square}", square=square_words(view, a.to))
    if k == "dother":
        return _("Claim the objective") if a.name == "claim" else _f("Do: {name}", name=a.name)
    if k == "pick":
        return _f("{hero} goes next", hero=hero_name(view, a.n))
    if k == "dattack":
        return _f("{how} attack: {enemy}", how=_(HOW_WORDS.get(a.how, a.how)), enemy=enemy_name(view, a.target))
    ability = content(view.faces(a.seat)[2].name) if k in ("dsurge", "dfleet", "dmend", "dspark") else ""
    if k == "dsurge":
        return _f("{ability}: {enemy}", ability=ability, enemy=enemy_name(view, a.target))
    if k == "dfleet":
        return _f("{ability}: to {square}", ability=ability, square=square_words(view, a.to))
    if k == "dmend":
        return _f("{ability}: {hero}", ability=ability, hero=hero_name(view, a.other))
    if k == "dspark":
        two = a.target2 and a.target2 != a.target
        return (_f("{ability}: {enemy} and {enemy2}", ability=ability, enemy=enemy_name(view, a.target),
                   enemy2=enemy_name(view, a.target2)) if two else
                _f("{ability}: {enemy}", ability=ability, enemy=enemy_name(view, a.target)))
    if k == "dbuy":
        return _f("Buy {item} ({n} treasure)", item=item_name(view, a.item), n=item_cost(view, a.item))
    if k == "duse":
        return _f("Use {item}", item=item_name(view, a.item))
    if k == "dgive":
        return _f("Give {item} to {hero}", item=item_name(view, a.item), hero=hero_name(view, a.other))
    if k == "dtake":
        return _f("Take {item} from {hero}", item=item_name(view, a.item), hero=hero_name(view, a.other))
    if k == "dreroll":
        return _("Keep the roll") if a.n < 0 else _f("Reroll die {n}", n=a.n + 1)
    if k == "dassign":
        return _f("Hit die {n} on {enemy}", n=a.n + 1, enemy=enemy_name(view, a.target))
    return k


#: kinds whose several legal actions (targets, squares, items) sit behind one button
GROUPED = ("dattack", "dsurge", "dfleet", "dmend", "dspark", "dbuy", "duse", "dgive", "dtake")


def group_label(view: Any, a: Action, n: int) -> str:
    """The one button of ``n`` legal actions of ``a``'s kind: the ability by name and its energy
    cost, or what the kind does."""
    k = a.kind
    if k in ("dsurge", "dfleet", "dmend", "dspark"):
        face = view.faces(a.seat)[2]
        return _f("{ability} ({n} energy)…", ability=content(face.name), n=view.stats(a.seat).energy_cost)
    words = {"dattack": N_("Attack…"), "dbuy": N_("Buy an item…"), "duse": N_("Use an item…"),
             "dgive": N_("Give an item…"), "dtake": N_("Take an item…")}
    return _(words.get(k, k))


def intent_text(view: Any, uid: str, intent: dict) -> str:
    """Enemy ``uid``'s intent (``DungeonView.enemy_intent``: does, path, target, attack) as a sentence."""
    name = enemy_name(view, uid)
    does = intent.get("does")
    if does == "skip":
        return _f("{enemy} has not noticed the heroes: it stays put.", enemy=name)
    if does == "stunned":
        return _f("{enemy} is stunned: it skips this activation.", enemy=name)
    target = intent.get("target")
    who = hero_name(view, target) if target is not None else ""
    steps = len(intent.get("path") or [])  # (the squares it walks, its own not counted)
    how = intent.get("attack")
    if target is None:
        return (_f("{enemy} moves {n} squares; no hero to attack.", enemy=name, n=steps) if steps else
                _f("{enemy} holds its ground: no hero to attack.", enemy=name))
    if how and steps:
        return _f("{enemy} goes for {hero}: {n} squares, then a {how} attack.", enemy=name, hero=who, n=steps,
                  how=_(HOW_WORDS.get(how, how)).lower())
    if how:
        return _f("{enemy} attacks {hero} ({how}) without moving.", enemy=name, hero=who,
                  how=_(HOW_WORDS.get(how, how)).lower())
    return _f("{enemy} closes in on {hero}: {n} squares, out of reach to attack.", enemy=name, hero=who, n=steps)


__all__ = ["GROUPED", "group_label", "COLOUR_WORDS", "HOW_WORDS", "KEYWORD_WORDS", "MINOR", "PRIORITY_WORDS", "SKILL_WORDS", "action_label",
           "content", "enemy_name", "hero_name", "intent_text", "item_cost", "item_name", "seat_of_player"]
