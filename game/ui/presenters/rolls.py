"""Events to dice rows: every die roll in a batch of events with its faces and what it meant
(DV-1, R-EVADE, R-ATK-4), in the player's language; a mode whose exploration draws a card instead
of rolling says so through its kit (``explore_die``).

A row keeps the event it came from and the few facts of the game it needs (the weapon's rows, the
explored tile's colour), so when the language is switched in mid-game the panel words its rows
again (:meth:`game.ui.playui.Roll.now`; issue 25 retest: rows rolled in Japanese showed as empty
boxes after a switch to English, and rows rolled in English stayed English in Japanese)."""
from __future__ import annotations

from functools import partial

from ...engine import Event
from ...engine.query import Game, View
from ...i18n import _, _f, language as i18n_language
from ...i18n.messages import render, value
from .. import theme as T
from ..modes import kit_for
from ..playui import Roll
from ..words import colour_word, OFFERED, offered


#: the title of a die roll's row by the event's message id (issue 23: from its parameters, not its text)
ROLL_TITLES = {"evade.roll": "roll.attacks", "boss.tremor_ok": "roll.tremor", "boss.tremor_falls": "roll.tremor",
               "attack.roll": "roll.attack", "attack.rapid": "roll.attack_rapid", "attack.barrel": "roll.barrel"}

Words = tuple[str, str, str]  # (title, meaning, the title's short form or '')


def say(mid: str, params: dict) -> str:
    """Message ``mid`` of the message catalogues with ``params``, in the current language."""
    return render(mid, params or {}, i18n_language())


def say_value(v) -> str:
    """One message parameter (a reference, a list, a nested message) in the current language."""
    return value(v, i18n_language())


def mark_reroll_offer(state: Game, events: list[Event]) -> list[Event]:
    """``events`` with the failed evade roll a re-roll offer waits on (DV-8 Quick Reflexes, R-EVADE-7)
    told as not decided yet: a copy whose outcome is :data:`OFFERED` ("not evaded yet: a re-roll is
    offered") instead of "not evaded: the attack lands". That roll is the last roll in ``events`` when
    it is a failed evade and the game now waits for a ``reroll`` decision; the engine decides who may
    re-roll, this only reads that it asks. The log, the caption, the dice panel and the behaviour card
    all read the copy (session-36 retest m24: while the offer stood they said "Not evaded: Zombie Dog 1
    hits Vera Castellan" / "Vera is hit", and the re-roll then evaded)."""
    p = View.of(state).pending
    if p is None or p.kind != "reroll":
        return events
    i = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind in ("evade", "attack", "reroll")), None)
    e = events[i] if i is not None else None
    if e is None or e.kind != "evade" or e.data.get("success") or not isinstance(e.params.get("result"), dict):
        return events
    copy = Event(e.kind, e.rule, "", e.data, e.audience, e.msg, {**e.params, "result": {"t": "msg", "id": OFFERED}})
    return events[:i] + [copy] + events[i + 1:]


def reroll_declined(state: Game, rolls: list[Roll]) -> None:
    """The re-roll offer :func:`mark_reroll_offer` told was declined: the offered roll's dice row in
    ``rolls`` (changed in place) now says the attack lands (its "not evaded yet" stayed on the panel)."""
    for i in range(len(rolls) - 1, -1, -1):
        e = rolls[i].event
        if rolls[i].kind == "evade" and e is not None and offered(e):
            hit = Event(e.kind, e.rule, "", e.data, e.audience, e.msg, {**e.params, "result": {"t": "msg", "id": "evade.hit"}})
            rolls[i] = rolls_from_events(state, [hit])[0]
            return


def _evade(e: Event) -> Words:
    d = e.data
    tier = int(d.get("tier", 1))
    extra = int(d.get("extra", 0))
    why = (" " + (_f("(+{n} extra enemy)", n=extra) if extra == 1 else _f("(+{n} extra enemies)", n=extra))
           if extra else "")
    mid = ROLL_TITLES.get(e.msg, "roll.attacks")
    return (_f("{who}: evade roll", who=say(mid, e.params)),
            _f("Tier {n}", n=tier) + f"{why}: {_(T.TIER_NEEDS.get(tier, ''))} — "
            + (_("Evaded.") if d.get("success") else _not_evaded(e)),
            _f("{who}: evade roll", who=say("short|" + mid, e.params)))


