"""Sentences the engine writes in English (result reasons, decision prompts, rare log lines), shown in
the player's language.

The engine's texts are English sentences built from a fixed set of patterns. Until the engine hands
out message ids with data (an engine wish, see docs/architecture.md), this module keeps those patterns
as catalogue entries with named blanks: ``"{char} died"`` matches "Vera Castellan died", and the
Japanese entry is filled with the blanks, each translated when it is itself a catalogue entry (a
survivor, enemy, item, tile or card name). A sentence no pattern matches is shown as the engine wrote
it. ``tests/test_i18n_screens.py`` plays whole games in Japanese and lists the log lines left English.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..i18n import N_, _, _f, language

#: engine sentence patterns (English, with {blanks}); the .po file holds their Japanese
TEMPLATES: tuple[str, ...] = (
    # result reasons (R-TURN-12, R-HEALTH-10, R-SCEN-8, R-INTRO-6, R-TENSION-8, R-STAND-7)
    N_("{char} died"),
    N_("{char} was pushed past Danger"),
    N_("the boss is dead"),
    N_("the objective is done"),
    N_("every survivor got out through the exit"),
    N_("everyone left before the objective was done"),
    N_("the tension deck ran out"),
    N_("the danger marker is on the last space"),
    # decision prompts (R-DOC-5)
    N_("{char}: {n} actions left"),
    N_("{char}: {n} action left"),
    N_("The boss can step onto several squares: which?"),
    N_("Where does the Burrower erupt?"),
    N_("The {enemy} can end on several squares as close to {char}: pick one."),
    N_("The {enemy} is as close to several survivors: which one does it go for?"),
    N_("Extra gear: who takes the {item}?"),
    N_("{char} (Scavenger): keep which card?"),
    N_("Which enemy lunges?"),
    N_("{card}: choose"),
    N_("Which enemy attacks first (equal threat)?"),
    N_("Which enemy moves next?"),
    N_("{char}'s inventory is full: discard a card."),
    N_("Put them back in which order (first = drawn next)?"),
    N_("Put the top tension cards back at the table, then confirm."),
    N_("{char} is pushed: choose the square."),
    N_("Push the {enemy}? Pick a square or decline."),
    N_("Equal threat: which enemy makes the attack?"),
    N_("Reaction phase: which enemy reacts next?"),
    N_("The {enemy} can attack several survivors: which one?"),
    N_("{char} (Quick Reflexes): re-roll one die?"),
    N_("Shoved by the boss: choose the square."),
    N_("Equally near spawn points: which fills first?"),
    N_("Take items from {char}, then Done"),
    N_("{attack}: which survivor does it strike?"),
    N_("Roll the encounter die ({why}) and enter it."),
    N_("Roll a {colour} die and enter its face."),
    N_("Roll a {colour} die and enter its face (die {i} of {n})."),
    N_("Draw a tension card from your deck and name it."),
    # log lines the log's own messages (game.ui.logtext) do not cover
    N_("Quick Reflexes: {old} re-rolled → {new}: evaded!"),
    N_("Quick Reflexes: {old} re-rolled → {new}: still hit."),
    N_("Scenario won: every survivor is out."),
    N_("Scenario won: the boss is dead."),
    N_("Scenario won: the objective is done."),
    N_("Scenario failed: {reason}"),
    N_("The tension deck ran out: the discards are shuffled into a new deck."),
    N_("The Item A discard pile is shuffled into a new deck."),
    N_("The dead stir: {n} enemies move."),
    N_("The dead stir: {n} enemy moves."),
    N_("The {enemy} cannot get closer to {char} and stays."),
    N_("The {enemy} is already in {char}'s square."),
    N_("The {enemy} is already in {char}'s square, so it stays where it is."),  # the log's own ending (game.ui.play)
    N_("{text} (pushed into the fire)."),  # the log says why an enemy pushed into fire is hurt (R-FIRE-3)
    N_("The {enemy} lunges at {char}."),
    N_("The {enemy} lurches toward the survivors."),
    N_("The {enemy} moves toward {char} ({why})."),
    N_("nearest survivor by route; nobody in reach, so it moves"),
    N_("nearest survivor by route; the attack drew it"),
    N_("nearest survivor by route; the tension card stirs it"),
    N_("The {enemy} charges to {square}."),
    N_("The {enemy} charges within {place}."),  # the log names the room a move stays in (game.ui.render.name_rooms)
    N_("{enemy} moves within {place}."),
    N_("{char} is pushed within {place}."),
    N_("{char} is shoved within {place}."),
    N_("{scenario}: set-up done."),
    N_("{attacker} attacks {char}: unavoidable."),
    N_("{enemies} could also attack: evade difficulty +{n}."),
    N_("{char} keeps {item}; {other} goes to the bottom of the Item A deck."),
    N_("{char} mixes herbs: {item} + {other}."),
    N_("{char} recovers {n}: {health}."),
    N_("{char} reloads the {item}: {a} → {b}."),
    N_("{char} scavenges: {item} / {other} - keep one."),
    N_("{char} uses {item} on {other}."),
    N_("{char} uses {item}."),
    N_("{card}: nobody is left here for it to strike; it is discarded."),
    N_("{char} takes the stairwell."),
    N_("{char} discards {item} (inventory full)."),
    N_("{char} draws {item}."),
    N_("{char} ends the action phase."),
    N_("{char} clears the barricade: now an archway."),
    N_("{char} is stunned and falls."),
    N_("{char} cannot be revived and dies."),
    N_("{char} revives {other}: {health}."),
    N_("{char} suffers {n} damage from the eruption: {health}."),
    N_("{char} is shaken: only {n} actions this turn."),
    N_("Sustained effect: {card}."),
    N_("Sustained effect {card} ends."),
    N_("The next tension cards: {cards}."),
    N_("The top tension cards are put back in the chosen order."),
    N_("Look at the top {n} cards of your tension deck and put them back in any order."),
    N_("Look at the top {n} card of your tension deck and put them back in any order."),
    N_("The players put the top tension cards back in their order."),
    N_("The behaviour card is resolved."),
    N_("{boss} - behaviour card: {card}. {text}"),
    N_("Acting next to the {enemy}: it attacks {char} first."),
    N_("{char} attacks the {enemy} with the {weapon}: {faces} → {result}."),
    N_("{attacker} attacks {char} - evade roll, tier {tier} ({why}): {faces} → {result}"),
    N_("{enemy} ({attack}) attacks {char}"),
    N_("{enemy} attacks {char}"),
    N_("{size} base"),
    N_("{size} base +{n} extra"),
    N_("{n} damage"),
    N_("{n} damage + {more}"),
    N_("{a} + {b}"),
    N_("No {enemy} models left: none spawns."),
    N_("{enemy} appears at {square}."),
    N_("A {enemy} appears at {square}."),
    N_("{char} explores {tile} ({colour}): encounter die {n} - {what}."),
    N_("Corpse check: encounter die {n} - nothing stirs."),
    N_("Corpse check: encounter die {n} - hazard! The dead rise."),
    N_("Corpse at {square}: encounter die {n}."),
    N_("{char} searches the item token and finds {item}."),
    N_("{char} searches {other}."),
    N_("{enemy} is killed."),
    N_("{enemy} is enraged: Move +{n}, attacks harder to evade."),
    N_("{card} cannot be resolved: discard it and draw two more."),
    N_("{enemy} takes {n} damage ({a}/{b} wounds)."),
    N_("{char} falls unconscious."),
    N_("{char}'s use does not happen."),
    N_("{char} is unconscious: turn skipped."),
    N_("{char} takes the {item}."),
    N_("The {item} goes into the item box."),
    N_("Soft Underbelly: the critical hits home for +{n} damage."),
    N_("{card}, line {n}: {line}"),
    N_("Move toward the {who} survivor up to {n} squares"),
    N_("Attack: {attack}"),
    N_("Attack: {attack} (+{n} damage)"),
    N_("Special: {special}"),
    N_("{char} is pushed to {square}."),
    N_("{char} is shoved to {square}."),
    N_("{boss} burrows and erupts at {square}."),
    N_("{enemy} moves to {square}."),
    N_("{enemy} takes {n} damage: health dial {a}/{b}."),
    N_("active"),
    N_("nearest"),
    N_("weakest"),
    N_("farthest"),
    N_("most wounded"),
    N_("{char} discards {item}."),
    # the city campaign (game.engine.campaign): slot states on the city map, end-phase lines and prompts,
    # the campaign's result reasons (R-END, R-CAMP)
    N_('completion token placed'),
    N_('replay: {n} token(s) still to find'),
    N_('playable'),
    N_('path card locked: needs the {item}'),
    N_('route found; cable-car parts {n}/{m}'),
    N_('route not found (Precinct 2); cable-car parts {n}/{m}'),
    N_('opens when {card} succeeds'),
    N_('its path card is found in {card}'),
    N_('the city is overrun (danger {d} of {max})'),
    N_('{card} succeeded'),
    N_('{card} is removed from the game ({why}).'),
    N_('it opens the path card {card}'),
    N_('installed in the cable car'),
    N_('Sustained effects removed ({n} card(s) to the tension discard pile).'),
    N_('Poison cured: {who}.'),
    N_('nobody was poisoned'),
    N_('The danger marker is on space {d}: the city is overrun. The campaign is lost.'),
    N_('Overrun check: danger {d} of {max}, the city holds.'),
    N_('The last car leaves Halloway City: the campaign is won.'),
    N_('Unlock step: no locked path card whose item a survivor holds.'),
    N_('Unlock step: flip path cards by discarding the item they show (R-CAMP-12), then Done'),
    N_('Path card {card} flipped: {slot} is open.'),
    N_('The cable car runs again: {slot} is open.'),
    N_('{char} gives {item} to {who}.'),
    N_('Trade with {who}: move items, then Done'),
    N_('{char} trades with {who}.'),
    N_('Trade between {char} and {who} done.'),
    N_('Trade between {char} and {who} called off: every item goes back.'),
    N_('{item} goes to {who}.'),
    N_('Ammunition: nobody holds ammunition for a weapon that is not full.'),
    N_('Reload weapons with ammunition items (R-END-S1), then Done'),
    N_('{char} reloads the {item}: {a} -> {b}.'),
    N_('{char} recovers {n}: {a} -> {b}.'),
    N_("{char} is already at full health: nothing to recover."),  # R-END-S2 as the end phase says it (game.ui.campaign)
    N_("{char} recovers to full health."),
    N_('Use recovery items: who takes which healing (R-END-S2), then Done'),
    N_('{char} mixes {a} + {b}.'),
    N_('{char} uses {item} on {who}: {a} -> {b}.'),
    N_('Scenario items discarded: {names}.'),
    N_('none held'),
    N_('{n} Item A discard(s) shuffled back: the Item A deck holds {m}.'),
    N_('A First-Aid Spray is already held: nothing added.'),
    N_('No First-Aid Spray was held: one goes into the item box.'),
    N_('City danger +{n}: {a} -> {b} ({band}).'),
    N_('{n} unspent ink ribbon(s) discarded.'),
    N_('{char} types up a report: the tension deck is refreshed ({n} cards). Ink ribbons left: {m}.'),
    N_('Tension deck refreshed: {n} cards.'),
    N_('{card} is complete: its completion token goes on the slot.'),
    N_('{card} stays open: {c} Item C and {p} progression token(s) still to find.'),
    N_('{card} is open.'),
    N_('{b} Item B and {c} Item C card(s) found this scenario go back to their decks.'),
    N_('Ammo dials of {n} weapon(s) refilled.'),
    N_('Every survivor is back to Fine.'),
    N_('Between scenarios: move items between inventories and the item box ({n}/{m}), then Done'),
    N_('{char} puts {item} in the item box.'),
    N_('{char} takes {item} from the item box.'),
    N_('No scenario can be played: the campaign cannot go on.'),
    N_('The Introduction: a tutorial outside the campaign.'),
    N_('Next: {card}.'),
    N_('Solo: play this scenario with which survivor?'),
    N_('{char} takes over from {old} ({health}).'),
    N_('The Introduction ends ({result}); the campaign starts from its set-up.'),
    N_('The Clock Tower route is found.'),
    N_('Path card {card} goes on {slot} (locked side up).'),
    N_('Path card {card} goes on {slot} (open).'),
    N_('{card}: {result} - the end phase begins.'),
    # scenario actions and markers (R-SCEN-4), danger and corpses in either rule set
    N_("Tension card: {card} ({colour}). {text}"),
    N_("Narrative event: {card}. {text}"),
    N_("{char} attacks {enemy} with the {weapon}"),
    N_("{char} attacks {enemy} with the {weapon} (+{n} rapid fire)"),
    N_("{char} shoots the explosive barrel"),
    N_("{char} explores {tile} ({colour})"),
    N_("{char}: {action}. {text}"),  # a scenario action (R-SCEN-4): only with a known survivor and action (GUARDED)
    N_("{char}: {action}."),
    N_("Objective progress: {marker}."),
    N_("City danger {a} → {b}."),
    N_("Manor danger {a} → {b}."),
    N_("Corpse at {square}: encounter die {n} - hazard! It rises."),
    N_("Corpse at {square}: encounter card {card}."),
    N_("Corpse at {square}: encounter card {card} - hazard! It rises."),
    N_("The fire on this tile goes out ({n} square)."),
    N_("The fire on this tile goes out ({n} squares)."),
    N_("{attack}: nobody in reach, the line is skipped."),
    N_("Attack: {attack} (a new target if possible)"),
    N_("Rush: the next Move line ignores the usual Move value and may use its full length."),
    N_("Nowhere to erupt: the Burrower stays."),
    # the manor (game.engine.mansion: M-ENC, M-EVENT, M-MISSION, M-KERO, M-RESERVE, MDV-1, M-END, M-MAP, M-SWITCH)
    N_("{n} wound"),
    N_("{n} wounds"),
    N_("{n} clue"),
    N_("{n} clues"),
    N_("Scouted ahead: which unexplored tile counts as explored?"),
    N_("{tile} was scouted: it counts as explored."),
    N_("{char} is down, but the boss does not finish the job: they will not die of it this scenario."),
    N_("nobody is left standing against the boss"),
    N_("{char} (Quick Hands): the search costs no action."),
    N_("{card} joins the manor map, locked side up ({card2} succeeded)."),
    N_("{card} joins the manor map, locked side up (COMPLETED {cards})."),
    N_("{card} flips to its unlocked side ({items})."),
    N_("RESERVE_AT_LEAST {n}"),
    N_("it opens {card}"),
    N_("{card} is complete: its completion token goes on the card."),
    N_("{card} stays open: {n} Item C token(s) still to find."),
    N_("Unlock step: no locked card can flip."),
    N_("The manor danger marker reached the end of its track: the manor is overrun. The campaign is lost."),
    N_("Overrun check: manor danger {d} of {max}."),
    N_("The way out of the laboratory is open: the campaign is won. Score: {n} characters alive (M-CAMP-4)."),
    N_("Manor danger +{n}: {a} -> {b} ({band})."),
    N_("Reserve wounds: up to {n} discarded from {names}."),
    N_("nobody"),
    N_("The Introduction in the Grand Hall."),
    N_("Set-up: {char} plays, or switch with a main character from the reserve (M-SWITCH)?"),
    N_("{char} takes over from {old} ({health}); {other} joins the reserve with {n}."),
    N_("{char}'s {item}: to {other}, the item box, or discard?"),
    N_("The Introduction ends ({result}); the campaign starts."),
    N_("Place {n} on which reserve character?"),
    N_("{char} rests: {n} removed."),
    N_("{n} weapon(s) in the item box are refilled."),
    N_("The way ahead is scouted: next scenario, one unexplored tile is explored before play."),
    N_("The encounter deck ran out: its discards are shuffled into a new deck."),
    N_("Encounter card: {card}."),
    N_("{char} explores {tile} ({colour}): encounter card {card} - {what}."),
    N_("{char} explores {tile} ({colour}): encounter card {card} - {what}"),
    N_("Scenario event '{label}': nothing is written for it."),
    N_("The scenario event deck is empty: nothing happens."),
    N_("{card} cannot be resolved: it is shuffled back."),
    N_("No scenario event card can be resolved: the trigger ends."),
    N_("Scenario event: {card}. {text}"),
    N_("No option can be carried out: nothing happens."),
    N_("Chosen: {label}. {text}"),
    N_("{char} gains kerosene: {a} → {b} (limit {n})."),
    N_("{char} burns {n} corpse(s) at {square} (kerosene left {k})."),
    N_("{char} uses the {item}."),
    N_("Field Medic: {char} comes back at Fine."),
    N_("{char} is found alive and joins the reserve."),
    N_("{char} takes {n}: {m} in all."),
    N_("{n} Item A card(s) go into the item box."),
    N_("A mission token, but no mission can start here."),
    N_("Mission {card}: nobody is in the reserve; the card is shuffled back."),
    N_("Mission: {card} ({n} clue(s) needed). {text}"),
    N_("{card}: assign which reserve character?"),
    N_("{char} takes on {card}."),
    N_("Mission draw {card}: {clues}, {wounds}; clues {a}/{b}."),
    N_("{card}: clues {a}/{b}. Draw again or abandon?"),
    N_("Mission complete: {card}."),
    N_("Mission {card} ends ({how})."),
    N_("completed"),
    N_("abandoned"),
    N_("{char} (Marksman) rolled {faces}: re-roll one die?"),
    N_("Marksman: {old} re-rolled → {new}."),
    N_("Push the {enemy} one more square (Heavyweight)? Pick a square or decline."),
    # reached by bot games since the bot's search of a fallen ally and rapid fire (cbal)
    N_("{char} is poisoned."),
    N_("{char} takes {item}."),
    # lines and prompts that only the catch-all "{char}: {action}. {text}" used to half-translate (issue 12):
    # found by playing every city and manor scenario in Japanese (tests/test_i18n_catch_all.py)
    N_("Place the fire: pick a square."),
    N_("No room for the {enemy}: pick a nearby square."),
    N_("The {enemy} charges: no room, pick a square next to {char}."),
    N_("{char} searches: the Item {letter} deck is empty."),
    N_("{char} spends an ink ribbon: {n} tension card(s) go back into the draw pile ({m} cards). Ink ribbons "
       "left: {k}."),
    N_("Critical: the {item}'s dial rises to {n}."),
    N_("Corpse check: encounter card {card} - nothing stirs."),
    N_("Corpse check: encounter card {card} - hazard! The dead rise."),
    N_("Corpse check: no encounter card left - nothing stirs."),
    N_("Corpse at {square}: no encounter card left."),
    N_("Turn {turn}: {char} (player {seat})."),
    N_("{char} suffers {n} damage: {health}."),
    N_("Fire breaks out at {square}."),
    N_("The {enemy} has no way to any survivor and stays."),
    N_("The behaviour deck is shuffled anew."),
    # an action lost to an enemy's attack in the survivor's square (R-ACT-3), one sentence per action
    N_("{char}'s move does not happen."),
    N_("{char}'s stairs does not happen."),
    N_("{char}'s door does not happen."),
    N_("{char}'s clear does not happen."),
    N_("{char}'s search does not happen."),
    N_("{char}'s stash does not happen."),
    N_("{char}'s typewriter does not happen."),
    N_("{char}'s trade does not happen."),
    N_("{char}'s exit does not happen."),
    N_("{char}'s scenario does not happen."),
    N_("{char}'s burn does not happen."),
    N_("{char}'s attack does not happen."),
    N_("{char}'s ribbons does not happen."),
    N_("{char} is cured of poison."),
)

#: patterns general enough to swallow other sentences: used only when these blanks are catalogue entries
#: (a survivor's name and one of the briefs' scenario actions), never as a catch-all for unknown lines
GUARDED: dict[str, tuple[str, ...]] = {"{char}: {action}. {text}": ("char", "action"),
                                       "{char}: {action}.": ("char", "action")}

#: single words inside engine sentences (attack results, base sizes, ...)
WORDS: tuple[str, ...] = (N_("push"), N_("burst"), N_("miss"), N_("small"), N_("medium"), N_("large"),
                          N_("listed"), N_("nothing"), N_("evaded!"), N_("hit."), N_("yellow"), N_("amber"),
                          N_("Jammed"), N_("Blackout"), N_("Frenzy"), N_("Shaken"))  # sustained effects (R-SUST)

_RULE_TAIL = re.compile(r"\s*([(\[])((?:R|DV|AMB|M|MDV|MAMB)-[A-Z0-9.-]+(?:,\s*(?:R|DV|AMB|M|MDV|MAMB)-[A-Z0-9.-]+)*)"
                        r"[)\]]\s*$")


@lru_cache(maxsize=None)
def _compiled() -> tuple[tuple[re.Pattern, str], ...]:
    """The patterns as regular expressions, the most specific (most fixed text) first."""
    out = []
    for t in sorted(TEMPLATES, key=lambda t: -len(re.sub(r"\{\w+\}", "", t))):
        rx = re.escape(t)
        rx = re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?P<{m.group(1)}>.+?)", rx)
        out.append((re.compile(rx + r"\Z", re.DOTALL), t))  # a card's text may end in a line break
    return tuple(out)


_FACES = {"BLANK": N_("blank"), "HIT": N_("hit"), "HIT_PLUS": N_("hit+"), "CRIT": N_("critical")}
_SQUARE = re.compile(r"\(?-?\d+, ?-?\d+\)?")


def _blank(v: str, depth: int) -> str:
    """One blank of a matched pattern: a face list, a square, a name or a nested sentence."""
    if v.startswith("[") and v.endswith("]"):  # dice faces: [hit, blank]
        return "[" + ", ".join(_(w.strip()) for w in v[1:-1].split(",")) + "]"
    if _SQUARE.fullmatch(v) or v.isdigit():
        return v
    if v in _FACES:
        return _(_FACES[v])
    got = _one(v, depth + 1) if depth < 3 else None
    if got is not None:
        return got
    dotted = v + "."  # a card's own sentence whose full stop the pattern took
    if not v.endswith(".") and _(dotted) != dotted:
        return _(dotted).rstrip("。")
    if not v.endswith(".") and depth < 3:  # an engine sentence whose full stop the pattern took
        got = _one(dotted, depth + 1)
        if got is not None:
            return got.rstrip("。")
    if v.startswith("the "):  # a room the log named instead of a square ('the Store', 'The Private Chapel')
        for name in (v[4:], "The " + v[4:]):
            if _(name) != name:
                return _(name)
    if ", " in v and depth < 3:  # a list of names
        parts = v.split(", ")
        done = [_one(x, depth + 1) for x in parts]
        if all(d is not None for d in done):
            return "、".join(d for d in done if d is not None)
    return _(v)


def which(s: str) -> tuple[str, dict[str, str]] | None:
    """The pattern that translates sentence ``s`` and its blanks ('' and {} for a whole catalogue entry),
    or None: no pattern knows it (it is shown in English). A GUARDED pattern counts only when its
    guarded blanks are catalogue entries."""
    if _(s) != s:
        return "", {}
    for rx, t in _compiled():
        m = rx.match(s)
        if m is not None:
            got = m.groupdict()
            if t in GUARDED and any(_(got[k]) == got[k] for k in GUARDED[t]):
                continue
            return t, got
    return None


def _one(s: str, depth: int = 0) -> str | None:
    """``s`` translated by a pattern or as a whole catalogue entry, or None."""
    whole = _(s)
    if whole != s:
        return whole
    got = which(s)
    if got is None:
        return None
    t, blanks = got
    return _f(t, **{k: _blank(v, depth) for k, v in blanks.items()})


def translated(text: str) -> str:
    """An engine sentence in the current language (unchanged in English, or when no pattern
    matches). A trailing rule ID in brackets is kept as it is."""
    if not text or language() == "en":
        return text
    body, tail = text, ""
    m = _RULE_TAIL.search(text)
    if m is not None:  # "(R-...)" after a sentence, "  [R-...]" after an animation caption
        body, tail = text[: m.start()], text[m.start():]
    got = _one(body)
    return (got if got is not None else body) + tail


__all__ = ["GUARDED", "TEMPLATES", "translated", "which"]
