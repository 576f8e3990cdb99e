"""Log lines in the player's language. The engine writes its log in English (``Event.text``); for the
events players meet most, this module keeps a message id and its blanks (names as message ids too), so
the line can be shown in Japanese, also after a language switch. Other events stay in English.
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine import Event
from ..i18n import N_, _, _f, language
from ..engine.query import Game, View

FACE = {"BLANK": N_("blank"), "HIT": N_("hit"), "HIT_PLUS": N_("hit+"), "CRIT": N_("critical")}


def _char(state: Game, cid: Any) -> str:
    try:
        return View.of(state).scenario.content.characters[cid].name
    except (KeyError, AttributeError):
        return str(cid)


def _enemy(state: Game, uid: Any, typ: Any = None) -> str:
    e = View.of(state).enemy(uid) if uid else None
    t = e.type if e is not None else typ
    d = View.of(state).scenario.content.enemies.get(t) if t else None
    return d.name if d is not None else str(t or uid)


def _item(state: Game, uid: Any) -> str:
    try:
        c = View.of(state).card(uid)
        return View.of(state).scenario.content.items[c.defn].name
    except (KeyError, AttributeError):
        return str(uid)


def _place(state: Game, sq: Any) -> str:
    try:
        return View.of(state).scenario.board.tile_of(tuple(sq)).name
    except (KeyError, TypeError, AttributeError):
        return str(sq)


def _faces(faces: list) -> str:
    return "[" + ", ".join(FACE.get(f, str(f)) for f in faces) + "]"


def message(state: Game, e: Event) -> tuple[str, dict] | None:
    """(message id, blanks) for event ``e`` just applied to ``state``, or None (keep the English text).
    Blanks that are names are message ids themselves; faces are translated word by word."""
    d = e.data
    k = e.kind
    try:
        if k == "move" and "char" in d:
            return N_("{char} moves to {place}."), {"char": _char(state, d["char"]), "place": _place(state, d["to"])}
        if k == "enemy_move" and "enemy" in d and d.get("target"):
            return N_("The {enemy} moves toward {target}."), {"enemy": _enemy(state, d["enemy"]),
                                                              "target": _char(state, d.get("target"))}
        if k == "attack" and "char" in d and d.get("faces") is not None:
            return N_("{char} attacks the {enemy} with the {weapon}: {faces} → {result}."), {
                "char": _char(state, d["char"]), "enemy": _enemy(state, d.get("enemy")),
                "weapon": _item(state, d.get("weapon")), "faces": ("faces", d["faces"]),
                "result": N_("a hit") if d.get("hit") else N_("a miss")}
        if k == "evade" and "char" in d and "faces" in d:
            return N_("The {enemy} attacks {char}: evade roll, difficulty {tier}: {faces} → {result}."), {
                "enemy": _enemy(state, d.get("enemy")), "char": _char(state, d["char"]), "tier": d.get("tier", 1),
                "faces": ("faces", d["faces"]), "result": N_("evaded!") if d.get("success") else N_("hit.")}
        if k == "turn" and "char" in d and "turn" in d:
            return N_("Turn {turn}: {char} (player {seat})."), {"turn": d["turn"], "char": _char(state, d["char"]),
                                                                "seat": int(d.get("seat", 0)) + 1}
        if k == "phase" and "reacting" in d:
            return N_("Reaction phase: {n} enemies react."), {"n": len(d["reacting"])}
        if k == "push" and "char" in d and "to" in d:  # the room, not '(6, 9)' (issue 11)
            return N_("{char} is pushed to {square}."), {"char": _char(state, d["char"]), "square": _place(state, d["to"])}
        if k == "push" and "enemy" in d:
            return N_("The {enemy} is pushed."), {"enemy": _enemy(state, d["enemy"])}
        if k == "killed" and "enemy" in d:
            return N_("The {enemy} is killed."), {"enemy": _enemy(state, d["enemy"], d.get("type"))}
        if k == "search" and "char" in d and "card" in d:
            return N_("{char} searches and finds: {item}."), {"char": _char(state, d["char"]),
                                                             "item": _item(state, d["card"])}
        if k == "door" and "open" in d:
            return (N_("The door is opened.") if d["open"] else N_("The door is closed.")), {}
        if k == "damage" and "char" in d:
            return N_("{char} suffers {n} damage: {health}."), {
                "char": _char(state, d["char"]), "n": d.get("n", 1),
                "health": View.of(state).scenario and _health(d.get("health"))}
        if k == "exit" and "char" in d:
            return N_("{char} leaves through the exit."), {"char": _char(state, d["char"])}
        if k == "spawn" and "type" in d:
            return N_("A {enemy} appears."), {"enemy": _enemy(state, None, d["type"])}
        if k == "tension" and "card" in d:
            return N_("Tension card: {card}."), {"card": _tension(state, d)}
    except (KeyError, TypeError, ValueError):
        return None
    return None


def _health(step: Any) -> str:
    from ..engine import View

    try:
        return View.health_steps()[int(step) - 1][1]
    except (IndexError, TypeError, ValueError):
        return str(step)


def _tension(state: Game, d: dict) -> str:
    try:
        return View.of(state).scenario.content.tension[d["defn"]].name
    except (KeyError, AttributeError):
        return str(d.get("card"))


def repeated(e: Event) -> bool:
    """An engine line that only repeats the one before it: "Mission Supply Run ends (completed)." right
    after "Mission complete: Supply Run." (M-MISSION-4, M-MISSION-9; play4 read it as a duplicate). The
    log and the mission card leave it out; "ends (abandoned)" and "ends (killed)" are kept."""
    return e.kind == "mission" and e.data.get("step") == "completed"


def shown(text: str, msg: "tuple[str, dict] | Callable[[], str] | None") -> str:
    """The log line in the current language: the engine's English text, or the translated message
    (``msg`` a (message id, blanks) pair, or a function that writes the line in the current language)."""
    if language() == "en":
        return text
    if callable(msg):  # a line the screen wrote itself, drawn again in the language of the moment
        return msg()
    if msg is None:  # a line the log keeps no message for: the engine sentence's pattern (game.ui.sentences)
        from .sentences import translated

        return translated(text)
    mid, blanks = msg
    kw = {}
    for k, v in blanks.items():
        if isinstance(v, tuple) and v and v[0] == "faces":
            kw[k] = "[" + ", ".join(_(FACE.get(f, str(f))) for f in v[1]) + "]"
        elif isinstance(v, str):
            kw[k] = _(v)
        else:
            kw[k] = v
    return _f(mid, **kw)