def _not_evaded(e: Event) -> str:
    """The failed evade's outcome by message id (issue 25 retest finding 4: "— hit." read like the
    die face "hit"): "Not evaded: Zombie 3 hits Vera Castellan."; with a re-roll offered (DV-8) not
    yet the hit: "Not evaded yet: Vera Castellan may re-roll one die." """
    p = e.params or {}
    if offered(e) and p.get("char") is not None:
        return _f("Not evaded yet: {char} may re-roll one die.", char=say_value(p["char"]))
    if p.get("attacker") is not None and p.get("char") is not None:
        return _f("Not evaded: {attacker} hits {char}.", attacker=say_value(p["attacker"]), char=say_value(p["char"]))
    return _("Not evaded: the attack lands.")


def _reroll(e: Event) -> Words:
    return _("Quick Reflexes re-roll"), _("Evaded.") if e.data.get("success") else _("Still not evaded: the attack lands."), ""


def _attack(e: Event, row: tuple[int, bool, bool] | None) -> Words:
    """``row``: (damage, push, burst) of the weapon's row for the best face, None if unknown."""
    d = e.data
    best = d.get("best", "BLANK")
    face = _(T.FACE_WORDS.get(best, best))
    meaning = _("no hit symbol — miss.")
    if d.get("hit"):
        if row is None:
            meaning = _f("best {face}.", face=face)
        else:
            damage, push, burst = row
            bits = ([_f("{n} damage", n=damage)] if damage else []) + ([_("push")] if push else []) \
                + ([_("burst")] if burst else [])
            meaning = _f("best {face} → {what}.", face=face, what=" + ".join(bits) or _("no effect"))
    if d.get("ammo") is not None:
        meaning += " " + _f("Ammo left {n}.", n=d.get("ammo"))
    mid = ROLL_TITLES.get(e.msg, "roll.attack")
    return say(mid, e.params), meaning, say("short|" + mid, e.params)


def _explore(e: Event, colour: str) -> Words:
    d = e.data
    what = say_value(e.params.get("what", ""))
    got = (_f("{what} appears", what=what) if len(d.get("spawn") or []) == 1 else
           _f("{what} appear", what=what)) if d.get("spawn") else _("nothing appears")
    return (say("roll.explores", e.params),
            _f("{colour} table, {n}: {got}.", colour=colour_word(colour).capitalize(), n=d.get("roll"), got=got),
            say("short|roll.explores", e.params))


def _corpse(e: Event) -> Words:
    return _("Corpse check"), _("Hazard — the dead rise!") if e.data.get("hazard") else _("No hazard — nothing stirs."), ""


def _row(state: Game, d: dict) -> tuple[int, bool, bool] | None:
    """(damage, push, burst) of the attacking weapon's row for the roll's best face (R-ATK-4)."""
    try:
        w = View.of(state).item(d["weapon"]).weapon
        r = {"HIT": w.hit, "HIT_PLUS": w.hit_plus, "CRIT": w.crit}[d.get("best", "BLANK")]
        return r.damage, bool(r.push), bool(r.burst)
    except (KeyError, AttributeError):
        return None


def rolls_from_events(state: Game, events: list[Event]) -> list[Roll]:
    """Every die roll in ``events`` with faces and meaning (DV-1, R-EVADE, R-ATK-4), worded in the
    current language and again in another one after a switch (:meth:`Roll.now`)."""
    out: list[Roll] = []
    lang = i18n_language()
    for e in events:
        d = e.data
        faces = list(d.get("faces", []))
        if e.kind == "evade":
            kind, dice, ok, words = "evade", ["blue"] * len(faces), bool(d.get("success")), partial(_evade, e)
        elif e.kind == "reroll":
            kind, dice, ok, words = "reroll", ["blue"] * len(faces), bool(d.get("success")), partial(_reroll, e)
        elif e.kind == "attack" and faces:
            kind, dice, ok = "attack", list(d.get("dice", [])), bool(d.get("hit"))
            words = partial(_attack, e, _row(state, d) if ok else None)
        elif e.kind == "explore" and kit_for(state).explore_die(e):  # not when the mode draws a card instead
            tile = View.of(state).scenario.board.tiles.get(d.get("tile") or "")
            kind, dice, faces, ok = "explore", ["enc"], [str(d.get("roll", "?"))], None
            words = partial(_explore, e, tile.colour.value if tile is not None else "")
        elif e.kind == "corpse":
            kind, dice, faces, ok = "corpse", ["enc"], [str(d.get("roll", "?"))], not d.get("hazard")
            words = partial(_corpse, e)
        else:
            continue
        title, meaning, short = words()
        out.append(Roll(kind, dice, faces, title, meaning, ok, e.rule, short, words, lang, e))
    return out
