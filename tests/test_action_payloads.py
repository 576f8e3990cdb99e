"""Typed action payloads (issue 23 item 4): each action kind carries the fields it declares, with
their types, instead of seven fixed fields; records, saves and the interning of shared actions
keep working for every kind."""
from __future__ import annotations

import pickle

import pytest
from pydantic import TypeAdapter, ValidationError

from game.engine.actions import (COMMON_PAYLOAD, Action, ActionKind, action_payload, make_action, make_typed, payload_of,
                                 shared_action)
from game.engine.api import _is_legal, describe_action
from game.engine.state import Pending

action_payload("t_bid", cp=int)
action_payload("t_face", facing=str, to=tuple, secret=bool)


def test_a_kind_declares_its_own_payload_and_reads_unset_fields_as_none():
    a = Action(kind="t_bid", cp=3)
    assert a.cp == 3 and a.to is None and a.facing is None
    assert a.short() == {"kind": "t_bid", "cp": 3} and a.payload == {"cp": 3}
    assert payload_of("t_bid") == {"cp": int} and payload_of("move") == {"to": tuple}


def test_a_field_the_kind_does_not_have_or_a_wrong_type_is_refused_naming_both():
    with pytest.raises(ValueError, match="action kind 't_bid' has no field 'to'"):
        Action(kind="t_bid", cp=1, to=(1, 1))
    with pytest.raises(ValueError, match="action kind 't_bid': field 'cp' must be int, not '2'"):
        Action(kind="t_bid", cp="2")
    with pytest.raises(ValueError, match="field 'cp' must be int"):
        Action(kind="t_bid", cp=True)  # a bool is not a count
    with pytest.raises(ValueError, match="must be a square"):
        Action(kind="move", to=(1, 2, 3))
    with pytest.raises(ValueError, match="has no field 'cp'"):
        Action(kind="move", cp=1)  # the city's kinds keep their own vocabulary


def test_declaring_another_payload_for_a_kind_or_a_bad_field_is_refused():
    assert action_payload("t_bid", cp=int) == {"cp": int}  # the same again: fine
    with pytest.raises(ValueError, match="already has the payload"):
        action_payload("t_bid", cp=str)
    with pytest.raises(ValueError, match="cannot be a payload field name"):
        action_payload("t_odd", short=int)
    with pytest.raises(ValueError, match="payload types are"):
        action_payload("t_odd", cp=float)


def test_values_from_json_and_enum_kinds_are_taken_as_their_types():
    a = Action(kind="t_face", to=[2, 3], facing="N", secret=False)
    assert a.to == (2, 3) and type(a.to) is tuple
    assert a.short() == {"kind": "t_face", "facing": "N", "to": (2, 3), "secret": False}  # declared order
    k = Action(kind=ActionKind.PASS)
    assert type(k.kind) is str and k == Action(kind="pass")


def test_equal_payloads_are_equal_actions_whatever_order_they_were_given_in():
    a = Action(kind="attack", n=2, item="pistol", target="e1")
    b = Action(kind="attack", target="e1", item="pistol", n=2)
    assert a == b and hash(a) == hash(b) and a.short() == b.short()
    assert list(a.short()) == ["kind", "target", "item", "n"]  # records keep the old key order
    assert a != Action(kind="attack", target="e1", item="pistol", n=1)


def test_shared_actions_are_interned_for_declared_payloads_too():
    a = make_typed("t_bid", cp=4)
    assert make_typed("t_bid", cp=4) is a and shared_action(Action(kind="t_bid", cp=4)) is a
    rebuilt = Action(**a.short())  # from a record
    assert rebuilt is not a and _is_legal(rebuilt, [make_typed("t_bid", cp=1), a])
    assert not _is_legal(Action(kind="t_bid", cp=5), [a])


def test_actions_are_frozen_and_copy_or_pickle_as_values():
    a = make_typed("t_bid", cp=2)
    with pytest.raises(TypeError, match="frozen"):
        a.cp = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a


def test_pending_decisions_save_their_options_by_payload_and_load_old_saves_with_nulls():
    ad = TypeAdapter(Pending)
    p = Pending(kind="bid", seat=1, options=[make_typed("t_bid", cp=0), make_action("move", to=(1, 2))])
    js = ad.dump_json(p)
    assert b'"options":[{"kind":"t_bid","cp":0},{"kind":"move","to":[1,2]}]' in js
    assert ad.validate_json(js) == p
    old = (b'{"kind":"act","seat":0,"options":[{"kind":"move","to":[1,2],"target":null,"item":null,'
           b'"item2":null,"n":null,"edge":null}]}')  # a save written when actions had seven fields
    assert ad.validate_json(old).options == [Action(kind="move", to=(1, 2))]
    with pytest.raises(ValidationError, match="has no field 'bogus'"):
        ad.validate_json(b'{"kind":"act","seat":0,"options":[{"kind":"move","bogus":1}]}')


def test_describe_action_names_the_payload_fields_of_any_kind():
    assert describe_action(make_typed("t_bid", cp=2)) == "t_bid cp=2"
    assert describe_action(make_action("move", to=(1, 2))) == "move to=(1, 2)"


def test_issue23_the_city_manor_and_campaign_kinds_declare_their_payloads_in_the_records_order():
    """Issue 23 item 4: every action kind of the city, the manor and their campaigns declares its own
    payload (game/engine/core/payloads.py), fields in the common vocabulary's order so records and saves
    read as before; a field its kind does not have is refused, naming both."""
    from game.engine.actions import ActionKind

    for k in ActionKind:
        if k in (ActionKind.ACTIVATE, ActionKind.PASS):  # (the toys' free vocabulary)
            assert payload_of(k) == COMMON_PAYLOAD
            continue
        fields = payload_of(k)
        assert fields is not COMMON_PAYLOAD and set(fields) <= set(COMMON_PAYLOAD), k
        assert list(fields) == [f for f in COMMON_PAYLOAD if f in fields], k  # the records' order
        assert all(fields[f] is COMMON_PAYLOAD[f] for f in fields), k
    with pytest.raises(ValueError, match="action kind 'attack' has no field 'edge'"):
        Action(kind="attack", target="e1", item="w", edge="0,0|0,1")
    with pytest.raises(ValueError, match="action kind 'door' has no field 'to'"):
        Action(kind="door", edge="0,0|0,1", to=(0, 1))
    assert Action(kind="choose", target="DT1", item="C:key").short() == {"kind": "choose", "target": "DT1", "item": "C:key"}
