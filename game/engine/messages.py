"""Message ids and typed parameters: what an event or a prompt says, without any language.

The engine never writes a sentence. It emits a message id (``"move.to"``) and parameters
(issue 23 item 1); the catalogues under ``game/i18n/locale/<lang>/LC_MESSAGES/messages.po``
(English is one of them, like Japanese) give the sentence, and
:func:`game.i18n.messages.render` puts the two together in a language.

Parameters are plain JSON values: numbers and strings that are data (a die face, a count,
a rule ID), or *references* that name something a language renders itself:

========== ===================================================== ================================
ref ``t``  keys                                                   rendered as
========== ===================================================== ================================
char       ``id`` (survivor id), ``name`` (content name)          the survivor's name
enemy      ``id`` (model uid), ``type``, ``name``                 the enemy type's name
item       ``id`` (card uid or definition), ``name``              the item's name
card       ``id`` (card definition), ``name``                     a tension/behaviour/event card
sq         ``xy`` ([x, y]), ``room`` (tile name or None)          the room ("the Storeroom"),
                                                                  else "(x, y)"
room       ``id`` (tile id), ``name``                             the room's name
text       ``v`` (a content text: a card line, a story)           the text in the language
faces      ``v`` (die faces: BLANK, HIT, HIT_PLUS, CRIT)          "[hit, blank]"
msg        ``id``, ``params``                                     a nested message
list       ``v`` (references or values)                           joined (", " / "、")
========== ===================================================== ================================

``name`` is the content's own name (data read from the content files, not a sentence of the
engine): it lets a log line be rendered without the content at hand (a replayed save). The
counting parameter of a message with plural forms is ``n``.

A content text's stable key (issue 23 item 1): every name and text read from a content file is a
:class:`Keyed` string carrying ``key``, the text's place in the content data
(``"city.items.knife.name"``, ``"brief.intro.goal"``; :mod:`game.content.keys` gives them at load
time). :meth:`Machine.emit <game.engine.machine.Machine.emit>` and the prompts write it into each
reference as ``k`` (a ``sq``'s room as ``rk``) by :func:`keyed`, so a save, a replay and the log
keep it; the UI looks the text up in the content catalogue by that key, never by its English.
"""
from __future__ import annotations

from typing import Any, Iterable

Ref = dict[str, Any]


class Keyed(str):
    """A text read from a content file, with its stable catalogue key ``key`` (a str in every other
    respect: equal to, hashed as and saved as its text). Immutable: copying gives itself."""

    key: str

    def __new__(cls, text: str, key: str) -> "Keyed":
        self = super().__new__(cls, text)
        self.key = key
        return self

    def __reduce__(self) -> tuple:
        return (Keyed, (str(self), self.key))

    def __copy__(self) -> "Keyed":
        return self

    def __deepcopy__(self, memo: dict) -> "Keyed":
        return self


def key_of(v: Any) -> str | None:
    """The stable key of content text ``v`` (a :class:`Keyed`), else None."""
    return v.key if isinstance(v, Keyed) else None


_NAMED = frozenset(("char", "enemy", "item", "card", "room"))


