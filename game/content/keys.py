"""Stable keys for content texts (issue 23 item 1): every name and text a player reads from a
content file is looked up in the content catalogue by its place in the content data, never by its
English words.

At load time :func:`give_keys` walks a pack's definitions and replaces each text field (``name``,
``text``, ``story``, ``label`` ... see :data:`TEXT_FIELDS`) with a
:class:`~game.engine.messages.Keyed` string whose ``key`` is the path to it:
``<pack>.<table>.<id>.<field>``, a nested definition adding its field and its id or list index
(``city.narrative.lost_child.options.0.label``), a brief ``brief.<id>.<field>`` (city and manor
brief ids are unique together: game.content.city_pack refuses a clash), a room of a Tiled map
``map.<map file>.<tile id>.name`` (:func:`room_key`, given by the map reader). A text that already has a
key keeps it (the manor reuses the city's items and enemies, and their translations with them).

The key is stable while the content file keeps its ids and its list order; the English words may
change (``tools.i18n`` then marks the translation stale, since it keeps the English beside each key).
The content catalogue is ``game/i18n/locale/<lang>/LC_MESSAGES/content.po`` (msgid: the key);
English is the content file itself. ``python -m tools.i18n`` writes it; a test fails on any
content text without a key or a translation.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..engine.messages import Keyed

#: field names whose text a player reads (names, card texts, stories, labels, rules in words)
TEXT_FIELDS = frozenset({"name", "text", "story", "label", "background", "special_name", "special_text", "goal",
                         "description", "objective_text", "title", "caption", "rule_text"})
#: more text fields of one definition class (elsewhere the same field name holds an id or a model)
MORE_FIELDS = {"MissionDef": frozenset({"special"}), "BehaviourLine": frozenset({"special"})}
MAX_DEPTH = 12  # content definitions nest a few levels deep; a deeper walk is a loop


def _set(obj: Any, field: str, value: Any) -> None:
    """Write ``value`` into a (frozen) pydantic model or a plain object's field, bypassing validation:
    the value is the same text."""
    d = getattr(obj, "__dict__", None)
    if d is not None and field in d:
        d[field] = value
    else:
        object.__setattr__(obj, field, value)


def key_text(text: Any, key: str) -> Any:
    """``text`` as a :class:`Keyed` string with ``key`` (a text that has a key already keeps its own;
    anything not a non-empty str comes back as it is)."""
    if not isinstance(text, str) or not text or isinstance(text, Keyed):
        return text
    return Keyed(text, key)


def room_key(map_file: str, tile_id: str) -> str:
    """The stable key of the name of tile ``tile_id`` of the Tiled map ``map_file`` (as the map
    reader names it, ``maps/manor/m_gh.tmx``): ``map.manor.m_gh.<tile id>.name``; a .tmx and a .tmj
    of one map share their keys."""
    path = str(map_file).replace("\\", "/")
    if path.startswith("maps/"):
        path = path[len("maps/"):]
    stem = path.rsplit(".", 1)[0] if path.endswith((".tmx", ".tmj", ".json")) else path
    return f"map.{stem.replace('/', '.')}.{tile_id}.name"


def give_keys(obj: Any, prefix: str, _depth: int = 0) -> Any:
    """Give every text field under ``obj`` its stable key below ``prefix`` (in place; returns
    ``obj``). ``obj``: a pydantic model, a dataclass instance, a dict (its keys are ids) or a list
    (its items keyed by index). Strings that are not text fields (ids, kinds) are left alone."""
    if _depth > MAX_DEPTH or obj is None:
        return obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(k, str) or isinstance(k, int):
                give_keys(v, f"{prefix}.{k}", _depth + 1)
        return obj
    if isinstance(obj, (list, tuple)):
        ids = [getattr(v, "id", None) for v in obj]  # items with ids are keyed by id, else by their place
        by_id = all(isinstance(x, str) and x for x in ids) and len(set(ids)) == len(ids)
        for i, v in enumerate(obj):
            give_keys(v, f"{prefix}.{ids[i] if by_id else i}", _depth + 1)
        return obj
    if isinstance(obj, BaseModel):
        fields = type(obj).model_fields
    elif hasattr(obj, "__dataclass_fields__"):
        fields = obj.__dataclass_fields__
    else:
        return obj
    more = MORE_FIELDS.get(type(obj).__name__, ())
    for name in fields:
        v = getattr(obj, name, None)
        if isinstance(v, str):
            if (name in TEXT_FIELDS or name in more) and not isinstance(v, Keyed) and v:
                _set(obj, name, Keyed(v, f"{prefix}.{name}"))
        elif isinstance(v, (BaseModel, dict, list, tuple)) or hasattr(v, "__dataclass_fields__"):
            give_keys(v, f"{prefix}.{name}", _depth + 1)
    return obj


def keyed_texts(obj: Any, _depth: int = 0, _out: dict | None = None) -> dict[str, str]:
    """{key: English text} of every keyed text under ``obj`` (what :func:`give_keys` gave), for the
    catalogue tool and the tests."""
    out: dict[str, str] = {} if _out is None else _out
    if _depth > MAX_DEPTH or obj is None:
        return out
    if isinstance(obj, Keyed):
        out.setdefault(obj.key, str(obj))
        return out
    if isinstance(obj, dict):
        for v in obj.values():
            keyed_texts(v, _depth + 1, out)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            keyed_texts(v, _depth + 1, out)
    elif isinstance(obj, BaseModel) or hasattr(obj, "__dataclass_fields__"):
        fields = type(obj).model_fields if isinstance(obj, BaseModel) else obj.__dataclass_fields__
        for name in fields:
            keyed_texts(getattr(obj, name, None), _depth + 1, out)
    return out


__all__ = ["TEXT_FIELDS", "give_keys", "key_text", "keyed_texts", "room_key"]