def keyed(v: Any) -> Any:
    """``v`` (a message's parameters, a reference, a value) with the stable key of every content text
    written into its reference (``k``; a square's room: ``rk``) and the text itself a plain str; a
    bare content text becomes a ``text`` reference. Other values come back as they are (the same
    object when nothing changes, so a parameter set without content texts costs one walk)."""
    if type(v) is Keyed:
        return {"t": "text", "v": str(v), "k": v.key}
    if isinstance(v, dict):
        t = v.get("t")
        if t is None or not isinstance(t, str):
            out = None
            for k, x in v.items():
                tx = type(x)
                if tx is int or tx is str or x is None:  # (a plain value: nothing to write; a Keyed is not a str by type)
                    continue
                if tx is dict and x.get("t") in _NAMED and type(x.get("name")) is not Keyed:
                    continue  # (a name reference with its key written already, or with a plain name: as it is)
                y = keyed(x)
                if y is not x:
                    if out is None:
                        out = dict(v)
                    out[k] = y
            return v if out is None else out
        if t == "text":
            x = v.get("v")
            return {**v, "v": str(x), "k": x.key} if type(x) is Keyed else v
        if t in _NAMED:
            x = v.get("name")
            return {**v, "name": str(x), "k": x.key} if type(x) is Keyed else v
        if t == "sq":
            x = v.get("room")
            return {**v, "room": str(x), "rk": x.key} if type(x) is Keyed else v
        if t == "msg":
            p = v.get("params")
            q = keyed(p) if p else p
            return v if q is p else {**v, "params": q}
        if t == "list":
            xs = v.get("v") or []
            ys = [keyed(x) for x in xs]
            return v if all(x is y for x, y in zip(xs, ys)) else {**v, "v": ys}
        return v
    if isinstance(v, list):
        ys = [keyed(x) for x in v]
        return v if all(x is y for x, y in zip(v, ys)) else ys
    return v


def is_id(msg: str) -> bool:
    """True if ``msg`` is a message id (``"move.to"``: dotted, no spaces) rather than a sentence
    (events of code not converted yet carry English text; issue 23 transition)."""
    return " " not in msg and "." in msg and not msg.endswith(".")


def char(cid: str, name: str) -> Ref:
    """A survivor: ``{"t": "char", "id": cid, "name": name}``."""
    return {"t": "char", "id": cid, "name": name}


def enemy(uid: str | None, typ: str | None, name: str) -> Ref:
    """An enemy model (``uid`` may be None for a type only): its type's name is shown."""
    return {"t": "enemy", "id": uid, "type": typ, "name": name}


def item(uid: str | None, name: str) -> Ref:
    """An item card (``uid`` the card instance or definition id)."""
    return {"t": "item", "id": uid, "name": name}


def card(cid: str | None, name: str) -> Ref:
    """A tension, behaviour, narrative, event or encounter card."""
    return {"t": "card", "id": cid, "name": name}


def square(xy: Iterable[int] | None, room: str | None = None) -> Ref:
    """A square ``[x, y]`` and the name of the room (tile) it lies in, if any."""
    return {"t": "sq", "xy": list(xy) if xy is not None else None, "room": room}


def room(tid: str | None, name: str) -> Ref:
    """A room (tile) of the board by id and name."""
    return {"t": "room", "id": tid, "name": name}


def text(v: str) -> Ref:
    """A content text (a card's line, a story, a special rule) shown in the player's language; its
    stable key as ``k`` when ``v`` is :class:`Keyed`."""
    return keyed({"t": "text", "v": v})


def marker(mid: str) -> Ref:
    """A scenario's objective marker (R-SCEN-4) by its id in the brief (``"shutter_up"``): a content
    text with the stable key ``marker.<id>``, its English the id with spaces."""
    return {"t": "text", "v": mid.replace("_", " "), "k": f"marker.{mid}"}


def faces(v: Iterable[str]) -> Ref:
    """Die faces as rolled."""
    return {"t": "faces", "v": list(v)}


def msg(mid: str, **params: Any) -> Ref:
    """A nested message (a reason inside a sentence)."""
    return {"t": "msg", "id": mid, "params": params}


def english(ref: Ref) -> str:
    """The English words of reference ``ref`` (a nested message through the English catalogue, a
    content text as it stands), for the English fields a state keeps beside a reference for logs and
    tools (``result_reason``, ``core.fail``). No screen shows them: the UI words the reference."""
    if ref.get("t") == "text":
        return str(ref.get("v", ""))
    from ..i18n.messages import value  # (the catalogue reader: no pygame, no state)

    return value(ref, "en")


def listing(v: Iterable[Any]) -> Ref:
    """Several references or values shown as one list."""
    return {"t": "list", "v": list(v)}


__all__ = ["Ref", "Keyed", "key_of", "keyed", "marker", "is_id", "char", "enemy", "item", "card", "square", "room", "text", "faces", "msg", "listing", "english"]
